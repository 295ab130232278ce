/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/matmul/quant_int8x: WeightQuantBatchMatmulV3's high-performance mode
 * (innerPrecise = 1) for A16W4 per-group decode shapes: x quantised to int8
 * per row and antiquant group, the packed int4 weights dotted with it in
 * exact integer arithmetic by AVX512-VNNI (vpdpbusd), one float32
 * multiply-add per group, row and column (QX1-QX12 in quant_int8x.c).
 */
#ifndef CPUACL_OPS_MATMUL_QUANT_INT8X_H
#define CPUACL_OPS_MATMUL_QUANT_INT8X_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Rows of x up to which the mode runs (CANN: batchSize <= 16). */
#define QX_MAX_M 16

/* A packed int4 weight [k, n] (quant_matmul.c QM3's storage), k-major:
 * column j's k elements contiguous from element w_off + j * w_sn of w (w_off
 * and w_sn even: every column starts on a byte); or n-contiguous when nc
 * (CANN's ND layout, QX10): element (r, j) at w_off + r * w_sk + j (w_off and
 * w_sk even: every row starts on a byte, columns 2 i and 2 i + 1 share one;
 * w_sn unused). Groups of `group` rows (a
 * multiple of 32; the last one may be shorter). Its scales: group g, column
 * j at sc[g * p_sg + j * p_sn] (elements; any strides, p_sn = 1 or p_sg = 1
 * by vectors), float32, or float16 read in place when f16; the offsets (or
 * NULL) likewise in of, of the same type and strides. */
struct qx_wq {
    const void *w;
    int64_t w_off, w_sn, w_sk;
    bool nc;
    int64_t k, group;
    const void *sc, *of;
    int64_t p_sg, p_sn;
    bool f16;
};

/* Whether the kernel runs here: an x86-64 CPU with AVX512-VNNI whose
 * ops/engine/simd.h build is the AVX-512 one, with CPUACL_SIMD unset
 * (=avx512, =avx2 and =portable all turn it off: the exact mode runs). */
bool qx_available(void);

/* Whether the n-contiguous kernel (QX10) runs: qx_available() and
 * AVX512-VBMI (vpermb). */
bool qx_nc_available(void);

/* Output columns per pass of the n-contiguous kernel (QX10: a 64-byte line
 * of each row): blocks of a split launch start at multiples of it
 * (quant_matmul.c QM7). */
#define QX_NC_COLS 128

/* Bytes of scratch qx_run needs for m rows of x (64-byte aligned). */
size_t qx_scratch_bytes(int64_t m, int64_t k, int64_t group);

/* C[i * ldc + c] for i < m (1..QX_MAX_M), c < nb: the product of the m rows
 * of X (float32, row i at X + i * ldx) with columns [0, nb) of a (a view
 * starting at the block's first column), by QX1-QX4's algorithm (QX10's
 * kernel when a->nc: the same values). */
void qx_run(const struct qx_wq *a, const float *X, int64_t ldx, int64_t m, float *C, int64_t ldc,
            int64_t nb, void *scratch);

#endif /* CPUACL_OPS_MATMUL_QUANT_INT8X_H */
