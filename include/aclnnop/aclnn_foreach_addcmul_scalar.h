/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_foreach_addcmul_scalar.h: aclnnForeachAddcmulScalar, for each entry of the tensor list:
 * x1 + scalar * x2 * x3 (a one-element tensor).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds one executor for
 * the whole list (workspaceSize is always 0 in cpuacl), the second call (its
 * parameters: CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FOREACH_ADDCMUL_SCALAR_H
#define CPUACL_ACLNNOP_ACLNN_FOREACH_ADDCMUL_SCALAR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachAddcmulScalarGetWorkspaceSize(const aclTensorList *x1, const aclTensorList *x2, const aclTensorList *x3, const aclTensor *scalar, const aclTensorList *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachAddcmulScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FOREACH_ADDCMUL_SCALAR_H */
