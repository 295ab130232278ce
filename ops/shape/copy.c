/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Copies and fills on the elementwise engine (engine/ew.c): Cast, InplaceCopy
 * (src broadcast to selfRef's shape), InplaceZero, InplaceOne, InplaceFillScalar and
 * InplaceFillTensor (a one-element value tensor broadcast as InplaceCopy's src). A
 * copy between equal types moves the bits; between different types it
 * converts through float64, float32 or int64 (convert_ck).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_fill_tensor.h"
#include "aclnnop/aclnn_fill_v2.h"
#include "aclnnop/aclnn_ones.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/engine/public.h"
#include "ops/shape/table.h"

#pragma GCC optimize("O3")

/* ---- Cast / InplaceCopy / InplaceZero / InplaceFillScalar ------------------------------ */

static int convert_ck(int from, int to)
{
    if (from == to)
        return ops_ck_raw(from);
    if (from == DT_F64 || to == DT_F64)
        return CK_F64;
    if (ops_dt_is_float(from) || ops_dt_is_float(to))
        return CK_F32;
    return CK_I64;
}

static aclnnStatus convert_op(const char *name, const aclTensor *src, const aclTensor *dst,
                              bool broadcast, uint64_t *ws, aclOpExecutor **ex)
{
    const struct ops_p1key k = {name, 3ull << 56 | (uint64_t)broadcast, 2, 0, {src, dst}, {NULL}};
    if (ops_p1_hit(&k, ws, ex))
        return ACLNN_SUCCESS;
    aclnnStatus rc;
    int sdt, ddt;
    const unsigned types = broadcast ? OPS_DT_Copy : OPS_DT_Cast; /* table.h */
    if ((rc = ops_check_dims(src, name, "src")) || (rc = ops_check_dims(dst, name, "out")) ||
        (rc = ops_need_dt(name, "self", src->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "out", dst->dtype, types, &ddt)))
        return rc;
    if (broadcast) {
        int64_t bs[OPS_MAX_DIMS];
        int nb;
        if (!ops_broadcast(dst->dims, (int)dst->ndim, src->dims, (int)src->ndim, bs, &nb) ||
            (rc = ops_check_shape(name, bs, nb, dst, "selfRef")))
            return rc ? rc
                      : ops_err(ACLNN_ERR_PARAM_INVALID,
                                "%s: src does not broadcast to selfRef's shape", name);
    } else if ((rc = ops_check_shape(name, src->dims, (int)src->ndim, dst, "out"))) {
        return rc;
    }
    struct ew_build b = {
        .name = name, .nin = 1, .in = {src}, .out = dst, .ck = convert_ck(sdt, ddt), .rt = DT_NONE};
    b.kern = ew_copy_kern[b.ck];
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
}

/* selfRef = value (a scalar), 1 (one) or 0 */
static aclnnStatus fill_op(const char *name, const aclTensor *self, const aclScalar *value,
                           bool one, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int dt, vdt;
    if ((rc = ops_check_dims(self, name, "selfRef")) ||
        (rc = ops_need_dt(name, "selfRef", self->dtype,
                          value ? OPS_DT_FillScalar
                          : one ? OPS_DT_One
                                : OPS_DT_Zero,
                          &dt)))
        return rc;
    struct ew_build b = {.name = name, .nin = 1, .in = {NULL}, .out = self, .cdt = dt};
    if (one)
        ops_store_f64(b.cval, dt, 1.0);
    if (value) {
        if ((rc = ops_need_dt(name, "value", value->dtype, OPS_DT2_FillScalar, &vdt)))
            return rc;
        ops_scalar_to(b.cval, dt, value);
    }
    b.ck = ops_ck_raw(dt);
    b.rt = DT_NONE;
    b.kern = ew_copy_kern[b.ck];
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor *self, const aclDataType dtype,
                                      aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnCast", self, out, workspaceSize, executor);
    if (out->dtype != dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnCast: out has type %s, dtype is %s",
                       ops_dt_name(out->dtype), ops_dt_name(dtype));
    return convert_op("aclnnCast", self, out, false, workspaceSize, executor);
}
PHASE2(Cast)

/* ops-math's experimental CastV2 (to z's type), CastV3 (to dst_type, a ge::DataType value,
 * which must be y's type) and TensorMove (a copy of x, same type): conversions as Cast's,
 * with the types of their rows. */
static aclnnStatus cast_rows(const char *name, unsigned types, const aclTensor *x,
                             const aclTensor *y, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, x, y, ws, ex);
    int xdt, ydt;
    aclnnStatus rc;
    if ((rc = ops_need_dt(name, "x", x->dtype, types, &xdt)) ||
        (rc = ops_need_dt(name, "y", y->dtype, types, &ydt)))
        return rc;
    return convert_op(name, x, y, false, ws, ex);
}

aclnnStatus aclnnCastV2GetWorkspaceSize(const aclTensor *x, aclTensor *z, WS)
{
    return cast_rows("aclnnCastV2", OPS_DT_CastV2, x, z, workspaceSize, executor);
}
PHASE2(CastV2)

aclnnStatus aclnnCastV3GetWorkspaceSize(const aclTensor *x, int64_t dst_type, aclTensor *y, WS)
{
    if (y && (int64_t)y->dtype != dst_type)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnCastV3: y has type %s, dst_type is %lld",
                       ops_dt_name(y->dtype), (long long)dst_type);
    return cast_rows("aclnnCastV3", OPS_DT_CastV3, x, y, workspaceSize, executor);
}
PHASE2(CastV3)

aclnnStatus aclnnTensorMoveGetWorkspaceSize(const aclTensor *x, aclTensor *y, WS)
{
    if (x && y && x->dtype != y->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnTensorMove: y has type %s, x %s",
                       ops_dt_name(y->dtype), ops_dt_name(x->dtype));
    return cast_rows("aclnnTensorMove", OPS_DT_TensorMove, x, y, workspaceSize, executor);
}
PHASE2(TensorMove)

aclnnStatus aclnnInplaceCopyGetWorkspaceSize(aclTensor *selfRef, const aclTensor *src, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceCopy", selfRef, src, workspaceSize, executor);
    return convert_op("aclnnInplaceCopy", src, selfRef, true, workspaceSize, executor);
}
PHASE2(InplaceCopy)

aclnnStatus aclnnInplaceZeroGetWorkspaceSize(aclTensor *selfRef, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceZero", selfRef, workspaceSize, executor);
    return fill_op("aclnnInplaceZero", selfRef, NULL, false, workspaceSize, executor);
}
PHASE2(InplaceZero)

aclnnStatus aclnnInplaceFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *value, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceFillScalar", selfRef, value, workspaceSize, executor);
    return fill_op("aclnnInplaceFillScalar", selfRef, value, false, workspaceSize, executor);
}
PHASE2(InplaceFillScalar)

aclnnStatus aclnnInplaceOneGetWorkspaceSize(const aclTensor *selfRef, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceOne", selfRef, workspaceSize, executor);
    return fill_op("aclnnInplaceOne", selfRef, NULL, true, workspaceSize, executor);
}
PHASE2(InplaceOne)

/* InplaceFillTensor: value holds one element (of a rank up to selfRef's), broadcast over selfRef
 * and converted as a Cast converts. */
/* InplaceFillTensor and FillV2 (ops-math's experimental form): selfRef = value's one
 * element; types, vtypes: the row's. */
static aclnnStatus fill_tensor_op(const char *name, unsigned types, unsigned vtypes,
                                  const aclTensor *selfRef, const aclTensor *value,
                                  uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, selfRef, value, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(value, name, "value")) ||
        (rc = ops_need_dt(name, "selfRef", selfRef->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "value", value->dtype, vtypes, &dt)))
        return rc;
    if (ops_numel(value->dims, (int)value->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: value must hold exactly one element", name);
    return convert_op(name, value, selfRef, true, workspaceSize, executor);
}
aclnnStatus aclnnInplaceFillTensorGetWorkspaceSize(aclTensor *selfRef, const aclTensor *value, WS)
{
    return fill_tensor_op("aclnnInplaceFillTensor", OPS_DT_FillTensor, OPS_DT2_FillTensor, selfRef,
                          value, workspaceSize, executor);
}
PHASE2(InplaceFillTensor)
aclnnStatus aclnnFillV2GetWorkspaceSize(aclTensor *selfRef, const aclTensor *value, WS)
{
    return fill_tensor_op("aclnnFillV2", OPS_DT_FillV2, OPS_DT2_FillV2, selfRef, value,
                          workspaceSize, executor);
}
PHASE2(FillV2)
