/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_fused_ema_adam.h: an Adam / AdamW step keeping an exponential moving
 * average of the parameter (ops-nn optim/apply_fused_ema_adam).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_FUSED_EMA_ADAM_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_FUSED_EMA_ADAM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnApplyFusedEmaAdam: grad, varRef, mRef, vRef, sRef of one shape and type (FLOAT, FLOAT16,
 * BFLOAT16), updated in place; step INT64; mode 0 (L2) or 1 (AdamW). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyFusedEmaAdamGetWorkspaceSize(
    const aclTensor *grad, aclTensor *varRef, aclTensor *mRef, aclTensor *vRef, aclTensor *sRef,
    const aclTensor *step, double lr, double emaDecay, double beta1, double beta2, double eps,
    int64_t mode, bool biasCorrection, double weightDecay, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyFusedEmaAdam(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_FUSED_EMA_ADAM_H */
