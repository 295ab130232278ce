/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/table.h: the operator types of CANN's IR that cpuacl runs, one
 * row per type, in name order. This is the only list of operator types: GE
 * graphs, aclop and offline models all find a type here (proto_find), and
 * docs/optypes.md is generated from these rows.
 *
 * Row format (one row per line, read by a script; keep it regular):
 *
 *   X(Type, IN("a", "b?", ...), OUT("y", ...), ATTRS(attr, ...), dtypes, rule, kernel)
 *
 *   Type     the IR name (REG_OP(Type) in ops-math / ops-nn op_proto)
 *   IN       the inputs in IR order, by IR name, with a suffix for the kind:
 *            none = required, "?" = OPTIONAL_INPUT, "*" = DYNAMIC_INPUT
 *            (one or more entries), "#" = a required input whose value must
 *            be known on the host (a const input: axes, perm, shape...)
 *   OUT      the outputs in IR order
 *   ATTRS    the attributes in IR order, each
 *              A(name, TYPE, "default")   .ATTR(name, Type, default)
 *              R(name, TYPE)              .REQUIRED_ATTR(name, Type)
 *            TYPE one of BOOL INT FLOAT STRING TYPE LIST_BOOL LIST_INT
 *            LIST_FLOAT LIST_STRING LIST_TYPE LIST_LIST_INT; the default as
 *            text: "false", "-1", "1e-07", "NHWC" (a string is its text),
 *            "DT_INT64" (a type), "1,1,1,1" or "" (lists)
 *   dtypes   the data types of the first input cpuacl accepts, a DTM_*
 *            mask of ops/engine/engine.h (DTM_ALL, DTM_NUM, DTM_FLOAT,
 *            DTM_F3, DTM_INT, DTM_IDX, or DTM(DT_x) | ...)
 *   rule     the shape rule proto_infer_<rule> (output types and shapes)
 *   kernel   the kernel proto_build_<kernel> (the plan on ops/ executors)
 *
 * Rules and kernels live in the family files of this folder: elementwise.c,
 * matmul.c, nn.c (convolution, pooling, softmax, normalisation), shape.c
 * (cast, transpose, reshape, concat, slice) and reduce.c.
 */

/* clang-format off */
X(Add, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_ALL, binary, add)
X(Cast, IN("x"), OUT("y"), ATTRS(R(dst_type, INT)), DTM_ALL, cast, cast)
X(Relu, IN("x"), OUT("y"), ATTRS(), DTM_NUM, unary, relu)
/* clang-format on */
