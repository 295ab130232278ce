/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_upsample_nearest_exact2d_backward.h: the gradient of an upsampling operator.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT2D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT2D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleNearestExact2dBackward: the gradient of aclnnUpsampleNearestExact2d. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclIntArray *outputSize, const aclIntArray *inputSize, double scalesH, double scalesW, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact2dBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT2D_BACKWARD_H */
