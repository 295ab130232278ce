/* SPDX-License-Identifier: Apache-2.0 */
/*
 * WeightQuantBatchMatmulV2's decode kernel with native float16 arithmetic,
 * or AVX-512F and F16C where the CPU lacks it (QD11) (quant_decode.h;
 * issue 31). The operator's numerics are those of the
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
 *  QD4. Run-time choice (qd_kind): the AVX-512 build chosen by
 *       ops/engine/simd.c and AVX512-DQ, checked once; the AVX512-FP16
 *       form where the CPU has it (unless CPUACL_SIMD_NO_FP16 is set and
 *       not 0: the tests run the other form there), else QD11's.
 *       CPUACL_SIMD=avx512 caps the choice below this kernel (the general
 *       AVX-512 path; the tests run it, and A/B measurements use it), as
 *       =avx2 and =portable cap ops/engine/simd.c's builds.
 *  QD11. The AVX-512F + F16C form (quant_decode_body_pvt.h included with
 *       QD_H 0; AMD Zen 4 / 5 and the Xeons before Sapphire Rapids lack
 *       AVX512-FP16): each half step of 16 int8 weights is sign-extended
 *       from memory to int32, converted, multiplied by the float32 scale
 *       (exact: QD1) and rounded to float16 by one vcvtps2ph to nearest
 *       even, the rounding vmulph does to the same exact product (overflow
 *       to inf; float16 subnormals kept with MXCSR's FTZ and DAZ set, as
 *       checked on this CPU), then widened as in
 *       the FP16 form; int4's tables likewise. Every other step (QD2-QD10:
 *       the blocking, passes, order of sums) is the same code, so the two
 *       forms give the same bits. On an AMD EPYC (Zen 5, no AVX512-FP16),
 *       where the general AVX-512 path ran instead before, one worker,
 *       fp16 x, group 32 (/tmp driver through the public API, medians of
 *       7): int8 m = 1 at k = 14336, n = 4096 (ggml's perf shape, 56 MiB)
 *       7.1 -> 14.1 GB/s of weights, k = n = 2048 11.2 -> 16.1; int4
 *       m = 1 5.9 -> 8.0 (ggml's shape); int8 m = 8 5.1 -> 5.5; int4
 *       m = 8 1.9 -> 2.8. The general path lacked QD5's blocking of x
 *       (its 57 KiB at k = 14336 read from the L2 for every column) and
 *       QD7's shared passes.
 *  QD12. The F16C form with groups of 32 (G32: a scale per step) converts
 *       a pass's scales of the chunk to float32 at its start (sixteen a
 *       vcvtph2ps when contiguous), so a step's scale is a broadcast load
 *       where it was a scalar load, conversion and broadcast per step and
 *       column (four micro-ops against the step's dozen; int4's table
 *       took them on top of its multiply and round trip). The same values.
 *       m = 1, k = n = 2048, one worker, best of 7 in three alternations
 *       under load: int8 15.9-17.1 -> 18.3-19.7 GB/s, int4 10.5-10.6 ->
 *       11.7-13.6; k = 14336, n = 4096 int8 12.2-13.7 -> 13.9-14.3.
 */
/* O3; loops aligned to 64 bytes (QD7: their speed moved 10% with placement) */
#pragma GCC optimize("O3", "align-loops=64")
#include "ops/matmul/quant_decode.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/simd.h"

/* The AVX512-FP16 intrinsics: GCC 12 has them; clang 14 and 15 (the fuzzer's
 * build, tests/fuzz) do not: there the kernel (both forms) is never
 * available. */
#if defined(__x86_64__) && !defined(__clang__) && __GNUC__ >= 12
#include <immintrin.h>

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

/* Room for a step's 32 float16 values (qd_hi). */
struct qd_sf {
    __m256i lo, hi;
};

/* vcvtps2ph's rounding: to nearest even, no exceptions (QD11) */
#define QD_RN (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)

#define QD_H 1
#define QD_N(x) x##_fp16
#define QD_T __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512fp16,fma,f16c")))
#include "ops/matmul/quant_decode_body_pvt.h"

#define QD_H 0
#define QD_N(x) x##_f16c
#define QD_T __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,fma,f16c")))
#include "ops/matmul/quant_decode_body_pvt.h"

/* QD4: which form runs here, checked once; relaxed: every thread computes
 * the same answer from the CPU and the environment. 0 = not yet known,
 * 1 = none, 2 = AVX-512F + F16C (QD11), 3 = AVX512-FP16. */
static int qd_kind(void)
{
    static atomic_int known;
    int v = atomic_load_explicit(&known, memory_order_relaxed);
    if (!v) {
        __builtin_cpu_init();
        const char *e = getenv("CPUACL_SIMD"), *h = getenv("CPUACL_SIMD_NO_FP16");
        if (strcmp(ks_name(), "avx512") || (e && !strcmp(e, "avx512")) ||
            !__builtin_cpu_supports("avx512dq"))
            v = 1;
        else if (__builtin_cpu_supports("avx512fp16") && !(h && *h && strcmp(h, "0")))
            v = 3;
        else
            v = 2;
        atomic_store_explicit(&known, v, memory_order_relaxed);
    }
    return v;
}

bool qd_available(void)
{
    return qd_kind() > 1;
}

void qd_small_m(const struct qd_wq *a, const float *X, int64_t ldx, int64_t m, float *C,
                int64_t ldc, int64_t nb, float *xp)
{
    if (qd_kind() == 3)
        qd_run_fp16(a, X, ldx, m, C, ldc, nb, xp);
    else
        qd_run_f16c(a, X, ldx, m, C, ldc, nb, xp);
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
