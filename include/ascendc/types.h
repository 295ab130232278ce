// SPDX-License-Identifier: Apache-2.0
//
// ascendc/types.h: the scalar types of kernels, half (IEEE binary16) and bfloat16_t
// (bfloat16), as the vector unit computes with them: each operation is done in float and
// the result rounded to nearest even back to 16 bits (for + - * / that equals the correctly
// rounded result: float has more than 2p+2 bits for either format). Conversions from float,
// double and integers round to nearest even once; to float they are exact. The bit-level
// conversions are cpuacl/cpuacl_half.h's, shared with the library. C++ only: a C unit sees
// nothing. std::numeric_limits is specialised for both types. docs/ascendc-vector.md.
#ifndef CPUACL_ASCENDC_TYPES_H
#define CPUACL_ASCENDC_TYPES_H

#ifdef __cplusplus

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "cpuacl/cpuacl_half.h"

namespace AscendC
{
namespace impl
{

// The two 16-bit formats: their conversions and the bit patterns numeric_limits names.
struct HalfFormat {
    static float ToFloat(uint16_t b)
    {
        return cpuacl_f16_to_f32(b);
    }
    static uint16_t FromFloat(float f)
    {
        return cpuacl_f32_to_f16(f);
    }
    static constexpr int kDigits = 11, kMinExp = -13, kMaxExp = 16;
    static constexpr uint16_t kMax = 0x7bff, kMinNormal = 0x0400, kEpsilon = 0x1400,
                              kDenormMin = 0x0001, kInf = 0x7c00, kQNaN = 0x7e00,
                              kRoundError = 0x3800;
};
struct Bf16Format {
    static float ToFloat(uint16_t b)
    {
        return cpuacl_bf16_to_f32(b);
    }
    static uint16_t FromFloat(float f)
    {
        return cpuacl_f32_to_bf16(f);
    }
    static constexpr int kDigits = 8, kMinExp = -125, kMaxExp = 128;
    static constexpr uint16_t kMax = 0x7f7f, kMinNormal = 0x0080, kEpsilon = 0x3c00,
                              kDenormMin = 0x0001, kInf = 0x7f80, kQNaN = 0x7fc0,
                              kRoundError = 0x3f00;
};

// double -> float rounding to odd: the float keeps a sticky last bit, so the later rounding
// to 16 bits (nearest even) is the same as rounding the double directly (no double rounding).
inline float RoundToOddFloat(double d)
{
    float f = static_cast<float>(d);
    if (static_cast<double>(f) == d || std::isnan(d) || std::isinf(f))
        return f;
    if ((cpuacl_f32_bits(f) & 1u) == 0)
        f = std::nextafter(f, d > static_cast<double>(f) ? INFINITY : -INFINITY);
    return f;
}

template <class U> using EnableArith = std::enable_if_t<std::is_arithmetic<U>::value, int>;

template <class Fmt> class Float16
{
  public:
    using Format = Fmt;
    Float16() = default;
    Float16(float f) : bits_(Fmt::FromFloat(f)) {}
    Float16(double d) : bits_(Fmt::FromFloat(RoundToOddFloat(d))) {}
    template <class I, std::enable_if_t<std::is_integral<I>::value, int> = 0>
    Float16(I i) : Float16(static_cast<double>(i))
    {
    }
    operator float() const
    {
        return Fmt::ToFloat(bits_);
    }

    static constexpr Float16 FromBits(uint16_t b)
    {
        return Float16(b, BitsTag());
    }
    constexpr uint16_t Bits() const
    {
        return bits_;
    }

    Float16 operator-() const
    {
        return FromBits(static_cast<uint16_t>(bits_ ^ 0x8000u));
    }
    Float16 operator+() const
    {
        return *this;
    }

// Float16 op Float16 rounds back to 16 bits; with another arithmetic type the float value
// takes part in the usual arithmetic (half + float is float, as the scalar unit computes).
#define CPUACL_F16_ARITH(op)                                                                       \
    friend Float16 operator op(Float16 a, Float16 b)                                               \
    {                                                                                              \
        return Float16(static_cast<float>(a) op static_cast<float>(b));                            \
    }                                                                                              \
    template <class U, EnableArith<U> = 0> friend auto operator op(Float16 a, U b)                 \
    {                                                                                              \
        return static_cast<float>(a) op b;                                                         \
    }                                                                                              \
    template <class U, EnableArith<U> = 0> friend auto operator op(U a, Float16 b)                 \
    {                                                                                              \
        return a op static_cast<float>(b);                                                         \
    }                                                                                              \
    Float16 &operator op##=(Float16 b)                                                             \
    {                                                                                              \
        return *this = *this op b;                                                                 \
    }                                                                                              \
    template <class U, EnableArith<U> = 0> Float16 &operator op##=(U b)                            \
    {                                                                                              \
        return *this = Float16(*this op b);                                                        \
    }
    CPUACL_F16_ARITH(+)
    CPUACL_F16_ARITH(-)
    CPUACL_F16_ARITH(*)
    CPUACL_F16_ARITH(/)
#undef CPUACL_F16_ARITH

#define CPUACL_F16_CMP(op)                                                                         \
    friend bool operator op(Float16 a, Float16 b)                                                  \
    {                                                                                              \
        return static_cast<float>(a) op static_cast<float>(b);                                     \
    }                                                                                              \
    template <class U, EnableArith<U> = 0> friend bool operator op(Float16 a, U b)                 \
    {                                                                                              \
        return static_cast<float>(a) op b;                                                         \
    }                                                                                              \
    template <class U, EnableArith<U> = 0> friend bool operator op(U a, Float16 b)                 \
    {                                                                                              \
        return a op static_cast<float>(b);                                                         \
    }
    CPUACL_F16_CMP(==)
    CPUACL_F16_CMP(!=)
    CPUACL_F16_CMP(<)
    CPUACL_F16_CMP(<=)
    CPUACL_F16_CMP(>)
    CPUACL_F16_CMP(>=)
#undef CPUACL_F16_CMP

  private:
    struct BitsTag {
    };
    constexpr Float16(uint16_t b, BitsTag) : bits_(b) {}
    uint16_t bits_;
};

} // namespace impl

// IsSameType<T, U>::value: whether T and U are the same type (kernels branch on the element
// type with it in if constexpr).
template <typename T, typename U> struct IsSameType {
    static constexpr bool value = false;
};
template <typename T> struct IsSameType<T, T> {
    static constexpr bool value = true;
};
} // namespace AscendC

// Global names, as kernels spell them.
using half = AscendC::impl::Float16<AscendC::impl::HalfFormat>;
using bfloat16_t = AscendC::impl::Float16<AscendC::impl::Bf16Format>;
static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2, "16-bit storage");
static_assert(std::is_trivially_copyable<half>::value, "half is plain storage");

namespace std
{
template <class Fmt> class numeric_limits<AscendC::impl::Float16<Fmt>>
{
    using F = AscendC::impl::Float16<Fmt>;

  public:
    static constexpr bool is_specialized = true, is_signed = true, is_integer = false,
                          is_exact = false, has_infinity = true, has_quiet_NaN = true,
                          has_signaling_NaN = true, is_iec559 = false, is_bounded = true,
                          is_modulo = false, traps = false, tinyness_before = false;
    static constexpr float_denorm_style has_denorm = denorm_present;
    static constexpr bool has_denorm_loss = false;
    static constexpr float_round_style round_style = round_to_nearest;
    static constexpr int digits = Fmt::kDigits, radix = 2, min_exponent = Fmt::kMinExp,
                         max_exponent = Fmt::kMaxExp;
// Each limit is a bit pattern of the format.
#define CPUACL_F16_LIMIT(name, bits)                                                               \
    static constexpr F name() noexcept                                                             \
    {                                                                                              \
        return F::FromBits(static_cast<uint16_t>(bits));                                           \
    }
    CPUACL_F16_LIMIT(min, Fmt::kMinNormal)
    CPUACL_F16_LIMIT(max, Fmt::kMax)
    CPUACL_F16_LIMIT(lowest, Fmt::kMax | 0x8000u)
    CPUACL_F16_LIMIT(epsilon, Fmt::kEpsilon)
    CPUACL_F16_LIMIT(round_error, Fmt::kRoundError)
    CPUACL_F16_LIMIT(infinity, Fmt::kInf)
    CPUACL_F16_LIMIT(quiet_NaN, Fmt::kQNaN)
    CPUACL_F16_LIMIT(signaling_NaN, Fmt::kInf | 1u)
    CPUACL_F16_LIMIT(denorm_min, Fmt::kDenormMin)
#undef CPUACL_F16_LIMIT
};
} // namespace std

#endif // __cplusplus

#endif
