/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The collective and point-to-point entry points: validate the call, copy it
 * into a descriptor and queue it on the stream as a kernel task
 * (cpuaclLaunchKernelOwned). The call returns at once; the task runs the
 * transfer when the stream reaches it, after the stream's earlier tasks, and
 * a captured task runs it again at every replay of the model (the
 * descriptor is freed when the model is destroyed).
 *
 * When the task runs it looks the communicator up again by address and
 * serial number: a communicator destroyed since the call (or since the
 * capture) fails the task, it is never dereferenced. A failure while running
 * (ranks disagreeing on the call, an MPI error, a timeout) puts the stream in
 * its error state (ACL_ERROR_RT_AICORE_EXCEPTION at the next synchronize)
 * and is kept as the communicator's HcclGetCommAsyncError.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpuacl/cpuacl.h"
#include "hccl/hccl_internal.h"

static void op_release(void *arg)
{
    struct hccl_op *o = arg;
    free(o->v);
    free(o->items);
    free(o);
}

static int32_t op_kernel(void *arg)
{
    struct hccl_op *o = arg;
    struct hccl_comm *c = hccl_comm_acquire(o->comm, o->serial);
    if (!c) {
        hccl_err(HCCL_E_PARA, "HCCL task: its communicator was destroyed");
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    HcclResult rc = c->mode == HCCL_MODE_MPI ? hccl_mpi_run(c, o) : hccl_local_run(c, o);
    if (rc != HCCL_SUCCESS) {
        int32_t none = HCCL_SUCCESS;
        /* relaxed: keeps the first error; the stream's error state (published
         * by the runtime when this task fails) orders it for the reader */
        atomic_compare_exchange_strong_explicit(&c->async_err, &none, (int32_t)rc,
                                                memory_order_relaxed, memory_order_relaxed);
    }
    hccl_comm_release(c);
    return rc == HCCL_SUCCESS ? 0 : ACL_ERROR_RT_AICORE_EXCEPTION;
}

/* Common checks; on success *out holds a reference to release. */
static HcclResult begin(HcclComm comm, aclrtStream stream, const char *fn,
                        struct hccl_comm **out)
{
    if (!comm)
        return hccl_err(HCCL_E_PTR, "%s: comm is NULL", fn);
    if (!stream)
        return hccl_err(HCCL_E_PTR, "%s: stream is NULL", fn);
    *out = hccl_comm_acquire(comm, 0);
    if (!*out)
        return hccl_err(HCCL_E_PARA, "%s: %p is not a live communicator (destroyed?)", fn, comm);
    return HCCL_SUCCESS;
}

static HcclResult check_type(HcclDataType t, const char *fn)
{
    if (hccl_dtype_size(t))
        return HCCL_SUCCESS;
    if (t == HCCL_DATA_TYPE_INT128 || (t >= HCCL_DATA_TYPE_HIF8 && t <= HCCL_DATA_TYPE_FP8E8M0))
        return hccl_err(HCCL_E_NOT_SUPPORT, "%s: data type %d is not supported", fn, (int)t);
    return hccl_err(HCCL_E_PARA, "%s: %d is not an HcclDataType", fn, (int)t);
}

static HcclResult check_op(HcclReduceOp op, const char *fn)
{
    if ((unsigned)op <= HCCL_REDUCE_MIN)
        return HCCL_SUCCESS;
    return hccl_err(HCCL_E_PARA, "%s: %d is not an HcclReduceOp", fn, (int)op);
}

/* count elements of t times `blocks` must fit in memory (no overflow). */
static HcclResult check_count(uint64_t count, HcclDataType t, uint64_t blocks, const char *fn)
{
    uint64_t bytes;
    if (__builtin_mul_overflow(count, (uint64_t)hccl_dtype_size(t), &bytes) ||
        __builtin_mul_overflow(bytes, blocks, &bytes) || bytes > (UINT64_C(1) << 47))
        return hccl_err(HCCL_E_PARA, "%s: count %llu is too large", fn, (unsigned long long)count);
    return HCCL_SUCCESS;
}

static HcclResult launch(struct hccl_comm *c, const struct hccl_op *tmpl, aclrtStream stream,
                         const char *fn)
{
    struct hccl_op *o = malloc(sizeof *o);
    if (!o) {
        free(tmpl->v);
        free(tmpl->items);
        return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
    }
    *o = *tmpl;
    o->comm = c;
    o->serial = c->serial;
    aclError ar = cpuaclLaunchKernelOwned(stream, op_kernel, o, op_release);
    if (ar != ACL_SUCCESS) {
        op_release(o);
        return hccl_err(HCCL_E_RUNTIME, "%s: queueing on the stream failed (aclError %d)", fn,
                        (int)ar);
    }
    return HCCL_SUCCESS;
}

/* Validate and launch; `blocks` is how many count-sized blocks a buffer has. */
static HcclResult submit(HcclComm comm, aclrtStream stream, struct hccl_op *op, int reduces,
                         int rooted, uint64_t blocks, int need_send, int need_recv,
                         const char *fn)
{
    struct hccl_comm *c;
    HcclResult rc = begin(comm, stream, fn, &c);
    if (rc != HCCL_SUCCESS)
        return rc;
    if ((rc = check_type(op->dtype, fn)) != HCCL_SUCCESS ||
        (reduces && (rc = check_op(op->op, fn)) != HCCL_SUCCESS) ||
        (rc = check_count(op->count, op->dtype, blocks ? c->size : 1, fn)) != HCCL_SUCCESS)
        goto out;
    if (rooted && op->root >= c->size) {
        rc = hccl_err(HCCL_E_PARA, "%s: root %u, but the communicator has %u ranks", fn,
                      op->root, c->size);
        goto out;
    }
    if ((op->kind == HK_SEND || op->kind == HK_RECV) &&
        (op->root >= c->size || op->root == c->rank)) {
        rc = hccl_err(HCCL_E_PARA, "%s: peer rank %u (this rank %u of %u)", fn, op->root,
                      c->rank, c->size);
        goto out;
    }
    if (op->count && ((need_send && !op->send) || (need_recv && !op->recv))) {
        rc = hccl_err(HCCL_E_PTR, "%s: NULL %s buffer", fn, need_send && !op->send ? "send" : "receive");
        goto out;
    }
    if (op->count == 0 && op->kind != HK_BARRIER) /* the same on every rank: nothing to do */
        goto out;
    rc = launch(c, op, stream, fn);
out:
    hccl_comm_release(c);
    return rc;
}

HcclResult HcclAllReduce(void *sendBuf, void *recvBuf, uint64_t count, HcclDataType dataType,
                         HcclReduceOp op, HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_ALLREDUCE, .dtype = dataType, .op = op, .count = count,
                        .send = sendBuf, .recv = recvBuf};
    return submit(comm, stream, &o, 1, 0, 0, 1, 1, "HcclAllReduce");
}

HcclResult HcclBroadcast(void *buf, uint64_t count, HcclDataType dataType, uint32_t root,
                         HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_BROADCAST, .dtype = dataType, .root = root, .count = count,
                        .send = buf, .recv = buf};
    return submit(comm, stream, &o, 0, 1, 0, 1, 1, "HcclBroadcast");
}

HcclResult HcclReduceScatter(void *sendBuf, void *recvBuf, uint64_t recvCount,
                             HcclDataType dataType, HcclReduceOp op, HcclComm comm,
                             aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_REDUCE_SCATTER, .dtype = dataType, .op = op,
                        .count = recvCount, .send = sendBuf, .recv = recvBuf};
    return submit(comm, stream, &o, 1, 0, 1, 1, 1, "HcclReduceScatter");
}

HcclResult HcclAllGather(void *sendBuf, void *recvBuf, uint64_t sendCount, HcclDataType dataType,
                         HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_ALLGATHER, .dtype = dataType, .count = sendCount,
                        .send = sendBuf, .recv = recvBuf};
    return submit(comm, stream, &o, 0, 0, 1, 1, 1, "HcclAllGather");
}

HcclResult HcclReduce(void *sendBuf, void *recvBuf, uint64_t count, HcclDataType dataType,
                      HcclReduceOp op, uint32_t root, HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_REDUCE, .dtype = dataType, .op = op, .root = root,
                        .count = count, .send = sendBuf, .recv = recvBuf};
    uint32_t me = UINT32_MAX; /* recvBuf matters on the root only */
    int need_recv = HcclGetRankId(comm, &me) == HCCL_SUCCESS && me == root;
    return submit(comm, stream, &o, 1, 1, 0, 1, need_recv, "HcclReduce");
}

HcclResult HcclAlltoAll(const void *sendBuf, uint64_t sendCount, HcclDataType sendType,
                        const void *recvBuf, uint64_t recvCount, HcclDataType recvType,
                        HcclComm comm, aclrtStream stream)
{
    if (sendType != recvType || sendCount != recvCount)
        return hccl_err(HCCL_E_PARA, "HcclAlltoAll: send (%llu of type %d) and receive (%llu "
                        "of type %d) must match", (unsigned long long)sendCount, (int)sendType,
                        (unsigned long long)recvCount, (int)recvType);
    struct hccl_op o = {.kind = HK_ALLTOALL, .dtype = sendType, .count = sendCount,
                        .send = sendBuf, .recv = (void *)recvBuf};
    return submit(comm, stream, &o, 0, 0, 1, 1, 1, "HcclAlltoAll");
}

/* Check and queue an all-to-all-v whose counts and displacements `v` (4 x n:
 * send counts, send displacements, receive counts, receive displacements) the
 * caller built; v is taken over (freed here on failure, by the task after). */
static HcclResult alltoallv_submit(const void *sendBuf, const void *recvBuf, HcclDataType type,
                                   uint64_t *v, uint32_t n, HcclComm comm, aclrtStream stream,
                                   const char *fn)
{
    uint64_t stot = 0, rtot = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t e;
        if (__builtin_add_overflow(v[i], v[n + i], &e) || check_count(e, type, 1, fn) ||
            __builtin_add_overflow(v[2 * n + i], v[3 * n + i], &e) || check_count(e, type, 1, fn)) {
            free(v);
            return hccl_err(HCCL_E_PARA, "%s: count + displacement of rank %u overflows", fn, i);
        }
        stot |= v[i];
        rtot |= v[2 * n + i];
    }
    if ((stot && !sendBuf) || (rtot && !recvBuf)) {
        free(v);
        return hccl_err(HCCL_E_PTR, "%s: NULL %s buffer", fn,
                        stot && !sendBuf ? "send" : "receive");
    }
    struct hccl_comm *c;
    HcclResult rc = begin(comm, stream, fn, &c);
    if (rc != HCCL_SUCCESS) {
        free(v);
        return rc;
    }
    struct hccl_op o = {
        .kind = HK_ALLTOALLV, .dtype = type, .send = sendBuf, .recv = (void *)recvBuf, .v = v};
    rc = launch(c, &o, stream, fn); /* always: other ranks may exchange with each other */
    hccl_comm_release(c);
    return rc;
}

/* The rank size of `comm` and a 4 x n array for alltoallv_submit, after the
 * checks the all-to-all-v calls share (types equal and supported). */
static HcclResult alltoallv_begin(HcclDataType sendType, HcclDataType recvType, HcclComm comm,
                                  uint32_t *n, uint64_t **v, const char *fn)
{
    if (sendType != recvType)
        return hccl_err(HCCL_E_PARA, "%s: send type %d and receive type %d differ", fn,
                        (int)sendType, (int)recvType);
    HcclResult rc = HcclGetRankSize(comm, n);
    if (rc != HCCL_SUCCESS)
        return rc;
    if ((rc = check_type(sendType, fn)) != HCCL_SUCCESS)
        return rc;
    if (!(*v = malloc(sizeof(uint64_t) * 4 * *n)))
        return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
    return HCCL_SUCCESS;
}

HcclResult HcclAlltoAllV(const void *sendBuf, const void *sendCounts, const void *sdispls,
                         HcclDataType sendType, const void *recvBuf, const void *recvCounts,
                         const void *rdispls, HcclDataType recvType, HcclComm comm,
                         aclrtStream stream)
{
    static const char fn[] = "HcclAlltoAllV";
    if (!sendCounts || !sdispls || !recvCounts || !rdispls)
        return hccl_err(HCCL_E_PTR, "%s: NULL count or displacement array", fn);
    uint32_t n = 0;
    uint64_t *v = NULL;
    HcclResult rc = alltoallv_begin(sendType, recvType, comm, &n, &v, fn);
    if (rc != HCCL_SUCCESS)
        return rc;
    memcpy(v, sendCounts, sizeof(uint64_t) * n);
    memcpy(v + n, sdispls, sizeof(uint64_t) * n);
    memcpy(v + 2 * n, recvCounts, sizeof(uint64_t) * n);
    memcpy(v + 3 * n, rdispls, sizeof(uint64_t) * n);
    return alltoallv_submit(sendBuf, recvBuf, sendType, v, n, comm, stream, fn);
}

/* All-to-all-v from the whole n x n matrix (row i: what rank i sends to each
 * rank): this rank sends row `rank` and receives column `rank`, blocks packed
 * in rank order in both buffers (displacements are the prefix sums). */
HcclResult HcclAlltoAllVC(const void *sendBuf, const void *sendCountMatrix, HcclDataType sendType,
                          const void *recvBuf, HcclDataType recvType, HcclComm comm,
                          aclrtStream stream)
{
    static const char fn[] = "HcclAlltoAllVC";
    if (!sendCountMatrix)
        return hccl_err(HCCL_E_PTR, "%s: sendCountMatrix is NULL", fn);
    uint32_t n = 0, r = 0;
    uint64_t *v = NULL;
    HcclResult rc = alltoallv_begin(sendType, recvType, comm, &n, &v, fn);
    if (rc != HCCL_SUCCESS)
        return rc;
    HcclGetRankId(comm, &r);
    const uint64_t *m = sendCountMatrix;
    uint64_t soff = 0, roff = 0;
    for (uint32_t j = 0; j < n; j++) {
        v[j] = m[(size_t)r * n + j];
        v[2 * n + j] = m[(size_t)j * n + r];
        v[n + j] = soff;
        v[3 * n + j] = roff;
        if (__builtin_add_overflow(soff, v[j], &soff) ||
            __builtin_add_overflow(roff, v[2 * n + j], &roff)) {
            free(v);
            return hccl_err(HCCL_E_PARA, "%s: the counts of rank %u overflow", fn, r);
        }
    }
    return alltoallv_submit(sendBuf, recvBuf, sendType, v, n, comm, stream, fn);
}

HcclResult HcclSend(void *sendBuf, uint64_t count, HcclDataType dataType, uint32_t destRank,
                    HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_SEND, .dtype = dataType, .root = destRank, .count = count,
                        .send = sendBuf};
    return submit(comm, stream, &o, 0, 0, 0, 1, 0, "HcclSend");
}

HcclResult HcclRecv(void *recvBuf, uint64_t count, HcclDataType dataType, uint32_t srcRank,
                    HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_RECV, .dtype = dataType, .root = srcRank, .count = count,
                        .recv = recvBuf};
    return submit(comm, stream, &o, 0, 0, 0, 0, 1, "HcclRecv");
}

HcclResult HcclBarrier(HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_BARRIER, .dtype = HCCL_DATA_TYPE_INT8};
    return submit(comm, stream, &o, 0, 0, 0, 0, 0, "HcclBarrier");
}

HcclResult HcclScatter(void *sendBuf, void *recvBuf, uint64_t recvCount, HcclDataType dataType,
                       uint32_t root, HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_SCATTER,
                        .dtype = dataType,
                        .root = root,
                        .count = recvCount,
                        .send = sendBuf,
                        .recv = recvBuf};
    uint32_t me = UINT32_MAX; /* sendBuf matters on the root only */
    int need_send = HcclGetRankId(comm, &me) == HCCL_SUCCESS && me == root;
    return submit(comm, stream, &o, 0, 1, 1, need_send, 1, "HcclScatter");
}

/* Copy the rank-size count and displacement arrays of a V-collective into
 * o->v (2 x size) and check them: the byte extent of every block fits, and
 * *total is the sum of the counts. */
static HcclResult copy_v(struct hccl_comm *c, struct hccl_op *o, const void *counts,
                         const void *displs, uint64_t *total, const char *fn)
{
    uint32_t n = c->size;
    if (!counts || !displs)
        return hccl_err(HCCL_E_PTR, "%s: NULL count or displacement array", fn);
    if (!(o->v = malloc(sizeof(uint64_t) * 2 * n)))
        return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
    memcpy(o->v, counts, sizeof(uint64_t) * n);
    memcpy(o->v + n, displs, sizeof(uint64_t) * n);
    *total = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t e;
        if (__builtin_add_overflow(o->v[i], o->v[n + i], &e) ||
            check_count(e, o->dtype, 1, fn) != HCCL_SUCCESS)
            return hccl_err(HCCL_E_PARA, "%s: count + displacement of rank %u overflows", fn, i);
        *total += o->v[i];
    }
    return HCCL_SUCCESS;
}

/* Shared by the V-collectives: checks, then queue (always: counts of other
 * ranks may be non-zero). `mine` is this rank's own count, which must equal
 * entry `rank` of the counts. */
static HcclResult submit_v(HcclComm comm, aclrtStream stream, struct hccl_op *o, const void *counts,
                           const void *displs, int reduces, const char *fn)
{
    struct hccl_comm *c;
    HcclResult rc = begin(comm, stream, fn, &c);
    if (rc != HCCL_SUCCESS)
        return rc;
    uint64_t total = 0;
    if ((rc = check_type(o->dtype, fn)) != HCCL_SUCCESS ||
        (reduces && (rc = check_op(o->op, fn)) != HCCL_SUCCESS) ||
        (rc = check_count(o->count, o->dtype, 1, fn)) != HCCL_SUCCESS ||
        (rc = copy_v(c, o, counts, displs, &total, fn)) != HCCL_SUCCESS)
        goto out;
    if (o->v[c->rank] != o->count) {
        rc = hccl_err(HCCL_E_PARA,
                      "%s: this rank's count %llu differs from entry %u of the "
                      "counts (%llu)",
                      fn, (unsigned long long)o->count, c->rank, (unsigned long long)o->v[c->rank]);
        goto out;
    }
    /* allgatherv: send holds count, recv the total; reduce-scatterv: the reverse */
    int gathers = o->kind == HK_ALLGATHERV;
    const void *part = gathers ? o->send : o->recv, *whole = gathers ? o->recv : o->send;
    if ((o->count && !part) || (total && !whole)) {
        int send = (o->count && !part) == gathers;
        rc = hccl_err(HCCL_E_PTR, "%s: NULL %s buffer", fn, send ? "send" : "receive");
        goto out;
    }
    if (total == 0) /* every rank sees the same counts: nothing anywhere */
        goto out;
    rc = launch(c, o, stream, fn); /* launch owns o->v from here */
    o->v = NULL;
out:
    free(o->v);
    hccl_comm_release(c);
    return rc;
}

HcclResult HcclAllGatherV(void *sendBuf, uint64_t sendCount, void *recvBuf, const void *recvCounts,
                          const void *recvDispls, HcclDataType dataType, HcclComm comm,
                          aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_ALLGATHERV, .dtype = dataType, .count = sendCount};
    o.send = sendBuf;
    o.recv = recvBuf;
    return submit_v(comm, stream, &o, recvCounts, recvDispls, 0, "HcclAllGatherV");
}

HcclResult HcclReduceScatterV(void *sendBuf, const void *sendCounts, const void *sendDispls,
                              void *recvBuf, uint64_t recvCount, HcclDataType dataType,
                              HcclReduceOp op, HcclComm comm, aclrtStream stream)
{
    struct hccl_op o = {.kind = HK_REDUCE_SCATTERV, .dtype = dataType, .op = op};
    o.count = recvCount;
    o.send = sendBuf;
    o.recv = recvBuf;
    return submit_v(comm, stream, &o, sendCounts, sendDispls, 1, "HcclReduceScatterV");
}

HcclResult HcclBatchSendRecv(HcclSendRecvItem *sendRecvInfo, uint32_t itemNum, HcclComm comm,
                             aclrtStream stream)
{
    static const char fn[] = "HcclBatchSendRecv";
    struct hccl_comm *c;
    HcclResult rc = begin(comm, stream, fn, &c);
    if (rc != HCCL_SUCCESS)
        return rc;
    if (itemNum == 0) /* as on Ascend: nothing to do */
        goto out;
    if (!sendRecvInfo) {
        rc = hccl_err(HCCL_E_PTR, "%s: sendRecvInfo is NULL", fn);
        goto out;
    }
    uint32_t any = 0;
    for (uint32_t i = 0; i < itemNum && rc == HCCL_SUCCESS; i++) {
        const HcclSendRecvItem *it = &sendRecvInfo[i];
        if ((unsigned)it->sendRecvType > HCCL_RECV)
            rc = hccl_err(HCCL_E_PARA, "%s: item %u: %d is not an HcclSendRecvType", fn, i,
                          (int)it->sendRecvType);
        else if (it->remoteRank >= c->size)
            rc = hccl_err(HCCL_E_PARA,
                          "%s: item %u: remote rank %u, but the communicator has "
                          "%u ranks",
                          fn, i, it->remoteRank, c->size);
        else if ((rc = check_type(it->dataType, fn)) == HCCL_SUCCESS &&
                 (rc = check_count(it->count, it->dataType, 1, fn)) == HCCL_SUCCESS && it->count &&
                 !it->buf)
            rc = hccl_err(HCCL_E_PTR, "%s: item %u: NULL buffer", fn, i);
        any += it->count != 0;
    }
    /* Items of count 0 are dropped, as HcclSend / HcclRecv of count 0 queue
     * nothing: the matching item of the peer has count 0 too. */
    if (rc != HCCL_SUCCESS || !any)
        goto out;
    struct hccl_op o = {.kind = HK_BATCH, .dtype = HCCL_DATA_TYPE_INT8, .count = any};
    if (!(o.items = malloc(sizeof *o.items * any))) {
        rc = hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
        goto out;
    }
    for (uint32_t i = 0, k = 0; i < itemNum; i++)
        if (sendRecvInfo[i].count)
            o.items[k++] = sendRecvInfo[i];
    rc = launch(c, &o, stream, fn);
out:
    hccl_comm_release(c);
    return rc;
}
