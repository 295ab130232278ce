/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The matmul + all-reduce + add + RmsNorm fusions of CANN's ops-transformer
 * mc2/: MatmulAllReduceAddRmsNorm (mm_out = allreduce(x1 @ x2 + bias)), its
 * quantised form (mm_out = allreduce(dequantScale * (x1 @ x2 + bias)), int8
 * x1 and x2) and weight-quantised form (mm_out = allreduce(x1 @ ((x2 +
 * antiquantOffset) * antiquantScale) + bias)); then y = mm_out + residual,
 * normOut = y / RMS(y) * gamma. The Inplace forms write y into residual.
 * Chains (mc2.h, group.c): the product (ops/matmul's Matmul plan, or the
 * quantised matmuls as quant_comm.c uses them) into a buffer the plan owns,
 * libhccl's all-reduce of it, then ops/norm's AddRmsNorm (xOut = y).
 *
 *  NC1. residual is (b, s, n) and x1 (b * s, k) or (b, s, k), read as its
 *      contiguous (b * s, k) view; the product goes to a (b * s, n) buffer
 *      of residual's type (rounded once), which the all-reduce sums in place
 *      (float32, rounded once: CM1); AddRmsNorm then reads it as (b, s, n)
 *      beside residual (its rule: the sum and the norm in float32, y and
 *      normOut rounded at the store). rstdOut, which the fusions do not
 *      return, goes to a float buffer of b * s values the plan owns too.
 *  NC2. The Inplace forms pass residual as AddRmsNorm's xOut (the same
 *      tensor as its x2): the norm reads a whole row of both inputs before it
 *      writes that row of xOut (ops/norm/norm.c, arn_run), so y may overwrite
 *      residual.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/public.h"
#include "ops/mc2/mc2.h"
#include "ops/mc2/table.h"

enum nc_kind { NC_FLOAT, NC_QUANT, NC_WEIGHT };

struct nc_args {
    enum nc_kind kind;
    unsigned xmask, wmask, omask; /* x1's, x2's and the norm tensors' types */
    const aclTensor *x1, *x2, *bias;
    const aclTensor *scale, *offset; /* dequantScale, or antiquantScale / Offset */
    const aclTensor *residual, *gamma;
    double epsilon;
    const char *group, *reduceOp;
    int64_t commTurn, streamMode, groupSize;
    const aclTensor *y; /* NULL: Inplace (y into residual) */
    const aclTensor *normOut;
};

static aclnnStatus nc_checks(const char *op, const struct nc_args *a, int *odt)
{
    aclnnStatus rc;
    int d;
    const aclTensor *t[] = {a->x1, a->x2, a->residual, a->gamma, a->normOut, a->y};
    const char *names[] = {"x1", "x2", "residual", "gamma", "normOut", "y"};
    for (int i = 0; i < 6; i++)
        if (t[i] && (rc = ops_check_dims(t[i], op, names[i])))
            return rc;
    if ((rc = ops_need_dt(op, "x1", a->x1->dtype, a->xmask, &d)) ||
        (rc = ops_need_dt(op, "x2", a->x2->dtype, a->wmask, &d)) ||
        (rc = ops_need_dt(op, "residual", a->residual->dtype, a->omask, odt)) ||
        (rc = mc2_check_opts(op, a->reduceOp, a->commTurn, a->streamMode)))
        return rc;
    for (int i = 3; i < 6; i++)
        if (t[i] && t[i]->dtype != a->residual->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s has data type %s, residual %s (one type)", op, names[i],
                           ops_dt_name(t[i]->dtype), ops_dt_name(a->residual->dtype));
    if (a->kind != NC_QUANT && a->x1->dtype != a->residual->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 has data type %s, residual %s (one type)",
                       op, ops_dt_name(a->x1->dtype), ops_dt_name(a->residual->dtype));
    if (a->kind == NC_QUANT && a->bias && a->bias->dtype != ACL_INT32)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias has data type %s (INT32)", op,
                       ops_dt_name(a->bias->dtype));
    if (a->kind == NC_FLOAT && a->bias && a->bias->dtype != a->x1->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias has data type %s, x1 %s (one type)", op,
                       ops_dt_name(a->bias->dtype), ops_dt_name(a->x1->dtype));
    if (a->x1->ndim != 2 && a->x1->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 has %u dims (2 or 3)", op, a->x1->ndim);
    if (a->x2->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x2 has %u dims (2)", op, a->x2->ndim);
    const int64_t k = a->x1->dims[a->x1->ndim - 1], n = a->x2->dims[1];
    if (k != a->x2->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1's k %lld differs from x2's %lld", op,
                       (long long)k, (long long)a->x2->dims[0]);
    if (a->bias && !ops_shape_is(a->bias, &n, 1))
        return ops_shape_err(op, "bias", a->bias, &n, 1);
    const int64_t rows = ops_numel(a->x1->dims, (int)a->x1->ndim - 1);
    if (a->residual->ndim != 3 || a->residual->dims[0] * a->residual->dims[1] != rows ||
        a->residual->dims[2] != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: residual must be (b, s, n) with b * s = %lld (x1's rows), n = %lld", op,
                       (long long)rows, (long long)n);
    if (!ops_shape_is(a->gamma, &n, 1))
        return ops_shape_err(op, "gamma", a->gamma, &n, 1);
    if (!ops_same_shape(a->normOut, a->residual))
        return ops_shape_err(op, "normOut", a->normOut, a->residual->dims, 3);
    if (a->y && !ops_same_shape(a->y, a->residual))
        return ops_shape_err(op, "y", a->y, a->residual->dims, 3);
    return mc2_dense(op, "x1", a->x1);
}

static aclnnStatus add_rms_norm(const char *op, const struct nc_args *a, WS)
{
    int odt;
    uint32_t ranks;
    aclnnStatus rc = nc_checks(op, a, &odt);
    if (rc || (rc = mc2_group(op, a->group, &ranks, NULL)))
        return rc;
    const int64_t k = a->x2->dims[0], n = a->x2->dims[1],
                  rows = a->residual->dims[0] * a->residual->dims[1];
    struct aclOpExecutor *e = mc2_begin(op, a->group, ranks);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct mc2_plan *p = e->plan;
    /* NC1: mm_out (rows, n) of residual's type, then rstd (rows) float, 64-byte aligned */
    const size_t mm_bytes = ((size_t)(rows * n) * ops_dt_size(odt) + 63) & ~(size_t)63;
    const size_t bytes = mm_bytes + (size_t)rows * sizeof(float);
    const int64_t d2[2] = {rows, n}, vx[2] = {rows, k};
    aclTensor *mm2, *mm3, *rstd, *x1v;
    if (!(p->temp = malloc(bytes ? bytes : 1)) ||
        !(mm2 = mc2_temp_tensor(p, a->residual->dtype, d2, 2, 0)) ||
        !(mm3 = mc2_temp_tensor(p, a->residual->dtype, a->residual->dims, 3, 0)) ||
        !(rstd = mc2_temp_tensor(p, ACL_FLOAT, &rows, 1, mm_bytes)) ||
        !(x1v = mc2_view(p, a->x1, vx, 2)))
        return mc2_fail(e, ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op));
    uint64_t ws = 0;
    aclOpExecutor *s = NULL;
    switch (a->kind) {
    case NC_FLOAT:
        rc = mc2_product(op, p, x1v, a->x2, a->bias, NULL, mm2);
        break;
    case NC_QUANT:
        rc = mc2_step(op, p,
                      aclnnQuantMatmulV4GetWorkspaceSize(x1v, a->x2, a->scale, NULL, NULL, a->bias,
                                                         false, false, mm2, &ws, &s),
                      &s);
        break;
    default:
        rc = mc2_step(op, p,
                      aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(
                          x1v, a->x2, a->scale, a->offset, NULL, NULL, a->bias, (int)a->groupSize,
                          mm2, &ws, &s),
                      &s);
        break;
    }
    if (rc != ACLNN_SUCCESS)
        return mc2_fail(e, rc);
    p->coll_at = p->nsteps;
    mc2_allreduce_of(p, mm2, odt, (uint64_t)(rows * n));
    s = NULL;
    aclTensor *y = (aclTensor *)(uintptr_t)(a->y ? a->y : a->residual); /* NC2 */
    rc = mc2_step(op, p,
                  aclnnAddRmsNormGetWorkspaceSize(mm3, a->residual, a->gamma, a->epsilon,
                                                  (aclTensor *)(uintptr_t)a->normOut, rstd, y, &ws,
                                                  &s),
                  &s);
    if (rc != ACLNN_SUCCESS)
        return mc2_fail(e, rc);
    return mc2_done(e, workspaceSize, executor);
}

#define NC_F16 (DTM(DT_F16) | DTM(DT_BF16))

aclnnStatus aclnnMatmulAllReduceAddRmsNormGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *residual,
    const aclTensor *gamma, double epsilon, const char *group, const char *reduceOp,
    int64_t commTurn, int64_t streamMode, const aclTensor *y, const aclTensor *normOut, WS)
{
    static const char op[] = "aclnnMatmulAllReduceAddRmsNorm";
    OPS_CHECK_NULLS(op, x1, x2, residual, gamma, group, reduceOp, y, normOut, workspaceSize,
                    executor);
    const unsigned m = OPS_DT_MatmulAllReduceAddRmsNorm;
    const struct nc_args a = {.kind = NC_FLOAT,
                              .xmask = m,
                              .wmask = m,
                              .omask = m,
                              .x1 = x1,
                              .x2 = x2,
                              .bias = bias,
                              .residual = residual,
                              .gamma = gamma,
                              .epsilon = epsilon,
                              .group = group,
                              .reduceOp = reduceOp,
                              .commTurn = commTurn,
                              .streamMode = streamMode,
                              .y = y,
                              .normOut = normOut};
    return add_rms_norm(op, &a, workspaceSize, executor);
}
MC2_PHASE2(MatmulAllReduceAddRmsNorm)

aclnnStatus aclnnInplaceMatmulAllReduceAddRmsNormGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *residual,
    const aclTensor *gamma, double epsilon, const char *group, const char *reduceOp,
    int64_t commTurn, int64_t streamMode, const aclTensor *normOut, WS)
{
    static const char op[] = "aclnnInplaceMatmulAllReduceAddRmsNorm";
    OPS_CHECK_NULLS(op, x1, x2, residual, gamma, group, reduceOp, normOut, workspaceSize, executor);
    const unsigned m = OPS_DT_InplaceMatmulAllReduceAddRmsNorm;
    const struct nc_args a = {.kind = NC_FLOAT,
                              .xmask = m,
                              .wmask = m,
                              .omask = m,
                              .x1 = x1,
                              .x2 = x2,
                              .bias = bias,
                              .residual = residual,
                              .gamma = gamma,
                              .epsilon = epsilon,
                              .group = group,
                              .reduceOp = reduceOp,
                              .commTurn = commTurn,
                              .streamMode = streamMode,
                              .normOut = normOut};
    return add_rms_norm(op, &a, workspaceSize, executor);
}
MC2_PHASE2(InplaceMatmulAllReduceAddRmsNorm)

aclnnStatus aclnnQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *dequantScale,
    const aclTensor *residual, const aclTensor *gamma, double epsilon, const char *group,
    const char *reduceOp, int64_t commTurn, int64_t streamMode, const aclTensor *y,
    const aclTensor *normOut, WS)
{
    static const char op[] = "aclnnQuantMatmulAllReduceAddRmsNorm";
    OPS_CHECK_NULLS(op, x1, x2, dequantScale, residual, gamma, group, reduceOp, y, normOut,
                    workspaceSize, executor);
    const struct nc_args a = {.kind = NC_QUANT,
                              .xmask = OPS_DT_QuantMatmulAllReduceAddRmsNorm,
                              .wmask = OPS_DT_QuantMatmulAllReduceAddRmsNorm,
                              .omask = OPS_DT2_QuantMatmulAllReduceAddRmsNorm,
                              .x1 = x1,
                              .x2 = x2,
                              .bias = bias,
                              .scale = dequantScale,
                              .residual = residual,
                              .gamma = gamma,
                              .epsilon = epsilon,
                              .group = group,
                              .reduceOp = reduceOp,
                              .commTurn = commTurn,
                              .streamMode = streamMode,
                              .y = y,
                              .normOut = normOut};
    return add_rms_norm(op, &a, workspaceSize, executor);
}
MC2_PHASE2(QuantMatmulAllReduceAddRmsNorm)

aclnnStatus aclnnInplaceQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *dequantScale,
    const aclTensor *residual, const aclTensor *gamma, double epsilon, const char *group,
    const char *reduceOp, int64_t commTurn, int64_t streamMode, const aclTensor *normOut, WS)
{
    static const char op[] = "aclnnInplaceQuantMatmulAllReduceAddRmsNorm";
    OPS_CHECK_NULLS(op, x1, x2, dequantScale, residual, gamma, group, reduceOp, normOut,
                    workspaceSize, executor);
    const struct nc_args a = {.kind = NC_QUANT,
                              .xmask = OPS_DT_InplaceQuantMatmulAllReduceAddRmsNorm,
                              .wmask = OPS_DT_InplaceQuantMatmulAllReduceAddRmsNorm,
                              .omask = OPS_DT2_InplaceQuantMatmulAllReduceAddRmsNorm,
                              .x1 = x1,
                              .x2 = x2,
                              .bias = bias,
                              .scale = dequantScale,
                              .residual = residual,
                              .gamma = gamma,
                              .epsilon = epsilon,
                              .group = group,
                              .reduceOp = reduceOp,
                              .commTurn = commTurn,
                              .streamMode = streamMode,
                              .normOut = normOut};
    return add_rms_norm(op, &a, workspaceSize, executor);
}
MC2_PHASE2(InplaceQuantMatmulAllReduceAddRmsNorm)

/* The weight-quantised forms' group size, an int for aclnnWeightQuantBatchMatmulV2. */
static aclnnStatus nc_group_size(const char *op, int64_t g)
{
    if (g < 0 || g > INT32_MAX)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: antiquantGroupSize %lld is out of range", op,
                       (long long)g);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnWeightQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias,
    const aclTensor *antiquantScale, const aclTensor *antiquantOffset, const aclTensor *residual,
    const aclTensor *gamma, double epsilon, const char *group, const char *reduceOp,
    int64_t commTurn, int64_t streamMode, int64_t antiquantGroupSize, const aclTensor *y,
    const aclTensor *normOut, WS)
{
    static const char op[] = "aclnnWeightQuantMatmulAllReduceAddRmsNorm";
    OPS_CHECK_NULLS(op, x1, x2, antiquantScale, residual, gamma, group, reduceOp, y, normOut,
                    workspaceSize, executor);
    aclnnStatus rc = nc_group_size(op, antiquantGroupSize);
    if (rc)
        return rc;
    const unsigned m = OPS_DT_WeightQuantMatmulAllReduceAddRmsNorm;
    const struct nc_args a = {.kind = NC_WEIGHT,
                              .xmask = m,
                              .wmask = OPS_DT2_WeightQuantMatmulAllReduceAddRmsNorm,
                              .omask = m,
                              .x1 = x1,
                              .x2 = x2,
                              .bias = bias,
                              .scale = antiquantScale,
                              .offset = antiquantOffset,
                              .residual = residual,
                              .gamma = gamma,
                              .epsilon = epsilon,
                              .group = group,
                              .reduceOp = reduceOp,
                              .commTurn = commTurn,
                              .streamMode = streamMode,
                              .groupSize = antiquantGroupSize,
                              .y = y,
                              .normOut = normOut};
    return add_rms_norm(op, &a, workspaceSize, executor);
}
MC2_PHASE2(WeightQuantMatmulAllReduceAddRmsNorm)

aclnnStatus aclnnInplaceWeightQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias,
    const aclTensor *antiquantScale, const aclTensor *antiquantOffset, const aclTensor *residual,
    const aclTensor *gamma, double epsilon, const char *group, const char *reduceOp,
    int64_t commTurn, int64_t streamMode, int64_t antiquantGroupSize, const aclTensor *normOut, WS)
{
    static const char op[] = "aclnnInplaceWeightQuantMatmulAllReduceAddRmsNorm";
    OPS_CHECK_NULLS(op, x1, x2, antiquantScale, residual, gamma, group, reduceOp, normOut,
                    workspaceSize, executor);
    aclnnStatus rc = nc_group_size(op, antiquantGroupSize);
    if (rc)
        return rc;
    const unsigned m = OPS_DT_InplaceWeightQuantMatmulAllReduceAddRmsNorm;
    const struct nc_args a = {.kind = NC_WEIGHT,
                              .xmask = m,
                              .wmask = OPS_DT2_InplaceWeightQuantMatmulAllReduceAddRmsNorm,
                              .omask = m,
                              .x1 = x1,
                              .x2 = x2,
                              .bias = bias,
                              .scale = antiquantScale,
                              .offset = antiquantOffset,
                              .residual = residual,
                              .gamma = gamma,
                              .epsilon = epsilon,
                              .group = group,
                              .reduceOp = reduceOp,
                              .commTurn = commTurn,
                              .streamMode = streamMode,
                              .groupSize = antiquantGroupSize,
                              .normOut = normOut};
    return add_rms_norm(op, &a, workspaceSize, executor);
}
MC2_PHASE2(InplaceWeightQuantMatmulAllReduceAddRmsNorm)
