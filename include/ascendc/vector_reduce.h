// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector_reduce.h: the reductions. ReduceSum/ReduceMax/ReduceMin over a whole
// tensor (count mode, or mask/repeat mode over repeats srcRepStride apart; the work tensor is
// taken as documented and not needed on a CPU), WholeReduceSum/Max/Min (one result per
// repeat), BlockReduceSum/Max/Min (one result per 32-byte block), PairReduceSum (adjacent
// pairs). docs/ascendc-vector.md.
//
// Sums: a binary tree, adjacent pairs first, each partial sum rounded to the element type
// (elements the mask leaves out count as 0), as documented for BlockReduceSum; there a half
// partial sum beyond 65504 saturates to 65504 (the documented example: 60000 + 60000 first
// gives 65504). An index result is stored in the element's bits: the index as uint16_t (16-bit
// types) or uint32_t (32-bit), read back by reinterpreting the element. Max/Min ties: the
// lowest index.
#ifndef CPUACL_ASCENDC_VECTOR_REDUCE_H
#define CPUACL_ASCENDC_VECTOR_REDUCE_H

#ifdef __cplusplus

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "ascendc/vector_mask.h"

namespace AscendC
{

enum class ReduceOrder : uint8_t {
    ORDER_VALUE_INDEX = 0,
    ORDER_INDEX_VALUE,
    ORDER_ONLY_VALUE,
    ORDER_ONLY_INDEX,
};

namespace impl
{

template <class T> inline T IndexAs(uint32_t idx)
{
    static_assert(sizeof(T) == 2 || sizeof(T) == 4, "index in a 16- or 32-bit element");
    T v;
    if constexpr (sizeof(T) == 2) {
        uint16_t i = static_cast<uint16_t>(idx);
        std::memcpy(static_cast<void *>(&v), &i, 2);
    } else {
        std::memcpy(static_cast<void *>(&v), &idx, 4);
    }
    return v;
}

template <class T> inline T SumOf(T a, T b, bool saturate)
{
    T s = static_cast<T>(a + b);
    if constexpr (IsF16<T>::value) {
        if (saturate && std::isinf(static_cast<float>(s)) && !std::isinf(static_cast<float>(a)) &&
            !std::isinf(static_cast<float>(b)))
            s = static_cast<float>(s) > 0 ? std::numeric_limits<T>::max()
                                          : std::numeric_limits<T>::lowest();
    }
    return s;
}

// Pairwise tree over v[0..n) (n a power of two), in place; returns v[0].
template <class T> inline T TreeSum(T *v, uint32_t n, bool saturate)
{
    for (uint32_t w = n; w > 1; w /= 2)
        for (uint32_t i = 0; i < w / 2; i++)
            v[i] = SumOf(v[2 * i], v[2 * i + 1], saturate);
    return v[0];
}

// One pass over elements [0, span) of a repeat (span <= 128): the tree sum of the selected.
template <class T, class Get> inline T RepeatSum(uint32_t span, Get get, bool saturate)
{
    T v[128];
    uint32_t n = 1;
    while (n < span && n < 128)
        n *= 2;
    for (uint32_t e = 0; e < 128 && e < n; e++)
        v[e] = e < span ? get(e) : T(0);
    return TreeSum(v, n, saturate);
}

struct Best {
    bool any = false;
    uint32_t idx = 0;
};
template <class T> inline void Consider(Best &b, T &val, T x, uint32_t idx, bool isMax)
{
    if (!b.any || (isMax ? x > val : x < val)) {
        val = x;
        b.idx = idx;
        b.any = true;
    }
}

template <class T> inline void PutValueIndex(T *out, T val, uint32_t idx, ReduceOrder order)
{
    switch (order) {
    case ReduceOrder::ORDER_VALUE_INDEX:
        out[0] = val;
        out[1] = IndexAs<T>(idx);
        break;
    case ReduceOrder::ORDER_INDEX_VALUE:
        out[0] = IndexAs<T>(idx);
        out[1] = val;
        break;
    case ReduceOrder::ORDER_ONLY_VALUE:
        out[0] = val;
        break;
    default:
        out[0] = IndexAs<T>(idx);
        break;
    }
}
inline uint32_t OrderWidth(ReduceOrder o)
{
    return o == ReduceOrder::ORDER_VALUE_INDEX || o == ReduceOrder::ORDER_INDEX_VALUE ? 2 : 1;
}

template <class T> inline void CheckOut(const char *api, const LocalTensor<T> &dst, uint64_t last)
{
    if (last >= dst.GetSize())
        cpuaclAscendcFail(0, "AscendC::%s: results reach element %llu of dst, which has %u", api,
                          static_cast<unsigned long long>(last), dst.GetSize());
}

// ---- whole-tensor reductions ----
template <class T>
inline void ReduceAll(const char *api, const LocalTensor<T> &dst, const LocalTensor<T> &src,
                      const RepeatMask &m, uint32_t srcRepStride, int kind, bool calIndex)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    Strided<T> x = Operand(api, "src", src, 1, srcRepStride);
    CheckReach(api, "src", x, m, elems);
    CheckOut(api, dst, kind != 0 && calIndex ? 1 : 0);
    if (m.repeats == 0)
        return;
    if (kind == 0) {
        // per repeat a tree, then trees over the repeat results, a repeat's worth at a time
        std::vector<T> part(m.repeats);
        for (uint32_t r = 0; r < m.repeats; r++)
            part[r] = RepeatSum<T>(
                elems, [&](uint32_t e) { return m.Has(r, e) ? x.At(r, e) : T(0); }, false);
        size_t n = part.size();
        while (n > 1) {
            size_t k = 0;
            for (size_t i = 0; i < n; i += elems) {
                uint32_t w = static_cast<uint32_t>(n - i < elems ? n - i : elems);
                part[k++] = RepeatSum<T>(
                    w, [&](uint32_t e) { return part[i + e]; }, false);
            }
            n = k;
        }
        dst.GetPhyAddr()[0] = part[0];
        return;
    }
    Best b;
    T val{};
    ForEachMasked(m, elems, [&](uint32_t r, uint32_t e) {
        Consider(b, val, x.At(r, e), static_cast<uint32_t>(x.Offset(r, e)), kind > 0);
    });
    dst.GetPhyAddr()[0] = val;
    if (calIndex)
        dst.GetPhyAddr()[1] = IndexAs<T>(b.idx);
}

template <class T>
inline void ReduceCount(const char *api, const LocalTensor<T> &dst, const LocalTensor<T> &src,
                        int32_t count, int kind, bool calIndex)
{
    CheckCount(api, "src", src, count);
    if (count < 1)
        cpuaclAscendcFail(0, "AscendC::%s: count %d < 1", api, count);
    // count mode has no repeat limit: the whole count, a repeat at a time
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    uint64_t reps = (static_cast<uint64_t>(count) + elems - 1) / elems;
    RepeatMask m;
    m.repeats = static_cast<uint32_t>(reps);
    PrefixBits(elems, m.bits);
    PrefixBits(static_cast<uint64_t>(count) - (reps - 1) * elems, m.last);
    ReduceAll(api, dst, src, m, DEFAULT_REPEAT_STRIDE, kind, calIndex);
}

} // namespace impl

// ReduceSum/Max/Min: dst[0] the result (Max/Min with calIndex: dst[1] its index).
template <typename T>
inline void ReduceSum(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                      const LocalTensor<T> &sharedTmpBuffer, const int32_t count)
{
    (void)sharedTmpBuffer;
    impl::ReduceCount("ReduceSum", dst, src, count, 0, false);
}
template <typename T>
inline void ReduceMax(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                      const LocalTensor<T> &sharedTmpBuffer, const int32_t count, bool calIndex = 0)
{
    (void)sharedTmpBuffer;
    impl::ReduceCount("ReduceMax", dst, src, count, 1, calIndex);
}
template <typename T>
inline void ReduceMin(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                      const LocalTensor<T> &sharedTmpBuffer, const int32_t count, bool calIndex = 0)
{
    (void)sharedTmpBuffer;
    impl::ReduceCount("ReduceMin", dst, src, count, -1, calIndex);
}

#define CPUACL_AC_REDUCE_EXTREME(name, kind, MaskT)                                                \
    template <typename T>                                                                          \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src,                         \
                     const LocalTensor<T> &sharedTmpBuffer, MaskT mask, const int32_t repeatTime,  \
                     const int32_t srcRepStride, bool calIndex = 0)                                \
    {                                                                                              \
        (void)sharedTmpBuffer;                                                                     \
        impl::ReduceAll(                                                                           \
            #name, dst, src,                                                                       \
            impl::ResolveMask(#name, mask, repeatTime, impl::ElemsPerRepeat(sizeof(T)), true),     \
            static_cast<uint32_t>(srcRepStride), kind, calIndex);                                  \
    }
#define CPUACL_AC_REDUCE_REP(MaskT)                                                                \
    template <typename T>                                                                          \
    inline void ReduceSum(const LocalTensor<T> &dst, const LocalTensor<T> &src,                    \
                          const LocalTensor<T> &sharedTmpBuffer, MaskT mask,                       \
                          const int32_t repeatTime, const int32_t srcRepStride)                    \
    {                                                                                              \
        (void)sharedTmpBuffer;                                                                     \
        impl::ReduceAll("ReduceSum", dst, src,                                                     \
                        impl::ResolveMask("ReduceSum", mask, repeatTime,                           \
                                          impl::ElemsPerRepeat(sizeof(T)), true),                  \
                        static_cast<uint32_t>(srcRepStride), 0, false);                            \
    }                                                                                              \
    CPUACL_AC_REDUCE_EXTREME(ReduceMax, 1, MaskT)                                                  \
    CPUACL_AC_REDUCE_EXTREME(ReduceMin, -1, MaskT)
CPUACL_AC_REDUCE_REP(const uint64_t *)
CPUACL_AC_REDUCE_REP(const int32_t)
#undef CPUACL_AC_REDUCE_REP
#undef CPUACL_AC_REDUCE_EXTREME

namespace impl
{

// WholeReduce*: repeat r's result at dst[r * dstRepStride * width].
template <class T>
inline void WholeReduce(const char *api, const LocalTensor<T> &dst, const LocalTensor<T> &src,
                        const RepeatMask &m, int32_t dstRepStride, int32_t srcBlkStride,
                        int32_t srcRepStride, int kind, ReduceOrder order)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    Strided<T> x = Operand(api, "src", src, static_cast<uint32_t>(srcBlkStride),
                           static_cast<uint32_t>(srcRepStride));
    CheckReach(api, "src", x, m, elems);
    uint32_t width = kind == 0 ? 1 : OrderWidth(order);
    if (m.repeats == 0)
        return;
    CheckAlign(api, "dst", dst, sizeof(T) * width);
    CheckOut(api, dst,
             static_cast<uint64_t>(m.repeats - 1) * static_cast<uint32_t>(dstRepStride) * width +
                 width - 1);
    T *d = dst.GetPhyAddr();
    for (uint32_t r = 0; r < m.repeats; r++) {
        T *out = d + static_cast<uint64_t>(r) * static_cast<uint32_t>(dstRepStride) * width;
        if (kind == 0) {
            *out = RepeatSum<T>(
                elems, [&](uint32_t e) { return m.Has(r, e) ? x.At(r, e) : T(0); }, false);
            continue;
        }
        Best b;
        T val{};
        for (uint32_t e = 0; e < elems; e++)
            if (m.Has(r, e))
                Consider(b, val, x.At(r, e), e, kind > 0);
        PutValueIndex(out, val, b.idx, order);
    }
}

// BlockReduce*: block b of repeat r -> dst[r * dstRepStride * 8 + b]; a block the mask
// leaves wholly out keeps its dst element.
template <class T>
inline void BlockReduce(const char *api, const LocalTensor<T> &dst, const LocalTensor<T> &src,
                        const RepeatMask &m, int32_t dstRepStride, int32_t srcBlkStride,
                        int32_t srcRepStride, int kind)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T)), per = ONE_BLK_SIZE / sizeof(T);
    Strided<T> x = Operand(api, "src", src, static_cast<uint32_t>(srcBlkStride),
                           static_cast<uint32_t>(srcRepStride));
    CheckReach(api, "src", x, m, elems);
    if (m.repeats == 0)
        return;
    CheckOut(api, dst,
             static_cast<uint64_t>(m.repeats - 1) * static_cast<uint32_t>(dstRepStride) * 8 + 7);
    T *d = dst.GetPhyAddr();
    for (uint32_t r = 0; r < m.repeats; r++)
        for (uint32_t blk = 0; blk < 8; blk++) {
            Best b;
            T val{};
            for (uint32_t j = 0; j < per; j++)
                if (m.Has(r, blk * per + j))
                    Consider(b, val, x.At(r, blk * per + j), j, kind > 0);
            if (!b.any)
                continue;
            if (kind == 0)
                val = RepeatSum<T>(
                    per,
                    [&](uint32_t j) {
                        return m.Has(r, blk * per + j) ? x.At(r, blk * per + j) : T(0);
                    },
                    true);
            d[static_cast<uint64_t>(r) * static_cast<uint32_t>(dstRepStride) * 8 + blk] = val;
        }
}

// PairReduceSum: elements 2k and 2k+1 of repeat r -> dst[r * dstRepStride * E/2 + k].
template <class T>
inline void PairReduce(const LocalTensor<T> &dst, const LocalTensor<T> &src, const RepeatMask &m,
                       int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride)
{
    constexpr uint32_t elems = ElemsPerRepeat(sizeof(T));
    Strided<T> x = Operand("PairReduceSum", "src", src, static_cast<uint32_t>(srcBlkStride),
                           static_cast<uint32_t>(srcRepStride));
    CheckReach("PairReduceSum", "src", x, m, elems);
    if (m.repeats == 0)
        return;
    CheckOut("PairReduceSum", dst,
             static_cast<uint64_t>(m.repeats - 1) * static_cast<uint32_t>(dstRepStride) *
                     (elems / 2) +
                 elems / 2 - 1);
    T *d = dst.GetPhyAddr();
    for (uint32_t r = 0; r < m.repeats; r++)
        for (uint32_t k = 0; k < elems / 2; k++) {
            bool a = m.Has(r, 2 * k), b = m.Has(r, 2 * k + 1);
            if (!a && !b)
                continue;
            T s = static_cast<T>((a ? x.At(r, 2 * k) : T(0)) + (b ? x.At(r, 2 * k + 1) : T(0)));
            d[static_cast<uint64_t>(r) * static_cast<uint32_t>(dstRepStride) * (elems / 2) + k] = s;
        }
}

} // namespace impl

// The mask/repeat reductions, for both mask forms (MaskT).
#define CPUACL_AC_MASK(api, mask, repeatTimes)                                                     \
    impl::ResolveMask(api, mask, repeatTimes, impl::ElemsPerRepeat(sizeof(T)), isSetMask)
#define CPUACL_AC_WHOLE_EXTREME(name, kind, MaskT)                                                 \
    template <typename T, bool isSetMask = true>                                                   \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src, MaskT mask,             \
                     const int32_t repeatTimes, const int32_t dstRepStride,                        \
                     const int32_t srcBlkStride, const int32_t srcRepStride,                       \
                     ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX)                           \
    {                                                                                              \
        impl::WholeReduce(#name, dst, src, CPUACL_AC_MASK(#name, mask, repeatTimes), dstRepStride, \
                          srcBlkStride, srcRepStride, kind, order);                                \
    }
#define CPUACL_AC_BLOCK(name, kind, MaskT)                                                         \
    template <typename T, bool isSetMask = true>                                                   \
    inline void name(const LocalTensor<T> &dst, const LocalTensor<T> &src,                         \
                     const int32_t repeatTimes, MaskT mask, const int32_t dstRepStride,            \
                     const int32_t srcBlkStride, const int32_t srcRepStride)                       \
    {                                                                                              \
        impl::BlockReduce(#name, dst, src, CPUACL_AC_MASK(#name, mask, repeatTimes), dstRepStride, \
                          srcBlkStride, srcRepStride, kind);                                       \
    }
#define CPUACL_AC_WHOLE_REP(MaskT)                                                                 \
    template <typename T, bool isSetMask = true>                                                   \
    inline void WholeReduceSum(const LocalTensor<T> &dst, const LocalTensor<T> &src, MaskT mask,   \
                               const int32_t repeatTimes, const int32_t dstRepStride,              \
                               const int32_t srcBlkStride, const int32_t srcRepStride)             \
    {                                                                                              \
        impl::WholeReduce("WholeReduceSum", dst, src,                                              \
                          CPUACL_AC_MASK("WholeReduceSum", mask, repeatTimes), dstRepStride,       \
                          srcBlkStride, srcRepStride, 0, ReduceOrder::ORDER_ONLY_VALUE);           \
    }                                                                                              \
    CPUACL_AC_WHOLE_EXTREME(WholeReduceMax, 1, MaskT)                                              \
    CPUACL_AC_WHOLE_EXTREME(WholeReduceMin, -1, MaskT)                                             \
    CPUACL_AC_BLOCK(BlockReduceSum, 0, MaskT)                                                      \
    CPUACL_AC_BLOCK(BlockReduceMax, 1, MaskT)                                                      \
    CPUACL_AC_BLOCK(BlockReduceMin, -1, MaskT)                                                     \
    template <typename T, bool isSetMask = true>                                                   \
    inline void PairReduceSum(const LocalTensor<T> &dst, const LocalTensor<T> &src,                \
                              const int32_t repeatTimes, MaskT mask, const int32_t dstRepStride,   \
                              const int32_t srcBlkStride, const int32_t srcRepStride)              \
    {                                                                                              \
        impl::PairReduce(dst, src, CPUACL_AC_MASK("PairReduceSum", mask, repeatTimes),             \
                         dstRepStride, srcBlkStride, srcRepStride);                                \
    }
CPUACL_AC_WHOLE_REP(const uint64_t *)
CPUACL_AC_WHOLE_REP(const int32_t)
#undef CPUACL_AC_WHOLE_REP
#undef CPUACL_AC_BLOCK
#undef CPUACL_AC_WHOLE_EXTREME
#undef CPUACL_AC_MASK

} // namespace AscendC

#endif // __cplusplus

#endif
