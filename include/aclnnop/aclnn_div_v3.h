/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_div_v3.h: out = self / other rounded by mode, as aclnnDivMod.
 *
 * Declared as ops-math's experimental/math/div_v3 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DIV_V3_H
#define CPUACL_ACLNNOP_ACLNN_DIV_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDivV3: mode 0 true division, 1 toward zero, 2 floor (others: 161002). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivV3GetWorkspaceSize(const aclTensor *self, const aclTensor *other, int64_t mode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DIV_V3_H */
