/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Determinants of square matrices: Slogdet (the sign and the log of the absolute value) and
 * Logdet (the log of the determinant).
 *
 *  DET1. self [..., n, n] (a batch of matrices); each determinant comes from an LU
 *      factorisation with partial pivoting in double (the largest remaining |a| in the
 *      column as pivot): det = (-1)^swaps * prod u_ii, summed as logs so that large
 *      matrices do not overflow. n = 0 gives det 1.
 *  DET2. Slogdet (torch.linalg.slogdet): signOut = sign(det) (0 for a singular matrix),
 *      logOut = log|det| (-inf when singular). Logdet (torch.logdet): log(det), NaN for a
 *      negative determinant, -inf for a singular one. A NaN in the matrix gives NaN
 *      results. Outputs hold the batch dims; results are rounded to their type once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_logdet.h"
#include "aclnnop/aclnn_slogdet.h"
#include "ops/engine/engine.h"
#include "ops/linalg/table.h"

struct det_plan {
    struct ops_tensor self, sign, log; /* sign absent for Logdet (log is its out) */
    bool slogdet;
    int64_t batch, n;
};

/* sign and log|det| of the n x n row-major matrix a (destroyed), DET1. */
static void det_lu(double *a, int64_t n, double *sign, double *logabs)
{
    double s = 1, l = 0;
    for (int64_t k = 0; k < n; k++) {
        int64_t piv = k;
        for (int64_t i = k + 1; i < n; i++)
            if (fabs(a[i * n + k]) > fabs(a[piv * n + k]))
                piv = i;
        double pv = a[piv * n + k];
        if (isnan(pv)) {
            *sign = NAN;
            *logabs = NAN;
            return;
        }
        if (pv == 0) {
            for (int64_t i = k; i < n * n; i++) /* singular, unless a NaN comes later */
                if (isnan(a[i])) {
                    *sign = NAN;
                    *logabs = NAN;
                    return;
                }
            *sign = 0;
            *logabs = -INFINITY;
            return;
        }
        if (piv != k) {
            for (int64_t j = 0; j < n; j++) {
                double t = a[k * n + j];
                a[k * n + j] = a[piv * n + j];
                a[piv * n + j] = t;
            }
            s = -s;
        }
        s = pv < 0 ? -s : s;
        l += log(fabs(pv));
        for (int64_t i = k + 1; i < n; i++) {
            double f = a[i * n + k] / pv;
            for (int64_t j = k + 1; j < n; j++)
                a[i * n + j] -= f * a[k * n + j];
        }
    }
    *sign = s;
    *logabs = l;
}

static int32_t det_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct det_plan *p = e->plan;
    int64_t nn = p->n * p->n;
    double *a = malloc((size_t)(p->self.numel ? p->self.numel : 1) * sizeof(double));
    double *s = malloc((size_t)p->batch * sizeof(double));
    double *l = malloc((size_t)p->batch * sizeof(double));
    if (!a || !s || !l) {
        free(a);
        free(s);
        free(l);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *x = &p->self;
    ops_gather_nd(a, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    for (int64_t b = 0; b < p->batch; b++) {
        det_lu(a + b * nn, p->n, &s[b], &l[b]);
        if (!p->slogdet) /* DET2: log(det) */
            l[b] = s[b] < 0 ? NAN : s[b] == 0 ? -INFINITY : l[b];
    }
    if (p->slogdet)
        ops_scatter_nd(s, CK_F64, ops_base(&p->sign, addr), p->sign.dt, p->sign.ndim, p->sign.dims,
                       p->sign.strides);
    ops_scatter_nd(l, CK_F64, ops_base(&p->log, addr), p->log.dt, p->log.ndim, p->log.dims,
                   p->log.strides);
    free(a);
    free(s);
    free(l);
    return 0;
}

static aclnnStatus det_op(const char *name, unsigned types, const aclTensor *self,
                          const aclTensor *sign, const aclTensor *log, const char *lname,
                          uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int sdt, dt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(log, name, lname)) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, lname, log->dtype, types, &dt)))
        return rc;
    int nd = (int)self->ndim;
    if (nd < 2 || self->dims[nd - 1] != self->dims[nd - 2])
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self must be [..., n, n] (square matrices)",
                       name);
    if ((rc = ops_check_shape(name, self->dims, nd - 2, log, lname)))
        return rc;
    if (sign && ((rc = ops_check_dims(sign, name, "signOut")) ||
                 (rc = ops_need_dt(name, "signOut", sign->dtype, types, &dt)) ||
                 (rc = ops_check_shape(name, self->dims, nd - 2, sign, "signOut"))))
        return rc;
    OPS_PLAN(e, p, name, 1, 2, struct det_plan, NULL, {&p->self, self, "self"},
             {&p->sign, sign, "signOut"}, {&p->log, log, lname});
    p->slogdet = sign != NULL;
    p->n = self->dims[nd - 1];
    p->batch = ops_numel(self->dims, nd - 2);
    e->run = p->batch ? det_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnSlogdetGetWorkspaceSize(const aclTensor *self, aclTensor *signOut,
                                         aclTensor *logOut, WS)
{
    OPS_CHECK_NULLS("aclnnSlogdet", self, signOut, logOut, workspaceSize, executor);
    return det_op("aclnnSlogdet", OPS_DT_Slogdet, self, signOut, logOut, "logOut", workspaceSize,
                  executor);
}
aclnnStatus aclnnLogdetGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnLogdet", self, out, workspaceSize, executor);
    return det_op("aclnnLogdet", OPS_DT_Logdet, self, NULL, out, "out", workspaceSize, executor);
}

PHASE2(Slogdet)
PHASE2(Logdet)
