/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The kernel room as its entry points (core/api/kernel.c) see it: the object work behind
 * kernel binaries and functions (core/kernel/binary.c), argument lists and launches
 * (binary.c, core/kernel/function.c), information cached on captured tasks (function.c),
 * and exception callbacks and information (core/kernel/exceptions.c).
 *
 * Each function takes the API's name as fn for the messages it records; the entry point
 * has checked the runtime is initialised and the pointer arguments it names are not NULL
 * (what each function still checks is said with it).
 */
#ifndef CPUACL_CORE_KERNEL_H
#define CPUACL_CORE_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

/* ---- binaries (binary.c) ----------------------------------------------------------- */

/* Load the shared object at binPath (options checked here; a bare name is made ./name). */
aclError core_bin_load_file(const char *binPath, const aclrtBinaryLoadOptions *options,
                            aclrtBinHandle *binHandle, const char *fn);
/* Load a binary from memory (options and the ELF magic checked here). */
aclError core_bin_load_data(const void *data, size_t length, const aclrtBinaryLoadOptions *options,
                            aclrtBinHandle *binHandle, const char *fn);
/* aclrtCreateBinary's copy of data (NULL, message recorded, when out of memory); its bytes;
 * its release. */
aclrtBinary core_bin_create(const void *data, size_t dataLen, const char *fn);
void core_bin_bytes(const aclrtBinary binary, const void **data, size_t *length);
void core_bin_destroy(aclrtBinary binary);
/* Unload a loaded binary (107017 if it is not one); queued launches keep it. */
aclError core_bin_unload(aclrtBinHandle binHandle, const char *fn);
/* The function handle of kernel kernelName of a live binary (made on first use). */
aclError core_bin_get_function(const aclrtBinHandle binHandle, const char *kernelName,
                               aclrtFuncHandle *funcHandle, const char *fn);
/* The function of the kernel exported at symbol by a loaded binary. */
aclError core_bin_func_by_symbol(const void *symbol, aclrtFuncHandle *funcHandle, const char *fn);
/* The function of binHandle starting at address funcEntry. */
aclError core_bin_func_by_entry(aclrtBinHandle binHandle, uint64_t funcEntry,
                                aclrtFuncHandle *funcHandle, const char *fn);
/* A global variable of a live binary: its address and size. */
aclError core_bin_get_global(aclrtBinHandle binHandle, const char *name, void **dptr, size_t *size,
                             const char *fn);
/* The span of a live binary's mapped segments. */
aclError core_bin_dev_address(const aclrtBinHandle binHandle, void **binAddr, size_t *binSize,
                              const char *fn);

/* ---- functions (binary.c, function.c) --------------------------------------------- */

/* funcHandle checked here (NULL: 100000, not live: 107017). */
aclError core_func_name(aclrtFuncHandle funcHandle, uint32_t maxLen, char *name, const char *fn);
aclError core_func_binary(const aclrtFuncHandle funcHandle, aclrtBinHandle *binHandle,
                          const char *fn);
aclError core_func_addr(aclrtFuncHandle funcHandle, void **aicAddr, void **aivAddr, const char *fn);
aclError core_func_size(aclrtFuncHandle funcHandle, size_t *aicSize, size_t *aivSize,
                        const char *fn);
/* From the kernel's exported descriptor (func: a function handle or a kernel's entry). */
aclError core_func_param_count(const void *func, size_t *paramCount, const char *fn);
aclError core_func_param_info(const void *func, size_t paramIndex, size_t *paramOffset,
                              size_t *paramSize, const char *fn);
/* attrType is one of ACL_FUNC_ATTR_KERNEL_TYPE .. ACL_FUNC_ATTR_KERNEL_SCHED_MODE. */
aclError core_func_attribute(aclrtFuncHandle funcHandle, aclrtFuncAttribute attrType,
                             int64_t *attrValue, const char *fn);
aclError core_func_dyn_ubuf(const void *func, size_t *dynamicUbufSize, const char *fn);

/* ---- argument lists (binary.c) ------------------------------------------------------ */

aclError core_args_handle_mem_size(aclrtFuncHandle funcHandle, size_t *memSize, const char *fn);
aclError core_args_mem_size(aclrtFuncHandle funcHandle, size_t userArgsSize, size_t *actualArgsSize,
                            const char *fn);
aclError core_args_init(aclrtFuncHandle funcHandle, aclrtArgsHandle *argsHandle, const char *fn);
aclError core_args_init_user(aclrtFuncHandle funcHandle, aclrtArgsHandle argsHandle,
                             void *userHostMem, size_t actualArgsSize, const char *fn);
/* argsHandle is an initialised list (else 100000, "fn: argsHandle is NULL or not
 * initialised"); the calls below take one that passed this check. */
aclError core_args_check(aclrtArgsHandle argsHandle, const char *fn);
/* Append size bytes of param (NULL: zeros; ph: a placeholder pointer slot). */
aclError core_args_append(aclrtArgsHandle argsHandle, const void *param, size_t size, bool ph,
                          aclrtParamHandle *ph_out, const char *fn);
aclError core_args_ph_buffer(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle,
                             size_t dataSize, void **bufferAddr, const char *fn);
aclError core_args_update(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle,
                          const void *param, size_t paramSize, const char *fn);
/* Checks argsHandle itself. */
aclError core_args_finalize(aclrtArgsHandle argsHandle, const char *fn);

/* ---- launches (binary.c, function.c) ----------------------------------------------- */

/* A launch reading argsData (device memory) when it runs. funcHandle, numBlocks and cfg
 * checked here, and whether the runtime is initialised. */
aclError core_bin_launch(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData,
                         size_t argsSize, const aclrtLaunchKernelCfg *cfg, aclrtStream stream,
                         const char *fn);
/* A launch of an argument list (checked here), snapshotted with its placeholder buffers. */
aclError core_bin_launch_args(aclrtFuncHandle funcHandle, uint32_t numBlocks, aclrtStream stream,
                              const aclrtLaunchKernelCfg *cfg, aclrtArgsHandle argsHandle,
                              const char *fn);
/* Launches by argument array and SIMT launches (function.c). */
aclError core_func_launch_array(const void *func, uint32_t numBlocks, aclrtStream stream,
                                const aclrtLaunchKernelCfg *cfg, void **args, const char *fn);
aclError core_func_launch_simt_array(const void *func, dim3 gridDim, dim3 blockDim,
                                     size_t dynUbufSize, aclrtStream stream,
                                     const aclrtLaunchKernelCfg *cfg, void **args, const char *fn);
aclError core_func_launch_simt_host(const void *func, dim3 gridDim, dim3 blockDim,
                                    size_t dynUbufSize, aclrtStream stream,
                                    const aclrtLaunchKernelCfg *cfg, const void *hostArgs,
                                    size_t argsSize, const aclrtPlaceHolderInfo *placeHolderArray,
                                    size_t placeHolderNum, const char *fn);

/* ---- information cached on the last captured task (function.c) ---------------------- */

#define CORE_OPINFO_MAX (64u * 1024u) /* aclrtCacheLastTaskOpInfo: at most, refused beyond */
#define CORE_EXTINFO_MAX 4096u        /* aclrtCacheLastTaskExtendInfo: cut to */
/* Cache n bytes of p (op: op info, else extended info) on the thread's last captured task. */
aclError core_kernel_cache_last(const void *p, size_t n, bool op, const char *fn);

/* ---- exceptions (exceptions.c) ------------------------------------------------------ */

/* What a failing task reports (aclrtExceptionInfo), filled on the worker that ran it. */
struct rtExceptionInfo {
    uint32_t taskid, streamid, tid, deviceid, retcode;
    void *args;
    uint32_t args_len;
    void *func;
};
/* The deprecated single callback (NULL clears it). */
void core_exc_set_legacy(aclrtExceptionInfoCallback callback);
/* callback not NULL; registered twice: one entry. */
aclError core_exc_register(aclrtExceptionInfoCallback callback, const char *fn);
void core_exc_unregister(aclrtExceptionInfoCallback callback);
/* The position of the calling thread's last submitted task (0 before any). */
uint32_t core_exc_thread_last_task(void);

#endif
