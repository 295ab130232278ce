/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GerV2 (ops-math's experimental form): the BLAS rank-1 update z = A + alpha x y^T.
 *
 *  R1. x [M] and y [N] (1-d), A and z [M, N], all of one type (FLOAT, FLOAT16, INT32, INT16);
 *      z[i][j] = A[i][j] + alpha * x[i] * y[j] computed in double and converted to z's type
 *      once (integers: the engine's conversion of the double result).
 */
#include <stdlib.h>

#include "aclnnop/aclnn_ger_v2.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"

struct r1_plan {
    struct ops_tensor x, y, a, z;
    double alpha;
};

static int32_t r1_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct r1_plan *p = e->plan;
    int64_t m = p->x.numel, n = p->y.numel;
    double *b = malloc((size_t)(m + n + m * n) * sizeof(double));
    if (!b)
        return ACL_ERROR_BAD_ALLOC;
    double *x = b, *y = b + m, *a = b + m + n;
    ops_gather_nd(x, CK_F64, ops_base(&p->x, addr), p->x.dt, 1, p->x.dims, p->x.strides);
    ops_gather_nd(y, CK_F64, ops_base(&p->y, addr), p->y.dt, 1, p->y.dims, p->y.strides);
    ops_gather_nd(a, CK_F64, ops_base(&p->a, addr), p->a.dt, 2, p->a.dims, p->a.strides);
    for (int64_t i = 0; i < m; i++) /* R1 */
        for (int64_t j = 0; j < n; j++)
            a[i * n + j] += p->alpha * x[i] * y[j];
    ops_scatter_nd(a, CK_F64, ops_base(&p->z, addr), p->z.dt, 2, p->z.dims, p->z.strides);
    free(b);
    return 0;
}

aclnnStatus aclnnGerV2GetWorkspaceSize(const aclTensor *x, const aclTensor *y, const aclTensor *A,
                                       float alpha, aclTensor *out, WS)
{
    const char *name = "aclnnGerV2";
    OPS_CHECK_NULLS(name, x, y, A, out, workspaceSize, executor);
    const aclTensor *t[4] = {x, y, A, out};
    static const char *const tn[4] = {"x", "y", "A", "out"};
    aclnnStatus rc;
    int dt[4];
    for (int i = 0; i < 4; i++)
        if ((rc = ops_check_dims(t[i], name, tn[i])) ||
            (rc = ops_need_dt(name, tn[i], t[i]->dtype, OPS_DT_GerV2, &dt[i])))
            return rc;
    for (int i = 1; i < 4; i++)
        if (dt[i] != dt[0])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, x %s (one type)", name, tn[i],
                           ops_dt_name(t[i]->dtype), ops_dt_name(x->dtype));
    if (x->ndim != 1 || y->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x and y must be 1-d (%u and %u dims)", name,
                       (unsigned)x->ndim, (unsigned)y->ndim);
    int64_t want[2] = {x->dims[0], y->dims[0]};
    if ((rc = ops_check_shape(name, want, 2, A, "A")) ||
        (rc = ops_check_shape(name, want, 2, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 3, 1, struct r1_plan, NULL, {&p->x, x, "x"}, {&p->y, y, "y"},
             {&p->a, A, "A"}, {&p->z, out, "out"});
    p->alpha = alpha;
    e->run = p->z.numel ? r1_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(GerV2)
