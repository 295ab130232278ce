/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_lstm_backward.h: the gradient of aclnnLSTM (ops-nn
 * rnn/single_layer_lstm_grad).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LSTM_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_LSTM_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLstmBackward: input, hx [h0, c0], params, batchSizesOptional and the attributes as given
 * to aclnnLSTM; i, g, f, o, h, c, tanhc its train lists (D * numLayers tensors (T, B, H)); dy
 * the gradient of its output, dh / dc of its hy / cy. dxOut (input's shape), dhPrevOut /
 * dcPrevOut (D * numLayers, B, H), dparamsOut (params' shapes). outputMask is not used. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLstmBackwardGetWorkspaceSize(
    const aclTensor *input, const aclTensorList *hx, const aclTensorList *params,
    const aclTensor *dy, const aclTensor *dh, const aclTensor *dc, const aclTensorList *i,
    const aclTensorList *g, const aclTensorList *f, const aclTensorList *o,
    const aclTensorList *h, const aclTensorList *c, const aclTensorList *tanhc,
    const aclTensor *batchSizesOptional, bool hasBias, int64_t numLayers, double dropout,
    bool train, bool bidirectional, bool batchFirst, const aclBoolArray *outputMask,
    aclTensor *dxOut, aclTensor *dhPrevOut, aclTensor *dcPrevOut, aclTensorList *dparamsOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLstmBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LSTM_BACKWARD_H */
