/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mul_no_nan.h: z = 0 where y == 0, else x * y.
 *
 * Declared as ops-math's experimental/math/mul_no_nan defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MUL_NO_NAN_H
#define CPUACL_ACLNNOP_ACLNN_MUL_NO_NAN_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMulNoNan: z: the broadcast shape; 0 even where x is NaN or inf. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMulNoNanGetWorkspaceSize(const aclTensor *x, const aclTensor *y, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMulNoNan(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MUL_NO_NAN_H */
