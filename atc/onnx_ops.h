/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx_ops.h: the ONNX operators atc converts, one row per ONNX op in
 * name order, with the converter that maps it and the CANN IR types
 * (ops/proto/table.h) the converter emits. This is a mapping onto the one
 * table of operator types, not a list of types: every name in the third
 * column must be a row of ops/proto/table.h (tests/docs/gen_onnx_ops.py
 * checks it and generates the coverage table of docs/atc.md from these rows).
 *
 * Row format (one row per line, read by a script; keep it regular):
 *
 *   M(OnnxOp, converter, "CannType CannType ...", "restrictions")
 *
 *   converter  the function conv_<converter> of atc/onnx_graph.cc
 *   restrictions  what atc refuses of the ONNX op (shown in docs/atc.md);
 *                 "" = the whole op as ONNX opsets 11-17 define it
 */

/* clang-format off */
M(Abs, unary, "Abs", "")
M(Add, binary, "Add", "")
M(ArgMax, arg_max, "ArgMaxV2 ExpandDims GatherV2 Sub", "select_last_index=1: the axis size known (the reversed data's first maximum)")
M(AveragePool, pool, "AvgPool AvgPool3D Unsqueeze Squeeze", "1-D (as 2-D on [N, C, 1, L]) and 2-D: pads 0 (VALID) or TF SAME pads, ceil_mode=0, count_include_pad=1 with pads refused; 3-D (5-D X): AvgPool3D on NCDHW with any pads (equal or not), auto_pad, ceil_mode and count_include_pad")
M(BatchNormalization, batch_norm, "Mul Add Sqrt Div Sub Reshape", "inference form (training_mode 0); constant float parameters are folded into one Mul + Add")
M(Cast, cast, "Cast", "")
M(CastLike, cast_like, "Cast", "")
M(Clip, clip, "Maximum Minimum Identity", "")
M(Concat, concat, "ConcatV2", "")
M(Constant, constant, "", "value (tensor), value_float(s), value_int(s)")
M(Conv, conv, "Conv2D Conv3D Unsqueeze Squeeze", "1-D (3-D x and W, as 2-D on [N, C, 1, L]), 2-D (4-D x and W) and 3-D (5-D x and W: Conv3D on NCDHW); auto_pad NOTSET, VALID, SAME_UPPER/LOWER; pads equal before and after")
M(Cos, unary, "Cos", "")
M(CumSum, cumsum, "Cumsum", "axis constant")
M(Div, binary, "Div", "")
M(Dropout, identity, "Identity", "inference (mask output refused)")
M(Elu, elu, "Elu", "")
M(Equal, binary, "Equal", "")
M(Erf, erf_gelu, "GeluV2", "only inside the GELU subgraph PyTorch exports, 0.5 * (x * (1 + Erf(x / sqrt 2))): one GeluV2; a lone Erf refused")
M(Exp, unary, "Exp", "")
M(Flatten, flatten, "Reshape", "input dims after axis known")
M(Gather, gather, "GatherV2", "")
M(Gemm, gemm, "MatMulV2 Mul Add", "A and B 2-D")
M(GlobalAveragePool, global_avg_pool, "ReduceMeanD", "")
M(Identity, identity, "Identity", "")
M(LayerNormalization, layer_norm, "LayerNorm Add Rsqrt", "stash_type 1")
M(LeakyRelu, leaky_relu, "LeakyRelu", "")
M(Log, unary, "Log", "")
M(LogSoftmax, softmax, "LogSoftmaxV2", "opset < 13: axis must be the last")
M(MatMul, matmul, "MatMulV2 BatchMatMulV2", "operands of rank >= 2")
M(Max, variadic, "Maximum Identity", "")
M(MaxPool, pool, "MaxPool MaxPool3D Unsqueeze Squeeze", "1-D (as 2-D on [N, C, 1, L]) and 2-D: pads 0 (VALID) or TF SAME pads, ceil_mode=0; 3-D (5-D X): MaxPool3D on NCDHW, padding CALCULATED with any pads, auto_pad, ceil_mode; dilations 1; Indices output refused")
M(Mean, mean, "Add Identity Mul", "float and double")
M(Min, variadic, "Minimum Identity", "")
M(Mul, binary, "Mul", "")
M(Neg, unary, "Neg", "")
M(Pow, pow, "Pow Cast", "")
M(Reciprocal, reciprocal, "Div", "float and double")
M(ReduceL1, reduce, "ReduceSum Abs", "axes constant")
M(ReduceL2, reduce, "ReduceSum Square Sqrt", "axes constant")
M(ReduceLogSum, reduce, "ReduceSum Log", "axes constant")
M(ReduceLogSumExp, reduce, "ReduceSum Exp Log", "axes constant; computed as Log(ReduceSum(Exp(x))) (no max shift)")
M(ReduceMean, reduce, "ReduceMean", "axes constant")
M(ReduceSum, reduce, "ReduceSum", "axes constant")
M(ReduceSumSquare, reduce, "ReduceSum Square", "axes constant")
M(Relu, unary, "Relu", "")
M(Reshape, reshape, "Reshape", "shape constant; allowzero=0")
M(Shape, shape, "", "a constant: every dim known at conversion")
M(Sigmoid, unary, "Sigmoid", "")
M(Sin, unary, "Sin", "")
M(Softmax, softmax, "SoftmaxV2", "opset < 13: axis must be the last")
M(Softplus, unary, "Softplus", "")
M(Split, split, "Slice", "split sizes constant; without them the dim must divide evenly")
M(Sqrt, unary, "Sqrt", "")
M(Squeeze, squeeze, "Squeeze", "axes constant")
M(Sub, binary, "Sub", "")
M(Sum, variadic, "Add Identity", "")
M(Tanh, unary, "Tanh", "")
M(Tile, tile, "Tile", "repeats constant")
M(Transpose, transpose, "Transpose", "")
M(Unsqueeze, unsqueeze, "Unsqueeze", "axes constant")
/* clang-format on */
