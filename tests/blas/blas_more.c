/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLAS level 2 / 3 / LAPACK-like / Lt against naive host references
 * written here: triangular band solve, packed symv, ger, syr2, complex gemv,
 * float16 GemmEx and half batched gemv, grouped gemm, dgmm, tpttr/trttp,
 * rot/rotg, getrs, gels, matinv, ColwiseMul (ops-blas's own 2x3 case),
 * aclblasLtMatmul row-major with bias+relu and strided batch.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "cann_ops_blas.h"
#include "cann_ops_blasLt.h"
#include "cpuacl/cpuacl_half.h"

static int g_fail;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c);                  \
            g_fail = 1;                                                                            \
        }                                                                                          \
    } while (0)

static void *dev(size_t bytes)
{
    void *p = NULL;
    if (aclrtMalloc(&p, bytes + 64, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        abort();
    return p;
}
static float rnd(void)
{
    return (float)(rand() % 2001 - 1000) / 500.0f;
}
static int near(const float *a, const float *b, int n, float tol)
{
    for (int i = 0; i < n; i++)
        if (fabsf(a[i] - b[i]) > tol * (1 + fabsf(b[i]))) {
            fprintf(stderr, "  [%d] got %g want %g\n", i, a[i], b[i]);
            return 0;
        }
    return 1;
}

static aclblasHandle_t h;
static aclrtStream s;
#define SYNC() aclrtSynchronizeStream(s)

static void t_level2(void)
{
    enum { N = 9, K = 2 };
    float one = 1, half = 0.5f;
    /* tbsv: upper band (k = 2), column-major band storage A[k + i - j + j*lda] */
    float band[(K + 1) * N], full[N * N] = {0}, x[N], want[N];
    for (int j = 0; j < N; j++)
        for (int r = 0; r <= K; r++) {
            int i = j - K + r;
            float v = r == K ? 3.0f + (float)j * 0.1f : rnd() * 0.3f;
            band[r + j * (K + 1)] = v;
            if (i >= 0)
                full[i + j * N] = v;
        }
    for (int i = 0; i < N; i++)
        want[i] = x[i] = rnd();
    float *dband = dev(sizeof band), *dx = dev(sizeof x);
    memcpy(dband, band, sizeof band), memcpy(dx, x, sizeof x);
    CHECK(aclblasStbsv(h, ACLBLAS_UPPER, ACLBLAS_OP_N, ACLBLAS_NON_UNIT, N, K, dband, K + 1, dx,
                       1) == 0);
    SYNC();
    float back[N];
    for (int i = 0; i < N; i++) { /* full * solution == x */
        double a = 0;
        for (int j = 0; j < N; j++)
            a += (double)full[i + j * N] * dx[j];
        back[i] = (float)a;
    }
    CHECK(near(back, want, N, 1e-4f));

    /* sspmv lower packed, incx -1 */
    float ap[N * (N + 1) / 2], sym[N * N], y[N], yw[N];
    int p = 0;
    for (int j = 0; j < N; j++)
        for (int i = j; i < N; i++, p++)
            ap[p] = sym[i + j * N] = sym[j + i * N] = rnd();
    for (int i = 0; i < N; i++)
        x[i] = rnd(), y[i] = rnd();
    float *dap = dev(sizeof ap), *dy = dev(sizeof y);
    memcpy(dap, ap, sizeof ap), memcpy(dx, x, sizeof x), memcpy(dy, y, sizeof y);
    CHECK(aclblasSspmv(h, ACLBLAS_LOWER, N, &one, dap, dx, -1, &half, dy, 1) == 0);
    SYNC();
    for (int i = 0; i < N; i++) {
        double a = 0;
        for (int j = 0; j < N; j++)
            a += (double)sym[i + j * N] * x[N - 1 - j];
        yw[i] = (float)(a + 0.5 * y[i]);
    }
    CHECK(near(dy, yw, N, 1e-4f));

    /* ger (m=4, n=3, lda 6) and syr2 upper */
    float A[6 * 3], Aw[6 * 3];
    for (int i = 0; i < 18; i++)
        A[i] = Aw[i] = rnd();
    float *dA = dev(sizeof A);
    memcpy(dA, A, sizeof A), memcpy(dx, x, sizeof x), memcpy(dy, y, sizeof y);
    CHECK(aclblasSger(h, 4, 3, &half, dx, 1, dy, 2, dA, 6) == 0);
    SYNC();
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 4; i++)
            Aw[i + j * 6] += 0.5f * x[i] * y[2 * j];
    CHECK(near(dA, Aw, 18, 1e-5f));
    CHECK(aclblasSger(h, 4, 3, &half, dx, 1, dy, 2, dA, 3) == ACLBLAS_STATUS_INVALID_VALUE);
    float S[N * N], Sw[N * N];
    for (int i = 0; i < N * N; i++)
        S[i] = Sw[i] = rnd();
    float *dS = dev(sizeof S);
    memcpy(dS, S, sizeof S);
    CHECK(aclblasSsyr2(h, ACLBLAS_UPPER, N, &one, dx, 1, dy, 1, dS, N) == 0);
    SYNC();
    for (int j = 0; j < N; j++)
        for (int i = 0; i <= j; i++)
            Sw[i + j * N] += x[i] * y[j] + y[i] * x[j];
    CHECK(near(dS, Sw, N * N, 1e-4f));

    /* complex gemv, OP_C */
    enum { CM = 3, CN = 4 };
    aclblasComplex cA[CM * CN], cx[CM], cy[CN];
    for (int i = 0; i < CM * CN; i++)
        cA[i] = (aclblasComplex){rnd(), rnd()};
    for (int i = 0; i < CM; i++)
        cx[i] = (aclblasComplex){rnd(), rnd()};
    for (int i = 0; i < CN; i++)
        cy[i] = (aclblasComplex){rnd(), rnd()};
    aclblasComplex *dcA = dev(sizeof cA), *dcx = dev(sizeof cx), *dcy = dev(sizeof cy);
    memcpy(dcA, cA, sizeof cA), memcpy(dcx, cx, sizeof cx), memcpy(dcy, cy, sizeof cy);
    aclblasComplex al = {1, 0.5f}, be = {0, 0};
    CHECK(aclblasCgemv(h, ACLBLAS_OP_C, CM, CN, al, dcA, CM, dcx, 1, be, dcy, 1) == 0);
    SYNC();
    for (int j = 0; j < CN; j++) {
        double re = 0, im = 0;
        for (int i = 0; i < CM; i++) { /* conj(A[i,j]) x[i] */
            aclblasComplex a = cA[i + j * CM], v = cx[i];
            re += a.real * v.real + a.imag * v.imag;
            im += a.real * v.imag - a.imag * v.real;
        }
        double wr = al.real * re - al.imag * im, wi = al.real * im + al.imag * re;
        CHECK(fabs(dcy[j].real - wr) < 1e-4 && fabs(dcy[j].imag - wi) < 1e-4);
    }
}

/* The legacy out-of-place forms, against references following ops-blas's test goldens
 * (stpmv_test.cpp, stbmv_test.cpp: their packed and band index formulas). */
static void t_legacy(void)
{
    enum { N = 7, K = 2 };
    float ap[N * (N + 1) / 2], x[N * 2], want[N * 2];
    for (int i = 0; i < N * (N + 1) / 2; i++)
        ap[i] = rnd();
    for (int i = 0; i < N * 2; i++)
        x[i] = rnd();
    float *dap = dev(sizeof ap), *dx = dev(sizeof x), *dy = dev(sizeof x);
    memcpy(dap, ap, sizeof ap), memcpy(dx, x, sizeof x);
    int ups[2] = {ACLBLAS_LOWER, ACLBLAS_UPPER}, trs[2] = {ACLBLAS_OP_N, ACLBLAS_OP_T};
    for (int u = 0; u < 2; u++)
        for (int tr = 0; tr < 2; tr++) {
            int inc = u == tr ? -2 : 1; /* logical i at (n-1-i)*2 when negative */
            int formA = (ups[u] == ACLBLAS_LOWER && trs[tr] == ACLBLAS_OP_N) ||
                        (ups[u] == ACLBLAS_UPPER && trs[tr] != ACLBLAS_OP_N);
            memset(dy, 0, sizeof x);
            CHECK(aclblasStpmv_legacy(h, ups[u], trs[tr], ACLBLAS_NON_UNIT, N, dap, dx, dy, inc) ==
                  0);
            SYNC();
            for (int r = 0; r < N; r++) {
                double a = 0;
                int c0 = formA ? 0 : r, c1 = formA ? r : N - 1;
                for (int c = c0; c <= c1; c++) {
                    int idx = formA ? r * (r + 1) / 2 + c : r + c * (c + 1) / 2;
                    int xp = inc > 0 ? c * inc : (N - 1 - c) * -inc;
                    a += (double)ap[idx] * x[xp];
                }
                int yp = inc > 0 ? r * inc : (N - 1 - r) * -inc;
                CHECK(fabs(dy[yp] - a) < 1e-4 * (1 + fabs(a)));
            }
        }
    CHECK(aclblasStpmv_legacy(h, ACLBLAS_LOWER, ACLBLAS_OP_N, ACLBLAS_NON_UNIT, -1, NULL, NULL,
                              NULL, 1) == 0);
    CHECK(aclblasStpmv_legacy(h, 0, ACLBLAS_OP_N, ACLBLAS_NON_UNIT, 4, dap, dx, dy, 1) ==
          ACLBLAS_STATUS_INVALID_VALUE);
    /* Stbmv_legacy: band row b of column j at a[b*lda + j] */
    float band[(K + 1) * N];
    for (int i = 0; i < (K + 1) * N; i++)
        band[i] = rnd();
    float *dband = dev(sizeof band);
    memcpy(dband, band, sizeof band);
    for (int u = 0; u < 2; u++)
        for (int tr = 0; tr < 2; tr++) {
            int up = ups[u] == ACLBLAS_UPPER, tt = trs[tr] != ACLBLAS_OP_N;
            memset(dy, 0, sizeof x);
            CHECK(aclblasStbmv_legacy(h, ups[u], trs[tr], ACLBLAS_NON_UNIT, dband, N, dx, dy, N, K,
                                      1) == 0);
            SYNC();
            for (int r = 0; r < N; r++) {
                int c0, c1;
                if (!tt)
                    c0 = up ? r : (r > K ? r - K : 0),
                    c1 = up ? (r + K < N - 1 ? r + K : N - 1) : r;
                else
                    c0 = up ? (r > K ? r - K : 0) : r,
                    c1 = up ? r : (r + K < N - 1 ? r + K : N - 1);
                double a = 0;
                for (int c = c0; c <= c1; c++) {
                    int col = tt ? r : c;
                    int b = !tt ? (up ? K - (c - r) : r - c) : (up ? K - (r - c) : c - r);
                    a += (double)band[b * N + col] * x[c];
                }
                CHECK(fabs(dy[r] - a) < 1e-4 * (1 + fabs(a)));
            }
        }
    (void)want;
}

/* ops-blas's cgemv_batched_test.cpp case: 3 batches of 32 x 32, A[b](i, j) = ((i+j+b), (i-j+b)) /
 * 10, x[b](i) = ((i+b), (i-b)) / 5, alpha 1, beta 0, packed batch after batch. */
static void t_cgemv_batched(void)
{
    enum { B = 3, M = 32, N = 32 };
    aclblasComplex *A = dev(sizeof(aclblasComplex) * B * M * N),
                   *x = dev(sizeof(aclblasComplex) * B * N),
                   *y = dev(sizeof(aclblasComplex) * B * M);
    for (int b = 0; b < B; b++) {
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++)
                A[b * M * N + i + j * M] = (aclblasComplex){(i + j + b) * 0.1f, (i - j + b) * 0.1f};
        for (int i = 0; i < N; i++)
            x[b * N + i] = (aclblasComplex){(i + b) * 0.2f, (i - b) * 0.2f};
    }
    aclblasComplex one = {1, 0}, zero = {0, 0};
    CHECK(aclblasCgemvBatched(h, ACLBLAS_OP_N, M, N, one, A, M, x, 1, zero, y, 1, B) == 0);
    SYNC();
    for (int b = 0; b < B; b++)
        for (int i = 0; i < M; i++) {
            double re = 0, im = 0;
            for (int j = 0; j < N; j++) {
                double ar = (i + j + b) * 0.1, ai = (i - j + b) * 0.1, xr = (j + b) * 0.2,
                       xi = (j - b) * 0.2;
                re += ar * xr - ai * xi;
                im += ar * xi + ai * xr;
            }
            CHECK(fabs(y[b * M + i].real - re) < 1e-3 * (1 + fabs(re)) &&
                  fabs(y[b * M + i].imag - im) < 1e-3 * (1 + fabs(im)));
        }
}

static void t_half(void)
{
    /* GemmEx float16 in, float16 out, op T x N */
    enum { M = 6, N = 5, K = 8 };
    uint16_t A[K * M], B[K * N], C[M * N];
    float fa[K * M], fb[K * N];
    for (int i = 0; i < K * M; i++)
        A[i] = cpuacl_f32_to_f16(rnd()), fa[i] = cpuacl_f16_to_f32(A[i]);
    for (int i = 0; i < K * N; i++)
        B[i] = cpuacl_f32_to_f16(rnd()), fb[i] = cpuacl_f16_to_f32(B[i]);
    uint16_t *dA = dev(sizeof A), *dB = dev(sizeof B), *dC = dev(sizeof C);
    memcpy(dA, A, sizeof A), memcpy(dB, B, sizeof B);
    float one = 1, zero = 0;
    CHECK(aclblasGemmEx(h, ACLBLAS_OP_T, ACLBLAS_OP_N, M, N, K, &one, dA, ACL_FLOAT16, K, dB,
                        ACL_FLOAT16, K, &zero, dC, ACL_FLOAT16, M, ACLBLAS_COMPUTE_32F,
                        ACLBLAS_GEMM_DEFAULT) == 0);
    SYNC();
    for (int j = 0; j < N; j++)
        for (int i = 0; i < M; i++) {
            double a = 0;
            for (int p = 0; p < K; p++)
                a += (double)fa[p + i * K] * fb[p + j * K];
            CHECK(fabs(cpuacl_f16_to_f32(dC[i + j * M]) - a) < 2e-2 * (1 + fabs(a)));
        }
    /* COMPUTE_16F takes alpha / beta as float16: 2 C = 2 (A^T B) */
    uint16_t h2 = cpuacl_f32_to_f16(2.0f), h0 = 0;
    CHECK(aclblasGemmEx(h, ACLBLAS_OP_T, ACLBLAS_OP_N, M, N, K, &h2, dA, ACL_FLOAT16, K, dB,
                        ACL_FLOAT16, K, &h0, dC, ACL_FLOAT16, M, ACLBLAS_COMPUTE_16F,
                        ACLBLAS_GEMM_DEFAULT) == 0);
    SYNC();
    for (int j = 0; j < N; j++)
        for (int i = 0; i < M; i++) {
            double a = 0;
            for (int p = 0; p < K; p++)
                a += (double)fa[p + i * K] * fb[p + j * K];
            CHECK(fabs(cpuacl_f16_to_f32(dC[i + j * M]) - 2 * a) < 4e-2 * (1 + fabs(a)));
        }
    /* ops-blas's combinations only: float16 in, float out is not one */
    CHECK(aclblasGemmEx(h, ACLBLAS_OP_T, ACLBLAS_OP_N, M, N, K, &one, dA, ACL_FLOAT16, K, dB,
                        ACL_FLOAT16, K, &zero, dC, ACL_FLOAT, M, ACLBLAS_COMPUTE_32F,
                        ACLBLAS_GEMM_DEFAULT) == ACLBLAS_STATUS_NOT_SUPPORTED);
    CHECK(aclblasGemmEx(h, ACLBLAS_OP_T, ACLBLAS_OP_N, M, N, K, &one, dA, ACL_INT8, K, dB, ACL_INT8,
                        K, &zero, dC, ACL_FLOAT16, M, ACLBLAS_COMPUTE_32F,
                        ACLBLAS_GEMM_DEFAULT) == ACLBLAS_STATUS_NOT_SUPPORTED);

    /* TSS gemv strided batched: bf16 A, x; float y; 2 batches */
    enum { GM = 4, GN = 3 };
    uint16_t gA[2 * GM * GN], gx[2 * GN];
    float ga[2 * GM * GN], gxv[2 * GN];
    for (int i = 0; i < 2 * GM * GN; i++)
        gA[i] = cpuacl_f32_to_bf16(rnd()), ga[i] = cpuacl_bf16_to_f32(gA[i]);
    for (int i = 0; i < 2 * GN; i++)
        gx[i] = cpuacl_f32_to_bf16(rnd()), gxv[i] = cpuacl_bf16_to_f32(gx[i]);
    uint16_t *dgA = dev(sizeof gA), *dgx = dev(sizeof gx);
    float *dgy = dev(2 * GM * sizeof(float));
    memcpy(dgA, gA, sizeof gA), memcpy(dgx, gx, sizeof gx);
    CHECK(aclblasTSSgemvStridedBatched(h, ACLBLAS_OP_N, GM, GN, &one, dgA, GM, GM * GN, dgx, 1, GN,
                                       &zero, dgy, 1, GM, 2) == 0);
    SYNC();
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < GM; i++) {
            double a = 0;
            for (int j = 0; j < GN; j++)
                a += (double)ga[b * GM * GN + i + j * GM] * gxv[b * GN + j];
            CHECK(fabs(dgy[b * GM + i] - a) < 1e-3 * (1 + fabs(a)));
        }
}

static void t_level3(void)
{
    /* grouped: group 0 two 3x2x4 N/N, group 1 one 2x3x2 T/N */
    float *buf = dev(4096 * sizeof(float));
    float hostv[4096];
    for (int i = 0; i < 4096; i++)
        hostv[i] = buf[i] = rnd();
    aclblasOperation_t ta[2] = {ACLBLAS_OP_N, ACLBLAS_OP_T}, tb[2] = {ACLBLAS_OP_N, ACLBLAS_OP_N};
    int m[2] = {3, 2}, n[2] = {2, 3}, k[2] = {4, 2}, lda[2] = {3, 2}, ldb[2] = {4, 2},
        ldc[2] = {3, 2}, gs[2] = {2, 1};
    float al[2] = {1, 2}, be[2] = {0, 1};
    float **arr = dev(9 * sizeof(float *));
    int offA[3] = {0, 100, 200}, offB[3] = {300, 400, 500}, offC[3] = {600, 700, 800};
    for (int i = 0; i < 3; i++)
        arr[i] = buf + offA[i], arr[3 + i] = buf + offB[i], arr[6 + i] = buf + offC[i];
    CHECK(aclblasSgemmGroupedBatched(h, 2, ta, tb, m, n, k, al, (const float *const *)arr, lda,
                                     (const float *const *)arr + 3, ldb, be, arr + 6, ldc,
                                     gs) == 0);
    SYNC();
    for (int p = 0; p < 3; p++) {
        int g = p < 2 ? 0 : 1;
        for (int j = 0; j < n[g]; j++)
            for (int i = 0; i < m[g]; i++) {
                double a = 0;
                for (int q = 0; q < k[g]; q++) {
                    float av = ta[g] == ACLBLAS_OP_N ? hostv[offA[p] + i + q * lda[g]]
                                                     : hostv[offA[p] + q + i * lda[g]];
                    a += (double)av * hostv[offB[p] + q + j * ldb[g]];
                }
                double w = al[g] * a + be[g] * hostv[offC[p] + i + j * ldc[g]];
                CHECK(fabs(buf[offC[p] + i + j * ldc[g]] - w) < 1e-4 * (1 + fabs(w)));
            }
    }
    /* ops-blas's enum statuses */
    aclblasOperation_t bad_t[2] = {ACLBLAS_OP_C, ACLBLAS_OP_N};
    CHECK(aclblasSgemmGroupedBatched(h, 2, bad_t, tb, m, n, k, al, (const float *const *)arr, lda,
                                     (const float *const *)arr + 3, ldb, be, arr + 6, ldc,
                                     gs) == ACLBLAS_STATUS_INVALID_ENUM);
    CHECK(aclblasSsymm(h, 7, ACLBLAS_UPPER, 2, 2, al, buf, 2, buf, 2, be, buf, 2) ==
          ACLBLAS_STATUS_INVALID_ENUM);
    CHECK(aclblasSgemvBatched(h, ACLBLAS_OP_C, 2, 2, al, (const float *const *)arr, 2,
                              (const float *const *)arr, 1, be, arr, 1,
                              1) == ACLBLAS_STATUS_INVALID_ENUM);
    CHECK(aclblasSgemvBatched(h, ACLBLAS_OP_N, 2, 2, al, (const float *const *)arr, 2,
                              (const float *const *)arr, 1, be, arr, 1,
                              0) == ACLBLAS_STATUS_INVALID_VALUE);
    /* dgmm right, incx 2 */
    float *dA = buf + 1000, *dx = buf + 1100, *dC = buf + 1200;
    CHECK(aclblasSdgmm(h, ACLBLAS_SIDE_RIGHT, 3, 4, dA, 3, dx, 2, dC, 3) == 0);
    SYNC();
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 3; i++)
            CHECK(dC[i + j * 3] == hostv[1000 + i + j * 3] * hostv[1100 + 2 * j]);
    /* trttp then tpttr round trip (lower, n 4, lda 5) */
    float *dT = buf + 1300, *dP = buf + 1400, *dT2 = buf + 1500;
    CHECK(aclblasStrttp(h, ACLBLAS_LOWER, 4, dT, 5, dP) == 0);
    SYNC();
    int p = 0;
    for (int j = 0; j < 4; j++)
        for (int i = j; i < 4; i++, p++)
            CHECK(dP[p] == hostv[1300 + i + j * 5]);
    CHECK(aclblasStpttr(h, ACLBLAS_LOWER, 4, dP, dT2, 5) == 0);
    SYNC();
    for (int j = 0; j < 4; j++)
        for (int i = j; i < 4; i++)
            CHECK(dT2[i + j * 5] == hostv[1300 + i + j * 5]);
    /* trmm row-major left upper: C = A B */
    enum { TM = 3, TN = 2 };
    float *tA = buf + 1600, *tB = buf + 1700, *tC = buf + 1800, one = 1;
    CHECK(aclblasStrmm(h, ACLBLAS_SIDE_LEFT, ACLBLAS_UPPER, ACLBLAS_OP_N, ACLBLAS_NON_UNIT, TM, TN,
                       &one, tA, TM, tB, TN, tC, TN) == 0);
    SYNC();
    for (int i = 0; i < TM; i++)
        for (int j = 0; j < TN; j++) {
            double a = 0;
            for (int q = i; q < TM; q++)
                a += (double)hostv[1600 + i * TM + q] * hostv[1700 + q * TN + j];
            CHECK(fabs(tC[i * TN + j] - a) < 1e-4 * (1 + fabs(a)));
        }
    /* srot, srotg */
    float *rx = buf + 1900, *ry = buf + 1950, c = 0.6f, sn = 0.8f;
    CHECK(aclblasSrot(h, 5, rx, 1, ry, 1, &c, &sn) == 0);
    SYNC();
    for (int i = 0; i < 5; i++) {
        float u = hostv[1900 + i], v = hostv[1950 + i];
        CHECK(fabsf(rx[i] - (c * u + sn * v)) < 1e-5f && fabsf(ry[i] - (c * v - sn * u)) < 1e-5f);
    }
    float *g = buf + 2000;
    g[0] = 3, g[1] = 4;
    CHECK(aclblasSrotg(h, g, g + 1, g + 2, g + 3) == 0);
    SYNC();
    CHECK(fabsf(g[0] - 5) < 1e-6f && fabsf(g[2] - 0.6f) < 1e-6f && fabsf(g[3] - 0.8f) < 1e-6f);
    /* ColwiseMul: ops-blas's own 2x3 case, reference from the formula */
    float mat[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, vec[4] = {2, 3, 4, 5};
    float *dm = buf + 2100, *dv = buf + 2200, *dr = buf + 2300;
    memcpy(dm, mat, sizeof mat), memcpy(dv, vec, sizeof vec);
    CHECK(aclblasColwiseMul(h, 2, 3, (uint8_t *)dm, (uint8_t *)dv, (uint8_t *)dr) == 0);
    SYNC();
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) {
            float ar = mat[(i * 3 + j) * 2], ai = mat[(i * 3 + j) * 2 + 1];
            float vr = vec[2 * i], vi = vec[2 * i + 1];
            CHECK(dr[(i * 3 + j) * 2] == ar * vr - ai * vi &&
                  dr[(i * 3 + j) * 2 + 1] == ar * vi + ai * vr);
        }
}

static void t_lapack(void)
{
    enum { N = 4, R = 2 };
    float A[N * N], B[N * R];
    for (int i = 0; i < N * N; i++)
        A[i] = rnd() + (i % (N + 1) == 0 ? 3.0f : 0.0f);
    for (int i = 0; i < N * R; i++)
        B[i] = rnd();
    float *dA = dev(sizeof A), *dB = dev(sizeof B), *dInv = dev(sizeof A), *dLU = dev(sizeof A);
    float **arr = dev(4 * sizeof(float *));
    int *piv = dev(N * sizeof(int)), *info = dev(4 * sizeof(int)), hinfo = 7;
    memcpy(dA, A, sizeof A), memcpy(dLU, A, sizeof A), memcpy(dB, B, sizeof B);
    arr[0] = dA, arr[1] = dInv, arr[2] = dLU, arr[3] = dB;
    /* matinv: A inv(A) == I */
    CHECK(aclblasSmatinvBatched(h, N, (const float *const *)arr, N, arr + 1, N, info, 1) == 0);
    /* getrf + getrs: A X == B */
    CHECK(aclblasSgetrfBatched(h, N, arr + 2, N, piv, info + 1, 1) == 0);
    CHECK(aclblasSgetrsBatched(h, ACLBLAS_OP_N, N, R, (const float *const *)arr + 2, N, piv,
                               arr + 3, N, &hinfo, 1) == 0);
    CHECK(hinfo == 0);
    SYNC();
    CHECK(info[0] == 0 && info[1] == 0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double a = 0;
            for (int p = 0; p < N; p++)
                a += (double)A[i + p * N] * dInv[p + j * N];
            CHECK(fabs(a - (i == j)) < 1e-3);
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < R; j++) {
            double a = 0;
            for (int p = 0; p < N; p++)
                a += (double)A[i + p * N] * dB[p + j * N];
            CHECK(fabs(a - B[i + j * N]) < 1e-3);
        }
    CHECK(aclblasSgetrsBatched(h, ACLBLAS_OP_N, -1, R, (const float *const *)arr + 2, N, piv,
                               arr + 3, N, &hinfo, 1) == ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(hinfo == -3); /* ops-blas numbers getrs's arguments with the handle as 1 */
    CHECK(aclblasSgetrsBatched(h, 7, N, R, (const float *const *)arr + 2, N, piv, arr + 3, N,
                               &hinfo, 1) == ACLBLAS_STATUS_INVALID_ENUM);
    CHECK(hinfo == -2);
    /* getrf without pivots, then getri without pivots: A inv(A) == I */
    memcpy(dLU, A, sizeof A);
    CHECK(aclblasSgetrfBatched(h, N, arr + 2, N, NULL, NULL, 1) == 0);
    CHECK(aclblasSgetriBatched(h, N, (const float *const *)arr + 2, N, NULL, arr + 1, N, info, 1) ==
          0);
    SYNC();
    CHECK(info[0] == 0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double a = 0;
            for (int p = 0; p < N; p++)
                a += (double)A[i + p * N] * dInv[p + j * N];
            CHECK(fabs(a - (i == j)) < 1e-3);
        }
    /* gels, m = 6 > n = 3: the residual is orthogonal to A's columns (A^T (A x - b) == 0) */
    enum { GM = 6, GN = 3 };
    float ga[GM * GN], gb[GM];
    for (int i = 0; i < GM * GN; i++)
        ga[i] = rnd();
    for (int i = 0; i < GM; i++)
        gb[i] = rnd();
    float *dga = dev(sizeof ga), *dgb = dev(sizeof gb);
    memcpy(dga, ga, sizeof ga), memcpy(dgb, gb, sizeof gb);
    arr[0] = dga, arr[1] = dgb;
    CHECK(aclblasSgelsBatched(h, ACLBLAS_OP_N, GM, GN, 1, arr, GM, arr + 1, GM, info, 1) == 0);
    SYNC();
    CHECK(info[0] == 0);
    for (int j = 0; j < GN; j++) {
        double a = 0;
        for (int i = 0; i < GM; i++) {
            double r = -gb[i];
            for (int p = 0; p < GN; p++)
                r += (double)ga[i + p * GM] * dgb[p];
            a += ga[i + j * GM] * r;
        }
        CHECK(fabs(a) < 1e-3);
    }
    CHECK(aclblasSgelsBatched(h, ACLBLAS_OP_C, GM, GN, 1, arr, GM, arr + 1, GM, info, 1) ==
          ACLBLAS_STATUS_INVALID_ENUM);
    CHECK(aclblasSmatinvBatched(h, 33, (const float *const *)arr, 33, arr + 1, 33, info, 1) ==
          ACLBLAS_STATUS_INVALID_VALUE);
    /* geqrf: R (upper triangle of the result) satisfies R^T R == A^T A */
    memcpy(dga, ga, sizeof ga);
    float *tau = dev(GN * sizeof(float));
    arr[0] = dga, arr[1] = tau;
    CHECK(aclblasSgeqrfBatched(h, GM, GN, arr, GM, arr + 1, &hinfo, 1) == 0 && hinfo == 0);
    SYNC();
    for (int i = 0; i < GN; i++)
        for (int j = 0; j < GN; j++) {
            double rr = 0, aa = 0;
            for (int p = 0; p <= (i < j ? i : j); p++)
                rr += (double)dga[p + i * GM] * dga[p + j * GM];
            for (int p = 0; p < GM; p++)
                aa += (double)ga[p + i * GM] * ga[p + j * GM];
            CHECK(fabs(rr - aa) < 1e-3 * (1 + fabs(aa)));
        }
    CHECK(aclblasSgeqrfBatched(h, -1, 2, arr, 1, arr + 1, &hinfo, 1) ==
          ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(hinfo == ACLBLAS_LAPACK_INFO_ARG_1);
    CHECK(aclblasSgeqrfBatched(h, 3, 2, arr, 2, arr + 1, &hinfo, 1) ==
          ACLBLAS_STATUS_INVALID_VALUE);
    CHECK(hinfo == ACLBLAS_LAPACK_INFO_ARG_4);
}

static void t_lt(void)
{
    /* D (row-major 3x4) = relu(A(row 3x5) B(row 5x4) + bias), 2 batches strided */
    enum { M = 3, N = 4, K = 5, BT = 2 };
    float *A = dev(BT * M * K * 4), *B = dev(BT * K * N * 4), *D = dev(BT * M * N * 4),
          *bias = dev(M * 4);
    for (int i = 0; i < BT * M * K; i++)
        A[i] = rnd();
    for (int i = 0; i < BT * K * N; i++)
        B[i] = rnd();
    for (int i = 0; i < M; i++)
        bias[i] = rnd();
    aclblasLtHandle_t lt = NULL;
    CHECK(aclblasLtCreate(&lt) == 0);
    aclblasLtMatrixLayout_t la, lb, ld;
    CHECK(aclblasLtMatrixLayoutCreate(&la, ACL_FLOAT, M, K, K) == 0);
    CHECK(aclblasLtMatrixLayoutCreate(&lb, ACL_FLOAT, K, N, N) == 0);
    CHECK(aclblasLtMatrixLayoutCreate(&ld, ACL_FLOAT, M, N, N) == 0);
    int32_t row = ACLBLASLT_ORDER_ROW, bc = BT;
    int64_t sa = M * K, sb = K * N, sd = M * N;
    aclblasLtMatrixLayout_t ls[3] = {la, lb, ld};
    int64_t st[3] = {sa, sb, sd};
    for (int i = 0; i < 3; i++) {
        CHECK(aclblasLtMatrixLayoutSetAttribute(ls[i], ACLBLASLT_MATRIX_LAYOUT_ORDER, &row, 4) ==
              0);
        CHECK(aclblasLtMatrixLayoutSetAttribute(ls[i], ACLBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &bc,
                                                4) == 0);
        CHECK(aclblasLtMatrixLayoutSetAttribute(ls[i], ACLBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                                &st[i], 8) == 0);
    }
    CHECK(aclblasLtMatrixLayoutSetAttribute(la, ACLBLASLT_MATRIX_LAYOUT_ORDER, &row, 8) ==
          ACLBLAS_STATUS_INVALID_VALUE);
    aclblasLtMatmulDesc_t md;
    CHECK(aclblasLtMatmulDescCreate(&md, ACLBLAS_COMPUTE_32F, ACL_FLOAT) == 0);
    uint32_t epi = ACLBLASLT_EPILOGUE_RELU_BIAS;
    CHECK(aclblasLtMatmulDescSetAttribute(md, ACLBLASLT_MATMUL_DESC_EPILOGUE, &epi, 4) == 0);
    CHECK(aclblasLtMatmulDescSetAttribute(md, ACLBLASLT_MATMUL_DESC_BIAS_POINTER, &bias,
                                          sizeof bias) == 0);
    aclblasLtMatmulPreference_t pref;
    CHECK(aclblasLtMatmulPreferenceCreate(&pref) == 0);
    aclblasLtMatmulHeuristicResult_t res[2];
    int cnt = 0;
    CHECK(aclblasLtMatmulAlgoGetHeuristic(lt, md, la, lb, ld, ld, pref, 2, res, &cnt) == 0 &&
          cnt == 1);
    float one = 1, zero = 0;
    CHECK(aclblasLtMatmul(lt, md, &one, A, la, B, lb, &zero, D, ld, D, ld, &res[0].algo, NULL, 0,
                          s) == 0);
    SYNC();
    for (int b = 0; b < BT; b++)
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                double a = bias[i];
                for (int p = 0; p < K; p++)
                    a += (double)A[b * sa + i * K + p] * B[b * sb + p * N + j];
                a = a > 0 ? a : 0;
                CHECK(fabs(D[b * sd + i * N + j] - a) < 1e-4 * (1 + fabs(a)));
            }
    CHECK(aclblasLtMatmul(NULL, md, &one, A, la, B, lb, &zero, D, ld, D, ld, NULL, NULL, 0, s) ==
          ACLBLAS_STATUS_NOT_INITIALIZED);
    CHECK(aclblasLtMatmul(lt, md, &one, A, la, B, ld, &zero, D, ld, D, ld, NULL, NULL, 0, s) ==
          ACLBLAS_STATUS_INVALID_VALUE); /* B's shape does not match */
    /* transform: C (col 3x4) = 2 A^T (A row-major 4x3) - 1 B (col 3x4) */
    {
        aclblasLtMatrixTransformDesc_t td;
        CHECK(aclblasLtMatrixTransformDescCreate(&td, ACL_FLOAT) == 0);
        int32_t opt = ACLBLAS_OP_T;
        CHECK(aclblasLtMatrixTransformDescSetAttribute(td, ACLBLASLT_MATRIX_TRANSFORM_DESC_TRANSA,
                                                       &opt, 4) == 0);
        aclblasLtMatrixLayout_t ta, tb, tc;
        CHECK(aclblasLtMatrixLayoutCreate(&ta, ACL_FLOAT, 4, 3, 3) == 0);
        CHECK(aclblasLtMatrixLayoutSetAttribute(ta, ACLBLASLT_MATRIX_LAYOUT_ORDER, &row, 4) == 0);
        CHECK(aclblasLtMatrixLayoutCreate(&tb, ACL_FLOAT, 3, 4, 3) == 0);
        CHECK(aclblasLtMatrixLayoutCreate(&tc, ACL_FLOAT, 3, 4, 3) == 0);
        float two = 2, mone = -1, *TC = dev(12 * 4);
        CHECK(aclblasLtMatrixTransform(lt, td, &two, A, ta, &mone, B, tb, TC, tc, s) == 0);
        SYNC();
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 3; i++) {
                float w = 2 * A[j * 3 + i] - B[i + j * 3];
                CHECK(fabsf(TC[i + j * 3] - w) < 1e-5f);
            }
        CHECK(aclblasLtMatrixTransform(lt, td, &two, A, tb, &mone, B, tb, TC, tc, s) ==
              ACLBLAS_STATUS_INVALID_VALUE); /* op(A) is 4x3 */
        aclblasLtMatrixLayoutDestroy(ta), aclblasLtMatrixLayoutDestroy(tb);
        aclblasLtMatrixLayoutDestroy(tc), aclblasLtMatrixTransformDescDestroy(td);
    }
    aclblasLtMatmulPreferenceDestroy(pref);
    aclblasLtMatmulDescDestroy(md);
    aclblasLtMatrixLayoutDestroy(la), aclblasLtMatrixLayoutDestroy(lb),
        aclblasLtMatrixLayoutDestroy(ld);
    CHECK(aclblasLtDestroy(lt) == 0);
    /* destroyed: rejected, not freed twice */
    CHECK(aclblasLtDestroy(lt) == ACLBLAS_STATUS_NOT_INITIALIZED);
    CHECK(aclblasLtMatmulAlgoGetIds(lt, ACLBLAS_COMPUTE_32F, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT,
                                    ACL_FLOAT, ACL_FLOAT, (int *)&cnt, 1,
                                    &cnt) == ACLBLAS_STATUS_NOT_INITIALIZED);
}

int main(void)
{
    if (aclInit(NULL) || aclrtSetDevice(0))
        return 1;
    aclrtCreateStream(&s);
    if (aclblasCreate(&h) || aclblasSetStream(h, s))
        return 1;
    t_level2();
    t_legacy();
    t_cgemv_batched();
    t_half();
    t_level3();
    t_lapack();
    t_lt();
    aclblasDestroy(h);
    aclrtDestroyStream(s);
    aclrtResetDevice(0);
    aclFinalize();
    if (!g_fail)
        printf("blas_more: ok\n");
    return g_fail;
}
