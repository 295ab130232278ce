/* SPDX-License-Identifier: Apache-2.0 */
/* main_fatbin.cpp: the kernel binary of ascendc_fatbin_library(kernels_fat ...), installed
 * to <install prefix>/fatbin/kernels_fat/kernels_fat.o, loaded and launched as the CANN
 * sample 2_advanced_features/kernel/0_launch_kernel does: aclrtBinaryLoadFromFile,
 * aclrtBinaryGetFunction, aclrtKernelArgsAppend (8-byte aligned parameters),
 * aclrtLaunchKernelWithConfig. Also: its parameter descriptor (aclrtFunctionGetParamCount,
 * GetParamInfo) and an unknown kernel name (ACL_ERROR_RT_KERNEL_LOOKUP). Prints "PASS". */
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"

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

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "./out/fatbin/kernels_fat/kernels_fat.o";
    const uint32_t n = 4099;
    const size_t bytes = n * sizeof(float);
    aclrtStream stream = nullptr;
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateStream(&stream));

    aclrtBinHandle bin = nullptr;
    aclrtFuncHandle func = nullptr, none = nullptr;
    CHECK(aclrtBinaryLoadFromFile(path, nullptr, &bin));
    CHECK(aclrtBinaryGetFunction(bin, "scale_add", &func));
    EXPECT(aclrtBinaryGetFunction(bin, "no_such_kernel", &none) == ACL_ERROR_RT_KERNEL_LOOKUP);

    // The descriptor: 5 parameters at 8-byte aligned offsets (pointers, float, uint32_t).
    size_t count = 0, off = 0, size = 0;
    CHECK(aclrtFunctionGetParamCount(func, &count));
    EXPECT(count == 5);
    CHECK(aclrtFunctionGetParamInfo(func, 3, &off, &size));
    EXPECT(off == 24 && size == sizeof(float));
    CHECK(aclrtFunctionGetParamInfo(func, 4, &off, &size));
    EXPECT(off == 32 && size == sizeof(uint32_t));

    std::vector<float> x(n), y(n), z(n);
    for (uint32_t i = 0; i < n; i++) {
        x[i] = static_cast<float>(i % 1000);
        y[i] = static_cast<float>(i % 7);
    }
    float *dx = nullptr, *dy = nullptr, *dz = nullptr;
    CHECK(aclrtMalloc(reinterpret_cast<void **>(&dx), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(reinterpret_cast<void **>(&dy), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(reinterpret_cast<void **>(&dz), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(dx, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(dy, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));

    aclrtArgsHandle args = nullptr;
    aclrtParamHandle p = nullptr;
    float alpha = -2.0f;
    uint32_t count32 = n;
    CHECK(aclrtKernelArgsInit(func, &args));
    CHECK(aclrtKernelArgsAppend(args, reinterpret_cast<void **>(&dx), sizeof(uintptr_t), &p));
    CHECK(aclrtKernelArgsAppend(args, reinterpret_cast<void **>(&dy), sizeof(uintptr_t), &p));
    CHECK(aclrtKernelArgsAppend(args, reinterpret_cast<void **>(&dz), sizeof(uintptr_t), &p));
    CHECK(aclrtKernelArgsAppend(args, &alpha, sizeof alpha, &p));
    CHECK(aclrtKernelArgsAppend(args, &count32, sizeof count32, &p));
    CHECK(aclrtKernelArgsFinalize(args));
    CHECK(aclrtLaunchKernelWithConfig(func, 8, stream, nullptr, args, nullptr));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(z.data(), bytes, dz, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (uint32_t i = 0; i < n; i++)
        EXPECT(z[i] == x[i] - 2.0f * y[i]);

    CHECK(aclrtBinaryUnLoad(bin));
    CHECK(aclrtFree(dx));
    CHECK(aclrtFree(dy));
    CHECK(aclrtFree(dz));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    std::printf("PASS\n");
    return 0;
}
