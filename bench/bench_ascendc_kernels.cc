// SPDX-License-Identifier: Apache-2.0
// The Ascend C kernels of cpuacl-bench's `ascendc` study (bench_study_ascendc.c), written
// against cpuacl's kernel_operator.h, and their launchers (what the `<<<>>>` rewriter
// generates, by hand). The Add's arithmetic is a plain loop over the local tensors (the
// compiler vectorises it) until the vector instructions are used here.
#include "kernel_operator.h"

#include "bench_ascendc.h"

using namespace AscendC;

namespace
{
constexpr int32_t kBufs = 2;
constexpr uint32_t kTile = 8192; // floats: 3 queues x 2 buffers x 32 KiB = the 192 KiB UB

struct AddArgs {
    GM_ADDR x;
    GM_ADDR y;
    GM_ADDR z;
    uint64_t n;
};
} // namespace

extern "C" __global__ __aicore__ void bench_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint64_t n)
{
    uint64_t len = n / GetBlockNum(), off = len * GetBlockIdx();
    GlobalTensor<float> xg, yg, zg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(x) + off, len);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(y) + off, len);
    zg.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(z) + off, len);
    TPipe pipe;
    TQue<QuePosition::VECIN, kBufs> qx, qy;
    TQue<QuePosition::VECOUT, kBufs> qz;
    pipe.InitBuffer(qx, kBufs, kTile * sizeof(float));
    pipe.InitBuffer(qy, kBufs, kTile * sizeof(float));
    pipe.InitBuffer(qz, kBufs, kTile * sizeof(float));
    for (uint64_t i = 0; i < len / kTile; i++) {
        LocalTensor<float> a = qx.AllocTensor<float>(), b = qy.AllocTensor<float>();
        DataCopy(a, xg[i * kTile], kTile);
        DataCopy(b, yg[i * kTile], kTile);
        qx.EnQue(a);
        qy.EnQue(b);
        a = qx.DeQue<float>();
        b = qy.DeQue<float>();
        LocalTensor<float> c = qz.AllocTensor<float>();
        float *__restrict pc = c.GetPhyAddr();
        const float *__restrict pa = a.GetPhyAddr();
        const float *__restrict pb = b.GetPhyAddr();
        for (uint32_t k = 0; k < kTile; k++)
            pc[k] = pa[k] + pb[k];
        qz.EnQue(c);
        qx.FreeTensor(a);
        qy.FreeTensor(b);
        c = qz.DeQue<float>();
        DataCopy(zg[i * kTile], c, kTile);
        qz.FreeTensor(c);
    }
}

extern "C" __global__ __aicore__ void bench_empty() {}

// An empty kernel that reads its arguments as a real one does (writes only for n == 0).
extern "C" __global__ __aicore__ void bench_args(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint64_t n)
{
    if (n == 0)
        *reinterpret_cast<__gm__ uint64_t *>(z) =
            reinterpret_cast<uint64_t>(x) ^ reinterpret_cast<uint64_t>(y);
}

extern "C" aclError bench_ascendc_add(aclrtStream s, uint32_t blockDim, void *x, void *y, void *z,
                                      uint64_t n)
{
    AddArgs a{static_cast<GM_ADDR>(x), static_cast<GM_ADDR>(y), static_cast<GM_ADDR>(z), n};
    return cpuaclAscendcLaunch(
        s, blockDim, "bench_add",
        [](const void *p) {
            auto q = static_cast<const AddArgs *>(p);
            bench_add(q->x, q->y, q->z, q->n);
        },
        &a, sizeof a);
}

extern "C" aclError bench_ascendc_empty(aclrtStream s, uint32_t blockDim)
{
    return cpuaclAscendcLaunch(
        s, blockDim, "bench_empty", [](const void *) { bench_empty(); }, nullptr, 0);
}

extern "C" aclError bench_ascendc_args(aclrtStream s, uint32_t blockDim, uint64_t n)
{
    AddArgs a{nullptr, nullptr, nullptr, n};
    return cpuaclAscendcLaunch(
        s, blockDim, "bench_args",
        [](const void *p) {
            auto q = static_cast<const AddArgs *>(p);
            bench_args(q->x, q->y, q->z, q->n);
        },
        &a, sizeof a);
}

extern "C" uint64_t bench_ascendc_tile(void)
{
    return kTile;
}
