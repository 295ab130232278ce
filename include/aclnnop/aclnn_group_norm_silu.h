/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_group_norm_silu.h: GroupNormSilu, GroupNorm followed by silu.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SILU_H
#define CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SILU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupNormSilu: self [N, C, ...] normalised per (sample, group of C / group channels),
 * out = silu((x - mean) rstd gamma + beta), meanOut and rstdOut (N, group) of self's type;
 * gamma and beta (C) of self's type or FLOAT. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormSiluGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma, const aclTensor *beta, int64_t group, double eps, aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormSilu(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnGroupNormSiluV2: aclnnGroupNormSilu with silu applied only when activateSilu. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormSiluV2GetWorkspaceSize(const aclTensor *self, const aclTensor *gamma, const aclTensor *beta, int64_t group, double eps, bool activateSilu, aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormSiluV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SILU_H */
