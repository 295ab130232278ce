/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The submit fast path (core/stream/task.h core_submit_try) against the slow path it
 * must agree with: every launch below is made once a stream is known to its
 * context's stream cache, so the fast path is what answers first.
 *  - a destroyed stream, and one whose record and slot were reused, are
 *    rejected with the slow path's code, and tasks never land on the reuse;
 *  - more streams than cache slots, launched round-robin: every task runs
 *    once, in its stream's order;
 *  - a stream of another context: 107003, also after the thread switches
 *    back and forth;
 *  - a stream that starts capturing after fast launches: its tasks are
 *    captured, not run, and run at execution; a large capture (its lane
 *    grows) of kernels with and without copied arguments replays in order;
 *  - two threads taking turns on one stream (ownership moves each time);
 *  - cpuaclLaunchKernelArgs copies exactly 1..32 bytes, read from the end of
 *    a page with an unmapped page after it (no over-read).
 */
#include "acltest.h"

#include <sched.h>
#include <sys/mman.h>

/* ---- an ordered per-stream log ------------------------------------------ */

#define NSTREAMS 40 /* > 16 cache slots: collisions */
#define ROUNDS 200

static _Atomic uint32_t g_next[NSTREAMS]; /* next sequence number each stream must run */
static _Atomic uint64_t g_ran;

static int32_t k_seq(void *args)
{
    uint32_t v = (uint32_t)(uintptr_t)args;
    uint32_t st = v >> 16, seq = v & 0xFFFF;
    uint32_t want = atomic_load(&g_next[st]);
    if (seq != want)
        KFAIL("stream %u ran task %u, expected %u", st, seq, want);
    atomic_store(&g_next[st], seq + 1);
    atomic_fetch_add(&g_ran, 1);
    return 0;
}

static void test_many_streams(void)
{
    aclrtStream s[NSTREAMS];
    for (int i = 0; i < NSTREAMS; i++) {
        CHECK_OK(aclrtCreateStream(&s[i]));
        atomic_store(&g_next[i], 0);
    }
    atomic_store(&g_ran, 0);
    for (uint32_t r = 0; r < ROUNDS; r++)
        for (uint32_t i = 0; i < NSTREAMS; i++)
            CHECK_OK(cpuaclLaunchKernel(s[i], k_seq, (void *)(uintptr_t)(i << 16 | r)));
    for (int i = 0; i < NSTREAMS; i++)
        CHECK_OK(aclrtSynchronizeStream(s[i]));
    CHECK(atomic_load(&g_ran) == (uint64_t)NSTREAMS * ROUNDS);
    for (int i = 0; i < NSTREAMS; i++) {
        CHECK(atomic_load(&g_next[i]) == ROUNDS);
        CHECK_OK(aclrtDestroyStream(s[i]));
    }
}

/* ---- destroyed and reused streams ---------------------------------------- */

static void test_stale_handles(void)
{
    _Atomic uint64_t a = 0, b = 0;
    aclrtStream sa;
    CHECK_OK(aclrtCreateStream(&sa));
    for (int i = 0; i < 100; i++)
        CHECK_OK(launch_inc(sa, &a));
    CHECK_OK(aclrtDestroyStream(sa)); /* drains first */
    CHECK(atomic_load(&a) == 100);
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, launch_inc(sa, &a));
    /* The next stream reuses the record and the handle's slot (new generation):
     * the old handle stays dead and its launches do not land there. */
    aclrtStream sb;
    CHECK_OK(aclrtCreateStream(&sb));
    CHECK(sb != sa);
    for (int i = 0; i < 50; i++) {
        CHECK_OK(launch_inc(sb, &b));
        CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, launch_inc(sa, &a));
        CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, cpuaclLaunchKernelArgs(sa, kt_inc, &a, 8));
    }
    CHECK_OK(aclrtSynchronizeStream(sb));
    CHECK(atomic_load(&b) == 50);
    CHECK(atomic_load(&a) == 100);
    CHECK_OK(aclrtDestroyStream(sb));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, launch_inc(sb, &b));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, launch_inc(BAD_STREAM, &b));
    CHECK(atomic_load(&b) == 50);
}

/* ---- contexts ------------------------------------------------------------- */

static void test_contexts(void)
{
    aclrtContext c0, c1;
    CHECK_OK(aclrtGetCurrentContext(&c0));
    CHECK_OK(aclrtCreateContext(&c1, 0)); /* current now */
    aclrtStream s1;
    CHECK_OK(aclrtCreateStream(&s1));
    _Atomic uint64_t n = 0;
    for (int round = 0; round < 3; round++) {
        CHECK_OK(aclrtSetCurrentContext(c1));
        for (int i = 0; i < 20; i++)
            CHECK_OK(launch_inc(s1, &n));
        CHECK_OK(launch_inc(NULL, &n)); /* c1's default stream */
        CHECK_OK(aclrtSetCurrentContext(c0));
        CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, launch_inc(s1, &n));
        CHECK_OK(launch_inc(NULL, &n)); /* c0's default stream */
    }
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK(atomic_load(&n) == 3 * 22);
    CHECK_OK(aclrtSetCurrentContext(c1));
    CHECK_OK(aclrtDestroyStream(s1));
    CHECK_OK(aclrtDestroyContext(c1));
    /* The destroyed context is no longer current: a NULL-stream launch fails. */
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, launch_inc(NULL, &n));
    CHECK_OK(aclrtSetCurrentContext(c0));
    CHECK_OK(launch_inc(NULL, &n));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(atomic_load(&n) == 3 * 22 + 1);
}

/* ---- capture after fast launches ---------------------------------------- */

static void test_capture(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    _Atomic uint64_t n = 0;
    for (int i = 0; i < 10; i++)
        CHECK_OK(launch_inc(s, &n));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&n) == 10);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    for (int i = 0; i < 5; i++)
        CHECK_OK(launch_inc(s, &n));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&n) == 10); /* captured, not run */
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&n) == 15);
    CHECK_OK(launch_inc(s, &n)); /* eager again */
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&n) == 16);
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(s));
}

/* A large capture (the lane grows several times: its slow path) of ordered
 * kernels, plain and with copied arguments, replayed three times: every
 * execution runs every node once, in capture order, with the arguments
 * copied at capture time. */
#define CAP_TASKS 5000
static _Atomic uint32_t g_cap_next;

static int32_t k_cap_seq(void *args)
{
    uint32_t v;
    memcpy(&v, args, sizeof v);
    uint32_t want = atomic_load(&g_cap_next);
    if (v != want)
        KFAIL("captured node %u ran where node %u was due", v, want);
    atomic_store(&g_cap_next, want + 1);
    return 0;
}

static _Atomic uint32_t g_cap_plain;

static int32_t k_cap_plain(void *args)
{
    if (args != &g_cap_plain)
        KFAIL("captured kernel got argument %p", args);
    atomic_fetch_add(&g_cap_plain, 1);
    return 0;
}

static void test_capture_large(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    _Atomic uint64_t warm = 0;
    CHECK_OK(launch_inc(s, &warm)); /* known to the fast path */
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&warm) == 1);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    for (uint32_t i = 0; i < CAP_TASKS; i++) {
        uint32_t v = i;
        CHECK_OK(cpuaclLaunchKernelArgs(s, k_cap_seq, &v, sizeof v));
        v = 0xDEADBEEF; /* copied at capture */
        CHECK_OK(cpuaclLaunchKernel(s, k_cap_plain, &g_cap_plain));
    }
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK(atomic_load(&g_cap_next) == 0 && atomic_load(&g_cap_plain) == 0);
    for (uint32_t e = 1; e <= 3; e++) {
        atomic_store(&g_cap_next, 0);
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK(atomic_load(&g_cap_next) == CAP_TASKS);
        CHECK(atomic_load(&g_cap_plain) == e * CAP_TASKS);
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(s));
}

/* ---- two threads taking turns on one stream ------------------------------ */

#define TURNS 300
struct turns {
    aclrtStream s;
    aclrtContext ctx;
    _Atomic int turn; /* whose turn: 0 main, 1 helper */
    _Atomic uint64_t n;
};

static void *turn_main(void *arg)
{
    struct turns *t = arg;
    CHECK_OK(aclrtSetCurrentContext(t->ctx));
    for (int i = 0; i < TURNS; i++) {
        while (atomic_load(&t->turn) != 1)
            sched_yield();
        for (int k = 0; k < 3; k++)
            CHECK_OK(launch_inc(t->s, &t->n));
        atomic_store(&t->turn, 0);
    }
    return NULL;
}

static void test_turns(void)
{
    static struct turns t;
    CHECK_OK(aclrtCreateStream(&t.s));
    CHECK_OK(aclrtGetCurrentContext(&t.ctx));
    atomic_store(&t.turn, 0);
    atomic_store(&t.n, 0);
    pthread_t th;
    CHECK(pthread_create(&th, NULL, turn_main, &t) == 0);
    for (int i = 0; i < TURNS; i++) {
        while (atomic_load(&t.turn) != 0)
            sched_yield();
        for (int k = 0; k < 3; k++)
            CHECK_OK(launch_inc(t.s, &t.n));
        atomic_store(&t.turn, 1);
    }
    pthread_join(th, NULL);
    CHECK_OK(aclrtSynchronizeStream(t.s));
    CHECK(atomic_load(&t.n) == 6 * TURNS);
    CHECK_OK(aclrtDestroyStream(t.s));
}

/* ---- argument copies of every size --------------------------------------- */

static _Atomic uint32_t g_size_next; /* the size the next k_args task was given */

static uint8_t pattern(size_t n, size_t i)
{
    return (uint8_t)(n * 31 + i * 7 + 1);
}

static int32_t k_args(void *args)
{
    size_t n = atomic_fetch_add(&g_size_next, 1) + 1;
    const uint8_t *p = args;
    for (size_t i = 0; i < n; i++)
        if (p[i] != pattern(n, i)) {
            KFAIL("%zu-byte argument copy: byte %zu is %u, expected %u", n, i, p[i],
                  pattern(n, i));
            return 0;
        }
    return 0;
}

static void test_arg_sizes(aclrtStream s)
{
    long pg = sysconf(_SC_PAGESIZE);
    uint8_t *m = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    CHECK(m != MAP_FAILED);
    CHECK(mprotect(m + pg, (size_t)pg, PROT_NONE) == 0); /* a read past the end faults */
    atomic_store(&g_size_next, 0);
    for (int lap = 0; lap < 3; lap++) {
        for (size_t n = 1; n <= CPUACL_KERNEL_ARGS_MAX; n++) {
            uint8_t *src = m + pg - n; /* the block ends at the guard page */
            for (size_t i = 0; i < n; i++)
                src[i] = pattern(n, i);
            CHECK_OK(cpuaclLaunchKernelArgs(s, k_args, src, n));
            memset(src, 0xEE, n); /* the copy was taken at submission */
        }
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK(atomic_load(&g_size_next) == CPUACL_KERNEL_ARGS_MAX);
        atomic_store(&g_size_next, 0);
    }
    CHECK(munmap(m, 2 * (size_t)pg) == 0);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    test_arg_sizes(s);
    test_many_streams();
    test_stale_handles();
    test_contexts();
    test_capture();
    test_capture_large();
    test_turns();
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
