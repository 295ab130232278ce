/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_mul_add_n.h: y = x1 * x3[0] + x2, x3 one element.
 *
 * Declared as ops-math's experimental/math/fused_mul_add_n defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_MUL_ADD_N_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_MUL_ADD_N_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFusedMulAddN: float32, float16, bfloat16, int32, int16; integers wrap. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedMulAddNGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *x3, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedMulAddN(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_MUL_ADD_N_H */
