/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Behaviour ggml's CANN backend relies on, found by running its
 * test-backend-ops against cpuacl (docs/ggml.md), each against a host
 * reference:
 *  - ReduceSum / Mean accept an out of another shape when both it and the
 *    reduced shape hold one element (CANN's CheckShapeAndScalarSame; ggml's
 *    CROSS_ENTROPY_LOSS sums a [n] vector into a [1] out with keepDim false);
 *  - aclnnIndexCopy (out of place): outRef = selfRef with the slices written,
 *    selfRef unchanged.
 */
#include "aclnnop/aclnn_index_copy.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "optest.h"

static void test_reduce_one_element(void)
{
    const aclDataType dts[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int d = 0; d < 3; d++)
        for (int mean = 0; mean < 2; mean++)
            for (int l = 0; l < L_COUNT; l++) {
                ot_tensor x, o;
                const int64_t xd[2] = {3, 5}, od[1] = {1};
                ot_make(&x, dts[d], 2, xd, l);
                ot_make(&o, dts[d], 1, od, l == L_STEP ? L_STEP : L_CONTIG);
                ot_fill(&x, -2, 2);
                const int64_t all[2] = {0, 1};
                aclIntArray *dims = aclCreateIntArray(all, 2);
                uint64_t ws;
                aclOpExecutor *ex;
                double want = 0;
                for (int64_t i = 0; i < x.numel; i++)
                    want += ot_get(&x, i);
                if (mean)
                    want /= (double)x.numel;
                if (mean) {
                    CHECK_NN(ACLNN_SUCCESS,
                             aclnnMeanGetWorkspaceSize(x.t, dims, false, dts[d], o.t, &ws, &ex));
                    ot_run(aclnnMean, ws, ex);
                } else {
                    CHECK_NN(ACLNN_SUCCESS, aclnnReduceSumGetWorkspaceSize(x.t, dims, false, dts[d],
                                                                           o.t, &ws, &ex));
                    ot_run(aclnnReduceSum, ws, ex);
                }
                CHECK(ot_close(dts[d], dts[d], ot_get(&o, 0), want));
                CHECK(ot_gaps_intact(&o));
                /* an out of 2 elements is still refused */
                ot_tensor o2;
                const int64_t o2d[1] = {2};
                ot_make(&o2, dts[d], 1, o2d, L_CONTIG);
                CHECK_NN(ACLNN_ERR_PARAM_INVALID,
                         aclnnReduceSumGetWorkspaceSize(x.t, dims, false, dts[d], o2.t, &ws, &ex));
                aclDestroyIntArray(dims);
                OT_FREE(&x, &o, &o2);
            }
}

static void test_index_copy(void)
{
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++)
            for (int dim = -2; dim < 2; dim++) {
                aclDataType dt = OT_ALL[d];
                ot_tensor self, src, out, ix;
                const int64_t sd[2] = {4, 5};
                int pd = dim < 0 ? dim + 2 : dim;
                const int64_t srcd[2] = {pd == 0 ? 2 : 4, pd == 1 ? 2 : 5}, id[1] = {2};
                ot_make(&self, dt, 2, sd, l);
                ot_make(&out, dt, 2, sd, (l + 1) % L_COUNT);
                ot_make(&src, dt, 2, srcd, (l + 2) % L_COUNT);
                ot_make(&ix, l % 2 ? ACL_INT32 : ACL_INT64, 1, id, L_CONTIG);
                ot_fill(&self, -9, 9);
                ot_fill(&src, -9, 9);
                ot_fill(&out, 50, 60);
                ot_set(&ix, 0, 3);
                ot_set(&ix, 1, -5 + (pd == 0)); /* negative: from the end */
                double before[20];
                for (int i = 0; i < 20; i++)
                    before[i] = ot_get(&self, i);
                uint64_t ws;
                aclOpExecutor *ex;
                CHECK_NN(ACLNN_SUCCESS,
                         aclnnIndexCopyGetWorkspaceSize(self.t, dim, ix.t, src.t, out.t, &ws, &ex));
                ot_run(aclnnIndexCopy, ws, ex);
                int64_t n = sd[pd], t0 = 3, t1 = (-5 + (pd == 0)) + n;
                for (int64_t r = 0; r < 4; r++)
                    for (int64_t c = 0; c < 5; c++) {
                        int64_t pos = pd == 0 ? r : c;
                        double want = before[r * 5 + c];
                        if (pos == t0 || pos == t1) {
                            int64_t k = pos == t1 ? 1 : 0;
                            want = pd == 0 ? ot_get(&src, k * 5 + c) : ot_get(&src, r * 2 + k);
                        }
                        double got = ot_get(&out, r * 5 + c);
                        if (!(got == want || (isnan(got) && isnan(want)))) {
                            fprintf(stderr, "IndexCopy %s dim %d: out[%lld][%lld] = %g, want %g\n",
                                    ot_dt_name(dt), dim, (long long)r, (long long)c, got, want);
                            exit(1);
                        }
                        CHECK(ot_get(&self, r * 5 + c) == before[r * 5 + c]); /* unchanged */
                    }
                CHECK(ot_gaps_intact(&out));
                /* errors: NULL outRef, outRef of another shape / type, bad index at launch */
                CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
                         aclnnIndexCopyGetWorkspaceSize(self.t, dim, ix.t, src.t, NULL, &ws, &ex));
                CHECK_NN(ACLNN_ERR_PARAM_INVALID,
                         aclnnIndexCopyGetWorkspaceSize(self.t, dim, ix.t, src.t, src.t, &ws, &ex));
                ot_set(&ix, 0, n);
                for (int64_t i = 0; i < out.numel; i++)
                    ot_set(&out, i, 1);
                CHECK_NN(ACLNN_SUCCESS,
                         aclnnIndexCopyGetWorkspaceSize(self.t, dim, ix.t, src.t, out.t, &ws, &ex));
                CHECK_NN(ACLNN_SUCCESS, aclnnIndexCopy(NULL, ws, ex, g_stream));
                CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
                for (int64_t i = 0; i < out.numel; i++)
                    CHECK(ot_get(&out, i) == 1);
                OT_FREE(&self, &src, &out, &ix);
            }
    /* a type mismatch between outRef and selfRef */
    ot_tensor a, b, s, ix;
    const int64_t d2[2] = {2, 3}, d1[1] = {1}, sd[2] = {1, 3};
    ot_make(&a, ACL_FLOAT, 2, d2, L_CONTIG);
    ot_make(&b, ACL_FLOAT16, 2, d2, L_CONTIG);
    ot_make(&s, ACL_FLOAT, 2, sd, L_CONTIG);
    ot_make(&ix, ACL_INT64, 1, d1, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnIndexCopyGetWorkspaceSize(a.t, 0, ix.t, s.t, b.t, &ws, &ex));
    OT_FREE(&a, &b, &s, &ix);
}

int main(void)
{
    ot_init();
    test_reduce_one_element();
    test_index_copy();
    ot_fini();
    printf("ops_ggml_fixes: ok\n");
    return 0;
}
