/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timeline tracing (core/tools/trace.c): the workers' task records (sched/worker.h) with
 * what the submitters noted (core/stream/task.h: core_task_desc.note), the streams' names
 * and the host's capture marks, written as Chrome trace JSON.
 */
#ifndef CPUACL_CORE_TRACE_H
#define CPUACL_CORE_TRACE_H

#include <stdio.h>

#include "acl/acl_base.h"

struct sched_worker;
struct sched_stream;
struct sched_task;

/* aclInit with tracing on: open the trace file (path not "") now, so an unwritable path fails
 * aclInit (code, as every configuration error of its source: ACL_ERROR_INVALID_PARAM for
 * CPUACL_TRACE, ACL_ERROR_FILE_ATTR_INVALID for the file's cpuacl.trace_file, named by
 * where), and install the note hook. */
aclError core_trace_init(const char *path, const char *where);
/* aclFinalize (workers stopped): write the trace to the file opened at init and close it;
 * ACL_ERROR_RT_FILE_WRITE with the path and errno when the write fails. Forgets the
 * streams and marks. */
aclError core_trace_fini(void);
/* aclInit failed after core_trace_init: close and remove the file, write nothing. */
void core_trace_fini_discard(void);
/* cpuaclTraceDump's snapshot (path not NULL): ACL_ERROR_FEATURE_UNSUPPORTED, recorded
 * under fn, while tracing is off. */
aclError core_trace_dump(const char *path, const char *fn);

/* Tracing on: name stream `id` of device dev in the trace ("stream <id>", then the role in
 * parentheses: "default", "model 3 lane 1"; NULL for none). A later call for the same id
 * renames it. */
void core_trace_stream(int32_t dev, uint32_t id, const char *role);
/* Tracing on: a host-side instant on stream `id` of device dev ("capture begin", with the
 * model's id). */
void core_trace_mark(int32_t dev, uint32_t id, const char *what, uint32_t model);
/* Tracing on: prefix + s as a string that lives as long as the process (the trace names
 * tasks by it; a set of them, one per distinct name); NULL when out of memory. */
const char *core_trace_intern(const char *prefix, const char *s);
/* Tracing on, on worker w running a model's lane on stream s: node ran from t0 to now. */
void core_trace_node(struct sched_worker *w, struct sched_stream *s, const struct sched_task *node,
                     uint64_t t0);

#endif
