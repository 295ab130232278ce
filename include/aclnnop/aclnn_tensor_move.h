/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_tensor_move.h: y = a copy of x.
 *
 * Declared as ops-math's experimental/conversion/tensor_move defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TENSOR_MOVE_H
#define CPUACL_ACLNNOP_ACLNN_TENSOR_MOVE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTensorMove: y: x's shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTensorMoveGetWorkspaceSize(const aclTensor *x, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTensorMove(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TENSOR_MOVE_H */
