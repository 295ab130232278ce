/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_shrink.h: shrink with a bias.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SHRINK_H
#define CPUACL_ACLNNOP_ACLNN_SHRINK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnShrink: out = self - bias above lambd, self + bias below -lambd, else 0; lambd >= 0; FLOAT, FLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnShrinkGetWorkspaceSize(const aclTensor *self, const aclScalar *lambd, const aclScalar *bias, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnShrink(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SHRINK_H */
