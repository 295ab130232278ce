/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The HCCL calls beyond the basic collectives, against values computed here:
 * HcclScatter, HcclAllGatherV, HcclReduceScatterV (several types and ops, in
 * place and out of place), HcclBatchSendRecv (every peer and itself at once,
 * two messages per peer, interleaved with HcclSend / HcclRecv), communicator
 * configs (HcclCommInitRootInfoConfig, HcclCommInitClusterInfoConfig,
 * HcclGetCommName), sub-communicators ({0,1}, {2,3} and {0,2,3} of 4 ranks,
 * running on their own streams concurrently with the world communicator,
 * interleaved with it on one stream, destroyed before or after it),
 * HcclAlltoAllVC, HcclCommGetHandleWithName, HcclGetCommConfigCapability,
 * HcclSetConfig / HcclGetConfig, communicators over 2 and 3 of the 4
 * processes (mpirun only; a member that never comes), and the codes and
 * messages of bad parameters.
 *
 * Run directly: 4 ranks in this process, one thread per rank on its own
 * device. Run under `mpirun -np 4`: one rank per process.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "cpuacl/cpuacl.h"
#include "hccl_common.h"

#define N 4u
#define CAP (1u << 20) /* bytes of each device buffer */
#define NSTREAM 3
#define ROUNDS 20

static int g_mpi, g_wrank;
static _Atomic int g_fail;
static pthread_barrier_t g_bar;
static HcclRootInfo g_info;
static char g_table[64];

struct ctx {
    uint32_t r;
    HcclComm world;
    aclrtStream s[NSTREAM];
    void *a, *b, *x[NSTREAM], *y[NSTREAM]; /* device buffers of CAP bytes */
    unsigned char *h;                      /* host staging, CAP bytes */
};

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        fprintf(stderr, __VA_ARGS__);                                                              \
        if (++g_fail > 30)                                                                         \
            exit(1);                                                                               \
    } while (0)
#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c))                                                                                  \
            FAIL("[rank %u] %s:%d: EXPECT failed: %s\n", k->r, __FILE__, __LINE__, #c);            \
    } while (0)
#define EXPECT_H(want, call)                                                                       \
    do {                                                                                           \
        HcclResult got_ = (call);                                                                  \
        if (got_ != (want))                                                                        \
            FAIL("[rank %u] %s:%d: %s = %d (%s), expected %d\n", k->r, __FILE__, __LINE__, #call,  \
                 (int)got_, HcclGetErrorString(got_), (int)(want));                                \
    } while (0)
#define OK(call) EXPECT((call) == ACL_SUCCESS)

static int g_saved_fd = -1;
static FILE *g_capture;

/* stderr goes to a temporary file until capture_call collects it. */
static void capture_begin(void)
{
    fflush(stderr);
    g_saved_fd = dup(2);
    g_capture = tmpfile();
    dup2(fileno(g_capture), 2);
}

/* Restore stderr; msg = what was printed since capture_begin. */
static void capture_end(char *msg, size_t cap)
{
    fflush(stderr);
    dup2(g_saved_fd, 2);
    close(g_saved_fd);
    rewind(g_capture);
    size_t n = fread(msg, 1, cap - 1, g_capture);
    msg[n] = 0;
    fclose(g_capture);
}

/* The code of `call` and the message libhccl printed for it (HCCL_DEBUG=1). */
#define EXPECT_MSG(want, text, call)                                                               \
    do {                                                                                           \
        char msg_[1024];                                                                           \
        capture_begin();                                                                           \
        HcclResult got_ = (call);                                                                  \
        capture_end(msg_, sizeof msg_);                                                            \
        if (got_ != (want) || !strstr(msg_, text))                                                 \
            FAIL("[rank %u] %s:%d: %s = %d, message \"%s\"; expected %d and \"%s\"\n", k->r,       \
                 __FILE__, __LINE__, #call, (int)got_, msg_, (int)(want), text);                   \
    } while (0)

static void xbarrier(void)
{
    if (g_mpi)
        MPI_Barrier(MPI_COMM_WORLD);
    else
        pthread_barrier_wait(&g_bar);
}

static void upload(struct ctx *k, void *dev, HcclDataType t, uint64_t n, uint32_t r, unsigned seed,
                   uint64_t base)
{
    for (uint64_t i = 0; i < n; i++)
        tc_put(t, k->h, i, tc_gen(t, r, base + i, seed));
    if (n)
        OK(aclrtMemcpy(dev, n * tc_size(t), k->h, n * tc_size(t), ACL_MEMCPY_HOST_TO_DEVICE));
}

static void poison(struct ctx *k, void *dev)
{
    OK(aclrtMemset(dev, CAP, 0x5a, CAP));
}

static void download(struct ctx *k, const void *dev, size_t bytes)
{
    if (bytes)
        OK(aclrtMemcpy(k->h, CAP, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
}

static void sync0(struct ctx *k)
{
    OK(aclrtSynchronizeStream(k->s[0]));
}

/* ---- the new collectives ------------------------------------------------------ */

static void t_scatter(struct ctx *k, HcclDataType t, uint64_t cnt, uint32_t root, int inplace,
                      unsigned seed)
{
    size_t es = tc_size(t);
    poison(k, k->b);
    void *send = NULL, *recv = k->b;
    if (k->r == root) {
        upload(k, k->a, t, N * cnt, root, seed, 0);
        send = k->a;
        if (inplace)
            recv = (char *)k->a + root * cnt * es;
    }
    EXPECT_H(HCCL_SUCCESS, HcclScatter(send, recv, cnt, t, root, k->world, k->s[0]));
    sync0(k);
    download(k, recv, cnt * es);
    for (uint64_t i = 0; i < cnt; i++)
        if (tc_get(t, k->h, i) != tc_gen(t, root, k->r * cnt + i, seed)) {
            FAIL("[rank %u] scatter type %d root %u [%llu] wrong\n", k->r, (int)t, root,
                 (unsigned long long)i);
            break;
        }
}

/* Blocks in reverse rank order with gaps; rank 1's block is empty when `empty`. */
static void v_layout(uint64_t scale, int empty, uint64_t *cnt, uint64_t *disp)
{
    for (uint32_t q = 0; q < N; q++)
        cnt[q] = empty && q == 1 ? 0 : (q + 1) * scale;
    uint64_t off = 0;
    for (uint32_t q = N; q-- > 0;) {
        disp[q] = off;
        off += cnt[q] + 3;
    }
}

static void t_allgatherv(struct ctx *k, HcclDataType t, uint64_t scale, int inplace, unsigned seed)
{
    size_t es = tc_size(t);
    uint64_t rc[N], rd[N];
    v_layout(scale, 1, rc, rd);
    poison(k, k->b);
    void *send = inplace ? (char *)k->b + rd[k->r] * es : k->a;
    upload(k, send, t, rc[k->r], k->r, seed, 0);
    EXPECT_H(HCCL_SUCCESS, HcclAllGatherV(send, rc[k->r], k->b, rc, rd, t, k->world, k->s[0]));
    sync0(k);
    download(k, k->b, (rd[0] + rc[0]) * es);
    for (uint32_t q = 0; q < N; q++)
        for (uint64_t i = 0; i < rc[q]; i++)
            if (tc_get(t, k->h, rd[q] + i) != tc_gen(t, q, i, seed)) {
                FAIL("[rank %u] allgatherv type %d from %u [%llu] wrong\n", k->r, (int)t, q,
                     (unsigned long long)i);
                return;
            }
}

static void t_reduce_scatterv(struct ctx *k, HcclDataType t, HcclReduceOp op, uint64_t scale,
                              int inplace, unsigned seed)
{
    size_t es = tc_size(t);
    uint64_t sc[N], sd[N];
    v_layout(scale, 0, sc, sd);
    poison(k, k->b);
    upload(k, k->a, t, sd[0] + sc[0], k->r, seed, 0);
    void *recv = inplace ? (char *)k->a + sd[k->r] * es : k->b;
    EXPECT_H(HCCL_SUCCESS,
             HcclReduceScatterV(k->a, sc, sd, recv, sc[k->r], t, op, k->world, k->s[0]));
    sync0(k);
    download(k, recv, sc[k->r] * es);
    for (uint64_t i = 0; i < sc[k->r]; i++)
        if (tc_get(t, k->h, i) != tc_ref(t, op, N, sd[k->r] + i, seed)) {
            FAIL("[rank %u] reduce-scatterv type %d op %d [%llu] = %g, expected %g\n", k->r, (int)t,
                 (int)op, (unsigned long long)i, tc_get(t, k->h, i),
                 tc_ref(t, op, N, sd[k->r] + i, seed));
            return;
        }
}

/* Every rank sends block p of a to every rank p (itself included) and
 * receives block q of b from every q, in one batch; odd ranks list their
 * receives first. */
static void t_batch_all(struct ctx *k, HcclDataType t, uint64_t cnt, unsigned seed)
{
    size_t es = tc_size(t);
    HcclSendRecvItem it[2 * N];
    poison(k, k->b);
    upload(k, k->a, t, N * cnt, k->r, seed, 0);
    for (uint32_t p = 0; p < N; p++) {
        HcclSendRecvItem s = {HCCL_SEND, (char *)k->a + p * cnt * es, cnt, t, p};
        HcclSendRecvItem r = {HCCL_RECV, (char *)k->b + p * cnt * es, cnt, t, p};
        it[2 * p] = k->r & 1 ? r : s;
        it[2 * p + 1] = k->r & 1 ? s : r;
    }
    EXPECT_H(HCCL_SUCCESS, HcclBatchSendRecv(it, 2 * N, k->world, k->s[0]));
    sync0(k);
    download(k, k->b, N * cnt * es);
    for (uint32_t q = 0; q < N; q++)
        for (uint64_t i = 0; i < cnt; i++)
            if (tc_get(t, k->h, q * cnt + i) != tc_gen(t, q, k->r * cnt + i, seed)) {
                FAIL("[rank %u] batch type %d from %u [%llu] wrong\n", k->r, (int)t, q,
                     (unsigned long long)i);
                return;
            }
}

/* Two messages to the next rank in one batch (they arrive in order), then a
 * third by HcclSend received by a batch of one item. */
static void t_batch_ring(struct ctx *k, unsigned seed)
{
    const HcclDataType t = HCCL_DATA_TYPE_INT32;
    const uint64_t cnt = 1001;
    size_t es = tc_size(t);
    uint32_t next = (k->r + 1) % N, prev = (k->r + N - 1) % N;
    poison(k, k->b);
    upload(k, k->a, t, 3 * cnt, k->r, seed, 0);
    HcclSendRecvItem it[4] = {
        {HCCL_RECV, k->b, cnt, t, prev},
        {HCCL_SEND, k->a, cnt, t, next},
        {HCCL_RECV, (char *)k->b + cnt * es, cnt, t, prev},
        {HCCL_SEND, (char *)k->a + cnt * es, cnt, t, next},
    };
    EXPECT_H(HCCL_SUCCESS, HcclBatchSendRecv(it, 4, k->world, k->s[0]));
    HcclSendRecvItem one = {HCCL_RECV, (char *)k->b + 2 * cnt * es, cnt, t, prev};
    if (k->r & 1) {
        EXPECT_H(HCCL_SUCCESS, HcclBatchSendRecv(&one, 1, k->world, k->s[0]));
        EXPECT_H(HCCL_SUCCESS,
                 HcclSend((char *)k->a + 2 * cnt * es, cnt, t, next, k->world, k->s[0]));
    } else {
        EXPECT_H(HCCL_SUCCESS,
                 HcclSend((char *)k->a + 2 * cnt * es, cnt, t, next, k->world, k->s[0]));
        EXPECT_H(HCCL_SUCCESS, HcclBatchSendRecv(&one, 1, k->world, k->s[0]));
    }
    sync0(k);
    download(k, k->b, 3 * cnt * es);
    for (uint64_t i = 0; i < 3 * cnt; i++)
        if (tc_get(t, k->h, i) != tc_gen(t, prev, i, seed)) {
            FAIL("[rank %u] batch ring [%llu] wrong\n", k->r, (unsigned long long)i);
            return;
        }
}

/* HcclAlltoAllVC: element counts from a matrix with zeros and uneven rows;
 * rank r's block for rank j holds tc_gen(t, r, j * 65536 + e). */
static void t_alltoallvc(struct ctx *k, HcclDataType t, uint64_t scale, unsigned seed)
{
    size_t es = tc_size(t);
    uint64_t m[N * N], soff = 0;
    for (uint32_t i = 0; i < N; i++)
        for (uint32_t j = 0; j < N; j++)
            m[i * N + j] = (i * 3 + j * 5 + 1) % 7 * scale;
    for (uint32_t j = 0; j < N; j++)
        for (uint64_t e = 0; e < m[k->r * N + j]; e++, soff++)
            tc_put(t, k->h, soff, tc_gen(t, k->r, j * 65536 + e, seed));
    if (soff)
        OK(aclrtMemcpy(k->a, CAP, k->h, soff * es, ACL_MEMCPY_HOST_TO_DEVICE));
    poison(k, k->b);
    EXPECT_H(HCCL_SUCCESS, HcclAlltoAllVC(k->a, m, t, k->b, t, k->world, k->s[0]));
    sync0(k);
    uint64_t roff = 0;
    for (uint32_t q = 0; q < N; q++)
        roff += m[q * N + k->r];
    download(k, k->b, roff * es + 1);
    roff = 0;
    for (uint32_t q = 0; q < N; q++)
        for (uint64_t e = 0; e < m[q * N + k->r]; e++, roff++)
            if (tc_get(t, k->h, roff) != tc_gen(t, q, k->r * 65536 + e, seed)) {
                FAIL("[rank %u] alltoallvc type %d from %u [%llu] wrong\n", k->r, (int)t, q,
                     (unsigned long long)e);
                return;
            }
    EXPECT(k->h[roff * es] == 0x5a); /* nothing written past the last block */
}

static void collectives(struct ctx *k)
{
    static const HcclDataType types[] = {
        HCCL_DATA_TYPE_FP32,  HCCL_DATA_TYPE_FP16,   HCCL_DATA_TYPE_BFP16, HCCL_DATA_TYPE_INT8,
        HCCL_DATA_TYPE_INT32, HCCL_DATA_TYPE_UINT64, HCCL_DATA_TYPE_FP64};
    unsigned seed = 1;
    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
        HcclDataType t = types[ti];
        for (int inplace = 0; inplace < 2; inplace++) {
            t_scatter(k, t, 1, 0, inplace, seed++);
            t_scatter(k, t, 777, N - 1, inplace, seed++);
            t_allgatherv(k, t, 1, inplace, seed++);
            t_allgatherv(k, t, 513, inplace, seed++);
            for (int op = 0; op < 4; op++)
                t_reduce_scatterv(k, t, (HcclReduceOp)op, op == 0 ? 2049 : 5, inplace, seed++);
        }
        t_batch_all(k, t, 1, seed++);
        t_batch_all(k, t, 4099, seed++);
        t_alltoallvc(k, t, 1, seed++);
        t_alltoallvc(k, t, 301, seed++);
    }
    t_batch_ring(k, seed++);
    /* count 0 everywhere: nothing queued */
    uint64_t zero[N] = {0}, disp[N] = {0};
    EXPECT_H(HCCL_SUCCESS, HcclScatter(NULL, NULL, 0, HCCL_DATA_TYPE_FP32, 0, k->world, k->s[0]));
    EXPECT_H(HCCL_SUCCESS,
             HcclAllGatherV(NULL, 0, NULL, zero, disp, HCCL_DATA_TYPE_FP32, k->world, k->s[0]));
    EXPECT_H(HCCL_SUCCESS, HcclBatchSendRecv(NULL, 0, k->world, k->s[0]));
    sync0(k);
}

/* ---- ranks disagreeing: the task fails, HcclGetCommAsyncError tells why ----------- */

static void expect_async(struct ctx *k, int fails)
{
    aclError e = aclrtSynchronizeStream(k->s[0]);
    HcclResult ae = HCCL_SUCCESS;
    EXPECT_H(HCCL_SUCCESS, HcclGetCommAsyncError(k->world, &ae));
    if (fails) {
        EXPECT(e == ACL_ERROR_RT_AICORE_EXCEPTION);
        EXPECT(ae == HCCL_E_PARA);
    } else {
        EXPECT(e == ACL_SUCCESS);
    }
}

static void t_mismatch(struct ctx *k)
{
    const HcclDataType f = HCCL_DATA_TYPE_FP32;
    /* rank 0 sends 8 elements to rank 1, which expects 4: the receiver fails
     * (in process the sender too, it gets the receiver's verdict) */
    if (k->r == 0) {
        HcclSendRecvItem it = {HCCL_SEND, k->a, 8, f, 1};
        EXPECT_H(HCCL_SUCCESS, HcclBatchSendRecv(&it, 1, k->world, k->s[0]));
        expect_async(k, !g_mpi);
    } else if (k->r == 1) {
        HcclSendRecvItem it = {HCCL_RECV, k->b, 4, f, 0};
        EXPECT_H(HCCL_SUCCESS, HcclBatchSendRecv(&it, 1, k->world, k->s[0]));
        expect_async(k, 1);
    }
    if (!g_mpi) { /* in process: ranks disagree on the counts of an all-gather-v */
        uint64_t rc[N], rd[N];
        v_layout(3, 0, rc, rd);
        if (k->r == 2)
            rd[0] += 1;
        EXPECT_H(HCCL_SUCCESS, HcclAllGatherV(k->a, rc[k->r], k->b, rc, rd, f, k->world, k->s[0]));
        expect_async(k, 1);
    }
    xbarrier();
    t_allgatherv(k, f, 5, 0, 3); /* the communicator still works */
}

/* ---- bad parameters (rank 0 alone: nothing here reaches another rank) ---------- */

static void t_misuse(struct ctx *k)
{
    const HcclDataType f = HCCL_DATA_TYPE_FP32;
    HcclComm w = k->world;
    aclrtStream s = k->s[0];
    /* HcclAlltoAllVC */
    uint64_t mat[N * N] = {0};
    mat[1] = 2;
    EXPECT_MSG(HCCL_E_PTR, "sendCountMatrix is NULL", HcclAlltoAllVC(k->a, NULL, f, k->b, f, w, s));
    EXPECT_MSG(HCCL_E_PARA, "differ",
               HcclAlltoAllVC(k->a, mat, f, k->b, HCCL_DATA_TYPE_INT32, w, s));
    EXPECT_MSG(HCCL_E_PTR, "NULL send", HcclAlltoAllVC(NULL, mat, f, k->b, f, w, s));
    mat[1] = UINT64_MAX / 2;
    mat[2] = UINT64_MAX / 2 + 5;
    EXPECT_MSG(HCCL_E_PARA, "overflow", HcclAlltoAllVC(k->a, mat, f, k->b, f, w, s));
    EXPECT_MSG(HCCL_E_NOT_SUPPORT, "not supported",
               HcclAlltoAllVC(k->a, mat, HCCL_DATA_TYPE_INT128, k->b, HCCL_DATA_TYPE_INT128, w, s));
    /* names */
    HcclComm got = NULL;
    EXPECT_H(HCCL_SUCCESS, HcclCommGetHandleWithName("world", &got));
    EXPECT(got == w); /* in process: the rank on this thread's device */
    EXPECT_MSG(HCCL_E_NOT_FOUND, "no live communicator", HcclCommGetHandleWithName("nope", &got));
    EXPECT_MSG(HCCL_E_PTR, "NULL commName", HcclCommGetHandleWithName(NULL, &got));
    EXPECT_MSG(HCCL_E_PTR, "NULL comm", HcclCommGetHandleWithName("world", NULL));
    char longname[COMM_NAME_MAX_LENGTH + 8];
    memset(longname, 'x', sizeof longname - 1);
    longname[sizeof longname - 1] = 0;
    EXPECT_MSG(HCCL_E_PARA, "longer than", HcclCommGetHandleWithName(longname, &got));
    /* capability, process-wide settings */
    EXPECT(HcclGetCommConfigCapability() == HCCL_COMM_CONFIG_RESERVED);
    EXPECT(HcclGetCommConfigCapability() > HCCL_COMM_CONFIG_COMM_NAME);
    HcclConfigValue cv = {.value = 7};
    EXPECT_H(HCCL_SUCCESS, HcclGetConfig(HCCL_DETERMINISTIC, &cv));
    EXPECT(cv.value == 0); /* HCCL_DETERMINISTIC is not set in the environment */
    cv.value = 1;
    EXPECT_H(HCCL_SUCCESS, HcclSetConfig(HCCL_DETERMINISTIC, cv));
    cv.value = 0;
    EXPECT_H(HCCL_SUCCESS, HcclGetConfig(HCCL_DETERMINISTIC, &cv));
    EXPECT(cv.value == 1);
    cv.value = 3;
    EXPECT_MSG(HCCL_E_PARA, "value 3", HcclSetConfig(HCCL_DETERMINISTIC, cv));
    EXPECT_MSG(HCCL_E_PARA, "not HCCL_DETERMINISTIC", HcclSetConfig(HCCL_CONFIG_RESERVED, cv));
    EXPECT_MSG(HCCL_E_PARA, "not HCCL_DETERMINISTIC", HcclGetConfig(HCCL_CONFIG_RESERVED, &cv));
    EXPECT_MSG(HCCL_E_PTR, "configValue is NULL", HcclGetConfig(HCCL_DETERMINISTIC, NULL));
    cv.value = 0;
    EXPECT_H(HCCL_SUCCESS, HcclSetConfig(HCCL_DETERMINISTIC, cv));

    EXPECT_MSG(HCCL_E_PARA, "root 4", HcclScatter(k->a, k->b, 4, f, N, w, s));
    EXPECT_MSG(HCCL_E_PTR, "NULL send", HcclScatter(NULL, k->b, 4, f, 0, w, s));
    EXPECT_MSG(HCCL_E_PTR, "NULL receive", HcclScatter(k->a, NULL, 4, f, 0, w, s));
    EXPECT_MSG(HCCL_E_NOT_SUPPORT, "not supported",
               HcclScatter(k->a, k->b, 4, HCCL_DATA_TYPE_HIF8, 0, w, s));
    uint64_t rc[N] = {1, 2, 3, 4}, rd[N] = {0, 1, 3, 6}, big[N] = {UINT64_MAX - 1, 0, 0, 0};
    EXPECT_MSG(HCCL_E_PTR, "NULL count", HcclAllGatherV(k->a, 1, k->b, NULL, rd, f, w, s));
    EXPECT_MSG(HCCL_E_PARA, "differs", HcclAllGatherV(k->a, 2, k->b, rc, rd, f, w, s));
    EXPECT_MSG(HCCL_E_PARA, "overflows", HcclAllGatherV(k->a, 1, k->b, rc, big, f, w, s));
    EXPECT_MSG(HCCL_E_PTR, "NULL receive", HcclAllGatherV(k->a, 1, NULL, rc, rd, f, w, s));
    EXPECT_MSG(HCCL_E_PARA, "HcclReduceOp",
               HcclReduceScatterV(k->a, rc, rd, k->b, 1, f, (HcclReduceOp)9, w, s));
    EXPECT_MSG(HCCL_E_PARA, "differs",
               HcclReduceScatterV(k->a, rc, rd, k->b, 3, f, HCCL_REDUCE_SUM, w, s));
    EXPECT_MSG(HCCL_E_PTR, "NULL send",
               HcclReduceScatterV(NULL, rc, rd, k->b, 1, f, HCCL_REDUCE_SUM, w, s));
    EXPECT_MSG(HCCL_E_PARA, "HcclDataType",
               HcclReduceScatterV(k->a, rc, rd, k->b, 1, (HcclDataType)42, HCCL_REDUCE_SUM, w, s));
    HcclSendRecvItem it[2] = {{HCCL_SEND, k->a, 4, f, 1}, {HCCL_RECV, k->b, 4, f, N}};
    EXPECT_MSG(HCCL_E_PTR, "sendRecvInfo is NULL", HcclBatchSendRecv(NULL, 2, w, s));
    EXPECT_MSG(HCCL_E_PARA, "remote rank 4", HcclBatchSendRecv(it, 2, w, s));
    it[1] = (HcclSendRecvItem){(HcclSendRecvType)2, k->b, 4, f, 1};
    EXPECT_MSG(HCCL_E_PARA, "HcclSendRecvType", HcclBatchSendRecv(it, 2, w, s));
    it[1] = (HcclSendRecvItem){HCCL_RECV, NULL, 4, f, 1};
    EXPECT_MSG(HCCL_E_PTR, "item 1: NULL buffer", HcclBatchSendRecv(it, 2, w, s));
    EXPECT_MSG(HCCL_E_PTR, "stream is NULL", HcclBatchSendRecv(it, 2, w, NULL));

    /* configs */
    HcclCommConfig cfg;
    HcclComm c = NULL;
    HcclCommConfigInit(&cfg);
    EXPECT(cfg.hcclBufferSize == HCCL_COMM_BUFFSIZE_CONFIG_NOT_SET);
    EXPECT(*(size_t *)(void *)&cfg == sizeof cfg);
    EXPECT_MSG(HCCL_E_PTR, "config is NULL", HcclCommInitRootInfoConfig(N, &g_info, 0, NULL, &c));
    cfg.reserved[8] ^= 1; /* the magic word */
    EXPECT_MSG(HCCL_E_PARA, "magic word", HcclCommInitRootInfoConfig(N, &g_info, 0, &cfg, &c));
    HcclCommConfigInit(&cfg);
    *(size_t *)(void *)&cfg = 8;
    EXPECT_MSG(HCCL_E_PARA, "config size 8", HcclCommInitClusterInfoConfig(g_table, 0, &cfg, &c));
    HcclCommConfigInit(&cfg);
    cfg.reserved[12] = 0; /* version 10 -> 0 */
    EXPECT_MSG(HCCL_E_PARA, "version 0", HcclCommInitRootInfoConfig(N, &g_info, 0, &cfg, &c));
    HcclCommConfigInit(&cfg);
    cfg.hcclBufferSize = 0;
    EXPECT_MSG(HCCL_E_PARA, "hcclBufferSize 0",
               HcclCreateSubCommConfig(&w, 1, &k->r, 9, 0, &cfg, &c));
    HcclCommConfigInit(&cfg);
    cfg.hcclDeterministic = 3;
    EXPECT_MSG(HCCL_E_PARA, "hcclDeterministic 3",
               HcclCommInitRootInfoConfig(N, &g_info, 0, &cfg, &c));
    HcclCommConfigInit(&cfg);
    cfg.aclGraphZeroCopyEnable = 2;
    EXPECT_MSG(HCCL_E_PARA, "aclGraphZeroCopyEnable 2",
               HcclCommInitRootInfoConfig(N, &g_info, 0, &cfg, &c));
    HcclCommConfigInit(&cfg);
    EXPECT(c == NULL);

    /* sub-communicators: rank ids ascending, unique, below N, containing this rank */
    uint32_t unsorted[2] = {1, 0}, dup[2] = {0, 0}, far[2] = {0, N}, other[2] = {1, 2};
    uint32_t first[2] = {0, 1};
    EXPECT_MSG(HCCL_E_PARA, "ascending", HcclCreateSubCommConfig(&w, 2, unsorted, 5, 1, &cfg, &c));
    EXPECT_MSG(HCCL_E_PARA, "ascending", HcclCreateSubCommConfig(&w, 2, dup, 5, 0, &cfg, &c));
    EXPECT_MSG(HCCL_E_PARA, "ascending", HcclCreateSubCommConfig(&w, 2, far, 5, 0, &cfg, &c));
    EXPECT_MSG(HCCL_E_PARA, "subCommRankId", HcclCreateSubCommConfig(&w, 2, other, 5, 0, &cfg, &c));
    EXPECT_MSG(HCCL_E_PARA, "subCommRankId", HcclCreateSubCommConfig(&w, 2, first, 5, 2, &cfg, &c));
    EXPECT_MSG(HCCL_E_PARA, "rankNum 0", HcclCreateSubCommConfig(&w, 0, other, 5, 0, &cfg, &c));
    EXPECT_MSG(HCCL_E_PTR, "NULL subComm", HcclCreateSubCommConfig(&w, 2, other, 5, 0, &cfg, NULL));
    EXPECT_MSG(HCCL_E_PTR, "rankIds is NULL", HcclCreateSubCommConfig(&w, 2, NULL, 5, 0, &cfg, &c));
    EXPECT(c == NULL);
    c = (HcclComm)1;
    EXPECT_H(HCCL_SUCCESS, HcclCreateSubCommConfig(&w, 0, NULL, 0xFFFFFFFFu, 0, &cfg, &c));
    EXPECT(c == NULL);
    char name[COMM_NAME_MAX_LENGTH];
    EXPECT_MSG(HCCL_E_PTR, "NULL commName", HcclGetCommName(w, NULL));
    EXPECT_MSG(HCCL_E_PARA, "not a live", HcclGetCommName((HcclComm)name, name));
    sync0(k); /* nothing was queued */
}

/* ---- sub-communicators ---------------------------------------------------------- */

/* Queue an all-reduce of element count n (input: tc_gen of this rank's id in
 * `comm`, seed) into y + off, and later check it against tc_ref. */
struct job {
    HcclComm comm;
    uint32_t size, rank;
    HcclReduceOp op;
    HcclDataType t;
    unsigned seed;
};

static void job_upload(struct ctx *k, int si, const struct job *j, uint64_t n)
{
    upload(k, k->x[si], j->t, n, j->rank, j->seed, 0);
    poison(k, k->y[si]);
}

static void job_check(struct ctx *k, int si, const struct job *j, uint64_t n, int rounds,
                      const char *what)
{
    download(k, k->y[si], (size_t)rounds * n * tc_size(j->t));
    for (int rd = 0; rd < rounds; rd++)
        for (uint64_t i = 0; i < n; i++)
            if (tc_get(j->t, k->h, rd * n + i) != tc_ref(j->t, j->op, j->size, i, j->seed)) {
                FAIL("[rank %u] %s round %d [%llu] = %g, expected %g\n", k->r, what, rd,
                     (unsigned long long)i, tc_get(j->t, k->h, rd * n + i),
                     tc_ref(j->t, j->op, j->size, i, j->seed));
                return;
            }
}

static void job_run(struct ctx *k, int si, const struct job *j, uint64_t n, int round)
{
    void *dst = (char *)k->y[si] + (size_t)round * n * tc_size(j->t);
    EXPECT_H(HCCL_SUCCESS, HcclAllReduce(k->x[si], dst, n, j->t, j->op, j->comm, k->s[si]));
}

static void t_subcomms(struct ctx *k)
{
    uint32_t pair[2] = {k->r & ~1u, (k->r & ~1u) + 1}, three[3] = {0, 2, 3};
    uint64_t pair_id = 100 + k->r / 2;
    HcclCommConfig cfg;
    HcclCommConfigInit(&cfg);
    HcclComm sp = NULL, s3 = NULL;
    EXPECT_H(HCCL_SUCCESS,
             HcclCreateSubCommConfig(&k->world, 2, pair, pair_id, k->r & 1, &cfg, &sp));
    strcpy(cfg.hcclCommName, "three");
    cfg.hcclBufferSize = 64;
    cfg.hcclDeterministic = 1;
    if (k->r == 1)
        EXPECT_H(HCCL_SUCCESS,
                 HcclCreateSubCommConfig(&k->world, 0, NULL, 0xFFFFFFFFu, 0, &cfg, &s3));
    else
        EXPECT_H(HCCL_SUCCESS,
                 HcclCreateSubCommConfig(&k->world, 3, three, 7, k->r ? k->r - 1 : 0, &cfg, &s3));
    if (!sp || (k->r != 1 && !s3)) {
        FAIL("[rank %u] sub-communicator creation failed\n", k->r);
        return;
    }
    uint32_t v = 99;
    EXPECT_H(HCCL_SUCCESS, HcclGetRankSize(sp, &v));
    EXPECT(v == 2);
    EXPECT_H(HCCL_SUCCESS, HcclGetRankId(sp, &v));
    EXPECT(v == (k->r & 1));
    char wname[COMM_NAME_MAX_LENGTH], name[COMM_NAME_MAX_LENGTH], want[COMM_NAME_MAX_LENGTH + 32];
    EXPECT_H(HCCL_SUCCESS, HcclGetCommName(k->world, wname));
    EXPECT(strcmp(wname, "world") == 0);
    EXPECT_H(HCCL_SUCCESS, HcclGetCommName(sp, name));
    snprintf(want, sizeof want, "%s_sub_%llu", wname, (unsigned long long)pair_id);
    EXPECT(strcmp(name, want) == 0);
    if (s3) {
        EXPECT_H(HCCL_SUCCESS, HcclGetCommName(s3, name));
        EXPECT(strcmp(name, "three") == 0);
        EXPECT_H(HCCL_SUCCESS, HcclGetRankSize(s3, &v));
        EXPECT(v == 3);
    }

    /* 1. concurrently: world, pair and {0,2,3} each on its own stream; the
     *    streams must be on different workers (a blocked collective holds its
     *    worker), which CPUACL_WORKERS=4 gives */
    uint32_t wk[NSTREAM];
    int distinct = 1;
    for (int i = 0; i < NSTREAM; i++) {
        OK(cpuaclStreamGetWorker(k->s[i], &wk[i]));
        for (int j = 0; j < i; j++)
            distinct &= wk[i] != wk[j];
    }
    EXPECT(distinct);
    struct job jw = {k->world, N, k->r, HCCL_REDUCE_SUM, HCCL_DATA_TYPE_INT32, 11};
    struct job jp = {sp, 2, k->r & 1, HCCL_REDUCE_SUM, HCCL_DATA_TYPE_FP32, 12};
    struct job j3 = {s3, 3, k->r ? k->r - 1 : 0, HCCL_REDUCE_MAX, HCCL_DATA_TYPE_FP16, 13};
    const uint64_t n = 1031;
    job_upload(k, 0, &jw, n);
    job_upload(k, 1, &jp, n);
    if (s3)
        job_upload(k, 2, &j3, n);
    if (distinct) {
        for (int rd = 0; rd < ROUNDS; rd++) {
            job_run(k, 0, &jw, n, rd);
            job_run(k, 1, &jp, n, rd);
            if (s3)
                job_run(k, 2, &j3, n, rd);
        }
        for (int i = 0; i < NSTREAM; i++)
            OK(aclrtSynchronizeStream(k->s[i]));
        job_check(k, 0, &jw, n, ROUNDS, "world");
        job_check(k, 1, &jp, n, ROUNDS, "pair");
        if (s3)
            job_check(k, 2, &j3, n, ROUNDS, "three");
    }

    /* 2. interleaved on one stream: world, pair, world, three */
    for (int i = 0; i < NSTREAM; i++)
        poison(k, k->y[i]);
    struct job jw0 = jw, jp0 = jp, j30 = j3;
    jw0.comm = k->world;
    for (int rd = 0; rd < 3; rd++) {
        EXPECT_H(HCCL_SUCCESS, HcclAllReduce(k->x[0], (char *)k->y[0] + rd * n * 4, n, jw0.t,
                                             jw0.op, k->world, k->s[0]));
        EXPECT_H(HCCL_SUCCESS, HcclAllReduce(k->x[1], (char *)k->y[1] + rd * n * 4, n, jp0.t,
                                             jp0.op, sp, k->s[0]));
        if (s3)
            EXPECT_H(HCCL_SUCCESS, HcclAllReduce(k->x[2], (char *)k->y[2] + rd * n * 2, n, j30.t,
                                                 j30.op, s3, k->s[0]));
    }
    sync0(k);
    job_check(k, 0, &jw0, n, 3, "world (one stream)");
    job_check(k, 1, &jp0, n, 3, "pair (one stream)");
    if (s3)
        job_check(k, 2, &j30, n, 3, "three (one stream)");

    /* 3. a batch and a reduce-scatterv on the sub-communicators */
    HcclSendRecvItem it[2] = {{HCCL_SEND, k->x[1], n, HCCL_DATA_TYPE_FP32, 1 - (k->r & 1)},
                              {HCCL_RECV, k->y[1], n, HCCL_DATA_TYPE_FP32, 1 - (k->r & 1)}};
    EXPECT_H(HCCL_SUCCESS, HcclBatchSendRecv(it, 2, sp, k->s[1]));
    OK(aclrtSynchronizeStream(k->s[1]));
    download(k, k->y[1], n * 4);
    for (uint64_t i = 0; i < n; i++)
        if (tc_get(HCCL_DATA_TYPE_FP32, k->h, i) !=
            tc_gen(HCCL_DATA_TYPE_FP32, 1 - (k->r & 1), i, jp.seed)) {
            FAIL("[rank %u] pair batch [%llu] wrong\n", k->r, (unsigned long long)i);
            break;
        }

    /* 4. destroy in both orders: ranks 0 and 1 drop the world first and use
     *    their pair after it; ranks 2 and 3 drop their sub-communicators first */
    xbarrier(); /* every rank is done with the world */
    if (k->r < 2) {
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(k->world));
        k->world = NULL;
        job_upload(k, 1, &jp, n);
        job_run(k, 1, &jp, n, 0);
        OK(aclrtSynchronizeStream(k->s[1]));
        job_check(k, 1, &jp, n, 1, "pair after the world's destruction");
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(sp));
        if (s3)
            EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(s3));
    } else {
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(s3));
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(sp));
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(k->world));
        k->world = NULL;
    }
}

/* ---- communicators over some of the job's processes (MPI only) ------------------ */

/* Members world[0..n-1] (hccl rank i = world rank world[i]) make a
 * communicator from root info of world rank world[0] (whose hccl rank is
 * then 0, or `creator_rank`), all-reduce and all-gather their world ranks. */
static void subset_run(struct ctx *k, const HcclRootInfo *ri, uint32_t n, const int *world)
{
    uint32_t hr = n;
    for (uint32_t i = 0; i < n; i++)
        if (world[i] == g_wrank)
            hr = i;
    if (hr == n)
        return;
    HcclComm sc = NULL;
    uint32_t got = 0;
    EXPECT_H(HCCL_SUCCESS, HcclCommInitRootInfo(n, ri, hr, &sc));
    if (!sc)
        return;
    EXPECT_H(HCCL_SUCCESS, HcclGetRankSize(sc, &got));
    EXPECT(got == n);
    EXPECT_H(HCCL_SUCCESS, HcclGetRankId(sc, &got));
    EXPECT(got == hr);
    int32_t v[64];
    for (int i = 0; i < 64; i++)
        v[i] = g_wrank * 1000 + i;
    OK(aclrtMemcpy(k->a, CAP, v, sizeof v, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_H(HCCL_SUCCESS,
             HcclAllReduce(k->a, k->b, 64, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, sc, k->s[0]));
    EXPECT_H(HCCL_SUCCESS,
             HcclAllGather(k->a, (char *)k->b + 256, 1, HCCL_DATA_TYPE_INT32, sc, k->s[0]));
    sync0(k);
    int32_t out[64 + 16];
    OK(aclrtMemcpy(out, sizeof out, k->b, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST));
    int32_t sum = 0;
    for (uint32_t i = 0; i < n; i++)
        sum += world[i] * 1000;
    for (int i = 0; i < 64; i++)
        EXPECT(out[i] == sum + (int32_t)n * i);
    for (uint32_t i = 0; i < n; i++)
        EXPECT(out[64 + i] == world[i] * 1000);
    EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(sc));
}

static void t_subset(struct ctx *k)
{
    if (!g_mpi)
        return;
    HcclRootInfo ri[4];
    memset(ri, 0, sizeof ri);
    static const int makers[4] = {1, 2, 3, 1};
    for (int i = 0; i < 4; i++) {
        if (g_wrank == makers[i])
            EXPECT_H(HCCL_SUCCESS, HcclGetRootInfo(&ri[i]));
        MPI_Bcast(&ri[i], sizeof ri[i], MPI_BYTE, makers[i], MPI_COMM_WORLD);
    }
    /* two pairs at once, each from its creator's root info */
    static const int odd[2] = {1, 3}, even[2] = {2, 0};
    subset_run(k, &ri[0], 2, odd);
    subset_run(k, &ri[1], 2, even);
    xbarrier();
    /* three of four; rank 2 takes no part */
    static const int three[3] = {3, 0, 1};
    subset_run(k, &ri[2], 3, three);
    xbarrier();
    /* a member that never comes: the others give HCCL_E_TIMEOUT in
     * HCCL_CONNECT_TIMEOUT and carry on */
    if (g_wrank == 1 || g_wrank == 3) {
        HcclComm sc = NULL;
        setenv("HCCL_CONNECT_TIMEOUT", "2", 1);
        uint64_t t0 = (uint64_t)time(NULL);
        EXPECT_MSG(HCCL_E_TIMEOUT, "HCCL_CONNECT_TIMEOUT",
                   HcclCommInitRootInfo(3, &ri[3], g_wrank == 1 ? 0 : 1, &sc));
        EXPECT((uint64_t)time(NULL) - t0 < 10);
        unsetenv("HCCL_CONNECT_TIMEOUT");
    }
    xbarrier();
}

/* ---- a rank ------------------------------------------------------------------------ */

static void rank_main(uint32_t r)
{
    struct ctx ctx = {.r = r}, *k = &ctx;
    OK(aclrtSetDevice(g_mpi ? 0 : (int32_t)r));
    for (int i = 0; i < NSTREAM; i++) {
        OK(aclrtCreateStream(&k->s[i]));
        OK(aclrtMalloc(&k->x[i], CAP, ACL_MEM_MALLOC_HUGE_FIRST));
        OK(aclrtMalloc(&k->y[i], CAP, ACL_MEM_MALLOC_HUGE_FIRST));
    }
    OK(aclrtMalloc(&k->a, CAP, ACL_MEM_MALLOC_HUGE_FIRST));
    OK(aclrtMalloc(&k->b, CAP, ACL_MEM_MALLOC_HUGE_FIRST));
    k->h = malloc(CAP);
    HcclCommConfig cfg;
    HcclCommConfigInit(&cfg);
    strcpy(cfg.hcclCommName, "world");
    cfg.hcclExecTimeOut = 600;
    EXPECT_H(HCCL_SUCCESS, HcclCommInitRootInfoConfig(N, &g_info, r, &cfg, &k->world));
    if (k->world && k->h) {
        collectives(k);
        xbarrier();
        if (r == 0)
            t_misuse(k);
        xbarrier();
        t_mismatch(k);
        t_subcomms(k);
        t_subset(k);
        /* a configured communicator from a rank table, then destroyed */
        HcclComm t = NULL;
        char name[COMM_NAME_MAX_LENGTH];
        HcclCommConfigInit(&cfg);
        EXPECT_H(HCCL_SUCCESS, HcclCommInitClusterInfoConfig(g_table, r, &cfg, &t));
        EXPECT_H(HCCL_SUCCESS, HcclGetCommName(t, name));
        EXPECT(strncmp(name, "hccl_", 5) == 0);
        k->world = t;
        t_batch_all(k, HCCL_DATA_TYPE_INT16, 33, 77);
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(t));
    }
    for (int i = 0; i < NSTREAM; i++) {
        OK(aclrtFree(k->x[i]));
        OK(aclrtFree(k->y[i]));
        OK(aclrtDestroyStream(k->s[i]));
    }
    OK(aclrtFree(k->a));
    OK(aclrtFree(k->b));
    free(k->h);
}

static void *rank_thread(void *arg)
{
    rank_main((uint32_t)(uintptr_t)arg);
    return NULL;
}

int main(void)
{
    const char *ws = getenv("OMPI_COMM_WORLD_SIZE");
    g_mpi = ws && atoi(ws) > 1;
    setenv("HCCL_DEBUG", "1", 1);     /* error messages on stderr: EXPECT_MSG reads them */
    setenv("CPUACL_WORKERS", "4", 0); /* one worker per stream of t_subcomms */
    /* HcclGetConfig falls back to CANN's variable until HcclSetConfig */
    HcclConfigValue cv = {.value = -1};
    setenv("HCCL_DETERMINISTIC", "true", 1);
    if (HcclGetConfig(HCCL_DETERMINISTIC, &cv) != HCCL_SUCCESS || cv.value != 1)
        g_fail++;
    setenv("HCCL_DETERMINISTIC", "strict", 1);
    if (HcclGetConfig(HCCL_DETERMINISTIC, &cv) != HCCL_SUCCESS || cv.value != 2)
        g_fail++;
    unsetenv("HCCL_DETERMINISTIC");
    if (g_mpi) {
        int prov = 0, w = 0;
        MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &prov);
        MPI_Comm_rank(MPI_COMM_WORLD, &g_wrank);
        MPI_Comm_size(MPI_COMM_WORLD, &w);
        if (w != (int)N) {
            if (g_wrank == 0)
                printf("hccl_api: needs exactly %u MPI processes, has %d: skipped\n", N, w);
            MPI_Finalize();
            return 77;
        }
    } else {
        setenv("CPUACL_DEVICE_COUNT", "4", 0);
    }
    if (aclInit(NULL) != ACL_SUCCESS) {
        fprintf(stderr, "aclInit failed\n");
        return 1;
    }
    /* one rank table for all (each process writes its own copy) */
    snprintf(g_table, sizeof g_table, "/tmp/hccl_api_rt_%d.json", (int)getpid());
    FILE *f = fopen(g_table, "w");
    if (!f)
        return 1;
    fprintf(f, "{\"status\":\"completed\",\"version\":\"1.0\",\"server_count\":\"1\","
               "\"server_list\":[{\"server_id\":\"node_0\",\"device\":[");
    for (uint32_t r = 0; r < N; r++)
        fprintf(f, "%s{\"device_id\":\"%u\",\"rank_id\":\"%u\"}", r ? "," : "", r, r);
    fprintf(f, "]}]}\n");
    fclose(f);

    if (g_mpi) {
        if (g_wrank == 0 && HcclGetRootInfo(&g_info) != HCCL_SUCCESS)
            g_fail++;
        MPI_Bcast(&g_info, sizeof g_info, MPI_BYTE, 0, MPI_COMM_WORLD);
        rank_main((uint32_t)g_wrank);
    } else {
        if (HcclGetRootInfo(&g_info) != HCCL_SUCCESS)
            g_fail++;
        pthread_barrier_init(&g_bar, NULL, N);
        pthread_t th[N];
        for (uint32_t r = 0; r < N; r++)
            pthread_create(&th[r], NULL, rank_thread, (void *)(uintptr_t)r);
        for (uint32_t r = 0; r < N; r++)
            pthread_join(th[r], NULL);
        pthread_barrier_destroy(&g_bar);
    }
    unlink(g_table);
    if (aclFinalize() != ACL_SUCCESS)
        g_fail++;
    int fails = g_fail;
    if (g_mpi) {
        int mine = fails;
        MPI_Allreduce(&mine, &fails, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Finalize();
    }
    if (g_wrank == 0)
        printf("hccl_api (%s, %u ranks): %s (%d failures)\n", g_mpi ? "mpirun" : "in process", N,
               fails ? "FAIL" : "pass", fails);
    return fails ? 1 : 0;
}
