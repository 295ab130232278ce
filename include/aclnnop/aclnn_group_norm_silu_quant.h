/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_group_norm_silu_quant.h: GroupNorm of self [N, C, *] followed by silu,
 * quantised to INT8 as round(v / quantScale) (one scale or one per channel), with the groups'
 * mean and rstd.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SILU_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SILU_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormSiluQuantGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma, const aclTensor *beta, const aclTensor *quantScale, int64_t group, double eps, bool activateSilu, aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormSiluQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUP_NORM_SILU_QUANT_H */
