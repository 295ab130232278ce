// SPDX-License-Identifier: Apache-2.0
//
// tests/ascendc/vector_test.h: helpers of the vector instruction tests (tests/ascendc/vector_*.cc):
// an independent reference rounding of a double to half / bfloat16 (arithmetic on the value,
// not the library's bit tricks), 32-byte aligned buffers, a deterministic generator, the
// check macro, and a test-local cpuaclAscendcFail that throws, so a test can assert that a
// documented misuse is caught (the executable's definition takes precedence over the
// library's; a test never runs inside a launched block).
#ifndef CPUACL_TESTS_ASCENDC_VECTOR_TEST_H
#define CPUACL_TESTS_ASCENDC_VECTOR_TEST_H

#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "cpuacl/cpuacl_ascendc.h"

static int g_fails;
#define VT_CHECK(cond, ...)                                                                        \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            if (g_fails++ < 20) {                                                                  \
                std::fprintf(stderr, "%s:%d: FAIL %s: ", __FILE__, __LINE__, #cond);               \
                std::fprintf(stderr, __VA_ARGS__);                                                 \
                std::fprintf(stderr, "\n");                                                        \
            }                                                                                      \
        }                                                                                          \
    } while (0)

// What the test-local cpuaclAscendcFail throws.
struct VtFailure {
    int32_t code;
    std::string msg;
};

extern "C" void cpuaclAscendcFail(int32_t code, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    throw VtFailure{code, buf};
}

// Runs f and says whether it failed through cpuaclAscendcFail (message kept in *msg).
template <class F> [[maybe_unused]] static bool vt_fails(F f, std::string *msg = nullptr)
{
    try {
        f();
    } catch (const VtFailure &e) {
        if (msg)
            *msg = e.msg;
        return true;
    }
    return false;
}

// Reference: x rounded to nearest even into a binary format with mbits stored mantissa bits
// and exponents emin..emax (normal), returned as its bit pattern (sign, exponent, mantissa).
[[maybe_unused]] static uint16_t vt_round_bits(double x, int mbits, int emin, int emax)
{
    int ebits = mbits == 10 ? 5 : 8;
    uint16_t sign = std::signbit(x) ? (uint16_t)(1u << 15) : 0;
    uint16_t inf = (uint16_t)(((1u << ebits) - 1) << mbits);
    if (std::isnan(x))
        return (uint16_t)(inf | (1u << (mbits - 1)));
    double a = std::fabs(x);
    if (std::isinf(a))
        return sign | inf;
    // subnormal range: multiples of 2^(emin - mbits)
    if (a < std::ldexp(1.0, emin)) {
        double q = std::nearbyint(std::ldexp(a, mbits - emin));
        return (uint16_t)(sign | (uint16_t)q); // q == 2^mbits is the smallest normal: right bits
    }
    int e;
    std::frexp(a, &e);
    e -= 1; // a in [2^e, 2^(e+1))
    double q = std::nearbyint(std::ldexp(a, mbits - e));
    if (q == std::ldexp(1.0, mbits + 1)) {
        q /= 2;
        e += 1;
    }
    if (e > emax)
        return sign | inf;
    return (uint16_t)(sign | (uint16_t)((e - emin + 1) << mbits) |
                      (uint16_t)(q - std::ldexp(1.0, mbits)));
}
[[maybe_unused]] static uint16_t vt_half_bits(double x)
{
    return vt_round_bits(x, 10, -14, 15);
}
[[maybe_unused]] static uint16_t vt_bf16_bits(double x)
{
    return vt_round_bits(x, 7, -126, 127);
}

// Value of a half / bf16 bit pattern, computed independently.
[[maybe_unused]] static double vt_half_value(uint16_t b)
{
    int e = (b >> 10) & 31, m = b & 1023;
    double v = e == 0    ? std::ldexp(m, -24)
               : e == 31 ? (m ? NAN : INFINITY)
                         : std::ldexp(1024 + m, e - 25);
    return (b & 0x8000) ? -v : v;
}
[[maybe_unused]] static double vt_bf16_value(uint16_t b)
{
    uint32_t u = (uint32_t)b << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// 32-byte aligned storage of n elements.
template <class T> struct VtBuf {
    explicit VtBuf(size_t n) : n(n)
    {
        p = static_cast<T *>(std::aligned_alloc(32, (n * sizeof(T) + 31) / 32 * 32 + 32));
        std::memset(static_cast<void *>(p), 0, n * sizeof(T));
    }
    ~VtBuf()
    {
        std::free(p);
    }
    VtBuf(const VtBuf &) = delete;
    VtBuf &operator=(const VtBuf &) = delete;
    AscendC::LocalTensor<T> t() const
    {
        return AscendC::LocalTensor<T>(p, (uint32_t)n);
    }
    T &operator[](size_t i)
    {
        return p[i];
    }
    T *p;
    size_t n;
};

// Deterministic generator (xorshift).
struct VtRng {
    uint64_t s = 0x9e3779b97f4a7c15ull;
    uint64_t next()
    {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    double uniform(double lo, double hi)
    {
        return lo + (hi - lo) * (double)(next() >> 11) * 0x1p-53;
    }
};

static int vt_result(const char *name)
{
    if (g_fails) {
        std::fprintf(stderr, "%s: %d failures\n", name, g_fails);
        return 1;
    }
    std::printf("%s: ok\n", name);
    return 0;
}

#endif
