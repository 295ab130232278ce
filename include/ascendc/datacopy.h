// SPDX-License-Identifier: Apache-2.0
//
// ascendc/datacopy.h: DataCopy and DataCopyPad between global memory and the unified buffer,
// and the atomic modes of copies to global memory (clean-room, from the documented Ascend C
// API; docs/ascendc.md).
//
// DataCopy moves whole 32-byte data blocks: the count form copies count elements (count *
// sizeof(T) a multiple of 32, else the launch fails); the DataCopyParams form copies
// blockCount blocks of blockLen 32-byte units, skipping srcStride/dstStride units between
// them. DataCopyPad moves any byte length: DataCopyExtParams' blockLen is in bytes; the
// global side's stride is in bytes, the unified buffer side's in 32-byte units, where each
// block starts 32-byte aligned (padded, with DataCopyPadExtParams' value when isPad).
// SetAtomicAdd<T> (Max, Min) makes the block's later copies to global memory add into it
// (read-modify-write per element, atomic across blocks) until SetAtomicNone.
// InitGlobalMemory fills global memory with a value; DataCacheCleanAndInvalid, which on the
// NPU makes the core's scalar data cache agree with global memory, is a full memory fence
// here (the CPU's caches are coherent; the fence orders this block's scalar accesses against
// other blocks' as the flush and invalidate do).
#ifndef CPUACL_ASCENDC_DATACOPY_H
#define CPUACL_ASCENDC_DATACOPY_H

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascendc/pipe.h"
#include "ascendc/sys.h"
#include "ascendc/tensor_base.h"
#include "cpuacl/cpuacl_ascendc.h"

namespace AscendC
{

struct DataCopyParams {
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;  // 32-byte units
    uint16_t srcStride = 0; // 32-byte units between the end of a block and the next
    uint16_t dstStride = 0;
    DataCopyParams() = default;
    DataCopyParams(uint16_t count, uint16_t len, uint16_t srcGap, uint16_t dstGap)
        : blockCount(count), blockLen(len), srcStride(srcGap), dstStride(dstGap)
    {
    }
};

struct DataCopyExtParams {
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;  // bytes
    uint32_t srcStride = 0; // bytes (global memory) or 32-byte units (unified buffer)
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
    DataCopyExtParams() = default;
    DataCopyExtParams(uint16_t count, uint32_t len, uint32_t srcGap, uint32_t dstGap,
                      uint32_t reserved = 0)
        : blockCount(count), blockLen(len), srcStride(srcGap), dstStride(dstGap), rsv(reserved)
    {
    }
};

template <typename T> struct DataCopyPadExtParams {
    bool isPad = false;
    uint8_t leftPadding = 0;  // elements before each block's data
    uint8_t rightPadding = 0; // elements after it
    T paddingValue = T();
    DataCopyPadExtParams() = default;
    DataCopyPadExtParams(bool pad, uint8_t left, uint8_t right, T value)
        : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value)
    {
    }
};

// The older padding parameters (a raw padding value).
struct DataCopyPadParams {
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
    DataCopyPadParams() = default;
    DataCopyPadParams(bool pad, uint8_t left, uint8_t right, uint64_t value)
        : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value)
    {
    }
};

namespace cpuacl_detail
{
enum : uint32_t { kAtomicNone = 0, kAtomicAdd = 1, kAtomicMax = 2, kAtomicMin = 3 };

template <typename T> inline T Combine(uint32_t op, T a, T b)
{
    if (op == kAtomicAdd)
        return static_cast<T>(a + b);
    if (op == kAtomicMax)
        return b > a ? b : a;
    return b < a ? b : a;
}

// *p = op(*p, v) atomically: a compare-and-swap on the element's bits, so it holds for any
// element type with + and < (float, half, bfloat16_t, integers) across blocks running in
// parallel. relaxed: the launch's completion orders the results for the host; blocks that
// exchange results within a launch do so through SyncAll, which orders.
template <typename T> inline void AtomicOne(T *p, T v, uint32_t op)
{
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "atomic copies need 1, 2, 4 or 8-byte elements");
    using U = std::conditional_t<
        sizeof(T) == 1, uint8_t,
        std::conditional_t<sizeof(T) == 2, uint16_t,
                           std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
    U *q = reinterpret_cast<U *>(p);
    U old = __atomic_load_n(q, __ATOMIC_RELAXED);
    for (;;) {
        T cur;
        std::memcpy(&cur, &old, sizeof(T));
        T nv = Combine(op, cur, v);
        U nb;
        std::memcpy(&nb, &nv, sizeof(T));
        if (__atomic_compare_exchange_n(q, &old, nb, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            return;
    }
}

// Copy n elements to global memory under the block's atomic mode.
template <typename T> inline void ToGm(T *dst, const T *src, uint64_t n)
{
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    uint32_t op = b ? b->atomicOp : kAtomicNone;
    if (op == kAtomicNone) {
        std::memmove(dst, src, n * sizeof(T));
        return;
    }
    if (b->atomicType != sizeof(T))
        cpuaclAscendcFail(0,
                          "DataCopy to global memory: the atomic mode was set for %u-byte "
                          "elements, the copy moves %zu-byte ones",
                          b->atomicType, sizeof(T));
    for (uint64_t i = 0; i < n; i++)
        AtomicOne(dst + i, src[i], op);
}

template <typename T> inline void Move(T *dst, const T *src, uint64_t n, bool gm)
{
    if (gm)
        ToGm(dst, src, n);
    else
        std::memmove(dst, src, n * sizeof(T));
}

template <typename T> inline void CheckCount(uint32_t count, uint64_t room, const char *what)
{
    if ((static_cast<uint64_t>(count) * sizeof(T)) % 32 != 0)
        cpuaclAscendcFail(
            0,
            "%s: %u elements of %zu bytes (%llu bytes) are not a multiple of 32 "
            "bytes (use DataCopyPad)",
            what, count, sizeof(T),
            static_cast<unsigned long long>(static_cast<uint64_t>(count) * sizeof(T)));
    if (room && count > room)
        cpuaclAscendcFail(0, "%s: %u elements exceed the local tensor's %llu", what, count,
                          static_cast<unsigned long long>(room));
}

inline void SetAtomic(uint32_t op, uint32_t size)
{
    cpuaclAscendcBlock *b = Block();
    if (b) {
        b->atomicOp = op;
        b->atomicType = size;
    }
}

// Blocks of DataCopyParams: blockCount blocks of blockLen units, gaps in units.
template <typename T>
inline void Blocks(T *dst, const T *src, const DataCopyParams &p, bool gm, uint64_t room,
                   const char *what)
{
    uint64_t len = static_cast<uint64_t>(p.blockLen) * 32;
    uint64_t span = (static_cast<uint64_t>(p.blockCount) * (len + p.dstStride * 32ull));
    if (room && span > room)
        cpuaclAscendcFail(0,
                          "%s: %u blocks of %u x 32 bytes (stride %u) exceed the local "
                          "tensor's %llu bytes",
                          what, p.blockCount, p.blockLen, p.dstStride,
                          static_cast<unsigned long long>(room));
    const uint8_t *s = reinterpret_cast<const uint8_t *>(src);
    uint8_t *d = reinterpret_cast<uint8_t *>(dst);
    for (uint32_t i = 0; i < p.blockCount; i++) {
        Move(reinterpret_cast<T *>(d), reinterpret_cast<const T *>(s), len / sizeof(T), gm);
        s += len + p.srcStride * 32ull;
        d += len + p.dstStride * 32ull;
    }
}
// DataCopyPad's checks: whole elements; blockCount local rows of `row` bytes, `gap` 32-byte
// units apart, within the local tensor's n elements.
template <typename T>
inline void PadCheck(const DataCopyExtParams &p, uint64_t row, uint32_t gap, uint64_t n,
                     const char *what)
{
    uint64_t room = n * sizeof(T);
    if (p.blockLen % sizeof(T) != 0)
        cpuaclAscendcFail(0, "DataCopyPad: blockLen %u is not a whole number of %zu-byte elements",
                          p.blockLen, sizeof(T));
    if (p.blockCount && p.blockCount * (row + gap * 32ull) - gap * 32ull > room)
        cpuaclAscendcFail(0,
                          "DataCopyPad (%s): %u blocks of %llu bytes exceed the local tensor's "
                          "%llu bytes",
                          what, p.blockCount, static_cast<unsigned long long>(row),
                          static_cast<unsigned long long>(room));
}
} // namespace cpuacl_detail

// ---- DataCopy ------------------------------------------------------------------------------

template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                                const uint32_t count)
{
    cpuacl_detail::CheckCount<T>(count, dst.GetSize(), "DataCopy (global to local)");
    std::memmove(dst.GetPhyAddr(), src.GetPhyAddr(), static_cast<uint64_t>(count) * sizeof(T));
}

template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                                const uint32_t count)
{
    cpuacl_detail::CheckCount<T>(count, src.GetSize(), "DataCopy (local to global)");
    cpuacl_detail::ToGm(dst.GetPhyAddr(), src.GetPhyAddr(), count);
}

template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                                const uint32_t count)
{
    cpuacl_detail::CheckCount<T>(count,
                                 dst.GetSize() < src.GetSize() ? dst.GetSize() : src.GetSize(),
                                 "DataCopy (local to local)");
    std::memmove(dst.GetPhyAddr(), src.GetPhyAddr(), static_cast<uint64_t>(count) * sizeof(T));
}

// To a local tensor, from global memory or another local tensor (Src: GlobalTensor or
// LocalTensor).
template <typename T, template <typename> class Src>
__aicore__ inline void DataCopy(const LocalTensor<T> &dst, const Src<T> &src,
                                const DataCopyParams &params)
{
    cpuacl_detail::Blocks(dst.GetPhyAddr(), src.GetPhyAddr(), params, false,
                          static_cast<uint64_t>(dst.GetSize()) * sizeof(T), "DataCopy (to local)");
}

template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                                const DataCopyParams &params)
{
    // The local side (the source) bounds the copy: blocks of blockLen units, srcStride apart.
    uint64_t span = static_cast<uint64_t>(params.blockCount) *
                    (static_cast<uint64_t>(params.blockLen) + params.srcStride) * 32u;
    if (span > static_cast<uint64_t>(src.GetSize()) * sizeof(T))
        cpuaclAscendcFail(0,
                          "DataCopy (local to global): %u blocks of %u x 32 bytes (stride %u) "
                          "exceed the local tensor's %llu bytes",
                          params.blockCount, params.blockLen, params.srcStride,
                          static_cast<unsigned long long>(src.GetSize() * sizeof(T)));
    cpuacl_detail::Blocks(dst.GetPhyAddr(), src.GetPhyAddr(), params, true, 0,
                          "DataCopy (local to global)");
}

// ---- DataCopyPad ---------------------------------------------------------------------------

// Global to local: each block's blockLen bytes land 32-byte aligned, after leftPadding
// elements, followed by rightPadding elements and the filler up to 32 bytes (those set to
// paddingValue when isPad).
template <typename T>
__aicore__ inline void DataCopyPad(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                                   const DataCopyExtParams &p, const DataCopyPadExtParams<T> &pad)
{
    uint64_t left = pad.leftPadding * sizeof(T), right = pad.rightPadding * sizeof(T);
    uint64_t row = cpuacl_detail::Align32(left + p.blockLen + right);
    cpuacl_detail::PadCheck<T>(p, row, p.dstStride, dst.GetSize(), "global to local");
    const uint8_t *s = reinterpret_cast<const uint8_t *>(src.GetPhyAddr());
    uint8_t *d = reinterpret_cast<uint8_t *>(dst.GetPhyAddr());
    for (uint32_t i = 0; i < p.blockCount; i++) {
        if (pad.isPad) {
            T *e = reinterpret_cast<T *>(d);
            for (uint64_t k = 0; k < row / sizeof(T); k++)
                e[k] = pad.paddingValue;
        }
        std::memmove(d + left, s, p.blockLen);
        s += p.blockLen + p.srcStride;
        d += row + p.dstStride * 32ull;
    }
}

// Local to global: blockLen bytes of each 32-byte aligned local block (local gaps in
// 32-byte units, global gaps in bytes), under the atomic mode.
template <typename T>
__aicore__ inline void DataCopyPad(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                                   const DataCopyExtParams &p)
{
    uint64_t row = cpuacl_detail::Align32(p.blockLen);
    cpuacl_detail::PadCheck<T>(p, row, p.srcStride, src.GetSize(), "local to global");
    const uint8_t *s = reinterpret_cast<const uint8_t *>(src.GetPhyAddr());
    uint8_t *d = reinterpret_cast<uint8_t *>(dst.GetPhyAddr());
    for (uint32_t i = 0; i < p.blockCount; i++) {
        cpuacl_detail::ToGm(reinterpret_cast<T *>(d), reinterpret_cast<const T *>(s),
                            p.blockLen / sizeof(T));
        s += row + p.srcStride * 32ull;
        d += p.blockLen + p.dstStride;
    }
}

// The older forms: DataCopyParams with blockLen in bytes, DataCopyPadParams.
template <typename T>
__aicore__ inline void DataCopyPad(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                                   const DataCopyParams &p, const DataCopyPadParams &pad)
{
    T v;
    uint64_t raw = pad.paddingValue;
    std::memcpy(&v, &raw, sizeof(T) < sizeof(raw) ? sizeof(T) : sizeof(raw));
    DataCopyPad(dst, src, DataCopyExtParams(p.blockCount, p.blockLen, p.srcStride, p.dstStride),
                DataCopyPadExtParams<T>(pad.isPad, pad.leftPadding, pad.rightPadding, v));
}

template <typename T>
__aicore__ inline void DataCopyPad(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                                   const DataCopyParams &p)
{
    DataCopyPad(dst, src, DataCopyExtParams(p.blockCount, p.blockLen, p.srcStride, p.dstStride));
}

// ---- atomic modes of copies to global memory -----------------------------------------------

template <typename T> __aicore__ inline void SetAtomicAdd()
{
    cpuacl_detail::SetAtomic(cpuacl_detail::kAtomicAdd, sizeof(T));
}
template <typename T> __aicore__ inline void SetAtomicMax()
{
    cpuacl_detail::SetAtomic(cpuacl_detail::kAtomicMax, sizeof(T));
}
template <typename T> __aicore__ inline void SetAtomicMin()
{
    cpuacl_detail::SetAtomic(cpuacl_detail::kAtomicMin, sizeof(T));
}
__aicore__ inline void SetAtomicNone()
{
    cpuacl_detail::SetAtomic(cpuacl_detail::kAtomicNone, 0);
}

// ---- global memory: fill, data cache ---------------------------------------------------------

// The first `size` elements of gmWorkspaceAddr become `value` (documented for 16- and 32-bit
// types; any trivially copyable T works here). Blocks that read what another block filled
// synchronise first (SyncAll), as on the NPU.
template <typename T>
__aicore__ inline void InitGlobalMemory(GlobalTensor<T> &gmWorkspaceAddr, const uint64_t size,
                                        const T value)
{
    if (gmWorkspaceAddr.GetSize() != 0 && size > gmWorkspaceAddr.GetSize())
        cpuaclAscendcFail(0,
                          "AscendC::InitGlobalMemory: size %llu beyond the tensor's %llu "
                          "elements",
                          static_cast<unsigned long long>(size),
                          static_cast<unsigned long long>(gmWorkspaceAddr.GetSize()));
    T *p = const_cast<T *>(gmWorkspaceAddr.GetPhyAddr());
    for (uint64_t i = 0; i < size; i++)
        p[i] = value;
}

enum class CacheLine : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint8_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

// A sequentially consistent read-modify-write of one process-wide word, which every call
// goes through: a block's scalar writes before its call are visible to a block whose call
// comes later, and a block's reads after its call see what blocks wrote before theirs (the
// NPU's clean and invalidate). An RMW rather than a fence so that ThreadSanitizer sees it.
namespace cpuacl_detail
{
inline unsigned long g_dcci;
inline void Dcci()
{
    __atomic_fetch_add(&g_dcci, 1, __ATOMIC_SEQ_CST);
}
} // namespace cpuacl_detail

template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ inline void DataCacheCleanAndInvalid(const GlobalTensor<T> &)
{
    cpuacl_detail::Dcci();
}
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ inline void DataCacheCleanAndInvalid(const LocalTensor<T> &)
{
    cpuacl_detail::Dcci();
}
template <typename T, CacheLine entireType>
__aicore__ inline void DataCacheCleanAndInvalid(const GlobalTensor<T> &)
{
    cpuacl_detail::Dcci();
}

} // namespace AscendC

#endif
