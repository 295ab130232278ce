/* SPDX-License-Identifier: Apache-2.0 */
/* Stream slow paths: ring allocation, ownership claims, full ring, waits. */
#include "sched/stream.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sched/clock.h"
#include "sched/sched.h"
#include "sched/worker.h"

static pthread_mutex_t g_claim_lock = PTHREAD_MUTEX_INITIALIZER;

int sched_stream_init(struct sched_stream *s, void *owner)
{
    uint32_t n = sched_cfg.ring_slots;
    if (n > 65536 || (n & (n - 1)))
        return -EINVAL; /* S1 needs capacity <= 2^16, and masks a power of two */
    if (!s->slots) { /* a new stream (zeroed by the caller) */
        pthread_mutex_init(&s->share_lock, NULL);
        sched_waitq_init(&s->doneq);
    }
    /* else S8: recycled, and claimed by the caller (sched_stream_claim_recycle);
     * a late producer of the last life may be waiting for the ownership
     * state, so it stays (and so does doneq, a late synchroniser's). */
    /* relaxed: we own the stream (S5), or nobody knows it yet. The last life's
     * tail (0 for a new stream): how many slots it published (S10 below). */
    uint64_t used = atomic_load_explicit(&s->tail, memory_order_relaxed);
    atomic_store_explicit(&s->tail, 0, memory_order_relaxed);
    atomic_store_explicit(&s->tag, 0, memory_order_relaxed); /* S7: set by the owner object */
    s->head_cache = 0;
    /* relaxed: the worker let go of the stream (attach publishes it again). */
    atomic_store_explicit(&s->head, 0, memory_order_relaxed);
    s->blk_cond = NULL;
    s->blk_target = s->blk_deadline = s->blk_since = s->blk_first = s->slip_tail = 0;
    s->widx = 0;
    atomic_store_explicit(&s->err, 0, memory_order_relaxed);          /* relaxed: as head */
    atomic_store_explicit(&s->discard, 0, memory_order_relaxed);      /* relaxed: as head */
    atomic_store_explicit(&s->keep_below, 0, memory_order_relaxed);   /* relaxed: as head */
    atomic_store_explicit(&s->stop_on_fail, 0, memory_order_relaxed); /* relaxed: as head */
    s->worker = NULL;
    s->trace_id = 0;
    s->trace_t0 = 0;
    struct sched_task *old = s->slots; /* a recycled stream keeps its ring */
    size_t zero = (size_t)n + SCHED_RING_SLACK;
    if (old && s->mask + 1 == n) {
        if (used < n)
            zero = (size_t)used; /* S10 */
    } else {
        free(old);
        s->slots = aligned_alloc(SCHED_CACHELINE,
                                 (size_t)(n + SCHED_RING_SLACK) * sizeof(struct sched_task));
        if (!s->slots) {
            /* release: as below */
            atomic_store_explicit(&s->shared, 0, memory_order_release);
            return -ENOMEM;
        }
    }
    /* S10: seq 0 everywhere, nothing published. Only a publication writes a
     * seq (sched_stream_publish, then the tail), so in a kept ring the slots
     * past the last life's tail are still 0 from its own init: a stream that
     * ran few tasks (a captured model's, ~1 a replay) is reset in a few lines
     * instead of 64 KiB. */
    memset(s->slots, 0, zero * sizeof(struct sched_task));
    s->mask = n - 1;
    s->owner = owner;
    /* S8: a recycled shared stream is unshared only now, the caller holding
     * share_lock. release: pairs with the acquire in sched_stream_own, so a
     * late producer that reads 0 and takes the biased path sees the reset
     * ring; one that read 1 waits on share_lock. */
    atomic_store_explicit(&s->shared, 0, memory_order_release);
    return 0;
}

void sched_stream_fini(struct sched_stream *s)
{
    free(s->slots);
    s->slots = NULL;
}

/* ---- producer registry and ownership claims (S5) ------------------------ */

__thread struct sched_producer *sched_t_producer __attribute__((tls_model("initial-exec")));
struct sched_ec sched_claim_ec;

static pthread_mutex_t g_prod_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sched_producer *g_prod_free; /* recycled records, g_prod_lock */
static _Atomic(struct sched_producer *) g_prod_all; /* every record, newest first */
static pthread_key_t g_prod_key;
static pthread_once_t g_prod_once = PTHREAD_ONCE_INIT;

static void producer_exit(void *arg)
{
    struct sched_producer *p = arg;
    /* A thread exits outside any submission, so p->in is already NULL. The
     * record is recycled, never freed: streams may still name it as owner,
     * and its next user then simply owns them, which is safe because this
     * thread will never submit again. */
    pthread_mutex_lock(&g_prod_lock);
    p->next = g_prod_free;
    g_prod_free = p;
    pthread_mutex_unlock(&g_prod_lock);
}

static void producer_key_init(void)
{
    pthread_key_create(&g_prod_key, producer_exit);
}

struct sched_producer *sched_producer_register(void)
{
    pthread_once(&g_prod_once, producer_key_init);
    pthread_mutex_lock(&g_prod_lock);
    struct sched_producer *p = g_prod_free;
    if (p)
        g_prod_free = p->next;
    pthread_mutex_unlock(&g_prod_lock);
    if (!p) {
        p = aligned_alloc(SCHED_CACHELINE, sizeof(*p));
        if (!p)
            abort(); /* 64 bytes once per thread: nothing sane is left */
        memset(p, 0, sizeof(*p));
        /* relaxed load + release CAS: a walker (acquire) sees the record's
         * zeroed fields; records are never freed, so no ABA */
        struct sched_producer *h = atomic_load_explicit(&g_prod_all, memory_order_relaxed);
        do
            p->all_next = h;
        while (!atomic_compare_exchange_weak_explicit(&g_prod_all, &h, p, memory_order_release,
                                                      memory_order_relaxed));
    }
    p->last_task = 0; /* a recycled record: this thread has committed nothing yet */
    pthread_setspecific(g_prod_key, p);
    sched_t_producer = p;
    return p;
}

struct left_arg {
    struct sched_producer *p;
    struct sched_stream *s;
};

static bool left(void *arg)
{
    struct left_arg *a = arg;
    /* acquire: pairs with the release in sched_stream_leave. */
    return atomic_load_explicit(&a->p->in, memory_order_acquire) != a->s;
}

/* recycle: S8, claimed to be reset for a new life: a shared stream is
 * unshared (its mutex taken under g_claim_lock, the order the S6 switch
 * below takes them in) and the claim count starts again. */
static void claim(struct sched_stream *s, struct sched_producer *me, bool recycle)
{
    /* Step out while we wait: a claimer of our own stream must not wait on
     * us, and one may already be waiting for us to leave, so tell it. */
    atomic_store_explicit(&me->in, NULL, memory_order_release);
    sched_ec_notify(&sched_claim_ec);
again:
    pthread_mutex_lock(&g_claim_lock);
    if (recycle) {
        s->claims = 0;
        /* relaxed: shared is read under g_claim_lock or share_lock. The
         * producer inside (if any) is waited out by the mutex. `shared` stays
         * set until sched_stream_init has reset the ring (S8): a late producer
         * then waits on share_lock, or reads the cleared flag with acquire,
         * and either way sees the reset. (Cleared here, a late producer took
         * the biased path, found no owner to wait for and read the ring while
         * the init wrote it: TSan, race_stream_reuse.) */
        if (atomic_load_explicit(&s->shared, memory_order_relaxed)) {
            pthread_mutex_lock(&s->share_lock);
            me->locked = s;
            pthread_mutex_unlock(&g_claim_lock);
            return;
        }
    } else if (atomic_load_explicit(&s->shared, memory_order_relaxed)) { /* S6: shared already */
        pthread_mutex_unlock(&g_claim_lock);
        pthread_mutex_lock(&s->share_lock);
        /* relaxed: cleared only under share_lock (S8), which we hold. */
        if (__builtin_expect(!atomic_load_explicit(&s->shared, memory_order_relaxed), 0)) {
            pthread_mutex_unlock(&s->share_lock); /* recycled meanwhile: claim it */
            goto again;
        }
        me->locked = s;
        return;
    }
    /* relaxed: producer is written only under g_claim_lock, which we hold. */
    struct sched_producer *old = atomic_load_explicit(&s->producer, memory_order_relaxed);
    if (old && old != me) {
        /* relaxed: ordered before the owner's re-check by the heavy fence. */
        atomic_store_explicit(&s->revoke, 1, memory_order_relaxed);
        sched_fence_heavy(); /* S5: pairs with the light fence in reserve */
        struct left_arg a = {old, s};
        sched_ec_await(&sched_claim_ec, left, &a, 0);
        if (!recycle && ++s->claims >= SCHED_SHARE_AFTER) {
            /* S6: changes hands too often for biased ownership. The owner is out
             * and revoke is set, so nobody is inside on the biased path. */
            atomic_store_explicit(&s->producer, NULL, memory_order_relaxed);
            pthread_mutex_lock(&s->share_lock);
            me->locked = s;
            /* release: pairs with the acquire in reserve. */
            atomic_store_explicit(&s->shared, 1, memory_order_release);
            atomic_store_explicit(&s->revoke, 0, memory_order_release);
            pthread_mutex_unlock(&g_claim_lock);
            return;
        }
    }
    /* else S9: no owner (a new stream), or we own it already (a recycle by its last
     * producer, a claim after a revoke that has ended): nobody else can pass the biased
     * check, so there is nobody to fence against or wait for */
    atomic_store_explicit(&s->producer, me, memory_order_relaxed);
    /* release: as in sched_stream_announce_as */
    atomic_store_explicit(&me->in, s, memory_order_release);
    /* release: publishes owner (and, through the acquire in `left`, the old
     * owner's tail and head_cache) to the next fast-path check. */
    atomic_store_explicit(&s->revoke, 0, memory_order_release);
    pthread_mutex_unlock(&g_claim_lock);
}

void sched_stream_claim(struct sched_stream *s, struct sched_producer *me)
{
    claim(s, me, false);
}

void sched_stream_claim_recycle(struct sched_stream *s, struct sched_producer *me)
{
    claim(s, me, true);
}

void sched_stream_wait_announced(struct sched_stream *s)
{
    sched_fence_heavy(); /* pairs with the light fence in sched_stream_announce */
    /* acquire: pairs with the release CAS in sched_producer_register */
    for (struct sched_producer *p = atomic_load_explicit(&g_prod_all, memory_order_acquire); p;
         p = p->all_next) {
        struct left_arg a = {p, s};
        if (!left(&a))
            sched_ec_await(&sched_claim_ec, left, &a, 0);
    }
}

void sched_stream_quiesce(struct sched_stream *s)
{
    pthread_mutex_lock(&g_claim_lock); /* no claim runs meanwhile; later ones see the tag */
    /* relaxed: set only under g_claim_lock, which we hold. */
    if (atomic_load_explicit(&s->shared, memory_order_relaxed)) {
        pthread_mutex_unlock(&g_claim_lock);
        /* S6: the producer inside holds the mutex; the next one takes it
         * after us and so sees the tag stored before. */
        pthread_mutex_lock(&s->share_lock);
        pthread_mutex_unlock(&s->share_lock);
        return;
    }
    /* relaxed: producer is written only under g_claim_lock, which we hold. */
    struct sched_producer *old = atomic_load_explicit(&s->producer, memory_order_relaxed);
    if (!old || old == sched_t_producer) {
        /* S9: no owner, or the owner is this thread, which is not inside s (it is
         * retiring it): every other thread fails the biased check and claims after us,
         * under g_claim_lock, so it reads the tag stored before. No fence. */
        pthread_mutex_unlock(&g_claim_lock);
        return;
    }
    /* As a claim without taking ownership (S5): the owner either sees
     * revoke (and claims, under g_claim_lock, after us) or is waited out;
     * its tag load comes after its light fence, so once it is out or backs
     * off it sees the tag stored before our heavy fence. relaxed: the
     * heavy fence orders it. */
    atomic_store_explicit(&s->revoke, 1, memory_order_relaxed);
    sched_fence_heavy();
    struct left_arg a = {old, s};
    sched_ec_await(&sched_claim_ec, left, &a, 0);
    /* release: as at the end of a claim (the owner's next fast path). */
    atomic_store_explicit(&s->revoke, 0, memory_order_release);
    pthread_mutex_unlock(&g_claim_lock);
}

/* Wait for head to reach target by polling it paced by the distance left:
 * one pause per task still to run before each read, so the worker keeps the
 * head line (it stores it after every task) instead of losing it to a poll
 * every few nanoseconds. Bounded: at most sched_cfg.spin_ns (the clock is read
 * every 16 polls), then the caller parks in doneq. true when reached. */
static bool paced_wait(struct sched_stream *s, uint64_t target)
{
    uint64_t until = 0;
    for (unsigned i = 0;; i++) {
        /* acquire: pairs with the worker's release of head (S2). */
        uint64_t h = atomic_load_explicit(&s->head, memory_order_acquire);
        if (h >= target)
            return true;
        if ((i & 15) == 0) {
            uint64_t now = sched_now_ns();
            if (!until)
                until = now + sched_cfg.spin_ns;
            else if (now >= until)
                return false;
        }
        for (uint64_t k = (target - h) / 4 + 1; k; k--)
            base_cpu_relax();
    }
}

uint64_t sched_stream_wait_space(struct sched_stream *s, bool (*serve)(void))
{
    /* Wait for half the ring, not one slot: a producer polling head while
     * the worker stores it after every task would pull that cache line back
     * and forth once per task and slow both sides; refilling in bursts
     * keeps the line with the worker. */
    uint64_t t = atomic_load_explicit(&s->tail, memory_order_relaxed); /* we own the stream */
    while (serve) {
        struct sched_producer *me = sched_t_producer;
        sched_stream_leave_as(s, me);
        bool any = serve();
        if (any)
            sched_stream_wait(s, t - s->mask / 2, sched_now_ns() + 1000000u);
        sched_stream_own(s, me);
        t = atomic_load_explicit(&s->tail, memory_order_relaxed); /* owned again */
        /* acquire: as in sched_stream_reserve (S2). */
        s->head_cache = atomic_load_explicit(&s->head, memory_order_acquire);
        if (t - s->head_cache <= s->mask)
            return t;
        if (!any)
            break; /* nothing to serve: the plain wait */
    }
    uint64_t target = t - s->mask / 2;
    if (!paced_wait(s, target))
        sched_waitq_wait(&s->doneq, &s->head, target, 0);
    /* acquire: as in sched_stream_reserve (S2). */
    s->head_cache = atomic_load_explicit(&s->head, memory_order_acquire);
    return t;
}

int sched_stream_wait(struct sched_stream *s, uint64_t target, uint64_t deadline_ns)
{
    return sched_waitq_wait(&s->doneq, &s->head, target, deadline_ns);
}

int sched_stream_wait_tag(struct sched_stream *s, uint64_t target, uint64_t deadline_ns,
                          uint64_t tag)
{
    if (!tag)
        return sched_waitq_wait(&s->doneq, &s->head, target, deadline_ns);
    return sched_waitq_wait_while(&s->doneq, &s->head, target, deadline_ns, &s->tag, tag);
}

void (*_Atomic sched_fail_hook)(struct sched_exec *x, int32_t code);

void sched_exec_fail(struct sched_exec *x, int32_t code)
{
    int32_t none = 0;
    /* relaxed: the error is read after the host synchronised on head, whose
     * release store comes after this. */
    atomic_compare_exchange_strong_explicit(&x->stream->err, &none, code, memory_order_relaxed,
                                            memory_order_relaxed);
    /* acquire: pairs with the release that installed the hook (its state is set up). */
    void (*hook)(struct sched_exec *, int32_t) =
        atomic_load_explicit(&sched_fail_hook, memory_order_acquire);
    if (hook)
        hook(x, code);

}

int sched_stream_wake_slow(struct sched_worker *w)
{
    /* relaxed: after the caller's light fence (sched_stream_commit_announced) */
    if (atomic_load_explicit(&sched_claim_ec.waiters, memory_order_relaxed))
        sched_ec_wake_all(&sched_claim_ec);
    sched_worker_kick(w); /* fences and checks its waiters again */
    return 0;
}
