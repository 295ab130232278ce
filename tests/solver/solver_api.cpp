// SPDX-License-Identifier: Apache-2.0
// aclsolver (docs/solver.md): handle statuses, argument checks, CANN's documented examples
// (Sgetrf, Sgetri, CmatinvBatched), and random real and complex matrices checked by host
// formulas in double precision: ||P*L*U - A|| and ||A*Ainv - I|| against the matrix norm.
// Singular matrices (info), stream order behind an event, and a captured Sgetri replayed.
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <vector>

#include "cann_ops_solver.h"
#include "testutil.h"

using cf = std::complex<float>;
using cd = std::complex<double>;

static void fail(const char *what)
{
    const char *m = aclGetRecentErrMsg();
    fprintf(stderr, "FAIL: %s (last message: %s)\n", what, m ? m : "none");
    exit(1);
}
#define EXPECT(cond)                                                                           \
    do {                                                                                       \
        if (!(cond))                                                                           \
            fail(#cond);                                                                       \
    } while (0)

static unsigned g_seed = 7;
static float frand()
{
    g_seed = g_seed * 1103515245u + 12345u;
    return (float)((g_seed >> 8) & 0xffff) / 32768.0f - 1.0f;
}

// ||P*L*U - A||_F / ||A||_F for a row-major m x n factorisation (lu) of a, pivots ipiv.
template <typename T> static double lu_residual(int m, int n, const T *a, const T *lu, const int32_t *ipiv)
{
    int t = m < n ? m : n;
    std::vector<cd> r((size_t)m * n);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            cd s = 0;
            for (int k = 0; k <= (i < j ? i : j) && k < t; k++) {
                cd l = k == i ? cd(1) : cd(lu[i * n + k]);
                s += l * cd(lu[k * n + j]);
            }
            r[(size_t)i * n + j] = s;
        }
    for (int i = t - 1; i >= 0; i--) // undo the row swaps, last first
        for (int j = 0; j < n; j++)
            std::swap(r[(size_t)i * n + j], r[(size_t)(ipiv[i] - 1) * n + j]);
    double err = 0, norm = 0;
    for (int i = 0; i < m * n; i++) {
        err += std::norm(r[i] - cd(a[i]));
        norm += std::norm(cd(a[i]));
    }
    return std::sqrt(err / norm);
}

// ||A*X - I||_F / sqrt(n) (pitches n).
template <typename T> static double inv_residual(int n, const T *a, const T *x)
{
    double err = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            cd s = 0;
            for (int k = 0; k < n; k++)
                s += cd(a[i * n + k]) * cd(x[k * n + j]);
            err += std::norm(s - cd(i == j ? 1.0 : 0.0));
        }
    return std::sqrt(err / n);
}

static void handles()
{
    aclsolverHandle_t h = nullptr, h2 = (aclsolverHandle_t)&g_seed;
    aclrtStream s = (aclrtStream)&h;
    EXPECT(aclsolverCreate(nullptr) == ACLSOLVER_STATUS_HANDLE_IS_NULLPTR);
    EXPECT(aclsolverCreate(&h2) == ACLSOLVER_STATUS_INVALID_VALUE);
    EXPECT(aclsolverCreate(&h) == ACLSOLVER_STATUS_SUCCESS && h);
    EXPECT(aclsolverGetStream(h, &s) == ACLSOLVER_STATUS_SUCCESS && s == nullptr);
    EXPECT(aclsolverGetStream(h, nullptr) == ACLSOLVER_STATUS_INVALID_VALUE);
    EXPECT(aclsolverGetStream(nullptr, &s) == ACLSOLVER_STATUS_HANDLE_IS_NULLPTR);
    EXPECT(aclsolverSetStream(nullptr, nullptr) == ACLSOLVER_STATUS_HANDLE_IS_NULLPTR);
    EXPECT(aclsolverDestroy(nullptr) == ACLSOLVER_STATUS_HANDLE_IS_NULLPTR);
    EXPECT(aclsolverDestroy(h) == ACLSOLVER_STATUS_SUCCESS);
    // Destroyed (and never created) handles are refused, not dereferenced.
    EXPECT(aclsolverDestroy(h) == ACLSOLVER_STATUS_INVALID_VALUE);
    EXPECT(aclsolverSetStream(h, nullptr) == ACLSOLVER_STATUS_INVALID_VALUE);
    EXPECT(aclsolverGetStream(h2, &s) == ACLSOLVER_STATUS_INVALID_VALUE);
    float a[4] = {1, 2, 3, 4};
    int32_t ipiv[2], info = -1;
    EXPECT(aclsolverSgetrf(h, 2, 2, a, 2, ipiv, &info) == ACL_ERROR_INVALID_PARAM);
    const char *m = aclGetRecentErrMsg();
    EXPECT(m && strstr(m, "aclsolverSgetrf"));
}

static void argument_checks()
{
    float a[16] = {0};
    cf c[16];
    int32_t ipiv[4], info;
    EXPECT(aclsolverSgetrf(nullptr, 0, 4, a, 4, ipiv, &info) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverSgetrf(nullptr, 4, -1, a, 4, ipiv, &info) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverSgetrf(nullptr, 4, 4, a, 0, ipiv, &info) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverSgetrf(nullptr, 4, 4, a, 3, ipiv, &info) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverSgetrf(nullptr, 4, 4, nullptr, 4, ipiv, &info) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverSgetrf(nullptr, 4, 4, a, 4, nullptr, &info) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverCgetrf(nullptr, 4, 4, c, 4, ipiv, nullptr) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverSgetri(nullptr, 0, a, 4, &info) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverSgetri(nullptr, 4, a, 4, nullptr) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverCgetri(nullptr, 4, nullptr, 4, &info) == ACL_ERROR_INVALID_PARAM);
    std::vector<cf> big(300 * 300);
    int32_t binfo[4];
    EXPECT(aclsolverCgetriBatched(nullptr, 8, c, 8, c, 8, binfo, 1) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverCgetriBatched(nullptr, 300, big.data(), 300, big.data(), 300, binfo, 1) ==
           ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverCgetriBatched(nullptr, 40, big.data(), 40, big.data(), 40, binfo, 3001) ==
           ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverCgetriBatched(nullptr, 40, big.data(), 40, nullptr, 40, binfo, 1) ==
           ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverCmatinvBatched(nullptr, 4, c, 4, c, 4, binfo, 0) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverCmatinvBatched(nullptr, 4, c, 4, c, 4, binfo, 3001) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclsolverCmatinvBatched(nullptr, 300, big.data(), 300, big.data(), 300, binfo, 1) ==
           ACL_ERROR_INVALID_PARAM);
}

static bool near(double x, double y, double tol) { return std::fabs(x - y) <= tol; }

// CANN's documented examples (docs/zh/sgetrf.md, sgetri.md, cmatinv_batched.md). Their
// inputs and pivots are used as given; two of their printed outputs are not those of the
// input (rows 3-4 of Sgetrf's L*U do not give A back, and Sgetri's "inverse" times A is not
// I), so those are checked against exact values instead: the inverse below times A is I.
static void documented_examples()
{
    const float a0[16] = {4, 3, 2, 1, 3, 4, 3, 2, 2, 3, 4, 3, 1, 2, 3, 4};
    const float lu_doc[8] = {4, 3, 2, 1, 0.75f, 1.75f, 1.5f, 1.25f}; // rows 1-2 as documented
    const float inv_exact[16] = {0.6f, -0.5f, 0, 0.1f, -0.5f, 1, -0.5f, 0,
                                 0, -0.5f, 1, -0.5f, 0.1f, 0, -0.5f, 0.6f};
    float a[16];
    int32_t ipiv[4], info = -1;
    memcpy(a, a0, sizeof a);
    CHECK_OK(aclsolverSgetrf(nullptr, 4, 4, a, 4, ipiv, &info));
    EXPECT(info == 0);
    for (int i = 0; i < 4; i++)
        EXPECT(ipiv[i] == i + 1);
    for (int i = 0; i < 8; i++)
        EXPECT(near(a[i], lu_doc[i], 1e-6));
    EXPECT(lu_residual(4, 4, a0, a, ipiv) < 1e-6);
    memcpy(a, a0, sizeof a);
    CHECK_OK(aclsolverSgetri(nullptr, 4, a, 4, &info));
    EXPECT(info == 0);
    for (int i = 0; i < 16; i++)
        EXPECT(near(a[i], inv_exact[i], 1e-5));

    // CmatinvBatched: two 4x4 matrices, (1-i) off the diagonal, (2-2i) and (3-3i) on it.
    cf m[32], inv[32];
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++)
                m[b * 16 + i * 4 + j] = i == j ? cf(2.0f + b, -2.0f - b) : cf(1, -1);
    int32_t binfo[2] = {-1, -1};
    CHECK_OK(aclsolverCmatinvBatched(nullptr, 4, m, 4, inv, 4, binfo, 2));
    EXPECT(binfo[0] == 0 && binfo[1] == 0);
    const float dg[2] = {0.4f, 0.208333f}, off[2] = {-0.1f, -0.0416667f};
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 16; i++) {
            float want = i % 5 == 0 ? dg[b] : off[b];
            EXPECT(near(inv[b * 16 + i].real(), want, 1e-5) && near(inv[b * 16 + i].imag(), want, 1e-5));
        }
}

static void random_matrices()
{
    for (auto [m, n] : {std::pair{7, 5}, std::pair{5, 7}, std::pair{16, 16}, std::pair{1, 1}}) {
        std::vector<float> a((size_t)m * n), lu;
        for (auto &x : a)
            x = frand();
        lu = a;
        std::vector<int32_t> ipiv((size_t)(m < n ? m : n));
        int32_t info = -1;
        CHECK_OK(aclsolverSgetrf(nullptr, m, n, lu.data(), n, ipiv.data(), &info));
        EXPECT(info == 0);
        EXPECT(lu_residual(m, n, a.data(), lu.data(), ipiv.data()) < 1e-6 * (m + n));
        for (int i = 0; i < m; i++) // partial pivoting: |L| <= 1
            for (int k = 0; k < i && k < n; k++)
                EXPECT(std::fabs(lu[(size_t)i * n + k]) <= 1.0f);
        std::vector<cf> c((size_t)m * n), clu;
        for (auto &x : c)
            x = cf(frand(), frand());
        clu = c;
        CHECK_OK(aclsolverCgetrf(nullptr, m, n, clu.data(), n, ipiv.data(), &info));
        EXPECT(info == 0);
        EXPECT(lu_residual(m, n, c.data(), clu.data(), ipiv.data()) < 1e-6 * (m + n));
    }
    // Row pitch above n: the padding is neither read nor written.
    {
        float a[3 * 5], ref[9];
        for (int i = 0; i < 15; i++)
            a[i] = i % 5 < 3 ? frand() : 99.0f;
        for (int i = 0; i < 9; i++)
            ref[i] = a[(i / 3) * 5 + i % 3];
        int32_t ipiv[3], info;
        CHECK_OK(aclsolverSgetrf(nullptr, 3, 3, a, 5, ipiv, &info));
        float packed[9];
        for (int i = 0; i < 9; i++)
            packed[i] = a[(i / 3) * 5 + i % 3];
        EXPECT(lu_residual(3, 3, ref, packed, ipiv) < 1e-6);
        for (int i = 0; i < 15; i++)
            if (i % 5 >= 3)
                EXPECT(a[i] == 99.0f);
    }
    for (int n : {1, 9, 20}) {
        std::vector<float> a((size_t)n * n);
        for (auto &x : a)
            x = frand();
        std::vector<float> x = a;
        int32_t info = -1;
        CHECK_OK(aclsolverSgetri(nullptr, n, x.data(), n, &info));
        EXPECT(info == 0 && inv_residual(n, a.data(), x.data()) < 1e-4);
        std::vector<cf> c((size_t)n * n);
        for (auto &v : c)
            v = cf(frand(), frand());
        std::vector<cf> y = c;
        CHECK_OK(aclsolverCgetri(nullptr, n, y.data(), n, &info));
        EXPECT(info == 0 && inv_residual(n, c.data(), y.data()) < 1e-4);
    }
    // Batched: 40 matrices of 7x7 (CmatinvBatched) with one singular; 3 of 33x33 (CgetriBatched).
    for (int n : {7, 33}) {
        int batch = n == 7 ? 40 : 3;
        std::vector<cf> a((size_t)batch * n * n), inv(a.size(), cf(-7, -7));
        for (auto &v : a)
            v = cf(frand(), frand());
        if (n == 7)
            for (int i = 0; i < n * n; i++)
                a[(size_t)5 * n * n + i] = 0; // matrix 5 is zero: info 1
        std::vector<int32_t> info((size_t)batch, -1);
        aclError rc = n == 7 ? aclsolverCmatinvBatched(nullptr, n, a.data(), n, inv.data(), n, info.data(), batch)
                             : aclsolverCgetriBatched(nullptr, n, a.data(), n, inv.data(), n, info.data(), batch);
        CHECK_OK(rc);
        for (int b = 0; b < batch; b++) {
            const cf *ab = a.data() + (size_t)b * n * n, *xb = inv.data() + (size_t)b * n * n;
            if (n == 7 && b == 5) {
                EXPECT(info[b] == 1 && xb[0] == cf(-7, -7)); // singular: not written
                continue;
            }
            EXPECT(info[b] == 0 && inv_residual(n, ab, xb) < 1e-4);
        }
    }
}

static void singular()
{
    // Column 1 eliminates to exact zeros: info = 2; getri leaves A unchanged.
    float a[9] = {4, 8, 1, 2, 4, 3, 1, 2, 5}, a0[9];
    memcpy(a0, a, sizeof a);
    int32_t ipiv[3], info = -1;
    CHECK_OK(aclsolverSgetri(nullptr, 3, a, 3, &info));
    EXPECT(info == 2 && memcmp(a, a0, sizeof a) == 0);
    CHECK_OK(aclsolverSgetrf(nullptr, 3, 3, a, 3, ipiv, &info));
    EXPECT(info == 2 && ipiv[0] == 1);
}

static float *g_late;
static void fill_late(void *)
{
    usleep(30000);
    const float v[4] = {2, 1, 1, 3};
    memcpy(g_late, v, sizeof v);
}

static void streams()
{
    aclrtStream s1, s2;
    aclrtEvent ev;
    CHECK_OK(aclrtCreateStream(&s1));
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK_OK(aclrtCreateEvent(&ev));
    aclsolverHandle_t h = nullptr;
    EXPECT(aclsolverCreate(&h) == ACLSOLVER_STATUS_SUCCESS);
    EXPECT(aclsolverSetStream(h, s2) == ACLSOLVER_STATUS_SUCCESS);
    aclrtStream got = nullptr;
    EXPECT(aclsolverGetStream(h, &got) == ACLSOLVER_STATUS_SUCCESS && got == s2);
    float *a;
    int32_t *info;
    CHECK_OK(aclrtMalloc((void **)&a, 4 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&info, sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST));
    memset(a, 0, 4 * sizeof(float)); // singular until the late fill
    g_late = a;
    CHECK_OK(aclrtLaunchHostFunc(s1, fill_late, nullptr));
    CHECK_OK(aclrtRecordEvent(ev, s1));
    CHECK_OK(aclrtStreamWaitEvent(s2, ev));
    CHECK_OK(aclsolverSgetri(h, 2, a, 2, info));
    // inverse of [[2,1],[1,3]] = [[3,-1],[-1,2]] / 5
    EXPECT(*info == 0 && near(a[0], 0.6, 1e-6) && near(a[1], -0.2, 1e-6) && near(a[3], 0.4, 1e-6));

    // Captured on s2, replayed twice on new contents.
    aclmdlRI ri = nullptr;
    CHECK_OK(aclmdlRICaptureBegin(s2, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclsolverSgetri(h, 2, a, 2, info));
    CHECK_OK(aclmdlRICaptureEnd(s2, &ri));
    EXPECT(near(a[0], 0.6, 1e-6)); // not run at capture time
    EXPECT(aclsolverDestroy(h) == ACLSOLVER_STATUS_SUCCESS);
    for (float d = 2; d <= 4; d += 2) {
        a[0] = d, a[1] = 0, a[2] = 0, a[3] = 1 / d;
        *info = -1;
        CHECK_OK(aclmdlRIExecuteAsync(ri, s2));
        CHECK_OK(aclrtSynchronizeStream(s2));
        EXPECT(*info == 0 && near(a[0], 1 / d, 1e-6) && near(a[3], d, 1e-6) && a[1] == 0);
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtFree(a));
    CHECK_OK(aclrtFree(info));
    CHECK_OK(aclrtDestroyEvent(ev));
    CHECK_OK(aclrtDestroyStream(s1));
    CHECK_OK(aclrtDestroyStream(s2));
}

int main()
{
    TEST_OPEN();
    handles();
    argument_checks();
    documented_examples();
    random_matrices();
    singular();
    streams();
    TEST_CLOSE();
    printf("solver_api: ok\n");
    return 0;
}
