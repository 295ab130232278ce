// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector_cast.h: Cast between the kernel element types (half, bfloat16_t, float,
// int32_t, int16_t, int8_t, uint8_t) with the documented RoundMode, in count mode and in
// mask/repeat mode (the repeat holds 256 bytes of the wider of the two types; each operand
// is addressed in its own 32-byte blocks). docs/ascendc-vector.md.
//
// Rounding: the source value is exact in double; it is rounded once into the destination
// format by the mode (CAST_NONE: nearest even where precision is lost, as documented;
// CAST_ROUND: nearest, ties away from zero; CAST_ODD: to the neighbour with an odd last
// bit, for integral results the odd integer). Float -> float with a mode rounds to an integral
// value. Out of range: saturates to the destination's largest finite value (floats) or its limits
// (integers); NaN to an integer gives 0.
#ifndef CPUACL_ASCENDC_VECTOR_CAST_H
#define CPUACL_ASCENDC_VECTOR_CAST_H

#ifdef __cplusplus

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ascendc/vector_elementwise.h" // impl::Unary, impl::UnaryRep
#include "ascendc/vector_mask.h"

namespace AscendC
{

enum class RoundMode {
    CAST_NONE = 0,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
};

namespace impl
{

template <class T> inline double ToDouble(T v)
{
    if constexpr (IsF16<T>::value)
        return static_cast<double>(static_cast<float>(v));
    else
        return static_cast<double>(v);
}

// The next representable value of a float format, up or down.
inline float NextF(float f, bool up)
{
    return std::nextafter(f, up ? INFINITY : -INFINITY);
}
template <class F> inline F NextF(F f, bool up)
{
    uint16_t b = f.Bits();
    if ((b & 0x7fffu) == 0)
        return F::FromBits(up ? 0x0001 : 0x8001);
    bool neg = b & 0x8000u;
    return F::FromBits(static_cast<uint16_t>(up != neg ? b + 1 : b - 1));
}
inline uint32_t LowBit(float f)
{
    return cpuacl_f32_bits(f) & 1u;
}
template <class F> inline uint32_t LowBit(F f)
{
    return f.Bits() & 1u;
}

inline double RoundInt(double v, RoundMode m)
{
    switch (m) {
    case RoundMode::CAST_FLOOR:
        return std::floor(v);
    case RoundMode::CAST_CEIL:
        return std::ceil(v);
    case RoundMode::CAST_ROUND:
        return std::round(v);
    case RoundMode::CAST_TRUNC:
        return std::trunc(v);
    case RoundMode::CAST_ODD: { // inexact: the odd one of the two neighbouring integers
        double t = std::trunc(v);
        if (t != v && std::fmod(t, 2.0) == 0)
            t += v > 0 ? 1 : -1;
        return t;
    }
    default:
        return std::nearbyint(v);
    }
}

// v (exact) rounded by m into float format T (float, half or bfloat16_t).
template <class T> inline T RoundFloat(double v, RoundMode m)
{
    T n = static_cast<T>(v); // nearest even (half/bfloat16_t: no double rounding, types.h)
    double nv = ToDouble(n);
    if (nv == v || std::isnan(v) || std::isinf(v))
        return n;
    T lo = nv < v ? n : NextF(n, false), hi = nv < v ? NextF(n, true) : n;
    T r = n;
    switch (m) {
    case RoundMode::CAST_FLOOR:
        r = lo;
        break;
    case RoundMode::CAST_CEIL:
        r = hi;
        break;
    case RoundMode::CAST_TRUNC:
        r = v > 0 ? lo : hi;
        break;
    case RoundMode::CAST_ROUND: {
        double dl = v - ToDouble(lo), dh = ToDouble(hi) - v; // exact: v lies between them
        r = dl < dh ? lo : dh < dl ? hi : (v > 0 ? hi : lo);
        break;
    }
    case RoundMode::CAST_ODD:
        r = LowBit(lo) ? lo : hi;
        break;
    default:
        break;
    }
    if (std::isinf(ToDouble(r))) // a finite value out of range saturates
        r = v > 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
    return r;
}

template <class T, class U> inline T CastOne(U x, RoundMode m)
{
    double v = ToDouble(x);
    if constexpr (std::is_integral<T>::value) {
        if (std::isnan(v))
            return T(0);
        double r = RoundInt(v, m);
        if (r <= static_cast<double>(std::numeric_limits<T>::lowest()))
            return std::numeric_limits<T>::lowest();
        if (r >= static_cast<double>(std::numeric_limits<T>::max()))
            return std::numeric_limits<T>::max();
        return static_cast<T>(r);
    } else if constexpr (std::is_same<T, U>::value) {
        // float -> float: to an integral value by the mode (CAST_NONE: unchanged)
        if (m == RoundMode::CAST_NONE || !std::isfinite(v))
            return x;
        return static_cast<T>(RoundInt(v, m));
    } else {
        return RoundFloat<T>(v, m);
    }
}

template <class T> constexpr bool IsCastType()
{
    return IsFloat<T> || std::is_same<T, int32_t>::value || std::is_same<T, int16_t>::value ||
           std::is_same<T, int8_t>::value || std::is_same<T, uint8_t>::value;
}

} // namespace impl

template <typename T, typename U>
inline void Cast(const LocalTensor<T> &dst, const LocalTensor<U> &src, const RoundMode &roundMode,
                 const uint32_t calCount)
{
    static_assert(impl::IsCastType<T>() && impl::IsCastType<U>(), "Cast: unsupported type");
    RoundMode m = roundMode;
    constexpr bool toFloat = std::is_same<T, float>::value && impl::IsF16<U>::value;
    constexpr bool halfFromFloat = std::is_same<T, half>::value && std::is_same<U, float>::value;
    if constexpr (toFloat || halfFromFloat) {
        // the common casts as plain loops that vectorise: 16-bit -> float is exact; float ->
        // half to nearest even, saturating (clamped first: the same result)
        if (toFloat || m == RoundMode::CAST_NONE || m == RoundMode::CAST_RINT) {
            impl::CheckCount("Cast", "dst", dst, calCount);
            impl::CheckCount("Cast", "src", src, calCount);
            impl::CheckAlign("Cast", "dst", dst);
            impl::CheckAlign("Cast", "src", src);
            if constexpr (toFloat) {
                const impl::Bits16 *x = reinterpret_cast<const impl::Bits16 *>(src.GetPhyAddr());
                float *d = dst.GetPhyAddr();
                for (uint32_t i = 0; i < calCount; i++)
                    d[i] = U::Format::ToFloat(x[i]);
            } else {
                const float *x = src.GetPhyAddr();
                impl::Bits16 *d = reinterpret_cast<impl::Bits16 *>(dst.GetPhyAddr());
                for (uint32_t i = 0; i < calCount; i++) {
                    float v = x[i];
                    bool sat = std::fabs(v) > 65504.0f && std::fabs(v) != INFINITY;
                    d[i] = half::Format::FromFloat(sat ? std::copysign(65504.0f, v) : v);
                }
            }
            return;
        }
    }
    impl::Unary("Cast", dst, src, static_cast<int32_t>(calCount),
                [m](U x, T) { return impl::CastOne<T, U>(x, m); });
}
template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T> &dst, const LocalTensor<U> &src, const RoundMode &roundMode,
                 const uint64_t mask[], const uint8_t repeatTimes,
                 const UnaryRepeatParams &repeatParams)
{
    static_assert(impl::IsCastType<T>() && impl::IsCastType<U>(), "Cast: unsupported type");
    RoundMode m = roundMode;
    impl::UnaryRep("Cast", dst, src,
                   impl::ResolveMask("Cast", mask, repeatTimes, impl::RepElems<T, U>(), isSetMask),
                   repeatParams, [m](U x, T) { return impl::CastOne<T, U>(x, m); });
}
template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T> &dst, const LocalTensor<U> &src, const RoundMode &roundMode,
                 uint64_t mask, const uint8_t repeatTimes, const UnaryRepeatParams &repeatParams)
{
    static_assert(impl::IsCastType<T>() && impl::IsCastType<U>(), "Cast: unsupported type");
    RoundMode m = roundMode;
    impl::UnaryRep("Cast", dst, src,
                   impl::ResolveMask("Cast", mask, repeatTimes, impl::RepElems<T, U>(), isSetMask),
                   repeatParams, [m](U x, T) { return impl::CastOne<T, U>(x, m); });
}

} // namespace AscendC

#endif // __cplusplus

#endif
