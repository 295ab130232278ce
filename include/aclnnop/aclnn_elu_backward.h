/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_elu_backward.h: the gradient of ELU.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ELU_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_ELU_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEluBackward: from the input (isResult false): x <= 0 ? g inputScale alpha scale exp(inputScale x) : g scale; from the result: y <= 0 ? g inputScale (y + alpha scale) : g scale. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclScalar *alpha, const aclScalar *scale, const aclScalar *inputScale, bool isResult, const aclTensor *selfOrResult, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEluBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ELU_BACKWARD_H */
