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

/* Type punning through a union (C; GCC and Clang also define it for C++): unlike memcpy,
 * the vectoriser sees a plain reinterpretation. */
typedef union cpuacl_f32_u32 {
    float f;
    uint32_t u;
} cpuacl_f32_u32;
static inline float cpuacl_bits_f32(uint32_t u)
{
    cpuacl_f32_u32 v;
    v.u = u;
    return v.f;
}
static inline uint32_t cpuacl_f32_bits(float f)
{
    cpuacl_f32_u32 v;
    v.f = f;
    return v.u;
}

/* Both conversions are branch-free (each case computed, the right one picked with a bit
 * mask), so loops over arrays of them vectorise. */
static inline uint32_t cpuacl_half_pick(uint32_t cond, uint32_t a, uint32_t b)
{
    uint32_t m = 0u - cond; /* cond 1: all ones, a; cond 0: b */
    return (a & m) | (b & ~m);
}

static inline float cpuacl_f16_to_f32(uint16_t h)
{
    uint32_t s = (uint32_t)(h & 0x8000u) << 16, em = h & 0x7fffu;
    /* normal: rebias 15 -> 127; inf/NaN (exponent 31): rebias once more to 255 */
    uint32_t n = (em << 13) + 0x38000000u + ((uint32_t)(em >= 0x7c00u) * 0x38000000u);
    float sub = (float)(int32_t)em * 0x1p-24f; /* zero or subnormal: exact */
    return cpuacl_bits_f32(cpuacl_half_pick(em < 0x0400u, cpuacl_f32_bits(sub), n) | s);
}

static inline uint16_t cpuacl_f32_to_f16(float f)
{
    uint32_t u = cpuacl_f32_bits(f);
    uint32_t s = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
    /* normal half: rebias 127 -> 15, round the 13 dropped bits to nearest even */
    uint32_t norm = (a - 0x38000000u + 0x0fffu + ((a >> 13) & 1u)) >> 13;
    /* below 2^-14 (subnormal half): adding 0.5f rounds (nearest even, by the FPU) at 2^-24,
     * the subnormal quantum; the low bits of the sum are the half's mantissa */
    uint32_t sub = cpuacl_f32_bits(cpuacl_bits_f32(a) + 0.5f) - 0x3f000000u;
    uint32_t r = cpuacl_half_pick(a < 0x38800000u, sub, norm);
    r = cpuacl_half_pick(a >= 0x477ff000u, 0x7c00u, r); /* >= 65520 (and inf): rounds to inf */
    r = cpuacl_half_pick(a > 0x7f800000u, 0x7e00u, r);  /* NaN: quiet */
    return (uint16_t)(s | r);
}

static inline float cpuacl_bf16_to_f32(uint16_t h)
{
    return cpuacl_bits_f32((uint32_t)h << 16);
}

static inline uint16_t cpuacl_f32_to_bf16(float f)
{
    uint32_t u = cpuacl_f32_bits(f);
    uint32_t r = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
    return (uint16_t)cpuacl_half_pick((u & 0x7fffffffu) > 0x7f800000u, (u >> 16) | 0x40u, r);
}

#endif /* CPUACL_CPUACL_HALF_H */
