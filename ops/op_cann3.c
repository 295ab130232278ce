/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operators ggml's CANN backend needs, part C (issue 14): InplaceMaskedFillScalar
 * and Addcdiv / InplaceAddcdiv, both on the elementwise engine (ew.c) through
 * the shared builder (ew_build.c). (LogSoftmax lives with Softmax in
 * op_reduce.c; Sum and LogicalNot with the list / unary operators in op_ew.c.)
 *
 *  C1. MaskedFillScalar: the value is converted to selfRef's type once in
 *      phase 1 and enters the engine as a constant operand; the mask (BOOL)
 *      broadcasts to selfRef, which must already have the broadcast shape.
 *  C2. Addcdiv: out = self + value * tensor1 / tensor2 with the three tensors
 *      broadcast together and their types promoted (floating results only);
 *      float16 / bfloat16 compute in float32 and round once at the store.
 *  C3. Ger (outer product): self [n] is seen as [n, 1] and vec2 [m] as
 *      [1, m]; the engine broadcasts both to out [n, m] and multiplies in the
 *      promoted type (integers wrap, BOOL is logical and).
 */
#include <stdlib.h>
#include <string.h>

#include "ops/ew_build.h"
#include "ops/op_public.h"

#pragma GCC optimize("O3")

static aclnnStatus check_scalar(const char *name, const char *what, const aclScalar *s, int *dt)
{
    if (s->magic != OPS_MAGIC_SCALAR)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is not a live aclScalar", name, what);
    if ((*dt = ops_dt_index(s->dtype)) < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s, which is not supported",
                       name, what, ops_dt_name(s->dtype));
    return ACLNN_SUCCESS;
}

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

#define MFILL_TYPES                                                                                \
    (DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64) | DTM_FLOAT)

aclnnStatus aclnnInplaceMaskedFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask,
                                                         const aclScalar *value, WS)
{
    const char *name = "aclnnInplaceMaskedFillScalar";
    OPS_CHECK_NULL(name, selfRef);
    OPS_CHECK_NULL(name, mask);
    OPS_CHECK_NULL(name, value);
    OPS_CHECK_NULL(name, workspaceSize);
    OPS_CHECK_NULL(name, executor);
    aclnnStatus rc;
    int sdt, mdt, vdt = DT_NONE;
    if ((rc = ops_check_dims(selfRef, name, "selfRef")) ||
        (rc = ops_check_dims(mask, name, "mask")) ||
        (rc = ops_need_dt(name, "selfRef", selfRef->dtype, MFILL_TYPES, &sdt)) ||
        (rc = ops_need_dt(name, "mask", mask->dtype, DTM(DT_BOOL), &mdt)) ||
        (rc = check_scalar(name, "value", value, &vdt)))
        return rc;
    if (!ops_can_cast(vdt, sdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: value of type %s cannot convert to selfRef's %s",
                       name, ops_dt_name(value->dtype), ops_dt_name(selfRef->dtype));
    int64_t bs[OPS_MAX_DIMS];
    int nb;
    if (!ops_broadcast(selfRef->dims, (int)selfRef->ndim, mask->dims, (int)mask->ndim, bs, &nb))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: selfRef and mask do not broadcast", name);
    if ((rc = ops_check_shape(name, bs, nb, selfRef, "selfRef")))
        return rc;
    struct ew_build b;
    memset(&b, 0, sizeof(b));
    b.name = name;
    b.nin = 3;
    b.in[0] = selfRef;
    b.in[1] = mask;
    b.in[2] = NULL; /* the value, as selfRef's type (C1) */
    b.out = selfRef;
    b.cdt = sdt;
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
    OPS_CHECK_NULL(name, self);
    OPS_CHECK_NULL(name, t1);
    OPS_CHECK_NULL(name, t2);
    OPS_CHECK_NULL(name, value);
    OPS_CHECK_NULL(name, out);
    OPS_CHECK_NULL(name, ws);
    OPS_CHECK_NULL(name, ex);
    aclnnStatus rc;
    int sdt, adt, bdt, odt, vdt = DT_NONE;
    if ((rc = ops_check_dims(self, name, sname)) || (rc = ops_check_dims(t1, name, "tensor1")) ||
        (rc = ops_check_dims(t2, name, "tensor2")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, sname, self->dtype, DTM_ALL, &sdt)) ||
        (rc = ops_need_dt(name, "tensor1", t1->dtype, DTM_ALL, &adt)) ||
        (rc = ops_need_dt(name, "tensor2", t2->dtype, DTM_ALL, &bdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, DTM_ALL, &odt)) ||
        (rc = check_scalar(name, "value", value, &vdt)))
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
    struct ew_build b;
    memset(&b, 0, sizeof(b));
    b.name = name;
    b.nin = 3;
    b.in[0] = self;
    b.in[1] = t1;
    b.in[2] = t2;
    b.out = out;
    b.ck = prom == DT_F64 ? CK_F64 : CK_F32;
    b.rt = prom;
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

/* ---- Ger --------------------------------------------------------------------------------- */

#define KMUL(NAME, T, EXPR)                                                                        \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1];                                                            \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = EXPR;                                                                           \
    }
KMUL(f32_mul2, float, a[i] * b[i])
KMUL(f64_mul2, double, a[i] * b[i])
KMUL(i64_mul2, int64_t, (int64_t)((uint64_t)a[i] * (uint64_t)b[i]))

aclnnStatus aclnnGerGetWorkspaceSize(const aclTensor *self, const aclTensor *vec2, aclTensor *out,
                                     WS)
{
    const char *name = "aclnnGer";
    OPS_CHECK_NULL(name, self);
    OPS_CHECK_NULL(name, vec2);
    OPS_CHECK_NULL(name, out);
    OPS_CHECK_NULL(name, workspaceSize);
    OPS_CHECK_NULL(name, executor);
    aclnnStatus rc;
    int sdt, vdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(vec2, name, "vec2")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, DTM_ALL, &sdt)) ||
        (rc = ops_need_dt(name, "vec2", vec2->dtype, DTM_ALL, &vdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, DTM_ALL, &odt)))
        return rc;
    if (self->ndim != 1 || vec2->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self (%u dims) and vec2 (%u dims) must be 1-d",
                       name, self->ndim, vec2->ndim);
    int prom = ops_promote(sdt, vdt);
    if (prom < 0 || !ops_can_cast(prom, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self %s and vec2 %s give no type that "
                       "converts to out's %s", name, ops_dt_name(self->dtype),
                       ops_dt_name(vec2->dtype), ops_dt_name(out->dtype));
    int64_t want[2] = {self->dims[0], vec2->dims[0]};
    if ((rc = ops_check_shape(name, want, 2, out, "out")))
        return rc;
    struct aclOpExecutor *e = ops_exec_new(name, 2, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor ta, tb, to;
    struct ew_plan *pl = NULL;
    if ((rc = ops_tensor_from(&ta, self, ops_exec_slot(e, self), name, "self")) ||
        (rc = ops_tensor_from(&tb, vec2, ops_exec_slot(e, vec2), name, "vec2")) ||
        (rc = ops_tensor_from(&to, out, ops_exec_slot(e, out), name, "out"))) {
        ops_exec_discard(e);
        return rc;
    }
    /* C3: self as a column, vec2 as a row. */
    ta.ndim = 2;
    ta.dims[1] = 1;
    ta.strides[1] = 1;
    tb.ndim = 2;
    tb.dims[1] = tb.dims[0];
    tb.strides[1] = tb.strides[0];
    tb.dims[0] = 1;
    tb.strides[0] = 0;
    const struct ops_tensor *pin[2] = {&ta, &tb};
    int ck = ops_ck_for(prom);
    if (!(pl = malloc(sizeof(*pl))) ||
        ew_plan_init(pl, ck, ck == CK_F32 ? f32_mul2 : ck == CK_F64 ? f64_mul2 : i64_mul2, &to,
                     pin, 2)) {
        free(pl);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    pl->rt = (int8_t)prom;
    e->plan = pl;
    e->fini = ew_exec_fini;
    e->run = pl->numel ? ew_exec_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Ger)
