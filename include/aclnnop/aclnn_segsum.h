/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_segsum.h: the exponentiated segment sums of Mamba's SSD (ops-math math/segsum).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SEGSUM_H
#define CPUACL_ACLNNOP_ACLNN_SEGSUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnExpSegsum: self [..., T] (3 or 4 dims; FLOAT, FLOAT16, BFLOAT16) to out [..., T, T] of
 * its type: out[..., i, j] = exp(self[..., j + 1] + ... + self[..., i]) for i >= j (1 on the
 * diagonal), 0 above it. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnExpSegsumGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnExpSegsum(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SEGSUM_H */
