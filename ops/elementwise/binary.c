/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Binary elementwise operators on the engine (engine/ew.c): the Add/Sub/Mul/Div
 * family (tensor and scalar forms, in place), DivMod, Maximum/Minimum, the
 * Pow forms, the comparisons, logical and bitwise operators, shifts, Gcd,
 * FloorDivide, Remainder, Fmod, Atan2, XLogY and LogAddExp, with their kernels and entry points
 * generated from their rows in table.h (EW_BINARY_KERNELS, EW_BINARY_I64_KERNELS, EW_BINARY_OPS).
 *
 * Semantics follow AscendCL's operators (ops-math / ops-nn op_api sources):
 *  EB1. Inputs promote by ops_promote (tensor with scalar: ops_promote_scalar);
 *      the operator computes in the promoted type, then casts to out's type,
 *      which the promoted type must be able to cast to (ops_can_cast).
 *  EB2. Add/Sub: out = self +/- alpha * other; alpha must cast to the
 *      promoted type (an integral alpha for bool). Sub rejects bool.
 *  EB3. Div/Divs divide integer and bool inputs as float32 (true division);
 *      DivMod with mode 1 (toward zero) / 2 (floor) keeps integer types, and
 *      an integer division by zero gives 0.
 *  EB5. Maximum/Minimum propagate NaN.
 *  EB6. Integer arithmetic wraps (two's complement); integer pow with a
 *      negative exponent gives 1 for base 1, +-1 for base -1, else 0.
 *  EB7. Comparisons (BK_CMP) and the logical operators (BK_LOGIC) compute in
 *      the promoted type (a scalar promotes as with aclnnAdds, out's type
 *      aside) and write 1 / 0 in out's type, any type; NaN compares false
 *      except with !=; in place the result is written in selfRef's type.
 *  EB8. BitwiseAnd/Or/Xor take integers and bool, LeftShift, RightShift and
 *      Gcd integers only (161002 for a float). A shift by a negative count or
 *      one of 64 and more gives 0 (right shift of a negative value: -1);
 *      Gcd is non-negative (gcd(0, 0) = 0). LeftShift and RightShift also take
 *      uint16, uint32 and uint64 (their aclnn type lists), each only with
 *      itself (no promotion with another type); a uint64 shifts right
 *      logically, and a shift wraps to the type's width; out is then of the same
 *      type (161002 otherwise: the int64 bits are not wrapped for another type).
 *  EB9. Fmod (the sign of self) and Remainder (the sign of other, Python's
 *      %) keep integer types; an integer modulo by zero gives 0. Neither,
 *      nor FloorDivide, takes bool. Float floor division (FloorDivide,
 *      DivMod mode 2) is torch's: (x - fmod(x, y)) / y corrected to the
 *      floor, so an infinite x gives NaN and the quotient is exact.
 *  EB10. Atan2, XLogY, LogAddExp, LogAddExp2 compute integer and bool inputs
 *      in FLOAT; xlogy(0, y) is 0 unless y is NaN.
 * Kernels compute float16/bfloat16 in float32 (the engine converts).
 * (S4, the unary functions' rule, is in elementwise/unary.c.)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/engine/public.h"
#include "ops/elementwise/kernels.h"
#include "ops/elementwise/table.h"

#pragma GCC optimize("O3")

/* ---- binary kernels -------------------------------------------------------- */

#define KBIN(NAME, T, AL, EXPR)                                                                    \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1];                                                            \
        const T al = (T)(AL);                                                                      \
        (void)al;                                                                                  \
        (void)p;                                                                                   \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i], y = b[i];                                                                  \
            o[i] = (EXPR);                                                                         \
        }                                                                                          \
    }

typedef uint64_t u64;
#define WRAP(e) ((int64_t)(e))

enum bop {
#define X(id, ...) BOP_##id,
    EW_BINARY_KERNELS(X)
#undef X
        BOP_COUNT
};

static inline int64_t mulw(int64_t x, int64_t y)
{
    return WRAP((u64)x * (u64)y);
}

static inline int64_t idiv_trunc(int64_t x, int64_t y)
{
    if (y == 0)
        return 0;
    if (y == -1)
        return WRAP(0 - (u64)x); /* INT64_MIN / -1 wraps instead of trapping */
    return x / y;
}
static inline int64_t idiv_floor(int64_t x, int64_t y)
{
    if (y == 0)
        return 0;
    if (y == -1)
        return WRAP(0 - (u64)x);
    int64_t q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0)))
        q--;
    return q;
}
static inline int64_t ishl(int64_t x, int64_t y)
{
    return (y < 0 || y > 63) ? 0 : WRAP((u64)x << y);
}
static inline int64_t ishr(int64_t x, int64_t y)
{
    return (y < 0 || y > 63) ? (x < 0 ? -1 : 0) : x >> y;
}
/* uint64's right shift: logical on the bits int64 compute holds (ops/engine/dtype.c loads a
 * uint64 bit for bit); a count outside [0, 63] gives 0 */
static inline int64_t ishru(int64_t x, int64_t y)
{
    return (y < 0 || y > 63) ? 0 : WRAP((u64)x >> y);
}
static inline int64_t igcd(int64_t x, int64_t y)
{
    u64 a = x < 0 ? 0 - (u64)x : (u64)x, b = y < 0 ? 0 - (u64)y : (u64)y;
    while (b) {
        u64 t = a % b;
        a = b;
        b = t;
    }
    return WRAP(a);
}
static inline int64_t imod_trunc(int64_t x, int64_t y)
{
    return (y == 0 || y == -1) ? 0 : x % y; /* INT64_MIN % -1 traps: it is 0 */
}
static inline int64_t imod_floor(int64_t x, int64_t y)
{
    int64_t r = imod_trunc(x, y);
    return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;
}
/* The float helpers in both precisions, named as F() makes them (fremf / frem...). */
#define FHELPERS(T, S, FN)                                                                         \
    static inline T frem##S(T x, T y)                                                              \
    {                                                                                              \
        T r = FN(fmod)(x, y);                                                                      \
        return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;                                       \
    }                                                                                              \
    static inline T divfloor##S(T x, T y)                                                          \
    {                                                                                              \
        if (y == 0)                                                                                \
            return x / y;                                                                          \
        T m = FN(fmod)(x, y), d = (x - m) / y;                                                     \
        if (m != 0 && ((y < 0) != (m < 0)))                                                        \
            d -= 1;                                                                                \
        if (d == 0)                                                                                \
            return FN(copysign)((T)0, x / y);                                                      \
        T f = FN(floor)(d);                                                                        \
        return d - f > (T)0.5 ? f + 1 : f;                                                         \
    }                                                                                              \
    static inline T xlogy##S(T x, T y)                                                             \
    {                                                                                              \
        return (x == 0 && y == y) ? (T)0 : x * FN(log)(y);                                         \
    }                                                                                              \
    static inline T logaddexp##S(T x, T y)                                                         \
    {                                                                                              \
        T m = x > y ? x : y;                                                                       \
        if (FN(fabs)(m) == (T)INFINITY && x == y)                                                  \
            return x; /* inf with inf: inf - inf would be NaN */                                   \
        return m + FN(log1p)(FN(exp)(-FN(fabs)(x - y)));                                           \
    }                                                                                              \
    static inline T logaddexp2##S(T x, T y)                                                        \
    {                                                                                              \
        T m = x > y ? x : y;                                                                       \
        if (FN(fabs)(m) == (T)INFINITY && x == y)                                                  \
            return x;                                                                              \
        return m + FN(log1p)(FN(exp2)(-FN(fabs)(x - y))) * (T)1.4426950408889634;                  \
    }
FHELPERS(float, f, EW_F32_FN)
FHELPERS(double, , EW_F64_FN)

static inline int64_t ipow(int64_t x, int64_t y)
{
    if (y < 0)
        return x == 1 ? 1 : x == -1 ? ((y & 1) ? -1 : 1) : 0;
    u64 r = 1, b = (u64)x;
    while (y) {
        if (y & 1)
            r *= b;
        b *= b;
        y >>= 1;
    }
    return WRAP(r);
}

/* The float and double kernels, f32_<id> and f64_<id>, from each row of
 * EW_BINARY_KERNELS (F as table.h says). */
#define X(id, ALPHA, FORMULA) KBIN(KNAME(id), T, ALPHA, FORMULA)
#define T float
#define F EW_F32_FN
#define KNAME(id) f32_##id
EW_BINARY_KERNELS(X)
#undef T
#undef F
#undef KNAME
#define T double
#define F EW_F64_FN
#define KNAME(id) f64_##id
EW_BINARY_KERNELS(X)
#undef T
#undef F
#undef KNAME
#undef X

/* The int64 kernels, i64_<id>, of EW_BINARY_I64_KERNELS (EB6: they wrap). */
#define X(id, ALPHA, FORMULA) KBIN(i64_##id, int64_t, ALPHA, FORMULA)
EW_BINARY_I64_KERNELS(X)
#undef X

/* Kernel of bop for each compute kind's column (ew_col); NULL: none. */
static const ew_kern_fn g_bin[BOP_COUNT][3] = {
#define X(id, ...) [BOP_##id][0] = f32_##id, [BOP_##id][1] = f64_##id,
    EW_BINARY_KERNELS(X)
#undef X
#define X(id, ...) [BOP_##id][2] = i64_##id,
        EW_BINARY_I64_KERNELS(X)
#undef X
};

/* ---- building executors --------------------------------------------------------- */

/* The rules of binary_op beyond promotion (table.h, EW_BINARY_OPS). */
enum bkind {
    BK_ADD,
    BK_SUB,
    BK_DIV,
    BK_POW,
    BK_PLAIN,
    BK_ARITH,
    BK_FLT,
    BK_CMP,
    BK_LOGIC,
    BK_BIT,
    BK_INT
};

/* The binary family. Exactly one of self/selfS and one of other/otherS is
 * given; for in-place forms out is self (inplace set). bop is the kernel of
 * BK_POW and BK_PLAIN; BK_ADD, BK_SUB and BK_DIV choose theirs. */
static aclnnStatus binary_op(const char *name, int kind, int bop, const aclTensor *self,
                             const aclScalar *selfS, const aclTensor *other,
                             const aclScalar *otherS, const aclScalar *alpha, int64_t mode,
                             const aclTensor *out, bool inplace, uint64_t *ws, aclOpExecutor **ex)
{
    if (!self && !selfS)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: self is NULL", name);
    if (!other && !otherS)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: other is NULL", name);
    if ((kind == BK_ADD || kind == BK_SUB) && !alpha)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: alpha is NULL", name);
    OPS_CHECK_NULLS(name, out, ws, ex);
    const struct ops_p1key k = {name,
                                1ull << 56 | (uint64_t)kind | (uint64_t)inplace << 8 |
                                    (uint64_t)(mode < 0 || mode > 2 ? 3 : mode) << 16,
                                3,
                                3,
                                {self, other, out},
                                {selfS, otherS, alpha}};
    if (ops_p1_hit(&k, ws, ex))
        return ACLNN_SUCCESS;
    aclnnStatus rc;
    const aclTensor *tens[2] = {self, other};
    for (int k = 0; k < 2; k++)
        if (tens[k] && (rc = ops_check_dims(tens[k], name, k ? "other" : "self")))
            return rc;
    if ((rc = ops_check_dims(out, name, "out")))
        return rc;

    int sdt, odt, outdt, adt = DT_NONE;
    /* the shifts also take uint16, uint32 and uint64 (aclnnLeftShift's and aclnnRightShift's
     * type lists: ops-math's op_api); they promote only alone (EB8) */
    unsigned dtm = bop == BOP_shl || bop == BOP_shr ? DTM_ALL | DTM_UWIDE : DTM_ALL;
    if ((rc = ops_need_dt(name, "self", self ? self->dtype : selfS->dtype, dtm, &sdt)) ||
        (rc = ops_need_dt(name, "other", other ? other->dtype : otherS->dtype, dtm, &odt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, dtm, &outdt)))
        return rc;
    int prom;
    const bool truth = kind == BK_CMP || kind == BK_LOGIC; /* EB7 */
    if (self && other)
        prom = ops_promote(sdt, odt);
    else if (self)
        prom = ops_promote_scalar(sdt, odt, truth ? DT_NONE : outdt);
    else
        prom = ops_promote_scalar(odt, sdt, truth ? DT_NONE : outdt);
    if (prom < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s and %s do not promote", name,
                       ops_dt_name(ops_dt_acl(sdt)), ops_dt_name(ops_dt_acl(odt)));
    int res = prom;
    switch (kind) {
    case BK_ADD:
    case BK_SUB:
        if (kind == BK_SUB && prom == DT_BOOL)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: subtraction of bool is not supported",
                           name);
        if ((rc = ops_need_dt(name, "alpha", alpha->dtype, DTM_ALL, &adt)))
            return rc;
        if (prom == DT_BOOL ? ops_dt_is_float(adt) : !ops_can_cast(adt, prom))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: alpha of type %s cannot cast to %s", name,
                           ops_dt_name(alpha->dtype), ops_dt_name(ops_dt_acl(prom)));
        break;
    case BK_DIV:
        if (mode < 0 || mode > 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: mode %lld is not 0, 1 or 2", name,
                           (long long)mode);
        if (!ops_dt_is_float(prom) && mode == 0)
            res = DT_F32;
        if (prom == DT_BOOL)
            res = DT_F32;
        break;
    case BK_POW:
        if (sdt == DT_BOOL && odt == DT_BOOL)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self and exponent cannot both be bool",
                           name);
        break;
    case BK_ARITH:
        if (prom == DT_BOOL)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self and other cannot both be bool", name);
        break;
    case BK_FLT:
        if (!ops_dt_is_float(prom))
            res = DT_F32;
        break;
    case BK_CMP:
    case BK_LOGIC:
        res = DT_BOOL;
        break;
    case BK_BIT:
    case BK_INT:
        if (ops_dt_is_float(prom) || (kind == BK_INT && prom == DT_BOOL))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self %s and other %s: %s types only", name,
                           ops_dt_name(ops_dt_acl(sdt)), ops_dt_name(ops_dt_acl(odt)),
                           kind == BK_INT ? "integer" : "integer and bool");
        break;
    default:
        break;
    }
    if (!ops_can_cast(res, outdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: result type %s cannot cast to out type %s",
                       name, ops_dt_name(ops_dt_acl(res)), ops_dt_name(out->dtype));
    /* EB8: a uint16/32/64 result is computed in int64 bits without a rounding to its width
     * (ER1 has none), so it is stored only as itself */
    if (((DTM(res) | DTM(outdt)) & DTM_UWIDE) && res != outdt)
        return ops_err(
            ACLNN_ERR_PARAM_INVALID, "%s: out has type %s; a %s result is stored only as %s", name,
            ops_dt_name(out->dtype), ops_dt_name(ops_dt_acl(res)), ops_dt_name(ops_dt_acl(res)));

    if ((rc = ops_check_broadcast(name, self, other, out, inplace ? "selfRef" : "out")))
        return rc;

    struct ew_build b = {.name = name, .nin = 2, .in = {self, other}, .out = out, .cdt = prom};
    if (selfS)
        ops_scalar_to(b.cval, prom, selfS);
    if (otherS)
        ops_scalar_to(b.cval, prom, otherS);
    b.ck = ops_ck_for(res);
    b.rt = res;
    if (truth) { /* 1 / 0: computed in the promoted type, exact in every type */
        b.ck = ops_ck_for(prom);
        b.rt = DT_NONE;
    }
    switch (kind) {
    case BK_ADD:
    case BK_SUB: {
        bool one;
        if (b.ck == CK_I64) {
            b.p.i[0] = ops_scalar_i64(alpha);
            if (prom == DT_BOOL)
                b.p.i[0] = b.p.i[0] != 0;
            one = b.p.i[0] == 1;
        } else {
            b.p.f[0] = ops_scalar_f64(alpha);
            one = b.p.f[0] == 1.0;
        }
        bop = kind == BK_ADD ? (one ? BOP_add1 : BOP_add) : (one ? BOP_sub1 : BOP_sub);
        break;
    }
    case BK_DIV:
        bop = mode == 0 ? BOP_div : mode == 1 ? BOP_divt : BOP_divf;
        break;
    default:
        break;
    }
    if (bop == BOP_shr && prom == DT_U64) /* logical: the bits above INT64_MAX are a value */
        bop = BOP_shru;
    b.kern = g_bin[bop][ew_col(b.ck)];
    if (bop == BOP_mul) /* the engine's fused dequantisation (ew.c EW5) */
        b.fuse = EW_FUSE_MUL;
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
}

/* ---- the public entry points ------------------------------------------------------------ */

/* The entry points of each EW_BINARY_OPS row, by its FORMS (table.h), built
 * from two: EW_ENTRY, aclnnOP (self, other, EXTRA, out), and EW_ENTRY_INPLACE,
 * aclnnNAME (selfRef, other, EXTRA) writing selfRef. SIG names the operands:
 * TT (tensor, tensor), TS (tensor, scalar), ST (scalar, tensor); EXTRA names
 * the parameters after other (EW_EXTRA_*), ALPHA and MODE what binary_op gets
 * for them. */
#define EW_ENTRY(OP, SIG, KIND, BOP, EXTRA, ALPHA, MODE)                                           \
    aclnnStatus aclnn##OP##GetWorkspaceSize(                                                       \
        const EW_SELF_##SIG *self, const EW_OTHER_##SIG *other EW_EXTRA_##EXTRA aclTensor *out,    \
        WS)                                                                                        \
    {                                                                                              \
        return binary_op("aclnn" #OP, KIND, BOP, EW_ARGS_##SIG, ALPHA, MODE, out, false,           \
                         workspaceSize, executor);                                                 \
    }                                                                                              \
    PHASE2(OP)
#define EW_ENTRY_INPLACE(NAME, SIG, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                        \
    aclnnStatus aclnn##NAME##GetWorkspaceSize(SELFREF *selfRef,                                    \
                                              EW_INOTHER_##SIG *other EW_EXTRA_##EXTRA WS)         \
    {                                                                                              \
        OPS_CHECK_NULL("aclnn" #NAME, selfRef);                                                    \
        return binary_op("aclnn" #NAME, KIND, BOP, EW_INARGS_##SIG, ALPHA, MODE, selfRef, true,    \
                         workspaceSize, executor);                                                 \
    }                                                                                              \
    PHASE2(NAME)
#define EW_INOTHER_TT const aclTensor
#define EW_INOTHER_TS const aclScalar
#define EW_INOTHER_TTNC aclTensor /* Atan2's in-place other is not const */
#define EW_INARGS_TTNC EW_INARGS_TT
#define EW_SELF_TT aclTensor
#define EW_OTHER_TT aclTensor
#define EW_ARGS_TT self, NULL, other, NULL
#define EW_INARGS_TT selfRef, NULL, other, NULL
#define EW_SELF_TS aclTensor
#define EW_OTHER_TS aclScalar
#define EW_ARGS_TS self, NULL, NULL, other
#define EW_INARGS_TS selfRef, NULL, NULL, other
#define EW_SELF_ST aclScalar
#define EW_OTHER_ST aclTensor
#define EW_ARGS_ST NULL, self, other, NULL

/* EW_B4: OP (tensor, tensor), OP##s (tensor, scalar) and their in-place forms;
 * EW_B2: OP and OP##s; EW_TT_INPLACE_NC: as EW_TT_INPLACE, other not const;
 * EW_TT: OP (tensor, tensor); EW_TT_INPLACE: also InplaceOP; EW_TS_INPLACE: OP
 * (tensor, scalar) and InplaceOP; EW_ST: OP (scalar, tensor). */
#define EW_B4(OP, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                                          \
    EW_ENTRY(OP, TT, KIND, BOP, EXTRA, ALPHA, MODE)                                                \
    EW_ENTRY(OP##s, TS, KIND, BOP, EXTRA, ALPHA, MODE)                                             \
    EW_ENTRY_INPLACE(Inplace##OP, TT, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                      \
    EW_ENTRY_INPLACE(Inplace##OP##s, TS, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)
#define EW_B2(OP, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                                          \
    EW_ENTRY(OP, TT, KIND, BOP, EXTRA, ALPHA, MODE)                                                \
    EW_ENTRY(OP##s, TS, KIND, BOP, EXTRA, ALPHA, MODE)
#define EW_TT_INPLACE_NC(OP, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                               \
    EW_ENTRY(OP, TT, KIND, BOP, EXTRA, ALPHA, MODE)                                                \
    EW_ENTRY_INPLACE(Inplace##OP, TTNC, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)
#define EW_TT(OP, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                                          \
    EW_ENTRY(OP, TT, KIND, BOP, EXTRA, ALPHA, MODE)
#define EW_TT_INPLACE(OP, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                                  \
    EW_ENTRY(OP, TT, KIND, BOP, EXTRA, ALPHA, MODE)                                                \
    EW_ENTRY_INPLACE(Inplace##OP, TT, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)
#define EW_TS_INPLACE(OP, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                                  \
    EW_ENTRY(OP, TS, KIND, BOP, EXTRA, ALPHA, MODE)                                                \
    EW_ENTRY_INPLACE(Inplace##OP, TS, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)
#define EW_ST(OP, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                                          \
    EW_ENTRY(OP, ST, KIND, BOP, EXTRA, ALPHA, MODE)

/* EXTRA: the parameters between other and out. */
#define EW_EXTRA_PLAIN ,
#define EW_EXTRA_WITH_ALPHA , const aclScalar *alpha,
#define EW_EXTRA_WITH_MODE , int mode,
#define EW_EXTRA_WITH_MODE64 , int64_t mode,
#define EW_EXTRA_WITH_FALPHA , float alpha,
/* A float parameter as the FLOAT scalar binary_op takes (it lives for the call). */
#define EW_FLOAT_SCALAR(f)                                                                         \
    (&(const aclScalar){.magic = OPS_MAGIC_SCALAR, .dtype = ACL_FLOAT, .v = {.f32 = (f)}})
#define X(Name, header, FORMS, KIND, BOP, SELFREF, EXTRA, ALPHA, MODE)                             \
    FORMS(Name, KIND, BOP_##BOP, SELFREF, EXTRA, ALPHA, MODE)
EW_BINARY_OPS(X)
#undef X

/* ---- the kernels for other families (kernels.h) ------------------------------------------ */

ew_kern_fn ew_binary_kernel(const char *id, int col)
{
    static const char *const names[BOP_COUNT] = {
#define X(id, ...) [BOP_##id] = #id,
        EW_BINARY_KERNELS(X)
#undef X
    };
    int k = ew_name_index(names, BOP_COUNT, id);
    return k < 0 ? NULL : g_bin[k][col];
}
