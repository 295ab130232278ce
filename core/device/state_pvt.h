/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device state callbacks (core/device/state.c): what device set and reset call.
 * The firer must be called without any runtime lock.
 */
#ifndef CPUACL_CORE_DEVICE_STATE_H
#define CPUACL_CORE_DEVICE_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl.h"

/* Device-state callbacks: any registered? (a hint), and fire them. */
bool core_devstate_wanted(void);
void core_devstate_fire(int32_t deviceId, aclrtDeviceState state);

#endif
