/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Elementwise operators of three operands on the engine (engine/ew.c), built
 * through engine/ew_build.c: InplaceMaskedFillScalar, Addcdiv, Addcmul, Lerp
 * (and their in-place forms), SWhere and ClampTensor.
 *
 *  TN1. MaskedFillScalar: the value is converted to selfRef's type once in
 *      phase 1 and enters the engine as a constant operand; the mask (BOOL)
 *      broadcasts to selfRef, which must already have the broadcast shape.
 *  TN2. Addcdiv: out = self + value * tensor1 / tensor2 with the three tensors
 *      broadcast together and their types promoted (floating results only);
 *      float16 / bfloat16 compute in float32 and round once at the store.
 *  TN3. Addcmul: out = self + value * tensor1 * tensor2, as Addcdiv but any
 *      numeric promoted type (not bool); integers wrap, value integral.
 *  TN4. Lerp: out = self + weight * (end - self) for weight < 0.5, else
 *      end - (end - self) * (1 - weight) (torch's two halves), floating.
 *  TN5. SWhere: out = condition ? self : other, the three broadcast together;
 *      self and other promote, condition BOOL or UINT8 (nonzero is true).
 *  TN6. ClampTensor: min(max(self, clipValueMin), clipValueMax), the three
 *      broadcast together and promoted (numeric types); a NaN anywhere
 *      propagates; lo > hi gives hi. (ClampMinTensor / ClampMaxTensor are
 *      binary rows: Maximum's and Minimum's kernels.)
 */
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"
#include "ops/engine/public.h"
#include "ops/elementwise/table.h"

#pragma GCC optimize("O3")

/* ---- InplaceMaskedFillScalar ------------------------------------------------------------ */

#define KMFILL(NAME, T)                                                                            \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0], *m = in[1], *c = in[2];                                                \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = m[i] != 0 ? c[i] : a[i];                                                        \
    }
KMFILL(f32_mfill, float)
KMFILL(f64_mfill, double)
KMFILL(i64_mfill, int64_t)

aclnnStatus aclnnInplaceMaskedFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask,
                                                         const aclScalar *value, WS)
{
    const char *name = "aclnnInplaceMaskedFillScalar";
    OPS_CHECK_NULLS(name, selfRef, mask, value, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, mdt, vdt = DT_NONE;
    if ((rc = ops_check_dims(selfRef, name, "selfRef")) ||
        (rc = ops_check_dims(mask, name, "mask")) ||
        (rc = ops_need_dt(name, "selfRef", selfRef->dtype, OPS_DT_MaskedFillScalar, &sdt)) ||
        (rc = ops_need_dt(name, "mask", mask->dtype, OPS_DT2_MaskedFillScalar, &mdt)) ||
        (rc = ops_check_scalar(name, "value", value, &vdt)))
        return rc;
    if (!ops_can_cast(vdt, sdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: value of type %s cannot convert to selfRef's %s", name,
                       ops_dt_name(value->dtype), ops_dt_name(selfRef->dtype));
    int64_t bs[OPS_MAX_DIMS];
    int nb;
    if (!ops_broadcast(selfRef->dims, (int)selfRef->ndim, mask->dims, (int)mask->ndim, bs, &nb))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: selfRef and mask do not broadcast", name);
    if ((rc = ops_check_shape(name, bs, nb, selfRef, "selfRef")))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {selfRef, mask, NULL /* the value, as selfRef's type (TN1) */},
                         .out = selfRef,
                         .cdt = sdt};
    ops_scalar_to(b.cval, sdt, value);
    b.ck = ops_ck_for(sdt);
    b.rt = DT_NONE; /* every operand is already a value of selfRef's type */
    b.kern = b.ck == CK_F32 ? f32_mfill : b.ck == CK_F64 ? f64_mfill : i64_mfill;
    return ew_build_exec(&b, workspaceSize, executor);
}
PHASE2(InplaceMaskedFillScalar)

/* ---- Addcdiv / Addcmul -------------------------------------------------------------------- */

#define KADDC(NAME, T, V, OP)                                                                      \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_, v = (T)(V);                                                                     \
        const T *a = in[0], *x = in[1], *y = in[2];                                                \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = OP(a[i], v, x[i], y[i]);                                                        \
    }
#define ADDCDIV(a, v, x, y) ((a) + (v) * ((x) / (y)))
#define ADDCMUL(a, v, x, y) ((a) + (v) * ((x) * (y)))
#define ADDCMUL_I(a, v, x, y)                                                                      \
    ((int64_t)((uint64_t)(a) + (uint64_t)(v) * (uint64_t)(x) * (uint64_t)(y)))
KADDC(f32_addcdiv, float, p->f[0], ADDCDIV)
KADDC(f64_addcdiv, double, p->f[0], ADDCDIV)
KADDC(f32_addcmul, float, p->f[0], ADDCMUL)
KADDC(f64_addcmul, double, p->f[0], ADDCMUL)
KADDC(i64_addcmul, int64_t, p->i[0], ADDCMUL_I)

/* Addcdiv (mul false) and Addcmul (TN2, TN3). */
static aclnnStatus addc_op(const char *name, bool mul, bool inplace, const aclTensor *self,
                           const aclTensor *t1, const aclTensor *t2, const aclScalar *value,
                           const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    const char *sname = inplace ? "selfRef" : "self";
    const unsigned types = mul ? OPS_DT_Addcmul : OPS_DT_Addcdiv; /* table.h */
    OPS_CHECK_NULLS(name, self, t1, t2, value, out, ws, ex);
    aclnnStatus rc;
    int sdt, adt, bdt, odt, vdt = DT_NONE;
    if ((rc = ops_check_dims(self, name, sname)) || (rc = ops_check_dims(t1, name, "tensor1")) ||
        (rc = ops_check_dims(t2, name, "tensor2")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, sname, self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "tensor1", t1->dtype, types, &adt)) ||
        (rc = ops_need_dt(name, "tensor2", t2->dtype, types, &bdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)) ||
        (rc = ops_check_scalar(name, "value", value, &vdt)))
        return rc;
    int prom = ops_promote(ops_promote(sdt, adt), bdt);
    if (prom < 0 || (mul ? prom == DT_BOOL : !ops_dt_is_float(prom)))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s %s, tensor1 %s and tensor2 %s promote to no %s type", name, sname,
                       ops_dt_name(self->dtype), ops_dt_name(t1->dtype), ops_dt_name(t2->dtype),
                       mul ? "numeric" : "floating");
    if (!ops_can_cast(vdt, prom) || !ops_can_cast(prom, odt) || (inplace && prom != odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: value %s / result %s / %s %s: types do not convert", name,
                       ops_dt_name(value->dtype), ops_dt_name(ops_dt_acl(prom)),
                       inplace ? "selfRef" : "out", ops_dt_name(out->dtype));
    int64_t bs[OPS_MAX_DIMS];
    int nb;
    if (!ops_broadcast(self->dims, (int)self->ndim, t1->dims, (int)t1->ndim, bs, &nb) ||
        !ops_broadcast(bs, nb, t2->dims, (int)t2->ndim, bs, &nb))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s, tensor1 and tensor2 do not broadcast",
                       name, sname);
    if ((rc = ops_check_shape(name, bs, nb, out, inplace ? "selfRef" : "out")))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {self, t1, t2},
                         .out = out,
                         .ck = ops_ck_for(prom),
                         .rt = prom};
    if (b.ck == CK_I64) {
        b.p.i[0] = ops_scalar_i64(value);
        b.kern = i64_addcmul;
    } else {
        b.p.f[0] = ops_scalar_f64(value);
        b.kern = mul ? (b.ck == CK_F32 ? f32_addcmul : f64_addcmul)
                     : (b.ck == CK_F32 ? f32_addcdiv : f64_addcdiv);
    }
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnAddcdivGetWorkspaceSize(const aclTensor *self, const aclTensor *tensor1,
                                         const aclTensor *tensor2, const aclScalar *value,
                                         const aclTensor *out, WS)
{
    return addc_op("aclnnAddcdiv", false, false, self, tensor1, tensor2, value, out, workspaceSize,
                   executor);
}
aclnnStatus aclnnInplaceAddcdivGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *tensor1,
                                                const aclTensor *tensor2, const aclScalar *value,
                                                WS)
{
    return addc_op("aclnnInplaceAddcdiv", false, true, selfRef, tensor1, tensor2, value, selfRef,
                   workspaceSize, executor);
}
aclnnStatus aclnnAddcmulGetWorkspaceSize(const aclTensor *self, const aclTensor *tensor1,
                                         const aclTensor *tensor2, const aclScalar *value,
                                         aclTensor *out, WS)
{
    return addc_op("aclnnAddcmul", true, false, self, tensor1, tensor2, value, out, workspaceSize,
                   executor);
}
aclnnStatus aclnnInplaceAddcmulGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *tensor1,
                                                const aclTensor *tensor2, const aclScalar *value,
                                                WS)
{
    return addc_op("aclnnInplaceAddcmul", true, true, selfRef, tensor1, tensor2, value, selfRef,
                   workspaceSize, executor);
}
PHASE2(Addcdiv)
PHASE2(InplaceAddcdiv)
PHASE2(Addcmul)
PHASE2(InplaceAddcmul)

/* ---- Lerp / SWhere ------------------------------------------------------------------------- */

/* Lerp in two halves (torch's): exact at weight 0 and 1 alike. */
#define KLERP(NAME, T)                                                                             \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *s = in[0], *e = in[1], *w = in[2];                                                \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T d = e[i] - s[i];                                                                     \
            o[i] = w[i] < (T)0.5 ? s[i] + w[i] * d : e[i] - d * ((T)1 - w[i]);                     \
        }                                                                                          \
    }
KLERP(f32_lerp, float)
KLERP(f64_lerp, double)

/* SWhere: in[0] the condition (converted to the compute kind: nonzero is true). */
#define KWHERE(NAME, T)                                                                            \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *c = in[0], *a = in[1], *b = in[2];                                                \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = c[i] != 0 ? a[i] : b[i];                                                        \
    }
KWHERE(f32_where, float)
KWHERE(f64_where, double)
KWHERE(i64_where, int64_t)

/* Three tensors broadcast together into out (named oname): the shape check they share. */
static aclnnStatus bcast3(const char *name, const aclTensor *a, const aclTensor *b,
                          const aclTensor *c, const char *what, const aclTensor *out,
                          const char *oname)
{
    int64_t bs[OPS_MAX_DIMS];
    int nb;
    if (!ops_broadcast(a->dims, (int)a->ndim, b->dims, (int)b->ndim, bs, &nb) ||
        !ops_broadcast(bs, nb, c->dims, (int)c->ndim, bs, &nb))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s do not broadcast", name, what);
    return ops_check_shape(name, bs, nb, out, oname);
}

static aclnnStatus lerp_op(const char *name, bool inplace, const aclTensor *self,
                           const aclTensor *end, const aclTensor *weight, const aclTensor *out,
                           uint64_t *ws, aclOpExecutor **ex)
{
    const char *sname = inplace ? "selfRef" : "self";
    OPS_CHECK_NULLS(name, self, end, weight, out, ws, ex);
    aclnnStatus rc;
    int sdt, edt, wdt, odt;
    if ((rc = ops_check_dims(self, name, sname)) || (rc = ops_check_dims(end, name, "end")) ||
        (rc = ops_check_dims(weight, name, "weight")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, sname, self->dtype, OPS_DT_Lerp, &sdt)) ||
        (rc = ops_need_dt(name, "end", end->dtype, OPS_DT_Lerp, &edt)) ||
        (rc = ops_need_dt(name, "weight", weight->dtype, OPS_DT_Lerp, &wdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Lerp, &odt)))
        return rc;
    int prom = ops_promote(ops_promote(sdt, edt), wdt);
    if (prom < 0 || !ops_can_cast(prom, odt) || (inplace && prom != odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s %s, end %s, weight %s cannot give %s", name,
                       sname, ops_dt_name(self->dtype), ops_dt_name(end->dtype),
                       ops_dt_name(weight->dtype), ops_dt_name(out->dtype));
    if ((rc = bcast3(name, self, end, weight, "self, end and weight", out,
                     inplace ? "selfRef" : "out")))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {self, end, weight},
                         .out = out,
                         .ck = prom == DT_F64 ? CK_F64 : CK_F32,
                         .rt = prom};
    b.kern = b.ck == CK_F32 ? f32_lerp : f64_lerp;
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnLerpGetWorkspaceSize(const aclTensor *self, const aclTensor *end,
                                      const aclTensor *weight, aclTensor *out, WS)
{
    return lerp_op("aclnnLerp", false, self, end, weight, out, workspaceSize, executor);
}
aclnnStatus aclnnInplaceLerpGetWorkspaceSize(aclTensor *selfRef, const aclTensor *end,
                                             const aclTensor *weight, WS)
{
    return lerp_op("aclnnInplaceLerp", true, selfRef, end, weight, selfRef, workspaceSize,
                   executor);
}
PHASE2(Lerp)
PHASE2(InplaceLerp)

aclnnStatus aclnnSWhereGetWorkspaceSize(const aclTensor *condition, const aclTensor *self,
                                        const aclTensor *other, aclTensor *out, WS)
{
    const char *name = "aclnnSWhere";
    OPS_CHECK_NULLS(name, condition, self, other, out, workspaceSize, executor);
    aclnnStatus rc;
    int cdt, sdt, odt, outdt;
    if ((rc = ops_check_dims(condition, name, "condition")) ||
        (rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(other, name, "other")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "condition", condition->dtype, OPS_DT2_SWhere, &cdt)) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_SWhere, &sdt)) ||
        (rc = ops_need_dt(name, "other", other->dtype, OPS_DT_SWhere, &odt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_SWhere, &outdt)))
        return rc;
    int prom = ops_promote(sdt, odt);
    if (prom < 0 || !ops_can_cast(prom, outdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self %s and other %s cannot give out %s", name,
                       ops_dt_name(self->dtype), ops_dt_name(other->dtype),
                       ops_dt_name(out->dtype));
    if ((rc = bcast3(name, condition, self, other, "condition, self and other", out, "out")))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {condition, self, other},
                         .out = out,
                         .ck = ops_ck_for(prom),
                         .rt = DT_NONE}; /* a selection: the values are already prom's */
    static const ew_kern_fn k[3] = {f32_where, f64_where, i64_where};
    b.kern = k[ew_col(b.ck)];
    return ew_build_exec(&b, workspaceSize, executor);
}
PHASE2(SWhere)

/* ---- ClampTensor ----------------------------------------------------------------------------- */

/* min(max(x, lo), hi) with NaN in any operand propagating (TN6). */
#define KCLAMPT(NAME, T)                                                                           \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0], *lo = in[1], *hi = in[2];                                              \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T v = (a[i] < lo[i] || lo[i] != lo[i]) ? lo[i] : a[i];                                 \
            o[i] = (v > hi[i] || hi[i] != hi[i]) ? hi[i] : v;                                      \
        }                                                                                          \
    }
KCLAMPT(f32_clampt, float)
KCLAMPT(f64_clampt, double)
KCLAMPT(i64_clampt, int64_t)

aclnnStatus aclnnClampTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *clipValueMin,
                                             const aclTensor *clipValueMax, aclTensor *out, WS)
{
    const char *name = "aclnnClampTensor";
    OPS_CHECK_NULLS(name, self, clipValueMin, clipValueMax, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, ldt, hdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(clipValueMin, name, "clipValueMin")) ||
        (rc = ops_check_dims(clipValueMax, name, "clipValueMax")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_ClampTensor, &sdt)) ||
        (rc = ops_need_dt(name, "clipValueMin", clipValueMin->dtype, OPS_DT_ClampTensor, &ldt)) ||
        (rc = ops_need_dt(name, "clipValueMax", clipValueMax->dtype, OPS_DT_ClampTensor, &hdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_ClampTensor, &odt)))
        return rc;
    int prom = ops_promote(ops_promote(sdt, ldt), hdt);
    if (prom < 0 || !ops_can_cast(prom, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self %s, clipValueMin %s, clipValueMax %s cannot give out %s", name,
                       ops_dt_name(self->dtype), ops_dt_name(clipValueMin->dtype),
                       ops_dt_name(clipValueMax->dtype), ops_dt_name(out->dtype));
    if ((rc = bcast3(name, self, clipValueMin, clipValueMax, "self, clipValueMin and clipValueMax",
                     out, "out")))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {self, clipValueMin, clipValueMax},
                         .out = out,
                         .ck = ops_ck_for(prom),
                         .rt = DT_NONE}; /* a selection among values of prom */
    static const ew_kern_fn k[3] = {f32_clampt, f64_clampt, i64_clampt};
    b.kern = k[ew_col(b.ck)];
    return ew_build_exec(&b, workspaceSize, executor);
}
PHASE2(ClampTensor)
