/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtResetDevice to count 0 releases the device's memory (memory.md, Memory, last
 * row): before that the memory stays live and intact; afterwards the whole capacity is
 * free again and the old pointers are unknown (ACL_ERROR_INVALID_PARAM); other devices
 * keep theirs. Also ResetDeviceForce and aclFinalize with live allocations. */
#include "memapi.h"

#define CAP ((size_t)32 << 20)
#define MiB ((size_t)1 << 20)

static void count_to_zero(void)
{
    CHECK_OK(aclrtSetDevice(1));
    void *keep = NULL;
    CHECK_OK(aclrtMalloc(&keep, MiB, ACL_MEM_MALLOC_HUGE_FIRST));
    dev_write_pat(keep, MiB, 11);

    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtSetDevice(0)); /* count 2 */
    void *p = NULL, *q = NULL;
    CHECK_OK(aclrtMalloc(&p, 3 * MiB, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&q, 1000, ACL_MEM_MALLOC_NORMAL_ONLY));
    dev_write_pat(p, 3 * MiB, 12);
    size_t used = acl_rounded(3 * MiB, true) + acl_rounded(1000, true);
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - used);

    /* count 2 -> 1: nothing is released */
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclrtSetDevice(0));   /* current again (count 2) */
    CHECK_OK(aclrtResetDevice(0)); /* count 1, the context stays current */
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - used);
    EXPECT_DEV_PAT(p, 3 * MiB, 12);
    EXPECT_OK(aclrtMemset(q, 1000, 3, 1000));

    /* count 1 -> 0: released */
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclrtSetDevice(0));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    EXPECT(mi_total(ACL_HBM_MEM) == CAP);
    /* the old pointers are no allocation any more */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(p));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(q));
    uint8_t h[64] __attribute__((aligned(64))) = {0};
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(p, 64, h, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(h, 64, q, 64, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemset(p, 64, 0, 64));
    /* the whole capacity can be had again */
    void *all = NULL;
    if (EXPECT_OK(aclrtMalloc(&all, CAP - 32, ACL_MEM_MALLOC_HUGE_FIRST))) {
        EXPECT(mi_free(ACL_HBM_MEM) == 0);
        EXPECT_OK(aclrtMemset(all, CAP - 32, 0x6b, CAP - 32));
        EXPECT_OK(aclrtFree(all));
    }
    /* device 1 kept its memory */
    CHECK_OK(aclrtSetDevice(1));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - acl_rounded(MiB, true));
    EXPECT_DEV_PAT(keep, MiB, 11);
    EXPECT_OK(aclrtFree(keep));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtResetDevice(1)); /* both uses of device 1 */
    CHECK_OK(aclrtResetDevice(0));
}

/* A full device, reset to 0 and set again, is empty. */
static void full_then_reset(void)
{
    CHECK_OK(aclrtSetDevice(0));
    void *ps[64];
    int n = 0;
    while (n < 64 && aclrtMalloc(&ps[n], MiB, ACL_MEM_MALLOC_NORMAL_ONLY) == ACL_SUCCESS)
        n++;
    EXPECT(n == (int)(CAP / acl_rounded(MiB, true)));
    void *x = NULL;
    EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&x, MiB, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclrtSetDevice(0));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    int m = 0;
    while (m < 64 && aclrtMalloc(&ps[m], MiB, ACL_MEM_MALLOC_NORMAL_ONLY) == ACL_SUCCESS)
        m++;
    EXPECT(m == n);
    for (int i = 0; i < m; i++)
        EXPECT_OK(aclrtFree(ps[i]));
    CHECK_OK(aclrtResetDevice(0));
}

/* aclrtResetDeviceForce releases the memory whatever the count. */
static void force(void)
{
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtSetDevice(0));
    void *p = NULL;
    CHECK_OK(aclrtMalloc(&p, 5 * MiB, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP - acl_rounded(5 * MiB, true));
    CHECK_OK(aclrtResetDeviceForce(0));
    CHECK_OK(aclrtSetDevice(0));
    EXPECT(mi_free(ACL_HBM_MEM) == CAP);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtFree(p));
    CHECK_OK(aclrtResetDevice(0));
}

/* aclFinalize with live allocations on both devices and streams with queued copies; a
 * new aclInit starts empty. */
static void finalize_live(void)
{
    for (int d = 1; d >= 0; d--) {
        CHECK_OK(aclrtSetDevice(d));
        void *p = NULL, *q = NULL;
        CHECK_OK(aclrtMalloc(&p, 2 * MiB, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK_OK(aclrtMalloc(&q, 2 * MiB, ACL_MEM_MALLOC_HUGE_FIRST));
        aclrtStream s;
        CHECK_OK(aclrtCreateStream(&s));
        for (int i = 0; i < 8; i++)
            CHECK_OK(aclrtMemcpyAsync(q, 2 * MiB, p, 2 * MiB, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    }
    CHECK_OK(aclFinalize());
    CHECK_OK(aclInit(NULL));
    for (int d = 0; d < 2; d++) {
        CHECK_OK(aclrtSetDevice(d));
        EXPECT(mi_free(ACL_HBM_MEM) == CAP);
        CHECK_OK(aclrtResetDevice(d));
    }
}

int main(void)
{
    CHECK(setenv("CPUACL_DEVICE_MEMORY_MB", "32", 1) == 0);
    CHECK_OK(aclInit(NULL));
    count_to_zero();
    full_then_reset();
    force();
    finalize_live();
    CHECK_OK(aclFinalize());
    return memapi_exit("memory_reset");
}
