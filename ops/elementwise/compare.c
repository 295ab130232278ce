/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Comparisons on the elementwise engine (engine/ew.c): EqTensor and GtScalar
 * (and their in-place forms).
 *
 *  CP7. EqTensor / GtScalar write 1 (true) or 0 in out's type, comparing in
 *      the promoted type (self with other; self with the scalar as
 *      aclnnAdds promotes); NaN compares false.
 */
#include "aclnnop/aclnn_eq_tensor.h"
#include "aclnnop/aclnn_gt_scalar.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/elementwise/table.h"

#pragma GCC optimize("O3")

/* ---- kernels ------------------------------------------------------------------ */

/* Comparisons: two inputs (the second may be the constant operand). */
#define KCMP(NAME, T, OP) EW_KERN2(NAME, T, (T)(x OP y))
KCMP(f32_eq, float, ==)
KCMP(f64_eq, double, ==)
KCMP(i64_eq, int64_t, ==)
KCMP(f32_gt, float, >)
KCMP(f64_gt, double, >)
KCMP(i64_gt, int64_t, >)

/* ---- EqTensor / GtScalar --------------------------------------------------------------- */

static aclnnStatus cmp_op(const char *name, bool gt, const aclTensor *self, const aclTensor *other,
                          const aclScalar *otherS, const aclTensor *out, bool inplace, uint64_t *ws,
                          aclOpExecutor **ex)
{
    OPS_CHECK_NULL(name, self);
    if (!other && !otherS)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: other is NULL", name);
    OPS_CHECK_NULLS(name, out, ws, ex);
    aclnnStatus rc;
    int sdt, odt, outdt;
    const unsigned types = gt ? OPS_DT_GtScalar : OPS_DT_EqTensor; /* table.h */
    if ((rc = ops_check_dims(self, name, inplace ? "selfRef" : "self")) ||
        (other && (rc = ops_check_dims(other, name, "other"))) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, inplace ? "selfRef" : "self", self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "other", other ? other->dtype : otherS->dtype, types, &odt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &outdt)))
        return rc;
    int prom = other ? ops_promote(sdt, odt) : ops_promote_scalar(sdt, odt, DT_NONE);
    if (prom < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s and %s do not promote", name,
                       ops_dt_name(self->dtype), ops_dt_name(ops_dt_acl(odt)));
    if ((rc = ops_check_broadcast(name, self, other, out, inplace ? "selfRef" : "out")))
        return rc;
    struct ew_build b = {.name = name, .nin = 2, .in = {self, other}, .out = out, .cdt = prom};
    if (otherS)
        ops_scalar_to(b.cval, prom, otherS);
    b.ck = ops_ck_for(prom);
    b.rt = DT_NONE; /* 0 / 1 are exact in every type */
    static const ew_kern_fn k[2][3] = {{f32_eq, f64_eq, i64_eq}, {f32_gt, f64_gt, i64_gt}};
    b.kern = k[gt][ew_col(b.ck)];
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnEqTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *other,
                                          aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnEqTensor", other);
    return cmp_op("aclnnEqTensor", false, self, other, NULL, out, false, workspaceSize, executor);
}
aclnnStatus aclnnInplaceEqTensorGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *other,
                                                 WS)
{
    OPS_CHECK_NULL("aclnnInplaceEqTensor", other);
    return cmp_op("aclnnInplaceEqTensor", false, selfRef, other, NULL, selfRef, true, workspaceSize,
                  executor);
}
aclnnStatus aclnnGtScalarGetWorkspaceSize(const aclTensor *self, const aclScalar *other,
                                          aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnGtScalar", other);
    return cmp_op("aclnnGtScalar", true, self, NULL, other, out, false, workspaceSize, executor);
}
aclnnStatus aclnnInplaceGtScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, WS)
{
    OPS_CHECK_NULL("aclnnInplaceGtScalar", other);
    return cmp_op("aclnnInplaceGtScalar", true, selfRef, NULL, other, selfRef, true, workspaceSize,
                  executor);
}
PHASE2(EqTensor)
PHASE2(InplaceEqTensor)
PHASE2(GtScalar)
PHASE2(InplaceGtScalar)
