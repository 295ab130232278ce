/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sum_v2.h: out = the sum of the tensors (AccumulateNv2V2).
 *
 * Declared as ops-math's experimental/math/accumulate_nv2_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SUM_V2_H
#define CPUACL_ACLNNOP_ACLNN_SUM_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSumV2: the tensors broadcast together and have out's type (float32, float16, int32, int8, uint8); integers wrap. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSumV2GetWorkspaceSize(const aclTensorList *tensors, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSumV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SUM_V2_H */
