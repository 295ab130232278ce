/* SPDX-License-Identifier: Apache-2.0 */
/*
 * RecurrentGatedDeltaRule: the gated delta rule (a linear-attention
 * recurrence with one Dv x Dk state matrix per value head), over B packed
 * sequences of variable length.
 *
 *  GD1. Sequence b covers tokens [start_b, start_b + L_b) with L_b =
 *      actualSeqLengths[b] and start_b the sum of the lengths before it.
 *      Its state starts from stateRef[ssmStateIndices[start_b + a - 1]], a =
 *      numAcceptedTokens[b] (1 without numAcceptedTokens); after every token
 *      t the state is written to stateRef[ssmStateIndices[t]] (rounded to
 *      stateRef's type) while the recurrence goes on in float32, as the
 *      NPU kernel keeps it in its unified buffer. A sequence whose a is
 *      outside [1, L_b] is skipped (the kernel returns for it); empty ones
 *      write nothing.
 *  GD2. Per token t and value head h (key head h / (Nv / Nk)), in float32:
 *        S = exp(g[t,h]) S;  S[:, j] *= exp(gk[t,h,j]);
 *        S += beta[t,h] (v - S k) k^T;  out[t,h] = S (scaleValue q).
 *      g / gk absent: 0 (no decay).
 *  GD3. Launch-time faults (ACL_ERROR_RT_AICORE_EXCEPTION at the stream's
 *      synchronisation, before any write): a negative length, lengths
 *      summing past T, a state index outside [0, blocks).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_recurrent_gated_delta_rule.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/attention/table.h"

#define RG "aclnnRecurrentGatedDeltaRule"

enum { RQ, RK, RV, RBETA, RSTATE, RASL, RSSI, RG_G, RG_GK, RNAT, ROUT, RN };

struct rg_plan {
    struct ops_tensor t[RN];
    bool has[RN];
    int64_t T, NK, DK, NV, DV, B, BLK;
    float scale;
};

static int32_t rg_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct rg_plan *p = e->plan;
    const int64_t T = p->T, B = p->B, NV = p->NV, DV = p->DV, DK = p->DK, NK = p->NK;
    int64_t *asl = malloc((size_t)B * sizeof(int64_t));
    int64_t *ssi = malloc((size_t)T * sizeof(int64_t));
    int64_t *nat = malloc((size_t)B * sizeof(int64_t));
    float *S = malloc((size_t)(DV * DK + DK * 3 + DV * 2) * sizeof(float));
    int32_t rc = ACL_SUCCESS;
    if (!asl || !ssi || !nat || !S) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    const struct ops_tensor *t = p->t;
    ops_gather_nd(asl, CK_I64, ops_base(&t[RASL], addr), t[RASL].dt, 1, t[RASL].dims,
                  t[RASL].strides);
    ops_gather_nd(ssi, CK_I64, ops_base(&t[RSSI], addr), t[RSSI].dt, 1, t[RSSI].dims,
                  t[RSSI].strides);
    if (p->has[RNAT])
        ops_gather_nd(nat, CK_I64, ops_base(&t[RNAT], addr), t[RNAT].dt, 1, t[RNAT].dims,
                      t[RNAT].strides);
    else
        for (int64_t b = 0; b < B; b++)
            nat[b] = 1;
    /* GD3: everything checked before the first write. */
    int64_t total = 0;
    for (int64_t b = 0; b < B; b++) {
        if (asl[b] < 0 || asl[b] > T - total) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
        total += asl[b];
    }
    for (int64_t i = 0; i < total; i++)
        if (ssi[i] < 0 || ssi[i] >= p->BLK) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }

    float *q = S + DV * DK, *k = q + DK, *gk = k + DK, *v = gk + DK, *o = v + DV;
    const struct ops_tensor *st = &t[RSTATE], *ot = &t[ROUT];
    ops_load_fn ld_q = ops_loader(CK_F32, t[RQ].dt), ld_k = ops_loader(CK_F32, t[RK].dt);
    ops_load_fn ld_v = ops_loader(CK_F32, t[RV].dt), ld_b = ops_loader(CK_F32, t[RBETA].dt);
    ops_load_fn ld_s = ops_loader(CK_F32, st->dt);
    ops_load_fn ld_g = p->has[RG_G] ? ops_loader(CK_F32, t[RG_G].dt) : NULL;
    ops_load_fn ld_gk = p->has[RG_GK] ? ops_loader(CK_F32, t[RG_GK].dt) : NULL;
    ops_store_fn st_s = ops_storer(CK_F32, st->dt), st_o = ops_storer(CK_F32, ot->dt);
    const int64_t es = ops_dt_size(st->dt), eo = ops_dt_size(ot->dt);
    const int64_t eq = ops_dt_size(t[RQ].dt), ek = ops_dt_size(t[RK].dt);
    const int64_t ev = ops_dt_size(t[RV].dt), eb = ops_dt_size(t[RBETA].dt);
    const char *qb = ops_base(&t[RQ], addr), *kb = ops_base(&t[RK], addr);
    const char *vb = ops_base(&t[RV], addr), *bb = ops_base(&t[RBETA], addr);
    const char *gb = p->has[RG_G] ? ops_base(&t[RG_G], addr) : NULL;
    const char *gkb = p->has[RG_GK] ? ops_base(&t[RG_GK], addr) : NULL;
    char *sb = ops_base(st, addr), *ob = ops_base(ot, addr);
    const int64_t grp = NV / NK;

    int64_t start = 0;
    for (int64_t b = 0; b < B; start += asl[b], b++) {
        const int64_t L = asl[b];
        if (L == 0 || nat[b] < 1 || nat[b] > L)
            continue; /* GD1 */
        const int64_t s0 = ssi[start + nat[b] - 1];
        for (int64_t h = 0; h < NV; h++) {
            const int64_t kh = h / grp;
            for (int64_t i = 0; i < DV; i++) /* state row i of head h */
                ld_s(S + i * DK,
                     sb + (s0 * st->strides[0] + h * st->strides[1] + i * st->strides[2]) * es,
                     st->strides[3] * es, DK);
            for (int64_t tk = start; tk < start + L; tk++) {
                const struct ops_tensor *tq = &t[RQ], *tkk = &t[RK], *tv = &t[RV];
                ld_q(q, qb + (tk * tq->strides[0] + kh * tq->strides[1]) * eq, tq->strides[2] * eq,
                     DK);
                ld_k(k, kb + (tk * tkk->strides[0] + kh * tkk->strides[1]) * ek,
                     tkk->strides[2] * ek, DK);
                ld_v(v, vb + (tk * tv->strides[0] + h * tv->strides[1]) * ev, tv->strides[2] * ev,
                     DV);
                float beta;
                ld_b(&beta, bb + (tk * t[RBETA].strides[0] + h * t[RBETA].strides[1]) * eb, eb, 1);
                if (ld_g) {
                    float g;
                    ld_g(&g, gb + (tk * t[RG_G].strides[0] + h * t[RG_G].strides[1]) * 4, 4, 1);
                    const float a = expf(g);
                    for (int64_t x = 0; x < DV * DK; x++)
                        S[x] *= a;
                }
                if (ld_gk) {
                    const struct ops_tensor *tg = &t[RG_GK];
                    ld_gk(gk, gkb + (tk * tg->strides[0] + h * tg->strides[1]) * 4,
                          tg->strides[2] * 4, DK);
                    for (int64_t j = 0; j < DK; j++)
                        gk[j] = expf(gk[j]);
                    for (int64_t i = 0; i < DV; i++)
                        for (int64_t j = 0; j < DK; j++)
                            S[i * DK + j] *= gk[j];
                }
                for (int64_t j = 0; j < DK; j++)
                    q[j] *= p->scale;
                for (int64_t i = 0; i < DV; i++) {
                    float *row = S + i * DK, sk = 0.0f;
                    for (int64_t j = 0; j < DK; j++)
                        sk += row[j] * k[j];
                    const float d = (v[i] - sk) * beta;
                    float acc = 0.0f;
                    for (int64_t j = 0; j < DK; j++) {
                        row[j] += d * k[j];
                        acc += row[j] * q[j];
                    }
                    o[i] = acc;
                }
                st_o(ob + (tk * ot->strides[0] + h * ot->strides[1]) * eo, ot->strides[2] * eo, o,
                     DV);
                const int64_t sd = ssi[tk];
                for (int64_t i = 0; i < DV; i++)
                    st_s(sb + (sd * st->strides[0] + h * st->strides[1] + i * st->strides[2]) * es,
                         st->strides[3] * es, S + i * DK, DK);
            }
        }
    }
out:
    free(asl);
    free(ssi);
    free(nat);
    free(S);
    return rc;
}

static bool rg_shape(const aclTensor *t, int nd, int64_t d0, int64_t d1, int64_t d2, int64_t d3)
{
    const int64_t want[4] = {d0, d1, d2, d3};
    if ((int)t->ndim != nd)
        return false;
    for (int i = 0; i < nd; i++)
        if (want[i] >= 0 && t->dims[i] != want[i])
            return false;
    return true;
}

aclnnStatus aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *beta,
    aclTensor *stateRef, const aclTensor *actualSeqLengths, const aclTensor *ssmStateIndices,
    const aclTensor *g, const aclTensor *gk, const aclTensor *numAcceptedTokens, float scaleValue,
    aclTensor *out, WS)
{
    OPS_CHECK_NULLS(RG, workspaceSize, executor, query, key, value, beta, stateRef,
                    actualSeqLengths, ssmStateIndices, out);
    const aclTensor *in[RN] = {query, key, value, beta, stateRef, actualSeqLengths,
                               ssmStateIndices, g, gk, numAcceptedTokens, out};
    static const char *const nm[RN] = {"query", "key", "value", "beta", "stateRef",
                                       "actualSeqLengths", "ssmStateIndices", "g", "gk",
                                       "numAcceptedTokens", "out"};
    aclnnStatus rc;
    for (int i = 0; i < RN; i++)
        if (in[i] && (rc = ops_check_dims(in[i], RG, nm[i])))
            return rc;
    /* Types: query/key/value/beta/out one of BFLOAT16 (CANN's) or FLOAT16;
     * stateRef that type or FLOAT; lengths and indices INT32; g, gk FLOAT. */
    const aclDataType qt = query->dtype;
    if (!ops_dt_in(qt, OPS_DT_RecurrentGatedDeltaRule))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: query is %s (BFLOAT16 or FLOAT16)", RG,
                       ops_dt_name(qt));
    const aclTensor *same[] = {key, value, beta, out};
    for (int i = 0; i < 4; i++)
        if (same[i]->dtype != qt)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, query is %s (one type)", RG,
                           i == 0 ? "key" : i == 1 ? "value" : i == 2 ? "beta" : "out",
                           ops_dt_name(same[i]->dtype), ops_dt_name(qt));
    if (stateRef->dtype != qt && stateRef->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: stateRef is %s (query's type or FLOAT)", RG,
                       ops_dt_name(stateRef->dtype));
    const aclTensor *i32[] = {actualSeqLengths, ssmStateIndices, numAcceptedTokens};
    for (int i = 0; i < 3; i++)
        if (i32[i] && i32[i]->dtype != ACL_INT32)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s (INT32)", RG,
                           nm[RASL + (i == 2 ? RNAT - RASL : i)], ops_dt_name(i32[i]->dtype));
    if ((g && g->dtype != ACL_FLOAT) || (gk && gk->dtype != ACL_FLOAT))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: g and gk must be FLOAT", RG);
    for (int i = 0; i < RN; i++)
        if (in[i] && ops_format_private(in[i]->format))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be ND", RG, nm[i]);

    if (query->ndim != 3 || value->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: query (%u dims) and value (%u dims) must be "
                       "(T, Nk, Dk) and (T, Nv, Dv)", RG, query->ndim, value->ndim);
    const int64_t T = query->dims[0], NK = query->dims[1], DK = query->dims[2];
    const int64_t NV = value->dims[1], DV = value->dims[2];
    if (!ops_same_shape(query, key))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: key must be query's shape (T, Nk, Dk)", RG);
    if (value->dims[0] != T || !rg_shape(out, 3, T, NV, DV, -1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: value and out must be (T, Nv, Dv) with "
                       "query's T", RG);
    if (T <= 0 || NK <= 0 || DK <= 0 || NV <= 0 || DV <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: empty tensors are not supported", RG);
    if (NV % NK)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: Nv (%lld) must be a multiple of Nk (%lld)",
                       RG, (long long)NV, (long long)NK);
    if (NK > 256 || NV > 256 || DK > 256 || DV > 256)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: Nk, Nv, Dk, Dv must be <= 256", RG);
    if (!rg_shape(beta, 2, T, NV, -1, -1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: beta must be (T, Nv)", RG);
    if (!rg_shape(stateRef, 4, -1, NV, DV, DK) || stateRef->dims[0] <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: stateRef must be (blocks, Nv, Dv, Dk)", RG);
    if (actualSeqLengths->ndim != 1 || actualSeqLengths->dims[0] < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: actualSeqLengths must be (B,), B >= 1", RG);
    const int64_t B = actualSeqLengths->dims[0];
    if (!rg_shape(ssmStateIndices, 1, T, -1, -1, -1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: ssmStateIndices must be (T,)", RG);
    if (g && !rg_shape(g, 2, T, NV, -1, -1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: g must be (T, Nv)", RG);
    if (gk && !rg_shape(gk, 3, T, NV, DK, -1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gk must be (T, Nv, Dk)", RG);
    if (numAcceptedTokens && !rg_shape(numAcceptedTokens, 1, B, -1, -1, -1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numAcceptedTokens must be (B,)", RG);
    if (!isfinite(scaleValue))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scaleValue must be finite", RG);

    struct aclOpExecutor *e = ops_exec_new(RG, 10, 2);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct rg_plan *p = calloc(1, sizeof(*p));
    if (!p) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", RG);
    }
    e->plan = p;
    e->fini = ops_plan_free;
    int slots[RN + 1];
    for (int i = 0; i < 10; i++)
        slots[i] = ops_exec_slot(e, in[i]);
    slots[ROUT] = ops_exec_slot(e, out);
    (void)ops_exec_slot(e, stateRef); /* the second output: stateRef, updated in place */
    rc = ACLNN_SUCCESS;
    for (int i = 0; i < RN && !rc; i++) {
        p->has[i] = in[i] != NULL;
        if (in[i])
            rc = ops_tensor_from(&p->t[i], in[i], slots[i], RG, nm[i]);
    }
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    p->T = T, p->NK = NK, p->DK = DK, p->NV = NV, p->DV = DV, p->B = B;
    p->BLK = stateRef->dims[0];
    p->scale = scaleValue;
    e->run = rg_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(RecurrentGatedDeltaRule)
