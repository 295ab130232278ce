/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLAS against independent host references (naive loops written here):
 * level 1 with negative increments, gemv with transposes, gemm (Ex, batched,
 * float16), trsm column-major, symm row-major, getrf+getri inverse; error
 * statuses (NULL / destroyed handle, bad enums, sizes); a blas call between an
 * aclrtMemcpyAsync and an event; capture and replay twice.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "cann_ops_blas.h"
#include "cann_ops_blasLt.h"

static int g_fail;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c);                  \
            g_fail = 1;                                                                            \
        }                                                                                          \
    } while (0)

static float *dev(size_t n)
{
    void *p = NULL;
    if (aclrtMalloc(&p, n * sizeof(float) + 16, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        abort();
    return p;
}
static float rnd(void)
{
    return (float)(rand() % 2001 - 1000) / 500.0f;
}
static int close_arr(const float *a, const float *b, int n, float tol)
{
    for (int i = 0; i < n; i++)
        if (fabsf(a[i] - b[i]) > tol * (1 + fabsf(b[i]))) {
            fprintf(stderr, "  [%d] got %g want %g\n", i, a[i], b[i]);
            return 0;
        }
    return 1;
}

/* column-major gemm reference */
static void ref_gemm(int ta, int tb, int m, int n, int k, float al, const float *A, int lda,
                     const float *B, int ldb, float be, float *C, int ldc)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double s = 0;
            for (int p = 0; p < k; p++) {
                float a = ta == ACLBLAS_OP_N ? A[i + p * lda] : A[p + i * lda];
                float b = tb == ACLBLAS_OP_N ? B[p + j * ldb] : B[j + p * ldb];
                s += (double)a * b;
            }
            C[i + j * ldc] = (float)(al * s + be * C[i + j * ldc]);
        }
}

int main(void)
{
    if (aclInit(NULL) || aclrtSetDevice(0))
        return 1;
    aclrtStream s;
    aclrtCreateStream(&s);
    aclblasHandle_t h = NULL;
    CHECK(aclblasCreate(&h) == ACLBLAS_STATUS_SUCCESS);
    CHECK(aclblasCreate(&h) == ACLBLAS_STATUS_INVALID_VALUE); /* *handle not NULL */
    CHECK(aclblasCreate(NULL) == ACLBLAS_STATUS_HANDLE_IS_NULLPTR);
    CHECK(aclblasSetStream(h, s) == ACLBLAS_STATUS_SUCCESS);
    aclrtStream got = NULL;
    CHECK(aclblasGetStream(h, &got) == 0 && got == s);
    int ver = 0;
    CHECK(aclblasGetVersion(h, &ver) == 0 && ver == 10000);

    /* ---- level 1 ---- */
    enum { N = 37 };
    float hx[N * 3], hy[N * 3], r[N * 3];
    for (int i = 0; i < N * 3; i++)
        hx[i] = rnd(), hy[i] = rnd();
    float *dx = dev(N * 3), *dy = dev(N * 3), *dres = dev(4);
    aclrtMemcpy(dx, sizeof hx, hx, sizeof hx, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(dy, sizeof hy, hy, sizeof hy, ACL_MEMCPY_HOST_TO_DEVICE);
    float alpha = 1.5f;
    /* saxpy incx = 2, incy = -3: y[(1-n)*-3 + i*-3] += alpha x[2i] */
    CHECK(aclblasSaxpy(h, N, &alpha, dx, 2, dy, -3) == 0);
    aclrtSynchronizeStream(s);
    float want[N * 3];
    memcpy(want, hy, sizeof hy);
    for (int i = 0; i < N; i++)
        want[(N - 1) * 3 - i * 3] += alpha * hx[2 * i];
    aclrtMemcpy(r, sizeof r, dy, sizeof r, ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK(close_arr(r, want, N * 3, 1e-5f));
    memcpy(hy, r, sizeof r);
    /* sdot, snrm2, isamax, sasum */
    CHECK(aclblasSdot(h, N, dx, 1, dy, 2, dres) == 0);
    aclrtSynchronizeStream(s);
    double d = 0;
    for (int i = 0; i < N; i++)
        d += (double)hx[i] * hy[2 * i];
    CHECK(fabs(dres[0] - d) < 1e-3 * (1 + fabs(d)));
    int *ires = (int *)dres;
    CHECK(aclblasIsamax(h, N, dx, 3, ires) == 0);
    aclrtSynchronizeStream(s);
    int best = 0;
    for (int i = 1; i < N; i++)
        if (fabsf(hx[3 * i]) > fabsf(hx[3 * best]))
            best = i;
    CHECK(*ires == best + 1);
    CHECK(aclblasIsamax(h, N, dx, 0, ires) == 0); /* incx < 1: result 0 */
    aclrtSynchronizeStream(s);
    CHECK(*ires == 0);
    CHECK(aclblasSnrm2(h, N, dx, 1, dres) == 0);
    aclrtSynchronizeStream(s);
    d = 0;
    for (int i = 0; i < N; i++)
        d += (double)hx[i] * hx[i];
    CHECK(fabs(dres[0] - sqrt(d)) < 1e-4 * sqrt(d));
    /* complex dotc */
    aclblasComplex cx[3] = {{1, 2}, {3, -1}, {0.5f, 4}}, cy[3] = {{2, 1}, {-1, 1}, {3, 3}};
    float *dcx = dev(6), *dcy = dev(6);
    memcpy(dcx, cx, sizeof cx), memcpy(dcy, cy, sizeof cy);
    CHECK(aclblasCdotc(h, 3, (uint8_t *)dcx, 1, (uint8_t *)dcy, 1, (uint8_t *)dres) == 0);
    aclrtSynchronizeStream(s);
    double re = 0, im = 0;
    for (int i = 0; i < 3; i++) { /* conj(x) y */
        re += cx[i].real * cy[i].real + cx[i].imag * cy[i].imag;
        im += cx[i].real * cy[i].imag - cx[i].imag * cy[i].real;
    }
    CHECK(fabs(dres[0] - re) < 1e-4 && fabs(dres[1] - im) < 1e-4);

    /* ---- gemv (column-major, transposes) ---- */
    enum { M = 5, K = 7 };
    float hA[M * K], hv[K], hw[M];
    for (int i = 0; i < M * K; i++)
        hA[i] = rnd();
    for (int i = 0; i < K; i++)
        hv[i] = rnd();
    for (int i = 0; i < M; i++)
        hw[i] = rnd();
    float *dA = dev(M * K), *dv = dev(K), *dw = dev(M);
    memcpy(dA, hA, sizeof hA), memcpy(dv, hv, sizeof hv), memcpy(dw, hw, sizeof hw);
    float one = 1.0f, half = 0.5f;
    CHECK(aclblasSgemv(h, ACLBLAS_OP_N, M, K, &one, dA, M, dv, 1, &half, dw, 1) == 0);
    aclrtSynchronizeStream(s);
    for (int i = 0; i < M; i++) {
        double a = 0;
        for (int j = 0; j < K; j++)
            a += (double)hA[i + j * M] * hv[j];
        want[i] = (float)(a + 0.5 * hw[i]);
    }
    CHECK(close_arr(dw, want, M, 1e-4f));
    CHECK(aclblasSgemv(h, ACLBLAS_OP_T, M, K, &one, dA, M, dw, 1, &half, dv, 1) == 0);
    aclrtSynchronizeStream(s);
    for (int j = 0; j < K; j++) {
        double a = 0;
        for (int i = 0; i < M; i++)
            a += (double)hA[i + j * M] * want[i];
        r[j] = (float)(a + 0.5 * hv[j]);
    }
    CHECK(close_arr(dv, r, K, 1e-4f));

    /* ---- gemm: SgemmEx with transposes, batched, GemmEx float16 ---- */
    enum { GM = 17, GN = 9, GK = 13 };
    static float ga[GK * GK * 2], gb[GK * GK * 2], gc[GM * GN], gref[GM * GN];
    for (int i = 0; i < GK * GK * 2; i++)
        ga[i] = rnd(), gb[i] = rnd();
    float *dga = dev(GK * GK * 2), *dgb = dev(GK * GK * 2), *dgc = dev(GM * GN);
    memcpy(dga, ga, sizeof ga), memcpy(dgb, gb, sizeof gb);
    for (int ta = ACLBLAS_OP_N; ta <= ACLBLAS_OP_T; ta++)
        for (int tb = ACLBLAS_OP_N; tb <= ACLBLAS_OP_T; tb++) {
            for (int i = 0; i < GM * GN; i++)
                gc[i] = gref[i] = rnd();
            memcpy(dgc, gc, sizeof gc);
            int lda = ta == ACLBLAS_OP_N ? GM + 1 : GK, ldb = tb == ACLBLAS_OP_N ? GK : GN + 2;
            CHECK(aclblasSgemmEx(h, ta, tb, GM, GN, GK, &alpha, dga, lda, dgb, ldb, &half, dgc, GM,
                                 ACLBLAS_GEMM_DEFAULT) == 0);
            aclrtSynchronizeStream(s);
            ref_gemm(ta, tb, GM, GN, GK, alpha, ga, lda, gb, ldb, 0.5f, gref, GM);
            CHECK(close_arr(dgc, gref, GM * GN, 1e-4f));
        }
    CHECK(aclblasSgemmEx(h, ACLBLAS_OP_N, ACLBLAS_OP_N, GM, GN, GK, &alpha, dga, GM - 1, dgb, GK,
                         &half, dgc, GM, ACLBLAS_GEMM_DEFAULT) == ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(aclblasSgemmEx(h, 7, ACLBLAS_OP_N, GM, GN, GK, &alpha, dga, GM, dgb, GK, &half, dgc, GM,
                         ACLBLAS_GEMM_DEFAULT) == ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(aclblasSgemmEx(h, ACLBLAS_OP_N, ACLBLAS_OP_N, GM, GN, GK, &alpha, dga, GM, dgb, GK, &half,
                         dgc, GM, ACLBLAS_GEMM_ALGO1) == ACLBLAS_STATUS_NOT_SUPPORTED);
    const char *msg = aclGetRecentErrMsg();
    CHECK(msg && strstr(msg, "aclblasSgemmEx"));
    /* batched: 2 problems of 4x3x5 via device pointer arrays */
    {
        float **arr = (float **)dev(12);
        float *c2 = dev(24);
        float cref[24] = {0};
        memset(c2, 0, 24 * sizeof(float));
        for (int b = 0; b < 2; b++) {
            arr[b] = dga + b * 20, arr[2 + b] = dgb + b * 15, arr[4 + b] = c2 + b * 12;
            ref_gemm(ACLBLAS_OP_N, ACLBLAS_OP_N, 4, 3, 5, 1.0f, ga + b * 20, 4, gb + b * 15, 5,
                     0.0f, cref + b * 12, 4);
        }
        float zero = 0;
        CHECK(aclblasSgemmBatched(h, ACLBLAS_OP_N, ACLBLAS_OP_N, 4, 3, 5, &one,
                                  (const float *const *)arr, 4, (const float *const *)arr + 2, 5,
                                  &zero, arr + 4, 4, 2) == 0);
        aclrtSynchronizeStream(s);
        CHECK(close_arr(c2, cref, 24, 1e-4f));
    }

    /* ---- trsm (column-major, left, lower): solve, then multiply back ---- */
    {
        enum { TM = 6, TN = 4 };
        float L[TM * TM], B[TM * TN], X[TM * TN];
        for (int j = 0; j < TM; j++)
            for (int i = 0; i < TM; i++)
                L[i + j * TM] = i < j ? 99.0f : i == j ? 2.0f + (float)i : rnd();
        for (int i = 0; i < TM * TN; i++)
            B[i] = rnd();
        float *dL = dev(TM * TM), *dB = dev(TM * TN);
        memcpy(dL, L, sizeof L), memcpy(dB, B, sizeof B);
        CHECK(aclblasStrsm(h, ACLBLAS_SIDE_LEFT, ACLBLAS_LOWER, ACLBLAS_OP_N, ACLBLAS_NON_UNIT, TM,
                           TN, &one, dL, TM, dB, TM) == 0);
        aclrtSynchronizeStream(s);
        memcpy(X, dB, sizeof X);
        for (int j = 0; j < TN; j++) /* L X == B (upper part of L ignored) */
            for (int i = 0; i < TM; i++) {
                double a = 0;
                for (int p = 0; p <= i; p++)
                    a += (double)L[i + p * TM] * X[p + j * TM];
                r[i + j * TM] = (float)a;
            }
        CHECK(close_arr(r, B, TM * TN, 1e-4f));
        CHECK(aclblasStrsm(h, 3, ACLBLAS_LOWER, ACLBLAS_OP_N, ACLBLAS_NON_UNIT, TM, TN, &one, dL,
                           TM, dB, TM) == ACLBLAS_STATUS_INVALID_VALUE);
    }

    /* ---- symm row-major (ldb, ldc >= n), side left, upper ---- */
    {
        enum { SM = 4, SN = 3 };
        float A[SM * SM], B[SM * SN], C[SM * SN];
        for (int i = 0; i < SM * SM; i++)
            A[i] = rnd();
        for (int i = 0; i < SM * SN; i++)
            B[i] = rnd(), C[i] = rnd();
        float *dSA = dev(SM * SM), *dSB = dev(SM * SN), *dSC = dev(SM * SN);
        memcpy(dSA, A, sizeof A), memcpy(dSB, B, sizeof B), memcpy(dSC, C, sizeof C);
        CHECK(aclblasSsymm(h, ACLBLAS_SIDE_LEFT, ACLBLAS_UPPER, SM, SN, &one, dSA, SM, dSB, SN,
                           &half, dSC, SN) == 0);
        aclrtSynchronizeStream(s);
        for (int i = 0; i < SM; i++)
            for (int j = 0; j < SN; j++) {
                double a = 0;
                for (int p = 0; p < SM; p++) {
                    float sym = i <= p ? A[i * SM + p] : A[p * SM + i]; /* row-major upper */
                    a += (double)sym * B[p * SN + j];
                }
                want[i * SN + j] = (float)(a + 0.5 * C[i * SN + j]);
            }
        CHECK(close_arr(dSC, want, SM * SN, 1e-4f));
        CHECK(aclblasSsymm(h, ACLBLAS_SIDE_LEFT, ACLBLAS_UPPER, SM, SN, &one, dSA, SM, dSB, SN - 1,
                           &half, dSC, SN) == ACLBLAS_STATUS_INVALID_VALUE);
    }

    /* ---- getrf + getri: A * inv(A) == I ---- */
    {
        enum { LN = 5 };
        float A[LN * LN];
        for (int i = 0; i < LN * LN; i++)
            A[i] = rnd() + (i % (LN + 1) == 0 ? 4.0f : 0.0f);
        float *dLU = dev(LN * LN), *dInv = dev(LN * LN);
        float **arr = (float **)dev(8);
        int *piv = (int *)dev(LN), *info = (int *)dev(2);
        memcpy(dLU, A, sizeof A);
        arr[0] = dLU, arr[1] = dInv;
        CHECK(aclblasSgetrfBatched(h, LN, arr, LN, piv, info, 1) == 0);
        CHECK(aclblasSgetriBatched(h, LN, (const float *const *)arr, LN, piv, arr + 1, LN, info + 1,
                                   1) == 0);
        aclrtSynchronizeStream(s);
        CHECK(info[0] == 0 && info[1] == 0);
        for (int i = 0; i < LN; i++)
            for (int j = 0; j < LN; j++) {
                double a = 0;
                for (int p = 0; p < LN; p++)
                    a += (double)A[i + p * LN] * dInv[p + j * LN];
                CHECK(fabs(a - (i == j)) < 1e-3);
            }
    }

    /* ---- stream order: memcpyAsync -> sscal -> memcpyAsync back -> event ---- */
    {
        enum { SN2 = 1 << 16 };
        float *hsrc = malloc(SN2 * sizeof(float)), *hdst = malloc(SN2 * sizeof(float));
        for (int i = 0; i < SN2; i++)
            hsrc[i] = (float)i;
        float *dbuf = dev(SN2), three = 3.0f;
        aclrtEvent ev;
        aclrtCreateEvent(&ev);
        aclrtMemcpyAsync(dbuf, SN2 * 4, hsrc, SN2 * 4, ACL_MEMCPY_HOST_TO_DEVICE, s);
        CHECK(aclblasSscal(h, SN2, &three, dbuf, 1) == 0);
        aclrtMemcpyAsync(hdst, SN2 * 4, dbuf, SN2 * 4, ACL_MEMCPY_DEVICE_TO_HOST, s);
        aclrtRecordEvent(ev, s);
        aclrtSynchronizeEvent(ev);
        int ok = 1;
        for (int i = 0; i < SN2; i++)
            ok &= hdst[i] == 3.0f * (float)i;
        CHECK(ok);
        aclrtDestroyEvent(ev);

        /* ---- capture sscal, replay twice: x * 3 * 3 ---- */
        aclmdlRI ri = NULL;
        for (int i = 0; i < 8; i++)
            dbuf[i] = 1.0f + (float)i;
        CHECK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL) == ACL_SUCCESS);
        CHECK(aclblasSscal(h, 8, &three, dbuf, 1) == 0);
        CHECK(aclmdlRICaptureEnd(s, &ri) == ACL_SUCCESS);
        aclrtSynchronizeStream(s);
        CHECK(dbuf[1] == 2.0f); /* captured, not run */
        CHECK(aclmdlRIExecuteAsync(ri, s) == ACL_SUCCESS);
        CHECK(aclmdlRIExecuteAsync(ri, s) == ACL_SUCCESS);
        aclrtSynchronizeStream(s);
        for (int i = 0; i < 8; i++)
            CHECK(dbuf[i] == 9.0f * (1.0f + (float)i));
        aclmdlRIDestroy(ri);
        free(hsrc), free(hdst);
    }

    /* ---- errors ---- */
    CHECK(aclblasSscal(NULL, 4, &one, dx, 1) == ACLBLAS_STATUS_HANDLE_IS_NULLPTR);
    CHECK(aclblasSaxpy(h, 4, NULL, dx, 1, dy, 1) == ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(aclblasScopy(h, 4, dx, 0, dy, 1) == ACLBLAS_STATUS_INVALID_VALUE);
    /* per-function statuses of ops-blas's host code */
    CHECK(aclblasSasum(NULL, 4, dx, 1, dres) == ACLBLAS_STATUS_NOT_INITIALIZED);
    CHECK(aclblasSdot(NULL, 4, dx, 1, dy, 1, dres) == ACLBLAS_STATUS_HANDLE_IS_NULLPTR);
    CHECK(aclblasSswap(h, 4, dx, 2, dy, 1) == ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(aclblasScopy(h, -1, dx, 1, dy, 1) == ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(aclblasSaxpy(h, -1, &one, dx, 1, dy, 1) == ACLBLAS_STATUS_SUCCESS); /* no-op */
    CHECK(aclblasScopy(h, 0, NULL, 1, dy, 1) == ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(aclblasSscal(h, -3, NULL, dx, 1) == ACLBLAS_STATUS_SUCCESS); /* n <= 0: no-op */
    dres[0] = 5.0f;
    CHECK(aclblasSdot(h, -2, dx, 1, dy, 1, dres) == ACLBLAS_STATUS_SUCCESS); /* writes 0 */
    aclrtSynchronizeStream(s);
    CHECK(dres[0] == 0.0f);
    CHECK(aclblasSpmv(h, dx, dx, dy, dy, 1, 0, -1, 1, 1) == ACLBLAS_STATUS_INVALID_VALUE);
    /* aclblasSpmv: ops-blas's golden (spmv_test.cpp) packs (i >= j) at j + i(i+1)/2 */
    {
        enum { PN = 6 };
        float ap[PN * (PN + 1) / 2], px[PN], py[2 * PN];
        for (int i = 0; i < PN * (PN + 1) / 2; i++)
            ap[i] = rnd();
        for (int i = 0; i < PN; i++)
            px[i] = rnd(), py[2 * i] = rnd(), py[2 * i + 1] = 0;
        float *dap = dev(PN * (PN + 1) / 2), *dpx = dev(PN), *dpy = dev(2 * PN), *dpz = dev(PN);
        memcpy(dap, ap, sizeof ap), memcpy(dpx, px, sizeof px), memcpy(dpy, py, sizeof py);
        CHECK(aclblasSpmv(h, dap, dpx, dpy, dpz, 2.0f, 0.5f, PN, 1, 2) == 0);
        aclrtSynchronizeStream(s);
        for (int i = 0; i < PN; i++) {
            double a = 0;
            for (int j = 0; j < PN; j++) {
                int r0 = i >= j ? i : j, c0 = i >= j ? j : i;
                a += (double)ap[c0 + r0 * (r0 + 1) / 2] * px[j];
            }
            want[i] = (float)(2.0 * a + 0.5 * py[2 * i]);
        }
        CHECK(close_arr(dpz, want, PN, 1e-4f));
    }
    aclblasLtHandle_t lt = NULL;
    CHECK(aclblasLtCreate(&lt) == 0 && lt);
    CHECK(aclblasLtDestroy(lt) == 0);
    CHECK(aclblasDestroy(h) == ACLBLAS_STATUS_SUCCESS);
    /* destroyed handle: rejected, never dereferenced */
    CHECK(aclblasSscal(h, 4, &one, dx, 1) == ACLBLAS_STATUS_NOT_INITIALIZED);
    CHECK(aclblasDestroy(h) == ACLBLAS_STATUS_NOT_INITIALIZED);

    aclrtDestroyStream(s);
    aclrtResetDevice(0);
    aclFinalize();
    if (!g_fail)
        printf("blas_api: ok\n");
    return g_fail;
}
