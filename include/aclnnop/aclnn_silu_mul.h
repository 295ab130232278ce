/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_silu_mul.h: SiluMul, silu of one tensor times another.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SILU_MUL_H
#define CPUACL_ACLNNOP_ACLNN_SILU_MUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSiluMul: z = x sigmoid(x) y, x and y of one shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSiluMulGetWorkspaceSize(const aclTensor *x, const aclTensor *y, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSiluMul(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SILU_MUL_H */
