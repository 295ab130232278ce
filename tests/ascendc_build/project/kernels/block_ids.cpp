/* SPDX-License-Identifier: Apache-2.0 */
/* block_ids.cpp: two kernels in one file: each block of block_ids writes its index and the
 * block count; trap_kernel traps in block 1 (asm("trap"), as the samples' error kernel). */
#include "kernel_operator.h"
#include "kernels.h"

extern "C" __global__ __aicore__ void block_ids(__gm__ int32_t *ids)
{
    ids[2 * AscendC::GetBlockIdx()] = static_cast<int32_t>(AscendC::GetBlockIdx());
    ids[2 * AscendC::GetBlockIdx() + 1] = static_cast<int32_t>(AscendC::GetBlockNum());
}

extern "C" __global__ __aicore__ void trap_kernel()
{
    if (AscendC::GetBlockIdx() == 1)
        asm("trap");
}

uint32_t BlockIdsDo(uint32_t blockDim, void *stream, int32_t *ids)
{
    return block_ids<<<blockDim, nullptr, stream>>>(ids);
}

uint32_t TrapDo(void *stream)
{
    return trap_kernel<<<4, nullptr, stream>>>();
}
