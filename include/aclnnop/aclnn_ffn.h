/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ffn.h: the (MoE) feed-forward network: two products and an activation, per expert (ops-transformer ffn/ffn).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FFN_H
#define CPUACL_ACLNNOP_ACLNN_FFN_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFFN: y = activation(x @ weight1 + bias1) @ weight2 + bias2 (FLOAT16, BFLOAT16; x [..., K1],
 * weight1 [K1, N1] or [E, K1, N1], weight2 [N1, K1] or [E, N1, K1], bias1 [N1] / [E, N1] and
 * bias2 [K1] / [E, K1] FLOAT16 or FLOAT, y x's type and shape); with expertTokens (E counts of
 * rows summing to M, the rows of x) row block e uses expert e. activation "relu", "gelu",
 * "fastgelu" or "silu". cpuacl: the quantisation parameters (scale ... antiquantOffset2)
 * must be NULL; innerPrecise is a precision hint (the products run in float32). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFFNGetWorkspaceSize(const aclTensor *x, const aclTensor *weight1, const aclTensor *weight2, const aclIntArray *expertTokens, const aclTensor *bias1, const aclTensor *bias2, const aclTensor *scale, const aclTensor *offset, const aclTensor *deqScale1, const aclTensor *deqScale2, const aclTensor *antiquantScale1, const aclTensor *antiquantScale2, const aclTensor *antiquantOffset1, const aclTensor *antiquantOffset2, const char *activation, int64_t innerPrecise, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFFN(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FFN_H */
