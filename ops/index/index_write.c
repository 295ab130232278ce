/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Index writes along one dim: InplaceIndexCopy, IndexFillTensor and
 * InplaceIndexFillTensor, IndexAdd and IndexAddV2.
 *
 *  I1. InplaceIndexCopy: selfRef's slice index[i] along dim becomes source's
 *      slice i. index is INT32 / INT64 with at most one dim and as many
 *      elements as source has along dim; a negative index counts from the
 *      end. The indices are device data, read when the kernel runs: one
 *      outside [-n, n) fails the launch (ACL_ERROR_RT_AICORE_EXCEPTION at
 *      the stream's synchronisation, as the other index kernels) before
 *      anything is written. With repeated indices the last slice wins (the
 *      reference leaves the order unspecified). IndexCopy does the same into
 *      outRef (selfRef's shape and type), which first gets selfRef's values.
 *  I2. IndexFillTensor: out = self with the slices index[k] along dim set to
 *      value (converted to self's type as a Cast would); the indices are host
 *      data, checked in phase 1 (161002 outside [-n, n)). A 0-d self takes
 *      dim in [-1, 0] and index 0 / -1.
 *  I3. IndexFill: as IndexFillTensor with the indices in an INT32 / INT64
 *      tensor (any rank, read flat): device data, read when the kernel runs;
 *      as CANN documents, an index outside [-n, n) is skipped.
 *  I4. IndexAdd, IndexAddV2: IndexCopy adding alpha * source (at the function).
 * Elements move as raw bits (source, out have self's type), but for I4's sums.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_index_add.h"
#include "aclnnop/aclnn_index_add_v2.h"
#include "aclnnop/aclnn_index_copy.h"
#include "aclnnop/aclnn_index_fill.h"
#include "aclnnop/aclnn_index_fill_tensor.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

#pragma GCC optimize("O3")

static inline void copy_elem(char *d, const char *s, int esz)
{
    switch (esz) {
    case 1:
        *d = *s;
        break;
    case 2:
        memcpy(d, s, 2);
        break;
    case 4:
        memcpy(d, s, 4);
        break;
    default:
        memcpy(d, s, 8);
        break;
    }
}

/* A view as at least 1-d (a 0-d tensor is one element of a 1-d one). */
static void at_least_1d(struct ops_tensor *t)
{
    if (t->ndim == 0) {
        t->ndim = 1;
        t->dims[0] = 1;
        t->strides[0] = 1;
    }
}

/* ---- InplaceIndexCopy ------------------------------------------------------------------------ */

struct icopy_plan {
    struct ops_tensor self, index, source, out; /* out: IndexCopy's outRef (copy set) */
    int dim;
    bool copy;
    bool add;       /* IndexAdd (I4): += alpha * source */
    double alpha;   /* for floating types */
    int64_t alphai; /* for integers */
};

/* I4: t[e] += alpha * s[e], computed in double (floats) or int64 (integers wrap). */
static void add_elem(char *d, int dt, const char *s, double alpha, int64_t alphai)
{
    if (ops_dt_is_float(dt)) {
        double a, b;
        ops_loader(CK_F64, dt)(&a, d, 0, 1);
        ops_loader(CK_F64, dt)(&b, s, 0, 1);
        ops_store_f64(d, dt, a + alpha * b);
    } else {
        int64_t a, b;
        ops_loader(CK_I64, dt)(&a, d, 0, 1);
        ops_loader(CK_I64, dt)(&b, s, 0, 1);
        ops_store_i64(d, dt,
                      ops_dt_wrap(dt, (int64_t)((uint64_t)a + (uint64_t)alphai * (uint64_t)b)));
    }
}

static int32_t icopy_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct icopy_plan *p = e->plan;
    const struct ops_tensor *t = p->copy ? &p->out : &p->self, *s = &p->source, *ix = &p->index;
    int64_t k = ix->numel, n = t->dims[p->dim];
    int64_t *iv = malloc((size_t)(k ? k : 1) * sizeof(int64_t));
    if (!iv)
        return ACL_ERROR_BAD_ALLOC;
    const char *ib = ops_base(ix, addr);
    for (int64_t j = 0; j < k; j++) { /* I1: all indices checked before any write */
        const char *q = ib + (ix->ndim ? j * ix->strides[0] : 0) * (int64_t)ops_dt_size(ix->dt);
        int64_t v;
        if (ix->dt == DT_I32) {
            int32_t w;
            memcpy(&w, q, 4);
            v = w;
        } else {
            memcpy(&v, q, 8);
        }
        if (v < -n || v >= n) {
            free(iv);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
        iv[j] = v < 0 ? v + n : v;
    }
    int nd = s->ndim, esz = (int)ops_dt_size(s->dt), d = p->dim;
    if (p->copy) { /* IndexCopy: outRef = selfRef first (element bits) */
        const struct ops_tensor *a = &p->self;
        int raw = ops_ck_raw(a->dt);
        void *tmp = malloc((size_t)(a->numel ? a->numel : 1) * ops_ck_size(raw));
        if (!tmp) {
            free(iv);
            return ACL_ERROR_BAD_ALLOC;
        }
        ops_gather_nd(tmp, raw, ops_base(a, addr), a->dt, a->ndim, a->dims, a->strides);
        ops_scatter_nd(tmp, raw, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
        free(tmp);
    }
    if (!s->numel) {
        free(iv);
        return 0;
    }
    char *tb = ops_base(t, addr);
    const char *sb = ops_base(s, addr);
    int64_t inner = s->dims[nd - 1], rows = s->numel / inner;
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t r = 0; r < rows; r++, ops_odo_next(idx, s->dims, nd - 1)) {
        int64_t so = ops_odo_off(idx, s->strides, nd - 1), to = 0;
        for (int q = 0; q < nd - 1; q++)
            to += (q == d ? iv[idx[q]] : idx[q]) * t->strides[q];
        for (int64_t j = 0; j < inner; j++) {
            int64_t tj = d == nd - 1 ? iv[j] : j;
            char *dp = tb + (to + tj * t->strides[nd - 1]) * esz;
            const char *sp = sb + (so + j * s->strides[nd - 1]) * esz;
            if (p->add)
                add_elem(dp, s->dt, sp, p->alpha, p->alphai);
            else
                copy_elem(dp, sp, esz);
        }
    }
    free(iv);
    return 0;
}

/* InplaceIndexCopy (out NULL) and IndexCopy (out = outRef, a copy of selfRef
 * with the slices written; selfRef unchanged unless out is selfRef). */
static aclnnStatus icopy_op(const char *name, aclTensor *selfRef, int64_t dim,
                            const aclTensor *index, const aclTensor *source, aclTensor *out,
                            const aclScalar *alpha, WS)
{
    const unsigned types = alpha ? OPS_DT_IndexAdd : OPS_DT_IndexCopy; /* table.h */
    const unsigned itypes = alpha ? OPS_DT2_IndexAdd : OPS_DT2_IndexCopy;
    OPS_CHECK_NULLS(name, selfRef, index, source, workspaceSize, executor);
    aclnnStatus rc;
    int tdt, idt, sdt;
    if ((rc = ops_check_dims(selfRef, name, "selfRef")) ||
        (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(source, name, "source")) ||
        (rc = ops_need_dt(name, "selfRef", selfRef->dtype, types, &tdt)) ||
        (rc = ops_need_dt(name, "index", index->dtype, itypes, &idt)) ||
        (rc = ops_need_dt(name, "source", source->dtype, types, &sdt)) ||
        (alpha && (rc = ops_check_scalar(name, "alpha", alpha, NULL))))
        return rc;
    if (sdt != tdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: source has type %s, selfRef %s", name,
                       ops_dt_name(source->dtype), ops_dt_name(selfRef->dtype));
    int nd = (int)selfRef->ndim, lim = nd ? nd : 1;
    if (dim < -lim || dim >= lim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is outside [%d, %d]", name,
                       (long long)dim, -lim, lim - 1);
    int d = (int)(dim < 0 ? dim + lim : dim);
    if (index->ndim > 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: index has %u dims (at most 1)", name,
                       index->ndim);
    int64_t k = ops_numel(index->dims, (int)index->ndim);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, selfRef->dims, (size_t)nd * sizeof(int64_t));
    if (nd)
        want[d] = k;
    else if (k != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: a 0-d selfRef takes one index, not %lld", name,
                       (long long)k);
    if ((rc = ops_check_shape(name, want, nd, source, "source")))
        return rc;
    if (out && ((rc = ops_check_dims(out, name, "outRef")) ||
                (rc = ops_check_shape(name, selfRef->dims, nd, out, "outRef"))))
        return rc;
    if (out && out->dtype != selfRef->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outRef has type %s, selfRef %s", name,
                       ops_dt_name(out->dtype), ops_dt_name(selfRef->dtype));
    /* The output is outRef, or selfRef itself (its second slot shares the input's group). */
    struct aclOpExecutor *e = ops_exec_plan(name, 3, 1, sizeof(struct icopy_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct icopy_plan *p = e->plan;
    p->dim = d;
    p->copy = out && out != selfRef;
    p->add = alpha != NULL;
    if (alpha) {
        p->alpha = ops_scalar_f64(alpha);
        p->alphai = ops_scalar_i64(alpha);
    }
    if ((rc = OPS_VIEWS(e, {&p->self, selfRef, "selfRef"}, {&p->index, index, "index"},
                        {&p->source, source, "source"},
                        {p->copy ? &p->out : NULL, p->copy ? out : selfRef, "outRef"})))
        return rc;
    if (p->copy)
        at_least_1d(&p->out);
    at_least_1d(&p->self);
    at_least_1d(&p->source);
    e->run = p->source.numel || p->copy ? icopy_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnInplaceIndexCopyGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
                                                  const aclTensor *index, const aclTensor *source,
                                                  WS)
{
    return icopy_op("aclnnInplaceIndexCopy", selfRef, dim, index, source, NULL, NULL, workspaceSize,
                    executor);
}
PHASE2(InplaceIndexCopy)

aclnnStatus aclnnIndexCopyGetWorkspaceSize(aclTensor *selfRef, int64_t dim, const aclTensor *index,
                                           const aclTensor *source, aclTensor *outRef, WS)
{
    OPS_CHECK_NULL("aclnnIndexCopy", outRef);
    return icopy_op("aclnnIndexCopy", selfRef, dim, index, source, outRef, NULL, workspaceSize,
                    executor);
}
PHASE2(IndexCopy)

/* I4. IndexAdd / IndexAddV2: out = self, then out's slice index[i] along dim += alpha *
 * source's slice i (I1's checks and index rules; repeated indices accumulate in order);
 * floats computed in double and rounded per update, integers wrap. V2's mode (CANN's choice
 * of kernel) does not change the result. */
aclnnStatus aclnnIndexAddGetWorkspaceSize(const aclTensor *self, const int64_t dim,
                                          const aclTensor *index, const aclTensor *source,
                                          const aclScalar *alpha, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnIndexAdd", alpha, out);
    return icopy_op("aclnnIndexAdd", (aclTensor *)self, dim, index, source, out, alpha,
                    workspaceSize, executor);
}
PHASE2(IndexAdd)

aclnnStatus aclnnIndexAddV2GetWorkspaceSize(const aclTensor *self, const int64_t dim,
                                            const aclTensor *index, const aclTensor *source,
                                            const aclScalar *alpha, int64_t mode, aclTensor *out,
                                            WS)
{
    _Static_assert(OPS_DT_IndexAddV2 == OPS_DT_IndexAdd && OPS_DT2_IndexAddV2 == OPS_DT2_IndexAdd,
                   "IndexAddV2 takes IndexAdd's types");
    OPS_CHECK_NULLS("aclnnIndexAddV2", alpha, out);
    if (mode < 0 || mode > 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnIndexAddV2: mode %lld (0 or 1)",
                       (long long)mode);
    return icopy_op("aclnnIndexAddV2", (aclTensor *)self, dim, index, source, out, alpha,
                    workspaceSize, executor);
}
PHASE2(IndexAddV2)

/* ---- IndexFillTensor ------------------------------------------------------------------------ */

struct ifill_plan {
    struct ops_tensor self, out, index; /* index: IndexFill's (has_index) */
    bool has_index;
    int dim;
    int64_t n; /* self's size along dim */
    unsigned char cval[16];
    uint8_t *mask; /* per index along dim: filled (IndexFillTensor: built in phase 1) */
};

static void ifill_fini(struct aclOpExecutor *e)
{
    struct ifill_plan *p = e->plan;
    if (p) {
        free(p->mask);
        free(p);
    }
}

/* IndexFill: the mask from the index tensor's values (I3), in mask (p->n bytes). */
static int32_t ifill_mask(const struct ifill_plan *p, void *const *addr, uint8_t *mask)
{
    const struct ops_tensor *ix = &p->index;
    int64_t k = ix->numel;
    int64_t *iv = malloc((size_t)(k ? k : 1) * sizeof(int64_t));
    if (!iv)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(iv, CK_I64, ops_base(ix, addr), ix->dt, ix->ndim, ix->dims, ix->strides);
    memset(mask, 0, (size_t)p->n);
    for (int64_t j = 0; j < k; j++)
        if (iv[j] >= -p->n && iv[j] < p->n)
            mask[iv[j] < 0 ? iv[j] + p->n : iv[j]] = 1;
    free(iv);
    return 0;
}

static int32_t ifill_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ifill_plan *p = e->plan;
    uint8_t *mask = p->mask;
    if (p->has_index) {
        if (!(mask = malloc((size_t)(p->n ? p->n : 1))))
            return ACL_ERROR_BAD_ALLOC;
        int32_t rc = ifill_mask(p, addr, mask);
        if (rc) {
            free(mask);
            return rc;
        }
    }
    const struct ops_tensor *s = &p->self, *o = &p->out;
    int nd = o->ndim, esz = (int)ops_dt_size(o->dt), d = p->dim;
    char *ob = ops_base(o, addr);
    const char *sb = ops_base(s, addr);
    int64_t inner = o->dims[nd - 1], rows = o->numel / inner;
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t r = 0; r < rows; r++, ops_odo_next(idx, o->dims, nd - 1)) {
        int64_t so = ops_odo_off(idx, s->strides, nd - 1),
                oo = ops_odo_off(idx, o->strides, nd - 1);
        bool row_fill = d < nd - 1 && mask[idx[d]];
        for (int64_t j = 0; j < inner; j++) {
            char *dst = ob + (oo + j * o->strides[nd - 1]) * esz;
            if (row_fill || (d == nd - 1 && mask[j]))
                copy_elem(dst, (const char *)p->cval, esz);
            else
                copy_elem(dst, sb + (so + j * s->strides[nd - 1]) * esz, esz);
        }
    }
    if (p->has_index)
        free(mask);
    return 0;
}

/* IndexFillTensor (index, host values) and IndexFill (tindex, a device tensor). */
static aclnnStatus ifill_op(const char *name, const aclTensor *self, int64_t dim,
                            const aclIntArray *index, const aclTensor *tindex,
                            const aclScalar *value, const aclTensor *out, uint64_t *ws,
                            aclOpExecutor **ex)
{
    if (tindex)
        OPS_CHECK_NULL(name, tindex);
    else
        OPS_CHECK_NULL(name, index);
    OPS_CHECK_NULLS(name, self, value, out, ws, ex);
    aclnnStatus rc;
    int sdt, odt, vdt, idt;
    unsigned types = tindex ? OPS_DT_IndexFill : OPS_DT_IndexFillTensor; /* table.h */
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)))
        return rc;
    if (tindex ? (rc = ops_check_dims(tindex, name, "index")) ||
                     (rc = ops_need_dt(name, "index", tindex->dtype, OPS_DT2_IndexFill, &idt)) ||
                     (rc = ops_check_scalar(name, "value", value, &vdt))
               : (rc = ops_need_dt(name, "value", value->dtype, OPS_DT2_IndexFillTensor, &vdt)))
        return rc;
    if (odt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self %s", name,
                       ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    if ((rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    int nd = (int)self->ndim, lim = nd ? nd : 1;
    if (dim < -lim || dim >= lim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is outside [%d, %d]", name,
                       (long long)dim, -lim, lim - 1);
    int d = (int)(dim < 0 ? dim + lim : dim);
    int64_t n = nd ? self->dims[d] : 1;
    for (uint64_t k = 0; index && k < index->n; k++)
        if (index->v[k] < -n || index->v[k] >= n)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: index[%llu] = %lld is outside [%lld, %lld) of dim %d", name,
                           (unsigned long long)k, (long long)index->v[k], (long long)-n,
                           (long long)n, d);
    struct aclOpExecutor *e =
        ops_exec_plan(name, tindex ? 2 : 1, 1, sizeof(struct ifill_plan), ifill_fini);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ifill_plan *p = e->plan;
    p->dim = d;
    p->n = n;
    p->has_index = tindex != NULL;
    if (index) {
        if (!(p->mask = calloc((size_t)(n ? n : 1), 1))) {
            ops_exec_discard(e);
            return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
        }
        for (uint64_t k = 0; k < index->n; k++)
            p->mask[index->v[k] < 0 ? index->v[k] + n : index->v[k]] = 1;
    }
    if ((rc = tindex ? OPS_VIEWS(e, {&p->self, self, "self"}, {&p->index, tindex, "index"},
                                 {&p->out, out, "out"})
                     : OPS_VIEWS(e, {&p->self, self, "self"}, {&p->out, out, "out"})))
        return rc;
    at_least_1d(&p->self);
    at_least_1d(&p->out);
    ops_scalar_to(p->cval, sdt, value);
    e->run = p->out.numel ? ifill_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnIndexFillTensorGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                                 const aclIntArray *index, const aclScalar *value,
                                                 aclTensor *out, WS)
{
    return ifill_op("aclnnIndexFillTensor", self, dim, index, NULL, value, out, workspaceSize,
                    executor);
}
aclnnStatus aclnnInplaceIndexFillTensorGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
                                                        const aclIntArray *index,
                                                        const aclScalar *value, WS)
{
    return ifill_op("aclnnInplaceIndexFillTensor", selfRef, dim, index, NULL, value, selfRef,
                    workspaceSize, executor);
}
aclnnStatus aclnnIndexFillGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                           const aclTensor *index, const aclScalar *value,
                                           aclTensor *out, WS)
{
    return ifill_op("aclnnIndexFill", self, dim, NULL, index, value, out, workspaceSize, executor);
}
aclnnStatus aclnnInplaceIndexFillGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
                                                  const aclTensor *index, const aclScalar *value,
                                                  WS)
{
    return ifill_op("aclnnInplaceIndexFill", selfRef, dim, NULL, index, value, selfRef,
                    workspaceSize, executor);
}
PHASE2(IndexFill)
PHASE2(InplaceIndexFill)
PHASE2(IndexFillTensor)
PHASE2(InplaceIndexFillTensor)
