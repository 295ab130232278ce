/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_foreach_div_list_inplace.h: aclnnForeachDivListInplace, for each entry of the tensor list:
 * x1 /= x2.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds one executor for
 * the whole list (workspaceSize is always 0 in cpuacl), the second call (its
 * parameters: CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FOREACH_DIV_LIST_INPLACE_H
#define CPUACL_ACLNNOP_ACLNN_FOREACH_DIV_LIST_INPLACE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachDivListInplaceGetWorkspaceSize(const aclTensorList *x1, const aclTensorList *x2, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachDivListInplace(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FOREACH_DIV_LIST_INPLACE_H */
