/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batch_norm_elemt.h: batch normalisation with given statistics.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_H
#define CPUACL_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBatchNormElemt: output = (input - mean) * invstd * weight + bias per channel of input [N,
 * C, *]; weight, bias optional. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormElemtGetWorkspaceSize(const aclTensor *input, const aclTensor *weight, const aclTensor *bias, aclTensor *mean, aclTensor *invstd, double eps, aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormElemt(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_H */
