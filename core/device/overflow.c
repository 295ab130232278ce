/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Saturation mode and overflow status (issue 15, family 6; docs/runtime.md).
 *
 * Each device remembers the mode last set on it (aclrtGetDeviceSatMode). The
 * operators all run on the same host cores, so the mode they apply is the
 * one set last on any device (core_overflow_mode). The overflow status is
 * process-wide and sticky, as on A2/A3 parts: operators set it when a finite
 * input overflows (core/overflow.h); the Get/Reset calls are stream tasks.
 * The entry points are core/api/device.c.
 */
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/device/overflow.h"
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

#define OVERFLOW_STATUS_BYTES CORE_OVERFLOW_STATUS_BYTES

void core_sat_mode_set(int32_t d, aclrtFloatOverflowMode mode)
{
    atomic_store_explicit(&g_dev_mode[d], (int)mode, memory_order_relaxed); /* relaxed: above */
    atomic_store_explicit(&g_dev_mode_set[d], 1, memory_order_relaxed);    /* relaxed: above */
    /* relaxed: see core/overflow.h */
    atomic_store_explicit(&core_overflow_mode, (int)mode, memory_order_relaxed);
}

aclrtFloatOverflowMode core_sat_mode_get(int32_t d)
{
    /* relaxed: above */
    return atomic_load_explicit(&g_dev_mode_set[d], memory_order_relaxed)
               ? (aclrtFloatOverflowMode)atomic_load_explicit(&g_dev_mode[d], memory_order_relaxed)
               : ACL_RT_OVERFLOW_MODE_INFNAN;
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

aclError core_overflow_status_get(void *out, aclrtStream stream, const char *fn)
{
    void **arg = core_malloc(sizeof(*arg));
    if (!arg)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    *arg = out;
    aclError rc = core_launch_owned(stream, k_get_status, arg, free, fn);
    if (rc)
        free(arg);
    return rc;
}

aclError core_overflow_status_reset(aclrtStream stream, const char *fn)
{
    return core_launch_owned(stream, k_reset_status, NULL, NULL, fn);
}
