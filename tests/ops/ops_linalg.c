/* SPDX-License-Identifier: Apache-2.0 */
/* Mv, TriangularSolve and Ger against double references: every accepted dtype,
 * views (transposed, padded, strided), batch broadcasting, upper / lower,
 * transpose, unitriangular, empty shapes and the error codes. */
#include "optest.h"

#include "aclnnop/aclnn_affine_grid.h"
#include "aclnnop/aclnn_cdist.h"
#include "aclnnop/aclnn_cdist_backward.h"
#include "aclnnop/aclnn_ger.h"
#include "aclnnop/aclnn_inverse.h"
#include "aclnnop/aclnn_linalg_cross.h"
#include "aclnnop/aclnn_logdet.h"
#include "aclnnop/aclnn_mv.h"
#include "aclnnop/aclnn_pdist.h"
#include "aclnnop/aclnn_slogdet.h"
#include "aclnnop/aclnn_triangular_solve.h"

static int g_cases;

static void mv_case(aclDataType da, aclDataType dv, aclDataType dout, int64_t n, int64_t m, int la,
                    int lv, int8_t cube)
{
    g_cases++;
    int64_t ad[2] = {n, m}, vd[1] = {m}, od[1] = {n};
    ot_tensor a, v, o;
    ot_make(&a, da, 2, ad, la);
    ot_make(&v, dv, 1, vd, lv);
    ot_make(&o, dout, 1, od, L_STEP);
    ot_fill(&a, -2, 2);
    ot_fill(&v, -2, 2);
    OT_RUN(aclnnMv, a.t, v.t, o.t, cube);
    bool fp16 = cube == 2 && da == ACL_FLOAT && dv == ACL_FLOAT;
    for (int64_t i = 0; i < n; i++) {
        double s = 0, mag = 0;
        for (int64_t j = 0; j < m; j++) {
            double x = ot_get(&a, i * m + j), y = ot_get(&v, j);
            if (fp16)
                x = ot_round(ACL_FLOAT16, x), y = ot_round(ACL_FLOAT16, y);
            s += x * y;
            mag += fabs(x * y);
        }
        double got = ot_get(&o, i);
        if (!(fabs(got - s) <= ot_tol(dout) * 4 * (fabs(s) + 1) + 1e-6 * mag)) {
            fprintf(stderr, "Mv %s n%lld m%lld: out[%lld] = %g, want %g\n", ot_dt_name(da),
                    (long long)n, (long long)m, (long long)i, got, s);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&a, &v, &o);
}

static void mv_errors(void)
{
    int64_t ad[2] = {3, 4}, vd[1] = {4}, od[1] = {3}, bad[1] = {5};
    ot_tensor a, v, o, vb, vi, a3;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, ad}, {&v, ACL_FLOAT, 1, vd}, {&o, ACL_FLOAT, 1, od},
                   {&vb, ACL_FLOAT, 1, bad}, {&vi, ACL_INT32, 1, vd});
    int64_t d3[3] = {1, 3, 4};
    ot_make(&a3, ACL_FLOAT, 3, d3, L_CONTIG);
    aclOpExecutor *ex;
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMv, NULL, v.t, o.t, 1);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMv, a.t, v.t, NULL, 1);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnMvGetWorkspaceSize(a.t, v.t, o.t, 1, NULL, &ex));
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMv, a.t, vb.t, o.t, 1);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMv, a.t, vi.t, o.t, 1);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMv, a3.t, v.t, o.t, 1);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMv, a.t, v.t, o.t, 7);
    OT_FREE(&a, &v, &o, &vb, &vi, &a3);
}

/* A well-conditioned triangular matrix: dominant diagonal. */
static void tri_fill(ot_tensor *A, int64_t m)
{
    for (int64_t i = 0; i < A->numel; i++) {
        int64_t r = (i / m) % m, c = i % m;
        ot_set(A, i, r == c ? 2 + ot_rand01() : (ot_rand01() - 0.5) * 0.5);
    }
}

static void ts_case(aclDataType dt, int nb_, const int64_t *bdims, int na, const int64_t *adims,
                    int64_t m, int64_t k, bool upper, bool trans, bool unit, int lb, int la)
{
    g_cases++;
    int64_t sd[8], ad[8], xd[8], md[8];
    int nd = nb_ > na ? nb_ : na;
    for (int i = 0; i < nd; i++) {
        int ib = i - (nd - nb_), ia = i - (nd - na);
        int64_t x = ib >= 0 ? bdims[ib] : 1, y = ia >= 0 ? adims[ia] : 1;
        xd[i] = md[i] = x == 1 ? y : x;
    }
    for (int i = 0; i < nb_; i++)
        sd[i] = bdims[i];
    for (int i = 0; i < na; i++)
        ad[i] = adims[i];
    sd[nb_] = m, sd[nb_ + 1] = k;
    ad[na] = m, ad[na + 1] = m;
    xd[nd] = m, xd[nd + 1] = k;
    md[nd] = m, md[nd + 1] = m;
    ot_tensor b, A, x, mo;
    ot_make(&b, dt, nb_ + 2, sd, lb);
    ot_make(&A, dt, na + 2, ad, la);
    ot_make(&x, dt, nd + 2, xd, L_GAP);
    ot_make(&mo, dt, nd + 2, md, L_CONTIG);
    ot_fill(&b, -2, 2);
    tri_fill(&A, m);
    OT_RUN(aclnnTriangularSolve, b.t, A.t, upper, trans, unit, x.t, mo.t);
    int64_t nbatch = 1;
    for (int i = 0; i < nd; i++)
        nbatch *= xd[i];
    for (int64_t bi = 0; bi < nbatch; bi++) {
        int64_t ba = ot_bcast_index(bi, xd, nd, ad, na), bb = ot_bcast_index(bi, xd, nd, sd, nb_);
        /* the effective matrix T = op(triangle(A)); check T X = b by residual */
        for (int64_t i = 0; i < m; i++) {
            for (int64_t j = 0; j < m; j++) {
                double a = ot_get(&A, (ba * m + i) * m + j);
                bool keep = upper ? j >= i : j <= i;
                CHECK(ot_get(&mo, (bi * m + i) * m + j) == (keep ? a : 0));
            }
            for (int64_t c = 0; c < k; c++) {
                double s = 0;
                for (int64_t j = 0; j < m; j++) {
                    int64_t r = trans ? j : i, cc = trans ? i : j;
                    bool keep = upper ? cc >= r : cc <= r;
                    double t = !keep               ? 0
                               : (r == cc && unit) ? 1
                                                   : ot_get(&A, (ba * m + r) * m + cc);
                    s += t * ot_get(&x, (bi * m + j) * k + c);
                }
                double want = ot_get(&b, (bb * m + i) * k + c);
                if (!(fabs(s - want) <= (dt == ACL_FLOAT ? 1e-4 : 1e-10) * (1 + fabs(want)))) {
                    fprintf(stderr,
                            "TriangularSolve %s up%d tr%d unit%d: residual row %lld col %lld: %g "
                            "vs %g\n",
                            ot_dt_name(dt), upper, trans, unit, (long long)i, (long long)c, s,
                            want);
                    exit(1);
                }
            }
        }
    }
    CHECK(ot_gaps_intact(&x));
    OT_FREE(&b, &A, &x, &mo);
}

static void ts_errors(void)
{
    int64_t d[2] = {3, 3}, r[2] = {3, 2}, bad[2] = {4, 2};
    ot_tensor A, b, x, mo, bb, A16, Ad;
    OT_MAKE_CONTIG({&A, ACL_FLOAT, 2, d}, {&b, ACL_FLOAT, 2, r}, {&x, ACL_FLOAT, 2, r},
                   {&mo, ACL_FLOAT, 2, d}, {&bb, ACL_FLOAT, 2, bad}, {&A16, ACL_FLOAT16, 2, d},
                   {&Ad, ACL_DOUBLE, 2, d});
    uint64_t ws;
    aclOpExecutor *ex;
#define TS(B, AA, U, X, M)                                                                         \
    aclnnTriangularSolveGetWorkspaceSize(B, AA, true, false, U, X, M, &ws, &ex)
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, TS(NULL, A.t, false, x.t, mo.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, TS(b.t, A.t, false, x.t, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, TS(bb.t, A.t, false, x.t, mo.t));  /* rows */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, TS(b.t, A16.t, false, x.t, mo.t)); /* dtype */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, TS(b.t, A.t, false, mo.t, mo.t));  /* xOut shape */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, TS(b.t, Ad.t, false, x.t, mo.t));  /* mixed */
#undef TS
    OT_FREE(&A, &b, &x, &mo, &bb, &A16, &Ad);
}

/* ---- Ger ------------------------------------------------------------------------------------- */

static void check_ger(aclDataType da, aclDataType db, aclDataType dout, int64_t n, int64_t m,
                      int layout)
{
    int64_t sa[1] = {n}, sb[1] = {m}, so[2] = {n, m};
    ot_tensor a, b, o;
    ot_make(&a, da, 1, sa, layout);
    ot_make(&b, db, 1, sb, (layout + 1) % L_COUNT);
    ot_make(&o, dout, 2, so, (layout + 2) % L_COUNT);
    ot_fill(&a, da == ACL_UINT8 ? 0 : -12, 12);
    ot_fill(&b, db == ACL_UINT8 ? 0 : -12, 12);
    OT_RUN(aclnnGer, a.t, b.t, o.t);
    aclDataType rt = da == db ? da : (ot_is_float(da) || ot_is_float(db)) ? ACL_FLOAT : ACL_INT64;
    if (da == ACL_DOUBLE || db == ACL_DOUBLE)
        rt = ACL_DOUBLE;
    for (int64_t i = 0; i < o.numel; i++) {
        double want = ot_round(dout, ot_round(rt, ot_get(&a, i / m) * ot_get(&b, i % m)));
        if (!ot_close(dout, rt, ot_get(&o, i), want)) {
            fprintf(stderr, "Ger %s*%s->%s: [%lld] %g want %g\n", ot_dt_name(da), ot_dt_name(db),
                    ot_dt_name(dout), (long long)i, ot_get(&o, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&a, &b, &o);
    g_cases++;
}

static void test_ger(void)
{
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++)
            check_ger(OT_ALL[d], OT_ALL[d], OT_ALL[d], 5 + l, 7, l);
    check_ger(ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, 4, 9, L_STEP);
    check_ger(ACL_INT32, ACL_INT8, ACL_FLOAT, 6, 3, L_GAP);
    check_ger(ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 0, 3, L_CONTIG); /* empty */
    check_ger(ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 1, 1, L_CONTIG);
    int64_t s3[1] = {3}, s2[2] = {3, 3}, s33[2] = {3, 4};
    ot_tensor a, a2, o, oi, ob;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 1, s3}, {&a2, ACL_FLOAT, 2, s2}, {&o, ACL_FLOAT, 2, s2},
                   {&oi, ACL_INT32, 2, s2}, {&ob, ACL_FLOAT, 2, s33});
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGer, a2.t, a.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGer, a.t, a.t, oi.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGer, a.t, a.t, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnGer, NULL, a.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnGer, a.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnGer, a.t, a.t, NULL);
    OT_FREE(&a, &a2, &o, &oi, &ob);
}

/* The codes of LinalgCross, Pdist, Cdist, CdistBackward, Slogdet, Logdet and Inverse. */

static void la_errors(void)
{
    int64_t d43[2] = {4, 3}, d53[2] = {5, 3}, d45[2] = {4, 5}, d6[1] = {6}, d5[1] = {5},
            d33[2] = {3, 3}, d3[1] = {3}, d0[1] = {0};
    ot_tensor a, b, c, f64, p6, p5, g, sq, b3, e, si, sb;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, d43}, {&b, ACL_FLOAT, 2, d53}, {&c, ACL_FLOAT, 2, d45},
                   {&f64, ACL_DOUBLE, 2, d43}, {&p6, ACL_FLOAT, 1, d6}, {&p5, ACL_FLOAT, 1, d5},
                   {&g, ACL_FLOAT, 2, d45}, {&sq, ACL_FLOAT, 2, d33}, {&b3, ACL_FLOAT, 1, d3},
                   {&e, ACL_FLOAT, 1, d0}, {&si, ACL_INT32, 2, d33}, {&sb, ACL_BF16, 2, d33});
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnLinalgCross, "self", NULL, a.t, -1, a.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCross, "3", a.t, a.t, 0,
                    a.t); /* dim 0 has 4 */
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCross, "one type", a.t, f64.t, -1, a.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCross, a.t, a.t, 2, a.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnPdist, "p ", a.t, -1.0f, p6.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnPdist, "out", a.t, 2.0f, p5.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnPdist, a.t, 2.0f, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnCdist, "features", a.t, c.t, 2.0f, 0,
                    g.t); /* M 3 vs 5 */
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnCdist, "out", a.t, b.t, 2.0f, 0, a.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnCdistBackward, "grad", a.t, a.t, b.t, g.t, 2.0f,
                    a.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnCdistBackward, g.t, a.t, b.t, NULL, 2.0f, a.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSlogdet, "square", a.t, b3.t, b3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSlogdet, "logOut", sq.t, b3.t, e.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnLogdet, sq.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnInverse, "self", NULL, sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnInverse, "out", sq.t, NULL);
    OT_NULL_OUTS(aclnnInverse, sq.t, sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInverse, "square", a.t, a.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInverse, "at least 2", b3.t, b3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInverse, "out", sq.t, a.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInverse, "self", f64.t, a.t); /* not square */
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInverse, "out", sq.t, si.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInverse, "self", sb.t, sq.t);
    OT_FREE(&a, &b, &c, &f64, &p6, &p5, &g, &sq, &b3, &e, &si, &sb);
}

/* AffineGrid: a 2-d grid by hand (align corners and not), a 3-d one's corner; the codes of bad
 * input, each message naming the parameter. */
static void ag_case(void)
{
    int64_t ts[3] = {1, 2, 3}, os[4] = {1, 2, 2, 2}, t3s[3] = {1, 3, 4}, o3s[5] = {1, 1, 2, 3, 3};
    ot_tensor th, o, thd, oh, th3, o3;
    OT_MAKE_CONTIG({&th, ACL_FLOAT, 3, ts}, {&o, ACL_FLOAT, 4, os}, {&thd, ACL_DOUBLE, 3, ts},
                   {&oh, ACL_FLOAT16, 4, os}, {&th3, ACL_FLOAT, 3, t3s}, {&o3, ACL_FLOAT, 5, o3s});
    /* x' = 2x + 0.5, y' = -y */
    const double tv[6] = {2, 0, 0.5, 0, -1, 0};
    for (int i = 0; i < 6; i++)
        ot_set(&th, i, tv[i]);
    int64_t sz[4] = {1, 3, 2, 2}, sz3[5] = {1, 1, 1, 2, 3};
    aclIntArray *size = aclCreateIntArray(sz, 4), *size3 = aclCreateIntArray(sz3, 5);
    aclIntArray *bad = aclCreateIntArray(sz, 3);
    for (int align = 0; align < 2; align++) {
        OT_RUN(aclnnAffineGrid, th.t, size, align, o.t);
        double b = align ? 1 : 0.5; /* the base grid's outer points */
        const double want[8] = {-2 * b + 0.5, b, 2 * b + 0.5, b, -2 * b + 0.5, -b, 2 * b + 0.5, -b};
        for (int i = 0; i < 8; i++)
            CHECK(ot_get(&o, i) == want[i]);
    }
    for (int i = 0; i < 12; i++) /* the identity in 3-d: (x, y, z) of D 1 is z 0 */
        ot_set(&th3, i, i % 5 == 0 ? 1 : 0);
    OT_RUN(aclnnAffineGrid, th3.t, size3, true, o3.t);
    const double w3[3] = {-1, -1, 0};
    for (int i = 0; i < 3; i++)
        CHECK(ot_get(&o3, i) == w3[i]);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnAffineGrid, "size", th.t, NULL, false, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAffineGrid, "theta", thd.t, size, false, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAffineGrid, "out", th.t, size, false, oh.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAffineGrid, "size", th.t, bad, false, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAffineGrid, "theta", th.t, size3, false, o3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAffineGrid, "out", th.t, size, false, o3.t);
    sz[2] = 100001;
    aclIntArray *big = aclCreateIntArray(sz, 4);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAffineGrid, "(H)", th.t, big, false, o.t);
    OT_NULL_OUTS(aclnnAffineGrid, th.t, size, false, o.t);
    aclDestroyIntArray(size);
    aclDestroyIntArray(size3);
    aclDestroyIntArray(bad);
    aclDestroyIntArray(big);
    OT_FREE(&th, &o, &thd, &oh, &th3, &o3);
}

int main(void)
{
    ot_init();
    la_errors();
    ag_case();
    const aclDataType f3[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int i = 0; i < 3; i++) {
        mv_case(f3[i], f3[i], f3[i], 7, 33, L_CONTIG, L_CONTIG, 1);
        mv_case(f3[i], f3[i], f3[i], 5, 17, L_TRANS, L_STEP, 0);
        mv_case(f3[i], f3[i], f3[i], 4, 9, L_GAP, L_CONTIG, 1);
    }
    mv_case(ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 6, 40, L_CONTIG, L_CONTIG, 2); /* USE_FP16 */
    mv_case(ACL_FLOAT16, ACL_FLOAT, ACL_BF16, 3, 8, L_CONTIG, L_CONTIG, 1); /* mixed */
    mv_case(ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 3, 0, L_CONTIG, L_CONTIG, 1);  /* m = 0: zeros */
    mv_case(ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 0, 4, L_CONTIG, L_CONTIG, 1);  /* empty */
    mv_errors();
    const int64_t b2[1] = {2}, b31[2] = {3, 1}, b14[2] = {1, 4};
    for (int up = 0; up < 2; up++)
        for (int tr = 0; tr < 2; tr++) {
            ts_case(ACL_FLOAT, 0, NULL, 0, NULL, 6, 3, up, tr, false, L_CONTIG, L_CONTIG);
            ts_case(ACL_DOUBLE, 1, b2, 1, b2, 5, 2, up, tr, false, L_TRANS, L_STEP);
            ts_case(ACL_FLOAT, 2, b31, 2, b14, 4, 3, up, tr, true, L_GAP, L_TRANS);
        }
    ts_case(ACL_FLOAT, 1, b2, 0, NULL, 3, 0, false, false, false, L_CONTIG, L_CONTIG);   /* k = 0 */
    ts_case(ACL_DOUBLE, 0, NULL, 0, NULL, 0, 2, true, false, false, L_CONTIG, L_CONTIG); /* m = 0 */
    ts_errors();
    test_ger();
    ot_fini();
    printf("ops_linalg: %d cases passed\n", g_cases);
    return 0;
}
