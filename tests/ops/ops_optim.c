/* SPDX-License-Identifier: Apache-2.0 */
/* The optimizer family's codes and messages (NULL tensors and lists, types, shapes, list
 * lengths, one-element hyper-parameters) and two steps worked out by hand; the differential
 * test against torch.optim is tests/python/test_optim_torch.py. */
#include <math.h>

#include "optest.h"

#include "aclnnop/aclnn_apply_adam_w.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "aclnnop/aclnn_fused_sgd.h"

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

int main(void)
{
    ot_init();
    test_values();
    test_codes();
    ot_fini();
    printf("ops_optim: ok\n");
    return 0;
}
