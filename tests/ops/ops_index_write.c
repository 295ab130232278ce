/* SPDX-License-Identifier: Apache-2.0 */
/* InplaceIndexCopy, IndexCopy, IndexFillTensor / InplaceIndexFillTensor
 * against index references written here: every accepted dtype, empty
 * tensors, strided views, the ggml call shapes, misuse codes (and an index
 * out of range failing the launch). IndexCopy out of place, as ggml's CANN
 * backend calls it (found by its test-backend-ops, docs/ggml.md): outRef =
 * selfRef with the slices written, selfRef unchanged. */
#include "optest.h"

#include "aclnnop/aclnn_index_copy.h"
#include "aclnnop/aclnn_index_fill_tensor.h"

static int g_cases;

static aclIntArray *ia(const int64_t *v, uint64_t n)
{
    aclIntArray *a = aclCreateIntArray(v, n);
    CHECK(a);
    return a;
}

/* ---- InplaceIndexCopy
 * ---------------------------------------------------------------------------- */

static void check_icopy(aclDataType dt, aclDataType it, int nd, const int64_t *dims, int dim,
                        const int64_t *index, int k, int ls, int lsrc)
{
    int d = dim < 0 ? dim + nd : dim;
    int64_t sd[8];
    memcpy(sd, dims, (size_t)nd * sizeof(int64_t));
    sd[d] = k;
    ot_tensor s, src, ix;
    ot_make(&s, dt, nd, dims, ls);
    ot_make(&src, dt, nd, sd, lsrc);
    int64_t kk = k;
    ot_make(&ix, it, 1, &kk, L_STEP);
    ot_fill(&s, -100, 100);
    ot_fill(&src, -100, 100);
    for (int j = 0; j < k; j++)
        ot_set(&ix, j, (double)index[j]);
    double *before = ot_values(&s);
    OT_RUN(aclnnInplaceIndexCopy, s.t, dim, ix.t, src.t);
    int64_t idx[8];
    for (int64_t i = 0; i < src.numel; i++) { /* the reference: scatter in order */
        ot_unravel(i, sd, nd, idx);
        int64_t v = index[idx[d]];
        idx[d] = v < 0 ? v + dims[d] : v;
        before[ot_ravel(idx, dims, nd)] = ot_get(&src, i);
    }
    for (int64_t i = 0; i < s.numel; i++)
        if (ot_get(&s, i) != before[i]) {
            fprintf(stderr, "InplaceIndexCopy %s dim %d: [%lld] = %g, want %g\n", ot_dt_name(dt),
                    dim, (long long)i, ot_get(&s, i), before[i]);
            exit(1);
        }
    CHECK(ot_gaps_intact(&s));
    free(before);
    OT_FREE(&s, &src, &ix);
    g_cases++;
}

static void test_index_copy(void)
{
    int64_t d3[3] = {4, 5, 6};
    int64_t i3[3] = {3, 0, -2}, i2[2] = {5, 1}, i4[4] = {0, 1, 2, 3};
    for (int t = 0; t < OT_NALL; t++) {
        aclDataType dt = OT_ALL[t];
        int l = t % L_COUNT;
        check_icopy(dt, ACL_INT64, 3, d3, 0, i3, 3, l, (l + 1) % L_COUNT);
        check_icopy(dt, ACL_INT32, 3, d3, -1, i2, 2, (l + 2) % L_COUNT, l);
        check_icopy(dt, ACL_INT64, 3, d3, 1, i4, 4, L_GAP, L_TRANS);
        check_icopy(dt, ACL_INT32, 3, d3, 1, i4, 0, l, l); /* nothing to copy */
    }
    /* misuse; an index out of range fails the launch and writes nothing */
    int64_t sd[3] = {2, 5, 6}, k2 = 2, k3 = 3;
    ot_tensor s, src, ix, ixf, ix3;
    ot_make(&s, ACL_FLOAT, 3, d3, L_CONTIG);
    ot_make(&src, ACL_FLOAT, 3, sd, L_CONTIG);
    ot_make(&ix, ACL_INT64, 1, &k2, L_CONTIG);
    ot_make(&ixf, ACL_FLOAT, 1, &k2, L_CONTIG);
    ot_make(&ix3, ACL_INT64, 1, &k3, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceIndexCopy, NULL, 0, ix.t, src.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceIndexCopy, s.t, 0, NULL, src.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceIndexCopy, s.t, 0, ix.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceIndexCopy, s.t, 0, ixf.t, src.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceIndexCopy, s.t, 0, ix3.t, src.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceIndexCopy, s.t, 3, ix.t, src.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceIndexCopy, s.t, 1, ix.t, src.t);
    ot_fill(&s, 1, 2);
    ot_set(&ix, 0, 1);
    ot_set(&ix, 1, 4); /* dim 0 has 4 rows */
    double s0 = ot_get(&s, 6 * 5);
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceIndexCopyGetWorkspaceSize(s.t, 0, ix.t, src.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceIndexCopy(NULL, 0, ex, g_stream));
    CHECK(aclrtSynchronizeStream(g_stream) != ACL_SUCCESS);
    CHECK(ot_get(&s, 6 * 5) == s0);
    OT_FREE(&s, &src, &ix, &ixf, &ix3);
}

/* ---- IndexFillTensor
 * ------------------------------------------------------------------------------ */

static void check_ifill(aclDataType dt, bool inplace, int nd, const int64_t *dims, int dim,
                        const int64_t *index, int k, double value, int lx, int lo)
{
    int d = dim < 0 ? dim + (nd ? nd : 1) : dim;
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, lx);
    ot_make(&o, dt, nd, dims, lo);
    ot_fill(&x, -100, 100);
    double *in = ot_values(&x);
    aclIntArray *a = ia(index, (uint64_t)k);
    aclScalar *v = aclCreateScalar(&value, ACL_DOUBLE);
    uint64_t ws;
    aclOpExecutor *ex;
    if (inplace) {
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnInplaceIndexFillTensorGetWorkspaceSize(x.t, dim, a, v, &ws, &ex));
        ot_run(aclnnInplaceIndexFillTensor, ws, ex);
    } else {
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnIndexFillTensorGetWorkspaceSize(x.t, dim, a, v, o.t, &ws, &ex));
        ot_run(aclnnIndexFillTensor, ws, ex);
    }
    const ot_tensor *r = inplace ? &x : &o;
    int64_t idx[8];
    for (int64_t i = 0; i < x.numel; i++) {
        bool hit = false;
        if (nd) {
            ot_unravel(i, dims, nd, idx);
            for (int j = 0; j < k; j++)
                hit |= (index[j] < 0 ? index[j] + dims[d] : index[j]) == idx[d];
        } else {
            hit = k > 0;
        }
        double want = hit ? ot_round(dt, value) : in[i];
        if (ot_get(r, i) != want) {
            fprintf(stderr, "IndexFillTensor%s %s dim %d: [%lld] = %g, want %g\n",
                    inplace ? " (in place)" : "", ot_dt_name(dt), dim, (long long)i, ot_get(r, i),
                    want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(r));
    free(in);
    aclDestroyIntArray(a);
    aclDestroyScalar(v);
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_index_fill(void)
{
    int64_t d3[3] = {3, 4, 5}, i2[2] = {0, -1}, i3[3] = {2, 2, 1}, z[1] = {0};
    unsigned mask = (1u << 0) | (1u << 1) | (1u << 2) | (1u << 7) | (1u << 8) | (1u << 9);
    for (int t = 0; t < OT_NALL; t++) {
        aclDataType dt = OT_ALL[t];
        int l = t % L_COUNT;
        if (!(mask & (1u << t))) {
            ot_tensor x;
            ot_make(&x, dt, 3, d3, L_CONTIG);
            aclIntArray *a = ia(i2, 2);
            double v = 1;
            aclScalar *s = aclCreateScalar(&v, ACL_DOUBLE);
            OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceIndexFillTensor, x.t, 0, a, s);
            aclDestroyIntArray(a);
            aclDestroyScalar(s);
            ot_free(&x);
            continue;
        }
        double v = dt == ACL_BOOL ? 1 : -7.5;
        for (int ip = 0; ip < 2; ip++) {
            check_ifill(dt, ip, 3, d3, 0, i2, 2, v, l, (l + 1) % L_COUNT);
            check_ifill(dt, ip, 3, d3, -1, i3, 3, v, (l + 2) % L_COUNT, l);
            check_ifill(dt, ip, 3, d3, 1, i3, 0, v, L_STEP, L_GAP);
            check_ifill(dt, ip, 0, d3, 0, z, 1, v, l, l);
        }
    }
    ot_tensor x, o;
    ot_make(&x, ACL_FLOAT, 3, d3, L_CONTIG);
    ot_make(&o, ACL_FLOAT16, 3, d3, L_CONTIG);
    int64_t bad[1] = {3}, badn[1] = {-4};
    aclIntArray *a = ia(i2, 2), *ab = ia(bad, 1), *an = ia(badn, 1);
    double v = 1;
    aclScalar *s = aclCreateScalar(&v, ACL_DOUBLE);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceIndexFillTensor, NULL, 0, a, s);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceIndexFillTensor, x.t, 0, NULL, s);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceIndexFillTensor, x.t, 0, a, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceIndexFillTensor, x.t, 0, ab, s);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceIndexFillTensor, x.t, 0, an, s);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceIndexFillTensor, x.t, 3, a, s);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIndexFillTensor, x.t, 0, a, s, o.t);
    aclDestroyIntArray(a);
    aclDestroyIntArray(ab);
    aclDestroyIntArray(an);
    aclDestroyScalar(s);
    OT_FREE(&x, &o);
}

static void test_index_copy_out_of_place(void)
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
                OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnIndexCopy, self.t, dim, ix.t, src.t, NULL);
                OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIndexCopy, self.t, dim, ix.t, src.t, src.t);
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
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, d2}, {&b, ACL_FLOAT16, 2, d2}, {&s, ACL_FLOAT, 2, sd},
                   {&ix, ACL_INT64, 1, d1});
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIndexCopy, a.t, 0, ix.t, s.t, b.t);
    OT_FREE(&a, &b, &s, &ix);
}

int main(void)
{
    ot_init();
    test_index_copy();
    test_index_fill();
    test_index_copy_out_of_place();
    ot_fini();
    printf("ops_index_write: %d cases passed\n", g_cases);
    return 0;
}
