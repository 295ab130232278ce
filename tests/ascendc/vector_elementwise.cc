// SPDX-License-Identifier: Apache-2.0
//
// ascendc_vector_elementwise: the element-by-element instructions of ascendc/vector.h
// (binary, unary, scalar, Duplicate, Axpy) against a scalar reference computed in double
// and rounded (bit-exact where the result is the correctly rounded one, a stated ulp bound
// for Exp/Ln/Rsqrt), for half, bfloat16_t, float, int16_t and int32_t: count mode (and the
// elements after calCount untouched), mask/repeat mode with block and repeat strides and a
// bit mask with holes, the continuous mask, the counter mode (SetMaskCount), and the
// documented misuse caught by cpuaclAscendcFail.
#include "vector_test.h"

#include <functional>
#include <type_traits>

using namespace AscendC;

// ---- the test's view of each element type ----
template <class T> struct Ty;
template <> struct Ty<half> {
    static const char *Name()
    {
        return "half";
    }
    static half From(double x)
    {
        return half::FromBits(vt_half_bits(x));
    }
    static double To(half h)
    {
        return vt_half_value(h.Bits());
    }
    static int64_t Ord(half h)
    {
        return h.Bits() & 0x8000 ? -(int64_t)(h.Bits() & 0x7fff) : h.Bits();
    }
    static bool Same(half a, half b)
    {
        return a.Bits() == b.Bits();
    }
};
template <> struct Ty<bfloat16_t> {
    static const char *Name()
    {
        return "bfloat16_t";
    }
    static bfloat16_t From(double x)
    {
        return bfloat16_t::FromBits(vt_bf16_bits(x));
    }
    static double To(bfloat16_t h)
    {
        return vt_bf16_value(h.Bits());
    }
    static int64_t Ord(bfloat16_t h)
    {
        return h.Bits() & 0x8000 ? -(int64_t)(h.Bits() & 0x7fff) : h.Bits();
    }
    static bool Same(bfloat16_t a, bfloat16_t b)
    {
        return a.Bits() == b.Bits();
    }
};
template <> struct Ty<float> {
    static const char *Name()
    {
        return "float";
    }
    static float From(double x)
    {
        return (float)x;
    }
    static double To(float f)
    {
        return f;
    }
    static int64_t Ord(float f)
    {
        uint32_t u;
        std::memcpy(&u, &f, 4);
        return u & 0x80000000u ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
    }
    static bool Same(float a, float b)
    {
        return std::memcmp(&a, &b, 4) == 0;
    }
};
template <class I> struct TyInt {
    static I From(double x)
    {
        return (I)(int64_t)x;
    } // the reference wraps in int64 first
    static double To(I v)
    {
        return v;
    }
    static int64_t Ord(I v)
    {
        return v;
    }
    static bool Same(I a, I b)
    {
        return a == b;
    }
};
template <> struct Ty<int16_t> : TyInt<int16_t> {
    static const char *Name()
    {
        return "int16_t";
    }
};
template <> struct Ty<int32_t> : TyInt<int32_t> {
    static const char *Name()
    {
        return "int32_t";
    }
};

// Reference of an integer result: the exact value wrapped to the type.
template <class T> static T vt_ref(double exact)
{
    if constexpr (std::is_integral<T>::value) {
        long double e = exact;
        int64_t w = (int64_t)(uint64_t)(__int128)e; // exact for |e| < 2^63 (products of int32)
        return (T)(uint64_t)w;
    } else {
        return Ty<T>::From(exact);
    }
}

template <class T> static bool vt_close(T got, T want, int ulps)
{
    if (Ty<T>::Same(got, want))
        return true;
    if constexpr (!std::is_integral<T>::value) {
        if (std::isnan(Ty<T>::To(got)) && std::isnan(Ty<T>::To(want)))
            return true;
    }
    int64_t d = Ty<T>::Ord(got) - Ty<T>::Ord(want);
    return (d < 0 ? -d : d) <= ulps;
}

template <class T> static T vt_rand(VtRng &rng, double lo, double hi)
{
    if constexpr (std::is_integral<T>::value)
        return (T)(int64_t)rng.uniform(lo, hi);
    else
        return Ty<T>::From(rng.uniform(lo, hi));
}

// Where element e of repeat r of an operand sits (the documented addressing, written here
// independently of the library): blocks of 32 bytes.
template <class T> static size_t vt_at(uint32_t r, uint32_t e, uint32_t blk, uint32_t rep)
{
    size_t per = 32 / sizeof(T);
    return (size_t)r * rep * per + (e / per) * blk * per + e % per;
}

struct Strides {
    uint8_t dblk, ablk, bblk, drep, arep, brep;
};

// One binary instruction, all modes. call(dst, a, b, n | mask, mode) through the lambdas.
template <class T, class CountF, class MaskF, class MaskBitsF, class RefF>
static void vt_binary(const char *name, CountF count, MaskF maskc, MaskBitsF maskb, RefF ref,
                      double lo, double hi, double blo, double bhi, int ulps)
{
    VtRng rng;
    const uint32_t elems = 256 / sizeof(T);
    const size_t N = 4096;
    VtBuf<T> a(N), b(N), d(N);
    for (size_t i = 0; i < N; i++) {
        a[i] = vt_rand<T>(rng, lo, hi);
        b[i] = vt_rand<T>(rng, blo, bhi);
        d[i] = vt_rand<T>(rng, -5, 5);
    }
    auto want = [&](size_t i, size_t j) {
        return vt_ref<T>(ref(Ty<T>::To(a[i]), Ty<T>::To(b[j])));
    };
    // count mode: n not a multiple of a repeat; d beyond n untouched.
    std::vector<T> old(d.p, d.p + N);
    const int32_t n = (int32_t)(3 * elems + 17);
    count(d.t(), a.t(), b.t(), n);
    for (int32_t i = 0; i < n; i++)
        VT_CHECK(vt_close(d[i], want(i, i), ulps), "%s<%s> count [%d]: %g op %g = %g, want %g",
                 name, Ty<T>::Name(), i, Ty<T>::To(a[i]), Ty<T>::To(b[i]), Ty<T>::To(d[i]),
                 Ty<T>::To(want(i, i)));
    for (size_t i = n; i < N; i++)
        VT_CHECK(Ty<T>::Same(d[i], old[i]), "%s<%s> count wrote past calCount at %zu", name,
                 Ty<T>::Name(), i);

    // mask/repeat mode: strides and a bit mask with holes.
    Strides s{2, 1, 3, 20, 9, 24};
    uint64_t mask[2] = {rng.next() | 1u, elems > 64 ? rng.next() : 0};
    const uint8_t reps = 4;
    old.assign(d.p, d.p + N);
    maskb(d.t(), a.t(), b.t(), mask, reps,
          BinaryRepeatParams(s.dblk, s.ablk, s.bblk, s.drep, s.arep, s.brep));
    std::vector<T> exp(old);
    for (uint32_t r = 0; r < reps; r++)
        for (uint32_t e = 0; e < elems; e++)
            if ((mask[e / 64] >> (e % 64)) & 1)
                exp[vt_at<T>(r, e, s.dblk, s.drep)] =
                    want(vt_at<T>(r, e, s.ablk, s.arep), vt_at<T>(r, e, s.bblk, s.brep));
    for (size_t i = 0; i < N; i++)
        VT_CHECK(vt_close(d[i], exp[i], ulps), "%s<%s> bit mask [%zu]: %g, want %g", name,
                 Ty<T>::Name(), i, Ty<T>::To(d[i]), Ty<T>::To(exp[i]));

    // continuous mask, default strides.
    old.assign(d.p, d.p + N);
    const uint64_t cm = elems / 2 + 3;
    maskc(d.t(), a.t(), b.t(), cm, 3, BinaryRepeatParams());
    exp = old;
    for (uint32_t r = 0; r < 3; r++)
        for (uint32_t e = 0; e < cm; e++)
            exp[r * elems + e] = want(r * elems + e, r * elems + e);
    for (size_t i = 0; i < N; i++)
        VT_CHECK(vt_close(d[i], exp[i], ulps), "%s<%s> continuous mask [%zu]", name, Ty<T>::Name(),
                 i);
}

#define VT_BINARY(T, name, ref, lo, hi, blo, bhi, ulps)                                            \
    vt_binary<T>(                                                                                  \
        #name, [](auto d, auto a, auto b, int32_t n) { name(d, a, b, n); },                        \
        [](auto d, auto a, auto b, uint64_t m, uint8_t r, BinaryRepeatParams p) {                  \
            name(d, a, b, m, r, p);                                                                \
        },                                                                                         \
        [](auto d, auto a, auto b, uint64_t *m, uint8_t r, BinaryRepeatParams p) {                 \
            name(d, a, b, m, r, p);                                                                \
        },                                                                                         \
        ref, lo, hi, blo, bhi, ulps)

static double r_add(double x, double y)
{
    return x + y;
}
static double r_sub(double x, double y)
{
    return x - y;
}
static double r_mul(double x, double y)
{
    return x * y;
}
static double r_div(double x, double y)
{
    return x / y;
}
static double r_max(double x, double y)
{
    return x > y ? x : y;
}
static double r_min(double x, double y)
{
    return x < y ? x : y;
}
static double r_and(double x, double y)
{
    return (double)((int64_t)x & (int64_t)y);
}
static double r_or(double x, double y)
{
    return (double)((int64_t)x | (int64_t)y);
}

template <class T> static void vt_binaries()
{
    VT_BINARY(T, Add, r_add, -1000, 1000, -1000, 1000, 0);
    VT_BINARY(T, Sub, r_sub, -1000, 1000, -1000, 1000, 0);
    VT_BINARY(T, Mul, r_mul, -200, 200, -200, 200, 0);
    VT_BINARY(T, Max, r_max, -1000, 1000, -1000, 1000, 0);
    VT_BINARY(T, Min, r_min, -1000, 1000, -1000, 1000, 0);
    if constexpr (!std::is_integral<T>::value)
        VT_BINARY(T, Div, r_div, -1000, 1000, 0.5, 100, 0);
}

// ---- unary and scalar instructions: f(x) -> ref ----
template <class T, class CountF, class MaskF, class RefF>
static void vt_unary(const char *name, CountF count, MaskF maskb, RefF ref, double lo, double hi,
                     int ulps)
{
    VtRng rng;
    const uint32_t elems = 256 / sizeof(T);
    const size_t N = 4096;
    VtBuf<T> a(N), d(N);
    for (size_t i = 0; i < N; i++) {
        a[i] = vt_rand<T>(rng, lo, hi);
        d[i] = vt_rand<T>(rng, -5, 5);
    }
    auto want = [&](size_t i) { return vt_ref<T>(ref(Ty<T>::To(a[i]))); };
    std::vector<T> old(d.p, d.p + N);
    const int32_t n = (int32_t)(2 * elems + 5);
    count(d.t(), a.t(), n);
    for (int32_t i = 0; i < n; i++)
        VT_CHECK(vt_close(d[i], want(i), ulps), "%s<%s> count [%d]: f(%.9g) = %.9g, want %.9g",
                 name, Ty<T>::Name(), i, Ty<T>::To(a[i]), Ty<T>::To(d[i]), Ty<T>::To(want(i)));
    for (size_t i = n; i < N; i++)
        VT_CHECK(Ty<T>::Same(d[i], old[i]), "%s<%s> count wrote past calCount", name,
                 Ty<T>::Name());
    uint64_t mask[2] = {rng.next() | 1u, elems > 64 ? rng.next() : 0};
    const uint16_t dblk = 3, sblk = 1;
    const uint8_t drep = 25, srep = 5, reps = 3;
    old.assign(d.p, d.p + N);
    maskb(d.t(), a.t(), mask, reps, UnaryRepeatParams(dblk, sblk, drep, srep));
    std::vector<T> exp(old);
    for (uint32_t r = 0; r < reps; r++)
        for (uint32_t e = 0; e < elems; e++)
            if ((mask[e / 64] >> (e % 64)) & 1)
                exp[vt_at<T>(r, e, dblk, drep)] = want(vt_at<T>(r, e, sblk, srep));
    for (size_t i = 0; i < N; i++)
        VT_CHECK(vt_close(d[i], exp[i], ulps), "%s<%s> bit mask [%zu]: %g, want %g", name,
                 Ty<T>::Name(), i, Ty<T>::To(d[i]), Ty<T>::To(exp[i]));
}

#define VT_UNARY(T, name, ref, lo, hi, ulps)                                                       \
    vt_unary<T>(                                                                                   \
        #name, [](auto d, auto a, int32_t n) { name(d, a, n); },                                   \
        [](auto d, auto a, uint64_t *m, uint8_t r, UnaryRepeatParams p) { name(d, a, m, r, p); },  \
        ref, lo, hi, ulps)
#define VT_SCALAR(T, name, sc, ref, lo, hi, ulps)                                                  \
    vt_unary<T>(                                                                                   \
        #name, [](auto d, auto a, int32_t n) { name(d, a, (T)(sc), n); },                          \
        [](auto d, auto a, uint64_t *m, uint8_t r, UnaryRepeatParams p) {                          \
            name(d, a, (T)(sc), m, r, p);                                                          \
        },                                                                                         \
        [](double x) { return ref; }, lo, hi, ulps)

template <class T> static void vt_unaries()
{
    constexpr bool isF16 = sizeof(T) == 2 && !std::is_integral<T>::value;
    VT_UNARY(
        T, Abs, [](double x) { return std::fabs(x); }, -1000, 1000, 0);
    VT_UNARY(
        T, Relu, [](double x) { return x > 0 ? x : 0.0; }, -1000, 1000, 0);
    VT_SCALAR(T, Adds, 7, x + 7, -1000, 1000, 0);
    VT_SCALAR(T, Muls, 3, x * 3, -1000, 1000, 0);
    VT_SCALAR(T, Maxs, 5, x > 5 ? x : 5, -100, 100, 0);
    VT_SCALAR(T, Mins, 5, x < 5 ? x : 5, -100, 100, 0);
    if constexpr (!std::is_integral<T>::value) {
        // float functions: float libm then one rounding (half: at most 1 ulp from the
        // correctly rounded value; float: 2 ulp, the bound the tests allow the hardware).
        int approx = isF16 ? 1 : 2;
        VT_UNARY(
            T, Exp, [](double x) { return std::exp(x); }, -8, 8, approx);
        VT_UNARY(
            T, Ln, [](double x) { return std::log(x); }, 0.001, 1000, approx);
        VT_UNARY(
            T, Sqrt, [](double x) { return std::sqrt(x); }, 0, 1000, 0);
        VT_UNARY(
            T, Rsqrt, [](double x) { return 1 / std::sqrt(x); }, 0.01, 1000, approx);
        VT_UNARY(
            T, Reciprocal, [](double x) { return 1 / x; }, 0.01, 1000, 0);
        VT_SCALAR(T, LeakyRelu, 0.25, x >= 0 ? x : x * 0.25, -1000, 1000, 0);
    } else {
        VT_UNARY(
            T, Not, [](double x) { return (double)~(int64_t)x; }, -30000, 30000, 0);
        VT_SCALAR(T, ShiftLeft, 3, (double)(int64_t)((uint64_t)(int64_t)x << 3), -30000, 30000, 0);
        VT_SCALAR(T, ShiftRight, 2, (double)((int64_t)x >> 2), -30000, 30000, 0);
        VT_BINARY(T, And, r_and, -30000, 30000, -30000, 30000, 0);
        VT_BINARY(T, Or, r_or, -30000, 30000, -30000, 30000, 0);
    }
}

// Duplicate, Axpy, the counter mode, misuse.
static void vt_others()
{
    VtBuf<half> h(512), g(512);
    VtBuf<float> f(256);
    for (int i = 0; i < 512; i++)
        h[i] = half(i * 0.5f);
    Duplicate(g.t(), 2.5f, 300);
    for (int i = 0; i < 512; i++)
        VT_CHECK(g[i] == (i < 300 ? 2.5f : 0.0f), "Duplicate count [%d]", i);
    uint64_t m2[2] = {0xf0f0f0f0f0f0f0f0ull, 1};
    Duplicate(g.t(), half(-1), m2, 2, 2, 16);
    for (uint32_t r = 0; r < 2; r++)
        for (uint32_t e = 0; e < 128; e++)
            if ((m2[e / 64] >> (e % 64)) & 1)
                VT_CHECK(g[vt_at<half>(r, e, 2, 16)] == -1.0f, "Duplicate mask r%u e%u", r, e);
    VT_CHECK(g[0] == 2.5f && g[4] == -1.0f, "Duplicate mask holes");

    // Axpy half -> float and half -> half: dst + src * s, one rounding.
    for (int i = 0; i < 256; i++)
        f[i] = 1.0f + i;
    Axpy(f.t(), h.t(), half(0.5f), 100);
    for (int i = 0; i < 256; i++) {
        double want = i < 100 ? (1.0 + i) + (i * 0.5) * 0.5 : 1.0 + i;
        VT_CHECK(f[i] == (float)want, "Axpy float [%d]: %g want %g", i, f[i], want);
    }
    VtBuf<half> d(256);
    for (int i = 0; i < 256; i++)
        d[i] = half(1);
    Axpy(d.t(), h.t(), half(3), 64, 2, UnaryRepeatParams(1, 1, 8, 8));
    for (int i = 0; i < 256; i++) {
        bool in = (i % 128) < 64 && i < 256;
        double want = in ? 1 + (i * 0.5) * 3 : 1;
        VT_CHECK(d[i].Bits() == vt_half_bits(want), "Axpy half mask [%d]", i);
    }

    // Counter mode: 300 elements over ceil(300/128) repeats, repeatTimes ignored.
    VtBuf<half> c(512);
    SetMaskCount();
    SetVectorMask<half, MaskMode::COUNTER>(0, 300);
    Adds<half, false>(c.t(), h.t(), 1.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
    SetMaskNorm();
    ResetMask();
    for (int i = 0; i < 512; i++)
        VT_CHECK(c[i] == (i < 300 ? (float)h[i] + 1 : 0.0f), "counter mode [%d]", i);
    // Normal mode with the mask set outside the instruction.
    SetVectorMask<half>(0, 0x5);
    Adds<half, false>(c.t(), h.t(), 100.0f, MASK_PLACEHOLDER, 2, UnaryRepeatParams());
    ResetMask();
    VT_CHECK(
        c[0] == 100.0f && c[1] == 1.5f && c[2] == 101.0f && c[128] == 164.0f && c[129] == 65.5f,
        "SetVectorMask normal: %g %g %g %g", (float)c[0], (float)c[1], (float)c[2], (float)c[128]);

    // Misuse.
    std::string msg;
    VT_CHECK(vt_fails([&] { Add(c.t(), h.t(), h.t()[256], 300); }, &msg) &&
                 msg.find("calCount") != std::string::npos,
             "calCount beyond src1: %s", msg.c_str());
    VT_CHECK(vt_fails([&] { Exp(c.t()[3], h.t(), 16); }, &msg) &&
                 msg.find("aligned") != std::string::npos,
             "misaligned dst: %s", msg.c_str());
    VT_CHECK(vt_fails([&] { Add(c.t(), h.t(), h.t(), 129, 1, BinaryRepeatParams()); }, &msg),
             "mask 129 for half");
    VT_CHECK(vt_fails([&] { Add(c.t(), h.t(), h.t(), 128, 5, BinaryRepeatParams()); }, &msg) &&
                 msg.find("reach") != std::string::npos,
             "5 repeats over 512 halves: %s", msg.c_str());
    VT_CHECK(
        vt_fails([&] { Add(c.t(), h.t(), h.t(), 128, 2, BinaryRepeatParams(1, 1, 1, 8, 8, 40)); }),
        "src1 repeat stride out of the tensor");
    uint64_t none[2] = {0, 0};
    VT_CHECK(vt_fails([&] { Add(c.t(), h.t(), h.t(), none, 1, BinaryRepeatParams()); }),
             "empty bit mask");
    SetMaskCount();
    SetVectorMask<half, MaskMode::COUNTER>(0, 128 * 256);
    VT_CHECK(vt_fails([&] {
                 Adds<half, false>(c.t(), h.t(), 1.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
             }),
             "counter mode needing 256 repeats");
    SetMaskNorm();
    ResetMask();
    VT_CHECK(!vt_fails([&] { Add(c.t(), h.t(), h.t(), 128, 4, BinaryRepeatParams()); }),
             "4 repeats fit");
}

// Asin (count mode; the temporary-buffer form too): double asin rounded by the test, within
// 1 ulp for half and 2 for float; nothing written past calCount; |x| > 1 gives NaN.
template <class T> static void vt_asin()
{
    const int n = 500;
    VtBuf<T> src(n + 16), dst(n + 16);
    VtBuf<uint8_t> tmp(64);
    VtRng rng;
    for (int i = 0; i < n; i++)
        src[i] = Ty<T>::From(rng.uniform(-1.0, 1.0));
    src[0] = Ty<T>::From(1.0);
    src[1] = Ty<T>::From(-1.0);
    src[2] = Ty<T>::From(0.0);
    for (int form = 0; form < 2; form++) {
        for (int i = 0; i < n + 16; i++)
            dst[i] = Ty<T>::From(7.0);
        if (form)
            Asin(dst.t(), src.t(), tmp.t(), n);
        else
            Asin(dst.t(), src.t(), n);
        for (int i = 0; i < n; i++) {
            T want = Ty<T>::From(std::asin(Ty<T>::To(src[i])));
            VT_CHECK(vt_close(dst[i], want, sizeof(T) == 2 ? 1 : 2), "Asin<%s> [%d]: %g, want %g",
                     Ty<T>::Name(), i, Ty<T>::To(dst[i]), Ty<T>::To(want));
        }
        VT_CHECK(Ty<T>::To(dst[n]) == 7.0, "Asin<%s> wrote past calCount", Ty<T>::Name());
    }
    src[0] = Ty<T>::From(1.5);
    Asin(dst.t(), src.t(), 1);
    VT_CHECK(std::isnan(Ty<T>::To(dst[0])), "Asin<%s>(1.5) is not NaN", Ty<T>::Name());
    VT_CHECK(vt_fails([&] { Asin(dst.t(), src.t(), (uint32_t)(n + 17)); }), "Asin<%s> count",
             Ty<T>::Name());
}

int main()
{
    vt_asin<half>();
    vt_asin<float>();
    vt_binaries<half>();
    vt_binaries<bfloat16_t>();
    vt_binaries<float>();
    vt_binaries<int16_t>();
    vt_binaries<int32_t>();
    vt_unaries<half>();
    vt_unaries<float>();
    vt_unaries<int16_t>();
    vt_unaries<int32_t>();
    vt_others();
    return vt_result("ascendc_vector_elementwise");
}
