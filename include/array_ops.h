/* SPDX-License-Identifier: Apache-2.0 */
/*
 * array_ops.h: the prototypes of a graph's inputs and constants (ge::op::Data,
 * Const, Constant), written with GE's REG_OP macros (graph/operator_reg.h).
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

} // namespace ge

#endif /* __cplusplus */
#endif
