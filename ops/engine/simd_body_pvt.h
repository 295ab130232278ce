/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The kernels of ops/engine/simd.h, included by simd.c once per build
 * (K1) with:
 *   KS_T      the target attribute of the build (empty for the portable one)
 *   KS_N(x)   x with the build's suffix
 *   KS_F16C   1 when the build may use the F16C conversions (and the
 *             packed int4 table lookups, QW2)
 *   KS_W      lanes per vector: 16 (AVX-512), 8 (AVX2) or 4 (the 128-bit
 *             baseline of x86-64 and aarch64, so that every vector
 *             operation, compares included, maps to one instruction)
 * and declares the build's float / int32 / uint32 / int8 vectors vf, vi,
 * vu, vc of KS_W lanes. No include guard: it is meant to be included more
 * than once; it undefines its parameters at the end.
 */

typedef float KS_N(vf) __attribute__((vector_size(KS_W * 4)));
typedef int32_t KS_N(vi) __attribute__((vector_size(KS_W * 4)));
typedef uint32_t KS_N(vu) __attribute__((vector_size(KS_W * 4)));
typedef int8_t KS_N(vc) __attribute__((vector_size(KS_W)));
#define vf KS_N(vf)
#define vi KS_N(vi)
#define vu KS_N(vu)
#define vc KS_N(vc)

#define KS_FN static inline __attribute__((always_inline)) KS_T

KS_FN vf KS_N(ld)(const float *p)
{
    vf v;
    __builtin_memcpy(&v, p, sizeof(v));
    return v;
}

KS_FN void KS_N(st)(float *p, vf v)
{
    __builtin_memcpy(p, &v, sizeof(v));
}

KS_FN vf KS_N(bc)(float s)
{
    return (vf){0} + s;
}

KS_FN vf KS_N(sel)(vi m, vf a, vf b) /* m ? a : b, lane by lane */
{
    return (vf)(((vi)a & m) | ((vi)b & ~m));
}

KS_FN float KS_N(hsum)(vf v)
{
#if KS_W == 16
    return (((v[0] + v[8]) + (v[4] + v[12])) + ((v[1] + v[9]) + (v[5] + v[13]))) +
           (((v[2] + v[10]) + (v[6] + v[14])) + ((v[3] + v[11]) + (v[7] + v[15])));
#elif KS_W == 8
    return ((v[0] + v[4]) + (v[1] + v[5])) + ((v[2] + v[6]) + (v[3] + v[7]));
#else
    return (v[0] + v[2]) + (v[1] + v[3]);
#endif
}

/* KS_W int8 values as floats. */
KS_FN vf KS_N(ld_i8)(const int8_t *p)
{
#if KS_W == 16 /* the AVX-512 build: one sign extension, one conversion */
    return (vf)_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)p)));
#elif KS_F16C /* the AVX2 build: one sign extension, one conversion */
    return (vf)_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)p)));
#else
    vc c;
    __builtin_memcpy(&c, p, sizeof(c));
    return __builtin_convertvector(__builtin_convertvector(c, vi), vf);
#endif
}

/* ---- rounding of dequantised weights (K2) ------------------------------------------------- */

KS_FN vf KS_N(rnd_bf16)(vf v)
{
    vu u = (vu)v;
    vu r = (u + 0x7FFFu + ((u >> 16) & 1u)) & 0xFFFF0000u;
    vi special = (vi)((u & 0x7F800000u) + 0x00800000u) >> 31; /* inf / NaN kept */
    return (vf)(((vi)u & special) | ((vi)r & ~special));
}

#if KS_W == 16
KS_FN vf KS_N(rnd_f16)(vf v, vi *bad)
{
    (void)bad; /* the hardware conversion is exact for every value */
    return (vf)_mm512_cvtph_ps(
        _mm512_cvtps_ph((__m512)v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
#elif KS_F16C
KS_FN vf KS_N(rnd_f16)(vf v, vi *bad)
{
    (void)bad; /* the hardware conversion is exact for every value */
    return (vf)_mm256_cvtph_ps(_mm256_cvtps_ph((__m256)v, _MM_FROUND_TO_NEAREST_INT));
}
#else
KS_FN vf KS_N(rnd_f16)(vf v, vi *bad)
{
    vu u = (vu)v;
    vi mag = (vi)(u & 0x7FFFFFFFu);
    /* masks by sign bits (no compares): out of 2^-14 .. 65504, and non-zero */
    vi out = ((mag - 0x38800000) | (0x477FE000 - mag)) >> 31, in = ~out;
    vu r = (u + 0xFFFu + ((u >> 13) & 1u)) & ~0x1FFFu;
    *bad |= out & ((mag | -mag) >> 31);
    return (vf)(((vi)r & in) | ((vi)u & ~in));
}
#endif

KS_FN vf KS_N(rnd)(vf v, int rdt, vi *bad)
{
    return rdt == DT_F16 ? KS_N(rnd_f16)(v, bad) : KS_N(rnd_bf16)(v);
}

/* After a portable float16 rounding flagged a value outside float16's normal
 * range: the exact conversion for the run (idempotent on the rest). */
KS_FN void KS_N(fixup)(float *dst, int64_t n, int rdt, vi bad)
{
    if (rdt == DT_F16 && !KS_F16C) {
        int any = 0;
        for (int l = 0; l < KS_W; l++)
            any |= bad[l];
        if (any)
            ops_round_f32(dst, n, rdt);
    }
}

/* dst[i] = round((w[i] + o) * s), i < n (one group's run). */
KS_FN void KS_N(dq)(float *dst, const int8_t *w, int64_t n, float s, float o, int rdt)
{
    vi bad = {0};
    const vf vs = KS_N(bc)(s), vo = KS_N(bc)(o);
    int64_t i = 0;
    for (; i + KS_W <= n; i += KS_W) {
        vf f = (KS_N(ld_i8)(w + i) + vo) * vs;
        KS_N(st)(dst + i, KS_N(rnd)(f, rdt, &bad));
    }
    KS_N(fixup)(dst, i, rdt, bad);
    for (int64_t t = i; t < n; t++)
        dst[t] = ((float)w[t] + o) * s;
    if (i < n)
        ops_round_f32(dst + i, n - i, rdt);
}

/* dst[c] = round((w[c] + o[c]) * s[c]), c < n (a row of a row-major weight). */
KS_FN void KS_N(dqv)(float *dst, const int8_t *w, int64_t n, const float *s, const float *o,
                     int rdt)
{
    vi bad = {0};
    int64_t i = 0;
    for (; i + KS_W <= n; i += KS_W) {
        vf f = KS_N(ld_i8)(w + i);
        if (o)
            f += KS_N(ld)(o + i);
        KS_N(st)(dst + i, KS_N(rnd)(f * KS_N(ld)(s + i), rdt, &bad));
    }
    KS_N(fixup)(dst, i, rdt, bad);
    for (int64_t t = i; t < n; t++)
        dst[t] = ((float)w[t] + (o ? o[t] : 0.0f)) * s[t];
    if (i < n)
        ops_round_f32(dst + i, n - i, rdt);
}

/* int4 values [idx, idx + n) of the packed storage w as int8 into dst. */
KS_FN void KS_N(unpack_i4)(int8_t *dst, const unsigned char *w, int64_t idx, int64_t n)
{
    if (n <= 0)
        return;
    if (idx & 1) { /* odd start: the high nibble of its byte */
        *dst++ = (int8_t)((int8_t)w[idx >> 1] >> 4);
        idx++;
        n--;
    }
    const unsigned char *src = w + (idx >> 1);
    const int64_t pairs = n >> 1;
    int64_t p = 0;
    for (; p + 16 <= pairs; p += 16) {
        v16u8 b;
        __builtin_memcpy(&b, src + p, sizeof(b));
        v16i8 lo = (v16i8)(b << 4) >> 4, hi = (v16i8)b >> 4;
        /* __builtin_shufflevector: GCC 12 and clang both have it (clang has no
         * __builtin_shuffle; the fuzzer's build, tests/fuzz, uses clang) */
        v16i8 a =
            __builtin_shufflevector(lo, hi, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
        v16i8 c = __builtin_shufflevector(lo, hi, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14,
                                          30, 15, 31);
        __builtin_memcpy(dst + 2 * p, &a, sizeof(a));
        __builtin_memcpy(dst + 2 * p + 16, &c, sizeof(c));
    }
    for (; p < pairs; p++) {
        dst[2 * p] = (int8_t)((int8_t)(unsigned char)(src[p] << 4) >> 4);
        dst[2 * p + 1] = (int8_t)((int8_t)src[p] >> 4);
    }
    if (n & 1)
        dst[2 * pairs] = (int8_t)((int8_t)(unsigned char)(src[pairs] << 4) >> 4);
}

/* The int8 values of elements idx + r * st, r < n: in place or in tmp. */
KS_FN const int8_t *KS_N(fetch)(const struct ks_wq *a, int64_t idx, int64_t st, int64_t n,
                                int8_t *tmp)
{
    if (st == 1 && !a->int4)
        return (const int8_t *)a->w + idx;
    if (st == 1) {
        KS_N(unpack_i4)(tmp, a->w, idx, n);
        return tmp;
    }
    const unsigned char *w = a->w;
    for (int64_t r = 0; r < n; r++) {
        const int64_t i = idx + r * st;
        if (!a->int4) {
            tmp[r] = (int8_t)w[i];
        } else {
            const int nib = (i & 1) ? w[i >> 1] >> 4 : w[i >> 1] & 15;
            tmp[r] = (int8_t)((nib ^ 8) - 8);
        }
    }
    return tmp;
}

/* Column col's rows [k0, k0 + kb) dequantised into dst (group by group). */
KS_FN void KS_N(dq_col)(const struct ks_wq *a, float *dst, int64_t col, int64_t k0, int64_t kb,
                        int8_t *tmp)
{
    const int8_t *w8 = KS_N(fetch)(a, a->w_off + col * a->w_sn + k0 * a->w_sk, a->w_sk, kb, tmp);
    const int64_t g0 = k0 / a->group; /* one division per chunk */
    const float *s = a->sc + g0 * a->ps_g + col * a->ps_n,
                *o = a->of ? a->of + g0 * a->ps_g + col * a->ps_n : NULL;
    int64_t end = (g0 + 1) * a->group - k0;
    for (int64_t r = 0; r < kb; end += a->group, s += a->ps_g, o = o ? o + a->ps_g : NULL) {
        const int64_t e = end < kb ? end : kb;
        KS_N(dq)(dst + r, w8 + r, e - r, *s, o ? *o : 0.0f, a->rdt);
        r = e;
    }
}

/* Row row's columns [j0, j0 + nb) dequantised into dst. */
KS_FN void KS_N(dq_row)(const struct ks_wq *a, float *dst, int64_t row, int64_t j0, int64_t nb,
                        int8_t *tmp)
{
    const int8_t *w8 = KS_N(fetch)(a, a->w_off + row * a->w_sk + j0 * a->w_sn, a->w_sn, nb, tmp);
    const int64_t g = row / a->group;
    KS_N(dqv)
    (dst, w8, nb, a->sc + g * a->ps_g + j0, a->of ? a->of + g * a->ps_g + j0 : NULL, a->rdt);
}

static KS_T void KS_N(wq_dequant)(const struct ks_wq *a, float *W, int64_t k0, int64_t kb,
                                  int64_t j0, int64_t nb, int8_t *tmp)
{
    if (ks_wq_kmajor(a))
        for (int64_t c = 0; c < nb; c++)
            KS_N(dq_col)(a, W + c * kb, j0 + c, k0, kb, tmp);
    else
        for (int64_t r = 0; r < kb; r++)
            KS_N(dq_row)(a, W + r * nb, k0 + r, j0, nb, tmp);
}

/* acc[i] += dot(X[i * ldx ..], w) over n, i < m. */
KS_FN void KS_N(dot_rows)(float *acc, const float *X, int64_t ldx, int64_t m, const float *w,
                          int64_t n)
{
    int64_t i = 0;
    for (; i + 4 <= m; i += 4) {
        const float *x0 = X + i * ldx, *x1 = x0 + ldx, *x2 = x1 + ldx, *x3 = x2 + ldx;
        vf a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};
        int64_t j = 0;
        for (; j + KS_W <= n; j += KS_W) {
            const vf wv = KS_N(ld)(w + j);
            a0 += KS_N(ld)(x0 + j) * wv;
            a1 += KS_N(ld)(x1 + j) * wv;
            a2 += KS_N(ld)(x2 + j) * wv;
            a3 += KS_N(ld)(x3 + j) * wv;
        }
        float s0 = KS_N(hsum)(a0), s1 = KS_N(hsum)(a1), s2 = KS_N(hsum)(a2), s3 = KS_N(hsum)(a3);
        for (; j < n; j++) {
            s0 += x0[j] * w[j];
            s1 += x1[j] * w[j];
            s2 += x2[j] * w[j];
            s3 += x3[j] * w[j];
        }
        acc[i] += s0, acc[i + 1] += s1, acc[i + 2] += s2, acc[i + 3] += s3;
    }
    for (; i < m; i++) {
        const float *x0 = X + i * ldx;
        vf a0 = {0}, a1 = {0};
        int64_t j = 0;
        for (; j + 2 * KS_W <= n; j += 2 * KS_W) {
            a0 += KS_N(ld)(x0 + j) * KS_N(ld)(w + j);
            a1 += KS_N(ld)(x0 + j + KS_W) * KS_N(ld)(w + j + KS_W);
        }
        for (; j + KS_W <= n; j += KS_W)
            a0 += KS_N(ld)(x0 + j) * KS_N(ld)(w + j);
        float s = KS_N(hsum)(a0 + a1);
        for (; j < n; j++)
            s += x0[j] * w[j];
        acc[i] += s;
    }
}

/* y[j] += a * x[j], j < n. */
KS_FN void KS_N(axpy)(float *y, float a, const float *x, int64_t n)
{
    const vf va = KS_N(bc)(a);
    int64_t j = 0;
    for (; j + KS_W <= n; j += KS_W)
        KS_N(st)(y + j, KS_N(ld)(y + j) + va * KS_N(ld)(x + j));
    for (; j < n; j++)
        y[j] += a * x[j];
}

#if KS_F16C
/*
 * QW2. Packed int4 by table (the F16C builds): a group's 16 possible
 * weights (nibble u holds (u ^ 8) - 8) are dequantised and rounded once,
 * (v + offset) * scale as every weight would be, and each vector of
 * nibbles is looked up with one permute (AVX-512: vpermps on the 16-lane
 * table, the nibble as index; AVX-2: two 8-lane tables and a blend on the
 * nibble's bit 3): no conversion, scale or float16 round trip per weight.
 * 2 * KS_W nibbles (KS_W bytes) at a time give two vectors, the low
 * nibbles (even elements) and the high ones (odd elements); x is read in
 * the same order from a copy of its rows with each chunk of 2 * KS_W
 * elements de-interleaved (evens, then odds; wq_cols builds it per call).
 * Groups are multiples of 32 elements (or all of k), so chunks never
 * straddle a group; k's tail past the last chunk is summed in scalar order.
 */
KS_FN void KS_N(i4_tab)(vf vo, vf vs, const bool F16, vf *t0, vf *t1)
{
    vi bad = {0}; /* the F16C rounding is exact: never set */
#if KS_W == 16
    const vf u = {0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1};
    *t0 = F16 ? KS_N(rnd_f16)((u + vo) * vs, &bad) : KS_N(rnd_bf16)((u + vo) * vs);
    *t1 = *t0;
#else
    const vf lo = {0, 1, 2, 3, 4, 5, 6, 7}, hi = {-8, -7, -6, -5, -4, -3, -2, -1};
    *t0 = F16 ? KS_N(rnd_f16)((lo + vo) * vs, &bad) : KS_N(rnd_bf16)((lo + vo) * vs);
    *t1 = F16 ? KS_N(rnd_f16)((hi + vo) * vs, &bad) : KS_N(rnd_bf16)((hi + vo) * vs);
#endif
}

/* The 2 * KS_W int4 weights in the KS_W bytes at p: *ev the even elements
 * (low nibbles), *od the odd ones, through the table (QW2). */
KS_FN void KS_N(i4_pair)(const unsigned char *p, vf t0, vf t1, vf *ev, vf *od)
{
#if KS_W == 16
    (void)t1;
    const __m512i v = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)p));
    /* vpermps reads the index's low 4 bits: the byte is the low nibble's index */
    *ev = (vf)_mm512_permutexvar_ps(v, (__m512)t0);
    *od = (vf)_mm512_permutexvar_ps(_mm512_srli_epi32(v, 4), (__m512)t0);
#else
    const __m256i v = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)),
                  h = _mm256_srli_epi32(v, 4);
    /* vpermps reads the index's low 3 bits; bit 3, moved to the sign, picks the table */
    *ev = (vf)_mm256_blendv_ps(_mm256_permutevar8x32_ps((__m256)t0, v),
                               _mm256_permutevar8x32_ps((__m256)t1, v),
                               _mm256_castsi256_ps(_mm256_slli_epi32(v, 28)));
    *od = (vf)_mm256_blendv_ps(_mm256_permutevar8x32_ps((__m256)t0, h),
                               _mm256_permutevar8x32_ps((__m256)t1, h),
                               _mm256_castsi256_ps(_mm256_slli_epi32(h, 28)));
#endif
}
#endif

/* The weight vector at row r of a column (QW1): the int8 values at w8 + r
 * dequantised and rounded to float16 (F16, a constant after inlining) or
 * bfloat16. */
KS_FN vf KS_N(wvec)(const int8_t *w8, int64_t r, vf vo, vf vs, const bool F16, vi *bad)
{
    const vf w = KS_N(ld_i8)(w8 + r);
    return F16 ? KS_N(rnd_f16)((w + vo) * vs, bad) : KS_N(rnd_bf16)((w + vo) * vs);
}

/*
 * QW1. Column col of a k-major weight (its int8 values at w8, in place or
 * unpacked) against rows i < M of X (M, CN and F16 constants after
 * inlining; M in 1..KS_WQ_ROWS): each weight vector is loaded, dequantised
 * and rounded in registers once and multiplied into M accumulators (two per
 * row for M <= 4, so that short rows still overlap their FMAs), group by
 * group; k's tail past the last full vector is summed in scalar order.
 * out[i] gets the sums. CN = 2 (AVX-512, M > 4, int8 in place): the next
 * column too (its values at w8b, sums in out[M + i]), sharing every load
 * of x: the second column takes the accumulators a short row would use,
 * and each column's sums are the same operations in the same order as
 * alone (bit-identical).
 */
#define KS_WQ_ROWS 8
/* Named accumulators (p<i>, q<i>) per row i: arrays of vectors indexed in
 * unrolled loops are not always kept in registers. */
#define KS_ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
KS_FN void KS_N(wq_col)(const struct ks_wq *a, const float *X, int64_t ldx, const int M, float *out,
                        int64_t col, const int8_t *w8, const int8_t *w8b, const int CN,
                        const bool F16, vi *bad)
{
    const int64_t k = a->k, G = a->group;
    const int rdt = F16 ? DT_F16 : DT_BF16;
    const bool pin = false; /* KS_FMA2 */
#define KS_DECL(i) vf p##i = KS_N(bc)(0.0f), q##i = p##i;
    KS_ROWS(KS_DECL)
#undef KS_DECL
    float tail[2 * KS_WQ_ROWS] = {0};
    const float *s = a->sc + col * a->ps_n, *o = a->of ? a->of + col * a->ps_n : NULL;
    for (int64_t r0 = 0; r0 < k; r0 += G, s += a->ps_g, o = o ? o + a->ps_g : NULL) {
        const int64_t e = k - r0 < G ? k : r0 + G;
        const vf vs = KS_N(bc)(*s), vo = KS_N(bc)(o ? *o : 0.0f);
        /* the next column's parameters (CN = 2) */
        const float sb = CN > 1 ? s[a->ps_n] : 0.0f, ob = CN > 1 && o ? o[a->ps_n] : 0.0f;
        const vf vsb = KS_N(bc)(sb), vob = KS_N(bc)(ob);
        int64_t r = r0;
        for (; r + 2 * KS_W <= e; r += 2 * KS_W) {
            const vf f0 = KS_N(wvec)(w8, r, vo, vs, F16, bad);
            const vf f1 = KS_N(wvec)(w8, r + KS_W, vo, vs, F16, bad);
            vf g0 = f0, g1 = f1;
            if (CN > 1) {
                g0 = KS_N(wvec)(w8b, r, vob, vsb, F16, bad);
                g1 = KS_N(wvec)(w8b, r + KS_W, vob, vsb, F16, bad);
            }
/* KS_FMA2 / KS_FMA1: one or two vectors of a weight column (pair) into every row's sums;
 * defined here once for the WQBMM columns and the small-m float matmul below (#undef there).
 * Each user declares `pin`: x0, x1 held in registers (HW2's pairs: GCC otherwise folds each
 * load of x into both columns' FMAs). */
#define KS_FMA2(i)                                                                                 \
    if (M > i) {                                                                                   \
        vf x0 = KS_N(ld)(X + i * ldx + r), x1 = KS_N(ld)(X + i * ldx + r + KS_W);                  \
        if (pin)                                                                                   \
            __asm__("" : "+v"(x0), "+v"(x1));                                                      \
        p##i += f0 * x0;                                                                           \
        if (CN > 1) {                                                                              \
            p##i += f1 * x1;                                                                       \
            q##i += g0 * x0;                                                                       \
            q##i += g1 * x1;                                                                       \
        } else if (M <= 4) {                                                                       \
            q##i += f1 * x1;                                                                       \
        } else {                                                                                   \
            p##i += f1 * x1;                                                                       \
        }                                                                                          \
    }
            KS_ROWS(KS_FMA2)
        }
        if (r + KS_W <= e) {
            const vf f0 = KS_N(wvec)(w8, r, vo, vs, F16, bad);
            const vf g0 = CN > 1 ? KS_N(wvec)(w8b, r, vob, vsb, F16, bad) : f0;
#define KS_FMA1(i)                                                                                 \
    if (M > i) {                                                                                   \
        const vf x0 = KS_N(ld)(X + i * ldx + r);                                                   \
        p##i += f0 * x0;                                                                           \
        if (CN > 1)                                                                                \
            q##i += g0 * x0;                                                                       \
    }
            KS_ROWS(KS_FMA1)
            r += KS_W;
        }
        if (r < e) { /* k's tail (k need not be a multiple of KS_W) */
            float t[KS_W];
            KS_N(dq)(t, w8 + r, e - r, *s, o ? *o : 0.0f, rdt);
            for (int i = 0; i < M; i++)
                for (int64_t l = 0; l < e - r; l++)
                    tail[i] += t[l] * X[i * ldx + r + l];
            if (CN > 1) {
                KS_N(dq)(t, w8b + r, e - r, sb, ob, rdt);
                for (int i = 0; i < M; i++)
                    for (int64_t l = 0; l < e - r; l++)
                        tail[M + i] += t[l] * X[i * ldx + r + l];
            }
        }
    }
    const vf z = KS_N(bc)(0.0f);
#define KS_OUT(i)                                                                                  \
    if (M > i) {                                                                                   \
        out[i] = KS_N(hsum)(p##i + (CN > 1 || M > 4 ? z : q##i)) + tail[i];                        \
        if (CN > 1)                                                                                \
            out[M + i] = KS_N(hsum)(q##i + z) + tail[M + i];                                       \
    }
    KS_ROWS(KS_OUT)
#undef KS_OUT
}

#if KS_F16C
/* Column col of a k-major packed int4 weight whose column starts on a byte
 * (w4) against rows i < M of X through the group tables (QW2); Xd: X's rows
 * with every chunk of 2 * KS_W elements de-interleaved (row i at i * k). */
KS_FN void KS_N(wq_col_i4)(const struct ks_wq *a, const float *Xd, const float *X, int64_t ldx,
                           const int M, float *out, int64_t col, const unsigned char *w4,
                           const bool F16)
{
    const int64_t k = a->k, G = a->group, kc = k / (2 * KS_W) * (2 * KS_W);
    const int rdt = F16 ? DT_F16 : DT_BF16;
#define KS_DECL(i) vf p##i = KS_N(bc)(0.0f), q##i = p##i;
    KS_ROWS(KS_DECL)
#undef KS_DECL
    const int64_t ps_g = a->ps_g;
    const float *s = a->sc + col * a->ps_n, *o = a->of ? a->of + col * a->ps_n : NULL;
    for (int64_t r0 = 0; r0 < kc; r0 += G, s += ps_g, o = o ? o + ps_g : NULL) {
        const int64_t e = kc - r0 < G ? kc : r0 + G;
        vf t0, t1;
        KS_N(i4_tab)(KS_N(bc)(o ? *o : 0.0f), KS_N(bc)(*s), F16, &t0, &t1);
        for (int64_t r = r0; r < e; r += 2 * KS_W) {
            vf ev, od;
            KS_N(i4_pair)(w4 + ((uint64_t)r >> 1), t0, t1, &ev, &od);
#define KS_FMA(i)                                                                                  \
    if (M > i) {                                                                                   \
        p##i += ev * KS_N(ld)(Xd + i * k + r);                                                     \
        q##i += od * KS_N(ld)(Xd + i * k + r + KS_W);                                              \
    }
            KS_ROWS(KS_FMA)
#undef KS_FMA
        }
    }
    float tail[KS_WQ_ROWS] = {0};
    if (kc < k) { /* the tail lies in the last group (groups are chunks) */
        const int64_t g = kc / G;
        int8_t v[2 * KS_W];
        float t[2 * KS_W];
        for (int64_t l = 0; l < k - kc; l++) /* kc is even: low nibble first */
            v[l] = (int8_t)((int8_t)(unsigned char)(w4[(kc + l) / 2] << (l & 1 ? 0 : 4)) >> 4);
        const float *sg = a->sc + g * ps_g + col * a->ps_n;
        KS_N(dq)(t, v, k - kc, *sg, a->of ? a->of[g * ps_g + col * a->ps_n] : 0.0f, rdt);
        for (int i = 0; i < M; i++)
            for (int64_t l = 0; l < k - kc; l++)
                tail[i] += t[l] * X[i * ldx + kc + l];
    }
#define KS_OUT(i)                                                                                  \
    if (M > i)                                                                                     \
        out[i] = KS_N(hsum)(p##i + q##i) + tail[i];
    KS_ROWS(KS_OUT)
#undef KS_OUT
}
#endif

/* Columns [j0, j0 + nb) of a k-major weight against M rows of X (QW1, QW2);
 * a column whose portable float16 rounding met a value outside float16's
 * normal range is redone through dq_col's exact rounding (K2). wbuf: as
 * wq_small_m's. */
KS_FN void KS_N(wq_cols)(const struct ks_wq *a, const float *X, int64_t ldx, const int M, float *C,
                         int64_t ldc, int64_t j0, int64_t nb, float *wbuf, int8_t *tmp)
{
    float out[2 * KS_WQ_ROWS];
    const bool f16 = a->rdt == DT_F16;
    const int64_t k = a->k;
#if KS_F16C
    /* QW2: x's rows de-interleaved by chunk, after wbuf's chunk */
    float *Xd = wbuf + (KS_WQ_CHUNK > nb ? KS_WQ_CHUNK : nb);
    const bool i4 = a->int4 && a->w_sk == 1;
    if (i4)
        for (int i = 0; i < M; i++)
            for (int64_t c = 0; c + 2 * KS_W <= k; c += 2 * KS_W)
                for (int l = 0; l < KS_W; l++) {
                    Xd[i * k + c + l] = X[i * ldx + c + 2 * l];
                    Xd[i * k + c + KS_W + l] = X[i * ldx + c + 2 * l + 1];
                }
#endif
    /* CN = 2 (QW1): two int8 columns in place share x's loads */
    const bool pairs = KS_W == 16 && M > 4 && !a->int4 && a->w_sk == 1;
    for (int64_t c = j0; c < j0 + nb; c++) {
        vi bad = {0};
        const int64_t idx = a->w_off + c * a->w_sn;
        int cn = 1;
#if KS_F16C
        if (i4 && !(idx & 1)) {
            const unsigned char *w4 = (const unsigned char *)a->w + idx / 2;
            if (f16)
                KS_N(wq_col_i4)(a, Xd, X, ldx, M, out, c, w4, true);
            else
                KS_N(wq_col_i4)(a, Xd, X, ldx, M, out, c, w4, false);
        } else
#endif
            if (pairs && c + 1 < j0 + nb) {
            const int8_t *w8 = (const int8_t *)a->w + idx, *w8b = w8 + a->w_sn;
            cn = 2;
            if (f16)
                KS_N(wq_col)(a, X, ldx, M, out, c, w8, w8b, 2, true, &bad);
            else
                KS_N(wq_col)(a, X, ldx, M, out, c, w8, w8b, 2, false, &bad);
        } else {
            const int8_t *w8 = KS_N(fetch)(a, idx, a->w_sk, k, tmp);
            if (f16)
                KS_N(wq_col)(a, X, ldx, M, out, c, w8, NULL, 1, true, &bad);
            else
                KS_N(wq_col)(a, X, ldx, M, out, c, w8, NULL, 1, false, &bad);
        }
        int any = 0;
        for (int l = 0; l < KS_W; l++)
            any |= bad[l];
        if (any && !KS_F16C && f16) { /* rare (the portable build: cn = 1) */
            for (int i = 0; i < M; i++)
                out[i] = 0;
            for (int64_t k0 = 0; k0 < k; k0 += KS_WQ_CHUNK) {
                const int64_t kb = k - k0 < KS_WQ_CHUNK ? k - k0 : KS_WQ_CHUNK;
                KS_N(dq_col)(a, wbuf, c, k0, kb, tmp);
                KS_N(dot_rows)(out, X + k0, ldx, M, wbuf, kb);
            }
        }
#pragma GCC unroll 8
        for (int i = 0; i < M; i++)
            C[i * ldc + c] = out[i];
        if (cn > 1) {
#pragma GCC unroll 8
            for (int i = 0; i < M; i++)
                C[i * ldc + c + 1] = out[M + i];
            c++;
        }
    }
}

/* wq_cols for each constant row count M (QW1), by M - 1. */
#define KS_WQ_FN(M)                                                                                \
    static KS_T void KS_N(wq_cols##M)(const struct ks_wq *a, const float *X, int64_t ldx,          \
                                      float *C, int64_t ldc, int64_t j0, int64_t nb, float *wbuf,  \
                                      int8_t *tmp)                                                 \
    {                                                                                              \
        KS_N(wq_cols)(a, X, ldx, M, C, ldc, j0, nb, wbuf, tmp);                                    \
    }
/* clang-format off */
KS_WQ_FN(1) KS_WQ_FN(2) KS_WQ_FN(3) KS_WQ_FN(4) KS_WQ_FN(5) KS_WQ_FN(6) KS_WQ_FN(7) KS_WQ_FN(8)
#undef KS_WQ_FN
static void (*const KS_N(wq_tab)[KS_WQ_ROWS])(const struct ks_wq *, const float *, int64_t,
                                              float *, int64_t, int64_t, int64_t, float *,
                                              int8_t *) = {
    KS_N(wq_cols1), KS_N(wq_cols2), KS_N(wq_cols3), KS_N(wq_cols4),
    KS_N(wq_cols5), KS_N(wq_cols6), KS_N(wq_cols7), KS_N(wq_cols8),
};
/* clang-format on */

static KS_T void KS_N(wq_small_m)(const struct ks_wq *a, const float *X, int64_t ldx, int64_t m,
                                  float *C, int64_t ldc, int64_t j0, int64_t nb, float *wbuf,
                                  int8_t *tmp)
{
    if (!ks_wq_kmajor(a)) { /* row-major weight: rows of C grow by axpy */
        for (int64_t i = 0; i < m; i++)
            memset(C + i * ldc + j0, 0, sizeof(float) * (size_t)nb);
        for (int64_t r = 0; r < a->k; r++) {
            KS_N(dq_row)(a, wbuf, r, j0, nb, tmp);
            for (int64_t i = 0; i < m; i++)
                KS_N(axpy)(C + i * ldc + j0, X[i * ldx + r], wbuf, nb);
        }
        return;
    }
    for (int64_t i0 = 0; i0 < m; i0 += KS_WQ_ROWS) { /* QW1: M a constant per case */
        const float *Xi = X + i0 * ldx;
        float *Ci = C + i0 * ldc;
        const int64_t mm = m - i0 < KS_WQ_ROWS ? m - i0 : KS_WQ_ROWS;
        KS_N(wq_tab)[mm - 1](a, Xi, ldx, Ci, ldc, j0, nb, wbuf, tmp);
    }
}

/* ---- attention (decode: few rows) ------------------------------------------------------------ */

/* KS_W keys / values from element i of a float32 row, or a float16 one
 * when H (the F16C builds only: ks_ops.kv_f16), and one element alone. */
KS_FN vf KS_N(ldkv)(const void *p, int64_t i, const bool H)
{
#if KS_W == 16
    if (H)
        return (vf)_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)((const uint16_t *)p + i)));
#elif KS_F16C
    if (H)
        return (vf)_mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)((const uint16_t *)p + i)));
#endif
    (void)H;
    return KS_N(ld)((const float *)p + i);
}

KS_FN float KS_N(sckv)(const void *p, int64_t i, const bool H)
{
#if KS_F16C
    if (H)
        return _cvtsh_ss(((const uint16_t *)p)[i]);
#endif
    (void)H;
    return ((const float *)p)[i];
}

#if KS_W == 16
/* hsum of a, b, c and d into r[0..3], the four side by side (simd.h
 * K11): the halves of 256 bits, then of 128 (lane i of each 128-bit
 * block: w_i = (v_i + v_i+8) + (v_i+4 + v_i+12)), then (w0 + w1) + (w2 +
 * w3): hsum's additions in hsum's order, so the same bits. */
KS_FN void KS_N(hsum4)(vf a, vf b, vf c, vf d, float *r)
{
    const __m512 A = (__m512)a, B = (__m512)b, C = (__m512)c, E = (__m512)d;
    const __m512 ab =
        _mm512_add_ps(_mm512_shuffle_f32x4(A, B, 0xee), _mm512_shuffle_f32x4(A, B, 0x44));
    const __m512 cd =
        _mm512_add_ps(_mm512_shuffle_f32x4(C, E, 0xee), _mm512_shuffle_f32x4(C, E, 0x44));
    /* block j of 128 bits: the w of a, b, c, d */
    __m512 w =
        _mm512_add_ps(_mm512_shuffle_f32x4(ab, cd, 0xdd), _mm512_shuffle_f32x4(ab, cd, 0x88));
    w = _mm512_add_ps(w, _mm512_permute_ps(w, 0xb1)); /* w0 + w1, w2 + w3 */
    w = _mm512_add_ps(w, _mm512_permute_ps(w, 0x4e)); /* their sum, at 0, 4, 8, 12 */
    _mm_storeu_ps(r, _mm512_castps512_ps128(_mm512_maskz_compress_ps(0x1111, w)));
}
#endif

/* rb (1..4) rows of Q against keys j < kn (H: float16 keys). */
KS_FN void KS_N(qk_rows)(float *S, int64_t lds, const float *Q, int64_t ldq, const int rb,
                         const void *K, int64_t ldk, int64_t kn, int64_t D, float scale,
                         const bool H)
{
    for (int64_t j = 0; j < kn; j++) {
        const int64_t k = j * ldk;
        vf a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};
        int64_t d = 0;
        for (; d + KS_W <= D; d += KS_W) {
            const vf kv = KS_N(ldkv)(K, k + d, H);
            a0 += KS_N(ld)(Q + d) * kv;
            if (rb > 1)
                a1 += KS_N(ld)(Q + ldq + d) * kv;
            if (rb > 2)
                a2 += KS_N(ld)(Q + 2 * ldq + d) * kv;
            if (rb > 3)
                a3 += KS_N(ld)(Q + 3 * ldq + d) * kv;
        }
        float hs[4];
#if KS_W == 16
        KS_N(hsum4)(a0, a1, a2, a3, hs); /* K11: hsum's order, four at once */
#else
        const vf acc[4] = {a0, a1, a2, a3};
        for (int t = 0; t < rb; t++)
            hs[t] = KS_N(hsum)(acc[t]);
#endif
        for (int t = 0; t < rb; t++) {
            float s = hs[t];
            for (int64_t e = d; e < D; e++)
                s += Q[t * ldq + e] * KS_N(sckv)(K, k + e, H);
            S[t * lds + j] = scale * s;
        }
    }
}

static KS_T void KS_N(qk)(float *S, int64_t lds, const float *Q, int64_t ldq, int64_t R,
                          const void *K, int64_t ldk, int64_t kn, int64_t D, float scale, bool h)
{
    for (int64_t r = 0; r < R; r += 4) {
        const int rb = R - r < 4 ? (int)(R - r) : 4;
        float *Sr = S + r * lds;
        const float *Qr = Q + r * ldq;
#define KS_QK(n)                                                                                   \
    if (h)                                                                                         \
        KS_N(qk_rows)(Sr, lds, Qr, ldq, n, K, ldk, kn, D, scale, true);                            \
    else                                                                                           \
        KS_N(qk_rows)(Sr, lds, Qr, ldq, n, K, ldk, kn, D, scale, false);                           \
    break;
        switch (rb) {
        case 4:
            KS_QK(4)
        case 3:
            KS_QK(3)
        case 2:
            KS_QK(2)
        default:
            KS_QK(1)
        }
#undef KS_QK
    }
}

/* simd.h K12: how many value rows ahead the first pass prefetches a whole
 * row (4 and 16 measured alike) */
#define KS_PV_AHEAD 8
/* rb (1..4) rows of O += P V over values j < kn (H: float16 values). */
KS_FN void KS_N(pv_rows)(float *O, int64_t ldo, const float *P, int64_t ldp, const int rb,
                         const void *V, int64_t ldv, int64_t kn, int64_t D, const bool H)
{
    int64_t d = 0;
#if KS_W == 16
    /* simd.h K12: four vectors of a value row a pass (two cache lines of
     * float16, 16 accumulators), each the same operations in the same
     * order as in two-vector passes */
    for (; d + 4 * KS_W <= D; d += 4 * KS_W) {
        vf a0[4], a1[4], a2[4], a3[4];
        for (int t = 0; t < rb; t++) {
            a0[t] = KS_N(ld)(O + t * ldo + d);
            a1[t] = KS_N(ld)(O + t * ldo + d + KS_W);
            a2[t] = KS_N(ld)(O + t * ldo + d + 2 * KS_W);
            a3[t] = KS_N(ld)(O + t * ldo + d + 3 * KS_W);
        }
        for (int64_t j = 0; j < kn; j++) {
            const int64_t o = j * ldv + d;
            if (d == 0 && j + KS_PV_AHEAD < kn) /* the whole row, for every pass */
                for (int64_t b = 0; b < D * (H ? 2 : 4); b += 64)
                    __builtin_prefetch((const char *)V + (o + KS_PV_AHEAD * ldv) * (H ? 2 : 4) + b,
                                       0, 3);
            const vf v0 = KS_N(ldkv)(V, o, H), v1 = KS_N(ldkv)(V, o + KS_W, H),
                     v2 = KS_N(ldkv)(V, o + 2 * KS_W, H), v3 = KS_N(ldkv)(V, o + 3 * KS_W, H);
            for (int t = 0; t < rb; t++) {
                const vf p = KS_N(bc)(P[t * ldp + j]);
                a0[t] += p * v0;
                a1[t] += p * v1;
                a2[t] += p * v2;
                a3[t] += p * v3;
            }
        }
        for (int t = 0; t < rb; t++) {
            KS_N(st)(O + t * ldo + d, a0[t]);
            KS_N(st)(O + t * ldo + d + KS_W, a1[t]);
            KS_N(st)(O + t * ldo + d + 2 * KS_W, a2[t]);
            KS_N(st)(O + t * ldo + d + 3 * KS_W, a3[t]);
        }
    }
#endif
    for (; d + 2 * KS_W <= D; d += 2 * KS_W) {
        vf a0[4], a1[4];
        for (int t = 0; t < rb; t++) {
            a0[t] = KS_N(ld)(O + t * ldo + d);
            a1[t] = KS_N(ld)(O + t * ldo + d + KS_W);
        }
        for (int64_t j = 0; j < kn; j++) {
            const vf v0 = KS_N(ldkv)(V, j * ldv + d, H), v1 = KS_N(ldkv)(V, j * ldv + d + KS_W, H);
            for (int t = 0; t < rb; t++) {
                const vf p = KS_N(bc)(P[t * ldp + j]);
                a0[t] += p * v0;
                a1[t] += p * v1;
            }
        }
        for (int t = 0; t < rb; t++) {
            KS_N(st)(O + t * ldo + d, a0[t]);
            KS_N(st)(O + t * ldo + d + KS_W, a1[t]);
        }
    }
    for (; d < D; d++)
        for (int t = 0; t < rb; t++) {
            float s = O[t * ldo + d];
            for (int64_t j = 0; j < kn; j++)
                s += P[t * ldp + j] * KS_N(sckv)(V, j * ldv + d, H);
            O[t * ldo + d] = s;
        }
}

static KS_T void KS_N(pv)(float *O, int64_t ldo, const float *P, int64_t ldp, int64_t R,
                          const void *V, int64_t ldv, int64_t kn, int64_t D, bool h)
{
    for (int64_t r = 0; r < R; r += 4) {
        const int rb = R - r < 4 ? (int)(R - r) : 4;
        float *Or = O + r * ldo;
        const float *Pr = P + r * ldp;
#define KS_PV(n)                                                                                   \
    if (h)                                                                                         \
        KS_N(pv_rows)(Or, ldo, Pr, ldp, n, V, ldv, kn, D, true);                                   \
    else                                                                                           \
        KS_N(pv_rows)(Or, ldo, Pr, ldp, n, V, ldv, kn, D, false);                                  \
    break;
        switch (rb) {
        case 4:
            KS_PV(4)
        case 3:
            KS_PV(3)
        case 2:
            KS_PV(2)
        default:
            KS_PV(1)
        }
#undef KS_PV
    }
}

/* exp of KS_W lanes (K3): Cephes' expf reduction and polynomial. The
 * AVX-512 build (K6) rounds n = x log2(e) to nearest with vrndscaleps and
 * scales by 2^n with vscalefps: the same reduction, polynomial, limits and
 * NaN / -inf results in about half the instructions. */
KS_FN vf KS_N(vexp)(vf x)
{
#if KS_W == 16
    const __m512 v = (__m512)x;
    const __mmask16 tiny = _mm512_cmp_ps_mask(v, _mm512_set1_ps(-87.33654f), _CMP_LT_OQ);
    const __mmask16 nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
    /* (min / max give the second operand for a NaN lane: replaced below) */
    __m512 xc = _mm512_max_ps(_mm512_min_ps(v, _mm512_set1_ps(88.0f)), _mm512_set1_ps(-87.33654f));
    const __m512 n = _mm512_roundscale_ps(_mm512_mul_ps(xc, _mm512_set1_ps(1.44269504088896341f)),
                                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693359375f), xc);
    r = _mm512_fnmadd_ps(n, _mm512_set1_ps(-2.12194440e-4f), r);
    const __m512 z = _mm512_mul_ps(r, r);
    __m512 y = _mm512_set1_ps(1.9875691500e-4f);
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(1.3981999507e-3f));
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(8.3334519073e-3f));
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(4.1665795894e-2f));
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(1.6666665459e-1f));
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(5.0000001201e-1f));
    y = _mm512_add_ps(_mm512_fmadd_ps(y, z, r), _mm512_set1_ps(1.0f));
    y = _mm512_maskz_scalef_ps((__mmask16)~tiny, y, n);
    return (vf)_mm512_mask_mov_ps(y, nan, v);
#else
    const vi tiny = (vi)(x < KS_N(bc)(-87.33654f)), nan = (vi)(x != x);
    vf xc = KS_N(sel)(tiny, KS_N(bc)(-87.33654f), x);
    xc = KS_N(sel)((vi)(xc > KS_N(bc)(88.0f)), KS_N(bc)(88.0f), xc); /* 2^n stays finite */
    vf fx = xc * 1.44269504088896341f + 0.5f;
    vi n = __builtin_convertvector(fx, vi); /* truncation, then floor */
    vf nf = __builtin_convertvector(n, vf);
    const vi over = (vi)(nf > fx);
    n += over; /* over is -1 where truncation rounded up */
    nf = __builtin_convertvector(n, vf);
    vf r = xc - nf * 0.693359375f;
    r = r - nf * -2.12194440e-4f;
    const vf z = r * r;
    vf y = KS_N(bc)(1.9875691500e-4f);
    y = y * r + 1.3981999507e-3f;
    y = y * r + 8.3334519073e-3f;
    y = y * r + 4.1665795894e-2f;
    y = y * r + 1.6666665459e-1f;
    y = y * r + 5.0000001201e-1f;
    y = y * z + r + 1.0f;
    const vf p2 = (vf)((n + 127) << 23);
    y = y * p2;
    y = KS_N(sel)(tiny, KS_N(bc)(0.0f), y);
    return KS_N(sel)(nan, x, y);
#endif
}

/* exp_sum_to's last steps: src[i..n) through one padded vector into dst, then
 * the sum of acc's lanes. */
KS_FN float KS_N(exp_end)(float *dst, const float *src, int64_t i, int64_t n, vf vm, vf acc)
{
    if (i < n) { /* the tail through one padded vector */
        float t[KS_W];
        for (int l = 0; l < KS_W; l++)
            t[l] = i + l < n ? src[i + l] : -INFINITY;
        const vf e = KS_N(vexp)(KS_N(ld)(t) - vm);
        for (int l = 0; i + l < n; l++)
            dst[i + l] = e[l];
        acc += e;
    }
    return KS_N(hsum)(acc);
}

static KS_T float KS_N(exp_sum_to)(float *dst, const float *src, int64_t n, float mx,
                                   const float *pf)
{
    const vf vm = KS_N(bc)(mx);
    vf acc = {0};
    int64_t i = 0;
    if (pf) /* K6: the next row's line per vector of this row's exp (a line = 16 floats) */
        for (; i + KS_W <= n; i += KS_W) {
            if (!(i & 15))
                __builtin_prefetch(pf + i, 0, 3);
            const vf e = KS_N(vexp)(KS_N(ld)(src + i) - vm);
            KS_N(st)(dst + i, e);
            acc += e;
        }
    for (; i + KS_W <= n; i += KS_W) {
        const vf e = KS_N(vexp)(KS_N(ld)(src + i) - vm);
        KS_N(st)(dst + i, e);
        acc += e;
    }
    return KS_N(exp_end)(dst, src, i, n, vm, acc);
}

static KS_T float KS_N(exp_sum)(float *row, int64_t n, float mx)
{
    return KS_N(exp_sum_to)(row, row, n, mx, NULL);
}

/* row_max's last steps: the lanes of mx in order, then row[i..n) (NaN ignored). */
KS_FN float KS_N(max_end)(vf mx, const float *row, int64_t i, int64_t n)
{
    float m = -INFINITY;
    for (int l = 0; l < KS_W; l++)
        m = mx[l] > m ? mx[l] : m;
    for (; i < n; i++)
        m = row[i] > m ? row[i] : m;
    return m;
}

static KS_T float KS_N(row_max)(const float *row, int64_t n)
{
    vf mx = KS_N(bc)(-INFINITY);
    int64_t i = 0;
    for (; i + KS_W <= n; i += KS_W) {
        const vf v = KS_N(ld)(row + i);
        mx = KS_N(sel)((vi)(v > mx), v, mx);
    }
    return KS_N(max_end)(mx, row, i, n);
}

/* GELU, erf form (K7): x Phi(x), Phi(x) = erfc(-x / sqrt 2) / 2, erfc(t) for
 * t = |x| / sqrt 2 as exp(-t^2) P(q) / (1 + 2t), q = (t - 2) / (t + 2) in [-1, 0.67]
 * for t in [0, 10.5] (beyond, erfc(t) < 1e-46: 0 in float32). P: a degree-11
 * polynomial fitted (weighted least squares, Chebyshev nodes) to
 * (1 + 2t) e^(t^2) erfc(t); in float32 within 1.3e-7 of it. t^2 = x^2 / 2 is split
 * into its rounded value and the rounding error (an FMA; the portable build has
 * none and drops it: 1 ulp of t^2 relative in exp, 7e-7 at t = 3.5). No cancellation:
 * for x < 0, Phi = erfc / 2 directly; for x >= 0, 1 - erfc / 2 >= 1/2. NaN stays
 * NaN, +inf gives +inf, -inf NaN (-inf x 0, as x erfc(inf) / 2 gives). */
KS_FN vf KS_N(vgelu_erf)(vf x)
{
    const vf z = x * 0.70710678118654752f;
    vf t = (vf)((vu)z & 0x7fffffffu);
    t = KS_N(sel)((vi)(t < KS_N(bc)(10.5f)), t, KS_N(bc)(10.5f)); /* NaN lanes: 10.5 (x keeps NaN) */
    /* one division for both quotients: q = (t - 2) / (t + 2) and 1 / (1 + 2t) */
    const vf u = 1.0f + 2.0f * t, w = t + 2.0f;
    const vf rw = 1.0f / (w * u);
    const vf q = (t - 2.0f) * u * rw;
    vf p = KS_N(bc)(8.789300045464188e-05f);
    p = p * q + 1.8305638513993472e-04f;
    p = p * q + -4.065455577801913e-04f;
    p = p * q + -1.4371185097843409e-03f;
    p = p * q + 1.252626650966704e-03f;
    p = p * q + 8.71608592569828e-03f;
    p = p * q + -8.030194789171219e-03f;
    p = p * q + -5.42190857231617e-02f;
    p = p * q + 1.6405092179775238e-01f;
    p = p * q + -1.6603043675422668e-01f;
    p = p * q + -9.276381880044937e-02f;
    p = p * q + 1.2769783735275269f;
    /* t^2 = x^2 / 2 from x itself (t carries the rounding of x / sqrt 2, which
     * exp would magnify t^2 times) */
    const vf xc = KS_N(sel)((vi)(t < KS_N(bc)(10.5f)), x, KS_N(bc)(14.849242f));
    const vf x2 = xc * xc;
#if KS_W == 16
    const vf lo = (vf)_mm512_fmsub_ps((__m512)xc, (__m512)xc, (__m512)x2) * 0.5f;
#elif KS_F16C
    const vf lo = (vf)_mm256_fmsub_ps((__m256)xc, (__m256)xc, (__m256)x2) * 0.5f;
#else
    const vf lo = {0};
#endif
    const vf hi = x2 * 0.5f;
    const vf erfc = KS_N(vexp)(-hi) * (1.0f - lo) * (p * (w * rw));
    const vf half = erfc * 0.5f;
    return x * KS_N(sel)((vi)(x < KS_N(bc)(0.0f)), half, 1.0f - half);
}

static KS_T void KS_N(gelu_erf)(float *y, const float *x, int64_t n)
{
    int64_t i = 0;
    for (; i + 2 * KS_W <= n; i += 2 * KS_W) { /* two independent chains in flight */
        const vf a = KS_N(vgelu_erf)(KS_N(ld)(x + i)), b = KS_N(vgelu_erf)(KS_N(ld)(x + i + KS_W));
        KS_N(st)(y + i, a);
        KS_N(st)(y + i + KS_W, b);
    }
    for (; i + KS_W <= n; i += KS_W)
        KS_N(st)(y + i, KS_N(vgelu_erf)(KS_N(ld)(x + i)));
    if (i < n) { /* the tail through one padded vector */
        float t[KS_W] = {0};
        for (int l = 0; i + l < n; l++)
            t[l] = x[i + l];
        const vf g = KS_N(vgelu_erf)(KS_N(ld)(t));
        for (int l = 0; i + l < n; l++)
            y[i + l] = g[l];
    }
}

static KS_T void KS_N(scale)(float *x, int64_t n, float a)
{
    const vf va = KS_N(bc)(a);
    int64_t i = 0;
    for (; i + KS_W <= n; i += KS_W)
        KS_N(st)(x + i, KS_N(ld)(x + i) * va);
    for (; i < n; i++)
        x[i] *= a;
}

/* sum_body's step of four vectors at x + i into a[0..3] (norm_next_body's too). */
KS_FN void KS_N(sum_step4)(vf *a, const float *x, int64_t i, vf vm, const bool sq)
{
    const vf d0 = KS_N(ld)(x + i) - vm, d1 = KS_N(ld)(x + i + KS_W) - vm;
    const vf d2 = KS_N(ld)(x + i + 2 * KS_W) - vm, d3 = KS_N(ld)(x + i + 3 * KS_W) - vm;
    a[0] += sq ? d0 * d0 : d0;
    a[1] += sq ? d1 * d1 : d1;
    a[2] += sq ? d2 * d2 : d2;
    a[3] += sq ? d3 * d3 : d3;
}

/* K5: sum of x - m (sq: of its squares) over [0, n): float32 vector lanes
 * (four vectors) within KS_SUM_CHUNK elements, each chunk's horizontal sum
 * added in double. sq and m = 0 give the plain sum of squares exactly as
 * sum of x * x. */
KS_FN double KS_N(sum_body)(const float *x, int64_t n, float m, const bool sq)
{
    const vf vm = KS_N(bc)(m);
    double total = 0;
    for (int64_t c = 0; c < n; c += KS_SUM_CHUNK) {
        const int64_t e = n - c < KS_SUM_CHUNK ? n : c + KS_SUM_CHUNK;
        vf a[4] = {{0}, {0}, {0}, {0}};
        int64_t i = c;
        for (; i + 4 * KS_W <= e; i += 4 * KS_W)
            KS_N(sum_step4)(a, x, i, vm, sq);
        vf a0 = a[0];
        const vf a1 = a[1], a2 = a[2], a3 = a[3];
        for (; i + KS_W <= e; i += KS_W) {
            const vf d = KS_N(ld)(x + i) - vm;
            a0 += sq ? d * d : d;
        }
        float t = KS_N(hsum)((a0 + a1) + (a2 + a3));
        for (; i < e; i++) {
            const float d = x[i] - m;
            t += sq ? d * d : d;
        }
        total += t;
    }
    return total;
}

static KS_T double KS_N(sum)(const float *x, int64_t n)
{
    return KS_N(sum_body)(x, n, 0.0f, false);
}

static KS_T double KS_N(sum_sq)(const float *x, int64_t n, float m)
{
    return KS_N(sum_body)(x, n, m, true);
}

/* A store around the cache (p aligned to the vector) where the target has
 * one, else a plain store. */
KS_FN void KS_N(st_nt)(float *p, vf v)
{
#if KS_W == 16
    _mm512_stream_ps(p, (__m512)v);
#elif KS_F16C
    _mm256_stream_ps(p, (__m256)v);
#elif defined(__x86_64__)
    _mm_stream_ps(p, (__m128)v);
#else
    KS_N(st)(p, v);
#endif
}

KS_FN float KS_N(norm_one)(float x, float m, float rstd, const float *g, const float *b, int64_t i)
{
    float v = (x - m) * rstd;
    if (g)
        v *= g[i];
    if (b)
        v += b[i];
    return v;
}

/* A vector of norm_body at i: y = (x - m) * rstd, times g, plus b (each
 * when not NULL), stored around the cache with nt (norm_next_body's too:
 * the same code, so the same contractions into FMAs). */
KS_FN void KS_N(norm_vec)(float *y, const float *x, int64_t i, vf vm, vf vr, const float *g,
                          const float *b, const bool nt)
{
    vf v = (KS_N(ld)(x + i) - vm) * vr;
    if (g)
        v *= KS_N(ld)(g + i);
    if (b)
        v += KS_N(ld)(b + i);
    if (nt)
        KS_N(st_nt)(y + i, v);
    else
        KS_N(st)(y + i, v);
}

/* y = (x - m) * rstd, times g, plus b (each when not NULL); nt: the
 * aligned vectors of y stored around the cache. */
KS_FN void KS_N(norm_body)(float *y, const float *x, int64_t n, float m, float rstd, const float *g,
                           const float *b, const bool nt)
{
    const vf vm = KS_N(bc)(m), vr = KS_N(bc)(rstd);
    int64_t i = 0;
    if (nt) /* up to y's first vector boundary one by one */
        for (; i < n && ((uintptr_t)(y + i) & (KS_W * 4 - 1)); i++)
            y[i] = KS_N(norm_one)(x[i], m, rstd, g, b, i);
    for (; i + KS_W <= n; i += KS_W)
        KS_N(norm_vec)(y, x, i, vm, vr, g, b, nt);
    for (; i < n; i++)
        y[i] = KS_N(norm_one)(x[i], m, rstd, g, b, i);
}

/* F(g, b, nt) in the case of g and b (NULL or not) and nt, with g, b and nt
 * constants in each (a test per vector is not made, and each case's
 * contractions into FMAs are the same with nt and without: the same bits) */
#define KS_NORM_CASES(F)                                                                           \
    do {                                                                                           \
        if (g && b)                                                                                \
            nt ? F(g, b, true) : F(g, b, false);                                                   \
        else if (g)                                                                                \
            nt ? F(g, NULL, true) : F(g, NULL, false);                                             \
        else if (b)                                                                                \
            nt ? F(NULL, b, true) : F(NULL, b, false);                                             \
        else                                                                                       \
            nt ? F(NULL, NULL, true) : F(NULL, NULL, false);                                       \
    } while (0)

static KS_T void KS_N(norm_apply)(float *y, const float *x, int64_t n, float m, float rstd,
                                  const float *g, const float *b, bool nt)
{
#define KS_NA(G, B, NT) KS_N(norm_body)(y, x, n, m, rstd, G, B, NT)
    KS_NORM_CASES(KS_NA);
#undef KS_NA
}

/* ---- rows in a pipeline (K13: Softmax and the norms, rows read and written in place) ------- */

/* How far ahead of its loads softmax_step prefetches the next row (floats:
 * 4 KiB; past the row's end, what follows it, the next row when they are
 * contiguous; a prefetch never faults). */
#define KS_ROW_AHEAD 1024

/* Softmax's step (K13), op's vectors stored around the cache with NT, op
 * aligned to the vector then. */
KS_FN float KS_N(sm_body)(float *tc, const float *xc, int64_t n, float mc, const float *xn,
                          float *mn, float *op, const float *tp, float ip, const bool NT)
{
    const vf vm = KS_N(bc)(mc), vr = KS_N(bc)(ip), z = KS_N(bc)(0.0f);
    vf mx = KS_N(bc)(-INFINITY), acc = {0};
    int64_t i = 0;
    for (; i + KS_W <= n; i += KS_W) {
        if (!(i & 15)) /* a line per 16 floats */
            __builtin_prefetch(xn + i + KS_ROW_AHEAD, 0, 3);
        const vf v = KS_N(ld)(xn + i); /* row_max's */
        mx = KS_N(sel)((vi)(v > mx), v, mx);
        const vf e = KS_N(vexp)(KS_N(ld)(xc + i) - vm); /* exp_sum_to's */
        KS_N(st)(tc + i, e);
        acc += e;
        KS_N(norm_vec)(op, tp, i, z, vr, NULL, NULL, NT); /* norm_body's, m = 0 */
    }
    for (int64_t j = i; j < n; j++)
        op[j] = KS_N(norm_one)(tp[j], 0.0f, ip, NULL, NULL, j);
    *mn = KS_N(max_end)(mx, xn, i, n);
    return KS_N(exp_end)(tc, xc, i, n, vm, acc);
}

static KS_T float KS_N(softmax_step)(float *tc, const float *xc, int64_t n, float mc,
                                     const float *xn, float *mn, float *op, const float *tp,
                                     float ip, bool nt)
{
    if (!nt)
        return KS_N(sm_body)(tc, xc, n, mc, xn, mn, op, tp, ip, false);
    if (!((uintptr_t)op & (KS_W * 4 - 1)))
        return KS_N(sm_body)(tc, xc, n, mc, xn, mn, op, tp, ip, true);
    /* op off the vector: its head one by one, as norm_apply, in three passes */
    KS_N(norm_apply)(op, tp, n, 0.0f, ip, NULL, NULL, true);
    const float s = KS_N(exp_sum_to)(tc, xc, n, mc, xn);
    *mn = KS_N(row_max)(xn, n);
    return s;
}

/* norm_apply of x into y and, in the same pass, sum_body of the next row xn
 * (its sum, or with SQ its sum of squares) (K13); y aligned to the vector
 * with NT. */
KS_FN double KS_N(norm_next_body)(float *y, const float *x, int64_t n, float m, float rstd,
                                  const float *g, const float *b, const bool NT, const float *xn,
                                  const bool SQ)
{
    const vf vm = KS_N(bc)(m), vr = KS_N(bc)(rstd), z = KS_N(bc)(0.0f);
    double total = 0;
    for (int64_t c = 0; c < n; c += KS_SUM_CHUNK) {
        const int64_t e = n - c < KS_SUM_CHUNK ? n : c + KS_SUM_CHUNK;
        vf a[4] = {{0}, {0}, {0}, {0}};
        int64_t i = c;
        for (; i + 4 * KS_W <= e; i += 4 * KS_W) { /* sum_body's, m = 0 */
            KS_N(sum_step4)(a, xn, i, z, SQ);
            KS_N(norm_vec)(y, x, i, vm, vr, g, b, NT);
            KS_N(norm_vec)(y, x, i + KS_W, vm, vr, g, b, NT);
            KS_N(norm_vec)(y, x, i + 2 * KS_W, vm, vr, g, b, NT);
            KS_N(norm_vec)(y, x, i + 3 * KS_W, vm, vr, g, b, NT);
        }
        vf a0 = a[0];
        const vf a1 = a[1], a2 = a[2], a3 = a[3];
        for (; i + KS_W <= e; i += KS_W) {
            const vf d = KS_N(ld)(xn + i) - z;
            a0 += SQ ? d * d : d;
            KS_N(norm_vec)(y, x, i, vm, vr, g, b, NT);
        }
        float t = KS_N(hsum)((a0 + a1) + (a2 + a3));
        for (int64_t j = i; j < e; j++) {
            const float d = xn[j] - 0.0f;
            t += SQ ? d * d : d;
            y[j] = KS_N(norm_one)(x[j], m, rstd, g, b, j);
        }
        total += t;
    }
    return total;
}

static KS_T double KS_N(norm_apply_next)(float *y, const float *x, int64_t n, float m,
                                         float rstd, const float *g, const float *b, bool nt,
                                         const float *xn, bool sq)
{
    if (nt && ((uintptr_t)y & (KS_W * 4 - 1))) { /* y off the vector: two passes */
        KS_N(norm_apply)(y, x, n, m, rstd, g, b, true);
        return KS_N(sum_body)(xn, n, 0.0f, sq);
    }
    double r;
#define KS_NN(G, B, NT)                                                                            \
    (r = sq ? KS_N(norm_next_body)(y, x, n, m, rstd, G, B, NT, xn, true)                           \
            : KS_N(norm_next_body)(y, x, n, m, rstd, G, B, NT, xn, false))
    KS_NORM_CASES(KS_NN);
#undef KS_NN
    return r;
}

/* Orders the stores around the cache before what follows (the block's
 * completion, which publishes them to other threads). */
static KS_T void KS_N(st_fence)(void)
{
#if defined(__x86_64__)
    _mm_sfence();
#endif
}

/* ---- float weights for small m (Mm / Matmul / BatchMatMul decode) --------------------------- */

/*
 * HW1. The weight's kind (simd.h's KS_MV_*), a constant of every loop
 * below: its element type and whether the values are rounded to float16
 * first (cubeMathType USE_FP16 with a float32 or bfloat16 weight; a float16
 * weight is exact). The F16C builds convert in registers (vcvtph2ps for
 * float16, a zero extension and a shift for bfloat16, vcvtps2ph +
 * vcvtph2ps for the rounding: exact, ties to even, as ops_round_f32); the
 * portable build converts a chunk at a time through the engine's loaders
 * (mv_small_m's fallback) and rounds with ops_round_f32: the same values.
 */

#if KS_F16C
/* KS_W weights of kind WK from element i of p, as floats. */
KS_FN vf KS_N(ldwf)(const void *p, int64_t i, const int WK)
{
    vi bad = {0}; /* the F16C rounding is exact: never set */
    if (WK == KS_MV_F16)
        return KS_N(ldkv)(p, i, true);
    if (WK == KS_MV_BF16 || WK == KS_MV_BF16R) {
        const uint16_t *h = (const uint16_t *)p + i;
#if KS_W == 16
        const vf v = (vf)_mm512_slli_epi32(
            _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)h)), 16);
#else
        const vf v =
            (vf)_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)h)), 16);
#endif
        return WK == KS_MV_BF16R ? KS_N(rnd_f16)(v, &bad) : v;
    }
    const vf v = KS_N(ld)((const float *)p + i);
    return WK == KS_MV_F32R ? KS_N(rnd_f16)(v, &bad) : v;
}

/* One weight of kind WK, element i of p. */
KS_FN float KS_N(scwf)(const void *p, int64_t i, const int WK)
{
    float v;
    if (WK == KS_MV_F16)
        return _cvtsh_ss(((const uint16_t *)p)[i]);
    if (WK == KS_MV_BF16 || WK == KS_MV_BF16R) {
        const uint32_t u = (uint32_t)((const uint16_t *)p)[i] << 16;
        __builtin_memcpy(&v, &u, sizeof(v));
    } else {
        v = ((const float *)p)[i];
    }
    return WK == KS_MV_BF16R || WK == KS_MV_F32R
               ? _cvtsh_ss(_cvtss_sh(v, _MM_FROUND_TO_NEAREST_INT))
               : v;
}

#if KS_W == 16
/*
 * HW4. hsum of 16 vectors at once: lane 4 * (j % 4) + j / 4 of the result
 * is hsum(vj). Each level adds the same pairs of lanes as hsum's tree
 * (lanes l and l + 8, then l and l + 4 of those sums, then the pairs (0, 1)
 * and (2, 3), then the two halves), four vectors' worth per instruction:
 * 15 additions and 30 shuffles instead of 16 trees of extractions
 * (bit-identical to hsum: the same additions of the same operands). HW2's
 * column pairs (m > 4) reduce their 2 m sums so; for m <= 4, mv_cols
 * gathers the m vectors hsum would reduce of 16 / m columns (mv_col's acc)
 * and reduces them together, each plus its column's scalar tail as before.
 */
KS_FN vf KS_N(hsum16)(vf v0, vf v1, vf v2, vf v3, vf v4, vf v5, vf v6, vf v7, vf v8, vf v9,
                      vf v10, vf v11, vf v12, vf v13, vf v14, vf v15)
{
/* lanes l and l + 8 of a and b: a's sums in lanes 0-7, b's in 8-15 */
#define KS_H1(a, b)                                                                                \
    ((vf)_mm512_shuffle_f32x4((__m512)(a), (__m512)(b), 0x44) +                                    \
     (vf)_mm512_shuffle_f32x4((__m512)(a), (__m512)(b), 0xEE))
/* 128-bit chunks (0, 2) + (1, 3) of a and b: one vector's four sums a chunk */
#define KS_H2(a, b)                                                                                \
    ((vf)_mm512_shuffle_f32x4((__m512)(a), (__m512)(b), 0x88) +                                    \
     (vf)_mm512_shuffle_f32x4((__m512)(a), (__m512)(b), 0xDD))
/* lanes (0, 1) and (2, 3) of each chunk of a and b */
#define KS_H3(a, b)                                                                                \
    ((vf)_mm512_shuffle_ps((__m512)(a), (__m512)(b), 0x88) +                                       \
     (vf)_mm512_shuffle_ps((__m512)(a), (__m512)(b), 0xDD))
    const vf a = KS_H2(KS_H1(v0, v1), KS_H1(v2, v3)), b = KS_H2(KS_H1(v4, v5), KS_H1(v6, v7));
    const vf c = KS_H2(KS_H1(v8, v9), KS_H1(v10, v11));
    const vf d = KS_H2(KS_H1(v12, v13), KS_H1(v14, v15));
    return KS_H3(KS_H3(a, b), KS_H3(c, d));
#undef KS_H1
#undef KS_H2
#undef KS_H3
}
#endif

/*
 * HW2. Column c of a k-major weight (its k elements contiguous at w)
 * against rows i < M of X, as QW1 does for quantised weights: each weight
 * vector is loaded and converted once and multiplied into M accumulators
 * (two per row for M <= 4); CN = 2 (AVX-512, M > 4) takes the next column
 * (at w + sn elements) too, sharing x's loads, each column's sums the same
 * operations in the same order as alone (bit-identical). k's tail past the
 * last full vector is summed in scalar order. out[i] (and out[M + i]) get
 * the sums. Each step prefetches the weight's lines KS_MV_AHEAD bytes on:
 * the loads were stalled on the L3 without it.
 */
/* HW2's prefetch distance in bytes: measured against 1, 2 and 8 KiB on
 * ggml-shaped weights cycling through the L3 (docs/operator-kernels.md). */
#ifndef KS_MV_AHEAD
#define KS_MV_AHEAD 4096
#endif
/* HW5: bytes of x a chunk of k holds (the L1), and columns a block */
#define KS_MV_XBYTES 32768
#define KS_MV_CB 16
/*
 * HW5. x in the L1: AVX-512 pairs (m > 4) over a k whose m rows of x pass
 * KS_MV_XBYTES run a block of KS_MV_CB columns chunk of k by chunk (mv_cols),
 * each pair's accumulators kept between chunks (st). mv_part runs rows
 * [k0, k1) of the column (or pair) only, taking the accumulators from st
 * when k0 > 0 and leaving them there when k1 < k (then it does nothing
 * else); k0 and a k1 below k are multiples of 2 KS_W, so every accumulator
 * sees the same additions in the same order as in one pass over k
 * (bit-identical; ops_mm_decode's pairs against columns alone). Before, 8
 * rows of a k = 4096 x (128 KiB) were read from the L2 for every pair. st:
 * NULL for one pass.
 */
KS_FN void KS_N(mv_part)(const void *w, int64_t sn, int64_t k, const float *X, int64_t ldx,
                         const int M, const int CN, const int WK, float *out, vf *acc, int64_t k0,
                         int64_t k1, vf *st)
{
    const int64_t esz = WK == KS_MV_F32 || WK == KS_MV_F32R ? 4 : 2;
    const void *wb = (const char *)w + (CN > 1 ? sn * esz : 0);
    /* KS_FMA2: x0, x1 pinned in registers for AVX-512 pairs (36 loads a step
     * instead of 20 otherwise, and the loads bound the loop) */
    const bool pin = KS_W == 16 && CN > 1;
#define KS_DECL(i)                                                                                 \
    vf p##i = KS_N(bc)(0.0f), q##i = p##i;                                                         \
    if (st && k0 && M > i)                                                                         \
        p##i = st[2 * i], q##i = st[2 * i + 1];
    KS_ROWS(KS_DECL)
#undef KS_DECL
    int64_t r = k0;
    for (; r + 2 * KS_W <= k1; r += 2 * KS_W) {
        /* the weight's lines KS_MV_AHEAD bytes on (past the column's end: the
         * next column's, where the weight is contiguous) */
        for (int64_t b = 0; b < 2 * KS_W * esz; b += 64) {
            __builtin_prefetch((const char *)w + r * esz + b + KS_MV_AHEAD, 0, 3);
            if (CN > 1)
                __builtin_prefetch((const char *)wb + r * esz + b + KS_MV_AHEAD, 0, 3);
        }
        const vf f0 = KS_N(ldwf)(w, r, WK), f1 = KS_N(ldwf)(w, r + KS_W, WK);
        vf g0 = f0, g1 = f1;
        if (CN > 1) {
            g0 = KS_N(ldwf)(wb, r, WK);
            g1 = KS_N(ldwf)(wb, r + KS_W, WK);
        }
        KS_ROWS(KS_FMA2)
#undef KS_FMA2
    }
    if (k1 < k) { /* HW5: the accumulators kept for the next rows */
#define KS_KEEP(i)                                                                                 \
    if (M > i)                                                                                     \
        st[2 * i] = p##i, st[2 * i + 1] = q##i;
        KS_ROWS(KS_KEEP)
#undef KS_KEEP
        return;
    }
    if (r + KS_W <= k) {
        const vf f0 = KS_N(ldwf)(w, r, WK);
        const vf g0 = CN > 1 ? KS_N(ldwf)(wb, r, WK) : f0;
        KS_ROWS(KS_FMA1)
#undef KS_FMA1
        r += KS_W;
    }
    float tail[2 * KS_WQ_ROWS] = {0};
    for (; r < k; r++) { /* k's tail, in scalar order */
        const float t0 = KS_N(scwf)(w, r, WK), t1 = CN > 1 ? KS_N(scwf)(wb, r, WK) : 0.0f;
        for (int i = 0; i < M; i++) {
            tail[i] += t0 * X[i * ldx + r];
            if (CN > 1)
                tail[M + i] += t1 * X[i * ldx + r];
        }
    }
    const vf z = KS_N(bc)(0.0f);
    if (acc) { /* CN = 1: the vectors hsum would reduce, and the tails (HW4) */
#define KS_ACC(i)                                                                                  \
    if (M > i) {                                                                                   \
        acc[i] = p##i + (M > 4 ? z : q##i);                                                        \
        out[i] = tail[i];                                                                          \
    }
        KS_ROWS(KS_ACC)
#undef KS_ACC
        return;
    }
#if KS_W == 16
    if (CN > 1) { /* HW4: the 2 M sums at once */
        float s[16];
        KS_N(st)(s, KS_N(hsum16)(p0, p1, M > 2 ? p2 : z, M > 3 ? p3 : z, M > 4 ? p4 : z,
                                 M > 5 ? p5 : z, M > 6 ? p6 : z, M > 7 ? p7 : z, q0, q1,
                                 M > 2 ? q2 : z, M > 3 ? q3 : z, M > 4 ? q4 : z, M > 5 ? q5 : z,
                                 M > 6 ? q6 : z, M > 7 ? q7 : z));
        for (int i = 0; i < M; i++) {
            out[i] = s[4 * (i % 4) + i / 4] + tail[i];
            out[M + i] = s[4 * (i % 4) + i / 4 + 2] + tail[M + i];
        }
        return;
    }
#endif
#define KS_OUT(i)                                                                                  \
    if (M > i) {                                                                                   \
        out[i] = KS_N(hsum)(p##i + (CN > 1 || M > 4 ? z : q##i)) + tail[i];                        \
        if (CN > 1)                                                                                \
            out[M + i] = KS_N(hsum)(q##i + z) + tail[M + i];                                       \
    }
    KS_ROWS(KS_OUT)
#undef KS_OUT
}

KS_FN void KS_N(mv_col)(const void *w, int64_t sn, int64_t k, const float *X, int64_t ldx,
                        const int M, const int CN, const int WK, float *out, vf *acc)
{
    KS_N(mv_part)(w, sn, k, X, ldx, M, CN, WK, out, acc, 0, k, NULL);
}

/*
 * HW3. Columns [c, c + SV * KS_W) of a weight whose rows are contiguous
 * (row r at w + r * sk elements) against rows i < M of X: SV * M
 * accumulators in registers, one step per row of the weight (its SV
 * vectors loaded and converted once, each row of x broadcast); C gets the
 * sums. A column's sum is the same sequence of operations for SV = 1 and 2
 * (bit-identical).
 */
KS_FN void KS_N(mv_strip)(const void *w, int64_t sk, int64_t k, const float *X, int64_t ldx,
                          const int M, const int SV, const int WK, float *C, int64_t ldc)
{
#define KS_DECL(i) vf p##i = KS_N(bc)(0.0f), q##i = p##i;
    KS_ROWS(KS_DECL)
#undef KS_DECL
    for (int64_t r = 0; r < k; r++) {
        const vf f0 = KS_N(ldwf)(w, r * sk, WK);
        const vf f1 = SV > 1 ? KS_N(ldwf)(w, r * sk + KS_W, WK) : f0;
#define KS_FMA(i)                                                                                  \
    if (M > i) {                                                                                   \
        const vf xb = KS_N(bc)(X[i * ldx + r]);                                                    \
        p##i += f0 * xb;                                                                           \
        if (SV > 1)                                                                                \
            q##i += f1 * xb;                                                                       \
    }
        KS_ROWS(KS_FMA)
#undef KS_FMA
    }
#define KS_OUT(i)                                                                                  \
    if (M > i) {                                                                                   \
        KS_N(st)(C + i * ldc, p##i);                                                               \
        if (SV > 1)                                                                                \
            KS_N(st)(C + i * ldc + KS_W, q##i);                                                    \
    }
    KS_ROWS(KS_OUT)
#undef KS_OUT
}

/* Columns [0, nb) of the weight against M rows of X (HW2, HW3). */
KS_FN void KS_N(mv_cols)(const struct ks_mv *a, const float *X, int64_t ldx, const int M, float *C,
                         int64_t ldc, int64_t nb, const int WK)
{
    const int64_t k = a->k, sk = a->sk, sn = a->sn;
    const int64_t esz = WK == KS_MV_F32 || WK == KS_MV_F32R ? 4 : 2;
    const char *w = a->w;
    if (a->kmajor) {
        /* CN = 2 (HW2): two columns share x's loads */
        const bool pairs = KS_W == 16 && M > 4;
        float out[2 * KS_WQ_ROWS];
        int64_t c = 0;
#if KS_W == 16
        if (!pairs) { /* M <= 4: 16 / M columns' M sums at once (HW4) */
            const int G = 16 / M;
            const vf z = KS_N(bc)(0.0f);
            vf acc[16];
            float tl[16], s[16];
            for (; c + G <= nb; c += G) {
                for (int g = 0; g < G; g++)
                    KS_N(mv_col)(w + (c + g) * sn * esz, sn, k, X, ldx, M, 1, WK, tl + g * M,
                                 acc + g * M);
                for (int v = G * M; v < 16; v++)
                    acc[v] = z;
                KS_N(st)(s, KS_N(hsum16)(acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6],
                                         acc[7], acc[8], acc[9], acc[10], acc[11], acc[12],
                                         acc[13], acc[14], acc[15]));
                for (int g = 0; g < G; g++)
                    for (int i = 0; i < M; i++) {
                        const int v = g * M + i;
                        C[i * ldc + c + g] = s[4 * (v % 4) + v / 4] + tl[v];
                    }
            }
        }
        /* HW5: pairs over x's rows in chunks of KS_MV_XBYTES, a block of
         * KS_MV_CB columns at a time, so that x's chunk stays in the L1 */
        const int64_t KC = KS_MV_XBYTES / (4 * M) / (2 * KS_W) * (2 * KS_W);
        if (pairs && k > KC) {
            vf st[KS_MV_CB / 2][16];
            while (c + 1 < nb) {
                const int64_t np = (nb - c) / 2 < KS_MV_CB / 2 ? (nb - c) / 2 : KS_MV_CB / 2;
                for (int64_t k0 = 0; k0 < k; k0 += KC) {
                    const int64_t k1 = k - k0 <= KC ? k : k0 + KC;
                    for (int64_t j = 0; j < np; j++) {
                        const int64_t cj = c + 2 * j;
                        KS_N(mv_part)(w + cj * sn * esz, sn, k, X, ldx, M, 2, WK, out, NULL, k0, k1,
                                      st[j]);
                        if (k1 < k)
                            continue;
                        for (int i = 0; i < M; i++) {
                            C[i * ldc + cj] = out[i];
                            C[i * ldc + cj + 1] = out[M + i];
                        }
                    }
                }
                c += 2 * np;
            }
        }
#endif
        for (; c < nb; c++) {
            const char *wc = w + c * sn * esz;
            if (pairs && c + 1 < nb) {
                KS_N(mv_col)(wc, sn, k, X, ldx, M, 2, WK, out, NULL);
                for (int i = 0; i < M; i++) {
                    C[i * ldc + c] = out[i];
                    C[i * ldc + c + 1] = out[M + i];
                }
                c++;
            } else {
                KS_N(mv_col)(wc, sn, k, X, ldx, M, 1, WK, out, NULL);
                for (int i = 0; i < M; i++)
                    C[i * ldc + c] = out[i];
            }
        }
        return;
    }
    /* HW3: strips of two vectors where the accumulators fit the registers
     * (32 on AVX-512, 16 on AVX2), else one; the columns past the last full
     * vector in scalar order */
    const bool two = KS_W == 16 || M <= 4;
    int64_t c = 0;
    for (; two && c + 2 * KS_W <= nb; c += 2 * KS_W)
        KS_N(mv_strip)(w + c * esz, sk, k, X, ldx, M, 2, WK, C + c, ldc);
    for (; c + KS_W <= nb; c += KS_W)
        KS_N(mv_strip)(w + c * esz, sk, k, X, ldx, M, 1, WK, C + c, ldc);
    for (; c < nb; c++)
        for (int i = 0; i < M; i++) {
            float s = 0;
            for (int64_t r = 0; r < k; r++)
                s += X[i * ldx + r] * KS_N(scwf)(w, r * sk + c * sn, WK);
            C[i * ldc + c] = s;
        }
}

/* mv_cols for each constant row count M and kind, by M - 1 and kind. */
#define KS_MV_FN(M)                                                                                \
    static KS_T void KS_N(mv_cols##M)(const struct ks_mv *a, const float *X, int64_t ldx,          \
                                      float *C, int64_t ldc, int64_t nb, int wk)                   \
    {                                                                                              \
        switch (wk) {                                                                              \
        case KS_MV_F16:                                                                            \
            KS_N(mv_cols)(a, X, ldx, M, C, ldc, nb, KS_MV_F16);                                    \
            break;                                                                                 \
        case KS_MV_BF16:                                                                           \
            KS_N(mv_cols)(a, X, ldx, M, C, ldc, nb, KS_MV_BF16);                                   \
            break;                                                                                 \
        case KS_MV_BF16R:                                                                          \
            KS_N(mv_cols)(a, X, ldx, M, C, ldc, nb, KS_MV_BF16R);                                  \
            break;                                                                                 \
        case KS_MV_F32:                                                                            \
            KS_N(mv_cols)(a, X, ldx, M, C, ldc, nb, KS_MV_F32);                                    \
            break;                                                                                 \
        default:                                                                                   \
            KS_N(mv_cols)(a, X, ldx, M, C, ldc, nb, KS_MV_F32R);                                   \
            break;                                                                                 \
        }                                                                                          \
    }
/* clang-format off */
KS_MV_FN(1) KS_MV_FN(2) KS_MV_FN(3) KS_MV_FN(4) KS_MV_FN(5) KS_MV_FN(6) KS_MV_FN(7) KS_MV_FN(8)
#undef KS_MV_FN
static void (*const KS_N(mv_tab)[KS_WQ_ROWS])(const struct ks_mv *, const float *, int64_t,
                                              float *, int64_t, int64_t, int) = {
    KS_N(mv_cols1), KS_N(mv_cols2), KS_N(mv_cols3), KS_N(mv_cols4),
    KS_N(mv_cols5), KS_N(mv_cols6), KS_N(mv_cols7), KS_N(mv_cols8),
};
/* clang-format on */
#endif

static KS_T void KS_N(mv_small_m)(const struct ks_mv *a, const float *X, int64_t ldx, int64_t m,
                                  float *C, int64_t ldc, int64_t nb, float *wbuf)
{
#if KS_F16C
    (void)wbuf;
    const bool r16 = a->r16 && a->dt != DT_F16;
    const int wk = a->dt == DT_F16    ? KS_MV_F16
                   : a->dt == DT_BF16 ? (r16 ? KS_MV_BF16R : KS_MV_BF16)
                                      : (r16 ? KS_MV_F32R : KS_MV_F32);
    for (int64_t i0 = 0; i0 < m; i0 += KS_WQ_ROWS) {
        const int64_t mm = m - i0 < KS_WQ_ROWS ? m - i0 : KS_WQ_ROWS;
        KS_N(mv_tab)[mm - 1](a, X + i0 * ldx, ldx, C + i0 * ldc, ldc, nb, wk);
    }
#else
    /* HW1's fallback: a chunk of the weight converted through the engine's
     * loader (and rounded), then dotted (k-major) or added into C's rows */
    const ops_load_fn ld = ops_loader(CK_F32, a->dt);
    const int64_t esz = ops_dt_size(a->dt), k = a->k;
    const bool r16 = a->r16 && a->dt != DT_F16;
    const char *w = a->w;
    if (a->kmajor) {
        for (int64_t c = 0; c < nb; c++) {
            float out[KS_WQ_SMALL_M] = {0};
            for (int64_t k0 = 0; k0 < k; k0 += KS_WQ_CHUNK) {
                const int64_t kb = k - k0 < KS_WQ_CHUNK ? k - k0 : KS_WQ_CHUNK;
                ld(wbuf, w + (c * a->sn + k0 * a->sk) * esz, a->sk * esz, kb);
                if (r16)
                    ops_round_f32(wbuf, kb, DT_F16);
                for (int64_t i0 = 0; i0 < m; i0 += KS_WQ_SMALL_M) {
                    const int64_t mm = m - i0 < KS_WQ_SMALL_M ? m - i0 : KS_WQ_SMALL_M;
                    KS_N(dot_rows)(out + i0, X + i0 * ldx + k0, ldx, mm, wbuf, kb);
                }
            }
            for (int64_t i = 0; i < m; i++)
                C[i * ldc + c] = out[i];
        }
        return;
    }
    for (int64_t i = 0; i < m; i++)
        memset(C + i * ldc, 0, sizeof(float) * (size_t)nb);
    for (int64_t r = 0; r < k; r++) {
        ld(wbuf, w + r * a->sk * esz, a->sn * esz, nb);
        if (r16)
            ops_round_f32(wbuf, nb, DT_F16);
        for (int64_t i = 0; i < m; i++)
            KS_N(axpy)(C + i * ldc, X[i * ldx + r], wbuf, nb);
    }
#endif
}

/* ---- int8 rows times one scale a row (K8: the elementwise engine's EW5) ------------------ */

/* Scales r < rows at sc + r * ss bytes, of type sdt (DT_F32, DT_F16, DT_BF16), as floats
 * into f: contiguous float16 ones eight at a time by F16C, the rest one by one (the values
 * of the engine's loaders). */
KS_FN void KS_N(dq_scales)(float *f, const char *sc, int64_t ss, int sdt, int64_t rows)
{
    int64_t r = 0;
#if KS_F16C
    if (sdt == DT_F16 && ss == 2)
        for (; r + 8 <= rows; r += 8)
            _mm256_storeu_ps(f + r,
                             _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(sc + r * 2))));
#endif
    for (; r < rows; r++) {
        const char *p = sc + r * ss;
        if (sdt == DT_F32) {
            __builtin_memcpy(f + r, p, 4);
        } else {
            uint16_t h;
            __builtin_memcpy(&h, p, 2);
            f[r] = sdt == DT_F16 ? half_f16_to_f32(h) : half_bf16_to_f32(h);
        }
    }
}

/* y[r * n + i] = rnd(float(q[r * n + i]) * scale r) for r < rows, i < n, rnd
 * the rounding to rt (DT_F16, DT_BF16; anything else none). The product is
 * the float32 one of the engine's multiply kernel, and the F16C builds round
 * with the exact conversion round trip; the others (and bfloat16 in every
 * build) round a row at a time with ops_round_f32: the values are the
 * generic path's in every build. */
KS_FN void KS_N(dq_body)(float *y, const int8_t *q, int64_t n, int64_t rows, const float *sc,
                         const bool f16)
{
    for (int64_t r = 0; r < rows; r++, q += n, y += n) {
        const vf s = KS_N(bc)(sc[r]);
        int64_t i = 0;
        for (; i + KS_W <= n; i += KS_W) {
            vf v = KS_N(ld_i8)(q + i) * s;
#if KS_F16C
            if (f16)
                v = KS_N(rnd_f16)(v, NULL);
#endif
            KS_N(st)(y + i, v);
        }
        for (; i < n; i++)
            y[i] = (float)q[i] * sc[r];
#if KS_F16C
        if (f16 && (n % KS_W))
            ops_round_f32(y + n - n % KS_W, n % KS_W, DT_F16);
#else
        if (f16)
            ops_round_f32(y, n, DT_F16);
#endif
    }
}

static KS_T void KS_N(dq_i8_rows)(float *y, const int8_t *q, int64_t n, int64_t rows,
                                  const void *sc, int64_t ss, int sdt, int rt)
{
    float f[KS_DQ_ROWS];
    for (int64_t r0 = 0; r0 < rows; r0 += KS_DQ_ROWS) {
        const int64_t m = rows - r0 < KS_DQ_ROWS ? rows - r0 : KS_DQ_ROWS;
        float *yr = y + r0 * n;
        KS_N(dq_scales)(f, (const char *)sc + r0 * ss, ss, sdt, m);
        if (rt == DT_F16) {
            KS_N(dq_body)(yr, q + r0 * n, n, m, f, true);
            continue;
        }
        KS_N(dq_body)(yr, q + r0 * n, n, m, f, false);
        if (rt == DT_BF16)
            ops_round_f32(yr, n * m, DT_BF16);
    }
}

/* ---- rotary position embedding rows (K9: ops/attention/rope.c RP7) ---------------------- */

/* One float32 row of D elements, mode 0 (half) or 1 (interleave), as
 * rope.c's scalar rope_row computes it: y = x * c -/+ rotate(x) * s. y may
 * be x (each vector of y is stored after the vectors of x it reads). */
static KS_T void KS_N(rope_row)(int mode, int64_t D, float *y, const float *x, const float *c,
                                const float *s)
{
    int64_t i = 0;
    if (mode == 0) {
        const int64_t h = D / 2;
        for (; i + KS_W <= h; i += KS_W) {
            const vf a = KS_N(ld)(x + i), b = KS_N(ld)(x + i + h);
            const vf lo = a * KS_N(ld)(c + i) - b * KS_N(ld)(s + i);
            const vf hi = b * KS_N(ld)(c + i + h) + a * KS_N(ld)(s + i + h);
            KS_N(st)(y + i, lo);
            KS_N(st)(y + i + h, hi);
        }
        for (; i < h; i++) {
            const float a = x[i], b = x[i + h];
            y[i] = a * c[i] - b * s[i];
            y[i + h] = b * c[i + h] + a * s[i + h];
        }
        return;
    }
    /* interleave: lane pairs (even, odd) swap for the rotated term; the
     * even lane subtracts it */
    vi sg;
    for (int l = 0; l < KS_W; l++)
        sg[l] = (l & 1) ? 0 : (int32_t)0x80000000u;
    for (; i + KS_W <= D; i += KS_W) {
        const vf a = KS_N(ld)(x + i);
#if KS_W == 16 /* __builtin_shufflevector: GCC 12 and clang (above) */
        const vf p = __builtin_shufflevector(a, a, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15,
                                             14);
#elif KS_W == 8
        const vf p = __builtin_shufflevector(a, a, 1, 0, 3, 2, 5, 4, 7, 6);
#else
        const vf p = __builtin_shufflevector(a, a, 1, 0, 3, 2);
#endif
        const vf r = (vf)((vi)p ^ sg);
        KS_N(st)(y + i, a * KS_N(ld)(c + i) + r * KS_N(ld)(s + i));
    }
    for (; i < D; i += 2) {
        const float a = x[i], b = x[i + 1];
        y[i] = a * c[i] - b * s[i];
        y[i + 1] = b * c[i + 1] + a * s[i + 1];
    }
}

/* ---- float16 to float32 around the cache (K10: a large Cast, ew.c EW6) -------------------- */

static KS_T void KS_N(f16_nt)(float *y, const uint16_t *h, int64_t n)
{
    int64_t i = 0;
    /* up to y's first vector boundary one by one */
    for (; i < n && ((uintptr_t)(y + i) & (KS_W * 4 - 1)); i++)
        y[i] = half_f16_to_f32(h[i]);
#if KS_F16C
    for (; i + KS_W <= n; i += KS_W)
        KS_N(st_nt)(y + i, KS_N(ldkv)(h, i, true));
#endif
    for (; i < n; i++)
        y[i] = half_f16_to_f32(h[i]);
}

static const struct ks_ops KS_N(ks_ops) = {
    .wq_dequant = KS_N(wq_dequant),
    .wq_small_m = KS_N(wq_small_m),
    .mv_small_m = KS_N(mv_small_m),
    .qk = KS_N(qk),
    .pv = KS_N(pv),
    .exp_sum = KS_N(exp_sum),
    .exp_sum_to = KS_N(exp_sum_to),
    .row_max = KS_N(row_max),
    .scale = KS_N(scale),
    .gelu_erf = KS_N(gelu_erf),
    .sum = KS_N(sum),
    .sum_sq = KS_N(sum_sq),
    .norm_apply = KS_N(norm_apply),
    .softmax_step = KS_N(softmax_step),
    .norm_apply_next = KS_N(norm_apply_next),
    .st_fence = KS_N(st_fence),
    .dq_i8_rows = KS_N(dq_i8_rows),
    .rope_row = KS_N(rope_row),
    .f16_nt = KS_N(f16_nt),
    .kv_f16 = KS_F16C,
};

#undef KS_FN
#undef KS_WQ_ROWS
#undef KS_ROWS
#undef vf
#undef vi
#undef vu
#undef vc
#undef KS_T
#undef KS_N
#undef KS_F16C
#undef KS_W
