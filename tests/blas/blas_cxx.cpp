// SPDX-License-Identifier: Apache-2.0
// An ops-blas program as written for CANN: C++, cann_ops_blas.h / cann_ops_blasLt.h, linked
// with -lops_blas -lops_blasLt (the link names). Checks the headers compile as C++ (the Lt
// result struct's default member values) and a call through the link name runs: Isamax and
// Sasum against a host loop.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "cann_ops_blas.h"
#include "cann_ops_blasLt.h"

int main()
{
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS)
        return 1;
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclblasHandle handle = nullptr; // the C++ alias of aclblasHandle_t
    if (aclblasCreate(&handle) != ACLBLAS_STATUS_SUCCESS || aclblasSetStream(handle, stream))
        return 1;
    const int n = 11;
    std::vector<float> hx(n);
    for (int i = 0; i < n; i++)
        hx[i] = std::sin(1.7f * (float)i) * (float)(i + 1);
    float *x = nullptr, *sum = nullptr;
    int *idx = nullptr;
    aclrtMalloc((void **)&x, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void **)&sum, sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void **)&idx, sizeof(int), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(x, n * sizeof(float), hx.data(), n * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    int fail = aclblasIsamax(handle, n, x, 1, idx) != ACLBLAS_STATUS_SUCCESS;
    fail |= aclblasSasum(handle, n, x, 1, sum) != ACLBLAS_STATUS_SUCCESS;
    aclrtSynchronizeStream(stream);
    int best = 0;
    double s = 0;
    for (int i = 0; i < n; i++) {
        s += std::fabs(hx[i]);
        if (std::fabs(hx[i]) > std::fabs(hx[best]))
            best = i;
    }
    int gi = 0;
    float gs = 0;
    aclrtMemcpy(&gi, sizeof gi, idx, sizeof gi, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(&gs, sizeof gs, sum, sizeof gs, ACL_MEMCPY_DEVICE_TO_HOST);
    fail |= gi != best + 1 || std::fabs(gs - s) > 1e-4 * s;
    aclblasLtMatmulHeuristicResult_t r;
    fail |= r.workspaceSize != 0 || r.state != ACLBLAS_STATUS_SUCCESS || r.wavesCount != 1.0f;
    aclrtFree(x), aclrtFree(sum), aclrtFree(idx);
    aclblasDestroy(handle);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    std::printf("blas_cxx: %s\n", fail ? "FAILED" : "ok");
    return fail;
}
