/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_reduce_sum_v2.h: y = the sum of x over one axis.
 *
 * Declared as ops-math's experimental/math/reduce_sum_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REDUCE_SUM_V2_H
#define CPUACL_ACLNNOP_ACLNN_REDUCE_SUM_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReduceSumV2: axes one axis (negative from the end); keepdims nonzero keeps it with size 1. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReduceSumV2GetWorkspaceSize(const aclTensor *x, int64_t axes, int64_t keepdims, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReduceSumV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REDUCE_SUM_V2_H */
