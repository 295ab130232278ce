/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_convolution.h: 1-d (NCL), 2-d (NCHW), 3-d (NCDHW) and transposed
 * convolution, with groups, stride, padding (symmetric, one value per
 * spatial dim), dilation and an optional bias [Cout].
 *
 *   forward:    input [N, Cin, *in], weight [Cout, Cin/groups, *k],
 *               out   [N, Cout, (in + 2p - d(k-1) - 1)/s + 1 ...]
 *   transposed: weight [Cin, Cout/groups, *k],
 *               out   [N, Cout, (in-1)s - 2p + d(k-1) + outputPadding + 1 ...]
 *
 * float32, float16 and bfloat16 (computed in float32); tensors may be
 * non-contiguous views. cubeMathType is accepted (0..3) and ignored: the
 * products always run in float32.
 *
 * aclnnConvTbc: torch.conv_tbc, a 1-d convolution of self [T, B, Cin] with
 * weight [K, Cin, Cout] and bias [Cout] (required), padding pad (0..255) on
 * both ends of T: output [T + 2 pad - K + 1, B, Cout].
 * aclnnConvDepthwise2d: a 2-d convolution with groups = Cin: weight
 * [Cout, 1, KH, KW] (Cout a multiple of Cin), kernelSize (KH, KW), stride
 * 1..63, padding 0..255, optional bias.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CONVOLUTION_H
#define CPUACL_ACLNNOP_ACLNN_CONVOLUTION_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnConvolutionGetWorkspaceSize(
    const aclTensor *input, const aclTensor *weight, const aclTensor *bias,
    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation,
    bool transposed, const aclIntArray *outputPadding, const int64_t groups, aclTensor *output,
    int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConvolution(CPUACL_ACLNN_LAUNCH_PARAMS);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConvTbcGetWorkspaceSize(const aclTensor *self, const aclTensor *weight, const aclTensor *bias, const int64_t pad, aclTensor *output, int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConvTbc(CPUACL_ACLNN_LAUNCH_PARAMS);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConvDepthwise2dGetWorkspaceSize(const aclTensor *self, const aclTensor *weight, const aclIntArray *kernelSize, const aclTensor *bias, const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, aclTensor *out, int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConvDepthwise2d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
