/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_geglu.h: the GELU gated linear unit.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GEGLU_H
#define CPUACL_ACLNNOP_ACLNN_GEGLU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGeGluV3: self splits along dim (even size) into halves A and B; with
 * activateLeft out = gelu(A) * B and outGelu = gelu(A), else out = A * gelu(B)
 * and outGelu = gelu(B). approximate: 0 = erf, 1 = tanh. FLOAT, FLOAT16,
 * BFLOAT16; outputs of self's type and of its shape with dim halved. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeGluV3GetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t approximate, bool activateLeft, aclTensor *out, aclTensor *outGelu, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeGluV3(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnGeGlu: aclnnGeGluV3 with activateLeft false (the second half B is activated). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeGluGetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t approximate, aclTensor *out, aclTensor *outGelu, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeGlu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GEGLU_H */
