/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_recurrent_gated_delta_rule.h: the recurrent gated delta rule
 * (linear attention with a per-head state matrix), over several sequences of
 * variable length packed along T.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RECURRENT_GATED_DELTA_RULE_H
#define CPUACL_ACLNNOP_ACLNN_RECURRENT_GATED_DELTA_RULE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRecurrentGatedDeltaRule: query/key (T, Nk, Dk), value/out (T, Nv, Dv),
 * beta (T, Nv), stateRef (blocks, Nv, Dv, Dk), actualSeqLengths (B,) INT32
 * lengths of the packed sequences, ssmStateIndices (T,) INT32: token t's state
 * is written to stateRef[ssmStateIndices[t]]; a sequence starts from
 * stateRef[ssmStateIndices[first + numAccepted - 1]] (numAccepted = 1 without
 * numAcceptedTokens). g (T, Nv) and gk (T, Nv, Dk) FLOAT log-decays (NULL: 0).
 * Per token and value head h (key head h / (Nv / Nk)):
 *   S = exp(g) S diag(exp(gk)); S += beta (v - S k) k^T; out = S (scale q). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *beta,
    aclTensor *stateRef, const aclTensor *actualSeqLengths, const aclTensor *ssmStateIndices,
    const aclTensor *g, const aclTensor *gk, const aclTensor *numAcceptedTokens, float scaleValue,
    aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRecurrentGatedDeltaRule(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RECURRENT_GATED_DELTA_RULE_H */
