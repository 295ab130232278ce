/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gather_elements_v3.h: GatherElementsV3, torch.gather in CANN's generated parameter order.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GATHER_ELEMENTS_V3_H
#define CPUACL_ACLNNOP_ACLNN_GATHER_ELEMENTS_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGatherElementsV3: y[p] = x[p with p[dim] = index[p]] (torch.gather); index INT32 or
 * INT64 of x's rank, y of index's shape and x's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGatherElementsV3GetWorkspaceSize(const aclTensor *x, const aclTensor *index, int64_t dim, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGatherElementsV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GATHER_ELEMENTS_V3_H */
