/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 003, host-to-device (asynchronous): the host buffer is allocated 64
 * bytes larger and the copy starts at the next 64-byte boundary, as the guide
 * demands for async copies; aclrtMemcpyAsync on a new stream, then
 * aclrtSynchronizeStream. */
#include "seed_common.h"

int main(void)
{
    // 1. 申请内存
    uint64_t size = seed_begin();
    void *hostAddr = NULL, *devAddr = NULL;
    // 由于异步内存复制时,要求首地址64字节对齐,因此申请内存时,size需加64
    CHECK_OK(aclrtMallocHost(&hostAddr, size + 64));
    // 通过aclrtMalloc接口申请的内存,系统已保证内存地址64字节对齐
    CHECK_OK(aclrtMalloc(&devAddr, size, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK(((uintptr_t)devAddr & 63) == 0);
    // 2. 异步内存复制
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    // 获取到64字节对齐的地址
    char *hostAlignAddr = (char *)hostAddr + 64 - ((uintptr_t)hostAddr % 64);
    CHECK(((uintptr_t)hostAlignAddr & 63) == 0);
    ReadFile(3003, hostAlignAddr, size);
    EXPECT_OK(
        aclrtMemcpyAsync(devAddr, size, hostAlignAddr, size, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    EXPECT_OK(aclrtSynchronizeStream(stream));
    EXPECT_DEV_PAT(devAddr, size, 3003);
    // 3. 释放资源
    return seed_finish("seed003_h2d_async", stream, hostAddr, devAddr);
}
