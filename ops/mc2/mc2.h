/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The matmul + collective fusions (MC2): what their operators share
 * (ops/mc2/group.c). An MC2 executor is a chain: steps (executors of the
 * existing matmul, elementwise and norm operators, or small kernels of the
 * operator's own, made by its phase 1) and an HCCL collective on the
 * communicator named by the operator's `group` (two for QuantMatmulAllReduceV3's
 * low-bit communication), each collective at its place among the steps.
 * Phase 2 queues them in that order on the caller's stream, the collectives
 * through libhccl's own entry points: a collective runs after the steps
 * before it and before the stream's next task, and what a rank waits for
 * from the others is the collective's.
 */
#ifndef CPUACL_OPS_MC2_MC2_H
#define CPUACL_OPS_MC2_MC2_H

#include "hccl/hccl_types.h"
#include "ops/engine/engine.h"

#define MC2_MAX_STEPS 6
#define MC2_MAX_TEMPS 6

enum mc2_coll { MC2_ALLREDUCE, MC2_REDUCE_SCATTER, MC2_ALLGATHER, MC2_ALLTOALL };

/* One collective: HCCL's arguments, the buffers as device addresses. */
struct mc2_coll_args {
    enum mc2_coll kind;
    const void *send;
    void *recv;
    uint64_t count; /* elements per rank: all-reduce all, reduce-scatter recvCount,
                     * all-gather sendCount, all-to-all the block for each rank */
    HcclDataType dtype;
};

struct mc2_plan {
    char group[COMM_NAME_MAX_LENGTH];
    uint32_t ranks; /* the group's size at phase 1 */
    struct mc2_coll_args coll;
    int coll_at;                /* the collective goes before step coll_at
                                 * (nsteps: after the last) */
    struct mc2_coll_args coll2; /* a second collective (has_coll2), before */
    int coll2_at;               /* step coll2_at > coll_at */
    bool has_coll2;
    aclOpExecutor *step[MC2_MAX_STEPS]; /* queued in order; NULL once queued */
    int nsteps;
    aclTensor *temp_t[MC2_MAX_TEMPS]; /* tensors made by phase 1 (temp, views) */
    aclScalar *one;                   /* the adds' alpha */
    void *temp;                       /* a product or gather buffer (malloc) */
};

/* Phase 1: a plan for `op`; the caller fills it and ends with mc2_done (or
 * mc2_fail on an error after mc2_begin). */
struct aclOpExecutor *mc2_new(const char *op);
/* mc2_new with the plan's group and size set. */
struct aclOpExecutor *mc2_begin(const char *op, const char *group, uint32_t ranks);
/* The live communicator named group on this thread's device: its size and
 * this rank's id. 161002 naming group when there is none (no libhccl loaded,
 * a destroyed or unknown communicator). */
aclnnStatus mc2_group(const char *op, const char *group, uint32_t *ranks, uint32_t *rank);
/* HCCL's type of a floating dtype. */
HcclDataType mc2_hccl_dtype(int dt);
/* A temporary contiguous tensor of dims over plan memory at byte offset
 * `off` of p->temp (which phase 1 allocated); NULL when out of memory. */
aclTensor *mc2_temp_tensor(struct mc2_plan *p, aclDataType dt, const int64_t *dims, int nd,
                           size_t off);
/* A contiguous view of dense tensor t with other dims (as many elements); NULL when out of
 * memory. */
aclTensor *mc2_view(struct mc2_plan *p, const aclTensor *t, const int64_t *dims, int nd);
/* Append the executors of out = x1 @ x2 (+ bias) (+ x3): the Matmul plan and in-place
 * adds. */
aclnnStatus mc2_product(const char *op, struct mc2_plan *p, const aclTensor *x1,
                        const aclTensor *x2, const aclTensor *bias, const aclTensor *x3,
                        aclTensor *out);
/* Append a step a first phase made (rc its result, *sp the executor). */
aclnnStatus mc2_step(const char *op, struct mc2_plan *p, aclnnStatus rc, aclOpExecutor *const *sp);
/* Append out += addend (an in-place add, broadcasting addend). */
aclnnStatus mc2_add(const char *op, struct mc2_plan *p, aclTensor *out, const aclTensor *addend);
aclnnStatus mc2_done(struct aclOpExecutor *e, uint64_t *workspaceSize, aclOpExecutor **executor);
aclnnStatus mc2_fail(struct aclOpExecutor *e, aclnnStatus rc);
/* Phase 2 of every MC2 operator. */
aclnnStatus mc2_launch(aclOpExecutor *e, aclrtStream stream, const char *op);

/* An all-reduce of the count elements of dense t (type dt) in place. */
void mc2_allreduce_of(struct mc2_plan *p, const aclTensor *t, int dt, uint64_t count);
/* Element address of a tensor's first element. */
char *mc2_data(const aclTensor *t);
/* 161002 unless t is dense (the collective reads or writes it as one block). */
aclnnStatus mc2_dense(const char *op, const char *what, const aclTensor *t);

/* The checks every MC2 operator makes of its collective options. */
aclnnStatus mc2_check_opts(const char *op, const char *reduceOp, int64_t commTurn,
                           int64_t streamMode);

#define MC2_PHASE2(OP)                                                                             \
    aclnnStatus aclnn##OP(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,        \
                          aclrtStream stream)                                                      \
    {                                                                                              \
        (void)workspace;                                                                           \
        (void)workspaceSize;                                                                       \
        return mc2_launch(executor, stream, "aclnn" #OP);                                          \
    }

#endif /* CPUACL_OPS_MC2_MC2_H */
