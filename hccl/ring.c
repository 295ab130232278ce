/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ring all-reduce (ring.h).
 *
 * The buffer is cut into n blocks (block b: count / n elements, one more for
 * b < count % n). Reduce-scatter step k (0 .. n-2): send block (rank - k) to
 * the right neighbour, receive block (rank - k - 1) from the left one into
 * tmp and reduce it into the receive buffer; afterwards rank r holds the
 * whole result of block (r + 1). All-gather step k: send block (rank + 1 - k),
 * receive block (rank - k) straight into the receive buffer. Each element is
 * reduced by one rank and copied to the others, so every rank ends with the
 * same bits. One tag per call: the messages between two neighbours of one
 * call match in order (MPI does not overtake).
 */
#include <string.h>

#include "hccl/rdouble.h"
#include "hccl/ring.h"

static int block_count(const struct hccl_ring *g, int b)
{
    return g->count / g->n + (b < g->count % g->n);
}

static size_t block_off(const struct hccl_ring *g, int b)
{
    int q = g->count / g->n, r = g->count % g->n;
    return ((size_t)b * (size_t)q + (size_t)(b < r ? b : r)) * g->es;
}

static int mod(int a, int n)
{
    return ((a % n) + n) % n;
}

size_t hccl_ring_size(int count, size_t es, int n)
{
    return sizeof(struct hccl_ring) + ((size_t)count / (size_t)n + 1) * es;
}

int hccl_ring_start(struct hccl_ring *g, const void *send, void *recv, int count, MPI_Datatype dt,
                    size_t es, MPI_Op op, MPI_Comm comm, int rank, int n, unsigned seq)
{
    *g = (struct hccl_ring){.acc = recv,
                            .es = es,
                            .n = n,
                            .rank = rank,
                            .count = count,
                            .dt = dt,
                            .op = op,
                            .comm = comm,
                            .tag = HCCL_RING_TAG_BASE + (int)(seq % HCCL_RING_TAG_SPAN),
                            .r = {MPI_REQUEST_NULL, MPI_REQUEST_NULL}};
    if (send != recv)
        memmove(recv, send, (size_t)count * es);
    return MPI_SUCCESS;
}

static int post(struct hccl_ring *g)
{
    int n = g->n, k = g->step, right = mod(g->rank + 1, n), left = mod(g->rank - 1, n);
    int sb, rb;
    void *into;
    if (k < n - 1) { /* reduce-scatter */
        sb = mod(g->rank - k, n);
        rb = mod(g->rank - k - 1, n);
        into = g->tmp;
    } else { /* all-gather */
        k -= n - 1;
        sb = mod(g->rank + 1 - k, n);
        rb = mod(g->rank - k, n);
        into = g->acc + block_off(g, rb);
    }
    int err = MPI_Irecv(into, block_count(g, rb), g->dt, left, g->tag, g->comm, &g->r[0]);
    if (err == MPI_SUCCESS)
        err = MPI_Isend(g->acc + block_off(g, sb), block_count(g, sb), g->dt, right, g->tag,
                        g->comm, &g->r[1]);
    g->posted = 1;
    return err;
}

int hccl_ring_test(struct hccl_ring *g, int *done)
{
    *done = 0;
    while (g->step < 2 * (g->n - 1)) {
        int err, flag = 0;
        if (!g->posted && (err = post(g)) != MPI_SUCCESS)
            return err;
        if ((err = MPI_Testall(2, g->r, &flag, MPI_STATUSES_IGNORE)) != MPI_SUCCESS)
            return err;
        if (!flag)
            return MPI_SUCCESS;
        if (g->step < g->n - 1) {
            int rb = mod(g->rank - g->step - 1, g->n);
            MPI_Reduce_local(g->tmp, g->acc + block_off(g, rb), block_count(g, rb), g->dt, g->op);
        }
        g->posted = 0;
        g->step++;
    }
    *done = 1;
    return MPI_SUCCESS;
}

int hccl_ring_cancel(struct hccl_ring *g)
{
    return hccl_reqs_cancel(g->r, 2);
}
