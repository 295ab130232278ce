/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Activations with parameters and gated linear units, on the elementwise
 * engine (engine/ew.c): Elu, GeluV2, Hardsigmoid, Hardswish, LeakyRelu,
 * Softplus, Threshold, Hardtanh, Celu, Softshrink, Hardshrink, Swish (and
 * their in-place forms), SwiGlu, GeGluV3. (Their gradients: backward.c.) (The
 * activations without parameters, Relu, Silu, Gelu, Sigmoid and Tanh, are
 * unary operators: elementwise/unary.c.)
 *
 * Semantics (the aclnn documents of ops-nn / ops-math):
 *  AC1. Elu: x > 0 ? scale * x : alpha * scale * (exp(inputScale * x) - 1).
 *  AC2. GeluV2: approximate 0 = x * Phi(x) (erf), 1 = the tanh form
 *      0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))); any other value 161002.
 *  AC3. Hardsigmoid: min(max(x + 3, 0), 6) / 6; Hardswish: x times that.
 *  AC4. LeakyRelu: x > 0 ? x : negativeSlope * x.
 *  AC5. Softplus: beta * x > threshold ? x : log(1 + exp(beta * x)) / beta.
 *  AC6. Threshold: x > threshold ? x : value, in the type self promotes to
 *      with the two scalars.
 *  AC7. Hardtanh: min(max(x, clipValueMin), clipValueMax) (NaN stays NaN);
 *      Celu: x > 0 ? x : alpha (exp(x / alpha) - 1), alpha 0 refused;
 *      Softshrink: x -+ lambd beyond +-lambd, else 0; Hardshrink: x beyond
 *      +-lambd, else 0 (lambd < 0 refused); Swish: x sigmoid(beta x), beta 1
 *      when betaOptional is NULL.
 *  AC8. SwiGlu / GeGluV3 split the input along dim into halves A (first) and
 *      B (second), dim's size even: SwiGlu out = silu(A) * B; GeGluV3 out =
 *      gelu(A) * B and outGelu = gelu(A) (activateLeft; else A * gelu(B) and
 *      gelu(B)), gelu per approximate as AC2.
 * Float16 / bfloat16 compute in float32 and round once to the result type.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_celu.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_geglu.h"
#include "aclnnop/aclnn_glu.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_hardshrink.h"
#include "aclnnop/aclnn_hardsigmoid.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardtanh.h"
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_softplus.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_swi_glu.h"
#include "aclnnop/aclnn_swish.h"
#include "aclnnop/aclnn_threshold.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/activation/table.h"

#pragma GCC optimize("O3")

/* ---- kernels ------------------------------------------------------------------ */

#define SQRT_2_PI 0.7978845608028654
#define SQRT1_2 0.7071067811865476

/* One input, parameters f0..f2 in the kernel's type. */
#define KACT(NAME, T, EXPR)                                                                        \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0];                                                                        \
        const T f0 = (T)p->f[0], f1 = (T)p->f[1], f2 = (T)p->f[2];                                 \
        (void)f0;                                                                                  \
        (void)f1;                                                                                  \
        (void)f2;                                                                                  \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i];                                                                            \
            o[i] = (EXPR);                                                                         \
        }                                                                                          \
    }

static inline float hsig_f(float x)
{
    float y = x + 3.0f;
    y = y < 0.0f ? 0.0f : y;
    return (y > 6.0f ? 6.0f : y) * (1.0f / 6.0f);
}
static inline double hsig_d(double x)
{
    double y = x + 3.0;
    y = y < 0.0 ? 0.0 : y;
    return (y > 6.0 ? 6.0 : y) / 6.0;
}
/* Gelu, tanh form, as x / (1 + e^(-2u)): no cancellation for x << 0. */
static inline float gelu_tanh_f(float x)
{
    return x / (1.0f + expf(-2.0f * (float)SQRT_2_PI * (x + 0.044715f * x * x * x)));
}
static inline double gelu_tanh_d(double x)
{
    return x / (1.0 + exp(-2.0 * SQRT_2_PI * (x + 0.044715 * x * x * x)));
}
/* Gelu, erf form, as 0.5 x erfc(-x / sqrt 2): 1 + erf(x) cancels for x << 0. */
static inline float gelu_erf_f(float x)
{
    return 0.5f * x * erfcf(-x * (float)SQRT1_2);
}
static inline double gelu_erf_d(double x)
{
    return 0.5 * x * erfc(-x * SQRT1_2);
}

KACT(f32_elu, float, x > 0 ? f1 * x : f0 * f1 * expm1f(f2 * x))
KACT(f64_elu, double, x > 0 ? f1 * x : f0 * f1 * expm1(f2 * x))
KACT(f32_gelu_erf, float, gelu_erf_f(x))
KACT(f64_gelu_erf, double, gelu_erf_d(x))
KACT(f32_gelu_tanh, float, gelu_tanh_f(x))
KACT(f64_gelu_tanh, double, gelu_tanh_d(x))
KACT(f32_hsig, float, hsig_f(x))
KACT(f64_hsig, double, hsig_d(x))
KACT(f32_hswish, float, x *hsig_f(x))
KACT(f64_hswish, double, x *hsig_d(x))
KACT(f32_leaky, float, x > 0 ? x : f0 * x)
KACT(f64_leaky, double, x > 0 ? x : f0 * x)
KACT(f32_softplus, float, x *f0 > f1 ? x : log1pf(expf(f0 * x)) / f0)
KACT(f64_softplus, double, x *f0 > f1 ? x : log1p(exp(f0 * x)) / f0)
KACT(f32_hardtanh, float, x<f0 ? f0 : x> f1 ? f1 : x)
KACT(f64_hardtanh, double, x<f0 ? f0 : x> f1 ? f1 : x)
KACT(f32_celu, float, x > 0 ? x : f0 * expm1f(x / f0))
KACT(f64_celu, double, x > 0 ? x : f0 * expm1(x / f0))
KACT(f32_softshrink, float, x > f0 ? x - f0 : x < -f0 ? x + f0 : 0.0f)
KACT(f64_softshrink, double, x > f0 ? x - f0 : x < -f0 ? x + f0 : 0.0)
KACT(f32_hardshrink, float, (x >= -f0 && x <= f0) ? 0.0f : x)
KACT(f64_hardshrink, double, (x >= -f0 && x <= f0) ? 0.0 : x)
KACT(f32_swish, float, x / (1.0f + expf(-f0 * x)))
KACT(f64_swish, double, x / (1.0 + exp(-f0 * x)))
KACT(f32_thresh, float, x > f0 ? x : f1)
KACT(f64_thresh, double, x > f0 ? x : f1)

static void i64_thresh(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    int64_t *o = o_;
    const int64_t *a = in[0];
    const int64_t th = p->i[0], v = p->i[1];
    for (int64_t i = 0; i < n; i++)
        o[i] = a[i] > th ? a[i] : v;
}

/* Gated: in[0] = the activated half, in[1] = the other one. */
#define KGLU(NAME, T, ACT) EW_KERN2(NAME, T, (ACT)*y)
KGLU(f32_swiglu, float, x / (1.0f + expf(-x)))
KGLU(f32_geglu_erf, float, gelu_erf_f(x))
KGLU(f32_geglu_tanh, float, gelu_tanh_f(x))
KGLU(f32_glu, float, 1.0f / (1.0f + expf(-x)))

/* ---- the unary family ------------------------------------------------------------ */

enum act {
    ACT_ELU,
    ACT_GELU_ERF,
    ACT_GELU_TANH,
    ACT_HSIG,
    ACT_HSWISH,
    ACT_LEAKY,
    ACT_SOFTPLUS,
    ACT_HARDTANH,
    ACT_CELU,
    ACT_SOFTSHRINK,
    ACT_HARDSHRINK,
    ACT_SWISH
};

static const ew_kern_fn g_act[][2] = {
    [ACT_ELU] = {f32_elu, f64_elu},
    [ACT_GELU_ERF] = {f32_gelu_erf, f64_gelu_erf},
    [ACT_GELU_TANH] = {f32_gelu_tanh, f64_gelu_tanh},
    [ACT_HSIG] = {f32_hsig, f64_hsig},
    [ACT_HSWISH] = {f32_hswish, f64_hswish},
    [ACT_LEAKY] = {f32_leaky, f64_leaky},
    [ACT_SOFTPLUS] = {f32_softplus, f64_softplus},
    [ACT_HARDTANH] = {f32_hardtanh, f64_hardtanh},
    [ACT_CELU] = {f32_celu, f64_celu},
    [ACT_SOFTSHRINK] = {f32_softshrink, f64_softshrink},
    [ACT_HARDSHRINK] = {f32_hardshrink, f64_hardshrink},
    [ACT_SWISH] = {f32_swish, f64_swish},
};

/* self -> out of the same shape. in_mask: self's types; out_mask: out's;
 * exact: out must have self's type (else self's type must cast to out's).
 * Integer selves compute in float32 and truncate into out (Hardsigmoid's
 * INT32). */
static aclnnStatus act_op(const char *name, int act, const aclTensor *self, const aclTensor *out,
                          bool inplace, unsigned in_mask, unsigned out_mask, bool exact,
                          const aclScalar *const *sc, int nsc, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, out, ws, ex);
    /* The first-phase cache (ops/engine/p1cache.c): the entry point, the activation, the
     * tensors and the parameters' values decide the executor. */
    struct ops_p1key k = {name,        4ull << 56 | (uint64_t)act | (uint64_t)inplace << 8,
                          2,           (unsigned)nsc,
                          {self, out}, {NULL}};
    for (int i = 0; i < nsc; i++)
        k.s[i] = sc[i];
    if (ops_p1_hit(&k, ws, ex))
        return ACLNN_SUCCESS;
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, inplace ? "selfRef" : "self")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, inplace ? "selfRef" : "self", self->dtype, in_mask, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, out_mask, &odt)))
        return rc;
    if (exact ? sdt != odt : !ops_can_cast(sdt, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self %s", name,
                       ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    if ((rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 1,
                         .in = {self},
                         .out = out,
                         .ck = sdt == DT_F64 ? CK_F64 : CK_F32,
                         .rt = ops_dt_is_float(sdt) ? sdt : DT_NONE};
    b.kern = g_act[act][ew_col(b.ck)];
    for (int i = 0; i < nsc; i++)
        b.p.f[i] = ops_scalar_f64(sc[i]);
    if (act == ACT_SWISH && nsc == 0)
        b.p.f[0] = 1.0; /* betaOptional NULL (AC7) */
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
}

aclnnStatus aclnnEluGetWorkspaceSize(const aclTensor *self, const aclScalar *alpha,
                                     const aclScalar *scale, const aclScalar *inputScale,
                                     aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnElu", alpha, scale, inputScale);
    const aclScalar *p[3] = {alpha, scale, inputScale};
    return act_op("aclnnElu", ACT_ELU, self, out, false, OPS_DT_Elu, OPS_DT_Elu, false, p, 3,
                  workspaceSize, executor);
}
aclnnStatus aclnnInplaceEluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *alpha,
                                            const aclScalar *scale, const aclScalar *inputScale, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceElu", alpha, scale, inputScale);
    const aclScalar *p[3] = {alpha, scale, inputScale};
    return act_op("aclnnInplaceElu", ACT_ELU, selfRef, selfRef, true, OPS_DT2_Elu, OPS_DT2_Elu,
                  true, p, 3, workspaceSize, executor);
}
PHASE2(Elu)
PHASE2(InplaceElu)

aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate, aclTensor *y, WS)
{
    if (x && y && approximate != 0 && approximate != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "aclnnGeluV2: approximate is %lld (0 = none, 1 = tanh)",
                       (long long)approximate);
    return act_op("aclnnGeluV2", approximate ? ACT_GELU_TANH : ACT_GELU_ERF, x, y, false,
                  OPS_DT_GeluV2, OPS_DT_GeluV2, true, NULL, 0, workspaceSize, executor);
}
PHASE2(GeluV2)

aclnnStatus aclnnHardsigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return act_op("aclnnHardsigmoid", ACT_HSIG, self, out, false, OPS_DT_Hardsigmoid,
                  OPS_DT_Hardsigmoid, true, NULL, 0, workspaceSize, executor);
}
aclnnStatus aclnnInplaceHardsigmoidGetWorkspaceSize(const aclTensor *self, WS)
{
    return act_op("aclnnInplaceHardsigmoid", ACT_HSIG, self, self, true, OPS_DT_Hardsigmoid,
                  OPS_DT_Hardsigmoid, true, NULL, 0, workspaceSize, executor);
}
PHASE2(Hardsigmoid)
PHASE2(InplaceHardsigmoid)

aclnnStatus aclnnHardswishGetWorkspaceSize(const aclTensor *self, const aclTensor *out, WS)
{
    return act_op("aclnnHardswish", ACT_HSWISH, self, out, false, OPS_DT_Hardswish,
                  OPS_DT_Hardswish, false, NULL, 0, workspaceSize, executor);
}
aclnnStatus aclnnInplaceHardswishGetWorkspaceSize(const aclTensor *self, WS)
{
    return act_op("aclnnInplaceHardswish", ACT_HSWISH, self, self, true, OPS_DT_Hardswish,
                  OPS_DT_Hardswish, true, NULL, 0, workspaceSize, executor);
}
PHASE2(Hardswish)
PHASE2(InplaceHardswish)

aclnnStatus aclnnLeakyReluGetWorkspaceSize(const aclTensor *self, const aclScalar *negativeSlope,
                                           aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnLeakyRelu", negativeSlope);
    const aclScalar *p = negativeSlope;
    return act_op("aclnnLeakyRelu", ACT_LEAKY, self, out, false, OPS_DT_LeakyRelu, OPS_DT_LeakyRelu,
                  false, &p, 1, workspaceSize, executor);
}
aclnnStatus aclnnInplaceLeakyReluGetWorkspaceSize(aclTensor *selfRef,
                                                  const aclScalar *negativeSlope, WS)
{
    OPS_CHECK_NULL("aclnnInplaceLeakyRelu", negativeSlope);
    const aclScalar *p = negativeSlope;
    return act_op("aclnnInplaceLeakyRelu", ACT_LEAKY, selfRef, selfRef, true, OPS_DT2_LeakyRelu,
                  OPS_DT2_LeakyRelu, true, &p, 1, workspaceSize, executor);
}
PHASE2(LeakyRelu)
PHASE2(InplaceLeakyRelu)

aclnnStatus aclnnSoftplusGetWorkspaceSize(const aclTensor *self, const aclScalar *beta,
                                          const aclScalar *threshold, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnSoftplus", beta, threshold);
    const aclScalar *p[2] = {beta, threshold};
    return act_op("aclnnSoftplus", ACT_SOFTPLUS, self, out, false, OPS_DT_Softplus, OPS_DT_Softplus,
                  false, p, 2, workspaceSize, executor);
}
PHASE2(Softplus)

aclnnStatus aclnnHardtanhGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin,
                                          const aclScalar *clipValueMax, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnHardtanh", clipValueMin, clipValueMax);
    const aclScalar *p[2] = {clipValueMin, clipValueMax};
    return act_op("aclnnHardtanh", ACT_HARDTANH, self, out, false, OPS_DT_Hardtanh, OPS_DT_Hardtanh,
                  false, p, 2, workspaceSize, executor);
}
aclnnStatus aclnnInplaceHardtanhGetWorkspaceSize(aclTensor *selfRef, const aclScalar *clipValueMin,
                                                 const aclScalar *clipValueMax, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceHardtanh", clipValueMin, clipValueMax);
    const aclScalar *p[2] = {clipValueMin, clipValueMax};
    return act_op("aclnnInplaceHardtanh", ACT_HARDTANH, selfRef, selfRef, true, OPS_DT_Hardtanh,
                  OPS_DT_Hardtanh, true, p, 2, workspaceSize, executor);
}
PHASE2(Hardtanh)
PHASE2(InplaceHardtanh)

static aclnnStatus celu_op(const char *name, const aclTensor *self, const aclScalar *alpha,
                           const aclTensor *out, bool inplace, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULL(name, alpha);
    if (ops_scalar_f64(alpha) == 0.0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: alpha is 0 (it divides self)", name);
    return act_op(name, ACT_CELU, self, out, inplace, OPS_DT_Celu, OPS_DT_Celu, inplace, &alpha, 1,
                  ws, ex);
}
aclnnStatus aclnnCeluGetWorkspaceSize(const aclTensor *self, const aclScalar *alpha, aclTensor *out,
                                      WS)
{
    return celu_op("aclnnCelu", self, alpha, out, false, workspaceSize, executor);
}
aclnnStatus aclnnInplaceCeluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *alpha, WS)
{
    return celu_op("aclnnInplaceCelu", selfRef, alpha, selfRef, true, workspaceSize, executor);
}
PHASE2(Celu)
PHASE2(InplaceCelu)

static aclnnStatus shrink_op(const char *name, int act, unsigned types, const aclTensor *self,
                             const aclScalar *lambd, const aclTensor *out, uint64_t *ws,
                             aclOpExecutor **ex)
{
    OPS_CHECK_NULL(name, lambd);
    if (!(ops_scalar_f64(lambd) >= 0.0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: lambd %g is negative", name,
                       ops_scalar_f64(lambd));
    return act_op(name, act, self, out, false, types, types, false, &lambd, 1, ws, ex);
}
aclnnStatus aclnnSoftshrinkGetWorkspaceSize(const aclTensor *self, const aclScalar *lambd,
                                            aclTensor *out, WS)
{
    return shrink_op("aclnnSoftshrink", ACT_SOFTSHRINK, OPS_DT_Softshrink, self, lambd, out,
                     workspaceSize, executor);
}
aclnnStatus aclnnHardshrinkGetWorkspaceSize(const aclTensor *self, const aclScalar *lambd,
                                            aclTensor *out, WS)
{
    return shrink_op("aclnnHardshrink", ACT_HARDSHRINK, OPS_DT_Hardshrink, self, lambd, out,
                     workspaceSize, executor);
}
PHASE2(Softshrink)
PHASE2(Hardshrink)

aclnnStatus aclnnSwishGetWorkspaceSize(const aclTensor *self, const aclScalar *betaOptional,
                                       aclTensor *out, WS)
{
    return act_op("aclnnSwish", ACT_SWISH, self, out, false, OPS_DT_Swish, OPS_DT_Swish, false,
                  &betaOptional, betaOptional ? 1 : 0, workspaceSize, executor);
}
PHASE2(Swish)

/* ---- Threshold ---------------------------------------------------------------------- */

static aclnnStatus threshold_op(const char *name, const aclTensor *self, const aclScalar *th,
                                const aclScalar *val, const aclTensor *out, bool inplace,
                                uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, th, val, out, ws, ex);
    aclnnStatus rc;
    int sdt, odt, tdt, vdt;
    if ((rc = ops_check_dims(self, name, inplace ? "selfRef" : "self")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, inplace ? "selfRef" : "self", self->dtype, OPS_DT_Threshold,
                          &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Threshold, &odt)) ||
        (rc = ops_need_dt(name, "threshold", th->dtype, OPS_DT2_Threshold, &tdt)) ||
        (rc = ops_need_dt(name, "value", val->dtype, OPS_DT2_Threshold, &vdt)))
        return rc;
    int res = ops_promote_scalar(ops_promote_scalar(sdt, tdt, odt), vdt, odt);
    if (res < 0 || !ops_can_cast(res, odt) || (inplace && res != sdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self (%s) with threshold (%s) and value (%s) cannot give out (%s)",
                       name, ops_dt_name(self->dtype), ops_dt_name(th->dtype),
                       ops_dt_name(val->dtype), ops_dt_name(out->dtype));
    if ((rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    struct ew_build b = {
        .name = name, .nin = 1, .in = {self}, .out = out, .ck = ops_ck_for(res), .rt = res};
    if (b.ck == CK_I64) {
        b.p.i[0] = ops_scalar_i64(th);
        b.p.i[1] = ops_scalar_i64(val);
        b.kern = i64_thresh;
    } else {
        double v[2] = {ops_scalar_f64(th), ops_scalar_f64(val)};
        ops_round_f64(v, 2, res); /* the scalars in the computation's type */
        b.p.f[0] = v[0];
        b.p.f[1] = v[1];
        b.kern = b.ck == CK_F64 ? f64_thresh : f32_thresh;
    }
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnThresholdGetWorkspaceSize(const aclTensor *self, const aclScalar *threshold,
                                           const aclScalar *value, aclTensor *out, WS)
{
    return threshold_op("aclnnThreshold", self, threshold, value, out, false, workspaceSize,
                        executor);
}
aclnnStatus aclnnInplaceThresholdGetWorkspaceSize(aclTensor *selfRef, const aclScalar *threshold,
                                                  const aclScalar *value, WS)
{
    return threshold_op("aclnnInplaceThreshold", selfRef, threshold, value, selfRef, true,
                        workspaceSize, executor);
}
PHASE2(Threshold)
PHASE2(InplaceThreshold)

/* ---- SwiGlu / GeGluV3 ------------------------------------------------------------------- */

/* Up to two plans run in order by one executor (GeGluV3's two outputs). */
struct glu_plan {
    int n;
    struct ew_plan pl[2];
};

static int32_t glu_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct glu_plan *g = e->plan;
    for (int i = 0; i < g->n; i++) {
        int32_t rc = ew_run(&g->pl[i], addr);
        if (rc)
            return rc;
    }
    return 0;
}

static void glu_fini(struct aclOpExecutor *e)
{
    struct glu_plan *g = e->plan;
    if (g) {
        for (int i = 0; i < g->n; i++)
            ew_plan_fini(&g->pl[i]);
        free(g);
    }
}

/* outs[0] = act(A) * B (kern2), outs[1] (optional) = act(A) (kern1), where A is
 * the activated half (the left one unless right). */
static aclnnStatus glu_op(const char *name, unsigned types, const aclTensor *x, int64_t dim,
                          bool right, ew_kern_fn kern2, ew_kern_fn kern1, const aclTensor *out,
                          const aclTensor *out1, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int xdt, odt, o1dt;
    int nd = (int)x->ndim;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(out, name, "out")) ||
        (out1 && (rc = ops_check_dims(out1, name, "outGelu"))) ||
        (rc = ops_need_dt(name, "x", x->dtype, types, &xdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)) ||
        (out1 && (rc = ops_need_dt(name, "outGelu", out1->dtype, types, &o1dt))))
        return rc;
    if (odt != xdt || (out1 && o1dt != xdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the outputs must have x's type %s", name,
                       ops_dt_name(x->dtype));
    if (nd == 0 || dim < -nd || dim >= nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is outside [%d, %d]", name,
                       (long long)dim, -nd, nd - 1);
    int d = (int)(dim < 0 ? dim + nd : dim);
    if (x->dims[d] % 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %d has odd size %lld", name, d,
                       (long long)x->dims[d]);
    int64_t half[OPS_MAX_DIMS];
    memcpy(half, x->dims, (size_t)nd * sizeof(int64_t));
    half[d] /= 2;
    if ((rc = ops_check_shape(name, half, nd, out, "out")) ||
        (out1 && (rc = ops_check_shape(name, half, nd, out1, "outGelu"))))
        return rc;
    struct aclOpExecutor *e = ops_exec_new(name, 1, out1 ? 2 : 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor tx, ta, tb, to, to1;
    struct glu_plan *g = calloc(1, sizeof(*g));
    rc = g ? ACLNN_SUCCESS : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    if (!rc)
        rc = ops_tensor_from(&tx, x, ops_exec_slot(e, x), name, "x");
    if (!rc)
        rc = ops_tensor_from(&to, out, ops_exec_slot(e, out), name, "out");
    if (!rc && out1)
        rc = ops_tensor_from(&to1, out1, ops_exec_slot(e, out1), name, "outGelu");
    if (rc) {
        free(g);
        ops_exec_discard(e);
        return rc;
    }
    /* The two halves: views of x's slot. */
    ta = tx;
    ta.dims[d] = half[d];
    ta.numel = ops_numel(ta.dims, nd);
    tb = ta;
    tb.offset += half[d] * tx.strides[d];
    const struct ops_tensor *in2[2] = {right ? &tb : &ta, right ? &ta : &tb};
    if (ew_plan_init(&g->pl[0], CK_F32, kern2, &to, in2, 2) ||
        (out1 && ew_plan_init(&g->pl[1], CK_F32, kern1, &to1, in2, 1))) {
        ew_plan_fini(&g->pl[0]);
        free(g);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    g->n = out1 ? 2 : 1;
    for (int i = 0; i < g->n; i++)
        g->pl[i].rt = (int8_t)xdt;
    e->plan = g;
    e->fini = glu_fini;
    e->run = g->pl[0].numel ? glu_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnSwiGluGetWorkspaceSize(const aclTensor *x, int64_t dim, const aclTensor *out, WS)
{
    const char *name = "aclnnSwiGlu";
    OPS_CHECK_NULLS(name, x, out, workspaceSize, executor);
    return glu_op(name, OPS_DT_SwiGlu, x, dim, false, f32_swiglu, NULL, out, NULL, workspaceSize,
                  executor);
}
PHASE2(SwiGlu)

aclnnStatus aclnnGeGluV3GetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t approximate,
                                         bool activateLeft, aclTensor *out, aclTensor *outGelu, WS)
{
    const char *name = "aclnnGeGluV3";
    OPS_CHECK_NULLS(name, self, out, outGelu, workspaceSize, executor);
    if (approximate != 0 && approximate != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: approximate is %lld (0 = none, 1 = tanh)",
                       name, (long long)approximate);
    return glu_op(name, OPS_DT_GeGluV3, self, dim, !activateLeft,
                  approximate ? f32_geglu_tanh : f32_geglu_erf,
                  approximate ? f32_gelu_tanh : f32_gelu_erf, out, outGelu, workspaceSize,
                  executor);
}
PHASE2(GeGluV3)

aclnnStatus aclnnGeGluGetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t approximate,
                                       aclTensor *out, aclTensor *outGelu, WS)
{
    const char *name = "aclnnGeGlu";
    OPS_CHECK_NULLS(name, self, out, outGelu, workspaceSize, executor);
    if (approximate != 0 && approximate != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: approximate is %lld (0 = none, 1 = tanh)",
                       name, (long long)approximate);
    /* GeGluV3 with activateLeft false: the second half is activated */
    return glu_op(name, OPS_DT_GeGlu, self, dim, true, approximate ? f32_geglu_tanh : f32_geglu_erf,
                  approximate ? f32_gelu_tanh : f32_gelu_erf, out, outGelu, workspaceSize,
                  executor);
}
PHASE2(GeGlu)

aclnnStatus aclnnGluGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *out, WS)
{
    const char *name = "aclnnGlu";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    /* out = A * sigmoid(B): B, the second half, is the activated one */
    return glu_op(name, OPS_DT_Glu, self, dim, true, f32_glu, NULL, out, NULL, workspaceSize,
                  executor);
}
PHASE2(Glu)
