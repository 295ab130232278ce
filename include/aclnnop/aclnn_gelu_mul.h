/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gelu_mul.h: GeluMul, gelu of the last dim's first half times its second half.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GELU_MUL_H
#define CPUACL_ACLNNOP_ACLNN_GELU_MUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGeluMul: input's last dim (2d) splits into x1 = [..., :d] and x2 = [..., d:];
 * out = gelu(x1) x2, gelu per approximateOptional ("none", the erf form, when NULL;
 * "tanh"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeluMulGetWorkspaceSize(const aclTensor *input, char *approximateOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeluMul(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GELU_MUL_H */
