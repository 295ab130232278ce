/* SPDX-License-Identifier: Apache-2.0 */
/*
 * WeightQuantBatchMatmulV2's decode kernel with native float16 arithmetic
 * (quant_decode.h; issue 31). The operator's numerics are those of the
 * general path (quant_matmul.c QM1, ops/engine/simd.h K2): each weight is
 * dequantised to w * scale in float32 and rounded to float16, then
 * multiplied by x in float32. x is not quantised: a product with x rounded
 * to int8 per group, as ggml-cpu computes Q8_0, would move every output by
 * x's quantisation error, which CANN documents for no mode of V2 (only V3's
 * innerPrecise = 1, for A16W4 on the NPU, trades precision for speed).
 *
 *  QD1. With no offset, w * scale of an int8 (or int4) w and a float16
 *       scale has at most 8 + 11 significant bits: exact in float32, so its
 *       rounding to float16 is one rounding of the exact product, which is
 *       what AVX512-FP16's vmulph computes from w converted to float16
 *       (exact: |w| <= 128) and the scale (round to nearest even; the
 *       FP16 instructions keep subnormals whatever MXCSR says; overflow
 *       gives inf, NaN stays NaN). Per 32 int8 weights: a sign extension to
 *       words, a conversion, one multiply and two conversions to float32,
 *       against the general AVX-512 path's two conversions, two multiplies
 *       and two float16 round trips: the loop that was bound by these
 *       conversions now does half of them.
 *  QD2. Packed int4 by table (as simd_body_pvt.h QW2): a group's 16 values
 *       (nibble u holds (u ^ 8) - 8) times its scale, rounded by one vmulph
 *       and widened once; each 16 bytes of nibbles are looked up with two
 *       vpermps (low nibbles: the even elements; high: the odd ones), x
 *       read from a copy of its rows de-interleaved per 32 elements.
 *  QD3. Columns are independent and each column's sum is the same
 *       operations in the same order wherever it starts: bit-identical for
 *       any split of the columns (QM6). Two float32 accumulators per row of
 *       x (the two halves of each 32-element step), the groups in order,
 *       then a horizontal add; k's tail past the last 32 elements: int8 by
 *       masked loads (masked lanes are zero in both factors), int4 in
 *       scalar order after the vectors.
 *  QD5. Blocking for the L1 cache: x's rows are taken in chunks of k that
 *       fit 32 KiB (QD9), and a block of 16 columns runs chunk by chunk, each
 *       column's two accumulators per row kept in a small buffer between
 *       chunks (before, 8 rows of a k = 2048 x were 64 KiB, read again from
 *       the L2 for every column). The chunks depend only on k and m. From
 *       QD_PF_M rows a pass prefetches the next pass's columns (a stride of
 *       k bytes) a line per 64 bytes as it goes (QD7); below, none.
 *  QD6. From QD_SPLIT_M rows of x, an int8 chunk runs in two passes: its
 *       steps are dequantised (QD1) into a buffer of float16 values, then
 *       the FMA loop widens them with vcvtph2ps from memory. The fused step
 *       made each step's 2 M FMAs wait for a chain of about 25 cycles
 *       (load, sign extension, conversion, multiply, widening) and took an
 *       extract on the shuffle port; split, the dequantisation runs ahead
 *       and m = 8 took 14.7 cycles per 32 weights instead of 16.4 (the
 *       instructions' own bound, 16 FMAs and 5-8 conversions on the two
 *       vector ports, is about 12). The values and the order of the sums
 *       are the fused step's. int4's table lookups (QD2) were measured the
 *       same way (the widened values stored and reloaded): slower, not kept.
 *  QD7. Several columns a pass (QD_NC: 4 up to 2 rows of x, 2 up to 4,
 *       then 1; a block's last columns in passes of 2 or 1): each column
 *       keeps its own accumulators, scales and order of sums (QD3), so
 *       every output is the bits of the column alone; the pass shares x's
 *       loads and overlaps its columns' chains. The fused int8 step widens
 *       its upper 16 values by vcvtph2ps from a forwarded store (qd_hi),
 *       not an extract: 9 micro-ops on the two 512-bit ports per column
 *       and step (sign extension, conversion, multiply, two widenings of
 *       two, two FMAs), 3 of them only on the shuffle port: 4.5 cycles;
 *       the FMA latency (4 cycles a step per accumulator) does not bind
 *       once columns overlap. No hardware counters on this VM: counts are
 *       checked against synthetic loops of the same instructions (rdtsc).
 *       m = 8 int8 is 16 FMAs, 4 widening micro-ops and 3 of
 *       dequantisation per step (QD6): 11.5 cycles, where the kernel runs
 *       (a loop of 16 independent FMAs alone is 8). int4 at m = 8 is the
 *       same 16 FMAs for 16 bytes plus ~7 micro-ops of lookup (QD2): 8
 *       cycles per 16 bytes from the FMAs alone, half int8's bytes per
 *       cycle, which float x requires (QM9). The prefetch of the next
 *       column's whole chunk at once (65 lines at m = 1) was slower than
 *       none up to 2 rows (4 KiB columns streaming from the L3: 25%), and
 *       no better than a line at a time along the pass from 3 rows. The
 *       loops are aligned to 64 bytes: unaligned, the same code ran m = 8
 *       at 13.9 or 15.5 ticks per 32 weights with where the linker put it.
 *  QD8. Per call and pass: x is packed by vectors (masked loads for k's
 *       tail; int4's de-interleave by two vpermt2ps), where the element
 *       loop took about 2 ticks a float: at m = 8, k = 2048 that was 22%
 *       of a call of 64 columns (the block of a split launch, QM6) and
 *       2.5% of one of 2048. A pass's last chunk adds its sums up four at
 *       a time (qd_sum4, the order of _mm512_reduce_add_ps, so the bits
 *       of one column alone, which ops_quant_decode checks).
 *  QD9. Where m = 8 int8's time goes (perf annotate of qd_cols8 at k = n
 *       = 2048, ~13 ticks per 32 weights): the FMA loop 67% (~8.8 ticks,
 *       what a synthetic loop of its 16 FMAs and 2 widenings alone takes:
 *       at its bound: 16 FMAs are 8 cycles, and its 18 loads of 64 bytes
 *       at 2 a cycle 9), the dequantisation loop 17% (~2.2; alone ~2.0:
 *       its conversion and multiply both need port 0), the rest 15% per
 *       pass and chunk (the accumulators kept and reloaded, the setup, the
 *       column's final sums). A synthetic split loop with every one of
 *       these (weights streaming from the L3 included) ran ~10.5-11, so
 *       about 2 ticks remain outside the loops. The chunks of x are 32 KiB
 *       (48 KiB L1 caches on the CPUs with AVX512-FP16; before, 16):
 *       half the per-chunk cost, 1-3% by the minima of interleaved runs;
 *       after, 69% / 19% / 11% at ~12.6 ticks. A synthetic loop doing the
 *       next column's dequantisation inside this one's FMA loop (no
 *       store read back soon) ran 11.5-11.8 against the split's 10.4.
 *       Measured and not kept (interleaved, minima and medians, under
 *       load): the dequantisation inside the FMA loop one step ahead
 *       through a small ring of slots (synthetic: 12.8 against 10.4 for
 *       the split, with the slots placed off x's 4 KiB offsets too), two
 *       steps a turn of the dequantisation loop with one prefetch (+3%),
 *       the FMA loop unrolled twice (+1%), the buffer placed 2 KiB from
 *       the weights' 4 KiB offset against aliasing (0 to -3%, not
 *       clear), blocks of 8 columns (+5%), no prefetch (+10% at n = 2048).
 *       int4 m = 8 (QD2) is 16 FMAs per 32 weights plus ~7 lookup
 *       micro-ops: 11.5 cycles at 2 vector ports, measured ~13-13.5 ticks
 *       per 16 bytes; 16 FMAs alone take 8 cycles (8.7-10 ticks measured
 *       here, TSC 2.3 GHz, so the core runs at about 2.1 GHz under them):
 *       float x caps int4 m = 8 at 16 bytes per ~8.7 ticks, 4.2 GB/s,
 *       about 0.65x of a 6.5 GB/s memcpy, below the 0.8x goal whatever
 *       the lookup costs. int8 m = 8's bound is not its 16 FMAs alone
 *       (8 cycles per 32 weights): the sign extension, conversion and
 *       vmulph of QD1 and the two widenings share the FMAs' two ports,
 *       21 micro-ops, 10.5 cycles (~6.4 GB/s at 2.1 GHz, about 1.0x of
 *       memcpy here), and the FMA loop's 18 loads of 64 bytes a step take
 *       9 cycles; measured 13-15 ticks (fifteenth session: the FMA loop
 *       74%, the dequantisation 16.5%, the rest 9%). Two columns a pass
 *       at 8 rows would need 32 accumulators (QD3's two per row).
 *  QD10. Below QD_PF_M rows, int8 columns prefetch their own bytes 4 KiB
 *       ahead of the loads, a line per 64 bytes (as Mm's decode kernel,
 *       KS_MV_AHEAD): ggml's columns are contiguous, so that is the stream
 *       a pass or two on, which the hardware had not fetched from the L3
 *       in time. The ggml study's 29 decode-step products (12.8 M int8,
 *       L3-resident) went from ~5.5 to ~4.9 ticks per 32 weights (-11%,
 *       medians and minima of two interleaved runs of 21; 2 KiB ahead:
 *       -5%, 8 KiB: -8..-13%), k = n = 2048 at m = 1 -5%, m = 2 -7%.
 *       int4 at m = 1 was 6% slower with it: none there.
 *  QD4. Run-time choice (qd_available): AVX512-FP16 on the CPU and the
 *       AVX-512 build chosen by ops/engine/simd.c, checked once.
 *       CPUACL_SIMD=avx512 caps the choice below this kernel (the general
 *       AVX-512 path; the tests run it, and A/B measurements use it), as
 *       =avx2 and =portable cap ops/engine/simd.c's builds.
 */
/* O3; loops aligned to 64 bytes (QD7: their speed moved 10% with placement) */
#pragma GCC optimize("O3", "align-loops=64")
#include "ops/matmul/quant_decode.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/simd.h"

/* The AVX512-FP16 intrinsics: GCC 12 has them; clang 14 and 15 (the fuzzer's
 * build, tests/fuzz) do not: there the kernel is never available. */
#if defined(__x86_64__) && !defined(__clang__) && __GNUC__ >= 12
#include <immintrin.h>

#define QD_T __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512fp16,fma,f16c")))
#define QD_FN static inline __attribute__((always_inline)) QD_T

/* Named accumulators per row (arrays of vectors indexed in unrolled loops
 * are not always kept in registers). */
#define QD_ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)

/* QD6: rows of x from which int8 chunks are dequantised before their FMAs
 * (below, the fused step is as fast: its FMAs are few) */
#define QD_SPLIT_M 3

/* QD7: columns a pass by rows of x (the accumulators, 2 M per column, fit
 * the 32 registers up to 16), and from which rows the next pass's columns
 * are prefetched */
#define QD_NC(M) ((M) <= 2 ? 4 : (M) <= 4 ? 2 : 1)
#define QD_PF_M 3
/* QD10: how far ahead of its loads a column of int8 below QD_PF_M rows
 * prefetches (bytes) */
#define QD_AHEAD 4096

/* The float16 scale at s, in every lane. */
QD_FN __m512h qd_bcast(const uint16_t *s)
{
    return _mm512_castsi512_ph(_mm512_set1_epi16((short)*s));
}

/* a times the float16 scale at s in every lane, rounded to float16: vmulph
 * with the scale broadcast from memory ({1to32}: a load, where a broadcast
 * from a register takes the shuffle port every step with G32). */
QD_FN __m512h qd_mul_bc(__m512h a, const uint16_t *s)
{
    __m512h r;
    __asm__("vmulph %2%{1to32%}, %1, %0" : "=v"(r) : "v"(a), "m"(*s));
    return r;
}

/* One weight value v (int8 range) times the float16 scale s, rounded to
 * float16 (QD1, the scalar tail). */
QD_FN float qd_one(int v, uint16_t s)
{
    _Float16 h;
    memcpy(&h, &s, sizeof(h));
    return (float)(_Float16)((float)v * (float)h);
}

/* A group's 16 int4 values U times the float16 scale at s, rounded to
 * float16 and widened (QD2). */
QD_FN __m512 qd_tab4(__m256h U, const uint16_t *s)
{
    __m256h th; /* the scale broadcast from memory, as qd_mul_bc */
    __asm__("vmulph %2%{1to16%}, %1, %0" : "=v"(th) : "v"(U), "m"(*s));
    return _mm512_cvtph_ps(_mm256_castph_si256(th));
}

/* 32 int8 weights at p times the float16 scale vs (or the one at sp, when
 * not NULL), rounded to float16 (QD1); lanes outside mk are zero. */
QD_FN __m512i qd_i8h(const int8_t *p, __m512h vs, const uint16_t *sp, __mmask32 mk)
{
    const __m256i b = mk == (__mmask32)~0u ? _mm256_loadu_si256((const __m256i *)p)
                                           : _mm256_maskz_loadu_epi8(mk, p);
    const __m512h wh = _mm512_cvtepi16_ph(_mm512_cvtepi8_epi16(b));
    return _mm512_castph_si512(sp ? qd_mul_bc(wh, sp) : _mm512_mul_ph(wh, vs));
}

/* Room for a step's 32 float16 values (qd_hi). */
struct qd_sf {
    __m256i lo, hi;
};

/* The upper 16 of the float16 values h widened, through b: stored, and
 * the upper half converted by vcvtph2ps from memory (QD7: the store and
 * the load take no vector port, where the extract took the shuffle port
 * that also widens and sign-extends; the store is forwarded). */
QD_FN __m512 qd_hi(__m512i h, struct qd_sf *b)
{
    __m512 r;
    __asm__ volatile("vmovdqa64 %2, %1\n\tvcvtph2ps %3, %0"
                     : "=v"(r), "=m"(*b)
                     : "v"(h), "m"(b->hi));
    return r;
}

/* qd_i8h widened into f0 (elements 0..15) and f1 (16..31) (the tail). */
QD_FN void qd_i8(const int8_t *p, __m512h vs, __mmask32 mk, __m512 *f0, __m512 *f1)
{
    const __m512i h = qd_i8h(p, vs, NULL, mk);
    *f0 = _mm512_maskz_cvtph_ps((__mmask16)mk, _mm512_castsi512_si256(h));
    *f1 = _mm512_maskz_cvtph_ps((__mmask16)(mk >> 16), _mm512_extracti64x4_epi64(h, 1));
}

/* The sums of the 16 lanes of a, b, c and d into r[0..3], each added in
 * the order of _mm512_reduce_add_ps (halves of 256 bits, of 128, then
 * elements 2 apart, then 1: QD3), the four side by side: 6 shuffles, 5
 * adds and a compress where four reductions take 8 extracts, 4 shuffles
 * and 16 adds (QD8). */
QD_FN void qd_sum4(__m512 a, __m512 b, __m512 c, __m512 d, float *r)
{
    /* halves of 256: a and b's 8-lane sums side by side, and c and d's */
    const __m512 ab =
        _mm512_add_ps(_mm512_shuffle_f32x4(a, b, 0xee), _mm512_shuffle_f32x4(a, b, 0x44));
    const __m512 cd =
        _mm512_add_ps(_mm512_shuffle_f32x4(c, d, 0xee), _mm512_shuffle_f32x4(c, d, 0x44));
    /* halves of 128: lane j of 128 bits holds the 4-lane sums of a, b, c, d */
    __m512 t =
        _mm512_add_ps(_mm512_shuffle_f32x4(ab, cd, 0xdd), _mm512_shuffle_f32x4(ab, cd, 0x88));
    t = _mm512_add_ps(t, _mm512_permute_ps(t, 0x4e)); /* elements 2 apart */
    t = _mm512_add_ps(t, _mm512_permute_ps(t, 0xb1)); /* 1 apart: the sums at 0, 4, 8, 12 */
    _mm_storeu_ps(r, _mm512_castps512_ps128(_mm512_maskz_compress_ps(0x1111, t)));
}

/* Per column c (0..3) of a pass and row i: accumulators p<c>_<i>, q<c>_<i>. */
#define QD_CR(X, i) X(0, i) X(1, i) X(2, i) X(3, i)
#define QD_ALL(X)                                                                                  \
    QD_CR(X, 0) QD_CR(X, 1) QD_CR(X, 2) QD_CR(X, 3) QD_CR(X, 4) QD_CR(X, 5) QD_CR(X, 6) QD_CR(X, 7)

/* The accumulators (two per row of x and column, QD3): zero, or where the
 * last chunk left them (QD5). */
#define QD_DECL(c, i)                                                                              \
    __m512 p##c##_##i = _mm512_setzero_ps(), q##c##_##i = p##c##_##i;                              \
    if (NC > c && M > i && !first) {                                                               \
        p##c##_##i = _mm512_load_ps(st + 256 * c + 32 * i);                                        \
        q##c##_##i = _mm512_load_ps(st + 256 * c + 32 * i + 16);                                   \
    }
/* Both halves of a step of column c into row i's sums (x in xa, xb). */
#define QD_FMA1(c, i)                                                                              \
    if (NC > c) {                                                                                  \
        p##c##_##i = _mm512_fmadd_ps(f0[c], xa, p##c##_##i);                                       \
        q##c##_##i = _mm512_fmadd_ps(f1[c], xb, q##c##_##i);                                       \
    }
/* A step into every row's sums of every column, x from the packed chunk
 * (each load shared by the pass's columns). */
#define QD_FMA(i)                                                                                  \
    if (M > i) {                                                                                   \
        const __m512 xa = _mm512_load_ps(xp + 32 * i), xb = _mm512_load_ps(xp + 32 * i + 16);      \
        QD_CR(QD_FMA1, i)                                                                          \
    }
/* The sums kept for the next chunk. */
#define QD_KEEP(c, i)                                                                              \
    if (NC > c && M > i) {                                                                         \
        _mm512_store_ps(st + 256 * c + 32 * i, p##c##_##i);                                        \
        _mm512_store_ps(st + 256 * c + 32 * i + 16, q##c##_##i);                                   \
    }
/* Last chunk: the pass's sums (at most 8: NC * M <= 8) in order, to be
 * added up four at a time (qd_sum4). */
#define QD_SUMV(c, i)                                                                              \
    if (NC > c && M > i)                                                                           \
        v[nv++] = _mm512_add_ps(p##c##_##i, q##c##_##i);
#define QD_OUT(c, i)                                                                               \
    if (NC > c && M > i) {                                                                         \
        out[8 * c + i] = sum[nv++] + tail[c][i];                                                   \
    }

/*
 * Rows [k0, k1) of the NC columns col .. col + NC - 1 (QD7; their int8
 * values from wv, or their packed int4 bytes, column c at wv + c * wsb
 * bytes) against M rows of x packed per step (xp: step t's 32 elements of
 * row i at xp[(t * M + i) * 32], int4's de-interleaved; QD5), xp already at
 * k0's step: column c's sums go on from st + 256 c (unless first) and are
 * left there, or, when last, added up into out[8 c + i]. g0: k0's group;
 * G32: groups of exactly 32 (ggml's), a scale per step and no count of
 * steps. wb: room for the chunk's dequantised weights (QD6). pf: the next
 * pass's first column (its columns wsb bytes apart, as these), prefetched
 * along this chunk, or NULL.
 */
QD_FN void qd_col(const struct qd_wq *a, const void *wv, int64_t wsb, const char *pf, int64_t col,
                  const float *X, int64_t ldx, const float *xp, const int M, const int NC,
                  int64_t k0, int64_t k1, int64_t g0, float *st, float *wb, bool first, bool last,
                  const bool I4, const bool G32, float *out)
{
    const int64_t k = a->k, G = a->group, sg = a->sc_sg;
    QD_ALL(QD_DECL)
    const uint16_t *s = a->sc + col * a->sc_sn + g0 * sg; /* column 0's scale */
    const int64_t ss = a->sc_sn;                          /* column c's: s + c * ss */
    /* steps of 32 left in the group (groups: multiples of 32, or all of k);
     * the next group's scale is read only when a step or the tail is in it
     * (after the last group there is none) */
    int64_t left = G >= k ? INT64_MAX : ((g0 + 1) * G - k0) / 32;
    const __m256h U = _mm256_setr_ph(0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1);
    __m512h vs[4];
    __m512 tab[4], f0[4], f1[4];
    struct qd_sf sf[4];
#pragma GCC unroll 4
    for (int c = 0; c < NC; c++) {
        vs[c] = qd_bcast(s + c * ss);
        tab[c] = I4 ? qd_tab4(U, s + c * ss) : _mm512_setzero_ps();
    }
    const int64_t ke = I4 && k1 == k ? k / 32 * 32 : k1; /* int4: the vector steps */
    const bool split = !I4 && M >= QD_SPLIT_M;
    /* QD6 (split): the chunk's steps dequantised first into wb (the float16
     * values, 64 bytes a step and column), then read by the FMA loop;
     * otherwise each step dequantised before its FMAs */
    int64_t r = k0;
    float *b = wb;
    for (; r + 32 <= ke; r += 32) {
        const uint16_t *sp = G32 ? s : NULL; /* G32: every step its own group */
        if (G32 && I4) {
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++)
                tab[c] = qd_tab4(U, s + c * ss);
        }
        s += G32 ? sg : 0;
        if (!G32 && !left) { /* this step starts the next group */
            s += sg;
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++) {
                if (I4)
                    tab[c] = qd_tab4(U, s + c * ss);
                else
                    vs[c] = qd_bcast(s + c * ss);
            }
            left = G / 32;
        }
        left--;
        if (pf && !(r & (I4 ? 96 : 32))) { /* every 64 bytes of a column */
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++)
                __builtin_prefetch(pf + c * wsb + (I4 ? r / 2 : r), 0, 3);
        }
        if (I4) {
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++) {
                const __m512i v = _mm512_cvtepu8_epi32(_mm_loadu_si128(
                    (const __m128i *)((const unsigned char *)wv + c * wsb + r / 2)));
                /* vpermps reads the index's low 4 bits: the byte is the low nibble's index */
                f0[c] = _mm512_permutexvar_ps(v, tab[c]);
                f1[c] = _mm512_permutexvar_ps(_mm512_srli_epi32(v, 4), tab[c]);
            }
        } else {
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++) {
                const __m512i h = qd_i8h((const int8_t *)wv + c * wsb + r, vs[c],
                                         sp ? sp + c * ss : NULL, (__mmask32)~0u);
                if (split) {
                    _mm512_store_si512(b + 16 * c, h);
                } else {
                    f0[c] = _mm512_cvtph_ps(_mm512_castsi512_si256(h));
                    f1[c] = qd_hi(h, &sf[c]);
                }
            }
            if (split) {
                b += 16 * NC;
                continue;
            }
        }
        QD_ROWS(QD_FMA)
        xp += 32 * M;
    }
    /* split: the FMAs, the weights widened by vcvtph2ps from wb (from
     * memory: no extract, and no chain from the weight's load within a step) */
    for (const float *e = b, *h = wb; split && h < e; h += 16 * NC, xp += 32 * M) {
#pragma GCC unroll 4
        for (int c = 0; c < NC; c++) {
            f0[c] = _mm512_cvtph_ps(_mm256_load_si256((const __m256i *)(h + 16 * c)));
            f1[c] = _mm512_cvtph_ps(_mm256_load_si256((const __m256i *)(h + 16 * c + 8)));
        }
        QD_ROWS(QD_FMA)
    }
    float tail[4][8] = {{0}};
    if (r < k1) { /* k's tail, in the last group (x is padded with zeros) */
        if (!G32 && !left)
            s += sg;
        if (I4) {
            for (int c = 0; c < NC; c++) {
                const unsigned char *w4 = (const unsigned char *)wv + c * wsb;
                for (int64_t t = r; t < k1; t++) {
                    const int nib = (t & 1) ? w4[t / 2] >> 4 : w4[t / 2] & 15;
                    const float v = qd_one((nib ^ 8) - 8, s[c * ss]);
                    for (int i = 0; i < M; i++)
                        tail[c][i] += v * X[i * ldx + t];
                }
            }
        } else {
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++)
                qd_i8((const int8_t *)wv + c * wsb + r, qd_bcast(s + c * ss),
                      (__mmask32)((1ull << (k1 - r)) - 1), &f0[c], &f1[c]);
            QD_ROWS(QD_FMA)
        }
    }
    if (!last) {
        QD_ALL(QD_KEEP)
        return;
    }
    __m512 v[8];
    float sum[8];
    int nv = 0;
    QD_ALL(QD_SUMV)
    if (nv == 1) {
        sum[0] = _mm512_reduce_add_ps(v[0]);
    } else {
        const __m512 z = _mm512_setzero_ps();
        qd_sum4(v[0], v[1], nv > 2 ? v[2] : z, nv > 3 ? v[3] : z, sum);
        if (nv > 4)
            qd_sum4(v[4], nv > 5 ? v[5] : z, nv > 6 ? v[6] : z, nv > 7 ? v[7] : z, sum + 4);
    }
    nv = 0;
    QD_ALL(QD_OUT)
}

/* QD5: x's rows in chunks of QD_XBYTES / (4 M) elements (a multiple of 32:
 * the chunk of x stays in the L1 cache while a block of QD_CB columns runs
 * over it), the columns' partial sums kept in st between chunks. The
 * chunks depend on k and M alone, so every column's sums are the same
 * operations wherever its block starts (QD3). */
#define QD_XBYTES 32768
#define QD_CB 16
/* QD6's weights of a pass, 2 bytes each, fit st's QD_XBYTES / 2 (the most
 * at 3 and 4 rows: their chunks are the longest split ones) */
_Static_assert(QD_NC(3) * (QD_XBYTES / 12 / 32 * 32) * 2 <= QD_XBYTES / 2 &&
                   QD_NC(4) * (QD_XBYTES / 16 / 32 * 32) * 2 <= QD_XBYTES / 2 &&
                   QD_NC(5) * (QD_XBYTES / 20 / 32 * 32) * 2 <= QD_XBYTES / 2 && QD_SPLIT_M >= 3,
               "quant_decode.c: QD6's buffer");

/* Columns [0, nb) against M rows of X, packed in Xp, NC columns a pass
 * (QD7; a block's last columns in passes of 2 or 1). st: QD_CB * 8 * 32
 * floats, 64-byte aligned, then QD_XBYTES / 2 bytes for NC chunks of
 * float16 weights (QD6: int8 from QD_SPLIT_M rows). */
QD_FN void qd_cols(const struct qd_wq *a, const float *X, int64_t ldx, const int M, const int NC,
                   float *C, int64_t ldc, int64_t nb, const float *Xp, float *st, const bool I4,
                   const bool G32)
{
    const int64_t k = a->k, G = a->group;
    const int64_t KC = QD_XBYTES / (4 * M) / 32 * 32;
    const int64_t wsb = I4 ? a->w_sn / 2 : a->w_sn; /* bytes from a column to the next */
    float *wb = st + QD_CB * 8 * 32;
    float out[4 * 8];
    for (int64_t c0 = 0; c0 < nb; c0 += QD_CB) {
        const int64_t ce = nb - c0 < QD_CB ? nb : c0 + QD_CB;
        for (int64_t k0 = 0; k0 < k; k0 += KC) {
            const int64_t k1 = k - k0 < KC ? k : k0 + KC, g0 = k0 / G;
            const bool first = k0 == 0, last = k1 == k;
            const float *xp = Xp + k0 * M;
            for (int64_t c = c0, n; c < ce; c += n) {
                n = ce - c >= NC ? NC : ce - c >= 2 && NC > 2 ? 2 : 1;
                const int64_t idx = a->w_off + c * a->w_sn;
                const void *wv = (const char *)a->w + (I4 ? idx / 2 : idx);
                /* the next pass's chunks (strides the hardware may not
                 * follow), a line at a time along this pass (QD7); int8
                 * below QD_PF_M rows, each column's own bytes QD_AHEAD
                 * ahead (QD10) */
                const char *pf = M >= QD_PF_M ? (c + n < ce ? (const char *)wv + n * wsb : NULL)
                                 : I4         ? NULL
                                              : (const char *)wv + QD_AHEAD;
                float *sc = st + (c - c0) * 8 * 32;
                if (n == NC)
                    qd_col(a, wv, wsb, pf, c, X, ldx, xp, M, NC, k0, k1, g0, sc, wb, first, last,
                           I4, G32, out);
                else if (n == 2)
                    qd_col(a, wv, wsb, pf, c, X, ldx, xp, M, 2, k0, k1, g0, sc, wb, first, last, I4,
                           G32, out);
                else
                    qd_col(a, wv, wsb, pf, c, X, ldx, xp, M, 1, k0, k1, g0, sc, wb, first, last, I4,
                           G32, out);
                if (last) {
                    for (int64_t j = 0; j < n; j++) {
#pragma GCC unroll 8
                        for (int i = 0; i < M; i++)
                            C[i * ldc + c + j] = out[j * 8 + i];
                    }
                }
            }
        }
    }
}

/* qd_cols for each row count M, weight kind and group kind, NC columns a
 * pass (QD7). */
#define QD_FN_M(M)                                                                                 \
    static QD_T void qd_cols##M(const struct qd_wq *a, const float *X, int64_t ldx, float *C,      \
                                int64_t ldc, int64_t nb, const float *Xp, float *st)               \
    {                                                                                              \
        const bool g32 = a->group == 32 && a->k > 32;                                              \
        if (a->int4 && g32)                                                                        \
            qd_cols(a, X, ldx, M, QD_NC(M), C, ldc, nb, Xp, st, true, true);                       \
        else if (a->int4)                                                                          \
            qd_cols(a, X, ldx, M, QD_NC(M), C, ldc, nb, Xp, st, true, false);                      \
        else if (g32)                                                                              \
            qd_cols(a, X, ldx, M, QD_NC(M), C, ldc, nb, Xp, st, false, true);                      \
        else                                                                                       \
            qd_cols(a, X, ldx, M, QD_NC(M), C, ldc, nb, Xp, st, false, false);                     \
    }
/* clang-format off */
QD_FN_M(1) QD_FN_M(2) QD_FN_M(3) QD_FN_M(4) QD_FN_M(5) QD_FN_M(6) QD_FN_M(7) QD_FN_M(8)
#undef QD_FN_M
static void (*const qd_tab[8])(const struct qd_wq *, const float *, int64_t, float *, int64_t,
                               int64_t, const float *, float *) = {
    qd_cols1, qd_cols2, qd_cols3, qd_cols4, qd_cols5, qd_cols6, qd_cols7, qd_cols8,
};
/* clang-format on */

bool qd_available(void)
{
    /* relaxed: every thread computes the same answer from the CPU and the
     * environment; 0 = not yet known, 1 = no, 2 = yes */
    static atomic_int known;
    int v = atomic_load_explicit(&known, memory_order_relaxed);
    if (!v) {
        __builtin_cpu_init();
        const char *e = getenv("CPUACL_SIMD");
        v = __builtin_cpu_supports("avx512fp16") && !strcmp(ks_name(), "avx512") &&
                    !(e && !strcmp(e, "avx512"))
                ? 2
                : 1;
        atomic_store_explicit(&known, v, memory_order_relaxed);
    }
    return v == 2;
}

/* QD5: x packed by steps of 32 (step t, row i at (t * m + i) * 32), k
 * padded with zeros to a step; int4's steps de-interleaved (QD2: the 16
 * evens, then the 16 odds). By vectors: element by element, packing took
 * about 2 ticks a float, 7% of a call at m = 1, k = 512. */
static QD_T void qd_pack(const float *X, int64_t ldx, int64_t m, int64_t k, bool int4, float *xp)
{
    const __m512i ev = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i od = _mm512_add_epi32(ev, _mm512_set1_epi32(1));
    for (int64_t t = 0; t * 32 < k; t++)
        for (int64_t i = 0; i < m; i++) {
            float *d = xp + (t * m + i) * 32;
            const float *x = X + i * ldx + t * 32;
            const int64_t n = k - t * 32 < 32 ? k - t * 32 : 32;
            const __mmask32 mk = (__mmask32)((1ull << n) - 1); /* the tail's lanes; zeros past */
            __m512 lo = _mm512_maskz_loadu_ps((__mmask16)mk, x),
                   hi = _mm512_maskz_loadu_ps((__mmask16)(mk >> 16), x + 16);
            if (int4 && n == 32) {
                const __m512 e = _mm512_permutex2var_ps(lo, ev, hi);
                hi = _mm512_permutex2var_ps(lo, od, hi), lo = e;
            }
            _mm512_store_ps(d, lo);
            _mm512_store_ps(d + 16, hi);
        }
}

void qd_small_m(const struct qd_wq *a, const float *X, int64_t ldx, int64_t m, float *C,
                int64_t ldc, int64_t nb, float *xp)
{
    qd_pack(X, ldx, m, a->k, a->int4, xp);
    float st[QD_CB * 8 * 32 + QD_XBYTES / 8] __attribute__((aligned(64)));
    qd_tab[m - 1](a, X, ldx, C, ldc, nb, xp, st);
}

#else /* not x86-64, or no AVX512-FP16 intrinsics: never available */

bool qd_available(void)
{
    return false;
}

void qd_small_m(const struct qd_wq *a, const float *X, int64_t ldx, int64_t m, float *C,
                int64_t ldc, int64_t nb, float *xd)
{
    (void)a, (void)X, (void)ldx, (void)m, (void)C, (void)ldc, (void)nb, (void)xd;
}

#endif
