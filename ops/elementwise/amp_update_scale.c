/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AmpUpdateScale: the dynamic loss scale update of mixed-precision training (torch's
 * _amp_update_scale_; ops-math's math/amp_update_scale, whose kernel the steps follow).
 *
 *  AU1. currentScale, foundInf, updatedScale [1] of one type (FLOAT, FLOAT16, BFLOAT16);
 *      growthTracker, updatedGrowthTracker [1] INT32; growthInterval in [1, INT32_MAX]. CANN
 *      returns ACLNN_ERR_INNER_TILING_ERROR (561002) for an input not of shape [1] and for
 *      growthInterval out of range (its docs), 161002 for the types; cpuacl also wants the
 *      outputs [1] (161002).
 *  AU2. In float, as the kernel: foundInf != 0 (NaN counts) gives scale * backoffFactor and a
 *      tracker of 0; otherwise t = tracker + 1, and when t == growthInterval the scale becomes
 *      scale * growthFactor if that is finite (else it stays) and the tracker 0, else the tracker
 *      is t. The scale is rounded to updatedScale's type once (a FLOAT16 scale grown past 65504
 *      becomes inf there, as on the device, whose finiteness test is in float).
 */
#include <limits.h>
#include <math.h>

#include "aclnnop/aclnn_amp_update_scale.h"
#include "ops/elementwise/table.h"
#include "ops/engine/engine.h"

struct amp_plan {
    struct ops_tensor scale, tracker, found, out_scale, out_tracker;
    float growth, backoff;
    int32_t interval;
};

static int32_t amp_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct amp_plan *p = e->plan;
    double s, f;
    int64_t t;
    ops_gather_nd(&s, CK_F64, ops_base(&p->scale, addr), p->scale.dt, 1, p->scale.dims,
                  p->scale.strides);
    ops_gather_nd(&f, CK_F64, ops_base(&p->found, addr), p->found.dt, 1, p->found.dims,
                  p->found.strides);
    ops_gather_nd(&t, CK_I64, ops_base(&p->tracker, addr), p->tracker.dt, 1, p->tracker.dims,
                  p->tracker.strides);
    float scale = (float)s; /* AU2: the kernel's float */
    int32_t tracker = (int32_t)t;
    if (f != 0 || isnan(f)) {
        scale *= p->backoff;
        tracker = 0;
    } else {
        int32_t next =
            tracker == INT32_MAX ? INT32_MIN : tracker + 1; /* int32 wraps as the kernel */
        if (next == p->interval) {
            float grown = scale * p->growth;
            if (isfinite(grown))
                scale = grown;
            tracker = 0;
        } else {
            tracker = next;
        }
    }
    double so = scale;
    int64_t to = tracker;
    ops_scatter_nd(&so, CK_F64, ops_base(&p->out_scale, addr), p->out_scale.dt, 1,
                   p->out_scale.dims, p->out_scale.strides);
    ops_scatter_nd(&to, CK_I64, ops_base(&p->out_tracker, addr), p->out_tracker.dt, 1,
                   p->out_tracker.dims, p->out_tracker.strides);
    return 0;
}

/* t is [1] (AU1); code is CANN's for the inputs, 161002 for the outputs. */
static aclnnStatus amp_one(const char *name, const aclTensor *t, const char *what, aclnnStatus code)
{
    if (t->ndim != 1 || t->dims[0] != 1)
        return ops_err(code, "%s: %s must have shape [1]", name, what);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnAmpUpdateScaleGetWorkspaceSize(const aclTensor *currentScale,
                                                const aclTensor *growthTracker,
                                                const aclTensor *foundInf, double growthFactor,
                                                double backoffFactor, int64_t growthInterval,
                                                const aclTensor *updatedScale,
                                                const aclTensor *updatedGrowthTracker, WS)
{
    static const char name[] = "aclnnAmpUpdateScale";
    OPS_CHECK_NULLS(name, currentScale, growthTracker, foundInf, updatedScale, updatedGrowthTracker,
                    workspaceSize, executor);
    aclnnStatus rc;
    int sdt, fdt, odt, dt;
    if ((rc = ops_check_dims(currentScale, name, "currentScale")) ||
        (rc = ops_check_dims(growthTracker, name, "growthTracker")) ||
        (rc = ops_check_dims(foundInf, name, "foundInf")) ||
        (rc = ops_check_dims(updatedScale, name, "updatedScale")) ||
        (rc = ops_check_dims(updatedGrowthTracker, name, "updatedGrowthTracker")) ||
        (rc =
             ops_need_dt(name, "currentScale", currentScale->dtype, OPS_DT_AmpUpdateScale, &sdt)) ||
        (rc = ops_need_dt(name, "foundInf", foundInf->dtype, OPS_DT_AmpUpdateScale, &fdt)) ||
        (rc =
             ops_need_dt(name, "updatedScale", updatedScale->dtype, OPS_DT_AmpUpdateScale, &odt)) ||
        (rc = ops_need_dt(name, "growthTracker", growthTracker->dtype, OPS_DT2_AmpUpdateScale,
                          &dt)) ||
        (rc = ops_need_dt(name, "updatedGrowthTracker", updatedGrowthTracker->dtype,
                          OPS_DT2_AmpUpdateScale, &dt)))
        return rc;
    if (fdt != sdt || odt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: foundInf and updatedScale must have currentScale's type", name);
    if ((rc = amp_one(name, currentScale, "currentScale", ACLNN_ERR_INNER_TILING_ERROR)) ||
        (rc = amp_one(name, growthTracker, "growthTracker", ACLNN_ERR_INNER_TILING_ERROR)) ||
        (rc = amp_one(name, foundInf, "foundInf", ACLNN_ERR_INNER_TILING_ERROR)) ||
        (rc = amp_one(name, updatedScale, "updatedScale", ACLNN_ERR_PARAM_INVALID)) ||
        (rc = amp_one(name, updatedGrowthTracker, "updatedGrowthTracker", ACLNN_ERR_PARAM_INVALID)))
        return rc;
    if (growthInterval < 1 || growthInterval > INT32_MAX)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: growthInterval is %lld, it must be in [1, 2147483647]", name,
                       (long long)growthInterval);
    OPS_PLAN(e, p, name, 3, 2, struct amp_plan, NULL, {&p->scale, currentScale, "currentScale"},
             {&p->tracker, growthTracker, "growthTracker"}, {&p->found, foundInf, "foundInf"},
             {&p->out_scale, updatedScale, "updatedScale"},
             {&p->out_tracker, updatedGrowthTracker, "updatedGrowthTracker"});
    p->growth = (float)growthFactor;
    p->backoff = (float)backoffFactor;
    p->interval = (int32_t)growthInterval;
    e->run = amp_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(AmpUpdateScale)
