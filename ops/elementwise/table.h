/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The elementwise family's declaration list: each unary operator declared
 * once. unary.c generates from EW_UNARY_OPS the operator index, the float /
 * double kernels, the kernel table, the argument rules and the public entry
 * points (aclnnXxxGetWorkspaceSize + aclnnXxx, and the in-place pair); the
 * ctest ops_table (tests/ops/check_table.py) checks the list against the
 * public headers (include/aclnnop/) and docs/operators.md. Adding a unary
 * operator: one row here, its header, its docs row.
 *
 * X(Name, header, FORMS, IN, OUT, INPLACE, RESULT, FORMULA, I64):
 *   Name     the aclnn name: aclnn##Name (and aclnnInplace##Name)
 *   header   the public header: aclnnop/aclnn_##header.h
 *   FORMS    EW_OUT (aclnnName only) or EW_INPLACE (also aclnnInplaceName)
 *   IN, OUT, INPLACE  the data types (DTM_* masks) of self, out and the
 *            in-place form's selfRef; others are refused with 161002
 *   RESULT   the result type: UR_SAME self's type, UR_FLOAT self's type if
 *            floating else FLOAT (S4), UR_EXACT self's type, and out must be
 *            of that type; any other result must cast to out's type
 *   FORMULA  out as an expression of x for float and double: T is the type,
 *            F(fn) the math function fn for T (expf or exp), C(c) the
 *            constant c of type T
 *   I64      the kernel for integer and bool results (int64 compute kind),
 *            NULL when IN and RESULT never give an integer result
 */
#ifndef CPUACL_OPS_ELEMENTWISE_TABLE_H
#define CPUACL_OPS_ELEMENTWISE_TABLE_H

#define EW_DTM_SIGNED (DTM_FLOAT | DTM(DT_I8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64))
#define EW_DTM_RELU (DTM_FLOAT | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I32) | DTM(DT_I64))
#define EW_DTM_EXP (DTM_FLOAT | DTM(DT_BOOL) | DTM(DT_I64))
#define EW_GELU_K 0.7978845608028654 /* sqrt(2 / pi) */

/* gelu: 0.5 x (1 + tanh(u)) == x / (1 + e^(-2u)): no cancellation for x << 0 */
#define EW_UNARY_OPS(X)                                                                            \
    X(Neg, neg, EW_INPLACE, EW_DTM_SIGNED, DTM_ALL, EW_DTM_SIGNED, UR_SAME, -x, i64_neg)           \
    X(Abs, abs, EW_OUT, DTM_ALL, DTM_ALL, DTM_ALL, UR_SAME, F(fabs)(x), i64_abs)                   \
    X(Exp, exp, EW_INPLACE, EW_DTM_EXP, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(exp)(x), NULL)           \
    X(Exp2, exp2, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(exp2)(x), NULL)           \
    X(Log, log, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(log)(x), NULL)              \
    X(Log2, log2, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(log2)(x), NULL)           \
    X(Log10, log10, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(log10)(x), NULL)        \
    X(Sqrt, sqrt, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(sqrt)(x), NULL)           \
    X(Rsqrt, rsqrt, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, C(1.0) / F(sqrt)(x),      \
      NULL)                                                                                        \
    X(Sin, sin, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(sin)(x), NULL)              \
    X(Cos, cos, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(cos)(x), NULL)              \
    X(Sign, sign, EW_OUT, DTM_ALL, DTM_ALL, DTM_ALL, UR_SAME, x != x ? x : (T)((x > 0) - (x < 0)), \
      i64_sign)                                                                                    \
    X(Relu, relu, EW_INPLACE, EW_DTM_RELU, DTM_ALL, EW_DTM_RELU, UR_SAME,                          \
      (x > 0 || x != x) ? x : C(0.0), i64_relu)                                                    \
    X(Silu, silu, EW_OUT, DTM_F3, DTM_F3, DTM_F3, UR_SAME, x / (C(1.0) + F(exp)(-x)), NULL)        \
    X(Gelu, gelu, EW_OUT, DTM_F3, DTM_F3, DTM_F3, UR_EXACT,                                        \
      x / (C(1.0) + F(exp)(C(-2.0) * (T)EW_GELU_K * (x + C(0.044715) * x * x * x))), NULL)         \
    X(Sigmoid, sigmoid, EW_INPLACE, DTM_FLOAT, DTM_FLOAT, DTM_FLOAT, UR_SAME,                      \
      C(1.0) / (C(1.0) + F(exp)(-x)), NULL)                                                        \
    X(Tanh, tanh, EW_INPLACE, DTM_FLOAT, DTM_FLOAT, DTM_FLOAT, UR_SAME, F(tanh)(x), NULL)

#endif /* CPUACL_OPS_ELEMENTWISE_TABLE_H */
