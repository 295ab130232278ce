/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Activations with parameters and gated linear units, on the elementwise
 * engine (engine/ew.c): Elu, GeluV2, Hardsigmoid, Hardswish, LeakyRelu,
 * Softplus, Threshold, Hardtanh, Celu, Softshrink, Hardshrink, Swish (and
 * their in-place forms), SwiGlu, GeGluV3, FastGelu, Softsign, LogSigmoid, HardsigmoidV2,
 * Shrink, Heaviside, AddRelu, Prelu, and the GLU gradients. (The other gradients:
 * backward.c.) (The
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
 *  AC9. FastGelu: x sigmoid(1.702 x) (CANN's x / (1 + exp(-1.702 |x|)) exp(0.851 (x - |x|))
 *      without its overflow); Softsign x / (1 + |x|); LogSigmoid min(x, 0) - log1p(exp(-|x|)),
 *      LogSigmoidForward's buffer exp(-|x|) (torch's); HardsigmoidV2 as Hardsigmoid; Shrink
 *      x - bias above lambd, x + bias below -lambd, else 0.
 *  AC10. Two tensors broadcast to out: Heaviside input == 0 ? values : input > 0 (NaN gives 0,
 *      torch's); AddRelu max(self + alpha other, 0) (integers in int64); Prelu self > 0 ?
 *      self : w self, weight one element or one per channel (dim 1; none below 2-d, torch's).
 *  AC11. GluBackward, GeGlu(V3)Backward: gradInput's two halves from gradOutput (half shape),
 *      self and, for GeGlu, the forward's gelu output, in float32.
 *  AC12. The later versions (ops-nn's experimental folder) reuse these kernels: CeluV2/V3
 *      (alpha a double attribute), EluV2, HardSwishV2, LeakyreluV2, LogsigmoidV2, SoftPlusV2
 *      (beta 1, threshold 20); SiluMul silu(x) y and FusedBiasLeakyRelu (leaky(x + bias)) scale
 *      on the two-tensor path (one shape); SwigluClamp the GLU path along the last dim,
 *      min(silu(A), limit) clamp(B, -limit, limit); ReluV3 Relu plus x > 0 packed 8 per byte
 *      along the last dim, lowest bit first (x may be NC1HWC0: read as its 5-d view).
 *  AC13. SquaredRelu relu(x)^2; GeluMul and FatreluMul the GLU path along the last dim, the
 *      first half activated (gelu per approximateOptional; x < threshold ? 0 : x, the threshold
 *      a one-element tensor read at launch); SwiGluGrad the GLU gradient path for SwiGlu.
 * Float16 / bfloat16 compute in float32 and round once to the result type.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_add_relu.h"
#include "aclnnop/aclnn_celu.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_fast_gelu.h"
#include "aclnnop/aclnn_geglu.h"
#include "aclnnop/aclnn_geglu_backward.h"
#include "aclnnop/aclnn_glu.h"
#include "aclnnop/aclnn_glu_backward.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_hardshrink.h"
#include "aclnnop/aclnn_hardsigmoid.h"
#include "aclnnop/aclnn_hardsigmoid_v2.h"
#include "aclnnop/aclnn_heaviside.h"
#include "aclnnop/aclnn_logsigmoid.h"
#include "aclnnop/aclnn_prelu.h"
#include "aclnnop/aclnn_shrink.h"
#include "aclnnop/aclnn_softsign.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardtanh.h"
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_softplus.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_swi_glu.h"
#include "aclnnop/aclnn_swish.h"
#include "aclnnop/aclnn_threshold.h"
#include "aclnnop/aclnn_celu_v2.h"
#include "aclnnop/aclnn_celu_v3.h"
#include "aclnnop/aclnn_elu_v2.h"
#include "aclnnop/aclnn_hard_swish_v2.h"
#include "aclnnop/aclnn_leakyrelu_v2.h"
#include "aclnnop/aclnn_logsigmoid_v2.h"
#include "aclnnop/aclnn_soft_plus_v2.h"
#include "aclnnop/aclnn_silu_mul.h"
#include "aclnnop/aclnn_fused_bias_leaky_relu.h"
#include "aclnnop/aclnn_swiglu_clamp.h"
#include "aclnnop/aclnn_relu_v3.h"
#include "aclnnop/aclnn_squared_relu.h"
#include "aclnnop/aclnn_gelu_mul.h"
#include "aclnnop/aclnn_fatrelu_mul.h"
#include "aclnnop/aclnn_swi_glu_grad.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
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
/* The float erf form in vectors (simd.h K7: within 4e-7 relative, closer than
 * libm's erfcf of the rounded x / sqrt 2, and many times faster; the transformer
 * block of the model study spent a third of its time in erfcf). */
static void f32_gelu_erf(void *o, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    ks_get()->gelu_erf(o, in[0], n);
}
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
KACT(f32_fastgelu, float, x / (1.0f + expf(-1.702f * x)))
KACT(f64_fastgelu, double, x / (1.0 + exp(-1.702 * x)))
KACT(f32_softsign, float, x / (1.0f + fabsf(x)))
KACT(f64_softsign, double, x / (1.0 + fabs(x)))
KACT(f32_logsig, float, fminf(x, 0.0f) - log1pf(expf(-fabsf(x))))
KACT(f64_logsig, double, fmin(x, 0.0) - log1p(exp(-fabs(x))))
KACT(f32_logsig_buf, float, expf(-fabsf(x)))
KACT(f64_logsig_buf, double, exp(-fabs(x)))
KACT(f32_shrink, float, x > f0 ? x - f1 : x < -f0 ? x + f1 : 0.0f)
KACT(f64_shrink, double, x > f0 ? x - f1 : x < -f0 ? x + f1 : 0.0)
KACT(f32_thresh, float, x > f0 ? x : f1)
KACT(f64_thresh, double, x > f0 ? x : f1)
KACT(f32_sqrelu, float, x > 0 ? x * x : (x == x ? 0.0f : x))
KACT(f64_sqrelu, double, x > 0 ? x * x : (x == x ? 0.0 : x))

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
    ACT_SWISH,
    ACT_FASTGELU,
    ACT_SOFTSIGN,
    ACT_LOGSIG,
    ACT_LOGSIG_BUF,
    ACT_SHRINK,
    ACT_SQRELU
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
    [ACT_FASTGELU] = {f32_fastgelu, f64_fastgelu},
    [ACT_SOFTSIGN] = {f32_softsign, f64_softsign},
    [ACT_LOGSIG] = {f32_logsig, f64_logsig},
    [ACT_LOGSIG_BUF] = {f32_logsig_buf, f64_logsig_buf},
    [ACT_SHRINK] = {f32_shrink, f64_shrink},
    [ACT_SQRELU] = {f32_sqrelu, f64_sqrelu},
};

/* self -> out of the same shape. in_mask: self's types; out_mask: out's;
 * exact: out must have self's type (else self's type must cast to out's);
 * f: the nf parameters (f0..). Integer selves compute in float32 and truncate
 * into out (Hardsigmoid's INT32). */
static aclnnStatus act_build(const char *name, int act, const aclTensor *self, const aclTensor *out,
                             bool inplace, unsigned in_mask, unsigned out_mask, bool exact,
                             const double *f, int nf, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, out, ws, ex);
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
    for (int i = 0; i < nf; i++)
        b.p.f[i] = f[i];
    return ew_build_exec(&b, ws, ex);
}

/* act_build with aclScalar parameters (NULL-checked by the callers), through the first-phase
 * cache (ops/engine/p1cache.c): the entry point, the activation, the tensors and the
 * parameters' values decide the executor. */
static aclnnStatus act_op(const char *name, int act, const aclTensor *self, const aclTensor *out,
                          bool inplace, unsigned in_mask, unsigned out_mask, bool exact,
                          const aclScalar *const *sc, int nsc, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, out, ws, ex);
    struct ops_p1key k = {name,        4ull << 56 | (uint64_t)act | (uint64_t)inplace << 8,
                          2,           (unsigned)nsc,
                          {self, out}, {NULL}};
    for (int i = 0; i < nsc; i++)
        k.s[i] = sc[i];
    if (ops_p1_hit(&k, ws, ex))
        return ACLNN_SUCCESS;
    double f[3] = {1.0, 0.0, 0.0}; /* Swish's betaOptional NULL is 1 (AC7) */
    for (int i = 0; i < nsc; i++)
        f[i] = ops_scalar_f64(sc[i]);
    return ops_p1_keep(
        &k, act_build(name, act, self, out, inplace, in_mask, out_mask, exact, f, 3, ws, ex), ex);
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

/* Hardsigmoid and HardsigmoidV2: out of self's type, and in place. */
#define HSIG_ENTRIES(OP, TYPES)                                                                    \
    aclnnStatus aclnn##OP##GetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)             \
    {                                                                                              \
        return act_op("aclnn" #OP, ACT_HSIG, self, out, false, TYPES, TYPES, true, NULL, 0,        \
                      workspaceSize, executor);                                                    \
    }                                                                                              \
    aclnnStatus aclnnInplace##OP##GetWorkspaceSize(const aclTensor *self, WS)                      \
    {                                                                                              \
        return act_op("aclnnInplace" #OP, ACT_HSIG, self, self, true, TYPES, TYPES, true, NULL, 0, \
                      workspaceSize, executor);                                                    \
    }                                                                                              \
    PHASE2(OP)                                                                                     \
    PHASE2(Inplace##OP)
HSIG_ENTRIES(Hardsigmoid, OPS_DT_Hardsigmoid)
HSIG_ENTRIES(HardsigmoidV2, OPS_DT_HardsigmoidV2)

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

/* x's shape with dim (wrapped into *d, in range, of even size) halved, into half. */
static aclnnStatus glu_halves(const char *name, const aclTensor *x, int64_t dim, int64_t *half,
                              int *d)
{
    int nd = (int)x->ndim;
    if (nd == 0 || dim < -nd || dim >= nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is outside [%d, %d]", name,
                       (long long)dim, -nd, nd - 1);
    *d = (int)(dim < 0 ? dim + nd : dim);
    if (x->dims[*d] % 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %d has odd size %lld", name, *d,
                       (long long)x->dims[*d]);
    memcpy(half, x->dims, (size_t)nd * sizeof(int64_t));
    half[*d] /= 2;
    return ACLNN_SUCCESS;
}

/* outs[0] = act(A) * B (kern2), outs[1] (optional) = act(A) (kern1), where A is
 * the activated half (the left one unless right). */
static aclnnStatus glu_op3(const char *name, unsigned types, const aclTensor *x, int64_t dim,
                           bool right, ew_kern_fn kern2, ew_kern_fn kern1, const aclTensor *out,
                           const aclTensor *out1, double f0, const aclTensor *thr, uint64_t *ws,
                           aclOpExecutor **ex);
static aclnnStatus glu_op(const char *name, unsigned types, const aclTensor *x, int64_t dim,
                          bool right, ew_kern_fn kern2, ew_kern_fn kern1, const aclTensor *out,
                          const aclTensor *out1, double f0, uint64_t *ws, aclOpExecutor **ex)
{
    return glu_op3(name, types, x, dim, right, kern2, kern1, out, out1, f0, NULL, ws, ex);
}

/* glu_op with a third input to kern2: thr, one element of x's type, read by each launch as
 * in[2] (FatreluMul's threshold), broadcast over the half shape. */
static aclnnStatus glu_op3(const char *name, unsigned types, const aclTensor *x, int64_t dim,
                           bool right, ew_kern_fn kern2, ew_kern_fn kern1, const aclTensor *out,
                           const aclTensor *out1, double f0, const aclTensor *thr, uint64_t *ws,
                           aclOpExecutor **ex)
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
    int d;
    int64_t half[OPS_MAX_DIMS];
    if ((rc = glu_halves(name, x, dim, half, &d)))
        return rc;
    if ((rc = ops_check_shape(name, half, nd, out, "out")) ||
        (out1 && (rc = ops_check_shape(name, half, nd, out1, "outGelu"))))
        return rc;
    if (thr && ((rc = ops_check_dims(thr, name, "threshold")) ||
                (rc = ops_need_dt(name, "threshold", thr->dtype, types, &o1dt))))
        return rc;
    if (thr && (o1dt != xdt || ops_numel(thr->dims, (int)thr->ndim) != 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: threshold must be one element of x's type %s (it is %s of %lld)", name,
                       ops_dt_name(x->dtype), ops_dt_name(thr->dtype),
                       (long long)ops_numel(thr->dims, (int)thr->ndim));
    struct aclOpExecutor *e = ops_exec_new(name, thr ? 2 : 1, out1 ? 2 : 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor tx, ta, tb, tt, to, to1;
    struct glu_plan *g = calloc(1, sizeof(*g));
    rc = g ? ACLNN_SUCCESS : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    if (!rc)
        rc = ops_tensor_from(&tx, x, ops_exec_slot(e, x), name, "x");
    if (!rc)
        rc = ops_tensor_from(&to, out, ops_exec_slot(e, out), name, "out");
    if (!rc && out1)
        rc = ops_tensor_from(&to1, out1, ops_exec_slot(e, out1), name, "outGelu");
    if (!rc && thr)
        rc = ops_tensor_from(&tt, thr, ops_exec_slot(e, thr), name, "threshold");
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
    if (thr) { /* its one element under every element of the half shape: strides 0 */
        int64_t off = tt.offset;
        int16_t slot = tt.slot;
        tt = ta;
        tt.slot = slot;
        tt.offset = off;
        memset(tt.strides, 0, sizeof(tt.strides));
    }
    const struct ops_tensor *in2[3] = {right ? &tb : &ta, right ? &ta : &tb, &tt};
    if (ew_plan_init(&g->pl[0], CK_F32, kern2, &to, in2, thr ? 3 : 2) ||
        (out1 && ew_plan_init(&g->pl[1], CK_F32, kern1, &to1, in2, 1))) {
        ew_plan_fini(&g->pl[0]);
        free(g);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    g->n = out1 ? 2 : 1;
    for (int i = 0; i < g->n; i++) {
        g->pl[i].rt = (int8_t)xdt;
        g->pl[i].p.f[0] = f0;
    }
    e->plan = g;
    e->fini = glu_fini;
    e->run = g->pl[0].numel ? glu_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnSwiGluGetWorkspaceSize(const aclTensor *x, int64_t dim, const aclTensor *out, WS)
{
    const char *name = "aclnnSwiGlu";
    OPS_CHECK_NULLS(name, x, out, workspaceSize, executor);
    return glu_op(name, OPS_DT_SwiGlu, x, dim, false, f32_swiglu, NULL, out, NULL, 0.0,
                  workspaceSize, executor);
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
                  approximate ? f32_gelu_tanh : f32_gelu_erf, out, outGelu, 0.0, workspaceSize,
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
                  approximate ? f32_gelu_tanh : f32_gelu_erf, out, outGelu, 0.0, workspaceSize,
                  executor);
}
PHASE2(GeGlu)

aclnnStatus aclnnGluGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *out, WS)
{
    const char *name = "aclnnGlu";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    /* out = A * sigmoid(B): B, the second half, is the activated one */
    return glu_op(name, OPS_DT_Glu, self, dim, true, f32_glu, NULL, out, NULL, 0.0, workspaceSize,
                  executor);
}
PHASE2(Glu)

/* ---- FastGelu, Softsign, LogSigmoid, HardsigmoidV2, Shrink (AC9) ------------------------ */

aclnnStatus aclnnFastGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return act_op("aclnnFastGelu", ACT_FASTGELU, self, out, false, OPS_DT_FastGelu, OPS_DT_FastGelu,
                  true, NULL, 0, workspaceSize, executor);
}
PHASE2(FastGelu)

aclnnStatus aclnnSoftsignGetWorkspaceSize(const aclTensor *self, const aclTensor *out, WS)
{
    return act_op("aclnnSoftsign", ACT_SOFTSIGN, self, out, false, OPS_DT_Softsign, OPS_DT_Softsign,
                  true, NULL, 0, workspaceSize, executor);
}
PHASE2(Softsign)

aclnnStatus aclnnLogSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return act_op("aclnnLogSigmoid", ACT_LOGSIG, self, out, false, OPS_DT_LogSigmoid,
                  OPS_DT_LogSigmoid, true, NULL, 0, workspaceSize, executor);
}
PHASE2(LogSigmoid)

aclnnStatus aclnnShrinkGetWorkspaceSize(const aclTensor *self, const aclScalar *lambd,
                                        const aclScalar *bias, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnShrink", lambd, bias);
    if (!(ops_scalar_f64(lambd) >= 0.0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnShrink: lambd %g is negative",
                       ops_scalar_f64(lambd));
    const aclScalar *p[2] = {lambd, bias};
    return act_op("aclnnShrink", ACT_SHRINK, self, out, false, OPS_DT_Shrink, OPS_DT_Shrink, true,
                  p, 2, workspaceSize, executor);
}
PHASE2(Shrink)

/* LogSigmoidForward: out as LogSigmoid, buffer = exp(-|self|) (torch's buffer). */
aclnnStatus aclnnLogSigmoidForwardGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                   aclTensor *buffer, WS)
{
    const char *name = "aclnnLogSigmoidForward";
    OPS_CHECK_NULLS(name, self, out, buffer, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt, bdt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_check_dims(buffer, name, "buffer")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_LogSigmoidForward, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_LogSigmoidForward, &odt)) ||
        (rc = ops_need_dt(name, "buffer", buffer->dtype, OPS_DT_LogSigmoidForward, &bdt)))
        return rc;
    if (odt != sdt || bdt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out and buffer must have self's type %s", name,
                       ops_dt_name(self->dtype));
    if ((rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")) ||
        (rc = ops_check_shape(name, self->dims, (int)self->ndim, buffer, "buffer")))
        return rc;
    struct aclOpExecutor *e = ops_exec_new(name, 1, 2);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor tx, to, tb;
    struct glu_plan *g = calloc(1, sizeof(*g));
    rc = g ? ACLNN_SUCCESS : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    if (!rc)
        rc = ops_tensor_from(&tx, self, ops_exec_slot(e, self), name, "self");
    if (!rc)
        rc = ops_tensor_from(&to, out, ops_exec_slot(e, out), name, "out");
    if (!rc)
        rc = ops_tensor_from(&tb, buffer, ops_exec_slot(e, buffer), name, "buffer");
    if (rc) {
        free(g);
        ops_exec_discard(e);
        return rc;
    }
    const struct ops_tensor *in[1] = {&tx};
    int ck = sdt == DT_F64 ? CK_F64 : CK_F32;
    if (ew_plan_init(&g->pl[0], ck, g_act[ACT_LOGSIG][ew_col(ck)], &to, in, 1) ||
        ew_plan_init(&g->pl[1], ck, g_act[ACT_LOGSIG_BUF][ew_col(ck)], &tb, in, 1)) {
        ew_plan_fini(&g->pl[0]);
        free(g);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    g->n = 2;
    for (int i = 0; i < 2; i++)
        g->pl[i].rt = (int8_t)sdt;
    e->plan = g;
    e->fini = glu_fini;
    e->run = g->pl[0].numel ? glu_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(LogSigmoidForward)

/* ---- Heaviside, AddRelu, Prelu: two tensors (AC10) ---------------------------------------- */

#define KBIN(NAME, T, EXPR)                                                                        \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1];                                                            \
        const T f0 = (T)p->f[0], f1 = (T)p->f[1];                                                  \
        const int64_t i0 = p->i[0];                                                                \
        (void)f0;                                                                                  \
        (void)f1;                                                                                  \
        (void)i0;                                                                                  \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i], y = b[i];                                                                  \
            o[i] = (EXPR);                                                                         \
        }                                                                                          \
    }
KBIN(f32_heaviside, float, x == 0.0f ? y : (float)(x > 0.0f))
KBIN(f64_heaviside, double, x == 0.0 ? y : (double)(x > 0.0))
KBIN(f32_addrelu, float, x + f0 * y > 0.0f ? x + f0 * y : x + f0 * y < 0.0f ? 0.0f : x + f0 * y)
KBIN(f64_addrelu, double, x + f0 * y > 0.0 ? x + f0 * y : x + f0 * y < 0.0 ? 0.0 : x + f0 * y)
KBIN(i64_addrelu, int64_t, x + i0 * y > 0 ? x + i0 * y : 0)
KBIN(f32_prelu, float, x > 0.0f ? x : y * x)
KBIN(f64_prelu, double, x > 0.0 ? x : y * x)
KBIN(f32_silumul, float, x / (1.0f + expf(-x)) * y)
KBIN(f64_silumul, double, x / (1.0 + exp(-x)) * y)
KBIN(f32_biasleaky, float, x + y >= 0.0f ? (x + y) * f1 : (x + y) * f0 * f1)
KBIN(f64_biasleaky, double, x + y >= 0.0 ? (x + y) * f1 : (x + y) * f0 * f1)

enum { BIN_HEAVISIDE, BIN_ADDRELU, BIN_PRELU, BIN_SILUMUL, BIN_BIASLEAKY };
static const ew_kern_fn g_bin[][3] = {
    [BIN_HEAVISIDE] = {f32_heaviside, f64_heaviside, NULL},
    [BIN_ADDRELU] = {f32_addrelu, f64_addrelu, i64_addrelu},
    [BIN_PRELU] = {f32_prelu, f64_prelu, NULL},
    [BIN_SILUMUL] = {f32_silumul, f64_silumul, NULL},
    [BIN_BIASLEAKY] = {f32_biasleaky, f64_biasleaky, NULL},
};

/* a (aname) and b (bname) broadcast to out; both of types, promoted to a type
 * that casts to out's (exact: must be out's); alpha (may be NULL) into p. */
static aclnnStatus bin_op(const char *name, int op, unsigned types, const aclTensor *a,
                          const char *aname, const aclTensor *b, const char *bname,
                          const aclTensor *out, bool exact, const aclScalar *alpha,
                          const double *f2, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int adt, bdt, odt;
    if ((rc = ops_check_dims(a, name, aname)) || (rc = ops_check_dims(b, name, bname)) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, aname, a->dtype, types, &adt)) ||
        (rc = ops_need_dt(name, bname, b->dtype, types, &bdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)))
        return rc;
    int prom = ops_promote(adt, bdt);
    if (prom < 0 || !(types & DTM(prom)) || (exact ? prom != odt : !ops_can_cast(prom, odt)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s %s and %s %s cannot give out %s", name,
                       aname, ops_dt_name(a->dtype), bname, ops_dt_name(b->dtype),
                       ops_dt_name(out->dtype));
    if ((rc = ops_check_broadcast(name, a, b, out, "out")))
        return rc;
    struct ew_build bl = {
        .name = name, .nin = 2, .in = {a, b}, .out = out, .ck = ops_ck_for(prom), .rt = prom};
    if (!ops_dt_is_float(prom))
        bl.rt = DT_NONE;
    bl.kern = g_bin[op][ew_col(bl.ck)];
    if (!bl.kern)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: type %s is not supported", name,
                       ops_dt_name(ops_dt_acl(prom)));
    if (alpha) {
        double v = ops_scalar_f64(alpha);
        ops_round_f64(&v, 1, prom); /* alpha in the computation's type */
        bl.p.f[0] = v;
        bl.p.i[0] = ops_scalar_i64(alpha);
    }
    if (f2) { /* two float parameters (FusedBiasLeakyRelu's) */
        bl.p.f[0] = f2[0];
        bl.p.f[1] = f2[1];
    }
    return ew_build_exec(&bl, ws, ex);
}

aclnnStatus aclnnHeavisideGetWorkspaceSize(const aclTensor *input, const aclTensor *values,
                                           aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnHeaviside", input, values, out, workspaceSize, executor);
    return bin_op("aclnnHeaviside", BIN_HEAVISIDE, OPS_DT_Heaviside, input, "input", values,
                  "values", out, false, NULL, NULL, workspaceSize, executor);
}
PHASE2(Heaviside)

aclnnStatus aclnnAddReluGetWorkspaceSize(const aclTensor *self, const aclTensor *other,
                                         aclScalar *alpha, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnAddRelu", self, other, alpha, out, workspaceSize, executor);
    return bin_op("aclnnAddRelu", BIN_ADDRELU, OPS_DT_AddRelu, self, "self", other, "other", out,
                  false, alpha, NULL, workspaceSize, executor);
}
aclnnStatus aclnnInplaceAddReluGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other,
                                                aclScalar *alpha, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceAddRelu", selfRef, other, alpha, workspaceSize, executor);
    return bin_op("aclnnInplaceAddRelu", BIN_ADDRELU, OPS_DT_AddRelu, selfRef, "selfRef", other,
                  "other", selfRef, true, alpha, NULL, workspaceSize, executor);
}
PHASE2(AddRelu)
PHASE2(InplaceAddRelu)

/* Prelu: weight has one element or self's channel count (dim 1; a self of fewer than 2 dims has one
 * channel): a view of it with self's rank minus the leading dim, the channel dim first, so that it
 * broadcasts along the channel (AC10; a self below 2-d has one channel, torch's rule). */
aclnnStatus aclnnPreluGetWorkspaceSize(const aclTensor *self, const aclTensor *weight,
                                       aclTensor *out, WS)
{
    const char *name = "aclnnPrelu";
    OPS_CHECK_NULLS(name, self, weight, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(weight, name, "weight")))
        return rc;
    int nd = (int)self->ndim;
    int64_t wn = ops_numel(weight->dims, (int)weight->ndim);
    int64_t ch = nd < 2 ? 1 : self->dims[1]; /* no channel dim below 2-d (torch) */
    if (weight->ndim > 1 || (wn != 1 && wn != ch))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight has %lld elements; it must have 1 or self's channel count %lld",
                       name, (long long)wn, (long long)ch);
    aclTensor wv = *weight;
    if (wn != 1 && nd >= 2) {
        wv.ndim = (uint32_t)(nd - 1);
        for (int d = 0; d < nd - 1; d++) {
            wv.dims[d] = d == 0 ? wn : 1;
            wv.strides[d] = d == 0 ? weight->strides[0] : 0;
        }
    }
    return bin_op(name, BIN_PRELU, OPS_DT_Prelu, self, "self", &wv, "weight", out, true, NULL, NULL,
                  workspaceSize, executor);
}
PHASE2(Prelu)

/* ---- GluBackward, GeGluBackward, GeGluV3Backward (AC11) ------------------------------------ */

/* in[0] = the gradient of out; the others as each kernel says. */
#define KGG(NAME, EXPR)                                                                            \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        float *o = o_;                                                                             \
        const float *g = in[0], *u = in[1], *v = p->nin > 2 ? in[2] : NULL;                        \
        (void)v;                                                                                   \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = (EXPR);                                                                         \
    }
static inline float sigm_f(float x)
{
    return 1.0f / (1.0f + expf(-x));
}
static inline float gelu_erf_grad_f(float x)
{
    return 0.5f * erfcf(-x * (float)SQRT1_2) + x * expf(-0.5f * x * x) * 0.3989422804f;
}
static inline float gelu_tanh_grad_f(float x)
{
    float t = tanhf((float)SQRT_2_PI * (x + 0.044715f * x * x * x));
    return 0.5f * (1.0f + t) +
           0.5f * x * (1.0f - t * t) * (float)SQRT_2_PI * (1.0f + 0.134145f * x * x);
}
/* Glu: u = B: g sigmoid(B) (A's gradient); u = A, v = B: g A s (1 - s) (B's). */
KGG(f32_glu_ga, g[i] * sigm_f(u[i]))
KGG(f32_glu_gb, g[i] * u[i] * sigm_f(v[i]) * (1.0f - sigm_f(v[i])))
/* GeGlu: u = gelu(X): g gelu(X) (the other half's gradient); u = the other half, v = X:
 * g u gelu'(X) (X's). */
KGG(f32_gg_other, g[i] * u[i])
KGG(f32_gg_act_erf, g[i] * u[i] * gelu_erf_grad_f(v[i]))
KGG(f32_gg_act_tanh, g[i] * u[i] * gelu_tanh_grad_f(v[i]))

/* self [.., 2h, ..] splits along dim into the activated half X and the other one Y (X second
 * when right); gradOut (and gelu, when given) have the half shape; gradInput self's.
 * gradInput's Y half = kern_y(gradOut, gelu or X), its X half = kern_x(gradOut, Y, X). */
static aclnnStatus glu_grad_op(const char *name, unsigned types, const aclTensor *go,
                               const aclTensor *x, const aclTensor *gelu, int64_t dim, bool right,
                               ew_kern_fn kern_y, ew_kern_fn kern_x, const aclTensor *gi,
                               uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int xdt, gdt, idt, edt = -1;
    int nd = (int)x->ndim;
    if ((rc = ops_check_dims(x, name, "self")) || (rc = ops_check_dims(go, name, "gradOutput")) ||
        (rc = ops_check_dims(gi, name, "gradInput")) ||
        (gelu && (rc = ops_check_dims(gelu, name, "gelu"))) ||
        (rc = ops_need_dt(name, "self", x->dtype, types, &xdt)) ||
        (rc = ops_need_dt(name, "gradOutput", go->dtype, types, &gdt)) ||
        (rc = ops_need_dt(name, "gradInput", gi->dtype, types, &idt)) ||
        (gelu && (rc = ops_need_dt(name, "gelu", gelu->dtype, types, &edt))))
        return rc;
    if (gdt != xdt || idt != xdt || (gelu && edt != xdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: every tensor must have self's type %s", name,
                       ops_dt_name(x->dtype));
    int d;
    int64_t half[OPS_MAX_DIMS];
    if ((rc = glu_halves(name, x, dim, half, &d)))
        return rc;
    if ((rc = ops_check_shape(name, half, nd, go, "gradOutput")) ||
        (gelu && (rc = ops_check_shape(name, half, nd, gelu, "gelu"))) ||
        (rc = ops_check_shape(name, x->dims, nd, gi, "gradInput")))
        return rc;
    struct aclOpExecutor *e = ops_exec_new(name, gelu ? 3 : 2, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor tg, tx, te, ti;
    struct glu_plan *g = calloc(1, sizeof(*g));
    rc = g ? ACLNN_SUCCESS : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    if (!rc)
        rc = ops_tensor_from(&tg, go, ops_exec_slot(e, go), name, "gradOutput");
    if (!rc)
        rc = ops_tensor_from(&tx, x, ops_exec_slot(e, x), name, "self");
    if (!rc && gelu)
        rc = ops_tensor_from(&te, gelu, ops_exec_slot(e, gelu), name, "gelu");
    if (!rc)
        rc = ops_tensor_from(&ti, gi, ops_exec_slot(e, gi), name, "gradInput");
    if (rc) {
        free(g);
        ops_exec_discard(e);
        return rc;
    }
    /* the halves of self and of gradInput: X (activated) and Y */
    struct ops_tensor xa = tx, xb, ia = ti, ib;
    xa.dims[d] = half[d];
    xa.numel = ops_numel(xa.dims, nd);
    xb = xa;
    xb.offset += half[d] * tx.strides[d];
    ia.dims[d] = half[d];
    ia.numel = xa.numel;
    ib = ia;
    ib.offset += half[d] * ti.strides[d];
    const struct ops_tensor *X = right ? &xb : &xa, *Y = right ? &xa : &xb;
    const struct ops_tensor *gX = right ? &ib : &ia, *gY = right ? &ia : &ib;
    const struct ops_tensor *in_y[2] = {&tg, gelu ? &te : X};
    const struct ops_tensor *in_x[3] = {&tg, Y, X};
    if (ew_plan_init(&g->pl[0], CK_F32, kern_y, gY, in_y, 2) ||
        ew_plan_init(&g->pl[1], CK_F32, kern_x, gX, in_x, 3)) {
        ew_plan_fini(&g->pl[0]);
        free(g);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    g->n = 2;
    for (int i = 0; i < 2; i++) {
        g->pl[i].rt = (int8_t)xdt;
        g->pl[i].p.nin = i + 2;
    }
    e->plan = g;
    e->fini = glu_fini;
    e->run = g->pl[0].numel ? glu_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnGluBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *self,
                                             int64_t dim, const aclTensor *out, WS)
{
    const char *name = "aclnnGluBackward";
    OPS_CHECK_NULLS(name, gradOut, self, out, workspaceSize, executor);
    /* out = A sigmoid(B): B, the second half, is the activated one */
    return glu_grad_op(name, OPS_DT_GluBackward, gradOut, self, NULL, dim, true, f32_glu_ga,
                       f32_glu_gb, out, workspaceSize, executor);
}
PHASE2(GluBackward)

static aclnnStatus geglu_grad(const char *name, const aclTensor *gradOutput, const aclTensor *self,
                              const aclTensor *gelu, int64_t dim, int64_t approximate, bool left,
                              aclTensor *gradInput, unsigned types, uint64_t *ws,
                              aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, gradOutput, self, gelu, gradInput, ws, ex);
    if (approximate != 0 && approximate != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: approximate is %lld (0 = none, 1 = tanh)",
                       name, (long long)approximate);
    return glu_grad_op(name, types, gradOutput, self, gelu, dim, !left, f32_gg_other,
                       approximate ? f32_gg_act_tanh : f32_gg_act_erf, gradInput, ws, ex);
}
aclnnStatus aclnnGeGluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                               const aclTensor *gelu, int64_t dim,
                                               int64_t approximate, aclTensor *gradInput, WS)
{
    return geglu_grad("aclnnGeGluBackward", gradOutput, self, gelu, dim, approximate, false,
                      gradInput, OPS_DT_GeGluBackward, workspaceSize, executor);
}
aclnnStatus aclnnGeGluV3BackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                 const aclTensor *gelu, int64_t dim,
                                                 int64_t approximate, bool activateLeft,
                                                 aclTensor *gradInput, WS)
{
    return geglu_grad("aclnnGeGluV3Backward", gradOutput, self, gelu, dim, approximate,
                      activateLeft, gradInput, OPS_DT_GeGluV3Backward, workspaceSize, executor);
}
PHASE2(GeGluBackward)
PHASE2(GeGluV3Backward)

/* SwiGluGrad: A (the first half) activated, s = sigmoid(A): B's gradient g s A, A's
 * g B (s + s (1 - s) A). */
KGG(f32_swiglu_gb, g[i] * u[i] * sigm_f(u[i]))
KGG(f32_swiglu_ga, g[i] * u[i] * (sigm_f(v[i]) + sigm_f(v[i]) * (1.0f - sigm_f(v[i])) * v[i]))
aclnnStatus aclnnSwiGluGradGetWorkspaceSize(const aclTensor *yGrad, const aclTensor *x, int64_t dim,
                                            const aclTensor *out, WS)
{
    const char *name = "aclnnSwiGluGrad";
    OPS_CHECK_NULLS(name, yGrad, x, out, workspaceSize, executor);
    return glu_grad_op(name, OPS_DT_SwiGluGrad, yGrad, x, NULL, dim, false, f32_swiglu_gb,
                       f32_swiglu_ga, out, workspaceSize, executor);
}
PHASE2(SwiGluGrad)

/* ---- the later versions (ops-nn's experimental folder) on the kernels above (AC12) -------- */

/* Attribute-form entries (float attributes as double, as CANN's generated headers give them). */
aclnnStatus aclnnCeluV2GetWorkspaceSize(const aclTensor *x, double alpha, aclTensor *y, WS)
{
    if (alpha == 0.0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnCeluV2: alpha is 0 (it divides x)");
    return act_build("aclnnCeluV2", ACT_CELU, x, y, false, OPS_DT_CeluV2, OPS_DT_CeluV2, true,
                     &alpha, 1, workspaceSize, executor);
}
PHASE2(CeluV2)

aclnnStatus aclnnCeluV3GetWorkspaceSize(const aclTensor *self, double alpha, aclTensor *out, WS)
{
    if (alpha == 0.0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnCeluV3: alpha is 0 (it divides self)");
    return act_build("aclnnCeluV3", ACT_CELU, self, out, false, OPS_DT_CeluV3, OPS_DT_CeluV3, true,
                     &alpha, 1, workspaceSize, executor);
}
PHASE2(CeluV3)

aclnnStatus aclnnEluV2GetWorkspaceSize(const aclTensor *self, const aclScalar *alpha,
                                       const aclScalar *scale, const aclScalar *inputScale,
                                       aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnEluV2", alpha, scale, inputScale);
    const aclScalar *p[3] = {alpha, scale, inputScale};
    return act_op("aclnnEluV2", ACT_ELU, self, out, false, OPS_DT_EluV2, OPS_DT_EluV2, true, p, 3,
                  workspaceSize, executor);
}
PHASE2(EluV2)

aclnnStatus aclnnHardSwishV2GetWorkspaceSize(const aclTensor *x, aclTensor *y, WS)
{
    return act_build("aclnnHardSwishV2", ACT_HSWISH, x, y, false, OPS_DT_HardSwishV2,
                     OPS_DT_HardSwishV2, true, NULL, 0, workspaceSize, executor);
}
PHASE2(HardSwishV2)

aclnnStatus aclnnLeakyreluV2GetWorkspaceSize(const aclTensor *x, double negativeSlope, aclTensor *y,
                                             WS)
{
    return act_build("aclnnLeakyreluV2", ACT_LEAKY, x, y, false, OPS_DT_LeakyreluV2,
                     OPS_DT_LeakyreluV2, true, &negativeSlope, 1, workspaceSize, executor);
}
PHASE2(LeakyreluV2)

aclnnStatus aclnnLogsigmoidV2GetWorkspaceSize(const aclTensor *x, aclTensor *z, WS)
{
    return act_build("aclnnLogsigmoidV2", ACT_LOGSIG, x, z, false, OPS_DT_LogsigmoidV2,
                     OPS_DT_LogsigmoidV2, true, NULL, 0, workspaceSize, executor);
}
PHASE2(LogsigmoidV2)

aclnnStatus aclnnSoftPlusV2GetWorkspaceSize(const aclTensor *x, aclTensor *z, WS)
{
    const double f[2] = {1.0, 20.0}; /* beta 1; x itself above 20, where log1p(e^x) == x */
    return act_build("aclnnSoftPlusV2", ACT_SOFTPLUS, x, z, false, OPS_DT_SoftPlusV2,
                     OPS_DT_SoftPlusV2, true, f, 2, workspaceSize, executor);
}
PHASE2(SoftPlusV2)

aclnnStatus aclnnSiluMulGetWorkspaceSize(const aclTensor *x, const aclTensor *y, aclTensor *z, WS)
{
    const char *name = "aclnnSiluMul";
    OPS_CHECK_NULLS(name, x, y, z, workspaceSize, executor);
    if (!ops_same_shape(x, y))
        return ops_shape_err(name, "y", y, x->dims, (int)x->ndim);
    return bin_op(name, BIN_SILUMUL, OPS_DT_SiluMul, x, "x", y, "y", z, true, NULL, NULL,
                  workspaceSize, executor);
}
PHASE2(SiluMul)

aclnnStatus aclnnFusedBiasLeakyReluGetWorkspaceSize(const aclTensor *x, const aclTensor *bias,
                                                    double negativeSlope, double scale,
                                                    const aclTensor *out, WS)
{
    const char *name = "aclnnFusedBiasLeakyRelu";
    OPS_CHECK_NULLS(name, x, bias, out, workspaceSize, executor);
    if (!ops_same_shape(x, bias))
        return ops_shape_err(name, "bias", bias, x->dims, (int)x->ndim);
    if (bias->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias has type %s, x %s", name,
                       ops_dt_name(bias->dtype), ops_dt_name(x->dtype));
    const double f[2] = {negativeSlope, scale};
    return bin_op(name, BIN_BIASLEAKY, OPS_DT_FusedBiasLeakyRelu, x, "x", bias, "bias", out, true,
                  NULL, f, workspaceSize, executor);
}
PHASE2(FusedBiasLeakyRelu)

/* SwigluClamp: x's last dim halves into gate and up; min(silu(gate), limit) times up clamped to
 * [-limit, limit]. */
static void f32_swiglu_clamp(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    float *o = o_;
    const float *a = in[0], *b = in[1];
    const float lim = (float)p->f[0];
    for (int64_t i = 0; i < n; i++) {
        float s = a[i] / (1.0f + expf(-a[i]));
        float u = b[i] < -lim ? -lim : b[i] > lim ? lim : b[i];
        o[i] = (s > lim ? lim : s) * u;
    }
}
aclnnStatus aclnnSwigluClampGetWorkspaceSize(const aclTensor *x, double limit, aclTensor *y, WS)
{
    const char *name = "aclnnSwigluClamp";
    OPS_CHECK_NULLS(name, x, y, workspaceSize, executor);
    if (!(limit > 0.0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: limit %g is not positive", name, limit);
    return glu_op(name, OPS_DT_SwigluClamp, x, -1, false, f32_swiglu_clamp, NULL, y, NULL, limit,
                  workspaceSize, executor);
}
PHASE2(SwigluClamp)

/* SquaredRelu: relu(x)^2 (NaN stays NaN). */
aclnnStatus aclnnSquaredReluGetWorkspaceSize(const aclTensor *input, const aclTensor *out, WS)
{
    return act_build("aclnnSquaredRelu", ACT_SQRELU, input, out, false, OPS_DT_SquaredRelu,
                     OPS_DT_SquaredRelu, true, NULL, 0, workspaceSize, executor);
}
PHASE2(SquaredRelu)

/* GeluMul, FatreluMul: the GLU path along the last dim, the first half activated. FatreluMul's
 * threshold is a tensor: each launch reads it (in[2], broadcast). */
static void f32_fatrelu_mul(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *a = in[0], *b = in[1], *t = in[2];
    for (int64_t i = 0; i < n; i++)
        o[i] = (a[i] < t[i] ? 0.0f : a[i]) * b[i];
}
aclnnStatus aclnnGeluMulGetWorkspaceSize(const aclTensor *input, char *approximateOptional,
                                         const aclTensor *out, WS)
{
    const char *name = "aclnnGeluMul";
    OPS_CHECK_NULLS(name, input, out, workspaceSize, executor);
    bool tanh_form = approximateOptional && strcmp(approximateOptional, "tanh") == 0;
    if (approximateOptional && !tanh_form && strcmp(approximateOptional, "none") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: approximateOptional is \"%s\" (\"none\" or \"tanh\")", name,
                       approximateOptional);
    return glu_op(name, OPS_DT_GeluMul, input, -1, false,
                  tanh_form ? f32_geglu_tanh : f32_geglu_erf, NULL, out, NULL, 0.0, workspaceSize,
                  executor);
}
PHASE2(GeluMul)

aclnnStatus aclnnFatreluMulGetWorkspaceSize(const aclTensor *input, const aclTensor *threshold,
                                            const aclTensor *out, WS)
{
    const char *name = "aclnnFatreluMul";
    OPS_CHECK_NULLS(name, input, threshold, out, workspaceSize, executor);
    return glu_op3(name, OPS_DT_FatreluMul, input, -1, false, f32_fatrelu_mul, NULL, out, NULL, 0.0,
                   threshold, workspaceSize, executor);
}
PHASE2(FatreluMul)

/* ReluV3: y = max(x, 0) (NaN stays NaN) and maskOut = x > 0, packed 8 to a byte along the last
 * dim, the first element in the lowest bit (maskOut's last dim ceil(n / 8)). */
KACT(f32_relu, float, x > 0 ? x : (x == x ? 0.0f : x))
static void i64_relu(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    int64_t *o = o_;
    const int64_t *a = in[0];
    for (int64_t i = 0; i < n; i++)
        o[i] = a[i] > 0 ? a[i] : 0;
}

struct relu3_plan {
    struct ew_plan y;
    struct ops_tensor x, mask;
};

static int32_t relu3_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct relu3_plan *p = e->plan;
    int32_t rc = ew_run(&p->y, addr);
    if (rc)
        return rc;
    const struct ops_tensor *x = &p->x, *m = &p->mask;
    int nd = x->ndim;
    int64_t len = x->dims[nd - 1], rows = x->numel / len;
    float *row = malloc((size_t)len * sizeof(float));
    if (!row)
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t r = 0; r < rows; r++) {
        ops_gather_nd(row, CK_F32, ops_elem(x, addr, ops_odo_off(idx, x->strides, nd - 1)), x->dt,
                      1, &len, &x->strides[nd - 1]);
        uint8_t *mb = (uint8_t *)ops_elem(m, addr, ops_odo_off(idx, m->strides, nd - 1));
        for (int64_t j = 0; j < m->dims[nd - 1]; j++) {
            unsigned bits = 0;
            for (int64_t k = 0; k < 8 && j * 8 + k < len; k++)
                bits |= (unsigned)(row[j * 8 + k] > 0.0f) << k;
            mb[j * m->strides[nd - 1]] = (uint8_t)bits;
        }
        ops_odo_next(idx, x->dims, nd - 1);
    }
    free(row);
    return 0;
}

static void relu3_fini(struct aclOpExecutor *e)
{
    struct relu3_plan *p = e->plan;
    if (p) {
        ew_plan_fini(&p->y);
        free(p);
    }
}

aclnnStatus aclnnReluV3GetWorkspaceSize(const aclTensor *x, const aclTensor *yOut,
                                        const aclTensor *maskOut, WS)
{
    const char *name = "aclnnReluV3";
    OPS_CHECK_NULLS(name, x, yOut, maskOut, workspaceSize, executor);
    aclnnStatus rc;
    int xdt, ydt, mdt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(yOut, name, "yOut")) ||
        (rc = ops_check_dims(maskOut, name, "maskOut")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_ReluV3, &xdt)) ||
        (rc = ops_need_dt(name, "yOut", yOut->dtype, OPS_DT_ReluV3, &ydt)) ||
        (rc = ops_need_dt(name, "maskOut", maskOut->dtype, OPS_DT2_ReluV3, &mdt)))
        return rc;
    if (ydt != xdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: yOut has type %s, x %s", name,
                       ops_dt_name(yOut->dtype), ops_dt_name(x->dtype));
    int nd = (int)x->ndim;
    if (nd == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x is 0-d (the mask packs its last dim)", name);
    int64_t mdims[OPS_MAX_DIMS];
    memcpy(mdims, x->dims, (size_t)nd * sizeof(int64_t));
    mdims[nd - 1] = (mdims[nd - 1] + 7) / 8;
    if ((rc = ops_check_shape(name, x->dims, nd, yOut, "yOut")) ||
        (rc = ops_check_shape(name, mdims, nd, maskOut, "maskOut")))
        return rc;
    struct aclOpExecutor *e = ops_exec_new(name, 1, 2);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor ty;
    struct relu3_plan *p = calloc(1, sizeof(*p));
    rc = p ? ACLNN_SUCCESS : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    /* x and yOut may be NC1HWC0 (the format CANN documents): elementwise, the blocked layout
     * is read as the 5-d tensor it is, the mask packing its last dim (C0) */
    aclTensor xv = *x, yv = *yOut;
    if (xv.format == ACL_FORMAT_NC1HWC0)
        xv.format = ACL_FORMAT_ND;
    if (yv.format == ACL_FORMAT_NC1HWC0)
        yv.format = ACL_FORMAT_ND;
    if (!rc)
        rc = ops_tensor_from(&p->x, &xv, ops_exec_slot(e, x), name, "x");
    if (!rc)
        rc = ops_tensor_from(&ty, &yv, ops_exec_slot(e, yOut), name, "yOut");
    if (!rc)
        rc = ops_tensor_from(&p->mask, maskOut, ops_exec_slot(e, maskOut), name, "maskOut");
    const struct ops_tensor *in[1] = {p ? &p->x : NULL};
    int ck = ops_dt_is_float(xdt) ? CK_F32 : CK_I64;
    if (!rc && ew_plan_init(&p->y, ck, ck == CK_F32 ? f32_relu : i64_relu, &ty, in, 1))
        rc = ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    if (rc) {
        free(p);
        ops_exec_discard(e);
        return rc;
    }
    p->y.rt = ck == CK_F32 ? (int8_t)xdt : (int8_t)DT_NONE;
    e->plan = p;
    e->fini = relu3_fini;
    e->run = p->x.numel ? relu3_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ReluV3)
