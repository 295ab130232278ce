/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The activations' gradients on the elementwise engine (engine/ew.c): from
 * gradOutput and the forward input (or its result), the gradient with respect
 * to the input. SigmoidBackward, TanhBackward, SeluBackward take the forward
 * result; SiluBackward, GeluBackward, MishBackward, HardswishBackward,
 * HardsigmoidBackward, ThresholdBackward, HardtanhBackward,
 * SoftshrinkBackward, SwishBackward, SoftplusBackward, FastGeluBackward, SoftsignBackward,
 * LogSigmoidBackward, HardshrinkBackward, HardswishBackwardV2, GeluBackwardV2 the forward
 * input; LeakyReluBackward and EluBackward either (their flag says which).
 *
 *  AB1. gradOutput and the second tensor have one shape, out that shape; the
 *      two (any types: an INT32 gradOutput with a FLOAT self, as CANN's
 *      GeluBackward example passes) promote to a floating type (the rows'
 *      types), which must cast to out's; float16 / bfloat16 compute in
 *      float32 and round once.
 *  AB2. The formulas are the derivatives of the forward operators as cpuacl
 *      computes them: GeluBackward of the tanh form (aclnnGelu), Hardswish
 *      and Hardsigmoid as torch (0 below -3; Hardswish's slope x/3 + 1/2 on
 *      [-3, 3], 1 above; Hardsigmoid's 1/6 strictly inside), Threshold 0 where
 *      self <= threshold, Hardtanh gradOutput strictly inside (min, max) else
 *      0, Softshrink gradOutput outside [-lambda, lambda] else 0, Softplus
 *      gradOutput where beta self > threshold. A NaN self takes the branch
 *      torch's kernels give it: Selu the scaled one, Hardswish the middle
 *      (NaN), Hardtanh and Softshrink 0.
 *  AB3. The later versions (ops-nn's experimental folder), with their own parameter names:
 *      EluGrad (min(a, 0) + 1) grads, HardShrinkGrad, HardSigmoidGradV2, LeakyReluGradV2,
 *      TanhGrad; ReluGradV3 x > 0 ? y : 0 with x and y broadcasting and integer types in int64;
 *      ReluGradV4 from ReLU's UINT8 mask (threshold 0 only).
 */
#include <math.h>
#include <string.h>

#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_fast_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_hardshrink_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "aclnnop/aclnn_leaky_relu_backward.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"
#include "aclnnop/aclnn_softsign_backward.h"
#include "aclnnop/aclnn_hardsigmoid_backward.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardtanh_backward.h"
#include "aclnnop/aclnn_mish_backward.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "aclnnop/aclnn_swish_backward.h"
#include "aclnnop/aclnn_tanh_backward.h"
#include "aclnnop/aclnn_threshold_backward.h"
#include "aclnnop/aclnn_elu_grad.h"
#include "aclnnop/aclnn_hard_shrink_grad.h"
#include "aclnnop/aclnn_hard_sigmoid_grad_v2.h"
#include "aclnnop/aclnn_leaky_relu_grad_v2.h"
#include "aclnnop/aclnn_tanh_grad.h"
#include "aclnnop/aclnn_relu_grad_v3.h"
#include "aclnnop/aclnn_relu_grad_v4.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/activation/table.h"

#pragma GCC optimize("O3")

#define GELU_K 0.7978845608028654 /* sqrt(2 / pi) */
#define SELU_ALPHA 1.6732632423543772848
#define SELU_SCALE 1.0507009873554804930
#define SQRT1_2 0.7071067811865476
#define INV_SQRT_2PI 0.3989422804014327

/* g = gradOutput, y = the forward input or result; f0, f1 the parameters. */
#define KGRAD(NAME, T, EXPR)                                                                       \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1];                                                            \
        const T f0 = (T)p->f[0], f1 = (T)p->f[1], f2 = (T)p->f[2];                                 \
        (void)f0;                                                                                  \
        (void)f1;                                                                                  \
        (void)f2;                                                                                  \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T g = a[i], y = b[i];                                                                  \
            o[i] = (EXPR);                                                                         \
        }                                                                                          \
    }

/* Each gradient, GRADS(X, T, F, C, H): rows X(id, EXPR), EXPR of g and y in the type T
 * with F(fn) the math function, C(c) a constant and H(helper) a helper of that type. */
#define GRADS(X, T, F, C, H)                                                                       \
    X(sigmoid, g *y *(C(1.0) - y))                                                                 \
    X(tanh, g *(C(1.0) - y * y))                                                                   \
    X(selu, y <= 0 ? g * (y + (T)(SELU_ALPHA * SELU_SCALE)) : g * (T)SELU_SCALE)                   \
    X(silu, g / (C(1.0) + F(exp)(-y)) * (C(1.0) + y * (C(1.0) - C(1.0) / (C(1.0) + F(exp)(-y)))))  \
    X(gelu, g *H(gelu_grad)(y))                                                                    \
    X(mish, g *H(mish_grad)(y))                                                                    \
    X(hswish, y < C(-3.0) ? C(0.0) : y >= C(3.0) ? g : g * (y / C(3.0) + C(0.5)))                  \
    X(hsig, (y > C(-3.0) && y < C(3.0)) ? g / C(6.0) : C(0.0))                                     \
    X(thresh, y <= f0 ? C(0.0) : g)                                                                \
    X(hardtanh, (y > f0 && y < f1) ? g : C(0.0))                                                   \
    X(softshrink, (y < -f0 || y > f0) ? g : C(0.0))                                                \
    X(swish, g *H(swish_grad)(y, f0))                                                              \
    X(softplus, y *f0 > f1 ? g : g * (C(1.0) - C(1.0) / (C(1.0) + F(exp)(y * f0))))                \
    X(fastgelu, g *H(swish_grad)(y, C(1.702)))                                                     \
    X(softsign, g / ((C(1.0) + F(fabs)(y)) * (C(1.0) + F(fabs)(y))))                               \
    X(logsig, g / (C(1.0) + F(exp)(y)))                                                            \
    X(hardshrink, (y >= -f0 && y <= f0) ? C(0.0) : g)                                              \
    X(leaky, y > C(0.0) ? g : g * f0)                                                              \
    X(elu_in, y <= C(0.0) ? g * f2 * f0 * f1 * F(exp)(y * f2) : g * f1)                            \
    X(elu_res, y <= C(0.0) ? g * f2 * (y + f0 * f1) : g * f1)                                      \
    X(gelu_erf, g *H(gelu_erf_grad)(y))                                                            \
    X(elu1, y < C(0.0) ? g * (y + C(1.0)) : g)

#define HELPERS(T, S, F, C)                                                                        \
    static inline T gelu_grad##S(T x)                                                              \
    {                                                                                              \
        T u = (T)GELU_K * (x + C(0.044715) * x * x * x);                                           \
        T t = F(tanh)(u);                                                                          \
        return C(0.5) * (C(1.0) + t) +                                                             \
               C(0.5) * x * (C(1.0) - t * t) * (T)GELU_K * (C(1.0) + C(0.134145) * x * x);         \
    }                                                                                              \
    static inline T mish_grad##S(T x)                                                              \
    {                                                                                              \
        T t = F(tanh)(F(log1p)(F(exp)(x)));                                                        \
        T s = C(1.0) / (C(1.0) + F(exp)(-x));                                                      \
        return t + x * s * (C(1.0) - t * t);                                                       \
    }                                                                                              \
    static inline T gelu_erf_grad##S(T x)                                                          \
    {                                                                                              \
        return C(0.5) * F(erfc)(-x * (T)SQRT1_2) + x * F(exp)(C(-0.5) * x * x) * (T)INV_SQRT_2PI;  \
    }                                                                                              \
    static inline T swish_grad##S(T x, T beta)                                                     \
    {                                                                                              \
        T s = C(1.0) / (C(1.0) + F(exp)(-beta * x));                                               \
        return s + beta * x * s * (C(1.0) - s);                                                    \
    }
#define F32C(c) c##f
#define F64C(c) c
HELPERS(float, _f, EW_F32_FN, F32C)
HELPERS(double, _d, EW_F64_FN, F64C)

#define HF(fn) fn##_f
#define HD(fn) fn##_d
#define K32(id, EXPR) KGRAD(f32_##id, float, EXPR)
#define K64(id, EXPR) KGRAD(f64_##id, double, EXPR)
GRADS(K32, float, EW_F32_FN, F32C, HF)
GRADS(K64, double, EW_F64_FN, F64C, HD)

enum grad {
#define X(id, EXPR) G_##id,
    GRADS(X, float, EW_F32_FN, F32C, HF)
#undef X
};
static const ew_kern_fn g_grad[][2] = {
#define X(id, EXPR) [G_##id] = {f32_##id, f64_##id},
    GRADS(X, float, EW_F32_FN, F32C, HF)
#undef X
};

/* g (named gname) and y (named yname) -> out (named oname); types: the row's mask; f: the
 * parameters f0.. (nf of them). Integer types (ReluGradV3's) compute in int64 with the ikern
 * kernel, which must then be given. */
static aclnnStatus grad_build(const char *name, int gid, ew_kern_fn ikern, unsigned types,
                              const aclTensor *g, const char *gname, const aclTensor *y,
                              const char *yname, const aclTensor *out, const char *oname,
                              bool bcast, const double *f, int nf, uint64_t *ws, aclOpExecutor **ex)
{
    if (!g)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, gname);
    if (!y)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, yname);
    if (!out)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, oname);
    OPS_CHECK_NULLS(name, ws, ex);
    aclnnStatus rc;
    int gdt, ydt, odt;
    if ((rc = ops_check_dims(g, name, gname)) || (rc = ops_check_dims(y, name, yname)) ||
        (rc = ops_check_dims(out, name, oname)) ||
        (rc = ops_need_dt(name, gname, g->dtype, DTM_ALL, &gdt)) ||
        (rc = ops_need_dt(name, yname, y->dtype, DTM_ALL, &ydt)) ||
        (rc = ops_need_dt(name, oname, out->dtype, types, &odt)))
        return rc;
    int prom = ops_promote(gdt, ydt);
    if (prom < 0 || !(types & DTM(prom)) || !ops_can_cast(prom, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s %s and %s %s cannot give %s %s", name,
                       gname, ops_dt_name(g->dtype), yname, ops_dt_name(y->dtype), oname,
                       ops_dt_name(out->dtype));
    if (bcast ? (rc = ops_check_broadcast(name, g, y, out, oname))
              : ((rc = ops_check_shape(name, g->dims, (int)g->ndim, y, yname)) ||
                 (rc = ops_check_shape(name, g->dims, (int)g->ndim, out, oname))))
        return rc;
    bool integer = !ops_dt_is_float(prom);
    struct ew_build b = {.name = name,
                         .nin = 2,
                         .in = {g, y},
                         .out = out,
                         .ck = integer          ? CK_I64
                               : prom == DT_F64 ? CK_F64
                                                : CK_F32,
                         .rt = integer ? DT_NONE : prom};
    b.kern = integer ? ikern : g_grad[gid][ew_col(b.ck)];
    if (!b.kern)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: type %s is not supported", name,
                       ops_dt_name(ops_dt_acl(prom)));
    for (int i = 0; i < nf; i++)
        b.p.f[i] = f[i];
    return ew_build_exec(&b, ws, ex);
}

/* gradOutput and y -> out with aclScalar parameters (nsc of them; a NULL one is refused unless
 * optional, which makes it 1). */
static aclnnStatus grad_op(const char *name, int gid, unsigned types, const aclTensor *g,
                           const aclTensor *y, const char *yname, const aclTensor *out,
                           const char *oname, const aclScalar *const *sc, int nsc, bool optional,
                           uint64_t *ws, aclOpExecutor **ex)
{
    double f[3];
    for (int i = 0; i < nsc; i++) {
        if (!sc[i] && !optional)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: a scalar parameter is NULL", name);
        f[i] = sc[i] ? ops_scalar_f64(sc[i]) : 1.0;
    }
    return grad_build(name, gid, NULL, types, g, "gradOutput", y, yname, out, oname, false, f, nsc,
                      ws, ex);
}

/* The entry points without parameters: (gradOutput, Y, OUT). */
#define GRAD0(OP, GID, TYPES, Y, OUT, OUTCONST)                                                    \
    aclnnStatus aclnn##OP##GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *Y,       \
                                            OUTCONST aclTensor *OUT, WS)                           \
    {                                                                                              \
        return grad_op("aclnn" #OP, GID, TYPES, gradOutput, Y, #Y, OUT, #OUT, NULL, 0, false,      \
                       workspaceSize, executor);                                                   \
    }                                                                                              \
    PHASE2(OP)
GRAD0(SigmoidBackward, G_sigmoid, OPS_DT_SigmoidBackward, output, gradInput, )
GRAD0(TanhBackward, G_tanh, OPS_DT_TanhBackward, output, gradInput, )
GRAD0(SeluBackward, G_selu, OPS_DT_SeluBackward, result, gradInput, )
GRAD0(SiluBackward, G_silu, OPS_DT_SiluBackward, self, gradInput, )
GRAD0(GeluBackward, G_gelu, OPS_DT_GeluBackward, self, gradInput, const)
GRAD0(MishBackward, G_mish, OPS_DT_MishBackward, self, gradInput, )
GRAD0(HardswishBackward, G_hswish, OPS_DT_HardswishBackward, self, out, )
GRAD0(HardsigmoidBackward, G_hsig, OPS_DT_HardsigmoidBackward, self, out, )

aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                   const aclTensor *self,
                                                   const aclScalar *threshold, aclTensor *out, WS)
{
    return grad_op("aclnnThresholdBackward", G_thresh, OPS_DT_ThresholdBackward, gradOutput, self,
                   "self", out, "out", &threshold, 1, false, workspaceSize, executor);
}
aclnnStatus aclnnHardtanhBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                  const aclTensor *self, const aclScalar *min,
                                                  const aclScalar *max, aclTensor *out, WS)
{
    const aclScalar *p[2] = {min, max};
    return grad_op("aclnnHardtanhBackward", G_hardtanh, OPS_DT_HardtanhBackward, gradOutput, self,
                   "self", out, "out", p, 2, false, workspaceSize, executor);
}
aclnnStatus aclnnSoftshrinkBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                    const aclTensor *self, const aclScalar *lambda,
                                                    aclTensor *gradInput, WS)
{
    return grad_op("aclnnSoftshrinkBackward", G_softshrink, OPS_DT_SoftshrinkBackward, gradOutput,
                   self, "self", gradInput, "gradInput", &lambda, 1, false, workspaceSize,
                   executor);
}
aclnnStatus aclnnSwishBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                               const aclScalar *betaOptional, aclTensor *gradInput,
                                               WS)
{
    return grad_op("aclnnSwishBackward", G_swish, OPS_DT_SwishBackward, gradOutput, self, "self",
                   gradInput, "gradInput", &betaOptional, 1, true, workspaceSize, executor);
}
aclnnStatus aclnnSoftplusBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                  const aclTensor *self, const aclScalar *beta,
                                                  const aclScalar *threshold, aclTensor *gradInput,
                                                  WS)
{
    const aclScalar *p[2] = {beta, threshold};
    return grad_op("aclnnSoftplusBackward", G_softplus, OPS_DT_SoftplusBackward, gradOutput, self,
                   "self", gradInput, "gradInput", p, 2, false, workspaceSize, executor);
}
PHASE2(ThresholdBackward)
PHASE2(HardtanhBackward)
PHASE2(SoftshrinkBackward)
PHASE2(SwishBackward)
PHASE2(SoftplusBackward)

GRAD0(FastGeluBackward, G_fastgelu, OPS_DT_FastGeluBackward, self, gradInput, )
GRAD0(HardswishBackwardV2, G_hswish, OPS_DT_HardswishBackwardV2, self, out, )

aclnnStatus aclnnSoftsignBackwardGetWorkspaceSize(const aclTensor *gradients,
                                                  const aclTensor *features, const aclTensor *out,
                                                  WS)
{
    /* gradients is gradOutput under its TensorFlow name */
    if (!gradients)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "aclnnSoftsignBackward: gradients is NULL");
    return grad_op("aclnnSoftsignBackward", G_softsign, OPS_DT_SoftsignBackward, gradients,
                   features, "features", out, "out", NULL, 0, false, workspaceSize, executor);
}
PHASE2(SoftsignBackward)

aclnnStatus aclnnLogSigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                    const aclTensor *self, const aclTensor *buffer,
                                                    aclTensor *gradInput, WS)
{
    /* buffer (LogSigmoidForward's) is checked but not needed: the gradient is recomputed */
    OPS_CHECK_NULL("aclnnLogSigmoidBackward", buffer);
    return grad_op("aclnnLogSigmoidBackward", G_logsig, OPS_DT_LogSigmoidBackward, gradOutput, self,
                   "self", gradInput, "gradInput", NULL, 0, false, workspaceSize, executor);
}
PHASE2(LogSigmoidBackward)

aclnnStatus aclnnHardshrinkBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                    const aclTensor *self, const aclScalar *lambd,
                                                    aclTensor *gradInput, WS)
{
    return grad_op("aclnnHardshrinkBackward", G_hardshrink, OPS_DT_HardshrinkBackward, gradOutput,
                   self, "self", gradInput, "gradInput", &lambd, 1, false, workspaceSize, executor);
}
PHASE2(HardshrinkBackward)

aclnnStatus aclnnLeakyReluBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                   const aclTensor *self,
                                                   const aclScalar *negativeSlope,
                                                   bool selfIsResult, aclTensor *out, WS)
{
    /* self > 0 exactly where the result is > 0 (slope >= 0), so one formula serves both */
    const char *name = "aclnnLeakyReluBackward";
    if (selfIsResult && negativeSlope && ops_scalar_f64(negativeSlope) < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: selfIsResult needs a negativeSlope >= 0 (it is %g)", name,
                       ops_scalar_f64(negativeSlope));
    return grad_op(name, G_leaky, OPS_DT_LeakyReluBackward, gradOutput, self, "self", out, "out",
                   &negativeSlope, 1, false, workspaceSize, executor);
}
PHASE2(LeakyReluBackward)

aclnnStatus aclnnEluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclScalar *alpha,
                                             const aclScalar *scale, const aclScalar *inputScale,
                                             bool isResult, const aclTensor *selfOrResult,
                                             aclTensor *gradInput, WS)
{
    const aclScalar *p[3] = {alpha, scale, inputScale};
    return grad_op("aclnnEluBackward", isResult ? G_elu_res : G_elu_in, OPS_DT_EluBackward,
                   gradOutput, selfOrResult, "selfOrResult", gradInput, "gradInput", p, 3, false,
                   workspaceSize, executor);
}
PHASE2(EluBackward)

aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                char *approximate, aclTensor *gradInput, WS)
{
    const char *name = "aclnnGeluBackwardV2";
    OPS_CHECK_NULL(name, approximate);
    bool tanh_form = strcmp(approximate, "tanh") == 0;
    if (!tanh_form && strcmp(approximate, "none") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: approximate is \"%.16s\" (none or tanh)", name,
                       approximate);
    return grad_op(name, tanh_form ? G_gelu : G_gelu_erf, OPS_DT_GeluBackwardV2, gradOutput, self,
                   "self", gradInput, "gradInput", NULL, 0, false, workspaceSize, executor);
}
PHASE2(GeluBackwardV2)

/* ---- the later versions (ops-nn's experimental folder) on the gradients above (AB3) ------- */

aclnnStatus aclnnEluGradGetWorkspaceSize(const aclTensor *grads, const aclTensor *activations,
                                         aclTensor *y, WS)
{
    return grad_build("aclnnEluGrad", G_elu1, NULL, OPS_DT_EluGrad, grads, "grads", activations,
                      "activations", y, "y", false, NULL, 0, workspaceSize, executor);
}
PHASE2(EluGrad)

aclnnStatus aclnnHardShrinkGradGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                double lambd, aclTensor *output, WS)
{
    if (!(lambd >= 0.0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnHardShrinkGrad: lambd %g is negative", lambd);
    return grad_build("aclnnHardShrinkGrad", G_hardshrink, NULL, OPS_DT_HardShrinkGrad, gradOutput,
                      "gradOutput", self, "self", output, "output", false, &lambd, 1, workspaceSize,
                      executor);
}
PHASE2(HardShrinkGrad)

aclnnStatus aclnnHardSigmoidGradV2GetWorkspaceSize(const aclTensor *gradOutput,
                                                   const aclTensor *self, aclTensor *gradInput, WS)
{
    return grad_build("aclnnHardSigmoidGradV2", G_hsig, NULL, OPS_DT_HardSigmoidGradV2, gradOutput,
                      "gradOutput", self, "self", gradInput, "gradInput", false, NULL, 0,
                      workspaceSize, executor);
}
PHASE2(HardSigmoidGradV2)

aclnnStatus aclnnLeakyReluGradV2GetWorkspaceSize(const aclTensor *dy, const aclTensor *x,
                                                 double negativeSlope, aclTensor *dx, WS)
{
    return grad_build("aclnnLeakyReluGradV2", G_leaky, NULL, OPS_DT_LeakyReluGradV2, dy, "dy", x,
                      "x", dx, "dx", false, &negativeSlope, 1, workspaceSize, executor);
}
PHASE2(LeakyReluGradV2)

aclnnStatus aclnnTanhGradGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *dx,
                                          WS)
{
    return grad_build("aclnnTanhGrad", G_tanh, NULL, OPS_DT_TanhGrad, dy, "dy", y, "y", dx, "dx",
                      false, NULL, 0, workspaceSize, executor);
}
PHASE2(TanhGrad)

/* ReluGradV3 (x the forward input, y the gradient): z = x > 0 ? y : 0; integers in int64. */
static void i64_relu_grad(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    int64_t *o = o_;
    const int64_t *g = in[0], *x = in[1];
    for (int64_t i = 0; i < n; i++)
        o[i] = x[i] > 0 ? g[i] : 0;
}
aclnnStatus aclnnReluGradV3GetWorkspaceSize(const aclTensor *x, const aclTensor *y, aclTensor *z,
                                            WS)
{
    const double th = 0.0;
    return grad_build("aclnnReluGradV3", G_thresh, i64_relu_grad, OPS_DT_ReluGradV3, y, "y", x, "x",
                      z, "z", true, &th, 1, workspaceSize, executor);
}
PHASE2(ReluGradV3)

/* ReluGradV4: self is ReLU's UINT8 mask {0, 1}; out = self != 0 ? gradOutput : 0, in
 * gradOutput's type; threshold must be 0. */
#define KMASK(NAME, T)                                                                             \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *g = in[0], *m = in[1];                                                            \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = m[i] != 0 ? g[i] : (T)0;                                                        \
    }
KMASK(f32_mask_grad, float)
KMASK(i64_mask_grad, int64_t)

aclnnStatus aclnnReluGradV4GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                            const aclScalar *threshold, aclTensor *out, WS)
{
    const char *name = "aclnnReluGradV4";
    OPS_CHECK_NULLS(name, gradOutput, self, threshold, out, workspaceSize, executor);
    aclnnStatus rc;
    int gdt, sdt, odt;
    if ((rc = ops_check_dims(gradOutput, name, "gradOutput")) ||
        (rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "gradOutput", gradOutput->dtype, OPS_DT_ReluGradV4, &gdt)) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT2_ReluGradV4, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_ReluGradV4, &odt)))
        return rc;
    if (odt != gdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, gradOutput %s", name,
                       ops_dt_name(out->dtype), ops_dt_name(gradOutput->dtype));
    if (ops_scalar_f64(threshold) != 0.0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: threshold is %g (only 0 is supported)", name,
                       ops_scalar_f64(threshold));
    if ((rc = ops_check_shape(name, gradOutput->dims, (int)gradOutput->ndim, self, "self")) ||
        (rc = ops_check_shape(name, gradOutput->dims, (int)gradOutput->ndim, out, "out")))
        return rc;
    bool fl = ops_dt_is_float(gdt);
    struct ew_build b = {.name = name,
                         .nin = 2,
                         .in = {gradOutput, self},
                         .out = out,
                         .ck = fl ? CK_F32 : CK_I64,
                         .rt = fl ? gdt : DT_NONE,
                         .kern = fl ? f32_mask_grad : i64_mask_grad};
    return ew_build_exec(&b, workspaceSize, executor);
}
PHASE2(ReluGradV4)
