/* SPDX-License-Identifier: Apache-2.0 */
/* Scatter / ScatterValue and their in-place forms (reduce none / add /
 * multiply) against a host reference, with the misuse codes; ScatterReduce, TfScatterAdd,
 * IndexPutImpl and Index: a worked case each and their codes (against torch:
 * test_index_torch.py). */
#include "optest.h"

#include "aclnnop/aclnn_index_put_impl.h"
#include "aclnnop/aclnn_index_v2.h"
#include "aclnnop/aclnn_scatter.h"
#include "aclnnop/aclnn_scatter_reduce.h"
#include "aclnnop/aclnn_tf_scatter_add.h"

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

static void test_index_rows(void)
{
    g_cases++;
    int64_t d32[2] = {3, 2}, d12[2] = {1, 2}, d1[1] = {1}, d2[1] = {2};
    ot_tensor v, ix, up, o, i1, vals, f16, ib;
    OT_MAKE_CONTIG({&v, ACL_FLOAT, 2, d32}, {&ix, ACL_INT64, 2, d12}, {&up, ACL_FLOAT, 2, d12},
                   {&o, ACL_FLOAT, 2, d32}, {&i1, ACL_INT64, 1, d1}, {&vals, ACL_FLOAT, 1, d2},
                   {&f16, ACL_FLOAT16, 2, d12}, {&ib, ACL_BOOL, 1, d2});
    for (int64_t i = 0; i < 6; i++)
        ot_set(&v, i, (double)(i + 1));
    ot_set(&ix, 0, 2); /* row 2 of both columns */
    ot_set(&ix, 1, 2);
    ot_set(&up, 0, 5);
    ot_set(&up, 1, 7);
    /* ScatterReduce max without self: row 2 (5, 6) becomes the values sent, (5, 7) */
    OT_RUN(aclnnScatterReduce, v.t, 0, ix.t, up.t, 3, false, o.t);
    CHECK(ot_get(&o, 4) == 5 && ot_get(&o, 5) == 7 && ot_get(&o, 0) == 1);
    /* mean with self: row 2 = ((5 + 5) / 2, (6 + 7) / 2) */
    OT_RUN(aclnnScatterReduce, v.t, 0, ix.t, up.t, 5, true, o.t);
    CHECK(ot_get(&o, 4) == 5 && ot_get(&o, 5) == 6.5);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScatterReduce, "reduce", v.t, 0, ix.t, up.t, 6,
                    true, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScatterReduce, "src", v.t, 0, ix.t, f16.t, 1,
                    true, o.t);
    OT_NULL_OUTS(aclnnScatterReduce, v.t, 0, ix.t, up.t, 1, true, o.t);
    /* TfScatterAdd, scatter_add form: indices [1] = (2), updates [1, 2] added to row 2 */
    ot_set(&i1, 0, 2);
    OT_RUN(aclnnTfScatterAdd, v.t, i1.t, up.t);
    CHECK(ot_get(&v, 4) == 10 && ot_get(&v, 5) == 13 && ot_get(&v, 3) == 4);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnTfScatterAdd, "updates", v.t, i1.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnTfScatterAdd, "indices", v.t, NULL, up.t);
    /* IndexPutImpl with accumulate: row 2 (10, 13) += (-1, -2); Index reads it back */
    aclTensorList *l1 = ot_list(&i1, 1), *lb = ot_list(&ib, 1);
    ot_set(&vals, 0, -1);
    ot_set(&vals, 1, -2);
    OT_RUN(aclnnIndexPutImpl, v.t, l1, vals.t, true, false);
    CHECK(ot_get(&v, 4) == 9 && ot_get(&v, 5) == 11);
    OT_RUN(aclnnIndex, v.t, l1, up.t);
    CHECK(ot_get(&up, 0) == 9 && ot_get(&up, 1) == 11);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnIndexPutImpl, "BOOL", v.t, lb, vals.t, false,
                    false);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnIndex, "out", v.t, l1, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnIndex, "indices", v.t, NULL, up.t);
    aclDestroyTensorList(l1); /* destroys i1's and ib's aclTensors */
    aclDestroyTensorList(lb);
    i1.t = ib.t = NULL;
    OT_FREE(&v, &ix, &up, &o, &i1, &vals, &f16, &ib);
}

int main(void)
{
    ot_init();
    test_scatter();
    test_index_rows();
    ot_fini();
    printf("ops_scatter: %d cases\n", g_cases);
    return 0;
}
