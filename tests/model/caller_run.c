/* SPDX-License-Identifier: Apache-2.0 */
/* Caller-run executions (core/model/model.c IN1-IN4): aclmdlRIExecute of an idle one-lane
 * captured model runs on the calling thread, with the results, failures and ordering of a
 * queued execution (aclmdlRIExecute with a timeout, or aclmdlRIExecuteAsync + synchronise,
 * are queued: the comparison baseline in the same process). Checked:
 *  - a multi-node model: the nodes run on the caller, in order, results equal the queued
 *    path's;
 *  - a failing node: code, aclGetRecentErrMsg text, exception callback (device, stream,
 *    code), device state afterwards: as the queued path gives them;
 *  - a value wait node that blocks: the caller waits for another thread's write, then the
 *    rest runs;
 *  - a multi-block node (a binary kernel of 16 blocks) run with the device's team: every
 *    block once per execution, the caller took part or not;
 *  - aclmdlRIExecute from 4 threads and aclmdlRIExecuteAsync from a fifth: executions never
 *    overlap, every call's execution has run when it returns, counts add up;
 *  - aclmdlRIDestroy racing executions: ACL_ERROR_RT_MODEL_RUNNING or success, then the
 *    executing thread gets ACL_ERROR_RT_INVALID_HANDLE; aclrtResetDevice racing them: no
 *    crash, each call succeeds or reports the dead handle.
 * Runs with 3 workers, with 1, and with timeline tracing on (executions then queued, their
 * nodes on workers: the same results; CMakeLists). */
#include <stdint.h>
#include <string.h>

#include "acltest.h"

/* ---- kernels ------------------------------------------------------------ */

static _Atomic(pthread_t) g_ran_on; /* the thread the last node ran on */
static _Atomic uint32_t g_active;   /* executions inside the model (must stay <= 1) */
static _Atomic uint64_t g_runs;     /* executions that finished their last node */

/* Node i of the chain: v[i + 1] = v[i] * 3 + i + 1 (order-sensitive), and where it ran. */
struct chain_arg {
    uint64_t *v;
    uint32_t i;
};

static int32_t k_chain(void *p)
{
    const struct chain_arg *a = p;
    a->v[a->i + 1] = a->v[a->i] * 3 + a->i + 1;
    atomic_store(&g_ran_on, pthread_self());
    return 0;
}

/* The first and last nodes of the concurrency model: no two executions overlap. */
static int32_t k_enter(void *p)
{
    (void)p;
    if (atomic_fetch_add(&g_active, 1) != 0)
        KFAIL("two executions of one model overlapped");
    return 0;
}

static int32_t k_leave(void *p)
{
    (void)p;
    atomic_fetch_add(&g_runs, 1);
    atomic_fetch_sub(&g_active, 1);
    return 0;
}

static _Atomic int g_fail_on; /* k_maybe_fail fails while set */

static int32_t k_maybe_fail(void *p)
{
    (void)p;
    atomic_store(&g_ran_on, pthread_self());
    return atomic_load(&g_fail_on) ? ACL_ERROR_RT_AICORE_EXCEPTION : 0;
}

/* ---- exception callbacks -------------------------------------------------- */

static _Atomic int g_cb_calls;
static _Atomic uint32_t g_cb_code, g_cb_dev, g_cb_stream;

static void on_exception(aclrtExceptionInfo *info)
{
    atomic_store(&g_cb_code, aclrtGetErrorCodeFromExceptionInfo(info));
    atomic_store(&g_cb_dev, aclrtGetDeviceIdFromExceptionInfo(info));
    atomic_store(&g_cb_stream, aclrtGetStreamIdFromExceptionInfo(info));
    atomic_fetch_add(&g_cb_calls, 1);
}

/* ---- helpers ------------------------------------------------------------ */

/* Timeline tracing on (CPUACL_TRACE_EVENTS, the _traced variant in CMakeLists): synchronous
 * executions are queued, so the trace keeps their nodes on a worker's track (model.c IN1). */
static bool g_traced;

/* The last node ran on the calling thread, or (traced) on a worker. */
static bool ran_here(void)
{
    return pthread_equal(atomic_load(&g_ran_on), pthread_self()) != g_traced;
}

#define CHAIN 8

static aclmdlRI capture_chain(aclrtStream cap, uint64_t *v, struct chain_arg *args)
{
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    for (uint32_t i = 0; i < CHAIN; i++) {
        args[i] = (struct chain_arg){v, i};
        CHECK_OK(cpuaclLaunchKernel(cap, k_chain, &args[i]));
    }
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    return ri;
}

/* A multi-node model: inline results equal the queued path's, nodes ran on the caller. */
static void test_chain(aclrtStream cap)
{
    uint64_t *v;
    struct chain_arg args[CHAIN];
    CHECK_OK(aclrtMalloc((void **)&v, (CHAIN + 1) * sizeof(*v), ACL_MEM_MALLOC_NORMAL_ONLY));
    aclmdlRI ri = capture_chain(cap, v, args);
    uint64_t queued[CHAIN + 1], inl[CHAIN + 1];
    for (uint64_t seed = 1; seed < 20; seed++) {
        v[0] = seed;
        CHECK_OK(aclmdlRIExecute(ri, 10000)); /* a timeout: queued on a worker */
        memcpy(queued, v, sizeof(queued));
        memset(v + 1, 0, CHAIN * sizeof(*v));
        atomic_store(&g_ran_on, (pthread_t)0);
        CHECK_OK(aclmdlRIExecute(ri, -1)); /* no timeout: on this thread (IN1) */
        memcpy(inl, v, sizeof(inl));
        CHECK(memcmp(queued, inl, sizeof(inl)) == 0);
        CHECK(ran_here());
    }
    /* The queued path really ran elsewhere (the comparison is between two paths). */
    CHECK_OK(aclmdlRIExecute(ri, 10000));
    CHECK(!pthread_equal(atomic_load(&g_ran_on), pthread_self()));
    /* Work queued with aclmdlRIExecuteAsync before: its executions come first. */
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    v[0] = 5;
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclmdlRIExecute(ri, -1));
    CHECK(v[CHAIN] != 0);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtFree(v));
}

struct fail_seen {
    aclError rc;
    char msg[512];
    int calls;
    uint32_t code, dev, stream;
    aclError after; /* aclrtSynchronizeDevice right after */
};

static void run_failing(aclmdlRI ri, int32_t timeout, struct fail_seen *f)
{
    atomic_store(&g_cb_calls, 0);
    atomic_store(&g_fail_on, 1);
    f->rc = aclmdlRIExecute(ri, timeout);
    const char *m = aclGetRecentErrMsg();
    snprintf(f->msg, sizeof(f->msg), "%s", m ? m : "");
    f->calls = atomic_load(&g_cb_calls);
    f->code = atomic_load(&g_cb_code);
    f->dev = atomic_load(&g_cb_dev);
    f->stream = atomic_load(&g_cb_stream);
    atomic_store(&g_fail_on, 0);
    f->after = aclrtSynchronizeDevice();
    (void)aclGetRecentErrMsg();
}

/* A failing node: what the caller sees equals what a queued execution gives. */
static void test_failure(aclrtStream cap)
{
    CHECK_OK(aclrtSetExceptionInfoCallback(on_exception));
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(cap, k_maybe_fail, NULL));
    CHECK_OK(cpuaclLaunchKernel(cap, k_maybe_fail, NULL));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    struct fail_seen q, in;
    run_failing(ri, 10000, &q);
    run_failing(ri, -1, &in);
    CHECK(q.rc == ACL_ERROR_RT_AICORE_EXCEPTION && in.rc == q.rc);
    if (strcmp(q.msg, in.msg)) {
        fprintf(stderr, "messages differ:\n queued: %s\n inline: %s\n", q.msg, in.msg);
        exit(1);
    }
    CHECK(strstr(in.msg, "aclmdlRIExecute") != NULL);
    CHECK(q.calls == 2 && in.calls == q.calls); /* one per failing node */
    CHECK(in.code == q.code && q.code == (uint32_t)ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK(in.dev == q.dev && in.stream == q.stream);
    CHECK(in.after == q.after);
    /* The error was reported once: the next execution succeeds, on this thread. */
    atomic_store(&g_ran_on, (pthread_t)0);
    CHECK_OK(aclmdlRIExecute(ri, -1));
    CHECK(ran_here());
    CHECK_OK(aclrtSetExceptionInfoCallback(NULL));
    CHECK_OK(aclmdlRIDestroy(ri));
}

/* ---- a value wait that blocks the caller ---------------------------------- */

struct writer {
    uint64_t *word;
    aclrtContext ctx;
    double delay_ms;
};

static _Atomic int g_write_issued; /* the writer is about to queue its write */

/* The node after the wait: it runs only once the write was issued. */
static int32_t k_after_write(void *p)
{
    (void)p;
    if (!atomic_load(&g_write_issued))
        KFAIL("the node after the value wait ran before the value was written");
    return 0;
}

static void *write_later(void *p)
{
    struct writer *w = p;
    CHECK_OK(aclrtSetCurrentContext(w->ctx));
    sleep_ms(w->delay_ms);
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    atomic_store(&g_write_issued, 1);
    CHECK_OK(aclrtValueWrite(w->word, 1, 0, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtDestroyStream(s));
    return NULL;
}

static void test_value_wait(aclrtStream cap, aclrtContext ctx)
{
    uint64_t *word, *v;
    struct chain_arg args[2];
    CHECK_OK(aclrtMalloc((void **)&word, 8, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc((void **)&v, 3 * sizeof(*v), ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    args[0] = (struct chain_arg){v, 0};
    args[1] = (struct chain_arg){v, 1};
    CHECK_OK(cpuaclLaunchKernel(cap, k_chain, &args[0]));
    CHECK_OK(aclrtValueWait(word, 1, ACL_STREAM_WAIT_VALUE_EQ, cap));
    CHECK_OK(cpuaclLaunchKernel(cap, k_after_write, NULL));
    CHECK_OK(cpuaclLaunchKernel(cap, k_chain, &args[1]));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    for (int round = 0; round < 3; round++) {
        *word = 0;
        v[0] = 7;
        v[1] = v[2] = 0;
        atomic_store(&g_write_issued, 0);
        struct writer w = {word, ctx, 30};
        pthread_t th;
        CHECK(pthread_create(&th, NULL, write_later, &w) == 0);
        atomic_store(&g_ran_on, (pthread_t)0);
        CHECK_OK(aclmdlRIExecute(ri, -1));
        CHECK(atomic_load(&g_write_issued)); /* returned only after the write */
        CHECK_NO_KFAIL();
        CHECK(v[1] == 7 * 3 + 1 && v[2] == v[1] * 3 + 2);
        CHECK(ran_here());
        CHECK(pthread_join(th, NULL) == 0);
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtFree(word));
    CHECK_OK(aclrtFree(v));
}

/* ---- multi-block nodes ---------------------------------------------------- */

#define NBLK 16

static void test_blocks(aclrtStream cap)
{
    aclrtBinHandle bin;
    CHECK_OK(aclrtBinaryLoadFromFile(KERNEL_SO, NULL, &bin));
    aclrtFuncHandle hits;
    CHECK_OK(aclrtBinaryGetFunction(bin, "block_hits", &hits));
    uint32_t *cnt;
    CHECK_OK(aclrtMalloc((void **)&cnt, NBLK * sizeof(*cnt), ACL_MEM_MALLOC_NORMAL_ONLY));
    memset(cnt, 0, NBLK * sizeof(*cnt));
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtLaunchKernelWithHostArgs(hits, NBLK, cap, NULL, &cnt, sizeof(cnt), NULL, 0));
    CHECK_OK(aclrtLaunchKernelWithHostArgs(hits, NBLK, cap, NULL, &cnt, sizeof(cnt), NULL, 0));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    for (uint32_t r = 1; r <= 50; r++) {
        CHECK_OK(aclmdlRIExecute(ri, r % 5 ? -1 : 10000)); /* mostly inline, some queued */
        for (uint32_t b = 0; b < NBLK; b++)
            if (cnt[b] != 2 * r) {
                fprintf(stderr, "execution %u: block %u ran %u times in all, expected %u\n", r, b,
                        cnt[b], 2 * r);
                exit(1);
            }
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtFree(cnt));
    CHECK_OK(aclrtBinaryUnLoad(bin));
}

/* ---- concurrent callers ----------------------------------------------------- */

struct caller {
    aclmdlRI ri;
    aclrtContext ctx;
    int iters;
    bool async;
};

static void *call_many(void *p)
{
    struct caller *c = p;
    CHECK_OK(aclrtSetCurrentContext(c->ctx));
    aclrtStream s = NULL;
    if (c->async)
        CHECK_OK(aclrtCreateStream(&s));
    for (int i = 0; i < c->iters; i++) {
        uint64_t before = atomic_load(&g_runs);
        if (c->async) {
            CHECK_OK(aclmdlRIExecuteAsync(c->ri, s));
            if (i % 8 == 7) {
                CHECK_OK(aclrtSynchronizeStream(s));
                CHECK(atomic_load(&g_runs) >= before + 1);
            }
        } else {
            CHECK_OK(aclmdlRIExecute(c->ri, -1));
            /* this call's execution has finished: at least one more run than before */
            CHECK(atomic_load(&g_runs) >= before + 1);
        }
    }
    if (s) {
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK_OK(aclrtDestroyStream(s));
    }
    return NULL;
}

static aclmdlRI capture_guarded(aclrtStream cap, uint64_t *v, struct chain_arg *args)
{
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(cap, k_enter, NULL));
    for (uint32_t i = 0; i < 3; i++) {
        args[i] = (struct chain_arg){v, i};
        CHECK_OK(cpuaclLaunchKernel(cap, k_chain, &args[i]));
    }
    CHECK_OK(cpuaclLaunchKernel(cap, k_leave, NULL));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    return ri;
}

#define CALLERS 4
#define ITERS 300

static void test_concurrent(aclrtStream cap, aclrtContext ctx)
{
    uint64_t v[4] = {1, 0, 0, 0};
    struct chain_arg args[3];
    aclmdlRI ri = capture_guarded(cap, v, args);
    atomic_store(&g_runs, 0);
    pthread_t th[CALLERS + 1];
    struct caller c[CALLERS + 1];
    for (int i = 0; i <= CALLERS; i++) {
        c[i] = (struct caller){ri, ctx, ITERS, i == CALLERS};
        CHECK(pthread_create(&th[i], NULL, call_many, &c[i]) == 0);
    }
    for (int i = 0; i <= CALLERS; i++)
        CHECK(pthread_join(th[i], NULL) == 0);
    CHECK_NO_KFAIL();
    CHECK(atomic_load(&g_runs) == (uint64_t)(CALLERS + 1) * ITERS);
    CHECK(v[3] == ((1 * 3 + 1) * 3 + 2) * 3 + 3); /* the chain's result, every time */
    CHECK_OK(aclmdlRIDestroy(ri));
}

/* ---- teardown racing executions ------------------------------------------- */

static _Atomic int g_stop;

static void *exec_until_dead(void *p)
{
    struct caller *c = p;
    CHECK_OK(aclrtSetCurrentContext(c->ctx));
    for (;;) {
        aclError rc = aclmdlRIExecute(c->ri, -1);
        if (rc == ACL_SUCCESS)
            continue;
        if (rc != ACL_ERROR_RT_INVALID_HANDLE) {
            fprintf(stderr, "aclmdlRIExecute during teardown: %d (%s)\n", (int)rc,
                    aclGetRecentErrMsg());
            exit(1);
        }
        break;
    }
    atomic_store(&g_stop, 1);
    return NULL;
}

static void test_destroy_race(aclrtStream cap, aclrtContext ctx)
{
    for (int round = 0; round < 20; round++) {
        uint64_t v[4] = {1, 0, 0, 0};
        struct chain_arg args[3];
        aclmdlRI ri = capture_guarded(cap, v, args);
        struct caller c = {ri, ctx, 0, false};
        pthread_t th;
        atomic_store(&g_stop, 0);
        CHECK(pthread_create(&th, NULL, exec_until_dead, &c) == 0);
        sleep_ms(round % 3);
        for (;;) {
            aclError rc = aclmdlRIDestroy(ri);
            if (rc == ACL_SUCCESS)
                break;
            if (rc != ACL_ERROR_RT_MODEL_RUNNING) {
                fprintf(stderr, "aclmdlRIDestroy racing executions: %d (%s)\n", (int)rc,
                        aclGetRecentErrMsg());
                exit(1);
            }
        }
        CHECK(pthread_join(th, NULL) == 0);
        CHECK_NO_KFAIL();
    }
}

/* aclrtResetDevice while another thread executes: that thread's calls succeed until the
 * model is gone, then report the dead handle (or the dead context); nothing crashes. */
static void *exec_through_reset(void *p)
{
    struct caller *c = p;
    if (aclrtSetCurrentContext(c->ctx) != ACL_SUCCESS)
        return NULL;
    for (int i = 0; i < 100000 && !atomic_load(&g_stop); i++) {
        aclError rc = aclmdlRIExecute(c->ri, -1);
        if (rc == ACL_SUCCESS)
            continue;
        if (rc != ACL_ERROR_RT_INVALID_HANDLE && rc != ACL_ERROR_RT_CONTEXT_NULL) {
            fprintf(stderr, "aclmdlRIExecute during reset: %d (%s)\n", (int)rc,
                    aclGetRecentErrMsg());
            exit(1);
        }
        break;
    }
    return NULL;
}

static void test_reset_race(void)
{
    for (int round = 0; round < 10; round++) {
        CHECK_OK(aclrtSetDevice(0));
        aclrtContext ctx;
        CHECK_OK(aclrtGetCurrentContext(&ctx));
        aclrtStream cap;
        CHECK_OK(aclrtCreateStream(&cap));
        static uint64_t v[4];
        static struct chain_arg args[3];
        v[0] = 1;
        aclmdlRI ri = capture_guarded(cap, v, args);
        struct caller c = {ri, ctx, 0, false};
        atomic_store(&g_stop, 0);
        pthread_t th;
        CHECK(pthread_create(&th, NULL, exec_through_reset, &c) == 0);
        sleep_ms(1 + round % 3);
        CHECK_OK(aclrtResetDevice(0));
        atomic_store(&g_stop, 1);
        CHECK(pthread_join(th, NULL) == 0);
        CHECK(atomic_load(&g_active) == 0); /* no execution left half-way */
        CHECK_NO_KFAIL();
    }
}

int main(void)
{
    const char *te = getenv("CPUACL_TRACE_EVENTS");
    g_traced = te && atoi(te) > 0;
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    aclrtStream cap;
    CHECK_OK(aclrtCreateStream(&cap));
    test_chain(cap);
    test_failure(cap);
    test_value_wait(cap, ctx);
    test_blocks(cap);
    test_concurrent(cap, ctx);
    test_destroy_race(cap, ctx);
    CHECK_OK(aclrtDestroyStream(cap));
    CHECK_OK(aclrtResetDevice(0));
    test_reset_race();
    CHECK_OK(aclFinalize());
    printf("caller_run: ok\n");
    return 0;
}
