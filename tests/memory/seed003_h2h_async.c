/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 003's note on host-to-host copies: aclrtMemcpyAsync with
 * ACL_MEMCPY_HOST_TO_HOST is accepted (the task is issued), but the
 * aclrtSynchronizeStream that waits for it fails (memory.md: 207000, and
 * reporting clears the stream's error state). The synchronous copy works. */
#include "seed_common.h"

int main(void)
{
    uint64_t size = seed_begin();
    void *hostPtrA = NULL, *hostPtrB = NULL;
    CHECK_OK(aclrtMallocHost(&hostPtrA, size));
    CHECK_OK(aclrtMallocHost(&hostPtrB, size));
    ReadFile(3008, hostPtrA, size);
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    // 接口调用成功,下发了内存复制任务
    EXPECT_OK(aclrtMemcpyAsync(hostPtrB, size, hostPtrA, size, ACL_MEMCPY_HOST_TO_HOST, stream));
    // 但在调用aclrtSynchronizeStream接口等待该任务执行时会返回失败
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtSynchronizeStream(stream));
    EXPECT_OK(aclrtSynchronizeStream(stream)); /* reported once, then cleared */
    // 同步接口支持Host内的内存复制
    memset(hostPtrB, 0, size);
    EXPECT_OK(aclrtMemcpy(hostPtrB, size, hostPtrA, size, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_PAT(hostPtrB, size, 3008);
    EXPECT_FREE_HOST(hostPtrA, hostPtrB);
    return seed_finish("seed003_h2h_async", stream, NULL, NULL);
}
