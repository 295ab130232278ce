/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of kernels (acl/acl_rt_kernel.h, acl/acl_rt.h: kernel binaries and
 * functions, argument handles, kernel launches, exception information and callbacks,
 * information cached on captured tasks; cpuacl/cpuacl_kernel.h: cpuaclKernelFail;
 * cpuacl/cpuacl_ascendc.h: the Ascend C launch and block interface, core/kernel/ascendc.c).
 *
 * Each entry point checks its arguments and records their errors, then calls the kernel
 * room (core/kernel/kernel.h, core/kernel/function.h) under its own name. The launches
 * (aclrtLaunchKernel*) make one tail call on their fast path.
 */
#include <string.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/kernel/ascendc.h"
#include "core/kernel/function.h"
#include "core/kernel/kernel.h"
#include "core/runtime/runtime.h"
#include "cpuacl/cpuacl.h"

/* ---- binaries ------------------------------------------------------------------------ */

aclError aclrtBinaryLoadFromFile(const char *binPath, aclrtBinaryLoadOptions *options,
                                 aclrtBinHandle *binHandle)
{
    static const char fn[] = "aclrtBinaryLoadFromFile";
    aclError rc = core_api_args(binPath && binHandle, "binPath or binHandle is NULL", fn);
    return rc ? rc : core_bin_load_file(binPath, options, binHandle, fn);
}

/* The start of the loads from memory: the runtime is up, the bytes and the out handle are
 * there. */
static aclError load_args(const void *data, size_t length, const aclrtBinHandle *binHandle,
                          const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!data || !length || !binHandle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: data, length or binHandle is NULL/0", fn);
    return ACL_SUCCESS;
}

aclError aclrtBinaryLoadFromData(const void *data, size_t length,
                                 const aclrtBinaryLoadOptions *options, aclrtBinHandle *binHandle)
{
    static const char fn[] = "aclrtBinaryLoadFromData";
    aclError rc = load_args(data, length, binHandle, fn);
    return rc ? rc : core_bin_load_data(data, length, options, binHandle, fn);
}

aclrtBinary aclrtCreateBinary(const void *data, size_t dataLen)
{
    static const char fn[] = "aclrtCreateBinary";
    if (!data || !dataLen) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: data is NULL or dataLen is 0", fn);
        return NULL;
    }
    return core_bin_create(data, dataLen, fn);
}

aclError aclrtDestroyBinary(aclrtBinary binary)
{
    if (!binary)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDestroyBinary: binary is NULL");
    core_bin_destroy(binary);
    return ACL_SUCCESS;
}

aclError aclrtBinaryLoad(const aclrtBinary binary, aclrtBinHandle *binHandle)
{
    static const char fn[] = "aclrtBinaryLoad";
    if (!binary)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: binary is NULL", fn);
    const void *data;
    size_t length;
    core_bin_bytes(binary, &data, &length);
    aclError rc = load_args(data, length, binHandle, fn);
    return rc ? rc : core_bin_load_data(data, length, NULL, binHandle, fn);
}

aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle)
{
    static const char fn[] = "aclrtBinaryUnLoad";
    if (!binHandle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: binHandle is NULL", fn);
    return core_bin_unload(binHandle, fn);
}

aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle, const char *kernelName,
                                aclrtFuncHandle *funcHandle)
{
    static const char fn[] = "aclrtBinaryGetFunction";
    if (!binHandle || !kernelName || !funcHandle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: binHandle, kernelName or funcHandle is NULL",
                        fn);
    return core_bin_get_function(binHandle, kernelName, funcHandle, fn);
}

aclError aclrtBinaryGetGlobal(aclrtBinHandle binHandle, const char *name, void **dptr, size_t *size)
{
    static const char fn[] = "aclrtBinaryGetGlobal";
    if (!binHandle || !name || !dptr || !size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", fn);
    return core_bin_get_global(binHandle, name, dptr, size, fn);
}

aclError aclrtGetFuncBySymbol(const void *symbol, aclrtFuncHandle *funcHandle)
{
    static const char fn[] = "aclrtGetFuncBySymbol";
    aclError rc = core_api_args(symbol && funcHandle, "symbol or funcHandle is NULL", fn);
    return rc ? rc : core_bin_func_by_symbol(symbol, funcHandle, fn);
}

aclError aclrtBinaryGetFunctionByEntry(aclrtBinHandle binHandle, uint64_t funcEntry,
                                       aclrtFuncHandle *funcHandle)
{
    static const char fn[] = "aclrtBinaryGetFunctionByEntry";
    aclError rc = core_api_args(binHandle && funcHandle, "binHandle or funcHandle is NULL", fn);
    return rc ? rc : core_bin_func_by_entry(binHandle, funcEntry, funcHandle, fn);
}

aclError aclrtBinaryGetDevAddress(const aclrtBinHandle binHandle, void **binAddr, size_t *binSize)
{
    static const char fn[] = "aclrtBinaryGetDevAddress";
    aclError rc =
        core_api_args(binHandle && binAddr && binSize, "binHandle, binAddr or binSize is NULL", fn);
    return rc ? rc : core_bin_dev_address(binHandle, binAddr, binSize, fn);
}

aclError aclrtRegisterCpuFunc(const aclrtBinHandle handle, const char *funcName,
                              const char *kernelName, aclrtFuncHandle *funcHandle)
{
    static const char fn[] = "aclrtRegisterCpuFunc";
    CORE_REQUIRE_INIT();
    if (!handle || !funcName || !kernelName || !funcHandle || !funcName[0] || !kernelName[0])
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: handle, funcName, kernelName or funcHandle is NULL or empty", fn);
    if (strlen(funcName) > 256 || strlen(kernelName) > 256)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: funcName or kernelName is longer than 256 bytes", fn);
    return core_bin_register_cpu_func(handle, funcName, kernelName, funcHandle, fn);
}

aclError aclrtBinarySetExceptionCallback(aclrtBinHandle binHandle,
                                         aclrtOpExceptionCallback callback, void *userData)
{
    static const char fn[] = "aclrtBinarySetExceptionCallback";
    aclError rc = core_api_args(binHandle, "binHandle is NULL", fn);
    /* callback NULL clears it (the last setting wins) */
    return rc ? rc : core_bin_set_exception_cb(binHandle, callback, userData, fn);
}

/* ---- functions ----------------------------------------------------------------------- */

aclError aclrtGetFunctionName(aclrtFuncHandle funcHandle, uint32_t maxLen, char *name)
{
    static const char fn[] = "aclrtGetFunctionName";
    if (!name)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: name is NULL", fn);
    return core_func_name(funcHandle, maxLen, name, fn);
}

aclError aclrtFunctionGetBinary(const aclrtFuncHandle funcHandle, aclrtBinHandle *binHandle)
{
    static const char fn[] = "aclrtFunctionGetBinary";
    if (!binHandle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: binHandle is NULL", fn);
    return core_func_binary(funcHandle, binHandle, fn);
}

aclError aclrtGetFunctionAddr(aclrtFuncHandle funcHandle, void **aicAddr, void **aivAddr)
{
    static const char fn[] = "aclrtGetFunctionAddr";
    aclError rc = core_api_args(aicAddr && aivAddr, "aicAddr or aivAddr is NULL", fn);
    return rc ? rc : core_func_addr(funcHandle, aicAddr, aivAddr, fn);
}

aclError aclrtGetFunctionSize(aclrtFuncHandle funcHandle, size_t *aicSize, size_t *aivSize)
{
    static const char fn[] = "aclrtGetFunctionSize";
    aclError rc = core_api_args(aicSize && aivSize, "aicSize or aivSize is NULL", fn);
    return rc ? rc : core_func_size(funcHandle, aicSize, aivSize, fn);
}

aclError aclrtFunctionGetParamCount(const void *func, size_t *paramCount)
{
    static const char fn[] = "aclrtFunctionGetParamCount";
    aclError rc = core_api_args(paramCount, "paramCount is NULL", fn);
    return rc ? rc : core_func_param_count(func, paramCount, fn);
}

aclError aclrtFunctionGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset,
                                   size_t *paramSize)
{
    static const char fn[] = "aclrtFunctionGetParamInfo";
    aclError rc = core_api_args(paramOffset && paramSize, "paramOffset or paramSize is NULL", fn);
    return rc ? rc : core_func_param_info(func, paramIndex, paramOffset, paramSize, fn);
}

aclError aclrtGetFunctionAttribute(aclrtFuncHandle funcHandle, aclrtFuncAttribute attrType,
                                   int64_t *attrValue)
{
    static const char fn[] = "aclrtGetFunctionAttribute";
    aclError rc = core_api_args(attrValue, "attrValue is NULL", fn);
    if (rc)
        return rc;
    if (attrType < ACL_FUNC_ATTR_KERNEL_TYPE || attrType > ACL_FUNC_ATTR_KERNEL_SCHED_MODE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attrType);
    return core_func_attribute(funcHandle, attrType, attrValue, fn);
}

aclError aclrtFunctionGetAvailDynUbufPerBlock(void *func, uint32_t flags, size_t *dynamicUbufSize)
{
    static const char fn[] = "aclrtFunctionGetAvailDynUbufPerBlock";
    (void)flags; /* reserved, ignored as documented */
    aclError rc = core_api_args(dynamicUbufSize, "dynamicUbufSize is NULL", fn);
    return rc ? rc : core_func_dyn_ubuf(func, dynamicUbufSize, fn);
}

/* ---- argument handles ---------------------------------------------------------------- */

aclError aclrtKernelArgsGetHandleMemSize(aclrtFuncHandle funcHandle, size_t *memSize)
{
    static const char fn[] = "aclrtKernelArgsGetHandleMemSize";
    if (!memSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: memSize NULL", fn);
    return core_args_handle_mem_size(funcHandle, memSize, fn);
}

aclError aclrtKernelArgsGetMemSize(aclrtFuncHandle funcHandle, size_t userArgsSize,
                                   size_t *actualArgsSize)
{
    static const char fn[] = "aclrtKernelArgsGetMemSize";
    if (!actualArgsSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: actualArgsSize NULL", fn);
    return core_args_mem_size(funcHandle, userArgsSize, actualArgsSize, fn);
}

aclError aclrtKernelArgsInit(aclrtFuncHandle funcHandle, aclrtArgsHandle *argsHandle)
{
    static const char fn[] = "aclrtKernelArgsInit";
    if (!argsHandle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: argsHandle is NULL", fn);
    return core_args_init(funcHandle, argsHandle, fn);
}

aclError aclrtKernelArgsInitByUserMem(aclrtFuncHandle funcHandle, aclrtArgsHandle argsHandle,
                                      void *userHostMem, size_t actualArgsSize)
{
    static const char fn[] = "aclrtKernelArgsInitByUserMem";
    if (!argsHandle || !userHostMem || !actualArgsSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: argsHandle, userHostMem NULL or size 0", fn);
    return core_args_init_user(funcHandle, argsHandle, userHostMem, actualArgsSize, fn);
}

aclError aclrtKernelArgsAppend(aclrtArgsHandle argsHandle, void *param, size_t paramSize,
                               aclrtParamHandle *paramHandle)
{
    static const char fn[] = "aclrtKernelArgsAppend";
    aclError rc = core_args_check(argsHandle, fn);
    if (rc)
        return rc;
    if (!param || !paramSize || !paramHandle || paramSize > UINT32_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: param, paramSize or paramHandle invalid", fn);
    return core_args_append(argsHandle, param, paramSize, false, paramHandle, fn);
}

aclError aclrtKernelArgsAppendPlaceHolder(aclrtArgsHandle argsHandle, aclrtParamHandle *paramHandle)
{
    static const char fn[] = "aclrtKernelArgsAppendPlaceHolder";
    aclError rc = core_args_check(argsHandle, fn);
    if (rc)
        return rc;
    if (!paramHandle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: paramHandle is NULL", fn);
    return core_args_append(argsHandle, NULL, sizeof(void *), true, paramHandle, fn);
}

aclError aclrtKernelArgsGetPlaceHolderBuffer(aclrtArgsHandle argsHandle,
                                             aclrtParamHandle paramHandle, size_t dataSize,
                                             void **bufferAddr)
{
    static const char fn[] = "aclrtKernelArgsGetPlaceHolderBuffer";
    aclError rc = core_args_check(argsHandle, fn);
    if (rc)
        return rc;
    if (!dataSize || !bufferAddr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: dataSize 0 or bufferAddr NULL", fn);
    return core_args_ph_buffer(argsHandle, paramHandle, dataSize, bufferAddr, fn);
}

aclError aclrtKernelArgsParaUpdate(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle,
                                   void *param, size_t paramSize)
{
    static const char fn[] = "aclrtKernelArgsParaUpdate";
    aclError rc = core_args_check(argsHandle, fn);
    if (rc)
        return rc;
    if (!param)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: param is NULL", fn);
    return core_args_update(argsHandle, paramHandle, param, paramSize, fn);
}

aclError aclrtKernelArgsFinalize(aclrtArgsHandle argsHandle)
{
    return core_args_finalize(argsHandle, "aclrtKernelArgsFinalize");
}

/* ---- launches ------------------------------------------------------------------------ */

aclError aclrtLaunchKernelV2(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData,
                             size_t argsSize, aclrtLaunchKernelCfg *cfg, aclrtStream stream)
{
    static const char fn[] = "aclrtLaunchKernelV2";
    if (!argsData && argsSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: argsData is NULL", fn);
    return core_bin_launch(funcHandle, numBlocks, argsData, argsSize, cfg, stream, fn);
}

aclError aclrtLaunchKernel(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData,
                           size_t argsSize, aclrtStream stream)
{
    static const char fn[] = "aclrtLaunchKernel";
    if (!argsData && argsSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: argsData is NULL", fn);
    return core_bin_launch(funcHandle, numBlocks, argsData, argsSize, NULL, stream, fn);
}

aclError aclrtLaunchKernelWithConfig(aclrtFuncHandle funcHandle, uint32_t numBlocks,
                                     aclrtStream stream, aclrtLaunchKernelCfg *cfg,
                                     aclrtArgsHandle argsHandle, void *reserve)
{
    (void)reserve;
    return core_bin_launch_args(funcHandle, numBlocks, stream, cfg, argsHandle,
                                "aclrtLaunchKernelWithConfig");
}

aclError aclrtLaunchKernelWithHostArgs(aclrtFuncHandle funcHandle, uint32_t numBlocks,
                                       aclrtStream stream, aclrtLaunchKernelCfg *cfg,
                                       void *hostArgs, size_t argsSize,
                                       aclrtPlaceHolderInfo *placeHolderArray,
                                       size_t placeHolderNum)
{
    return core_bin_launch_host_args(funcHandle, numBlocks, stream, cfg, hostArgs, argsSize,
                                     placeHolderArray, placeHolderNum,
                                     "aclrtLaunchKernelWithHostArgs");
}

aclError aclrtLaunchKernelWithArgsArray(void *func, uint32_t numBlocks, aclrtStream stream,
                                        aclrtLaunchKernelCfg *cfg, void **args)
{
    static const char fn[] = "aclrtLaunchKernelWithArgsArray";
    CORE_REQUIRE_INIT();
    return core_func_launch_array(func, numBlocks, stream, cfg, args, fn);
}

aclError aclrtLaunchSIMTKernelWithArgsArray(void *func, dim3 gridDim, dim3 blockDim,
                                            size_t dynUbufSize, aclrtStream stream,
                                            aclrtLaunchKernelCfg *cfg, void **args)
{
    static const char fn[] = "aclrtLaunchSIMTKernelWithArgsArray";
    CORE_REQUIRE_INIT();
    return core_func_launch_simt_array(func, gridDim, blockDim, dynUbufSize, stream, cfg, args, fn);
}

aclError aclrtLaunchSIMTKernelWithHostArgs(void *func, dim3 gridDim, dim3 blockDim,
                                           size_t dynUbufSize, aclrtStream stream,
                                           aclrtLaunchKernelCfg *cfg, void *hostArgs,
                                           size_t argsSize, aclrtPlaceHolderInfo *placeHolderArray,
                                           size_t placeHolderNum)
{
    static const char fn[] = "aclrtLaunchSIMTKernelWithHostArgs";
    CORE_REQUIRE_INIT();
    return core_func_launch_simt_host(func, gridDim, blockDim, dynUbufSize, stream, cfg, hostArgs,
                                      argsSize, placeHolderArray, placeHolderNum, fn);
}

/* The kernel running on this worker failed (cpuacl/cpuacl_kernel.h). */
void cpuaclKernelFail(int32_t code)
{
    core_kernel_fail(code);
}

/* ---- Ascend C launches (cpuacl/cpuacl_ascendc.h; core/kernel/ascendc.c) --------------- */

aclError cpuaclAscendcLaunch(aclrtStream stream, uint32_t blockDim, const char *kernelName,
                             cpuaclAscendcEntry entry, const void *args, size_t argsSize)
{
    static const char fn[] = "cpuaclAscendcLaunch";
    CORE_REQUIRE_INIT();
    return core_ascendc_launch(stream, blockDim, kernelName, entry, args, argsSize, fn);
}

const cpuaclAscendcBlock *cpuaclAscendcCurrentBlock(void)
{
    return core_ascendc_current();
}

void cpuaclAscendcSyncAll(void)
{
    core_ascendc_sync_all();
}

void cpuaclAscendcFail(int32_t code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    core_ascendc_vfail(code, fmt, ap);
}

/* ---- information cached on the last captured task ------------------------------------ */

aclError aclrtCacheLastTaskOpInfo(const void *const infoPtr, const size_t infoSize)
{
    static const char fn[] = "aclrtCacheLastTaskOpInfo";
    CORE_REQUIRE_INIT();
    if (!infoPtr || infoSize == 0 || infoSize > CORE_OPINFO_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: infoPtr is NULL or infoSize %zu is not in (0, %u]", fn, infoSize,
                        CORE_OPINFO_MAX);
    return core_kernel_cache_last(infoPtr, infoSize, true, fn);
}

aclError aclrtCacheLastTaskExtendInfo(const char *const extendInfoPtr, const size_t infoSize)
{
    static const char fn[] = "aclrtCacheLastTaskExtendInfo";
    CORE_REQUIRE_INIT();
    if (!extendInfoPtr || infoSize == 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: extendInfoPtr is NULL or infoSize is 0", fn);
    return core_kernel_cache_last(
        extendInfoPtr, infoSize > CORE_EXTINFO_MAX ? CORE_EXTINFO_MAX : infoSize, false, fn);
}

/* ---- exception callbacks and information --------------------------------------------- */

aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback)
{
    core_exc_set_legacy(callback);
    return ACL_SUCCESS;
}

aclError aclrtExceptionInfoCallbackRegister(aclrtExceptionInfoCallback callback)
{
    static const char fn[] = "aclrtExceptionInfoCallbackRegister";
    if (!callback)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: callback is NULL", fn);
    return core_exc_register(callback, fn);
}

aclError aclrtExceptionInfoCallbackUnregister(aclrtExceptionInfoCallback callback)
{
    if (!callback)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclrtExceptionInfoCallbackUnregister: callback is NULL");
    core_exc_unregister(callback);
    return ACL_SUCCESS;
}

/* The getters return 0xFFFFFFFF for a NULL info (the "device exception" value). */
#define NO_INFO 0xFFFFFFFFu

uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo *info)
{
    return info ? info->taskid : NO_INFO;
}

uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo *info)
{
    return info ? info->streamid : NO_INFO;
}

uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo *info)
{
    return info ? info->tid : NO_INFO;
}

uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo *info)
{
    return info ? info->deviceid : NO_INFO;
}

uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo *info)
{
    return info ? info->retcode : NO_INFO;
}

aclError aclrtGetThreadLastTaskId(uint32_t *taskId)
{
    CORE_REQUIRE_INIT();
    if (!taskId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetThreadLastTaskId: taskId is NULL");
    *taskId = core_exc_thread_last_task();
    return ACL_SUCCESS;
}

aclError aclrtGetArgsFromExceptionInfo(const aclrtExceptionInfo *info, void **devArgsPtr,
                                       uint32_t *devArgsLen)
{
    if (!info || !devArgsPtr || !devArgsLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetArgsFromExceptionInfo: NULL argument");
    *devArgsPtr = info->args;
    *devArgsLen = info->args_len;
    return ACL_SUCCESS;
}

aclError aclrtGetFuncHandleFromExceptionInfo(const aclrtExceptionInfo *info, aclrtFuncHandle *func)
{
    if (!info || !func)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclrtGetFuncHandleFromExceptionInfo: NULL argument");
    *func = info->func;
    return ACL_SUCCESS;
}
