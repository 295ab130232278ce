/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_heaviside.h: the Heaviside step function.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HEAVISIDE_H
#define CPUACL_ACLNNOP_ACLNN_HEAVISIDE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHeaviside: out = input == 0 ? values : input > 0 (input and values broadcast); FLOAT, FLOAT16, BFLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHeavisideGetWorkspaceSize(const aclTensor *input, const aclTensor *values, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHeaviside(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HEAVISIDE_H */
