/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The quantised products with a fused epilogue that ops-nn's matmul folder
 * adds to QuantMatmulV3/V4 (ops/quant/qmatmul.c): QuantMatmulReduceSumWeightNz,
 * QuantMatmulDequant and FusedQuantMatmul (+WeightNz).
 *
 *  QF1. The product: INT8 x1 [m, k] @ INT8 x2 [k, n] per batch, exact as
 *      ops/quant/qmatmul.c QQ1's int64 sums, computed by the BLAS's sgemm
 *      (the float products' code, matmul/blas.c) on k-blocks of 1024, whose
 *      sums are integers within 2^24 and so exact in float32, added up in
 *      int64; one batch at a time into reused buffers. Without a BLAS the
 *      first phase fails with 561003.
 *  QF2. QuantMatmulReduceSumWeightNz: out[i, j] = sum over b of
 *      (x1[b] @ x2[b])[i, j] * x1Scale[b, i] * x2Scale[j] (CANN's formula,
 *      x1Scale broadcast to (batch, m, n) inside the sum), in double, stored
 *      through float32 to BFLOAT16 (the engine's store). x2 is the weight in the layout
 * aclnnTransMatmulWeight leaves, ND (batch, k, n) in cpuacl (quant_matmul.c QM4). CANN takes only
 *      dims = [0], keepDims false, transposes false, groupSize 0 and NULL
 *      yScale / offsets / bias, and no empty tensor: anything else is 161002.
 *  QF3. A weight in FRACTAL_NZ (CANN's examples create x2 so, its storage sized by
 *      aclnnCalculateMatmulWeightSizeV2) is read as the ND view its dims and strides give,
 *      as every *WeightNz entry of cpuacl reads it (quant_matmul.c QM4).
 *  QF4. QuantMatmulDequant, CANN's formula: FLOAT16 x [m, k] times the FLOAT16
 *      smoothScaleOptional [k] (when given; in float32, not rounded: CANN does
 *      not say, an open guess), quantised to int8 per row by xScaleOptional (FLOAT
 *      [m] "pertoken" or [1] "pertensor") or, without it, dynamically per row with
 *      scale = max |x| / 127 ("pertoken" only; a zero row quantises to 0):
 *      xq = round(x / scale) half to even, saturated to [-128, 127]. Then
 *      acc = xq @ weight^T exactly (QF1; weight INT8 [n, k], transposeWeight
 *      true only, as CANN) and out = acc * weightScale[j] * xScale[i] for a
 *      FLOAT weightScale [n]; for an INT64 one (x's scale already folded in,
 *      xScale FLOAT16 [1], "pertensor") out = acc * weightScale[j] read as the
 *      float of its low 32 bits. In double, stored to FLOAT16. biasOptional and
 *      xOffsetOptional must be NULL (CANN: reserved).
 *  QF5. FusedQuantMatmul (+WeightNz: x2 as QF3): INT8 x1 [..., m, k] @ x2
 *      [..., k, n] (batch dims broadcast; transposed views as strides), then
 *      qbmmout = (acc + bias) * x2Scale * x1Scale with an INT32 bias, or
 *      acc * x2Scale * x1Scale + bias with a float one (x1Scale FLOAT [m] per
 *      token, x2Scale FLOAT / BFLOAT16 [n] or [1], bias [n] or [batch, 1, n]),
 *      out = gelu_tanh / gelu_erf(qbmmout) (FusedMatmul's forms), in double,
 *      stored to FLOAT16 / BFLOAT16. The INT4 / INT32-packed forms are refused
 *      (not yet in cpuacl), as are the reserved yScale, offsets, x3 and a group
 *      size (161002).
 */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_fused_quant_matmul.h"
#include "aclnnop/aclnn_fused_quant_matmul_weight_nz.h"
#include "aclnnop/aclnn_quant_matmul_dequant.h"
#include "aclnnop/aclnn_quant_matmul_reduce_sum.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"
#include "ops/quant/quant.h"

typedef __typeof__(cblas_sgemm) sgemm_fn;

/* QF1: acc[m, n] = A[m, k] @ B[k, n] exactly (A and B int8 values held in float32, contiguous),
 * by the BLAS's sgemm over k-blocks of QF_KB: each block's sums are integers of magnitude at most
 * QF_KB * 128 * 128 = 2^24, exact in float32, and are added up in int64. C: m * n floats. */
#define QF_KB 1024
static void qf_product(sgemm_fn *sgemm, int64_t *acc, const float *A, const float *B, float *C,
                       int64_t m, int64_t k, int64_t n)
{
    memset(acc, 0, (size_t)(m * n) * sizeof(int64_t));
    for (int64_t k0 = 0; k0 < k; k0 += QF_KB) {
        const int64_t kl = k - k0 < QF_KB ? k - k0 : QF_KB;
        sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)kl, 1.0f, A + k0,
              (int)k, B + k0 * n, (int)n, 0.0f, C, (int)n);
        for (int64_t i = 0; i < m * n; i++)
            acc[i] += (int64_t)C[i];
    }
}

/* A whole view gathered into a new contiguous buffer of kind ck (NULL: out of memory). */
static void *qf_gather(const struct ops_tensor *t, void *const *addr, int ck)
{
    size_t es = ck == CK_F32 ? sizeof(float) : sizeof(int64_t);
    void *buf = malloc((size_t)(t->numel ? t->numel : 1) * es);
    if (buf)
        ops_gather_nd(buf, ck, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    return buf;
}

/* QF3: the view of a weight x2 that CANN passes in FRACTAL_NZ (or ND): ops_tensor_from refuses
 * the blocked formats (engine.h F1); in cpuacl the weight aclnnTransMatmulWeight leaves is ND, so
 * x2's dims and strides are its row-major view. slot: x2's address slot (registered already). */
static void qf_weight_view(struct ops_tensor *v, const aclTensor *t, int slot)
{
    memset(v, 0, sizeof(*v));
    v->dt = (int8_t)ops_dt_index(t->dtype);
    v->ndim = (int8_t)t->ndim;
    v->slot = (int16_t)slot;
    v->offset = t->offset;
    for (uint32_t i = 0; i < t->ndim; i++)
        v->dims[i] = t->dims[i], v->strides[i] = t->strides[i];
    v->numel = ops_numel(v->dims, v->ndim);
}

/* x2 is ND or FRACTAL_NZ (QF3), of at most OPS_MAX_DIMS dims. */
static aclnnStatus qf_weight_check(const char *name, const aclTensor *x2)
{
    aclnnStatus rc = ops_check_dims(x2, name, "x2");
    if (rc)
        return rc;
    if (ops_format_private(x2->format) && x2->format != ACL_FORMAT_FRACTAL_NZ)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x2 has the format %d, must be ND or "
                       "FRACTAL_NZ",
                       name, (int)x2->format);
    return ACLNN_SUCCESS;
}

/* ---- QuantMatmulReduceSumWeightNz (QF2) ------------------------------------------------- */

struct qrs_plan {
    struct ops_tensor x1, x2, s1, s2, out;
    sgemm_fn *sgemm;
    int64_t b, m, k, n;
};

static int32_t qrs_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct qrs_plan *p = e->plan;
    const int64_t b = p->b, m = p->m, k = p->k, n = p->n;
    float *A = malloc((size_t)(m * k + k * n + m * n) * sizeof(float));
    int64_t *acc = malloc((size_t)(m * n) * sizeof(int64_t));
    double *sum = calloc((size_t)(m * n), sizeof(double));
    float *s1 = qf_gather(&p->s1, addr, CK_F32), *s2 = qf_gather(&p->s2, addr, CK_F32);
    float *row = malloc((size_t)n * sizeof(float));
    int32_t rc = 0;
    if (!A || !acc || !sum || !s1 || !s2 || !row) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    float *B = A + m * k, *C = B + k * n;
    const int64_t d1[2] = {m, k}, st1[2] = {p->x1.strides[1], p->x1.strides[2]};
    const int64_t d2[2] = {k, n}, st2[2] = {p->x2.strides[1], p->x2.strides[2]};
    for (int64_t bi = 0; bi < b; bi++) {
        ops_gather_nd(A, CK_F32, ops_elem(&p->x1, addr, bi * p->x1.strides[0]), p->x1.dt, 2, d1,
                      st1);
        ops_gather_nd(B, CK_F32, ops_elem(&p->x2, addr, bi * p->x2.strides[0]), p->x2.dt, 2, d2,
                      st2);
        qf_product(p->sgemm, acc, A, B, C, m, k, n);
        for (int64_t i = 0; i < m; i++) {
            const double si = s1[bi * m + i];
            for (int64_t j = 0; j < n; j++)
                sum[i * n + j] += (double)acc[i * n + j] * si;
        }
    }
    ops_store_fn st = ops_storer(CK_F32, p->out.dt);
    const int64_t eo = ops_dt_size(p->out.dt);
    for (int64_t i = 0; i < m; i++) {
        for (int64_t j = 0; j < n; j++)
            row[j] = (float)(sum[i * n + j] * s2[j]);
        st(ops_elem(&p->out, addr, i * p->out.strides[0]), p->out.strides[1] * eo, row, n);
    }
done:
    free(A);
    free(acc);
    free(sum);
    free(s1);
    free(s2);
    free(row);
    return rc;
}

/* t has the dims want[0..nd) and type dt (161002 naming it otherwise). */
static aclnnStatus qf_need(const char *name, const char *what, const aclTensor *t, aclDataType dt,
                           const int64_t *want, int nd)
{
    if (t->dtype != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, must be %s", name, what,
                       ops_dt_name(t->dtype), ops_dt_name(dt));
    return ops_check_shape(name, want, nd, t, what);
}

aclnnStatus aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale,
    const aclTensor *yScale, const aclTensor *x1Offset, const aclTensor *x2Offset,
    const aclTensor *yOffset, const aclTensor *bias, bool transposeX1, bool transposeX2,
    int64_t groupSize, const aclIntArray *dims, bool keepDims, aclTensor *out, WS)
{
    const char *name = "aclnnQuantMatmulReduceSumWeightNz";
    OPS_CHECK_NULLS(name, x1, x2, x1Scale, x2Scale, dims, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if (yScale || x1Offset || x2Offset || yOffset || bias || groupSize != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: yScale, x1Offset, x2Offset, yOffset and bias must be NULL and "
                       "groupSize (%lld) 0",
                       name, (long long)groupSize);
    if (transposeX1 || transposeX2 || keepDims)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: transposeX1, transposeX2 and keepDims must be false", name);
    if (dims->n != 1 || dims->v[0] != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dims must be [0] (the batch dim)", name);
    if ((rc = ops_need_dt(name, "x1", x1->dtype, OPS_DT_QuantMatmulReduceSumWeightNz, &dt)) ||
        (rc = ops_need_dt(name, "x2", x2->dtype, OPS_DT_QuantMatmulReduceSumWeightNz, &dt)))
        return rc;
    if ((rc = qf_weight_check(name, x2)))
        return rc;
    if (x1->ndim != 3 || x2->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x1 (%u dims) must be (batch, m, k) and x2 (%u dims) (batch, k, n)",
                       name, (unsigned)x1->ndim, (unsigned)x2->ndim);
    const int64_t b = x1->dims[0], m = x1->dims[1], k = x1->dims[2], n = x2->dims[2];
    const int64_t w2[3] = {b, k, n}, ws1[2] = {b, m}, ws2[1] = {n}, wo[2] = {m, n};
    if ((rc = ops_check_shape(name, w2, 3, x2, "x2")) ||
        (rc = qf_need(name, "x1Scale", x1Scale, ACL_FLOAT, ws1, 2)) ||
        (rc = qf_need(name, "x2Scale", x2Scale, ACL_BF16, ws2, 1)) ||
        (rc = qf_need(name, "out", out, ACL_BF16, wo, 2)))
        return rc;
    if (!b || !m || !k || !n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: empty tensors are not supported", name);
    void *sgemm = ops_blas_sgemm(name);
    if (!sgemm)
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    OPS_PLAN(e, p, name, 4, 1, struct qrs_plan, NULL, {&p->x1, x1, "x1"}, {NULL, x2, "x2"},
             {&p->s1, x1Scale, "x1Scale"}, {&p->s2, x2Scale, "x2Scale"}, {&p->out, out, "out"});
    qf_weight_view(&p->x2, x2, 1);
    memcpy(&p->sgemm, &sgemm, sizeof(sgemm)); /* object -> function pointer (POSIX) */
    p->b = b, p->m = m, p->k = k, p->n = n;
    e->run = qrs_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(QuantMatmulReduceSumWeightNz)

/* ---- QuantMatmulDequant (QF4) --------------------------------------------------------------- */

struct qmd_plan {
    struct ops_tensor x, w, ws, xs, sm, out;
    sgemm_fn *sgemm;
    int64_t m, k, n;
    bool has_xs, has_sm, word, pertensor;
};

static int32_t qmd_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct qmd_plan *p = e->plan;
    const int64_t m = p->m, k = p->k, n = p->n;
    float *X = qf_gather(&p->x, addr, CK_F32);
    float *A = malloc((size_t)(m * k + k * n + m * n) * sizeof(float));
    int64_t *acc = malloc((size_t)(m * n) * sizeof(int64_t));
    int64_t *wi = p->word ? qf_gather(&p->ws, addr, CK_I64) : NULL;
    float *wf = p->word ? NULL : qf_gather(&p->ws, addr, CK_F32);
    float *sm = p->has_sm ? qf_gather(&p->sm, addr, CK_F32) : NULL;
    float *xs = p->has_xs ? qf_gather(&p->xs, addr, CK_F32) : NULL;
    double *sx = malloc((size_t)m * sizeof(double)), *row = malloc((size_t)n * sizeof(double));
    int32_t rc = 0;
    if (!X || !A || !acc || (p->word ? !wi : !wf) || (p->has_sm && !sm) || (p->has_xs && !xs) ||
        !sx || !row) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    float *B = A + m * k, *C = B + k * n;
    for (int64_t i = 0; i < m; i++) {
        float *xr = X + i * k;
        double mx = 0;
        for (int64_t q = 0; q < k; q++) {
            if (sm)
                xr[q] *= sm[q];
            mx = fmax(mx, fabs((double)xr[q]));
        }
        sx[i] = p->has_xs ? xs[p->pertensor ? 0 : i] : mx / 127.0;
        for (int64_t q = 0; q < k; q++)
            A[i * k + q] = sx[i] == 0 ? 0.0f : (float)qt_round_sat(xr[q] / sx[i], 0, -128, 127);
    }
    /* weight [n, k] (transposeWeight) gathered as its transposed view [k, n] */
    const int64_t dw[2] = {k, n}, sw[2] = {p->w.strides[1], p->w.strides[0]};
    ops_gather_nd(B, CK_F32, ops_base(&p->w, addr), p->w.dt, 2, dw, sw);
    qf_product(p->sgemm, acc, A, B, C, m, k, n);
    ops_store_fn st = ops_storer(CK_F64, p->out.dt);
    const int64_t eo = ops_dt_size(p->out.dt);
    for (int64_t i = 0; i < m; i++) {
        for (int64_t j = 0; j < n; j++) {
            const double a = (double)acc[i * n + j];
            if (p->word) {
                const uint32_t bits = (uint32_t)((uint64_t)wi[j] & 0xFFFFFFFFu);
                float f;
                memcpy(&f, &bits, sizeof f);
                row[j] = a * f;
            } else {
                row[j] = a * wf[j] * sx[i];
            }
        }
        st(ops_elem(&p->out, addr, i * p->out.strides[0]), p->out.strides[1] * eo, row, n);
    }
done:
    free(X);
    free(A);
    free(acc);
    free(wi);
    free(wf);
    free(sm);
    free(xs);
    free(sx);
    free(row);
    return rc;
}

aclnnStatus aclnnQuantMatmulDequantGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *weightScale,
    const aclTensor *biasOptional, const aclTensor *xScaleOptional,
    const aclTensor *xOffsetOptional, const aclTensor *smoothScaleOptional, char *xQuantMode,
    bool transposeWeight, const aclTensor *out, WS)
{
    const char *name = "aclnnQuantMatmulDequant";
    OPS_CHECK_NULLS(name, x, weight, weightScale, xQuantMode, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if (biasOptional || xOffsetOptional)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: biasOptional and xOffsetOptional must be NULL (reserved)", name);
    if (!transposeWeight)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: transposeWeight must be true", name);
    const bool pertensor = strcmp(xQuantMode, "pertensor") == 0;
    if (!pertensor && strcmp(xQuantMode, "pertoken") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: xQuantMode \"%s\" is not \"pertoken\" or \"pertensor\"", name,
                       xQuantMode);
    if ((rc = ops_need_dt(name, "x", x->dtype, OPS_DT2_QuantMatmulDequant, &dt)) ||
        (rc = ops_need_dt(name, "weight", weight->dtype, OPS_DT_QuantMatmulDequant, &dt)) ||
        (rc = qf_weight_check(name, weight)))
        return rc;
    if (x->ndim != 2 || weight->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x (%u dims) must be [m, k] and weight (%u dims) [n, k]", name,
                       (unsigned)x->ndim, (unsigned)weight->ndim);
    const int64_t m = x->dims[0], k = x->dims[1], n = weight->dims[0];
    const int64_t wwant[2] = {n, k}, nwant[1] = {n}, kwant[1] = {k}, owant[2] = {m, n};
    const bool word = weightScale->dtype == ACL_INT64;
    if (!word && weightScale->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weightScale is %s, must be FLOAT or INT64",
                       name, ops_dt_name(weightScale->dtype));
    if ((rc = ops_check_shape(name, wwant, 2, weight, "weight")) ||
        (rc = ops_check_shape(name, nwant, 1, weightScale, "weightScale")) ||
        (rc = qf_need(name, "out", out, ACL_FLOAT16, owant, 2)) ||
        (smoothScaleOptional &&
         (rc = qf_need(name, "smoothScaleOptional", smoothScaleOptional, ACL_FLOAT16, kwant, 1))))
        return rc;
    if (xScaleOptional) {
        const aclDataType sdt = word ? ACL_FLOAT16 : ACL_FLOAT;
        const int64_t swant[1] = {pertensor ? 1 : m};
        if ((rc = qf_need(name, "xScaleOptional", xScaleOptional, sdt, swant, 1)))
            return rc;
    }
    if (word && (!xScaleOptional || !pertensor))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: an INT64 weightScale needs a FLOAT16 xScaleOptional and \"pertensor\"",
                       name);
    if (!xScaleOptional && pertensor)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dynamic quantisation (no xScaleOptional) is \"pertoken\" only", name);
    if (!m || !k || !n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: empty tensors are not supported", name);
    void *sgemm = ops_blas_sgemm(name);
    if (!sgemm)
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    OPS_PLAN(e, p, name, 5, 1, struct qmd_plan, NULL, {&p->x, x, "x"}, {NULL, weight, "weight"},
             {&p->ws, weightScale, "weightScale"},
             {xScaleOptional ? &p->xs : NULL, xScaleOptional, "xScaleOptional"},
             {smoothScaleOptional ? &p->sm : NULL, smoothScaleOptional, "smoothScaleOptional"},
             {&p->out, out, "out"});
    qf_weight_view(&p->w, weight, 1);
    memcpy(&p->sgemm, &sgemm, sizeof(sgemm)); /* object -> function pointer (POSIX) */
    p->m = m, p->k = k, p->n = n;
    p->has_xs = xScaleOptional != NULL, p->has_sm = smoothScaleOptional != NULL;
    p->word = word, p->pertensor = pertensor;
    e->run = qmd_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(QuantMatmulDequant)

/* ---- FusedQuantMatmul, FusedQuantMatmulWeightNz (QF5) -----------------------------------------
 */

#define QF_BATCH (OPS_MAX_DIMS - 2)

struct fq_plan {
    struct ops_tensor x1, x2, s1, s2, bias, out;
    sgemm_fn *sgemm;
    int nb;
    bool has_bias, int_bias, erf;
    int64_t m, k, n, bias_bs; /* bias_bs: the bias's batch stride (0: one row for all) */
    int64_t bdims[QF_BATCH];
    int64_t bst[3][QF_BATCH]; /* batch strides of x1, x2, out */
};

static int32_t fq_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fq_plan *p = e->plan;
    const int64_t m = p->m, k = p->k, n = p->n;
    float *A = malloc((size_t)(m * k + k * n + m * n) * sizeof(float));
    int64_t *acc = malloc((size_t)(m * n) * sizeof(int64_t));
    float *s1 = qf_gather(&p->s1, addr, CK_F32), *s2 = qf_gather(&p->s2, addr, CK_F32);
    double *bias = malloc((size_t)n * sizeof(double)), *row = malloc((size_t)n * sizeof(double));
    int32_t rc = 0;
    if (!A || !acc || !s1 || !s2 || !bias || !row) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    float *B = A + m * k, *C = B + k * n;
    const int r1 = p->x1.ndim - 2, r2 = p->x2.ndim - 2, ro = p->out.ndim - 2;
    const int64_t d1[2] = {m, k}, st1[2] = {p->x1.strides[r1], p->x1.strides[r1 + 1]};
    const int64_t d2[2] = {k, n}, st2[2] = {p->x2.strides[r2], p->x2.strides[r2 + 1]};
    const int64_t bsn = p->has_bias ? p->bias.strides[p->bias.ndim - 1] : 0;
    ops_store_fn st = ops_storer(CK_F64, p->out.dt);
    const int64_t eo = ops_dt_size(p->out.dt);
    int64_t idx[QF_BATCH] = {0}, nbatch = ops_numel(p->bdims, p->nb);
    for (int64_t bi = 0; bi < nbatch; bi++) {
        ops_gather_nd(A, CK_F32, ops_elem(&p->x1, addr, ops_odo_off(idx, p->bst[0], p->nb)),
                      p->x1.dt, 2, d1, st1);
        ops_gather_nd(B, CK_F32, ops_elem(&p->x2, addr, ops_odo_off(idx, p->bst[1], p->nb)),
                      p->x2.dt, 2, d2, st2);
        qf_product(p->sgemm, acc, A, B, C, m, k, n);
        if (p->has_bias)
            ops_gather_nd(bias, CK_F64, ops_elem(&p->bias, addr, bi * p->bias_bs), p->bias.dt, 1,
                          &n, &bsn);
        const int64_t oo = ops_odo_off(idx, p->bst[2], p->nb);
        for (int64_t i = 0; i < m; i++) {
            for (int64_t j = 0; j < n; j++) {
                const double sc = (double)s2[p->s2.numel == 1 ? 0 : j] * s1[i];
                double v = (double)acc[i * n + j];
                if (p->int_bias)
                    v = (v + bias[j]) * sc;
                else
                    v = v * sc + (p->has_bias ? bias[j] : 0);
                row[j] =
                    p->erf
                        ? 0.5 * v * erfc(-v * 0.7071067811865476)
                        : v / (1.0 + exp(-2.0 * 0.7978845608028654 * (v + 0.044715 * v * v * v)));
            }
            st(ops_elem(&p->out, addr, oo + i * p->out.strides[ro]), p->out.strides[ro + 1] * eo,
               row, n);
        }
        ops_odo_next(idx, p->bdims, p->nb);
    }
done:
    free(A);
    free(acc);
    free(s1);
    free(s2);
    free(bias);
    free(row);
    return rc;
}

static aclnnStatus fq_build(const char *name, unsigned types, const aclTensor *x1,
                            const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale,
                            const aclTensor *yScale, const aclTensor *x1Offset,
                            const aclTensor *x2Offset, const aclTensor *yOffset,
                            const aclTensor *bias, const aclTensor *x3, const char *fusedOpType,
                            int64_t groupSize, const aclTensor *out, WS)
{
    OPS_CHECK_NULLS(name, x1, x2, x1Scale, x2Scale, fusedOpType, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if (yScale || x1Offset || x2Offset || yOffset || x3 || groupSize != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: yScaleOptional, x1OffsetOptional, x2OffsetOptional, yOffsetOptional "
                       "and x3Optional must be NULL and groupSizeOptional (%lld) 0 (reserved)",
                       name, (long long)groupSize);
    const bool erf = strcmp(fusedOpType, "gelu_erf") == 0;
    if (!erf && strcmp(fusedOpType, "gelu_tanh") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: fusedOpType \"%s\" is not \"gelu_erf\" or \"gelu_tanh\"", name,
                       fusedOpType);
    if (x1->dtype == ACL_INT4 || x1->dtype == ACL_INT32 || x2->dtype == ACL_INT4 ||
        x2->dtype == ACL_INT32)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the INT4 / INT32-packed forms are not supported by cpuacl (INT8 x1 "
                       "and x2)",
                       name);
    if ((rc = ops_need_dt(name, "x1", x1->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "x2", x2->dtype, types, &dt)) || (rc = qf_weight_check(name, x2)))
        return rc;
    if (out->dtype != ACL_FLOAT16 && out->dtype != ACL_BF16)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, must be FLOAT16 or BFLOAT16", name,
                       ops_dt_name(out->dtype));
    const int r1 = (int)x1->ndim, r2 = (int)x2->ndim;
    if (r1 < 2 || r2 < 2 || r1 > 6 || r2 > 6)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 (%d dims) and x2 (%d dims) need 2..6", name,
                       r1, r2);
    int64_t bd[OPS_MAX_DIMS], m, k, n; /* bd: the batch dims, then m, n */
    int nb = 0;
    if ((rc = ops_mm_shapes(name, x1, false, x2, false, QF_BATCH, bd, &nb, &m, &k, &n)))
        return rc;
    const int64_t *want = bd;
    const int64_t mw[1] = {m};
    if ((rc = ops_check_shape(name, want, nb + 2, out, "out")) ||
        (rc = qf_need(name, "x1Scale", x1Scale, ACL_FLOAT, mw, 1)))
        return rc;
    if (x2Scale->dtype != ACL_FLOAT && x2Scale->dtype != ACL_BF16)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x2Scale is %s, must be FLOAT or BFLOAT16",
                       name, ops_dt_name(x2Scale->dtype));
    if (x2Scale->ndim != 1 || (x2Scale->dims[0] != n && x2Scale->dims[0] != 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x2Scale must be [n] or [1] (n = %lld)", name,
                       (long long)n);
    const int64_t nbatch = ops_numel(bd, nb);
    if (bias) {
        const aclDataType b = bias->dtype;
        if (b != ACL_INT32 && b != ACL_FLOAT && b != ACL_BF16 && b != ACL_FLOAT16)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: biasOptional is %s, must be INT32, FLOAT, BFLOAT16 or FLOAT16",
                           name, ops_dt_name(b));
        const bool one = bias->ndim == 1 && bias->dims[0] == n;
        const bool per_batch =
            bias->ndim == 3 && bias->dims[0] == nbatch && bias->dims[1] == 1 && bias->dims[2] == n;
        if (!one && !per_batch)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: biasOptional must be [n] or [batch, 1, n] (n = %lld)", name,
                           (long long)n);
    }
    if (!ops_numel(out->dims, (int)out->ndim) || !k)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: empty tensors are not supported", name);
    void *sgemm = ops_blas_sgemm(name);
    if (!sgemm)
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    OPS_PLAN(e, p, name, 5, 1, struct fq_plan, NULL, {&p->x1, x1, "x1"}, {NULL, x2, "x2"},
             {&p->s1, x1Scale, "x1Scale"}, {&p->s2, x2Scale, "x2Scale"},
             {bias ? &p->bias : NULL, bias, "biasOptional"}, {&p->out, out, "out"});
    qf_weight_view(&p->x2, x2, 1);
    memcpy(&p->sgemm, &sgemm, sizeof(sgemm)); /* object -> function pointer (POSIX) */
    p->nb = nb, p->m = m, p->k = k, p->n = n;
    p->has_bias = bias != NULL, p->int_bias = bias && bias->dtype == ACL_INT32, p->erf = erf;
    p->bias_bs = bias && bias->ndim == 3 ? bias->strides[0] : 0;
    memcpy(p->bdims, bd, sizeof(int64_t) * (size_t)nb);
    const aclTensor *ts[3] = {x1, x2, out};
    for (int t = 0; t < 3; t++) {
        const int tb = (int)ts[t]->ndim - 2;
        for (int d = 0; d < nb; d++) {
            const int td = d - (nb - tb);
            p->bst[t][d] = (td < 0 || ts[t]->dims[td] == 1) ? 0 : ts[t]->strides[td];
        }
    }
    e->run = fq_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnFusedQuantMatmulGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale,
    const aclTensor *yScaleOptional, const aclTensor *x1OffsetOptional,
    const aclTensor *x2OffsetOptional, const aclTensor *yOffsetOptional,
    const aclTensor *biasOptional, const aclTensor *x3Optional, const char *fusedOpType,
    int64_t groupSizeOptional, aclTensor *out, WS)
{
    return fq_build("aclnnFusedQuantMatmul", OPS_DT_FusedQuantMatmul, x1, x2, x1Scale, x2Scale,
                    yScaleOptional, x1OffsetOptional, x2OffsetOptional, yOffsetOptional,
                    biasOptional, x3Optional, fusedOpType, groupSizeOptional, out, workspaceSize,
                    executor);
}
PHASE2(FusedQuantMatmul)

aclnnStatus aclnnFusedQuantMatmulWeightNzGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale,
    const aclTensor *yScaleOptional, const aclTensor *x1OffsetOptional,
    const aclTensor *x2OffsetOptional, const aclTensor *yOffsetOptional,
    const aclTensor *biasOptional, const aclTensor *x3Optional, const char *fusedOpType,
    int64_t groupSizeOptional, aclTensor *out, WS)
{
    return fq_build("aclnnFusedQuantMatmulWeightNz", OPS_DT_FusedQuantMatmulWeightNz, x1, x2,
                    x1Scale, x2Scale, yScaleOptional, x1OffsetOptional, x2OffsetOptional,
                    yOffsetOptional, biasOptional, x3Optional, fusedOpType, groupSizeOptional, out,
                    workspaceSize, executor);
}
PHASE2(FusedQuantMatmulWeightNz)
