/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_inv.h: out = 1 / self, float32, float16, bfloat16.
 *
 * Declared as ops-math's experimental/math/inv defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INV_H
#define CPUACL_ACLNNOP_ACLNN_INV_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInv: out: self's shape and type; 1 / 0 is inf. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInvGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInv(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INV_H */
