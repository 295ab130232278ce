/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Soak test (issue 11). 8 workers (CPUACL_WORKERS), 4 submitting threads,
 * each owning 16 of the 64 streams. Per round every thread submits, on
 * each of its streams, a random mix of steps:
 *   kernel step      a kernel checks the stream's counter equals its
 *                    sequence number, then bumps it;
 *   host step        the same from an aclrtLaunchHostFunc function;
 *   copy step        a kernel writes the sequence number into the stream's
 *                    device buffer, aclrtMemcpyAsync copies it (device to
 *                    device), a kernel checks the copy and bumps the counter;
 *   event edge       record an event on stream a after its step k, make
 *                    stream b wait for it, then a kernel on b checks a's
 *                    counter is already >= k (nothing observed complete
 *                    early) and bumps b's counter;
 *   model step       (once per round per thread) a captured model whose
 *                    kernel bumps a counter, executed several times on
 *                    random streams.
 * Counters check that nothing is lost, duplicated or reordered; after
 * each round every counter must equal the number of steps submitted.
 * Device memory in use and the process RSS must stay flat across rounds
 * (RSS within a margin after the first rounds warmed the caches).
 * Size: CPUACL_SOAK_TASKS tasks if set, else 600000 x CPUACL_STRESS_SCALE.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "testutil.h"

#define NTHREADS 4
#define NSTREAMS 64
#define PER (NSTREAMS / NTHREADS)
#define BATCH 48 /* steps per stream per round */

static _Atomic uint32_t g_ctr[NSTREAMS]; /* steps completed per stream */
static _Atomic int g_bad;
static char g_why[256];
static _Atomic uint64_t g_tasks;
static _Atomic uint64_t g_model_runs;

static void bad(const char *what, int s, uint32_t got, uint32_t want)
{
    int z = 0;
    if (atomic_compare_exchange_strong(&g_bad, &z, 1))
        snprintf(g_why, sizeof(g_why), "%s on stream %d: counter %u, expected %u", what, s, got,
                 want);
}

struct step_args { /* inline kernel arguments (<= 32 bytes) */
    uint32_t stream, seq;
    uint32_t other, other_min; /* event edge: stream `other` must be >= other_min */
    uint32_t *buf;             /* copy step: device buffer to check (or write) */
};

static void do_step(const struct step_args *a, const char *what)
{
    uint32_t got = atomic_load_explicit(&g_ctr[a->stream], memory_order_acquire);
    if (got != a->seq)
        bad(what, (int)a->stream, got, a->seq);
    atomic_store_explicit(&g_ctr[a->stream], a->seq + 1, memory_order_release);
}

static int32_t k_step(void *p)
{
    do_step(p, "kernel step");
    return 0;
}

static int32_t k_write(void *p)
{
    const struct step_args *a = p;
    a->buf[0] = a->seq ^ 0x5A5A5A5Au;
    a->buf[1] = a->stream;
    return 0;
}

static int32_t k_check_copy(void *p)
{
    const struct step_args *a = p;
    if (a->buf[0] != (a->seq ^ 0x5A5A5A5Au) || a->buf[1] != a->stream)
        bad("copy payload", (int)a->stream, a->buf[0], a->seq ^ 0x5A5A5A5Au);
    do_step(a, "copy step");
    return 0;
}

static int32_t k_edge(void *p)
{
    const struct step_args *a = p;
    uint32_t o = atomic_load_explicit(&g_ctr[a->other], memory_order_acquire);
    if (o < a->other_min)
        bad("event edge (waited-for work not complete)", (int)a->other, o, a->other_min);
    do_step(a, "edge step");
    return 0;
}

static void h_step(void *p)
{
    do_step(p, "host step");
}

static int32_t k_model(void *p)
{
    (void)p;
    atomic_fetch_add(&g_model_runs, 1);
    return 0;
}

struct thr {
    int id;
    aclrtContext ctx;
    aclrtStream s[PER];
    aclrtEvent ev[PER];
    uint32_t *src[PER], *dst[PER];
    uint32_t seq[PER]; /* steps submitted per stream */
    struct step_args *hargs; /* host-function arguments of the round */
    unsigned seed;
    uint64_t target; /* tasks to submit this round */
};

#define OK(call)                                                                           \
    do {                                                                                   \
        aclError r_ = (call);                                                              \
        if (r_ != ACL_SUCCESS) {                                                           \
            fprintf(stderr, "soak: %s returned %d (%s)\n", #call, (int)r_,                 \
                    aclGetRecentErrMsg());                                                 \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

static void round_run(struct thr *t)
{
    OK(aclrtSetCurrentContext(t->ctx));
    uint64_t tasks = 0;
    int nh = 0;
    for (int step = 0; step < BATCH; step++) {
        for (int i = 0; i < PER; i++) {
            int g = t->id * PER + i; /* global stream number */
            struct step_args a = {(uint32_t)g, t->seq[i], 0, 0, NULL};
            unsigned r = (unsigned)rand_r(&t->seed) % 16;
            if (r < 8) {
                OK(cpuaclLaunchKernelArgs(t->s[i], k_step, &a, sizeof(a)));
                tasks += 1;
            } else if (r < 10) {
                t->hargs[nh] = a;
                OK(aclrtLaunchHostFunc(t->s[i], h_step, &t->hargs[nh++]));
                tasks += 1;
            } else if (r < 13) {
                a.buf = t->src[i];
                OK(cpuaclLaunchKernelArgs(t->s[i], k_write, &a, sizeof(a)));
                OK(aclrtMemcpyAsync(t->dst[i], 64, t->src[i], 64, ACL_MEMCPY_DEVICE_TO_DEVICE,
                                    t->s[i]));
                a.buf = t->dst[i];
                OK(cpuaclLaunchKernelArgs(t->s[i], k_check_copy, &a, sizeof(a)));
                tasks += 3;
            } else {
                int j = (int)((unsigned)rand_r(&t->seed) % PER);
                if (j == i)
                    j = (j + 1) % PER;
                /* a has run t->seq[j] steps once the record completes */
                OK(aclrtRecordEvent(t->ev[j], t->s[j]));
                OK(aclrtStreamWaitEvent(t->s[i], t->ev[j]));
                a.other = (uint32_t)(t->id * PER + j);
                a.other_min = t->seq[j];
                OK(cpuaclLaunchKernelArgs(t->s[i], k_edge, &a, sizeof(a)));
                tasks += 3;
            }
            t->seq[i]++;
        }
    }
    /* A captured model, run a few times on random streams. */
    aclmdlRI ri;
    OK(aclmdlRICaptureBegin(t->s[0], ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    OK(cpuaclLaunchKernel(t->s[0], k_model, NULL));
    OK(cpuaclLaunchKernel(t->s[0], k_model, NULL));
    OK(aclmdlRICaptureEnd(t->s[0], &ri));
    for (int e = 0; e < 4; e++)
        OK(aclmdlRIExecuteAsync(ri, t->s[(unsigned)rand_r(&t->seed) % PER]));
    tasks += 4 * 4; /* gate, lane, join per execution + the lane's two kernels, roughly */
    for (int i = 0; i < PER; i++)
        OK(aclrtSynchronizeStream(t->s[i]));
    OK(aclmdlRIDestroy(ri));
    for (int i = 0; i < PER; i++) {
        int g = t->id * PER + i;
        uint32_t got = atomic_load(&g_ctr[g]);
        if (got != t->seq[i])
            bad("after sync (lost or duplicated)", g, got, t->seq[i]);
    }
    atomic_fetch_add(&g_tasks, tasks);
}

static pthread_barrier_t g_bar;
static int g_rounds;

static void *thr_main(void *arg)
{
    struct thr *t = arg;
    OK(aclrtSetCurrentContext(t->ctx));
    for (int r = 0; r < g_rounds; r++) {
        round_run(t);
        pthread_barrier_wait(&g_bar); /* main samples memory */
        pthread_barrier_wait(&g_bar);
    }
    return NULL;
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, res = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &res) != 2)
            res = 0;
        fclose(f);
    }
    return res * (sysconf(_SC_PAGESIZE) / 1024);
}

int main(void)
{
    setenv("CPUACL_WORKERS", "8", 0);
    const char *tv = getenv("CPUACL_SOAK_TASKS");
    uint64_t want = tv ? strtoull(tv, NULL, 10) : (uint64_t)(600000 * test_stress_scale());
    /* Tasks per round: about NSTREAMS * BATCH * 1.6. */
    uint64_t per_round = (uint64_t)NSTREAMS * BATCH * 8 / 5;
    g_rounds = (int)((want + per_round - 1) / per_round);
    if (g_rounds < 4)
        g_rounds = 4;
    TEST_OPEN();
    static struct thr T[NTHREADS];
    for (int i = 0; i < NTHREADS; i++) {
        T[i].id = i;
        T[i].seed = 1000u + (unsigned)i;
        CHECK_OK(aclrtCreateContext(&T[i].ctx, 0));
        for (int j = 0; j < PER; j++) {
            CHECK_OK(aclrtCreateStream(&T[i].s[j]));
            CHECK_OK(aclrtCreateEventWithFlag(&T[i].ev[j], ACL_EVENT_SYNC));
            CHECK_OK(aclrtMalloc((void **)&T[i].src[j], 64, ACL_MEM_MALLOC_NORMAL_ONLY));
            CHECK_OK(aclrtMalloc((void **)&T[i].dst[j], 64, ACL_MEM_MALLOC_NORMAL_ONLY));
        }
        T[i].hargs = calloc((size_t)BATCH * PER, sizeof(struct step_args));
        CHECK(T[i].hargs != NULL);
    }
    size_t free0 = 0, total = 0;
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free0, &total));
    pthread_barrier_init(&g_bar, NULL, NTHREADS + 1);
    pthread_t th[NTHREADS];
    for (int i = 0; i < NTHREADS; i++)
        CHECK(pthread_create(&th[i], NULL, thr_main, &T[i]) == 0);
    long rss_warm = 0, rss_max = 0;
    for (int r = 0; r < g_rounds; r++) {
        pthread_barrier_wait(&g_bar);
        size_t fr = 0;
        CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &fr, &total));
        if (fr != free0) {
            fprintf(stderr, "soak: round %d: device memory free %zu, was %zu\n", r, fr, free0);
            return 1;
        }
        long rss = rss_kb();
        if (r == 2)
            rss_warm = rss;
        if (r > 2 && rss > rss_max)
            rss_max = rss;
        pthread_barrier_wait(&g_bar);
        if (atomic_load(&g_bad))
            break;
    }
    for (int i = 0; i < NTHREADS; i++)
        CHECK(pthread_join(th[i], NULL) == 0);
    if (atomic_load(&g_bad)) {
        fprintf(stderr, "soak: %s\n", g_why);
        return 1;
    }
    CHECK(atomic_load(&g_model_runs) == (uint64_t)NTHREADS * g_rounds * 4 * 2);
    /* flat: after warm-up, RSS grows by less than 16 MiB however many rounds */
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
    rss_warm = 0; /* the sanitizers' shadow and history memory grow on their own */
#endif
    if (rss_warm && rss_max > rss_warm + 16 * 1024) {
        fprintf(stderr, "soak: RSS grew from %ld kB (round 2) to %ld kB\n", rss_warm, rss_max);
        return 1;
    }
    for (int i = 0; i < NTHREADS; i++) {
        for (int j = 0; j < PER; j++) {
            CHECK_OK(aclrtFree(T[i].src[j]));
            CHECK_OK(aclrtFree(T[i].dst[j]));
        }
        free(T[i].hargs);
    }
    CHECK_OK(aclFinalize());
    printf("soak: %llu tasks in %d rounds (64 streams, 4 threads, 8 workers), RSS %ld -> %ld kB\n",
           (unsigned long long)atomic_load(&g_tasks), g_rounds, rss_warm, rss_max);
    return 0;
}
