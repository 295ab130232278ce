/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_logit.h: out = log(z / (1 - z)), z = input clamped to [eps, 1 - eps]
 * (eps >= 0).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOGIT_H
#define CPUACL_ACLNNOP_ACLNN_LOGIT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnLogitGetWorkspaceSize(const aclTensor *input, double eps, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogit(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOGIT_H */
