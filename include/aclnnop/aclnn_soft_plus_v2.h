/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_soft_plus_v2.h: SoftPlusV2, softplus with beta 1.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFT_PLUS_V2_H
#define CPUACL_ACLNNOP_ACLNN_SOFT_PLUS_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftPlusV2: z = log(1 + exp(x)). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftPlusV2GetWorkspaceSize(const aclTensor *x, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftPlusV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFT_PLUS_V2_H */
