/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream-ordered memory pools (acl/acl_rt_memory_soma.h, docs/memory.md): the calls in
 * the order a program makes them, the accounting after each step, every reuse rule
 * (same stream, event dependency, opportunistic, internal dependency) checked by the bytes
 * the streams leave behind, trimming and the release threshold, and the misuse codes.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_rt_memory_soma.h"
#include "testutil.h"

#define MiB ((size_t)1 << 20)

static aclrtMemPool g_pool;

static uint64_t attr64(aclrtMemPoolAttr a)
{
    uint64_t v = 0xdeadbeef;
    CHECK_OK(aclrtMemPoolGetAttr(g_pool, a, &v));
    return v;
}

static uint32_t attr32(aclrtMemPoolAttr a)
{
    uint32_t v = 0xdead;
    CHECK_OK(aclrtMemPoolGetAttr(g_pool, a, &v));
    return v;
}

static void set32(aclrtMemPoolAttr a, uint32_t v)
{
    CHECK_OK(aclrtMemPoolSetAttr(g_pool, a, &v));
}

static void set64(aclrtMemPoolAttr a, uint64_t v)
{
    CHECK_OK(aclrtMemPoolSetAttr(g_pool, a, &v));
}

#define USED() attr64(ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT)
#define RESERVED() attr64(ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT)

/* A host function that holds its stream until the gate opens (bounded by the test). */
static atomic_int g_gate;
static void gate_fn(void *arg)
{
    (void)arg;
    for (int i = 0; i < 20000 && !atomic_load(&g_gate); i++)
        usleep(500);
}

static void gate_close(aclrtStream s)
{
    atomic_store(&g_gate, 0);
    CHECK_OK(aclrtLaunchHostFunc(s, gate_fn, NULL));
}

static void check_bytes(void *dev, size_t n, unsigned char v)
{
    unsigned char *h = malloc(n);
    CHECK(h);
    CHECK_OK(aclrtMemcpy(h, n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < n; i++)
        if (h[i] != v) {
            fprintf(stderr, "byte %zu is 0x%02x, expected 0x%02x\n", i, h[i], v);
            exit(1);
        }
    free(h);
}

int main(void)
{
    aclrtMemPoolProps props = {ACL_MEM_ALLOCATION_TYPE_PINNED, ACL_MEM_HANDLE_TYPE_NONE,
                               {0, ACL_MEM_LOCATION_TYPE_DEVICE}, 64 * MiB, {0}};
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtMemPoolCreate(&g_pool, &props));
    TEST_OPEN();
    aclrtStream s1, s2;
    CHECK_OK(aclrtCreateStream(&s1));
    CHECK_OK(aclrtCreateStream(&s2));

    /* ---- creation misuse ---- */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolCreate(NULL, &props));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolCreate(&g_pool, NULL));
    aclrtMemPoolProps bad = props;
    bad.allocType = (aclrtMemAllocationType)1;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolCreate(&g_pool, &bad));
    bad = props;
    bad.location.type = ACL_MEM_LOCATION_TYPE_HOST;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolCreate(&g_pool, &bad));
    bad = props;
    bad.reserved[31] = 1;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolCreate(&g_pool, &bad));
    bad = props;
    bad.location.id = 1000;
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtMemPoolCreate(&g_pool, &bad));
    bad = props;
    bad.maxSize = (size_t)1 << 50;
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolCreate(&g_pool, &bad));

    /* ---- a pool of 64 MiB, the defaults ---- */
    CHECK_OK(aclrtMemPoolCreate(&g_pool, &props));
    CHECK(g_pool != NULL);
    CHECK(attr32(ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES) == 0);
    CHECK(attr32(ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC) == 0);
    CHECK(attr32(ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES) == 0);
    CHECK(attr64(ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD) == 0);
    CHECK(USED() == 0 && RESERVED() == 0);
    size_t free0 = 0, total0 = 0;
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free0, &total0));

    /* ---- allocate, use, free on one stream; the same stream reuses at once ---- */
    void *p1 = NULL;
    CHECK_OK(aclrtMemPoolMallocAsync(&p1, 100, g_pool, s1));
    CHECK(p1 && ((uintptr_t)p1 & (2 * MiB - 1)) == 0);
    CHECK(USED() == 2 * MiB && RESERVED() == 2 * MiB);
    size_t free1 = 0, total1 = 0;
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free1, &total1));
    CHECK(free0 - free1 == 2 * MiB); /* charged to the device */
    void *zero = (void *)0x1234;
    CHECK_OK(aclrtMemPoolMallocAsync(&zero, 0, g_pool, s1)); /* size 0: nothing, untouched */
    CHECK(zero == (void *)0x1234);
    CHECK_OK(aclrtMemsetAsync(p1, 2 * MiB, 0x5a, 2 * MiB, s1));
    CHECK_OK(aclrtSynchronizeStream(s1));
    check_bytes(p1, 2 * MiB, 0x5a);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFree(p1)); /* pool memory is not aclrtMalloc's */
    CHECK_OK(aclrtMemPoolFreeAsync(p1, s1));
    CHECK(USED() == 0 && RESERVED() == 2 * MiB);
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolFreeAsync(p1, s1)); /* twice */
    void *p2 = NULL;
    CHECK_OK(aclrtMemPoolMallocAsync(&p2, 2 * MiB, g_pool, s1));
    CHECK(p2 == p1); /* same stream: reused */
    CHECK(USED() == 2 * MiB && RESERVED() == 2 * MiB);

    /* ---- another stream does not take it without an ordering ---- */
    CHECK_OK(aclrtMemPoolFreeAsync(p2, s1));
    void *p3 = NULL;
    CHECK_OK(aclrtMemPoolMallocAsync(&p3, 3 * MiB, g_pool, s2)); /* rounds to 4 MiB */
    CHECK(p3 != p1 && (char *)p3 >= (char *)p1 + 2 * MiB);
    CHECK(USED() == 4 * MiB && RESERVED() == 6 * MiB);
    CHECK(attr64(ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH) == 4 * MiB);
    CHECK(attr64(ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH) == 6 * MiB);
    /* a synchronisation gives cached memory above the threshold (0) back */
    CHECK_OK(aclrtSynchronizeStream(s1));
    CHECK(USED() == 4 * MiB && RESERVED() == 4 * MiB);
    CHECK_OK(aclrtMemPoolFreeAsync(p3, s2));
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK(USED() == 0 && RESERVED() == 0);
    size_t free2 = 0;
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free2, &total1));
    CHECK(free2 == free0); /* everything uncharged */
    /* high-water marks: reset to 0 only */
    uint64_t one = 1;
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR,
              aclrtMemPoolSetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH, &one));
    set64(ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH, 0);
    set64(ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH, 0);
    CHECK(attr64(ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH) == 0);
    CHECK(attr64(ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH) == 0);

    /* keep cached memory from here on (threshold = pool size) */
    set64(ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 64 * MiB);
    CHECK(attr64(ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD) == 64 * MiB);

    /* ---- event dependency: s2 waited for an event recorded after s1's free ---- */
    set32(ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES, 1);
    CHECK(attr32(ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES) == 1);
    aclrtEvent ev;
    CHECK_OK(aclrtCreateEvent(&ev));
    void *a = NULL, *b = NULL, *c = NULL;
    CHECK_OK(aclrtMemPoolMallocAsync(&a, 2 * MiB, g_pool, s1));
    gate_close(s1); /* s1's free cannot run before the gate opens */
    CHECK_OK(aclrtMemPoolFreeAsync(a, s1));
    CHECK_OK(aclrtMemPoolMallocAsync(&b, 2 * MiB, g_pool, s2)); /* no ordering yet */
    CHECK(b != a);
    CHECK_OK(aclrtRecordEvent(ev, s1));
    CHECK_OK(aclrtStreamWaitEvent(s2, ev));
    CHECK_OK(aclrtMemPoolMallocAsync(&c, 2 * MiB, g_pool, s2));
    CHECK(c == a); /* ordered after the free by the event */
    /* s2 writes it; s1 (still gated) wrote it before its free: s2's bytes must win */
    CHECK_OK(aclrtMemsetAsync(c, 2 * MiB, 0x22, 2 * MiB, s2));
    atomic_store(&g_gate, 1);
    CHECK_OK(aclrtSynchronizeStream(s2));
    check_bytes(c, 2 * MiB, 0x22);
    CHECK_OK(aclrtMemPoolFreeAsync(b, s2));
    CHECK_OK(aclrtMemPoolFreeAsync(c, s2));
    CHECK_OK(aclrtSynchronizeStream(s1));
    CHECK_OK(aclrtSynchronizeStream(s2));
    set32(ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES, 0);
    CHECK_OK(aclrtMemPoolTrimTo(g_pool, 0));
    CHECK(RESERVED() == 0);

    /* ---- opportunistic: reuse only a free that already ran ---- */
    set32(ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC, 1);
    CHECK_OK(aclrtMemPoolMallocAsync(&a, 2 * MiB, g_pool, s1));
    gate_close(s1);
    CHECK_OK(aclrtMemPoolFreeAsync(a, s1));
    CHECK_OK(aclrtMemPoolMallocAsync(&b, 2 * MiB, g_pool, s2));
    CHECK(b != a); /* the free is still queued behind the gate */
    atomic_store(&g_gate, 1);
    CHECK_OK(aclrtSynchronizeStream(s1));
    CHECK_OK(aclrtMemPoolMallocAsync(&c, 2 * MiB, g_pool, s2));
    CHECK(c == a); /* it ran: reusable by anyone */
    CHECK_OK(aclrtMemPoolFreeAsync(b, s2));
    CHECK_OK(aclrtMemPoolFreeAsync(c, s2));
    CHECK_OK(aclrtSynchronizeStream(s2));
    set32(ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC, 0);
    CHECK_OK(aclrtMemPoolTrimTo(g_pool, 0));

    /* ---- internal dependency: reuse now, the allocating stream waits for the free ---- */
    set32(ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES, 1);
    CHECK_OK(aclrtMemPoolMallocAsync(&a, 2 * MiB, g_pool, s1));
    gate_close(s1);
    CHECK_OK(aclrtMemsetAsync(a, 2 * MiB, 0x11, 2 * MiB, s1)); /* runs after the gate */
    CHECK_OK(aclrtMemPoolFreeAsync(a, s1));
    CHECK_OK(aclrtMemPoolMallocAsync(&b, 2 * MiB, g_pool, s2));
    CHECK(b == a);
    CHECK_OK(aclrtMemsetAsync(b, 2 * MiB, 0x33, 2 * MiB, s2)); /* must wait for s1's free */
    usleep(20000); /* give an unordered s2 the chance to run first: then s1 would win */
    atomic_store(&g_gate, 1);
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK_OK(aclrtSynchronizeStream(s1));
    check_bytes(b, 2 * MiB, 0x33);
    CHECK_OK(aclrtMemPoolFreeAsync(b, s2));
    CHECK_OK(aclrtSynchronizeStream(s2));
    set32(ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES, 0);

    /* ---- trimming ---- */
    void *t[4];
    for (int i = 0; i < 4; i++)
        CHECK_OK(aclrtMemPoolMallocAsync(&t[i], 4 * MiB, g_pool, s1));
    CHECK_OK(aclrtMemPoolTrimTo(g_pool, 16 * MiB)); /* at the reserved size: nothing to do */
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolTrimTo(g_pool, 0)); /* below used */
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolTrimTo(g_pool, 65 * MiB));
    for (int i = 0; i < 3; i++)
        CHECK_OK(aclrtMemPoolFreeAsync(t[i], s1));
    CHECK_OK(aclrtSynchronizeStream(s1)); /* threshold 64 MiB: all stays cached */
    uint64_t r = RESERVED();
    CHECK(USED() == 4 * MiB && r == 16 * MiB);
    CHECK(attr64(ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH) >= 16 * MiB);
    CHECK_OK(aclrtMemPoolTrimTo(g_pool, 10 * MiB));
    CHECK(RESERVED() == 10 * MiB && USED() == 4 * MiB);
    CHECK_OK(aclrtMemPoolTrimTo(g_pool, 4 * MiB));
    CHECK(RESERVED() == 4 * MiB);
    CHECK_OK(aclrtMemPoolFreeAsync(t[3], s1));
    set64(ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 0);
    CHECK_OK(aclrtSynchronizeStream(s1));
    CHECK(RESERVED() == 0);

    /* ---- exhaustion, misuse ---- */
    void *big = NULL;
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolMallocAsync(&big, 65 * MiB, g_pool, s1));
    CHECK_OK(aclrtMemPoolMallocAsync(&big, 64 * MiB, g_pool, s1)); /* all of it */
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolMallocAsync(&a, 1, g_pool, s1));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolFreeAsync((char *)big + 2 * MiB, s1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolFreeAsync(big, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolFreeAsync(NULL, s1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolMallocAsync(NULL, 1, g_pool, s1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolMallocAsync(&a, 1, NULL, s1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolMallocAsync(&a, 1, g_pool, NULL));
    CHECK_OK(aclrtMemPoolFreeAsync(big, s1));
    uint32_t v32 = 1;
    uint64_t v64 = 0;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolSetAttr(NULL, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, &v64));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolSetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, NULL));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolSetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT, &v64));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolSetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT, &v64));
    v64 = 65 * MiB;
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolSetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, &v64));
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolSetAttr(g_pool, (aclrtMemPoolAttr)99, &v32));
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolGetAttr(g_pool, (aclrtMemPoolAttr)0, &v64));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolGetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolTrimTo(NULL, 0));

    /* a capturing stream refuses pool calls */
    CHECK_OK(aclmdlRICaptureBegin(s2, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_ACL(ACL_ERROR_RT_STREAM_CAPTURED, aclrtMemPoolMallocAsync(&a, 1, g_pool, s2));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s2, &ri));
    if (ri)
        CHECK_OK(aclmdlRIDestroy(ri));

    /* ---- memory of aclrtMalloc freed in stream order ---- */
    void *dm = NULL;
    CHECK_OK(aclrtMalloc(&dm, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemPoolFreeAsync(dm, s1));
    CHECK_OK(aclrtSynchronizeStream(s1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFree(dm)); /* freed by the stream already */
    int host_var = 0;
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolFreeAsync(&host_var, s1));

    /* ---- destroy with an allocation live: the handle dies, the memory stays ---- */
    void *live = NULL;
    CHECK_OK(aclrtMemPoolMallocAsync(&live, MiB, g_pool, s1));
    CHECK_OK(aclrtMemPoolDestroy(g_pool));
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolDestroy(g_pool));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemPoolGetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT, &v64));
    CHECK_ACL(ACL_ERROR_RT_INTERNAL_ERROR, aclrtMemPoolMallocAsync(&a, 1, g_pool, s1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemPoolDestroy(NULL));
    CHECK_OK(aclrtMemsetAsync(live, MiB, 0x7e, MiB, s1));
    CHECK_OK(aclrtSynchronizeStream(s1));
    check_bytes(live, MiB, 0x7e);
    CHECK_OK(aclrtMemPoolFreeAsync(live, s1));
    CHECK_OK(aclrtSynchronizeStream(s1)); /* the destroyed pool goes now */
    unsigned char h[16];
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(h, 16, live, 16, ACL_MEMCPY_DEVICE_TO_HOST));

    CHECK_OK(aclrtDestroyEvent(ev));
    CHECK_OK(aclrtDestroyStream(s1));
    CHECK_OK(aclrtDestroyStream(s2));
    /* a pool left at reset goes with its device */
    CHECK_OK(aclrtMemPoolCreate(&g_pool, &props));
    TEST_CLOSE();
    printf("memory_pool: ok\n");
    return 0;
}
