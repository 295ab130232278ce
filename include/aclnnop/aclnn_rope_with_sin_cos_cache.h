/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rope_with_sin_cos_cache.h: rotary position embedding with the
 * cos and sin of each token gathered from a cache at its position (vLLM's
 * rotary embedding), GPT-NeoX (rotate_half) or GPT-J (interleaved) style, with
 * Qwen2-VL's mrope sections.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Computed in float32 by
 * ops/attention/rope_with_sin_cos_cache.c (RS1..RS5). Supported in cpuacl:
 * positions (T) or (3, T) INT32/INT64; queryIn (T, Nq * headSize), keyIn (T,
 * Nk * headSize) and their outputs; cosSinCache (maxPositions, rotaryDim),
 * rotaryDim even and at most headSize; FLOAT, FLOAT16, BFLOAT16 (one type). A
 * position outside the cache fails the launch. docs/operators.md has the
 * details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROPE_WITH_SIN_COS_CACHE_H
#define CPUACL_ACLNNOP_ACLNN_ROPE_WITH_SIN_COS_CACHE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnRopeWithSinCosCacheGetWorkspaceSize(
    const aclTensor *positions, const aclTensor *queryIn, const aclTensor *keyIn,
    const aclTensor *cosSinCache, const aclIntArray *mropeSection, int64_t headSize,
    bool isNeoxStyle, aclTensor *queryOut, aclTensor *keyOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRopeWithSinCosCache(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROPE_WITH_SIN_COS_CACHE_H */
