/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Registries of callbacks by unique name (core/runtime/callbacks.h): device
 * state, task abort and stream state callbacks use them.
 *
 * Invariant:
 *  DI1. Every callback registry is a small array under its own leaf mutex;
 *       firing copies the entries under the mutex and calls the copies after
 *       it, outside every runtime lock, so a callback may call AscendCL and
 *       (un)register callbacks itself (here, core/device/state.c,
 *       core/stream/state.c, core/process/callbacks.c, core/model/callbacks.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl_platform.h"
#include "core/err.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"

/* ==== named callback registries (device state, task abort) =============== */
aclError core_named_set(struct core_named_reg *r, const char *name, void (*fn)(void), void *args,
                        const char *api)
{
    CORE_REQUIRE_INIT_AS(api);
    if (!name || !name[0])
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: regName is NULL or empty", api);
    if (strnlen(name, CORE_NAMED_LEN) >= CORE_NAMED_LEN)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: regName is longer than %d bytes", api,
                        CORE_NAMED_LEN - 1);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&r->lock);
    uint32_t i = 0;
    while (i < r->n && strcmp(r->cb[i].name, name) != 0)
        i++;
    if (fn && i < r->n)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: \"%s\" is registered already (unregister it with a NULL callback "
                      "first)",
                      api, name);
    else if (fn && r->n == CORE_NAMED_MAX)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: %d callbacks are registered already", api,
                      CORE_NAMED_MAX);
    else if (fn) {
        strcpy(r->cb[r->n].name, name);
        r->cb[r->n].fn = fn;
        r->cb[r->n].args = args;
        r->n++;
    } else if (i == r->n) {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not registered", api, name);
    } else { /* unregister, keeping registration order */
        memmove(&r->cb[i], &r->cb[i + 1], (r->n - i - 1) * sizeof(r->cb[0]));
        r->n--;
    }
    atomic_store_explicit(&r->any, r->n, memory_order_relaxed); /* relaxed: a hint (A2) */
    pthread_mutex_unlock(&r->lock);
    return rc;
}

uint32_t core_named_snapshot(struct core_named_reg *r, struct core_named_cb *out)
{
    pthread_mutex_lock(&r->lock);
    uint32_t n = r->n;
    memcpy(out, r->cb, n * sizeof(out[0]));
    pthread_mutex_unlock(&r->lock);
    return n;
}


/* ---- calls deferred until g_rt.lock is dropped -------------------------- */

struct deferred {
    void (*fn)(uint64_t, uint64_t);
    uint64_t a, b;
};
static __thread struct deferred *t_def; /* this thread's list, in order */
static __thread uint32_t t_ndef, t_capdef;

void core_defer_locked(void (*fn)(uint64_t, uint64_t), uint64_t a, uint64_t b)
{
    if (t_ndef == t_capdef) {
        uint32_t nc = t_capdef ? 2 * t_capdef : 16;
        struct deferred *n = core_realloc(t_def, nc * sizeof(*n));
        if (!n)
            return; /* out of memory: the call is lost, the state it reports is fine */
        t_def = n;
        t_capdef = nc;
    }
    t_def[t_ndef++] = (struct deferred){fn, a, b};
}

void core_deferred_run(void)
{
    if (!t_ndef)
        return;
    /* Take the list first: a call may defer more (and run its own list). */
    struct deferred *v = t_def;
    uint32_t n = t_ndef;
    t_def = NULL;
    t_ndef = t_capdef = 0;
    for (uint32_t i = 0; i < n; i++)
        v[i].fn(v[i].a, v[i].b);
    free(v);
}
