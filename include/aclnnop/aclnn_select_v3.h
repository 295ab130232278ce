/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_select_v3.h: elementwise select by an INT8 mask (ops-math
 * experimental/math/select_v3).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SELECT_V3_H
#define CPUACL_ACLNNOP_ACLNN_SELECT_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSelectV3: z = b != 0 ? x : y (x, y, z FLOAT or FLOAT16, b INT8), broadcast as
 * aclnnSWhere. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSelectV3GetWorkspaceSize(const aclTensor *x, const aclTensor *y, const aclTensor *b, const aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSelectV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SELECT_V3_H */
