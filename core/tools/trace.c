/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timeline tracing: the per-worker records (sched/worker.h) written as Chrome
 * trace JSON (chrome://tracing, Perfetto): one complete event ("ph":"X") per
 * task, a process per device and a thread per worker. Tracing is on when the
 * configuration sets trace_events or a trace file (CPUACL_TRACE=path): then
 * the file is written at aclFinalize, and cpuaclTraceDump (core/api/tools.c) writes
 * a snapshot at any time.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/err.h"
#include "core/runtime/runtime.h"
#include "core/stream/task.h"
#include "core/tools/trace.h"
#include "sched/sched.h"
#include "sched/worker.h"

aclError core_trace_write(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return core_err(ACL_ERROR_RT_FILE_OPEN, "trace: cannot open '%s': %s", path,
                        strerror(errno));
    uint64_t t0 = UINT64_MAX;
    for (uint32_t i = 0; i < SCHED_MAX_WORKERS; i++) {
        struct sched_worker *w = sched_worker_get(i);
        /* acquire: pairs with the worker's release after each record. */
        uint32_t n = w ? atomic_load_explicit(&w->ntrace, memory_order_acquire) : 0;
        for (uint32_t j = 0; j < n; j++)
            if (w->trace[j].start_ns < t0)
                t0 = w->trace[j].start_ns;
    }
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", f);
    bool first = true;
    for (uint32_t i = 0; i < SCHED_MAX_WORKERS; i++) {
        struct sched_worker *w = sched_worker_get(i);
        if (!w || !w->trace)
            continue;
        unsigned dev = i / CORE_MAX_WORKERS_PER_DEVICE, wi = i % CORE_MAX_WORKERS_PER_DEVICE;
        fprintf(f,
                "%s{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"name\":\"device "
                "%u\"}},\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":"
                "{\"name\":\"worker %u\",\"dropped\":%u}}",
                first ? "" : ",\n", dev, dev, dev, wi, wi,
                atomic_load_explicit(&w->trace_lost, memory_order_relaxed)); /* relaxed: A2 */
        first = false;
        /* acquire: pairs with the release after each record (trace_add). */
        uint32_t n = atomic_load_explicit(&w->ntrace, memory_order_acquire);
        for (uint32_t j = 0; j < n; j++) {
            const struct sched_trace_rec *r = &w->trace[j];
            fprintf(f,
                    ",\n{\"name\":\"%s\",\"cat\":\"task\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,"
                    "\"pid\":%u,\"tid\":%u,\"args\":{\"stream\":%" PRIu32 "}}",
                    core_task_kind_name(r->kind), (double)(r->start_ns - t0) / 1e3,
                    (double)(r->end_ns - r->start_ns) / 1e3, dev, wi, r->stream);
        }
    }
    fputs("\n]}\n", f);
    if (fclose(f))
        return core_err(ACL_ERROR_RT_FILE_WRITE, "trace: cannot write '%s'", path);
    return ACL_SUCCESS;
}

aclError core_trace_dump(const char *path, const char *fn)
{
    if (!sched_trace_on)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED,
                        "%s: tracing is off (set CPUACL_TRACE or CPUACL_TRACE_EVENTS, or "
                        "cpuacl.trace_file in the aclInit config)",
                        fn);
    return core_trace_write(path);
}
