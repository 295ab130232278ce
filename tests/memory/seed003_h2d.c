/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 003, host-to-device (synchronous): aclrtMallocHost + aclrtMalloc
 * (NORMAL_ONLY) of 1 MiB, ACL_MEMCPY_HOST_TO_DEVICE, then both freed. */
#include "seed_common.h"

int main(void)
{
    // 1. 申请内存
    uint64_t size = seed_begin();
    void *hostPtrA = NULL, *devPtrB = NULL;
    CHECK_OK(aclrtMallocHost(&hostPtrA, size));
    CHECK_OK(aclrtMalloc(&devPtrB, size, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK(((uintptr_t)devPtrB & 63) == 0);
    // 2. 读入数据
    ReadFile(3002, hostPtrA, size);
    // 3. 同步内存复制
    EXPECT_OK(aclrtMemcpy(devPtrB, size, hostPtrA, size, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_DEV_PAT(devPtrB, size, 3002);
    EXPECT_PAT(devPtrB, size, 3002); /* device memory is host-addressable on cpuacl */
    // 4. 释放资源
    return seed_finish("seed003_h2d", NULL, hostPtrA, devPtrB);
}
