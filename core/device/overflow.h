/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Saturation mode and overflow status (core/device/overflow.c): what the surface
 * (core/api/device.c) calls. The flag and mode the operators use are
 * core/overflow.h.
 */
#ifndef CPUACL_CORE_DEVICE_OVERFLOW_H
#define CPUACL_CORE_DEVICE_OVERFLOW_H

#include <stdint.h>

#include "acl/acl.h"

/* Bytes of the status a Get task writes: word 0 the sticky flag, the rest 0. */
#define CORE_OVERFLOW_STATUS_BYTES 64

/* Device d's saturation mode (a valid mode): set (it becomes the operators'),
 * and read (INFNAN until set). */
void core_sat_mode_set(int32_t d, aclrtFloatOverflowMode mode);
aclrtFloatOverflowMode core_sat_mode_get(int32_t d);
/* Queue on stream the task writing the status to out (CORE_OVERFLOW_STATUS_BYTES
 * bytes), or the one clearing it; errors name fn. */
aclError core_overflow_status_get(void *out, aclrtStream stream, const char *fn);
aclError core_overflow_status_reset(aclrtStream stream, const char *fn);

#endif
