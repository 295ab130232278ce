// SPDX-License-Identifier: Apache-2.0
// The C++ convenience overloads of acl/acl_rt_api.h (docs/memory.md), called the way
// a C++ program writes them: typed allocation with and without a config, typed copies,
// a batch with one attribute (sync and async, with and without failIndex), timeouts as
// an extra argument, typed pointer attributes and host registration. Each result is
// checked against the bytes it should have moved.
#include <cstdint>
#include <cstring>

#include "acl/acl.h"
#include "acl/acl_rt_api.h"
#include "testutil.h"

int main()
{
    TEST_OPEN();
    aclrtStream stream = nullptr;
    CHECK_OK(aclrtCreateStream(&stream, 0u, 0u)); // priority, flag
    CHECK_OK(aclrtSynchronizeStream(stream, -1));  // timeout
    CHECK_OK(aclrtSynchronizeDevice(1000));
    aclrtEvent ev = nullptr;
    CHECK_OK(aclrtCreateEvent(&ev, ACL_EVENT_SYNC));
    uint64_t actual = 0; /* the overload forwards to aclrtSetOpExecuteTimeOutV2 */
    CHECK_OK(aclrtSetOpExecuteTimeOut(1, &actual));
    CHECK(actual > 0);
    CHECK_OK(aclrtSetOpExecuteTimeOut(0, &actual));
    CHECK_OK(aclrtRecordEvent(ev, stream));
    CHECK_OK(aclrtSynchronizeEvent(ev, -1));
    CHECK_OK(aclrtStreamWaitEvent(stream, ev, 1000));

    constexpr int n = 256;
    float *dev = nullptr, *dev2 = nullptr;
    std::int32_t *host = nullptr;
    CHECK_OK(aclrtMalloc(&dev, n * sizeof(float)));
    CHECK_OK(aclrtMalloc(&dev2, n * sizeof(float), ACL_MEM_MALLOC_NORMAL_ONLY));
    aclrtMallocAttribute at{};
    at.attr = ACL_RT_MEM_ATTR_MODULE_ID;
    at.value.moduleId = 33;
    aclrtMallocConfig cfg{&at, 1};
    float *dev3 = nullptr;
    CHECK_OK(aclrtMalloc(&dev3, n * sizeof(float), &cfg));
    CHECK_OK(aclrtMallocHost(&host, n * sizeof(std::int32_t)));
    float src[n];
    for (int i = 0; i < n; i++)
        src[i] = 0.25f * static_cast<float>(i);

    CHECK_OK(aclrtMemcpy(dev, n * sizeof(float), src, n * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpyAsync(dev2, n * sizeof(float), dev, n * sizeof(float),
                              ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
    CHECK_OK(aclrtMemcpy2dAsync(dev3, 8 * sizeof(float), dev2, 8 * sizeof(float), 4 * sizeof(float),
                                n / 8, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
    CHECK_OK(aclrtSynchronizeStream(stream, -1));
    for (int i = 0; i < n; i++) {
        CHECK(dev2[i] == src[i]);
        CHECK((i % 8 < 4) == (dev3[i] == src[i]) || src[i] == 0.0f);
    }
    float back[n];
    CHECK_OK(aclrtMemcpy2d(back, sizeof(float), dev, sizeof(float), sizeof(float), n,
                           ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(std::memcmp(back, src, sizeof(back)) == 0);

    // a batch with one attribute: two host buffers to two device buffers
    aclrtMemcpyBatchAttr h2d{};
    h2d.dstLoc.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    h2d.srcLoc.type = ACL_MEM_LOCATION_TYPE_HOST;
    float part[2][16];
    for (int i = 0; i < 16; i++)
        part[0][i] = 100.0f + static_cast<float>(i), part[1][i] = 200.0f + static_cast<float>(i);
    float *dsts[2] = {dev, dev2};
    float *srcs[2] = {part[0], part[1]};
    std::size_t maxs[2] = {n * sizeof(float), n * sizeof(float)};
    std::size_t sizes[2] = {sizeof(part[0]), sizeof(part[1])};
    CHECK_OK(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, h2d));
    CHECK(dev[3] == 103.0f && dev2[15] == 215.0f && dev[16] == src[16]);
    std::size_t fi = 0;
    part[0][0] = -1.0f;
    CHECK_OK(aclrtMemcpyBatchAsync(dsts, maxs, srcs, sizes, 2, h2d, &fi, stream));
    CHECK_OK(aclrtSynchronizeStream(stream, -1));
    CHECK(dev[0] == -1.0f && fi == SIZE_MAX);
    part[1][1] = -2.0f;
    CHECK_OK(aclrtMemcpyBatchAsync(dsts, maxs, srcs, sizes, 2, h2d, stream));
    CHECK_OK(aclrtSynchronizeStream(stream, -1));
    CHECK(dev2[1] == -2.0f);
    aclrtMemcpyBatchAttr d2h{};
    d2h.dstLoc.type = ACL_MEM_LOCATION_TYPE_HOST;
    d2h.srcLoc.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    std::size_t first = 0;
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID,
              aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, &d2h, &first, 1)); // wrong direction

    // typed pointer attributes and host registration
    aclrtPtrAttributes pa{};
    CHECK_OK(aclrtPointerGetAttributes(dev, &pa));
    CHECK(pa.location.type == ACL_MEM_LOCATION_TYPE_DEVICE);
    CHECK_OK(aclrtPointerGetAttributes(host, &pa));
    CHECK(pa.location.type == ACL_MEM_LOCATION_TYPE_HOST);

    CHECK_OK(aclrtDestroyEvent(ev));
    CHECK_OK(aclrtFree(dev));
    CHECK_OK(aclrtFree(dev2));
    CHECK_OK(aclrtFree(dev3));
    CHECK_OK(aclrtFreeHost(host));
    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    return 0;
}
