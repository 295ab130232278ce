/* SPDX-License-Identifier: Apache-2.0 */
/* aclnnRotaryPositionEmbedding against a double-precision reference built here
 * from the documented formulas: all four modes, every accepted cos/sin layout
 * (BNSD, BSND, SBND, TND and their broadcast forms), float/float16/bfloat16,
 * odd half head dims, non-contiguous views of every tensor, in place, empty
 * tensors, and every phase-1 error with its code and a message. ApplyRotaryPosEmb
 * (V1, V2): query and key rotated in place in each layout and mode, and its
 * codes (its torch test: tests/python/test_apply_rotary_pos_emb_torch.py);
 * InterleaveRope in place and its codes (test_interleave_rope_torch.py);
 * RopeWithSinCosCache's formula, its launch fault and codes
 * (test_rope_with_sin_cos_cache_torch.py); RotaryPositionEmbeddingGrad against the
 * forward's Jacobian in every mode, and its codes (test_rope_grad_torch.py). */
#include "optest.h"

#include "aclnnop/aclnn_apply_rotary_pos_emb.h"
#include "aclnnop/aclnn_apply_rotary_pos_emb_v2.h"
#include "aclnnop/aclnn_interleave_rope.h"
#include "aclnnop/aclnn_rope_with_sin_cos_cache.h"
#include "aclnnop/aclnn_rotary_position_embedding.h"
#include "aclnnop/aclnn_rotary_position_embedding_grad.h"

static int g_cases;

static const aclDataType DTS[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

#define MAXD 1024

/* ---- reference ---------------------------------------------------------------------------------
 */

/* One row of the documented formulas, written as the torch expressions are:
 * out = part1 * cos + rotate * sin, part1 = x except in mode 3. scale gets
 * |part1 * cos| + |rotate * sin| per element (for the tolerance). */
static void ref_row(int mode, int D, const double *x, const double *c, const double *s, double *y,
                    double *scale)
{
    double part1[MAXD], rot[MAXD];
    int n = 0;
    switch (mode) {
    case 0: /* x_rotate = cat(-x[h:], x[:h]) */
        for (int i = D / 2; i < D; i++)
            rot[n++] = -x[i];
        for (int i = 0; i < D / 2; i++)
            rot[n++] = x[i];
        memcpy(part1, x, sizeof(double) * (size_t)D);
        break;
    case 1: /* cat((-x[1::2], x[::2]) as columns): pairs (-odd, even) */
        for (int i = 0; i < D; i += 2) {
            rot[n++] = -x[i + 1];
            rot[n++] = x[i];
        }
        memcpy(part1, x, sizeof(double) * (size_t)D);
        break;
    case 2: { /* cat(-x2, x1, -x4, x3) over quarters */
        int q = D / 4;
        for (int i = q; i < 2 * q; i++)
            rot[n++] = -x[i];
        for (int i = 0; i < q; i++)
            rot[n++] = x[i];
        for (int i = 3 * q; i < D; i++)
            rot[n++] = -x[i];
        for (int i = 2 * q; i < 3 * q; i++)
            rot[n++] = x[i];
        memcpy(part1, x, sizeof(double) * (size_t)D);
        break;
    }
    default: { /* part1 = cat(x[::2], x[1::2]), rotate = cat(-x[1::2], x[::2]) */
        int m = 0;
        for (int i = 0; i < D; i += 2)
            part1[m++] = x[i];
        for (int i = 1; i < D; i += 2)
            part1[m++] = x[i];
        for (int i = 1; i < D; i += 2)
            rot[n++] = -x[i];
        for (int i = 0; i < D; i += 2)
            rot[n++] = x[i];
        break;
    }
    }
    for (int i = 0; i < D; i++) {
        y[i] = part1[i] * c[i] + rot[i] * s[i];
        scale[i] = fabs(part1[i] * c[i]) + fabs(rot[i] * s[i]);
    }
}

/* Computed in float and rounded once to t: within one ulp of t plus float's
 * rounding of the two products and the sum. */
static bool close_enough(aclDataType t, double got, double want, double scale)
{
    double u = t == ACL_FLOAT ? ldexp(1, -23) : t == ACL_FLOAT16 ? ldexp(1, -10) : ldexp(1, -7);
    double tiny = t == ACL_FLOAT16 ? ldexp(1, -24) : 1e-37;
    return fabs(got - want) <= u * fabs(want) + 4 * ldexp(1, -24) * scale + tiny;
}

/* ---- one checked run ------------------------------------------------------------------------- */

/* x [xd], cos/sin [cd] (same rank), layouts of x, cos, sin, out; in place
 * when lo < 0 (out is x). */
static void check_rope(aclDataType dt, int mode, int nd, const int64_t *xd, const int64_t *cd,
                       int lx, int lc, int ls, int lo)
{
    int D = (int)xd[nd - 1];
    ot_tensor x, c, s, o;
    ot_make(&x, dt, nd, xd, lx);
    ot_make(&c, dt, nd, cd, lc);
    ot_make(&s, dt, nd, cd, ls);
    bool inplace = lo < 0;
    if (!inplace)
        ot_make(&o, dt, nd, xd, lo);
    ot_fill(&x, -2, 2);
    ot_fill(&c, -1, 1);
    ot_fill(&s, -1, 1);
    /* the inputs as stored (x is overwritten when in place) */
    double *xv = ot_values(&x);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnRotaryPositionEmbeddingGetWorkspaceSize(
                                x.t, c.t, s.t, mode, inplace ? x.t : o.t, &ws, &ex));
    aclDestroyTensor(c.t); /* the executor owns what it needs */
    c.t = NULL;
    ot_run(aclnnRotaryPositionEmbedding, ws, ex);
    const ot_tensor *out = inplace ? &x : &o;
    double xr[MAXD], cr[MAXD], sr[MAXD], want[MAXD], scale[MAXD];
    for (int64_t row = 0; row * D < x.numel; row++) {
        for (int i = 0; i < D; i++) {
            int64_t lin = row * D + i, ci = ot_bcast_index(lin, xd, nd, cd, nd);
            xr[i] = xv[lin];
            cr[i] = ot_get(&c, ci);
            sr[i] = ot_get(&s, ci);
        }
        ref_row(mode, D, xr, cr, sr, want, scale);
        for (int i = 0; i < D; i++) {
            double got = ot_get(out, row * D + i);
            if (!close_enough(dt, got, want[i], scale[i])) {
                fprintf(stderr,
                        "mode %d %s x [%lld %lld %lld %lld] (nd %d) cos [%lld %lld %lld %lld] "
                        "layouts %d%d%d%d: out[%lld][%d] = %.9g, want %.9g\n",
                        mode, ot_dt_name(dt), (long long)xd[0], (long long)xd[1], (long long)xd[2],
                        (long long)(nd > 3 ? xd[3] : 0), nd, (long long)cd[0], (long long)cd[1],
                        (long long)cd[2], (long long)(nd > 3 ? cd[3] : 0), lx, lc, ls, lo,
                        (long long)row, i, got, want[i]);
                exit(1);
            }
        }
    }
    CHECK(ot_gaps_intact(out));
    CHECK(ot_gaps_intact(&c));
    free(xv);
    OT_FREE(&x, &c, &s);
    if (!inplace)
        ot_free(&o);
    g_cases++;
}

/* ---- accepted layouts ------------------------------------------------------------------------ */

struct rcase {
    int mode, nd;
    int64_t x[3], c[3]; /* leading dims */
    int64_t D[4];       /* head dims to try (0 ends) */
};

static const struct rcase CASES[] = {
    /* mode 0 (half): Atlas A2 forms */
    {0, 4, {2, 3, 5}, {1, 1, 5}, {32, 64, 130}}, /* BNSD, 11SD (D/2 aligned, or D >= 80) */
    {0, 4, {1, 3, 5}, {1, 1, 5}, {2, 6, 10}},    /* B = 1 */
    {0, 4, {2, 3, 5}, {2, 1, 5}, {2, 6, 64}},    /* B1SD */
    {0, 4, {2, 3, 5}, {2, 3, 5}, {2, 10}},       /* BNSD = cos */
    {0, 4, {2, 5, 3}, {1, 5, 1}, {2, 6, 34}},    /* BSND, 1S1D */
    {0, 4, {2, 5, 3}, {2, 5, 1}, {6}},           /* BS1D */
    {0, 4, {5, 2, 3}, {5, 1, 1}, {2, 6, 18}},    /* SBND, S11D */
    {0, 4, {5, 2, 3}, {5, 2, 1}, {10}},          /* SB1D */
    {0, 4, {2, 3, 1}, {1, 1, 1}, {6}},           /* S = 1: 11SD */
    {0, 3, {7, 3}, {7, 1}, {2, 6, 66}},          /* TND, T1D */
    {0, 3, {7, 3}, {7, 3}, {10}},                /* TND */
    {0, 4, {1, 2, 1}, {1, 1, 1}, {896}},         /* the largest D */
    /* mode 1 (interleave) */
    {1, 4, {2, 3, 5}, {1, 1, 5}, {2, 6, 64}},
    {1, 4, {2, 5, 3}, {1, 5, 1}, {2, 10}},
    {1, 4, {5, 2, 3}, {5, 1, 1}, {6, 130}},
    {1, 4, {2, 3, 1}, {1, 1, 1}, {4}},
    {1, 3, {7, 3}, {7, 1}, {2, 18}},
    {1, 4, {1, 2, 1}, {1, 1, 1}, {896}},
    /* mode 2 (quarter): any broadcast */
    {2, 4, {2, 3, 5}, {1, 1, 5}, {4, 12, 20}},
    {2, 4, {2, 5, 3}, {1, 5, 3}, {8}},
    {2, 4, {2, 3, 5}, {1, 1, 1}, {4}},
    {2, 4, {2, 3, 5}, {2, 3, 5}, {36}},
    {2, 4, {3, 2, 4}, {3, 1, 4}, {12}},
    {2, 3, {7, 3}, {7, 1}, {4, 12}},
    {2, 3, {7, 3}, {7, 3}, {8}},
    {2, 4, {1, 1, 2}, {1, 1, 2}, {1024}},
    /* mode 3 (interleave-half) */
    {3, 4, {2, 3, 5}, {1, 1, 5}, {2, 6, 34}},
    {3, 4, {2, 5, 3}, {1, 5, 3}, {10}},
    {3, 4, {2, 3, 5}, {1, 1, 1}, {2}},
    {3, 4, {2, 3, 5}, {2, 3, 5}, {14}},
    {3, 3, {7, 3}, {7, 1}, {2, 6}},
    {3, 3, {7, 3}, {7, 3}, {18}},
    {3, 4, {1, 1, 2}, {1, 1, 2}, {1024}},
};
#define NCASES ((int)(sizeof CASES / sizeof CASES[0]))

static void test_values(void)
{
    int k = 0;
    for (int i = 0; i < NCASES; i++) {
        const struct rcase *r = &CASES[i];
        for (int j = 0; j < 4 && r->D[j]; j++)
            for (int t = 0; t < 3; t++, k++) {
                int64_t xd[4], cd[4];
                for (int d = 0; d < r->nd - 1; d++) {
                    xd[d] = r->x[d];
                    cd[d] = r->c[d];
                }
                xd[r->nd - 1] = cd[r->nd - 1] = r->D[j];
                /* every tensor gets a different layout, rotating */
                check_rope(DTS[t], r->mode, r->nd, xd, cd, k % L_COUNT, (k + 1) % L_COUNT,
                           (k + 2) % L_COUNT, (k + 3) % L_COUNT);
            }
    }
    /* RP6: large enough to split by rows (ops_rope_w3 runs with 3 workers): contiguous,
     * a padded out, in place */
    {
        int64_t xd[4] = {1, 16, 100, 128}, cd[4] = {1, 1, 100, 128};
        check_rope(ACL_FLOAT, 0, 4, xd, cd, L_CONTIG, L_CONTIG, L_CONTIG, L_CONTIG);
        check_rope(ACL_FLOAT16, 1, 4, xd, cd, L_CONTIG, L_CONTIG, L_CONTIG, L_GAP);
        check_rope(ACL_FLOAT, 0, 4, xd, cd, L_CONTIG, L_CONTIG, L_CONTIG, -1);
    }
    /* RP7: float32 rows of unit stride along D (x, cos, sin, out; a padded view keeps it)
     * run the vector row: modes 0 and 1, D with and without a vector tail in every build,
     * out separate, padded, or x itself */
    for (int mode = 0; mode < 2; mode++) {
        static const int64_t Ds[] = {2, 18, 64, 130, 896};
        for (int j = 0; j < 5; j++) {
            int64_t xd[4] = {1, 6, 5, Ds[j]}, cd[4] = {1, 1, 5, Ds[j]};
            check_rope(ACL_FLOAT, mode, 4, xd, cd, L_CONTIG, L_CONTIG, L_CONTIG, L_CONTIG);
            check_rope(ACL_FLOAT, mode, 4, xd, cd, L_GAP, L_GAP, L_CONTIG, L_GAP);
            check_rope(ACL_FLOAT, mode, 4, xd, cd, L_GAP, L_CONTIG, L_GAP, -1);
        }
    }
    /* every combination of layouts, every mode, one small broadcast shape */
    for (int mode = 0; mode < 4; mode++) {
        int64_t xd[4] = {2, 5, 3, mode == 2 ? 8 : 6}, cd[4] = {1, 5, 1, xd[3]};
        for (int l = 0; l < L_COUNT * L_COUNT * L_COUNT * L_COUNT; l++)
            check_rope(DTS[l % 3], mode, 4, xd, cd, l % L_COUNT, l / L_COUNT % L_COUNT,
                       l / 16 % L_COUNT, l / 64);
    }
    /* in place: out is x itself */
    for (int mode = 0; mode < 4; mode++)
        for (int t = 0; t < 3; t++) {
            int64_t xd[4] = {2, 4, 3, mode == 2 ? 12 : 10}, cd[4] = {1, 4, 1, xd[3]};
            check_rope(DTS[t], mode, 4, xd, cd, (mode + t) % L_COUNT, L_TRANS, L_GAP, -1);
            int64_t td[3] = {5, 3, xd[3]}, tc[3] = {5, 1, xd[3]};
            check_rope(DTS[t], mode, 3, td, tc, L_STEP, L_CONTIG, L_TRANS, -1);
        }
    /* cos and sin may be one tensor */
    {
        int64_t xd[4] = {3, 2, 2, 6}, cd[4] = {3, 1, 1, 6};
        ot_tensor x, c, o;
        ot_make(&x, ACL_FLOAT, 4, xd, L_GAP);
        ot_make(&c, ACL_FLOAT, 4, cd, L_TRANS);
        ot_make(&o, ACL_FLOAT, 4, xd, L_STEP);
        ot_fill(&x, -2, 2);
        ot_fill(&c, -1, 1);
        uint64_t ws;
        aclOpExecutor *ex;
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnRotaryPositionEmbeddingGetWorkspaceSize(x.t, c.t, c.t, 0, o.t, &ws, &ex));
        ot_run(aclnnRotaryPositionEmbedding, ws, ex);
        for (int64_t row = 0; row < x.numel / 6; row++) {
            double xr[6], cr[6], want[6], scale[6];
            for (int i = 0; i < 6; i++) {
                xr[i] = ot_get(&x, row * 6 + i);
                cr[i] = ot_get(&c, ot_bcast_index(row * 6 + i, xd, 4, cd, 4));
            }
            ref_row(0, 6, xr, cr, cr, want, scale);
            for (int i = 0; i < 6; i++)
                CHECK(close_enough(ACL_FLOAT, ot_get(&o, row * 6 + i), want[i], scale[i]));
        }
        OT_FREE(&x, &c, &o);
        g_cases++;
    }
    /* A repeatable executor reads its inputs at each launch. */
    {
        int64_t xd[3] = {4, 2, 8}, cd[3] = {4, 1, 8};
        ot_tensor x, c, s, o;
        ot_make(&x, ACL_BF16, 3, xd, L_CONTIG);
        ot_make(&c, ACL_BF16, 3, cd, L_STEP);
        ot_make(&s, ACL_BF16, 3, cd, L_GAP);
        ot_make(&o, ACL_BF16, 3, xd, L_TRANS);
        uint64_t ws;
        aclOpExecutor *ex;
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnRotaryPositionEmbeddingGetWorkspaceSize(x.t, c.t, s.t, 3, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclSetAclOpExecutorRepeatable(ex));
        for (int round = 0; round < 3; round++) {
            ot_fill(&x, -2, 2);
            ot_fill(&c, -1, 1);
            ot_fill(&s, -1, 1);
            CHECK_NN(ACLNN_SUCCESS, aclnnRotaryPositionEmbedding(NULL, ws, ex, g_stream));
            CHECK_OK(aclrtSynchronizeStream(g_stream));
            for (int64_t row = 0; row < x.numel / 8; row++) {
                double xr[8], cr[8], sr[8], want[8], scale[8];
                for (int i = 0; i < 8; i++) {
                    int64_t ci = ot_bcast_index(row * 8 + i, xd, 3, cd, 3);
                    xr[i] = ot_get(&x, row * 8 + i);
                    cr[i] = ot_get(&c, ci);
                    sr[i] = ot_get(&s, ci);
                }
                ref_row(3, 8, xr, cr, sr, want, scale);
                for (int i = 0; i < 8; i++)
                    CHECK(close_enough(ACL_BF16, ot_get(&o, row * 8 + i), want[i], scale[i]));
            }
        }
        CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
        OT_FREE(&x, &c, &s, &o);
        g_cases++;
    }
}

/* ---- empty tensors --------------------------------------------------------------------------- */

static bool all_poison(const ot_tensor *x)
{
    for (size_t i = 0; i < x->bytes; i++)
        if (((unsigned char *)x->buf)[i] != 0xA5)
            return false;
    return true;
}

/* An empty out: success, nothing runs, whatever x, cos, sin and mode are. */
static void check_empty(int nd, const int64_t *xd, const int64_t *cd, int ond, const int64_t *od,
                        aclDataType xdt, int64_t mode)
{
    ot_tensor x, c, s, o;
    ot_make(&x, xdt, nd, xd, L_GAP);
    ot_make(&c, ACL_FLOAT, nd, cd, L_CONTIG);
    ot_make(&s, ACL_FLOAT, nd, cd, L_STEP);
    ot_make(&o, ACL_FLOAT, ond, od, L_TRANS);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnRotaryPositionEmbeddingGetWorkspaceSize(x.t, c.t, s.t, mode, o.t, &ws, &ex));
    CHECK(ex != NULL);
    ot_run(aclnnRotaryPositionEmbedding, ws, ex);
    CHECK(all_poison(&o) && all_poison(&x));
    OT_FREE(&x, &c, &s, &o);
    g_cases++;
}

static void test_empty(void)
{
    int64_t x0[4] = {2, 0, 3, 8}, c0[4] = {1, 0, 1, 8};
    int64_t xd0[4] = {2, 3, 4, 0}, cd0[4] = {1, 1, 4, 0};
    int64_t t0[3] = {0, 3, 6}, tc0[3] = {0, 1, 6};
    int64_t xf[4] = {2, 3, 4, 8}, cf[4] = {1, 1, 4, 8}, o0[2] = {0, 8};
    for (int mode = 0; mode < 4; mode++) {
        check_empty(4, x0, c0, 4, x0, ACL_FLOAT, mode);
        check_empty(4, xd0, cd0, 4, xd0, ACL_FLOAT, mode); /* D = 0 */
        check_empty(3, t0, tc0, 3, t0, ACL_FLOAT, mode);   /* T = 0 */
    }
    /* P4: as AscendCL, an empty out returns before x, cos, sin and mode are checked */
    check_empty(4, xf, cf, 2, o0, ACL_FLOAT, 0);
    check_empty(4, xf, cf, 4, x0, ACL_INT32, 7);
}

/* ---- errors ---------------------------------------------------------------------------------- */

#define NPOOL 1024
static ot_tensor g_pool[NPOOL];
static int g_npool;

/* A contiguous tensor of type dt and shape (d0, d1, ...) (nd of them). */
static aclTensor *T(aclDataType dt, int nd, int64_t d0, int64_t d1, int64_t d2, int64_t d3,
                    int64_t d4)
{
    int64_t d[5] = {d0, d1, d2, d3, d4};
    CHECK(g_npool < NPOOL);
    ot_tensor *t = &g_pool[g_npool++];
    ot_make(t, dt, nd, d, L_CONTIG);
    ot_fill(t, -1, 1);
    return t->t;
}
#define T4(dt, a, b, c, d) T(dt, 4, a, b, c, d, 1)
#define T3(dt, a, b, c) T(dt, 3, a, b, c, 1, 1)
#define F4(a, b, c, d) T4(ACL_FLOAT, a, b, c, d)
#define F3(a, b, c) T3(ACL_FLOAT, a, b, c)

static uint64_t g_ws;
static aclOpExecutor *g_ex;
#define WS1(x, c, s, m, o) aclnnRotaryPositionEmbeddingGetWorkspaceSize(x, c, s, m, o, &g_ws, &g_ex)
/* phase 1 refuses with 161002 and a message */
#define REFUSE(x, c, m) CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, c, m, x))
/* phase 1 accepts (the executor is destroyed unlaunched) */
#define ACCEPT(x, c, m)                                                                            \
    do {                                                                                           \
        CHECK_NN(ACLNN_SUCCESS, WS1(x, c, c, m, x));                                               \
        CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(g_ex));                                    \
    } while (0)

static void test_errors(void)
{
    /* float, BNSD, 11SD; D/2 = 8 floats is 32 bytes, B * N <= 8 * S */
    aclTensor *x = F4(2, 3, 4, 16), *c = F4(1, 1, 4, 16), *s = F4(1, 1, 4, 16),
              *o = F4(2, 3, 4, 16);
    CHECK_NN(ACLNN_SUCCESS, WS1(x, c, s, 0, o));
    CHECK(g_ws == 0);
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(g_ex));

    /* NULL pointers */
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, WS1(NULL, c, s, 0, o));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, WS1(x, NULL, s, 0, o));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, WS1(x, c, NULL, 0, o));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, WS1(x, c, s, 0, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnRotaryPositionEmbeddingGetWorkspaceSize(x, c, s, 0, o, NULL, &g_ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnRotaryPositionEmbeddingGetWorkspaceSize(x, c, s, 0, o, &g_ws, NULL));

    /* data types: FLOAT, FLOAT16, BFLOAT16, all four the same */
    static const aclDataType bad[] = {ACL_DOUBLE, ACL_INT32, ACL_INT8, ACL_BOOL, ACL_INT64};
    for (int i = 0; i < 5; i++) {
        aclTensor *xb = T4(bad[i], 2, 3, 4, 8), *cb = T4(bad[i], 1, 1, 4, 8);
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(xb, cb, cb, 0, xb));
    }
    aclTensor *ch = T4(ACL_FLOAT16, 1, 1, 4, 8), *cbf = T4(ACL_BF16, 1, 1, 4, 8),
              *oh = T4(ACL_FLOAT16, 2, 3, 4, 8);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, ch, s, 0, o));  /* cos */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, cbf, 0, o)); /* sin */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, s, 0, oh));  /* out */
    aclTensor *xh = T4(ACL_FLOAT16, 2, 3, 4, 8);
    CHECK_NN(ACLNN_SUCCESS, WS1(xh, ch, ch, 1, oh));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(g_ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(xh, ch, cbf, 1, oh));

    /* modes */
    static const int64_t badmode[] = {-1, 4, 5, 99, INT64_MIN, INT64_MAX};
    for (int i = 0; i < 6; i++)
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, s, badmode[i], o));

    /* ranks: x 3-d or 4-d, cos and sin of x's rank */
    aclTensor *x2 = T(ACL_FLOAT, 2, 4, 8, 1, 1, 1), *x5 = T(ACL_FLOAT, 5, 1, 2, 3, 4, 8),
              *c5 = T(ACL_FLOAT, 5, 1, 1, 1, 4, 8), *c3 = F3(1, 4, 16),
              *c2 = T(ACL_FLOAT, 2, 4, 16, 1, 1, 1);
    REFUSE(x2, x2, 0);
    REFUSE(x5, c5, 0);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c3, c3, 0, o));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, c3, 0, o));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(F3(4, 3, 16), c2, c2, 0, F3(4, 3, 16)));

    /* shapes: out = x, sin = cos, cos's D = x's D */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, s, 0, F4(2, 3, 4, 6)));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, s, 0, F4(2, 4, 3, 16)));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, s, 0, F3(6, 4, 16)));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, F4(2, 3, 4, 16), 0, o)); /* sin BNSD, cos 11SD */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c, F4(1, 1, 4, 6), 0, o));
    aclTensor *c6 = F4(1, 1, 4, 6);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c6, c6, 0, o));
    aclTensor *c32 = F4(1, 1, 4, 32);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WS1(x, c32, c32, 0, o));

    /* head dim: even (mode 2: a multiple of 4), at most 896 (modes 0, 1) or 1024 */
    for (int m = 0; m < 4; m++) {
        REFUSE(F4(2, 3, 4, 7), F4(1, 1, 4, 7), m);
        REFUSE(F3(4, 3, 1), F3(4, 1, 1), m);
        REFUSE(F3(4, 3, 9), F3(4, 1, 9), m);
    }
    REFUSE(F4(2, 5, 3, 6), F4(1, 5, 1, 6), 2);
    REFUSE(F3(4, 3, 10), F3(4, 1, 10), 2);
    ACCEPT(F4(2, 5, 3, 6), F4(1, 5, 1, 6), 3);
    for (int m = 0; m < 2; m++) {
        ACCEPT(F4(1, 1, 2, 896), F4(1, 1, 2, 896), m);
        REFUSE(F4(1, 1, 2, 898), F4(1, 1, 2, 898), m);
        REFUSE(F4(1, 1, 2, 1024), F4(1, 1, 2, 1024), m);
    }
    for (int m = 2; m < 4; m++) {
        ACCEPT(F4(1, 1, 2, 1024), F4(1, 1, 2, 1024), m);
        REFUSE(F4(1, 1, 2, 1028), F4(1, 1, 2, 1028), m);
    }

    /* layouts, mode 0: 1SND and 111D over a BSND x are no documented form */
    REFUSE(F4(2, 5, 3, 8), F4(1, 5, 3, 8), 0);
    REFUSE(F4(2, 5, 3, 8), F4(1, 1, 1, 8), 0);
    REFUSE(F4(2, 5, 3, 8), F4(2, 1, 3, 8), 1); /* mode 1 never broadcasts over N alone */
    REFUSE(F4(2, 5, 3, 8), F4(3, 5, 1, 8), 0); /* not a broadcast */
    REFUSE(F4(2, 5, 3, 8), F4(2, 5, 6, 8), 0);
    REFUSE(F3(7, 3, 8), F3(1, 3, 8), 0); /* TND: T1D or TND */
    REFUSE(F3(7, 3, 8), F3(1, 1, 8), 0);
    ACCEPT(F3(1, 3, 8), F3(1, 1, 8), 0); /* T = 1: that is T1D */
    ACCEPT(F3(7, 3, 8), F3(7, 1, 8), 0);
    ACCEPT(F3(7, 3, 8), F3(7, 3, 8), 0);
    ACCEPT(F4(2, 5, 1, 8), F4(1, 5, 1, 8), 0); /* N = 1: 1SND is 1S1D */
    /* mode 1: only the forms broadcasting over B and N */
    REFUSE(F4(2, 5, 3, 8), F4(2, 5, 3, 8), 1);
    REFUSE(F4(2, 5, 3, 8), F4(2, 5, 1, 8), 1);
    REFUSE(F4(2, 3, 5, 8), F4(2, 1, 5, 8), 1);
    REFUSE(F3(7, 3, 8), F3(7, 3, 8), 1);
    ACCEPT(F3(7, 1, 8), F3(7, 1, 8), 1); /* N = 1 */
    ACCEPT(F4(2, 3, 5, 8), F4(1, 1, 5, 8), 1);
    ACCEPT(F4(5, 2, 3, 8), F4(5, 1, 1, 8), 1);
    /* modes 2, 3: any broadcast in 4-d; TND only over N */
    for (int m = 2; m < 4; m++) {
        ACCEPT(F4(2, 5, 3, 8), F4(1, 5, 3, 8), m);
        ACCEPT(F4(2, 5, 3, 8), F4(1, 1, 1, 8), m);
        ACCEPT(F4(2, 5, 3, 8), F4(2, 1, 3, 8), m);
        REFUSE(F4(2, 5, 3, 8), F4(3, 5, 1, 8), m);
        REFUSE(F4(2, 5, 3, 8), F4(1, 5, 2, 8), m);
        ACCEPT(F3(7, 3, 8), F3(7, 1, 8), m);
        REFUSE(F3(7, 3, 8), F3(1, 3, 8), m);
        REFUSE(F3(7, 3, 8), F3(1, 1, 8), m);
    }

    /* mode 0: B < 1000 and N < 1000 under some reading of x */
    ACCEPT(F4(999, 3, 2, 2), F4(1, 3, 1, 2), 0); /* BSND, 1S1D */
    REFUSE(F4(1000, 3, 2, 2), F4(1, 3, 1, 2), 0);
    REFUSE(F4(2, 3, 1000, 2), F4(1, 3, 1, 2), 0);
    ACCEPT(F4(2, 3, 999, 2), F4(1, 3, 1, 2), 0);
    ACCEPT(F4(1000, 2, 3, 2), F4(1000, 2, 3, 2), 0); /* = cos: also SBND with S = 1000 */
    REFUSE(F3(2, 1000, 2), F3(2, 1, 2), 0);          /* TND: N < 1000 */
    ACCEPT(F3(2, 999, 2), F3(2, 1, 2), 0);
    /* mode 1: B * N < 1000 (TND: N < 1000) */
    REFUSE(F4(100, 3, 10, 2), F4(1, 3, 1, 2), 1);
    ACCEPT(F4(111, 3, 9, 2), F4(1, 3, 1, 2), 1);
    REFUSE(F3(3, 1000, 2), F3(3, 1, 2), 1);
    ACCEPT(F3(3, 999, 2), F3(3, 1, 2), 1);
    ACCEPT(F4(1000, 3, 2, 4), F4(1, 3, 1, 4), 2); /* no such limits in modes 2, 3 */
    ACCEPT(F3(3, 1000, 2), F3(3, 1, 2), 3);

    /* mode 0, BNSD x with 11SD cos/sin (B, N, S > 1): D/2 a multiple of 32
     * bytes' worth of elements: B * N <= 8 * S; otherwise 2 * B * N <=
     * ceil(S / 40) or D >= 80 */
    ACCEPT(F4(4, 4, 2, 16), F4(1, 1, 2, 16), 0);   /* float: 16 <= 16 */
    REFUSE(F4(3, 6, 2, 16), F4(1, 1, 2, 16), 0);   /* 18 > 16 */
    ACCEPT(F4(3, 6, 2, 16), F4(1, 1, 2, 16), 1);   /* not in mode 1 */
    ACCEPT(F4(3, 6, 2, 16), F4(1, 1, 2, 16), 2);   /* nor 2 */
    REFUSE(F4(2, 2, 2, 6), F4(1, 1, 2, 6), 0);     /* unaligned: 8 > ceil(2 / 40) */
    REFUSE(F4(2, 2, 200, 6), F4(1, 1, 200, 6), 0); /* 8 > 5 */
    ACCEPT(F4(2, 2, 400, 6), F4(1, 1, 400, 6), 0); /* 8 <= 10 */
    ACCEPT(F4(2, 2, 2, 82), F4(1, 1, 2, 82), 0);   /* D >= 80 */
    aclTensor *xh16 = T4(ACL_FLOAT16, 2, 2, 2, 16), *ch16 = T4(ACL_FLOAT16, 1, 1, 2, 16);
    REFUSE(xh16, ch16, 0); /* float16: D/2 = 8 is not a multiple of 16 */
    ACCEPT(F4(2, 2, 2, 16), F4(1, 1, 2, 16), 0);
    aclTensor *xb32 = T4(ACL_BF16, 2, 2, 2, 32), *cb32 = T4(ACL_BF16, 1, 1, 2, 32);
    ACCEPT(xb32, cb32, 0);
    ACCEPT(F4(1, 9, 2, 16), F4(1, 1, 2, 16), 0); /* B = 1: not this rule */
    ACCEPT(F4(9, 1, 2, 16), F4(1, 1, 2, 16), 0); /* N = 1 */
    ACCEPT(F4(9, 9, 1, 16), F4(1, 1, 1, 16), 0); /* S = 1 */
    ACCEPT(F4(9, 9, 2, 16), F4(9, 1, 2, 16), 0); /* B1SD */

    for (int i = 0; i < g_npool; i++)
        ot_free(&g_pool[i]);
    g_npool = 0;
    g_cases++;
}

/* ApplyRotaryPosEmb (apply_rotary_pos_emb.c): query and key rotated in place
 * by rope.c's row, against ref_row in double; V2's modes and layouts; codes. */
static void test_apply(void)
{
    /* BSND (1, 2, 3, 8) query, (1, 2, 1, 8) key, cos / sin (1, 2, 1, 8); V2 in SBND */
    for (int v = 0; v < 4; v++) {
        const int mode = v < 2 ? 0 : v == 2 ? 1 : 2; /* half (V1, V2), interleave, quarter */
        const int64_t layout = v == 0 ? 1 : v == 1 ? 2 : 3;
        int64_t qd[4] = {1, 2, 3, 8}, kd[4] = {1, 2, 1, 8}, cd[4] = {1, 2, 1, 8};
        if (layout == 2) /* SBND: (S, B, N, D) */
            qd[0] = kd[0] = cd[0] = 2, qd[1] = kd[1] = cd[1] = 1;
        if (layout == 3) /* BNSD */
            qd[1] = 3, qd[2] = 2, kd[1] = 1, kd[2] = 2, cd[1] = 1, cd[2] = 2;
        ot_tensor q, k, c, s;
        OT_MAKE_CONTIG({&q, ACL_FLOAT, 4, qd}, {&k, ACL_FLOAT, 4, kd}, {&c, ACL_FLOAT, 4, cd},
                       {&s, ACL_FLOAT, 4, cd});
        ot_fill(&q, -1, 1), ot_fill(&k, -1, 1), ot_fill(&c, -1, 1), ot_fill(&s, -1, 1);
        float q0[48], k0[16];
        memcpy(q0, q.buf, sizeof(q0));
        memcpy(k0, k.buf, sizeof(k0));
        static const char *const modes[3] = {"half", "interleave", "quarter"};
        char mname[16];
        snprintf(mname, sizeof(mname), "%s", modes[mode]);
        if (v == 0)
            OT_RUN(aclnnApplyRotaryPosEmb, q.t, k.t, c.t, s.t, layout);
        else
            OT_RUN(aclnnApplyRotaryPosEmbV2, q.t, k.t, c.t, s.t, layout, mname);
        const float *cf = c.buf, *sf = s.buf, *qf = q.buf, *kf = k.buf;
        /* position (b = 0, s): its cos / sin row; heads n of query (3) and key (1) */
        for (int64_t pos = 0; pos < 2; pos++)
            for (int64_t n = 0; n < 4; n++) {
                const bool isq = n < 3;
                const int64_t h = isq ? n : 0, N = isq ? 3 : 1;
                /* element offset of row (s = pos, n = h) in the layout (B = 1) */
                const int64_t off = layout == 3 ? (h * 2 + pos) * 8 : (pos * N + h) * 8;
                const int64_t coff = pos * 8;
                double x[8], cc[8], ss[8], y[8], sc[8];
                for (int d = 0; d < 8; d++)
                    x[d] = isq ? q0[off + d] : k0[off + d], cc[d] = cf[coff + d],
                    ss[d] = sf[coff + d];
                ref_row(mode, 8, x, cc, ss, y, sc);
                for (int d = 0; d < 8; d++)
                    CHECK(fabs((isq ? qf : kf)[off + d] - y[d]) < 1e-5);
            }
        g_cases++;
        ot_tensor *all[] = {&q, &k, &c, &s};
        ot_free_each(all, 4);
    }
    int64_t qd[4] = {1, 2, 3, 8}, kd[4] = {1, 2, 1, 8}, cd[4] = {1, 2, 1, 8}, bd[4] = {1, 2, 2, 8};
    ot_tensor q, k, c, bad, h;
    OT_MAKE_CONTIG({&q, ACL_FLOAT, 4, qd}, {&k, ACL_FLOAT, 4, kd}, {&c, ACL_FLOAT, 4, cd},
                   {&bad, ACL_FLOAT, 4, bd}, {&h, ACL_FLOAT16, 4, kd});
    char rot[] = "rotate", half[] = "half";
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnApplyRotaryPosEmb, "keyRef", q.t, NULL, c.t, c.t,
                    1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyRotaryPosEmb, "layout", q.t, k.t, c.t, c.t,
                    3);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyRotaryPosEmb, "types", q.t, h.t, c.t, c.t,
                    1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyRotaryPosEmb, "shapes", q.t, k.t, bad.t,
                    bad.t, 1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyRotaryPosEmbV2, "rotaryMode", q.t, k.t, c.t,
                    c.t, 1, rot);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnApplyRotaryPosEmbV2, "layout", q.t, k.t, c.t, c.t,
                    0, half);
    ot_tensor *all[] = {&q, &k, &c, &bad, &h};
    ot_free_each(all, 5);
}

/* InterleaveRope (interleave_rope.c): a (1, 2, 2, 4) float16 x in place, each
 * row de-interleaved and rotated by halves (ref_row's mode 3), and its codes. */
static void test_interleave(void)
{
    int64_t xd[4] = {1, 2, 2, 4}, cd[4] = {1, 1, 2, 4}, bd[4] = {1, 2, 2, 4};
    ot_tensor x, c, s, bad, f;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 4, xd}, {&c, ACL_FLOAT16, 4, cd}, {&s, ACL_FLOAT16, 4, cd},
                   {&bad, ACL_FLOAT16, 4, bd}, {&f, ACL_FLOAT, 4, xd});
    ot_fill(&x, -1, 1), ot_fill(&c, -1, 1), ot_fill(&s, -1, 1);
    double x0[16], c0[8], s0[8];
    for (int i = 0; i < 16; i++)
        x0[i] = ot_get(&x, i);
    for (int i = 0; i < 8; i++)
        c0[i] = ot_get(&c, i), s0[i] = ot_get(&s, i);
    OT_RUN(aclnnInterleaveRope, x.t, c.t, s.t, x.t);
    for (int r = 0; r < 4; r++) { /* row (n, s): cos row s */
        double y[4], sc[4];
        ref_row(3, 4, x0 + r * 4, c0 + (r % 2) * 4, s0 + (r % 2) * 4, y, sc);
        for (int d = 0; d < 4; d++)
            CHECK(fabs(ot_get(&x, r * 4 + d) - y[d]) <= 2e-3 * (sc[d] + 1e-3));
    }
    g_cases++;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnInterleaveRope, "sin", x.t, c.t, NULL, x.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInterleaveRope, "FLOAT16 or BFLOAT16", f.t, c.t,
                    s.t, f.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInterleaveRope, "shapes", x.t, bad.t, bad.t, x.t);
    ot_tensor *all[] = {&x, &c, &s, &bad, &f};
    ot_free_each(all, 5);
}

/* RopeWithSinCosCache (rope_with_sin_cos_cache.c): NeoX style over one head of
 * 4 with rotaryDim 2 (element 0 with element 1, elements 2, 3 copied) at
 * position 1, against the formula; a position past the cache fails the launch
 * before any write; codes. */
static void test_sin_cos_cache(void)
{
    int64_t pd[1] = {1}, xd[2] = {1, 4}, cd[2] = {2, 2};
    ot_tensor pos, q, k, c, qo, ko;
    OT_MAKE_CONTIG({&pos, ACL_INT64, 1, pd}, {&q, ACL_FLOAT, 2, xd}, {&k, ACL_FLOAT, 2, xd},
                   {&c, ACL_FLOAT, 2, cd}, {&qo, ACL_FLOAT, 2, xd}, {&ko, ACL_FLOAT, 2, xd});
    ot_fill(&q, -1, 1), ot_fill(&k, -1, 1), ot_fill(&c, -1, 1);
    ot_set(&pos, 0, 1);
    OT_RUN(aclnnRopeWithSinCosCache, pos.t, q.t, k.t, c.t, NULL, 4, true, qo.t, ko.t);
    const double cs = ot_get(&c, 2), sn = ot_get(&c, 3); /* row 1: cos, sin */
    const ot_tensor *in[2] = {&q, &k}, *out[2] = {&qo, &ko};
    for (int i = 0; i < 2; i++) {
        const double x0 = ot_get(in[i], 0), x1 = ot_get(in[i], 1);
        CHECK(fabs(ot_get(out[i], 0) - (x0 * cs - x1 * sn)) < 1e-6);
        CHECK(fabs(ot_get(out[i], 1) - (x1 * cs + x0 * sn)) < 1e-6);
        CHECK(ot_get(out[i], 2) == ot_get(in[i], 2) && ot_get(out[i], 3) == ot_get(in[i], 3));
    }
    g_cases++;
    ot_set(&pos, 0, 2); /* past the 2-row cache: the launch fails, nothing written */
    ot_set(&qo, 0, 9);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnRopeWithSinCosCacheGetWorkspaceSize(pos.t, q.t, k.t, c.t, NULL, 4,
                                                                     true, qo.t, ko.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnRopeWithSinCosCache(NULL, ws, ex, g_stream));
    CHECK(aclrtSynchronizeStream(g_stream) != ACL_SUCCESS);
    CHECK(ot_get(&qo, 0) == 9);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnRopeWithSinCosCache, "cosSinCache", pos.t, q.t,
                    k.t, NULL, NULL, 4, true, qo.t, ko.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnRopeWithSinCosCache, "positions", q.t, q.t, k.t,
                    c.t, NULL, 4, true, qo.t, ko.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnRopeWithSinCosCache, "rotaryDim", pos.t, q.t, k.t,
                    c.t, NULL, 1, true, qo.t, ko.t);
    ot_tensor *all[] = {&pos, &q, &k, &c, &qo, &ko};
    ot_free_each(all, 6);
}

/* RotaryPositionEmbeddingGrad in every mode against the forward's Jacobian built from ref_row:
 * dx[i] = sum_j dy[j] d y[j] / d x[i] (the forward of the unit vector e_i), dcos[k] =
 * sum over the broadcast rows of dy[k] * (the forward with cos 1, sin 0)[k], dsin likewise with
 * cos 0, sin 1. dy [2, 1, 3, 8], cos [1, 1, 3, 8] (summed over B). Then the codes. */
static void test_grad(void)
{
    enum { B = 2, S = 3, D = 8 };
    const int64_t yd[4] = {B, 1, S, D}, cd[4] = {1, 1, S, D};
    for (int mode = 0; mode < 4; mode++) {
        g_cases++;
        ot_tensor dy, x, c, sn, dx, dc, ds;
        OT_MAKE_CONTIG({&dy, ACL_FLOAT, 4, yd}, {&x, ACL_FLOAT, 4, yd}, {&c, ACL_FLOAT, 4, cd},
                       {&sn, ACL_FLOAT, 4, cd}, {&dx, ACL_FLOAT, 4, yd}, {&dc, ACL_FLOAT, 4, cd},
                       {&ds, ACL_FLOAT, 4, cd});
        for (int64_t i = 0; i < B * S * D; i++) {
            ot_set(&dy, i, (double)((i * 7 + mode) % 11) / 8 - 0.5);
            ot_set(&x, i, (double)((i * 5 + 3) % 13) / 8 - 0.75);
        }
        for (int64_t i = 0; i < S * D; i++) {
            ot_set(&c, i, (double)(i % 9) / 8);
            ot_set(&sn, i, (double)((i * 3) % 7) / 8 - 0.25);
        }
        OT_RUN(aclnnRotaryPositionEmbeddingGrad, dy.t, c.t, sn.t, x.t, mode, dx.t, dc.t, ds.t);
        double one[D], zero[D] = {0}, ones[D];
        for (int k = 0; k < D; k++)
            ones[k] = 1;
        double wc[S][D] = {{0}}, ws[S][D] = {{0}};
        for (int b = 0; b < B; b++)
            for (int r = 0; r < S; r++) {
                double g[D], xr[D], cr[D], sr[D], y[D], sc[D];
                for (int k = 0; k < D; k++) {
                    g[k] = ot_get(&dy, (b * S + r) * D + k);
                    xr[k] = ot_get(&x, (b * S + r) * D + k);
                    cr[k] = ot_get(&c, r * D + k);
                    sr[k] = ot_get(&sn, r * D + k);
                }
                for (int i = 0; i < D; i++) { /* column i of the Jacobian */
                    for (int k = 0; k < D; k++)
                        one[k] = k == i;
                    ref_row(mode, D, one, cr, sr, y, sc);
                    double want = 0;
                    for (int j = 0; j < D; j++)
                        want += g[j] * y[j];
                    CHECK(fabs(ot_get(&dx, (b * S + r) * D + i) - want) < 1e-5);
                }
                ref_row(mode, D, xr, ones, zero, y, sc);
                for (int k = 0; k < D; k++)
                    wc[r][k] += g[k] * y[k];
                ref_row(mode, D, xr, zero, ones, y, sc);
                for (int k = 0; k < D; k++)
                    ws[r][k] += g[k] * y[k];
            }
        for (int r = 0; r < S; r++)
            for (int k = 0; k < D; k++)
                CHECK(fabs(ot_get(&dc, r * D + k) - wc[r][k]) < 1e-5 &&
                      fabs(ot_get(&ds, r * D + k) - ws[r][k]) < 1e-5);
        if (mode == 0) {
            OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnRotaryPositionEmbeddingGrad, "cos",
                            dy.t, NULL, sn.t, x.t, 0, dx.t, dc.t, ds.t);
            OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnRotaryPositionEmbeddingGrad,
                            "mode", dy.t, c.t, sn.t, x.t, -1, dx.t, dc.t, ds.t);
            OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnRotaryPositionEmbeddingGrad,
                            "dcosOut", dy.t, c.t, sn.t, x.t, 0, dx.t, dx.t, ds.t);
            OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnRotaryPositionEmbeddingGrad,
                            "xOptional", dy.t, c.t, sn.t, c.t, 0, dx.t, dc.t, ds.t);
            /* without x, dcosOut / dsinOut are not looked at beyond their type (CANN's example
             * passes empty ones): dx alone, as with x */
            ot_tensor dx2, e0;
            const int64_t d0[4] = {1, 1, 1, 0};
            OT_MAKE_CONTIG({&dx2, ACL_FLOAT, 4, yd}, {&e0, ACL_FLOAT, 4, d0});
            OT_RUN(aclnnRotaryPositionEmbeddingGrad, dy.t, c.t, sn.t, NULL, 0, dx2.t, e0.t, e0.t);
            for (int64_t i = 0; i < B * S * D; i++)
                CHECK(ot_get(&dx2, i) == ot_get(&dx, i));
            OT_FREE(&dx2, &e0);
        }
        OT_FREE(&dy, &x, &c, &sn, &dx, &dc, &ds);
    }
}

int main(void)
{
    ot_init();
    test_values();
    test_empty();
    test_errors();
    test_apply();
    test_interleave();
    test_sin_cos_cache();
    test_grad();
    ot_fini();
    printf("ops_rope: %d cases passed\n", g_cases);
    return 0;
}
