/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Large all-reduce by a ring over point-to-point messages, as a state machine
 * a caller drives with tests (so it keeps a deadline, HM4): reduce-scatter
 * then all-gather around the ring, each rank sending 2 (n-1)/n of the buffer,
 * the bandwidth-optimal volume of Open MPI's blocking ring. Open MPI's
 * non-blocking MPI_Iallreduce (libnbc) picks other algorithms on some sizes
 * and job sizes (binomial, moving log2(n) full buffers), measured 0.4-0.7x
 * MPI_Allreduce at 4 and 8 processes.
 */
#ifndef CPUACL_HCCL_RING_H
#define CPUACL_HCCL_RING_H

#include <stddef.h>

#include <mpi.h>

/* Above this many bytes an all-reduce goes around the ring (below: recursive
 * doubling, rdouble.h). */
#define HCCL_RING_MIN_BYTES 65536u
#define HCCL_RING_TAG_BASE 32768 /* tags above recursive doubling's (< 2^15) */
#define HCCL_RING_TAG_SPAN 16384 /* calls in flight at once stay distinct */

struct hccl_ring {
    char *acc; /* the receive buffer: the result builds up in place */
    size_t es; /* element size */
    int n, rank, count, tag;
    MPI_Datatype dt;
    MPI_Op op;
    MPI_Comm comm;
    int step; /* 0 .. 2 (n-1): n-1 reduce-scatter steps, then n-1 all-gather steps */
    int posted;
    MPI_Request r[2];
    char tmp[]; /* one block, received before it is reduced in */
};

/* Bytes of a struct hccl_ring for count elements of es bytes over n ranks
 * (one allocation: free() it when done, or leave it to MPI, HM4). */
size_t hccl_ring_size(int count, size_t es, int n);
/* Start (rank of n on comm, whose point-to-point traffic with these tags is
 * ours alone; the seq-th such call, the same on every rank). MPI error code. */
int hccl_ring_start(struct hccl_ring *g, const void *send, void *recv, int count, MPI_Datatype dt,
                    size_t es, MPI_Op op, MPI_Comm comm, int rank, int n, unsigned seq);
/* Advance; *done = 1 once the result is in recv. MPI error code. */
int hccl_ring_test(struct hccl_ring *g, int *done);
/* Give up: cancel what is posted. 1 if nothing of it is left with MPI (the
 * struct may be freed), 0 if MPI may still use it. */
int hccl_ring_cancel(struct hccl_ring *g);

#endif
