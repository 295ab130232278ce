/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_scatter.h: write (or add / multiply) values at indexed
 * positions along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SCATTER_H
#define CPUACL_ACLNNOP_ACLNN_SCATTER_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnScatter: out = self, then for each position p of index,
 * out[p with p[dim] = index[p]] = src[p] (reduce 0), += src[p] (1) or
 * *= src[p] (2). self, index and src share a rank; index is no larger than
 * src in any dim nor than self in any dim but `dim`; index values lie in
 * [0, self.size(dim)) (others fail the launch). self, src and out share a
 * type; index is INT32 or INT64. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index, const aclTensor *src, int64_t reduce, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatter(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnScatterValue: as aclnnScatter with every src element equal to value
 * (converted to self's type). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterValueGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index, const aclScalar *value, int64_t reduce, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterValue(CPUACL_ACLNN_LAUNCH_PARAMS);

/* The in-place forms update selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceScatterGetWorkspaceSize(aclTensor *selfRef, int64_t dim, const aclTensor *index, const aclTensor *src, int64_t reduce, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceScatter(CPUACL_ACLNN_LAUNCH_PARAMS);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceScatterValueGetWorkspaceSize(aclTensor *selfRef, int64_t dim, const aclTensor *index, const aclScalar *value, int64_t reduce, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceScatterValue(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SCATTER_H */
