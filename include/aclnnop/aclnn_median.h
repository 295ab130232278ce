/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_median.h: Medians: of a whole tensor or along one dimension, with or without NaN.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MEDIAN_H
#define CPUACL_ACLNNOP_ACLNN_MEDIAN_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMedian: valuesOut (self's type, one element) = the lower median of
 * every element of self (the ((n-1)/2)-th smallest; NaN counts as largest). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMedianGetWorkspaceSize(const aclTensor *self, aclTensor *valuesOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMedian(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnMedianDim: valuesOut = the lower median of self along dim, indicesOut
 * (INT64) = an index of it along dim. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMedianDimGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepDim, aclTensor *valuesOut, aclTensor *indicesOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMedianDim(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnNanMedian: as aclnnMedian ignoring NaN (all NaN: NaN). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNanMedianGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNanMedian(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnNanMedianDim: as aclnnMedianDim ignoring NaN. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNanMedianDimGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepDim, aclTensor *valuesOut, aclTensor *indicesOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNanMedianDim(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MEDIAN_H */
