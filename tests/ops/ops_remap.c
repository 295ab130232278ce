/* SPDX-License-Identifier: Apache-2.0 */
/* ConstantPadNd, ReflectionPad1d, Roll, RepeatInterleaveIntWithDim,
 * UpsampleNearest2d against index references written here: every accepted
 * dtype, negative pads (cropping), empty tensors, strided views, the ggml call
 * shapes, misuse codes. (The index writes are in ops_index_write.c.) */
#include "optest.h"

#include "aclnnop/aclnn_constant_pad_nd.h"
#include "aclnnop/aclnn_reflection_pad1d.h"
#include "aclnnop/aclnn_reflection_pad1d_v2.h"
#include "aclnnop/aclnn_repeat_interleave.h"
#include "aclnnop/aclnn_roll.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"

static int g_cases;

static aclIntArray *ia(const int64_t *v, uint64_t n)
{
    aclIntArray *a = aclCreateIntArray(v, n);
    CHECK(a);
    return a;
}

/* Compare out with a reference given as "source linear index or -1 (= cv)"
 * per out element. */
static void expect_map(const char *what, const ot_tensor *x, const ot_tensor *o, const int64_t *src,
                       double cv)
{
    for (int64_t i = 0; i < o->numel; i++) {
        double want = src[i] >= 0 ? ot_get(x, src[i]) : ot_round(o->dt, cv), got = ot_get(o, i);
        if (!(got == want || (isnan(got) && isnan(want)))) {
            fprintf(stderr, "%s %s: out[%lld] = %g, want %g (source %lld)\n", what,
                    ot_dt_name(o->dt), (long long)i, got, want, (long long)src[i]);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(o));
}

/* ---- ConstantPadNd ----------------------------------------------------------------------------
 */

static void check_pad(aclDataType dt, int nd, const int64_t *dims, const int64_t *pad, int npad,
                      double value, int lx, int lo)
{
    int64_t odims[8], lo_[8] = {0};
    for (int d = 0; d < nd; d++) {
        int k = nd - 1 - d;
        int64_t b = 2 * k < npad ? pad[2 * k] : 0, a = 2 * k + 1 < npad ? pad[2 * k + 1] : 0;
        odims[d] = dims[d] + a + b;
        lo_[d] = b;
    }
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, lx);
    ot_make(&o, dt, nd, odims, lo);
    ot_fill(&x, -50, 50);
    /* integers: a whole, non-negative value (a float converts by truncation and
     * saturation, which ot_round does not model) */
    double v = dt == ACL_BOOL ? 1 : ot_is_float(dt) ? value : floor(fabs(value));
    aclScalar *sv = aclCreateScalar(&v, ACL_DOUBLE);
    aclIntArray *p = ia(pad, (uint64_t)npad);
    OT_RUN(aclnnConstantPadNd, x.t, p, sv, o.t);
    int64_t *src = malloc((size_t)(o.numel + 1) * sizeof(int64_t)), idx[8];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, odims, nd, idx);
        bool in = true;
        for (int d = 0; d < nd; d++) {
            idx[d] -= lo_[d];
            in &= idx[d] >= 0 && idx[d] < dims[d];
        }
        src[i] = in ? ot_ravel(idx, dims, nd) : -1;
    }
    expect_map("ConstantPadNd", &x, &o, src, v);
    free(src);
    aclDestroyScalar(sv);
    aclDestroyIntArray(p);
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_pad(void)
{
    int64_t d3[3] = {2, 3, 5}, d4[4] = {2, 1, 3, 4}, d2e[2] = {0, 3}, d0[1] = {1};
    int64_t p1[2] = {1, 2}, p2[4] = {0, 3, 2, 1}, p3[6] = {-1, 2, 1, -1, 0, 1};
    int64_t p4[8] = {1, 1, 0, 2, 1, 0, 0, 1}, p5[2] = {2, 2};
    for (int t = 0; t < OT_NALL; t++) {
        aclDataType dt = OT_ALL[t];
        int l = t % L_COUNT;
        check_pad(dt, 3, d3, p1, 2, 7, l, (l + 1) % L_COUNT);
        check_pad(dt, 3, d3, p2, 4, -1.5, (l + 2) % L_COUNT, l);
        check_pad(dt, 3, d3, p3, 6, 0, l, (l + 3) % L_COUNT); /* negative pads crop */
        check_pad(dt, 4, d4, p4, 8, 3, L_STEP, L_GAP);        /* the ggml form: 8 values */
        check_pad(dt, 2, d2e, p5, 2, 9, l, l);                /* empty self, non-empty out */
        check_pad(dt, 0, d0, NULL, 0, 9, l, l);               /* 0-d: a copy */
    }
    int64_t odd[3] = {1, 2, 3}, bad[2] = {-4, 0};
    ot_tensor x, o;
    ot_make(&x, ACL_FLOAT, 3, d3, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 3, d3, L_CONTIG);
    double z = 0;
    aclScalar *sv = aclCreateScalar(&z, ACL_DOUBLE);
    aclIntArray *po = ia(odd, 3), *pb = ia(bad, 2), *p8 = ia(p4, 8), *pz = ia(NULL, 0),
                *pl = ia(p1, 2);
    uint64_t ws;
    aclOpExecutor *ex;
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnConstantPadNd, NULL, pz, sv, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnConstantPadNd, x.t, NULL, sv, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnConstantPadNd, x.t, pz, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConstantPadNd, x.t, po, sv, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConstantPadNd, x.t, p8, sv, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConstantPadNd, x.t, pb, sv, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConstantPadNd, x.t, pl, sv, o.t);
    CHECK_NN(ACLNN_SUCCESS, aclnnConstantPadNdGetWorkspaceSize(x.t, pz, sv, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    ot_tensor oh;
    ot_make(&oh, ACL_FLOAT16, 3, d3, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnConstantPadNd, x.t, pz, sv, oh.t);
    aclDestroyScalar(sv);
    aclDestroyIntArray(po);
    aclDestroyIntArray(pb);
    aclDestroyIntArray(p8);
    aclDestroyIntArray(pz);
    aclDestroyIntArray(pl);
    OT_FREE(&x, &o, &oh);
}

/* ---- ReflectionPad1d ------------------------------------------------------------------------ */

static void check_reflect(aclDataType dt, int nd, const int64_t *dims, int64_t l, int64_t r, int lx,
                          int lo)
{
    int64_t od[3];
    memcpy(od, dims, (size_t)nd * sizeof(int64_t));
    int64_t w = dims[nd - 1];
    od[nd - 1] = w + l + r;
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, lx);
    ot_make(&o, dt, nd, od, lo);
    ot_fill(&x, -100, 100);
    int64_t pv[2] = {l, r};
    aclIntArray *p = ia(pv, 2);
    OT_RUN(aclnnReflectionPad1d, x.t, p, o.t);
    int64_t *src = malloc((size_t)(o.numel + 1) * sizeof(int64_t)), idx[3];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, od, nd, idx);
        int64_t j = idx[nd - 1] - l; /* reflect without repeating the edge */
        if (j < 0)
            j = -j;
        if (j >= w)
            j = 2 * (w - 1) - j;
        idx[nd - 1] = j;
        src[i] = ot_ravel(idx, dims, nd);
    }
    expect_map("ReflectionPad1d", &x, &o, src, 0);
    free(src);
    aclDestroyIntArray(p);
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_reflect(void)
{
    int64_t d2[2] = {3, 7}, d3[3] = {2, 4, 5}, d1[2] = {2, 1};
    for (int t = 0; t < OT_NALL; t++) {
        int l = t % L_COUNT;
        check_reflect(OT_ALL[t], 2, d2, 3, 6, l, (l + 1) % L_COUNT);
        check_reflect(OT_ALL[t], 3, d3, 4, 0, (l + 2) % L_COUNT, l);
        check_reflect(OT_ALL[t], 3, d3, 1, 2, L_STEP, L_GAP);
        check_reflect(OT_ALL[t], 2, d1, 0, 0, l, l);
    }
    int64_t d1d[1] = {5}, p7[2] = {5, 1}, pn[2] = {-1, 1}, p3[3] = {1, 1, 1};
    ot_tensor x, o, x1;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, d2}, {&o, ACL_FLOAT, 2, d2}, {&x1, ACL_FLOAT, 1, d1d});
    aclIntArray *a7 = ia(p7, 2), *an = ia(pn, 2), *a3 = ia(p3, 3), *a0 = ia(p7, 0);
    int64_t zz[2] = {0, 0};
    aclIntArray *az = ia(zz, 2);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnReflectionPad1d, x.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnReflectionPad1d, NULL, az, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1d, x1.t, az, x1.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1d, x.t, a0, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1d, x.t, a3, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1d, x.t, an, o.t);
    /* 7 is not smaller than the last dim (7) */
    int64_t big[2] = {7, 0};
    aclIntArray *ab = ia(big, 2);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1d, x.t, ab, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1d, x.t, a7, o.t);
    aclDestroyIntArray(a7);
    aclDestroyIntArray(an);
    aclDestroyIntArray(a3);
    aclDestroyIntArray(a0);
    aclDestroyIntArray(az);
    aclDestroyIntArray(ab);
    OT_FREE(&x, &o, &x1);
}

/* ---- Roll
 * ---------------------------------------------------------------------------------------- */

static void check_roll(aclDataType dt, int nd, const int64_t *dims, const int64_t *sh,
                       const int64_t *dm, int n, int lx, int lo)
{
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, lx);
    ot_make(&o, dt, nd, dims, lo);
    ot_fill(&x, -100, 100);
    aclIntArray *as = ia(sh, n ? (uint64_t)n : 1), *ad = ia(dm, (uint64_t)n);
    OT_RUN(aclnnRoll, x.t, as, ad, o.t);
    int64_t *src = malloc((size_t)(o.numel + 1) * sizeof(int64_t)), idx[8];
    for (int64_t i = 0; i < o.numel; i++) {
        if (n == 0) { /* flat */
            int64_t m = o.numel, s = ((sh[0] % m) + m) % m;
            src[i] = ((i - s) % m + m) % m;
            continue;
        }
        ot_unravel(i, dims, nd, idx);
        for (int k = 0; k < n; k++) {
            int d = (int)(dm[k] < 0 ? dm[k] + nd : dm[k]);
            idx[d] = ((idx[d] - sh[k]) % dims[d] + dims[d]) % dims[d];
        }
        src[i] = ot_ravel(idx, dims, nd);
    }
    expect_map("Roll", &x, &o, src, 0);
    free(src);
    aclDestroyIntArray(as);
    aclDestroyIntArray(ad);
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_roll(void)
{
    int64_t d3[3] = {3, 4, 5}, de[2] = {0, 3};
    int64_t s1[1] = {2}, m1[1] = {-1}, s2[2] = {-7, 13}, m2[2] = {0, 2}, s3[3] = {1, 1, 2},
            m3[3] = {1, 1, 0}, sf[1] = {-11};
    unsigned roll_mask = 0x3f7u & ~(1u << 3); /* all but DOUBLE */
    for (int t = 0; t < OT_NALL; t++) {
        aclDataType dt = OT_ALL[t];
        int l = t % L_COUNT;
        if (!(roll_mask & (1u << t))) {
            ot_tensor x;
            ot_make(&x, dt, 3, d3, L_CONTIG);
            aclIntArray *as = ia(s1, 1), *ad = ia(m1, 1);
            OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRoll, x.t, as, ad, x.t);
            aclDestroyIntArray(as);
            aclDestroyIntArray(ad);
            ot_free(&x);
            continue;
        }
        check_roll(dt, 3, d3, s1, m1, 1, l, (l + 1) % L_COUNT);
        check_roll(dt, 3, d3, s2, m2, 2, (l + 2) % L_COUNT, l);
        check_roll(dt, 3, d3, s3, m3, 3, L_TRANS, L_STEP);        /* a repeated dim adds up */
        check_roll(dt, 3, d3, sf, NULL, 0, l, (l + 3) % L_COUNT); /* flat */
        check_roll(dt, 2, de, s1, m1, 1, l, l);                   /* empty */
    }
    ot_tensor x;
    ot_make(&x, ACL_FLOAT, 3, d3, L_CONTIG);
    aclIntArray *as = ia(s1, 1), *ad = ia(m1, 1), *a2 = ia(s2, 2), *bad = ia((int64_t[]){3}, 1);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRoll, x.t, NULL, ad, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRoll, NULL, as, ad, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRoll, x.t, a2, ad, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRoll, x.t, as, bad, x.t);
    aclDestroyIntArray(as);
    aclDestroyIntArray(ad);
    aclDestroyIntArray(a2);
    aclDestroyIntArray(bad);
    ot_free(&x);
}

/* ---- RepeatInterleaveIntWithDim
 * ------------------------------------------------------------------- */

static void check_ri(aclDataType dt, int nd, const int64_t *dims, int64_t rep, int64_t dim, int lx,
                     int lo)
{
    int d = (int)(dim < 0 ? dim + nd : dim);
    int64_t od[8];
    memcpy(od, dims, (size_t)nd * sizeof(int64_t));
    od[d] *= rep;
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, lx);
    ot_make(&o, dt, nd, od, lo);
    ot_fill(&x, -100, 100);
    OT_RUN(aclnnRepeatInterleaveIntWithDim, x.t, rep, dim, od[d], o.t);
    int64_t *src = malloc((size_t)(o.numel + 1) * sizeof(int64_t)), idx[8];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, od, nd, idx);
        idx[d] /= rep;
        src[i] = ot_ravel(idx, dims, nd);
    }
    expect_map("RepeatInterleaveIntWithDim", &x, &o, src, 0);
    free(src);
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_repeat_interleave(void)
{
    int64_t d3[3] = {2, 3, 4}, d1[1] = {5};
    for (int t = 0; t < OT_NALL; t++) {
        aclDataType dt = OT_ALL[t];
        int l = t % L_COUNT;
        if (dt == ACL_DOUBLE) {
            ot_tensor x;
            ot_make(&x, dt, 1, d1, L_CONTIG);
            OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeatInterleaveIntWithDim, x.t, 1, 0, 5, x.t);
            ot_free(&x);
            continue;
        }
        check_ri(dt, 3, d3, 3, 1, l, (l + 1) % L_COUNT);
        check_ri(dt, 3, d3, 2, -1, (l + 2) % L_COUNT, l);
        check_ri(dt, 3, d3, 1, 0, L_STEP, L_GAP);
        check_ri(dt, 3, d3, 0, 2, l, l); /* repeats 0: empty out */
        check_ri(dt, 1, d1, 4, 0, l, (l + 1) % L_COUNT);
    }
    ot_tensor x, o;
    int64_t od[3] = {2, 6, 4};
    ot_make(&x, ACL_FLOAT, 3, d3, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 3, od, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRepeatInterleaveIntWithDim, NULL, 2, 1, 6, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeatInterleaveIntWithDim, x.t, 2, 1, 7, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeatInterleaveIntWithDim, x.t, -2, 1, -6, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeatInterleaveIntWithDim, x.t, 2, 3, 6, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRepeatInterleaveIntWithDim, x.t, 2, 0, 4, o.t);
    CHECK_NN(ACLNN_SUCCESS,
             aclnnRepeatInterleaveIntWithDimGetWorkspaceSize(x.t, 2, -2, 6, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    OT_FREE(&x, &o);
}

/* ---- UpsampleNearest2d
 * --------------------------------------------------------------------------- */

static int64_t near(int64_t o, int64_t in, int64_t out)
{
    double s = (double)in / (double)out; /* an independent double reading */
    int64_t i = (int64_t)floor((double)o * s + 1e-9);
    return i < in - 1 ? i : in - 1;
}

static void check_up(aclDataType dt, const int64_t *dims, int64_t oh, int64_t ow, int lx, int lo)
{
    int64_t od[4] = {dims[0], dims[1], oh, ow};
    ot_tensor x, o;
    ot_make(&x, dt, 4, dims, lx);
    ot_make(&o, dt, 4, od, lo);
    ot_fill(&x, -100, 100);
    int64_t sz[2] = {oh, ow};
    aclIntArray *a = ia(sz, 2);
    OT_RUN(aclnnUpsampleNearest2d, x.t, a, o.t);
    int64_t *src = malloc((size_t)(o.numel + 1) * sizeof(int64_t)), idx[4];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, od, 4, idx);
        idx[2] = near(idx[2], dims[2], oh);
        idx[3] = near(idx[3], dims[3], ow);
        src[i] = ot_ravel(idx, dims, 4);
    }
    expect_map("UpsampleNearest2d", &x, &o, src, 0);
    free(src);
    aclDestroyIntArray(a);
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_upsample(void)
{
    int64_t d[4] = {2, 3, 4, 5}, d1[4] = {1, 1, 3, 3};
    aclDataType dts[5] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8};
    for (int t = 0; t < 5; t++) {
        int l = t % L_COUNT;
        check_up(dts[t], d, 8, 10, l, (l + 1) % L_COUNT);  /* x2 */
        check_up(dts[t], d, 12, 15, (l + 1) % L_COUNT, l); /* x3 */
        check_up(dts[t], d, 3, 7, L_STEP, L_GAP);          /* down and up, uneven */
        check_up(dts[t], d, 4, 5, l, l);                   /* identity */
        check_up(dts[t], d1, 7, 2, L_TRANS, L_CONTIG);
    }
    ot_tensor x, o, x3, oi;
    int64_t od[4] = {2, 3, 8, 10}, d3[3] = {3, 4, 5};
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, d}, {&o, ACL_FLOAT, 4, od}, {&x3, ACL_FLOAT, 3, d3},
                   {&oi, ACL_INT32, 4, d});
    int64_t sz[2] = {8, 10}, s0[2] = {0, 10};
    aclIntArray *a = ia(sz, 2), *a1 = ia(sz, 1), *az = ia(s0, 2), *aw = ia((int64_t[]){8, 11}, 2);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnUpsampleNearest2d, x.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnUpsampleNearest2d, x.t, a, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleNearest2d, x3.t, a, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleNearest2d, x.t, a1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleNearest2d, x.t, az, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleNearest2d, x.t, aw, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleNearest2d, oi.t, a, o.t);
    aclDestroyIntArray(a);
    aclDestroyIntArray(a1);
    aclDestroyIntArray(az);
    aclDestroyIntArray(aw);
    OT_FREE(&x, &o, &x3, &oi);
}

/* ReflectionPad1dV2: a 1-d x by hand (the 2-d and 3-d ones are ReflectionPad1d's path); the
 * codes, each message naming the operator and the argument. */
static void test_reflect_v2(void)
{
    int64_t d5[1] = {5}, d8[1] = {8}, d6[1] = {6}, d4[4] = {1, 1, 2, 3}, p31[2] = {3, 0},
            p50[2] = {5, 0}, p11[2] = {1, 1};
    ot_tensor x, o, o6, xd, x4;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 1, d5}, {&o, ACL_FLOAT16, 1, d8}, {&o6, ACL_FLOAT16, 1, d6},
                   {&xd, ACL_DOUBLE, 1, d5}, {&x4, ACL_FLOAT16, 4, d4});
    for (int i = 0; i < 5; i++)
        ot_set(&x, i, i + 1);
    aclIntArray *a31 = ia(p31, 2), *a50 = ia(p50, 2), *a11 = ia(p11, 2), *a1 = ia(p11, 1);
    OT_RUN(aclnnReflectionPad1dV2, x.t, a31, o.t);
    const double want[8] = {4, 3, 2, 1, 2, 3, 4, 5};
    for (int i = 0; i < 8; i++)
        CHECK(ot_get(&o, i) == want[i]);
    g_cases++;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnReflectionPad1dV2, "paddings", x.t, NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnReflectionPad1dV2, "x", NULL, a31, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1dV2, "paddings", x.t, a50, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1dV2, "paddings", x.t, a1, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1dV2, "out", x.t, a11, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1dV2, "self", xd.t, a11, o6.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnReflectionPad1dV2, "dims", x4.t, a11, x4.t);
    OT_NULL_OUTS(aclnnReflectionPad1dV2, x.t, a31, o.t);
    aclDestroyIntArray(a31);
    aclDestroyIntArray(a50);
    aclDestroyIntArray(a11);
    aclDestroyIntArray(a1);
    OT_FREE(&x, &o, &o6, &xd, &x4);
}

int main(void)
{
    ot_init();
    test_pad();
    test_reflect();
    test_reflect_v2();
    test_roll();
    test_repeat_interleave();
    test_upsample();
    ot_fini();
    printf("ops_remap: %d cases passed\n", g_cases);
    return 0;
}
