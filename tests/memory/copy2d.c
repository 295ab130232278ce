/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtMemcpy2d / aclrtMemcpy2dAsync (memory.md, Memory): width larger than a pitch is
 * ACL_ERROR_INVALID_PARAM; width or height 0 is success with nothing copied; the whole
 * pitched extent of each side is bounds-checked; kinds as aclrtMemcpy; pitched data land
 * where they should and the gaps between rows are untouched. */
#include "memapi.h"

#define INVAL ACL_ERROR_INVALID_PARAM
#define BUF 65536

typedef aclError (*cp2d_fn)(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                            size_t height, aclrtMemcpyKind kind);

static aclrtStream g_s;

static aclError cp_sync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                        size_t height, aclrtMemcpyKind kind)
{
    return aclrtMemcpy2d(dst, dpitch, src, spitch, width, height, kind);
}

static aclError cp_async(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, aclrtMemcpyKind kind)
{
    aclError rc = aclrtMemcpy2dAsync(dst, dpitch, src, spitch, width, height, kind, g_s);
    if (rc == ACL_SUCCESS)
        rc = aclrtSynchronizeStream(g_s);
    return rc;
}

/* Reference result of a 2-D copy on plain host buffers. */
static void ref2d(uint8_t *dst, size_t dpitch, const uint8_t *src, size_t spitch, size_t width,
                  size_t height)
{
    for (size_t r = 0; r < height; r++)
        memcpy(dst + r * dpitch, src + r * spitch, width);
}

/* Whether got[0..BUF) is the pattern `seed` with the 2-D copy of src laid
 * over it (want is BUF bytes of scratch). */
static bool is_2d_copy(const uint8_t *got, uint32_t seed, size_t dpitch, const uint8_t *src,
                       size_t spitch, size_t width, size_t height, uint8_t *want)
{
    pat_fill(want, BUF, seed);
    ref2d(want, dpitch, src, spitch, width, height);
    return memcmp(got, want, BUF) == 0;
}

/* is_2d_copy on the BUF bytes of device memory at dev. */
static bool dev_is_2d_copy(const void *dev, uint32_t seed, size_t dpitch, const uint8_t *src,
                           size_t spitch, size_t width, size_t height, uint8_t *want)
{
    uint8_t *got = dev_read(dev, BUF);
    bool ok = is_2d_copy(got, seed, dpitch, src, spitch, width, height, want);
    free(got);
    return ok;
}

static void run(cp2d_fn cp, const char *name)
{
    fprintf(stderr, "info: %s\n", name);
    void *d0 = NULL, *d1 = NULL, *dsmall = NULL, *p0 = NULL;
    CHECK_OK(aclrtMalloc(&d0, BUF, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&d1, BUF, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc(&dsmall, 1000, ACL_MEM_MALLOC_NORMAL_ONLY)); /* 1056 usable */
    CHECK_OK(aclrtMallocHost(&p0, BUF));
    size_t small = acl_rounded(1000, true);
    uint8_t *h0 = aligned_alloc(64, BUF), *h1 = aligned_alloc(64, BUF),
            *want = aligned_alloc(64, BUF);
    CHECK(h0 && h1 && want);

    /* width larger than a pitch */
    EXPECT_ERR(INVAL, cp(d0, 100, h0, 200, 101, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(d0, 200, h0, 100, 101, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(h1, 16, d0, 16, 17, 1, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, cp(d1, 0, d0, 64, 1, 1, ACL_MEMCPY_DEVICE_TO_DEVICE));
    /* NULL pointers and unknown kinds */
    EXPECT_ERR(INVAL, cp(NULL, 64, h0, 64, 32, 2, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(d0, 64, NULL, 64, 32, 2, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(d0, 64, h0, 64, 32, 2, (aclrtMemcpyKind)8));
    EXPECT_ERR(INVAL, cp(d0, 64, h0, 64, 32, 2, (aclrtMemcpyKind)-1));
    /* kinds that contradict the pointers */
    EXPECT_ERR(INVAL, cp(h1, 64, h0, 64, 32, 2, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(d1, 64, d0, 64, 32, 2, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, cp(d1, 64, h0, 64, 32, 2, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(h1, 64, d0, 64, 32, 2, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(INVAL, cp(p0, 64, d0, 64, 32, 2, ACL_MEMCPY_HOST_TO_DEVICE));

    /* width or height 0: success, nothing copied (even if a pitch is 0 too) */
    dev_write_pat(d0, BUF, 1);
    pat_fill(h0, BUF, 2);
    EXPECT_OK(cp(d0, 64, h0, 64, 0, 10, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_OK(cp(d0, 64, h0, 64, 10, 0, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_OK(cp(d0, 0, h0, 0, 0, 0, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_DEV_PAT(d0, BUF, 1);

    /* the pitched extent: dpitch * (height - 1) + width must fit each device side */
    dev_write_pat(dsmall, small, 3);
    /* 4 rows of 200 at pitch 256: extent 968 fits 1056; 5 rows: 1224 does not */
    EXPECT_OK(cp(dsmall, 256, h0, 200, 200, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(dsmall, 256, h0, 200, 200, 5, ACL_MEMCPY_HOST_TO_DEVICE));
    /* exactly to the end: pitch 264 x 3 + 264 = 1056 */
    EXPECT_OK(cp(dsmall, 264, h0, 264, 264, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(dsmall, 264, h0, 264, 265, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp((uint8_t *)dsmall + 1, 264, h0, 264, 264, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    /* the source side too (the extent uses spitch) */
    EXPECT_OK(cp(h1, 100, dsmall, 264, 100, 4, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, cp(h1, 100, dsmall, 320, 100, 4, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, cp(d1, 64, dsmall, 1024, 64, 2, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(dsmall, 1024, d1, 64, 64, 2, ACL_MEMCPY_DEVICE_TO_DEVICE));
    /* extents that overflow size_t */
    EXPECT_ERR(INVAL, cp(dsmall, SIZE_MAX / 2, h0, 64, 64, 3, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, cp(h1, 64, dsmall, SIZE_MAX / 2, 64, 3, ACL_MEMCPY_DEVICE_TO_HOST));
    /* a refused copy changed nothing: dsmall holds the last accepted copy's rows */
    memset(want, 0, BUF);
    pat_fill(want, small, 3);
    ref2d(want, 256, h0, 200, 200, 4);
    ref2d(want, 264, h0, 264, 264, 4);
    uint8_t *r = dev_read(dsmall, small);
    EXPECT(memcmp(r, want, small) == 0);
    free(r);

    /* data checks: every direction, pitches larger than the width, odd sizes */
    static const struct {
        size_t dp, sp, w, h;
    } shapes[] = {{64, 64, 64, 16}, {100, 37, 33, 50},      {256, 512, 200, 40},
                  {1, 1, 1, 1000},  {4096, 4096, 4000, 15}, {31, 1024, 31, 60}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        size_t dp = shapes[i].dp, sp = shapes[i].sp, w = shapes[i].w, h = shapes[i].h;
        uint32_t seed = 10 + (uint32_t)i;
        /* H2D from pageable into a device buffer with a known background */
        pat_fill(h0, BUF, seed);
        dev_write_pat(d0, BUF, seed + 100);
        EXPECT_OK(cp(d0, dp, h0, sp, w, h, ACL_MEMCPY_HOST_TO_DEVICE));
        EXPECT(dev_is_2d_copy(d0, seed + 100, dp, h0, sp, w, h, want));
        /* D2D with the pitches swapped */
        dev_write_pat(d1, BUF, seed + 200);
        EXPECT_OK(cp(d1, sp, d0, dp, w, h, ACL_MEMCPY_DEVICE_TO_DEVICE));
        uint8_t *src = dev_read(d0, BUF);
        EXPECT(dev_is_2d_copy(d1, seed + 200, sp, src, dp, w, h, want));
        /* D2H into pinned and pageable memory; DEFAULT infers */
        pat_fill(p0, BUF, seed + 300);
        EXPECT_OK(cp(p0, dp, d1, sp, w, h, ACL_MEMCPY_DEVICE_TO_HOST));
        uint8_t *src1 = dev_read(d1, BUF);
        EXPECT(is_2d_copy(p0, seed + 300, dp, src1, sp, w, h, want));
        pat_fill(h1, BUF, seed + 400);
        EXPECT_OK(cp(h1, dp, d1, sp, w, h, ACL_MEMCPY_DEFAULT));
        EXPECT(is_2d_copy(h1, seed + 400, dp, src1, sp, w, h, want));
        free(src);
        free(src1);
    }
    /* each side against its own extent: a small device source whose extent
     * (32 * 9 + 24 = 312 bytes) is far below the destination's (200 * 9 + 24) */
    dev_write_pat(dsmall, 1000, 600);
    pat_fill(p0, BUF, 601);
    EXPECT_OK(cp(p0, 200, dsmall, 32, 24, 10, ACL_MEMCPY_DEVICE_TO_HOST));
    uint8_t *srcs = dev_read(dsmall, 1000);
    EXPECT(is_2d_copy(p0, 601, 200, srcs, 32, 24, 10, want));
    free(srcs);
    /* and the reverse: a small device destination, a long pinned source */
    EXPECT_OK(cp(dsmall, 32, p0, 200, 24, 10, ACL_MEMCPY_HOST_TO_DEVICE));
    /* synchronous host-to-host 2-D */
    if (cp == cp_sync) {
        pat_fill(h0, BUF, 500);
        pat_fill(h1, BUF, 501);
        EXPECT_OK(cp(h1, 128, h0, 96, 90, 100, ACL_MEMCPY_HOST_TO_HOST));
        EXPECT(is_2d_copy(h1, 501, 128, h0, 96, 90, 100, want));
    }

    EXPECT_FREE_DEVICE(d0, d1, dsmall);
    EXPECT_OK(aclrtFreeHost(p0));
    free(h0);
    free(h1);
    free(want);
}

/* The async form is queued in stream order; bad streams are refused. */
static void async_queued(void)
{
    void *d = NULL, *p = NULL;
    CHECK_OK(aclrtMalloc(&d, BUF, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&p, BUF));
    dev_write_pat(d, BUF, 600);
    pat_fill(p, BUF, 601);
    struct mt_gate g = {0};
    CHECK_OK(cpuaclLaunchKernel(g_s, mt_gate_kernel, &g));
    EXPECT_OK(aclrtMemcpy2dAsync(d, 128, p, 128, 100, 64, ACL_MEMCPY_HOST_TO_DEVICE, g_s));
    EXPECT_DEV_PAT(d, BUF, 600);
    gate_open(&g);
    EXPECT_OK(aclrtSynchronizeStream(g_s));
    uint8_t *want = malloc(BUF);
    CHECK(want);
    EXPECT(dev_is_2d_copy(d, 600, 128, p, 128, 100, 64, want));
    free(want);
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE,
               aclrtMemcpy2dAsync(d, 128, p, 128, 100, 64, ACL_MEMCPY_HOST_TO_DEVICE,
                                  (aclrtStream)(uintptr_t)0x1234));
    EXPECT_OK(aclrtMemcpy2dAsync(d, 128, p, 128, 100, 64, ACL_MEMCPY_HOST_TO_DEVICE, NULL));
    EXPECT_OK(aclrtSynchronizeStream(NULL));
    EXPECT_OK(aclrtFree(d));
    EXPECT_OK(aclrtFreeHost(p));
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtCreateStream(&g_s));
    run(cp_sync, "aclrtMemcpy2d");
    run(cp_async, "aclrtMemcpy2dAsync");
    async_queued();
    EXPECT_OK(aclrtDestroyStream(g_s));
    TEST_CLOSE();
    return memapi_exit("memory_copy2d");
}
