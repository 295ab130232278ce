/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 003, device-to-host (synchronous): the guide reads its file straight
 * into device memory, then copies it to an aclrtMallocHost buffer. */
#include "seed_common.h"

int main(void)
{
    // 1. 申请内存
    uint64_t size = seed_begin();
    void *devPtrA = NULL, *hostPtrB = NULL;
    CHECK_OK(aclrtMalloc(&devPtrA, size, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMallocHost(&hostPtrB, size));
    // 2. 读入数据 (into device memory, as the guide does)
    ReadFile(3004, devPtrA, size);
    memset(hostPtrB, 0, size);
    // 3. 同步内存复制
    EXPECT_OK(aclrtMemcpy(hostPtrB, size, devPtrA, size, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_PAT(hostPtrB, size, 3004);
    // 4. 释放资源
    return seed_finish("seed003_d2h", NULL, hostPtrB, devPtrA);
}
