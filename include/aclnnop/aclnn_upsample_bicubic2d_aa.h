/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_upsample_bicubic2d_aa.h: anti-aliased bicubic resize of the last two dims.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_H
#define CPUACL_ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleBicubic2dAA: x 4-d (N, C, H, W); PyTorch's interpolate(mode='bicubic',
 * antialias=True): Keys' kernel with A = -0.5 widened by the scale when downsampling,
 * weights normalised to sum 1. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBicubic2dAAGetWorkspaceSize(const aclTensor *x, const aclIntArray *outputSize, const bool alignCorners, const double scalesH, const double scalesW, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBicubic2dAA(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_H */
