/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnRecurrentGatedDeltaRule against a straightforward double-precision
 * host reference: every case (packed sequences with accepted-token offsets,
 * decays present / absent, state in BFLOAT16 / FLOAT), strided views,
 * untouched outputs, phase-1 codes and launch-time faults.
 */
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
    ot_tensor *all[] = {&c->q,   &c->k, &c->v,  &c->beta, &c->state, &c->asl,
                        &c->ssi, &c->g, &c->gk, &c->nat,  &c->out};
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
    OT_RUN(aclnnRecurrentGatedDeltaRule, c.q.t, c.k.t, c.v.t, c.beta.t, c.state.t, c.asl.t, c.ssi.t,
           decay ? c.g.t : NULL, decay ? c.gk.t : NULL, with_nat ? c.nat.t : NULL, scale, c.out.t);
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
    const int len[NB] = {2, 0, 3};      /* token 5 is in no sequence */
    const int nat[NB] = {2, 1, 1};      /* sequence 0 starts from the state of its token 1 */
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
    OT_MAKE_CONTIG({&f32q, ACL_FLOAT, 3, dq}, {&f16k, ACL_FLOAT16, 3, dq}, {&bfg, ACL_BF16, 2, dg},
                   {&i64l, ACL_INT64, 1, dl});
    ot_make(&badshape, ACL_BF16, 3, dbad, L_CONTIG); /* Nk 3 does not divide Nv 4 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             GDR(f32q.t, c.k.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             GDR(c.q.t, f16k.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             GDR(c.q.t, c.k.t, c.state.t, c.asl.t, c.ssi.t, bfg.t, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(c.q.t, c.k.t, c.state.t, i64l.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             GDR(badshape.t, badshape.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    /* shapes: out of another shape; state with a wrong Dk; ssi too short */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             GDR(c.q.t, c.k.t, c.state.t, c.asl.t, c.ssi.t, NULL, c.beta.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GDR(c.q.t, c.k.t, c.out.t, c.asl.t, c.ssi.t, NULL, c.out.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             GDR(c.q.t, c.k.t, c.state.t, c.asl.t, c.asl.t, NULL, c.out.t));
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRecurrentGatedDeltaRule, c.q.t, c.k.t, c.v.t, c.beta.t,
             c.state.t, c.asl.t, c.ssi.t, NULL, NULL, NULL, NAN, c.out.t);
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

int main(void)
{
    ot_init();
    test_gdr();
    test_gdr_errors();
    ot_fini();
    printf("ops_gated_delta_rule: ok\n");
    return 0;
}
