/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtRandomNumAsync: the documented distributions (normal, truncated normal, uniform over
 * float and integer types, dropout bitmask) checked by their moments and ranges; a seed and a
 * counter reproduce the numbers, the counter advances between tasks; misuse codes. */
#include <math.h>

#include "acltest.h"

static aclrtStream stream;
static void *counter, *out;

static void setp(aclrtRandomParaInfo *p, const void *v, uint8_t size)
{
    memset(p, 0, sizeof(*p));
    memcpy(p->valueOrAddr, v, size);
    p->size = size;
}

static aclrtRandomNumTaskInfo task(aclDataType dt, aclrtRandomNumFuncType ft, uint64_t seed,
                                   uint64_t num)
{
    aclrtRandomNumTaskInfo ti;
    memset(&ti, 0, sizeof(ti));
    ti.dataType = dt;
    ti.randomNumFuncParaInfo.funcType = ft;
    ti.randomResultAddr = out;
    ti.randomCounterAddr = counter;
    setp(&ti.randomSeed, &seed, 8);
    setp(&ti.randomNum, &num, 8);
    return ti;
}

static void reset_counter(void)
{
    CHECK_OK(aclrtMemset(counter, 16, 0, 16));
}

static void run(const aclrtRandomNumTaskInfo *ti)
{
    CHECK_OK(aclrtRandomNumAsync(ti, stream, NULL));
    CHECK_OK(aclrtSynchronizeStream(stream));
}

static void moments(const double *x, size_t n, double *mean, double *var)
{
    double s = 0, q = 0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    *mean = s / n;
    for (size_t i = 0; i < n; i++)
        q += (x[i] - *mean) * (x[i] - *mean);
    *var = q / (n - 1);
}

#define N 200000

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtMalloc(&counter, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&out, N * 8, ACL_MEM_MALLOC_HUGE_FIRST));
    static double x[N];
    static float f1[N], f2[N];

    /* Normal(3, 2) as float: mean and variance within 5 standard errors. */
    reset_counter();
    aclrtRandomNumTaskInfo ti = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, 1234, N);
    float mean = 3.0f, sd = 2.0f;
    setp(&ti.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean, &mean, 4);
    setp(&ti.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev, &sd, 4);
    run(&ti);
    CHECK_OK(aclrtMemcpy(f1, sizeof(f1), out, sizeof(f1), ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < N; i++)
        x[i] = f1[i];
    double m, v;
    moments(x, N, &m, &v);
    CHECK(fabs(m - 3.0) < 5 * 2.0 / sqrt(N));
    CHECK(fabs(v - 4.0) < 5 * 4.0 * sqrt(2.0 / N));
    size_t within1 = 0;
    for (int i = 0; i < N; i++)
        within1 += fabs(x[i] - 3.0) < 2.0;
    CHECK(fabs((double)within1 / N - 0.6827) < 0.01); /* the bell shape, not only moments */

    /* The counter advanced: the same seed continues the sequence... */
    uint64_t ctr[2];
    CHECK_OK(aclrtMemcpy(ctr, 16, counter, 16, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(ctr[0] != 0);
    run(&ti);
    CHECK_OK(aclrtMemcpy(f2, sizeof(f2), out, sizeof(f2), ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(memcmp(f1, f2, sizeof(f1)) != 0);
    /* ...and the same seed from the same counter reproduces it exactly. */
    reset_counter();
    run(&ti);
    CHECK_OK(aclrtMemcpy(f2, sizeof(f2), out, sizeof(f2), ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(memcmp(f1, f2, sizeof(f1)) == 0);
    /* Another seed gives other numbers; a seed given by address works as by value. */
    reset_counter();
    uint64_t seed2 = 99, *seed_addr = &seed2;
    ti.randomSeed.isAddr = 1;
    memcpy(ti.randomSeed.valueOrAddr, &seed_addr, 8);
    run(&ti);
    CHECK_OK(aclrtMemcpy(f2, sizeof(f2), out, sizeof(f2), ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(memcmp(f1, f2, sizeof(f1)) != 0);
    reset_counter();
    aclrtRandomNumTaskInfo t99 = ti;
    setp(&t99.randomSeed, &seed2, 8);
    run(&t99);
    CHECK_OK(aclrtMemcpy(f1, sizeof(f1), out, sizeof(f1), ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(memcmp(f1, f2, sizeof(f1)) == 0);

    /* Truncated normal in BF16: nothing beyond two standard deviations. */
    ti = task(ACL_BF16, ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS, 7, N);
    uint16_t bmean = 0x3F80 /* 1.0 */, bsd = 0x4000 /* 2.0 */;
    setp(&ti.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean, &bmean, 2);
    setp(&ti.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev, &bsd, 2);
    run(&ti);
    static uint16_t h[N];
    CHECK_OK(aclrtMemcpy(h, sizeof(h), out, sizeof(h), ACL_MEMCPY_DEVICE_TO_HOST));
    double lo = 1e9, hi = -1e9;
    for (int i = 0; i < N; i++) {
        uint32_t b = (uint32_t)h[i] << 16;
        float fv;
        memcpy(&fv, &b, 4);
        x[i] = fv;
        lo = fmin(lo, fv);
        hi = fmax(hi, fv);
    }
    CHECK(lo >= -3.0 - 0.04 && hi <= 5.0 + 0.04 && lo < -2.5 && hi > 4.5);
    moments(x, N, &m, &v);
    CHECK(fabs(m - 1.0) < 0.03);
    CHECK(fabs(v - 4.0 * 0.7737) < 0.1); /* variance of N(0,1) truncated at +-2: 0.7737 */

    /* Uniform float [1, 2): range and moments. */
    ti = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 5, N);
    float fmin1 = 1.0f, fmax2 = 2.0f;
    setp(&ti.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min, &fmin1, 4);
    setp(&ti.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max, &fmax2, 4);
    run(&ti);
    CHECK_OK(aclrtMemcpy(f1, sizeof(f1), out, sizeof(f1), ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < N; i++) {
        CHECK(f1[i] >= 1.0f && f1[i] < 2.0f);
        x[i] = f1[i];
    }
    moments(x, N, &m, &v);
    CHECK(fabs(m - 1.5) < 0.005 && fabs(v - 1.0 / 12) < 0.002);

    /* Uniform int32 [1, 100): every value appears, none outside. */
    ti = task(ACL_INT32, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 11, N);
    int32_t imin = 1, imax = 100;
    setp(&ti.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min, &imin, 4);
    setp(&ti.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max, &imax, 4);
    run(&ti);
    static int32_t iv[N];
    CHECK_OK(aclrtMemcpy(iv, sizeof(iv), out, sizeof(iv), ACL_MEMCPY_DEVICE_TO_HOST));
    int seen[100] = {0};
    for (int i = 0; i < N; i++) {
        CHECK(iv[i] >= 1 && iv[i] < 100);
        seen[iv[i]]++;
    }
    for (int k = 1; k < 100; k++)
        CHECK(abs(seen[k] - N / 99) < 5 * 45); /* binomial sd ~ 45 */

    /* Uniform int64 over a negative range. */
    ti = task(ACL_INT64, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 12, 1000);
    int64_t lmin = -5, lmax = 5;
    setp(&ti.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min, &lmin, 8);
    setp(&ti.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max, &lmax, 8);
    run(&ti);
    int64_t lv[1000];
    CHECK_OK(aclrtMemcpy(lv, sizeof(lv), out, sizeof(lv), ACL_MEMCPY_DEVICE_TO_HOST));
    int neg = 0;
    for (int i = 0; i < 1000; i++) {
        CHECK(lv[i] >= -5 && lv[i] < 5);
        neg += lv[i] < 0;
    }
    CHECK(neg > 400 && neg < 600);

    /* Dropout bitmask, ratio 0.4: about 60 % of the bits are 1 (kept). */
    ti = task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK, 3, N);
    float ratio = 0.4f;
    setp(&ti.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation, &ratio, 4);
    run(&ti);
    static uint8_t bits[N / 8];
    CHECK_OK(aclrtMemcpy(bits, sizeof(bits), out, sizeof(bits), ACL_MEMCPY_DEVICE_TO_HOST));
    long ones = 0;
    for (int i = 0; i < N / 8; i++)
        ones += __builtin_popcount(bits[i]);
    CHECK(fabs((double)ones / N - 0.6) < 0.006);

    /* Misuse. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRandomNumAsync(NULL, stream, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRandomNumAsync(&ti, stream, &ti));
    aclrtRandomNumTaskInfo bad = ti;
    bad.randomResultAddr = NULL;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRandomNumAsync(&bad, stream, NULL));
    bad = ti;
    bad.dataType = ACL_DOUBLE;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRandomNumAsync(&bad, stream, NULL));
    bad = ti;
    bad.dataType = ACL_INT32;
    bad.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRandomNumAsync(&bad, stream, NULL));
    bad = ti;
    bad.randomNumFuncParaInfo.funcType = (aclrtRandomNumFuncType)9;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRandomNumAsync(&bad, stream, NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtRandomNumAsync(&ti, BAD_STREAM, NULL));
    /* Bounds are read when the task runs: an empty range fails the stream. */
    bad = task(ACL_INT32, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 1, 10);
    setp(&bad.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min, &imax, 4);
    setp(&bad.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max, &imin, 4);
    CHECK_OK(aclrtRandomNumAsync(&bad, stream, NULL));
    CHECK(aclrtSynchronizeStream(stream) == ACL_ERROR_INVALID_PARAM);

    FREE_DEVICE(out, counter);
    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    return 0;
}
