/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Megatron's MoE token permutation of ops-transformer's moe/: MoeTokenPermute (token rows copied
 * out in expert order), MoeTokenUnpermute (rows weighted back into tokens) and their gradients,
 * MoeTokenPermuteGrad and MoeTokenUnpermuteGrad. Index tensors are read and checked before
 * anything is written (a negative index fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION, as
 * routing.c); sums run in double.
 *
 *  TP1. MoeTokenPermute (CANN's README, Megatron's permute): indices [N] or [N, topK] flattened
 *      row-major; sortedIndicesFirst = its stable argsort (equal experts in position order);
 *      permuteTokensOut row i = tokens[sortedIndicesFirst[i] / topK] for i < numOut (element
 *      bits: INT8 tokens too); sortedIndicesOut[p] = the row position p went to
 *      (argsort(sortedIndicesFirst)). numOut = numOutTokens, or N * topK + numOutTokens when it
 *      is <= 0, clamped to [0, N * topK] (CANN's infershape). paddedMode true is refused with
 *      161002 (CANN: not supported).
 *  TP2. MoeTokenUnpermute and MoeTokenPermuteGrad: out[i] = sum_k w * rows[S[i * topK + k]]
 *      (w = probs[i, k], or 1 without probs; topK = probs' columns or 1 for Unpermute, numTopk
 *      for PermuteGrad). An index >= M (rows of the input: a row numOutTokens cut off) adds
 *      nothing, like the zero rows Megatron pads with (an open guess: CANN does not say).
 *      paddedMode true and a non-NULL restoreShapeOptional are refused with 161002.
 *  TP3. MoeTokenUnpermuteGrad: permutedTokensGradOut = 0, then row S[i * topK + k] =
 *      unpermutedTokensGrad[i] * w (sortedIndices is a permutation: one write per row; an
 *      index >= M writes nothing); probsGradOut[i, k] = the dot product of permuteTokens[S[i *
 *      topK + k]] (0 for an index >= M) and unpermutedTokensGrad[i], only with probs.
 *  TP4. MoeTokenPermuteWithRoutingMap (CANN's README and op_api): routingMap [T, E], nonzero =
 *      selected. dropAndPad false: R = numOutTokens / T * T rows; the selected pairs in
 *      expert-major, token order give the token ids first[0 .. n), n = min(pairs, R) (CANN
 *      expects exactly R: topK = R / T per token);
 *      permuteTokensOut[j] = tokens[first[j]], permuteProbsOutOptional[j] = probs[first[j], its
 *      expert], sortedIndicesOut = the stable argsort of first; with fewer pairs than R the
 *      rows past n are zeros and sortedIndicesOut -1 there (an open guess: CANN leaves that
 *      case undefined; its own example's map, ints written into a BOOL tensor, is one). dropAndPad
 * true: C = numOutTokens / E; expert e's slots e * C .. take its selected tokens in token order,
 *      then its unselected ones (Megatron's stable descending argsort of the map's column, cut
 *      at C); sortedIndicesOut holds those token ids, permuteTokensOut and the probs gather by
 *      them. numOutTokens in [0, T * E] (CANN's check).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_moe_token_permute.h"
#include "aclnnop/aclnn_moe_token_permute_grad.h"
#include "aclnnop/aclnn_moe_token_permute_with_routing_map.h"
#include "aclnnop/aclnn_moe_token_unpermute.h"
#include "aclnnop/aclnn_moe_token_unpermute_grad.h"
#include "ops/engine/engine.h"
#include "ops/moe/moe.h"
#include "ops/moe/table.h"

/* ---- MoeTokenPermute --------------------------------------------------------------------- */

struct tp_plan {
    struct ops_tensor tok, idx, out, sorted;
    int64_t topk, rows; /* rows: permuteTokensOut's */
};

/* The stable order of keys (TP1): key, then position. */
struct tp_pair {
    int64_t key, pos;
};

static int tp_cmp(const void *a, const void *b)
{
    const struct tp_pair *p = a, *q = b;
    if (p->key != q->key)
        return p->key < q->key ? -1 : 1;
    return p->pos < q->pos ? -1 : p->pos > q->pos;
}

static int32_t tp_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct tp_plan *p = e->plan;
    const int64_t nk = p->idx.numel, h = p->tok.dims[1];
    int64_t *key = moe_load(&p->idx, addr, CK_I64), *dst = malloc((size_t)nk * 8);
    struct tp_pair *pr = malloc((size_t)nk * sizeof *pr);
    if (!key || !dst || !pr) {
        free(key);
        free(dst);
        free(pr);
        return ACL_ERROR_BAD_ALLOC;
    }
    for (int64_t i = 0; i < nk; i++) {
        pr[i].key = key[i];
        pr[i].pos = i;
    }
    qsort(pr, (size_t)nk, sizeof *pr, tp_cmp);
    for (int64_t i = 0; i < nk; i++)
        dst[pr[i].pos] = i;
    const unsigned es = ops_dt_size(p->tok.dt);
    for (int64_t i = 0; i < p->rows; i++)
        for (int64_t j = 0; j < h; j++)
            memcpy(ops_elem(&p->out, addr, i * p->out.strides[0] + j * p->out.strides[1]),
                   ops_elem(&p->tok, addr,
                            pr[i].pos / p->topk * p->tok.strides[0] + j * p->tok.strides[1]),
                   es);
    moe_store(&p->sorted, addr, dst, CK_I64);
    free(key);
    free(dst);
    free(pr);
    return 0;
}

aclnnStatus aclnnMoeTokenPermuteGetWorkspaceSize(const aclTensor *tokens, const aclTensor *indices,
                                                 int64_t numOutTokens, bool paddedMode,
                                                 const aclTensor *permuteTokensOut,
                                                 const aclTensor *sortedIndicesOut,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeTokenPermute";
    OPS_CHECK_NULLS(name, tokens, indices, permuteTokensOut, sortedIndicesOut, workspaceSize,
                    executor);
    if (paddedMode)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: paddedMode true is not supported (CANN's too)",
                       name);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(tokens, name, "tokens")) ||
        (rc = ops_need_dt(name, "tokens", tokens->dtype, OPS_DT_MoeTokenPermute, &dt)) ||
        (rc = ops_check_dims(indices, name, "indices")) ||
        (rc = ops_need_dt(name, "indices", indices->dtype, OPS_DT2_MoeTokenPermute, &dt)))
        return rc;
    if (tokens->ndim != 2 || (indices->ndim != 1 && indices->ndim != 2) ||
        indices->dims[0] != tokens->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: tokens must be [N, H] and indices [N] or [N, topK] with the same N",
                       name);
    const int64_t topk = indices->ndim == 2 ? indices->dims[1] : 1, nk = tokens->dims[0] * topk;
    int64_t rows = numOutTokens <= 0 ? nk + numOutTokens : numOutTokens;
    rows = rows < 0 ? 0 : rows > nk ? nk : rows;
    const int64_t od[2] = {rows, tokens->dims[1]};
    if ((rc = ops_check_dims(permuteTokensOut, name, "permuteTokensOut")) ||
        (rc = ops_check_shape(name, od, 2, permuteTokensOut, "permuteTokensOut")) ||
        (rc = ops_check_dims(sortedIndicesOut, name, "sortedIndicesOut")) ||
        (rc = ops_check_shape(name, &nk, 1, sortedIndicesOut, "sortedIndicesOut")))
        return rc;
    if (permuteTokensOut->dtype != tokens->dtype || sortedIndicesOut->dtype != ACL_INT32)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: permuteTokensOut has type %s (tokens' %s) and sortedIndicesOut %s "
                       "(INT32)",
                       name, ops_dt_name(permuteTokensOut->dtype), ops_dt_name(tokens->dtype),
                       ops_dt_name(sortedIndicesOut->dtype));
    OPS_PLAN(e, pl, name, 2, 2, struct tp_plan, NULL, {&pl->tok, tokens, "tokens"},
             {&pl->idx, indices, "indices"}, {&pl->out, permuteTokensOut, "permuteTokensOut"},
             {&pl->sorted, sortedIndicesOut, "sortedIndicesOut"});
    pl->topk = topk;
    pl->rows = rows;
    e->run = nk ? tp_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeTokenPermute)

/* ---- MoeTokenUnpermute, MoeTokenPermuteGrad, MoeTokenUnpermuteGrad ----------------------- */

struct tu_plan {
    struct ops_tensor rows, idx, probs, grad, out, pgrad;
    int64_t n, topk;
    bool has_probs, backward; /* backward: MoeTokenUnpermuteGrad */
};

static int32_t tu_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct tu_plan *p = e->plan;
    const int64_t n = p->n, k = p->topk, m = p->rows.dims[0], h = p->rows.dims[1];
    double *rows = moe_load(&p->rows, addr, CK_F64);
    int64_t *idx = moe_load(&p->idx, addr, CK_I64);
    double *pr = p->has_probs ? moe_load(&p->probs, addr, CK_F64) : NULL;
    double *g = p->backward ? moe_load(&p->grad, addr, CK_F64) : NULL;
    double *o = calloc((size_t)((p->backward ? m : n) * h) + 1, 8);
    double *pg = p->backward && p->has_probs ? calloc((size_t)(n * k) + 1, 8) : NULL;
    int32_t rc = 0;
    if (!rows || !idx || !o || (p->has_probs && !pr) || (p->backward && !g) ||
        (p->backward && p->has_probs && !pg)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    for (int64_t i = 0; i < n * k; i++) /* TP2 / TP3: checked before any write */
        if (idx[i] < 0) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
    for (int64_t i = 0; i < n; i++)
        for (int64_t kk = 0; kk < k; kk++) {
            const int64_t r = idx[i * k + kk];
            const double w = pr ? pr[i * k + kk] : 1;
            if (r >= m)
                continue; /* a row cut off: nothing (TP2, TP3) */
            if (!p->backward) {
                for (int64_t j = 0; j < h; j++)
                    o[i * h + j] += w * rows[r * h + j];
                continue;
            }
            double dot = 0;
            for (int64_t j = 0; j < h; j++) {
                o[r * h + j] = g[i * h + j] * w;
                dot += rows[r * h + j] * g[i * h + j];
            }
            if (pg)
                pg[i * k + kk] = dot;
        }
    moe_store(&p->out, addr, o, CK_F64);
    if (pg)
        moe_store(&p->pgrad, addr, pg, CK_F64);
out:
    free(rows);
    free(idx);
    free(pr);
    free(g);
    free(o);
    free(pg);
    return rc;
}

/* The checks the three share: rows [M, H] of the row's float type, sortedIndices INT32 [N * K],
 * probs [N, K] or NULL, paddedMode false, restoreShape NULL. */
static aclnnStatus tu_check(const char *name, unsigned mask, unsigned mask2, const aclTensor *rows,
                            const char *rows_name, const aclTensor *idx, const aclTensor *probs,
                            int64_t k, bool padded, const aclIntArray *restore, int64_t *n)
{
    aclnnStatus rc;
    int dt;
    if (padded)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: paddedMode true is not supported (CANN's too)",
                       name);
    if (restore)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: restoreShapeOptional must be NULL (CANN supports nothing else)", name);
    if ((rc = ops_check_dims(rows, name, rows_name)) ||
        (rc = ops_need_dt(name, rows_name, rows->dtype, mask, &dt)) ||
        (rc = ops_check_dims(idx, name, "sortedIndices")) ||
        (rc = ops_need_dt(name, "sortedIndices", idx->dtype, mask2, &dt)))
        return rc;
    if (rows->ndim != 2 || idx->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s must be [M, H] and sortedIndices 1-d (they have %d and %d dims)",
                       name, rows_name, (int)rows->ndim, (int)idx->ndim);
    if (k < 1 || idx->dims[0] % k)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: topK is %lld, it must be >= 1 and divide sortedIndices' %lld elements",
                       name, (long long)k, (long long)idx->dims[0]);
    *n = idx->dims[0] / k;
    const int64_t nk[2] = {*n, k};
    if (probs && ((rc = ops_check_dims(probs, name, "probsOptional")) ||
                  (rc = ops_check_shape(name, nk, 2, probs, "probsOptional"))))
        return rc;
    if (probs && probs->dtype != rows->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: probsOptional has type %s, %s %s", name,
                       ops_dt_name(probs->dtype), rows_name, ops_dt_name(rows->dtype));
    return ACLNN_SUCCESS;
}

/* t has rows' type and shape want[0..2). */
static aclnnStatus tu_check_out(const char *name, const aclTensor *t, const char *what,
                                const aclTensor *rows, const int64_t *want)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)) || (rc = ops_check_shape(name, want, 2, t, what)))
        return rc;
    if (t->dtype != rows->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, it must be %s", name, what,
                       ops_dt_name(t->dtype), ops_dt_name(rows->dtype));
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnMoeTokenUnpermuteGetWorkspaceSize(const aclTensor *permutedTokens,
                                                   const aclTensor *sortedIndices,
                                                   const aclTensor *probsOptional, bool paddedMode,
                                                   const aclIntArray *restoreShapeOptional,
                                                   aclTensor *out, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeTokenUnpermute";
    OPS_CHECK_NULLS(name, permutedTokens, sortedIndices, out, workspaceSize, executor);
    const int64_t k = probsOptional && probsOptional->ndim == 2 ? probsOptional->dims[1] : 1;
    int64_t n;
    aclnnStatus rc = tu_check(name, OPS_DT_MoeTokenUnpermute, OPS_DT2_MoeTokenUnpermute,
                              permutedTokens, "permutedTokens", sortedIndices, probsOptional, k,
                              paddedMode, restoreShapeOptional, &n);
    if (rc)
        return rc;
    const int64_t od[2] = {n, permutedTokens->dims[1]};
    if ((rc = tu_check_out(name, out, "out", permutedTokens, od)))
        return rc;
    OPS_PLAN(e, pl, name, 3, 1, struct tu_plan, NULL, {&pl->rows, permutedTokens, "permutedTokens"},
             {&pl->idx, sortedIndices, "sortedIndices"},
             {&pl->probs, probsOptional, "probsOptional"}, {&pl->out, out, "out"});
    pl->n = n;
    pl->topk = k;
    pl->has_probs = probsOptional != NULL;
    e->run = n * od[1] > 0 ? tu_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeTokenUnpermute)

aclnnStatus aclnnMoeTokenPermuteGradGetWorkspaceSize(const aclTensor *permutedOutputGrad,
                                                     const aclTensor *sortedIndices,
                                                     int64_t numTopk, bool paddedMode,
                                                     aclTensor *out, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeTokenPermuteGrad";
    OPS_CHECK_NULLS(name, permutedOutputGrad, sortedIndices, out, workspaceSize, executor);
    int64_t n;
    aclnnStatus rc =
        tu_check(name, OPS_DT_MoeTokenPermuteGrad, OPS_DT2_MoeTokenPermuteGrad, permutedOutputGrad,
                 "permutedOutputGrad", sortedIndices, NULL, numTopk, paddedMode, NULL, &n);
    if (rc)
        return rc;
    const int64_t od[2] = {n, permutedOutputGrad->dims[1]};
    if ((rc = tu_check_out(name, out, "out", permutedOutputGrad, od)))
        return rc;
    OPS_PLAN(e, pl, name, 2, 1, struct tu_plan, NULL,
             {&pl->rows, permutedOutputGrad, "permutedOutputGrad"},
             {&pl->idx, sortedIndices, "sortedIndices"}, {&pl->out, out, "out"});
    pl->n = n;
    pl->topk = numTopk;
    e->run = n * od[1] > 0 ? tu_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeTokenPermuteGrad)

aclnnStatus aclnnMoeTokenUnpermuteGradGetWorkspaceSize(
    const aclTensor *permuteTokens, const aclTensor *unpermutedTokensGrad,
    const aclTensor *sortedIndices, const aclTensor *probsOptional, bool paddedMode,
    const aclIntArray *restoreShapeOptional, aclTensor *permutedTokensGradOut,
    aclTensor *probsGradOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeTokenUnpermuteGrad";
    OPS_CHECK_NULLS(name, permuteTokens, unpermutedTokensGrad, sortedIndices, permutedTokensGradOut,
                    workspaceSize, executor);
    if (probsOptional && !probsGradOut)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: probsGradOut is NULL and probsOptional is given", name);
    const int64_t k = probsOptional && probsOptional->ndim == 2 ? probsOptional->dims[1] : 1;
    int64_t n;
    aclnnStatus rc = tu_check(name, OPS_DT_MoeTokenUnpermuteGrad, OPS_DT2_MoeTokenUnpermuteGrad,
                              permuteTokens, "permuteTokens", sortedIndices, probsOptional, k,
                              paddedMode, restoreShapeOptional, &n);
    if (rc)
        return rc;
    const int64_t h = permuteTokens->dims[1], gd[2] = {n, h}, nk[2] = {n, k};
    if ((rc =
             tu_check_out(name, unpermutedTokensGrad, "unpermutedTokensGrad", permuteTokens, gd)) ||
        (rc = tu_check_out(name, permutedTokensGradOut, "permutedTokensGradOut", permuteTokens,
                           permuteTokens->dims)) ||
        (probsOptional &&
         (rc = tu_check_out(name, probsGradOut, "probsGradOut", permuteTokens, nk))))
        return rc;
    OPS_PLAN(e, pl, name, 4, 2, struct tu_plan, NULL, {&pl->rows, permuteTokens, "permuteTokens"},
             {&pl->idx, sortedIndices, "sortedIndices"},
             {&pl->probs, probsOptional, "probsOptional"},
             {&pl->grad, unpermutedTokensGrad, "unpermutedTokensGrad"},
             {&pl->out, permutedTokensGradOut, "permutedTokensGradOut"},
             {&pl->pgrad, probsOptional ? probsGradOut : NULL, "probsGradOut"});
    pl->n = n;
    pl->topk = k;
    pl->has_probs = probsOptional != NULL;
    pl->backward = true;
    e->run = pl->out.numel > 0 || n * k > 0 ? tu_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeTokenUnpermuteGrad)

/* ---- MoeTokenPermuteWithRoutingMap (TP4) ------------------------------------------------- */

struct rm_plan {
    struct ops_tensor tok, map, probs, out, pout, sorted;
    int64_t rows;
    bool drop, has_probs;
};

static int32_t rm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct rm_plan *p = e->plan;
    const int64_t t = p->map.dims[0], ne = p->map.dims[1], h = p->tok.dims[1], rows = p->rows;
    int64_t *map = moe_load(&p->map, addr, CK_I64), *first = malloc((size_t)(rows + 1) * 8),
            *exp = malloc((size_t)(rows + 1) * 8), *sorted = malloc((size_t)(rows + 1) * 8);
    double *pr = p->has_probs ? moe_load(&p->probs, addr, CK_F64) : NULL,
           *pv = malloc((size_t)(rows + 1) * 8);
    struct tp_pair *pp = malloc((size_t)(rows + 1) * sizeof *pp);
    int32_t rc = 0;
    if (!map || !first || !exp || !sorted || !pv || !pp || (p->has_probs && !pr)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    int64_t n = 0; /* the rows filled */
    if (!p->drop) {
        for (int64_t x = 0; x < ne; x++)
            for (int64_t r = 0; r < t && n < rows; r++)
                if (map[r * ne + x])
                    first[n] = r, exp[n++] = x;
        for (int64_t j = 0; j < n; j++) {
            pp[j].key = first[j];
            pp[j].pos = j;
        }
        qsort(pp, (size_t)n, sizeof *pp, tp_cmp);
        for (int64_t j = 0; j < rows; j++)
            sorted[j] = j < n ? pp[j].pos : -1; /* TP4: past the pairs, -1 */
    } else {
        const int64_t cap = rows / (ne ? ne : 1);
        for (int64_t x = 0; x < ne; x++) {
            int64_t c = 0;
            for (int pass = 1; pass >= 0 && c < cap; pass--) /* selected first, then the rest */
                for (int64_t r = 0; r < t && c < cap; r++)
                    if ((map[r * ne + x] != 0) == pass)
                        first[x * cap + c] = r, exp[x * cap + c] = x, c++;
        }
        memcpy(sorted, first, (size_t)rows * 8);
        n = rows;
    }
    const unsigned es = ops_dt_size(p->tok.dt);
    static const char zero[8];
    for (int64_t j = 0; j < rows; j++) {
        for (int64_t c = 0; c < h; c++)
            memcpy(ops_elem(&p->out, addr, j * p->out.strides[0] + c * p->out.strides[1]),
                   j < n ? ops_elem(&p->tok, addr,
                                    first[j] * p->tok.strides[0] + c * p->tok.strides[1])
                         : zero,
                   es);
        if (pr)
            pv[j] = j < n ? pr[first[j] * ne + exp[j]] : 0;
    }
    moe_store(&p->sorted, addr, sorted, CK_I64);
    if (pr)
        moe_store(&p->pout, addr, pv, CK_F64);
out:
    free(map);
    free(first);
    free(exp);
    free(sorted);
    free(pr);
    free(pv);
    free(pp);
    return rc;
}

aclnnStatus aclnnMoeTokenPermuteWithRoutingMapGetWorkspaceSize(
    const aclTensor *tokens, const aclTensor *routingMap, const aclTensor *probsOptional,
    int64_t numOutTokens, bool dropAndPad, aclTensor *permuteTokensOut,
    aclTensor *permuteProbsOutOptional, aclTensor *sortedIndicesOut, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeTokenPermuteWithRoutingMap";
    OPS_CHECK_NULLS(name, tokens, routingMap, permuteTokensOut, sortedIndicesOut, workspaceSize,
                    executor);
    if (probsOptional && !permuteProbsOutOptional)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: permuteProbsOutOptional is NULL and probsOptional is given", name);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(tokens, name, "tokens")) ||
        (rc = ops_need_dt(name, "tokens", tokens->dtype, OPS_DT_MoeTokenPermuteWithRoutingMap,
                          &dt)) ||
        (rc = ops_check_dims(routingMap, name, "routingMap")) ||
        (rc = ops_need_dt(name, "routingMap", routingMap->dtype,
                          OPS_DT2_MoeTokenPermuteWithRoutingMap, &dt)))
        return rc;
    if (tokens->ndim != 2 || routingMap->ndim != 2 || routingMap->dims[0] != tokens->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: tokens must be [T, H] and routingMap [T, E] with the same T", name);
    const int64_t t = tokens->dims[0], ne = routingMap->dims[1], h = tokens->dims[1];
    if (numOutTokens < 0 || numOutTokens > t * ne)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numOutTokens is %lld, it must be in [0, %lld]",
                       name, (long long)numOutTokens, (long long)(t * ne));
    const int64_t align = dropAndPad ? ne : t;
    const int64_t rows = align ? numOutTokens / align * align : 0, od[2] = {rows, h};
    if ((rc = ops_check_dims(permuteTokensOut, name, "permuteTokensOut")) ||
        (rc = ops_check_shape(name, od, 2, permuteTokensOut, "permuteTokensOut")) ||
        (rc = ops_check_dims(sortedIndicesOut, name, "sortedIndicesOut")) ||
        (rc = ops_check_shape(name, &rows, 1, sortedIndicesOut, "sortedIndicesOut")))
        return rc;
    if (permuteTokensOut->dtype != tokens->dtype || sortedIndicesOut->dtype != ACL_INT32)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: permuteTokensOut has type %s (tokens' %s), sortedIndicesOut %s (INT32)",
                       name, ops_dt_name(permuteTokensOut->dtype), ops_dt_name(tokens->dtype),
                       ops_dt_name(sortedIndicesOut->dtype));
    if (probsOptional &&
        ((rc = ops_check_dims(probsOptional, name, "probsOptional")) ||
         (rc = ops_check_shape(name, routingMap->dims, 2, probsOptional, "probsOptional")) ||
         (rc = ops_check_dims(permuteProbsOutOptional, name, "permuteProbsOutOptional")) ||
         (rc =
              ops_check_shape(name, &rows, 1, permuteProbsOutOptional, "permuteProbsOutOptional"))))
        return rc;
    if (probsOptional &&
        (probsOptional->dtype != tokens->dtype || permuteProbsOutOptional->dtype != tokens->dtype))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: probsOptional and permuteProbsOutOptional must have tokens' type %s",
                       name, ops_dt_name(tokens->dtype));
    OPS_PLAN(e, pl, name, 3, 3, struct rm_plan, NULL, {&pl->tok, tokens, "tokens"},
             {&pl->map, routingMap, "routingMap"}, {&pl->probs, probsOptional, "probsOptional"},
             {&pl->out, permuteTokensOut, "permuteTokensOut"},
             {&pl->pout, probsOptional ? permuteProbsOutOptional : NULL, "permuteProbsOutOptional"},
             {&pl->sorted, sortedIndicesOut, "sortedIndicesOut"});
    pl->rows = rows;
    pl->drop = dropAndPad;
    pl->has_probs = probsOptional != NULL;
    e->run = t * ne > 0 ? rm_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeTokenPermuteWithRoutingMap)
