/* SPDX-License-Identifier: Apache-2.0 */
/* LogSoftmax against a double reference: every dim, layouts, extreme rows.
 * (Softmax is in ops_reduce.c, SoftmaxCrossEntropyWithLogits in ops_norm.c.) */
#include "optest.h"

#include "aclnnop/aclnn_logsoftmax.h"

static int g_cases;

/* ---- LogSoftmax ---------------------------------------------------------------------- */

static void check_logsoftmax(aclDataType dt, aclDataType odt, int dim, int li, int lo, double span)
{
    int64_t s[3] = {4, 5, 6};
    ot_tensor x, o;
    ot_make(&x, dt, 3, s, li);
    ot_make(&o, odt, 3, s, lo);
    ot_fill(&x, -span, span);
    OT_RUN(aclnnLogSoftmax, x.t, dim, o.t);
    int d = dim < 0 ? dim + 3 : dim;
    int64_t st[3] = {30, 6, 1};
    for (int64_t i = 0; i < x.numel; i++) {
        double m, sum;
        ot_softmax_row(&x, s, st, d, i, &m, &sum);
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

static void check_logsoftmax_same(aclDataType dt, int dim, int li, int lo)
{
    check_logsoftmax(dt, dt, dim, li, lo, 6);
}

static void test_logsoftmax(void)
{
    ot_softmax_sweep(check_logsoftmax_same);
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
    OT_MAKE_CONTIG({&xi, ACL_INT32, 2, s}, {&o, ACL_FLOAT, 2, s}, {&o2, ACL_FLOAT, 2, s32});
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLogSoftmax, xi.t, 1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLogSoftmax, o.t, 2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLogSoftmax, o.t, -3, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLogSoftmax, o.t, 0, o2.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnLogSoftmax, NULL, 0, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnLogSoftmax, o.t, 0, NULL);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnLogSoftmaxGetWorkspaceSize(o.t, 0, o.t, NULL, &ex));
    OT_FREE(&xi, &o, &o2);
}

int main(void)
{
    ot_init();
    test_logsoftmax();
    ot_fini();
    printf("ops_softmax: %d cases\n", g_cases);
    return 0;
}
