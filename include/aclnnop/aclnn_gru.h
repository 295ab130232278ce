/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gru.h: a multi-layer, optionally bidirectional GRU over a whole
 * sequence (ops-nn rnn/gru).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GRU_H
#define CPUACL_ACLNNOP_ACLNN_GRU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGRU: input (T, B, I) ((B, T, I) with batchFirst); params per layer and direction
 * [weight_ih (3H, I_l), weight_hh (3H, H), bias_ih (3H), bias_hh (3H)] (the biases with
 * hasBias), gates in PyTorch's order r, z, n; hx NULL (zeros) or (D * numLayers, B, H).
 * output (T, B, D * H) (batchFirst: (B, T, D * H)), hy (D * numLayers, B, H); with train the
 * lists of D * numLayers tensors (T, B, H): rOut, zOut, nOut, hnOut (W_hn h + b_hn), hOut.
 * batchSizes must be NULL (CANN: variable lengths not supported); dropout is ignored. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGRUGetWorkspaceSize(
    const aclTensor *input, const aclTensorList *params, const aclTensor *hx,
    const aclTensor *batchSizes, bool hasBias, int64_t numLayers, double dropout, bool train,
    bool bidirection, bool batchFirst, aclTensor *output, aclTensor *hy, aclTensorList *rOut,
    aclTensorList *zOut, aclTensorList *nOut, aclTensorList *hnOut, aclTensorList *hOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGRU(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GRU_H */
