/* SPDX-License-Identifier: Apache-2.0 */
/* Ascend C launches through the runtime's interface (cpuacl/cpuacl_ascendc.h,
 * docs/ascendc.md), without kernel_operator.h: every block runs once with its index,
 * count and own 32-byte aligned unified buffer; the arguments are copied at the call;
 * SyncAll is a barrier across all blocks even when they outnumber the workers (run with
 * CPUACL_WORKERS 1 and 4); a failing block fails the launch at synchronisation with its
 * code, the exception callbacks fire, the stream's next launch runs; blockDim 0 and above
 * the limit are refused; a captured launch replays; reused launch records carry each
 * launch's own kernel, name, block count and arguments. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acltest.h"
#include "cpuacl/cpuacl_ascendc.h"

#define MAXB 256

struct ids_args {
    uint32_t *seen; /* seen[i]: times block i ran */
    uint32_t *num;  /* the blockNum each block saw */
    uintptr_t *ub;  /* the UB each block saw */
    uint32_t tag;
};

static void k_ids(const void *a)
{
    const struct ids_args *p = a;
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    if (!b) {
        KFAIL("no current block");
        return;
    }
    if (p->tag != 0x5a5a)
        KFAIL("argument block not copied (tag %x)", p->tag);
    if ((uintptr_t)b->ub % 32 != 0 || b->ubSize != CPUACL_ASCENDC_UB_SIZE)
        KFAIL("block %u: ub %p size %zu", b->blockIdx, b->ub, b->ubSize);
    memset(b->ub, (int)b->blockIdx, b->ubSize); /* the whole UB is writable */
    atomic_fetch_add((_Atomic uint32_t *)&p->seen[b->blockIdx], 1);
    p->num[b->blockIdx] = b->blockNum;
    p->ub[b->blockIdx] = (uintptr_t)b->ub;
    if (strcmp(b->kernelName, "k_ids") != 0)
        KFAIL("kernel name %s", b->kernelName);
}

/* Each block writes its slot, SyncAll, then reads every other slot; three rounds. */
struct sync_args {
    uint32_t *slot;
    uint32_t *bad;
};

static void k_sync(const void *a)
{
    const struct sync_args *p = a;
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    uint32_t n = b->blockNum, i = b->blockIdx;
    uint32_t *ub = b->ub;
    for (uint32_t round = 1; round <= 3; round++) {
        __atomic_store_n(&p->slot[i], round * 1000 + i, __ATOMIC_RELAXED);
        for (uint32_t k = 0; k < 64; k++) /* the block's own UB survives its SyncAll */
            ub[k * 97] = i * 131 + k + round;
        cpuaclAscendcSyncAll();
        for (uint32_t k = 0; k < 64; k++)
            if (ub[k * 97] != i * 131 + k + round)
                __atomic_fetch_add(p->bad, 1, __ATOMIC_RELAXED);
        if (cpuaclAscendcCurrentBlock() != b)
            __atomic_fetch_add(p->bad, 1, __ATOMIC_RELAXED);
        for (uint32_t j = 0; j < n; j++)
            if (__atomic_load_n(&p->slot[j], __ATOMIC_RELAXED) != round * 1000 + j)
                __atomic_fetch_add(p->bad, 1, __ATOMIC_RELAXED);
        cpuaclAscendcSyncAll();
    }
}

/* Block 3 fails after the first SyncAll; the others SyncAll twice. */
static void k_trap(const void *a)
{
    _Atomic uint32_t *ran = *(_Atomic uint32_t *const *)a;
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    cpuaclAscendcSyncAll();
    if (b->blockIdx == 3)
        cpuaclAscendcFail(0, "test trap at block %u", b->blockIdx);
    cpuaclAscendcSyncAll();
    atomic_fetch_add(ran, 1);
}

static void k_code(const void *a)
{
    (void)a;
    cpuaclAscendcFail(ACL_ERROR_RT_VECTOR_CORE_EXCEPTION, "custom code");
}

#ifndef __SANITIZE_THREAD__ /* faults are not caught under TSan (AK9) */
/* Faults (AK9): block 2 writes to an unmapped address, past its unified buffer into the
 * guard page, or overflows its stack. */
static volatile uint32_t g_sink, g_depth_limit = UINT32_MAX; /* never reached */
static volatile uintptr_t g_bad_addr = 24;
__attribute__((noinline)) static uint32_t deep(uint32_t d)
{
    volatile unsigned char pad[2048];
    pad[d % sizeof pad] = (unsigned char)d;
    if (d >= g_depth_limit)
        return pad[0];
    return deep(d + 1) + pad[(d * 7) % sizeof pad];
}

static void k_fault(const void *a)
{
    uint32_t what = *(const uint32_t *)a;
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    if (b->blockIdx != 2)
        return;
    if (what == 0)
        *(volatile uint32_t *)g_bad_addr = 1;
    else if (what == 1)
        ((volatile unsigned char *)b->ub)[b->ubSize + 100] = 1;
    else
        g_sink = deep(0);
}
#endif

static void k_count(const void *a)
{
    atomic_fetch_add(*(_Atomic uint32_t *const *)a, 1);
}

static _Atomic int g_cb;
static uint32_t g_cb_code;
static void on_exc(aclrtExceptionInfo *info)
{
    g_cb_code = aclrtGetErrorCodeFromExceptionInfo(info);
    atomic_fetch_add(&g_cb, 1);
}

/* Block 0 stores the launch's value and block count in its slot; every block counts. */
struct tag_args {
    uint32_t *out;
    _Atomic uint32_t *blocks;
    uint32_t idx, val;
};

static void k_tag(const void *a)
{
    const struct tag_args *p = a;
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    if (b->blockIdx == 0)
        p->out[p->idx] = p->val * 1000u + b->blockNum;
    atomic_fetch_add(&p->blocks[p->idx], 1);
}

static void launch_ids(aclrtStream s, uint32_t dim);

/* Launch records are reused, written only where a launch differs from the record's last one
 * (AK6): alternating kernels, names, block counts (one runner and several) and argument sizes
 * on one thread, with SyncAll and failures between, each launch sees its own; 300 launches
 * queued at once (more than a thread's ring holds) each see their own arguments. */
static void records_reused(aclrtStream s)
{
    static const uint32_t dims[] = {1, 3, 8, 64, 2, 5};
    static _Atomic uint32_t ran;
    _Atomic uint32_t *rp = &ran;
    for (uint32_t round = 0; round < 36; round++) {
        uint32_t dim = dims[round % 6];
        static uint32_t slot[64], bad;
        bad = 0;
        struct sync_args sa = {slot, &bad};
        CHECK_OK(cpuaclAscendcLaunch(s, dim, "k_sync", k_sync, &sa, sizeof sa));
        launch_ids(s, dim); /* its blocks check their name and arguments */
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK(bad == 0);
        if (round % 6 == 5) { /* a failure names its own kernel, then the next launch runs */
            CHECK_OK(cpuaclAscendcLaunch(s, 8, "k_trap", k_trap, &rp, sizeof rp));
            CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));
            const char *m = aclGetRecentErrMsg();
            CHECK(m && strstr(m, "k_trap") && strstr(m, "block 3 of 8"));
            CHECK_OK(cpuaclAscendcLaunch(s, dim, "k_code_renamed", k_code, NULL, 0));
            CHECK_ACL(ACL_ERROR_RT_VECTOR_CORE_EXCEPTION, aclrtSynchronizeStream(s));
            m = aclGetRecentErrMsg();
            CHECK(m && strstr(m, "k_code_renamed") && !strstr(m, "k_trap"));
        }
    }
    enum { Q = 300 };
    static uint32_t out[Q];
    static _Atomic uint32_t blocks[Q];
    for (uint32_t i = 0; i < Q; i++) {
        struct tag_args ta = {out, blocks, i, i + 7};
        CHECK_OK(cpuaclAscendcLaunch(s, dims[i % 6], "k_tag", k_tag, &ta, sizeof ta));
    }
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_NO_KFAIL();
    for (uint32_t i = 0; i < Q; i++)
        CHECK(out[i] == (i + 7) * 1000u + dims[i % 6] && atomic_load(&blocks[i]) == dims[i % 6]);
}

static void launch_ids(aclrtStream s, uint32_t dim)
{
    static uint32_t seen[MAXB], num[MAXB];
    static uintptr_t ub[MAXB];
    memset(seen, 0, sizeof seen);
    struct ids_args a = {seen, num, ub, 0x5a5a};
    CHECK_OK(cpuaclAscendcLaunch(s, dim, "k_ids", k_ids, &a, sizeof a));
    a.tag = 0; /* copied at the call: the blocks see 0x5a5a */
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_NO_KFAIL();
    for (uint32_t i = 0; i < dim; i++)
        CHECK(seen[i] == 1 && num[i] == dim && ub[i] != 0);
    CHECK(cpuaclAscendcCurrentBlock() == NULL);
}

int main(void)
{
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, cpuaclAscendcLaunch(NULL, 1, "k", k_count, NULL, 0));
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));

    /* Blocks: each once, with its index and count, for 1, fewer and more than workers. */
    launch_ids(s, 1);
    launch_ids(s, 3);
    launch_ids(s, 8);
    launch_ids(s, MAXB);

    /* SyncAll with blocks outnumbering the workers (8 and 64 blocks). */
    for (uint32_t dim = 2; dim <= 64; dim *= 4) {
        static uint32_t slot[64], bad;
        bad = 0;
        struct sync_args a = {slot, &bad};
        CHECK_OK(cpuaclAscendcLaunch(s, dim, "k_sync", k_sync, &a, sizeof a));
        CHECK_OK(aclrtSynchronizeStream(s));
        if (bad) {
            fprintf(stderr, "k_sync blockDim %u: %u stale reads after SyncAll\n", dim, bad);
            return 1;
        }
    }

    /* Refused launches: the code and a message naming the kernel. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclAscendcLaunch(s, 0, "kzero", k_count, NULL, 0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              cpuaclAscendcLaunch(s, CPUACL_ASCENDC_MAX_BLOCK_DIM + 1, "kbig", k_count, NULL, 0));
    CHECK(cpuaclAscendcLaunch(s, 0, "kzero", k_count, NULL, 0) == ACL_ERROR_INVALID_PARAM);
    const char *m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "kzero") && strstr(m, "blockDim 0"));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclAscendcLaunch(s, 1, "knull", NULL, NULL, 0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclAscendcLaunch(s, 1, "kargs", k_count, NULL, 8));

    /* A trap in block 3 of 8: the launch fails at synchronisation, callbacks fire, no
     * hang (the other blocks pass their SyncAll), the next launch runs. */
    CHECK_OK(aclrtSetExceptionInfoCallback(on_exc));
    static _Atomic uint32_t ran;
    _Atomic uint32_t *rp = &ran;
    CHECK_OK(cpuaclAscendcLaunch(s, 8, "k_trap", k_trap, &rp, sizeof rp));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));
    m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "k_trap") && strstr(m, "block 3 of 8") && strstr(m, "test trap"));
    CHECK(atomic_load(&g_cb) == 1 && g_cb_code == ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK(atomic_load(&ran) <= 7);
    CHECK_OK(cpuaclAscendcLaunch(s, 4, "k_code", k_code, NULL, 0));
    CHECK_ACL(ACL_ERROR_RT_VECTOR_CORE_EXCEPTION, aclrtSynchronizeStream(s));
    CHECK(atomic_load(&g_cb) == 2 && g_cb_code == ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    /* A fault in block 2 of 4 (unmapped address, unified buffer overrun, stack overflow)
     * fails the launch with its kernel, block and address; the process and the worker go on. */
#ifndef __SANITIZE_THREAD__ /* faults are not caught under TSan (AK9) */
    static const char *const fault_what[3] = {"address 0x18", "SIGSEGV", "SIGSEGV"};
    for (uint32_t what = 0; what < 3; what++) {
        int cb = atomic_load(&g_cb);
        CHECK_OK(cpuaclAscendcLaunch(s, 4, "k_fault", k_fault, &what, sizeof what));
        CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));
        m = aclGetRecentErrMsg();
        CHECK(m && strstr(m, "k_fault") && strstr(m, "block 2 of 4") &&
              strstr(m, fault_what[what]));
        CHECK(atomic_load(&g_cb) == cb + 1 && g_cb_code == ACL_ERROR_RT_AICORE_EXCEPTION);
    }
#endif
    CHECK_OK(aclrtSetExceptionInfoCallback(NULL));
    atomic_store(&ran, 0);
    CHECK_OK(cpuaclAscendcLaunch(s, 5, "k_count", k_count, &rp, sizeof rp));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&ran) == 5);

    /* Capture and replay: every replay runs every block again, SyncAll included. */
    aclmdlRI ri;
    atomic_store(&ran, 0);
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(cpuaclAscendcLaunch(s, 6, "k_count", k_count, &rp, sizeof rp));
    static uint32_t slot[16], bad;
    struct sync_args sa = {slot, &bad};
    CHECK_OK(cpuaclAscendcLaunch(s, 16, "k_sync", k_sync, &sa, sizeof sa));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK(atomic_load(&ran) == 0);
    for (int r = 0; r < 5; r++)
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&ran) == 30 && bad == 0);
    CHECK_OK(aclmdlRIDestroy(ri));

    records_reused(s);

    /* Outside a block: no current block, SyncAll is a no-op. */
    CHECK(cpuaclAscendcCurrentBlock() == NULL);
    cpuaclAscendcSyncAll();

    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("ascendc_launch: ok\n");
    return 0;
}
