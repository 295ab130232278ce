/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_linalg_cross.h: the cross product of 3-vectors.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LINALG_CROSS_H
#define CPUACL_ACLNNOP_ACLNN_LINALG_CROSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLinalgCross: out = self x other along dim (3 elements after broadcasting; dim within
 * self's dims, negative from the end): (a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0). self,
 * other and out of one type: FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, INT16, INT32,
 * INT64; out of the broadcast shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinalgCrossGetWorkspaceSize(const aclTensor *self, const aclTensor *other, int64_t dim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinalgCross(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LINALG_CROSS_H */
