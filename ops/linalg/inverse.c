/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Inverse: the inverse of each square matrix of a batch (torch.linalg.inv; ops-nn's
 * aclnn_inverse.h, the MatrixInverse kernel).
 *
 *  INV1. self [..., n, n] (2 to 8 dims) and out of its shape; out's type is any of the row's
 *      (CANN casts the result to out's type). An empty self is accepted whatever its shape
 *      and nothing runs, as CANN's first phase does.
 *  INV2. Gauss-Jordan elimination with partial pivoting (the largest remaining |a| in the
 *      column as pivot) on [A | I] in double; results are rounded to out's type once.
 *  INV3. A singular matrix (a zero pivot) gives an inverse of NaN everywhere, as does a NaN
 *      in the matrix (torch raises for a singular matrix; CANN's docs are silent: an open
 *      guess, recorded in docs/operators.md).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_inverse.h"
#include "ops/engine/engine.h"
#include "ops/linalg/table.h"

struct inv_plan {
    struct ops_tensor self, out;
    int64_t batch, n;
};

/* a (n x n, row-major) becomes its inverse; w is n * n scratch. INV2, INV3. */
static void inv_gauss_jordan(double *a, double *w, int64_t n)
{
    /* w starts as I; every row operation on a is repeated on w, so that a -> I makes w A^-1 */
    memset(w, 0, (size_t)(n * n) * sizeof(double));
    for (int64_t i = 0; i < n; i++)
        w[i * n + i] = 1;
    for (int64_t i = 0; i < n * n; i++)
        if (isnan(a[i]))
            goto nan;
    for (int64_t k = 0; k < n; k++) {
        int64_t piv = k;
        for (int64_t i = k + 1; i < n; i++)
            if (fabs(a[i * n + k]) > fabs(a[piv * n + k]))
                piv = i;
        double pv = a[piv * n + k];
        if (pv == 0) /* INV3 */
            goto nan;
        if (piv != k)
            for (int64_t j = 0; j < n; j++) {
                double t = a[k * n + j];
                a[k * n + j] = a[piv * n + j];
                a[piv * n + j] = t;
                t = w[k * n + j];
                w[k * n + j] = w[piv * n + j];
                w[piv * n + j] = t;
            }
        for (int64_t j = 0; j < n; j++) {
            a[k * n + j] /= pv;
            w[k * n + j] /= pv;
        }
        for (int64_t i = 0; i < n; i++) {
            double f = a[i * n + k];
            if (i == k || f == 0)
                continue;
            for (int64_t j = 0; j < n; j++) {
                a[i * n + j] -= f * a[k * n + j];
                w[i * n + j] -= f * w[k * n + j];
            }
        }
    }
    memcpy(a, w, (size_t)(n * n) * sizeof(double));
    return;
nan: /* INV3 */
    for (int64_t i = 0; i < n * n; i++)
        a[i] = NAN;
}

static int32_t inv_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct inv_plan *p = e->plan;
    int64_t nn = p->n * p->n;
    double *a = malloc((size_t)p->self.numel * sizeof(double));
    double *w = malloc((size_t)nn * sizeof(double));
    if (!a || !w) {
        free(a);
        free(w);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *x = &p->self, *o = &p->out;
    ops_gather_nd(a, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    for (int64_t b = 0; b < p->batch; b++)
        inv_gauss_jordan(a + b * nn, w, p->n);
    ops_scatter_nd(a, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(a);
    free(w);
    return 0;
}

aclnnStatus aclnnInverseGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    static const char name[] = "aclnnInverse";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_Inverse, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Inverse, &dt)) ||
        (rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    int nd = (int)self->ndim;
    int64_t numel = ops_numel(self->dims, nd);
    if (numel && nd < 2) /* INV1: CANN checks the rank and squareness of a non-empty self */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims, at least 2 are needed", name,
                       nd);
    if (numel && self->dims[nd - 1] != self->dims[nd - 2])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self must be [..., n, n] (square matrices), its last dims are %lld "
                       "and %lld",
                       name, (long long)self->dims[nd - 2], (long long)self->dims[nd - 1]);
    OPS_PLAN(e, p, name, 1, 1, struct inv_plan, NULL, {&p->self, self, "self"},
             {&p->out, out, "out"});
    p->n = numel ? self->dims[nd - 1] : 0;
    p->batch = numel ? ops_numel(self->dims, nd - 2) : 0;
    e->run = p->batch ? inv_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(Inverse)
