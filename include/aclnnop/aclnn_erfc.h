/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_erfc.h: out = erfc(self) = 1 - erf(self), without cancellation.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ERFC_H
#define CPUACL_ACLNNOP_ACLNN_ERFC_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnErfc: out: self's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnErfcGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnErfc(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceErfc: Erfc written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceErfcGetWorkspaceSize(const aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceErfc(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ERFC_H */
