/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_nonzero_v2.h: the coordinates of a tensor's nonzero elements, one column each.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NONZERO_V2_H
#define CPUACL_ACLNNOP_ACLNN_NONZERO_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNonzeroV2: out (INT64, [rank(self), M]) gets the coordinates of self's N nonzero
 * elements in row-major order, one per column (torch.nonzero(self).T); columns past N keep
 * what they held; N > M fails the launch. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNonzeroV2GetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNonzeroV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NONZERO_V2_H */
