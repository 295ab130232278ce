/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/engine/simd: the inner loops of the heavy operators that the BLAS does
 * not cover well (issue 14, "Speed"): the fused dequantise + dot of
 * WeightQuantBatchMatmulV2 for small m, its block dequantisation for the
 * sgemm path, and the small-row products and vector exp of
 * FusedInferAttentionScoreV2's decode path.
 *
 *  K1. One source (simd_body_pvt.h, GCC vector extensions) compiled three
 *      times: a portable build (SSE2 on x86-64, NEON on aarch64, whatever the
 *      target's baseline is) and, on x86-64, an AVX2+FMA+F16C build and an
 *      AVX-512 (F, BW, VL) build, the widest the CPU has chosen at run time
 *      (__builtin_cpu_supports, checked once).
 *  K2. Float16 rounding of dequantised weights: the F16C build converts
 *      there and back (exact, round to nearest even); the portable build
 *      rounds the mantissa in place for values in float16's normal range and
 *      takes the exact scalar conversion (ops_round_f32) for the rest, so
 *      both give the values of ops_round_f32. Bfloat16 rounds in place
 *      (inf / NaN kept).
 *  K3. Sums run in float32 in a different order than a BLAS would (vector
 *      lanes, then a horizontal add); exp is a Cephes-style polynomial
 *      (relative error about 2 ulp), exp(-inf) = 0, NaN stays NaN.
 *  K4. Every function is single-threaded and allocation-free: scratch
 *      buffers come from the caller.
 *  K5. Row sums for the norms (sum, sum_sq): float32 vector lanes within
 *      chunks of KS_SUM_CHUNK elements, the chunks' sums added in double: a
 *      fixed order for a given row length and build (the same in any block
 *      of a split), and an error that does not grow with the row past a
 *      chunk's.
 *  K6. Softmax's rows: exp_sum_to prefetches the next row while it computes
 *      this one's exponentials (the pass that is bound by arithmetic hides
 *      the next row's first read from memory); the AVX-512 build's exp
 *      rounds and scales with vrndscaleps / vscalefps (K3's reduction,
 *      polynomial and limits, fewer instructions).
 *  K7. GELU's erf form (GeluV2 approximate 0): erfc from exp (K3) and a
 *      polynomial in (t - 2) / (t + 2) (simd_body_pvt.h): measured over
 *      4 Mi values in [-20, 20], within 4e-7 of x Phi(x) relative
 *      (the portable build, without FMA, 4e-6 near x = -11.6; libm's
 *      erfcf of the rounded x / sqrt 2 there: 1e-5), no cancellation for
 *      x << 0 (libm's scalar erfcf took a third of the transformer block's
 *      time in the model study).
 *  K8. dq_i8_rows (the elementwise engine's dequantisation, ew.c EW5): int8
 *      rows times one scale a row (float32, float16 or bfloat16, read where
 *      it lies: the per-group loader call cost as much as the product), the
 *      float32 product rounded to the
 *      operator's result type exactly as the generic path rounds it (F16C
 *      round trip, or ops_round_f32), so its values are the generic path's.
 *  K9. rope_row: a float32 rotary row (modes 0 and 1) read and written in
 *      place; products and sums in float32 vectors (the FMA builds may
 *      contract them: float32 rounding differences from the scalar row).
 *  K10. f16_nt: float16 to float32 (exact, the loader's values) with the
 *      stores around the cache (the F16C builds; the portable one converts
 *      one by one), for a Cast whose out would not stay in it (ew.c EW6):
 *      such a store skips reading each line of out before writing it. Up
 *      to out's first vector boundary and the tail one by one; st_fence
 *      before the block completes.
 *  K11. qk (attention's scores, AVX-512): a key's four rows of sums are
 *      reduced side by side (hsum4: halves of 256 bits, of 128, then
 *      (w0 + w1) + (w2 + w3)), hsum's additions in hsum's order, so the
 *      same bits (checked against hsum on 8 M random quadruples with
 *      infinities, NaNs, -0 and 1e38), in 6 shuffles, 4 adds and a
 *      compress where four hsums took 60 scalar adds: FIA decode N32/8
 *      spent ~a third of its time there.
 *  K12. pv (attention's P V, AVX-512): four vectors of a value row a pass
 *      (two cache lines of float16, 16 accumulators) where two took one
 *      line per row a pass with a stride of the row: each output element
 *      the same operations in the same order. The first pass prefetches
 *      the whole row KS_PV_AHEAD rows ahead, for every pass (the loads of
 *      the value rows had 73% of pv's samples; +25-40% at Skv 16384,
 *      three alternations). With K11 (before the prefetch), FIA decode N32/8,
 *      one worker, on an AMD EPYC (Zen 5) VM: Skv 16384 (64 MiB of keys
 *      and values) 7.2 -> 9.7-10.5 GB/s, Skv 4096 7.6 -> 11.5-14.7 GB/s
 *      (under load from a parallel build).
 *  K13. Rows read and written in place in a pipeline (Softmax, SR7; RmsNorm
 *      and LayerNorm, NR6): a row's pass that writes its output also reads
 *      the next row, so that the next row's first read from memory and
 *      this row's stores overlap (and Softmax's exponentials, bound by
 *      arithmetic, overlap both): softmax_step computes row r's
 *      exponentials, row r + 1's max and stores row r - 1, prefetching
 *      row r + 1 KS_ROW_AHEAD floats ahead of its loads; norm_apply_next
 *      stores row r and sums row r + 1. Each part is its single-row
 *      function's operations in its order (the same bits: ops_norm_rows
 *      compares a pipeline's rows with rows run alone). Softmax 64 MiB,
 *      one worker, AMD EPYC (Zen 5) VM: 10.1-10.6 -> 5.0-6.6 ms a call
 *      (docs/operator-kernels.md, twentieth session).
 */
#ifndef CPUACL_OPS_ENGINE_SIMD_H
#define CPUACL_OPS_ENGINE_SIMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A quantised weight [k, n] (int8, or int4 packed two per byte: element i
 * in the low nibble of byte i / 2 when i is even) with its per-group
 * parameters expanded to float32: group g, column j at g * ps_g + j * ps_n
 * (row-major weights need ps_n = 1). */
struct ks_wq {
    const void *w;
    int64_t w_off, w_sk, w_sn; /* element view */
    bool int4;
    int64_t k, n, group;
    const float *sc, *of; /* of: NULL = no offset */
    int64_t ps_g, ps_n;
    int rdt; /* DT_F16 / DT_BF16: the precision weights round to */
};

/* A float weight [k, n] for the small-m products of Mm / Matmul /
 * BatchMatMul (simd_body_pvt.h HW1-HW3): float32, float16 or bfloat16
 * elements, column 0 at w, element strides sk (along k) and sn (along n);
 * either its columns are contiguous (kmajor: sk == 1, or k == 1) or its
 * rows are (sn == 1, or n == 1). r16: the weights are used rounded to
 * float16 (cubeMathType USE_FP16; a float16 weight is exact). */
/* The kinds of such a weight the kernels specialise on (HW1). */
enum { KS_MV_F16, KS_MV_BF16, KS_MV_BF16R, KS_MV_F32, KS_MV_F32R };
struct ks_mv {
    const void *w;
    int dt; /* DT_F32 / DT_F16 / DT_BF16 */
    int64_t k, sk, sn;
    bool kmajor, r16;
};

/* Scales dq_i8_rows converts at a time (a stack buffer). */
#define KS_DQ_ROWS 256
/* Rows of k the fused kernel dequantises at a time; the most rows of x
 * it takes (k-major weights). */
#define KS_WQ_CHUNK 512
#define KS_WQ_SMALL_M 16
/* Outputs from this many bytes are stored around the cache (norm_apply's
 * nt): they would not stay in it, and such a store skips reading each
 * line before writing it. */
#define KS_STREAM_MIN ((int64_t)16 << 20)
/* Elements per float32 partial sum of sum / sum_sq (K5). */
#define KS_SUM_CHUNK 1024

/* Whether the weight runs along k in memory: its blocks are then stored
 * transposed, W^T [nb x kb], so that reads and writes are sequential. */
static inline bool ks_wq_kmajor(const struct ks_wq *a)
{
    return (a->w_sk < 0 ? -a->w_sk : a->w_sk) <= (a->w_sn < 0 ? -a->w_sn : a->w_sn);
}

struct ks_ops {
    /* Dequantise rows [k0, k0+kb) x cols [j0, j0+nb) into W: [nb x kb]
     * (W^T) when k-major, else [kb x nb]; rounded (K2). tmp: max(kb, nb)
     * bytes. */
    void (*wq_dequant)(const struct ks_wq *a, float *W, int64_t k0, int64_t kb, int64_t j0,
                       int64_t nb, int8_t *tmp);
    /* C[i*ldc + j] = sum_r X[i*ldx + r] * dq(r, j) for i < m, j in [j0, j0+nb):
     * fused dequantise + dot, no block of the dequantised matrix. m is at
     * most KS_WQ_SMALL_M; wbuf: max(KS_WQ_CHUNK, nb) + m * k floats (the
     * last m * k: x de-interleaved for packed int4, simd_body_pvt.h QW2),
     * tmp: max(KS_WQ_CHUNK, nb) bytes. k-major weights: column by column, KS_WQ_CHUNK rows at a
     * time; row-major ones: row by row, C's rows grow by axpy. */
    void (*wq_small_m)(const struct ks_wq *a, const float *X, int64_t ldx, int64_t m, float *C,
                       int64_t ldc, int64_t j0, int64_t nb, float *wbuf, int8_t *tmp);
    /* C[i*ldc + j] = sum_r X[i*ldx + r] * w(r, j) for i < m, j < nb, m at
     * most KS_WQ_SMALL_M: each weight element read once and converted in
     * registers, float32 sums (HW1-HW3). wbuf: max(KS_WQ_CHUNK, nb) floats
     * (the portable build's converted chunk). */
    void (*mv_small_m)(const struct ks_mv *a, const float *X, int64_t ldx, int64_t m, float *C,
                       int64_t ldc, int64_t nb, float *wbuf);
    /* S[r*lds + j] = scale * dot(Q[r*ldq ..], K[j*ldk ..]) over D, r < R, j < kn;
     * K float32, or float16 when f16 (only where kv_f16). */
    void (*qk)(float *S, int64_t lds, const float *Q, int64_t ldq, int64_t R, const void *K,
               int64_t ldk, int64_t kn, int64_t D, float scale, bool f16);
    /* O[r*ldo + d] += sum_j P[r*ldp + j] * V[j*ldv + d], r < R, d < D; V as K. */
    void (*pv)(float *O, int64_t ldo, const float *P, int64_t ldp, int64_t R, const void *V,
               int64_t ldv, int64_t kn, int64_t D, bool f16);
    /* row[c] = exp(row[c] - mx) for c < n; returns their sum. */
    float (*exp_sum)(float *row, int64_t n, float mx);
    /* dst[c] = exp(src[c] - mx) for c < n (dst may be src); returns their sum.
     * pf: n floats to prefetch into the cache meanwhile (the next row; NULL:
     * none; K6). */
    float (*exp_sum_to)(float *dst, const float *src, int64_t n, float mx, const float *pf);
    /* max over row[0..n) (-inf for n = 0; NaN ignored). */
    float (*row_max)(const float *row, int64_t n);
    /* x[i] *= a for i < n. */
    void (*scale)(float *x, int64_t n, float a);
    /* y[i] = gelu(x[i]), the erf form x Phi(x) (K7); y may be x. */
    void (*gelu_erf)(float *y, const float *x, int64_t n);
    /* sum of x[i] over i < n; sum of (x[i] - m)^2 (K5). */
    double (*sum)(const float *x, int64_t n);
    double (*sum_sq)(const float *x, int64_t n, float m);
    /* y[i] = (x[i] - m) * rstd, times g[i], plus b[i] (g, b: NULL = none);
     * y may be x. nt: y's aligned vectors are stored around the cache (for
     * outputs larger than the cache; st_fence before they are published). */
    void (*norm_apply)(float *y, const float *x, int64_t n, float m, float rstd, const float *g,
                       const float *b, bool nt);
    /* One step of Softmax's row pipeline (K13), in one pass: tc[i] =
     * exp(xc[i] - mc), returning their sum (exp_sum_to's values); *mn = the
     * max of the next row xn (row_max's); op[i] = tp[i] * ip, the row before
     * (norm_apply's with m = 0, rstd = ip, nt). xn's lines are prefetched
     * ahead of its loads. */
    float (*softmax_step)(float *tc, const float *xc, int64_t n, float mc, const float *xn,
                          float *mn, float *op, const float *tp, float ip, bool nt);
    /* norm_apply(y, x, n, m, rstd, g, b, nt) and, in the same pass, the next
     * row's sum_sq(xn, n, 0) (sq) or sum(xn, n) (K13): the same values. */
    double (*norm_apply_next)(float *y, const float *x, int64_t n, float m, float rstd,
                              const float *g, const float *b, bool nt, const float *xn, bool sq);
    /* Orders the nt stores before the caller's next stores (x86-64 sfence). */
    void (*st_fence)(void);
    /* y[r*n + i] = float(q[r*n + i]) * scale r for r < rows, i < n, rounded to rt
     * (DT_F16 / DT_BF16; other: not rounded) as ops_round_f32 rounds (K8); scale r
     * at sc + r * ss bytes, of type sdt (DT_F32, DT_F16 or DT_BF16). */
    void (*dq_i8_rows)(float *y, const int8_t *q, int64_t n, int64_t rows, const void *sc,
                       int64_t ss, int sdt, int rt);
    /* One float32 rotary row of D elements, mode 0 (half) or 1 (interleave):
     * y = x * c -/+ rotate(x) * s; y may be x (K9). */
    void (*rope_row)(int mode, int64_t D, float *y, const float *x, const float *c,
                     const float *s);
    /* y[i] = float(h[i]) for i < n, float16 in, stored around the cache (K10). */
    void (*f16_nt)(float *y, const uint16_t *h, int64_t n);
    /* qk and pv read float16 keys / values in place (the F16C builds). */
    bool kv_f16;
};

/* A scratch buffer of at least `bytes` bytes owned by the calling thread
 * (kept and grown across calls, freed at thread exit; 64-byte aligned), so
 * that kernels on device workers do not map fresh pages at every launch.
 * NULL when out of memory. One user at a time per thread. */
void *ks_scratch_n(unsigned slot, size_t bytes);
/* Slot 0; slots: KS_SCRATCH_SLOTS, each its own buffer (a kernel whose
 * blocks also run on the calling thread keeps what it shares with them in
 * slot 1). */
#define KS_SCRATCH_SLOTS 2
static inline void *ks_scratch(size_t bytes)
{
    return ks_scratch_n(0, bytes);
}

/* The best build for this CPU, chosen once (K1); CPUACL_SIMD=portable or
 * CPUACL_SIMD=avx2 in the environment caps the choice at that build (tests
 * run each). */
const struct ks_ops *ks_get(void);
/* The chosen build's name: "avx512", "avx2" or "portable". */
const char *ks_name(void);
/* Whether the CPU has F16C (x86-64; false elsewhere). CPUID rather than
 * __builtin_cpu_supports("f16c"), which clang before 16 does not know (the
 * fuzzer's clang build, tests/fuzz). Callers also check AVX, which covers the
 * operating system's support of the registers. */
bool ks_cpu_f16c(void);

#endif /* CPUACL_OPS_ENGINE_SIMD_H */
