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

/*
 * The object work behind the entry points of this room (core/api/model.c). Each takes the
 * API's name as fn for the messages it records; the entry point has checked that the
 * runtime is initialised and the arguments it can check alone (NULL pointers, flags, modes):
 * a model or stream handle is still resolved (and refused) here.
 */
/* Run instances (model.c). ExecuteAsync is the hot path: X1-X3 in model.c. */
aclError core_model_execute_async(aclmdlRI modelRI, aclrtStream stream, const char *fn);
aclError core_model_execute(aclmdlRI modelRI, int32_t timeout, const char *fn);
/* core_model_execute_on: core/launch.h (the graph layer's synchronous runs). */
aclError core_model_destroy(aclmdlRI modelRI, const char *fn);
aclError core_model_abort(aclmdlRI modelRI, const char *fn);
aclError core_model_update(aclmdlRI modelRI, const char *fn);
aclError core_model_id(aclmdlRI modelRI, uint32_t *modelRIId, const char *fn);
aclError core_model_set_name(aclmdlRI modelRI, const char *name, const char *fn);
aclError core_model_name(aclmdlRI modelRI, uint32_t maxLen, char *name, const char *fn);
aclError core_model_debug_json(aclmdlRI modelRI, const char *path, uint32_t flags, const char *fn);
aclError core_model_debug_print(aclmdlRI modelRI, const char *fn);
/* The streams of a model (build.c: bound ones while built, lane streams once captured) and
 * the tasks of a stream's lane (aclmdlRIGetStreams, aclmdlRIGetTasksByStream). */
aclError core_model_streams(aclmdlRI modelRI, aclrtStream *streams, uint32_t *numStreams,
                            const char *fn);
aclError core_model_tasks_by_stream(aclrtStream stream, aclmdlRITask *tasks, uint32_t *numTasks,
                                    const char *fn);

/* Capture (capture.c): stream not NULL; modelRI NULL makes a new model. */
aclError core_capture_start(aclrtStream stream, aclmdlRI modelRI, aclmdlRICaptureMode mode,
                            const char *fn);
/* End the capture begun on stream: *modelRI the model when it compiled. */
aclError core_capture_finish(aclrtStream stream, aclmdlRI *modelRI, const char *fn);
/* The calling thread's capture mode becomes mode; returns the previous one. */
aclmdlRICaptureMode core_capture_exchange_mode(aclmdlRICaptureMode mode);
/* Task groups and task update sessions on a capturing / updating stream (not NULL). */
aclError core_capture_grp_begin(aclrtStream stream, const char *fn);
aclError core_capture_grp_end(aclrtStream stream, aclrtTaskGrp *handle, const char *fn);
aclError core_capture_update_begin(aclrtStream stream, aclrtTaskGrp handle, const char *fn);
aclError core_capture_update_end(aclrtStream stream, const char *fn);

/* Manual building (build.c): stream not NULL; BindStream checks flag after the stream. */
aclError core_build_begin(aclmdlRI *modelRI, const char *fn);
aclError core_build_bind(aclmdlRI modelRI, aclrtStream stream, uint32_t flag, const char *fn);
aclError core_build_end_task(aclmdlRI modelRI, aclrtStream stream, const char *fn);
aclError core_build_unbind(aclmdlRI modelRI, aclrtStream stream, const char *fn);
aclError core_build_end(aclmdlRI modelRI, const char *fn);

/* Stream activation tasks on streams bound to a model being built (activate.c): both
 * streams not NULL; cond and dataType checked by the entry point. */
aclError core_model_active_stream(aclrtStream activeStream, aclrtStream stream, const char *fn);
aclError core_model_switch_stream(void *leftValue, aclrtCondition cond, void *rightValue,
                                  aclrtCompareDataType dataType, aclrtStream trueStream,
                                  aclrtStream stream, const char *fn);

/* aclrtTaskUpdateAsync (taskupdate.c): streams not NULL, info not NULL. */
aclError core_task_update_async(aclrtStream taskStream, uint32_t taskId,
                                const aclrtTaskUpdateInfo *info, aclrtStream execStream,
                                const char *fn);

/* Labels (label.c). */
#define CORE_LABEL_MAX 65535u /* labels per process, and labels in a list (docs) */
aclError core_label_create(aclrtLabel *label, const char *fn);
aclError core_label_destroy(aclrtLabel label, const char *fn);
aclError core_label_set(aclrtLabel label, aclrtStream stream, const char *fn);
aclError core_label_list_create(aclrtLabel *labels, size_t num, aclrtLabelList *labelList,
                                const char *fn);
aclError core_label_list_destroy(aclrtLabelList labelList, const char *fn);
aclError core_label_switch(void *ptr, uint32_t maxValue, aclrtLabelList labelList,
                           aclrtStream stream, const char *fn);

/* Conditional tasks (cond.c): params checked by the entry point, stream not NULL. */
aclError core_cond_handle_create(aclmdlRI modelRI, uint32_t defaultLaunchValue,
                                 aclmdlRICondHandleFlag flag, aclmdlRICondHandle *handle,
                                 const char *fn);
aclError core_cond_handle_ptr(aclmdlRICondHandle handle, uint64_t **ptr, const char *fn);
aclError core_cond_task_add(const aclmdlRICondTaskParams *params, aclrtStream stream,
                            const char *fn);

#endif
