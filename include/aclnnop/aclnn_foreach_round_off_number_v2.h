/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_foreach_round_off_number_v2.h: ForeachRoundOffNumberV2, ForeachRoundOffNumber with the mode a scalar.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FOREACH_ROUND_OFF_NUMBER_V2_H
#define CPUACL_ACLNNOP_ACLNN_FOREACH_ROUND_OFF_NUMBER_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnForeachRoundOffNumberV2: aclnnForeachRoundOffNumber with roundMode an integer
 * aclScalar (INT8, INT64); x also INT32. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachRoundOffNumberV2GetWorkspaceSize(const aclTensorList *x, const aclScalar *roundMode, aclTensorList *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachRoundOffNumberV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FOREACH_ROUND_OFF_NUMBER_V2_H */
