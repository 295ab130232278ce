/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The matmul + collective fusions of CANN's ops-transformer mc2/:
 * MatmulAllReduce (output = allreduce(x1 @ x2 + bias)), MatmulAllReduceV2
 * (+ x3 before the reduction), MatmulReduceScatter (output =
 * reducescatter(x1 @ x2 + bias) along the rows) and AllGatherMatmul
 * (gatherOut = allgather(x1) along the rows, output = gatherOut @ x2 + bias).
 * Each is a chain (mc2.h, group.c): the product is the Matmul plan
 * (ops/matmul/matmul.c) and in-place adds, the collective libhccl's.
 *
 *  CM1. The product is rounded to the output's type, then each addend
 *      (bias, x3) is added and rounded again, then the collective sums in
 *      float32 and rounds once (hccl/local.c; over MPI at each step): a
 *      float16 / bfloat16 result can differ from one rounding of the exact
 *      sum by a few units in the last place. The formula's bias is added on
 *      every rank before the reduction, as CANN's formulas write it
 *      (allreduce(x1 @ x2 + bias)): the reduced result holds ranks x bias.
 *  CM2. Buffers the collective reads or writes are contiguous (output,
 *      gatherOut, AllGatherMatmul's x1; cpuacl's limit: the NPU's kernels
 *      take some non-contiguous outputs); the product's operands may be any
 *      views the Matmul plan takes. A reduce-scatter's full product and an
 *      all-gather without gatherOut live in a buffer the plan owns, freed
 *      after the chain ran (group.c GP3); workspaceSize stays 0.
 */
#include <stdlib.h>
#include <string.h>

#include "ops/engine/public.h"
#include "ops/mc2/mc2.h"
#include "ops/mc2/table.h"

/* The types and dims every product checks: x1 (rank 2, or 2..3 when x1_3d) @ x2 (k, n), bias
 * (n) or NULL, x3 like out or NULL; one floating type in the row's mask. */
static aclnnStatus cm_check(const char *op, unsigned mask, const aclTensor *x1, bool x1_3d,
                            const aclTensor *x2, const aclTensor *bias, const aclTensor *x3,
                            const aclTensor *out, int *dt)
{
    aclnnStatus rc;
    int d2;
    if ((rc = ops_check_dims(x1, op, "x1")) || (rc = ops_check_dims(x2, op, "x2")) ||
        (rc = ops_check_dims(out, op, "output")) ||
        (bias && (rc = ops_check_dims(bias, op, "bias"))) ||
        (x3 && (rc = ops_check_dims(x3, op, "x3"))))
        return rc;
    if ((rc = ops_need_dt(op, "x1", x1->dtype, mask, dt)) ||
        (rc = ops_need_dt(op, "x2", x2->dtype, mask, &d2)))
        return rc;
    const aclTensor *same[] = {x2, bias, x3, out};
    const char *names[] = {"x2", "bias", "x3", "output"};
    for (int i = 0; i < 4; i++)
        if (same[i] && same[i]->dtype != x1->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s, x1 %s (one type)", op,
                           names[i], ops_dt_name(same[i]->dtype), ops_dt_name(x1->dtype));
    if (x1->ndim != 2 && !(x1_3d && x1->ndim == 3))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 has %u dims (%s)", op, x1->ndim,
                       x1_3d ? "2 or 3" : "2");
    if (x2->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x2 has %u dims (2)", op, x2->ndim);
    if (x1->dims[x1->ndim - 1] != x2->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1's k %lld differs from x2's %lld", op,
                       (long long)x1->dims[x1->ndim - 1], (long long)x2->dims[0]);
    if (bias && !ops_shape_is(bias, x2->dims + 1, 1))
        return ops_shape_err(op, "bias", bias, x2->dims + 1, 1);
    return ACLNN_SUCCESS;
}

/* ---- MatmulAllReduce, V2 -------------------------------------------------------------- */

static aclnnStatus all_reduce(const char *op, unsigned mask, const aclTensor *x1,
                              const aclTensor *x2, const aclTensor *bias, const aclTensor *x3,
                              const char *group, const char *reduceOp, int64_t commTurn,
                              int64_t streamMode, const aclTensor *output, WS)
{
    OPS_CHECK_NULLS(op, x1, x2, group, reduceOp, output, workspaceSize, executor);
    int dt;
    uint32_t ranks;
    aclnnStatus rc = cm_check(op, mask, x1, true, x2, bias, x3, output, &dt);
    if (rc || (rc = mc2_check_opts(op, reduceOp, commTurn, streamMode)))
        return rc;
    int64_t want[3];
    int nd = (int)x1->ndim;
    memcpy(want, x1->dims, sizeof(int64_t) * (size_t)(nd - 1));
    want[nd - 1] = x2->dims[1];
    if (!ops_shape_is(output, want, nd))
        return ops_shape_err(op, "output", output, want, nd);
    if (x3 && !ops_shape_is(x3, want, nd))
        return ops_shape_err(op, "x3", x3, want, nd);
    if ((rc = mc2_dense(op, "output", output)) || (rc = mc2_group(op, group, &ranks, NULL)))
        return rc;
    struct aclOpExecutor *e = mc2_begin(op, group, ranks);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct mc2_plan *p = e->plan;
    mc2_allreduce_of(p, output, dt, (uint64_t)ops_numel(want, nd));
    if ((rc = mc2_product(op, p, x1, x2, bias, x3, (aclTensor *)(uintptr_t)output)))
        return mc2_fail(e, rc);
    p->coll_at = p->nsteps;
    return mc2_done(e, workspaceSize, executor);
}

aclnnStatus aclnnMatmulAllReduceGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                 const aclTensor *bias, const char *group,
                                                 const char *reduceOp, int64_t commTurn,
                                                 int64_t streamMode, const aclTensor *output, WS)
{
    return all_reduce("aclnnMatmulAllReduce", OPS_DT_MatmulAllReduce, x1, x2, bias, NULL, group,
                      reduceOp, commTurn, streamMode, output, workspaceSize, executor);
}
MC2_PHASE2(MatmulAllReduce)

aclnnStatus aclnnMatmulAllReduceV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                   const aclTensor *bias, const aclTensor *x3,
                                                   const char *group, const char *reduceOp,
                                                   int64_t commTurn, int64_t streamMode,
                                                   const aclTensor *output, WS)
{
    return all_reduce("aclnnMatmulAllReduceV2", OPS_DT_MatmulAllReduceV2, x1, x2, bias, x3, group,
                      reduceOp, commTurn, streamMode, output, workspaceSize, executor);
}
MC2_PHASE2(MatmulAllReduceV2)

/* ---- MatmulReduceScatter -------------------------------------------------------------- */

aclnnStatus aclnnMatmulReduceScatterGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                     const aclTensor *bias, const char *group,
                                                     const char *reduceOp, int64_t commTurn,
                                                     int64_t streamMode, const aclTensor *output,
                                                     WS)
{
    static const char op[] = "aclnnMatmulReduceScatter";
    OPS_CHECK_NULLS(op, x1, x2, group, reduceOp, output, workspaceSize, executor);
    int dt;
    uint32_t ranks;
    aclnnStatus rc =
        cm_check(op, OPS_DT_MatmulReduceScatter, x1, false, x2, bias, NULL, output, &dt);
    if (rc || (rc = mc2_check_opts(op, reduceOp, commTurn, streamMode)) ||
        (rc = mc2_group(op, group, &ranks, NULL)))
        return rc;
    const int64_t m = x1->dims[0], n = x2->dims[1];
    if (m % ranks)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x1's %lld rows do not split over the group's %u ranks", op,
                       (long long)m, ranks);
    int64_t want[2] = {m / ranks, n}, full[2] = {m, n};
    if (!ops_shape_is(output, want, 2))
        return ops_shape_err(op, "output", output, want, 2);
    if ((rc = mc2_dense(op, "output", output)))
        return rc;
    struct aclOpExecutor *e = mc2_begin(op, group, ranks);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct mc2_plan *p = e->plan;
    size_t bytes = (size_t)(m * n) * ops_dt_size(dt);
    aclTensor *prod = NULL;
    if (!(p->temp = malloc(bytes ? bytes : 1)) ||
        !(prod = mc2_temp_tensor(p, x1->dtype, full, 2, 0)))
        return mc2_fail(e, ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op));
    p->coll = (struct mc2_coll_args){MC2_REDUCE_SCATTER, p->temp, mc2_data(output),
                                     (uint64_t)(m / ranks * n), mc2_hccl_dtype(dt)};
    if ((rc = mc2_product(op, p, x1, x2, bias, NULL, prod)))
        return mc2_fail(e, rc);
    p->coll_at = p->nsteps;
    return mc2_done(e, workspaceSize, executor);
}
MC2_PHASE2(MatmulReduceScatter)

/* ---- AllGatherMatmul ------------------------------------------------------------------ */

aclnnStatus aclnnAllGatherMatmulGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                 const aclTensor *bias, const char *group,
                                                 int64_t gatherIndex, int64_t commTurn,
                                                 int64_t streamMode, const aclTensor *output,
                                                 const aclTensor *gatherOut, WS)
{
    static const char op[] = "aclnnAllGatherMatmul";
    OPS_CHECK_NULLS(op, x1, x2, group, output, workspaceSize, executor);
    int dt;
    uint32_t ranks;
    aclnnStatus rc = cm_check(op, OPS_DT_AllGatherMatmul, x1, false, x2, bias, NULL, output, &dt);
    if (rc || (rc = mc2_check_opts(op, NULL, commTurn, streamMode)))
        return rc;
    if (gatherIndex != 0) /* 1 would gather x2: another product, which CANN refuses too */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gatherIndex %lld is not supported (0)", op,
                       (long long)gatherIndex);
    if (gatherOut && (rc = ops_check_dims(gatherOut, op, "gatherOut")))
        return rc;
    if (gatherOut && gatherOut->dtype != x1->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gatherOut has data type %s, x1 %s", op,
                       ops_dt_name(gatherOut->dtype), ops_dt_name(x1->dtype));
    if ((rc = mc2_group(op, group, &ranks, NULL)))
        return rc;
    const int64_t m = x1->dims[0], k = x1->dims[1], n = x2->dims[1];
    int64_t want[2] = {m * ranks, n}, gwant[2] = {m * ranks, k};
    if (!ops_shape_is(output, want, 2))
        return ops_shape_err(op, "output", output, want, 2);
    if (gatherOut && !ops_shape_is(gatherOut, gwant, 2))
        return ops_shape_err(op, "gatherOut", gatherOut, gwant, 2);
    if ((rc = mc2_dense(op, "x1", x1)) ||
        (gatherOut && (rc = mc2_dense(op, "gatherOut", gatherOut))))
        return rc;
    struct aclOpExecutor *e = mc2_begin(op, group, ranks);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct mc2_plan *p = e->plan;
    p->coll_at = 0; /* the gather before the product */
    const aclTensor *g = gatherOut;
    if (!g) {
        size_t bytes = (size_t)(m * ranks * k) * ops_dt_size(dt);
        if (!(p->temp = malloc(bytes ? bytes : 1)) ||
            !(g = mc2_temp_tensor(p, x1->dtype, gwant, 2, 0)))
            return mc2_fail(e, ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op));
    }
    p->coll = (struct mc2_coll_args){MC2_ALLGATHER, mc2_data(x1), mc2_data(g), (uint64_t)(m * k),
                                     mc2_hccl_dtype(dt)};
    if ((rc = mc2_product(op, p, g, x2, bias, NULL, (aclTensor *)(uintptr_t)output)))
        return mc2_fail(e, rc);
    return mc2_done(e, workspaceSize, executor);
}
MC2_PHASE2(AllGatherMatmul)
