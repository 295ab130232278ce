/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device error state and core-count limits (core/device/errors.c): what device
 * reset, the exception path (core/kernel/exceptions.c) and the stream limits
 * (core/stream/limits.c) call.
 */
#ifndef CPUACL_CORE_DEVICE_ERRORS_H
#define CPUACL_CORE_DEVICE_ERRORS_H

#include <stdint.h>

#include "acl/acl.h"

/* Device d's workers are going away (reset, finalize): forget its failure
 * state and its resource limits. */
void core_errinfo_device_reset(int32_t dev);

/* A task of device dev failed with code (worker thread; core/kernel/exceptions.c
 * E1): the device's error state, stored before any callback runs. */
void core_device_note_failure(int32_t dev, int32_t code);

/* The hardware default count of a core type (910B3: 20 cube, 40 vector). */
uint32_t core_res_default(aclrtDevResLimitType type);
/* Core-count limit arguments (codes and messages as fn's): the resource type, a
 * count within the hardware's. */
aclError core_res_check_type(aclrtDevResLimitType type, const char *fn);
aclError core_res_check_value(aclrtDevResLimitType type, uint32_t value, const char *fn);
/* Device dev's limit of a core type (its own, or the hardware default). */
uint32_t core_res_device_limit(int32_t dev, aclrtDevResLimitType type);

#endif
