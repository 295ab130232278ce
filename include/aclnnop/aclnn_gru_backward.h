/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gru_backward.h: the gradient of aclnnGRU (ops-nn rnn/gru_grad).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GRU_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_GRU_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGRUBackward: input, params, hx (D * numLayers, B, H) and the attributes as given to
 * aclnnGRU; r, z, n, hn, h its train lists (D * numLayers tensors (T, B, H)); dy the gradient
 * of its output, dh of its hy. dxOut (input's shape), dhPrevOut (D * numLayers, B, H),
 * dparamsOut (params' shapes). batchSizes must be NULL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGRUBackwardGetWorkspaceSize(
    const aclTensor *input, const aclTensorList *params, const aclTensor *hx, const aclTensor *dy,
    const aclTensor *dh, const aclTensorList *r, const aclTensorList *z, const aclTensorList *n,
    const aclTensorList *hn, const aclTensorList *h, const aclTensor *batchSizes, bool hasBias,
    int64_t numLayers, bool bidirection, bool batchFirst, aclTensor *dxOut, aclTensor *dhPrevOut,
    aclTensorList *dparamsOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGRUBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GRU_BACKWARD_H */
