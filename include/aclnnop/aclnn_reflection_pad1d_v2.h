/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_reflection_pad1d_v2.h: ops-math's experimental ReflectionPad1dV2 (the header its
 * example includes; CANN generates it from the op definition).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REFLECTION_PAD1D_V2_H
#define CPUACL_ACLNNOP_ACLNN_REFLECTION_PAD1D_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReflectionPad1dV2: x of 1 to 3 dims (FLOAT, FLOAT16, BFLOAT16); paddings = {left, right},
 * each smaller than the last dim; y (x's type) is x with its last dim reflected as
 * ReflectionPad1d does (no edge repeat). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReflectionPad1dV2GetWorkspaceSize(const aclTensor *x, const aclIntArray *paddings, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReflectionPad1dV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REFLECTION_PAD1D_V2_H */
