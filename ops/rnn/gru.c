/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GRU: aclnnGRU, a whole net (rnn.c runs it).
 *
 *  GR1. The checks of the entry's own parameters (the NULLs, 161001; batchSizes not
 *      NULL, 161002: CANN does not support variable lengths yet); the rest is
 *      rnn_prepare's (rnn.c RC1-RC5). hx is NULL (zero states) or (D * numLayers, B, H).
 *  GR2. Per step, gates r, z, n (PyTorch's order and formula):
 *      r = sigmoid(W_ir x + b_ir + W_hr h + b_hr), z likewise,
 *      n = tanh(W_in x + b_in + r (W_hn h + b_hn)), h' = (1 - z) n + z h.
 *      With train the lists rOut, zOut, nOut, hnOut (W_hn h + b_hn) and hOut (h') are
 *      needed, D * numLayers tensors (T, B, H) each.
 */
#include <stdlib.h>

#include "aclnnop/aclnn_gru.h"
#include "ops/engine/engine.h"
#include "ops/rnn/rnn.h"
#include "ops/rnn/table.h"

#define GRU "aclnnGRU"

aclnnStatus aclnnGRUGetWorkspaceSize(const aclTensor *input, const aclTensorList *params,
                                     const aclTensor *hx, const aclTensor *batchSizes, bool hasBias,
                                     int64_t numLayers, double dropout, bool train,
                                     bool bidirection, bool batchFirst, aclTensor *output,
                                     aclTensor *hy, aclTensorList *rOut, aclTensorList *zOut,
                                     aclTensorList *nOut, aclTensorList *hnOut, aclTensorList *hOut,
                                     WS)
{
    OPS_CHECK_NULLS(GRU, workspaceSize, executor, input, params, output, hy);
    if (train)
        OPS_CHECK_NULLS(GRU, rOut, zOut, nOut, hnOut, hOut);
    (void)dropout; /* RC5 */
    if (batchSizes)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: batchSizes must be NULL (variable lengths are not supported)", GRU);
    aclTensorList *const lists[5] = {rOut, zOut, nOut, hnOut, hOut};
    static const char *const names[5] = {"rOut", "zOut", "nOut", "hnOut", "hOut"};
    const struct rnn_args a = {.op = GRU,
                               .kind = RNN_GRU,
                               .dt_mask = OPS_DT_GRU,
                               .input = input,
                               .params = params,
                               .h0 = hx,
                               .h0_name = "hx",
                               .hasBias = hasBias,
                               .train = train,
                               .bidirectional = bidirection,
                               .batchFirst = batchFirst,
                               .numLayers = numLayers,
                               .output = output,
                               .hy = hy,
                               .lists = lists,
                               .list_names = names,
                               .nlists = 5};
    return rnn_prepare(&a, workspaceSize, executor);
}
PHASE2(GRU)
