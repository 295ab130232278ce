/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/matmul/quant_decode: WeightQuantBatchMatmulV2's decode kernel for the
 * shape ggml-cann gives it (float16 x, int8 or packed int4 weights viewed
 * transposed, float16 scales, no offset) on CPUs with AVX-512: the
 * dequantisation and its rounding to float16 are one native float16
 * multiply with AVX512-FP16, or a float32 multiply and one vcvtps2ph
 * without it (QD1-QD4, QD11 in quant_decode.c).
 */
#ifndef CPUACL_OPS_MATMUL_QUANT_DECODE_H
#define CPUACL_OPS_MATMUL_QUANT_DECODE_H

#include <stdbool.h>
#include <stdint.h>

/* A k-major quantised weight [k, n]: column j's k elements contiguous from
 * element w_off + j * w_sn of the storage at w (int8, or int4 packed two a
 * byte, element i in the low nibble of byte i / 2 when i is even; for int4,
 * w_off and w_sn are even: every column starts on a byte). Its float16
 * scales: group g (rows [g * group, (g + 1) * group)), column j at
 * sc[g * sc_sg + j * sc_sn] (strides 0 for per-tensor / per-channel). */
struct qd_wq {
    const void *w;
    int64_t w_off, w_sn;
    bool int4;
    int64_t k, group;
    const uint16_t *sc;
    int64_t sc_sg, sc_sn;
};

/* Whether the kernel runs here: an x86-64 CPU with AVX512-DQ whose
 * ops/engine/simd.h build is the AVX-512 one (CPUACL_SIMD=avx2 / portable,
 * which the tests use to run the other builds, turn it off too; so does
 * CPUACL_SIMD=avx512, the AVX-512 build without this kernel). */
bool qd_available(void);

/* C[i * ldc + c] = sum_r X[i * ldx + r] * round_f16(w(r, c) * scale) for
 * i < m (1..8), c < nb, columns [0, nb) of a (a view starting at the
 * block's first column). xp: m * (k + 32) floats of scratch, 64-byte
 * aligned (x packed by steps of 32, quant_decode.c QD5). */
void qd_small_m(const struct qd_wq *a, const float *X, int64_t ldx, int64_t m, float *C,
                int64_t ldc, int64_t nb, float *xp);

#endif /* CPUACL_OPS_MATMUL_QUANT_DECODE_H */
