/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The MoE gate of ops-transformer's moe/: MoeGatingTopKSoftmax and V2, MoeGatingTopK. Per row
 * of x ([rows, E] or [b, s, E]: E experts) a norm and a top-k, computed in double.
 *
 *  GK1. MoeGatingTopKSoftmax (CANN's README formulas): yOut, expertIdxOut = topK(softmax(x), k)
 *      over the last dim, in descending order, equal values by the lower expert first (an open
 *      guess: CANN's sort order on ties is not documented); rowIdxOut[r, j] = j * rows + r
 *      (arange(rows * k) as [k, rows], transposed). V2 with renorm 0 is the same without
 *      rowIdxOut; renorm 1 takes the top k of x itself and yOut = softmax of those k values.
 *      NaN counts as the largest value (torch.topk's order).
 *  GK2. finishedOptional (BOOL, x's shape without the last dim): a true row gets E in every
 *      expertIdxOut position; its yOut (and rowIdxOut) are computed as for any row (CANN's
 *      README speaks of the expert numbers only).
 *  GK3. k in [1, min(E, 1024)] (CANN's infershape), renorm 0 or 1, else 161002. V2's
 *      softmaxResultOutOptional (FLOAT, x's shape) receives softmax(x) when
 *      outputSoftmaxResultFlag and renorm is 0; with renorm 1 there is no full softmax and it
 *      is not written (an open guess; it may then be NULL).
 *  GK4. MoeGatingTopK (CANN's doc and kernel): normOut = softmax (normType 0) or sigmoid (1) of
 *      the row; the choice scores are normOut + bias (bias NULL: normOut); the E experts form
 *      groupCount groups of E / groupCount, each scored by its largest choice score
 *      (groupSelectMode 0) or the sum of its two largest (1); the kGroup best groups (ties: the
 *      lower group) are kept and the top k experts among them by choice score (ties: the lower
 *      expert) are expertIdxOut. yOut = their normOut (without bias: the kernel gathers the
 *      norm), divided by (their sum + eps) for the sigmoid only, times routedScalingFactor;
 *      outOut = normOut (FLOAT) when outFlag (outOut may be NULL otherwise).
 *  GK5. MoeGatingTopK's value checks return 561002 (ACLNN_ERR_INNER_TILING_ERROR, CANN's code
 *      for them): x not [rows, E] with E <= 2048, bias not [E], groupCount <= 0 or not dividing
 *      E, a group smaller than 2 for groupSelectMode 1, kGroup outside [1, groupCount], k
 *      outside [1, E / groupCount * kGroup], renorm other than 0, normType or groupSelectMode
 *      other than 0 and 1; types and the outputs' shapes are 161002.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_moe_gating_top_k.h"
#include "aclnnop/aclnn_moe_gating_top_k_softmax.h"
#include "aclnnop/aclnn_moe_gating_top_k_softmax_v2.h"
#include "ops/engine/engine.h"
#include "ops/moe/moe.h"
#include "ops/moe/table.h"

/* CANN's ceiling of k (GK3). */
#define GK_MAX_K 1024

struct gk_plan {
    struct ops_tensor x, fin, y, idx, row, sm;
    int64_t k;
    bool v2, renorm, has_fin, has_row, has_sm;
};

/* a before b in the top-k order (GK1): larger first, NaN largest. */
static bool gk_above(double a, double b)
{
    return isnan(a) ? !isnan(b) : a > b;
}

/* The softmax of v[0..n) into o[0..n). */
static void gk_softmax(double *o, const double *v, int64_t n)
{
    double top = -INFINITY, sum = 0;
    for (int64_t i = 0; i < n; i++)
        top = v[i] > top ? v[i] : top;
    for (int64_t i = 0; i < n; i++)
        sum += o[i] = exp(v[i] - top);
    for (int64_t i = 0; i < n; i++)
        o[i] /= sum;
}

/* The top k of v[0..n) (GK1's order) into pick[0..k); taken[] is scratch of n flags. */
static void gk_topk(int64_t *pick, const double *v, int64_t n, int64_t k, unsigned char *taken)
{
    for (int64_t i = 0; i < n; i++)
        taken[i] = 0;
    for (int64_t j = 0; j < k; j++) {
        int64_t best = -1;
        for (int64_t i = 0; i < n; i++)
            if (!taken[i] && (best < 0 || gk_above(v[i], v[best])))
                best = i;
        taken[best] = 1;
        pick[j] = best;
    }
}

static int32_t gk_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gk_plan *p = e->plan;
    const int64_t n = p->x.dims[p->x.ndim - 1], rows = p->x.numel / n, k = p->k;
    double *x = moe_load(&p->x, addr, CK_F64);
    int64_t *fin = p->has_fin ? moe_load(&p->fin, addr, CK_I64) : NULL;
    double *sm = malloc((size_t)p->x.numel * 8), *y = malloc((size_t)rows * k * 8),
           *kv = malloc((size_t)k * 8);
    int64_t *idx = malloc((size_t)rows * k * 8), *row = malloc((size_t)rows * k * 8);
    unsigned char *taken = malloc((size_t)n);
    int32_t rc = 0;
    if (!x || (p->has_fin && !fin) || !sm || !y || !kv || !idx || !row || !taken) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    for (int64_t r = 0; r < rows; r++) {
        const double *xr = x + r * n;
        double *smr = sm + r * n, *yr = y + r * k;
        int64_t *ir = idx + r * k;
        if (!p->renorm) {
            gk_softmax(smr, xr, n);
            gk_topk(ir, smr, n, k, taken);
            for (int64_t j = 0; j < k; j++)
                yr[j] = smr[ir[j]];
        } else {
            gk_topk(ir, xr, n, k, taken);
            for (int64_t j = 0; j < k; j++)
                kv[j] = xr[ir[j]];
            gk_softmax(yr, kv, k);
        }
        for (int64_t j = 0; j < k; j++) {
            row[r * k + j] = j * rows + r;
            if (fin && fin[r])
                ir[j] = n; /* GK2 */
        }
    }
    moe_store(&p->y, addr, y, CK_F64);
    moe_store(&p->idx, addr, idx, CK_I64);
    if (p->has_row)
        moe_store(&p->row, addr, row, CK_I64);
    if (p->has_sm)
        moe_store(&p->sm, addr, sm, CK_F64);
out:
    free(x);
    free(fin);
    free(sm);
    free(y);
    free(kv);
    free(idx);
    free(row);
    free(taken);
    return rc;
}

/* The checks both forms share; *outk gets x's shape with the last dim k. */
static aclnnStatus gk_check(const char *name, unsigned mask, unsigned mask2, const aclTensor *x,
                            const aclTensor *fin, int64_t k, const aclTensor *y,
                            const aclTensor *idx, const aclTensor *row, int64_t *outk)
{
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_need_dt(name, "x", x->dtype, mask, &dt)))
        return rc;
    if (x->ndim != 2 && x->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims, it must have 2 or 3", name,
                       (int)x->ndim);
    const int nd = x->ndim;
    const int64_t e = x->dims[nd - 1];
    if (k < 1 || k > GK_MAX_K || k > e)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: k is %lld, it must be in [1, min(E, %d)] (E = %lld experts)", name,
                       (long long)k, GK_MAX_K, (long long)e);
    for (int i = 0; i < nd; i++)
        outk[i] = x->dims[i];
    outk[nd - 1] = k;
    if (fin && ((rc = ops_check_dims(fin, name, "finishedOptional")) ||
                (rc = ops_check_shape(name, x->dims, nd - 1, fin, "finishedOptional"))))
        return rc;
    if (fin && fin->dtype != ACL_BOOL)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: finishedOptional has type %s (BOOL only)",
                       name, ops_dt_name(fin->dtype));
    if ((rc = ops_check_dims(y, name, "yOut")) || (rc = ops_check_shape(name, outk, nd, y, "yOut")))
        return rc;
    if (y->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: yOut has type %s, x %s (they must match)",
                       name, ops_dt_name(y->dtype), ops_dt_name(x->dtype));
    const aclTensor *ints[2] = {idx, row};
    const char *what[2] = {"expertIdxOut", "rowIdxOut"};
    for (int i = 0; i < 2; i++) {
        if (!ints[i])
            continue;
        if ((rc = ops_check_dims(ints[i], name, what[i])) ||
            (rc = ops_need_dt(name, what[i], ints[i]->dtype, mask2, &dt)) ||
            (rc = ops_check_shape(name, outk, nd, ints[i], what[i])))
            return rc;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus
aclnnMoeGatingTopKSoftmaxGetWorkspaceSize(const aclTensor *x, const aclTensor *finishedOptional,
                                          int64_t k, const aclTensor *yOut,
                                          const aclTensor *expertIdxOut, const aclTensor *rowIdxOut,
                                          uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeGatingTopKSoftmax";
    OPS_CHECK_NULLS(name, x, yOut, expertIdxOut, rowIdxOut, workspaceSize, executor);
    int64_t outk[3];
    aclnnStatus rc = gk_check(name, OPS_DT_MoeGatingTopKSoftmax, OPS_DT2_MoeGatingTopKSoftmax, x,
                              finishedOptional, k, yOut, expertIdxOut, rowIdxOut, outk);
    if (rc)
        return rc;
    OPS_PLAN(e, pl, name, 2, 3, struct gk_plan, NULL, {&pl->x, x, "x"},
             {&pl->fin, finishedOptional, "finishedOptional"}, {&pl->y, yOut, "yOut"},
             {&pl->idx, expertIdxOut, "expertIdxOut"}, {&pl->row, rowIdxOut, "rowIdxOut"});
    pl->k = k;
    pl->has_fin = finishedOptional != NULL;
    pl->has_row = true;
    e->run = pl->x.numel ? gk_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeGatingTopKSoftmax)

aclnnStatus aclnnMoeGatingTopKSoftmaxV2GetWorkspaceSize(
    const aclTensor *x, const aclTensor *finishedOptional, int64_t k, int64_t renorm,
    bool outputSoftmaxResultFlag, const aclTensor *yOut, const aclTensor *expertIdxOut,
    const aclTensor *softmaxResultOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeGatingTopKSoftmaxV2";
    OPS_CHECK_NULLS(name, x, yOut, expertIdxOut, workspaceSize, executor);
    if (renorm != 0 && renorm != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: renorm is %lld, it must be 0 or 1", name,
                       (long long)renorm);
    const bool want_sm = outputSoftmaxResultFlag && renorm == 0;
    if (want_sm && !softmaxResultOutOptional)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: softmaxResultOutOptional is NULL and outputSoftmaxResultFlag is true",
                       name);
    int64_t outk[3];
    aclnnStatus rc = gk_check(name, OPS_DT_MoeGatingTopKSoftmaxV2, OPS_DT2_MoeGatingTopKSoftmaxV2,
                              x, finishedOptional, k, yOut, expertIdxOut, NULL, outk);
    if (rc)
        return rc;
    if (want_sm &&
        ((rc = ops_check_dims(softmaxResultOutOptional, name, "softmaxResultOutOptional")) ||
         (rc = ops_check_shape(name, x->dims, x->ndim, softmaxResultOutOptional,
                               "softmaxResultOutOptional"))))
        return rc;
    if (want_sm && softmaxResultOutOptional->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: softmaxResultOutOptional has type %s (FLOAT only)", name,
                       ops_dt_name(softmaxResultOutOptional->dtype));
    OPS_PLAN(e, pl, name, 2, 3, struct gk_plan, NULL, {&pl->x, x, "x"},
             {&pl->fin, finishedOptional, "finishedOptional"}, {&pl->y, yOut, "yOut"},
             {&pl->idx, expertIdxOut, "expertIdxOut"},
             {&pl->sm, want_sm ? softmaxResultOutOptional : NULL, "softmaxResultOutOptional"});
    pl->k = k;
    pl->v2 = true;
    pl->renorm = renorm == 1;
    pl->has_fin = finishedOptional != NULL;
    pl->has_sm = want_sm;
    e->run = pl->x.numel ? gk_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeGatingTopKSoftmaxV2)

/* ---- MoeGatingTopK ----------------------------------------------------------------------- */

/* CANN's ceiling of the experts (GK5). */
#define GK_MAX_EXPERTS 2048

struct gt_plan {
    struct ops_tensor x, bias, y, idx, out;
    int64_t k, kgroup, groups, mode, norm;
    bool has_bias, has_out;
    double scale, eps;
};

/* One row (GK4): x -> norm (n), sc (choice scores), gsc (group scores), pick (k experts), y. */
static void gt_row(const struct gt_plan *p, const double *x, const double *bias, double *norm,
                   double *sc, double *gsc, int64_t *gpick, unsigned char *taken, int64_t *pick,
                   double *y, int64_t n)
{
    if (p->norm == 0)
        gk_softmax(norm, x, n);
    else
        for (int64_t i = 0; i < n; i++)
            norm[i] = 1 / (1 + exp(-x[i]));
    for (int64_t i = 0; i < n; i++)
        sc[i] = norm[i] + (bias ? bias[i] : 0);
    const int64_t gs = n / p->groups;
    for (int64_t g = 0; g < p->groups; g++) {
        const double *v = sc + g * gs;
        int64_t top2[2];
        gk_topk(top2, v, gs, p->mode ? 2 : 1, taken);
        gsc[g] = p->mode ? v[top2[0]] + v[top2[1]] : v[top2[0]];
    }
    gk_topk(gpick, gsc, p->groups, p->kgroup, taken);
    /* the experts of the groups not kept drop out: -inf never ranks above a kept one */
    for (int64_t i = 0; i < n; i++)
        taken[i] = 1;
    for (int64_t j = 0; j < p->kgroup; j++)
        for (int64_t i = 0; i < gs; i++)
            taken[gpick[j] * gs + i] = 0;
    for (int64_t i = 0; i < n; i++)
        if (taken[i])
            sc[i] = -INFINITY;
    gk_topk(pick, sc, n, p->k, taken);
    double sum = 0;
    for (int64_t j = 0; j < p->k; j++)
        sum += y[j] = norm[pick[j]];
    for (int64_t j = 0; j < p->k; j++)
        y[j] = (p->norm == 1 ? y[j] / (sum + p->eps) : y[j]) * p->scale;
}

static int32_t gt_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gt_plan *p = e->plan;
    const int64_t n = p->x.dims[1], rows = p->x.dims[0], k = p->k;
    double *x = moe_load(&p->x, addr, CK_F64);
    double *bias = p->has_bias ? moe_load(&p->bias, addr, CK_F64) : NULL;
    double *norm = malloc((size_t)(rows * n) * 8), *sc = malloc((size_t)n * 8),
           *gsc = malloc((size_t)p->groups * 8), *y = malloc((size_t)(rows * k) * 8);
    int64_t *pick = malloc((size_t)(rows * k) * 8), *gpick = malloc((size_t)p->groups * 8);
    unsigned char *taken = malloc((size_t)n);
    int32_t rc = 0;
    if (!x || (p->has_bias && !bias) || !norm || !sc || !gsc || !y || !pick || !gpick || !taken) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    for (int64_t r = 0; r < rows; r++)
        gt_row(p, x + r * n, bias, norm + r * n, sc, gsc, gpick, taken, pick + r * k, y + r * k, n);
    moe_store(&p->y, addr, y, CK_F64);
    moe_store(&p->idx, addr, pick, CK_I64);
    if (p->has_out)
        moe_store(&p->out, addr, norm, CK_F64);
out:
    free(x);
    free(bias);
    free(norm);
    free(sc);
    free(gsc);
    free(y);
    free(pick);
    free(gpick);
    free(taken);
    return rc;
}

aclnnStatus aclnnMoeGatingTopKGetWorkspaceSize(
    const aclTensor *x, const aclTensor *biasOptional, int64_t k, int64_t kGroup,
    int64_t groupCount, int64_t groupSelectMode, int64_t renorm, int64_t normType, bool outFlag,
    double routedScalingFactor, double eps, const aclTensor *yOut, const aclTensor *expertIdxOut,
    const aclTensor *outOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeGatingTopK";
    OPS_CHECK_NULLS(name, x, yOut, expertIdxOut, workspaceSize, executor);
    if (outFlag && !outOut)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: outOut is NULL and outFlag is true", name);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, name, "x")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_MoeGatingTopK, &dt)))
        return rc;
    if (biasOptional &&
        ((rc = ops_check_dims(biasOptional, name, "biasOptional")) ||
         (rc = ops_need_dt(name, "biasOptional", biasOptional->dtype, OPS_DT_MoeGatingTopK, &dt))))
        return rc;
    if (x->ndim != 2 || x->dims[1] > GK_MAX_EXPERTS)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: x must be [rows, E] with E <= %d experts (it has %d dims)", name,
                       GK_MAX_EXPERTS, (int)x->ndim);
    const int64_t n = x->dims[1];
    if (biasOptional && (biasOptional->ndim != 1 || biasOptional->dims[0] != n))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: biasOptional must be [E] = [%lld]", name,
                       (long long)n);
    if (groupSelectMode != 0 && groupSelectMode != 1)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: groupSelectMode is %lld, it must be 0 or 1", name,
                       (long long)groupSelectMode);
    if (renorm != 0)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: renorm is %lld, only 0 is supported",
                       name, (long long)renorm);
    if (normType != 0 && normType != 1)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: normType is %lld, it must be 0 or 1",
                       name, (long long)normType);
    if (groupCount <= 0 || n % groupCount || n / groupCount < (groupSelectMode ? 2 : 1))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: groupCount is %lld, it must divide E = %lld into groups of at least "
                       "%d",
                       name, (long long)groupCount, (long long)n, groupSelectMode ? 2 : 1);
    if (kGroup < 1 || kGroup > groupCount)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: kGroup is %lld, it must be in [1, %lld]",
                       name, (long long)kGroup, (long long)groupCount);
    if (k < 1 || k > n / groupCount * kGroup)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: k is %lld, it must be in [1, E / groupCount * kGroup = %lld]", name,
                       (long long)k, (long long)(n / groupCount * kGroup));
    const int64_t yd[2] = {x->dims[0], k};
    if ((rc = ops_check_dims(yOut, name, "yOut")) ||
        (rc = ops_check_shape(name, yd, 2, yOut, "yOut")) ||
        (rc = ops_check_dims(expertIdxOut, name, "expertIdxOut")) ||
        (rc = ops_need_dt(name, "expertIdxOut", expertIdxOut->dtype, OPS_DT2_MoeGatingTopK, &dt)) ||
        (rc = ops_check_shape(name, yd, 2, expertIdxOut, "expertIdxOut")))
        return rc;
    if (yOut->dtype != x->dtype || (biasOptional && biasOptional->dtype != x->dtype))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: yOut has type %s, biasOptional %s, x %s (they must match)", name,
                       ops_dt_name(yOut->dtype),
                       biasOptional ? ops_dt_name(biasOptional->dtype) : "none",
                       ops_dt_name(x->dtype));
    if (outFlag && ((rc = ops_check_dims(outOut, name, "outOut")) ||
                    (rc = ops_check_shape(name, x->dims, 2, outOut, "outOut"))))
        return rc;
    if (outFlag && outOut->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outOut has type %s (FLOAT only)", name,
                       ops_dt_name(outOut->dtype));
    OPS_PLAN(e, pl, name, 2, 3, struct gt_plan, NULL, {&pl->x, x, "x"},
             {&pl->bias, biasOptional, "biasOptional"}, {&pl->y, yOut, "yOut"},
             {&pl->idx, expertIdxOut, "expertIdxOut"},
             {&pl->out, outFlag ? outOut : NULL, "outOut"});
    pl->k = k;
    pl->kgroup = kGroup;
    pl->groups = groupCount;
    pl->mode = groupSelectMode;
    pl->norm = normType;
    pl->has_bias = biasOptional != NULL;
    pl->has_out = outFlag;
    pl->scale = routedScalingFactor;
    pl->eps = eps;
    e->run = pl->x.numel ? gt_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeGatingTopK)
