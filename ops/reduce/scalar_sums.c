/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Sums to one value, ops-math's experimental forms: DotV2 (the sum of x1 * x2 over every
 * element) and TraceV2 (the sum of a matrix's main diagonal).
 *
 *  SU1. DotV2: x1 and x2 of one shape (any rank) and type; y [1] = sum_i x1_i x2_i.
 *      TraceV2: x 2-d [R, C]; y [1] = sum_i x_ii for i < min(R, C). Both accumulate in
 *      double in row-major order and round to y's type (x's) once; empty inputs give 0.
 */
#include <stdlib.h>

#include "aclnnop/aclnn_dot_v2.h"
#include "aclnnop/aclnn_trace_v2.h"
#include "ops/engine/engine.h"
#include "ops/reduce/table.h"

struct su_plan {
    struct ops_tensor a, b, out; /* TraceV2: a is the diagonal, a 1-d view of x */
    bool dot;
};

static int32_t su_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct su_plan *p = e->plan;
    int64_t n = p->a.numel;
    double *a = malloc((size_t)(n ? n : 1) * sizeof(double) * 2), *b = a + (n ? n : 1), s = 0;
    if (!a)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(a, CK_F64, ops_base(&p->a, addr), p->a.dt, p->a.ndim, p->a.dims, p->a.strides);
    if (p->dot)
        ops_gather_nd(b, CK_F64, ops_base(&p->b, addr), p->b.dt, p->b.ndim, p->b.dims,
                      p->b.strides);
    for (int64_t i = 0; i < n; i++) /* SU1 */
        s += p->dot ? a[i] * b[i] : a[i];
    const struct ops_tensor *o = &p->out;
    ops_scatter_nd(&s, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(a);
    return 0;
}

/* The checks both share: x (and y's) types from the row, y [1] of x's type. */
static aclnnStatus su_check(const char *name, unsigned types, const aclTensor *x,
                            const aclTensor *y)
{
    aclnnStatus rc;
    int xdt, ydt;
    int64_t one = 1;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(y, name, "y")) ||
        (rc = ops_need_dt(name, "x", x->dtype, types, &xdt)) ||
        (rc = ops_need_dt(name, "y", y->dtype, types, &ydt)) ||
        (rc = ops_check_shape(name, &one, 1, y, "y")))
        return rc;
    if (xdt != ydt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y is %s, x %s (one type)", name,
                       ops_dt_name(y->dtype), ops_dt_name(x->dtype));
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnDotV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, aclTensor *y, WS)
{
    const char *name = "aclnnDotV2";
    OPS_CHECK_NULLS(name, x1, x2, y, workspaceSize, executor);
    aclnnStatus rc;
    int d2;
    if ((rc = su_check(name, OPS_DT_DotV2, x1, y)) || (rc = ops_check_dims(x2, name, "x2")) ||
        (rc = ops_need_dt(name, "x2", x2->dtype, OPS_DT_DotV2, &d2)))
        return rc;
    if (x2->dtype != x1->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 %s and x2 %s must be one type", name,
                       ops_dt_name(x1->dtype), ops_dt_name(x2->dtype));
    if (!ops_same_shape(x1, x2))
        return ops_shape_err(name, "x2", x2, x1->dims, (int)x1->ndim);
    OPS_PLAN(e, p, name, 2, 1, struct su_plan, NULL, {&p->a, x1, "x1"}, {&p->b, x2, "x2"},
             {&p->out, y, "y"});
    p->dot = true;
    e->run = su_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnTraceV2GetWorkspaceSize(const aclTensor *x, aclTensor *y, WS)
{
    const char *name = "aclnnTraceV2";
    OPS_CHECK_NULLS(name, x, y, workspaceSize, executor);
    aclnnStatus rc = su_check(name, OPS_DT_TraceV2, x, y);
    if (rc)
        return rc;
    if (x->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %u dims (2)", name, (unsigned)x->ndim);
    OPS_PLAN(e, p, name, 1, 1, struct su_plan, NULL, {&p->a, x, "x"}, {&p->out, y, "y"});
    /* the diagonal as a 1-d view: min(R, C) elements, stride s0 + s1 */
    int64_t len = p->a.dims[0] < p->a.dims[1] ? p->a.dims[0] : p->a.dims[1];
    p->a.strides[0] += p->a.strides[1];
    p->a.dims[0] = len;
    p->a.ndim = 1;
    p->a.numel = len;
    e->run = su_run;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(DotV2)
PHASE2(TraceV2)
