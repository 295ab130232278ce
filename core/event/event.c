/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Events: an RCU-protected table of reference-counted objects (L2 in core/runtime/runtime.h)
 * built on the engine's completion conditions.
 *
 * Every aclrtRecordEvent takes the next record sequence number at submission
 * and publishes (sequence, recording stream) as the event's descriptor. The
 * record task, when it runs, notes that sequence as completed for its stream
 * (records of one stream complete in order) and bumps the event's completion
 * count, which is what waiters sleep on. A wait captures the descriptor at
 * submission and passes exactly when that record ran: a later record of the
 * same event completing first on another stream does not release it. An event
 * is complete iff its latest record ran and no reset came after it.
 *
 * Invariants:
 *  V1. refs = 1 (the handle, until destroy) + one per queued record, wait or
 *      reset task. The object is freed by call_rcu when refs reaches 0, so a
 *      lookup racing with destroy (under rcu_read_lock) never touches freed
 *      memory, and neither does a worker finishing a task.
 *  V2. A reference is only taken from a nonzero count (inc-not-zero), so a
 *      dying event is never revived.
 *  V3. A record task stores its sequence into its stream's slot (release)
 *      before it bumps the completion count (release); a waiter reads the
 *      count (acquire) before checking the slot, and sleeps only until the
 *      count moves past what it read. So a record that completes after the
 *      check always wakes it, and one that completed before is seen.
 *  V4. Slots are claimed by CAS on the key, scanning from the first; a
 *      stream's records run on its one worker, so a key never sits in two
 *      slots, and slots are never released, so they fill in order: a reader
 *      that meets a free slot knows no later slot holds its key. When all
 *      slots are taken, a worker appends a chunk by CAS on the last chunk's
 *      next pointer (a lost race frees its chunk and uses the winner's).
 *  V5. An event shared across processes (ev->ipc, core/ipc/ipc.c) also keeps two
 *      words in shared memory: each record takes its sequence from words[0]
 *      (fetch_add) at submission and max-stores it into words[1] (release)
 *      when it runs, in whichever process it was recorded. Waits, queries and
 *      synchronisation of such an event use those words: the latest record
 *      is complete iff words[1] >= words[0] (a later record that ran first
 *      counts: the simplification of sharing). Nothing in another process
 *      can wake a waiter here, so blocked waits re-check every
 *      EVENT_IPC_POLL_NS.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/barrier.h"
#include "core/device/device.h"
#include "core/device/params.h"
#include "core/err.h"
#include "core/event/event.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "sched/clock.h"

#define EVENT_IPC_POLL_NS 100000u /* V5 */

#define EVENT_FLAGS_ALL                                                                            \
    (ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE |                    \
     ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_EXTERNAL | ACL_EVENT_IPC)

/* ---- references (V1, V2) ------------------------------------------------ */

struct core_event *core_event_get(aclrtEvent h)
{
    core_rcu_thread_online();
    urcu_memb_read_lock();
    struct core_event *ev = core_table_lookup(&g_rt.events, h);
    if (ev && !core_ref_tryget(&ev->refs))
        ev = NULL;
    urcu_memb_read_unlock();
    return ev;
}

static void event_free(struct rcu_head *head)
{
    struct core_event *ev = caa_container_of(head, struct core_event, rcu);
    BASE_TSAN_ACQUIRE(ev); /* the last put's (V1) */
    /* relaxed: after the grace period nobody else touches the event */
    struct core_ipc_obj *o = atomic_load_explicit(&ev->ipc, memory_order_relaxed);
    if (o)
        core_hooks.ipc_drop(o);
    /* acquire: pairs with the release that appended each chunk (V4); after
     * the grace period nobody else touches the event. */
    for (struct core_event_slots *c = atomic_load_explicit(&ev->slots.next, memory_order_acquire);
         c;) {
        struct core_event_slots *next = atomic_load_explicit(&c->next, memory_order_acquire);
        free(c);
        c = next;
    }
    free(ev);
}

void core_event_put(struct core_event *ev)
{
    /* acq_rel: the last dropper sees every other holder's writes before the
     * object goes (and the free is ordered after them). */
    if (atomic_fetch_sub_explicit(&ev->refs, 1, memory_order_acq_rel) == 1) {
        BASE_TSAN_RELEASE(ev); /* for event_free, on liburcu's thread */
        urcu_memb_call_rcu(&ev->rcu, event_free);
    }
}

static bool timed(const struct core_event *ev)
{
    return ev->api == CORE_EV_PLAIN || (ev->flags & ACL_EVENT_TIME_LINE);
}

static uint64_t desc_seq(uint64_t d)
{
    return d >> 24;
}

static uint32_t desc_key(uint64_t d)
{
    return (uint32_t)(d & 0xFFFFFF);
}

/* acquire (chunk links and keys): pairs with the releases that appended a
 * chunk and claimed a slot (V4), so a found slot is initialised. */
static struct core_event_slot *slot_find(struct core_event *ev, uint32_t key)
{
    for (struct core_event_slots *c = &ev->slots; c;
         c = atomic_load_explicit(&c->next, memory_order_acquire)) {
        for (int i = 0; i < CORE_EVENT_SLOTS; i++) {
            uint32_t k = atomic_load_explicit(&c->s[i].key, memory_order_acquire);
            if (k == key)
                return &c->s[i];
            if (k == 0)
                return NULL; /* V4: slots fill in order */
        }
    }
    return NULL;
}

static void max_store(_Atomic uint64_t *p, uint64_t v)
{
    uint64_t cur = atomic_load_explicit(p, memory_order_relaxed); /* relaxed: CAS seed */
    /* release: publishes the timestamp (and the work before the record) to
     * whoever acquires the completion (V3). */
    while (cur < v && !atomic_compare_exchange_weak_explicit(p, &cur, v, memory_order_release,
                                                             memory_order_relaxed))
        ;
}

/* Worker side: record `seq` made on stream `key` ran at time ts (V3, V4). */
static void mark_done(struct core_event *ev, uint32_t key, uint64_t seq, uint64_t ts)
{
    for (struct core_event_slots *c = &ev->slots;;) {
        for (int i = 0; i < CORE_EVENT_SLOTS; i++) {
            struct core_event_slot *sl = &c->s[i];
            /* acquire: as in slot_find (V4). */
            uint32_t k = atomic_load_explicit(&sl->key, memory_order_acquire);
            /* acq_rel: claiming publishes nothing yet; done's release does. */
            if (k == 0 && atomic_compare_exchange_strong_explicit(
                              &sl->key, &k, key, memory_order_acq_rel, memory_order_acquire))
                k = key;
            if (k == key) {
                atomic_store_explicit(&sl->ts, ts, memory_order_relaxed); /* before the release */
                max_store(&sl->done, seq);
                return;
            }
        }
        /* acquire: pairs with the release that appended the chunk (V4). */
        struct core_event_slots *next = atomic_load_explicit(&c->next, memory_order_acquire);
        if (!next) { /* V4: all taken, append a chunk (rare: many recording streams) */
            struct core_event_slots *n = core_calloc(1, sizeof(*n));
            if (!n)
                abort(); /* a few hundred bytes on a worker: nothing sane remains */
            /* release: the zeroed chunk is visible to readers that find it. */
            if (atomic_compare_exchange_strong_explicit(&c->next, &next, n, memory_order_release,
                                                        memory_order_acquire))
                next = n;
            else
                free(n);
        }
        c = next;
    }
}

/* V5: the shared words of an event shared across processes, or NULL. acquire: pairs
 * with the release store of ev->ipc (core/ipc/ipc.c), so the words are set up. */
static _Atomic uint64_t *ipc_words(struct core_event *ev)
{
    struct core_ipc_obj *o = atomic_load_explicit(&ev->ipc, memory_order_acquire);
    return o ? core_hooks.ipc_words(o) : NULL;
}

/* V5: has record `target` (or a later one) of a shared event run? acquire: pairs with
 * the release max-store in run_record, in any process. */
static bool ipc_done(_Atomic uint64_t *w, uint64_t target)
{
    return atomic_load_explicit(&w[1], memory_order_acquire) >= target;
}

/* Has the record a descriptor names run? (never recorded: yes) */
static bool desc_done(struct core_event *ev, uint64_t d, uint64_t *ts)
{
    uint64_t seq = desc_seq(d);
    if (!seq)
        return true;
    struct core_event_slot *sl = slot_find(ev, desc_key(d));
    /* acquire: pairs with max_store's release (V3). */
    if (sl && atomic_load_explicit(&sl->done, memory_order_acquire) >= seq) {
        if (ts)
            /* relaxed: after done's acquire, which published it (V3). */
            *ts = atomic_load_explicit(&sl->ts, memory_order_relaxed);
        return true;
    }
    return false;
}

static uint64_t event_desc(struct core_event *ev)
{
    /* acquire: pairs with the release CAS in record submission. */
    return atomic_load_explicit(&ev->desc, memory_order_acquire);
}

/* Complete: latest record ran and was not reset afterwards. */
static bool event_complete(struct core_event *ev, uint64_t *ts)
{
    _Atomic uint64_t *w = ipc_words(ev);
    if (w) { /* V5 (no timestamps from another process) */
        uint64_t s = atomic_load_explicit(&w[0], memory_order_acquire); /* see ipc_done */
        return s && ipc_done(w, s);
    }
    uint64_t d = event_desc(ev);
    /* acquire: pairs with run_reset's release (the work before the reset). */
    return desc_seq(d) &&
           desc_seq(d) > atomic_load_explicit(&ev->reset_upto, memory_order_acquire) &&
           desc_done(ev, d, ts);
}

/* Host side: wait until the record d names ran. 0 / -ETIMEDOUT. A thread
 * that processes reports runs the callbacks handed to it between 1 ms waits
 * (CB4 in core/host/hostfn.c): an ACL_CALLBACK_BLOCK callback before the record
 * would otherwise wait for this very thread. */
static int wait_desc(struct core_event *ev, uint64_t d, uint64_t deadline)
{
    _Atomic uint64_t *w = ipc_words(ev);
    if (w) { /* V5: d is the shared sequence; poll, woken early by local records */
        for (;;) {
            uint64_t c = sched_cond_value(&ev->cond);
            if (ipc_done(w, d))
                return 0;
            uint64_t now = sched_now_ns();
            if (deadline && now >= deadline)
                return -ETIMEDOUT;
            uint64_t poll = now + EVENT_IPC_POLL_NS;
            sched_cond_wait(&ev->cond, c + 1, deadline && deadline < poll ? deadline : poll);
        }
    }
    bool reports = true; /* until core_report_serve finds no queue */
    for (;;) {
        uint64_t c = sched_cond_value(&ev->cond); /* before the check (V3) */
        if (desc_done(ev, d, NULL))
            return 0;
        uint64_t until = core_hooks.report_serve(&reports, deadline);
        if (sched_cond_wait(&ev->cond, c + 1, until)) {
            if (desc_done(ev, d, NULL))
                return 0;
            if (until == deadline || (deadline && sched_now_ns() >= deadline))
                return -ETIMEDOUT;
        }
    }
}

/* ---- tasks -------------------------------------------------------------- */

static int run_record(struct sched_task *t, struct sched_exec *x)
{
    /* Records run even when the stream discards work (SCHED_TF_ALWAYS). */
    struct core_event *ev = t->arg.ptr[0];
    uint64_t d = t->arg.u64[1];
    /* A failure queued before the record is reported by synchronising the
     * event too (docs/event.md); relaxed: published by advance. */
    struct core_stream *cs = x->stream->owner;
    /* relaxed: several workers may record the same event; the pair is only
     * a hint for clearing the stream's error (checked by handle lookup). */
    atomic_store_explicit(&ev->rec_stream, cs, memory_order_relaxed);
    atomic_store_explicit(&ev->rec_handle, cs->handle, memory_order_relaxed);
    atomic_store_explicit(&ev->rec_err, atomic_load_explicit(&x->stream->err, memory_order_relaxed),
                          memory_order_relaxed);
    mark_done(ev, desc_key(d), desc_seq(d), timed(ev) ? sched_now_ns() : 0);
    _Atomic uint64_t *w = ipc_words(ev);
    if (w) /* V5: 0 = recorded before the export, which counted it as sequence 1 */
        max_store(&w[1], t->arg.u64[2] ? t->arg.u64[2] : 1);
    sched_cond_add(&ev->cond, 1); /* V3: after the slot */
    core_event_put(ev);
    return SCHED_DONE;
}

static int run_wait(struct sched_task *t, struct sched_exec *x)
{
    struct core_event *ev = t->arg.ptr[0];
    uint64_t d = t->arg.u64[1];
    uint64_t c = sched_cond_value(&ev->cond); /* before the check (V3) */
    _Atomic uint64_t *w = ipc_words(ev);
    if (!x->discard && (w ? !ipc_done(w, d) : !desc_done(ev, d, NULL))) {
        uint64_t timeout_ms = t->arg.u64[3];
        uint64_t deadline = t->arg.u64[2];
        if (timeout_ms) {
            uint64_t now = sched_now_ns();
            if (!deadline) /* first run: the timeout starts when the wait starts */
                deadline = t->arg.u64[2] = now + timeout_ms * 1000000u;
            if (now >= deadline) {
                sched_exec_fail(x, ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
                core_event_put(ev);
                return SCHED_DONE;
            }
        }
        /* re-checked at the next completion; V5: a record in another process cannot wake us,
         * so an IPC event (w) is polled */
        return sched_block_on(x, &ev->cond, c + 1, deadline, w ? EVENT_IPC_POLL_NS : 0);
    }
    core_event_put(ev);
    return SCHED_DONE;
}

static int run_reset(struct sched_task *t, struct sched_exec *x)
{
    struct core_event *ev = t->arg.ptr[0];
    uint64_t upto = t->arg.u64[1];
    if (!x->discard) {
        uint64_t cur = atomic_load_explicit(&ev->reset_upto, memory_order_relaxed);
        /* release: queries that see the reset see the work before it. */
        while (cur < upto &&
               !atomic_compare_exchange_weak_explicit(&ev->reset_upto, &cur, upto,
                                                      memory_order_release, memory_order_relaxed))
            ;
    }
    core_event_put(ev);
    return SCHED_DONE;
}

/* Captured records and waits become the plan's SIGNAL and WAIT nodes
 * (core_capture_record/wait), never copies of these. Waits on outside
 * records (ACL_EVENT_WAIT_EXTERNAL) and resets in a capture are the two
 * kinds below. */
/* Trace notes (core/stream/task.h): the event, its handle and the record's descriptor; a wait
 * holds the descriptor of the record it waits for, so the trace pairs them. */
static void note_event(const struct sched_task *t, uint64_t note[3])
{
    const struct core_event *ev = t->arg.ptr[0];
    note[1] = ev->handle;
    note[2] = t->arg.u64[1];
}

const struct core_task_desc core_task_record = {
    "event_record", run_record, NULL, 0, NULL, note_event,
};
const struct core_task_desc core_task_wait = {"event_wait", run_wait, NULL, 0, NULL, note_event};
const struct core_task_desc core_task_reset = {"event_reset", run_reset, NULL, 0, NULL, NULL};

/*
 * A captured wait on a record made outside the model (ACL_EVENT_WAIT_EXTERNAL)
 * and a captured reset. Both read the event's state when they run, not when
 * they were captured: at each replay the wait passes once the event is
 * complete (its latest record ran and no reset came after it), so a reset
 * replayed later in the model makes the next replay wait for the next
 * outside record. The captured copy holds a reference to the event (V1)
 * until the model goes (release hook).
 */
static int run_xwait(struct sched_task *t, struct sched_exec *x)
{
    struct core_event *ev = t->arg.ptr[0];
    uint64_t c = sched_cond_value(&ev->cond); /* before the check (V3) */
    if (x->discard || event_complete(ev, NULL))
        return SCHED_DONE;
    x->block_cond = &ev->cond;
    x->block_target = c + 1; /* re-checked at the next completion of a record */
    x->block_deadline = 0;
    return SCHED_BLOCK;
}

static int run_xreset(struct sched_task *t, struct sched_exec *x)
{
    struct core_event *ev = t->arg.ptr[0];
    if (x->discard)
        return SCHED_DONE;
    uint64_t upto = desc_seq(event_desc(ev)); /* the latest record so far */
    uint64_t cur = atomic_load_explicit(&ev->reset_upto, memory_order_relaxed);
    /* release: as run_reset (queries that see the reset see the work before). */
    while (cur < upto &&
           !atomic_compare_exchange_weak_explicit(&ev->reset_upto, &cur, upto, memory_order_release,
                                                  memory_order_relaxed))
        ;
    return SCHED_DONE;
}

static void xevent_put(void *ev)
{
    core_event_put(ev);
}

static void xevent_release(const struct sched_task *t, void (**fn)(void *), void **arg)
{
    *fn = xevent_put;
    *arg = t->arg.ptr[0];
}

const struct core_task_desc core_task_xwait = {
    "event_wait", run_xwait, run_xwait, 0, xevent_release, NULL,
};
const struct core_task_desc core_task_xreset = {
    "event_reset", run_xreset, run_xreset, 0, xevent_release, NULL,
};

/* Capture a wait-on-outside-record or a reset of ev on capturing stream s;
 * takes over the caller's reference (dropped when the task is not recorded). */
static aclError capture_xevent(struct core_stream *s, uint64_t tag, struct core_event *ev,
                               bool wait, const char *fn)
{
    struct sched_task *t = core_task_begin(s);
    t->run = wait ? run_xwait : run_xreset;
    t->kind = wait ? CORE_T_XWAIT : CORE_T_XRESET;
    t->flags = 0;
    t->u16 = 0;
    t->arg.ptr[0] = ev;
    aclError rc = core_task_end(s, tag, fn);
    /* Every failure but an out-of-memory one leaves the task unrecorded; on
     * that one the node may be in the plan without its release hook, so the
     * reference is kept (never a dangling pointer, at worst one event). */
    if (rc && rc != ACL_ERROR_RT_RESOURCE_ALLOC_FAIL)
        core_event_put(ev);
    return rc;
}

/*
 * A captured external record (ACL_EVENT_RECORD_EXTERNAL on a capturing
 * stream): the model records the event on every replay, visible to waits
 * and host synchronisation outside the model.
 *  XR1. Execution k's record takes its sequence when the execution is queued
 *       (aclmdlRIExecuteAsync), like an ordinary record at submission, so a
 *       wait or aclrtSynchronizeEvent issued after the execute call waits for
 *       that execution's record, not an earlier one. The descriptor's key is
 *       the node's lane stream: one lane runs one execution at a time, in
 *       order, so its records complete in order (V4).
 *  XR2. The reservation is kept in the node's ring at k % XREC_RING with k
 *       beside it; written under the model's exec lock before the lane task
 *       of k is committed (its release publishes it to the lane worker). The
 *       slot is reused by execution k + XREC_RING only after execution k
 *       finished (the submitter waits on the model's done condition: more
 *       than XREC_RING executions queued ahead blocks the submitter, like a
 *       full stream ring).
 *  XR3. The node marks the record done when it runs (k from the lane), and
 *       the join of an aborted execution marks the records its lanes skipped
 *       (max-store: marking twice is harmless), so no outside waiter hangs.
 *  XR4. The node holds a reference to the event until the model goes.
 */
#define XREC_RING 64
struct xrec {
    struct core_event *ev;
    uint64_t exec[XREC_RING]; /* XR2: execution whose reservation sits at that slot */
    uint64_t desc[XREC_RING]; /* XR2: its descriptor (seq << 24 | lane key) */
};

__thread uint64_t core_replay_exec __attribute__((tls_model("initial-exec")));

void core_event_xrecord_reserve(struct sched_task *node, uint64_t k, uint64_t key,
                                struct sched_cond *done)
{
    struct xrec *xr = node->arg.ptr[0];
    struct core_event *ev = xr->ev;
    if (k > XREC_RING) /* XR2: the slot's previous user (k - XREC_RING) must have finished */
        while (sched_cond_value(done) < k - XREC_RING)
            sched_cond_wait(done, k - XREC_RING, 0);
    /* relaxed: the seed of the CAS, which orders the update (as record()). */
    uint64_t d = atomic_load_explicit(&ev->desc, memory_order_relaxed), nd;
    /* release: as record(): a waiter that reads the descriptor sees the state before it. */
    do
        nd = ((desc_seq(d) + 1) << 24) | (key & 0xFFFFFF);
    while (!atomic_compare_exchange_weak_explicit(&ev->desc, &d, nd, memory_order_release,
                                                  memory_order_relaxed));
    xr->exec[k % XREC_RING] = k; /* XR2: published by the lane task's commit */
    xr->desc[k % XREC_RING] = nd;
}

void core_event_xrecord_done(struct sched_task *node, uint64_t k)
{
    struct xrec *xr = node->arg.ptr[0];
    if (xr->exec[k % XREC_RING] != k) /* not reserved for k (a body model's replay) */
        return;
    struct core_event *ev = xr->ev;
    uint64_t d = xr->desc[k % XREC_RING];
    if (desc_done(ev, d, NULL)) /* XR3: the lane ran it; the join's pass leaves it be */
        return;
    mark_done(ev, desc_key(d), desc_seq(d), timed(ev) ? sched_now_ns() : 0);
    sched_cond_add(&ev->cond, 1); /* V3: after the slot */
}

struct core_event *core_event_xrecord_event(const struct sched_task *node)
{
    return ((const struct xrec *)node->arg.ptr[0])->ev;
}

static int run_xrecord(struct sched_task *t, struct sched_exec *x)
{
    (void)x; /* XR3: records run even when the stream discards work */
    core_event_xrecord_done(t, core_replay_exec);
    return SCHED_DONE;
}

static void xrecord_free(void *p)
{
    struct xrec *xr = p;
    core_event_put(xr->ev);
    free(xr);
}

static void xrecord_release(const struct sched_task *t, void (**fn)(void *), void **arg)
{
    *fn = xrecord_free;
    *arg = t->arg.ptr[0];
}

const struct core_task_desc core_task_xrecord = {
    "event_record", run_xrecord, run_xrecord, SCHED_TF_ALWAYS, xrecord_release, NULL,
};

/* The reference's one-use rule: in one captured graph an event takes at most one
 * ACL_EVENT_RECORD_EXTERNAL record or one ACL_EVENT_WAIT_EXTERNAL wait (not both, not
 * twice). Fixed at the call's entry whatever the call then returns, as the reference. */
static aclError xevent_once(struct core_stream *s, struct core_event *ev, bool rec, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    uint64_t id = core_hooks.capture_id_locked(s);
    bool dup = id && ev->xcap_id == id;
    bool was_rec = ev->xcap_rec;
    if (id && !dup) {
        ev->xcap_id = id;
        ev->xcap_rec = rec;
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (!dup)
        return ACL_SUCCESS;
    return core_err(ACL_ERROR_RT_PARAM_INVALID,
                    "%s: the event already has an %s in this captured graph; an event can be "
                    "used with ACL_EVENT_RECORD_EXTERNAL or ACL_EVENT_WAIT_EXTERNAL only once "
                    "per graph (use another event)",
                    fn,
                    was_rec ? "ACL_EVENT_RECORD_EXTERNAL record" : "ACL_EVENT_WAIT_EXTERNAL wait");
}

/* Capture an external record of ev on capturing stream s; takes over the
 * caller's reference (dropped on failure, as capture_xevent). */
static aclError capture_xrecord(struct core_stream *s, uint64_t tag, struct core_event *ev,
                                const char *fn)
{
    struct xrec *xr = core_calloc(1, sizeof(*xr));
    if (!xr) {
        core_event_put(ev);
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    }
    xr->ev = ev;
    struct sched_task *t = core_task_begin(s);
    t->run = run_xrecord;
    t->kind = CORE_T_XRECORD;
    t->flags = SCHED_TF_ALWAYS;
    t->u16 = 0;
    t->arg.ptr[0] = xr;
    aclError rc = core_task_end(s, tag, fn);
    if (rc && rc != ACL_ERROR_RT_RESOURCE_ALLOC_FAIL) /* as capture_xevent */
        xrecord_free(xr);
    return rc;
}

/* ---- create / destroy --------------------------------------------------- */

aclError core_event_create(aclrtEvent *event, uint32_t flags, enum core_event_api api,
                           const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!event)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: event is NULL", fn);
    if (flags & ~(uint32_t)EVENT_FLAGS_ALL)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown flag bits 0x%x", fn,
                        flags & ~(uint32_t)EVENT_FLAGS_ALL);
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: the thread has no current context", fn);
    struct core_device *d = c->dev;
    /* relaxed: a counter; the limit is approximate under concurrent creates
     * by at most the number of racing threads. */
    if (atomic_fetch_add_explicit(&d->nevents, 1, memory_order_relaxed) >=
        CORE_MAX_EVENTS_PER_DEVICE) {
        atomic_fetch_sub_explicit(&d->nevents, 1, memory_order_relaxed); /* relaxed: A2 */
        return core_err(ACL_ERROR_RT_NO_EVENT_RESOURCE, "%s: device %d has %u events (the limit)",
                        fn, d->id, CORE_MAX_EVENTS_PER_DEVICE);
    }
    struct core_event *ev = core_aligned_alloc(SCHED_CACHELINE, sizeof(*ev));
    if (!ev) {
        atomic_fetch_sub_explicit(&d->nevents, 1, memory_order_relaxed); /* relaxed: A2 */
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    }
    memset(ev, 0, sizeof(*ev));
    atomic_init(&ev->refs, 1); /* not yet shared: published by the table insert */
    ev->flags = flags;
    ev->api = (uint8_t)api;
    ev->ctx = c;
    pthread_mutex_lock(&g_rt.lock);
    if (core_ctx_current() != c) { /* destroyed meanwhile */
        pthread_mutex_unlock(&g_rt.lock);
        atomic_fetch_sub_explicit(&d->nevents, 1, memory_order_relaxed); /* relaxed: A2 */
        free(ev);
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: the current context was destroyed", fn);
    }
    ev->handle = core_table_insert(&g_rt.events, ev);
    if (!ev->handle) {
        pthread_mutex_unlock(&g_rt.lock);
        atomic_fetch_sub_explicit(&d->nevents, 1, memory_order_relaxed); /* relaxed: A2 */
        free(ev);
        return core_err(ACL_ERROR_RT_NO_EVENT_RESOURCE, "%s: handle table full", fn);
    }
    ev->next = c->events;
    if (c->events)
        c->events->prev = ev;
    c->events = ev;
    pthread_mutex_unlock(&g_rt.lock);
    *event = (aclrtEvent)(uintptr_t)ev->handle;
    return ACL_SUCCESS;
}

void core_event_destroy_locked(struct core_event *ev)
{
    core_table_remove(&g_rt.events, ev->handle);
    /* acquire: see ipc_words. V5: the export ends with the handle, not at the free */
    struct core_ipc_obj *o = atomic_load_explicit(&ev->ipc, memory_order_acquire);
    if (o)
        core_hooks.ipc_unexport(o);
    if (ev->prev)
        ev->prev->next = ev->next;
    else
        ev->ctx->events = ev->next;
    if (ev->next)
        ev->next->prev = ev->prev;
    atomic_fetch_sub_explicit(&ev->ctx->dev->nevents, 1, memory_order_relaxed); /* relaxed: A2 */
    core_event_put(ev); /* the handle's reference (V1) */
}

aclError core_event_destroy(aclrtEvent event, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_event *ev = core_table_lookup(&g_rt.events, event);
    if (ev)
        core_event_destroy_locked(ev);
    pthread_mutex_unlock(&g_rt.lock);
    if (!ev)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live event", fn, event);
    return ACL_SUCCESS;
}

/* ---- submissions -------------------------------------------------------- */

/* Look up the event, take a reference; check it against the stream. */
/* An event and a stream of its context, for a task on the stream: the event
 * with a reference taken, the stream with its tag (T7). */
struct ev_on_stream {
    struct core_event *ev;
    struct core_stream *s;
    uint64_t tag;
};

static aclError event_and_stream(aclrtEvent event, aclrtStream stream, struct ev_on_stream *x,
                                 const char *fn)
{
    struct core_stream **s_out = &x->s;
    uint64_t *tag = &x->tag;
    if (!event) {
        if (!core_initialised())
            return core_err(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called", fn);
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: event is NULL", fn);
    }
    aclError rc = core_stream_resolve_tag(stream, s_out, tag, fn);
    if (rc)
        return rc;
    struct core_event *ev = core_event_get(event);
    if (!ev)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live event", fn, event);
    /* relaxed: see core_stream_resolve (NULL once a racing destroy drained it) */
    struct core_ctx *sc = __atomic_load_n(&(*s_out)->ctx, __ATOMIC_RELAXED);
    if (ev->ctx != sc) {
        core_event_put(ev);
        if (!sc || sched_stream_tag(&(*s_out)->s) != *tag) /* T7: destroyed since */
            return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: stream %p was destroyed", fn, stream);
        return core_err(ACL_ERROR_RT_STREAM_CONTEXT,
                        "%s: event and stream belong to different contexts", fn);
    }
    x->ev = ev;
    return ACL_SUCCESS;
}

aclError core_event_record_flag(aclrtEvent event, aclrtStream stream, bool external, const char *fn)
{
    struct ev_on_stream x;
    aclError rc = event_and_stream(event, stream, &x, fn);
    if (rc)
        return rc;
    if (__builtin_expect(external, 0) &&
        (x.ev->api != CORE_EV_EX || x.ev->flags != ACL_EVENT_SYNC)) {
        core_event_put(x.ev);
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: ACL_EVENT_RECORD_EXTERNAL needs an event from "
                        "aclrtCreateEventExWithFlag with ACL_EVENT_SYNC",
                        fn);
    }
    /* The first record fixes the event's record flag; a later record with the
     * other flag is refused. relaxed: a per-event flag checked at submission,
     * it publishes nothing (two racing first records: one of them wins). */
    uint8_t want = external ? 2 : 1,
            have = atomic_load_explicit(&x.ev->recflag, memory_order_relaxed); /* relaxed: above */
    if (__builtin_expect(have != want, 0) &&
        (have != 0 ||
         !atomic_compare_exchange_strong_explicit(&x.ev->recflag, &have, want, memory_order_relaxed,
                                                  memory_order_relaxed)) &&
        have != want) {
        core_event_put(x.ev);
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: the event is recorded with %s; its record flag cannot change", fn,
                        have == 2 ? "ACL_EVENT_RECORD_EXTERNAL" : "ACL_EVENT_RECORD_DEFAULT");
    }
    if (__builtin_expect(external, 0)) {
        /* relaxed: A1 */
        struct core_capture *cap = atomic_load_explicit(&x.s->cap, memory_order_relaxed);
        if (!cap) {
            core_event_put(x.ev);
            return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                            "%s: ACL_EVENT_RECORD_EXTERNAL is only for a stream being captured",
                            fn);
        }
        rc = xevent_once(x.s, x.ev, true, fn);
        if (rc) {
            core_event_put(x.ev);
            return rc;
        }
        return capture_xrecord(x.s, x.tag, x.ev, fn); /* XR1-XR4 */
    }
    /* relaxed: A1 */
    if (__builtin_expect(atomic_load_explicit(&x.s->cap, memory_order_relaxed) != NULL, 0)) {
        rc = core_hooks.capture_record(x.s, x.ev, fn);
        core_event_put(x.ev);
        return rc;
    }
    bool plain = true;
    /* relaxed: A1; is_default too (a late submitter of a destroyed stream
     * may read it while the record is reused: its tag check fails later, T7) */
    if (__builtin_expect(atomic_load_explicit(&x.ev->cap_id, memory_order_relaxed) &&
                             __atomic_load_n(&x.s->is_default, __ATOMIC_RELAXED),
                         0) &&
        ((rc = core_hooks.capture_implicit(x.ev, &plain, fn)) || !plain)) {
        core_event_put(x.ev);
        return rc;
    }
    struct sched_task *t = sched_stream_reserve(&x.s->s);
    if (__builtin_expect(sched_stream_tag(&x.s->s) != x.tag, 0)) { /* T7: before the desc moves */
        core_event_put(x.ev);
        return core_stream_gone(x.s, fn);
    }
    /* relaxed: the seed of the CAS below, which orders the update. */
    uint64_t key = x.s->handle & 0xFFFFFF,
             d = atomic_load_explicit(&x.ev->desc, memory_order_relaxed);
    /* release: a waiter that reads the descriptor sees the event's state
     * before it; the record task itself is published by its slot's release. */
    while (!atomic_compare_exchange_weak_explicit(&x.ev->desc, &d, ((desc_seq(d) + 1) << 24) | key,
                                                  memory_order_release, memory_order_relaxed))
        ;
    t->run = run_record;
    t->kind = CORE_T_RECORD;
    t->flags = SCHED_TF_ALWAYS;
    t->arg.ptr[0] = x.ev; /* the task owns the reference taken above */
    t->arg.u64[1] = ((desc_seq(d) + 1) << 24) | key;
    _Atomic uint64_t *w = ipc_words(x.ev);
    /* V5. relaxed: the sequence only orders records; run_record's release publishes */
    t->arg.u64[2] = w ? atomic_fetch_add_explicit(&w[0], 1, memory_order_relaxed) + 1 : 0;
    sched_stream_commit(&x.s->s);
    return ACL_SUCCESS;
}

/* A record (rec) or wait of event on stream returned rc: on success, the stream-ordered
 * pools (core/memory/pool.c) note it for their event-dependency reuse. */
static aclError pools_note(aclError rc, bool rec, aclrtEvent event, aclrtStream stream)
{
    /* relaxed: a filter (core/runtime/hooks.h) */
    if (rc != ACL_SUCCESS || !atomic_load_explicit(&core_mempool_live, memory_order_relaxed))
        return rc;
    if (rec)
        core_hooks.event_recorded(event, stream);
    else
        core_hooks.event_waited(stream, event);
    return rc;
}

aclError core_event_record(aclrtEvent event, aclrtStream stream, const char *fn)
{
    return pools_note(core_event_record_flag(event, stream, false, fn), true, event, stream);
}

/* Queue a wait or reset task holding a reference to ev: arg.u64[1] = a1,
 * u64[2] = 0 (a wait's deadline, set when it starts), u64[3] = timeout_ms.
 * A stream destroyed meanwhile (T7) drops the reference and fails. */
static aclError queue_event_task(struct core_stream *s, uint64_t tag, sched_task_fn run,
                                 uint8_t kind, struct core_event *ev, uint64_t a1,
                                 uint64_t timeout_ms, const char *fn)
{
    struct sched_task *t = sched_stream_reserve(&s->s);
    if (__builtin_expect(sched_stream_tag(&s->s) != tag, 0)) {
        core_event_put(ev);
        return core_stream_gone(s, fn);
    }
    t->run = run;
    t->kind = kind;
    t->flags = 0;
    t->arg.ptr[0] = ev;
    t->arg.u64[1] = a1;
    t->arg.u64[2] = 0;
    t->arg.u64[3] = timeout_ms;
    sched_stream_commit(&s->s);
    return ACL_SUCCESS;
}

aclError core_event_wait(aclrtStream stream, aclrtEvent event, uint32_t timeout_ms, bool external,
                         const char *fn)
{
    struct ev_on_stream x;
    aclError rc = event_and_stream(event, stream, &x, fn);
    if (rc)
        return rc;
    /* ACL_EVENT_EXTERNAL events are made to be waited on (by a model, for a
     * record outside it: the runtime's model-update sample). */
    if (x.ev->api != CORE_EV_PLAIN && !(x.ev->flags & (ACL_EVENT_SYNC | ACL_EVENT_EXTERNAL))) {
        core_event_put(x.ev);
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the event was created without ACL_EVENT_SYNC (or ACL_EVENT_EXTERNAL) "
                        "and cannot be waited on",
                        fn);
    }
    /* A capturing stream waiting on a record made outside its capture: a
     * wait the model replays (run_xwait). An event recorded in the capture
     * itself is an ordinary captured dependency, flag or not. An event
     * created with ACL_EVENT_EXTERNAL is waited that way by the plain
     * aclrtStreamWaitEvent too (the runtime's model-update sample). */
    external |= (x.ev->flags & ACL_EVENT_EXTERNAL) != 0;
    if (__builtin_expect(external, 0) &&
        atomic_load_explicit(&x.s->cap, memory_order_relaxed) != NULL &&  /* relaxed: A1 */
        atomic_load_explicit(&x.ev->cap_id, memory_order_relaxed) == 0) { /* relaxed: A1 */
        rc = xevent_once(x.s, x.ev, false, fn);
        if (rc) {
            core_event_put(x.ev);
            return rc;
        }
        return capture_xevent(x.s, x.tag, x.ev, true, fn);
    }
    /* relaxed: A1 */
    if (__builtin_expect(atomic_load_explicit(&x.s->cap, memory_order_relaxed) != NULL ||
                             /* relaxed: A1 */
                             atomic_load_explicit(&x.ev->cap_id, memory_order_relaxed) != 0,
                         0)) {
        bool plain;
        rc = core_hooks.capture_wait(x.s, x.ev, &plain, fn);
        if (rc || !plain) { /* plain: no capture involved after all (it just ended) */
            core_event_put(x.ev);
            return rc;
        }
    }
    _Atomic uint64_t *w = ipc_words(x.ev);
    /* V5: the shared latest sequence (acquire, see ipc_done) */
    uint64_t target = w ? atomic_load_explicit(&w[0], memory_order_acquire) : event_desc(x.ev);
    if (w ? ipc_done(w, target) : desc_done(x.ev, target, NULL)) {
        core_event_put(x.ev); /* never recorded, or already complete: nothing to wait for */
        return ACL_SUCCESS;
    }
    return queue_event_task(x.s, x.tag, run_wait, CORE_T_WAIT, x.ev, target, timeout_ms, fn);
}

aclError core_event_stream_wait(aclrtStream stream, aclrtEvent event, const char *fn)
{
    /* aclrtSetOpWaitTimeout's limit, 0 = none (core/device/params.c) */
    return pools_note(core_event_wait(stream, event, core_op_wait_timeout_ms(), false, fn), false,
                      event, stream);
}

aclError core_event_reset(aclrtEvent event, aclrtStream stream, const char *fn)
{
    struct ev_on_stream x;
    aclError rc = event_and_stream(event, stream, &x, fn);
    if (rc)
        return rc;
    if (x.ev->api == CORE_EV_EX) {
        core_event_put(x.ev);
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: events from aclrtCreateEventExWithFlag cannot be reset", fn);
    }
    /* relaxed: A1 */
    if (__builtin_expect(atomic_load_explicit(&x.s->cap, memory_order_relaxed) != NULL, 0)) {
        if (atomic_load_explicit(&x.ev->cap_id, memory_order_relaxed)) { /* relaxed: A1 */
            core_event_put(x.ev);
            return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                            "%s: the event is recorded in an active capture (a captured reset "
                            "is for events recorded outside the model)",
                            fn);
        }
        return capture_xevent(x.s, x.tag, x.ev, false, fn);
    }
    return queue_event_task(x.s, x.tag, run_reset, CORE_T_RESET, x.ev, desc_seq(event_desc(x.ev)),
                            0, fn);
}

/* ---- queries and host waits --------------------------------------------- */

/* Look up an event for a host-side query or wait: refused (107028) while
 * the event is recorded in an active capture. */
static aclError get_event(aclrtEvent event, struct core_event **out, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!event)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: event is NULL", fn);
    *out = core_event_get(event);
    if (!*out)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live event", fn, event);
    if (__builtin_expect(core_event_captured(*out), 0)) {
        core_event_put(*out);
        *out = NULL; /* on failure *out is NULL (aclrtQueryEvent relies on it) */
        return core_err(ACL_ERROR_RT_EVENT_CAPTURED,
                        "%s: the event is recorded in a capture that has not ended", fn);
    }
    return ACL_SUCCESS;
}

/* The queries: the event looked up (get_event), status not NULL, and (unless
 * ex_ok) not an event from aclrtCreateEventExWithFlag; *done = complete. */
aclError core_event_query(aclrtEvent event, const void *status, bool ex_ok, bool *done,
                          const char *fn)
{
    struct core_event *ev = NULL;
    aclError rc = get_event(event, &ev, fn);
    if (rc)
        return rc;
    if (!status)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: status is NULL", fn);
    else if (!ex_ok && ev->api == CORE_EV_EX)
        rc = core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                      "%s: not for events from aclrtCreateEventExWithFlag "
                      "(use aclrtQueryEventStatus)",
                      fn);
    else
        *done = event_complete(ev, NULL);
    core_event_put(ev);
    return rc;
}

aclError core_event_query_status(aclrtEvent event, aclrtEventRecordedStatus *status, const char *fn)
{
    bool done = false;
    aclError rc = core_event_query(event, status, true, &done, fn);
    if (rc == ACL_SUCCESS)
        *status = done ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    return rc;
}

aclError core_event_query_wait(aclrtEvent event, aclrtEventWaitStatus *status, const char *fn)
{
    struct core_event *ev = NULL;
    aclError rc = get_event(event, &ev, fn);
    if (rc)
        return rc;
    if (!status) {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: status is NULL", fn);
    } else if (ev->api == CORE_EV_EX) {
        rc = core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                      "%s: not for events from aclrtCreateEventExWithFlag", fn);
    } else {
        _Atomic uint64_t *w = ipc_words(ev);
        bool done = w ? ipc_done(w, atomic_load_explicit(&w[0], memory_order_acquire))
                      : desc_done(ev, event_desc(ev), NULL);
        *status = done ? ACL_EVENT_WAIT_STATUS_COMPLETE : ACL_EVENT_WAIT_STATUS_NOT_READY;
    }
    core_event_put(ev);
    return rc;
}

aclError core_event_sync(aclrtEvent event, int32_t timeout, bool timed_, const char *fn)
{
    struct core_event *ev = NULL;
    uint64_t deadline = 0;
    aclError rc = get_event(event, &ev, fn);
    if (rc)
        return rc;
    if (timed_ && (rc = core_timeout(timeout, &deadline, fn))) {
        core_event_put(ev);
        return rc;
    }
    _Atomic uint64_t *w = ipc_words(ev);
    /* V5: the shared latest sequence (acquire, see ipc_done) */
    if (wait_desc(ev, w ? atomic_load_explicit(&w[0], memory_order_acquire) : event_desc(ev),
                  deadline))
        rc = core_err(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, "%s: the event did not complete in %d ms",
                      fn, (int)timeout);
    /* relaxed (load and CAS): after the completion's acquire in wait_desc;
     * the CAS only decides which caller reports the error. */
    int32_t e = atomic_load_explicit(&ev->rec_err, memory_order_relaxed);
    if (rc == ACL_SUCCESS && e &&
        atomic_compare_exchange_strong_explicit(&ev->rec_err, &e, 0, memory_order_relaxed,
                                                memory_order_relaxed)) {
        /* Reported here, so the stream does not report it again (if it is
         * still the same stream and still holds that error). relaxed: a
         * hint checked by the handle lookup below (run_record). */
        struct core_stream *cs = atomic_load_explicit(&ev->rec_stream, memory_order_relaxed);
        uint64_t h = atomic_load_explicit(&ev->rec_handle, memory_order_relaxed);
        int32_t se = e;
        if (cs && core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h) == cs)
            atomic_compare_exchange_strong_explicit(&cs->s.err, &se, 0, memory_order_acq_rel,
                                                    memory_order_relaxed);
        rc = core_err_async((aclError)e, fn);
    }
    core_event_put(ev);
    return rc;
}

/* The completion time of ev's latest record; `which` names the event in messages. */
static aclError stamp(struct core_event *ev, uint64_t *ts, const char *fn, const char *which)
{
    if (!timed(ev))
        return core_err(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID,
                        "%s: %s was created without ACL_EVENT_TIME_LINE", fn, which);
    if (desc_seq(event_desc(ev)) == 0)
        return core_err(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID, "%s: %s was never recorded", fn,
                        which);
    if (!event_complete(ev, ts))
        return core_err(ACL_ERROR_RT_EVENT_NOT_COMPLETE, "%s: %s has not completed", fn, which);
    return ACL_SUCCESS;
}

aclError core_event_elapsed(float *ms, aclrtEvent startEvent, aclrtEvent endEvent, const char *fn)
{
    struct core_event *a = NULL, *b = NULL;
    aclError rc = get_event(startEvent, &a, fn);
    if (rc)
        return rc;
    rc = get_event(endEvent, &b, fn);
    if (rc) {
        core_event_put(a);
        return rc;
    }
    uint64_t ta = 0, tb = 0;
    rc = stamp(a, &ta, fn, "the start event");
    if (rc == ACL_SUCCESS)
        rc = stamp(b, &tb, fn, "the end event");
    if (rc == ACL_SUCCESS && tb < ta)
        rc = core_err(ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL,
                      "%s: the end event completed before the start event", fn);
    if (rc == ACL_SUCCESS)
        *ms = (float)((double)(tb - ta) / 1e6);
    core_event_put(a);
    core_event_put(b);
    return rc;
}

/* ---- timestamps and ids (docs/runtime.md) ------------------------------- */

aclError core_event_timestamp(aclrtEvent event, uint64_t *timestamp, const char *fn)
{
    struct core_event *ev = NULL;
    aclError rc = get_event(event, &ev, fn);
    if (rc)
        return rc;
    uint64_t ts = 0;
    rc = stamp(ev, &ts, fn, "the event");
    if (rc == ACL_SUCCESS)
        *timestamp = ts / 1000u; /* worker clock (CLOCK_MONOTONIC ns) to microseconds */
    core_event_put(ev);
    return rc;
}

aclError core_event_id(aclrtEvent event, uint32_t *eventId, const char *fn)
{
    struct core_event *ev = NULL;
    aclError rc = get_event(event, &ev, fn);
    if (rc == ACL_SUCCESS) {
        *eventId = (uint32_t)(ev->handle & 0xFFFFFF) - 1;
        core_event_put(ev);
    }
    return rc;
}

uint32_t core_event_avail(const struct core_device *d)
{
    /* relaxed: core/runtime/runtime.h A2, a count read at one moment */
    uint32_t used = atomic_load_explicit(&d->nevents, memory_order_relaxed);
    return used >= CORE_MAX_EVENTS_PER_DEVICE ? 0 : CORE_MAX_EVENTS_PER_DEVICE - used;
}
