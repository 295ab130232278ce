/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_adam_apply_one_with_decay_assign.h: AdamApplyOneWithDecayAssign, AdamApplyOneWithDecay written back.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADAM_APPLY_ONE_WITH_DECAY_ASSIGN_H
#define CPUACL_ACLNNOP_ACLNN_ADAM_APPLY_ONE_WITH_DECAY_ASSIGN_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAdamApplyOneWithDecayAssign: aclnnAdamApplyOneWithDecay, then output0, output1,
 * output2 also written into input1, input2, input3. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdamApplyOneWithDecayAssignGetWorkspaceSize(const aclTensor *input0, const aclTensor *input1, const aclTensor *input2, const aclTensor *input3, const aclTensor *input4, const aclTensor *mul0_x, const aclTensor *mul1_x, const aclTensor *mul2_x, const aclTensor *mul3_x, const aclTensor *mul4_x, const aclTensor *add2_y, const aclTensor *output0, const aclTensor *output1, const aclTensor *output2, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdamApplyOneWithDecayAssign(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADAM_APPLY_ONE_WITH_DECAY_ASSIGN_H */
