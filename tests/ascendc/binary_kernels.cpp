// SPDX-License-Identifier: Apache-2.0
// A kernel binary (a host shared object) exporting an Ascend C kernel as a cpuaclKernelFunc
// wrapper, as ac-tool's fatbin libraries do: the launch by aclrtLaunchKernel* gives each
// block its Ascend C context (tests/ascendc/binary.c).
#include <cstddef>
#include <cstdint>
#include <ctime>

#include <sys/syscall.h>
#include <unistd.h>

#include "kernel_operator.h"

using namespace AscendC;

// out[i] = i * 100 + blockNum, plus the sum of the blocks' values after SyncAll (each block
// writes i + 1 to slot[i], reads all after the barrier); a TBuf of the UB carries the value.
extern "C" __global__ __aicore__ void ctx_kernel(GM_ADDR out, GM_ADDR slot)
{
    TPipe pipe;
    TBuf<> b;
    pipe.InitBuffer(b, 64);
    LocalTensor<int32_t> t = b.Get<int32_t>();
    t.SetValue(0, static_cast<int32_t>(GetBlockIdx() * 100 + GetBlockNum()));
    GlobalTensor<int32_t> o, s;
    o.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t *>(out));
    s.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t *>(slot));
    s.SetValue(GetBlockIdx(), static_cast<int32_t>(GetBlockIdx() + 1));
    SyncAll();
    int32_t sum = 0;
    for (int64_t k = 0; k < GetBlockNum(); k++)
        sum += s.GetValue(k);
    o.SetValue(GetBlockIdx(), t.GetValue(0) + sum * 10000);
    if (GetBlockIdx() == 1000) // never: but a trap compiles in a binary
        trap();
}

struct CtxArgs {
    GM_ADDR out;
    GM_ADDR slot;
};

// The cpuaclKernelFunc wrapper of the binary.
extern "C" __attribute__((visibility("default"))) void
ctx_kernel_cpu(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)size;
    (void)blockIdx;
    (void)numBlocks;
    const CtxArgs *a = static_cast<const CtxArgs *>(args);
    ctx_kernel(a->out, a->slot);
}

// A block that traps.
extern "C" __attribute__((visibility("default"))) void
trap_kernel_cpu(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)args;
    (void)size;
    (void)numBlocks;
    if (blockIdx == 1 && GetBlockIdx() == 1)
        trap();
}

// Each block stores its thread id in tid[i] and, while no block on another thread has
// started, waits up to 2 s (without yielding: a block on a fiber keeps its thread), so a
// launch whose blocks all run on one thread takes >= 2 s per block and records one id.
extern "C" __attribute__((visibility("default"))) void
spread_kernel_cpu(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)size;
    uint64_t *tid = *static_cast<uint64_t *const *>(args);
    const uint64_t me = static_cast<uint64_t>(syscall(SYS_gettid));
    __atomic_store_n(&tid[blockIdx], me, __ATOMIC_RELEASE);
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        for (uint32_t k = 0; k < numBlocks; k++) {
            uint64_t o = __atomic_load_n(&tid[k], __ATOMIC_ACQUIRE);
            if (o && o != me)
                return;
        }
        clock_gettime(CLOCK_MONOTONIC, &t);
        if ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) > 2000000000L)
            return;
    }
}
