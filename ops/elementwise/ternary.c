/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Elementwise operators of three operands on the engine (engine/ew.c), built
 * through engine/ew_build.c: InplaceMaskedFillScalar / Tensor, MaskedFill, Addcdiv, Addcmul, Lerp
 * (and their in-place forms), SWhere and ClampTensor; IsClose (two operands and
 * three attributes) with them.
 *
 *  TN1. MaskedFillScalar: the value is converted to selfRef's type once in
 *      phase 1 and enters the engine as a constant operand; the mask (BOOL)
 *      broadcasts to selfRef, which must already have the broadcast shape.
 *      MaskedFillTensor: the value is a one-element tensor (of no more dims than
 *      selfRef) read when the operator runs, broadcast as an operand.
 *      MaskedFill (ops-math's experimental form): the scalar form into an out
 *      of selfRef's type and the broadcast shape.
 *  TN2. Addcdiv: out = self + value * tensor1 / tensor2 with the three tensors
 *      broadcast together and their types promoted (floating results only);
 *      float16 / bfloat16 compute in float32 and round once at the store.
 *  TN3. Addcmul: out = self + value * tensor1 * tensor2, as Addcdiv but any
 *      numeric promoted type (not bool); integers wrap, value integral.
 *  TN4. Lerp: out = self + weight * (end - self) for weight < 0.5, else
 *      end - (end - self) * (1 - weight) (torch's two halves), floating.
 *  TN5. SWhere: out = condition ? self : other, the three broadcast together;
 *      self and other promote, condition BOOL or UINT8 (nonzero is true).
 *      SelectV3 (ops-math's experimental select_v3) is SWhere with its condition, an INT8 b,
 *      passed third: z = b != 0 ? x : y for FLOAT or FLOAT16 x and y (CANN's kernel takes
 *      equal shapes; these broadcast as SWhere's).
 *  TN6. ClampTensor: min(max(self, clipValueMin), clipValueMax), the three
 *      broadcast together and promoted (numeric types); a NaN anywhere
 *      propagates; lo > hi gives hi. (ClampMinTensor / ClampMaxTensor are
 *      binary rows: Maximum's and Minimum's kernels.)
 *  TN7. IsClose: out = |self - other| <= atol + rtol * |other| for finite values,
 *      equal infinities close, NaNs close only to NaNs and only with equalNan;
 *      self and other broadcast and promote, float16 / bfloat16 compute in float32
 *      (float32 arithmetic: torch's), integers and bool in double (torch: float32;
 *      the same results below 2^24); out BOOL.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"
#include "ops/engine/public.h"
#include "ops/elementwise/kernels.h"
#include "ops/elementwise/table.h"

#pragma GCC optimize("O3")

/* ---- InplaceMaskedFillScalar ------------------------------------------------------------ */

/* Kernels of three inputs: out = EXPR of x = in[0][i], y = in[1][i], z = in[2][i]. */
#define KTERN(NAME, T, EXPR)                                                                       \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1], *c = in[2];                                                \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i], y = b[i], z = c[i];                                                        \
            o[i] = (EXPR);                                                                         \
        }                                                                                          \
    }

/* selfRef, mask, value: the value where the mask is set. */
#define KMFILL(NAME, T) KTERN(NAME, T, y != 0 ? z : x)
KMFILL(f32_mfill, float)
KMFILL(f64_mfill, double)
KMFILL(i64_mfill, int64_t)

/* selfRef where the mask is 0, the value where it is set, into out (selfRef itself in place):
 * the value a scalar (vs) or a one-element tensor (vt); types: the row's. TN1. */
static aclnnStatus mfill_op(const char *name, unsigned types, unsigned mtypes,
                            const aclTensor *selfRef, const aclTensor *mask, const aclScalar *vs,
                            const aclTensor *vt, const aclTensor *out, const char *oname,
                            uint64_t *workspaceSize, aclOpExecutor **executor)
{
    aclnnStatus rc;
    int sdt, mdt, odt, vdt = DT_NONE;
    if ((rc = ops_check_dims(selfRef, name, "selfRef")) ||
        (rc = ops_check_dims(mask, name, "mask")) || (rc = ops_check_dims(out, name, oname)) ||
        (rc = ops_need_dt(name, "selfRef", selfRef->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "mask", mask->dtype, mtypes, &mdt)) ||
        (rc = ops_need_dt(name, oname, out->dtype, types, &odt)))
        return rc;
    if (vs && (rc = ops_check_scalar(name, "value", vs, &vdt)))
        return rc;
    if (vt) {
        if ((rc = ops_check_dims(vt, name, "value")) ||
            (rc = ops_need_dt(name, "value", vt->dtype, DTM_ALL, &vdt)))
            return rc;
        if (ops_numel(vt->dims, (int)vt->ndim) != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: value must hold one element", name);
    }
    if (odt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, selfRef %s (one type)", name, oname,
                       ops_dt_name(out->dtype), ops_dt_name(selfRef->dtype));
    if (!ops_can_cast(vdt, sdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: value of type %s cannot convert to selfRef's %s", name,
                       ops_dt_name(vs ? vs->dtype : vt->dtype), ops_dt_name(selfRef->dtype));
    int64_t bs[OPS_MAX_DIMS];
    int nb;
    if (!ops_broadcast(selfRef->dims, (int)selfRef->ndim, mask->dims, (int)mask->ndim, bs, &nb))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: selfRef and mask do not broadcast", name);
    if ((rc = ops_check_shape(name, bs, nb, out, oname)))
        return rc;
    if (vt && (int)vt->ndim > nb) /* one element: it broadcasts unless it has more dims */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: value has %u dims, more than %s's %d", name,
                       (unsigned)vt->ndim, oname, nb);
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {selfRef, mask, vt /* NULL: the scalar, as selfRef's type */},
                         .out = out,
                         .cdt = sdt};
    if (vs)
        ops_scalar_to(b.cval, sdt, vs);
    b.ck = ops_ck_for(sdt);
    b.rt = DT_NONE; /* every operand is a value of selfRef's type (the tensor value converts
                       to the compute kind and is stored once, as the scalar) */
    b.kern = b.ck == CK_F32 ? f32_mfill : b.ck == CK_F64 ? f64_mfill : i64_mfill;
    return ew_build_exec(&b, workspaceSize, executor);
}

aclnnStatus aclnnInplaceMaskedFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask,
                                                         const aclScalar *value, WS)
{
    const char *name = "aclnnInplaceMaskedFillScalar";
    OPS_CHECK_NULLS(name, selfRef, mask, value, workspaceSize, executor);
    return mfill_op(name, OPS_DT_MaskedFillScalar, OPS_DT2_MaskedFillScalar, selfRef, mask, value,
                    NULL, selfRef, "selfRef", workspaceSize, executor);
}
PHASE2(InplaceMaskedFillScalar)

aclnnStatus aclnnInplaceMaskedFillTensorGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask,
                                                         const aclTensor *value, WS)
{
    const char *name = "aclnnInplaceMaskedFillTensor";
    OPS_CHECK_NULLS(name, selfRef, mask, value, workspaceSize, executor);
    return mfill_op(name, OPS_DT_MaskedFillTensor, OPS_DT2_MaskedFillTensor, selfRef, mask, NULL,
                    value, selfRef, "selfRef", workspaceSize, executor);
}
PHASE2(InplaceMaskedFillTensor)

aclnnStatus aclnnMaskedFillGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *mask,
                                            const aclScalar *value, aclTensor *out, WS)
{
    const char *name = "aclnnMaskedFill";
    OPS_CHECK_NULLS(name, selfRef, mask, value, out, workspaceSize, executor);
    return mfill_op(name, OPS_DT_MaskedFill, OPS_DT2_MaskedFill, selfRef, mask, value, NULL, out,
                    "out", workspaceSize, executor);
}
PHASE2(MaskedFill)

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

/* The entry points of Addcdiv and Addcmul (their headers differ in out's const). */
#define ADDC_ENTRIES(OP, MUL, OUTCONST)                                                            \
    aclnnStatus aclnn##OP##GetWorkspaceSize(const aclTensor *self, const aclTensor *tensor1,       \
                                            const aclTensor *tensor2, const aclScalar *value,      \
                                            OUTCONST aclTensor *out, WS)                           \
    {                                                                                              \
        return addc_op("aclnn" #OP, MUL, false, self, tensor1, tensor2, value, out, workspaceSize, \
                       executor);                                                                  \
    }                                                                                              \
    aclnnStatus aclnnInplace##OP##GetWorkspaceSize(                                                \
        const aclTensor *selfRef, const aclTensor *tensor1, const aclTensor *tensor2,              \
        const aclScalar *value, WS)                                                                \
    {                                                                                              \
        return addc_op("aclnnInplace" #OP, MUL, true, selfRef, tensor1, tensor2, value, selfRef,   \
                       workspaceSize, executor);                                                   \
    }                                                                                              \
    PHASE2(OP)                                                                                     \
    PHASE2(Inplace##OP)
ADDC_ENTRIES(Addcdiv, false, const)
ADDC_ENTRIES(Addcmul, true, )

/* ---- Lerp / SWhere ------------------------------------------------------------------------- */

/* Lerp in two halves (torch's): exact at weight 0 and 1 alike. */
#define KLERP(NAME, T) KTERN(NAME, T, z < (T)0.5 ? x + z * (y - x) : y - (y - x) * ((T)1 - z))
KLERP(f32_lerp, float)
KLERP(f64_lerp, double)

/* SWhere: in[0] the condition (converted to the compute kind: nonzero is true). */
#define KWHERE(NAME, T) KTERN(NAME, T, x != 0 ? y : z)
KWHERE(f32_where, float)
KWHERE(f64_where, double)
KWHERE(i64_where, int64_t)

/* Three tensors t[0..2] (named n[0..2]) broadcast together into out (named oname), the
 * shared body of Lerp, SWhere and ClampTensor. cond: t[0] is a condition (its types cmask),
 * not promoted with the other two; types: the row's mask for the others and out. The result
 * is the promoted type (rounded through: round) or a selection among its values; in place
 * it must be out's type. */
static aclnnStatus tern_op(const char *name, const aclTensor *const t[3], const char *const n[3],
                           bool cond, unsigned cmask, unsigned types, bool round,
                           const aclTensor *out, const char *oname, bool inplace,
                           const ew_kern_fn kern[3], uint64_t *ws, aclOpExecutor **ex)
{
    for (int i = 0; i < 3; i++)
        if (!t[i])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, n[i]);
    OPS_CHECK_NULLS(name, out, ws, ex);
    aclnnStatus rc;
    int dt[3], odt, prom = 0;
    bool first = true;
    for (int i = 0; i < 3; i++) {
        if ((rc = ops_check_dims(t[i], name, n[i])) ||
            (rc = ops_need_dt(name, n[i], t[i]->dtype, cond && i == 0 ? cmask : types, &dt[i])))
            return rc;
        if (!(cond && i == 0)) {
            prom = first ? dt[i] : prom < 0 ? prom : ops_promote(prom, dt[i]);
            first = false;
        }
    }
    if ((rc = ops_check_dims(out, name, oname)) ||
        (rc = ops_need_dt(name, oname, out->dtype, types, &odt)))
        return rc;
    if (prom < 0 || !ops_can_cast(prom, odt) || (inplace && prom != odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s %s, %s %s and %s %s cannot give %s %s",
                       name, n[0], ops_dt_name(t[0]->dtype), n[1], ops_dt_name(t[1]->dtype), n[2],
                       ops_dt_name(t[2]->dtype), oname, ops_dt_name(out->dtype));
    int64_t bs[OPS_MAX_DIMS];
    int nb;
    if (!ops_broadcast(t[0]->dims, (int)t[0]->ndim, t[1]->dims, (int)t[1]->ndim, bs, &nb) ||
        !ops_broadcast(bs, nb, t[2]->dims, (int)t[2]->ndim, bs, &nb))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s, %s and %s do not broadcast", name, n[0],
                       n[1], n[2]);
    if ((rc = ops_check_shape(name, bs, nb, out, oname)))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {t[0], t[1], t[2]},
                         .out = out,
                         .ck = ops_ck_for(prom),
                         .rt = round ? prom : DT_NONE};
    b.kern = kern[ew_col(b.ck)];
    return ew_build_exec(&b, ws, ex);
}

static const ew_kern_fn g_lerp[3] = {f32_lerp, f64_lerp, NULL}; /* floating types only */

aclnnStatus aclnnLerpGetWorkspaceSize(const aclTensor *self, const aclTensor *end,
                                      const aclTensor *weight, aclTensor *out, WS)
{
    const aclTensor *t[3] = {self, end, weight};
    static const char *const n[3] = {"self", "end", "weight"};
    return tern_op("aclnnLerp", t, n, false, 0, OPS_DT_Lerp, true, out, "out", false, g_lerp,
                   workspaceSize, executor);
}
aclnnStatus aclnnInplaceLerpGetWorkspaceSize(aclTensor *selfRef, const aclTensor *end,
                                             const aclTensor *weight, WS)
{
    const aclTensor *t[3] = {selfRef, end, weight};
    static const char *const n[3] = {"selfRef", "end", "weight"};
    return tern_op("aclnnInplaceLerp", t, n, false, 0, OPS_DT_Lerp, true, selfRef, "selfRef", true,
                   g_lerp, workspaceSize, executor);
}
PHASE2(Lerp)
PHASE2(InplaceLerp)

aclnnStatus aclnnSWhereGetWorkspaceSize(const aclTensor *condition, const aclTensor *self,
                                        const aclTensor *other, aclTensor *out, WS)
{
    const aclTensor *t[3] = {condition, self, other};
    static const char *const n[3] = {"condition", "self", "other"};
    static const ew_kern_fn k[3] = {f32_where, f64_where, i64_where};
    return tern_op("aclnnSWhere", t, n, true, OPS_DT2_SWhere, OPS_DT_SWhere, false, out, "out",
                   false, k, workspaceSize, executor);
}
PHASE2(SWhere)

aclnnStatus aclnnSelectV3GetWorkspaceSize(const aclTensor *x, const aclTensor *y,
                                          const aclTensor *b, const aclTensor *z, WS)
{
    const aclTensor *t[3] = {b, x, y};
    static const char *const n[3] = {"b", "x", "y"};
    static const ew_kern_fn k[3] = {f32_where, f64_where, i64_where};
    return tern_op("aclnnSelectV3", t, n, true, OPS_DT2_SelectV3, OPS_DT_SelectV3, false, z, "z",
                   false, k, workspaceSize, executor);
}
PHASE2(SelectV3)

/* ---- ClampTensor ----------------------------------------------------------------------------- */

/* min(max(x, lo), hi) with NaN in any operand propagating (TN6). */
#define CLAMP_LO(v, lo) (((v) < (lo) || (lo) != (lo)) ? (lo) : (v))
#define CLAMP_HI(v, hi) (((v) > (hi) || (hi) != (hi)) ? (hi) : (v))
#define KCLAMPT(NAME, T) KTERN(NAME, T, CLAMP_HI(CLAMP_LO(x, y), z))
KCLAMPT(f32_clampt, float)
KCLAMPT(f64_clampt, double)
KCLAMPT(i64_clampt, int64_t)

aclnnStatus aclnnClampTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *clipValueMin,
                                             const aclTensor *clipValueMax, aclTensor *out, WS)
{
    const aclTensor *t[3] = {self, clipValueMin, clipValueMax};
    static const char *const n[3] = {"self", "clipValueMin", "clipValueMax"};
    static const ew_kern_fn k[3] = {f32_clampt, f64_clampt, i64_clampt};
    return tern_op("aclnnClampTensor", t, n, false, 0, OPS_DT_ClampTensor, false, out, "out", false,
                   k, workspaceSize, executor);
}
PHASE2(ClampTensor)

/* ---- FusedMulAddN --------------------------------------------------------------------------- */

/* y = x1 * x3 + x2, x3 a one-element tensor (broadcast like any other); integers wrap. */
#define KFMAN(NAME, T) KTERN(NAME, T, x *z + y)
KFMAN(f32_fman, float)
KFMAN(f64_fman, double)
KTERN(i64_fman, int64_t, (int64_t)((uint64_t)x *(uint64_t)z + (uint64_t)y))

aclnnStatus aclnnFusedMulAddNGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                              const aclTensor *x3, aclTensor *y, WS)
{
    const aclTensor *t[3] = {x1, x2, x3};
    static const char *const n[3] = {"x1", "x2", "x3"};
    static const ew_kern_fn k[3] = {f32_fman, f64_fman, i64_fman};
    if (x3 && ops_numel(x3->dims, (int)x3->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnFusedMulAddN: x3 must have one element");
    return tern_op("aclnnFusedMulAddN", t, n, false, 0, OPS_DT_FusedMulAddN, true, y, "y", false, k,
                   workspaceSize, executor);
}
PHASE2(FusedMulAddN)

/* ---- the kernels for other families (kernels.h) ------------------------------------------ */

ew_kern_fn ew_ternary_kernel(const char *id, int col)
{
    if (!strcmp(id, "addcdiv"))
        return col == 0 ? f32_addcdiv : col == 1 ? f64_addcdiv : NULL;
    return NULL;
}

/* ---- IsClose ---------------------------------------------------------------------------- */

/* TN7: p->f[0] rtol, p->f[1] atol, p->i[0] equalNan; integers arrive as int64. */
#define KCLOSE(NAME, T, C, ABS)                                                                    \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1];                                                            \
        C rtol = (C)p->f[0], atol = (C)p->f[1];                                                    \
        for (int64_t i = 0; i < n; i++) {                                                          \
            C x = (C)a[i], y = (C)b[i];                                                            \
            bool c = x == y || (p->i[0] && isnan(x) && isnan(y)) ||                                \
                     (isfinite(x) && isfinite(y) && ABS(x - y) <= atol + rtol * ABS(y));           \
            o[i] = (T)c;                                                                           \
        }                                                                                          \
    }
KCLOSE(f32_close, float, float, fabsf)
KCLOSE(f64_close, double, double, fabs)
KCLOSE(i64_close, int64_t, double, fabs)

aclnnStatus aclnnIsCloseGetWorkspaceSize(const aclTensor *self, const aclTensor *other, double rtol,
                                         double atol, bool equalNan, aclTensor *out, WS)
{
    const char *name = "aclnnIsClose";
    OPS_CHECK_NULLS(name, self, other, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt, rdt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(other, name, "other")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_IsClose, &sdt)) ||
        (rc = ops_need_dt(name, "other", other->dtype, OPS_DT_IsClose, &odt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT2_IsClose, &rdt)))
        return rc;
    int prom = ops_promote(sdt, odt);
    if (prom < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self %s and other %s do not promote", name,
                       ops_dt_name(self->dtype), ops_dt_name(other->dtype));
    if ((rc = ops_check_broadcast(name, self, other, out, "out")))
        return rc;
    struct ew_build b = {.name = name, .nin = 2, .in = {self, other}, .out = out};
    b.ck = ops_ck_for(prom);
    b.rt = DT_NONE; /* a truth value */
    b.kern = b.ck == CK_F32 ? f32_close : b.ck == CK_F64 ? f64_close : i64_close;
    b.p.f[0] = rtol;
    b.p.f[1] = atol;
    b.p.i[0] = equalNan;
    return ew_build_exec(&b, workspaceSize, executor);
}
PHASE2(IsClose)
