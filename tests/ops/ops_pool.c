/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnMaxPool and aclnnAvgPool2d against a double-precision reference:
 * 3-d and 4-d inputs, kernel/stride/padding/dilation combinations, 1-value
 * and 2-value arrays, asymmetric pads (MaxPool's 4-value form), ceil mode
 * (including the dropped last window), countIncludePad and divisorOverride,
 * float32/float16/bfloat16, non-contiguous views, an empty batch; then the
 * misuse codes. MaxPool is called as ggml's CANN backend calls it. Then the
 * room's other rows on hand-worked values (MaxPool3dWithArgmax as CANN's
 * example, AdaptiveAvgPool2d's uneven windows, the mask round trip,
 * AdaptiveMaxPool2dBackward, GlobalAveragePool) and their codes; MaxPool's NaN and
 * signed-zero rule through its fast 2x2 pass.
 */
#include "aclnnop/aclnn_adaptive_avg_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_average_pooling_grad.h"
#include "aclnnop/aclnn_avgpool2d.h"
#include "aclnnop/aclnn_global_average_pool.h"
#include "aclnnop/aclnn_max_pool.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "aclnnop/aclnn_max_pool3_d.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax.h"
#include "aclnnop/aclnn_max_pool_with_argmax_v3.h"
#include "aclnnop/aclnn_max_pooling_grad.h"
#include "aclnnop/aclnn_max_unpool2d.h"
#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "aclnnop/aclnn_max_unpool3d.h"
#include "aclnnop/aclnn_max_unpool3d_backward.h"
#include "optest.h"

struct pc {
    bool max;
    int nd;
    int64_t dims[4];
    int64_t k[2], s[2], pads[4]; /* top, left, bottom, right */
    int64_t dil[2];
    bool ceil, include_pad;
    int64_t divisor;
};

static int64_t osize(int64_t in, int64_t a, int64_t b, int64_t k, int64_t s, int64_t d, bool ceil)
{
    int64_t span = in + a + b - d * (k - 1) - 1;
    int64_t o = (ceil ? (span + s - 1) / s : span / s) + 1;
    if (ceil && (o - 1) * s >= in + a)
        o--;
    return o;
}

static void run_case(const struct pc *c, aclDataType dt, int layout)
{
    int nd = c->nd;
    int64_t H = c->dims[nd - 2], W = c->dims[nd - 1];
    int64_t oh = osize(H, c->pads[0], c->pads[2], c->k[0], c->s[0], c->dil[0], c->ceil);
    int64_t ow = osize(W, c->pads[1], c->pads[3], c->k[1], c->s[1], c->dil[1], c->ceil);
    int64_t od[4];
    memcpy(od, c->dims, sizeof(od));
    od[nd - 2] = oh;
    od[nd - 1] = ow;
    ot_tensor x, out;
    ot_make(&x, dt, nd, c->dims, layout);
    ot_make(&out, dt, nd, od, layout);
    ot_fill(&x, -3, 3);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    aclIntArray *k = aclCreateIntArray(c->k, 2), *s = aclCreateIntArray(c->s, 2);
    aclIntArray *p4 = aclCreateIntArray(c->pads, 4), *d = aclCreateIntArray(c->dil, 2);
    int64_t p2v[2] = {c->pads[0], c->pads[1]};
    aclIntArray *p2 = aclCreateIntArray(p2v, 2);
    if (c->max) {
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnMaxPoolGetWorkspaceSize(x.t, k, s, 0, p4, d, c->ceil, out.t, &ws, &ex));
        ot_run(aclnnMaxPool, ws, ex);
    } else {
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnAvgPool2dGetWorkspaceSize(x.t, k, s, p2, c->ceil, c->include_pad, c->divisor,
                                                0, out.t, &ws, &ex));
        ot_run(aclnnAvgPool2d, ws, ex);
    }
    int64_t planes = x.numel / (H * W);
    for (int64_t pl = 0; pl < planes; pl++)
        for (int64_t oy = 0; oy < oh; oy++)
            for (int64_t ox = 0; ox < ow; ox++) {
                double best = -INFINITY, sum = 0;
                int64_t cnt = 0, padcnt = 0;
                for (int64_t i = 0; i < c->k[0]; i++)
                    for (int64_t j = 0; j < c->k[1]; j++) {
                        int64_t iy = oy * c->s[0] - c->pads[0] + i * c->dil[0];
                        int64_t ix = ox * c->s[1] - c->pads[1] + j * c->dil[1];
                        if (iy >= -c->pads[0] && iy < H + c->pads[2] && ix >= -c->pads[1] &&
                            ix < W + c->pads[3])
                            padcnt++;
                        if (iy < 0 || iy >= H || ix < 0 || ix >= W)
                            continue;
                        double v = ot_get(&x, (pl * H + iy) * W + ix);
                        best = v > best ? v : best;
                        sum += v;
                        cnt++;
                    }
                double want = c->max ? best
                                     : sum / (double)(c->divisor       ? c->divisor
                                                      : c->include_pad ? padcnt
                                                                       : cnt);
                double got = ot_get(&out, (pl * oh + oy) * ow + ox);
                if (!ot_close(dt, dt, got, want)) {
                    fprintf(stderr, "%s %s layout %d: plane %lld (%lld, %lld) = %g, expected %g\n",
                            c->max ? "MaxPool" : "AvgPool2d", ot_dt_name(dt), layout, (long long)pl,
                            (long long)oy, (long long)ox, got, want);
                    exit(1);
                }
            }
    CHECK(ot_gaps_intact(&out));
    aclDestroyIntArray(k);
    aclDestroyIntArray(s);
    aclDestroyIntArray(p4);
    aclDestroyIntArray(p2);
    aclDestroyIntArray(d);
    OT_FREE(&x, &out);
}

static void misuse(void)
{
    int64_t xd[4] = {1, 2, 6, 6}, od[4] = {1, 2, 3, 3}, x2d[2] = {6, 6};
    ot_tensor x, out, x2, i32;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, xd}, {&out, ACL_FLOAT, 4, od}, {&x2, ACL_FLOAT, 2, x2d},
                   {&i32, ACL_INT32, 4, xd});
    int64_t two[2] = {2, 2}, three[3] = {2, 2, 2}, big[2] = {2, 2}, zero[2] = {0, 0};
    aclIntArray *k = aclCreateIntArray(two, 2), *s = aclCreateIntArray(two, 2),
                *k3 = aclCreateIntArray(three, 3), *pbig = aclCreateIntArray(big, 2),
                *z = aclCreateIntArray(zero, 2);
    uint64_t ws;
    aclOpExecutor *ex;
    /* MaxPool */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxPool, NULL, k, s, 0, z, NULL, 0, out.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxPool, x.t, NULL, s, 0, z, NULL, 0, out.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxPool, x.t, k, s, 0, z, NULL, 0, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool, x.t, k, s, 1, z, NULL, 0, out.t); /* autoPad */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool, x.t, k3, s, 0, z, NULL, 0, out.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool, x.t, k, z, 0, z, NULL, 0, out.t); /* stride 0 */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool, x.t, k, s, 0, pbig, NULL, 0,
             out.t); /* pad > k/2 */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool, x2.t, k, s, 0, z, NULL, 0, out.t);  /* 2-d */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool, i32.t, k, s, 0, z, NULL, 0, out.t); /* type */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool, x.t, k, s, 0, z, NULL, 0, x.t); /* out shape */
    /* AvgPool2d */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAvgPool2d, x.t, k, s, NULL, false, true, 0, 0, out.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAvgPool2d, x.t, k, s, z, false, true, -1, 0, out.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAvgPool2d, x.t, k, s, z, false, true, 0, 9, out.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAvgPool2d, x.t, k, s, pbig, false, true, 0, 0, out.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAvgPool2d, x.t, k3, s, z, false, true, 0, 0, out.t);
    CHECK_NN(ACLNN_SUCCESS,
             aclnnAvgPool2dGetWorkspaceSize(x.t, k, s, z, false, true, 0, 0, out.t, &ws, &ex));
    ot_run(aclnnAvgPool2d, ws, ex);
    aclDestroyIntArray(k);
    aclDestroyIntArray(s);
    aclDestroyIntArray(k3);
    aclDestroyIntArray(pbig);
    aclDestroyIntArray(z);
    ot_free(&x), ot_free(&out), ot_free(&x2), ot_free(&i32);
}

static void set_all(ot_tensor *t, const double *v)
{
    for (int64_t i = 0; i < t->numel; i++)
        ot_set(t, i, v[i]);
}

static void expect_all(const ot_tensor *t, const double *v, const char *what)
{
    for (int64_t i = 0; i < t->numel; i++)
        if (!ot_close(ACL_FLOAT, ACL_FLOAT, ot_get(t, i), v[i])) {
            fprintf(stderr, "%s[%lld] = %g, expected %g\n", what, (long long)i, ot_get(t, i), v[i]);
            exit(1);
        }
}

static void hand_worked(void)
{
    uint64_t ws;
    aclOpExecutor *ex;
    /* MaxPool3dWithArgmax, CANN's example: the max of 8 cells, at flat index 3 */
    int64_t x3d[5] = {1, 1, 2, 2, 2}, o3d[5] = {1, 1, 1, 1, 1}, k3[3] = {2, 2, 2},
            z3[3] = {0, 0, 0}, one3[3] = {1, 1, 1};
    ot_tensor x3, o3, i3;
    OT_MAKE_CONTIG({&x3, ACL_FLOAT, 5, x3d}, {&o3, ACL_FLOAT, 5, o3d}, {&i3, ACL_INT32, 5, o3d});
    set_all(&x3, (const double[]){1, 6, 2, 8, 4, 5, 7, 3});
    aclIntArray *ka = aclCreateIntArray(k3, 3), *za = aclCreateIntArray(z3, 3),
                *oa = aclCreateIntArray(one3, 3);
    CHECK_NN(ACLNN_SUCCESS, aclnnMaxPool3dWithArgmaxGetWorkspaceSize(x3.t, ka, ka, za, oa, false,
                                                                     o3.t, i3.t, &ws, &ex));
    ot_run(aclnnMaxPool3dWithArgmax, ws, ex);
    expect_all(&o3, (const double[]){8}, "MaxPool3dWithArgmax out");
    expect_all(&i3, (const double[]){3}, "MaxPool3dWithArgmax indices");
    /* codes: NULL, an INT8 index, a 4-d self (needs 4-d [C, D, H, W] or 5-d) */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxPool3dWithArgmax, x3.t, ka, ka, za, oa, false, o3.t,
             NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool3dWithArgmax, x3.t, ka, ka, za, oa, false, o3.t,
             o3.t);
    /* AdaptiveAvgPool2d 3x3 -> 2x2: windows [0, 2) and [1, 3) each way */
    int64_t xa[3] = {1, 3, 3}, oa2[3] = {1, 2, 2}, two[2] = {2, 2};
    ot_tensor x2, o2;
    OT_MAKE_CONTIG({&x2, ACL_FLOAT, 3, xa}, {&o2, ACL_FLOAT, 3, oa2});
    set_all(&x2, (const double[]){1, 2, 3, 4, 5, 6, 7, 8, 9});
    aclIntArray *osz = aclCreateIntArray(two, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnAdaptiveAvgPool2dGetWorkspaceSize(x2.t, osz, o2.t, &ws, &ex));
    ot_run(aclnnAdaptiveAvgPool2d, ws, ex);
    expect_all(&o2, (const double[]){3, 4, 6, 7}, "AdaptiveAvgPool2d");
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdaptiveAvgPool2d, x2.t, ka, o2.t);  /* 3 sizes */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdaptiveAvgPool2d, x2.t, osz, x2.t); /* out shape */
    /* the mask round trip: 1x1x2x4, kernel 2x2 stride 2 -> 2 cells; gradients land on the
     * winners only */
    int64_t xm[4] = {1, 1, 2, 4}, om[4] = {1, 1, 1, 2}, mm[4] = {1, 1, 4, 64}, z2[2] = {0, 0},
            o2v[2] = {1, 1};
    ot_tensor x, o, m, g, gi, ind;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, xm}, {&o, ACL_FLOAT, 4, om}, {&m, ACL_INT8, 4, mm},
                   {&g, ACL_FLOAT, 4, om}, {&gi, ACL_FLOAT, 4, xm}, {&ind, ACL_INT64, 4, om});
    set_all(&x, (const double[]){1, 9, 3, 2, 5, 4, 8, 7});
    set_all(&g, (const double[]){10, 20});
    aclIntArray *k2 = aclCreateIntArray(two, 2), *p0 = aclCreateIntArray(z2, 2),
                *d1 = aclCreateIntArray(o2v, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnMaxPool2dWithMaskGetWorkspaceSize(x.t, k2, k2, p0, d1, false, o.t,
                                                                   m.t, &ws, &ex));
    ot_run(aclnnMaxPool2dWithMask, ws, ex);
    expect_all(&o, (const double[]){9, 8}, "MaxPool2dWithMask out");
    CHECK(ot_get(&m, 1 * 64) == 1 && ot_get(&m, 2 * 64) == 2); /* cell 0: (0,1); cell 1: (1,0) */
    CHECK_NN(ACLNN_SUCCESS, aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize(
                                g.t, x.t, m.t, k2, k2, p0, d1, false, gi.t, &ws, &ex));
    ot_run(aclnnMaxPool2dWithMaskBackward, ws, ex);
    expect_all(&gi, (const double[]){0, 10, 0, 0, 0, 0, 20, 0}, "MaxPool2dWithMaskBackward");
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool2dWithMask, x.t, k2, k2, p0, d1, false, o.t,
             o.t); /* a FLOAT mask */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool2dWithMaskBackward, g.t, x.t, ind.t, k2, k2, p0,
             d1, false, gi.t); /* an INT64 mask */
    /* indices from MaxPool2dWithIndices feed AdaptiveMaxPool2dBackward's scatter */
    CHECK_NN(ACLNN_SUCCESS, aclnnMaxPool2dWithIndicesGetWorkspaceSize(x.t, k2, k2, p0, d1, false,
                                                                      o.t, ind.t, &ws, &ex));
    ot_run(aclnnMaxPool2dWithIndices, ws, ex);
    expect_all(&ind, (const double[]){1, 6}, "MaxPool2dWithIndices indices");
    CHECK_NN(ACLNN_SUCCESS,
             aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(g.t, x.t, ind.t, gi.t, &ws, &ex));
    ot_run(aclnnAdaptiveMaxPool2dBackward, ws, ex);
    expect_all(&gi, (const double[]){0, 10, 0, 0, 0, 0, 20, 0}, "AdaptiveMaxPool2dBackward");
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAdaptiveMaxPool2dBackward, g.t, x.t, NULL, gi.t);
    /* GlobalAveragePool over [1, 1, 2, 4] */
    int64_t og[4] = {1, 1, 1, 1};
    ot_tensor gp;
    OT_MAKE_CONTIG({&gp, ACL_FLOAT, 4, og});
    CHECK_NN(ACLNN_SUCCESS, aclnnGlobalAveragePoolGetWorkspaceSize(x.t, gp.t, &ws, &ex));
    ot_run(aclnnGlobalAveragePool, ws, ex);
    expect_all(&gp, (const double[]){39.0 / 8}, "GlobalAveragePool");
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGlobalAveragePool, x.t, o.t); /* out shape */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGlobalAveragePool, x2.t,
             o2.t); /* [N, C, L]: out must be [1, 3, 1] */
    aclDestroyIntArray(ka), aclDestroyIntArray(za), aclDestroyIntArray(oa);
    aclDestroyIntArray(osz), aclDestroyIntArray(k2), aclDestroyIntArray(p0);
    aclDestroyIntArray(d1);
    OT_FREE(&x3, &o3, &i3, &x2, &o2, &x, &o, &m, &g, &gi, &ind, &gp);
}

/* MaxPool's rule (pool.c PL3) where the fast passes (PL7) must keep it: the first NaN of a
 * window in row-major order wins (its payload is what comes out), a tie keeps the first value
 * (-0 before +0 gives -0). [1, 1, 2, 2W] with windows 2x2 at stride 2, W = 9 outputs a row:
 * two vectors of 4 and one cell alone. */
static void max_nan_zero(void)
{
    enum { W = 9 };
    int64_t xd[4] = {1, 1, 2, 2 * W}, od[4] = {1, 1, 1, W};
    ot_tensor x, out;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, xd}, {&out, ACL_FLOAT, 4, od});
    float *v = x.buf;
    for (int i = 0; i < 4 * W; i++)
        v[i] = (float)(i % 7) - 3.0f;
    uint32_t nan1 = 0x7fc00001u, nan2 = 0x7fc00002u;
    float n1, n2, zero = 0.0f, mzero = -0.0f;
    memcpy(&n1, &nan1, 4), memcpy(&n2, &nan2, 4);
    /* window k: cells (0, 2k), (0, 2k+1), (1, 2k), (1, 2k+1) = v[2k], v[2k+1], v[2W+2k], ... */
    v[1] = n1;                    /* k 0: NaN second */
    v[2 * W + 2] = n2, v[3] = n1; /* k 1: NaN second, another NaN third */
    v[4] = 5, v[2 * W + 5] = n2;  /* k 2: NaN last after a larger value */
    v[6] = mzero, v[7] = zero, v[2 * W + 6] = -1, v[2 * W + 7] = -2; /* k 3: -0 then +0 */
    v[8] = zero, v[9] = mzero, v[2 * W + 8] = -1, v[2 * W + 9] = -2; /* k 4: +0 then -0 */
    v[16] = n2; /* k 8, the cell alone: NaN first */
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    int64_t two[2] = {2, 2}, one[2] = {1, 1}, z4[4] = {0, 0, 0, 0};
    aclIntArray *k = aclCreateIntArray(two, 2), *d = aclCreateIntArray(one, 2),
                *p4 = aclCreateIntArray(z4, 4);
    CHECK_NN(ACLNN_SUCCESS, aclnnMaxPoolGetWorkspaceSize(x.t, k, k, 0, p4, d, 0, out.t, &ws, &ex));
    ot_run(aclnnMaxPool, ws, ex);
    const float *o = out.buf;
    uint32_t bits[W];
    memcpy(bits, o, sizeof bits);
    CHECK(bits[0] == nan1 && bits[1] == nan1 && bits[2] == nan2 && bits[8] == nan2);
    CHECK(o[3] == 0 && signbit(o[3]) && o[4] == 0 && !signbit(o[4]));
    for (int c = 5; c < 8; c++) { /* plain windows: their largest value */
        float m = -INFINITY;
        for (int r = 0; r < 2; r++)
            for (int e = 0; e < 2; e++)
                m = fmaxf(m, v[r * 2 * W + 2 * c + e]);
        CHECK(o[c] == m);
    }
    aclDestroyIntArray(k), aclDestroyIntArray(d), aclDestroyIntArray(p4);
    OT_FREE(&x, &out);
}

/* MaxUnpool2d / 3d: an INT64 unpooling by hand (bits moved, zeros elsewhere), the launch that
 * fails on an index out of range writing nothing (MU2), and the codes of bad input. */
static void max_unpool(void)
{
    int64_t s3[3] = {1, 2, 2}, o3[3] = {1, 2, 3}, b3[3] = {1, 3, 2}, s4[4] = {1, 1, 2, 2};
    int64_t o4[4] = {1, 1, 2, 3}, z3[3] = {1, 0, 2};
    ot_tensor x, ix, o, ob, xb, ix16, i4, x4, o4t, xz, iz;
    OT_MAKE_CONTIG({&x, ACL_INT64, 3, s3}, {&ix, ACL_INT32, 3, s3}, {&o, ACL_INT64, 3, o3},
                   {&ob, ACL_INT64, 3, b3}, {&xb, ACL_BF16, 3, s3}, {&ix16, ACL_INT16, 3, s3},
                   {&i4, ACL_INT32, 4, s4}, {&x4, ACL_INT64, 4, s4}, {&o4t, ACL_INT64, 4, o4},
                   {&xz, ACL_INT64, 3, z3}, {&iz, ACL_INT32, 3, z3});
    const double xv[4] = {-5, 7, 1e15, 3}, iv[4] = {4, 0, 2, 3};
    for (int i = 0; i < 4; i++) {
        ot_set(&x, i, xv[i]);
        ot_set(&ix, i, iv[i]);
        ot_set(&x4, i, xv[i]);
    }
    for (int64_t i = 0; i < o.numel; i++)
        ot_set(&o, i, 99);
    int64_t sz[2] = {2, 3}, sz3[3] = {1, 2, 3}, one[3] = {1, 1, 1}, zero[3] = {0, 0, 0};
    aclIntArray *size = aclCreateIntArray(sz, 2), *size1 = aclCreateIntArray(sz, 1);
    aclIntArray *size3 = aclCreateIntArray(sz3, 3), *st = aclCreateIntArray(one, 3);
    aclIntArray *pd = aclCreateIntArray(zero, 3), *st0 = aclCreateIntArray(zero, 3);
    OT_RUN(aclnnMaxUnpool2d, x.t, ix.t, size, o.t);
    const double want[6] = {7, 0, 1e15, 3, -5, 0};
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&o, i) == want[i]);
    /* 3d, the 4-d form (N, D, H, W): one plane of D 1, H 2, W 3 */
    for (int i = 0; i < 4; i++)
        ot_set(&i4, i, iv[i]);
    OT_RUN(aclnnMaxUnpool3d, x4.t, i4.t, size3, st, pd, o4t.t);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&o4t, i) == want[i]);
    /* index 6 of a 6-element plane: the launch fails, o keeps its values */
    ot_set(&ix, 1, 6);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnMaxUnpool2dGetWorkspaceSize(x.t, ix.t, size, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnMaxUnpool2d(NULL, ws, ex, g_stream));
    CHECK(aclrtSynchronizeStream(g_stream) == ACL_ERROR_RT_AICORE_EXCEPTION);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&o, i) == want[i]);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxUnpool2d, "outputSize", x.t, ix.t, NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxUnpool3d, "padding", x4.t, i4.t, size3, st,
                    NULL, o4t.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2d, "self", xb.t, ix.t, size, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2d, "indices", x.t, ix16.t, size, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2d, "indices", x.t, i4.t, size, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2d, "outputSize", x.t, ix.t, size1, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2d, "out", x.t, ix.t, size, ob.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2d, "dim 1", xz.t, iz.t, size, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool3d, "self has 3 dims", x.t, ix.t, size3,
                    st, pd, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool3d, "stride", x4.t, i4.t, size3, st0, pd,
                    o4t.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool3d, "outRef", x4.t, i4.t, size3, st, pd,
                    x4.t);
    OT_NULL_OUTS(aclnnMaxUnpool2d, x.t, ix.t, size, o.t);
    OT_NULL_OUTS(aclnnMaxUnpool3d, x4.t, i4.t, size3, st, pd, o4t.t);
    aclDestroyIntArray(size);
    aclDestroyIntArray(size1);
    aclDestroyIntArray(size3);
    aclDestroyIntArray(st);
    aclDestroyIntArray(pd);
    aclDestroyIntArray(st0);
    OT_FREE(&x, &ix, &o, &ob, &xb, &ix16, &i4, &x4, &o4t, &xz, &iz);
}

/* MaxPool3D: an NDHWC input of two channels by hand (VALID and SAME), the codes of bad input
 * (MX1, PL8). */
static void max_pool3_d(void)
{
    int64_t xd[5] = {1, 2, 2, 3, 2}, yv[5] = {1, 1, 1, 1, 2}, ys[5] = {1, 1, 1, 2, 2};
    ot_tensor x, y, y2, yh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 5, xd}, {&y, ACL_FLOAT, 5, yv}, {&y2, ACL_FLOAT, 5, ys},
                   {&yh, ACL_FLOAT16, 5, yv});
    for (int64_t i = 0; i < x.numel; i++) /* channel c of cell j is c ? -j : j */
        ot_set(&x, i, i % 2 ? -(double)(i / 2) : (double)(i / 2));
    int64_t two[1] = {2}, k3[3] = {2, 2, 2}, k5[5] = {1, 2, 2, 2, 1};
    aclIntArray *a2 = aclCreateIntArray(two, 1), *a3 = aclCreateIntArray(k3, 3);
    aclIntArray *a5 = aclCreateIntArray(k5, 5), *bad = aclCreateIntArray(k3, 2);
    /* VALID 2x2x2 over D 2, H 2, W 3: one window (W 0..1): channel 0 max of cells
     * {0, 1, 3, 4, 6, 7, 9, 10} = 10, channel 1 max of their negatives = 0 */
    OT_RUN(aclnnMaxPool3D, x.t, a3, a5, "VALID", NULL, NULL, 0, "NDHWC", y.t);
    CHECK(ot_get(&y, 0) == 10 && ot_get(&y, 1) == 0);
    /* SAME, stride 2: W out 2, the missing cell behind (front 0): windows W 0..1 and 2 */
    OT_RUN(aclnnMaxPool3D, x.t, a2, a2, "SAME", NULL, NULL, 0, NULL, y2.t);
    const double want[4] = {10, 0, 11, -2};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&y2, i) == want[i]);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxPool3D, "padding", x.t, a2, a2, NULL, NULL,
                    NULL, 0, NULL, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool3D, "padding", x.t, a2, a2, "FULL", NULL,
                    NULL, 0, NULL, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool3D, "dataFormatOptional", x.t, a2, a2,
                    "VALID", NULL, NULL, 0, "NCHW", y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool3D, "ksize", x.t, bad, a2, "VALID", NULL,
                    NULL, 0, NULL, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool3D, "padsOptional", x.t, a2, a2,
                    "CALCULATED", a3, NULL, 0, NULL, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool3D, "out", x.t, a3, a3, "VALID", NULL,
                    NULL, 0, "NDHWC", y2.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPool3D, "out", x.t, a3, a3, "VALID", NULL,
                    NULL, 0, "NDHWC", yh.t);
    OT_NULL_OUTS(aclnnMaxPool3D, x.t, a3, a3, "VALID", NULL, NULL, 0, NULL, y.t);
    aclDestroyIntArray(a2);
    aclDestroyIntArray(a3);
    aclDestroyIntArray(a5);
    aclDestroyIntArray(bad);
    OT_FREE(&x, &y, &y2, &yh);
}

/* MaxUnpool2dBackward / 3dBackward: an INT64 gather by hand (bits exact past 2^53), the
 * failed launch writing nothing, the codes (MU3). */
static void max_unpool_backward(void)
{
    int64_t gd[3] = {1, 2, 3}, sd[3] = {1, 2, 2}, g4[4] = {1, 1, 2, 3}, s4[4] = {1, 1, 2, 2};
    ot_tensor g, s, ix, o, g3, s3, i3, o3, of;
    OT_MAKE_CONTIG({&g, ACL_INT64, 3, gd}, {&s, ACL_INT64, 3, sd}, {&ix, ACL_INT32, 3, sd},
                   {&o, ACL_INT64, 3, sd}, {&g3, ACL_INT64, 4, g4}, {&s3, ACL_INT64, 4, s4},
                   {&i3, ACL_INT32, 4, s4}, {&o3, ACL_INT64, 4, s4}, {&of, ACL_DOUBLE, 3, sd});
    const double gv[6] = {9007199254740993.0, 1, 2, 3, 4, 5}, iv[4] = {5, 0, 2, 3};
    for (int i = 0; i < 6; i++) {
        ot_set(&g, i, gv[i]);
        ot_set(&g3, i, gv[i]);
    }
    for (int i = 0; i < 4; i++) {
        ot_set(&ix, i, iv[i]);
        ot_set(&i3, i, iv[i]);
    }
    /* element 0: 2^53 + 1, which a double cannot hold */
    ((int64_t *)g.buf)[0] = ((int64_t *)g3.buf)[0] = 9007199254740993LL;
    int64_t sz[3] = {2, 3, 1}, sz3[3] = {1, 2, 3}, one[3] = {1, 1, 1}, zero[3] = {0, 0, 0};
    aclIntArray *size = aclCreateIntArray(sz, 2), *bad = aclCreateIntArray(sz, 3);
    aclIntArray *size3 = aclCreateIntArray(sz3, 3), *st = aclCreateIntArray(one, 3);
    aclIntArray *pd = aclCreateIntArray(zero, 3);
    OT_RUN(aclnnMaxUnpool2dBackward, g.t, s.t, ix.t, size, o.t);
    const double want[4] = {5, 9007199254740993.0, 2, 3};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&o, i) == want[i]);
    CHECK(((int64_t *)o.buf)[1] == 9007199254740993LL); /* kept exactly */
    OT_RUN(aclnnMaxUnpool3dBackward, g3.t, s3.t, i3.t, size3, st, pd, o3.t);
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&o3, i) == want[i]);
    CHECK(((int64_t *)o3.buf)[1] == 9007199254740993LL);
    ot_set(&ix, 0, 6);
    for (int i = 0; i < 4; i++)
        ot_set(&o, i, -1);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnMaxUnpool2dBackwardGetWorkspaceSize(g.t, s.t, ix.t, size, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnMaxUnpool2dBackward(NULL, ws, ex, g_stream));
    CHECK(aclrtSynchronizeStream(g_stream) == ACL_ERROR_RT_AICORE_EXCEPTION);
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&o, i) == -1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxUnpool2dBackward, "indices", g.t, s.t, NULL,
                    size, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2dBackward, "outputSize", g.t, s.t, ix.t,
                    bad, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2dBackward, "out", g.t, s.t, ix.t, size,
                    of.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool2dBackward, "gradOutput", s.t, s.t, ix.t,
                    size, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxUnpool3dBackward, "stride", g3.t, s3.t, i3.t,
                    size3, pd, pd, o3.t);
    OT_NULL_OUTS(aclnnMaxUnpool2dBackward, g.t, s.t, ix.t, size, o.t);
    aclDestroyIntArray(size);
    aclDestroyIntArray(bad);
    aclDestroyIntArray(size3);
    aclDestroyIntArray(st);
    aclDestroyIntArray(pd);
    OT_FREE(&g, &s, &ix, &o, &g3, &s3, &i3, &o3, &of);
}

/* ops-nn's experimental poolings (max.c MX2 / MX3, avg.c AV1): a hand-worked value each,
 * then 161001 for a missing tensor and 161002 for types, shapes and window values, each
 * message naming the parameter. */
static void experimental_pools(void)
{
    int64_t d4[4] = {1, 1, 4, 4}, d2[4] = {1, 1, 2, 2}, d3[4] = {1, 1, 3, 2}, e[1] = {4};
    ot_tensor x, y, am, am32, g, g3, o, oh, e1, e2, e3, e4, eh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, d4}, {&y, ACL_FLOAT, 4, d2}, {&am, ACL_INT64, 4, d2},
                   {&am32, ACL_INT32, 4, d2}, {&g, ACL_FLOAT, 4, d2}, {&g3, ACL_FLOAT, 4, d3},
                   {&o, ACL_FLOAT, 4, d4}, {&oh, ACL_FLOAT16, 4, d4}, {&e1, ACL_FLOAT, 1, e},
                   {&e2, ACL_FLOAT, 1, e}, {&e3, ACL_FLOAT, 1, e}, {&e4, ACL_FLOAT, 1, e},
                   {&eh, ACL_FLOAT16, 1, e});
    for (int i = 0; i < 16; i++)
        ot_set(&x, i, i + 1);
    const int64_t k3[2] = {3, 3}, s1[2] = {1, 1}, p0[2] = {0, 0};
    aclIntArray *k = aclCreateIntArray(k3, 2), *s = aclCreateIntArray(s1, 2),
                *p = aclCreateIntArray(p0, 2), *dl = aclCreateIntArray(s1, 2);
    /* CANN's example: 3x3 windows of 1..16 at stride 1 -> 11 12 / 15 16 at 10 11 / 14 15 */
    OT_RUN(aclnnMaxPoolWithArgmaxV3, x.t, k, s, p, dl, false, y.t, am.t);
    const double wy[4] = {11, 12, 15, 16}, wa[4] = {10, 11, 14, 15};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&y, i) == wy[i] && ot_get(&am, i) == wa[i]);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxPoolWithArgmaxV3, "argmax", x.t, k, s, p, dl,
                    false, y.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPoolWithArgmaxV3, "argmax", x.t, k, s, p, dl,
                    false, y.t, am32.t);
    /* MaxPoolingGrad: dx = dy where x == y */
    for (int i = 0; i < 4; i++) {
        ot_set(&e1, i, 10 + i);         /* dy */
        ot_set(&e2, i, i);              /* x */
        ot_set(&e3, i, i % 2 ? i : -1); /* y: equal at 1 and 3 */
    }
    OT_RUN(aclnnMaxPoolingGrad, e1.t, e2.t, e3.t, e4.t);
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&e4, i) == (i % 2 ? 10 + i : 0));
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxPoolingGrad, "y", e1.t, e2.t, NULL, e4.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPoolingGrad, "x", e1.t, eh.t, e3.t, e4.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMaxPoolingGrad, "dx", e1.t, e2.t, e3.t, y.t);
    /* AveragePoolingGrad: 2x2 windows at stride 2, no overlap: each cell gets g / 4 */
    const int64_t s4[4] = {1, 1, 4, 4}, s5[4] = {1, 1, 4, 5};
    aclIntArray *sh = aclCreateIntArray(s4, 4), *sh5 = aclCreateIntArray(s5, 4);
    for (int i = 0; i < 4; i++)
        ot_set(&g, i, 4 * (i + 1));
    OT_RUN(aclnnAveragePoolingGrad, sh, g.t, 2, 2, 2, 2, 0, 0, 0, 0, false, true, 0, o.t);
    for (int i = 0; i < 16; i++)
        CHECK(ot_get(&o, i) == (i / 8) * 2 + (i % 4) / 2 + 1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnAveragePoolingGrad, "origInputShape", NULL, g.t,
                    2, 2, 2, 2, 0, 0, 0, 0, false, true, 0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAveragePoolingGrad, "origInputShape", sh5, g.t, 2,
                    2, 2, 2, 0, 0, 0, 0, false, true, 0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAveragePoolingGrad, "gradOutput", sh, g3.t, 2, 2,
                    2, 2, 0, 0, 0, 0, false, true, 0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAveragePoolingGrad, "gradOutput", sh, g.t, 2, 2,
                    2, 2, 0, 0, 0, 0, false, true, 0, oh.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAveragePoolingGrad, "strideH", sh, g.t, 2, 2, 0,
                    2, 0, 0, 0, 0, false, true, 0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAveragePoolingGrad, "padRight", sh, g.t, 2, 2, 2,
                    2, 0, 0, 0, -1, false, true, 0, o.t);
    aclDestroyIntArray(k);
    aclDestroyIntArray(s);
    aclDestroyIntArray(p);
    aclDestroyIntArray(dl);
    aclDestroyIntArray(sh);
    aclDestroyIntArray(sh5);
    OT_FREE(&x, &y, &am, &am32, &g, &g3, &o, &oh, &e1, &e2, &e3, &e4, &eh);
}

int main(void)
{
    ot_init();
    static const struct pc cases[] = {
        {true, 4, {2, 3, 6, 6}, {2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, false, false, 0},
        {true, 4, {1, 2, 7, 5}, {3, 3}, {2, 1}, {1, 0, 1, 1}, {1, 1}, false, false, 0}, /* asym */
        {true, 3, {3, 5, 5}, {2, 2}, {2, 2}, {1, 1, 1, 1}, {1, 1}, true, false, 0},     /* ceil */
        {true, 4, {1, 1, 9, 8}, {3, 2}, {2, 3}, {1, 1, 0, 1}, {2, 2}, false, false, 0}, /* dilation
                                                                                         */
        {true, 4, {1, 1, 2, 2}, {2, 2}, {1, 1}, {1, 1, 1, 1}, {1, 1}, false, false, 0}, /* pad > in
                                                                                         */
        {true, 4, {0, 2, 4, 4}, {2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, false, false, 0}, /* empty */
        /* 2x2 stride 2 (PL7's vector pass: 4 outputs at a time, then the rest), odd sizes */
        {true, 4, {2, 3, 8, 18}, {2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, false, false, 0},
        {true, 4, {1, 2, 7, 11}, {2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, false, false, 0},
        {true, 4, {1, 2, 7, 11}, {2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, true, false, 0}, /* ceil */
        {true, 4, {1, 2, 9, 9}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {1, 1}, false, false, 0},
        {false, 4, {2, 2, 6, 6}, {2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, false, true, 0},
        {false, 4, {1, 3, 5, 7}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {1, 1}, false, true, 0},
        {false, 4, {1, 3, 5, 7}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {1, 1}, false, false, 0},
        {false, 3, {2, 5, 5}, {2, 2}, {2, 2}, {1, 1, 1, 1}, {1, 1}, true, true, 0}, /* ceil */
        {false, 4, {1, 1, 4, 4}, {3, 3}, {1, 1}, {1, 1, 1, 1}, {1, 1}, false, true, 5},
        {false, 4, {1, 2, 4, 6}, {1, 1}, {1, 2}, {0, 0, 0, 0}, {1, 1}, false, true, 0},
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        for (int t = 0; t < 3; t++)
            for (int layout = 0; layout < L_COUNT; layout++)
                run_case(&cases[i], dts[t], layout);
    misuse();
    hand_worked();
    max_nan_zero();
    max_unpool();
    max_pool3_d();
    max_unpool_backward();
    experimental_pools();
    ot_fini();
    printf("ops_pool: ok\n");
    return 0;
}
