/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Registries of callbacks by unique name (core/runtime/callbacks.c).
 */
#ifndef CPUACL_CORE_RUNTIME_CALLBACKS_H
#define CPUACL_CORE_RUNTIME_CALLBACKS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "acl/acl.h"

/* A registry of callbacks by unique name (aclrtRegDeviceStateCallback,
 * aclrtSetDeviceTaskAbortCallback, aclrtRegStreamStateCallback): at most
 * CORE_NAMED_MAX names under CORE_NAMED_LEN bytes; a NULL fn unregisters. Its
 * leaf lock is held only to change or copy the entries; callers fire the copy
 * outside every lock (core/runtime/callbacks.c DI1). */
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
/* Register (fn) or unregister (NULL) name; the codes of docs/device.md, as api. */
aclError core_named_set(struct core_named_reg *r, const char *name, void (*fn)(void), void *args,
                        const char *api);
/* Copy the registrations into out (CORE_NAMED_MAX entries); returns their number. */
uint32_t core_named_snapshot(struct core_named_reg *r, struct core_named_cb *out);

/* Calls that may not run under g_rt.lock (they reach user callbacks, which may
 * call AscendCL), noted by the calling thread while it holds the lock and run in
 * order by the API call that noted them once it dropped it (core_deferred_run,
 * which every such API call makes before it returns). */
void core_defer_locked(void (*fn)(uint64_t, uint64_t), uint64_t a, uint64_t b);
void core_deferred_run(void);

#endif
