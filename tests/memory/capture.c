/* SPDX-License-Identifier: Apache-2.0 */
/* Copies and sets under stream capture (reference 6.2, memory.md aclrtMemcpyAsync row):
 * aclrtMemcpyAsync / aclrtMemsetAsync / aclrtMemcpy2dAsync with pinned and device memory
 * are captured (nothing runs during the capture) and replayed by aclmdlRIExecuteAsync as
 * often as asked, reading the buffers as they are at replay time; pageable memory in an
 * async copy on the capturing stream is refused with 107000, on another stream while the
 * capture mode forbids synchronous work with 107041. */
#include "memapi.h"

#define N 16384

static aclrtStream g_cap, g_exec, g_other;
static uint8_t *g_in, *g_out; /* pinned */
static void *g_d0, *g_d1;

/* What one replay of the captured sequence leaves in g_out for input pattern `seed`. */
static void expect_out(uint32_t seed, int line)
{
    uint8_t *want = malloc(N);
    CHECK(want);
    pat_fill(want, N, seed);          /* H2D, D2D */
    memset(want + N / 2, 0x5a, 1000); /* memset on the device copy */
    for (int r = 0; r < 8; r++)       /* 2-D: rows of 100 from pitch 512 to 256 */
        memcpy(want + 100 + (size_t)r * 256, want + 8192 + (size_t)r * 512, 100);
    long at = -1;
    for (size_t i = 0; i < N && at < 0; i++)
        if (g_out[i] != want[i])
            at = (long)i;
    if (at >= 0) {
        fprintf(stderr, "line %d: replay output differs at byte %ld (0x%02x, expected 0x%02x)\n",
                line, at, g_out[at], want[at]);
        g_failed = 1;
    }
    free(want);
}

static void capture_and_replay(aclmdlRICaptureMode mode)
{
    fprintf(stderr, "info: capture mode %d\n", (int)mode);
    pat_fill(g_in, N, 1);
    memset(g_out, 0xcc, N);
    pat_fill(g_d0, N, 2);
    pat_fill(g_d1, N, 3);
    CHECK_OK(aclmdlRICaptureBegin(g_cap, mode));
    EXPECT_OK(aclrtMemcpyAsync(g_d0, N, g_in, N, ACL_MEMCPY_HOST_TO_DEVICE, g_cap));
    EXPECT_OK(aclrtMemcpyAsync(g_d1, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_DEVICE, g_cap));
    EXPECT_OK(aclrtMemsetAsync((uint8_t *)g_d1 + N / 2, N / 2, 0x5a, 1000, g_cap));
    EXPECT_OK(aclrtMemcpy2dAsync((uint8_t *)g_d1 + 100, 256, (uint8_t *)g_d1 + 8192, 512, 100, 8,
                                 ACL_MEMCPY_DEVICE_TO_DEVICE, g_cap));
    EXPECT_OK(aclrtMemcpyAsync(g_out, N, g_d1, N, ACL_MEMCPY_DEFAULT, g_cap));

    /* pageable memory on the capturing stream: refused, in both directions */
    uint8_t *heap = aligned_alloc(64, N);
    CHECK(heap);
    pat_fill(heap, N, 9);
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(g_d0, N, heap, N, ACL_MEMCPY_HOST_TO_DEVICE, g_cap));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(heap, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_HOST, g_cap));
    /* the other argument rules still apply inside a capture */
    EXPECT_ERR(ACL_ERROR_RT_ADDR_UNALIGNED,
               aclrtMemcpyAsync(g_d0, N, g_in + 1, 64, ACL_MEMCPY_HOST_TO_DEVICE, g_cap));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(g_d0, 8, g_in, 64, ACL_MEMCPY_HOST_TO_DEVICE, g_cap));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemcpyAsync(g_d0, N + 64, g_in, N + 64, ACL_MEMCPY_HOST_TO_DEVICE, g_cap));

    /* pageable memory on another stream of the context becomes a synchronous copy: refused
     * (107041) where the mode forbids synchronous work for this thread (GLOBAL; THREAD_LOCAL
     * for the capturing thread), done at once otherwise */
    bool forbidden = mode != ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    pat_fill(g_d0, N, 2);
    if (forbidden)
        EXPECT_ERR(ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC,
                   aclrtMemcpyAsync(heap, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_HOST, g_other));
    else
        EXPECT_OK(aclrtMemcpyAsync(heap, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_HOST, g_other));
    EXPECT_PAT(heap, N, forbidden ? 9 : 2);
    /* after switching this thread to RELAXED it is allowed */
    aclmdlRICaptureMode m = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    EXPECT_OK(aclrtMemcpyAsync(heap, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_HOST, g_other));
    EXPECT_PAT(heap, N, 2);
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_RELAXED);

    /* nothing captured has run */
    EXPECT_BYTES(g_out, N, 0xcc);
    EXPECT_PAT(g_d1, N, 3);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(g_cap, &ri));
    CHECK(ri != NULL);
    EXPECT_BYTES(g_out, N, 0xcc);
    EXPECT_PAT(g_d1, N, 3);

    /* replays read the inputs as they are at replay time */
    for (uint32_t k = 0; k < 5; k++) {
        pat_fill(g_in, N, 100 + k);
        memset(g_out, 0, N);
        EXPECT_OK(aclmdlRIExecuteAsync(ri, g_exec));
        EXPECT_OK(aclrtSynchronizeStream(g_exec));
        expect_out(100 + k, __LINE__);
    }
    /* back-to-back replays with a host-side step between them on the same stream */
    pat_fill(g_in, N, 200);
    EXPECT_OK(aclmdlRIExecuteAsync(ri, g_exec));
    EXPECT_OK(aclmdlRIExecuteAsync(ri, g_exec));
    EXPECT_OK(aclrtSynchronizeStream(g_exec));
    expect_out(200, __LINE__);
    EXPECT_OK(aclmdlRIDestroy(ri));

    /* after the capture, pageable async copies on the stream work again (synchronously) */
    pat_fill(heap, N, 300);
    EXPECT_OK(aclrtMemcpyAsync(g_d0, N, heap, N, ACL_MEMCPY_HOST_TO_DEVICE, g_cap));
    EXPECT_PAT(g_d0, N, 300);
    EXPECT_OK(aclrtSynchronizeStream(g_cap));
    free(heap);
}

int main(void)
{
    TEST_OPEN();
    CREATE_STREAMS(&g_cap, &g_exec, &g_other);
    CHECK_OK(aclrtMallocHost((void **)&g_in, N));
    CHECK_OK(aclrtMallocHost((void **)&g_out, N));
    CHECK_OK(aclrtMalloc(&g_d0, N, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&g_d1, N, ACL_MEM_MALLOC_NORMAL_ONLY));
    capture_and_replay(ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    capture_and_replay(ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL);
    capture_and_replay(ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    EXPECT_DESTROY_STREAMS(g_cap, g_exec, g_other);
    EXPECT_FREE_HOST(g_in, g_out);
    EXPECT_FREE_DEVICE(g_d0, g_d1);
    TEST_CLOSE();
    return memapi_exit("memory_capture");
}
