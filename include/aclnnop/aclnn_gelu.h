/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gelu.h: out = 0.5 * self * (1 + tanh(sqrt(2 / pi) * (self +
 * 0.044715 * self^3))) (float32, float16, bfloat16; out has self's type).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GELU_H
#define CPUACL_ACLNNOP_ACLNN_GELU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGelu: out: self's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGelu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GELU_H */
