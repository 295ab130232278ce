/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The foreach family's argument rules and run-time behaviour (ops/foreach/foreach.c,
 * FE1-FE6): NULL lists, entries and scalars 161001 naming them; types, list lengths, shapes,
 * scalar element counts and scalar-list lengths 161002 naming the parameter; a scalar tensor
 * read when the operator runs; one executor for the whole list; the in-place forms; Norm and
 * NonFiniteCheckAndUnscale. (Every operator's values against PyTorch: foreach_torch.py.)
 */
#include "aclnnop/aclnn_foreach_add_list.h"
#include "aclnnop/aclnn_foreach_add_scalar.h"
#include "aclnnop/aclnn_foreach_add_scalar_list.h"
#include "aclnnop/aclnn_foreach_div_scalar_list.h"
#include "aclnnop/aclnn_foreach_mul_scalar_inplace.h"
#include "aclnnop/aclnn_foreach_non_finite_check_and_unscale.h"
#include "aclnnop/aclnn_foreach_norm.h"
#include "aclnnop/aclnn_foreach_sqrt.h"
#include "optest.h"

static float g_mem[48][64];
static int g_next;
static float *g_last; /* the memory of the tensor ft made last */

/* A contiguous float tensor of dims over fresh memory filled with v, v+1, ... */
static aclTensor *ft(aclDataType dt, int nd, const int64_t *dims, float v)
{
    CHECK(g_next < 48);
    float *m = g_last = g_mem[g_next++];
    for (int i = 0; i < 64; i++)
        m[i] = v + (float)i;
    int64_t st[8], s = 1, n = 1;
    for (int i = nd - 1; i >= 0; i--) {
        st[i] = s;
        s *= dims[i];
    }
    for (int i = 0; i < nd; i++)
        n *= dims[i];
    aclTensor *t = aclCreateTensor(dims, (uint64_t)nd, dt, st, 0, ACL_FORMAT_ND, &n, 1, m);
    CHECK(t);
    return t;
}

static aclTensorList *list2(aclTensor *a, aclTensor *b)
{
    aclTensor *v[2] = {a, b};
    aclTensorList *l = aclCreateTensorList((const aclTensor *const *)v, b ? 2 : 1);
    CHECK(l);
    return l;
}

/* A first phase that fails with code `want` and a message containing `part`. */
#define FAILS(want, part, call)                                                                    \
    do {                                                                                           \
        aclnnStatus got_ = (call);                                                                 \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (want) || !m_ || !strstr(m_, part)) {                                          \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d naming '%s'\n", __FILE__,     \
                    __LINE__, #call, (int)got_, m_ ? m_ : "no message", (int)(want), part);        \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

int main(void)
{
    ot_init();
    uint64_t ws;
    aclOpExecutor *ex;
    const int64_t d23[] = {2, 3}, d32[] = {3, 2}, d1[] = {1}, d2[] = {2};

    /* NULLs: the list, an entry, a scalar (161001, named). */
    aclTensorList *x = list2(ft(ACL_FLOAT, 2, d23, 1), ft(ACL_FLOAT, 1, d2, 4));
    aclTensorList *o = list2(ft(ACL_FLOAT, 2, d23, 0), ft(ACL_FLOAT, 1, d2, 0));
    FAILS(ACLNN_ERR_PARAM_NULLPTR, "x is NULL",
          aclnnForeachSqrtGetWorkspaceSize(NULL, o, &ws, &ex));
    FAILS(ACLNN_ERR_PARAM_NULLPTR, "out is NULL",
          aclnnForeachSqrtGetWorkspaceSize(x, NULL, &ws, &ex));
    aclTensor *hole[2] = {ft(ACL_FLOAT, 1, d2, 1), NULL};
    aclTensorList *xh = aclCreateTensorList((const aclTensor *const *)hole, 2);
    FAILS(ACLNN_ERR_PARAM_NULLPTR, "x[1] is NULL",
          aclnnForeachSqrtGetWorkspaceSize(xh, o, &ws, &ex));
    aclDestroyTensorList(xh);
    FAILS(ACLNN_ERR_PARAM_NULLPTR, "alpha is NULL",
          aclnnForeachAddListGetWorkspaceSize(x, x, NULL, o, &ws, &ex));

    /* Types: one outside the row's (INT64 for Sqrt), mixed types in a list, out of another. */
    aclTensorList *xi = list2(ft(ACL_INT64, 1, d2, 1), NULL);
    aclTensorList *oi = list2(ft(ACL_INT64, 1, d2, 1), NULL);
    FAILS(ACLNN_ERR_PARAM_INVALID, "x[0]", aclnnForeachSqrtGetWorkspaceSize(xi, oi, &ws, &ex));
    aclTensorList *xm = list2(ft(ACL_FLOAT, 1, d2, 1), ft(ACL_FLOAT16, 1, d2, 1));
    FAILS(ACLNN_ERR_PARAM_INVALID, "x[1]", aclnnForeachSqrtGetWorkspaceSize(xm, o, &ws, &ex));
    aclTensorList *oh = list2(ft(ACL_FLOAT16, 2, d23, 0), ft(ACL_FLOAT16, 1, d2, 0));
    FAILS(ACLNN_ERR_PARAM_INVALID, "out[0]", aclnnForeachSqrtGetWorkspaceSize(x, oh, &ws, &ex));

    /* Lengths and shapes: x2 shorter than x1, an out of another shape, an empty list. */
    aclTensorList *x1 = list2(ft(ACL_FLOAT, 2, d23, 1), NULL);
    aclTensor *alpha = ft(ACL_FLOAT, 1, d1, 2);
    FAILS(ACLNN_ERR_PARAM_INVALID, "x2 holds 1 tensors",
          aclnnForeachAddListGetWorkspaceSize(x, x1, alpha, o, &ws, &ex));
    aclTensorList *os = list2(ft(ACL_FLOAT, 2, d32, 0), ft(ACL_FLOAT, 1, d2, 0));
    FAILS(ACLNN_ERR_PARAM_INVALID, "out[0] has shape [3, 2], expected [2, 3]",
          aclnnForeachSqrtGetWorkspaceSize(x, os, &ws, &ex));
    aclTensorList *empty = aclCreateTensorList(NULL, 0);
    FAILS(ACLNN_ERR_PARAM_INVALID, "x holds 0 tensors",
          aclnnForeachSqrtGetWorkspaceSize(empty, empty, &ws, &ex));

    /* Scalars: a scalar tensor of 2 elements, of a type outside the row's; a scalar list of
     * the wrong length or type. */
    aclTensor *two = ft(ACL_FLOAT, 1, d2, 1);
    FAILS(ACLNN_ERR_PARAM_INVALID, "scalar holds 2 elements",
          aclnnForeachAddScalarGetWorkspaceSize(x, two, o, &ws, &ex));
    aclTensor *s64 = ft(ACL_INT64, 1, d1, 1);
    FAILS(ACLNN_ERR_PARAM_INVALID, "scalar",
          aclnnForeachAddScalarGetWorkspaceSize(x, s64, o, &ws, &ex));
    float one = 1;
    int64_t i64 = 3;
    aclScalar *sv[2] = {aclCreateScalar(&one, ACL_FLOAT), NULL};
    aclScalarList *sl1 = aclCreateScalarList((const aclScalar *const *)sv, 1);
    FAILS(ACLNN_ERR_PARAM_INVALID, "scalars holds 1 scalars",
          aclnnForeachAddScalarListGetWorkspaceSize(x, sl1, o, &ws, &ex));
    aclScalar *si[2] = {aclCreateScalar(&i64, ACL_INT64), aclCreateScalar(&i64, ACL_INT64)};
    aclScalarList *sli = aclCreateScalarList((const aclScalar *const *)si, 2);
    FAILS(ACLNN_ERR_PARAM_INVALID, "scalars[0]",
          aclnnForeachDivScalarListGetWorkspaceSize(x, sli, o, &ws, &ex));

    /* A scalar tensor is read when the operator runs (FE3); the in-place form writes x. */
    aclTensor *sc = ft(ACL_FLOAT, 1, d1, 0); /* 0 now */
    float *sdata = g_last;
    aclTensor *e0 = ft(ACL_FLOAT, 2, d23, 1);
    float *a0 = g_last;
    aclTensor *e1 = ft(ACL_FLOAT, 1, d2, 10);
    float *a1 = g_last;
    aclTensorList *xs = list2(e0, e1);
    CHECK_NN(0, aclnnForeachMulScalarInplaceGetWorkspaceSize(xs, sc, &ws, &ex));
    CHECK(ws == 0);
    sdata[0] = 3; /* ... 3 after phase 1 */
    CHECK_NN(0, aclnnForeachMulScalarInplace(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    for (int i = 0; i < 6; i++)
        CHECK(a0[i] == 3 * (1 + (float)i));
    for (int i = 0; i < 2; i++)
        CHECK(a1[i] == 3 * (10 + (float)i));
    CHECK(a1[2] == 12); /* beyond the [2] tensor: untouched */

    /* Norm: out entries of one element; p = 2 and inf; a NaN propagates. */
    aclTensorList *on = list2(ft(ACL_FLOAT, 1, d2, 0), NULL);
    aclTensorList *xn1 = list2(ft(ACL_FLOAT, 1, d2, 3), NULL);
    float *xnm = g_last;
    float two_f = 2;
    aclScalar *p2 = aclCreateScalar(&two_f, ACL_FLOAT);
    FAILS(ACLNN_ERR_PARAM_INVALID, "out[0] must hold one element",
          aclnnForeachNormGetWorkspaceSize(xn1, p2, on, &ws, &ex));
    aclTensorList *on1 = list2(ft(ACL_FLOAT, 1, d1, 0), NULL);
    float *outm = g_last;
    CHECK_NN(0, aclnnForeachNormGetWorkspaceSize(xn1, p2, on1, &ws, &ex));
    CHECK_NN(0, aclnnForeachNorm(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    CHECK(fabsf(outm[0] - 5.0f) < 1e-6f); /* |(3, 4)| */
    xnm[1] = NAN;
    CHECK_NN(0, aclnnForeachNormGetWorkspaceSize(xn1, p2, on1, &ws, &ex));
    CHECK_NN(0, aclnnForeachNorm(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    CHECK(isnan(outm[0]));

    /* NonFiniteCheckAndUnscale: foundInf set by the NaN, every tensor scaled. */
    aclTensor *found = ft(ACL_FLOAT, 1, d1, 0);
    float *fm = g_last;
    aclTensor *inv = ft(ACL_FLOAT, 1, d1, 0.5f);
    FAILS(ACLNN_ERR_PARAM_NULLPTR, "foundInf is NULL",
          aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(xn1, NULL, inv, &ws, &ex));
    CHECK_NN(0, aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(xn1, found, inv, &ws, &ex));
    CHECK_NN(0, aclnnForeachNonFiniteCheckAndUnscale(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    CHECK(fm[0] == 1.0f && xnm[0] == 1.5f && isnan(xnm[1]));

    aclDestroyTensorList(x);
    aclDestroyTensorList(o);
    aclDestroyTensorList(xi);
    aclDestroyTensorList(oi);
    aclDestroyTensorList(xm);
    aclDestroyTensorList(oh);
    aclDestroyTensorList(x1);
    aclDestroyTensorList(os);
    aclDestroyTensorList(empty);
    aclDestroyTensorList(xs);
    aclDestroyTensorList(on);
    aclDestroyTensorList(xn1);
    aclDestroyTensorList(on1);
    aclDestroyScalarList(sl1);
    aclDestroyScalarList(sli);
    aclDestroyScalar(p2);
    aclDestroyTensor(alpha);
    aclDestroyTensor(two);
    aclDestroyTensor(s64);
    aclDestroyTensor(sc);
    aclDestroyTensor(found);
    aclDestroyTensor(inv);
    ot_fini();
    printf("ops_foreach: ok\n");
    return 0;
}
