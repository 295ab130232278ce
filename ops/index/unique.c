/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unique on the host (ops/index/unique.h): the distinct slices of x along one dim.
 *
 *  UQ1. The items are the n slices x[:, j, :] of x viewed as [outer, n, inner]. Their
 *      values are loaded once as keys: double for the float types (float16 and bfloat16
 *      exactly), int64 for the integers and bool, so that comparing keys compares the
 *      values (-0.0 == 0.0; NaN equal to NaN and above every number).
 *  UQ2. The item indices are sorted by (slice, index): stable, so the first item of
 *      each run of equal slices is the slice's first occurrence. Runs are numbered in
 *      that order (sorted) or in the order of their first occurrence (not sorted: a
 *      second sort of the runs by first index).
 *  UQ3. y takes each distinct slice's elements from its first occurrence (element bits
 *      copied: a NaN's payload kept), compactly as [outer, K, inner].
 *
 * aclnnUnique and aclnnUnique2 (ops-nn's aclnn_unique.h / aclnn_unique2.h, the A2/A3 path:
 * UniqueWithCountsAndSorting) run this kernel over all of self's elements:
 *  UQ4. self of at most 8 dims, any view, of the types of the rows (ops/index/table.h: CANN's
 *      list but UINT64, whose values above INT64_MAX the int64 keys would misorder); valueOut
 *      of self's type; inverseOut INT64 (always, as CANN checks), of self's shape when
 *      returnInverse (Unique2: returnInverse or returnCounts); countsOut INT64 of valueOut's
 *      shape when returnCounts. valueOut and countsOut are sized for the worst case (CANN
 *      sizes nothing: any shape) and must be contiguous (cpuacl's restriction: they are
 *      written as the compact [K] they become). An empty self runs nothing (CANN's first
 *      phase returns at once) and leaves every output as it is.
 *  UQ5. sorted: ascending values, else the order of first occurrence (UQ2). inverseOut (when
 *      returnInverse) and countsOut (when returnCounts) as torch.unique's.
 *  UQ6. The outputs' extent depends on the data: as CANN's runtime does for its
 *      output-shape-depends-on-compute operators, the launch sets the view shape of valueOut
 *      (and of countsOut when returnCounts) to [K], which aclGetViewShape reads once the
 *      stream is synchronised (plain stores by the stream's thread: the stream's completion,
 *      a release the caller's synchronisation acquires, orders them before the read; the
 *      aclTensors must live until then, as in CANN). K larger than valueOut's (or
 *      countsOut's) element count fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION before
 *      anything is written.
 *  UQ7. aclnnUniqueDim (aclnn_unique_dim.h, UniqueWithCountsExt2): the distinct slices along
 *      dim (in [-rank, rank - 1], [-1, 0] for a 0-d self) as torch.unique(dim=); countsOut
 *      always (INT64, contiguous, becoming [K]); inverseOut (INT64, contiguous) when
 *      returnInverse, becoming [self.shape[dim]]; valueOut (self's type, contiguous) becomes
 *      self's shape with dim cut to K. Output sizes are checked at the launch as in UQ6.
 *  UQ8. aclnnUniqueConsecutive (aclnn_unique_consecutive.h): torch.unique_consecutive, runs of
 *      equal consecutive elements (dim 1000: all elements flattened) or slices along dim
 *      (CANN's range as UQ7); equality by value with NaN unequal to everything (torch's
 *      comparison), -0.0 = 0.0. inverseOut and countsOut INT32 or INT64, one type; views set
 *      as Unique2's when flattened (inverseOut of self's shape, written through its view), as
 *      UniqueDim's along a dim; outputs contiguous, sizes checked at the launch (UQ6).
 */
#include "ops/index/unique.h"

#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_unique.h"
#include "aclnnop/aclnn_unique2.h"
#include "aclnnop/aclnn_unique_consecutive.h"
#include "aclnnop/aclnn_unique_dim.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

struct uq_ctx {
    const double *f; /* float keys, or NULL */
    const int64_t *i;
    int64_t outer, n, inner;
};

static int key_cmp_f(double a, double b)
{
    bool na = a != a, nb = b != b;
    if (na || nb)
        return na && nb ? 0 : na ? 1 : -1;
    return (a > b) - (a < b);
}

/* Slices ja and jb compared element by element in row-major order (UQ1). */
static int slice_cmp(const struct uq_ctx *c, int64_t ja, int64_t jb)
{
    for (int64_t o = 0; o < c->outer; o++)
        for (int64_t in = 0; in < c->inner; in++) {
            int64_t a = (o * c->n + ja) * c->inner + in, b = (o * c->n + jb) * c->inner + in;
            int r = c->f ? key_cmp_f(c->f[a], c->f[b]) : (c->i[a] > c->i[b]) - (c->i[a] < c->i[b]);
            if (r)
                return r;
        }
    return 0;
}

static int item_cmp(const void *pa, const void *pb, void *ctx)
{
    int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
    int r = slice_cmp(ctx, a, b);
    return r ? r : (a > b) - (a < b); /* UQ2: stable */
}

/* Runs ordered by their first occurrence (the not sorted order). */
static int run_cmp(const void *pa, const void *pb, void *first)
{
    int64_t a = ((const int64_t *)first)[*(const int64_t *)pa];
    int64_t b = ((const int64_t *)first)[*(const int64_t *)pb];
    return (a > b) - (a < b);
}

static void put_idx(void *dst, aclDataType idt, int64_t at, int64_t v)
{
    if (idt == ACL_INT32)
        ((int32_t *)dst)[at] = (int32_t)v;
    else
        ((int64_t *)dst)[at] = v;
}

int32_t ops_unique_run(const struct ops_unique *u, const void *x, void *y, void *first,
                       void *inverse, void *counts, int64_t *k)
{
    int64_t total = u->outer * u->n * u->inner, n = u->n;
    *k = 0;
    if (n == 0)
        return 0;
    int dt = ops_dt_index(u->dtype);
    bool fl = ops_dt_is_float(dt);
    size_t esz = ops_dt_size(dt);
    void *keys = malloc((size_t)(total ? total : 1) * 8);
    /* order: the sorted items; run: each item's run (by sorted position); rfirst: each
     * run's first occurrence; rank: each run's position in the output */
    int64_t *order = malloc((size_t)n * 5 * sizeof(int64_t));
    if (!keys || !order) {
        free(keys);
        free(order);
        return ACL_ERROR_BAD_ALLOC;
    }
    int64_t *run = order + n, *rfirst = run + n, *rank = rfirst + n, *perm = rank + n;
    ops_loader(fl ? CK_F64 : CK_I64, dt)(keys, x, (int64_t)esz, total);
    struct uq_ctx c = {fl ? keys : NULL, fl ? NULL : keys, u->outer, n, u->inner};
    for (int64_t j = 0; j < n; j++)
        order[j] = j;
    qsort_r(order, (size_t)n, sizeof(int64_t), item_cmp, &c);
    int64_t nk = 0;
    for (int64_t s = 0; s < n; s++) {
        if (s == 0 || slice_cmp(&c, order[s - 1], order[s]))
            rfirst[nk++] = order[s];
        run[order[s]] = nk - 1;
    }
    /* rank[r]: where run r goes (UQ2) */
    for (int64_t r = 0; r < nk; r++)
        perm[r] = r;
    if (!u->sorted)
        qsort_r(perm, (size_t)nk, sizeof(int64_t), run_cmp, rfirst);
    for (int64_t p = 0; p < nk; p++)
        rank[perm[p]] = p;
    if (counts)
        for (int64_t p = 0; p < nk; p++)
            put_idx(counts, u->idt, p, 0);
    for (int64_t j = 0; j < n; j++) {
        int64_t p = rank[run[j]];
        if (inverse)
            put_idx(inverse, u->idt, j, p);
        if (counts) {
            if (u->idt == ACL_INT32)
                ((int32_t *)counts)[p]++;
            else
                ((int64_t *)counts)[p]++;
        }
    }
    const char *xb = x;
    char *yb = y;
    size_t row = (size_t)u->inner * esz;
    for (int64_t p = 0; p < nk; p++) {
        int64_t j = rfirst[perm[p]];
        if (first)
            put_idx(first, u->idt, p, j);
        for (int64_t o = 0; o < u->outer; o++) /* UQ3 */
            memcpy(yb + (size_t)(o * nk + p) * row, xb + (size_t)(o * n + j) * row, row);
    }
    free(keys);
    free(order);
    *k = nk;
    return 0;
}

/* ---- aclnnUnique, aclnnUnique2 (UQ4-UQ6) ------------------------------------------------ */

struct uq_plan {
    struct ops_tensor self, value, inverse, counts;
    bool ret_inv, ret_cnt, sorted, consecutive;
    int dim; /* UniqueDim's (wrapped), -1 for Unique / Unique2 (all elements) */
    int64_t outer, n, inner;
    aclTensor *value_t, *inverse_t, *counts_t; /* their view shapes are set (UQ6, UQ7) */
};

/* t's view becomes the contiguous nd dims (UQ6). */
static void uq_set_view(aclTensor *t, int nd, const int64_t *dims)
{
    int64_t st = 1;
    t->ndim = (uint32_t)nd;
    for (int d = nd - 1; d >= 0; d--) {
        t->dims[d] = dims[d];
        t->strides[d] = st;
        st *= dims[d] > 0 ? dims[d] : 1;
    }
}

/* UQ8: the runs of equal consecutive slices of x ([outer, n, inner], compact) into y (each
 * run's first slice, [outer, K, inner]), inv (n, may be NULL) and cnt (K, may be NULL). */
static int32_t uq_consecutive(const struct uq_plan *p, const void *x, void *y, int64_t *inv,
                              int64_t *cnt, int64_t *k)
{
    const struct ops_tensor *t = &p->self;
    int64_t total = t->numel, n = p->n, inner = p->inner;
    bool fl = ops_dt_is_float(t->dt);
    size_t esz = ops_dt_size(t->dt);
    void *keys = malloc((size_t)total * 8);
    int64_t *rid = malloc((size_t)n * 2 * sizeof(int64_t));
    if (!keys || !rid) {
        free(keys);
        free(rid);
        return ACL_ERROR_BAD_ALLOC;
    }
    int64_t *start = rid + n; /* each run's first item */
    ops_loader(fl ? CK_F64 : CK_I64, t->dt)(keys, x, (int64_t)esz, total);
    const double *kf = keys;
    const int64_t *ki = keys;
    int64_t nk = 0;
    for (int64_t j = 0; j < n; j++) {
        bool same = j > 0;
        for (int64_t o = 0; same && o < p->outer; o++)
            for (int64_t in = 0; same && in < inner; in++) {
                int64_t a = (o * n + j - 1) * inner + in, b = a + inner;
                same = fl ? kf[a] == kf[b] : ki[a] == ki[b]; /* NaN != NaN */
            }
        if (!same)
            start[nk++] = j;
        rid[j] = nk - 1;
    }
    size_t row = (size_t)inner * esz;
    for (int64_t r = 0; r < nk; r++) {
        for (int64_t o = 0; o < p->outer; o++)
            memcpy((char *)y + (size_t)(o * nk + r) * row,
                   (const char *)x + (size_t)(o * n + start[r]) * row, row);
        if (cnt)
            cnt[r] = (r + 1 < nk ? start[r + 1] : n) - start[r];
    }
    if (inv)
        memcpy(inv, rid, (size_t)n * sizeof(int64_t));
    free(keys);
    free(rid);
    *k = nk;
    return 0;
}

static int32_t uq_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct uq_plan *p = e->plan;
    const struct ops_tensor *x = &p->self;
    int64_t total = x->numel, n = p->n, k = 0, one = 1;
    size_t esz = ops_dt_size(x->dt);
    char *xb = malloc((size_t)total * esz), *yb = malloc((size_t)total * esz);
    int64_t *inv = p->ret_inv ? malloc((size_t)n * sizeof(int64_t)) : NULL;
    int64_t *cnt = p->ret_cnt ? malloc((size_t)n * sizeof(int64_t)) : NULL;
    int32_t rc = ACL_ERROR_BAD_ALLOC;
    if (!xb || !yb || (p->ret_inv && !inv) || (p->ret_cnt && !cnt))
        goto done;
    ops_gather_nd(xb, ops_ck_raw(x->dt), ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    struct ops_unique u = {p->outer, n, p->inner, ops_dt_acl(x->dt), ACL_INT64, p->sorted};
    if ((rc = p->consecutive ? uq_consecutive(p, xb, yb, inv, cnt, &k)
                             : ops_unique_run(&u, xb, yb, NULL, inv, cnt, &k)))
        goto done;
    int64_t ny = p->outer * k * p->inner;
    if (ny > p->value.numel || (p->ret_cnt && k > p->counts.numel) ||
        (p->ret_inv && p->dim >= 0 && n > p->inverse.numel)) { /* UQ6, UQ7 */
        rc = ACL_ERROR_RT_AICORE_EXCEPTION;
        goto done;
    }
    memcpy(ops_base(&p->value, addr), yb, (size_t)ny * esz);
    if (p->ret_inv && p->dim < 0)
        ops_scatter_nd(inv, CK_I64, ops_base(&p->inverse, addr), p->inverse.dt, p->inverse.ndim,
                       p->inverse.dims, p->inverse.strides);
    else if (p->ret_inv) /* compact [n] (INT32 or INT64: UQ8) */
        ops_scatter_nd(inv, CK_I64, ops_base(&p->inverse, addr), p->inverse.dt, 1, &n, &one);
    if (p->ret_cnt)
        ops_scatter_nd(cnt, CK_I64, ops_base(&p->counts, addr), p->counts.dt, 1, &k, &one);
    if (p->dim < 0) {
        uq_set_view(p->value_t, 1, &k);
    } else { /* UQ7: self's shape with dim cut to K; inverse [n] */
        int64_t vd[OPS_MAX_DIMS];
        int nd = x->ndim ? x->ndim : 1;
        for (int d = 0; d < nd; d++)
            vd[d] = x->ndim ? x->dims[d] : 1;
        vd[p->dim] = k;
        uq_set_view(p->value_t, nd, vd);
        if (p->ret_inv)
            uq_set_view(p->inverse_t, 1, &n);
    }
    if (p->ret_cnt)
        uq_set_view(p->counts_t, 1, &k);
done:
    free(xb);
    free(yb);
    free(inv);
    free(cnt);
    return rc;
}

/* t must be a contiguous view (UQ4). */
static aclnnStatus uq_contiguous(const char *name, const aclTensor *t, const char *what)
{
    if (!ops_view_dense(t))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s must be contiguous (it is written as the [K] it becomes)", name,
                       what);
    return ACLNN_SUCCESS;
}

static aclnnStatus uq_op(const char *name, unsigned types, unsigned types2, bool consecutive,
                         const aclTensor *self, bool sorted, bool ret_inv, bool ret_cnt,
                         bool inv_shaped, int dim, aclTensor *value, aclTensor *inverse,
                         aclTensor *counts, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(value, name, "valueOut")) ||
        (rc = ops_check_dims(inverse, name, "inverseOut")) ||
        (counts && (rc = ops_check_dims(counts, name, "countsOut"))) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "inverseOut", inverse->dtype, types2, &dt)) ||
        (counts && (rc = ops_need_dt(name, "countsOut", counts->dtype, types2, &dt))))
        return rc;
    if (consecutive && counts->dtype != inverse->dtype) /* UQ8 */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: inverseOut is %s, countsOut %s", name,
                       ops_dt_name(inverse->dtype), ops_dt_name(counts->dtype));
    if (value->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: valueOut is %s, self %s", name,
                       ops_dt_name(value->dtype), ops_dt_name(self->dtype));
    if (inv_shaped &&
        (rc = ops_check_shape(name, self->dims, (int)self->ndim, inverse, "inverseOut")))
        return rc;
    if (ret_cnt && dim < 0 && !consecutive &&
        (rc = ops_check_shape(name, value->dims, (int)value->ndim, counts, "countsOut")))
        return rc;
    if ((rc = uq_contiguous(name, value, "valueOut")) ||
        (ret_cnt && (rc = uq_contiguous(name, counts, "countsOut"))) ||
        (dim >= 0 && ret_inv && (rc = uq_contiguous(name, inverse, "inverseOut"))))
        return rc;
    OPS_PLAN(e, p, name, 1, 3, struct uq_plan, NULL, {&p->self, self, "self"},
             {&p->value, value, "valueOut"}, {&p->inverse, inverse, "inverseOut"},
             {&p->counts, counts, "countsOut"});
    p->ret_inv = ret_inv;
    p->ret_cnt = ret_cnt;
    p->sorted = sorted;
    p->dim = dim;
    p->consecutive = consecutive;
    int64_t numel = ops_numel(self->dims, (int)self->ndim);
    p->outer = dim > 0 ? ops_numel(self->dims, dim) : 1;
    p->n = dim < 0 ? numel : self->ndim ? self->dims[dim] : 1;
    p->inner = p->n ? numel / p->outer / p->n : 1;
    p->value_t = value;
    p->inverse_t = inverse;
    p->counts_t = counts;
    e->run = numel ? uq_run : NULL; /* UQ4: empty self */
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnUniqueGetWorkspaceSize(const aclTensor *self, bool sorted, bool returnInverse,
                                        aclTensor *valueOut, aclTensor *inverseOut, WS)
{
    OPS_CHECK_NULLS("aclnnUnique", self, valueOut, inverseOut, workspaceSize, executor);
    return uq_op("aclnnUnique", OPS_DT_Unique, OPS_DT2_Unique, false, self, sorted, returnInverse,
                 false, returnInverse, -1, valueOut, inverseOut, NULL, workspaceSize, executor);
}

aclnnStatus aclnnUnique2GetWorkspaceSize(const aclTensor *self, bool sorted, bool returnInverse,
                                         bool returnCounts, aclTensor *valueOut,
                                         aclTensor *inverseOut, aclTensor *countsOut, WS)
{
    OPS_CHECK_NULLS("aclnnUnique2", self, valueOut, inverseOut, countsOut, workspaceSize, executor);
    return uq_op("aclnnUnique2", OPS_DT_Unique2, OPS_DT2_Unique2, false, self, sorted,
                 returnInverse, returnCounts, returnInverse || returnCounts, -1, valueOut,
                 inverseOut, countsOut, workspaceSize, executor);
}

aclnnStatus aclnnUniqueDimGetWorkspaceSize(const aclTensor *self, bool sorted, bool returnInverse,
                                           int64_t dim, aclTensor *valueOut, aclTensor *inverseOut,
                                           aclTensor *countsOut, WS)
{
    static const char name[] = "aclnnUniqueDim";
    OPS_CHECK_NULLS(name, self, valueOut, inverseOut, countsOut, workspaceSize, executor);
    aclnnStatus rc;
    int d;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_wrap_dim(name, dim, (int)self->ndim, &d))) /* UQ7: CANN's range */
        return rc;
    return uq_op(name, OPS_DT_UniqueDim, OPS_DT2_UniqueDim, false, self, sorted, returnInverse,
                 true, false, d, valueOut, inverseOut, countsOut, workspaceSize, executor);
}

PHASE2(Unique)
PHASE2(Unique2)
PHASE2(UniqueDim)

aclnnStatus aclnnUniqueConsecutiveGetWorkspaceSize(const aclTensor *self, bool returnInverse,
                                                   bool returnCounts, int64_t dim,
                                                   aclTensor *valueOut, aclTensor *inverseOut,
                                                   aclTensor *countsOut, WS)
{
    static const char name[] = "aclnnUniqueConsecutive";
    OPS_CHECK_NULLS(name, self, valueOut, inverseOut, countsOut, workspaceSize, executor);
    aclnnStatus rc;
    int d = -1; /* UQ8: 1000 flattens */
    if ((rc = ops_check_dims(self, name, "self")) ||
        (dim != 1000 && (rc = ops_wrap_dim(name, dim, (int)self->ndim, &d))))
        return rc;
    return uq_op(name, OPS_DT_UniqueConsecutive, OPS_DT2_UniqueConsecutive, true, self, false,
                 returnInverse, returnCounts, d < 0 && returnInverse, d, valueOut, inverseOut,
                 countsOut, workspaceSize, executor);
}

PHASE2(UniqueConsecutive)
