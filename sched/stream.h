/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A stream: a single-producer single-consumer ring of task records, drained
 * in order by the worker the stream is placed on.
 *
 * Indices are free-running 64-bit counters: tail = tasks submitted, head =
 * tasks finished (the task at head is the one running or blocked). A slot is
 * free for the producer while tail - head < capacity.
 *
 * Publication is per slot (as in FastForward queues): the producer fills a
 * record and then release-stores its seq field = (position + 1) mod 2^32; the
 * worker polls the seq of the slot at head. The worker therefore does not
 * read the producer's tail line per task, and a submission moves exactly one
 * cache line (the record) to the worker. tail is read by host threads that
 * synchronise (the submitted count) and, as a relaxed hint only, by the
 * worker once after a burst of tasks (sched/worker.c W7).
 *
 * Invariants:
 *  S1. Only the producer (the owner, S5) writes slots in
 *      [tail, head + capacity) and tail; only the worker writes head and the
 *      slot at head. A slot at position p is published iff its seq equals
 *      (uint32_t)(p + 1): the release store of seq publishes the record
 *      (pairs with the worker's acquire load). The previous lap left
 *      (uint32_t)(p + 1 - capacity) there and a fresh ring 0, both different
 *      because capacity <= 2^16.
 *  S2. head's release store after each task publishes the task's effects
 *      (pairs with acquire loads in synchronisation and in the producer's
 *      full-ring check, which is what lets it reuse the slot).
 *  S3. Host threads waiting for completion and producers waiting for space
 *      wait in doneq (sched/waitq.h) with the head value they need; after
 *      each head store the worker notifies doneq, which costs a light fence
 *      and one load unless a waiter's target was reached.
 *  S4. After each tail store the producer notifies the worker's event count,
 *      so a parked worker always wakes for new work (sched_atomic.h).
 *  S5. Producers are serialised by biased ownership: AscendCL streams are
 *      single-producer by contract, but the default stream is legitimately
 *      shared by threads, and a second producer must never corrupt the ring.
 *      The owner thread's fast path takes no locked instruction: it announces
 *      itself (its producer record's `in` = the stream), light fence, and
 *      checks it still owns the stream and no claim is in progress. Another
 *      thread claims ownership on the slow path: revoke = 1, heavy fence, wait
 *      until the old owner's `in` is not this stream, install itself, revoke
 *      = 0 (release). Either the owner sees revoke (and backs off) or the
 *      claimer sees the owner inside (and waits): asymmetric Dekker. A
 *      thread only ever writes its own record, so nobody can clobber
 *      another's announcement. A fast-path submitter
 *      (sched_stream_try_reserve) that must not go on leaves at once
 *      (`in` = NULL, release) and makes the leave's notify first thing on
 *      its slow path (sched_stream_fast_missed): a claimer sees `in` cleared
 *      as before and is woken a few instructions later.
 *  S6. A stream that changes hands often (SCHED_SHARE_AFTER claims) becomes
 *      shared (until it is recycled, S8): a claimer that has waited the owner
 *      out sets `shared` instead of taking ownership, and from then on
 *      producers serialise on the stream's mutex. A producer that still tries
 *      the biased path finds no owner and ends in a claim, which sees
 *      `shared`. A producer that took the mutex re-checks `shared` under it
 *      (a recycle may have cleared it meanwhile) and else takes the biased
 *      path.
 *  S7. Incarnation tag. `tag` names the stream's current life (core/ puts
 *      the handle there; 0 while it is being retired). A producer that found
 *      the stream through a name that may be stale compares the tag with the
 *      name while it owns the stream (between reserve and commit) and
 *      cancels on a mismatch. Retiring stores 0 and then quiesces
 *      (sched_stream_quiesce: waits out the owner inside, or the shared
 *      stream's mutex holder, through the S5 Dekker pair): every producer
 *      either committed before the quiesce returned, so a drain that reads
 *      the tail afterwards includes its task, or reads the new tag and
 *      cancels. So nothing is committed to a retired stream, and nothing
 *      meant for one incarnation lands in the next. The tag is relaxed: the
 *      ownership protocol orders it (fence pair, claim lock, share_lock).
 *  S8. A stream is type-stable: recycling it (sched_stream_init on a stream
 *      that has a ring) requires the caller to own it
 *      (sched_stream_claim_recycle) and resets the ring and counters only.
 *      The ownership state (producer, revoke, share_lock) and doneq are never
 *      re-initialised, since a late producer or waiter of the last life may
 *      be using them; the recycle claim resets `claims` holding g_claim_lock
 *      and takes share_lock of a shared stream (the order of the S6 switch),
 *      and sched_stream_init clears `shared` last, with a release store, so
 *      a late producer either waits on share_lock or sees the reset ring (the
 *      re-check in S6 sees it).
 *  S9. A claim or a quiesce that finds no owner, or finds the caller itself as
 *      owner, needs no heavy fence and waits for nobody: only the thread named
 *      by `producer` can pass the biased check, `producer` is written only
 *      under g_claim_lock, and every earlier owner was displaced by a claim
 *      that fenced (so it can no longer read itself there). Every other
 *      thread fails the check and claims after us, under g_claim_lock, so it
 *      reads the tag stored before a quiesce. This keeps membarrier off the
 *      single-thread cycles (a stream, or a captured model's stream, created,
 *      used and destroyed by one thread; ~10-30 us each on a VM).
 *  S10. Recycling a kept ring zeroes only the slots its last life published
 *      (positions [0, tail), all of them once tail >= capacity): only a
 *      publication writes a seq, so every other slot still holds the 0 of
 *      the init before (S1's fresh ring).
 *
 * Synchronisation table:
 *   reserve/commit  vs reserve/commit (other thread): serialised by ownership (S5)
 *   reserve/commit  vs worker:                         lock-free (S1, S2)
 *   sched_stream_wait vs anything:                     lock-free (S3)
 */
#ifndef CPUACL_SCHED_STREAM_H
#define CPUACL_SCHED_STREAM_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "sched/ec.h"
#include "sched/task.h"
#include "sched/waitq.h"

struct sched_stream {
    /* Producer line. */
    _Alignas(SCHED_CACHELINE) _Atomic uint64_t tail; /* A: P stores; read by synchronising hosts */
    uint64_t head_cache;                             /* P: last head seen */
    struct sched_producer *_Atomic producer;         /* A: the owner thread (S5) */
    _Atomic uint64_t tag;                            /* A: incarnation tag (S7), 0 = retired */
    _Atomic uint32_t revoke;                         /* A: a claim is in progress (S5) */
    _Atomic uint32_t shared;                         /* A: producers use share_lock (S6) */
    uint32_t claims;                                 /* claim lock: ownership changes */
    pthread_mutex_t share_lock;                      /* S6 */

    /* Worker line. */
    _Alignas(SCHED_CACHELINE) _Atomic uint64_t head; /* A: C release-stores */
    struct sched_cond *blk_cond;                     /* C: set while blocked */
    uint64_t blk_target;                             /* C */
    uint64_t blk_deadline;                           /* C: 0 = none */
    uint64_t blk_since;                              /* C: for statistics */
    uint64_t blk_first;                              /* C: head task first blocked, 0 */
    uint32_t widx;                                   /* C: index in worker's array */
    uint64_t slip_tail;                              /* C: tail seen after the last burst (W7) */
    struct sched_job *fork;                          /* C: the head task's blocks in flight (MB3) */
    uint32_t fork_bit;                               /* C: its team entry */

    /* Rarely written. */
    _Alignas(SCHED_CACHELINE) struct sched_waitq doneq; /* head waiters (S3) */
    _Atomic int32_t err;           /* A: first failure since last report, 0 = none */
    _Atomic uint32_t discard;      /* A: host asks the worker to drop unstarted tasks */
    _Atomic uint64_t keep_below;   /* A: with discard, tasks of index < this still run unless
                                      they blocked (a force destroy's head task), 0 = none */
    _Atomic uint32_t stop_on_fail; /* A: ACL_STOP_ON_FAILURE */
    struct sched_worker *worker;   /* I */
    struct sched_task *slots;      /* I */
    uint64_t mask;                 /* I: capacity - 1 */
    void *owner;                   /* I: the core object */
    uint32_t trace_id;             /* I: stream number shown in traces */
    uint64_t trace_t0;             /* C: tracing only: first run of a head task that blocked */
    uint64_t trace_note[3];        /* C: tracing only: that task's note (its record's) */
};

_Static_assert(__builtin_offsetof(struct sched_stream, head) % SCHED_CACHELINE == 0,
               "head on its own line");
_Static_assert(__builtin_offsetof(struct sched_stream, doneq) -
                       __builtin_offsetof(struct sched_stream, head) >= SCHED_CACHELINE,
               "worker line separate from the shared line");

/* Reset the stream and give it a zeroed ring of sched_cfg.ring_slots (a ring
 * it already has is reused; a new stream must be zeroed, a recycled one owned
 * by the caller, S8). The tag is 0 afterwards. 0 / -ENOMEM. */
int sched_stream_init(struct sched_stream *s, void *owner);
/* Retire (S7): the caller stored the tag 0 before; returns when no producer
 * that may have read the old tag is still inside a submission. */
void sched_stream_quiesce(struct sched_stream *s);
/* Free the ring. The stream must be detached from its worker. */
void sched_stream_fini(struct sched_stream *s);

/* A thread that submits: its announcement record (type-stable, see S5). */
struct sched_producer {
    _Alignas(SCHED_CACHELINE) struct sched_stream *_Atomic in; /* A: stream being submitted to */
    struct sched_stream *locked; /* a shared stream whose share_lock we hold (S6) */
    struct sched_producer *next; /* free list, under the registry lock */
    /* P: position of the last task this thread committed (its task id: the
     * number exception infos report; aclrtGetThreadLastTaskId), 0 before any.
     * Plain: written and read by its own thread only. Kept on this line, which
     * every commit writes anyway (`in`), rather than in a TLS variable of its
     * own: that store, with its GOT load, cost ~1 ns of a ~20 ns submit
     * (issue 16 regression). */
    uint32_t last_task;
    struct sched_producer *all_next; /* every record ever made (never freed) */
};

/* How far ahead of the tail a producer prefetches a slot for writing
 * (sched_stream_commit; measured best of 4/8/16/32, docs/design.md). */
#define SCHED_PREFETCH_AHEAD 8
/* Records allocated past the ring's end and never used as slots: the commit
 * prefetches the records after the one it published by address, without
 * wrapping the index, and these take the prefetches of the last slots. */
#define SCHED_RING_SLACK (SCHED_PREFETCH_AHEAD + 1)
static inline void sched_prefetch_w(const void *p)
{
#if defined(__x86_64__) || defined(__i386__)
    __asm__ ("prefetchw %0" :: "m"(*(const char *)p));
#else
    __builtin_prefetch(p, 1, 3);
#endif
}

#define SCHED_SHARE_AFTER 64 /* ownership changes before a stream becomes shared (S6) */

extern __thread struct sched_producer *sched_t_producer __attribute__((tls_model("initial-exec")));
struct sched_producer *sched_producer_register(void);
/* This thread's producer record, registered on first use. */
static inline struct sched_producer *sched_producer_self(void)
{
    struct sched_producer *me = sched_t_producer;
    if (__builtin_expect(!me, 0))
        me = sched_producer_register();
    return me;
}
/* Threads waiting for a producer to leave a stream (rarely non-empty). */
extern struct sched_ec sched_claim_ec;

void sched_stream_claim(struct sched_stream *s, struct sched_producer *me);
/* Claim a stream to recycle it (S8): also unshares it and resets its claims. */
void sched_stream_claim_recycle(struct sched_stream *s, struct sched_producer *me);
/* A full ring: wait until half of it is free; returns the tail to fill (the
 * caller owns the stream again on return). With serve (not NULL) the caller
 * lets go of the stream and runs serve() between 1 ms waits, as long as it
 * returns true (it has host work to run: a thread's report queues, CB4 in
 * core/host/hostfn.c), so that work may submit to this stream too and a destroy
 * of it may quiesce; it owns the stream again before it re-reads the tail,
 * which other producers may have moved meanwhile. */
uint64_t sched_stream_wait_space(struct sched_stream *s, bool (*serve)(void));
void sched_worker_kick(struct sched_worker *w);

/* me->in = s, then the light fence (S5: pairs with the heavy fence of a
 * claim or of sched_stream_wait_announced): a thread that checks anything
 * after this is seen inside by whoever fenced before looking. */
static inline void sched_stream_announce_as(struct sched_stream *s, struct sched_producer *me)
{
    /* release: ordered before the caller's checks by the light fence, the
     * release only for a claimer that reads this value in `left`
     * (sched/stream.c): it then synchronises with everything this thread did
     * before, its last leave of another stream included (that stream's
     * recycle, S8). With relaxed, that acquire would read a store outside the
     * leave's release sequence (C11) and order nothing; TSan reported a
     * recycled ring's reset racing the next owner's reads. Free on x86, where
     * every store is a release. */
    atomic_store_explicit(&me->in, s, memory_order_release);
    sched_fence_light();
}

/* Become the stream's producer (S5, S6): announced on the biased path, or
 * holding its share_lock. Left with sched_stream_leave (commit and cancel do). */
static inline void sched_stream_own(struct sched_stream *s, struct sched_producer *me)
{
    /* acquire: pairs with the release that made the stream shared (S6). */
    if (__builtin_expect(atomic_load_explicit(&s->shared, memory_order_acquire), 0)) {
        pthread_mutex_lock(&s->share_lock);
        /* relaxed: cleared only under share_lock (S8), which we hold. */
        if (__builtin_expect(atomic_load_explicit(&s->shared, memory_order_relaxed) != 0, 1)) {
            me->locked = s;
            return;
        }
        pthread_mutex_unlock(&s->share_lock); /* recycled meanwhile (S6): biased path */
    }
    sched_stream_announce_as(s, me);
    /* acquire: a claim that finished (revoke back to 0) published the new
     * owner, which the owner check below then sees. */
    if (__builtin_expect(atomic_load_explicit(&s->revoke, memory_order_acquire) != 0 ||
                             atomic_load_explicit(&s->producer, memory_order_relaxed) != me,
                         0))
        sched_stream_claim(s, me); /* returns owning the stream (announced, or locked) */
}

/*
 * Claim the next slot (waits while the ring is full: back-pressure, never a
 * drop). The caller fills the record and then calls sched_stream_commit (or
 * sched_stream_cancel to give the slot back unpublished). serve (a constant
 * at each call site, NULL for sched_stream_reserve): see
 * sched_stream_wait_space.
 */
static inline struct sched_task *sched_stream_reserve_ex(struct sched_stream *s,
                                                         bool (*serve)(void))
{
    struct sched_producer *me = sched_producer_self();
    sched_stream_own(s, me);
    /* relaxed: tail is only written by the owner, which we are. */
    uint64_t t = atomic_load_explicit(&s->tail, memory_order_relaxed);
    if (__builtin_expect(t - s->head_cache > s->mask, 0)) {
        /* acquire: pairs with the worker's release of head (S2): the slot
         * we are about to overwrite is no longer read. */
        s->head_cache = atomic_load_explicit(&s->head, memory_order_acquire);
        if (t - s->head_cache > s->mask)
            t = sched_stream_wait_space(s, serve);
    }
    return &s->slots[t & s->mask]; /* prefetched for writing by the last commits */
}

static inline struct sched_task *sched_stream_reserve(struct sched_stream *s)
{
    return sched_stream_reserve_ex(s, NULL);
}

/*
 * The one-way reserve of a submission fast path (core/stream/task.h,
 * core_submit_try): own s on the biased path (S5) with its incarnation tag
 * still `tag` (S7), and return its next free slot with *tail set; or NULL,
 * announcing nothing and holding nothing, wherever sched_stream_reserve
 * would block or take a slow path (a shared stream, a claim to make, a full
 * ring) or the tag moved. The caller then starts over on its slow path. A
 * slot returned is published with sched_stream_commit_announced.
 */
static inline struct sched_task *sched_stream_try_reserve(struct sched_stream *s,
                                                          struct sched_producer *me,
                                                          uint64_t tag, uint64_t *tail)
{
    /* acquire: as in sched_stream_own (a shared stream is the slow path's) */
    if (__builtin_expect(atomic_load_explicit(&s->shared, memory_order_acquire) != 0, 0))
        return NULL;
    sched_stream_announce_as(s, me);
    /* acquire and relaxed: as in sched_stream_own. The tag (S7) is checked
     * here while we own s; acquire (where the protocol would do with
     * relaxed): the caller may have found s through a hint that predates the
     * stream's last recycle (S8), and the tag's release when the owner set
     * it up for the incarnation named shows that set-up. */
    if (__builtin_expect(atomic_load_explicit(&s->revoke, memory_order_acquire) != 0 ||
                             atomic_load_explicit(&s->producer, memory_order_relaxed) != me ||
                             atomic_load_explicit(&s->tag, memory_order_acquire) != tag,
                         0))
        goto out;
    /* relaxed: tail is only written by the owner, which we are. */
    uint64_t t = atomic_load_explicit(&s->tail, memory_order_relaxed);
    if (__builtin_expect(t - s->head_cache > s->mask, 0)) {
        /* acquire: as in sched_stream_reserve_ex (S2) */
        s->head_cache = atomic_load_explicit(&s->head, memory_order_acquire);
        if (t - s->head_cache > s->mask)
            goto out;
    }
    *tail = t;
    struct sched_task *rec = &s->slots[t & s->mask];
    if (!rec)
        __builtin_unreachable(); /* spares the caller its NULL test */
    return rec;
out:
    /* release: as in sched_stream_unannounce, whose notify the caller's slow
     * path makes first (sched_stream_fast_missed): a call here would cost the
     * fast path its stack frame. A claimer meanwhile waits a little longer. */
    atomic_store_explicit(&me->in, NULL, memory_order_release);
    return NULL;
}

/* First thing on the slow path of a submission whose sched_stream_try_reserve
 * may have failed: the notify its leave owes (see above). A compiler barrier
 * and one load where the fence is asymmetric. */
static inline void sched_stream_fast_missed(void)
{
    sched_ec_notify(&sched_claim_ec);
}

/* End an announcement (sched_stream_announce_as), and wake a claimer or
 * teardown waiting for it. */
static inline void sched_stream_unannounce(struct sched_producer *me)
{
    /* release: a claimer or waiter that sees we left also sees everything we
     * wrote, our tail and head_cache included (pairs with its acquire load
     * of `in`). */
    atomic_store_explicit(&me->in, NULL, memory_order_release);
    sched_ec_notify(&sched_claim_ec);
}

/* Stop owning s (sched_stream_own). Both ways end with a light fence after
 * the leave, so a caller may then check the waiters of another asymmetric
 * Dekker pair with a relaxed load (the commit: the worker's, S4). */
static inline void sched_stream_leave_as(struct sched_stream *s, struct sched_producer *me)
{
    if (__builtin_expect(me->locked == s, 0)) { /* S6 */
        me->locked = NULL;
        pthread_mutex_unlock(&s->share_lock);
        sched_fence_light();
        return;
    }
    sched_stream_unannounce(me); /* its notify: the light fence, then the claim waiters */
}

static inline void sched_stream_leave(struct sched_stream *s)
{
    sched_stream_leave_as(s, sched_t_producer);
}

/*
 * Announce a submission to s that does not go through its ring (a captured
 * task, core/model/capture.c): the same announcement as an owner's (me->in = s and
 * the light fence), without claiming the ring. A teardown that made the
 * submission's target unreachable then waits the announced submitter out
 * with sched_stream_wait_announced before freeing what it writes into.
 */
static inline struct sched_producer *sched_stream_announce(struct sched_stream *s)
{
    struct sched_producer *me = sched_producer_self();
    sched_stream_announce_as(s, me);
    return me;
}

/* Wait until no thread is announced on s (owners included): heavy fence,
 * then each producer record in turn. The caller has already made s's target
 * unreachable (stored before this call). Holds no lock while it waits. */
void sched_stream_wait_announced(struct sched_stream *s);

/* The worker's parking event count: the first member of struct sched_worker
 * (sched/worker.h asserts it), read here without a call into worker.c. */
static inline struct sched_ec *sched_worker_ec(struct sched_worker *w)
{
    return (struct sched_ec *)(void *)w;
}

/* Publish record rec at position t (we own the stream, S5). */
static inline void sched_stream_publish(struct sched_stream *s, struct sched_task *rec, uint64_t t,
                                        struct sched_producer *me)
{
    /* release: publishes the record to the worker (S1). */
    atomic_store_explicit(&rec->seq, (uint32_t)(t + 1), memory_order_release);
    /* release: a host that reads the count and waits for it sees the
     * submissions before it (pairs with sched_stream_submitted). */
    atomic_store_explicit(&s->tail, t + 1, memory_order_release);
    /* Fetch two record lines for writing, so their transfers from the
     * worker's cache overlap the caller's time instead of stalling a later
     * submission's stores (docs/design.md, "The copy submit"):
     *  - the record SCHED_PREFETCH_AHEAD submissions after the next one, so
     *    that a stream of submissions finds its records local;
     *  - the next record: fetched once already, 8 submissions ago, but a
     *    worker streaming through the records just published takes the lines
     *    after them along (its hardware prefetcher), this one among them.
     * By address, two instructions: each one counts where the two cores are
     * close and a transfer is cheap. Past the ring's end they fetch its slack
     * (SCHED_RING_SLACK), so the first slots of a lap go without. And
     * without a free-slot check: a prefetch is a hint, and a slot 9 ahead is
     * still unread only when the worker lags a whole ring behind, which the
     * next reserves then wait out anyway. Measured (docs/design.md): with
     * the vCPUs ~430 ns apart the far prefetch takes an empty-kernel submit
     * from 22.8 to 17.1 ns and the near one a 64 B async copy submit from 127
     * to 88 ns; by address and unchecked, with the one fence below, the
     * submit is 139 instructions instead of 165, and ~60 ns apart it costs
     * 7.6 ns instead of 8.2 (6.9 with no prefetch at all, before issue 16);
     * with the fast path of core/stream/task.h, 96 instructions and 5.3-5.7 ns. */
    sched_prefetch_w(rec + 1);
    sched_prefetch_w(rec + 1 + SCHED_PREFETCH_AHEAD);
    me->last_task = (uint32_t)t; /* aclrtGetThreadLastTaskId */
}

/* After the leave's light fence (sched_stream_leave_as, sched_stream_unannounce):
 * wake the worker of the stream just left if it parks. relaxed: that fence,
 * after the seq and tail stores, serves both Dekker pairs: S5 (`in`, the
 * claim waiters) and S4 (the worker's waiters, pairing with the heavy fence
 * of its park; W2). w was read while we owned the stream: once we leave, a
 * destroy may finish and the record be reattached for its next life (S7).
 * Workers are never freed, so a kick that arrives after that is only a
 * spurious wake-up. */
static inline void sched_stream_wake(struct sched_worker *w)
{
    if (__builtin_expect(atomic_load_explicit(&sched_worker_ec(w)->waiters, memory_order_relaxed) != 0, 0))
        sched_worker_kick(w);
}

/* Publish the reserved slot, leave, and wake the worker if it sleeps. */
static inline void sched_stream_commit(struct sched_stream *s)
{
    uint64_t t = atomic_load_explicit(&s->tail, memory_order_relaxed); /* we own the stream (S5) */
    struct sched_producer *me = sched_t_producer;
    sched_stream_publish(s, &s->slots[t & s->mask], t, me);
    struct sched_worker *w = s->worker;
    sched_stream_leave_as(s, me);
    sched_stream_wake(w);
}

/* The rare end of sched_stream_commit_announced, out of line: wake the claim
 * waiters and the worker, whichever wait. Returns 0, for tail calls. */
int sched_stream_wake_slow(struct sched_worker *w);

/* sched_stream_commit of a slot from sched_stream_try_reserve (announced, at
 * position t): the same stores, with nothing re-read, and the rare wake-ups
 * behind one branch and a tail call, so a caller with no other call keeps
 * no stack frame. Returns 0 (the value of sched_stream_wake_slow). */
static inline int sched_stream_commit_announced(struct sched_stream *s, struct sched_task *rec,
                                                uint64_t t, struct sched_producer *me)
{
    sched_stream_publish(s, rec, t, me);
    struct sched_worker *w = s->worker;
    /* release: as in sched_stream_unannounce */
    atomic_store_explicit(&me->in, NULL, memory_order_release);
    sched_fence_light(); /* the S5 and S4 pairs, as in sched_stream_commit */
    /* relaxed: ordered by the fence (sched_ec_has_waiters, sched_stream_wake) */
    if (__builtin_expect((atomic_load_explicit(&sched_claim_ec.waiters, memory_order_relaxed) |
                          atomic_load_explicit(&sched_worker_ec(w)->waiters,
                                               memory_order_relaxed)) != 0,
                         0))
        return sched_stream_wake_slow(w);
    return 0;
}

/* The stream's incarnation tag (S7); compare it with the expected one while
 * owning the stream (after reserve, before commit or cancel). */
static inline uint64_t sched_stream_tag(struct sched_stream *s)
{
    /* relaxed: S7, ordered by the ownership protocol. */
    return atomic_load_explicit(&s->tag, memory_order_relaxed);
}

/* Give back a reserved slot without publishing it. */
static inline void sched_stream_cancel(struct sched_stream *s)
{
    sched_stream_leave(s);
}

/* Tasks submitted so far (the target for a synchronisation issued now). */
static inline uint64_t sched_stream_submitted(struct sched_stream *s)
{
    /* acquire: a host thread other than the producer syncing on the count
     * must also see what the producer did before submitting. */
    return atomic_load_explicit(&s->tail, memory_order_acquire);
}

static inline uint64_t sched_stream_finished(struct sched_stream *s)
{
    /* acquire: pairs with the worker's release of head (S2). */
    return atomic_load_explicit(&s->head, memory_order_acquire);
}

/* Wait until `target` tasks have finished. deadline_ns 0 = none. 0 / -ETIMEDOUT. */
int sched_stream_wait(struct sched_stream *s, uint64_t target, uint64_t deadline_ns);
/* The same for a waiter of incarnation `tag` (S7; 0: any): also returns 0
 * once the stream's tag differs (its destroy kicks waiters, waitq.h Q4), so
 * the caller checks the tag afterwards rather than trusting the counters of
 * a retired or recycled stream. */
int sched_stream_wait_tag(struct sched_stream *s, uint64_t target, uint64_t deadline_ns,
                          uint64_t tag);

/* Take (and clear) the stream's pending failure, 0 if none. */
static inline int32_t sched_stream_take_error(struct sched_stream *s)
{
    /* relaxed first: the common case is no error and no RMW. */
    if (atomic_load_explicit(&s->err, memory_order_relaxed) == 0)
        return 0;
    /* acq_rel: clears exactly the error we report. */
    return atomic_exchange_explicit(&s->err, 0, memory_order_acq_rel);
}

#endif
