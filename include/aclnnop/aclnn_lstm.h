/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_lstm.h: a multi-layer, optionally bidirectional LSTM over a
 * whole sequence (ops-nn rnn/dynamic_rnn).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LSTM_H
#define CPUACL_ACLNNOP_ACLNN_LSTM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLSTM: input (T, B, I) ((B, T, I) with batchFirst; (T * B, I) with
 * batchSizes (T,) INT64, the valid batch rows per step); params per layer and
 * direction [weight_ih (4H, I_l), weight_hh (4H, H), bias_ih (4H), bias_hh (4H)]
 * (the biases with hasBias), gates in PyTorch's order i, f, g, o; hx NULL or
 * [h0, c0] of (D * numLayers, B, H). Outputs: output (T, B, D * H) (batchFirst:
 * (B, T, D * H)), hy / cy (D * numLayers, B, H) and, with train, the lists of
 * D * numLayers tensors (T, B, H): iOut, jOut (the candidate g), fOut, oOut
 * (gate activations), hOut, cOut, tanhCOut (per step). dropout is ignored. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLSTMGetWorkspaceSize(
    const aclTensor *input, const aclTensorList *params, const aclTensorList *hx,
    const aclTensor *batchSizes, bool hasBias, int64_t numLayers, double dropout, bool train,
    bool bidirectional, bool batchFirst, aclTensor *output, aclTensor *hy, aclTensor *cy,
    aclTensorList *iOut, aclTensorList *jOut, aclTensorList *fOut, aclTensorList *oOut,
    aclTensorList *hOut, aclTensorList *cOut, aclTensorList *tanhCOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLSTM(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LSTM_H */
