/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_rotary_pos_emb.h: rotary position embedding of query and
 * key in place (rotating by halves): q = q * cos + rotate(q) * sin, k likewise,
 * one launch for both.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Computed in float32 by
 * ops/attention/apply_rotary_pos_emb.c (AP1..AP3). Supported in cpuacl:
 * queryRef (B, S, Nq, D), keyRef (B, S, Nk, D), cos and sin (B or 1, S, 1, D),
 * one type of FLOAT, FLOAT16, BFLOAT16; layout 1 (BSND) only, as CANN
 * documents. Any even D (CANN's Atlas A2 kernel needs 128). docs/operators.md
 * has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_ROTARY_POS_EMB_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_ROTARY_POS_EMB_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyRotaryPosEmbGetWorkspaceSize(
    aclTensor *queryRef, aclTensor *keyRef, const aclTensor *cos, const aclTensor *sin,
    int64_t layout, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyRotaryPosEmb(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_ROTARY_POS_EMB_H */
