/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Small all-reduce by recursive doubling over point-to-point messages, as a
 * state machine a caller drives with tests (so it keeps a deadline): Open
 * MPI's non-blocking MPI_Iallreduce (libnbc) takes about twice the time of
 * its blocking one for small messages; this takes the blocking one's path.
 */
#ifndef CPUACL_HCCL_RDOUBLE_H
#define CPUACL_HCCL_RDOUBLE_H

#include <stddef.h>

#include <mpi.h>

/* At most this many bytes go by recursive doubling; larger ones by MPI's own
 * non-blocking algorithms (bandwidth-optimal there). */
#define HCCL_RD_MAX_BYTES 8192u
#define HCCL_RD_MAX_RANKS 64 /* tags hold up to 6 doubling rounds */

struct hccl_rd_step {
    int kind; /* RD_* in rdouble.c */
    int peer, stag, rtag;
};

struct hccl_rd {
    void *acc, *tmp; /* the receive buffer (accumulating), a scratch block */
    int count;
    size_t bytes;
    MPI_Datatype dt;
    MPI_Op op;
    MPI_Comm comm;
    int step, nsteps, posted;
    struct hccl_rd_step steps[8];
    MPI_Request r[2];
};

/* Start: rank of n on comm (whose point-to-point traffic is ours alone), the
 * seq-th such call on comm (the same on every rank). MPI error code. */
int hccl_rd_start(struct hccl_rd *rd, const void *send, void *recv, int count, MPI_Datatype dt,
                  size_t es, MPI_Op op, MPI_Comm comm, int rank, int n, unsigned seq);
/* Advance; *done = 1 once the result is in recv. MPI error code. */
int hccl_rd_test(struct hccl_rd *rd, int *done);
/* Give up: cancel what is posted. 1 if nothing of it is left with MPI (the
 * struct and its scratch may be freed), 0 if MPI may still use them. */
int hccl_rd_cancel(struct hccl_rd *rd);
void hccl_rd_free(struct hccl_rd *rd);

#endif
