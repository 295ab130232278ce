/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_add.h: out = self + alpha * other, with type promotion and
 * broadcasting.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADD_H
#define CPUACL_ACLNNOP_ACLNN_ADD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAdd: self, other: tensors of float, integer or bool type that broadcast
 * together (at most 8 dims); out: their broadcast shape, a type the promoted
 * type casts to; alpha: a scalar castable to the promoted type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdd(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnAdds: out = self + alpha * other for a scalar other; out has self's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdds(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceAdd: selfRef += alpha * other; other broadcasts to selfRef's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAdd(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceAdds: selfRef += alpha * other for a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *other, const aclScalar *alpha, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAdds(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADD_H */
