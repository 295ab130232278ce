/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_binary_cross_entropy_v2.h: BinaryCrossEntropyV2, the elementwise binary cross entropy.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_V2_H
#define CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBinaryCrossEntropyV2: z = -(y log x + (1 - y) log(1 - x)), each log clamped at -100. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyV2GetWorkspaceSize(const aclTensor *x, const aclTensor *y, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_V2_H */
