/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_cdist.h: p-norm distances between the rows of two batches of matrices.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CDIST_H
#define CPUACL_ACLNNOP_ACLNN_CDIST_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCdist: x1 [..., P, M] and x2 [..., R, M] (FLOAT, FLOAT16, BFLOAT16, one type; batch dims
 * broadcast) to out [..., P, R]: the p-norm distance (p >= 0, as aclnnPdist) of every row of
 * x1 to every row of x2. compute_mode (torch's choice of a matmul form for p = 2) does not
 * change the result: cpuacl computes every mode directly. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCdistGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, float p, int64_t compute_mode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCdist(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CDIST_H */
