// SPDX-License-Identifier: Apache-2.0
// Ascend C test kernels (C++17, cpuacl's kernel_operator.h) and their launchers
// (tests/ascendc/kernels.h). The arithmetic is plain loops over LocalTensor elements, so the
// tests exercise the pipes, queues, copies and blocks, not the vector instructions.
#define CPUACL_ASCENDC_CHECK 1 // GlobalTensor bounds checks (misuse 7)
#include "kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

namespace
{

constexpr int32_t kBufs = 2; // double buffering

class KernelAdd
{
  public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t n, uint32_t tile)
    {
        len_ = n / GetBlockNum();
        tile_ = tile;
        uint64_t off = len_ * GetBlockIdx();
        xg_.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(x) + off, len_);
        yg_.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(y) + off, len_);
        zg_.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(z) + off, len_);
        pipe_.InitBuffer(qx_, kBufs, tile_ * sizeof(float));
        pipe_.InitBuffer(qy_, kBufs, tile_ * sizeof(float));
        pipe_.InitBuffer(qz_, kBufs, tile_ * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t i = 0; i < len_ / tile_; i++) {
            LocalTensor<float> x = qx_.AllocTensor<float>();
            LocalTensor<float> y = qy_.AllocTensor<float>();
            DataCopy(x, xg_[i * tile_], tile_);
            DataCopy(y, yg_[i * tile_], tile_);
            qx_.EnQue(x);
            qy_.EnQue(y);
            x = qx_.DeQue<float>();
            y = qy_.DeQue<float>();
            LocalTensor<float> z = qz_.AllocTensor<float>();
            for (uint32_t k = 0; k < tile_; k++)
                z.SetValue(k, x.GetValue(k) + y.GetValue(k));
            qz_.EnQue<float>(z);
            qx_.FreeTensor(x);
            qy_.FreeTensor(y);
            z = qz_.DeQue<float>();
            DataCopy(zg_[i * tile_], z, tile_);
            qz_.FreeTensor(z);
        }
    }

  private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, kBufs> qx_, qy_;
    TQue<QuePosition::VECOUT, kBufs> qz_;
    GlobalTensor<float> xg_, yg_, zg_;
    uint32_t len_ = 0, tile_ = 0;
};

} // namespace

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t n,
                                                 uint32_t tile)
{
    KernelAdd op;
    op.Init(x, y, z, n, tile);
    op.Process();
}

extern "C" __global__ __aicore__ void atomic_custom(GM_ADDR outf, GM_ADDR outi, uint32_t n)
{
    TPipe pipe;
    TBuf<> bf, bi;
    pipe.InitBuffer(bf, n * sizeof(float));
    pipe.InitBuffer(bi, n * sizeof(int32_t));
    LocalTensor<float> lf = bf.Get<float>();
    LocalTensor<int32_t> li = bi.Get<int32_t>(n);
    for (uint32_t k = 0; k < n; k++) {
        lf.SetValue(k, static_cast<float>(GetBlockIdx() + 1));
        li(k) = static_cast<int32_t>(GetBlockIdx() + 1);
    }
    GlobalTensor<float> gf;
    GlobalTensor<int32_t> gi;
    gf.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(outf), n);
    gi.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t *>(outi), n);
    SetAtomicAdd<float>();
    DataCopy(gf, lf, n);
    SetAtomicAdd<int32_t>();
    DataCopyPad(gi, li, DataCopyExtParams(1, n * sizeof(int32_t), 0, 0));
    SetAtomicNone();
}

extern "C" __global__ __aicore__ void sync_custom(GM_ADDR slot, GM_ADDR got)
{
    GlobalTensor<int32_t> s, g;
    int64_t n = GetBlockNum(), i = GetBlockIdx();
    s.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t *>(slot), n);
    g.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t *>(got), 2 * n);
    for (int round = 0; round < 2; round++) {
        s.SetValue(i, static_cast<int32_t>(i * i + round));
        SyncAll();
        g.SetValue(round * n + i, s.GetValue((i + 1) % n));
        SyncAll();
    }
}

// The vector mask is the block's own: block i selects its first i + 1 elements, waits for
// every block (blocks sharing a worker run as fibers in between), then duplicates 7 into a
// 64-float row under that mask (isSetMask = false) and copies the row out.
extern "C" __global__ __aicore__ void mask_custom(GM_ADDR out)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(float));
    LocalTensor<float> row = buf.Get<float>();
    int64_t i = GetBlockIdx();
    Duplicate(row, 0.0f, 64);
    SetVectorMask<float>(0, (1ull << (i + 1)) - 1);
    SyncAll();
    Duplicate<float, false>(row, 7.0f, MASK_PLACEHOLDER, 1, 1, 8);
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(out) + i * 64, 64);
    DataCopy(g, row, 64);
}

extern "C" __global__ __aicore__ void misuse_custom(uint32_t what, uint32_t bad, GM_ADDR out)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(out), 64);
    pipe.InitBuffer(q, 2, 256);
    bool me = GetBlockIdx() == bad;
    if (me) {
        switch (what) {
        case 0: {
            TBuf<> big;
            pipe.InitBuffer(big, CPUACL_ASCENDC_UB_SIZE); // with the queue: over the UB
            break;
        }
        case 1: {
            LocalTensor<float> a = q.AllocTensor<float>(), b = q.AllocTensor<float>();
            q.EnQue(a);
            q.EnQue(b); // depth 1
            break;
        }
        case 2: {
            LocalTensor<float> a = q.AllocTensor<float>();
            DataCopy(a, g, 3); // 12 bytes
            break;
        }
        case 3:
            trap();
            break;
        case 4:
            assert(GetBlockNum() == 0, "block %d of %d", static_cast<int>(GetBlockIdx()),
                   static_cast<int>(GetBlockNum()));
            break;
        case 5:
            q.DeQue<float>();
            break;
        case 6: {
            TBuf<> other;
            pipe.InitBuffer(other, 256);
            LocalTensor<float> t = other.Get<float>();
            q.FreeTensor(t);
            break;
        }
        case 7:
            g.SetValue(64, 1.0f);
            break;
        case 8: {
            // TransDataTo5HD's address lists: one entry a global address, not the UB's
            LocalTensor<float> a = q.AllocTensor<float>();
            uint64_t l[16];
            for (int k = 0; k < 16; k++)
                l[k] = reinterpret_cast<uintptr_t>(a.GetPhyAddr()) + 32 * (k % 8);
            l[3] = reinterpret_cast<uintptr_t>(out);
            TransDataTo5HD<float>(l, l, TransDataTo5HDParams(false, false, 1, 0, 0));
            break;
        }
        default:
            break;
        }
    }
    {
        // addresses inside the block's UB pass TransDataTo5HD's check
        LocalTensor<float> a = q.AllocTensor<float>();
        uint64_t l[16];
        for (int k = 0; k < 16; k++)
            l[k] = reinterpret_cast<uintptr_t>(a.GetPhyAddr()) + 32 * (k % 8);
        TransDataTo5HD<float>(l, l, TransDataTo5HDParams(false, false, 1, 0, 0));
        q.FreeTensor(a);
    }
    g.SetValue(GetBlockIdx() % 64, 1.0f); // the blocks that went on
}

extern "C" __global__ __aicore__ void pad_custom(GM_ADDR x, GM_ADDR y, GM_ADDR ub, uint32_t rows,
                                                 uint32_t len, float pad)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, rows * 32);
    GlobalTensor<float> xg, yg, ubg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(x), rows * len);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(y), rows * len);
    ubg.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(ub), rows * 8);
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopyPad(t, xg, DataCopyExtParams(static_cast<uint16_t>(rows), len * 4, 0, 0),
                DataCopyPadExtParams<float>(true, 0, 0, pad));
    q.EnQue(t);
    t = q.DeQue<float>();
    DataCopy(ubg, t, rows * 8);
    DataCopyPad(yg, t, DataCopyExtParams(static_cast<uint16_t>(rows), len * 4, 0, 0));
    q.FreeTensor(t);
}

extern "C" __global__ __aicore__ void ids_custom(GM_ADDR out)
{
    TPipe pipe;
    GlobalTensor<int32_t> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t *>(out));
    int32_t v = static_cast<int32_t>(GetBlockIdx() * 1000 + GetBlockNum());
    if (GetTPipePtr() == &pipe && block_idx == GetBlockIdx())
        v += 1;
    g.SetValue(GetBlockIdx(), v);
}

// ---- launchers: pack the arguments, launch (what ac-tool's generated code does) ----------

namespace
{
struct AddArgs {
    GM_ADDR x;
    GM_ADDR y;
    GM_ADDR z;
    uint32_t n, tile;
};
struct AtomicArgs {
    GM_ADDR f;
    GM_ADDR i;
    uint32_t n;
};
struct SyncArgs {
    GM_ADDR slot;
    GM_ADDR got;
};
struct MisuseArgs {
    uint32_t what, bad;
    GM_ADDR out;
};
struct PadArgs {
    GM_ADDR x;
    GM_ADDR y;
    GM_ADDR ub;
    uint32_t rows, len;
    float pad;
};
} // namespace

extern "C" aclError launch_add(uint32_t blockDim, aclrtStream s, void *x, void *y, void *z,
                               uint32_t n, uint32_t tile)
{
    AddArgs a{static_cast<GM_ADDR>(x), static_cast<GM_ADDR>(y), static_cast<GM_ADDR>(z), n, tile};
    return cpuaclAscendcLaunch(
        s, blockDim, "add_custom",
        [](const void *p) {
            auto q = static_cast<const AddArgs *>(p);
            add_custom(q->x, q->y, q->z, q->n, q->tile);
        },
        &a, sizeof a);
}

extern "C" aclError launch_atomic(uint32_t blockDim, aclrtStream s, void *outf, void *outi,
                                  uint32_t n)
{
    AtomicArgs a{static_cast<GM_ADDR>(outf), static_cast<GM_ADDR>(outi), n};
    return cpuaclAscendcLaunch(
        s, blockDim, "atomic_custom",
        [](const void *p) {
            auto q = static_cast<const AtomicArgs *>(p);
            atomic_custom(q->f, q->i, q->n);
        },
        &a, sizeof a);
}

extern "C" aclError launch_sync(uint32_t blockDim, aclrtStream s, void *slot, void *got)
{
    SyncArgs a{static_cast<GM_ADDR>(slot), static_cast<GM_ADDR>(got)};
    return cpuaclAscendcLaunch(
        s, blockDim, "sync_custom",
        [](const void *p) {
            auto q = static_cast<const SyncArgs *>(p);
            sync_custom(q->slot, q->got);
        },
        &a, sizeof a);
}

extern "C" aclError launch_mask(uint32_t blockDim, aclrtStream s, void *out)
{
    GM_ADDR a = static_cast<GM_ADDR>(out);
    return cpuaclAscendcLaunch(
        s, blockDim, "mask_custom",
        [](const void *p) { mask_custom(*static_cast<uint8_t *const *>(p)); }, &a, sizeof a);
}

extern "C" aclError launch_misuse(uint32_t blockDim, aclrtStream s, uint32_t what, uint32_t bad,
                                  void *out)
{
    MisuseArgs a{what, bad, static_cast<GM_ADDR>(out)};
    return cpuaclAscendcLaunch(
        s, blockDim, "misuse_custom",
        [](const void *p) {
            auto q = static_cast<const MisuseArgs *>(p);
            misuse_custom(q->what, q->bad, q->out);
        },
        &a, sizeof a);
}

extern "C" aclError launch_pad(aclrtStream s, void *x, void *y, void *ub, uint32_t rows,
                               uint32_t len, float pad)
{
    PadArgs a{
        static_cast<GM_ADDR>(x), static_cast<GM_ADDR>(y), static_cast<GM_ADDR>(ub), rows, len, pad};
    return cpuaclAscendcLaunch(
        s, 1, "pad_custom",
        [](const void *p) {
            auto q = static_cast<const PadArgs *>(p);
            pad_custom(q->x, q->y, q->ub, q->rows, q->len, q->pad);
        },
        &a, sizeof a);
}

extern "C" aclError launch_ids(uint32_t blockDim, aclrtStream s, void *out)
{
    GM_ADDR a = static_cast<GM_ADDR>(out);
    return cpuaclAscendcLaunch(
        s, blockDim, "ids_custom",
        [](const void *p) { ids_custom(*static_cast<uint8_t *const *>(p)); }, &a, sizeof a);
}
