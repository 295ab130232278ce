/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ApplyRotaryPosEmb (V1, V2): rotary position embedding of query and key in
 * place, one launch for both, q = q * cos + rotate(q) * sin and the same for
 * k, with rope.c's row (rope.h).
 *
 *  AP1. Shapes: queryRef (B, S, Nq, D), keyRef (B, S, Nk, D), cos and sin
 *      (B or 1, S, 1, D) in layout 1 (BSND); layout 2 reads every tensor as
 *      SBND, layout 3 as BNSD (V2 only: V1 takes layout 1, as CANN documents).
 *      The four have one type (FLOAT, FLOAT16, BFLOAT16). CANN's Atlas A2
 *      kernel needs D = 128; cpuacl takes any D that the mode divides (even;
 *      a multiple of 4 for "quarter") and a cos / sin batch of 1 broadcast.
 *  AP2. V1 rotates by halves ("half"); V2's rotaryMode is "half",
 *      "interleave" or "quarter" (rope.c RP1's modes 0, 1, 2). Each element is
 *      computed in float32 and rounded once to the tensor's type.
 *  AP3. The launch splits its positions (b, s) across the device's workers
 *      (ops_split, from 2 x 64 Ki elements of query and key); a position's
 *      rows (every head of query and key) are computed whole in one block, in
 *      place (each row read into a buffer before it is written), so the
 *      results are bit-identical for any worker count.
 */
#include <string.h>

#include "aclnnop/aclnn_apply_rotary_pos_emb.h"
#include "aclnnop/aclnn_apply_rotary_pos_emb_v2.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/attention/rope.h"
#include "ops/attention/table.h"

#define AP_SPLIT_MIN (64 * 1024)

/* A tensor of the layout as (B, S, N, D) strides. */
struct ap_view {
    int slot;
    int64_t off, sb, ss, sn, sd;
};

struct ap_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    int dt, mode;
    int64_t B, S, Nq, Nk, D;
    struct ap_view q, k, c, s;
};

static void ap_rows(const struct ap_plan *p, void *const *addr, const struct ap_view *v, int64_t N,
                    int64_t b, int64_t s, const float *cr, const float *sr, float *xr, float *yr)
{
    const int64_t esz = ops_dt_size(p->dt), D = p->D;
    ops_load_fn ld = ops_loader(CK_F32, p->dt);
    ops_store_fn st = ops_storer(CK_F32, p->dt);
    char *base = (char *)addr[v->slot] + (v->off + b * v->sb + s * v->ss) * esz;
    for (int64_t n = 0; n < N; n++) {
        char *row = base + n * v->sn * esz;
        ld(xr, row, v->sd * esz, D);
        rope_row(p->mode, D, yr, xr, cr, sr);
        st(row, v->sd * esz, yr, D);
    }
}

static uint32_t ap_blocks(const struct aclOpExecutor *e)
{
    const struct ap_plan *p = e->plan;
    const int64_t pos = p->B * p->S;
    return ops_split_rows(pos, pos * (p->Nq + p->Nk) * p->D, AP_SPLIT_MIN);
}

/* AP3: block bi of bn, positions [r0, r1). */
static int32_t ap_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct ap_plan *p = e->plan;
    int64_t r0, r1;
    ops_split_range(p->B * p->S, 1, bi, bn, &r0, &r1);
    if (r0 >= r1)
        return 0;
    const int64_t D = p->D, esz = ops_dt_size(p->dt);
    float *buf = ks_scratch((size_t)D * 4 * sizeof(float));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    float *cr = buf, *sr = buf + D, *xr = buf + 2 * D, *yr = buf + 3 * D;
    ops_load_fn ld = ops_loader(CK_F32, p->dt);
    for (int64_t r = r0; r < r1; r++) {
        const int64_t b = r / p->S, s = r % p->S;
        ld(cr, (const char *)addr[p->c.slot] + (p->c.off + b * p->c.sb + s * p->c.ss) * esz,
           p->c.sd * esz, D);
        ld(sr, (const char *)addr[p->s.slot] + (p->s.off + b * p->s.sb + s * p->s.ss) * esz,
           p->s.sd * esz, D);
        ap_rows(p, addr, &p->q, p->Nq, b, s, cr, sr, xr, yr);
        ap_rows(p, addr, &p->k, p->Nk, b, s, cr, sr, xr, yr);
    }
    return 0;
}

static const struct ops_split ap_split = {ap_blocks, ap_block};

/* ---- phase 1 -----------------------------------------------------------------------------------
 */

/* B, S, N, D of a tensor in layout 1..3 and its view. */
static void ap_dims(const aclTensor *t, int64_t layout, int64_t d[4], struct ap_view *v, int slot)
{
    const int64_t *s = t->strides;
    const int ib = layout == 2 ? 1 : 0,
              is = layout == 1   ? 1
                   : layout == 2 ? 0
                                 : 2,
              in = layout == 3 ? 1 : 2;
    d[0] = t->dims[ib], d[1] = t->dims[is], d[2] = t->dims[in], d[3] = t->dims[3];
    v->slot = slot, v->off = t->offset;
    v->sb = d[0] == 1 ? 0 : s[ib], v->ss = s[is], v->sn = s[in], v->sd = s[3];
}

static aclnnStatus ap_prepare(const char *op, uint64_t dtm, aclTensor *queryRef, aclTensor *keyRef,
                              const aclTensor *cos, const aclTensor *sin, int64_t layout, int mode,
                              bool v2, WS)
{
    OPS_CHECK_NULLS(op, queryRef, keyRef, cos, sin, workspaceSize, executor);
    if (layout < 1 || layout > (v2 ? 3 : 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: layout %lld is not supported (%s)", op,
                       (long long)layout, v2 ? "1 BSND, 2 SBND, 3 BNSD" : "1 BSND");
    const aclTensor *ts[4] = {queryRef, keyRef, cos, sin};
    static const char *const names[4] = {"queryRef", "keyRef", "cos", "sin"};
    aclnnStatus rc;
    for (int i = 0; i < 4; i++) {
        if ((rc = ops_check_dims(ts[i], op, names[i])))
            return rc;
        if (ts[i]->ndim != 4)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be 4-d (got %llu dims)", op,
                           names[i], (unsigned long long)ts[i]->ndim);
    }
    int dt = ops_dt_index(queryRef->dtype);
    if (dt < 0 || !(DTM(dt) & dtm) || keyRef->dtype != queryRef->dtype ||
        cos->dtype != queryRef->dtype || sin->dtype != queryRef->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: queryRef/keyRef/cos/sin types %s/%s/%s/%s: all must be one of FLOAT, "
                       "FLOAT16, BFLOAT16",
                       op, ops_dt_name(queryRef->dtype), ops_dt_name(keyRef->dtype),
                       ops_dt_name(cos->dtype), ops_dt_name(sin->dtype));
    struct aclOpExecutor *e = ops_exec_plan(op, 2, 2, sizeof(struct ap_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ap_plan *p = e->plan;
    int64_t qd[4], kd[4], cd[4], sd[4];
    /* slots: cos and sin are inputs, queryRef and keyRef the outputs (in place) */
    ap_dims(cos, layout, cd, &p->c, ops_exec_slot(e, cos));
    ap_dims(sin, layout, sd, &p->s, ops_exec_slot(e, sin));
    ap_dims(queryRef, layout, qd, &p->q, ops_exec_slot(e, queryRef));
    ap_dims(keyRef, layout, kd, &p->k, ops_exec_slot(e, keyRef));
    const int64_t D = qd[3];
    bool ok = kd[0] == qd[0] && kd[1] == qd[1] && kd[3] == D && (cd[0] == qd[0] || cd[0] == 1) &&
              cd[1] == qd[1] && cd[2] == 1 && cd[3] == D;
    for (int i = 0; i < 4; i++)
        ok = ok && sd[i] == cd[i];
    if (!ok) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: shapes disagree: queryRef (B, S, N, D) = (%lld, %lld, %lld, %lld), "
                       "keyRef (%lld, %lld, %lld, %lld), cos and sin must be (B or 1, S, 1, D) "
                       "(read in layout %lld)",
                       op, (long long)qd[0], (long long)qd[1], (long long)qd[2], (long long)D,
                       (long long)kd[0], (long long)kd[1], (long long)kd[2], (long long)kd[3],
                       (long long)layout);
    }
    if (D % (mode == ROPE_QUARTER ? 4 : 2)) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the head dim %lld must be a multiple of %d",
                       op, (long long)D, mode == ROPE_QUARTER ? 4 : 2);
    }
    p->split = &ap_split;
    p->dt = dt, p->mode = mode;
    p->B = qd[0], p->S = qd[1], p->Nq = qd[2], p->Nk = kd[2], p->D = D;
    e->run = p->B * p->S * (p->Nq + p->Nk) * D > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnApplyRotaryPosEmbGetWorkspaceSize(aclTensor *queryRef, aclTensor *keyRef,
                                                   const aclTensor *cos, const aclTensor *sin,
                                                   int64_t layout, WS)
{
    return ap_prepare("aclnnApplyRotaryPosEmb", OPS_DT_ApplyRotaryPosEmb, queryRef, keyRef, cos,
                      sin, layout, ROPE_HALF, false, workspaceSize, executor);
}
PHASE2(ApplyRotaryPosEmb)

aclnnStatus aclnnApplyRotaryPosEmbV2GetWorkspaceSize(aclTensor *queryRef, aclTensor *keyRef,
                                                     const aclTensor *cos, const aclTensor *sin,
                                                     int64_t layout, char *rotaryMode, WS)
{
    static const char *const op = "aclnnApplyRotaryPosEmbV2";
    OPS_CHECK_NULL(op, rotaryMode);
    int mode;
    if (!strcmp(rotaryMode, "half"))
        mode = ROPE_HALF;
    else if (!strcmp(rotaryMode, "interleave"))
        mode = ROPE_INTERLEAVE;
    else if (!strcmp(rotaryMode, "quarter"))
        mode = ROPE_QUARTER;
    else
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: rotaryMode \"%.16s\" is not supported (half, interleave, quarter)", op,
                       rotaryMode);
    return ap_prepare(op, OPS_DT_ApplyRotaryPosEmbV2, queryRef, keyRef, cos, sin, layout, mode,
                      true, workspaceSize, executor);
}
PHASE2(ApplyRotaryPosEmbV2)
