/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hooks of core/rt_devinfo.c (device facts, limits, timeouts, callbacks) into
 * the init, finalize, device and model paths. None of them takes g_rt.lock
 * unless said; the callback firers must be called without any runtime lock.
 */
#ifndef CPUACL_CORE_RT_DEVINFO_H
#define CPUACL_CORE_RT_DEVINFO_H

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl.h"

struct core_device;

/* aclInit succeeded (no lock held): keep the configuration text and run the
 * init callbacks in the reference's order. A callback's error is returned
 * (the caller then finalizes again). */
aclError core_devinfo_after_init(const char *configPath);
/* aclFinalize is about to tear down (no lock held): run the finalize
 * callbacks; an error stops the finalize. */
aclError core_devinfo_before_finalize(void);
/* The runtime is gone (g_rt.lock held; takes only leaf locks). */
void core_devinfo_after_finalize(void);

/* Device-state callbacks: any registered? (a hint), and fire them. */
bool core_devstate_wanted(void);
void core_devstate_fire(int32_t deviceId, aclrtDeviceState state);

/* A device's workers started (g_rt.lock held): the utilization baseline. */
void core_devinfo_device_started(struct core_device *d);

/* The wait timeout aclrtSetOpWaitTimeout set, in ms (0: none); aclrtStreamWaitEvent
 * gives it to the waits it queues. */
uint32_t core_op_wait_timeout_ms(void);

/* aclmdlRIDestroy destroyed modelRI: run and forget its destroy callbacks. */
void core_mdl_destroy_fire(aclmdlRI modelRI);

#endif
