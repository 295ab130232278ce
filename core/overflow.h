/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Floating-point overflow state shared by the runtime (core/device/overflow.c, the
 * aclrt*SatMode / aclrt*OverflowStatus calls) and the operators (ops/), which
 * include this leaf header only.
 *
 * core_overflow_saturate(): true when results that overflow must saturate to
 * the largest finite value (ACL_RT_OVERFLOW_MODE_SATURATION), false for IEEE
 * inf/NaN (ACL_RT_OVERFLOW_MODE_INFNAN, the default). One relaxed load.
 * core_overflow_note(): a finite input produced an overflow; sets the
 * process-wide sticky status that aclrtGetOverflowStatus reports. Cheap: a
 * relaxed load, and a store only the first time.
 */
#ifndef CPUACL_CORE_OVERFLOW_H
#define CPUACL_CORE_OVERFLOW_H

#include <stdatomic.h>
#include <stdbool.h>

extern _Atomic int core_overflow_mode; /* aclrtFloatOverflowMode operators apply */
extern _Atomic int core_overflow_flag; /* sticky status, 0 or 1 */

static inline bool core_overflow_saturate(void)
{
    /* relaxed: a mode change applies to operators that start after it; no
     * data is published through it */
    return atomic_load_explicit(&core_overflow_mode, memory_order_relaxed) == 0;
}

static inline void core_overflow_note(void)
{
    /* relaxed: the status is read by a later task of a stream, ordered after
     * this operator by the stream (or an event), which publishes it */
    if (!atomic_load_explicit(&core_overflow_flag, memory_order_relaxed))
        atomic_store_explicit(&core_overflow_flag, 1, memory_order_relaxed);
}

#endif
