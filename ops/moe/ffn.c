/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops-transformer's FFN (ffn/ffn): the feed-forward network of a transformer block, per expert
 * when expert token counts are given (MoE FFN): FFN, FFNV2, FFNV3. Both products go through the
 * BLAS (cblas_sgemm, ops_blas_sgemm) in float32.
 *
 *  FF1. y = activation(x @ weight1 + bias1) @ weight2 + bias2 (CANN's README, the unquantised
 *      case), x's leading dims flattened into M rows. Without expert tokens the weights are
 *      [K1, N1] and [N1, K1] (CANN: N1 = K2, K1 = N2) and the biases [N1], [K1]; with them
 *      [E, K1, N1], [E, N1, K1], [E, N1], [E, K1], and rows [start_e, end_e) use expert e. The
 *      hidden activations are rounded to x's type before the second product (the NPU keeps
 *      them in x's type: an open guess on the exact rounding points), the result on the store.
 *  FF2. activation: "relu", "gelu" (the tanh form, as CANN's Gelu), "fastgelu"
 *      (x * sigmoid(1.702 x)) or "silu"; the GLU forms ("geglu", "swiglu", "reglu") and the
 *      quantised and pseudo-quantised cases (any of scale ... antiquantOffset2 given) are
 *      refused with 161002. innerPrecise is a precision hint: any value is accepted.
 *  FF3. Expert tokens: FFN and FFNV2 take an aclIntArray (copied at the first phase, checked
 *      there: non-negative counts summing to M, or with FFNV2's tokensIndexFlag non-decreasing
 *      ends whose last is M; else 161002); FFNV3 an INT64 tensor [E] read at launch with the
 *      same rule (else the launch fails with ACL_ERROR_RT_AICORE_EXCEPTION before any write).
 *      At most 256 experts (CANN's limit).
 */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_ffn.h"
#include "aclnnop/aclnn_ffn_v2.h"
#include "aclnnop/aclnn_ffn_v3.h"
#include "ops/engine/engine.h"
#include "ops/moe/moe.h"
#include "ops/moe/table.h"

/* CANN's ceiling of the experts (FF3). */
#define FF_MAX_EXPERTS 256

typedef __typeof__(cblas_sgemm) ff_sgemm_fn;

enum { FF_RELU, FF_GELU, FF_FASTGELU, FF_SILU };

struct ff_plan {
    ff_sgemm_fn *gemm;
    struct ops_tensor x, w1, w2, b1, b2, et, y;
    int64_t m, k1, n1, e; /* e: experts (0: none) */
    int64_t *ends;        /* the host array's ends (FF3), or NULL */
    int act;
    bool has_b1, has_b2, has_et, index_flag;
};

static void ff_free(struct aclOpExecutor *e)
{
    struct ff_plan *p = e->plan;
    if (p)
        free(p->ends);
    free(p);
}

static float ff_act(float v, int act)
{
    switch (act) {
    case FF_RELU:
        return v > 0 ? v : 0;
    case FF_GELU:
        return 0.5f * v * (1 + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
    case FF_FASTGELU:
        return v / (1 + expf(-1.702f * v));
    default:
        return v / (1 + expf(-v));
    }
}

/* Expert g's [rows, n] block (rows 1: a vector) of a parameter with a leading expert dim
 * (lead 1) or without (lead 0), as floats at dst. */
static void ff_rows(float *dst, const struct ops_tensor *t, void *const *addr, int lead, int64_t g,
                    int64_t rows, int64_t n)
{
    const unsigned es = ops_dt_size(t->dt);
    const char *b = ops_base(t, addr) + (lead ? g * t->strides[0] * es : 0);
    const int64_t d[2] = {rows, n}, s[2] = {t->strides[lead], t->strides[t->ndim - 1]};
    ops_gather_nd(dst, CK_F32, b, t->dt, rows == 1 ? 1 : 2, rows == 1 ? d + 1 : d,
                  rows == 1 ? s + 1 : s);
}

static int32_t ff_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ff_plan *p = e->plan;
    const int64_t m = p->m, k1 = p->k1, n1 = p->n1, ne = p->e ? p->e : 1;
    const int lead = p->e ? 1 : 0;
    int64_t *ends = malloc((size_t)ne * sizeof(int64_t));
    float *X = malloc((size_t)(m * k1 + 1) * sizeof(float)),
          *H = malloc((size_t)(m * n1 + 1) * sizeof(float)),
          *Y = malloc((size_t)(m * k1 + 1) * sizeof(float)),
          *W1 = malloc((size_t)(k1 * n1 + 1) * sizeof(float)),
          *W2 = malloc((size_t)(n1 * k1 + 1) * sizeof(float)),
          *B = malloc((size_t)(n1 + k1 + 1) * sizeof(float));
    int32_t rc = 0;
    if (!ends || !X || !H || !Y || !W1 || !W2 || !B) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    if (!p->e)
        ends[0] = m;
    else if (p->ends)
        memcpy(ends, p->ends, (size_t)ne * sizeof(int64_t));
    else { /* FF3: the device tensor, checked before any write */
        ops_gather_nd(ends, CK_I64, ops_base(&p->et, addr), p->et.dt, 1, p->et.dims, p->et.strides);
        for (int64_t g = 1; !p->index_flag && g < ne; g++)
            ends[g] += ends[g - 1];
        for (int64_t g = 0, prev = 0; g < ne; prev = ends[g], g++)
            if (ends[g] < prev || ends[g] > m || (g == ne - 1 && ends[g] != m) ||
                (!p->index_flag && g == 0 && ends[0] < 0)) {
                rc = ACL_ERROR_RT_AICORE_EXCEPTION;
                goto out;
            }
    }
    const int64_t xd[2] = {m, k1},
                  xs[2] = {p->x.strides[p->x.ndim - 2], p->x.strides[p->x.ndim - 1]};
    /* x's leading dims are one run of rows when its view is dense over them (checked in phase 1) */
    ops_gather_nd(X, CK_F32, ops_base(&p->x, addr), p->x.dt, 2, xd, xs);
    for (int64_t g = 0, r0 = 0; g < ne; r0 = ends[g], g++) {
        const int64_t rows = ends[g] - r0;
        if (rows <= 0)
            continue;
        ff_rows(W1, &p->w1, addr, lead, g, k1, n1);
        ff_rows(W2, &p->w2, addr, lead, g, n1, k1);
        p->gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)rows, (blasint)n1, (blasint)k1,
                1.0f, X + r0 * k1, (blasint)k1, W1, (blasint)n1, 0.0f, H + r0 * n1, (blasint)n1);
        if (p->has_b1)
            ff_rows(B, &p->b1, addr, lead, g, 1, n1);
        for (int64_t r = 0; r < rows; r++)
            for (int64_t c = 0; c < n1; c++)
                H[(r0 + r) * n1 + c] =
                    ff_act(H[(r0 + r) * n1 + c] + (p->has_b1 ? B[c] : 0.0f), p->act);
        ops_round_f32(H + r0 * n1, rows * n1, p->x.dt); /* FF1: hidden in x's type */
        p->gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)rows, (blasint)k1, (blasint)n1,
                1.0f, H + r0 * n1, (blasint)n1, W2, (blasint)k1, 0.0f, Y + r0 * k1, (blasint)k1);
        if (p->has_b2) {
            ff_rows(B, &p->b2, addr, lead, g, 1, k1);
            for (int64_t r = 0; r < rows; r++)
                for (int64_t c = 0; c < k1; c++)
                    Y[(r0 + r) * k1 + c] += B[c];
        }
    }
    const int64_t ys[2] = {p->y.strides[p->y.ndim - 2], p->y.strides[p->y.ndim - 1]};
    ops_scatter_nd(Y, CK_F32, ops_base(&p->y, addr), p->y.dt, 2, xd, ys);
out:
    free(ends);
    free(X);
    free(H);
    free(Y);
    free(W1);
    free(W2);
    free(B);
    return rc;
}

/* t's leading dims (all but the last) form one run of rows: stride[i] = stride[i + 1] * dim[i +
 * 1] over them, so [M, K] with the last two strides addresses it. */
static bool ff_rows_dense(const aclTensor *t)
{
    for (int i = 0; i + 2 < (int)t->ndim; i++)
        if (t->dims[i] > 1 && t->strides[i] != t->strides[i + 1] * t->dims[i + 1])
            return false;
    return true;
}

static aclnnStatus ff_setup(const char *name, unsigned mask, unsigned mask2, const aclTensor *x,
                            const aclTensor *weight1, const aclTensor *weight2,
                            const aclIntArray *et_arr, const aclTensor *et, const aclTensor *b1,
                            const aclTensor *b2, const aclTensor *const quant[8],
                            const char *activation, bool index_flag, const aclTensor *y,
                            uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, x, weight1, weight2, activation, y, workspaceSize, executor);
    const aclTensor *w1 = weight1, *w2 = weight2;
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < 8; i++)
        if (quant[i])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: the quantised and pseudo-quantised cases (scale, offset, "
                           "deqScale1/2, antiquantScale1/2, antiquantOffset1/2) are not supported "
                           "by cpuacl",
                           name);
    static const char *const acts[] = {"relu", "gelu", "fastgelu", "silu"};
    int act = -1;
    for (int i = 0; i < 4; i++)
        if (!strcmp(activation, acts[i]))
            act = i;
    if (act < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: activation \"%s\" (relu, gelu, fastgelu or silu; the GLU forms are "
                       "not supported by cpuacl)",
                       name, activation);
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_need_dt(name, "x", x->dtype, mask, &dt)) ||
        (rc = ops_check_dims(w1, name, "weight1")) || (rc = ops_check_dims(w2, name, "weight2")) ||
        (rc = ops_check_dims(y, name, "y")))
        return rc;
    if (x->ndim < 2 || !ff_rows_dense(x) || !ff_rows_dense(y))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x must be [..., K1] with 2 to 8 dims whose leading dims are one run "
                       "of rows (so must y)",
                       name);
    if (w1->dtype != x->dtype || w2->dtype != x->dtype || y->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight1 (%s), weight2 (%s) and y (%s) must have x's type %s", name,
                       ops_dt_name(w1->dtype), ops_dt_name(w2->dtype), ops_dt_name(y->dtype),
                       ops_dt_name(x->dtype));
    const bool experts = et_arr || et;
    const uint32_t wd = experts ? 3 : 2;
    if (w1->ndim != wd || w2->ndim != wd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight1 and weight2 must have %u dims %s expert tokens", name, wd,
                       experts ? "with" : "without");
    const int64_t k1 = x->dims[x->ndim - 1], n1 = w1->dims[wd - 1], ne = experts ? w1->dims[0] : 0,
                  m = k1 ? ops_numel(x->dims, x->ndim) / k1 : 0;
    if (w1->dims[wd - 2] != k1 || w2->dims[wd - 2] != n1 || w2->dims[wd - 1] != k1 ||
        (experts && w2->dims[0] != ne))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight1 must be [%sK1, N1] and weight2 [%sN1, K1] with K1 = %lld "
                       "(x's last dim)",
                       name, experts ? "E, " : "", experts ? "E, " : "", (long long)k1);
    if ((rc = ops_check_shape(name, x->dims, x->ndim, y, "y")))
        return rc;
    const aclTensor *bs[2] = {b1, b2};
    const char *bn[2] = {"bias1", "bias2"};
    for (int i = 0; i < 2; i++) {
        if (!bs[i])
            continue;
        const int64_t want[2] = {ne, i ? k1 : n1};
        if ((rc = ops_check_dims(bs[i], name, bn[i])) ||
            (rc = ops_check_shape(name, experts ? want : want + 1, experts ? 2 : 1, bs[i], bn[i])))
            return rc;
        if (bs[i]->dtype != ACL_FLOAT16 && bs[i]->dtype != ACL_FLOAT)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s (FLOAT16 or FLOAT)", name,
                           bn[i], ops_dt_name(bs[i]->dtype));
    }
    if (experts && (ne < 1 || ne > FF_MAX_EXPERTS))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %lld experts (1 to %d)", name, (long long)ne,
                       FF_MAX_EXPERTS);
    int64_t *ends = NULL;
    if (et_arr) { /* FF3: the host array, checked now */
        if ((int64_t)et_arr->n != ne)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: expertTokens has %llu values, %lld experts", name,
                           (unsigned long long)et_arr->n, (long long)ne);
        ends = malloc((size_t)ne * sizeof(int64_t));
        if (!ends)
            return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
        bool ok = true;
        for (int64_t g = 0, prev = 0; g < ne; prev = ends[g], g++) {
            ends[g] = index_flag ? et_arr->v[g] : prev + et_arr->v[g];
            ok = ok && et_arr->v[g] >= 0 && ends[g] >= prev;
        }
        if (!ok || ends[ne - 1] != m) {
            free(ends);
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: expertTokens must be non-negative %s ending at M = %lld", name,
                           index_flag ? "non-decreasing ends" : "counts summing to, so",
                           (long long)m);
        }
    }
    if (et && ((rc = ops_check_dims(et, name, "expertTokens")) ||
               (rc = ops_need_dt(name, "expertTokens", et->dtype, mask2, &dt)) ||
               (rc = ops_check_shape(name, &ne, 1, et, "expertTokens")))) {
        free(ends);
        return rc;
    }
    void *gp = ops_blas_sgemm(name);
    if (!gp) {
        free(ends);
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    }
    struct aclOpExecutor *e = ops_exec_plan(name, 6, 1, sizeof(struct ff_plan), ff_free);
    if (!e) {
        free(ends);
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    }
    struct ff_plan *p = e->plan;
    p->ends = ends; /* owned by the plan from here (ff_free) */
    if ((rc = OPS_VIEWS(e, {&p->x, x, "x"}, {&p->w1, w1, "weight1"}, {&p->w2, w2, "weight2"},
                        {&p->et, et, "expertTokens"}, {&p->b1, b1, "bias1"}, {&p->b2, b2, "bias2"},
                        {&p->y, y, "y"})))
        return rc;
    memcpy(&p->gemm, &gp, sizeof(p->gemm));
    p->m = m, p->k1 = k1, p->n1 = n1, p->e = ne;
    p->act = act;
    p->has_b1 = b1 != NULL, p->has_b2 = b2 != NULL, p->has_et = et != NULL;
    p->index_flag = index_flag;
    e->run = m * k1 > 0 ? ff_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnFFNGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight1, const aclTensor *weight2,
    const aclIntArray *expertTokens, const aclTensor *bias1, const aclTensor *bias2,
    const aclTensor *scale, const aclTensor *offset, const aclTensor *deqScale1,
    const aclTensor *deqScale2, const aclTensor *antiquantScale1, const aclTensor *antiquantScale2,
    const aclTensor *antiquantOffset1, const aclTensor *antiquantOffset2, const char *activation,
    int64_t innerPrecise, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    (void)innerPrecise; /* FF2: a precision hint */
    const aclTensor *const q[8] = {
        scale,           offset,          deqScale1,        deqScale2,
        antiquantScale1, antiquantScale2, antiquantOffset1, antiquantOffset2};
    return ff_setup("aclnnFFN", OPS_DT_FFN, 0, x, weight1, weight2, expertTokens, NULL, bias1,
                    bias2, q, activation, false, y, workspaceSize, executor);
}
PHASE2(FFN)

aclnnStatus
aclnnFFNV2GetWorkspaceSize(const aclTensor *x, const aclTensor *weight1, const aclTensor *weight2,
                           const aclIntArray *expertTokens, const aclTensor *bias1,
                           const aclTensor *bias2, const aclTensor *scale, const aclTensor *offset,
                           const aclTensor *deqScale1, const aclTensor *deqScale2,
                           const aclTensor *antiquantScale1, const aclTensor *antiquantScale2,
                           const aclTensor *antiquantOffset1, const aclTensor *antiquantOffset2,
                           const char *activation, int64_t innerPrecise, bool tokensIndexFlag,
                           const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    (void)innerPrecise;
    const aclTensor *const q[8] = {
        scale,           offset,          deqScale1,        deqScale2,
        antiquantScale1, antiquantScale2, antiquantOffset1, antiquantOffset2};
    return ff_setup("aclnnFFNV2", OPS_DT_FFNV2, 0, x, weight1, weight2, expertTokens, NULL, bias1,
                    bias2, q, activation, tokensIndexFlag, y, workspaceSize, executor);
}
PHASE2(FFNV2)

aclnnStatus aclnnFFNV3GetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight1, const aclTensor *weight2,
    const aclTensor *expertTokensOptional, const aclTensor *bias1Optional,
    const aclTensor *bias2Optional, const aclTensor *scaleOptional, const aclTensor *offsetOptional,
    const aclTensor *deqScale1Optional, const aclTensor *deqScale2Optional,
    const aclTensor *antiquantScale1Optional, const aclTensor *antiquantScale2Optional,
    const aclTensor *antiquantOffset1Optional, const aclTensor *antiquantOffset2Optional,
    const char *activation, int64_t innerPrecise, bool tokensIndexFlag, const aclTensor *y,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    (void)innerPrecise;
    const aclTensor *const q[8] = {scaleOptional,
                                   offsetOptional,
                                   deqScale1Optional,
                                   deqScale2Optional,
                                   antiquantScale1Optional,
                                   antiquantScale2Optional,
                                   antiquantOffset1Optional,
                                   antiquantOffset2Optional};
    return ff_setup("aclnnFFNV3", OPS_DT_FFNV3, OPS_DT2_FFNV3, x, weight1, weight2, NULL,
                    expertTokensOptional, bias1Optional, bias2Optional, q, activation,
                    tokensIndexFlag, y, workspaceSize, executor);
}
PHASE2(FFNV3)
