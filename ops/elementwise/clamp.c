/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Clamp, ClampMin, ClampMax and InplaceClampMax on the elementwise engine
 * (engine/ew.c).
 *
 * Semantics follow AscendCL's operators (ops-math op_api source, Ascend910B
 * data type lists):
 *  CL5. Clamp computes min(max(x, lo), hi) in out's type (self converted to
 *      it first, as a Cast would); lo > hi gives hi; a NaN element or bound
 *      gives NaN. An absent bound is no bound; integer bounds saturate to
 *      out's range (a bound beyond it bounds nothing, unless lo > hi).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_clamp.h"
#include "ops/engine/engine.h"
#include "ops/elementwise/table.h"

#pragma GCC optimize("O3")

/* ---- Clamp ----------------------------------------------------------------------------------- */

/* Through the elementwise engine (engine/ew.c): one input converted to the compute
 * kind of out's type; p->f / p->i hold the bounds. */
#define KCLAMP_F(NAME, T)                                                                          \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0];                                                                        \
        const T lo = (T)p->f[0], hi = (T)p->f[1];                                                  \
        if (lo != lo || hi != hi) {                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                o[i] = lo != lo ? lo : hi;                                                         \
            return;                                                                                \
        }                                                                                          \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i];                                                                            \
            T y = x < lo ? lo : x;                                                                 \
            o[i] = y > hi ? hi : y; /* a NaN x compares false: stays NaN */                        \
        }                                                                                          \
    }
KCLAMP_F(clamp_f32, float)
KCLAMP_F(clamp_f64, double)

/* Integers: the element is first wrapped to out's type (the Cast of self). */
static void clamp_i64(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    int64_t *o = o_;
    const int64_t *a = in[0];
    int64_t lo = p->i[0], hi = p->i[1];
    int dt = (int)p->i[2];
    for (int64_t i = 0; i < n; i++) {
        int64_t x = ops_dt_wrap(dt, a[i]);
        x = x < lo ? lo : x;
        o[i] = x > hi ? hi : x;
    }
}

/* Clamp, ClampMin, ClampMax, InplaceClampMax: one body (CL5). */
static aclnnStatus clamp_op(const char *name, unsigned types, const aclTensor *self,
                            const aclScalar *clipValueMin, const aclScalar *clipValueMax,
                            const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, self, out);
    if (!clipValueMin && !clipValueMax)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: clipValueMin and clipValueMax are both NULL (at least one bound is "
                       "needed)",
                       name);
    OPS_CHECK_NULLS(name, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)) ||
        (clipValueMin && (rc = ops_check_scalar(name, "clipValueMin", clipValueMin, NULL))) ||
        (clipValueMax && (rc = ops_check_scalar(name, "clipValueMax", clipValueMax, NULL))))
        return rc;
    if (!ops_same_shape(self, out))
        return ops_shape_err(name, "out", out, self->dims, (int)self->ndim);
    bool empty = ops_numel(self->dims, (int)self->ndim) == 0;
    /* AscendCL checks the cast only for non-empty tensors. */
    if (!empty && !ops_can_cast(sdt, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self's type %s cannot be cast to out's type %s", name,
                       ops_dt_name(self->dtype), ops_dt_name(out->dtype));
    int ck = ops_ck_for(odt);
    struct ew_params prm;
    memset(&prm, 0, sizeof prm);
    ew_kern_fn kern;
    if (ck == CK_I64) {
        int64_t tlo, thi; /* CL5: bounds saturate to out's range */
        ops_dt_int_range(odt, &tlo, &thi);
        int64_t blo = clipValueMin ? ops_scalar_i64(clipValueMin) : tlo;
        int64_t bhi = clipValueMax ? ops_scalar_i64(clipValueMax) : thi;
        prm.i[0] = blo < tlo ? tlo : blo > thi ? thi : blo;
        prm.i[1] = bhi < tlo ? tlo : bhi > thi ? thi : bhi;
        prm.i[2] = odt;
        kern = clamp_i64;
    } else {
        /* The bounds in out's type (as AscendCL converts the scalars). */
        double b[2] = {clipValueMin ? ops_scalar_f64(clipValueMin) : -INFINITY,
                       clipValueMax ? ops_scalar_f64(clipValueMax) : INFINITY};
        ops_round_f64(b, 2, odt);
        prm.f[0] = b[0];
        prm.f[1] = b[1];
        kern = ck == CK_F64 ? clamp_f64 : clamp_f32;
    }
    struct aclOpExecutor *e = ops_exec_new(name, 1, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor tx, to;
    const struct ops_tensor *pin[1] = {&tx};
    if ((rc = OPS_VIEWS(e, {&tx, self, "self"}, {&to, out, "out"})))
        return rc;
    struct ew_plan *pl = malloc(sizeof(*pl));
    if (!pl || ew_plan_init(pl, ck, kern, &to, pin, 1)) {
        free(pl);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    pl->rt = (int8_t)odt;
    memcpy(pl->p.f, prm.f, sizeof prm.f);
    memcpy(pl->p.i, prm.i, sizeof prm.i);
    e->plan = pl;
    e->fini = ew_exec_fini;
    e->run = pl->numel > 0 ? ew_exec_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnClampGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin,
                                       const aclScalar *clipValueMax, aclTensor *out, WS)
{
    return clamp_op("aclnnClamp", OPS_DT_Clamp, self, clipValueMin, clipValueMax, out,
                    workspaceSize, executor);
}
aclnnStatus aclnnClampMinGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin,
                                          aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnClampMin", clipValueMin);
    return clamp_op("aclnnClampMin", OPS_DT_ClampMin, self, clipValueMin, NULL, out, workspaceSize,
                    executor);
}
aclnnStatus aclnnClampMaxGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMax,
                                          aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnClampMax", clipValueMax);
    return clamp_op("aclnnClampMax", OPS_DT_ClampMax, self, NULL, clipValueMax, out, workspaceSize,
                    executor);
}
aclnnStatus aclnnInplaceClampMaxGetWorkspaceSize(const aclTensor *selfRef,
                                                 const aclScalar *clipValueMax, WS)
{
    OPS_CHECK_NULL("aclnnInplaceClampMax", clipValueMax);
    return clamp_op("aclnnInplaceClampMax", OPS_DT_ClampMax, selfRef, NULL, clipValueMax, selfRef,
                    workspaceSize, executor);
}
PHASE2(Clamp)
PHASE2(ClampMin)
PHASE2(ClampMax)
PHASE2(InplaceClampMax)
