/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtMemcpy (memory.md, Memory): argument order, count 0, NULL pointers, unknown
 * kinds, count > destMax, device ranges that do not hold count bytes, kinds that
 * contradict the pointers, DEFAULT inference, every valid kind with data checks, and no
 * implicit stream synchronisation. */
#include "memapi.h"

#define N 4096   /* bytes copied in the data checks */
#define DSZ 1000 /* odd device size: usable = 1024 + 32 */
#define DUSE acl_rounded(DSZ, true)

#define INVAL ACL_ERROR_INVALID_PARAM

static void *g_d0, *g_d1;    /* device memory, N bytes each (usable N + 32) */
static void *g_dodd;         /* device, DSZ bytes */
static void *g_p0, *g_p1;    /* pinned host, N bytes */
static uint8_t *g_h0, *g_h1; /* pageable host, N + 64 bytes */

static void arg_errors(void)
{
    /* NULL pointers */
    EXPECT_ERR(INVAL, aclrtMemcpy(NULL, N, g_h0, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_h0, N, NULL, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(NULL, N, NULL, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(NULL, N, g_h0, N, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_h0, N, NULL, N, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_d0, N, NULL, N, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_ERR(INVAL, aclrtMemcpy(NULL, N, g_d0, N, ACL_MEMCPY_DEFAULT));
    /* unknown kinds */
    static const int bad[] = {8, 9, 100, -1, 0x7fffffff};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        EXPECT_ERR(INVAL, aclrtMemcpy(g_d0, N, g_h0, N, (aclrtMemcpyKind)bad[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, g_h0, N, (aclrtMemcpyKind)bad[i]));
    }
    /* count > destMax: 107000, for every direction */
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpy(g_h1, N - 1, g_h0, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpy(g_d0, 16, g_h0, 17, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpy(g_h0, 0, g_d0, 1, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpy(g_d1, N, g_d0, N + 1, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpy(g_d1, 8, g_d0, 64, ACL_MEMCPY_DEFAULT));
}

/* count 0: success, nothing copied, whatever the kind (valid pointers). */
static void count_zero(void)
{
    memset(g_h1, 0xee, N);
    pat_fill(g_h0, N, 1);
    dev_write_pat(g_d0, N, 2);
    dev_write_pat(g_d1, N, 3);
    EXPECT_OK(aclrtMemcpy(g_h1, N, g_h0, 0, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_OK(aclrtMemcpy(g_d0, N, g_h0, 0, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_OK(aclrtMemcpy(g_h1, N, g_d0, 0, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_OK(aclrtMemcpy(g_d1, N, g_d0, 0, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_OK(aclrtMemcpy(g_d1, N, g_d0, 0, ACL_MEMCPY_DEFAULT));
    EXPECT_OK(aclrtMemcpy(g_d1, 1, g_h0, 0, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_BYTES(g_h1, N, 0xee);
    EXPECT_DEV_PAT(g_d0, N, 2);
    EXPECT_DEV_PAT(g_d1, N, 3);
}

/* A device side whose allocation does not hold count bytes: INVALID_PARAM, nothing
 * copied. */
static void device_bounds(void)
{
    uint8_t *d = g_dodd;
    size_t use = DUSE;
    dev_write_pat(d, use, 9);
    pat_fill(g_h0, N, 10);
    /* dst runs past the end by one byte, from the start and from inside */
    EXPECT_ERR(INVAL, aclrtMemcpy(d, use + 1, g_h0, use + 1, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, aclrtMemcpy(d + 64, use, g_h0, use - 63, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, aclrtMemcpy(d + use - 1, 2, g_h0, 2, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(INVAL, aclrtMemcpy(d + 8, N, g_h0, N, ACL_MEMCPY_DEFAULT));
    /* src runs past the end */
    EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, d, use + 1, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, d + 100, use - 99, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_d0, N, d + 32, use, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_ERR(INVAL, aclrtMemcpy(d, use + 1, g_d0, use + 1, ACL_MEMCPY_DEVICE_TO_DEVICE));
    /* a huge count that would wrap the address space */
    EXPECT_ERR(INVAL,
               aclrtMemcpy(d + 64, SIZE_MAX, g_h0, SIZE_MAX - 63, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_DEV_PAT(d, use, 9); /* nothing was copied */
    /* exactly to the end is fine, from the start and from inside */
    EXPECT_OK(aclrtMemcpy(d, use, g_h0, use, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_DEV_PAT(d, use, 10);
    pat_fill(g_h0, N, 11);
    EXPECT_OK(aclrtMemcpy(d + use - 100, 100, g_h0, 100, ACL_MEMCPY_HOST_TO_DEVICE));
    uint8_t *r = dev_read(d + use - 100, 100);
    EXPECT_PAT(r, 100, 11);
    free(r);
    EXPECT_OK(aclrtMemcpy(g_h1, N, d + 1, use - 1, ACL_MEMCPY_DEVICE_TO_HOST));
}

/* Kinds that contradict the pointers: INVALID_PARAM, nothing copied. */
static void contradicting_kinds(void)
{
    dev_write_pat(g_d0, N, 20);
    dev_write_pat(g_d1, N, 21);
    pat_fill(g_h1, N, 22);
    pat_fill(g_p1, N, 23);
    /* HOST_TO_HOST with device memory on either side */
    EXPECT_ERR(INVAL, aclrtMemcpy(g_d1, N, g_h0, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, g_d0, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_d1, N, g_d0, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_p1, N, g_d0, N, ACL_MEMCPY_HOST_TO_HOST));
    /* HOST_TO_DEVICE (and HOST_TO_BUF_TO_DEVICE) whose dst is not device memory, or whose
     * src is */
    static const aclrtMemcpyKind h2d[] = {ACL_MEMCPY_HOST_TO_DEVICE,
                                          ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE};
    for (int i = 0; i < 2; i++) {
        EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, g_h0, N, h2d[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_p1, N, g_h0, N, h2d[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_p1, N, g_p0, N, h2d[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_d1, N, g_d0, N, h2d[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, g_d0, N, h2d[i])); /* reversed */
    }
    /* DEVICE_TO_HOST whose src is not device memory, or whose dst is */
    EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, g_h0, N, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, g_p0, N, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_d1, N, g_d0, N, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(INVAL, aclrtMemcpy(g_d1, N, g_h0, N, ACL_MEMCPY_DEVICE_TO_HOST)); /* reversed */
    /* the device-to-device kinds with a host side */
    static const aclrtMemcpyKind d2d[] = {ACL_MEMCPY_DEVICE_TO_DEVICE,
                                          ACL_MEMCPY_INNER_DEVICE_TO_DEVICE,
                                          ACL_MEMCPY_INTER_DEVICE_TO_DEVICE};
    for (int i = 0; i < 3; i++) {
        EXPECT_ERR(INVAL, aclrtMemcpy(g_d1, N, g_h0, N, d2d[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_d1, N, g_p0, N, d2d[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, g_d0, N, d2d[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_p1, N, g_d0, N, d2d[i]));
        EXPECT_ERR(INVAL, aclrtMemcpy(g_h1, N, g_h0, N, d2d[i]));
    }
    /* a pointer one past the end of a device allocation is not device memory */
    EXPECT_ERR(INVAL,
               aclrtMemcpy((uint8_t *)g_dodd + DUSE, 16, g_h0, 16, ACL_MEMCPY_HOST_TO_DEVICE));
    /* nothing was copied */
    EXPECT_DEV_PAT(g_d0, N, 20);
    EXPECT_DEV_PAT(g_d1, N, 21);
    EXPECT_PAT(g_h1, N, 22);
    EXPECT_PAT(g_p1, N, 23);
}

/* Every valid direction, with data checks; DEFAULT infers the direction. */
static void valid_copies(void)
{
    for (int dflt = 0; dflt < 2; dflt++) {
        uint32_t seed = 100 + 10 * (uint32_t)dflt;
#define K(kind) (dflt ? ACL_MEMCPY_DEFAULT : (kind))
        /* host to host: pageable and pinned on either side */
        pat_fill(g_h0, N, seed);
        EXPECT_OK(aclrtMemcpy(g_h1, N, g_h0, N, K(ACL_MEMCPY_HOST_TO_HOST)));
        EXPECT_PAT(g_h1, N, seed);
        EXPECT_OK(aclrtMemcpy(g_p0, N, g_h1, N, K(ACL_MEMCPY_HOST_TO_HOST)));
        EXPECT_OK(aclrtMemcpy(g_p1, N, g_p0, N, K(ACL_MEMCPY_HOST_TO_HOST)));
        EXPECT_PAT(g_p1, N, seed);
        /* host to device from pageable and pinned */
        pat_fill(g_h0, N, seed + 1);
        EXPECT_OK(aclrtMemcpy(g_d0, N, g_h0, N, K(ACL_MEMCPY_HOST_TO_DEVICE)));
        EXPECT_PAT(g_d0, N, seed + 1); /* device memory is host-addressable here */
        pat_fill(g_p0, N, seed + 2);
        EXPECT_OK(aclrtMemcpy(g_d1, N, g_p0, N, K(ACL_MEMCPY_HOST_TO_DEVICE)));
        /* device to host, into pageable and pinned */
        memset(g_h1, 0, N);
        EXPECT_OK(aclrtMemcpy(g_h1, N, g_d1, N, K(ACL_MEMCPY_DEVICE_TO_HOST)));
        EXPECT_PAT(g_h1, N, seed + 2);
        memset(g_p1, 0, N);
        EXPECT_OK(aclrtMemcpy(g_p1, N, g_d0, N, K(ACL_MEMCPY_DEVICE_TO_HOST)));
        EXPECT_PAT(g_p1, N, seed + 1);
        /* device to device */
        EXPECT_OK(aclrtMemcpy(g_d1, N, g_d0, N, K(ACL_MEMCPY_DEVICE_TO_DEVICE)));
        EXPECT_DEV_PAT(g_d1, N, seed + 1);
#undef K
    }
    /* the other kind names */
    pat_fill(g_h0, N, 200);
    EXPECT_OK(aclrtMemcpy(g_d0, N, g_h0, N, ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE));
    EXPECT_DEV_PAT(g_d0, N, 200);
    EXPECT_OK(aclrtMemcpy(g_d1, N, g_d0, N, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE));
    EXPECT_DEV_PAT(g_d1, N, 200);
    /* interior pointers on both sides; destMax larger than count; odd sizes and offsets */
    pat_fill(g_h0, N, 201);
    EXPECT_OK(aclrtMemcpy((uint8_t *)g_d0 + 3, N - 3, g_h0 + 5, 1001, ACL_MEMCPY_HOST_TO_DEVICE));
    memset(g_h1, 0, N);
    EXPECT_OK(aclrtMemcpy(g_h1 + 7, N, (uint8_t *)g_d0 + 3, 1001, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT(memcmp(g_h1 + 7, g_h0 + 5, 1001) == 0);
    /* the usable padding (N + 32 bytes) is copyable */
    EXPECT_OK(aclrtMemcpy(g_d1, N + 32, g_d0, N + 32, ACL_MEMCPY_DEVICE_TO_DEVICE));
}

/* Synchronous, no implicit stream synchronisation: returns with the streams still held,
 * and the data are there when it returns. */
static void no_implicit_sync(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    struct mt_gate g = {0};
    CHECK_OK(cpuaclLaunchKernel(s, mt_gate_kernel, &g));
    CHECK_OK(cpuaclLaunchKernel(NULL, mt_gate_kernel, &g));
    /* a memset queued behind the gate must not have run when the copy returns */
    dev_write_pat(g_d1, N, 300);
    CHECK_OK(aclrtMemsetAsync(g_d1, N, 0x77, N, s));
    pat_fill(g_h0, N, 301);
    EXPECT_OK(aclrtMemcpy(g_d0, N, g_h0, N, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_OK(aclrtMemcpy(g_h1, N, g_d1, N, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT(!atomic_load(&g.open));
    EXPECT_PAT(g_h1, N, 300); /* the queued memset did not run */
    EXPECT_PAT(g_d0, N, 301); /* the copy is complete at return */
    gate_open(&g);
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT_OK(aclrtSynchronizeStream(NULL));
    EXPECT(!atomic_load(&g.timed_out));
    EXPECT_DEV_BYTES(g_d1, N, 0x77);
    EXPECT_OK(aclrtDestroyStream(s));
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtMalloc(&g_d0, N, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&g_d1, N, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc(&g_dodd, DSZ, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&g_p0, N));
    CHECK_OK(aclrtMallocHost(&g_p1, N));
    g_h0 = aligned_alloc(64, N + 64);
    g_h1 = aligned_alloc(64, N + 64);
    CHECK(g_h0 && g_h1);
    arg_errors();
    count_zero();
    device_bounds();
    contradicting_kinds();
    valid_copies();
    no_implicit_sync();
    EXPECT_FREE_DEVICE(g_d0, g_d1, g_dodd);
    EXPECT_FREE_HOST(g_p0, g_p1);
    free(g_h0);
    free(g_h1);
    TEST_CLOSE();
    return memapi_exit("memory_copy");
}
