/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tasks as core submits them: the kinds, and the submission path that
 * writes a task into a stream's ring or, when the stream is capturing, into
 * its capture (core/capture.c).
 */
#ifndef CPUACL_CORE_TASK_H
#define CPUACL_CORE_TASK_H

#include "core/core.h"

/* Task kinds (sched_task.kind), for statistics and tracing. */
enum core_task_kind {
    CORE_T_KERNEL = 1,
    CORE_T_HOSTFUNC,
    CORE_T_RECORD,
    CORE_T_WAIT,
    CORE_T_RESET,
    CORE_T_CALLBACK,
    CORE_T_MEMCPY,
    CORE_T_MEMSET,
    CORE_T_MODEL,
    CORE_T_VALUE_WRITE,
    CORE_T_VALUE_WAIT,
    CORE_T_REDUCE,
};

/* A kind's name in traces and model dumps ("kernel", "memcpy", ...; "task"
 * for an unknown kind). core/trace.c. */
const char *core_task_kind_name(uint8_t kind);

/* Active captures in the process; 0 lets every capture check short-cut. */
extern _Atomic uint32_t core_ncaptures;

/* A task submitted to a capturing stream: a scratch record to fill, then
 * core_capture_commit appends it to the stream's lane (or, in task-update
 * mode, replaces the next task of the group). */
struct sched_task *core_capture_slot(struct core_stream *s);
aclError core_capture_commit(struct core_stream *s, const char *fn);
/* Replay-safe run functions of the copy/set tasks (memory.c), NULL if not one. */
sched_task_fn core_memory_replay_fn(sched_task_fn run);
/* Replay-safe version of a task's run function, or NULL if the kind cannot
 * be captured; *release receives the function to call at model destroy. */
sched_task_fn core_replay_fn(sched_task_fn run, void (**release)(void *), void **release_arg,
                             struct sched_task *t);

/* Start a submission: a ring slot, or a scratch record when capturing. */
static inline struct sched_task *core_task_begin(struct core_stream *s)
{
    /* relaxed: set by Begin/join on this or another thread; a submission
     * racing with the start of a capture is the user's race. */
    if (__builtin_expect(atomic_load_explicit(&s->cap, memory_order_relaxed) != NULL, 0))
        return core_capture_slot(s);
    return sched_stream_reserve(&s->s);
}

/* Finish a submission started with core_task_begin. */
static inline aclError core_task_end(struct core_stream *s, const char *fn)
{
    if (__builtin_expect(atomic_load_explicit(&s->cap, memory_order_relaxed) != NULL, 0))
        return core_capture_commit(s, fn);
    sched_stream_commit(&s->s);
    return ACL_SUCCESS;
}

#endif
