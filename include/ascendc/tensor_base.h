// SPDX-License-Identifier: Apache-2.0
//
// ascendc/tensor_base.h: the tensor types every part of cpuacl's kernel_operator.h shares
// (clean-room, from the documented Ascend C API). LocalTensor<T> is a view of part of a
// block's unified buffer; GlobalTensor<T> a view of global (device) memory. The full
// classes grow here; the vector instructions (ascendc/vector*.h) use only GetPhyAddr,
// GetSize, operator[] and GetValue/SetValue.
#ifndef CPUACL_ASCENDC_TENSOR_BASE_H
#define CPUACL_ASCENDC_TENSOR_BASE_H

#include <cstddef>
#include <cstdint>

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

template <typename T> class LocalTensor
{
  public:
    using PrimType = T;
    LocalTensor() = default;
    T *GetPhyAddr() const
    {
        return addr_;
    }
    uint32_t GetSize() const
    {
        return size_;
    }
    TPosition GetPosition() const
    {
        return pos_;
    }
    LocalTensor operator[](uint32_t offset) const
    {
        return LocalTensor(addr_ + offset, size_ > offset ? size_ - offset : 0, pos_);
    }
    T GetValue(uint32_t i) const
    {
        return addr_[i];
    }
    void SetValue(uint32_t i, T v) const
    {
        addr_[i] = v;
    }
    // cpuacl's own: a view of n elements at p (the pipes and buffers make them; tests may).
    LocalTensor(T *p, uint32_t n, TPosition pos = TPosition::VECCALC)
        : addr_(p), size_(n), pos_(pos)
    {
    }

  private:
    T *addr_ = nullptr;
    uint32_t size_ = 0;
    TPosition pos_ = TPosition::VECCALC;
};

} // namespace AscendC

#endif
