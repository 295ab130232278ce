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
 *   FORMS    EW_OUT (aclnnName only) or EW_INPLACE (also aclnnInplaceName;
 *            EW_INPLACE_C: its selfRef is const, as AscendCL's header has it)
 *   IN, OUT, INPLACE  the data types (DTM_* masks) of self, out and the
 *            in-place form's selfRef; others are refused with 161002
 *   RESULT   the result type: UR_SAME self's type, UR_FLOAT self's type if
 *            floating else FLOAT (S4), UR_EXACT self's type, and out must be
 *            of that type, UR_BOOL a truth value (1 / 0) computed in self's
 *            type and written in out's; any other result must cast to out's
 *            type
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
#define EW_DTM_BITS (DTM_INT | DTM(DT_BOOL))
#define EW_DTM_GAMMA (DTM(DT_F32) | DTM(DT_F16) | DTM(DT_F64)) /* Lgamma, Digamma: no bfloat16 */
#define EW_GELU_K 0.7978845608028654                           /* sqrt(2 / pi) */
#define EW_PI 3.14159265358979323846
#define EW_SELU_ALPHA 1.6732632423543772848
#define EW_SELU_SCALE 1.0507009873554804930

/* The rows from AcosV2 on are the second forms of ops-math's experimental
 * folder (AcosV2, CeilV2, Inv, ...): the same formulas under their own names,
 * with the narrower types their definitions declare (EW_DTM_F2: float32 and
 * float16). */
#define EW_DTM_F2 (DTM(DT_F32) | DTM(DT_F16))
#define EW_DTM_ASIN_AGENT (DTM_F3 | DTM_INT | DTM(DT_BOOL))
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
    X(Tanh, tanh, EW_INPLACE, DTM_FLOAT, DTM_FLOAT, DTM_FLOAT, UR_SAME, F(tanh)(x), NULL)          \
    X(Acos, acos, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(acos)(x), NULL)           \
    X(Asin, asin, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(asin)(x), NULL)           \
    X(Atan, atan, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(atan)(x), NULL)           \
    X(Tan, tan, EW_INPLACE_C, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(tan)(x), NULL)            \
    X(Sinh, sinh, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(sinh)(x), NULL)           \
    X(Cosh, cosh, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(cosh)(x), NULL)           \
    X(Asinh, asinh, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(asinh)(x), NULL)        \
    X(Acosh, acosh, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(acosh)(x), NULL)        \
    X(Atanh, atanh, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(atanh)(x), NULL)        \
    X(Erf, erf, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(erf)(x), NULL)              \
    X(Erfc, erfc, EW_INPLACE_C, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(erfc)(x), NULL)         \
    X(Expm1, expm1, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(expm1)(x), NULL)        \
    X(Log1p, log1p, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(log1p)(x), NULL)        \
    X(Reciprocal, reciprocal, EW_INPLACE_C, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, C(1.0) / x,   \
      NULL)                                                                                        \
    X(Sinc, sinc, EW_INPLACE, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT,                             \
      x == 0 ? C(1.0) : F(sin)((T)EW_PI * x) / ((T)EW_PI * x), NULL)                               \
    X(Floor, floor, EW_INPLACE, DTM_NUM, DTM_ALL, DTM_NUM, UR_SAME, F(floor)(x), i64_id)           \
    X(Ceil, ceil, EW_INPLACE, DTM_NUM, DTM_ALL, DTM_NUM, UR_SAME, F(ceil)(x), i64_id)              \
    X(Trunc, trunc, EW_INPLACE, DTM_NUM, DTM_ALL, DTM_NUM, UR_SAME, F(trunc)(x), i64_id)           \
    X(Round, round, EW_INPLACE_C, DTM_NUM, DTM_ALL, DTM_NUM, UR_SAME, F(rint)(x), i64_id)          \
    X(Frac, frac, EW_INPLACE, DTM_FLOAT, DTM_FLOAT, DTM_FLOAT, UR_SAME, x - F(trunc)(x), NULL)     \
    X(Square, square, EW_OUT, DTM_NUM, DTM_ALL, DTM_NUM, UR_SAME, x *x, i64_square)                \
    X(Signbit, signbit, EW_OUT, DTM_NUM, DTM_ALL, DTM_NUM, UR_BOOL, (T)(signbit(x) != 0),          \
      i64_signbit)                                                                                 \
    X(IsFinite, isfinite, EW_OUT, DTM_ALL, DTM_ALL, DTM_ALL, UR_BOOL, (T)(isfinite(x) != 0),       \
      i64_one)                                                                                     \
    X(IsPosInf, is_pos_inf, EW_OUT, DTM_ALL, DTM_ALL, DTM_ALL, UR_BOOL, (T)(isinf(x) && x > 0),    \
      i64_zero)                                                                                    \
    X(IsNegInf, is_neg_inf, EW_OUT, DTM_ALL, DTM_ALL, DTM_ALL, UR_BOOL, (T)(isinf(x) && x < 0),    \
      i64_zero)                                                                                    \
    X(BitwiseNot, bitwise_not, EW_OUT, EW_DTM_BITS, DTM_ALL, EW_DTM_BITS, UR_SAME,                 \
      (T)(~(int64_t)x), i64_bnot)                                                                  \
    X(Mish, mish, EW_INPLACE, DTM_F3, DTM_F3, DTM_F3, UR_SAME, x *F(tanh)(F(log1p)(F(exp)(x))),    \
      NULL)                                                                                        \
    X(Erfinv, erfinv, EW_INPLACE_C, DTM_ALL, DTM_FLOAT, DTM_FLOAT, UR_FLOAT, F(erfinv)(x), NULL)   \
    X(Selu, selu, EW_INPLACE, DTM_F3, DTM_F3, DTM_F3, UR_SAME,                                     \
      (T)EW_SELU_SCALE *(x > 0 ? x : (T)EW_SELU_ALPHA * F(expm1)(x)), NULL)                        \
    X(IsInf, is_inf, EW_OUT, DTM_ALL, DTM_ALL, DTM_ALL, UR_BOOL, (T)(isinf(x) != 0), i64_zero)     \
    X(Lgamma, lgamma, EW_OUT, EW_DTM_GAMMA, EW_DTM_GAMMA, EW_DTM_GAMMA, UR_SAME, F(lgam)(x), NULL) \
    X(Digamma, digamma, EW_OUT, EW_DTM_GAMMA, EW_DTM_GAMMA, EW_DTM_GAMMA, UR_SAME, F(digam)(x),    \
      NULL)                                                                                        \
    X(AcosV2, acos_v2, EW_OUT, DTM_F3, DTM_F3, 0, UR_SAME, F(acos)(x), NULL)                       \
    X(AsinhV2, asinh_v2, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(asinh)(x), NULL)              \
    X(AsinWithAgent, asin_with_agent, EW_OUT, EW_DTM_ASIN_AGENT, DTM_F3, 0, UR_FLOAT, F(asin)(x),  \
      NULL)                                                                                        \
    X(AsinhWithAgent, asinh_with_agent, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(asinh)(x),     \
      NULL)                                                                                        \
    X(CeilV2, ceil_v2, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(ceil)(x), NULL)                 \
    X(CoshV2, cosh_v2, EW_OUT, DTM_F3, DTM_F3, 0, UR_SAME, F(cosh)(x), NULL)                       \
    X(Log1pV2, log1p_v2, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(log1p)(x), NULL)              \
    X(SinhV2, sinh_v2, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(sinh)(x), NULL)                 \
    X(SquareV2, square_v2, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, x *x, NULL)                   \
    X(TanV2, tan_v2, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(tan)(x), NULL)                    \
    X(TanV3, tan_v3, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(tan)(x), NULL)                    \
    X(TruncV2, trunc_v2, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(trunc)(x), NULL)              \
    X(ErfInv, erf_inv, EW_OUT, EW_DTM_F2, EW_DTM_F2, 0, UR_SAME, F(erfinv)(x), NULL)               \
    X(Inv, inv, EW_OUT, DTM_F3, DTM_F3, 0, UR_SAME, C(1.0) / x, NULL)                              \
    X(InvertV2, invert_v2, EW_OUT, DTM(DT_I16), DTM(DT_I16), 0, UR_SAME, (T)(~(int64_t)x), i64_bnot)

/*
 * The binary operators: kernels and operators.
 *
 * EW_BINARY_KERNELS(X): X(id, ALPHA, FORMULA): the float and double kernels
 *   f32_<id>, f64_<id>: out = FORMULA of x, y and al = (T)(ALPHA) (p the
 *   kernel's parameters; F as for the unary rows).
 * EW_BINARY_I64_KERNELS(X): X(id, ALPHA, FORMULA): the int64 kernel i64_<id>
 *   of the kernels that have one (integers wrap: u64, WRAP and the helpers
 *   are binary.c's). The float rows of the integer-only kernels (band ...
 *   gcd) compute through int64 and serve no operator. A kernel without one must never meet an int64
 * compute kind: Div computes integer results in float (S3). EW_BINARY_OPS(X): X(Name, header,
 * FORMS, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE): Name     the aclnn name; header the public header
 * aclnnop/aclnn_<header>.h FORMS    EW_B4 (Name, Name##s with a scalar other, and both in place),
 *            EW_B2 (Name and Name##s), EW_TT (Name: tensor, tensor),
 *            EW_TT_INPLACE (also InplaceName; _NC: its other is not const),
 *            EW_TS_INPLACE (Name: tensor, scalar; and InplaceName), EW_ST
 *            (Name: scalar, tensor)
 *   KIND     binary_op's rules beyond promotion (S1): BK_ADD / BK_SUB (alpha,
 *            S2), BK_DIV (mode, S3), BK_POW (not both bool), BK_PLAIN (none),
 *            BK_ARITH (no bool), BK_FLT (integers compute in FLOAT), BK_CMP
 *            and BK_LOGIC (a truth value in out's type, S7), BK_BIT (integers
 *            and bool only), BK_INT (integers only)
 *   BOP      the kernel id (BK_ADD, BK_SUB and BK_DIV choose among its variants)
 *   SELFREF  the in-place forms' selfRef type (AscendCL's headers make some const)
 *   EXTRA    the parameters between other and out: PLAIN, WITH_ALPHA (alpha),
 *            WITH_MODE (int mode), WITH_MODE64 (int64_t mode), WITH_FALPHA
 *            (float alpha: EW_FLOAT_SCALAR makes it a scalar); ALPHA and MODE
 *            what binary_op gets for them. The rows from AddV2 on are ops-math's
 *            experimental second forms and tensor-gradient operators (AcosGrad:
 *            the gradient y_grad, then x; the others: y, then dy)
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
    X(divf, 1, F(divfloor)(x, y))                                                                  \
    X(max, 1, (x > y || x != x) ? x : y)                                                           \
    X(min, 1, (x < y || x != x) ? x : y)                                                           \
    X(pow, 1, F(pow)(x, y))                                                                        \
    X(eq, 1, (T)(x == y))                                                                          \
    X(ne, 1, (T)(x != y))                                                                          \
    X(gt, 1, (T)(x > y))                                                                           \
    X(ge, 1, (T)(x >= y))                                                                          \
    X(lt, 1, (T)(x < y))                                                                           \
    X(le, 1, (T)(x <= y))                                                                          \
    X(land, 1, (T)(x != 0 && y != 0))                                                              \
    X(lor, 1, (T)(x != 0 || y != 0))                                                               \
    X(lxor, 1, (T)((x != 0) != (y != 0)))                                                          \
    X(band, 1, (T)((int64_t)x & (int64_t)y))                                                       \
    X(bor, 1, (T)((int64_t)x | (int64_t)y))                                                        \
    X(bxor, 1, (T)((int64_t)x ^ (int64_t)y))                                                       \
    X(shl, 1, (T)ishl((int64_t)x, (int64_t)y))                                                     \
    X(shr, 1, (T)ishr((int64_t)x, (int64_t)y))                                                     \
    X(shru, 1, (T)ishru((int64_t)x, (int64_t)y))                                                   \
    X(gcd, 1, (T)igcd((int64_t)x, (int64_t)y))                                                     \
    X(fmod, 1, F(fmod)(x, y))                                                                      \
    X(rem, 1, F(frem)(x, y))                                                                       \
    X(atan2, 1, F(atan2)(x, y))                                                                    \
    X(xlogy, 1, F(xlogy)(x, y))                                                                    \
    X(lae, 1, F(logaddexp)(x, y))                                                                  \
    X(lae2, 1, F(logaddexp2)(x, y))                                                                \
    X(mulnn, 1, y == 0 ? (T)0 : x * y)                                                             \
    X(acosg, 1, -x / F(sqrt)((T)1 - y * y))                                                        \
    X(acosg2, 1, -y / F(sqrt)((T)1 - x * x))                                                       \
    X(acoshg, 1, y / F(sinh)(x))                                                                   \
    X(asing, 1, y / F(sqrt)((T)1 - x * x))                                                         \
    X(asinhg, 1, y / F(cosh)(x))                                                                   \
    X(rsqrtg, 1, x *x *x *y *(T)-0.5)                                                              \
    X(sqrtg, 1, (T)0.5 * y == 0 ? (T)0 : (T)0.5 * y / x)
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
    X(pow, 1, ipow(x, y))                                                                          \
    X(eq, 1, x == y)                                                                               \
    X(ne, 1, x != y)                                                                               \
    X(gt, 1, x > y)                                                                                \
    X(ge, 1, x >= y)                                                                               \
    X(lt, 1, x < y)                                                                                \
    X(le, 1, x <= y)                                                                               \
    X(land, 1, x != 0 && y != 0)                                                                   \
    X(lor, 1, x != 0 || y != 0)                                                                    \
    X(lxor, 1, (x != 0) != (y != 0))                                                               \
    X(band, 1, x &y)                                                                               \
    X(bor, 1, x | y)                                                                               \
    X(bxor, 1, x ^ y)                                                                              \
    X(shl, 1, ishl(x, y))                                                                          \
    X(shr, 1, ishr(x, y))                                                                          \
    X(shru, 1, ishru(x, y))                                                                        \
    X(gcd, 1, igcd(x, y))                                                                          \
    X(fmod, 1, imod_trunc(x, y))                                                                   \
    X(rem, 1, imod_floor(x, y))
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
      NULL, 0)                                                                                     \
    X(EqTensor, eq_tensor, EW_TT_INPLACE, BK_CMP, eq, const aclTensor, PLAIN, NULL, 0)             \
    X(EqScalar, eq_scalar, EW_TS_INPLACE, BK_CMP, eq, const aclTensor, PLAIN, NULL, 0)             \
    X(NeTensor, ne_tensor, EW_TT_INPLACE, BK_CMP, ne, aclTensor, PLAIN, NULL, 0)                   \
    X(NeScalar, ne_scalar, EW_TS_INPLACE, BK_CMP, ne, aclTensor, PLAIN, NULL, 0)                   \
    X(GtTensor, gt_tensor, EW_TT_INPLACE, BK_CMP, gt, const aclTensor, PLAIN, NULL, 0)             \
    X(GtScalar, gt_scalar, EW_TS_INPLACE, BK_CMP, gt, aclTensor, PLAIN, NULL, 0)                   \
    X(GeTensor, ge_tensor, EW_TT_INPLACE, BK_CMP, ge, aclTensor, PLAIN, NULL, 0)                   \
    X(GeScalar, ge_scalar, EW_TS_INPLACE, BK_CMP, ge, aclTensor, PLAIN, NULL, 0)                   \
    X(LtTensor, lt_tensor, EW_TT_INPLACE, BK_CMP, lt, const aclTensor, PLAIN, NULL, 0)             \
    X(LtScalar, lt_scalar, EW_TS_INPLACE, BK_CMP, lt, const aclTensor, PLAIN, NULL, 0)             \
    X(LeTensor, le_tensor, EW_TT_INPLACE, BK_CMP, le, aclTensor, PLAIN, NULL, 0)                   \
    X(LeScalar, le_scalar, EW_TS_INPLACE, BK_CMP, le, aclTensor, PLAIN, NULL, 0)                   \
    X(LogicalAnd, logical_and, EW_TT_INPLACE, BK_LOGIC, land, aclTensor, PLAIN, NULL, 0)           \
    X(LogicalOr, logical_or, EW_TT_INPLACE, BK_LOGIC, lor, aclTensor, PLAIN, NULL, 0)              \
    X(LogicalXor, logical_xor, EW_TT, BK_LOGIC, lxor, aclTensor, PLAIN, NULL, 0)                   \
    X(BitwiseAndTensor, bitwise_and_tensor, EW_TT_INPLACE, BK_BIT, band, const aclTensor, PLAIN,   \
      NULL, 0)                                                                                     \
    X(BitwiseAndScalar, bitwise_and_scalar, EW_TS_INPLACE, BK_BIT, band, const aclTensor, PLAIN,   \
      NULL, 0)                                                                                     \
    X(BitwiseOrTensor, bitwise_or_tensor, EW_TT_INPLACE, BK_BIT, bor, aclTensor, PLAIN, NULL, 0)   \
    X(BitwiseOrScalar, bitwise_or_scalar, EW_TS_INPLACE, BK_BIT, bor, aclTensor, PLAIN, NULL, 0)   \
    X(BitwiseXorTensor, bitwise_xor_tensor, EW_TT_INPLACE, BK_BIT, bxor, aclTensor, PLAIN, NULL,   \
      0)                                                                                           \
    X(BitwiseXorScalar, bitwise_xor_scalar, EW_TS_INPLACE, BK_BIT, bxor, aclTensor, PLAIN, NULL,   \
      0)                                                                                           \
    X(LeftShift, left_shift, EW_B2, BK_INT, shl, aclTensor, PLAIN, NULL, 0)                        \
    X(RightShift, right_shift, EW_TT, BK_INT, shr, aclTensor, PLAIN, NULL, 0)                      \
    X(Gcd, gcd, EW_TT, BK_INT, gcd, aclTensor, PLAIN, NULL, 0)                                     \
    X(FloorDivide, floor_divide, EW_B4, BK_ARITH, divf, aclTensor, PLAIN, NULL, 0)                 \
    X(RemainderTensorTensor, remainder, EW_TT_INPLACE, BK_ARITH, rem, aclTensor, PLAIN, NULL, 0)   \
    X(RemainderTensorScalar, remainder, EW_TS_INPLACE, BK_ARITH, rem, aclTensor, PLAIN, NULL, 0)   \
    X(RemainderScalarTensor, remainder, EW_ST, BK_ARITH, rem, aclTensor, PLAIN, NULL, 0)           \
    X(FmodTensor, fmod_tensor, EW_TT_INPLACE, BK_ARITH, fmod, aclTensor, PLAIN, NULL, 0)           \
    X(FmodScalar, fmod_scalar, EW_TS_INPLACE, BK_ARITH, fmod, aclTensor, PLAIN, NULL, 0)           \
    X(Atan2, atan2, EW_TT_INPLACE_NC, BK_FLT, atan2, aclTensor, PLAIN, NULL, 0)                    \
    X(XLogYTensor, x_log_y_tensor, EW_TT_INPLACE, BK_FLT, xlogy, aclTensor, PLAIN, NULL, 0)        \
    X(XLogYScalarOther, x_log_y_scalar_other, EW_TS_INPLACE, BK_FLT, xlogy, aclTensor, PLAIN,      \
      NULL, 0)                                                                                     \
    X(XLogYScalarSelf, x_log_y_scalar_self, EW_ST, BK_FLT, xlogy, aclTensor, PLAIN, NULL, 0)       \
    X(LogAddExp, logaddexp, EW_TT, BK_FLT, lae, aclTensor, PLAIN, NULL, 0)                         \
    X(LogAddExp2, logaddexp2, EW_TT, BK_FLT, lae2, aclTensor, PLAIN, NULL, 0)                      \
    X(ClampMinTensor, clamp, EW_TT_INPLACE, BK_PLAIN, max, aclTensor, PLAIN, NULL, 0)              \
    X(ClampMaxTensor, clamp, EW_TT_INPLACE, BK_PLAIN, min, aclTensor, PLAIN, NULL, 0)              \
    X(AddV2, add_v2, EW_TT, BK_PLAIN, add1, aclTensor, PLAIN, NULL, 0)                             \
    X(SubV2, sub_v2, EW_TT, BK_ARITH, sub1, aclTensor, PLAIN, NULL, 0)                             \
    X(MulV2, mul_v2, EW_TT, BK_PLAIN, mul, aclTensor, PLAIN, NULL, 0)                              \
    X(DivV2, div_v2, EW_TT, BK_DIV, div, aclTensor, PLAIN, NULL, 0)                                \
    X(DivV3, div_v3, EW_TT, BK_DIV, div, aclTensor, WITH_MODE64, NULL, mode)                       \
    X(RealDiv, real_div, EW_TT, BK_DIV, div, aclTensor, PLAIN, NULL, 0)                            \
    X(MaximumV2, maximum_v2, EW_TT, BK_PLAIN, max, aclTensor, PLAIN, NULL, 0)                      \
    X(FloorDiv, floor_div, EW_TT, BK_ARITH, divf, aclTensor, PLAIN, NULL, 0)                       \
    X(TruncateDiv, truncate_div, EW_TT, BK_ARITH, divt, aclTensor, PLAIN, NULL, 0)                 \
    X(TruncateMod, truncate_mod, EW_TT, BK_ARITH, fmod, aclTensor, PLAIN, NULL, 0)                 \
    X(AssignSub, assign_sub, EW_TT, BK_ARITH, sub1, aclTensor, PLAIN, NULL, 0)                     \
    X(Pow, pow, EW_TT, BK_POW, pow, aclTensor, PLAIN, NULL, 0)                                     \
    X(Pow2, pow2, EW_TT, BK_POW, pow, aclTensor, PLAIN, NULL, 0)                                   \
    X(MulNoNan, mul_no_nan, EW_TT, BK_FLT, mulnn, aclTensor, PLAIN, NULL, 0)                       \
    X(AcosGrad, acos_grad, EW_TT, BK_FLT, acosg, aclTensor, PLAIN, NULL, 0)                        \
    X(AcosGradV2, acos_grad_v2, EW_TT, BK_FLT, acosg2, aclTensor, PLAIN, NULL, 0)                  \
    X(AcoshGrad, acosh_grad, EW_TT, BK_FLT, acoshg, aclTensor, PLAIN, NULL, 0)                     \
    X(AsinGrad, asin_grad, EW_TT, BK_FLT, asing, aclTensor, PLAIN, NULL, 0)                        \
    X(AsinhGrad, asinh_grad, EW_TT, BK_FLT, asinhg, aclTensor, PLAIN, NULL, 0)                     \
    X(RsqrtGrad, rsqrt_grad, EW_TT, BK_FLT, rsqrtg, aclTensor, PLAIN, NULL, 0)                     \
    X(SqrtBackward, sqrt_backward, EW_TT, BK_FLT, sqrtg, aclTensor, PLAIN, NULL, 0)                \
    X(AxpyV2, axpy_v2, EW_TT, BK_ADD, add, aclTensor, WITH_ALPHA, alpha, 0)                        \
    X(AxpyV3, axpy_v3, EW_TT, BK_ADD, add, aclTensor, WITH_FALPHA, EW_FLOAT_SCALAR(alpha), 0)

/*
 * The other elementwise operators, in the rows every family uses (the
 * columns: ops/engine/optable.h): the clamps (clamp.c), the ternary
 * operators (ternary.c: MaskedFillScalar, Addcdiv, ...), LogicalNot and
 * RoundDecimals (unary.c), the image compositing of ops-cv's objdetect folder (blend.c:
 * BackgroundReplace, BlendImagesCustom, MrgbaCustom). Their checks take the types from the rows
 * (OPS_DT_<Name>, OPS_DT2_<Name>).
 */
#define EW_OTHER_OPS(X)                                                                            \
    X(Clamp, clamp, OPS_OUT, K(tensor, scalar, scalar, tensor), DTM_NUM, none, 0)                  \
    X(ClampMin, clamp, OPS_OUT, K(tensor, scalar, tensor), DTM_NUM, none, 0)                       \
    X(ClampMax, clamp, OPS_OUT_INPLACE, K(tensor, scalar, tensor), DTM_NUM, none, 0)               \
    X(MaskedFillScalar, masked_fill_scalar, OPS_INPLACE, K(tensor, tensor, scalar), DTM_ALL, mask, \
      DTM(DT_BOOL))                                                                                \
    X(MaskedFillTensor, masked_fill_tensor, OPS_INPLACE, K(tensor, tensor, tensor), DTM_ALL, mask, \
      DTM(DT_BOOL))                                                                                \
    X(MaskedFill, masked_fill, OPS_OUT, K(tensor, tensor, scalar, tensor), DTM_ALL, mask,          \
      DTM(DT_BOOL))                                                                                \
    X(Addcdiv, addcdiv, OPS_OUT_INPLACE, K(tensor, tensor, tensor, scalar, tensor), DTM_ALL, none, \
      0)                                                                                           \
    X(Addcmul, addcmul, OPS_OUT_INPLACE, K(tensor, tensor, tensor, scalar, tensor), DTM_ALL, none, \
      0)                                                                                           \
    X(Lerp, lerp_tensor, OPS_OUT_INPLACE, K(tensor, tensor, tensor, tensor), DTM_FLOAT, none, 0)   \
    X(ClampTensor, clamp, OPS_OUT, K(tensor, tensor, tensor, tensor), DTM_NUM, none, 0)            \
    X(NanToNum, nan_to_num, OPS_OUT_INPLACE, K(tensor, float, float, float, tensor), DTM_ALL,      \
      none, 0)                                                                                     \
    X(SWhere, s_where, OPS_OUT, K(tensor, tensor, tensor, tensor), DTM_ALL, condition,             \
      DTM(DT_BOOL) | DTM(DT_U8))                                                                   \
    X(SelectV3, select_v3, OPS_OUT, K(tensor, tensor, tensor, tensor), DTM(DT_F16) | DTM(DT_F32),  \
      b, DTM(DT_I8))                                                                               \
    X(LogicalNot, logical_not, OPS_OUT_INPLACE, K(tensor, tensor), DTM_ALL, none, 0)               \
    X(RoundDecimals, round, OPS_OUT_INPLACE, K(tensor, int64, tensor), DTM_NUM, none, 0)           \
    X(FusedMulAddN, fused_mul_add_n, OPS_OUT, K(tensor, tensor, tensor, tensor),                   \
      DTM_F3 | DTM(DT_I32) | DTM(DT_I16), none, 0)                                                 \
    X(IsClose, isclose, OPS_OUT, K(tensor, tensor, double, double, bool, tensor), DTM_ALL, out,    \
      DTM(DT_BOOL))                                                                                \
    X(BiasAdd, bias_add, OPS_OUT, K(tensor, tensor, string, tensor), DTM_F3 | DTM(DT_I32), none,   \
      0)                                                                                           \
    X(Scale, scale, OPS_OUT, K(tensor, tensor, tensor, int64, int64, bool, tensor), DTM_F3, none,  \
      0)                                                                                           \
    X(AmpUpdateScale, amp_update_scale, OPS_OUT,                                                   \
      K(tensor, tensor, tensor, double, double, int64, tensor, tensor), DTM_F3, growthTracker,     \
      DTM(DT_I32))                                                                                 \
    X(Eltwise, eltwise, OPS_OUT, K(tensor_list, int64, float_array, tensor), DTM_F3, none, 0)      \
    X(BackgroundReplace, background_replace, OPS_OUT, K(tensor, tensor, tensor, tensor),           \
      DTM(DT_U8) | DTM(DT_F16), mask, DTM(DT_F16))                                                 \
    X(BlendImagesCustom, blend_images_custom, OPS_OUT, K(tensor, tensor, tensor, tensor),          \
      DTM(DT_U8), none, 0)                                                                         \
    X(MrgbaCustom, mrgba_custom, OPS_OUT, K(tensor, tensor, tensor), DTM(DT_U8), none, 0)

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
    X(Sum, sum, OPS_OUT, K(tensor_list, tensor), DTM_ALL, none, 0)                                 \
    X(AddN, add_n, OPS_OUT, K(tensor_list, tensor), DTM_F3 | DTM(DT_I32) | DTM(DT_I64), none, 0)   \
    X(SumV2, sum_v2, OPS_OUT, K(tensor_list, tensor),                                              \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I32) | DTM(DT_I8) | DTM(DT_U8), none, 0)

enum { EW_NARY_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_ELEMENTWISE_TABLE_H */
