/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/conv/conv_pvt.h: helpers of the convolution kernels (conv.c,
 * conv_backward.c): strided N-d views to and from contiguous float32, and
 * the one im2col / col2im over 3 spatial dims (lower ranks run as 3-d with
 * outer dims of size 1).
 */
#ifndef CPUACL_OPS_CONV_CONV_H
#define CPUACL_OPS_CONV_CONV_H

#include "ops/engine/engine.h"

/* Copy the view t (at a launch's addresses) into dst, row-major float32. */
void ops_gather_f32(float *dst, const struct ops_tensor *t, void *const *addr);
/* Store the row-major float32 src into the view t; for float16/bfloat16
 * outputs src is rounded to that type in place first. */
void ops_scatter_f32(const struct ops_tensor *t, void *const *addr, const float *src);

/* Kernel, stride, padding (before) and dilation per spatial dim, outermost first. */
struct conv_geom {
    int64_t k[3], s[3], p[3], d[3];
};

/* A convolution parameter array of exactly sp values, each >= lo, into v (161002 naming
 * what otherwise). */
aclnnStatus conv_arr(const char *op, const aclIntArray *a, int sp, const char *what, int64_t lo,
                     int64_t *v);

/* The 3-d geometry of an sp-dim convolution (sp 1..3) from the dims of input xi, weight wi
 * and output yi ([N, C, spatial...]) and the sp values of stride, padding and dilation: the
 * outer dims a lower rank lacks have size 1, kernel 1, stride 1, padding 0, dilation 1. */
void conv_geom_fill(int sp, const int64_t *xi, const int64_t *wi, const int64_t *yi,
                    const int64_t *s, const int64_t *pd, const int64_t *dl, int64_t in[3],
                    int64_t out[3], struct conv_geom *g);

/* im2col: col[(c * K + kk) * npos + pos] = src plane c's cell o * s - p + kk * d for output
 * position pos (o per dim) and kernel cell kk, 0 in the padding; src has C planes of isz
 * cells, the positions are osz. add_back: col2im instead, src[cell] += col[...] over the
 * cells inside. */
void conv_im2col(float *col, float *src, int64_t C, const int64_t isz[3], const int64_t osz[3],
                 const struct conv_geom *g, bool add_back);

#endif
