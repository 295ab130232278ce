/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Frees and queued work (docs/memory.md, "Frees and queued work"; core/memory/retire.c): a
 * copy, memset or value write queued on device or pinned host memory, held behind a blocked
 * stream (a gate kernel, a value wait, a host function), and then the memory freed and the same
 * size allocated again: the new allocation's bytes are never touched by the old queued work, and
 * a queued read of the freed memory never sees the new owner's bytes. The free returns at once
 * (no wait, also from a host function on the stream itself and from a report thread's
 * callback); the capacity comes back once the streams passed the work. Then a multi-threaded
 * stress with payload checks, a captured model replayed after the free of memory it writes (the
 * program's bug: the call succeeds, the runtime does not crash), and a device reset and
 * aclFinalize with blocks still retired (LeakSanitizer under the asan preset).
 */
#include "memapi.h"

#define N 4096

/* A host function that holds its stream until g_release is set. */
static _Atomic int g_release;
static void hold(void *arg)
{
    (void)arg;
    double t0 = mt_now_ms();
    while (!atomic_load_explicit(&g_release, memory_order_acquire) && mt_now_ms() - t0 < 30000)
        mt_sleep_ms(0.1);
}

/* Allocate n bytes of the kind (host: pinned) and fill them with pattern seed. */
static void *fresh(bool host, size_t n, uint32_t seed)
{
    void *p = NULL;
    if (host)
        CHECK_OK(aclrtMallocHost(&p, n));
    else
        CHECK_OK(aclrtMalloc(&p, n, ACL_MEM_MALLOC_HUGE_FIRST));
    pat_fill(p, n, seed);
    return p;
}

static void release(bool host, void *p)
{
    if (host)
        EXPECT_OK(aclrtFreeHost(p));
    else
        EXPECT_OK(aclrtFree(p));
}

/* Which blocker holds the stream. */
enum hold_by { BY_GATE, BY_HOSTFUNC, BY_VALUE_WAIT };
struct holder {
    enum hold_by by;
    struct mt_gate g;
    uint64_t *word; /* BY_VALUE_WAIT: the waited word (its own allocation) */
};

static void hold_stream(struct holder *h, aclrtStream s)
{
    switch (h->by) {
    case BY_GATE:
        memset(&h->g, 0, sizeof(h->g));
        CHECK_OK(cpuaclLaunchKernel(s, mt_gate_kernel, &h->g));
        break;
    case BY_HOSTFUNC:
        atomic_store(&g_release, 0);
        CHECK_OK(aclrtLaunchHostFunc(s, hold, NULL));
        break;
    case BY_VALUE_WAIT:
        CHECK_OK(aclrtMalloc((void **)&h->word, 64, ACL_MEM_MALLOC_HUGE_FIRST));
        *h->word = 0;
        CHECK_OK(aclrtValueWait(h->word, 1, ACL_VALUE_WAIT_EQ, s));
        break;
    }
}

static void open_stream(struct holder *h)
{
    switch (h->by) {
    case BY_GATE:
        gate_open(&h->g);
        break;
    case BY_HOSTFUNC:
        atomic_store_explicit(&g_release, 1, memory_order_release);
        break;
    case BY_VALUE_WAIT:
        /* a write from the host: the wait polls (memory.c), also without a value write */
        CHECK_OK(aclrtValueWrite(h->word, 1, 0, NULL));
        break;
    }
}

static void holder_done(struct holder *h)
{
    if (h->by == BY_VALUE_WAIT)
        EXPECT_OK(aclrtFree(h->word));
}

/* The queued operation on the block to be freed. */
enum op { OP_MEMSET, OP_COPY_IN, OP_COPY_OUT, OP_VALUE_WRITE, OP_MEMSET_D32 };
static const char *const op_name[] = {"memset", "copy into", "copy out of", "value write",
                                      "memset d32"};

/*
 * One round: stream s held; op queued on block b (device, or pinned host for host); b freed;
 * the same size allocated again (on main's code, the same address) and filled with a pattern;
 * the stream let go. The new block keeps its pattern; a copy out of b read b's old bytes.
 */
static void round_trip(enum hold_by by, enum op op, bool host)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    struct holder h = {.by = by};
    void *b = fresh(host, N, 11);
    void *other = fresh(false, N, 12); /* the other side of a copy: device memory */
    void *out = fresh(true, N, 13);    /* where a copy out of b lands: pinned */
    size_t f0 = mi_free(ACL_HBM_MEM);
    hold_stream(&h, s);
    aclrtMemcpyKind to_b = host ? ACL_MEMCPY_DEVICE_TO_HOST : ACL_MEMCPY_DEVICE_TO_DEVICE;
    aclrtMemcpyKind from_b = host ? ACL_MEMCPY_HOST_TO_DEVICE : ACL_MEMCPY_DEVICE_TO_HOST;
    switch (op) {
    case OP_MEMSET:
        CHECK_OK(aclrtMemsetAsync(b, N, 0xA5, N, s));
        break;
    case OP_MEMSET_D32:
        CHECK(!host);
        CHECK_OK(aclrtMemsetD32Async(b, N, 0xA5A5A5A5u, N / 4, s));
        break;
    case OP_COPY_IN:
        CHECK_OK(aclrtMemcpyAsync(b, N, other, N, to_b, s));
        break;
    case OP_COPY_OUT:
        if (host) /* pinned b to device memory */
            CHECK_OK(aclrtMemcpyAsync(other, N, b, N, from_b, s));
        else
            CHECK_OK(aclrtMemcpyAsync(out, N, b, N, from_b, s));
        break;
    case OP_VALUE_WRITE:
        CHECK(!host);
        CHECK_OK(aclrtValueWrite((char *)b + 64, 0x5A5A5A5A5A5A5A5Aull, 0, s));
        break;
    }
    double t0 = mt_now_ms();
    release(host, b);
    EXPECT(mt_now_ms() - t0 < 1000); /* never waits for the held stream */
    void *nb = fresh(host, N, 21);   /* the new owner */
    if (!host) {
        /* the freed block is not reused yet: its capacity is still charged */
        EXPECT(mi_free(ACL_HBM_MEM) <= f0 - acl_rounded(N, true));
    }
    open_stream(&h);
    EXPECT_OK(aclrtSynchronizeStream(s));
    long at = pat_check(nb, N, 21);
    if (at >= 0) {
        fprintf(stderr,
                "%s of a freed %s block held by %d: the new allocation (%s address) changed at "
                "byte %ld\n",
                op_name[op], host ? "pinned" : "device", (int)by, nb == b ? "same" : "another", at);
        g_failed = 1;
    }
    if (op == OP_COPY_OUT) { /* the copy read the old owner's bytes, not the new one's */
        EXPECT_PAT(host ? other : out, N, 11);
    }
    release(host, nb);
    EXPECT_OK(aclrtFree(other));
    EXPECT_OK(aclrtFreeHost(out));
    holder_done(&h);
    EXPECT_OK(aclrtDestroyStream(s));
    /* every block came back once the stream passed */
    EXPECT(mi_free(ACL_HBM_MEM) == f0 + acl_rounded(N, true) * (host ? 1 : 2));
}

static void all_rounds(void)
{
    for (int by = BY_GATE; by <= BY_VALUE_WAIT; by++) {
        for (int op = OP_MEMSET; op <= OP_MEMSET_D32; op++)
            round_trip((enum hold_by)by, (enum op)op, false);
        round_trip((enum hold_by)by, OP_COPY_IN, true);
        round_trip((enum hold_by)by, OP_COPY_OUT, true);
    }
}

/* Two streams held by value waits (a gate kernel would hold the device's one worker), with
 * memsets on two blocks, a third stream idle: both frees wait for the busy streams; new blocks of
 * the same sizes keep their bytes, also while one stream has passed and the other not. */
static void multi_stream(void)
{
    aclrtStream s[3];
    for (int i = 0; i < 3; i++)
        CHECK_OK(aclrtCreateStream(&s[i]));
    size_t f0 = mi_free(ACL_HBM_MEM);
    struct holder h[2] = {{.by = BY_VALUE_WAIT}, {.by = BY_VALUE_WAIT}};
    void *b[2], *nb[8];
    for (int i = 0; i < 2; i++) {
        b[i] = fresh(false, N * (i + 1), 30 + (uint32_t)i);
        hold_stream(&h[i], s[i]);
        CHECK_OK(aclrtMemsetAsync(b[i], N * (i + 1), 0xEE, N * (i + 1), s[i]));
    }
    EXPECT_OK(aclrtFree(b[0]));
    EXPECT_OK(aclrtFree(b[1]));
    for (int i = 0; i < 4; i++)
        nb[i] = fresh(false, N * (size_t)(i % 2 + 1), 40 + (uint32_t)i);
    open_stream(&h[1]); /* one stream passes: the other still holds both blocks (FR3) */
    EXPECT_OK(aclrtSynchronizeStream(s[1]));
    for (int i = 4; i < 8; i++)
        nb[i] = fresh(false, N * (size_t)(i % 2 + 1), 40 + (uint32_t)i);
    open_stream(&h[0]);
    for (int i = 0; i < 3; i++)
        EXPECT_OK(aclrtSynchronizeStream(s[i]));
    for (int i = 0; i < 8; i++) {
        long at = pat_check(nb[i], N * (size_t)(i % 2 + 1), 40 + (uint32_t)i);
        if (at >= 0) {
            fprintf(stderr, "multi_stream: new block %d changed at byte %ld\n", i, at);
            g_failed = 1;
        }
        EXPECT_OK(aclrtFree(nb[i]));
    }
    for (int i = 0; i < 2; i++)
        holder_done(&h[i]);
    for (int i = 0; i < 3; i++)
        EXPECT_OK(aclrtDestroyStream(s[i]));
    EXPECT(mi_free(ACL_HBM_MEM) == f0);
}

/* A free from a host function running on the stream that has the block's work queued ahead
 * of it, and from a blocking callback on the report thread: neither waits (no deadlock), and
 * the block goes back once the stream passes. */
static void *g_cb_block;
static _Atomic int g_cb_rc = -1, g_hf_rc = -1;
static void free_in_hostfunc(void *arg)
{
    atomic_store(&g_hf_rc, aclrtFree(arg));
}
static void free_in_callback(void *arg)
{
    (void)arg;
    atomic_store(&g_cb_rc, aclrtFree(g_cb_block));
}

static void free_from_stream_threads(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    size_t f0 = mi_free(ACL_HBM_MEM);
    void *b = fresh(false, N, 50);
    g_cb_block = fresh(false, N, 51);
    uint64_t me = (uint64_t)pthread_self();
    CHECK_OK(aclrtSubscribeReport(me, s));
    CHECK_OK(aclrtMemsetAsync(b, N, 1, N, s));
    CHECK_OK(aclrtMemsetAsync(g_cb_block, N, 2, N, s));
    CHECK_OK(aclrtLaunchHostFunc(s, free_in_hostfunc, b));
    CHECK_OK(aclrtLaunchCallback(free_in_callback, NULL, ACL_CALLBACK_BLOCK, s));
    void *after = fresh(false, 64, 0);
    CHECK_OK(aclrtMemsetAsync(after, 64, 3, 64, s)); /* work after the frees */
    EXPECT_OK(aclrtSynchronizeStream(s));            /* runs the callback on this thread (CB4) */
    EXPECT(atomic_load(&g_hf_rc) == ACL_SUCCESS);
    EXPECT(atomic_load(&g_cb_rc) == ACL_SUCCESS);
    EXPECT_OK(aclrtUnSubscribeReport(me, s));
    EXPECT_BYTES(after, 64, 3);
    EXPECT_OK(aclrtFree(after));
    EXPECT_OK(aclrtDestroyStream(s));
    EXPECT(mi_free(ACL_HBM_MEM) == f0);
}

/* Threads, each with its own stream: a slow kernel, a memset of a block, its free, a new block
 * of the same size with a pattern, then a check of the pattern after the stream synchronised. */
static int32_t slow_kernel(void *arg)
{
    (void)arg;
    mt_sleep_ms(0.05);
    return 0;
}

struct stress_arg {
    aclrtContext ctx;
    uint32_t id;
    pthread_t th;
    int bad;
};

static void *stress_main(void *a)
{
    struct stress_arg *sa = a;
    CHECK_OK(aclrtSetCurrentContext(sa->ctx));
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    void *dst = fresh(false, 64 << 7, 0); /* where copies out of pinned blocks land */
    for (uint32_t i = 0; i < 300; i++) {
        size_t n = (size_t)64 << (i % 8);
        bool host = i % 4 == 3;
        void *b = fresh(host, n, 0);
        CHECK_OK(cpuaclLaunchKernel(s, slow_kernel, NULL));
        if (host) { /* a queued read of the pinned block */
            memset(b, 0xCC, n);
            CHECK_OK(aclrtMemcpyAsync(dst, n, b, n, ACL_MEMCPY_HOST_TO_DEVICE, s));
            CHECK_OK(aclrtFreeHost(b));
        } else { /* a queued write of the device block */
            CHECK_OK(aclrtMemsetAsync(b, n, 0xCC, n, s));
            CHECK_OK(aclrtFree(b));
        }
        uint32_t seed = sa->id * 1000 + i;
        void *nb = fresh(host, n, seed);
        CHECK_OK(aclrtSynchronizeStream(s));
        if (pat_check(nb, n, seed) >= 0 || (host && all_bytes(dst, n, 0xCC) >= 0))
            sa->bad++;
        release(host, nb);
    }
    EXPECT_OK(aclrtFree(dst));
    CHECK_OK(aclrtDestroyStream(s));
    return NULL;
}

static void stress(void)
{
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    size_t f0 = mi_free(ACL_HBM_MEM);
    struct stress_arg a[4];
    for (uint32_t i = 0; i < 4; i++) {
        a[i] = (struct stress_arg){.ctx = ctx, .id = i + 1};
        CHECK(pthread_create(&a[i].th, NULL, stress_main, &a[i]) == 0);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(a[i].th, NULL);
        if (a[i].bad) {
            fprintf(stderr, "stress: thread %d saw %d new blocks changed by old work\n", i,
                    a[i].bad);
            g_failed = 1;
        }
    }
    EXPECT_OK(aclrtSynchronizeDevice());
    EXPECT(mi_free(ACL_HBM_MEM) == f0);
}

/* A captured model that sets a block, replayed after the block was freed and its size
 * allocated again: the program's bug (as on an NPU); the runtime runs the replay (it writes
 * wherever the address points now, pool memory that stays mapped) and does not crash. */
static void replay_after_free(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    void *b = fresh(false, N, 60);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtMemsetAsync(b, N, 0x77, N, s));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    EXPECT_OK(aclmdlRIExecuteAsync(ri, s));
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT_BYTES(b, N, 0x77);
    EXPECT_OK(aclrtFree(b));
    void *nb = fresh(false, N, 61);
    EXPECT_OK(aclmdlRIExecuteAsync(ri, s));
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT_OK(aclmdlRIDestroy(ri));
    EXPECT_OK(aclrtFree(nb));
    EXPECT_OK(aclrtDestroyStream(s));
}

/* Blocks still retired at a device reset and at aclFinalize: released with the device (the
 * capacity is whole again; LeakSanitizer sees no record left). */
static void teardown_with_retired(void)
{
    size_t total = mi_total(ACL_HBM_MEM);
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    struct mt_gate_timer tm;
    struct mt_gate g = {0};
    CHECK_OK(cpuaclLaunchKernel(s, mt_gate_kernel, &g));
    void *b = fresh(false, N, 70), *h = fresh(true, N, 71);
    CHECK_OK(aclrtMemsetAsync(b, N, 0, N, s));
    CHECK_OK(aclrtMemcpyAsync(b, N, h, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_OK(aclrtFree(b));
    EXPECT_OK(aclrtFreeHost(h));
    gate_open_later(&tm, &g, 50); /* the reset drains the stream: let it go meanwhile */
    EXPECT_OK(aclrtResetDevice(0));
    pthread_join(tm.th, NULL);
    CHECK_OK(aclrtSetDevice(0));
    EXPECT(mi_free(ACL_HBM_MEM) == total);
    /* and a pinned block left retired for aclFinalize (TEST_CLOSE) */
    CHECK_OK(aclrtCreateStream(&s));
    struct mt_gate g2 = {0};
    CHECK_OK(cpuaclLaunchKernel(s, mt_gate_kernel, &g2));
    h = fresh(true, N, 72);
    b = fresh(false, N, 73);
    CHECK_OK(aclrtMemcpyAsync(b, N, h, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_OK(aclrtFreeHost(h));
    EXPECT_OK(aclrtFree(b));
    gate_open_later(&tm, &g2, 50);
    (void)s; /* destroyed by the reset in TEST_CLOSE */
    TEST_CLOSE();
    pthread_join(tm.th, NULL);
    TEST_OPEN();
}

int main(void)
{
    TEST_OPEN();
    all_rounds();
    multi_stream();
    free_from_stream_threads();
    stress();
    replay_after_free();
    teardown_with_retired();
    TEST_CLOSE();
    return memapi_exit("memory_retire");
}
