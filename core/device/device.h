/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Devices and contexts (core/device/device.c): the device records, the
 * contexts of each, and the calling thread's current context. Lifetime rules
 * L1-L3 and teardown rules T1-T8: core/runtime/runtime.h.
 */
#ifndef CPUACL_CORE_DEVICE_DEVICE_H
#define CPUACL_CORE_DEVICE_DEVICE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/runtime/runtime.h"
#include "cpuacl/cpuacl.h"
#include "sched/sched_atomic.h"

struct core_capture;
struct core_event;
struct core_model;

struct core_device {
    int32_t id;
    uint32_t refcount;       /* aclrtSetDevice count; g_rt.lock */
    uint32_t users;          /* explicit contexts alive; g_rt.lock */
    bool active;             /* workers running; g_rt.lock */
    uint32_t worker_base;    /* I: first global worker index */
    uint32_t nworkers;       /* g_rt.lock */
    uint32_t nstreams;       /* g_rt.lock, default streams included */
    uint32_t draining;       /* teardowns in progress that drop the lock: stream destroys
                                draining, context teardowns (T9); g_rt.lock */
    bool discarding;         /* a forced reset or aclFinalize tears the device down: its streams
                                drop what has not started (a wait that can never be satisfied
                                would hang it); g_rt.lock */
    _Atomic uint32_t nevents; /* A: live events */
    struct core_ctx *default_ctx; /* g_rt.lock */
    struct core_ctx *contexts;    /* all live contexts, g_rt.lock */
};

#define CORE_SCACHE_SLOTS 16u /* core_ctx.scache */

struct core_ctx {
    _Atomic uint32_t gen;        /* A: generation of the live incarnation */
    uint64_t handle;             /* I */
    struct core_device *dev;     /* I */
    bool is_default;             /* I */
    bool stop_on_fail;           /* a stream was set ACL_STOP_ON_FAILURE; g_rt.lock */
    struct core_stream *default_stream; /* I */
    struct core_stream *streams; /* explicit streams, g_rt.lock */
    struct core_event *events;   /* live events, g_rt.lock */
    struct core_model *models;   /* live model run instances, g_rt.lock */
    struct core_capture *captures; /* active captures, g_rt.lock */
    struct core_ctx *next;       /* device list / free list, g_rt.lock */
    /* A: streams of this context by handle index (CORE_SCACHE_SLOTS, core/stream/task.h
     * core_submit_try): a hint the submit fast path checks with the stream's tag;
     * written by slow paths (release, read with acquire), any stream pointer
     * (type-stable, L1) or NULL */
    _Alignas(SCHED_CACHELINE) struct core_stream *_Atomic scache[CORE_SCACHE_SLOTS];
};

/* The devices (index = device id), set up by aclInit. */
extern struct core_device core_devices[CORE_MAX_DEVICES];

/* The calling thread's current context and its generation when set. Initial-
 * exec TLS: no __tls_get_addr call on the submit path (16 bytes of static TLS). */
extern __thread struct core_ctx *core_t_ctx __attribute__((tls_model("initial-exec")));
extern __thread uint32_t core_t_ctx_gen __attribute__((tls_model("initial-exec")));

/* The calling thread's current context (validated), NULL if none. */
static inline struct core_ctx *core_ctx_current(void)
{
    struct core_ctx *c = core_t_ctx;
    /* acquire: pairs with the release bump at destroy; a context whose
     * generation still matches is live (contexts are type-stable, L1). */
    if (c && atomic_load_explicit(&c->gen, memory_order_acquire) == core_t_ctx_gen)
        return c;
    return NULL;
}
/* Make ctx the calling thread's current context (NULL clears). */
void core_ctx_set_current(struct core_ctx *ctx);

/* Device helpers (lock held). */
aclError core_device_use(struct core_device *d);
void core_device_unuse(struct core_device *d);
struct core_ctx *core_ctx_create_locked(struct core_device *d, bool is_default);
void core_ctx_destroy_locked(struct core_ctx *c);
/* Wait (lock held, dropped meanwhile) until no stream destroy or context
 * teardown of d is in progress: its workers may stop only then (T9). */
void core_device_wait_drains_locked(struct core_device *d);
/* A teardown counted in d->draining is over (lock held): wakes the waiters above. */
void core_device_drain_end_locked(struct core_device *d);
/* Everything of a device goes (aclrtResetDeviceForce at count 0, aclFinalize). Lock held. */
void core_device_teardown_locked(struct core_device *d);


/* fn's device id names a device of the configuration (else
 * ACL_ERROR_RT_INVALID_DEVICEID, or ACL_ERROR_UNINITIALIZE before aclInit). */
aclError core_device_check(int32_t deviceId, const char *fn);
/* As core_device_check, and the device is set (its workers run; else
 * ACL_ERROR_RT_CONTEXT_NULL "has not been set"). Takes g_rt.lock. */
aclError core_device_check_active(int32_t deviceId, const char *fn);
/* The same for the statistics calls, without the lock: *out is the device
 * (its nworkers stays while it is set). */
aclError core_device_active(int32_t deviceId, struct core_device **out, const char *fn);
/* The calling thread's current context; NULL with *rc set to
 * ACL_ERROR_RT_CONTEXT_NULL (message naming fn) when it has none. */
struct core_ctx *core_ctx_need(const char *fn, aclError *rc);
/* The start of the entry points that need a current context: core_api_args
 * (initialised, then ok else ACL_ERROR_INVALID_PARAM "fn: what"), then
 * core_ctx_need. */
static inline aclError core_api_args_ctx(bool ok, const char *what, const char *fn)
{
    aclError rc = core_api_args(ok, what, fn);
    if (!rc)
        core_ctx_need(fn, &rc);
    return rc;
}

/* ---- what the device and context calls do (core/api/device.c) ---------- */

/* The number of devices: the configuration's, or before aclInit the one the
 * defaults and the environment give. */
aclError core_device_count(uint32_t *count);
/* aclrtSetDevice (runtime up): count a use of the device, start its workers and
 * its default context on first use, make that context current; device state
 * callbacks around it. */
aclError core_device_set(int32_t deviceId, const char *fn);
/* aclrtResetDevice(Force) (runtime up): drop a use (force: all), tearing the
 * default context down at zero. */
aclError core_device_reset(int32_t deviceId, bool force, const char *fn);
/* An explicit context of the device, made current (*context its handle). */
aclError core_ctx_create(int32_t deviceId, aclrtContext *context, const char *fn);
/* Destroy an explicit context (context not NULL) and everything in it. */
aclError core_ctx_destroy(aclrtContext context, const char *fn);
/* Make the live context with handle context (not NULL) the thread's current one (T5). */
aclError core_ctx_make_current(aclrtContext context, const char *fn);
/* Register (callback) or unregister (NULL) a device state callback by name
 * (core/device/state.c). */
aclError core_devstate_register(const char *regName, aclrtDeviceStateCallback callback, void *args,
                                const char *fn);
/* Worker index's statistics (index < d->nworkers; relaxed reads, A2). */
void core_device_worker_stats(const struct core_device *d, uint32_t index,
                              cpuaclWorkerStats *stats);

/* The core worker i of device dev is pinned to (sched_cpu_at's numbering): devices' workers
 * are spread over the process's cores from its second one (the first is left to the
 * submitting thread), interleaved with the other processes of the machine when a launcher
 * names the local rank and size (OMPI_COMM_WORLD_LOCAL_RANK/_SIZE, MPI_LOCALRANKID/NRANKS,
 * SLURM_LOCALID/NTASKS_PER_NODE), so ranks sharing a machine do not all pin their workers
 * to the same cores. */
int32_t core_device_worker_cpu(uint32_t dev, uint32_t i);

#endif
