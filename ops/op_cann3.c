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
    OPS_CHECK_NULLS(name, selfRef, mask, value, workspaceSize, executor);
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
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {selfRef, mask, NULL /* the value, as selfRef's type (C1) */},
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

/* ---- Ger --------------------------------------------------------------------------------- */

EW_KERN2(f32_mul2, float, x *y)
EW_KERN2(f64_mul2, double, x *y)
EW_KERN2(i64_mul2, int64_t, (int64_t)((uint64_t)x *(uint64_t)y))

aclnnStatus aclnnGerGetWorkspaceSize(const aclTensor *self, const aclTensor *vec2, aclTensor *out,
                                     WS)
{
    const char *name = "aclnnGer";
    OPS_CHECK_NULLS(name, self, vec2, out, workspaceSize, executor);
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
    if ((rc = OPS_VIEWS(e, {&ta, self, "self"}, {&tb, vec2, "vec2"}, {&to, out, "out"})))
        return rc;
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

/* ---- Scatter / ScatterValue (and in place) ------------------------------------------------
 *  C4. out = self, then for every position p of index: out[p with p[dim] =
 *      index[p]] = src[p] (reduce 0), += src[p] (1) or *= src[p] (2), in
 *      index's row-major order (later positions win for reduce 0). self and
 *      out share a type and shape; src has self's type and at least index's
 *      size in every dim; index (INT32 / INT64) has self's rank and at most
 *      self's size in every dim but `dim`. Every index value is checked
 *      against [0, self.size(dim)) before anything is written; a bad one
 *      fails the launch (ACL_ERROR_RT_AICORE_EXCEPTION at synchronisation).
 *      Sums and products are computed in double / int64 and stored back in
 *      self's type per update. */

struct scatter_plan {
    struct ops_tensor self, index, src, out;
    bool has_src, copy; /* copy: out is not self (not in place) */
    int dim, reduce;
    _Alignas(8) unsigned char cval[16]; /* the value (as self's type) when !has_src */
};

static void scatter_free(struct aclOpExecutor *e)
{
    free(e->plan);
}

static int32_t scatter_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct scatter_plan *p = e->plan;
    const struct ops_tensor *ix = &p->index, *o = &p->out;
    int64_t n = ix->numel, lim = p->self.dims[p->dim];
    int nd = o->ndim, ck = ops_ck_for(o->dt), raw = ops_ck_raw(o->dt);
    int64_t *iv = malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    if (!iv)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(iv, CK_I64, ops_base(ix, addr), ix->dt, ix->ndim, ix->dims, ix->strides);
    for (int64_t j = 0; j < n; j++)
        if (iv[j] < 0 || iv[j] >= lim) {
            free(iv);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
    char *ob = ops_base(o, addr);
    if (p->copy) { /* out = self, moving element bits */
        void *tmp = malloc((size_t)(o->numel ? o->numel : 1) * ops_ck_size(raw));
        if (!tmp) {
            free(iv);
            return ACL_ERROR_BAD_ALLOC;
        }
        ops_gather_nd(tmp, raw, ops_base(&p->self, addr), p->self.dt, nd, p->self.dims,
                      p->self.strides);
        ops_scatter_nd(tmp, raw, ob, o->dt, nd, o->dims, o->strides);
        free(tmp);
    }
    ops_load_fn ld = ops_loader(ck, o->dt);
    ops_store_fn st = ops_storer(ck, o->dt);
    ops_load_fn lds = p->has_src ? ops_loader(ck, p->src.dt) : NULL;
    int64_t esz = ops_dt_size(o->dt);
    const char *sb = p->has_src ? ops_base(&p->src, addr) : NULL;
    _Alignas(8) unsigned char cv[8];
    if (!p->has_src)
        ops_loader(ck, o->dt)(cv, (const char *)p->cval, esz, 1);
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t j = 0; j < n; j++) {
        int64_t oo = 0, so = 0;
        for (int d = 0; d < nd; d++) {
            oo += (d == p->dim ? iv[j] : idx[d]) * o->strides[d];
            if (p->has_src)
                so += idx[d] * p->src.strides[d];
        }
        _Alignas(8) unsigned char v[8], cur[8];
        if (p->has_src)
            lds(v, sb + so * (int64_t)ops_dt_size(p->src.dt), 0, 1);
        else
            memcpy(v, cv, 8);
        if (p->reduce) {
            ld(cur, ob + oo * esz, 0, 1);
            if (ck == CK_I64) {
                int64_t a, b;
                memcpy(&a, cur, 8);
                memcpy(&b, v, 8);
                a = p->reduce == 1 ? (int64_t)((uint64_t)a + (uint64_t)b)
                                   : (int64_t)((uint64_t)a * (uint64_t)b);
                memcpy(v, &a, 8);
            } else if (ck == CK_F64) {
                double a, b;
                memcpy(&a, cur, 8);
                memcpy(&b, v, 8);
                a = p->reduce == 1 ? a + b : a * b;
                memcpy(v, &a, 8);
            } else {
                float a, b;
                memcpy(&a, cur, 4);
                memcpy(&b, v, 4);
                a = p->reduce == 1 ? a + b : a * b;
                memcpy(v, &a, 4);
            }
        }
        st(ob + oo * esz, 0, v, 1);
        for (int d = nd - 1; d >= 0; d--) {
            if (++idx[d] < ix->dims[d])
                break;
            idx[d] = 0;
        }
    }
    free(iv);
    return 0;
}

static aclnnStatus scatter_op(const char *name, const aclTensor *self, int64_t dim,
                              const aclTensor *index, const aclTensor *src, const aclScalar *value,
                              int64_t reduce, const aclTensor *out, bool valued, uint64_t *ws,
                              aclOpExecutor **ex)
{
    bool inplace = self == out;
    OPS_CHECK_NULLS(name, self, index);
    if (valued)
        OPS_CHECK_NULL(name, value);
    else
        OPS_CHECK_NULL(name, src);
    OPS_CHECK_NULLS(name, out, ws, ex);
    aclnnStatus rc;
    int sdt, idt, odt, xdt = DT_NONE;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (src && (rc = ops_check_dims(src, name, "src"))) ||
        (rc = ops_need_dt(name, "self", self->dtype, DTM_ALL, &sdt)) ||
        (rc = ops_need_dt(name, "index", index->dtype, DTM(DT_I32) | DTM(DT_I64), &idt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, DTM_ALL, &odt)) ||
        (src && (rc = ops_need_dt(name, "src", src->dtype, DTM_ALL, &xdt))) ||
        (value && (rc = check_scalar(name, "value", value, &xdt))))
        return rc;
    int nd = (int)self->ndim;
    if (odt != sdt || (src && xdt != sdt) || (value && !ops_can_cast(xdt, sdt)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self, %s and out must share one type", name,
                       src ? "src" : "value");
    if (reduce < 0 || reduce > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: reduce %lld (0 none, 1 add, 2 multiply)",
                       name, (long long)reduce);
    if (nd == 0 || dim < -nd || dim >= nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is out of range for %d dims", name,
                       (long long)dim, nd);
    int d0 = (int)(dim < 0 ? dim + nd : dim);
    if ((int)index->ndim != nd || (src && (int)src->ndim != nd))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self, index%s need the same rank", name,
                       src ? " and src" : "");
    for (int d = 0; d < nd; d++)
        if ((src && index->dims[d] > src->dims[d]) ||
            (d != d0 && index->dims[d] > self->dims[d]))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: index is larger than %s in dim %d", name,
                           d == d0 || (src && index->dims[d] > src->dims[d]) ? "src" : "self",
                           d);
    if ((rc = ops_check_shape(name, self->dims, nd, out, "out")))
        return rc;
    struct aclOpExecutor *e =
        ops_exec_plan(name, src ? 3 : 2, 1, sizeof(struct scatter_plan), scatter_free);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct scatter_plan *p = e->plan;
    if ((rc = ops_tensor_from(&p->self, self, ops_exec_slot(e, self), name, "self")) ||
        (rc = ops_tensor_from(&p->index, index, ops_exec_slot(e, index), name, "index")) ||
        (src && (rc = ops_tensor_from(&p->src, src, ops_exec_slot(e, src), name, "src"))) ||
        (rc = ops_tensor_from(&p->out, out, ops_exec_slot(e, out), name, "out"))) {
        ops_exec_discard(e);
        return rc;
    }
    p->has_src = src != NULL;
    p->copy = !inplace;
    p->dim = d0;
    p->reduce = (int)reduce;
    if (value)
        ops_scalar_to(p->cval, sdt, value);
    e->run = p->out.numel ? scatter_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnScatterGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index,
                                         const aclTensor *src, int64_t reduce, aclTensor *out, WS)
{
    return scatter_op("aclnnScatter", self, dim, index, src, NULL, reduce, out, false,
                      workspaceSize, executor);
}
aclnnStatus aclnnScatterValueGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                              const aclTensor *index, const aclScalar *value,
                                              int64_t reduce, aclTensor *out, WS)
{
    return scatter_op("aclnnScatterValue", self, dim, index, NULL, value, reduce, out, true,
                      workspaceSize, executor);
}
aclnnStatus aclnnInplaceScatterGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
                                                const aclTensor *index, const aclTensor *src,
                                                int64_t reduce, WS)
{
    return scatter_op("aclnnInplaceScatter", selfRef, dim, index, src, NULL, reduce, selfRef,
                      false, workspaceSize, executor);
}
aclnnStatus aclnnInplaceScatterValueGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
                                                     const aclTensor *index,
                                                     const aclScalar *value, int64_t reduce, WS)
{
    return scatter_op("aclnnInplaceScatterValue", selfRef, dim, index, NULL, value, reduce,
                      selfRef, true, workspaceSize, executor);
}
PHASE2(Scatter)
PHASE2(ScatterValue)
PHASE2(InplaceScatter)
PHASE2(InplaceScatterValue)
