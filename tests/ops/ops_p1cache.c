/* SPDX-License-Identifier: Apache-2.0 */
/* The first-phase cache (ops/engine/p1cache.c): a repeated aclnnXxxGetWorkspaceSize
 * with equal argument contents reuses the cached plan, and anything that
 * changes the result must miss it. Each case first makes a call that is
 * cached, then changes one thing phase 1 depends on through the public API
 * (aclInitTensor on the same descriptor, a new scalar, aliasing, another
 * operator on the same thread) and checks every output element against a
 * reference computed here, or the error code. Executors from hits obey the
 * executor rules (single use, repeatable, address setters). Two threads run
 * their own caches at once. Keys that share a set (equal in every word the
 * set hash reads) stay apart. */
#include <pthread.h>

#include "optest.h"

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_max_n.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_neg.h"

#define N 128 /* elements in every buffer */

static float *fbuf(float v)
{
    float *p = aligned_alloc(64, N * sizeof(float));
    CHECK(p);
    for (int i = 0; i < N; i++)
        p[i] = v + (float)i;
    return p;
}

static aclTensor *tens(int nd, const int64_t *dims, const int64_t *strides, int64_t off,
                       aclDataType dt, void *data)
{
    int64_t st = N;
    aclTensor *t = aclCreateTensor(dims, (uint64_t)nd, dt, strides, off, ACL_FORMAT_ND, &st, 1,
                                   data);
    CHECK(t);
    return t;
}

static void reinit(aclTensor *t, int nd, const int64_t *dims, const int64_t *strides, int64_t off,
                   aclDataType dt, void *data)
{
    int64_t st = N;
    CHECK_NN(ACLNN_SUCCESS, aclInitTensor(t, dims, (uint64_t)nd, dt, strides, off, ACL_FORMAT_ND,
                                          &st, 1, data));
}

/* z = x + alpha * y through the two phases, synchronised. */
static void add(aclTensor *x, aclTensor *y, aclScalar *alpha, aclTensor *z)
{
    uint64_t ws = 9;
    aclOpExecutor *ex = NULL;
    CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(x, y, alpha, z, &ws, &ex));
    CHECK(ws == 0 && ex);
    CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
}

/* Element (i, j) of a 2-d float view. */
static float at(const float *b, const int64_t *st, int64_t off, int64_t i, int64_t j)
{
    return b[off + i * st[0] + j * st[1]];
}

/* Check z (rows x cols view zs/zo) == x + al * y over the views given. */
static void check_add2(const float *z, const int64_t *zs, int64_t zo, const float *x,
                       const int64_t *xs, int64_t xo, const float *y, const int64_t *ys,
                       int64_t yo, float al, int64_t rows, int64_t cols)
{
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) {
            float want = at(x, xs, xo, i, j) + al * at(y, ys, yo, i, j);
            float got = at(z, zs, zo, i, j);
            if (got != want) {
                fprintf(stderr, "(%lld, %lld): got %g, want %g\n", (long long)i, (long long)j,
                        (double)got, (double)want);
                exit(1);
            }
        }
}

/* Same descriptors many times with new data; then each property changed on
 * the same descriptor objects. */
static void test_same_descriptors(void)
{
    float *x = fbuf(0), *y = fbuf(100), *z = fbuf(-1);
    const int64_t d42[2] = {4, 2}, s42[2] = {2, 1};
    aclTensor *tx = tens(2, d42, s42, 0, ACL_FLOAT, x), *ty = tens(2, d42, s42, 0, ACL_FLOAT, y),
              *tz = tens(2, d42, s42, 0, ACL_FLOAT, z);
    aclScalar *one = ot_scalar_f32(1);
    for (int r = 0; r < 50; r++) {
        x[3] = (float)r;
        add(tx, ty, one, tz);
        check_add2(z, s42, 0, x, s42, 0, y, s42, 0, 1, 4, 2);
    }
    /* new data addresses on the same descriptors: the hit takes them */
    float *x2 = fbuf(1000), *z2 = fbuf(-1);
    CHECK_NN(ACLNN_SUCCESS, aclSetRawTensorAddr(tx, x2));
    CHECK_NN(ACLNN_SUCCESS, aclSetRawTensorAddr(tz, z2));
    add(tx, ty, one, tz);
    check_add2(z2, s42, 0, x2, s42, 0, y, s42, 0, 1, 4, 2);
    CHECK_NN(ACLNN_SUCCESS, aclSetRawTensorAddr(tx, x));
    CHECK_NN(ACLNN_SUCCESS, aclSetRawTensorAddr(tz, z));

    /* strides: y becomes the transposed view of a 2x4 block (same dims) */
    const int64_t st[2] = {1, 4};
    reinit(ty, 2, d42, st, 0, ACL_FLOAT, y);
    add(tx, ty, one, tz);
    check_add2(z, s42, 0, x, s42, 0, y, st, 0, 1, 4, 2);
    /* offset */
    reinit(ty, 2, d42, st, 7, ACL_FLOAT, y);
    add(tx, ty, one, tz);
    check_add2(z, s42, 0, x, s42, 0, y, st, 7, 1, 4, 2);
    /* broadcast: y [1, 2] (same rank, other dims) */
    const int64_t d12[2] = {1, 2}, s12[2] = {2, 1}, b12[2] = {0, 1};
    reinit(ty, 2, d12, s12, 0, ACL_FLOAT, y);
    add(tx, ty, one, tz);
    check_add2(z, s42, 0, x, s42, 0, y, b12, 0, 1, 4, 2);
    /* shapes that do not broadcast: an error every time, never a stale hit */
    const int64_t d3[2] = {3, 2};
    reinit(ty, 2, d3, s42, 0, ACL_FLOAT, y);
    for (int r = 0; r < 2; r++)
        OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, tx, ty, one, tz);
    /* back to the first shape: the old entry answers again, correctly */
    reinit(ty, 2, d42, s42, 0, ACL_FLOAT, y);
    add(tx, ty, one, tz);
    check_add2(z, s42, 0, x, s42, 0, y, s42, 0, 1, 4, 2);
    /* rank: x as [8] against z [4, 2] is refused (out shape), z as [8] accepted */
    const int64_t d8[1] = {8}, s8[1] = {1};
    reinit(tz, 1, d8, s8, 0, ACL_FLOAT, z);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, tx, ty, one, tz);
    reinit(tx, 1, d8, s8, 0, ACL_FLOAT, x);
    reinit(ty, 1, d8, s8, 0, ACL_FLOAT, y);
    add(tx, ty, one, tz);
    check_add2(z, s42, 0, x, s42, 0, y, s42, 0, 1, 4, 2);
    /* dtype: out int32 cannot take a float sum; out float16 can (rounds) */
    reinit(tz, 1, d8, s8, 0, ACL_INT32, z);
    for (int r = 0; r < 2; r++)
        OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, tx, ty, one, tz);
    uint16_t h[N];
    reinit(tz, 1, d8, s8, 0, ACL_FLOAT16, h);
    add(tx, ty, one, tz);
    for (int i = 0; i < 8; i++)
        CHECK(ot_f16_to_d(h[i]) == ot_f16_to_d(ot_d_to_f16(x[i] + y[i])));
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tz);
    aclDestroyScalar(one);
    free(x);
    free(y);
    free(z);
    free(x2);
    free(z2);
}

/* Scalars and aliasing are part of the key. */
static void test_scalars_alias(void)
{
    float *x = fbuf(1), *y = fbuf(50), *z = fbuf(-1);
    const int64_t d[2] = {4, 2}, s[2] = {2, 1};
    aclTensor *tx = tens(2, d, s, 0, ACL_FLOAT, x), *ty = tens(2, d, s, 0, ACL_FLOAT, y),
              *tz = tens(2, d, s, 0, ACL_FLOAT, z);
    for (int r = 0; r < 3; r++) {
        for (int a = 1; a <= 4; a++) { /* alpha 1 (its own kernel), 2, 3, 4 */
            aclScalar *al = ot_scalar_f32((float)a);
            add(tx, ty, al, tz);
            check_add2(z, s, 0, x, s, 0, y, s, 0, (float)a, 4, 2);
            aclDestroyScalar(al);
        }
    }
    /* an integer alpha of the same bits as a float is another key */
    int32_t ia = 2;
    aclScalar *ial = aclCreateScalar(&ia, ACL_INT32);
    add(tx, ty, ial, tz);
    check_add2(z, s, 0, x, s, 0, y, s, 0, 2, 4, 2);
    aclDestroyScalar(ial);
    aclScalar *one = ot_scalar_f32(1);
    /* x = x + x (one tensor three times), then x, y, z again */
    float ref[8];
    for (int i = 0; i < 8; i++)
        ref[i] = x[i] + x[i];
    add(tx, tx, one, tx);
    for (int i = 0; i < 8; i++)
        CHECK(x[i] == ref[i]);
    add(tx, ty, one, tz);
    check_add2(z, s, 0, x, s, 0, y, s, 0, 1, 4, 2);
    /* z = x + z: out aliases the second input only */
    for (int i = 0; i < 8; i++)
        ref[i] = x[i] + z[i];
    add(tx, tz, one, tz);
    for (int i = 0; i < 8; i++)
        CHECK(z[i] == ref[i]);
    /* in place through the InplaceAdd entry point (another name, same shapes) */
    for (int i = 0; i < 8; i++)
        ref[i] = x[i] + y[i];
    uint64_t ws;
    aclOpExecutor *ex;
    for (int r = 0; r < 2; r++) {
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAddGetWorkspaceSize(tx, ty, one, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAdd(NULL, 0, ex, g_stream));
        CHECK_OK(aclrtSynchronizeStream(g_stream));
        for (int i = 0; i < 8; i++) {
            CHECK(x[i] == ref[i]);
            ref[i] += y[i];
        }
    }
    aclDestroyScalar(one);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tz);
    free(x);
    free(y);
    free(z);
}

/* Activations with parameters (ops/activation/activation.c): the parameters' values, the
 * approximation and in place are part of the key. Each call repeats (the second is a hit)
 * and every element is checked against the formula computed here. */
static void act_run(aclnnStatus st, aclOpExecutor *const *ex,
                    aclnnStatus (*run)(void *, uint64_t, aclOpExecutor *, aclrtStream))
{
    CHECK_NN(ACLNN_SUCCESS, st);
    CHECK_NN(ACLNN_SUCCESS, run(NULL, 0, *ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
}

static void test_activations(void)
{
    float *x = fbuf(-64), *y = fbuf(0);
    const int64_t d[1] = {N}, s1[1] = {1};
    aclTensor *tx = tens(1, d, s1, 0, ACL_FLOAT, x), *ty = tens(1, d, s1, 0, ACL_FLOAT, y);
    uint64_t ws;
    aclOpExecutor *ex;
    for (int r = 0; r < 2; r++) {
        for (int k = 1; k <= 3; k++) { /* LeakyRelu: slope 0.1, 0.2, 0.3 */
            aclScalar *sl = ot_scalar_f32(0.1f * (float)k);
            for (int rep = 0; rep < 2; rep++) {
                act_run(aclnnLeakyReluGetWorkspaceSize(tx, sl, ty, &ws, &ex), &ex, aclnnLeakyRelu);
                for (int i = 0; i < N; i++)
                    CHECK(y[i] == (x[i] > 0 ? x[i] : 0.1f * (float)k * x[i]));
            }
            aclDestroyScalar(sl);
        }
        /* Elu: each of its three scalars changes the result alone */
        const float prm[4][3] = {{1, 1, 1}, {2, 1, 1}, {2, 3, 1}, {2, 3, 0.5f}};
        for (int k = 0; k < 4; k++) {
            aclScalar *al = ot_scalar_f32(prm[k][0]), *sc = ot_scalar_f32(prm[k][1]),
                      *is = ot_scalar_f32(prm[k][2]);
            for (int rep = 0; rep < 2; rep++) {
                act_run(aclnnEluGetWorkspaceSize(tx, al, sc, is, ty, &ws, &ex), &ex, aclnnElu);
                for (int i = 0; i < N; i++) {
                    float e = x[i] > 0 ? prm[k][1] * x[i]
                                       : prm[k][0] * prm[k][1] * (expf(prm[k][2] * x[i]) - 1);
                    CHECK(fabsf(y[i] - e) <= 1e-5f * (1 + fabsf(e)));
                }
            }
            aclDestroyScalar(al);
            aclDestroyScalar(sc);
            aclDestroyScalar(is);
        }
        /* GeluV2: approximate 0 (erf) and 1 (tanh) on the same tensors */
        for (int a = 0; a < 2; a++)
            for (int rep = 0; rep < 2; rep++) {
                act_run(aclnnGeluV2GetWorkspaceSize(tx, a, ty, &ws, &ex), &ex, aclnnGeluV2);
                for (int i = 0; i < N; i++) {
                    double v = x[i];
                    double e = a ? 0.5 * v * (1 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)))
                                 : 0.5 * v * (1 + erf(v / 1.4142135623730951));
                    CHECK(fabs(y[i] - e) <= 1e-5 * (1 + fabs(e)));
                }
            }
    }
    /* in place with the same slope: another entry point, another key */
    aclScalar *sl = ot_scalar_f32(0.5f);
    float ref[N];
    for (int i = 0; i < N; i++)
        ref[i] = x[i] > 0 ? x[i] : 0.5f * x[i];
    act_run(aclnnInplaceLeakyReluGetWorkspaceSize(tx, sl, &ws, &ex), &ex, aclnnInplaceLeakyRelu);
    for (int i = 0; i < N; i++)
        CHECK(x[i] == ref[i]);
    aclDestroyScalar(sl);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    free(x);
    free(y);
}

/* Executors from hits: single use, repeatable with new addresses, destroy. */
static void test_executor_rules(void)
{
    float *x = fbuf(0), *y = fbuf(10), *z = fbuf(-1), *x2 = fbuf(500), *z2 = fbuf(-1);
    const int64_t d[2] = {4, 2}, s[2] = {2, 1};
    aclTensor *tx = tens(2, d, s, 0, ACL_FLOAT, x), *ty = tens(2, d, s, 0, ACL_FLOAT, y),
              *tz = tens(2, d, s, 0, ACL_FLOAT, z);
    aclScalar *one = ot_scalar_f32(1);
    add(tx, ty, one, tz); /* cached */
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(tx, ty, one, tz, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnAdd(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(tx, ty, one, tz, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclSetAclOpExecutorRepeatable(ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, g_stream));
    CHECK_NN(ACLNN_SUCCESS, aclSetInputTensorAddr(ex, 0, tx, x2));
    CHECK_NN(ACLNN_SUCCESS, aclSetOutputTensorAddr(ex, 0, tz, z2));
    CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, g_stream));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclSetInputTensorAddr(ex, 2, tx, x2));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    check_add2(z, s, 0, x, s, 0, y, s, 0, 1, 4, 2);
    check_add2(z2, s, 0, x2, s, 0, y, s, 0, 1, 4, 2);
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    /* x = x + y after the same shapes with three tensors were cached: input 0
     * and the output are one tensor, so refreshing input 0 moves the output */
    for (int r = 0; r < 2; r++) {
        CHECK_NN(ACLNN_SUCCESS, aclSetRawTensorAddr(tx, x));
        CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(tx, ty, one, tx, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclSetAclOpExecutorRepeatable(ex));
        float ref[8];
        for (int i = 0; i < 8; i++) {
            ref[i] = x2[i] + y[i];
            z2[i] = x[i]; /* must stay */
        }
        CHECK_NN(ACLNN_SUCCESS, aclSetInputTensorAddr(ex, 0, tx, x2));
        CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, g_stream));
        CHECK_OK(aclrtSynchronizeStream(g_stream));
        for (int i = 0; i < 8; i++)
            CHECK(x2[i] == ref[i] && z2[i] == x[i]);
        CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    }
    /* a hit executor never launched can be destroyed */
    CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(tx, ty, one, tz, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    /* the tensors may go right after phase 1 (the executor copied the views) */
    CHECK_NN(ACLNN_SUCCESS, aclSetRawTensorAddr(tx, x));
    CHECK_NN(ACLNN_SUCCESS, aclSetRawTensorAddr(tz, z));
    for (int i = 0; i < 8; i++)
        z[i] = -1;
    CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(tx, ty, one, tz, &ws, &ex));
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tz);
    aclDestroyScalar(one);
    CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    check_add2(z, s, 0, x, s, 0, y, s, 0, 1, 4, 2);
    free(x);
    free(y);
    free(z);
    free(x2);
    free(z2);
}

/* Other operators between cached ones reuse the same executor headers (the
 * plan held in a header must be rewritten after another operator used it);
 * more shapes than the cache holds. No synchronisation inside a round, so
 * headers cycle while queued. */
static void test_mixed_and_eviction(void)
{
    enum { SHAPES = 80 };
    float *x = fbuf(0), *y = fbuf(3), *zs[SHAPES], *m = fbuf(-1), *mx = fbuf(-1), *ng = fbuf(-1);
    aclScalar *one = ot_scalar_f32(1);
    for (int k = 0; k < SHAPES; k++)
        zs[k] = fbuf(-1);
    for (int round = 0; round < 3; round++) {
        aclTensor *keep[4 * SHAPES];
        int nk = 0;
        for (int k = 0; k < SHAPES; k++) {
            /* [r, c] with r * c <= 64, distinct per k; y broadcasts a row */
            int64_t r = 1 + k % 8, c = 1 + k / 8;
            int64_t d[2] = {r, c}, s[2] = {c, 1}, dr[2] = {1, c};
            aclTensor *tx = tens(2, d, s, 0, ACL_FLOAT, x), *ty = tens(2, dr, s, 0, ACL_FLOAT, y),
                      *tz = tens(2, d, s, 0, ACL_FLOAT, zs[k]);
            uint64_t ws;
            aclOpExecutor *ex;
            CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(tx, ty, one, tz, &ws, &ex));
            CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, g_stream));
            /* Mul and Neg (cached too) and MaxN (never cached) on the same thread */
            aclTensor *tm = tens(2, d, s, 0, ACL_FLOAT, m);
            CHECK_NN(ACLNN_SUCCESS, aclnnMulGetWorkspaceSize(tx, tx, tm, &ws, &ex));
            CHECK_NN(ACLNN_SUCCESS, aclnnMul(NULL, 0, ex, g_stream));
            aclTensor *list[2] = {tx, tz};
            aclTensorList *tl = aclCreateTensorList((const aclTensor *const *)list, 2);
            aclTensor *tmx = tens(2, d, s, 0, ACL_FLOAT, mx);
            CHECK_NN(ACLNN_SUCCESS, aclnnMaxNGetWorkspaceSize(tl, tmx, &ws, &ex));
            CHECK_NN(ACLNN_SUCCESS, aclnnMaxN(NULL, 0, ex, g_stream));
            aclTensor *tn = tens(2, d, s, 0, ACL_FLOAT, ng);
            CHECK_NN(ACLNN_SUCCESS, aclnnNegGetWorkspaceSize(tz, tn, &ws, &ex));
            CHECK_NN(ACLNN_SUCCESS, aclnnNeg(NULL, 0, ex, g_stream));
            CHECK_OK(aclrtSynchronizeStream(g_stream));
            for (int64_t i = 0; i < r; i++)
                for (int64_t j = 0; j < c; j++) {
                    int64_t o = i * c + j;
                    float want = x[o] + y[j];
                    CHECK(zs[k][o] == want);
                    CHECK(m[o] == x[o] * x[o]);
                    CHECK(mx[o] == (x[o] > want ? x[o] : want));
                    CHECK(ng[o] == -want);
                }
            aclDestroyTensorList(tl); /* destroys tx, tz */
            keep[nk++] = ty;
            keep[nk++] = tm;
            keep[nk++] = tmx;
            keep[nk++] = tn;
        }
        for (int i = 0; i < nk; i++)
            aclDestroyTensor(keep[i]);
    }
    aclDestroyScalar(one);
    for (int k = 0; k < SHAPES; k++)
        free(zs[k]);
    free(x);
    free(y);
    free(m);
    free(mx);
    free(ng);
}

/* Cast and InplaceCopy go through the cache as well. */
static void test_cast_copy(void)
{
    float *x = fbuf(0.25f), *y = fbuf(-1);
    int32_t iv[N];
    const int64_t d[1] = {16}, s[1] = {1}, s2[1] = {2};
    aclTensor *tx = tens(1, d, s, 0, ACL_FLOAT, x), *ti = tens(1, d, s, 0, ACL_INT32, iv),
              *ty = tens(1, d, s, 0, ACL_FLOAT, y);
    for (int r = 0; r < 3; r++) {
        uint64_t ws;
        aclOpExecutor *ex;
        CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(tx, ACL_INT32, ti, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnCast(NULL, 0, ex, g_stream));
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceCopyGetWorkspaceSize(ty, tx, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceCopy(NULL, 0, ex, g_stream));
        CHECK_OK(aclrtSynchronizeStream(g_stream));
        for (int i = 0; i < 16; i++) {
            CHECK(iv[i] == (int32_t)x[i * (r == 2 ? 2 : 1)]);
            CHECK(y[i] == x[i * (r == 2 ? 2 : 1)]);
        }
        if (r == 1) /* the source becomes a strided view */
            reinit(tx, 1, d, s2, 0, ACL_FLOAT, x);
    }
    aclDestroyTensor(tx);
    aclDestroyTensor(ti);
    aclDestroyTensor(ty);
    free(x);
    free(y);
}

/* Two threads, each its own stream and shapes, at once. */
struct thr {
    int id;
    int fail;
};

static void *thr_main(void *arg)
{
    struct thr *t = arg;
    aclrtStream st;
    if (aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&st) != ACL_SUCCESS) {
        t->fail = 1;
        return NULL;
    }
    float *x = fbuf((float)(t->id * 1000)), *y = fbuf(7), *z = fbuf(-1);
    aclScalar *al = ot_scalar_f32((float)(t->id + 2));
    for (int it = 0; it < 2000 && !t->fail; it++) {
        int64_t r = 1 + (it + t->id) % 4, c = 2 + t->id;
        int64_t d[2] = {r, c}, s[2] = {c, 1};
        aclTensor *tx = tens(2, d, s, 0, ACL_FLOAT, x), *ty = tens(2, d, s, 0, ACL_FLOAT, y),
                  *tz = tens(2, d, s, 0, ACL_FLOAT, z);
        uint64_t ws;
        aclOpExecutor *ex;
        if (aclnnAddGetWorkspaceSize(tx, ty, al, tz, &ws, &ex) != ACLNN_SUCCESS ||
            aclnnAdd(NULL, 0, ex, st) != ACLNN_SUCCESS || aclrtSynchronizeStream(st) != 0)
            t->fail = 1;
        for (int64_t i = 0; i < r * c && !t->fail; i++)
            if (z[i] != x[i] + (float)(t->id + 2) * y[i])
                t->fail = 1;
        aclDestroyTensor(tx);
        aclDestroyTensor(ty);
        aclDestroyTensor(tz);
    }
    aclDestroyScalar(al);
    free(x);
    free(y);
    free(z);
    if (aclrtDestroyStream(st) != ACL_SUCCESS)
        t->fail = 1;
    return NULL;
}

static void test_threads(void)
{
    pthread_t th[2];
    struct thr a[2] = {{0, 0}, {1, 0}};
    for (int i = 0; i < 2; i++)
        CHECK(pthread_create(&th[i], NULL, thr_main, &a[i]) == 0);
    for (int i = 0; i < 2; i++) {
        CHECK(pthread_join(th[i], NULL) == 0);
        CHECK(!a[i].fail);
    }
}

/* Keys that differ only in words the set hash does not read (a middle
 * dimension, the strides; ops/engine/p1cache.c key_hash) land in one set: more of
 * them than it has ways, in turn and interleaved, must each get its own
 * result, never another's plan. */
static void test_set_collisions(void)
{
    enum { K = 6 };
    float *x = fbuf(0), *y = fbuf(50), *z = fbuf(-1);
    aclScalar *two = ot_scalar_f32(2);
    aclTensor *tx[K], *ty[K], *tz[K];
    for (int k = 0; k < K; k++) {
        /* [2, k + 1, 2]: first and last dimension equal for all k; y's
         * strides differ too (broadcast along the middle for odd k) */
        int64_t d[3] = {2, k + 1, 2}, s[3] = {2 * (k + 1), 2, 1};
        int64_t sy[3] = {2 * (k + 1), k % 2 ? 0 : 2, 1};
        tx[k] = tens(3, d, s, 0, ACL_FLOAT, x);
        ty[k] = tens(3, d, sy, 0, ACL_FLOAT, y);
        tz[k] = tens(3, d, s, 0, ACL_FLOAT, z);
    }
    for (int round = 0; round < 4; round++)
        for (int i = 0; i < K; i++) {
            int k = round % 2 ? (i * 5 + round) % K : i; /* in turn, then interleaved */
            for (int e = 0; e < N; e++)
                z[e] = -1;
            add(tx[k], ty[k], two, tz[k]);
            int64_t rows = 2 * (k + 1);
            for (int64_t r = 0; r < rows; r++) /* [2, k+1] rows of 2 */
                for (int64_t c = 0; c < 2; c++) {
                    int64_t a = r / (k + 1), b = r % (k + 1);
                    int64_t o = a * 2 * (k + 1) + b * 2 + c;
                    int64_t oy = a * 2 * (k + 1) + b * (k % 2 ? 0 : 2) + c;
                    CHECK(z[o] == x[o] + 2 * y[oy]);
                }
            CHECK(z[rows * 2] == -1); /* nothing written past the view */
        }
    for (int k = 0; k < K; k++) {
        aclDestroyTensor(tx[k]);
        aclDestroyTensor(ty[k]);
        aclDestroyTensor(tz[k]);
    }
    aclDestroyScalar(two);
    free(x);
    free(y);
    free(z);
}

int main(void)
{
    ot_init();
    test_same_descriptors();
    test_scalars_alias();
    test_activations();
    test_executor_rules();
    test_mixed_and_eviction();
    test_set_collisions();
    test_cast_copy();
    test_threads();
    ot_fini();
    puts("ops_p1cache: ok");
    return 0;
}
