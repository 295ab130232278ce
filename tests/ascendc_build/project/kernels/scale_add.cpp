/* SPDX-License-Identifier: Apache-2.0 */
/* scale_add.cpp: z = x + alpha * y, each block a contiguous share of n (scalar loop over
 * __gm__ pointers, as most CANN samples' kernels); its host function launches it with a
 * multi-line <<<>>> whose blockDim holds a template call. */
#include <algorithm>

#include "kernel_operator.h"
#include "kernels.h"

extern "C" __global__ __aicore__ void scale_add(GM_ADDR x, GM_ADDR y, __gm__ float *z, float alpha,
                                                uint32_t n)
{
    const uint32_t blocks = AscendC::GetBlockNum();
    const uint32_t idx = AscendC::GetBlockIdx();
    const uint32_t share = (n + blocks - 1) / blocks;
    const uint32_t lo = std::min(n, idx * share), hi = std::min(n, lo + share);
    const __gm__ float *xf = reinterpret_cast<const __gm__ float *>(x);
    const __gm__ float *yf = reinterpret_cast<const __gm__ float *>(y);
    for (uint32_t i = lo; i < hi; i++)
        z[i] = xf[i] + alpha * yf[i];
}

uint32_t ScaleAddDo(uint32_t blockDim, void *stream, const float *x, const float *y, float *z,
                    float alpha, uint32_t n)
{
    return scale_add<<<std::min<uint32_t>(blockDim, 64u), /* l2ctrl */ nullptr, stream>>>(
        (uint8_t *)x, (uint8_t *)y, z, alpha, n);
}
