/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Multi-scale deformable attention (Deformable DETR): MultiScaleDeformableAttnFunction and its
 * gradient MultiScaleDeformableAttentionGrad.
 *
 *  DA1. value (bs, K, nh, C) holds num_levels feature maps one after the other along K: level
 *      l is (H_l, W_l) = spatialShape[l] starting at key levelStartIndex[l], key
 *      start + y W_l + x for pixel (y, x). A point at normalised location (u, v) of level l
 *      is sampled bilinearly at x = u W_l - 0.5, y = v H_l - 0.5 (grid_sample's
 *      align_corners = false), the four neighbours weighted (1 - ax)(1 - ay), ax (1 - ay),
 *      (1 - ax) ay, ax ay with ax = x - floor(x), ay = y - floor(y); a neighbour outside
 *      the map adds zero (grid_sample's zeros padding).
 *  DA2. output[b, q, h C + c] = sum over levels l and points p of
 *      attnWeight[b, q, h, l, p] sample(value[b, ., h, c], level l, location[b, q, h, l, p]).
 *  DA3. The gradient, for gradOutput g = gradOutput[b, q, h C .. h C + C): gradAttnWeight =
 *      <g, sample>; gradValue[b, key, h] += attnWeight w_corner g for each neighbour inside;
 *      gradLocation = attnWeight (W_l <g, dsample/dx>, H_l <g, dsample/dy>) with dsample/dx
 *      = (1 - ay)(V10 - V00) + ay (V11 - V01) and dsample/dy = (1 - ax)(V01 - V00) +
 *      ax (V11 - V10) (a neighbour outside counts as zero).
 *  DA4. float32 arithmetic (gradValue's sums too), one rounding at the store; the inputs are
 *      read into float32 buffers once per launch. spatialShape and levelStartIndex are read
 *      at launch and not checked: a neighbour whose key falls outside [0, K) adds zero like
 *      one outside its map (ops-nn's example fills its INT32 shapes with float bits; the NPU
 *      reads whatever keys they give). The NPU kernel's limits (channels a multiple of 8 up to
 *      256, 32 <= num_queries, at most 16 levels, heads and points) are not imposed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_multi_scale_deformable_attention_grad.h"
#include "aclnnop/aclnn_multi_scale_deformable_attn_function.h"
#include "ops/attention/table.h"
#include "ops/engine/engine.h"

#define MSDA "aclnnMultiScaleDeformableAttnFunction"
#define MSDG "aclnnMultiScaleDeformableAttentionGrad"

enum { DV, DSS, DLS, DLOC, DAW, DGO, DOUT, DGV, DGL, DGA, DN };

struct da_plan {
    struct ops_tensor t[DN];
    bool grad;
    int64_t bs, K, nh, C, nq, nl, np;
};

/* The neighbour (iy, ix) of level (H, W) starting at key s among K: its key, or -1 outside the
 * map or past the keys (DA4). */
static int64_t da_key(int64_t s, int64_t H, int64_t W, int64_t K, int64_t iy, int64_t ix)
{
    if (iy < 0 || ix < 0 || iy >= H || ix >= W)
        return -1;
    const int64_t k = s + iy * W + ix;
    return k < 0 || k >= K ? -1 : k;
}

static int32_t da_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct da_plan *p = e->plan;
    const int64_t bs = p->bs, K = p->K, nh = p->nh, C = p->C, nq = p->nq, nl = p->nl, np = p->np;
    const int64_t nv = bs * K * nh * C, npt = bs * nq * nh * nl * np, no = bs * nq * nh * C;
    int32_t rc = ACL_SUCCESS;
    int64_t *lv = malloc((size_t)(3 * nl + 1) * sizeof(int64_t)); /* H, W, start per level */
    float *v = malloc((size_t)(nv + 1) * sizeof(float));
    float *loc = malloc((size_t)(2 * npt + 1) * sizeof(float));
    float *aw = malloc((size_t)(npt + 1) * sizeof(float));
    float *o = malloc((size_t)(no + 1) * sizeof(float)); /* output, or gradOutput */
    float *gv = p->grad ? calloc((size_t)nv + 1, sizeof(float)) : NULL;
    float *gl = p->grad ? malloc((size_t)(2 * npt + 1) * sizeof(float)) : NULL;
    float *ga = p->grad ? malloc((size_t)(npt + 1) * sizeof(float)) : NULL;
    float *smp = malloc((size_t)(4 * C + 1) * sizeof(float));
    if (!lv || !v || !loc || !aw || !o || !smp || (p->grad && (!gv || !gl || !ga))) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    const struct ops_tensor *t = p->t;
    ops_gather_nd(lv, CK_I64, ops_base(&t[DSS], addr), t[DSS].dt, 2, t[DSS].dims, t[DSS].strides);
    ops_gather_nd(lv + 2 * nl, CK_I64, ops_base(&t[DLS], addr), t[DLS].dt, 1, t[DLS].dims,
                  t[DLS].strides);
    ops_gather_nd(v, CK_F32, ops_base(&t[DV], addr), t[DV].dt, 4, t[DV].dims, t[DV].strides);
    ops_gather_nd(loc, CK_F32, ops_base(&t[DLOC], addr), t[DLOC].dt, 6, t[DLOC].dims,
                  t[DLOC].strides);
    ops_gather_nd(aw, CK_F32, ops_base(&t[DAW], addr), t[DAW].dt, 5, t[DAW].dims, t[DAW].strides);
    if (p->grad)
        ops_gather_nd(o, CK_F32, ops_base(&t[DGO], addr), t[DGO].dt, 3, t[DGO].dims,
                      t[DGO].strides);
    else
        memset(o, 0, (size_t)no * sizeof(float));
    for (int64_t b = 0; b < bs; b++)
        for (int64_t q = 0; q < nq; q++)
            for (int64_t h = 0; h < nh; h++) {
                float *oq = o + ((b * nq + q) * nh + h) * C;
                for (int64_t l = 0; l < nl; l++) {
                    const int64_t H = lv[2 * l], W = lv[2 * l + 1], s = lv[2 * nl + l];
                    for (int64_t pt = 0; pt < np; pt++) {
                        const int64_t i = (((b * nq + q) * nh + h) * nl + l) * np + pt;
                        const float x = loc[2 * i] * (float)W - 0.5f;
                        const float y = loc[2 * i + 1] * (float)H - 0.5f;
                        const float fx = floorf(x), fy = floorf(y), ax = x - fx, ay = y - fy;
                        const int64_t x0 = (int64_t)fx, y0 = (int64_t)fy;
                        /* DA1: corners 00, 10 (x + 1), 01 (y + 1), 11 */
                        const int64_t key[4] = {
                            da_key(s, H, W, K, y0, x0), da_key(s, H, W, K, y0, x0 + 1),
                            da_key(s, H, W, K, y0 + 1, x0), da_key(s, H, W, K, y0 + 1, x0 + 1)};
                        const float w[4] = {(1 - ax) * (1 - ay), ax * (1 - ay), (1 - ax) * ay,
                                            ax * ay};
                        const float a = aw[i];
                        if (!isfinite(x) || !isfinite(y)) { /* no neighbour: zero */
                            if (p->grad)
                                ga[i] = 0.0f, gl[2 * i] = gl[2 * i + 1] = 0.0f;
                            continue;
                        }
                        for (int k = 0; k < 4; k++) {
                            float *sk = smp + k * C;
                            if (key[k] < 0)
                                memset(sk, 0, (size_t)C * sizeof(float));
                            else
                                memcpy(sk, v + ((b * K + key[k]) * nh + h) * C,
                                       (size_t)C * sizeof(float));
                        }
                        if (!p->grad) { /* DA2 */
                            for (int64_t c = 0; c < C; c++)
                                oq[c] += a * (w[0] * smp[c] + w[1] * smp[C + c] +
                                              w[2] * smp[2 * C + c] + w[3] * smp[3 * C + c]);
                            continue;
                        }
                        float gs = 0.0f, gx = 0.0f, gy = 0.0f; /* DA3 */
                        for (int64_t c = 0; c < C; c++) {
                            const float v00 = smp[c], v10 = smp[C + c], v01 = smp[2 * C + c];
                            const float v11 = smp[3 * C + c], g = oq[c];
                            gs += g * (w[0] * v00 + w[1] * v10 + w[2] * v01 + w[3] * v11);
                            gx += g * ((1 - ay) * (v10 - v00) + ay * (v11 - v01));
                            gy += g * ((1 - ax) * (v01 - v00) + ax * (v11 - v10));
                        }
                        ga[i] = gs;
                        gl[2 * i] = a * gx * (float)W;
                        gl[2 * i + 1] = a * gy * (float)H;
                        for (int k = 0; k < 4; k++) {
                            if (key[k] < 0)
                                continue;
                            float *gk = gv + ((b * K + key[k]) * nh + h) * C;
                            const float f = a * w[k];
                            for (int64_t c = 0; c < C; c++)
                                gk[c] += f * oq[c];
                        }
                    }
                }
            }
    if (!p->grad) {
        ops_scatter_nd(o, CK_F32, ops_base(&t[DOUT], addr), t[DOUT].dt, 3, t[DOUT].dims,
                       t[DOUT].strides);
    } else {
        ops_scatter_nd(gv, CK_F32, ops_base(&t[DGV], addr), t[DGV].dt, 4, t[DGV].dims,
                       t[DGV].strides);
        ops_scatter_nd(gl, CK_F32, ops_base(&t[DGL], addr), t[DGL].dt, 6, t[DGL].dims,
                       t[DGL].strides);
        ops_scatter_nd(ga, CK_F32, ops_base(&t[DGA], addr), t[DGA].dt, 5, t[DGA].dims,
                       t[DGA].strides);
    }
out:
    free(lv);
    free(v);
    free(loc);
    free(aw);
    free(o);
    free(gv);
    free(gl);
    free(ga);
    free(smp);
    return rc;
}

/* The checks both entries share; in[] indexed by the enum (absent entries NULL). */
static aclnnStatus da_check(const char *op, const aclTensor *const *in, const char *const *nm,
                            unsigned mask, unsigned imask, struct da_plan *g)
{
    aclnnStatus rc;
    for (int i = 0; i < DN; i++)
        if (in[i] && (rc = ops_check_dims(in[i], op, nm[i])))
            return rc;
    const aclTensor *value = in[DV];
    if (!ops_dt_in(value->dtype, mask))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: value is %s (FLOAT, FLOAT16 or BFLOAT16)", op,
                       ops_dt_name(value->dtype));
    for (int i = 0; i < DN; i++) {
        if (!in[i] || i == DV)
            continue;
        if (i == DSS || i == DLS) {
            if (!ops_dt_in(in[i]->dtype, imask))
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s (INT32 or INT64)", op, nm[i],
                               ops_dt_name(in[i]->dtype));
        } else if (in[i]->dtype != value->dtype) {
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, value is %s (one type)", op,
                           nm[i], ops_dt_name(in[i]->dtype), ops_dt_name(value->dtype));
        }
        if (ops_format_private(in[i]->format))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be ND", op, nm[i]);
    }
    const aclTensor *loc = in[DLOC];
    if (value->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: value has %u dims, (bs, num_keys, "
                       "num_heads, channels) wanted",
                       op, value->ndim);
    if (loc->ndim != 6 || loc->dims[5] != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: location must be (bs, num_queries, "
                       "num_heads, num_levels, num_points, 2)",
                       op);
    g->bs = value->dims[0], g->K = value->dims[1], g->nh = value->dims[2], g->C = value->dims[3];
    g->nq = loc->dims[1], g->nl = loc->dims[3], g->np = loc->dims[4];
    const int64_t l6[6] = {g->bs, g->nq, g->nh, g->nl, g->np, 2};
    const int64_t a5[5] = {g->bs, g->nq, g->nh, g->nl, g->np};
    const int64_t s2[2] = {g->nl, 2}, s1[1] = {g->nl}, o3[3] = {g->bs, g->nq, g->nh * g->C};
    if (!ops_shape_is(loc, l6, 6))
        return ops_shape_err(op, "location", loc, l6, 6);
    if (!ops_shape_is(in[DAW], a5, 5))
        return ops_shape_err(op, "attnWeight", in[DAW], a5, 5);
    if (!ops_shape_is(in[DSS], s2, 2))
        return ops_shape_err(op, "spatialShape", in[DSS], s2, 2);
    if (!ops_shape_is(in[DLS], s1, 1))
        return ops_shape_err(op, "levelStartIndex", in[DLS], s1, 1);
    if (in[DOUT] && (rc = ops_check_shape(op, o3, 3, in[DOUT], "output")))
        return rc;
    if (in[DGO] && !ops_shape_is(in[DGO], o3, 3))
        return ops_shape_err(op, "gradOutput", in[DGO], o3, 3);
    if (in[DGV] && (rc = ops_check_shape(op, value->dims, 4, in[DGV], "gradValue")))
        return rc;
    if (in[DGL] && (rc = ops_check_shape(op, l6, 6, in[DGL], "gradLocation")))
        return rc;
    if (in[DGA] && (rc = ops_check_shape(op, a5, 5, in[DGA], "gradAttnWeight")))
        return rc;
    return ACLNN_SUCCESS;
}

static aclnnStatus da_prepare(const char *op, const aclTensor *const *in, bool grad, unsigned mask,
                              unsigned imask, WS)
{
    static const char *const nm[DN] = {
        "value",      "spatialShape", "levelStartIndex", "location",     "attnWeight",
        "gradOutput", "output",       "gradValue",       "gradLocation", "gradAttnWeight"};
    struct da_plan g = {0};
    aclnnStatus rc = da_check(op, in, nm, mask, imask, &g);
    if (rc)
        return rc;
    struct aclOpExecutor *e = ops_exec_new(op, grad ? 6 : 5, grad ? 3 : 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct da_plan *p = calloc(1, sizeof(*p));
    if (!p) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op);
    }
    *p = g;
    e->plan = p;
    e->fini = ops_plan_free;
    for (int i = 0; i < DN && !rc; i++)
        if (in[i])
            rc = ops_tensor_from(&p->t[i], in[i], ops_exec_slot(e, in[i]), op, nm[i]);
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    p->grad = grad;
    e->run = da_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnMultiScaleDeformableAttnFunctionGetWorkspaceSize(
    const aclTensor *value, const aclTensor *spatialShape, const aclTensor *levelStartIndex,
    const aclTensor *location, const aclTensor *attnWeight, aclTensor *output, WS)
{
    OPS_CHECK_NULLS(MSDA, workspaceSize, executor, value, spatialShape, levelStartIndex, location,
                    attnWeight, output);
    const aclTensor *in[DN] = {value,      spatialShape, levelStartIndex, location,
                               attnWeight, NULL,         output};
    return da_prepare(MSDA, in, false, OPS_DT_MultiScaleDeformableAttnFunction,
                      OPS_DT2_MultiScaleDeformableAttnFunction, workspaceSize, executor);
}
PHASE2(MultiScaleDeformableAttnFunction)

aclnnStatus aclnnMultiScaleDeformableAttentionGradGetWorkspaceSize(
    const aclTensor *value, const aclTensor *spatialShape, const aclTensor *levelStartIndex,
    const aclTensor *location, const aclTensor *attnWeight, const aclTensor *gradOutput,
    aclTensor *gradValue, aclTensor *gradLocation, aclTensor *gradAttnWeight, WS)
{
    OPS_CHECK_NULLS(MSDG, workspaceSize, executor, value, spatialShape, levelStartIndex, location,
                    attnWeight, gradOutput, gradValue, gradLocation, gradAttnWeight);
    const aclTensor *in[DN] = {
        value,      spatialShape, levelStartIndex, location,     attnWeight,
        gradOutput, NULL,         gradValue,       gradLocation, gradAttnWeight};
    return da_prepare(MSDG, in, true, OPS_DT_MultiScaleDeformableAttentionGrad,
                      OPS_DT2_MultiScaleDeformableAttentionGrad, workspaceSize, executor);
}
PHASE2(MultiScaleDeformableAttentionGrad)
