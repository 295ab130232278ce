/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fast_gelu.h: the fast GELU, x sigmoid(1.702 x).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FAST_GELU_H
#define CPUACL_ACLNNOP_ACLNN_FAST_GELU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFastGelu: out = self / (1 + exp(-1.702 self)); FLOAT, FLOAT16, BFLOAT16, out of self's type and shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFastGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFastGelu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FAST_GELU_H */
