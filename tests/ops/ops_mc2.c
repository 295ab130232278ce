/* SPDX-License-Identifier: Apache-2.0 */
/* The matmul + collective fusions (ops/mc2) in a program that never loads
 * libhccl (this test links libcpuacl only): every group names no communicator
 * (161002, saying why), the NULL-pointer and option codes come first, and the
 * library's other operators are unaffected. Their results on live
 * communicators: tests/hccl/hccl_mc2.c. */
#include "optest.h"

#include "aclnnop/aclnn_all_gather_matmul.h"
#include "aclnnop/aclnn_matmul_all_reduce.h"
#include "aclnnop/aclnn_matmul_all_reduce_v2.h"
#include "aclnnop/aclnn_matmul_reduce_scatter.h"
#include "aclnnop/aclnn_inplace_matmul_all_reduce_add_rms_norm.h"
#include "aclnnop/aclnn_matmul_all_reduce_add_rms_norm.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_quant_matmul_all_reduce.h"
#include "aclnnop/aclnn_quant_matmul_all_reduce_v3.h"
#include "aclnnop/aclnn_weight_quant_matmul_all_reduce.h"

/* call returns want with a message that names each of the strings (aclGetRecentErrMsg
 * is read once: reading it clears it). */
#define CHECK_MSG(want, call, ...)                                                                 \
    do {                                                                                           \
        aclnnStatus got_ = (call);                                                                 \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        const char *const s_[] = {__VA_ARGS__};                                                    \
        CHECK(got_ == (aclnnStatus)(want) && m_);                                                  \
        for (size_t i_ = 0; i_ < sizeof s_ / sizeof s_[0]; i_++)                                   \
            CHECK(strstr(m_, s_[i_]));                                                             \
    } while (0)

int main(void)
{
    ot_init();
    int64_t d1[2] = {4, 3}, d2[2] = {3, 2}, dout[2] = {4, 2};
    ot_tensor x1, x2, out;
    ot_make(&x1, ACL_FLOAT16, 2, d1, L_CONTIG);
    ot_make(&x2, ACL_FLOAT16, 2, d2, L_CONTIG);
    ot_make(&out, ACL_FLOAT16, 2, dout, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *e;
    CHECK_MSG(
        ACLNN_ERR_PARAM_NULLPTR,
        aclnnMatmulAllReduceGetWorkspaceSize(x1.t, NULL, NULL, "g", "sum", 0, 1, out.t, &ws, &e),
        "x2");
    CHECK_MSG(
        ACLNN_ERR_PARAM_NULLPTR,
        aclnnMatmulReduceScatterGetWorkspaceSize(x1.t, x2.t, NULL, "g", NULL, 0, 1, out.t, &ws, &e),
        "reduceOp");
    CHECK_MSG(
        ACLNN_ERR_PARAM_INVALID,
        aclnnMatmulAllReduceGetWorkspaceSize(x1.t, x2.t, NULL, "g", "sum", 0, 2, out.t, &ws, &e),
        "streamMode");
    /* no libhccl in this process: no group exists */
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnMatmulAllReduceGetWorkspaceSize(x1.t, x2.t, NULL, "hccl_all_1", "sum", 0, 1,
                                                   out.t, &ws, &e),
              "hccl_all_1", "libhccl");
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnMatmulAllReduceV2GetWorkspaceSize(x1.t, x2.t, NULL, NULL, "g", "sum", 0, 1, out.t,
                                                    &ws, &e));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnAllGatherMatmulGetWorkspaceSize(
                                          x1.t, x2.t, NULL, "g", 0, 0, 1, out.t, NULL, &ws, &e));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnAllGatherMatmul(NULL, 0, NULL, g_stream));
    /* the quantised forms: their own checks come before the group's */
    ot_tensor q1, q2, qs, fb;
    int64_t dn[1] = {2};
    ot_make(&q1, ACL_INT8, 2, d1, L_CONTIG);
    ot_make(&q2, ACL_INT8, 2, d2, L_CONTIG);
    ot_make(&qs, ACL_FLOAT, 1, dn, L_CONTIG);
    ot_make(&fb, ACL_FLOAT16, 1, dn, L_CONTIG);
    CHECK_MSG(ACLNN_ERR_PARAM_NULLPTR,
              aclnnQuantMatmulAllReduceGetWorkspaceSize(q1.t, q2.t, NULL, NULL, NULL, "g", "sum", 0,
                                                        1, out.t, &ws, &e),
              "dequantScale");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnQuantMatmulAllReduceGetWorkspaceSize(x1.t, x2.t, NULL, NULL, qs.t, "g", "sum", 0,
                                                        1, out.t, &ws, &e),
              "x1");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnQuantMatmulAllReduceGetWorkspaceSize(q1.t, q2.t, fb.t, NULL, qs.t, "g", "sum", 0,
                                                        1, out.t, &ws, &e),
              "bias");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnQuantMatmulAllReduceV3GetWorkspaceSize(q1.t, q2.t, NULL, NULL, qs.t, NULL, fb.t,
                                                          NULL, "g", "sum", 0, 1, out.t, &ws, &e),
              "commQuantScale");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnWeightQuantMatmulAllReduceGetWorkspaceSize(x1.t, q2.t, NULL, fb.t, NULL, NULL,
                                                              "g", "sum", 0, 1, -1, out.t, &ws, &e),
              "antiquantGroupSize");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnWeightQuantMatmulAllReduceGetWorkspaceSize(x1.t, x2.t, NULL, fb.t, NULL, NULL,
                                                              "g", "sum", 0, 1, 0, out.t, &ws, &e),
              "x2");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnWeightQuantMatmulAllReduceGetWorkspaceSize(x1.t, q2.t, NULL, fb.t, NULL, NULL,
                                                              "g", "sum", 0, 1, 0, out.t, &ws, &e),
              "libhccl");
    /* the AddRmsNorm forms: residual (b, s, n) with b * s = x1's rows, gamma (n) */
    ot_tensor r3, r2, g;
    int64_t dr3[3] = {2, 2, 2};
    ot_make(&r3, ACL_FLOAT16, 3, dr3, L_CONTIG);
    ot_make(&r2, ACL_FLOAT16, 2, dout, L_CONTIG);
    ot_make(&g, ACL_FLOAT16, 1, dn, L_CONTIG);
    CHECK_MSG(ACLNN_ERR_PARAM_NULLPTR,
              aclnnInplaceMatmulAllReduceAddRmsNormGetWorkspaceSize(
                  x1.t, x2.t, NULL, r3.t, g.t, 1e-6, "g", "sum", 0, 1, NULL, &ws, &e),
              "normOut");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnMatmulAllReduceAddRmsNormGetWorkspaceSize(x1.t, x2.t, NULL, r2.t, g.t, 1e-6, "g",
                                                             "sum", 0, 1, r2.t, r2.t, &ws, &e),
              "residual");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnMatmulAllReduceAddRmsNormGetWorkspaceSize(x1.t, x2.t, NULL, r3.t, qs.t, 1e-6,
                                                             "g", "sum", 0, 1, r3.t, r3.t, &ws, &e),
              "gamma");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnMatmulAllReduceAddRmsNormGetWorkspaceSize(x1.t, x2.t, NULL, r3.t, g.t, 1e-6, "g",
                                                             "sum", 0, 1, r2.t, r3.t, &ws, &e),
              "y");
    CHECK_MSG(ACLNN_ERR_PARAM_INVALID,
              aclnnInplaceMatmulAllReduceAddRmsNormGetWorkspaceSize(
                  x1.t, x2.t, NULL, r3.t, g.t, 1e-6, "g", "sum", 0, 1, r3.t, &ws, &e),
              "libhccl");
    OT_FREE(&q1, &q2, &qs, &fb, &r3, &r2, &g);
    /* the product alone still runs */
    CHECK_NN(ACLNN_SUCCESS, aclnnMmGetWorkspaceSize(x1.t, x2.t, out.t, 0, &ws, &e));
    CHECK_NN(ACLNN_SUCCESS, aclnnMm(NULL, 0, e, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    OT_FREE(&x1, &x2, &out);
    ot_fini();
    printf("ops_mc2: ok\n");
    return 0;
}
