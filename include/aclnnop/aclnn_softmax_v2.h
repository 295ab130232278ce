/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_softmax_v2.h: SoftmaxV2, Softmax under its later name.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFTMAX_V2_H
#define CPUACL_ACLNNOP_ACLNN_SOFTMAX_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftmaxV2: y = exp(x) / sum(exp(x)) along dim. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftmaxV2GetWorkspaceSize(const aclTensor *x, int64_t dim, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftmaxV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFTMAX_V2_H */
