/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclfft: every call's argument checks and status codes (include/cann_ops_fft.h, docs/fft.md),
 * handles that are NULL, destroyed or never made, execution in stream order after an event
 * wait, and an execution captured into a model and replayed on new input after its plan is
 * destroyed. Results are checked against a direct O(n^2) DFT in double precision.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cann_ops_fft.h"
#include "testutil.h"

#define CHECK_FFT(want, call)                                                                  \
    do {                                                                                       \
        aclfftResult got_ = (call);                                                            \
        if (got_ != (want)) {                                                                  \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d\n", __FILE__, __LINE__,  \
                    #call, (int)got_, aclfftGetErrorString(got_), (int)(want));                \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

#define N 60

/* Direct DFT of x[0..n) (sign -1 forward, +1 backward), no scaling. */
static void dft(const aclfftComplex *x, int n, int sign, double *re, double *im)
{
    for (int k = 0; k < n; k++) {
        double sr = 0, si = 0;
        for (int j = 0; j < n; j++) {
            double a = sign * 2.0 * M_PI * (double)((long)j * k % n) / n;
            sr += x[j].x * cos(a) - x[j].y * sin(a);
            si += x[j].x * sin(a) + x[j].y * cos(a);
        }
        re[k] = sr;
        im[k] = si;
    }
}

static void expect_dft(const char *what, const aclfftComplex *x, const aclfftComplex *y, int n,
                       int sign)
{
    double re[N], im[N], err = 0, norm = 0;
    dft(x, n, sign, re, im);
    for (int k = 0; k < n; k++) {
        err += (y[k].x - re[k]) * (y[k].x - re[k]) + (y[k].y - im[k]) * (y[k].y - im[k]);
        norm += re[k] * re[k] + im[k] * im[k];
    }
    if (!(sqrt(err / norm) < 1e-6 * (1 + log2(n)))) {
        fprintf(stderr, "%s: relative error %g\n", what, sqrt(err / norm));
        exit(1);
    }
}

static void fill(aclfftComplex *x, int n, int seed)
{
    for (int i = 0; i < n; i++) {
        x[i].x = (float)sin(0.37 * (i + 1) * seed);
        x[i].y = (float)cos(0.11 * (i + 3) * seed);
    }
}

static void errors(void)
{
    aclfftHandle p = NULL, q = NULL;
    aclfftComplex x[N], y[N];
    float r[N];
    size_t ws = 99;
    int v = 0;
    fill(x, N, 1);

    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftCreate(NULL));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftPlan1d(NULL, 8, ACLFFT_C2C, 1, ACLFFT_HORIZONTAL));
    CHECK_FFT(ACLFFT_INVALID_SIZE, aclfftPlan1d(&p, 0, ACLFFT_C2C, 1, ACLFFT_HORIZONTAL));
    CHECK_FFT(ACLFFT_INVALID_SIZE, aclfftPlan1d(&p, 8, ACLFFT_C2C, 0, ACLFFT_HORIZONTAL));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftPlan1d(&p, 8, ACLFFT_C2C, 1, 2));
    CHECK_FFT(ACLFFT_INVALID_TYPE, aclfftPlan1d(&p, 8, (aclfftType)0x30, 1, ACLFFT_HORIZONTAL));
    /* CANN's order of checks: sizes, dimType, type. */
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftPlan1d(&p, 8, (aclfftType)0x30, 1, 7));
    CHECK_FFT(ACLFFT_INVALID_SIZE, aclfftPlan1d(&p, 0, (aclfftType)0x30, 1, 7));
    CHECK_FFT(ACLFFT_INVALID_SIZE, aclfftPlan2d(&p, 1, 0, 4, ACLFFT_C2C));
    CHECK_FFT(ACLFFT_INVALID_SIZE, aclfftPlan2d(&p, -1, 4, 4, ACLFFT_C2C));
    CHECK_FFT(ACLFFT_INVALID_SIZE, aclfftPlan3d(&p, 2, 2, -1, ACLFFT_C2C));
    CHECK_FFT(ACLFFT_INVALID_SIZE, aclfftPlan3d(&p, 1 << 20, 1 << 20, 1 << 20, ACLFFT_C2C));

    /* Created but not made. */
    CHECK_FFT(ACLFFT_SUCCESS, aclfftCreate(&p));
    CHECK_FFT(ACLFFT_INVALID_PLAN, aclfftExecC2C(p, x, y, ACLFFT_FORWARD));
    CHECK_FFT(ACLFFT_INVALID_PLAN, aclfftSetStride(p, 2));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftGetSize(p, &ws));
    if (ws != 0)
        exit(1);
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftGetSize(p, NULL));
    CHECK_FFT(ACLFFT_INVALID_SIZE, aclfftGetSize1d(p, 0, ACLFFT_C2C, 1, &ws));
    CHECK_FFT(ACLFFT_INVALID_TYPE, aclfftGetSize2d(p, 4, 4, (aclfftType)7, &ws));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftGetSize3d(p, 4, 4, 4, ACLFFT_Z2Z, &ws));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftMakePlan1d(p, 8, ACLFFT_C2C, 1, 5, &ws));
    ws = 99;
    CHECK_FFT(ACLFFT_SUCCESS, aclfftMakePlan1d(p, N, ACLFFT_C2C, 1, ACLFFT_HORIZONTAL, &ws));
    if (ws != 0)
        exit(1);
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftMakePlan1d(p, N, ACLFFT_C2C, 1, ACLFFT_HORIZONTAL, &ws));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftMakePlan2d(p, 1, 4, 4, ACLFFT_C2C, NULL));

    /* Made: wrong type, NULL data, bad direction; the message names the call. */
    CHECK_FFT(ACLFFT_INVALID_TYPE, aclfftExecR2C(p, r, y));
    CHECK_FFT(ACLFFT_INVALID_TYPE, aclfftExecC2R(p, x, r));
    CHECK_FFT(ACLFFT_INVALID_TYPE, aclfftExecZ2Z(p, (aclfftDoubleComplex *)x,
                                                  (aclfftDoubleComplex *)y, ACLFFT_FORWARD));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftExecC2C(p, NULL, y, ACLFFT_FORWARD));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftExecR2C(p, NULL, y)); /* data before type, as CANN */
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftExecC2C(p, x, NULL, ACLFFT_FORWARD));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftExecC2C(p, x, y, 0));
    const char *m = aclGetRecentErrMsg();
    if (!m || !strstr(m, "aclfftExecC2C") || !strstr(m, "direction")) {
        fprintf(stderr, "message: %s\n", m ? m : "(none)");
        exit(1);
    }
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftSetStride(p, 0));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftSetAutoAllocation(p, 0));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftSetWorkArea(p, NULL));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftExecC2C(p, x, y, ACLFFT_FORWARD));
    expect_dft("after the errors", x, y, N, -1);

    /* NULL and destroyed handles. */
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftExecC2C(NULL, x, y, ACLFFT_FORWARD));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftDestroy(NULL));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftSetStream(NULL, NULL));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftDestroy(p));
    CHECK_FFT(ACLFFT_INVALID_PLAN, aclfftExecC2C(p, x, y, ACLFFT_FORWARD));
    CHECK_FFT(ACLFFT_INVALID_PLAN, aclfftSetStream(p, NULL));
    CHECK_FFT(ACLFFT_INVALID_PLAN, aclfftGetSize(p, &ws));
    CHECK_FFT(ACLFFT_INVALID_PLAN, aclfftDestroy(p));
    aclfftHandle bogus = (aclfftHandle)(void *)x;
    CHECK_FFT(ACLFFT_INVALID_PLAN, aclfftExecC2C(bogus, x, y, ACLFFT_FORWARD));

    /* 1-D strides: 2-D plans have none; in-place real transforms need padded rows. */
    CHECK_FFT(ACLFFT_SUCCESS, aclfftPlan2d(&q, 1, 4, 4, ACLFFT_C2C));
    CHECK_FFT(ACLFFT_NOT_SUPPORTED, aclfftSetStride(q, 2));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftDestroy(q));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftPlan1d(&q, 8, ACLFFT_R2C, 2, ACLFFT_VERTICAL));
    CHECK_FFT(ACLFFT_NOT_SUPPORTED, aclfftExecR2C(q, r, (aclfftComplex *)r));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftDestroy(q));

    /* Library facts. */
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftGetVersion(NULL));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftGetVersion(&v));
    int major = -1, minor = -1, patch = -1;
    CHECK_FFT(ACLFFT_SUCCESS, aclfftGetProperty(ACLFFT_MAJOR_VERSION, &major));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftGetProperty(ACLFFT_MINOR_VERSION, &minor));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftGetProperty(ACLFFT_PATCH_LEVEL, &patch));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftGetProperty((aclfftLibraryPropertyType)9, &major));
    CHECK_FFT(ACLFFT_INVALID_VALUE, aclfftGetProperty(ACLFFT_MAJOR_VERSION, NULL));
    if (v != major * 10000 + minor * 100 + patch || major < 1) {
        fprintf(stderr, "version %d vs %d.%d.%d\n", v, major, minor, patch);
        exit(1);
    }
    if (strcmp(aclfftGetErrorString(ACLFFT_INVALID_PLAN), "Invalid plan handle") ||
        strcmp(aclfftGetErrorString((aclfftResult)15), "Unknown error"))
        exit(1);
}

/* A host function on s1 that fills x late: the execution on s2, behind an event wait,
 * must see it. */
static aclfftComplex *g_late;
static void fill_late(void *arg)
{
    (void)arg;
    usleep(30000);
    fill(g_late, N, 5);
}

static void stream_order(void)
{
    aclrtStream s1, s2;
    aclrtEvent ev;
    CHECK_OK(aclrtCreateStream(&s1));
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK_OK(aclrtCreateEvent(&ev));
    aclfftComplex *x, *y, ref[N];
    CHECK_OK(aclrtMalloc((void **)&x, sizeof(aclfftComplex) * N, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&y, sizeof(aclfftComplex) * N, ACL_MEM_MALLOC_HUGE_FIRST));
    memset(x, 0, sizeof(aclfftComplex) * N);
    g_late = x;
    aclfftHandle p;
    CHECK_FFT(ACLFFT_SUCCESS, aclfftPlan1d(&p, N, ACLFFT_C2C, 1, ACLFFT_HORIZONTAL));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftSetStream(p, s2));
    CHECK_OK(aclrtLaunchHostFunc(s1, fill_late, NULL));
    CHECK_OK(aclrtRecordEvent(ev, s1));
    CHECK_OK(aclrtStreamWaitEvent(s2, ev));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftExecC2C(p, x, y, ACLFFT_BACKWARD));
    fill(ref, N, 5);
    expect_dft("stream order", ref, y, N, +1);
    CHECK_FFT(ACLFFT_SUCCESS, aclfftDestroy(p));
    FREE_DEVICE(x, y);
    DESTROY_EVENTS(ev);
    DESTROY_STREAMS(s1, s2);
}

static void capture_replay(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclfftComplex *x, *y, ref[N];
    CHECK_OK(aclrtMalloc((void **)&x, sizeof(aclfftComplex) * N, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&y, sizeof(aclfftComplex) * N, ACL_MEM_MALLOC_HUGE_FIRST));
    memset(y, 0, sizeof(aclfftComplex) * N);
    fill(x, N, 2);
    aclfftHandle p;
    CHECK_FFT(ACLFFT_SUCCESS, aclfftPlan2d(&p, 1, 6, N / 6, ACLFFT_C2C));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftSetStream(p, s));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_FFT(ACLFFT_SUCCESS, aclfftExecC2C(p, x, y, ACLFFT_FORWARD));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    for (int i = 0; i < N; i++)
        if (y[i].x != 0 || y[i].y != 0) {
            fprintf(stderr, "the captured execution ran at capture time\n");
            exit(1);
        }
    CHECK_FFT(ACLFFT_SUCCESS, aclfftDestroy(p)); /* the model keeps what it needs */
    for (int seed = 3; seed < 5; seed++) {
        fill(x, N, seed);
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        CHECK_OK(aclrtSynchronizeStream(s));
        /* 2-D 6 x 10 DFT by rows then columns, with the direct 1-D DFT. */
        aclfftComplex tmp[N];
        double re[N], im[N];
        fill(ref, N, seed);
        for (int r = 0; r < 6; r++) {
            dft(ref + r * 10, 10, -1, re, im);
            for (int c = 0; c < 10; c++)
                tmp[r * 10 + c] = (aclfftComplex){(float)re[c], (float)im[c]};
        }
        for (int c = 0; c < 10; c++) {
            aclfftComplex col[6];
            for (int r = 0; r < 6; r++)
                col[r] = tmp[r * 10 + c];
            dft(col, 6, -1, re, im);
            for (int r = 0; r < 6; r++)
                ref[r * 10 + c] = (aclfftComplex){(float)re[r], (float)im[r]};
        }
        double err = 0, norm = 0;
        for (int i = 0; i < N; i++) {
            err += (y[i].x - ref[i].x) * (y[i].x - ref[i].x) + (y[i].y - ref[i].y) * (y[i].y - ref[i].y);
            norm += ref[i].x * ref[i].x + ref[i].y * ref[i].y;
        }
        if (!(sqrt(err / norm) < 1e-5)) {
            fprintf(stderr, "replay %d: relative error %g\n", seed, sqrt(err / norm));
            exit(1);
        }
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    FREE_DEVICE(x, y);
    DESTROY_STREAMS(s);
}

int main(void)
{
    TEST_OPEN();
    errors();
    stream_order();
    capture_replay();
    TEST_CLOSE();
    printf("fft_api: ok\n");
    return 0;
}
