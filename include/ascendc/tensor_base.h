// SPDX-License-Identifier: Apache-2.0
//
// ascendc/tensor_base.h: the tensor types every part of cpuacl's kernel_operator.h shares
// (clean-room, from the documented Ascend C API). LocalTensor<T> is a view of part of a
// block's unified buffer; GlobalTensor<T> a view of global (device) memory. The vector
// instructions (ascendc/vector*.h) use only GetPhyAddr, GetSize, operator[] and
// GetValue/SetValue of LocalTensor.
#ifndef CPUACL_ASCENDC_TENSOR_BASE_H
#define CPUACL_ASCENDC_TENSOR_BASE_H

#include <cstddef>
#include <cstdint>

#include "cpuacl/cpuacl_ascendc.h"

namespace AscendC
{

enum class TPosition : uint8_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    C2PIPE2LOCAL,
    MAX
};

using QuePosition = TPosition;

namespace cpuacl_detail
{
// What both tensor kinds are: n elements of T at an address (N: the size's type).
template <typename T, typename N> class TensorView
{
  public:
    using PrimType = T;
    T *GetPhyAddr() const
    {
        return addr_;
    }
    T *GetPhyAddr(N offset) const
    {
        return addr_ + offset;
    }
    N GetSize() const
    {
        return size_;
    }

  protected:
    TensorView() = default;
    TensorView(T *p, N n) : addr_(p), size_(n) {}
    T *addr_ = nullptr;
    N size_ = 0;
};
} // namespace cpuacl_detail

// A view of part of a block's unified buffer: n elements of T at an address. The pipes and
// buffers (ascendc/pipe.h) hand them out; tensors are values (copies view the same bytes).
template <typename T> class LocalTensor : public cpuacl_detail::TensorView<T, uint32_t>
{
    using cpuacl_detail::TensorView<T, uint32_t>::addr_;
    using cpuacl_detail::TensorView<T, uint32_t>::size_;

  public:
    LocalTensor() = default;
    uint32_t GetLength() const
    {
        return size_ * static_cast<uint32_t>(sizeof(T));
    }
    void SetSize(uint32_t n)
    {
        size_ = n;
    }
    TPosition GetPosition() const
    {
        return pos_;
    }
    LocalTensor operator[](uint32_t offset) const
    {
        LocalTensor t(addr_ + offset, size_ > offset ? size_ - offset : 0, pos_);
        t.buf_ = buf_;
        return t;
    }
    T GetValue(uint32_t i) const
    {
        return addr_[i];
    }
    void SetValue(uint32_t i, T v) const
    {
        addr_[i] = v;
    }
    T &operator()(uint32_t i) const
    {
        return addr_[i];
    }
    // The same bytes as elements of U.
    template <typename U> LocalTensor<U> ReinterpretCast() const
    {
        LocalTensor<U> t(
            reinterpret_cast<U *>(addr_),
            static_cast<uint32_t>(static_cast<uint64_t>(size_) * sizeof(T) / sizeof(U)), pos_);
        t.CpuaclSetBuf(buf_);
        return t;
    }
    void SetUserTag(int32_t tag)
    {
        tag_ = tag;
    }
    int32_t GetUserTag() const
    {
        return tag_;
    }
    // cpuacl's own: a view of n elements at p (the pipes and buffers make them; tests may).
    LocalTensor(T *p, uint32_t n, TPosition pos = TPosition::VECCALC)
        : cpuacl_detail::TensorView<T, uint32_t>(p, n), pos_(pos)
    {
    }
    // cpuacl's own: the queue buffer the tensor came from (ascendc/pipe.h checks it), 0: none.
    uint32_t CpuaclBuf() const
    {
        return buf_;
    }
    void CpuaclSetBuf(uint32_t b)
    {
        buf_ = b;
    }

  private:
    TPosition pos_ = TPosition::VECCALC;
    uint32_t buf_ = 0;
    int32_t tag_ = 0;
};

// A view of global (device) memory: a base address and, when given, its size in elements.
// Accesses are not checked unless CPUACL_ASCENDC_CHECK is defined before kernel_operator.h
// (then an element outside a sized buffer fails the launch, naming offset and size).
template <typename T> class GlobalTensor : public cpuacl_detail::TensorView<T, uint64_t>
{
  public:
    GlobalTensor() = default;
    void SetGlobalBuffer(T *buffer, uint64_t bufferSize)
    {
        addr_ = buffer;
        size_ = bufferSize;
    }
    void SetGlobalBuffer(T *buffer)
    {
        addr_ = buffer;
        size_ = 0;
    }
    TPosition GetPosition() const
    {
        return TPosition::GM;
    }
    T GetValue(uint64_t offset) const
    {
        Check(offset);
        return addr_[offset];
    }
    void SetValue(uint64_t offset, T value) const
    {
        Check(offset);
        addr_[offset] = value;
    }
    T &operator()(uint64_t offset) const
    {
        Check(offset);
        return addr_[offset];
    }
    GlobalTensor operator[](uint64_t offset) const
    {
        GlobalTensor t;
        t.addr_ = addr_ + offset;
        t.size_ = size_ > offset ? size_ - offset : 0;
        return t;
    }
    // Cache hints: no cache to steer on a CPU.
    template <typename M> void SetL2CacheHint(M mode) const
    {
        (void)mode;
    }

  private:
    using cpuacl_detail::TensorView<T, uint64_t>::addr_;
    using cpuacl_detail::TensorView<T, uint64_t>::size_;
    void Check(uint64_t offset) const
    {
#ifdef CPUACL_ASCENDC_CHECK
        if (size_ && offset >= size_)
            cpuaclAscendcFail(0, "GlobalTensor: element %llu is outside its %llu elements",
                              static_cast<unsigned long long>(offset),
                              static_cast<unsigned long long>(size_));
#else
        (void)offset;
#endif
    }
};

} // namespace AscendC

#endif
