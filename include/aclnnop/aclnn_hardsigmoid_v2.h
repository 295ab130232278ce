/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hardsigmoid_v2.h: the hard sigmoid, min(max(x + 3, 0), 6) / 6.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_V2_H
#define CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHardsigmoidV2: as aclnnHardsigmoid; FLOAT, FLOAT16, BFLOAT16, out of self's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardsigmoidV2GetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardsigmoidV2(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceHardsigmoidV2: in place. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceHardsigmoidV2GetWorkspaceSize(const aclTensor *self, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceHardsigmoidV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_V2_H */
