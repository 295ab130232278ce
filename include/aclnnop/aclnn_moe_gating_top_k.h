/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_gating_top_k.h: the grouped MoE gate (DeepSeek's): a norm, groups ranked,
 * then the top k experts of the best groups (ops-transformer moe/moe_gating_top_k).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_H
#define CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeGatingTopK: per row of x (FLOAT16, BFLOAT16, FLOAT; [rows, E]) normOut = softmax
 * (normType 0) or sigmoid (1) of x; with biasOptional ([E], x's type) added, the experts split
 * into groupCount groups ranked by their largest value (groupSelectMode 0) or the sum of their
 * two largest (1); the top k experts of the best kGroup groups into expertIdxOut (INT32
 * [rows, k]); yOut (x's type, [rows, k]) = their normOut, divided by its sum + eps for the
 * sigmoid, times routedScalingFactor; outOut (FLOAT [rows, E]) = normOut when outFlag. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeGatingTopKGetWorkspaceSize(const aclTensor *x, const aclTensor *biasOptional, int64_t k, int64_t kGroup, int64_t groupCount, int64_t groupSelectMode, int64_t renorm, int64_t normType, bool outFlag, double routedScalingFactor, double eps, const aclTensor *yOut, const aclTensor *expertIdxOut, const aclTensor *outOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeGatingTopK(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_H */
