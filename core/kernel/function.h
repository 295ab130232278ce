/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Kernel functions beyond the basic launch (core/kernel/function.c) and the hooks
 * core/kernel/binary.c and core/device/errors.c share with it.
 */
#ifndef CPUACL_CORE_KERNEL2_H
#define CPUACL_CORE_KERNEL2_H

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl_kernel.h"
#include "sched/task.h"

/* Set by cpuaclKernelFail inside a kernel of a loaded binary; the launch
 * (binary.c launch_run) clears it before and checks it after each block. */
extern __thread int32_t core_kernel_t_fail;
/* cpuaclKernelFail(code): the running kernel failed (0: ACL_ERROR_RT_AICORE_EXCEPTION). */
static inline void core_kernel_fail(int32_t code)
{
    core_kernel_t_fail = code ? code : ACL_ERROR_RT_AICORE_EXCEPTION;
}

/* The failing launch of a binary kernel, for the exception hook that runs
 * right after on the same worker (core/device/errors.c); cleared by the hook. */
struct core_kernel_fault {
    void *func, *bin, *args;
    uint32_t args_len;
};
extern __thread struct core_kernel_fault core_kernel_t_fault;

/* launch_run saw core_kernel_t_fail: note the fault, return the task's code. */
int32_t core_kernel_failed(void *func, void *bin, void *args, size_t size);

/* What core/kernel/function.c needs of a function (binary.c). */
struct core_func_info {
    void *func; /* the function handle */
    void *bin;
    const cpuaclKernelDesc *desc; /* NULL: the binary exports no descriptor */
    bool aicpu;
};
/* func: a live function handle or a loaded kernel's entry address. */
aclError core_bin_func_info(const void *func, struct core_func_info *out, const char *fn);
aclError core_bin_register_cpu_func(aclrtBinHandle bin, const char *sym, const char *name,
                                    aclrtFuncHandle *out, const char *fn);
aclError core_bin_set_exception_cb(aclrtBinHandle bin, aclrtOpExceptionCallback cb, void *ud,
                                   const char *fn);
/* aclrtLaunchKernelWithHostArgs under the name fn (arguments checked here). */
aclError core_bin_launch_host_args(aclrtFuncHandle funcHandle, uint32_t numBlocks,
                                   aclrtStream stream, const aclrtLaunchKernelCfg *cfg,
                                   const void *hostArgs, size_t argsSize,
                                   const aclrtPlaceHolderInfo *placeHolderArray,
                                   size_t placeHolderNum, const char *fn);
/* Call bin's exception callback, if any (worker thread, inside the fail hook). */
void core_bin_exception_fire(void *bin, aclrtExceptionInfo *info);

/* Information cached on captured tasks (aclrtCacheLastTask*, core/kernel/function.c): the capture
 * notes each task it takes (calling thread); readers get the cached bytes of a task by
 * model handle, lane and position (pointers stay valid until the model is destroyed). */
struct core_last_cap {
    uint64_t model, stream;
    uint32_t lane, pos;
};
/* initial-exec: a plain %fs-relative store on the capture path (every captured task),
 * not a __tls_get_addr call (measured: +2 ns per captured task, ~20%). */
extern __thread struct core_last_cap core_t_last_cap __attribute__((tls_model("initial-exec")));
static inline void core_capture_note_last(uint64_t model, uint64_t stream, uint32_t lane,
                                          uint32_t pos)
{
    core_t_last_cap = (struct core_last_cap){model, stream, lane, pos};
}
bool core_task_info(uint64_t model, uint32_t lane, uint32_t pos, const void **op, size_t *op_size,
                    const char **ext);

/* Kernel launches of loaded binaries (core/kernel/binary.c): is node one (captured), and with
 * what; a new launch block for new parameters (owned: release with core_bin_task_release). */
bool core_bin_task_params(const struct sched_task *node, aclrtFuncHandle *func, void **args,
                          size_t *size, uint32_t *nblocks);
/* A launch attribute of binary kernel node (id: SCHEM_MODE, DYN_UBUF_SIZE, DATA_DUMP, TIMEOUT or
 * TIMEOUT_US): the value it was launched with, 0 when not given. false: not such a node. */
bool core_bin_task_attr(const struct sched_task *node, aclrtLaunchKernelAttrId id,
                        aclrtLaunchKernelAttrValue *v);
/* The block count of a launch block not yet in use (aclrtTaskUpdateAsync, core/model/taskupdate.c). */
void core_bin_task_set_blocks(void *launch, uint32_t nblocks);
aclError core_bin_task_make(aclrtFuncHandle func, uint32_t nblocks, const void *args, size_t size,
                            bool host, void **out, const char *fn);
void core_bin_task_release(void *launch);

#endif
