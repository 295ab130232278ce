/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scatter / ScatterValue and their in-place forms, and ScatterAdd (Scatter's
 * reduce 1): writes along one dim at the positions an index tensor gives (SC4);
 * ScatterReduce and its in-place form, the same with torch.scatter_reduce's reductions (SC7);
 * InplaceMaskedScatter (SC5) and EmbeddingDenseBackward (SC6), the writes at the
 * positions a mask or an index of rows gives.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "aclnnop/aclnn_embedding_dense_grad.h"
#include "aclnnop/aclnn_masked_scatter.h"
#include "aclnnop/aclnn_scatter.h"
#include "aclnnop/aclnn_scatter_add.h"
#include "aclnnop/aclnn_scatter_reduce.h"
#include "ops/engine/ew_build.h"
#include "ops/index/table.h"

#pragma GCC optimize("O3")
/* ---- Scatter / ScatterValue (and in place) ------------------------------------------------
 *  SC4. out = self, then for every position p of index: out[p with p[dim] =
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
    bool has_src, copy;      /* copy: out is not self (not in place) */
    bool full, include_self; /* ScatterReduce (SC7): scatter_reduce_run */
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

/* ---- ScatterReduce (and in place) ----------------------------------------------------------
 *  SC7. torch.scatter_reduce on SC4's checks and positions: out = self, then each position of
 *      out that index names is reduced over the src values sent to it (reduce 0 none: the last
 *      one, in index's row-major order; 1 add; 2 multiply; 3 max; 4 min; 5 mean), starting from
 *      self's value when includeSelf, else from the first value sent; positions no index names
 *      keep self's value. Mean divides the sum by the count of values (self's included when
 *      includeSelf); integer means round down (torch's floor division). Floating values reduce
 *      in double, integers in int64 (wrapping), each stored once at the end in out's type; max
 *      and min propagate NaN (torch). CANN documents the codes and includeSelf (its A2/A3
 *      kernels take FLOAT add with includeSelf only); every combination runs here. */

static int32_t scatter_reduce_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct scatter_plan *p = e->plan;
    const struct ops_tensor *ix = &p->index, *o = &p->out;
    const int64_t n = ix->numel, lim = p->self.dims[p->dim], no = o->numel;
    const int nd = o->ndim;
    const bool isf = ops_dt_is_float(o->dt);
    const int ck = isf ? CK_F64 : CK_I64;
    int64_t *iv = malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    void *acc = malloc((size_t)no * 8);
    int64_t *cnt = calloc((size_t)no, sizeof(int64_t));
    if (!iv || !acc || !cnt) {
        free(iv), free(acc), free(cnt);
        return ACL_ERROR_BAD_ALLOC;
    }
    ops_gather_nd(iv, CK_I64, ops_base(ix, addr), ix->dt, ix->ndim, ix->dims, ix->strides);
    for (int64_t j = 0; j < n; j++)
        if (iv[j] < 0 || iv[j] >= lim) {
            free(iv), free(acc), free(cnt);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
    ops_gather_nd(acc, ck, ops_base(&p->self, addr), p->self.dt, nd, p->self.dims, p->self.strides);
    double *af = acc;
    int64_t *ai = acc;
    const int r = p->reduce;
    int64_t idx[OPS_MAX_DIMS] = {0}, ost[OPS_MAX_DIMS], st = 1;
    for (int d = nd - 1; d >= 0; d--) { /* acc is out in row-major order */
        ost[d] = st;
        st *= o->dims[d];
    }
    ops_load_fn lds = ops_loader(ck, p->src.dt);
    const int64_t ses = ops_dt_size(p->src.dt);
    const char *sb = ops_base(&p->src, addr);
    for (int64_t j = 0; j < n; j++) {
        int64_t t = 0, so = 0;
        for (int d = 0; d < nd; d++) {
            t += (d == p->dim ? iv[j] : idx[d]) * ost[d];
            so += idx[d] * p->src.strides[d];
        }
        const bool first = !p->include_self && cnt[t] == 0;
        if (isf) {
            double v, a = af[t];
            lds(&v, sb + so * ses, 0, 1);
            af[t] = first || r == 0        ? v
                    : r == 1 || r == 5     ? a + v
                    : r == 2               ? a * v
                    : isnan(a) || isnan(v) ? NAN
                    : (r == 3) == (v > a)  ? v
                                           : a;
        } else {
            int64_t v, a = ai[t];
            lds(&v, sb + so * ses, 0, 1);
            ai[t] = first || r == 0       ? v
                    : r == 1 || r == 5    ? (int64_t)((uint64_t)a + (uint64_t)v)
                    : r == 2              ? (int64_t)((uint64_t)a * (uint64_t)v)
                    : (r == 3) == (v > a) ? v
                                          : a;
        }
        cnt[t]++;
        for (int d = nd - 1; d >= 0; d--) {
            if (++idx[d] < ix->dims[d])
                break;
            idx[d] = 0;
        }
    }
    if (r == 5) /* mean over the values reduced, self's included when includeSelf */
        for (int64_t t = 0; t < no; t++) {
            if (!cnt[t])
                continue;
            const int64_t c = cnt[t] + (p->include_self ? 1 : 0);
            if (isf)
                af[t] /= (double)c;
            else
                ai[t] = ai[t] / c - ((ai[t] % c != 0) && ((ai[t] < 0) != (c < 0)));
        }
    ops_scatter_nd(acc, ck, ops_base(o, addr), o->dt, nd, o->dims, o->strides);
    free(iv), free(acc), free(cnt);
    return 0;
}

/* full: ScatterReduce's reduce codes 0-5 and includeSelf (SC7); else Scatter's 0-2. */
static aclnnStatus scatter_op(const char *name, const aclTensor *self, int64_t dim,
                              const aclTensor *index, const aclTensor *src, const aclScalar *value,
                              int64_t reduce, const aclTensor *out, bool valued, bool full,
                              bool include_self, uint64_t *ws, aclOpExecutor **ex)
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
    const unsigned types = valued ? OPS_DT_ScatterValue : OPS_DT_Scatter; /* table.h */
    const unsigned itypes = valued ? OPS_DT2_ScatterValue : OPS_DT2_Scatter;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (src && (rc = ops_check_dims(src, name, "src"))) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "index", index->dtype, itypes, &idt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)) ||
        (src && (rc = ops_need_dt(name, "src", src->dtype, types, &xdt))) ||
        (value && (rc = ops_check_scalar(name, "value", value, &xdt))))
        return rc;
    int nd = (int)self->ndim;
    if (odt != sdt || (src && xdt != sdt) || (value && !ops_can_cast(xdt, sdt)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self, %s and out must share one type", name,
                       src ? "src" : "value");
    if (reduce < 0 || reduce > (full ? 5 : 2))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: reduce %lld (0 none, 1 add, 2 multiply%s)",
                       name, (long long)reduce, full ? ", 3 max, 4 min, 5 mean" : "");
    if (nd == 0 || dim < -nd || dim >= nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is out of range for %d dims", name,
                       (long long)dim, nd);
    int d0 = (int)(dim < 0 ? dim + nd : dim);
    if ((int)index->ndim != nd || (src && (int)src->ndim != nd))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self, index%s need the same rank", name,
                       src ? " and src" : "");
    for (int d = 0; d < nd; d++)
        if ((src && index->dims[d] > src->dims[d]) || (d != d0 && index->dims[d] > self->dims[d]))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: index is larger than %s in dim %d", name,
                           d == d0 || (src && index->dims[d] > src->dims[d]) ? "src" : "self", d);
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
    p->full = full;
    p->include_self = include_self;
    if (value)
        ops_scalar_to(p->cval, sdt, value);
    e->run = p->out.numel ? (full ? scatter_reduce_run : scatter_run) : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnScatterGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index,
                                         const aclTensor *src, int64_t reduce, aclTensor *out, WS)
{
    return scatter_op("aclnnScatter", self, dim, index, src, NULL, reduce, out, false, false, false,
                      workspaceSize, executor);
}
aclnnStatus aclnnScatterValueGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                              const aclTensor *index, const aclScalar *value,
                                              int64_t reduce, aclTensor *out, WS)
{
    return scatter_op("aclnnScatterValue", self, dim, index, NULL, value, reduce, out, true, false,
                      false, workspaceSize, executor);
}
aclnnStatus aclnnInplaceScatterGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
                                                const aclTensor *index, const aclTensor *src,
                                                int64_t reduce, WS)
{
    return scatter_op("aclnnInplaceScatter", selfRef, dim, index, src, NULL, reduce, selfRef, false,
                      false, false, workspaceSize, executor);
}
aclnnStatus aclnnInplaceScatterValueGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
                                                     const aclTensor *index, const aclScalar *value,
                                                     int64_t reduce, WS)
{
    return scatter_op("aclnnInplaceScatterValue", selfRef, dim, index, NULL, value, reduce, selfRef,
                      true, false, false, workspaceSize, executor);
}
PHASE2(Scatter)
PHASE2(ScatterValue)
PHASE2(InplaceScatter)
PHASE2(InplaceScatterValue)

aclnnStatus aclnnScatterAddGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                            const aclTensor *index, const aclTensor *src,
                                            aclTensor *out, WS)
{
    _Static_assert(OPS_DT_ScatterAdd == OPS_DT_Scatter && OPS_DT2_ScatterAdd == OPS_DT2_Scatter,
                   "ScatterAdd takes Scatter's types (scatter_op)");
    return scatter_op("aclnnScatterAdd", self, dim, index, src, NULL, 1, out, false, false, false,
                      workspaceSize, executor);
}
PHASE2(ScatterAdd)

aclnnStatus aclnnScatterReduceGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                               const aclTensor *index, const aclTensor *src,
                                               int64_t reduce, bool includeSelf, aclTensor *out, WS)
{
    _Static_assert(OPS_DT_ScatterReduce == OPS_DT_Scatter &&
                       OPS_DT2_ScatterReduce == OPS_DT2_Scatter,
                   "ScatterReduce takes Scatter's types (scatter_op)");
    return scatter_op("aclnnScatterReduce", self, dim, index, src, NULL, reduce, out, false, true,
                      includeSelf, workspaceSize, executor);
}
aclnnStatus aclnnInplaceScatterReduceGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
                                                      const aclTensor *index, const aclTensor *src,
                                                      int64_t reduce, bool includeSelf, WS)
{
    return scatter_op("aclnnInplaceScatterReduce", selfRef, dim, index, src, NULL, reduce, selfRef,
                      false, true, includeSelf, workspaceSize, executor);
}
PHASE2(ScatterReduce)
PHASE2(InplaceScatterReduce)

/* ---- InplaceMaskedScatter -----------------------------------------------------------------
 *  SC5. The positions of selfRef (row-major) where mask (BOOL / UINT8, broadcast to selfRef's
 *      shape) is nonzero take source's elements in source's row-major order, element bits
 *      moved (source has selfRef's type). More true positions than source has elements fail
 *      the launch before any write (ACL_ERROR_RT_AICORE_EXCEPTION). */

struct mscatter_plan {
    struct ops_tensor self, mask, src;
    int64_t mst[OPS_MAX_DIMS]; /* mask's strides over selfRef's dims (0: broadcast) */
};

static int32_t mscatter_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mscatter_plan *p = e->plan;
    const struct ops_tensor *o = &p->self, *m = &p->mask, *sr = &p->src;
    const int nd = o->ndim, esz = (int)ops_dt_size(o->dt), raw = ops_ck_raw(o->dt);
    const int64_t mesz = ops_dt_size(m->dt);
    const char *mb = ops_base(m, addr);
    int64_t idx[OPS_MAX_DIMS] = {0}, need = 0;
    for (int64_t j = 0; j < o->numel; j++) { /* count first: nothing written on failure */
        const char *mp = mb + ops_odo_off(idx, p->mst, nd) * mesz;
        need += mp[0] != 0;
        ops_odo_next(idx, o->dims, nd);
    }
    if (need > sr->numel)
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    char *buf = malloc((size_t)(need ? need : 1) * (size_t)esz);
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    if (need) { /* the first `need` source elements in row-major order */
        char *all = malloc((size_t)sr->numel * (size_t)esz);
        if (!all) {
            free(buf);
            return ACL_ERROR_BAD_ALLOC;
        }
        ops_gather_nd(all, raw, ops_base(sr, addr), sr->dt, sr->ndim, sr->dims, sr->strides);
        memcpy(buf, all, (size_t)(need * esz));
        free(all);
    }
    char *ob = ops_base(o, addr);
    memset(idx, 0, sizeof(idx));
    for (int64_t j = 0, k = 0; j < o->numel; j++) {
        if (mb[ops_odo_off(idx, p->mst, nd) * mesz])
            memcpy(ob + ops_odo_off(idx, o->strides, nd) * esz, buf + (k++) * esz, (size_t)esz);
        ops_odo_next(idx, o->dims, nd);
    }
    free(buf);
    return 0;
}

aclnnStatus aclnnInplaceMaskedScatterGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask,
                                                      const aclTensor *source, WS)
{
    const char *name = "aclnnInplaceMaskedScatter";
    OPS_CHECK_NULLS(name, selfRef, mask, source, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, mdt, xdt;
    if ((rc = ops_check_dims(selfRef, name, "selfRef")) ||
        (rc = ops_check_dims(mask, name, "mask")) ||
        (rc = ops_check_dims(source, name, "source")) ||
        (rc = ops_need_dt(name, "selfRef", selfRef->dtype, OPS_DT_MaskedScatter, &sdt)) ||
        (rc = ops_need_dt(name, "mask", mask->dtype, OPS_DT2_MaskedScatter, &mdt)) ||
        (rc = ops_need_dt(name, "source", source->dtype, OPS_DT_MaskedScatter, &xdt)))
        return rc;
    if (xdt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: source has type %s, selfRef %s (they must match)", name,
                       ops_dt_name(source->dtype), ops_dt_name(selfRef->dtype));
    const int nd = (int)selfRef->ndim, mnd = (int)mask->ndim;
    bool ok = mnd <= nd;
    for (int d = 0; ok && d < mnd; d++) {
        int64_t md = mask->dims[d], sd = selfRef->dims[nd - mnd + d];
        ok = md == sd || md == 1;
    }
    if (!ok)
        return ops_shape_err(name, "mask", mask, selfRef->dims, nd);
    OPS_PLAN(e, p, name, 3, 1, struct mscatter_plan, NULL, {NULL, selfRef, "selfRef"},
             {&p->mask, mask, "mask"}, {&p->src, source, "source"}, {&p->self, selfRef, "selfRef"});
    for (int d = 0; d < nd; d++) {
        int md = d - (nd - mnd);
        p->mst[d] = md < 0 || mask->dims[md] == 1 ? 0 : mask->strides[md];
    }
    e->run = p->self.numel ? mscatter_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(InplaceMaskedScatter)

/* ---- EmbeddingDenseBackward ---------------------------------------------------------------
 *  SC6. out [numWeights, D] = for each row r: the sum of grad's rows j (grad viewed as
 *      [indices.numel, D]) whose index value is r, 0 for r = paddingIdx (a paddingIdx that is
 *      negative as int64 pads nothing), each divided by how often r occurs when
 *      scaleGradByFreq; summed in double in indices' row-major order and rounded once. An
 *      index outside [0, numWeights) fails the launch before any write. EmbeddingDenseGrad
 * (ops-nn's experimental folder) is the same with numWeights and paddingIdx as int64. */

struct edb_plan {
    struct ops_tensor grad, idx, out;
    int64_t nw, pad, d;
    bool scale;
};

static int32_t edb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct edb_plan *p = e->plan;
    const struct ops_tensor *g = &p->grad, *ix = &p->idx, *o = &p->out;
    const int64_t n = ix->numel, D = p->d;
    int64_t *iv = malloc((size_t)(n ? n : 1) * 8), *cnt = calloc((size_t)p->nw + 1, 8);
    double *gb = malloc((size_t)(n * D > 0 ? n * D : 1) * 8),
           *acc = calloc((size_t)(p->nw * D + 1), 8);
    int32_t rc = 0;
    if (!iv || !cnt || !gb || !acc) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_nd(iv, CK_I64, ops_base(ix, addr), ix->dt, ix->ndim, ix->dims, ix->strides);
    for (int64_t j = 0; j < n; j++) {
        if (iv[j] < 0 || iv[j] >= p->nw) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
        cnt[iv[j]]++;
    }
    ops_gather_nd(gb, CK_F64, ops_base(g, addr), g->dt, g->ndim, g->dims, g->strides);
    for (int64_t j = 0; j < n; j++) {
        const int64_t r = iv[j];
        if (r == p->pad)
            continue;
        const double w = p->scale ? 1.0 / (double)cnt[r] : 1.0;
        for (int64_t c = 0; c < D; c++)
            acc[r * D + c] += gb[j * D + c] * w;
    }
    ops_scatter_nd(acc, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
out:
    free(iv);
    free(cnt);
    free(gb);
    free(acc);
    return rc;
}

static aclnnStatus edb_build(const char *name, unsigned types, unsigned itypes,
                             const aclTensor *grad, const aclTensor *indices, uint64_t numWeights,
                             uint64_t paddingIdx, bool scaleGradByFreq, const aclTensor *out,
                             uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, grad, indices, out, workspaceSize, executor);
    aclnnStatus rc;
    int gdt, idt, odt;
    if ((rc = ops_check_dims(grad, name, "grad")) ||
        (rc = ops_check_dims(indices, name, "indices")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "grad", grad->dtype, types, &gdt)) ||
        (rc = ops_need_dt(name, "indices", indices->dtype, itypes, &idt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)))
        return rc;
    if (odt != gdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, grad %s (they must match)",
                       name, ops_dt_name(out->dtype), ops_dt_name(grad->dtype));
    const int ni = (int)indices->ndim;
    bool ok = (int)grad->ndim == ni + 1;
    for (int d = 0; ok && d < ni; d++)
        ok = grad->dims[d] == indices->dims[d];
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: grad must have indices' shape plus one trailing dim", name);
    if (numWeights > (uint64_t)INT64_MAX / 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numWeights %llu is too large", name,
                       (unsigned long long)numWeights);
    const int64_t D = grad->dims[ni], want[2] = {(int64_t)numWeights, D};
    if ((rc = ops_check_shape(name, want, 2, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct edb_plan, NULL, {&p->grad, grad, "grad"},
             {&p->idx, indices, "indices"}, {&p->out, out, "out"});
    p->nw = (int64_t)numWeights;
    p->pad = (int64_t)paddingIdx; /* negative: no padding row (SC6) */
    p->d = D;
    p->scale = scaleGradByFreq;
    e->run = p->out.numel ? edb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnEmbeddingDenseBackwardGetWorkspaceSize(const aclTensor *grad,
                                                        const aclTensor *indices,
                                                        uint64_t numWeights, uint64_t paddingIdx,
                                                        bool scaleGradByFreq, const aclTensor *out,
                                                        WS)
{
    return edb_build("aclnnEmbeddingDenseBackward", OPS_DT_EmbeddingDenseBackward,
                     OPS_DT2_EmbeddingDenseBackward, grad, indices, numWeights, paddingIdx,
                     scaleGradByFreq, out, workspaceSize, executor);
}
PHASE2(EmbeddingDenseBackward)

aclnnStatus aclnnEmbeddingDenseGradGetWorkspaceSize(const aclTensor *grad, const aclTensor *indices,
                                                    int64_t numWeights, int64_t paddingIdx,
                                                    bool scaleGradByFreq, const aclTensor *y, WS)
{
    const char *name = "aclnnEmbeddingDenseGrad";
    if (numWeights < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numWeights %lld is negative", name,
                       (long long)numWeights);
    return edb_build(name, OPS_DT_EmbeddingDenseGrad, OPS_DT2_EmbeddingDenseGrad, grad, indices,
                     (uint64_t)numWeights, (uint64_t)paddingIdx, scaleGradByFreq, y, workspaceSize,
                     executor);
}
PHASE2(EmbeddingDenseGrad)
