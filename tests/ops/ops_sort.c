/* SPDX-License-Identifier: Apache-2.0 */
/* Argsort (every accepted dtype, both orders, ties kept stable, NaN last /
 * first, any dim, views, empty) and Im2col (3-D and 4-D, padding, stride,
 * dilation, float16/bfloat16/float32, views) against host references, and
 * their error codes. */
#include "optest.h"

#include "aclnnop/aclnn_argsort.h"
#include "aclnnop/aclnn_im2col.h"

static int g_cases;

/* dim must be the last one (lines are visited in row-major order). */
static void as_case(aclDataType dt, int nd, const int64_t *dims, int64_t dim, bool desc,
                    int layout, bool nans)
{
    g_cases++;
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, layout);
    ot_make(&o, ACL_INT64, nd, dims, L_STEP);
    ot_fill(&x, -6, 6); /* few distinct values: many ties */
    if (ot_is_float(dt))
        for (int64_t i = 0; i < x.numel; i++)
            ot_set(&x, i, floor(ot_get(&x, i)) * 0.5 + ((nans && i % 7 == 3) ? NAN : 0));
    OT_RUN(aclnnArgsort, x.t, dim, desc, o.t);
    int d = (int)(dim < 0 ? dim + nd : dim);
    int64_t n = nd ? dims[d] : 1, idx[8], prev_key_i = 0;
    for (int64_t i = 0; i < x.numel; i++) {
        ot_unravel(i, dims, nd, idx);
        int64_t pos = nd ? idx[d] : 0;
        int64_t got = (int64_t)ot_get(&o, i);
        CHECK(got >= 0 && got < n);
        int64_t src[8];
        memcpy(src, idx, sizeof(src));
        if (nd)
            src[d] = got;
        double key = ot_get(&x, ot_ravel(src, dims, nd));
        if (pos > 0) { /* ordered against the previous element of the line */
            int64_t pidx[8];
            memcpy(pidx, idx, sizeof(pidx));
            pidx[d] = prev_key_i;
            double pk = ot_get(&x, ot_ravel(pidx, dims, nd));
            bool ok;
            if (isnan(pk) || isnan(key))
                ok = desc ? !(isnan(key) && !isnan(pk)) : !(isnan(pk) && !isnan(key));
            else
                ok = desc ? pk >= key : pk <= key;
            if (ok && (pk == key || (isnan(pk) && isnan(key))))
                ok = prev_key_i < got; /* stable */
            if (!ok) {
                fprintf(stderr, "Argsort %s dim %lld desc %d: line position %lld: %g (idx %lld) "
                                "after %g (idx %lld)\n",
                        ot_dt_name(dt), (long long)dim, desc, (long long)pos, key, (long long)got,
                        pk, (long long)prev_key_i);
                exit(1);
            }
        }
        prev_key_i = got; /* dim is the last one: the next visit is the next of the line */
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
}

/* A stronger check that works for any dim: the indices of each line are a
 * permutation and ordered (checked line by line). */
static void as_lines(aclDataType dt, int nd, const int64_t *dims, int64_t dim, bool desc,
                     int layout)
{
    g_cases++;
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, layout);
    ot_make(&o, ACL_INT64, nd, dims, L_CONTIG);
    ot_fill(&x, -5, 5);
    OT_RUN(aclnnArgsort, x.t, dim, desc, o.t);
    int d = (int)(dim < 0 ? dim + nd : dim);
    int64_t n = dims[d], idx[8];
    char *seen = calloc((size_t)n, 1);
    CHECK(seen);
    for (int64_t i = 0; i < x.numel; i++) {
        ot_unravel(i, dims, nd, idx);
        if (idx[d] != 0)
            continue; /* start of a line */
        memset(seen, 0, (size_t)n);
        int64_t prev = -1;
        for (int64_t p = 0; p < n; p++) {
            idx[d] = p;
            int64_t g = (int64_t)ot_get(&o, ot_ravel(idx, dims, nd));
            CHECK(g >= 0 && g < n && !seen[g]);
            seen[g] = 1;
            if (prev >= 0) {
                idx[d] = prev;
                double a = ot_get(&x, ot_ravel(idx, dims, nd));
                idx[d] = g;
                double b = ot_get(&x, ot_ravel(idx, dims, nd));
                CHECK(desc ? a >= b : a <= b);
                if (a == b)
                    CHECK(prev < g);
            }
            prev = g;
        }
    }
    free(seen);
    OT_FREE(&x, &o);
}

static void as_errors(void)
{
    int64_t d[2] = {3, 4}, e[2] = {4, 3};
    ot_tensor x, o, o32, oe, xd;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, d}, {&o, ACL_INT64, 2, d}, {&o32, ACL_INT32, 2, d},
                   {&oe, ACL_INT64, 2, e}, {&xd, ACL_BOOL, 2, d});
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArgsort, NULL, -1, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArgsort, x.t, -1, false, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgsort, x.t, 2, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgsort, x.t, -3, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgsort, x.t, 0, false, o32.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgsort, x.t, 0, false, oe.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgsort, xd.t, 0, false, o.t);
    OT_FREE(&x, &o, &o32, &oe, &xd);
}

static void ic_case(aclDataType dt, bool batched, int64_t N, int64_t C, int64_t H, int64_t W,
                    int64_t kh, int64_t kw, int64_t dh, int64_t dw, int64_t ph, int64_t pw,
                    int64_t sh, int64_t sw, int layout)
{
    g_cases++;
    int64_t oh = (H + 2 * ph - dh * (kh - 1) - 1) / sh + 1, ow = (W + 2 * pw - dw * (kw - 1) - 1) / sw + 1;
    int64_t xd[4] = {N, C, H, W}, od[3] = {N, C * kh * kw, oh * ow};
    ot_tensor x, o;
    ot_make(&x, dt, batched ? 4 : 3, batched ? xd : xd + 1, layout);
    ot_make(&o, dt, batched ? 3 : 2, batched ? od : od + 1, L_GAP);
    ot_fill(&x, -3, 3);
    int64_t k2[2] = {kh, kw}, d2[2] = {dh, dw}, p2[2] = {ph, pw}, s2[2] = {sh, sw};
    aclIntArray *ka = aclCreateIntArray(k2, 2), *da = aclCreateIntArray(d2, 2),
                *pa = aclCreateIntArray(p2, 2), *sa = aclCreateIntArray(s2, 2);
    OT_RUN(aclnnIm2col, x.t, ka, da, pa, sa, o.t);
    for (int64_t n = 0; n < (batched ? N : 1); n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t i = 0; i < kh; i++)
                for (int64_t j = 0; j < kw; j++)
                    for (int64_t y = 0; y < oh; y++)
                        for (int64_t z = 0; z < ow; z++) {
                            int64_t ih = y * sh - ph + i * dh, iw = z * sw - pw + j * dw;
                            double want = (ih >= 0 && ih < H && iw >= 0 && iw < W)
                                              ? ot_get(&x, ((n * C + c) * H + ih) * W + iw)
                                              : 0;
                            int64_t r = (c * kh + i) * kw + j;
                            double got = ot_get(&o, (n * C * kh * kw + r) * oh * ow + y * ow + z);
                            CHECK(got == want);
                        }
    CHECK(ot_gaps_intact(&o));
    aclDestroyIntArray(ka);
    aclDestroyIntArray(da);
    aclDestroyIntArray(pa);
    aclDestroyIntArray(sa);
    OT_FREE(&x, &o);
}

static void ic_errors(void)
{
    int64_t xd[4] = {1, 2, 5, 5}, od[3] = {1, 18, 9}, bd[3] = {1, 18, 10}, x2[2] = {5, 5};
    ot_tensor x, o, ob, xx, oi;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, xd}, {&o, ACL_FLOAT, 3, od}, {&ob, ACL_FLOAT, 3, bd},
                   {&xx, ACL_FLOAT, 2, x2}, {&oi, ACL_INT32, 3, od});
    int64_t k[2] = {3, 3}, one[2] = {1, 1}, zero[2] = {0, 0}, s2[2] = {2, 2}, k1[1] = {3};
    aclIntArray *ka = aclCreateIntArray(k, 2), *oa = aclCreateIntArray(one, 2),
                *za = aclCreateIntArray(zero, 2), *sa = aclCreateIntArray(s2, 2),
                *k1a = aclCreateIntArray(k1, 1);
    uint64_t ws;
    aclOpExecutor *ex;
    /* 5x5, k3, s1: L = 9 */
    CHECK_NN(ACLNN_SUCCESS, aclnnIm2colGetWorkspaceSize(x.t, ka, oa, za, oa, o.t, &ws, &ex));
    ot_run(aclnnIm2col, ws, ex);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnIm2col, NULL, ka, oa, za, oa, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnIm2col, x.t, NULL, oa, za, oa, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIm2col, x.t, ka, oa, za, sa, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIm2col, x.t, ka, oa, za, oa, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIm2col, xx.t, ka, oa, za, oa, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIm2col, x.t, k1a, oa, za, oa, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIm2col, x.t, ka, za, za, oa, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIm2col, x.t, ka, oa, za, oa, oi.t);
    aclDestroyIntArray(ka);
    aclDestroyIntArray(oa);
    aclDestroyIntArray(za);
    aclDestroyIntArray(sa);
    aclDestroyIntArray(k1a);
    OT_FREE(&x, &o, &ob, &xx, &oi);
}

int main(void)
{
    ot_init();
    const aclDataType types[8] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8,
                                  ACL_UINT8, ACL_INT16,   ACL_INT32, ACL_INT64};
    const int64_t d3[3] = {3, 4, 37}, d1[1] = {1000}, e2[2] = {0, 5};
    for (int t = 0; t < 8; t++)
        for (int desc = 0; desc < 2; desc++) {
            as_case(types[t], 3, d3, -1, desc, t % 2 ? L_STEP : L_CONTIG, false);
            as_lines(types[t], 3, d3, 1, desc, L_TRANS);
            as_lines(types[t], 3, d3, 0, desc, L_GAP);
        }
    as_case(ACL_FLOAT, 1, d1, 0, false, L_CONTIG, true); /* NaN last */
    as_case(ACL_FLOAT, 1, d1, 0, true, L_CONTIG, true);  /* NaN first */
    as_lines(ACL_FLOAT, 1, d1, -1, true, L_STEP);
    as_lines(ACL_FLOAT, 2, e2, 1, false, L_CONTIG); /* empty */
    as_errors();
    const aclDataType f3[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int t = 0; t < 3; t++) {
        ic_case(f3[t], true, 2, 3, 7, 6, 3, 2, 1, 1, 0, 0, 1, 1, L_CONTIG);
        ic_case(f3[t], true, 1, 2, 8, 9, 3, 3, 2, 1, 1, 2, 2, 3, L_STEP);
        ic_case(f3[t], false, 1, 4, 5, 5, 2, 2, 1, 1, 1, 1, 1, 1, L_TRANS);
    }
    ic_case(ACL_FLOAT, true, 1, 2, 1, 10, 1, 3, 1, 2, 1, 1, 1, 2, L_CONTIG); /* ggml's 1-D form */
    ic_errors();
    ot_fini();
    printf("ops_sort: %d cases passed\n", g_cases);
    return 0;
}
