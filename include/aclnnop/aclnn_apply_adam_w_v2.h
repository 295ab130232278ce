/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_adam_w_v2.h: one AdamW step in place, the step count in a tensor.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_W_V2_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_W_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnApplyAdamWV2: as aclnnApplyAdamW with beta1Power = beta1^step, beta2Power = beta2^step (step a one-element FLOAT, FLOAT16, BFLOAT16 or INT64 tensor, not incremented) and the other hyper-parameters as numbers. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyAdamWV2GetWorkspaceSize(aclTensor *varRef, aclTensor *mRef, aclTensor *vRef, aclTensor *maxGradNormOptionalRef, const aclTensor *grad, const aclTensor *step, float lr, float beta1, float beta2, float weightDecay, float eps, bool amsgrad, bool maximize, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyAdamWV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_W_V2_H */
