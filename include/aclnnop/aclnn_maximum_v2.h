/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_maximum_v2.h: y = max(x1, x2), broadcast; NaN wins.
 *
 * Declared as ops-math's experimental/math/maximum_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAXIMUM_V2_H
#define CPUACL_ACLNNOP_ACLNN_MAXIMUM_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaximumV2: y: the broadcast shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaximumV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaximumV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAXIMUM_V2_H */
