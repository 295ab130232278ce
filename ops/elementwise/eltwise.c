/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Eltwise: Caffe's Eltwise layer (ops-math's experimental eltwise, its README and kernel).
 *
 *  EL1. inputs: 1 to 32 tensors of one shape and type (FLOAT, FLOAT16, BFLOAT16), out of that
 *      shape and type; mode 0 (PRODUCT), 1 (SUM) or 2 (MAX); coeff (SUM only) NULL or empty
 *      for all 1, else one value per input (its README's rules; other modes ignore it).
 *  EL2. In float as the kernel: the accumulator starts from input 0 (SUM: c0 * x0) and takes
 *      the inputs in order, acc *= x, acc += c * x (the product rounded to float first) or
 *      acc = max(acc, x); rounded to out's type once. MAX propagates NaN (torch.maximum's rule;
 *      CANN's docs are silent: an open guess).
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_eltwise.h"
#include "ops/elementwise/table.h"
#include "ops/engine/engine.h"

#define EL_MAX_INPUTS 32

struct eltwise_plan {
    struct ops_tensor in[EL_MAX_INPUTS], out;
    float coeff[EL_MAX_INPUTS];
    int n, mode;
};

static int32_t eltwise_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct eltwise_plan *p = e->plan;
    int64_t numel = p->out.numel;
    float *acc = malloc((size_t)numel * sizeof(float)), *x = malloc((size_t)numel * sizeof(float));
    if (!acc || !x) {
        free(acc);
        free(x);
        return ACL_ERROR_BAD_ALLOC;
    }
    for (int k = 0; k < p->n; k++) { /* EL2 */
        const struct ops_tensor *t = &p->in[k];
        ops_gather_nd(k ? x : acc, CK_F32, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
        if (!k) {
            if (p->mode == 1)
                for (int64_t i = 0; i < numel; i++)
                    acc[i] *= p->coeff[0];
            continue;
        }
        for (int64_t i = 0; i < numel; i++) {
            if (p->mode == 0) {
                acc[i] *= x[i];
            } else if (p->mode == 1) {
                float cx = p->coeff[k] * x[i];
                acc[i] += cx;
            } else {
                acc[i] = isnan(acc[i]) || isnan(x[i]) ? NAN : acc[i] > x[i] ? acc[i] : x[i];
            }
        }
    }
    const struct ops_tensor *o = &p->out;
    ops_scatter_nd(acc, CK_F32, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(acc);
    free(x);
    return 0;
}

aclnnStatus aclnnEltwiseGetWorkspaceSize(const aclTensorList *inputs, int64_t mode,
                                         const aclFloatArray *coeff, aclTensor *out, WS)
{
    static const char name[] = "aclnnEltwise";
    OPS_CHECK_NULLS(name, inputs, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt, odt;
    if (inputs->n < 1 || inputs->n > EL_MAX_INPUTS)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputs has %llu tensors, 1 to %d are supported", name,
                       (unsigned long long)inputs->n, EL_MAX_INPUTS);
    if (mode < 0 || mode > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: mode is %lld, it must be 0 (PRODUCT), 1 (SUM) or 2 (MAX)", name,
                       (long long)mode);
    int n = (int)inputs->n;
    if (mode == 1 && coeff && coeff->n && coeff->n != (uint64_t)n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: coeff has %llu values for %d inputs", name,
                       (unsigned long long)coeff->n, n);
    if ((rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Eltwise, &odt)))
        return rc;
    for (int k = 0; k < n; k++) {
        const aclTensor *t = inputs->v[k];
        if (!t)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: inputs[%d] is NULL", name, k);
        if ((rc = ops_check_dims(t, name, "inputs[]")) ||
            (rc = ops_need_dt(name, "inputs[]", t->dtype, OPS_DT_Eltwise, &dt)))
            return rc;
        if (dt != odt)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: inputs[%d] is %s, out %s: one type", name,
                           k, ops_dt_name(t->dtype), ops_dt_name(out->dtype));
        if ((rc = ops_check_shape(name, out->dims, (int)out->ndim, t, "inputs[]")))
            return rc;
    }
    struct aclOpExecutor *e =
        ops_exec_plan(name, (uint16_t)n, 1, sizeof(struct eltwise_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct eltwise_plan *p = e->plan;
    struct ops_view v[EL_MAX_INPUTS + 2] = {{0}};
    for (int k = 0; k < n; k++)
        v[k] = (struct ops_view){&p->in[k], inputs->v[k], "inputs[]"};
    v[n] = (struct ops_view){&p->out, out, "out"};
    if ((rc = ops_exec_views(e, v)))
        return rc;
    p->n = n;
    p->mode = (int)mode;
    for (int k = 0; k < n; k++)
        p->coeff[k] = mode == 1 && coeff && coeff->n ? coeff->v[k] : 1.0f;
    e->run = p->out.numel ? eltwise_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(Eltwise)
