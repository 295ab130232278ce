/* SPDX-License-Identifier: Apache-2.0 */
/* Data-movement operators (Permute, Cat, Slice, Repeat, Tril/Triu and the
 * in-place Tril/Triu) against references computed here index by index: every
 * dtype, contiguous and non-contiguous views, negative dims, empty tensors,
 * Cat's type promotion, and every error case with its code and message. */
#include "optest.h"

#include "aclnnop/aclnn_cat.h"
#include "aclnnop/aclnn_chunk_cat.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_repeat.h"
#include "aclnnop/aclnn_slice.h"
#include "aclnnop/aclnn_tril.h"
#include "aclnnop/aclnn_triu.h"
#include "aclnnop/aclnn_channel_shuffle.h"
#include "aclnnop/aclnn_diag.h"
#include "aclnnop/aclnn_diag_flat.h"
#include "aclnnop/aclnn_expand.h"
#include "aclnnop/aclnn_eye.h"
#include "aclnnop/aclnn_fill_tensor.h"
#include "aclnnop/aclnn_flatten.h"
#include "aclnnop/aclnn_linspace.h"
#include "aclnnop/aclnn_logspace.h"
#include "aclnnop/aclnn_ones.h"
#include "aclnnop/aclnn_range.h"
#include "aclnnop/aclnn_reflection_pad1d.h"
#include "aclnnop/aclnn_replication_pad1d.h"
#include "aclnnop/aclnn_replication_pad1d_backward.h"
#include "aclnnop/aclnn_circular_pad2d.h"
#include "aclnnop/aclnn_circular_pad3d.h"
#include "aclnnop/aclnn_slice_v2.h"
#include "aclnnop/aclnn_split_tensor.h"
#include "aclnnop/aclnn_split_with_size.h"
#include "aclnnop/aclnn_stack.h"
#include "aclnnop/aclnn_as_strided.h"
#include "aclnnop/aclnn_broadcast_v2.h"
#include "aclnnop/aclnn_concat_v2.h"
#include "aclnnop/aclnn_pack_v2.h"
#include "aclnnop/aclnn_pad_v2.h"
#include "aclnnop/aclnn_slice_v3.h"
#include "aclnnop/aclnn_split.h"
#include "aclnnop/aclnn_strided_slice.h"
#include "aclnnop/aclnn_strided_slice_assign_v2.h"
#include "aclnnop/aclnn_lin_space_d.h"
#include "aclnnop/aclnn_transposev.h"
#include "aclnnop/aclnn_unfold_grad.h"
#include "aclnnop/aclnn_view_copy.h"

static int g_cases;

/* Fill with values suited to the type; uint8 stays non-negative. */
static void fill(ot_tensor *x)
{
    ot_fill(x, x->dt == ACL_UINT8 ? 0 : -100, 100);
}

static void expect_eq(const char *what, aclDataType dt, int64_t i, double got, double want)
{
    if (!(got == want)) {
        fprintf(stderr, "%s %s: out[%lld] = %.17g, want %.17g\n", what, ot_dt_name(dt),
                (long long)i, got, want);
        exit(1);
    }
}

/* First-phase outputs of the checks (ot_run launches even empty operations). */
static uint64_t g_ws;
static aclOpExecutor *g_ex;

/* ---- Permute ----------------------------------------------------------------------------- */

static void check_permute(aclDataType dt, int nd, const int64_t *dims, const int64_t *perm, int li,
                          int lo)
{
    int p[16];
    int64_t od[16];
    for (int k = 0; k < nd; k++) {
        p[k] = (int)(perm[k] < 0 ? perm[k] + nd : perm[k]);
        od[k] = dims[p[k]];
    }
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, li);
    ot_make(&o, dt, nd, od, lo);
    fill(&x);
    aclIntArray *pa = aclCreateIntArray(perm, (uint64_t)nd);
    CHECK(pa);
    CHECK_NN(ACLNN_SUCCESS, aclnnPermuteGetWorkspaceSize(x.t, pa, o.t, &g_ws, &g_ex));
    aclDestroyIntArray(pa); /* the executor keeps what it needs */
    ot_run(aclnnPermute, g_ws, g_ex);
    int64_t oi[16], xi[16];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, od, nd, oi);
        for (int k = 0; k < nd; k++)
            xi[p[k]] = oi[k];
        expect_eq("Permute", dt, i, ot_get(&o, i), ot_get(&x, ot_ravel(xi, dims, nd)));
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_permute(void)
{
    int64_t s3[3] = {2, 3, 5}, s4[4] = {3, 1, 4, 2}, s1[1] = {7}, s8[8] = {2, 1, 3, 2, 1, 2, 1, 2};
    int64_t s2[2] = {33, 40}, s0[3] = {2, 0, 3}, sb[3] = {3, 20, 17}, sl[2] = {70, 130};
    int64_t p3[3] = {2, 0, 1}, p3n[3] = {-1, 0, -2}, p3i[3] = {0, 1, 2}, p4[4] = {1, 3, 0, 2};
    int64_t p021[3] = {0, 2, 1}, p210[3] = {2, 1, 0}, p102[3] = {-2, 0, -1};
    int64_t p1[1] = {-1}, p8[8] = {7, 6, 5, 4, 3, 2, 1, 0}, p2[2] = {1, 0};
    for (int d = 0; d < OT_NALL; d++) {
        aclDataType dt = OT_ALL[d];
        for (int l = 0; l < L_COUNT; l++) {
            check_permute(dt, 3, s3, p3, l, (l + 1) % L_COUNT);
            check_permute(dt, 3, s3, p3n, (l + 2) % L_COUNT, l);
            check_permute(dt, 4, s4, p4, l, (l + 3) % L_COUNT);
        }
        check_permute(dt, 3, s3, p3i, L_CONTIG, L_CONTIG);
        check_permute(dt, 3, s3, p3i, L_TRANS, L_GAP);
        check_permute(dt, 1, s1, p1, L_STEP, L_CONTIG);
        check_permute(dt, 8, s8, p8, L_GAP, L_STEP);
        check_permute(dt, 2, s2, p2, L_CONTIG, L_CONTIG); /* a plain transpose */
        check_permute(dt, 2, s2, p2, L_TRANS, L_CONTIG);  /* ... that is a copy */
        /* transposes large enough to go by blocks */
        check_permute(dt, 3, sb, p021, L_CONTIG, L_GAP);
        check_permute(dt, 3, sb, p210, L_GAP, L_STEP);
        check_permute(dt, 3, sb, p102, L_TRANS, L_CONTIG);
        check_permute(dt, 3, sb, p021, L_STEP, L_TRANS);
        check_permute(dt, 2, sl, p2, L_CONTIG, L_CONTIG);
        check_permute(dt, 2, sl, p2, L_GAP, L_GAP);
        check_permute(dt, 0, NULL, NULL, L_CONTIG, L_CONTIG);
        check_permute(dt, 3, s0, p3, L_CONTIG, L_GAP); /* empty */
    }

    /* errors */
    int64_t s253[3] = {5, 2, 3}, s9[9] = {1, 1, 1, 1, 1, 1, 1, 1, 2};
    ot_tensor x, o, ob, oi, xu, x9;
    ot_make(&x, ACL_FLOAT, 3, s3, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 3, s253, L_CONTIG);
    ot_make(&ob, ACL_FLOAT, 3, s3, L_CONTIG); /* wrong shape for p3 */
    OT_MAKE_CONTIG({&oi, ACL_INT32, 3, s253}, {&xu, ACL_UINT32, 3, s3}, {&x9, ACL_FLOAT, 9, s9});
    int64_t pdup[3] = {1, -2, 0}, prange[3] = {3, 0, 1}, prange2[3] = {-4, 0, 1},
            pshort[2] = {0, 1};
    aclIntArray *a = aclCreateIntArray(p3, 3), *adup = aclCreateIntArray(pdup, 3),
                *ar = aclCreateIntArray(prange, 3), *ar2 = aclCreateIntArray(prange2, 3),
                *as = aclCreateIntArray(pshort, 2), *a9 = aclCreateIntArray(p8, 8);
    uint64_t ws;
    aclOpExecutor *ex;
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnPermute, NULL, a, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnPermute, x.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnPermute, x.t, a, NULL);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnPermuteGetWorkspaceSize(x.t, a, o.t, NULL, &ex));
    /* OPS_CHECK_NULLS names the first NULL argument by its spelling, trimmed (CHECK_NN above
     * consumed the message, so these read it themselves). */
    const char *nm;
    CHECK(aclnnPermuteGetWorkspaceSize(x.t, a, o.t, NULL, &ex) == ACLNN_ERR_PARAM_NULLPTR);
    nm = aclGetRecentErrMsg();
    CHECK(nm && strstr(nm, "aclnnPermute: workspaceSize is NULL"));
    CHECK(aclnnPermuteGetWorkspaceSize(x.t, NULL, NULL, &ws, &ex) == ACLNN_ERR_PARAM_NULLPTR);
    nm = aclGetRecentErrMsg();
    CHECK(nm && strstr(nm, "aclnnPermute: dims is NULL"));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnPermuteGetWorkspaceSize(x.t, a, o.t, &ws, NULL));
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPermute, x.t, adup, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPermute, x.t, ar, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPermute, x.t, ar2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPermute, x.t, as, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPermute, x.t, a, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPermute, x.t, a, oi.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPermute, xu.t, a, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPermute, x9.t, a9, x9.t);
    aclDestroyIntArray(a);
    aclDestroyIntArray(adup);
    aclDestroyIntArray(ar);
    aclDestroyIntArray(ar2);
    aclDestroyIntArray(as);
    aclDestroyIntArray(a9);
    OT_FREE(&x, &o, &ob, &oi, &xu, &x9);
}

/* ---- Slice ------------------------------------------------------------------------------- */

/* Python's slice rules for a positive step (the reference). */
static int64_t py_index(int64_t v, int64_t n)
{
    if (v < 0)
        return v + n < 0 ? 0 : v + n;
    return v > n ? n : v;
}

static void check_slice(aclDataType dt, int nd, const int64_t *dims, int64_t dim, int64_t start,
                        int64_t end, int64_t step, int li, int lo)
{
    int d = (int)(dim < 0 ? dim + nd : dim);
    int64_t n = dims[d], b = py_index(start, n), e = py_index(end, n);
    int64_t cnt = 0;
    for (int64_t q = b; q < e;) { /* no overflow with huge steps */
        cnt++;
        if (step >= e - q)
            break;
        q += step;
    }
    int64_t od[16];
    memcpy(od, dims, (size_t)nd * sizeof(int64_t));
    od[d] = cnt;
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, li);
    ot_make(&o, dt, nd, od, lo);
    fill(&x);
    CHECK_NN(ACLNN_SUCCESS,
             aclnnSliceGetWorkspaceSize(x.t, dim, start, end, step, o.t, &g_ws, &g_ex));
    if (li == L_STEP) { /* tensors may go right after the first phase */
        aclDestroyTensor(x.t);
        aclDestroyTensor(o.t);
        x.t = o.t = NULL;
    }
    ot_run(aclnnSlice, g_ws, g_ex);
    int64_t idx[16];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, od, nd, idx);
        idx[d] = b + idx[d] * step;
        expect_eq("Slice", dt, i, ot_get(&o, i), ot_get(&x, ot_ravel(idx, dims, nd)));
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_slice(void)
{
    int64_t s3[3] = {4, 6, 5}, s1[1] = {10}, s0[2] = {0, 4}, s8[8] = {2, 1, 3, 2, 1, 2, 1, 3};
    struct {
        int64_t dim, start, end, step;
    } cs[] = {
        {1, 1, 5, 2},
        {-1, 0, 5, 1},
        {0, -3, -1, 1},
        {2, -100, 100, 3},
        {1, 4, 2, 1},
        {-2, 5, 6, 10},
        {0, 0, 4, 1},
        {1, 6, 9, 1},
        {2, 1, -1, 100},
        {1, -6, 6, 5},
        {0, INT64_MIN, INT64_MAX, 1},
        {1, 8, 9, 1},
        {2, 100, -100, 1},
        {1, 7, 2, 2},
        {2, 0, INT64_MAX, INT64_MAX},
    };
    for (int di = 0; di < OT_NALL; di++) {
        aclDataType dt = OT_ALL[di];
        for (unsigned c = 0; c < sizeof(cs) / sizeof(cs[0]); c++)
            check_slice(dt, 3, s3, cs[c].dim, cs[c].start, cs[c].end, cs[c].step, (int)c % L_COUNT,
                        (int)(c + 1) % L_COUNT);
        check_slice(dt, 1, s1, 0, 1, 9, 3, L_STEP, L_CONTIG);
        check_slice(dt, 1, s1, -1, -4, 10, 1, L_CONTIG, L_STEP);
        check_slice(dt, 2, s0, 1, 1, 3, 1, L_CONTIG, L_CONTIG); /* empty self */
        check_slice(dt, 2, s0, 0, 0, 3, 2, L_GAP, L_CONTIG);
        check_slice(dt, 8, s8, 7, 1, 3, 1, L_GAP, L_STEP);
        check_slice(dt, 8, s8, -8, 0, 2, 1, L_STEP, L_GAP);
    }
    /* errors */
    int64_t s3o[3] = {4, 2, 5}, s3b[3] = {4, 3, 5};
    ot_tensor x, o, ob, oi, x0, xu;
    ot_make(&x, ACL_FLOAT16, 3, s3, L_CONTIG);
    ot_make(&o, ACL_FLOAT16, 3, s3o, L_CONTIG); /* dim 1, [1, 5) step 2 */
    OT_MAKE_CONTIG({&ob, ACL_FLOAT16, 3, s3b}, {&oi, ACL_BF16, 3, s3o}, {&x0, ACL_FLOAT16, 0, NULL},
                   {&xu, ACL_UINT16, 3, s3});
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnSliceGetWorkspaceSize(x.t, 1, 1, 5, 2, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex)); /* never launched */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSlice, NULL, 1, 1, 5, 2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSlice, x.t, 1, 1, 5, 2, NULL);
    OT_NULL_OUTS(aclnnSlice, x.t, 1, 1, 5, 2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSlice, x.t, 1, 1, 5, 0, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSlice, x.t, 1, 5, 1, -2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSlice, x.t, 3, 1, 5, 2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSlice, x.t, -4, 1, 5, 2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSlice, x.t, 1, 1, 5, 2, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSlice, x.t, 1, 1, 5, 2, oi.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSlice, x0.t, 0, 0, 1, 1, x0.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSlice, xu.t, 1, 1, 5, 2, xu.t);
    OT_FREE(&x, &o, &ob, &oi, &x0, &xu);
}

/* ---- Repeat ------------------------------------------------------------------------------ */

static void check_repeat(aclDataType dt, int nd, const int64_t *dims, int nr, const int64_t *reps,
                         int li, int lo)
{
    int pad = nr - nd;
    int64_t sd[16], od[16];
    for (int i = 0; i < nr; i++) {
        sd[i] = i < pad ? 1 : dims[i - pad];
        od[i] = reps[i] * sd[i];
    }
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, li);
    ot_make(&o, dt, nr, od, lo);
    fill(&x);
    aclIntArray *ra = aclCreateIntArray(reps, (uint64_t)nr);
    CHECK(ra);
    CHECK_NN(ACLNN_SUCCESS, aclnnRepeatGetWorkspaceSize(x.t, ra, o.t, &g_ws, &g_ex));
    aclDestroyIntArray(ra);
    ot_run(aclnnRepeat, g_ws, g_ex);
    int64_t oi[16], xi[16];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, od, nr, oi);
        for (int k = 0; k < nd; k++)
            xi[k] = oi[k + pad] % dims[k];
        expect_eq("Repeat", dt, i, ot_get(&o, i), ot_get(&x, ot_ravel(xi, dims, nd)));
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_repeat(void)
{
    int64_t s2[2] = {3, 2}, s1[1] = {5}, s3[3] = {2, 1, 3}, se[2] = {0, 3};
    int64_t r2[2] = {2, 4}, r3[3] = {2, 4, 2}, r11[2] = {1, 1}, r0[2] = {3, 0}, r1[1] = {3};
    int64_t r4[4] = {2, 1, 3, 1}, r32[2] = {3, 2}, r8[8] = {1, 2, 1, 1, 2, 1, 1, 2};
    int64_t r3b[3] = {1, 5, 2};
    for (int d = 0; d < OT_NALL; d++) {
        aclDataType dt = OT_ALL[d];
        for (int l = 0; l < L_COUNT; l++) {
            check_repeat(dt, 2, s2, 2, r2, l, (l + 1) % L_COUNT);
            check_repeat(dt, 2, s2, 3, r3, (l + 2) % L_COUNT, l);
            check_repeat(dt, 3, s3, 4, r4, l, (l + 3) % L_COUNT);
        }
        check_repeat(dt, 2, s2, 2, r11, L_TRANS, L_CONTIG);
        check_repeat(dt, 1, s1, 1, r1, L_STEP, L_GAP);
        check_repeat(dt, 1, s1, 3, r3b, L_CONTIG, L_TRANS);
        check_repeat(dt, 3, s3, 8, r8, L_GAP, L_STEP);
        check_repeat(dt, 0, NULL, 2, r32, L_CONTIG, L_TRANS); /* a scalar tiled */
        check_repeat(dt, 0, NULL, 0, NULL, L_CONTIG, L_CONTIG);
        check_repeat(dt, 2, s2, 2, r0, L_CONTIG, L_CONTIG); /* zero repeats: empty */
        check_repeat(dt, 2, se, 2, r2, L_CONTIG, L_CONTIG); /* empty self */
    }
    /* errors */
    int64_t s64[2] = {6, 8}, s68[2] = {6, 9}, rneg[2] = {2, -1},
            r9[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    int64_t rbig[2] = {INT64_MAX, 2};
    ot_tensor x, o, ob, oi, xu;
    OT_MAKE_CONTIG({&x, ACL_INT8, 2, s2}, {&o, ACL_INT8, 2, s64}, {&ob, ACL_INT8, 2, s68},
                   {&oi, ACL_UINT8, 2, s64}, {&xu, ACL_UINT64, 2, s2});
    aclIntArray *a = aclCreateIntArray(r2, 2), *a1 = aclCreateIntArray(r1, 1),
                *an = aclCreateIntArray(rneg, 2), *a9 = aclCreateIntArray(r9, 9),
                *ab = aclCreateIntArray(rbig, 2);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRepeat, NULL, a, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRepeat, x.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRepeat, x.t, a, NULL);
    OT_NULL_OUTS(aclnnRepeat, x.t, a, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeat, x.t, a1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeat, x.t, an, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeat, x.t, a9, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeat, x.t, ab, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeat, x.t, a, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeat, x.t, a, oi.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeat, xu.t, a, xu.t);
    {
        /* every dim fits in int64, the whole result does not: 2^64 elements
         * (stride-0 views, so the tensors need no memory). Such a view is refused
         * when it is made (issue 33: geometry is checked at creation), so Repeat
         * never sees it; a result of 2^62 elements is made and Repeat refuses the
         * repeats that do not give it. */
        static int8_t one;
        int64_t sd[2] = {1 << 20, 1 << 20}, od[2] = {1LL << 32, 1LL << 32}, z2[2] = {0, 0};
        int64_t od2[2] = {1LL << 31, 1LL << 31};
        int64_t rr[2] = {1 << 12, 1 << 12};
        aclTensor *xs = aclCreateTensor(sd, 2, ACL_INT8, z2, 0, ACL_FORMAT_ND, sd, 2, &one);
        CHECK(!aclCreateTensor(od, 2, ACL_INT8, z2, 0, ACL_FORMAT_ND, z2, 2, &one));
        CHECK(strstr(aclGetRecentErrMsg(), "element count or extent overflows"));
        aclTensor *os = aclCreateTensor(od2, 2, ACL_INT8, z2, 0, ACL_FORMAT_ND, z2, 2, &one);
        aclIntArray *ar = aclCreateIntArray(rr, 2);
        CHECK(xs && os && ar);
        OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeat, xs, ar, os);
        aclDestroyTensor(xs);
        aclDestroyTensor(os);
        aclDestroyIntArray(ar);
    }
    aclDestroyIntArray(a);
    aclDestroyIntArray(a1);
    aclDestroyIntArray(an);
    aclDestroyIntArray(a9);
    aclDestroyIntArray(ab);
    OT_FREE(&x, &o, &ob, &oi, &xu);
}

/* ---- Cat --------------------------------------------------------------------------------- */

/* Reference promotion (PyTorch's table, as AscendCL documents it). */
static int float_rank(aclDataType t)
{
    return t == ACL_DOUBLE ? 3 : t == ACL_FLOAT ? 2 : 1; /* float16 and bfloat16: 1 */
}
static int int_rank(aclDataType t)
{
    return t == ACL_INT64 ? 4 : t == ACL_INT32 ? 3 : t == ACL_INT16 ? 2 : 1;
}
static aclDataType promote(aclDataType a, aclDataType b)
{
    if (a == b)
        return a;
    if (a == ACL_BOOL || b == ACL_BOOL)
        return a == ACL_BOOL ? b : a;
    if (ot_is_float(a) && ot_is_float(b)) {
        if (float_rank(a) == float_rank(b))
            return ACL_FLOAT;
        return float_rank(a) > float_rank(b) ? a : b;
    }
    if (ot_is_float(a) || ot_is_float(b))
        return ot_is_float(a) ? a : b;
    if ((a == ACL_INT8 && b == ACL_UINT8) || (a == ACL_UINT8 && b == ACL_INT8))
        return ACL_INT16;
    return int_rank(a) >= int_rank(b) ? a : b;
}

#define CAT_MAX 4

struct cat_case {
    int n;
    aclDataType dt[CAT_MAX];
    int nd[CAT_MAX];
    int64_t dims[CAT_MAX][4];
    int64_t dim;
    aclDataType odt;
    double lo, hi; /* value range */
};

static void check_cat(const struct cat_case *c, int layout)
{
    ot_tensor t[CAT_MAX], o;
    aclTensor *list[CAT_MAX];
    aclDataType prom = ACL_DT_UNDEFINED;
    int ref = -1; /* first tensor that is not a [0] */
    for (int k = 0; k < c->n; k++) {
        ot_make(&t[k], c->dt[k], c->nd[k], c->dims[k], (layout + k) % L_COUNT);
        ot_fill(&t[k], c->dt[k] == ACL_UINT8 ? 0 : c->lo, c->hi);
        list[k] = t[k].t;
        if (c->nd[k] == 1 && c->dims[k][0] == 0)
            continue;
        prom = ref < 0 ? c->dt[k] : promote(prom, c->dt[k]);
        if (ref < 0)
            ref = k;
    }
    CHECK(ref >= 0);
    int nd = c->nd[ref], d = (int)(c->dim < 0 ? c->dim + nd : c->dim);
    int64_t od[4], start[CAT_MAX];
    memcpy(od, c->dims[ref], sizeof od);
    od[d] = 0;
    for (int k = 0; k < c->n; k++) {
        start[k] = od[d];
        if (!(c->nd[k] == 1 && c->dims[k][0] == 0))
            od[d] += c->dims[k][d];
    }
    ot_make(&o, c->odt, nd, od, (layout + 1) % L_COUNT);
    aclTensorList *tl = aclCreateTensorList((const aclTensor *const *)list, (uint64_t)c->n);
    CHECK(tl);
    CHECK_NN(ACLNN_SUCCESS, aclnnCatGetWorkspaceSize(tl, c->dim, o.t, &g_ws, &g_ex));
    if (layout == L_GAP) { /* the executor owns what it needs: free the list first */
        aclDestroyTensorList(tl);
        tl = NULL;
    }
    ot_run(aclnnCat, g_ws, g_ex);
    int64_t oi[4];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, od, nd, oi);
        int k = c->n - 1;
        while (k > 0 && ((c->nd[k] == 1 && c->dims[k][0] == 0) || oi[d] < start[k]))
            k--;
        oi[d] -= start[k];
        double v = ot_get(&t[k], ot_ravel(oi, c->dims[k], nd));
        expect_eq("Cat", c->odt, i, ot_get(&o, i), ot_round(c->odt, ot_round(prom, v)));
    }
    CHECK(ot_gaps_intact(&o));
    ot_free_list(tl, t, c->n);
    ot_free(&o);
    g_cases++;
}

/* A list with nothing but [0] tensors: success, out untouched. */
static void check_cat_nothing(void)
{
    int64_t z[1] = {0}, s2[2] = {2, 3};
    ot_tensor a, b, o;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 1, z}, {&b, ACL_INT32, 1, z}, {&o, ACL_FLOAT, 2, s2});
    aclTensor *list[2] = {a.t, b.t};
    aclTensorList *tl = aclCreateTensorList((const aclTensor *const *)list, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnCatGetWorkspaceSize(tl, 5, o.t, &g_ws, &g_ex));
    ot_run(aclnnCat, g_ws, g_ex);
    for (size_t i = 0; i < o.bytes; i++)
        CHECK(((unsigned char *)o.buf)[i] == 0xA5);
    aclDestroyTensorList(tl);
    a.t = b.t = NULL;
    OT_FREE(&a, &b, &o);
    /* and an empty list */
    tl = aclCreateTensorList(NULL, 0);
    CHECK(tl);
    ot_make(&o, ACL_FLOAT, 2, s2, L_CONTIG);
    CHECK_NN(ACLNN_SUCCESS, aclnnCatGetWorkspaceSize(tl, 0, o.t, &g_ws, &g_ex));
    ot_run(aclnnCat, g_ws, g_ex);
    aclDestroyTensorList(tl);
    ot_free(&o);
    g_cases += 2;
}

/* A repeatable Cat executor re-pointed through the list's IR index. */
static void check_cat_rebind(void)
{
    int64_t s[2] = {2, 3}, so[2] = {4, 3};
    ot_tensor a, b, b2, o;
    OT_MAKE_CONTIG({&a, ACL_INT32, 2, s}, {&b, ACL_INT32, 2, s}, {&b2, ACL_INT32, 2, s},
                   {&o, ACL_INT32, 2, so});
    fill(&a);
    fill(&b);
    fill(&b2);
    aclTensor *list[2] = {a.t, b.t};
    aclTensorList *tl = aclCreateTensorList((const aclTensor *const *)list, 2);
    aclOpExecutor *ex;
    uint64_t ws;
    CHECK_NN(ACLNN_SUCCESS, aclnnCatGetWorkspaceSize(tl, 0, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclSetAclOpExecutorRepeatable(ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnCat(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    for (int64_t i = 0; i < 12; i++)
        CHECK(ot_get(&o, i) == (i < 6 ? ot_get(&a, i) : ot_get(&b, i - 6)));
    CHECK_NN(ACLNN_SUCCESS, aclSetDynamicInputTensorAddr(ex, 0, 1, tl, b2.buf));
    CHECK_NN(ACLNN_SUCCESS, aclnnCat(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    for (int64_t i = 0; i < 12; i++)
        CHECK(ot_get(&o, i) == (i < 6 ? ot_get(&a, i) : ot_get(&b2, i - 6)));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    aclDestroyTensorList(tl);
    a.t = b.t = NULL;
    OT_FREE(&a, &b, &b2, &o);
    g_cases++;
}

struct tspec {
    aclDataType dt;
    int nd;
    int64_t dims[3];
};

/* One failing (or, with want 0, passing) first phase on fresh tensors; with
 * null_last the list's last entry is NULL; os NULL passes no out. */
static void cat_err(int want, int n, const struct tspec *ts, bool null_last, int64_t dim,
                    const struct tspec *os)
{
    ot_tensor t[2], o;
    aclTensor *list[2];
    for (int k = 0; k < n; k++) {
        ot_make(&t[k], ts[k].dt, ts[k].nd, ts[k].dims, L_CONTIG);
        list[k] = t[k].t;
    }
    if (null_last)
        list[n - 1] = NULL;
    if (os)
        ot_make(&o, os->dt, os->nd, os->dims, L_CONTIG);
    aclTensorList *tl = aclCreateTensorList((const aclTensor *const *)list, (uint64_t)n);
    CHECK(tl);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(want, aclnnCatGetWorkspaceSize(tl, dim, os ? o.t : NULL, &ws, &ex));
    if (want == ACLNN_SUCCESS)
        CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    aclDestroyTensorList(tl); /* destroys the tensors in it */
    for (int k = 0; k < n; k++) {
        if (list[k])
            t[k].t = NULL;
        ot_free(&t[k]);
    }
    if (os)
        ot_free(&o);
}

static void test_cat(void)
{
    for (int di = 0; di < OT_NALL; di++) {
        aclDataType dt = OT_ALL[di];
        struct cat_case cs[] = {
            {3, {dt, dt, dt}, {3, 3, 3}, {{2, 3, 4}, {2, 1, 4}, {2, 5, 4}}, 1, dt, -100, 100},
            {2, {dt, dt}, {3, 3}, {{2, 3, 4}, {2, 3, 1}}, -1, dt, -100, 100},
            {3, {dt, dt, dt}, {2, 2, 2}, {{1, 5}, {3, 5}, {2, 5}}, 0, dt, -100, 100},
            {3, {dt, dt, dt}, {2, 2, 2}, {{2, 0}, {2, 3}, {2, 0}}, -1, dt, -100, 100},
            {3, {dt, dt, dt}, {2, 1, 2}, {{2, 4}, {0}, {1, 4}}, -2, dt, -100, 100},
            {1, {dt}, {1}, {{7}}, 0, dt, -100, 100},
            {2, {dt, dt}, {3, 3}, {{2, 0, 3}, {2, 0, 3}}, 0, dt, -100, 100}, /* empty out */
        };
        for (unsigned c = 0; c < sizeof(cs) / sizeof(cs[0]); c++)
            for (int l = 0; l < L_COUNT; l++)
                check_cat(&cs[c], l);
    }
    /* promotion, then conversion to out's type */
    struct cat_case mix[] = {
        /* int32 + float16 promote to float16: 2049 rounds to 2048 even in a float32 out */
        {2, {ACL_INT32, ACL_FLOAT16}, {2, 2}, {{2, 3}, {1, 3}}, 0, ACL_FLOAT, -5000, 5000},
        {2, {ACL_FLOAT16, ACL_BF16}, {2, 2}, {{2, 3}, {2, 2}}, 1, ACL_FLOAT, -100, 100},
        {2, {ACL_FLOAT16, ACL_BF16}, {2, 2}, {{2, 3}, {2, 2}}, 1, ACL_DOUBLE, -100, 100},
        {3, {ACL_INT8, ACL_UINT8, ACL_BOOL}, {1, 1, 1}, {{3}, {4}, {2}}, 0, ACL_INT16, -100, 100},
        {2, {ACL_BOOL, ACL_INT64}, {2, 2}, {{2, 2}, {2, 3}}, -1, ACL_INT64, -1e12, 1e12},
        {2, {ACL_INT64, ACL_INT32}, {2, 2}, {{2, 2}, {2, 3}}, -1, ACL_FLOAT16, -100, 100},
        {2, {ACL_FLOAT, ACL_DOUBLE}, {2, 2}, {{1, 3}, {2, 3}}, 0, ACL_BF16, -100, 100},
        {2, {ACL_FLOAT, ACL_FLOAT}, {2, 2}, {{1, 3}, {2, 3}}, 0, ACL_FLOAT16, -100, 100},
        {2, {ACL_INT32, ACL_INT32}, {2, 2}, {{1, 3}, {2, 3}}, 0, ACL_INT8, -1000, 1000},
        {2, {ACL_BOOL, ACL_BOOL}, {2, 2}, {{1, 3}, {2, 3}}, 0, ACL_FLOAT, 0, 1},
        {3, {ACL_FLOAT16, ACL_FLOAT, ACL_INT8}, {1, 1, 1}, {{0}, {4}, {0}}, 0, ACL_DOUBLE, -9, 9},
    };
    for (unsigned c = 0; c < sizeof(mix) / sizeof(mix[0]); c++)
        for (int l = 0; l < L_COUNT; l++)
            check_cat(&mix[c], l);
    check_cat_nothing();
    check_cat_rebind();

    /* errors */
    struct tspec f23 = {ACL_FLOAT, 2, {2, 3}}, f33 = {ACL_FLOAT, 2, {3, 3}},
                 f24 = {ACL_FLOAT, 2, {2, 4}}, f233 = {ACL_FLOAT, 3, {2, 3, 3}},
                 f3 = {ACL_FLOAT, 1, {3}}, f0d = {ACL_FLOAT, 0, {0}}, f53 = {ACL_FLOAT, 2, {5, 3}},
                 i53 = {ACL_INT32, 2, {5, 3}}, u53 = {ACL_UINT32, 2, {5, 3}},
                 u33 = {ACL_UINT16, 2, {3, 3}}, f6 = {ACL_FLOAT, 1, {6}};
    struct tspec ab[2] = {f23, f33}, ac2[2] = {f23, f24}, ac3[2] = {f23, f233}, ss[2] = {f0d, f0d},
                 au[2] = {f23, u33}, cc[2] = {f3, f3};
    cat_err(ACLNN_ERR_PARAM_NULLPTR, 2, ab, true, 0, &f53);  /* a NULL entry */
    cat_err(ACLNN_ERR_PARAM_NULLPTR, 2, ab, false, 0, NULL); /* no out */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ab, false, 2, &f53); /* dim out of range */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ab, false, -3, &f53);
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ab, false, 1, &f53);  /* dim 0 differs */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ac2, false, 0, &f53); /* dim 1 differs */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ac3, false, 0, &f53); /* ranks differ */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ab, false, 0, &f33);  /* out's shape */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ab, false, 0, &i53);  /* float into int32 */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ab, false, 0, &u53);  /* unsupported out type */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, au, false, 0, &f53);  /* unsupported input type */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, ss, false, 0, &f53);  /* 0-dim tensors */
    cat_err(ACLNN_ERR_PARAM_INVALID, 2, cc, false, 1, &f6);
    cat_err(ACLNN_SUCCESS, 2, cc, false, -1, &f6);
    ot_tensor o;
    ot_make(&o, ACL_FLOAT, 2, f53.dims, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnCat, NULL, 0, o.t);
    aclTensorList *tl = aclCreateTensorList(NULL, 0);
    OT_NULL_OUTS(aclnnCat, tl, 0, o.t);
    aclDestroyTensorList(tl);
    ot_free(&o);
}

/* ---- Tril / Triu ------------------------------------------------------------------------- */

static void check_tri(bool upper, bool inplace, aclDataType dt, int nd, const int64_t *dims,
                      int64_t diag, int li, int lo)
{
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, li);
    fill(&x);
    double *orig = ot_values(&x);
    ot_tensor *res = &x;
    if (!inplace) {
        ot_make(&o, dt, nd, dims, lo);
        res = &o;
        if (upper) {
            CHECK_NN(ACLNN_SUCCESS, aclnnTriuGetWorkspaceSize(x.t, diag, o.t, &g_ws, &g_ex));
            ot_run(aclnnTriu, g_ws, g_ex);
        } else {
            CHECK_NN(ACLNN_SUCCESS, aclnnTrilGetWorkspaceSize(x.t, diag, o.t, &g_ws, &g_ex));
            ot_run(aclnnTril, g_ws, g_ex);
        }
    } else if (upper) {
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceTriuGetWorkspaceSize(x.t, diag, &g_ws, &g_ex));
        ot_run(aclnnInplaceTriu, g_ws, g_ex);
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceTrilGetWorkspaceSize(x.t, diag, &g_ws, &g_ex));
        ot_run(aclnnInplaceTril, g_ws, g_ex);
    }
    int64_t idx[16];
    for (int64_t i = 0; i < x.numel; i++) {
        ot_unravel(i, dims, nd, idx);
        /* column - row against diag: no overflow for any diag */
        int64_t r = idx[nd - 2], c = idx[nd - 1];
        bool keep = upper ? (c - r >= diag) : (c - r <= diag);
        double want = keep ? orig[i] : 0;
        if (!(ot_get(res, i) == want)) {
            fprintf(stderr, "%s%s %s diag %lld: [%lld] = %g, want %g\n", inplace ? "Inplace" : "",
                    upper ? "Triu" : "Tril", ot_dt_name(dt), (long long)diag, (long long)i,
                    ot_get(res, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(res));
    free(orig);
    ot_free(&x);
    if (!inplace)
        ot_free(&o);
    g_cases++;
}

static void test_tri(void)
{
    int64_t s34[2] = {3, 4}, s43[2] = {4, 3}, s235[3] = {2, 3, 5}, s11[2] = {1, 1},
            s8[8] = {2, 1, 1, 2, 1, 1, 3, 3}, se[2] = {0, 3}, se3[3] = {2, 0, 4};
    int64_t diags[] = {0, 1, -1, 2, -3, 5, -5, INT64_MAX, INT64_MIN};
    int nd = (int)(sizeof(diags) / sizeof(diags[0]));
    for (int di = 0; di < OT_NALL; di++) {
        aclDataType dt = OT_ALL[di];
        for (int u = 0; u < 2; u++) {
            for (int k = 0; k < nd; k++) {
                int l = (k + u) % L_COUNT;
                check_tri(u, false, dt, 2, s34, diags[k], l, (l + 1) % L_COUNT);
                check_tri(u, false, dt, 2, s43, diags[k], (l + 2) % L_COUNT, l);
                check_tri(u, false, dt, 3, s235, diags[k], l, (l + 3) % L_COUNT);
                check_tri(u, true, dt, 3, s235, diags[k], l, l);
            }
            check_tri(u, false, dt, 2, s11, 0, L_STEP, L_GAP);
            check_tri(u, false, dt, 2, s34, 1, L_CONTIG, L_CONTIG); /* same strides */
            check_tri(u, true, dt, 2, s43, -1, L_TRANS, L_TRANS);
            check_tri(u, false, dt, 8, s8, 1, L_GAP, L_STEP);
            check_tri(u, false, dt, 2, se, 0, L_CONTIG, L_CONTIG);
            check_tri(u, true, dt, 3, se3, 1, L_GAP, L_GAP);
        }
    }
    /* Triu accepts an empty 1-dim tensor, Tril does not (AscendCL's checks) */
    int64_t z[1] = {0};
    ot_tensor e1;
    ot_make(&e1, ACL_FLOAT, 1, z, L_CONTIG);
    CHECK_NN(ACLNN_SUCCESS, aclnnTriuGetWorkspaceSize(e1.t, 0, e1.t, &g_ws, &g_ex));
    ot_run(aclnnTriu, g_ws, g_ex);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnTrilGetWorkspaceSize(e1.t, 0, e1.t, &g_ws, &g_ex));
    ot_free(&e1);

    /* errors */
    int64_t s5[1] = {5};
    ot_tensor x, o, ob, oi, x1, x0, xu;
    OT_MAKE_CONTIG({&x, ACL_INT64, 2, s34}, {&o, ACL_INT64, 2, s34}, {&ob, ACL_INT64, 2, s43},
                   {&oi, ACL_INT32, 2, s34}, {&x1, ACL_INT64, 1, s5}, {&x0, ACL_INT64, 0, NULL},
                   {&xu, ACL_UINT32, 2, s34});
    uint64_t ws;
    aclOpExecutor *ex;
    typedef aclnnStatus (*tri_fn)(const aclTensor *, int64_t, aclTensor *, uint64_t *,
                                  aclOpExecutor **);
    tri_fn fns[2] = {aclnnTrilGetWorkspaceSize, aclnnTriuGetWorkspaceSize};
    for (int u = 0; u < 2; u++) {
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, fns[u](NULL, 0, o.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, fns[u](x.t, 0, NULL, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, fns[u](x.t, 0, o.t, NULL, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, fns[u](x.t, 0, o.t, &ws, NULL));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, fns[u](x.t, 0, ob.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, fns[u](x.t, 0, oi.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, fns[u](x1.t, 0, x1.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, fns[u](x0.t, 0, x0.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, fns[u](xu.t, 0, xu.t, &ws, &ex));
    }
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceTril, NULL, 0);
    OT_NULL_OUTS(aclnnInplaceTril, x.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceTriu, NULL, 0);
    OT_NULL_OUTS(aclnnInplaceTriu, x.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceTril, x1.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceTriu, xu.t, 0);
    OT_FREE(&x, &o, &ob, &oi, &x1, &x0, &xu);
}

/* ---- launches ------------------------------------------------------------------------------ */

static void test_phase2(void)
{
    /* a NULL executor, and a single-use executor launched twice */
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnPermute(NULL, 0, NULL, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnCat(NULL, 0, NULL, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnSlice(NULL, 0, NULL, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnRepeat(NULL, 0, NULL, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnTril(NULL, 0, NULL, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnTriu(NULL, 0, NULL, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceTril(NULL, 0, NULL, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceTriu(NULL, 0, NULL, g_stream));
    int64_t s[2] = {2, 2};
    ot_tensor x;
    ot_make(&x, ACL_FLOAT, 2, s, L_CONTIG);
    fill(&x);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceTrilGetWorkspaceSize(x.t, 0, &ws, &ex));
    ot_run(aclnnInplaceTril, ws, ex);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnInplaceTril(NULL, 0, ex, g_stream));
    CHECK(ot_get(&x, 1) == 0);
    ot_free(&x);
}

/* ---- issue 29's rows: codes, messages and hand-worked values ------------------------------- */

/* A first phase that fails with code `want` and a message containing `part`. */
#define FAILS_NAMING(want, part, op, ...)                                                          \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        aclnnStatus got_ = op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_);                          \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (want) || !m_ || !strstr(m_, part)) {                                          \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d naming '%s'\n", __FILE__,     \
                    __LINE__, #op, (int)got_, m_ ? m_ : "no message", (int)(want), part);          \
            exit(1);                                                                               \
        }                                                                                          \
        g_cases++;                                                                                 \
    } while (0)

static void set_iota(ot_tensor *x)
{
    for (int64_t i = 0; i < x->numel; i++)
        ot_set(x, i, (double)i);
}

static void expect_vals(const char *what, const ot_tensor *o, const double *want)
{
    for (int64_t i = 0; i < o->numel; i++)
        expect_eq(what, o->dt, i, ot_get(o, i), want[i]);
    g_cases++;
}

static void test_views(void)
{
    int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s3[1] = {3}, s13[2] = {1, 3}, s6[1] = {6};
    int64_t s33[2] = {3, 3}, s233[3] = {2, 3, 3}, s1[1] = {1}, s2[1] = {2};
    ot_tensor x, o, o2, v;
    uint64_t ws;
    aclOpExecutor *ex;
    /* Expand (3,) -> (2, 3), a transposed out */
    ot_make(&x, ACL_INT32, 1, s3, L_STEP);
    ot_make(&o, ACL_INT32, 2, s23, L_TRANS);
    set_iota(&x);
    aclIntArray *sz = aclCreateIntArray((int64_t[]){2, -1}, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnExpandGetWorkspaceSize(x.t, sz, o.t, &ws, &ex));
    ot_run(aclnnExpand, ws, ex);
    expect_vals("Expand", &o, (const double[]){0, 1, 2, 0, 1, 2});
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "size", aclnnExpand, x.t, NULL, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnExpand, x.t, sz, x.t);
    aclDestroyIntArray(sz);
    OT_FREE(&x, &o);
    /* Flatten (2, 3, 3) at axis 1 -> (2, 9) */
    ot_make(&x, ACL_FLOAT16, 3, s233, L_GAP);
    ot_make(&o, ACL_FLOAT16, 2, (int64_t[]){2, 9}, L_CONTIG);
    set_iota(&x);
    CHECK_NN(ACLNN_SUCCESS, aclnnFlattenGetWorkspaceSize(x.t, 1, o.t, &ws, &ex));
    ot_run(aclnnFlatten, ws, ex);
    double iota18[18];
    for (int i = 0; i < 18; i++)
        iota18[i] = i;
    expect_vals("Flatten", &o, iota18);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "axis", aclnnFlatten, x.t, 4, o.t);
    OT_FREE(&x, &o);
    /* Diag of a (3, 3) matrix, diagonal 1 -> {1, 5}; of a vector -> a matrix */
    ot_make(&x, ACL_INT64, 2, s33, L_TRANS);
    ot_make(&o, ACL_INT64, 1, s2, L_CONTIG);
    set_iota(&x);
    CHECK_NN(ACLNN_SUCCESS, aclnnDiagGetWorkspaceSize(x.t, 1, o.t, &ws, &ex));
    ot_run(aclnnDiag, ws, ex);
    expect_vals("Diag", &o, (const double[]){1, 5});
    OT_FREE(&x, &o);
    ot_make(&x, ACL_BOOL, 1, s2, L_CONTIG);
    ot_make(&o, ACL_BOOL, 2, s33, L_GAP);
    ot_fill(&o, 0, 1);
    ot_set(&x, 0, 1);
    ot_set(&x, 1, 1);
    CHECK_NN(ACLNN_SUCCESS, aclnnDiagGetWorkspaceSize(x.t, -1, o.t, &ws, &ex));
    ot_run(aclnnDiag, ws, ex);
    expect_vals("Diag of a vector", &o, (const double[]){0, 0, 0, 1, 0, 0, 0, 1, 0});
    CHECK(ot_gaps_intact(&o));
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnDiagFlat, x.t, 0, o.t);
    OT_FREE(&x, &o);
    /* SplitWithSize (6,) into {1, 5}; SplitTensor refusing a wrong count */
    ot_make(&x, ACL_DOUBLE, 1, s6, L_STEP);
    ot_make(&o, ACL_DOUBLE, 1, s1, L_CONTIG);
    ot_make(&o2, ACL_DOUBLE, 1, (int64_t[]){5}, L_GAP);
    set_iota(&x);
    aclTensorList *outs = aclCreateTensorList((const aclTensor *[]){o.t, o2.t}, 2);
    aclIntArray *ss = aclCreateIntArray((int64_t[]){1, 5}, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnSplitWithSizeGetWorkspaceSize(x.t, ss, 0, outs, &ws, &ex));
    ot_run(aclnnSplitWithSize, ws, ex);
    expect_vals("SplitWithSize[0]", &o, (const double[]){0});
    expect_vals("SplitWithSize[1]", &o2, (const double[]){1, 2, 3, 4, 5});
    CHECK(ot_gaps_intact(&o2));
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out has 2 tensors", aclnnSplitTensor, x.t, 2, 0, outs);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "splitSections", aclnnSplitTensor, x.t, 0, 0, outs);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "self", aclnnSplitWithSize, NULL, ss, 0, outs);
    aclDestroyIntArray(ss);
    ot_tensor lst[2] = {o, o2};
    ot_free_list(outs, lst, 2);
    /* Stack of two (3,) at dim 1 -> (3, 2) */
    ot_tensor in[2];
    ot_make(&in[0], ACL_INT8, 1, s3, L_CONTIG);
    ot_make(&in[1], ACL_INT8, 1, s3, L_STEP);
    set_iota(&in[0]);
    for (int i = 0; i < 3; i++)
        ot_set(&in[1], i, 10 + i);
    ot_make(&o, ACL_INT8, 2, s32, L_CONTIG);
    aclTensorList *tl = ot_list(in, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnStackGetWorkspaceSize(tl, 1, o.t, &ws, &ex));
    ot_run(aclnnStack, ws, ex);
    expect_vals("Stack", &o, (const double[]){0, 10, 1, 11, 2, 12});
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "dim", aclnnStack, tl, 3, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnStack, tl, 0, o.t);
    ot_free_list(tl, in, 2);
    ot_free(&o);
    /* ChannelShuffle (1, 4, 1) groups 2: channels 0 2 1 3 */
    ot_make(&x, ACL_UINT8, 3, (int64_t[]){1, 4, 1}, L_CONTIG);
    ot_make(&o, ACL_UINT8, 3, (int64_t[]){1, 4, 1}, L_GAP);
    set_iota(&x);
    CHECK_NN(ACLNN_SUCCESS, aclnnChannelShuffleGetWorkspaceSize(x.t, 2, o.t, &ws, &ex));
    ot_run(aclnnChannelShuffle, ws, ex);
    expect_vals("ChannelShuffle", &o, (const double[]){0, 2, 1, 3});
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "groups", aclnnChannelShuffle, x.t, 3, o.t);
    OT_FREE(&x, &o);
    /* SliceV2 of (2, 3): rows 1.., columns 0 and 2 */
    ot_make(&x, ACL_BF16, 2, s23, L_TRANS);
    ot_make(&o, ACL_BF16, 2, (int64_t[]){1, 2}, L_CONTIG);
    set_iota(&x);
    aclIntArray *st = aclCreateIntArray((int64_t[]){1, 0}, 2),
                *en = aclCreateIntArray((int64_t[]){9, 3}, 2),
                *ax = aclCreateIntArray((int64_t[]){0, 1}, 2),
                *sp = aclCreateIntArray((int64_t[]){1, 2}, 2),
                *bad = aclCreateIntArray((int64_t[]){0, 0}, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnSliceV2GetWorkspaceSize(x.t, st, en, ax, sp, o.t, &ws, &ex));
    ot_run(aclnnSliceV2, ws, ex);
    expect_vals("SliceV2", &o, (const double[]){3, 5});
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "steps", aclnnSliceV2, x.t, st, en, ax, bad, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "repeats dim", aclnnSliceV2, x.t, st, en, bad, sp, o.t);
    aclDestroyIntArray(st);
    aclDestroyIntArray(en);
    aclDestroyIntArray(ax);
    aclDestroyIntArray(sp);
    aclDestroyIntArray(bad);
    OT_FREE(&x, &o);
    /* ReplicationPad1d (1, 3) by {2, 1}; its backward sums the edge */
    ot_make(&x, ACL_FLOAT, 2, s13, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 2, (int64_t[]){1, 6}, L_GAP);
    set_iota(&x);
    aclIntArray *pd = aclCreateIntArray((int64_t[]){2, 1}, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnReplicationPad1dGetWorkspaceSize(x.t, pd, o.t, &ws, &ex));
    ot_run(aclnnReplicationPad1d, ws, ex);
    expect_vals("ReplicationPad1d", &o, (const double[]){0, 0, 0, 1, 2, 2});
    ot_make(&v, ACL_FLOAT, 2, s13, L_STEP);
    for (int i = 0; i < 6; i++)
        ot_set(&o, i, 1);
    CHECK_NN(ACLNN_SUCCESS,
             aclnnReplicationPad1dBackwardGetWorkspaceSize(o.t, x.t, pd, v.t, &ws, &ex));
    ot_run(aclnnReplicationPad1dBackward, ws, ex);
    expect_vals("ReplicationPad1dBackward", &v, (const double[]){3, 1, 2});
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "gradOutput", aclnnReplicationPad1dBackward, x.t, x.t, pd,
                 v.t);
    aclIntArray *pd3 = aclCreateIntArray((int64_t[]){3, 0}, 2); /* reflection needs pad < 3 */
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "padding 3, 0", aclnnReflectionPad1d, x.t, pd3, o.t);
    aclDestroyIntArray(pd3);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "self has 2 dims", aclnnCircularPad3d, x.t, pd, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "padding", aclnnCircularPad2d, x.t, NULL, o.t);
    aclDestroyIntArray(pd);
    OT_FREE(&x, &o, &v);
}

static void test_creation(void)
{
    int64_t s22[2] = {2, 2}, s4[1] = {4}, s23[2] = {2, 3};
    ot_tensor o, v;
    uint64_t ws;
    aclOpExecutor *ex;
    ot_make(&o, ACL_INT32, 2, s23, L_TRANS);
    CHECK_NN(ACLNN_SUCCESS, aclnnEyeGetWorkspaceSize(2, 3, o.t, &ws, &ex));
    ot_run(aclnnEye, ws, ex);
    expect_vals("Eye", &o, (const double[]){1, 0, 0, 0, 1, 0});
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnEye, 3, 2, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "n -1", aclnnEye, -1, 2, o.t);
    ot_free(&o);
    aclScalar *a = aclCreateScalar(&(double){1.0}, ACL_DOUBLE),
              *b = aclCreateScalar(&(double){2.5}, ACL_DOUBLE),
              *c = aclCreateScalar(&(double){0.5}, ACL_DOUBLE);
    ot_make(&o, ACL_FLOAT, 1, s4, L_STEP);
    CHECK_NN(ACLNN_SUCCESS, aclnnRangeGetWorkspaceSize(a, b, c, o.t, &ws, &ex));
    ot_run(aclnnRange, ws, ex);
    expect_vals("Range", &o, (const double[]){1, 1.5, 2, 2.5});
    CHECK_NN(ACLNN_SUCCESS, aclnnLinspaceGetWorkspaceSize(a, b, 4, o.t, &ws, &ex));
    ot_run(aclnnLinspace, ws, ex);
    expect_vals("Linspace", &o, (const double[]){1, 1.5, 2, 2.5});
    CHECK_NN(ACLNN_SUCCESS, aclnnLogSpaceGetWorkspaceSize(a, b, 4, 2.0, o.t, &ws, &ex));
    ot_run(aclnnLogSpace, ws, ex);
    expect_vals("LogSpace", &o,
                (const double[]){2, (float)2.8284271247461903, 4, (float)5.6568542494923806});
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "inconsistent", aclnnRange, b, a, c, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnLinspace, a, b, 5, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "start", aclnnLogSpace, NULL, b, 4, 2.0, o.t);
    ot_free(&o);
    /* InplaceOne, InplaceFillTensor */
    ot_make(&o, ACL_INT16, 2, s22, L_GAP);
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceOneGetWorkspaceSize(o.t, &ws, &ex));
    ot_run(aclnnInplaceOne, ws, ex);
    expect_vals("InplaceOne", &o, (const double[]){1, 1, 1, 1});
    CHECK(ot_gaps_intact(&o));
    ot_make(&v, ACL_FLOAT, 2, (int64_t[]){1, 1}, L_CONTIG);
    ot_set(&v, 0, -7.75);
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceFillTensorGetWorkspaceSize(o.t, v.t, &ws, &ex));
    ot_run(aclnnInplaceFillTensor, ws, ex);
    expect_vals("InplaceFillTensor", &o, (const double[]){-7, -7, -7, -7});
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "one element", aclnnInplaceFillTensor, o.t, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "value", aclnnInplaceFillTensor, o.t, NULL);
    OT_FREE(&o, &v);
    aclDestroyScalar(a);
    aclDestroyScalar(b);
    aclDestroyScalar(c);
}

/* ChunkCat: CANN's example ([2, 3] and [1, 3] in 2 chunks, the second padded), a FLOAT16 list
 * into a FLOAT out, an empty tensor skipped; the codes of bad input. */
static void test_chunk_cat(void)
{
    int64_t a2[2] = {2, 3}, b2[2] = {1, 3}, o2[2] = {2, 6}, e1[1] = {0}, z0[1] = {1};
    int64_t h1[1] = {5}, ho[2] = {3, 2};
    /* each list owns its tensors (aclDestroyTensorList destroys them): none is shared */
    ot_tensor ab[3], hl[1], mixed[2], sc[2], o, oh, hf, o3;
    OT_MAKE_CONTIG({&ab[0], ACL_FLOAT, 2, a2}, {&ab[1], ACL_FLOAT, 1, e1},
                   {&ab[2], ACL_FLOAT, 2, b2}, {&o, ACL_FLOAT, 2, o2}, {&oh, ACL_FLOAT16, 2, o2},
                   {&hl[0], ACL_FLOAT16, 1, h1}, {&hf, ACL_FLOAT, 2, ho}, {&o3, ACL_FLOAT, 2, ho},
                   {&mixed[0], ACL_FLOAT, 2, a2}, {&mixed[1], ACL_FLOAT16, 2, a2},
                   {&sc[0], ACL_FLOAT, 2, a2}, {&sc[1], ACL_FLOAT, 0, z0});
    set_iota(&ab[0]);
    set_iota(&ab[2]);
    aclTensorList *l = ot_list(ab, 3);
    OT_RUN(aclnnChunkCat, l, 0, 2, o.t);
    const double want[12] = {0, 1, 2, 0, 1, 2, 3, 4, 5, 0, 0, 0};
    expect_vals("ChunkCat", &o, want);
    set_iota(&hl[0]); /* 5 rows of 1 in 3 chunks of 2: 0 1 | 2 3 | 4 0 */
    aclTensorList *lh = ot_list(hl, 1);
    OT_RUN(aclnnChunkCat, lh, 0, 3, hf.t);
    const double wh[6] = {0, 1, 2, 3, 4, 0};
    expect_vals("ChunkCat FLOAT16 to FLOAT", &hf, wh);
    aclTensorList *lm = ot_list(mixed, 2), *ls = ot_list(sc, 2);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "tensors", aclnnChunkCat, NULL, 0, 2, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "out", aclnnChunkCat, l, 0, 2, NULL);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "dim", aclnnChunkCat, l, 1, 2, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "numChunks", aclnnChunkCat, l, 0, 0, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "tensors[1]", aclnnChunkCat, lm, 0, 2, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "0 dims", aclnnChunkCat, ls, 0, 2, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "FLOAT out", aclnnChunkCat, l, 0, 2, oh.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnChunkCat, l, 0, 2, o3.t);
    OT_NULL_OUTS(aclnnChunkCat, l, 0, 2, o.t);
    ot_free_list(l, ab, 3);
    ot_free_list(lh, hl, 1);
    ot_free_list(lm, mixed, 2);
    ot_free_list(ls, sc, 2);
    OT_FREE(&o, &oh, &hf, &o3);
}

/* The ops-math conversion rows (view.c VW7-VW12, storage_view.c, remap.c PD2): a worked case
 * each for StridedSlice and AsStrided, then the codes of bad input, each message naming the
 * operator and the parameter (the results against torch / numpy: test_shape_torch.py). */
static void test_conversion_codes(void)
{
    g_cases++;
    int64_t d43[2] = {4, 3}, d22[2] = {2, 2}, d2[1] = {2}, d12[1] = {12}, d3[1] = {3};
    ot_tensor x, o22, x12, o3, i64, f16;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, d43}, {&o22, ACL_FLOAT, 2, d22}, {&x12, ACL_INT32, 1, d12},
                   {&o3, ACL_INT32, 1, d3}, {&i64, ACL_INT64, 1, d2}, {&f16, ACL_FLOAT16, 2, d22});
    for (int64_t i = 0; i < 12; i++) {
        ot_set(&x, i, (double)(i + 1));
        ot_set(&x12, i, (double)i);
    }
    const int64_t b11[2] = {1, 1}, e33[2] = {3, 3}, s11[2] = {1, 1}, sm[2] = {-1, 1};
    const int64_t b31[2] = {3, 1}, e13[2] = {1, 3};
    aclIntArray *b = aclCreateIntArray(b11, 2), *e = aclCreateIntArray(e33, 2),
                *st = aclCreateIntArray(s11, 2), *neg = aclCreateIntArray(sm, 2),
                *one = aclCreateIntArray(b11, 1), *rb = aclCreateIntArray(b31, 2),
                *re = aclCreateIntArray(e13, 2);
    /* CANN's example: rows 1-2, columns 1-2 of 1..12 as [4, 3] */
    OT_RUN(aclnnStridedSlice, x.t, b, e, st, 0, 0, 0, 0, 0, o22.t);
    CHECK(ot_get(&o22, 0) == 5 && ot_get(&o22, 1) == 6 && ot_get(&o22, 2) == 8 &&
          ot_get(&o22, 3) == 9);
    /* beginMask on dim 0 with stride -1: rows 3, 2 (from the end), columns 1-2 */
    OT_RUN(aclnnStridedSlice, x.t, rb, re, neg, 1, 0, 0, 0, 0, o22.t);
    CHECK(ot_get(&o22, 0) == 11 && ot_get(&o22, 2) == 8);
    /* AsStrided: 3 elements from 1 by 4 */
    const int64_t sz3[1] = {3}, st4[1] = {4}, of1[1] = {1}, st6[1] = {6};
    aclIntArray *asz = aclCreateIntArray(sz3, 1), *ast = aclCreateIntArray(st4, 1),
                *aof = aclCreateIntArray(of1, 1), *abad = aclCreateIntArray(e33, 1),
                *afar = aclCreateIntArray(st6, 1); /* reaches element 13 of 12 */
    OT_RUN(aclnnAsStrided, x12.t, asz, ast, aof, o3.t);
    CHECK(ot_get(&o3, 0) == 1 && ot_get(&o3, 1) == 5 && ot_get(&o3, 2) == 9);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnStridedSlice, "begin", x.t, NULL, e, st, 0, 0, 0,
                    0, 0, o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnStridedSlice, "out", x.t, b, e, st, 0, 0, 0, 0, 0,
                    f16.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnStridedSlice, "ellipsisMask", x.t, b, e, st, 0, 0,
                    3, 0, 0, o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnStridedSlice, "entries", x.t, b, one, st, 0, 0, 0,
                    0, 0, o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnAsStrided, "storageOffset", x12.t, asz, ast, NULL,
                    o3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAsStrided, "storage", x12.t, asz, afar, aof,
                    o3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSliceV3, "begin", x.t, e, b, o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnTransposev, "perm", x.t, x.t, x.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnTransposev, "out", x.t, i64.t, o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnConcatV2, "y", x.t, x.t, 0, o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnPackV2, "x", x12.t, x.t, 0, o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnBroadcastV2, "axis", x.t, 0, 2, 0, 1, 4, o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnPadV2, "pad2", x.t, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0,
                    o22.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnViewCopy, "dst_size", x.t, NULL, i64.t, i64.t,
                    x.t, i64.t, i64.t, i64.t, x.t);
    aclTensorList *l2 = ot_list(&o22, 1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSplit, "sections", x.t, abad, 0, l2);
    OT_NULL_OUTS(aclnnStridedSlice, x.t, b, e, st, 0, 0, 0, 0, 0, o22.t);
    aclDestroyTensorList(l2); /* destroys o22's aclTensor: o22 is freed below without it */
    o22.t = NULL;
    aclDestroyIntArray(b);
    aclDestroyIntArray(e);
    aclDestroyIntArray(st);
    aclDestroyIntArray(neg);
    aclDestroyIntArray(one);
    aclDestroyIntArray(rb);
    aclDestroyIntArray(re);
    aclDestroyIntArray(asz);
    aclDestroyIntArray(ast);
    aclDestroyIntArray(aof);
    aclDestroyIntArray(abad);
    aclDestroyIntArray(afar);
    OT_FREE(&x, &o22, &x12, &o3, &i64, &f16);
}

/* UnfoldGrad: CANN's docs example by hand (x.unfold(0, 2, 2) of 7 elements: the last one no
 * window reads is 0, overlapping windows add up), and the codes, each message naming the
 * argument (561002 where CANN's docs give its tiling code). */
static void test_unfold_grad(void)
{
    int64_t gd[2] = {3, 2}, god[2] = {6, 2}, id[1] = {7}, in7[1] = {7}, id8[1] = {8};
    ot_tensor g, go, gi, gi8, gh;
    ot_make(&g, ACL_FLOAT, 2, gd, L_TRANS);
    ot_make(&gi, ACL_FLOAT, 1, id, L_STEP);
    OT_MAKE_CONTIG({&go, ACL_FLOAT, 2, god}, {&gi8, ACL_FLOAT, 1, id8}, {&gh, ACL_FLOAT16, 1, id});
    for (int i = 0; i < 6; i++)
        ot_set(&g, i, i + 1);
    aclIntArray *sizes = aclCreateIntArray(in7, 1);
    OT_RUN(aclnnUnfoldGrad, g.t, sizes, 0, 2, 2, gi.t);
    for (int i = 0; i < 7; i++)
        CHECK(ot_get(&gi, i) == (i < 6 ? i + 1 : 0));
    for (int i = 0; i < 12; i++) /* windows of 2, step 1: the inner elements get 2 */
        ot_set(&go, i, 1);
    OT_RUN(aclnnUnfoldGrad, go.t, sizes, 0, 2, 1, gi.t);
    for (int i = 0; i < 7; i++)
        CHECK(ot_get(&gi, i) == (i == 0 || i == 6 ? 1 : 2));
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnUnfoldGrad, "inputSizes", g.t, NULL, 0, 2, 2,
                    gi.t);
    OT_NULL_OUTS(aclnnUnfoldGrad, g.t, sizes, 0, 2, 2, gi.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnUnfoldGrad, "windows", go.t, sizes, 0, 2, 2,
                    gi.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnUnfoldGrad, "dim", g.t, sizes, 1, 2, 2,
                    gi.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnUnfoldGrad, "size", g.t, sizes, 0, 8, 2,
                    gi.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnUnfoldGrad, "step", g.t, sizes, 0, 2, 0,
                    gi.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUnfoldGrad, "gradIn", g.t, sizes, 0, 2, 2, gi8.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUnfoldGrad, "gradIn", g.t, sizes, 0, 2, 2, gh.t);
    aclDestroyIntArray(sizes);
    OT_FREE(&g, &go, &gi, &gi8, &gh);
    g_cases++;
}

/* StridedSliceAssignV2: rows 1 and 3 of a transposed [5, 3] varRef get a [2, 3] value (the other
 * rows kept); the codes, each message naming the argument. */
static void test_strided_slice_assign(void)
{
    int64_t vd[2] = {5, 3}, xd[2] = {2, 3}, bd[2] = {3, 3};
    ot_tensor v, x, xb, xh;
    ot_make(&v, ACL_INT32, 2, vd, L_TRANS);
    ot_make(&x, ACL_INT32, 2, xd, L_STEP);
    OT_MAKE_CONTIG({&xb, ACL_INT32, 2, bd}, {&xh, ACL_FLOAT16, 2, xd});
    for (int i = 0; i < 15; i++)
        ot_set(&v, i, i);
    for (int i = 0; i < 6; i++)
        ot_set(&x, i, -1 - i);
    int64_t b[1] = {1}, en[1] = {-1}, st[1] = {2}, ax[1] = {-2}, st0[1] = {0}, ax2[2] = {0, 1};
    aclIntArray *ab = aclCreateIntArray(b, 1), *ae = aclCreateIntArray(en, 1),
                *as = aclCreateIntArray(st, 1), *aa = aclCreateIntArray(ax, 1),
                *as0 = aclCreateIntArray(st0, 1), *aa2 = aclCreateIntArray(ax2, 2),
                *alast = aclCreateIntArray(ax2 + 1, 1);
    OT_RUN(aclnnStridedSliceAssignV2, v.t, x.t, ab, ae, as, aa);
    for (int i = 0; i < 15; i++) {
        int r = i / 3, c = i % 3;
        CHECK(ot_get(&v, i) == (r == 1 || r == 3 ? -1 - ((r - 1) / 2 * 3 + c) : i));
    }
    g_cases++;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnStridedSliceAssignV2, "inputValue", v.t, NULL, ab,
                    ae, as, aa);
    OT_NULL_OUTS(aclnnStridedSliceAssignV2, v.t, x.t, ab, ae, as, aa);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnStridedSliceAssignV2, "inputValue", v.t, xb.t, ab,
                    ae, as, aa);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnStridedSliceAssignV2, "inputValue", v.t, xh.t, ab,
                    ae, as, aa);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnStridedSliceAssignV2, "strides", v.t, x.t, ab, ae,
                    as0, aa);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnStridedSliceAssignV2, "last dim", v.t, x.t, ab,
                    ae, as, alast);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnStridedSliceAssignV2, "lengths", v.t, x.t, ab, ae,
                    as, aa2);
    aclDestroyIntArray(ab);
    aclDestroyIntArray(ae);
    aclDestroyIntArray(as);
    aclDestroyIntArray(aa);
    aclDestroyIntArray(as0);
    aclDestroyIntArray(aa2);
    aclDestroyIntArray(alast);
    OT_FREE(&v, &x, &xb, &xh);
}

/* LinSpaceD: CANN's example (UINT8 0 to FLOAT 3 in 8 steps: i * 3 / 7 in float) by hand; the
 * codes, each message naming the argument. */
static void test_lin_space_d(void)
{
    int64_t d1[1] = {1}, d8[1] = {8}, d2[1] = {2};
    ot_tensor st, en, o, oh, two;
    OT_MAKE_CONTIG({&st, ACL_UINT8, 1, d1}, {&en, ACL_FLOAT, 1, d1}, {&o, ACL_FLOAT, 1, d8},
                   {&oh, ACL_FLOAT16, 1, d8}, {&two, ACL_FLOAT, 1, d2});
    ot_set(&st, 0, 0);
    ot_set(&en, 0, 3);
    int64_t n8 = 8, n7 = 7;
    aclIntArray *num = aclCreateIntArray(&n8, 1), *num7 = aclCreateIntArray(&n7, 1);
    OT_RUN(aclnnLinSpaceD, st.t, en.t, num, o.t);
    for (int i = 0; i < 8; i++)
        CHECK(ot_get(&o, i) == (double)(0.0f + (3.0f / 7.0f) * (float)i));
    g_cases++;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnLinSpaceD, "num", st.t, en.t, NULL, o.t);
    OT_NULL_OUTS(aclnnLinSpaceD, st.t, en.t, num, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinSpaceD, "out", st.t, en.t, num7, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinSpaceD, "out", st.t, en.t, num, oh.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinSpaceD, "one element", two.t, en.t, num, o.t);
    aclDestroyIntArray(num);
    aclDestroyIntArray(num7);
    OT_FREE(&st, &en, &o, &oh, &two);
}

int main(void)
{
    ot_init();
    test_permute();
    test_slice();
    test_repeat();
    test_cat();
    test_tri();
    test_phase2();
    test_views();
    test_creation();
    test_chunk_cat();
    test_unfold_grad();
    test_strided_slice_assign();
    test_lin_space_d();
    test_conversion_codes();
    ot_fini();
    printf("ops_shape: %d cases passed\n", g_cases);
    return 0;
}
