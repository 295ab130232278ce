/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_replication_pad3d_backward.h: Gradient of ReplicationPad3d.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REPLICATION_PAD3D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_REPLICATION_PAD3D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReplicationPad3dBackward: the gradient of the 3-d replication pad:
 * gradInput (self's shape) sums gradOutput (the padded shape) over the
 * positions each self element was copied to. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReplicationPad3dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclIntArray *padding, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReplicationPad3dBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REPLICATION_PAD3D_BACKWARD_H */
