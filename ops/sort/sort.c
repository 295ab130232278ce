/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Argsort and Sort (stable index sort along one dim; Sort also writes the sorted values).
 *
 *  AS1. Argsort gathers each line along `dim` (floats as double, integers as
 *      int64, so every value compares exactly), sorts its indices with a
 *      stable merge sort and writes them as INT64. NaN sorts above every
 *      number (last ascending, first descending); equal keys keep their
 *      order in both directions.
 *  AS2. Sort is Argsort plus the values in that order (valuesOut of self's type, indicesOut
 *      INT64). Its sort is always stable, which satisfies stable = false as well (torch.sort
 *      leaves the order of equal keys unspecified then). BOOL sorts as the integers 0 / 1.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_argsort.h"
#include "aclnnop/aclnn_sort.h"
#include "ops/engine/engine.h"
#include "ops/sort/table.h"

/* ---- Argsort -------------------------------------------------------------------------------- */

struct as_plan {
    struct ops_tensor x, o, v; /* v: Sort's valuesOut */
    int dim;
    bool desc, isint, values;
};

/* Whether key a goes strictly before key b. */
static inline bool as_before_f(double a, double b, bool desc)
{
    if (isnan(a) || isnan(b))
        return desc ? (isnan(a) && !isnan(b)) : (!isnan(a) && isnan(b));
    return desc ? a > b : a < b;
}

static void as_sort(int64_t *idx, int64_t *tmp, int64_t n, const void *keys, bool isint, bool desc)
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
                                   : as_before_f(kf[b], kf[a], desc);
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
    void *keys = malloc((size_t)n * 8 * 3);
    if (!keys)
        return ACL_ERROR_BAD_ALLOC;
    int64_t *idx = (int64_t *)keys + n, *tmp = idx + n;
    const int ck = p->isint ? CK_I64 : CK_F64;
    ops_load_fn ld = ops_loader(ck, p->x.dt);
    ops_store_fn st = ops_storer(CK_I64, p->o.dt);
    ops_store_fn stv = p->values ? ops_storer(ck, p->v.dt) : NULL;
    const int64_t ex = ops_dt_size(p->x.dt), eo = ops_dt_size(p->o.dt);
    const int64_t ev = p->values ? ops_dt_size(p->v.dt) : 0;
    int64_t pos[OPS_MAX_DIMS] = {0};
    for (int64_t l = 0; l < lines; l++) {
        int64_t ox = 0, oo = 0, ov = 0;
        for (int d = 0; d < p->x.ndim; d++) {
            ox += pos[d] * p->x.strides[d];
            oo += pos[d] * p->o.strides[d];
            ov += p->values ? pos[d] * p->v.strides[d] : 0;
        }
        ld(keys, ops_base(&p->x, addr) + ox * ex, p->x.strides[p->dim] * ex, n);
        for (int64_t i = 0; i < n; i++)
            idx[i] = i;
        as_sort(idx, tmp, n, keys, p->isint, p->desc);
        if (p->values) { /* the keys in sorted order, through tmp (8-byte keys: AS1) */
            const int64_t *k64 = keys;
            for (int64_t i = 0; i < n; i++)
                tmp[i] = k64[idx[i]];
            stv(ops_base(&p->v, addr) + ov * ev, p->v.strides[p->dim] * ev, tmp, n);
        }
        st(ops_base(&p->o, addr) + oo * eo, p->o.strides[p->dim] * eo, idx, n);
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

/* Argsort (values NULL) and Sort (values: valuesOut, out: indicesOut). */
static aclnnStatus sort_op(const char *name, const aclTensor *self, int64_t dim, bool descending,
                           const aclTensor *values, const aclTensor *out, unsigned types,
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
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s (INT64 only)", name, oname,
                       ops_dt_name(out->dtype));
    if (values && values->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: valuesOut has type %s, self %s (they must "
                       "match)",
                       name, ops_dt_name(values->dtype), ops_dt_name(self->dtype));
    if (!ops_same_shape(self, out))
        return ops_shape_err(name, oname, out, self->dims, (int)self->ndim);
    if (values && !ops_same_shape(self, values))
        return ops_shape_err(name, "valuesOut", values, self->dims, (int)self->ndim);
    int nd = (int)self->ndim, lim = nd > 0 ? nd : 1;
    if (dim < -lim || dim >= lim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is out of range for %d dims", name,
                       (long long)dim, nd);
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
        dim = 0;
    }
    p->dim = (int)(dim < 0 ? dim + nd : dim);
    p->desc = descending;
    p->isint = !ops_dt_is_float(dt);
    e->run = p->x.numel ? as_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnArgsortGetWorkspaceSize(const aclTensor *self, int64_t dim, bool descending,
                                         aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor)
{
    OPS_CHECK_NULLS("aclnnArgsort", self, out, workspaceSize, executor);
    return sort_op("aclnnArgsort", self, dim, descending, NULL, out, OPS_DT_Argsort,
                   OPS_DT2_Argsort, workspaceSize, executor);
}
PHASE2(Argsort)

aclnnStatus aclnnSortGetWorkspaceSize(const aclTensor *self, bool stable, int64_t dim,
                                      bool descending, aclTensor *valuesOut, aclTensor *indicesOut,
                                      uint64_t *workspaceSize, aclOpExecutor **executor)
{
    (void)stable; /* always stable (AS2) */
    OPS_CHECK_NULLS("aclnnSort", self, valuesOut, indicesOut, workspaceSize, executor);
    return sort_op("aclnnSort", self, dim, descending, valuesOut, indicesOut, OPS_DT_Sort,
                   OPS_DT2_Sort, workspaceSize, executor);
}
PHASE2(Sort)
