/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_grouped_bias_add_grad.h: the gradient of a grouped bias add, each group's rows
 * summed (ops-math math/grouped_bias_add_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUPED_BIAS_ADD_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_GROUPED_BIAS_ADD_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupedBiasAddGrad: gradY (FLOAT, FLOAT16, BFLOAT16) to out [G, H] of its type. With
 * groupIdxOptional (INT32 / INT64, [G], G <= 2048: each group's end row, ascending) gradY is
 * [rows, H] and out[j] the sum of rows [end(j - 1), end(j)); without it gradY is [G, C, H] and
 * out[j] the sum over C. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedBiasAddGradGetWorkspaceSize(const aclTensor *gradY, const aclTensor *groupIdxOptional, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedBiasAddGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnGroupedBiasAddGradV2: as aclnnGroupedBiasAddGrad; groupIdxType 0: groupIdxOptional holds
 * each group's end row, 1: each group's row count. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedBiasAddGradV2GetWorkspaceSize(const aclTensor *gradY, const aclTensor *groupIdxOptional, int64_t groupIdxType, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedBiasAddGradV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUPED_BIAS_ADD_GRAD_H */
