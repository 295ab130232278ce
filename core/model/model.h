/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Captures, builds and model run instances as the rest of core sees them
 * (core/model/capture.c, core/model/build.c, core/model/model.c; their shared records are in
 * the private core/model/capture_pvt.h).
 *
 * Cyclic inside this folder, by design: capture, build, run instances, task handles
 * (ritask.c), labels and conditional tasks are one model: a capture makes the model a run
 * instance replays, an update rewrites its tasks, and teardown of each reaches the others.
 * Nothing outside core/model/ calls into that cycle but through this header and model's
 * entries in core/runtime/hooks.h.
 */
#ifndef CPUACL_CORE_MODEL_H
#define CPUACL_CORE_MODEL_H

#include "core/device/device.h"
#include "core/event/event.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

/* aclmdlRICaptureGetInfo under the name fn (stream not NULL; status or
 * modelRI may be NULL). */
aclError core_capture_info(aclrtStream stream, aclmdlRICaptureStatus *status, aclmdlRI *modelRI,
                           const char *fn);
/* The id of the capture s is capturing into, 0 when none (g_rt.lock held). */
uint64_t core_capture_id_locked(struct core_stream *s);
/* Event record / wait on a stream where a capture is involved. */
aclError core_capture_record(struct core_stream *s, struct core_event *ev, const char *fn);
/* *plain is set when no active capture is involved after all (the event's
 * capture just ended): the caller then queues a plain wait. */
aclError core_capture_wait(struct core_stream *s, struct core_event *ev, bool *plain,
                           const char *fn);
/* Recording a captured event on a default stream: 107031, capture invalidated
 * (*plain set if the capture just ended or is a build: record normally). */
aclError core_capture_implicit(struct core_event *ev, bool *plain, const char *fn);
/* Unsafe synchronous calls (aclrtMemcpy ...): the mode rule of reference 6.3.
 * ACL_SUCCESS or ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT with the message set. */
aclError core_capture_check_unsafe(const char *fn);
/* Any stream of ctx capturing? (aclrtSynchronizeDevice: 107027) */
bool core_ctx_capturing(struct core_ctx *c);
/* Is s bound to a model (aclmdlRIBindStream) rather than capturing or
 * updating? Then s->cap is set but the stream itself holds only the work
 * queued before it was bound. Lock held. */
bool core_stream_bound_locked(struct core_stream *s);
/* Tear down models of a context being destroyed (lock held). */
void core_models_destroy_ctx_locked(struct core_ctx *c);

#endif
