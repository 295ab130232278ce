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

/*
 * Multi-block launch (sched/blocks.h, docs/stream.md "Multi-block tasks"):
 * fn(arg, i, n) runs once for every block i in [0, n), in parallel on the
 * workers of the stream's device; the task completes (release(arg) runs, the
 * stream moves on) when the last block finished. A non-zero return of any
 * block fails the task once with the first such code. Ownership of arg as in
 * core_launch_owned (captured: every replay runs the blocks again; release
 * when the model run instance goes).
 *   mode CORE_BLOCKS_EXACT: n = nblocks (an Ascend C <<<blockDim>>> launch);
 *   mode CORE_BLOCKS_UPTO:  n = nblocks capped at CORE_SPLIT_PER_WORKER per
 *     worker of the device, 1 on a device of one worker (an operator's split:
 *     its work divided by the n it is given).
 */
typedef int32_t (*core_block_fn)(void *arg, uint32_t i, uint32_t n);
enum { CORE_BLOCKS_EXACT = 0, CORE_BLOCKS_UPTO = 1 };
#define CORE_SPLIT_PER_WORKER 4
/* Workers of each device (the configured count, CPUACL_WORKERS): what a BLAS
 * called from one kernel may use as its thread count. */
uint32_t core_device_workers(void);
aclError core_launch_blocks(aclrtStream stream, core_block_fn fn, void *arg, uint32_t nblocks,
                            uint16_t mode, core_release_fn release, const char *name);

/*
 * Blocks from inside an owned launch (a kernel binary's launch, whose block count a model's
 * task update may change until it runs): called from the fn of core_launch_owned while it
 * runs (eagerly or replayed), core_owned_blocks runs fn(arg, i, n) for every i in [0, n) on
 * the calling worker and the idle workers of its device and returns when all finished: the
 * first non-zero return, or 0. The calling worker is held until then (a core_launch_blocks
 * task lets it run other streams meanwhile). Elsewhere, and on a device of one worker, the
 * blocks run in order on the calling thread. core_owned_team: the workers such a call may
 * use (1 outside an owned launch).
 */
int32_t core_owned_blocks(core_block_fn fn, void *arg, uint32_t n);
uint32_t core_owned_team(void);

/*
 * A synchronous execution of a captured model (aclmdlRI) on `stream`, which the caller keeps
 * private (no other thread submits to it meanwhile): run on the calling thread when the model
 * and the stream are idle (core/model/model.c IN1), else queued and the stream synchronised.
 * graph/compile.c's synchronous runs (GC5: aclmdlExecute on its model's own stream).
 */
aclError core_model_execute_on(aclmdlRI modelRI, aclrtStream stream, const char *fn);

#endif
