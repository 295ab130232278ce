/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ger.h: outer product of two vectors.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GER_H
#define CPUACL_ACLNNOP_ACLNN_GER_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGer: out[i][j] = self[i] * vec2[j]; self and vec2 1-d, out [n, m]; their
 * types promote to a type that must convert to out's. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGerGetWorkspaceSize(const aclTensor *self, const aclTensor *vec2, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGer(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GER_H */
