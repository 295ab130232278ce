/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Devices and contexts.
 *
 * A device is "active" (its workers run) while it has a positive
 * aclrtSetDevice count or explicit contexts alive. Each device has one
 * default context, created by the first aclrtSetDevice and destroyed when the
 * count returns to zero; explicit contexts live until aclrtDestroyContext.
 *
 * Destruction never waits for work while holding g_rt.lock: objects are first
 * unlinked (their handles die, so no new work can reach them), then drained
 * with the lock released, then recycled under the lock again. A host function
 * or callback that calls back into the runtime therefore cannot deadlock
 * against a destroy.
 *
 * The entry points are core/api/device.c; they check the arguments and call
 * the object functions below.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/device/facts.h"
#include "core/device/state_pvt.h"
#include "core/err.h"
#include "core/launch.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/config.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "cpuacl/cpuacl.h"
#include "mem/devmem.h"
#include "sched/clock.h"
#include "sched/sched.h"
#include "sched/worker.h"

struct core_device core_devices[CORE_MAX_DEVICES];

aclError core_device_check(int32_t deviceId, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (deviceId < 0 || (uint32_t)deviceId >= g_rt.cfg.device_count)
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist (%u devices)",
                        fn, deviceId, g_rt.cfg.device_count);
    return ACL_SUCCESS;
}

aclError core_device_check_active(int32_t deviceId, const char *fn)
{
    aclError rc = core_device_check(deviceId, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    bool active = core_devices[deviceId].active;
    pthread_mutex_unlock(&g_rt.lock);
    if (!active)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: device %d has not been set", fn, deviceId);
    return ACL_SUCCESS;
}

struct core_ctx *core_ctx_need(const char *fn, aclError *rc)
{
    struct core_ctx *c = core_ctx_current();
    if (!c)
        *rc = core_err(ACL_ERROR_RT_CONTEXT_NULL,
                       "%s: the thread has no current context (call aclrtSetDevice)", fn);
    return c;
}

__thread struct core_ctx *core_t_ctx __attribute__((tls_model("initial-exec")));
__thread uint32_t core_t_ctx_gen __attribute__((tls_model("initial-exec")));

void core_ctx_set_current(struct core_ctx *ctx)
{
    core_t_ctx = ctx;
    /* relaxed: the caller resolved ctx (a handle lookup's acquire, or its own
     * thread's current context); core_ctx_current re-checks with acquire. */
    core_t_ctx_gen = ctx ? atomic_load_explicit(&ctx->gen, memory_order_relaxed) : 0;
}

_Static_assert((uint64_t)CORE_MAX_DEVICES * CORE_MAX_WORKERS_PER_DEVICE <= SCHED_MAX_WORKERS,
               "every device's workers have global indices");

static struct core_ctx *ctx_lookup(aclrtContext h);

static struct core_device *device_of(int32_t id)
{
    if (id < 0 || (uint32_t)id >= g_rt.cfg.device_count)
        return NULL;
    return &core_devices[id];
}

/* ---- workers ------------------------------------------------------------ */

uint32_t core_device_workers(void)
{
    return g_rt.cfg.workers ? g_rt.cfg.workers : 1;
}

int32_t core_device_worker_cpu(uint32_t dev, uint32_t i)
{
    uint32_t n = core_device_workers(), r, l;
    core_config_launcher(&r, &l);
    /* Blocks of n cores: device dev of local rank r takes block dev * l + r, so ranks that
     * each use "their" device (device = rank, as HCCL programs do) or device 0 land on
     * different blocks while cores last. */
    return sched_cpu_at((dev * l + r) * n + i + 1);
}

aclError core_device_use(struct core_device *d)
{
    if (d->active)
        return ACL_SUCCESS;
    int mr = mem_dev_init(d->id, g_rt.cfg.device_memory);
    if (mr)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                        "device %d: cannot set up its memory pool: %s", d->id, strerror(-mr));
    uint32_t n = g_rt.cfg.workers;
    for (uint32_t i = 0; i < n; i++) {
        int32_t cpu = core_device_worker_cpu((uint32_t)d->id, i);
        int r = sched_worker_start_in(d->worker_base + i, cpu, d->worker_base, n);
        if (r) {
            while (i--)
                sched_worker_stop(d->worker_base + i);
            mem_dev_fini(d->id);
            return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                            "device %d: cannot start worker thread: %s", d->id, strerror(-r));
        }
    }
    d->nworkers = n;
    d->active = true;
    core_device_facts_started(d); /* utilization baseline */
    return ACL_SUCCESS;
}

void core_device_unuse(struct core_device *d)
{
    if (!d->active || d->refcount || d->users)
        return;
    core_device_wait_drains_locked(d); /* drops the lock: re-check */
    if (!d->active || d->refcount || d->users)
        return;
    for (uint32_t i = 0; i < d->nworkers; i++)
        sched_worker_stop(d->worker_base + i);
    d->nworkers = 0;
    d->active = false;
    /* The device's memory goes with it, as on hardware (virtual memory first: it is
     * charged to the pool); so does peer access. */
    core_hooks.device_fini_locked(d); /* pools, virtual memory, IPC shares of its memory */
    mem_dev_fini(d->id);
    /* relaxed: the device's workers are stopped and its memory gone; a copy
     * checking peer access now fails at the pointer lookup anyway. */
    atomic_store_explicit(&g_rt.peer[d->id], 0, memory_order_relaxed);
    core_errinfo_device_reset(d->id); /* failure state and core limits */
}

/* ---- contexts ----------------------------------------------------------- */

struct core_ctx *core_ctx_create_locked(struct core_device *d, bool is_default)
{
    struct core_ctx *c = g_rt.free_ctxs;
    if (c) {
        g_rt.free_ctxs = c->next;
    } else {
        c = core_calloc(1, sizeof(*c));
        if (!c)
            return NULL;
    }
    c->dev = d;
    c->is_default = is_default;
    c->stop_on_fail = false;
    c->streams = NULL;
    c->events = NULL;
    c->models = NULL;
    c->captures = NULL;
    c->handle = core_table_insert(&g_rt.ctxs, c);
    if (!c->handle)
        goto fail;
    /* release: a thread that sees the new generation sees the fields. */
    atomic_fetch_add_explicit(&c->gen, 1, memory_order_release);
    if (core_hooks.ctx_init_locked(c)) { /* its default stream */
        core_table_remove(&g_rt.ctxs, c->handle);
        atomic_fetch_add_explicit(&c->gen, 1, memory_order_release); /* release: as above */
        goto fail;
    }
    c->next = d->contexts;
    d->contexts = c;
    return c;
fail:
    c->next = g_rt.free_ctxs;
    g_rt.free_ctxs = c;
    return NULL;
}

/*
 * Destroy a context and everything in it. Called with the lock held; drops
 * and re-takes it while draining streams (see top of file).
 */
void core_ctx_destroy_locked(struct core_ctx *c)
{
    /* T2: a context another teardown already unlinked (it drains with the
     * lock dropped) is that teardown's to finish. */
    if (ctx_lookup((aclrtContext)(uintptr_t)c->handle) != c)
        return;
    struct core_device *d = c->dev;
    /* Unlink: the handle and every thread's current-context reference die. */
    core_table_remove(&g_rt.ctxs, c->handle);
    /* release: as at create; a thread whose current context this was sees
     * the generation move (core_ctx_current's acquire) and drops it. */
    atomic_fetch_add_explicit(&c->gen, 1, memory_order_release);
    for (struct core_ctx **pp = &d->contexts; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            break;
        }
    /* T9 (core/runtime/runtime.h): the teardown below drops the lock (a model's
     * executions finish, its streams drain) while c is on no list; a reset racing
     * it must not stop the device's workers meanwhile. */
    d->draining++;
    core_hooks.ctx_fini_locked(c); /* its models, events and streams */
    core_device_drain_end_locked(d);
    c->next = g_rt.free_ctxs;
    g_rt.free_ctxs = c;
}

void core_device_teardown_locked(struct core_device *d)
{
    d->default_ctx = NULL; /* T1: a racing reset finds nothing to destroy */
    while (d->contexts)
        core_ctx_destroy_locked(d->contexts);
    d->default_ctx = NULL;
    d->refcount = 0;
    d->users = 0;
    core_device_unuse(d);
}

/* ---- devices ------------------------------------------------------------ */

aclError core_device_count(uint32_t *count)
{
    if (core_initialised()) {
        *count = g_rt.cfg.device_count;
        return ACL_SUCCESS;
    }
    /* Works before aclInit: defaults and environment. */
    struct core_config cfg;
    aclError rc = core_config_load(&cfg, NULL);
    if (rc)
        return rc;
    *count = cfg.device_count;
    return ACL_SUCCESS;
}

/* Device-state callbacks (core/device/state.c) report the set-up and the
 * teardown of a device's default context, outside the lock: would this call
 * make (reset: destroy) it? Racing calls may both answer yes. */
static bool devstate_due(int32_t deviceId, bool reset, bool force)
{
    if (!core_devstate_wanted())
        return false;
    pthread_mutex_lock(&g_rt.lock);
    struct core_device *d = device_of(deviceId);
    bool due = d && (reset ? d->refcount && (force || d->refcount == 1) : !d->default_ctx);
    pthread_mutex_unlock(&g_rt.lock);
    return due;
}

aclError core_device_set(int32_t deviceId, const char *fn)
{
    bool notify = devstate_due(deviceId, false, false), made = false;
    if (notify)
        core_devstate_fire(deviceId, ACL_RT_DEVICE_STATE_SET_PRE);
    aclError lrc = core_lock_live(fn); /* T3 */
    if (lrc)
        return lrc;
    struct core_device *d = device_of(deviceId);
    if (!d) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist (%u devices)",
                        fn, deviceId, g_rt.cfg.device_count);
    }
    aclError rc = core_device_use(d);
    if (rc == ACL_SUCCESS && !d->default_ctx) {
        made = true;
        d->default_ctx = core_ctx_create_locked(d, true);
        if (!d->default_ctx) {
            core_device_unuse(d);
            rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                          "%s: cannot create the default context of device %d", fn, deviceId);
        }
    }
    if (rc == ACL_SUCCESS) {
        d->refcount++;
        core_ctx_set_current(d->default_ctx);
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (notify && made && rc == ACL_SUCCESS)
        core_devstate_fire(deviceId, ACL_RT_DEVICE_STATE_SET_POST);
    core_deferred_run(); /* its default stream's state callbacks */
    return rc;
}

aclError core_device_reset(int32_t deviceId, bool force, const char *fn)
{
    bool notify = devstate_due(deviceId, true, force), torn = false;
    if (notify)
        core_devstate_fire(deviceId, ACL_RT_DEVICE_STATE_RESET_PRE);
    aclError lrc = core_lock_live(fn); /* T3: finalize resets every device itself */
    if (lrc)
        return lrc;
    struct core_device *d = device_of(deviceId);
    if (!d) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist", fn,
                        deviceId);
    }
    if (d->refcount && (force || --d->refcount == 0)) {
        d->refcount = 0;
        struct core_ctx *c = d->default_ctx;
        d->default_ctx = NULL;
        d->discarding = force; /* drop unstarted work, as aclrtDestroyStreamForce does */
        if (c)
            core_ctx_destroy_locked(c);
        d->discarding = false;
        core_device_unuse(d);
        torn = true;
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (notify && torn)
        core_devstate_fire(deviceId, ACL_RT_DEVICE_STATE_RESET_POST);
    core_deferred_run(); /* state callbacks of the streams that went */
    return ACL_SUCCESS;
}

/* ---- contexts by handle -------------------------------------------------- */

static struct core_ctx *ctx_lookup(aclrtContext h)
{
    return core_table_lookup(&g_rt.ctxs, h);
}

aclError core_ctx_create(int32_t deviceId, aclrtContext *context, const char *fn)
{
    aclError lrc = core_lock_live(fn); /* T3 */
    if (lrc)
        return lrc;
    struct core_device *d = device_of(deviceId);
    aclError rc = ACL_SUCCESS;
    if (!d) {
        rc = core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist", fn, deviceId);
    } else if ((rc = core_device_use(d)) == ACL_SUCCESS) {
        struct core_ctx *c = core_ctx_create_locked(d, false);
        if (!c) {
            bool full = d->nstreams >= CORE_MAX_STREAMS_PER_DEVICE;
            core_device_unuse(d);
            rc = full ? core_err(ACL_ERROR_RT_NO_STREAM_RESOURCE,
                                 "%s: device %d has no stream left for the context's default "
                                 "stream (%u streams, the limit)",
                                 fn, deviceId, (unsigned)CORE_MAX_STREAMS_PER_DEVICE)
                      : core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                                 "%s: out of memory for the context", fn);
        } else {
            d->users++;
            core_ctx_set_current(c);
            *context = (aclrtContext)(uintptr_t)c->handle;
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    core_deferred_run(); /* its default stream's state callbacks */
    return rc;
}

aclError core_ctx_destroy(aclrtContext context, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_ctx *c = ctx_lookup(context);
    aclError rc = ACL_SUCCESS;
    if (!c) {
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live context", fn, context);
    } else if (c->is_default) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the default context of device %d cannot be destroyed; it goes with "
                      "aclrtResetDevice",
                      fn, c->dev->id);
    } else {
        struct core_device *d = c->dev;
        core_ctx_destroy_locked(c);
        d->users--;
        core_device_unuse(d);
    }
    pthread_mutex_unlock(&g_rt.lock);
    core_deferred_run(); /* state callbacks of the streams that went */
    return rc;
}

aclError core_ctx_make_current(aclrtContext context, const char *fn)
{
    struct core_ctx *c = ctx_lookup(context);
    /* acquire: if this sees the generation a racing destroy bumped, it also
     * sees that destroy's earlier unlink, so the second lookup fails. A
     * generation read before the bump is the live one: the destroy then
     * makes the thread's reference stale (core_ctx_current). */
    uint32_t gen = c ? atomic_load_explicit(&c->gen, memory_order_acquire) : 0;
    if (!c || ctx_lookup(context) != c)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live context", fn, context);
    core_t_ctx = c;
    core_t_ctx_gen = gen;
    return ACL_SUCCESS;
}

/* ---- statistics (extension) -------------------------------------------- */

aclError core_device_active(int32_t deviceId, struct core_device **out, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    struct core_device *d = device_of(deviceId);
    if (!d)
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist", fn,
                        deviceId);
    if (!d->active)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: device %d has not been set", fn,
                        deviceId);
    *out = d;
    return ACL_SUCCESS;
}

void core_device_worker_stats(const struct core_device *d, uint32_t index, cpuaclWorkerStats *stats)
{
    struct sched_worker *w = sched_worker_get(d->worker_base + index);
    /* relaxed: statistics, each counter individually monotonic. */
    stats->tasks = atomic_load_explicit(&w->st.tasks, memory_order_relaxed);
    stats->batches = atomic_load_explicit(&w->st.batches, memory_order_relaxed); /* relaxed: A2 */
    stats->spins = atomic_load_explicit(&w->st.spins, memory_order_relaxed); /* relaxed: A2 */
    stats->parks = atomic_load_explicit(&w->st.parks, memory_order_relaxed); /* relaxed: A2 */
    stats->wakeups = atomic_load_explicit(&w->st.wakeups, memory_order_relaxed); /* relaxed: A2 */
    /* relaxed: A2 */
    stats->blockedNs = atomic_load_explicit(&w->st.blocked_ns, memory_order_relaxed);
    stats->busyNs = sched_worker_busy_ns(w, sched_now_ns()); /* incl. the open period */
    stats->cpu = w->cpu;
    stats->streams = atomic_load_explicit(&w->nattached, memory_order_relaxed); /* relaxed: A2 */
}
