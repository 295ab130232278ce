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
 *  QC2. V3 with commQuantScale1Optional and commQuantScale2Optional (both or
 *      neither; output's type, (n) or (1, n), the same on every rank) is
 *      CANN's low-bit communication (case 3 of its formula): the product plus
 *      x3 (in output, rounded) is quantised per channel to int8 (q =
 *      rint(v / s1), saturated to [-128, 127]), exchanged by an all-to-all
 *      of row blocks (rows a multiple of the group's size: rank r gets block
 *      r of every rank), summed per element in float32 and requantised (rint
 *      (sum * (s1 / s2)), saturated), all-gathered, and dequantised into the
 *      output (g * s2). Open guesses where CANN is silent: round half to
 *      even, saturation, the float32 sum, row blocks. With neither scale V3
 *      is V2.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
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
                            group, reduceOp, commTurn, streamMode, output, workspaceSize, executor);
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

/* ---- V3's low-bit communication (QC2) ---------------------------------------------------- */

enum lb_mode { LB_QUANT, LB_REDUCE, LB_DEQUANT };

/* One of the three kernels around the two collectives; raw device addresses fixed at phase 1
 * (an MC2 executor's addresses cannot be rebound). */
struct lb_plan {
    enum lb_mode mode;
    int64_t rows, n; /* of the block this kernel writes */
    uint32_t ranks;  /* LB_REDUCE: blocks summed */
    int odt, sdt;    /* output's and the scales' types */
    const char *src, *s1, *s2;
    char *dst;
};

static int8_t lb_sat(float v)
{
    v = rintf(v);
    return (int8_t)(v > 127.0f ? 127.0f : v < -128.0f ? -128.0f : v);
}

static int32_t lb_run(const struct aclOpExecutor *e, void *const *addr)
{
    (void)addr;
    const struct lb_plan *p = e->plan;
    const int64_t n = p->n;
    float *f = malloc((size_t)(3 * n) * sizeof(float));
    if (!f)
        return ACL_ERROR_BAD_ALLOC;
    float *s1 = f + n, *s2 = s1 + n;
    const ops_load_fn lds = ops_loader(CK_F32, p->sdt);
    const int64_t es = ops_dt_size(p->sdt), eo = ops_dt_size(p->odt);
    lds(s1, p->s1, es, n);
    lds(s2, p->s2, es, n);
    const int8_t *q = (const int8_t *)(const void *)p->src;
    int8_t *qd = (int8_t *)(void *)p->dst;
    for (int64_t i = 0; i < p->rows; i++) {
        switch (p->mode) {
        case LB_QUANT: /* the product (output type) to int8 */
            ops_loader(CK_F32, p->odt)(f, p->src + i * n * eo, eo, n);
            for (int64_t j = 0; j < n; j++)
                qd[i * n + j] = lb_sat(f[j] / s1[j]);
            break;
        case LB_REDUCE: /* the blocks of every rank, summed and requantised */
            for (int64_t j = 0; j < n; j++) {
                float sum = 0;
                for (uint32_t r = 0; r < p->ranks; r++)
                    sum += (float)q[(r * p->rows + i) * n + j];
                qd[i * n + j] = lb_sat(sum * (s1[j] / s2[j]));
            }
            break;
        default: /* the gathered int8 back to the output type */
            for (int64_t j = 0; j < n; j++)
                f[j] = (float)q[i * n + j] * s2[j];
            ops_storer(CK_F32, p->odt)(p->dst + i * n * eo, eo, f, n);
            break;
        }
    }
    free(f);
    return 0;
}

static aclnnStatus lb_step(const char *op, struct mc2_plan *p, const struct lb_plan *k)
{
    struct aclOpExecutor *s = ops_exec_plan(op, 0, 0, sizeof *k, NULL);
    if (!s)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    memcpy(s->plan, k, sizeof *k);
    s->run = k->rows * k->n > 0 ? lb_run : NULL;
    uint64_t ws = 0;
    aclOpExecutor *sp = s;
    return mc2_step(op, p, ops_exec_done(s, &ws, &sp), &sp);
}

/* Append QC2's chain after the product (in output): quantise, all-to-all, sum and
 * requantise, all-gather, dequantise. */
static aclnnStatus low_bit(const char *op, struct mc2_plan *p, const aclTensor *output,
                           const aclTensor *s1, const aclTensor *s2, int odt)
{
    const int64_t n = output->dims[output->ndim - 1];
    const int64_t rows = ops_numel(output->dims, (int)output->ndim - 1), blk = rows / p->ranks;
    const size_t all = (size_t)(rows * n);
    /* int8 blocks: the quantised product, what the all-to-all brings, this rank's sum,
     * the gathered sums */
    if (!(p->temp = malloc(3 * all + (size_t)(blk * n) + 1)))
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op);
    char *q = p->temp, *a = q + all, *sum = a + all, *g = sum + blk * n;
    struct lb_plan k = {
        LB_QUANT,     rows,         n, p->ranks, odt, ops_dt_index(s1->dtype), mc2_data(output),
        mc2_data(s1), mc2_data(s2), q};
    aclnnStatus rc = lb_step(op, p, &k);
    if (rc)
        return rc;
    p->coll = (struct mc2_coll_args){MC2_ALLTOALL, q, a, (uint64_t)(blk * n), HCCL_DATA_TYPE_INT8};
    p->coll_at = p->nsteps;
    k.mode = LB_REDUCE, k.rows = blk, k.src = a, k.dst = sum;
    if ((rc = lb_step(op, p, &k)))
        return rc;
    p->coll2 =
        (struct mc2_coll_args){MC2_ALLGATHER, sum, g, (uint64_t)(blk * n), HCCL_DATA_TYPE_INT8};
    p->coll2_at = p->nsteps;
    p->has_coll2 = true;
    k.mode = LB_DEQUANT, k.rows = rows, k.src = g, k.dst = mc2_data(output);
    return lb_step(op, p, &k);
}

aclnnStatus aclnnQuantMatmulAllReduceV3GetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *biasOptional,
    const aclTensor *x3Optional, const aclTensor *dequantScale,
    const aclTensor *pertokenScaleOptional, const aclTensor *commQuantScale1Optional,
    const aclTensor *commQuantScale2Optional, const char *group, const char *reduceOp,
    int64_t commTurn, int64_t streamMode, const aclTensor *output, WS)
{
    static const char op[] = "aclnnQuantMatmulAllReduceV3";
    const aclTensor *s1 = commQuantScale1Optional, *s2 = commQuantScale2Optional;
    if (!s1 && !s2)
        return quant_all_reduce(op, OPS_DT_QuantMatmulAllReduceV3, OPS_DT2_QuantMatmulAllReduceV3,
                                x1, x2, biasOptional, x3Optional, dequantScale,
                                pertokenScaleOptional, group, reduceOp, commTurn, streamMode,
                                output, workspaceSize, executor);
    OPS_CHECK_NULLS(op, x1, x2, dequantScale, group, reduceOp, output, workspaceSize, executor);
    aclnnStatus rc;
    if (!s1 || !s2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: commQuantScale1Optional and commQuantScale2Optional go together "
                       "(both NULL or both given)",
                       op);
    if ((rc = ops_check_dims(s1, op, "commQuantScale1Optional")) ||
        (rc = ops_check_dims(s2, op, "commQuantScale2Optional")) ||
        (rc = ops_check_dims(output, op, "output")) || (rc = ops_check_dims(x2, op, "x2")))
        return rc;
    if (s1->dtype != output->dtype || s2->dtype != output->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: commQuantScale1Optional / 2Optional have data types %s / %s, output %s "
                       "(the same)",
                       op, ops_dt_name(s1->dtype), ops_dt_name(s2->dtype),
                       ops_dt_name(output->dtype));
    const int64_t n = x2->ndim == 2 ? x2->dims[1] : -1, one_n[2] = {1, n};
    if (!ops_shape_is(s1, &n, 1) && !ops_shape_is(s1, one_n, 2))
        return ops_shape_err(op, "commQuantScale1Optional", s1, &n, 1);
    if (!ops_same_shape(s1, s2))
        return ops_shape_err(op, "commQuantScale2Optional", s2, s1->dims, (int)s1->ndim);
    if ((rc = mc2_dense(op, "commQuantScale1Optional", s1)) ||
        (rc = mc2_dense(op, "commQuantScale2Optional", s2)))
        return rc;
    struct aclOpExecutor *e;
    if ((rc =
             quant_all_reduce(op, OPS_DT_QuantMatmulAllReduceV3, OPS_DT2_QuantMatmulAllReduceV3, x1,
                              x2, biasOptional, x3Optional, dequantScale, pertokenScaleOptional,
                              group, reduceOp, commTurn, streamMode, output, workspaceSize, &e)))
        return rc;
    struct mc2_plan *p = e->plan;
    const int64_t rows = ops_numel(output->dims, (int)output->ndim - 1);
    if (rows % p->ranks) {
        rc = ops_err(ACLNN_ERR_PARAM_INVALID,
                     "%s: low-bit communication splits the %lld rows over the group's %u ranks: "
                     "not a multiple",
                     op, (long long)rows, p->ranks);
        aclDestroyAclOpExecutor(e);
        return rc;
    }
    /* the plain V2 chain ended with the all-reduce (coll_at == nsteps): replaced */
    if ((rc = low_bit(op, p, output, s1, s2, ops_dt_index(output->dtype)))) {
        aclDestroyAclOpExecutor(e);
        return rc;
    }
    *executor = e;
    return ACLNN_SUCCESS;
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
    aclnnStatus rc =
        qc_begin(op, OPS_DT_WeightQuantMatmulAllReduce, OPS_DT2_WeightQuantMatmulAllReduce,
                 OPS_DT_WeightQuantMatmulAllReduce, x1, x2, x3, group, reduceOp, commTurn,
                 streamMode, output, &e, &x1v, &ov, &odt);
    if (rc)
        return rc;
    uint64_t ws = 0;
    aclOpExecutor *s = NULL;
    rc = mc2_step(op, e->plan,
                  aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(
                      x1v, x2, antiquantScale, antiquantOffset, NULL, NULL, bias,
                      (int)antiquantGroupSize, ov, &ws, &s),
                  &s);
    return qc_finish(op, e, rc, x3, output, workspaceSize, executor);
}
MC2_PHASE2(WeightQuantMatmulAllReduce)
