/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sum.h: elementwise sum of a tensor list (AccumulateNV2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SUM_H
#define CPUACL_ACLNNOP_ACLNN_SUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSum: out = tensors[0] + tensors[1] + ...; every tensor has out's type
 * and broadcasts to out's shape (1 to 64 tensors). Not a reduction: for
 * that see aclnnReduceSum. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSumGetWorkspaceSize(const aclTensorList *tensors, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSum(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SUM_H */
