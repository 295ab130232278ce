/* SPDX-License-Identifier: Apache-2.0 */
/* ops-math's experimental second forms (the expmath rows: AcosV2 ... TensorMove): their codes
 * and messages (NULL tensors, refused types naming the parameter, DivV3's mode, CastV3's
 * dst_type, FusedMulAddN's x3, a reduction axis out of range) and a few values worked out by
 * hand; the differential test against PyTorch is tests/python/test_ew_v2_torch.py. */
#include <string.h>

#include "optest.h"

#include "aclnnop/aclnn_acos_grad.h"
#include "aclnnop/aclnn_cast_v3.h"
#include "aclnnop/aclnn_ceil_v2.h"
#include "aclnnop/aclnn_div_v3.h"
#include "aclnnop/aclnn_fused_mul_add_n.h"
#include "aclnnop/aclnn_inv.h"
#include "aclnnop/aclnn_mul_no_nan.h"
#include "aclnnop/aclnn_reduce_sum_v2.h"
#include "aclnnop/aclnn_trilu.h"

/* aclnn<op>GetWorkspaceSize(args...) returns want with a message naming what. */
#define FAILS_MSG(want, what, op, ...)                                                             \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        aclnnStatus got_ = op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_);                          \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (want) || !m_ || !strstr(m_, what))                                            \
            fprintf(stderr, "%s: %d (%s), want %d naming %s\n", #op, (int)got_,                    \
                    m_ ? m_ : "no message", (int)(want), what);                                    \
        CHECK(got_ == (want) && m_ && strstr(m_, what));                                           \
    } while (0)

static void test_values(void)
{
    int64_t s[2] = {2, 2}, one = 1;
    ot_tensor x, y, o, c, r;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&y, ACL_FLOAT, 2, s}, {&o, ACL_FLOAT, 2, s},
                   {&c, ACL_FLOAT, 1, &one}, {&r, ACL_FLOAT, 1, s});
    const double xv[4] = {-1.5, 0.5, 2.5, INFINITY}, yv[4] = {0, 2, -1, 0};
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, xv[i]), ot_set(&y, i, yv[i]);
    OT_RUN(aclnnCeilV2, x.t, o.t);
    CHECK(ot_get(&o, 0) == -1 && ot_get(&o, 1) == 1 && ot_get(&o, 2) == 3);
    OT_RUN(aclnnMulNoNan, x.t, y.t, o.t); /* y == 0 gives 0, even for x = inf */
    CHECK(ot_get(&o, 0) == 0 && ot_get(&o, 1) == 1 && ot_get(&o, 2) == -2.5 && ot_get(&o, 3) == 0);
    OT_RUN(aclnnInv, y.t, o.t);
    CHECK(isinf(ot_get(&o, 0)) && ot_get(&o, 1) == 0.5);
    OT_RUN(aclnnDivV3, x.t, y.t, 2, o.t); /* floor(2.5 / -1) = -3; floor(0.5 / 2) = 0 */
    CHECK(ot_get(&o, 2) == -3 && ot_get(&o, 1) == 0);
    ot_set(&c, 0, 3);
    OT_RUN(aclnnFusedMulAddN, x.t, y.t, c.t, o.t); /* x * 3 + y */
    CHECK(ot_get(&o, 0) == -4.5 && ot_get(&o, 1) == 3.5);
    OT_RUN(aclnnReduceSumV2, y.t, 1, 0, r.t); /* rows: 0 + 2, -1 + 0 */
    CHECK(ot_get(&r, 0) == 2 && ot_get(&r, 1) == -1);
    OT_RUN(aclnnTrilu, x.t, 0, 1, o.t); /* upper: the below-diagonal 2.5 is 0 */
    CHECK(ot_get(&o, 2) == 0 && ot_get(&o, 1) == 0.5);
    /* AcosGrad(y_grad, x): -y_grad / sqrt(1 - x^2), x = 0.6: -1 / 0.8 */
    ot_set(&x, 0, 0.6), ot_set(&y, 0, 1);
    OT_RUN(aclnnAcosGrad, y.t, x.t, o.t);
    CHECK(fabs(ot_get(&o, 0) + 1.25) < 1e-6);
    OT_FREE(&x, &y, &o, &c, &r);
}

static void test_codes(void)
{
    int64_t s[2] = {2, 3}, two = 2;
    ot_tensor x, o, d, i8, h, c2;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&o, ACL_FLOAT, 2, s}, {&d, ACL_DOUBLE, 2, s},
                   {&i8, ACL_INT8, 2, s}, {&h, ACL_FLOAT16, 2, s}, {&c2, ACL_FLOAT, 1, &two});
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnCeilV2, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnCeilV2, x.t, NULL);
    FAILS_MSG(ACLNN_ERR_PARAM_INVALID, "self", aclnnCeilV2, d.t, d.t); /* DOUBLE: not declared */
    FAILS_MSG(ACLNN_ERR_PARAM_INVALID, "aclnnInv", aclnnInv, i8.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnDivV3, x.t, NULL, 0, o.t);
    FAILS_MSG(ACLNN_ERR_PARAM_INVALID, "mode 3", aclnnDivV3, x.t, x.t, 3, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnDivV3, x.t, x.t, (int64_t)1 << 32, o.t);
    FAILS_MSG(ACLNN_ERR_PARAM_INVALID, "dst_type", aclnnCastV3, x.t, 0,
              h.t); /* dst_type FLOAT, y FLOAT16 */
    FAILS_MSG(ACLNN_ERR_PARAM_INVALID, "x", aclnnCastV3, d.t, 0, x.t);
    FAILS_MSG(ACLNN_ERR_PARAM_INVALID, "x3", aclnnFusedMulAddN, x.t, x.t, c2.t, o.t);
    FAILS_MSG(ACLNN_ERR_PARAM_INVALID, "x", aclnnReduceSumV2, d.t, 0, 1, d.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReduceSumV2, x.t, 2, 1, o.t); /* axis out of range */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReduceSumV2, x.t, 0, 1, h.t); /* y's type */
    FAILS_MSG(ACLNN_ERR_PARAM_INVALID, "x", aclnnTrilu, d.t, 0, 1, d.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAcosGrad, x.t, c2.t, o.t); /* no broadcast */
    OT_FREE(&x, &o, &d, &i8, &h, &c2);
}

int main(void)
{
    ot_init();
    test_values();
    test_codes();
    ot_fini();
    printf("ops_ew_v2: ok\n");
    return 0;
}
