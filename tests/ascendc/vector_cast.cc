// SPDX-License-Identifier: Apache-2.0
//
// ascendc_vector_cast: Cast of ascendc/vector_cast.h between half, bfloat16_t, float,
// int32_t, int16_t, int8_t and uint8_t in every RoundMode, against a reference that rounds
// the exact value on its scaled significand (floor/ceil/trunc/round/rint/odd) and saturates;
// the documented examples; count mode and mask/repeat mode with different element sizes.
#include "vector_test.h"

#include <limits>
#include <type_traits>

using namespace AscendC;

static const RoundMode kModes[] = {
    RoundMode::CAST_NONE,  RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
    RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC, RoundMode::CAST_ODD};

static double vt_round_scaled(double s, RoundMode m)
{
    switch (m) {
    case RoundMode::CAST_FLOOR:
        return std::floor(s);
    case RoundMode::CAST_CEIL:
        return std::ceil(s);
    case RoundMode::CAST_TRUNC:
        return std::trunc(s);
    case RoundMode::CAST_ROUND:
        return std::round(s);
    case RoundMode::CAST_ODD: {
        double t = std::trunc(s);
        if (t != s && std::fmod(t, 2.0) == 0)
            t += s > 0 ? 1 : -1;
        return t;
    }
    default:
        return std::nearbyint(s);
    }
}

// x rounded by m into a binary format (mbits stored mantissa bits, normal exponents
// emin..emax), saturating to the largest finite value.
static double vt_round_fmt(double x, int mbits, int emin, int emax, RoundMode m)
{
    if (std::isnan(x) || std::isinf(x) || x == 0)
        return x;
    int e;
    std::frexp(std::fabs(x), &e);
    e -= 1;
    if (e < emin)
        e = emin; // subnormal: fixed quantum
    double q = vt_round_scaled(std::ldexp(x, mbits - e), m);
    double r = std::ldexp(q, e - mbits);
    double maxv = std::ldexp(2.0 - std::ldexp(1.0, -mbits), emax);
    if (std::fabs(r) > maxv)
        r = r > 0 ? maxv : -maxv;
    return r;
}

template <class T> struct Fmt;
template <> struct Fmt<half> {
    static double Ref(double x, RoundMode m)
    {
        return vt_round_fmt(x, 10, -14, 15, m);
    }
    static double To(half h)
    {
        return vt_half_value(h.Bits());
    }
    static half From(double x)
    {
        return half::FromBits(vt_half_bits(x));
    }
};
template <> struct Fmt<bfloat16_t> {
    static double Ref(double x, RoundMode m)
    {
        return vt_round_fmt(x, 7, -126, 127, m);
    }
    static double To(bfloat16_t h)
    {
        return vt_bf16_value(h.Bits());
    }
    static bfloat16_t From(double x)
    {
        return bfloat16_t::FromBits(vt_bf16_bits(x));
    }
};
template <> struct Fmt<float> {
    static double Ref(double x, RoundMode m)
    {
        return vt_round_fmt(x, 23, -126, 127, m);
    }
    static double To(float f)
    {
        return f;
    }
    static float From(double x)
    {
        return (float)x;
    }
};
template <class I> struct FmtInt {
    static double Ref(double x, RoundMode m)
    {
        double r = vt_round_scaled(x, m);
        double lo = std::numeric_limits<I>::min(), hi = std::numeric_limits<I>::max();
        return r < lo ? lo : r > hi ? hi : r;
    }
    static double To(I v)
    {
        return v;
    }
    static I From(double x)
    {
        return (I)x;
    }
};
template <> struct Fmt<int32_t> : FmtInt<int32_t> {
};
template <> struct Fmt<int16_t> : FmtInt<int16_t> {
};
template <> struct Fmt<int8_t> : FmtInt<int8_t> {
};
template <> struct Fmt<uint8_t> : FmtInt<uint8_t> {
};

template <class T> static const char *vt_name()
{
    if (std::is_same<T, half>::value)
        return "half";
    if (std::is_same<T, bfloat16_t>::value)
        return "bf16";
    if (std::is_same<T, float>::value)
        return "float";
    if (std::is_same<T, int32_t>::value)
        return "int32";
    if (std::is_same<T, int16_t>::value)
        return "int16";
    if (std::is_same<T, int8_t>::value)
        return "int8";
    return "uint8";
}

template <class T, class U> static double vt_want(U x, RoundMode m)
{
    double v = Fmt<U>::To(x);
    if constexpr (std::is_same<T, U>::value) // float -> float: to integral
        return m == RoundMode::CAST_NONE ? v : vt_round_scaled(v, m);
    if constexpr (std::is_integral<T>::value) {
        if (std::isnan(v))
            return 0;
    }
    return Fmt<T>::Ref(v, m);
}

template <class T> static bool vt_eq(T got, double want)
{
    double g = Fmt<T>::To(got);
    return (std::isnan(g) && std::isnan(want)) || g == want;
}

// src values: random in [lo, hi], plus exact ties of the destination's quantum.
template <class T, class U> static void vt_cast(double lo, double hi)
{
    VtRng rng;
    const size_t N = 2048;
    VtBuf<U> s(N);
    VtBuf<T> d(N);
    for (size_t i = 0; i < N; i++) {
        double v = rng.uniform(lo, hi);
        if (i % 4 == 1)
            v = std::floor(v) + 0.5; // ties for integer results
        if (i % 4 == 2)
            v = std::ldexp(std::floor(std::ldexp(v, 8)) + 0.5, -8);
        s[i] = Fmt<U>::From(v);
    }
    for (RoundMode m : kModes) {
        const uint32_t n = 1000;
        Cast(d.t(), s.t(), m, n);
        for (uint32_t i = 0; i < n; i++) {
            double want = vt_want<T, U>(s[i], m);
            VT_CHECK(vt_eq(d[i], want), "Cast %s->%s mode %d: %.17g -> %.17g, want %.17g",
                     vt_name<U>(), vt_name<T>(), (int)m, Fmt<U>::To(s[i]), Fmt<T>::To(d[i]), want);
        }
    }
    // mask/repeat mode: a repeat holds 256 bytes of the wider type; strides per operand.
    const uint32_t w = sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U), elems = 256 / w;
    for (size_t i = 0; i < N; i++)
        d[i] = Fmt<T>::From(3);
    uint64_t mask[2] = {0x00ff00ff00ff00ffull ^ rng.next(), elems > 64 ? rng.next() : 0};
    const uint8_t reps = 2, drep = (uint8_t)(elems * sizeof(T) / 32 + 1),
                  srep = (uint8_t)(elems * sizeof(U) / 32 + 2);
    Cast(d.t(), s.t(), RoundMode::CAST_FLOOR, mask, reps, UnaryRepeatParams(1, 1, drep, srep));
    std::vector<double> want(N, 3);
    for (uint32_t r = 0; r < reps; r++)
        for (uint32_t e = 0; e < elems; e++)
            if ((mask[e / 64] >> (e % 64)) & 1)
                want[r * drep * (32 / sizeof(T)) + e] =
                    vt_want<T, U>(s[r * srep * (32 / sizeof(U)) + e], RoundMode::CAST_FLOOR);
    for (size_t i = 0; i < N; i++)
        VT_CHECK(vt_eq(d[i], want[i]), "Cast %s->%s mask [%zu]: %.17g want %.17g", vt_name<U>(),
                 vt_name<T>(), i, Fmt<T>::To(d[i]), want[i]);
}

int main()
{
    vt_cast<float, half>(-70000, 70000);
    vt_cast<half, float>(-70000, 70000);
    vt_cast<half, float>(-1, 1);
    vt_cast<half, float>(-1e-5, 1e-5); // subnormal halves
    vt_cast<bfloat16_t, float>(-1e5, 1e5);
    vt_cast<float, bfloat16_t>(-1e5, 1e5);
    vt_cast<float, float>(-1000, 1000);
    vt_cast<int32_t, float>(-3e9, 3e9); // saturates
    vt_cast<int32_t, half>(-60000, 60000);
    vt_cast<int16_t, half>(-60000, 60000);
    vt_cast<int8_t, half>(-300, 300);
    vt_cast<uint8_t, half>(-50, 300);
    vt_cast<int16_t, float>(-40000, 40000);
    vt_cast<float, int32_t>(-2e9, 2e9);
    vt_cast<half, int32_t>(-80000, 80000);
    vt_cast<half, int16_t>(-30000, 30000);
    vt_cast<half, int8_t>(-128, 127);
    vt_cast<half, uint8_t>(0, 255);
    vt_cast<float, int16_t>(-30000, 30000);
    vt_cast<int16_t, int32_t>(-70000, 70000);
    vt_cast<int32_t, bfloat16_t>(-1e6, 1e6);

    // The documented examples: 0.5 (float->float), 0.5 + 2^-12 (float->half), 2^22 + 0.5.
    VtBuf<float> f(8), g(8);
    VtBuf<half> h(16);
    VtBuf<int32_t> i32(8);
    const double results[7][3] = {
        {0.5, 0.5, 4194304}, // NONE: float unchanged; half rint; int rint
        {0.0, 0.5, 4194304},           {0.0, 0.5, 4194304},
        {1.0, 0.5 + 0x1p-11, 4194305}, {1.0, 0.5 + 0x1p-11, 4194305},
        {0.0, 0.5, 4194304},           {1.0, 0.5 + 0x1p-11, 4194305}, // ODD: to the odd neighbour
    };
    for (int mi = 0; mi < 7; mi++) {
        RoundMode m = kModes[mi];
        f[0] = 0.5f;
        Cast(g.t(), f.t(), m, 1);
        VT_CHECK(g[0] == (float)results[mi][0], "float 0.5 mode %d: %g", mi, g[0]);
        f[0] = 0.5f + 0x1p-12f;
        Cast(h.t(), f.t(), m, 1);
        VT_CHECK(vt_half_value(h[0].Bits()) == results[mi][1], "half example mode %d: %.17g", mi,
                 vt_half_value(h[0].Bits()));
        f[0] = 4194304.5f;
        Cast(i32.t(), f.t(), m, 1);
        VT_CHECK(i32[0] == (int32_t)results[mi][2], "int example mode %d: %d", mi, i32[0]);
    }
    // Saturation and NaN.
    f[0] = 1e6f;
    f[1] = -1e6f;
    f[2] = NAN;
    f[3] = INFINITY;
    Cast(h.t(), f.t(), RoundMode::CAST_NONE, 4);
    VT_CHECK(h[0].Bits() == 0x7bff && h[1].Bits() == 0xfbff, "float->half saturates");
    VT_CHECK(std::isnan((float)h[2]) && h[3].Bits() == 0x7c00, "nan, inf stay");
    Cast(i32.t(), f.t(), RoundMode::CAST_RINT, 4);
    VT_CHECK(i32[2] == 0 && i32[3] == INT32_MAX, "nan -> 0, inf -> max");
    std::string msg;
    VT_CHECK(vt_fails([&] { Cast(h.t(), f.t(), RoundMode::CAST_NONE, 9); }, &msg),
             "calCount beyond src");
    return vt_result("ascendc_vector_cast");
}
