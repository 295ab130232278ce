/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_foreach_non_finite_check_and_unscale.h: aclnnForeachNonFiniteCheckAndUnscale, for each entry of the tensor list:
 * foundInf = 1.0 when scaledGrads hold an inf or NaN; scaledGrads *= invScale.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds one executor for
 * the whole list (workspaceSize is always 0 in cpuacl), the second call (its
 * parameters: CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FOREACH_NON_FINITE_CHECK_AND_UNSCALE_H
#define CPUACL_ACLNNOP_ACLNN_FOREACH_NON_FINITE_CHECK_AND_UNSCALE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(const aclTensorList *scaledGrads, const aclTensor *foundInf, const aclTensor *invScale, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachNonFiniteCheckAndUnscale(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FOREACH_NON_FINITE_CHECK_AND_UNSCALE_H */
