/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Rotary position embedding's one row (rope.c RP1), shared by the operators
 * that rotate with it: RotaryPositionEmbedding (rope.c) and ApplyRotaryPosEmb
 * (apply_rotary_pos_emb.c).
 */
#ifndef CPUACL_OPS_ATTENTION_ROPE_H
#define CPUACL_OPS_ATTENTION_ROPE_H

#include <stdint.h>

enum rope_mode { ROPE_HALF = 0, ROPE_INTERLEAVE, ROPE_QUARTER, ROPE_INTERLEAVE_HALF, ROPE_NMODES };

/* y = x * c + rotate(x) * s for one row of D floats in a mode (RP1); y must
 * not overlap x. */
void rope_row(int mode, int64_t D, float *restrict y, const float *restrict x,
              const float *restrict c, const float *restrict s);

#endif /* CPUACL_OPS_ATTENTION_ROPE_H */
