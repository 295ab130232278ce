/* SPDX-License-Identifier: Apache-2.0 */
/* reject_async_host_to_host (CPUACL_REJECT_ASYNC_H2H=1, memory.md, Memory): an async
 * host-to-host copy is refused at once with 207000 (newer CANN), nothing is queued and the
 * stream stays clean; the other directions are unaffected. */
#include "memapi.h"

#define N 4096

int main(void)
{
    CHECK(setenv("CPUACL_REJECT_ASYNC_H2H", "1", 1) == 0);
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    uint8_t *p0, *p1, *h0, *h1;
    void *d;
    CHECK_OK(aclrtMallocHost((void **)&p0, N));
    CHECK_OK(aclrtMallocHost((void **)&p1, N));
    CHECK_OK(aclrtMalloc(&d, N, ACL_MEM_MALLOC_HUGE_FIRST));
    h0 = aligned_alloc(64, N);
    h1 = aligned_alloc(64, N);
    CHECK(h0 && h1);
    pat_fill(p0, N, 1);
    pat_fill(h0, N, 2);
    memset(p1, 0, N);
    memset(h1, 0, N);
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
               aclrtMemcpyAsync(p1, N, p0, N, ACL_MEMCPY_HOST_TO_HOST, s));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
               aclrtMemcpyAsync(h1, N, h0, N, ACL_MEMCPY_HOST_TO_HOST, s));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
               aclrtMemcpyAsync(p1, N, h0, N, ACL_MEMCPY_DEFAULT, s));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
               aclrtMemcpyAsync(p1, N, p0, N, ACL_MEMCPY_HOST_TO_HOST, NULL));
    EXPECT_OK(aclrtSynchronizeStream(s)); /* nothing was queued */
    EXPECT_OK(aclrtSynchronizeStream(NULL));
    EXPECT_OK(aclrtSynchronizeDevice());
    EXPECT_BYTES(p1, N, 0);
    EXPECT_BYTES(h1, N, 0);
    /* the argument rules still come first */
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(p1, N - 1, p0, N, ACL_MEMCPY_HOST_TO_HOST, s));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclrtMemcpyAsync(NULL, N, p0, N, ACL_MEMCPY_HOST_TO_HOST, s));
    /* the synchronous host-to-host copy and the other async directions work */
    EXPECT_OK(aclrtMemcpy(p1, N, p0, N, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_PAT(p1, N, 1);
    EXPECT_OK(aclrtMemcpyAsync(d, N, p0, N, ACL_MEMCPY_HOST_TO_DEVICE, s));
    memset(p1, 0, N);
    EXPECT_OK(aclrtMemcpyAsync(p1, N, d, N, ACL_MEMCPY_DEVICE_TO_HOST, s));
    EXPECT_OK(aclrtSynchronizeStream(s));
    EXPECT_PAT(p1, N, 1);
    EXPECT_OK(aclrtDestroyStream(s));
    EXPECT_FREE_HOST(p0, p1);
    EXPECT_OK(aclrtFree(d));
    free(h0);
    free(h1);
    TEST_CLOSE();
    return memapi_exit("memory_h2h_reject");
}
