/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The calls lower rooms of core/ make into upper ones (core/runtime/hooks.h),
 * wired by name. This file sees every room; the order of each fan-out below is
 * the order the runtime relies on.
 */
#include "core/device/device.h"
#include "core/event/event.h"
#include "core/host/report.h"
#include "core/ipc/ipc.h"
#include "core/memory/allocator.h"
#include "core/memory/pool.h"
#include "core/memory/retire.h"
#include "core/memory/vmm.h"
#include "core/model/model.h"
#include "core/model/ritask.h"
#include "core/runtime/hooks.h"
#include "core/stream/stream.h"
#include "core/tools/prof.h"
#include "core/tools/trace.h"

/* A context goes: its models first (they hold its streams and events: a model's
 * teardown drains what it queued), then its events, then its streams. */
static void ctx_fini_locked(struct core_ctx *c)
{
    core_models_destroy_ctx_locked(c);
    while (c->events)
        core_event_destroy_locked(c->events);
    core_stream_ctx_fini_locked(c);
}

/* A device stops: its memory goes with it, as on hardware; virtual memory is
 * charged to the pools, so the pools go first; then what other processes
 * imported or exported of it. */
static void device_fini_locked(struct core_device *d)
{
    core_retire_device_fini_locked(d->id); /* freed blocks kept from reuse (FR4) */
    core_mempool_device_fini_locked(d->id);
    core_vmm_device_fini_locked(d->id);
    core_ipc_device_fini_locked(d->id);
}

static void stream_fini_locked(struct core_stream *s)
{
    core_stream_unsubscribe_locked(s);
    core_allocator_drop_locked(s);
}

const struct core_hooks core_hooks = {
    .ctx_init_locked = core_stream_ctx_init_locked,
    .ctx_fini_locked = ctx_fini_locked,
    .device_fini_locked = device_fini_locked,
    .ctx_capturing = core_ctx_capturing,
    .stream_fini_locked = stream_fini_locked,
    .stream_synced = core_mempool_on_sync_,
    .stream_bound_locked = core_stream_bound_locked,
    .stream_lane_locked = rt_task_lane_locked,
    .trace_stream = core_trace_stream,
    .report_run_mine = core_report_run_mine,
    .report_serve = core_report_serve,
    .capture_id_locked = core_capture_id_locked,
    .capture_record = core_capture_record,
    .capture_wait = core_capture_wait,
    .capture_implicit = core_capture_implicit,
    .event_recorded = core_mempool_note_record_,
    .event_waited = core_mempool_note_wait_,
    .ipc_words = core_ipc_words,
    .ipc_unexport = core_ipc_unexport,
    .ipc_drop = core_ipc_notify_drop,
    .prof_mark = core_prof_mark,
    .capture_info = core_capture_info,
    .capture_check_unsafe = core_capture_check_unsafe,
    .mem_freeing = core_ipc_mem_freeing,
    .phys_freed_locked = core_ipc_phys_freed_locked,
};
