/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_global_average_pool.h: the mean over every spatial dim of a
 * [N, C, spatial...] self (1 to 3 spatial dims); out [N, C, 1, ...].
 * float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GLOBAL_AVERAGE_POOL_H
#define CPUACL_ACLNNOP_ACLNN_GLOBAL_AVERAGE_POOL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnGlobalAveragePoolGetWorkspaceSize(
    const aclTensor *self, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGlobalAveragePool(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
