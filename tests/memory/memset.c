/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtMemset / aclrtMemsetAsync (memory.md, Memory): count > maxCount is 107000; the
 * pointer must be device or aclrtMallocHost memory holding count bytes (the synchronous set
 * also takes writable pageable host memory), else ACL_ERROR_INVALID_PARAM; count 0 is
 * nothing; the async form is queued in stream order. */
#include <sys/mman.h>
#include <unistd.h>

#include "memapi.h"

#define N 4096
#define INVAL ACL_ERROR_INVALID_PARAM

typedef aclError (*set_fn)(void *p, size_t max, int32_t v, size_t n, aclrtStream s);

static aclrtStream g_s;

static aclError set_sync(void *p, size_t max, int32_t v, size_t n, aclrtStream s)
{
    (void)s;
    return aclrtMemset(p, max, v, n);
}

static aclError set_async(void *p, size_t max, int32_t v, size_t n, aclrtStream s)
{
    aclError rc = aclrtMemsetAsync(p, max, v, n, s);
    if (rc == ACL_SUCCESS)
        rc = aclrtSynchronizeStream(s);
    return rc;
}

static void rows(set_fn set, const char *name)
{
    aclrtStream s = g_s;
    void *d = NULL, *dodd = NULL, *p = NULL;
    CHECK_OK(aclrtMalloc(&d, N, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&dodd, 1000, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMallocHost(&p, N));
    size_t use = acl_rounded(1000, true);
    uint8_t *heap = malloc(N);
    uint8_t stack[256];
    CHECK(heap);
    fprintf(stderr, "info: %s\n", name);

    dev_write_pat(d, N, 1);
    dev_write_pat(dodd, use, 2);
    pat_fill(p, N, 3);
    memset(heap, 0x5c, N);
    /* count > maxCount */
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, set(d, N - 1, 0, N, s));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, set(d, 0, 0, 1, s));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, set(p, 10, 0, 11, s));
    /* NULL; pageable memory (async only: the synchronous set takes it, below) */
    EXPECT_ERR(INVAL, set(NULL, N, 0, N, s));
    if (set == set_async) {
        EXPECT_ERR(INVAL, set(heap, N, 0, N, s));
        EXPECT_ERR(INVAL, set(heap, N, 0, 1, s));
        EXPECT_ERR(INVAL, set(stack, sizeof stack, 0, sizeof stack, s));
    }
    /* ranges the allocation does not hold */
    EXPECT_ERR(INVAL, set(dodd, use + 1, 0, use + 1, s));
    EXPECT_ERR(INVAL, set((uint8_t *)dodd + 64, use, 0, use - 63, s));
    EXPECT_ERR(INVAL, set((uint8_t *)dodd + use, 16, 0, 16, s)); /* one past the end */
    EXPECT_ERR(INVAL, set(p, N + 1, 0, N + 1, s));
    EXPECT_ERR(INVAL, set((uint8_t *)p + 100, N, 0, N - 99, s));
    EXPECT_ERR(INVAL, set((uint8_t *)dodd + 8, SIZE_MAX, 0, SIZE_MAX - 7, s));
    /* nothing was set */
    EXPECT_DEV_PAT(d, N, 1);
    EXPECT_DEV_PAT(dodd, use, 2);
    EXPECT_PAT(p, N, 3);
    EXPECT_BYTES(heap, N, 0x5c);
    /* count 0 */
    EXPECT_OK(set(d, N, 0, 0, s));
    EXPECT_OK(set(p, N, 0, 0, s));
    EXPECT_DEV_PAT(d, N, 1);
    EXPECT_PAT(p, N, 3);
    /* valid sets, whole and partial, device and pinned host, up to the usable end */
    EXPECT_OK(set(d, N, 0xa5, N, s));
    EXPECT_DEV_BYTES(d, N, 0xa5);
    EXPECT_OK(set((uint8_t *)d + 100, N, 0x3c, 200, s));
    uint8_t *r = dev_read(d, N);
    EXPECT_BYTES(r, 100, 0xa5);
    EXPECT_BYTES(r + 100, 200, 0x3c);
    EXPECT_BYTES(r + 300, N - 300, 0xa5);
    free(r);
    EXPECT_OK(set(dodd, use, 0, use, s));
    EXPECT_DEV_BYTES(dodd, use, 0);
    EXPECT_OK(set((uint8_t *)dodd + use - 1, 1, 0xff, 1, s));
    r = dev_read(dodd, use);
    EXPECT_BYTES(r, use - 1, 0);
    EXPECT(r[use - 1] == 0xff);
    free(r);
    EXPECT_OK(set(p, N, 0x11, N, s));
    EXPECT_BYTES(p, N, 0x11);
    EXPECT_OK(set((uint8_t *)p + 1, N, 0x22, N - 1, s));
    EXPECT(((uint8_t *)p)[0] == 0x11);
    EXPECT_BYTES((uint8_t *)p + 1, N - 1, 0x22);
    if (set == set_sync) {
        /* host memory of any kind (the reference: host or device, told by the address):
         * heap and stack set; read-only and unmapped pages refused, nothing written */
        EXPECT_OK(set(heap + 3, N, 0x6b, N - 3, s));
        EXPECT_BYTES(heap, 3, 0x5c);
        EXPECT_BYTES(heap + 3, N - 3, 0x6b);
        memset(stack, 1, sizeof stack);
        EXPECT_OK(set(stack, sizeof stack, 0, sizeof stack, s));
        EXPECT_BYTES(stack, sizeof stack, 0);
        size_t pg = (size_t)sysconf(_SC_PAGESIZE);
        uint8_t *ro =
            mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        CHECK(ro != MAP_FAILED);
        memset(ro, 0x42, 2 * pg);
        CHECK(mprotect(ro + pg, pg, PROT_READ) == 0);
        EXPECT_ERR(INVAL, set(ro + pg - 8, 16, 0, 16, s));
        EXPECT_ERR(INVAL, set(ro + pg, pg, 0, pg, s));
        EXPECT_BYTES(ro + pg, pg, 0x42);
        CHECK(munmap(ro + pg, pg) == 0);
        EXPECT_ERR(INVAL, set(ro + pg, 16, 0, 16, s));
        EXPECT_OK(set(ro, pg, 0x24, pg, s));
        EXPECT_BYTES(ro, pg, 0x24);
        CHECK(munmap(ro, pg) == 0);
    }
    /* maxCount larger than the allocation does not matter when count fits */
    EXPECT_OK(set(d, (size_t)1 << 40, 7, 64, s));
    EXPECT_DEV_BYTES(d, 64, 7);

    EXPECT_FREE_DEVICE(d, dodd);
    EXPECT_OK(aclrtFreeHost(p));
    free(heap);
}

/* Async sets are queued in stream order, behind a held stream; bad streams are refused. */
static void async_order(void)
{
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, N, ACL_MEM_MALLOC_HUGE_FIRST));
    dev_write_pat(d, N, 9);
    struct mt_gate g = {0};
    CHECK_OK(cpuaclLaunchKernel(g_s, mt_gate_kernel, &g));
    EXPECT_OK(aclrtMemsetAsync(d, N, 1, N, g_s));
    EXPECT_OK(aclrtMemsetAsync(d, N, 2, N / 2, g_s));
    EXPECT_OK(aclrtMemsetAsync(d, N, 3, 0, g_s));
    EXPECT_DEV_PAT(d, N, 9); /* nothing ran yet */
    gate_open(&g);
    EXPECT_OK(aclrtSynchronizeStream(g_s));
    EXPECT(!atomic_load(&g.timed_out));
    uint8_t *r = dev_read(d, N);
    EXPECT_BYTES(r, N / 2, 2);
    EXPECT_BYTES(r + N / 2, N / 2, 1);
    free(r);
    /* the default stream */
    EXPECT_OK(aclrtMemsetAsync(d, N, 4, N, NULL));
    EXPECT_OK(aclrtSynchronizeStream(NULL));
    EXPECT_DEV_BYTES(d, N, 4);
    /* bad streams */
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE,
               aclrtMemsetAsync(d, N, 0, N, (aclrtStream)(uintptr_t)0x1234));
    aclrtStream dead;
    CHECK_OK(aclrtCreateStream(&dead));
    CHECK_OK(aclrtDestroyStream(dead));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtMemsetAsync(d, N, 0, N, dead));
    EXPECT_DEV_BYTES(d, N, 4);
    EXPECT_OK(aclrtFree(d));
}

/* The synchronous set does not wait for streams. */
static void sync_no_wait(void)
{
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, N, ACL_MEM_MALLOC_HUGE_FIRST));
    struct mt_gate g = {0};
    CHECK_OK(cpuaclLaunchKernel(g_s, mt_gate_kernel, &g));
    CHECK_OK(cpuaclLaunchKernel(NULL, mt_gate_kernel, &g));
    EXPECT_OK(aclrtMemset(d, N, 0x42, N));
    EXPECT(!atomic_load(&g.open));
    EXPECT_BYTES(d, N, 0x42);
    gate_open(&g);
    EXPECT_OK(aclrtSynchronizeStream(g_s));
    EXPECT_OK(aclrtSynchronizeStream(NULL));
    EXPECT_OK(aclrtFree(d));
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtCreateStream(&g_s));
    rows(set_sync, "aclrtMemset");
    rows(set_async, "aclrtMemsetAsync");
    async_order();
    sync_no_wait();
    EXPECT_OK(aclrtDestroyStream(g_s));
    TEST_CLOSE();
    return memapi_exit("memory_memset");
}
