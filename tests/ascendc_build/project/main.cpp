/* SPDX-License-Identifier: Apache-2.0 */
/* main.cpp: the test project's host program (linked with the kernels as a static or a
 * shared ascendc_library): a <<<>>> launch through a host function of the kernel file,
 * ACLRT_LAUNCH_KERNEL from the generated aclrtlaunch_block_ids.h, blockDim 0 refused, and
 * a trapping kernel failing its stream's synchronisation. Prints "PASS" and exits 0. */
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclrtlaunch_block_ids.h"
#include "kernels/kernels.h"

#define CHECK(expr)                                                                                \
    do {                                                                                           \
        const int32_t r_ = static_cast<int32_t>(expr);                                             \
        if (r_ != 0) {                                                                             \
            std::printf("FAIL line %d: %s = %d (%s)\n", __LINE__, #expr, r_,                       \
                        aclGetRecentErrMsg());                                                     \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)
#define EXPECT(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::printf("FAIL line %d: %s\n", __LINE__, #cond);                                    \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

int main()
{
    const uint32_t n = 100003;
    const size_t bytes = n * sizeof(float);
    aclrtStream stream = nullptr;
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateStream(&stream));

    std::vector<float> x(n), y(n), z(n);
    for (uint32_t i = 0; i < n; i++) {
        x[i] = static_cast<float>(i);
        y[i] = 0.5f * static_cast<float>(i % 97);
    }
    float *dx = nullptr, *dy = nullptr, *dz = nullptr;
    CHECK(aclrtMalloc(reinterpret_cast<void **>(&dx), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(reinterpret_cast<void **>(&dy), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(reinterpret_cast<void **>(&dz), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(dx, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(dy, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));

    // 1. <<<>>> through the kernel file's host function: 8 blocks share n.
    CHECK(ScaleAddDo(8, stream, dx, dy, dz, 3.0f, n));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(z.data(), bytes, dz, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (uint32_t i = 0; i < n; i++)
        EXPECT(z[i] == x[i] + 3.0f * y[i]);

    // 2. ACLRT_LAUNCH_KERNEL(block_ids): every block writes its index and the block count.
    const uint32_t blocks = 13;
    int32_t *dids = nullptr;
    std::vector<int32_t> ids(2 * blocks, -1);
    CHECK(aclrtMalloc(reinterpret_cast<void **>(&dids), ids.size() * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemset(dids, ids.size() * 4, 0xff, ids.size() * 4));
    CHECK(ACLRT_LAUNCH_KERNEL(block_ids)(blocks, stream, dids));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(ids.data(), ids.size() * 4, dids, ids.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST));
    for (uint32_t b = 0; b < blocks; b++)
        EXPECT(ids[2 * b] == static_cast<int32_t>(b) &&
               ids[2 * b + 1] == static_cast<int32_t>(blocks));
    // The same through the <<<>>> host function.
    CHECK(BlockIdsDo(1, stream, dids));
    CHECK(aclrtSynchronizeStream(stream));

    // 3. blockDim 0 is refused at the launch (its status is the launch's value).
    EXPECT(BlockIdsDo(0, stream, dids) != 0);

    // 4. A trap in block 1 fails the launch: the stream's synchronisation reports it.
    aclrtStream bad = nullptr;
    CHECK(aclrtCreateStream(&bad));
    CHECK(TrapDo(bad));
    const aclError sync = aclrtSynchronizeStream(bad);
    EXPECT(sync == ACL_ERROR_RT_AICORE_EXCEPTION);
    (void)aclrtDestroyStreamForce(bad);

    CHECK(aclrtFree(dx));
    CHECK(aclrtFree(dy));
    CHECK(aclrtFree(dz));
    CHECK(aclrtFree(dids));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    std::printf("PASS\n");
    return 0;
}
