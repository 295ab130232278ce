/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl/cpuacl_half.h: float16 / bfloat16 <-> float32 scalar conversions, static inline,
 * clean as C11 and C++. One implementation for the whole project: the library's operators
 * and runtime (through core/half.h) and the installed Ascend C kernel headers (half and
 * bfloat16_t of ascendc/types.h) use these.
 *
 * Rounding is to nearest even; float16 overflow gives inf; NaN stays NaN (quietened).
 * bfloat16 keeps float32's exponent range.
 */
#ifndef CPUACL_CPUACL_HALF_H
#define CPUACL_CPUACL_HALF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline float cpuacl_bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint32_t cpuacl_f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline float cpuacl_f16_to_f32(uint16_t h)
{
    uint32_t s = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0) {
        float f = (float)m * 0x1p-24f; /* zero or subnormal: exact */
        return s ? -f : f;
    }
    if (e == 31)
        return cpuacl_bits_f32(s | 0x7f800000u | (m << 13));
    return cpuacl_bits_f32(s | ((e + 112u) << 23) | (m << 13));
}

static inline uint16_t cpuacl_f32_to_f16(float f)
{
    uint32_t u = cpuacl_f32_bits(f);
    uint32_t s = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
    if (a > 0x7f800000u) /* NaN: quiet */
        return (uint16_t)(s | 0x7e00u);
    if (a >= 0x477ff000u) /* >= 65520 (and inf): rounds to inf */
        return (uint16_t)(s | 0x7c00u);
    if (a < 0x38800000u) { /* below 2^-14: subnormal half, round the scaled value */
        float v = cpuacl_bits_f32(a) * 0x1p24f; /* exact (power-of-two scale) */
        return (uint16_t)(s | (uint32_t)nearbyintf(v));
    }
    uint32_t r = a - 0x38000000u; /* rebias 127 -> 15 */
    r = (r + 0x0fffu + ((r >> 13) & 1u)) >> 13;
    return (uint16_t)(s | r);
}

static inline float cpuacl_bf16_to_f32(uint16_t h)
{
    return cpuacl_bits_f32((uint32_t)h << 16);
}

static inline uint16_t cpuacl_f32_to_bf16(float f)
{
    uint32_t u = cpuacl_f32_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}

#endif /* CPUACL_CPUACL_HALF_H */
