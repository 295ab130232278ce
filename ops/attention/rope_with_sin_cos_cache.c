/* SPDX-License-Identifier: Apache-2.0 */
/*
 * RopeWithSinCosCache (vLLM's rotary embedding): the cos and sin of each
 * token are gathered from cosSinCache at the token's position, then the first
 * rotaryDim elements of every head of query and key are rotated, the rest
 * copied.
 *
 *  RS1. Shapes: positions (T) or, with mropeSection, (3, T) (INT32, INT64);
 *      queryIn (T, Nq * headSize), keyIn (T, Nk * headSize), queryOut and
 *      keyOut of their shapes; cosSinCache (maxPositions, rotaryDim), its
 *      first rotaryDim / 2 columns cos, the rest sin; rotaryDim even and at
 *      most headSize. query, key, cache and outputs of one type (FLOAT,
 *      FLOAT16, BFLOAT16).
 *  RS2. With h = rotaryDim / 2 and c, s the token's cos and sin rows:
 *      isNeoxStyle (rotate_half): o[i] = x[i] c[i] - x[i + h] s[i],
 *      o[i + h] = x[i + h] c[i] + x[i] s[i]; otherwise (GPT-J, interleaved):
 *      o[2i] = x[2i] c[i] - x[2i + 1] s[i], o[2i + 1] = x[2i + 1] c[i] + x[2i] s[i];
 *      elements from rotaryDim on are copied. In float32, rounded once.
 *  RS3. mrope (positions (3, T)): mropeSection's three counts sum to h;
 *      element i of the cos / sin row comes from the position of the section
 *      holding i (positions[0] for i < m0, positions[1] below m0 + m1,
 *      positions[2] after).
 *  RS4. A position outside [0, maxPositions) fails the launch
 *      (ACL_ERROR_RT_AICORE_EXCEPTION at the stream's synchronisation) before
 *      any write: every block checks all positions first.
 *  RS5. Tokens split across the device's workers (ops_split, from 2 x 64 Ki
 *      elements); a token's rows are computed whole in one block (each read
 *      into a buffer first, so the outputs may be the inputs):
 *      bit-identical for any worker count.
 */
#include <string.h>

#include "aclnnop/aclnn_rope_with_sin_cos_cache.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/attention/table.h"

#define RS_SPLIT_MIN (64 * 1024)

struct rs_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor pos, q, k, cache, qo, ko;
    int64_t T, Nq, Nk, hs, rd, maxpos;
    int64_t sec[3]; /* RS3: section ends (mrope), or h, h, h */
    bool neox, mrope;
};

static int64_t rs_position(const struct rs_plan *p, void *const *addr, int64_t row, int64_t t)
{
    const char *b = ops_base(&p->pos, addr);
    const int64_t off =
        p->mrope ? row * p->pos.strides[0] + t * p->pos.strides[1] : t * p->pos.strides[0];
    return p->pos.dt == DT_I32 ? ((const int32_t *)(const void *)b)[off]
                               : ((const int64_t *)(const void *)b)[off];
}

static uint32_t rs_blocks(const struct aclOpExecutor *e)
{
    const struct rs_plan *p = e->plan;
    return ops_split_rows(p->T, p->T * (p->Nq + p->Nk) * p->hs, RS_SPLIT_MIN);
}

/* RS2: every head of one token's row of x into out. */
static void rs_heads(const struct rs_plan *p, void *const *addr, const struct ops_tensor *x,
                     const struct ops_tensor *o, int64_t N, int64_t t, const float *c,
                     const float *s, float *xr, float *yr)
{
    const int64_t hs = p->hs, h = p->rd / 2, esz = ops_dt_size(x->dt);
    ops_load_fn ld = ops_loader(CK_F32, x->dt);
    ops_store_fn st = ops_storer(CK_F32, x->dt);
    const char *xb = ops_base(x, addr) + t * x->strides[0] * esz;
    char *ob = ops_base(o, addr) + t * o->strides[0] * esz;
    for (int64_t n = 0; n < N; n++) {
        ld(xr, xb + n * hs * x->strides[1] * esz, x->strides[1] * esz, hs);
        if (p->neox)
            for (int64_t i = 0; i < h; i++) {
                yr[i] = xr[i] * c[i] - xr[i + h] * s[i];
                yr[i + h] = xr[i + h] * c[i] + xr[i] * s[i];
            }
        else
            for (int64_t i = 0; i < h; i++) {
                yr[2 * i] = xr[2 * i] * c[i] - xr[2 * i + 1] * s[i];
                yr[2 * i + 1] = xr[2 * i + 1] * c[i] + xr[2 * i] * s[i];
            }
        memcpy(yr + p->rd, xr + p->rd, (size_t)(hs - p->rd) * sizeof(float));
        st(ob + n * hs * o->strides[1] * esz, o->strides[1] * esz, yr, hs);
    }
}

static int32_t rs_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct rs_plan *p = e->plan;
    for (int64_t row = 0; row < (p->mrope ? 3 : 1); row++) /* RS4: all, before any write */
        for (int64_t t = 0; t < p->T; t++) {
            const int64_t v = rs_position(p, addr, row, t);
            if (v < 0 || v >= p->maxpos)
                return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
    int64_t t0, t1;
    ops_split_range(p->T, 1, bi, bn, &t0, &t1);
    const int64_t hs = p->hs, h = p->rd / 2, esz = ops_dt_size(p->cache.dt);
    float *buf = ks_scratch((size_t)(2 * hs + 2 * h + 2) * sizeof(float));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    float *xr = buf, *yr = buf + hs, *c = yr + hs, *s = c + h + 1;
    ops_load_fn ld = ops_loader(CK_F32, p->cache.dt);
    const char *cb = ops_base(&p->cache, addr);
    const int64_t cs0 = p->cache.strides[0], cs1 = p->cache.strides[1];
    for (int64_t t = t0; t < t1; t++) {
        for (int sec = 0, i0 = 0; sec < 3; sec++) { /* RS3: sections of the cos / sin row */
            const int64_t i1 = p->sec[sec], n = i1 - i0;
            if (n > 0) {
                const char *row = cb + rs_position(p, addr, p->mrope ? sec : 0, t) * cs0 * esz;
                ld(c + i0, row + i0 * cs1 * esz, cs1 * esz, n);
                ld(s + i0, row + (h + i0) * cs1 * esz, cs1 * esz, n);
            }
            i0 = (int)i1;
        }
        rs_heads(p, addr, &p->q, &p->qo, p->Nq, t, c, s, xr, yr);
        rs_heads(p, addr, &p->k, &p->ko, p->Nk, t, c, s, xr, yr);
    }
    return 0;
}

static const struct ops_split rs_split = {rs_blocks, rs_block};

aclnnStatus aclnnRopeWithSinCosCacheGetWorkspaceSize(
    const aclTensor *positions, const aclTensor *queryIn, const aclTensor *keyIn,
    const aclTensor *cosSinCache, const aclIntArray *mropeSection, int64_t headSize,
    bool isNeoxStyle, aclTensor *queryOut, aclTensor *keyOut, WS)
{
    static const char *const op = "aclnnRopeWithSinCosCache";
    OPS_CHECK_NULLS(op, positions, queryIn, keyIn, cosSinCache, queryOut, keyOut, workspaceSize,
                    executor);
    const aclTensor *ts[6] = {positions, queryIn, keyIn, cosSinCache, queryOut, keyOut};
    static const char *const names[6] = {"positions",   "queryIn",  "keyIn",
                                         "cosSinCache", "queryOut", "keyOut"};
    aclnnStatus rc;
    for (int i = 0; i < 6; i++)
        if ((rc = ops_check_dims(ts[i], op, names[i])))
            return rc;
    if (!ops_dt_in(positions->dtype, OPS_DT2_RopeWithSinCosCache))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: positions type %s must be INT32 or INT64", op,
                       ops_dt_name(positions->dtype));
    int dt = ops_dt_index(queryIn->dtype);
    if (dt < 0 || !(DTM(dt) & OPS_DT_RopeWithSinCosCache) || keyIn->dtype != queryIn->dtype ||
        cosSinCache->dtype != queryIn->dtype || queryOut->dtype != queryIn->dtype ||
        keyOut->dtype != queryIn->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: queryIn/keyIn/cosSinCache/queryOut/keyOut types must be one of FLOAT, "
                       "FLOAT16, BFLOAT16, all the same",
                       op);
    const bool mrope = positions->ndim == 2;
    if (positions->ndim < 1 || positions->ndim > 2 || (mrope && positions->dims[0] != 3))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: positions must be (T) or (3, T) (mrope)", op);
    const int64_t T = positions->dims[positions->ndim - 1];
    if (cosSinCache->ndim != 2 || cosSinCache->dims[1] % 2 || headSize <= 0 ||
        cosSinCache->dims[1] > headSize)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: cosSinCache must be (maxPositions, rotaryDim) with rotaryDim even and "
                       "at most headSize %lld",
                       op, (long long)headSize);
    const int64_t rd = cosSinCache->dims[1];
    const aclTensor *io[2][2] = {{queryIn, queryOut}, {keyIn, keyOut}};
    for (int i = 0; i < 2; i++) {
        const aclTensor *x = io[i][0], *o = io[i][1];
        if (x->ndim != 2 || x->dims[0] != T || x->dims[1] % headSize || o->ndim != 2 ||
            o->dims[0] != x->dims[0] || o->dims[1] != x->dims[1])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s must be (T, heads * headSize) with T = %lld, headSize %lld, and "
                           "%s of its shape",
                           op, names[1 + i], (long long)T, (long long)headSize, names[4 + i]);
    }
    int64_t sec[3] = {rd / 2, rd / 2, rd / 2};
    if (mrope) {
        if (!mropeSection || mropeSection->n != 3 || mropeSection->v[0] < 0 ||
            mropeSection->v[1] < 0 || mropeSection->v[2] < 0 ||
            mropeSection->v[0] + mropeSection->v[1] + mropeSection->v[2] != rd / 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: mropeSection must hold 3 counts summing to rotaryDim / 2 (%lld) "
                           "when positions is (3, T)",
                           op, (long long)(rd / 2));
        sec[0] = mropeSection->v[0], sec[1] = sec[0] + mropeSection->v[1], sec[2] = rd / 2;
    }
    struct aclOpExecutor *e = ops_exec_plan(op, 4, 2, sizeof(struct rs_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct rs_plan *p = e->plan;
    if ((rc = OPS_VIEWS(e, {&p->pos, positions, "positions"}, {&p->q, queryIn, "queryIn"},
                        {&p->k, keyIn, "keyIn"}, {&p->cache, cosSinCache, "cosSinCache"},
                        {&p->qo, queryOut, "queryOut"}, {&p->ko, keyOut, "keyOut"})))
        return rc;
    p->split = &rs_split;
    p->T = T, p->hs = headSize, p->rd = rd, p->maxpos = cosSinCache->dims[0];
    p->Nq = queryIn->dims[1] / headSize, p->Nk = keyIn->dims[1] / headSize;
    memcpy(p->sec, sec, sizeof(sec));
    p->neox = isNeoxStyle, p->mrope = mrope;
    e->run = T * (p->Nq + p->Nk) * headSize > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(RopeWithSinCosCache)
