/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_group_norm_swish.h: GroupNormSwish, GroupNorm followed by swish.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SWISH_H
#define CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SWISH_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupNormSwish: x [N, C, ...] normalised per (sample, group of C / numGroups
 * channels), yOut = v sigmoid(swishScale v) of v = (x - mean) rstd gamma + beta when
 * activateSwish (else v); gamma and beta (C) of x's type or FLOAT, meanOut and rstdOut
 * (N, numGroups) of gamma's type; dataFormatOptional NULL, "NCHW" or "ND". */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormSwishGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, const aclTensor *beta, int64_t numGroups, char *dataFormatOptional, double eps, bool activateSwish, double swishScale, const aclTensor *yOut, const aclTensor *meanOut, const aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormSwish(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SWISH_H */
