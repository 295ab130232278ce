/* SPDX-License-Identifier: Apache-2.0 */
/* The optimizer family's codes and messages (NULL tensors and lists, types, shapes, list
 * lengths, one-element hyper-parameters) and steps worked out by hand (AdamW, SGD, the
 * elementwise steps of descent.c and steps.c); the differential
 * test against torch.optim is tests/python/test_optim_torch.py. */
#include <math.h>
#include <string.h>

#include "optest.h"

#include "aclnnop/aclnn_apply_adam_w.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "aclnnop/aclnn_fused_sgd.h"
#include "aclnnop/aclnn_adam_apply_one.h"
#include "aclnnop/aclnn_apply_gradient_descent.h"
#include "aclnnop/aclnn_apply_proximal_gradient_descent.h"
#include "aclnnop/aclnn_apply_fused_ema_adam.h"

static void test_values(void)
{
    int64_t s[2] = {2, 2}, one = 1;
    ot_tensor var, m, v, g, st;
    ot_make(&var, ACL_FLOAT, 2, s, L_TRANS);
    ot_make(&m, ACL_FLOAT, 2, s, L_GAP);
    ot_make(&v, ACL_FLOAT16, 2, s, L_CONTIG);
    ot_make(&g, ACL_BF16, 2, s, L_CONTIG);
    ot_make(&st, ACL_INT64, 1, &one, L_CONTIG);
    for (int i = 0; i < 4; i++)
        ot_set(&var, i, 1), ot_set(&m, i, 0), ot_set(&v, i, 0), ot_set(&g, i, i - 1.5);
    ot_set(&st, 0, 1);
    /* step 1, b1 0.5, b2 0.75, wd 0, eps 0: m = g / 2, v = g^2 / 4, the corrected ratio is
     * sign(g), so var = 1 - lr sign(g) */
    OT_RUN(aclnnApplyAdamWV2, var.t, m.t, v.t, NULL, g.t, st.t, 0.125f, 0.5f, 0.75f, 0.0f, 0.0f,
           false, false);
    for (int i = 0; i < 4; i++) {
        double gi = i - 1.5;
        CHECK(fabs(ot_get(&var, i) - (1 - 0.125 * (gi > 0 ? 1 : -1))) < 1e-6);
        CHECK(ot_get(&m, i) == gi / 2);
        CHECK(ot_get(&v, i) == gi * gi / 4);
    }
    /* FusedSgd without momentum: param -= lr (grad + wd param) */
    aclTensorList *pls = ot_list(&var, 1), *gls = ot_list(&g, 1);
    for (int i = 0; i < 4; i++)
        ot_set(&var, i, 2);
    OT_RUN(aclnnFusedSgd, pls, gls, NULL, NULL, 0.5f, 0.0f, 0.25f, 0.0f, false, false, true);
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&var, i) == 2 - 0.25 * ((i - 1.5) + 1));
    ot_free_list(pls, &var, 1); /* the lists own var's and g's descriptors */
    ot_free_list(gls, &g, 1);
    OT_FREE(&m, &v, &st);
}

static void test_codes(void)
{
    int64_t s[2] = {2, 3}, s3 = 3, one = 1;
    ot_tensor x, bad, xi, on, two;
    int64_t s2 = 2;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&bad, ACL_FLOAT, 1, &s3}, {&xi, ACL_INT32, 2, s},
                   {&on, ACL_FLOAT, 1, &one}, {&two, ACL_FLOAT, 1, &s2});
    aclTensor *X = x.t, *O = on.t;
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnApplyAdamW, NULL, X, X, O, O, O, O, O, O, O, X, NULL,
             false, false);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnApplyAdamW, X, X, X, O, O, O, O, O, O, O, X, NULL, true,
             false); /* amsgrad without its tensor */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnApplyAdamW, X, X, X, O, O, O, O, O, O, O, bad.t, NULL,
             false, false); /* grad's shape */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnApplyAdamW, X, X, X, two.t, O, O, O, O, O, O, X, NULL,
             false, false); /* beta1Power not one element */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnApplyAdamW, xi.t, X, X, O, O, O, O, O, O, O, X, NULL,
             false, false); /* INT32 var */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnApplyAdamWV2, X, X, X, NULL, X, bad.t, 0.1f, 0.9f, 0.99f,
             0.0f, 1e-8f, false, false); /* step not one element */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnFusedSgd, NULL, NULL, NULL, NULL, 0.0f, 0.0f, 0.1f, 0.0f,
             false, false, false);
    OT_FREE(&x, &bad, &xi, &on, &two);
}

/* aclnnFoo's first phase returns want with a message naming the operator and `what`. */
#define FAILS_NAMING(want, what, op, ...)                                                          \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        aclnnStatus r_ = op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_);                            \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        CHECK(r_ == (want) && m_ && strstr(m_, what) && strstr(m_, #op));                          \
    } while (0)

/* The elementwise steps (descent.c GD1-GD3, steps.c AA1-AA3): values by hand, codes,
 * and messages naming the parameter. */
static void test_descent(void)
{
    int64_t s[2] = {2, 2}, one = 1, two = 2;
    ot_tensor var, d, a, l1, l2, out, t2, h;
    OT_MAKE_CONTIG({&var, ACL_FLOAT, 2, s}, {&d, ACL_FLOAT, 2, s}, {&a, ACL_FLOAT, 1, &one},
                   {&l1, ACL_FLOAT, 1, &one}, {&l2, ACL_FLOAT, 1, &one}, {&out, ACL_FLOAT, 2, s},
                   {&t2, ACL_FLOAT, 1, &two}, {&h, ACL_FLOAT16, 2, s});
    for (int i = 0; i < 4; i++)
        ot_set(&var, i, 1 + i), ot_set(&d, i, 2);
    ot_set(&a, 0, 0.5), ot_set(&l1, 0, 1), ot_set(&l2, 0, 1);
    /* p = var - 0.5 * 2 = i; varOut = sign(p) / 1.5 * max(|p| - 0.5, 0) */
    OT_RUN(aclnnApplyProximalGradientDescent, var.t, a.t, l1.t, l2.t, d.t, out.t);
    for (int i = 0; i < 4; i++)
        CHECK(fabs(ot_get(&out, i) - (i ? (i - 0.5) / 1.5 : 0.0)) < 1e-6);
    OT_RUN(aclnnApplyGradientDescent, var.t, a.t, d.t); /* var = 1 + i - 1 */
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&var, i) == i);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnApplyGradientDescent, var.t, NULL, d.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "alpha", aclnnApplyGradientDescent, var.t, t2.t, d.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "delta", aclnnApplyGradientDescent, var.t, a.t, h.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "l2", aclnnApplyProximalGradientDescent, var.t, a.t, l1.t,
                 t2.t, d.t, out.t);
    OT_NULL_OUTS(aclnnApplyGradientDescent, var.t, a.t, d.t);
    /* AdamApplyOne with g 2, v 0, m 0, var 1, lr 0.5, b1 0.5, 1-b1 0.5, b2 0.75, 1-b2 0.25,
     * eps 0: v' = 1, m' = 1, var' = 1 - 0.5 * 1 / 1 = 0.5 */
    ot_tensor g, v, m, w, c[6], o[3];
    OT_MAKE_CONTIG({&g, ACL_FLOAT, 2, s}, {&v, ACL_FLOAT, 2, s}, {&m, ACL_FLOAT, 2, s},
                   {&w, ACL_FLOAT, 2, s}, {&o[0], ACL_FLOAT, 2, s}, {&o[1], ACL_FLOAT, 2, s},
                   {&o[2], ACL_FLOAT, 2, s});
    const double cv[6] = {0.5, 0.5, 0.5, 0.75, 0.25, 0.0}; /* lr, mul0..mul3, add2_y */
    for (int k = 0; k < 6; k++) {
        ot_make(&c[k], ACL_FLOAT, 1, &one, L_CONTIG);
        ot_set(&c[k], 0, cv[k]);
    }
    for (int i = 0; i < 4; i++)
        ot_set(&g, i, 2), ot_set(&v, i, 0), ot_set(&m, i, 0), ot_set(&w, i, 1);
    OT_RUN(aclnnAdamApplyOne, g.t, v.t, m.t, w.t, c[0].t, c[1].t, c[2].t, c[3].t, c[4].t, c[5].t,
           o[0].t, o[1].t, o[2].t);
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&o[0], i) == 1 && ot_get(&o[1], i) == 1 && ot_get(&o[2], i) == 0.5);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "mul1_x", aclnnAdamApplyOne, g.t, v.t, m.t, w.t, c[0].t,
                 c[1].t, NULL, c[3].t, c[4].t, c[5].t, o[0].t, o[1].t, o[2].t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "output2", aclnnAdamApplyOne, g.t, v.t, m.t, w.t, c[0].t,
                 c[1].t, c[2].t, c[3].t, c[4].t, c[5].t, o[0].t, o[1].t, h.t);
    OT_FREE(&var, &d, &a, &l1, &l2, &out, &t2, &h, &g, &v, &m, &w, &o[0], &o[1], &o[2]);
    for (int k = 0; k < 6; k++)
        OT_FREE(&c[k]);
}

/* ApplyFusedEmaAdam worked by hand: beta1 = beta2 = 0.5, step 1 with biasCorrection, eps 0, no
 * weight decay: m = g / 2, v = g^2 / 2, m / c1 = g, sqrt(v / c2) = |g|, so var -= lr sign(g);
 * s = (s + var) / 2 at emaDecay 0.5. Then the codes. */
static void test_fused_ema_adam(void)
{
    int64_t sh[2] = {2, 2}, one = 1;
    ot_tensor g, var, m, v, s, st, bad, st32;
    ot_make(&g, ACL_FLOAT, 2, sh, L_TRANS);
    ot_make(&var, ACL_FLOAT, 2, sh, L_CONTIG);
    ot_make(&m, ACL_FLOAT, 2, sh, L_GAP);
    ot_make(&v, ACL_FLOAT, 2, sh, L_CONTIG);
    ot_make(&s, ACL_FLOAT, 2, sh, L_CONTIG);
    ot_make(&st, ACL_INT64, 1, &one, L_CONTIG);
    ot_make(&st32, ACL_INT32, 1, &one, L_CONTIG);
    ot_make(&bad, ACL_FLOAT16, 2, sh, L_CONTIG);
    for (int i = 0; i < 4; i++)
        ot_set(&g, i, i - 1.5), ot_set(&var, i, 1), ot_set(&m, i, 0), ot_set(&v, i, 0),
            ot_set(&s, i, 2);
    ot_set(&st, 0, 1);
    OT_RUN(aclnnApplyFusedEmaAdam, g.t, var.t, m.t, v.t, s.t, st.t, 0.25, 0.5, 0.5, 0.5, 0.0, 1,
           true, 0.0);
    for (int i = 0; i < 4; i++) {
        double gi = i - 1.5, want = 1 - 0.25 * (gi > 0 ? 1 : -1);
        CHECK(fabs(ot_get(&var, i) - want) < 1e-6);
        CHECK(ot_get(&m, i) == gi / 2 && ot_get(&v, i) == gi * gi / 2);
        CHECK(fabs(ot_get(&s, i) - (2 + want) / 2) < 1e-6);
    }
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnApplyFusedEmaAdam, g.t, var.t, m.t, v.t, s.t, NULL, 0.1,
             0.5, 0.9, 0.99, 1e-8, 0, true, 0.0);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "mode", aclnnApplyFusedEmaAdam, g.t, var.t, m.t, v.t, s.t,
                 st.t, 0.1, 0.5, 0.9, 0.99, 1e-8, 2, true, 0.0);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "sRef", aclnnApplyFusedEmaAdam, g.t, var.t, m.t, v.t,
                 bad.t, st.t, 0.1, 0.5, 0.9, 0.99, 1e-8, 0, true, 0.0);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "step", aclnnApplyFusedEmaAdam, g.t, var.t, m.t, v.t, s.t,
                 st32.t, 0.1, 0.5, 0.9, 0.99, 1e-8, 0, true, 0.0);
    OT_FREE(&g, &var, &m, &v, &s, &st, &bad, &st32);
}

int main(void)
{
    ot_init();
    test_values();
    test_codes();
    test_descent();
    test_fused_ema_adam();
    ot_fini();
    printf("ops_optim: ok\n");
    return 0;
}
