/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_constant_pad_nd.h: pad a tensor with a constant.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CONSTANT_PAD_ND_H
#define CPUACL_ACLNNOP_ACLNN_CONSTANT_PAD_ND_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnConstantPadNd: pad holds (before, after) pairs from the last dim
 * backwards (pad[0], pad[1] for the last dim, pad[2], pad[3] for the one
 * before, ...), at most two per dim; a negative amount crops. Elements outside
 * self get value converted to self's type. out has self's type and rank. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnConstantPadNdGetWorkspaceSize(const aclTensor *self, const aclIntArray *pad, const aclScalar *value, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConstantPadNd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CONSTANT_PAD_ND_H */
