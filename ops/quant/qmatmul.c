/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The quantised matrix products: QuantMatmulV3, QuantMatmulV4 (a per-token
 * scale) and QuantMatmulWeightNz (the same product with its parameters
 * named per operand) - INT8 x1 [..., m, k] @ INT8 x2 [..., k, n] accumulated
 * exactly in integers, then dequantised per output column.
 *
 *  QQ1. acc = x1 @ x2 (exact, int64; x1 / x2 transposed views when
 *      transposeX1 / transposeX2), batch dims broadcast as Matmul's.
 *  QQ2. The epilogue, as CANN documents it: with an INT32 bias,
 *      out = (acc + bias) * scale [* pertoken] [+ offset]; with a float bias,
 *      out = acc * scale [* pertoken] + bias. scale and offset hold 1 or n
 *      values; pertoken m. Computed in double, rounded once: to INT8 half
 *      to even and saturated (NaN 0), to FLOAT16 / BFLOAT16 to nearest even.
 *      An INT32 out is acc + bias unscaled (cpuacl's reading of the table,
 *      which lists no formula for it).
 *  QQ3. A UINT64 / INT64 scale is TransQuantParamV2's words (quant.h): the
 *      float in the low 32 bits; for an INT8 out without an offset tensor the
 *      word's 9-bit offset is added (what the word carries for the NPU).
 *  QQ5. INT4 x1 and x2 (both; two values a byte, the even element in the
 *      low nibble, as ConvertWeightToINT4Pack packs them): views count
 *      elements and are read nibble by nibble (qt_gather4); the product is
 *      QQ1's.
 *  QQ6. QuantMatmulV2: out = (x1 @ x2 + bias) * deqScale (CANN's formula:
 *      QQ2 with an INT32 bias), x1 / x2 transposed by adjX1 / adjX2.
 *  QQ7. DequantBias: QQ2's epilogue on an INT32 x [M, N] already
 *      accumulated: weightScale [N] is the scale, activateScaleOptional [M]
 *      the per-token scale; out FLOAT16 (outputDtype 1) or BFLOAT16 (27).
 *  QQ8. BatchMatmulQuant: FLOAT16 x1 [m, k] @ x2 [k, n] (transposed by the
 *      flags) accumulated in float32, plus a FLOAT16 bias, then quantised to
 *      INT8 by quantParam's words (QQ3: out = round(v * scale + offset), half
 *      to even, saturated); quantParam holds 1 word or at least n (CANN
 *      pads it to a multiple of 16), of which the first n are read.
 *  QQ9. QuantMatmulV5: with groupSize 0, QuantMatmulWeightNz's product (QQ4:
 *      x2Scale the scale, x1Scale the per-token scale, x2Offset the
 *      offset). With groupSize = gm << 32 | gn << 16 | gk (CANN's encoding),
 *      the per-block (G-B) form: INT8 x1 [m, k] @ x2 [k, n], out =
 *      sum over k-blocks kb of (x1 @ x2 over kb) * x1Scale[i / gm, kb] *
 *      x2Scale[kb, j / gn] (x2Scale [n-blocks, k-blocks] when transposeX2)
 *      + bias, FLOAT scales and bias, in double, rounded once to FLOAT16 /
 *      BFLOAT16. The other V5 forms (float8 / MX, yScale, x1Offset) are
 *      refused (161002).
 *  QQ10. QuantMatmulV5's INT32 operands hold eight INT4 values a word along
 *      their last dim (ConvertWeightToINT4Pack's words: element i in bits
 *      4 (i % 8) .. 4 (i % 8) + 3), so a word view [r, c] with a unit stride
 *      along c is the INT4 view [r, 8c] (strides and offset times 8, the same
 *      bytes on a little-endian host) and is read as QQ5's. With groupSize 0,
 *      x1 and x2 INT4 or INT32 (each either) take QQ5's product.
 *  QQ11. QuantMatmulV5's K-G form, groupSize = gk alone (gm = gn = 0; gk
 *      256, k a multiple of 256, and of 1024 with n of 256 for INT4 x1, as
 *      CANN's table requires):
 *      INT8 x1 [m, k] @ INT32 x2 [k, n / 8] (transposeX2 false), x2Scale
 *      UINT64 / INT64 words [ceil(k / gk), n] (QQ3's float), FLOAT x1Scale
 *      [m, 1] and yOffset [n]: out = (sum over k-groups g of (x1 @ x2 over g)
 *      * x2Scale[g, j] + yOffset[j]) * x1Scale[i]; or INT4 x1 [m, k] @ INT4
 *      x2 [n, k] (transposeX2 true), FLOAT x1Scale [m, 1] and x2Scale, FLOAT16
 *      x2Offset [ceil(k / gk), n]: out = sum over g of x1Scale[i] * x2Scale[g,
 *      j] * ((x1 @ x2 over g) - x2Offset[g, j] * (sum of x1's row over g)).
 *      The formulas are CANN's as documented (yOffset is added as given);
 *      integers exact, the rest in double, rounded once to FLOAT16 / BFLOAT16.
 *  QQ4. QuantMatmulWeightNz: x2 in the layout aclnnTransMatmulWeight leaves
 *      (ND in cpuacl); x2Scale is the scale, x1Scale the per-token scale,
 *      x2Offset the offset; yScale, x1Offset, yOffset and a group size are
 *      refused (161002).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_batchmatmul_quant.h"
#include "aclnnop/aclnn_dequant_bias.h"
#include "aclnnop/aclnn_quant_matmul.h"
#include "aclnnop/aclnn_quant_matmul_v3.h"
#include "aclnnop/aclnn_quant_matmul_v4.h"
#include "aclnnop/aclnn_quant_matmul_v5.h"
#include "aclnnop/aclnn_quant_matmul_weight_nz.h"
#include "ops/quant/quant.h"
#include "ops/quant/table.h"

#define QQ_BATCH (OPS_MAX_DIMS - 2)

struct qq_plan {
    int nb;
    int64_t bdims[QQ_BATCH];
    int64_t m, k, n;
    struct ops_tensor x1, x2, sc, off, pt, bias, out;
    int64_t bst[3][QQ_BATCH]; /* batch strides of x1, x2, out */
    int64_t x1rs, x1cs, x2rs, x2cs;
    bool has_off, has_pt, has_bias, int_bias, word_scale, int4;
};

static int32_t qq_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct qq_plan *p = e->plan;
    const int64_t m = p->m, k = p->k, n = p->n;
    const int ock = p->out.dt == DT_I8 || p->out.dt == DT_I32 ? CK_I64 : CK_F32;
    int64_t *A = malloc((size_t)(m * k + k * n + m * n + 3) * sizeof(int64_t));
    double *sc = malloc((size_t)(2 * n + m + n + 4) * sizeof(double));
    float *ob = malloc((size_t)(n + 1) * sizeof(float));
    int64_t *B = A ? A + m * k : NULL, *acc = B ? B + k * n : NULL;
    int32_t rc = 0;
    if (!A || !sc || !ob) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    double *off = sc + n, *pt = off + n, *bias = pt + m;
    /* the parameters, per column (QQ2, QQ3) */
    for (int64_t j = 0; j < n; j++) {
        const struct ops_tensor *s = &p->sc;
        int64_t js = s->numel == 1 ? 0 : j;
        int64_t so = 0;
        for (int d = s->ndim - 1, r = (int)js; d >= 0; d--) {
            so += (r % s->dims[d]) * s->strides[d];
            r /= (int)s->dims[d];
        }
        if (p->word_scale) {
            uint64_t w;
            memcpy(&w, ops_elem(s, addr, so), sizeof w);
            sc[j] = qt_word_scale(w);
            off[j] = !p->has_off && p->out.dt == DT_I8 ? qt_word_offset(w) : 0;
        } else {
            float f;
            ops_loader(CK_F32, s->dt)(&f, ops_elem(s, addr, so), 0, 1);
            sc[j] = f;
            off[j] = 0;
        }
    }
    const struct ops_tensor *vecs[3] = {&p->off, &p->pt, &p->bias};
    double *dst[3] = {off, pt, bias};
    const bool has[3] = {p->has_off, p->has_pt, p->has_bias};
    for (int v = 0; v < 3; v++) {
        int64_t len = v == 1 ? m : n;
        if (!has[v]) {
            for (int64_t j = 0; j < len && v; j++)
                dst[v][j] = v == 1 ? 1 : 0;
            continue;
        }
        double *tmp = malloc((size_t)vecs[v]->numel * sizeof(double));
        if (!tmp) {
            rc = ACL_ERROR_BAD_ALLOC;
            goto done;
        }
        ops_gather_nd(tmp, CK_F64, ops_base(vecs[v], addr), vecs[v]->dt, vecs[v]->ndim,
                      vecs[v]->dims, vecs[v]->strides);
        for (int64_t j = 0; j < len; j++)
            dst[v][j] = tmp[vecs[v]->numel == 1 ? 0 : j];
        free(tmp);
    }
    int64_t idx[QQ_BATCH] = {0}, nbatch = ops_numel(p->bdims, p->nb);
    const int64_t d1[2] = {m, k}, s1[2] = {p->x1rs, p->x1cs};
    const int64_t d2[2] = {k, n}, s2[2] = {p->x2rs, p->x2cs};
    ops_store_fn st = ops_storer(ock, p->out.dt);
    const int64_t eo = ops_dt_size(p->out.dt);
    const int ro = p->out.ndim - 2;
    for (int64_t bi = 0; bi < nbatch; bi++) {
        int64_t o1 = ops_odo_off(idx, p->bst[0], p->nb), o2 = ops_odo_off(idx, p->bst[1], p->nb);
        int64_t oo = ops_odo_off(idx, p->bst[2], p->nb);
        if (p->int4) { /* QQ5 */
            qt_gather4(A, addr[p->x1.slot], p->x1.offset + o1, m, k, p->x1rs, p->x1cs);
            qt_gather4(B, addr[p->x2.slot], p->x2.offset + o2, k, n, p->x2rs, p->x2cs);
        } else {
            ops_gather_nd(A, CK_I64, ops_elem(&p->x1, addr, o1), p->x1.dt, 2, d1, s1);
            ops_gather_nd(B, CK_I64, ops_elem(&p->x2, addr, o2), p->x2.dt, 2, d2, s2);
        }
        memset(acc, 0, (size_t)(m * n) * sizeof(int64_t));
        for (int64_t i = 0; i < m; i++)
            for (int64_t q = 0; q < k; q++) {
                const int64_t a = A[i * k + q], *br = B + q * n;
                int64_t *cr = acc + i * n;
                for (int64_t j = 0; j < n; j++)
                    cr[j] += a * br[j];
            }
        for (int64_t i = 0; i < m; i++) {
            for (int64_t j = 0; j < n; j++) {
                double v = (double)acc[i * n + j];
                if (p->out.dt == DT_I32) {
                    acc[i * n + j] += p->int_bias ? (int64_t)bias[j] : 0;
                    continue;
                }
                if (p->int_bias)
                    v += bias[j];
                v = v * sc[j] * pt[i];
                v += p->int_bias ? off[j] : bias[j] + off[j];
                if (ock == CK_I64)
                    acc[i * n + j] = qt_round_sat(v, 0, -128, 127);
                else
                    ob[j] = (float)v;
            }
            char *row = ops_elem(&p->out, addr, oo + i * p->out.strides[ro]);
            st(row, p->out.strides[ro + 1] * eo, ock == CK_I64 ? (void *)(acc + i * n) : ob, n);
        }
        ops_odo_next(idx, p->bdims, p->nb);
    }
done:
    free(A);
    free(sc);
    free(ob);
    return rc;
}

/* The operands and parameters of one product. */
struct qq_args {
    const char *name;
    unsigned types;
    const aclTensor *x1, *x2, *scale, *offset, *pertoken, *bias, *out;
    const char *scname, *offname, *ptname;
    bool tx1, tx2;
    bool words; /* QQ10: INT32 x1 / x2 hold eight INT4 values a word (V5) */
};

/* QQ10: whether t is an INT4 operand, or an INT32 one holding eight a word where the
 * operator packs them so. */
static bool qq_packed(const aclTensor *t, bool words)
{
    return t->dtype == ACL_INT4 || (words && t->dtype == ACL_INT32);
}

/* QQ10: t's INT4 shape (a word's eight values along the last dim), for the shape checks. */
static aclTensor qq_unpacked(const aclTensor *t, bool words)
{
    aclTensor u = *t;
    if (words && t->dtype == ACL_INT32 && t->ndim > 0) {
        u.dtype = ACL_INT4;
        u.dims[t->ndim - 1] *= 8;
        u.offset *= 8;
        for (uint32_t d = 0; d + 1 < t->ndim; d++)
            u.strides[d] *= 8;
    }
    return u;
}

/* QQ10: an INT32 word view v (qt_view's) as the INT4 view QQ5's reader takes. */
static aclnnStatus qq_words_view(struct aclOpExecutor *e, struct ops_tensor *v, const aclTensor *t,
                                 const char *what)
{
    if (t->dtype != ACL_INT32)
        return ACLNN_SUCCESS;
    const int l = (int)t->ndim - 1;
    if (l < 0 || (t->strides[l] != 1 && t->dims[l] > 1)) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s is INT32 (eight INT4 values a word) and needs a unit stride along "
                       "its last dim",
                       e->op, what);
    }
    v->dt = DT_I8;
    v->dims[l] *= 8;
    v->strides[l] = 1;
    for (int d = 0; d < l; d++)
        v->strides[d] *= 8;
    v->offset *= 8;
    v->numel *= 8;
    return ACLNN_SUCCESS;
}

static aclnnStatus qq_vec(const char *name, const char *what, const aclTensor *t, int64_t len)
{
    int64_t num = ops_numel(t->dims, (int)t->ndim);
    if (num != 1 && num != len)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s holds %lld values, must hold 1 or %lld",
                       name, what, (long long)num, (long long)len);
    return ACLNN_SUCCESS;
}

static aclnnStatus qq_build(const struct qq_args *a, WS)
{
    const char *name = a->name;
    aclnnStatus rc;
    int dt;
    /* QQ5, QQ10 */
    const bool int4 = qq_packed(a->x1, a->words) && qq_packed(a->x2, a->words);
    if (!int4 && ((rc = ops_need_dt(name, "x1", a->x1->dtype, a->types, &dt)) ||
                  (rc = ops_need_dt(name, "x2", a->x2->dtype, a->types, &dt))))
        return rc;
    const aclDataType sdt = a->scale->dtype, odt = a->out->dtype;
    const bool word = sdt == ACL_UINT64 || sdt == ACL_INT64;
    if (!word && sdt != ACL_FLOAT && sdt != ACL_BF16)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s is %s, must be UINT64, INT64, FLOAT or BFLOAT16", name, a->scname,
                       ops_dt_name(sdt));
    if (odt != ACL_INT8 && odt != ACL_FLOAT16 && odt != ACL_BF16 && odt != ACL_INT32)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out is %s, must be INT8, FLOAT16, BFLOAT16 or INT32", name,
                       ops_dt_name(odt));
    if (a->offset && (a->offset->dtype != ACL_FLOAT || odt != ACL_INT8))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s must be FLOAT and is taken with an INT8 out only", name, a->offname);
    if (a->pertoken && a->pertoken->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be FLOAT (got %s)", name, a->ptname,
                       ops_dt_name(a->pertoken->dtype));
    const aclDataType bdt = a->bias ? a->bias->dtype : ACL_INT32;
    if (bdt != ACL_INT32 && bdt != ACL_FLOAT && bdt != ACL_BF16 && bdt != ACL_FLOAT16)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: bias is %s, must be INT32, FLOAT, BFLOAT16 or FLOAT16", name,
                       ops_dt_name(bdt));
    const int r1 = (int)a->x1->ndim, r2 = (int)a->x2->ndim;
    if (r1 < 2 || r2 < 2 || r1 > 6 || r2 > 6)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 (%d dims) and x2 (%d dims) need 2..6", name,
                       r1, r2);
    int64_t bd[OPS_MAX_DIMS], m, k, n; /* bd: the batch dims, then m, n */
    int nb = 0;
    const aclTensor u1 = qq_unpacked(a->x1, a->words), u2 = qq_unpacked(a->x2, a->words);
    if ((rc = ops_mm_shapes(name, &u1, a->tx1, &u2, a->tx2, QQ_BATCH, bd, &nb, &m, &k, &n)) ||
        (rc = ops_check_shape(name, bd, nb + 2, a->out, "out")) ||
        (rc = qq_vec(name, a->scname, a->scale, n)) ||
        (a->offset && (rc = qq_vec(name, a->offname, a->offset, n))) ||
        (a->pertoken && (rc = qq_vec(name, a->ptname, a->pertoken, m))) ||
        (a->bias && (rc = qq_vec(name, "bias", a->bias, n))))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 6, 1, sizeof(struct qq_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct qq_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x1, a->x1, "x1")) || (rc = qt_view(e, &p->x2, a->x2, "x2")) ||
        (int4 && ((rc = qq_words_view(e, &p->x1, a->x1, "x1")) ||
                  (rc = qq_words_view(e, &p->x2, a->x2, "x2")))) ||
        (rc = qt_view(e, &p->sc, a->scale, a->scname)) ||
        (rc = qt_view(e, &p->off, a->offset, a->offname)) ||
        (rc = qt_view(e, &p->pt, a->pertoken, a->ptname)) ||
        (rc = qt_view(e, &p->bias, a->bias, "bias")) || (rc = qt_view(e, &p->out, a->out, "out")))
        return rc;
    p->nb = nb;
    memcpy(p->bdims, bd, sizeof(int64_t) * (size_t)nb);
    p->m = m, p->k = k, p->n = n;
    const aclTensor *ts[3] = {&u1, &u2, a->out};
    for (int t = 0; t < 3; t++) {
        int tb = (int)ts[t]->ndim - 2;
        for (int d = 0; d < nb; d++) {
            int td = d - (nb - tb);
            p->bst[t][d] = (td < 0 || ts[t]->dims[td] == 1) ? 0 : ts[t]->strides[td];
        }
    }
    const int64_t *s1 = u1.strides + r1 - 2, *s2 = u2.strides + r2 - 2;
    p->x1rs = a->tx1 ? s1[1] : s1[0], p->x1cs = a->tx1 ? s1[0] : s1[1];
    p->x2rs = a->tx2 ? s2[1] : s2[0], p->x2cs = a->tx2 ? s2[0] : s2[1];
    p->has_off = a->offset != NULL;
    p->has_pt = a->pertoken != NULL;
    p->has_bias = a->bias != NULL;
    p->int_bias = a->bias && bdt == ACL_INT32;
    p->word_scale = word;
    p->int4 = int4;
    e->run = p->out.numel ? qq_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnQuantMatmulV3GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                               const aclTensor *scale, const aclTensor *offset,
                                               const aclTensor *bias, bool transposeX1,
                                               bool transposeX2, const aclTensor *out, WS)
{
    const char *name = "aclnnQuantMatmulV3";
    OPS_CHECK_NULLS(name, x1, x2, scale, out, workspaceSize, executor);
    struct qq_args a = {name,        OPS_DT_QuantMatmulV3,
                        x1,          x2,
                        scale,       offset,
                        NULL,        bias,
                        out,         "scale",
                        "offset",    "pertokenScaleOptional",
                        transposeX1, transposeX2,
                        false};
    return qq_build(&a, workspaceSize, executor);
}
PHASE2(QuantMatmulV3)

aclnnStatus aclnnQuantMatmulV4GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                               const aclTensor *scale, const aclTensor *offset,
                                               const aclTensor *pertokenScaleOptional,
                                               const aclTensor *bias, bool transposeX1,
                                               bool transposeX2, const aclTensor *out, WS)
{
    const char *name = "aclnnQuantMatmulV4";
    OPS_CHECK_NULLS(name, x1, x2, scale, out, workspaceSize, executor);
    struct qq_args a = {name,     OPS_DT_QuantMatmulV4,    x1,          x2,          scale,
                        offset,   pertokenScaleOptional,   bias,        out,         "scale",
                        "offset", "pertokenScaleOptional", transposeX1, transposeX2, false};
    return qq_build(&a, workspaceSize, executor);
}
PHASE2(QuantMatmulV4)

aclnnStatus aclnnQuantMatmulWeightNzGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale,
    const aclTensor *yScale, const aclTensor *x1Offset, const aclTensor *x2Offset,
    const aclTensor *yOffset, const aclTensor *bias, bool transposeX1, bool transposeX2,
    int64_t groupSize, aclTensor *out, WS)
{
    const char *name = "aclnnQuantMatmulWeightNz";
    OPS_CHECK_NULLS(name, x1, x2, x2Scale, out, workspaceSize, executor);
    if (yScale || x1Offset || yOffset || groupSize != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: yScale, x1Offset, yOffset and groupSize (%lld) are not supported by "
                       "cpuacl (pass NULL and 0)",
                       name, (long long)groupSize);
    struct qq_args a = {name,        OPS_DT_QuantMatmulWeightNz,
                        x1,          x2,
                        x2Scale,     x2Offset,
                        x1Scale,     bias,
                        out,         "x2Scale",
                        "x2Offset",  "x1Scale",
                        transposeX1, transposeX2,
                        false};
    return qq_build(&a, workspaceSize, executor);
}
PHASE2(QuantMatmulWeightNz)

aclnnStatus aclnnQuantMatmulV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                               const aclTensor *bias, const aclTensor *deqScale,
                                               bool adjX1, bool adjX2, aclTensor *out, WS)
{
    const char *name = "aclnnQuantMatmulV2";
    OPS_CHECK_NULLS(name, x1, x2, deqScale, out, workspaceSize, executor);
    if (bias && bias->dtype != ACL_INT32)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias is %s, must be INT32", name,
                       ops_dt_name(bias->dtype));
    struct qq_args a = {
        name,     OPS_DT_QuantMatmulV2, x1,    x2,    deqScale, NULL, NULL, bias, out, "deqScale",
        "offset", "pertokenScale",      adjX1, adjX2, false};
    return qq_build(&a, workspaceSize, executor);
}
PHASE2(QuantMatmulV2)

/* ---- DequantBias (QQ7) --------------------------------------------------------------------- */

struct db_plan {
    struct ops_tensor x, ws, as, bias, out;
    bool has_as, has_bias, int_bias;
    int64_t m, n;
};

static int32_t db_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct db_plan *p = e->plan;
    double *x = qt_gather(&p->x, addr, CK_F64), *ws = qt_gather(&p->ws, addr, CK_F64);
    double *as = p->has_as ? qt_gather(&p->as, addr, CK_F64) : NULL;
    double *b = p->has_bias ? qt_gather(&p->bias, addr, CK_F64) : NULL;
    int32_t rc = 0;
    if (!x || !ws || (p->has_as && !as) || (p->has_bias && !b)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    for (int64_t i = 0; i < p->m; i++)
        for (int64_t j = 0; j < p->n; j++) {
            double v = x[i * p->n + j] + (p->int_bias ? b[j] : 0);
            v = v * ws[j] * (as ? as[i] : 1);
            x[i * p->n + j] = b && !p->int_bias ? v + b[j] : v;
        }
    qt_scatter(x, &p->out, addr, CK_F64); /* rounded once (QQ2) */
done:
    free(x);
    free(ws);
    free(as);
    free(b);
    return rc;
}

aclnnStatus aclnnDequantBiasGetWorkspaceSize(const aclTensor *x, const aclTensor *weightScale,
                                             const aclTensor *activateScaleOptional,
                                             const aclTensor *biasOptional, int64_t outputDtype,
                                             const aclTensor *out, WS)
{
    const char *name = "aclnnDequantBias";
    OPS_CHECK_NULLS(name, x, weightScale, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "x", x->dtype, OPS_DT_DequantBias, &dt)))
        return rc;
    const aclTensor *as = activateScaleOptional, *bias = biasOptional;
    const aclDataType wt = weightScale->dtype;
    if ((wt != ACL_FLOAT && wt != ACL_BF16) || (as && as->dtype != ACL_FLOAT) ||
        (bias && bias->dtype != ACL_FLOAT && bias->dtype != ACL_BF16 &&
         bias->dtype != ACL_FLOAT16 && bias->dtype != ACL_INT32))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weightScale FLOAT / BFLOAT16, activateScaleOptional FLOAT, "
                       "biasOptional FLOAT / BFLOAT16 / FLOAT16 / INT32 (got %s)",
                       name, ops_dt_name(wt));
    if ((outputDtype != ACL_FLOAT16 && outputDtype != ACL_BF16) ||
        (int64_t)out->dtype != outputDtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: outputDtype %lld with out %s: must be FLOAT16 (1) or BFLOAT16 (27), "
                       "out's type",
                       name, (long long)outputDtype, ops_dt_name(out->dtype));
    if (x->ndim != 2 || x->dims[0] > 25000)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x must be [M, N] with M <= 25000", name);
    const int64_t m = x->dims[0], n = x->dims[1];
    const int64_t wn[1] = {n}, wm[1] = {m};
    if ((rc = ops_check_shape(name, wn, 1, weightScale, "weightScale")) ||
        (as && (rc = ops_check_shape(name, wm, 1, as, "activateScaleOptional"))) ||
        (bias && (rc = ops_check_shape(name, wn, 1, bias, "biasOptional"))) ||
        (rc = ops_check_shape(name, x->dims, 2, out, "out")))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 4, 1, sizeof(struct db_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct db_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x, x, "x")) || (rc = qt_view(e, &p->ws, weightScale, "weightScale")) ||
        (rc = qt_view(e, &p->as, as, "activateScaleOptional")) ||
        (rc = qt_view(e, &p->bias, bias, "biasOptional")) || (rc = qt_view(e, &p->out, out, "out")))
        return rc;
    p->has_as = as != NULL, p->has_bias = bias != NULL;
    p->int_bias = bias && bias->dtype == ACL_INT32;
    p->m = m, p->n = n;
    e->run = m > 0 && n > 0 ? db_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(DequantBias)

/* ---- BatchMatmulQuant (QQ8) ----------------------------------------------------------------- */

struct bq8_plan {
    struct ops_tensor x1, x2, qp, bias, out;
    bool has_bias;
    int64_t m, k, n;
};

static int32_t bq8_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct bq8_plan *p = e->plan;
    float *a = qt_gather(&p->x1, addr, CK_F32), *b = qt_gather(&p->x2, addr, CK_F32);
    float *bias = p->has_bias ? qt_gather(&p->bias, addr, CK_F32) : NULL;
    int64_t *w = qt_gather(&p->qp, addr, CK_I64);
    int64_t *q = malloc((size_t)(p->m * p->n) * sizeof(int64_t));
    int32_t rc = 0;
    if (!a || !b || (p->has_bias && !bias) || !w || !q) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    for (int64_t i = 0; i < p->m; i++)
        for (int64_t j = 0; j < p->n; j++) {
            float acc = 0;
            for (int64_t t = 0; t < p->k; t++)
                acc += a[i * p->k + t] * b[t * p->n + j];
            const uint64_t wd = (uint64_t)w[p->qp.numel == 1 ? 0 : j];
            const double v =
                (double)(acc + (bias ? bias[j] : 0.0f)) * qt_word_scale(wd) + qt_word_offset(wd);
            q[i * p->n + j] = qt_round_sat(v, 0, -128, 127);
        }
    qt_scatter(q, &p->out, addr, CK_I64);
done:
    free(a);
    free(b);
    free(bias);
    free(w);
    free(q);
    return rc;
}

aclnnStatus aclnnBatchMatmulQuantGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                  const aclTensor *quantParam,
                                                  const aclTensor *bias, bool transposeX1,
                                                  bool transposeX2, aclTensor *out, WS)
{
    const char *name = "aclnnBatchMatmulQuant";
    OPS_CHECK_NULLS(name, x1, x2, quantParam, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "x1", x1->dtype, OPS_DT_BatchMatmulQuant, &dt)) ||
        (rc = ops_need_dt(name, "x2", x2->dtype, OPS_DT_BatchMatmulQuant, &dt)) ||
        (bias && (rc = ops_need_dt(name, "bias", bias->dtype, OPS_DT_BatchMatmulQuant, &dt))))
        return rc;
    if (quantParam->dtype != ACL_UINT64 || quantParam->ndim != 1 || out->dtype != ACL_INT8)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: quantParam must be UINT64 1-D and out INT8 (got %s, %s)", name,
                       ops_dt_name(quantParam->dtype), ops_dt_name(out->dtype));
    if (x1->ndim != 2 || x2->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 and x2 must be 2-D", name);
    const int64_t m = transposeX1 ? x1->dims[1] : x1->dims[0];
    const int64_t k = transposeX1 ? x1->dims[0] : x1->dims[1];
    const int64_t k2 = transposeX2 ? x2->dims[1] : x2->dims[0];
    const int64_t n = transposeX2 ? x2->dims[0] : x2->dims[1];
    const int64_t nq = quantParam->dims[0];
    if (k != k2 || (nq != 1 && nq < n) || (bias && (bias->ndim != 1 || bias->dims[0] != n)))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x1's k %lld and x2's k %lld must agree, quantParam hold 1 or at least "
                       "n = %lld words and bias [n]",
                       name, (long long)k, (long long)k2, (long long)n);
    const int64_t want[2] = {m, n};
    if ((rc = ops_check_shape(name, want, 2, out, "out")))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 4, 1, sizeof(struct bq8_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct bq8_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x1, x1, "x1")) || (rc = qt_view(e, &p->x2, x2, "x2")) ||
        (rc = qt_view(e, &p->qp, quantParam, "quantParam")) ||
        (rc = qt_view(e, &p->bias, bias, "bias")) || (rc = qt_view(e, &p->out, out, "out")))
        return rc;
    /* the transposes as views of the stored operands */
    if (transposeX1) {
        int64_t t = p->x1.dims[0];
        p->x1.dims[0] = p->x1.dims[1], p->x1.dims[1] = t;
        t = p->x1.strides[0], p->x1.strides[0] = p->x1.strides[1], p->x1.strides[1] = t;
    }
    if (transposeX2) {
        int64_t t = p->x2.dims[0];
        p->x2.dims[0] = p->x2.dims[1], p->x2.dims[1] = t;
        t = p->x2.strides[0], p->x2.strides[0] = p->x2.strides[1], p->x2.strides[1] = t;
    }
    if (nq > 1) /* the first n words (the rest pad to 16) */
        p->qp.dims[0] = n, p->qp.numel = n;
    p->has_bias = bias != NULL;
    p->m = m, p->k = k, p->n = n;
    e->run = m > 0 && n > 0 ? bq8_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(BatchMatmulQuant)

/* ---- QuantMatmulV5 (QQ9) ------------------------------------------------------------------- */

struct gb_plan {
    struct ops_tensor x1, x2, s1, s2, bias, out;
    bool has_bias;
    int64_t m, k, n, gm, gn, gk;
};

static int32_t gb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gb_plan *p = e->plan;
    const int64_t m = p->m, k = p->k, n = p->n;
    int64_t *a = qt_gather(&p->x1, addr, CK_I64), *b = qt_gather(&p->x2, addr, CK_I64);
    double *s1 = qt_gather(&p->s1, addr, CK_F64), *s2 = qt_gather(&p->s2, addr, CK_F64);
    double *bias = p->has_bias ? qt_gather(&p->bias, addr, CK_F64) : NULL;
    double *o = malloc((size_t)(m * n) * sizeof(double));
    int32_t rc = 0;
    if (!a || !b || !s1 || !s2 || (p->has_bias && !bias) || !o) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    const int64_t kbs = (k + p->gk - 1) / p->gk, nbs = (n + p->gn - 1) / p->gn;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double v = 0;
            for (int64_t kb = 0; kb < kbs; kb++) {
                int64_t acc = 0;
                for (int64_t t = kb * p->gk; t < k && t < (kb + 1) * p->gk; t++)
                    acc += a[i * k + t] * b[t * n + j];
                v += (double)acc * s1[(i / p->gm) * kbs + kb] * s2[kb * nbs + j / p->gn];
            }
            o[i * n + j] = v + (bias ? bias[j] : 0);
        }
    qt_scatter(o, &p->out, addr, CK_F64);
done:
    free(a);
    free(b);
    free(s1);
    free(s2);
    free(bias);
    free(o);
    return rc;
}

/* The per-block form's checks and plan (QQ9). */
static aclnnStatus gb_build(const char *name, const aclTensor *x1, const aclTensor *x2,
                            const aclTensor *s1, const aclTensor *s2, const aclTensor *bias,
                            bool tx1, bool tx2, int64_t groupSize, const aclTensor *out, WS)
{
    aclnnStatus rc;
    int dt;
    const int64_t gm = (groupSize >> 32) & 0xFFFF, gn = (groupSize >> 16) & 0xFFFF;
    const int64_t gk = groupSize & 0xFFFF;
    if ((rc = ops_need_dt(name, "x1", x1->dtype, OPS_DT_QuantMatmulV5, &dt)) ||
        (rc = ops_need_dt(name, "x2", x2->dtype, OPS_DT_QuantMatmulV5, &dt)))
        return rc;
    if (!s1 || s1->dtype != ACL_FLOAT || s2->dtype != ACL_FLOAT ||
        (bias && bias->dtype != ACL_FLOAT) || (out->dtype != ACL_FLOAT16 && out->dtype != ACL_BF16))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the per-block form takes FLOAT x1Scale, x2Scale and bias and a FLOAT16 "
                       "/ BFLOAT16 out",
                       name);
    if (x1->ndim != 2 || x2->ndim != 2 || tx1 || gm < 1 || gn < 1 || gk < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the per-block form takes 2-D x1, x2, transposeX1 false and groupSize "
                       "0x%llx with nonzero M, N, K groups",
                       name, (unsigned long long)groupSize);
    const int64_t m = x1->dims[0], k = x1->dims[1];
    const int64_t k2 = tx2 ? x2->dims[1] : x2->dims[0], n = tx2 ? x2->dims[0] : x2->dims[1];
    const int64_t mb = (m + gm - 1) / gm, kb = (k + gk - 1) / gk, nb = (n + gn - 1) / gn;
    const int64_t w1[2] = {mb, kb}, w2[2] = {tx2 ? nb : kb, tx2 ? kb : nb}, wb[1] = {n};
    const int64_t wo[2] = {m, n};
    if (k != k2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1's k %lld and x2's k %lld differ", name,
                       (long long)k, (long long)k2);
    if ((rc = ops_check_shape(name, w1, 2, s1, "x1Scale")) ||
        (rc = ops_check_shape(name, w2, 2, s2, "x2Scale")) ||
        (bias && (rc = ops_check_shape(name, wb, 1, bias, "bias"))) ||
        (rc = ops_check_shape(name, wo, 2, out, "out")))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 5, 1, sizeof(struct gb_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct gb_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x1, x1, "x1")) || (rc = qt_view(e, &p->x2, x2, "x2")) ||
        (rc = qt_view(e, &p->s1, s1, "x1Scale")) || (rc = qt_view(e, &p->s2, s2, "x2Scale")) ||
        (rc = qt_view(e, &p->bias, bias, "bias")) || (rc = qt_view(e, &p->out, out, "out")))
        return rc;
    if (tx2) { /* x2 and its scales as [k, n] / [kb, nb] views */
        int64_t t = p->x2.dims[0];
        p->x2.dims[0] = p->x2.dims[1], p->x2.dims[1] = t;
        t = p->x2.strides[0], p->x2.strides[0] = p->x2.strides[1], p->x2.strides[1] = t;
        t = p->s2.dims[0];
        p->s2.dims[0] = p->s2.dims[1], p->s2.dims[1] = t;
        t = p->s2.strides[0], p->s2.strides[0] = p->s2.strides[1], p->s2.strides[1] = t;
    }
    p->has_bias = bias != NULL;
    p->m = m, p->k = k, p->n = n, p->gm = gm, p->gn = gn, p->gk = gk;
    e->run = m > 0 && n > 0 ? gb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* ---- QuantMatmulV5's K-G form (QQ11) ----------------------------------------------------------
 */

struct kg_plan {
    struct ops_tensor x1, x2, s1, s2, o2, yoff, out;
    bool a4w4;  /* INT4 x1 (else INT8) */
    bool words; /* x2Scale in TransQuantParam words */
    int64_t m, k, n, gk;
    int64_t x2rs, x2cs; /* x2's element strides as [k, n] */
};

static int32_t kg_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct kg_plan *p = e->plan;
    const int64_t m = p->m, k = p->k, n = p->n, gk = p->gk, kbs = (k + gk - 1) / gk;
    int64_t *a = malloc((size_t)(m * k + k * n) * sizeof(int64_t)), *b = a ? a + m * k : NULL;
    double *s1 = qt_gather(&p->s1, addr, CK_F64);
    double *s2 = malloc((size_t)(kbs * n) * sizeof(double));
    double *o2 = p->a4w4 ? qt_gather(&p->o2, addr, CK_F64) : NULL;
    double *yo = p->a4w4 ? NULL : qt_gather(&p->yoff, addr, CK_F64);
    double *o = malloc((size_t)(m * n) * sizeof(double));
    int32_t rc = 0;
    if (!a || !s1 || !s2 || (p->a4w4 ? !o2 : !yo) || !o) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    if (p->a4w4)
        qt_gather4(a, addr[p->x1.slot], p->x1.offset, m, k, p->x1.strides[0], p->x1.strides[1]);
    else {
        const int64_t d1[2] = {m, k}, st1[2] = {p->x1.strides[0], p->x1.strides[1]};
        ops_gather_nd(a, CK_I64, ops_elem(&p->x1, addr, 0), p->x1.dt, 2, d1, st1);
    }
    qt_gather4(b, addr[p->x2.slot], p->x2.offset, k, n, p->x2rs, p->x2cs);
    if (p->words) { /* QQ3's float of each word */
        int64_t *w = qt_gather(&p->s2, addr, CK_I64);
        if (!w) {
            rc = ACL_ERROR_BAD_ALLOC;
            goto done;
        }
        for (int64_t i = 0; i < kbs * n; i++)
            s2[i] = qt_word_scale((uint64_t)w[i]);
        free(w);
    } else {
        double *f = qt_gather(&p->s2, addr, CK_F64);
        if (!f) {
            rc = ACL_ERROR_BAD_ALLOC;
            goto done;
        }
        memcpy(s2, f, (size_t)(kbs * n) * sizeof(double));
        free(f);
    }
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double v = 0;
            for (int64_t g = 0; g < kbs; g++) {
                int64_t acc = 0, xs = 0;
                for (int64_t t = g * gk; t < k && t < (g + 1) * gk; t++) {
                    acc += a[i * k + t] * b[t * n + j];
                    xs += a[i * k + t];
                }
                const double d = p->a4w4 ? (double)acc - o2[g * n + j] * (double)xs : (double)acc;
                v += p->a4w4 ? s1[i] * s2[g * n + j] * d : d * s2[g * n + j];
            }
            o[i * n + j] = p->a4w4 ? v : (v + yo[j]) * s1[i];
        }
    qt_scatter(o, &p->out, addr, CK_F64);
done:
    free(a);
    free(s1);
    free(s2);
    free(o2);
    free(yo);
    free(o);
    return rc;
}

/* The K-G form's checks and plan (QQ11): the two combinations of CANN's table. */
static aclnnStatus kg_build(const char *name, const aclTensor *x1, const aclTensor *x2,
                            const aclTensor *s1, const aclTensor *s2, const aclTensor *o2,
                            const aclTensor *yoff, const aclTensor *bias, bool tx1, bool tx2,
                            int64_t gk, const aclTensor *out, WS)
{
    const bool a4w4 = x1->dtype == ACL_INT4 && x2->dtype == ACL_INT4;
    const bool a8w4 = x1->dtype == ACL_INT8 && x2->dtype == ACL_INT32;
    if (!a4w4 && !a8w4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the K-G form (groupSize %lld) takes INT8 x1 with INT32 x2 or INT4 x1 "
                       "with INT4 x2, not %s with %s",
                       name, (long long)gk, ops_dt_name(x1->dtype), ops_dt_name(x2->dtype));
    if (x1->ndim != 2 || x2->ndim != 2 || tx1 || tx2 != a4w4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the K-G form takes 2-D x1 and x2, transposeX1 false and transposeX2 "
                       "%s with %s x1",
                       name, a4w4 ? "true" : "false", a4w4 ? "INT4" : "INT8");
    if (bias)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the K-G form takes no bias", name);
    const bool words = s2->dtype == ACL_UINT64 || s2->dtype == ACL_INT64;
    if (!s1 || s1->dtype != ACL_FLOAT || (a8w4 ? !words : s2->dtype != ACL_FLOAT))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the K-G form takes a FLOAT x1Scale and a%s x2Scale", name,
                       a8w4 ? " UINT64 / INT64" : " FLOAT");
    if (a8w4 ? (o2 || !yoff || yoff->dtype != ACL_FLOAT)
             : (yoff || !o2 || o2->dtype != ACL_FLOAT16))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the K-G form with %s x1 takes %s", name,
                       a8w4 ? "INT8" : "INT4",
                       a8w4 ? "a FLOAT yOffset and no x2Offset"
                            : "a FLOAT16 x2Offset and no yOffset");
    if (a8w4 ? (out->dtype != ACL_FLOAT16 && out->dtype != ACL_BF16) : out->dtype != ACL_BF16)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the K-G form with %s x1 writes %s, not %s",
                       name, a8w4 ? "INT8" : "INT4", a8w4 ? "FLOAT16 or BFLOAT16" : "BFLOAT16",
                       ops_dt_name(out->dtype));
    const aclTensor u2 = qq_unpacked(x2, true);
    const int64_t m = x1->dims[0], k = x1->dims[1];
    const int64_t k2 = tx2 ? u2.dims[1] : u2.dims[0], n = tx2 ? u2.dims[0] : u2.dims[1];
    const int64_t kb = (k + gk - 1) / gk;
    const int64_t ws1[2] = {m, 1}, ws2[2] = {kb, n}, wy[1] = {n}, wo[2] = {m, n};
    aclnnStatus rc;
    if (k != k2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1's k %lld and x2's k %lld differ", name,
                       (long long)k, (long long)k2);
    if (gk != 256 || k % (a4w4 ? 1024 : 256) || (a4w4 && n % 256))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the K-G form takes groupSize 256 (got %lld), k a multiple of %d (got "
                       "%lld)%s",
                       name, (long long)gk, a4w4 ? 1024 : 256, (long long)k,
                       a4w4 ? " and n a multiple of 256" : "");
    if ((rc = ops_check_shape(name, ws1, 2, s1, "x1Scale")) ||
        (rc = ops_check_shape(name, ws2, 2, s2, "x2Scale")) ||
        (o2 && (rc = ops_check_shape(name, ws2, 2, o2, "x2Offset"))) ||
        (yoff && (rc = ops_check_shape(name, wy, 1, yoff, "yOffset"))) ||
        (rc = ops_check_shape(name, wo, 2, out, "out")))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 6, 1, sizeof(struct kg_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct kg_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x1, x1, "x1")) || (rc = qt_view(e, &p->x2, x2, "x2")) ||
        (rc = qq_words_view(e, &p->x2, x2, "x2")) || (rc = qt_view(e, &p->s1, s1, "x1Scale")) ||
        (rc = qt_view(e, &p->s2, s2, "x2Scale")) || (rc = qt_view(e, &p->o2, o2, "x2Offset")) ||
        (rc = qt_view(e, &p->yoff, yoff, "yOffset")) || (rc = qt_view(e, &p->out, out, "out")))
        return rc;
    p->a4w4 = a4w4;
    p->words = words;
    p->m = m, p->k = k, p->n = n, p->gk = gk;
    p->x2rs = tx2 ? p->x2.strides[1] : p->x2.strides[0];
    p->x2cs = tx2 ? p->x2.strides[0] : p->x2.strides[1];
    e->run = m > 0 && n > 0 ? kg_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnQuantMatmulV5GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                               const aclTensor *x1Scale, const aclTensor *x2Scale,
                                               const aclTensor *yScale, const aclTensor *x1Offset,
                                               const aclTensor *x2Offset, const aclTensor *yOffset,
                                               const aclTensor *bias, bool transposeX1,
                                               bool transposeX2, int64_t groupSize, aclTensor *out,
                                               WS)
{
    const char *name = "aclnnQuantMatmulV5";
    OPS_CHECK_NULLS(name, x1, x2, x2Scale, out, workspaceSize, executor);
    if (yScale || x1Offset)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: yScale and x1Offset are not supported by cpuacl (pass NULL)", name);
    if (groupSize != 0 && ((groupSize >> 16) & 0xFFFFFFFF) == 0) /* QQ11: K-G, gk alone */
        return kg_build(name, x1, x2, x1Scale, x2Scale, x2Offset, yOffset, bias, transposeX1,
                        transposeX2, groupSize & 0xFFFF, out, workspaceSize, executor);
    if (yOffset)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: yOffset is taken by the K-G form only (groupSize with K alone)", name);
    if (groupSize != 0) {
        if (x2Offset)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: x2Offset with a groupSize is not supported by cpuacl", name);
        return gb_build(name, x1, x2, x1Scale, x2Scale, bias, transposeX1, transposeX2, groupSize,
                        out, workspaceSize, executor);
    }
    struct qq_args a = {name,        OPS_DT_QuantMatmulV5,
                        x1,          x2,
                        x2Scale,     x2Offset,
                        x1Scale,     bias,
                        out,         "x2Scale",
                        "x2Offset",  "x1Scale",
                        transposeX1, transposeX2,
                        true};
    return qq_build(&a, workspaceSize, executor);
}
PHASE2(QuantMatmulV5)
