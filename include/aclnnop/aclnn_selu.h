/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_selu.h: out = scale * (self > 0 ? self : alpha (e^self - 1)), alpha 1.6733, scale 1.0507.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SELU_H
#define CPUACL_ACLNNOP_ACLNN_SELU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSelu: out: self's shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSeluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSelu(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceSelu: Selu written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSeluGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSelu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SELU_H */
