/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_convolution_backward.h: the gradients of aclnnConvolution
 * (1-d, 2-d or 3-d; forward or transposed) with respect to its input
 * (gradInput, input's shape), weight (gradWeight, weight's shape) and bias
 * (gradBias, [Cout]), each written when its outputMask entry (3 values) is
 * true. stride, padding, dilation and outputPadding hold 1 or (rank - 2)
 * values; groups divides both channel counts; gradOutput must have the
 * forward's output shape. biasSizes, when given, is [Cout]. cubeMathType is
 * accepted (0..3) and ignored. float32, float16, bfloat16 (one type).
 * (CANN's header also declares ConvTbcBackward and DeformableConv2dBackward;
 * they are not provided.)
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CONVOLUTION_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_CONVOLUTION_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnConvolutionBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *input, const aclTensor *weight,
    const aclIntArray *biasSizes, const aclIntArray *stride, const aclIntArray *padding,
    const aclIntArray *dilation, bool transposed, const aclIntArray *outputPadding, int groups,
    const aclBoolArray *outputMask, int8_t cubeMathType, aclTensor *gradInput,
    aclTensor *gradWeight, aclTensor *gradBias, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConvolutionBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
