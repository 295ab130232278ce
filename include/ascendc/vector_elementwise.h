// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector_elementwise.h: the element-by-element vector instructions, in count mode
// (dst, src..., calCount) and in mask/repeat mode (..., mask or mask[2], repeatTimes,
// BinaryRepeatParams / UnaryRepeatParams):
//   binary      Add Sub Mul Div Max Min And Or
//   unary       Abs Exp Ln Sqrt Rsqrt Reciprocal Relu Not
//   scalar      Adds Muls Maxs Mins LeakyRelu ShiftLeft ShiftRight
//   others      Duplicate (dst, scalar), Axpy (dst += src * scalar), ArithProgression
//   math        Asin (count mode, with or without a shared temporary buffer)
// Floats: computed in float, rounded once to the element type (half/bfloat16_t: nearest
// even). Integers: two's complement, wrapping. docs/ascendc-vector.md.
#ifndef CPUACL_ASCENDC_VECTOR_ELEMENTWISE_H
#define CPUACL_ASCENDC_VECTOR_ELEMENTWISE_H

#ifdef __cplusplus

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "ascendc/vector_mask.h"

namespace AscendC
{
namespace impl
{

// Modular integer arithmetic without signed overflow: in uint64_t, truncated.
template <class T, class F> inline T Wrap(T a, T b, F f)
{
    return static_cast<T>(f(static_cast<uint64_t>(a), static_cast<uint64_t>(b)));
}

struct OpAdd {
    template <class T> T operator()(T a, T b) const
    {
        if constexpr (std::is_integral<T>::value)
            return Wrap(a, b, [](uint64_t x, uint64_t y) { return x + y; });
        else
            return static_cast<T>(a + b);
    }
};
struct OpSub {
    template <class T> T operator()(T a, T b) const
    {
        if constexpr (std::is_integral<T>::value)
            return Wrap(a, b, [](uint64_t x, uint64_t y) { return x - y; });
        else
            return static_cast<T>(a - b);
    }
};
struct OpMul {
    template <class T> T operator()(T a, T b) const
    {
        if constexpr (std::is_integral<T>::value)
            return Wrap(a, b, [](uint64_t x, uint64_t y) { return x * y; });
        else
            return static_cast<T>(a * b);
    }
};
struct OpDiv {
    template <class T> T operator()(T a, T b) const
    {
        static_assert(IsFloat<T>, "Div: half, bfloat16_t or float");
        return static_cast<T>(a / b);
    }
};
struct OpMax {
    template <class T> T operator()(T a, T b) const
    {
        return a > b ? a : b;
    }
};
struct OpMin {
    template <class T> T operator()(T a, T b) const
    {
        return a < b ? a : b;
    }
};
struct OpAnd {
    template <class T> T operator()(T a, T b) const
    {
        static_assert(std::is_integral<T>::value, "And: integer types");
        return static_cast<T>(a & b);
    }
};
struct OpOr {
    template <class T> T operator()(T a, T b) const
    {
        static_assert(std::is_integral<T>::value, "Or: integer types");
        return static_cast<T>(a | b);
    }
};

// Unary float functions: in float, rounded once to T.
#define CPUACL_AC_FLOAT_UNARY(name, expr)                                                          \
    struct Op##name {                                                                              \
        template <class T> T operator()(T a) const                                                 \
        {                                                                                          \
            static_assert(IsFloat<T>, #name ": half, bfloat16_t or float");                        \
            float x = static_cast<float>(a);                                                       \
            return static_cast<T>(expr);                                                           \
        }                                                                                          \
    };
CPUACL_AC_FLOAT_UNARY(Exp, std::exp(x))
CPUACL_AC_FLOAT_UNARY(Ln, std::log(x))
CPUACL_AC_FLOAT_UNARY(Sqrt, std::sqrt(x))
CPUACL_AC_FLOAT_UNARY(Rsqrt, 1.0f / std::sqrt(x))
CPUACL_AC_FLOAT_UNARY(Reciprocal, 1.0f / x)
#undef CPUACL_AC_FLOAT_UNARY

struct OpAbs {
    template <class T> T operator()(T a) const
    {
        if constexpr (IsF16<T>::value)
            return T::FromBits(static_cast<uint16_t>(a.Bits() & 0x7fffu));
        else if constexpr (std::is_integral<T>::value)
            return a < 0 ? Wrap(T(0), a, [](uint64_t x, uint64_t y) { return x - y; }) : a;
        else
            return std::fabs(a);
    }
};
struct OpRelu {
    template <class T> T operator()(T a) const
    {
        return a > T(0) ? a : T(0);
    }
};
struct OpNot {
    template <class T> T operator()(T a) const
    {
        static_assert(std::is_integral<T>::value, "Not: integer types");
        return static_cast<T>(~a);
    }
};

// With a scalar s: the binary operation with s as the second operand.
using OpAdds = OpAdd;
using OpMuls = OpMul;
using OpMaxs = OpMax;
using OpMins = OpMin;
struct OpLeakyRelu {
    template <class T> T operator()(T a, T s) const
    {
        static_assert(IsFloat<T>, "LeakyRelu: half or float");
        return a >= T(0) ? a : static_cast<T>(a * s);
    }
};
struct OpShiftLeft {
    template <class T> T operator()(T a, T s) const
    {
        static_assert(std::is_integral<T>::value, "ShiftLeft: integer types");
        return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) << s);
    }
};
struct OpShiftRight { // arithmetic for signed types, logical for unsigned
    template <class T> T operator()(T a, T s) const
    {
        static_assert(std::is_integral<T>::value, "ShiftRight: integer types");
        return static_cast<T>(a >> s);
    }
};

// ---- count mode ----
template <class T, class Op>
inline void Binary(const char *api, const LocalTensor<T> &dst, const LocalTensor<T> &a,
                   const LocalTensor<T> &b, int32_t n, Op op)
{
    CheckCount(api, "dst", dst, n);
    CheckCount(api, "src0", a, n);
    CheckCount(api, "src1", b, n);
    CheckAlign(api, "dst", dst);
    CheckAlign(api, "src0", a);
    CheckAlign(api, "src1", b);
    if constexpr (IsF16<T>::value) {
        // on the bit patterns, through float: the loop vectorises (a loop over the class
        // type does not); op(float, float) rounded once is what T's operators compute
        using F = typename T::Format;
        Bits16 *d = reinterpret_cast<Bits16 *>(dst.GetPhyAddr());
        const Bits16 *x = reinterpret_cast<const Bits16 *>(a.GetPhyAddr());
        const Bits16 *y = reinterpret_cast<const Bits16 *>(b.GetPhyAddr());
        for (int32_t i = 0; i < n; i++)
            d[i] = F::FromFloat(static_cast<float>(op(F::ToFloat(x[i]), F::ToFloat(y[i]))));
    } else {
        T *d = dst.GetPhyAddr();
        const T *x = a.GetPhyAddr(), *y = b.GetPhyAddr();
        for (int32_t i = 0; i < n; i++)
            d[i] = op(x[i], y[i]);
    }
}

template <class T, class U, class F>
inline void Unary(const char *api, const LocalTensor<T> &dst, const LocalTensor<U> &src, int32_t n,
                  F f)
{
    CheckCount(api, "dst", dst, n);
    CheckCount(api, "src", src, n);
    CheckAlign(api, "dst", dst);
    CheckAlign(api, "src", src);
    if constexpr (IsF16<T>::value && std::is_same<T, U>::value) { // see Binary
        using Fmt = typename T::Format;
        Bits16 *d = reinterpret_cast<Bits16 *>(dst.GetPhyAddr());
        const Bits16 *x = reinterpret_cast<const Bits16 *>(src.GetPhyAddr());
        for (int32_t i = 0; i < n; i++)
            d[i] = Fmt::FromFloat(static_cast<float>(f(Fmt::ToFloat(x[i]), Fmt::ToFloat(d[i]))));
    } else {
        T *d = dst.GetPhyAddr();
        const U *x = src.GetPhyAddr();
        for (int32_t i = 0; i < n; i++)
            d[i] = f(x[i], d[i]);
    }
}

// ---- mask/repeat mode ----
template <class T, class Op>
inline void BinaryRep(const char *api, const LocalTensor<T> &dst, const LocalTensor<T> &a,
                      const LocalTensor<T> &b, const RepeatMask &m, const BinaryRepeatParams &p,
                      Op op)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    Strided<T> d = Operand(api, "dst", dst, p.dstBlkStride, p.dstRepStride);
    Strided<T> x = Operand(api, "src0", a, p.src0BlkStride, p.src0RepStride);
    Strided<T> y = Operand(api, "src1", b, p.src1BlkStride, p.src1RepStride);
    CheckReach(api, "dst", d, m, elems);
    CheckReach(api, "src0", x, m, elems);
    CheckReach(api, "src1", y, m, elems);
    ForEachMasked(m, elems,
                  [&](uint32_t r, uint32_t e) { d.At(r, e) = op(x.At(r, e), y.At(r, e)); });
}

// f(src element, old dst element) -> new dst element; repeats sized by the larger type.
template <class T, class U, class F>
inline void UnaryRep(const char *api, const LocalTensor<T> &dst, const LocalTensor<U> &src,
                     const RepeatMask &m, const UnaryRepeatParams &p, F f)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));
    Strided<T> d = Operand(api, "dst", dst, p.dstBlkStride, p.dstRepStride);
    Strided<U> x = Operand(api, "src", src, p.srcBlkStride, p.srcRepStride);
    CheckReach(api, "dst", d, m, elems);
    CheckReach(api, "src", x, m, elems);
    ForEachMasked(m, elems,
                  [&](uint32_t r, uint32_t e) { d.At(r, e) = f(x.At(r, e), d.At(r, e)); });
}

template <class T, class U> constexpr uint32_t RepElems()
{
    return ElemsPerRepeat(sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));
}

} // namespace impl

// ---- the instructions ----
// Each instruction: its count mode, then its mask/repeat mode for both mask forms (MaskT:
// the uint64_t[2] bits or the continuous count).
#define CPUACL_AC_MASK(api, mask, repeatTimes, elems)                                              \
    impl::ResolveMask(api, mask, repeatTimes, elems, isSetMask)

#define CPUACL_AC_BINARY_REP(name, MaskT)                                                          \
    template <typename T, bool isSetMask = true>                                                   \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src0,                        \
                     const LocalTensor<T> &src1, MaskT mask, const uint8_t repeatTimes,            \
                     const BinaryRepeatParams &repeatParams)                                       \
    {                                                                                              \
        impl::BinaryRep(#name, dst, src0, src1,                                                    \
                        CPUACL_AC_MASK(#name, mask, repeatTimes, impl::ElemsPerRepeat(sizeof(T))), \
                        repeatParams, impl::Op##name());                                           \
    }
#define CPUACL_AC_BINARY(name)                                                                     \
    template <typename T>                                                                          \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src0,                        \
                     const LocalTensor<T> &src1, const int32_t &calCount)                          \
    {                                                                                              \
        impl::Binary(#name, dst, src0, src1, calCount, impl::Op##name());                          \
    }                                                                                              \
    CPUACL_AC_BINARY_REP(name, const uint64_t *)                                                   \
    CPUACL_AC_BINARY_REP(name, uint64_t)
CPUACL_AC_BINARY(Add)
CPUACL_AC_BINARY(Sub)
CPUACL_AC_BINARY(Mul)
CPUACL_AC_BINARY(Div)
CPUACL_AC_BINARY(Max)
CPUACL_AC_BINARY(Min)
CPUACL_AC_BINARY(And)
CPUACL_AC_BINARY(Or)
#undef CPUACL_AC_BINARY
#undef CPUACL_AC_BINARY_REP

#define CPUACL_AC_UNARY_REP(name, MaskT)                                                           \
    template <typename T, bool isSetMask = true>                                                   \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src, MaskT mask,             \
                     const uint8_t repeatTimes, const UnaryRepeatParams &repeatParams)             \
    {                                                                                              \
        impl::UnaryRep(#name, dst, src,                                                            \
                       CPUACL_AC_MASK(#name, mask, repeatTimes, impl::ElemsPerRepeat(sizeof(T))),  \
                       repeatParams, [](T x, T) { return impl::Op##name()(x); });                  \
    }
#define CPUACL_AC_UNARY(name)                                                                      \
    template <typename T>                                                                          \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src,                         \
                     const int32_t &calCount)                                                      \
    {                                                                                              \
        impl::Unary(#name, dst, src, calCount, [](auto x, auto) { return impl::Op##name()(x); });  \
    }                                                                                              \
    CPUACL_AC_UNARY_REP(name, const uint64_t *)                                                    \
    CPUACL_AC_UNARY_REP(name, uint64_t)
CPUACL_AC_UNARY(Abs)
CPUACL_AC_UNARY(Exp)
CPUACL_AC_UNARY(Ln)
CPUACL_AC_UNARY(Sqrt)
CPUACL_AC_UNARY(Rsqrt)
CPUACL_AC_UNARY(Reciprocal)
CPUACL_AC_UNARY(Relu)
CPUACL_AC_UNARY(Not)
#undef CPUACL_AC_UNARY
#undef CPUACL_AC_UNARY_REP

#define CPUACL_AC_SCALAR_REP(name, MaskT)                                                          \
    template <typename T, bool isSetMask = true>                                                   \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src,                         \
                     const typename impl::Id<T>::type &scalarValue, MaskT mask,                    \
                     const uint8_t repeatTimes, const UnaryRepeatParams &repeatParams)             \
    {                                                                                              \
        T s = scalarValue;                                                                         \
        impl::UnaryRep(#name, dst, src,                                                            \
                       CPUACL_AC_MASK(#name, mask, repeatTimes, impl::ElemsPerRepeat(sizeof(T))),  \
                       repeatParams, [s](T x, T) { return impl::Op##name()(x, s); });              \
    }
#define CPUACL_AC_SCALAR(name)                                                                     \
    template <typename T>                                                                          \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src,                         \
                     const typename impl::Id<T>::type &scalarValue, const int32_t &calCount)       \
    {                                                                                              \
        impl::Lane<T> s = static_cast<impl::Lane<T>>(static_cast<T>(scalarValue));                 \
        impl::Unary(#name, dst, src, calCount, [s](auto x, auto) {                                 \
            return impl::Op##name()(x, static_cast<decltype(x)>(s));                               \
        });                                                                                        \
    }                                                                                              \
    CPUACL_AC_SCALAR_REP(name, const uint64_t *)                                                   \
    CPUACL_AC_SCALAR_REP(name, uint64_t)
CPUACL_AC_SCALAR(Adds)
CPUACL_AC_SCALAR(Muls)
CPUACL_AC_SCALAR(Maxs)
CPUACL_AC_SCALAR(Mins)
CPUACL_AC_SCALAR(LeakyRelu)
CPUACL_AC_SCALAR(ShiftLeft)
CPUACL_AC_SCALAR(ShiftRight)
#undef CPUACL_AC_SCALAR
#undef CPUACL_AC_SCALAR_REP

// Duplicate: every selected element of dst becomes scalarValue.
template <typename T>
inline void Duplicate(const LocalTensor<T> &dst, const typename impl::Id<T>::type &scalarValue,
                      const int32_t &calCount)
{
    impl::CheckCount("Duplicate", "dst", dst, calCount);
    impl::CheckAlign("Duplicate", "dst", dst);
    T s = scalarValue, *d = dst.GetPhyAddr();
    for (int32_t i = 0; i < calCount; i++)
        d[i] = s;
}

// Axpy: dst = src * scalar + dst, computed in float and rounded once to T (T, U: half/half,
// float/float, float/half).
template <typename T, typename U>
inline void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const typename impl::Id<U>::type scalarValue, const int32_t &calCount)
{
    float s = static_cast<float>(static_cast<U>(scalarValue));
    impl::Unary("Axpy", dst, src, calCount, [s](U x, T d) {
        return static_cast<T>(static_cast<float>(x) * s + static_cast<float>(d));
    });
}

#define CPUACL_AC_OTHERS_REP(MaskT)                                                                \
    template <typename T, bool isSetMask = true>                                                   \
    inline void Duplicate(                                                                         \
        const LocalTensor<T> &dst, const typename impl::Id<T>::type &scalarValue, MaskT mask,      \
        const uint8_t repeatTimes, const uint16_t dstBlockStride, const uint8_t dstRepeatStride)   \
    {                                                                                              \
        T s = scalarValue;                                                                         \
        UnaryRepeatParams p(dstBlockStride, dstBlockStride, dstRepeatStride, dstRepeatStride);     \
        impl::UnaryRep(                                                                            \
            "Duplicate", dst, dst,                                                                 \
            CPUACL_AC_MASK("Duplicate", mask, repeatTimes, impl::ElemsPerRepeat(sizeof(T))), p,    \
            [s](T, T) { return s; });                                                              \
    }                                                                                              \
    template <typename T, typename U, bool isSetMask = true>                                       \
    inline void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src,                         \
                     const typename impl::Id<U>::type scalarValue, MaskT mask,                     \
                     const uint8_t repeatTimes, const UnaryRepeatParams &repeatParams)             \
    {                                                                                              \
        float s = static_cast<float>(static_cast<U>(scalarValue));                                 \
        impl::UnaryRep(                                                                            \
            "Axpy", dst, src, CPUACL_AC_MASK("Axpy", mask, repeatTimes, (impl::RepElems<T, U>())), \
            repeatParams, [s](U x, T d) {                                                          \
                return static_cast<T>(static_cast<float>(x) * s + static_cast<float>(d));          \
            });                                                                                    \
    }
CPUACL_AC_OTHERS_REP(const uint64_t *)
CPUACL_AC_OTHERS_REP(uint64_t)
#undef CPUACL_AC_OTHERS_REP
#undef CPUACL_AC_MASK

// Asin (the math library's form: count mode; sharedTmpBuffer is accepted and not needed):
// half or float, computed with the C library's asinf and rounded once to T; inputs outside
// [-1, 1] give NaN.
template <typename T, bool isReuseSource = false>
inline void Asin(const LocalTensor<T> &dstTensor, const LocalTensor<T> &srcTensor,
                 const uint32_t calCount)
{
    static_assert(impl::IsFloat<T>, "Asin: half or float");
    impl::Unary("Asin", dstTensor, srcTensor, static_cast<int32_t>(calCount), [](auto x, auto) {
        return static_cast<decltype(x)>(std::asin(static_cast<float>(x)));
    });
}
template <typename T, bool isReuseSource = false>
inline void Asin(const LocalTensor<T> &dstTensor, const LocalTensor<T> &srcTensor,
                 const LocalTensor<uint8_t> &sharedTmpBuffer, const uint32_t calCount)
{
    (void)sharedTmpBuffer;
    Asin<T, isReuseSource>(dstTensor, srcTensor, calCount);
}

// ArithProgression: dst[i] = firstValue + i * diffValue for i < count (count > 0,
// diffValue >= 0, documented). Floats: a float multiply and add per term, then T's rounding
// (exact wherever the terms and products are representable); integers wrap.
template <typename T>
inline void ArithProgression(const LocalTensor<T> &dstLocal, const T firstValue, const T diffValue,
                             const int32_t count)
{
    if (count <= 0)
        cpuaclAscendcFail(0, "AscendC::ArithProgression: count %d is not positive", count);
    if (diffValue < T(0))
        cpuaclAscendcFail(0, "AscendC::ArithProgression: diffValue is negative");
    impl::CheckCount("ArithProgression", "dst", dstLocal, count);
    impl::CheckAlign("ArithProgression", "dst", dstLocal);
    T *d = dstLocal.GetPhyAddr();
    if constexpr (impl::IsFloat<T>) {
        const float a = static_cast<float>(firstValue), b = static_cast<float>(diffValue);
        for (int32_t i = 0; i < count; i++)
            d[i] = static_cast<T>(a + static_cast<float>(i) * b);
    } else {
        for (int32_t i = 0; i < count; i++)
            d[i] = static_cast<T>(static_cast<uint64_t>(firstValue) +
                                  static_cast<uint64_t>(i) * static_cast<uint64_t>(diffValue));
    }
}

} // namespace AscendC

#endif // __cplusplus

#endif
