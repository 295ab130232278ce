/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_foreach_round_off_number.h: ForeachRoundOffNumber, each tensor of a list rounded by a mode.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FOREACH_ROUND_OFF_NUMBER_H
#define CPUACL_ACLNNOP_ACLNN_FOREACH_ROUND_OFF_NUMBER_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnForeachRoundOffNumber: out[i] = x[i] rounded to an integer value by roundMode (a
 * one-element INT8 tensor read at launch): 1 half to even, 2 floor, 3 ceil, 4 half away from
 * zero, 5 toward zero, 6 to odd, 7 the fraction x - trunc(x), others x itself. x: FLOAT,
 * FLOAT16, BFLOAT16, INT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachRoundOffNumberGetWorkspaceSize(const aclTensorList *x, const aclTensor *roundMode, const aclTensorList *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnForeachRoundOffNumber(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FOREACH_ROUND_OFF_NUMBER_H */
