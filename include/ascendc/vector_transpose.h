// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector_transpose.h: layout transforms inside the unified buffer. TransDataTo5HD
// (NCHW to NC1HWC0, or the transpose of small matrices): one repeat reads 16 32-byte blocks,
// one from each address of the source list, and writes 16 blocks, one to each address of the
// destination list, element j of source block i becoming element i of the destination's
// row j. docs/ascendc-vector.md gives the rule for each element width.
#ifndef CPUACL_ASCENDC_VECTOR_TRANSPOSE_H
#define CPUACL_ASCENDC_VECTOR_TRANSPOSE_H

#ifdef __cplusplus

#include <cstdint>
#include <cstring>

#include "ascendc/vector_mask.h"

namespace AscendC
{

// The length of TransDataTo5HD's address lists.
constexpr uint32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

// dstHighHalf/srcHighHalf: for 8-bit elements, which half (16 bytes) of each 32-byte block
// is written/read. repeatTimes 0..255; the repeat strides are in 32-byte blocks and are
// added to every address of a list: repeat r at r strides, except that a single repeat
// (repeatTimes 1) is at one stride (documented; kernels pass 0 strides for one repeat).
struct TransDataTo5HDParams {
    TransDataTo5HDParams() {}
    TransDataTo5HDParams(bool dstHigh, bool srcHigh, uint8_t repeats, uint16_t dstRep,
                         uint16_t srcRep)
        : dstHighHalf(dstHigh), srcHighHalf(srcHigh), repeatTimes(repeats), dstRepStride(dstRep),
          srcRepStride(srcRep)
    {
    }
    bool dstHighHalf = false;
    bool srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;
    uint16_t srcRepStride = 0;
};

namespace impl
{

// Offset in bytes of repeat r of a list with stride `rep` (32-byte blocks).
inline uint64_t TransRepeatOffset(const TransDataTo5HDParams &p, uint32_t r, uint16_t rep)
{
    uint64_t k = p.repeatTimes == 1 ? 1u : r;
    return k * rep * ONE_BLK_SIZE;
}

// Every address 32-byte aligned; inside a launched block, every block the repeats touch
// inside the block's unified buffer (the uint64_t lists carry no sizes of their own).
inline void TransCheckList(const char *what, const uint64_t list[], const TransDataTo5HDParams &p,
                           uint16_t rep)
{
    const cpuaclAscendcBlock *blk = cpuaclAscendcCurrentBlock();
    uint64_t reach = p.repeatTimes == 0 ? 0 : TransRepeatOffset(p, p.repeatTimes - 1u, rep) + 32;
    for (uint32_t k = 0; k < NCHW_CONV_ADDR_LIST_SIZE; k++) {
        if (list[k] % ONE_BLK_SIZE != 0)
            cpuaclAscendcFail(0,
                              "AscendC::TransDataTo5HD: %s[%u] (%#llx) is not 32-byte aligned",
                              what, k, static_cast<unsigned long long>(list[k]));
        if (blk && blk->ub && p.repeatTimes != 0) {
            uint64_t ub = reinterpret_cast<uintptr_t>(blk->ub);
            if (list[k] < ub || list[k] + reach > ub + blk->ubSize)
                cpuaclAscendcFail(0,
                                  "AscendC::TransDataTo5HD: %s[%u]'s repeats reach %llu bytes "
                                  "from %#llx, outside the block's unified buffer",
                                  what, k, static_cast<unsigned long long>(reach),
                                  static_cast<unsigned long long>(list[k]));
        }
    }
}

template <typename T>
inline void TransRun(const uint64_t dstList[], const uint64_t srcList[],
                     const TransDataTo5HDParams &p)
{
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                  "TransDataTo5HD: 8-, 16- or 32-bit elements");
    for (uint32_t r = 0; r < p.repeatTimes; r++) {
        uint64_t so = TransRepeatOffset(p, r, p.srcRepStride);
        uint64_t doff = TransRepeatOffset(p, r, p.dstRepStride);
        // every source block is read before any destination block is written, so lists that
        // overlap (in place) see the repeat's inputs
        unsigned char in[NCHW_CONV_ADDR_LIST_SIZE][ONE_BLK_SIZE];
        for (uint32_t i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; i++)
            std::memcpy(in[i], reinterpret_cast<const void *>(srcList[i] + so), ONE_BLK_SIZE);
        for (uint32_t i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; i++) {
            if (sizeof(T) == 2) {
                // 16 elements a block: element j of source block i -> element i of block j
                for (uint32_t j = 0; j < 16; j++)
                    std::memcpy(reinterpret_cast<unsigned char *>(dstList[j] + doff) + 2 * i,
                                in[i] + 2 * j, 2);
            } else if (sizeof(T) == 4) {
                // 8 elements a block: element j of the 16 source blocks fills destination
                // blocks 2j (sources 0..7) and 2j+1 (sources 8..15)
                for (uint32_t j = 0; j < 8; j++)
                    std::memcpy(reinterpret_cast<unsigned char *>(dstList[2 * j + i / 8] + doff) +
                                    4 * (i % 8),
                                in[i] + 4 * j, 4);
            } else {
                // 32 elements a block: the chosen half of each source block; element j of it
                // -> element i of the chosen half of destination block j
                uint32_t sh = p.srcHighHalf ? 16 : 0, dh = p.dstHighHalf ? 16 : 0;
                for (uint32_t j = 0; j < 16; j++)
                    reinterpret_cast<unsigned char *>(dstList[j] + doff)[dh + i] = in[i][sh + j];
            }
        }
    }
}

} // namespace impl

// The address lists as unified-buffer addresses (LocalTensor::GetPhyAddr() as uint64_t).
template <typename T>
inline void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE],
                           uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                           const TransDataTo5HDParams &nchwconvParams)
{
    impl::TransCheckList("dstList", dstList, nchwconvParams, nchwconvParams.dstRepStride);
    impl::TransCheckList("srcList", srcList, nchwconvParams, nchwconvParams.srcRepStride);
    impl::TransRun<T>(dstList, srcList, nchwconvParams);
}

// The address lists as tensors: each must hold the blocks its repeats touch.
template <typename T>
inline void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                           const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE],
                           const TransDataTo5HDParams &nchwconvParams)
{
    const TransDataTo5HDParams &p = nchwconvParams;
    uint64_t d[NCHW_CONV_ADDR_LIST_SIZE], s[NCHW_CONV_ADDR_LIST_SIZE];
    for (uint32_t k = 0; k < NCHW_CONV_ADDR_LIST_SIZE; k++) {
        impl::CheckAlign("TransDataTo5HD", "dstList", dstList[k]);
        impl::CheckAlign("TransDataTo5HD", "srcList", srcList[k]);
        if (p.repeatTimes != 0) {
            const LocalTensor<T> *t[2] = {&dstList[k], &srcList[k]};
            const uint16_t rep[2] = {p.dstRepStride, p.srcRepStride};
            for (int w = 0; w < 2; w++) {
                uint64_t reach = impl::TransRepeatOffset(p, p.repeatTimes - 1u, rep[w]) + 32;
                uint64_t have = static_cast<uint64_t>(t[w]->GetSize()) * sizeof(T);
                if (reach > have)
                    cpuaclAscendcFail(0,
                                      "AscendC::TransDataTo5HD: repeats reach byte %llu of "
                                      "%s[%u], which has %llu bytes",
                                      static_cast<unsigned long long>(reach),
                                      w ? "srcList" : "dstList", k,
                                      static_cast<unsigned long long>(have));
            }
        }
        d[k] = reinterpret_cast<uintptr_t>(dstList[k].GetPhyAddr());
        s[k] = reinterpret_cast<uintptr_t>(srcList[k].GetPhyAddr());
    }
    impl::TransRun<T>(d, s, p);
}

} // namespace AscendC

#endif // __cplusplus

#endif
