/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device error state and core-count limits (core/device/errors.c): what device
 * reset, the exception path (core/kernel/exceptions.c), the stream limits
 * (core/stream/limits.c) and the surface (core/api/device.c, facts.c) call.
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

/* Device dev's latest failure code since the last repair or reset, 0 = none
 * (acquire: E1); a failure's type; the error information a failure code gives. */
int32_t core_device_failure(int32_t dev);
aclrtErrorType core_device_error_type(int32_t code);
void core_device_error_info(int32_t code, aclrtErrorInfo *errorInfo);
/* Repair: forget the failure code unless another failure replaced it. */
void core_device_failure_clear(int32_t dev, int32_t code);

/* Attribute attr of device deviceId (a device of the configuration; errors as fn's). */
aclError core_device_attr(int32_t deviceId, aclrtDevAttr attr, int64_t *value, const char *fn);

/* The hardware default count of a core type (910B3: 20 cube, 40 vector). */
uint32_t core_res_default(aclrtDevResLimitType type);
/* Core-count limit arguments (codes and messages as fn's): the resource type, a
 * count within the hardware's. */
aclError core_res_check_type(aclrtDevResLimitType type, const char *fn);
aclError core_res_check_value(aclrtDevResLimitType type, uint32_t value, const char *fn);
/* Device dev's limit of a core type (its own, or the hardware default). */
uint32_t core_res_device_limit(int32_t dev, aclrtDevResLimitType type);
/* Set device dev's limit of a core type (checked), or back to the defaults (reset). */
void core_res_set(int32_t dev, aclrtDevResLimitType type, uint32_t value);
void core_res_reset(int32_t dev);

#endif
