/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Errors and device facts: exception callbacks fired for failing tasks, the
 * device error state (aclrtGetErrorVerbose, aclrtQueryDeviceStatus,
 * aclrtRepairError), device attributes, core-count limits per device, stream
 * and thread, CANN attributes and package versions, the bare tgid.
 *
 * A failing task reaches fail_hook (installed in sched/ at load time) on the
 * worker that ran it, while the task is still at its stream's head:
 *  E1. The device's failure code is stored first (release), then callbacks
 *      run; so once a synchronisation has returned the task's error, both the
 *      device state and every callback's effects are visible (the worker's
 *      release store of head comes after the hook returns, stream.h S2).
 *  E2. Callback slots are written under cb_lock and read lock-free: a slot
 *      is either NULL or a callback registered at some point; unregistering
 *      does not wait for a notification already in flight (as documented).
 */
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/kernel/function.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/task/task.h"
#include "cpuacl/cpuacl.h"

struct rtExceptionInfo {
    uint32_t taskid, streamid, tid, deviceid, retcode;
    void *args;
    uint32_t args_len;
    void *func;
};

__thread void *core_errinfo_t_func;

/* ---- exception callbacks ------------------------------------------------ */

#define CB_MAX 64
static pthread_mutex_t cb_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(aclrtExceptionInfoCallback) cb_legacy;      /* A: the deprecated setter's */
static _Atomic(aclrtExceptionInfoCallback) cb_slots[CB_MAX]; /* A: E2 */

/* Per device: latest failure code since the last repair or reset, 0 = none,
 * and the core limits (0 = hardware default). */
static struct {
    _Atomic int32_t code;
    _Atomic uint32_t lim[2];
} g_dev[CORE_MAX_DEVICES];

static bool is_memory_error(int32_t code)
{
    return code == ACL_ERROR_RT_DEVICE_MEM_ERROR || code == ACL_ERROR_RT_SUSPECT_DEVICE_MEM_ERROR ||
           code == ACL_ERROR_RT_MEMORY_ALLOCATION || code == ACL_ERROR_RT_MEMORY_FREE;
}

static void fail_hook(struct sched_exec *x, int32_t code)
{
    struct core_stream *s = (struct core_stream *)x->stream->owner;
    struct core_ctx *ctx = s ? s->ctx : NULL;
    struct core_kernel_fault kf = core_kernel_t_fault; /* a binary kernel's failure (core/kernel/function.c) */
    core_kernel_t_fault = (struct core_kernel_fault){0};
    if (!ctx) /* a stream being torn down: no device to report to */
        return;
    int32_t dev = ctx->dev->id;
    /* release: E1, the state is visible to whoever sees the callbacks' effects. */
    atomic_store_explicit(&g_dev[dev].code, code, memory_order_release);

    /* relaxed: E2 only needs some registered value; the callback's own state
     * is the user's. */
    aclrtExceptionInfoCallback legacy = atomic_load_explicit(&cb_legacy, memory_order_relaxed);
    bool any = legacy != NULL || kf.bin != NULL;
    for (int i = 0; i < CB_MAX && !any; i++)
        any = atomic_load_explicit(&cb_slots[i], memory_order_relaxed) != NULL;
    if (!any)
        return;

    /* relaxed: head is written only by this worker. */
    uint64_t pos = atomic_load_explicit(&x->stream->head, memory_order_relaxed);
    struct sched_task *t = &x->stream->slots[pos & x->stream->mask];
    struct rtExceptionInfo info = {
        .taskid = (uint32_t)pos,
        .streamid = x->stream->trace_id,
        .tid = (uint32_t)syscall(SYS_gettid),
        .deviceid = (uint32_t)dev,
        .retcode = (uint32_t)code,
        .func = kf.func ? kf.func : core_errinfo_t_func,
        .args = kf.args,
        .args_len = kf.args_len,
    };
    if (t->kind == CORE_T_KERNEL && !info.func) { /* cpuacl C kernels */
        if (t->u16) {
            info.args = &t->arg.u64[2];
            info.args_len = CPUACL_KERNEL_ARGS_MAX;
        } else {
            info.args = t->arg.ptr[1];
        }
    }
    if (legacy)
        legacy(&info);
    for (int i = 0; i < CB_MAX; i++) {
        aclrtExceptionInfoCallback cb = atomic_load_explicit(&cb_slots[i], memory_order_relaxed);
        if (cb)
            cb(&info);
    }
    if (kf.bin) /* the binary's own callback (aclrtBinarySetExceptionCallback) */
        core_bin_exception_fire(kf.bin, &info);
}

__attribute__((constructor)) static void errinfo_install(void)
{
    /* release: pairs with the acquire in sched_exec_fail. */
    atomic_store_explicit(&sched_fail_hook, fail_hook, memory_order_release);
}

aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback)
{
    /* relaxed: E2. */
    atomic_store_explicit(&cb_legacy, callback, memory_order_relaxed);
    return ACL_SUCCESS;
}

aclError aclrtExceptionInfoCallbackRegister(aclrtExceptionInfoCallback callback)
{
    if (!callback)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclrtExceptionInfoCallbackRegister: callback is NULL");
    pthread_mutex_lock(&cb_lock);
    int freei = -1;
    for (int i = 0; i < CB_MAX; i++) {
        aclrtExceptionInfoCallback c = atomic_load_explicit(&cb_slots[i], memory_order_relaxed);
        if (c == callback) { /* registered again: one entry */
            pthread_mutex_unlock(&cb_lock);
            return ACL_SUCCESS;
        }
        if (!c && freei < 0)
            freei = i;
    }
    if (freei >= 0) /* relaxed: E2 */
        atomic_store_explicit(&cb_slots[freei], callback, memory_order_relaxed);
    pthread_mutex_unlock(&cb_lock);
    if (freei < 0)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                        "aclrtExceptionInfoCallbackRegister: %d callbacks already registered",
                        CB_MAX);
    return ACL_SUCCESS;
}

aclError aclrtExceptionInfoCallbackUnregister(aclrtExceptionInfoCallback callback)
{
    if (!callback)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclrtExceptionInfoCallbackUnregister: callback is NULL");
    pthread_mutex_lock(&cb_lock);
    for (int i = 0; i < CB_MAX; i++)
        if (atomic_load_explicit(&cb_slots[i], memory_order_relaxed) == callback)
            atomic_store_explicit(&cb_slots[i], NULL, memory_order_relaxed); /* E2 */
    pthread_mutex_unlock(&cb_lock);
    return ACL_SUCCESS;
}

/* The getters return 0xFFFFFFFF for a NULL info (the "device exception" value). */
#define INFO_FIELD(fn, field)                                                                      \
    uint32_t fn(const aclrtExceptionInfo *info) { return info ? info->field : 0xFFFFFFFFu; }
INFO_FIELD(aclrtGetTaskIdFromExceptionInfo, taskid)
INFO_FIELD(aclrtGetStreamIdFromExceptionInfo, streamid)
INFO_FIELD(aclrtGetThreadIdFromExceptionInfo, tid)
INFO_FIELD(aclrtGetDeviceIdFromExceptionInfo, deviceid)
INFO_FIELD(aclrtGetErrorCodeFromExceptionInfo, retcode)

/* The id of the last task the calling thread submitted to a stream: its
 * position in that stream, as aclrtGetTaskIdFromExceptionInfo reports it
 * (sched_stream_commit records it). Tasks recorded into a capture are not
 * submitted and leave it unchanged; before any submission it is 0. */
aclError aclrtGetThreadLastTaskId(uint32_t *taskId)
{
    CORE_REQUIRE_INIT();
    if (!taskId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetThreadLastTaskId: taskId is NULL");
    struct sched_producer *me = sched_t_producer; /* NULL: never submitted */
    *taskId = me ? me->last_task : 0;
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

/* ---- device error state ------------------------------------------------- */

void core_errinfo_device_reset(int32_t dev)
{
    if (dev < 0 || dev >= CORE_MAX_DEVICES)
        return;
    /* relaxed: the device has no running task and no concurrent user (lock held). */
    atomic_store_explicit(&g_dev[dev].code, 0, memory_order_relaxed);
    atomic_store_explicit(&g_dev[dev].lim[0], 0, memory_order_relaxed);
    atomic_store_explicit(&g_dev[dev].lim[1], 0, memory_order_relaxed);
}

static aclError check_device(int32_t deviceId, bool need_active, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (deviceId < 0 || (uint32_t)deviceId >= g_rt.cfg.device_count)
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist (%u devices)",
                        fn, deviceId, g_rt.cfg.device_count);
    if (need_active) {
        pthread_mutex_lock(&g_rt.lock);
        bool active = core_devices[deviceId].active;
        pthread_mutex_unlock(&g_rt.lock);
        if (!active)
            return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: device %d has not been set", fn,
                            deviceId);
    }
    return ACL_SUCCESS;
}

static aclrtErrorType error_type(int32_t code)
{
    if (!code)
        return ACL_RT_NO_ERROR;
    return is_memory_error(code) ? ACL_RT_ERROR_MEMORY : ACL_RT_ERROR_OTHERS;
}

aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo *errorInfo)
{
    if (!errorInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetErrorVerbose: errorInfo is NULL");
    aclError rc = check_device(deviceId, false, "aclrtGetErrorVerbose");
    if (rc)
        return rc;
    /* acquire: E1. */
    int32_t code = atomic_load_explicit(&g_dev[deviceId].code, memory_order_acquire);
    memset(errorInfo, 0, sizeof(*errorInfo));
    errorInfo->errorType = error_type(code);
    /* A CPU device has no hardware fault to repair; the state is cleared by
     * aclrtRepairError (or a device reset). No detail: no UCE addresses. */
    errorInfo->tryRepair = code ? 1 : 0;
    errorInfo->hasDetail = 0;
    return ACL_SUCCESS;
}

aclError aclrtRepairError(int32_t deviceId, const aclrtErrorInfo *errorInfo)
{
    if (!errorInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtRepairError: errorInfo is NULL");
    aclError rc = check_device(deviceId, false, "aclrtRepairError");
    if (rc)
        return rc;
    int32_t code = atomic_load_explicit(&g_dev[deviceId].code, memory_order_acquire); /* E1 */
    if (!code || error_type(code) != errorInfo->errorType)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclrtRepairError: device %d has no failure of type %d to repair", deviceId,
                        (int)errorInfo->errorType);
    /* relaxed: a failure racing with the repair is either cleared or kept;
     * both are states the caller can observe with aclrtGetErrorVerbose. */
    atomic_compare_exchange_strong_explicit(&g_dev[deviceId].code, &code, 0, memory_order_relaxed,
                                            memory_order_relaxed);
    return ACL_SUCCESS;
}

aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus *deviceStatus)
{
    if (!deviceStatus)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtQueryDeviceStatus: deviceStatus is NULL");
    aclError rc = check_device(deviceId, false, "aclrtQueryDeviceStatus");
    if (rc)
        return rc;
    *deviceStatus = atomic_load_explicit(&g_dev[deviceId].code, memory_order_acquire) /* E1 */
                        ? ACL_RT_DEVICE_STATUS_ABNORMAL
                        : ACL_RT_DEVICE_STATUS_NORMAL;
    return ACL_SUCCESS;
}

/* ---- device attributes -------------------------------------------------- */

#define CUBE_CORES 20u   /* Ascend910B3: AI (cube) cores */
#define VECTOR_CORES 40u /* Ascend910B3: vector cores */

uint32_t core_res_default(aclrtDevResLimitType type)
{
    return type == ACL_RT_DEV_RES_CUBE_CORE ? CUBE_CORES : VECTOR_CORES;
}

aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t *value)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceInfo: value is NULL");
    if (deviceId > INT32_MAX)
        deviceId = INT32_MAX; /* reported as a missing device below */
    aclError rc = check_device((int32_t)deviceId, false, "aclrtGetDeviceInfo");
    if (rc)
        return rc;
    switch ((int)attr) {
    case ACL_DEV_ATTR_AICPU_CORE_NUM: /* the CPUs that run the device's tasks */
        *value = g_rt.cfg.workers;
        return ACL_SUCCESS;
    case ACL_DEV_ATTR_AICORE_CORE_NUM:
    case ACL_DEV_ATTR_CUBE_CORE_NUM:
        *value = CUBE_CORES;
        return ACL_SUCCESS;
    case ACL_DEV_ATTR_VECTOR_CORE_NUM:
        *value = VECTOR_CORES;
        return ACL_SUCCESS;
    case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE:
        *value = (int64_t)g_rt.cfg.device_memory;
        return ACL_SUCCESS;
    case ACL_DEV_ATTR_L2_CACHE_SIZE: { /* the host's last-level cache */
        long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE), l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
        *value = l3 > 0 ? l3 : l2 > 0 ? l2 : 0;
        return ACL_SUCCESS;
    }
    case ACL_DEV_ATTR_SMP_ID:          /* every virtual device is in this OS */
    case ACL_DEV_ATTR_MAINBOARD_ID:
    case ACL_DEV_ATTR_IS_VIRTUAL:      /* no compute-power splitting */
    case ACL_DEV_ATTR_CUST_OP_PRIVILEGE:
        *value = 0;
        return ACL_SUCCESS;
    case ACL_DEV_ATTR_PHY_CHIP_ID:
        *value = deviceId;
        return ACL_SUCCESS;
    case ACL_DEV_ATTR_DEVICE_FORM_FACTOR:
        *value = ACL_DEVICE_FORM_FACTOR_PCIE_CARD; /* a host process, like a card */
        return ACL_SUCCESS;
    case ACL_DEV_ATTR_WARP_SIZE:
    case ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE:
    case ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE:
    case ACL_DEV_ATTR_MAX_GRID_DIM_X:
    case ACL_DEV_ATTR_MAX_GRID_DIM_Y:
    case ACL_DEV_ATTR_MAX_GRID_DIM_Z:
    case ACL_DEV_ATTR_MAX_BLOCK_PER_GRID:
    case ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK:
    case ACL_DEV_ATTR_MAX_BLOCK_DIM_X:
    case ACL_DEV_ATTR_MAX_BLOCK_DIM_Y:
    case ACL_DEV_ATTR_MAX_BLOCK_DIM_Z:
    case ACL_DEV_ATTR_SUPER_POD_DEVICE_ID:
    case ACL_DEV_ATTR_SUPER_POD_SERVER_ID:
    case ACL_DEV_ATTR_SUPER_POD_ID:
    case ACL_DEV_ATTR_HD_CONNECT_TYPE:
    case ACL_DEV_ATTR_NPU_ARCH:
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtGetDeviceInfo: attribute %d has no value on an Ascend910B-like "
                        "CPU device",
                        (int)attr);
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceInfo: unknown attribute %d",
                        (int)attr);
    }
}

/* ---- core-count limits -------------------------------------------------- */

/* Stream limits: a small table keyed by stream handle (handles are never
 * reused, so an entry of a destroyed stream is stale and purged on insert). */
#define SLIM_MAX (CORE_MAX_DEVICES * CORE_MAX_STREAMS_PER_DEVICE)
static pthread_mutex_t slim_lock = PTHREAD_MUTEX_INITIALIZER;
static struct slim {
    uint64_t handle;
    uint32_t lim[2];
} slim[SLIM_MAX];
static uint32_t nslim; /* slim_lock */

static __thread uint64_t t_res_stream; /* aclrtUseStreamResInCurrentThread, 0 = none */

static aclError check_type(aclrtDevResLimitType type, const char *fn)
{
    if ((int)type != ACL_RT_DEV_RES_CUBE_CORE && (int)type != ACL_RT_DEV_RES_VECTOR_CORE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown resource type %d", fn, (int)type);
    return ACL_SUCCESS;
}

static aclError check_value(aclrtDevResLimitType type, uint32_t value, const char *fn)
{
    if (value == 0 || value > core_res_default(type))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %u %s cores (1 .. %u)", fn, value,
                        type == ACL_RT_DEV_RES_CUBE_CORE ? "cube" : "vector",
                        core_res_default(type));
    return ACL_SUCCESS;
}

static uint32_t dev_limit(int32_t dev, aclrtDevResLimitType type)
{
    /* relaxed: a configuration value, no data hangs off it. */
    uint32_t v = atomic_load_explicit(&g_dev[dev].lim[type], memory_order_relaxed);
    return v ? v : core_res_default(type);
}

aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t *value)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceResLimit: value is NULL");
    aclError rc = check_device(deviceId, true, "aclrtGetDeviceResLimit");
    if (!rc)
        rc = check_type(type, "aclrtGetDeviceResLimit");
    if (rc)
        return rc;
    *value = dev_limit(deviceId, type);
    return ACL_SUCCESS;
}

aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value)
{
    aclError rc = check_device(deviceId, true, "aclrtSetDeviceResLimit");
    if (!rc)
        rc = check_type(type, "aclrtSetDeviceResLimit");
    if (!rc)
        rc = check_value(type, value, "aclrtSetDeviceResLimit");
    if (rc)
        return rc;
    atomic_store_explicit(&g_dev[deviceId].lim[type], value, memory_order_relaxed); /* config */
    return ACL_SUCCESS;
}

aclError aclrtResetDeviceResLimit(int32_t deviceId)
{
    aclError rc = check_device(deviceId, true, "aclrtResetDeviceResLimit");
    if (rc)
        return rc;
    atomic_store_explicit(&g_dev[deviceId].lim[0], 0, memory_order_relaxed); /* config */
    atomic_store_explicit(&g_dev[deviceId].lim[1], 0, memory_order_relaxed);
    return ACL_SUCCESS;
}

static struct slim *slim_find(uint64_t h) /* slim_lock */
{
    for (uint32_t i = 0; i < nslim; i++)
        if (slim[i].handle == h)
            return &slim[i];
    return NULL;
}

/* The limit of stream handle h (0 = not set). */
static uint32_t stream_limit(uint64_t h, aclrtDevResLimitType type)
{
    pthread_mutex_lock(&slim_lock);
    struct slim *e = slim_find(h);
    uint32_t v = e ? e->lim[type] : 0;
    pthread_mutex_unlock(&slim_lock);
    return v;
}

/* Set stream handle h's limit of `type`. */
static void stream_limit_set(uint64_t h, aclrtDevResLimitType type, uint32_t value)
{
    pthread_mutex_lock(&slim_lock);
    struct slim *e = slim_find(h);
    if (!e) {
        uint32_t j = 0; /* purge entries of destroyed streams */
        for (uint32_t i = 0; i < nslim; i++)
            if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)slim[i].handle))
                slim[j++] = slim[i];
        nslim = j;
        e = &slim[nslim++]; /* live streams < SLIM_MAX */
        *e = (struct slim){.handle = h};
    }
    e->lim[type] = value;
    pthread_mutex_unlock(&slim_lock);
}

/* Forget stream handle h's limits. */
static void stream_limit_drop(uint64_t h)
{
    pthread_mutex_lock(&slim_lock);
    struct slim *e = slim_find(h);
    if (e)
        *e = slim[--nslim];
    pthread_mutex_unlock(&slim_lock);
}

/* Stream argument of the limit calls (init checked first). */
static aclError res_stream(aclrtStream stream, struct core_stream **s, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    return core_stream_resolve(stream, s, fn);
}

aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t *value)
{
    struct core_stream *s = NULL;
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetStreamResLimit: value is NULL");
    aclError rc = res_stream(stream, &s, "aclrtGetStreamResLimit");
    if (!rc)
        rc = check_type(type, "aclrtGetStreamResLimit");
    if (rc)
        return rc;
    uint32_t v = stream_limit(s->handle, type);
    *value = v ? v : dev_limit(s->ctx->dev->id, type);
    return ACL_SUCCESS;
}

aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, "aclrtSetStreamResLimit");
    if (!rc)
        rc = check_type(type, "aclrtSetStreamResLimit");
    if (!rc)
        rc = check_value(type, value, "aclrtSetStreamResLimit");
    if (rc)
        return rc;
    stream_limit_set(s->handle, type, value);
    return ACL_SUCCESS;
}

aclError aclrtResetStreamResLimit(aclrtStream stream)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, "aclrtResetStreamResLimit");
    if (!rc)
        stream_limit_drop(s->handle);
    return rc;
}

/* Bind this thread to the stream's resources (use) or release that binding. */
static aclError thread_res(aclrtStream stream, bool use, const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, fn);
    if (rc)
        return rc;
    if (!use && t_res_stream != s->handle)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the thread does not use this stream's resources", fn);
    t_res_stream = use ? s->handle : 0;
    return ACL_SUCCESS;
}

aclError aclrtUseStreamResInCurrentThread(aclrtStream stream)
{
    return thread_res(stream, true, "aclrtUseStreamResInCurrentThread");
}

aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream)
{
    return thread_res(stream, false, "aclrtUnuseStreamResInCurrentThread");
}

aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t *value)
{
    CORE_REQUIRE_INIT();
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetResInCurrentThread: value is NULL");
    aclError rc = check_type(type, "aclrtGetResInCurrentThread");
    if (rc)
        return rc;
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtGetResInCurrentThread: the thread has no current context");
    struct core_stream *s =
        t_res_stream ? core_table_lookup(&g_rt.streams, (void *)(uintptr_t)t_res_stream) : NULL;
    uint32_t v = s ? stream_limit(t_res_stream, type) : 0;
    *value = v ? v : dev_limit(s ? s->ctx->dev->id : c->dev->id, type);
    return ACL_SUCCESS;
}

/* ---- process, CANN attributes and versions ------------------------------ */

aclError aclrtDeviceGetBareTgid(int32_t *pid)
{
    if (!pid)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDeviceGetBareTgid: pid is NULL");
    *pid = (int32_t)getpid();
    return ACL_SUCCESS;
}

static const aclCannAttr cann_attrs[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16};

aclError aclGetCannAttributeList(const aclCannAttr **cannAttrList, size_t *num)
{
    if (!cannAttrList || !num)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttributeList: NULL argument");
    *cannAttrList = cann_attrs;
    *num = sizeof(cann_attrs) / sizeof(cann_attrs[0]);
    return ACL_SUCCESS;
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t *value)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttribute: value is NULL");
    switch ((int)cannAttr) {
    case ACL_CANN_ATTR_INF_NAN: /* IEEE arithmetic: inf and nan propagate */
    case ACL_CANN_ATTR_BF16:    /* the operators take ACL_BF16 tensors */
        *value = 1;
        return ACL_SUCCESS;
    case ACL_CANN_ATTR_JIT_COMPILE: /* no operator compiler */
        *value = 0;
        return ACL_SUCCESS;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttribute: unknown attribute %d",
                        (int)cannAttr);
    }
}

aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version)
{
    if (!version)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetCANNVersion: version is NULL");
    switch ((int)name) {
    case ACL_PKG_NAME_CANN:
    case ACL_PKG_NAME_RUNTIME:
    case ACL_PKG_NAME_OPP:
    case ACL_PKG_NAME_OPP_KERNEL:
        break;
    case ACL_PKG_NAME_COMPILER:
    case ACL_PKG_NAME_HCCL:
    case ACL_PKG_NAME_TOOLKIT:
    case ACL_PKG_NAME_DRIVER:
        return core_err(ACL_ERROR_INVALID_FILE,
                        "aclsysGetCANNVersion: package %d is not part of cpuacl (not installed)",
                        (int)name);
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetCANNVersion: unknown package %d",
                        (int)name);
    }
    memset(version, 0, sizeof(*version));
    snprintf(version->version, sizeof(version->version), "%d.%d.%d", ACL_MAJOR_VERSION,
             ACL_MINOR_VERSION, ACL_PATCH_VERSION);
    snprintf(version->majorVersion, sizeof(version->majorVersion), "%d", ACL_MAJOR_VERSION);
    snprintf(version->minorVersion, sizeof(version->minorVersion), "%d", ACL_MINOR_VERSION);
    snprintf(version->releaseVersion, sizeof(version->releaseVersion), "%d", ACL_PATCH_VERSION);
    snprintf(version->patchVersion, sizeof(version->patchVersion), "0");
    return ACL_SUCCESS;
}
