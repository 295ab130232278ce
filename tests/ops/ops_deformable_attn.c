/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Multi-scale deformable attention (ops/attention/deformable_attn.c): the codes and messages of
 * the first phases on bad input (161001 for a NULL tensor, 161002 naming the parameter for a
 * refused type or shape), and one sample by hand: a 2 x 2 level, a point at its centre takes
 * the mean of the four values, one on its right edge (x = 1.5) the right column's values at a
 * quarter weight each, its right neighbours outside adding zero. The values
 * against PyTorch: tests/python/test_deformable_attn_torch.py.
 */
#include "aclnnop/aclnn_multi_scale_deformable_attention_grad.h"
#include "aclnnop/aclnn_multi_scale_deformable_attn_function.h"
#include "optest.h"

/* Expect code and a message naming what (aclGetRecentErrMsg clears the message: read once). */
#define CHECK_NAMED(code, what, call)                                                              \
    do {                                                                                           \
        aclnnStatus got_ = (call);                                                                 \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (aclnnStatus)(code) || !m_ || !strstr(m_, what)) {                             \
            fprintf(stderr, "%s:%d: %s returned %d (\"%s\"), expected %d naming %s\n", __FILE__,   \
                    __LINE__, #call, (int)got_, m_ ? m_ : "", (int)(code), what);                  \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

int main(void)
{
    ot_init();
    ot_tensor v, ss, ls, loc, aw, out, go, gv, gl, ga, f64, badloc, f32ss;
    const int64_t dv[4] = {1, 4, 1, 1}, dss[2] = {1, 2}, dls[1] = {1}, dl[6] = {1, 2, 1, 1, 1, 2};
    const int64_t da[5] = {1, 2, 1, 1, 1}, dout[3] = {1, 2, 1}, dbl[6] = {1, 2, 1, 1, 1, 3};
    OT_MAKE_CONTIG({&v, ACL_FLOAT, 4, dv}, {&ss, ACL_INT64, 2, dss}, {&ls, ACL_INT32, 1, dls},
                   {&loc, ACL_FLOAT, 6, dl}, {&aw, ACL_FLOAT, 5, da}, {&out, ACL_FLOAT, 3, dout},
                   {&go, ACL_FLOAT, 3, dout}, {&gv, ACL_FLOAT, 4, dv}, {&gl, ACL_FLOAT, 6, dl},
                   {&ga, ACL_FLOAT, 5, da}, {&f64, ACL_DOUBLE, 4, dv}, {&badloc, ACL_FLOAT, 6, dbl},
                   {&f32ss, ACL_FLOAT, 2, dss});
    uint64_t ws;
    aclOpExecutor *ex;
#define FWD(v_, ss_, loc_, out_)                                                                   \
    aclnnMultiScaleDeformableAttnFunctionGetWorkspaceSize(v_, ss_, ls.t, loc_, aw.t, out_, &ws, &ex)
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, FWD(NULL, ss.t, loc.t, out.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, FWD(v.t, ss.t, loc.t, NULL));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "value", FWD(f64.t, ss.t, loc.t, out.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "spatialShape", FWD(v.t, f32ss.t, loc.t, out.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "location", FWD(v.t, ss.t, badloc.t, out.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "output", FWD(v.t, ss.t, loc.t, aw.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "gradLocation",
                aclnnMultiScaleDeformableAttentionGradGetWorkspaceSize(
                    v.t, ss.t, ls.t, loc.t, aw.t, go.t, gv.t, NULL, ga.t, &ws, &ex));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "gradAttnWeight",
                aclnnMultiScaleDeformableAttentionGradGetWorkspaceSize(
                    v.t, ss.t, ls.t, loc.t, aw.t, go.t, gv.t, gl.t, gl.t, &ws, &ex));
    /* values 1, 2, 3, 4 on a 2 x 2 level; point 0 at the centre, point 1 at u = 1, v = 0.5 */
    ot_set(&ss, 0, 2), ot_set(&ss, 1, 2), ot_set(&ls, 0, 0);
    for (int i = 0; i < 4; i++)
        ot_set(&v, i, i + 1);
    ot_set(&loc, 0, 0.5), ot_set(&loc, 1, 0.5), ot_set(&loc, 2, 1.0), ot_set(&loc, 3, 0.5);
    ot_set(&aw, 0, 2.0), ot_set(&aw, 1, 1.0);
    CHECK_NN(ACLNN_SUCCESS, FWD(v.t, ss.t, loc.t, out.t));
    CHECK_NN(ACLNN_SUCCESS, aclnnMultiScaleDeformableAttnFunction(NULL, ws, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    /* centre: 2 * mean(1..4) = 5; x = 1.0 * 2 - 0.5 = 1.5: half of column 1 (2, 4) -> 1.5 */
    CHECK(fabs(ot_get(&out, 0) - 5.0) < 1e-6);
    CHECK(fabs(ot_get(&out, 1) - 1.5) < 1e-6);
#undef FWD
    OT_FREE(&v, &ss, &ls, &loc, &aw, &out, &go, &gv, &gl, &ga, &f64, &badloc, &f32ss);
    ot_fini();
    printf("ops_deformable_attn: ok\n");
    return 0;
}
