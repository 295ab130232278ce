/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_deep_norm.h: DeepNorm: LayerNorm of alpha * x + gx.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DEEP_NORM_H
#define CPUACL_ACLNNOP_ACLNN_DEEP_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnDeepNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gx, const aclTensor *beta, const aclTensor *gamma, double alpha, double epsilon, const aclTensor *meanOut, const aclTensor *rstdOut, const aclTensor *yOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDeepNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DEEP_NORM_H */
