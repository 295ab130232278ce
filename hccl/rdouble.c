/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Recursive-doubling all-reduce for small messages (rdouble.h).
 *
 * With p2 the largest power of two <= n and extra = n - p2: rank p2 + i
 * (i < extra) sends its block to rank i and later receives the result from
 * it; ranks below p2 exchange with rank ^ mask for mask = 1, 2, .. p2/2 and
 * reduce what they receive into their block. Every pair reduces the same two
 * values (the ops are commutative), so every rank ends with the same bits.
 * Each step posts its receive and send at once and completes when both are
 * done. Tags carry the call's sequence number and the step, so calls and
 * steps never match one another's messages.
 */
#include <stdlib.h>
#include <string.h>

#include "hccl/rdouble.h"

enum { RD_RECV_REDUCE, RD_XCHG_REDUCE, RD_SEND, RD_XCHG_COPY };

static int tag(unsigned seq, int step)
{
    return (int)((seq & 0xfffu) << 3) | step;
}

int hccl_rd_start(struct hccl_rd *rd, const void *send, void *recv, int count, MPI_Datatype dt,
                  size_t es, MPI_Op op, MPI_Comm comm, int rank, int n, unsigned seq)
{
    memset(rd, 0, sizeof *rd);
    rd->acc = recv;
    rd->count = count;
    rd->bytes = (size_t)count * es;
    rd->dt = dt;
    rd->op = op;
    rd->comm = comm;
    rd->r[0] = rd->r[1] = MPI_REQUEST_NULL;
    if (!(rd->tmp = malloc(rd->bytes ? rd->bytes : 1)))
        return MPI_ERR_NO_MEM;
    if (send != recv)
        memmove(recv, send, rd->bytes);
    int p2 = 1, k = 0;
    while (p2 * 2 <= n)
        p2 *= 2;
    int extra = n - p2;
    struct hccl_rd_step *s = rd->steps;
    if (rank >= p2) {
        s[k++] = (struct hccl_rd_step){RD_XCHG_COPY, rank - p2, tag(seq, 0), tag(seq, 7)};
    } else {
        if (rank < extra)
            s[k++] = (struct hccl_rd_step){RD_RECV_REDUCE, rank + p2, 0, tag(seq, 0)};
        for (int mask = 1, round = 1; mask < p2; mask *= 2, round++)
            s[k++] = (struct hccl_rd_step){RD_XCHG_REDUCE, rank ^ mask, tag(seq, round),
                                           tag(seq, round)};
        if (rank < extra)
            s[k++] = (struct hccl_rd_step){RD_SEND, rank + p2, tag(seq, 7), 0};
    }
    rd->nsteps = k;
    return MPI_SUCCESS;
}

static int post(struct hccl_rd *rd)
{
    const struct hccl_rd_step *s = &rd->steps[rd->step];
    int err = MPI_SUCCESS;
    if (s->kind != RD_SEND)
        err = MPI_Irecv(rd->tmp, rd->count, rd->dt, s->peer, s->rtag, rd->comm, &rd->r[0]);
    if (err == MPI_SUCCESS && s->kind != RD_RECV_REDUCE)
        err = MPI_Isend(rd->acc, rd->count, rd->dt, s->peer, s->stag, rd->comm, &rd->r[1]);
    rd->posted = 1;
    return err;
}

int hccl_rd_test(struct hccl_rd *rd, int *done)
{
    *done = 0;
    while (rd->step < rd->nsteps) {
        int err, flag = 0;
        if (!rd->posted && (err = post(rd)) != MPI_SUCCESS)
            return err;
        if ((err = MPI_Testall(2, rd->r, &flag, MPI_STATUSES_IGNORE)) != MPI_SUCCESS)
            return err;
        if (!flag)
            return MPI_SUCCESS;
        const struct hccl_rd_step *s = &rd->steps[rd->step];
        if (s->kind == RD_RECV_REDUCE || s->kind == RD_XCHG_REDUCE)
            MPI_Reduce_local(rd->tmp, rd->acc, rd->count, rd->dt, rd->op);
        else if (s->kind == RD_XCHG_COPY)
            memcpy(rd->acc, rd->tmp, rd->bytes);
        rd->posted = 0;
        rd->step++;
    }
    *done = 1;
    return MPI_SUCCESS;
}

int hccl_rd_cancel(struct hccl_rd *rd)
{
    int left = 0;
    for (int i = 0; i < 2; i++) {
        if (rd->r[i] == MPI_REQUEST_NULL)
            continue;
        int flag = 0;
        MPI_Cancel(&rd->r[i]);
        MPI_Test(&rd->r[i], &flag, MPI_STATUS_IGNORE); /* a cancelled receive completes */
        left |= !flag;
    }
    return !left;
}

void hccl_rd_free(struct hccl_rd *rd)
{
    if (rd)
        free(rd->tmp);
    free(rd);
}
