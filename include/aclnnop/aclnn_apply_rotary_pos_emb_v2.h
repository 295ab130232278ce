/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_rotary_pos_emb_v2.h: ApplyRotaryPosEmb with rotaryMode
 * ("half", "interleave", "quarter") and layouts 1 (BSND), 2 (SBND), 3 (BNSD).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Computed in float32 by
 * ops/attention/apply_rotary_pos_emb.c (AP1..AP3). Supported in cpuacl: as
 * ApplyRotaryPosEmb in every layout; D a multiple of 2 (4 for "quarter").
 * docs/operators.md has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_ROTARY_POS_EMB_V2_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_ROTARY_POS_EMB_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyRotaryPosEmbV2GetWorkspaceSize(
    aclTensor *queryRef, aclTensor *keyRef, const aclTensor *cos, const aclTensor *sin,
    int64_t layout, char *rotaryMode, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyRotaryPosEmbV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_ROTARY_POS_EMB_V2_H */
