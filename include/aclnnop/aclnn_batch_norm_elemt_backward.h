/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batch_norm_elemt_backward.h: the input gradient of a synchronised batch norm.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBatchNormElemtBackward: with total = sum(counter): gradInput = (gradOut - sumDy / total -
 * (input - mean) * invstd^2 * sumDyXmu / total) * invstd * weight. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormElemtBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input, const aclTensor *mean, const aclTensor *invstd, const aclTensor *weight, const aclTensor *sumDy, const aclTensor *sumDyXmu, aclTensor *counter, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormElemtBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_BACKWARD_H */
