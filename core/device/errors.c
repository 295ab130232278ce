/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device error state and device attributes: the latest failure of each device
 * (aclrtGetErrorVerbose, aclrtQueryDeviceStatus, aclrtRepairError; set by
 * core/kernel/exceptions.c, E1 there), device attributes (aclrtGetDeviceInfo)
 * and core-count limits per device (streams and threads: core/stream/limits.c).
 * The entry points are core/api/device.c and core/api/facts.c (attributes).
 */
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/err.h"
#include "core/runtime/runtime.h"

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

void core_device_note_failure(int32_t dev, int32_t code)
{
    /* release: E1 (core/kernel/exceptions.c), the state is visible to whoever
     * sees the callbacks' effects. */
    atomic_store_explicit(&g_dev[dev].code, code, memory_order_release);
}

/* ---- device error state ------------------------------------------------- */

void core_errinfo_device_reset(int32_t dev)
{
    if (dev < 0 || dev >= CORE_MAX_DEVICES)
        return;
    /* relaxed: the device has no running task and no concurrent user (lock held). */
    atomic_store_explicit(&g_dev[dev].code, 0, memory_order_relaxed);
    core_res_reset(dev);
}

int32_t core_device_failure(int32_t dev)
{
    return atomic_load_explicit(&g_dev[dev].code, memory_order_acquire); /* acquire: E1 */
}

void core_device_failure_clear(int32_t dev, int32_t code)
{
    /* relaxed: a failure racing with the repair is either cleared or kept;
     * both are states the caller can observe with aclrtGetErrorVerbose. */
    atomic_compare_exchange_strong_explicit(&g_dev[dev].code, &code, 0, memory_order_relaxed,
                                            memory_order_relaxed);
}

aclrtErrorType core_device_error_type(int32_t code)
{
    if (!code)
        return ACL_RT_NO_ERROR;
    return is_memory_error(code) ? ACL_RT_ERROR_MEMORY : ACL_RT_ERROR_OTHERS;
}

void core_device_error_info(int32_t code, aclrtErrorInfo *errorInfo)
{
    memset(errorInfo, 0, sizeof(*errorInfo));
    errorInfo->errorType = core_device_error_type(code);
    /* A CPU device has no hardware fault to repair; the state is cleared by
     * aclrtRepairError (or a device reset). No detail: no UCE addresses. */
    errorInfo->tryRepair = code ? 1 : 0;
    errorInfo->hasDetail = 0;
}

/* ---- device attributes -------------------------------------------------- */

#define CUBE_CORES 20u   /* Ascend910B3: AI (cube) cores */
#define VECTOR_CORES 40u /* Ascend910B3: vector cores */

uint32_t core_res_default(aclrtDevResLimitType type)
{
    return type == ACL_RT_DEV_RES_CUBE_CORE ? CUBE_CORES : VECTOR_CORES;
}

aclError core_device_attr(int32_t deviceId, aclrtDevAttr attr, int64_t *value, const char *fn)
{
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
                        "%s: attribute %d has no value on an Ascend910B-like CPU device", fn,
                        (int)attr);
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
}

/* ---- core-count limits -------------------------------------------------- */

aclError core_res_check_type(aclrtDevResLimitType type, const char *fn)
{
    if ((int)type != ACL_RT_DEV_RES_CUBE_CORE && (int)type != ACL_RT_DEV_RES_VECTOR_CORE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown resource type %d", fn, (int)type);
    return ACL_SUCCESS;
}

aclError core_res_check_value(aclrtDevResLimitType type, uint32_t value, const char *fn)
{
    if (value == 0 || value > core_res_default(type))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %u %s cores (1 .. %u)", fn, value,
                        type == ACL_RT_DEV_RES_CUBE_CORE ? "cube" : "vector",
                        core_res_default(type));
    return ACL_SUCCESS;
}

uint32_t core_res_device_limit(int32_t dev, aclrtDevResLimitType type)
{
    /* relaxed: a configuration value, no data hangs off it. */
    uint32_t v = atomic_load_explicit(&g_dev[dev].lim[type], memory_order_relaxed);
    return v ? v : core_res_default(type);
}

void core_res_set(int32_t dev, aclrtDevResLimitType type, uint32_t value)
{
    atomic_store_explicit(&g_dev[dev].lim[type], value, memory_order_relaxed); /* config */
}

void core_res_reset(int32_t dev)
{
    atomic_store_explicit(&g_dev[dev].lim[0], 0, memory_order_relaxed); /* config */
    atomic_store_explicit(&g_dev[dev].lim[1], 0, memory_order_relaxed); /* config */
}

