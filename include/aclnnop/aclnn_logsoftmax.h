/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_logsoftmax.h: log of Softmax along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOGSOFTMAX_H
#define CPUACL_ACLNNOP_ACLNN_LOGSOFTMAX_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLogSoftmax: out = (self - max) - log(sum(exp(self - max))) along dim
 * (negative counts from the end); floating types, out shaped like self. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSoftmax(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOGSOFTMAX_H */
