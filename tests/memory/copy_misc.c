/* SPDX-License-Identifier: Apache-2.0 */
/* 32-bit fills, the deprecated conditional copy, copies whose addresses live in device
 * memory (aclrtMemcpyAsyncWithOffset, aclrtSetMemcpyDesc + aclrtMemcpyAsyncWithDesc, in
 * a captured model that replays with a changed descriptor), cache maintenance
 * (aclrtCmo*, aclrtMemFlush / aclrtMemInvalidate), aclrtCheckMemType, allocation with a
 * config, frees that synchronise the device, and aclrtReserveMemAddressNoUCMemory
 * (docs/memory.md): values, stream order, and each call's misuse codes. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/mman.h>
#include <string.h>

#include "acl/acl.h"
#include "testutil.h"

static atomic_int g_release, g_ran;

/* Holds its stream until the test releases it, then says it ran. */
static void hold_stream(void *arg)
{
    (void)arg;
    while (!atomic_load_explicit(&g_release, memory_order_acquire))
        sched_yield();
    atomic_store_explicit(&g_ran, 1, memory_order_release);
}

/* A thread that releases the held stream while the main thread blocks in a call. */
static void *releaser(void *arg)
{
    (void)arg;
    for (int i = 0; i < 2000; i++) /* let the main thread enter its call first */
        sched_yield();
    atomic_store_explicit(&g_release, 1, memory_order_release);
    return NULL;
}

static void test_d32(aclrtStream stream)
{
    uint32_t *d, *h;
    CHECK_OK(aclrtMalloc((void **)&d, 1024 * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost((void **)&h, 1024 * 4));
    memset(d, 0, 1024 * 4);
    CHECK_OK(aclrtMemsetD32(d, 1024 * 4, 0xDEADBEEFu, 1000));
    for (int i = 0; i < 1000; i++)
        CHECK(d[i] == 0xDEADBEEFu);
    CHECK(d[1000] == 0);
    /* unaligned start: the words land byte for byte */
    CHECK_OK(aclrtMemsetD32((char *)d + 1, 64, 0x11223344u, 2));
    CHECK(memcmp((char *)d + 1, "\x44\x33\x22\x11\x44\x33\x22\x11", 8) == 0);
    /* async on device memory runs in stream order */
    CHECK_OK(aclrtLaunchHostFunc(stream, hold_stream, NULL));
    CHECK_OK(aclrtMemsetD32Async(d, 1024 * 4, 7u, 1024, stream));
    CHECK(d[500] == 0xDEADBEEFu); /* held behind the host function */
    atomic_store_explicit(&g_release, 1, memory_order_release);
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (int i = 0; i < 1024; i++)
        CHECK(d[i] == 7u);
    atomic_store(&g_release, 0);
    /* async on pinned host memory: set at once (the reference), not queued */
    CHECK_OK(aclrtLaunchHostFunc(stream, hold_stream, NULL));
    CHECK_OK(aclrtMemsetD32Async(h, 1024 * 4, 9u, 1024, stream));
    for (int i = 0; i < 1024; i++)
        CHECK(h[i] == 9u);
    atomic_store_explicit(&g_release, 1, memory_order_release);
    CHECK_OK(aclrtSynchronizeStream(stream));
    atomic_store(&g_release, 0);
    /* misuse */
    CHECK_OK(aclrtMemsetD32(d, 0, 1u, 0)); /* N = 0: nothing */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemsetD32(NULL, 16, 1u, 1));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemsetD32(d, 15, 1u, 4));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemsetD32(d, SIZE_MAX, 1u, SIZE_MAX / 2));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemsetD32(d, 1 << 24, 1u, 1 << 22)); /* past the allocation */
    uint32_t stack[4];
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemsetD32(stack, 16, 1u, 4)); /* pageable */
    aclrtStream dead;
    CHECK_OK(aclrtCreateStream(&dead));
    CHECK_OK(aclrtDestroyStream(dead));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtMemsetD32Async(d, 16, 1u, 4, dead));
    CHECK_OK(aclrtFree(d));
    CHECK_OK(aclrtFreeHost(h));
}

static void test_indirect(aclrtStream stream)
{
    enum { LEN = 256 };
    char *a, *b, *c;
    void **slots;
    CHECK_OK(aclrtMalloc((void **)&a, LEN, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&b, LEN, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&c, LEN, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&slots, 4 * sizeof(void *), ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < LEN; i++)
        a[i] = (char)i, b[i] = 0, c[i] = 0;

    /* the deprecated conditional copy is aclrtMemcpyAsync */
    CHECK_OK(aclrtMemcpyAsyncWithCondition(b, LEN, a, LEN, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(memcmp(a, b, LEN) == 0);
    memset(b, 0, LEN);

    /* offsets from base addresses read when the task runs: the slots change after the
     * call, before the task (held behind a host function) runs */
    slots[0] = c; /* dst base */
    slots[1] = b; /* src base */
    CHECK_OK(aclrtLaunchHostFunc(stream, hold_stream, NULL));
    CHECK_OK(aclrtMemcpyAsyncWithOffset(&slots[0], 64, 16, (const void **)&slots[1], 32, 8,
                                        ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, stream));
    slots[0] = b;
    slots[1] = a;
    atomic_store_explicit(&g_release, 1, memory_order_release);
    CHECK_OK(aclrtSynchronizeStream(stream));
    atomic_store(&g_release, 0);
    for (int i = 0; i < 32; i++)
        CHECK(b[16 + i] == (char)(8 + i));
    CHECK(b[15] == 0 && b[48] == 0);
    CHECK(c[16] == 0);
    /* a slot that points nowhere fails the stream when the task runs */
    slots[0] = (void *)(uintptr_t)0x1000;
    CHECK_OK(aclrtMemcpyAsyncWithOffset(&slots[0], 64, 0, (const void **)&slots[1], 32, 0,
                                        ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, stream));
    CHECK_ACL(ACL_ERROR_RT_COPY_DATA, aclrtSynchronizeStream(stream));
    CHECK_OK(aclrtSynchronizeStream(stream)); /* reported once */
    /* misuse */
    CHECK_OK(aclrtMemcpyAsyncWithOffset(&slots[0], 64, 0, (const void **)&slots[1], 0, 0,
                                        ACL_MEMCPY_HOST_TO_DEVICE, stream)); /* count 0 */
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID,
              aclrtMemcpyAsyncWithOffset(&slots[0], 64, 0, (const void **)&slots[1], 8, 0,
                                         ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID,
              aclrtMemcpyAsyncWithOffset(&slots[0], 4, 0, (const void **)&slots[1], 8, 0,
                                         ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, stream));
    void *hslot = b;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyAsyncWithOffset(&hslot, 64, 0, (const void **)&slots[1], 8, 0,
                                         ACL_MEMCPY_INNER_DEVICE_TO_DEVICE,
                                         stream)); /* host slot */

    /* ---- descriptors ---- */
    size_t dsz = 0;
    CHECK_OK(aclrtGetMemcpyDescSize(ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, &dsz));
    CHECK(dsz >= 32);
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtGetMemcpyDescSize(ACL_MEMCPY_HOST_TO_DEVICE, &dsz));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtGetMemcpyDescSize(ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, NULL));
    void *desc;
    CHECK_OK(aclrtMalloc(&desc, dsz, ACL_MEM_MALLOC_HUGE_FIRST));
    memset(desc, 0, dsz);
    CHECK_ACL(
        ACL_ERROR_INVALID_PARAM,
        aclrtMemcpyAsyncWithDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, stream)); /* not set */
    memset(c, 0, LEN);
    CHECK_OK(aclrtSetMemcpyDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, a, c, 100, NULL));
    CHECK_OK(aclrtMemcpyAsyncWithDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(memcmp(a, c, 100) == 0 && c[100] == 0);
    /* captured: each replay copies what the descriptor says at that time */
    aclrtStream cap;
    CHECK_OK(aclrtCreateStream(&cap));
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtMemcpyAsyncWithDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, cap));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    memset(b, 0, LEN);
    CHECK_OK(aclrtSetMemcpyDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, a + 10, b, 20, NULL));
    CHECK_OK(aclmdlRIExecuteAsync(ri, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(memcmp(b, a + 10, 20) == 0 && b[20] == 0);
    CHECK_OK(aclrtSetMemcpyDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, a, b + 100, 50, NULL));
    CHECK_OK(aclmdlRIExecuteAsync(ri, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(memcmp(b + 100, a, 50) == 0);
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(cap));
    /* misuse */
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtSetMemcpyDesc(desc, ACL_MEMCPY_DEVICE_TO_DEVICE, a, b, 4, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtSetMemcpyDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, a, b, 4, desc));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID,
              aclrtSetMemcpyDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, a, b, 0, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtSetMemcpyDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, a, b, 1 << 20, NULL));
    CHECK_ACL(
        ACL_ERROR_RT_PARAM_INVALID,
        aclrtSetMemcpyDesc((char *)desc + 8, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, a, b, 4, NULL));
    _Alignas(64) char hdesc[128];
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtSetMemcpyDesc(hdesc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, a, b, 4, NULL));
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtMemcpyAsyncWithDesc(desc, ACL_MEMCPY_DEFAULT, stream));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyAsyncWithDesc(NULL, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, stream));

    CHECK_OK(aclrtFree(desc));
    CHECK_OK(aclrtFree(slots));
    CHECK_OK(aclrtFree(a));
    CHECK_OK(aclrtFree(b));
    CHECK_OK(aclrtFree(c));
}

static void test_cmo(aclrtStream stream)
{
    enum { LEN = 1 << 20 };
    char *d;
    CHECK_OK(aclrtMalloc((void **)&d, LEN, ACL_MEM_MALLOC_HUGE_FIRST));
    memset(d, 1, LEN);
    CHECK_OK(aclrtCmoAsync(d, LEN, ACL_RT_CMO_TYPE_PREFETCH, stream));
    /* in stream order: a prefetch between two writes changes no byte */
    CHECK_OK(aclrtMemsetAsync(d, LEN, 5, LEN, stream));
    CHECK_OK(aclrtCmoAsync(d, LEN, ACL_RT_CMO_TYPE_PREFETCH, stream));
    CHECK_OK(aclrtMemsetD32Async(d, LEN, 0x01020304u, 16, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(d[0] == 4 && d[63] == 1 && d[64] == 5 && d[LEN - 1] == 5);
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtCmoAsync(d, LEN, ACL_RT_CMO_TYPE_WRITEBACK, stream));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoAsync(d, LEN, (aclrtCmoType)9, stream));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoAsync(d, 0, ACL_RT_CMO_TYPE_PREFETCH, stream));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoAsync(NULL, 4, ACL_RT_CMO_TYPE_PREFETCH, stream));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoAsync(d, 4 * LEN, ACL_RT_CMO_TYPE_PREFETCH, stream));
    _Alignas(64) char page[64];
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoAsync(page, 64, ACL_RT_CMO_TYPE_PREFETCH, stream));

    /* barriers: only on a stream recording into a model */
    CHECK_ACL(ACL_ERROR_RT_STREAM_MODEL,
              aclrtCmoAsyncWithBarrier(d, LEN, ACL_RT_CMO_TYPE_INVALID, 1, stream));
    aclrtBarrierTaskInfo ti;
    memset(&ti, 0, sizeof(ti));
    ti.barrierNum = 1;
    ti.cmoInfo[0].cmoType = ACL_RT_CMO_TYPE_INVALID;
    ti.cmoInfo[0].barrierId = 1;
    CHECK_ACL(ACL_ERROR_RT_STREAM_MODEL, aclrtCmoWaitBarrier(&ti, stream, 0));
    aclrtStream cap;
    CHECK_OK(aclrtCreateStream(&cap));
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtMemsetAsync(d, LEN, 2, 128, cap));
    CHECK_OK(aclrtCmoAsyncWithBarrier(d, LEN, ACL_RT_CMO_TYPE_INVALID, 1, cap));
    CHECK_OK(aclrtCmoAsyncWithBarrier(d, LEN, ACL_RT_CMO_TYPE_WRITEBACK, 0, cap));
    CHECK_OK(aclrtCmoWaitBarrier(&ti, cap, 0));
    CHECK_OK(aclrtMemsetAsync(d + 64, LEN, 3, 64, cap));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtCmoAsyncWithBarrier(d, LEN, ACL_RT_CMO_TYPE_INVALID, 0, cap));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtCmoAsyncWithBarrier(d, LEN, ACL_RT_CMO_TYPE_FLUSH, 2, cap));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoWaitBarrier(&ti, cap, 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoWaitBarrier(NULL, cap, 0));
    aclrtBarrierTaskInfo bad = ti;
    bad.barrierNum = ACL_RT_CMO_MAX_BARRIER_NUM + 1;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoWaitBarrier(&bad, cap, 0));
    bad = ti;
    bad.cmoInfo[0].cmoType = ACL_RT_CMO_TYPE_PREFETCH;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoWaitBarrier(&bad, cap, 0));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    CHECK(d[0] == 4); /* nothing ran during the capture */
    CHECK_OK(aclmdlRIExecuteAsync(ri, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(d[0] == 2 && d[63] == 2 && d[64] == 3 && d[127] == 3 && d[128] == 5);
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(cap));

    /* descriptors */
    size_t dsz = 0;
    CHECK_OK(aclrtCmoGetDescSize(&dsz));
    CHECK(dsz > 0);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoGetDescSize(NULL));
    void *desc;
    CHECK_OK(aclrtMalloc(&desc, dsz, ACL_MEM_MALLOC_HUGE_FIRST));
    memset(desc, 0, dsz);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtCmoAsyncWithDesc(desc, ACL_RT_CMO_TYPE_PREFETCH, stream, NULL));
    CHECK_OK(aclrtCmoSetDesc(desc, d, 4096));
    CHECK_OK(aclrtCmoAsyncWithDesc(desc, ACL_RT_CMO_TYPE_PREFETCH, stream, NULL));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtCmoAsyncWithDesc(desc, ACL_RT_CMO_TYPE_PREFETCH, stream, desc));
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtCmoAsyncWithDesc(desc, ACL_RT_CMO_TYPE_FLUSH, stream, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoSetDesc(desc, d, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoSetDesc(desc, page, 64));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCmoSetDesc(page, d, 64));

    /* synchronous flush / invalidate: checked, ordered, bytes unchanged */
    CHECK_OK(aclrtMemFlush(d, LEN));
    CHECK_OK(aclrtMemInvalidate(d, LEN));
    CHECK(d[0] == 2 && d[LEN - 1] == 5);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemFlush(d, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemFlush(NULL, 4));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemInvalidate(page, 64));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemInvalidate(d, 4 * LEN));
    CHECK_OK(aclrtFree(desc));
    CHECK_OK(aclrtFree(d));
}

static void test_alloc(aclrtStream stream)
{
    /* allocation with a config */
    aclrtMallocAttribute at[3];
    memset(at, 0, sizeof(at));
    at[0].attr = ACL_RT_MEM_ATTR_MODULE_ID;
    at[0].value.moduleId = 33;
    at[1].attr = ACL_RT_MEM_ATTR_DEVICE_ID;
    at[1].value.deviceId = 0;
    aclrtMallocConfig cfg = {at, 2};
    void *d = NULL, *t = NULL, *h = NULL;
    CHECK_OK(aclrtMallocWithCfg(&d, 1000, ACL_MEM_MALLOC_HUGE_FIRST, &cfg));
    CHECK(((uintptr_t)d & 63) == 0);
    aclrtPtrAttributes pa;
    CHECK_OK(aclrtPointerGetAttributes(d, &pa));
    CHECK(pa.location.type == ACL_MEM_LOCATION_TYPE_DEVICE && pa.location.id == 0);
    memset(d, 3, 1000);
    CHECK_OK(aclrtMallocWithCfg(
        &t, 64, (aclrtMemMallocPolicy)(ACL_MEM_MALLOC_NORMAL_ONLY | ACL_MEM_TYPE_HIGH_BAND_WIDTH),
        NULL));
    CHECK_OK(aclrtFree(t));
    CHECK_OK(aclrtMallocForTaskScheduler(&t, 4096, ACL_MEM_MALLOC_HUGE_FIRST, NULL));
    CHECK_OK(aclrtPointerGetAttributes(t, &pa));
    CHECK(pa.location.type == ACL_MEM_LOCATION_TYPE_DEVICE);
    at[2].attr = ACL_RT_MEM_ATTR_VA_FLAG;
    at[2].value.vaFlag = 1;
    aclrtMallocConfig hcfg = {&at[2], 1};
    CHECK_OK(aclrtMallocHostWithCfg(&h, 5000, &hcfg));
    CHECK(((uintptr_t)h & 63) == 0);
    CHECK_OK(aclrtPointerGetAttributes(h, &pa));
    CHECK(pa.location.type == ACL_MEM_LOCATION_TYPE_HOST);
    /* misuse */
    void *x = NULL;
    at[1].value.deviceId = 5;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMallocWithCfg(&x, 64, ACL_MEM_MALLOC_HUGE_FIRST, &cfg));
    at[1].value.deviceId = 0;
    aclrtMallocConfig nul = {NULL, 1};
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMallocWithCfg(&x, 64, ACL_MEM_MALLOC_HUGE_FIRST, &nul));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMallocWithCfg(&x, 0, ACL_MEM_MALLOC_HUGE_FIRST, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMallocWithCfg(NULL, 64, ACL_MEM_MALLOC_HUGE_FIRST, NULL));
    at[2].value.vaFlag = 2;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMallocHostWithCfg(&x, 64, &hcfg));
    at[2].attr = (aclrtMallocAttrType)17;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMallocHostWithCfg(&x, 64, &hcfg));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMallocHostWithCfg(&x, 0, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMallocForTaskScheduler(&x, 0, ACL_MEM_MALLOC_HUGE_FIRST, NULL));

    /* memory kinds */
    void *resv = NULL;
    CHECK_OK(aclrtReserveMemAddress(&resv, 2u << 20, 0, NULL, 0));
    uint32_t ok = 9;
    void *list1[2] = {d, t};
    CHECK_OK(aclrtCheckMemType(list1, 2, ACL_RT_MEM_TYPE_DEV, &ok, 0));
    CHECK(ok == 1);
    CHECK_OK(aclrtCheckMemType(list1, 2, ACL_RT_MEM_TYPE_DVPP, &ok, 0)); /* no separate DVPP pool */
    CHECK(ok == 1);
    void *list2[2] = {d, resv};
    CHECK_OK(aclrtCheckMemType(list2, 2, ACL_RT_MEM_TYPE_DEV, &ok, 0));
    CHECK(ok == 0);
    CHECK_OK(aclrtCheckMemType(list2, 2, ACL_RT_MEM_TYPE_DEV | ACL_RT_MEM_TYPE_RSVD, &ok, 0));
    CHECK(ok == 1);
    void *list3[1] = {(char *)resv + 4096};
    CHECK_OK(aclrtCheckMemType(list3, 1, ACL_RT_MEM_TYPE_RSVD, &ok, 0));
    CHECK(ok == 1);
    void *list4[2] = {d, h};
    CHECK_OK(aclrtCheckMemType(list4, 2, ACL_RT_MEM_TYPE_DEV, &ok, 0)); /* h is host memory */
    CHECK(ok == 0);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCheckMemType(list1, 2, 0x1, &ok, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCheckMemType(list1, 2, 0, &ok, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCheckMemType(list1, 2, ACL_RT_MEM_TYPE_DEV, &ok, 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCheckMemType(list1, 0, ACL_RT_MEM_TYPE_DEV, &ok, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCheckMemType(NULL, 2, ACL_RT_MEM_TYPE_DEV, &ok, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCheckMemType(list1, 2, ACL_RT_MEM_TYPE_DEV, NULL, 0));
    CHECK_OK(aclrtReleaseMemAddress(resv));
    CHECK_OK(aclrtCheckMemType(list3, 1, ACL_RT_MEM_TYPE_RSVD, &ok, 0)); /* released */
    CHECK(ok == 0);

    /* the no-UC reservation: only at a caller-named address, whole GiBs */
    void *v = NULL;
    void *want = (void *)(uintptr_t)(48ull << 40); /* 48 TiB, inside the suggested 40T-224T */
#if defined(__SANITIZE_THREAD__)
    /* ThreadSanitizer owns that part of the address space (its shadow): not there */
    aclError rc = ACL_ERROR_RT_MEMORY_ALLOCATION;
#else
    aclError rc = aclrtReserveMemAddressNoUCMemory(&v, 1ull << 30, 0, want, 0);
#endif
    if (rc == ACL_SUCCESS) {
        CHECK(v == want);
        void *list5[1] = {v};
        CHECK_OK(aclrtCheckMemType(list5, 1, ACL_RT_MEM_TYPE_RSVD, &ok, 0));
        CHECK(ok == 1);
        CHECK_OK(aclrtReleaseMemAddress(v));
    } else {
        CHECK(rc == ACL_ERROR_RT_MEMORY_ALLOCATION); /* the range happens to be in use */
    }
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtReserveMemAddressNoUCMemory(&v, 1ull << 30, 0, NULL, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddressNoUCMemory(&v, 2u << 20, 0, want, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddressNoUCMemory(&v, 0, 0, want, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtReserveMemAddressNoUCMemory(&v, 1ull << 30, 64, want, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtReserveMemAddressNoUCMemory(NULL, 1ull << 30, 0, want, 0));

    /* frees that synchronise the device: a task still queued on a stream has run when
     * the call returns (plain aclrtFree does not wait) */
    atomic_store(&g_release, 0);
    atomic_store(&g_ran, 0);
    CHECK_OK(aclrtLaunchHostFunc(stream, hold_stream, NULL));
    pthread_t th;
    CHECK(pthread_create(&th, NULL, releaser, NULL) == 0);
    CHECK_OK(aclrtFreeWithDevSync(d));
    CHECK(atomic_load_explicit(&g_ran, memory_order_acquire) == 1);
    pthread_join(th, NULL);
    atomic_store(&g_release, 0);
    atomic_store(&g_ran, 0);
    CHECK_OK(aclrtLaunchHostFunc(stream, hold_stream, NULL));
    CHECK(pthread_create(&th, NULL, releaser, NULL) == 0);
    CHECK_OK(aclrtFreeHostWithDevSync(h));
    CHECK(atomic_load_explicit(&g_ran, memory_order_acquire) == 1);
    pthread_join(th, NULL);
    atomic_store(&g_release, 0);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeWithDevSync(NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeHostWithDevSync(NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeWithDevSync(d)); /* freed already */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeHostWithDevSync(h));
    CHECK_OK(aclrtFreeWithDevSync(t));
}

/* Copies from or into a mapped but unreadable host range (PROT_NONE) are refused with 100000
 * before anything runs (issue 33, item 6): the worker would fault in the copy. A readable
 * range next to it copies. */
static void test_unreadable(aclrtStream stream)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    char *m = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(m != MAP_FAILED);
    memset(m, 7, 3 * pg);
    CHECK(mprotect(m + pg, pg, PROT_NONE) == 0);
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, 3 * pg, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpy(d, 3 * pg, m, 3 * pg, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(d, pg, m + pg + 8, 16, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_ERROR_INVALID_PARAM);
    const char *why = aclGetRecentErrMsg();
    CHECK(why && strstr(why, "not readable"));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyAsync(d, pg, m + pg, pg, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(m + pg, pg, d, pg, ACL_MEMCPY_DEVICE_TO_HOST));
    /* the readable pages on either side still copy */
    CHECK_OK(aclrtMemcpy(d, pg, m, pg, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(m + 2 * pg, pg, d, pg, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(m[2 * pg] == 7 && m[3 * pg - 1] == 7);
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK_OK(aclrtFree(d));
    CHECK(munmap(m, 3 * pg) == 0);
}

int main(void)
{
    void *p = NULL;
    size_t sz;
    uint32_t ok;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtMemsetD32(&sz, 8, 0, 1));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtMallocWithCfg(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST, NULL));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtCmoGetDescSize(&sz));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtCheckMemType(&p, 1, ACL_RT_MEM_TYPE_DEV, &ok, 0));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtFreeWithDevSync(&sz));
    TEST_OPEN();
    aclrtStream stream;
    CHECK_OK(aclrtCreateStream(&stream));
    test_d32(stream);
    test_indirect(stream);
    test_cmo(stream);
    test_alloc(stream);
    test_unreadable(stream);
    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtMemsetD32Async(&sz, 8, 0, 1, NULL));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE,
              aclrtGetMemcpyDescSize(ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, &sz));
    return 0;
}
