/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The mixture-of-experts family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): gating.c (MoeGatingTopKSoftmax, V2, MoeGatingTopK: the gate), routing.c
 * (MoeInitRouting, Quant, V2, V3, MoeComputeExpertTokens, MoeFinalizeRouting, V2, the
 * V2 gradients: the dispatch of token rows
 * to experts and their combination back), token_permute.c (MoeTokenPermute, MoeTokenUnpermute and
 * their gradients, MoeTokenPermuteWithRoutingMap: Megatron's permutation), ffn.c (FFN, V2, V3: ops-transformer's ffn/, the
 * experts' feed-forward network). ops-transformer's moe/ folder.
 * The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_MOE_TABLE_H
#define CPUACL_OPS_MOE_TABLE_H

#include "ops/engine/optable.h"

#define MOE_OPS(X)                                                                                 \
    X(MoeGatingTopKSoftmax, moe_gating_top_k_softmax, OPS_OUT,                                     \
      K(tensor, tensor, int64, tensor, tensor, tensor), DTM_F3, expertIdxOut, DTM(DT_I32))         \
    X(MoeGatingTopKSoftmaxV2, moe_gating_top_k_softmax_v2, OPS_OUT,                                \
      K(tensor, tensor, int64, int64, bool, tensor, tensor, tensor), DTM_F3, expertIdxOut,         \
      DTM(DT_I32))                                                                                 \
    X(MoeGatingTopK, moe_gating_top_k, OPS_OUT,                                                    \
      K(tensor, tensor, int64, int64, int64, int64, int64, int64, bool, double, double, tensor,    \
        tensor, tensor),                                                                           \
      DTM_F3, expertIdxOut, DTM(DT_I32))                                                           \
    X(MoeInitRouting, moe_init_routing, OPS_OUT,                                                   \
      K(tensor, tensor, tensor, int64, tensor, tensor, tensor), DTM_F3, expertIdx, DTM(DT_I32))    \
    X(MoeInitRoutingQuant, moe_init_routing_quant, OPS_OUT,                                        \
      K(tensor, tensor, tensor, int64, double, double, tensor, tensor, tensor), DTM_F3, expertIdx, \
      DTM(DT_I32))                                                                                 \
    X(MoeInitRoutingV2, moe_init_routing_v2, OPS_OUT,                                              \
      K(tensor, tensor, int64, int64, int64, int64, int64, bool, tensor, tensor, tensor, tensor),  \
      DTM_F3, expertIdx, DTM(DT_I32))                                                              \
    X(MoeInitRoutingV3, moe_init_routing_v3, OPS_OUT,                                              \
      K(tensor, tensor, tensor, tensor, int64, int64, int64, int64, int64, bool, int64, int_array,   \
        int64, tensor, tensor, tensor, tensor),                                                    \
      DTM_F3 | DTM(DT_I8), expertIdx, DTM(DT_I32))                                                 \
    X(MoeComputeExpertTokens, moe_compute_expert_tokens, OPS_OUT, K(tensor, int64, tensor),        \
      DTM(DT_I32), out, DTM(DT_I32))                                                               \
    X(MoeFinalizeRouting, moe_finalize_routing, OPS_OUT,                                           \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3, expandedRowIdx,   \
      DTM(DT_I32))                                                                                 \
    X(MoeFinalizeRoutingV2, moe_finalize_routing_v2, OPS_OUT,                                      \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, int64, tensor), DTM_F3,            \
      expandedRowIdx, DTM(DT_I32))                                                                 \
    X(MoeInitRoutingV2Grad, moe_init_routing_v2_grad, OPS_OUT,                                     \
      K(tensor, tensor, int64, int64, int64, tensor), DTM_F3, expandedRowIdx, DTM(DT_I32))         \
    X(MoeFinalizeRoutingV2Grad, moe_finalize_routing_v2_grad, OPS_OUT,                             \
      K(tensor, tensor, tensor, tensor, tensor, tensor, int64, int64, int64, int64, tensor,        \
        tensor),                                                                                   \
      DTM_F3, expandedRowIdx, DTM(DT_I32))                                                         \
    X(FFN, ffn, OPS_OUT,                                                                           \
      K(tensor, tensor, tensor, int_array, tensor, tensor, tensor, tensor, tensor, tensor, tensor, \
        tensor, tensor, tensor, string, int64, tensor),                                            \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(FFNV2, ffn_v2, OPS_OUT,                                                                      \
      K(tensor, tensor, tensor, int_array, tensor, tensor, tensor, tensor, tensor, tensor, tensor, \
        tensor, tensor, tensor, string, int64, bool, tensor),                                      \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(FFNV3, ffn_v3, OPS_OUT,                                                                      \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, tensor, tensor, string, int64, bool, tensor),                                      \
      DTM(DT_F16) | DTM(DT_BF16), expertTokensOptional, DTM(DT_I64))                               \
    X(MoeTokenPermute, moe_token_permute, OPS_OUT, K(tensor, tensor, int64, bool, tensor, tensor), \
      DTM_F3 | DTM(DT_I8), indices, DTM(DT_I32) | DTM(DT_I64))                                     \
    X(MoeTokenPermuteWithRoutingMap, moe_token_permute_with_routing_map, OPS_OUT,                  \
      K(tensor, tensor, tensor, int64, bool, tensor, tensor, tensor), DTM_F3, routingMap,          \
      DTM(DT_I8) | DTM(DT_BOOL))                                                                   \
    X(MoeTokenUnpermute, moe_token_unpermute, OPS_OUT,                                             \
      K(tensor, tensor, tensor, bool, int_array, tensor), DTM_F3, sortedIndices, DTM(DT_I32))      \
    X(MoeTokenPermuteGrad, moe_token_permute_grad, OPS_OUT,                                        \
      K(tensor, tensor, int64, bool, tensor), DTM_F3, sortedIndices, DTM(DT_I32))                  \
    X(MoeTokenUnpermuteGrad, moe_token_unpermute_grad, OPS_OUT,                                    \
      K(tensor, tensor, tensor, tensor, bool, int_array, tensor, tensor), DTM_F3, sortedIndices,   \
      DTM(DT_I32))

enum { MOE_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_MOE_TABLE_H */
