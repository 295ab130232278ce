/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_erf_inv.h: y = erfinv(x), float32 and float16.
 *
 * Declared as ops-math's experimental/math/erf_inv defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ERF_INV_H
#define CPUACL_ACLNNOP_ACLNN_ERF_INV_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnErfInv: y: x's shape and type; +-1 give +-inf, beyond them NaN. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnErfInvGetWorkspaceSize(const aclTensor *x, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnErfInv(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ERF_INV_H */
