/* SPDX-License-Identifier: Apache-2.0 */
/*
 * RReluWithNoise: the randomized leaky ReLU with its noise tensor (ops-nn's
 * activation/leaky_relu aclnn_rrelu_with_noise.h, what its op_api composes).
 *
 *  RR1. self, noise and out of one type (FLOAT, FLOAT16, BFLOAT16), out of self's shape; lower
 *      and upper FLOAT, FLOAT16, BFLOAT16 or DOUBLE scalars (not ordered: CANN checks nothing).
 *      In training mode noise must hold at least numel(self) elements. An empty self or noise
 *      runs nothing (CANN's first phase).
 *  RR2. Training: element i of self (row-major) takes a = lower + (upper - lower) * u_i, u_i the
 *      i-th uniform in [0, 1) of random.c's generator (RN1: key seed, counter (offset, 0); one
 *      number per element, whatever its sign); its noise is a where self < 0 and 1 elsewhere
 *      (CANN's Less mask: 0 and NaN get 1), out = self * noise, and noise's first numel(self)
 *      elements in row-major order are replaced by these (the rest kept). Eval: out =
 *      LeakyRelu(self, (lower + upper) / 2), noise untouched. Computed in double, rounded to
 *      the type once. The Inplace form writes self.
 */
#include <stdlib.h>

#include "aclnnop/aclnn_rrelu_with_noise.h"
#include "core/philox.h"
#include "ops/activation/table.h"
#include "ops/engine/engine.h"

struct rr_plan {
    struct ops_tensor self, noise, out;
    double lower, upper;
    uint64_t seed, offset;
    bool training;
};

static int32_t rr_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct rr_plan *p = e->plan;
    const struct ops_tensor *x = &p->self, *nz = &p->noise, *o = &p->out;
    const int64_t n = x->numel;
    double *v = malloc((size_t)n * sizeof(double));
    double *z = p->training ? malloc((size_t)nz->numel * sizeof(double)) : NULL;
    if (!v || (p->training && !z)) {
        free(v);
        free(z);
        return ACL_ERROR_BAD_ALLOC;
    }
    ops_gather_nd(v, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    if (p->training) {
        ops_gather_nd(z, CK_F64, ops_base(nz, addr), nz->dt, nz->ndim, nz->dims, nz->strides);
        struct philox g = philox_at(p->seed, p->offset, 0);
        for (int64_t i = 0; i < n; i++) {
            double a = p->lower + (p->upper - p->lower) * philox_uniform01(&g);
            z[i] = v[i] < 0 ? a : 1;
            v[i] *= z[i];
        }
        ops_scatter_nd(z, CK_F64, ops_base(nz, addr), nz->dt, nz->ndim, nz->dims, nz->strides);
    } else {
        double slope = (p->lower + p->upper) / 2;
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] > 0 ? v[i] : v[i] * slope;
    }
    ops_scatter_nd(v, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(v);
    free(z);
    return 0;
}

static aclnnStatus rr_op(const char *name, const aclTensor *self, const aclTensor *noise,
                         const aclScalar *lower, const aclScalar *upper, bool training,
                         int64_t seed, int64_t offset, const aclTensor *out, WS)
{
    aclnnStatus rc;
    int dt, ldt, udt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(noise, name, "noise")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_RReluWithNoise, &dt)) ||
        (rc = ops_check_scalar(name, "lower", lower, &ldt)) ||
        (rc = ops_check_scalar(name, "upper", upper, &udt)) ||
        (rc = ops_need_dt(name, "lower", lower->dtype, OPS_DT2_RReluWithNoise, &ldt)) ||
        (rc = ops_need_dt(name, "upper", upper->dtype, OPS_DT2_RReluWithNoise, &udt)))
        return rc;
    if (noise->dtype != self->dtype || out->dtype != self->dtype)
        return ops_err(
            ACLNN_ERR_PARAM_INVALID, "%s: self, noise and out must share one type (%s, %s, %s)",
            name, ops_dt_name(self->dtype), ops_dt_name(noise->dtype), ops_dt_name(out->dtype));
    if ((rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    int64_t n = ops_numel(self->dims, (int)self->ndim);
    int64_t nn = ops_numel(noise->dims, (int)noise->ndim);
    if (training && nn < n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: noise has %lld elements, fewer than self's %lld", name, (long long)nn,
                       (long long)n);
    OPS_PLAN(e, p, name, 2, 1, struct rr_plan, NULL, {&p->self, self, "self"},
             {&p->noise, noise, "noise"}, {&p->out, out, "out"});
    p->lower = ops_scalar_f64(lower);
    p->upper = ops_scalar_f64(upper);
    p->seed = (uint64_t)seed;
    p->offset = (uint64_t)offset;
    p->training = training;
    e->run = n && nn ? rr_run : NULL; /* RR1 */
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnRReluWithNoiseGetWorkspaceSize(const aclTensor *self, const aclTensor *noise,
                                                const aclScalar *lower, const aclScalar *upper,
                                                bool training, int64_t seed, int64_t offset,
                                                aclTensor *out, WS)
{
    static const char name[] = "aclnnRReluWithNoise";
    OPS_CHECK_NULLS(name, self, noise, lower, upper, out, workspaceSize, executor);
    return rr_op(name, self, noise, lower, upper, training, seed, offset, out, workspaceSize,
                 executor);
}
PHASE2(RReluWithNoise)

aclnnStatus aclnnInplaceRReluWithNoiseGetWorkspaceSize(const aclTensor *self,
                                                       const aclTensor *noise,
                                                       const aclScalar *lower,
                                                       const aclScalar *upper, bool training,
                                                       int64_t seed, int64_t offset, WS)
{
    static const char name[] = "aclnnInplaceRReluWithNoise";
    OPS_CHECK_NULLS(name, self, noise, lower, upper, workspaceSize, executor);
    return rr_op(name, self, noise, lower, upper, training, seed, offset, self, workspaceSize,
                 executor);
}
PHASE2(InplaceRReluWithNoise)
