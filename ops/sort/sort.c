/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argsort, Sort and Topk (stable index sort along one dim; Sort also writes the sorted values,
 * Topk the first k of both).
 *
 *  AS1. Argsort gathers each line along `dim` (floats as double, integers as
 *      int64, so every value compares exactly), sorts its indices with a
 *      stable merge sort and writes them as INT64. NaN sorts above every
 *      number (last ascending, first descending); equal keys keep their
 *      order in both directions.
 *  AS2. Sort is Argsort plus the values in that order (valuesOut of self's type, indicesOut
 *      INT64). Its sort is always stable, which satisfies stable = false as well (torch.sort
 *      leaves the order of equal keys unspecified then). BOOL sorts as the integers 0 / 1.
 *  AS3. Topk is Sort (descending when largest) writing the first k of each line: the k largest
 *      (smallest) in order, equal keys by lower index first, NaN above every number
 *      (torch.topk's order, ONNX TopK's). The line is fully sorted (n log n): sorted = false
 *      gets the sorted result too. ops_topk is its form for TopKV2 (ops/proto: int32 or int64
 *      indices).
 *  AS4. SortWithIndex (ops-math's experimental sort_with_index) is Sort along the last dim whose
 *      indicesOut takes the caller's index (INT32, x's shape) in the sorted order instead of the
 *      positions: indicesOut[k] = index[p[k]]. x is FLOAT16, FLOAT, BFLOAT16 or INT32. NaN goes
 *      first in both directions (CANN's documented order, unlike torch's NaN-last ascending);
 *      equal keys keep their order (CANN's kernel is stable either way). CANN's row-length
 *      ceilings (its UB, about 2560 to 3008 elements) and the |x| <= 2^24 bound of INT32 keys do
 *      not apply: every key compares exactly (AS1).
 *  AS5. SortV2 (ops-math's experimental sort_v2) is the same carry along either dim of a 1-d or
 *      2-d x (FLOAT, FLOAT16; CANN's tiling takes up to 2 dims), index and dstIndex UINT32 of
 *      x's shape, y x's type and shape, axis in [-rank, rank). Its order of NaN is not
 *      documented: Sort's (NaN above every number) is used, an open guess; stable.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_argsort.h"
#include "aclnnop/aclnn_sort.h"
#include "aclnnop/aclnn_sort_v2.h"
#include "aclnnop/aclnn_sort_with_index.h"
#include "aclnnop/aclnn_topk.h"
#include "ops/engine/engine.h"
#include "ops/sort/sort.h"
#include "ops/sort/table.h"

/* ---- Argsort -------------------------------------------------------------------------------- */

struct as_plan {
    struct ops_tensor x, o, v, ix; /* v: Sort's valuesOut; ix: SortWithIndex's index */
    int dim;
    int64_t k; /* elements written per line (Topk: k; else the line's) */
    bool desc, isint, values;
    bool nan_first; /* SortWithIndex: NaN first ascending too (AS4) */
    bool carry;     /* SortWithIndex: o takes ix's elements in the sorted order (AS4) */
};

/* Whether key a goes strictly before key b; NaN goes first when descending or nan_first. */
static inline bool as_before_f(double a, double b, bool desc, bool nan_first)
{
    if (isnan(a) || isnan(b))
        return desc || nan_first ? (isnan(a) && !isnan(b)) : (!isnan(a) && isnan(b));
    return desc ? a > b : a < b;
}

void ops_sort_line(int64_t *idx, int64_t *tmp, int64_t n, const void *keys, bool isint, bool desc,
                   bool nan_first)
{
    const double *kf = keys;
    const int64_t *ki = keys;
    for (int64_t w = 1; w < n; w *= 2) {
        for (int64_t lo = 0; lo < n; lo += 2 * w) {
            int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int64_t i = lo, j = mid, o = lo;
            while (i < mid && j < hi) {
                int64_t a = idx[i], b = idx[j];
                /* take from the right only when it goes strictly before (stable) */
                bool right = isint ? (desc ? ki[b] > ki[a] : ki[b] < ki[a])
                                   : as_before_f(kf[b], kf[a], desc, nan_first);
                tmp[o++] = right ? idx[j++] : idx[i++];
            }
            while (i < mid)
                tmp[o++] = idx[i++];
            while (j < hi)
                tmp[o++] = idx[j++];
        }
        memcpy(idx, tmp, (size_t)n * sizeof(int64_t));
    }
}

static int32_t as_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct as_plan *p = e->plan;
    const int64_t n = p->x.dims[p->dim], lines = p->x.numel / n;
    void *keys = malloc((size_t)n * 8 * (p->carry ? 4 : 3));
    if (!keys)
        return ACL_ERROR_BAD_ALLOC;
    int64_t *idx = (int64_t *)keys + n, *tmp = idx + n, *carried = tmp + n;
    ops_load_fn ldi = p->carry ? ops_loader(CK_I64, p->ix.dt) : NULL;
    const int64_t ei = p->carry ? ops_dt_size(p->ix.dt) : 0;
    const int ck = p->isint ? CK_I64 : CK_F64;
    ops_load_fn ld = ops_loader(ck, p->x.dt);
    ops_store_fn st = ops_storer(CK_I64, p->o.dt);
    ops_store_fn stv = p->values ? ops_storer(ck, p->v.dt) : NULL;
    const int64_t ex = ops_dt_size(p->x.dt), eo = ops_dt_size(p->o.dt);
    const int64_t ev = p->values ? ops_dt_size(p->v.dt) : 0;
    int64_t pos[OPS_MAX_DIMS] = {0};
    for (int64_t l = 0; l < lines; l++) {
        int64_t ox = 0, oo = 0, ov = 0, oi = 0;
        for (int d = 0; d < p->x.ndim; d++) {
            ox += pos[d] * p->x.strides[d];
            oo += pos[d] * p->o.strides[d];
            ov += p->values ? pos[d] * p->v.strides[d] : 0;
            oi += p->carry ? pos[d] * p->ix.strides[d] : 0;
        }
        ld(keys, ops_base(&p->x, addr) + ox * ex, p->x.strides[p->dim] * ex, n);
        for (int64_t i = 0; i < n; i++)
            idx[i] = i;
        ops_sort_line(idx, tmp, n, keys, p->isint, p->desc, p->nan_first);
        if (p->values) { /* the keys in sorted order, through tmp (8-byte keys: AS1) */
            const int64_t *k64 = keys;
            for (int64_t i = 0; i < p->k; i++)
                tmp[i] = k64[idx[i]];
            stv(ops_base(&p->v, addr) + ov * ev, p->v.strides[p->dim] * ev, tmp, p->k);
        }
        if (p->carry) { /* AS4: the caller's index in the sorted order, through tmp */
            ldi(carried, ops_base(&p->ix, addr) + oi * ei, p->ix.strides[p->dim] * ei, n);
            for (int64_t i = 0; i < p->k; i++)
                tmp[i] = carried[idx[i]];
            st(ops_base(&p->o, addr) + oo * eo, p->o.strides[p->dim] * eo, tmp, p->k);
        } else {
            st(ops_base(&p->o, addr) + oo * eo, p->o.strides[p->dim] * eo, idx, p->k);
        }
        for (int d = p->x.ndim - 1; d >= 0; d--) {
            if (d == p->dim)
                continue;
            if (++pos[d] < p->x.dims[d])
                break;
            pos[d] = 0;
        }
    }
    free(keys);
    return 0;
}

/* Argsort (values NULL), Sort (values: valuesOut, out: indicesOut; k < 0) and Topk (k >= 0:
 * the outputs' dim holds k). */
static aclnnStatus sort_op(const char *name, const aclTensor *self, int64_t dim, bool descending,
                           int64_t k, const aclTensor *values, const aclTensor *out, unsigned types,
                           unsigned otypes, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    aclnnStatus rc;
    const char *oname = values ? "indicesOut" : "out";
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, oname)) ||
        (values && (rc = ops_check_dims(values, name, "valuesOut"))))
        return rc;
    int dt = ops_dt_index(self->dtype);
    if (dt < 0 || !(DTM(dt) & types))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has unsupported type %s", name,
                       ops_dt_name(self->dtype));
    if (!ops_dt_in(out->dtype, otypes))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s (%s only)", name, oname,
                       ops_dt_name(out->dtype), otypes == DTM(DT_I64) ? "INT64" : "INT32 or INT64");
    if (values && values->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: valuesOut has type %s, self %s (they must "
                       "match)",
                       name, ops_dt_name(values->dtype), ops_dt_name(self->dtype));
    int nd = (int)self->ndim, lim = nd > 0 ? nd : 1;
    if (dim < -lim || dim >= lim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is out of range for %d dims", name,
                       (long long)dim, nd);
    int d = (int)(dim < 0 ? dim + lim : dim);
    int64_t n = nd > 0 ? self->dims[d] : 1, want[OPS_MAX_DIMS];
    if (k > n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: k is %lld, more than the %lld elements of dim %d of self", name,
                       (long long)k, (long long)n, d);
    if (k == 0 && nd == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: k is 0 for a 0-d self (its outputs hold one element: k must be 1)",
                       name);
    if (k < 0 && k != -1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: k is %lld, it must be >= 0", name,
                       (long long)k);
    memcpy(want, self->dims, (size_t)nd * sizeof(int64_t));
    if (k >= 0 && nd > 0)
        want[d] = k;
    if ((rc = ops_check_shape(name, want, nd, out, oname)) ||
        (values && (rc = ops_check_shape(name, want, nd, values, "valuesOut"))))
        return rc;
    struct aclOpExecutor *e;
    struct as_plan *p;
    if (values) {
        OPS_PLAN(e2, p2, name, 1, 2, struct as_plan, NULL, {&p2->x, self, "self"},
                 {&p2->o, out, "indicesOut"}, {&p2->v, values, "valuesOut"});
        e = e2;
        p = p2;
    } else {
        OPS_PLAN(e2, p2, name, 1, 1, struct as_plan, NULL, {&p2->x, self, "self"},
                 {&p2->o, out, "out"});
        e = e2;
        p = p2;
    }
    p->values = values != NULL;
    if (nd == 0) { /* a scalar: one line of one element */
        p->x.ndim = p->o.ndim = p->v.ndim = 1;
        p->x.dims[0] = p->o.dims[0] = p->v.dims[0] = 1;
        p->x.strides[0] = p->o.strides[0] = p->v.strides[0] = 1;
    }
    p->dim = d;
    p->k = k >= 0 ? k : n;
    p->desc = descending;
    p->isint = !ops_dt_is_float(dt);
    e->run = p->x.numel && p->k ? as_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnArgsortGetWorkspaceSize(const aclTensor *self, int64_t dim, bool descending,
                                         aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor)
{
    OPS_CHECK_NULLS("aclnnArgsort", self, out, workspaceSize, executor);
    return sort_op("aclnnArgsort", self, dim, descending, -1, NULL, out, OPS_DT_Argsort,
                   OPS_DT2_Argsort, workspaceSize, executor);
}
PHASE2(Argsort)

aclnnStatus aclnnSortGetWorkspaceSize(const aclTensor *self, bool stable, int64_t dim,
                                      bool descending, aclTensor *valuesOut, aclTensor *indicesOut,
                                      uint64_t *workspaceSize, aclOpExecutor **executor)
{
    (void)stable; /* always stable (AS2) */
    OPS_CHECK_NULLS("aclnnSort", self, valuesOut, indicesOut, workspaceSize, executor);
    return sort_op("aclnnSort", self, dim, descending, -1, valuesOut, indicesOut, OPS_DT_Sort,
                   OPS_DT2_Sort, workspaceSize, executor);
}
PHASE2(Sort)

aclnnStatus aclnnTopkGetWorkspaceSize(const aclTensor *self, int64_t k, int64_t dim, bool largest,
                                      bool sorted, aclTensor *valuesOut, aclTensor *indicesOut,
                                      uint64_t *workspaceSize, aclOpExecutor **executor)
{
    (void)sorted; /* the k are always in order (AS3) */
    OPS_CHECK_NULLS("aclnnTopk", self, valuesOut, indicesOut, workspaceSize, executor);
    if (k < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnTopk: k is %lld, it must be >= 0",
                       (long long)k);
    return sort_op("aclnnTopk", self, dim, largest, k, valuesOut, indicesOut, OPS_DT_Topk,
                   OPS_DT2_Topk, workspaceSize, executor);
}
PHASE2(Topk)

aclnnStatus ops_topk(const aclTensor *self, int64_t k, int64_t dim, bool largest, aclTensor *values,
                     aclTensor *indices, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS("TopKV2", self, values, indices, workspaceSize, executor);
    if (k < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "TopKV2: k is %lld, it must be >= 0", (long long)k);
    return sort_op("TopKV2", self, dim, largest, k, values, indices, OPS_DT_Topk,
                   DTM(DT_I32) | DTM(DT_I64), workspaceSize, executor);
}

aclnnStatus aclnnSortWithIndexGetWorkspaceSize(const aclTensor *x, const aclTensor *index,
                                               const int64_t axis, const bool descending,
                                               const bool stable, aclTensor *valuesOut,
                                               aclTensor *indicesOut, uint64_t *workspaceSize,
                                               aclOpExecutor **executor)
{
    static const char name[] = "aclnnSortWithIndex";
    (void)stable; /* always stable (AS4) */
    OPS_CHECK_NULLS(name, x, index, valuesOut, indicesOut, workspaceSize, executor);
    aclnnStatus rc;
    int dt, idt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(valuesOut, name, "valuesOut")) ||
        (rc = ops_check_dims(indicesOut, name, "indicesOut")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_SortWithIndex, &dt)) ||
        (rc = ops_need_dt(name, "index", index->dtype, OPS_DT2_SortWithIndex, &idt)))
        return rc;
    if (valuesOut->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: valuesOut has type %s, x %s (they must match)",
                       name, ops_dt_name(valuesOut->dtype), ops_dt_name(x->dtype));
    if (indicesOut->dtype != index->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: indicesOut has type %s, index %s (they must match)", name,
                       ops_dt_name(indicesOut->dtype), ops_dt_name(index->dtype));
    int nd = (int)x->ndim, lim = nd > 0 ? nd : 1;
    if (axis != -1 && axis != lim - 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: axis is %lld, only the last dim (-1 or %d) is supported", name,
                       (long long)axis, lim - 1);
    if ((rc = ops_check_shape(name, x->dims, nd, index, "index")) ||
        (rc = ops_check_shape(name, x->dims, nd, valuesOut, "valuesOut")) ||
        (rc = ops_check_shape(name, x->dims, nd, indicesOut, "indicesOut")))
        return rc;
    OPS_PLAN(e, p, name, 2, 2, struct as_plan, NULL, {&p->x, x, "x"}, {&p->ix, index, "index"},
             {&p->v, valuesOut, "valuesOut"}, {&p->o, indicesOut, "indicesOut"});
    if (nd == 0) { /* a scalar: one line of one element */
        struct ops_tensor *all[] = {&p->x, &p->ix, &p->v, &p->o};
        for (int i = 0; i < 4; i++) {
            all[i]->ndim = 1;
            all[i]->dims[0] = 1;
            all[i]->strides[0] = 1;
        }
    }
    p->values = p->carry = p->nan_first = true;
    p->dim = lim - 1;
    p->k = p->x.dims[p->dim];
    p->desc = descending;
    p->isint = !ops_dt_is_float(dt);
    e->run = p->x.numel && p->k ? as_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(SortWithIndex)

aclnnStatus aclnnSortV2GetWorkspaceSize(const aclTensor *x, const aclTensor *index,
                                        const aclTensor *y, int64_t axis, bool descending,
                                        const aclTensor *dstIndex, uint64_t *workspaceSize,
                                        aclOpExecutor **executor)
{
    static const char name[] = "aclnnSortV2";
    OPS_CHECK_NULLS(name, x, index, y, dstIndex, workspaceSize, executor);
    aclnnStatus rc;
    int dt, idt, d;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(y, name, "y")) || (rc = ops_check_dims(dstIndex, name, "dstIndex")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_SortV2, &dt)) ||
        (rc = ops_need_dt(name, "index", index->dtype, OPS_DT2_SortV2, &idt)))
        return rc;
    if (y->dtype != x->dtype || dstIndex->dtype != index->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: y (%s) must be x's type and dstIndex (%s) index's", name,
                       ops_dt_name(y->dtype), ops_dt_name(dstIndex->dtype));
    int nd = (int)x->ndim;
    if (nd < 1 || nd > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims, 1 or 2 are supported", name,
                       nd);
    if ((rc = ops_wrap_dim(name, axis, nd, &d)) ||
        (rc = ops_check_shape(name, x->dims, nd, index, "index")) ||
        (rc = ops_check_shape(name, x->dims, nd, y, "y")) ||
        (rc = ops_check_shape(name, x->dims, nd, dstIndex, "dstIndex")))
        return rc;
    OPS_PLAN(e, p, name, 2, 2, struct as_plan, NULL, {&p->x, x, "x"}, {&p->ix, index, "index"},
             {&p->v, y, "y"}, {&p->o, dstIndex, "dstIndex"});
    p->values = p->carry = true; /* AS5 */
    p->nan_first = false;
    p->dim = d;
    p->k = p->x.dims[d];
    p->desc = descending;
    p->isint = false;
    e->run = p->x.numel && p->k ? as_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(SortV2)
