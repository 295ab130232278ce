/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Calls from a room of core/ into a room above it (docs/design.md "Rooms").
 *
 * The rooms are layered (bottom to top): runtime, device, stream, task, event,
 * memory, host, kernel, model, ipc, tools, tdt, process. A room includes only
 * headers of its own room and of rooms below it (tests/install/
 * check_includes.py). Where a lower room must tell an upper one something (a
 * context's teardown tells its streams, events and models; a stream's
 * destruction tells report queues and custom allocators) or ask it (an event
 * recorded on a capturing stream asks the capture), it calls through
 * core_hooks: a constant table whose entries core/process/hooks.c, at the top
 * of core, fills by name. That file is the one place that sees every room,
 * and the order of every fan-out (what a device's teardown tears down first)
 * is written there.
 *
 * Each costs one indirect call where it was a direct one. None is on a kernel
 * launch, an operator launch or a task's execution; on other calls' paths are
 * capture_check_unsafe (synchronous copies and sets) and, only while a
 * stream-ordered pool exists (core_mempool_live below), event_recorded,
 * event_waited and stream_synced.
 */
#ifndef CPUACL_CORE_RUNTIME_HOOKS_H
#define CPUACL_CORE_RUNTIME_HOOKS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

struct core_ctx;
struct core_device;
struct core_event;
struct core_ipc_obj;
struct core_model;
struct core_stream;

struct core_hooks {
    /* ---- contexts and devices (core/device) ---- */
    /* A context was made (g_rt.lock held): its default stream. On an error the
     * context is not made. */
    aclError (*ctx_init_locked)(struct core_ctx *c);
    /* A context is being destroyed, already unlinked (g_rt.lock held; dropped and
     * retaken while streams drain, T1): its models, events and streams go. */
    void (*ctx_fini_locked)(struct core_ctx *c);
    /* A device's workers stopped (g_rt.lock held): its pools, virtual memory and
     * IPC shares go, before its memory does. */
    void (*device_fini_locked)(struct core_device *d);
    /* Is a stream of c being captured? (aclrtSynchronizeDevice: 107027) */
    bool (*ctx_capturing)(struct core_ctx *c);

    /* ---- streams (core/stream) ---- */
    /* A stream is being destroyed (g_rt.lock held): its report subscriptions and
     * its custom allocator go. */
    void (*stream_fini_locked)(struct core_stream *s);
    /* A stream synchronisation finished while a stream-ordered pool exists
     * (core_mempool_live below; g_rt.lock may be held): pools give idle memory back. */
    void (*stream_synced)(void);
    /* Is s bound to a model being built (aclmdlRIBindStream) rather than capturing
     * or updating? g_rt.lock held. */
    bool (*stream_bound_locked)(struct core_stream *s);
    /* The model and lane of a stream bound to a model being built, or of a lane
     * stream of a captured model. g_rt.lock held. */
    bool (*stream_lane_locked)(struct core_stream *s, struct core_model **m, uint32_t *lane);
    /* Tracing on (sched_trace_on): stream id of device dev was made, its role in the
     * timeline trace's track name ("default", NULL for none; core/tools/trace.c). */
    void (*trace_stream)(int32_t dev, uint32_t id, const char *role);

    /* A mark in the profile while profiling collects (a profiling-trace task of
     * a stream, core/stream/attr.c). */
    void (*prof_mark)(const char *msg, size_t len);

    /* ---- waits of the calling thread (core/host report queues, CB4) ---- */
    /* Run the callbacks already handed to the calling thread; false when it has
     * no report queue at all. */
    bool (*report_run_mine)(void);
    /* One step of a wait that serves the calling thread's report queues. */
    uint64_t (*report_serve)(bool *serving, uint64_t deadline);

    /* ---- events and notifies (core/event) ---- */
    /* The id of the capture s is capturing into, 0 when none (g_rt.lock held). */
    uint64_t (*capture_id_locked)(struct core_stream *s);
    /* Record, wait, or implicit record (default stream) of ev on a capturing stream. */
    aclError (*capture_record)(struct core_stream *s, struct core_event *ev, const char *fn);
    aclError (*capture_wait)(struct core_stream *s, struct core_event *ev, bool *plain,
                             const char *fn);
    aclError (*capture_implicit)(struct core_event *ev, bool *plain, const char *fn);
    /* aclrtRecordEvent / aclrtStreamWaitEvent succeeded while a stream-ordered pool
     * exists (core_mempool_live below). */
    void (*event_recorded)(aclrtEvent event, aclrtStream stream);
    void (*event_waited)(aclrtStream stream, aclrtEvent event);
    /* The shared words of an event or notify exported to other processes; end
     * the export (its holder was destroyed); drop it (its holder is freed). */
    _Atomic uint64_t *(*ipc_words)(struct core_ipc_obj *o);
    void (*ipc_unexport)(struct core_ipc_obj *o);
    void (*ipc_drop)(struct core_ipc_obj *o);

    /* ---- kernels (core/kernel) ---- */
    /* aclmdlRICaptureGetInfo under the name fn (the last task's capture). */
    aclError (*capture_info)(aclrtStream stream, aclmdlRICaptureStatus *status, aclmdlRI *modelRI,
                             const char *fn);

    /* ---- memory (core/memory) ---- */
    /* An unsafe synchronous call under the capture mode rule (reference 6.3):
     * ACL_SUCCESS or ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT with the message set. */
    aclError (*capture_check_unsafe)(const char *fn);
    /* Device memory at ptr is being freed: its IPC exports end. */
    void (*mem_freeing)(const void *ptr);
    /* A physical allocation (handle) was freed: its shareable handle goes (g_rt.lock held). */
    void (*phys_freed_locked)(uint64_t handle);
};

/* Defined in core/process/hooks.c. */
extern const struct core_hooks core_hooks;

/* Filters upper rooms keep so that a lower room skips a hook without calling it on
 * a hot path. core_mempool_live: the number of stream-ordered pools alive (destroyed
 * ones still waiting for their memory included), kept by core/memory/pool.c; event
 * records and waits call event_recorded / event_waited only while it is nonzero. A:
 * relaxed everywhere: a filter, nothing is published through it; what the hooks act
 * on is read under the pool lock. Stream synchronisations likewise call
 * stream_synced only while it is nonzero. */
extern _Atomic uint32_t core_mempool_live;

#endif
