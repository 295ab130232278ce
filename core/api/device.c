/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of the device calls of acl/acl_rt.h and cpuacl/cpuacl.h: devices
 * and contexts, worker statistics, device error state and core-count limits,
 * device limits, runtime parameters and operator timeouts, device state
 * callbacks, saturation mode and overflow status, device synchronisation, task
 * abort and peer access. Calls the device room (core/device/device.h, errors.h,
 * overflow.h, params.h), the runtime room (core/runtime/runtime.h:
 * CORE_REQUIRE_INIT, core_api_args), the stream room for device synchronisation
 * and task abort (core/stream/stream.h) and the memory room for peer access
 * (core/memory/memory.h). Behaviour and
 * codes: docs/device.md, docs/runtime.md.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/device/overflow.h"
#include "core/device/params.h"
#include "core/err.h"
#include "core/memory/memory.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "cpuacl/cpuacl.h"

/* ---- devices -------------------------------------------------------------------- */

aclError aclrtGetDeviceCount(uint32_t *count)
{
    if (!count)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is NULL");
    return core_device_count(count); /* works before aclInit */
}

aclError aclrtSetDevice(int32_t deviceId)
{
    CORE_REQUIRE_INIT();
    return core_device_set(deviceId, __func__);
}

aclError aclrtResetDevice(int32_t deviceId)
{
    CORE_REQUIRE_INIT();
    return core_device_reset(deviceId, false, __func__);
}

aclError aclrtResetDeviceForce(int32_t deviceId)
{
    CORE_REQUIRE_INIT();
    return core_device_reset(deviceId, true, __func__);
}

aclError aclrtGetDevice(int32_t *deviceId)
{
    CORE_REQUIRE_INIT();
    if (!deviceId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is NULL");
    aclError rc = ACL_SUCCESS;
    struct core_ctx *c = core_ctx_need(__func__, &rc);
    if (!c)
        return rc;
    *deviceId = c->dev->id;
    return ACL_SUCCESS;
}

/* ---- contexts ------------------------------------------------------------------- */

aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId)
{
    CORE_REQUIRE_INIT();
    if (!context)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext: context is NULL");
    return core_ctx_create(deviceId, context, __func__);
}

aclError aclrtDestroyContext(aclrtContext context)
{
    CORE_REQUIRE_INIT();
    if (!context)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext: context is NULL");
    return core_ctx_destroy(context, __func__);
}

aclError aclrtSetCurrentContext(aclrtContext context)
{
    CORE_REQUIRE_INIT();
    if (!context)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext: context is NULL");
    return core_ctx_make_current(context, __func__);
}

aclError aclrtGetCurrentContext(aclrtContext *context)
{
    CORE_REQUIRE_INIT();
    if (!context)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext: context is NULL");
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtGetCurrentContext: the thread has no current context");
    *context = (aclrtContext)(uintptr_t)c->handle;
    return ACL_SUCCESS;
}

/* ---- worker statistics (extension) ---------------------------------------------- */

aclError cpuaclGetWorkerCount(int32_t deviceId, uint32_t *count)
{
    struct core_device *d = NULL;
    if (!count)
        return core_err(ACL_ERROR_INVALID_PARAM, "cpuaclGetWorkerCount: count is NULL");
    aclError rc = core_device_active(deviceId, &d, __func__);
    if (!rc)
        *count = d->nworkers;
    return rc;
}

aclError cpuaclGetWorkerStats(int32_t deviceId, uint32_t index, cpuaclWorkerStats *stats)
{
    struct core_device *d = NULL;
    if (!stats)
        return core_err(ACL_ERROR_INVALID_PARAM, "cpuaclGetWorkerStats: stats is NULL");
    aclError rc = core_device_active(deviceId, &d, __func__);
    if (rc)
        return rc;
    if (index >= d->nworkers)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "cpuaclGetWorkerStats: worker %u out of range (device %d has %u)", index,
                        deviceId, d->nworkers);
    core_device_worker_stats(d, index, stats);
    return ACL_SUCCESS;
}

/* ---- device error state ----------------------------------------------------------- */

/* The error-state calls' common start: the out argument (named what), then the
 * device; *code is the device's latest failure. */
static aclError device_code(int32_t deviceId, const void *out, const char *what, int32_t *code,
                            const char *fn)
{
    if (!out)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
    aclError rc = core_device_check(deviceId, fn);
    if (rc)
        return rc;
    *code = core_device_failure(deviceId);
    return ACL_SUCCESS;
}

aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo *errorInfo)
{
    int32_t code = 0;
    aclError rc = device_code(deviceId, errorInfo, "errorInfo", &code, __func__);
    if (rc)
        return rc;
    core_device_error_info(code, errorInfo);
    return ACL_SUCCESS;
}

aclError aclrtRepairError(int32_t deviceId, const aclrtErrorInfo *errorInfo)
{
    int32_t code = 0;
    aclError rc = device_code(deviceId, errorInfo, "errorInfo", &code, __func__);
    if (rc)
        return rc;
    if (!code || core_device_error_type(code) != errorInfo->errorType)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclrtRepairError: device %d has no failure of type %d to repair", deviceId,
                        (int)errorInfo->errorType);
    core_device_failure_clear(deviceId, code);
    return ACL_SUCCESS;
}

aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus *deviceStatus)
{
    int32_t code = 0;
    aclError rc = device_code(deviceId, deviceStatus, "deviceStatus", &code, __func__);
    if (!rc)
        *deviceStatus = code ? ACL_RT_DEVICE_STATUS_ABNORMAL : ACL_RT_DEVICE_STATUS_NORMAL;
    return rc;
}

/* ---- core-count limits ------------------------------------------------------------ */

aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t *value)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceResLimit: value is NULL");
    aclError rc = core_device_check_active(deviceId, __func__);
    if (!rc)
        rc = core_res_check_type(type, __func__);
    if (rc)
        return rc;
    *value = core_res_device_limit(deviceId, type);
    return ACL_SUCCESS;
}

aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value)
{
    aclError rc = core_device_check_active(deviceId, __func__);
    if (!rc)
        rc = core_res_check_type(type, __func__);
    if (!rc)
        rc = core_res_check_value(type, value, __func__);
    if (rc)
        return rc;
    core_res_set(deviceId, type, value);
    return ACL_SUCCESS;
}

aclError aclrtResetDeviceResLimit(int32_t deviceId)
{
    aclError rc = core_device_check_active(deviceId, __func__);
    if (rc)
        return rc;
    core_res_reset(deviceId);
    return ACL_SUCCESS;
}

/* ---- device limits ---------------------------------------------------------------- */

aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value)
{
    CORE_REQUIRE_INIT();
    return core_limit_set(limit, value, __func__);
}

aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t *value)
{
    aclError rc = core_api_args(value, "value is NULL", __func__);
    return rc ? rc : core_limit_get(limit, value, __func__);
}

/* ---- runtime parameters ----------------------------------------------------------- */

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value)
{
    CORE_REQUIRE_INIT();
    aclError rc = core_sysopt_check(opt, value, true, __func__);
    if (rc)
        return rc;
    core_sysopt_set(opt, value);
    return ACL_SUCCESS;
}

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t *value)
{
    CORE_REQUIRE_INIT();
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetSysParamOpt: value is NULL");
    aclError rc = core_sysopt_check(opt, 0, false, __func__);
    if (rc)
        return rc;
    *value = core_sysopt_get(opt);
    return ACL_SUCCESS;
}

/* The start of the per-context parameter calls: the runtime is up, the option
 * (and for a set, its value) is valid, and *c is the current context. */
static aclError ctx_opt_begin(aclSysParamOpt opt, int64_t value, bool set, struct core_ctx **c,
                              const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    aclError rc = core_sysopt_check(opt, value, set, fn);
    if (!rc)
        *c = core_ctx_need(fn, &rc);
    return rc;
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value)
{
    struct core_ctx *c = NULL;
    aclError rc = ctx_opt_begin(opt, value, true, &c, __func__);
    return rc ? rc : core_ctx_sysopt_set(c, opt, value, __func__);
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t *value)
{
    struct core_ctx *c = NULL;
    aclError rc = core_api_args(value, "value is NULL", __func__);
    if (rc || (rc = ctx_opt_begin(opt, 0, false, &c, __func__)))
        return rc;
    *value = core_ctx_sysopt_get(c, opt);
    return ACL_SUCCESS;
}

/* ---- operator timeouts ------------------------------------------------------------ */

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout)
{
    CORE_REQUIRE_INIT();
    return core_op_timeout_set((uint64_t)timeout * 1000000u, NULL);
}

aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout)
{
    CORE_REQUIRE_INIT();
    return core_op_timeout_set((uint64_t)timeout * 1000u, NULL);
}

aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout)
{
    aclError rc = core_api_args_ctx(actualTimeout, "actualTimeout is NULL", __func__);
    return rc ? rc : core_op_timeout_set(timeout, actualTimeout);
}

aclError aclrtGetOpTimeOutInterval(uint64_t *interval)
{
    aclError rc = core_api_args_ctx(interval, "interval is NULL", __func__);
    if (!rc)
        *interval = CORE_OP_TIMEOUT_INTERVAL_US;
    return rc;
}

aclError aclrtGetOpExecuteTimeout(uint32_t *const timeoutMs)
{
    CORE_REQUIRE_INIT();
    if (!timeoutMs)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetOpExecuteTimeout: timeoutMs is NULL");
    *timeoutMs = core_op_timeout_ms();
    return ACL_SUCCESS;
}

aclError aclrtSetOpWaitTimeout(uint32_t timeout)
{
    CORE_REQUIRE_INIT();
    core_op_wait_timeout_set(timeout);
    return ACL_SUCCESS;
}

/* ---- device state callbacks -------------------------------------------------------- */

aclError aclrtRegDeviceStateCallback(const char *regName, aclrtDeviceStateCallback callback,
                                     void *args)
{
    return core_devstate_register(regName, callback, args, __func__);
}

/* ---- saturation mode and overflow status ----------------------------------------- */

/* The calling thread's current device, for the saturation-mode calls. */
static aclError current_dev(const char *fn, int32_t *dev)
{
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "%s: the thread has no current device (aclrtSetDevice first)", fn);
    *dev = c->dev->id;
    return ACL_SUCCESS;
}

aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode)
{
    CORE_REQUIRE_INIT();
    if (mode != ACL_RT_OVERFLOW_MODE_SATURATION && mode != ACL_RT_OVERFLOW_MODE_INFNAN)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclrtSetDeviceSatMode: mode %d is not SATURATION (0) or INFNAN (1)",
                        (int)mode);
    int32_t d = 0;
    aclError rc = current_dev(__func__, &d);
    if (rc)
        return rc;
    core_sat_mode_set(d, mode);
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode *mode)
{
    CORE_REQUIRE_INIT();
    if (!mode)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceSatMode: mode is NULL");
    int32_t d = 0;
    aclError rc = current_dev(__func__, &d);
    if (rc)
        return rc;
    *mode = core_sat_mode_get(d);
    return ACL_SUCCESS;
}

/* The overflow status calls' arguments: an output of the status's size. */
static aclError status_args(const void *out, uint64_t size, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (!out)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: outputAddr is NULL", fn);
    if (size < CORE_OVERFLOW_STATUS_BYTES)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: outputSize %llu is below the %d bytes the status takes", fn,
                        (unsigned long long)size, CORE_OVERFLOW_STATUS_BYTES);
    return ACL_SUCCESS;
}

aclError aclrtGetOverflowStatus(void *outputAddr, size_t outputSize, aclrtStream stream)
{
    aclError rc = status_args(outputAddr, outputSize, __func__);
    return rc ? rc : core_overflow_status_get(outputAddr, stream, __func__);
}

aclError aclrtGetFloatOverflowStatus(void *outputAddr, uint64_t outputSize, aclrtStream stream)
{
    aclError rc = status_args(outputAddr, outputSize, __func__);
    return rc ? rc : core_overflow_status_get(outputAddr, stream, __func__);
}

aclError aclrtResetOverflowStatus(aclrtStream stream)
{
    CORE_REQUIRE_INIT();
    return core_overflow_status_reset(stream, __func__);
}

aclError aclrtResetFloatOverflowStatus(aclrtStream stream)
{
    CORE_REQUIRE_INIT();
    return core_overflow_status_reset(stream, __func__);
}

/* ---- device synchronisation ------------------------------------------------------ */

aclError aclrtSynchronizeDevice(void)
{
    return core_device_sync("aclrtSynchronizeDevice");
}

aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout)
{
    static const char fn[] = "aclrtSynchronizeDeviceWithTimeout";
    CORE_REQUIRE_INIT();
    uint64_t deadline = 0;
    aclError rc = core_timeout(timeout, &deadline, fn);
    if (rc)
        return rc;
    return core_device_sync_until(deadline, fn);
}

/* ---- task abort of a device ---------------------------------------------- */

#define ABORT_TIMEOUT_MAX_MS (36u * 60u * 1000u)

aclError aclrtSetDeviceTaskAbortCallback(const char *regName, aclrtDeviceTaskAbortCallback callback,
                                         void *args)
{
    return core_device_abort_register(regName, callback, args, "aclrtSetDeviceTaskAbortCallback");
}

aclError aclrtDeviceTaskAbort(int32_t deviceId, uint32_t timeout)
{
    static const char fn[] = "aclrtDeviceTaskAbort";
    aclError rc = core_device_check(deviceId, fn);
    if (rc)
        return rc;
    if (timeout > ABORT_TIMEOUT_MAX_MS)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: timeout %u ms above 36 minutes", fn, timeout);
    return core_device_task_abort(deviceId, timeout, fn);
}

/* ---- peer access ------------------------------------------------------------------ */

aclError aclrtDeviceCanAccessPeer(int32_t *canAccessPeer, int32_t deviceId, int32_t peerDeviceId)
{
    CORE_REQUIRE_INIT();
    if (!canAccessPeer)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDeviceCanAccessPeer: canAccessPeer is NULL");
    return core_mem_peer_can_access(canAccessPeer, deviceId, peerDeviceId,
                                    "aclrtDeviceCanAccessPeer");
}

aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags)
{
    if (flags != 0)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED,
                        "aclrtDeviceEnablePeerAccess: flags must be 0 (got %u)", flags);
    return core_mem_peer_access(peerDeviceId, true, "aclrtDeviceEnablePeerAccess");
}

aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId)
{
    return core_mem_peer_access(peerDeviceId, false, "aclrtDeviceDisablePeerAccess");
}
