/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_log1p_v2.h: y = log(1 + x1), float32 and float16.
 *
 * Declared as ops-math's experimental/math/log1p_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOG1P_V2_H
#define CPUACL_ACLNNOP_ACLNN_LOG1P_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLog1pV2: y: x1's shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLog1pV2GetWorkspaceSize(const aclTensor *x1, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLog1pV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOG1P_V2_H */
