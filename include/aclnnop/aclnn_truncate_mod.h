/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_truncate_mod.h: y = x1 - trunc(x1 / x2) * x2 (fmod), broadcast.
 *
 * Declared as ops-math's experimental/math/truncate_mod defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRUNCATE_MOD_H
#define CPUACL_ACLNNOP_ACLNN_TRUNCATE_MOD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTruncateMod: the sign of x1; an integer modulo by zero gives 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTruncateModGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTruncateMod(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRUNCATE_MOD_H */
