/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_left_shift.h: elementwise self << shiftBits for integer tensors.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LEFT_SHIFT_H
#define CPUACL_ACLNNOP_ACLNN_LEFT_SHIFT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLeftShift: shiftBits a tensor, broadcast; a count outside [0, 63] gives 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeftShiftGetWorkspaceSize(const aclTensor *self, const aclTensor *shiftBits, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeftShift(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnLeftShifts: shiftBits a scalar. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeftShiftsGetWorkspaceSize(const aclTensor *self, const aclScalar *shiftBits, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeftShifts(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LEFT_SHIFT_H */
