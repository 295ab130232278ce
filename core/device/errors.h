/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Task failures seen by the host (core/device/errors.c): exception callbacks, the
 * per-device error state behind aclrtGetErrorVerbose / aclrtQueryDeviceStatus,
 * and core-count limits.
 */
#ifndef CPUACL_CORE_ERRINFO_H
#define CPUACL_CORE_ERRINFO_H

#include <stdint.h>

#include "acl/acl.h"

/* Device d's workers are going away (reset, finalize): forget its failure
 * state and its resource limits. */
void core_errinfo_device_reset(int32_t dev);

/* A task that runs a function of a loaded binary publishes the handle for
 * the duration of the call, so an exception can name it (worker thread). */
extern __thread void *core_errinfo_t_func;

/* The hardware default count of a core type (910B3: 20 cube, 40 vector). */
uint32_t core_res_default(aclrtDevResLimitType type);

#endif
