/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Gathers along one dim: IndexSelect, GatherV2, GatherV3, Embedding.
 *
 * Semantics follow AscendCL's operators (ops-nn / ops-math op_api sources,
 * Ascend910B data type lists):
 *  GA1. IndexSelect and GatherV2 move element bits (out has self's type).
 *      out = self.shape[:dim] + index.shape + self.shape[dim+1:] (a 0-d index
 *      counts as [1]); IndexSelect takes a 0-d or 1-d index. The kernel first
 *      reads every index value and checks it: IndexSelect accepts
 *      [0, n), GatherV2 [-n, n) (negative ones count from the end), with n =
 *      self.shape[dim] (1 for a 0-d self). A value outside fails the launch
 *      with ACL_ERROR_RT_AICORE_EXCEPTION before anything is written (the
 *      stream reports it at its next synchronisation); nothing is ever read
 *      out of bounds. An empty self or index makes the launch a no-op (as
 *      AscendCL: the executor does nothing), and IndexSelect checks out's
 *      shape only when both are non-empty. Embedding(weight, indices) is
 *      GatherV2 along dim 0 accepting only [0, n) (a negative index fails the
 *      launch like an out-of-range one).
 *  GA3. GatherV3(self, dim, index, batchDims, mode) is GatherV2 run per batch: the first
 *      batchDims dims (0 <= batchDims <= dim, batchDims <= index's rank) are shared by self and
 *      index (equal sizes) and out is self.shape[:dim] + index.shape[batchDims:] +
 *      self.shape[dim+1:]; batchDims 0 is GatherV2. mode 0 and 1 (CANN's kernel choices for
 *      scattered or clustered indices) compute the same; mode 2 (out-of-range indices
 *      allowed) is refused with 161002.
 *  GA2. Gather (torch.gather) and Take pick one element per index position:
 *      out has index's shape and self's type; Gather's out[p] = self[p with
 *      p[dim] = index[p]] (index of self's rank, at most self's size in every
 *      dim but dim; values in [0, self.size(dim))), Take's out[p] = the
 *      element index[p] of self in row-major order (values in [-numel,
 *      numel), negative ones from the end). Values are checked before any
 *      write as in GA1.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_gather.h"
#include "aclnnop/aclnn_gather_elements_v3.h"
#include "aclnnop/aclnn_gather_v2.h"
#include "aclnnop/aclnn_gather_v3.h"
#include "aclnnop/aclnn_index_select.h"
#include "aclnnop/aclnn_take.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

#pragma GCC optimize("O3")

/* ---- kernel helpers -------------------------------------------------------------------------- */

/* Copy n elements of esz bytes between two strided runs (strides in bytes). */
static void copy_run(char *d, int64_t ds, const char *s, int64_t ss, int64_t n, int esz)
{
    if (ds == esz && ss == esz) {
        memcpy(d, s, (size_t)(n * esz));
        return;
    }
#define COPY_RUN(T)                                                                                \
    for (int64_t i = 0; i < n; i++) {                                                              \
        T v;                                                                                       \
        memcpy(&v, s + i * ss, sizeof v);                                                          \
        memcpy(d + i * ds, &v, sizeof v);                                                          \
    }                                                                                              \
    break
    switch (esz) {
    case 1:
        COPY_RUN(uint8_t);
    case 2:
        COPY_RUN(uint16_t);
    case 4:
        COPY_RUN(uint32_t);
    default:
        COPY_RUN(uint64_t);
    }
#undef COPY_RUN
}

/* Copy an nd-dim block of esz-byte elements between two views (element
 * strides dst_st / src_st over the same dims). */
static void copy_block(char *dst, const int64_t *dst_st, const char *src, const int64_t *src_st,
                       const int64_t *dims, int nd, int esz)
{
    if (nd == 0) {
        memcpy(dst, src, (size_t)esz);
        return;
    }
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        copy_run(dst + ops_odo_off(idx, dst_st, nd - 1) * esz, dst_st[nd - 1] * esz,
                 src + ops_odo_off(idx, src_st, nd - 1) * esz, src_st[nd - 1] * esz, dims[nd - 1],
                 esz);
    } while (ops_odo_next(idx, dims, nd - 1));
}

/* ---- IndexSelect / GatherV2 ------------------------------------------------------------------ */

struct gather_plan {
    struct ops_tensor x, idx, out;
    int dim;       /* self's dim (0 for a 0-d self) */
    int kdims;     /* out dims the index positions span: index ndim, at least 1 */
    int batch;     /* GA3's batchDims: out's leading dims shared with index */
    int64_t lim;   /* self.shape[dim] (1 for a 0-d self) */
    bool negative; /* negative index values count from the end (GatherV2) */
};

static int32_t gather_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gather_plan *p = e->plan;
    int64_t n = p->idx.numel;
    int64_t *iv = malloc((size_t)n * sizeof(int64_t));
    if (!iv)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(iv, CK_I64, ops_base(&p->idx, addr), p->idx.dt, p->idx.ndim, p->idx.dims,
                  p->idx.strides);
    /* GA1: validate every index before writing anything. */
    for (int64_t j = 0; j < n; j++) {
        int64_t v = iv[j];
        if (v < 0 && p->negative)
            v += p->lim;
        if (v < 0 || v >= p->lim) {
            free(iv);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
        iv[j] = v;
    }
    int esz = (int)ops_dt_size(p->x.dt);
    const char *xb = ops_base(&p->x, addr);
    char *ob = ops_base(&p->out, addr);
    const struct ops_tensor *x = &p->x, *o = &p->out;
    if (x->ndim == 0) { /* out is 0-d too: the one element */
        memcpy(ob, xb, (size_t)esz);
        free(iv);
        return 0;
    }
    /* Outer space: out dims [0, d + k): the leading d shared with self, then
     * the index positions; the trailing dims of both are the copied block. */
    int d = p->dim, no = d + p->kdims, npost = x->ndim - d - 1;
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        int64_t xo = 0, oo = 0, j = 0;
        for (int q = 0; q < p->batch; q++) /* GA3: index's leading positions */
            j = j * o->dims[q] + idx[q];
        for (int q = 0; q < d; q++) {
            xo += idx[q] * x->strides[q];
            oo += idx[q] * o->strides[q];
        }
        for (int q = d; q < no; q++) {
            j = j * o->dims[q] + idx[q];
            oo += idx[q] * o->strides[q];
        }
        xo += iv[j] * x->strides[d];
        copy_block(ob + oo * esz, o->strides + no, xb + xo * esz, x->strides + d + 1,
                   x->dims + d + 1, npost, esz);
    } while (ops_odo_next(idx, o->dims, no));
    free(iv);
    return 0;
}

enum gather_kind { GK_INDEX_SELECT, GK_GATHER_V2, GK_EMBEDDING, GK_GATHER_V3 };

static aclnnStatus gather_op(const char *name, int kind, const aclTensor *self, int64_t dim,
                             const aclTensor *index, int64_t batchDims, const aclTensor *out,
                             uint64_t *ws, aclOpExecutor **ex)
{
    /* Embedding is GatherV2 along dim 0 of a weight of at least 1 dim, with
     * indices in [0, n) only (CANN rejects negative ones). */
    bool gv2 = kind != GK_INDEX_SELECT; /* GatherV2, Embedding, GatherV3 */
    OPS_CHECK_NULLS(name, self, index, out, ws, ex);
    aclnnStatus rc;
    int sdt, idt, odt;
    static const unsigned types[4][2] = {
        /* table.h */
        [GK_INDEX_SELECT] = {OPS_DT_IndexSelect, OPS_DT2_IndexSelect},
        [GK_GATHER_V2] = {OPS_DT_GatherV2, OPS_DT2_GatherV2},
        [GK_EMBEDDING] = {OPS_DT_Embedding, OPS_DT2_Embedding},
        [GK_GATHER_V3] = {OPS_DT_GatherV3, OPS_DT2_GatherV3}};
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types[kind][0], &sdt)) ||
        (rc = ops_need_dt(name, "index", index->dtype, types[kind][1], &idt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types[kind][0], &odt)))
        return rc;
    if (odt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self has %s; they must match",
                       name, ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    int nd = (int)self->ndim, d = 0;
    if (kind == GK_EMBEDDING && nd == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight must have at least 1 dim", name);
    if (!gv2 && nd == 0 && out->ndim != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self is 0-d, so out must be 0-d too", name);
    if ((rc = ops_wrap_dim(name, dim, nd, &d)))
        return rc;
    if (!gv2 && index->ndim > 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: index has %u dims, at most 1 is supported",
                       name, index->ndim);
    int b = (int)batchDims; /* GA3 */
    if (batchDims < 0 || batchDims > d || batchDims > (int64_t)index->ndim)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: batchDims %lld must be in [0, min(dim %d, index's rank %u)]", name,
                       (long long)batchDims, d, index->ndim);
    for (int q = 0; q < b; q++)
        if (index->dims[q] != self->dims[q])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: index's dim %d (%lld) differs from self's (%lld) within batchDims",
                           name, q, (long long)index->dims[q], (long long)self->dims[q]);
    /* Expected out shape (GA1, GA3). */
    int64_t want[OPS_TENSOR_MAX_DIMS];
    int nw = 0;
    if (nd > 0) {
        for (int q = 0; q < d; q++)
            want[nw++] = self->dims[q];
        if (index->ndim == 0)
            want[nw++] = 1;
        for (uint32_t q = (uint32_t)b; q < index->ndim; q++)
            want[nw++] = index->dims[q];
        for (int q = d + 1; q < nd; q++)
            want[nw++] = self->dims[q];
    }
    int64_t sn = ops_numel(self->dims, nd), in = ops_numel(index->dims, (int)index->ndim);
    bool check = gv2 || (sn > 0 && in > 0); /* AscendCL's IndexSelect skips it when empty */
    if (check && !ops_shape_is(out, want, nw))
        return ops_shape_err(name, "out", out, want, nw);

    OPS_PLAN(e, p, name, 2, 1, struct gather_plan, NULL, {&p->x, self, "self"},
             {&p->idx, index, "index"}, {&p->out, out, "out"});
    p->dim = d;
    p->kdims = index->ndim ? (int)index->ndim - b : 1;
    p->batch = b;
    p->lim = nd ? self->dims[d] : 1;
    p->negative = kind == GK_GATHER_V2 || kind == GK_GATHER_V3;
    e->run = sn > 0 && in > 0 && p->out.numel > 0 ? gather_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnIndexSelectGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                             const aclTensor *index, aclTensor *out, WS)
{
    return gather_op("aclnnIndexSelect", GK_INDEX_SELECT, self, dim, index, 0, out, workspaceSize,
                     executor);
}
PHASE2(IndexSelect)

aclnnStatus aclnnGatherV2GetWorkspaceSize(const aclTensor *self, int64_t dim,
                                          const aclTensor *index, aclTensor *out, WS)
{
    return gather_op("aclnnGatherV2", GK_GATHER_V2, self, dim, index, 0, out, workspaceSize,
                     executor);
}
PHASE2(GatherV2)

aclnnStatus aclnnGatherV3GetWorkspaceSize(const aclTensor *self, int64_t dim,
                                          const aclTensor *index, int64_t batchDims, int64_t mode,
                                          aclTensor *out, WS)
{
    const char *name = "aclnnGatherV3";
    OPS_CHECK_NULLS(name, self, index, out, workspaceSize, executor);
    if (mode < 0 || mode > 1) /* GA3: mode 2 allows out-of-range indices, not done here */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: mode %lld is not supported (0 or 1)", name,
                       (long long)mode);
    return gather_op(name, GK_GATHER_V3, self, dim, index, batchDims, out, workspaceSize, executor);
}
PHASE2(GatherV3)

aclnnStatus aclnnEmbeddingGetWorkspaceSize(const aclTensor *weight, const aclTensor *indices,
                                           const aclTensor *out, WS)
{
    return gather_op("aclnnEmbedding", GK_EMBEDDING, weight, 0, indices, 0, out, workspaceSize,
                     executor);
}
PHASE2(Embedding)

/* ---- Gather / Take (GA2) --------------------------------------------------------------------- */

struct gather_el_plan {
    struct ops_tensor x, idx, out;
    int dim;
    bool take;
};

static int32_t gather_el_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gather_el_plan *p = e->plan;
    const struct ops_tensor *x = &p->x, *ix = &p->idx, *o = &p->out;
    const int64_t n = ix->numel;
    int64_t *iv = malloc((size_t)n * sizeof(int64_t));
    if (!iv)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(iv, CK_I64, ops_base(ix, addr), ix->dt, ix->ndim, ix->dims, ix->strides);
    const int64_t lim = p->take ? x->numel : x->ndim ? x->dims[p->dim] : 1;
    for (int64_t j = 0; j < n; j++) {
        if (p->take && iv[j] < 0)
            iv[j] += lim;
        if (iv[j] < 0 || iv[j] >= lim) {
            free(iv);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
    }
    const int esz = (int)ops_dt_size(x->dt);
    const char *xb = ops_base(x, addr);
    char *ob = ops_base(o, addr);
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t j = 0; j < n; j++) {
        int64_t xo = 0;
        if (p->take) { /* the row-major position iv[j] of self */
            for (int64_t d = x->ndim - 1, r = iv[j]; d >= 0; d--) {
                xo += (r % x->dims[d]) * x->strides[d];
                r /= x->dims[d];
            }
        } else {
            for (int d = 0; d < x->ndim; d++)
                xo += (d == p->dim ? iv[j] : idx[d]) * x->strides[d];
        }
        memcpy(ob + ops_odo_off(idx, o->strides, o->ndim) * esz, xb + xo * esz, (size_t)esz);
        ops_odo_next(idx, ix->dims, ix->ndim);
    }
    free(iv);
    return 0;
}

static aclnnStatus gather_el_op(const char *name, bool take, const aclTensor *self, int64_t dim,
                                const aclTensor *index, const aclTensor *out, unsigned types,
                                unsigned itypes, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, index, out, ws, ex);
    aclnnStatus rc;
    int sdt, idt, odt, d = 0;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "index", index->dtype, itypes, &idt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)))
        return rc;
    if (odt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self has %s; they must match",
                       name, ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    const int nd = (int)self->ndim;
    if (!take) {
        if ((rc = ops_wrap_dim(name, dim, nd, &d)))
            return rc;
        if ((int)index->ndim != nd && !(nd == 0 && index->ndim <= 1))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: index has %u dims, self %d (they must match)", name, index->ndim,
                           nd);
        for (int q = 0; q < nd; q++)
            if (q != d && index->dims[q] > self->dims[q])
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: index is larger than self in dim %d (%lld > %lld)", name, q,
                               (long long)index->dims[q], (long long)self->dims[q]);
    }
    if ((rc = ops_check_shape(name, index->dims, (int)index->ndim, out, "out")))
        return rc;
    const int64_t in = ops_numel(index->dims, (int)index->ndim);
    if (in > 0 && ops_numel(self->dims, nd) == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self is empty but index is not", name);
    OPS_PLAN(e, p, name, 2, 1, struct gather_el_plan, NULL, {&p->x, self, "self"},
             {&p->idx, index, "index"}, {&p->out, out, "out"});
    p->dim = d;
    p->take = take;
    e->run = in > 0 ? gather_el_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnGatherGetWorkspaceSize(const aclTensor *self, const int64_t dim,
                                        const aclTensor *index, aclTensor *out, WS)
{
    return gather_el_op("aclnnGather", false, self, dim, index, out, OPS_DT_Gather, OPS_DT2_Gather,
                        workspaceSize, executor);
}
PHASE2(Gather)

/* GatherElementsV3 (ops-nn's experimental folder): Gather with CANN's generated parameter order
 * (x, index, dim, y). */
aclnnStatus aclnnGatherElementsV3GetWorkspaceSize(const aclTensor *x, const aclTensor *index,
                                                  int64_t dim, const aclTensor *y, WS)
{
    return gather_el_op("aclnnGatherElementsV3", false, x, dim, index, y, OPS_DT_GatherElementsV3,
                        OPS_DT2_GatherElementsV3, workspaceSize, executor);
}
PHASE2(GatherElementsV3)

aclnnStatus aclnnTakeGetWorkspaceSize(const aclTensor *self, const aclTensor *index, aclTensor *out,
                                      WS)
{
    return gather_el_op("aclnnTake", true, self, 0, index, out, OPS_DT_Take, OPS_DT2_Take,
                        workspaceSize, executor);
}
PHASE2(Take)
