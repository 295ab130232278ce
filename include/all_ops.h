/* SPDX-License-Identifier: Apache-2.0 */
/*
 * all_ops.h: GE operator prototypes (ge::op::*) for the operators cpuacl's
 * graph engine runs, with GE's input, output and attribute names. What each
 * computes and which attribute values are supported: docs/graph.md.
 */
#ifndef CPUACL_ALL_OPS_H
#define CPUACL_ALL_OPS_H
#ifdef __cplusplus

#include <string>
#include <vector>

#include "array_ops.h" /* Data, Const, Constant, Reshape, Identity, Squeeze, ... */
#include "graph/operator_reg.h"

namespace ge {
namespace op {

#define CPUACL_BINARY_OP(T)                                                                        \
    CPUACL_OP_BEGIN(T)                                                                             \
    CPUACL_OP_INPUT(x1)                                                                            \
    CPUACL_OP_INPUT(x2)                                                                            \
    CPUACL_OP_OUTPUT(y)                                                                            \
    CPUACL_OP_END()
CPUACL_BINARY_OP(Add)
CPUACL_BINARY_OP(Sub)
CPUACL_BINARY_OP(Mul)
CPUACL_BINARY_OP(Div)
CPUACL_BINARY_OP(RealDiv)
#undef CPUACL_BINARY_OP

#define CPUACL_UNARY_OP(T)                                                                         \
    CPUACL_OP_BEGIN(T)                                                                             \
    CPUACL_OP_INPUT(x)                                                                             \
    CPUACL_OP_OUTPUT(y)                                                                            \
    CPUACL_OP_END()
CPUACL_UNARY_OP(Relu)
CPUACL_UNARY_OP(Sigmoid)
CPUACL_UNARY_OP(Tanh)
CPUACL_UNARY_OP(Exp)
CPUACL_UNARY_OP(Sqrt)
#undef CPUACL_UNARY_OP

CPUACL_OP_BEGIN(Cast)
CPUACL_OP_INPUT(x)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(dst_type, int64_t)
CPUACL_OP_ATTR(truncate, bool)
CPUACL_OP_END()

CPUACL_OP_BEGIN(MatMul)
CPUACL_OP_INPUT(x1)
CPUACL_OP_INPUT(x2)
CPUACL_OP_INPUT(bias)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(transpose_x1, bool)
CPUACL_OP_ATTR(transpose_x2, bool)
CPUACL_OP_END()

CPUACL_OP_BEGIN(MatMulV2)
CPUACL_OP_INPUT(x1)
CPUACL_OP_INPUT(x2)
CPUACL_OP_INPUT(bias)
CPUACL_OP_INPUT(offset_w)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(transpose_x1, bool)
CPUACL_OP_ATTR(transpose_x2, bool)
CPUACL_OP_ATTR(offset_x, int64_t)
CPUACL_OP_END()

CPUACL_OP_BEGIN(BatchMatMul)
CPUACL_OP_INPUT(x1)
CPUACL_OP_INPUT(x2)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(adj_x1, bool)
CPUACL_OP_ATTR(adj_x2, bool)
CPUACL_OP_END()

CPUACL_OP_BEGIN(SoftmaxV2)
CPUACL_OP_INPUT(x)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(axes, std::vector<int64_t>)
CPUACL_OP_ATTR(half_to_float, bool)
CPUACL_OP_END()

CPUACL_OP_BEGIN(LayerNorm)
CPUACL_OP_INPUT(x)
CPUACL_OP_INPUT(gamma)
CPUACL_OP_INPUT(beta)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_OUTPUT(mean)
CPUACL_OP_OUTPUT(variance)
CPUACL_OP_ATTR(begin_norm_axis, int64_t)
CPUACL_OP_ATTR(begin_params_axis, int64_t)
CPUACL_OP_ATTR(epsilon, float)
CPUACL_OP_END()

CPUACL_OP_BEGIN(ReduceSum)
CPUACL_OP_INPUT(x)
CPUACL_OP_INPUT(axes)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(keep_dims, bool)
CPUACL_OP_END()

CPUACL_OP_BEGIN(ReduceMean)
CPUACL_OP_INPUT(x)
CPUACL_OP_INPUT(axes)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(keep_dims, bool)
CPUACL_OP_ATTR(noop_with_empty_axes, bool)
CPUACL_OP_END()

CPUACL_OP_BEGIN(Transpose)
CPUACL_OP_INPUT(x)
CPUACL_OP_INPUT(perm)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_END()

CPUACL_OP_BEGIN(ConcatV2)
CPUACL_OP_DYNAMIC_INPUT(x)
CPUACL_OP_INPUT(concat_dim)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(N, int64_t)
CPUACL_OP_END()

CPUACL_OP_BEGIN(SplitV)
CPUACL_OP_INPUT(x)
CPUACL_OP_INPUT(size_splits)
CPUACL_OP_INPUT(split_dim)
CPUACL_OP_DYNAMIC_OUTPUT(y)
CPUACL_OP_ATTR(num_split, int64_t)
CPUACL_OP_END()

CPUACL_OP_BEGIN(Conv2D)
CPUACL_OP_INPUT(x)
CPUACL_OP_INPUT(filter)
CPUACL_OP_INPUT(bias)
CPUACL_OP_INPUT(offset_w)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(strides, std::vector<int64_t>)
CPUACL_OP_ATTR(pads, std::vector<int64_t>)
CPUACL_OP_ATTR(dilations, std::vector<int64_t>)
CPUACL_OP_ATTR(groups, int64_t)
CPUACL_OP_ATTR(data_format, std::string)
CPUACL_OP_ATTR(offset_x, int64_t)
CPUACL_OP_END()

CPUACL_OP_BEGIN(BiasAdd)
CPUACL_OP_INPUT(x)
CPUACL_OP_INPUT(bias)
CPUACL_OP_OUTPUT(y)
CPUACL_OP_ATTR(data_format, std::string)
CPUACL_OP_END()

#define CPUACL_POOL_OP(T)                                                                          \
    CPUACL_OP_BEGIN(T)                                                                             \
    CPUACL_OP_INPUT(x)                                                                             \
    CPUACL_OP_OUTPUT(y)                                                                            \
    CPUACL_OP_ATTR(ksize, std::vector<int64_t>)                                                    \
    CPUACL_OP_ATTR(strides, std::vector<int64_t>)                                                  \
    CPUACL_OP_ATTR(padding, std::string)                                                           \
    CPUACL_OP_ATTR(data_format, std::string)                                                       \
    CPUACL_OP_END()
CPUACL_POOL_OP(MaxPool)
CPUACL_POOL_OP(AvgPool)
#undef CPUACL_POOL_OP

} // namespace op
} // namespace ge

#endif /* __cplusplus */
#endif
