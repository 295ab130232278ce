/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnMaxPool and aclnnAvgPool2d against a double-precision reference:
 * 3-d and 4-d inputs, kernel/stride/padding/dilation combinations, 1-value
 * and 2-value arrays, asymmetric pads (MaxPool's 4-value form), ceil mode
 * (including the dropped last window), countIncludePad and divisorOverride,
 * float32/float16/bfloat16, non-contiguous views, an empty batch; then the
 * misuse codes. MaxPool is called as ggml's CANN backend calls it.
 */
#include "aclnnop/aclnn_avgpool2d.h"
#include "aclnnop/aclnn_max_pool.h"
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
        CHECK_NN(ACLNN_SUCCESS, aclnnMaxPoolGetWorkspaceSize(x.t, k, s, 0, p4, d, c->ceil, out.t,
                                                             &ws, &ex));
        ot_run(aclnnMaxPool, ws, ex);
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnAvgPool2dGetWorkspaceSize(x.t, k, s, p2, c->ceil,
                                                               c->include_pad, c->divisor, 0,
                                                               out.t, &ws, &ex));
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
                                     : sum / (double)(c->divisor ? c->divisor
                                                                 : c->include_pad ? padcnt : cnt);
                double got = ot_get(&out, (pl * oh + oy) * ow + ox);
                if (!ot_close(dt, dt, got, want)) {
                    fprintf(stderr, "%s %s layout %d: plane %lld (%lld, %lld) = %g, expected %g\n",
                            c->max ? "MaxPool" : "AvgPool2d", ot_dt_name(dt), layout,
                            (long long)pl, (long long)oy, (long long)ox, got, want);
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
    CHECK_NN(ACLNN_SUCCESS, aclnnAvgPool2dGetWorkspaceSize(x.t, k, s, z, false, true, 0, 0, out.t, &ws, &ex));
    ot_run(aclnnAvgPool2d, ws, ex);
    aclDestroyIntArray(k);
    aclDestroyIntArray(s);
    aclDestroyIntArray(k3);
    aclDestroyIntArray(pbig);
    aclDestroyIntArray(z);
    ot_free(&x), ot_free(&out), ot_free(&x2), ot_free(&i32);
}

int main(void)
{
    ot_init();
    static const struct pc cases[] = {
        {true, 4, {2, 3, 6, 6}, {2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, false, false, 0},
        {true, 4, {1, 2, 7, 5}, {3, 3}, {2, 1}, {1, 0, 1, 1}, {1, 1}, false, false, 0}, /* asym */
        {true, 3, {3, 5, 5}, {2, 2}, {2, 2}, {1, 1, 1, 1}, {1, 1}, true, false, 0},     /* ceil */
        {true, 4, {1, 1, 9, 8}, {3, 2}, {2, 3}, {1, 1, 0, 1}, {2, 2}, false, false, 0}, /* dilation */
        {true, 4, {1, 1, 2, 2}, {2, 2}, {1, 1}, {1, 1, 1, 1}, {1, 1}, false, false, 0}, /* pad > in */
        {true, 4, {0, 2, 4, 4}, {2, 2}, {2, 2}, {0, 0, 0, 0}, {1, 1}, false, false, 0}, /* empty */
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
    ot_fini();
    printf("ops_pool: ok\n");
    return 0;
}
