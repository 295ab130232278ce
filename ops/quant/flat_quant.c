/* SPDX-License-Identifier: Apache-2.0 */
/*
 * FlatQuant (V1, V2, V3): each token's [N1, N2] slice of x is multiplied by
 * kroneckerP2 on the right and kroneckerP1 on the left, then quantised per
 * token to INT4, as CANN documents it (its per-token form).
 *
 *  FQ1. x'' = kroneckerP1 @ (x[m] @ kroneckerP2), from the inputs as stored
 *      (FLOAT16 / BFLOAT16 widened) and accumulated in float32, x' kept in
 *      float32 (cpuacl's reading: the docs give no intermediate rounding).
 *  FQ2. quantScale[m] = max|x''| / (7 / clipRatio) (FLOAT); out = x'' /
 *      quantScale rounded half to even (the NPU's CAST_RINT) and saturated
 *      to [-8, 7]; an all-zero token has scale 0 and out 0. out is INT4 of
 *      x's shape or INT32 with N2 / 8 words (quant.h's qt_pack4 layout); the
 *      FLOAT4_E2M1 (per-group) form is refused (161002), so V2's dstTypeMax,
 *      which only that form reads, is accepted and unused.
 *  FQ3. V3's groupListOptional (INT64; groupListType 0 cumulative sizes, 1
 *      sizes, 2 [index, size] pairs) selects the first sum-of-sizes tokens;
 *      the tokens after them are neither computed nor written (cpuacl's
 *      reading: the docs say the sizes add up to at most x's M).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_flat_quant.h"
#include "aclnnop/aclnn_flat_quant_v2.h"
#include "aclnnop/aclnn_flat_quant_v3.h"
#include "ops/quant/quant.h"
#include "ops/quant/table.h"

struct fl_plan {
    struct ops_tensor x, p1, p2, gl, out, sc;
    int64_t m, n1, n2;
    double clip;
    int gl_type; /* -1: no groupList */
    bool words;  /* an INT32 out */
};

/* The tokens to compute (FQ3): all of x's, or what groupList adds up to. */
static int64_t fl_rows(const struct fl_plan *p, void *const *addr)
{
    if (p->gl_type < 0)
        return p->m;
    int64_t *g = qt_gather(&p->gl, addr, CK_I64);
    if (!g)
        return -1;
    int64_t rows = 0, n = p->gl.numel;
    if (p->gl_type == 0)
        rows = n ? g[n - 1] : 0;
    else
        for (int64_t i = p->gl_type == 2 ? 1 : 0; i < n; i += p->gl_type == 2 ? 2 : 1)
            rows += g[i];
    free(g);
    return rows < 0 ? 0 : rows > p->m ? p->m : rows;
}

static int32_t fl_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fl_plan *p = e->plan;
    const int64_t n1 = p->n1, n2 = p->n2, tok = n1 * n2;
    const int64_t rows = fl_rows(p, addr);
    float *x = qt_gather(&p->x, addr, CK_F32), *p1 = qt_gather(&p->p1, addr, CK_F32);
    float *p2 = qt_gather(&p->p2, addr, CK_F32);
    float *t1 = malloc((size_t)(2 * tok) * sizeof(float));
    float *sc = malloc((size_t)p->m * sizeof(float));
    int64_t *q = malloc((size_t)tok * sizeof(int64_t));
    int32_t rc = 0;
    if (rows < 0 || !x || !p1 || !p2 || !t1 || !sc || !q) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    float *t2 = t1 + tok;
    if (rows < p->m) /* keep the untouched tokens' scales (FQ3) */
        ops_gather_nd(sc, CK_F32, ops_base(&p->sc, addr), p->sc.dt, p->sc.ndim, p->sc.dims,
                      p->sc.strides);
    /* the out's bytes of one token: INT4 two values a byte, INT32 eight a word */
    const int64_t tok_bytes = tok / 2;
    char *ob = (char *)addr[p->out.slot];
    for (int64_t m = 0; m < rows; m++) {
        const float *xm = x + m * tok;
        /* FQ1: t1 = x[m] @ P2, t2 = P1 @ t1 */
        memset(t1, 0, (size_t)(2 * tok) * sizeof(float));
        for (int64_t i = 0; i < n1; i++)
            for (int64_t k = 0; k < n2; k++) {
                const float a = xm[i * n2 + k], *pr = p2 + k * n2;
                float *tr = t1 + i * n2;
                for (int64_t j = 0; j < n2; j++)
                    tr[j] += a * pr[j];
            }
        float amax = 0;
        for (int64_t i = 0; i < n1; i++)
            for (int64_t k = 0; k < n1; k++) {
                const float a = p1[i * n1 + k], *sr = t1 + k * n2;
                float *tr = t2 + i * n2;
                for (int64_t j = 0; j < n2; j++)
                    tr[j] += a * sr[j];
            }
        for (int64_t i = 0; i < tok; i++)
            amax = fabsf(t2[i]) > amax ? fabsf(t2[i]) : amax;
        /* FQ2 */
        sc[m] = amax / (float)(7.0 / p->clip);
        for (int64_t i = 0; i < tok; i++)
            q[i] = sc[m] > 0 ? qt_round_sat((double)(t2[i] / sc[m]), 0, -8, 7) : 0;
        qt_pack4(ob + m * tok_bytes, q, tok, p->words);
    }
    qt_scatter(sc, &p->sc, addr, CK_F32);
done:
    free(x);
    free(p1);
    free(p2);
    free(t1);
    free(sc);
    free(q);
    return rc;
}

static aclnnStatus fl_build(const char *name, unsigned types, const aclTensor *x,
                            const aclTensor *p1, const aclTensor *p2, const aclTensor *gl,
                            double clipRatio, int64_t glType, const aclTensor *out,
                            const aclTensor *scale, WS)
{
    OPS_CHECK_NULLS(name, x, p1, p2, out, scale, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "x", x->dtype, types, &dt)))
        return rc;
    if (p1->dtype != x->dtype || p2->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: kroneckerP1 (%s) and kroneckerP2 (%s) must have x's type %s", name,
                       ops_dt_name(p1->dtype), ops_dt_name(p2->dtype), ops_dt_name(x->dtype));
    if (x->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %u dims, must be [M, N1, N2]", name,
                       x->ndim);
    const int64_t m = x->dims[0], n1 = x->dims[1], n2 = x->dims[2];
    if (m < 1 || n1 < 1 || n2 < 1 || m > 262144 || n1 > 256 || n2 > 256)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x [%lld, %lld, %lld] must have M in [1, 262144] and N1, N2 in [1, 256]",
                       name, (long long)m, (long long)n1, (long long)n2);
    if (p1->ndim != 2 || p1->dims[0] != n1 || p1->dims[1] != n1 || p2->ndim != 2 ||
        p2->dims[0] != n2 || p2->dims[1] != n2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: kroneckerP1 must be [%lld, %lld] and kroneckerP2 [%lld, %lld] (the "
                       "per-group form without kroneckerP2 is not supported by cpuacl)",
                       name, (long long)n1, (long long)n1, (long long)n2, (long long)n2);
    if (!(clipRatio > 0 && clipRatio <= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: clipRatio %g is not in (0, 1]", name,
                       clipRatio);
    const bool words = out->dtype == ACL_INT32;
    if (out->dtype != ACL_INT4 && !words)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out is %s, must be INT4 or INT32 (FLOAT4_E2M1, the per-group form, is "
                       "not supported by cpuacl)",
                       name, ops_dt_name(out->dtype));
    if (n2 % (words ? 8 : 2))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x's N2 %lld must be a multiple of %d", name,
                       (long long)n2, words ? 8 : 2);
    const int64_t want[3] = {m, n1, words ? n2 / 8 : n2};
    if ((rc = ops_check_shape(name, want, 3, out, "out")))
        return rc;
    if (out->offset != 0 || !ops_view_dense(out))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must be contiguous", name);
    if (scale->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: quantScale is %s, must be FLOAT", name,
                       ops_dt_name(scale->dtype));
    if ((rc = ops_check_shape(name, want, 1, scale, "quantScale")))
        return rc;
    if (gl) {
        const bool pairs = glType == 2;
        if (glType < 0 || glType > 2 || gl->dtype != ACL_INT64 || gl->ndim != (pairs ? 2u : 1u) ||
            (pairs && gl->dims[1] != 2) || gl->dims[0] < 1 || gl->dims[0] > 1024)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: groupListOptional must be INT64 [G] (groupListType 0, 1) or [G, 2] "
                           "(2) with G in [1, 1024] (groupListType %lld)",
                           name, (long long)glType);
    }
    struct aclOpExecutor *e = ops_exec_plan(name, 4, 2, sizeof(struct fl_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct fl_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x, x, "x")) || (rc = qt_view(e, &p->p1, p1, "kroneckerP1")) ||
        (rc = qt_view(e, &p->p2, p2, "kroneckerP2")) ||
        (rc = qt_view(e, &p->gl, gl, "groupListOptional")) ||
        (rc = qt_view(e, &p->out, out, "out")) || (rc = qt_view(e, &p->sc, scale, "quantScale")))
        return rc;
    p->m = m, p->n1 = n1, p->n2 = n2;
    p->clip = clipRatio;
    p->gl_type = gl ? (int)glType : -1;
    p->words = words;
    e->run = fl_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnFlatQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *kroneckerP1,
                                           const aclTensor *kroneckerP2, double clipRatio,
                                           aclTensor *out, aclTensor *quantScale, WS)
{
    return fl_build("aclnnFlatQuant", OPS_DT_FlatQuant, x, kroneckerP1, kroneckerP2, NULL,
                    clipRatio, 0, out, quantScale, workspaceSize, executor);
}
PHASE2(FlatQuant)

aclnnStatus aclnnFlatQuantV2GetWorkspaceSize(const aclTensor *x, const aclTensor *kroneckerP1,
                                             const aclTensor *kroneckerP2, double clipRatio,
                                             double dstTypeMax, aclTensor *out,
                                             aclTensor *quantScale, WS)
{
    (void)dstTypeMax; /* read by the per-group form only (FQ2) */
    return fl_build("aclnnFlatQuantV2", OPS_DT_FlatQuantV2, x, kroneckerP1, kroneckerP2, NULL,
                    clipRatio, 0, out, quantScale, workspaceSize, executor);
}
PHASE2(FlatQuantV2)

aclnnStatus aclnnFlatQuantV3GetWorkspaceSize(const aclTensor *x, const aclTensor *kroneckerP1,
                                             const aclTensor *kroneckerP2,
                                             const aclTensor *groupListOptional, double clipRatio,
                                             double dstTypeMax, int64_t groupListType,
                                             aclTensor *out, aclTensor *quantScale, WS)
{
    (void)dstTypeMax;
    return fl_build("aclnnFlatQuantV3", OPS_DT_FlatQuantV3, x, kroneckerP1, kroneckerP2,
                    groupListOptional, clipRatio, groupListType, out, quantScale, workspaceSize,
                    executor);
}
PHASE2(FlatQuantV3)
