/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Race matrix (issue 11). For every object kind (context, stream, event,
 * model, task group, memory, report subscription) and every unordered pair
 * of operations among create, use, destroy, force-destroy, reset device, set
 * current and finalize (28 pairs, an operation paired with itself included),
 * two threads run the pair against one shared slot for a few iterations
 * with random small delays, for several rounds. Each round starts with
 * aclInit and ends with aclFinalize, so everything a round created is torn
 * down and the sanitizers see any leak or use after free.
 *
 * Checked: every call returns a code documented for it (lists below: the
 * success code, the invalid-handle/no-context/uninitialised codes a racing
 * teardown produces, and the state codes of the reference); nothing crashes
 * or hangs (the test's timeout; a SIGSEGV/SIGABRT/SIGALRM handler names the
 * cell). Size: 7 kinds x 28 pairs x ROUNDS x ITERS x 2 threads.
 */
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/error_codes/rt_error_codes.h"
#include "cpuacl/cpuacl.h"
#include "testutil.h"

enum kind { K_CTX, K_STREAM, K_EVENT, K_MODEL, K_TASKGRP, K_MEM, K_REPORT, NKINDS };
enum op { O_CREATE, O_USE, O_DESTROY, O_FORCE, O_RESET, O_SETCUR, O_FINALIZE, NOPS };
static const char *kind_name[NKINDS] = {"context", "stream", "event", "model",
                                        "taskgroup", "memory", "report"};
static const char *op_name[NOPS] = {"create", "use", "destroy", "force-destroy",
                                    "reset-device", "set-current", "finalize"};

/* The shared slot: the handle under race plus the objects it needs. */
static _Atomic(void *) g_obj;   /* context / stream / event / model / group / memory */
static _Atomic(void *) g_obj2;  /* the group's model; the subscription's stream */
static _Atomic(void *) g_home;  /* the round's explicit context */
static uint64_t g_main_tid;     /* the subscribed thread (never processes) */
static char g_cell[128];        /* for the crash handler */
static _Atomic uint64_t g_calls;

static void on_signal(int sig)
{
    char buf[200];
    int n = snprintf(buf, sizeof(buf), "race_matrix: signal %d in cell %s\n", sig, g_cell);
    if (write(2, buf, (size_t)n) < 0)
        _exit(1);
    _exit(1);
}

/* Fail unless rc is one of the listed codes (terminated by -1). */
static void expect(const char *call, aclError rc, ...)
{
    atomic_fetch_add_explicit(&g_calls, 1, memory_order_relaxed);
    va_list ap;
    va_start(ap, rc);
    for (int c = va_arg(ap, int); c != -1; c = va_arg(ap, int))
        if (rc == (aclError)c) {
            va_end(ap);
            return;
        }
    va_end(ap);
    const char *m = aclGetRecentErrMsg();
    fprintf(stderr, "race_matrix: cell %s: %s returned undocumented %d (%s)\n", g_cell, call,
            (int)rc, m ? m : "");
    exit(1);
}

/* Codes any call may get when a racing teardown removed what it uses. */
#define GONE ACL_ERROR_UNINITIALIZE, ACL_ERROR_RT_CONTEXT_NULL, ACL_ERROR_RT_INVALID_HANDLE, \
             ACL_ERROR_RT_STREAM_CONTEXT
#define END -1

static void tiny_delay(unsigned *seed)
{
    unsigned r = (unsigned)rand_r(seed) % 64;
    if (r < 32)
        for (volatile unsigned i = 0; i < r * 20; i++)
            ;
    else if (r < 40) {
        struct timespec ts = {0, (long)(r - 31) * 5000};
        nanosleep(&ts, NULL);
    }
}

static int32_t k_nop(void *arg)
{
    (void)arg;
    return 0;
}

static void cb_nop(void *arg)
{
    (void)arg;
}

/* The thread's own capture stream for models (created lazily per round). */
static __thread aclrtStream t_cap;
/* Which of the two racing threads this is: memory uses touch their own
 * quarter of the buffer, so the test itself has no data race on the bytes. */
static __thread int t_side;

static aclError make_model(bool with_group, aclmdlRI *ri, aclrtTaskGrp *g)
{
    aclError rc = ACL_SUCCESS;
    if (!t_cap)
        rc = aclrtCreateStream(&t_cap);
    if (rc)
        return rc;
    rc = aclmdlRICaptureBegin(t_cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    if (rc)
        return rc;
    if (with_group)
        expect("aclmdlRICaptureTaskGrpBegin", aclmdlRICaptureTaskGrpBegin(t_cap), 0, GONE, END);
    expect("cpuaclLaunchKernel(capture)", cpuaclLaunchKernel(t_cap, k_nop, NULL), 0, GONE, END);
    if (with_group)
        expect("aclmdlRICaptureTaskGrpEnd", aclmdlRICaptureTaskGrpEnd(t_cap, g), 0, GONE, END);
    return aclmdlRICaptureEnd(t_cap, ri);
}

static void op_create(enum kind k)
{
    void *h = NULL, *h2 = NULL;
    aclError rc;
    switch (k) {
    case K_CTX:
        rc = aclrtCreateContext((aclrtContext *)&h, 0);
        expect("aclrtCreateContext", rc, 0, ACL_ERROR_UNINITIALIZE, END);
        break;
    case K_STREAM:
        rc = aclrtCreateStream((aclrtStream *)&h);
        expect("aclrtCreateStream", rc, 0, GONE, END);
        break;
    case K_EVENT:
        rc = aclrtCreateEventWithFlag((aclrtEvent *)&h, ACL_EVENT_SYNC);
        expect("aclrtCreateEventWithFlag", rc, 0, GONE, END);
        break;
    case K_MODEL:
        rc = make_model(false, (aclmdlRI *)&h, NULL);
        expect("capture model", rc, 0, GONE, END);
        break;
    case K_TASKGRP:
        rc = make_model(true, (aclmdlRI *)&h2, (aclrtTaskGrp *)&h);
        expect("capture task group", rc, 0, GONE, END);
        break;
    case K_MEM:
        rc = aclrtMalloc(&h, 4096, ACL_MEM_MALLOC_NORMAL_ONLY);
        expect("aclrtMalloc", rc, 0, GONE, END);
        break;
    case K_REPORT:
        rc = aclrtCreateStream((aclrtStream *)&h2);
        expect("aclrtCreateStream", rc, 0, GONE, END);
        if (rc == ACL_SUCCESS) {
            rc = aclrtSubscribeReport(g_main_tid, h2);
            expect("aclrtSubscribeReport", rc, 0, GONE, END);
            h = h2;
        }
        break;
    default:
        return;
    }
    if (rc == ACL_SUCCESS) {
        atomic_store(&g_obj2, h2);
        atomic_store(&g_obj, h);
    }
}

static void op_use(enum kind k)
{
    void *h = atomic_load(&g_obj);
    aclError rc;
    switch (k) {
    case K_CTX:
        rc = aclrtSetCurrentContext(h);
        expect("aclrtSetCurrentContext", rc, 0, GONE, END);
        rc = cpuaclLaunchKernel(NULL, k_nop, NULL);
        expect("cpuaclLaunchKernel", rc, 0, GONE, END);
        expect("aclrtSynchronizeStream", aclrtSynchronizeStream(NULL), 0, GONE, END);
        break;
    case K_STREAM:
        expect("cpuaclLaunchKernel", cpuaclLaunchKernel(h, k_nop, NULL), 0, GONE, END);
        expect("aclrtSynchronizeStream", aclrtSynchronizeStream(h), 0, GONE, END);
        break;
    case K_EVENT:
        expect("aclrtRecordEvent", aclrtRecordEvent(h, NULL), 0, GONE, END);
        expect("aclrtSynchronizeEvent", aclrtSynchronizeEvent(h), 0, GONE, END);
        break;
    case K_MODEL:
        rc = aclmdlRIExecuteAsync(h, NULL);
        expect("aclmdlRIExecuteAsync", rc, 0, GONE, ACL_ERROR_RT_MODEL_CONTEXT, END);
        expect("aclrtSynchronizeStream", aclrtSynchronizeStream(NULL), 0, GONE, END);
        break;
    case K_TASKGRP: {
        aclrtStream s = NULL;
        rc = aclrtCreateStream(&s);
        expect("aclrtCreateStream", rc, 0, GONE, END);
        if (rc)
            break;
        rc = aclmdlRICaptureTaskUpdateBegin(s, h);
        expect("aclmdlRICaptureTaskUpdateBegin", rc, 0, GONE, ACL_ERROR_RT_MODEL_CAPTURED, END);
        if (rc == ACL_SUCCESS) {
            expect("cpuaclLaunchKernel(update)", cpuaclLaunchKernel(s, k_nop, NULL), 0, GONE,
                   ACL_ERROR_RT_MODEL_UPDATE_FAILED, END);
            expect("aclmdlRICaptureTaskUpdateEnd", aclmdlRICaptureTaskUpdateEnd(s), 0, GONE,
                   ACL_ERROR_RT_MODEL_UPDATE_FAILED, ACL_ERROR_RT_STREAM_NOT_CAPTURED, END);
        }
        expect("aclrtDestroyStream", aclrtDestroyStream(s), 0, GONE, END);
        break;
    }
    case K_MEM: {
        char buf[64];
        size_t off = (size_t)t_side * 1024;
        void *p = h ? (char *)h + off : NULL;
        rc = aclrtMemset(p, 4096 - off, 1, 64);
        expect("aclrtMemset", rc, 0, GONE, ACL_ERROR_INVALID_PARAM, END);
        rc = aclrtMemcpy(buf, sizeof(buf), p, sizeof(buf), ACL_MEMCPY_DEVICE_TO_HOST);
        expect("aclrtMemcpy", rc, 0, GONE, ACL_ERROR_INVALID_PARAM, END);
        break;
    }
    case K_REPORT:
        rc = aclrtLaunchCallback(cb_nop, NULL, ACL_CALLBACK_NO_BLOCK, h);
        expect("aclrtLaunchCallback", rc, 0, GONE, ACL_ERROR_STREAM_NOT_SUBSCRIBE, END);
        break;
    default:
        break;
    }
}

static void op_destroy(enum kind k, bool force)
{
    void *h = atomic_load(&g_obj);
    aclError rc;
    switch (k) {
    case K_CTX:
        rc = aclrtDestroyContext(h);
        expect("aclrtDestroyContext", rc, 0, GONE, ACL_ERROR_INVALID_PARAM, END);
        break;
    case K_STREAM:
        rc = force ? aclrtDestroyStreamForce(h) : aclrtDestroyStream(h);
        expect("aclrtDestroyStream", rc, 0, GONE, ACL_ERROR_INVALID_PARAM, END);
        break;
    case K_EVENT:
        expect("aclrtDestroyEvent", aclrtDestroyEvent(h), 0, GONE, ACL_ERROR_INVALID_PARAM, END);
        break;
    case K_MODEL:
    case K_TASKGRP: {
        void *m = k == K_MODEL ? h : atomic_load(&g_obj2);
        if (force)
            expect("aclmdlRIAbort", aclmdlRIAbort(m), 0, GONE, ACL_ERROR_INVALID_PARAM,
                   ACL_ERROR_RT_MODEL_CAPTURED, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, END);
        rc = aclmdlRIDestroy(m);
        expect("aclmdlRIDestroy", rc, 0, GONE, ACL_ERROR_INVALID_PARAM,
               ACL_ERROR_RT_MODEL_RUNNING, ACL_ERROR_RT_MODEL_CAPTURED, END);
        break;
    }
    case K_MEM:
        rc = aclrtFree(h);
        expect("aclrtFree", rc, 0, GONE, ACL_ERROR_INVALID_PARAM, END);
        break;
    case K_REPORT:
        rc = aclrtUnSubscribeReport(g_main_tid, atomic_load(&g_obj2));
        expect("aclrtUnSubscribeReport", rc, 0, GONE, ACL_ERROR_STREAM_NOT_SUBSCRIBE, END);
        if (force)
            expect("aclrtDestroyStream", aclrtDestroyStreamForce(atomic_load(&g_obj2)), 0, GONE,
                   ACL_ERROR_INVALID_PARAM, END);
        break;
    default:
        break;
    }
}

static void op_reset(void)
{
    expect("aclrtSetDevice", aclrtSetDevice(0), 0, ACL_ERROR_UNINITIALIZE, END);
    expect("aclrtResetDeviceForce", aclrtResetDeviceForce(0), 0, ACL_ERROR_UNINITIALIZE, END);
    expect("aclrtSetCurrentContext", aclrtSetCurrentContext(atomic_load(&g_home)), 0, GONE, END);
}

static void op_setcur(enum kind k)
{
    void *c = k == K_CTX ? atomic_load(&g_obj) : atomic_load(&g_home);
    expect("aclrtSetCurrentContext", aclrtSetCurrentContext(c), 0, GONE, ACL_ERROR_INVALID_PARAM,
           END);
}

static void op_finalize(void)
{
    expect("aclFinalize", aclFinalize(), 0, ACL_ERROR_REPEAT_FINALIZE, END);
}

static void run_op(enum kind k, enum op o)
{
    switch (o) {
    case O_CREATE: op_create(k); break;
    case O_USE: op_use(k); break;
    case O_DESTROY: op_destroy(k, false); break;
    case O_FORCE: op_destroy(k, true); break;
    case O_RESET: op_reset(); break;
    case O_SETCUR: op_setcur(k); break;
    case O_FINALIZE: op_finalize(); break;
    default: break;
    }
}

struct side {
    enum kind k;
    enum op o;
    int side;
    int iters;
    unsigned seed;
    pthread_barrier_t *bar;
};

static void *side_main(void *arg)
{
    struct side *sd = arg;
    t_cap = NULL;
    t_side = sd->side;
    expect("aclrtSetCurrentContext", aclrtSetCurrentContext(atomic_load(&g_home)), 0, END);
    pthread_barrier_wait(sd->bar);
    for (int i = 0; i < sd->iters; i++) {
        tiny_delay(&sd->seed);
        run_op(sd->k, sd->o);
    }
    return NULL;
}

static void round_once(enum kind k, enum op a, enum op b, int iters, unsigned seed)
{
    TEST_OPEN();
    aclrtContext home;
    CHECK_OK(aclrtCreateContext(&home, 0));
    atomic_store(&g_home, home);
    atomic_store(&g_obj, NULL);
    atomic_store(&g_obj2, NULL);
    t_cap = NULL;
    op_create(k); /* the object under race */
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, 2);
    struct side sa = {k, a, 0, iters, seed, &bar}, sb = {k, b, 1, iters, seed * 7 + 1, &bar};
    pthread_t ta, tb;
    CHECK(pthread_create(&ta, NULL, side_main, &sa) == 0);
    CHECK(pthread_create(&tb, NULL, side_main, &sb) == 0);
    CHECK(pthread_join(ta, NULL) == 0);
    CHECK(pthread_join(tb, NULL) == 0);
    pthread_barrier_destroy(&bar);
    aclError rc = aclFinalize();
    CHECK(rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_FINALIZE);
}

int main(void)
{
    double scale = test_stress_scale();
    int rounds = (int)(2 * scale + 0.5), iters = (int)(12 * scale + 0.5);
    if (rounds < 1)
        rounds = 1;
    if (iters < 3)
        iters = 3;
    const char *only = getenv("RACE_MATRIX_KIND"); /* optional: one kind by name */
    signal(SIGSEGV, on_signal);
    signal(SIGBUS, on_signal);
    signal(SIGABRT, on_signal);
    signal(SIGALRM, on_signal);
    alarm(540);
    g_main_tid = (uint64_t)pthread_self();
    int cells = 0;
    unsigned seed = 12345;
    for (int k = 0; k < NKINDS; k++) {
        if (only && strcmp(only, kind_name[k]))
            continue;
        for (int a = 0; a < NOPS; a++)
            for (int b = a; b < NOPS; b++) {
                snprintf(g_cell, sizeof(g_cell), "%s: %s | %s", kind_name[k], op_name[a],
                         op_name[b]);
                for (int r = 0; r < rounds; r++)
                    round_once((enum kind)k, (enum op)a, (enum op)b, iters, seed++);
                cells++;
            }
    }
    printf("race_matrix: %d cells (%d kinds x %d pairs), %d rounds x %d iterations x 2 threads "
           "each, %llu calls checked\n",
           cells, NKINDS, NOPS * (NOPS + 1) / 2, rounds, iters,
           (unsigned long long)atomic_load(&g_calls));
    return 0;
}
