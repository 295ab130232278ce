/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Runtime lifetime (aclInit / aclFinalize, aclFinalizeReference; entry points:
 * core/api/process.c). The top of core's object layer: finalize tears down every
 * room.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <urcu/urcu-memb.h>

#include "core/device/device.h"
#include "core/device/params.h"
#include "core/err.h"
#include "core/lifetime.h"
#include "core/mdl/load.h"
#include "core/memory/memory.h"
#include "core/memory/retire.h"
#include "core/host/report.h"
#include "core/model/callbacks.h"
#include "core/obs.h"
#include "core/process/callbacks_pvt.h"
#include "core/process/process.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/config.h"
#include "core/runtime/handle.h"
#include "core/runtime/hostpool.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/tools/trace.h"
#include "cpuacl/cpuacl.h"
#include "mem/mem.h"
#include "sched/sched.h"
#include "sched/worker.h"

/* A finalize in progress (it drops g_rt.lock while streams drain): aclInit and
 * a second aclFinalize wait on g_fin_cv until it is over (T3). g_rt.lock. */
static bool g_finalizing;
static pthread_cond_t g_fin_cv = PTHREAD_COND_INITIALIZER;

/* ---- worker hooks ------------------------------------------------------- */

static void worker_started(void)
{
    core_rcu_thread_online(); /* workers call call_rcu when they drop events */
}

static void worker_stopping(void)
{
    core_rcu_thread_offline();
}

/* ---- init / finalize ---------------------------------------------------- */

static aclError finalize_locked(void);
static aclError finalize_as(bool implicit, bool whole, uint64_t *refCount, const char *fn);

/* aclInit on a runtime GE brought up (g_rt.implicit): the reference is taken, the file
 * checked and its dump section applied; devices and workers keep the settings they run
 * with. g_rt.lock held. */
static aclError take_over_locked(const char *configPath)
{
    struct core_config cfg;
    aclError rc = configPath ? core_config_load(&cfg, configPath) : ACL_SUCCESS;
    if (rc == ACL_SUCCESS)
        rc = core_dump_from_init(configPath);
    if (rc)
        return rc;
    g_rt.implicit = false;
    g_rt.init_count = 1;
    return ACL_SUCCESS;
}

static aclError init_as(const char *configPath, bool implicit, bool *up, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    while (g_finalizing)
        pthread_cond_wait(&g_fin_cv, &g_rt.lock);
    if (implicit && (g_rt.init_count || g_rt.implicit)) { /* up already */
        pthread_mutex_unlock(&g_rt.lock);
        return ACL_SUCCESS;
    }
    if (g_rt.implicit) {
        aclError trc = take_over_locked(configPath);
        pthread_mutex_unlock(&g_rt.lock);
        return trc;
    }
    if (g_rt.init_count) {
        g_rt.init_count++;
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_REPEAT_INITIALIZE,
                        "%s: already initialised (reference count now %u)", fn, g_rt.init_count);
    }
    struct core_config cfg;
    aclError rc = core_config_load(&cfg, configPath);
    if (rc == ACL_SUCCESS && (cfg.trace_events || cfg.trace_file[0]))
        /* the trace file opened now: an unwritable path fails aclInit, not aclFinalize */
        rc = core_trace_init(cfg.trace_file, cfg.trace_file_env ? "CPUACL_TRACE" : configPath);
    if (rc == ACL_SUCCESS) /* the "dump" section: as aclmdlSetDump (core/tools/dump.c) */
        rc = core_dump_from_init(configPath);
    if (rc) {
        core_trace_fini_discard();
        pthread_mutex_unlock(&g_rt.lock);
        return rc;
    }
    struct sched_config sc = {.spin_ns = cfg.spin_ns,
                              .ring_slots = cfg.ring_slots,
                              .pin_workers = cfg.pin_workers,
                              .trace_events = cfg.trace_events};
    sched_init(&sc);
    sched_worker_hooks(worker_started, worker_stopping, core_stream_released);
    if (mem_init()) {
        core_trace_fini_discard();
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot set up the memory layer", fn);
    }
    g_rt.cfg = cfg;
    g_rt.ctxs.tag = CORE_H_CONTEXT;
    g_rt.streams.tag = CORE_H_STREAM;
    g_rt.events.tag = CORE_H_EVENT;
    g_rt.models.tag = CORE_H_MODEL;
    g_rt.taskgrps.tag = CORE_H_TASKGRP;
    for (uint32_t i = 0; i < CORE_MAX_DEVICES; i++) {
        struct core_device *d = &core_devices[i];
        d->id = (int32_t)i;
        d->worker_base = i * CORE_MAX_WORKERS_PER_DEVICE;
    }
    g_rt.init_count = implicit ? 0 : 1;
    g_rt.implicit = implicit;
    if (up)
        *up = true;
    /* release: entry points that see initialised also see the config. */
    atomic_store_explicit(&g_rt.initialised, true, memory_order_release);
    pthread_mutex_unlock(&g_rt.lock);
    /* Init callbacks (aclInitCallbackRegister), outside the lock; a failing
     * one fails aclInit, which then leaves nothing initialised. */
    rc = core_life_after_init(configPath);
    if (rc) {
        pthread_mutex_lock(&g_rt.lock);
        if ((g_rt.init_count || g_rt.implicit) && !g_finalizing)
            (void)finalize_locked(); /* aclInit's own failure is the one reported */
        pthread_mutex_unlock(&g_rt.lock);
        if (up)
            *up = false;
    }
    return rc;
}

aclError core_process_init(const char *configPath, const char *fn)
{
    return init_as(configPath, false, NULL, fn);
}

aclError core_process_init_implicit(bool *up, const char *fn)
{
    *up = false;
    return init_as(NULL, true, up, fn);
}

void core_process_fini_implicit(void)
{
    /* the trace file's write error is recorded; nobody is there to return it to */
    (void)finalize_as(true, true, NULL, "GEFinalize");
}

/* ACL_SUCCESS, or the trace file's write error (its message recorded). */
static aclError finalize_locked(void)
{
    /* T3: dead first, so nothing is created while the lock is dropped below;
     * release: pairs with the acquire in core_initialised. */
    g_finalizing = true;
    atomic_store_explicit(&g_rt.initialised, false, memory_order_release);
    /* T4: report queues close (blocked callbacks are released unrun, waiters
     * in aclrtProcessReport wake) before streams drain. */
    core_report_close_all();
    /* queue-fed models' workers (graph/queue.c) stop before the devices go; unlocked: a
     * worker's execution may take the lock, and T3 keeps anything from being created */
    pthread_mutex_unlock(&g_rt.lock);
    core_mdl_queues_stop_all();
    pthread_mutex_lock(&g_rt.lock);
    /* queued work still runs (programs print from callbacks they did not wait for), but a
     * value wait nothing can satisfy any more must not hang the teardown */
    core_mem_release_value_waits(true);
    for (uint32_t i = 0; i < CORE_MAX_DEVICES; i++)
        core_device_teardown_locked(&core_devices[i]);
    core_mem_release_value_waits(false);
    core_hostpool_fini();            /* every stream drained: no host function in flight */
    aclError rc = core_trace_fini(); /* workers stopped: buffers are final */
    core_report_fini_all();
    core_dump_fini(); /* aclInit's dump configuration ends with it */
    core_mdl_callbacks_clear();
    core_params_clear();
    core_life_clear();
    core_retire_device_fini_locked(-1); /* every device went: no retired block is left (FR4) */
    mem_fini();
    g_rt.init_count = 0;
    g_rt.implicit = false;
    /* Let pending call_rcu frees run before the process may exit. */
    urcu_memb_barrier();
    g_finalizing = false;
    pthread_cond_broadcast(&g_fin_cv);
    return rc;
}

/* Whether the runtime holds what a finalize of this kind drops: aclInit references, or
 * (implicit) GE's reference-less runtime. g_rt.lock held. */
static bool finalize_held(bool implicit)
{
    return implicit ? g_rt.implicit && !g_rt.init_count : g_rt.init_count != 0;
}

/* aclFinalize (whole) and aclFinalizeReference (one reference), and GEFinalize's end of
 * the runtime it brought up (implicit: finalizes it unless an aclInit took it over; nothing
 * to drop is no error): the finalize callbacks (aclFinalizeCallbackRegister) run first,
 * outside the lock, when this call is the one that finalizes, and a failing one stops it,
 * as on the reference; the state callbacks of the default streams that went
 * (core/stream/state.c) are reported after the lock is dropped. */
static aclError finalize_as(bool implicit, bool whole, uint64_t *refCount, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    bool last =
        finalize_held(implicit) && !g_finalizing && (implicit || whole || g_rt.init_count == 1);
    pthread_mutex_unlock(&g_rt.lock);
    if (last) {
        aclError frc = core_life_before_finalize();
        if (frc)
            return frc;
    }
    pthread_mutex_lock(&g_rt.lock);
    while (g_finalizing)
        pthread_cond_wait(&g_fin_cv, &g_rt.lock);
    if (!finalize_held(implicit)) {
        pthread_mutex_unlock(&g_rt.lock);
        if (refCount)
            *refCount = 0;
        return implicit ? ACL_SUCCESS
                        : core_err(ACL_ERROR_REPEAT_FINALIZE, "%s: not initialised", fn);
    }
    bool fin = implicit || whole || --g_rt.init_count == 0;
    aclError rc = ACL_SUCCESS;
    if (fin)
        rc = finalize_locked(); /* leaves init_count 0; rc: the trace file's write */
    if (refCount)
        *refCount = g_rt.init_count;
    pthread_mutex_unlock(&g_rt.lock);
    if (fin)
        core_deferred_run();
    return rc;
}

aclError core_process_finalize(bool whole, uint64_t *refCount, const char *fn)
{
    return finalize_as(false, whole, refCount, fn);
}
