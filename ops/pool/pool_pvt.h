/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/pool/pool_pvt.h: the one parameterised pooling implementation (pool.c)
 * behind every operator of the pooling room (max.c, avg.c): a description of
 * the windows (1 to 3 spatial dims, kernel, stride, padding before and after,
 * dilation, ceil mode, or adaptive windows) and of the operation (max with or
 * without indices or a bit mask, average with its divisor rule, and the
 * gradients of both), checked and planned by pool_build.
 */
#ifndef CPUACL_OPS_POOL_POOL_PVT_H
#define CPUACL_OPS_POOL_POOL_PVT_H

#include <stdbool.h>

#include "aclnn/aclnn_base.h"

enum pool_kind { POOL_MAX, POOL_AVG };
/* What the max pooling records of its winners: nothing, the flat index in the
 * input plane (INT32 / INT64), or CANN's bit mask (INT8 [..., kH * kW, L]: bit
 * o of row w says that window position w won output cell o). */
enum pool_idx { POOL_IDX_NONE, POOL_IDX_FLAT, POOL_IDX_MASK };

struct pool_spec {
    const char *op;
    enum pool_kind kind;
    bool backward; /* gradients: gy (grad of out) -> y (grad of x) */
    bool adaptive; /* windows from the output size (out[]), k/s/pads unused */
    enum pool_idx idx;
    int sp;                                   /* spatial dims, 1..3 */
    int64_t k[3], s[3], plo[3], phi[3], d[3]; /* per spatial dim, outermost first */
    int64_t out[3];                           /* adaptive: the output size */
    bool ceil, include_pad;
    int64_t divisor;            /* 0: by the window's cells */
    unsigned dt_mask, idx_mask; /* accepted types of the data and the indices */
    /* x: the pooled input (backward: self, for its shape); gy: the output's gradient
     * (backward); y: out (forward) or the input's gradient (backward); ind: indices or mask
     * (NULL when idx is POOL_IDX_NONE). The names say how messages call them. */
    const aclTensor *x, *gy, *ind;
    aclTensor *y, *ind_out;
    const char *x_name, *gy_name, *y_name, *ind_name;
    /* A forward without indices may read x and y in another layout: perm[i] is the dim of x
     * (and of y) holding dim i of [N, C, spatial...] (NDHWC: 0, 4, 1, 2, 3); NULL: none (PL8). */
    const int *perm;
};

/* A description with the usual parameter names: x "self", y y_name (or "out" forward,
 * "gradInput" backward), gy "gradOutput" (backward when gy is given), indices "indices". */
struct pool_spec pool_spec_of(const char *op, enum pool_kind kind, int sp, unsigned dt_mask,
                              const aclTensor *x, const aclTensor *gy, aclTensor *y,
                              const char *y_name);

/* Adaptive pooling (PL2): forward (gy NULL) to outputSize, or backward (gy given) from gy's
 * spatial size; ind: the indices (max: INT32 / INT64 in dt2) or NULL (average). */
aclnnStatus pool_adaptive(const char *op, enum pool_kind kind, int sp, unsigned dt, unsigned dt2,
                          const aclTensor *gy, const aclTensor *self, aclTensor *ind,
                          const aclIntArray *outputSize, aclTensor *y, const char *y_name,
                          uint64_t *workspaceSize, aclOpExecutor **executor);

/* The global poolings: every spatial dim of a [N, C, spatial...] self (1 to 3 spatial dims)
 * into out [N, C, 1, ...]. */
aclnnStatus pool_global(const char *op, enum pool_kind kind, unsigned dt_mask,
                        const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                        aclOpExecutor **executor);

/* Check every argument of s against each other (ranks: sp + 1 or sp + 2 dims, the leading
 * ones planes; types; shapes of out, indices, gradients) and plan the launch: 161001 NULL,
 * 161002 anything else, with a message naming the parameter. */
aclnnStatus pool_build(const struct pool_spec *s, uint64_t *workspaceSize,
                       aclOpExecutor **executor);

/* A pooling parameter array of 1 (every dim) or sp values into v; an empty or absent array
 * gives dflt (NULL: refused). lo: the smallest value allowed. */
aclnnStatus pool_arr(const char *op, const aclIntArray *a, const char *what, int sp,
                     const int64_t *dflt, int64_t lo, int64_t *v);

/* The window parameters of a windowed pooling into s (s->sp set): kernel (1 or sp values,
 * >= 1), stride (empty: the kernel), padding (empty: 0; before = after), dilation (NULL or
 * empty: 1). */
aclnnStatus pool_window(struct pool_spec *s, const aclIntArray *kernel, const aclIntArray *stride,
                        const aclIntArray *padding, const aclIntArray *dilation);

#endif /* CPUACL_OPS_POOL_POOL_PVT_H */
