/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dropout_backward.h: the gradient of dropout.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The mask is CANN's bit
 * mask: element i of the data is bit i % 8 (lowest first) of UINT8 byte i / 8,
 * 1 keeps it; align(n, 128) / 8 bytes for n elements.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DROPOUT_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_DROPOUT_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDropoutBackward: out[i] = gradOutput[i] * scale where mask's bit i is 1, else 0 (scale
 * 0 or at least 1). gradOutput and out (its shape): FLOAT, FLOAT16, BFLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *mask, double scale, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DROPOUT_BACKWARD_H */
