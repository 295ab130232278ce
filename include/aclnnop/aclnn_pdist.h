/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_pdist.h: p-norm distances between the rows of a matrix.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PDIST_H
#define CPUACL_ACLNNOP_ACLNN_PDIST_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnPdist: self [N, M] (FLOAT, FLOAT16) to out [N (N - 1) / 2] of self's type: the p-norm
 * distance (p >= 0; 0 counts differing elements, inf takes the largest difference) of every
 * pair of rows i < j, in row-major order of the pairs. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPdistGetWorkspaceSize(const aclTensor *self, float p, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPdist(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PDIST_H */
