/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Multi-block tasks: one task of a stream whose work is split into n blocks
 * that the workers of its device (a team) run in parallel, the interface a
 * `<<<blockDim>>>` launch and a split operator use. docs/stream.md,
 * "Multi-block tasks", describes the semantics; the invariants are here.
 *
 * A task's run function asks for blocks by returning sched_fork(x, fn, arg,
 * n, release): fn(arg, i, n) then runs once for every i in [0, n), on the
 * worker that runs the task (the owner) and on any worker of its team that is
 * idle or reaches the job, and release(arg) runs once after the last block
 * (the task's completion). The stream's next task starts after that, as for
 * any task: stream order and event semantics are those of a single task.
 *
 * Team board: each team (the workers of one device) has SCHED_TEAM_JOBS job
 * entries; an owner takes a free entry for a fork (a bit in `busy`), and
 * advertises it in `open` while it has blocks left to claim.
 *
 * Invariants:
 *  MB1. Every block runs exactly once. A block index is claimed by a CAS on
 *      the entry's claim word (generation << 32 | next index) that moves it
 *      from (g, i) to (g, i + 1) with i < n(g); the word of a generation only
 *      grows, and a new generation starts only after every block of the old
 *      one finished (MB3), so a CAS that succeeds on (g, i) claims block i of
 *      job g and of no other. A helper reads n, fn and arg between its
 *      acquire load of the word and its CAS; they are atomics (relaxed), so a
 *      read that races with the owner writing the next generation is no data
 *      race. The CAS alone does not prove them current: a helper may load
 *      (g, n(g)) after the job's last claim, then read a larger n of g + 1
 *      written before the word moves, and its CAS on the unchanged word
 *      would claim a block of no job (a block run twice, seen under TSan).
 *      So the owner first stores (g + 1, SCHED_CLAIM_CLOSED) and then a
 *      release fence before it writes the fields, and a helper puts an
 *      acquire fence between its field loads and its CAS: a helper that read
 *      any new field has its CAS ordered after the closing store, and fails.
 *      A CAS that succeeds therefore used fields of the job it claims.
 *  MB2. The last block to finish (done reaches n, an acq_rel counter: its
 *      RMW chain carries every block's writes) advances the entry's `fin`
 *      condition to g (release): whoever acquires fin >= g sees every
 *      block's effects and the first failure (err).
 *  MB3. Only the owner (the holder of the busy bit) writes an entry's fields,
 *      clears its open bit and frees it; it frees it after it acquired
 *      fin >= g. The owner's stream is blocked on fin meanwhile (the worker's
 *      blocked-stream path: W2's park, C2's wake), and its head moves only
 *      when the owner completes the task (W1: the head has one writer). So a
 *      helper never waits for the owner, and the owner never waits for a
 *      helper while it has other streams to run.
 *  MB4. No lost helper: the owner sets the open bit and then kicks the other
 *      workers of the team (light fence, their waiters; W2); a parking worker
 *      re-checks `open` after its heavy fence (has_work).
 *  MB5. A fork with n = 1, on a team of one worker, or with no free entry runs
 *      its blocks in order on the owner before the task completes: the same
 *      results, nothing shared.
 *  MB6. A host thread may own a replayed fork (sched_blocks_run with x->worker
 *      NULL and x->team set: a model execution run by its caller,
 *      core/model/model.c IN1). It is an owner like a worker (MB1-MB4: it takes
 *      the entry, publishes, kicks every worker of the team, claims blocks
 *      itself, waits for fin, frees the entry) but belongs to no team: no
 *      worker waits for it, and it serves no other stream meanwhile. With no
 *      team (a device of one worker) or n = 1 it runs the blocks in place
 *      (MB5): on one worker the launches ask for one block anyway (an Ascend C
 *      launch for at most one runner per worker, a split for one block). Which
 *      thread runs a block never changes its result: a block depends only on
 *      its index and n, and n is what the device's worker count asks for
 *      (x->team_size), as on a worker.
 */
#ifndef CPUACL_SCHED_BLOCKS_H
#define CPUACL_SCHED_BLOCKS_H

#include <stdint.h>

#include "sched/cond.h"
#include "sched/task.h"

#define SCHED_CLAIM_CLOSED 0xffffffffu /* claim index while an owner writes a job (MB1) */
#define SCHED_TEAM_JOBS 64 /* job entries per team: forks in flight at once (one per stream) */

/* Block i of n; 0 or an error code (the task's failure: the first one wins). */
typedef int32_t (*sched_block_fn)(void *arg, uint32_t i, uint32_t n);

struct sched_job {
    /* Line 1: claims and completions (every block RMWs it twice). */
    _Alignas(SCHED_CACHELINE) _Atomic uint64_t claim; /* A: (gen << 32) | next block, MB1 */
    _Atomic uint32_t done;                            /* A: blocks finished (MB2) */
    _Atomic int32_t err;                              /* A: first block failure, 0 = none */
    _Atomic uint32_t n;                               /* A: blocks of the current job (MB1) */
    _Atomic(sched_block_fn) fn;                       /* A: relaxed (MB1) */
    _Atomic(void *) arg;                              /* A: relaxed (MB1) */
    /* Line 2: completion (written once per job, read by the owner). */
    _Alignas(SCHED_CACHELINE) struct sched_cond fin; /* value: last finished generation (MB2) */
    uint64_t gen;                                    /* owner only: jobs published (MB3) */
    void (*release)(void *arg);                      /* owner only (MB3) */
    void *release_arg;                               /* owner only */
};

struct sched_team {
    _Alignas(SCHED_CACHELINE) _Atomic uint64_t busy; /* A: entries taken by owners (MB3) */
    _Atomic uint64_t open;                           /* A: entries with blocks to claim (MB4) */
    _Alignas(SCHED_CACHELINE) uint32_t base;         /* I: first worker index */
    _Atomic uint32_t size;                           /* A: workers started in the team */
    struct sched_job jobs[SCHED_TEAM_JOBS];
};

_Static_assert(sizeof(struct sched_job) % SCHED_CACHELINE == 0, "entries are whole lines");

/* Ask, from a task's run function, for fn(arg, i, n) with i in [0, n) and then
 * release(arg) (may be NULL) once after the last block; returns SCHED_FORK.
 * n = 0 runs no block, only the release. */
static inline int sched_fork(struct sched_exec *x, sched_block_fn fn, void *arg, uint32_t n,
                             void (*release)(void *))
{
    x->fork_fn = fn;
    x->fork_arg = arg;
    x->fork_n = n;
    x->fork_release = release;
    return SCHED_FORK;
}

/* Run fn's n blocks on the calling worker and the idle workers of its team and
 * return when all finished (a replayed multi-block task, core/model). The
 * first failure, or 0. x->worker may be NULL (a host thread): with x->team
 * it shares the blocks with that team (MB6), else runs them in place. */
int32_t sched_blocks_run(struct sched_exec *x, sched_block_fn fn, void *arg, uint32_t n);

/* The team of workers [base, base + size) (created on first use, never freed). */
struct sched_team *sched_team_get(uint32_t base);

#endif
