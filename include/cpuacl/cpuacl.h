/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl extensions to AscendCL: C-function kernels, worker statistics and
 * runtime information. Everything here is prefixed cpuacl and is not part of
 * the AscendCL API; programs that want to stay portable to real hardware guard
 * its use with `#ifdef CPUACL_VERSION_MAJOR`.
 */
#ifndef CPUACL_CPUACL_H
#define CPUACL_CPUACL_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CPUACL_VERSION_MAJOR 0
#define CPUACL_VERSION_MINOR 1
#define CPUACL_VERSION_PATCH 0

/*
 * A device kernel written as a C function. It runs on one of the device's
 * worker threads, in stream order. Return 0 on success; any other value marks
 * the kernel as failed: the stream enters its error state and the next
 * synchronisation of the stream (or of the device) returns
 * ACL_ERROR_RT_AICORE_EXCEPTION. A kernel must not call blocking AscendCL
 * functions (synchronisation, stream or event destruction).
 */
typedef int32_t (*cpuaclKernel)(void *args);

/* Largest argument block cpuaclLaunchKernelArgs copies into the task record. */
#define CPUACL_KERNEL_ARGS_MAX 32u

/*
 * Launch fn(args) on `stream` (NULL = the current context's default stream).
 * `args` is passed through unchanged; it must stay valid until the kernel ran.
 * Errors: ACL_ERROR_INVALID_PARAM (fn NULL), ACL_ERROR_RT_CONTEXT_NULL (no
 * current context), ACL_ERROR_RT_INVALID_HANDLE / ACL_ERROR_RT_STREAM_CONTEXT
 * (bad or foreign stream). Captured like any other task while the stream captures.
 */
ACL_FUNC_VISIBILITY aclError cpuaclLaunchKernel(aclrtStream stream, cpuaclKernel fn, void *args);

/*
 * Like cpuaclLaunchKernel, but `argsSize` bytes at `args` (at most
 * CPUACL_KERNEL_ARGS_MAX) are copied into the task at submission, and the
 * kernel receives a pointer to that copy, aligned for any type (16 bytes). Lets a caller
 * launch with per-launch values without keeping them alive.
 */
ACL_FUNC_VISIBILITY aclError cpuaclLaunchKernelArgs(aclrtStream stream, cpuaclKernel fn,
                                                    const void *args, size_t argsSize);

/*
 * Like cpuaclLaunchKernel, with ownership of `args`: release(args) (may be
 * NULL) is called exactly once when the runtime no longer needs the block:
 * right after the kernel ran (or was discarded) for an eager launch; when the
 * model run instance is destroyed for a launch captured by
 * aclmdlRICaptureBegin (a captured kernel runs fn(args) at every replay).
 * A nonzero return value of fn becomes the stream's error code (an aclError:
 * return ACL_ERROR_RT_AICORE_EXCEPTION when in doubt). On failure to launch,
 * release is NOT called. Used by libhccl for its collective descriptors.
 */
typedef void (*cpuaclRelease)(void *args);
ACL_FUNC_VISIBILITY aclError cpuaclLaunchKernelOwned(aclrtStream stream, cpuaclKernel fn,
                                                     void *args, cpuaclRelease release);

/* Per-worker counters, as read at the time of the call (monotonic). */
typedef struct cpuaclWorkerStats {
    uint64_t tasks;        /* tasks executed */
    uint64_t batches;      /* non-empty passes over one stream */
    uint64_t spins;        /* idle polling rounds */
    uint64_t parks;        /* times the worker went to sleep on its futex */
    uint64_t wakeups;      /* futex wake-ups issued to this worker by others */
    uint64_t blockedNs;    /* time streams of this worker spent blocked on events */
    uint64_t busyNs;       /* time spent executing tasks */
    int32_t cpu;           /* core the worker is pinned to, -1 if not pinned */
    uint32_t streams;      /* streams currently placed on this worker */
} cpuaclWorkerStats;

/* Number of worker threads of a device (the device must have been set). */
ACL_FUNC_VISIBILITY aclError cpuaclGetWorkerCount(int32_t deviceId, uint32_t *count);

/* Counters of worker `index` (0 <= index < count) of a device. */
ACL_FUNC_VISIBILITY aclError cpuaclGetWorkerStats(int32_t deviceId, uint32_t index,
                                                  cpuaclWorkerStats *stats);

/* Index of the worker a stream is placed on (NULL = default stream). */
ACL_FUNC_VISIBILITY aclError cpuaclStreamGetWorker(aclrtStream stream, uint32_t *index);

/*
 * Timeline tracing. When enabled (environment CPUACL_TRACE=path or
 * CPUACL_TRACE_EVENTS=n, or cpuacl.trace_file / cpuacl.trace_events in the
 * aclInit JSON), every worker records each task's start and end, stream and
 * what it did (aclnnAdd, memcpy H2D 4 MiB, event record ...). The trace file
 * is opened at aclInit (an unwritable path fails it: ACL_ERROR_INVALID_PARAM
 * for CPUACL_TRACE, ACL_ERROR_FILE_ATTR_INVALID for the JSON key) and written
 * at aclFinalize (a failed write is its result: ACL_ERROR_RT_FILE_WRITE).
 * cpuaclTraceDump writes what has been recorded so far to `path` as Chrome
 * trace JSON: a process per device, a track per stream, arrows from event
 * records to the waits they released (docs/tools.md: open it in Perfetto UI
 * or chrome://tracing). Tracing off: ACL_ERROR_FEATURE_UNSUPPORTED; `path`
 * not writable: ACL_ERROR_RT_FILE_OPEN.
 */
ACL_FUNC_VISIBILITY aclError cpuaclTraceDump(const char *path);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_CPUACL_H */
