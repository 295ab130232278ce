/* SPDX-License-Identifier: Apache-2.0 */
/* Elementwise operators beyond the binary and unary tables (ops_binary.c,
 * ops_unary.c) against double references: Sum (the tensor-list
 * AccumulateNV2: every dtype, broadcasting, views, empty), LogicalNot and its
 * in-place form, InplaceMaskedFillScalar (broadcast mask, value conversion),
 * Addcdiv / InplaceAddcdiv (broadcast, promotion); plus the misuse codes
 * 161001/161002. */
#include "optest.h"

#include "aclnnop/aclnn_addcdiv.h"
#include "aclnnop/aclnn_logical_not.h"
#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "aclnnop/aclnn_select_v3.h"
#include "aclnnop/aclnn_sum.h"
#include "aclnnop/aclnn_amp_update_scale.h"
#include "aclnnop/aclnn_eltwise.h"
#include "aclnnop/aclnn_scale.h"

static int g_cases;

/* ---- Sum (AccumulateNV2) ----------------------------------------------------------------- */

static void check_sum(aclDataType dt, int n, int layout, const int64_t *so)
{
    int64_t shapes[4][3] = {{so[0], so[1], so[2]}, {so[1], so[2], 0}, {1, 1, 1}, {so[0], 1, so[2]}};
    int nds[4] = {3, 2, 1, 3};
    const aclDataType dts[4] = {dt, dt, dt, dt};
    ot_tensor t[4], o;
    aclTensorList *tl = ot_make_list(t, n, dts, nds, shapes, layout);
    ot_make(&o, dt, 3, so, layout);
    OT_RUN(aclnnSum, tl, o.t);
    for (int64_t i = 0; i < o.numel; i++) {
        double want = 0, mag = 0;
        for (int k = 0; k < n; k++) {
            double v = ot_get(&t[k], ot_bcast_index(i, so, 3, shapes[k], nds[k]));
            want += v;
            mag += fabs(v);
        }
        want = ot_round(dt, want);
        if (!ot_close_sum(dt, dt, ot_get(&o, i), want, mag)) {
            fprintf(stderr, "Sum %s n=%d layout %d: [%lld] %g want %g\n", ot_dt_name(dt), n, layout,
                    (long long)i, ot_get(&o, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    ot_free_list(tl, t, n);
    ot_free(&o);
    g_cases++;
}

/* A list of n fresh tensors over data: [0] is [2, 2] of type t0; [1] is of
 * type t1 shaped [2, 2] (len 2), [3] (len 3) or NULL (len 0). */
static aclTensorList *mklist(void *data, aclDataType t0, int64_t len0, aclDataType t1, int64_t len,
                             int n)
{
    int64_t s2[2] = {2, len0}, s3[1] = {3};
    aclTensor *v[2] = {aclCreateTensor(s2, 2, t0, NULL, 0, ACL_FORMAT_ND, s2, 2, data), NULL};
    if (len == 2)
        v[1] = aclCreateTensor(s2, 2, t1, NULL, 0, ACL_FORMAT_ND, s2, 2, data);
    else if (len == 3)
        v[1] = aclCreateTensor(s3, 1, t1, NULL, 0, ACL_FORMAT_ND, s3, 1, data);
    aclTensorList *l = aclCreateTensorList((const aclTensor *const *)v, (uint64_t)n);
    CHECK(l);
    if (n < 2 && v[1])
        aclDestroyTensor(v[1]);
    return l;
}

static void test_sum(void)
{
    int64_t so[3] = {3, 4, 5}, se[3] = {3, 0, 5};
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++) {
            check_sum(OT_ALL[d], 1 + l % 4, l, so);
            check_sum(OT_ALL[d], 4, l, so);
        }
    check_sum(ACL_FLOAT, 3, L_CONTIG, se); /* empty */
    /* int8 wraps like the device's int8 add */
    int64_t s1[1] = {2};
    ot_tensor a, b, o;
    OT_MAKE_CONTIG({&a, ACL_INT8, 1, s1}, {&b, ACL_INT8, 1, s1}, {&o, ACL_INT8, 1, s1});
    ot_set(&a, 0, 100);
    ot_set(&b, 0, 100);
    ot_set(&a, 1, -100);
    ot_set(&b, 1, -100);
    aclTensor *pr[2] = {a.t, b.t};
    aclTensorList *tl = aclCreateTensorList((const aclTensor *const *)pr, 2);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnSumGetWorkspaceSize(tl, o.t, &ws, &ex));
    ot_run(aclnnSum, ws, ex);
    CHECK(ot_get(&o, 0) == -56 && ot_get(&o, 1) == 56);
    aclDestroyTensorList(tl);
    a.t = b.t = NULL;
    OT_FREE(&a, &b, &o);

    /* errors: NULL list / out / entry, empty list, mixed types, out type differs,
     * no broadcast, broadcast shape differs from out */
    int64_t s2[2] = {2, 2}, s4[2] = {2, 4};
    ot_tensor buf, of, oh, o24;
    OT_MAKE_CONTIG({&buf, ACL_FLOAT, 2, s4}, {&of, ACL_FLOAT, 2, s2}, {&oh, ACL_FLOAT16, 2, s2},
                   {&o24, ACL_FLOAT, 2, s4});
    aclTensorList *lx = mklist(buf.buf, ACL_FLOAT, 2, ACL_FLOAT, 2, 1);
    aclTensorList *lxy = mklist(buf.buf, ACL_FLOAT, 2, ACL_FLOAT16, 2, 2);
    aclTensorList *lxz = mklist(buf.buf, ACL_FLOAT, 2, ACL_FLOAT, 3, 2);
    aclTensorList *lxn = mklist(buf.buf, ACL_FLOAT, 2, ACL_FLOAT, 0, 2);
    aclTensorList *empty = aclCreateTensorList(NULL, 0);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSum, NULL, of.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSum, lx, NULL);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnSumGetWorkspaceSize(lx, of.t, NULL, &ex));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSum, lxn, of.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSum, empty, of.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSum, lxy, of.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSum, lx, oh.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSum, lxz, of.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSum, lx, o24.t);
    aclDestroyTensorList(lx);
    aclDestroyTensorList(lxy);
    aclDestroyTensorList(lxz);
    aclDestroyTensorList(lxn);
    aclDestroyTensorList(empty);
    OT_FREE(&buf, &of, &oh, &o24);
}

/* ---- LogicalNot ------------------------------------------------------------------------- */

static void check_lnot(aclDataType dt, aclDataType odt, int li, int lo, bool inplace)
{
    int64_t s[3] = {3, 4, 5};
    ot_tensor x, o;
    ot_make(&x, dt, 3, s, li);
    ot_fill(&x, dt == ACL_UINT8 ? 0 : -2, 2);
    for (int64_t i = 0; i < x.numel; i += 3) /* plenty of zeros (and -0.0) */
        ot_set(&x, i, (i % 2) && ot_is_float(dt) ? -0.0 : 0);
    if (ot_is_float(dt))
        ot_set(&x, 1, NAN);
    double *keep = ot_values(&x);
    uint64_t ws;
    aclOpExecutor *ex;
    if (inplace) {
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceLogicalNotGetWorkspaceSize(x.t, &ws, &ex));
        ot_run(aclnnInplaceLogicalNot, ws, ex);
    } else {
        ot_make(&o, odt, 3, s, lo);
        CHECK_NN(ACLNN_SUCCESS, aclnnLogicalNotGetWorkspaceSize(x.t, o.t, &ws, &ex));
        ot_run(aclnnLogicalNot, ws, ex);
    }
    const ot_tensor *r = inplace ? &x : &o;
    for (int64_t i = 0; i < x.numel; i++) {
        double want = keep[i] == 0 ? 1 : 0; /* NaN is true, so its negation is 0 */
        if (ot_get(r, i) != want) {
            fprintf(stderr, "LogicalNot %s->%s: [%lld] of %g gave %g\n", ot_dt_name(dt),
                    ot_dt_name(inplace ? dt : odt), (long long)i, keep[i], ot_get(r, i));
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(r));
    free(keep);
    if (!inplace)
        ot_free(&o);
    ot_free(&x);
    g_cases++;
}

static void test_lnot(void)
{
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++) {
            check_lnot(OT_ALL[d], ACL_BOOL, l, (l + 1) % L_COUNT, false);
            check_lnot(OT_ALL[d], OT_ALL[(d + l) % OT_NALL], l, l, false);
            check_lnot(OT_ALL[d], OT_ALL[d], l, l, true);
        }
    int64_t s[2] = {2, 3}, s32[2] = {3, 2}, s0[1] = {0};
    ot_tensor a, b, c, e, eo;
    OT_MAKE_CONTIG({&a, ACL_BOOL, 2, s}, {&b, ACL_BOOL, 2, s32}, {&c, ACL_UINT16, 2, s},
                   {&e, ACL_BOOL, 1, s0}, {&eo, ACL_BOOL, 1, s0});
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnLogicalNotGetWorkspaceSize(e.t, eo.t, &ws, &ex));
    ot_run(aclnnLogicalNot, ws, ex);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLogicalNot, a.t, b.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLogicalNot, c.t, a.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceLogicalNot, c.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnLogicalNot, NULL, a.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnLogicalNot, a.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceLogicalNot, NULL);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceLogicalNotGetWorkspaceSize(a.t, &ws, NULL));
    OT_FREE(&a, &b, &c, &e, &eo);
}

/* ---- InplaceMaskedFillScalar ---------------------------------------------------------------- */

static void check_mfill(aclDataType dt, aclScalar *val, double vwant, int layout, bool bcast)
{
    int64_t s[3] = {3, 4, 5}, sm[2] = {4, 5}, sm3[3] = {3, 4, 5};
    ot_tensor x, m;
    ot_make(&x, dt, 3, s, layout);
    ot_fill(&x, dt == ACL_UINT8 ? 0 : -9, 9);
    ot_make(&m, ACL_BOOL, bcast ? 2 : 3, bcast ? sm : sm3, (layout + 1) % L_COUNT);
    ot_fill(&m, 0, 1);
    double *keep = ot_values(&x);
    OT_RUN(aclnnInplaceMaskedFillScalar, x.t, m.t, val);
    for (int64_t i = 0; i < x.numel; i++) {
        double mk = ot_get(&m, bcast ? ot_bcast_index(i, s, 3, sm, 2) : i);
        double want = mk != 0 ? vwant : keep[i];
        if (ot_get(&x, i) != want) {
            fprintf(stderr, "MaskedFill %s: [%lld] %g want %g\n", ot_dt_name(dt), (long long)i,
                    ot_get(&x, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&x));
    free(keep);
    OT_FREE(&x, &m);
    g_cases++;
}

static void test_mfill(void)
{
    float fv = 2.75f;
    int64_t iv = -3, bigv = 300;
    bool bv = true;
    aclScalar *sf = aclCreateScalar(&fv, ACL_FLOAT), *si = aclCreateScalar(&iv, ACL_INT64);
    aclScalar *sb = aclCreateScalar(&bv, ACL_BOOL), *sbig = aclCreateScalar(&bigv, ACL_INT64);
    for (int l = 0; l < L_COUNT; l++) {
        for (int d = 0; d < OT_NALL; d++) {
            aclDataType dt = OT_ALL[d];
            if (dt == ACL_BOOL)
                check_mfill(dt, sb, 1, l, l % 2);
            else if (dt == ACL_UINT8)
                check_mfill(dt, sbig, 44, l, l % 2); /* 300 wraps to 44 as a Cast would */
            else
                check_mfill(dt, si, -3, l, l % 2);
            if (ot_is_float(dt))
                check_mfill(dt, sf, 2.75, l, !(l % 2));
        }
    }
    int64_t s[2] = {2, 3}, s3[1] = {3}, s4[3] = {4, 2, 3};
    ot_tensor x, xi, m, mf, mb, e, em;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&xi, ACL_INT32, 2, s}, {&m, ACL_BOOL, 1, s3},
                   {&mf, ACL_FLOAT, 1, s3}, {&mb, ACL_BOOL, 3, s4});
    int64_t s0[2] = {0, 3};
    ot_make(&e, ACL_FLOAT, 2, s0, L_CONTIG);
    ot_make(&em, ACL_BOOL, 1, s3, L_CONTIG);
    OT_RUN(aclnnInplaceMaskedFillScalar, e.t, em.t, sf);
    /* a float value cannot go into an INT32 selfRef; a FLOAT mask; a mask that
     * broadcasts selfRef beyond its shape; NULLs */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceMaskedFillScalar, xi.t, m.t, sf);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceMaskedFillScalar, x.t, mf.t, sf);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceMaskedFillScalar, x.t, mb.t, sf);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceMaskedFillScalar, NULL, m.t, sf);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceMaskedFillScalar, x.t, NULL, sf);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceMaskedFillScalar, x.t, m.t, NULL);
    OT_FREE(&x, &xi, &m, &mf, &mb, &e, &em);
    aclDestroyScalar(sf);
    aclDestroyScalar(si);
    aclDestroyScalar(sb);
    aclDestroyScalar(sbig);
}

/* ---- Addcdiv --------------------------------------------------------------------------------- */

static void check_addcdiv(aclDataType ds, aclDataType d1, aclDataType d2, aclDataType dout,
                          int layout, bool inplace, double v)
{
    int64_t so[3] = {3, 4, 5}, s1[2] = {4, 5}, s2[3] = {3, 1, 5};
    ot_tensor a, x, y, o;
    ot_make(&a, ds, 3, so, layout);
    ot_make(&x, d1, 2, s1, (layout + 1) % L_COUNT);
    ot_make(&y, d2, 3, s2, (layout + 2) % L_COUNT);
    ot_fill(&a, -5, 5);
    ot_fill(&x, -5, 5);
    ot_fill(&y, 0.5, 4);
    double *keep = ot_values(&a);
    double dv = v;
    aclScalar *sv = aclCreateScalar(&dv, ACL_DOUBLE);
    uint64_t ws;
    aclOpExecutor *ex;
    if (inplace) {
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAddcdivGetWorkspaceSize(a.t, x.t, y.t, sv, &ws, &ex));
        ot_run(aclnnInplaceAddcdiv, ws, ex);
    } else {
        ot_make(&o, dout, 3, so, (layout + 3) % L_COUNT);
        CHECK_NN(ACLNN_SUCCESS, aclnnAddcdivGetWorkspaceSize(a.t, x.t, y.t, sv, o.t, &ws, &ex));
        ot_run(aclnnAddcdiv, ws, ex);
    }
    const ot_tensor *r = inplace ? &a : &o;
    aclDataType rt = ds == ACL_DOUBLE || d1 == ACL_DOUBLE || d2 == ACL_DOUBLE ? ACL_DOUBLE
                     : ds == d1 && d1 == d2                                   ? ds
                                                                              : ACL_FLOAT;
    for (int64_t i = 0; i < a.numel; i++) {
        double q = v * ot_get(&x, ot_bcast_index(i, so, 3, s1, 2)) /
                   ot_get(&y, ot_bcast_index(i, so, 3, s2, 3));
        double want = ot_round(r->dt, ot_round(rt, keep[i] + q));
        if (!ot_close_sum(r->dt, rt, ot_get(r, i), want, fabs(keep[i]) + fabs(q))) {
            fprintf(stderr, "Addcdiv %s,%s,%s->%s: [%lld] %g want %g\n", ot_dt_name(ds),
                    ot_dt_name(d1), ot_dt_name(d2), ot_dt_name(r->dt), (long long)i, ot_get(r, i),
                    want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(r));
    free(keep);
    aclDestroyScalar(sv);
    OT_FREE(&a, &x, &y);
    if (!inplace)
        ot_free(&o);
    g_cases++;
}

static void test_addcdiv(void)
{
    aclDataType f[4] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (int t = 0; t < 4; t++)
        for (int l = 0; l < L_COUNT; l++) {
            check_addcdiv(f[t], f[t], f[t], f[t], l, false, 0.5 + l);
            check_addcdiv(f[t], f[t], f[t], f[t], l, true, -1.25);
        }
    check_addcdiv(ACL_FLOAT16, ACL_FLOAT, ACL_INT32, ACL_FLOAT, L_TRANS, false, 3);
    check_addcdiv(ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_DOUBLE, L_GAP, false, 1);
    int64_t s[2] = {2, 3}, s1[1] = {3}, s4[1] = {4}, sb[3] = {2, 2, 3};
    ot_tensor a, ai, ah, b4, o, oi, ob;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, s}, {&ai, ACL_INT32, 2, s}, {&ah, ACL_FLOAT16, 1, s1},
                   {&b4, ACL_FLOAT, 1, s4}, {&o, ACL_FLOAT, 2, s}, {&oi, ACL_INT32, 2, s},
                   {&ob, ACL_FLOAT, 3, sb});
    double one = 1;
    aclScalar *sv = aclCreateScalar(&one, ACL_DOUBLE);
    uint64_t ws;
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAddcdiv, ai.t, ai.t, ai.t, sv, oi.t); /* integers */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAddcdiv, a.t, a.t, a.t, sv, oi.t); /* float->int out */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAddcdiv, a.t, b4.t, a.t, sv, o.t); /* no broadcast */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAddcdiv, a.t, a.t, a.t, sv, ob.t); /* out shape */
    /* in place: selfRef [3] of FLOAT16 would need to grow / change type */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceAddcdiv, ah.t, a.t, a.t, sv);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAddcdiv, NULL, a.t, a.t, sv, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAddcdiv, a.t, a.t, NULL, sv, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAddcdiv, a.t, a.t, a.t, NULL, o.t);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnInplaceAddcdivGetWorkspaceSize(a.t, a.t, a.t, sv, &ws, NULL));
    aclDestroyScalar(sv);
    OT_FREE(&a, &ai, &ah, &b4, &o, &oi, &ob);
}

/* SelectV3: CANN's example's pattern by hand (an INT8 mask, nonzero picks x), the codes. */
static void test_select_v3(void)
{
    int64_t d[1] = {5};
    ot_tensor x, y, b, z, bi, zh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 1, d}, {&y, ACL_FLOAT, 1, d}, {&b, ACL_INT8, 1, d},
                   {&z, ACL_FLOAT, 1, d}, {&bi, ACL_INT32, 1, d}, {&zh, ACL_FLOAT16, 1, d});
    const double bv[5] = {1, 0, -1, 0, 7};
    for (int i = 0; i < 5; i++) {
        ot_set(&x, i, 2.5);
        ot_set(&y, i, 7.75);
        ot_set(&b, i, bv[i]);
    }
    OT_RUN(aclnnSelectV3, x.t, y.t, b.t, z.t);
    for (int i = 0; i < 5; i++)
        CHECK(ot_get(&z, i) == (bv[i] != 0 ? 2.5 : 7.75));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSelectV3, x.t, NULL, b.t, z.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSelectV3, x.t, y.t, bi.t, z.t);
    OT_NULL_OUTS(aclnnSelectV3, x.t, y.t, b.t, z.t);
    g_cases++;
    OT_FREE(&x, &y, &b, &z, &bi, &zh);
}

/* Scale: y = x * scale + bias over dims 1-2 of a [2, 2, 3] x through views, a one-element scale
 * for all of x, and the codes, each message naming the argument. */
static void test_scale(void)
{
    int64_t xd[3] = {2, 2, 3}, sd[2] = {2, 3}, s1[1] = {1}, s2[1] = {2};
    ot_tensor x, s, b, y, one, s2t, sh;
    ot_make(&x, ACL_FLOAT, 3, xd, L_TRANS);
    ot_make(&s, ACL_FLOAT, 2, sd, L_STEP);
    ot_make(&y, ACL_FLOAT, 3, xd, L_GAP);
    OT_MAKE_CONTIG({&b, ACL_FLOAT, 2, sd}, {&one, ACL_FLOAT, 1, s1}, {&s2t, ACL_FLOAT, 1, s2},
                   {&sh, ACL_FLOAT16, 2, sd});
    for (int i = 0; i < 12; i++)
        ot_set(&x, i, i - 5);
    for (int i = 0; i < 6; i++) {
        ot_set(&s, i, 0.5 * i);
        ot_set(&b, i, -i);
    }
    ot_set(&one, 0, 3);
    OT_RUN(aclnnScale, x.t, s.t, b.t, 1, -1, true, y.t);
    for (int i = 0; i < 12; i++)
        CHECK(ot_get(&y, i) == (i - 5) * 0.5 * (i % 6) - (i % 6));
    OT_RUN(aclnnScale, x.t, one.t, NULL, 2, 5, false, y.t); /* numAxes unused */
    for (int i = 0; i < 12; i++)
        CHECK(ot_get(&y, i) == 3.0 * (i - 5));
    g_cases += 2;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnScale, "scale", x.t, NULL, NULL, 1, 1, true, y.t);
    OT_NULL_OUTS(aclnnScale, x.t, s.t, b.t, 1, -1, true, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScale, "axis", x.t, s.t, NULL, 3, -1, true, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScale, "numAxes", x.t, s.t, NULL, 1, -2, true,
                    y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScale, "one element", x.t, s.t, NULL, 1, 0, true,
                    y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScale, "scale", x.t, s2t.t, NULL, 2, 1, true,
                    y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScale, "rank", x.t, s.t, NULL, 2, 1, false, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScale, "bias", x.t, s.t, one.t, 1, -1, true, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScale, "one type", x.t, sh.t, NULL, 1, -1, true,
                    y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnScale, "y", x.t, s.t, NULL, 1, -1, true, s.t);
    OT_FREE(&x, &s, &b, &y, &one, &s2t, &sh);
}

/* AmpUpdateScale: growth at the interval, a back-off on an inf found, counting up; the codes, each
 * message naming the argument (561002 where CANN's docs give its tiling code). */
static void test_amp_update_scale(void)
{
    int64_t d1[1] = {1}, d2[1] = {2};
    ot_tensor s, t, f, us, ut, s2, fh, ti;
    OT_MAKE_CONTIG({&s, ACL_FLOAT, 1, d1}, {&t, ACL_INT32, 1, d1}, {&f, ACL_FLOAT, 1, d1},
                   {&us, ACL_FLOAT, 1, d1}, {&ut, ACL_INT32, 1, d1}, {&s2, ACL_FLOAT, 1, d2},
                   {&fh, ACL_FLOAT16, 1, d1}, {&ti, ACL_INT64, 1, d1});
    const struct {
        double scale, tracker, found, want_scale, want_tracker;
    } cases[] = {{1024, 9, 0, 2048, 0}, {1024, 9, INFINITY, 512, 0}, {1024, 3, 0, 1024, 4}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ot_set(&s, 0, cases[i].scale);
        ot_set(&t, 0, cases[i].tracker);
        ot_set(&f, 0, cases[i].found);
        OT_RUN(aclnnAmpUpdateScale, s.t, t.t, f.t, 2.0, 0.5, 10, us.t, ut.t);
        CHECK(ot_get(&us, 0) == cases[i].want_scale && ot_get(&ut, 0) == cases[i].want_tracker);
        g_cases++;
    }
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnAmpUpdateScale, "foundInf", s.t, t.t, NULL, 2.0,
                    0.5, 10, us.t, ut.t);
    OT_NULL_OUTS(aclnnAmpUpdateScale, s.t, t.t, f.t, 2.0, 0.5, 10, us.t, ut.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnAmpUpdateScale, "currentScale", s2.t, t.t,
                    f.t, 2.0, 0.5, 10, us.t, ut.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnAmpUpdateScale, "growthInterval", s.t, t.t,
                    f.t, 2.0, 0.5, 0, us.t, ut.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnAmpUpdateScale, "growthInterval", s.t, t.t,
                    f.t, 2.0, 0.5, 1LL << 31, us.t, ut.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAmpUpdateScale, "foundInf", s.t, t.t, fh.t, 2.0,
                    0.5, 10, us.t, ut.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAmpUpdateScale, "growthTracker", s.t, ti.t, f.t,
                    2.0, 0.5, 10, us.t, ut.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnAmpUpdateScale, "updatedScale", s.t, t.t, f.t,
                    2.0, 0.5, 10, s2.t, ut.t);
    OT_FREE(&s, &t, &f, &us, &ut, &s2, &fh, &ti);
}

/* Eltwise: the three modes on two inputs by hand (one through a view); the codes, each message
 * naming the argument. */
static void test_eltwise(void)
{
    int64_t d[2] = {2, 2}, d3[2] = {2, 3};
    ot_tensor a, b, o, b3, oh;
    ot_make(&a, ACL_FLOAT, 2, d, L_TRANS);
    OT_MAKE_CONTIG({&b, ACL_FLOAT, 2, d}, {&o, ACL_FLOAT, 2, d}, {&b3, ACL_FLOAT, 2, d3},
                   {&oh, ACL_FLOAT16, 2, d});
    const double av[4] = {1, -2, 3, 4}, bv[4] = {2, 5, -1, 0.5};
    for (int i = 0; i < 4; i++) {
        ot_set(&a, i, av[i]);
        ot_set(&b, i, bv[i]);
    }
    aclTensor *ts[2] = {a.t, b.t}, *ts3[1] = {b3.t}, *none[1] = {NULL};
    aclTensorList *l = aclCreateTensorList((const aclTensor *const *)ts, 2),
                  *l3 = aclCreateTensorList((const aclTensor *const *)ts3, 1),
                  *ln = aclCreateTensorList((const aclTensor *const *)none, 1);
    float cv[2] = {0.5f, -2.0f};
    aclFloatArray *c = aclCreateFloatArray(cv, 2), *c1 = aclCreateFloatArray(cv, 1);
    for (int mode = 0; mode < 3; mode++) {
        OT_RUN(aclnnEltwise, l, mode, c, o.t);
        for (int i = 0; i < 4; i++) {
            double want = mode == 0   ? av[i] * bv[i]
                          : mode == 1 ? 0.5 * av[i] - 2.0 * bv[i]
                                      : (av[i] > bv[i] ? av[i] : bv[i]);
            CHECK(ot_get(&o, i) == want);
        }
        g_cases++;
    }
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnEltwise, "inputs", NULL, 1, c, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnEltwise, "inputs[0]", ln, 1, NULL, o.t);
    OT_NULL_OUTS(aclnnEltwise, l, 1, c, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnEltwise, "mode", l, 3, c, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnEltwise, "coeff", l, 1, c1, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnEltwise, "inputs[]", l3, 0, NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnEltwise, "one type", l, 0, c, oh.t);
    aclDestroyFloatArray(c);
    aclDestroyFloatArray(c1);
    aclDestroyTensorList(l); /* the lists own their tensors from here */
    aclDestroyTensorList(l3);
    aclDestroyTensorList(ln);
    a.t = b.t = b3.t = NULL;
    OT_FREE(&a, &b, &o, &b3, &oh);
}

int main(void)
{
    ot_init();
    test_sum();
    test_lnot();
    test_mfill();
    test_addcdiv();
    test_select_v3();
    test_scale();
    test_amp_update_scale();
    test_eltwise();
    ot_fini();
    printf("ops_elementwise: %d cases\n", g_cases);
    return 0;
}
