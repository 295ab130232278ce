/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtFree and aclrtMallocHost / aclrtFreeHost (memory.md, Memory): NULL, interior,
 * foreign, host, device and double-freed pointers are ACL_ERROR_INVALID_PARAM and change
 * nothing; frees return at once (no implicit synchronisation; memory with work still queued
 * is reused once the streams passed it, tests/memory/retire.c); host memory is 64-byte
 * aligned and usable by every copy. */
#include "memapi.h"

static char g_static[256] __attribute__((aligned(64)));

static void free_misuse(void)
{
    void *d = NULL, *h = NULL;
    CHECK_OK(aclrtMalloc(&d, 1000, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&h, 1000));
    size_t f0 = mi_free(ACL_HBM_MEM);
    char stack[128] __attribute__((aligned(64)));
    void *heap = malloc(4096);
    CHECK(heap);

    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(NULL));
    /* interior pointers, including the last byte */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree((char *)d + 1));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree((char *)d + 64));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree((char *)d + 1000));
    /* foreign: heap, stack, static, a made-up address, host-pinned memory */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(heap));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(stack));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(g_static));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree((void *)(uintptr_t)0x1000));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree((void *)(uintptr_t)0xdead0000beef0000ull));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(h));
    /* nothing changed: the allocation is still whole and usable */
    EXPECT(mi_free(ACL_HBM_MEM) == f0);
    dev_write_pat(d, 1000, 5);
    EXPECT_DEV_PAT(d, 1000, 5);

    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost((char *)h + 1));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost((char *)h + 999));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(heap));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(stack));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(g_static));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(d)); /* device memory */
    EXPECT(mi_free(ACL_HBM_MEM) == f0);
    /* the host block is still pinned: an async copy from it is accepted */
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    pat_fill(h, 1000, 6);
    EXPECT_OK(aclrtMemcpyAsync(d, 1000, h, 1000, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT_DEV_PAT(d, 1000, 6);
    EXPECT_OK(aclrtDestroyStream(s));

    /* double frees */
    EXPECT_OK(aclrtFree(d));
    EXPECT(mi_free(ACL_HBM_MEM) == f0 + acl_rounded(1000, true));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(d));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree((char *)d + 64));
    EXPECT(mi_free(ACL_HBM_MEM) == f0 + acl_rounded(1000, true));
    EXPECT_OK(aclrtFreeHost(h));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(h));
    free(heap);
}

/* Double free racing on threads: exactly one wins. */
struct racer {
    pthread_t th;
    void *p;
    aclrtContext ctx;
    _Atomic int *go;
    aclError rc;
};

static void *race_main(void *a)
{
    struct racer *r = a;
    CHECK_OK(aclrtSetCurrentContext(r->ctx));
    while (!atomic_load(r->go)) {
    }
    r->rc = aclrtFree(r->p);
    return NULL;
}

static void double_free_race(void)
{
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    size_t f0 = mi_free(ACL_HBM_MEM);
    for (int round = 0; round < 50; round++) {
        void *p = NULL;
        CHECK_OK(aclrtMalloc(&p, 256 + (size_t)round, ACL_MEM_MALLOC_HUGE_FIRST));
        _Atomic int go = 0;
        struct racer r[4];
        for (int i = 0; i < 4; i++) {
            r[i] = (struct racer){.p = p, .ctx = ctx, .go = &go};
            CHECK(pthread_create(&r[i].th, NULL, race_main, &r[i]) == 0);
        }
        atomic_store(&go, 1);
        int ok = 0, bad = 0;
        for (int i = 0; i < 4; i++) {
            pthread_join(r[i].th, NULL);
            ok += r[i].rc == ACL_SUCCESS;
            bad += r[i].rc == ACL_ERROR_INVALID_PARAM;
        }
        if (ok != 1 || bad != 3) {
            fprintf(stderr, "racing frees of one pointer: %d succeeded, %d refused\n", ok, bad);
            g_failed = 1;
        }
    }
    EXPECT(mi_free(ACL_HBM_MEM) == f0);
}

/* aclrtFree is immediate: it does not wait for work queued on any stream. */
static void free_no_sync(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    struct mt_gate g = {0};
    CHECK_OK(cpuaclLaunchKernel(s, mt_gate_kernel, &g));
    CHECK_OK(cpuaclLaunchKernel(NULL, mt_gate_kernel, &g)); /* the default stream too */
    void *d = NULL, *h = NULL;
    CHECK_OK(aclrtMalloc(&d, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&h, 4096));
    size_t f0 = mi_free(ACL_HBM_MEM);
    double t0 = mt_now_ms();
    EXPECT_OK(aclrtFree(d));
    EXPECT_OK(aclrtFreeHost(h));
    double dt = mt_now_ms() - t0;
    EXPECT(!atomic_load(&g.open)); /* returned while the streams were still held */
    EXPECT(dt < 1000);
    /* work is queued: the block is retired, credited once the streams pass (retire.c) */
    EXPECT(mi_free(ACL_HBM_MEM) == f0);
    gate_open(&g);
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT_OK(aclrtSynchronizeStream(NULL));
    EXPECT(mi_free(ACL_HBM_MEM) == f0 + acl_rounded(4096, true));
    EXPECT(!atomic_load(&g.timed_out));
    EXPECT_OK(aclrtDestroyStream(s));
}

static void malloc_host(void)
{
    void *p = (void *)(uintptr_t)1;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocHost(NULL, 64));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocHost(&p, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMallocHost(NULL, 0));
    size_t f0 = mi_free(ACL_HBM_MEM);
    static const size_t sizes[] = {1, 3, 63, 64, 65, 1000, 4096, 4097, 1 << 20, (3 << 20) + 7};
    void *ps[sizeof sizes / sizeof sizes[0]];
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ps[i] = NULL;
        CHECK_OK(aclrtMallocHost(&ps[i], sizes[i]));
        EXPECT(((uintptr_t)ps[i] & 63) == 0);
        /* all of it is writable and readable */
        pat_fill(ps[i], sizes[i], (uint32_t)i);
    }
    EXPECT(mi_free(ACL_HBM_MEM) == f0); /* host memory is not device capacity */
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        EXPECT_PAT(ps[i], sizes[i], (uint32_t)i);
        /* the whole block is registered: a set of exactly its size is accepted, one more
         * byte is not */
        EXPECT_OK(aclrtMemset(ps[i], sizes[i], 0x11, sizes[i]));
        EXPECT_BYTES(ps[i], sizes[i], 0x11);
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemset(ps[i], sizes[i] + 1, 0, sizes[i] + 1));
    }
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        EXPECT_OK(aclrtFreeHost(ps[i]));
    /* device memory cannot be freed as host memory and vice versa (above); host memory
     * allocated on one device's context is freed from another's */
    void *h = NULL;
    CHECK_OK(aclrtMallocHost(&h, 128));
    CHECK_OK(aclrtSetDevice(1));
    EXPECT_OK(aclrtFreeHost(h));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtSetDevice(0));
}

int main(void)
{
    TEST_OPEN();
    free_misuse();
    double_free_race();
    free_no_sync();
    malloc_host();
    TEST_CLOSE();
    return memapi_exit("memory_free");
}
