/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/conv/conv_pvt.h: helpers of the convolution kernels (conv.c,
 * conv_backward.c): strided N-d views to and from contiguous float32.
 */
#ifndef CPUACL_OPS_CONV_CONV_H
#define CPUACL_OPS_CONV_CONV_H

#include "ops/engine/engine.h"

/* Copy the view t (at a launch's addresses) into dst, row-major float32. */
void ops_gather_f32(float *dst, const struct ops_tensor *t, void *const *addr);
/* Store the row-major float32 src into the view t; for float16/bfloat16
 * outputs src is rounded to that type in place first. */
void ops_scatter_f32(const struct ops_tensor *t, void *const *addr, const float *src);

#endif
