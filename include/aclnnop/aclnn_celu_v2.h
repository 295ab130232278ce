/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_celu_v2.h: CeluV2, Celu with alpha as an attribute.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CELU_V2_H
#define CPUACL_ACLNNOP_ACLNN_CELU_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCeluV2: y = x > 0 ? x : alpha (exp(x / alpha) - 1). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCeluV2GetWorkspaceSize(const aclTensor *x, double alpha, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCeluV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CELU_V2_H */
