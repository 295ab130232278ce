/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_tan_v2.h: y = tan(x), float32 and float16.
 *
 * Declared as ops-math's experimental/math/tan_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TAN_V2_H
#define CPUACL_ACLNNOP_ACLNN_TAN_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTanV2: y: x's shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTanV2GetWorkspaceSize(const aclTensor *x, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTanV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TAN_V2_H */
