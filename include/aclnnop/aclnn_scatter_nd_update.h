/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_scatter_nd_update.h: scatter slices at coordinate rows in place.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SCATTER_ND_UPDATE_H
#define CPUACL_ACLNNOP_ACLNN_SCATTER_ND_UPDATE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnScatterNdUpdate: as ScatterNd, into varRef in place: each row of indices (K
 * coordinates) receives its slice of updates (shape indices.shape[:-1] + varRef.shape[K:]). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterNdUpdateGetWorkspaceSize(aclTensor *varRef, const aclTensor *indices, const aclTensor *updates, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnScatterNdUpdate(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SCATTER_ND_UPDATE_H */
