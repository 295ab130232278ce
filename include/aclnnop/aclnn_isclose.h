/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_isclose.h: whether two tensors are close elementwise.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ISCLOSE_H
#define CPUACL_ACLNNOP_ACLNN_ISCLOSE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIsClose: out (BOOL, the broadcast shape) = |self - other| <= atol + rtol * |other| for
 * finite values; equal infinities are close; NaNs are close to each other only with equalNan.
 * self and other of any supported type, promoted together. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIsCloseGetWorkspaceSize(const aclTensor *self, const aclTensor *other, double rtol, double atol, bool equalNan, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIsClose(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ISCLOSE_H */
