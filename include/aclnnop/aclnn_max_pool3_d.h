/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_pool3_d.h: 3-d max pooling with TensorFlow's padding modes, channels first
 * or last (ops-nn experimental/pooling/max_pool3_d).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_POOL3_D_H
#define CPUACL_ACLNNOP_ACLNN_MAX_POOL3_D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaxPool3D: out = the max over each window of x (FLOAT, FLOAT16, BFLOAT16; 5-d in
 * dataFormatOptional's layout, NCDHW or NDHWC, NULL: NDHWC). ksize, strides and
 * dilationOptional (NULL: 1) of 1, 3 (D, H, W) or 5 (the layout's order) values; padding
 * "VALID", "SAME" or "CALCULATED" (padsOptional: front, back, top, bottom, left, right;
 * ceilMode rounds the output size up). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool3DGetWorkspaceSize(const aclTensor *x, const aclIntArray *ksize, const aclIntArray *strides, const char *padding, const aclIntArray *padsOptional, const aclIntArray *dilationOptional, int64_t ceilMode, const char *dataFormatOptional, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool3D(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAX_POOL3_D_H */
