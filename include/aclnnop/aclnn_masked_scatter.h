/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_masked_scatter.h: Copy a source's elements into the positions a mask selects.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MASKED_SCATTER_H
#define CPUACL_ACLNNOP_ACLNN_MASKED_SCATTER_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceMaskedScatter: the positions of selfRef (row-major) where mask
 * (BOOL or UINT8, broadcast to selfRef's shape) is nonzero take source's
 * elements in source's row-major order. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMaskedScatterGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask, const aclTensor *source, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMaskedScatter(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MASKED_SCATTER_H */
