/* SPDX-License-Identifier: Apache-2.0 */
/* Operators ggml's CANN backend needs (issue 14, part 3) against double
 * references: LogSoftmax (every dim, layouts, extreme rows), Sum (the
 * tensor-list AccumulateNV2: every dtype, broadcasting, views, empty),
 * LogicalNot and its in-place form, InplaceMaskedFillScalar (broadcast mask,
 * value conversion), Addcdiv / InplaceAddcdiv (broadcast, promotion),
 * Embedding (multi-d indices, bad indices fail the launch), Ger, Scatter /
 * ScatterValue and their in-place forms (reduce none / add / multiply); plus the misuse codes 161001/161002. */
#include "optest.h"

#include "aclnnop/aclnn_addcdiv.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_ger.h"
#include "aclnnop/aclnn_logical_not.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "aclnnop/aclnn_scatter.h"
#include "aclnnop/aclnn_sum.h"

static int g_cases;

/* ---- LogSoftmax ---------------------------------------------------------------------- */

static void check_logsoftmax(aclDataType dt, aclDataType odt, int dim, int li, int lo, double span)
{
    int64_t s[3] = {4, 5, 6};
    ot_tensor x, o;
    ot_make(&x, dt, 3, s, li);
    ot_make(&o, odt, 3, s, lo);
    ot_fill(&x, -span, span);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnLogSoftmaxGetWorkspaceSize(x.t, dim, o.t, &ws, &ex));
    ot_run(aclnnLogSoftmax, ws, ex);
    int d = dim < 0 ? dim + 3 : dim;
    int64_t st[3] = {30, 6, 1};
    for (int64_t i = 0; i < x.numel; i++) {
        int64_t c = (i / st[d]) % s[d], base = i - c * st[d];
        double m = -INFINITY, sum = 0;
        for (int64_t j = 0; j < s[d]; j++)
            m = fmax(m, ot_get(&x, base + j * st[d]));
        for (int64_t j = 0; j < s[d]; j++)
            sum += exp(ot_get(&x, base + j * st[d]) - m);
        double want = ot_round(odt, ot_get(&x, i) - m - log(sum));
        /* absolute slack for float32 compute on values of size `span` */
        double slack = (dt == ACL_DOUBLE && odt == ACL_DOUBLE ? 1e-12 : 4e-6) * (span + 1);
        if (!ot_close(odt, dt, ot_get(&o, i), want) && fabs(ot_get(&o, i) - want) > slack) {
            fprintf(stderr, "LogSoftmax %s dim %d: [%lld] %.9g want %.9g\n", ot_dt_name(dt), dim,
                    (long long)i, ot_get(&o, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_logsoftmax(void)
{
    aclDataType f[4] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (int t = 0; t < 4; t++)
        for (int dim = -1; dim < 3; dim++)
            for (int l = 0; l < L_COUNT; l++)
                check_logsoftmax(f[t], f[t], dim, l, (l + dim + 4) % L_COUNT, 6);
    check_logsoftmax(ACL_FLOAT16, ACL_FLOAT, -1, L_CONTIG, L_CONTIG, 6);
    /* wide rows: exp(x - max) underflows, log-softmax stays finite */
    check_logsoftmax(ACL_FLOAT, ACL_FLOAT, 2, L_STEP, L_GAP, 300);
    check_logsoftmax(ACL_DOUBLE, ACL_DOUBLE, 0, L_TRANS, L_CONTIG, 2000);

    /* empty tensor: success, nothing written */
    int64_t s0[2] = {0, 3};
    ot_tensor e, eo;
    ot_make(&e, ACL_FLOAT, 2, s0, L_CONTIG);
    ot_make(&eo, ACL_FLOAT, 2, s0, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnLogSoftmaxGetWorkspaceSize(e.t, 1, eo.t, &ws, &ex));
    ot_run(aclnnLogSoftmax, ws, ex);
    OT_FREE(&e, &eo);

    int64_t s[2] = {2, 3}, s32[2] = {3, 2};
    ot_tensor xi, o, o2;
    ot_make(&xi, ACL_INT32, 2, s, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 2, s, L_CONTIG);
    ot_make(&o2, ACL_FLOAT, 2, s32, L_CONTIG);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnLogSoftmaxGetWorkspaceSize(xi.t, 1, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnLogSoftmaxGetWorkspaceSize(o.t, 2, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnLogSoftmaxGetWorkspaceSize(o.t, -3, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnLogSoftmaxGetWorkspaceSize(o.t, 0, o2.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnLogSoftmaxGetWorkspaceSize(NULL, 0, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnLogSoftmaxGetWorkspaceSize(o.t, 0, NULL, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnLogSoftmaxGetWorkspaceSize(o.t, 0, o.t, NULL, &ex));
    OT_FREE(&xi, &o, &o2);
}

/* ---- Sum (AccumulateNV2) ----------------------------------------------------------------- */

static void check_sum(aclDataType dt, int n, int layout, const int64_t *so)
{
    int64_t shapes[4][3] = {{so[0], so[1], so[2]}, {so[1], so[2], 0}, {1, 1, 1}, {so[0], 1, so[2]}};
    int nds[4] = {3, 2, 1, 3};
    ot_tensor t[4], o;
    aclTensor *list[4];
    for (int k = 0; k < n; k++) {
        ot_make(&t[k], dt, nds[k], shapes[k], (layout + k) % L_COUNT);
        ot_fill(&t[k], dt == ACL_UINT8 ? 0 : -20, 20);
        list[k] = t[k].t;
    }
    ot_make(&o, dt, 3, so, layout);
    aclTensorList *tl = aclCreateTensorList((const aclTensor *const *)list, (uint64_t)n);
    CHECK(tl);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnSumGetWorkspaceSize(tl, o.t, &ws, &ex));
    ot_run(aclnnSum, ws, ex);
    for (int64_t i = 0; i < o.numel; i++) {
        double want = 0;
        for (int k = 0; k < n; k++)
            want += ot_get(&t[k], ot_bcast_index(i, so, 3, shapes[k], nds[k]));
        want = ot_round(dt, want);
        if (!ot_close(dt, dt, ot_get(&o, i), want)) {
            fprintf(stderr, "Sum %s n=%d layout %d: [%lld] %g want %g\n", ot_dt_name(dt), n,
                    layout, (long long)i, ot_get(&o, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    aclDestroyTensorList(tl); /* destroys the tensors in it */
    for (int k = 0; k < n; k++) {
        t[k].t = NULL;
        ot_free(&t[k]);
    }
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
    ot_make(&a, ACL_INT8, 1, s1, L_CONTIG);
    ot_make(&b, ACL_INT8, 1, s1, L_CONTIG);
    ot_make(&o, ACL_INT8, 1, s1, L_CONTIG);
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
    ot_make(&buf, ACL_FLOAT, 2, s4, L_CONTIG);
    ot_make(&of, ACL_FLOAT, 2, s2, L_CONTIG);
    ot_make(&oh, ACL_FLOAT16, 2, s2, L_CONTIG);
    ot_make(&o24, ACL_FLOAT, 2, s4, L_CONTIG);
    aclTensorList *lx = mklist(buf.buf, ACL_FLOAT, 2, ACL_FLOAT, 2, 1);
    aclTensorList *lxy = mklist(buf.buf, ACL_FLOAT, 2, ACL_FLOAT16, 2, 2);
    aclTensorList *lxz = mklist(buf.buf, ACL_FLOAT, 2, ACL_FLOAT, 3, 2);
    aclTensorList *lxn = mklist(buf.buf, ACL_FLOAT, 2, ACL_FLOAT, 0, 2);
    aclTensorList *empty = aclCreateTensorList(NULL, 0);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnSumGetWorkspaceSize(NULL, of.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnSumGetWorkspaceSize(lx, NULL, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnSumGetWorkspaceSize(lx, of.t, NULL, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnSumGetWorkspaceSize(lxn, of.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnSumGetWorkspaceSize(empty, of.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnSumGetWorkspaceSize(lxy, of.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnSumGetWorkspaceSize(lx, oh.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnSumGetWorkspaceSize(lxz, of.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnSumGetWorkspaceSize(lx, o24.t, &ws, &ex));
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
    double *keep = malloc((size_t)x.numel * sizeof(double));
    CHECK(keep);
    for (int64_t i = 0; i < x.numel; i++)
        keep[i] = ot_get(&x, i);
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
    ot_make(&a, ACL_BOOL, 2, s, L_CONTIG);
    ot_make(&b, ACL_BOOL, 2, s32, L_CONTIG);
    ot_make(&c, ACL_UINT16, 2, s, L_CONTIG);
    ot_make(&e, ACL_BOOL, 1, s0, L_CONTIG);
    ot_make(&eo, ACL_BOOL, 1, s0, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnLogicalNotGetWorkspaceSize(e.t, eo.t, &ws, &ex));
    ot_run(aclnnLogicalNot, ws, ex);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnLogicalNotGetWorkspaceSize(a.t, b.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnLogicalNotGetWorkspaceSize(c.t, a.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnInplaceLogicalNotGetWorkspaceSize(c.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnLogicalNotGetWorkspaceSize(NULL, a.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnLogicalNotGetWorkspaceSize(a.t, NULL, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceLogicalNotGetWorkspaceSize(NULL, &ws, &ex));
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
    double *keep = malloc((size_t)x.numel * sizeof(double));
    CHECK(keep);
    for (int64_t i = 0; i < x.numel; i++)
        keep[i] = ot_get(&x, i);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceMaskedFillScalarGetWorkspaceSize(x.t, m.t, val, &ws, &ex));
    ot_run(aclnnInplaceMaskedFillScalar, ws, ex);
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
    ot_make(&x, ACL_FLOAT, 2, s, L_CONTIG);
    ot_make(&xi, ACL_INT32, 2, s, L_CONTIG);
    ot_make(&m, ACL_BOOL, 1, s3, L_CONTIG);
    ot_make(&mf, ACL_FLOAT, 1, s3, L_CONTIG);
    ot_make(&mb, ACL_BOOL, 3, s4, L_CONTIG);
    int64_t s0[2] = {0, 3};
    ot_make(&e, ACL_FLOAT, 2, s0, L_CONTIG);
    ot_make(&em, ACL_BOOL, 1, s3, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceMaskedFillScalarGetWorkspaceSize(e.t, em.t, sf, &ws, &ex));
    ot_run(aclnnInplaceMaskedFillScalar, ws, ex);
    /* a float value cannot go into an INT32 selfRef; a FLOAT mask; a mask that
     * broadcasts selfRef beyond its shape; NULLs */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnInplaceMaskedFillScalarGetWorkspaceSize(xi.t, m.t, sf, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnInplaceMaskedFillScalarGetWorkspaceSize(x.t, mf.t, sf, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnInplaceMaskedFillScalarGetWorkspaceSize(x.t, mb.t, sf, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnInplaceMaskedFillScalarGetWorkspaceSize(NULL, m.t, sf, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnInplaceMaskedFillScalarGetWorkspaceSize(x.t, NULL, sf, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnInplaceMaskedFillScalarGetWorkspaceSize(x.t, m.t, NULL, &ws, &ex));
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
    double *keep = malloc((size_t)a.numel * sizeof(double));
    CHECK(keep);
    for (int64_t i = 0; i < a.numel; i++)
        keep[i] = ot_get(&a, i);
    double dv = v;
    aclScalar *sv = aclCreateScalar(&dv, ACL_DOUBLE);
    uint64_t ws;
    aclOpExecutor *ex;
    if (inplace) {
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnInplaceAddcdivGetWorkspaceSize(a.t, x.t, y.t, sv, &ws, &ex));
        ot_run(aclnnInplaceAddcdiv, ws, ex);
    } else {
        ot_make(&o, dout, 3, so, (layout + 3) % L_COUNT);
        CHECK_NN(ACLNN_SUCCESS, aclnnAddcdivGetWorkspaceSize(a.t, x.t, y.t, sv, o.t, &ws, &ex));
        ot_run(aclnnAddcdiv, ws, ex);
    }
    const ot_tensor *r = inplace ? &a : &o;
    aclDataType rt = ds == ACL_DOUBLE || d1 == ACL_DOUBLE || d2 == ACL_DOUBLE ? ACL_DOUBLE
                     : ds == d1 && d1 == d2                                 ? ds
                                                                            : ACL_FLOAT;
    for (int64_t i = 0; i < a.numel; i++) {
        double want = keep[i] + v * ot_get(&x, ot_bcast_index(i, so, 3, s1, 2)) /
                                    ot_get(&y, ot_bcast_index(i, so, 3, s2, 3));
        want = ot_round(r->dt, ot_round(rt, want));
        if (!ot_close(r->dt, rt, ot_get(r, i), want)) {
            fprintf(stderr, "Addcdiv %s,%s,%s->%s: [%lld] %g want %g\n", ot_dt_name(ds),
                    ot_dt_name(d1), ot_dt_name(d2), ot_dt_name(r->dt), (long long)i,
                    ot_get(r, i), want);
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
    ot_make(&a, ACL_FLOAT, 2, s, L_CONTIG);
    ot_make(&ai, ACL_INT32, 2, s, L_CONTIG);
    ot_make(&ah, ACL_FLOAT16, 1, s1, L_CONTIG);
    ot_make(&b4, ACL_FLOAT, 1, s4, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 2, s, L_CONTIG);
    ot_make(&oi, ACL_INT32, 2, s, L_CONTIG);
    ot_make(&ob, ACL_FLOAT, 3, sb, L_CONTIG);
    double one = 1;
    aclScalar *sv = aclCreateScalar(&one, ACL_DOUBLE);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnAddcdivGetWorkspaceSize(ai.t, ai.t, ai.t, sv, oi.t, &ws, &ex)); /* integers */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnAddcdivGetWorkspaceSize(a.t, a.t, a.t, sv, oi.t, &ws, &ex)); /* float->int out */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnAddcdivGetWorkspaceSize(a.t, b4.t, a.t, sv, o.t, &ws, &ex)); /* no broadcast */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnAddcdivGetWorkspaceSize(a.t, a.t, a.t, sv, ob.t, &ws, &ex)); /* out shape */
    /* in place: selfRef [3] of FLOAT16 would need to grow / change type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnInplaceAddcdivGetWorkspaceSize(ah.t, a.t, a.t, sv, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnAddcdivGetWorkspaceSize(NULL, a.t, a.t, sv, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnAddcdivGetWorkspaceSize(a.t, a.t, NULL, sv, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnAddcdivGetWorkspaceSize(a.t, a.t, a.t, NULL, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnInplaceAddcdivGetWorkspaceSize(a.t, a.t, a.t, sv, &ws, NULL));
    aclDestroyScalar(sv);
    OT_FREE(&a, &ai, &ah, &b4, &o, &oi, &ob);
}

/* ---- Embedding ------------------------------------------------------------------------------- */

static void check_embedding(aclDataType dt, aclDataType it, int wnd, int layout)
{
    int64_t ws3[3] = {7, 3, 4}, is[2] = {2, 5};
    int64_t os[4] = {2, 5, 3, 4};
    ot_tensor w, ix, o;
    ot_make(&w, dt, wnd, ws3, layout);
    ot_fill(&w, dt == ACL_UINT8 ? 0 : -50, 50);
    ot_make(&ix, it, 2, is, (layout + 1) % L_COUNT);
    for (int64_t i = 0; i < ix.numel; i++)
        ot_set(&ix, i, (double)((i * 3 + layout) % 7));
    int64_t onum[4] = {2, 5, wnd > 1 ? 3 : 0, 4};
    int ond = 2 + wnd - 1;
    int64_t odims[4] = {2, 5, 0, 0};
    for (int q = 1; q < wnd; q++)
        odims[1 + q] = ws3[q];
    (void)os;
    (void)onum;
    ot_make(&o, dt, ond, odims, (layout + 2) % L_COUNT);
    uint64_t wsz;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnEmbeddingGetWorkspaceSize(w.t, ix.t, o.t, &wsz, &ex));
    ot_run(aclnnEmbedding, wsz, ex);
    int64_t row = w.numel / 7;
    for (int64_t i = 0; i < o.numel; i++) {
        int64_t r = (int64_t)ot_get(&ix, i / row);
        double want = ot_get(&w, r * row + i % row);
        if (ot_get(&o, i) != want && !(isnan(want) && isnan(ot_get(&o, i)))) {
            fprintf(stderr, "Embedding %s/%s: [%lld] %g want %g\n", ot_dt_name(dt),
                    ot_dt_name(it), (long long)i, ot_get(&o, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&w, &ix, &o);
    g_cases++;
}

static void test_embedding(void)
{
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++) {
            check_embedding(OT_ALL[d], l % 2 ? ACL_INT32 : ACL_INT64, 2, l);
            check_embedding(OT_ALL[d], ACL_INT64, 3, l);
        }
    check_embedding(ACL_FLOAT, ACL_INT32, 1, L_CONTIG); /* 1-d weight: out = indices' shape */
    int64_t sw[2] = {4, 3}, si[1] = {2}, so[2] = {2, 3}, sbad[2] = {2, 4}, s0[1] = {0},
            so0[2] = {0, 3};
    ot_tensor w, ix, ixf, o, oh, ob, e, eo;
    ot_make(&w, ACL_FLOAT, 2, sw, L_CONTIG);
    ot_fill(&w, -1, 1);
    ot_make(&ix, ACL_INT64, 1, si, L_CONTIG);
    ot_make(&ixf, ACL_FLOAT, 1, si, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 2, so, L_CONTIG);
    ot_make(&oh, ACL_FLOAT16, 2, so, L_CONTIG);
    ot_make(&ob, ACL_FLOAT, 2, sbad, L_CONTIG);
    ot_make(&e, ACL_INT32, 1, s0, L_CONTIG);
    ot_make(&eo, ACL_FLOAT, 2, so0, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnEmbeddingGetWorkspaceSize(w.t, e.t, eo.t, &ws, &ex)); /* empty */
    ot_run(aclnnEmbedding, ws, ex);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnEmbeddingGetWorkspaceSize(w.t, ixf.t, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnEmbeddingGetWorkspaceSize(w.t, ix.t, oh.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnEmbeddingGetWorkspaceSize(w.t, ix.t, ob.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnEmbeddingGetWorkspaceSize(NULL, ix.t, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnEmbeddingGetWorkspaceSize(w.t, NULL, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnEmbeddingGetWorkspaceSize(w.t, ix.t, NULL, &ws, &ex));
    /* a negative or too-large index fails the launch and writes nothing */
    const double bad[2] = {-1, 4};
    for (int k = 0; k < 2; k++) {
        for (int64_t i = 0; i < o.numel; i++)
            ot_set(&o, i, 9);
        ot_set(&ix, 0, 1);
        ot_set(&ix, 1, bad[k]);
        CHECK_NN(ACLNN_SUCCESS, aclnnEmbeddingGetWorkspaceSize(w.t, ix.t, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnEmbedding(NULL, ws, ex, g_stream));
        CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
        for (int64_t i = 0; i < o.numel; i++)
            CHECK(ot_get(&o, i) == 9);
    }
    OT_FREE(&w, &ix, &ixf, &o, &oh, &ob, &e, &eo);
}

/* ---- Ger --------------------------------------------------------------------------------------- */

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
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnGerGetWorkspaceSize(a.t, b.t, o.t, &ws, &ex));
    ot_run(aclnnGer, ws, ex);
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
    ot_make(&a, ACL_FLOAT, 1, s3, L_CONTIG);
    ot_make(&a2, ACL_FLOAT, 2, s2, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 2, s2, L_CONTIG);
    ot_make(&oi, ACL_INT32, 2, s2, L_CONTIG);
    ot_make(&ob, ACL_FLOAT, 2, s33, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnGerGetWorkspaceSize(a2.t, a.t, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnGerGetWorkspaceSize(a.t, a.t, oi.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnGerGetWorkspaceSize(a.t, a.t, ob.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnGerGetWorkspaceSize(NULL, a.t, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnGerGetWorkspaceSize(a.t, NULL, o.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnGerGetWorkspaceSize(a.t, a.t, NULL, &ws, &ex));
    OT_FREE(&a, &a2, &o, &oi, &ob);
}

/* ---- Scatter ------------------------------------------------------------------------------------ */

static void check_scatter(aclDataType dt, int dim, int reduce, bool inplace, bool valued, int layout)
{
    int64_t ss[3] = {4, 5, 3}, is[3] = {3, 4, 2}, xs[3] = {3, 5, 3};
    ot_tensor self, ix, src, o;
    ot_make(&self, dt, 3, ss, layout);
    ot_fill(&self, dt == ACL_UINT8 ? 0 : -3, 3);
    ot_make(&ix, (layout & 1) ? ACL_INT32 : ACL_INT64, 3, is, (layout + 1) % L_COUNT);
    for (int64_t i = 0; i < ix.numel; i++)
        ot_set(&ix, i, floor(ot_rand01() * (double)ss[dim] * 0.999));
    ot_make(&src, dt, 3, xs, (layout + 2) % L_COUNT);
    ot_fill(&src, dt == ACL_UINT8 ? 0 : -3, 3);
    double val = dt == ACL_BOOL ? 1 : 2;
    aclScalar *sv = aclCreateScalar(&val, ACL_DOUBLE);
    if (dt == ACL_BOOL) {
        aclDestroyScalar(sv);
        bool bv = true;
        sv = aclCreateScalar(&bv, ACL_BOOL);
    } else if (!ot_is_float(dt)) {
        aclDestroyScalar(sv);
        int64_t iv = (int64_t)val;
        sv = aclCreateScalar(&iv, ACL_INT64);
    }
    double *ref = malloc((size_t)self.numel * sizeof(double));
    CHECK(ref);
    for (int64_t i = 0; i < self.numel; i++)
        ref[i] = ot_get(&self, i);
    int64_t k[3];
    for (int64_t i = 0; i < ix.numel; i++) {
        ot_unravel(i, is, 3, k);
        double v = valued ? val : ot_get(&src, ot_ravel(k, xs, 3));
        k[dim] = (int64_t)ot_get(&ix, i);
        int64_t t = ot_ravel(k, ss, 3);
        ref[t] = ot_round(dt, reduce == 0 ? v : reduce == 1 ? ref[t] + v : ref[t] * v);
    }
    uint64_t ws;
    aclOpExecutor *ex;
    if (inplace) {
        if (valued)
            CHECK_NN(ACLNN_SUCCESS, aclnnInplaceScatterValueGetWorkspaceSize(self.t, dim, ix.t, sv,
                                                                             reduce, &ws, &ex));
        else
            CHECK_NN(ACLNN_SUCCESS, aclnnInplaceScatterGetWorkspaceSize(self.t, dim, ix.t, src.t,
                                                                        reduce, &ws, &ex));
        ot_run(valued ? aclnnInplaceScatterValue : aclnnInplaceScatter, ws, ex);
    } else {
        ot_make(&o, dt, 3, ss, (layout + 3) % L_COUNT);
        if (valued)
            CHECK_NN(ACLNN_SUCCESS, aclnnScatterValueGetWorkspaceSize(self.t, dim - 3, ix.t, sv,
                                                                      reduce, o.t, &ws, &ex));
        else
            CHECK_NN(ACLNN_SUCCESS, aclnnScatterGetWorkspaceSize(self.t, dim, ix.t, src.t, reduce,
                                                                 o.t, &ws, &ex));
        ot_run(valued ? aclnnScatterValue : aclnnScatter, ws, ex);
    }
    const ot_tensor *r = inplace ? &self : &o;
    for (int64_t i = 0; i < r->numel; i++)
        if (!ot_close(dt, dt, ot_get(r, i), ref[i])) {
            fprintf(stderr, "Scatter %s dim %d reduce %d%s%s: [%lld] %g want %g\n",
                    ot_dt_name(dt), dim, reduce, inplace ? " inplace" : "",
                    valued ? " value" : "", (long long)i, ot_get(r, i), ref[i]);
            exit(1);
        }
    CHECK(ot_gaps_intact(r));
    free(ref);
    aclDestroyScalar(sv);
    OT_FREE(&self, &ix, &src);
    if (!inplace)
        ot_free(&o);
    g_cases++;
}

static void test_scatter(void)
{
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++)
            for (int red = 0; red < 3; red++) {
                check_scatter(OT_ALL[d], (l + red) % 3, red, false, false, l);
                check_scatter(OT_ALL[d], (l + red + 1) % 3, red, true, false, l);
                check_scatter(OT_ALL[d], l % 3, red, l % 2, true, l);
            }
    int64_t s[2] = {3, 4}, si[2] = {2, 2}, sbig[2] = {4, 2}, s1[1] = {3};
    ot_tensor x, xh, ix, ixb, ixf, ix1, src;
    ot_make(&x, ACL_FLOAT, 2, s, L_CONTIG);
    ot_fill(&x, -1, 1);
    ot_make(&xh, ACL_FLOAT16, 2, s, L_CONTIG);
    ot_make(&ix, ACL_INT64, 2, si, L_CONTIG);
    ot_make(&ixb, ACL_INT64, 2, sbig, L_CONTIG);
    ot_make(&ixf, ACL_FLOAT, 2, si, L_CONTIG);
    ot_make(&ix1, ACL_INT64, 1, s1, L_CONTIG);
    ot_make(&src, ACL_FLOAT, 2, si, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnScatterGetWorkspaceSize(x.t, 0, ix.t, src.t, 3, x.t, &ws, &ex)); /* reduce */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnScatterGetWorkspaceSize(x.t, 2, ix.t, src.t, 0, x.t, &ws, &ex)); /* dim */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnScatterGetWorkspaceSize(x.t, 0, ixf.t, src.t, 0, x.t, &ws, &ex)); /* index type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnScatterGetWorkspaceSize(x.t, 0, ix1.t, src.t, 0, x.t, &ws, &ex)); /* rank */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnScatterGetWorkspaceSize(x.t, 1, ixb.t, src.t, 0, x.t, &ws, &ex)); /* > src */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnScatterGetWorkspaceSize(x.t, 0, ix.t, src.t, 0, xh.t, &ws, &ex)); /* out type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnInplaceScatterGetWorkspaceSize(xh.t, 0, ix.t, src.t, 0, &ws, &ex)); /* src type */
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnScatterGetWorkspaceSize(NULL, 0, ix.t, src.t, 0, x.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnScatterGetWorkspaceSize(x.t, 0, NULL, src.t, 0, x.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnScatterGetWorkspaceSize(x.t, 0, ix.t, NULL, 0, x.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnScatterValueGetWorkspaceSize(x.t, 0, ix.t, NULL, 0, x.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnInplaceScatterGetWorkspaceSize(x.t, 0, ix.t, src.t, 0, NULL, &ex));
    /* an index value out of [0, 3) fails the launch; selfRef stays as it was */
    double keep[12];
    for (int i = 0; i < 12; i++)
        keep[i] = ot_get(&x, i);
    const double bad[2] = {-1, 3};
    for (int b = 0; b < 2; b++) {
        for (int i = 0; i < 4; i++)
            ot_set(&ix, i, i == 3 ? bad[b] : 1);
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceScatterGetWorkspaceSize(x.t, 0, ix.t, src.t, 0, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceScatter(NULL, ws, ex, g_stream));
        CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
        for (int i = 0; i < 12; i++)
            CHECK(ot_get(&x, i) == keep[i]);
    }
    OT_FREE(&x, &xh, &ix, &ixb, &ixf, &ix1, &src);
}

int main(void)
{
    ot_init();
    test_logsoftmax();
    test_sum();
    test_lnot();
    test_mfill();
    test_addcdiv();
    test_embedding();
    test_ger();
    test_scatter();
    ot_fini();
    printf("ops_cann3: %d cases\n", g_cases);
    return 0;
}
