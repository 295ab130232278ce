/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnConvolution against a double-precision reference written from the
 * definition (no im2col): 2-d and 1-d, forward and transposed, stride,
 * padding, dilation, groups, optional bias, float32/float16/bfloat16,
 * non-contiguous views (gaps untouched), 1x1 kernels, kernel = input, an
 * empty batch; then the misuse codes. The calls are the ones ggml's CANN
 * backend makes (NCL 1-d transposed with outputPadding = padding, depthwise
 * 1-d with groups = channels).
 */
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "optest.h"

struct cv {
    int sp; /* spatial dims: 1 or 2 */
    int64_t n, cin, cout, in[2], k[2], s[2], p[2], d[2], op[2], groups;
    bool transposed, bias;
};

static int64_t out_dim(const struct cv *c, int i)
{
    return c->transposed
               ? (c->in[i] - 1) * c->s[i] - 2 * c->p[i] + c->d[i] * (c->k[i] - 1) + c->op[i] + 1
               : (c->in[i] + 2 * c->p[i] - c->d[i] * (c->k[i] - 1) - 1) / c->s[i] + 1;
}

/* Reference: forward out[n,co,o] = b[co] + sum_{ci in group, k} x[n,ci,o*s-p+k*d] w[co,ci',k];
 * transposed: out[n,co,o] = b[co] + sum_{ci in group, k: o = i*s-p+k*d} x[n,ci,i] w[ci,co',k]. */
static double ref_at(const struct cv *c, const ot_tensor *x, const ot_tensor *w, const ot_tensor *b,
                     int64_t n, int64_t co, const int64_t *o)
{
    int64_t G = c->groups, cig = c->cin / G, cog = c->cout / G, g = co / cog;
    int64_t H = c->sp == 2 ? c->in[0] : 1, W = c->in[c->sp - 1];
    int64_t KH = c->sp == 2 ? c->k[0] : 1, KW = c->k[c->sp - 1];
    int64_t sh = c->sp == 2 ? c->s[0] : 1, sw = c->s[c->sp - 1];
    int64_t ph = c->sp == 2 ? c->p[0] : 0, pw = c->p[c->sp - 1];
    int64_t dh = c->sp == 2 ? c->d[0] : 1, dw = c->d[c->sp - 1];
    int64_t oy = c->sp == 2 ? o[0] : 0, ox = o[c->sp - 1];
    double acc = b ? ot_get(b, co) : 0;
    for (int64_t cl = 0; cl < cig; cl++) {
        int64_t ci = g * cig + cl;
        for (int64_t ky = 0; ky < KH; ky++)
            for (int64_t kx = 0; kx < KW; kx++) {
                int64_t iy, ix;
                if (!c->transposed) {
                    iy = oy * sh - ph + ky * dh;
                    ix = ox * sw - pw + kx * dw;
                } else {
                    int64_t ty = oy + ph - ky * dh, tx = ox + pw - kx * dw;
                    if (ty < 0 || tx < 0 || ty % sh || tx % sw)
                        continue;
                    iy = ty / sh;
                    ix = tx / sw;
                }
                if (iy < 0 || iy >= H || ix < 0 || ix >= W)
                    continue;
                int64_t xi = ((n * c->cin + ci) * H + iy) * W + ix;
                int64_t wi = c->transposed ? ((ci * cog + (co - g * cog)) * KH + ky) * KW + kx
                                           : ((co * cig + cl) * KH + ky) * KW + kx;
                acc += ot_get(x, xi) * ot_get(w, wi);
            }
    }
    return acc;
}

static void run_case(const struct cv *c, aclDataType dt, int layout)
{
    int nd = c->sp + 2;
    int64_t xd[4] = {c->n, c->cin}, wd[4], od[4] = {c->n, c->cout}, bd[1] = {c->cout};
    if (c->transposed) {
        wd[0] = c->cin;
        wd[1] = c->cout / c->groups;
    } else {
        wd[0] = c->cout;
        wd[1] = c->cin / c->groups;
    }
    for (int i = 0; i < c->sp; i++) {
        xd[2 + i] = c->in[i];
        wd[2 + i] = c->k[i];
        od[2 + i] = out_dim(c, i);
    }
    ot_tensor x, w, b, out;
    ot_make(&x, dt, nd, xd, layout);
    ot_make(&w, dt, nd, wd, layout == L_GAP ? L_STEP : L_CONTIG);
    ot_make(&b, dt, 1, bd, L_CONTIG);
    ot_make(&out, dt, nd, od, layout);
    ot_fill(&x, -2, 2);
    ot_fill(&w, -1, 1);
    ot_fill(&b, -1, 1);
    aclIntArray *s = aclCreateIntArray(c->s, (uint64_t)c->sp),
                *p = aclCreateIntArray(c->p, (uint64_t)c->sp),
                *d = aclCreateIntArray(c->d, (uint64_t)c->sp),
                *op = aclCreateIntArray(c->op, (uint64_t)c->sp);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnConvolutionGetWorkspaceSize(x.t, w.t, c->bias ? b.t : NULL, s, p, d,
                                              c->transposed, op, c->groups, out.t, 0, &ws, &ex));
    ot_run(aclnnConvolution, ws, ex);
    int64_t idx[4];
    for (int64_t lin = 0; lin < out.numel; lin++) {
        ot_unravel(lin, od, nd, idx);
        double want = ref_at(c, &x, &w, c->bias ? &b : NULL, idx[0], idx[1], idx + 2);
        double got = ot_get(&out, lin);
        /* a sum of up to K products of type-rounded values: scale the tolerance */
        double tol = (ot_tol(dt) * 8 + 1e-6) * (1 + fabs(want)) *
                     (double)(c->cin * c->k[0] * (c->sp == 2 ? c->k[1] : 1));
        if (fabs(got - want) > tol) {
            fprintf(stderr, "conv sp=%d t=%d g=%lld %s layout %d: out[%lld] = %g, expected %g\n",
                    c->sp, c->transposed, (long long)c->groups, ot_dt_name(dt), layout,
                    (long long)lin, got, want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&out));
    aclDestroyIntArray(s);
    aclDestroyIntArray(p);
    aclDestroyIntArray(d);
    aclDestroyIntArray(op);
    OT_FREE(&x, &w, &b, &out);
}

static void misuse(void)
{
    int64_t xd[4] = {1, 2, 5, 5}, wd[4] = {3, 2, 3, 3}, od[4] = {1, 3, 3, 3}, bd[1] = {3};
    ot_tensor x, w, b, out, bad, x5, i32;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, xd}, {&w, ACL_FLOAT, 4, wd}, {&b, ACL_FLOAT, 1, bd},
                   {&out, ACL_FLOAT, 4, od});
    int64_t badd[4] = {1, 3, 4, 3};
    ot_make(&bad, ACL_FLOAT, 4, badd, L_CONTIG);
    int64_t x5d[5] = {1, 2, 3, 3, 3};
    ot_make(&x5, ACL_FLOAT, 5, x5d, L_CONTIG);
    ot_make(&i32, ACL_INT32, 4, xd, L_CONTIG);
    int64_t one[2] = {1, 1}, zero[2] = {0, 0}, neg[2] = {-1, 0}, three[3] = {1, 1, 1};
    aclIntArray *s = aclCreateIntArray(one, 2), *p = aclCreateIntArray(zero, 2),
                *d = aclCreateIntArray(one, 2), *pn = aclCreateIntArray(neg, 2),
                *s3 = aclCreateIntArray(three, 3), *s0 = aclCreateIntArray(zero, 2);
    uint64_t ws;
    aclOpExecutor *ex;
#define CONV(in, wt, bi, st, pa, di, tr, opd, g, o)                                                \
    aclnnConvolutionGetWorkspaceSize(in, wt, bi, st, pa, di, tr, opd, g, o, 0, &ws, &ex)
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, CONV(NULL, w.t, NULL, s, p, d, false, p, 1, out.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, CONV(x.t, NULL, NULL, s, p, d, false, p, 1, out.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, CONV(x.t, w.t, NULL, NULL, p, d, false, p, 1, out.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, CONV(x.t, w.t, NULL, s, p, d, false, p, 1, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, CONV(x.t, w.t, NULL, s, p, d, true, NULL, 1, out.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnConvolutionGetWorkspaceSize(x.t, w.t, NULL, s, p, d, false, p, 1, out.t, 0, NULL,
                                              &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(x.t, w.t, NULL, s, p, d, false, p, 1, bad.t)); /* out shape */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(x5.t, w.t, NULL, s, p, d, false, p, 1, out.t)); /* 3-d conv */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(i32.t, w.t, NULL, s, p, d, false, p, 1, out.t)); /* type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(x.t, w.t, NULL, s0, p, d, false, p, 1, out.t)); /* stride 0 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(x.t, w.t, NULL, s, pn, d, false, p, 1, out.t)); /* pad < 0 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(x.t, w.t, NULL, s3, p, d, false, p, 1, out.t)); /* 3 strides */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(x.t, w.t, NULL, s, p, d, false, p, 2, out.t)); /* groups */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, CONV(x.t, w.t, NULL, s, p, d, false, p, 0, out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(x.t, w.t, out.t, s, p, d, false, p, 1, out.t)); /* bias */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             CONV(x.t, x.t, NULL, s, p, d, false, p, 1, out.t)); /* weight */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConvolution, x.t, w.t, NULL, s, p, d, false, p, 1, out.t,
             7);
    /* a valid call still works after all that */
    CHECK_NN(ACLNN_SUCCESS, CONV(x.t, w.t, b.t, s, p, d, false, p, 1, out.t));
    ot_run(aclnnConvolution, ws, ex);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnConvolution(NULL, 0, NULL, g_stream));
#undef CONV
    aclDestroyIntArray(s);
    aclDestroyIntArray(p);
    aclDestroyIntArray(d);
    aclDestroyIntArray(pn);
    aclDestroyIntArray(s3);
    aclDestroyIntArray(s0);
    ot_free(&x), ot_free(&w), ot_free(&b), ot_free(&out), ot_free(&bad), ot_free(&x5),
        ot_free(&i32);
}

/* aclnnConvolutionBackward, hand-worked: x = [1, 2, 3], w = [1, 1], gy = [1, 2] give
 * gradInput [1, 3, 2], gradWeight [1*1 + 2*2, 1*2 + 2*3] = [5, 8], gradBias 3; then the codes
 * (the rest is test_pool_torch.py's, against autograd). */
static void backward(void)
{
    int64_t xd[3] = {1, 1, 3}, wd[3] = {1, 1, 2}, yd[3] = {1, 1, 2}, bd[1] = {1};
    ot_tensor x, w, gy, gx, gw, gb;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 3, xd}, {&w, ACL_FLOAT, 3, wd}, {&gy, ACL_FLOAT, 3, yd},
                   {&gx, ACL_FLOAT, 3, xd}, {&gw, ACL_FLOAT, 3, wd}, {&gb, ACL_FLOAT, 1, bd});
    const double xv[3] = {1, 2, 3}, gv[2] = {1, 2};
    for (int i = 0; i < 3; i++)
        ot_set(&x, i, xv[i]);
    for (int i = 0; i < 2; i++)
        ot_set(&w, i, 1), ot_set(&gy, i, gv[i]);
    int64_t one = 1, zero = 0;
    aclIntArray *s = aclCreateIntArray(&one, 1), *p = aclCreateIntArray(&zero, 1),
                *bs = aclCreateIntArray(&one, 1);
    const bool all[3] = {true, true, true}, in_only[3] = {true, false, false};
    aclBoolArray *m = aclCreateBoolArray(all, 3), *m2 = aclCreateBoolArray(all, 2),
                 *mi = aclCreateBoolArray(in_only, 3);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnConvolutionBackwardGetWorkspaceSize(gy.t, x.t, w.t, bs, s, p, s, false, p, 1, m,
                                                      0, gx.t, gw.t, gb.t, &ws, &ex));
    ot_run(aclnnConvolutionBackward, ws, ex);
    const double wx[3] = {1, 3, 2}, ww[2] = {5, 8};
    for (int i = 0; i < 3; i++)
        CHECK(ot_get(&gx, i) == wx[i]);
    for (int i = 0; i < 2; i++)
        CHECK(ot_get(&gw, i) == ww[i]);
    CHECK(ot_get(&gb, 0) == 3);
    /* only gradInput asked for: the others may be NULL */
    CHECK_NN(ACLNN_SUCCESS,
             aclnnConvolutionBackwardGetWorkspaceSize(gy.t, x.t, w.t, NULL, s, p, s, false, p, 1,
                                                      mi, 0, gx.t, NULL, NULL, &ws, &ex));
    ot_run(aclnnConvolutionBackward, ws, ex);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnConvolutionBackward, gy.t, x.t, w.t, bs, s, p, s, false,
             p, 1, NULL, 0, gx.t, gw.t, gb.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnConvolutionBackward, gy.t, x.t, w.t, bs, s, p, s, false,
             p, 1, m, 0, NULL, gw.t, gb.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConvolutionBackward, gy.t, x.t, w.t, bs, s, p, s, false,
             p, 1, m2, 0, gx.t, gw.t, gb.t); /* mask of 2 */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConvolutionBackward, x.t, x.t, w.t, bs, s, p, s, false,
             p, 1, m, 0, gx.t, gw.t, gb.t); /* gradOutput shape */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConvolutionBackward, gy.t, x.t, w.t, bs, s, p, s, false,
             p, 1, m, 0, gx.t, gx.t, gb.t); /* gradWeight shape */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConvolutionBackward, gy.t, x.t, w.t, bs, s, p, s, false,
             p, 0, m, 0, gx.t, gw.t, gb.t); /* groups 0 */
    aclDestroyIntArray(s), aclDestroyIntArray(p), aclDestroyIntArray(bs);
    aclDestroyBoolArray(m), aclDestroyBoolArray(m2), aclDestroyBoolArray(mi);
    OT_FREE(&x, &w, &gy, &gx, &gw, &gb);
}

/* ConvTbc on CANN's example's shapes with values by hand (T 2, B 1, Cin 1, K 3, pad 1: each
 * output the sum of the weights meeting the padded input), ConvDepthwise2d's per-channel
 * filters; the codes of bad input (CV6). */
static void tbc_depthwise(void)
{
    int64_t xd[3] = {2, 1, 1}, wd[3] = {3, 1, 2}, bd[1] = {2}, od[3] = {2, 1, 2}, b3[1] = {3};
    ot_tensor x, w, b, o, bb;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 3, xd}, {&w, ACL_FLOAT, 3, wd}, {&b, ACL_FLOAT, 1, bd},
                   {&o, ACL_FLOAT, 3, od}, {&bb, ACL_FLOAT, 1, b3});
    const double xv[2] = {1, 10}, wv[6] = {1, 2, 3, 4, 5, 6}, bv[2] = {100, 200};
    for (int i = 0; i < 6; i++)
        ot_set(&w, i, wv[i]); /* w[k][0][c]: c 0 = 1, 3, 5; c 1 = 2, 4, 6 */
    for (int i = 0; i < 2; i++) {
        ot_set(&x, i, xv[i]);
        ot_set(&b, i, bv[i]);
    }
    OT_RUN(aclnnConvTbc, x.t, w.t, b.t, 1, o.t, 0);
    /* t 0 sees (0, 1, 10) under taps k 0..2, t 1 sees (1, 10, 0) */
    const double want[4] = {100 + 3 + 50, 200 + 4 + 60, 100 + 1 + 30, 200 + 2 + 40};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&o, i) == want[i]);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnConvTbc, "bias", x.t, w.t, NULL, 1, o.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConvTbc, "pad", x.t, w.t, b.t, 256, o.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConvTbc, "bias", x.t, w.t, bb.t, 1, o.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConvTbc, "output", x.t, w.t, b.t, 2, o.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConvTbc, "3 are needed", b.t, w.t, b.t, 1, o.t,
                    0);
    int64_t dx[4] = {1, 2, 2, 2}, dw[4] = {2, 1, 1, 1}, dw2[4] = {2, 2, 1, 1};
    ot_tensor sx, sw, so, sw2;
    OT_MAKE_CONTIG({&sx, ACL_FLOAT, 4, dx}, {&sw, ACL_FLOAT, 4, dw}, {&so, ACL_FLOAT, 4, dx},
                   {&sw2, ACL_FLOAT, 4, dw2});
    for (int i = 0; i < 8; i++)
        ot_set(&sx, i, i + 1);
    ot_set(&sw, 0, 2);
    ot_set(&sw, 1, -1);
    int64_t one[2] = {1, 1}, zero[2] = {0, 0}, big[2] = {64, 1}, k2[2] = {2, 1};
    aclIntArray *k = aclCreateIntArray(one, 2), *s = aclCreateIntArray(one, 2);
    aclIntArray *p = aclCreateIntArray(zero, 2), *sb = aclCreateIntArray(big, 2);
    aclIntArray *kb = aclCreateIntArray(k2, 2);
    OT_RUN(aclnnConvDepthwise2d, sx.t, sw.t, k, NULL, s, p, s, so.t, 0);
    for (int i = 0; i < 8; i++) /* channel 0 times 2, channel 1 times -1 */
        CHECK(ot_get(&so, i) == (i < 4 ? 2.0 : -1.0) * (i + 1));
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnConvDepthwise2d, "kernelSize", sx.t, sw.t, NULL,
                    NULL, s, p, s, so.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConvDepthwise2d, "kernelSize", sx.t, sw.t, kb,
                    NULL, s, p, s, so.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConvDepthwise2d, "stride", sx.t, sw.t, k, NULL,
                    sb, p, s, so.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConvDepthwise2d, "weight", sx.t, sw2.t, k, NULL,
                    s, p, s, so.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConvDepthwise2d, "4 (NCHW)", x.t, sw.t, k, NULL,
                    s, p, s, so.t, 0);
    aclDestroyIntArray(k);
    aclDestroyIntArray(s);
    aclDestroyIntArray(p);
    aclDestroyIntArray(sb);
    aclDestroyIntArray(kb);
    OT_FREE(&x, &w, &b, &o, &bb, &sx, &sw, &so, &sw2);
}

int main(void)
{
    ot_init();
    static const struct cv cases[] = {
        /* seed 001's shape: NCHW 1x1x4x4, 3x3 kernel */
        {2, 1, 1, 1, {4, 4}, {3, 3}, {1, 1}, {0, 0}, {1, 1}, {0, 0}, 1, false, true},
        /* pointwise over a batch (the input multiplied in place); stride 3 with padding 2 and
         * dilation 2 over rows of 20 (im2col's ranges: zeros both sides, strided copy) */
        {2, 2, 5, 3, {6, 7}, {1, 1}, {1, 1}, {0, 0}, {1, 1}, {0, 0}, 1, false, true},
        {2, 1, 2, 3, {9, 20}, {3, 3}, {3, 3}, {2, 2}, {2, 2}, {0, 0}, 1, false, true},
        /* stride 1, "same" padding: im2col's shifted-plane copy (CV4), plain, dilated, a
         * 1x5 kernel, a kernel larger than the input, 1-d */
        {2, 2, 3, 4, {5, 7}, {3, 3}, {1, 1}, {1, 1}, {1, 1}, {0, 0}, 1, false, true},
        {2, 1, 2, 3, {6, 9}, {3, 3}, {1, 1}, {2, 2}, {2, 2}, {0, 0}, 1, false, false},
        {2, 1, 2, 2, {4, 6}, {1, 5}, {1, 1}, {0, 2}, {1, 1}, {0, 0}, 1, false, true},
        {2, 1, 2, 2, {2, 3}, {5, 5}, {1, 1}, {2, 2}, {1, 1}, {0, 0}, 1, false, true},
        {1, 2, 3, 2, {10}, {3}, {1}, {1}, {1}, {0}, 1, false, true},
        {1, 2, 3, 2, {5}, {1}, {1}, {2}, {1}, {0}, 1, false, true}, /* 1x1, padded: wider out */
        /* rows narrower than the padding before them (ONNX's Conv1d_pad2size1: length 1,
         * kernel 5, padding 2): every kernel cell but the middle one all padding */
        {1, 1, 4, 4, {1}, {5}, {1}, {2}, {1}, {0}, 1, false, true},
        {2, 1, 2, 2, {3, 1}, {3, 5}, {1, 1}, {1, 2}, {1, 1}, {0, 0}, 1, false, true},
        {2, 1, 2, 2, {3, 2}, {3, 5}, {1, 2}, {1, 2}, {1, 1}, {0, 0}, 1, false, false},
        {2, 2, 3, 4, {7, 6}, {3, 2}, {2, 1}, {1, 1}, {1, 2}, {0, 0}, 1, false, true},
        {2, 1, 4, 6, {5, 5}, {3, 3}, {1, 2}, {1, 0}, {2, 1}, {0, 0}, 2, false, false},
        {2, 1, 3, 3, {4, 4}, {1, 1}, {1, 1}, {0, 0}, {1, 1}, {0, 0}, 3, false, true},  /* depthwise
                                                                                          1x1 */
        {2, 1, 2, 2, {3, 3}, {3, 3}, {1, 1}, {0, 0}, {1, 1}, {0, 0}, 1, false, false}, /* kernel =
                                                                                          input */
        {2, 0, 2, 2, {3, 3}, {2, 2}, {1, 1}, {0, 0}, {1, 1}, {0, 0}, 1, false, true}, /* empty batch
                                                                                       */
        {1, 2, 3, 2, {9}, {4}, {2}, {1}, {1}, {0}, 1, false, true},                   /* 1-d */
        {1, 1, 4, 4, {6}, {3}, {1}, {0}, {1}, {0}, 4, false, false}, /* depthwise 1-d */
        {2, 1, 3, 2, {3, 4}, {3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, 1, true, true}, /* transposed
                                                                                      */
        {2, 2, 4, 6, {2, 3}, {2, 3}, {3, 1}, {0, 1}, {1, 2}, {2, 0}, 2, true, false},
        {1, 1, 3, 2, {5}, {4}, {2}, {1}, {1}, {1}, 1, true, true}, /* ggml's conv_transpose_1d */
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        for (int t = 0; t < 3; t++)
            for (int layout = 0; layout < L_COUNT; layout++)
                if (layout != L_TRANS)
                    run_case(&cases[i], dts[t], layout);
    misuse();
    backward();
    tbc_depthwise();
    ot_fini();
    printf("ops_conv: ok\n");
    return 0;
}
