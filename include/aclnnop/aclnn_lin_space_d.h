/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_lin_space_d.h: ops-math's experimental LinSpaceD (the header its example
 * includes; CANN generates it from the op definition).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LIN_SPACE_D_H
#define CPUACL_ACLNNOP_ACLNN_LIN_SPACE_D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLinSpaceD: out FLOAT [num] = start + i * (end - start) / (num - 1) in float, start and end
 * one-element tensors (FLOAT16, FLOAT, BFLOAT16, INT8, INT16, INT32, UINT8) read at the launch,
 * num one value >= 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinSpaceDGetWorkspaceSize(const aclTensor *start, const aclTensor *end, const aclIntArray *num, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinSpaceD(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LIN_SPACE_D_H */
