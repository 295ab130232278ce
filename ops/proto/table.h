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
 *            be known on the host (a const input: axes, perm, shape...),
 *            "#?" = an optional one whose value, when given, must be
 *            known on the host (StridedSliceV2's axes and strides)
 *   OUT      the outputs in IR order; "*" = DYNAMIC_OUTPUT (the last one: as
 *            many entries as the node's outputs leave, SplitV's y)
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
 * (cast, transpose, reshape, concat, slice), reduce.c, loss.c (NLLLoss),
 * image.c (Aipp, Resize, GridSampler2D), index.c (NonZero, MaskedSelect, the
 * Unique types) and detect.c (NonMaxSuppressionV6): the last two are types whose
 * outputs have data-dependent dims (proto_op's bound).
 */

/* clang-format off */
X(Abs, IN("x"), OUT("y"), ATTRS(), DTM_NUM, unary, abs)
X(Acos, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, acos)
X(Acosh, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, acosh)
X(Add, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_ALL, binary, add)
X(Aipp, IN("images", "params?"), OUT("features"), ATTRS(A(aipp_config_path, STRING, "./aipp.cfg")), DTM(DT_U8), aipp, aipp)
X(ArgMaxV2, IN("x", "dimension#"), OUT("y"), ATTRS(A(dtype, TYPE, "DT_INT64")), DTM_NUM, arg_max, arg_max)
X(ArgMin, IN("x", "dimension#"), OUT("y"), ATTRS(A(dtype, TYPE, "DT_INT64")), DTM_NUM, arg_max, arg_min)
X(Asin, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, asin)
X(Asinh, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, asinh)
X(Atan, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, atan)
X(Atanh, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, atanh)
X(AvgPool, IN("x"), OUT("y"), ATTRS(R(ksize, LIST_INT), R(strides, LIST_INT), R(padding, STRING), A(data_format, STRING, "NHWC")), DTM_FLOAT, pool, avg_pool)
X(AvgPool3D, IN("x"), OUT("y"), ATTRS(R(ksize, LIST_INT), R(strides, LIST_INT), R(pads, LIST_INT), A(ceil_mode, BOOL, "false"), A(count_include_pad, BOOL, "true"), A(divisor_override, INT, "0"), A(data_format, STRING, "NDHWC")), DTM_FLOAT, pool3d, avg_pool3d)
X(BatchMatMul, IN("x1", "x2"), OUT("y"), ATTRS(A(adj_x1, BOOL, "false"), A(adj_x2, BOOL, "false")), DTM_FLOAT, matmul, matmul)
X(BatchMatMulV2, IN("x1", "x2", "bias?", "offset_w?"), OUT("y"), ATTRS(A(adj_x1, BOOL, "false"), A(adj_x2, BOOL, "false"), A(offset_x, INT, "0")), DTM_FLOAT, matmul, matmul)
X(BiasAdd, IN("x", "bias"), OUT("y"), ATTRS(A(data_format, STRING, "NHWC")), DTM_NUM, bias_add, bias_add)
X(Cast, IN("x"), OUT("y"), ATTRS(R(dst_type, INT)), DTM_ALL, cast, cast)
X(Ceil, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, ceil)
X(ConcatD, IN("x*"), OUT("y"), ATTRS(R(concat_dim, INT), A(N, INT, "1")), DTM_ALL, concat, concat)
X(ConcatV2, IN("x*", "concat_dim#"), OUT("y"), ATTRS(A(N, INT, "1")), DTM_ALL, concat, concat)
X(Conv2D, IN("x", "filter", "bias?", "offset_w?"), OUT("y"), ATTRS(R(strides, LIST_INT), R(pads, LIST_INT), A(dilations, LIST_INT, "1,1,1,1"), A(groups, INT, "1"), A(data_format, STRING, "NHWC"), A(offset_x, INT, "0")), DTM_F3, conv2d, conv2d)
X(Conv2DTranspose, IN("input_size#", "x", "filter", "bias?", "offset_w?"), OUT("y"), ATTRS(R(strides, LIST_INT), R(pads, LIST_INT), A(dilations, LIST_INT, "1,1,1,1"), A(groups, INT, "1"), A(data_format, STRING, "NHWC"), A(output_padding, LIST_INT, "0,0,0,0"), A(offset_x, INT, "0")), DTM_IDX, conv2d_transpose, conv2d_transpose)
X(Conv3D, IN("x", "filter", "bias?", "offset_w?"), OUT("y"), ATTRS(R(strides, LIST_INT), R(pads, LIST_INT), A(dilations, LIST_INT, "1,1,1,1,1"), A(groups, INT, "1"), A(data_format, STRING, "NDHWC"), A(offset_x, INT, "0")), DTM_F3, conv3d, conv3d)
X(Conv3DTranspose, IN("input_size#", "x", "filter", "bias?", "offset_w?"), OUT("y"), ATTRS(R(strides, LIST_INT), R(pads, LIST_INT), A(dilations, LIST_INT, "1,1,1,1,1"), A(groups, INT, "1"), A(data_format, STRING, "NDHWC"), A(output_padding, LIST_INT, "0,0,0,0,0"), A(offset_x, INT, "0")), DTM_IDX, conv3d_transpose, conv3d_transpose)
X(Cos, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, cos)
X(Cosh, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, cosh)
X(Cumsum, IN("x", "axis"), OUT("y"), ATTRS(A(exclusive, BOOL, "false"), A(reverse, BOOL, "false")), DTM_NUM, cumsum, cumsum)
X(Div, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary, div)
X(Elu, IN("x"), OUT("y"), ATTRS(A(alpha, FLOAT, "1.0"), A(scale, FLOAT, "1.0"), A(input_scale, FLOAT, "1.0")), DTM_FLOAT, unary, elu)
X(Equal, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_ALL, compare, equal)
X(Erf, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, erf)
X(Exp, IN("x"), OUT("y"), ATTRS(A(base, FLOAT, "-1.0"), A(scale, FLOAT, "1.0"), A(shift, FLOAT, "0.0")), DTM_FLOAT, exp_log, exp)
X(Expand, IN("x", "shape#"), OUT("y"), ATTRS(), DTM_ALL, expand, expand)
X(ExpandDims, IN("x", "axis#"), OUT("y"), ATTRS(), DTM_ALL, expand_dims, copy)
X(Fill, IN("dims#", "value"), OUT("y"), ATTRS(), DTM_IDX, fill, fill)
X(Floor, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, floor)
X(FloorMod, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary, floor_mod)
X(GatherElements, IN("x", "index"), OUT("y"), ATTRS(A(dim, INT, "0")), DTM_ALL, gather_elements, gather_elements)
X(GatherV2, IN("x", "indices", "axis#"), OUT("y"), ATTRS(A(batch_dims, INT, "0"), A(is_preprocessed, BOOL, "false"), A(negative_index_support, BOOL, "false")), DTM_ALL, gather, gather)
X(Gelu, IN("x"), OUT("y"), ATTRS(), DTM_F3, unary, gelu)
X(GeluV2, IN("x"), OUT("y"), ATTRS(A(approximate, STRING, "none")), DTM_F3, gelu_v2, gelu_v2)
X(Greater, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, compare, greater)
X(GreaterEqual, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, compare, greater_equal)
X(GridSampler2D, IN("x", "grid"), OUT("y"), ATTRS(A(interpolation_mode, STRING, "bilinear"), A(padding_mode, STRING, "zeros"), A(align_corners, BOOL, "false")), DTM_FLOAT, grid_sampler2d, grid_sampler2d)
X(Identity, IN("x"), OUT("y"), ATTRS(), DTM_ALL, unary, copy)
X(IsNan, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, predicate, is_nan)
X(IsNegInf, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, predicate, is_neg_inf)
X(IsPosInf, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, predicate, is_pos_inf)
X(LayerNorm, IN("x", "gamma", "beta"), OUT("y", "mean", "variance"), ATTRS(A(begin_norm_axis, INT, "0"), A(begin_params_axis, INT, "0"), A(epsilon, FLOAT, "1e-07")), DTM(DT_F32), layer_norm, layer_norm)
X(LeakyRelu, IN("x"), OUT("y"), ATTRS(A(negative_slope, FLOAT, "0.0")), DTM_FLOAT, unary, leaky_relu)
X(LeftShift, IN("x", "y"), OUT("z"), ATTRS(), DTM_INT | DTM_UWIDE, binary, left_shift)
X(Less, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, compare, less)
X(LessEqual, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, compare, less_equal)
X(Log, IN("x"), OUT("y"), ATTRS(A(base, FLOAT, "-1.0"), A(scale, FLOAT, "1.0"), A(shift, FLOAT, "0.0")), DTM_FLOAT, exp_log, log)
X(LogMatrixDeterminant, IN("x"), OUT("sign", "y"), ATTRS(), DTM(DT_F32) | DTM(DT_F64), log_matrix_determinant, log_matrix_determinant)
X(LogSoftmaxV2, IN("logits"), OUT("logsoftmax"), ATTRS(A(axes, LIST_INT, "-1")), DTM_FLOAT, softmax, log_softmax)
X(LogicalAnd, IN("x1", "x2"), OUT("y"), ATTRS(), DTM(DT_BOOL), compare, logical_and)
X(LogicalNot, IN("x"), OUT("y"), ATTRS(), DTM(DT_BOOL), unary, logical_not)
X(LogicalOr, IN("x1", "x2"), OUT("y"), ATTRS(), DTM(DT_BOOL), compare, logical_or)
X(MaskedSelect, IN("x", "mask"), OUT("y"), ATTRS(), DTM_ALL, masked_select, masked_select)
X(MatMul, IN("x1", "x2", "bias?"), OUT("y"), ATTRS(A(transpose_x1, BOOL, "false"), A(transpose_x2, BOOL, "false")), DTM_FLOAT, matmul, matmul)
X(MatMulV2, IN("x1", "x2", "bias?", "offset_w?"), OUT("y"), ATTRS(A(transpose_x1, BOOL, "false"), A(transpose_x2, BOOL, "false"), A(offset_x, INT, "0")), DTM_FLOAT, matmul, matmul)
X(MaxPool, IN("x"), OUT("y"), ATTRS(R(ksize, LIST_INT), R(strides, LIST_INT), R(padding, STRING), A(data_format, STRING, "NHWC")), DTM_FLOAT | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16), pool, max_pool)
X(MaxPool3D, IN("x"), OUT("y"), ATTRS(R(ksize, LIST_INT), R(strides, LIST_INT), R(padding, STRING), A(pads, LIST_INT, "0,0,0,0,0,0"), A(dilation, LIST_INT, "1,1,1,1,1"), A(ceil_mode, INT, "0"), A(data_format, STRING, "NDHWC")), DTM_FLOAT, pool3d, max_pool3d)
X(MaxPoolWithArgmaxV3, IN("x"), OUT("y", "argmax"), ATTRS(R(ksize, LIST_INT), R(strides, LIST_INT), R(pads, LIST_INT), A(dtype, INT, "3"), A(dilation, LIST_INT, "1,1"), A(ceil_mode, BOOL, "false"), A(data_format, STRING, "NCHW")), DTM_F3, pool_argmax, max_pool_argmax)
X(Maximum, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary, maximum)
X(Minimum, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary, minimum)
X(Mul, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary_promote, mul)
X(NLLLoss, IN("x", "target", "weight?"), OUT("y", "total_weight"), ATTRS(A(reduction, STRING, "mean"), A(ignore_index, INT, "-100")), DTM_FLOAT, nll_loss, nll_loss)
X(Neg, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT | DTM(DT_I8) | DTM(DT_I32) | DTM(DT_I64), unary, neg)
X(NonMaxSuppressionV6, IN("boxes", "scores", "max_output_size?", "iou_threshold?", "score_threshold?"), OUT("selected_indices"), ATTRS(A(center_point_box, INT, "0"), A(max_boxes_size, INT, "0")), DTM(DT_F32) | DTM(DT_F16), nms_v6, nms_v6)
X(NonZero, IN("x"), OUT("y"), ATTRS(A(transpose, BOOL, "false"), A(dtype, TYPE, "DT_INT64")), DTM_ALL, non_zero, non_zero)
X(NotEqual, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_ALL, compare, not_equal)
X(OneHot, IN("x", "depth#", "on_value", "off_value"), OUT("y"), ATTRS(A(axis, INT, "-1")), DTM(DT_U8) | DTM_IDX, one_hot, one_hot)
X(Pack, IN("x*"), OUT("y"), ATTRS(A(axis, INT, "0"), A(N, INT, "1")), DTM_ALL, pack, pack)
X(PadV3, IN("x", "paddings#", "constant_values?"), OUT("y"), ATTRS(A(mode, STRING, "constant"), A(paddings_contiguous, BOOL, "true")), DTM_ALL, pad_v3, pad_v3)
X(Pow, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary_promote, pow)
X(Range, IN("start#", "limit#", "delta#"), OUT("y"), ATTRS(), DTM_NUM, range, range)
X(RealDiv, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary, real_div)
X(ReduceMax, IN("x", "axes#"), OUT("y"), ATTRS(A(keep_dims, BOOL, "false"), A(noop_with_empty_axes, BOOL, "true")), DTM_NUM, reduce, reduce_max)
X(ReduceMean, IN("x", "axes#"), OUT("y"), ATTRS(A(keep_dims, BOOL, "false"), A(noop_with_empty_axes, BOOL, "true")), DTM_NUM, reduce, reduce_mean)
X(ReduceMeanD, IN("x"), OUT("y"), ATTRS(R(axes, LIST_INT), A(keep_dims, BOOL, "false"), A(noop_with_empty_axes, BOOL, "false")), DTM_F3, reduce, reduce_mean)
X(ReduceMin, IN("x", "axes#"), OUT("y"), ATTRS(A(keep_dims, BOOL, "false"), A(noop_with_empty_axes, BOOL, "true")), DTM_NUM, reduce, reduce_min)
X(ReduceProd, IN("x", "axes#"), OUT("y"), ATTRS(A(keep_dims, BOOL, "false"), A(noop_with_empty_axes, BOOL, "true")), DTM_NUM, reduce, reduce_prod)
X(ReduceSum, IN("x", "axes#"), OUT("y"), ATTRS(A(keep_dims, BOOL, "false"), A(noop_with_empty_axes, BOOL, "true")), DTM_NUM, reduce, reduce_sum)
X(ReduceSumD, IN("x"), OUT("y"), ATTRS(R(axes, LIST_INT), A(keep_dims, BOOL, "false")), DTM_F3, reduce, reduce_sum)
X(Relu, IN("x"), OUT("y"), ATTRS(), DTM_NUM, unary, relu)
X(Reshape, IN("x", "shape#"), OUT("y"), ATTRS(A(axis, INT, "0"), A(num_axes, INT, "-1"), A(allowzero, INT, "0")), DTM_ALL, reshape, copy)
X(Resize, IN("x", "roi#?", "scales#?", "sizes#?"), OUT("y"), ATTRS(A(coordinate_transformation_mode, STRING, "half_pixel"), A(cubic_coeff_a, FLOAT, "-0.75"), A(exclude_outside, INT, "0"), A(extrapolation_value, FLOAT, "0.0"), A(mode, STRING, "nearest"), A(nearest_mode, STRING, "round_prefer_floor")), DTM_NUM, resize, resize)
X(RightShift, IN("x", "y"), OUT("z"), ATTRS(), DTM_INT | DTM_UWIDE, binary, right_shift)
X(RmsNorm, IN("x", "gamma"), OUT("y", "rstd"), ATTRS(A(epsilon, FLOAT, "1e-06")), DTM_F3, rms_norm, rms_norm)
X(Round, IN("x"), OUT("y"), ATTRS(A(decimals, INT, "0")), DTM_FLOAT | DTM(DT_I32) | DTM(DT_I64), unary, round)
X(Rsqrt, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, rsqrt)
X(ScatterElements, IN("data", "indices", "updates"), OUT("y"), ATTRS(A(axis, INT, "0"), A(reduction, STRING, "none")), DTM_NUM, scatter_elements, scatter_elements)
X(SelectV2, IN("condition", "then", "else"), OUT("result"), ATTRS(), DTM(DT_BOOL), select, select)
X(Shrink, IN("input_x"), OUT("output_y"), ATTRS(A(lambd, FLOAT, "0.5"), A(bias, FLOAT, "0.0")), DTM_FLOAT, unary, shrink)
X(Sigmoid, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, sigmoid)
X(Sign, IN("x"), OUT("y"), ATTRS(), DTM_NUM, unary, sign)
X(Sin, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, sin)
X(Sinh, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, sinh)
X(Slice, IN("x", "offsets#", "size#"), OUT("y"), ATTRS(), DTM_ALL, slice, slice)
X(SoftmaxV2, IN("x"), OUT("y"), ATTRS(A(axes, LIST_INT, "-1"), A(half_to_float, BOOL, "false")), DTM_FLOAT, softmax, softmax)
X(Softplus, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, softplus)
X(Softsign, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, softsign)
X(SplitV, IN("x", "size_splits#", "split_dim#"), OUT("y*"), ATTRS(R(num_split, INT)), DTM_ALL, split_v, split_v)
X(Sqrt, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, sqrt)
X(Square, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT | DTM(DT_I32) | DTM(DT_I64), unary, square)
X(Squeeze, IN("x"), OUT("y"), ATTRS(A(axis, LIST_INT, "")), DTM_ALL, squeeze, copy)
X(SqueezeV3, IN("x", "axes#?"), OUT("y"), ATTRS(), DTM_ALL, squeeze_v3, copy)
X(StridedSliceV2, IN("x", "begin#", "end#", "axes#?", "strides#?"), OUT("y"), ATTRS(A(begin_mask, INT, "0"), A(end_mask, INT, "0"), A(ellipsis_mask, INT, "0"), A(new_axis_mask, INT, "0"), A(shrink_axis_mask, INT, "0")), DTM_ALL, strided_slice_v2, strided_slice_v2)
X(Sub, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary, sub)
X(Tan, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, tan)
X(Tanh, IN("x"), OUT("y"), ATTRS(), DTM_FLOAT, unary, tanh)
X(Tile, IN("x", "multiples#"), OUT("y"), ATTRS(), DTM_ALL, tile, tile)
X(TopKV2, IN("x", "k#"), OUT("values", "indices"), ATTRS(A(sorted, BOOL, "true"), A(dim, INT, "-1"), A(largest, BOOL, "true"), A(indices_dtype, INT, "3")), DTM(DT_F32) | DTM(DT_F64) | DTM_IDX, top_k, top_k)
X(Transpose, IN("x", "perm#"), OUT("y"), ATTRS(), DTM_ALL, transpose, transpose)
X(Tril, IN("x"), OUT("y"), ATTRS(A(diagonal, INT, "0")), DTM_ALL, tri, tril)
X(Trilu, IN("x", "k?"), OUT("y"), ATTRS(A(upper, INT, "0")), DTM_ALL, trilu, trilu)
X(Triu, IN("x"), OUT("y"), ATTRS(A(diagonal, INT, "0")), DTM_ALL, tri, triu)
X(TruncateMod, IN("x1", "x2"), OUT("y"), ATTRS(), DTM_NUM, binary, truncate_mod)
X(UniqueDim, IN("x"), OUT("y", "idx", "count"), ATTRS(A(dim, INT, "0"), A(sorted, BOOL, "true"), A(return_inverse, BOOL, "false"), A(return_counts, BOOL, "false")), DTM_ALL, unique, unique)
X(UniqueWithCountsAndSorting, IN("x"), OUT("y", "indices", "counts"), ATTRS(A(return_inverse, BOOL, "false"), A(return_counts, BOOL, "false"), A(sorted, BOOL, "true"), A(out_idx, TYPE, "DT_INT64")), DTM_ALL, unique, unique)
X(Unsqueeze, IN("x"), OUT("y"), ATTRS(A(axes, LIST_INT, "")), DTM_ALL, unsqueeze, copy)
X(UnsqueezeV3, IN("x", "axes#"), OUT("y"), ATTRS(), DTM_ALL, unsqueeze_v3, copy)
/* clang-format on */
