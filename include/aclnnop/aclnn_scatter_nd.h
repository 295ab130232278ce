/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_scatter_nd.h: copy data and scatter slices at coordinate rows.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SCATTER_ND_H
#define CPUACL_ACLNNOP_ACLNN_SCATTER_ND_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnScatterNd: out = data, then each row of indices (its last dim: K coordinates) receives
 * its slice of updates (shape indices.shape[:-1] + data.shape[K:]); coordinates are non-
 * negative and in range (checked at launch). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterNdGetWorkspaceSize(const aclTensor *data, const aclTensor *indices, const aclTensor *updates, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterNd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SCATTER_ND_H */
