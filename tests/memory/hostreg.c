/* SPDX-License-Identifier: Apache-2.0 */
/* Host registration (aclrtHostRegister / V2 with ACL_HOST_REG_MAPPED and PINNED,
 * aclrtHostGetDevicePointer, aclrtHostUnregister): a kernel given the device pointer reads
 * and writes the host bytes, copies take the registered range as pinned memory; managed
 * memory (aclrtMemAllocManaged) is used by host and device in place; misuse codes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acltest.h"

struct scale_args {
    int32_t *p;
    size_t n;
};
/* A "device" kernel: doubles every element and adds 1. */
static int32_t k_scale(void *a)
{
    struct scale_args *s = a;
    for (size_t i = 0; i < s->n; i++)
        s->p[i] = s->p[i] * 2 + 1;
    return 0;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream st;
    CHECK_OK(aclrtCreateStream(&st));
    const size_t n = 4096, bytes = n * sizeof(int32_t);

    /* V2 + MAPPED on pageable memory: zero copy through the device pointer. */
    int32_t *host = aligned_alloc(4096, bytes);
    CHECK(host);
    for (size_t i = 0; i < n; i++)
        host[i] = (int32_t)i;
    CHECK_OK(aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_MAPPED));
    void *dev = NULL;
    CHECK_OK(aclrtHostGetDevicePointer(host, &dev, 0));
    CHECK(dev);
    void *mid = NULL; /* interior pointers map to the same offset */
    CHECK_OK(aclrtHostGetDevicePointer(host + 100, &mid, 0));
    CHECK((char *)mid == (char *)dev + 100 * sizeof(int32_t));
    struct scale_args sa = {dev, n};
    CHECK_OK(cpuaclLaunchKernel(st, k_scale, &sa));
    CHECK_OK(aclrtSynchronizeStream(st));
    for (size_t i = 0; i < n; i++)
        CHECK(host[i] == (int32_t)(2 * i + 1)); /* the host sees what the kernel wrote */
    host[7] = -5;                               /* and the device sees what the host writes */
    CHECK_OK(cpuaclLaunchKernel(st, k_scale, &sa));
    CHECK_OK(aclrtSynchronizeStream(st));
    CHECK(host[7] == -9);

    /* Copies take the registered range as pinned host memory, async ones included. */
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpyAsync(d, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE, st));
    CHECK_OK(aclrtSynchronizeStream(st));
    memset(host, 0, bytes);
    CHECK_OK(aclrtMemcpyAsync(host, bytes, d, bytes, ACL_MEMCPY_DEVICE_TO_HOST, st));
    CHECK_OK(aclrtSynchronizeStream(st));
    CHECK(host[7] == -9 && host[8] == 2 * (2 * 8 + 1) + 1);

    /* Misuse while registered. */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_MAPPED));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostRegisterV2(host + 1024, 4096, ACL_HOST_REG_MAPPED));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostGetDevicePointer(host, &dev, 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(host)); /* not aclrtMallocHost memory */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFree(host));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostUnregister(host + 1024)); /* not the start */
    CHECK_OK(aclrtHostUnregister(host));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostUnregister(host)); /* twice */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostGetDevicePointer(host, &dev, 0));
    /* Unregistered again: pageable memory for copies (a synchronous copy still works). */
    CHECK_OK(aclrtMemcpy(host, bytes, d, bytes, ACL_MEMCPY_DEVICE_TO_HOST));

    /* V1: the device pointer comes back directly. PINNED without MAPPED: no device pointer. */
    void *dev1 = NULL;
    CHECK_OK(aclrtHostRegister(host, bytes, ACL_HOST_REGISTER_MAPPED, &dev1));
    CHECK(dev1 == (void *)host);
    CHECK_OK(aclrtHostUnregister(host));
    CHECK_OK(aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_PINNED));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostGetDevicePointer(host, &dev, 0));
    CHECK_OK(aclrtHostUnregister(host));
    CHECK_OK(aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_MAPPED | ACL_HOST_REG_PINNED));
    CHECK_OK(aclrtHostUnregister(host));

    /* Argument checks. */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostRegisterV2(NULL, bytes, ACL_HOST_REG_MAPPED));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostRegisterV2(host, 0, ACL_HOST_REG_MAPPED));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtHostRegisterV2((char *)host + 64, 4096, ACL_HOST_REG_MAPPED)); /* 4 KiB */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostRegisterV2(host, bytes, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostRegisterV2(host, bytes, 0x1));
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_READONLY));
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_IOMEMORY));
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtHostRegister(host, bytes, ACL_HOST_REGISTER_READONLY, &dev1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtHostRegister(host, bytes, ACL_HOST_REGISTER_MAPPED, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtHostRegisterV2(d, 4096, ACL_HOST_REG_MAPPED)); /* device */

    /* aclrtMallocHost memory: MAPPED works, PINNED is refused (pinned already). */
    void *ph = NULL;
    CHECK_OK(aclrtMallocHost(&ph, 8192));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostRegisterV2(ph, 8192, ACL_HOST_REG_PINNED));
    CHECK_OK(aclrtHostRegisterV2(ph, 8192, ACL_HOST_REG_MAPPED));
    void *pd = NULL;
    CHECK_OK(aclrtHostGetDevicePointer(ph, &pd, 0));
    struct scale_args sp = {pd, 8192 / sizeof(int32_t)};
    memset(ph, 0, 8192);
    CHECK_OK(cpuaclLaunchKernel(st, k_scale, &sp));
    CHECK_OK(aclrtSynchronizeStream(st));
    CHECK(((int32_t *)ph)[10] == 1);
    CHECK_OK(aclrtHostUnregister(ph));
    CHECK_OK(aclrtFreeHost(ph)); /* still the pinned allocation it was */

    aclrtHostMemMapCapability cap = ACL_RT_HOST_MEM_MAP_NOT_SUPPORTED;
    CHECK_OK(aclrtHostMemMapCapabilities(0, ACL_RT_HAC_TYPE_AIC, &cap));
    CHECK(cap == ACL_RT_HOST_MEM_MAP_SUPPORTED);
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID,
              aclrtHostMemMapCapabilities(999, ACL_RT_HAC_TYPE_AIC, &cap));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtHostMemMapCapabilities(0, ACL_RT_HAC_TYPE_AIC, NULL));

    /* Managed memory: host writes, a kernel updates in place, the host reads; aclrtFree. */
    int32_t *m = NULL;
    CHECK_OK(aclrtMemAllocManaged((void **)&m, bytes, ACL_RT_MEM_ATTACH_GLOBAL));
    CHECK(m);
    for (size_t i = 0; i < n; i++)
        m[i] = (int32_t)(n - i);
    struct scale_args sm = {m, n};
    CHECK_OK(cpuaclLaunchKernel(st, k_scale, &sm));
    CHECK_OK(aclrtSynchronizeStream(st));
    for (size_t i = 0; i < n; i++)
        CHECK(m[i] == (int32_t)(2 * (n - i) + 1));
    CHECK_OK(aclrtMemcpy(d, bytes, m, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE)); /* device memory */
    CHECK_OK(aclrtFree(m));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemAllocManaged((void **)&m, bytes, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemAllocManaged((void **)&m, 0, ACL_RT_MEM_ATTACH_GLOBAL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemAllocManaged(NULL, bytes, ACL_RT_MEM_ATTACH_GLOBAL));

    /* A registration outlives a device reset (it describes host memory). */
    CHECK_OK(aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_MAPPED));
    CHECK_OK(aclrtFree(d));
    CHECK_OK(aclrtDestroyStream(st));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtHostGetDevicePointer(host, &dev, 0));
    CHECK_OK(aclrtHostUnregister(host));
    /* aclFinalize forgets registrations: after a new aclInit the range registers again. */
    CHECK_OK(aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_MAPPED));
    TEST_CLOSE();
    TEST_OPEN();
    CHECK_OK(aclrtHostRegisterV2(host, bytes, ACL_HOST_REG_MAPPED));
    CHECK_OK(aclrtHostUnregister(host));
    /* What programs do (issue 33, item 14): aclrtMallocHost, then aclrtHostRegisterV2 with
     * ACL_HOST_REG_MAPPED (4 KiB-aligned pointers only), then the device pointer. Pinned
     * blocks of a page or more are page-aligned, whatever their size, and reusing a freed
     * block keeps that. */
    for (int round = 0; round < 2; round++)
        for (size_t sz = 4096; sz <= ((size_t)8 << 20); sz = sz * 3 + 1000) {
            void *pin = NULL, *pdev = NULL;
            CHECK_OK(aclrtMallocHost(&pin, sz));
            CHECK(((uintptr_t)pin & 4095) == 0);
            CHECK_OK(aclrtHostRegisterV2(pin, sz, ACL_HOST_REG_MAPPED));
            CHECK_OK(aclrtHostGetDevicePointer(pin, &pdev, 0));
            CHECK(pdev == pin);
            memset(pin, 0x5a, sz);
            CHECK_OK(aclrtHostUnregister(pin));
            CHECK_OK(aclrtFreeHost(pin));
        }
    CHECK_OK(aclrtResetDevice(0));
    free(host);
    CHECK_OK(aclFinalize());
    puts("memory_hostreg: ok");
    return 0;
}
