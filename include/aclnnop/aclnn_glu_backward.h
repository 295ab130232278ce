/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_glu_backward.h: the gradient of the gated linear unit.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GLU_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_GLU_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGluBackward: self splits along dim into A, B (forward A sigmoid(B)); out (self's shape) gets gradOut sigmoid(B) and gradOut A s (1 - s). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGluBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *self, int64_t dim, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGluBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GLU_BACKWARD_H */
