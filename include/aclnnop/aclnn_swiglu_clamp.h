/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_swiglu_clamp.h: SwigluClamp, SwiGlu along the last dim with both halves clamped.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SWIGLU_CLAMP_H
#define CPUACL_ACLNNOP_ACLNN_SWIGLU_CLAMP_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSwigluClamp: gate, up = x's last dim halves; y = min(silu(gate), limit) clamp(up, -limit, limit). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwigluClampGetWorkspaceSize(const aclTensor *x, double limit, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwigluClamp(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SWIGLU_CLAMP_H */
