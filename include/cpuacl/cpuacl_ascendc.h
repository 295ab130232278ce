/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl/cpuacl_ascendc.h: the C interface between Ascend C kernels compiled for the CPU
 * (kernel_operator.h, the code the `<<<>>>` rewriter and ascendc_library() generate) and
 * the runtime that runs their blocks on the device's workers. cpuacl's own names, not
 * AscendCL's; a user program never calls these directly. docs/ascendc.md.
 *
 * A launch `K<<<blockDim, l2ctrl, stream>>>(a, b, c)` becomes one stream task: the
 * arguments are packed into a block the runtime copies at the call, and `entry(args)` runs
 * once per block, blocks in parallel on the stream's device workers. While a block runs,
 * cpuaclAscendcCurrentBlock() describes it: its index and count and its unified buffer.
 */
#ifndef CPUACL_CPUACL_ASCENDC_H
#define CPUACL_CPUACL_ASCENDC_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Unified buffer bytes of one block (the 910B vector core's, as documented). */
#define CPUACL_ASCENDC_UB_SIZE (192u * 1024u)
/* Largest blockDim a launch accepts (the documented limit of a launch). */
#define CPUACL_ASCENDC_MAX_BLOCK_DIM 65535u

/* The vector mask register of a block (kernel_operator.h's SetVectorMask, SetMaskCount,
 * SetMaskNorm, ResetMask): mode 0 normal (bits[0], bits[1] select elements 0..63 and 64..127
 * of each repeat), 1 counter (bits[0] is the element count). */
typedef struct cpuaclAscendcMask {
    uint64_t bits[2];
    uint32_t mode;
} cpuaclAscendcMask;

typedef struct cpuaclAscendcBlock {
    uint32_t blockIdx; /* 0 .. blockNum-1 */
    uint32_t blockNum; /* the launch's blockDim */
    void *ub;          /* this block's unified buffer: ubSize bytes, 32-byte aligned */
    size_t ubSize;
    const char *kernelName;
    void *rt; /* the runtime's, opaque */
    /* kernel_operator.h's state of the block (its TPipe, the atomic mode of copies to global
     * memory); the runtime clears it when the block starts. */
    void *pipe;
    uint32_t atomicOp;         /* 0 none, 1 add, 2 max, 3 min */
    uint32_t atomicType;       /* the element size the mode was set for */
    cpuaclAscendcMask vecMask; /* normal, every bit set, when the block starts */
    uint64_t cmpMask[2];       /* the CmpMask register (Compare into it, Get/SetCmpMask), 0 */
} cpuaclAscendcBlock;

/* Runs one block of a launch: unpacks args (the bytes given to cpuaclAscendcLaunch) and
 * calls the kernel. */
typedef void (*cpuaclAscendcEntry)(const void *args);

/* Queue a launch of blockDim blocks of entry on stream (NULL: the default stream); argsSize
 * bytes of args are copied. Returns the launch's status (ACL_SUCCESS or the code, with a
 * message naming the kernel); a failing block fails the launch at synchronisation. */
ACL_FUNC_VISIBILITY aclError cpuaclAscendcLaunch(aclrtStream stream, uint32_t blockDim,
                                                 const char *kernelName, cpuaclAscendcEntry entry,
                                                 const void *args, size_t argsSize);

/* The block running on the calling thread (NULL outside an Ascend C block). */
ACL_FUNC_VISIBILITY const cpuaclAscendcBlock *cpuaclAscendcCurrentBlock(void);

/* SyncAll: returns when every block of the running launch has reached it. */
ACL_FUNC_VISIBILITY void cpuaclAscendcSyncAll(void);

/* trap/assert/a checked misuse inside a block: the launch fails with `code` (0:
 * ACL_ERROR_RT_AICORE_EXCEPTION) and the message (naming kernel and block); the block ends
 * here (does not return). Outside a block: prints the message and aborts. */
ACL_FUNC_VISIBILITY void cpuaclAscendcFail(int32_t code, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 2, 3)));

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_CPUACL_ASCENDC_H */
