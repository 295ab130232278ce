/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_x_log_y_scalar_other.h: elementwise self * ln(other) with a scalar other.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_X_LOG_Y_SCALAR_OTHER_H
#define CPUACL_ACLNNOP_ACLNN_X_LOG_Y_SCALAR_OTHER_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnXLogYScalarOther: integer / bool inputs give a FLOAT result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnXLogYScalarOtherGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnXLogYScalarOther(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceXLogYScalarOther: XLogYScalarOther written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceXLogYScalarOtherGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceXLogYScalarOther(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_X_LOG_Y_SCALAR_OTHER_H */
