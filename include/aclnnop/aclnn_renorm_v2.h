/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_renorm_v2.h: RenormV2, torch.renorm with numeric parameters.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RENORM_V2_H
#define CPUACL_ACLNNOP_ACLNN_RENORM_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRenormV2: each slice x[..., i, ...] along dim whose p-norm exceeds maxNorm scaled by
 * maxNorm / (norm + 1e-7) (torch.renorm); y of x's shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRenormV2GetWorkspaceSize(const aclTensor *x, double p, int64_t dim, double maxNorm, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRenormV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RENORM_V2_H */
