/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Modulate and ModulateBackward (ops-nn's vfusion folder): the adaptive scale and shift of
 * adaLN-conditioned blocks, out = self (1 + scale) + shift, per sample and hidden channel. One
 * formula per element, so a row on the elementwise engine (ops/engine/ew.c), which reads views of
 * any strides and computes float16 / bfloat16 in float32, rounding once into out.
 *
 *  MD1. self is (B, L, D); scaleOptional and shiftOptional are (B, 1, D) or (B, D), the
 *      latter read as (B, 1, D) (a view: stride 0 along L); either may be NULL (scale 0:
 *      self itself; shift 0). Every tensor has self's type; out self's shape.
 *  MD2. ModulateBackward follows CANN's formulas (and its kernel): grad_input = grad_output
 *      scale (not 1 + scale, the exact derivative of MD1), grad_scale = sum over L of
 *      grad_output input, grad_shift = sum over L of grad_output, scale / shift and their
 *      gradients (B, D); per batch in double, rounded once.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_modulate.h"
#include "aclnnop/aclnn_modulate_backward.h"
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

/* ---- ModulateBackward (MD2) ----------------------------------------------------------------- */

struct mdb_plan {
    struct ops_tensor g, x, sc, gi, gsc, gsh;
    bool has_sc, has_gsc, has_gsh;
    int64_t B, L, D;
};

static int32_t mdb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mdb_plan *p = e->plan;
    const int64_t D = p->D;
    double *buf = malloc((size_t)(5 * D) * sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *g = buf, *x = buf + D, *sc = buf + 2 * D, *asc = buf + 3 * D, *ash = buf + 4 * D;
    for (int64_t b = 0; b < p->B; b++) {
        if (p->has_sc)
            ops_gather_nd(sc, CK_F64, ops_elem(&p->sc, addr, b * p->sc.strides[0]), p->sc.dt, 1,
                          p->sc.dims + 1, p->sc.strides + 1);
        memset(asc, 0, (size_t)(2 * D) * sizeof(double));
        for (int64_t l = 0; l < p->L; l++) {
            const int64_t og = b * p->g.strides[0] + l * p->g.strides[1];
            ops_gather_nd(g, CK_F64, ops_elem(&p->g, addr, og), p->g.dt, 1, p->g.dims + 2,
                          p->g.strides + 2);
            ops_gather_nd(x, CK_F64,
                          ops_elem(&p->x, addr, b * p->x.strides[0] + l * p->x.strides[1]), p->x.dt,
                          1, p->x.dims + 2, p->x.strides + 2);
            for (int64_t d = 0; d < D; d++) {
                asc[d] += g[d] * x[d];
                ash[d] += g[d];
                if (p->has_sc)
                    g[d] *= sc[d];
            }
            ops_scatter_nd(g, CK_F64,
                           ops_elem(&p->gi, addr, b * p->gi.strides[0] + l * p->gi.strides[1]),
                           p->gi.dt, 1, p->gi.dims + 2, p->gi.strides + 2);
        }
        if (p->has_gsc)
            ops_scatter_nd(asc, CK_F64, ops_elem(&p->gsc, addr, b * p->gsc.strides[0]), p->gsc.dt,
                           1, p->gsc.dims + 1, p->gsc.strides + 1);
        if (p->has_gsh)
            ops_scatter_nd(ash, CK_F64, ops_elem(&p->gsh, addr, b * p->gsh.strides[0]), p->gsh.dt,
                           1, p->gsh.dims + 1, p->gsh.strides + 1);
    }
    free(buf);
    return 0;
}

/* A (B, D) tensor of self's type (scale, shift and their gradients). */
static aclnnStatus mdb_bd(const char *name, const char *what, const aclTensor *t,
                          const aclTensor *x)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    if (t->dtype != x->dtype || t->ndim != 2 || t->dims[0] != x->dims[0] ||
        t->dims[1] != x->dims[2])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s must be (B, D) = (%lld, %lld) of input's type %s", name, what,
                       (long long)x->dims[0], (long long)x->dims[2], ops_dt_name(x->dtype));
    return ACLNN_SUCCESS;
}

/* ModulateBackward (MD2): CANN's formulas - grad_input = grad_output scale (grad_output when
 * scale is absent), grad_scale = sum over L of grad_output input, grad_shift = sum over L of
 * grad_output; the last two written when scale / shift are given. */
aclnnStatus aclnnModulateBackwardGetWorkspaceSize(const aclTensor *grad_output,
                                                  const aclTensor *input, const aclTensor *scale,
                                                  const aclTensor *shift,
                                                  const aclTensor *grad_input,
                                                  const aclTensor *grad_scale,
                                                  const aclTensor *grad_shift, WS)
{
    const char *name = "aclnnModulateBackward";
    OPS_CHECK_NULLS(name, grad_output, input, grad_input, workspaceSize, executor);
    if (scale)
        OPS_CHECK_NULLS(name, grad_scale);
    if (shift)
        OPS_CHECK_NULLS(name, grad_shift);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(input, name, "input")) ||
        (rc = ops_need_dt(name, "input", input->dtype, OPS_DT_ModulateBackward, &dt)))
        return rc;
    if (input->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input has %d dims; it must be (B, L, D)", name,
                       (int)input->ndim);
    const aclTensor *like[2] = {grad_output, grad_input};
    static const char *const ln[2] = {"grad_output", "grad_input"};
    for (int i = 0; i < 2; i++) {
        if ((rc = ops_check_dims(like[i], name, ln[i])))
            return rc;
        if (like[i]->dtype != input->dtype || !ops_same_shape(like[i], input))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have input's shape and type", name,
                           ln[i]);
    }
    if ((scale && ((rc = mdb_bd(name, "scale", scale, input)) ||
                   (rc = mdb_bd(name, "grad_scale", grad_scale, input)))) ||
        (shift && ((rc = mdb_bd(name, "shift", shift, input)) ||
                   (rc = mdb_bd(name, "grad_shift", grad_shift, input)))))
        return rc;
    const aclTensor *gsc = scale ? grad_scale : NULL, *gsh = shift ? grad_shift : NULL;
    OPS_PLAN(e, p, name, 3, 3, struct mdb_plan, NULL, {&p->g, grad_output, "grad_output"},
             {&p->x, input, "input"}, {&p->sc, scale, "scale"}, {&p->gi, grad_input, "grad_input"},
             {&p->gsc, gsc, "grad_scale"}, {&p->gsh, gsh, "grad_shift"});
    p->has_sc = scale != NULL;
    p->has_gsc = gsc != NULL;
    p->has_gsh = gsh != NULL;
    p->B = input->dims[0], p->L = input->dims[1], p->D = input->dims[2];
    e->run = p->B * p->D > 0 ? mdb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ModulateBackward)
