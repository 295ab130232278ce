/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_resize.h: resize of the H and W dims by scales.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RESIZE_H
#define CPUACL_ACLNNOP_ACLNN_RESIZE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnResize: self 4-d (N, C, H, W); scales has 4 values, N's and C's 1; out's H and
 * W are floor(H * scales[2]) and floor(W * scales[3]); mode "nearest" (source index
 * floor(o * H / OH)) or "bilinear" (half-pixel centres, as aclnnUpsampleBilinear2d
 * without alignCorners). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnResizeGetWorkspaceSize(const aclTensor *self, const aclFloatArray *scales, const char *mode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnResize(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RESIZE_H */
