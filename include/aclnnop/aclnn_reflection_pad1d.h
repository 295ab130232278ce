/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_reflection_pad1d.h: pad the last dim by reflection.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REFLECTION_PAD1D_H
#define CPUACL_ACLNNOP_ACLNN_REFLECTION_PAD1D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReflectionPad1d: self is 2-d or 3-d; padding = {left, right}, each
 * smaller than the last dim; out's last dim is self's plus both, element j
 * taking self's element |j - left| reflected at the far edge (no edge repeat). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReflectionPad1dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReflectionPad1d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REFLECTION_PAD1D_H */
