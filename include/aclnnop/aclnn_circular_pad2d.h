/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_circular_pad2d.h: Pad the last 2 dimensions by wrapping around.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CIRCULAR_PAD2D_H
#define CPUACL_ACLNNOP_ACLNN_CIRCULAR_PAD2D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCircularPad2d: self has 3 or 4 dims; padding holds 4 values, (before,
 * after) pairs from the last dim backwards; each in [0, size]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCircularPad2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCircularPad2d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CIRCULAR_PAD2D_H */
