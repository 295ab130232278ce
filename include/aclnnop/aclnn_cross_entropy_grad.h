/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_cross_entropy_grad.h: CrossEntropyGrad (ops-nn's experimental folder),
 * softmax(logits) - one_hot(target), the unreduced cross entropy's input gradient.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCrossEntropyGrad: logits and gradInput [N, C] of one type (FLOAT, FLOAT16, BFLOAT16),
 * target [N] INT32 in [0, C). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCrossEntropyGradGetWorkspaceSize(
    const aclTensor *logits, const aclTensor *target, aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCrossEntropyGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_GRAD_H */
