/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mean.h: Mean over dimensions.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MEAN_H
#define CPUACL_ACLNNOP_ACLNN_MEAN_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMean: dim: the dimensions to average over (empty = all); dtype: a floating
 * type, out's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMeanGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMean(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnMeanV2: Mean into out's type (floating); an empty dim averages every dim, or with
 * noopWithEmptyAxes copies self to out unchanged. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMeanV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim, bool noopWithEmptyAxes, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMeanV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MEAN_H */
