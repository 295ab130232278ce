/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_x_log_y_scalar_self.h: elementwise self * ln(other) with a scalar self.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_X_LOG_Y_SCALAR_SELF_H
#define CPUACL_ACLNNOP_ACLNN_X_LOG_Y_SCALAR_SELF_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnXLogYScalarSelf: integer / bool inputs give a FLOAT result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnXLogYScalarSelfGetWorkspaceSize(const aclScalar *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnXLogYScalarSelf(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_X_LOG_Y_SCALAR_SELF_H */
