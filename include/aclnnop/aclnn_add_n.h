/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_add_n.h: out = the elementwise sum of a list of tensors.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADD_N_H
#define CPUACL_ACLNNOP_ACLNN_ADD_N_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAddN: out = tensors[0] + tensors[1] + ... (AccumulateNV2); every tensor and out of one type (FLOAT, FLOAT16, BFLOAT16, INT32, INT64), shapes equal or broadcasting to out's; integers wrap. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddNGetWorkspaceSize(const aclTensorList *tensors, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddN(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADD_N_H */
