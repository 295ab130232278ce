/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mul_v2.h: y = x1 * x2, broadcast, with type promotion.
 *
 * Declared as ops-math's experimental/math/mul_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MUL_V2_H
#define CPUACL_ACLNNOP_ACLNN_MUL_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMulV2: y: the broadcast shape; integers wrap. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMulV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMulV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MUL_V2_H */
