/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 003, host-to-host: two aclrtMallocHost buffers of 1 MiB, a synchronous
 * ACL_MEMCPY_HOST_TO_HOST copy, then both freed. */
#include "seed_common.h"

int main(void)
{
    // 1. 申请内存
    uint64_t size = seed_begin();
    void *hostPtrA = NULL, *hostPtrB = NULL;
    CHECK_OK(aclrtMallocHost(&hostPtrA, size));
    CHECK_OK(aclrtMallocHost(&hostPtrB, size));
    CHECK(((uintptr_t)hostPtrA & 63) == 0 && ((uintptr_t)hostPtrB & 63) == 0);
    // 2. 申请内存后,可向内存中读入数据
    ReadFile(3001, hostPtrA, size);
    memset(hostPtrB, 0, size);
    // 3. 同步内存复制
    EXPECT_OK(aclrtMemcpy(hostPtrB, size, hostPtrA, size, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_PAT(hostPtrB, size, 3001);
    EXPECT_PAT(hostPtrA, size, 3001); /* the source is untouched */
    // 4. 释放资源
    EXPECT_FREE_HOST(hostPtrA, hostPtrB);
    return seed_finish("seed003_h2h", NULL, NULL, NULL);
}
