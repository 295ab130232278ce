/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scale: Caffe's Scale layer, y = x * scale + bias (ops-math's aclnn_scale.h).
 *
 *  SC1. x, scale, bias (optional) and y of one type (FLOAT, FLOAT16, BFLOAT16), y of x's shape,
 *      bias of scale's; axis in [-rank(x), rank(x)). scaleFromBlob: numAxes >= -1 dims of x from
 *      axis (-1: to the last; 0: scale must have one element) must be scale's shape;
 *      otherwise scale's own rank gives the count and numAxes is not used. Either way a scale
 *      of one element with at most 1 dim (without the blob rule: numAxes 0 with it) is a
 *      scalar for all of x, and axis plus the count must not pass x's rank. These are the
 *      checks of CANN's op_api.
 *  SC2. scale and bias are read as views of x's dims (stride 0 off the spanned dims, as
 *      BiasAdd's bias); each element in double, rounded to y's type once.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_scale.h"
#include "ops/elementwise/table.h"
#include "ops/engine/engine.h"

struct scale_plan {
    struct ops_tensor x, scale, bias, y; /* scale, bias viewed with x's dims (SC2) */
    bool has_bias;
};

static int32_t scale_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct scale_plan *p = e->plan;
    int64_t n = p->y.numel;
    double *buf = malloc((size_t)n * 3 * sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *xv = buf, *sv = buf + n, *bv = buf + 2 * n;
    const struct ops_tensor *x = &p->x, *s = &p->scale, *b = &p->bias, *y = &p->y;
    ops_gather_nd(xv, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    ops_gather_nd(sv, CK_F64, ops_base(s, addr), s->dt, s->ndim, s->dims, s->strides);
    if (p->has_bias)
        ops_gather_nd(bv, CK_F64, ops_base(b, addr), b->dt, b->ndim, b->dims, b->strides);
    for (int64_t i = 0; i < n; i++)
        xv[i] = xv[i] * sv[i] + (p->has_bias ? bv[i] : 0);
    ops_scatter_nd(xv, CK_F64, ops_base(y, addr), y->dt, y->ndim, y->dims, y->strides);
    free(buf);
    return 0;
}

/* v (an ops_tensor of a scale-shaped tensor) as a view of x's dims: its dims at x's
 * [axis, axis + k), stride 0 elsewhere; k 0 is a one-element scalar (SC2). */
static void scale_broadcast(struct ops_tensor *v, const struct ops_tensor *x, int axis, int k)
{
    int64_t st[OPS_MAX_DIMS] = {0};
    for (int i = 0; i < k; i++)
        st[axis + i] = v->strides[i];
    memcpy(v->dims, x->dims, sizeof(v->dims));
    memcpy(v->strides, st, sizeof(v->strides));
    v->ndim = x->ndim;
    v->numel = x->numel;
}

aclnnStatus aclnnScaleGetWorkspaceSize(const aclTensor *x, const aclTensor *scale,
                                       const aclTensor *bias, int64_t axis, int64_t numAxes,
                                       bool scaleFromBlob, aclTensor *y, WS)
{
    static const char name[] = "aclnnScale";
    OPS_CHECK_NULLS(name, x, scale, y, workspaceSize, executor);
    aclnnStatus rc;
    int xdt, sdt, ydt, bdt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(scale, name, "scale")) ||
        (rc = ops_check_dims(y, name, "y")) ||
        (bias && (rc = ops_check_dims(bias, name, "bias"))) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_Scale, &xdt)) ||
        (rc = ops_need_dt(name, "scale", scale->dtype, OPS_DT_Scale, &sdt)) ||
        (rc = ops_need_dt(name, "y", y->dtype, OPS_DT_Scale, &ydt)) ||
        (bias && (rc = ops_need_dt(name, "bias", bias->dtype, OPS_DT_Scale, &bdt))))
        return rc;
    if (sdt != xdt || ydt != xdt || (bias && bdt != xdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x, scale, bias and y must be one type", name);
    if ((rc = ops_check_shape(name, x->dims, (int)x->ndim, y, "y")) ||
        (bias && (rc = ops_check_shape(name, scale->dims, (int)scale->ndim, bias, "bias"))))
        return rc;
    int rank = (int)x->ndim;
    if (axis < -rank || axis >= rank)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axis %lld is outside [%d, %d)", name,
                       (long long)axis, -rank, rank);
    if (numAxes < -1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numAxes is %lld, it must be >= -1", name,
                       (long long)numAxes);
    int ax = (int)(axis < 0 ? axis + rank : axis);
    int64_t snum = ops_numel(scale->dims, (int)scale->ndim);
    int64_t k; /* SC1: how many of x's dims scale spans; 0: a scalar */
    bool scalar;
    if (scaleFromBlob) {
        k = numAxes == -1 ? rank - ax : numAxes;
        scalar = numAxes == 0;
        if (scalar && snum != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: with numAxes 0 scale must have one element, it has %lld", name,
                           (long long)snum);
    } else {
        k = (int64_t)scale->ndim;
        scalar = snum == 1 && k <= 1;
    }
    if (ax + k > rank)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: axis %d plus the %lld dims scale spans pass x's rank %d", name, ax,
                       (long long)k, rank);
    if (!scalar && (rc = ops_check_shape(name, x->dims + ax, (int)k, scale, "scale")))
        return rc;
    OPS_PLAN(e, p, name, 3, 1, struct scale_plan, NULL, {&p->x, x, "x"},
             {&p->scale, scale, "scale"}, {bias ? &p->bias : NULL, bias, "bias"}, {&p->y, y, "y"});
    scale_broadcast(&p->scale, &p->x, ax, scalar ? 0 : (int)k);
    if (bias)
        scale_broadcast(&p->bias, &p->x, ax, scalar ? 0 : (int)k);
    p->has_bias = bias != NULL;
    e->run = p->y.numel ? scale_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Scale)
