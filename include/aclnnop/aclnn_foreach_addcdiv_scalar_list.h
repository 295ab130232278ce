/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_foreach_addcdiv_scalar_list.h: aclnnForeachAddcdivScalarList, for each entry of the tensor list:
 * x1 + scalars[i] * x2 / x3 (scalars: a tensor of one value per entry).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds one executor for
 * the whole list (workspaceSize is always 0 in cpuacl), the second call (its
 * parameters: CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FOREACH_ADDCDIV_SCALAR_LIST_H
#define CPUACL_ACLNNOP_ACLNN_FOREACH_ADDCDIV_SCALAR_LIST_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachAddcdivScalarListGetWorkspaceSize(const aclTensorList *x1, const aclTensorList *x2, const aclTensorList *x3, const aclTensor *scalars, const aclTensorList *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachAddcdivScalarList(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FOREACH_ADDCDIV_SCALAR_LIST_H */
