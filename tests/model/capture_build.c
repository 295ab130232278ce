/* SPDX-License-Identifier: Apache-2.0 */
/* Models built by hand (aclmdlRIBuildBegin .. BuildEnd over bound streams): replay, inspection,
 * misuse. */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cpuacl/cpuacl.h"
#include "softcheck.h"
#include "isolate.h"
#include "testutil.h"
#include "capture.h"

/* ---- kernels that check their dependencies -------------------------------- */

#define MAXN 32
#define MAXP 8
#define MAGIC 0x6b1d5eedu

static int g_npreds[MAXN];
static int g_preds[MAXN][MAXP];
static atomic_uint g_cnt[MAXN]; /* times node ran */

struct node_args {
    uint32_t id;
    uint32_t check; /* id ^ MAGIC: the copied argument block survives replays */
};

/* Node n of execution k runs after each of its predecessors ran in
 * execution k (count k+1 = its own count + 1) and not yet in k+1. */
static int32_t k_node(void *a)
{
    const struct node_args *n = a;
    if (n->id >= MAXN || n->check != (n->id ^ MAGIC))
        return kfail("node payload corrupted", n->id, n->check, 0);
    unsigned mine;
    if (node_deps_ran(g_cnt, g_preds[n->id], g_npreds[n->id], n->id, &mine))
        return 1;
    atomic_store_explicit(&g_cnt[n->id], mine + 1, memory_order_release);
    return 0;
}

static void check_kernels(int line)
{
    if (atomic_load(&g_kernel_fail)) {
        fprintf(stderr, "line %d: kernel check failed: %s\n", line, g_kernel_msg);
        g_failed = 1;
        atomic_store(&g_kernel_fail, 0);
    }
}
#define CHECK_KERNELS() check_kernels(__LINE__)

/* ---- graphs as scripts ----------------------------------------------------- */

enum op_kind { OP_K, OP_REC, OP_WAIT };

struct op {
    int lane;
    enum op_kind kind;
    int arg; /* node id (OP_K) or event index */
};

#define MAXL 4
#define MAXE 8

struct built {
    aclmdlRI m;
    aclrtStream s[MAXL];
    aclrtEvent e[MAXE];
    int nlanes, nnodes;
    uint32_t tasks[MAXL]; /* tasks submitted per lane */
};

static aclrtStream persistent_stream(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStreamWithConfig(&s, 0, ACL_STREAM_PERSISTENT));
    return s;
}

/* Bind nlanes fresh persistent streams (HEAD), play the script in its
 * order, end every lane and the build. Records the dependencies each node
 * must see: the lane's previous node and the nodes before the records the
 * lane waited for since. */
static void build_script(struct built *b, int nlanes, const struct op *ops, int nops)
{
    memset(b, 0, sizeof(*b));
    memset(g_npreds, 0, sizeof(g_npreds));
    for (int i = 0; i < MAXN; i++)
        atomic_store(&g_cnt[i], 0);
    b->nlanes = nlanes;
    CHECK_OK(aclmdlRIBuildBegin(&b->m, 0));
    CHECK(b->m != NULL);
    for (int l = 0; l < nlanes; l++) {
        b->s[l] = persistent_stream();
        CHECK_OK(aclmdlRIBindStream(b->m, b->s[l], ACL_MODEL_STREAM_FLAG_HEAD));
    }
    int last[MAXL], rec_src[MAXE], pend[MAXL][MAXP], npend[MAXL] = {0};
    for (int l = 0; l < MAXL; l++)
        last[l] = -1;
    for (int e = 0; e < MAXE; e++) {
        rec_src[e] = -1;
        b->e[e] = NULL;
    }
    for (int i = 0; i < nops; i++) {
        const struct op *o = &ops[i];
        CHECK(o->lane < nlanes && o->arg >= 0);
        if (o->kind == OP_K) {
            int id = o->arg;
            CHECK(id < MAXN);
            if (last[o->lane] >= 0)
                g_preds[id][g_npreds[id]++] = last[o->lane];
            for (int p = 0; p < npend[o->lane]; p++) {
                CHECK(g_npreds[id] < MAXP);
                g_preds[id][g_npreds[id]++] = pend[o->lane][p];
            }
            npend[o->lane] = 0;
            last[o->lane] = id;
            struct node_args a = {(uint32_t)id, (uint32_t)id ^ MAGIC};
            CHECK_OK(cpuaclLaunchKernelArgs(b->s[o->lane], k_node, &a, sizeof(a)));
            if (id + 1 > b->nnodes)
                b->nnodes = id + 1;
        } else if (o->kind == OP_REC) {
            CHECK(o->arg < MAXE && last[o->lane] >= 0);
            if (!b->e[o->arg])
                b->e[o->arg] = new_event();
            rec_src[o->arg] = last[o->lane];
            CHECK_OK(aclrtRecordEvent(b->e[o->arg], b->s[o->lane]));
        } else {
            CHECK(o->arg < MAXE && rec_src[o->arg] >= 0 && npend[o->lane] < MAXP);
            pend[o->lane][npend[o->lane]++] = rec_src[o->arg];
            CHECK_OK(aclrtStreamWaitEvent(b->s[o->lane], b->e[o->arg]));
        }
        b->tasks[o->lane]++;
    }
    for (int l = 0; l < nlanes; l++)
        CHECK_OK(aclmdlRIEndTask(b->m, b->s[l]));
    CHECK_OK(aclmdlRIBuildEnd(b->m, NULL));
}

static void free_built(struct built *b)
{
    for (int l = 0; l < b->nlanes; l++) {
        CHECK_OK(aclmdlRIUnbindStream(b->m, b->s[l]));
        CHECK_OK(aclrtDestroyStream(b->s[l]));
    }
    CHECK_OK(aclmdlRIDestroy(b->m));
    for (int e = 0; e < MAXE; e++)
        if (b->e[e])
            CHECK_OK(aclrtDestroyEvent(b->e[e]));
}

/* Execute n times asynchronously on exec, then `sync_runs` times with
 * aclmdlRIExecute(timeout); every node then ran exactly that often. */
static void run_many(struct built *b, aclrtStream exec, unsigned n, unsigned sync_runs, int line)
{
    for (unsigned i = 0; i < n; i++)
        CHECK_OK(aclmdlRIExecuteAsync(b->m, exec));
    CHECK_OK(aclrtSynchronizeStream(exec));
    for (unsigned i = 0; i < sync_runs; i++)
        CHECK_OK(aclmdlRIExecute(b->m, 10000));
    check_kernels(line);
    for (int id = 0; id < b->nnodes; id++)
        if (atomic_load(&g_cnt[id]) != n + sync_runs) {
            fprintf(stderr, "line %d: node %d ran %u times, expected %u\n", line, id,
                    atomic_load(&g_cnt[id]), n + sync_runs);
            g_failed = 1;
        }
}

/* ---- replay ----------------------------------------------------------------- */

/* 1 stream: kernels, a memset, a device copy and a host function, in order. */
static atomic_uint g_host_runs;
static uint8_t *g_buf, *g_src, *g_dst;

static int32_t k_check_set(void *a)
{
    (void)a;
    for (int i = 0; i < 64; i++)
        if (g_buf[i] != 0xAB)
            return kfail("memset did not run before the kernel", (unsigned)i, g_buf[i], 0);
    memset(g_buf, 0, 64);
    return 0;
}

static int32_t k_check_copy(void *a)
{
    (void)a;
    if (memcmp(g_dst, g_src, 64) != 0)
        return kfail("device copy did not run before the kernel", g_dst[0], g_src[0], 0);
    memset(g_dst, 0, 64);
    return 0;
}

static void host_count(void *a)
{
    (void)a;
    atomic_fetch_add(&g_host_runs, 1);
}

static void test_one_stream(void)
{
    CHECK_OK(aclrtMalloc((void **)&g_buf, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&g_src, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&g_dst, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < 64; i++)
        g_src[i] = (uint8_t)(i * 7 + 1);
    memset(g_dst, 0, 64);
    memset(g_buf, 0, 64);
    struct built b;
    memset(&b, 0, sizeof(b));
    memset(g_npreds, 0, sizeof(g_npreds));
    b.nlanes = 1;
    CHECK_OK(aclmdlRIBuildBegin(&b.m, 0));
    b.s[0] = persistent_stream();
    /* Work queued before the bind runs normally; syncing a bound stream waits for it. */
    atomic_store(&g_host_runs, 0);
    CHECK_OK(aclrtLaunchHostFunc(b.s[0], host_count, NULL));
    CHECK_OK(aclmdlRIBindStream(b.m, b.s[0], ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeStream(b.s[0]));
    EXPECT(atomic_load(&g_host_runs) == 1);
    /* Script by hand: K0 memset K1(check) K2 copy K3(check) hostfn. */
    struct node_args a0 = {0, 0 ^ MAGIC}, a1 = {1, 1 ^ MAGIC}, a2 = {2, 2 ^ MAGIC},
                     a3 = {3, 3 ^ MAGIC};
    g_npreds[1] = 1, g_preds[1][0] = 0;
    g_npreds[2] = 1, g_preds[2][0] = 1;
    g_npreds[3] = 1, g_preds[3][0] = 2;
    CHECK_OK(cpuaclLaunchKernelArgs(b.s[0], k_node, &a0, sizeof(a0)));
    CHECK_OK(aclrtMemsetAsync(g_buf, 64, 0xAB, 64, b.s[0]));
    CHECK_OK(cpuaclLaunchKernel(b.s[0], k_check_set, NULL));
    CHECK_OK(cpuaclLaunchKernelArgs(b.s[0], k_node, &a1, sizeof(a1)));
    CHECK_OK(aclrtMemcpyAsync(g_dst, 64, g_src, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, b.s[0]));
    CHECK_OK(cpuaclLaunchKernel(b.s[0], k_check_copy, NULL));
    CHECK_OK(cpuaclLaunchKernelArgs(b.s[0], k_node, &a2, sizeof(a2)));
    CHECK_OK(aclrtLaunchHostFunc(b.s[0], host_count, NULL));
    CHECK_OK(cpuaclLaunchKernelArgs(b.s[0], k_node, &a3, sizeof(a3)));
    b.nnodes = 4;
    /* Nothing ran while recording. */
    EXPECT(atomic_load(&g_cnt[0]) == 0 && atomic_load(&g_host_runs) == 1);
    EXPECT(g_buf[0] != 0xAB && g_dst[5] == 0);
    uint32_t nt = 0;
    CHECK_OK(aclmdlRIGetTasksByStream(b.s[0], NULL, &nt));
    EXPECT(nt == 9);
    CHECK_OK(aclmdlRIEndTask(b.m, b.s[0]));
    CHECK_OK(aclmdlRIBuildEnd(b.m, NULL));
    aclrtStream exec;
    CHECK_OK(aclrtCreateStream(&exec));
    run_many(&b, exec, 200, 10, __LINE__);
    EXPECT(atomic_load(&g_host_runs) == 1 + 210);
    /* On the default stream too. */
    CHECK_OK(aclmdlRIExecuteAsync(b.m, NULL));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK_KERNELS();
    EXPECT(atomic_load(&g_cnt[3]) == 211);
    CHECK_OK(aclrtDestroyStream(exec));
    free_built(&b);
    FREE_DEVICE(g_buf, g_src, g_dst);
}

/* 2 streams crossing twice. */
static void test_two_streams(void)
{
    static const struct op ops[] = {
        {0, OP_K, 0},   {0, OP_REC, 0}, {1, OP_WAIT, 0}, {1, OP_K, 3},
        {1, OP_REC, 1}, {0, OP_K, 1},   {0, OP_WAIT, 1}, {0, OP_K, 2},
        {1, OP_K, 4},   {1, OP_REC, 2}, {0, OP_WAIT, 2}, {0, OP_K, 5},
    };
    struct built b;
    build_script(&b, 2, ops, (int)(sizeof(ops) / sizeof(ops[0])));
    aclrtStream exec;
    CHECK_OK(aclrtCreateStream(&exec));
    run_many(&b, exec, 300, 20, __LINE__);
    CHECK_OK(aclrtDestroyStream(exec));
    free_built(&b);
}

/* 4 streams: fan-out from lane 0, a chain between lanes 1 -> 2 -> 3, fan-in
 * to lane 0, and a tail on lane 3 nothing waits for (the join waits for it). */
static void test_four_streams(void)
{
    static const struct op ops[] = {
        {0, OP_K, 0},   {0, OP_REC, 0}, {1, OP_WAIT, 0}, {2, OP_WAIT, 0}, {3, OP_WAIT, 0},
        {1, OP_K, 1},   {1, OP_REC, 1}, {2, OP_K, 2},    {2, OP_WAIT, 1}, {2, OP_K, 3},
        {2, OP_REC, 2}, {3, OP_K, 4},   {3, OP_WAIT, 2}, {3, OP_K, 5},    {3, OP_REC, 3},
        {1, OP_K, 6},   {1, OP_REC, 4}, {0, OP_K, 7},    {0, OP_WAIT, 4}, {0, OP_WAIT, 3},
        {0, OP_K, 8},   {3, OP_K, 9},   {3, OP_K, 10},   {3, OP_REC, 5},  {0, OP_WAIT, 5},
        {0, OP_K, 11},
    };
    struct built b;
    build_script(&b, 4, ops, (int)(sizeof(ops) / sizeof(ops[0])));
    aclrtStream exec[2];
    CHECK_OK(aclrtCreateStream(&exec[0]));
    CHECK_OK(aclrtCreateStream(&exec[1]));
    run_many(&b, exec[0], 300, 10, __LINE__);
    /* Executions queued on two streams are serialised by the model. */
    for (int i = 0; i < 100; i++)
        CHECK_OK(aclmdlRIExecuteAsync(b.m, exec[i & 1]));
    CHECK_OK(aclrtSynchronizeStream(exec[0]));
    CHECK_OK(aclrtSynchronizeStream(exec[1]));
    CHECK_KERNELS();
    for (int id = 0; id < b.nnodes; id++)
        EXPECT(atomic_load(&g_cnt[id]) == 410);
    /* Inspection of the built model. */
    uint32_t n = 99;
    CHECK_OK(aclmdlRIGetStreams(b.m, NULL, &n));
    EXPECT(n == 4);
    aclrtStream got[6];
    n = 6;
    for (int i = 0; i < 6; i++)
        got[i] = BAD_RI;
    CHECK_OK(aclmdlRIGetStreams(b.m, got, &n));
    EXPECT(n == 4);
    for (int l = 0; l < 4; l++)
        EXPECT(got[l] == b.s[l]); /* in bind order */
    EXPECT(got[4] == NULL && got[5] == NULL);
    n = 2;
    got[2] = BAD_RI;
    EXPECT_ERR(ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY, aclmdlRIGetStreams(b.m, got, &n));
    EXPECT(n == 2 && got[0] == b.s[0] && got[1] == b.s[1] && got[2] == BAD_RI);
    for (int l = 0; l < 4; l++) {
        uint32_t nt = 0;
        CHECK_OK(aclmdlRIGetTasksByStream(b.s[l], NULL, &nt));
        EXPECT(nt == b.tasks[l]);
        aclmdlRITask t[16];
        CHECK(nt <= 16);
        uint32_t room = 16;
        CHECK_OK(aclmdlRIGetTasksByStream(b.s[l], t, &room));
        EXPECT(room == nt);
        for (uint32_t i = 0; i < nt; i++) {
            EXPECT(t[i] != NULL);
            for (uint32_t j = 0; j < i; j++)
                EXPECT(t[i] != t[j]);
        }
        for (uint32_t i = nt; i < 16; i++)
            EXPECT(t[i] == NULL);
        room = 1;
        EXPECT_ERR(ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY,
                   aclmdlRIGetTasksByStream(b.s[l], t, &room));
        EXPECT(room == 1);
    }
    /* Unbinding streams leaves the compiled model whole. */
    CHECK_OK(aclmdlRIUnbindStream(b.m, b.s[1]));
    n = 9;
    CHECK_OK(aclmdlRIGetStreams(b.m, NULL, &n));
    EXPECT(n == 3);
    n = 3;
    CHECK_OK(aclmdlRIGetStreams(b.m, got, &n));
    EXPECT(n == 3 && got[0] == b.s[0] && got[1] == b.s[2] && got[2] == b.s[3]);
    CHECK_OK(aclmdlRIExecute(b.m, -1));
    CHECK_KERNELS();
    for (int id = 0; id < b.nnodes; id++)
        EXPECT(atomic_load(&g_cnt[id]) == 411);
    /* The built model takes no new stream. */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclmdlRIBindStream(b.m, b.s[1], ACL_MODEL_STREAM_FLAG_HEAD));
    /* The unbound stream is a normal stream again. */
    atomic_store(&g_cnt[0], 0);
    g_npreds[0] = 0;
    struct node_args a = {0, 0 ^ MAGIC};
    CHECK_OK(cpuaclLaunchKernelArgs(b.s[1], k_node, &a, sizeof(a)));
    CHECK_OK(aclrtSynchronizeStream(b.s[1]));
    EXPECT(atomic_load(&g_cnt[0]) == 1);
    CHECK_OK(aclrtDestroyStream(b.s[1]));
    for (int l = 0; l < 4; l++)
        if (l != 1) {
            CHECK_OK(aclmdlRIUnbindStream(b.m, b.s[l]));
            CHECK_OK(aclrtDestroyStream(b.s[l]));
        }
    n = 5;
    CHECK_OK(aclmdlRIGetStreams(b.m, NULL, &n));
    EXPECT(n == 0);
    CHECK_OK(aclmdlRIDestroy(b.m));
    for (int e = 0; e < MAXE; e++)
        if (b.e[e])
            CHECK_OK(aclrtDestroyEvent(b.e[e]));
    CHECK_OK(aclrtDestroyStream(exec[0]));
    CHECK_OK(aclrtDestroyStream(exec[1]));
}

/* ---- blocking kernels: timeout and abort ----------------------------------- */

static atomic_int g_release, g_started;
static atomic_uint g_block_runs, g_after_runs;

static int32_t k_block(void *a)
{
    (void)a;
    atomic_fetch_add(&g_block_runs, 1);
    atomic_store(&g_started, 1);
    while (!atomic_load(&g_release))
        sched_yield();
    return 0;
}

static int32_t k_after(void *a)
{
    (void)a;
    atomic_fetch_add(&g_after_runs, 1);
    return 0;
}

static aclmdlRI blocking_model(aclrtStream *s)
{
    aclmdlRI m = NULL;
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    *s = persistent_stream();
    CHECK_OK(aclmdlRIBindStream(m, *s, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(cpuaclLaunchKernel(*s, k_block, NULL));
    CHECK_OK(cpuaclLaunchKernel(*s, k_after, NULL));
    CHECK_OK(aclmdlRIEndTask(m, *s));
    CHECK_OK(aclmdlRIBuildEnd(m, NULL));
    atomic_store(&g_release, 0);
    atomic_store(&g_started, 0);
    atomic_store(&g_block_runs, 0);
    atomic_store(&g_after_runs, 0);
    return m;
}

static void wait_started(void)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (!atomic_load(&g_started)) {
        sched_yield();
        clock_gettime(CLOCK_MONOTONIC, &t);
        CHECK(t.tv_sec - t0.tv_sec < 60);
    }
}

static void test_execute_timeout(void)
{
    aclrtStream s;
    aclmdlRI m = blocking_model(&s);
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(m, 0));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, aclmdlRIExecute(m, 50));
    EXPECT(atomic_load(&g_block_runs) == 1);
    /* Still running: the model cannot go. */
    EXPECT_ERR(ACL_ERROR_RT_MODEL_RUNNING, aclmdlRIDestroy(m));
    atomic_store(&g_release, 1);
    EXPECT_ERR(ACL_SUCCESS, aclmdlRIExecute(m, -1)); /* runs after the first */
    EXPECT(atomic_load(&g_block_runs) == 2 && atomic_load(&g_after_runs) == 2);
    CHECK_OK(aclmdlRIUnbindStream(m, s));
    CHECK_OK(aclmdlRIDestroy(m));
    CHECK_OK(aclrtDestroyStream(s));
}

static void test_abort(void)
{
    aclrtStream s, exec;
    CHECK_OK(aclrtCreateStream(&exec));
    aclmdlRI m = blocking_model(&s);
    EXPECT_ERR(ACL_SUCCESS, aclmdlRIAbort(m)); /* idle: nothing to stop */
    for (int i = 0; i < 3; i++)
        CHECK_OK(aclmdlRIExecuteAsync(m, exec));
    wait_started();
    EXPECT_ERR(ACL_SUCCESS, aclmdlRIAbort(m));
    atomic_store(&g_release, 1);
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeStream(exec));
    /* The running kernel finished; the rest of all three executions was skipped. */
    EXPECT(atomic_load(&g_block_runs) == 1);
    EXPECT(atomic_load(&g_after_runs) == 0);
    /* Executions queued after the abort run whole. */
    CHECK_OK(aclmdlRIExecuteAsync(m, exec));
    CHECK_OK(aclmdlRIExecuteAsync(m, exec));
    CHECK_OK(aclrtSynchronizeStream(exec));
    EXPECT(atomic_load(&g_block_runs) == 3 && atomic_load(&g_after_runs) == 2);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIAbort(NULL));
    CHECK_OK(aclmdlRIDestroy(m)); /* streams still bound: unbound by the destroy */
    CHECK_OK(aclrtDestroyStream(s));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIAbort(m));
    /* A model under construction, a capture, a captured model. */
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_EXECUTE, aclmdlRIAbort(m));
    CHECK_OK(aclmdlRIDestroy(m));
    aclrtStream c;
    CHECK_OK(aclrtCreateStream(&c));
    CHECK_OK(aclmdlRICaptureBegin(c, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclmdlRICaptureGetInfo(c, NULL, &m));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIAbort(m));
    CHECK_OK(cpuaclLaunchKernel(c, k_after, NULL));
    CHECK_OK(aclmdlRICaptureEnd(c, &m));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclmdlRIAbort(m));
    CHECK_OK(aclmdlRIDestroy(m));
    DESTROY_STREAMS(c, exec);
}

/* ---- id and name ------------------------------------------------------------- */

static void test_id_name(void)
{
    aclmdlRI a = NULL, b = NULL, c = NULL;
    CHECK_OK(aclmdlRIBuildBegin(&a, 0));
    CHECK_OK(aclmdlRIBuildBegin(&b, 0));
    aclrtStream cs;
    CHECK_OK(aclrtCreateStream(&cs));
    CHECK_OK(aclmdlRICaptureBegin(cs, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(cpuaclLaunchKernel(cs, k_after, NULL));
    CHECK_OK(aclmdlRICaptureEnd(cs, &c));
    uint32_t ia = 0, ia2 = 0, ib = 0, ic = 0;
    CHECK_OK(aclmdlRIGetId(a, &ia));
    CHECK_OK(aclmdlRIGetId(a, &ia2));
    CHECK_OK(aclmdlRIGetId(b, &ib));
    CHECK_OK(aclmdlRIGetId(c, &ic));
    EXPECT(ia == ia2 && ia != ib && ib != ic && ia != ic);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIGetId(a, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIGetId(NULL, &ia));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIGetId(BAD_RI, &ia));

    char name[600];
    memset(name, 'x', sizeof(name));
    CHECK_OK(aclmdlRIGetName(a, sizeof(name), name));
    EXPECT(name[0] == '\0'); /* never named: empty */
    CHECK_OK(aclmdlRISetName(a, "first"));
    CHECK_OK(aclmdlRISetName(a, "resnet-block"));
    CHECK_OK(aclmdlRISetName(c, "captured"));
    CHECK_OK(aclmdlRIGetName(a, sizeof(name), name));
    EXPECT(strcmp(name, "resnet-block") == 0); /* the last one wins */
    CHECK_OK(aclmdlRIGetName(a, 7, name));
    EXPECT(strcmp(name, "resnet") == 0); /* cut to maxLen, terminated */
    CHECK_OK(aclmdlRIGetName(a, 1, name));
    EXPECT(name[0] == '\0');
    CHECK_OK(aclmdlRIGetName(c, sizeof(name), name));
    EXPECT(strcmp(name, "captured") == 0);
    CHECK_OK(aclmdlRIGetName(b, sizeof(name), name));
    EXPECT(name[0] == '\0');
    char longname[700];
    memset(longname, 'n', sizeof(longname) - 1);
    longname[sizeof(longname) - 1] = '\0';
    CHECK_OK(aclmdlRISetName(b, longname));
    CHECK_OK(aclmdlRIGetName(b, sizeof(name), name));
    EXPECT(strlen(name) == 511 && name[0] == 'n'); /* 512 bytes with the terminator */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRISetName(a, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRISetName(NULL, "x"));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRISetName(BAD_RI, "x"));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIGetName(a, sizeof(name), NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIGetName(a, 0, name));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIGetName(BAD_RI, sizeof(name), name));
    CHECK_OK(aclmdlRIDestroy(a));
    CHECK_OK(aclmdlRIDestroy(b));
    CHECK_OK(aclmdlRIDestroy(c));
    /* Destroyed handles are rejected. */
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIGetName(a, sizeof(name), name));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIGetId(c, &ic));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRISetName(b, "y"));
    CHECK_OK(aclrtDestroyStream(cs));
}

/* ---- misuse ----------------------------------------------------------------- */

/* The stream is a normal stream: not capturing, runs work eagerly. */
static void expect_normal(aclrtStream s, int line)
{
    aclmdlRICaptureStatus st = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    aclmdlRI m = BAD_RI;
    aclError rc = aclmdlRICaptureGetInfo(s, &st, &m);
    int before = atomic_load(&g_hits);
    aclError rk = cpuaclLaunchKernel(s, k_hit, NULL);
    if (rk == ACL_SUCCESS)
        rk = aclrtSynchronizeStream(s);
    if (rc != ACL_SUCCESS || st != ACL_MODEL_RI_CAPTURE_STATUS_NONE || m != NULL ||
        rk != ACL_SUCCESS || atomic_load(&g_hits) != before + 1) {
        fprintf(stderr, "line %d: stream not normal (info %d/%d, kernel %d, hits %d->%d)\n", line,
                (int)rc, (int)st, (int)rk, before, atomic_load(&g_hits));
        g_failed = 1;
    }
}
#define EXPECT_NORMAL(s) expect_normal((s), __LINE__)

static uint32_t task_count(aclrtStream s)
{
    uint32_t n = 0;
    CHECK_OK(aclmdlRIGetTasksByStream(s, NULL, &n));
    return n;
}

static void test_misuse_begin_bind(void)
{
    aclmdlRI m = NULL, m2 = NULL;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildBegin(NULL, 0));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIBuildBegin(&m, 1));
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    CHECK_OK(aclmdlRIBuildBegin(&m2, 0));
    aclrtStream s = persistent_stream(), plain, cap;
    CREATE_STREAMS(&plain, &cap);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBindStream(NULL, s, ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBindStream(m, NULL, ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE,
               aclmdlRIBindStream(BAD_RI, s, ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIBindStream(m, s, 5));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclmdlRIBindStream(m, plain, ACL_MODEL_STREAM_FLAG_HEAD)); /* not persistent */
    aclrtStream dflt = NULL;
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&dflt));
    if (dflt)
        EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
                   aclmdlRIBindStream(m, dflt, ACL_MODEL_STREAM_FLAG_HEAD));
    /* A capturing stream, and a model being captured. */
    aclrtStream pcap = persistent_stream();
    CHECK_OK(aclmdlRICaptureBegin(pcap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED,
               aclmdlRIBindStream(m, pcap, ACL_MODEL_STREAM_FLAG_HEAD));
    aclmdlRI capm = NULL;
    CHECK_OK(aclmdlRICaptureGetInfo(pcap, NULL, &capm));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_CAPTURED,
               aclmdlRIBindStream(capm, s, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(cpuaclLaunchKernel(pcap, k_hit, NULL));
    CHECK_OK(aclmdlRICaptureEnd(pcap, &capm));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclmdlRIBindStream(capm, s, ACL_MODEL_STREAM_FLAG_HEAD)); /* a captured model */
    /* Bound twice, to this model and to another. */
    CHECK_OK(aclmdlRIBindStream(m, s, ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIBindStream(m, s, ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIBindStream(m2, s, ACL_MODEL_STREAM_FLAG_HEAD));
    /* A bound stream cannot be captured, updated or destroyed; it is not capturing. */
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL,
               aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL,
               aclmdlRICaptureToModelRIBegin(s, capm, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI got = BAD_RI;
    aclmdlRICaptureStatus st = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureGetInfo(s, &st, &got));
    EXPECT(st == ACL_MODEL_RI_CAPTURE_STATUS_NONE && got == NULL);
    EXPECT_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureEnd(s, &got));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureTaskGrpBegin(s));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtDestroyStream(s));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtDestroyStreamForce(s));
    aclrtStreamStatus ss = ACL_STREAM_STATUS_NOT_READY;
    EXPECT_ERR(ACL_SUCCESS, aclrtStreamQuery(s, &ss));
    EXPECT(ss == ACL_STREAM_STATUS_COMPLETE);
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeDevice());
    /* Models cannot run on a bound stream, nor before BuildEnd. */
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIExecuteAsync(capm, s));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_EXECUTE, aclmdlRIExecuteAsync(m, plain));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_EXECUTE, aclmdlRIExecute(m, 1000));
    /* A capture cannot take over a model under construction. */
    EXPECT_ERR(ACL_ERROR_RT_MODEL_CAPTURED,
               aclmdlRICaptureToModelRIBegin(cap, m, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_NORMAL(cap);
    /* Nothing was recorded by the refusals. */
    EXPECT(task_count(s) == 0);
    CHECK_OK(aclmdlRIDestroy(capm));
    CHECK_OK(aclmdlRIDestroy(m2));
    CHECK_OK(aclmdlRIDestroy(m)); /* abandons the build; s is unbound */
    EXPECT_NORMAL(s);
    uint32_t nt = 0;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIGetTasksByStream(s, NULL, &nt));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIBindStream(m, s, ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIExecuteAsync(m, plain));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIBuildEnd(m, NULL));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroy(m));
    DESTROY_STREAMS(s, pcap, plain, cap);
}

static void test_misuse_end(void)
{
    aclmdlRI m = NULL, other = NULL;
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    CHECK_OK(aclmdlRIBuildBegin(&other, 0));
    aclrtStream s = persistent_stream(), t = persistent_stream(), loose = persistent_stream();
    aclrtEvent e = new_event(), outside = new_event();
    CHECK_OK(aclmdlRIBindStream(m, s, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclmdlRIBindStream(m, t, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(cpuaclLaunchKernel(s, k_hit, NULL));
    CHECK_OK(aclrtRecordEvent(e, s));
    /* Only streams bound to the model may wait on its events. */
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtStreamWaitEvent(loose, e));
    EXPECT_ERR(ACL_ERROR_RT_EVENT_CAPTURED, aclrtSynchronizeEvent(e));
    CHECK_OK(aclrtStreamWaitEvent(t, e));
    CHECK_OK(cpuaclLaunchKernel(t, k_hit, NULL));
    EXPECT(atomic_load(&g_hits) == 0);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIEndTask(NULL, s));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIEndTask(m, NULL));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIEndTask(BAD_RI, s));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIEndTask(m, loose));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIEndTask(other, s));
    /* BuildEnd refuses a model none of whose bound streams has EndTask. */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildEnd(m, NULL));
    CHECK_OK(aclmdlRIEndTask(m, s));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIEndTask(m, s)); /* twice */
    /* After EndTask the stream takes no task, record or wait. */
    uint32_t before = task_count(s);
    EXPECT(before == 2);
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, cpuaclLaunchKernel(s, k_hit, NULL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtRecordEvent(e, s));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtStreamWaitEvent(s, e));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtLaunchHostFunc(s, host_count, NULL));
    EXPECT(task_count(s) == before);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildEnd(NULL, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildEnd(m, &before));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_EXECUTE, aclmdlRIExecute(m, 1000));
    CHECK_OK(aclmdlRIEndTask(m, t));
    CHECK_OK(aclmdlRIBuildEnd(m, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildEnd(m, NULL)); /* twice */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIEndTask(m, t));     /* built */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBindStream(m, loose, ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeEvent(e)); /* a plain event again */
    /* Built: the bound streams still refuse work until unbound. */
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, cpuaclLaunchKernel(t, k_hit, NULL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtRecordEvent(e, t));
    EXPECT(task_count(t) == 2);
    CHECK_OK(aclmdlRIExecute(m, 10000));
    EXPECT(atomic_load(&g_hits) == 2);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIUnbindStream(NULL, s));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIUnbindStream(m, NULL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIUnbindStream(m, loose));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIUnbindStream(other, s));
    CHECK_OK(aclmdlRIUnbindStream(m, s));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIUnbindStream(m, s)); /* twice */
    EXPECT_NORMAL(s);
    CHECK_OK(aclmdlRIExecute(m, 10000)); /* the model keeps what s recorded */
    EXPECT(atomic_load(&g_hits) == 5);
    /* Destroying a built model with a stream still bound unbinds it. */
    CHECK_OK(aclmdlRIDestroy(m));
    EXPECT_NORMAL(t);
    /* A bound stream waiting on an event recorded outside the build breaks it. */
    CHECK_OK(aclmdlRIBindStream(other, loose, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclrtRecordEvent(outside, s));
    EXPECT_ERR(ACL_ERROR_RT_CAPTURE_DEPENDENCY, aclrtStreamWaitEvent(loose, outside));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, cpuaclLaunchKernel(loose, k_hit, NULL));
    CHECK_OK(aclmdlRIEndTask(other, loose));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRIBuildEnd(other, NULL));
    CHECK_OK(aclmdlRIDestroy(other));
    EXPECT_NORMAL(loose);
    DESTROY_STREAMS(s, t, loose);
    DESTROY_EVENTS(e, outside);
}

/* Unbinding during the build keeps what the stream recorded; an empty model runs. */
static void test_unbind_during_build(void)
{
    aclmdlRI m = NULL;
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    aclrtStream s = persistent_stream();
    CHECK_OK(aclmdlRIBindStream(m, s, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(cpuaclLaunchKernel(s, k_hit, NULL));
    CHECK_OK(aclmdlRIUnbindStream(m, s));
    EXPECT_NORMAL(s); /* hits 1 */
    /* Bound again: a second lane of the same model. */
    CHECK_OK(aclmdlRIBindStream(m, s, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(cpuaclLaunchKernel(s, k_hit, NULL));
    CHECK_OK(aclmdlRIEndTask(m, s));
    CHECK_OK(aclmdlRIBuildEnd(m, NULL));
    uint32_t n = 0;
    CHECK_OK(aclmdlRIGetStreams(m, NULL, &n));
    EXPECT(n == 1);
    CHECK_OK(aclmdlRIExecute(m, 10000));
    EXPECT(atomic_load(&g_hits) == 3);
    CHECK_OK(aclmdlRIDestroy(m));
    EXPECT_NORMAL(s);
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    CHECK_OK(aclmdlRIBuildEnd(m, NULL));
    EXPECT_ERR(ACL_SUCCESS, aclmdlRIExecute(m, 10000));
    EXPECT_ERR(ACL_SUCCESS, aclmdlRIExecuteAsync(m, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclmdlRIDestroy(m));
    CHECK_OK(aclrtDestroyStream(s));
    uint32_t k = 0;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIGetStreams(NULL, NULL, &k));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIGetStreams(m, NULL, NULL));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIGetStreams(m, NULL, &k));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIGetTasksByStream(NULL, NULL, &k));
}

/* A context torn down with a build in progress and a built model with bound streams. */
static void test_teardown(void)
{
    aclrtContext ctx;
    CHECK_OK(aclrtCreateContext(&ctx, 0));
    aclmdlRI a = NULL, b = NULL;
    CHECK_OK(aclmdlRIBuildBegin(&a, 0));
    CHECK_OK(aclmdlRIBuildBegin(&b, 0));
    aclrtStream s = persistent_stream(), t = persistent_stream();
    aclrtEvent e = new_event();
    CHECK_OK(aclmdlRIBindStream(a, s, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclmdlRIBindStream(b, t, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(cpuaclLaunchKernel(s, k_hit, NULL));
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK_OK(cpuaclLaunchKernel(t, k_hit, NULL));
    CHECK_OK(aclmdlRIEndTask(b, t));
    CHECK_OK(aclmdlRIBuildEnd(b, NULL));
    CHECK_OK(aclmdlRIExecuteAsync(b, NULL));
    CHECK_OK(aclrtDestroyContext(ctx));
    EXPECT(atomic_load(&g_hits) == 1);
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIGetId(a, &(uint32_t){0}));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIGetId(b, &(uint32_t){0}));
}

/* Executions queued on two launch streams still run one at a time: lane B's
 * kernel (slow) sees lane A's kernel run exactly once per execution. */
static atomic_int g_a_runs, g_b_runs, g_overlaps;

static int32_t k_lane_a(void *args)
{
    (void)args;
    atomic_fetch_add(&g_a_runs, 1);
    return 0;
}

static int32_t k_lane_b(void *args)
{
    (void)args;
    int mine = atomic_load(&g_b_runs);
    usleep(2000);
    if (atomic_load(&g_a_runs) > mine + 1) /* A of a later execution ran meanwhile */
        atomic_fetch_add(&g_overlaps, 1);
    atomic_fetch_add(&g_b_runs, 1);
    return 0;
}

static void test_two_launch_streams(void)
{
    aclrtStream sa, sb, e0, e1;
    aclmdlRI m = NULL;
    CHECK_OK(aclrtCreateStreamWithConfig(&sa, 0, ACL_STREAM_PERSISTENT));
    CHECK_OK(aclrtCreateStreamWithConfig(&sb, 0, ACL_STREAM_PERSISTENT));
    CREATE_STREAMS(&e0, &e1);
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    CHECK_OK(aclmdlRIBindStream(m, sa, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclmdlRIBindStream(m, sb, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(cpuaclLaunchKernel(sa, k_lane_a, NULL));
    CHECK_OK(cpuaclLaunchKernel(sb, k_lane_b, NULL));
    CHECK_OK(aclmdlRIEndTask(m, sa));
    CHECK_OK(aclmdlRIEndTask(m, sb));
    CHECK_OK(aclmdlRIBuildEnd(m, NULL));
    for (int i = 0; i < 20; i++)
        CHECK_OK(aclmdlRIExecuteAsync(m, (i & 1) ? e1 : e0));
    CHECK_OK(aclrtSynchronizeStream(e0));
    CHECK_OK(aclrtSynchronizeStream(e1));
    EXPECT(atomic_load(&g_a_runs) == 20 && atomic_load(&g_b_runs) == 20);
    EXPECT(atomic_load(&g_overlaps) == 0);
    CHECK_OK(aclmdlRIDestroy(m));
    DESTROY_STREAMS(e0, e1);
}

/* Events between a build and other builds or captures: the codes of
 * docs/model.md, and only the offending build is invalidated. */
static void test_build_conflicts(void)
{
    aclrtStream s, s2, c;
    aclrtEvent e, e2;
    aclmdlRI m = NULL, m2 = NULL, cm = NULL;
    CHECK_OK(aclrtCreateStreamWithConfig(&s, 0, ACL_STREAM_PERSISTENT));
    CHECK_OK(aclrtCreateStreamWithConfig(&s2, 0, ACL_STREAM_PERSISTENT));
    CHECK_OK(aclrtCreateStream(&c));
    CREATE_EVENTS(&e, &e2);
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    CHECK_OK(aclmdlRIBuildBegin(&m2, 0));
    CHECK_OK(aclmdlRIBindStream(m, s, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclmdlRIBindStream(m2, s2, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclrtRecordEvent(e, s));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtStreamWaitEvent(s2, e)); /* another build */
    CHECK_OK(aclmdlRICaptureBegin(c, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtStreamWaitEvent(c, e)); /* a capture */
    CHECK_OK(aclrtRecordEvent(e2, c));
    EXPECT_ERR(ACL_ERROR_RT_CAPTURE_DEPENDENCY, aclrtStreamWaitEvent(s2, e2)); /* m2 invalid */
    CHECK_OK(aclmdlRICaptureEnd(c, &cm)); /* the capture was left alone */
    EXPECT(cm != NULL);
    CHECK_OK(aclrtRecordEvent(e, NULL)); /* default stream: a plain record */
    CHECK_OK(aclmdlRIEndTask(m, s));
    EXPECT_OK(aclmdlRIBuildEnd(m, NULL)); /* m was left alone */
    CHECK_OK(aclmdlRIEndTask(m2, s2));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRIBuildEnd(m2, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildEnd(cm, NULL)); /* made by a capture */
    CHECK_OK(aclmdlRIDestroy(cm));
    CHECK_OK(aclmdlRIDestroy(m));
    CHECK_OK(aclmdlRIDestroy(m2));
    DESTROY_EVENTS(e, e2);
    CHECK_OK(aclrtDestroyStream(c));
}

/* ---- harness (tests/isolate.h: each test in its own child) -------------------- */

static void setup(void)
{
    TEST_OPEN();
}

static void teardown(void)
{
    TEST_CLOSE();
}

int main(void)
{
    int failures = 0;
    RUN(test_one_stream, 300);
    RUN(test_two_streams, 300);
    RUN(test_four_streams, 300);
    setenv("CPUACL_WORKERS", "4", 1); /* lanes on several workers could overlap */
    RUN(test_two_launch_streams, 300);
    unsetenv("CPUACL_WORKERS");
    RUN(test_build_conflicts, 300);
    RUN(test_execute_timeout, 300);
    RUN(test_abort, 300);
    RUN(test_id_name, 300);
    RUN(test_misuse_begin_bind, 300);
    RUN(test_misuse_end, 300);
    RUN(test_unbind_during_build, 300);
    RUN(test_teardown, 300);
    if (failures)
        fprintf(stderr, "capture_build: %d test(s) FAILED\n", failures);
    return failures ? 1 : 0;
}
