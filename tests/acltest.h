/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers for the black-box runtime tests (tests/runtime, device, stream,
 * task, event, host, memory, kernel, model, ipc, compat, stress): a misuse
 * check that also demands an error message, clocks, and a few device kernels
 * (counters, sleeps, gates, an ordered log).
 *
 * Kernels never call exit(): a worker thread exiting the process can hang in
 * the library's teardown. They record the first problem with KFAIL() and the
 * main thread checks CHECK_NO_KFAIL() after synchronising.
 */
#ifndef CPUACL_TESTS_ACLTEST_H
#define CPUACL_TESTS_ACLTEST_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "testutil.h"

/* Expect `call` to fail with exactly `want`, to leave a non-empty message for
 * aclGetRecentErrMsg() and to set the thread's last error (docs/runtime.md, Conventions: every
 * failing call does both). Reads and so clears both. */
#define CHECK_ERR(want, call)                                                                      \
    do {                                                                                           \
        aclError got_ = (call);                                                                    \
        aclError last_ = aclrtGetLastError(ACL_RT_THREAD_LEVEL);                                   \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (aclError)(want)) {                                                            \
            fprintf(stderr, "%s:%d: %s returned %d, expected %d (%s)\n", __FILE__, __LINE__,       \
                    #call, (int)got_, (int)(want), m_ ? m_ : "no message");                        \
            exit(1);                                                                               \
        }                                                                                          \
        if (!m_ || !*m_) {                                                                         \
            fprintf(stderr, "%s:%d: %s returned %d but aclGetRecentErrMsg() is %s\n", __FILE__,    \
                    __LINE__, #call, (int)got_, m_ ? "empty" : "NULL");                            \
            exit(1);                                                                               \
        }                                                                                          \
        if (last_ != got_) {                                                                       \
            fprintf(stderr, "%s:%d: %s returned %d but aclrtGetLastError() gave %d\n", __FILE__,   \
                    __LINE__, #call, (int)got_, (int)last_);                                       \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* Expect one of two codes (used only where the docs leave the order of
 * two checks open; the report lists each such place). */
#define CHECK_ERR2(want1, want2, call)                                                             \
    do {                                                                                           \
        aclError got_ = (call);                                                                    \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (aclError)(want1) && got_ != (aclError)(want2)) {                              \
            fprintf(stderr, "%s:%d: %s returned %d, expected %d or %d (%s)\n", __FILE__, __LINE__, \
                    #call, (int)got_, (int)(want1), (int)(want2), m_ ? m_ : "no message");         \
            exit(1);                                                                               \
        }                                                                                          \
        if (!m_ || !*m_) {                                                                         \
            fprintf(stderr, "%s:%d: %s returned %d but aclGetRecentErrMsg() is NULL\n", __FILE__,  \
                    __LINE__, #call, (int)got_);                                                   \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* A handle value no runtime ever gave out. */
#define BAD_STREAM ((aclrtStream)(uintptr_t)0x1234)
#define BAD_EVENT ((aclrtEvent)(uintptr_t)0x1234)
#define BAD_CONTEXT ((aclrtContext)(uintptr_t)0x1234)

/* ---- failures seen inside kernels and callbacks ------------------------- */

static _Atomic int kt_failed __attribute__((unused));
static char kt_failmsg[256] __attribute__((unused));

#define KFAIL(...)                                                                                 \
    do {                                                                                           \
        if (atomic_exchange(&kt_failed, 1) == 0)                                                   \
            snprintf(kt_failmsg, sizeof kt_failmsg, __VA_ARGS__);                                  \
    } while (0)

#define CHECK_NO_KFAIL()                                                                           \
    do {                                                                                           \
        if (atomic_load(&kt_failed)) {                                                             \
            fprintf(stderr, "%s:%d: device-side check failed: %s\n", __FILE__, __LINE__,           \
                    kt_failmsg);                                                                   \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* ---- files -------------------------------------------------------------- */

/* Write text to dir/name (the test fails if it cannot) and return the path,
 * valid until four more calls. */
static inline const char *write_test_file(const char *dir, const char *name, const char *text)
{
    static char path[4][256];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    CHECK(f != NULL);
    fputs(text, f);
    fclose(f);
    return p;
}

/* ---- clocks ------------------------------------------------------------- */

static inline double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static inline void sleep_ms(double ms)
{
    long long ns = (long long)(ms * 1e6);
    struct timespec ts = {(time_t)(ns / 1000000000), (long)(ns % 1000000000)};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

/* ---- hashing ------------------------------------------------------------ */

/* splitmix64's finalizer: a well-mixed 64-bit hash of x (check words that a
 * kernel recomputes to catch corrupted or misrouted argument blocks). */
static inline uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* ---- kernels ------------------------------------------------------------ */

/* args: copied uint32_t milliseconds */
static inline int32_t kt_sleep(void *args)
{
    uint32_t ms;
    memcpy(&ms, args, sizeof ms);
    sleep_ms(ms);
    return 0;
}

/* A slow task: sleeps KT_MS(ms) milliseconds (its args), then sets
 * kt_slow_done; for checking that a call waited, or did not wait, for work
 * still running. */
#define KT_MS(ms) ((void *)(uintptr_t)(ms))
static _Atomic int kt_slow_done __attribute__((unused));
static inline int32_t kt_slow(void *args)
{
    sleep_ms((double)(uintptr_t)args);
    atomic_store(&kt_slow_done, 1);
    return 0;
}

/* A gate a kernel blocks on until the host opens it. The kernel gives up after
 * 30 s (and reports it) so that a broken runtime fails instead of hanging. */
struct kt_gate {
    _Atomic int open;
    _Atomic int entered; /* the kernel started waiting */
};

static inline int32_t kt_gate_wait(void *args)
{
    struct kt_gate *g = args;
    atomic_store(&g->entered, 1);
    double t0 = now_ms();
    while (!atomic_load_explicit(&g->open, memory_order_acquire)) {
        if (now_ms() - t0 > 30000) {
            KFAIL("gate kernel waited 30 s");
            return 0;
        }
        sleep_ms(0.1);
    }
    return 0;
}

static inline void gate_open(struct kt_gate *g)
{
    atomic_store_explicit(&g->open, 1, memory_order_release);
}

/* Open a gate from another thread after a delay. */
struct gate_timer {
    pthread_t th;
    struct kt_gate *g;
    double delay_ms;
};

static inline void *gate_timer_main(void *arg)
{
    struct gate_timer *t = arg;
    sleep_ms(t->delay_ms);
    gate_open(t->g);
    return NULL;
}

static inline void gate_open_later(struct gate_timer *t, struct kt_gate *g, double delay_ms)
{
    t->g = g;
    t->delay_ms = delay_ms;
    CHECK(pthread_create(&t->th, NULL, gate_timer_main, t) == 0);
}

static inline void gate_timer_join(struct gate_timer *t)
{
    pthread_join(t->th, NULL);
}

/* An ordered log kernels append to: shows in which order tasks ran. */
#define KT_LOG_MAX 4096
struct kt_log {
    _Atomic uint32_t n;
    _Atomic uint32_t v[KT_LOG_MAX];
};

struct kt_log_arg {
    struct kt_log *log;
    uint32_t value;
};

static inline int32_t kt_log_push(void *args)
{
    struct kt_log_arg a;
    memcpy(&a, args, sizeof a);
    uint32_t i = atomic_fetch_add(&a.log->n, 1);
    if (i < KT_LOG_MAX)
        atomic_store(&a.log->v[i], a.value);
    return 0;
}

static inline aclError launch_inc(aclrtStream s, _Atomic uint64_t *ctr)
{
    return cpuaclLaunchKernel(s, kt_inc, (void *)ctr);
}

static inline aclError launch_sleep(aclrtStream s, uint32_t ms)
{
    return cpuaclLaunchKernelArgs(s, kt_sleep, &ms, sizeof ms);
}

static inline aclError launch_gate(aclrtStream s, struct kt_gate *g)
{
    return cpuaclLaunchKernel(s, kt_gate_wait, g);
}

static inline aclError launch_log(aclrtStream s, struct kt_log *log, uint32_t value)
{
    struct kt_log_arg a = {log, value};
    return cpuaclLaunchKernelArgs(s, kt_log_push, &a, sizeof a);
}

/* Check the log holds exactly want[0..n). */
static inline bool log_equals(struct kt_log *log, const uint32_t *want, uint32_t n)
{
    uint32_t got = atomic_load(&log->n);
    bool ok = got == n;
    for (uint32_t i = 0; ok && i < n; i++)
        ok = atomic_load(&log->v[i]) == want[i];
    if (!ok) {
        fprintf(stderr, "log has %u entries:", got);
        for (uint32_t i = 0; i < got && i < 64; i++)
            fprintf(stderr, " %u", atomic_load(&log->v[i]));
        fprintf(stderr, "\nexpected %u:", n);
        for (uint32_t i = 0; i < n && i < 64; i++)
            fprintf(stderr, " %u", want[i]);
        fprintf(stderr, "\n");
    }
    return ok;
}

/* The loop of a thread subscribed to process callbacks or host functions:
 * once *go is set, process(20 ms) until *stop is set, counting the successes
 * in *ok; a code other than success or the timeout is a failure (`what`
 * names the call). */
static inline void process_until_stopped(aclError (*process)(int32_t), const char *what,
                                         _Atomic int *go, _Atomic int *stop, _Atomic uint64_t *ok)
{
    while (!atomic_load(go))
        sleep_ms(1);
    while (!atomic_load(stop)) {
        aclError r = process(20);
        if (r == ACL_SUCCESS)
            atomic_fetch_add(ok, 1);
        else if (r != ACL_ERROR_WAIT_CALLBACK_TIMEOUT)
            KFAIL("%s returned %d in the processing thread", what, (int)r);
    }
}

/* Wait (host side, bounded) until *flag becomes non-zero. */
static inline bool wait_flag(_Atomic int *flag, double timeout_ms)
{
    double t0 = now_ms();
    while (!atomic_load(flag)) {
        if (now_ms() - t0 > timeout_ms)
            return false;
        sleep_ms(0.2);
    }
    return true;
}

/* Create a stream placed on another worker than `other` (needs >= 2 workers,
 * e.g. CPUACL_WORKERS set before aclInit). Returns false if none was found. */
static inline bool stream_on_other_worker(aclrtStream *out, aclrtStream other)
{
    *out = NULL;
    uint32_t w0;
    CHECK_OK(cpuaclStreamGetWorker(other, &w0));
    aclrtStream tried[64];
    int n = 0;
    bool found = false;
    while (n < 64) {
        aclrtStream s;
        CHECK_OK(aclrtCreateStream(&s));
        uint32_t w;
        CHECK_OK(cpuaclStreamGetWorker(s, &w));
        if (w != w0) {
            *out = s;
            found = true;
            break;
        }
        tried[n++] = s;
    }
    for (int i = 0; i < n; i++)
        CHECK_OK(aclrtDestroyStream(tried[i]));
    return found;
}

#endif
