/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_confusion_transpose.h: A transpose fused with a reshape.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CONFUSION_TRANSPOSE_H
#define CPUACL_ACLNNOP_ACLNN_CONFUSION_TRANSPOSE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnConfusionTranspose: transpose_first: out = x permuted by perm, then
 * reshaped to shape; else x reshaped to shape, then permuted. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnConfusionTransposeGetWorkspaceSize(const aclTensor *x, const aclIntArray *perm, const aclIntArray *shape, bool transpose_first, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConfusionTranspose(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CONFUSION_TRANSPOSE_H */
