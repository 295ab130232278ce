// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector_gather.h: data movement inside the unified buffer. Brcb (each of 8 source
// elements a repeat fills one 32-byte block of dst) and Gather (dst[i] = the element at byte
// srcBaseAddr + srcOffset[i] of src). docs/ascendc-vector.md.
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

} // namespace AscendC

#endif // __cplusplus

#endif
