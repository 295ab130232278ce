/* SPDX-License-Identifier: Apache-2.0 */
/* Indexing and sequence operators (IndexSelect, GatherV2, Embedding, EmbeddingBag, Unique,
 * Unique2, MaskedSelect, Nonzero, OneHot, ArgMax, Cumsum, Arange, Clamp) against references
 * computed here: every supported dtype, index types int32/int64, non-contiguous inputs and
 * outputs, negative dims, 0-d and empty tensors, run-time index errors, and every phase-1
 * error. */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>

#include "optest.h"

#include "aclnnop/aclnn_arange.h"
#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_bucketize.h"
#include "aclnnop/aclnn_clamp.h"
#include "aclnnop/aclnn_gather_nd.h"
#include "aclnnop/aclnn_scatter_update.h"
#include "aclnnop/aclnn_cumsum.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_embedding_bag.h"
#include "aclnnop/aclnn_unique.h"
#include "aclnnop/aclnn_unique2.h"
#include "aclnnop/aclnn_unique_consecutive.h"
#include "aclnnop/aclnn_unique_dim.h"
#include "aclnnop/aclnn_flip.h"
#include "aclnnop/aclnn_gather_v2.h"
#include "aclnnop/aclnn_index_select.h"
#include "aclnnop/aclnn_masked_select.h"
#include "aclnnop/aclnn_nonzero.h"
#include "aclnnop/aclnn_put.h"
#include "aclnnop/aclnn_repeat_interleave.h"
#include "aclnnop/aclnn_repeat_interleave_grad.h"
#include "aclnnop/aclnn_scatter_nd.h"
#include "aclnnop/aclnn_scatter_nd_update.h"
#include "aclnnop/aclnn_one_hot.h"
#include "aclnnop/aclnn_onehot.h"

static int g_cases;

/* The operators' own dtype lists (Ascend910B). */
static const aclDataType NUM[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_DOUBLE, ACL_INT8,
                                  ACL_UINT8, ACL_INT16,   ACL_INT32, ACL_INT64};
#define NNUM ((int)(sizeof(NUM) / sizeof(NUM[0])))

/* Exact integer element (for values beyond double's 53 bits). */
static int64_t get_i64(const ot_tensor *x, int64_t lin)
{
    if (x->dt != ACL_INT64)
        return (int64_t)ot_get(x, lin); /* int32 and narrower are exact as doubles */
    return OT_LOAD(int64_t, ot_ptr(x, lin));
}

static bool all_poison(const ot_tensor *x)
{
    for (size_t i = 0; i < x->bytes; i++)
        if (((unsigned char *)x->buf)[i] != 0xA5)
            return false;
    return true;
}

static void int_range(aclDataType t, double *lo, double *hi)
{
    switch ((int)t) {
    case ACL_INT8:
        *lo = -128, *hi = 127;
        break;
    case ACL_UINT8:
        *lo = 0, *hi = 255;
        break;
    case ACL_INT16:
        *lo = -32768, *hi = 32767;
        break;
    case ACL_INT32:
        *lo = -2147483648.0, *hi = 2147483647.0;
        break;
    default:
        *lo = -9223372036854775808.0, *hi = 9223372036854775807.0;
        break;
    }
}

/* A value of type `from` converted to type `to` as aclnnCast does: float to
 * integer truncates and saturates (NaN -> 0), integers wrap, floats round. */
static double cast_to(aclDataType from, aclDataType to, double v)
{
    if (ot_is_float(from) && !ot_is_float(to)) {
        double lo, hi;
        int_range(to, &lo, &hi);
        if (isnan(v))
            return 0;
        v = trunc(v);
        return v < lo ? lo : v > hi ? hi : v;
    }
    return ot_round(to, v);
}

static aclScalar *make_scalar(aclDataType t, double v)
{
    unsigned char b[16] = {0};
    ot_store(t, b, v);
    aclScalar *s = aclCreateScalar(b, t);
    CHECK(s);
    return s;
}

/* ---- IndexSelect / GatherV2 ------------------------------------------------------------------ */

/* self [nd dims], index [ni dims] (ni 0: a 0-d index), dim (may be negative). */
static void check_gather(bool gv2, aclDataType dt, aclDataType idt, int nd, const int64_t *dims,
                         int dim, int ni, const int64_t *idims, int li, int lx, int lo)
{
    int d = dim < 0 ? dim + (nd ? nd : 1) : dim;
    int64_t od[16] = {0};
    int on = 0;
    if (nd > 0) {
        for (int q = 0; q < d; q++)
            od[on++] = dims[q];
        if (ni == 0)
            od[on++] = 1;
        for (int q = 0; q < ni; q++)
            od[on++] = idims[q];
        for (int q = d + 1; q < nd; q++)
            od[on++] = dims[q];
    }
    int64_t n = nd ? dims[d] : 1;
    ot_tensor x, ix, o;
    ot_make(&x, dt, nd, dims, lx);
    ot_make(&ix, idt, ni, idims, li);
    ot_make(&o, dt, on, od, lo);
    ot_fill(&x, dt == ACL_UINT8 ? 0 : -50, 50);
    int64_t *iv = malloc((size_t)(ix.numel + 1) * sizeof(int64_t));
    CHECK(iv);
    for (int64_t j = 0; j < ix.numel; j++) {
        int64_t v = (int64_t)(ot_rand01() * (double)n);
        if (v >= n)
            v = n - 1;
        if (gv2 && ot_rand01() < 0.5) /* GatherV2: negative indices count from the end */
            v -= n;
        iv[j] = v;
        ot_set(&ix, j, (double)v);
    }
    uint64_t ws;
    aclOpExecutor *ex;
    if (gv2) {
        CHECK_NN(ACLNN_SUCCESS, aclnnGatherV2GetWorkspaceSize(x.t, dim, ix.t, o.t, &ws, &ex));
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnIndexSelectGetWorkspaceSize(x.t, dim, ix.t, o.t, &ws, &ex));
    }
    aclDestroyTensor(ix.t); /* the executor owns what it needs */
    ix.t = NULL;
    ot_run(gv2 ? aclnnGatherV2 : aclnnIndexSelect, ws, ex);
    int kd = ni ? ni : 1;
    for (int64_t lin = 0; lin < o.numel; lin++) {
        int64_t oi[16], xi[16];
        ot_unravel(lin, od, on, oi);
        int64_t want;
        if (nd == 0) {
            want = 0;
        } else {
            int64_t j = ot_ravel(oi + d, od + d, kd), v = iv[j] < 0 ? iv[j] + n : iv[j];
            for (int q = 0; q < d; q++)
                xi[q] = oi[q];
            xi[d] = v;
            for (int q = d + 1; q < nd; q++)
                xi[q] = oi[q - d - 1 + d + kd];
            want = ot_ravel(xi, dims, nd);
        }
        double got = ot_get(&o, lin), w = ot_get(&x, want);
        if (memcmp(&got, &w, sizeof got) != 0) {
            fprintf(stderr, "%s %s/%s dim %d layouts %d%d%d: out[%lld] = %g, want %g\n",
                    gv2 ? "GatherV2" : "IndexSelect", ot_dt_name(dt), ot_dt_name(idt), dim, li, lx,
                    lo, (long long)lin, got, w);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    free(iv);
    OT_FREE(&x, &ix, &o);
    g_cases++;
}

/* An index value out of range fails the launch (stream error 507015) and
 * writes nothing; the next synchronisation is clean again. */
static void check_gather_oob(bool gv2, aclDataType idt, int64_t bad)
{
    int64_t s[2] = {4, 3}, si[1] = {3}, so[2] = {4, 3};
    ot_tensor x, ix, o;
    ot_make(&x, ACL_FLOAT, 2, s, L_CONTIG);
    ot_make(&ix, idt, 1, si, L_STEP);
    ot_make(&o, ACL_FLOAT, 2, so, L_GAP);
    ot_fill(&x, -1, 1);
    ot_set(&ix, 0, 0);
    ot_set(&ix, 1, (double)bad);
    ot_set(&ix, 2, 1);
    uint64_t ws;
    aclOpExecutor *ex;
    if (gv2) {
        CHECK_NN(ACLNN_SUCCESS, aclnnGatherV2GetWorkspaceSize(x.t, 1, ix.t, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnGatherV2(NULL, ws, ex, g_stream));
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnIndexSelectGetWorkspaceSize(x.t, -1, ix.t, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnIndexSelect(NULL, ws, ex, g_stream));
    }
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    CHECK(all_poison(&o));
    OT_FREE(&x, &ix, &o);
    g_cases++;
}

static void test_gather(void)
{
    int64_t s3[3] = {3, 4, 5}, i1[1] = {6}, i2[2] = {2, 3}, s1[1] = {7}, s0[3] = {3, 0, 2},
            i0[1] = {0}, s8[8] = {2, 1, 2, 1, 3, 1, 2, 2}, i5[1] = {5};
    aclDataType idts[2] = {ACL_INT32, ACL_INT64};
    for (int g = 0; g < 2; g++) {
        bool gv2 = g == 1;
        for (int t = 0; t < OT_NALL; t++) {
            aclDataType dt = OT_ALL[t];
            for (int dim = -3; dim < 3; dim++) {
                int l = (t + dim + 3) % L_COUNT;
                check_gather(gv2, dt, idts[(t + dim + 3) & 1], 3, s3, dim, 1, i1, l,
                             (l + 1) % L_COUNT, (l + 2) % L_COUNT);
                check_gather(gv2, dt, idts[(t + dim) & 1], 3, s3, dim, 0, i1, L_CONTIG, l,
                             (l + 3) % L_COUNT);
                if (gv2)
                    check_gather(gv2, dt, idts[dim & 1], 3, s3, dim, 2, i2, l, (l + 2) % L_COUNT,
                                 (l + 1) % L_COUNT);
            }
            check_gather(gv2, dt, ACL_INT64, 1, s1, 0, 1, i1, L_GAP, L_STEP, L_CONTIG);
            check_gather(gv2, dt, ACL_INT32, 8, s8, -4, 1, i5, L_STEP, L_GAP, L_STEP);
            check_gather(gv2, dt, ACL_INT32, 0, s1, 0, 0, i1, L_CONTIG, L_CONTIG, L_CONTIG);
            check_gather(gv2, dt, ACL_INT64, 0, s1, -1, 1, i1, L_STEP, L_GAP, L_CONTIG);
            /* empty self (the gathered dim has other zero dims), empty index */
            check_gather(gv2, dt, ACL_INT64, 3, s0, 2, 1, i1, L_CONTIG, L_GAP, L_STEP);
            check_gather(gv2, dt, ACL_INT32, 3, s3, 1, 1, i0, L_CONTIG, L_STEP, L_GAP);
        }
        for (int k = 0; k < 2; k++) {
            check_gather_oob(gv2, idts[k], 3);  /* one past the end */
            check_gather_oob(gv2, idts[k], -4); /* before the start */
            if (!gv2)
                check_gather_oob(gv2, idts[k], -1); /* IndexSelect takes no negative index */
        }
    }
    /* GatherV2: -n is the first element. */
    {
        int64_t s[1] = {4}, si[1] = {2};
        ot_tensor x, ix, o;
        OT_MAKE_CONTIG({&x, ACL_INT32, 1, s}, {&ix, ACL_INT64, 1, si}, {&o, ACL_INT32, 1, si});
        for (int i = 0; i < 4; i++)
            ot_set(&x, i, 10 + i);
        ot_set(&ix, 0, -4);
        ot_set(&ix, 1, -1);
        uint64_t ws;
        aclOpExecutor *ex;
        CHECK_NN(ACLNN_SUCCESS, aclnnGatherV2GetWorkspaceSize(x.t, 0, ix.t, o.t, &ws, &ex));
        ot_run(aclnnGatherV2, ws, ex);
        CHECK(ot_get(&o, 0) == 10 && ot_get(&o, 1) == 13);
        OT_FREE(&x, &ix, &o);
    }

    /* A repeatable executor reads the index values at each launch. */
    {
        int64_t s[2] = {3, 4}, si[1] = {2}, so[2] = {3, 2};
        ot_tensor x, ix, o;
        ot_make(&x, ACL_INT16, 2, s, L_TRANS);
        ot_make(&ix, ACL_INT32, 1, si, L_STEP);
        ot_make(&o, ACL_INT16, 2, so, L_GAP);
        for (int i = 0; i < 12; i++)
            ot_set(&x, i, i);
        uint64_t ws;
        aclOpExecutor *ex;
        CHECK_NN(ACLNN_SUCCESS, aclnnGatherV2GetWorkspaceSize(x.t, 1, ix.t, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclSetAclOpExecutorRepeatable(ex));
        for (int round = 0; round < 3; round++) {
            int a = round, b = 3 - round;
            ot_set(&ix, 0, a);
            ot_set(&ix, 1, -1 - round);
            CHECK_NN(ACLNN_SUCCESS, aclnnGatherV2(NULL, ws, ex, g_stream));
            CHECK_OK(aclrtSynchronizeStream(g_stream));
            for (int r = 0; r < 3; r++)
                CHECK(ot_get(&o, r * 2) == r * 4 + a && ot_get(&o, r * 2 + 1) == r * 4 + b);
        }
        CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
        CHECK(ot_gaps_intact(&o));
        OT_FREE(&x, &ix, &o);
        g_cases++;
    }

    /* errors */
    int64_t s2[2] = {4, 5}, sx[1] = {3}, so[2] = {3, 5}, sbad[2] = {4, 5}, sib[2] = {3, 1},
            so3[3] = {3, 1, 5};
    ot_tensor x, ix, o, ixf, oi, obad, ix2, o3, x0, o1, xu;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s2}, {&ix, ACL_INT64, 1, sx}, {&o, ACL_FLOAT, 2, so},
                   {&ixf, ACL_FLOAT, 1, sx}, {&oi, ACL_INT32, 2, so}, {&obad, ACL_FLOAT, 2, sbad},
                   {&ix2, ACL_INT32, 2, sib}, {&o3, ACL_FLOAT, 3, so3}, {&x0, ACL_FLOAT, 0, s2},
                   {&o1, ACL_FLOAT, 1, sx}, {&xu, ACL_UINT32, 2, s2});
    for (int64_t j = 0; j < 3; j++) {
        ot_set(&ix, j, 0);
        ot_set(&ix2, j, 0);
    }
    uint64_t ws;
    aclOpExecutor *ex;
    typedef aclnnStatus (*gfn)(const aclTensor *, int64_t, const aclTensor *, aclTensor *,
                               uint64_t *, aclOpExecutor **);
    gfn fns[2] = {aclnnIndexSelectGetWorkspaceSize, aclnnGatherV2GetWorkspaceSize};
    for (int g = 0; g < 2; g++) {
        gfn f = fns[g];
        CHECK_NN(ACLNN_SUCCESS, f(x.t, 0, ix.t, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, f(NULL, 0, ix.t, o.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, f(x.t, 0, NULL, o.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, f(x.t, 0, ix.t, NULL, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, f(x.t, 0, ix.t, o.t, NULL, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, f(x.t, 0, ix.t, o.t, &ws, NULL));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, f(x.t, 0, ixf.t, o.t, &ws, &ex)); /* float index */
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, f(x.t, 0, ix.t, oi.t, &ws, &ex)); /* out type */
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, f(x.t, 2, ix.t, o.t, &ws, &ex));  /* dim */
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, f(x.t, -3, ix.t, o.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, f(x.t, 0, ix.t, obad.t, &ws, &ex)); /* out shape */
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, f(x0.t, 0, ix.t, o1.t, &ws, &ex));  /* 0-d self */
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, f(x0.t, 1, ix.t, x0.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, f(xu.t, 0, ix.t, o.t, &ws, &ex)); /* uint32 self */
    }
    /* a 2-d index: GatherV2 only */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnIndexSelect, x.t, 0, ix2.t, o3.t);
    CHECK_NN(ACLNN_SUCCESS, aclnnGatherV2GetWorkspaceSize(x.t, 0, ix2.t, o3.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    OT_FREE(&x, &ix, &o, &ixf, &oi, &obad, &ix2, &o3, &x0, &o1, &xu);
}

/* ---- ArgMax ---------------------------------------------------------------------------------- */

static void check_argmax(aclDataType dt, aclDataType odt, int nd, const int64_t *dims, int dim,
                         bool keep, bool nans, int li, int lo)
{
    int d = dim < 0 ? dim + (nd ? nd : 1) : dim;
    int64_t od[8] = {0};
    bool red[8] = {false};
    if (nd > 0)
        red[d] = true;
    int on = ot_keep_shape(nd, dims, red, keep, od);
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, li);
    ot_make(&o, odt, on, od, lo);
    /* a small range so that ties are common (the first one wins) */
    ot_fill(&x, dt == ACL_UINT8 ? 0 : -4, 4);
    if (nans)
        for (int64_t i = 0; i < x.numel; i++)
            if (ot_rand01() < 0.15)
                ot_set(&x, i, NAN);
    OT_RUN(aclnnArgMax, x.t, dim, keep, o.t);
    int64_t len = nd ? dims[d] : 1;
    for (int64_t lin = 0; lin < o.numel; lin++) {
        int64_t oi[8], xi[8];
        ot_unravel(lin, od, on, oi);
        for (int q = 0, k = 0; q < nd; q++) {
            if (q == d) {
                xi[q] = 0;
                k += keep;
            } else {
                xi[q] = oi[k++];
            }
        }
        int64_t best = 0;
        double m = -INFINITY;
        for (int64_t i = 0; i < len; i++) {
            if (nd)
                xi[d] = i;
            double v = ot_get(&x, nd ? ot_ravel(xi, dims, nd) : 0);
            if (isnan(v)) {
                best = i;
                break;
            }
            if (i == 0 || v > m) {
                m = v;
                best = i;
            }
        }
        if (get_i64(&o, lin) != best) {
            fprintf(stderr, "ArgMax %s->%s dim %d keep %d: out[%lld] = %lld, want %lld\n",
                    ot_dt_name(dt), ot_dt_name(odt), dim, keep, (long long)lin,
                    (long long)get_i64(&o, lin), (long long)best);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_argmax(void)
{
    int64_t s3[3] = {4, 5, 6}, s1[1] = {33}, s0[2] = {0, 3};
    for (int t = 0; t < NNUM; t++) {
        aclDataType dt = NUM[t];
        for (int dim = -3; dim < 3; dim++)
            for (int keep = 0; keep < 2; keep++) {
                int l = (t + dim + 3 + keep) % L_COUNT;
                check_argmax(dt, (dim + keep) & 1 ? ACL_INT32 : ACL_INT64, 3, s3, dim, keep, false,
                             l, (l + 1) % L_COUNT);
            }
        check_argmax(dt, ACL_INT64, 1, s1, -1, false, false, L_STEP, L_CONTIG);
        check_argmax(dt, ACL_INT32, 0, s1, 0, false, false, L_CONTIG, L_CONTIG);
        check_argmax(dt, ACL_INT64, 2, s0, 1, true, false, L_GAP, L_STEP); /* empty out */
        if (ot_is_float(dt)) {
            check_argmax(dt, ACL_INT64, 3, s3, 2, false, true, L_TRANS, L_GAP);
            check_argmax(dt, ACL_INT32, 3, s3, 0, true, true, L_STEP, L_TRANS);
        }
    }
    /* errors */
    int64_t s2[2] = {3, 4}, o3[1] = {3}, o4[1] = {4}, o31[2] = {3, 1};
    ot_tensor x, o, ob, of, xb, ok, e, eo;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s2}, {&o, ACL_INT64, 1, o3}, {&ob, ACL_INT64, 1, o4},
                   {&of, ACL_FLOAT, 1, o3}, {&xb, ACL_BOOL, 2, s2}, {&ok, ACL_INT64, 2, o31},
                   {&e, ACL_FLOAT, 2, s0}, {&eo, ACL_INT64, 1, o3});
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnArgMaxGetWorkspaceSize(x.t, 1, false, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArgMax, NULL, 1, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArgMax, x.t, 1, false, NULL);
    OT_NULL_OUTS(aclnnArgMax, x.t, 1, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, x.t, 0, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, x.t, 1, true, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, x.t, 1, false, ok.t);
    CHECK_NN(ACLNN_SUCCESS, aclnnArgMaxGetWorkspaceSize(x.t, -1, true, ok.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, x.t, 2, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, x.t, -3, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, x.t, 1, false, of.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, xb.t, 1, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, x.t, 1, false, ob.t);
    /* argmax over an empty dim with something to write */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMax, e.t, 0, false, eo.t);
    OT_FREE(&x, &o, &ob, &of, &xb, &ok, &e, &eo);
}

/* ---- Cumsum ---------------------------------------------------------------------------------- */

static void check_cumsum(aclDataType dt, aclDataType odt, int nd, const int64_t *dims, int dim,
                         double lo_v, double hi_v, int li, int lo)
{
    int d = dim < 0 ? dim + (nd ? nd : 1) : dim;
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, li);
    ot_make(&o, odt, nd, dims, lo);
    ot_fill(&x, lo_v, hi_v);
    OT_RUN(aclnnCumsum, x.t, dim, odt, o.t);
    for (int64_t lin = 0; lin < o.numel; lin++) {
        int64_t xi[8];
        ot_unravel(lin, dims, nd, xi);
        int64_t upto = nd ? xi[d] : 0;
        double s = 0, mag = 0;
        uint64_t is = 0;
        for (int64_t i = 0; i <= upto; i++) {
            if (nd)
                xi[d] = i;
            double v = cast_to(dt, odt, ot_get(&x, nd ? ot_ravel(xi, dims, nd) : 0));
            s += v;
            mag += fabs(v);
            is += (uint64_t)(int64_t)v;
        }
        double got = ot_get(&o, lin);
        bool ok;
        double want;
        if (ot_is_float(odt)) {
            want = s;
            ok = fabs(got - want) <= (mag + 1e-3) * ot_tol(odt) * 4;
        } else {
            want = ot_round(odt, (double)(int64_t)is); /* integer sums wrap */
            ok = got == want;
        }
        if (!ok) {
            fprintf(stderr, "Cumsum %s->%s dim %d layouts %d%d: out[%lld] = %.17g, want %.17g\n",
                    ot_dt_name(dt), ot_dt_name(odt), dim, li, lo, (long long)lin, got, want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_cumsum(void)
{
    int64_t s3[3] = {4, 5, 6}, s1[1] = {300}, s0[2] = {3, 0};
    for (int t = 0; t < NNUM; t++) {
        aclDataType dt = NUM[t];
        double lo = dt == ACL_UINT8 ? 0 : -9, hi = 9;
        for (int dim = -3; dim < 3; dim++) {
            int l = (t + dim + 3) % L_COUNT;
            check_cumsum(dt, dt, 3, s3, dim, lo, hi, l, (l + 1) % L_COUNT);
        }
        check_cumsum(dt, dt, 1, s1, 0, lo, hi, L_STEP, L_GAP); /* long rows (int8 wraps) */
        check_cumsum(dt, dt, 0, s1, -1, lo, hi, L_CONTIG, L_STEP);
        check_cumsum(dt, dt, 2, s0, 1, lo, hi, L_GAP, L_CONTIG);
        /* into a wider and a narrower type */
        check_cumsum(dt, ot_is_float(dt) ? ACL_DOUBLE : ACL_INT64, 3, s3, 1, lo, hi, L_TRANS,
                     L_CONTIG);
        check_cumsum(dt, ot_is_float(dt) ? ACL_FLOAT16 : ACL_INT8, 3, s3, -1, lo, hi, L_CONTIG,
                     L_TRANS);
    }
    check_cumsum(ACL_BOOL, ACL_INT32, 3, s3, 2, 0, 1, L_STEP, L_STEP);
    check_cumsum(ACL_BOOL, ACL_FLOAT, 3, s3, 0, 0, 1, L_CONTIG, L_GAP);
    check_cumsum(ACL_INT32, ACL_FLOAT, 3, s3, 1, -1000, 1000, L_GAP, L_TRANS);
    check_cumsum(ACL_FLOAT, ACL_INT8, 3, s3, 1, -400, 400, L_CONTIG, L_CONTIG); /* saturates */
    check_cumsum(ACL_DOUBLE, ACL_UINT8, 1, s1, 0, -20, 300, L_GAP, L_STEP);
    check_cumsum(ACL_FLOAT16, ACL_BF16, 3, s3, 2, -9, 9, L_TRANS, L_TRANS);
    check_cumsum(ACL_INT16, ACL_INT8, 1, s1, 0, 0, 100, L_STEP, L_CONTIG); /* sums wrap */
    /* errors */
    int64_t s2[2] = {3, 4}, s2b[2] = {4, 3};
    ot_tensor x, o, ob, obool, oh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s2}, {&o, ACL_FLOAT, 2, s2}, {&ob, ACL_FLOAT, 2, s2b},
                   {&obool, ACL_BOOL, 2, s2}, {&oh, ACL_FLOAT16, 2, s2});
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnCumsum, NULL, 0, ACL_FLOAT, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnCumsum, x.t, 0, ACL_FLOAT, NULL);
    OT_NULL_OUTS(aclnnCumsum, x.t, 0, ACL_FLOAT, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCumsum, x.t, 0, ACL_FLOAT16, o.t); /* dtype != out */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCumsum, x.t, 0, ACL_FLOAT, oh.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCumsum, x.t, 0, ACL_DT_UNDEFINED, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCumsum, x.t, 0, ACL_BOOL, obool.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCumsum, x.t, 0, ACL_FLOAT, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCumsum, x.t, 2, ACL_FLOAT, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCumsum, x.t, -3, ACL_FLOAT, o.t);
    OT_FREE(&x, &o, &ob, &obool, &oh);
}

/* ---- Arange ---------------------------------------------------------------------------------- */

/* start/end/step given as scalars of type sdt; n = the expected length. */
static void check_arange(aclDataType odt, aclDataType sdt, double s, double e, double st,
                         int layout)
{
    int64_t n;
    double fs = s, fst = st;
    if (ot_is_float(odt)) {
        n = (int64_t)ceil((e - s) / st);
    } else { /* integer outs truncate the three values first */
        int64_t is = (int64_t)trunc(s), ie = (int64_t)trunc(e), ist = (int64_t)trunc(st);
        n = ist > 0 ? (ie - is + ist - 1) / ist : (is - ie - ist - 1) / -ist;
        fs = (double)is;
        fst = (double)ist;
    }
    int64_t dims[1] = {n};
    ot_tensor o;
    ot_make(&o, odt, 1, dims, layout);
    aclScalar *a = make_scalar(sdt, s), *b = make_scalar(sdt, e), *c = make_scalar(sdt, st);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnArangeGetWorkspaceSize(a, b, c, o.t, &ws, &ex));
    aclDestroyScalar(a); /* the executor keeps the values */
    aclDestroyScalar(b);
    aclDestroyScalar(c);
    ot_run(aclnnArange, ws, ex);
    for (int64_t i = 0; i < n; i++) {
        double want = ot_round(odt, fs + (double)i * fst), got = ot_get(&o, i);
        if (!ot_close(odt, odt, got, want)) {
            fprintf(stderr, "Arange %s (%s %g %g %g): out[%lld] = %.17g, want %.17g\n",
                    ot_dt_name(odt), ot_dt_name(sdt), s, e, st, (long long)i, got, want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    ot_free(&o);
    g_cases++;
}

static void test_arange(void)
{
    aclDataType outs[6] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT32, ACL_INT64};
    for (int k = 0; k < 6; k++) {
        aclDataType odt = outs[k];
        int l = k % L_COUNT;
        check_arange(odt, ACL_INT32, 0, 10, 1, l);
        check_arange(odt, ACL_INT64, 3, 20, 4, (l + 1) % L_COUNT);
        check_arange(odt, ACL_INT16, 7, -30, -3, (l + 2) % L_COUNT);
        check_arange(odt, ACL_INT8, 5, 5, 1, l); /* empty */
        check_arange(odt, ACL_UINT8, 0, 200, 7, L_GAP);
        if (ot_is_float(odt)) {
            check_arange(odt, ACL_DOUBLE, 1.5, -2.3, -0.7, L_STEP);
            check_arange(odt, ACL_FLOAT, -1.25, 6.5, 0.25, L_CONTIG);
            check_arange(odt, ACL_FLOAT16, 0, 3, 0.5, L_GAP);
        } else {
            check_arange(odt, ACL_FLOAT, 0.5, 5.7, 1.9, L_STEP); /* truncated: 0, 5, 1 */
            check_arange(odt, ACL_DOUBLE, -7.9, 3.2, 2.5, L_CONTIG);
        }
    }
    check_arange(ACL_FLOAT, ACL_BOOL, 0, 1, 1, L_CONTIG);
    check_arange(ACL_DOUBLE, ACL_DOUBLE, 0, 2000, 1.5, L_STEP); /* several kernel chunks */
    check_arange(ACL_INT32, ACL_INT32, -1000, 5000, 3, L_GAP);
    check_arange(ACL_DOUBLE, ACL_BF16, 0, 100, 1.5, L_STEP);
    /* int64 values beyond double precision, exact */
    {
        int64_t s = INT64_MAX - 10, n = 4;
        ot_tensor o;
        ot_make(&o, ACL_INT64, 1, &n, L_STEP);
        aclScalar *a = ot_scalar_i64(s), *b = ot_scalar_i64(INT64_MAX), *c = ot_scalar_i64(3);
        uint64_t ws;
        aclOpExecutor *ex;
        CHECK_NN(ACLNN_SUCCESS, aclnnArangeGetWorkspaceSize(a, b, c, o.t, &ws, &ex));
        ot_run(aclnnArange, ws, ex);
        for (int64_t i = 0; i < n; i++)
            CHECK(get_i64(&o, i) == s + 3 * i);
        aclDestroyScalar(a);
        aclDestroyScalar(b);
        aclDestroyScalar(c);
        ot_free(&o);
        g_cases++;
    }
    /* errors */
    int64_t n10[1] = {10}, n9[1] = {9}, n25[2] = {2, 5};
    ot_tensor o, o9, o2, oi8, ob;
    OT_MAKE_CONTIG({&o, ACL_FLOAT, 1, n10}, {&o9, ACL_FLOAT, 1, n9}, {&o2, ACL_FLOAT, 2, n25},
                   {&oi8, ACL_INT8, 1, n10}, {&ob, ACL_BOOL, 1, n10});
    aclScalar *z = make_scalar(ACL_INT32, 0), *ten = make_scalar(ACL_INT32, 10),
              *one = make_scalar(ACL_INT32, 1), *m1 = make_scalar(ACL_INT32, -1),
              *half = make_scalar(ACL_FLOAT, 0.5), *inf = make_scalar(ACL_FLOAT, INFINITY);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnArangeGetWorkspaceSize(z, ten, one, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArange, NULL, ten, one, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArange, z, NULL, one, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArange, z, ten, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArange, z, ten, one, NULL);
    OT_NULL_OUTS(aclnnArange, z, ten, one, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, z, ten, z, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, z, ten, m1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, ten, z, one, o.t);
    /* any shape with the sequence's element count (issue 14; tests/ops/ops_tensor_fmt.c
     * checks the values of N-d and strided outs) */
    CHECK_NN(ACLNN_SUCCESS, aclnnArangeGetWorkspaceSize(z, ten, one, o2.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, z, ten, one, o9.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, z, ten, one, oi8.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, z, ten, one, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, z, inf, one, o.t);
    /* an integer out truncates the step 0.5 to 0 */
    ot_tensor oi;
    int64_t n20[1] = {20};
    ot_make(&oi, ACL_INT32, 1, n20, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, z, ten, half, oi.t);
    /* non-finite arguments are refused for integer outs too */
    aclScalar *nan = make_scalar(ACL_FLOAT, NAN);
    ot_tensor oi5;
    int64_t n5[1] = {5};
    ot_make(&oi5, ACL_INT32, 1, n5, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, nan, ten, one, oi5.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, z, inf, one, oi5.t);
    /* start and end equal in float but not in double: the float count (0)
     * decides, the negative double count is unusable, not converted */
    aclScalar *s1 = make_scalar(ACL_DOUBLE, 16777217.0), *e1 = make_scalar(ACL_DOUBLE, 16777216.0);
    int64_t n0[1] = {0};
    ot_tensor oz;
    ot_make(&oz, ACL_FLOAT, 1, n0, L_CONTIG);
    CHECK_NN(ACLNN_SUCCESS, aclnnArangeGetWorkspaceSize(s1, e1, half, oz.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    aclDestroyScalar(nan);
    aclDestroyScalar(s1);
    aclDestroyScalar(e1);
    OT_FREE(&oi5, &oz);
    aclDestroyScalar(z);
    aclDestroyScalar(ten);
    aclDestroyScalar(one);
    aclDestroyScalar(m1);
    aclDestroyScalar(half);
    aclDestroyScalar(inf);
    OT_FREE(&o, &o9, &o2, &oi8, &ob, &oi);
}

/* ---- Clamp ----------------------------------------------------------------------------------- */

/* The bound as the operator sees it: converted to out's type (integers:
 * truncated and saturated, NaN -> 0). */
static double bound_to(aclDataType odt, aclDataType sdt, double v)
{
    double s = ot_round(sdt, v), lo, hi;
    if (ot_is_float(odt))
        return ot_round(odt, s);
    int_range(odt, &lo, &hi);
    s = isnan(s) ? 0 : trunc(s);
    return s < lo ? lo : s > hi ? hi : s;
}

static void check_clamp(aclDataType dt, aclDataType odt, bool has_lo, double lo_v,
                        aclDataType lo_dt, bool has_hi, double hi_v, aclDataType hi_dt, bool nans,
                        int li, int lo)
{
    int64_t dims[3] = {3, 4, 7};
    ot_tensor x, o;
    ot_make(&x, dt, 3, dims, li);
    ot_make(&o, odt, 3, dims, lo);
    ot_fill(&x, dt == ACL_UINT8 ? 0 : -200, 200);
    if (nans)
        for (int64_t i = 0; i < x.numel; i += 5)
            ot_set(&x, i, NAN);
    aclScalar *smin = has_lo ? make_scalar(lo_dt, lo_v) : NULL;
    aclScalar *smax = has_hi ? make_scalar(hi_dt, hi_v) : NULL;
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnClampGetWorkspaceSize(x.t, smin, smax, o.t, &ws, &ex));
    if (smin)
        aclDestroyScalar(smin);
    if (smax)
        aclDestroyScalar(smax);
    ot_run(aclnnClamp, ws, ex);
    double bl = has_lo ? bound_to(odt, lo_dt, lo_v) : -INFINITY;
    double bh = has_hi ? bound_to(odt, hi_dt, hi_v) : INFINITY;
    for (int64_t i = 0; i < o.numel; i++) {
        double v = cast_to(dt, odt, ot_get(&x, i)), want;
        if (isnan(v) || isnan(bl) || isnan(bh))
            want = NAN;
        else
            want = fmin(fmax(v, bl), bh);
        double got = ot_get(&o, i);
        bool ok = isnan(want) ? isnan(got) : got == want;
        if (!ok) {
            fprintf(stderr, "Clamp %s->%s [%g, %g]: out[%lld] = %g (x %g), want %g\n",
                    ot_dt_name(dt), ot_dt_name(odt), bl, bh, (long long)i, got, ot_get(&x, i),
                    want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_clamp(void)
{
    for (int t = 0; t < NNUM; t++) {
        aclDataType dt = NUM[t];
        bool fl = ot_is_float(dt);
        aclDataType sdt = fl ? ACL_FLOAT : ACL_INT32;
        for (int l = 0; l < L_COUNT; l++) {
            int m = (l + t) % L_COUNT;
            check_clamp(dt, dt, true, -50, sdt, true, 60, sdt, false, l, m);
            check_clamp(dt, dt, true, 30, sdt, false, 0, sdt, false, m, l);
            check_clamp(dt, dt, false, 0, sdt, true, 20, ACL_INT64, false, l, l);
        }
        check_clamp(dt, dt, true, 40, sdt, true, -10, sdt, false, L_CONTIG, L_GAP); /* lo > hi */
        check_clamp(dt, dt, true, -30.7, ACL_DOUBLE, true, 41.6, ACL_FLOAT, false, L_STEP, L_TRANS);
        check_clamp(dt, dt, true, -1000, ACL_INT32, true, 1000, ACL_INT32, false, L_TRANS, L_STEP);
        if (fl) {
            check_clamp(dt, dt, true, -5, sdt, true, 5, sdt, true, L_GAP, L_CONTIG);
            check_clamp(dt, dt, true, NAN, ACL_FLOAT, true, 5, sdt, false, L_CONTIG, L_CONTIG);
            check_clamp(dt, ACL_DOUBLE, true, -5.5, ACL_DOUBLE, true, 5.25, ACL_FLOAT, false,
                        L_TRANS, L_CONTIG);
        } else {
            check_clamp(dt, ACL_FLOAT, true, -5.5, ACL_DOUBLE, true, 5.25, ACL_FLOAT, false,
                        L_TRANS, L_CONTIG);
            check_clamp(dt, ACL_INT8, true, -100, ACL_INT16, true, 300, ACL_INT32, false, L_CONTIG,
                        L_STEP); /* the element wraps; the bound 300 saturates */
        }
    }
    check_clamp(ACL_FLOAT, ACL_FLOAT16, true, -70.3, ACL_FLOAT, true, 90.1, ACL_DOUBLE, true,
                L_STEP, L_GAP);
    check_clamp(ACL_BF16, ACL_FLOAT, false, 0, ACL_FLOAT, true, 33.3, ACL_BF16, false, L_GAP,
                L_TRANS);
    /* errors */
    int64_t s2[2] = {3, 4}, s2b[2] = {4, 3}, s0[2] = {0, 4};
    ot_tensor x, o, ob, xb, oi, e, ei, xu;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s2}, {&o, ACL_FLOAT, 2, s2}, {&ob, ACL_FLOAT, 2, s2b},
                   {&xb, ACL_BOOL, 2, s2}, {&oi, ACL_INT32, 2, s2}, {&e, ACL_FLOAT, 2, s0},
                   {&ei, ACL_INT32, 2, s0}, {&xu, ACL_UINT16, 2, s2});
    aclScalar *a = make_scalar(ACL_FLOAT, -1), *b = make_scalar(ACL_FLOAT, 1);
    uint16_t u16 = 3;
    aclScalar *su = aclCreateScalar(&u16, ACL_UINT16);
    CHECK(su);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnClampGetWorkspaceSize(x.t, a, b, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnClamp, x.t, NULL, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnClamp, NULL, a, b, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnClamp, x.t, a, b, NULL);
    OT_NULL_OUTS(aclnnClamp, x.t, a, b, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClamp, x.t, a, b, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClamp, xb.t, a, b, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClamp, x.t, a, b, oi.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClamp, xu.t, a, b, xu.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClamp, x.t, su, b, o.t);
    /* empty tensors: nothing to do (AscendCL skips the float -> int cast check then) */
    CHECK_NN(ACLNN_SUCCESS, aclnnClampGetWorkspaceSize(e.t, a, NULL, ei.t, &ws, &ex));
    ot_run(aclnnClamp, ws, ex);
    CHECK_NN(ACLNN_SUCCESS, aclnnClampGetWorkspaceSize(e.t, NULL, b, e.t, &ws, &ex));
    ot_run(aclnnClamp, ws, ex);
    aclDestroyScalar(a);
    aclDestroyScalar(b);
    aclDestroyScalar(su);
    OT_FREE(&x, &o, &ob, &xb, &oi, &e, &ei, &xu);
}

/* ---- Embedding ------------------------------------------------------------------------------- */

static void check_embedding(aclDataType dt, aclDataType it, int wnd, int layout)
{
    int64_t ws3[3] = {7, 3, 4}, is[2] = {2, 5};
    int64_t os[4] = {2, 5, 3, 4};
    ot_tensor w, ix, o;
    ot_make(&w, dt, wnd, ws3, layout);
    ot_fill(&w, dt == ACL_UINT8 ? 0 : -50, 50);
    ot_make(&ix, it, 2, is, (layout + 1) % L_COUNT);
    for (int64_t i = 0; i < ix.numel; i++)
        ot_set(&ix, i, (double)((i * 3 + layout) % 7));
    int64_t onum[4] = {2, 5, wnd > 1 ? 3 : 0, 4};
    int ond = 2 + wnd - 1;
    int64_t odims[4] = {2, 5, 0, 0};
    for (int q = 1; q < wnd; q++)
        odims[1 + q] = ws3[q];
    (void)os;
    (void)onum;
    ot_make(&o, dt, ond, odims, (layout + 2) % L_COUNT);
    uint64_t wsz;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnEmbeddingGetWorkspaceSize(w.t, ix.t, o.t, &wsz, &ex));
    ot_run(aclnnEmbedding, wsz, ex);
    int64_t row = w.numel / 7;
    for (int64_t i = 0; i < o.numel; i++) {
        int64_t r = (int64_t)ot_get(&ix, i / row);
        double want = ot_get(&w, r * row + i % row);
        if (ot_get(&o, i) != want && !(isnan(want) && isnan(ot_get(&o, i)))) {
            fprintf(stderr, "Embedding %s/%s: [%lld] %g want %g\n", ot_dt_name(dt), ot_dt_name(it),
                    (long long)i, ot_get(&o, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&w, &ix, &o);
    g_cases++;
}

static void test_embedding(void)
{
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++) {
            check_embedding(OT_ALL[d], l % 2 ? ACL_INT32 : ACL_INT64, 2, l);
            check_embedding(OT_ALL[d], ACL_INT64, 3, l);
        }
    check_embedding(ACL_FLOAT, ACL_INT32, 1, L_CONTIG); /* 1-d weight: out = indices' shape */
    int64_t sw[2] = {4, 3}, si[1] = {2}, so[2] = {2, 3}, sbad[2] = {2, 4}, s0[1] = {0},
            so0[2] = {0, 3};
    ot_tensor w, ix, ixf, o, oh, ob, e, eo;
    ot_make(&w, ACL_FLOAT, 2, sw, L_CONTIG);
    ot_fill(&w, -1, 1);
    OT_MAKE_CONTIG({&ix, ACL_INT64, 1, si}, {&ixf, ACL_FLOAT, 1, si}, {&o, ACL_FLOAT, 2, so},
                   {&oh, ACL_FLOAT16, 2, so}, {&ob, ACL_FLOAT, 2, sbad}, {&e, ACL_INT32, 1, s0},
                   {&eo, ACL_FLOAT, 2, so0});
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnEmbeddingGetWorkspaceSize(w.t, e.t, eo.t, &ws, &ex)); /* empty */
    ot_run(aclnnEmbedding, ws, ex);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnEmbedding, w.t, ixf.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnEmbedding, w.t, ix.t, oh.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnEmbedding, w.t, ix.t, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnEmbedding, NULL, ix.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnEmbedding, w.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnEmbedding, w.t, ix.t, NULL);
    /* a negative or too-large index fails the launch and writes nothing */
    const double bad[2] = {-1, 4};
    for (int k = 0; k < 2; k++) {
        for (int64_t i = 0; i < o.numel; i++)
            ot_set(&o, i, 9);
        ot_set(&ix, 0, 1);
        ot_set(&ix, 1, bad[k]);
        CHECK_NN(ACLNN_SUCCESS, aclnnEmbeddingGetWorkspaceSize(w.t, ix.t, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnEmbedding(NULL, ws, ex, g_stream));
        CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
        for (int64_t i = 0; i < o.numel; i++)
            CHECK(ot_get(&o, i) == 9);
    }
    OT_FREE(&w, &ix, &ixf, &o, &oh, &ob, &e, &eo);
}

/* op(args...) fails with 161002 and a message naming op and the parameter what. */
#define FAILS_NAMING(what, op, ...)                                                                \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        CHECK(op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_) == ACLNN_ERR_PARAM_INVALID);           \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        CHECK(m_ != NULL && strstr(m_, #op) && strstr(m_, what));                                  \
    } while (0)

/* MaskedSelect and Nonzero: a run with a broadcast mask and the codes of bad input, each
 * message naming the operator and the parameter. */
static void test_masked_select_nonzero(void)
{
    int64_t s2[2] = {2, 3}, sm[1] = {3}, s6[1] = {6}, s5[1] = {5}, sb[1] = {2}, sn[2] = {6, 2},
            sn1[2] = {3, 2};
    ot_tensor x, m, o, o5, mb, mf, oi, n, n32, n1;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s2}, {&m, ACL_BOOL, 1, sm}, {&o, ACL_FLOAT, 1, s6},
                   {&o5, ACL_FLOAT, 1, s5}, {&mb, ACL_BOOL, 1, sb}, {&mf, ACL_FLOAT, 1, sm},
                   {&oi, ACL_INT32, 1, s6}, {&n, ACL_INT64, 2, sn}, {&n32, ACL_INT32, 2, sn},
                   {&n1, ACL_INT64, 2, sn1});
    for (int64_t i = 0; i < 6; i++) {
        ot_set(&x, i, (double)(i % 2 ? i : 0)); /* 0 1 0 3 0 5 */
        ot_set(&o, i, -7);
        ot_set(&n, i * 2, -7);
        ot_set(&n, i * 2 + 1, -7);
    }
    ot_set(&m, 0, 1);
    ot_set(&m, 1, 0);
    ot_set(&m, 2, 1);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnMaskedSelectGetWorkspaceSize(x.t, m.t, o.t, &ws, &ex));
    ot_run(aclnnMaskedSelect, ws, ex);
    const double want[6] = {0, 0, 3, 5, -7, -7}; /* x[:, [0, 2]] row by row, then untouched */
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&o, i) == want[i]);
    CHECK_NN(ACLNN_SUCCESS, aclnnNonzeroGetWorkspaceSize(x.t, n.t, &ws, &ex));
    ot_run(aclnnNonzero, ws, ex);
    const double wantn[12] = {0, 1, 1, 0, 1, 2, -7, -7, -7, -7, -7, -7};
    for (int i = 0; i < 12; i++)
        CHECK(ot_get(&n, i) == wantn[i]);

    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMaskedSelect, NULL, m.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMaskedSelect, x.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMaskedSelect, x.t, m.t, NULL);
    FAILS_NAMING("mask", aclnnMaskedSelect, x.t, mf.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaskedSelect, x.t, mb.t, o.t); /* no broadcast */
    FAILS_NAMING("out", aclnnMaskedSelect, x.t, m.t, o5.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaskedSelect, x.t, m.t, oi.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnNonzero, NULL, n.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnNonzero, x.t, NULL);
    FAILS_NAMING("out", aclnnNonzero, x.t, n32.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNonzero, x.t, n1.t);
    OT_FREE(&x, &m, &o, &o5, &mb, &mf, &oi, &n, &n32, &n1);
}

/* OneHot: CANN's example (INT32 [4, 2] -> [4, 2, 4] at axis -1), then bad input. */
static void test_one_hot(void)
{
    int64_t sx[2] = {4, 2}, so[3] = {4, 2, 4}, s1[1] = {1}, sb[3] = {4, 4, 2};
    ot_tensor x, o, on, off, offi, ob;
    OT_MAKE_CONTIG({&x, ACL_INT32, 2, sx}, {&o, ACL_FLOAT, 3, so}, {&on, ACL_FLOAT, 1, s1},
                   {&off, ACL_FLOAT, 1, s1}, {&offi, ACL_INT32, 1, s1}, {&ob, ACL_FLOAT, 3, sb});
    const int vals[8] = {0, 1, 2, 3, 3, 2, 1, 9}; /* 9: out of range, a row of offValue */
    for (int i = 0; i < 8; i++)
        ot_set(&x, i, vals[i]);
    ot_set(&on, 0, 2.5);
    ot_set(&off, 0, -1);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnOneHotGetWorkspaceSize(x.t, 4, on.t, off.t, -1, o.t, &ws, &ex));
    ot_run(aclnnOneHot, ws, ex);
    for (int i = 0; i < 8; i++)
        for (int c = 0; c < 4; c++)
            CHECK(ot_get(&o, i * 4 + c) == (vals[i] == c ? 2.5 : -1));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnOneHot, NULL, 4, on.t, off.t, -1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnOneHot, x.t, 4, on.t, NULL, -1, o.t);
    FAILS_NAMING("offValue", aclnnOneHot, x.t, 4, on.t, offi.t, -1, o.t);
    FAILS_NAMING("numClasses", aclnnOneHot, x.t, -1, on.t, off.t, -1, o.t);
    FAILS_NAMING("axis", aclnnOneHot, x.t, 4, on.t, off.t, 3, o.t);
    FAILS_NAMING("out", aclnnOneHot, x.t, 4, on.t, off.t, -1, ob.t);
    FAILS_NAMING("self", aclnnOneHot, o.t, 4, on.t, off.t, -1, o.t);
    OT_FREE(&x, &o, &on, &off, &offi, &ob);
}

/* RepeatInterleave (counts read at launch), ScatterNd, InplacePut, Flip: one case each with
 * known values, then the codes and messages of bad input. */
static void test_repeat_scatter_nd(void)
{
    int64_t s23[2] = {2, 3}, s6[1] = {6}, s2[1] = {2}, s10[1] = {10}, s9[1] = {9}, s21[2] = {2, 1},
            s32[2] = {3, 2};
    ot_tensor x, r, r2, o, o9, ix, up, put, fo;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s23}, {&r, ACL_INT64, 1, s6}, {&r2, ACL_INT32, 1, s2},
                   {&o, ACL_FLOAT, 1, s10}, {&o9, ACL_FLOAT, 1, s9}, {&ix, ACL_INT64, 2, s21},
                   {&up, ACL_FLOAT, 2, s23}, {&put, ACL_INT32, 1, s2}, {&fo, ACL_FLOAT, 2, s32});
    const int rep[6] = {0, 1, 2, 3, 4, 0};
    for (int i = 0; i < 6; i++) {
        ot_set(&x, i, i + 1);
        ot_set(&r, i, rep[i]);
        ot_set(&up, i, 10 * (i + 1));
    }
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnRepeatInterleaveGetWorkspaceSize(x.t, r.t, 10, o.t, &ws, &ex));
    ot_run(aclnnRepeatInterleave, ws, ex);
    const double want[10] = {2, 3, 3, 4, 4, 4, 5, 5, 5, 5};
    for (int i = 0; i < 10; i++)
        CHECK(ot_get(&o, i) == want[i]);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRepeatInterleave, NULL, r.t, 10, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRepeatInterleave, x.t, NULL, 10, o.t);
    FAILS_NAMING("repeats", aclnnRepeatInterleave, x.t, r2.t, 10, o.t);
    FAILS_NAMING("out", aclnnRepeatInterleave, x.t, r.t, 9, o.t);
    FAILS_NAMING("outputSize", aclnnRepeatInterleaveInt, x.t, 2, 9, o9.t);
    FAILS_NAMING("repeats", aclnnRepeatInterleaveTensor, x.t, 6, o.t);
    FAILS_NAMING("yGrad", aclnnRepeatInterleaveGrad, r.t, r2.t, 0, o.t);
    /* ScatterNd: rows 1 and 0 of x get up's rows 0 and 1 (ix = [[1], [0]]) */
    ot_set(&ix, 0, 1);
    ot_set(&ix, 1, 0);
    ot_tensor so;
    OT_MAKE_CONTIG({&so, ACL_FLOAT, 2, s23});
    CHECK_NN(ACLNN_SUCCESS, aclnnScatterNdGetWorkspaceSize(x.t, ix.t, up.t, so.t, &ws, &ex));
    ot_run(aclnnScatterNd, ws, ex);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&so, i) == 10 * ((i + 3) % 6 + 1));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnScatterNd, x.t, NULL, up.t, so.t);
    FAILS_NAMING("updates", aclnnScatterNd, x.t, ix.t, o.t, so.t);
    FAILS_NAMING("indices", aclnnScatterNdUpdate, x.t, up.t, up.t);
    FAILS_NAMING("updates", aclnnScatterNdUpdate, x.t, ix.t, o.t);
    /* InplacePut: x's flat elements 5 and -6 (= 0) get 7 and 8 added */
    ot_set(&put, 0, 5);
    ot_set(&put, 1, -6);
    ot_set(&r2, 0, 7);
    ot_set(&r2, 1, 8);
    ot_tensor src;
    OT_MAKE_CONTIG({&src, ACL_FLOAT, 1, s2});
    ot_set(&src, 0, 7);
    ot_set(&src, 1, 8);
    CHECK_NN(ACLNN_SUCCESS, aclnnInplacePutGetWorkspaceSize(x.t, put.t, src.t, true, &ws, &ex));
    ot_run(aclnnInplacePut, ws, ex);
    CHECK(ot_get(&x, 5) == 6 + 7 && ot_get(&x, 0) == 1 + 8 && ot_get(&x, 1) == 2);
    FAILS_NAMING("source", aclnnInplacePut, x.t, put.t, r2.t, false);
    FAILS_NAMING("index", aclnnInplacePut, x.t, r.t, src.t, false);
    /* Flip over both dims: out[i][j] = x[1 - i][2 - j] */
    aclIntArray *both = aclCreateIntArray((const int64_t[]){0, -1}, 2);
    aclIntArray *twice = aclCreateIntArray((const int64_t[]){1, -1}, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnFlipGetWorkspaceSize(x.t, both, so.t, &ws, &ex));
    ot_run(aclnnFlip, ws, ex);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&so, i) == ot_get(&x, 5 - i));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnFlip, x.t, NULL, so.t);
    FAILS_NAMING("dims", aclnnFlip, x.t, twice, so.t);
    FAILS_NAMING("out", aclnnFlip, x.t, both, fo.t);
    aclDestroyIntArray(both);
    aclDestroyIntArray(twice);
    OT_FREE(&x, &r, &r2, &o, &o9, &ix, &up, &put, &fo, &so, &src);
}

/* EmbeddingBag: the codes of bad input, each message naming the parameter; an index out of
 * range fails the launch with every output untouched (EB2); a small sum checked by hand. */
static void test_embedding_bag(void)
{
    int64_t sw[2] = {4, 3}, s4[1] = {4}, s2[1] = {2}, s3[1] = {3}, so[2] = {2, 3}, s0[1] = {0};
    ot_tensor w, ix, off, o, o2b, bs, w1, ixh, offu, psw, o8, e;
    OT_MAKE_CONTIG({&w, ACL_FLOAT, 2, sw}, {&ix, ACL_INT64, 1, s4}, {&off, ACL_INT32, 1, s2},
                   {&o, ACL_FLOAT, 2, so}, {&o2b, ACL_INT64, 1, s4}, {&bs, ACL_INT32, 1, s2},
                   {&w1, ACL_FLOAT, 1, s4}, {&ixh, ACL_INT16, 1, s4}, {&offu, ACL_UINT8, 1, s2},
                   {&psw, ACL_FLOAT, 1, s3}, {&o8, ACL_INT8, 1, s2}, {&e, ACL_INT64, 1, s0});
    for (int64_t i = 0; i < w.numel; i++)
        ot_set(&w, i, (double)i); /* row r is 3r, 3r+1, 3r+2 */
    const double iv[4] = {3, 0, 1, 1}, ov[2] = {0, 1};
    for (int i = 0; i < 4; i++)
        ot_set(&ix, i, iv[i]);
    for (int i = 0; i < 2; i++)
        ot_set(&off, i, ov[i]);
    uint64_t ws;
    aclOpExecutor *ex;
    /* sum mode, paddingIdx 1: bag 0 = row 3, bag 1 = row 0 (rows 1 skipped) */
    CHECK_NN(ACLNN_SUCCESS,
             aclnnEmbeddingBagGetWorkspaceSize(w.t, ix.t, off.t, false, 0, false, NULL, false, 1,
                                               o.t, o2b.t, bs.t, bs.t, &ws, &ex));
    ot_run(aclnnEmbeddingBag, ws, ex);
    const double want[6] = {9, 10, 11, 0, 1, 2}, w2b[4] = {0, 1, 1, 1};
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&o, i) == want[i]);
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&o2b, i) == w2b[i]);
    FAILS_NAMING("weight", aclnnEmbeddingBag, w1.t, ix.t, off.t, false, 0, false, NULL, false, -1,
                 o.t, o2b.t, bs.t, bs.t);
    FAILS_NAMING("INT32 or INT64", aclnnEmbeddingBag, w.t, ixh.t, offu.t, false, 0, false, NULL,
                 false, -1, o.t, o2b.t, bs.t, bs.t);
    FAILS_NAMING("perSampleWeights", aclnnEmbeddingBag, w.t, ix.t, off.t, false, 0, false, psw.t,
                 false, -1, o.t, o2b.t, bs.t, bs.t);
    FAILS_NAMING("perSampleWeights", aclnnEmbeddingBag, w.t, ix.t, off.t, false, 1, false, w1.t,
                 false, -1, o.t, o2b.t, bs.t, bs.t);
    FAILS_NAMING("output", aclnnEmbeddingBag, w.t, ix.t, off.t, false, 0, false, NULL, true, -1,
                 o.t, o2b.t, bs.t, bs.t);
    FAILS_NAMING("bagSize", aclnnEmbeddingBag, w.t, ix.t, off.t, false, 0, false, NULL, false, -1,
                 o.t, o2b.t, o8.t, bs.t);
    FAILS_NAMING("offset2bag", aclnnEmbeddingBag, w.t, ix.t, off.t, false, 0, false, NULL, false,
                 -1, o.t, bs.t, bs.t, bs.t);
    FAILS_NAMING("maxIndices", aclnnEmbeddingBag, w.t, ix.t, off.t, false, 2, false, NULL, false,
                 -1, o.t, o2b.t, bs.t, bs.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnEmbeddingBag, w.t, ix.t, NULL, false, 0, false, NULL,
             false, -1, o.t, o2b.t, bs.t, bs.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnEmbeddingBag, w.t, ix.t, off.t, false, 0, false, NULL,
             false, -1, o.t, o2b.t, bs.t, NULL);
    OT_NULL_OUTS(aclnnEmbeddingBag, w.t, ix.t, off.t, false, 0, false, NULL, false, -1, o.t, o2b.t,
                 bs.t, bs.t);
    /* empty indices: accepted, nothing runs (o keeps its values) */
    CHECK_NN(ACLNN_SUCCESS,
             aclnnEmbeddingBagGetWorkspaceSize(w.t, e.t, off.t, false, 0, false, NULL, false, -1,
                                               o.t, e.t, bs.t, bs.t, &ws, &ex));
    ot_run(aclnnEmbeddingBag, ws, ex);
    CHECK(ot_get(&o, 0) == 9);
    /* index 4 of a 4-row weight: the launch fails, nothing written */
    ot_set(&ix, 2, 4);
    for (int64_t i = 0; i < o.numel; i++)
        ot_set(&o, i, -5);
    CHECK_NN(ACLNN_SUCCESS,
             aclnnEmbeddingBagGetWorkspaceSize(w.t, ix.t, off.t, false, 0, false, NULL, false, -1,
                                               o.t, o2b.t, bs.t, bs.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnEmbeddingBag(NULL, ws, ex, g_stream));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(g_stream));
    for (int64_t i = 0; i < o.numel; i++)
        CHECK(ot_get(&o, i) == -5);
    OT_FREE(&w, &ix, &off, &o, &o2b, &bs, &w1, &ixh, &offu, &psw, &o8, &e);
}

/* t's view shape read back is [k]. A C caller frees the getter's array with free(): it is
 * operator new[]'s (for CANN's documented delete[]), whose memory is malloc's in every program
 * cpuacl links (CMakeLists.txt CPUACL_JEMALLOC_LINK: before that, a C program's free() of it
 * aborted). Not under ASan, which reports new[] freed by free() whoever allocates. */
static void check_view_k(const aclTensor *t, int64_t k)
{
    int64_t *dims = NULL;
    uint64_t n = 0;
    CHECK_NN(ACLNN_SUCCESS, aclGetViewShape(t, &dims, &n));
    CHECK(n == 1 && dims[0] == k);
#if defined(__SANITIZE_ADDRESS__)
    void (*del)(void *) = (void (*)(void *))dlsym(RTLD_DEFAULT, "_ZdaPv");
    CHECK(del != NULL);
    del(dims);
#else
    free(dims);
#endif
}

/* Unique, Unique2, UniqueDim, UniqueConsecutive: a run (valueOut's and countsOut's view shapes
 * becoming [K], read back here and by test_index_torch.py), and the codes of bad input, each
 * message naming the parameter. */
static void test_unique(void)
{
    int64_t s6[1] = {6}, s3[1] = {3}, s23[2] = {2, 3};
    ot_tensor x, v, inv, cnt, v3, inv32, x2, vi;
    OT_MAKE_CONTIG({&x, ACL_INT32, 1, s6}, {&v, ACL_INT32, 1, s6}, {&inv, ACL_INT64, 1, s6},
                   {&cnt, ACL_INT64, 1, s6}, {&v3, ACL_INT32, 1, s3}, {&inv32, ACL_INT32, 1, s6},
                   {&x2, ACL_INT32, 2, s23}, {&vi, ACL_INT64, 1, s6});
    const double xv[6] = {5, -1, 5, 2, -1, 5};
    for (int i = 0; i < 6; i++)
        ot_set(&x, i, xv[i]);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnUnique2GetWorkspaceSize(x.t, false, true, true, v.t, inv.t, cnt.t, &ws, &ex));
    ot_run(aclnnUnique2, ws, ex);
    const double wv[3] = {5, -1, 2}, wi[6] = {0, 1, 0, 2, 1, 0}, wc[3] = {3, 2, 1};
    for (int i = 0; i < 3; i++)
        CHECK(ot_get(&v, i) == wv[i] && ot_get(&cnt, i) == wc[i]);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&inv, i) == wi[i]);
    check_view_k(v.t, 3);
    check_view_k(cnt.t, 3);
    /* again into the same valueOut, whose view (now [3], stored by the stream's thread) this
     * thread's phase 1 reads: sorted this time */
    CHECK_NN(ACLNN_SUCCESS, aclnnUniqueGetWorkspaceSize(x.t, true, false, v.t, inv.t, &ws, &ex));
    ot_run(aclnnUnique, ws, ex);
    const double ws3[3] = {-1, 2, 5};
    for (int i = 0; i < 3; i++)
        CHECK(ot_get(&v, i) == ws3[i]);
    FAILS_NAMING("valueOut", aclnnUnique, x.t, true, true, vi.t, inv.t);
    FAILS_NAMING("inverseOut", aclnnUnique, x.t, true, false, v3.t, inv32.t);
    FAILS_NAMING("inverseOut", aclnnUnique, x2.t, true, true, v3.t, inv.t);
    FAILS_NAMING("countsOut", aclnnUnique2, x.t, true, false, true, v3.t, inv.t, inv.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnUnique, x.t, true, true, v.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnUnique2, x.t, true, true, true, v.t, inv.t, NULL);
    OT_NULL_OUTS(aclnnUnique, x.t, true, true, v3.t, inv.t);
    FAILS_NAMING("dim", aclnnUniqueDim, x2.t, true, true, 2, v.t, inv.t, cnt.t);
    FAILS_NAMING("dim", aclnnUniqueDim, x2.t, true, true, -3, v.t, inv.t, cnt.t);
    FAILS_NAMING("countsOut", aclnnUniqueDim, x2.t, true, true, 0, v.t, inv.t, inv32.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnUniqueDim, x2.t, true, true, 0, v.t, inv.t, NULL);
    FAILS_NAMING("dim", aclnnUniqueConsecutive, x.t, true, true, 1, v.t, inv.t, cnt.t);
    FAILS_NAMING("countsOut", aclnnUniqueConsecutive, x.t, true, true, 1000, v.t, inv.t, inv32.t);
    FAILS_NAMING("valueOut", aclnnUniqueConsecutive, x.t, true, true, 1000, vi.t, inv.t, cnt.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnUniqueConsecutive, NULL, true, true, 1000, v.t, inv.t,
             cnt.t);
    OT_FREE(&x, &v, &inv, &cnt, &v3, &inv32, &x2, &vi);
}

/* Onehot: INT32 rows by hand, an out-of-range value a row of 0 (OH2); the codes. */
static void test_onehot(void)
{
    int64_t xd[1] = {3}, zd[2] = {3, 2}, z3[2] = {3, 3};
    ot_tensor x, z, zb, x64;
    OT_MAKE_CONTIG({&x, ACL_INT32, 1, xd}, {&z, ACL_INT32, 2, zd}, {&zb, ACL_INT32, 2, z3},
                   {&x64, ACL_INT64, 1, xd});
    const double xv[3] = {1, 0, 5}, want[6] = {0, 1, 1, 0, 0, 0};
    for (int i = 0; i < 3; i++)
        ot_set(&x, i, xv[i]);
    OT_RUN(aclnnOnehot, x.t, 2, z.t);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&z, i) == want[i]);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnOnehot, x.t, 2, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnOnehot, x.t, 2, zb.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnOnehot, x.t, -1, z.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnOnehot, x64.t, 2, z.t);
    OT_FREE(&x, &z, &zb, &x64);
}

/* GatherNd: CANN's docs example 3 (rows [0, 1] and [1, 0] of a [2, 2, 2] self) by hand, a
 * negative coordinate with negativeIndexSupport; Bucketize of a tie both ways; the codes, each
 * message naming the argument. */
static void test_gather_nd_bucketize(void)
{
    int64_t sd[3] = {2, 2, 2}, id[2] = {2, 2}, od[2] = {2, 2}, i3[2] = {1, 4}, bd[1] = {3},
            xd[1] = {4};
    ot_tensor x, idx, o, ix3, oi, bx, bb, bo, bo32;
    ot_make(&x, ACL_INT16, 3, sd, L_TRANS);
    ot_make(&o, ACL_INT16, 2, od, L_STEP);
    OT_MAKE_CONTIG({&idx, ACL_INT32, 2, id}, {&ix3, ACL_INT64, 2, i3}, {&oi, ACL_INT32, 2, od},
                   {&bx, ACL_FLOAT, 1, xd}, {&bb, ACL_INT8, 1, bd}, {&bo, ACL_INT64, 1, xd},
                   {&bo32, ACL_INT32, 1, xd});
    for (int i = 0; i < 8; i++)
        ot_set(&x, i, i);
    const double iv[4] = {0, 1, -1, 0}; /* [1, 0] written as [-1, 0] */
    for (int i = 0; i < 4; i++)
        ot_set(&idx, i, iv[i]);
    OT_RUN(aclnnGatherNd, x.t, idx.t, true, o.t);
    const double want[4] = {2, 3, 4, 5};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&o, i) == want[i]);
    const double xv[4] = {-1, 0, 0.5, 9}, bv[3] = {0, 1, 2};
    for (int i = 0; i < 4; i++)
        ot_set(&bx, i, xv[i]);
    for (int i = 0; i < 3; i++)
        ot_set(&bb, i, bv[i]);
    OT_RUN(aclnnBucketize, bx.t, bb.t, false, false, bo.t);
    const double left[4] = {0, 0, 1, 3}, right[4] = {0, 1, 1, 3};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&bo, i) == left[i]);
    OT_RUN(aclnnBucketize, bx.t, bb.t, true, true, bo32.t);
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&bo32, i) == right[i]);
    g_cases += 3;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnGatherNd, "indices", x.t, NULL, false, o.t);
    OT_NULL_OUTS(aclnnGatherNd, x.t, idx.t, false, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGatherNd, "last dim", x.t, ix3.t, false, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGatherNd, "out", x.t, idx.t, false, oi.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGatherNd, "indices", x.t, o.t, false, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnBucketize, "boundaries", bx.t, NULL, false, false,
                    bo.t);
    OT_NULL_OUTS(aclnnBucketize, bx.t, bb.t, false, false, bo.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnBucketize, "outInt32", bx.t, bb.t, true, false,
                    bo.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnBucketize, "boundaries", bx.t, idx.t, false,
                    false, bo.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnBucketize, "out", bx.t, bb.t, false, false,
                    bo32.t);
    OT_FREE(&x, &idx, &o, &ix3, &oi, &bx, &bb, &bo, &bo32);
}

/* InplaceScatterUpdate: CANN's docs scenario 2 (1-d indices, blocks of 2 along axis -2) by hand
 * into a transposed data; a block leaving data fails the launch; the codes, each message naming
 * the argument. */
static void test_scatter_update(void)
{
    int64_t dd[3] = {2, 4, 2}, ud[3] = {2, 2, 2}, id[1] = {2}, bd[3] = {2, 2, 3};
    ot_tensor d, u, idx, ub, uh;
    ot_make(&d, ACL_FLOAT, 3, dd, L_TRANS);
    OT_MAKE_CONTIG({&u, ACL_FLOAT, 3, ud}, {&idx, ACL_INT32, 1, id}, {&ub, ACL_FLOAT, 3, bd},
                   {&uh, ACL_FLOAT16, 3, ud});
    for (int i = 0; i < 16; i++)
        ot_set(&d, i, 0);
    for (int i = 0; i < 8; i++)
        ot_set(&u, i, 100 + i);
    ot_set(&idx, 0, 2);
    ot_set(&idx, 1, 0);
    OT_RUN(aclnnInplaceScatterUpdate, d.t, idx.t, u.t, -2);
    for (int i = 0; i < 16; i++) { /* batch 0 rows 2-3 and batch 1 rows 0-1 get the blocks */
        int b = i / 8, r = i / 2 % 4, c = i % 2, s = b ? 0 : 2;
        double want = r >= s && r < s + 2 ? 100 + b * 4 + (r - s) * 2 + c : 0;
        CHECK(ot_get(&d, i) == want);
    }
    g_cases++;
    ot_set(&idx, 1, 3); /* rows 3-4 of 4 */
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnInplaceScatterUpdateGetWorkspaceSize(d.t, idx.t, u.t, 1, &ws, &ex));
    CHECK(aclnnInplaceScatterUpdate(NULL, ws, ex, g_stream) == ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(g_stream) == ACL_ERROR_RT_AICORE_EXCEPTION);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceScatterUpdate, "updates", d.t, idx.t, NULL,
                    1);
    OT_NULL_OUTS(aclnnInplaceScatterUpdate, d.t, idx.t, u.t, 1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInplaceScatterUpdate, "axis", d.t, idx.t, u.t, 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInplaceScatterUpdate, "axis", d.t, idx.t, u.t,
                    -3);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInplaceScatterUpdate, "updates' dim 2", d.t,
                    idx.t, ub.t, 1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInplaceScatterUpdate, "updates", d.t, idx.t, uh.t,
                    1);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnInplaceScatterUpdate, "indices", d.t, u.t, u.t,
                    1);
    OT_FREE(&d, &u, &idx, &ub, &uh);
}

int main(void)
{
    ot_init();
    test_gather();
    test_argmax();
    test_cumsum();
    test_arange();
    test_clamp();
    test_embedding();
    test_embedding_bag();
    test_unique();
    test_masked_select_nonzero();
    test_one_hot();
    test_onehot();
    test_repeat_scatter_nd();
    test_gather_nd_bucketize();
    test_scatter_update();
    ot_fini();
    printf("ops_index: %d cases passed\n", g_cases);
    return 0;
}
