/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The MPI transport: one rank per process of an `mpirun` job (Open MPI).
 *
 * Each communicator owns two MPI communicators (collectives; point to point,
 * so user sends never match a collective's internal messages) and one
 * communication thread. A stream task (on a device worker) whose
 * communicator is idle starts and drives its call itself (HM5: one hand-off
 * per call, the stream's); otherwise it queues the call and sleeps on a futex
 * until the thread reports completion. The thread starts each call as a
 * non-blocking MPI operation
 * (MPI_Iallreduce, MPI_Ibcast, MPI_Iallgather, MPI_Ireduce_scatter_block,
 * MPI_Ireduce, MPI_Ialltoall(v), MPI_Ibarrier, MPI_Isend/MPI_Irecv) in queue
 * order, which is the order every rank's stream reached them, and drives
 * all started operations with MPI_Test: a short busy phase, then sleeps that
 * grow from 2 to 100 microseconds while nothing completes, cut short by a
 * new call (no core burnt while a peer is slow).
 *
 * float16 / bfloat16 travel as 2-byte types with user reduction operations
 * (float accumulation, rounding once per pairwise step).
 *
 * Invariants:
 *  HM1. A request lives on the waiting task's stack; the task returns only
 *      after `done` is set (release, after the thread's last access), so the
 *      thread never touches a finished request.
 *  HM2. Queue order is start order: calls of one communicator start in the
 *      order their tasks ran, identical on every rank by HCCL's contract.
 *  HM3. MPI is initialised once, with MPI_THREAD_MULTIPLE, by libhccl if the
 *      program did not; then libhccl also finalises it at exit, after
 *      stopping every communication thread still running, unless a
 *      communicator broke (HM4): then MPI_Finalize is skipped, since Open MPI
 *      (no ULFM) may wait in it for a peer that died.
 *  HM4. Faults. Every call has a deadline, HCCL_EXEC_TIMEOUT after it was
 *      queued. A call still incomplete at its deadline, or one MPI reports an
 *      error for, breaks the communicator: `broken` holds the code, every call
 *      still active fails with it (HCCL_E_TIMEOUT, HCCL_E_NETWORK) and every
 *      later one fails at once. The MPI requests of failed calls are
 *      abandoned: point-to-point ones cancelled, collective ones (which MPI
 *      cannot cancel) kept on `abandoned` with the buffers they may still
 *      touch, never tested again, and freed only if MPI completes them. A
 *      broken communicator's MPI communicators are not freed at destroy
 *      (MPI_Comm_free could wait on the dead requests): it leaks them.
 *      Communicator creation waits for every rank (an MPI_Ibarrier on
 *      MPI_COMM_WORLD) at most HCCL_CONNECT_TIMEOUT before the blocking
 *      MPI_Comm_split, so a rank that never arrives gives HCCL_E_TIMEOUT.
 *  HM5. One hand-off: a task whose communicator's thread is idle (nothing
 *      queued or active) claims it (`direct`, under mu), starts and drives
 *      its call itself on the device worker, and releases it; calls queued
 *      meanwhile start (on the thread) only once that call started, so
 *      start order stays queue order (HM2), and they do not wait for it to
 *      finish (a send on one stream may need a receive on another). The
 *      thread and a direct task may then drive calls at once: `broken` is
 *      atomic, `abandoned` is under mu.
 *  HM6. An all-reduce of at most HCCL_RD_MAX_BYTES goes by recursive
 *      doubling over point-to-point messages on the collective communicator
 *      (rdouble.c; Open MPI's MPI_Iallreduce takes twice its blocking time
 *      there). The choice depends only on the call, so every rank makes the
 *      same; the tags carry rd_seq, which counts such calls in start order
 *      (HM2: the same on every rank), so concurrent calls never mix.
 *  HM7. A communicator of fewer processes than the job, from root info made
 *      in another process, is an MPI group of its members: the root info
 *      names its creator's world rank, the creator (a member) collects the
 *      others' join messages on MPI_COMM_WORLD under a tag from the root
 *      info's id, answers with the world rank of every hccl rank, and the
 *      members make the communicator with MPI_Comm_create_group. The creator
 *      cannot tell such a communicator from one of its own threads: it waits
 *      in the in-process rendezvous and probes for a join message (when MPI
 *      is initialised), and the first that comes decides.
 */
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpi.h>

#include "hccl/hccl_internal.h"
#include "hccl/poll.h"
#include "hccl/rdouble.h"

#define MPI_SPIN_POLLS 2000u /* busy polls before sleeping between polls */
#define MPI_SLEEP_MAX_US 100u

struct mreq {
    const struct hccl_op *op;
    struct hccl_comm *c;
    MPI_Request r[1];
    void *tmp;  /* int counts of alltoallv */
    void *copy; /* copy of a send buffer overlapping the receive buffer */
    MPI_Request *reqs; /* batch: nreq requests, then nreq statuses (one block) */
    int nreq;
    HcclResult rc;
    _Atomic uint32_t done; /* A: HM1 */
    _Atomic uint32_t sleeping;
    uint64_t deadline; /* HM4: hccl_now_ns() after which the call fails */
    struct hccl_rd *rd; /* HM6: a small all-reduce by recursive doubling, or NULL */
    struct mreq *next;
};

/* An abandoned MPI request and the memory it may still use (HM4). */
struct mdead {
    MPI_Request r;
    void *tmp, *copy;
    struct mdead *next;
};

struct hccl_mpi {
    MPI_Comm coll, p2p; /* I */
    pthread_t thread;   /* I */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct mreq *head, *tail; /* mu: queued, not started */
    int stop;                 /* mu */
    int running;              /* mu: the thread was started */
    int direct;               /* mu: a task drives its own call: 1 claimed, 2 started (HM5) */
    int nactive;              /* mu: the thread has calls started and not finished */
    uint64_t timeout_ns;      /* I: HCCL_EXEC_TIMEOUT */
    _Atomic int32_t broken;   /* A: HM4, HCCL_SUCCESS or the code every call fails with */
    struct mdead *abandoned;  /* mu (HM4, HM5) */
    unsigned rd_seq;          /* small all-reduces started (HM6); by the one starting calls */
    struct hccl_mpi *next;    /* g_mpi_mu: list for the exit handler */
};

static pthread_mutex_t g_mpi_mu = PTHREAD_MUTEX_INITIALIZER;
static struct hccl_mpi *g_live; /* g_mpi_mu */
static int g_setup, g_ours;     /* g_mpi_mu */
static _Atomic int g_faulted;   /* A: some communicator broke (HM3, HM4) */
static MPI_Datatype g_f16, g_bf16;
static MPI_Op g_half_ops[4];

uint32_t hccl_mpi_world_size(void)
{
    int init = 0, fin = 0, size = 1;
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (init && !fin) {
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        return (uint32_t)size;
    }
    const char *e = getenv("OMPI_COMM_WORLD_SIZE");
    long v = e ? strtol(e, NULL, 10) : 1;
    return v > 1 && v < INT_MAX && !fin ? (uint32_t)v : 1;
}

/* ---- fp16 / bf16 reductions ------------------------------------------------ */

static void half_reduce(void *in, void *inout, int *len, MPI_Datatype *dt, HcclReduceOp op)
{
    HcclDataType t = *dt == g_f16 ? HCCL_DATA_TYPE_FP16 : HCCL_DATA_TYPE_BFP16;
    float acc[256];
    for (int i = 0; i < *len; i += 256) {
        size_t m = (size_t)(*len - i < 256 ? *len - i : 256);
        uint16_t *io = (uint16_t *)inout + i;
        hccl_acc_load(t, acc, io, m);
        hccl_acc_reduce(t, op, acc, (const uint16_t *)in + i, m);
        hccl_acc_store(t, io, acc, m);
    }
}
static void half_sum(void *a, void *b, int *n, MPI_Datatype *t) { half_reduce(a, b, n, t, HCCL_REDUCE_SUM); }
static void half_prod(void *a, void *b, int *n, MPI_Datatype *t) { half_reduce(a, b, n, t, HCCL_REDUCE_PROD); }
static void half_max(void *a, void *b, int *n, MPI_Datatype *t) { half_reduce(a, b, n, t, HCCL_REDUCE_MAX); }
static void half_min(void *a, void *b, int *n, MPI_Datatype *t) { half_reduce(a, b, n, t, HCCL_REDUCE_MIN); }

static MPI_Datatype mpi_type(HcclDataType t)
{
    switch (t) {
    case HCCL_DATA_TYPE_INT8: return MPI_INT8_T;
    case HCCL_DATA_TYPE_UINT8: return MPI_UINT8_T;
    case HCCL_DATA_TYPE_INT16: return MPI_INT16_T;
    case HCCL_DATA_TYPE_UINT16: return MPI_UINT16_T;
    case HCCL_DATA_TYPE_INT32: return MPI_INT32_T;
    case HCCL_DATA_TYPE_UINT32: return MPI_UINT32_T;
    case HCCL_DATA_TYPE_INT64: return MPI_INT64_T;
    case HCCL_DATA_TYPE_UINT64: return MPI_UINT64_T;
    case HCCL_DATA_TYPE_FP32: return MPI_FLOAT;
    case HCCL_DATA_TYPE_FP64: return MPI_DOUBLE;
    case HCCL_DATA_TYPE_FP16: return g_f16;
    default: return g_bf16;
    }
}

static MPI_Op mpi_op(HcclReduceOp op, HcclDataType t)
{
    if (t == HCCL_DATA_TYPE_FP16 || t == HCCL_DATA_TYPE_BFP16)
        return g_half_ops[op];
    switch (op) {
    case HCCL_REDUCE_SUM: return MPI_SUM;
    case HCCL_REDUCE_PROD: return MPI_PROD;
    case HCCL_REDUCE_MAX: return MPI_MAX;
    default: return MPI_MIN;
    }
}

/* ---- setup and exit (HM3) ---------------------------------------------------- */

static void mpi_stop(struct hccl_mpi *m);

static void mpi_atexit(void)
{
    pthread_mutex_lock(&g_mpi_mu);
    for (struct hccl_mpi *m = g_live; m; m = m->next)
        mpi_stop(m);
    int fin = 0;
    MPI_Finalized(&fin);
    /* relaxed: set by threads that are stopped and joined above (or by the
     * caller's own init), so the join already ordered it */
    if (g_ours && !fin && !atomic_load_explicit(&g_faulted, memory_order_relaxed))
        MPI_Finalize();
    pthread_mutex_unlock(&g_mpi_mu);
}

static HcclResult mpi_setup(void)
{
    HcclResult rc = HCCL_SUCCESS;
    pthread_mutex_lock(&g_mpi_mu);
    if (!g_setup) {
        int init = 0, fin = 0, prov = 0;
        MPI_Initialized(&init);
        MPI_Finalized(&fin);
        if (fin) {
            rc = hccl_err(HCCL_E_NETWORK, "HCCL: MPI was already finalized");
            goto out;
        }
        if (!init) {
            if (MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &prov) != MPI_SUCCESS) {
                rc = hccl_err(HCCL_E_NETWORK, "HCCL: MPI_Init_thread failed");
                goto out;
            }
            g_ours = 1;
            atexit(mpi_atexit);
        } else {
            MPI_Query_thread(&prov);
        }
        if (prov < MPI_THREAD_MULTIPLE)
            hccl_err(HCCL_SUCCESS, "HCCL: MPI initialised below MPI_THREAD_MULTIPLE: do not call "
                     "MPI while HCCL tasks run");
        MPI_Type_contiguous(2, MPI_BYTE, &g_f16);
        MPI_Type_commit(&g_f16);
        MPI_Type_contiguous(2, MPI_BYTE, &g_bf16);
        MPI_Type_commit(&g_bf16);
        MPI_Op_create(half_sum, 1, &g_half_ops[HCCL_REDUCE_SUM]);
        MPI_Op_create(half_prod, 1, &g_half_ops[HCCL_REDUCE_PROD]);
        MPI_Op_create(half_max, 1, &g_half_ops[HCCL_REDUCE_MAX]);
        MPI_Op_create(half_min, 1, &g_half_ops[HCCL_REDUCE_MIN]);
        g_setup = 1;
    }
out:
    pthread_mutex_unlock(&g_mpi_mu);
    return rc;
}

/* ---- the communication thread ---------------------------------------------- */

static HcclResult mpi_result(int err, const char *what)
{
    int cls = err;
    MPI_Error_class(err, &cls);
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(err, msg, &len);
    if (cls == MPI_ERR_TRUNCATE)
        return hccl_err(HCCL_E_PARA, "HCCL: %s: the peer's count or type does not match (%s)",
                        what, msg);
    return hccl_err(HCCL_E_NETWORK, "HCCL: %s failed: %s", what, msg);
}

/* int copies of the V-collectives' counts and displacements (q->tmp);
 * NULL with q->rc set when they do not fit. */
static int *mpi_counts(struct mreq *q, uint32_t n)
{
    int *v = malloc(sizeof(int) * 2 * n);
    if (!v) {
        q->rc = hccl_err(HCCL_E_MEMORY, "HCCL: out of memory");
        return NULL;
    }
    for (uint32_t i = 0; i < 2 * n; i++) {
        if (q->op->v[i] > INT_MAX) {
            free(v);
            q->rc = hccl_err(HCCL_E_NOT_SUPPORT,
                             "HCCL: over MPI, counts and displacements are "
                             "limited to %d",
                             INT_MAX);
            return NULL;
        }
        v[i] = (int)q->op->v[i];
    }
    return q->tmp = v;
}

/* HcclAllGatherV: MPI_Iallgatherv. HcclReduceScatterV: MPI_Ireduce_scatter,
 * whose input blocks are contiguous in rank order: other layouts (gaps,
 * another order, overlap with the receive buffer) are packed into q->copy. */
static int mpi_start_v(struct hccl_mpi *m, struct mreq *q, const void *send, MPI_Datatype dt)
{
    const struct hccl_op *op = q->op;
    uint32_t n = q->c->size, r = q->c->rank;
    size_t es = hccl_dtype_size(op->dtype);
    int *v = mpi_counts(q, n);
    if (!v)
        return MPI_SUCCESS;
    if (op->kind == HK_ALLGATHERV) {
        int inplace = (uintptr_t)send == (uintptr_t)op->recv + op->v[n + r] * es;
        return MPI_Iallgatherv(inplace ? MPI_IN_PLACE : send, (int)op->count, dt, op->recv, v,
                               v + n, dt, m->coll, q->r);
    }
    uint64_t off = 0, total = 0;
    int packed = 1;
    for (uint32_t i = 0; i < n; i++) {
        packed &= op->v[n + i] == off;
        off += op->v[i];
    }
    total = off;
    size_t rbytes = op->count * es;
    if (!packed || hccl_overlaps(send, total * es, op->recv, rbytes)) {
        char *p = malloc(total ? total * es : 1);
        if (!p) {
            q->rc = hccl_err(HCCL_E_MEMORY, "HCCL: no memory to pack a reduce-scatterv input");
            return MPI_SUCCESS;
        }
        size_t o = 0;
        for (uint32_t i = 0; i < n; o += op->v[i], i++)
            memcpy(p + o * es, (const char *)send + op->v[n + i] * es, op->v[i] * es);
        q->copy = p;
        send = p;
    }
    return MPI_Ireduce_scatter(send, op->recv, v, dt, mpi_op(op->op, op->dtype), m->coll, q->r);
}

/* HcclBatchSendRecv: every item posted at once (MPI_Isend / MPI_Irecv on the
 * point-to-point communicator, tag 0, so they match HcclSend / HcclRecv in
 * order), completed together by MPI_Testall. */
static int mpi_start_batch(struct hccl_mpi *m, struct mreq *q)
{
    const struct hccl_op *op = q->op;
    int k = (int)op->count;
    for (int i = 0; i < k; i++)
        if (op->items[i].count > INT_MAX) {
            q->rc =
                hccl_err(HCCL_E_NOT_SUPPORT, "HCCL: over MPI, counts are limited to %d", INT_MAX);
            return MPI_SUCCESS;
        }
    q->reqs = malloc((sizeof(MPI_Request) + sizeof(MPI_Status)) * (size_t)k);
    if (!q->reqs) {
        q->rc = hccl_err(HCCL_E_MEMORY, "HCCL: out of memory");
        return MPI_SUCCESS;
    }
    int err = MPI_SUCCESS;
    for (int i = 0; i < k; i++)
        q->reqs[i] = MPI_REQUEST_NULL;
    q->nreq = k;
    for (int i = 0; i < k && err == MPI_SUCCESS; i++) {
        const HcclSendRecvItem *it = &op->items[i];
        MPI_Datatype dt = mpi_type(it->dataType);
        if (it->sendRecvType == HCCL_SEND)
            err =
                MPI_Isend(it->buf, (int)it->count, dt, (int)it->remoteRank, 0, m->p2p, &q->reqs[i]);
        else
            err =
                MPI_Irecv(it->buf, (int)it->count, dt, (int)it->remoteRank, 0, m->p2p, &q->reqs[i]);
    }
    return err;
}

/* Withdraw a batch's items: cancelled, never waited for (a dead peer would hold the wait
 * for ever, HM4); requests MPI has not completed are left to it with the array. */
static void batch_withdraw(struct mreq *q)
{
    int flag = 0;
    for (int i = 0; i < q->nreq; i++)
        if (q->reqs[i] != MPI_REQUEST_NULL)
            MPI_Cancel(&q->reqs[i]);
    MPI_Testall(q->nreq, q->reqs, &flag, MPI_STATUSES_IGNORE);
    if (!flag)
        q->reqs = NULL; /* leaked: MPI may still complete them */
    q->nreq = 0;
}

/* Test a batch; 1 when every item finished (q->rc final). */
static int mpi_poll_batch(struct mreq *q)
{
    if (q->rc != HCCL_SUCCESS) { /* posting failed part way: withdraw the rest */
        batch_withdraw(q);
        return 1;
    }
    int flag = 0;
    MPI_Status *sts = (MPI_Status *)(q->reqs + q->nreq);
    int err = MPI_Testall(q->nreq, q->reqs, &flag, sts);
    if (err != MPI_SUCCESS && err != MPI_ERR_IN_STATUS) { /* HM4: withdrawn like the rest */
        q->rc = mpi_result(err, "a batched transfer");
        batch_withdraw(q);
        return 1;
    }
    if (!flag && err == MPI_SUCCESS)
        return 0;
    if (err == MPI_ERR_IN_STATUS) { /* an item failed: its code, the others withdrawn */
        for (int i = 0; i < q->nreq; i++)
            if (sts[i].MPI_ERROR != MPI_SUCCESS && sts[i].MPI_ERROR != MPI_ERR_PENDING &&
                q->rc == HCCL_SUCCESS)
                q->rc = mpi_result(sts[i].MPI_ERROR, "a batched transfer");
        batch_withdraw(q);
        return 1;
    }
    for (int i = 0; i < q->nreq; i++) {
        const HcclSendRecvItem *it = &q->op->items[i];
        int got = 0;
        if (it->sendRecvType == HCCL_RECV &&
            MPI_Get_count(&sts[i], mpi_type(it->dataType), &got) == MPI_SUCCESS &&
            (uint64_t)got != it->count && q->rc == HCCL_SUCCESS)
            q->rc = hccl_err(HCCL_E_PARA,
                             "HcclBatchSendRecv: expected %llu elements from rank "
                             "%u, it sent %d",
                             (unsigned long long)it->count, it->remoteRank, got);
    }
    return 1;
}

/* Start one call: its MPI request in q->r[0], or q->rc set (then done). */
static void mpi_start(struct hccl_mpi *m, struct mreq *q)
{
    const struct hccl_op *op = q->op;
    struct hccl_comm *c = q->c;
    size_t es = hccl_dtype_size(op->dtype);
    uint32_t n = c->size;
    MPI_Datatype dt = mpi_type(op->dtype);
    q->r[0] = MPI_REQUEST_NULL;
    /* relaxed: a status word (CAS in mpi_break), as in mpi_step */
    int32_t broken = atomic_load_explicit(&m->broken, memory_order_relaxed);
    if (broken != HCCL_SUCCESS) { /* HM4 */
        q->rc = hccl_err((HcclResult)broken, "HCCL: the communicator broke at an earlier call "
                         "(timeout or network error): destroy it");
        return;
    }
    if (op->count > INT_MAX) {
        q->rc = hccl_err(HCCL_E_NOT_SUPPORT, "HCCL: over MPI, counts are limited to %d", INT_MAX);
        return;
    }
    int cnt = (int)op->count, err = MPI_SUCCESS;
    uintptr_t recv = (uintptr_t)op->recv;
    const void *send = op->send;
    if (op->kind == HK_ALLGATHER || op->kind == HK_ALLTOALL || op->kind == HK_ALLTOALLV ||
        op->kind == HK_REDUCE_SCATTER || op->kind == HK_SCATTER || op->kind == HK_ALLGATHERV) {
        uintptr_t safe = 0;
        if (op->kind == HK_ALLGATHER)
            safe = recv + op->count * es * c->rank;
        else if (op->kind == HK_REDUCE_SCATTER)
            safe = recv;
        else if (op->kind == HK_SCATTER)
            safe = recv - op->count * es * c->rank;
        else if (op->kind == HK_ALLGATHERV)
            safe = recv + op->v[n + c->rank] * es;
        size_t sbytes, rbytes; /* a private copy per call: several may be in flight */
        hccl_extents(c, op, es, &sbytes, &rbytes);
        if (hccl_overlaps(send, sbytes, op->recv, rbytes) && (uintptr_t)send != safe) {
            if (!(q->copy = malloc(sbytes))) {
                q->rc = hccl_err(HCCL_E_MEMORY, "HCCL: no memory for an overlapping send copy");
                return;
            }
            send = memcpy(q->copy, send, sbytes);
        }
    }
    int inplace = send == op->recv;
    switch (op->kind) {
    case HK_ALLREDUCE:
        if (op->count * es <= HCCL_RD_MAX_BYTES && n <= HCCL_RD_MAX_RANKS) { /* HM6 */
            if (!(q->rd = malloc(sizeof *q->rd))) {
                q->rc = hccl_err(HCCL_E_MEMORY, "HCCL: out of memory");
                return;
            }
            err = hccl_rd_start(q->rd, send, op->recv, cnt, dt, es, mpi_op(op->op, op->dtype),
                                m->coll, (int)c->rank, (int)n, m->rd_seq++);
            break;
        }
        err = MPI_Iallreduce(inplace ? MPI_IN_PLACE : send, op->recv, cnt, dt,
                             mpi_op(op->op, op->dtype), m->coll, q->r);
        break;
    case HK_BROADCAST:
        err = MPI_Ibcast(op->recv, cnt, dt, (int)op->root, m->coll, q->r);
        break;
    case HK_ALLGATHER:
        inplace = (uintptr_t)send == recv + op->count * es * c->rank;
        err = MPI_Iallgather(inplace ? MPI_IN_PLACE : send, cnt, dt, op->recv, cnt, dt, m->coll,
                             q->r);
        break;
    case HK_REDUCE_SCATTER:
        err = MPI_Ireduce_scatter_block(inplace ? MPI_IN_PLACE : send, op->recv, cnt, dt,
                                        mpi_op(op->op, op->dtype), m->coll, q->r);
        break;
    case HK_REDUCE:
        inplace = inplace && c->rank == op->root;
        err = MPI_Ireduce(inplace ? MPI_IN_PLACE : send, op->recv, cnt, dt,
                          mpi_op(op->op, op->dtype), (int)op->root, m->coll, q->r);
        break;
    case HK_ALLTOALL:
        err = MPI_Ialltoall(send, cnt, dt, op->recv, cnt, dt, m->coll, q->r);
        break;
    case HK_ALLTOALLV: {
        int *v = malloc(sizeof(int) * 4 * n);
        if (!v) {
            q->rc = hccl_err(HCCL_E_MEMORY, "HCCL: out of memory");
            return;
        }
        for (uint32_t i = 0; i < 4 * n; i++) {
            if (op->v[i] > INT_MAX) {
                free(v);
                q->rc = hccl_err(HCCL_E_NOT_SUPPORT, "HCCL: over MPI, alltoallv counts and "
                                 "displacements are limited to %d", INT_MAX);
                return;
            }
            v[i] = (int)op->v[i];
        }
        q->tmp = v;
        err = MPI_Ialltoallv(send, v, v + n, dt, op->recv, v + 2 * n, v + 3 * n, dt, m->coll,
                             q->r);
        break;
    }
    case HK_SCATTER:
        inplace = c->rank == op->root && (uintptr_t)send == recv - op->count * es * c->rank;
        err = MPI_Iscatter(send, cnt, dt, inplace ? MPI_IN_PLACE : op->recv, cnt, dt, (int)op->root,
                           m->coll, q->r);
        break;
    case HK_ALLGATHERV:
    case HK_REDUCE_SCATTERV:
        err = mpi_start_v(m, q, send, dt);
        break;
    case HK_BATCH:
        err = mpi_start_batch(m, q);
        break;
    case HK_SEND:
        err = MPI_Isend(send, cnt, dt, (int)op->root, 0, m->p2p, q->r);
        break;
    case HK_RECV:
        err = MPI_Irecv(op->recv, cnt, dt, (int)op->root, 0, m->p2p, q->r);
        break;
    default:
        err = MPI_Ibarrier(m->coll, q->r);
        break;
    }
    if (err != MPI_SUCCESS)
        q->rc = mpi_result(err, "starting a collective");
}

/* Test one started call; 1 when it finished (q->rc final). */
static int mpi_poll(struct mreq *q)
{
    if (q->nreq)
        return mpi_poll_batch(q);
    if (q->rd && q->rc == HCCL_SUCCESS) { /* HM6 */
        int done = 0, err = hccl_rd_test(q->rd, &done);
        if (err == MPI_SUCCESS)
            return done;
        q->rc = mpi_result(err, "a transfer");
        if (!hccl_rd_cancel(q->rd))
            q->rd = NULL; /* MPI may still use it: leaked (HM4) */
        return 1;
    }
    if (q->rc != HCCL_SUCCESS || q->r[0] == MPI_REQUEST_NULL)
        return 1;
    int flag = 0;
    MPI_Status st;
    memset(&st, 0, sizeof st);
    int err = MPI_Test(q->r, &flag, &st);
    if (err != MPI_SUCCESS) {
        q->rc = mpi_result(err, "a transfer");
        return 1;
    }
    if (!flag)
        return 0;
    if (q->op->kind == HK_RECV) {
        int got = 0; /* (st.MPI_ERROR is not set by MPI_Test: errors came back as err) */
        if (MPI_Get_count(&st, mpi_type(q->op->dtype), &got) == MPI_SUCCESS &&
                 (uint64_t)got != q->op->count)
            q->rc = hccl_err(HCCL_E_PARA, "HcclRecv: expected %llu elements, the sender sent %d",
                             (unsigned long long)q->op->count, got);
    }
    return 1;
}

static void mpi_finish(struct mreq *q)
{
    hccl_rd_free(q->rd);
    q->rd = NULL;
    free(q->tmp);
    free(q->copy);
    free(q->reqs);
    q->tmp = q->copy = NULL;
    q->reqs = NULL;
    /* release: HM1, everything the thread did with q happens before the
     * waiting task's acquire of `done` */
    atomic_store_explicit(&q->done, 1, memory_order_seq_cst);
    /* seq_cst load: Dekker pair with the waiter's "sleeping = 1; load done" */
    if (atomic_load_explicit(&q->sleeping, memory_order_seq_cst))
        hccl_futex_wake(&q->done);
}

/* Mark the communicator broken with `code` (the first code stays). HM4 */
static void mpi_break(struct hccl_mpi *m, HcclResult code)
{
    int32_t none = HCCL_SUCCESS;
    /* relaxed: a status word, read by this thread and by later calls' starts
     * on this thread; the task learns of it through its own request's rc */
    atomic_compare_exchange_strong_explicit(&m->broken, &none, (int32_t)code,
                                            memory_order_relaxed, memory_order_relaxed);
    /* relaxed: read at exit after the threads were joined */
    atomic_store_explicit(&g_faulted, 1, memory_order_relaxed);
}

/* Give up on a call that did not complete (HM4): its request is cancelled
 * (point to point) or kept aside untested with its buffers (collective). */
static void mpi_abandon(struct hccl_mpi *m, struct mreq *q, HcclResult code)
{
    if (q->rc == HCCL_SUCCESS)
        q->rc = code;
    if (q->rd && !hccl_rd_cancel(q->rd))
        q->rd = NULL; /* MPI may still use it and its scratch: leaked */
    if (q->nreq) /* a batch: point to point items */
        batch_withdraw(q);
    if (q->r[0] != MPI_REQUEST_NULL && (q->op->kind == HK_SEND || q->op->kind == HK_RECV)) {
        int flag = 0;
        MPI_Cancel(q->r);
        MPI_Test(q->r, &flag, MPI_STATUS_IGNORE); /* a cancelled receive completes here */
        if (flag)
            q->r[0] = MPI_REQUEST_NULL;
    }
    if (q->r[0] == MPI_REQUEST_NULL)
        return; /* mpi_finish frees tmp and copy */
    struct mdead *d = malloc(sizeof *d);
    if (d) { /* without memory: the request and its buffers leak, never freed early */
        pthread_mutex_lock(&m->mu);
        *d = (struct mdead){q->r[0], q->tmp, q->copy, m->abandoned};
        m->abandoned = d;
        pthread_mutex_unlock(&m->mu);
    }
    q->tmp = q->copy = NULL;
    q->r[0] = MPI_REQUEST_NULL;
}

/* Free abandoned requests MPI has completed meanwhile (they are not tested:
 * only a cheap look with MPI_Request_get_status). */
static void mpi_reap(struct hccl_mpi *m)
{
    pthread_mutex_lock(&m->mu);
    for (struct mdead **pp = &m->abandoned; *pp;) {
        struct mdead *d = *pp;
        int flag = 0;
        MPI_Request_get_status(d->r, &flag, MPI_STATUS_IGNORE);
        if (flag) {
            MPI_Wait(&d->r, MPI_STATUS_IGNORE); /* complete: frees the request */
            *pp = d->next;
            free(d->tmp);
            free(d->copy);
            free(d);
        } else {
            pp = &d->next;
        }
    }
    pthread_mutex_unlock(&m->mu);
}

/* Test one started call against its deadline (HM4); 1 when it finished,
 * q->rc final. Run by whoever drives the call: the thread, or the task
 * itself (HM5). */
static int mpi_step(struct hccl_mpi *m, struct mreq *q, uint64_t now)
{
    /* relaxed: a status word (CAS in mpi_break); the call's own outcome is
     * ordered for its task by `done` */
    HcclResult broken = atomic_load_explicit(&m->broken, memory_order_relaxed);
    if (broken != HCCL_SUCCESS) {
        mpi_abandon(m, q, broken); /* HM4: every active call fails with it */
        return 1;
    }
    if (mpi_poll(q)) {
        if (q->rc == HCCL_E_NETWORK) /* MPI reported an error: HM4 */
            mpi_break(m, q->rc);
        return 1;
    }
    if (now <= q->deadline)
        return 0;
    mpi_break(m, hccl_err(HCCL_E_TIMEOUT, "HCCL: a call waited more than HCCL_EXEC_TIMEOUT "
                          "(%llu s) for its peers: a rank died or the network failed",
                          (unsigned long long)(m->timeout_ns / 1000000000u)));
    mpi_abandon(m, q, HCCL_E_TIMEOUT);
    return 1;
}

/* HM5: the task starts and drives its own call, waiting between tests as
 * poll.h says: busy (yielding) while the call moves, sleeping only once no
 * test did work for a while. Every test checks the deadline (HM4). */
static void mpi_direct(struct hccl_mpi *m, struct mreq *q)
{
    mpi_start(m, q);
    pthread_mutex_lock(&m->mu);
    m->direct = 2; /* started: the thread may start calls queued behind it */
    if (m->head)
        pthread_cond_signal(&m->cv);
    pthread_mutex_unlock(&m->mu);
    struct hccl_poll poll;
    uint64_t now = hccl_now_ns();
    hccl_poll_init(&poll, now);
    for (;;) {
        uint64_t began = now;
        if (mpi_step(m, q, now))
            break;
        now = hccl_now_ns();
        long wait = hccl_poll_next(&poll, began, now);
        if (wait == 0) {
            sched_yield(); /* the ranks sharing this core run */
        } else if (wait > 0) {
            struct timespec ts = {0, wait * 1000};
            nanosleep(&ts, NULL);
        }
        if (wait >= 0)
            now = hccl_now_ns(); /* the next test's start, after the yield or sleep */
    }
    /* relaxed: a hint (abandoned requests exist only once broken) */
    if (atomic_load_explicit(&m->broken, memory_order_relaxed) != HCCL_SUCCESS)
        mpi_reap(m);
    mpi_finish(q);
}

static void *mpi_thread(void *arg)
{
    struct hccl_mpi *m = arg;
    struct mreq *active = NULL, **atail = &active;
    unsigned idle = 0, sleep_us = 2;
    pthread_mutex_lock(&m->mu);
    for (;;) {
        while ((!m->head || m->direct == 1) && !active && !m->stop)
            pthread_cond_wait(&m->cv, &m->mu);
        struct mreq *fresh = m->direct == 1 ? NULL : m->head; /* HM5 */
        if (fresh)
            m->head = m->tail = NULL;
        m->nactive = active || fresh;
        int stop = m->stop;
        pthread_mutex_unlock(&m->mu);
        for (struct mreq *q = fresh, *nx; q; q = nx) { /* HM2: queue order */
            nx = q->next;
            q->next = NULL;
            mpi_start(m, q);
            *atail = q;
            atail = &q->next;
        }
        int progress = fresh != NULL;
        uint64_t now = active ? hccl_now_ns() : 0;
        for (struct mreq **pp = &active; *pp;) {
            struct mreq *q = *pp;
            if (mpi_step(m, q, now)) {
                *pp = q->next;
                if (!*pp)
                    atail = pp;
                mpi_finish(q);
                progress = 1;
            } else {
                pp = &q->next;
            }
        }
        /* relaxed: a hint (abandoned requests exist only once broken) */
        if (progress && atomic_load_explicit(&m->broken, memory_order_relaxed) != HCCL_SUCCESS)
            mpi_reap(m);
        if (stop && !active)
            return NULL; /* fini waits for the tasks' own completion first */
        if (progress) {
            idle = 0;
            sleep_us = 2;
        } else if (++idle % 64 == 0) {
            sched_yield();
        }
        pthread_mutex_lock(&m->mu);
        m->nactive = active != NULL;
        if (active && !m->head && idle > MPI_SPIN_POLLS) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += (long)sleep_us * 1000;
            if (ts.tv_nsec >= 1000000000) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000;
            }
            pthread_cond_timedwait(&m->cv, &m->mu, &ts);
            if (sleep_us < MPI_SLEEP_MAX_US)
                sleep_us *= 2;
        }
    }
}

HcclResult hccl_mpi_run(struct hccl_comm *c, const struct hccl_op *op)
{
    struct hccl_mpi *m = c->mpi;
    struct mreq q = {.op = op, .c = c, .rc = HCCL_SUCCESS};
    q.deadline = hccl_now_ns() + m->timeout_ns;
    atomic_init(&q.done, 0);
    atomic_init(&q.sleeping, 0);
    pthread_mutex_lock(&m->mu);
    if (!m->head && !m->nactive && !m->direct) { /* HM5: the thread is idle */
        m->direct = 1;
        pthread_mutex_unlock(&m->mu);
        mpi_direct(m, &q);
        pthread_mutex_lock(&m->mu);
        m->direct = 0;
        if (m->head) /* calls queued meanwhile: the thread starts them now */
            pthread_cond_signal(&m->cv);
        pthread_mutex_unlock(&m->mu);
        return q.rc;
    }
    if (m->tail)
        m->tail->next = &q;
    else
        m->head = &q;
    m->tail = &q;
    pthread_cond_signal(&m->cv);
    pthread_mutex_unlock(&m->mu);
    for (unsigned i = 0; i < 256; i++) {
        /* acquire: HM1 */
        if (atomic_load_explicit(&q.done, memory_order_acquire))
            return q.rc;
        sched_yield();
    }
    /* seq_cst: the waiter's half of the Dekker pair with mpi_finish */
    atomic_store_explicit(&q.sleeping, 1, memory_order_seq_cst);
    while (!atomic_load_explicit(&q.done, memory_order_seq_cst))
        hccl_futex_wait(&q.done, 0, 0);
    return q.rc;
}

/* ---- communicator ------------------------------------------------------------ */

/* HM4: every process of the job reaches communicator creation within
 * HCCL_CONNECT_TIMEOUT, or HCCL_E_TIMEOUT (the barrier request is abandoned:
 * the job cannot make communicators any more). */
static HcclResult mpi_arrive(void)
{
    uint64_t limit = hccl_env_seconds("HCCL_CONNECT_TIMEOUT", 120);
    uint64_t deadline = hccl_now_ns() + limit * 1000000000u;
    MPI_Request r;
    if (MPI_Ibarrier(MPI_COMM_WORLD, &r) != MPI_SUCCESS)
        return hccl_err(HCCL_E_NETWORK, "HCCL: MPI_Ibarrier failed");
    for (unsigned i = 0;; i++) {
        int flag = 0;
        if (MPI_Test(&r, &flag, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            return hccl_err(HCCL_E_NETWORK, "HCCL: waiting for the other ranks failed");
        if (flag)
            return HCCL_SUCCESS;
        if (hccl_now_ns() > deadline) {
            /* relaxed: read at exit by this thread or after joins */
            atomic_store_explicit(&g_faulted, 1, memory_order_relaxed);
            return hccl_err(HCCL_E_TIMEOUT, "HCCL: not every rank of the MPI job came to make "
                            "the communicator within HCCL_CONNECT_TIMEOUT (%llu s)",
                            (unsigned long long)limit);
        }
        if (i > 1000) {
            struct timespec ts = {0, 200000}; /* 200 us: init is not a hot path */
            nanosleep(&ts, NULL);
        }
    }
}

struct member {
    uint8_t uid[16];
    uint32_t rank, size;
};

static HcclResult mpi_attach(struct hccl_comm *c, MPI_Comm coll);

HcclResult hccl_mpi_comm_init(struct hccl_comm *c, const uint8_t uid[16], uint32_t nranks,
                              uint32_t rank)
{
    HcclResult rc = mpi_setup();
    if (rc != HCCL_SUCCESS)
        return rc;
    if ((rc = mpi_arrive()) != HCCL_SUCCESS)
        return rc;
    MPI_Comm coll = MPI_COMM_NULL;
    if (MPI_Comm_split(MPI_COMM_WORLD, 0, (int)rank, &coll) != MPI_SUCCESS)
        return hccl_err(HCCL_E_NETWORK, "HCCL: MPI_Comm_split failed");
    struct member me = {.rank = rank, .size = nranks}, *all = calloc(nranks, sizeof me);
    memcpy(me.uid, uid, 16);
    if (!all || MPI_Allgather(&me, sizeof me, MPI_BYTE, all, sizeof me, MPI_BYTE, coll) !=
                    MPI_SUCCESS) {
        free(all);
        MPI_Comm_free(&coll);
        return hccl_err(HCCL_E_NETWORK, "HCCL: exchanging ranks failed");
    }
    /* Every rank sees the same table, so every rank reaches the same verdict. */
    for (uint32_t q = 0; q < nranks && rc == HCCL_SUCCESS; q++)
        if (memcmp(all[q].uid, uid, 16) || all[q].rank != q || all[q].size != nranks)
            rc = hccl_err(HCCL_E_PARA, "HCCL: the ranks of this job disagree on the "
                          "communicator (different root info or rank table, or a rank id "
                          "given twice)");
    free(all);
    if (rc != HCCL_SUCCESS) {
        MPI_Comm_free(&coll);
        return rc;
    }
    return mpi_attach(c, coll);
}

/* Give c the collective communicator `coll` (taken over, freed on failure),
 * its point-to-point duplicate and its communication thread. */
static HcclResult mpi_attach(struct hccl_comm *c, MPI_Comm coll)
{
    HcclResult rc = HCCL_SUCCESS;
    MPI_Comm p2p = MPI_COMM_NULL;
    if (MPI_Comm_dup(coll, &p2p) != MPI_SUCCESS)
        rc = hccl_err(HCCL_E_NETWORK, "HCCL: MPI_Comm_dup failed");
    struct hccl_mpi *m = rc == HCCL_SUCCESS ? calloc(1, sizeof *m) : NULL;
    if (rc == HCCL_SUCCESS && !m)
        rc = hccl_err(HCCL_E_MEMORY, "HCCL: out of memory");
    if (rc != HCCL_SUCCESS) {
        if (p2p != MPI_COMM_NULL)
            MPI_Comm_free(&p2p);
        MPI_Comm_free(&coll);
        return rc;
    }
    MPI_Comm_set_errhandler(coll, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(p2p, MPI_ERRORS_RETURN);
    m->coll = coll;
    m->p2p = p2p;
    m->timeout_ns = hccl_env_seconds("HCCL_EXEC_TIMEOUT", 1836) * 1000000000u;
    atomic_init(&m->broken, HCCL_SUCCESS);
    pthread_mutex_init(&m->mu, NULL);
    pthread_cond_init(&m->cv, NULL);
    if (pthread_create(&m->thread, NULL, mpi_thread, m) != 0) {
        MPI_Comm_free(&p2p);
        MPI_Comm_free(&coll);
        free(m);
        return hccl_err(HCCL_E_SYSCALL, "HCCL: cannot start the communication thread");
    }
    m->running = 1;
    c->mpi = m;
    pthread_mutex_lock(&g_mpi_mu);
    m->next = g_live;
    g_live = m;
    pthread_mutex_unlock(&g_mpi_mu);
    return HCCL_SUCCESS;
}

/* A sub-communicator: MPI_Comm_create_group over the parent ranks `ids`
 * (collective over the members only, as HcclCreateSubCommConfig is called by
 * the members only). It runs on the parent's point-to-point communicator,
 * whose only other traffic is tag 0 sends and receives, with a tag derived
 * from subCommId (concurrent creations over overlapping members must differ
 * in subCommId, as on Ascend). Member i is rank i of the new communicator. */
HcclResult hccl_mpi_comm_sub(struct hccl_comm *c, const struct hccl_comm *parent, uint32_t n,
                             const uint32_t *ids, uint64_t id)
{
    int *ranks = malloc(sizeof(int) * n);
    if (!ranks)
        return hccl_err(HCCL_E_MEMORY, "HCCL: out of memory");
    for (uint32_t i = 0; i < n; i++)
        ranks[i] = (int)ids[i];
    MPI_Group all = MPI_GROUP_NULL, some = MPI_GROUP_NULL;
    MPI_Comm coll = MPI_COMM_NULL;
    int tag = 1 + (int)(id % 32000u); /* MPI guarantees tags up to 32767 */
    int err = MPI_Comm_group(parent->mpi->p2p, &all);
    if (err == MPI_SUCCESS)
        err = MPI_Group_incl(all, (int)n, ranks, &some);
    if (err == MPI_SUCCESS)
        err = MPI_Comm_create_group(parent->mpi->p2p, some, tag, &coll);
    if (some != MPI_GROUP_NULL)
        MPI_Group_free(&some);
    if (all != MPI_GROUP_NULL)
        MPI_Group_free(&all);
    free(ranks);
    if (err != MPI_SUCCESS || coll == MPI_COMM_NULL)
        return mpi_result(err != MPI_SUCCESS ? err : MPI_ERR_COMM, "MPI_Comm_create_group");
    MPI_Comm_set_errhandler(coll, MPI_ERRORS_RETURN);
    return mpi_attach(c, coll);
}

/* ---- communicators over a subset of the job's processes (HM7) ---------------- */

int hccl_mpi_ready(void)
{
    int init = 0, fin = 0;
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    return init && !fin;
}

int32_t hccl_mpi_world_rank(void)
{
    int r = -1;
    if (hccl_mpi_ready()) {
        MPI_Comm_rank(MPI_COMM_WORLD, &r);
        return r;
    }
    const char *e = getenv("OMPI_COMM_WORLD_RANK");
    long v = e ? strtol(e, NULL, 10) : -1;
    return v >= 0 && v < INT_MAX ? (int32_t)v : -1;
}

/* The MPI_COMM_WORLD tag of the rendezvous of root info `uid`: near the top of
 * the tag range, away from the small tags programs use. */
static int subset_tag(const uint8_t uid[16])
{
    int *ub = NULL, flag = 0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
    int top = flag && ub && *ub > 32767 ? *ub : 32767;
    uint32_t h = 2166136261u;
    for (int i = 0; i < 16; i++)
        h = (h ^ uid[i]) * 16777619u;
    return top - 2 * (int)(h % 4096u); /* even: the rendezvous; odd below: the group's creation */
}

int hccl_mpi_subset_probe(const uint8_t uid[16])
{
    int flag = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, subset_tag(uid), MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    return flag;
}

struct subset_join {
    uint8_t uid[16];
    uint32_t rank, n;
};

/* Wait for r until `deadline`; 1 done, 0 timed out (r cancelled). */
static int subset_wait(MPI_Request *r, uint64_t deadline)
{
    for (unsigned i = 0;; i++) {
        int flag = 0;
        if (MPI_Test(r, &flag, MPI_STATUS_IGNORE) != MPI_SUCCESS || flag)
            return 1;
        if (hccl_now_ns() > deadline) {
            MPI_Cancel(r);
            MPI_Request_free(r);
            return 0;
        }
        if (i > 1000) {
            struct timespec ts = {0, 100000}; /* 100 us: init is not a hot path */
            nanosleep(&ts, NULL);
        }
    }
}

/* The coordinator (the root info's creator): collect every other member's
 * join message, then send each the world ranks of all (or -1s if the joins
 * disagree). table[hccl rank] = world rank. */
static HcclResult subset_collect(const uint8_t uid[16], uint32_t n, uint32_t rank, int tag,
                                 int32_t *table, uint64_t deadline)
{
    int *src = malloc(sizeof(int) * n);
    if (!src)
        return hccl_err(HCCL_E_MEMORY, "HCCL: out of memory");
    for (uint32_t i = 0; i < n; i++)
        table[i] = -1;
    table[rank] = hccl_mpi_world_rank();
    HcclResult rc = HCCL_SUCCESS;
    uint32_t got = 0;
    for (unsigned i = 0; got < n - 1;) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &flag, &st);
        if (flag) {
            struct subset_join j;
            MPI_Recv(&j, sizeof j, MPI_BYTE, st.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            src[got++] = st.MPI_SOURCE;
            if (memcmp(j.uid, uid, 16) || j.n != n || j.rank >= n || table[j.rank] >= 0)
                rc = hccl_err(HCCL_E_PARA,
                              "HCCL: the processes joining this communicator "
                              "disagree (ranks %u of %u, a rank id given twice, or another "
                              "root info)",
                              j.rank, j.n);
            else
                table[j.rank] = st.MPI_SOURCE;
            continue;
        }
        if (hccl_now_ns() > deadline) {
            free(src);
            return hccl_err(HCCL_E_TIMEOUT,
                            "HCCL: %u of %u ranks joined within "
                            "HCCL_CONNECT_TIMEOUT",
                            got + 1, n);
        }
        if (++i > 1000) {
            struct timespec ts = {0, 100000};
            nanosleep(&ts, NULL);
        }
    }
    if (rc != HCCL_SUCCESS)
        for (uint32_t i = 0; i < n; i++)
            table[i] = -1;
    for (uint32_t i = 0; i < got; i++) {
        MPI_Request r;
        MPI_Isend(table, (int)n, MPI_INT32_T, src[i], tag, MPI_COMM_WORLD, &r);
        if (!subset_wait(&r, deadline) && rc == HCCL_SUCCESS)
            rc = hccl_err(HCCL_E_TIMEOUT, "HCCL: world rank %d stopped answering", src[i]);
    }
    free(src);
    return rc;
}

/* HM7. A communicator of n < job size processes from root info made by world
 * rank `creator` (a member: it coordinates). Members announce themselves to
 * it on MPI_COMM_WORLD (a tag from the root info's id); it answers with the
 * world rank of every hccl rank; then MPI_Comm_create_group over those (a
 * collective of the members only). Bounded by HCCL_CONNECT_TIMEOUT. */
HcclResult hccl_mpi_comm_subset(struct hccl_comm *c, const uint8_t uid[16], uint32_t n,
                                uint32_t rank, int32_t creator)
{
    HcclResult rc = mpi_setup();
    if (rc != HCCL_SUCCESS)
        return rc;
    int world = 0, me = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &world);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    if (creator < 0 || creator >= world)
        return hccl_err(HCCL_E_PARA, "HCCL: the root info was not made by a process of this "
                                     "MPI job");
    int32_t *table = malloc(sizeof(int32_t) * n);
    if (!table)
        return hccl_err(HCCL_E_MEMORY, "HCCL: out of memory");
    int tag = subset_tag(uid);
    uint64_t deadline = hccl_now_ns() + hccl_env_seconds("HCCL_CONNECT_TIMEOUT", 120) * 1000000000u;
    if (me == creator) {
        rc = subset_collect(uid, n, rank, tag, table, deadline);
    } else {
        struct subset_join j = {.rank = rank, .n = n};
        memcpy(j.uid, uid, 16);
        MPI_Request r[2];
        MPI_Irecv(table, (int)n, MPI_INT32_T, creator, tag, MPI_COMM_WORLD, &r[1]);
        MPI_Isend(&j, sizeof j, MPI_BYTE, creator, tag, MPI_COMM_WORLD, &r[0]);
        int sent = subset_wait(&r[0], deadline);
        if (!sent || !subset_wait(&r[1], deadline)) {
            if (!sent) { /* the receive is still posted: withdrawn */
                MPI_Cancel(&r[1]);
                MPI_Request_free(&r[1]);
            }
            rc = hccl_err(HCCL_E_TIMEOUT,
                          "HCCL: the root info's process (world rank %d) did "
                          "not take this rank in within HCCL_CONNECT_TIMEOUT",
                          (int)creator);
        } else if (table[0] < 0) {
            rc = hccl_err(HCCL_E_PARA, "HCCL: the processes joining this communicator disagree "
                                       "(rank count, rank ids or root info)");
        }
    }
    MPI_Group all = MPI_GROUP_NULL, some = MPI_GROUP_NULL;
    MPI_Comm coll = MPI_COMM_NULL;
    int err = MPI_SUCCESS;
    if (rc == HCCL_SUCCESS) {
        err = MPI_Comm_group(MPI_COMM_WORLD, &all);
        if (err == MPI_SUCCESS)
            err = MPI_Group_incl(all, (int)n, table, &some);
        if (err == MPI_SUCCESS)
            err = MPI_Comm_create_group(MPI_COMM_WORLD, some, tag - 1, &coll);
        if (err != MPI_SUCCESS || coll == MPI_COMM_NULL)
            rc = mpi_result(err != MPI_SUCCESS ? err : MPI_ERR_COMM, "MPI_Comm_create_group");
    }
    if (some != MPI_GROUP_NULL)
        MPI_Group_free(&some);
    if (all != MPI_GROUP_NULL)
        MPI_Group_free(&all);
    free(table);
    if (rc != HCCL_SUCCESS)
        return rc;
    MPI_Comm_set_errhandler(coll, MPI_ERRORS_RETURN);
    return mpi_attach(c, coll);
}

/* Stop and join the thread (it first finishes the calls it started). */
static void mpi_stop(struct hccl_mpi *m)
{
    pthread_mutex_lock(&m->mu);
    int running = m->running;
    m->running = 0;
    m->stop = 1;
    pthread_cond_signal(&m->cv);
    pthread_mutex_unlock(&m->mu);
    if (running)
        pthread_join(m->thread, NULL);
}

void hccl_mpi_comm_fini(struct hccl_comm *c)
{
    struct hccl_mpi *m = c->mpi;
    if (!m)
        return;
    pthread_mutex_lock(&g_mpi_mu);
    mpi_stop(m);
    for (struct hccl_mpi **pp = &g_live; *pp; pp = &(*pp)->next)
        if (*pp == m) {
            *pp = m->next;
            break;
        }
    int fin = 0;
    MPI_Finalized(&fin);
    /* relaxed: the thread that wrote it was joined by mpi_stop */
    if (!fin && atomic_load_explicit(&m->broken, memory_order_relaxed) == HCCL_SUCCESS) {
        MPI_Comm_free(&m->p2p);
        MPI_Comm_free(&m->coll);
    }
    for (struct mdead *d = m->abandoned, *nx; d; d = nx) {
        nx = d->next; /* HM4: its request and buffers stay with MPI (leaked) */
        free(d);
    }
    pthread_mutex_unlock(&g_mpi_mu);
    pthread_mutex_destroy(&m->mu);
    pthread_cond_destroy(&m->cv);
    free(m);
    c->mpi = NULL;
}
