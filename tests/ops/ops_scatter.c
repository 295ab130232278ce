/* SPDX-License-Identifier: Apache-2.0 */
/* Scatter / ScatterValue and their in-place forms (reduce none / add /
 * multiply) against a host reference, with the misuse codes. */
#include "optest.h"

#include "aclnnop/aclnn_scatter.h"

static int g_cases;

/* ---- Scatter ------------------------------------------------------------------------------------
 */

static void check_scatter(aclDataType dt, int dim, int reduce, bool inplace, bool valued,
                          int layout)
{
    int64_t ss[3] = {4, 5, 3}, is[3] = {3, 4, 2}, xs[3] = {3, 5, 3};
    ot_tensor self, ix, src, o;
    ot_make(&self, dt, 3, ss, layout);
    ot_fill(&self, dt == ACL_UINT8 ? 0 : -3, 3);
    ot_make(&ix, (layout & 1) ? ACL_INT32 : ACL_INT64, 3, is, (layout + 1) % L_COUNT);
    for (int64_t i = 0; i < ix.numel; i++)
        ot_set(&ix, i, floor(ot_rand01() * (double)ss[dim] * 0.999));
    ot_make(&src, dt, 3, xs, (layout + 2) % L_COUNT);
    ot_fill(&src, dt == ACL_UINT8 ? 0 : -3, 3);
    double val = dt == ACL_BOOL ? 1 : 2;
    aclScalar *sv = aclCreateScalar(&val, ACL_DOUBLE);
    if (dt == ACL_BOOL) {
        aclDestroyScalar(sv);
        bool bv = true;
        sv = aclCreateScalar(&bv, ACL_BOOL);
    } else if (!ot_is_float(dt)) {
        aclDestroyScalar(sv);
        int64_t iv = (int64_t)val;
        sv = aclCreateScalar(&iv, ACL_INT64);
    }
    double *ref = ot_values(&self);
    int64_t k[3];
    for (int64_t i = 0; i < ix.numel; i++) {
        ot_unravel(i, is, 3, k);
        double v = valued ? val : ot_get(&src, ot_ravel(k, xs, 3));
        k[dim] = (int64_t)ot_get(&ix, i);
        int64_t t = ot_ravel(k, ss, 3);
        ref[t] = ot_round(dt, reduce == 0 ? v : reduce == 1 ? ref[t] + v : ref[t] * v);
    }
    uint64_t ws;
    aclOpExecutor *ex;
    if (inplace) {
        if (valued)
            CHECK_NN(ACLNN_SUCCESS, aclnnInplaceScatterValueGetWorkspaceSize(self.t, dim, ix.t, sv,
                                                                             reduce, &ws, &ex));
        else
            CHECK_NN(ACLNN_SUCCESS, aclnnInplaceScatterGetWorkspaceSize(self.t, dim, ix.t, src.t,
                                                                        reduce, &ws, &ex));
        ot_run(valued ? aclnnInplaceScatterValue : aclnnInplaceScatter, ws, ex);
    } else {
        ot_make(&o, dt, 3, ss, (layout + 3) % L_COUNT);
        if (valued)
            CHECK_NN(ACLNN_SUCCESS, aclnnScatterValueGetWorkspaceSize(self.t, dim - 3, ix.t, sv,
                                                                      reduce, o.t, &ws, &ex));
        else
            CHECK_NN(ACLNN_SUCCESS,
                     aclnnScatterGetWorkspaceSize(self.t, dim, ix.t, src.t, reduce, o.t, &ws, &ex));
        ot_run(valued ? aclnnScatterValue : aclnnScatter, ws, ex);
    }
    const ot_tensor *r = inplace ? &self : &o;
    for (int64_t i = 0; i < r->numel; i++)
        if (!ot_close(dt, dt, ot_get(r, i), ref[i])) {
            fprintf(stderr, "Scatter %s dim %d reduce %d%s%s: [%lld] %g want %g\n", ot_dt_name(dt),
                    dim, reduce, inplace ? " inplace" : "", valued ? " value" : "", (long long)i,
                    ot_get(r, i), ref[i]);
            exit(1);
        }
    CHECK(ot_gaps_intact(r));
    free(ref);
    aclDestroyScalar(sv);
    OT_FREE(&self, &ix, &src);
    if (!inplace)
        ot_free(&o);
    g_cases++;
}

static void test_scatter(void)
{
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++)
            for (int red = 0; red < 3; red++) {
                check_scatter(OT_ALL[d], (l + red) % 3, red, false, false, l);
                check_scatter(OT_ALL[d], (l + red + 1) % 3, red, true, false, l);
                check_scatter(OT_ALL[d], l % 3, red, l % 2, true, l);
            }
    int64_t s[2] = {3, 4}, si[2] = {2, 2}, sbig[2] = {4, 2}, s1[1] = {3};
    ot_tensor x, xh, ix, ixb, ixf, ix1, src;
    ot_make(&x, ACL_FLOAT, 2, s, L_CONTIG);
    ot_fill(&x, -1, 1);
    OT_MAKE_CONTIG({&xh, ACL_FLOAT16, 2, s}, {&ix, ACL_INT64, 2, si}, {&ixb, ACL_INT64, 2, sbig},
                   {&ixf, ACL_FLOAT, 2, si}, {&ix1, ACL_INT64, 1, s1}, {&src, ACL_FLOAT, 2, si});
    uint64_t ws;
    aclOpExecutor *ex;
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnScatter, x.t, 0, ix.t, src.t, 3, x.t);  /* reduce */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnScatter, x.t, 2, ix.t, src.t, 0, x.t);  /* dim */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnScatter, x.t, 0, ixf.t, src.t, 0, x.t); /* index type */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnScatter, x.t, 0, ix1.t, src.t, 0, x.t); /* rank */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnScatter, x.t, 1, ixb.t, src.t, 0, x.t); /* > src */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnScatter, x.t, 0, ix.t, src.t, 0, xh.t); /* out type */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceScatter, xh.t, 0, ix.t, src.t, 0); /* src type */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnScatter, NULL, 0, ix.t, src.t, 0, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnScatter, x.t, 0, NULL, src.t, 0, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnScatter, x.t, 0, ix.t, NULL, 0, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnScatterValue, x.t, 0, ix.t, NULL, 0, x.t);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnInplaceScatterGetWorkspaceSize(x.t, 0, ix.t, src.t, 0, NULL, &ex));
    /* an index value out of [0, 3) fails the launch; selfRef stays as it was */
    double keep[12];
    for (int i = 0; i < 12; i++)
        keep[i] = ot_get(&x, i);
    const double bad[2] = {-1, 3};
    for (int b = 0; b < 2; b++) {
        for (int i = 0; i < 4; i++)
            ot_set(&ix, i, i == 3 ? bad[b] : 1);
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnInplaceScatterGetWorkspaceSize(x.t, 0, ix.t, src.t, 0, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceScatter(NULL, ws, ex, g_stream));
        CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
        for (int i = 0; i < 12; i++)
            CHECK(ot_get(&x, i) == keep[i]);
    }
    OT_FREE(&x, &xh, &ix, &ixb, &ixf, &ix1, &src);
}

int main(void)
{
    ot_init();
    test_scatter();
    ot_fini();
    printf("ops_scatter: %d cases\n", g_cases);
    return 0;
}
