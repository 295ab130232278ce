/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Modulate (ops-nn's vfusion folder): the adaptive scale and shift of adaLN-conditioned
 * blocks, out = self (1 + scale) + shift, per sample and hidden channel. One formula per
 * element, so a row on the elementwise engine (ops/engine/ew.c), which reads views of any
 * strides and computes float16 / bfloat16 in float32, rounding once into out.
 *
 *  MD1. self is (B, L, D); scaleOptional and shiftOptional are (B, 1, D) or (B, D), the
 *      latter read as (B, 1, D) (a view: stride 0 along L); either may be NULL (scale 0:
 *      self itself; shift 0). Every tensor has self's type; out self's shape.
 */
#include "aclnnop/aclnn_modulate.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/norm/table.h"

#pragma GCC optimize("O3")

/* in: self, scale, shift (an absent one is the constant 0) */
static void f32_modulate(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *x = in[0], *s = in[1], *t = in[2];
    for (int64_t i = 0; i < n; i++)
        o[i] = x[i] * (1.0f + s[i]) + t[i];
}

/* scale or shift (what) as a (B, 1, D) view into v (MD1). */
static aclnnStatus mod_param(const char *name, const char *what, const aclTensor *self,
                             const aclTensor *t, aclTensor *v)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    if (t->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, self %s", name, what,
                       ops_dt_name(t->dtype), ops_dt_name(self->dtype));
    const int64_t B = self->dims[0], D = self->dims[2];
    *v = *t;
    if (t->ndim == 2 && t->dims[0] == B && t->dims[1] == D) {
        v->ndim = 3;
        v->dims[1] = 1, v->dims[2] = D;
        v->strides[2] = t->strides[1];
        v->strides[1] = 0;
        return ACLNN_SUCCESS;
    }
    if (t->ndim == 3 && t->dims[0] == B && t->dims[1] == 1 && t->dims[2] == D)
        return ACLNN_SUCCESS;
    char s1[96];
    return ops_err(ACLNN_ERR_PARAM_INVALID,
                   "%s: %s has shape %s; it must be (%lld, 1, %lld) or "
                   "(%lld, %lld)",
                   name, what, ops_shape_str(s1, sizeof(s1), t->dims, t->ndim), (long long)B,
                   (long long)D, (long long)B, (long long)D);
}

aclnnStatus aclnnModulateGetWorkspaceSize(const aclTensor *self, const aclTensor *scaleOptional,
                                          const aclTensor *shiftOptional, aclTensor *out, WS)
{
    const char *name = "aclnnModulate";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_Modulate, &dt)))
        return rc;
    if (self->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims; it must be (B, L, D)", name,
                       (int)self->ndim);
    if (out->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self %s", name,
                       ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    if ((rc = ops_check_shape(name, self->dims, 3, out, "out")))
        return rc;
    aclTensor sv, tv;
    if ((scaleOptional && (rc = mod_param(name, "scaleOptional", self, scaleOptional, &sv))) ||
        (shiftOptional && (rc = mod_param(name, "shiftOptional", self, shiftOptional, &tv))))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 3,
                         .in = {self, scaleOptional ? &sv : NULL, shiftOptional ? &tv : NULL},
                         .out = out,
                         .cdt = DT_F32, /* the absent operands: 0 */
                         .ck = CK_F32,
                         .rt = dt,
                         .kern = f32_modulate};
    return ew_build_exec(&b, workspaceSize, executor);
}
PHASE2(Modulate)
