/* SPDX-License-Identifier: Apache-2.0 */
/*
 * array_ops.h: the prototypes of a graph's inputs and constants (ge::op::Data,
 * Const, Constant) and of the array types Identity, Reshape, ExpandDims,
 * Squeeze(V3) and Unsqueeze(V3), written with GE's REG_OP macros
 * (graph/operator_reg.h).
 * CANN installs this header with its operator prototypes (op_proto/inc); a
 * graph program includes it beside the prototype headers of the operators it
 * uses (CANN's op_graph/<op>_proto.h, or all_ops.h for the types cpuacl's
 * engine runs: docs/graph.md).
 */
#ifndef CPUACL_ARRAY_OPS_H
#define CPUACL_ARRAY_OPS_H
#ifdef __cplusplus

#include "graph/operator_reg.h"

namespace ge {

/* A graph input: its position is `index` (docs/graph.md, "How a graph runs"). */
REG_OP(Data)
    .INPUT(x, TensorType::ALL())
    .OUTPUT(y, TensorType::ALL())
    .ATTR(index, Int, 0)
    .OP_END_FACTORY_REG(Data)

/* A constant: the value of attribute `value`. */
REG_OP(Const)
    .OUTPUT(y, TensorType::ALL())
    .ATTR(value, Tensor, Tensor())
    .OP_END_FACTORY_REG(Const)

REG_OP(Constant)
    .OUTPUT(y, TensorType::ALL())
    .ATTR(value, Tensor, Tensor())
    .OP_END_FACTORY_REG(Constant)

/* The array types of the engine's table that CANN's graph examples take from this
 * header (their IR names; docs/graph.md, "Operators"). */
REG_OP(Identity)
    .INPUT(x, TensorType::ALL())
    .OUTPUT(y, TensorType::ALL())
    .OP_END_FACTORY_REG(Identity)

REG_OP(Reshape)
    .INPUT(x, TensorType::ALL())
    .INPUT(shape, TensorType({DT_INT32, DT_INT64}))
    .OUTPUT(y, TensorType::ALL())
    .ATTR(axis, Int, 0)
    .ATTR(num_axes, Int, -1)
    .OP_END_FACTORY_REG(Reshape)

REG_OP(ExpandDims)
    .INPUT(x, TensorType::ALL())
    .INPUT(axis, TensorType({DT_INT32, DT_INT64}))
    .OUTPUT(y, TensorType::ALL())
    .OP_END_FACTORY_REG(ExpandDims)

REG_OP(Squeeze)
    .INPUT(x, TensorType::ALL())
    .OUTPUT(y, TensorType::ALL())
    .ATTR(axis, ListInt, {})
    .OP_END_FACTORY_REG(Squeeze)

REG_OP(SqueezeV3)
    .INPUT(x, TensorType::ALL())
    .OPTIONAL_INPUT(axes, TensorType({DT_INT32, DT_INT64}))
    .OUTPUT(y, TensorType::ALL())
    .OP_END_FACTORY_REG(SqueezeV3)

REG_OP(Unsqueeze)
    .INPUT(x, TensorType::ALL())
    .OUTPUT(y, TensorType::ALL())
    .ATTR(axes, ListInt, {})
    .OP_END_FACTORY_REG(Unsqueeze)

REG_OP(UnsqueezeV3)
    .INPUT(x, TensorType::ALL())
    .INPUT(axes, TensorType({DT_INT32, DT_INT64}))
    .OUTPUT(y, TensorType::ALL())
    .OP_END_FACTORY_REG(UnsqueezeV3)

} // namespace ge

#endif /* __cplusplus */
#endif
