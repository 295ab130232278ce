/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The attention computation's one internal entry (attention.c): every
 * parameter list of CANN's inference attention (FusedInferAttentionScore V1..V4,
 * PromptFlashAttention V1..V3, IncreFlashAttention V1..V4: attention_versions.c)
 * is mapped onto struct fa_args and planned by fa_prepare, so that they share
 * attention.c's plan, kernels and worker split (FA1..FA9); there is no second
 * attention kernel. Each entry point refuses the inputs it cannot honour before
 * it calls fa_prepare (fa_refuse_given), naming them.
 */
#ifndef CPUACL_OPS_ATTENTION_ATTENTION_H
#define CPUACL_OPS_ATTENTION_ATTENTION_H

#include "ops/engine/engine.h"

/* One launch's parameters in FusedInferAttentionScoreV2's terms. */
struct fa_args {
    const char *op;    /* "aclnn<Name>", for the messages */
    uint64_t dtm;      /* query/key/value/out types accepted (the row's OPS_DT_<Name>) */
    uint64_t mask_dtm; /* attenMask types accepted */
    bool incre;        /* IncreFlashAttention: one query row, layouts BSH/BSND/BNSD only */
    const aclTensor *query, *key, *value, *pse, *mask;
    const aclIntArray *actq, *actkv; /* NULL: full lengths */
    const char *actkv_name;          /* actkv's parameter name (NULL: actualSeqLengthsKv) */
    int64_t numHeads, numKeyValueHeads, preTokens, nextTokens, sparseMode, innerPrecise;
    double scale;
    const char *layout;
    bool lseFlag;
    const aclTensor *out, *lse;
};

/* Phase 1 of every inference attention operator: checks a, plans the launch. */
aclnnStatus fa_prepare(const struct fa_args *a, uint64_t *workspaceSize, aclOpExecutor **executor);

/* The one key / value tensor of a key or value list (cpuacl takes one). */
aclnnStatus fa_one_tensor(const char *op, const aclTensorList *key, const aclTensorList *value,
                          const aclTensor **k, const aclTensor **v);

/* ACLNN_ERR_PARAM_INVALID naming the first of ptrs that is not NULL (names:
 * their spellings, comma-separated), ACLNN_SUCCESS when all are NULL: inputs
 * cpuacl does not implement. FA_REFUSE_GIVEN(op, a, b, ...) spells them. */
aclnnStatus fa_refuse_given(const char *op, const char *names, const void *const *ptrs, size_t n);
#define FA_REFUSE_GIVEN(op, ...)                                                                   \
    do {                                                                                           \
        const void *const fa_given_[] = {__VA_ARGS__};                                             \
        aclnnStatus fa_grc_ = fa_refuse_given(op, #__VA_ARGS__, fa_given_,                         \
                                              sizeof(fa_given_) / sizeof(fa_given_[0]));           \
        if (fa_grc_ != ACLNN_SUCCESS)                                                              \
            return fa_grc_;                                                                        \
    } while (0)

#endif /* CPUACL_OPS_ATTENTION_ATTENTION_H */
