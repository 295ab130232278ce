/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The recurrent networks' shared implementation (rnn.c): the checks and the
 * kernel of a multi-layer, optionally bidirectional recurrent net over a whole
 * sequence, for LSTM (lstm.c) and GRU (gru.c), which differ in their cell.
 */
#ifndef CPUACL_OPS_RNN_RNN_H
#define CPUACL_OPS_RNN_RNN_H

#include "ops/engine/engine.h"

enum rnn_kind { RNN_LSTM, RNN_GRU };

/* What a net's first phase was given (the caller has checked the pointers a NULL of which is
 * 161001). h0 / c0: the initial states (D * numLayers, B, H), NULL = zeros (c0 LSTM only).
 * lists: the train outputs, nlists lists of D * numLayers tensors (T, B, H) each, named. */
struct rnn_args {
    const char *op;
    int kind;
    unsigned dt_mask; /* the row's types */
    const aclTensor *input;
    const aclTensorList *params;
    const aclTensor *h0, *c0;
    const char *h0_name, *c0_name;
    const aclTensor *batchSizes;
    bool hasBias, train, bidirectional, batchFirst;
    int64_t numLayers;
    aclTensor *output, *hy, *cy;
    aclTensorList *const *lists;
    const char *const *list_names;
    int nlists;
};

/* The checks (every one 161002 with a message naming the parameter) and the executor. */
aclnnStatus rnn_prepare(const struct rnn_args *a, uint64_t *workspaceSize,
                        aclOpExecutor **executor);

#endif /* CPUACL_OPS_RNN_RNN_H */
