/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_thnn_fused_lstm_cell_backward.h: the gradient of one LSTM step after its
 * matrix products (PyTorch's _thnn_fused_lstm_cell_backward; ops-nn
 * rnn/thnn_fused_lstm_cell_grad).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_THNN_FUSED_LSTM_CELL_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_THNN_FUSED_LSTM_CELL_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnThnnFusedLstmCellBackward: gradHy, gradC, cx, cy (B, H), storage (B, 4H) the forward's
 * activations i, f, g, o. gradGatesOut (B, 4H) the gradient of the pre-activation gates,
 * gradCxOut (B, H), gradBiasOut (4H) the gates' gradient summed over B (with hasBias). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(
    const aclTensor *gradHyOptional, const aclTensor *gradCOptional, const aclTensor *cx,
    const aclTensor *cy, const aclTensor *storage, bool hasBias, aclTensor *gradGatesOut,
    aclTensor *gradCxOut, aclTensor *gradBiasOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnThnnFusedLstmCellBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_THNN_FUSED_LSTM_CELL_BACKWARD_H */
