/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_right_shift.h: elementwise arithmetic input >> shiftBits for integer tensors.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RIGHT_SHIFT_H
#define CPUACL_ACLNNOP_ACLNN_RIGHT_SHIFT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRightShift: broadcast; a count outside [0, 63] gives 0 (-1 for a negative input). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRightShiftGetWorkspaceSize(const aclTensor *input, const aclTensor *shiftBits, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRightShift(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RIGHT_SHIFT_H */
