/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fatrelu_mul.h: FatreluMul, threshold of the last dim's first half times its second half.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FATRELU_MUL_H
#define CPUACL_ACLNNOP_ACLNN_FATRELU_MUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFatreluMul: input's last dim (2d) splits into x1 = [..., :d] and x2 = [..., d:];
 * out = (x1 < threshold ? 0 : x1) x2, threshold a one-element tensor of input's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFatreluMulGetWorkspaceSize(const aclTensor *input, const aclTensor *threshold, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFatreluMul(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FATRELU_MUL_H */
