/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_pool2d_with_indices.h: 2-d max pooling of a 3-d [C, H, W] or 4-d
 * [N, C, H, W] self with PyTorch's parameters (kernelSize, stride - empty:
 * the kernel -, padding at most half the kernel, dilation: 1 or 2 values
 * each; ceilMode). WithIndices writes each maximum's flat position in its
 * input plane (INT32 or INT64, out's shape); WithMask writes an INT8 bit
 * mask [..., kH * kW, L] (bit o of row w: kernel cell w won output cell o;
 * L * 8 >= oH * oW) that MaxPool2dWithMaskBackward reads. float32, float16,
 * bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_POOL2D_WITH_INDICES_H
#define CPUACL_ACLNNOP_ACLNN_MAX_POOL2D_WITH_INDICES_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithMaskGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *kernelSize, const aclIntArray *stride,
    const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode, aclTensor *out,
    aclTensor *indices,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithMask(CPUACL_ACLNN_LAUNCH_PARAMS);

ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithIndicesGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *kernelSize, const aclIntArray *stride,
    const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode, aclTensor *out,
    aclTensor *indices,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithIndices(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
