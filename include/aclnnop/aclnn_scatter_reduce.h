/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_scatter_reduce.h: torch.scatter_reduce with an explicit includeSelf (ops-nn
 * index/scatter_elements_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SCATTER_REDUCE_H
#define CPUACL_ACLNNOP_ACLNN_SCATTER_REDUCE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnScatterReduce: out = self with src's values sent along dim to the positions index
 * (INT32, INT64) gives, reduced by reduce (0 none, 1 add, 2 mul, 3 max, 4 min, 5 mean) from
 * self's value (includeSelf) or from the first value sent. self, src, out of one type: UINT8,
 * INT8, INT16, INT32, INT64, BOOL, FLOAT16, FLOAT, DOUBLE, BFLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterReduceGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index, const aclTensor *src, int64_t reduce, bool includeSelf, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterReduce(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceScatterReduce: aclnnScatterReduce with out = selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceScatterReduceGetWorkspaceSize(aclTensor *selfRef, int64_t dim, const aclTensor *index, const aclTensor *src, int64_t reduce, bool includeSelf, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceScatterReduce(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SCATTER_REDUCE_H */
