/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_cat.h: Concatenate a list of tensors along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CAT_H
#define CPUACL_ACLNNOP_ACLNN_CAT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCat: the tensors are joined along dim (negative counts from the end);
 * all other dims must agree. Their types promote together and the result
 * converts to out's type. One-dimensional tensors of shape [0] are skipped. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCatGetWorkspaceSize(const aclTensorList *tensors, int64_t dim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCat(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CAT_H */
