/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_geglu_backward.h: the gradients of the GELU gated linear unit.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GEGLU_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_GEGLU_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGeGluBackward: the gradient of aclnnGeGlu (the second half activated) from gradOutput and the forward's gelu output; approximate 0 erf, 1 tanh. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeGluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gelu, int64_t dim, int64_t approximate, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeGluBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnGeGluV3Backward: the gradient of aclnnGeGluV3 (activateLeft: the first half activated). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeGluV3BackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gelu, int64_t dim, int64_t approximate, bool activateLeft, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeGluV3Backward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GEGLU_BACKWARD_H */
