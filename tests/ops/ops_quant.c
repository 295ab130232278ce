/* SPDX-License-Identifier: Apache-2.0 */
/* The quantisation room (ops/quant) and the matmul variants (ops/matmul/variants.c) in C:
 * a TransQuantParamV2 word, a QuantMatmulV3 product, a Quantize, a fake quantisation, a
 * TransposeBatchMatMul and an INT4 packing checked by hand, and the error codes
 * with messages naming the operator and the parameter (NULL 161001, types and shapes 161002).
 * The broad value checks against torch are tests/python/test_quant_torch.py and
 * test_matmul_torch.py. */
#include <stdlib.h>
#include <string.h>

#include "optest.h"

#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_ascend_quant.h"
#include "aclnnop/aclnn_dot.h"
#include "aclnnop/aclnn_convert_weight_to_int4_pack.h"
#include "aclnnop/aclnn_dequant_bias.h"
#include "aclnnop/aclnn_dynamic_block_quant.h"
#include "aclnnop/aclnn_dynamic_quant_v2.h"
#include "aclnnop/aclnn_fake_quant_per_tensor_affine_cachemask.h"
#include "aclnnop/aclnn_flat_quant.h"
#include "aclnnop/aclnn_group_quant.h"
#include "aclnnop/aclnn_quant_matmul.h"
#include "aclnnop/aclnn_swi_glu_quant.h"
#include "aclnnop/aclnn_trans_quant_param.h"
#include "aclnnop/aclnn_quantize.h"
#include "aclnnop/aclnn_quant_matmul_v3.h"
#include "aclnnop/aclnn_trans_quant_param_v2.h"
#include "aclnnop/aclnn_transpose_batch_mat_mul.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v3.h"

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

/* Quantize (CANN's example: out = round(x / scales + zeroPoints) along dim 1) and the per
 * tensor fake quantisation, by hand. */
static void quantize(void)
{
    int64_t dx[2] = {2, 2}, ds[1] = {2}, d1[1] = {1};
    ot_tensor x, s, z, o, s1, z1, fo, m;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, dx}, {&s, ACL_FLOAT, 1, ds}, {&z, ACL_INT32, 1, ds},
                   {&o, ACL_INT32, 2, dx}, {&s1, ACL_FLOAT, 1, d1}, {&z1, ACL_INT32, 1, d1},
                   {&fo, ACL_FLOAT, 2, dx}, {&m, ACL_BOOL, 2, dx});
    const double xv[4] = {0.3382, -0.0919, 2.5, 1.0761};
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, xv[i]);
    ot_set(&s, 0, 1.0), ot_set(&s, 1, -3.0), ot_set(&z, 0, 2), ot_set(&z, 1, 10);
    OT_RUN(aclnnQuantize, x.t, s.t, z.t, ACL_INT32, 1, o.t);
    /* 2.3382 -> 2, 10.0306 -> 10, 4.5 -> 4 (half to even), 9.6413 -> 10 */
    CHECK(ot_get(&o, 0) == 2 && ot_get(&o, 1) == 10 && ot_get(&o, 2) == 4 && ot_get(&o, 3) == 10);
    QFAILS(ACLNN_ERR_PARAM_NULLPTR, "scales", aclnnQuantize, x.t, NULL, z.t, ACL_INT32, 1, o.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "dtype", aclnnQuantize, x.t, s.t, z.t, ACL_INT8, 1, o.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "axis", aclnnQuantize, x.t, s.t, z.t, ACL_INT32, 2, o.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "zeroPoints", aclnnQuantize, x.t, s.t, o.t, ACL_INT32, 1, o.t);
    /* scale 0.5, zero point 1, [0, 3]: q = rint(x / 0.5) + 1 = 2, 1, 6, 3 */
    ot_set(&s1, 0, 0.5), ot_set(&z1, 0, 1);
    OT_RUN(aclnnFakeQuantPerTensorAffineCachemask, x.t, s1.t, z1.t, 1.0f, 0, 3, fo.t, m.t);
    const double want[4] = {0.5, 0.0, 1.0, 1.0};
    const int inr[4] = {1, 1, 0, 1};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&fo, i) == want[i] && ot_get(&m, i) == inr[i]);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "quantMin", aclnnFakeQuantPerTensorAffineCachemask, x.t, s1.t,
           z1.t, 1.0f, 4, 3, fo.t, m.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "mask", aclnnFakeQuantPerTensorAffineCachemask, x.t, s1.t, z1.t,
           1.0f, 0, 3, fo.t, fo.t);
    OT_FREE(&x, &s, &z, &o, &s1, &z1, &fo, &m);
}

/* TransposeBatchMatMul: x1 [m, b, k] (permX1 [1, 0, 2]) @ x2 [b, k, n] -> out [m, b, n]; the
 * codes of the WeightQuantBatchMatmulV3 adapter. */
static void transpose_batch_matmul(void)
{
    int64_t d1[3] = {2, 2, 1}, d2[3] = {2, 1, 1}, dout[3] = {2, 2, 1};
    ot_tensor x1, x2, out;
    OT_MAKE_CONTIG({&x1, ACL_FLOAT, 3, d1}, {&x2, ACL_FLOAT, 3, d2}, {&out, ACL_FLOAT, 3, dout});
    for (int i = 0; i < 4; i++)
        ot_set(&x1, i, i + 1); /* x1[m][b] = 1 + 2m + b */
    ot_set(&x2, 0, 10), ot_set(&x2, 1, 100);
    const int64_t p1v[3] = {1, 0, 2}, p2v[3] = {0, 1, 2}, pyv[3] = {1, 0, 2}, bad[3] = {2, 1, 0};
    aclIntArray *p1 = aclCreateIntArray(p1v, 3), *p2 = aclCreateIntArray(p2v, 3);
    aclIntArray *py = aclCreateIntArray(pyv, 3), *pb = aclCreateIntArray(bad, 3);
    OT_RUN(aclnnTransposeBatchMatMul, x1.t, x2.t, NULL, NULL, p1, p2, py, 0, 1, out.t);
    /* out[m][b] = x1[m][b] * x2[b] */
    CHECK(ot_get(&out, 0) == 10 && ot_get(&out, 1) == 200 && ot_get(&out, 2) == 30 &&
          ot_get(&out, 3) == 400);
    QFAILS(ACLNN_ERR_PARAM_NULLPTR, "permY", aclnnTransposeBatchMatMul, x1.t, x2.t, NULL, NULL, p1,
           p2, NULL, 0, 1, out.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "permX2", aclnnTransposeBatchMatMul, x1.t, x2.t, NULL, NULL, p1,
           pb, py, 0, 1, out.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "batchSplitFactor", aclnnTransposeBatchMatMulWeightNz, x1.t,
           x2.t, NULL, NULL, p1, p2, py, 0, 2, out.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "out", aclnnTransposeBatchMatMul, x1.t, x2.t, NULL, NULL, p1,
           p2, py, 0, 1, x2.t); /* out [2, 1, 1], not [2, 2, 1] */
    QFAILS(ACLNN_ERR_PARAM_INVALID, "innerPrecise", aclnnWeightQuantBatchMatmulV3, x1.t, x2.t, x2.t,
           NULL, NULL, NULL, NULL, 0, 5, out.t);
    aclDestroyIntArray(p1), aclDestroyIntArray(p2), aclDestroyIntArray(py);
    aclDestroyIntArray(pb);
    OT_FREE(&x1, &x2, &out);
}

/* The later rows' codes and messages (each names its parameter), and ConvertWeightToINT4Pack's
 * bytes by hand. */
static void later_rows(void)
{
    int64_t d2[2] = {2, 8}, d3[3] = {2, 2, 8}, dp[2] = {8, 8}, d1[1] = {2}, dh[2] = {2, 4};
    int64_t d22[2] = {2, 2};
    ot_tensor x, x3, p, p1, s, y8, h16, w, i32;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, d2}, {&x3, ACL_FLOAT16, 3, d3}, {&p, ACL_FLOAT16, 2, dp},
                   {&p1, ACL_FLOAT16, 2, d22}, {&s, ACL_FLOAT, 1, d1}, {&y8, ACL_INT8, 2, d2},
                   {&h16, ACL_INT8, 2, dh}, {&w, ACL_INT32, 2, d2}, {&i32, ACL_INT32, 2, d2});
    /* ConvertWeightToINT4Pack into INT32 words: [1, -1, 2, -2, 3, -3, 7, -8] -> 0x87D3E2F1 */
    const int v[8] = {1, -1, 2, -2, 3, -3, 7, -8};
    for (int i = 0; i < 16; i++)
        ot_set(&w, i, v[i % 8]);
    int64_t dw[2] = {2, 1};
    ot_tensor pk;
    OT_MAKE_CONTIG({&pk, ACL_INT32, 2, dw});
    OT_RUN(aclnnConvertWeightToINT4Pack, w.t, pk.t);
    CHECK(*(const uint32_t *)ot_ptr(&pk, 0) == 0x87D3E2F1u);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "weightInt4Pack", aclnnConvertWeightToINT4Pack, w.t, y8.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "dstType", aclnnDynamicQuantV2, x.t, NULL, NULL, 35, y8.t, s.t,
           NULL);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "clipRatio", aclnnFlatQuant, x3.t, p1.t, p.t, 2.0, i32.t, s.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "quantModeOptional", aclnnSwiGluQuant, x.t, NULL, NULL, NULL,
           false, "msd", h16.t, s.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "rowBlockSize", aclnnDynamicBlockQuant, x.t, 0.0, "rint", 2, 3,
           128, y8.t, s.t);
    QFAILS(ACLNN_ERR_PARAM_NULLPTR, "groupIndex", aclnnGroupQuant, x.t, x.t, NULL, NULL, 2, y8.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "outputDtype", aclnnDequantBias, i32.t, s.t, NULL, NULL, 0,
           x.t);
    QFAILS(ACLNN_ERR_PARAM_INVALID, "bias", aclnnQuantMatmulV2, y8.t, y8.t, s.t, s.t, false, true,
           x.t);
    uint64_t *words = NULL, nw = 0;
    CHECK(aclnnTransQuantParam(NULL, 1, NULL, 0, &words, &nw) == ACLNN_ERR_PARAM_NULLPTR);
    const float one = 1.0f, off = 2.5f;
    CHECK(aclnnTransQuantParam(&one, 1, &off, 1, &words, &nw) == ACLNN_SUCCESS && nw == 1 &&
          words[0] == (0x3F800000ull | 1ull << 46 | 2ull << 37));
    free(words);
    OT_FREE(&x, &x3, &p, &p1, &s, &y8, &h16, &w, &i32, &pk);
}

int main(void)
{
    ot_init();
    trans_quant_param();
    quant_matmul();
    variants_errors();
    quantize();
    transpose_batch_matmul();
    later_rows();
    ot_fini();
    printf("ops_quant: ok\n");
    return 0;
}
