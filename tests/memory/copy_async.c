/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtMemcpyAsync (memory.md, Memory): the rows of aclrtMemcpy on a stream; host
 * addresses must be 64-byte aligned (107008); pinned copies are queued in stream order;
 * pageable host memory drains the stream and copies before the call returns; host to host
 * is accepted and fails at the next synchronisation (207000, seed 003); bad streams. */
#include "memapi.h"

#define N 8192
#define INVAL ACL_ERROR_INVALID_PARAM

static aclrtStream g_s;
static void *g_d0, *g_d1, *g_dodd; /* device: N, N, 1000 bytes */
static uint8_t *g_p0, *g_p1;       /* pinned host: N + 64 bytes */
static uint8_t *g_h0, *g_h1;       /* pageable host, 64-byte aligned, N + 64 bytes */

/* The stream is clean and idle afterwards (no error left behind by a refused call). */
static void expect_clean(aclrtStream s)
{
    EXPECT_OK(aclrtSynchronizeStream(s));
}

static void arg_errors(void)
{
    aclrtStream s = g_s;
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(NULL, N, g_p0, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_d0, N, NULL, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(NULL, N, NULL, N, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    static const int bad[] = {8, 100, -1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_d0, N, g_p0, N, (aclrtMemcpyKind)bad[i], s));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(g_d0, N - 1, g_p0, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(g_p0, 64, g_d0, 128, ACL_MEMCPY_DEVICE_TO_HOST, s));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(g_d1, 0, g_d0, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(g_p1, 64, g_p0, 128, ACL_MEMCPY_HOST_TO_HOST, s));
    /* device ranges that do not hold count bytes */
    size_t use = acl_rounded(1000, true);
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_dodd, N, g_p0, use + 1, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_p0, N, g_dodd, use + 1, ACL_MEMCPY_DEVICE_TO_HOST, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync((uint8_t *)g_dodd + 64, N, g_d0, use - 63,
                                       ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    EXPECT_ERR(INVAL,
               aclrtMemcpyAsync(g_d0, N, (uint8_t *)g_dodd + use - 8, 9, ACL_MEMCPY_DEFAULT, s));
    /* kinds that contradict the pointers */
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_p1, N, g_p0, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_d1, N, g_d0, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_p1, N, g_p0, N, ACL_MEMCPY_DEVICE_TO_HOST, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_d1, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_HOST, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_d1, N, g_p0, N, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_p1, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_d1, N, g_p0, N, ACL_MEMCPY_HOST_TO_HOST, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_p1, N, g_d0, N, ACL_MEMCPY_HOST_TO_HOST, s));
    EXPECT_ERR(INVAL, aclrtMemcpyAsync(g_h1, N, g_h0, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    /* bad streams */
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE,
               aclrtMemcpyAsync(g_d0, N, g_p0, N, ACL_MEMCPY_HOST_TO_DEVICE,
                                (aclrtStream)(uintptr_t)0x1234));
    aclrtStream dead;
    CHECK_OK(aclrtCreateStream(&dead));
    CHECK_OK(aclrtDestroyStream(dead));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE,
               aclrtMemcpyAsync(g_d0, N, g_p0, N, ACL_MEMCPY_HOST_TO_DEVICE, dead));
    aclrtContext mine, other;
    CHECK_OK(aclrtGetCurrentContext(&mine));
    CHECK_OK(aclrtCreateContext(&other, 0));
    aclrtStream foreign;
    CHECK_OK(aclrtCreateStream(&foreign));
    CHECK_OK(aclrtSetCurrentContext(mine));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CONTEXT,
               aclrtMemcpyAsync(g_d0, N, g_p0, N, ACL_MEMCPY_HOST_TO_DEVICE, foreign));
    CHECK_OK(aclrtDestroyContext(other));
    CHECK_OK(aclrtSetCurrentContext(mine));
    expect_clean(s);
}

/* Pinned host addresses must be 64-byte aligned (107008); pageable and device addresses
 * need not be. */
static void alignment(void)
{
    aclrtStream s = g_s;
    for (size_t off = 1; off < 64; off += 31) {
        EXPECT_ERR(ACL_ERROR_RT_ADDR_UNALIGNED,
                   aclrtMemcpyAsync(g_d0, N, g_p0 + off, 1024, ACL_MEMCPY_HOST_TO_DEVICE, s));
        EXPECT_ERR(ACL_ERROR_RT_ADDR_UNALIGNED,
                   aclrtMemcpyAsync(g_p1 + off, N, g_d0, 1024, ACL_MEMCPY_DEVICE_TO_HOST, s));
        EXPECT_ERR(ACL_ERROR_RT_ADDR_UNALIGNED,
                   aclrtMemcpyAsync(g_d0, N, g_p0 + off, 1024, ACL_MEMCPY_DEFAULT, s));
    }
    /* Pageable host memory at any address (issue 14; seed 003's 64-byte rule is about
     * aclrtMallocHost memory): the copy is done when the call returns, with the bytes the
     * source held at the call, whatever the caller writes afterwards. */
    for (size_t off = 1; off < 64; off += 31) {
        pat_fill(g_h0, N, (uint32_t)(50 + off));
        EXPECT_OK(aclrtMemcpyAsync(g_d0, N, g_h0 + off, 1000, ACL_MEMCPY_HOST_TO_DEVICE, s));
        uint8_t keep[1000];
        memcpy(keep, g_h0 + off, sizeof keep);
        memset(g_h0, 0xEE, N); /* after the call: must not reach the device */
        memset(g_h1, 0, N);
        EXPECT_OK(aclrtMemcpyAsync(g_h1 + off + 2, N - off - 2, g_d0, 1000,
                                   ACL_MEMCPY_DEVICE_TO_HOST, s));
        EXPECT(memcmp(g_h1 + off + 2, keep, sizeof keep) == 0); /* done at return */
        EXPECT(g_h1[off + 1] == 0 && g_h1[off + 2 + 1000] == 0);
        EXPECT_OK(aclrtSynchronizeStream(s));
    }
    /* 64-byte aligned interior host addresses and unaligned device addresses are fine */
    pat_fill(g_p0, N, 40);
    EXPECT_OK(aclrtMemcpyAsync((uint8_t *)g_d0 + 3, N - 3, g_p0 + 64, 1000,
                               ACL_MEMCPY_HOST_TO_DEVICE, s));
    memset(g_p1, 0, N);
    EXPECT_OK(aclrtMemcpyAsync(g_p1 + 128, N - 128, (uint8_t *)g_d0 + 3, 1000,
                               ACL_MEMCPY_DEVICE_TO_HOST, s));
    EXPECT_OK(aclrtMemcpyAsync((uint8_t *)g_d1 + 5, N - 5, (uint8_t *)g_d0 + 3, 1000,
                               ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT(memcmp(g_p1 + 128, g_p0 + 64, 1000) == 0);
    uint8_t *r = dev_read((uint8_t *)g_d1 + 5, 1000);
    EXPECT(memcmp(r, g_p0 + 64, 1000) == 0);
    free(r);
    expect_clean(s);
}

/* Pinned memory: the copy is a task in stream order; count 0 is nothing. */
static void queued(void)
{
    aclrtStream s = g_s;
    struct mt_gate g = {0};
    CHECK_OK(cpuaclLaunchKernel(s, mt_gate_kernel, &g));
    pat_fill(g_p0, N, 50);
    dev_write_pat(g_d0, N, 51);
    memset(g_p1, 0, N);
    EXPECT_OK(aclrtMemcpyAsync(g_d0, N, g_p0, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_OK(aclrtMemcpyAsync(g_d1, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    EXPECT_OK(aclrtMemcpyAsync(g_p1, N, g_d1, N, ACL_MEMCPY_DEVICE_TO_HOST, s));
    EXPECT_OK(aclrtMemcpyAsync(g_d1, N, g_p0, 0, ACL_MEMCPY_HOST_TO_DEVICE, s)); /* count 0 */
    /* nothing has run: the stream is held by the gate */
    EXPECT(!atomic_load(&g.open));
    EXPECT_PAT(g_d0, N, 51);
    EXPECT_BYTES(g_p1, N, 0);
    gate_open(&g);
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT(!atomic_load(&g.timed_out));
    EXPECT_PAT(g_p1, N, 50); /* H2D, D2D, D2H ran in order */
    /* the default stream (NULL) and DEFAULT kind */
    pat_fill(g_p0, N, 52);
    EXPECT_OK(aclrtMemcpyAsync(g_d0, N, g_p0, N, ACL_MEMCPY_DEFAULT, NULL));
    EXPECT_OK(aclrtMemcpyAsync(g_d1, N, g_d0, N, ACL_MEMCPY_DEFAULT, NULL));
    EXPECT_OK(aclrtMemcpyAsync(g_p1, N, g_d1, N, ACL_MEMCPY_DEFAULT, NULL));
    EXPECT_OK(aclrtSynchronizeStream(NULL));
    EXPECT_PAT(g_p1, N, 52);
    /* HOST_TO_BUF_TO_DEVICE and INNER_DEVICE_TO_DEVICE */
    pat_fill(g_p0, N, 53);
    EXPECT_OK(aclrtMemcpyAsync(g_d0, N, g_p0, N, ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE, s));
    EXPECT_OK(aclrtMemcpyAsync(g_d1, N, g_d0, N, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, s));
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT_DEV_PAT(g_d1, N, 53);
}

/* Pageable host memory: the stream is drained and the copy done before the call returns. */
static void pageable(void)
{
    aclrtStream s = g_s;
    for (int dir = 0; dir < 2; dir++) {
        struct mt_gate g = {0};
        struct mt_gate_timer t;
        CHECK_OK(cpuaclLaunchKernel(s, mt_gate_kernel, &g));
        pat_fill(g_h0, N, 60 + (uint32_t)dir);
        dev_write_pat(g_d0, N, 70 + (uint32_t)dir);
        memset(g_h1, 0, N);
        gate_open_later(&t, &g, 150);
        aclError rc = dir == 0 ? aclrtMemcpyAsync(g_d1, N, g_h0, N, ACL_MEMCPY_HOST_TO_DEVICE, s)
                               : aclrtMemcpyAsync(g_h1, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_HOST, s);
        double back = mt_now_ms();
        bool was_open = atomic_load(&g.open);
        pthread_join(t.th, NULL);
        EXPECT(rc == ACL_SUCCESS);
        /* it waited for the queued gate kernel */
        if (!was_open) {
            fprintf(stderr, "pageable %s async copy returned before the stream drained\n",
                    dir ? "D2H" : "H2D");
            g_failed = 1;
        }
        EXPECT(atomic_load(&t.opened_at) <= back);
        /* and the data are there at return, without a synchronisation */
        if (dir == 0)
            EXPECT_PAT(g_d1, N, 60);
        else
            EXPECT_PAT(g_h1, N, 71);
        EXPECT(!atomic_load(&g.timed_out));
        expect_clean(s);
    }
    /* pageable with the default stream and with the DEFAULT kind */
    pat_fill(g_h0, N, 80);
    EXPECT_OK(aclrtMemcpyAsync(g_d0, N, g_h0, N, ACL_MEMCPY_DEFAULT, NULL));
    EXPECT_PAT(g_d0, N, 80);
}

/* Host to host: accepted; the stream's next synchronisation returns 207000 once. */
static void host_to_host(void)
{
    aclrtStream s = g_s;
    uint8_t *pairs[3][2] = {{g_p1, g_p0}, {g_h1, g_p0}, {g_h1, g_h0}};
    for (int i = 0; i < 3; i++) {
        EXPECT_OK(aclrtMemcpyAsync(pairs[i][0], N, pairs[i][1], N, ACL_MEMCPY_HOST_TO_HOST, s));
        EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtSynchronizeStream(s));
        EXPECT_OK(aclrtSynchronizeStream(s));
    }
    /* the DEFAULT kind between host buffers is host to host too */
    EXPECT_OK(aclrtMemcpyAsync(g_p1, N, g_p0, N, ACL_MEMCPY_DEFAULT, s));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtSynchronizeStream(s));
    /* on the default stream, reported by a device synchronisation */
    EXPECT_OK(aclrtMemcpyAsync(g_p1, N, g_p0, N, ACL_MEMCPY_HOST_TO_HOST, NULL));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtSynchronizeDevice());
    EXPECT_OK(aclrtSynchronizeStream(NULL));
    /* work queued behind the failed copy still runs (ACL_CONTINUE_ON_FAILURE) */
    pat_fill(g_p0, N, 90);
    EXPECT_OK(aclrtMemcpyAsync(g_p1, N, g_p0, N, ACL_MEMCPY_HOST_TO_HOST, s));
    EXPECT_OK(aclrtMemcpyAsync(g_d0, N, g_p0, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtSynchronizeStream(s));
    EXPECT_DEV_PAT(g_d0, N, 90);
    expect_clean(s);
    /* count 0 between host buffers: success, nothing queued that could fail */
    EXPECT_OK(aclrtMemcpyAsync(g_p1, N, g_p0, 0, ACL_MEMCPY_HOST_TO_HOST, s));
    expect_clean(s);
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtCreateStream(&g_s));
    CHECK_OK(aclrtMalloc(&g_d0, N, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&g_d1, N, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc(&g_dodd, 1000, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMallocHost((void **)&g_p0, N + 64));
    CHECK_OK(aclrtMallocHost((void **)&g_p1, N + 64));
    g_h0 = aligned_alloc(64, N + 64);
    g_h1 = aligned_alloc(64, N + 64);
    CHECK(g_h0 && g_h1);
    arg_errors();
    alignment();
    queued();
    pageable();
    host_to_host();
    EXPECT_OK(aclrtDestroyStream(g_s));
    EXPECT_FREE_DEVICE(g_d0, g_d1, g_dodd);
    EXPECT_FREE_HOST(g_p0, g_p1);
    free(g_h0);
    free(g_h1);
    TEST_CLOSE();
    return memapi_exit("memory_copy_async");
}
