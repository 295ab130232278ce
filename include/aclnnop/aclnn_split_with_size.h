/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_split_with_size.h: Split a tensor into pieces of listed sizes along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SPLIT_WITH_SIZE_H
#define CPUACL_ACLNNOP_ACLNN_SPLIT_WITH_SIZE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSplitWithSize: splitSize sums to self's size along dim; out[k] has
 * splitSize[k] there and self's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSplitWithSizeGetWorkspaceSize(const aclTensor *self, const aclIntArray *splitSize, int64_t dim, aclTensorList *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSplitWithSize(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SPLIT_WITH_SIZE_H */
