/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_im2col_backward.h: sliding-block columns summed back into images.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_IM2COL_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_IM2COL_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIm2colBackward: the gradient of aclnnIm2col (torch's fold): gradOutput
 * ([N,] C * kh * kw, L) summed into out ([N,] C, inputSize[0], inputSize[1]); kernelSize,
 * dilation, padding and stride 2 values each. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIm2colBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclIntArray *inputSize, const aclIntArray *kernelSize, const aclIntArray *dilation, const aclIntArray *padding, const aclIntArray *stride, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIm2colBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_IM2COL_BACKWARD_H */
