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

#include "ops/engine/optable.h"

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

/*
 * The binary operators: kernels and operators.
 *
 * EW_BINARY_KERNELS(X): X(id, ALPHA, FORMULA): the float and double kernels
 *   f32_<id>, f64_<id>: out = FORMULA of x, y and al = (T)(ALPHA) (p the
 *   kernel's parameters; F as for the unary rows).
 * EW_BINARY_I64_KERNELS(X): X(id, ALPHA, FORMULA): the int64 kernel i64_<id>
 *   of the kernels that have one (integers wrap: u64, WRAP and the helpers
 *   are binary.c's). A kernel without one must never meet an int64 compute
 *   kind: Div computes integer results in float (S3).
 * EW_BINARY_OPS(X): X(Name, header, FORMS, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE):
 *   Name     the aclnn name; header the public header aclnnop/aclnn_<header>.h
 *   FORMS    EW_B4 (Name, Name##s with a scalar other, and both in place),
 *            EW_TT (Name: tensor, tensor), EW_TT_INPLACE (also InplaceName),
 *            EW_TS_INPLACE (Name: tensor, scalar; and InplaceName), EW_ST
 *            (Name: scalar, tensor)
 *   KIND     binary_op's rules beyond promotion (S1): BK_ADD / BK_SUB (alpha,
 *            S2), BK_DIV (mode, S3), BK_POW (not both bool), BK_PLAIN (none)
 *   BOP      the kernel id (BK_ADD, BK_SUB and BK_DIV choose among its variants)
 *   SELFREF  the in-place forms' selfRef type (AscendCL's headers make some const)
 *   EXTRA    the parameters between other and out: PLAIN, WITH_ALPHA (alpha),
 *            WITH_MODE (mode); ALPHA and MODE what binary_op gets for them
 * Adding a binary operator: a kernel row (and an int64 one) and an operator
 * row, its header, its docs row.
 */
#define EW_BINARY_KERNELS(X)                                                                       \
    X(add, p->f[0], x + al * y)                                                                    \
    X(add1, 1, x + y)                                                                              \
    X(sub, p->f[0], x - al * y)                                                                    \
    X(sub1, 1, x - y)                                                                              \
    X(mul, 1, (x) * (y))                                                                           \
    X(div, 1, x / y)                                                                               \
    X(divt, 1, F(trunc)(x / y))                                                                    \
    X(divf, 1, F(floor)(x / y))                                                                    \
    X(max, 1, (x > y || x != x) ? x : y)                                                           \
    X(min, 1, (x < y || x != x) ? x : y)                                                           \
    X(pow, 1, F(pow)(x, y))
#define EW_BINARY_I64_KERNELS(X)                                                                   \
    X(add, p->i[0], WRAP((u64)x + (u64)al * (u64)y))                                               \
    X(add1, 1, WRAP((u64)x + (u64)y))                                                              \
    X(sub, p->i[0], WRAP((u64)x - (u64)al * (u64)y))                                               \
    X(sub1, 1, WRAP((u64)x - (u64)y))                                                              \
    X(mul, 1, mulw(x, y))                                                                          \
    X(divt, 1, idiv_trunc(x, y))                                                                   \
    X(divf, 1, idiv_floor(x, y))                                                                   \
    X(max, 1, x > y ? x : y)                                                                       \
    X(min, 1, x < y ? x : y)                                                                       \
    X(pow, 1, ipow(x, y))
#define EW_BINARY_OPS(X)                                                                           \
    X(Add, add, EW_B4, BK_ADD, add, const aclTensor, WITH_ALPHA, alpha, 0)                         \
    X(Sub, sub, EW_B4, BK_SUB, sub, aclTensor, WITH_ALPHA, alpha, 0)                               \
    X(Mul, mul, EW_B4, BK_PLAIN, mul, aclTensor, PLAIN, NULL, 0)                                   \
    X(Div, div, EW_B4, BK_DIV, div, aclTensor, PLAIN, NULL, 0)                                     \
    X(DivMod, div, EW_B4, BK_DIV, div, aclTensor, WITH_MODE, NULL, mode)                           \
    X(Maximum, maximum, EW_TT, BK_PLAIN, max, aclTensor, PLAIN, NULL, 0)                           \
    X(Minimum, minimum, EW_TT, BK_PLAIN, min, aclTensor, PLAIN, NULL, 0)                           \
    X(PowTensorScalar, pow, EW_TS_INPLACE, BK_POW, pow, aclTensor, PLAIN, NULL, 0)                 \
    X(PowScalarTensor, pow, EW_ST, BK_POW, pow, aclTensor, PLAIN, NULL, 0)                         \
    X(PowTensorTensor, pow_tensor_tensor, EW_TT_INPLACE, BK_POW, pow, const aclTensor, PLAIN,      \
      NULL, 0)

/*
 * The other elementwise operators, in the rows every family uses (the
 * columns: ops/engine/optable.h): the comparisons (compare.c), the clamps
 * (clamp.c), the ternary operators (ternary.c: MaskedFillScalar, Addcdiv),
 * and LogicalNot (unary.c). Their checks take the types from the rows
 * (OPS_DT_<Name>, OPS_DT2_<Name>).
 */
#define EW_OTHER_OPS(X)                                                                            \
    X(EqTensor, eq_tensor, OPS_OUT_INPLACE, K(tensor, tensor, tensor), DTM_ALL, none, 0)           \
    X(GtScalar, gt_scalar, OPS_OUT_INPLACE, K(tensor, scalar, tensor), DTM_ALL, none, 0)           \
    X(Clamp, clamp, OPS_OUT, K(tensor, scalar, scalar, tensor), DTM_NUM, none, 0)                  \
    X(ClampMin, clamp, OPS_OUT, K(tensor, scalar, tensor), DTM_NUM, none, 0)                       \
    X(ClampMax, clamp, OPS_OUT_INPLACE, K(tensor, scalar, tensor), DTM_NUM, none, 0)               \
    X(MaskedFillScalar, masked_fill_scalar, OPS_INPLACE, K(tensor, tensor, scalar), DTM_ALL, mask, \
      DTM(DT_BOOL))                                                                                \
    X(Addcdiv, addcdiv, OPS_OUT_INPLACE, K(tensor, tensor, tensor, scalar, tensor), DTM_ALL, none, \
      0)                                                                                           \
    X(LogicalNot, logical_not, OPS_OUT_INPLACE, K(tensor, tensor), DTM_ALL, none, 0)

enum { EW_OTHER_OPS(OPS_ROW_DT) };

/*
 * The n-ary operators over a tensor list (nary.c), rows of the same shape:
 * nary.c generates their entry points, aclnn<Name>GetWorkspaceSize(tensors,
 * out) + aclnn<Name>, and takes their types from the rows. Adding one: its
 * row, its kernels in nary.c (listn_op's table), its header, its docs row.
 */
#define EW_NARY_OPS(X)                                                                             \
    X(MaxN, max_n, OPS_OUT, K(tensor_list, tensor), DTM_ALL, none, 0)                              \
    X(MinN, min_n, OPS_OUT, K(tensor_list, tensor), DTM_ALL, none, 0)                              \
    X(Sum, sum, OPS_OUT, K(tensor_list, tensor), DTM_ALL, none, 0)

enum { EW_NARY_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_ELEMENTWISE_TABLE_H */
