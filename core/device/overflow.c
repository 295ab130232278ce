/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Saturation mode and overflow status (issue 15, family 6; docs/runtime.md).
 *
 * Each device remembers the mode last set on it (aclrtGetDeviceSatMode). The
 * operators all run on the same host cores, so the mode they apply is the
 * one set last on any device (core_overflow_mode). The overflow status is
 * process-wide and sticky, as on A2/A3 parts: operators set it when a finite
 * input overflows (core/overflow.h); the Get/Reset calls are stream tasks.
 */
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/launch.h"
#include "core/overflow.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"

_Atomic int core_overflow_mode = ACL_RT_OVERFLOW_MODE_INFNAN;
_Atomic int core_overflow_flag;

/* Per device, written and read under no lock: relaxed, an int each (the
 * value read is one some thread set; nothing else hangs on it). */
static _Atomic int g_dev_mode[CORE_MAX_DEVICES];
static _Atomic int g_dev_mode_set[CORE_MAX_DEVICES];

#define OVERFLOW_STATUS_BYTES 64

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
    aclError rc = current_dev("aclrtSetDeviceSatMode", &d);
    if (rc)
        return rc;
    atomic_store_explicit(&g_dev_mode[d], (int)mode, memory_order_relaxed); /* relaxed: above */
    atomic_store_explicit(&g_dev_mode_set[d], 1, memory_order_relaxed);    /* relaxed: above */
    /* relaxed: see core/overflow.h */
    atomic_store_explicit(&core_overflow_mode, (int)mode, memory_order_relaxed);
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode *mode)
{
    CORE_REQUIRE_INIT();
    if (!mode)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceSatMode: mode is NULL");
    int32_t d = 0;
    aclError rc = current_dev("aclrtGetDeviceSatMode", &d);
    if (rc)
        return rc;
    /* relaxed: above */
    *mode = atomic_load_explicit(&g_dev_mode_set[d], memory_order_relaxed)
                ? (aclrtFloatOverflowMode)atomic_load_explicit(&g_dev_mode[d], memory_order_relaxed)
                : ACL_RT_OVERFLOW_MODE_INFNAN;
    return ACL_SUCCESS;
}

static int32_t k_get_status(void *arg)
{
    unsigned char *out = *(void **)arg;
    uint64_t v = (uint64_t)atomic_load_explicit(&core_overflow_flag, memory_order_relaxed);
    memset(out, 0, OVERFLOW_STATUS_BYTES);
    memcpy(out, &v, sizeof(v));
    return 0;
}

static int32_t k_reset_status(void *arg)
{
    (void)arg;
    /* relaxed: ordered with operators by the stream, see core/overflow.h */
    atomic_store_explicit(&core_overflow_flag, 0, memory_order_relaxed);
    return 0;
}

static aclError get_status(void *out, uint64_t size, aclrtStream stream, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!out)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: outputAddr is NULL", fn);
    if (size < OVERFLOW_STATUS_BYTES)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: outputSize %llu is below the %d bytes the status takes", fn,
                        (unsigned long long)size, OVERFLOW_STATUS_BYTES);
    void **arg = core_malloc(sizeof(*arg));
    if (!arg)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    *arg = out;
    aclError rc = core_launch_owned(stream, k_get_status, arg, free, fn);
    if (rc)
        free(arg);
    return rc;
}

aclError aclrtGetOverflowStatus(void *outputAddr, size_t outputSize, aclrtStream stream)
{
    return get_status(outputAddr, outputSize, stream, "aclrtGetOverflowStatus");
}

aclError aclrtGetFloatOverflowStatus(void *outputAddr, uint64_t outputSize, aclrtStream stream)
{
    return get_status(outputAddr, outputSize, stream, "aclrtGetFloatOverflowStatus");
}

aclError aclrtResetOverflowStatus(aclrtStream stream)
{
    CORE_REQUIRE_INIT();
    return core_launch_owned(stream, k_reset_status, NULL, NULL, "aclrtResetOverflowStatus");
}

aclError aclrtResetFloatOverflowStatus(aclrtStream stream)
{
    CORE_REQUIRE_INIT();
    return core_launch_owned(stream, k_reset_status, NULL, NULL, "aclrtResetFloatOverflowStatus");
}
