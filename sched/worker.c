/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The worker loop.
 *
 * Correctness argument (numbered invariants referred to in the code):
 *  W1. A task is executed exactly once and in order: only this worker moves
 *      its streams' head, and it advances head by one after each task that
 *      returned SCHED_DONE; a SCHED_BLOCK task stays at head and is re-run
 *      when its condition is reached (or its deadline passes).
 *  W2. No lost wake-up when parking: before sleeping the worker registers on
 *      every condition one of its streams is blocked on (sets its wmask bit),
 *      announces itself on its event count (waiters++; heavy fence), and only
 *      then re-checks every stream for work, its mailbox and its stop flag.
 *      Producers (S4), condition advances (C2), the mailbox and stop all
 *      publish first and check waiters after a light fence.
 *  W3. A stream is touched by this worker only between the attach and the
 *      detach request being processed at the top of the loop; requesters wait
 *      for the acknowledgement, so after detach returns the stream may go.
 *  W4. Spinning is bounded: after spin_ns of idle time the worker parks, so
 *      more workers than cores always make progress; while it spins it yields
 *      the core every 64 empty passes, so a thread sharing the core (the host
 *      thread, another worker) runs. spin_ns adapts like KVM's halt polling:
 *      a wake by another thread within the largest budget
 *      (SCHED_SPIN_GROW_MAX x sched_cfg.spin_ns) of parking means the idle
 *      gaps are a little longer than the budget, so every gap pays a park and
 *      a wake (~20-50 us on a VM): the budget doubles. A longer sleep, woken
 *      or timed out, halves it, down to sched_cfg.spin_ns. A short sleep that
 *      timed out (a polling wait's deadline) says nothing about when work
 *      comes and changes nothing. An event chain that hands work between
 *      workers every ~60 us then never parks.
 *  W5. At most one futex wake per park: before announcing itself the worker
 *      reads the epoch (its key) and publishes it as sleep_key; a kicker that
 *      sees the announcement wakes it only by CAS(epoch, sleep_key, +1). The
 *      key is published before the heavy fence, so a kicker that sees the
 *      announcement sees the key; if its CAS fails, the epoch already moved
 *      past the key and the worker's futex wait returns by itself.
 *  W6. In park the worker announces itself before it sets its bits in the
 *      wake masks of the conditions its streams are blocked on (see park).
 *  W7. After a pass that ran at least SCHED_SLIP_TASKS tasks and left no
 *      stream at the pass limit, the worker pauses a bounded ~1 us (slip)
 *      before its next pass: a streaming producer then fills whole runs of
 *      records before the worker reads them (see slip). It changes when the
 *      worker looks, never what it runs or in which order (W1).
 *  W8. A task that forks (SCHED_FORK, sched/blocks.h) stays at its stream's
 *      head until the owner completes it: at once when its blocks are done
 *      by the time its own claims ran out, else the stream blocks on the
 *      job's fin condition and the task completes when unblocked (only fin
 *      unblocks it, discard or not). A stream that leaves the worker with a
 *      fork in flight has it settled first (settle_fork).
 *  W9. Each loop first runs blocks of the team's open jobs (sched_team_help)
 *      when the team's open mask is not 0; an idle pass that finds blocks is
 *      busy. A parking worker re-checks for claimable blocks after its heavy
 *      fence (has_work; MB4), so a published job never waits for a parked
 *      helper that was not kicked.
 */
#include "sched/worker.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/blocks.h"
#include "sched/clock.h"
#include "sched/cond.h"
#include "sched/futex.h"
#include "sched/sched.h"

enum { REQ_ATTACH, REQ_DETACH, REQ_RELEASE };

struct sched_req {
    struct sched_req *next;
    struct sched_stream *s;
    int op;
    _Atomic uint32_t done; /* A: futex word, 1 when processed */
};

static struct sched_worker *_Atomic g_workers[SCHED_MAX_WORKERS];
static _Atomic uint32_t g_nworkers_hint; /* A: 1 + highest index ever created */
static pthread_mutex_t g_create_lock = PTHREAD_MUTEX_INITIALIZER;
static void (*g_on_start)(void), (*g_on_stop)(void); /* I: before workers start */
static void (*g_on_release)(struct sched_stream *);  /* I */

void sched_worker_hooks(void (*on_start)(void), void (*on_stop)(void),
                        void (*on_release)(struct sched_stream *))
{
    g_on_start = on_start;
    g_on_stop = on_stop;
    g_on_release = on_release;
}

struct sched_worker *sched_worker_get(uint32_t index)
{
    if (index >= SCHED_MAX_WORKERS)
        return NULL;
    /* acquire: pairs with the release store that published the structure. */
    return atomic_load_explicit(&g_workers[index], memory_order_acquire);
}

void sched_worker_kick(struct sched_worker *w)
{
    sched_fence_light(); /* W2: after the caller published what the worker must see */
    /* relaxed: ordered by the fence pair (W2, W5). */
    if (!atomic_load_explicit(&w->ec.waiters, memory_order_relaxed))
        return;
    uint32_t key = atomic_load_explicit(&w->sleep_key, memory_order_relaxed);
    /* W5: only the kick that moves the epoch off the sleeper's key wakes it;
     * a failed CAS means the epoch moved already and its futex wait returns.
     * release: pairs with the acquire of the epoch in park. */
    if (atomic_compare_exchange_strong_explicit(&w->ec.epoch, &key, key + 1, memory_order_release,
                                                memory_order_relaxed)) {
        atomic_fetch_add_explicit(&w->st.wakeups, 1, memory_order_relaxed); /* statistic */
        sched_futex_wake(&w->ec.epoch, 1);
    }
}

void sched_workers_wake_mask(uint64_t mask)
{
    uint32_t n = atomic_load_explicit(&g_nworkers_hint, memory_order_acquire);
    while (mask) {
        uint32_t bit = (uint32_t)__builtin_ctzll(mask);
        mask &= mask - 1;
        /* Several workers share a bit when there are more than 64: wake all
         * of them; a spurious wake costs one pass. */
        for (uint32_t i = bit; i < n; i += 64) {
            struct sched_worker *w = sched_worker_get(i);
            if (w)
                sched_worker_kick(w);
        }
    }
}

/* ---- stream list (worker thread only) ---------------------------------- */

static void list_add(struct sched_worker *w, struct sched_stream *s)
{
    if (w->nstreams == w->capstreams) {
        uint32_t cap = w->capstreams ? w->capstreams * 2 : 16;
        struct sched_stream **n = realloc(w->streams, cap * sizeof(*n));
        if (!n)
            abort(); /* a few bytes at stream creation; nothing sane remains */
        w->streams = n;
        w->capstreams = cap;
    }
    s->widx = w->nstreams;
    w->streams[w->nstreams++] = s;
}

static void list_del(struct sched_worker *w, struct sched_stream *s)
{
    uint32_t i = s->widx;
    w->streams[i] = w->streams[--w->nstreams];
    w->streams[i]->widx = i;
}

static void trace_fork_done(struct sched_worker *w, struct sched_stream *s, uint8_t kind);

/* W8: a stream leaving this worker (detach, release) while its head task's
 * blocks run elsewhere: wait for them and complete the task here (its
 * release runs exactly once, its head moves), so nothing of the stream is
 * touched after it left. All its blocks were claimed before the stream
 * blocked (MB3) and helpers never wait, so this wait is bounded by a block. */
static void settle_fork(struct sched_worker *w, struct sched_stream *s)
{
    if (!s->fork)
        return;
    sched_cond_wait(s->blk_cond, s->blk_target, 0);
    s->blk_cond = NULL;
    struct sched_exec x = {.worker = w, .stream = s};
    uint64_t head = atomic_load_explicit(&s->head, memory_order_relaxed); /* ours (W1) */
    trace_fork_done(w, s, s->slots[head & s->mask].kind);
    sched_fork_complete(w, s, &x);
    head++;
    /* release: as in run_stream (S2). */
    atomic_store_explicit(&s->head, head, memory_order_release);
    sched_waitq_notify(&s->doneq, head); /* S3 */
}

static void process_mailbox(struct sched_worker *w)
{
    pthread_mutex_lock(&w->mbox_lock);
    struct sched_req *r = w->mbox, *fifo = NULL;
    w->mbox = NULL;
    /* relaxed: the lock orders it with the list. */
    atomic_store_explicit(&w->mbox_pending, 0, memory_order_relaxed);
    pthread_mutex_unlock(&w->mbox_lock);
    while (r) { /* posted LIFO; process in posting order (attach before detach) */
        struct sched_req *next = r->next;
        r->next = fifo;
        fifo = r;
        r = next;
    }
    for (r = fifo; r;) {
        struct sched_req *next = r->next; /* r may vanish once done is set */
        if (r->op == REQ_ATTACH) {
            list_add(w, r->s);
            free(r); /* attach and release requests are fire-and-forget (heap) */
        } else if (r->op == REQ_RELEASE) {
            settle_fork(w, r->s); /* W8 */
            list_del(w, r->s);
            if (g_on_release)
                g_on_release(r->s); /* W3: we no longer touch it */
            free(r);
        } else {
            settle_fork(w, r->s); /* W8 */
            list_del(w, r->s);
            /* release: the requester may free the stream right after (W3). */
            atomic_store_explicit(&r->done, 1, memory_order_release);
            sched_futex_wake(&r->done, 1);
        }
        r = next;
    }
}

static void post(struct sched_worker *w, struct sched_req *r, bool wait)
{
    atomic_init(&r->done, 0);
    pthread_mutex_lock(&w->mbox_lock);
    r->next = w->mbox;
    w->mbox = r;
    /* release: seen by the worker's unlocked check; the lock orders the rest. */
    atomic_store_explicit(&w->mbox_pending, 1, memory_order_release);
    pthread_mutex_unlock(&w->mbox_lock);
    sched_worker_kick(w); /* W2 */
    /* acquire: pairs with the worker's release of done. */
    while (wait && !atomic_load_explicit(&r->done, memory_order_acquire))
        sched_futex_wait(&r->done, 0, 0);
}

void sched_worker_attach(struct sched_worker *w, struct sched_stream *s)
{
    /* Not waited for: a worker busy in a long kernel must not delay stream
     * creation. Tasks submitted meanwhile wait in the ring; the worker takes
     * the stream (and its tasks) at its next loop, and a later detach is
     * processed after this attach (the mailbox is handled in FIFO order). */
    struct sched_req *r = calloc(1, sizeof(*r));
    if (!r)
        abort(); /* a few bytes at stream creation: nothing sane remains */
    r->s = s;
    r->op = REQ_ATTACH;
    s->worker = w;
    atomic_fetch_add_explicit(&w->nattached, 1, memory_order_relaxed); /* placement hint */
    post(w, r, false);
}

void sched_worker_release(struct sched_stream *s)
{
    struct sched_worker *w = s->worker;
    struct sched_req *r = calloc(1, sizeof(*r));
    if (!r)
        abort(); /* a few bytes at stream destruction: nothing sane remains */
    r->s = s;
    r->op = REQ_RELEASE;
    atomic_fetch_sub_explicit(&w->nattached, 1, memory_order_relaxed);
    post(w, r, false);
}

void sched_worker_detach(struct sched_stream *s)
{
    struct sched_worker *w = s->worker;
    struct sched_req r = {.s = s, .op = REQ_DETACH};
    post(w, &r, true);
    atomic_fetch_sub_explicit(&w->nattached, 1, memory_order_relaxed);
}

/* ---- the loop ---------------------------------------------------------- */

/* W7: a pass that ran a burst of tasks and caught up (a producer streams to
 * us) pauses before looking again. Polling the slot the producer is about to
 * fill right after each task keeps both cores on the same few ring lines (the
 * poll pulls the line the producer prefetched for writing, its store pulls
 * it back, the next poll misses again); letting the producer get ~100
 * records ahead first makes the next pass stream through lines that are
 * complete. Bounded (~1 us); single-task passes, the request/response
 * pattern of launch + synchronise, never slip. */
#define SCHED_SLIP_TASKS 8   /* tasks in a pass that make it a burst */
#define SCHED_SLIP_NEAR 256  /* the producer's tail this close ahead: streaming */
#define SCHED_SLIP_PAUSES 32 /* pause instructions (~30 ns each measured) */
enum { SLIP_NEAR = 1, SLIP_FAR = 2 };

static void slip(void)
{
    for (unsigned k = 0; k < SCHED_SLIP_PAUSES; k++)
        base_cpu_relax();
}

/* Add to a statistic only this worker writes: a relaxed load and store, not
 * a locked read-modify-write. Readers load it relaxed and may see the old
 * value; on x86 a locked add would also drain the store buffer, stalling the
 * worker behind its head store (whose line a synchronising host polls). */
static inline void stat_add(_Atomic uint64_t *c, uint64_t n)
{
    /* relaxed: single writer (the worker); readers need no ordering (A2). */
    atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n,
                          memory_order_relaxed);
}

/* Is the stream's blocking condition met (or its deadline passed)? */
static bool unblocked(struct sched_stream *s, uint64_t *now)
{
    if (sched_cond_value(s->blk_cond) >= s->blk_target)
        return true;
    if (s->fork) /* blocks in flight: only their end unblocks (MB3), discard or not */
        return false;
    /* A discarded wait is dropped, not waited for; but a task that runs
     * even when its stream discards (SCHED_TF_ALWAYS: a model's join, an
     * event record) would only block again, so it waits for its condition.
     * relaxed: a hint; the task re-reads what it needs. */
    if (atomic_load_explicit(&s->discard, memory_order_relaxed)) {
        uint64_t head = atomic_load_explicit(&s->head, memory_order_relaxed); /* ours (W1) */
        if (!(s->slots[head & s->mask].flags & SCHED_TF_ALWAYS))
            return true;
    }
    if (s->blk_deadline) {
        if (!*now)
            *now = sched_now_ns();
        return *now >= s->blk_deadline;
    }
    return false;
}

void (*sched_trace_note)(const struct sched_task *t, uint64_t note[3]);

void sched_trace_add(struct sched_worker *w, const struct sched_trace_rec *r)
{
    uint32_t n = atomic_load_explicit(&w->ntrace, memory_order_relaxed); /* only we write */
    if (n >= w->trace_cap) {
        /* relaxed: a statistic, read after the workers stopped or as a hint */
        atomic_fetch_add_explicit(&w->trace_lost, 1, memory_order_relaxed);
        return;
    }
    w->trace[n] = *r;
    /* release: a reader that sees the count sees the record. */
    atomic_store_explicit(&w->ntrace, n + 1, memory_order_release);
}

/* The record of a task of s with its note, from start (its first run) to now. */
static void trace_task(struct sched_worker *w, struct sched_stream *s, uint8_t kind,
                       const uint64_t note[3], uint64_t start)
{
    struct sched_trace_rec rec = {.stream = s->trace_id, .kind = kind, .start_ns = start};
    memcpy(rec.note, note, sizeof(rec.note));
    rec.end_ns = sched_now_ns();
    sched_trace_add(w, &rec);
}

/* The traced run of t: one record per task, from its first run (kept in s->trace_t0 while it
 * blocks) to the run that finished it, noted before that run. A task that forks spans its
 * blocks: the fork starts here, and when its helpers are still running (SCHED_BLOCK) the
 * record is written by trace_fork_done when the worker completes the task (W8). */
static __attribute__((noinline)) int run_traced(struct sched_worker *w, struct sched_stream *s,
                                                struct sched_task *t, struct sched_exec *x)
{
    uint64_t t0 = sched_now_ns();
    uint64_t note[3] = {0};
    if (sched_trace_note)
        sched_trace_note(t, note); /* at every run: a blocked task's record is unchanged */
    uint8_t kind = t->kind;
    int r = t->run(t, x);
    if (r == SCHED_FORK)
        r = sched_fork_begin(w, s, x); /* MB3: SCHED_BLOCK while helpers finish */
    if (r == SCHED_BLOCK) {
        if (!s->trace_t0)
            s->trace_t0 = t0;
        memcpy(s->trace_note, note, sizeof(note));
        return r;
    }
    trace_task(w, s, kind, note, s->trace_t0 ? s->trace_t0 : t0);
    s->trace_t0 = 0;
    return r;
}

/* A traced fork whose blocks finished on helpers: its record, before the task completes. */
static void trace_fork_done(struct sched_worker *w, struct sched_stream *s, uint8_t kind)
{
    if (__builtin_expect(sched_trace_on, 0) && s->trace_t0) {
        trace_task(w, s, kind, s->trace_note, s->trace_t0);
        s->trace_t0 = 0;
    }
}

/* The worker (only writer) adds `add` to busy_ns and sets busy_since, inside
 * an odd busy_seq. relaxed stores + release fence / release store: the
 * classic seqlock writer; transitions only, never per task. */
static void busy_publish(struct sched_worker *w, uint64_t add, uint64_t since)
{
    uint32_t q = atomic_load_explicit(&w->st.busy_seq, memory_order_relaxed); /* own value */
    atomic_store_explicit(&w->st.busy_seq, q + 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release); /* odd seq before the data */
    if (add) {
        uint64_t b = atomic_load_explicit(&w->st.busy_ns, memory_order_relaxed); /* own value */
        atomic_store_explicit(&w->st.busy_ns, b + add, memory_order_relaxed);
    }
    atomic_store_explicit(&w->st.busy_since, since, memory_order_relaxed);
    atomic_store_explicit(&w->st.busy_seq, q + 2, memory_order_release); /* data before even */
}

/* An idle worker finished a task: its busy period started at the latest clock
 * read while idle (over by at most 64 empty passes; no clock read here). It is
 * published before the task's head store, so a host that synchronises with
 * the task and then asks for the busy time counts the task's run
 * (device_facts' utilization case failed under load when this was done after
 * the pass). A task that blocks does not start a busy period. */
static void mark_busy(struct sched_worker *w)
{
    w->busy_since = w->idle_clock;
    w->idle_since = 0;
    busy_publish(w, 0, w->busy_since); /* readers add the open interval */
}

/* Run up to SCHED_PASS_TASKS tasks of s. Returns how many finished. After a
 * burst (W7) sets SLIP_NEAR in *streaming if the producer is close ahead,
 * SLIP_FAR if a backlog remains. */
static uint32_t run_stream(struct sched_worker *w, struct sched_stream *s, unsigned *streaming)
{
    uint64_t now = 0;
    bool fork_done = false;
    if (s->blk_cond) {
        if (!unblocked(s, &now))
            return 0;
        if (!now)
            now = sched_now_ns();
        stat_add(&w->st.blocked_ns, now - s->blk_since);
        s->blk_cond = NULL;
        fork_done = s->fork != NULL; /* W8: a fork in flight always blocks its stream */
    }
    uint64_t head = atomic_load_explicit(&s->head, memory_order_relaxed); /* ours (W1) */
    struct sched_task *t = &s->slots[head & s->mask];
    struct sched_exec x = {
        .worker = w, .stream = s, .blocked_since = s->blk_first, .team_size = w->team_size};
    uint32_t n = 0;
    if (__builtin_expect(fork_done, 0)) {
        trace_fork_done(w, s, t->kind);
        sched_fork_complete(w, s, &x); /* its blocks all finished (MB3) */
        goto task_done;
    }
    /* acquire: pairs with the producer's release of the slot's seq (S1). */
    if (atomic_load_explicit(&t->seq, memory_order_acquire) != (uint32_t)(head + 1))
        return 0;
    for (;;) {
        /* Per task, after acquiring its slot: a force-destroy that arrived
         * while the previous task ran drops this one, and an error the host
         * has reported (cleared) before submitting this task no longer makes
         * a stop-on-failure stream skip it (the host's clearing exchange
         * happens before the slot's release we acquired). relaxed: ordered
         * by that acquire. */
        bool discard = atomic_load_explicit(&s->discard, memory_order_relaxed) != 0;
        if (__builtin_expect(discard, 0)) {
            /* acquire: pairs with the host's release of discard, so keep_below
             * (stored before it) is the value that came with it. A task the
             * host keeps (a force destroy's head task) runs unless it blocked
             * (a wait: the stream had nothing executing). */
            (void)atomic_load_explicit(&s->discard, memory_order_acquire);
            discard = head >= atomic_load_explicit(&s->keep_below, memory_order_relaxed) ||
                      s->blk_first != 0;
        }
        discard = discard || (atomic_load_explicit(&s->stop_on_fail, memory_order_relaxed) &&
                              atomic_load_explicit(&s->err, memory_order_relaxed));
        x.discard = discard && !(t->flags & SCHED_TF_ALWAYS);
        int r;
        if (__builtin_expect(!sched_trace_on, 1))
            r = t->run(t, &x);
        else
            r = run_traced(w, s, t, &x);
        if (__builtin_expect(r == SCHED_FORK, 0))
            r = sched_fork_begin(w, s, &x); /* MB3: SCHED_BLOCK while helpers finish */
        if (r == SCHED_BLOCK) {
            s->blk_cond = x.block_cond;
            s->blk_target = x.block_target;
            s->blk_deadline = x.block_deadline;
            s->blk_since = sched_now_ns();
            if (!s->blk_first)
                s->blk_first = s->blk_since;
            break;
        }
    task_done:
        s->blk_first = 0;
        x.blocked_since = 0;
        if (__builtin_expect(w->idle_since != 0, 0))
            mark_busy(w); /* before the head store that lets a host see the task done */
        ++head;
        /* release: publishes the task's effects and frees its slot (S2). */
        atomic_store_explicit(&s->head, head, memory_order_release);
        sched_waitq_notify(&s->doneq, head); /* S3 */
        if (++n == SCHED_PASS_TASKS)
            break;
        t = &s->slots[head & s->mask];
        if (atomic_load_explicit(&t->seq, memory_order_acquire) != (uint32_t)(head + 1))
            break; /* caught up */
    }
    if (n) {
        stat_add(&w->st.tasks, n);
        stat_add(&w->st.batches, 1);
        if (n >= SCHED_SLIP_TASKS) {
            /* relaxed: only a hint where the producer is (W7); one read of its
             * line per burst, not per task. */
            uint64_t tail = atomic_load_explicit(&s->tail, memory_order_relaxed);
            if (tail - head >= SCHED_SLIP_NEAR)
                *streaming |= SLIP_FAR; /* a backlog: drain it at full speed */
            else if (tail != s->slip_tail)
                *streaming |= SLIP_NEAR; /* close, and the producer still moving */
            s->slip_tail = tail;
        }
    }
    return n;
}

/* Anything runnable? Called after the heavy fence of a park attempt (W2). */
static bool has_work(struct sched_worker *w, uint64_t *deadline)
{
    uint64_t now = 0;
    if (sched_team_claimable(w)) /* MB4 */
        return true;
    for (uint32_t i = 0; i < w->nstreams; i++) {
        struct sched_stream *s = w->streams[i];
        if (s->blk_cond) {
            if (unblocked(s, &now))
                return true;
            if (s->blk_deadline && (!*deadline || s->blk_deadline < *deadline))
                *deadline = s->blk_deadline;
            continue;
        }
        uint64_t head = atomic_load_explicit(&s->head, memory_order_relaxed);
        /* acquire: pairs with the producer's release of the slot's seq (S1). */
        if (atomic_load_explicit(&s->slots[head & s->mask].seq, memory_order_acquire) ==
            (uint32_t)(head + 1))
            return true;
    }
    return false;
}

enum park_result { PARK_CANCELLED, PARK_WOKEN, PARK_TIMED_OUT };

/* Park unless there is work. */
static enum park_result park(struct sched_worker *w)
{
    /* W5: key first, published before the announcement and its fence.
     * acquire: pairs with the release CAS of a kick. */
    uint32_t key = atomic_load_explicit(&w->ec.epoch, memory_order_acquire);
    atomic_store_explicit(&w->sleep_key, key, memory_order_relaxed);
    atomic_fetch_add_explicit(&w->ec.waiters, 1, memory_order_relaxed);
    /* W6: mask bits only after the announcement. An advance that consumes a
     * bit (exchanges the mask) then always finds us announced and moves the
     * epoch off our key, so our futex wait returns and we register again; with
     * the bits first, an intermediate advance could consume the bit while we
     * were not yet announced, skip the wake, and leave the final advance no
     * bit to wake us by. */
    uint64_t bit = 1ull << (w->index % 64);
    for (uint32_t i = 0; i < w->nstreams; i++) {
        struct sched_cond *c = w->streams[i]->blk_cond;
        if (c) /* relaxed: ordered before the re-check by the heavy fence (C2) */
            atomic_fetch_or_explicit(&c->wmask, bit, memory_order_relaxed);
    }
    sched_fence_heavy(); /* W2: pairs with the light fence of kickers */
    uint64_t deadline = 0;
    if (atomic_load_explicit(&w->mbox_pending, memory_order_acquire) ||
        atomic_load_explicit(&w->stop, memory_order_acquire) || has_work(w, &deadline)) {
        sched_ec_cancel(&w->ec);
        return PARK_CANCELLED;
    }
    stat_add(&w->st.parks, 1);
    return sched_ec_wait(&w->ec, key, deadline) == -ETIMEDOUT ? PARK_TIMED_OUT : PARK_WOKEN;
}

/* W4: adapt a spin budget to how long its thread slept and what woke it
 * (the device workers and the host-function pool threads, core/runtime/hostpool.c). */
void sched_spin_adapt(uint64_t *spin_ns, bool cancelled, bool woken, uint64_t slept_ns)
{
    uint64_t base = sched_cfg.spin_ns, top = base * SCHED_SPIN_GROW_MAX;
    if (!base || cancelled)
        return;
    if (top / SCHED_SPIN_GROW_MAX != base) /* overflow: a huge configured budget */
        top = UINT64_MAX;
    if (slept_ns >= top)
        *spin_ns = *spin_ns / 2 < base ? base : *spin_ns / 2;
    else if (woken)
        *spin_ns = *spin_ns > top / 2 ? top : *spin_ns * 2;
}

static void adapt_spin(struct sched_worker *w, enum park_result pr, uint64_t slept_ns)
{
    sched_spin_adapt(&w->spin_ns, pr == PARK_CANCELLED, pr == PARK_WOKEN, slept_ns);
}

uint64_t sched_worker_busy_ns(const struct sched_worker *w, uint64_t now)
{
    for (;;) {
        /* acquire: the data read below is at least as new as this seq */
        uint32_t q = atomic_load_explicit(&w->st.busy_seq, memory_order_acquire);
        if (q & 1) {
            base_cpu_relax();
            continue;
        }
        /* relaxed: validated by the seq re-read after the acquire fence */
        uint64_t b = atomic_load_explicit(&w->st.busy_ns, memory_order_relaxed);
        uint64_t since = atomic_load_explicit(&w->st.busy_since, memory_order_relaxed);
        atomic_thread_fence(memory_order_acquire); /* the data loads before the re-read */
        if (atomic_load_explicit(&w->st.busy_seq, memory_order_relaxed) != q)
            continue;
        return since && now > since ? b + (now - since) : b;
    }
}

static void *worker_main(void *arg)
{
    struct sched_worker *w = arg;
    /* Busy/idle accounting reads the clock only at transitions, and a pass
     * that finds nothing counts as idle only after 64 such passes in a row,
     * so a worker trading tasks with a fast producer reads no clock. */
    w->idle_since = sched_now_ns();
    w->busy_since = 0;
    /* While idle: the latest clock read, taken every 64 empty passes and after a
     * yield or a park. A busy period starts there (mark_busy, when a pass finds
     * a task), so a lone task's run time counts as busy (over by at most 64
     * empty passes) without a clock read in every pass, which would delay
     * noticing new work. */
    w->idle_clock = w->idle_since;
    uint32_t idle_rounds = 0;
    w->spin_ns = sched_cfg.spin_ns;
    if (g_on_start)
        g_on_start();
    for (;;) {
        /* relaxed: the mailbox lock orders the requests themselves. */
        if (atomic_load_explicit(&w->mbox_pending, memory_order_relaxed))
            process_mailbox(w);
        if (atomic_load_explicit(&w->stop, memory_order_acquire))
            break;
        uint32_t done = 0;
        unsigned streaming = 0; /* W7: SLIP_NEAR / SLIP_FAR bits of the streams' bursts */
        /* W9: blocks of the team's open jobs first (one relaxed load of a
         * line written once per fork when there are none). */
        if (w->team && atomic_load_explicit(&w->team->open, memory_order_relaxed)) {
            uint32_t h = sched_team_help(w);
            if (h && w->idle_since)
                mark_busy(w);
            done += h;
        }
        for (uint32_t i = 0; i < w->nstreams; i++)
            done += run_stream(w, w->streams[i], &streaming);
        if (done) {
            if (streaming == SLIP_NEAR)
                slip();      /* W7 */
            idle_rounds = 0; /* run_stream marked the worker busy (mark_busy) */
            continue;
        }
        if ((++idle_rounds & 63) != 0) {
            base_cpu_relax();
            continue;
        }
        /* 64 empty passes: idle. Spin for the budget, yielding, then park (W4). */
        stat_add(&w->st.spins, 64);
        uint64_t now = sched_now_ns();
        if (!w->idle_since) {
            busy_publish(w, now - w->busy_since, 0);
            w->idle_since = w->idle_clock = now;
        } else if (now - w->idle_since >= w->spin_ns) {
            enum park_result pr = park(w);
            w->idle_since = w->idle_clock = sched_now_ns();
            adapt_spin(w, pr, w->idle_since - now);
        } else {
            sched_yield();
            w->idle_clock = sched_now_ns();
        }
    }
    if (g_on_stop)
        g_on_stop();
    return NULL;
}

int sched_worker_start(uint32_t index, int32_t cpu)
{
    return sched_worker_start_in(index, cpu, index, 0);
}

int sched_worker_start_in(uint32_t index, int32_t cpu, uint32_t team_base, uint32_t team_size)
{
    if (index >= SCHED_MAX_WORKERS || index < team_base ||
        index - team_base >= (team_size ? team_size : 1))
        return -EINVAL;
    struct sched_team *team = NULL;
    if (team_size > 1 && !(team = sched_team_get(team_base)))
        return -ENOMEM;
    pthread_mutex_lock(&g_create_lock);
    struct sched_worker *w = sched_worker_get(index);
    if (!w) {
        w = aligned_alloc(SCHED_CACHELINE, sizeof(*w));
        if (!w) {
            pthread_mutex_unlock(&g_create_lock);
            return -ENOMEM;
        }
        memset(w, 0, sizeof(*w));
        pthread_mutex_init(&w->mbox_lock, NULL);
        w->index = index;
        /* release: publishes the initialised structure (type-stable from now). */
        atomic_store_explicit(&g_workers[index], w, memory_order_release);
        if (index + 1 > atomic_load_explicit(&g_nworkers_hint, memory_order_relaxed))
            atomic_store_explicit(&g_nworkers_hint, index + 1, memory_order_release);
    }
    if (w->running) {
        pthread_mutex_unlock(&g_create_lock);
        return -EBUSY;
    }
    atomic_store_explicit(&w->stop, 0, memory_order_relaxed);
    w->cpu = -1;
    w->team = team; /* I: before the thread starts */
    w->team_size = team_size ? team_size : 1;
    if (team) /* relaxed: a hint for splits and kicks (blocks.c, team_size) */
        atomic_store_explicit(&team->size, team_size, memory_order_relaxed);
    if (sched_trace_on && !w->trace) { /* kept across restarts: dumped at the end */
        w->trace = calloc(sched_cfg.trace_events, sizeof(*w->trace));
        w->trace_cap = w->trace ? sched_cfg.trace_events : 0;
    }
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (cpu >= 0 && sched_cfg.pin_workers) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        if (pthread_attr_setaffinity_np(&attr, sizeof(set), &set) == 0)
            w->cpu = cpu;
    }
    int r = pthread_create(&w->thread, &attr, worker_main, w);
    if (r && w->cpu >= 0) { /* pinning refused (cgroup cpuset): run unpinned */
        pthread_attr_destroy(&attr);
        pthread_attr_init(&attr);
        w->cpu = -1;
        r = pthread_create(&w->thread, &attr, worker_main, w);
    }
    pthread_attr_destroy(&attr);
    if (r == 0) {
        w->running = true;
        char name[16];
        snprintf(name, sizeof(name), "cpuacl-w%u", index);
        pthread_setname_np(w->thread, name);
    }
    pthread_mutex_unlock(&g_create_lock);
    return -r;
}

void sched_worker_stop(uint32_t index)
{
    struct sched_worker *w = sched_worker_get(index);
    if (!w || !w->running)
        return;
    /* release: the worker's acquire load of stop ends its loop. */
    atomic_store_explicit(&w->stop, 1, memory_order_release);
    sched_worker_kick(w);
    pthread_join(w->thread, NULL);
    w->running = false;
    process_mailbox(w); /* requests posted after the worker's last look */
    free(w->streams);
    w->streams = NULL;
    w->nstreams = w->capstreams = 0;
}
