/* SPDX-License-Identifier: Apache-2.0 */
/*
 * FusedCrossEntropyLossWithMaxSum: the last step of the vocabulary-parallel cross entropy
 * (Megatron's), after the per-row maximum, the sum of exponentials and the target's logit
 * were reduced across the vocabulary's shards.
 *
 *  FC1. lossOut[r] = log(sumExpLogits[r]) - predictedLogits[r] (all (BT,) FLOAT);
 *      with vocabParallelLogitsOptional (BT, V) given, softMaxOutOptional (BT, V) FLOAT =
 *      exp(vocabParallelLogits[r][v] - logitsMax[r]) / sumExpLogits[r]. In double, one
 *      rounding.
 *  FC2. CANN's limits: labelSmoothing must be 0 (161002 otherwise); inputOptional and
 *      weightOptional are not used (its docs want them NULL, its checks ignore them and its
 *      example passes tensors); softMaxOutOptional is needed (161001) when
 *      vocabParallelLogitsOptional is given and ignored otherwise.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_fused_cross_entropy_loss_with_max_sum.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

#define FCE "aclnnFusedCrossEntropyLossWithMaxSum"

enum { FMX, FSE, FPL, FVL, FLO, FSM, FN };

struct fce_plan {
    struct ops_tensor t[FN];
    bool soft;
    int64_t R, V;
};

static int32_t fce_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fce_plan *p = e->plan;
    const int64_t R = p->R, V = p->V;
    double *mx = malloc((size_t)(3 * R + 1) * sizeof(double)), *se = mx + R, *pl = se + R;
    double *row = p->soft ? malloc((size_t)(V + 1) * sizeof(double)) : NULL;
    if (!mx || (p->soft && !row)) {
        free(mx);
        free(row);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *t = p->t;
    double *const in[3] = {mx, se, pl};
    for (int k = 0; k < 3; k++)
        ops_gather_nd(in[k], CK_F64, ops_base(&t[k], addr), t[k].dt, 1, t[k].dims, t[k].strides);
    if (p->soft) { /* FC1 */
        ops_load_fn ld = ops_loader(CK_F64, t[FVL].dt);
        ops_store_fn st = ops_storer(CK_F64, t[FSM].dt);
        const int64_t ev = ops_dt_size(t[FVL].dt), es = ops_dt_size(t[FSM].dt);
        for (int64_t r = 0; r < R; r++) {
            ld(row, ops_base(&t[FVL], addr) + r * t[FVL].strides[0] * ev, t[FVL].strides[1] * ev,
               V);
            for (int64_t v = 0; v < V; v++)
                row[v] = exp(row[v] - mx[r]) / se[r];
            st(ops_base(&t[FSM], addr) + r * t[FSM].strides[0] * es, t[FSM].strides[1] * es, row,
               V);
        }
    }
    for (int64_t r = 0; r < R; r++)
        mx[r] = log(se[r]) - pl[r];
    ops_scatter_nd(mx, CK_F64, ops_base(&t[FLO], addr), t[FLO].dt, 1, t[FLO].dims, t[FLO].strides);
    free(mx);
    free(row);
    return ACL_SUCCESS;
}

aclnnStatus aclnnFusedCrossEntropyLossWithMaxSumGetWorkspaceSize(
    const aclTensor *logitsMax, const aclTensor *sumExpLogits, const aclTensor *predictedLogits,
    float labelSmoothing, const aclTensor *inputOptional, const aclTensor *weightOptional,
    const aclTensor *vocabParallelLogitsOptional, aclTensor *lossOut, aclTensor *softMaxOutOptional,
    WS)
{
    OPS_CHECK_NULLS(FCE, workspaceSize, executor, logitsMax, sumExpLogits, predictedLogits,
                    lossOut);
    if (vocabParallelLogitsOptional)
        OPS_CHECK_NULL(FCE, softMaxOutOptional);
    const bool soft = vocabParallelLogitsOptional != NULL;
    const aclTensor *in[FN] = {logitsMax,       sumExpLogits,
                               predictedLogits, vocabParallelLogitsOptional,
                               lossOut,         soft ? softMaxOutOptional : NULL};
    static const char *const nm[FN] = {"logitsMax",           "sumExpLogits", "predictedLogits",
                                       "vocabParallelLogits", "lossOut",      "softMaxOut"};
    aclnnStatus rc;
    for (int i = 0; i < FN; i++)
        if (in[i] && (rc = ops_check_dims(in[i], FCE, nm[i])))
            return rc;
    if (labelSmoothing != 0.0f) /* FC2 */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: labelSmoothing is %g (only 0 is supported)",
                       FCE, (double)labelSmoothing);
    (void)inputOptional, (void)weightOptional; /* FC2 */
    for (int i = 0; i < FN; i++) {
        if (!in[i])
            continue;
        const bool ok = i == FVL ? ops_dt_in(in[i]->dtype, OPS_DT2_FusedCrossEntropyLossWithMaxSum)
                                 : ops_dt_in(in[i]->dtype, OPS_DT_FusedCrossEntropyLossWithMaxSum);
        if (!ok)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s (%s)", FCE, nm[i],
                           ops_dt_name(in[i]->dtype),
                           i == FVL ? "FLOAT, FLOAT16 or BFLOAT16" : "FLOAT");
    }
    if (logitsMax->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: logitsMax has %u dims, (BT,) wanted", FCE,
                       logitsMax->ndim);
    const int64_t R = logitsMax->dims[0], r1[1] = {R};
    for (int i = FSE; i <= FLO; i++)
        if (i != FVL && !ops_shape_is(in[i], r1, 1))
            return ops_shape_err(FCE, nm[i], in[i], r1, 1);
    int64_t V = 0;
    if (soft) {
        if (vocabParallelLogitsOptional->ndim != 2 || vocabParallelLogitsOptional->dims[0] != R)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: vocabParallelLogits must be (BT = %lld, "
                           "V)",
                           FCE, (long long)R);
        V = vocabParallelLogitsOptional->dims[1];
        if ((rc = ops_check_shape(FCE, vocabParallelLogitsOptional->dims, 2, softMaxOutOptional,
                                  "softMaxOut")))
            return rc;
    }
    OPS_PLAN(e, p, FCE, 4, soft ? 2 : 1, struct fce_plan, NULL,
             {&p->t[FMX], logitsMax, "logitsMax"}, {&p->t[FSE], sumExpLogits, "sumExpLogits"},
             {&p->t[FPL], predictedLogits, "predictedLogits"},
             {&p->t[FVL], vocabParallelLogitsOptional, "vocabParallelLogits"},
             {&p->t[FLO], lossOut, "lossOut"},
             {soft ? &p->t[FSM] : NULL, soft ? softMaxOutOptional : NULL, "softMaxOut"});
    p->soft = soft;
    p->R = R, p->V = V;
    e->run = fce_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(FusedCrossEntropyLossWithMaxSum)
