/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_instance_norm.h: instance normalisation of a 4-d x ("NCHW" or "NHWC"): each
 * sample's channel normalised over H x W, then gamma and beta per channel; its mean and biased
 * variance per (N, C).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INSTANCE_NORM_H
#define CPUACL_ACLNNOP_ACLNN_INSTANCE_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnInstanceNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, const aclTensor *beta, const char *dataFormat, double eps, aclTensor *y, aclTensor *mean, aclTensor *variance, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInstanceNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INSTANCE_NORM_H */
