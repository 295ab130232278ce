/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_nonzero.h: The coordinates of a tensor's nonzero elements.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NONZERO_H
#define CPUACL_ACLNNOP_ACLNN_NONZERO_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNonzero: out (INT64, 2-d [self's element count, self's rank]) gets in
 * its first rows the coordinates of self's nonzero elements, one row each, in
 * row-major order (torch.nonzero); the remaining rows keep their values. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNonzeroGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNonzero(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NONZERO_H */
