/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dropout_do_mask.h: apply a dropout bit mask.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The mask is CANN's bit
 * mask: element i of the data is bit i % 8 (lowest first) of UINT8 byte i / 8,
 * 1 keeps it; align(n, 128) / 8 bytes for n elements.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DROPOUT_DO_MASK_H
#define CPUACL_ACLNNOP_ACLNN_DROPOUT_DO_MASK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDropoutDoMask: out[i] = self[i] / (1 - prob) where mask's bit i is 1, else 0 (prob in
 * [0, 1]; prob 1 gives zeros). self and out (self's shape): FLOAT, FLOAT16, BFLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutDoMaskGetWorkspaceSize(const aclTensor *self, const aclTensor *mask, double prob, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutDoMask(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DROPOUT_DO_MASK_H */
