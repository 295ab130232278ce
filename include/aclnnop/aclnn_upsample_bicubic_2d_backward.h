/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_upsample_bicubic_2d_backward.h: the gradient of an upsampling operator.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UPSAMPLE_BICUBIC_2D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_UPSAMPLE_BICUBIC_2D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleBicubic2dBackward: the gradient of aclnnUpsampleBicubic2d. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBicubic2dBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclIntArray *outputSize, const aclIntArray *inputSize, const bool alignCorners, double scalesH, double scalesW, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBicubic2dBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UPSAMPLE_BICUBIC_2D_BACKWARD_H */
