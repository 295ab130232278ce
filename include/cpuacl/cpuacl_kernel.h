/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl/cpuacl_kernel.h: what a CPU kernel binary (a host shared object, see
 * acl/acl_rt_kernel.h) may export besides its kernels, and the one call a
 * kernel may make while it runs. cpuacl's own names, not AscendCL's.
 *
 * Parameter descriptor. Next to a kernel `k`, a binary may export
 *
 *     const cpuaclKernelDesc k_cpuacl_desc = {CPUACL_KERNEL_DESC_VERSION, ...};
 *
 * It describes the argument block the kernel receives (the offset and size of
 * each parameter, in order) and the facts aclrtGetFunctionAttribute and
 * aclrtFunctionGetAvailDynUbufPerBlock report. aclrtFunctionGetParamCount /
 * GetParamInfo read it, and aclrtLaunchKernelWithArgsArray /
 * aclrtLaunchSIMTKernelWithArgsArray pack a launch's arguments by it: args[i]
 * points to params[i].size bytes that are copied to params[i].offset.
 * docs/kernel.md.
 */
#ifndef CPUACL_CPUACL_KERNEL_H
#define CPUACL_CPUACL_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CPUACL_KERNEL_DESC_VERSION 1u
#define CPUACL_KERNEL_DESC_SUFFIX "_cpuacl_desc"

typedef struct cpuaclKernelParam {
    uint32_t offset; /* byte offset in the argument block */
    uint32_t size;   /* bytes */
} cpuaclKernelParam;

typedef struct cpuaclKernelDesc {
    uint32_t version;         /* CPUACL_KERNEL_DESC_VERSION */
    uint32_t kernelType;      /* an aclrtKernelType (ACL_FUNC_ATTR_KERNEL_TYPE) */
    uint32_t schedMode;       /* ACL_FUNC_ATTR_KERNEL_SCHED_MODE */
    uint16_t vectorRatio;     /* ACL_FUNC_ATTR_KERNEL_RATIO, low 16 bits */
    uint16_t cubeRatio;       /* ACL_FUNC_ATTR_KERNEL_RATIO, bits 16..31 */
    uint64_t dynUbufPerBlock; /* a SIMT kernel: dynamic buffer bytes a block may ask for;
                                 0 = not a SIMT kernel */
    uint32_t numParams;
    const cpuaclKernelParam *params; /* numParams entries */
} cpuaclKernelDesc;

/*
 * Called by a kernel of a loaded binary while it runs: the launch fails with
 * `code` (0 means ACL_ERROR_RT_AICORE_EXCEPTION). The runtime runs no further
 * block of that launch, puts the stream in its error state (the next
 * synchronisation returns the code), and calls the binary's exception
 * callback (aclrtBinarySetExceptionCallback) and the process-wide ones with
 * the function handle and the argument block. Outside a kernel it does nothing.
 */
ACL_FUNC_VISIBILITY void cpuaclKernelFail(int32_t code);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_CPUACL_KERNEL_H */
