/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_elu.h: the exponential linear unit.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ELU_H
#define CPUACL_ACLNNOP_ACLNN_ELU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnElu: out = x > 0 ? scale * x : alpha * scale * (exp(inputScale * x) -
 * 1). self and out FLOAT, FLOAT16 or BFLOAT16 of one shape; self's type must
 * cast to out's. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEluGetWorkspaceSize(const aclTensor *self, const aclScalar *alpha, const aclScalar *scale, const aclScalar *inputScale, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnElu(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceElu: Elu written back into selfRef (FLOAT, FLOAT16, DOUBLE,
 * BFLOAT16). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceEluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *alpha, const aclScalar *scale, const aclScalar *inputScale, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceElu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ELU_H */
