// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector_mask.h: what every vector instruction shares. The repeat parameter structs
// (BinaryRepeatParams, UnaryRepeatParams), the vector mask (continuous count or the
// uint64_t[2] bit form; SetVectorMask/ResetMask, SetMaskCount/SetMaskNorm for the counter
// mode), the checks of documented misuse (-> cpuaclAscendcFail), and the walk over the
// elements a mask/repeat instruction touches. docs/ascendc-vector.md.
//
// The model (as documented): one repeat reads 8 blocks of 32 bytes; element e of a repeat
// sits in block e*size/32 at byte (e*size)%32 of it; block b of repeat r of an operand
// starts at base + (r*repStride + b*blkStride) * 32 bytes. The mask says which elements of
// each repeat are computed; the others keep their destination value.
#ifndef CPUACL_ASCENDC_VECTOR_MASK_H
#define CPUACL_ASCENDC_VECTOR_MASK_H

#ifdef __cplusplus

#include <cstdint>
#include <type_traits>

#include "ascendc/tensor_base.h"
#include "ascendc/types.h"
#include "cpuacl/cpuacl_ascendc.h"

namespace AscendC
{

constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint32_t ONE_BLK_SIZE = 32;
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr uint64_t MASK_PLACEHOLDER = 0;

struct BinaryRepeatParams {
    BinaryRepeatParams() {}
    BinaryRepeatParams(uint8_t dstBlk, uint8_t src0Blk, uint8_t src1Blk, uint8_t dstRep,
                       uint8_t src0Rep, uint8_t src1Rep)
        : dstBlkStride(dstBlk), src0BlkStride(src0Blk), src1BlkStride(src1Blk),
          dstRepStride(dstRep), src0RepStride(src0Rep), src1RepStride(src1Rep)
    {
    }
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

struct UnaryRepeatParams {
    UnaryRepeatParams() {}
    UnaryRepeatParams(uint16_t dstBlk, uint16_t srcBlk, uint8_t dstRep, uint8_t srcRep)
        : dstBlkStride(dstBlk), srcBlkStride(srcBlk), dstRepStride(dstRep), srcRepStride(srcRep)
    {
    }
    UnaryRepeatParams(uint16_t dstBlk, uint16_t srcBlk, uint8_t dstRep, uint8_t srcRep, bool half)
        : dstBlkStride(dstBlk), srcBlkStride(srcBlk), dstRepStride(dstRep), srcRepStride(srcRep),
          halfBlock(half)
    {
    }
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
    bool halfBlock = false;
};

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

namespace impl
{

// The mask register of the calling block's vector unit. Inside a launch it is the block's
// own (cpuaclAscendcBlock::vecMask: blocks that share a worker thread as fibers keep theirs
// across SyncAll); outside one (instructions called on the host, as the tests do) one per
// thread. NORMAL: bits[] select elements of every repeat. COUNTER: bits[0] is the number of
// elements to compute, repeatTimes is ignored.
using MaskState = cpuaclAscendcMask;
inline MaskState &Mask()
{
    if (const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock())
        return const_cast<cpuaclAscendcBlock *>(b)->vecMask;
    static thread_local MaskState state{{~0ull, ~0ull}, 0};
    return state;
}
inline bool IsCounter(const MaskState &s)
{
    return s.mode == static_cast<uint32_t>(MaskMode::COUNTER);
}

// Elements one repeat holds for an operand of `bytes`-byte elements.
constexpr uint32_t ElemsPerRepeat(uint32_t bytes)
{
    return ONE_REPEAT_BYTE_SIZE / bytes;
}

inline void CheckRepeat(const char *api, int64_t repeat)
{
    if (repeat < 0 || repeat > MAX_REPEAT_TIMES)
        cpuaclAscendcFail(0, "AscendC::%s: repeatTimes %lld outside [0, %d]", api,
                          static_cast<long long>(repeat), MAX_REPEAT_TIMES);
}

// count-mode: calCount elements must lie inside the tensor.
template <class T>
inline void CheckCount(const char *api, const char *what, const LocalTensor<T> &t, int64_t n)
{
    if (n < 0 || static_cast<uint64_t>(n) > t.GetSize())
        cpuaclAscendcFail(0, "AscendC::%s: calCount %lld outside %s's %u elements", api,
                          static_cast<long long>(n), what, t.GetSize());
}

template <class T>
inline void CheckAlign(const char *api, const char *what, const LocalTensor<T> &t,
                       uintptr_t align = ONE_BLK_SIZE)
{
    if (reinterpret_cast<uintptr_t>(t.GetPhyAddr()) % align != 0)
        cpuaclAscendcFail(0, "AscendC::%s: %s address %p is not %u-byte aligned", api, what,
                          static_cast<const void *>(t.GetPhyAddr()), static_cast<unsigned>(align));
}

// The elements each repeat computes: `bits` for every repeat but the last, `last` for it.
struct RepeatMask {
    uint64_t bits[2];
    uint64_t last[2];
    uint32_t repeats;
    bool Has(uint32_t r, uint32_t e) const
    {
        const uint64_t *m = r + 1 == repeats ? last : bits;
        return (m[e >> 6] >> (e & 63)) & 1u;
    }
    // Highest element index set in any repeat's mask, +1 (0: none).
    uint32_t Span() const
    {
        uint32_t s = 0;
        for (uint32_t e = 0; e < 128; e++)
            if (((bits[e >> 6] | last[e >> 6]) >> (e & 63)) & 1u)
                s = e + 1;
        return s;
    }
};

inline void PrefixBits(uint64_t n, uint64_t out[2])
{
    out[0] = n >= 64 ? ~0ull : ((1ull << n) - 1);
    out[1] = n >= 128 ? ~0ull : n > 64 ? ((1ull << (n - 64)) - 1) : 0;
}

// Counter mode: `count` elements over as many repeats as they need.
inline RepeatMask CounterMask(const char *api, uint64_t count, uint32_t elems)
{
    RepeatMask m;
    uint64_t reps = (count + elems - 1) / elems;
    CheckRepeat(api, static_cast<int64_t>(reps));
    m.repeats = static_cast<uint32_t>(reps);
    PrefixBits(elems, m.bits);
    uint64_t rem = count - (reps ? (reps - 1) * elems : 0);
    PrefixBits(rem, m.last);
    return m;
}

// The continuous form: the first `mask` elements of each repeat.
inline RepeatMask ResolveMask(const char *api, uint64_t mask, int64_t repeat, uint32_t elems,
                              bool isSetMask)
{
    if (!isSetMask) {
        const MaskState &s = Mask();
        if (IsCounter(s))
            return CounterMask(api, s.bits[0], elems);
        CheckRepeat(api, repeat);
        RepeatMask m{{s.bits[0], s.bits[1]}, {s.bits[0], s.bits[1]}, static_cast<uint32_t>(repeat)};
        if (elems <= 64)
            m.bits[1] = m.last[1] = 0;
        return m;
    }
    CheckRepeat(api, repeat);
    if (mask < 1 || mask > elems)
        cpuaclAscendcFail(0, "AscendC::%s: mask %llu outside [1, %u]", api,
                          static_cast<unsigned long long>(mask), elems);
    RepeatMask m;
    m.repeats = static_cast<uint32_t>(repeat);
    PrefixBits(mask, m.bits);
    m.last[0] = m.bits[0];
    m.last[1] = m.bits[1];
    return m;
}

// The bit form: bit e of mask[e/64] selects element e (mask[1] only for 16-bit elements).
inline RepeatMask ResolveMask(const char *api, const uint64_t mask[], int64_t repeat,
                              uint32_t elems, bool isSetMask)
{
    if (!isSetMask)
        return ResolveMask(api, uint64_t{0}, repeat, elems, false);
    CheckRepeat(api, repeat);
    uint64_t hi = elems > 64 ? mask[1] : 0;
    if (mask[0] == 0 && hi == 0)
        cpuaclAscendcFail(0, "AscendC::%s: the bit mask selects no element", api);
    return RepeatMask{{mask[0], hi}, {mask[0], hi}, static_cast<uint32_t>(repeat)};
}

// One operand of a mask/repeat instruction: its first element and strides (32-byte units).
template <class T> struct Strided {
    T *base;
    uint32_t size; // elements of the tensor
    uint32_t blk, rep;
    T &At(uint32_t r, uint32_t e) const
    {
        return base[Offset(r, e)];
    }
    uint64_t Offset(uint32_t r, uint32_t e) const
    {
        constexpr uint32_t per = ONE_BLK_SIZE / sizeof(T);
        return (static_cast<uint64_t>(r) * rep + static_cast<uint64_t>(e / per) * blk) * per +
               e % per;
    }
};

template <class T>
inline Strided<T> Operand(const char *api, const char *what, const LocalTensor<T> &t, uint32_t blk,
                          uint32_t rep)
{
    CheckAlign(api, what, t);
    return Strided<T>{t.GetPhyAddr(), t.GetSize(), blk, rep};
}

// The largest element offset the instruction touches in op must be inside its tensor.
template <class T>
inline void CheckReach(const char *api, const char *what, const Strided<T> &op, const RepeatMask &m,
                       uint32_t elems)
{
    if (m.repeats == 0)
        return;
    uint32_t span = m.Span() < elems ? m.Span() : elems;
    if (span == 0)
        return;
    // Offsets grow with r and with e's block, so the last repeat's last selected element
    // (or the last repeat's last block, with a larger stride) bounds them.
    uint64_t reach = 0;
    for (uint32_t e = 0; e < span; e++) {
        uint64_t o = op.Offset(m.repeats - 1, e);
        if (o > reach)
            reach = o;
    }
    if (reach >= op.size)
        cpuaclAscendcFail(0,
                          "AscendC::%s: repeats and strides reach element %llu of %s, which "
                          "has %u elements",
                          api, static_cast<unsigned long long>(reach), what, op.size);
}

// Calls f(r, e) for each element e of each repeat r the mask selects.
template <class F> inline void ForEachMasked(const RepeatMask &m, uint32_t elems, F f)
{
    for (uint32_t r = 0; r < m.repeats; r++)
        for (uint32_t e = 0; e < elems; e++)
            if (m.Has(r, e))
                f(r, e);
}

// Parameters the tests and callers rely on a type being a 16-bit float.
template <class T> struct IsF16 : std::false_type {
};
template <> struct IsF16<half> : std::true_type {
};
template <> struct IsF16<bfloat16_t> : std::true_type {
};
template <class T> constexpr bool IsFloat = std::is_floating_point<T>::value || IsF16<T>::value;

// The 16 bits of a half / bfloat16_t element, read and written in place of it (may_alias:
// the element-wise loops work on these so that they vectorise).
typedef uint16_t __attribute__((__may_alias__)) Bits16;
// The type a count-mode loop computes T in: float for the 16-bit floats.
template <class T> using Lane = std::conditional_t<IsF16<T>::value, float, T>;

// A scalar argument in a non-deduced context: Adds(halfTensor, halfTensor, 2.0f, n) works.
template <class T> struct Id {
    using type = T;
};

} // namespace impl

// The vector mask for instructions called with isSetMask = false (mask MASK_PLACEHOLDER).
// NORMAL: (maskHigh, maskLow) are the bits of elements 64..127 and 0..63; COUNTER: maskLow is
// the number of elements to compute.
template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow)
{
    impl::MaskState &s = impl::Mask();
    s.mode = static_cast<uint32_t>(mode);
    s.bits[0] = maskLow;
    s.bits[1] = mode == MaskMode::COUNTER ? 0 : maskHigh;
}
// The continuous form: the first len elements (NORMAL) or len elements (COUNTER).
template <typename T, MaskMode mode = MaskMode::NORMAL> inline void SetVectorMask(int32_t len)
{
    impl::MaskState &s = impl::Mask();
    s.mode = static_cast<uint32_t>(mode);
    if (mode == MaskMode::COUNTER) {
        s.bits[0] = static_cast<uint64_t>(len);
        s.bits[1] = 0;
    } else {
        impl::PrefixBits(static_cast<uint64_t>(len), s.bits);
    }
}
inline void ResetMask()
{
    impl::MaskState &s = impl::Mask();
    s.bits[0] = s.bits[1] = ~0ull;
}
inline void SetMaskCount()
{
    impl::Mask().mode = static_cast<uint32_t>(MaskMode::COUNTER);
}
inline void SetMaskNorm()
{
    impl::Mask().mode = static_cast<uint32_t>(MaskMode::NORMAL);
}

} // namespace AscendC

#endif // __cplusplus

#endif
