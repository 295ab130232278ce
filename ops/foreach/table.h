/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The foreach family's declaration list: the aclnnForeach* operators, which
 * apply one elementwise formula to every tensor of a tensor list (foreach.c
 * generates their entry points from the rows and runs them).
 *
 * X(Name, header, FORMS, KINDS, DT, ARG2, DT2, SIG, KERN): the first seven
 * columns as every family's rows (ops/engine/optable.h; DT the types of the
 * lists' tensors, ARG2/DT2 the scalar parameter and its types), then
 *   SIG   the parameter list and the role of the scalar (foreach.c, FE_SIG_*):
 *         U (x, out)  UI (x, in place)  LL (x1, x2, out)  LLI (x1, x2, in
 *         place into x1)  LLA (x1, x2, alpha tensor, out)  LLAI (its in-place
 *         form)  LLS (x1, x2, alpha scalar, out)  LT (x, scalar tensor, out)
 *         LTI (its in-place form)  LS (x, scalar, out)  LSL (x, scalar list,
 *         out)  SL (scalar, x, out: the scalar is the first operand)
 *         L3T (x1, x2, x3, scalar tensor, out)  L3S (x1, x2, x3, scalar, out)
 *         LLL (x1, x2, weight list, out)  LLW (x1, x2, weight scalar, out)
 *         and the two of their own, NORM and UNSCALE
 *   KERN  the formula: EWU(header) an elementwise unary row's kernels
 *         (elementwise/table.h, EW_UNARY_OPS, by header), EWB(id) an
 *         elementwise binary kernel (EW_BINARY_KERNELS), EWT(addcdiv) the
 *         elementwise ternary kernel, FEU(id) / FEK(id) this family's own
 *         (FE_UNARY_EXTRA below: zero; foreach.c's addcmul, lerp, copy, roundoff)
 * Adding an operator: its row, its header, its docs row.
 */
#ifndef CPUACL_OPS_FOREACH_TABLE_H
#define CPUACL_OPS_FOREACH_TABLE_H

#include "ops/engine/optable.h"

#define FE_DTM_ARITH (DTM_F3 | DTM(DT_I32) | DTM(DT_I16) | DTM(DT_I8) | DTM(DT_U8))
#define FE_DTM_F3I32 (DTM_F3 | DTM(DT_I32))
#define FE_DTM_EXP (DTM_F3 | DTM(DT_I16) | DTM(DT_I8) | DTM(DT_U8))
#define FE_DTM_SIGN (DTM_F3 | DTM(DT_I8) | DTM(DT_I32) | DTM(DT_I64))
#define FE_DTM_ZERO (DTM_F3 | DTM(DT_I16) | DTM(DT_I32))
#define FE_DTM_S3 (DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I32))
#define FE_DTM_S5 (FE_DTM_S3 | DTM(DT_F64) | DTM(DT_I64))
#define FE_DTM_SF (DTM(DT_F32) | DTM(DT_F16))
#define FE_DTM_SF3 (FE_DTM_SF | DTM(DT_F64))
#define FE_DTM_SL2 (DTM(DT_F32) | DTM(DT_I64))
#define FE_DTM_SL3 (FE_DTM_SL2 | DTM(DT_F64))

/* The unary formulas of this family alone (the others are the elementwise rows', EWU), in
 * their FORMULA language (T, F, C: elementwise/table.h). X(id, FORMULA, INT): INT 1 when the
 * formula also makes an int64 kernel. */
#define FE_UNARY_EXTRA(X) X(zero, ((void)x, (T)0), 1)

#define FE_LIST_OPS(X)                                                                             \
    X(ForeachAbs, foreach_abs, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U, EWU(abs)) \
    X(ForeachAcos, foreach_acos, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(acos))                                                                                   \
    X(ForeachACosInplace, foreach_a_cos_inplace, OPS_OUT, K(tensor_list), DTM_F3, none, 0, UI,     \
      EWU(acos))                                                                                   \
    X(ForeachAsin, foreach_asin, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(asin))                                                                                   \
    X(ForeachAtan, foreach_atan, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(atan))                                                                                   \
    X(ForeachCopy, foreach_copy, OPS_OUT, K(tensor_list, tensor_list), DTM_ALL, none, 0, U,        \
      FEK(copy))                                                                                   \
    X(ForeachCos, foreach_cos, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U, EWU(cos)) \
    X(ForeachCosh, foreach_cosh, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(cosh))                                                                                   \
    X(ForeachErf, foreach_erf, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U, EWU(erf)) \
    X(ForeachErfc, foreach_erfc, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(erfc))                                                                                   \
    X(ForeachExp, foreach_exp, OPS_OUT, K(tensor_list, tensor_list), FE_DTM_EXP, none, 0, U,       \
      EWU(exp))                                                                                    \
    X(ForeachExpm1, foreach_expm1, OPS_OUT, K(tensor_list, tensor_list), FE_DTM_EXP, none, 0, U,   \
      EWU(expm1))                                                                                  \
    X(ForeachLog, foreach_log, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U, EWU(log)) \
    X(ForeachLogInplace, foreach_log_inplace, OPS_OUT, K(tensor_list), DTM_F3, none, 0, UI,        \
      EWU(log))                                                                                    \
    X(ForeachLog10, foreach_log10, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,       \
      EWU(log10))                                                                                  \
    X(ForeachLog1p, foreach_log1p, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,       \
      EWU(log1p))                                                                                  \
    X(ForeachLog2, foreach_log2, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(log2))                                                                                   \
    X(ForeachNeg, foreach_neg, OPS_OUT, K(tensor_list, tensor_list), FE_DTM_ARITH, none, 0, U,     \
      EWU(neg))                                                                                    \
    X(ForeachReciprocal, foreach_reciprocal, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none,   \
      0, U, EWU(reciprocal))                                                                       \
    X(ForeachSigmoid, foreach_sigmoid, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,   \
      EWU(sigmoid))                                                                                \
    X(ForeachSign, foreach_sign, OPS_OUT, K(tensor_list, tensor_list), FE_DTM_SIGN, none, 0, U,    \
      EWU(sign))                                                                                   \
    X(ForeachSin, foreach_sin, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U, EWU(sin)) \
    X(ForeachSinh, foreach_sinh, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(sinh))                                                                                   \
    X(ForeachSqrt, foreach_sqrt, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(sqrt))                                                                                   \
    X(ForeachTan, foreach_tan, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U, EWU(tan)) \
    X(ForeachTanh, foreach_tanh, OPS_OUT, K(tensor_list, tensor_list), DTM_F3, none, 0, U,         \
      EWU(tanh))                                                                                   \
    X(ForeachZeroInplace, foreach_zero_inplace, OPS_OUT, K(tensor_list), FE_DTM_ZERO, none, 0, UI, \
      FEU(zero))

#define FE_BINARY_OPS(X)                                                                           \
    X(ForeachAddList, foreach_add_list, OPS_OUT, K(tensor_list, tensor_list, tensor, tensor_list), \
      FE_DTM_ARITH, alpha, FE_DTM_S3, LLA, EWB(add))                                               \
    X(ForeachAddListInplace, foreach_add_list_inplace, OPS_OUT,                                    \
      K(tensor_list, tensor_list, tensor), FE_DTM_F3I32, alpha, FE_DTM_S3, LLAI, EWB(add))         \
    X(ForeachAddListV2, foreach_add_list_v2, OPS_OUT,                                              \
      K(tensor_list, tensor_list, scalar, tensor_list), FE_DTM_ARITH, alpha, FE_DTM_S5, LLS,       \
      EWB(add))                                                                                    \
    X(ForeachAddScalar, foreach_add_scalar, OPS_OUT, K(tensor_list, tensor, tensor_list),          \
      FE_DTM_ARITH, scalar, FE_DTM_S3, LT, EWB(add1))                                              \
    X(ForeachAddScalarV2, foreach_add_scalar_v2, OPS_OUT, K(tensor_list, scalar, tensor_list),     \
      FE_DTM_ARITH, scalar, FE_DTM_S5, LS, EWB(add1))                                              \
    X(ForeachAddScalarList, foreach_add_scalar_list, OPS_OUT,                                      \
      K(tensor_list, scalar_list, tensor_list), FE_DTM_F3I32, scalars, FE_DTM_SL2, LSL, EWB(add1)) \
    X(ForeachDivList, foreach_div_list, OPS_OUT, K(tensor_list, tensor_list, tensor_list), DTM_F3, \
      none, 0, LL, EWB(div))                                                                       \
    X(ForeachDivListInplace, foreach_div_list_inplace, OPS_OUT, K(tensor_list, tensor_list),       \
      DTM_F3, none, 0, LLI, EWB(div))                                                              \
    X(ForeachDivScalar, foreach_div_scalar, OPS_OUT, K(tensor_list, tensor, tensor_list), DTM_F3,  \
      scalar, FE_DTM_SF, LT, EWB(div))                                                             \
    X(ForeachDivScalarV2, foreach_div_scalar_v2, OPS_OUT, K(tensor_list, scalar, tensor_list),     \
      DTM_F3, scalar, FE_DTM_SF3, LS, EWB(div))                                                    \
    X(ForeachDivScalarList, foreach_div_scalar_list, OPS_OUT,                                      \
      K(tensor_list, scalar_list, tensor_list), DTM_F3, scalars, DTM(DT_F32), LSL, EWB(div))       \
    X(ForeachMaximumList, foreach_maximum_list, OPS_OUT, K(tensor_list, tensor_list, tensor_list), \
      FE_DTM_F3I32, none, 0, LL, EWB(max))                                                         \
    X(ForeachMaximumScalar, foreach_maximum_scalar, OPS_OUT, K(tensor_list, tensor, tensor_list),  \
      FE_DTM_F3I32, scalar, FE_DTM_S3, LT, EWB(max))                                               \
    X(ForeachMaximumScalarV2, foreach_maximum_scalar_v2, OPS_OUT,                                  \
      K(tensor_list, scalar, tensor_list), FE_DTM_F3I32, scalar, FE_DTM_S5, LS, EWB(max))          \
    X(ForeachMaximumScalarList, foreach_maximum_scalar_list, OPS_OUT,                              \
      K(tensor_list, scalar_list, tensor_list), FE_DTM_F3I32, scalars, FE_DTM_SL3, LSL, EWB(max))  \
    X(ForeachMinimumList, foreach_minimum_list, OPS_OUT, K(tensor_list, tensor_list, tensor_list), \
      FE_DTM_F3I32, none, 0, LL, EWB(min))                                                         \
    X(ForeachMinimumScalar, foreach_minimum_scalar, OPS_OUT, K(tensor_list, tensor, tensor_list),  \
      FE_DTM_F3I32, scalar, FE_DTM_S3, LT, EWB(min))                                               \
    X(ForeachMinimumScalarV2, foreach_minimum_scalar_v2, OPS_OUT,                                  \
      K(tensor_list, scalar, tensor_list), FE_DTM_F3I32, scalar, FE_DTM_S5, LS, EWB(min))          \
    X(ForeachMinimumScalarList, foreach_minimum_scalar_list, OPS_OUT,                              \
      K(tensor_list, scalar_list, tensor_list), FE_DTM_F3I32, scalars, FE_DTM_SL3, LSL, EWB(min))  \
    X(ForeachMulList, foreach_mul_list, OPS_OUT, K(tensor_list, tensor_list, tensor_list),         \
      FE_DTM_ARITH, none, 0, LL, EWB(mul))                                                         \
    X(ForeachMulListInplace, foreach_mul_list_inplace, OPS_OUT, K(tensor_list, tensor_list),       \
      FE_DTM_F3I32, none, 0, LLI, EWB(mul))                                                        \
    X(ForeachMulScalar, foreach_mul_scalar, OPS_OUT, K(tensor_list, tensor, tensor_list),          \
      FE_DTM_F3I32, scalar, FE_DTM_S3, LT, EWB(mul))                                               \
    X(ForeachMulScalarInplace, foreach_mul_scalar_inplace, OPS_OUT, K(tensor_list, tensor),        \
      FE_DTM_F3I32, scalar, FE_DTM_S3, LTI, EWB(mul))                                              \
    X(ForeachMulScalarV2, foreach_mul_scalar_v2, OPS_OUT, K(tensor_list, scalar, tensor_list),     \
      FE_DTM_F3I32, scalar, FE_DTM_S5, LS, EWB(mul))                                               \
    X(ForeachMulScalarList, foreach_mul_scalar_list, OPS_OUT,                                      \
      K(tensor_list, scalar_list, tensor_list), FE_DTM_F3I32, scalars, FE_DTM_SL3, LSL, EWB(mul))  \
    X(ForeachPowList, foreach_pow_list, OPS_OUT, K(tensor_list, tensor_list, tensor_list),         \
      FE_DTM_F3I32, none, 0, LL, EWB(pow))                                                         \
    X(ForeachPowScalar, foreach_pow_scalar, OPS_OUT, K(tensor_list, tensor, tensor_list),          \
      FE_DTM_F3I32, scalar, FE_DTM_S3, LT, EWB(pow))                                               \
    X(ForeachPowScalarV2, foreach_pow_scalar_v2, OPS_OUT, K(tensor_list, scalar, tensor_list),     \
      DTM_F3, scalar, FE_DTM_SF3, LS, EWB(pow))                                                    \
    X(ForeachPowScalarList, foreach_pow_scalar_list, OPS_OUT,                                      \
      K(tensor_list, scalar_list, tensor_list), FE_DTM_F3I32, scalars, FE_DTM_SL2, LSL, EWB(pow))  \
    X(ForeachPowScalarAndTensor, foreach_pow_scalar_and_tensor, OPS_OUT,                           \
      K(scalar, tensor_list, tensor_list), FE_DTM_F3I32, scalar,                                   \
      DTM(DT_F32) | DTM(DT_F64) | DTM(DT_I64), SL, EWB(pow))                                       \
    X(ForeachSubList, foreach_sub_list, OPS_OUT, K(tensor_list, tensor_list, tensor, tensor_list), \
      FE_DTM_ARITH, alpha, FE_DTM_S3, LLA, EWB(sub))                                               \
    X(ForeachSubListInplace, foreach_sub_list_inplace, OPS_OUT,                                    \
      K(tensor_list, tensor_list, tensor), FE_DTM_F3I32, alpha, FE_DTM_S3, LLAI, EWB(sub))         \
    X(ForeachSubListV2, foreach_sub_list_v2, OPS_OUT,                                              \
      K(tensor_list, tensor_list, scalar, tensor_list), FE_DTM_ARITH, alpha, FE_DTM_S5, LLS,       \
      EWB(sub))                                                                                    \
    X(ForeachSubScalar, foreach_sub_scalar, OPS_OUT, K(tensor_list, tensor, tensor_list),          \
      FE_DTM_F3I32, scalar, FE_DTM_S3, LT, EWB(sub1))                                              \
    X(ForeachSubScalarInplace, foreach_sub_scalar_inplace, OPS_OUT, K(tensor_list, tensor),        \
      FE_DTM_F3I32, scalar, FE_DTM_S3, LTI, EWB(sub1))                                             \
    X(ForeachSubScalarV2, foreach_sub_scalar_v2, OPS_OUT, K(tensor_list, scalar, tensor_list),     \
      FE_DTM_F3I32, scalar, FE_DTM_S5, LS, EWB(sub1))                                              \
    X(ForeachSubScalarList, foreach_sub_scalar_list, OPS_OUT,                                      \
      K(tensor_list, scalar_list, tensor_list), FE_DTM_F3I32, scalars, FE_DTM_SL2, LSL, EWB(sub1)) \
    X(ForeachRoundOffNumber, foreach_round_off_number, OPS_OUT,                                    \
      K(tensor_list, tensor, tensor_list), DTM_F3 | DTM(DT_I16), roundMode, DTM(DT_I8), LT,        \
      FEK(roundoff))                                                                               \
    X(ForeachRoundOffNumberV2, foreach_round_off_number_v2, OPS_OUT,                               \
      K(tensor_list, scalar, tensor_list), DTM_F3 | DTM(DT_I16) | DTM(DT_I32), roundMode,          \
      DTM(DT_I8) | DTM(DT_I64), LS, FEK(roundoff))

#define FE_TERNARY_OPS(X)                                                                          \
    X(ForeachAddcdivList, foreach_addcdiv_list, OPS_OUT,                                           \
      K(tensor_list, tensor_list, tensor_list, tensor, tensor_list), DTM_F3, scalars, DTM_F3, L3T, \
      EWT(addcdiv))                                                                                \
    X(ForeachAddcdivScalar, foreach_addcdiv_scalar, OPS_OUT,                                       \
      K(tensor_list, tensor_list, tensor_list, tensor, tensor_list), DTM_F3, scalar, FE_DTM_SF,    \
      L3T, EWT(addcdiv))                                                                           \
    X(ForeachAddcdivScalarList, foreach_addcdiv_scalar_list, OPS_OUT,                              \
      K(tensor_list, tensor_list, tensor_list, tensor, tensor_list), DTM_F3, scalars, DTM_F3, L3T, \
      EWT(addcdiv))                                                                                \
    X(ForeachAddcdivScalarV2, foreach_addcdiv_scalar_v2, OPS_OUT,                                  \
      K(tensor_list, tensor_list, tensor_list, scalar, tensor_list), DTM_F3, scalar, FE_DTM_SF3,   \
      L3S, EWT(addcdiv))                                                                           \
    X(ForeachAddcmulList, foreach_addcmul_list, OPS_OUT,                                           \
      K(tensor_list, tensor_list, tensor_list, tensor, tensor_list), FE_DTM_F3I32, scalars,        \
      FE_DTM_F3I32, L3T, FEK(addcmul))                                                             \
    X(ForeachAddcmulScalar, foreach_addcmul_scalar, OPS_OUT,                                       \
      K(tensor_list, tensor_list, tensor_list, tensor, tensor_list), FE_DTM_F3I32, scalar,         \
      FE_DTM_S3, L3T, FEK(addcmul))                                                                \
    X(ForeachAddcmulScalarList, foreach_addcmul_scalar_list, OPS_OUT,                              \
      K(tensor_list, tensor_list, tensor_list, tensor, tensor_list), FE_DTM_F3I32, scalars,        \
      FE_DTM_F3I32, L3T, FEK(addcmul))                                                             \
    X(ForeachAddcmulScalarV2, foreach_addcmul_scalar_v2, OPS_OUT,                                  \
      K(tensor_list, tensor_list, tensor_list, scalar, tensor_list), FE_DTM_F3I32, scalar,         \
      FE_DTM_S5, L3S, FEK(addcmul))                                                                \
    X(ForeachLerpList, foreach_lerp_list, OPS_OUT,                                                 \
      K(tensor_list, tensor_list, tensor_list, tensor_list), DTM_F3, none, 0, LLL, FEK(lerpt))     \
    X(ForeachLerpScalar, foreach_lerp_scalar, OPS_OUT,                                             \
      K(tensor_list, tensor_list, scalar, tensor_list), DTM_F3, weight, DTM(DT_F32) | DTM(DT_F64), \
      LLW, FEK(lerp))                                                                              \
    X(ForeachNorm, foreach_norm, OPS_OUT, K(tensor_list, scalar, tensor_list), DTM_F3, scalar,     \
      DTM(DT_F32) | DTM(DT_F64) | DTM(DT_I64), NORM, FEK(norm))                                    \
    X(ForeachNonFiniteCheckAndUnscale, foreach_non_finite_check_and_unscale, OPS_OUT,              \
      K(tensor_list, tensor, tensor), DTM_F3, foundInf, DTM(DT_F32), UNSCALE, EWB(mul))

/* Every row: the three lists in the order of docs/operators.md. */
#define FOREACH_OPS(X) FE_LIST_OPS(X) FE_BINARY_OPS(X) FE_TERNARY_OPS(X)

#define FE_ROW_DT(Name, header, FORMS, KINDS, DT, ARG2, DT2, SIG, KERN)                            \
    OPS_ROW_DT(Name, header, FORMS, KINDS, DT, ARG2, DT2)
enum { FOREACH_OPS(FE_ROW_DT) };

#endif /* CPUACL_OPS_FOREACH_TABLE_H */
