/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_expandv.h: broadcast a tensor to a shape (ops-math experimental).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EXPANDV_H
#define CPUACL_ACLNNOP_ACLNN_EXPANDV_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnExpandv: aclnnExpand under ops-math's experimental name: out (self's type; FLOAT, FLOAT16,
 * BFLOAT16, INT8, UINT8, INT16, INT32, INT64, BOOL) = self broadcast to shape (-1 keeps a dim). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnExpandvGetWorkspaceSize(const aclTensor *self, const aclIntArray *shape, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnExpandv(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EXPANDV_H */
