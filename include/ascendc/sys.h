// SPDX-License-Identifier: Apache-2.0
//
// ascendc/sys.h: keyword macros, GetBlockIdx/GetBlockNum, SyncAll, barriers and flags, printf,
// trap and assert (clean-room, from the documented Ascend C API; docs/ascendc.md). On a CPU a
// block is one thread of control: the pipes run in program order, so barriers and flags order
// nothing further; the block's index, count and unified buffer come from the runtime
// (cpuacl/cpuacl_ascendc.h).
#ifndef CPUACL_ASCENDC_SYS_H
#define CPUACL_ASCENDC_SYS_H

#include <cassert>
#include <cstdarg>
#include <cstdint>
#include <cstdio>

#include "cpuacl/cpuacl_ascendc.h"

// ---- keywords: memory spaces and kernel kinds are plain host code here -------------------
#ifndef __global__
#define __global__ __attribute__((visibility("default")))
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif
#ifndef __sync_alias__
#define __sync_alias__
#endif
#ifndef __sync_noalias__
#define __sync_noalias__
#endif
#ifndef __in_pipe__
#define __in_pipe__(...)
#endif
#ifndef __out_pipe__
#define __out_pipe__(...)
#endif
#ifndef __inout_pipe__
#define __inout_pipe__(...)
#endif
#ifndef GM_ADDR
#define GM_ADDR __gm__ uint8_t *
#endif
// The kernel-type declarations of a kernel source: nothing to declare on a CPU.
#ifndef KERNEL_TASK_TYPE_DEFAULT
#define KERNEL_TASK_TYPE_DEFAULT(type)
#endif
#ifndef KERNEL_TASK_TYPE
#define KERNEL_TASK_TYPE(key, type)
#endif

// The block's index and count as the builtin variables kernels read (`int32_t i = block_idx`).
#define block_idx (AscendC::GetBlockIdx())
#define block_num (AscendC::GetBlockNum())

// The pipes (barrier and flag operands) and event ids.
enum pipe_t : uint8_t {
    PIPE_S = 0,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_MTE4,
    PIPE_MTE5,
    PIPE_V2,
    PIPE_FIX,
};
enum event_t : uint8_t {
    EVENT_ID0 = 0,
    EVENT_ID1,
    EVENT_ID2,
    EVENT_ID3,
    EVENT_ID4,
    EVENT_ID5,
    EVENT_ID6,
    EVENT_ID7,
};

namespace AscendC
{

using TEventID = int8_t;

// Producer_consumer pairs of pipes a flag orders.
enum class HardEvent : uint8_t {
    MTE2_MTE1,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    M_V,
    V_M,
    V_V,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE1_V,
    MTE2_M,
    M_MTE2,
    V_MTE1,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MTE1_FIX,
    FIX_MTE1,
    FIX_FIX,
    MAX,
};

__aicore__ inline int64_t GetBlockIdx()
{
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    return b ? b->blockIdx : 0;
}

__aicore__ inline int64_t GetBlockNum()
{
    const cpuaclAscendcBlock *b = cpuaclAscendcCurrentBlock();
    return b ? b->blockNum : 1;
}

// The vector sub-block of a cube/vector pair, and the ratio of vector to cube cores: a CPU
// block has neither pairing.
__aicore__ inline int64_t GetSubBlockIdx()
{
    return 0;
}
__aicore__ inline int64_t GetSubBlockNum()
{
    return 1;
}
__aicore__ inline int64_t GetTaskRation()
{
    return 1;
}

// Barrier across all blocks of the launch (hardware form; the isAIVOnly choice does not
// matter on a CPU).
template <bool isAIVOnly = true> __aicore__ inline void SyncAll()
{
    cpuaclAscendcSyncAll();
}

// The software form with its global and local workspaces: the same barrier (the workspaces
// are not used).
template <bool isAIVOnly = true, typename G, typename L>
__aicore__ inline void SyncAll(const G &gmWorkspace, const L &ubWorkspace,
                               const int32_t usedCores = 0)
{
    (void)gmWorkspace;
    (void)ubWorkspace;
    (void)usedCores;
    cpuaclAscendcSyncAll();
}

// Pipe barriers and flags: the pipes are program order on a CPU.
template <pipe_t pipe> __aicore__ inline void PipeBarrier() {}
template <HardEvent event> __aicore__ inline void SetFlag(int32_t eventID)
{
    (void)eventID;
}
template <HardEvent event> __aicore__ inline void WaitFlag(int32_t eventID)
{
    (void)eventID;
}

// The system workspace: cpuacl reserves none, so the user workspace starts at the base.
__aicore__ inline void SetSysWorkspace(GM_ADDR workspace)
{
    (void)workspace;
}
__aicore__ inline GM_ADDR GetUserWorkspace(GM_ADDR workspace)
{
    return workspace;
}
__aicore__ inline GM_ADDR GetSysWorkSpacePtr()
{
    return nullptr;
}

namespace cpuacl_detail
{
// printf's output (a C variadic call, so formats with no argument are printed as given).
inline void print(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    std::vfprintf(stdout, fmt, ap);
    va_end(ap);
}
} // namespace cpuacl_detail

// Formatted output of a kernel, to the process's standard output (one call is one write:
// lines of concurrent blocks do not interleave within a call).
template <class... Args> __aicore__ inline void printf(__gm__ const char *fmt, Args... args)
{
    cpuacl_detail::print(fmt, args...);
}

// A trap: the block ends, the launch fails with ACL_ERROR_RT_AICORE_EXCEPTION at the
// stream's synchronisation (docs/ascendc.md).
[[noreturn]] __aicore__ inline void trap()
{
    cpuaclAscendcFail(0, "trap");
}

namespace cpuacl_detail
{
[[noreturn]] inline void assert_fail(const char *expr, const char *file, int line)
{
    cpuaclAscendcFail(0, "assertion \"%s\" failed at %s:%d", expr, file, line);
}
template <class... Args>
[[noreturn]] inline void assert_fail(const char *expr, const char *file, int line, const char *fmt,
                                     Args... args)
{
    char msg[256];
    std::snprintf(msg, sizeof(msg), fmt, args...);
    cpuaclAscendcFail(0, "assertion \"%s\" failed at %s:%d: %s", expr, file, line, msg);
}
template <class C, class... Args>
inline void assert_check(const char *text, const char *file, int line, const C &cond, Args... args)
{
    if (__builtin_expect(!static_cast<bool>(cond), 0))
        assert_fail(text, file, line, args...);
}
} // namespace cpuacl_detail

} // namespace AscendC

#define PRINTF AscendC::printf

// A failing assertion fails the block's launch like a trap, with the expression and place
// (and the message given) in the error message. Kernel sources get this assert in place of
// <cassert>'s (a program that includes <cassert> after kernel_operator.h gets that one back).
#define ascendc_assert(...)                                                                        \
    AscendC::cpuacl_detail::assert_check(#__VA_ARGS__, __FILE__, __LINE__, __VA_ARGS__)
#undef assert
#define assert(...) ascendc_assert(__VA_ARGS__)

#endif
