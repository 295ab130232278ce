/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnRecurrentGatedDeltaRule and aclnnGroupedMatmulV3 against
 * straightforward double-precision host references: every case (packed
 * sequences with accepted-token offsets, decays present / absent, state in
 * BFLOAT16 / FLOAT; grouped matmul without split, split M in its three
 * forms, split K, int8 / int4 weights with antiquant parameters), strided
 * views, untouched outputs, phase-1 codes and launch-time faults.
 */
#include "aclnnop/aclnn_grouped_matmul_v3.h"
#include "aclnnop/aclnn_recurrent_gated_delta_rule.h"
#include "optest.h"

/* ---- RecurrentGatedDeltaRule ------------------------------------------------------------- */

enum { T_ = 6, NK = 2, NV = 4, DK = 5, DV = 3, BLK = 8, NB = 3 };

struct gdr {
    ot_tensor q, k, v, beta, state, asl, ssi, g, gk, nat, out;
};

static void gdr_make(struct gdr *c, aclDataType dt, aclDataType sdt, int layout)
{
    const int64_t dq[3] = {T_, NK, DK}, dv[3] = {T_, NV, DV}, db[2] = {T_, NV};
    const int64_t ds[4] = {BLK, NV, DV, DK}, dgk[3] = {T_, NV, DK}, db1[1] = {NB}, dt1[1] = {T_};
    ot_make(&c->q, dt, 3, dq, layout);
    ot_make(&c->k, dt, 3, dq, (layout + 1) % L_COUNT);
    ot_make(&c->v, dt, 3, dv, layout);
    ot_make(&c->beta, dt, 2, db, layout);
    ot_make(&c->state, sdt, 4, ds, layout == L_TRANS ? L_CONTIG : layout);
    ot_make(&c->asl, ACL_INT32, 1, db1, L_CONTIG);
    ot_make(&c->ssi, ACL_INT32, 1, dt1, layout == L_STEP ? L_STEP : L_CONTIG);
    ot_make(&c->g, ACL_FLOAT, 2, db, layout);
    ot_make(&c->gk, ACL_FLOAT, 3, dgk, layout);
    ot_make(&c->nat, ACL_INT32, 1, db1, L_CONTIG);
    ot_make(&c->out, dt, 3, dv, layout);
    ot_fill(&c->q, -0.6, 0.6);
    ot_fill(&c->k, -0.6, 0.6);
    ot_fill(&c->v, -1, 1);
    ot_fill(&c->beta, 0, 1);
    ot_fill(&c->state, -0.5, 0.5);
    ot_fill(&c->g, -0.5, 0);
    ot_fill(&c->gk, -0.3, 0);
    for (int64_t i = 0; i < c->out.numel; i++)
        ot_set(&c->out, i, 7); /* sentinel: rows of skipped tokens keep it */
}

static void gdr_free(struct gdr *c)
{
    ot_tensor *all[] = {&c->q, &c->k, &c->v, &c->beta, &c->state, &c->asl,
                        &c->ssi, &c->g, &c->gk, &c->nat, &c->out};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        ot_free(all[i]);
}

static double at(const ot_tensor *x, int64_t a, int64_t b, int64_t c, int64_t d)
{
    int64_t idx[4] = {a, b, c, d}, lin = 0;
    for (int i = 0; i < x->nd; i++)
        lin = lin * x->dims[i] + idx[i];
    return ot_get(x, lin);
}

/* The reference: the recurrence in double over the same packed sequences;
 * outputs expected into ro [T, NV, DV] (NAN = untouched), states into rs. */
static void gdr_ref(const struct gdr *c, const int *len, const int *nat, bool decay, float scale,
                    double *ro, double *rs)
{
    for (int i = 0; i < T_ * NV * DV; i++)
        ro[i] = NAN;
    for (int64_t i = 0; i < c->state.numel; i++)
        rs[i] = ot_get(&c->state, i);
    double S[DV][DK];
    for (int b = 0, start = 0; b < NB; start += len[b], b++) {
        if (len[b] == 0 || nat[b] < 1 || nat[b] > len[b])
            continue;
        int s0 = (int)ot_get(&c->ssi, start + nat[b] - 1);
        for (int h = 0; h < NV; h++) {
            int kh = h / (NV / NK);
            for (int i = 0; i < DV; i++)
                for (int j = 0; j < DK; j++)
                    S[i][j] = rs[((s0 * NV + h) * DV + i) * DK + j];
            for (int t = start; t < start + len[b]; t++) {
                double a = decay ? exp(at(&c->g, t, h, 0, 0)) : 1, bt = at(&c->beta, t, h, 0, 0);
                for (int i = 0; i < DV; i++) {
                    for (int j = 0; j < DK; j++)
                        S[i][j] *= a * (decay ? exp(at(&c->gk, t, h, j, 0)) : 1);
                    double sk = 0;
                    for (int j = 0; j < DK; j++)
                        sk += S[i][j] * at(&c->k, t, kh, j, 0);
                    double d = (at(&c->v, t, h, i, 0) - sk) * bt, o = 0;
                    for (int j = 0; j < DK; j++) {
                        S[i][j] += d * at(&c->k, t, kh, j, 0);
                        o += S[i][j] * scale * at(&c->q, t, kh, j, 0);
                    }
                    ro[(t * NV + h) * DV + i] = o;
                }
                int sd = (int)ot_get(&c->ssi, t);
                for (int i = 0; i < DV; i++)
                    for (int j = 0; j < DK; j++)
                        rs[((sd * NV + h) * DV + i) * DK + j] = S[i][j];
            }
        }
    }
}

static void gdr_case(aclDataType dt, aclDataType sdt, int layout, bool decay, bool with_nat,
                     const int *len, const int *nat)
{
    struct gdr c;
    gdr_make(&c, dt, sdt, layout);
    const int ssi[T_] = {1, 2, 3, 4, 5, 6};
    for (int i = 0; i < T_; i++)
        ot_set(&c.ssi, i, ssi[i]);
    for (int b = 0; b < NB; b++) {
        ot_set(&c.asl, b, len[b]);
        ot_set(&c.nat, b, nat[b]);
    }
    int nat1[NB] = {1, 1, 1};
    const float scale = 0.45f;
    double ro[T_ * NV * DV], rs[BLK * NV * DV * DK];
    gdr_ref(&c, len, with_nat ? nat : nat1, decay, scale, ro, rs);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(
                                c.q.t, c.k.t, c.v.t, c.beta.t, c.state.t, c.asl.t, c.ssi.t,
                                decay ? c.g.t : NULL, decay ? c.gk.t : NULL,
                                with_nat ? c.nat.t : NULL, scale, c.out.t, &ws, &ex));
    ot_run(aclnnRecurrentGatedDeltaRule, ws, ex);
    for (int64_t i = 0; i < c.out.numel; i++) {
        double got = ot_get(&c.out, i), want = isnan(ro[i]) ? 7 : ro[i];
        if (!ot_close(dt, sdt, got, want)) {
            fprintf(stderr, "RGDR %s/%s layout %d decay %d: out[%lld] = %g, want %g\n",
                    ot_dt_name(dt), ot_dt_name(sdt), layout, decay, (long long)i, got, want);
            exit(1);
        }
    }
    for (int64_t i = 0; i < c.state.numel; i++) {
        double got = ot_get(&c.state, i);
        if (!ot_close(sdt, dt, got, rs[i])) {
            fprintf(stderr, "RGDR %s/%s layout %d: state[%lld] = %g, want %g\n", ot_dt_name(dt),
                    ot_dt_name(sdt), layout, (long long)i, got, rs[i]);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&c.out) && ot_gaps_intact(&c.state));
    gdr_free(&c);
}

static void test_gdr(void)
{
    const int len[NB] = {2, 0, 3}; /* token 5 is in no sequence */
    const int nat[NB] = {2, 1, 1}; /* sequence 0 starts from the state of its token 1 */
    const int nat_skip[NB] = {1, 1, 4}; /* sequence 2: 4 > its length, skipped */
    const aclDataType dts[2] = {ACL_BF16, ACL_FLOAT16};
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < L_COUNT; l++) {
            gdr_case(dts[d], dts[d], l, true, true, len, nat);
            gdr_case(dts[d], ACL_FLOAT, l, l % 2 == 0, l % 2 == 1, len, nat);
        }
    gdr_case(ACL_BF16, ACL_BF16, L_CONTIG, true, true, len, nat_skip);
}

static void test_gdr_errors(void)
{
    struct gdr c;
    gdr_make(&c, ACL_BF16, ACL_BF16, L_CONTIG);
    const int len[NB] = {2, 1, 3};
    for (int i = 0; i < T_; i++)
        ot_set(&c.ssi, i, i);
    for (int b = 0; b < NB; b++)
        ot_set(&c.asl, b, len[b]), ot_set(&c.nat, b, 1);
    uint64_t ws;
    aclOpExecutor *ex;
#define GDR(q, k, st, asl, ssi, g, out)                                                            \
    aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(q, k, c.v.t, c.beta.t, st, asl, ssi, g, NULL,     \
                                                 NULL, 1.0f, out, &ws, &ex)
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GDR(NULL, c.k.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GDR(c.q.t, c.k.t, NULL, c.asl.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GDR(c.q.t, c.k.t, c.state.t, NULL, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GDR(c.q.t, c.k.t, c.state.t, c.asl.t, c.ssi.t, NULL, NULL));
    /* types: FLOAT query; key of another type; g not FLOAT; INT64 lengths */
    ot_tensor f32q, f16k, bfg, i64l, badshape;
    const int64_t dq[3] = {T_, NK, DK}, dg[2] = {T_, NV}, dl[1] = {NB}, dbad[3] = {T_, 3, DK};
    ot_make(&f32q, ACL_FLOAT, 3, dq, L_CONTIG);
    ot_make(&f16k, ACL_FLOAT16, 3, dq, L_CONTIG);
    ot_make(&bfg, ACL_BF16, 2, dg, L_CONTIG);
    ot_make(&i64l, ACL_INT64, 1, dl, L_CONTIG);
    ot_make(&badshape, ACL_BF16, 3, dbad, L_CONTIG); /* Nk 3 does not divide Nv 4 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(f32q.t, c.k.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(c.q.t, f16k.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(c.q.t, c.k.t, c.state.t, c.asl.t, c.ssi.t, bfg.t, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(c.q.t, c.k.t, c.state.t, i64l.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             GDR(badshape.t, badshape.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    /* shapes: out of another shape; state with a wrong Dk; ssi too short */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(c.q.t, c.k.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.beta.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(c.q.t, c.k.t, c.out.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(c.q.t, c.k.t, c.state.t, c.asl.t, c.asl.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnRecurrentGatedDeltaRuleGetWorkspaceSize(c.q.t, c.k.t, c.v.t, c.beta.t, c.state.t,
                                                          c.asl.t, c.ssi.t, NULL, NULL, NULL, NAN,
                                                          c.out.t, &ws, &ex));
    /* launch faults, nothing written: a state index past the blocks, lengths past T */
    for (int k = 0; k < 2; k++) {
        if (k == 0)
            ot_set(&c.ssi, 4, BLK);
        else
            ot_set(&c.ssi, 4, 4), ot_set(&c.asl, 2, 4);
        for (int64_t i = 0; i < c.out.numel; i++)
            ot_set(&c.out, i, 7);
        CHECK_NN(ACLNN_SUCCESS, GDR(c.q.t, c.k.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.out.t));
        CHECK_NN(ACLNN_SUCCESS, aclnnRecurrentGatedDeltaRule(NULL, ws, ex, g_stream));
        CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
        for (int64_t i = 0; i < c.out.numel; i++)
            CHECK(ot_get(&c.out, i) == 7);
    }
#undef GDR
    OT_FREE(&f32q, &f16k, &bfg, &i64l, &badshape);
    gdr_free(&c);
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
            double want = 0;
            for (int64_t k = k0; k < k0 + kl; k++)
                want += at(x, xr0 + i, k, 0, 0) * wval(w, e, k, n);
            if (bias)
                want += bias->nd == 2 ? at(bias, be, n, 0, 0) : at(bias, n, 0, 0, 0);
            double got = y->nd == 3 ? at(y, yb, r0 + i, n, 0) : at(y, r0 + i, n, 0, 0);
            if (!ot_close(dt, dt, got, want)) {
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
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnGroupedMatmulV3GetWorkspaceSize(x, w, b, NULL, NULL, as, ao, gl,
                                                                 split, gt, y, &ws, &ex));
    ot_run(aclnnGroupedMatmulV3, ws, ex);
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
                wv[e][k][n] = (int8_t)((e * 31 + k * 7 + n * 5) % (int4 ? 16 : 200) - (int4 ? 8 : 100));
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
    ot_tensor x = mk(ACL_FLOAT, 2, 4, 3, 0, L_CONTIG, -1, 1), w = mk(ACL_FLOAT, 3, 2, 3, 2, L_CONTIG, -1, 1);
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
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl32.t, 3, 0, ly));  /* groupList INT32 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, NULL, 3, 0, ly));    /* groupList required */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 0, 0, ly));    /* one y needs 2/3 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 3, 1, ly));    /* split N */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 3, -1, ly));   /* 2/3 with -1 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 0, -1, ly));   /* -1: no groupList */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw16, gl.t, 3, 0, ly));  /* weight type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, gl.t, 3, 2, ly));    /* K split: x not transposed */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lx, lw, y.t, 3, 0, ly));     /* groupList 2-d */
    ot_tensor xt = mk(ACL_FLOAT, 2, 4, 3, 0, L_TRANS, -1, 1), *xts[1] = {&xt};
    aclTensorList *lxt = list_of(xts, 1);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GMM(lxt, lw, gl.t, 3, 0, ly));   /* split M: x transposed */
    list_drop(lxt, xts, 1);
    ot_free(&xt);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnGroupedMatmulV3GetWorkspaceSize(lx, lw, NULL, lx, NULL, NULL, NULL, gl.t, 3, 0,
                                                  ly, &ws, &ex)); /* quantised x: not supported */
#undef GMM
    list_drop(lx, xs, 1);
    list_drop(lw, wsl, 1);
    list_drop(ly, ys, 1);
    list_drop(lw16, w16s, 1);
    OT_FREE(&gl, &gl32);
    ot_free(&x), ot_free(&w), ot_free(&y), ot_free(&w16);
}

int main(void)
{
    ot_init();
    test_gdr();
    test_gdr_errors();
    const aclDataType dts[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int d = 0; d < 3; d++) {
        for (int l = 0; l < L_COUNT; l++) {
            test_gmm_nosplit(dts[d], l);
            test_gmm_m_w3(dts[d], l);
            test_gmm_m_lists(dts[d], l);
        }
        test_gmm_k(dts[d]);
    }
    for (int q = 0; q < 2; q++) {
        test_gmm_antiquant(ACL_FLOAT16, q);
        test_gmm_antiquant(ACL_BF16, q);
    }
    test_gmm_errors();
    ot_fini();
    printf("ops_gdr_gmm: ok\n");
    return 0;
}
