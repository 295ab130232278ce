/* SPDX-License-Identifier: Apache-2.0 */
/* Argsort (every accepted dtype, both orders, ties kept stable, NaN last /
 * first, any dim, views, empty) against a host reference, and its error
 * codes (Im2col, of the conv family: ops_im2col.c). ApplyTopKTopP and TopKTopPSample (sample.c):
 * CANN's example rows worked by hand, and their codes; test_sample_torch.py has the rest. */
#include "optest.h"

#include "aclnnop/aclnn_apply_top_k_top_p.h"
#include "aclnnop/aclnn_argsort.h"
#include "aclnnop/aclnn_searchsorted.h"
#include "aclnnop/aclnn_sort_v2.h"
#include "aclnnop/aclnn_sort_with_index.h"
#include "aclnnop/aclnn_top_k_top_p_sample.h"

static int g_cases;

/* dim must be the last one (lines are visited in row-major order). */
static void as_case(aclDataType dt, int nd, const int64_t *dims, int64_t dim, bool desc, int layout,
                    bool nans)
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
                fprintf(stderr,
                        "Argsort %s dim %lld desc %d: line position %lld: %g (idx %lld) "
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

static void ss_errors(void)
{
    int64_t d[2] = {3, 4}, v[2] = {3, 2}, w[2] = {2, 2};
    ot_tensor s, x, o, o32, xb, sf, xw, ow;
    OT_MAKE_CONTIG({&s, ACL_FLOAT, 2, d}, {&x, ACL_FLOAT, 2, v}, {&o, ACL_INT64, 2, v},
                   {&o32, ACL_INT32, 2, v}, {&xb, ACL_BOOL, 2, v}, {&sf, ACL_FLOAT, 2, d},
                   {&xw, ACL_FLOAT, 2, w}, {&ow, ACL_INT64, 2, w});
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnSearchSorted, "sortedSequence", NULL, x.t, false,
                    false, NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSearchSorted, "outInt32", s.t, x.t, true, false,
                    NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSearchSorted, "outInt32", s.t, x.t, false, false,
                    NULL, o32.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSearchSorted, "self", s.t, xb.t, false, false,
                    NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSearchSorted, "sorter", s.t, x.t, false, false,
                    sf.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSearchSorted, "leading dims", s.t, xw.t, false,
                    false, NULL, ow.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSearchSorted, "out", s.t, x.t, false, false, NULL,
                    ow.t);
    OT_FREE(&s, &x, &o, &o32, &xb, &sf, &xw, &ow);
}

/* SortWithIndex: NaN first both ways, ties stable, the caller's index carried (AS4); the codes
 * of bad input, each message naming the parameter. */
static void swi_case(void)
{
    int64_t d[1] = {4}, d2[1] = {3}, e[2] = {2, 0};
    ot_tensor x, ix, v, o, xf, i64, o3, ex, ei;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 1, d}, {&ix, ACL_INT32, 1, d}, {&v, ACL_FLOAT, 1, d},
                   {&o, ACL_INT32, 1, d}, {&xf, ACL_DOUBLE, 1, d}, {&i64, ACL_INT64, 1, d},
                   {&o3, ACL_INT32, 1, d2}, {&ex, ACL_FLOAT, 2, e}, {&ei, ACL_INT32, 2, e});
    const double xv[4] = {3, 1, NAN, 1}, iv[4] = {10, 20, 30, 40};
    for (int i = 0; i < 4; i++) {
        ot_set(&x, i, xv[i]);
        ot_set(&ix, i, iv[i]);
    }
    const double up_v[4] = {NAN, 1, 1, 3}, up_i[4] = {30, 20, 40, 10};
    const double dn_v[4] = {NAN, 3, 1, 1}, dn_i[4] = {30, 10, 20, 40};
    for (int desc = 0; desc < 2; desc++) {
        OT_RUN(aclnnSortWithIndex, x.t, ix.t, desc ? 0 : -1, desc, false, v.t, o.t);
        for (int i = 0; i < 4; i++) {
            double want = desc ? dn_v[i] : up_v[i], got = ot_get(&v, i);
            CHECK(isnan(want) ? isnan(got) : got == want);
            CHECK(ot_get(&o, i) == (desc ? dn_i[i] : up_i[i]));
        }
    }
    OT_RUN(aclnnSortWithIndex, ex.t, ei.t, 1, false, true, ex.t, ei.t); /* empty: nothing runs */
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnSortWithIndex, "x", NULL, ix.t, -1, false, false,
                    v.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnSortWithIndex, "indicesOut", x.t, ix.t, -1, false,
                    false, v.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortWithIndex, "x", xf.t, ix.t, -1, false, false,
                    xf.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortWithIndex, "index", x.t, i64.t, -1, false,
                    false, v.t, i64.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortWithIndex, "valuesOut", x.t, ix.t, -1, false,
                    false, xf.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortWithIndex, "indicesOut", x.t, ix.t, -1, false,
                    false, v.t, i64.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortWithIndex, "axis", ex.t, ei.t, 0, false,
                    false, ex.t, ei.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortWithIndex, "indicesOut", x.t, ix.t, -1, false,
                    false, v.t, o3.t);
    OT_NULL_OUTS(aclnnSortWithIndex, x.t, ix.t, -1, false, false, v.t, o.t);
    OT_FREE(&x, &ix, &v, &o, &xf, &i64, &o3, &ex, &ei);
}

/* SortV2: a 2x3 FLOAT along dim 0 and dim 1 with a UINT32 index carried, NaN above numbers
 * (AS5); the codes of bad input. */
static void sort_v2_case(void)
{
    int64_t d[2] = {2, 3}, d3[3] = {1, 2, 3};
    ot_tensor x, ix, y, o, x3, i3, ih;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, d}, {&ix, ACL_UINT32, 2, d}, {&y, ACL_FLOAT, 2, d},
                   {&o, ACL_UINT32, 2, d}, {&x3, ACL_FLOAT, 3, d3}, {&i3, ACL_UINT32, 3, d3},
                   {&ih, ACL_INT32, 2, d});
    const double xv[6] = {3, NAN, 1, 2, 5, 1}; /* [[3, NaN, 1], [2, 5, 1]] */
    uint32_t *iu = ix.buf, *ou = o.buf;        /* (optest has no UINT32: the contiguous bytes) */
    for (int i = 0; i < 6; i++) {
        ot_set(&x, i, xv[i]);
        iu[i] = 100u + (uint32_t)i;
    }
    OT_RUN(aclnnSortV2, x.t, ix.t, y.t, 1, false, o.t);
    const double yv[6] = {1, 3, NAN, 1, 2, 5}, ov[6] = {102, 100, 101, 105, 103, 104};
    for (int i = 0; i < 6; i++) {
        double g = ot_get(&y, i);
        CHECK(isnan(yv[i]) ? isnan(g) : g == yv[i]);
        CHECK(ou[i] == ov[i]);
    }
    OT_RUN(aclnnSortV2, x.t, ix.t, y.t, 0, true, o.t); /* columns, descending */
    const double yd[6] = {3, NAN, 1, 2, 5, 1}, od[6] = {100, 101, 102, 103, 104, 105};
    for (int i = 0; i < 6; i++) {
        double g = ot_get(&y, i);
        CHECK(isnan(yd[i]) ? isnan(g) : g == yd[i]);
        CHECK(ou[i] == od[i]);
    }
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnSortV2, "dstIndex", x.t, ix.t, y.t, 0, false,
                    NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortV2, "index", x.t, ih.t, y.t, 0, false, ih.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortV2, "1 or 2", x3.t, i3.t, x3.t, 0, false,
                    i3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortV2, "out of range", x.t, ix.t, y.t, 2, false,
                    o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSortV2, "dstIndex", x.t, ix.t, y.t, 0, false,
                    i3.t);
    OT_NULL_OUTS(aclnnSortV2, x.t, ix.t, y.t, 0, false, o.t);
    OT_FREE(&x, &ix, &y, &o, &x3, &i3, &ih);
}

/* ApplyTopKTopP on CANN's example (logits 1..12 as [3, 4], p (0.2, 0.4, 0.6), k (1, 2, 3)) and on
 * a strided view; TopKTopPSample picks worked by hand; the codes of bad input, naming the
 * parameter (TS1-TS3). */
static void sample_case(void)
{
    g_cases++;
    int64_t d[2] = {3, 4}, b[1] = {3}, d3[3] = {3, 4, 1}, b2[1] = {2};
    ot_tensor x, p, k, o, xs, x3, o3, ki64, p2, ph;
    ot_make(&xs, ACL_FLOAT, 2, d, L_TRANS);
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, d}, {&p, ACL_FLOAT, 1, b}, {&k, ACL_INT32, 1, b},
                   {&o, ACL_FLOAT, 2, d}, {&x3, ACL_FLOAT, 3, d3}, {&o3, ACL_FLOAT, 3, d3},
                   {&ki64, ACL_INT64, 1, b}, {&p2, ACL_FLOAT, 1, b2}, {&ph, ACL_FLOAT16, 1, b});
    for (int64_t i = 0; i < 12; i++) {
        ot_set(&x, i, (double)(i + 1));
        ot_set(&xs, i, (double)(i + 1));
    }
    const double pv[3] = {0.2, 0.4, 0.6};
    for (int64_t i = 0; i < 3; i++) {
        ot_set(&p, i, pv[i]);
        ot_set(&k, i, (double)(i + 1));
    }
    /* row 0: k = 1 keeps 4; row 1: k = 2 keeps 7, 8 (probabilities 0.27, 0.73), the running
     * sum 0.27 <= 0.6 cuts 7; row 2: k = 3 keeps 10, 11, 12, the sums 0.09, 0.34 <= 0.4 cut
     * 10 and 11 */
    const double want[12] = {-INFINITY, -INFINITY, -INFINITY, 4,         -INFINITY, -INFINITY,
                             -INFINITY, 8,         -INFINITY, -INFINITY, -INFINITY, 12};
    OT_RUN(aclnnApplyTopKTopP, xs.t, p.t, k.t, o.t);
    for (int64_t i = 0; i < 12; i++)
        CHECK(ot_get(&o, i) == want[i]);
    /* k only: the top 1, 2, 3 stay as they are */
    OT_RUN(aclnnApplyTopKTopP, x.t, NULL, k.t, o.t);
    for (int64_t i = 0; i < 12; i++)
        CHECK(ot_get(&o, i) == (i % 4 >= 3 - i / 4 ? (double)(i + 1) : -INFINITY));
    /* p only, in place: row 0 (p = 0.2) keeps 4 alone (the sums below it reach 0.36 <= 0.8) */
    OT_RUN(aclnnApplyTopKTopP, x.t, p.t, NULL, x.t);
    CHECK(ot_get(&x, 3) == 4 && ot_get(&x, 2) == -INFINITY);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnApplyTopKTopP, "logits", NULL, p.t, k.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnApplyTopKTopP, "p and k", x.t, NULL, NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnApplyTopKTopP, "out", x.t, p.t, k.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyTopKTopP, "logits", x3.t, p.t, k.t, o3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyTopKTopP, "k", x.t, p.t, ki64.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyTopKTopP, "p", x.t, p2.t, k.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyTopKTopP, "p", x.t, ph.t, k.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyTopKTopP, "out", x.t, p.t, k.t, o3.t);
    OT_NULL_OUTS(aclnnApplyTopKTopP, x.t, p.t, k.t, o.t);
    OT_FREE(&x, &p, &k, &o, &xs, &x3, &o3, &ki64, &p2, &ph);

    /* TopKTopPSample: logits (0, 3, 1, 3) in both rows. Row 0, k = 1: the first 3 (position 1).
     * Row 1, k = 0 (no top-k), p = 0.5: descending, positions 1, 3, 2, 0 with probabilities
     * 0.458, 0.458, 0.062, 0.023; the running sum passes 0.5 at the second, so the list is
     * positions 1, 3 (softmax 0.5, 0.5); q[1] = (1, 0.25, ...) along the list gives 0.5, 2: list
     * position 1, row position 3. Without q the tie goes to the first: position 1. */
    int64_t sd[2] = {2, 4}, sb[1] = {2};
    ot_tensor sx, sk, sp, sq, si, ss, sx32, si32, sq16;
    OT_MAKE_CONTIG({&sx, ACL_FLOAT16, 2, sd}, {&sk, ACL_INT32, 1, sb}, {&sp, ACL_FLOAT16, 1, sb},
                   {&sq, ACL_FLOAT, 2, sd}, {&si, ACL_INT64, 1, sb}, {&ss, ACL_FLOAT, 2, sd},
                   {&sx32, ACL_FLOAT, 2, sd}, {&si32, ACL_INT32, 1, sb},
                   {&sq16, ACL_FLOAT16, 2, sd});
    const double lg[4] = {0, 3, 1, 3}, qv[8] = {1, 1, 1, 1, 1, 0.25, 1, 1};
    for (int64_t i = 0; i < 8; i++) {
        ot_set(&sx, i, lg[i % 4]);
        ot_set(&sq, i, qv[i]);
    }
    ot_set(&sk, 0, 1);
    ot_set(&sk, 1, 0);
    ot_set(&sp, 0, 1);
    ot_set(&sp, 1, 0.5);
    OT_RUN(aclnnTopKTopPSample, sx.t, sk.t, sp.t, sq.t, 1e-8, true, 32, si.t, ss.t);
    CHECK(ot_get(&si, 0) == 1 && ot_get(&si, 1) == 3);
    for (int64_t i = 0; i < 8; i++) /* row 0 keeps position 1, row 1 positions 1 and 3 */
        CHECK(ot_get(&ss, i) == (i == 1 || i == 5 || i == 7 ? 3 : -INFINITY));
    OT_RUN(aclnnTopKTopPSample, sx.t, sk.t, sp.t, NULL, 1e-8, false, 32, si.t, NULL);
    CHECK(ot_get(&si, 0) == 1 && ot_get(&si, 1) == 1); /* no q: the first largest */
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnTopKTopPSample, "topK", sx.t, NULL, sp.t, sq.t,
                    1e-8, false, 32, si.t, ss.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnTopKTopPSample, "logitsTopKPSelect", sx.t, sk.t,
                    sp.t, sq.t, 1e-8, true, 32, si.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnTopKTopPSample, "logits", sx32.t, sk.t, sp.t,
                    sq.t, 1e-8, false, 32, si.t, ss.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnTopKTopPSample, "logitsSelectIdx", sx.t, sk.t,
                    sp.t, sq.t, 1e-8, false, 32, si32.t, ss.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnTopKTopPSample, "q", sx.t, sk.t, sp.t, sq16.t,
                    1e-8, false, 32, si.t, ss.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnTopKTopPSample, "eps", sx.t, sk.t, sp.t, sq.t,
                    -1.0, false, 32, si.t, ss.t);
    OT_NULL_OUTS(aclnnTopKTopPSample, sx.t, sk.t, sp.t, sq.t, 1e-8, false, 32, si.t, ss.t);
    OT_FREE(&sx, &sk, &sp, &sq, &si, &ss, &sx32, &si32, &sq16);
}

int main(void)
{
    ot_init();
    const aclDataType types[8] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_INT8,
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
    ss_errors();
    swi_case();
    sort_v2_case();
    sample_case();
    ot_fini();
    printf("ops_sort: %d cases passed\n", g_cases);
    return 0;
}
