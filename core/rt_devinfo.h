/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hooks of core/rt_devinfo.c (device facts, limits, timeouts, callbacks) into
 * the init, finalize, device and model paths. None of them takes g_rt.lock
 * unless said; the callback firers must be called without any runtime lock.
 */
#ifndef CPUACL_CORE_RT_DEVINFO_H
#define CPUACL_CORE_RT_DEVINFO_H

#include <pthread.h>
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

/* A registry of callbacks by unique name (aclrtRegDeviceStateCallback,
 * aclrtSetDeviceTaskAbortCallback, aclrtRegStreamStateCallback): at most
 * CORE_NAMED_MAX names under CORE_NAMED_LEN bytes; a NULL fn unregisters. Its
 * leaf lock is held only to change or copy the entries; callers fire the copy
 * outside every lock (rt_devinfo.c DI1). */
#define CORE_NAMED_MAX 64
#define CORE_NAMED_LEN 128
struct core_named_cb {
    char name[CORE_NAMED_LEN];
    void (*fn)(void); /* the registry's callback type, cast back at the call */
    void *args;
};
struct core_named_reg {
    pthread_mutex_t lock;
    struct core_named_cb cb[CORE_NAMED_MAX]; /* lock, in registration order */
    uint32_t n;                              /* lock */
    _Atomic uint32_t any;                    /* A: n, for a lock-free "none" check */
};
#define CORE_NAMED_REG_INIT                                                                        \
    {                                                                                              \
        .lock = PTHREAD_MUTEX_INITIALIZER                                                          \
    }
/* Register (fn) or unregister (NULL) name; the codes of docs/rt-device.md, as api. */
aclError core_named_set(struct core_named_reg *r, const char *name, void (*fn)(void), void *args,
                        const char *api);
/* Copy the registrations into out (CORE_NAMED_MAX entries); returns their number. */
uint32_t core_named_snapshot(struct core_named_reg *r, struct core_named_cb *out);

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
