/* SPDX-License-Identifier: Apache-2.0 */
/* Virtual memory (memory.md, Memory, the aclrtReserveMemAddress .. aclrtMemGetAccess rows):
 * every misuse with its code and a message; data written and read back through copies; one
 * handle mapped twice shares its bytes; copies across adjacent mappings; capacity charged and
 * credited in aclrtGetMemInfo; mappings are device memory of the handle's device (aclrtFree
 * refuses them); device reset and aclFinalize with live reservations, handles and mappings;
 * concurrent users with payload checks; a handle's pages and a mapping's page tables exist
 * from the call that makes them (VM7); a handle's bytes move with it between mappings and
 * parking, and stay when a second mapping or a NoAccess one shares them (VM8). */
#include "memapi.h"

#define CAP ((size_t)64 << 20)
#define MiB ((size_t)1 << 20)
#define GiB ((size_t)1 << 30)
#define G2 (2 * MiB)

/* Device 0's default context: switching back to it with aclrtSetCurrentContext keeps the
 * device's use count as it is (aclrtSetDevice would add a use). */
static aclrtContext ctx0;

static void cur0(void)
{
    CHECK_OK(aclrtSetCurrentContext(ctx0));
}

static aclrtPhysicalMemProp prop_of(int dev, aclrtMemAttr attr)
{
    aclrtPhysicalMemProp p;
    memset(&p, 0, sizeof(p));
    p.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    p.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    p.memAttr = attr;
    p.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    p.location.id = (uint32_t)dev;
    return p;
}

static aclrtDrvMemHandle phys(int dev, size_t size)
{
    aclrtPhysicalMemProp p = prop_of(dev, ACL_HBM_MEM_HUGE);
    aclrtDrvMemHandle h = NULL;
    CHECK_OK(aclrtMallocPhysical(&h, size, &p, 0));
    CHECK(h != NULL);
    return h;
}

static void *reserve(size_t size)
{
    void *va = NULL;
    CHECK_OK(aclrtReserveMemAddress(&va, size, 0, NULL, 0));
    CHECK(va != NULL);
    return va;
}

static void *no_context_thread(void *arg)
{
    (void)arg;
    void *va = (void *)1;
    EXPECT_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtReserveMemAddress(&va, G2, 0, NULL, 0));
    EXPECT(va == NULL);
    return NULL;
}

/* Before aclInit. */
static void uninitialised(void)
{
    void *va = NULL;
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtReserveMemAddress(&va, G2, 0, NULL, 0));
    aclrtPhysicalMemProp p = prop_of(0, ACL_HBM_MEM_HUGE);
    size_t g = 0;
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE,
               aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
}

static void granularity(void)
{
    aclrtPhysicalMemProp p = prop_of(0, ACL_HBM_MEM_HUGE);
    size_t g = 0;
    EXPECT_OK(aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
    EXPECT(g == G2);
    g = 0;
    EXPECT_OK(aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &g));
    EXPECT(g == G2);
    const aclrtMemAttr two_m[] = {ACL_HBM_MEM_NORMAL, ACL_MEM_NORMAL, ACL_MEM_HUGE, ACL_DDR_MEM};
    for (size_t i = 0; i < sizeof(two_m) / sizeof(two_m[0]); i++) {
        p.memAttr = two_m[i];
        g = 0;
        EXPECT_OK(aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
        EXPECT(g == G2);
    }
    const aclrtMemAttr one_g[] = {ACL_HBM_MEM_HUGE1G, ACL_HBM_MEM_P2P_HUGE1G, ACL_MEM_HUGE1G,
                                  ACL_MEM_P2P_HUGE1G};
    for (size_t i = 0; i < sizeof(one_g) / sizeof(one_g[0]); i++) {
        p.memAttr = one_g[i];
        g = 0;
        EXPECT_OK(aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
        EXPECT(g == GiB);
    }
    p = prop_of(0, ACL_HBM_MEM_HUGE);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemGetAllocationGranularity(NULL, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF, &g));
    aclrtPhysicalMemProp bad = p;
    bad.handleType = (aclrtMemHandleType)1;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
    bad = p;
    bad.allocationType = (aclrtMemAllocationType)1;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
    bad = p;
    bad.memAttr = (aclrtMemAttr)99;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
    bad = p;
    bad.location.type = ACL_MEM_LOCATION_TYPE_HOST;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
    bad = p;
    bad.location.id = 99;
    EXPECT_ERR(ACL_ERROR_RT_INVALID_DEVICEID,
               aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
}

static void reservations(void)
{
    void *va = (void *)1;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(NULL, G2, 0, NULL, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(&va, 0, 0, NULL, 0));
    EXPECT(va == NULL);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(&va, SIZE_MAX - 4096, 0, NULL, 0));
    /* A size that is not a multiple of the granularity reserves whole granules, rounded up
     * (issue 14: ggml reserves exactly aclrtGetMemInfo's free figure): 1 MiB takes one
     * granule, G2 + 4096 two, and the second granule can hold a mapping. */
    void *r1 = NULL, *r2 = NULL;
    if (EXPECT_OK(aclrtReserveMemAddress(&r1, MiB, 0, NULL, 0))) {
        aclrtDrvMemHandle h1 = phys(0, G2);
        EXPECT_OK(aclrtMapMem(r1, G2, 0, h1, 0));
        EXPECT_OK(aclrtUnmapMem(r1));
        EXPECT_OK(aclrtFreePhysical(h1));
        EXPECT_OK(aclrtReleaseMemAddress(r1));
    }
    if (EXPECT_OK(aclrtReserveMemAddress(&r2, G2 + 4096, 0, NULL, 0))) {
        aclrtDrvMemHandle h2 = phys(0, G2);
        EXPECT_OK(aclrtMapMem((char *)r2 + G2, G2, 0, h2, 0)); /* the rounded-up granule */
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem((char *)r2 + 2 * G2, G2, 0, h2, 0));
        EXPECT_OK(aclrtUnmapMem((char *)r2 + G2));
        EXPECT_OK(aclrtFreePhysical(h2));
        EXPECT_OK(aclrtReleaseMemAddress(r2));
    }
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(&va, G2, G2, NULL, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(&va, G2, 0, NULL, 2));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtReserveMemAddress(&va, G2, 0, (void *)(uintptr_t)(GiB + G2), 0));
    pthread_t th;
    CHECK(pthread_create(&th, NULL, no_context_thread, NULL) == 0);
    CHECK(pthread_join(th, NULL) == 0);

    /* flags 0 and 1; 2 MiB aligned; address space only, no device memory */
    void *a = NULL, *b = NULL;
    EXPECT_OK(aclrtReserveMemAddress(&a, 8 * MiB, 0, NULL, 0));
    EXPECT_OK(aclrtReserveMemAddress(&b, 6 * MiB, 0, NULL, 1));
    CHECK(a && b);
    EXPECT(((uintptr_t)a & (G2 - 1)) == 0);
    EXPECT(((uintptr_t)b & (G2 - 1)) == 0);
    EXPECT((uintptr_t)a + 8 * MiB <= (uintptr_t)b || (uintptr_t)b + 6 * MiB <= (uintptr_t)a);
    EXPECT(mi_free(ACL_HBM_MEM) == CAP); /* no capacity for address space */
    uint8_t h[64] __attribute__((aligned(64))) = {0};
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemset(a, 64, 0, 64));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(a, 64, h, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(a));

    /* release: exactly the address it gave, once */
    void *heap = malloc(64);
    CHECK(heap);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress(NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress((char *)a + G2));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress(heap));
    free(heap);
    EXPECT_OK(aclrtReleaseMemAddress(a));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress(a));
    EXPECT_OK(aclrtReleaseMemAddress(b));

    /* expectPtr: 1 GiB aligned; a taken range is ACL_ERROR_RT_MEMORY_ALLOCATION */
    void *big = reserve(3 * GiB);
    uintptr_t g = ((uintptr_t)big + GiB - 1) & ~(uintptr_t)(GiB - 1);
    void *at = (void *)1;
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtReserveMemAddress(&at, G2, 0, (void *)g, 0));
    EXPECT(at == NULL);
    EXPECT_OK(aclrtReleaseMemAddress(big));
    if (EXPECT_OK(aclrtReserveMemAddress(&at, 4 * MiB, 0, (void *)g, 0))) {
        EXPECT((uintptr_t)at == g);
        EXPECT_OK(aclrtReleaseMemAddress(at));
    }
}

static void physical(void)
{
    aclrtPhysicalMemProp p = prop_of(0, ACL_HBM_MEM_HUGE);
    aclrtDrvMemHandle h = (aclrtDrvMemHandle)1;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(NULL, G2, &p, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, G2, NULL, 0));
    EXPECT(h == NULL);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, G2, &p, 1));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, 0, &p, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, MiB, &p, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, 3 * MiB, &p, 0));
    aclrtPhysicalMemProp g1 = prop_of(0, ACL_HBM_MEM_HUGE1G);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, G2, &g1, 0));
    aclrtPhysicalMemProp host = p;
    host.location.type = ACL_MEM_LOCATION_TYPE_HOST;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, G2, &host, 0));
    aclrtPhysicalMemProp nodev = prop_of(99, ACL_HBM_MEM_HUGE);
    EXPECT_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtMallocPhysical(&h, G2, &nodev, 0));
    aclrtPhysicalMemProp unused = prop_of(1, ACL_HBM_MEM_HUGE); /* device 1 is not set */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, G2, &unused, 0));
    EXPECT(h == NULL);

    /* capacity: charged whole at allocation, credited at free, shared with aclrtMalloc */
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    aclrtDrvMemHandle a = phys(0, 4 * MiB);
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - 4 * MiB);
    EXPECT(mi_total(ACL_HBM_MEM) == CAP);
    aclrtMemAttr normal = ACL_MEM_NORMAL;
    aclrtPhysicalMemProp pn = prop_of(0, normal);
    aclrtDrvMemHandle b = NULL;
    EXPECT_OK(aclrtMallocPhysical(&b, CAP - 6 * MiB, &pn, 0));
    EXPECT(mi_free(ACL_HBM_MEM) == G2);
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMallocPhysical(&h, 4 * MiB, &p, 0));
    EXPECT(h == NULL);
    void *d = NULL;
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&d, 3 * MiB, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtDrvMemHandle c = phys(0, G2); /* exactly the rest */
    EXPECT(mi_free(ACL_HBM_MEM) == 0);
    EXPECT_OK(aclrtFreePhysical(c));
    EXPECT_OK(aclrtFreePhysical(b));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - 4 * MiB);

    /* free: NULL, twice, garbage, another kind of handle */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreePhysical(NULL));
    EXPECT_OK(aclrtFreePhysical(a));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical(a));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical((aclrtDrvMemHandle)0x1234));
    int local = 0;
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical((aclrtDrvMemHandle)&local));
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical((aclrtDrvMemHandle)s));
    CHECK_OK(aclrtDestroyStream(s));
    /* a new handle never revives a freed one */
    aclrtDrvMemHandle n = phys(0, G2);
    EXPECT(n != a);
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical(a));
    EXPECT_OK(aclrtFreePhysical(n));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
}

/* RssAnon + RssShmem of /proc/self/status, in KiB (private anonymous and shared memory
 * this process has in memory). */
static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    CHECK(f != NULL);
    char line[256];
    long a = -1, sh = -1, v;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "RssAnon: %ld kB", &v) == 1)
            a = v;
        if (sscanf(line, "RssShmem: %ld kB", &v) == 1)
            sh = v;
    }
    fclose(f);
    CHECK(a >= 0 && sh >= 0);
    return a + sh;
}

/* VM7: a handle's pages exist from aclrtMallocPhysical (VM8: anonymous memory until
 * shared; a memfd on a kernel without MADV_POPULATE_WRITE) and are mapped by
 * aclrtMapMem (nothing is left to a first touch); they read as zeros. */
static void committed(void)
{
    const size_t size = 8 * MiB;
    long before = rss_kib();
    aclrtDrvMemHandle h = phys(0, size);
    void *va = reserve(size);
    CHECK_OK(aclrtMapMem(va, size, 0, h, 0));
    long after = rss_kib();
    EXPECT(after - before >= (long)(size >> 10) - 64);
    unsigned char *back = malloc(size);
    CHECK(back != NULL);
    memset(back, 0xa5, size);
    CHECK_OK(aclrtMemcpy(back, size, va, size, ACL_MEMCPY_DEVICE_TO_HOST));
    size_t nonzero = 0;
    for (size_t i = 0; i < size; i++)
        nonzero += back[i] != 0;
    EXPECT(nonzero == 0);
    free(back);
    CHECK_OK(aclrtUnmapMem(va));
    CHECK_OK(aclrtFreePhysical(h));
    CHECK_OK(aclrtReleaseMemAddress(va));
}

/* VM8: a handle's bytes move with it: mapped, unmapped (parked), mapped elsewhere; made
 * shared by a second mapping while its bytes are in the first (open, or NoAccess until
 * aclrtMemSetAccess) or parked; each view then sees the other's writes. */
static void moves(void)
{
    char *r = reserve(12 * MiB);
    aclrtDrvMemHandle h = phys(0, 4 * MiB);
    for (int round = 0; round < 3; round++) { /* in, out, in again elsewhere */
        char *at = r + (size_t)round * 4 * MiB;
        EXPECT_OK(aclrtMapMem(at, 4 * MiB, 0, h, 0));
        if (round)
            EXPECT_DEV_PAT(at, 4 * MiB, 60 + round - 1);
        dev_write_pat(at, 4 * MiB, 60 + round);
        EXPECT_OK(aclrtUnmapMem(at));
        uint8_t h64[64] __attribute__((aligned(64)));
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(h64, 64, at, 64, ACL_MEMCPY_DEVICE_TO_HOST));
    }
    /* a second mapping while the bytes are in the first */
    EXPECT_OK(aclrtMapMem(r, 4 * MiB, 0, h, 0));
    EXPECT_DEV_PAT(r, 4 * MiB, 62);
    EXPECT_OK(aclrtMapMem(r + 8 * MiB, 4 * MiB, 0, h, 0));
    EXPECT_DEV_PAT(r + 8 * MiB, 4 * MiB, 62);
    dev_write_pat(r + 8 * MiB, MiB, 63);
    EXPECT_DEV_PAT(r, MiB, 63);
    EXPECT_OK(aclrtUnmapMem(r));
    EXPECT_OK(aclrtUnmapMem(r + 8 * MiB));
    EXPECT_OK(aclrtMapMem(r + 4 * MiB, 4 * MiB, 0, h, 0)); /* shared, mapped again */
    EXPECT_DEV_PAT(r + 4 * MiB, MiB, 63);
    EXPECT_OK(aclrtUnmapMem(r + 4 * MiB));
    EXPECT_OK(aclrtFreePhysical(h));

    /* the first mapping NoAccess (PROT_NONE) when the second comes */
    h = phys(0, 4 * MiB);
    EXPECT_OK(aclrtMapMem(r, 4 * MiB, 0, h, 0));
    dev_write_pat(r, 4 * MiB, 64);
    EXPECT_OK(aclrtUnmapMem(r));
    EXPECT_OK(aclrtMemMapNoAccess(r, 4 * MiB, 0, h, 0));
    EXPECT_OK(aclrtMapMem(r + 4 * MiB, 4 * MiB, 0, h, 0));
    EXPECT_DEV_PAT(r + 4 * MiB, 4 * MiB, 64);
    aclrtMemAccessDesc d;
    memset(&d, 0, sizeof(d));
    d.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    d.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    EXPECT_OK(aclrtMemSetAccess(r, 4 * MiB, &d, 1));
    EXPECT_DEV_PAT(r, 4 * MiB, 64);
    dev_write_pat(r, MiB, 65);
    EXPECT_DEV_PAT(r + 4 * MiB, MiB, 65);
    EXPECT_OK(aclrtUnmapMem(r));
    EXPECT_OK(aclrtUnmapMem(r + 4 * MiB));
    EXPECT_OK(aclrtFreePhysical(h));

    /* parked (never mapped since it was written), then two mappings */
    h = phys(0, G2);
    EXPECT_OK(aclrtMapMem(r, G2, 0, h, 0));
    dev_write_pat(r, G2, 66);
    EXPECT_OK(aclrtUnmapMem(r));
    EXPECT_OK(aclrtMemMapNoAccess(r + G2, G2, 0, h, 0)); /* closed: the bytes move in */
    EXPECT_OK(aclrtMapMem(r + 4 * MiB, G2, 0, h, 0));    /* shared from a closed mapping */
    EXPECT_DEV_PAT(r + 4 * MiB, G2, 66);
    EXPECT_OK(aclrtUnmapMem(r + G2));
    EXPECT_OK(aclrtUnmapMem(r + 4 * MiB));
    EXPECT_OK(aclrtFreePhysical(h));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    EXPECT_OK(aclrtReleaseMemAddress(r));
}

static void mapping(void)
{
    char *va = reserve(8 * MiB);
    aclrtDrvMemHandle h = phys(0, 4 * MiB), other = phys(0, G2);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(NULL, 4 * MiB, 0, h, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va, 4 * MiB, 0, NULL, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va, 4 * MiB, G2, h, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va, 4 * MiB, 0, h, 1));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va + 4096, 4 * MiB, 0, h, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va, G2, 0, h, 0));      /* not the whole */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va, 6 * MiB, 0, h, 0)); /* larger */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va + 6 * MiB, 4 * MiB, 0, h, 0)); /* past */
    void *outside = aligned_alloc(G2, 4 * MiB);
    CHECK(outside);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(outside, 4 * MiB, 0, h, 0));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE,
               aclrtMapMem(va, 4 * MiB, 0, (aclrtDrvMemHandle)0x77, 0));

    EXPECT_OK(aclrtMapMem(va, 4 * MiB, 0, h, 0));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - 6 * MiB); /* mapping charges nothing more */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va, 4 * MiB, 0, h, 0));     /* taken */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va + G2, G2, 0, other, 0)); /* overlaps */

    /* device memory for every copy and set */
    dev_write_pat(va, 4 * MiB, 21);
    EXPECT_DEV_PAT(va, 4 * MiB, 21);
    uint8_t h64[128] __attribute__((aligned(64)));
    memset(h64, 0, sizeof(h64));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, /* runs into the reserved, unmapped rest */
               aclrtMemcpy(va + 4 * MiB - 64, 128, h64, 128, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(va, 64, h64, 64, ACL_MEMCPY_DEVICE_TO_HOST));
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, 4 * MiB, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_OK(aclrtMemcpy(d, 4 * MiB, va, 4 * MiB, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_DEV_PAT(d, 4 * MiB, 21);
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    EXPECT_OK(aclrtMemsetAsync(va + MiB, MiB, 0x5a, MiB, s));
    EXPECT_OK(aclrtMemcpyAsync(d, MiB, va + MiB, MiB, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT_DEV_BYTES(d, MiB, 0x5a);
    CHECK_OK(aclrtDestroyStream(s));
    EXPECT_OK(aclrtMemset(va + MiB, MiB, 0, MiB));
    dev_write_pat(va + MiB, MiB, 22);

    /* not an allocation: both frees refuse it, and the data stays */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(va));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(va + 64));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(va));
    EXPECT_DEV_PAT(va + MiB, MiB, 22);

    /* nothing goes while mapped */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreePhysical(h));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress(va));
    EXPECT_DEV_PAT(va + MiB, MiB, 22);

    /* unmap: exactly the mapped address, once; the range stays reserved */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(va + G2));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(va + 6 * MiB));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(outside));
    EXPECT_OK(aclrtUnmapMem(va));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(va));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemset(va, 64, 0, 64));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(va, 64, h64, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - 6 * MiB - acl_rounded(4 * MiB, true));

    /* the physical memory kept its bytes; map it again elsewhere in the range */
    EXPECT_OK(aclrtMapMem(va + 4 * MiB, 4 * MiB, 0, h, 0));
    EXPECT_DEV_PAT(va + 5 * MiB, MiB, 22);
    EXPECT_OK(aclrtMapMem(va + G2, G2, 0, other, 0)); /* the gap below it */
    EXPECT_OK(aclrtUnmapMem(va + G2));
    EXPECT_OK(aclrtUnmapMem(va + 4 * MiB));
    EXPECT_OK(aclrtFreePhysical(h));
    EXPECT_OK(aclrtFreePhysical(other));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtMapMem(va, 4 * MiB, 0, h, 0)); /* freed handle */
    EXPECT_OK(aclrtReleaseMemAddress(va));
    aclrtDrvMemHandle late = phys(0, G2);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va, G2, 0, late, 0)); /* released */
    EXPECT_OK(aclrtFreePhysical(late));
    CHECK_OK(aclrtFree(d));
    free(outside);
}

/* One handle mapped at two addresses (two reservations, and twice in one): the same bytes. */
static void shared(void)
{
    char *r1 = reserve(4 * MiB), *r2 = reserve(6 * MiB);
    aclrtDrvMemHandle h = phys(0, G2);
    size_t before = mi_free(ACL_HBM_MEM);
    EXPECT_OK(aclrtMapMem(r1, G2, 0, h, 0));
    EXPECT_OK(aclrtMapMem(r2 + 4 * MiB, G2, 0, h, 0));
    EXPECT_OK(aclrtMapMem(r1 + G2, G2, 0, h, 0));
    EXPECT(mi_free(ACL_HBM_MEM) == before); /* charged once, however often mapped */
    dev_write_pat(r1, G2, 31);
    EXPECT_DEV_PAT(r2 + 4 * MiB, G2, 31);
    EXPECT_DEV_PAT(r1 + G2, G2, 31);
    EXPECT_OK(aclrtMemset(r2 + 4 * MiB + 4096, 100, 0xc3, 100));
    uint8_t *back = dev_read(r1 + 4096, 100);
    EXPECT_BYTES(back, 100, 0xc3);
    free(back);
    /* a copy from one view into another part of the same pages */
    dev_write_pat(r1, MiB, 32);
    EXPECT_OK(aclrtMemcpy(r1 + G2 + MiB, MiB, r2 + 4 * MiB, MiB, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_DEV_PAT(r1 + MiB, MiB, 32);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreePhysical(h));
    EXPECT_OK(aclrtUnmapMem(r1));
    EXPECT_OK(aclrtUnmapMem(r2 + 4 * MiB));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreePhysical(h)); /* one mapping left */
    EXPECT_DEV_PAT(r1 + G2 + MiB, MiB, 32);
    EXPECT_OK(aclrtUnmapMem(r1 + G2));
    EXPECT_OK(aclrtFreePhysical(h));
    EXPECT_OK(aclrtReleaseMemAddress(r1));
    EXPECT_OK(aclrtReleaseMemAddress(r2));
}

/* Adjacent mappings are one contiguous device range for copies; a hole is not. Mappings
 * are memory of their handle's device; one reservation maps one device's memory. */
static void adjacent_and_devices(void)
{
    char *va = reserve(8 * MiB);
    aclrtDrvMemHandle h1 = phys(0, G2), h2 = phys(0, G2), h3 = phys(0, G2);
    EXPECT_OK(aclrtMapMem(va, G2, 0, h1, 0));
    EXPECT_OK(aclrtMapMem(va + G2, G2, 0, h2, 0));
    EXPECT_OK(aclrtMapMem(va + 6 * MiB, G2, 0, h3, 0)); /* after a hole */
    dev_write_pat(va, 4 * MiB, 41);                     /* one copy across the boundary */
    EXPECT_DEV_PAT(va, 4 * MiB, 41);
    EXPECT_OK(aclrtMemset(va + G2 - 100, 200, 0x11, 200));
    uint8_t *b = dev_read(va + G2 - 100, 200);
    EXPECT_BYTES(b, 200, 0x11);
    free(b);
    uint8_t *big = malloc(8 * MiB);
    CHECK(big);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemcpy(big, 8 * MiB, va, 8 * MiB, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemcpy(big, 6 * MiB, va, 6 * MiB, ACL_MEMCPY_DEVICE_TO_HOST));
    free(big);

    /* memory of device 1: not in a reservation that maps device 0's; its own is device 1's */
    CHECK_OK(aclrtSetDevice(1)); /* count 1 */
    aclrtContext ctx1 = NULL;
    CHECK_OK(aclrtGetCurrentContext(&ctx1));
    aclrtDrvMemHandle d1 = phys(1, G2);
    cur0();
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMapMem(va + 4 * MiB, G2, 0, d1, 0));
    char *v1 = reserve(G2); /* owned by device 0, maps device 1's memory */
    EXPECT_OK(aclrtMapMem(v1, G2, 0, d1, 0));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, /* a copy between devices needs peer access */
               aclrtMemcpy(v1, G2, va, G2, ACL_MEMCPY_DEVICE_TO_DEVICE));
    CHECK_OK(aclrtDeviceEnablePeerAccess(1, 0));
    dev_write_pat(va, G2, 41);
    EXPECT_OK(aclrtMemcpy(v1, G2, va, G2, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_DEV_PAT(v1, G2, 41);
    CHECK_OK(aclrtDeviceDisablePeerAccess(1));
    EXPECT_OK(aclrtUnmapMem(v1));
    EXPECT_OK(aclrtReleaseMemAddress(v1));
    EXPECT_OK(aclrtFreePhysical(d1));
    CHECK_OK(aclrtSetCurrentContext(ctx1));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    CHECK_OK(aclrtResetDevice(1)); /* count 0 */
    cur0();

    EXPECT_OK(aclrtUnmapMem(va));
    EXPECT_OK(aclrtUnmapMem(va + G2));
    EXPECT_OK(aclrtUnmapMem(va + 6 * MiB));
    EXPECT_OK(aclrtFreePhysical(h1));
    EXPECT_OK(aclrtFreePhysical(h2));
    EXPECT_OK(aclrtFreePhysical(h3));
    EXPECT_OK(aclrtReleaseMemAddress(va));
}

static void access(void)
{
    char *va = reserve(4 * MiB);
    aclrtDrvMemHandle h = phys(0, 4 * MiB);
    CHECK_OK(aclrtMapMem(va, 4 * MiB, 0, h, 0));
    aclrtMemAccessDesc d[2];
    memset(d, 0, sizeof(d));
    d[0].flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    d[0].location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    d[0].location.id = 1;
    d[1].flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    d[1].location.type = ACL_MEM_LOCATION_TYPE_HOST;
    EXPECT_OK(aclrtMemSetAccess(va, 4 * MiB, d, 2));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(NULL, 4 * MiB, d, 2));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(va, 4 * MiB, NULL, 2));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(va, 4 * MiB, d, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(va, G2, d, 2));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(va + G2, G2, d, 2));
    aclrtMemAccessDesc bad = d[0];
    bad.flags = ACL_RT_MEM_ACCESS_FLAGS_READ;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(va, 4 * MiB, &bad, 1));
    bad.flags = ACL_RT_MEM_ACCESS_FLAGS_NONE;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(va, 4 * MiB, &bad, 1));
    bad = d[0];
    bad.location.type = (aclrtMemLocationType)7;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(va, 4 * MiB, &bad, 1));
    bad = d[0];
    bad.location.id = 99;
    EXPECT_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtMemSetAccess(va, 4 * MiB, &bad, 1));

    uint64_t flag = 0;
    EXPECT_OK(aclrtMemGetAccess(va, &d[0].location, &flag));
    EXPECT(flag == ACL_RT_MEM_ACCESS_FLAGS_READWRITE);
    flag = 0;
    EXPECT_OK(aclrtMemGetAccess(va, &d[1].location, &flag));
    EXPECT(flag == ACL_RT_MEM_ACCESS_FLAGS_READWRITE);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemGetAccess(NULL, &d[0].location, &flag));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemGetAccess(va, NULL, &flag));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemGetAccess(va, &d[0].location, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemGetAccess(va + 64, &d[0].location, &flag));
    EXPECT_OK(aclrtUnmapMem(va));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemGetAccess(va, &d[0].location, &flag));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemSetAccess(va, 4 * MiB, d, 2));
    EXPECT_OK(aclrtFreePhysical(h));
    EXPECT_OK(aclrtReleaseMemAddress(va));
}

/* Reset of device 1 to count 0 with live objects: its reservation (mapping device 0's
 * memory), its handles (one mapped in device 0's reservation) all go; device 0's handle
 * survives, unmapped. Then ResetDeviceForce and aclFinalize with live objects. */
static void teardown(void)
{
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    aclrtDrvMemHandle h0 = phys(0, 4 * MiB);
    char *r0 = reserve(4 * MiB);
    CHECK_OK(aclrtSetDevice(1)); /* count 1 */
    char *r1 = reserve(8 * MiB);
    aclrtDrvMemHandle h1 = phys(1, G2), spare = phys(1, 4 * MiB);
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - 6 * MiB);
    CHECK_OK(aclrtMapMem(r1, 4 * MiB, 0, h0, 0));
    CHECK_OK(aclrtMapMem(r0 + G2, G2, 0, h1, 0));
    dev_write_pat(r1, 4 * MiB, 51);
    dev_write_pat(r0 + G2, G2, 52);
    CHECK_OK(aclrtResetDevice(1)); /* count 1 -> 0 */

    cur0();
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical(h1));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical(spare));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(r1));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress(r1));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(r0 + G2));
    uint8_t h64[64] __attribute__((aligned(64))) = {0};
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemcpy(h64, 64, r0 + G2, 64, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(h64, 64, r1, 64, ACL_MEMCPY_DEVICE_TO_HOST));
    /* h0 lives on with its bytes, mapped nowhere */
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - 4 * MiB);
    EXPECT_OK(aclrtMapMem(r0, 4 * MiB, 0, h0, 0));
    EXPECT_DEV_PAT(r0, 4 * MiB, 51);
    EXPECT_OK(aclrtUnmapMem(r0));
    EXPECT_OK(aclrtReleaseMemAddress(r0));
    EXPECT_OK(aclrtFreePhysical(h0));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    CHECK_OK(aclrtSetDevice(1));         /* count 1 */
    EXPECT(mi_free(ACL_HBM_MEM) == CAP); /* device 1 starts empty */
    aclrtPhysicalMemProp p1 = prop_of(1, ACL_HBM_MEM_HUGE);
    aclrtDrvMemHandle all = NULL;
    EXPECT_OK(aclrtMallocPhysical(&all, CAP, &p1, 0));
    EXPECT_OK(aclrtFreePhysical(all));

    /* ResetDeviceForce with a mapping of its own memory in its own reservation */
    char *f = reserve(G2);
    aclrtDrvMemHandle fh = phys(1, G2);
    CHECK_OK(aclrtMapMem(f, G2, 0, fh, 0));
    CHECK_OK(aclrtSetDevice(1)); /* count 2 */
    CHECK_OK(aclrtResetDeviceForce(1));
    cur0();
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(f));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical(fh));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress(f));

    /* aclFinalize with everything live; a new aclInit starts empty */
    char *z = reserve(4 * MiB);
    aclrtDrvMemHandle zh = phys(0, 4 * MiB);
    CHECK_OK(aclrtMapMem(z, 4 * MiB, 0, zh, 0));
    CHECK_OK(aclFinalize());
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&ctx0));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFreePhysical(zh));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(z));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress(z));
}

/* Threads reserve, allocate, map, copy and tear down concurrently; each checks its data. */
#define NTHREADS 4
static void *worker(void *arg)
{
    uint32_t id = (uint32_t)(uintptr_t)arg;
    CHECK_OK(aclrtSetDevice(0));
    int iters = (int)(20 * test_stress_scale()) + 2;
    for (int i = 0; i < iters; i++) {
        uint32_t seed = id * 1000 + (uint32_t)i;
        char *va = reserve(4 * MiB);
        aclrtDrvMemHandle h = phys(0, G2);
        EXPECT_OK(aclrtMapMem(va + G2, G2, 0, h, 0));
        EXPECT_OK(aclrtMapMem(va, G2, 0, h, 0));
        dev_write_pat(va + G2, 64 * 1024, seed);
        EXPECT_DEV_PAT(va, 64 * 1024, seed);
        EXPECT_OK(aclrtUnmapMem(va));
        EXPECT_OK(aclrtUnmapMem(va + G2));
        EXPECT_OK(aclrtFreePhysical(h));
        EXPECT_OK(aclrtReleaseMemAddress(va));
    }
    CHECK_OK(aclrtResetDevice(0));
    return NULL;
}

static void concurrent(void)
{
    pthread_t th[NTHREADS];
    for (uintptr_t i = 0; i < NTHREADS; i++)
        CHECK(pthread_create(&th[i], NULL, worker, (void *)i) == 0);
    for (int i = 0; i < NTHREADS; i++)
        CHECK(pthread_join(th[i], NULL) == 0);
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
}

int main(void)
{
    CHECK(setenv("CPUACL_DEVICE_MEMORY_MB", "64", 1) == 0);
    CHECK(setenv("CPUACL_DEVICE_COUNT", "2", 1) == 0);
    uninitialised();
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&ctx0));
    granularity();
    reservations();
    physical();
    committed();
    moves();
    mapping();
    shared();
    adjacent_and_devices();
    access();
    teardown();
    concurrent();
    TEST_CLOSE();
    return memapi_exit("memory_vmm");
}
