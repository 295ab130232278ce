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
    const char *names[3]; /* output's, hy's, cy's in messages (NULL: "output", "hy", "cy") */
    aclTensorList *const *lists;
    const char *const *list_names;
    int nlists;
};

/* The geometry the checks found: T steps, B rows, NI input features, H hidden, L layers, D
 * directions; empty: nothing to compute. */
struct rnn_geo {
    int64_t T, B, NI, H, L, D;
    bool empty;
};
/* The checks (every one 161002 with a message naming the parameter, or 161001 for a NULL
 * inside a list). */
aclnnStatus rnn_check(const struct rnn_args *a, struct rnn_geo *geo);
/* rnn_check and the executor of the forward net. */
aclnnStatus rnn_prepare(const struct rnn_args *a, uint64_t *workspaceSize,
                        aclOpExecutor **executor);

/* Views and copies the nets' kernels share: t with its first dim fixed at i; a whole view to
 * and from a contiguous float32 buffer; input / output as (T, B, X) views (batchFirst swaps the
 * first two dims, batchSizes' (T * B, X) is read as (T, B, X)). */
struct ops_tensor rnn_sub0(const struct ops_tensor *t, int64_t i);
/* The steps' batch sizes into bs[T]: t's values (LSTM's batchSizes), or B each when t is
 * NULL. 507015 (ACL_ERROR_RT_AICORE_EXCEPTION) when they are not non-increasing within
 * [0, B] (RC4), found before any output is written. */
int32_t rnn_batch_sizes(int64_t *bs, const struct ops_tensor *t, void *const *addr, int64_t T,
                        int64_t B);
void rnn_load(float *buf, const struct ops_tensor *t, void *const *addr);
void rnn_store(const float *buf, const struct ops_tensor *t, void *const *addr);
struct ops_tensor rnn_tbx(const struct ops_tensor *t, bool batch_first, int64_t T, int64_t B);

#endif /* CPUACL_OPS_RNN_RNN_H */
