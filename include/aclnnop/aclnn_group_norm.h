/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_group_norm.h: Group normalisation of self [N, C, *] in `group`
 * groups of channels, with optional per-channel gamma/beta, and the
 * per-(N, group) mean and rstd.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Tensors may be non-contiguous views of up to 8 dims.
 * docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUP_NORM_H
#define CPUACL_ACLNNOP_ACLNN_GROUP_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormGetWorkspaceSize(
    const aclTensor *self, const aclTensor *gamma, const aclTensor *beta, int64_t N, int64_t C,
    int64_t HxW, int64_t group, double eps, aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUP_NORM_H */
