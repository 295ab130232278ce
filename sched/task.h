/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The 64-byte task record. The engine knows nothing of AscendCL: a task is a
 * function pointer plus 48 bytes of arguments, run by a worker in stream
 * order. core/ defines the kinds (kernels, event records and waits, copies,
 * host functions ...).
 */
#ifndef CPUACL_SCHED_TASK_H
#define CPUACL_SCHED_TASK_H

#include <stdbool.h>
#include <stdint.h>

#include "sched/clock.h"

struct sched_task;
struct sched_stream;
struct sched_worker;
struct sched_cond;
struct sched_team;

/* What a task's run function returns. */
enum {
    SCHED_DONE = 0,  /* finished (successfully or not; failures go through sched_exec_fail) */
    SCHED_BLOCK = 1, /* cannot run yet: wait for exec->block_cond to reach block_target */
    SCHED_FORK = 2,  /* run exec->fork_fn's blocks on the team, then complete (sched/blocks.h) */
};

/* Task flags. */
enum {
    SCHED_TF_ALWAYS = 1u << 0, /* run even when the stream discards work (event records) */
    SCHED_TF_DIRECT = 1u << 1, /* replay may call arg.fn[0](args) itself (plain C kernels) */
};

/* Execution context handed to a task's run function. */
struct sched_exec {
    struct sched_worker *worker;
    struct sched_stream *stream;
    bool discard;      /* in: release what the task holds, do not execute it */
    uint64_t blocked_since; /* in: when the task first blocked (ns), 0 = never yet */
    /* out, with SCHED_BLOCK: */
    struct sched_cond *block_cond;
    uint64_t block_target;
    uint64_t block_deadline; /* absolute ns, 0 = none; the task is re-run when reached */
    /* in: workers of the device (the team), what a split asks blocks for */
    uint32_t team_size;
    /* in, with worker NULL (a host thread running a model execution itself,
     * core/model/model.c IN1): the team it shares multi-block nodes with
     * (sched/blocks.h MB6); NULL: blocks run in place. */
    struct sched_team *team;
    /* out, with SCHED_FORK (sched_fork, sched/blocks.h): */
    uint32_t fork_n;
    int32_t (*fork_fn)(void *arg, uint32_t i, uint32_t n);
    void *fork_arg;
    void (*fork_release)(void *arg);
};

/* Fill x's SCHED_BLOCK outputs and return SCHED_BLOCK: wait for cond to reach target until
 * deadline (absolute ns, 0 = none). poll_ns > 0 also re-runs the task after at most that long:
 * a condition set by another process cannot wake this one. */
static inline int sched_block_on(struct sched_exec *x, struct sched_cond *cond, uint64_t target,
                                 uint64_t deadline, uint64_t poll_ns)
{
    x->block_cond = cond;
    x->block_target = target;
    x->block_deadline = deadline;
    if (poll_ns) {
        uint64_t poll = sched_now_ns() + poll_ns;
        if (!deadline || poll < deadline)
            x->block_deadline = poll;
    }
    return SCHED_BLOCK;
}

/*
 * Run (or, with exec->discard, drop) the task at the head of its stream.
 * Called on a worker thread; the record stays valid and writable until the
 * function returns SCHED_DONE.
 */
typedef int (*sched_task_fn)(struct sched_task *t, struct sched_exec *x);

struct sched_task {
    sched_task_fn run;
    _Atomic uint32_t seq; /* engine-owned: publication sequence (see stream.h S1) */
    uint8_t kind;         /* for statistics and tracing only */
    uint8_t flags;        /* SCHED_TF_* */
    uint16_t u16;
    union {
        uint64_t u64[6];
        void *ptr[6];
        void (*fn[6])(void); /* function pointers, cast back by the task */
        unsigned char bytes[48];
    } arg;
} __attribute__((aligned(64)));

_Static_assert(sizeof(struct sched_task) == 64, "a task record is one cache line");

/* Record a task failure on the executing stream (first error wins), then
 * call sched_fail_hook (if set) on the worker, with the failing task still at
 * the stream's head. */
void sched_exec_fail(struct sched_exec *x, int32_t code);

/* Set by core/ (exception callbacks, device error state); NULL = none. */
extern void (*_Atomic sched_fail_hook)(struct sched_exec *x, int32_t code);

#endif
