/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 003, device-to-host (asynchronous) into a 64-byte aligned address of an
 * aclrtMallocHost buffer allocated 64 bytes larger. */
#include "seed_common.h"

int main(void)
{
    // 1. 申请内存
    uint64_t size = seed_begin();
    void *hostAddr = NULL, *devAddr = NULL;
    CHECK_OK(aclrtMallocHost(&hostAddr, size + 64));
    CHECK_OK(aclrtMalloc(&devAddr, size, ACL_MEM_MALLOC_NORMAL_ONLY));
    // 2. 读入数据 (into device memory, as the guide does)
    ReadFile(3005, devAddr, size);
    // 3. 异步内存复制
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    char *hostAlignAddr = (char *)hostAddr + 64 - ((uintptr_t)hostAddr % 64);
    memset(hostAlignAddr, 0, size);
    EXPECT_OK(
        aclrtMemcpyAsync(hostAlignAddr, size, devAddr, size, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    EXPECT_OK(aclrtSynchronizeStream(stream));
    EXPECT_PAT(hostAlignAddr, size, 3005);
    // 4. 释放资源
    return seed_finish("seed003_d2h_async", stream, hostAddr, devAddr);
}
