/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Sinkhorn: the Sinkhorn-Knopp scaling of a cost matrix, as MoE routers use it (ops-math's
 * aclnn_sinkhorn.h; the iteration is CANN's docs' formula).
 *
 *  SK1. cost [R, C] and p of its shape and type (FLOAT, FLOAT16, BFLOAT16); tol a FLOAT scalar,
 *      NULL meaning 0.0001. CANN's docs cap R at 10000 and C at 1024 (its kernel's buffers);
 *      cpuacl does not (an open choice, recorded in docs/operators.md). An empty cost runs
 *      nothing.
 *  SK2. K = exp(cost); d1 = 1; then repeatedly d0 = 1 / (R (K d1 + eps)), d1 = 1 / (C (K^T d0 +
 *      eps)) with eps = 1e-8, until error = mean |d1 - d1_old| <= tol; p = d0[r] K[r][c] d1[c].
 *      In double, rounded to p's type once.
 *  SK3. The loop also stops when error is NaN (a NaN or inf in cost: CANN's loop would not end)
 *      and after SK_MAX_ITERS rounds (a tol below what the arithmetic reaches), so a launch
 *      always ends; p is then what the last round gives.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_sinkhorn.h"
#include "ops/engine/engine.h"
#include "ops/linalg/table.h"

#define SK_EPS 1e-8           /* SK2: CANN's eps */
#define SK_DEFAULT_TOL 0.0001 /* SK1: tol NULL */
#define SK_MAX_ITERS 100000   /* SK3 */

struct sinkhorn_plan {
    struct ops_tensor cost, p;
    int64_t r, c;
    double tol;
};

static int32_t sinkhorn_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct sinkhorn_plan *pl = e->plan;
    int64_t r = pl->r, c = pl->c;
    double *k = malloc((size_t)(r * c) * sizeof(double));
    double *d0 = malloc((size_t)r * sizeof(double));
    double *d1 = malloc((size_t)c * sizeof(double));
    double *acc = malloc((size_t)c * sizeof(double));
    if (!k || !d0 || !d1 || !acc) {
        free(k);
        free(d0);
        free(d1);
        free(acc);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *x = &pl->cost, *o = &pl->p;
    ops_gather_nd(k, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    for (int64_t i = 0; i < r * c; i++)
        k[i] = exp(k[i]);
    for (int64_t j = 0; j < c; j++)
        d1[j] = 1;
    for (int it = 0; it < SK_MAX_ITERS; it++) { /* SK2 */
        for (int64_t i = 0; i < r; i++) {
            double s = 0;
            for (int64_t j = 0; j < c; j++)
                s += d1[j] * k[i * c + j];
            d0[i] = 1 / ((double)r * (s + SK_EPS));
        }
        memset(acc, 0, (size_t)c * sizeof(double));
        for (int64_t i = 0; i < r; i++)
            for (int64_t j = 0; j < c; j++)
                acc[j] += d0[i] * k[i * c + j];
        double err = 0;
        for (int64_t j = 0; j < c; j++) {
            double nd = 1 / ((double)c * (acc[j] + SK_EPS));
            err += fabs(d1[j] - nd);
            d1[j] = nd;
        }
        err /= (double)c;
        if (!(err > pl->tol)) /* SK3: a NaN error ends the loop too */
            break;
    }
    for (int64_t i = 0; i < r; i++)
        for (int64_t j = 0; j < c; j++)
            k[i * c + j] *= d0[i] * d1[j];
    ops_scatter_nd(k, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(k);
    free(d0);
    free(d1);
    free(acc);
    return 0;
}

aclnnStatus aclnnSinkhornGetWorkspaceSize(const aclTensor *cost, const aclScalar *tol, aclTensor *p,
                                          WS)
{
    static const char name[] = "aclnnSinkhorn";
    OPS_CHECK_NULLS(name, cost, p, workspaceSize, executor);
    aclnnStatus rc;
    int dt, odt, tdt;
    if ((rc = ops_check_dims(cost, name, "cost")) || (rc = ops_check_dims(p, name, "p")) ||
        (rc = ops_need_dt(name, "cost", cost->dtype, OPS_DT_Sinkhorn, &dt)) ||
        (rc = ops_need_dt(name, "p", p->dtype, OPS_DT_Sinkhorn, &odt)))
        return rc;
    if (odt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: p must have cost's type", name);
    if (cost->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cost has %d dims, 2 are needed", name,
                       (int)cost->ndim);
    if ((rc = ops_check_shape(name, cost->dims, 2, p, "p")))
        return rc;
    double t = SK_DEFAULT_TOL;
    if (tol) {
        if ((rc = ops_check_scalar(name, "tol", tol, &tdt)))
            return rc;
        if (tdt != DT_F32)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tol must be a FLOAT scalar", name);
        t = ops_scalar_f64(tol);
    }
    OPS_PLAN(e, pl, name, 1, 1, struct sinkhorn_plan, NULL, {&pl->cost, cost, "cost"},
             {&pl->p, p, "p"});
    pl->r = cost->dims[0];
    pl->c = cost->dims[1];
    pl->tol = t;
    e->run = pl->r && pl->c ? sinkhorn_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(Sinkhorn)
