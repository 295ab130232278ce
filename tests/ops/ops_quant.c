/* SPDX-License-Identifier: Apache-2.0 */
/* The quantisation room (ops/quant) and the matmul variants (ops/matmul/variants.c) in C:
 * a TransQuantParamV2 word and a QuantMatmulV3 product checked by hand, and the error codes
 * with messages naming the operator and the parameter (NULL 161001, types and shapes 161002).
 * The broad value checks against torch are tests/python/test_quant_torch.py and
 * test_matmul_torch.py. */
#include <string.h>

#include "optest.h"

#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_ascend_quant.h"
#include "aclnnop/aclnn_dot.h"
#include "aclnnop/aclnn_quant_matmul_v3.h"
#include "aclnnop/aclnn_trans_quant_param_v2.h"

/* QFAILS(want, what, aclnnFoo, args...): aclnnFooGetWorkspaceSize(args..., &ws, &ex) returns
 * want with a message naming the operator and `what` (the parameter). */
#define QFAILS(want, what, op, ...)                                                                \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        aclnnStatus rc_ = op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_);                           \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (rc_ != (want) || !m_ || !strstr(m_, #op) || !strstr(m_, what)) {                       \
            fprintf(stderr, "%s:%d: %s returned %d (%s), want %d naming %s\n", __FILE__, __LINE__, \
                    #op, (int)rc_, m_ ? m_ : "", (int)(want), what);                               \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static void trans_quant_param(void)
{
    int64_t d[1] = {2};
    ot_tensor s, o, w;
    OT_MAKE_CONTIG({&s, ACL_FLOAT, 1, d}, {&o, ACL_FLOAT, 1, d}, {&w, ACL_INT64, 1, d});
    ot_set(&s, 0, 1.0), ot_set(&s, 1, 0.5);
    ot_set(&o, 0, 2.5), ot_set(&o, 1, -3.0); /* 2.5 rounds half to even: 2 */
    OT_RUN(aclnnTransQuantParamV2, s.t, o.t, w.t);
    const int64_t *got = (const int64_t *)ot_ptr(&w, 0);
    CHECK(got[0] == (int64_t)(0x3F800000ull | 1ull << 46 | 2ull << 37));
    CHECK(got[1] == (int64_t)(0x3F000000ull | 1ull << 46 | (0x1FFull & (uint64_t)-3) << 37));
    QFAILS(ACLNN_ERR_PARAM_NULLPTR, "scale", aclnnTransQuantParamV2, NULL, o.t, w.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "out", aclnnTransQuantParamV2, s.t, o.t, s.t);
    OT_FREE(&s, &o, &w);
}

static void quant_matmul(void)
{
    int64_t d1[2] = {2, 3}, d2[2] = {3, 2}, dn[1] = {2}, dout[2] = {2, 2};
    ot_tensor x1, x2, sc, bias, out, f;
    OT_MAKE_CONTIG({&x1, ACL_INT8, 2, d1}, {&x2, ACL_INT8, 2, d2}, {&sc, ACL_FLOAT, 1, dn},
                   {&bias, ACL_INT32, 1, dn}, {&out, ACL_FLOAT, 2, dout},
                   {&f, ACL_FLOAT16, 2, dout});
    for (int i = 0; i < 6; i++)
        ot_set(&x1, i, i - 2), ot_set(&x2, i, 3 - i);
    ot_set(&sc, 0, 0.5), ot_set(&sc, 1, 2.0);
    ot_set(&bias, 0, 1), ot_set(&bias, 1, -1);
    OT_RUN(aclnnQuantMatmulV3, x1.t, x2.t, sc.t, NULL, bias.t, false, false, f.t);
    /* x1 = [[-2,-1,0],[1,2,3]], x2 = [[3,2],[1,0],[-1,-2]]: acc = [[-7,-4],[2,-4]] */
    const double want[4] = {(-7 + 1) * 0.5, (-4 - 1) * 2.0, (2 + 1) * 0.5, (-4 - 1) * 2.0};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&f, i) == want[i]);
    QFAILS(ACLNN_ERR_PARAM_NULLPTR, "scale", aclnnQuantMatmulV3, x1.t, x2.t, NULL, NULL, NULL,
           false, false, f.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "out", aclnnQuantMatmulV3, x1.t, x2.t, sc.t, NULL, bias.t,
           false, false, out.t); /* FLOAT out */
    QFAILS(ACLNN_ERR_PARAM_INVALID, "x1", aclnnQuantMatmulV3, f.t, x2.t, sc.t, NULL, NULL, false,
           false, f.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "k", aclnnQuantMatmulV3, x1.t, x1.t, sc.t, NULL, NULL, false,
           false, f.t); /* k mismatch */
    QFAILS(ACLNN_ERR_PARAM_INVALID, "roundMode", aclnnAscendQuant, out.t, sc.t, NULL, false,
           "nearest", 2, x1.t);
    OT_FREE(&x1, &x2, &sc, &bias, &out, &f);
}

static void variants_errors(void)
{
    int64_t d2[2] = {2, 3}, d3[2] = {3, 4}, d4[2] = {2, 4}, dv[1] = {3};
    ot_tensor a, b, s, o, v, oi, z;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, d2}, {&b, ACL_FLOAT, 2, d3}, {&s, ACL_FLOAT, 2, d4},
                   {&o, ACL_FLOAT, 2, d4}, {&v, ACL_FLOAT, 1, dv}, {&oi, ACL_INT32, 2, d4},
                   {&z, ACL_FLOAT, 0, NULL});
    aclScalar *one = aclCreateScalar(&(float){1.0f}, ACL_FLOAT);
    QFAILS(ACLNN_ERR_PARAM_NULLPTR, "mat1", aclnnAddmm, s.t, NULL, b.t, one, one, o.t, 0);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "mat1", aclnnAddmm, s.t, b.t, a.t, one, one, o.t, 0);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "out", aclnnAddmm, s.t, a.t, b.t, one, one, oi.t, 0);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "tensor", aclnnDot, v.t, a.t, z.t);
    OT_RUN(aclnnAddmm, s.t, a.t, b.t, one, one, o.t, 0);
    aclDestroyScalar(one);
    OT_FREE(&a, &b, &s, &o, &v, &oi, &z);
}

int main(void)
{
    ot_init();
    trans_quant_param();
    quant_matmul();
    variants_errors();
    ot_fini();
    printf("ops_quant: ok\n");
    return 0;
}
