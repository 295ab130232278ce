// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector_compare.h: Compare and CompareScalar (CMPMODE; one result bit per element,
// bit i of byte i/8 of a uint8_t tensor) and Select (SELMODE; bit 1 takes src0, bit 0 src1
// or the scalar), in count mode and in mask/repeat mode. docs/ascendc-vector.md.
//
// Mask/repeat mode: the result bits of repeat r are bits r*E .. r*E+E-1 of dst (E elements a
// repeat); bits of elements the mask leaves out keep their value. Select's selMask bits:
// SELMODE VSEL_CMPMASK_SPR uses bits 0..E-1 for every repeat, the other modes bit r*E+e.
#ifndef CPUACL_ASCENDC_VECTOR_COMPARE_H
#define CPUACL_ASCENDC_VECTOR_COMPARE_H

#ifdef __cplusplus

#include <cstdint>
#include <cstring>

#include "ascendc/vector_mask.h"

namespace AscendC
{

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t {
    VSEL_CMPMASK_SPR = 0,
    VSEL_TENSOR_SCALAR_MODE,
    VSEL_TENSOR_TENSOR_MODE,
};

namespace impl
{

template <class T> inline bool Cmp(T a, T b, CMPMODE m)
{
    switch (m) {
    case CMPMODE::LT:
        return a < b;
    case CMPMODE::GT:
        return a > b;
    case CMPMODE::EQ:
        return a == b;
    case CMPMODE::LE:
        return a <= b;
    case CMPMODE::GE:
        return a >= b;
    default:
        return a != b;
    }
}

inline void PutBit(uint8_t *p, uint64_t i, bool v)
{
    uint8_t bit = static_cast<uint8_t>(1u << (i % 8));
    p[i / 8] = static_cast<uint8_t>(v ? (p[i / 8] | bit) : (p[i / 8] & ~bit));
}
inline bool GetBit(const uint8_t *p, uint64_t i)
{
    return (p[i / 8] >> (i % 8)) & 1u;
}

// The bit tensor must hold `bits` bits.
template <class U>
inline void CheckBits(const char *api, const char *what, const LocalTensor<U> &t, uint64_t bits)
{
    if (static_cast<uint64_t>(t.GetSize()) * sizeof(U) * 8 < bits)
        cpuaclAscendcFail(0, "AscendC::%s: %s has %u elements, fewer than %llu bits", api, what,
                          t.GetSize(), static_cast<unsigned long long>(bits));
}

template <class T, class U, class Rhs>
inline void CompareCount(const char *api, const LocalTensor<U> &dst, const LocalTensor<T> &a,
                         Rhs rhs, CMPMODE mode, uint32_t n)
{
    CheckCount(api, "src0", a, n);
    CheckBits(api, "dst", dst, n);
    CheckAlign(api, "dst", dst);
    CheckAlign(api, "src0", a);
    uint8_t *d = reinterpret_cast<uint8_t *>(dst.GetPhyAddr());
    const T *x = a.GetPhyAddr();
    for (uint32_t i = 0; i < n; i++)
        PutBit(d, i, Cmp(x[i], rhs(i), mode));
}

} // namespace impl

// Count mode: calCount * sizeof(T) must be a multiple of 256 bytes (whole repeats).
template <typename T, typename U>
inline void Compare(const LocalTensor<U> &dst, const LocalTensor<T> &src0,
                    const LocalTensor<T> &src1, CMPMODE cmpMode, uint32_t calCount)
{
    if (calCount * sizeof(T) % ONE_REPEAT_BYTE_SIZE != 0)
        cpuaclAscendcFail(0, "AscendC::Compare: calCount %u * %zu bytes is not a multiple of 256",
                          calCount, sizeof(T));
    impl::CheckCount("Compare", "src1", src1, calCount);
    impl::CheckAlign("Compare", "src1", src1);
    const T *y = src1.GetPhyAddr();
    impl::CompareCount(
        "Compare", dst, src0, [y](uint32_t i) { return y[i]; }, cmpMode, calCount);
}

template <typename T, typename U>
inline void CompareScalar(const LocalTensor<U> &dst, const LocalTensor<T> &src0,
                          const typename impl::Id<T>::type src1Scalar, CMPMODE cmpMode,
                          uint32_t calCount)
{
    T s = src1Scalar;
    impl::CompareCount(
        "CompareScalar", dst, src0, [s](uint32_t) { return s; }, cmpMode, calCount);
}

namespace impl
{
template <class T, class U, class Rhs>
inline void CompareRep(const char *api, const LocalTensor<U> &dst, const LocalTensor<T> &a,
                       uint32_t ablk, uint32_t arep, Rhs rhs, CMPMODE mode, const RepeatMask &m)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    Strided<T> x = Operand(api, "src0", a, ablk, arep);
    CheckReach(api, "src0", x, m, elems);
    CheckBits(api, "dst", dst, static_cast<uint64_t>(m.repeats) * elems);
    CheckAlign(api, "dst", dst);
    uint8_t *d = reinterpret_cast<uint8_t *>(dst.GetPhyAddr());
    ForEachMasked(m, elems, [&](uint32_t r, uint32_t e) {
        PutBit(d, static_cast<uint64_t>(r) * elems + e, Cmp(x.At(r, e), rhs(r, e), mode));
    });
}
} // namespace impl

#define CPUACL_AC_COMPARE_REP(MaskT)                                                               \
    template <typename T, typename U, bool isSetMask = true>                                       \
    inline void Compare(const LocalTensor<U> &dst, const LocalTensor<T> &src0,                     \
                        const LocalTensor<T> &src1, CMPMODE cmpMode, MaskT mask,                   \
                        uint8_t repeatTimes, const BinaryRepeatParams &p)                          \
    {                                                                                              \
        impl::RepeatMask m = impl::ResolveMask("Compare", mask, repeatTimes,                       \
                                               impl::ElemsPerRepeat(sizeof(T)), isSetMask);        \
        impl::Strided<T> y =                                                                       \
            impl::Operand("Compare", "src1", src1, p.src1BlkStride, p.src1RepStride);              \
        impl::CheckReach("Compare", "src1", y, m, impl::ElemsPerRepeat(sizeof(T)));                \
        impl::CompareRep(                                                                          \
            "Compare", dst, src0, p.src0BlkStride, p.src0RepStride,                                \
            [&y](uint32_t r, uint32_t e) { return y.At(r, e); }, cmpMode, m);                      \
    }                                                                                              \
    template <typename T, typename U, bool isSetMask = true>                                       \
    inline void CompareScalar(const LocalTensor<U> &dst, const LocalTensor<T> &src0,               \
                              const typename impl::Id<T>::type src1Scalar, CMPMODE cmpMode,        \
                              MaskT mask, uint8_t repeatTimes, const UnaryRepeatParams &p)         \
    {                                                                                              \
        T s = src1Scalar;                                                                          \
        impl::CompareRep(                                                                          \
            "CompareScalar", dst, src0, p.srcBlkStride, p.srcRepStride,                            \
            [s](uint32_t, uint32_t) { return s; }, cmpMode,                                        \
            impl::ResolveMask("CompareScalar", mask, repeatTimes, impl::ElemsPerRepeat(sizeof(T)), \
                              isSetMask));                                                         \
    }
CPUACL_AC_COMPARE_REP(const uint64_t *)
CPUACL_AC_COMPARE_REP(uint64_t)
#undef CPUACL_AC_COMPARE_REP

namespace impl
{
template <class T, class U, class Rhs>
inline void SelectCount(const LocalTensor<T> &dst, const LocalTensor<U> &selMask,
                        const LocalTensor<T> &a, Rhs rhs, SELMODE mode, uint32_t n)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    CheckCount("Select", "dst", dst, n);
    CheckCount("Select", "src0", a, n);
    CheckAlign("Select", "dst", dst);
    CheckAlign("Select", "src0", a);
    CheckAlign("Select", "selMask", selMask);
    CheckBits("Select", "selMask", selMask, mode == SELMODE::VSEL_CMPMASK_SPR ? elems : n);
    const uint8_t *sel = reinterpret_cast<const uint8_t *>(selMask.GetPhyAddr());
    T *d = dst.GetPhyAddr();
    const T *x = a.GetPhyAddr();
    for (uint32_t i = 0; i < n; i++) {
        uint32_t bit = mode == SELMODE::VSEL_CMPMASK_SPR ? i % elems : i;
        d[i] = GetBit(sel, bit) ? x[i] : rhs(i);
    }
}
} // namespace impl

// SELMODE VSEL_CMPMASK_SPR / VSEL_TENSOR_TENSOR_MODE: src1 a tensor.
template <typename T, typename U>
inline void Select(const LocalTensor<T> &dst, const LocalTensor<U> &selMask,
                   const LocalTensor<T> &src0, const LocalTensor<T> &src1, SELMODE selMode,
                   uint32_t calCount)
{
    impl::CheckCount("Select", "src1", src1, calCount);
    impl::CheckAlign("Select", "src1", src1);
    const T *y = src1.GetPhyAddr();
    impl::SelectCount(
        dst, selMask, src0, [y](uint32_t i) { return y[i]; }, selMode, calCount);
}
// SELMODE VSEL_TENSOR_SCALAR_MODE: src1 a scalar.
template <typename T, typename U>
inline void Select(const LocalTensor<T> &dst, const LocalTensor<U> &selMask,
                   const LocalTensor<T> &src0, const typename impl::Id<T>::type src1,
                   SELMODE selMode, uint32_t calCount)
{
    T s = src1;
    impl::SelectCount(
        dst, selMask, src0, [s](uint32_t) { return s; }, selMode, calCount);
}

namespace impl
{
template <class T, class U, class Rhs>
inline void SelectRep(const LocalTensor<T> &dst, const LocalTensor<U> &selMask,
                      const LocalTensor<T> &a, Rhs rhs, SELMODE mode, const RepeatMask &m,
                      const BinaryRepeatParams &p)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    Strided<T> d = Operand("Select", "dst", dst, p.dstBlkStride, p.dstRepStride);
    Strided<T> x = Operand("Select", "src0", a, p.src0BlkStride, p.src0RepStride);
    CheckReach("Select", "dst", d, m, elems);
    CheckReach("Select", "src0", x, m, elems);
    CheckAlign("Select", "selMask", selMask);
    bool spr = mode == SELMODE::VSEL_CMPMASK_SPR;
    CheckBits("Select", "selMask", selMask, spr ? elems : static_cast<uint64_t>(m.repeats) * elems);
    const uint8_t *sel = reinterpret_cast<const uint8_t *>(selMask.GetPhyAddr());
    ForEachMasked(m, elems, [&](uint32_t r, uint32_t e) {
        uint64_t bit = spr ? e : static_cast<uint64_t>(r) * elems + e;
        d.At(r, e) = GetBit(sel, bit) ? x.At(r, e) : rhs(r, e);
    });
}
} // namespace impl

#define CPUACL_AC_SELECT_REP(MaskT)                                                                \
    template <typename T, typename U, bool isSetMask = true>                                       \
    inline void Select(const LocalTensor<T> &dst, const LocalTensor<U> &selMask,                   \
                       const LocalTensor<T> &src0, const LocalTensor<T> &src1, SELMODE selMode,    \
                       MaskT mask, uint8_t repeatTimes, const BinaryRepeatParams &p)               \
    {                                                                                              \
        impl::RepeatMask m = impl::ResolveMask("Select", mask, repeatTimes,                        \
                                               impl::ElemsPerRepeat(sizeof(T)), isSetMask);        \
        impl::Strided<T> y =                                                                       \
            impl::Operand("Select", "src1", src1, p.src1BlkStride, p.src1RepStride);               \
        impl::CheckReach("Select", "src1", y, m, impl::ElemsPerRepeat(sizeof(T)));                 \
        impl::SelectRep(                                                                           \
            dst, selMask, src0, [&y](uint32_t r, uint32_t e) { return y.At(r, e); }, selMode, m,   \
            p);                                                                                    \
    }                                                                                              \
    template <typename T, typename U, bool isSetMask = true>                                       \
    inline void Select(const LocalTensor<T> &dst, const LocalTensor<U> &selMask,                   \
                       const LocalTensor<T> &src0, const typename impl::Id<T>::type src1,          \
                       SELMODE selMode, MaskT mask, uint8_t repeatTimes,                           \
                       const BinaryRepeatParams &p)                                                \
    {                                                                                              \
        T s = src1;                                                                                \
        impl::SelectRep(                                                                           \
            dst, selMask, src0, [s](uint32_t, uint32_t) { return s; }, selMode,                    \
            impl::ResolveMask("Select", mask, repeatTimes, impl::ElemsPerRepeat(sizeof(T)),        \
                              isSetMask),                                                          \
            p);                                                                                    \
    }
CPUACL_AC_SELECT_REP(const uint64_t *)
CPUACL_AC_SELECT_REP(uint64_t)
#undef CPUACL_AC_SELECT_REP

// ---- the CmpMask register ----------------------------------------------------------------------
// Compare without dst (one repeat) writes its result bits to the block's CmpMask register (128
// bits; bits of elements the mask leaves out are 0); GetCmpMask copies the register to a
// tensor, SetCmpMask loads it from one; Select<T, VSEL_CMPMASK_SPR> without selMask selects by
// it (bit e for element e of every repeat) under the mask of SetVectorMask.
namespace impl
{
inline uint64_t *CmpReg()
{
    if (const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock())
        return const_cast<cpuaclAscendcBlock *>(b)->cmpMask;
    static thread_local uint64_t reg[2];
    return reg;
}
template <class T>
inline void CompareToReg(const LocalTensor<T> &a, const LocalTensor<T> &b, CMPMODE mode,
                         const RepeatMask &m, const BinaryRepeatParams &p)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    Strided<T> x = Operand("Compare", "src0", a, p.src0BlkStride, p.src0RepStride);
    Strided<T> y = Operand("Compare", "src1", b, p.src1BlkStride, p.src1RepStride);
    CheckReach("Compare", "src0", x, m, elems);
    CheckReach("Compare", "src1", y, m, elems);
    alignas(8) uint8_t bits[16] = {};
    ForEachMasked(m, elems, [&](uint32_t r, uint32_t e) {
        PutBit(bits, e, Cmp(x.At(r, e), y.At(r, e), mode));
    });
    std::memcpy(CmpReg(), bits, sizeof bits);
}
} // namespace impl

#define CPUACL_AC_COMPARE_REG(MaskT)                                                               \
    template <typename T, bool isSetMask = true>                                                   \
    inline void Compare(const LocalTensor<T> &src0, const LocalTensor<T> &src1, CMPMODE cmpMode,   \
                        MaskT mask, const BinaryRepeatParams &repeatParams)                        \
    {                                                                                              \
        impl::CompareToReg(                                                                        \
            src0, src1, cmpMode,                                                                   \
            impl::ResolveMask("Compare", mask, 1, impl::ElemsPerRepeat(sizeof(T)), isSetMask),     \
            repeatParams);                                                                         \
    }
CPUACL_AC_COMPARE_REG(const uint64_t *)
CPUACL_AC_COMPARE_REG(uint64_t)
#undef CPUACL_AC_COMPARE_REG

// dst: 16-byte aligned and at least 128 bytes (documented); the register's 16 bytes are written.
template <typename T> inline void GetCmpMask(const LocalTensor<T> &dst)
{
    impl::CheckAlign("GetCmpMask", "dst", dst, 16);
    if (static_cast<uint64_t>(dst.GetSize()) * sizeof(T) < 128)
        cpuaclAscendcFail(0, "AscendC::GetCmpMask: dst has %llu bytes, fewer than 128",
                          static_cast<unsigned long long>(dst.GetSize()) * sizeof(T));
    std::memcpy(static_cast<void *>(dst.GetPhyAddr()), impl::CmpReg(), 16);
}

template <typename T> inline void SetCmpMask(const LocalTensor<T> &src)
{
    impl::CheckAlign("SetCmpMask", "src", src);
    if (static_cast<uint64_t>(src.GetSize()) * sizeof(T) < 16)
        cpuaclAscendcFail(0, "AscendC::SetCmpMask: src has %llu bytes, fewer than 16",
                          static_cast<unsigned long long>(src.GetSize()) * sizeof(T));
    std::memcpy(impl::CmpReg(), static_cast<const void *>(src.GetPhyAddr()), 16);
}

// The register form of Select, mode VSEL_CMPMASK_SPR: selMask is the CmpMask register.
template <typename T, SELMODE selMode>
inline void Select(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                   const LocalTensor<T> &src1, uint8_t repeatTimes,
                   const BinaryRepeatParams &repeatParams)
{
    static_assert(selMode == SELMODE::VSEL_CMPMASK_SPR,
                  "cpuacl: the register form of Select supports VSEL_CMPMASK_SPR");
    constexpr uint32_t elems = impl::ElemsPerRepeat(sizeof(T));
    alignas(32) uint8_t reg[32] = {};
    std::memcpy(reg, impl::CmpReg(), 16);
    LocalTensor<uint8_t> sel(reg, sizeof reg);
    impl::RepeatMask m = impl::ResolveMask("Select", uint64_t{0}, repeatTimes, elems, false);
    impl::Strided<T> y = impl::Operand("Select", "src1", src1, repeatParams.src1BlkStride,
                                       repeatParams.src1RepStride);
    impl::CheckReach("Select", "src1", y, m, elems);
    impl::SelectRep(
        dst, sel, src0, [&y](uint32_t r, uint32_t e) { return y.At(r, e); }, selMode, m,
        repeatParams);
}

} // namespace AscendC

#endif // __cplusplus

#endif
