/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_addcdiv.h: self plus a scaled quotient.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADDCDIV_H
#define CPUACL_ACLNNOP_ACLNN_ADDCDIV_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAddcdiv: out = self + value * tensor1 / tensor2. The three tensors
 * broadcast together to out's shape; their types promote to a floating type
 * that must convert to out's. The in-place form writes selfRef, which must
 * have the broadcast shape and the promoted type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddcdivGetWorkspaceSize(const aclTensor *self, const aclTensor *tensor1, const aclTensor *tensor2, const aclScalar *value, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddcdiv(CPUACL_ACLNN_LAUNCH_PARAMS);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddcdivGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *tensor1, const aclTensor *tensor2, const aclScalar *value, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddcdiv(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADDCDIV_H */
