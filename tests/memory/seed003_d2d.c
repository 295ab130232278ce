/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 003, device-to-device on one device: a synchronous copy, then an
 * asynchronous one on a new stream (with fresh data, so each is checked). */
#include "seed_common.h"

int main(void)
{
    // 1. 申请内存
    uint64_t size = seed_begin();
    void *devPtrA = NULL, *devPtrB = NULL;
    CHECK_OK(aclrtMalloc(&devPtrA, size, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc(&devPtrB, size, ACL_MEM_MALLOC_NORMAL_ONLY));
    // 2. 读入数据
    ReadFile(3006, devPtrA, size);
    // 3. 同步内存复制
    EXPECT_OK(aclrtMemcpy(devPtrB, size, devPtrA, size, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_DEV_PAT(devPtrB, size, 3006);
    // 异步内存复制
    ReadFile(3007, devPtrA, size);
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    EXPECT_OK(aclrtMemcpyAsync(devPtrB, size, devPtrA, size, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
    EXPECT_OK(aclrtSynchronizeStream(stream));
    EXPECT_DEV_PAT(devPtrB, size, 3007);
    // 4. 释放资源
    EXPECT_FREE_DEVICE(devPtrA, devPtrB);
    return seed_finish("seed003_d2d", stream, NULL, NULL);
}
