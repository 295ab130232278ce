/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclrtReduceAsync (memory.md, Memory): dst[i] = dst[i] op src[i] for SUM,
 * MAX and MIN over int8, int16, int32, uint32, fp16, fp32 and bf16, in
 * stream order and captured. Each result is checked against the same
 * operation done on the host. Misuse gets the documented codes.
 */
#include <math.h>

#include "memapi.h"

#define N 1000 /* elements */

static aclrtStream g_s;

/* fp16 / bf16 through the public conversions (bf16: the high half of fp32). */
static float bf16_f(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint16_t f_bf16(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16); /* round to nearest even */
}

/* Element i of a test vector, as a double (exact in every type used). */
static double val(int seed, size_t i, aclDataType t)
{
    long x = (long)((i * 7919u + (unsigned)seed * 104729u) % 201u) - 100; /* -100..100 */
    if (t == ACL_UINT32)
        x += 100;
    if (t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16)
        return (double)x / 4; /* quarters: exact in fp16 and bf16 */
    return (double)x;
}

static void put(void *p, size_t i, aclDataType t, double v)
{
    switch (t) {
    case ACL_INT8: ((int8_t *)p)[i] = (int8_t)v; break;
    case ACL_INT16: ((int16_t *)p)[i] = (int16_t)v; break;
    case ACL_INT32: ((int32_t *)p)[i] = (int32_t)v; break;
    case ACL_UINT32: ((uint32_t *)p)[i] = (uint32_t)v; break;
    case ACL_FLOAT: ((float *)p)[i] = (float)v; break;
    case ACL_FLOAT16: ((aclFloat16 *)p)[i] = aclFloatToFloat16((float)v); break;
    default: ((uint16_t *)p)[i] = f_bf16((float)v); break;
    }
}

static double get(const void *p, size_t i, aclDataType t)
{
    switch (t) {
    case ACL_INT8: return ((const int8_t *)p)[i];
    case ACL_INT16: return ((const int16_t *)p)[i];
    case ACL_INT32: return ((const int32_t *)p)[i];
    case ACL_UINT32: return ((const uint32_t *)p)[i];
    case ACL_FLOAT: return ((const float *)p)[i];
    case ACL_FLOAT16: return aclFloat16ToFloat(((const aclFloat16 *)p)[i]);
    default: return bf16_f(((const uint16_t *)p)[i]);
    }
}

static double apply(aclrtReduceKind k, double a, double b)
{
    return k == ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM ? a + b
           : k == ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX ? (a > b ? a : b)
                                                   : (a < b ? a : b);
}

/* One (type, kind): fill on the host, reduce on the device, compare. With
 * `capture`, the reduce is captured once and the model run twice. */
static void one(aclDataType t, aclrtReduceKind k, bool capture)
{
    size_t es = aclDataTypeSize(t), bytes = N * es;
    void *d = NULL, *s = NULL;
    CHECK_OK(aclrtMalloc(&d, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&s, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    uint8_t *hd = malloc(bytes), *hs = malloc(bytes), *out = malloc(bytes);
    CHECK(hd && hs && out);
    for (size_t i = 0; i < N; i++) {
        put(hd, i, t, val(1, i, t));
        put(hs, i, t, val(2, i, t));
    }
    CHECK_OK(aclrtMemcpy(d, bytes, hd, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(s, bytes, hs, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    int times = 1;
    if (capture) {
        aclmdlRI ri = NULL;
        CHECK_OK(aclmdlRICaptureBegin(g_s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
        EXPECT_OK(aclrtReduceAsync(d, s, bytes, k, t, g_s, NULL));
        CHECK_OK(aclmdlRICaptureEnd(g_s, &ri));
        CHECK_OK(aclmdlRIExecuteAsync(ri, g_s));
        CHECK_OK(aclmdlRIExecuteAsync(ri, g_s));
        CHECK_OK(aclrtSynchronizeStream(g_s));
        CHECK_OK(aclmdlRIDestroy(ri));
        times = 2;
    } else {
        EXPECT_OK(aclrtReduceAsync(d, s, bytes, k, t, g_s, NULL));
        CHECK_OK(aclrtSynchronizeStream(g_s));
    }
    CHECK_OK(aclrtMemcpy(out, bytes, d, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    long bad = 0;
    for (size_t i = 0; i < N; i++) {
        double want = get(hd, i, t);
        for (int r = 0; r < times; r++)
            want = apply(k, want, get(hs, i, t));
        if (t == ACL_INT8) /* the sum wraps like the device's */
            want = (double)(int8_t)(int)want;
        if (get(out, i, t) != want && bad++ < 3)
            fprintf(stderr, "type %d kind %d%s: [%zu] = %g, want %g\n", (int)t, (int)k,
                    capture ? " (replayed)" : "", i, get(out, i, t), want);
    }
    EXPECT(bad == 0);
    free(hd);
    free(hs);
    free(out);
    FREE_DEVICE(d, s);
}

/* Edges the random vectors do not reach: integer wrap and NaN operands. */
static void edges(void)
{
    void *d = NULL, *s = NULL;
    CHECK_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&s, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    int32_t di[2] = {INT32_MAX, INT32_MIN}, si[2] = {1, -1}, oi[2];
    CHECK_OK(aclrtMemcpy(d, 8, di, 8, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(s, 8, si, 8, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_OK(aclrtReduceAsync(d, s, 8, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_INT32, g_s, NULL));
    CHECK_OK(aclrtSynchronizeStream(g_s));
    CHECK_OK(aclrtMemcpy(oi, 8, d, 8, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT(oi[0] == INT32_MIN && oi[1] == INT32_MAX);
    static const aclrtReduceKind mm[] = {ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX,
                                         ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN};
    for (int k = 0; k < 2; k++) {
        float df[2] = {NAN, 1.0f}, sf[2] = {1.0f, NAN}, of[2];
        CHECK_OK(aclrtMemcpy(d, 8, df, 8, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_OK(aclrtMemcpy(s, 8, sf, 8, ACL_MEMCPY_HOST_TO_DEVICE));
        EXPECT_OK(aclrtReduceAsync(d, s, 8, mm[k], ACL_FLOAT, g_s, NULL));
        CHECK_OK(aclrtSynchronizeStream(g_s));
        CHECK_OK(aclrtMemcpy(of, 8, d, 8, ACL_MEMCPY_DEVICE_TO_HOST));
        EXPECT(isnan(of[0]) && isnan(of[1])); /* a NaN on either side propagates */
    }
    FREE_DEVICE(d, s);
}

static void misuse(void)
{
    void *d = NULL, *s = NULL, *p = NULL;
    CHECK_OK(aclrtMalloc(&d, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&s, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&p, 256));
    const aclrtReduceKind sum = ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReduceAsync(NULL, s, 64, sum, ACL_FLOAT, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReduceAsync(d, NULL, 64, sum, ACL_FLOAT, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReduceAsync(d, s, 64, sum, ACL_FLOAT, g_s, d));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReduceAsync(d, s, 6, sum, ACL_FLOAT, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, /* misaligned elements */
               aclrtReduceAsync((char *)d + 2, s, 64, sum, ACL_FLOAT, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtReduceAsync(d, (char *)s + 1, 64, sum, ACL_INT16, g_s, NULL));
    EXPECT_OK(aclrtReduceAsync((char *)d + 1, (char *)s + 3, 64, sum, ACL_INT8, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReduceAsync(d, s, 64, sum, ACL_DOUBLE, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtReduceAsync(d, s, 64, (aclrtReduceKind)3, ACL_FLOAT, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
               aclrtReduceAsync(d, s, 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL, ACL_FLOAT, g_s,
                                NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReduceAsync(p, s, 64, sum, ACL_FLOAT, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReduceAsync(d, s, 4096, sum, ACL_FLOAT, g_s, NULL));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE,
               aclrtReduceAsync(d, s, 64, sum, ACL_FLOAT, (aclrtStream)(uintptr_t)0x1234, NULL));
    EXPECT_OK(aclrtReduceAsync(d, s, 0, sum, ACL_FLOAT, g_s, NULL)); /* nothing to do */
    FREE_DEVICE(d, s);
    CHECK_OK(aclrtFreeHost(p));
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtCreateStream(&g_s));
    static const aclDataType types[] = {ACL_INT8,  ACL_INT16,   ACL_INT32, ACL_UINT32,
                                        ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    static const aclrtReduceKind kinds[] = {ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                                            ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX,
                                            ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN};
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
        for (size_t j = 0; j < 3; j++)
            one(types[i], kinds[j], false);
    one(ACL_FLOAT, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, true);
    one(ACL_INT32, ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX, true);
    edges();
    misuse();
    CHECK_OK(aclrtDestroyStream(g_s));
    TEST_CLOSE();
    return memapi_exit("memory_reduce");
}
