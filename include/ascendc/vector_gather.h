// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector_gather.h: data movement inside the unified buffer. Brcb (each of 8 source
// elements a repeat fills one 32-byte block of dst), Gather (dst[i] = the element at byte
// srcBaseAddr + srcOffset[i] of src) and GatherMask (the elements of src0 a bit pattern
// selects, packed into dst, with their count). docs/ascendc-vector.md.
#ifndef CPUACL_ASCENDC_VECTOR_GATHER_H
#define CPUACL_ASCENDC_VECTOR_GATHER_H

#ifdef __cplusplus

#include <cstdint>
#include <cstring>

#include "ascendc/vector_mask.h"

namespace AscendC
{

struct BrcbRepeatParams {
    BrcbRepeatParams() {}
    BrcbRepeatParams(uint16_t dstBlk, uint16_t dstRep) : dstBlkStride(dstBlk), dstRepStride(dstRep)
    {
    }
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

template <typename T>
inline void Brcb(const LocalTensor<T> &dst, const LocalTensor<T> &src0, const uint8_t repeatTime,
                 const BrcbRepeatParams &repeatParams)
{
    static_assert(sizeof(T) == 2 || sizeof(T) == 4, "Brcb: 16- or 32-bit elements");
    constexpr uint32_t per = ONE_BLK_SIZE / sizeof(T);
    impl::CheckAlign("Brcb", "dst", dst);
    impl::CheckAlign("Brcb", "src0", src0);
    impl::CheckCount("Brcb", "src0", src0, 8 * static_cast<int64_t>(repeatTime));
    // documented: a block stride of 0 means 1
    uint32_t blk = repeatParams.dstBlkStride ? repeatParams.dstBlkStride : 1;
    uint32_t rep = repeatParams.dstRepStride;
    if (repeatTime == 0)
        return;
    uint64_t last = (static_cast<uint64_t>(repeatTime - 1) * rep + 7ull * blk) * per + per - 1;
    if (last >= dst.GetSize())
        cpuaclAscendcFail(0, "AscendC::Brcb: repeats reach element %llu of dst, which has %u",
                          static_cast<unsigned long long>(last), dst.GetSize());
    T *d = dst.GetPhyAddr();
    const T *s = src0.GetPhyAddr();
    for (uint32_t r = 0; r < repeatTime; r++)
        for (uint32_t b = 0; b < 8; b++) {
            T v = s[r * 8 + b];
            T *out = d + (static_cast<uint64_t>(r) * rep + static_cast<uint64_t>(b) * blk) * per;
            for (uint32_t j = 0; j < per; j++)
                out[j] = v;
        }
}

// Gather: srcOffset holds byte offsets (multiples of sizeof(T)) from src + srcBaseAddr.
template <typename T>
inline void Gather(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                   const LocalTensor<uint32_t> &srcOffset, const uint32_t srcBaseAddr,
                   const uint32_t count)
{
    impl::CheckCount("Gather", "dst", dst, count);
    impl::CheckCount("Gather", "srcOffset", srcOffset, count);
    impl::CheckAlign("Gather", "dst", dst);
    impl::CheckAlign("Gather", "src", src);
    T *d = dst.GetPhyAddr();
    const uint32_t *off = srcOffset.GetPhyAddr();
    const unsigned char *base = reinterpret_cast<const unsigned char *>(src.GetPhyAddr());
    uint64_t bytes = static_cast<uint64_t>(src.GetSize()) * sizeof(T);
    for (uint32_t i = 0; i < count; i++) {
        uint64_t at = static_cast<uint64_t>(srcBaseAddr) + off[i];
        if (at % sizeof(T) != 0 || at + sizeof(T) > bytes)
            cpuaclAscendcFail(0,
                              "AscendC::Gather: offset %llu (element %u) is not an element of "
                              "src (%llu bytes)",
                              static_cast<unsigned long long>(at), i,
                              static_cast<unsigned long long>(bytes));
        std::memcpy(static_cast<void *>(d + i), base + at, sizeof(T));
    }
}

// GatherMask: its strides and repeats (src0BlockStride in 32-byte blocks; repeat strides in
// 32-byte blocks for src0 and for a pattern tensor).
struct GatherMaskParams {
    GatherMaskParams() {}
    GatherMaskParams(uint8_t src0Blk, uint16_t repeats, uint16_t src0Rep, uint8_t src1Rep)
        : src0BlockStride(src0Blk), repeatTimes(repeats), src0RepeatStride(src0Rep),
          src1RepeatStride(src1Rep)
    {
    }
    uint8_t src0BlockStride = DEFAULT_BLK_STRIDE;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};

// The mode template argument is reserved (documented): one value.
enum class GatherMaskMode : uint8_t { DEFAULT = 0 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::DEFAULT;

namespace impl
{

// The built-in patterns 1..7: which element e of a repeat each selects.
inline bool FixedPatternHas(uint8_t pattern, uint32_t e)
{
    switch (pattern) {
    case 1:
        return e % 2 == 0;
    case 2:
        return e % 2 == 1;
    case 3:
    case 4:
    case 5:
    case 6:
        return e % 4 == static_cast<uint32_t>(pattern - 3);
    default:
        return true; // 7: every element
    }
}

// The walk both forms share. Normal mode (reduceMode false): repeatTimes repeats of a whole
// repeat each (mask unused). Counter mode (reduceMode true), as on the 910B: mask elements in
// all, over as many repeats as they need (repeatTimes unused). has(r, e): does the pattern of
// repeat r select its element e. The selected elements go to dst one after another.
template <class T, class Has>
inline void GatherMaskRun(const LocalTensor<T> &dst, const LocalTensor<T> &src0, bool reduceMode,
                          uint32_t mask, const GatherMaskParams &p, uint64_t &rsvdCnt, Has has)
{
    static_assert(sizeof(T) == 2 || sizeof(T) == 4, "GatherMask: 16- or 32-bit elements");
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    CheckAlign("GatherMask", "dst", dst);
    Strided<T> s = Operand("GatherMask", "src0", src0, p.src0BlockStride, p.src0RepeatStride);
    RepeatMask m;
    if (reduceMode) {
        if (mask == 0)
            cpuaclAscendcFail(0, "AscendC::GatherMask: counter mode with mask 0");
        m = CounterMask("GatherMask", mask, elems);
    } else {
        CheckRepeat("GatherMask", p.repeatTimes);
        m.repeats = p.repeatTimes;
        PrefixBits(elems, m.bits);
        PrefixBits(elems, m.last);
    }
    CheckReach("GatherMask", "src0", s, m, elems);
    T *d = dst.GetPhyAddr();
    uint64_t n = 0;
    ForEachMasked(m, elems, [&](uint32_t r, uint32_t e) {
        if (!has(r, e))
            return;
        if (n >= dst.GetSize())
            cpuaclAscendcFail(0, "AscendC::GatherMask: more than dst's %u elements selected",
                              dst.GetSize());
        d[n++] = s.At(r, e);
    });
    rsvdCnt = n;
}

} // namespace impl

// A pattern tensor (uint16_t for 16-bit, uint32_t for 32-bit elements): bit e of the pattern
// selects element e of a repeat; repeat r's pattern starts src1RepeatStride * 32 bytes after
// repeat r-1's (0: every repeat the same).
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
inline void GatherMask(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                       const LocalTensor<U> &src1Pattern, const bool reduceMode,
                       const uint32_t mask, const GatherMaskParams &gatherMaskParams,
                       uint64_t &rsvdCnt)
{
    static_assert(sizeof(U) == sizeof(T), "GatherMask: the pattern is uint16_t for 16-bit "
                                          "elements, uint32_t for 32-bit ones");
    impl::CheckAlign("GatherMask", "src1Pattern", src1Pattern);
    const uint8_t *bits = reinterpret_cast<const uint8_t *>(src1Pattern.GetPhyAddr());
    const uint64_t bytes = static_cast<uint64_t>(src1Pattern.GetSize()) * sizeof(U);
    const uint64_t step = static_cast<uint64_t>(gatherMaskParams.src1RepeatStride) * ONE_BLK_SIZE;
    impl::GatherMaskRun(dst, src0, reduceMode, mask, gatherMaskParams, rsvdCnt,
                        [&](uint32_t r, uint32_t e) {
                            uint64_t at = r * step * 8 + e; // bit index
                            if (at / 8 >= bytes)
                                cpuaclAscendcFail(0,
                                                  "AscendC::GatherMask: repeat %u reads bit %llu "
                                                  "of src1Pattern, which has %llu bytes",
                                                  r, static_cast<unsigned long long>(at),
                                                  static_cast<unsigned long long>(bytes));
                            return ((bits[at / 8] >> (at % 8)) & 1u) != 0;
                        });
}

// A built-in pattern: 1 even elements, 2 odd ones, 3..6 the first..fourth of every four,
// 7 all; the same in every repeat.
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
inline void GatherMask(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                       const uint8_t src1Pattern, const bool reduceMode, const uint32_t mask,
                       const GatherMaskParams &gatherMaskParams, uint64_t &rsvdCnt)
{
    if (src1Pattern < 1 || src1Pattern > 7)
        cpuaclAscendcFail(0, "AscendC::GatherMask: built-in pattern %u outside [1, 7]",
                          static_cast<unsigned>(src1Pattern));
    impl::GatherMaskRun(
        dst, src0, reduceMode, mask, gatherMaskParams, rsvdCnt,
        [src1Pattern](uint32_t, uint32_t e) { return impl::FixedPatternHas(src1Pattern, e); });
}

} // namespace AscendC

#endif // __cplusplus

#endif
