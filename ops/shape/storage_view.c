/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operators that address a tensor's storage through an explicit view (size, stride, storage
 * offset) instead of the aclTensor's own: AsStrided and ViewCopy (ops-math's experimental
 * conversion/as_strided and conversion/view_copy).
 *
 *  SV1. The storage of a tensor t is the elements from t's first one to the end of its storage
 *      (aclCreateTensor's storage dims, less t's offset; without storage dims, the extent t's
 *      own view reaches). A view (size, stride, offset) over it reads element
 *      offset + sum(i[d] * stride[d]); every element it reaches must lie in the storage (else
 *      161002 in phase 1, or a failed launch when the view comes in tensors). Offsets count
 *      from t's first element: torch.as_strided's storage offset when t starts its storage (the
 *      documented use; for a t with a view offset, CANN's kernel reads from the address it is
 *      given, t's first element, an open guess).
 *  SV2. AsStrided: out (of shape size) = x's storage seen through (size, stride, storageOffset)
 *      (torch.as_strided). size and stride of 1 to 8 entries, non-negative; storageOffset one
 *      non-negative entry. One strided move (move.h) with the view's strides as the source's.
 *  SV3. ViewCopy: dst_out = dst with src's view (src_size, src_stride, src_storage_offset over
 *      src's storage) written at dst's view (dst_size, ...) of the target storage. The six
 *      view tensors (INT32 or INT64, one type; sizes and strides of rank elements, 1 to 8, the
 *      offsets of one) are read at each launch, as the kernel reads them on the NPU: unequal
 *      sizes, a negative entry or a view outside its storage fail the launch before any write
 *      (ACL_ERROR_RT_AICORE_EXCEPTION, 507015). dst and dst_out are dense (cpuacl); when
 *      dst_out is not dst's memory it first receives dst's elements (dst_out: "the target
 *      storage after the copy"; an open guess for CANN's ref output given a separate buffer);
 *      src's elements are read whole before any is written, so overlapping views copy as if
 *      through a buffer.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_as_strided.h"
#include "aclnnop/aclnn_view_copy.h"
#include "ops/engine/engine.h"
#include "ops/shape/move.h"
#include "ops/shape/table.h"

/* SV1: the elements of t's storage from its first element. */
static int64_t sv_extent(const aclTensor *t)
{
    if (t->storage_ndim > 0) {
        int64_t n = ops_numel(t->storage_dims, (int)t->storage_ndim) - t->offset;
        return n > 0 ? n : 0;
    }
    int64_t reach = 0;
    for (uint32_t d = 0; d < t->ndim; d++) {
        if (t->dims[d] == 0)
            return 0;
        reach += (t->dims[d] - 1) * (t->strides[d] < 0 ? -t->strides[d] : t->strides[d]);
    }
    return reach + 1;
}

/* SV1: the last element a view of n dims reaches (-1 when it holds none); false when a size or
 * stride is negative or the reach overflows. */
static bool sv_reach(const int64_t *size, const int64_t *stride, int n, int64_t off, int64_t *last)
{
    int64_t r = off;
    for (int d = 0; d < n; d++) {
        int64_t t;
        if (size[d] < 0 || stride[d] < 0)
            return false;
        if (size[d] == 0) {
            *last = -1;
            return true;
        }
        if (__builtin_mul_overflow(size[d] - 1, stride[d], &t) || __builtin_add_overflow(r, t, &r))
            return false;
    }
    *last = r;
    return off >= 0;
}

/* ---- AsStrided (SV2) ------------------------------------------------------------------------ */

aclnnStatus aclnnAsStridedGetWorkspaceSize(const aclTensor *x, const aclIntArray *size,
                                           const aclIntArray *stride,
                                           const aclIntArray *storageOffset, aclTensor *out, WS)
{
    const char *name = "aclnnAsStrided";
    OPS_CHECK_NULLS(name, x, size, stride, storageOffset, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = mv_check_types(name, OPS_DT_AsStrided, x, "x", out)))
        return rc;
    const int n = (int)size->n;
    if (size->n < 1 || size->n > OPS_MAX_DIMS || stride->n != size->n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: size and stride have %llu and %llu entries (one count, 1 to %d)", name,
                       (unsigned long long)size->n, (unsigned long long)stride->n, OPS_MAX_DIMS);
    if (storageOffset->n != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: storageOffset has %llu entries (1 only)", name,
                       (unsigned long long)storageOffset->n);
    int64_t last;
    const int64_t off = storageOffset->v[0];
    if (!sv_reach(size->v, stride->v, n, off, &last))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: size, stride and storageOffset must be non-negative (and the view's "
                       "reach fit in 64 bits)",
                       name);
    const int64_t ext = sv_extent(x);
    if (last >= ext)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the view reaches element %lld of x's storage, which holds %lld", name,
                       (long long)last, (long long)ext);
    if ((rc = ops_check_out_shape(name, out, size->v, n)))
        return rc;
    struct aclOpExecutor *e;
    struct ops_tensor xv, ov;
    if ((rc = mv_single(name, x, out, &e, &xv, &ov)))
        return rc;
    struct mv *m = &((struct mv_plan *)e->plan)->m[0];
    m->nd = n;
    for (int d = 0; d < n; d++) {
        m->dims[d] = size->v[d];
        m->sst[d] = stride->v[d];
        m->dstr[d] = ov.strides[d];
    }
    m->soff += last < 0 ? 0 : off;
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(AsStrided)

/* ---- ViewCopy (SV3) ------------------------------------------------------------------------- */

struct vc_plan {
    struct ops_tensor dst, dsz, dst_st, doff, src, ssz, sst, soff, out;
    int64_t dext, sext, oext; /* dst's element count; SV1 extents of src and dst_out */
    int rank;
};

/* The rank elements of a 1-d view tensor as int64. */
static void vc_load(int64_t *v, const struct ops_tensor *t, void *const *addr, int n)
{
    ops_loader(CK_I64, t->dt)(v, ops_base(t, addr), t->strides[0] * ops_dt_size(t->dt), n);
}

/* Visit the n-dim view (size, stride) from off: each element's storage offset into pos[]. */
static void vc_offsets(int64_t *pos, const int64_t *size, const int64_t *stride, int n, int64_t off)
{
    int64_t idx[OPS_MAX_DIMS] = {0}, total = ops_numel(size, n);
    for (int64_t k = 0; k < total; k++) {
        int64_t o = off;
        for (int d = 0; d < n; d++)
            o += idx[d] * stride[d];
        pos[k] = o;
        for (int d = n - 1; d >= 0 && ++idx[d] == size[d]; d--)
            idx[d] = 0;
    }
}

static int32_t vc_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct vc_plan *p = e->plan;
    const int n = p->rank;
    int64_t dsz[OPS_MAX_DIMS], dstr[OPS_MAX_DIMS], ssz[OPS_MAX_DIMS], sstr[OPS_MAX_DIMS], doff,
        soff, dlast, slast;
    vc_load(dsz, &p->dsz, addr, n);
    vc_load(dstr, &p->dst_st, addr, n);
    vc_load(ssz, &p->ssz, addr, n);
    vc_load(sstr, &p->sst, addr, n);
    vc_load(&doff, &p->doff, addr, 1);
    vc_load(&soff, &p->soff, addr, 1);
    /* SV3: every check before any write */
    if (memcmp(dsz, ssz, (size_t)n * sizeof(int64_t)) != 0 ||
        !sv_reach(dsz, dstr, n, doff, &dlast) || !sv_reach(ssz, sstr, n, soff, &slast) ||
        dlast >= p->oext || slast >= p->sext)
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    const int64_t es = ops_dt_size(p->src.dt), total = ops_numel(ssz, n);
    char *buf = malloc((size_t)(total ? total : 1) * (size_t)(es + 2 * sizeof(int64_t)));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    int64_t *spos = (int64_t *)buf, *dpos = spos + total;
    char *vals = (char *)(dpos + total);
    const char *sb = ops_base(&p->src, addr);
    char *ob = ops_base(&p->out, addr);
    vc_offsets(spos, ssz, sstr, n, soff);
    vc_offsets(dpos, dsz, dstr, n, doff);
    for (int64_t k = 0; k < total; k++) /* src whole first: overlapping views (SV3) */
        memcpy(vals + k * es, sb + spos[k] * es, (size_t)es);
    const char *db = ops_base(&p->dst, addr);
    if (db != ob) /* dst_out is other memory: dst's elements first (both dense) */
        memmove(ob, db, (size_t)(p->dext * es));
    for (int64_t k = 0; k < total; k++)
        memcpy(ob + dpos[k] * es, vals + k * es, (size_t)es);
    free(buf);
    return 0;
}

aclnnStatus aclnnViewCopyGetWorkspaceSize(const aclTensor *dst, const aclTensor *dst_size,
                                          const aclTensor *dst_stride,
                                          const aclTensor *dst_storage_offset, const aclTensor *src,
                                          const aclTensor *src_size, const aclTensor *src_stride,
                                          const aclTensor *src_storage_offset,
                                          const aclTensor *dst_out, WS)
{
    const char *name = "aclnnViewCopy";
    OPS_CHECK_NULLS(name, dst, dst_size, dst_stride, dst_storage_offset, src, src_size, src_stride,
                    src_storage_offset, dst_out, workspaceSize, executor);
    aclnnStatus rc;
    int dt, mdt;
    if ((rc = ops_check_dims(dst, name, "dst")) || (rc = ops_check_dims(src, name, "src")) ||
        (rc = ops_check_dims(dst_out, name, "dst_out")) ||
        (rc = ops_need_dt(name, "dst", dst->dtype, OPS_DT_ViewCopy, &dt)))
        return rc;
    if (src->dtype != dst->dtype || dst_out->dtype != dst->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dst, src and dst_out have types %s, %s, %s (they must match)", name,
                       ops_dt_name(dst->dtype), ops_dt_name(src->dtype),
                       ops_dt_name(dst_out->dtype));
    if (dst->ndim < 1 || src->ndim < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dst and src must have 1 to 8 dims", name);
    if ((rc = ops_check_shape(name, dst->dims, (int)dst->ndim, dst_out, "dst_out")))
        return rc;
    const aclTensor *meta[6] = {dst_size, dst_stride, dst_storage_offset,
                                src_size, src_stride, src_storage_offset};
    static const char *const mname[6] = {"dst_size", "dst_stride", "dst_storage_offset",
                                         "src_size", "src_stride", "src_storage_offset"};
    if ((rc = ops_need_dt(name, "dst_size", dst_size->dtype, OPS_DT2_ViewCopy, &mdt)))
        return rc;
    const int64_t rank = dst_size->ndim == 1 ? dst_size->dims[0] : -1;
    for (int i = 0; i < 6; i++) {
        const int64_t want = i % 3 == 2 ? 1 : rank;
        if ((rc = ops_check_dims(meta[i], name, mname[i])))
            return rc;
        if (meta[i]->dtype != dst_size->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s has type %s, dst_size %s (the six view tensors share one)", name,
                           mname[i], ops_dt_name(meta[i]->dtype), ops_dt_name(dst_size->dtype));
        if (meta[i]->ndim != 1 || meta[i]->dims[0] != want || rank < 1 || rank > OPS_MAX_DIMS)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s must be 1-d of %s elements (the rank, 1 to %d; the offsets "
                           "1)",
                           name, mname[i], i % 3 == 2 ? "1" : "rank", OPS_MAX_DIMS);
    }
    if (!ops_view_dense(dst_out) || !ops_view_dense(dst))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dst and dst_out must be dense (cpuacl)", name);
    OPS_PLAN(e, p, name, 8, 1, struct vc_plan, NULL, {&p->dst, dst, "dst"},
             {&p->dsz, dst_size, "dst_size"}, {&p->dst_st, dst_stride, "dst_stride"},
             {&p->doff, dst_storage_offset, "dst_storage_offset"}, {&p->src, src, "src"},
             {&p->ssz, src_size, "src_size"}, {&p->sst, src_stride, "src_stride"},
             {&p->soff, src_storage_offset, "src_storage_offset"}, {&p->out, dst_out, "dst_out"});
    p->rank = (int)rank;
    p->sext = sv_extent(src);
    p->oext = sv_extent(dst_out);
    p->dext = ops_numel(dst->dims, (int)dst->ndim);
    e->run = vc_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ViewCopy)
