/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Products of int8-quantised x with packed int4 weights: the numerics of
 * WeightQuantBatchMatmulV3's innerPrecise = 1 ("high performance") for
 * A16W4 per-group decode shapes (quant_int8x.h, quant_matmul.c QM7). CANN
 * documents the mode for exactly these calls (batchSize <= 16) with "some
 * loss of precision"; its NPU algorithm is not public, so cpuacl's is the
 * one ggml-cpu uses for Q4_0 x Q8_0 (x rounded to int8 per block, integer
 * dot products, one float scale per block), defined here exactly so that a
 * scalar program computes the same bits (tests/ops/ops_quant_int8x.c).
 * The exact mode (quant_matmul.c QM5/QM9, quant_decode.c) keeps x in float
 * and dequantises each weight: 16 float32 FMAs per 16 packed bytes at
 * m = 8 (quant_decode.c QD9), where here 2 integer vpdpbusd multiply 64
 * bytes by 64.
 *
 *  QX1. x's quantisation: per row i and group g (the antiquant group's
 *       elements of the row), amax = the largest |x|, sx = amax / 127 and
 *       iv = 127 / amax (float32 divisions), q = round-to-nearest-even(x *
 *       iv) (one float32 multiply: |x * iv| < 127.5, so |q| <= 127; a
 *       division per element took ~10 cycles a vector, and every block
 *       quantises), all q = 0 when amax = 0 (sx = 0). Every
 *       block of a split launch quantises the same x the same way
 *       (identical values, QM6). Non-finite x gives non-finite rows
 *       (unspecified beyond that).
 *  QX2. The integer part: the nibble u of weight v (QM3: v = (u ^ 8) - 8)
 *       enters vpdpbusd as the unsigned byte u ^ 8 against q as a signed
 *       byte, and the sums start from -8 * sum(q) of the group (computed with q):
 *       isum(i, g, j) = sum over the group of v * q, exact in int32
 *       (|isum| <= 8 * 127 * 65535 < 2^31), the same whatever the order.
 *  QX3. The float part, in this order for each row i and column j:
 *       acc = 0; for each group g in order: d = sw(g, j) * sx(i, g);
 *       acc = fma((float)isum, d, acc); with an antiquantOffset o,
 *       then acc = fma(o(g, j) * sw(g, j), xf(i, g), acc), xf the float32
 *       sum of the group's x (elements in order, one add each); y = acc
 *       (+ bias, QM2), rounded to y's type. Every product and sum is one
 *       IEEE float32 operation (fma: one rounding), so the result is a
 *       defined function of the inputs: any program doing these steps in
 *       this order gets the same bits, for any split of the columns.
 *       Against the exact mode, x's rounding moves a group's sum by at most
 *       sum |w(r) * sw| * sx / 2 (|x - q * sx| <= sx / 2 per element), plus
 *       the float32 roundings of both and the exact mode's float16 rounding
 *       of each dequantised weight.
 *  QX4. Lanes: a 512-bit vector holds 4 columns x 4 rows of x, lane
 *       (c, r) = 128-bit lane c, dword r. Per 32 elements of k, 16 bytes of
 *       each of 4 columns are loaded into the 4 lanes of 128 bits; each of
 *       the 4 dwords (8 nibbles) is broadcast within its 128 bits (vpshufd;
 *       QX9 makes these rotations) and vpdpbusd multiplies it with the
 *       same 8 elements of rows 0..3
 *       (x laid out by the quantisation so that one 16-byte broadcast from
 *       memory supplies them): lane (c, r) accumulates exactly
 *       isum(r, g, c), no horizontal sums. Per 64 weight bytes and 4 rows:
 *       8 vpdpbusd, 8 vpshufd, 3 inserts and 4 nibble operations (quant_
 *       decode.c's float path: 64 FMAs and ~28 lookups), into two
 *       accumulators per block of rows (even and odd dwords, added at the
 *       group's end: one chain of 8 vpdpbusd a step, 5 cycles each, had
 *       m = 8 at ~40 cycles a step; four chains measured 3-8% slower than
 *       two at m = 8 and 16). Used from 5 rows (QX7 below). Rows
 *       beyond m are zeros (q = 0, sx = 0), columns past the block's end
 *       repeat its first column (scales loaded as zero, results not
 *       stored).
 *  QX5. k's last 32 elements, when k is not a multiple of 32: the weight
 *       bytes by a masked load (nothing read past the column), x padded
 *       with q = 0 (any nibble there multiplies zero; the sum of q is that
 *       of the real elements).
 *  QX6. Run-time choice (qx_available): AVX512-VNNI and AVX512-BW/VL on the
 *       CPU and ops/engine/simd.c's AVX-512 build, CPUACL_SIMD unset (as
 *       quant_decode.c QD4: =avx512, =avx2 and =portable cap the choice
 *       below this kernel, so the exact mode runs), checked once. Elsewhere
 *       innerPrecise = 1 computes what 0 does.
 *  QX7. Up to 4 rows: lanes (c, s), column c's dword s as loaded, against
 *       the row's 16 bytes (x stored row by row) broadcast to the 4 lanes
 *       of 128 bits: 2 vpdpbusd per row and step, no vpshufd and no padded
 *       rows; at the group's end each row's 4 dwords are added within
 *       their 128 bits (a 4 x 4 transpose-and-add, or two shuffles for one
 *       row) into QX4's lanes (c, r), and the float steps are QX4's: the
 *       same integers, the same bits. m = 1 ran 0.7x of the exact kernel
 *       with QX4's padded rows, 1.04x this way (one worker).
 *  QX8. A pass's parameters are laid out once, before its steps: each
 *       group's 4 scales expanded to QX4's 16 lanes (q->pw; offsets times
 *       scales, QX3's o * sw, in q->po), from float32 or straight from the
 *       tensor's float16 (vcvtph2ps; quant_matmul.c QM7 then skips the
 *       general loader, ~7% of an m = 8 call), so a group's float step
 *       loads them where it took a masked load, a permute and their
 *       address arithmetic. Groups of 32 (ggml's) have no count of steps,
 *       and up to 8 rows two groups run a turn, each with its own sums,
 *       their steps side by side (the chains of one overlap the other's
 *       float steps; QX7's rows too, whose group ends add up the sums:
 *       m = 1..4 3-13% faster). The operations and their order are QX3's: the same
 *       bits. m = 8, k = n = 2048, group 32, one worker: ~10% faster.
 *  QX9. QX4's broadcasts are rotations: vector j of a step holds in row
 *       r's dword row r's dword (r + j) % 4 (the quantisation lays x out
 *       so), and vpdpbusd takes each column's 16 bytes rotated by j dwords
 *       within its 128 bits, so lane (c, r) still adds up exactly its
 *       column's and row's products over the 4 rotations (the same
 *       integers), and rotation 0 is the bytes as loaded: 6 vpshufd a step
 *       instead of 8 (m = 8: ~3%; m = 16 ~5%). QX2's u ^ 8 and each
 *       nibble's mask are one vpternlogd ((w & 0x0f) ^ 0x08; the high
 *       nibbles shifted first): 3 operations a step where 4 were (~3%).
 *  QX10. n-contiguous weights (CANN's own ND layout [k, n]: unit stride
 *       along n, columns 2 i and 2 i + 1 in one byte, rows at any even
 *       element stride; quant_matmul.c QM7): columns in the lanes. A step
 *       is 4 rows of k and 32 columns: each row's 16 bytes in a 128-bit
 *       lane, one vpermb makes dword j bytes j of the 4 rows, and QX9's
 *       vpternlogd splits the nibbles into two vectors, lane j column 2 j
 *       (low) and 2 j + 1 (high), each holding 4 k-values of its column;
 *       vpdpbusd against row i's 4 quantised values broadcast as a dword
 *       (x stored row by row, QX1's values) adds to lane j exactly its
 *       column's isum: no horizontal sums, 2 vpdpbusd per row and step,
 *       as QX4 at m = 8 (16 per 64 weight bytes). At each group's end the
 *       float steps are QX3's per lane (the scales laid out once per pass
 *       in the lanes' order, as QX8), so the bits are the k-major
 *       kernel's on the transposed weight (tests/ops/ops_quant_int8x.c).
 *       A pass is 128 columns (a 64-byte line of each row) as 4 sub-
 *       passes of 32, group by group, rows up to 8 and then 9..16 on the
 *       same lines: a pass of 32 columns through all of k read each line
 *       4 times from L2 (5.8 GB/s at every m); QX12 orders the passes.
 *       Needs AVX512-VBMI as well (qx_nc_available; elsewhere QX6's exact
 *       mode).
 *  QX11. k's last rows when k is not a multiple of 4 (QX10): the rows past
 *       k are zeros in the step's vector, never loaded, and x's q = 0
 *       there; columns past the block's end (n odd or not a multiple of
 *       32) are loaded by a byte mask (the last byte holds the last
 *       column, its other nibble is ignored), their lanes computed and
 *       not stored.
 *  QX12. QX10's walk through the weight: tiles of QX_NC_TILE (8) passes,
 *       each taking k in chunks of about QX_NC_ROWS (256) rows (whole
 *       groups) pass by pass, the float sums kept in the scratch between
 *       chunks (the same operations in the same order: QX3's bits), and
 *       each pass's first sub-pass prefetching the next pass's line of
 *       every row it reads (the same page, a pass ahead). One pass through
 *       all of k touched one line of every row, far apart (a page each
 *       when rows are 4 KiB): kernel alone, one thread, k = n = 8192 (32
 *       MiB, huge pages) m = 1 went 4.1 -> 8.6 GB/s (the k-major kernel
 *       7.3), m = 8 3.3 -> 4.4 (5.0); k = n = 2048 (in L2) m = 1 12.6 ->
 *       16.9 (12.8), m = 8 6.9 -> 8.6 (7.3), m = 16 4.3 -> 4.4 (4.5). A
 *       prefetch 32 rows ahead in the same pass had gained 10% in DRAM
 *       and lost 10-20% in L2.
 */
#pragma GCC optimize("O3")
#include "ops/matmul/quant_int8x.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/simd.h"

/* vpshufd's control rotating 4 dwords by j: dword i takes dword (i + j) % 4
 * (QX9) */
#define QX_ROT(j) ((j) % 4 | (((j) + 1) % 4) << 2 | (((j) + 2) % 4) << 4 | (((j) + 3) % 4) << 6)

/* Rows of x per vector (QX4) and the bytes of quantised x per 32 elements
 * and block of 4 rows: 2 halves (even, odd elements) x 4 dwords x 4 rows. */
#define QX_RB 4
#define QX_XB 128

/* QX12: rows of k a chunk (about: whole groups) and passes a tile */
#define QX_NC_ROWS 256
#define QX_NC_TILE 8

static int64_t qx_mp(int64_t m)
{
    return (m + QX_RB - 1) / QX_RB * QX_RB;
}

size_t qx_scratch_bytes(int64_t m, int64_t k, int64_t group)
{
    const int64_t mp = qx_mp(m), nt = (k + 31) / 32, ng = (k + group - 1) / group;
    /* xq, then sx, -8 sum(q) and xf per group and row, then 16 groups of
     * a pass's 4 columns' parameters and its scales and offsets expanded
     * (QX8: 16 floats per group; QX10: QX_NC_COLS), then QX12's float sums */
    return (size_t)(nt * (mp / QX_RB) * QX_XB + 3 * ng * mp * 4 + 64 * 4 + 2 * ng * 4 * QX_NC_COLS +
                    QX_NC_TILE * 4 * 16 * 32 * 4 + 128);
}

#if defined(__x86_64__)
#include <immintrin.h>

#define QX_T __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512vnni,f16c")))
#define QX_FN static inline __attribute__((always_inline)) QX_T
/* QX10's functions: QX_T and AVX512-VBMI (vpermb), apart so that nothing the
 * k-major kernel runs may use it (VNNI CPUs without VBMI exist) */
#if defined(__GNUC__) && !defined(__clang__)
/* GCC 12's partial redundancy elimination split the step loop's sums'
 * live ranges: ~8 vector moves and 4 stack round trips a step, without it
 * none (m = 8, 16 accumulators) */
#define QX_NOPRE __attribute__((optimize("no-tree-pre")))
#else
#define QX_NOPRE
#endif
#define QX_TN                                                                                      \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512vnni,avx512vbmi,f16c")))       \
    QX_NOPRE
#define QX_FNN static inline __attribute__((always_inline)) QX_TN

bool qx_available(void)
{
    /* relaxed: every thread computes the same answer from the CPU and the
     * environment; 0 = not yet known, 1 = no, 2 = yes */
    static atomic_int known;
    int v = atomic_load_explicit(&known, memory_order_relaxed);
    if (!v) {
        __builtin_cpu_init();
        v = __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw") &&
                    __builtin_cpu_supports("avx512vl") && !strcmp(ks_name(), "avx512") &&
                    !getenv("CPUACL_SIMD")
                ? 2
                : 1;
        atomic_store_explicit(&known, v, memory_order_relaxed);
    }
    return v == 2;
}

bool qx_nc_available(void)
{
    /* relaxed: as qx_available's */
    static atomic_int known;
    int v = atomic_load_explicit(&known, memory_order_relaxed);
    if (!v) {
        __builtin_cpu_init();
        v = qx_available() && __builtin_cpu_supports("avx512vbmi") ? 2 : 1;
        atomic_store_explicit(&known, v, memory_order_relaxed);
    }
    return v == 2;
}

/* The working arrays in the scratch (QX1): xq (QX4's layout: 32 elements
 * t, block of rows b, half h, dword s, row r at ((t * nrb + b) * 2 + h) *
 * 64 + s * 16 + r * 4), then per group g and row i (rows padded to 4):
 * sx, -8 sum(q) (the sums' start, QX2) and xf at [g * mp + i]. */
struct qx_x {
    int8_t *xq;
    float *sx, *xf;
    float *ps;      /* 16 groups of a pass's parameters side by side (qx_side) */
    float *pw, *po; /* QX8: a pass's scales, offsets times scales, [g][16] */
    float *fs;      /* QX12: a tile's passes' float sums between chunks */
    int32_t *qs8;
    int64_t mp, nrb, nt, ng;
};

/* QX1: rows [4 b, 4 b + 4) of X (those below m), group by group. */
static QX_T void qx_quant(const struct qx_wq *a, const float *X, int64_t ldx, int64_t m,
                          const struct qx_x *q, bool want_xf)
{
    const int64_t k = a->k, G = a->group;
    const __m512i ev = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i od = _mm512_add_epi32(ev, _mm512_set1_epi32(1));
    const __m512 absm = _mm512_castsi512_ps(_mm512_set1_epi32(0x7fffffff));
    for (int64_t b = 0; b < q->nrb; b++)
        for (int64_t g = 0; g < q->ng; g++) {
            const int64_t r0 = g * G, r1 = r0 + G < k ? r0 + G : k;
            float sx[QX_RB];
            __m512 iv[QX_RB];
            __m512i qs[QX_RB];
            for (int r = 0; r < QX_RB; r++) {
                const int64_t i = b * QX_RB + r;
                float amax = 0, xf = 0;
                if (i < m) {
                    __m512 mx = _mm512_setzero_ps();
                    for (int64_t e = r0; e < r1; e += 16) {
                        const __mmask16 mk =
                            r1 - e >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (r1 - e)) - 1);
                        mx = _mm512_max_ps(
                            mx, _mm512_and_ps(_mm512_maskz_loadu_ps(mk, X + i * ldx + e), absm));
                    }
                    amax = _mm512_reduce_max_ps(mx);
                    if (want_xf)
                        for (int64_t e = r0; e < r1; e++) /* in order (QX3) */
                            xf += X[i * ldx + e];
                }
                sx[r] = amax / 127.0f;
                /* amax = 0: every q = 0 (x * 0) */
                iv[r] = _mm512_set1_ps(amax > 0 ? 127.0f / amax : 0.0f);
                qs[r] = _mm512_setzero_si512();
                q->sx[g * q->mp + i] = sx[r];
                q->xf[g * q->mp + i] = xf;
            }
            for (int64_t t = r0 / 32; t * 32 < r1; t++) {
                __m128i h[2][QX_RB];
                const int64_t n = r1 - t * 32 < 32 ? r1 - t * 32 : 32;
                const __mmask32 mk = (__mmask32)((1ull << n) - 1); /* QX5: zeros past k */
                for (int r = 0; r < QX_RB; r++) {
                    const int64_t i = b * QX_RB + r;
                    if (i >= m) {
                        h[0][r] = h[1][r] = _mm_setzero_si128();
                        continue;
                    }
                    const float *x = X + i * ldx + t * 32;
                    const __m512 lo = _mm512_maskz_loadu_ps((__mmask16)mk, x),
                                 hi = _mm512_maskz_loadu_ps((__mmask16)(mk >> 16), x + 16);
                    /* the rounding a constant expression: clang's intrinsic needs one */
#define QX_RN (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
                    const __m512i qe = _mm512_cvt_roundps_epi32(
                        _mm512_mul_ps(_mm512_permutex2var_ps(lo, ev, hi), iv[r]), QX_RN);
                    const __m512i qo = _mm512_cvt_roundps_epi32(
                        _mm512_mul_ps(_mm512_permutex2var_ps(lo, od, hi), iv[r]), QX_RN);
#undef QX_RN
                    qs[r] = _mm512_add_epi32(qs[r], _mm512_add_epi32(qe, qo));
                    h[0][r] = _mm512_cvtepi32_epi8(qe);
                    h[1][r] = _mm512_cvtepi32_epi8(qo);
                }
                /* rows' dwords side by side, row r's rotated by r (QX9: vector j
                 * holds row r's dword (r + j) % 4 in dword r): a 4 x 4
                 * transpose of the rotated rows */
                __m128i *d = (__m128i *)(q->xq + (t * q->nrb + b) * QX_XB);
                if (q->nrb == 1) { /* QX7: row by row */
                    for (int r = 0; r < QX_RB; r++)
                        _mm_store_si128(d + 2 * r, h[0][r]),
                            _mm_store_si128(d + 2 * r + 1, h[1][r]);
                    continue;
                }
                for (int hf = 0; hf < 2; hf++) {
                    const __m128i r1 = _mm_shuffle_epi32(h[hf][1], QX_ROT(1)),
                                  r2 = _mm_shuffle_epi32(h[hf][2], QX_ROT(2)),
                                  r3 = _mm_shuffle_epi32(h[hf][3], QX_ROT(3));
                    const __m128i t0 = _mm_unpacklo_epi32(h[hf][0], r1),
                                  t1 = _mm_unpackhi_epi32(h[hf][0], r1),
                                  t2 = _mm_unpacklo_epi32(r2, r3), t3 = _mm_unpackhi_epi32(r2, r3);
                    _mm_store_si128(d + 4 * hf + 0, _mm_unpacklo_epi64(t0, t2));
                    _mm_store_si128(d + 4 * hf + 1, _mm_unpackhi_epi64(t0, t2));
                    _mm_store_si128(d + 4 * hf + 2, _mm_unpacklo_epi64(t1, t3));
                    _mm_store_si128(d + 4 * hf + 3, _mm_unpackhi_epi64(t1, t3));
                }
            }
            for (int r = 0; r < QX_RB; r++)
                q->qs8[g * q->mp + b * QX_RB + r] = -8 * _mm512_reduce_add_epi32(qs[r]);
        }
}

/* Per block of rows b (< NRB): integer sums s<b>, float sums f<b>. */
#define QX_B(X) X(0) X(1) X(2) X(3)

/* One 32-element step (QX4) of 4 columns w into the row blocks' integer
 * sums s0..s3, against the quantised x at xq (the step's first block). */
#define QX_STEP(P, w, xq)                                                                          \
    {                                                                                              \
        const __m512i lo_ = _mm512_ternarylogic_epi32(w, m4, f8, 0x6a),                            \
                      hi_ = _mm512_ternarylogic_epi32(_mm512_srli_epi16(w, 4), m4, f8, 0x6a);      \
        QX_DW(P, lo_, hi_, xq, 0, 0)                                                               \
        QX_DW(P, lo_, hi_, xq, 1, 1) QX_DW(P, lo_, hi_, xq, 2, 0) QX_DW(P, lo_, hi_, xq, 3, 1)     \
    }
/* Rotation S (QX9): each column's 16 bytes rotated by S dwords within each
 * 128 bits (vpshufd; none for S = 0), dword r (column c's dword (r + S) % 4)
 * against row r's same dword, for every block of rows; into accumulator A
 * of each (two
 * chains: vpdpbusd's latency, ~5 cycles, made one chain per block of rows
 * take 8 of them a step, 40 cycles at m = 8, where the ports' bound is
 * about 22) */
#define QX_DW(P, lo, hi, xq, S, A)                                                                 \
    {                                                                                              \
        const __m512i l_ = (S) ? _mm512_shuffle_epi32(lo, (_MM_PERM_ENUM)QX_ROT(S)) : (lo),        \
                      u_ = (S) ? _mm512_shuffle_epi32(hi, (_MM_PERM_ENUM)QX_ROT(S)) : (hi);        \
        QX_DP(P, 0, S, A, xq) QX_DP(P, 1, S, A, xq) QX_DP(P, 2, S, A, xq) QX_DP(P, 3, S, A, xq)    \
    }
#define QX_DP(P, b, S, A, xq)                                                                      \
    if (NRB > b) {                                                                                 \
        P##b##_##A = _mm512_dpbusd_epi32(                                                          \
            P##b##_##A, l_,                                                                        \
            _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)((xq) + b * QX_XB + (S)*16)))); \
        P##b##_##A = _mm512_dpbusd_epi32(P##b##_##A, u_,                                           \
                                         _mm512_broadcast_i32x4(_mm_load_si128(                    \
                                             (const __m128i *)((xq) + b * QX_XB + 64 + (S)*16)))); \
    }

/* A step's weights: 16 bytes at byte off of each of the 4 columns p[0..3], column c in
 * the 128-bit lane c (QX4); with mk, only the bytes mk selects, the rest 0 (QX5's tail). */
QX_FN __m512i qx_load4(const unsigned char *p0, const unsigned char *p1, const unsigned char *p2,
                       const unsigned char *p3, int64_t off)
{
    __m512i w = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(p0 + off)));
    w = _mm512_inserti32x4(w, _mm_loadu_si128((const __m128i *)(p1 + off)), 1);
    w = _mm512_inserti32x4(w, _mm_loadu_si128((const __m128i *)(p2 + off)), 2);
    return _mm512_inserti32x4(w, _mm_loadu_si128((const __m128i *)(p3 + off)), 3);
}

QX_FN __m512i qx_load4_tail(const unsigned char *p0, const unsigned char *p1,
                            const unsigned char *p2, const unsigned char *p3, int64_t off,
                            __mmask16 mk)
{
    __m512i w = _mm512_castsi128_si512(_mm_maskz_loadu_epi8(mk, p0 + off));
    w = _mm512_inserti32x4(w, _mm_maskz_loadu_epi8(mk, p1 + off), 1);
    w = _mm512_inserti32x4(w, _mm_maskz_loadu_epi8(mk, p2 + off), 2);
    return _mm512_inserti32x4(w, _mm_maskz_loadu_epi8(mk, p3 + off), 3);
}

/* Parameter i of p, float32 or float16 (QX8's scalar case). */
QX_FN float qx_par(const void *p, bool f16, int64_t i)
{
    return f16 ? _cvtsh_ss(((const uint16_t *)p)[i]) : ((const float *)p)[i];
}

/* The 4 columns' parameters of groups [g0, g0 + 16) side by side:
 * d[4 g + c] = column c's (p: each column's groups contiguous, columns sn
 * apart; nc columns, ng groups in all; float16 widened by vcvtph2ps). Two
 * rounds of vpermt2ps. */
QX_FN void qx_side(const void *p, bool f16, int64_t sn, int nc, int64_t g0, int64_t ng, float *d)
{
    const __mmask16 gm = ng - g0 >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (ng - g0)) - 1);
    __m512 v[4];
    for (int c = 0; c < 4; c++)
        v[c] =
            c >= nc ? _mm512_setzero_ps()
            : f16 ? _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(gm, (const uint16_t *)p + c * sn + g0))
                  : _mm512_maskz_loadu_ps(gm, (const float *)p + c * sn + g0);
    const __m512i il = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23),
                  ih = _mm512_add_epi32(il, _mm512_set1_epi32(8));
    const __m512i jl = _mm512_setr_epi32(0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23),
                  jh = _mm512_add_epi32(jl, _mm512_set1_epi32(8));
    const __m512 t0 = _mm512_permutex2var_ps(v[0], il, v[1]), /* groups 0..7: c0, c1 */
        t1 = _mm512_permutex2var_ps(v[0], ih, v[1]),          /* 8..15 */
        t2 = _mm512_permutex2var_ps(v[2], il, v[3]), t3 = _mm512_permutex2var_ps(v[2], ih, v[3]);
    _mm512_storeu_ps(d, _mm512_permutex2var_ps(t0, jl, t2));
    _mm512_storeu_ps(d + 16, _mm512_permutex2var_ps(t0, jh, t2));
    _mm512_storeu_ps(d + 32, _mm512_permutex2var_ps(t1, jl, t3));
    _mm512_storeu_ps(d + 48, _mm512_permutex2var_ps(t1, jh, t3));
}

/* QX8: a pass's parameters p (scales or offsets; columns [0, nc) of a view
 * starting at the pass's first one) expanded to QX4's lanes: group g's
 * vector at d + 16 g, lane (c, r) column c's (zero past nc). tmp: room for
 * 16 groups side by side. */
QX_FN void qx_expand(const void *p, bool f16, int64_t sg, int64_t sn, int nc, int64_t ng,
                     float *tmp, float *d)
{
    /* lane (c, r) takes column c's value: element c of 4, in each row */
    const __m512i cq = _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    const __mmask8 cm = (__mmask8)((1u << nc) - 1);
    if (sn == 1) { /* rows of groups: the 4 columns side by side in place */
        for (int64_t g = 0; g < ng; g++) {
            const __m128 v =
                f16 ? _mm_cvtph_ps(_mm_maskz_loadu_epi16(cm, (const uint16_t *)p + g * sg))
                    : _mm_maskz_loadu_ps(cm, (const float *)p + g * sg);
            _mm512_store_ps(d + 16 * g, _mm512_permutexvar_ps(cq, _mm512_castps128_ps512(v)));
        }
    } else if (sg == 1) { /* each column's groups contiguous (ggml's transposed views) */
        for (int64_t g0 = 0; g0 < ng; g0 += 16) {
            qx_side(p, f16, sn, nc, g0, ng, tmp);
            for (int64_t g = g0; g < ng && g < g0 + 16; g++)
                _mm512_store_ps(d + 16 * g,
                                _mm512_permutexvar_ps(
                                    cq, _mm512_castps128_ps512(_mm_loadu_ps(tmp + 4 * (g - g0)))));
        }
    } else { /* any other strides, element by element */
        for (int64_t g = 0; g < ng; g++)
            for (int c = 0; c < 4; c++)
                for (int r = 0; r < QX_RB; r++)
                    d[16 * g + 4 * c + r] = c < nc ? qx_par(p, f16, g * sg + c * sn) : 0.0f;
    }
}

/* A pass of 4 columns from c0 (nc of them real): its columns' bytes p[c] (the
 * first one repeated past nc), and its parameters expanded (QX8): the scales
 * sw in q->pw, with offsets o their products o * sw (QX3's ow) in q->po. */
QX_FN void qx_pass(const struct qx_wq *a, const struct qx_x *q, const unsigned char *w0,
                   int64_t wsb, int64_t c0, int nc, const unsigned char *p[4])
{
    for (int c = 0; c < 4; c++)
        p[c] = w0 + (c < nc ? c0 + c : c0) * wsb;
    const int64_t ng = q->ng, es = a->f16 ? 2 : 4, at = c0 * a->p_sn * es;
    qx_expand((const char *)a->sc + at, a->f16, a->p_sg, a->p_sn, nc, ng, q->ps, q->pw);
    if (a->of) {
        qx_expand((const char *)a->of + at, a->f16, a->p_sg, a->p_sn, nc, ng, q->ps, q->po);
        float *po = q->po;
        const float *pw = q->pw;
        for (int64_t g = 0; g < ng; g++)
            _mm512_store_ps(po + 16 * g, _mm512_mul_ps(_mm512_load_ps(po + 16 * g),
                                                       _mm512_load_ps(pw + 16 * g)));
    }
}

/* Columns [0, nb) against NRB blocks of 4 rows of the quantised x (QX4),
 * 4 columns a pass; QX3's float steps at each group's end, the group's
 * scales a plain load (QX8). G32: groups of exactly 32 (ggml's), a step
 * each with no count of steps. */
QX_FN void qx_cols(const struct qx_wq *a, const struct qx_x *q, int64_t m, float *C, int64_t ldc,
                   int64_t nb, const int NRB, const bool G32, const bool OF)
{
    const int64_t k = a->k, G = a->group, tk = k / 32, wsb = a->w_sn / 2, ng = q->ng;
    const int64_t tb = k % 32 ? (k % 32 + 1) / 2 : 0; /* QX5: the last step's bytes */
    const int64_t gs = G32 ? 1 : G / 32, gf = k / G;  /* steps a group, whole groups */
    const int64_t mp = q->mp, xs = q->nrb * QX_XB;
    const unsigned char *w0 = (const unsigned char *)a->w + a->w_off / 2;
    /* QX2's u ^ 8 with each nibble's mask: (w & m4) ^ f8 in one vpternlogd (0x6a) */
    const __m512i m4 = _mm512_set1_epi8(0x0f), f8 = _mm512_set1_epi8(0x08);
    for (int64_t c0 = 0; c0 < nb; c0 += 4) {
        const int nc = nb - c0 < 4 ? (int)(nb - c0) : 4;
        const unsigned char *p[4];
        qx_pass(a, q, w0, wsb, c0, nc, p);
        const unsigned char *p0 = p[0], *p1 = p[1], *p2 = p[2], *p3 = p[3];
#define QX_INIT(b)                                                                                 \
    __m512 f##b = _mm512_setzero_ps();                                                             \
    __m512i s##b##_0 = _mm512_setzero_si512(), s##b##_1 = s##b##_0, u##b##_0 = s##b##_0,           \
            u##b##_1 = s##b##_0;
        QX_B(QX_INIT)
#undef QX_INIT
        /* QX2: each group's sums start from -8 sum(q) */
#define QX_START(b) QX_STARTP(s, g, b)
#define QX_STARTU(b) QX_STARTP(u, g + 1, b)
#define QX_STARTP(P, g, b)                                                                         \
    if (NRB > b) {                                                                                 \
        P##b##_0 = _mm512_broadcast_i32x4(                                                         \
            _mm_load_si128((const __m128i *)(q->qs8 + (g)*mp + b * QX_RB)));                       \
        P##b##_1 = _mm512_setzero_si512();                                                         \
    }
        /* QX3: group g's float steps, its scales (offsets times scales)
         * lane-expanded at q->pw (q->po) */
#define QX_FLOAT(b) QX_FLOATP(s, g, b)
#define QX_FLOATU(b) QX_FLOATP(u, g + 1, b)
#define QX_FLOATP(P, g, b)                                                                         \
    if (NRB > b) {                                                                                 \
        const __m512i is = _mm512_add_epi32(P##b##_0, P##b##_1);                                   \
        const __m512 d =                                                                           \
            _mm512_mul_ps(_mm512_load_ps(q->pw + 16 * (g)),                                        \
                          _mm512_broadcast_f32x4(_mm_load_ps(q->sx + (g)*mp + b * 4)));            \
        f##b = _mm512_fmadd_ps(_mm512_cvtepi32_ps(is), d, f##b);                                   \
        if (OF)                                                                                    \
            f##b = _mm512_fmadd_ps(_mm512_load_ps(q->po + 16 * (g)),                               \
                                   _mm512_broadcast_f32x4(_mm_load_ps(q->xf + (g)*mp + b * 4)),    \
                                   f##b);                                                          \
    }
        /* one step at t: 16 bytes of each of the 4 columns */
#define QX_AT(P, t)                                                                                \
    {                                                                                              \
        const int8_t *xq = q->xq + (t)*xs;                                                         \
        const __m512i w = qx_load4(p0, p1, p2, p3, (t)*16);                                        \
        QX_STEP(P, w, xq)                                                                          \
    }
        /* the groups in order, each group's steps then its float steps;
         * G32 up to 8 rows: two groups a turn, their steps side by side
         * (each group's sums still its own, its float steps in order) */
        int64_t t = 0, g = 0;
        if (G32 && NRB <= 2)
            for (; g + 1 < gf; g += 2, t += 2) {
                QX_B(QX_START)
                QX_B(QX_STARTU)
                QX_AT(s, t)
                QX_AT(u, t + 1)
                QX_B(QX_FLOAT)
                QX_B(QX_FLOATU)
            }
        for (; g < gf; g++) {
            QX_B(QX_START)
            for (int64_t j = 0; j < gs; j++, t++)
                QX_AT(s, t)
            QX_B(QX_FLOAT)
        }
        if (gf < ng) { /* the last group (g = gf), shorter than G */
            QX_B(QX_START)
            for (; t < tk; t++)
                QX_AT(s, t)
            if (tb) { /* QX5 */
                const __mmask16 mk = (__mmask16)((1u << tb) - 1);
                const int8_t *xq = q->xq + tk * xs;
                const __m512i w = qx_load4_tail(p0, p1, p2, p3, tk * 16, mk);
                QX_STEP(s, w, xq)
            }
            QX_B(QX_FLOAT)
        }
#undef QX_AT
#undef QX_FLOATU
#undef QX_FLOATP
#undef QX_FLOAT
#undef QX_STARTU
#undef QX_STARTP
#undef QX_START
#define QX_OUT(b)                                                                                  \
    if (NRB > b) {                                                                                 \
        float o[16];                                                                               \
        _mm512_storeu_ps(o, f##b);                                                                 \
        for (int r = 0; r < QX_RB && b * QX_RB + r < m; r++)                                       \
            for (int c = 0; c < nc; c++)                                                           \
                C[(b * QX_RB + r) * ldc + c0 + c] = o[c * 4 + r];                                  \
    }
        QX_B(QX_OUT)
#undef QX_OUT
    }
}

/* QX7: up to 4 rows (M): lanes (c, s), column c's dword s against the
 * row's, two accumulators per row (even and odd elements), the group's
 * sums added up within each 128 bits at its end into lanes (c, r); the
 * float steps as qx_cols's. */
QX_FN void qx_cols_r(const struct qx_wq *a, const struct qx_x *q, int64_t m, float *C, int64_t ldc,
                     int64_t nb, const int M, const bool G32)
{
    const int64_t k = a->k, G = a->group, tk = k / 32, wsb = a->w_sn / 2, ng = q->ng;
    const int64_t tb = k % 32 ? (k % 32 + 1) / 2 : 0; /* QX5 */
    const int64_t gs = G32 ? 1 : G / 32, gf = k / G;  /* steps a group, whole groups */
    const unsigned char *w0 = (const unsigned char *)a->w + a->w_off / 2;
    /* QX2's u ^ 8 with each nibble's mask: (w & m4) ^ f8 in one vpternlogd (0x6a) */
    const __m512i m4 = _mm512_set1_epi8(0x0f), f8 = _mm512_set1_epi8(0x08);
    const bool hasof = a->of != NULL;
    for (int64_t c0 = 0; c0 < nb; c0 += 4) {
        const int nc = nb - c0 < 4 ? (int)(nb - c0) : 4;
        const unsigned char *p[4];
        qx_pass(a, q, w0, wsb, c0, nc, p);
        const unsigned char *p0 = p[0], *p1 = p[1], *p2 = p[2], *p3 = p[3];
        __m512 f = _mm512_setzero_ps();
        const __m512i z = _mm512_setzero_si512();
        /* two sets of sums (a, b: QX8's two groups a turn), even and odd
         * elements per row */
        __m512i ae0 = z, ao0 = z, ae1 = z, ao1 = z, ae2 = z, ao2 = z, ae3 = z, ao3 = z;
        __m512i be0 = z, bo0 = z, be1 = z, bo1 = z, be2 = z, bo2 = z, be3 = z, bo3 = z;
#define QX_RSTEP(P, w, xq)                                                                         \
    {                                                                                              \
        const __m512i lo_ = _mm512_ternarylogic_epi32(w, m4, f8, 0x6a),                            \
                      hi_ = _mm512_ternarylogic_epi32(_mm512_srli_epi16(w, 4), m4, f8, 0x6a);      \
        QX_RDP(P, 0, xq) QX_RDP(P, 1, xq) QX_RDP(P, 2, xq) QX_RDP(P, 3, xq)                        \
    }
#define QX_RDP(P, r, xq)                                                                           \
    if (M > r) {                                                                                   \
        P##e##r = _mm512_dpbusd_epi32(                                                             \
            P##e##r, lo_,                                                                          \
            _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)((xq) + 32 * r))));             \
        P##o##r = _mm512_dpbusd_epi32(                                                             \
            P##o##r, hi_,                                                                          \
            _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)((xq) + 32 * r + 16))));        \
    }
        /* one step at t (4 columns' 16 bytes) into set P */
#define QX_RAT(P, t)                                                                               \
    {                                                                                              \
        const int8_t *xq = q->xq + (t)*QX_XB;                                                      \
        const __m512i w = qx_load4(p0, p1, p2, p3, (t)*16);                                        \
        QX_RSTEP(P, w, xq)                                                                         \
    }
        /* group g's sums in set P added up into lanes (c, r), its float
         * steps, the set cleared */
#define QX_REND(P, g)                                                                              \
    {                                                                                              \
        const __m512i v0 = _mm512_add_epi32(P##e0, P##o0), v1 = _mm512_add_epi32(P##e1, P##o1),    \
                      v2 = _mm512_add_epi32(P##e2, P##o2), v3 = _mm512_add_epi32(P##e3, P##o3);    \
        __m512i u;                                                                                 \
        if (M == 1) { /* every lane of column c: its sum */                                        \
            u = _mm512_add_epi32(v0, _mm512_shuffle_epi32(v0, (_MM_PERM_ENUM)0x4e));               \
            u = _mm512_add_epi32(u, _mm512_shuffle_epi32(u, (_MM_PERM_ENUM)0xb1));                 \
        } else { /* lanes (c, r) */                                                                \
            const __m512i t0 = _mm512_add_epi32(_mm512_unpacklo_epi32(v0, v1),                     \
                                                _mm512_unpackhi_epi32(v0, v1)),                    \
                          t1 = _mm512_add_epi32(_mm512_unpacklo_epi32(v2, v3),                     \
                                                _mm512_unpackhi_epi32(v2, v3));                    \
            u = _mm512_add_epi32(_mm512_unpacklo_epi64(t0, t1), _mm512_unpackhi_epi64(t0, t1));    \
        }                                                                                          \
        /* QX2: -8 sum(q) */                                                                       \
        u = _mm512_add_epi32(                                                                      \
            u, _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)(q->qs8 + (g)*q->mp))));     \
        const __m512 d = _mm512_mul_ps(_mm512_load_ps(q->pw + 16 * (g)),                           \
                                       _mm512_broadcast_f32x4(_mm_load_ps(q->sx + (g)*q->mp)));    \
        f = _mm512_fmadd_ps(_mm512_cvtepi32_ps(u), d, f);                                          \
        if (hasof)                                                                                 \
            f = _mm512_fmadd_ps(_mm512_load_ps(q->po + 16 * (g)),                                  \
                                _mm512_broadcast_f32x4(_mm_load_ps(q->xf + (g)*q->mp)), f);        \
        P##e0 = P##o0 = P##e1 = P##o1 = P##e2 = P##o2 = P##e3 = P##o3 = z;                         \
    }
        /* as qx_cols: groups of 32 two a turn, then group by group */
        int64_t t = 0, g = 0;
        if (G32)
            for (; g + 1 < gf; g += 2, t += 2) {
                QX_RAT(a, t)
                QX_RAT(b, t + 1)
                QX_REND(a, g)
                QX_REND(b, g + 1)
            }
        for (; g < gf; g++) {
            for (int64_t j = 0; j < gs; j++, t++)
                QX_RAT(a, t)
            QX_REND(a, g)
        }
        if (gf < ng) { /* the last group (g = gf), shorter than G */
            for (; t < tk; t++)
                QX_RAT(a, t)
            if (tb) { /* QX5 */
                const __mmask16 mk = (__mmask16)((1u << tb) - 1);
                const int8_t *xq = q->xq + tk * QX_XB;
                const __m512i w = qx_load4_tail(p0, p1, p2, p3, tk * 16, mk);
                QX_RSTEP(a, w, xq)
            }
            QX_REND(a, g)
        }
#undef QX_REND
#undef QX_RAT
#undef QX_RDP
#undef QX_RSTEP
        float o[16];
        _mm512_storeu_ps(o, f);
        for (int r = 0; r < M; r++)
            for (int c = 0; c < nc; c++)
                C[r * ldc + c0 + c] = o[c * 4 + r];
    }
    (void)m;
}

/* qx_cols for each count of row blocks. */
#define QX_FN_B(B)                                                                                 \
    static QX_T void qx_cols##B(const struct qx_wq *a, const struct qx_x *q, int64_t m, float *C,  \
                                int64_t ldc, int64_t nb)                                           \
    {                                                                                              \
        if (a->group == 32 && !a->of)                                                              \
            qx_cols(a, q, m, C, ldc, nb, B, true, false);                                          \
        else if (a->group == 32)                                                                   \
            qx_cols(a, q, m, C, ldc, nb, B, true, true);                                           \
        else if (!a->of)                                                                           \
            qx_cols(a, q, m, C, ldc, nb, B, false, false);                                         \
        else                                                                                       \
            qx_cols(a, q, m, C, ldc, nb, B, false, true);                                          \
    }
QX_FN_B(2)
QX_FN_B(3)
QX_FN_B(4)
#undef QX_FN_B
/* qx_cols_r for each row count up to 4 (QX7). */
#define QX_FN_R(M)                                                                                 \
    static QX_T void qx_rows##M(const struct qx_wq *a, const struct qx_x *q, int64_t m, float *C,  \
                                int64_t ldc, int64_t nb)                                           \
    {                                                                                              \
        if (a->group == 32)                                                                        \
            qx_cols_r(a, q, m, C, ldc, nb, M, true);                                               \
        else                                                                                       \
            qx_cols_r(a, q, m, C, ldc, nb, M, false);                                              \
    }
QX_FN_R(1)
QX_FN_R(2)
QX_FN_R(3)
QX_FN_R(4)
#undef QX_FN_R

/* QX10's x: rows [0, m) of X quantised as QX1 (the same operations, so the
 * same q, sx and sums), row i's k values at xq + i * kp (kp = 32 nt, zeros
 * past k): 4 consecutive values of a row are one dword, broadcast whole. */
static QX_TN void qx_quant_rows(const struct qx_wq *a, const float *X, int64_t ldx, int64_t m,
                                const struct qx_x *q, bool want_xf)
{
    const int64_t k = a->k, G = a->group, kp = q->nt * 32;
    const __m512 absm = _mm512_castsi512_ps(_mm512_set1_epi32(0x7fffffff));
    for (int64_t i = 0; i < m; i++) {
        int8_t *xr = q->xq + i * kp;
        memset(xr + k / 16 * 16, 0, (size_t)(kp - k / 16 * 16)); /* QX5: q = 0 past k */
        for (int64_t g = 0; g < q->ng; g++) {
            const int64_t r0 = g * G, r1 = r0 + G < k ? r0 + G : k;
            float xf = 0;
            __m512 mx = _mm512_setzero_ps();
            for (int64_t e = r0; e < r1; e += 16) {
                const __mmask16 mk =
                    r1 - e >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (r1 - e)) - 1);
                mx = _mm512_max_ps(mx,
                                   _mm512_and_ps(_mm512_maskz_loadu_ps(mk, X + i * ldx + e), absm));
            }
            const float amax = _mm512_reduce_max_ps(mx);
            if (want_xf)
                for (int64_t e = r0; e < r1; e++) /* in order (QX3) */
                    xf += X[i * ldx + e];
            const __m512 iv = _mm512_set1_ps(amax > 0 ? 127.0f / amax : 0.0f);
            __m512i qs = _mm512_setzero_si512();
            for (int64_t e = r0; e < r1; e += 16) {
                const __mmask16 mk =
                    r1 - e >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (r1 - e)) - 1);
                const __m512i qi = _mm512_cvt_roundps_epi32(
                    _mm512_mul_ps(_mm512_maskz_loadu_ps(mk, X + i * ldx + e), iv),
                    _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
                qs = _mm512_add_epi32(qs, qi);
                _mm_storeu_si128((__m128i *)(xr + e), _mm512_cvtepi32_epi8(qi));
            }
            q->sx[g * q->mp + i] = amax / 127.0f;
            q->xf[g * q->mp + i] = xf;
            q->qs8[g * q->mp + i] = -8 * _mm512_reduce_add_epi32(qs);
        }
    }
}

/* 4 bytes of x broadcast to every dword (a load that may alias int8_t) */
QX_FNN __m512i qx_dword(const int8_t *p)
{
    int32_t v;
    memcpy(&v, p, sizeof(v));
    return _mm512_set1_epi32(v);
}

/* QX10: a pass's parameters p (scales or offsets, columns [0, nc) of a view
 * starting at its first one) in its lanes: group g's 128 floats at d + 128 g,
 * per 32 columns (sub-pass) their even columns (the low nibbles) then the
 * odd ones, zeros past nc. */
QX_FNN void qx_nc_expand(const void *p, bool f16, int64_t sg, int64_t sn, int nc, int64_t ng,
                         float *d)
{
    if (sn == 1) { /* a row of each group: 32 loaded, split into even and odd */
        const __m512i ev = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28,
                                             30),
                      od = _mm512_add_epi32(ev, _mm512_set1_epi32(1));
        for (int s = 0; s * 32 < nc; s++) {
            const int ncs = nc - 32 * s < 32 ? nc - 32 * s : 32;
            const __mmask32 cm = ncs >= 32 ? (__mmask32)0xffffffffu : (__mmask32)((1u << ncs) - 1);
            for (int64_t g = 0; g < ng; g++) {
                __m512 lo, hi;
                if (f16) {
                    const __m512i h =
                        _mm512_maskz_loadu_epi16(cm, (const uint16_t *)p + g * sg + 32 * s);
                    lo = _mm512_cvtph_ps(_mm512_castsi512_si256(h));
                    hi = _mm512_cvtph_ps(_mm512_extracti64x4_epi64(h, 1));
                } else {
                    const float *v = (const float *)p + g * sg + 32 * s;
                    lo = _mm512_maskz_loadu_ps((__mmask16)cm, v);
                    hi = _mm512_maskz_loadu_ps((__mmask16)(cm >> 16), v + 16);
                }
                _mm512_store_ps(d + 128 * g + 32 * s, _mm512_permutex2var_ps(lo, ev, hi));
                _mm512_store_ps(d + 128 * g + 32 * s + 16, _mm512_permutex2var_ps(lo, od, hi));
            }
        }
    } else { /* any other strides, element by element */
        for (int64_t g = 0; g < ng; g++)
            for (int j = 0; j < QX_NC_COLS; j++)
                d[128 * g + j / 32 * 32 + (j & 1) * 16 + j % 32 / 2] =
                    j < nc ? qx_par(p, f16, g * sg + j * sn) : 0.0f;
    }
}

/* QX10: 4 rows of k from row pointer w (rows ldb bytes apart; nr of them
 * real, the rest zeros), 16 bytes each (bm: the bytes of the pass's columns),
 * row s in 128-bit lane s, then vpermb: dword j = byte j of rows 0..3. */
QX_FNN __m512i qx_nc_load(const unsigned char *w, int64_t ldb, int nr, __mmask16 bm, bool FULL,
                          __m512i ix)
{
    __m512i v;
    if (FULL && nr == 4) {
        v = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)w));
        v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(w + ldb)), 1);
        v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(w + 2 * ldb)), 2);
        v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(w + 3 * ldb)), 3);
    } else {
        v = _mm512_castsi128_si512(_mm_maskz_loadu_epi8(bm, w));
        v = _mm512_inserti32x4(v, nr > 1 ? _mm_maskz_loadu_epi8(bm, w + ldb) : _mm_setzero_si128(),
                               1);
        v = _mm512_inserti32x4(
            v, nr > 2 ? _mm_maskz_loadu_epi8(bm, w + 2 * ldb) : _mm_setzero_si128(), 2);
        v = _mm512_inserti32x4(
            v, nr > 3 ? _mm_maskz_loadu_epi8(bm, w + 3 * ldb) : _mm_setzero_si128(), 3);
    }
    return _mm512_permutexvar_epi8(ix, v);
}

/* QX10: the rows of x (MA <= 8 of them, then MB more from row 8 when m > 8)
 * against a pass of up to QX_NC_COLS (128) columns from column c0 (nc real)
 * of an n-contiguous weight: a 64-byte line of each row of k, taken as 4
 * sub-passes of 32 columns, group by group (a group's lines stay in L1
 * across its sub-passes and row blocks: a pass of 32 columns through all of
 * k read each line 4 times from L2, 5.8 GB/s at any m; rows 9..16 in a
 * second pass through k, m = 9 ran at 0.70x m = 8). Sub-pass s: lanes j of
 * two vectors, columns c0 + 32 s + 2 j (low nibbles) and c0 + 32 s + 2 j + 1
 * (high), each group's integer sums by vpdpbusd against row i's 4 values a
 * dword broadcast, then QX3's float steps per lane in its order. FULL: 128
 * columns (no masks). */
QX_FNN void qx_nc_pass(const struct qx_wq *a, const struct qx_x *q, const int MA, const int MB,
                       float *C, int64_t ldc, int64_t c0, int nc, int64_t g0, int64_t g1, float *fs,
                       const bool FULL, bool PFN)
{
    const int64_t k = a->k, G = a->group, ng = q->ng, ldb = a->w_sk / 2, kp = q->nt * 32;
    const int64_t mp = q->mp;
    const bool OF = a->of != NULL;
    const unsigned char *w = (const unsigned char *)a->w + (a->w_off + c0) / 2;
    const unsigned char *pn = FULL && PFN ? w + QX_NC_COLS / 2 : NULL;
    /* QX2's u ^ 8 with each nibble's mask: (w & m4) ^ f8 in one vpternlogd (0x6a) */
    const __m512i m4 = _mm512_set1_epi8(0x0f), f8 = _mm512_set1_epi8(0x08);
    /* byte 4 j + s of the result: byte j of row s (128-bit lane s) */
    const __m512i ix = _mm512_set_epi8(
        63, 47, 31, 15, 62, 46, 30, 14, 61, 45, 29, 13, 60, 44, 28, 12, 59, 43, 27, 11, 58, 42, 26,
        10, 57, 41, 25, 9, 56, 40, 24, 8, 55, 39, 23, 7, 54, 38, 22, 6, 53, 37, 21, 5, 52, 36, 20,
        4, 51, 35, 19, 3, 50, 34, 18, 2, 49, 33, 17, 1, 48, 32, 16, 0);
    const int ns = FULL ? 4 : (nc + 31) / 32;
    /* the float sums: sub-pass s, row i, low then high lanes at fa + 32 (16 s + i) */
    float fa[4 * 16 * 32] __attribute__((aligned(64)));
    for (int s = 0; s < ns; s++) /* zeros, or where the groups before g0 left them (QX12) */
        for (int i = 0; i < MA + MB; i++) {
            float *f = fa + 32 * (16 * s + i);
            const float *o = fs + 32 * (16 * s + i);
            _mm512_store_ps(f, g0 ? _mm512_load_ps(o) : _mm512_setzero_ps());
            _mm512_store_ps(f + 16, g0 ? _mm512_load_ps(o + 16) : _mm512_setzero_ps());
        }
    for (int64_t g = g0; g < g1; g++) {
        const int64_t r0 = g * G, r1 = r0 + G < k ? r0 + G : k;
        for (int s = 0; s < ns; s++) {
            const int ncs = nc - 32 * s < 32 ? nc - 32 * s : 32;
            const __mmask16 bm =
                FULL ? (__mmask16)0xffff : (__mmask16)((1u << ((ncs + 1) / 2)) - 1);
            const unsigned char *ws = w + 16 * s;
            const float *pw = q->pw + 128 * (g - g0) + 32 * s,
                        *po = q->po + 128 * (g - g0) + 32 * s;
            /* rows [I0, I0 + M): row i's sums l<i> (low nibbles), h<i> (high),
             * named, not an array (GCC 12 kept an array's vectors moving
             * between registers and the stack in the steps) */
#define QX_NBLOCK(I0, M)                                                                           \
    {                                                                                              \
        const int M_ = (M), I0_ = (I0);                                                            \
        const __m512i z_ = _mm512_setzero_si512();                                                 \
        __m512i l0 = z_, h0 = z_, l1 = z_, h1 = z_, l2 = z_, h2 = z_, l3 = z_, h3 = z_, l4 = z_,   \
                h4 = z_, l5 = z_, h5 = z_, l6 = z_, h6 = z_, l7 = z_, h7 = z_;                     \
        const int8_t *xr = q->xq + I0_ * kp;                                                       \
        QX_NR(QX_NINIT)                                                                            \
        int64_t r = r0;                                                                            \
        for (; r + 4 <= r1; r += 4) {                                                              \
            if (I0_ == 0 && s == 0 && pn) /* QX12: the next pass's lines */                        \
                for (int j_ = 0; j_ < 4; j_++)                                                     \
                    _mm_prefetch((const char *)(pn + (r + j_) * ldb), _MM_HINT_T0);                \
            QX_NSTEP(4)                                                                            \
        }                                                                                          \
        if (r < r1) /* k's last rows (QX11): none past k read, x's q = 0 there */                  \
            QX_NSTEP((int)(r1 - r))                                                                \
        /* QX3: group g's float steps per row, the scales lane-expanded */                         \
        const __m512 wl = _mm512_load_ps(pw), wh = _mm512_load_ps(pw + 16);                        \
        QX_NR(QX_NF)                                                                               \
    }
#define QX_NR(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define QX_NINIT(i) /* QX2: the sums start from -8 sum(q) */                                       \
    if (M_ > i)                                                                                    \
        l##i = h##i = _mm512_set1_epi32(q->qs8[g * mp + I0_ + i]);
#define QX_NDP(i)                                                                                  \
    if (M_ > i) {                                                                                  \
        const __m512i x_ = qx_dword(xr + i * kp + r);                                              \
        l##i = _mm512_dpbusd_epi32(l##i, lo_, x_);                                                 \
        h##i = _mm512_dpbusd_epi32(h##i, hi_, x_);                                                 \
    }
#define QX_NSTEP(nr)                                                                               \
    {                                                                                              \
        const __m512i p_ = qx_nc_load(ws + r * ldb, ldb, nr, bm, FULL, ix);                        \
        const __m512i lo_ = _mm512_ternarylogic_epi32(p_, m4, f8, 0x6a),                           \
                      hi_ = _mm512_ternarylogic_epi32(_mm512_srli_epi16(p_, 4), m4, f8, 0x6a);     \
        QX_NR(QX_NDP)                                                                              \
    }
#define QX_NF(i)                                                                                   \
    if (M_ > i) {                                                                                  \
        float *f = fa + 32 * (16 * s + I0_ + i);                                                   \
        const __m512 sx = _mm512_set1_ps(q->sx[g * mp + I0_ + i]);                                 \
        __m512 fl = _mm512_fmadd_ps(_mm512_cvtepi32_ps(l##i), _mm512_mul_ps(wl, sx),               \
                                    _mm512_load_ps(f)),                                            \
               fh = _mm512_fmadd_ps(_mm512_cvtepi32_ps(h##i), _mm512_mul_ps(wh, sx),               \
                                    _mm512_load_ps(f + 16));                                       \
        if (OF) {                                                                                  \
            const __m512 xf = _mm512_set1_ps(q->xf[g * mp + I0_ + i]);                             \
            fl = _mm512_fmadd_ps(_mm512_load_ps(po), xf, fl);                                      \
            fh = _mm512_fmadd_ps(_mm512_load_ps(po + 16), xf, fh);                                 \
        }                                                                                          \
        _mm512_store_ps(f, fl);                                                                    \
        _mm512_store_ps(f + 16, fh);                                                               \
    }
            QX_NBLOCK(0, MA)
            if (MB)
                QX_NBLOCK(8, MB)
#undef QX_NF
#undef QX_NSTEP
#undef QX_NDP
#undef QX_NINIT
#undef QX_NR
#undef QX_NBLOCK
        }
    }
    if (g1 < ng) { /* more groups to come (QX12): the sums kept */
        for (int s = 0; s < ns; s++)
            for (int i = 0; i < MA + MB; i++) {
                const float *f = fa + 32 * (16 * s + i);
                float *o = fs + 32 * (16 * s + i);
                _mm512_store_ps(o, _mm512_load_ps(f));
                _mm512_store_ps(o + 16, _mm512_load_ps(f + 16));
            }
        return;
    }
    /* lanes back to column order: column c0 + 32 s + 2 j + h is lane j of half h */
    const __m512i il = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23),
                  ih = _mm512_add_epi32(il, _mm512_set1_epi32(8));
    for (int s = 0; s < ns; s++) {
        const int ncs = nc - 32 * s < 32 ? nc - 32 * s : 32;
        const __mmask32 cm = ncs >= 32 ? (__mmask32)0xffffffffu : (__mmask32)((1u << ncs) - 1);
        for (int i = 0; i < MA + MB; i++) {
            const float *f = fa + 32 * (16 * s + i);
            const __m512 fl = _mm512_load_ps(f), fh = _mm512_load_ps(f + 16);
            float *c = C + i * ldc + c0 + 32 * s;
            _mm512_mask_storeu_ps(c, (__mmask16)cm, _mm512_permutex2var_ps(fl, il, fh));
            _mm512_mask_storeu_ps(c + 16, (__mmask16)(cm >> 16),
                                  _mm512_permutex2var_ps(fl, ih, fh));
        }
    }
}

/* qx_nc_pass for m rows (MA, MB: m up to 8, or 8 and m - 8), whole passes
 * and the last, shorter one. */
#define QX_NC_M(N, MA, MB)                                                                         \
    static QX_TN void qx_nc##N(const struct qx_wq *a, const struct qx_x *q, float *C, int64_t ldc, \
                               int64_t c0, int nc, int64_t g0, int64_t g1, float *fs, bool pf)     \
    {                                                                                              \
        if (nc == QX_NC_COLS)                                                                      \
            qx_nc_pass(a, q, MA, MB, C, ldc, c0, nc, g0, g1, fs, true, pf);                        \
        else                                                                                       \
            qx_nc_pass(a, q, MA, MB, C, ldc, c0, nc, g0, g1, fs, false, false);                    \
    }
QX_NC_M(1, 1, 0)
QX_NC_M(2, 2, 0)
QX_NC_M(3, 3, 0)
QX_NC_M(4, 4, 0)
QX_NC_M(5, 5, 0)
QX_NC_M(6, 6, 0)
QX_NC_M(7, 7, 0)
QX_NC_M(8, 8, 0)
QX_NC_M(9, 8, 1)
QX_NC_M(10, 8, 2)
QX_NC_M(11, 8, 3)
QX_NC_M(12, 8, 4)
QX_NC_M(13, 8, 5)
QX_NC_M(14, 8, 6)
QX_NC_M(15, 8, 7)
QX_NC_M(16, 8, 8)
#undef QX_NC_M

/* QX10: columns [0, nb) of an n-contiguous weight, QX_NC_COLS a pass; QX12:
 * tiles of QX_NC_TILE passes, through k in chunks of about QX_NC_ROWS rows,
 * each chunk's passes in turn. */
static QX_TN void qx_nc_run(const struct qx_wq *a, const struct qx_x *q, int64_t m, float *C,
                            int64_t ldc, int64_t nb)
{
    static void (*const f[QX_MAX_M])(const struct qx_wq *, const struct qx_x *, float *, int64_t,
                                     int64_t, int, int64_t, int64_t, float *, bool) = {
        qx_nc1, qx_nc2,  qx_nc3,  qx_nc4,  qx_nc5,  qx_nc6,  qx_nc7,  qx_nc8,
        qx_nc9, qx_nc10, qx_nc11, qx_nc12, qx_nc13, qx_nc14, qx_nc15, qx_nc16};
    const int64_t es = a->f16 ? 2 : 4, ng = q->ng;
    const int64_t gc = a->group >= QX_NC_ROWS ? 1 : QX_NC_ROWS / a->group; /* groups a chunk */
    for (int64_t t0 = 0; t0 < nb; t0 += QX_NC_TILE * QX_NC_COLS) {
        const int64_t t1 = t0 + QX_NC_TILE * QX_NC_COLS < nb ? t0 + QX_NC_TILE * QX_NC_COLS : nb;
        for (int64_t g0 = 0; g0 < ng; g0 += gc) {
            const int64_t g1 = g0 + gc < ng ? g0 + gc : ng;
            for (int64_t c0 = t0; c0 < t1; c0 += QX_NC_COLS) {
                const int nc = t1 - c0 < QX_NC_COLS ? (int)(t1 - c0) : QX_NC_COLS;
                const int64_t at = (c0 * a->p_sn + g0 * a->p_sg) * es;
                qx_nc_expand((const char *)a->sc + at, a->f16, a->p_sg, a->p_sn, nc, g1 - g0,
                             q->pw);
                if (a->of) {
                    qx_nc_expand((const char *)a->of + at, a->f16, a->p_sg, a->p_sn, nc, g1 - g0,
                                 q->po);
                    for (int64_t e = 0; e < QX_NC_COLS * (g1 - g0); e += 16) /* QX3's o * sw */
                        _mm512_store_ps(q->po + e, _mm512_mul_ps(_mm512_load_ps(q->po + e),
                                                                 _mm512_load_ps(q->pw + e)));
                }
                f[m - 1](a, q, C, ldc, c0, nc, g0, g1,
                         q->fs + (c0 - t0) / QX_NC_COLS * (4 * 16 * 32), c0 + 2 * QX_NC_COLS <= t1);
            }
        }
    }
}

void qx_run(const struct qx_wq *a, const float *X, int64_t ldx, int64_t m, float *C, int64_t ldc,
            int64_t nb, void *scratch)
{
    struct qx_x q;
    q.mp = qx_mp(m), q.nrb = q.mp / QX_RB, q.nt = (a->k + 31) / 32;
    q.ng = (a->k + a->group - 1) / a->group;
    char *sp = (char *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    q.xq = (int8_t *)sp;
    q.sx = (float *)(sp + q.nt * q.nrb * QX_XB); /* 16-byte aligned: QX_XB is 128 */
    q.qs8 = (int32_t *)(q.sx + q.ng * q.mp);
    q.xf = (float *)(q.qs8 + q.ng * q.mp);
    q.ps = q.xf + q.ng * q.mp;
    q.pw = (float *)(((uintptr_t)(q.ps + 64) + 63) & ~(uintptr_t)63); /* aligned loads */
    q.po = q.pw + (a->nc ? QX_NC_COLS : 16) * q.ng;
    q.fs = q.po + (a->nc ? QX_NC_COLS : 16) * q.ng; /* 64-byte aligned: ng * 512 bytes on */
    if (a->nc) {                                    /* QX10 */
        qx_quant_rows(a, X, ldx, m, &q, a->of != NULL);
        qx_nc_run(a, &q, m, C, ldc, nb);
        return;
    }
    qx_quant(a, X, ldx, m, &q, a->of != NULL);
    switch (q.nrb) {
    case 1: { /* QX7 */
        static void (*const r[4])(const struct qx_wq *, const struct qx_x *, int64_t, float *,
                                  int64_t, int64_t) = {qx_rows1, qx_rows2, qx_rows3, qx_rows4};
        r[m - 1](a, &q, m, C, ldc, nb);
        break;
    }
    case 2:
        qx_cols2(a, &q, m, C, ldc, nb);
        break;
    case 3:
        qx_cols3(a, &q, m, C, ldc, nb);
        break;
    default:
        qx_cols4(a, &q, m, C, ldc, nb);
        break;
    }
}

#else /* not x86-64: never available */

bool qx_available(void)
{
    return false;
}

bool qx_nc_available(void)
{
    return false;
}

void qx_run(const struct qx_wq *a, const float *X, int64_t ldx, int64_t m, float *C, int64_t ldc,
            int64_t nb, void *scratch)
{
    (void)a, (void)X, (void)ldx, (void)m, (void)C, (void)ldc, (void)nb, (void)scratch;
}

#endif
