/* SPDX-License-Identifier: Apache-2.0 */
/* Binary elementwise operators (Add/Sub/Mul/Div/DivMod/Maximum/Minimum/
 * PowTensorTensor, their scalar and in-place forms) against a double
 * reference: every supported dtype, type promotion, broadcasting up to 8
 * dims, non-contiguous views, empty tensors, and the error cases. */
#include "optest.h"

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_maximum.h"
#include "aclnnop/aclnn_minimum.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_pow.h"
#include "aclnnop/aclnn_pow_tensor_tensor.h"
#include "aclnnop/aclnn_sub.h"

enum { K_ADD, K_SUB, K_MUL, K_DIV, K_DIVT, K_DIVF, K_MAX, K_MIN, K_POW, K_COUNT };
static const char *const KNAME[K_COUNT] = {
    "Add", "Sub", "Mul", "Div", "DivMod1", "DivMod2", "Maximum", "Minimum", "PowTensorTensor"};

/* ---- the reference ------------------------------------------------------- */

static int rank_of(aclDataType t)
{
    switch ((int)t) {
    case ACL_BOOL:
        return 0;
    case ACL_INT8:
    case ACL_UINT8:
        return 1;
    case ACL_INT16:
        return 2;
    case ACL_INT32:
        return 3;
    case ACL_INT64:
        return 4;
    case ACL_FLOAT16:
    case ACL_BF16:
        return 5;
    case ACL_FLOAT:
        return 6;
    default:
        return 7; /* double */
    }
}

static aclDataType ref_promote(aclDataType a, aclDataType b)
{
    if (a == b)
        return a;
    if ((a == ACL_INT8 && b == ACL_UINT8) || (a == ACL_UINT8 && b == ACL_INT8))
        return ACL_INT16;
    if ((a == ACL_FLOAT16 && b == ACL_BF16) || (a == ACL_BF16 && b == ACL_FLOAT16))
        return ACL_FLOAT;
    return rank_of(a) >= rank_of(b) ? a : b;
}

/* AscendCL's tensor-with-scalar rule (A2/A3 aclnn_add.cpp). */
static aclDataType ref_promote_scalar(aclDataType t, aclDataType s, aclDataType out)
{
    if (ot_is_float(t))
        return t;
    if (s == ACL_DOUBLE && out == ACL_FLOAT)
        return ACL_FLOAT;
    if (ot_is_float(s) || t == ACL_BOOL)
        return ref_promote(t, s);
    return t;
}

static aclDataType result_type(int k, aclDataType prom)
{
    if ((k == K_DIV && !ot_is_float(prom)) || ((k == K_DIVT || k == K_DIVF) && prom == ACL_BOOL))
        return ACL_FLOAT;
    return prom;
}

static double ref_op(int k, double a, double b, double alpha, aclDataType rt)
{
    double r;
    switch (k) {
    case K_ADD:
        r = a + alpha * b;
        break;
    case K_SUB:
        r = a - alpha * b;
        break;
    case K_MUL:
        r = a * b;
        break;
    case K_DIV:
        r = a / b;
        break;
    case K_DIVT:
        r = ot_is_float(rt) ? trunc(a / b) : (b == 0 ? 0 : trunc(a / b));
        break;
    case K_DIVF:
        r = ot_is_float(rt) ? floor(a / b) : (b == 0 ? 0 : floor(a / b));
        break;
    case K_MAX:
        r = a > b ? a : b;
        break;
    case K_MIN:
        r = a < b ? a : b;
        break;
    default:
        r = pow(a, b);
        if (!ot_is_float(rt) && b < 0)
            r = a == 1 ? 1 : a == -1 ? (fmod(-b, 2) ? -1 : 1) : 0;
        break;
    }
    if (rt == ACL_BOOL)
        r = r != 0;
    return r;
}

/* Inputs a test fills each operand with, by operator and role. */
static void fill_for(int k, ot_tensor *x, int role)
{
    if (k == K_POW) {
        if (ot_is_float(x->dt))
            ot_fill(x, role ? -2 : 0.5, role ? 2 : 3);
        else
            ot_fill(x, role ? 0 : -3, role ? 4 : 3);
        return;
    }
    if (x->dt == ACL_UINT8)
        ot_fill(x, 0, 15);
    else if (x->dt == ACL_BOOL || ot_is_float(x->dt))
        ot_fill(x, -10, 10);
    else
        ot_fill(x, -10, 10);
    if (role == 1 && (k == K_DIV || k == K_DIVT || k == K_DIVF))
        for (int64_t i = 0; i < x->numel; i++)
            if (ot_get(x, i) == 0)
                ot_set(x, i, x->dt == ACL_BOOL ? 1 : 3);
}

/* ---- building --------------------------------------------------------------- */

static aclScalar *g_alpha; /* alpha for Add/Sub: made by use_alpha for each case */
static double g_alpha_v = 1;

/* Alpha must cast to the promoted type: float32 for floating types, int64
 * for integer and bool ones. */
static void use_alpha(aclDataType prom)
{
    if (g_alpha)
        aclDestroyScalar(g_alpha);
    if (ot_is_float(prom)) {
        float v = (float)g_alpha_v;
        g_alpha = aclCreateScalar(&v, ACL_FLOAT);
    } else {
        int64_t v = (int64_t)g_alpha_v;
        g_alpha = aclCreateScalar(&v, ACL_INT64);
    }
    CHECK(g_alpha);
}

static aclnnStatus build_tt(int k, const aclTensor *a, const aclTensor *b, aclTensor *out,
                            uint64_t *ws, aclOpExecutor **ex)
{
    switch (k) {
    case K_ADD:
        return aclnnAddGetWorkspaceSize(a, b, g_alpha, out, ws, ex);
    case K_SUB:
        return aclnnSubGetWorkspaceSize(a, b, g_alpha, out, ws, ex);
    case K_MUL:
        return aclnnMulGetWorkspaceSize(a, b, out, ws, ex);
    case K_DIV:
        return aclnnDivGetWorkspaceSize(a, b, out, ws, ex);
    case K_DIVT:
        return aclnnDivModGetWorkspaceSize(a, b, 1, out, ws, ex);
    case K_DIVF:
        return aclnnDivModGetWorkspaceSize(a, b, 2, out, ws, ex);
    case K_MAX:
        return aclnnMaximumGetWorkspaceSize(a, b, out, ws, ex);
    case K_MIN:
        return aclnnMinimumGetWorkspaceSize(a, b, out, ws, ex);
    default:
        return aclnnPowTensorTensorGetWorkspaceSize(a, b, out, ws, ex);
    }
}
static const ot_phase2 RUN_TT[K_COUNT] = {aclnnAdd,     aclnnSub,     aclnnMul,
                                          aclnnDiv,     aclnnDivMod,  aclnnDivMod,
                                          aclnnMaximum, aclnnMinimum, aclnnPowTensorTensor};

static aclnnStatus build_inplace(int k, aclTensor *a, const aclTensor *b, uint64_t *ws,
                                 aclOpExecutor **ex, ot_phase2 *run)
{
    switch (k) {
    case K_ADD:
        *run = aclnnInplaceAdd;
        return aclnnInplaceAddGetWorkspaceSize(a, b, g_alpha, ws, ex);
    case K_SUB:
        *run = aclnnInplaceSub;
        return aclnnInplaceSubGetWorkspaceSize(a, b, g_alpha, ws, ex);
    case K_MUL:
        *run = aclnnInplaceMul;
        return aclnnInplaceMulGetWorkspaceSize(a, b, ws, ex);
    case K_DIV:
        *run = aclnnInplaceDiv;
        return aclnnInplaceDivGetWorkspaceSize(a, b, ws, ex);
    case K_DIVT:
        *run = aclnnInplaceDivMod;
        return aclnnInplaceDivModGetWorkspaceSize(a, b, 1, ws, ex);
    case K_DIVF:
        *run = aclnnInplaceDivMod;
        return aclnnInplaceDivModGetWorkspaceSize(a, b, 2, ws, ex);
    case K_POW:
        *run = aclnnInplacePowTensorTensor;
        return aclnnInplacePowTensorTensorGetWorkspaceSize(a, b, ws, ex);
    default:
        return -1;
    }
}

/* Scalar forms: tensor op scalar (and scalar ^ tensor for Pow). */
static aclnnStatus build_ts(int k, const aclTensor *a, const aclScalar *s, aclTensor *out,
                            uint64_t *ws, aclOpExecutor **ex, ot_phase2 *run)
{
    switch (k) {
    case K_ADD:
        *run = aclnnAdds;
        return aclnnAddsGetWorkspaceSize(a, s, g_alpha, out, ws, ex);
    case K_SUB:
        *run = aclnnSubs;
        return aclnnSubsGetWorkspaceSize(a, s, g_alpha, out, ws, ex);
    case K_MUL:
        *run = aclnnMuls;
        return aclnnMulsGetWorkspaceSize(a, s, out, ws, ex);
    case K_DIV:
        *run = aclnnDivs;
        return aclnnDivsGetWorkspaceSize(a, s, out, ws, ex);
    case K_DIVT:
        *run = aclnnDivMods;
        return aclnnDivModsGetWorkspaceSize(a, s, 1, out, ws, ex);
    case K_DIVF:
        *run = aclnnDivMods;
        return aclnnDivModsGetWorkspaceSize(a, s, 2, out, ws, ex);
    case K_POW:
        *run = aclnnPowTensorScalar;
        return aclnnPowTensorScalarGetWorkspaceSize(a, s, out, ws, ex);
    default:
        return -1;
    }
}

/* ---- the checks ------------------------------------------------------------- */

static int g_cases;

static void check_tt(int k, aclDataType da, aclDataType db, aclDataType dout, int na,
                     const int64_t *sa, int nb, const int64_t *sb, int la, int lb, int lo)
{
    ot_tensor a, b, out;
    int64_t so[8];
    int no = na > nb ? na : nb;
    for (int i = 0; i < no; i++) {
        int ia = i - (no - na), ib = i - (no - nb);
        int64_t x = ia >= 0 ? sa[ia] : 1, y = ib >= 0 ? sb[ib] : 1;
        so[i] = x == 1 ? y : x;
    }
    ot_make(&a, da, na, sa, la);
    ot_make(&b, db, nb, sb, lb);
    ot_make(&out, dout, no, so, lo);
    fill_for(k, &a, 0);
    fill_for(k, &b, 1);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    use_alpha(ref_promote(da, db));
    CHECK_NN(ACLNN_SUCCESS, build_tt(k, a.t, b.t, out.t, &ws, &ex));
    ot_run(RUN_TT[k], ws, ex);
    aclDataType rt = result_type(k, ref_promote(da, db));
    for (int64_t i = 0; i < out.numel; i++) {
        double x = ot_get(&a, ot_bcast_index(i, so, no, sa, na));
        double y = ot_get(&b, ot_bcast_index(i, so, no, sb, nb));
        double want = ot_round(rt, ref_op(k, x, y, g_alpha_v, rt));
        double got = ot_get(&out, i);
        if (!ot_close(dout, rt, got, want)) {
            fprintf(stderr, "%s %s,%s->%s layouts %d%d%d: [%lld] %g op %g = %g, want %g\n",
                    KNAME[k], ot_dt_name(da), ot_dt_name(db), ot_dt_name(dout), la, lb, lo,
                    (long long)i, x, y, got, want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&out));
    OT_FREE(&a, &b, &out);
    g_cases++;
}

static void check_inplace(int k, aclDataType da, aclDataType db, int layout)
{
    int64_t sa[3] = {3, 4, 5}, sb[2] = {4, 1};
    ot_tensor a, b;
    ot_make(&a, da, 3, sa, layout);
    ot_make(&b, db, 2, sb, (layout + 1) % L_COUNT);
    fill_for(k, &a, 0);
    fill_for(k, &b, 1);
    double *before = ot_values(&a);
    uint64_t ws;
    aclOpExecutor *ex;
    ot_phase2 run;
    use_alpha(ref_promote(da, db));
    CHECK_NN(ACLNN_SUCCESS, build_inplace(k, a.t, b.t, &ws, &ex, &run));
    ot_run(run, ws, ex);
    aclDataType rt = result_type(k, ref_promote(da, db));
    for (int64_t i = 0; i < a.numel; i++) {
        double y = ot_get(&b, ot_bcast_index(i, sa, 3, sb, 2));
        double want = ot_round(rt, ref_op(k, before[i], y, g_alpha_v, rt));
        if (!ot_close(da, rt, ot_get(&a, i), want)) {
            fprintf(stderr, "Inplace%s %s,%s: [%lld] got %g want %g\n", KNAME[k], ot_dt_name(da),
                    ot_dt_name(db), (long long)i, ot_get(&a, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&a));
    free(before);
    OT_FREE(&a, &b);
    g_cases++;
}

static void check_ts(int k, aclDataType dt, aclDataType sdt, double sval, int layout)
{
    int64_t s[3] = {2, 3, 4};
    ot_tensor a, out;
    ot_make(&a, dt, 3, s, layout);
    fill_for(k, &a, 0);
    unsigned char raw[16] = {0};
    ot_store(sdt, raw, sval);
    aclScalar *sc = aclCreateScalar(raw, sdt);
    CHECK(sc);
    aclDataType odt = result_type(k, ref_promote_scalar(dt, sdt, ACL_DOUBLE));
    if (odt == ACL_FLOAT16)
        odt = ACL_FLOAT; /* rounds through float16 first (R1) */
    aclDataType prom = ref_promote_scalar(dt, sdt, odt);
    aclDataType rt = result_type(k, prom);
    ot_make(&out, odt, 3, s, (layout + 2) % L_COUNT);
    use_alpha(prom);
    uint64_t ws;
    aclOpExecutor *ex;
    ot_phase2 run;
    CHECK_NN(ACLNN_SUCCESS, build_ts(k, a.t, sc, out.t, &ws, &ex, &run));
    aclDestroyScalar(sc); /* the executor holds its own copy */
    ot_run(run, ws, ex);
    double sv = ot_round(prom, ot_load(sdt, raw));
    for (int64_t i = 0; i < a.numel; i++) {
        double want = ot_round(rt, ref_op(k, ot_get(&a, i), sv, g_alpha_v, rt));
        if (!ot_close(out.dt, rt, ot_get(&out, i), want)) {
            fprintf(stderr, "%s(scalar) %s,%s: [%lld] %g op %g got %g want %g\n", KNAME[k],
                    ot_dt_name(dt), ot_dt_name(sdt), (long long)i, ot_get(&a, i), sv,
                    ot_get(&out, i), want);
            exit(1);
        }
    }
    OT_FREE(&a, &out);
    g_cases++;
}

static bool supported_pair(int k, aclDataType a, aclDataType b)
{
    aclDataType p = ref_promote(a, b);
    if (k == K_SUB && p == ACL_BOOL)
        return false;
    if (k == K_POW && a == ACL_BOOL && b == ACL_BOOL)
        return false;
    if ((k == K_DIV || k == K_DIVT || k == K_DIVF) && p == ACL_BOOL)
        return false; /* bool divisor may be 0; covered by the float path elsewhere */
    return true;
}

static void test_values(void)
{
    static const aclDataType mixed[][2] = {
        {ACL_INT32, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT16},
        {ACL_UINT8, ACL_INT8},  {ACL_BOOL, ACL_INT32},    {ACL_INT64, ACL_FLOAT16},
        {ACL_INT8, ACL_INT16},  {ACL_FLOAT, ACL_DOUBLE},  {ACL_BOOL, ACL_FLOAT16},
    };
    struct {
        int na, nb;
        int64_t a[8], b[8];
    } shapes[] = {
        {2, 2, {4, 2}, {4, 2}},     {3, 2, {3, 1, 5}, {4, 5}},
        {3, 0, {2, 3, 4}, {0}},     {1, 3, {1}, {5, 1, 3}},
        {2, 1, {0, 3}, {3}},        {8, 6, {2, 1, 2, 1, 2, 1, 2, 3}, {2, 1, 2, 1, 2, 3}},
        {2, 2, {33, 70}, {33, 70}},
    };
    static const int lay[][3] = {{L_CONTIG, L_CONTIG, L_CONTIG},
                                 {L_TRANS, L_GAP, L_STEP},
                                 {L_STEP, L_CONTIG, L_TRANS},
                                 {L_GAP, L_TRANS, L_CONTIG}};
    const int nshapes = (int)(sizeof(shapes) / sizeof(shapes[0]));
    for (int k = 0; k < K_COUNT; k++) {
        for (int pi = 0; pi < OT_NALL + (int)(sizeof(mixed) / sizeof(mixed[0])); pi++) {
            aclDataType da = pi < OT_NALL ? OT_ALL[pi] : mixed[pi - OT_NALL][0];
            aclDataType db = pi < OT_NALL ? OT_ALL[pi] : mixed[pi - OT_NALL][1];
            if (!supported_pair(k, da, db))
                continue;
            aclDataType rt = result_type(k, ref_promote(da, db));
            g_alpha_v = 1;
            for (int si = 0; si < nshapes; si++)
                for (int li = 0; li < 4; li++)
                    check_tt(k, da, db, rt, shapes[si].na, shapes[si].a, shapes[si].nb,
                             shapes[si].b, lay[li][0], lay[li][1], lay[li][2]);
            /* a wider out type (castable) */
            if (rt != ACL_DOUBLE && rt != ACL_BOOL)
                check_tt(k, da, db, ot_is_float(rt) ? ACL_DOUBLE : ACL_INT64, 2, shapes[0].a, 2,
                         shapes[0].b, L_CONTIG, L_STEP, L_GAP);
        }
    }
    /* alpha != 1 for Add/Sub: 1.5 with float types, 3 with integer types. */
    for (int k = K_ADD; k <= K_SUB; k++)
        for (int d = 0; d < OT_NALL; d++) {
            aclDataType t = OT_ALL[d];
            if (t == ACL_BOOL)
                continue;
            g_alpha_v = ot_is_float(t) ? 1.5 : 3;
            int64_t s[2] = {5, 7}, s1[1] = {7};
            check_tt(k, t, t, t, 2, s, 1, s1, L_TRANS, L_STEP, L_GAP);
            check_tt(k, t, t, t, 2, s, 2, s, L_CONTIG, L_CONTIG, L_CONTIG);
            g_alpha_v = 1;
        }
    /* In place. */
    static const int ik[] = {K_ADD, K_SUB, K_MUL, K_DIV, K_DIVT, K_DIVF, K_POW};
    for (unsigned i = 0; i < sizeof(ik) / sizeof(ik[0]); i++)
        for (int d = 0; d < OT_NALL; d++) {
            aclDataType t = OT_ALL[d];
            if (!supported_pair(ik[i], t, t) || (ik[i] == K_DIV && !ot_is_float(t)))
                continue;
            for (int l = 0; l < L_COUNT; l++)
                check_inplace(ik[i], t, t, l);
        }
    check_inplace(K_ADD, ACL_FLOAT, ACL_FLOAT16, L_TRANS);
    check_inplace(K_MUL, ACL_FLOAT16, ACL_INT32, L_GAP);
    check_inplace(K_ADD, ACL_INT32, ACL_INT8, L_STEP);
    /* Scalars: each tensor type with float / integer / double / bool scalars. */
    static const int sk[] = {K_ADD, K_SUB, K_MUL, K_DIV, K_DIVT, K_DIVF, K_POW};
    for (unsigned i = 0; i < sizeof(sk) / sizeof(sk[0]); i++)
        for (int d = 0; d < OT_NALL; d++) {
            aclDataType t = OT_ALL[d];
            if (t == ACL_BOOL && sk[i] != K_ADD && sk[i] != K_MUL)
                continue;
            check_ts(sk[i], t, ACL_FLOAT, sk[i] == K_POW ? 2.0 : 2.5, d % L_COUNT);
            check_ts(sk[i], t, ACL_INT64, sk[i] == K_POW ? 2 : 3, (d + 1) % L_COUNT);
            if (t != ACL_BOOL)
                check_ts(sk[i], t, ACL_DOUBLE, sk[i] == K_POW ? 3.0 : -1.25, (d + 2) % L_COUNT);
        }
}

/* PowScalarTensor and the in-place scalar forms. */
static void test_scalar_misc(void)
{
    int64_t s[2] = {3, 5};
    ot_tensor e, out;
    ot_make(&e, ACL_FLOAT, 2, s, L_TRANS);
    ot_fill(&e, -2, 3);
    ot_make(&out, ACL_FLOAT, 2, s, L_GAP);
    float base = 1.5f;
    aclScalar *sb = aclCreateScalar(&base, ACL_FLOAT);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnPowScalarTensorGetWorkspaceSize(sb, e.t, out.t, &ws, &ex));
    ot_run(aclnnPowScalarTensor, ws, ex);
    for (int64_t i = 0; i < e.numel; i++)
        CHECK(ot_close(ACL_FLOAT, ACL_FLOAT, ot_get(&out, i), pow(1.5, ot_get(&e, i))));
    aclDestroyScalar(sb);

    /* InplaceAdds / Subs / Muls / Divs / DivMods / PowTensorScalar on f16. */
    float v = 2.0f;
    aclScalar *sv = aclCreateScalar(&v, ACL_FLOAT);
    struct {
        int k;
        ot_phase2 run;
    } forms[] = {{K_ADD, aclnnInplaceAdds},     {K_SUB, aclnnInplaceSubs},
                 {K_MUL, aclnnInplaceMuls},     {K_DIV, aclnnInplaceDivs},
                 {K_DIVF, aclnnInplaceDivMods}, {K_POW, aclnnInplacePowTensorScalar}};
    for (unsigned f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
        ot_tensor a;
        ot_make(&a, ACL_FLOAT16, 2, s, L_STEP);
        ot_fill(&a, 0.5, 4);
        double before[15];
        for (int i = 0; i < 15; i++)
            before[i] = ot_get(&a, i);
        aclnnStatus rc;
        use_alpha(ACL_FLOAT16);
        switch (forms[f].k) {
        case K_ADD:
            rc = aclnnInplaceAddsGetWorkspaceSize(a.t, sv, g_alpha, &ws, &ex);
            break;
        case K_SUB:
            rc = aclnnInplaceSubsGetWorkspaceSize(a.t, sv, g_alpha, &ws, &ex);
            break;
        case K_MUL:
            rc = aclnnInplaceMulsGetWorkspaceSize(a.t, sv, &ws, &ex);
            break;
        case K_DIV:
            rc = aclnnInplaceDivsGetWorkspaceSize(a.t, sv, &ws, &ex);
            break;
        case K_DIVF:
            rc = aclnnInplaceDivModsGetWorkspaceSize(a.t, sv, 2, &ws, &ex);
            break;
        default:
            rc = aclnnInplacePowTensorScalarGetWorkspaceSize(a.t, sv, &ws, &ex);
            break;
        }
        CHECK_NN(ACLNN_SUCCESS, rc);
        ot_run(forms[f].run, ws, ex);
        for (int i = 0; i < 15; i++) {
            double want = ot_round(ACL_FLOAT16, ref_op(forms[f].k, before[i], 2.0, 1, ACL_FLOAT16));
            CHECK(ot_close(ACL_FLOAT16, ACL_FLOAT16, ot_get(&a, i), want));
        }
        CHECK(ot_gaps_intact(&a));
        ot_free(&a);
        g_cases++;
    }
    aclDestroyScalar(sv);
    OT_FREE(&e, &out);
}

static void test_errors(void)
{
    int64_t s23[2] = {2, 3}, s4[1] = {4}, s9[9] = {1, 1, 1, 1, 1, 1, 1, 2, 3};
    ot_tensor a, b, o, i32, bo, big, u16, o13;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, s23}, {&b, ACL_FLOAT, 2, s23}, {&o, ACL_FLOAT, 2, s23},
                   {&i32, ACL_INT32, 2, s23}, {&bo, ACL_BOOL, 2, s23}, {&big, ACL_FLOAT, 9, s9});
    int64_t s13[2] = {1, 3};
    ot_make(&o13, ACL_FLOAT, 2, s13, L_CONTIG);
    u16.t = aclCreateTensor(s23, 2, ACL_UINT16, NULL, 0, ACL_FORMAT_ND, s23, 2, a.buf);
    CHECK(u16.t);
    ot_tensor w4;
    ot_make(&w4, ACL_FLOAT, 1, s4, L_CONTIG);
    use_alpha(ACL_FLOAT);
    /* NULL arguments */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAdd, NULL, b.t, g_alpha, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAdd, a.t, NULL, g_alpha, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAdd, a.t, b.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAdd, a.t, b.t, g_alpha, NULL);
    OT_NULL_OUTS(aclnnAdd, a.t, b.t, g_alpha, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMuls, a.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceMul, NULL, b.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnDiv, a.t, b.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnPowTensorScalar, a.t, NULL, o.t);
    /* unsupported types */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, u16.t, b.t, g_alpha, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMul, a.t, b.t, u16.t);
    /* shapes: no broadcast, wrong out, too many dims */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, a.t, w4.t, g_alpha, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, a.t, b.t, g_alpha, w4.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, big.t, b.t, g_alpha, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaximum, a.t, b.t, o13.t);
    /* result type not castable to out */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, a.t, b.t, g_alpha, i32.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMul, i32.t, i32.t, bo.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnDiv, i32.t, i32.t, i32.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceDiv, i32.t, i32.t);
    /* alpha: float alpha with integer tensors */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, i32.t, i32.t, g_alpha, i32.t);
    /* bool subtraction, bool ** bool, bad DivMod mode */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSub, bo.t, bo.t, g_alpha, bo.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnPowTensorTensor, bo.t, bo.t, i32.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnDivMod, a.t, b.t, 5, o.t);
    /* in place: the broadcast shape must be selfRef's */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceAdd, o13.t, a.t, g_alpha);
    /* phase 2 with a NULL executor */
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnAdd(NULL, 0, NULL, g_stream));
    OT_FREE(&a, &b, &o, &i32, &bo, &big, &o13, &w4);
    aclDestroyTensor(u16.t);
}

int main(void)
{
    ot_init();
    test_values();
    test_scalar_misc();
    test_errors();
    aclDestroyScalar(g_alpha);
    ot_fini();
    printf("ops_binary: %d cases passed\n", g_cases);
    return 0;
}
