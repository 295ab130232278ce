/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Data types for the operators: the dense index of the supported types,
 * promotion and castability (AscendCL's "mutual derivation" and "mutual
 * conversion" tables, which are PyTorch's), float16/bfloat16 conversions,
 * and the gather/scatter converters between tensors and the contiguous
 * compute buffers the kernels work on.
 *
 * Conversion rules (every store into a tensor goes through one of these):
 *  DT1. float -> float16/bfloat16 rounds to nearest even; overflow gives inf,
 *      NaN stays NaN.
 *  DT2. float -> integer truncates toward zero and saturates to the target's
 *      range; NaN gives 0 (C leaves out-of-range conversions undefined).
 *  DT3. integer -> narrower integer wraps (two's complement), as AscendCL's
 *      Cast does.
 *  DT4. anything -> bool is `value != 0` (NaN is true); bool loads as 0/1 and
 *      any non-zero byte reads as true.
 */
#include <math.h>
#include <stdatomic.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "core/overflow.h"

#pragma GCC optimize("O3")

/* ---- the type table ------------------------------------------------------ */

static const struct {
    aclDataType acl;
    unsigned char size;
    const char *name;
} g_dt[DT_COUNT] = {
    [DT_F32] = {ACL_FLOAT, 4, "FLOAT"},    [DT_F16] = {ACL_FLOAT16, 2, "FLOAT16"},
    [DT_BF16] = {ACL_BF16, 2, "BFLOAT16"}, [DT_F64] = {ACL_DOUBLE, 8, "DOUBLE"},
    [DT_I8] = {ACL_INT8, 1, "INT8"},       [DT_U8] = {ACL_UINT8, 1, "UINT8"},
    [DT_I16] = {ACL_INT16, 2, "INT16"},    [DT_I32] = {ACL_INT32, 4, "INT32"},
    [DT_I64] = {ACL_INT64, 8, "INT64"},    [DT_BOOL] = {ACL_BOOL, 1, "BOOL"},
    [DT_U16] = {ACL_UINT16, 2, "UINT16"},  [DT_U32] = {ACL_UINT32, 4, "UINT32"},
    [DT_U64] = {ACL_UINT64, 8, "UINT64"},
};

int ops_dt_index(aclDataType t)
{
    switch ((int)t) {
    case ACL_FLOAT:
        return DT_F32;
    case ACL_FLOAT16:
        return DT_F16;
    case ACL_BF16:
        return DT_BF16;
    case ACL_DOUBLE:
        return DT_F64;
    case ACL_INT8:
        return DT_I8;
    case ACL_UINT8:
        return DT_U8;
    case ACL_INT16:
        return DT_I16;
    case ACL_INT32:
        return DT_I32;
    case ACL_INT64:
        return DT_I64;
    case ACL_BOOL:
        return DT_BOOL;
    case ACL_UINT16:
        return DT_U16;
    case ACL_UINT32:
        return DT_U32;
    case ACL_UINT64:
        return DT_U64;
    default:
        return DT_NONE;
    }
}

aclDataType ops_dt_acl(int dt)
{
    return dt >= 0 && dt < DT_COUNT ? g_dt[dt].acl : ACL_DT_UNDEFINED;
}
unsigned ops_dt_size(int dt)
{
    return g_dt[dt].size;
}

const char *ops_dt_name(aclDataType t)
{
    int i = ops_dt_index(t);
    if (i >= 0)
        return g_dt[i].name;
    switch ((int)t) {
    case ACL_COMPLEX64:
        return "COMPLEX64";
    case ACL_COMPLEX128:
        return "COMPLEX128";
    case ACL_STRING:
        return "STRING";
    case ACL_INT4:
        return "INT4";
    default:
        return "UNSUPPORTED";
    }
}

/* ---- promotion ------------------------------------------------------------
 * Categories: bool < integers < floats. Integers order by width, with
 * uint8 + int8 -> int16 (the only mixed-sign pair in the set); floats by
 * width, with float16 + bfloat16 -> float32. */

static int int_rank(int dt)
{
    switch (dt) {
    case DT_I8:
    case DT_U8:
        return 1;
    case DT_I16:
        return 2;
    case DT_I32:
        return 3;
    default:
        return 4; /* DT_I64 */
    }
}

static int float_rank(int dt)
{
    switch (dt) {
    case DT_F16:
    case DT_BF16:
        return 1;
    case DT_F32:
        return 2;
    default:
        return 3; /* DT_F64 */
    }
}

int ops_promote(int a, int b)
{
    if (a < 0 || b < 0)
        return DT_NONE;
    if (a == b)
        return a;
    /* uint16/32/64 promote with nothing else (CANN's table, PyTorch's, leaves them out) */
    if ((DTM(a) | DTM(b)) & DTM_UWIDE)
        return DT_NONE;
    if (a == DT_BOOL)
        return b;
    if (b == DT_BOOL)
        return a;
    bool fa = ops_dt_is_float(a), fb = ops_dt_is_float(b);
    if (fa && fb) {
        int ra = float_rank(a), rb = float_rank(b);
        if (ra == rb) /* float16 with bfloat16 */
            return DT_F32;
        return ra > rb ? a : b;
    }
    if (fa)
        return a;
    if (fb)
        return b;
    /* two different integer types */
    if ((a == DT_U8 && b == DT_I8) || (a == DT_I8 && b == DT_U8))
        return DT_I16;
    return int_rank(a) >= int_rank(b) ? a : b;
}

bool ops_can_cast(int from, int to)
{
    if (from < 0 || to < 0)
        return false;
    if (ops_dt_is_float(from) && !ops_dt_is_float(to))
        return false;
    if (from != DT_BOOL && to == DT_BOOL)
        return false;
    return true;
}

/* AscendCL's rule for a tensor with a host scalar (aclnn_add.cpp, A2/A3):
 * a floating tensor keeps its type; a double scalar with a float32 out
 * computes in float32; a floating scalar, or a bool tensor, promotes by the
 * table; otherwise the tensor's type wins. */
int ops_promote_scalar(int tensor_dt, int scalar_dt, int out_dt)
{
    if (tensor_dt < 0 || scalar_dt < 0)
        return DT_NONE;
    if (ops_dt_is_float(tensor_dt))
        return tensor_dt;
    if (scalar_dt == DT_F64 && out_dt == DT_F32)
        return DT_F32;
    if (ops_dt_is_float(scalar_dt) || tensor_dt == DT_BOOL)
        return ops_promote(tensor_dt, scalar_dt);
    return tensor_dt;
}

/* ---- float16 / bfloat16 (DT1): core/half.h -------------------------- */

/* float16 <-> float32 over contiguous runs with the F16C instructions when
 * the CPU has them (checked once); the same values as the code above
 * (round to nearest even; NaN payloads may differ, NaN stays NaN). */
#if defined(__x86_64__)
__attribute__((target("avx,f16c"))) static void f16c_load(float *d, const uint16_t *s, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(d + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(s + i))));
    for (; i < n; i++)
        d[i] = half_f16_to_f32(s[i]);
}

/* Also tells whether any stored half is an infinity (the only stores the
 * overflow check below can act on), tested on the converted vectors: a
 * scalar pass over the halves afterwards cost more than the conversion. */
__attribute__((target("avx,f16c"))) static bool f16c_store(uint16_t *d, const float *s, int64_t n)
{
    const __m128i mag = _mm_set1_epi16(0x7fff), inf = _mm_set1_epi16(0x7c00);
    __m128i any = _mm_setzero_si128();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(s + i), _MM_FROUND_TO_NEAREST_INT);
        any = _mm_or_si128(any, _mm_cmpeq_epi16(_mm_and_si128(h, mag), inf));
        _mm_storeu_si128((__m128i *)(d + i), h);
    }
    bool hit = !_mm_testz_si128(any, any);
    for (; i < n; i++) {
        d[i] = half_f32_to_f16(s[i]);
        hit |= (d[i] & 0x7fffu) == 0x7c00u;
    }
    return hit;
}

/* buf[i] = float16(buf[i]) as float32, in place: the F16C round trip. */
__attribute__((target("avx,f16c"))) static void f16c_round(float *buf, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(buf + i, _mm256_cvtph_ps(_mm256_cvtps_ph(_mm256_loadu_ps(buf + i),
                                                                  _MM_FROUND_TO_NEAREST_INT)));
    for (; i < n; i++)
        buf[i] = half_f16_to_f32(half_f32_to_f16(buf[i]));
}

static bool have_f16c(void)
{
    /* relaxed: every thread computes the same value; no other data hangs on it */
    static _Atomic int v = -1;
    int x = atomic_load_explicit(&v, memory_order_relaxed);
    if (x < 0) {
        x = ks_cpu_f16c() && __builtin_cpu_supports("avx");
        atomic_store_explicit(&v, x, memory_order_relaxed);
    }
    return x;
}
#endif

/* ---- saturating float -> integer (DT2) ------------------------------------ */

static inline int64_t sat_i64(double x, double lo, double hi)
{
    if (x != x)
        return 0;
    if (x <= lo)
        return (int64_t)lo;
    if (x >= hi)
        return (int64_t)hi;
    return (int64_t)x;
}
static inline int64_t f2i64(double x)
{
    if (x != x)
        return 0;
    if (x >= 9223372036854775808.0)
        return INT64_MAX;
    if (x < -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)x;
}

#define F2_I8(x) ((int8_t)sat_i64((x), -128.0, 127.0))
#define F2_U8(x) ((uint8_t)sat_i64((x), 0.0, 255.0))
#define F2_I16(x) ((int16_t)sat_i64((x), -32768.0, 32767.0))
#define F2_I32(x) ((int32_t)sat_i64((x), -2147483648.0, 2147483647.0))
#define F2_I64(x) (f2i64(x))
#define F2_U16(x) ((uint16_t)sat_i64((x), 0.0, 65535.0))
#define F2_U32(x) ((uint32_t)sat_i64((x), 0.0, 4294967295.0))
#define F2_U64(x) (f2u64(x))
/* double -> uint64 saturating (DT2); 2^64 and above give UINT64_MAX, NaN and negatives 0 */
static inline uint64_t f2u64(double x)
{
    if (!(x > 0))
        return 0;
    if (x >= 18446744073709551616.0)
        return UINT64_MAX;
    return (uint64_t)x;
}

/* ---- loaders: tensor element type -> compute kind ----------------------- */

typedef uint16_t f16_t;
typedef uint16_t bf16_t;

#define ID(x) (x)
#define B2N(x) ((x) != 0)
#define H2F(x) half_f16_to_f32(x)
#define BH2F(x) half_bf16_to_f32(x)
#define H2I64(x) f2i64(half_f16_to_f32(x))
#define BH2I64(x) f2i64(half_bf16_to_f32(x))

/* Gather with conversion. Contiguous and broadcast sources get their own
 * loops so that the common case vectorises. */
#define DEF_LOAD(NAME, CT, ST, CONV)                                                               \
    static void NAME(void *dst_, const char *src, int64_t st, int64_t n)                           \
    {                                                                                              \
        CT *restrict d = dst_;                                                                     \
        if (st == (int64_t)sizeof(ST)) {                                                           \
            const ST *restrict s = (const ST *)(const void *)src;                                  \
            for (int64_t i = 0; i < n; i++)                                                        \
                d[i] = (CT)CONV(s[i]);                                                             \
        } else if (st == 0) {                                                                      \
            ST x;                                                                                  \
            memcpy(&x, src, sizeof x);                                                             \
            CT v = (CT)CONV(x);                                                                    \
            for (int64_t i = 0; i < n; i++)                                                        \
                d[i] = v;                                                                          \
        } else {                                                                                   \
            for (int64_t i = 0; i < n; i++) {                                                      \
                ST x;                                                                              \
                memcpy(&x, src + i * st, sizeof x);                                                \
                d[i] = (CT)CONV(x);                                                                \
            }                                                                                      \
        }                                                                                          \
    }

#define DEF_STORE(NAME, CT, DT, CONV)                                                              \
    static void NAME(char *dst, int64_t st, const void *src_, int64_t n)                           \
    {                                                                                              \
        const CT *restrict s = src_;                                                               \
        if (st == (int64_t)sizeof(DT)) {                                                           \
            DT *restrict d = (DT *)(void *)dst;                                                    \
            for (int64_t i = 0; i < n; i++)                                                        \
                d[i] = (DT)CONV(s[i]);                                                             \
        } else {                                                                                   \
            for (int64_t i = 0; i < n; i++) {                                                      \
                DT x = (DT)CONV(s[i]);                                                             \
                memcpy(dst + i * st, &x, sizeof x);                                                \
            }                                                                                      \
        }                                                                                          \
    }

/* into float */
DEF_LOAD(ld_f32_f32, float, float, ID)
DEF_LOAD(ld_f32_f16_sw, float, f16_t, H2F)
DEF_LOAD(ld_f32_bf16, float, bf16_t, BH2F)
DEF_LOAD(ld_f32_f64, float, double, ID)
DEF_LOAD(ld_f32_i8, float, int8_t, ID)
DEF_LOAD(ld_f32_u8, float, uint8_t, ID)
DEF_LOAD(ld_f32_i16, float, int16_t, ID)
DEF_LOAD(ld_f32_i32, float, int32_t, ID)
DEF_LOAD(ld_f32_i64, float, int64_t, ID)
DEF_LOAD(ld_f32_b, float, uint8_t, B2N)
DEF_LOAD(ld_f32_u16, float, uint16_t, ID)
DEF_LOAD(ld_f32_u32, float, uint32_t, ID)
DEF_LOAD(ld_f32_u64, float, uint64_t, ID)
/* into double */
DEF_LOAD(ld_f64_f32, double, float, ID)
DEF_LOAD(ld_f64_f16, double, f16_t, H2F)
DEF_LOAD(ld_f64_bf16, double, bf16_t, BH2F)
DEF_LOAD(ld_f64_f64, double, double, ID)
DEF_LOAD(ld_f64_i8, double, int8_t, ID)
DEF_LOAD(ld_f64_u8, double, uint8_t, ID)
DEF_LOAD(ld_f64_i16, double, int16_t, ID)
DEF_LOAD(ld_f64_i32, double, int32_t, ID)
DEF_LOAD(ld_f64_i64, double, int64_t, ID)
DEF_LOAD(ld_f64_b, double, uint8_t, B2N)
DEF_LOAD(ld_f64_u16, double, uint16_t, ID)
DEF_LOAD(ld_f64_u32, double, uint32_t, ID)
DEF_LOAD(ld_f64_u64, double, uint64_t, ID)
/* into int64 */
DEF_LOAD(ld_i64_f32, int64_t, float, F2_I64)
DEF_LOAD(ld_i64_f16, int64_t, f16_t, H2I64)
DEF_LOAD(ld_i64_bf16, int64_t, bf16_t, BH2I64)
DEF_LOAD(ld_i64_f64, int64_t, double, F2_I64)
DEF_LOAD(ld_i64_i8, int64_t, int8_t, ID)
DEF_LOAD(ld_i64_u8, int64_t, uint8_t, ID)
DEF_LOAD(ld_i64_i16, int64_t, int16_t, ID)
DEF_LOAD(ld_i64_i32, int64_t, int32_t, ID)
DEF_LOAD(ld_i64_i64, int64_t, int64_t, ID)
DEF_LOAD(ld_i64_b, int64_t, uint8_t, B2N)
DEF_LOAD(ld_i64_u16, int64_t, uint16_t, ID)
DEF_LOAD(ld_i64_u32, int64_t, uint32_t, ID)
DEF_LOAD(ld_i64_u64, int64_t, uint64_t, ID) /* the bits: above INT64_MAX reads negative */
/* raw bits */
DEF_LOAD(ld_raw1, uint8_t, uint8_t, ID)
DEF_LOAD(ld_raw2, uint16_t, uint16_t, ID)
DEF_LOAD(ld_raw4, uint32_t, uint32_t, ID)
DEF_LOAD(ld_raw8, uint64_t, uint64_t, ID)

#define F2H(x) half_f32_to_f16((float)(x))
#define F2BH(x) half_f32_to_bf16((float)(x))

/* from float */
DEF_STORE(st_f32_f32, float, float, ID)
DEF_STORE(st_f32_f16_sw, float, f16_t, F2H)
DEF_STORE(st_f32_bf16, float, bf16_t, F2BH)
DEF_STORE(st_f32_f64, float, double, ID)
DEF_STORE(st_f32_i8, float, int8_t, F2_I8)
DEF_STORE(st_f32_u8, float, uint8_t, F2_U8)
DEF_STORE(st_f32_i16, float, int16_t, F2_I16)
DEF_STORE(st_f32_i32, float, int32_t, F2_I32)
DEF_STORE(st_f32_i64, float, int64_t, F2_I64)
DEF_STORE(st_f32_b, float, uint8_t, B2N)
DEF_STORE(st_f32_u16, float, uint16_t, F2_U16)
DEF_STORE(st_f32_u32, float, uint32_t, F2_U32)
DEF_STORE(st_f32_u64, float, uint64_t, F2_U64)
/* from double */
DEF_STORE(st_f64_f32, double, float, ID)
DEF_STORE(st_f64_f16, double, f16_t, F2H)
DEF_STORE(st_f64_bf16, double, bf16_t, F2BH)
DEF_STORE(st_f64_f64, double, double, ID)
DEF_STORE(st_f64_i8, double, int8_t, F2_I8)
DEF_STORE(st_f64_u8, double, uint8_t, F2_U8)
DEF_STORE(st_f64_i16, double, int16_t, F2_I16)
DEF_STORE(st_f64_i32, double, int32_t, F2_I32)
DEF_STORE(st_f64_i64, double, int64_t, F2_I64)
DEF_STORE(st_f64_b, double, uint8_t, B2N)
DEF_STORE(st_f64_u16, double, uint16_t, F2_U16)
DEF_STORE(st_f64_u32, double, uint32_t, F2_U32)
DEF_STORE(st_f64_u64, double, uint64_t, F2_U64)
/* from int64 (DT3: wrap) */
DEF_STORE(st_i64_f32, int64_t, float, ID)
DEF_STORE(st_i64_f16, int64_t, f16_t, F2H)
DEF_STORE(st_i64_bf16, int64_t, bf16_t, F2BH)
DEF_STORE(st_i64_f64, int64_t, double, ID)
DEF_STORE(st_i64_i8, int64_t, int8_t, ID)
DEF_STORE(st_i64_u8, int64_t, uint8_t, ID)
DEF_STORE(st_i64_i16, int64_t, int16_t, ID)
DEF_STORE(st_i64_i32, int64_t, int32_t, ID)
DEF_STORE(st_i64_i64, int64_t, int64_t, ID)
DEF_STORE(st_i64_b, int64_t, uint8_t, B2N)
DEF_STORE(st_i64_u16, int64_t, uint16_t, ID)
DEF_STORE(st_i64_u32, int64_t, uint32_t, ID)
DEF_STORE(st_i64_u64, int64_t, uint64_t, ID)
/* raw bits */
DEF_STORE(st_raw1, uint8_t, uint8_t, ID)
DEF_STORE(st_raw2, uint16_t, uint16_t, ID)
DEF_STORE(st_raw4, uint32_t, uint32_t, ID)
DEF_STORE(st_raw8, uint64_t, uint64_t, ID)

static void ld_f32_f16(void *dst, const char *src, int64_t st, int64_t n)
{
#if defined(__x86_64__)
    if (st == 2 && have_f16c()) {
        f16c_load(dst, (const uint16_t *)(const void *)src, n);
        return;
    }
#endif
    ld_f32_f16_sw(dst, src, st, n);
}

/* Overflow check of a float16 store (core/overflow.h): an inf written for a finite
 * input is an overflow; in SATURATION mode it becomes the largest finite half. */
static void f16_overflow(char *dst, int64_t st, const float *src, int64_t n)
{
    int hit = 0;
    for (int64_t i = 0; i < n; i++) {
        uint16_t h;
        memcpy(&h, dst + i * st, 2);
        hit |= (h & 0x7fffu) == 0x7c00u && isfinite(src[i]);
    }
    if (!hit)
        return;
    core_overflow_note();
    if (core_overflow_saturate())
        for (int64_t i = 0; i < n; i++) {
            uint16_t h;
            memcpy(&h, dst + i * st, 2);
            if ((h & 0x7fffu) == 0x7c00u && isfinite(src[i])) {
                h = (uint16_t)((h & 0x8000u) | 0x7bffu); /* +-65504 */
                memcpy(dst + i * st, &h, 2);
            }
        }
}

static void st_f32_f16(char *dst, int64_t st, const void *src, int64_t n)
{
#if defined(__x86_64__)
    if (st == 2 && have_f16c()) {
        /* no infinity stored: nothing for the overflow check (the common case) */
        if (f16c_store((uint16_t *)(void *)dst, src, n))
            f16_overflow(dst, st, src, n);
        return;
    }
#endif
    st_f32_f16_sw(dst, st, src, n);
    f16_overflow(dst, st, src, n);
}

#define ROW(P)                                                                                     \
    {                                                                                              \
        [DT_F32] = P##f32, [DT_F16] = P##f16, [DT_BF16] = P##bf16, [DT_F64] = P##f64,              \
        [DT_I8] = P##i8, [DT_U8] = P##u8, [DT_I16] = P##i16, [DT_I32] = P##i32, [DT_I64] = P##i64, \
        [DT_BOOL] = P##b, [DT_U16] = P##u16, [DT_U32] = P##u32, [DT_U64] = P##u64                  \
    }

static const ops_load_fn g_load[3][DT_COUNT] = {ROW(ld_f32_), ROW(ld_f64_), ROW(ld_i64_)};
static const ops_store_fn g_store[3][DT_COUNT] = {ROW(st_f32_), ROW(st_f64_), ROW(st_i64_)};

ops_load_fn ops_loader(int ck, int dt)
{
    switch (ck) {
    case CK_RAW1:
        return ld_raw1;
    case CK_RAW2:
        return ld_raw2;
    case CK_RAW4:
        return ld_raw4;
    case CK_RAW8:
        return ld_raw8;
    default:
        return g_load[ck][dt];
    }
}

ops_store_fn ops_storer(int ck, int dt)
{
    switch (ck) {
    case CK_RAW1:
        return st_raw1;
    case CK_RAW2:
        return st_raw2;
    case CK_RAW4:
        return st_raw4;
    case CK_RAW8:
        return st_raw8;
    default:
        return g_store[ck][dt];
    }
}

int ops_ck_native(int ck)
{
    switch (ck) {
    case CK_F32:
        return DT_F32;
    case CK_F64:
        return DT_F64;
    case CK_I64:
        return DT_I64;
    default:
        return DT_NONE;
    }
}

void ops_round_f32(float *buf, int64_t n, int dt)
{
#if defined(__x86_64__)
    if (dt == DT_F16 && have_f16c()) {
        f16c_round(buf, n);
        return;
    }
#endif
    if (dt == DT_F16)
        for (int64_t i = 0; i < n; i++)
            buf[i] = half_f16_to_f32(half_f32_to_f16(buf[i]));
    else if (dt == DT_BF16)
        for (int64_t i = 0; i < n; i++)
            buf[i] = half_bf16_to_f32(half_f32_to_bf16(buf[i]));
}

void ops_round_f64(double *buf, int64_t n, int dt)
{
    switch (dt) {
    case DT_F32:
        for (int64_t i = 0; i < n; i++)
            buf[i] = (float)buf[i];
        break;
    case DT_F16:
        for (int64_t i = 0; i < n; i++)
            buf[i] = half_f16_to_f32(half_f32_to_f16((float)buf[i]));
        break;
    case DT_BF16:
        for (int64_t i = 0; i < n; i++)
            buf[i] = half_bf16_to_f32(half_f32_to_bf16((float)buf[i]));
        break;
    case DT_I8:
        for (int64_t i = 0; i < n; i++)
            buf[i] = F2_I8(buf[i]);
        break;
    case DT_U8:
        for (int64_t i = 0; i < n; i++)
            buf[i] = F2_U8(buf[i]);
        break;
    case DT_I16:
        for (int64_t i = 0; i < n; i++)
            buf[i] = F2_I16(buf[i]);
        break;
    case DT_I32:
        for (int64_t i = 0; i < n; i++)
            buf[i] = F2_I32(buf[i]);
        break;
    case DT_I64:
        for (int64_t i = 0; i < n; i++)
            buf[i] = (double)F2_I64(buf[i]);
        break;
    case DT_BOOL:
        for (int64_t i = 0; i < n; i++)
            buf[i] = buf[i] != 0;
        break;
    case DT_U16:
        for (int64_t i = 0; i < n; i++)
            buf[i] = F2_U16(buf[i]);
        break;
    case DT_U32:
        for (int64_t i = 0; i < n; i++)
            buf[i] = F2_U32(buf[i]);
        break;
    case DT_U64:
        for (int64_t i = 0; i < n; i++)
            buf[i] = (double)F2_U64(buf[i]);
        break;
    default:
        break;
    }
}

void ops_store_f64(void *dst, int dt, double v)
{
    static const ops_store_fn tab[DT_COUNT] = ROW(st_f64_);
    tab[dt]((char *)dst, 0, &v, 1);
}

void ops_store_i64(void *dst, int dt, int64_t v)
{
    static const ops_store_fn tab[DT_COUNT] = ROW(st_i64_);
    tab[dt]((char *)dst, 0, &v, 1);
}

/* ---- scalars -------------------------------------------------------------- */

double ops_scalar_f64(const aclScalar *s)
{
    double v;
    int dt = ops_dt_index(s->dtype);
    if (dt < 0)
        return 0;
    ops_loader(CK_F64, dt)(&v, (const char *)s->v.bytes, 0, 1);
    return v;
}

int64_t ops_scalar_i64(const aclScalar *s)
{
    int64_t v;
    int dt = ops_dt_index(s->dtype);
    if (dt < 0)
        return 0;
    ops_loader(CK_I64, dt)(&v, (const char *)s->v.bytes, 0, 1);
    return v;
}

/* The value range of an integer type (int64's for the others). */
void ops_dt_int_range(int dt, int64_t *lo, int64_t *hi)
{
    switch (dt) {
    case DT_I8:
        *lo = INT8_MIN, *hi = INT8_MAX;
        break;
    case DT_U8:
        *lo = 0, *hi = UINT8_MAX;
        break;
    case DT_I16:
        *lo = INT16_MIN, *hi = INT16_MAX;
        break;
    case DT_I32:
        *lo = INT32_MIN, *hi = INT32_MAX;
        break;
    default:
        *lo = INT64_MIN, *hi = INT64_MAX;
        break;
    }
}

/* Move an nd-dim block (row-major) between a view and a contiguous compute
 * buffer, one row (the inner dim) at a time through the converters: into
 * the buffer (store false) or out of it (store true). */
static void move_nd(void *buf, int ck, char *base, int dt, int nd, const int64_t *dims,
                    const int64_t *strides, bool store)
{
    ops_load_fn ld = store ? NULL : ops_loader(ck, dt);
    ops_store_fn st = store ? ops_storer(ck, dt) : NULL;
    int64_t esz = ops_dt_size(dt), csz = ops_ck_size(ck);
    int64_t inner = nd ? dims[nd - 1] : 1, outer = nd ? ops_numel(dims, nd - 1) : 1;
    int64_t rs = nd ? strides[nd - 1] * esz : esz; /* row stride in bytes */
    int64_t idx[OPS_MAX_DIMS] = {0};
    char *b = buf;
    for (int64_t o = 0; o < outer; o++, ops_odo_next(idx, dims, nd - 1)) {
        char *v = base + ops_odo_off(idx, strides, nd - 1) * esz;
        if (store)
            st(v, rs, b + o * inner * csz, inner);
        else
            ld(b + o * inner * csz, v, rs, inner);
    }
}

void ops_gather_nd(void *buf, int ck, const char *base, int dt, int nd, const int64_t *dims,
                   const int64_t *strides)
{
    move_nd(buf, ck, (char *)base, dt, nd, dims, strides, false);
}

void ops_scatter_nd(const void *buf, int ck, char *base, int dt, int nd, const int64_t *dims,
                    const int64_t *strides)
{
    move_nd((void *)buf, ck, base, dt, nd, dims, strides, true);
}

void ops_put_elem(char *dst, const char *src, int dt, bool add)
{
    if (!add) {
        memcpy(dst, src, ops_dt_size(dt));
    } else if (ops_dt_is_float(dt)) {
        double a, b;
        ops_loader(CK_F64, dt)(&a, dst, 0, 1);
        ops_loader(CK_F64, dt)(&b, src, 0, 1);
        a += b;
        ops_storer(CK_F64, dt)(dst, 0, &a, 1);
    } else {
        int64_t a, b;
        ops_loader(CK_I64, dt)(&a, dst, 0, 1);
        ops_loader(CK_I64, dt)(&b, src, 0, 1);
        a = dt == DT_BOOL ? (a || b) : ops_dt_wrap(dt, a + b);
        ops_storer(CK_I64, dt)(dst, 0, &a, 1);
    }
}
