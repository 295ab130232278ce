/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/pool/pool.h: the windowed pooling builder behind aclnnMaxPool and
 * aclnnAvgPool2d, for callers inside the library that need asymmetric
 * padding (graph/: GE's MaxPool/AvgPool with padding "SAME", MaxPool3D and
 * AvgPool3D). A max also takes int8, uint8 and int16 here (GE's MaxPool declares them).
 *
 * sp spatial dims (1 to 3); self [N, C, spatial...] or [C, spatial...]; k, s
 * and dil have sp values, pads 2 sp: the sp befores then the sp afters
 * (2-d: {top, left, bottom, right}). out's shape is checked against
 * (D + before + after - dil (k - 1) - 1) / s + 1 per spatial dim D, the
 * division rounded up when ceil is set. Average pooling divides by divisor
 * when non-zero, else by the window's cells inside the input
 * (count_include_pad = false) or inside the padded input (true).
 */
#ifndef CPUACL_OPS_POOL_POOL_H
#define CPUACL_OPS_POOL_POOL_H

#include <stdbool.h>

#include "aclnn/aclnn_base.h"

aclnnStatus ops_pool_build(const char *op, int sp, const aclTensor *self, aclTensor *out,
                           bool is_max, const int64_t *k, const int64_t *s, const int64_t *pads,
                           const int64_t *dil, bool ceil, bool count_include_pad, int64_t divisor,
                           uint64_t *workspaceSize, aclOpExecutor **executor);

#endif
