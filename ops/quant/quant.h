/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the quantisation room's files share (ops/quant): views of tensors
 * whose type the engine's dtype index lacks (UINT64 quantisation parameters
 * are read as their INT64 bits), the decoding of TransQuantParam's 64-bit
 * words and the rounding of a value to a saturated integer.
 */
#ifndef CPUACL_OPS_QUANT_QUANT_H
#define CPUACL_OPS_QUANT_QUANT_H

#include "ops/engine/engine.h"

/* Register t (NULL: an absent optional tensor) as the executor's next slot and
 * fill v from it; a UINT64 tensor is viewed as INT64 (the same bits), an INT4
 * one keeps its element dims, strides and offset under dt DT_I8, which only a
 * reader of nibbles (qt_gather4) may use. On failure e is discarded and the
 * error (161002 naming what) returned. */
aclnnStatus qt_view(struct aclOpExecutor *e, struct ops_tensor *v, const aclTensor *t,
                    const char *what);

/* The float scale in a TransQuantParam word (its low 32 bits) and its 9-bit
 * signed offset (bits 37..45). */
float qt_word_scale(uint64_t w);
int qt_word_offset(uint64_t w);

/* A whole view into a contiguous buffer of kind ck (NULL: out of memory; the
 * caller frees it), and such a buffer back into a view. */
void *qt_gather(const struct ops_tensor *t, void *const *addr, int ck);
void qt_scatter(const void *buf, const struct ops_tensor *t, void *const *addr, int ck);

/* n values (each in [-8, 7]; others keep their low 4 bits) packed in order
 * into dst: two a byte, the even element in the low nibble (the INT4 layout),
 * or with words eight a little-endian 32-bit word, the first in the low bits
 * (n a multiple of 8). */
void qt_pack4(void *dst, const int64_t *v, int64_t n, bool words);

/* The [rows, cols] INT4 matrix at element offset off of base (element
 * strides rs, cs; two values a byte, the even element in the low nibble)
 * into dst, row-major, sign-extended. */
void qt_gather4(int64_t *dst, const void *base, int64_t off, int64_t rows, int64_t cols, int64_t rs,
                int64_t cs);

/* v rounded by mode (0 half to even, 1 half away from zero, 2 floor, 3 ceil,
 * 4 trunc) and saturated to [lo, hi]; NaN gives 0. */
int64_t qt_round_sat(double v, int mode, int64_t lo, int64_t hi);

#endif /* CPUACL_OPS_QUANT_QUANT_H */
