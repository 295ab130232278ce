/* SPDX-License-Identifier: Apache-2.0 */
/* aclsparseSpMV against a dense double-precision product of the same matrix: CSR, CSC and
 * COO, index bases 0 and 1, 32- and 64-bit indices, empty rows, both operations, float,
 * float16 and int32 values, host and device pointer modes; its error statuses; stream order
 * across an event; capture and replay; an out-of-range index failing the stream. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cpuacl/cpuacl_half.h"
#include "sparse_test.h"

enum { M = 37, N = 29 };

static double dense[M][N];           /* the reference matrix (row-major) */
static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static double rnd(void) /* in [-1, 1) */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / (double)(1ULL << 52) - 1.0;
}

static void *dev_copy(const void *host, size_t bytes)
{
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST));
    if (bytes)
        CHECK_OK(aclrtMemcpy(d, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    return d;
}

static void to_host(void *host, const void *dev, size_t bytes)
{
    CHECK_OK(aclrtMemcpy(host, bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
}

/* A sparse pattern with empty rows (every 5th) and an empty column (the last); integer
 * values when ints, else values in [-1, 1). */
static void make_dense(bool ints)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double keep = rnd();
            dense[i][j] = 0.0;
            if (i % 5 == 2 || j == N - 1 || keep < 0.4)
                continue;
            dense[i][j] = ints ? (double)((int)(rnd() * 7.0)) : rnd();
            if (dense[i][j] == 0.0)
                dense[i][j] = 1.0;
        }
}

/* The matrix in one format: outer (offsets, or COO row indices), inner, values (float or
 * int32), with base added and indices of `ib` bytes. Returns nnz. */
struct host_mat {
    int64_t nnz;
    void *outer, *inner, *values;
    size_t outer_n;
};

static void put_idx(void *p, int ib, int64_t i, int64_t v)
{
    if (ib == 4)
        ((int32_t *)p)[i] = (int32_t)v;
    else
        ((int64_t *)p)[i] = v;
}

static void put_val(void *p, aclDataType t, int64_t i, double v)
{
    if (t == ACL_INT32)
        ((int32_t *)p)[i] = (int32_t)v;
    else if (t == ACL_FLOAT16)
        ((uint16_t *)p)[i] = cpuacl_f32_to_f16((float)v);
    else
        ((float *)p)[i] = (float)v;
}

static size_t tsize(aclDataType t)
{
    return t == ACL_FLOAT16 ? 2 : 4;
}

static struct host_mat build(aclsparseFormat_t f, int base, int ib, aclDataType t)
{
    struct host_mat h = {0};
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            h.nnz += dense[i][j] != 0.0;
    h.outer_n = f == ACL_SPARSE_FORMAT_CSR ? M + 1 : f == ACL_SPARSE_FORMAT_CSC ? N + 1 : h.nnz;
    h.outer = calloc(h.outer_n + 1, 8);
    h.inner = calloc(h.nnz + 1, 8);
    h.values = calloc(h.nnz + 1, 4);
    int64_t k = 0;
    if (f == ACL_SPARSE_FORMAT_CSC) {
        for (int j = 0; j < N; j++) {
            put_idx(h.outer, ib, j, k + base);
            for (int i = 0; i < M; i++)
                if (dense[i][j] != 0.0) {
                    put_idx(h.inner, ib, k, i + base);
                    put_val(h.values, t, k++, dense[i][j]);
                }
        }
        put_idx(h.outer, ib, N, k + base);
    } else {
        /* COO: entries in reverse order (the product does not need them sorted). */
        for (int i = 0; i < M; i++) {
            if (f == ACL_SPARSE_FORMAT_CSR)
                put_idx(h.outer, ib, i, k + base);
            for (int j = 0; j < N; j++)
                if (dense[i][j] != 0.0) {
                    int64_t slot = f == ACL_SPARSE_FORMAT_COO ? h.nnz - 1 - k : k;
                    if (f == ACL_SPARSE_FORMAT_COO)
                        put_idx(h.outer, ib, slot, i + base);
                    put_idx(h.inner, ib, slot, j + base);
                    put_val(h.values, t, slot, dense[i][j]);
                    k++;
                }
        }
        if (f == ACL_SPARSE_FORMAT_CSR)
            put_idx(h.outer, ib, M, k + base);
    }
    return h;
}

static double fp16_round(double v)
{
    return cpuacl_f16_to_f32(cpuacl_f32_to_f16((float)v));
}

/* One product checked against the reference: A in format f, base, index bytes ib, value
 * type t (y float for float16 A), op. */
static void one(aclsparseHandle_t h, aclrtStream s, aclsparseFormat_t f, int base, int ib,
                aclDataType t, aclsparseOperation_t op)
{
    bool tr = op == ACL_SPARSE_OP_TRANSPOSE;
    int nin = tr ? M : N, nout = tr ? N : M;
    aclDataType yt = t == ACL_FLOAT16 ? ACL_FLOAT : t;
    bool ints = t == ACL_INT32;
    struct host_mat hm = build(f, base, ib, t);
    double x[M > N ? M : N], y0[M > N ? M : N];
    char xb[4 * (M > N ? M : N)], yb[4 * (M > N ? M : N)];
    for (int i = 0; i < nin; i++) {
        x[i] = ints ? (double)((int)(rnd() * 5.0)) : rnd();
        if (t == ACL_FLOAT16)
            x[i] = fp16_round(x[i]);
        put_val(xb, t, i, x[i]);
    }
    for (int i = 0; i < nout; i++) {
        y0[i] = ints ? (double)((int)(rnd() * 5.0)) : rnd();
        put_val(yb, yt, i, y0[i]);
    }
    double alpha = ints ? 3.0 : 1.5, beta = ints ? -2.0 : 0.25;
    float af = (float)alpha, bf = (float)beta;
    int32_t ai = (int32_t)alpha, bi = (int32_t)beta;

    void *d_outer = dev_copy(hm.outer, hm.outer_n * ib);
    void *d_inner = dev_copy(hm.inner, hm.nnz * ib);
    void *d_val = dev_copy(hm.values, hm.nnz * tsize(t));
    void *d_x = dev_copy(xb, nin * tsize(t));
    void *d_y = dev_copy(yb, nout * 4);
    aclsparseIndexType_t it = ib == 4 ? ACL_SPARSE_INDEX_32I : ACL_SPARSE_INDEX_64I;
    aclsparseIndexBase_t b = base ? ACL_SPARSE_INDEX_BASE_ONE : ACL_SPARSE_INDEX_BASE_ZERO;
    aclsparseSpMatDescr_t a = NULL;
    if (f == ACL_SPARSE_FORMAT_CSR)
        SP_OK(aclsparseCreateCsr(&a, M, N, hm.nnz, d_outer, d_inner, d_val, it, it, b, t));
    else if (f == ACL_SPARSE_FORMAT_CSC)
        SP_OK(aclsparseCreateCsc(&a, M, N, hm.nnz, d_outer, d_inner, d_val, it, it, b, t));
    else
        SP_OK(aclsparseCreateCoo(&a, M, N, hm.nnz, d_outer, d_inner, d_val, it, b, t));
    aclsparseConstDnVecDescr_t vx = NULL;
    aclsparseDnVecDescr_t vy = NULL;
    SP_OK(aclsparseCreateConstDnVec(&vx, nin, d_x, t));
    SP_OK(aclsparseCreateDnVec(&vy, nout, d_y, yt));
    aclDataType ct = ints ? ACL_INT32 : ACL_FLOAT;
    const void *pa = ints ? (const void *)&ai : (const void *)&af;
    const void *pb = ints ? (const void *)&bi : (const void *)&bf;
    size_t bs = 99;
    SP_OK(aclsparseSpMVGetBufferSize(h, op, pa, a, vx, pb, vy, ct, ACL_SPARSE_SPMV_ALG_DEFAULT,
                                     &bs));
    CHECK(bs == 0);
    SP_OK(aclsparseSpMVPreprocess(h, op, pa, a, vx, pb, vy, ct, ACL_SPARSE_SPMV_ALG_DEFAULT,
                                  NULL));
    SP_OK(aclsparseSpMV(h, op, pa, a, vx, pb, vy, ct, ACL_SPARSE_SPMV_ALG_DEFAULT, NULL));
    /* The descriptors may go before the work runs (the task holds their fields). */
    SP_OK(aclsparseDestroySpMat(a));
    SP_OK(aclsparseDestroyDnVec(vx));
    SP_OK(aclsparseDestroyDnVec(vy));
    CHECK_OK(aclrtSynchronizeStream(s));
    to_host(yb, d_y, nout * 4);
    for (int o = 0; o < nout; o++) {
        double ref = 0.0;
        for (int i = 0; i < nin; i++) {
            double av = tr ? dense[i][o] : dense[o][i];
            if (t == ACL_FLOAT16)
                av = fp16_round(av);
            ref += av * x[i];
        }
        ref = alpha * ref + beta * y0[o];
        double got = ints ? (double)((int32_t *)yb)[o] : (double)((float *)yb)[o];
        double tol = ints ? 0.0 : 1e-4 * (1.0 + fabs(ref));
        if (fabs(got - ref) > tol) {
            fprintf(stderr, "format %d base %d idx %d type %d op %d: y[%d] = %.7g, want %.7g\n",
                    (int)f, base, ib, (int)t, (int)op, o, got, ref);
            exit(1);
        }
    }
    CHECK_OK(aclrtFree(d_outer));
    CHECK_OK(aclrtFree(d_inner));
    CHECK_OK(aclrtFree(d_val));
    CHECK_OK(aclrtFree(d_x));
    CHECK_OK(aclrtFree(d_y));
    free(hm.outer);
    free(hm.inner);
    free(hm.values);
}

/* A small CSR matrix for the error, ordering and replay cases: [[1 0 2] [0 0 0] [0 3 4]]. */
static int32_t s_off[4] = {0, 2, 2, 4}, s_col[4] = {0, 2, 1, 2};
static float s_val[4] = {1, 2, 3, 4};

static void errors(aclsparseHandle_t h)
{
    float x[3] = {1, 1, 1}, y[3] = {0}, one_f = 1.0f, zero_f = 0.0f;
    int32_t xi[3] = {0};
    aclsparseSpMatDescr_t a = NULL;
    aclsparseDnVecDescr_t vx = NULL, vy = NULL, vsmall = NULL, vint = NULL;
    SP_OK(aclsparseCreateCsr(&a, 3, 3, 4, s_off, s_col, s_val, ACL_SPARSE_INDEX_32I,
                             ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&vx, 3, x, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&vy, 3, y, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&vsmall, 2, y, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&vint, 3, xi, ACL_INT32));
    const aclsparseOperation_t n = ACL_SPARSE_OP_NON_TRANSPOSE;
    const aclsparseSpMVAlg_t d = ACL_SPARSE_SPMV_ALG_DEFAULT;
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR,
             aclsparseSpMV(NULL, n, &one_f, a, vx, &zero_f, vy, ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMV(h, n, &one_f, NULL, vx, &zero_f, vy, ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMV(h, n, &one_f, a, NULL, &zero_f, vy, ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, /* a matrix passed as a vector */
             aclsparseSpMV(h, n, &one_f, a, (aclsparseConstDnVecDescr_t)a, &zero_f, vy,
                           ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpMV(h, n, &one_f, a, vx, &zero_f, vy, ACL_FLOAT, ACL_SPARSE_SPMV_CSR_ALG1,
                           NULL));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpMV(h, n, &one_f, a, vx, &zero_f, vy, ACL_DOUBLE, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpMV(h, ACL_SPARSE_OP_CONJUGATE_TRANSPOSE, &one_f, a, vx, &zero_f, vy,
                           ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED, /* x's type differs from A's */
             aclsparseSpMV(h, n, &one_f, a, vint, &zero_f, vy, ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED, /* INT32 compute with float A */
             aclsparseSpMV(h, n, &one_f, a, vx, &zero_f, vy, ACL_INT32, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMV(h, n, &one_f, a, vx, &zero_f, vsmall, ACL_FLOAT, d, NULL));
    size_t bs = 0;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMVGetBufferSize(h, n, &one_f, a, vx, &zero_f, vy, ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMVGetBufferSize(h, n, &one_f, a, vx, &zero_f, vsmall, ACL_FLOAT, d, &bs));
    /* A handle without a stream (CANN requires aclsparseSetStream). */
    aclsparseHandle_t h2 = NULL;
    SP_OK(aclsparseCreate(&h2));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMV(h2, n, &one_f, a, vx, &zero_f, vy, ACL_FLOAT, d, NULL));
    SP_OK(aclsparseDestroy(h2));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_INITIALIZED,
             aclsparseSpMV(h2, n, &one_f, a, vx, &zero_f, vy, ACL_FLOAT, d, NULL));
    SP_OK(aclsparseDestroyDnVec(vsmall));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, /* destroyed vector */
             aclsparseSpMV(h, n, &one_f, a, vx, &zero_f, vsmall, ACL_FLOAT, d, NULL));
    SP_OK(aclsparseDestroyDnVec(vint));
    SP_OK(aclsparseDestroySpMat(a));
    SP_OK(aclsparseDestroyDnVec(vx));
    SP_OK(aclsparseDestroyDnVec(vy));
}

/* dense small matrix times x, for the ordering and replay checks */
static void small_ref(const float *x, float alpha, float *out)
{
    out[0] = alpha * (1 * x[0] + 2 * x[2]);
    out[1] = 0.0f;
    out[2] = alpha * (3 * x[1] + 4 * x[2]);
}

/* SpMV on s, an event recorded after it, a copy of y on s2 after waiting for the event; and
 * the same SpMV captured into a model and replayed with new x (device pointer mode: alpha is
 * read at each replay). */
static void ordering_and_replay(aclsparseHandle_t h, aclrtStream s)
{
    float *d_x = dev_copy((float[3]){1, 2, 3}, 12), *d_y = dev_copy((float[3]){9, 9, 9}, 12);
    void *d_off = dev_copy(s_off, sizeof s_off), *d_col = dev_copy(s_col, sizeof s_col);
    void *d_val = dev_copy(s_val, sizeof s_val);
    float *d_alpha = dev_copy((float[1]){2.0f}, 4), *d_out = dev_copy((float[3]){0}, 12);
    aclsparseSpMatDescr_t a = NULL;
    aclsparseDnVecDescr_t vx = NULL, vy = NULL;
    SP_OK(aclsparseCreateCsr(&a, 3, 3, 4, d_off, d_col, d_val, ACL_SPARSE_INDEX_32I,
                             ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&vx, 3, d_x, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&vy, 3, d_y, ACL_FLOAT));

    /* Stream order across an event: s2 copies y only after the product on s. */
    aclrtStream s2 = NULL;
    aclrtEvent ev = NULL;
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK_OK(aclrtCreateEvent(&ev));
    float al = 1.0f;
    SP_OK(aclsparseSpMV(h, ACL_SPARSE_OP_NON_TRANSPOSE, &al, a, vx, NULL, vy, ACL_FLOAT,
                        ACL_SPARSE_SPMV_ALG_DEFAULT, NULL)); /* beta NULL: 0 */
    CHECK_OK(aclrtRecordEvent(ev, s));
    CHECK_OK(aclrtStreamWaitEvent(s2, ev));
    CHECK_OK(aclrtMemcpyAsync(d_out, 12, d_y, 12, ACL_MEMCPY_DEVICE_TO_DEVICE, s2));
    CHECK_OK(aclrtSynchronizeStream(s2));
    float got[3], want[3];
    to_host(got, d_out, 12);
    small_ref((float[3]){1, 2, 3}, 1.0f, want);
    for (int i = 0; i < 3; i++)
        CHECK(fabsf(got[i] - want[i]) < 1e-5f);

    /* Capture one SpMV (device pointer mode) and replay it. */
    SP_OK(aclsparseSetPointerMode(h, ACL_SPARSE_POINTER_MODE_DEVICE));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    SP_OK(aclsparseSpMV(h, ACL_SPARSE_OP_NON_TRANSPOSE, d_alpha, a, vx, NULL, vy, ACL_FLOAT,
                        ACL_SPARSE_SPMV_ALG_DEFAULT, NULL));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    for (int rep = 0; rep < 2; rep++) {
        float xs[3] = {(float)rep - 1.0f, 0.5f * (float)rep, 4.0f}, alpha = 2.0f + (float)rep;
        CHECK_OK(aclrtMemcpy(d_x, 12, xs, 12, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_OK(aclrtMemcpy(d_alpha, 4, &alpha, 4, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        CHECK_OK(aclrtSynchronizeStream(s));
        to_host(got, d_y, 12);
        small_ref(xs, alpha, want);
        for (int i = 0; i < 3; i++)
            if (fabsf(got[i] - want[i]) > 1e-5f) {
                fprintf(stderr, "replay %d: y[%d] = %g, want %g\n", rep, i, got[i], want[i]);
                exit(1);
            }
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    SP_OK(aclsparseSetPointerMode(h, ACL_SPARSE_POINTER_MODE_HOST));

    /* An index out of range fails the stream (SP2), with no read out of bounds. */
    int32_t bad_col[4] = {0, 2, 1, 7};
    CHECK_OK(aclrtMemcpy(d_col, sizeof bad_col, bad_col, sizeof bad_col,
                         ACL_MEMCPY_HOST_TO_DEVICE));
    aclsparseHandle_t hb = NULL;
    aclrtStream sb = NULL;
    CHECK_OK(aclrtCreateStream(&sb));
    SP_OK(aclsparseCreate(&hb));
    SP_OK(aclsparseSetStream(hb, sb));
    SP_OK(aclsparseSpMV(hb, ACL_SPARSE_OP_NON_TRANSPOSE, &al, a, vx, NULL, vy, ACL_FLOAT,
                        ACL_SPARSE_SPMV_ALG_DEFAULT, NULL));
    aclError rc = aclrtSynchronizeStream(sb);
    CHECK(rc != ACL_SUCCESS);
    const char *m = aclGetRecentErrMsg();
    CHECK(m != NULL && strstr(m, "outside") != NULL);
    SP_OK(aclsparseDestroy(hb));
    (void)aclrtDestroyStream(sb);

    SP_OK(aclsparseDestroySpMat(a));
    SP_OK(aclsparseDestroyDnVec(vx));
    SP_OK(aclsparseDestroyDnVec(vy));
    CHECK_OK(aclrtDestroyEvent(ev));
    CHECK_OK(aclrtDestroyStream(s2));
    void *bufs[] = {d_x, d_y, d_off, d_col, d_val, d_alpha, d_out};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        CHECK_OK(aclrtFree(bufs[i]));
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    aclsparseHandle_t h = NULL;
    SP_OK(aclsparseCreate(&h));
    SP_OK(aclsparseSetStream(h, s));

    const aclsparseFormat_t fmts[] = {ACL_SPARSE_FORMAT_CSR, ACL_SPARSE_FORMAT_CSC,
                                      ACL_SPARSE_FORMAT_COO};
    const aclsparseOperation_t ops[] = {ACL_SPARSE_OP_NON_TRANSPOSE, ACL_SPARSE_OP_TRANSPOSE};
    make_dense(false);
    for (int f = 0; f < 3; f++)
        for (int base = 0; base < 2; base++)
            for (int o = 0; o < 2; o++)
                for (int ib = 4; ib <= 8; ib += 4)
                    one(h, s, fmts[f], base, ib, ACL_FLOAT, ops[o]);
    for (int f = 0; f < 3; f++)
        for (int o = 0; o < 2; o++)
            one(h, s, fmts[f], 1, 4, ACL_FLOAT16, ops[o]);
    make_dense(true);
    for (int f = 0; f < 3; f++)
        for (int o = 0; o < 2; o++)
            one(h, s, fmts[f], 0, 4, ACL_INT32, ops[o]);

    errors(h);
    ordering_and_replay(h, s);

    SP_OK(aclsparseDestroy(h));
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("sparse_spmv: ok\n");
    return 0;
}
