/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Work that runs host code in stream order: cpuacl C-function kernels,
 * aclrtLaunchHostFunc, and the subscribe/callback/report protocol (the entry
 * points are in core/api/host.c; what they call is declared in hostfn.h).
 *
 * Kernels run directly on the worker that owns the stream; host functions run
 * on host threads (core/runtime/hostpool.h), the stream blocked meanwhile.
 *
 * Callbacks (aclrtLaunchCallback) run on the user's thread that calls
 * aclrtProcessReport. When a worker reaches a callback task it hands a report
 * node to the subscribed thread's queue; with ACL_CALLBACK_BLOCK the stream
 * then blocks on the node's completion condition until the callback returned.
 *
 * Invariants:
 *  CB1. A node has two references (the task, the report queue's consumer);
 *      whoever drops the last frees it, so the worker never frees a node the
 *      processing thread is still advancing, and vice versa.
 *  CB2. Report queues are never freed before aclFinalize: a stream's cbq
 *      pointer stays valid even across a racing unsubscribe.
 *  CB3. Finalize closes every queue first (core_report_close_all, T4): nodes
 *      not yet taken by aclrtProcessReport are dropped unrun and their
 *      blocked streams released, callbacks reached later are dropped too,
 *      and waiting processors wake and return ACL_ERROR_UNINITIALIZE. A
 *      queue holds a reference for the registry and one per processor in
 *      aclrtProcessReport; the last one frees it.
 *  CB4. A thread with a report queue that waits for a stream (synchronise,
 *      the drain of a destroy or reset, another thread's drain) runs the
 *      callbacks handed to it while it waits (core/stream/stream.c
 *      core_stream_wait_serving, core_device_wait_drains_locked):
 *      otherwise an ACL_CALLBACK_BLOCK callback on that stream would wait
 *      for the very thread that waits for the stream (a self-deadlock).
 *      Event synchronisation (core/event/event.c, wait_desc) does the same for
 *      any thread that has a report queue: the event may be recorded on any
 *      stream, so the waiter runs whatever is handed to it.
 *      So does a plain launch (kernel, host function, callback) that finds
 *      its stream's ring full (core_task_begin_serving): it lets go of the
 *      stream, serves between 1 ms waits, and owns it again before it
 *      reserves (sched_stream_wait_space), so the callbacks it runs may
 *      launch to that stream too. Launches that may hold a lock (operators,
 *      graphs, model executions, event records and waits) wait plainly.
 *  CB6. aclrtSubscribeHostFunc reuses this machinery with queues of a second
 *      kind (REPORT_HOSTFN, keyed by thread id like kind REPORT_CB): a host
 *      function launched on a stream with such a subscription (outside a
 *      capture) is handed to that queue instead of the host pool, the stream
 *      blocked until it returned (as ACL_CALLBACK_BLOCK), and run by the
 *      thread calling aclrtProcessHostFunc. The kinds never mix: Process-
 *      Report runs callbacks only, ProcessHostFunc host functions only; CB4
 *      covers both kinds.
 *  CB5. A callback task committed after its stream's destroy drained it
 *      never runs on a worker; core/stream/stream.c runs it in discard mode before
 *      the recycled stream's ring is wiped, so its node is freed.
 */
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/host/hostfn.h"
#include "core/host/report.h"
#include "core/launch.h"
#include "core/runtime/fault.h"
#include "core/runtime/hostpool.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "cpuacl/cpuacl.h"
#include "sched/blocks.h"
#include "sched/clock.h"

/* core_task_begin for the plain launches of core/host/hostfn.c (kernels, host
 * functions, callbacks), made by a user's thread that holds no runtime lock:
 * a full ring is waited for serving the caller's report queues (CB4,
 * core_report_run_mine), so a report thread that fills a ring behind its own
 * blocking callback does not deadlock. Paths that may hold a lock (operators,
 * graphs, model executions, event records/waits called by graph code) use
 * core_task_begin and wait plainly. */
static inline struct sched_task *core_task_begin_serving(struct core_stream *s)
{
    /* relaxed: as in core_task_begin */
    if (__builtin_expect(atomic_load_explicit(&s->cap, memory_order_relaxed) != NULL, 0)) {
        struct sched_task *t = core_capture_begin(s);
        if (t)
            return t;
    }
    return sched_stream_reserve_ex(&s->s, core_report_run_mine);
}

/* ---- kernels and host functions ---------------------------------------- */

static int run_kernel(struct sched_task *t, struct sched_exec *x)
{
    if (x->discard)
        return SCHED_DONE;
    cpuaclKernel fn = (cpuaclKernel)t->arg.fn[0];
    void *args = t->u16 ? (void *)&t->arg.u64[2] : t->arg.ptr[1];
    if (fn(args) != 0)
        sched_exec_fail(x, ACL_ERROR_RT_AICORE_EXCEPTION);
    return SCHED_DONE;
}

/* Host functions: off the worker, in stream order (core/runtime/hostpool.h). The
 * task is SCHED_TF_ALWAYS so that a force-destroy never skips a function
 * already running; whether a fresh one is dropped is decided here. The
 * record is only read, so captured host functions replay through it too. */
static int run_hostfunc(struct sched_task *t, struct sched_exec *x)
{
    struct core_stream *s = x->stream->owner;
    struct core_hostjob *j = &s->hj;
    if (j->issued == j->collected) { /* fresh */
        /* relaxed: as the worker's own per-task discard check (sched/worker.c). */
        bool drop = x->discard || atomic_load_explicit(&x->stream->discard, memory_order_relaxed) ||
                    (atomic_load_explicit(&x->stream->stop_on_fail, memory_order_relaxed) &&
                     atomic_load_explicit(&x->stream->err, memory_order_relaxed));
        if (drop)
            return SCHED_DONE;
        j->fn = (aclrtHostFunc)t->arg.fn[0];
        j->arg = t->arg.ptr[1];
        j->issued++;
        if (__builtin_expect(core_hostpool_submit(j) != 0, 0)) {
            /* No host thread could be had: run it here rather than lose it. */
            j->fn(j->arg);
            j->collected = j->issued;
            sched_cond_advance(&j->done, j->issued);
            return SCHED_DONE;
        }
    } else if (sched_cond_value(&j->done) >= j->issued) { /* re-run: finished */
        j->collected = j->issued;
        return SCHED_DONE;
    }
    x->block_cond = &j->done;
    x->block_target = j->issued;
    x->block_deadline = 0;
    return SCHED_BLOCK;
}

/* Copy n (1..32) argument bytes without a call: two overlapping moves of the
 * largest power of two <= n, as small-size memcpy does. */
static inline void copy_args(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *p = src;
    if (n >= 16) {
        __builtin_memcpy(d, p, 16);
        __builtin_memcpy(d + n - 16, p + n - 16, 16);
    } else if (n >= 8) {
        __builtin_memcpy(d, p, 8);
        __builtin_memcpy(d + n - 8, p + n - 8, 8);
    } else if (n >= 4) {
        __builtin_memcpy(d, p, 4);
        __builtin_memcpy(d + n - 4, p + n - 4, 4);
    } else {
        d[0] = p[0];
        d[n / 2] = p[n / 2];
        d[n - 1] = p[n - 1];
    }
}

/* Fill a kernel or host-function record (ring slot or captured copy). */
static inline void fill_fn(struct sched_task *t, sched_task_fn run, uint8_t kind, void (*fn)(void),
                           const void *args, size_t inline_size, uint8_t flags)
{
    t->run = run;
    t->kind = kind;
    t->flags = flags;
    t->arg.fn[0] = fn;
    if (inline_size) {
        t->u16 = 1;
        copy_args(&t->arg.u64[2], args, inline_size); /* offset 32: 16-byte aligned */
    } else {
        t->u16 = 0;
        t->arg.ptr[1] = (void *)args;
    }
}

static inline aclError submit_fn_s(struct core_stream *s, uint64_t tag, sched_task_fn run,
                                   uint8_t kind, void (*fn)(void), const void *args,
                                   size_t inline_size, const char *name, uint8_t flags)
{
    struct sched_task *t = core_task_begin_serving(s); /* CB4 */
    fill_fn(t, run, kind, fn, args, inline_size, flags);
    return core_task_end(s, tag, name);
}

/* The slow path of the launches below (core/stream/task.h, core_submit_try). */
static inline aclError submit_fn(aclrtStream stream, sched_task_fn run, uint8_t kind,
                                 void (*fn)(void), const void *args, size_t inline_size,
                                 const char *name, uint8_t flags)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, name);
    if (__builtin_expect(rc != ACL_SUCCESS, 0))
        return rc;
    core_scache_note(stream, s);
    return submit_fn_s(s, tag, run, kind, fn, args, inline_size, name, flags);
}

/* Each launch: the fast path inline, and its slow path (every check with its
 * error, captures, shared streams, a full ring) behind a tail call, with the
 * launch's own arguments so that it is a jump. */
static __attribute__((noinline)) aclError launch_kernel_slow(aclrtStream stream, cpuaclKernel fn,
                                                             void *args)
{
    sched_stream_fast_missed(); /* core/stream/task.h: first on a fast-path launch's slow path */
    if (!fn)
        return core_err(ACL_ERROR_INVALID_PARAM, "cpuaclLaunchKernel: kernel function is NULL");
    return submit_fn(stream, run_kernel, CORE_T_KERNEL, (void (*)(void))fn, args, 0,
                     "cpuaclLaunchKernel", 0);
}

/* The captured paths' common case: a kernel record (inline_size argument
 * bytes, 0: args passed through) appended to s's capture by core_capture_put;
 * false when the launch must take its slow path (nothing done). */
static inline bool capture_kernel(aclrtStream stream, cpuaclKernel fn, const void *args,
                                  size_t inline_size, struct core_stream *s)
{
    if (!core_submit_captured(stream, s))
        return false;
    struct sched_task rec = {0}; /* the node gets no stale bytes */
    fill_fn(&rec, run_kernel, CORE_T_KERNEL, (void (*)(void))fn, args, inline_size, 0);
    return core_capture_put(s, &rec) == ACL_SUCCESS;
}

/* ... and its captured path (core_submit_captured), which skips the resolve. */
static __attribute__((noinline)) aclError
launch_kernel_captured(aclrtStream stream, cpuaclKernel fn, void *args, struct core_stream *s)
{
    if (capture_kernel(stream, fn, args, 0, s))
        return ACL_SUCCESS;
    return launch_kernel_slow(stream, fn, args);
}

aclError core_host_launch_kernel(aclrtStream stream, cpuaclKernel fn, void *args)
{
    if (__builtin_expect(fn != NULL, 1)) {
        struct core_sub u;
        struct sched_task *t = core_submit_try(stream, &u);
        if (__builtin_expect(t != NULL, 1)) {
            fill_fn(t, run_kernel, CORE_T_KERNEL, (void (*)(void))fn, args, 0, 0);
            return core_submit_done(&u, t);
        }
        if (u.s)
            return launch_kernel_captured(stream, fn, args, u.s);
    }
    return launch_kernel_slow(stream, fn, args);
}

static __attribute__((noinline)) aclError
launch_kernel_args_slow(aclrtStream stream, cpuaclKernel fn, const void *args, size_t argsSize)
{
    sched_stream_fast_missed(); /* core/stream/task.h: first on a fast-path launch's slow path */
    if (!fn)
        return core_err(ACL_ERROR_INVALID_PARAM, "cpuaclLaunchKernelArgs: kernel function is NULL");
    if (argsSize > CPUACL_KERNEL_ARGS_MAX || (argsSize && !args))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "cpuaclLaunchKernelArgs: %zu argument bytes (at most %u, non-NULL)",
                        argsSize, CPUACL_KERNEL_ARGS_MAX);
    if (!argsSize) /* nothing to copy: pass NULL, as an empty block */
        return submit_fn(stream, run_kernel, CORE_T_KERNEL, (void (*)(void))fn, NULL, 0,
                         "cpuaclLaunchKernelArgs", 0);
    return submit_fn(stream, run_kernel, CORE_T_KERNEL, (void (*)(void))fn, args, argsSize,
                     "cpuaclLaunchKernelArgs", 0);
}

static __attribute__((noinline)) aclError
launch_kernel_args_captured(aclrtStream stream, cpuaclKernel fn, const void *args, size_t argsSize,
                            struct core_stream *s)
{
    if (capture_kernel(stream, fn, args, argsSize, s))
        return ACL_SUCCESS;
    return launch_kernel_args_slow(stream, fn, args, argsSize);
}

aclError core_host_launch_kernel_args(aclrtStream stream, cpuaclKernel fn, const void *args,
                                      size_t argsSize)
{
    /* 1..32 bytes from a non-NULL block here; 0 bytes and errors on the slow path */
    if (__builtin_expect(fn && args && argsSize - 1 < CPUACL_KERNEL_ARGS_MAX, 1)) {
        struct core_sub u;
        struct sched_task *t = core_submit_try(stream, &u);
        if (__builtin_expect(t != NULL, 1)) {
            fill_fn(t, run_kernel, CORE_T_KERNEL, (void (*)(void))fn, args, argsSize, 0);
            return core_submit_done(&u, t);
        }
        if (u.s)
            return launch_kernel_args_captured(stream, fn, args, argsSize, u.s);
    }
    return launch_kernel_args_slow(stream, fn, args, argsSize);
}

_Static_assert(CPUACL_KERNEL_ARGS_MAX <= sizeof(((struct sched_task *)0)->arg) - 16,
               "inline kernel arguments fit the record");
_Static_assert(__builtin_offsetof(struct sched_task, arg.u64[2]) % 16 == 0,
               "inline kernel arguments are 16-byte aligned (the record is 64-byte aligned)");

/* The execution of the owned launch running on this thread, for core_owned_blocks; NULL
 * elsewhere. Saved and restored around each call (a replay runs owned launches inside the
 * replay task's own execution). */
static __thread struct sched_exec *t_owned_x __attribute__((tls_model("initial-exec")));

static inline int32_t call_owned(core_kernel_fn fn, void *arg, struct sched_exec *x)
{
    struct sched_exec *prev = t_owned_x;
    t_owned_x = x;
    int32_t rc = fn(arg);
    t_owned_x = prev;
    return rc;
}

int32_t core_owned_blocks(core_block_fn fn, void *arg, uint32_t n)
{
    struct sched_exec *x = t_owned_x;
    if (x)
        return sched_blocks_run(x, (sched_block_fn)fn, arg, n);
    for (uint32_t i = 0; i < n; i++) { /* not inside an owned launch: in order, here */
        int32_t rc = fn(arg, i, n);
        if (rc)
            return rc;
    }
    return 0;
}

uint32_t core_owned_team(void)
{
    struct sched_exec *x = t_owned_x;
    /* a host thread running a model execution splits as the worker would (sched/blocks.h MB6) */
    return x && (x->worker || x->team) && x->team_size > 1 ? x->team_size : 1;
}

/* Owned launches (core/launch.h): arg.fn[0] = fn, ptr[1] = arg, fn[2] = release, u64[3] = the
 * block count of a multi-block launch, ptr[4] = the name the trace shows (static storage). */
static int run_owned(struct sched_task *t, struct sched_exec *x)
{
    core_kernel_fn fn = (core_kernel_fn)t->arg.fn[0];
    core_release_fn release = (core_release_fn)t->arg.fn[2];
    void *arg = t->arg.ptr[1];
    if (!x->discard) {
        int32_t rc = call_owned(fn, arg, x);
        if (rc)
            sched_exec_fail(x, rc);
    }
    if (release)
        release(arg);
    return SCHED_DONE;
}

/* An owned launch's record (also a multi-block launch's: u64[3] = blocks,
 * u16 = CORE_BLOCKS_* mode; ptr[4] = the name the trace shows). */
struct owned_desc {
    sched_task_fn run;
    uint8_t kind;
    uint16_t mode;
    uint32_t nblocks;
};

static const struct owned_desc k_owned = {run_owned, CORE_T_OWNED, 0, 0};

static inline void fill_owned(struct sched_task *t, const struct owned_desc *d, void (*fn)(void),
                              void *arg, core_release_fn release, const char *trace_name)
{
    t->run = d->run;
    t->kind = d->kind;
    t->flags = 0;
    t->u16 = d->mode;
    t->arg.fn[0] = fn;
    t->arg.ptr[1] = arg;
    t->arg.fn[2] = (void (*)(void))release;
    t->arg.u64[3] = d->nblocks;
    t->arg.ptr[4] = (void *)trace_name; /* one store into the line being written: no branch */
}

static __attribute__((noinline)) aclError
launch_owned_slow(aclrtStream stream, const struct owned_desc *d, void (*fn)(void), void *arg,
                  core_release_fn release, const char *name, const char *trace_name)
{
    sched_stream_fast_missed(); /* core/stream/task.h: first on a fast-path launch's slow path */
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, name);
    if (rc)
        return rc;
    core_scache_note(stream, s);
    struct sched_task *t = core_task_begin(s);
    fill_owned(t, d, fn, arg, release, trace_name);
    return core_task_end(s, tag, name);
}

static __attribute__((noinline)) aclError
launch_owned_captured(aclrtStream stream, const struct owned_desc *d, void (*fn)(void), void *arg,
                      core_release_fn release, const char *name, const char *trace_name,
                      struct core_stream *s)
{
    if (!core_submit_captured(stream, s))
        return launch_owned_slow(stream, d, fn, arg, release, name, trace_name);
    struct sched_task *t = core_task_begin(s);
    fill_owned(t, d, fn, arg, release, trace_name);
    return core_task_end(s, (uint64_t)(uintptr_t)stream, name);
}

static inline aclError launch_owned(aclrtStream stream, const struct owned_desc *d,
                                    void (*fn)(void), void *arg, core_release_fn release,
                                    const char *name, const char *trace_name)
{
    struct core_sub u;
    struct sched_task *t = core_submit_try(stream, &u);
    if (__builtin_expect(t != NULL, 1)) {
        fill_owned(t, d, fn, arg, release, trace_name);
        return core_submit_done(&u, t);
    }
    if (u.s)
        return launch_owned_captured(stream, d, fn, arg, release, name, trace_name, u.s);
    return launch_owned_slow(stream, d, fn, arg, release, name, trace_name);
}

aclError core_launch_owned_as(aclrtStream stream, core_kernel_fn fn, void *arg,
                              core_release_fn release, const char *name, const char *trace_name)
{
    return launch_owned(stream, &k_owned, (void (*)(void))fn, arg, release, name, trace_name);
}

/* ---- multi-block launches (core/launch.h, sched/blocks.h) ----------------- */

/* The blocks a launch runs with: its count, or for a split (CORE_BLOCKS_UPTO)
 * at most CORE_SPLIT_PER_WORKER per worker of the device, one on a device of
 * one worker. */
static inline uint32_t blocks_of(const struct sched_task *t, const struct sched_exec *x)
{
    uint32_t n = (uint32_t)t->arg.u64[3];
    if (t->u16 == CORE_BLOCKS_UPTO) {
        uint32_t cap = x->team_size > 1 ? x->team_size * CORE_SPLIT_PER_WORKER : 1;
        if (n > cap)
            n = cap;
    }
    return n;
}

static int run_blocks(struct sched_task *t, struct sched_exec *x)
{
    core_release_fn release = (core_release_fn)t->arg.fn[2];
    void *arg = t->arg.ptr[1];
    if (x->discard) {
        if (release)
            release(arg);
        return SCHED_DONE;
    }
    return sched_fork(x, (sched_block_fn)t->arg.fn[0], arg, blocks_of(t, x), release);
}

/* A captured multi-block launch runs its blocks the same way at every replay
 * (the replaying worker and its idle team mates), then the next node. */
static int run_blocks_replay(struct sched_task *t, struct sched_exec *x)
{
    int32_t rc = sched_blocks_run(x, (sched_block_fn)t->arg.fn[0], t->arg.ptr[1], blocks_of(t, x));
    if (rc)
        sched_exec_fail(x, rc);
    return SCHED_DONE;
}

aclError core_launch_blocks(aclrtStream stream, core_block_fn fn, void *arg, uint32_t nblocks,
                            uint16_t mode, core_release_fn release, const char *name)
{
    struct owned_desc d = {run_blocks, CORE_T_BLOCKS, mode, nblocks};
    return launch_owned(stream, &d, (void (*)(void))fn, arg, release, name, name);
}

/* Captured owned launches run fn at every replay; release at model destroy. */
static int run_owned_replay(struct sched_task *t, struct sched_exec *x)
{
    int32_t rc = call_owned((core_kernel_fn)t->arg.fn[0], t->arg.ptr[1], x);
    if (rc)
        sched_exec_fail(x, rc);
    return SCHED_DONE;
}

static void owned_release(const struct sched_task *t, void (**fn)(void *), void **arg)
{
    *fn = (void (*)(void *))t->arg.fn[2];
    *arg = t->arg.ptr[1];
}

/* Trace notes (core/stream/task.h): a kernel or host function by its function, an owned
 * launch by the name its launcher gave. */
static void note_fn(const struct sched_task *t, uint64_t note[3])
{
    note[1] = (uint64_t)(uintptr_t)t->arg.fn[0];
}

static void note_owned(const struct sched_task *t, uint64_t note[3])
{
    note[0] = (uint64_t)(uintptr_t)t->arg.ptr[4];
}

/* A captured kernel replays as is; the replay loop calls it itself. */
const struct core_task_desc core_task_kernel = {
    "kernel", run_kernel, run_kernel, SCHED_TF_DIRECT, NULL, note_fn,
};
const struct core_task_desc core_task_owned = {
    "kernel", run_owned, run_owned_replay, 0, owned_release, note_owned,
};
const struct core_task_desc core_task_blocks = {
    "kernel", run_blocks, run_blocks_replay, 0, owned_release, note_owned,
};
/* Stateless: the same record runs again. */
const struct core_task_desc core_task_hostfunc = {
    "host_func", run_hostfunc, run_hostfunc, 0, NULL, note_fn,
};

/* Queues of aclrtSubscribeHostFunc (below, CB6). */
static aclError report_launch(struct core_stream *s, uint64_t tag, struct core_report *q,
                              aclrtCallback fn, void *userData, aclrtCallbackBlockType blockType,
                              const char *name);

aclError core_host_func_launch(struct core_stream *s, uint64_t tag, aclrtHostFunc fn, void *args,
                               const char *name)
{
    /* CB6: a subscribed stream (not capturing: a captured host function
     * replays on the host pool) hands it to aclrtProcessHostFunc. acquire:
     * pairs with the release in subscribe; relaxed cap: A1. */
    struct core_report *q = atomic_load_explicit(&s->hfq, memory_order_acquire);
    if (__builtin_expect(q != NULL, 0) && !atomic_load_explicit(&s->cap, memory_order_relaxed))
        return report_launch(s, tag, q, fn, args, ACL_CALLBACK_BLOCK, name);
    return submit_fn_s(s, tag, run_hostfunc, CORE_T_HOSTFUNC, (void (*)(void))fn, args, 0, name,
                       SCHED_TF_ALWAYS);
}

/* ---- report queues ------------------------------------------------------ */

struct report_node {
    struct report_node *next;
    aclrtCallback fn;
    void *data;
    struct sched_cond done; /* advanced to 1 when the callback returned */
    _Atomic uint32_t refs;  /* CB1 */
};

enum { REPORT_CB = CORE_REPORT_CB, REPORT_HOSTFN = CORE_REPORT_HOSTFN, REPORT_KINDS }; /* CB6 */

struct core_report {
    uint64_t tid;         /* I */
    int kind;             /* I: REPORT_CB or REPORT_HOSTFN */
    uint32_t nstreams;    /* g_rt.lock */
    pthread_mutex_t lock; /* protects head/tail */
    struct report_node *head, *tail;
    struct sched_ec ec;       /* the processing thread waits here */
    bool dead;                /* closed by finalize (CB3); q->lock */
    _Atomic uint32_t refs;    /* A: registry + processors (CB3) */
    struct core_report *next; /* g_rt.lock */
};

static struct core_report *g_reports; /* g_rt.lock; CB2 */
/* A: how many queues g_reports holds, read without the lock by waiters (CB4) */
static _Atomic uint32_t g_nreports;

static void node_put(struct report_node *n)
{
    /* acq_rel: the last holder sees the other's writes before freeing. */
    if (atomic_fetch_sub_explicit(&n->refs, 1, memory_order_acq_rel) == 1)
        free(n);
}

static struct core_report *report_find_locked(uint64_t tid, int kind)
{
    for (struct core_report *q = g_reports; q; q = q->next)
        if (q->tid == tid && q->kind == kind)
            return q;
    return NULL;
}

/* A stream's subscription of a kind: its thread id and queue fields. */
static uint64_t *sub_tid(struct core_stream *s, int kind)
{
    return kind == REPORT_HOSTFN ? &s->hf_tid : &s->cb_tid;
}

static struct core_report *_Atomic *sub_q(struct core_stream *s, int kind)
{
    return kind == REPORT_HOSTFN ? &s->hfq : &s->cbq;
}

static void report_put(struct core_report *q)
{
    /* acq_rel: the last holder sees every other holder's writes. */
    if (atomic_fetch_sub_explicit(&q->refs, 1, memory_order_acq_rel) == 1) {
        pthread_mutex_destroy(&q->lock);
        free(q);
    }
}

void core_report_close_all(void)
{
    for (struct core_report *q = g_reports; q; q = q->next) {
        pthread_mutex_lock(&q->lock);
        q->dead = true;
        struct report_node *n = q->head;
        q->head = q->tail = NULL;
        pthread_mutex_unlock(&q->lock);
        while (n) { /* dropped unrun; a BLOCK stream goes on */
            struct report_node *next = n->next;
            sched_cond_advance(&n->done, 1);
            node_put(n);
            n = next;
        }
        sched_ec_notify(&q->ec); /* processors waiting wake and see dead */
    }
}

void core_report_fini_all(void)
{
    core_report_close_all(); /* idempotent: nodes posted since are dropped too */
    while (g_reports) {
        struct core_report *q = g_reports;
        g_reports = q->next;
        report_put(q);
    }
    atomic_store_explicit(&g_nreports, 0, memory_order_relaxed); /* relaxed: lock held, a hint */
}

static void unsubscribe_kind_locked(struct core_stream *s, int kind)
{
    struct core_report *q =
        atomic_load_explicit(sub_q(s, kind), memory_order_relaxed); /* relaxed: A1 */
    if (q) {
        q->nstreams--;
        atomic_store_explicit(sub_q(s, kind), NULL, memory_order_relaxed); /* relaxed: A1 */
        __atomic_store_n(sub_tid(s, kind), 0,
                         __ATOMIC_RELAXED); /* relaxed: A1, read by core_stream_sync */
    }
}

void core_stream_unsubscribe_locked(struct core_stream *s)
{
    unsubscribe_kind_locked(s, REPORT_CB);
    unsubscribe_kind_locked(s, REPORT_HOSTFN);
}

static int run_callback(struct sched_task *t, struct sched_exec *x)
{
    struct report_node *n = t->arg.ptr[0];
    struct core_report *q = t->arg.ptr[1];
    bool block = t->u16 == ACL_CALLBACK_BLOCK;
    if (t->arg.u64[2] == 0) { /* first run: hand the node over */
        if (x->discard) {
            node_put(n); /* the queue's reference: never posted */
            node_put(n);
            return SCHED_DONE;
        }
        t->arg.u64[2] = 1;
        pthread_mutex_lock(&q->lock);
        if (q->dead) { /* CB3: finalize closed the queue */
            pthread_mutex_unlock(&q->lock);
            node_put(n);
            node_put(n);
            return SCHED_DONE;
        }
        n->next = NULL;
        if (q->tail)
            q->tail->next = n;
        else
            q->head = n;
        q->tail = n;
        pthread_mutex_unlock(&q->lock);
        sched_ec_notify(&q->ec);
    }
    if (block && !x->discard && sched_cond_value(&n->done) < 1) {
        x->block_cond = &n->done;
        x->block_target = 1;
        x->block_deadline = 0;
        return SCHED_BLOCK;
    }
    node_put(n);
    return SCHED_DONE;
}

/* The stream of a subscription change, g_rt.lock held on success (T3: not
 * while or after aclFinalize runs). SD1: the stream is resolved with its
 * incarnation tag and re-checked under the lock, as capture begin does
 * (core_stream_resolve_lock): a destroy (and the reuse of the record by the
 * next aclrtCreateStream) between the lookup and the lock gives 107017,
 * never a subscription of the record's next stream. */
static aclError report_stream_lock(aclrtStream stream, struct core_stream **s, const char *fn)
{
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, s, &tag, fn);
    if (rc || (rc = core_lock_live(fn)))
        return rc;
    if ((rc = core_stream_live_locked(*s, tag, fn)))
        pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* Subscribe threadId to the stream's kind of reports, under g_rt.lock. */
static aclError subscribe_locked(struct core_stream *s, uint64_t threadId,
                                 enum core_report_kind kind, const char *fn)
{
    if (atomic_load_explicit(sub_q(s, kind), memory_order_relaxed)) /* relaxed: A1 */
        return core_err(ACL_ERROR_REPEAT_SUBSCRIBE,
                        "%s: the stream is already subscribed by thread %llu", fn,
                        (unsigned long long)*sub_tid(s, kind));
    struct core_report *q = report_find_locked(threadId, kind);
    if (!q) {
        q = core_calloc(1, sizeof(*q));
        if (!q)
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        q->tid = threadId;
        q->kind = kind;
        atomic_init(&q->refs, 1); /* the registry's (CB3) */
        pthread_mutex_init(&q->lock, NULL);
        q->next = g_reports;
        g_reports = q;
        /* relaxed: a hint for waiters (CB4), exact under the lock */
        atomic_fetch_add_explicit(&g_nreports, 1, memory_order_relaxed);
    }
    q->nstreams++;
    __atomic_store_n(sub_tid(s, kind), threadId, __ATOMIC_RELAXED); /* relaxed: A1 */
    /* release: launches on other threads acquire the queue. */
    atomic_store_explicit(sub_q(s, kind), q, memory_order_release);
    return ACL_SUCCESS;
}

aclError core_report_subscription(uint64_t threadId, aclrtStream stream, enum core_report_kind kind,
                                  bool on, const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = report_stream_lock(stream, &s, fn);
    if (rc)
        return rc;
    if (on) {
        rc = subscribe_locked(s, threadId, kind, fn);
    } else if (atomic_load_explicit(sub_q(s, kind), memory_order_relaxed) && /* relaxed: A1 */
               *sub_tid(s, kind) == threadId) {
        unsubscribe_kind_locked(s, kind);
    } else {
        rc = core_err(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                      "%s: the stream is not subscribed by thread %llu", fn,
                      (unsigned long long)threadId);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* Callbacks cannot be captured (the report protocol is per submission). */
const struct core_task_desc core_task_callback = {"callback", run_callback, NULL, 0, NULL, NULL};

aclError core_report_callback(struct core_stream *s, uint64_t tag, aclrtCallback fn, void *userData,
                              aclrtCallbackBlockType blockType, const char *name)
{
    /* acquire: pairs with the release in subscribe. */
    struct core_report *q = atomic_load_explicit(&s->cbq, memory_order_acquire);
    if (!q)
        return core_err(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                        "%s: no thread is subscribed to the stream (aclrtSubscribeReport)", name);
    return report_launch(s, tag, q, fn, userData, blockType, name);
}

/* Queue a report task handing fn(userData) to q (CB1, CB6). */
static aclError report_launch(struct core_stream *s, uint64_t tag, struct core_report *q,
                              aclrtCallback fn, void *userData, aclrtCallbackBlockType blockType,
                              const char *name)
{
    struct report_node *n = core_calloc(1, sizeof(*n));
    if (!n)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", name);
    n->fn = fn;
    n->data = userData;
    atomic_init(&n->refs, 2); /* CB1: the task and the queue */
    struct sched_task *t = sched_stream_reserve_ex(&s->s, core_report_run_mine); /* CB4 */
    if (__builtin_expect(sched_stream_tag(&s->s) != tag, 0)) { /* T7: destroyed meanwhile */
        free(n);
        return core_stream_gone(s, name);
    }
    t->run = run_callback;
    t->kind = CORE_T_CALLBACK;
    t->flags = 0;
    t->u16 = (uint16_t)blockType;
    t->arg.u64[2] = 0; /* not yet handed over */
    t->arg.ptr[0] = n;
    t->arg.ptr[1] = q;
    sched_stream_commit(&s->s);
    return ACL_SUCCESS;
}

struct q_arg {
    struct core_report *q;
};

static bool q_nonempty(void *arg)
{
    struct core_report *q = ((struct q_arg *)arg)->q;
    pthread_mutex_lock(&q->lock);
    bool r = q->head != NULL || q->dead;
    pthread_mutex_unlock(&q->lock);
    return r;
}

static void run_nodes(struct report_node *n)
{
    while (n) {
        struct report_node *next = n->next;
        n->fn(n->data);
        sched_cond_advance(&n->done, 1); /* unblocks a BLOCK stream */
        node_put(n);
        n = next;
    }
}

bool core_report_run_mine(void)
{
    /* relaxed: no queue at all (the common case) needs no lock; a thread is
     * subscribed before it waits, so its own queue is counted already */
    if (!atomic_load_explicit(&g_nreports, memory_order_relaxed))
        return false;
    uint64_t tid = (uint64_t)pthread_self();
    bool any = false;
    for (int kind = 0; kind < REPORT_KINDS; kind++) { /* CB4 covers both (CB6) */
        pthread_mutex_lock(&g_rt.lock);
        struct core_report *q = report_find_locked(tid, kind);
        if (q) /* relaxed: the registry's reference keeps it alive meanwhile */
            atomic_fetch_add_explicit(&q->refs, 1, memory_order_relaxed);
        pthread_mutex_unlock(&g_rt.lock);
        if (!q)
            continue;
        any = true;
        pthread_mutex_lock(&q->lock);
        struct report_node *n = q->head;
        q->head = q->tail = NULL;
        pthread_mutex_unlock(&q->lock);
        report_put(q);
        run_nodes(n);
    }
    return any;
}

uint64_t core_report_serve(bool *serving, uint64_t deadline)
{
    if (!*serving || !(*serving = core_report_run_mine()))
        return deadline;
    uint64_t slice = sched_now_ns() + 1000000u;
    return deadline && deadline < slice ? deadline : slice;
}

aclError core_report_process(int32_t timeout, enum core_report_kind kind, const char *fn)
{
    uint64_t tid = (uint64_t)pthread_self();
    aclError rc = core_lock_live(fn);
    if (rc)
        return rc;
    struct core_report *q = report_find_locked(tid, kind);
    bool subscribed = q && q->nstreams;
    if (q) /* relaxed: the registry's reference keeps it alive meanwhile */
        atomic_fetch_add_explicit(&q->refs, 1, memory_order_relaxed);
    pthread_mutex_unlock(&g_rt.lock);
    struct q_arg a = {q};
    if (!q || (!subscribed && !q_nonempty(&a))) {
        if (q)
            report_put(q);
        return core_err(ACL_ERROR_THREAD_NOT_SUBSCRIBE,
                        "%s: the calling thread is subscribed to no stream", fn);
    }
    if (sched_ec_await(&q->ec, q_nonempty, &a, sched_deadline_ms(timeout))) {
        report_put(q);
        return core_err(ACL_ERROR_WAIT_CALLBACK_TIMEOUT, "%s: nothing arrived within %d ms", fn,
                        (int)timeout);
    }
    pthread_mutex_lock(&q->lock);
    struct report_node *n = q->head;
    bool dead = q->dead;
    q->head = q->tail = NULL;
    pthread_mutex_unlock(&q->lock);
    report_put(q);
    if (!n && dead)
        return core_err(ACL_ERROR_UNINITIALIZE, "%s: aclFinalize closed the queue", fn);
    run_nodes(n);
    return ACL_SUCCESS;
}
