/* SPDX-License-Identifier: Apache-2.0 */
/* Saturation mode and overflow status: the default mode is INFNAN; a float32 -> float16
 * cast of finite values beyond 65504 gives inf and sets the sticky overflow status
 * (read back with aclrtGetOverflowStatus on a stream, cleared by aclrtResetOverflowStatus);
 * in SATURATION mode the same cast gives +-65504 and still reports the overflow; in-range
 * values and an inf input do not set it; the same in a run of 21 (the vector conversion's
 * lanes as well as its tail). Misuse codes. */
#include <math.h>

#include "acltest.h"
#include "aclnnop/aclnn_cast.h"

#define N 6

static uint64_t status(aclrtStream s, void *dev)
{
    uint64_t host[8];
    memset(host, 0xa5, sizeof(host));
    CHECK_OK(aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE)); /* garbage first */
    CHECK_OK(aclrtGetOverflowStatus(dev, 64, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(host, 64, dev, 64, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 1; i < 8; i++)
        CHECK(host[i] == 0);
    return host[0];
}

/* Cast in[n] to float16 on s, return the halves. */
static void cast_n(aclrtStream s, const float *in, uint16_t *out, int64_t n)
{
    int64_t shape[1] = {n}, strides[1] = {1};
    void *din, *dout;
    CHECK_OK(aclrtMalloc(&din, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&dout, (size_t)n * 2, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(din, (size_t)n * 4, in, (size_t)n * 4, ACL_MEMCPY_HOST_TO_DEVICE));
    aclTensor *ti = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, din);
    aclTensor *to =
        aclCreateTensor(shape, 1, ACL_FLOAT16, strides, 0, ACL_FORMAT_ND, shape, 1, dout);
    CHECK(ti && to);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    CHECK(aclnnCastGetWorkspaceSize(ti, ACL_FLOAT16, to, &ws, &ex) == 0);
    void *w = NULL;
    if (ws)
        CHECK_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclnnCast(w, ws, ex, s) == 0);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(out, (size_t)n * 2, dout, (size_t)n * 2, ACL_MEMCPY_DEVICE_TO_HOST));
    aclDestroyTensor(ti);
    aclDestroyTensor(to);
    if (w)
        CHECK_OK(aclrtFree(w));
    FREE_DEVICE(din, dout);
}

static void cast(aclrtStream s, const float *in, uint16_t *out)
{
    cast_n(s, in, out, N);
}

#define L 21

/* A run of L: values i / 4 with the given lanes replaced, cast; the halves. */
static void cast_run(aclrtStream s, int k, const int *lane, const float *v, uint16_t *h)
{
    float in[L];
    for (int i = 0; i < L; i++)
        in[i] = (float)i / 4;
    for (int j = 0; j < k; j++)
        in[lane[j]] = v[j];
    cast_n(s, in, h, L);
}

/* Overflow in the vector lanes (3, 12) and in the tail (19), alone and together; an inf input
 * in a lane and in the tail alone does not overflow. sat: the mode's largest value, else inf. */
static void runs(aclrtStream s, void *st, bool sat)
{
    const uint16_t pos = sat ? 0x7bff : 0x7c00, neg = sat ? 0xfbff : 0xfc00;
    uint16_t h[L];
    const int inf_lanes[2] = {5, 20};
    const float infs[2] = {INFINITY, -INFINITY};
    cast_run(s, 2, inf_lanes, infs, h);
    CHECK(h[5] == 0x7c00 && h[20] == 0xfc00 && h[4] == 0x3c00 && h[19] == 0x44c0);
    CHECK(status(s, st) == 0);
    const int lanes[3] = {3, 12, 19};
    const float big[3] = {1e5f, -7e4f, 3e38f};
    for (int j = 0; j < 4; j++) { /* lane j alone, then all three */
        const int k = j < 3 ? 1 : 3;
        cast_run(s, k, j < 3 ? lanes + j : lanes, j < 3 ? big + j : big, h);
        for (int i = 0; i < L; i++) {
            const bool hit = (j == 3 || j == 0) && i == 3 ? true
                             : (j == 3 || j == 1) && i == 12 ? true
                             : (j == 3 || j == 2) && i == 19;
            if (hit)
                CHECK(h[i] == (i == 12 ? neg : pos));
            else
                CHECK((h[i] & 0x7fffu) < 0x7c00u);
        }
        CHECK(status(s, st) == 1);
        CHECK_OK(aclrtResetOverflowStatus(s));
        CHECK(status(s, st) == 0);
    }
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    /* No current device yet. */
    aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDeviceSatMode(&mode));
    CHECK_OK(aclrtSetDevice(0));
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    void *st;
    CHECK_OK(aclrtMalloc(&st, 64, ACL_MEM_MALLOC_HUGE_FIRST));

    CHECK_OK(aclrtGetDeviceSatMode(&mode));
    CHECK(mode == ACL_RT_OVERFLOW_MODE_INFNAN);
    CHECK_OK(aclrtResetOverflowStatus(s));
    CHECK(status(s, st) == 0);

    /* In range (65504 is the largest half), and an inf input: no overflow. */
    const float ok[N] = {1.0f, -2.5f, 65504.0f, -65504.0f, INFINITY, 0.0f};
    uint16_t h[N];
    cast(s, ok, h);
    CHECK(h[0] == 0x3c00 && h[2] == 0x7bff && h[3] == 0xfbff && h[4] == 0x7c00);
    CHECK(status(s, st) == 0);

    /* Finite values beyond the range: inf in INFNAN mode, status set and sticky. */
    const float big[N] = {1e5f, -3e38f, 1.0f, 70000.0f, 2.0f, -65536.0f};
    cast(s, big, h);
    CHECK(h[0] == 0x7c00 && h[1] == 0xfc00 && h[2] == 0x3c00 && h[3] == 0x7c00 &&
          h[5] == 0xfc00);
    CHECK(status(s, st) == 1);
    cast(s, ok, h);
    CHECK(status(s, st) == 1); /* sticky */
    aclrtStream s2; /* the status is process-wide: another stream reads it too */
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK(status(s2, st) == 1);
    CHECK_OK(aclrtResetOverflowStatus(s2));
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK(status(s, st) == 0);
    runs(s, st, false);

    /* SATURATION: the same values clamp to +-65504 and the status is still set. */
    CHECK_OK(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION));
    CHECK_OK(aclrtGetDeviceSatMode(&mode));
    CHECK(mode == ACL_RT_OVERFLOW_MODE_SATURATION);
    cast(s, big, h);
    CHECK(h[0] == 0x7bff && h[1] == 0xfbff && h[2] == 0x3c00 && h[3] == 0x7bff &&
          h[5] == 0xfbff);
    CHECK(status(s, st) == 1);
    CHECK_OK(aclrtResetOverflowStatus(s));
    runs(s, st, true);
    /* The FloatOverflow spellings do the same. */
    CHECK_OK(aclrtResetFloatOverflowStatus(s));
    uint64_t host[8];
    CHECK_OK(aclrtGetFloatOverflowStatus(st, 64, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(host, 64, st, 64, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(host[0] == 0);
    CHECK_OK(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN));
    cast(s, big, h);
    CHECK(h[0] == 0x7c00);

    /* Misuse. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_UNDEF));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetDeviceSatMode((aclrtFloatOverflowMode)-1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceSatMode(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetOverflowStatus(NULL, 64, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetOverflowStatus(st, 8, s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtGetOverflowStatus(st, 64, BAD_STREAM));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtResetOverflowStatus(BAD_STREAM));

    CHECK_OK(aclrtFree(st));
    DESTROY_STREAMS(s, s2);
    TEST_CLOSE();
    printf("device_overflow: ok\n");
    return 0;
}
