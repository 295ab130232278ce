/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops_proto_nn.h: one of the operator-prototype headers CANN installs in op_proto/inc.
 * cpuacl's graph engine runs the types of all_ops.h; this header declares none,
 * not even array_ops.h's Data (programs including it declare their own or
 * include array_ops.h), so that a program including it beside the prototypes it
 * uses (op_graph/<op>_proto.h, REG_OP) builds unchanged (docs/graph.md).
 */
#ifndef CPUACL_OPS_PROTO_NN_H
#define CPUACL_OPS_PROTO_NN_H

#endif
