/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/pool/pool.h: the 2-d pooling builder behind aclnnMaxPool and
 * aclnnAvgPool2d, for callers inside the library that need asymmetric
 * padding (graph/: GE's MaxPool/AvgPool with padding "SAME").
 *
 * self [N, C, H, W] or [C, H, W]; out's shape is checked against
 * (H + pad_top + pad_bottom - dil_h (k_h - 1) - 1) / s_h + 1 (and W), the
 * division rounded up when ceil is set. pads = {top, left, bottom, right}.
 * Average pooling divides by divisor when non-zero, else by the window's
 * cells inside the input (count_include_pad = false) or inside the padded
 * input (true).
 */
#ifndef CPUACL_OPS_POOL_POOL_H
#define CPUACL_OPS_POOL_POOL_H

#include <stdbool.h>

#include "aclnn/aclnn_base.h"

aclnnStatus ops_pool2d_build(const char *op, const aclTensor *self, aclTensor *out, bool is_max,
                             const int64_t k[2], const int64_t s[2], const int64_t pads[4],
                             const int64_t dil[2], bool ceil, bool count_include_pad,
                             int64_t divisor, uint64_t *workspaceSize, aclOpExecutor **executor);

#endif
