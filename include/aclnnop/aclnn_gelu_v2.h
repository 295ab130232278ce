/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gelu_v2.h: the Gaussian error linear unit with a choice of
 * approximation.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GELU_V2_H
#define CPUACL_ACLNNOP_ACLNN_GELU_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGeluV2: y = x * Phi(x); approximate 0 computes it with erf, 1 with the
 * tanh form 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))). x and y FLOAT,
 * FLOAT16 or BFLOAT16, one type and shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeluV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GELU_V2_H */
