/* SPDX-License-Identifier: Apache-2.0 */
/* Device capacity (memory.md, Memory: capacity exhausted -> ACL_ERROR_RT_MEMORY_ALLOCATION
 * and everything else keeps working; device_memory_mb / CPUACL_DEVICE_MEMORY_MB): a small
 * capacity set before aclInit, exhausted with several policies and sizes, then recovered. */
#include <unistd.h>

#include "memapi.h"

#define CAP_MB 64
#define CAP ((size_t)CAP_MB << 20)
#define MiB ((size_t)1 << 20)

static int32_t k_inc(void *a)
{
    atomic_fetch_add((_Atomic int *)a, 1);
    return 0;
}

/* Allocate `size` with `pol` until the device refuses; returns how many were had. */
static size_t fill(void **ps, size_t max, size_t size, aclrtMemMallocPolicy pol)
{
    size_t n = 0;
    for (;;) {
        CHECK(n < max);
        void *p = NULL;
        aclError rc = aclrtMalloc(&p, size, pol);
        if (rc != ACL_SUCCESS) {
            const char *m = aclGetRecentErrMsg();
            if (rc != ACL_ERROR_RT_MEMORY_ALLOCATION) {
                fprintf(stderr,
                        "filling with %zu-byte allocations (policy %d): got %d after %zu, "
                        "expected %d (%s)\n",
                        size, (int)pol, rc, n, ACL_ERROR_RT_MEMORY_ALLOCATION,
                        m ? m : "no message");
                g_failed = 1;
            } else if (!m || !*m) {
                fprintf(stderr, "capacity exhausted without an error message\n");
                g_failed = 1;
            }
            return n;
        }
        ps[n++] = p;
    }
}

/* With the device full: copies, sets, streams, kernels, host memory and the other device
 * all still work. */
static void still_works(void *a, void *b, size_t n)
{
    void *h = NULL;
    EXPECT_OK(aclrtMallocHost(&h, 4 * MiB)); /* host memory is not device capacity */
    if (h) {
        pat_fill(h, n, 77);
        EXPECT_OK(aclrtMemcpy(a, n, h, n, ACL_MEMCPY_HOST_TO_DEVICE));
        EXPECT_OK(aclrtMemcpy(b, n, a, n, ACL_MEMCPY_DEVICE_TO_DEVICE));
        EXPECT_DEV_PAT(b, n, 77);
        aclrtStream s;
        CHECK_OK(aclrtCreateStream(&s));
        EXPECT_OK(aclrtMemsetAsync(a, n, 0x33, n, s));
        EXPECT_OK(aclrtMemcpyAsync(h, n, a, n, ACL_MEMCPY_DEVICE_TO_HOST, s));
        _Atomic int hits = 0;
        EXPECT_OK(cpuaclLaunchKernel(s, k_inc, (void *)&hits));
        EXPECT_OK(aclrtSynchronizeStream(s));
        EXPECT_BYTES(h, n, 0x33);
        EXPECT(atomic_load(&hits) == 1);
        EXPECT_OK(aclrtDestroyStream(s));
        EXPECT_OK(aclrtFreeHost(h));
    }
    /* device 1 has its own capacity */
    CHECK_OK(aclrtSetDevice(1));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    void *p = NULL;
    if (EXPECT_OK(aclrtMalloc(&p, 16 * MiB, ACL_MEM_MALLOC_HUGE_FIRST)))
        EXPECT_OK(aclrtFree(p));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtSetDevice(0));
}

static void exhaust(size_t size, aclrtMemMallocPolicy pol)
{
    enum { MAX = 1 << 20 };
    void **ps = malloc(MAX * sizeof *ps);
    CHECK(ps);
    CHECK(mi_free(ACL_HBM_MEM) == CAP);
    size_t each = acl_rounded(size, true);
    size_t n = fill(ps, MAX, size, pol);
    if (n != CAP / each) {
        fprintf(stderr, "%zu-byte allocations (policy %d): %zu fit, expected %zu\n", size, (int)pol,
                n, CAP / each);
        g_failed = 1;
    }
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - n * each);
    /* a refused allocation changes nothing, whatever its size or policy */
    size_t f = mi_free(ACL_HBM_MEM);
    void *p = NULL;
    if (f < each)
        EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&p, size, pol));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&p, f + 1, ACL_MEM_MALLOC_NORMAL_ONLY));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&p, 4 * MiB, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT(mi_free(ACL_HBM_MEM) == f);
    if (n >= 2)
        still_works(ps[0], ps[1], size < 4 * MiB ? size : 4 * MiB);
    /* recovery: one freed block can be had again, by any policy */
    if (n >= 1) {
        EXPECT_OK(aclrtFree(ps[n - 1]));
        EXPECT(mi_free(ACL_HBM_MEM) == f + each);
        if (EXPECT_OK(aclrtMalloc(&ps[n - 1], size, ACL_MEM_MALLOC_NORMAL_ONLY)))
            EXPECT(mi_free(ACL_HBM_MEM) == f);
        else
            n--;
    }
    for (size_t i = 0; i < n; i++)
        EXPECT_OK(aclrtFree(ps[i]));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    free(ps);
}

static void exact_fit(void)
{
    /* 32 MiB - 32 rounds to 32 MiB - 32 and is padded to exactly 32 MiB: two fill the device. */
    void *a = NULL, *b = NULL, *c = NULL;
    size_t half = CAP / 2 - 32;
    CHECK_OK(aclrtMalloc(&a, half, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_OK(aclrtMalloc(&b, half, ACL_MEM_MALLOC_NORMAL_ONLY));
    EXPECT(mi_free(ACL_HBM_MEM) == 0);
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&c, 1, ACL_MEM_MALLOC_NORMAL_ONLY));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION,
               aclrtMallocAlign32(&c, 1, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMallocCached(&c, 1, ACL_MEM_MALLOC_HUGE_FIRST));
    if (b)
        EXPECT_OK(aclrtFree(b));
    /* one byte more than what is left */
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION,
               aclrtMalloc(&b, half + 1, ACL_MEM_MALLOC_NORMAL_ONLY));
    /* MallocAlign32 has no padding: 32 MiB fits exactly */
    if (EXPECT_OK(aclrtMallocAlign32(&b, CAP / 2, ACL_MEM_MALLOC_NORMAL_ONLY))) {
        EXPECT(mi_free(ACL_HBM_MEM) == 0);
        EXPECT_OK(aclrtFree(b));
    }
    EXPECT_OK(aclrtFree(a));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
}

static void too_big(void)
{
    void *p = NULL;
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&p, CAP + 1, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&p, CAP, ACL_MEM_MALLOC_NORMAL_ONLY));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION,
               aclrtMalloc(&p, SIZE_MAX, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION,
               aclrtMalloc(&p, SIZE_MAX - 40, ACL_MEM_MALLOC_NORMAL_ONLY));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION,
               aclrtMallocAlign32(&p, SIZE_MAX, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION,
               aclrtMalloc(&p, (size_t)1 << 62, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
}

/* The same capacity from the JSON configuration (the environment variable unset). */
static void from_json(void)
{
    char path[] = "/tmp/memapi_capacityXXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    const char *json = "{\"cpuacl\": {\"device_memory_mb\": 24}}";
    CHECK(write(fd, json, strlen(json)) == (ssize_t)strlen(json));
    close(fd);
    CHECK(unsetenv("CPUACL_DEVICE_MEMORY_MB") == 0);
    CHECK_OK(aclInit(path));
    unlink(path);
    CHECK_OK(aclrtSetDevice(0));
    EXPECT(mi_total(ACL_HBM_MEM) == (size_t)24 << 20);
    void *p = NULL;
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION,
               aclrtMalloc(&p, 24 * MiB, ACL_MEM_MALLOC_HUGE_FIRST));
    if (EXPECT_OK(aclrtMalloc(&p, 24 * MiB - 32, ACL_MEM_MALLOC_HUGE_FIRST)))
        EXPECT_OK(aclrtFree(p));
    TEST_CLOSE();
}

int main(void)
{
    CHECK(setenv("CPUACL_DEVICE_MEMORY_MB", "64", 1) == 0);
    TEST_OPEN();
    EXPECT(mi_total(ACL_HBM_MEM) == CAP);
    EXPECT(mi_total(ACL_DDR_MEM) == CAP);
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    too_big();
    exhaust(MiB, ACL_MEM_MALLOC_NORMAL_ONLY);
    exhaust(3 * MiB, ACL_MEM_MALLOC_HUGE_FIRST);
    exhaust(4000, ACL_MEM_MALLOC_HUGE_FIRST);
    exhaust(100, ACL_MEM_MALLOC_NORMAL_ONLY_P2P);
    if (mi_total(ACL_MEM_HUGE) > 0)
        exhaust(2 * MiB, ACL_MEM_MALLOC_HUGE_ONLY);
    exact_fit();
    TEST_CLOSE();
    from_json();
    return memapi_exit("memory_capacity");
}
