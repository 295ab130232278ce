/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Elementwise operators of three operands on the engine (engine/ew.c), built
 * through engine/ew_build.c: InplaceMaskedFillScalar and Addcdiv /
 * InplaceAddcdiv.
 *
 *  TN1. MaskedFillScalar: the value is converted to selfRef's type once in
 *      phase 1 and enters the engine as a constant operand; the mask (BOOL)
 *      broadcasts to selfRef, which must already have the broadcast shape.
 *  TN2. Addcdiv: out = self + value * tensor1 / tensor2 with the three tensors
 *      broadcast together and their types promoted (floating results only);
 *      float16 / bfloat16 compute in float32 and round once at the store.
 */
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"
#include "ops/engine/public.h"
#include "ops/elementwise/kernels.h"
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

/* ---- Addcdiv ----------------------------------------------------------------------------- */

#define KADDCDIV(NAME, T)                                                                          \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_, v = (T)p->f[0];                                                                 \
        const T *a = in[0], *x = in[1], *y = in[2];                                                \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = a[i] + v * (x[i] / y[i]);                                                       \
    }
KADDCDIV(f32_addcdiv, float)
KADDCDIV(f64_addcdiv, double)

static aclnnStatus addcdiv_op(const char *name, bool inplace, const aclTensor *self,
                              const aclTensor *t1, const aclTensor *t2, const aclScalar *value,
                              const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    const char *sname = inplace ? "selfRef" : "self";
    OPS_CHECK_NULLS(name, self, t1, t2, value, out, ws, ex);
    aclnnStatus rc;
    int sdt, adt, bdt, odt, vdt = DT_NONE;
    if ((rc = ops_check_dims(self, name, sname)) || (rc = ops_check_dims(t1, name, "tensor1")) ||
        (rc = ops_check_dims(t2, name, "tensor2")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, sname, self->dtype, OPS_DT_Addcdiv, &sdt)) ||
        (rc = ops_need_dt(name, "tensor1", t1->dtype, OPS_DT_Addcdiv, &adt)) ||
        (rc = ops_need_dt(name, "tensor2", t2->dtype, OPS_DT_Addcdiv, &bdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Addcdiv, &odt)) ||
        (rc = ops_check_scalar(name, "value", value, &vdt)))
        return rc;
    int prom = ops_promote(ops_promote(sdt, adt), bdt);
    if (prom < 0 || !ops_dt_is_float(prom))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s %s, tensor1 %s and tensor2 %s promote to no floating type", name,
                       sname, ops_dt_name(self->dtype), ops_dt_name(t1->dtype),
                       ops_dt_name(t2->dtype));
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
                         .ck = prom == DT_F64 ? CK_F64 : CK_F32,
                         .rt = prom};
    b.p.f[0] = ops_scalar_f64(value);
    b.kern = b.ck == CK_F32 ? f32_addcdiv : f64_addcdiv;
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnAddcdivGetWorkspaceSize(const aclTensor *self, const aclTensor *tensor1,
                                         const aclTensor *tensor2, const aclScalar *value,
                                         const aclTensor *out, WS)
{
    return addcdiv_op("aclnnAddcdiv", false, self, tensor1, tensor2, value, out, workspaceSize,
                      executor);
}
aclnnStatus aclnnInplaceAddcdivGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *tensor1,
                                                const aclTensor *tensor2, const aclScalar *value,
                                                WS)
{
    return addcdiv_op("aclnnInplaceAddcdiv", true, selfRef, tensor1, tensor2, value, selfRef,
                      workspaceSize, executor);
}
PHASE2(Addcdiv)
PHASE2(InplaceAddcdiv)

/* ---- the kernels for other families (kernels.h) ------------------------------------------ */

ew_kern_fn ew_ternary_kernel(const char *id, int col)
{
    if (!strcmp(id, "addcdiv"))
        return col == 0 ? f32_addcdiv : col == 1 ? f64_addcdiv : NULL;
    return NULL;
}
