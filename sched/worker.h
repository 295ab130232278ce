/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Workers: the threads that are a device. Each owns a set of streams, round-
 * robins over them running a bounded batch from each, spins for a bounded
 * budget when there is nothing to do and then parks on its event count.
 *
 * Workers live in one process-wide table indexed by a global worker index,
 * and a worker structure is never freed (type-stable memory), so a waker
 * that read an index from a condition's wmask can always touch it.
 *
 * Streams are attached/detached through a small mutex-protected mailbox the
 * worker checks with one relaxed load per loop: the hot loop itself takes no
 * lock.
 */
#ifndef CPUACL_SCHED_WORKER_H
#define CPUACL_SCHED_WORKER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "sched/ec.h"
#include "sched/stream.h"

#define SCHED_MAX_WORKERS 4096 /* 64 devices x 64 workers (core/runtime/runtime.h) */
#define SCHED_PASS_TASKS 64 /* tasks per stream per pass: bounds unfairness */

struct sched_req;

/* One traced task: when it ran (from its first run to the run that finished it), on which
 * stream, of which kind, and what sched_trace_note noted of it. */
struct sched_trace_rec {
    uint64_t start_ns, end_ns;
    uint64_t note[3]; /* sched_trace_note's (names, sizes, event keys), zero without it */
    uint32_t stream;  /* sched_stream.trace_id */
    uint8_t kind;     /* sched_task.kind */
};

struct sched_worker_stats {
    /* tasks, batches, spins, parks, blocked_ns, busy_ns: written by the worker
     * only (plain load + store, worker.c stat_add); wakeups by kickers (RMW). */
    _Atomic uint64_t tasks, batches, spins, parks, wakeups, blocked_ns, busy_ns;
    _Atomic uint64_t busy_since; /* start of the busy period in progress, 0 when idle */
    /* Seqlock over the pair (busy_ns, busy_since): odd while the worker changes
     * them, so a reader never adds a closed period's open interval twice nor
     * misses it (sched_worker_busy_ns). */
    _Atomic uint32_t busy_seq;
};

struct sched_worker {
    _Alignas(SCHED_CACHELINE) struct sched_ec ec; /* the worker parks here */
    _Atomic uint32_t sleep_key;                   /* A: epoch the worker sleeps on (W5) */
    _Atomic uint32_t mbox_pending;                /* A: requests queued */

    _Alignas(SCHED_CACHELINE) pthread_mutex_t mbox_lock;
    struct sched_req *mbox; /* protected by mbox_lock */

    /* C: owned by the worker thread. */
    struct sched_stream **streams;
    uint32_t nstreams, capstreams;
    uint64_t spin_ns; /* the adaptive spin budget (worker.c, W4) */
    /* Busy/idle accounting (worker.c: worker_main, mark_busy): idle_since is the start of
     * the idle period in progress (0 while busy), idle_clock the latest clock
     * read while idle, busy_since the start of the busy period in progress. */
    uint64_t idle_since, idle_clock, busy_since;

    struct sched_worker_stats st; /* A: written by the worker, read by anyone */
    struct sched_trace_rec *trace; /* I: trace buffer of trace_cap records, NULL if off */
    uint32_t trace_cap;            /* I */
    _Atomic uint32_t ntrace;       /* A: records written (release after each) */
    _Atomic uint32_t trace_lost;   /* A: records dropped because the buffer was full */
    _Atomic uint32_t nattached;   /* A: placement load (streams) */
    _Atomic uint32_t stop;        /* A */
    struct sched_team *team;      /* I: the workers it helps with blocks (blocks.h), or NULL */
    uint32_t team_size;           /* I: workers in the team (1 without one) */
    uint32_t index;               /* I: global index */
    int32_t cpu;                  /* I: pinned core or -1 */
    pthread_t thread;             /* I */
    bool running;                 /* set by start (g_create_lock), cleared by stop; start and
                                   * stop of one worker are serialised by the caller (core:
                                   * g_rt.lock) */
};

/* The worker's parking line, its mailbox line and its own state do not share
 * cache lines: wakers write ec/sleep_key, posters mbox_lock. */
_Static_assert(__builtin_offsetof(struct sched_worker, ec) == 0, "the parking line comes first");
_Static_assert(__builtin_offsetof(struct sched_worker, mbox_lock) % SCHED_CACHELINE == 0 &&
                   __builtin_offsetof(struct sched_worker, mbox_lock) >= SCHED_CACHELINE,
               "the mailbox has its own cache line");
_Static_assert(sizeof(struct sched_worker) % SCHED_CACHELINE == 0,
               "workers are whole cache lines");

/* Start worker `index` (its structure is created on first use). 0 / -errno. */
int sched_worker_start(uint32_t index, int32_t cpu);
/* The same, as a member of the team of workers [team_base, team_base +
 * team_size) (a device's workers: they run each other's blocks, blocks.h). */
int sched_worker_start_in(uint32_t index, int32_t cpu, uint32_t team_base, uint32_t team_size);
/* Stop and join it; it must have no streams attached. */
void sched_worker_stop(uint32_t index);
struct sched_worker *sched_worker_get(uint32_t index);
/* W4's adaptive spin budget, shared with other spinning threads: after a park
 * that ended (cancelled: before sleeping; woken: by another thread, else timed
 * out) slept_ns after it began, double or halve *spin_ns within
 * [sched_cfg.spin_ns, SCHED_SPIN_GROW_MAX x that]. */
void sched_spin_adapt(uint64_t *spin_ns, bool cancelled, bool woken, uint64_t slept_ns);

/* Place stream s on w: queued in w's mailbox, not waited for (the worker
 * takes the stream, and the tasks already in its ring, at its next loop). */
void sched_worker_attach(struct sched_worker *w, struct sched_stream *s);
/* Remove s from its worker; returns when the worker no longer touches it. */
void sched_worker_detach(struct sched_stream *s);
/* Remove s from its worker without waiting: the worker calls the release hook
 * (sched_worker_hooks) with s once it no longer touches it. */
void sched_worker_release(struct sched_stream *s);

/* Functions every worker thread runs first and last (e.g. RCU registration).
 * Set before any worker starts. */
void sched_worker_hooks(void (*on_start)(void), void (*on_stop)(void),
                        void (*on_release)(struct sched_stream *));

/* Tracing is on (sched_cfg.trace_events > 0): one predictable branch per task. */
extern bool sched_trace_on;
/* Tracing only: called by the worker with a task before its first run (the record may be
 * reused once it finished) to fill the trace record's note; set by the layer above before
 * any worker starts, NULL = notes stay zero. The engine gives the note no meaning. */
extern void (*sched_trace_note)(const struct sched_task *t, uint64_t note[3]);
/* Tracing only: add r to the calling worker w's trace (a task that runs others in place, a
 * model replay, records them with this); counted as dropped when the buffer is full. */
void sched_trace_add(struct sched_worker *w, const struct sched_trace_rec *r);

/* Wake every worker whose bit is in mask (bit = index % 64). */
void sched_workers_wake_mask(uint64_t mask);

/* Busy time of w up to `now`: closed periods plus the one in progress, read
 * consistently with the worker's updates (busy_seq). */
uint64_t sched_worker_busy_ns(const struct sched_worker *w, uint64_t now);

/* Multi-block tasks (blocks.c, invariants in blocks.h). */
struct sched_job;
/* The head task of s returned SCHED_FORK in x: run its blocks with the team.
 * SCHED_DONE: completed (release ran); SCHED_BLOCK: s waits on the job (x's
 * block fields), complete it with sched_fork_complete once unblocked. */
int sched_fork_begin(struct sched_worker *w, struct sched_stream *s, struct sched_exec *x);
void sched_fork_complete(struct sched_worker *w, struct sched_stream *s, struct sched_exec *x);
/* Run blocks of the team's open jobs; how many ran. */
uint32_t sched_team_help(struct sched_worker *w);
/* A block is left to claim (a parking worker's re-check, MB4). */
bool sched_team_claimable(const struct sched_worker *w);

#endif
