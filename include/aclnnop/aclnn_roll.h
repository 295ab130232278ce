/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_roll.h: roll a tensor along dims.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROLL_H
#define CPUACL_ACLNNOP_ACLNN_ROLL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRoll: Each element moves shifts[i] places along dims[i] (wrapping
 * around); with dims empty the tensor is rolled as one flat sequence by
 * shifts[0]. out has x's type and shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRollGetWorkspaceSize(const aclTensor *x, const aclIntArray *shifts, const aclIntArray *dims, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoll(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROLL_H */
