/* SPDX-License-Identifier: Apache-2.0 */
/* Mm, BatchMatMul and Matmul against a double reference: float32 / float16 /
 * bfloat16 (and mixes), layouts the BLAS reads in place (row-major,
 * transposed, padded rows) and ones it cannot (strided), batch broadcasting,
 * 1-D operands, k = 0, cubeMathType, and the error cases. */
#include "optest.h"

#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"

enum { OP_MM, OP_BMM, OP_MATMUL };
static int g_cases;

/* Element (i, j) of the matrix at batch position `lin` of an operand with
 * nd dims, broadcast against batch dims bd[nb]; 1-D operands are a row
 * (row != 0) or a column. */
static double mat_at(const ot_tensor *t, int64_t blin, const int64_t *bd, int nb, int64_t i,
                     int64_t j, bool row)
{
    if (t->nd == 1)
        return ot_get(t, row ? j : i);
    int tb = t->nd - 2;
    int64_t bidx = tb ? ot_bcast_index(blin, bd, nb, t->dims, tb) : 0;
    int64_t rows = t->dims[t->nd - 2], cols = t->dims[t->nd - 1];
    return ot_get(t, (bidx * rows + i) * cols + j);
}

static void check_mm(int op, aclDataType da, aclDataType db, aclDataType dout, int na,
                     const int64_t *sa, int nb_, const int64_t *sb, int la, int lb, int lo,
                     int8_t cube)
{
    /* shapes */
    int64_t m = na > 1 ? sa[na - 2] : 1, k = sa[na - 1], n = nb_ > 1 ? sb[nb_ - 1] : 1;
    int64_t bd[8], so[8];
    int nbd = 0, no = 0;
    int ba = na > 2 ? na - 2 : 0, bb = nb_ > 2 ? nb_ - 2 : 0;
    nbd = ba > bb ? ba : bb;
    for (int i = 0; i < nbd; i++) {
        int ia = i - (nbd - ba), ib = i - (nbd - bb);
        int64_t x = ia >= 0 ? sa[ia] : 1, y = ib >= 0 ? sb[ib] : 1;
        bd[i] = x == 1 ? y : x;
        so[no++] = bd[i];
    }
    if (na > 1)
        so[no++] = m;
    if (nb_ > 1)
        so[no++] = n;
    ot_tensor a, b, o;
    ot_make(&a, da, na, sa, la);
    ot_make(&b, db, nb_, sb, lb);
    ot_make(&o, dout, no, so, lo);
    ot_fill(&a, -2, 2);
    ot_fill(&b, -2, 2);
    uint64_t ws;
    aclOpExecutor *ex;
    ot_phase2 run;
    if (op == OP_MM) {
        CHECK_NN(ACLNN_SUCCESS, aclnnMmGetWorkspaceSize(a.t, b.t, o.t, cube, &ws, &ex));
        run = aclnnMm;
    } else if (op == OP_BMM) {
        CHECK_NN(ACLNN_SUCCESS, aclnnBatchMatMulGetWorkspaceSize(a.t, b.t, o.t, cube, &ws, &ex));
        run = aclnnBatchMatMul;
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnMatmulGetWorkspaceSize(a.t, b.t, o.t, cube, &ws, &ex));
        run = aclnnMatmul;
    }
    ot_run(run, ws, ex);
    bool fp16 = cube == 2 && da == ACL_FLOAT && db == ACL_FLOAT;
    int64_t nbatch = 1;
    for (int i = 0; i < nbd; i++)
        nbatch *= bd[i];
    for (int64_t bl = 0; bl < nbatch; bl++)
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                double s = 0, mag = 0;
                for (int64_t p = 0; p < k; p++) {
                    double x = mat_at(&a, bl, bd, nbd, i, p, true);
                    double y = mat_at(&b, bl, bd, nbd, p, j, false);
                    if (fp16) {
                        x = ot_round(ACL_FLOAT16, x);
                        y = ot_round(ACL_FLOAT16, y);
                    }
                    s += x * y;
                    mag += fabs(x * y);
                }
                double got = ot_get(&o, (bl * m + i) * n + j);
                double tol = (mag + 1e-3) * 2e-6 * 4 + fabs(s) * ot_tol(dout) * 2;
                if (fabs(got - s) > tol) {
                    fprintf(stderr,
                            "mm op %d %s@%s->%s m%lld k%lld n%lld layouts %d%d%d cube %d: "
                            "[%lld,%lld,%lld] = %g, want %g\n",
                            op, ot_dt_name(da), ot_dt_name(db), ot_dt_name(dout), (long long)m,
                            (long long)k, (long long)n, la, lb, lo, cube, (long long)bl,
                            (long long)i, (long long)j, got, s);
                    exit(1);
                }
            }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&a, &b, &o);
    g_cases++;
}

static void test_values(void)
{
    static const aclDataType pairs[][3] = {
        {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},     {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16},
        {ACL_BF16, ACL_BF16, ACL_BF16},        {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},
        {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT16, ACL_FLOAT},
    };
    static const int64_t mkn[][3] = {{4, 3, 5}, {1, 7, 1}, {33, 17, 65}, {5, 0, 3}, {2, 1, 6}};
    for (unsigned p = 0; p < sizeof(pairs) / sizeof(pairs[0]); p++)
        for (unsigned s = 0; s < sizeof(mkn) / sizeof(mkn[0]); s++)
            for (int l = 0; l < L_COUNT; l++) {
                int64_t sa[2] = {mkn[s][0], mkn[s][1]}, sb[2] = {mkn[s][1], mkn[s][2]};
                check_mm(OP_MM, pairs[p][0], pairs[p][1], pairs[p][2], 2, sa, 2, sb, l,
                         (l + 1) % L_COUNT, (l + (int)s) % L_COUNT, 0);
                int64_t ba[3] = {3, mkn[s][0], mkn[s][1]}, bb[3] = {3, mkn[s][1], mkn[s][2]};
                check_mm(OP_BMM, pairs[p][0], pairs[p][1], pairs[p][2], 3, ba, 3, bb,
                         (l + 2) % L_COUNT, l, (l + 3) % L_COUNT, 0);
            }
    /* every layout pair for float32 (the BLAS in-place paths) */
    for (int la = 0; la < L_COUNT; la++)
        for (int lb = 0; lb < L_COUNT; lb++)
            for (int lo = 0; lo < L_COUNT; lo++) {
                int64_t sa[2] = {6, 4}, sb[2] = {4, 9};
                check_mm(OP_MM, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 2, sa, 2, sb, la, lb, lo, 0);
            }
    /* cubeMathType */
    for (int8_t c = 0; c <= 3; c++) {
        int64_t sa[2] = {8, 16}, sb[2] = {16, 4};
        check_mm(OP_MM, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 2, sa, 2, sb, L_CONTIG, L_CONTIG, L_CONTIG,
                 c);
        check_mm(OP_MM, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, 2, sa, 2, sb, L_TRANS, L_GAP, L_STEP,
                 c);
    }
    /* batch broadcasting */
    int64_t b1[3] = {1, 4, 5}, b3[3] = {3, 5, 2}, b3a[3] = {3, 4, 5}, b1b[3] = {1, 5, 2};
    check_mm(OP_BMM, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 3, b1, 3, b3, L_TRANS, L_STEP, L_GAP, 0);
    check_mm(OP_BMM, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, 3, b3a, 3, b1b, L_GAP, L_TRANS, L_CONTIG,
             0);
    /* Matmul forms */
    struct {
        int na, nb;
        int64_t a[4], b[4];
    } mf[] = {
        {1, 1, {7}, {7}},
        {1, 2, {5}, {5, 3}},
        {2, 1, {4, 5}, {5}},
        {2, 2, {4, 5}, {5, 6}},
        {3, 2, {2, 4, 5}, {5, 3}},
        {2, 4, {4, 5}, {2, 3, 5, 6}},
        {4, 3, {2, 1, 4, 5}, {3, 5, 2}},
        {1, 3, {5}, {2, 5, 3}},
        {3, 1, {2, 4, 5}, {5}},
        {4, 2, {2, 3, 1, 5}, {5, 4}},   /* one row a batch: MM10 folds both dims into m = 6 */
        {3, 2, {3, 12, 5}, {5, 6}},     /* MM10 with m > MM_MV_M for the 16-bit weight too */
    };
    for (unsigned f = 0; f < sizeof(mf) / sizeof(mf[0]); f++)
        for (int l = 0; l < L_COUNT; l++) {
            check_mm(OP_MATMUL, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, mf[f].na, mf[f].a, mf[f].nb,
                     mf[f].b, l, (l + 1) % L_COUNT, (l + 2) % L_COUNT, 1);
            check_mm(OP_MATMUL, ACL_BF16, ACL_BF16, ACL_BF16, mf[f].na, mf[f].a, mf[f].nb, mf[f].b,
                     (l + 3) % L_COUNT, l, (l + 1) % L_COUNT, 0);
        }
}

static void test_errors(void)
{
    int64_t s23[2] = {2, 3}, s34[2] = {3, 4}, s44[2] = {4, 4}, s24[2] = {2, 4}, s234[3] = {2, 3, 4};
    int64_t s345[3] = {3, 4, 5}, s245[3] = {2, 4, 5}, s235[3] = {2, 3, 5};
    ot_tensor a, b, o, bad, ai, oi, a3, b3, o3, b3x;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, s23}, {&b, ACL_FLOAT, 2, s34}, {&o, ACL_FLOAT, 2, s24},
                   {&bad, ACL_FLOAT, 2, s44}, {&ai, ACL_INT32, 2, s23}, {&oi, ACL_INT32, 2, s24},
                   {&a3, ACL_FLOAT, 3, s234}, {&b3, ACL_FLOAT, 3, s245}, {&o3, ACL_FLOAT, 3, s235},
                   {&b3x, ACL_FLOAT, 3, s345});
    uint64_t ws;
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMm, NULL, b.t, o.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMm, a.t, NULL, o.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMm, a.t, b.t, NULL, 0);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnMatmulGetWorkspaceSize(a.t, b.t, o.t, 0, &ws, NULL));
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMm, ai.t, b.t, o.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMm, a.t, b.t, oi.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMm, a.t, bad.t, o.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMm, a.t, b.t, bad.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMm, a.t, b.t, o.t, 7);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMm, a3.t, b.t, o.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnBatchMatMul, a3.t, b3x.t, o3.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnBatchMatMul, a.t, b.t, o.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMatmul, a.t, bad.t, o.t, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMatmul, a3.t, b3.t, o.t, 0);
    OT_FREE(&a, &b, &o, &bad, &ai, &oi, &a3, &b3, &o3, &b3x);
}

int main(void)
{
    ot_init();
    test_values();
    test_errors();
    ot_fini();
    printf("ops_matmul: %d cases passed\n", g_cases);
    return 0;
}
