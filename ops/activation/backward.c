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
    X(gelu_erf, g *H(gelu_erf_grad)(y))

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

/* gradOutput and y (named yname) -> out (named oname); types: the row's mask; sc: the
 * parameters (nsc of them; a NULL one is refused unless optional, which makes it 1). */
static aclnnStatus grad_op(const char *name, int gid, unsigned types, const aclTensor *g,
                           const aclTensor *y, const char *yname, const aclTensor *out,
                           const char *oname, const aclScalar *const *sc, int nsc, bool optional,
                           uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULL(name, g);
    if (!y)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, yname);
    if (!out)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, oname);
    for (int i = 0; i < nsc; i++)
        if (!sc[i] && !optional)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: a scalar parameter is NULL", name);
    OPS_CHECK_NULLS(name, ws, ex);
    aclnnStatus rc;
    int gdt, ydt, odt;
    if ((rc = ops_check_dims(g, name, "gradOutput")) || (rc = ops_check_dims(y, name, yname)) ||
        (rc = ops_check_dims(out, name, oname)) ||
        (rc = ops_need_dt(name, "gradOutput", g->dtype, DTM_ALL, &gdt)) ||
        (rc = ops_need_dt(name, yname, y->dtype, DTM_ALL, &ydt)) ||
        (rc = ops_need_dt(name, oname, out->dtype, types, &odt)))
        return rc;
    int prom = ops_promote(gdt, ydt);
    if (prom < 0 || !(types & DTM(prom)) || !ops_can_cast(prom, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput %s and %s %s cannot give %s %s",
                       name, ops_dt_name(g->dtype), yname, ops_dt_name(y->dtype), oname,
                       ops_dt_name(out->dtype));
    if ((rc = ops_check_shape(name, g->dims, (int)g->ndim, y, yname)) ||
        (rc = ops_check_shape(name, g->dims, (int)g->ndim, out, oname)))
        return rc;
    struct ew_build b = {.name = name,
                         .nin = 2,
                         .in = {g, y},
                         .out = out,
                         .ck = prom == DT_F64 ? CK_F64 : CK_F32,
                         .rt = prom};
    b.kern = g_grad[gid][ew_col(b.ck)];
    for (int i = 0; i < nsc; i++)
        b.p.f[i] = sc[i] ? ops_scalar_f64(sc[i]) : 1.0;
    return ew_build_exec(&b, ws, ex);
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
