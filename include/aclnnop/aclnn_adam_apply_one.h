/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_adam_apply_one.h: AdamApplyOne, TensorFlow's fused Adam step.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADAM_APPLY_ONE_H
#define CPUACL_ACLNNOP_ACLNN_ADAM_APPLY_ONE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAdamApplyOne: with g = input0, v = input1, m = input2, var = input3, lr = input4:
 * output0 = v mul2_x + g^2 mul3_x, output1 = m mul0_x + g mul1_x,
 * output2 = var - lr output1 / (sqrt(output0) + add2_y); FLOAT or FLOAT16, every tensor
 * broadcasting to input0's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdamApplyOneGetWorkspaceSize(const aclTensor *input0, const aclTensor *input1, const aclTensor *input2, const aclTensor *input3, const aclTensor *input4, const aclTensor *mul0_x, const aclTensor *mul1_x, const aclTensor *mul2_x, const aclTensor *mul3_x, const aclTensor *add2_y, const aclTensor *output0, const aclTensor *output1, const aclTensor *output2, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdamApplyOne(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADAM_APPLY_ONE_H */
