/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Internal launch API for other parts of the library (operators, copies):
 * queue a host-code "kernel" on an AscendCL stream with explicit ownership of
 * its argument block.
 *
 * core_launch_owned(stream, fn, arg, release, name):
 *   - fn(arg) runs on a device worker in stream order; a non-zero return puts
 *     the stream into its error state with the returned aclError value (use
 *     ACL_ERROR_RT_AICORE_EXCEPTION when in doubt).
 *   - release(arg) (may be NULL) is called exactly once when the runtime no
 *     longer needs arg: right after fn ran (or was discarded) for an eager
 *     launch; when the model run instance is destroyed for a launch captured
 *     by aclmdlRICaptureBegin (the captured task runs fn(arg) at every replay).
 *   - Returns ACL_SUCCESS or the aclError of the stream lookup (with the
 *     message already recorded); release is NOT called on failure.
 *   - name is the AscendCL function name used in error messages.
 */
#ifndef CPUACL_CORE_LAUNCH_H
#define CPUACL_CORE_LAUNCH_H

#include "acl/acl.h"

typedef int32_t (*core_kernel_fn)(void *arg);
typedef void (*core_release_fn)(void *arg);

/* core_launch_owned with the name the timeline trace shows for the task (core/tools/trace.c;
 * static storage, or interned there): "aclop Add" where name is "aclopExecuteV2". */
aclError core_launch_owned_as(aclrtStream stream, core_kernel_fn fn, void *arg,
                              core_release_fn release, const char *name, const char *trace_name);

/* The trace shows the task as name ("aclnnAdd"). */
static inline aclError core_launch_owned(aclrtStream stream, core_kernel_fn fn, void *arg,
                                         core_release_fn release, const char *name)
{
    return core_launch_owned_as(stream, fn, arg, release, name, name);
}

#endif
