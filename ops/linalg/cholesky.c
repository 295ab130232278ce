/* SPDX-License-Identifier: Apache-2.0 */
/*
 * LinalgCholesky: the Cholesky factor of each symmetric positive-definite matrix of a batch
 * (torch.linalg.cholesky; ops-math's aclnn_linalg_cholesky.h, the Cholesky kernel).
 *
 *  CK1. self [..., n, n] (2 to 8 dims, n at most 8192: CANN's limits) and out of its shape and
 *      type (CANN refuses an out of another type). An empty self runs nothing.
 *  CK2. upper false: L lower triangular with self = L L^T, from self's lower triangle; upper
 *      true: U = L^T with self = U^T U, from self's upper triangle (LAPACK's potrf reads the
 *      triangle it is asked for; for a symmetric self both are the same). The other triangle
 *      of out is 0. Computed column by column in double, rounded to out's type once.
 *  CK3. A matrix that is not positive definite (a pivot <= 0 or NaN) gives NaN everywhere in its
 *      out: CANN's kernel stops on an assertion there and torch raises; cpuacl keeps the
 *      other matrices of the batch and marks this one (an open guess, recorded in
 *      docs/operators.md).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_linalg_cholesky.h"
#include "ops/engine/engine.h"
#include "ops/linalg/table.h"

#define CH_MAX_N 8192 /* CK1: CANN's limit on the last dim */

struct chol_plan {
    struct ops_tensor self, out;
    int64_t batch, n;
    bool upper;
};

/* a (n x n, row-major) becomes its lower factor L in place (upper false) or U = L^T (upper
 * true); CK2, CK3. */
static void chol_factor(double *a, int64_t n, bool upper)
{
    /* the element (i, j) of the triangle read: (i, j) for lower, (j, i) for upper */
#define CH_AT(i, j) (*(upper ? &a[(j)*n + (i)] : &a[(i)*n + (j)]))
    for (int64_t j = 0; j < n; j++) {
        double d = CH_AT(j, j);
        for (int64_t k = 0; k < j; k++)
            d -= CH_AT(j, k) * CH_AT(j, k);
        if (!(d > 0)) /* CK3: also NaN */
            goto nan;
        d = sqrt(d);
        CH_AT(j, j) = d;
        for (int64_t i = j + 1; i < n; i++) {
            double s = CH_AT(i, j);
            for (int64_t k = 0; k < j; k++)
                s -= CH_AT(i, k) * CH_AT(j, k);
            CH_AT(i, j) = s / d;
        }
    }
    for (int64_t i = 0; i < n; i++) /* CK2: the other triangle */
        for (int64_t j = i + 1; j < n; j++)
            CH_AT(i, j) = 0;
#undef CH_AT
    return;
nan:
    for (int64_t i = 0; i < n * n; i++)
        a[i] = NAN;
}

static int32_t chol_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct chol_plan *p = e->plan;
    int64_t nn = p->n * p->n;
    double *a = malloc((size_t)p->self.numel * sizeof(double));
    if (!a)
        return ACL_ERROR_BAD_ALLOC;
    const struct ops_tensor *x = &p->self, *o = &p->out;
    ops_gather_nd(a, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    for (int64_t b = 0; b < p->batch; b++)
        chol_factor(a + b * nn, p->n, p->upper);
    ops_scatter_nd(a, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(a);
    return 0;
}

aclnnStatus aclnnLinalgCholeskyGetWorkspaceSize(const aclTensor *self, bool upper, aclTensor *out,
                                                WS)
{
    static const char name[] = "aclnnLinalgCholesky";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_LinalgCholesky, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_LinalgCholesky, &odt)))
        return rc;
    if (odt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must have self's type", name);
    int nd = (int)self->ndim;
    if (nd < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims, at least 2 are needed", name,
                       nd);
    if (self->dims[nd - 1] != self->dims[nd - 2])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self must be [..., n, n] (square matrices), its last dims are %lld "
                       "and %lld",
                       name, (long long)self->dims[nd - 2], (long long)self->dims[nd - 1]);
    if (self->dims[nd - 1] > CH_MAX_N)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self's matrices are %lld x %lld, at most %d",
                       name, (long long)self->dims[nd - 1], (long long)self->dims[nd - 1],
                       CH_MAX_N);
    if ((rc = ops_check_shape(name, self->dims, nd, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct chol_plan, NULL, {&p->self, self, "self"},
             {&p->out, out, "out"});
    p->n = self->dims[nd - 1];
    p->batch = ops_numel(self->dims, nd) ? ops_numel(self->dims, nd - 2) : 0;
    p->upper = upper;
    e->run = p->batch ? chol_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(LinalgCholesky)
