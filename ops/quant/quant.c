/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Elementwise quantisation: TransQuantParam/V2/V3 (float scale and offset into
 * the 64-bit words the quantised matmuls take), AscendQuant/V3 (float to
 * INT8 with a scale and offset along one dim), Quantize (the same with a
 * divided scale and a zero point, to INT8, UINT8 or INT32), AscendAntiQuant
 * (INT8 back to a float type), DynamicQuant / V2 (per-row INT8 or INT4 with
 * the scales computed), FakeQuantPerTensor/PerChannelAffineCachemask
 * (quantise and dequantise, with the mask of the values in range), and the
 * room's shared helpers (quant.h).
 *
 *  QT1. A TransQuantParam word: the float scale's bits with the low 13
 *      mantissa bits cleared (the high 19 bits: FP19) in bits 0..31, bit 46
 *      set, and with an offset its value rounded half to even, clamped to
 *      [-256, 255] and kept as 9 bits in bits 37..45. V3's roundMode 1 first
 *      rounds the scale's bits to the nearest FP19 (half to even on the
 *      dropped bits); 0 truncates as V2 does.
 *  QT2. Values are computed in float32 from the inputs as stored (FLOAT16 and
 *      BFLOAT16 widened) and rounded once: to INT8 by the round mode
 *      ("round": half to even, as the NPU's CAST_RINT; "floor", "ceil",
 *      "trunc"), saturating at -128 / 127 (NaN gives 0); to a float out type
 *      to nearest even.
 *  QT3. scale and offset run along one dim of x (the last; V3: axis) and hold
 *      1 or that dim's size elements (1-D, or x's rank with every other dim
 *      1); they are read flat.
 *  QT5. Quantize: out = round(x / scales + zeroPoints) as CANN documents it,
 *      in float32 (QT2: the zero point read as float, the sum rounded half to
 *      even, as torch's quantize_per_channel), saturated to out's type (INT8,
 *      UINT8 or INT32: dtype); scales and zeroPoints along axis as QT3, of
 *      one size.
 *  QT6. FakeQuant*AffineCachemask, as CANN documents them (torch's
 *      fake_quantize_per_*_affine_cachemask): q = nearbyint(self / scale) +
 *      zeroPoint (float32, half to even), out = (clamp(q, quantMin,
 *      quantMax) - zeroPoint) * scale rounded once to out's type, mask = q in
 *      [quantMin, quantMax]. Per tensor, fakeQuantEnabled < 1 copies self and
 *      sets every mask element. Per channel, scale and zeroPoint run along
 *      axis (QT3) and a float zeroPoint gives q = nearbyint(self / scale +
 *      zeroPoint).
 *  QT8. GroupQuant, as CANN documents it: y = round(x * scale[e] + offset),
 *      row r of x [S, H] in group e, the first whose cumulative end
 *      (groupIndex) passes r (the last group past every end), in float32,
 *      half to even, saturated to INT8 or INT4 (INT4 and INT32 outs packed by
 *      qt_pack4, y contiguous); offsetOptional is one value.
 *  QT4. DynamicQuant: each row (the last dim) is multiplied by
 *      smoothScalesOptional, its scale is max|row| / 127 and y = row / scale
 *      rounded half to even; an all-zero row has scale 0 and y 0.
 *  QT7. DynamicQuantV2, as CANN documents it: QT4 into INT8, INT4 (two a
 *      byte) or INT32 (eight INT4 a word; both packed by qt_pack4, yOut
 *      contiguous) with qmax 127 / 7; with groupIndexOptional (cumulative row
 *      ends per expert, INT32 / INT64) a row takes smoothScalesOptional[e] of
 *      the first expert e whose end passes it (the last one past every end).
 *      With offsetOut the quantisation is asymmetric: scale = (max - min) /
 *      (qmax - qmin), offset = qmax - max / scale, y = round(row / scale +
 *      offset); a constant row has scale 0, offset 0 and y 0 (cpuacl's
 *      choice: the formula divides by 0).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_ascend_anti_quant.h"
#include "aclnnop/aclnn_ascend_quant.h"
#include "aclnnop/aclnn_ascend_quant_v3.h"
#include "aclnnop/aclnn_dynamic_quant.h"
#include "aclnnop/aclnn_dynamic_quant_v2.h"
#include "aclnnop/aclnn_fake_quant_per_channel_affine_cachemask.h"
#include "aclnnop/aclnn_fake_quant_per_tensor_affine_cachemask.h"
#include "aclnnop/aclnn_group_quant.h"
#include "aclnnop/aclnn_quantize.h"
#include "aclnnop/aclnn_trans_quant_param.h"
#include "aclnnop/aclnn_trans_quant_param_v2.h"
#include "aclnnop/aclnn_trans_quant_param_v3.h"
#include "ops/quant/quant.h"
#include "ops/quant/table.h"

/* ---- shared helpers (quant.h) -----------------------------------------------------------------
 */

aclnnStatus qt_view(struct aclOpExecutor *e, struct ops_tensor *v, const aclTensor *t,
                    const char *what)
{
    int slot = ops_exec_slot(e, t);
    if (!t)
        return ACLNN_SUCCESS;
    aclnnStatus rc;
    if (t->dtype == ACL_UINT64 || t->dtype == ACL_INT4) {
        if ((rc = ops_check_dims(t, e->op, what))) {
            ops_exec_discard(e);
            return rc;
        }
        memset(v, 0, sizeof(*v));
        v->dt = t->dtype == ACL_INT4 ? DT_I8 : DT_I64;
        v->ndim = (int8_t)t->ndim;
        v->slot = (int16_t)slot;
        v->offset = t->offset;
        for (uint32_t i = 0; i < t->ndim; i++)
            v->dims[i] = t->dims[i], v->strides[i] = t->strides[i];
        v->numel = ops_numel(v->dims, v->ndim);
        return ACLNN_SUCCESS;
    }
    if ((rc = ops_tensor_from(v, t, slot, e->op, what)))
        ops_exec_discard(e);
    return rc;
}

float qt_word_scale(uint64_t w)
{
    uint32_t b = (uint32_t)w;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

int qt_word_offset(uint64_t w)
{
    int v = (int)((w >> 37) & 0x1FF);
    return v >= 256 ? v - 512 : v;
}

void qt_pack4(void *dst, const int64_t *v, int64_t n, bool words)
{
    unsigned char *o = dst;
    if (words) {
        for (int64_t j = 0; j < n / 8; j++) {
            uint32_t w = 0;
            for (int q = 0; q < 8; q++)
                w |= (uint32_t)(v[8 * j + q] & 0xF) << (4 * q);
            memcpy(o + 4 * j, &w, sizeof w);
        }
        return;
    }
    for (int64_t i = 0; i < n; i += 2)
        o[i / 2] = (unsigned char)((v[i] & 0xF) | (i + 1 < n ? v[i + 1] & 0xF : 0) << 4);
}

void qt_gather4(int64_t *dst, const void *base, int64_t off, int64_t rows, int64_t cols, int64_t rs,
                int64_t cs)
{
    const unsigned char *b = base;
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) {
            int64_t i = off + r * rs + c * cs;
            int v = (i & 1) ? b[i >> 1] >> 4 : b[i >> 1] & 0xF;
            dst[r * cols + c] = v >= 8 ? v - 16 : v;
        }
}

int64_t qt_round_sat(double v, int mode, int64_t lo, int64_t hi)
{
    if (isnan(v))
        return 0;
    double r = mode == 0   ? nearbyint(v)
               : mode == 1 ? round(v)
               : mode == 2 ? floor(v)
               : mode == 3 ? ceil(v)
                           : trunc(v);
    return r < (double)lo ? lo : r > (double)hi ? hi : (int64_t)r;
}

void *qt_gather(const struct ops_tensor *t, void *const *addr, int ck)
{
    void *buf = malloc((size_t)(t->numel > 0 ? t->numel : 1) * (size_t)ops_ck_size(ck));
    if (buf && t->numel)
        ops_gather_nd(buf, ck, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    return buf;
}

void qt_scatter(const void *buf, const struct ops_tensor *t, void *const *addr, int ck)
{
    if (t->numel)
        ops_scatter_nd(buf, ck, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
}

/* ---- TransQuantParamV2 / V3 (QT1) ----------------------------------------------------------- */

struct tqp_plan {
    struct ops_tensor s, o, out;
    bool has_off;
    int64_t round_mode;
};

/* One word (QT1) of scale f and, when off is not NULL, its offset. */
static uint64_t tqp_word(float f, const float *off, int round_mode)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    if (round_mode == 1) /* to the nearest FP19, ties to even */
        b += 0xFFFu + ((b >> 13) & 1u);
    uint64_t v = (uint64_t)(b & 0xFFFFE000u) | (1ull << 46);
    if (off) {
        int64_t o = qt_round_sat(*off, 0, -256, 255);
        v = (v & 0x4000FFFFFFFFull) | (((uint64_t)o & 0x1FFu) << 37);
    }
    return v;
}

static int32_t tqp_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct tqp_plan *p = e->plan;
    float *s = qt_gather(&p->s, addr, CK_F32);
    float *o = p->has_off ? qt_gather(&p->o, addr, CK_F32) : NULL;
    int64_t *w = malloc((size_t)p->out.numel * sizeof(int64_t));
    int32_t rc = 0;
    if (!s || (p->has_off && !o) || !w) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    for (int64_t i = 0; i < p->out.numel; i++)
        w[i] = (int64_t)tqp_word(s[p->s.numel == 1 ? 0 : i], o ? &o[p->o.numel == 1 ? 0 : i] : NULL,
                                 (int)p->round_mode);
    qt_scatter(w, &p->out, addr, CK_I64);
done:
    free(s);
    free(o);
    free(w);
    return rc;
}

static aclnnStatus tqp_build(const char *name, unsigned types, const aclTensor *scale,
                             const aclTensor *offset, int64_t roundMode, const aclTensor *out, WS)
{
    OPS_CHECK_NULLS(name, scale, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "scale", scale->dtype, types, &dt)) ||
        (offset && (rc = ops_need_dt(name, "offset", offset->dtype, types, &dt))))
        return rc;
    if (out->dtype != ACL_UINT64 && out->dtype != ACL_INT64)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, must be UINT64 or INT64", name,
                       ops_dt_name(out->dtype));
    if (roundMode != 0 && roundMode != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: roundMode %lld is not 0 or 1", name,
                       (long long)roundMode);
    const aclTensor *ts[3] = {scale, offset, out};
    const char *tn[3] = {"scale", "offset", "out"};
    int64_t n = 0, num[3] = {0, 0, 0};
    for (int i = 0; i < 3; i++) {
        if (!ts[i])
            continue;
        if (ts[i]->ndim < 1 || ts[i]->ndim > 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %u dims, must have 1 or 2", name,
                           tn[i], ts[i]->ndim);
        num[i] = ops_numel(ts[i]->dims, (int)ts[i]->ndim);
        if (num[i] == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is empty", name, tn[i]);
        if (i < 2 && num[i] > n)
            n = num[i];
    }
    if ((num[0] != 1 && num[0] != n) || (offset && num[1] != 1 && num[1] != n) || num[2] != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: scale (%lld elements) and offset (%lld) must hold 1 or n elements and "
                       "out n = %lld (out has %lld)",
                       name, (long long)num[0], (long long)num[1], (long long)n, (long long)num[2]);
    struct aclOpExecutor *e = ops_exec_plan(name, 2, 1, sizeof(struct tqp_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct tqp_plan *p = e->plan;
    if ((rc = qt_view(e, &p->s, scale, "scale")) || (rc = qt_view(e, &p->o, offset, "offset")) ||
        (rc = qt_view(e, &p->out, out, "out")))
        return rc;
    p->has_off = offset != NULL;
    p->round_mode = roundMode;
    e->run = tqp_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnTransQuantParamV2GetWorkspaceSize(const aclTensor *scale, const aclTensor *offset,
                                                   const aclTensor *out, WS)
{
    return tqp_build("aclnnTransQuantParamV2", OPS_DT_TransQuantParamV2, scale, offset, 0, out,
                     workspaceSize, executor);
}
PHASE2(TransQuantParamV2)

aclnnStatus aclnnTransQuantParamV3GetWorkspaceSize(const aclTensor *scale, const aclTensor *offset,
                                                   int64_t roundMode, const aclTensor *out, WS)
{
    return tqp_build("aclnnTransQuantParamV3", OPS_DT_TransQuantParamV3, scale, offset, roundMode,
                     out, workspaceSize, executor);
}
PHASE2(TransQuantParamV3)

/* TransQuantParam: the same words from host arrays into a malloc'ed array (QT1). */
aclnnStatus aclnnTransQuantParam(const float *scaleArray, uint64_t scaleSize,
                                 const float *offsetArray, uint64_t offsetSize,
                                 uint64_t **quantParam, uint64_t *quantParamSize)
{
    const char *name = "aclnnTransQuantParam";
    OPS_CHECK_NULLS(name, scaleArray, quantParam, quantParamSize);
    const uint64_t n = scaleSize > offsetSize ? scaleSize : offsetSize;
    if (scaleSize == 0 || (offsetArray ? offsetSize == 0 : offsetSize != 0) ||
        (scaleSize != 1 && scaleSize != n) || (offsetArray && offsetSize != 1 && offsetSize != n))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: scaleSize %llu and offsetSize %llu must be 1 or n (offsetSize 0 "
                       "without offsetArray)",
                       name, (unsigned long long)scaleSize, (unsigned long long)offsetSize);
    uint64_t *w = malloc((size_t)n * sizeof(uint64_t));
    if (!w)
        return ops_err(ACLNN_ERR_INNER_NULLPTR, "%s: out of memory", name);
    for (uint64_t i = 0; i < n; i++)
        w[i] = tqp_word(scaleArray[scaleSize == 1 ? 0 : i],
                        offsetArray ? &offsetArray[offsetSize == 1 ? 0 : i] : NULL, 0);
    *quantParam = w;
    *quantParamSize = n;
    return ACLNN_SUCCESS;
}

/* ---- AscendQuant / V3, AscendAntiQuant (QT2, QT3) -------------------------------------------- */

enum aq_kind { AQ_QUANT, AQ_ANTI, AQ_QUANTIZE };

struct aq_plan {
    struct ops_tensor x, s, o, y;
    bool has_off, sqrt_mode, anti, divide;
    int mode;             /* qt_round_sat's */
    int64_t lo, hi;       /* the integer out's range */
    int64_t along, inner; /* the scale dim's size and the elements after it */
};

static int32_t aq_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct aq_plan *p = e->plan;
    float *x = qt_gather(&p->x, addr, CK_F32), *s = qt_gather(&p->s, addr, CK_F32);
    float *o = p->has_off ? qt_gather(&p->o, addr, CK_F32) : NULL;
    int64_t *q = p->anti ? NULL : malloc((size_t)p->x.numel * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || !s || (p->has_off && !o) || (!p->anti && !q)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    for (int64_t i = 0; i < p->x.numel; i++) {
        int64_t a = (i / p->inner) % p->along;
        float sc = s[p->s.numel == 1 ? 0 : a], of = o ? o[p->o.numel == 1 ? 0 : a] : 0.0f;
        if (p->sqrt_mode)
            sc *= sc;
        if (p->anti)
            x[i] = (x[i] + of) * sc;
        else if (p->divide)
            q[i] = qt_round_sat((double)(x[i] / sc + of), p->mode, p->lo, p->hi);
        else
            q[i] = qt_round_sat((double)(x[i] * sc + of), p->mode, p->lo, p->hi);
    }
    if (p->anti)
        qt_scatter(x, &p->y, addr, CK_F32);
    else
        qt_scatter(q, &p->y, addr, CK_I64);
done:
    free(x);
    free(s);
    free(o);
    free(q);
    return rc;
}

/* scale / offset along dim `axis` of x (QT3). */
static aclnnStatus aq_param_ok(const char *name, const char *what, const aclTensor *t,
                               const aclTensor *x, int axis)
{
    int64_t n = ops_numel(t->dims, (int)t->ndim), d = x->dims[axis];
    bool ok = n == 1 || n == d;
    if (ok && t->ndim > 1) {
        ok = t->ndim == x->ndim;
        for (int i = 0; ok && i < (int)t->ndim; i++)
            ok = t->dims[i] == 1 || (i == axis && t->dims[i] == d);
    }
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s must hold 1 or %lld elements along x's dim %d (1-D, or x's rank "
                       "with the other dims 1)",
                       name, what, (long long)d, axis);
    return ACLNN_SUCCESS;
}

static aclnnStatus aq_build(const char *name, unsigned types, enum aq_kind kind, const aclTensor *x,
                            const aclTensor *scale, const aclTensor *offset, bool sqrtMode,
                            int mode, int axis, const aclTensor *y, WS)
{
    aclnnStatus rc;
    int dt;
    const bool anti = kind == AQ_ANTI, qz = kind == AQ_QUANTIZE;
    unsigned xt = anti ? OPS_DT2_AscendAntiQuant : types;
    unsigned st = types, ot = qz ? OPS_DT2_Quantize : types;
    const char *sn = qz ? "scales" : "scale", *on = qz ? "zeroPoints" : "offset";
    if ((rc = ops_need_dt(name, "x", x->dtype, xt, &dt)) ||
        (rc = ops_need_dt(name, sn, scale->dtype, st, &dt)) ||
        (offset && (rc = ops_need_dt(name, on, offset->dtype, ot, &dt))))
        return rc;
    if (x->ndim < 1 || x->ndim > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %u dims, must have 1..8", name, x->ndim);
    if (axis < -(int)x->ndim || axis >= (int)x->ndim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axis %d is out of range for x's %u dims", name,
                       axis, x->ndim);
    if (axis < 0)
        axis += (int)x->ndim;
    if ((rc = aq_param_ok(name, sn, scale, x, axis)) ||
        (offset && (rc = aq_param_ok(name, on, offset, x, axis))) ||
        (rc = ops_check_shape(name, x->dims, (int)x->ndim, y, qz ? "out" : "y")))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 3, 1, sizeof(struct aq_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct aq_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x, x, "x")) || (rc = qt_view(e, &p->s, scale, sn)) ||
        (rc = qt_view(e, &p->o, offset, on)) || (rc = qt_view(e, &p->y, y, qz ? "out" : "y")))
        return rc;
    p->has_off = offset != NULL;
    p->sqrt_mode = sqrtMode;
    p->anti = anti;
    p->divide = qz;
    p->lo = y->dtype == ACL_UINT8 ? 0 : y->dtype == ACL_INT32 ? INT32_MIN : -128;
    p->hi = y->dtype == ACL_UINT8 ? 255 : y->dtype == ACL_INT32 ? INT32_MAX : 127;
    p->mode = mode;
    p->along = x->dims[axis];
    p->inner = ops_numel(x->dims + axis + 1, (int)x->ndim - axis - 1);
    e->run = p->x.numel ? aq_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* roundMode's text as qt_round_sat's mode, -1 when unknown (QT2). */
static int aq_mode(const char *s)
{
    static const char *const names[] = {"round", "", "floor", "ceil", "trunc"};
    for (int i = 0; s && i < 5; i++)
        if (names[i][0] && !strcmp(s, names[i]))
            return i;
    return -1;
}

static aclnnStatus aq_quant(const char *name, unsigned types, const aclTensor *x,
                            const aclTensor *scale, const aclTensor *offset, bool sqrtMode,
                            const char *roundMode, int32_t dstType, int32_t axis,
                            const aclTensor *y, WS)
{
    OPS_CHECK_NULLS(name, x, scale, roundMode, y, workspaceSize, executor);
    int mode = aq_mode(roundMode);
    if (mode < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: roundMode \"%s\" is not round, floor, ceil or trunc", name, roundMode);
    if (dstType != ACL_INT8 || y->dtype != ACL_INT8)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dstType %d with y %s: cpuacl quantises to INT8 (dstType 2) only", name,
                       (int)dstType, ops_dt_name(y->dtype));
    if (x->dtype != ACL_FLOAT && scale->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scale %s must have x's type %s", name,
                       ops_dt_name(scale->dtype), ops_dt_name(x->dtype));
    return aq_build(name, types, AQ_QUANT, x, scale, offset, sqrtMode, mode, axis, y, workspaceSize,
                    executor);
}

aclnnStatus aclnnAscendQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *scale,
                                             const aclTensor *offset, bool sqrtMode,
                                             const char *roundMode, int32_t dstType,
                                             const aclTensor *y, WS)
{
    return aq_quant("aclnnAscendQuant", OPS_DT_AscendQuant, x, scale, offset, sqrtMode, roundMode,
                    dstType, -1, y, workspaceSize, executor);
}
PHASE2(AscendQuant)

aclnnStatus aclnnAscendQuantV3GetWorkspaceSize(const aclTensor *x, const aclTensor *scale,
                                               const aclTensor *offset, bool sqrtMode,
                                               const char *roundMode, int32_t dstType, int32_t axis,
                                               const aclTensor *y, WS)
{
    return aq_quant("aclnnAscendQuantV3", OPS_DT_AscendQuantV3, x, scale, offset, sqrtMode,
                    roundMode, dstType, axis, y, workspaceSize, executor);
}
PHASE2(AscendQuantV3)

aclnnStatus aclnnAscendAntiQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *scale,
                                                 const aclTensor *offset, int64_t dstType,
                                                 bool sqrtMode, const aclTensor *y, WS)
{
    const char *name = "aclnnAscendAntiQuant";
    OPS_CHECK_NULLS(name, x, scale, y, workspaceSize, executor);
    if ((dstType != ACL_FLOAT16 && dstType != ACL_BF16) || (int64_t)y->dtype != dstType)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dstType %lld with y %s: must be FLOAT16 (1) or BFLOAT16 (27), y's type",
                       name, (long long)dstType, ops_dt_name(y->dtype));
    return aq_build(name, OPS_DT_AscendAntiQuant, AQ_ANTI, x, scale, offset, sqrtMode, 0, -1, y,
                    workspaceSize, executor);
}
PHASE2(AscendAntiQuant)

/* ---- Quantize (QT5) ---------------------------------------------------------------------- */

aclnnStatus aclnnQuantizeGetWorkspaceSize(const aclTensor *x, const aclTensor *scales,
                                          const aclTensor *zeroPoints, aclDataType dtype,
                                          int32_t axis, aclTensor *out, WS)
{
    const char *name = "aclnnQuantize";
    OPS_CHECK_NULLS(name, x, scales, out, workspaceSize, executor);
    if ((dtype != ACL_INT8 && dtype != ACL_UINT8 && dtype != ACL_INT32) || out->dtype != dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dtype %d with out %s: cpuacl quantises to INT8, UINT8 or INT32, "
                       "out's type",
                       name, (int)dtype, ops_dt_name(out->dtype));
    if (x->dtype != ACL_FLOAT && scales->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scales %s must have x's type %s", name,
                       ops_dt_name(scales->dtype), ops_dt_name(x->dtype));
    if (scales->ndim != 1 ||
        (zeroPoints && (zeroPoints->ndim != 1 || zeroPoints->dims[0] != scales->dims[0])))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scales and zeroPoints must be 1-D of one size",
                       name);
    return aq_build(name, OPS_DT_Quantize, AQ_QUANTIZE, x, scales, zeroPoints, false, 0, axis, out,
                    workspaceSize, executor);
}
PHASE2(Quantize)

/* ---- DynamicQuant, DynamicQuantV2 (QT4, QT7) ---------------------------------------------- */

struct dq_plan {
    struct ops_tensor x, sm, gi, y, sc, off;
    bool has_smooth, has_gi, asym;
    int pack; /* 0: y holds the values; 1: INT4 two a byte; 2: INT32 eight a word (QT7) */
    int64_t rows, h, qmin, qmax;
};

static int32_t dq_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct dq_plan *p = e->plan;
    float *x = qt_gather(&p->x, addr, CK_F32);
    float *sm = p->has_smooth ? qt_gather(&p->sm, addr, CK_F32) : NULL;
    int64_t *gi = p->has_gi ? qt_gather(&p->gi, addr, CK_I64) : NULL;
    float *sc = malloc((size_t)(2 * p->rows + 2) * sizeof(float)), *of = sc + p->rows + 1;
    int64_t *q = malloc((size_t)(p->x.numel ? p->x.numel : 1) * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || (p->has_smooth && !sm) || (p->has_gi && !gi) || !sc || !q) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    const double span = (double)(p->qmax - p->qmin);
    for (int64_t r = 0, g = 0; r < p->rows; r++) {
        float *row = x + r * p->h, amax = 0, lo = INFINITY, hi = -INFINITY;
        if (gi) /* the expert of row r: the first whose cumulative end passes it (QT7) */
            while (g + 1 < p->gi.numel && r >= gi[g])
                g++;
        const float *smr = sm ? sm + (gi ? g : 0) * p->h : NULL;
        for (int64_t j = 0; j < p->h; j++) {
            if (smr)
                row[j] *= smr[j];
            float a = fabsf(row[j]);
            amax = a > amax ? a : amax;
            lo = row[j] < lo ? row[j] : lo;
            hi = row[j] > hi ? row[j] : hi;
        }
        if (p->asym) {
            sc[r] = (float)((hi - lo) / span);
            of[r] = sc[r] > 0 ? (float)((double)p->qmax - hi / sc[r]) : 0;
        } else {
            sc[r] = amax / (float)p->qmax;
        }
        for (int64_t j = 0; j < p->h; j++)
            q[r * p->h + j] = sc[r] > 0 ? qt_round_sat(row[j] / sc[r] + (p->asym ? of[r] : 0.0f), 0,
                                                       p->qmin, p->qmax)
                                        : 0;
    }
    if (p->pack)
        qt_pack4(addr[p->y.slot], q, p->x.numel, p->pack == 2);
    else
        qt_scatter(q, &p->y, addr, CK_I64);
    qt_scatter(sc, &p->sc, addr, CK_F32);
    if (p->asym)
        qt_scatter(of, &p->off, addr, CK_F32);
done:
    free(x);
    free(sm);
    free(gi);
    free(sc);
    free(q);
    return rc;
}

/* The shared checks and plan: V1 is V2 without groups, symmetric, INT8. */
static aclnnStatus dq_build(const char *name, unsigned types, const aclTensor *x,
                            const aclTensor *smooth, const aclTensor *gi, int64_t dstType,
                            const aclTensor *yOut, const aclTensor *scaleOut,
                            const aclTensor *offsetOut, WS)
{
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "x", x->dtype, types, &dt)))
        return rc;
    if (x->ndim < 2 || x->ndim > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %u dims, must have 2..8", name, x->ndim);
    const int nd = (int)x->ndim;
    const int64_t h = x->dims[nd - 1];
    const int64_t ng = gi ? gi->dims[0] : 0;
    if (gi && (!smooth || gi->ndim != 1 || (gi->dtype != ACL_INT32 && gi->dtype != ACL_INT64) ||
               ng < 1 || ng > 1024))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: groupIndexOptional must be INT32 / INT64 [E] (E in [1, 1024]) and "
                       "comes with smoothScalesOptional",
                       name);
    if (smooth && (smooth->dtype != x->dtype || smooth->ndim != (gi ? 2u : 1u) ||
                   smooth->dims[smooth->ndim - 1] != h || (gi && smooth->dims[0] != ng)))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: smoothScalesOptional must be [%s%lld] of x's type %s", name,
                       gi ? "E, " : "", (long long)h, ops_dt_name(x->dtype));
    const aclDataType yt = yOut->dtype;
    if ((dstType != ACL_INT8 && dstType != ACL_INT4 && dstType != ACL_INT32) ||
        (int64_t)yt != dstType || scaleOut->dtype != ACL_FLOAT ||
        (offsetOut && offsetOut->dtype != ACL_FLOAT))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dstType %lld with yOut %s: must be INT8 (2), INT4 (29) or INT32 (3), "
                       "yOut's type, and scaleOut / offsetOut FLOAT",
                       name, (long long)dstType, ops_dt_name(yt));
    const int pack = yt == ACL_INT4 ? 1 : yt == ACL_INT32 ? 2 : 0;
    if (pack && h % (pack == 2 ? 8 : 2))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x's last dim %lld must be a multiple of %d",
                       name, (long long)h, pack == 2 ? 8 : 2);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, x->dims, sizeof(int64_t) * (size_t)nd);
    if (pack == 2)
        want[nd - 1] = h / 8;
    if ((rc = ops_check_shape(name, want, nd, yOut, "yOut")) ||
        (rc = ops_check_shape(name, x->dims, nd - 1, scaleOut, "scaleOut")) ||
        (offsetOut && (rc = ops_check_shape(name, x->dims, nd - 1, offsetOut, "offsetOut"))))
        return rc;
    if (pack && !(yOut->offset == 0 && ops_view_dense(yOut)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: a packed yOut must be contiguous", name);
    struct aclOpExecutor *e = ops_exec_plan(name, 3, 3, sizeof(struct dq_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct dq_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x, x, "x")) ||
        (rc = qt_view(e, &p->sm, smooth, "smoothScalesOptional")) ||
        (rc = qt_view(e, &p->gi, gi, "groupIndexOptional")) ||
        (rc = qt_view(e, &p->y, yOut, "yOut")) || (rc = qt_view(e, &p->sc, scaleOut, "scaleOut")) ||
        (rc = qt_view(e, &p->off, offsetOut, "offsetOut")))
        return rc;
    p->has_smooth = smooth != NULL;
    p->has_gi = gi != NULL;
    p->asym = offsetOut != NULL;
    p->pack = pack;
    p->qmin = pack ? -8 : -128;
    p->qmax = pack ? 7 : 127;
    p->h = h;
    p->rows = h ? p->x.numel / h : ops_numel(x->dims, nd - 1);
    e->run = p->x.numel ? dq_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnDynamicQuantGetWorkspaceSize(const aclTensor *x,
                                              const aclTensor *smoothScalesOptional,
                                              const aclTensor *yOut, const aclTensor *scaleOut, WS)
{
    const char *name = "aclnnDynamicQuant";
    OPS_CHECK_NULLS(name, x, yOut, scaleOut, workspaceSize, executor);
    return dq_build(name, OPS_DT_DynamicQuant, x, smoothScalesOptional, NULL, ACL_INT8, yOut,
                    scaleOut, NULL, workspaceSize, executor);
}
PHASE2(DynamicQuant)

aclnnStatus aclnnDynamicQuantV2GetWorkspaceSize(const aclTensor *x,
                                                const aclTensor *smoothScalesOptional,
                                                const aclTensor *groupIndexOptional,
                                                int64_t dstType, const aclTensor *yOut,
                                                const aclTensor *scaleOut,
                                                const aclTensor *offsetOut, WS)
{
    const char *name = "aclnnDynamicQuantV2";
    OPS_CHECK_NULLS(name, x, yOut, scaleOut, workspaceSize, executor);
    return dq_build(name, OPS_DT_DynamicQuantV2, x, smoothScalesOptional, groupIndexOptional,
                    dstType, yOut, scaleOut, offsetOut, workspaceSize, executor);
}
PHASE2(DynamicQuantV2)

/* ---- FakeQuantPerTensor/PerChannelAffineCachemask (QT6) ---------------------------------------
 */

struct fq_plan {
    struct ops_tensor x, s, z, out, mask;
    bool enabled, float_zp;
    int64_t qmin, qmax, along, inner;
};

static int32_t fq_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fq_plan *p = e->plan;
    float *x = qt_gather(&p->x, addr, CK_F32), *s = qt_gather(&p->s, addr, CK_F32);
    float *z = qt_gather(&p->z, addr, CK_F32);
    int64_t *m = malloc((size_t)p->x.numel * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || !s || !z || !m) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    for (int64_t i = 0; i < p->x.numel; i++) {
        if (!p->enabled) {
            m[i] = 1;
            continue;
        }
        int64_t a = (i / p->inner) % p->along;
        float sc = s[p->s.numel == 1 ? 0 : a], zp = z[p->z.numel == 1 ? 0 : a];
        float q = p->float_zp ? nearbyintf(x[i] / sc + zp) : nearbyintf(x[i] / sc) + zp;
        m[i] = q >= (float)p->qmin && q <= (float)p->qmax;
        float c = q < (float)p->qmin ? (float)p->qmin : q > (float)p->qmax ? (float)p->qmax : q;
        x[i] = (c - zp) * sc;
    }
    qt_scatter(x, &p->out, addr, CK_F32);
    qt_scatter(m, &p->mask, addr, CK_I64);
done:
    free(x);
    free(s);
    free(z);
    free(m);
    return rc;
}

static aclnnStatus fq_build(const char *name, unsigned types, unsigned ztypes,
                            const aclTensor *self, const aclTensor *scale,
                            const aclTensor *zeroPoint, bool per_channel, int64_t axis,
                            bool enabled, int64_t quantMin, int64_t quantMax, const aclTensor *out,
                            const aclTensor *mask, WS)
{
    OPS_CHECK_NULLS(name, self, scale, zeroPoint, out, mask, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "self", self->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "scale", scale->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "zeroPoint", zeroPoint->dtype, ztypes, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &dt)))
        return rc;
    if (mask->dtype != ACL_BOOL)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: mask is %s, must be BOOL", name,
                       ops_dt_name(mask->dtype));
    if (quantMin > quantMax)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: quantMin %lld is above quantMax %lld", name,
                       (long long)quantMin, (long long)quantMax);
    if (self->ndim > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %u dims, at most 8", name,
                       self->ndim);
    const int nd = (int)self->ndim;
    int64_t along = 1, inner = 1;
    if (per_channel) {
        if (axis < -nd || axis >= nd || nd == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: axis %lld is out of range for self's %d dims", name,
                           (long long)axis, nd);
        if (axis < 0)
            axis += nd;
        along = self->dims[axis];
        inner = ops_numel(self->dims + axis + 1, nd - (int)axis - 1);
        if (scale->ndim != 1 || zeroPoint->ndim != 1 || scale->dims[0] != along ||
            zeroPoint->dims[0] != along)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: scale and zeroPoint must be 1-D of self's dim %lld size %lld", name,
                           (long long)axis, (long long)along);
    } else if (ops_numel(scale->dims, (int)scale->ndim) != 1 ||
               ops_numel(zeroPoint->dims, (int)zeroPoint->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scale and zeroPoint must hold one value each",
                       name);
    if ((rc = ops_check_shape(name, self->dims, nd, out, "out")) ||
        (rc = ops_check_shape(name, self->dims, nd, mask, "mask")))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 3, 2, sizeof(struct fq_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct fq_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x, self, "self")) || (rc = qt_view(e, &p->s, scale, "scale")) ||
        (rc = qt_view(e, &p->z, zeroPoint, "zeroPoint")) ||
        (rc = qt_view(e, &p->out, out, "out")) || (rc = qt_view(e, &p->mask, mask, "mask")))
        return rc;
    p->enabled = enabled;
    p->float_zp = zeroPoint->dtype != ACL_INT32;
    p->qmin = quantMin, p->qmax = quantMax;
    p->along = along, p->inner = inner;
    e->run = p->x.numel ? fq_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnFakeQuantPerTensorAffineCachemaskGetWorkspaceSize(
    const aclTensor *self, const aclTensor *scale, const aclTensor *zeroPoint,
    float fakeQuantEnabled, int64_t quantMin, int64_t quantMax, aclTensor *out, aclTensor *mask, WS)
{
    return fq_build(
        "aclnnFakeQuantPerTensorAffineCachemask", OPS_DT_FakeQuantPerTensorAffineCachemask,
        OPS_DT2_FakeQuantPerTensorAffineCachemask, self, scale, zeroPoint, false, 0,
        fakeQuantEnabled >= 1.0f, quantMin, quantMax, out, mask, workspaceSize, executor);
}
PHASE2(FakeQuantPerTensorAffineCachemask)

aclnnStatus aclnnFakeQuantPerChannelAffineCachemaskGetWorkspaceSize(
    const aclTensor *self, const aclTensor *scale, const aclTensor *zeroPoint, int64_t axis,
    int64_t quantMin, int64_t quantMax, aclTensor *out, aclTensor *mask, WS)
{
    return fq_build("aclnnFakeQuantPerChannelAffineCachemask",
                    OPS_DT_FakeQuantPerChannelAffineCachemask,
                    OPS_DT2_FakeQuantPerChannelAffineCachemask, self, scale, zeroPoint, true, axis,
                    true, quantMin, quantMax, out, mask, workspaceSize, executor);
}
PHASE2(FakeQuantPerChannelAffineCachemask)

/* ---- GroupQuant (QT8) ---------------------------------------------------------------------- */

struct gq_plan {
    struct ops_tensor x, s, gi, o, y;
    bool has_off;
    int pack; /* 0: y holds the values; 1: INT4; 2: INT32 words */
    int64_t rows, h;
};

static int32_t gq_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gq_plan *p = e->plan;
    float *x = qt_gather(&p->x, addr, CK_F32), *s = qt_gather(&p->s, addr, CK_F32);
    float *o = p->has_off ? qt_gather(&p->o, addr, CK_F32) : NULL;
    int64_t *g = qt_gather(&p->gi, addr, CK_I64);
    int64_t *q = malloc((size_t)(p->rows * p->h + 1) * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || !s || (p->has_off && !o) || !g || !q) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    const int64_t ng = p->gi.numel;
    const int64_t lim = p->pack ? 7 : 127;
    for (int64_t r = 0, e_ = 0; r < p->rows; r++) {
        while (e_ + 1 < ng && r >= g[e_])
            e_++;
        for (int64_t j = 0; j < p->h; j++)
            q[r * p->h + j] = qt_round_sat(
                (double)(x[r * p->h + j] * s[e_ * p->h + j] + (o ? o[0] : 0.0f)), 0, -lim - 1, lim);
    }
    if (p->pack)
        qt_pack4(addr[p->y.slot], q, p->rows * p->h, p->pack == 2);
    else
        qt_scatter(q, &p->y, addr, CK_I64);
done:
    free(x);
    free(s);
    free(o);
    free(g);
    free(q);
    return rc;
}

aclnnStatus aclnnGroupQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *scale,
                                            const aclTensor *groupIndex,
                                            const aclTensor *offsetOptional, int32_t dstType,
                                            aclTensor *y, WS)
{
    const char *name = "aclnnGroupQuant";
    OPS_CHECK_NULLS(name, x, scale, groupIndex, y, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "x", x->dtype, OPS_DT_GroupQuant, &dt)) ||
        (rc = ops_need_dt(name, "scale", scale->dtype, OPS_DT_GroupQuant, &dt)) ||
        (rc = ops_need_dt(name, "groupIndex", groupIndex->dtype, OPS_DT2_GroupQuant, &dt)))
        return rc;
    if (x->ndim != 2 || scale->ndim != 2 || scale->dims[1] != x->dims[1] || scale->dims[0] < 1 ||
        groupIndex->ndim != 1 || groupIndex->dims[0] != scale->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: needs x [S, H], scale [E, H] (E >= 1) and groupIndex [E]", name);
    if (offsetOptional && (offsetOptional->dtype != scale->dtype ||
                           ops_numel(offsetOptional->dims, (int)offsetOptional->ndim) != 1 ||
                           offsetOptional->ndim > 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: offsetOptional must be one value ([] or [1]) of scale's type", name);
    if ((dstType != ACL_INT8 && dstType != ACL_INT4 && dstType != ACL_INT32) ||
        (int32_t)y->dtype != dstType)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dstType %d with y %s: must be INT8 (2), INT32 (3) or INT4 (29), y's "
                       "type",
                       name, (int)dstType, ops_dt_name(y->dtype));
    const int pack = dstType == ACL_INT4 ? 1 : dstType == ACL_INT32 ? 2 : 0;
    const int64_t h = x->dims[1];
    if (pack && h % (pack == 2 ? 8 : 2))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x's last dim %lld must be a multiple of %d",
                       name, (long long)h, pack == 2 ? 8 : 2);
    const int64_t want[2] = {x->dims[0], pack == 2 ? h / 8 : h};
    if ((rc = ops_check_shape(name, want, 2, y, "y")))
        return rc;
    if (pack && !(y->offset == 0 && ops_view_dense(y)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: a packed y must be contiguous", name);
    struct aclOpExecutor *e = ops_exec_plan(name, 4, 1, sizeof(struct gq_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct gq_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x, x, "x")) || (rc = qt_view(e, &p->s, scale, "scale")) ||
        (rc = qt_view(e, &p->gi, groupIndex, "groupIndex")) ||
        (rc = qt_view(e, &p->o, offsetOptional, "offsetOptional")) ||
        (rc = qt_view(e, &p->y, y, "y")))
        return rc;
    p->has_off = offsetOptional != NULL;
    p->pack = pack;
    p->rows = x->dims[0], p->h = h;
    e->run = p->rows > 0 && h > 0 ? gq_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(GroupQuant)
