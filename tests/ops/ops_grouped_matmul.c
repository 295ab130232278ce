/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnGroupedMatmulV3 against a straightforward double-precision host
 * reference: without split, split M in its three forms, split K, int8 / int4
 * weights with antiquant parameters, strided views, untouched outputs,
 * phase-1 codes and launch-time faults. The other interfaces (grouped_matmul.c
 * G4): GroupedMatmul and V2 with host group lists, V4 / V5 with group sizes and
 * every activation, and their codes.
 */
#include "aclnnop/aclnn_grouped_matmul.h"
#include "aclnnop/aclnn_grouped_matmul_add.h"
#include "aclnnop/aclnn_grouped_matmul_v2.h"
#include "aclnnop/aclnn_grouped_matmul_v3.h"
#include "aclnnop/aclnn_grouped_matmul_v4.h"
#include "aclnnop/aclnn_grouped_matmul_v5.h"
#include "optest.h"

static double at(const ot_tensor *x, int64_t a, int64_t b, int64_t c, int64_t d)
{
    int64_t idx[4] = {a, b, c, d}, lin = 0;
    for (int i = 0; i < x->nd; i++)
        lin = lin * x->dims[i] + idx[i];
    return ot_get(x, lin);
}

/* ---- GroupedMatmulV3 ----------------------------------------------------------------------- */

static aclTensorList *list_of(ot_tensor *const *ts, int n)
{
    aclTensor *v[8];
    for (int i = 0; i < n; i++)
        v[i] = ts[i]->t;
    aclTensorList *l = aclCreateTensorList((const aclTensor *const *)v, (uint64_t)n);
    CHECK(l);
    return l;
}

/* A list owns its tensors (acl_meta.h); the test keeps owning them, so the
 * list's tensors are detached before it is destroyed. */
static void list_drop(aclTensorList *l, ot_tensor *const *ts, int n)
{
    (void)l;
    /* aclDestroyTensorList destroys the tensors in it: forget ours */
    for (int i = 0; i < n; i++)
        ts[i]->t = NULL;
    aclDestroyTensorList(l);
}

static ot_tensor mk(aclDataType dt, int nd, int64_t a, int64_t b, int64_t c, int layout, double lo,
                    double hi)
{
    ot_tensor t;
    const int64_t d[3] = {a, b, c};
    ot_make(&t, dt, nd, d, layout);
    ot_fill(&t, lo, hi);
    return t;
}

static double wval(const ot_tensor *w, int64_t e, int64_t k, int64_t n)
{
    return w->nd == 3 ? at(w, e, k, n, 0) : at(w, k, n, 0, 0);
}

/* y rows [r0, r0 + m) (of 2-d y, or batch yb of 3-d y) against x rows
 * [xr0, ...) cols [k0, k0 + kl) @ w rows [k0, ...) of expert e (+ bias row). */
static void gm_check(const ot_tensor *y, int64_t yb, int64_t r0, const ot_tensor *x, int64_t xr0,
                     int64_t m, int64_t k0, int64_t kl, const ot_tensor *w, int64_t e,
                     const ot_tensor *bias, int64_t be, aclDataType dt)
{
    int64_t N = y->dims[y->nd - 1];
    for (int64_t i = 0; i < m; i++)
        for (int64_t n = 0; n < N; n++) {
            double want = 0, mag = 0;
            for (int64_t k = k0; k < k0 + kl; k++) {
                double v = at(x, xr0 + i, k, 0, 0) * wval(w, e, k, n);
                want += v;
                mag += fabs(v);
            }
            if (bias) {
                double v = bias->nd == 2 ? at(bias, be, n, 0, 0) : at(bias, n, 0, 0, 0);
                want += v;
                mag += fabs(v);
            }
            double got = y->nd == 3 ? at(y, yb, r0 + i, n, 0) : at(y, r0 + i, n, 0, 0);
            if (!ot_close_sum(dt, dt, got, want, mag)) {
                fprintf(stderr, "GMM %s: y[%lld][%lld][%lld] = %g, want %g\n", ot_dt_name(dt),
                        (long long)yb, (long long)(r0 + i), (long long)n, got, want);
                exit(1);
            }
        }
}

static void gm_run(const aclTensorList *x, const aclTensorList *w, const aclTensorList *b,
                   const aclTensorList *as, const aclTensorList *ao, const aclTensor *gl,
                   int64_t split, int64_t gt, const aclTensorList *y)
{
    OT_RUN(aclnnGroupedMatmulV3, x, w, b, NULL, NULL, as, ao, gl, split, gt, y);
}

/* x may not be a transposed view except for split K (CANN's rule). */
#define XL(l) ((l) == L_TRANS ? L_GAP : (l))

static aclDataType bias_dt(aclDataType dt)
{
    return dt == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT;
}

static void test_gmm_nosplit(aclDataType dt, int layout)
{
    ot_tensor x0 = mk(dt, 2, 3, 4, 0, XL(layout), -1, 1), x1 = mk(dt, 3, 2, 2, 3, L_STEP, -1, 1);
    ot_tensor w0 = mk(dt, 2, 4, 5, 0, L_TRANS, -1, 1), w1 = mk(dt, 2, 3, 2, 0, layout, -1, 1);
    ot_tensor y0 = mk(dt, 2, 3, 5, 0, layout, 0, 0), y1 = mk(dt, 3, 2, 2, 2, L_GAP, 0, 0);
    ot_tensor b0 = mk(bias_dt(dt), 1, 5, 0, 0, L_CONTIG, -1, 1);
    ot_tensor b1 = mk(bias_dt(dt), 1, 2, 0, 0, L_STEP, -1, 1);
    ot_tensor *xs[2] = {&x0, &x1}, *wsl[2] = {&w0, &w1}, *ys[2] = {&y0, &y1}, *bs[2] = {&b0, &b1};
    aclTensorList *lx = list_of(xs, 2), *lw = list_of(wsl, 2), *ly = list_of(ys, 2),
                  *lb = list_of(bs, 2);
    gm_run(lx, lw, lb, NULL, NULL, NULL, 0, -1, ly);
    gm_check(&y0, 0, 0, &x0, 0, 3, 0, 4, &w0, 0, &b0, 0, dt);
    /* x1 [2, 2, 3] is 4 rows of 3 */
    for (int64_t r = 0; r < 4; r++)
        for (int64_t n = 0; n < 2; n++) {
            double want = at(&b1, n, 0, 0, 0);
            for (int64_t k = 0; k < 3; k++)
                want += ot_get(&x1, r * 3 + k) * at(&w1, k, n, 0, 0);
            CHECK(ot_close(dt, dt, ot_get(&y1, r * 2 + n), want));
        }
    CHECK(ot_gaps_intact(&y0) && ot_gaps_intact(&y1));
    list_drop(lx, xs, 2);
    list_drop(lw, wsl, 2);
    list_drop(ly, ys, 2);
    list_drop(lb, bs, 2);
    ot_tensor *all[] = {&x0, &x1, &w0, &w1, &y0, &y1, &b0, &b1};
    for (int i = 0; i < 8; i++)
        ot_free(all[i]);
}

static ot_tensor mk_gl(const int64_t *v, int n)
{
    ot_tensor g;
    const int64_t d[1] = {n};
    ot_make(&g, ACL_INT64, 1, d, L_CONTIG);
    for (int i = 0; i < n; i++)
        ot_set(&g, i, (double)v[i]);
    return g;
}

/* split M: one x, one 3-d weight; the rows past the last end stay as they were. */
static void test_gmm_m_w3(aclDataType dt, int layout)
{
    const int64_t ends[3] = {2, 2, 6};
    ot_tensor x = mk(dt, 2, 7, 4, 0, XL(layout), -1, 1), w = mk(dt, 3, 3, 4, 5, layout, -1, 1);
    ot_tensor y = mk(dt, 2, 7, 5, 0, layout, 3, 3), b = mk(bias_dt(dt), 2, 3, 5, 0, layout, -1, 1);
    ot_tensor gl = mk_gl(ends, 3);
    ot_tensor *xs[1] = {&x}, *wsl[1] = {&w}, *ys[1] = {&y}, *bs[1] = {&b};
    aclTensorList *lx = list_of(xs, 1), *lw = list_of(wsl, 1), *ly = list_of(ys, 1),
                  *lb = list_of(bs, 1);
    gm_run(lx, lw, lb, NULL, NULL, gl.t, 3, 0, ly);
    for (int64_t g = 0, r0 = 0; g < 3; r0 = ends[g], g++)
        gm_check(&y, 0, r0, &x, r0, ends[g] - r0, 0, 4, &w, g, &b, g, dt);
    for (int64_t n = 0; n < 5; n++)
        CHECK(at(&y, 6, n, 0, 0) == 3); /* row 6: past the last group */
    /* a decreasing groupList fails the launch before any write */
    ot_set(&gl, 1, 1);
    for (int64_t i = 0; i < y.numel; i++)
        ot_set(&y, i, 3);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnGroupedMatmulV3GetWorkspaceSize(lx, lw, lb, NULL, NULL, NULL, NULL,
                                                                 gl.t, 3, 0, ly, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnGroupedMatmulV3(NULL, ws, ex, g_stream));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
    for (int64_t i = 0; i < y.numel; i++)
        CHECK(ot_get(&y, i) == 3);
    list_drop(lx, xs, 1);
    list_drop(lw, wsl, 1);
    list_drop(ly, ys, 1);
    list_drop(lb, bs, 1);
    ot_free(&gl);
    ot_free(&x), ot_free(&w), ot_free(&y), ot_free(&b);
}

/* split M: one x with a weight list; a list of x's with a weight list. */
static void test_gmm_m_lists(aclDataType dt, int layout)
{
    const int64_t ends[2] = {3, 5};
    ot_tensor x = mk(dt, 2, 5, 4, 0, XL(layout), -1, 1);
    ot_tensor w0 = mk(dt, 2, 4, 3, 0, layout, -1, 1), w1 = mk(dt, 2, 4, 3, 0, L_TRANS, -1, 1);
    ot_tensor y = mk(dt, 2, 5, 3, 0, layout, 0, 0), gl = mk_gl(ends, 2);
    ot_tensor *xs[1] = {&x}, *wsl[2] = {&w0, &w1}, *ys[1] = {&y};
    aclTensorList *lx = list_of(xs, 1), *lw = list_of(wsl, 2), *ly = list_of(ys, 1);
    gm_run(lx, lw, NULL, NULL, NULL, gl.t, 2, 0, ly);
    gm_check(&y, 0, 0, &x, 0, 3, 0, 4, &w0, 0, NULL, 0, dt);
    gm_check(&y, 0, 3, &x, 3, 2, 0, 4, &w1, 0, NULL, 0, dt);
    list_drop(lx, xs, 1);
    list_drop(ly, ys, 1);
    ot_free(&gl);
    /* x list [2, 4] and [3, 4]: y is their rows in order; no groupList */
    ot_tensor xa = mk(dt, 2, 2, 4, 0, XL(layout), -1, 1), xb = mk(dt, 2, 3, 4, 0, L_GAP, -1, 1);
    ot_tensor y2 = mk(dt, 2, 5, 3, 0, L_STEP, 0, 0);
    ot_tensor *xs2[2] = {&xa, &xb}, *ys2[1] = {&y2};
    aclTensorList *lx2 = list_of(xs2, 2), *ly2 = list_of(ys2, 1);
    gm_run(lx2, lw, NULL, NULL, NULL, NULL, 2, 0, ly2);
    gm_check(&y2, 0, 0, &xa, 0, 2, 0, 4, &w0, 0, NULL, 0, dt);
    gm_check(&y2, 0, 2, &xb, 0, 3, 0, 4, &w1, 0, NULL, 0, dt);
    CHECK(ot_gaps_intact(&y2));
    list_drop(lx2, xs2, 2);
    list_drop(ly2, ys2, 1);
    list_drop(lw, wsl, 2);
    ot_tensor *all[] = {&x, &w0, &w1, &y, &xa, &xb, &y2};
    for (int i = 0; i < 7; i++)
        ot_free(all[i]);
}

/* split K: x [M, K] a transposed view, y [E, M, N]; an empty K range gives zeros. */
static void test_gmm_k(aclDataType dt)
{
    const int64_t ends[3] = {2, 2, 6};
    ot_tensor x = mk(dt, 2, 3, 6, 0, L_TRANS, -1, 1), w = mk(dt, 2, 6, 4, 0, L_GAP, -1, 1);
    ot_tensor y = mk(dt, 3, 3, 3, 4, L_CONTIG, 5, 5), gl = mk_gl(ends, 3);
    ot_tensor *xs[1] = {&x}, *wsl[1] = {&w}, *ys[1] = {&y};
    aclTensorList *lx = list_of(xs, 1), *lw = list_of(wsl, 1), *ly = list_of(ys, 1);
    gm_run(lx, lw, NULL, NULL, NULL, gl.t, 3, 2, ly);
    for (int64_t g = 0, k0 = 0; g < 3; k0 = ends[g], g++)
        gm_check(&y, g, 0, &x, 0, 3, k0, ends[g] - k0, &w, 0, NULL, 0, dt);
    list_drop(lx, xs, 1);
    list_drop(lw, wsl, 1);
    list_drop(ly, ys, 1);
    ot_free(&gl);
    ot_free(&x), ot_free(&w), ot_free(&y);
}

/* int8 and int4 weights with per-channel antiquant scale / offset ([E, N]). */
static void test_gmm_antiquant(aclDataType dt, bool int4)
{
    enum { E = 2, K = 4, N = 6, M = 5 };
    const int64_t ends[E] = {2, 5};
    ot_tensor x = mk(dt, 2, M, K, 0, L_GAP, -1, 1), y = mk(dt, 2, M, N, 0, L_CONTIG, 0, 0);
    ot_tensor sc = mk(dt, 2, E, N, 0, L_CONTIG, 0.05, 0.3), of = mk(dt, 2, E, N, 0, L_STEP, -2, 2);
    ot_tensor gl = mk_gl(ends, E);
    int8_t wv[E][K][N];
    for (int e = 0; e < E; e++)
        for (int k = 0; k < K; k++)
            for (int n = 0; n < N; n++)
                wv[e][k][n] =
                    (int8_t)((e * 31 + k * 7 + n * 5) % (int4 ? 16 : 200) - (int4 ? 8 : 100));
    const int64_t wd[3] = {E, K, N}, storage = E * K * N;
    unsigned char *wbuf = aligned_alloc(64, 256);
    CHECK(wbuf);
    memset(wbuf, 0, 256);
    for (int i = 0; i < E * K * N; i++) {
        int8_t v = ((int8_t *)wv)[i];
        if (int4)
            wbuf[i / 2] |= (unsigned char)((v & 15) << ((i & 1) * 4));
        else
            wbuf[i] = (unsigned char)v;
    }
    aclTensor *w = aclCreateTensor(wd, 3, int4 ? ACL_INT4 : ACL_INT8, NULL, 0, ACL_FORMAT_ND,
                                   &storage, 1, wbuf);
    CHECK(w);
    ot_tensor *xs[1] = {&x}, *ys[1] = {&y}, *ss[1] = {&sc}, *os[1] = {&of};
    aclTensorList *lx = list_of(xs, 1), *ly = list_of(ys, 1), *ls = list_of(ss, 1),
                  *lo = list_of(os, 1);
    aclTensorList *lw = aclCreateTensorList((const aclTensor *const *)&w, 1);
    CHECK(lw);
    gm_run(lx, lw, NULL, ls, lo, gl.t, 3, 0, ly);
    for (int64_t e = 0, r0 = 0; e < E; r0 = ends[e], e++)
        for (int64_t i = r0; i < ends[e]; i++)
            for (int64_t n = 0; n < N; n++) {
                double want = 0;
                for (int64_t k = 0; k < K; k++)
                    want += at(&x, i, k, 0, 0) *
                            ot_round(dt, (wv[e][k][n] + at(&of, e, n, 0, 0)) * at(&sc, e, n, 0, 0));
                double got = at(&y, i, n, 0, 0);
                if (!ot_close(dt, dt, got, want)) {
                    fprintf(stderr, "GMM antiquant %s int4 %d: y[%lld][%lld] = %g, want %g\n",
                            ot_dt_name(dt), int4, (long long)i, (long long)n, got, want);
                    exit(1);
                }
            }
    aclDestroyTensorList(lw); /* destroys w */
    list_drop(lx, xs, 1);
    list_drop(ly, ys, 1);
    list_drop(ls, ss, 1);
    list_drop(lo, os, 1);
    free(wbuf);
    ot_free(&gl);
    ot_free(&x), ot_free(&y), ot_free(&sc), ot_free(&of);
}

static void test_gmm_errors(void)
{
    const int64_t ends[2] = {2, 4};
    ot_tensor x = mk(ACL_FLOAT, 2, 4, 3, 0, L_CONTIG, -1, 1),
              w = mk(ACL_FLOAT, 3, 2, 3, 2, L_CONTIG, -1, 1);
    ot_tensor y = mk(ACL_FLOAT, 2, 4, 2, 0, L_CONTIG, 0, 0), gl = mk_gl(ends, 2);
    ot_tensor gl32, w16 = mk(ACL_FLOAT16, 3, 2, 3, 2, L_CONTIG, -1, 1);
    const int64_t d2[1] = {2};
    ot_make(&gl32, ACL_INT32, 1, d2, L_CONTIG);
    ot_tensor *xs[1] = {&x}, *wsl[1] = {&w}, *ys[1] = {&y}, *w16s[1] = {&w16};
    aclTensorList *lx = list_of(xs, 1), *lw = list_of(wsl, 1), *ly = list_of(ys, 1),
                  *lw16 = list_of(w16s, 1);
    uint64_t ws;
    aclOpExecutor *ex;
#define GMM(x_, w_, gl_, split, gt, y_)                                                            \
    aclnnGroupedMatmulV3GetWorkspaceSize(x_, w_, NULL, NULL, NULL, NULL, NULL, gl_, split, gt, y_, \
                                         &ws, &ex)
    CHECK_NN(ACLNN_SUCCESS, GMM(lx, lw, gl.t, 3, 0, ly));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GMM(NULL, lw, gl.t, 3, 0, ly));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GMM(lx, NULL, gl.t, 3, 0, ly));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GMM(lx, lw, gl.t, 3, 0, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl32.t, 3, 0, ly)); /* groupList INT32 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, NULL, 3, 0, ly));   /* groupList required */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 0, 0, ly));   /* one y needs 2/3 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 3, 1, ly));   /* split N */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 3, -1, ly));  /* 2/3 with -1 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 0, -1, ly));  /* -1: no groupList */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw16, gl.t, 3, 0, ly)); /* weight type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 3, 2, ly)); /* K split: x not transposed */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, y.t, 3, 0, ly));  /* groupList 2-d */
    ot_tensor xt = mk(ACL_FLOAT, 2, 4, 3, 0, L_TRANS, -1, 1), *xts[1] = {&xt};
    aclTensorList *lxt = list_of(xts, 1);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lxt, lw, gl.t, 3, 0, ly)); /* split M: x transposed */
    list_drop(lxt, xts, 1);
    ot_free(&xt);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulV3, lx, lw, NULL, lx, NULL, NULL, NULL,
             gl.t, 3, 0, ly); /* quantised x: not supported */
#undef GMM
    list_drop(lx, xs, 1);
    list_drop(lw, wsl, 1);
    list_drop(ly, ys, 1);
    list_drop(lw16, w16s, 1);
    OT_FREE(&gl, &gl32);
    ot_free(&x), ot_free(&w), ot_free(&y), ot_free(&w16);
}

/* GMMActType on a double (G4): the reference of V4 / V5's activation. */
static double act_ref(double v, int act)
{
    switch (act) {
    case 1:
        return v > 0 ? v : 0;
    case 2:
        return 0.5 * v * (1 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
    case 3:
        return 0.5 * v * (1 + erf(v / sqrt(2.0)));
    case 4:
        return v / (1 + exp(-1.702 * v));
    case 5:
        return v / (1 + exp(-v));
    default:
        return v;
    }
}

/* split M over one 3-d weight through GroupedMatmul (V1), V2, V4 and V5: ends (2, 2, 6) as a
 * host array, or as sizes (2, 0, 4) with groupListType 1; each activation against act_ref. */
static void test_gmm_versions(aclDataType dt, int layout)
{
    const int64_t ends[3] = {2, 2, 6}, sizes[3] = {2, 0, 4};
    ot_tensor x = mk(dt, 2, 6, 4, 0, XL(layout), -1, 1), w = mk(dt, 3, 3, 4, 5, layout, -1, 1);
    ot_tensor y = mk(dt, 2, 6, 5, 0, layout, 0, 0), b = mk(bias_dt(dt), 2, 3, 5, 0, layout, -1, 1);
    ot_tensor gs = mk_gl(sizes, 3), ge = mk_gl(ends, 3);
    ot_tensor *xs[1] = {&x}, *wsl[1] = {&w}, *ys[1] = {&y}, *bs[1] = {&b};
    aclTensorList *lx = list_of(xs, 1), *lw = list_of(wsl, 1), *ly = list_of(ys, 1),
                  *lb = list_of(bs, 1);
    aclIntArray *ga = aclCreateIntArray(ends, 3);
    CHECK(ga);
    OT_RUN(aclnnGroupedMatmul, lx, lw, lb, NULL, NULL, NULL, NULL, ga, 3, ly);
    for (int64_t g = 0, r0 = 0; g < 3; r0 = ends[g], g++)
        gm_check(&y, 0, r0, &x, r0, ends[g] - r0, 0, 4, &w, g, &b, g, dt);
    for (int64_t i = 0; i < y.numel; i++)
        ot_set(&y, i, 0);
    OT_RUN(aclnnGroupedMatmulV2, lx, lw, lb, NULL, NULL, NULL, NULL, ga, 3, 0, ly);
    for (int64_t g = 0, r0 = 0; g < 3; r0 = ends[g], g++)
        gm_check(&y, 0, r0, &x, r0, ends[g] - r0, 0, 4, &w, g, &b, g, dt);
    for (int act = 0; act <= 5; act++) {
        for (int64_t i = 0; i < y.numel; i++)
            ot_set(&y, i, 0);
        if (act % 2)
            OT_RUN(aclnnGroupedMatmulV4, lx, lw, lb, NULL, NULL, NULL, NULL, NULL, gs.t, NULL, NULL,
                   NULL, 3, 0, 1, act, ly, NULL, NULL);
        else
            OT_RUN(aclnnGroupedMatmulV5, lx, lw, lb, NULL, NULL, NULL, NULL, NULL, ge.t, NULL, NULL,
                   NULL, 3, 0, 0, act, NULL, ly, NULL, NULL);
        for (int64_t g = 0, r0 = 0; g < 3; r0 = ends[g], g++)
            for (int64_t r = r0; r < ends[g]; r++)
                for (int64_t n = 0; n < 5; n++) {
                    double v = at(&b, g, n, 0, 0);
                    for (int64_t k = 0; k < 4; k++)
                        v += at(&x, r, k, 0, 0) * at(&w, g, k, n, 0);
                    const double got = at(&y, r, n, 0, 0), want = act_ref(v, act);
                    if (!ot_close_sum(dt, dt, got, want, fabs(v) + 4)) {
                        fprintf(stderr, "GMM V4/V5 %s act %d: y[%lld][%lld] = %g, want %g\n",
                                ot_dt_name(dt), act, (long long)r, (long long)n, got, want);
                        exit(1);
                    }
                }
    }
    /* codes, the messages naming the interface */
    ot_tensor q = mk(ACL_FLOAT, 1, 6, 0, 0, L_CONTIG, 1, 1);
    ot_tensor *qs[1] = {&q};
    aclTensorList *lq = list_of(qs, 1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulV4, "perTokenScale", lx, lw, NULL,
                    NULL, NULL, NULL, NULL, lq, ge.t, NULL, NULL, NULL, 3, 0, 0, 0, ly, NULL, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulV4, "groupListType", lx, lw, NULL,
                    NULL, NULL, NULL, NULL, NULL, ge.t, NULL, NULL, NULL, 3, 0, 2, 0, ly, NULL,
                    NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulV5, "actType", lx, lw, NULL, NULL,
                    NULL, NULL, NULL, NULL, ge.t, NULL, NULL, NULL, 3, 0, 0, 6, NULL, ly, NULL,
                    NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulV5, "activationFeatureOut", lx, lw,
                    NULL, NULL, NULL, NULL, NULL, NULL, ge.t, NULL, NULL, NULL, 3, 0, 0, 0, NULL,
                    ly, lq, NULL);
    aclIntArray *g2 = aclCreateIntArray(ends, 2);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmul, "groupList", lx, lw, NULL, NULL,
                    NULL, NULL, NULL, g2, 3, ly);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulV2, "groupList", lx, lw, NULL, NULL,
                    NULL, NULL, NULL, ga, 0, -1, ly);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulV2, "groupList", lx, lw, NULL, NULL,
                    NULL, NULL, NULL, NULL, 3, 0, ly);
    /* sizes summing past M fail the launch */
    ot_set(&gs, 2, 5);
    uint64_t wsz;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnGroupedMatmulV4GetWorkspaceSize(
                                lx, lw, NULL, NULL, NULL, NULL, NULL, NULL, gs.t, NULL, NULL, NULL,
                                3, 0, 1, 0, ly, NULL, NULL, &wsz, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnGroupedMatmulV4(NULL, wsz, ex, g_stream));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
    aclDestroyIntArray(ga);
    aclDestroyIntArray(g2);
    list_drop(lx, xs, 1);
    list_drop(lw, wsl, 1);
    list_drop(ly, ys, 1);
    list_drop(lb, bs, 1);
    list_drop(lq, qs, 1);
    ot_free(&q);
    ot_free(&gs), ot_free(&ge);
    ot_free(&x), ot_free(&w), ot_free(&y), ot_free(&b);
}

/* GroupedMatmul (V1) without a groupList: independent products as V3's groupType -1. */
static void test_gmm_v1_nosplit(aclDataType dt)
{
    ot_tensor x0 = mk(dt, 2, 3, 4, 0, L_CONTIG, -1, 1), w0 = mk(dt, 2, 4, 5, 0, L_TRANS, -1, 1);
    ot_tensor y0 = mk(dt, 2, 3, 5, 0, L_GAP, 0, 0);
    ot_tensor *xs[1] = {&x0}, *wsl[1] = {&w0}, *ys[1] = {&y0};
    aclTensorList *lx = list_of(xs, 1), *lw = list_of(wsl, 1), *ly = list_of(ys, 1);
    OT_RUN(aclnnGroupedMatmul, lx, lw, NULL, NULL, NULL, NULL, NULL, NULL, 0, ly);
    gm_check(&y0, 0, 0, &x0, 0, 3, 0, 4, &w0, 0, NULL, 0, dt);
    CHECK(ot_gaps_intact(&y0));
    list_drop(lx, xs, 1);
    list_drop(lw, wsl, 1);
    list_drop(ly, ys, 1);
    ot_free(&x0), ot_free(&w0), ot_free(&y0);
}

/* GroupedMatmulAdd (G5): y[g] += x[k0 .. k1)^T @ w[k0 .. k1) for ends (2, 2, 5), an empty group
 * included; y starts at 0.5 everywhere. */
static void test_gmm_add(aclDataType dt, int layout)
{
    const int64_t ends[3] = {2, 2, 5};
    ot_tensor x = mk(dt, 2, 5, 3, 0, layout, -1, 1), w = mk(dt, 2, 5, 4, 0, L_STEP, -1, 1);
    ot_tensor y = mk(ACL_FLOAT, 2, 9, 4, 0, layout, 0.5, 0.5), gl = mk_gl(ends, 3);
    OT_RUN(aclnnGroupedMatmulAdd, x.t, w.t, gl.t, y.t, true, false, 2);
    for (int64_t g = 0, k0 = 0; g < 3; k0 = ends[g], g++)
        for (int64_t m = 0; m < 3; m++)
            for (int64_t n = 0; n < 4; n++) {
                double want = 0.5, mag = 0.5;
                for (int64_t k = k0; k < ends[g]; k++) {
                    const double v = at(&x, k, m, 0, 0) * at(&w, k, n, 0, 0);
                    want += v;
                    mag += fabs(v);
                }
                CHECK(ot_close_sum(ACL_FLOAT, dt, at(&y, g * 3 + m, n, 0, 0), want, mag));
            }
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulAdd, "transposeX", x.t, w.t, gl.t,
                    y.t, false, false, 2);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedMatmulAdd, "yRef", x.t, w.t, gl.t, x.t,
                    true, false, 2);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnGroupedMatmulAdd, "groupList", x.t, w.t, NULL,
                    y.t, true, false, 2);
    /* ends past K fail the launch before any write */
    ot_set(&gl, 2, 6);
    uint64_t wsz;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnGroupedMatmulAddGetWorkspaceSize(x.t, w.t, gl.t, y.t, true, false, 2, &wsz, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnGroupedMatmulAdd(NULL, wsz, ex, g_stream));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
    ot_free(&x), ot_free(&w), ot_free(&y), ot_free(&gl);
}

int main(void)
{
    ot_init();
    const aclDataType dts[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int d = 0; d < 3; d++) {
        for (int l = 0; l < L_COUNT; l++) {
            test_gmm_nosplit(dts[d], l);
            test_gmm_m_w3(dts[d], l);
            test_gmm_m_lists(dts[d], l);
        }
        test_gmm_k(dts[d]);
        for (int l = 0; l < L_COUNT; l++)
            test_gmm_versions(dts[d], l);
        test_gmm_v1_nosplit(dts[d]);
    }
    for (int l = 0; l < L_COUNT; l++) {
        test_gmm_add(ACL_FLOAT16, l);
        test_gmm_add(ACL_BF16, l);
    }
    for (int q = 0; q < 2; q++) {
        test_gmm_antiquant(ACL_FLOAT16, q);
        test_gmm_antiquant(ACL_BF16, q);
    }
    test_gmm_errors();
    ot_fini();
    printf("ops_grouped_matmul: ok\n");
    return 0;
}
