/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BiasAdd (ops-math's experimental form): a per-channel bias added to every element.
 *
 *  BA1. out[i] = x[i] + bias[c(i)], c(i) the index of element i along the channel dim that
 *      dataFormatOptional names: the last dim for "NHWC" and "NDHWC" (and when it is NULL,
 *      NHWC being CANN's default), dim 1 for "NCHW" and "NCDHW"; bias is 1-d with that dim's
 *      size. x, bias and out share one type; floats add in double and round to it once,
 *      INT32 adds in int64 and wraps.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_bias_add.h"
#include "ops/elementwise/table.h"
#include "ops/engine/engine.h"

struct ba_plan {
    struct ops_tensor x, bias, out; /* bias viewed with x's dims (stride 0 off the channel) */
    bool ints;
};

static int32_t ba_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ba_plan *p = e->plan;
    int64_t n = p->out.numel;
    int ck = p->ints ? CK_I64 : CK_F64;
    char *buf = malloc((size_t)n * 16);
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    void *xv = buf, *bv = buf + n * 8;
    ops_gather_nd(xv, ck, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    ops_gather_nd(bv, ck, ops_base(&p->bias, addr), p->bias.dt, p->bias.ndim, p->bias.dims,
                  p->bias.strides);
    for (int64_t i = 0; i < n; i++) /* BA1 */
        if (p->ints)
            ((uint64_t *)xv)[i] += ((const uint64_t *)bv)[i];
        else
            ((double *)xv)[i] += ((const double *)bv)[i];
    const struct ops_tensor *o = &p->out;
    ops_scatter_nd(xv, ck, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(buf);
    return 0;
}

aclnnStatus aclnnBiasAddGetWorkspaceSize(const aclTensor *x, const aclTensor *bias,
                                         char *dataFormatOptional, const aclTensor *out, WS)
{
    const char *name = "aclnnBiasAdd";
    OPS_CHECK_NULLS(name, x, bias, out, workspaceSize, executor);
    aclnnStatus rc;
    int xdt, bdt, odt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(bias, name, "bias")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_BiasAdd, &xdt)) ||
        (rc = ops_need_dt(name, "bias", bias->dtype, OPS_DT_BiasAdd, &bdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_BiasAdd, &odt)))
        return rc;
    if (xdt != bdt || xdt != odt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x %s, bias %s and out %s must be one type",
                       name, ops_dt_name(x->dtype), ops_dt_name(bias->dtype),
                       ops_dt_name(out->dtype));
    const char *fmt = dataFormatOptional ? dataFormatOptional : "NHWC";
    int nd = (int)x->ndim, c;
    if (!strcmp(fmt, "NHWC") || !strcmp(fmt, "NDHWC"))
        c = nd - 1;
    else if (!strcmp(fmt, "NCHW") || !strcmp(fmt, "NCDHW"))
        c = 1;
    else
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dataFormatOptional \"%s\" is not NHWC, NDHWC, NCHW or NCDHW", name,
                       fmt);
    if (c < 0 || c >= nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims, too few for %s", name, nd, fmt);
    if (bias->ndim != 1 || bias->dims[0] != x->dims[c])
        return ops_shape_err(name, "bias", bias, x->dims + c, 1);
    if ((rc = ops_check_shape(name, x->dims, nd, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct ba_plan, NULL, {&p->x, x, "x"}, {&p->bias, bias, "bias"},
             {&p->out, out, "out"});
    int64_t bst = p->bias.strides[0];
    memcpy(p->bias.dims, p->x.dims, sizeof(p->bias.dims));
    memset(p->bias.strides, 0, sizeof(p->bias.strides));
    p->bias.strides[c] = bst;
    p->bias.ndim = p->x.ndim;
    p->bias.numel = p->x.numel;
    p->ints = !ops_dt_is_float(xdt);
    e->run = p->out.numel ? ba_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(BiasAdd)
