/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The activation family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): the activations with parameters (activation.c),
 * RReluWithNoise (rrelu.c), ClippedSwiglu(V2), SwigluGroup and ClippedSwigluGrad
 * (clipped_swiglu.c), SituGlu and SituGluGrad (situ_glu.c) and the activations' gradients
 * (backward.c); those without parameters (Relu, Silu, Gelu, Sigmoid, Tanh, Mish, Selu) are
 * elementwise unary rows (elementwise/table.h). The checks take each operator's types from its row
 * (OPS_DT_<Name>, OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here, its header (included
 * by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_ACTIVATION_TABLE_H
#define CPUACL_OPS_ACTIVATION_TABLE_H

#include "ops/engine/optable.h"

#define ACT_OPS(X)                                                                                 \
    X(Elu, elu, OPS_OUT_INPLACE, K(tensor, scalar, scalar, scalar, tensor), DTM_F3, selfRef,       \
      DTM_F3 | DTM(DT_F64))                                                                        \
    X(GeluV2, gelu_v2, OPS_OUT, K(tensor, int64, tensor), DTM_F3, none, 0)                         \
    X(Hardsigmoid, hardsigmoid, OPS_OUT_INPLACE, K(tensor, tensor), DTM_F3 | DTM(DT_I32), none, 0) \
    X(Hardswish, hardswish, OPS_OUT_INPLACE, K(tensor, tensor), DTM_F3, none, 0)                   \
    X(LeakyRelu, leaky_relu, OPS_OUT_INPLACE, K(tensor, scalar, tensor), DTM_F3, selfRef,          \
      DTM_F3 | DTM(DT_F64))                                                                        \
    X(RReluWithNoise, rrelu_with_noise, OPS_OUT_INPLACE,                                           \
      K(tensor, tensor, scalar, scalar, bool, int64, int64, tensor), DTM_F3, lower,                \
      DTM_F3 | DTM(DT_F64))                                                                        \
    X(ClippedSwiglu, clipped_swiglu, OPS_OUT,                                                      \
      K(tensor, tensor, int64, double, double, double, bool, tensor), DTM_F3, groupIndexOptional,  \
      DTM(DT_I64))                                                                                 \
    X(ClippedSwigluV2, clipped_swiglu_v2, OPS_OUT,                                                 \
      K(tensor, tensor, int64, double, double, double, bool, int64, tensor), DTM_F3,               \
      groupIndexOptional, DTM(DT_I64))                                                             \
    X(SwigluGroup, swiglu_group, OPS_OUT, K(tensor, tensor, tensor, double, tensor), DTM_F3,       \
      groupIndexOptional, DTM(DT_I64))                                                             \
    X(ClippedSwigluGrad, clipped_swiglu_grad, OPS_OUT,                                             \
      K(tensor, tensor, tensor, int64, double, double, double, bool, tensor), DTM_F3,              \
      groupIndexOptional, DTM(DT_I64))                                                             \
    X(SituGlu, situ_glu, OPS_OUT, K(tensor, int64, double, double, bool, tensor), DTM_F3, none, 0) \
    X(SituGluGrad, situ_glu_grad, OPS_OUT, K(tensor, tensor, int64, double, double, bool, tensor), \
      DTM_F3, none, 0)                                                                             \
    X(Softplus, softplus, OPS_OUT, K(tensor, scalar, scalar, tensor), DTM_F3, none, 0)             \
    X(Threshold, threshold, OPS_OUT_INPLACE, K(tensor, scalar, scalar, tensor),                    \
      DTM_F3 | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64), threshold,       \
      DTM_ALL)                                                                                     \
    X(SwiGlu, swi_glu, OPS_OUT, K(tensor, int64, tensor), DTM_F3, none, 0)                         \
    X(GeGluV3, geglu, OPS_OUT, K(tensor, int64, int64, bool, tensor, tensor), DTM_F3, none, 0)     \
    X(GeGlu, geglu, OPS_OUT, K(tensor, int64, int64, tensor, tensor), DTM_F3, none, 0)             \
    X(Glu, glu, OPS_OUT, K(tensor, int64, tensor), DTM_F3, none, 0)                                \
    X(Hardtanh, hardtanh, OPS_OUT_INPLACE, K(tensor, scalar, scalar, tensor), DTM_FLOAT, none, 0)  \
    X(Celu, celu, OPS_OUT_INPLACE, K(tensor, scalar, tensor), DTM_FLOAT, none, 0)                  \
    X(Softshrink, softshrink, OPS_OUT, K(tensor, scalar, tensor), DTM_FLOAT, none, 0)              \
    X(Hardshrink, hardshrink, OPS_OUT, K(tensor, scalar, tensor), DTM_FLOAT, none, 0)              \
    X(Swish, swish, OPS_OUT, K(tensor, scalar, tensor), DTM_FLOAT, none, 0)                        \
    X(SigmoidBackward, sigmoid_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_FLOAT, none, 0)   \
    X(TanhBackward, tanh_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_FLOAT, none, 0)         \
    X(SeluBackward, selu_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_FLOAT, none, 0)         \
    X(SiluBackward, silu_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_FLOAT, none, 0)         \
    X(GeluBackward, gelu_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_FLOAT, none, 0)         \
    X(MishBackward, mish_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_FLOAT, none, 0)         \
    X(HardswishBackward, hardswish_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_FLOAT, none,  \
      0)                                                                                           \
    X(HardsigmoidBackward, hardsigmoid_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_FLOAT,    \
      none, 0)                                                                                     \
    X(ThresholdBackward, threshold_backward, OPS_OUT, K(tensor, tensor, scalar, tensor),           \
      DTM_FLOAT, none, 0)                                                                          \
    X(HardtanhBackward, hardtanh_backward, OPS_OUT, K(tensor, tensor, scalar, scalar, tensor),     \
      DTM_FLOAT, none, 0)                                                                          \
    X(SoftshrinkBackward, softshrink_backward, OPS_OUT, K(tensor, tensor, scalar, tensor),         \
      DTM_FLOAT, none, 0)                                                                          \
    X(SwishBackward, swish_backward, OPS_OUT, K(tensor, tensor, scalar, tensor), DTM_FLOAT, none,  \
      0)                                                                                           \
    X(SoftplusBackward, softplus_backward, OPS_OUT, K(tensor, tensor, scalar, scalar, tensor),     \
      DTM_FLOAT, none, 0)                                                                          \
    X(FastGelu, fast_gelu, OPS_OUT, K(tensor, tensor), DTM_F3, none, 0)                            \
    X(Softsign, softsign, OPS_OUT, K(tensor, tensor), DTM_F3, none, 0)                             \
    X(LogSigmoid, logsigmoid, OPS_OUT, K(tensor, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0)      \
    X(LogSigmoidForward, logsigmoid, OPS_OUT, K(tensor, tensor, tensor),                           \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(HardsigmoidV2, hardsigmoid_v2, OPS_OUT_INPLACE, K(tensor, tensor), DTM_F3, none, 0)          \
    X(Shrink, shrink, OPS_OUT, K(tensor, scalar, scalar, tensor), DTM(DT_F32) | DTM(DT_F16), none, \
      0)                                                                                           \
    X(Heaviside, heaviside, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)                   \
    X(AddRelu, add_relu, OPS_OUT_INPLACE, K(tensor, tensor, scalar, tensor), DTM_NUM, none, 0)     \
    X(Prelu, prelu, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)                           \
    X(GluBackward, glu_backward, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_F3, none, 0)       \
    X(GeGluBackward, geglu_backward, OPS_OUT, K(tensor, tensor, tensor, int64, int64, tensor),     \
      DTM_F3, none, 0)                                                                             \
    X(GeGluV3Backward, geglu_backward, OPS_OUT,                                                    \
      K(tensor, tensor, tensor, int64, int64, bool, tensor), DTM_F3, none, 0)                      \
    X(FastGeluBackward, fast_gelu_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)   \
    X(HardswishBackwardV2, hardswish_backward_v2, OPS_OUT, K(tensor, tensor, tensor), DTM_F3,      \
      none, 0)                                                                                     \
    X(SoftsignBackward, softsign_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)    \
    X(LogSigmoidBackward, logsigmoid_backward, OPS_OUT, K(tensor, tensor, tensor, tensor),         \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(HardshrinkBackward, hardshrink_backward, OPS_OUT, K(tensor, tensor, scalar, tensor), DTM_F3, \
      none, 0)                                                                                     \
    X(LeakyReluBackward, leaky_relu_backward, OPS_OUT, K(tensor, tensor, scalar, bool, tensor),    \
      DTM_FLOAT, none, 0)                                                                          \
    X(EluBackward, elu_backward, OPS_OUT, K(tensor, scalar, scalar, scalar, bool, tensor, tensor), \
      DTM_F3, none, 0)                                                                             \
    X(GeluBackwardV2, gelu_backward_v2, OPS_OUT, K(tensor, tensor, string, tensor), DTM_F3, none,  \
      0)                                                                                           \
    X(CeluV2, celu_v2, OPS_OUT, K(tensor, double, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0)     \
    X(CeluV3, celu_v3, OPS_OUT, K(tensor, double, tensor), DTM_F3, none, 0)                        \
    X(EluV2, elu_v2, OPS_OUT, K(tensor, scalar, scalar, scalar, tensor), DTM_F3, none, 0)          \
    X(HardSwishV2, hard_swish_v2, OPS_OUT, K(tensor, tensor), DTM_F3, none, 0)                     \
    X(LeakyreluV2, leakyrelu_v2, OPS_OUT, K(tensor, double, tensor), DTM(DT_F32) | DTM(DT_F16),    \
      none, 0)                                                                                     \
    X(LogsigmoidV2, logsigmoid_v2, OPS_OUT, K(tensor, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0) \
    X(SoftPlusV2, soft_plus_v2, OPS_OUT, K(tensor, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0)    \
    X(SiluMul, silu_mul, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)                      \
    X(FusedBiasLeakyRelu, fused_bias_leaky_relu, OPS_OUT,                                          \
      K(tensor, tensor, double, double, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0)               \
    X(SwigluClamp, swiglu_clamp, OPS_OUT, K(tensor, double, tensor), DTM_F3, none, 0)              \
    X(ReluV3, relu_v3, OPS_OUT, K(tensor, tensor, tensor),                                         \
      DTM_F3 | DTM(DT_I32) | DTM(DT_I8) | DTM(DT_U8), maskOut, DTM(DT_U8))                         \
    X(EluGrad, elu_grad, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)                      \
    X(HardShrinkGrad, hard_shrink_grad, OPS_OUT, K(tensor, tensor, double, tensor), DTM_F3, none,  \
      0)                                                                                           \
    X(HardSigmoidGradV2, hard_sigmoid_grad_v2, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none,   \
      0)                                                                                           \
    X(LeakyReluGradV2, leaky_relu_grad_v2, OPS_OUT, K(tensor, tensor, double, tensor),             \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(TanhGrad, tanh_grad, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)                    \
    X(ReluGradV3, relu_grad_v3, OPS_OUT, K(tensor, tensor, tensor),                                \
      DTM_F3 | DTM(DT_I32) | DTM(DT_I8) | DTM(DT_U8), none, 0)                                     \
    X(ReluGradV4, relu_grad_v4, OPS_OUT, K(tensor, tensor, scalar, tensor),                        \
      DTM_F3 | DTM(DT_I32) | DTM(DT_I8) | DTM(DT_U8), self, DTM(DT_U8))                            \
    X(SquaredRelu, squared_relu, OPS_OUT, K(tensor, tensor), DTM_F3, none, 0)                      \
    X(GeluMul, gelu_mul, OPS_OUT, K(tensor, string, tensor), DTM_F3, none, 0)                      \
    X(FatreluMul, fatrelu_mul, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)                \
    X(SwiGluGrad, swi_glu_grad, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_F3, none, 0)        \
    X(PreluBackward, prelu_backward, OPS_OUT, K(tensor, tensor, tensor, tensor, tensor), DTM_F3,   \
      none, 0)

enum { ACT_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_ACTIVATION_TABLE_H */
