// SPDX-License-Identifier: Apache-2.0
//
// ascendc/pipe.h: TPipe, TQue (TQueBind), TBuf: the unified buffer of a block and the queues
// between the stages of a kernel (clean-room, from the documented Ascend C API;
// docs/ascendc.md). A TPipe hands out the block's 192 KiB unified buffer from its start:
// every InitBuffer takes its length rounded up to 32 bytes, and a request beyond the buffer
// fails the launch. Queues hold `num` buffers; AllocTensor takes a free one, EnQue/DeQue pass
// it between stages (at most `depth` queued), FreeTensor returns it. The stages run in
// program order on a CPU, so a queue never waits: a misuse that would hang or corrupt on the
// NPU (no free buffer, EnQue beyond depth, DeQue of an empty queue, FreeTensor of a foreign
// tensor) fails the launch with a message.
#ifndef CPUACL_ASCENDC_PIPE_H
#define CPUACL_ASCENDC_PIPE_H

#include <cstdint>

#include "ascendc/sys.h"
#include "ascendc/tensor_base.h"
#include "cpuacl/cpuacl_ascendc.h"

namespace AscendC
{

namespace cpuacl_detail
{
constexpr uint32_t kQueMaxBufs = 32; // buffers of one queue, at most
inline uint64_t Align32(uint64_t n)
{
    return (n + 31u) & ~uint64_t(31);
}
inline cpuaclAscendcBlock *Block()
{
    return const_cast<cpuaclAscendcBlock *>(cpuaclAscendcCurrentBlock());
}
} // namespace cpuacl_detail

class TPipe;

// A queue of `num` buffers between a source and a destination position (TQue: the same
// position), at most `depth` of them queued at once (depth 0: as many as it has buffers).
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0> class TQueBind
{
  public:
    TQueBind() = default;

    template <typename T> LocalTensor<T> AllocTensor()
    {
        for (uint32_t i = 0; i < num_; i++)
            if (!(inuse_ & (1u << i))) {
                inuse_ |= 1u << i;
                LocalTensor<T> t(reinterpret_cast<T *>(base_ + i * len_),
                                 static_cast<uint32_t>(len_ / sizeof(T)), src);
                t.CpuaclSetBuf(i + 1);
                return t;
            }
        cpuaclAscendcFail(0, "TQue::AllocTensor: all %u buffers of the queue are in use%s", num_,
                          num_ ? "" : " (InitBuffer was not called)");
    }

    template <typename T> bool EnQue(const LocalTensor<T> &t)
    {
        uint32_t i = Own(t.CpuaclBuf(), t.GetPhyAddr(), "EnQue");
        if (count_ >= Cap())
            cpuaclAscendcFail(0, "TQue::EnQue: the queue holds %u tensors already (depth %u)",
                              count_, Cap());
        ring_[(head_ + count_) % cpuacl_detail::kQueMaxBufs] = static_cast<uint8_t>(i);
        bytes_[i] = t.GetLength();
        count_++;
        return true;
    }

    template <typename T> LocalTensor<T> DeQue()
    {
        if (count_ == 0)
            cpuaclAscendcFail(0, "TQue::DeQue: the queue is empty (no EnQue before; on the NPU "
                                 "this waits for ever)");
        uint32_t i = ring_[head_];
        head_ = (head_ + 1) % cpuacl_detail::kQueMaxBufs;
        count_--;
        LocalTensor<T> t(reinterpret_cast<T *>(base_ + i * len_),
                         static_cast<uint32_t>(bytes_[i] / sizeof(T)), dst);
        t.CpuaclSetBuf(i + 1);
        return t;
    }

    template <typename T> void FreeTensor(LocalTensor<T> &t)
    {
        uint32_t i = Own(t.CpuaclBuf(), t.GetPhyAddr(), "FreeTensor");
        inuse_ &= ~(1u << i);
    }

    bool VacantInQue() const
    {
        return count_ < Cap();
    }
    bool HasTensorInQue() const
    {
        return count_ > 0;
    }
    int32_t GetTensorCountInQue() const
    {
        return static_cast<int32_t>(count_);
    }
    bool HasIdleBuffer() const
    {
        return inuse_ != (num_ >= 32 ? ~0u : (1u << num_) - 1u);
    }
    void FreeAllEvent() {}

    // cpuacl's own: the pipe gives the queue its buffers.
    void CpuaclInit(uint8_t *base, uint32_t num, uint32_t len)
    {
        base_ = base;
        num_ = num;
        len_ = len;
        inuse_ = 0;
        head_ = count_ = 0;
    }

  private:
    uint32_t Cap() const
    {
        return depth > 0 ? static_cast<uint32_t>(depth) : num_;
    }
    // The buffer index of a tensor of this queue (else the launch fails).
    uint32_t Own(uint32_t buf, const void *addr, const char *what) const
    {
        const uint8_t *p = static_cast<const uint8_t *>(addr);
        uint32_t i = buf - 1;
        if (buf == 0 || i >= num_ || p < base_ + i * len_ || p >= base_ + (i + 1) * len_ ||
            !(inuse_ & (1u << i)))
            cpuaclAscendcFail(0, "TQue::%s: the tensor is not an allocated buffer of this queue",
                              what);
        return i;
    }

    uint8_t *base_ = nullptr;
    uint32_t num_ = 0, len_ = 0, inuse_ = 0;
    uint32_t head_ = 0, count_ = 0;
    uint8_t ring_[cpuacl_detail::kQueMaxBufs] = {};
    uint32_t bytes_[cpuacl_detail::kQueMaxBufs] = {};
};

template <TPosition pos, int32_t depth, auto mask = 0> using TQue = TQueBind<pos, pos, depth, mask>;

// A buffer for intermediate results: one piece of the unified buffer, viewed as tensors.
template <TPosition pos = TPosition::VECCALC> class TBuf
{
  public:
    TBuf() = default;
    template <typename T> LocalTensor<T> Get() const
    {
        return LocalTensor<T>(reinterpret_cast<T *>(base_), static_cast<uint32_t>(len_ / sizeof(T)),
                              pos);
    }
    // The first len elements (at most the buffer).
    template <typename T> LocalTensor<T> Get(uint32_t len) const
    {
        if (static_cast<uint64_t>(len) * sizeof(T) > len_)
            cpuaclAscendcFail(0, "TBuf::Get: %u elements of %zu bytes exceed the buffer's %u bytes",
                              len, sizeof(T), len_);
        return LocalTensor<T>(reinterpret_cast<T *>(base_), len, pos);
    }
    // size elements from byte bufOffset of the buffer.
    template <typename T> LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) const
    {
        if (static_cast<uint64_t>(bufOffset) + static_cast<uint64_t>(size) * sizeof(T) > len_)
            cpuaclAscendcFail(0,
                              "TBuf::GetWithOffset: %u elements of %zu bytes at byte %u exceed "
                              "the buffer's %u bytes",
                              size, sizeof(T), bufOffset, len_);
        return LocalTensor<T>(reinterpret_cast<T *>(base_ + bufOffset), size, pos);
    }
    // cpuacl's own: the pipe gives the buffer its bytes.
    void CpuaclInit(uint8_t *base, uint32_t len)
    {
        base_ = base;
        len_ = len;
    }

  private:
    uint8_t *base_ = nullptr;
    uint32_t len_ = 0;
};

// The block's unified buffer as queues and buffers (one TPipe a kernel; it registers itself
// as the block's pipe, GetTPipePtr).
class TPipe
{
  public:
    TPipe() : blk_(cpuacl_detail::Block())
    {
        if (blk_)
            blk_->pipe = this;
    }
    ~TPipe()
    {
        if (blk_ && blk_->pipe == this)
            blk_->pipe = nullptr;
    }
    TPipe(const TPipe &) = delete;
    TPipe &operator=(const TPipe &) = delete;

    template <TPosition src, TPosition dst, int32_t depth, auto mask>
    bool InitBuffer(TQueBind<src, dst, depth, mask> &que, uint8_t num, uint32_t len)
    {
        if (num == 0 || num > cpuacl_detail::kQueMaxBufs || len == 0)
            cpuaclAscendcFail(0,
                              "TPipe::InitBuffer: a queue of %u buffers of %u bytes (1 to %u "
                              "buffers of at least 1 byte)",
                              num, len, cpuacl_detail::kQueMaxBufs);
        uint32_t l = static_cast<uint32_t>(cpuacl_detail::Align32(len));
        que.CpuaclInit(Take(static_cast<uint64_t>(l) * num, num, len), num, l);
        return true;
    }

    template <TPosition pos> bool InitBuffer(TBuf<pos> &buf, uint32_t len)
    {
        if (len == 0)
            cpuaclAscendcFail(0, "TPipe::InitBuffer: a buffer of 0 bytes");
        buf.CpuaclInit(Take(cpuacl_detail::Align32(len), 1, len), len);
        return true;
    }

    void Init()
    {
        used_ = 0;
    }
    void Reset()
    {
        used_ = 0;
    }
    void Destroy()
    {
        used_ = 0;
    }

    // Event ids for SetFlag/WaitFlag: any id orders nothing further on a CPU.
    template <HardEvent evt> TEventID FetchEventID()
    {
        return 0;
    }
    TEventID FetchEventID(HardEvent evt)
    {
        (void)evt;
        return 0;
    }
    template <HardEvent evt> TEventID AllocEventID()
    {
        return 0;
    }
    template <HardEvent evt> void ReleaseEventID(TEventID id)
    {
        (void)id;
    }

    // cpuacl's own: bytes of the unified buffer taken so far.
    uint64_t CpuaclUsed() const
    {
        return used_;
    }

  private:
    uint8_t *Take(uint64_t bytes, uint32_t num, uint32_t len)
    {
        if (!blk_)
            cpuaclAscendcFail(0, "TPipe::InitBuffer: no unified buffer outside a kernel block");
        if (used_ + bytes > blk_->ubSize)
            cpuaclAscendcFail(0,
                              "TPipe::InitBuffer: %u buffer(s) of %u bytes need %llu bytes, "
                              "%llu of the unified buffer's %zu are left",
                              num, len, static_cast<unsigned long long>(bytes),
                              static_cast<unsigned long long>(blk_->ubSize - used_), blk_->ubSize);
        uint8_t *p = static_cast<uint8_t *>(blk_->ub) + used_;
        used_ += bytes;
        return p;
    }

    cpuaclAscendcBlock *blk_;
    uint64_t used_ = 0;
};

// The block's pipe (the TPipe the kernel made), nullptr when it made none.
inline TPipe *GetTPipePtr()
{
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    return b ? static_cast<TPipe *>(b->pipe) : nullptr;
}

} // namespace AscendC

#endif
