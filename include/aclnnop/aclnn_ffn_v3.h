/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ffn_v3.h: the (MoE) feed-forward network with the expert token counts on the device (ops-transformer ffn/ffn).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FFN_V3_H
#define CPUACL_ACLNNOP_ACLNN_FFN_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFFNV3: aclnnFFNV2 (aclnn_ffn_v2.h) with expertTokensOptional an INT64 tensor [E] (read at
 * launch: counts or, with tokensIndexFlag, cumulative ends, which must cover the M rows of x). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFFNV3GetWorkspaceSize(const aclTensor *x, const aclTensor *weight1, const aclTensor *weight2, const aclTensor *expertTokensOptional, const aclTensor *bias1Optional, const aclTensor *bias2Optional, const aclTensor *scaleOptional, const aclTensor *offsetOptional, const aclTensor *deqScale1Optional, const aclTensor *deqScale2Optional, const aclTensor *antiquantScale1Optional, const aclTensor *antiquantScale2Optional, const aclTensor *antiquantOffset1Optional, const aclTensor *antiquantOffset2Optional, const char *activation, int64_t innerPrecise, bool tokensIndexFlag, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFFNV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FFN_V3_H */
