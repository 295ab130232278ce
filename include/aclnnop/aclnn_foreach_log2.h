/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_foreach_log2.h: aclnnForeachLog2, for each entry of the tensor list:
 * log2 x.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds one executor for
 * the whole list (workspaceSize is always 0 in cpuacl), the second call (its
 * parameters: CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FOREACH_LOG2_H
#define CPUACL_ACLNNOP_ACLNN_FOREACH_LOG2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachLog2GetWorkspaceSize(const aclTensorList *x, const aclTensorList *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachLog2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FOREACH_LOG2_H */
