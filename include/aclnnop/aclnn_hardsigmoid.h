/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hardsigmoid.h: the hard sigmoid, min(max(x + 3, 0), 6) / 6.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_H
#define CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHardsigmoid: self and out of one type (FLOAT, FLOAT16, BFLOAT16, INT32)
 * and shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardsigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardsigmoid(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceHardsigmoid: Hardsigmoid written back into self. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceHardsigmoidGetWorkspaceSize(const aclTensor *self, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceHardsigmoid(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_H */
