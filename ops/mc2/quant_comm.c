/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The quantised matmul + all-reduce fusions of CANN's ops-transformer mc2/:
 * QuantMatmulAllReduce (output = allreduce(dequantScale * (x1 @ x2 + bias) +
 * x3), int8 x1 and x2), V2 (times a per-token scale), V3 (V2 with CANN's
 * low-bit communication options) and WeightQuantMatmulAllReduce (output =
 * allreduce(x1 @ ((x2 + antiquantOffset) * antiquantScale) + bias + x3)).
 * Chains (mc2.h, group.c): the product is the existing quantised matmul's
 * (aclnnQuantMatmulV4, aclnnWeightQuantBatchMatmulV2: ops/quant/qmatmul.c,
 * ops/matmul/quant_matmul.c, their semantics and type checks), x3 an in-place
 * add, then libhccl's all-reduce.
 *
 *  QC1. x1 (m, k) or (b, s, k) is read as its (rows, k) view and the output
 *      as (rows, n): the quantised products take 2-d operands, and both must
 *      be contiguous (x1 as CANN documents, the output as the collective
 *      needs: matmul_comm.c CM2). The product is rounded to the output type,
 *      x3 added and rounded, then the sum over ranks is rounded once (CM1).
 *  QC2. V3's commQuantScale1Optional / commQuantScale2Optional ask for
 *      low-bit communication (the sum carried as int8 through an all-to-all
 *      and an all-gather): that changes the result, and libhccl reduces in
 *      the output type, so a non-NULL one is refused (161002); with both NULL
 *      V3 is V2, as CANN's formula's first two cases.
 */
#include <stdint.h>
#include <string.h>

#include "ops/engine/public.h"
#include "ops/mc2/mc2.h"
#include "ops/mc2/table.h"

/* What the quantised fusions share: x1 (2-3 dims), x2 (k, n) of types in xmask (x2's:
 * wmask), output of a type in omask with x1's leading dims and n, x3 like output or NULL;
 * the group; the 2-d views. On success *out holds a plan whose views are x1v, ov. */
static aclnnStatus qc_begin(const char *op, unsigned xmask, unsigned wmask, unsigned omask,
                            const aclTensor *x1, const aclTensor *x2, const aclTensor *x3,
                            const char *group, const char *reduceOp, int64_t commTurn,
                            int64_t streamMode, const aclTensor *output, struct aclOpExecutor **out,
                            aclTensor **x1v, aclTensor **ov, int *odt)
{
    aclnnStatus rc;
    int d;
    if ((rc = ops_check_dims(x1, op, "x1")) || (rc = ops_check_dims(x2, op, "x2")) ||
        (rc = ops_check_dims(output, op, "output")) ||
        (x3 && (rc = ops_check_dims(x3, op, "x3"))) ||
        (rc = ops_need_dt(op, "x1", x1->dtype, xmask, &d)) ||
        (rc = ops_need_dt(op, "x2", x2->dtype, wmask, &d)) ||
        (rc = ops_need_dt(op, "output", output->dtype, omask, odt)) ||
        (rc = mc2_check_opts(op, reduceOp, commTurn, streamMode)))
        return rc;
    if (x3 && x3->dtype != output->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x3 has data type %s, output %s", op,
                       ops_dt_name(x3->dtype), ops_dt_name(output->dtype));
    if (x1->ndim != 2 && x1->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 has %u dims (2 or 3)", op, x1->ndim);
    if (x2->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x2 has %u dims (2)", op, x2->ndim);
    const int nd = (int)x1->ndim;
    const int64_t k = x1->dims[nd - 1], n = x2->dims[1];
    if (k != x2->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1's k %lld differs from x2's %lld", op,
                       (long long)k, (long long)x2->dims[0]);
    int64_t want[3];
    memcpy(want, x1->dims, sizeof(int64_t) * (size_t)(nd - 1));
    want[nd - 1] = n;
    if (!ops_shape_is(output, want, nd))
        return ops_shape_err(op, "output", output, want, nd);
    if (x3 && !ops_shape_is(x3, want, nd))
        return ops_shape_err(op, "x3", x3, want, nd);
    uint32_t ranks;
    if ((rc = mc2_dense(op, "x1", x1)) || (rc = mc2_dense(op, "output", output)) ||
        (rc = mc2_group(op, group, &ranks, NULL)))
        return rc;
    struct aclOpExecutor *e = mc2_begin(op, group, ranks);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct mc2_plan *p = e->plan;
    const int64_t rows = ops_numel(want, nd - 1);
    const int64_t vx[2] = {rows, k}, vo[2] = {rows, n};
    if (!(*x1v = mc2_view(p, x1, vx, 2)) || !(*ov = mc2_view(p, output, vo, 2)))
        return mc2_fail(e, ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op));
    mc2_allreduce_of(p, output, *odt, (uint64_t)(rows * n));
    *out = e;
    return ACLNN_SUCCESS;
}

/* The steps after the product: x3, then the collective. */
static aclnnStatus qc_finish(const char *op, struct aclOpExecutor *e, aclnnStatus rc,
                             const aclTensor *x3, const aclTensor *output, WS)
{
    struct mc2_plan *p = e->plan;
    if (rc == ACLNN_SUCCESS && x3)
        rc = mc2_add(op, p, (aclTensor *)(uintptr_t)output, x3);
    if (rc != ACLNN_SUCCESS)
        return mc2_fail(e, rc);
    p->coll_at = p->nsteps;
    return mc2_done(e, workspaceSize, executor);
}

static aclnnStatus quant_all_reduce(const char *op, unsigned xmask, unsigned omask,
                                    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias,
                                    const aclTensor *x3, const aclTensor *dequantScale,
                                    const aclTensor *pertoken, const char *group,
                                    const char *reduceOp, int64_t commTurn, int64_t streamMode,
                                    const aclTensor *output, WS)
{
    OPS_CHECK_NULLS(op, x1, x2, dequantScale, group, reduceOp, output, workspaceSize, executor);
    if (bias && bias->dtype != ACL_INT32)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias has data type %s (INT32)", op,
                       ops_dt_name(bias->dtype));
    struct aclOpExecutor *e;
    aclTensor *x1v, *ov;
    int odt;
    aclnnStatus rc = qc_begin(op, xmask, xmask, omask, x1, x2, x3, group, reduceOp, commTurn,
                              streamMode, output, &e, &x1v, &ov, &odt);
    if (rc)
        return rc;
    uint64_t ws = 0;
    aclOpExecutor *s = NULL;
    rc = mc2_step(op, e->plan,
                  aclnnQuantMatmulV4GetWorkspaceSize(x1v, x2, dequantScale, NULL, pertoken, bias,
                                                     false, false, ov, &ws, &s),
                  &s);
    return qc_finish(op, e, rc, x3, output, workspaceSize, executor);
}

aclnnStatus aclnnQuantMatmulAllReduceGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                      const aclTensor *bias, const aclTensor *x3,
                                                      const aclTensor *dequantScale,
                                                      const char *group, const char *reduceOp,
                                                      int64_t commTurn, int64_t streamMode,
                                                      const aclTensor *output, WS)
{
    return quant_all_reduce("aclnnQuantMatmulAllReduce", OPS_DT_QuantMatmulAllReduce,
                            OPS_DT2_QuantMatmulAllReduce, x1, x2, bias, x3, dequantScale, NULL,
                            group, reduceOp, commTurn, streamMode, output, workspaceSize,
                            executor);
}
MC2_PHASE2(QuantMatmulAllReduce)

aclnnStatus aclnnQuantMatmulAllReduceV2GetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *biasOptional,
    const aclTensor *x3Optional, const aclTensor *dequantScale,
    const aclTensor *pertokenScaleOptional, const char *group, const char *reduceOp,
    int64_t commTurn, int64_t streamMode, const aclTensor *output, WS)
{
    return quant_all_reduce("aclnnQuantMatmulAllReduceV2", OPS_DT_QuantMatmulAllReduceV2,
                            OPS_DT2_QuantMatmulAllReduceV2, x1, x2, biasOptional, x3Optional,
                            dequantScale, pertokenScaleOptional, group, reduceOp, commTurn,
                            streamMode, output, workspaceSize, executor);
}
MC2_PHASE2(QuantMatmulAllReduceV2)

aclnnStatus aclnnQuantMatmulAllReduceV3GetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *biasOptional,
    const aclTensor *x3Optional, const aclTensor *dequantScale,
    const aclTensor *pertokenScaleOptional, const aclTensor *commQuantScale1Optional,
    const aclTensor *commQuantScale2Optional, const char *group, const char *reduceOp,
    int64_t commTurn, int64_t streamMode, const aclTensor *output, WS)
{
    static const char op[] = "aclnnQuantMatmulAllReduceV3";
    if (commQuantScale1Optional || commQuantScale2Optional) /* QC2 */
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: commQuantScale1Optional / commQuantScale2Optional (low-bit "
                       "communication) are not supported by cpuacl: pass NULL",
                       op);
    return quant_all_reduce(op, OPS_DT_QuantMatmulAllReduceV3, OPS_DT2_QuantMatmulAllReduceV3, x1,
                            x2, biasOptional, x3Optional, dequantScale, pertokenScaleOptional,
                            group, reduceOp, commTurn, streamMode, output, workspaceSize,
                            executor);
}
MC2_PHASE2(QuantMatmulAllReduceV3)

aclnnStatus aclnnWeightQuantMatmulAllReduceGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias,
    const aclTensor *antiquantScale, const aclTensor *antiquantOffset, const aclTensor *x3,
    const char *group, const char *reduceOp, int64_t commTurn, int64_t streamMode,
    int64_t antiquantGroupSize, const aclTensor *output, WS)
{
    static const char op[] = "aclnnWeightQuantMatmulAllReduce";
    OPS_CHECK_NULLS(op, x1, x2, antiquantScale, group, reduceOp, output, workspaceSize, executor);
    if (output && x1 && output->dtype != x1->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: output has data type %s, x1 %s", op,
                       ops_dt_name(output->dtype), ops_dt_name(x1->dtype));
    if (antiquantGroupSize < 0 || antiquantGroupSize > INT32_MAX)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: antiquantGroupSize %lld is out of range", op,
                       (long long)antiquantGroupSize);
    struct aclOpExecutor *e;
    aclTensor *x1v, *ov;
    int odt;
    aclnnStatus rc = qc_begin(op, OPS_DT_WeightQuantMatmulAllReduce,
                              OPS_DT2_WeightQuantMatmulAllReduce, OPS_DT_WeightQuantMatmulAllReduce,
                              x1, x2, x3, group, reduceOp, commTurn, streamMode, output, &e, &x1v,
                              &ov, &odt);
    if (rc)
        return rc;
    uint64_t ws = 0;
    aclOpExecutor *s = NULL;
    rc = mc2_step(op, e->plan,
                  aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(x1v, x2, antiquantScale,
                                                                antiquantOffset, NULL, NULL, bias,
                                                                (int)antiquantGroupSize, ov, &ws,
                                                                &s),
                  &s);
    return qc_finish(op, e, rc, x3, output, workspaceSize, executor);
}
MC2_PHASE2(WeightQuantMatmulAllReduce)
