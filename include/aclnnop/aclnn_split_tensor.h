/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_split_tensor.h: Split a tensor into pieces of a given size along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SPLIT_TENSOR_H
#define CPUACL_ACLNNOP_ACLNN_SPLIT_TENSOR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSplitTensor: out gets ceil(size / splitSections) pieces of
 * splitSections along dim (the last one shorter), each of self's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSplitTensorGetWorkspaceSize(const aclTensor *self, uint64_t splitSections, int64_t dim, aclTensorList *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSplitTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SPLIT_TENSOR_H */
