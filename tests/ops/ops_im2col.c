/* SPDX-License-Identifier: Apache-2.0 */
/* Im2col (ops/conv/im2col.c): 3-D and 4-D input, padding, stride, dilation,
 * float16/bfloat16/float32, views, ggml's 1-D form, against a host reference
 * written from the definition; then its error codes. */
#include "optest.h"

#include "aclnnop/aclnn_im2col.h"

static int g_cases;

static void ic_case(aclDataType dt, bool batched, int64_t N, int64_t C, int64_t H, int64_t W,
                    int64_t kh, int64_t kw, int64_t dh, int64_t dw, int64_t ph, int64_t pw,
                    int64_t sh, int64_t sw, int layout)
{
    g_cases++;
    int64_t oh = (H + 2 * ph - dh * (kh - 1) - 1) / sh + 1,
            ow = (W + 2 * pw - dw * (kw - 1) - 1) / sw + 1;
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
    const aclDataType f3[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int t = 0; t < 3; t++) {
        ic_case(f3[t], true, 2, 3, 7, 6, 3, 2, 1, 1, 0, 0, 1, 1, L_CONTIG);
        ic_case(f3[t], true, 1, 2, 8, 9, 3, 3, 2, 1, 1, 2, 2, 3, L_STEP);
        ic_case(f3[t], false, 1, 4, 5, 5, 2, 2, 1, 1, 1, 1, 1, 1, L_TRANS);
    }
    ic_case(ACL_FLOAT, true, 1, 2, 1, 10, 1, 3, 1, 2, 1, 1, 1, 2, L_CONTIG); /* ggml's 1-D form */
    ic_errors();
    ot_fini();
    printf("ops_im2col: %d cases passed\n", g_cases);
    return 0;
}
