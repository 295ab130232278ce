/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BnInferGrad: the input gradient of inference-mode batch normalisation (ops-nn's experimental
 * norm/bn_infer_grad, its README's formula and its example's golden).
 *
 *  BIG1. grads and xBackprop of one shape and type (FLOAT, FLOAT16, BFLOAT16); scale and
 *      batchVariance FLOAT of C elements each; formatMode 0 (NCHW: C is dim 1, grads 2 to 8
 *      dims), 1 (NHWC: C is the last dim) or 2 (NC1HWC0: grads 5-d (N, C1, H, W, C0), channel
 *      c1 C0 + c0, C = C1 C0; grads and xBackprop may carry the format NC1HWC0, whose blocked
 *      layout their 5-d shape spells out, so they are read as plain views). An empty grads
 *      runs nothing.
 *  BIG2. xBackprop = grads scale[c] / sqrt(batchVariance[c] + epsilon) per element of channel
 *      c, in double, rounded once (the README's x_backprop = grads * scale / sqrt(var + eps)).
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_bn_infer_grad.h"
#include "ops/engine/engine.h"
#include "ops/norm/table.h"

enum { BIG_NCHW, BIG_NHWC, BIG_NC1HWC0 };

struct big_plan {
    struct ops_tensor g, scale, var, out;
    int mode;
    double eps;
    int64_t c;
};

static int32_t big_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct big_plan *p = e->plan;
    const struct ops_tensor *g = &p->g, *o = &p->out;
    double *v = malloc((size_t)g->numel * sizeof(double));
    double *k = malloc((size_t)(2 * p->c) * sizeof(double));
    if (!v || !k) {
        free(v);
        free(k);
        return ACL_ERROR_BAD_ALLOC;
    }
    double *var = k + p->c;
    ops_gather_nd(v, CK_F64, ops_base(g, addr), g->dt, g->ndim, g->dims, g->strides);
    ops_gather_nd(k, CK_F64, ops_base(&p->scale, addr), p->scale.dt, p->scale.ndim, p->scale.dims,
                  p->scale.strides);
    ops_gather_nd(var, CK_F64, ops_base(&p->var, addr), p->var.dt, p->var.ndim, p->var.dims,
                  p->var.strides);
    for (int64_t c = 0; c < p->c; c++) /* BIG2: the channel's factor */
        k[c] = k[c] / sqrt(var[c] + p->eps);
    const int nd = g->ndim;
    const int64_t last = g->dims[nd - 1];
    /* the channel of row-major element i: NCHW (i / inner) % C; NHWC i % C; NC1HWC0
     * ((i / (H W C0)) % C1) C0 + i % C0 */
    int64_t inner = 1;
    for (int d = 2; d < nd; d++)
        inner *= g->dims[d];
    for (int64_t i = 0; i < g->numel; i++) {
        int64_t c = p->mode == BIG_NCHW ? (i / inner) % p->c
                    : p->mode == BIG_NHWC
                        ? i % p->c
                        : ((i / (g->dims[2] * g->dims[3] * last)) % g->dims[1]) * last + i % last;
        v[i] *= k[c];
    }
    ops_scatter_nd(v, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(v);
    free(k);
    return 0;
}

aclnnStatus aclnnBnInferGradGetWorkspaceSize(const aclTensor *grads, const aclTensor *scale,
                                             const aclTensor *batchVariance, float epsilon,
                                             int64_t formatMode, aclTensor *xBackprop, WS)
{
    static const char name[] = "aclnnBnInferGrad";
    OPS_CHECK_NULLS(name, grads, scale, batchVariance, xBackprop, workspaceSize, executor);
    aclnnStatus rc;
    int dt, sdt, vdt;
    if ((rc = ops_check_dims(grads, name, "grads")) ||
        (rc = ops_check_dims(scale, name, "scale")) ||
        (rc = ops_check_dims(batchVariance, name, "batchVariance")) ||
        (rc = ops_check_dims(xBackprop, name, "xBackprop")) ||
        (rc = ops_need_dt(name, "grads", grads->dtype, OPS_DT_BnInferGrad, &dt)) ||
        (rc = ops_need_dt(name, "scale", scale->dtype, OPS_DT2_BnInferGrad, &sdt)) ||
        (rc = ops_need_dt(name, "batchVariance", batchVariance->dtype, OPS_DT2_BnInferGrad, &vdt)))
        return rc;
    if (xBackprop->dtype != grads->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: xBackprop is %s, grads %s (they must match)",
                       name, ops_dt_name(xBackprop->dtype), ops_dt_name(grads->dtype));
    if ((rc = ops_check_shape(name, grads->dims, (int)grads->ndim, xBackprop, "xBackprop")))
        return rc;
    const int nd = (int)grads->ndim;
    int64_t c;
    if (formatMode == BIG_NCHW && nd >= 2)
        c = grads->dims[1];
    else if (formatMode == BIG_NHWC && nd >= 2)
        c = grads->dims[nd - 1];
    else if (formatMode == BIG_NC1HWC0 && nd == 5)
        c = grads->dims[1] * grads->dims[4];
    else
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: formatMode %lld with grads of %d dims: 0 (NCHW) and 1 (NHWC) take 2 "
                       "to 8 dims, 2 (NC1HWC0) 5",
                       name, (long long)formatMode, nd);
    if (ops_numel(scale->dims, (int)scale->ndim) != c ||
        ops_numel(batchVariance->dims, (int)batchVariance->ndim) != c)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: scale and batchVariance must hold the %lld channels", name,
                       (long long)c);
    /* BIG1: an NC1HWC0 grads / xBackprop is registered through a copy of its descriptor with
     * format ND (ops_tensor_from refuses blocked formats, engine.h F1): the same address and
     * 5-d view; the copy is only read during this phase 1 (the slots keep the addresses) */
    aclTensor gnd = *grads, ond = *xBackprop;
    if (formatMode == BIG_NC1HWC0) {
        if (gnd.format == ACL_FORMAT_NC1HWC0)
            gnd.format = ACL_FORMAT_ND;
        if (ond.format == ACL_FORMAT_NC1HWC0)
            ond.format = ACL_FORMAT_ND;
        grads = &gnd;
        xBackprop = &ond;
    }
    OPS_PLAN(e, p, name, 3, 1, struct big_plan, NULL, {&p->g, grads, "grads"},
             {&p->scale, scale, "scale"}, {&p->var, batchVariance, "batchVariance"},
             {&p->out, xBackprop, "xBackprop"});
    p->mode = (int)formatMode;
    p->eps = (double)epsilon;
    p->c = c;
    e->run = p->g.numel && c ? big_run : NULL; /* BIG1 */
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(BnInferGrad)
