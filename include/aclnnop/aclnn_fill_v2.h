/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fill_v2.h: fill a tensor with a value held in a tensor (ops-math experimental).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FILL_V2_H
#define CPUACL_ACLNNOP_ACLNN_FILL_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFillV2: every element of selfRef = value's one element, converted (selfRef and value:
 * FLOAT, FLOAT16, BFLOAT16, INT16, INT32); aclnnInplaceFillTensor under ops-math's experimental
 * name. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFillV2GetWorkspaceSize(aclTensor *selfRef, const aclTensor *value, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFillV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FILL_V2_H */
