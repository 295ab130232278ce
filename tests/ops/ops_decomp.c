/* SPDX-License-Identifier: Apache-2.0 */
/* The matrix decompositions (ops/linalg: LinalgCholesky, LinalgQr, Qr, Svd): small cases by hand
 * through strided views, and the codes of bad input, each message naming the parameter. Their
 * values over every type are checked against torch by tests/python/test_linalg_torch.py. */
#include "optest.h"

#include "aclnnop/aclnn_linalg_cholesky.h"
#include "aclnnop/aclnn_linalg_qr.h"
#include "aclnnop/aclnn_qr.h"
#include "aclnnop/aclnn_sinkhorn.h"
#include "aclnnop/aclnn_svd.h"

static int g_cases;

/* [[4, 2], [2, 5]] = L L^T with L = [[2, 0], [1, 2]]; through a transposed view of self */
static void chol_case(void)
{
    int64_t d[2] = {2, 2};
    ot_tensor a, o;
    ot_make(&a, ACL_FLOAT, 2, d, L_TRANS);
    ot_make(&o, ACL_FLOAT, 2, d, L_GAP);
    const double av[4] = {4, 2, 2, 5}, lo[4] = {2, 0, 1, 2}, up[4] = {2, 1, 0, 2};
    for (int i = 0; i < 4; i++)
        ot_set(&a, i, av[i]);
    for (int upper = 0; upper < 2; upper++) {
        g_cases++;
        OT_RUN(aclnnLinalgCholesky, a.t, upper, o.t);
        for (int i = 0; i < 4; i++)
            CHECK(ot_get(&o, i) == (upper ? up : lo)[i]);
    }
    ot_set(&a, 3, 1); /* det 4 - 4 = 0: not positive definite */
    OT_RUN(aclnnLinalgCholesky, a.t, false, o.t);
    for (int i = 0; i < 4; i++)
        CHECK(isnan(ot_get(&o, i)));
    OT_FREE(&a, &o);
}

/* [[3, 0], [4, 5]]: Q = [[-0.6, -0.8], [-0.8, 0.6]], R = [[-5, -4], [0, 3]] (geqrf's signs) */
static void qr_case(void)
{
    int64_t d[2] = {2, 2};
    ot_tensor a, q, r;
    ot_make(&a, ACL_DOUBLE, 2, d, L_STEP);
    ot_make(&q, ACL_DOUBLE, 2, d, L_TRANS);
    ot_make(&r, ACL_FLOAT, 2, d, L_CONTIG);
    const double av[4] = {3, 0, 4, 5}, qv[4] = {-0.6, -0.8, -0.8, 0.6}, rv[4] = {-5, -4, 0, 3};
    for (int i = 0; i < 4; i++)
        ot_set(&a, i, av[i]);
    for (int form = 0; form < 2; form++) {
        g_cases++;
        if (form)
            OT_RUN(aclnnQr, a.t, true, q.t, r.t);
        else
            OT_RUN(aclnnLinalgQr, a.t, 1, q.t, r.t);
        for (int i = 0; i < 4; i++) {
            CHECK(fabs(ot_get(&q, i) - qv[i]) < 1e-15);
            CHECK(fabs(ot_get(&r, i) - rv[i]) < 1e-6);
        }
    }
    OT_FREE(&a, &q, &r);
}

/* [[0, 2], [3, 0], [0, 0]]: sigma (3, 2), v = [[1, 0], [0, 1]] (SV4: largest components
 * positive), u's first columns e2, e1, the full u's last e3 */
static void svd_case(void)
{
    int64_t d[2] = {3, 2}, sd[1] = {2}, ud[2] = {3, 3}, vd[2] = {2, 2};
    ot_tensor a, s, u, v;
    ot_make(&a, ACL_FLOAT, 2, d, L_TRANS);
    ot_make(&s, ACL_FLOAT, 1, sd, L_STEP);
    ot_make(&u, ACL_FLOAT, 2, ud, L_CONTIG);
    ot_make(&v, ACL_FLOAT, 2, vd, L_GAP);
    const double av[6] = {0, 2, 3, 0, 0, 0}, uv[9] = {0, 1, 0, 1, 0, 0, 0, 0, 1};
    for (int i = 0; i < 6; i++)
        ot_set(&a, i, av[i]);
    g_cases++;
    OT_RUN(aclnnSvd, a.t, true, true, s.t, u.t, v.t);
    CHECK(ot_get(&s, 0) == 3 && ot_get(&s, 1) == 2);
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&v, i) == (i == 0 || i == 3));
    for (int i = 0; i < 9; i++)
        CHECK(fabs(ot_get(&u, i)) == uv[i]); /* the completed column's sign is free */
    OT_FREE(&a, &s, &u, &v);
}

/* Sinkhorn: a uniform cost scales to the uniform plan 1 / (R C) (through a transposed view and
 * an explicit tol); the codes, each message naming the argument. */
static void sinkhorn_case(void)
{
    int64_t d[2] = {2, 4}, d3[3] = {1, 2, 4}, d42[2] = {4, 2};
    ot_tensor c, p, c3, ph, p42, cd;
    ot_make(&c, ACL_FLOAT, 2, d, L_TRANS);
    ot_make(&p, ACL_BF16, 2, d, L_CONTIG);
    OT_MAKE_CONTIG({&c3, ACL_FLOAT, 3, d3}, {&ph, ACL_FLOAT16, 2, d}, {&p42, ACL_FLOAT, 2, d42},
                   {&cd, ACL_DOUBLE, 2, d});
    ot_tensor cb;
    ot_make(&cb, ACL_BF16, 2, d, L_STEP);
    for (int i = 0; i < 8; i++)
        ot_set(&cb, i, 0.5);
    float tv = 1e-7f;
    double tvd = 1e-7;
    aclScalar *tol = aclCreateScalar(&tv, ACL_FLOAT), *told = aclCreateScalar(&tvd, ACL_DOUBLE);
    OT_RUN(aclnnSinkhorn, cb.t, tol, p.t);
    for (int i = 0; i < 8; i++)
        CHECK(ot_get(&p, i) == 0.125); /* 1 / 8, exact in BFLOAT16 */
    g_cases++;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnSinkhorn, "cost", NULL, tol, p.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnSinkhorn, "p", c.t, NULL, NULL);
    OT_NULL_OUTS(aclnnSinkhorn, c.t, NULL, ph.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSinkhorn, "p", c.t, NULL, ph.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSinkhorn, "2 are needed", c3.t, NULL, c3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSinkhorn, "p", c.t, NULL, p42.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSinkhorn, "cost", cd.t, NULL, cd.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSinkhorn, "tol", c.t, told, c.t);
    aclDestroyScalar(tol);
    aclDestroyScalar(told);
    OT_FREE(&c, &p, &c3, &ph, &p42, &cd, &cb);
}

static void decomp_errors(void)
{
    int64_t d33[2] = {3, 3}, d43[2] = {4, 3}, d44[2] = {4, 4}, d3[1] = {3}, d0[1] = {0},
            big[2] = {8193, 8193};
    ot_tensor sq, sqd, sqh, sqb, r43, q44, v3, e0, r33, huge;
    OT_MAKE_CONTIG({&sq, ACL_FLOAT, 2, d33}, {&sqd, ACL_DOUBLE, 2, d33},
                   {&sqh, ACL_FLOAT16, 2, d33}, {&sqb, ACL_BF16, 2, d33}, {&r43, ACL_FLOAT, 2, d43},
                   {&q44, ACL_FLOAT, 2, d44}, {&v3, ACL_FLOAT, 1, d3}, {&e0, ACL_FLOAT, 1, d0},
                   {&r33, ACL_FLOAT, 2, d33});
    /* a 8193 x 8193 view over one element (stride 0): only its shape is looked at */
    int64_t zst[2] = {0, 0}, one[1] = {1};
    huge.t = aclCreateTensor(big, 2, ACL_FLOAT, zst, 0, ACL_FORMAT_ND, one, 1, sq.buf);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnLinalgCholesky, "self", NULL, false, sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnLinalgCholesky, "out", sq.t, false, NULL);
    OT_NULL_OUTS(aclnnLinalgCholesky, sq.t, false, sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCholesky, "self", sqd.t, false, sqd.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCholesky, "out", sq.t, false, sqb.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCholesky, "square", r43.t, false, r43.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCholesky, "at least 2", v3.t, false, v3.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCholesky, "out", sq.t, false, q44.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgCholesky, "8192", huge.t, false, huge.t);

    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnLinalgQr, "Q", r43.t, 0, NULL, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnLinalgQr, "R", r43.t, 0, r43.t, NULL);
    OT_NULL_OUTS(aclnnLinalgQr, r43.t, 0, r43.t, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgQr, "mode", r43.t, 3, r43.t, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgQr, "mode", r43.t, -1, r43.t, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgQr, "Q", r43.t, 1, r43.t, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgQr, "R", r43.t, 1, q44.t, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgQr, "Q", r43.t, 2, r43.t, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgQr, "self", sqb.t, 0, sq.t, sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgQr, "R", sq.t, 0, sq.t, sqb.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnLinalgQr, "at least 2", v3.t, 0, sq.t, sq.t);
    g_cases++;
    OT_RUN(aclnnLinalgQr, r43.t, 2, e0.t, r33.t); /* r: Q [0] */
    OT_RUN(aclnnLinalgQr, sqh.t, 0, sqd.t, sq.t); /* Q and R of other types */
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnQr, "self", NULL, true, r43.t, r33.t);
    OT_NULL_OUTS(aclnnQr, r43.t, true, r43.t, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnQr, "Q", r43.t, false, r43.t, r33.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnQr, "R", r43.t, true, r43.t, q44.t);

    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnSvd, "sigma", r43.t, false, true, NULL, r43.t,
                    sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnSvd, "v", r43.t, false, true, v3.t, r43.t, NULL);
    OT_NULL_OUTS(aclnnSvd, r43.t, false, true, v3.t, r43.t, sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSvd, "input", sqh.t, false, true, v3.t, sq.t,
                    sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSvd, "sigma", sqd.t, false, true, v3.t, sqd.t,
                    sqd.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSvd, "u", r43.t, true, true, v3.t, r43.t, sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSvd, "v", r43.t, false, true, v3.t, r43.t, q44.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSvd, "sigma", r43.t, false, true, e0.t, r43.t,
                    sq.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnSvd, "at least 2", v3.t, false, true, v3.t, v3.t,
                    v3.t);
    g_cases++;
    OT_RUN(aclnnSvd, r43.t, true, false, v3.t, e0.t, e0.t); /* computeUV false: u, v unchecked */
    aclDestroyTensor(huge.t);
    OT_FREE(&sq, &sqd, &sqh, &sqb, &r43, &q44, &v3, &e0, &r33);
}

int main(void)
{
    ot_init();
    chol_case();
    qr_case();
    svd_case();
    sinkhorn_case();
    decomp_errors();
    ot_fini();
    printf("ops_decomp: %d cases passed\n", g_cases);
    return 0;
}
