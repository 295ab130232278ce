/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_thnn_fused_lstm_cell.h: one LSTM step after its two matrix
 * products (PyTorch's _thnn_fused_lstm_cell; ops-nn rnn/thnn_fused_lstm_cell).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_THNN_FUSED_LSTM_CELL_H
#define CPUACL_ACLNNOP_ACLNN_THNN_FUSED_LSTM_CELL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnThnnFusedLstmCell: inputGates, hiddenGates (B, 4H) in the order i, f, g, o; cx (B, H);
 * the biases (4H,) both or neither. gates = inputGates + hiddenGates + b_ih + b_hh;
 * cyOut = sigmoid(f) cx + sigmoid(i) tanh(g), hyOut = sigmoid(o) tanh(cyOut) (B, H);
 * storageOut (B, 4H) the four activations in the gates' order. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnThnnFusedLstmCellGetWorkspaceSize(
    const aclTensor *inputGates, const aclTensor *hiddenGates, const aclTensor *cx,
    const aclTensor *inputBiasOptional, const aclTensor *hiddenBiasOptional, aclTensor *hyOut,
    aclTensor *cyOut, aclTensor *storageOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnThnnFusedLstmCell(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_THNN_FUSED_LSTM_CELL_H */
