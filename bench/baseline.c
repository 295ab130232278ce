/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Physical limits and baselines (see baseline.h).
 *
 * Raw SPSC ring (the engine's shape, sched/stream.h), correctness argument:
 *  RB1. Only the producer writes tail and the slots in [tail, head + cap); a
 *      slot at position p is published iff its seq equals (uint32_t)(p + 1):
 *      the producer's release store of seq publishes the record (pairs with
 *      the consumer's acquire load). The previous lap left p + 1 - cap there
 *      (0 in a fresh ring), which differs while cap <= 2^31.
 *  RB2. Only the consumer writes head; its release store after running a
 *      record hands the slot back (pairs with the producer's acquire load of
 *      head when its cached copy says the ring is full, and with
 *      bl_ring_drained).
 *  RB3. The consumer never reads tail (it polls the seq of the slot at head,
 *      a line it must read anyway); the producer reads head only when its
 *      cached copy says "full", and then waits for half the ring, so in the
 *      steady state a push moves one cache line (the record).
 *
 * Mutex+condvar queue: the textbook bounded queue (one mutex, not_empty and
 * not_full condition variables, one record per lock hold). `done` counts
 * records whose function returned, for the producer's drain wait.
 */
#define _GNU_SOURCE
#include "baseline.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define BL_LINE 64

__attribute__((noinline)) void bl_nop(void *arg)
{
    bu_escape(arg);
}

/* ------------------------------------------------------------------------
 * Raw SPSC ring
 * ---------------------------------------------------------------------- */

/* A task-like record: one cache line, like the engine's sched_task. */
struct bl_rec {
    bl_fn fn;
    void *arg;
    uint64_t pad[5];
    uint32_t pad2;
    _Atomic uint32_t seq; /* A: publication sequence (RB1) */
} __attribute__((aligned(BL_LINE)));

_Static_assert(sizeof(struct bl_rec) == 64, "a record is one cache line");

struct bl_ring {
    /* Producer line. */
    _Alignas(BL_LINE) _Atomic uint64_t tail; /* A: P stores; read by bl_ring_drained */
    uint64_t head_cache;                     /* P: last head seen (RB3) */
    /* Consumer line. */
    _Alignas(BL_LINE) _Atomic uint64_t head; /* A: C release-stores (RB2) */
    /* Read-only after creation: stays shared in both caches. */
    _Alignas(BL_LINE) struct bl_rec *slots; /* I */
    uint64_t mask;                          /* I: slots - 1 */
};

_Static_assert(__builtin_offsetof(struct bl_ring, head) % BL_LINE == 0, "head on its own line");
_Static_assert(__builtin_offsetof(struct bl_ring, slots) -
                       __builtin_offsetof(struct bl_ring, head) >=
                   BL_LINE,
               "read-only fields off the consumer line");

struct bl_ring *bl_ring_new(uint32_t slots)
{
    if (slots < 2 || slots > (1u << 30) || (slots & (slots - 1)))
        return NULL;
    struct bl_ring *r = aligned_alloc(BL_LINE, sizeof(*r));
    if (!r)
        return NULL;
    memset(r, 0, sizeof(*r));
    r->slots = aligned_alloc(BL_LINE, (size_t)slots * sizeof(struct bl_rec));
    if (!r->slots) {
        free(r);
        return NULL;
    }
    memset(r->slots, 0, (size_t)slots * sizeof(struct bl_rec)); /* seq 0: unpublished */
    r->mask = slots - 1;
    return r;
}

void bl_ring_free(struct bl_ring *r)
{
    if (r) {
        free(r->slots);
        free(r);
    }
}

__attribute__((noinline)) void bl_ring_push(struct bl_ring *r, bl_fn fn, void *arg)
{
    /* relaxed: only this thread writes tail (RB1). */
    uint64_t t = atomic_load_explicit(&r->tail, memory_order_relaxed);
    if (__builtin_expect(t - r->head_cache > r->mask, 0)) {
        unsigned n = 0;
        /* acquire: pairs with the consumer's release of head (RB2): the slots
         * we are about to overwrite have been read. Refill at half (RB3). */
        while (t - (r->head_cache = atomic_load_explicit(&r->head, memory_order_acquire)) >
               r->mask / 2)
            bu_backoff(&n);
    }
    struct bl_rec *s = &r->slots[t & r->mask];
    s->fn = fn;
    s->arg = arg;
    /* release: publishes the record (RB1). */
    atomic_store_explicit(&s->seq, (uint32_t)(t + 1), memory_order_release);
    /* relaxed: tail is only a count for bl_ring_drained, which reads head
     * with acquire (the consumer never reads tail). */
    atomic_store_explicit(&r->tail, t + 1, memory_order_relaxed);
}

bool bl_ring_drained(struct bl_ring *r)
{
    /* acquire: pairs with the consumer's release of head (RB2). */
    return atomic_load_explicit(&r->head, memory_order_acquire) ==
           atomic_load_explicit(&r->tail, memory_order_relaxed);
}

void bl_ring_wait_drained(struct bl_ring *r)
{
    unsigned n = 0;
    while (!bl_ring_drained(r))
        bu_backoff(&n);
}

/* Consumer: run every published record, publishing head after each one
 * (like the engine, S2 in sched/stream.h). Returns how many ran. */
static unsigned ring_consume(struct bl_ring *r)
{
    /* relaxed: only this thread writes head. */
    uint64_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
    unsigned n = 0;
    for (;;) {
        struct bl_rec *s = &r->slots[h & r->mask];
        /* acquire: pairs with the producer's release of seq (RB1). */
        if (atomic_load_explicit(&s->seq, memory_order_acquire) != (uint32_t)(h + 1))
            return n;
        s->fn(s->arg);
        /* release: hands the slot back (RB2). */
        atomic_store_explicit(&r->head, ++h, memory_order_release);
        n++;
    }
}

/* ------------------------------------------------------------------------
 * Mutex + condvar queue
 * ---------------------------------------------------------------------- */
struct bl_mq {
    pthread_mutex_t lock;
    pthread_cond_t not_empty;
    pthread_cond_t not_full;
    struct bl_rec *slots;                    /* I */
    uint64_t mask;                           /* I */
    uint64_t head;                           /* lock */
    uint64_t tail;                           /* lock */
    bool closed;                             /* lock */
    _Alignas(BL_LINE) _Atomic uint64_t done; /* A: records run (consumer) */
};

struct bl_mq *bl_mq_new(uint32_t slots)
{
    if (slots < 2 || (slots & (slots - 1)))
        return NULL;
    struct bl_mq *q = aligned_alloc(BL_LINE, sizeof(*q));
    if (!q)
        return NULL;
    memset(q, 0, sizeof(*q));
    q->slots = aligned_alloc(BL_LINE, (size_t)slots * sizeof(struct bl_rec));
    if (!q->slots) {
        free(q);
        return NULL;
    }
    memset(q->slots, 0, (size_t)slots * sizeof(struct bl_rec));
    q->mask = slots - 1;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->not_empty, NULL);
    pthread_cond_init(&q->not_full, NULL);
    return q;
}

void bl_mq_free(struct bl_mq *q)
{
    if (!q)
        return;
    pthread_cond_destroy(&q->not_full);
    pthread_cond_destroy(&q->not_empty);
    pthread_mutex_destroy(&q->lock);
    free(q->slots);
    free(q);
}

__attribute__((noinline)) void bl_mq_push(struct bl_mq *q, bl_fn fn, void *arg)
{
    pthread_mutex_lock(&q->lock);
    while (q->tail - q->head > q->mask)
        pthread_cond_wait(&q->not_full, &q->lock);
    struct bl_rec *s = &q->slots[q->tail & q->mask];
    s->fn = fn;
    s->arg = arg;
    q->tail++;
    pthread_cond_signal(&q->not_empty);
    pthread_mutex_unlock(&q->lock);
}

bool bl_mq_pop_run(struct bl_mq *q)
{
    pthread_mutex_lock(&q->lock);
    while (q->head == q->tail && !q->closed)
        pthread_cond_wait(&q->not_empty, &q->lock);
    if (q->head == q->tail) {
        pthread_mutex_unlock(&q->lock);
        return false;
    }
    const struct bl_rec *s = &q->slots[q->head & q->mask];
    bl_fn fn = s->fn;
    void *arg = s->arg;
    q->head++;
    pthread_cond_signal(&q->not_full);
    pthread_mutex_unlock(&q->lock);
    fn(arg);
    /* release: the producer's acquire in bl_mq_wait_drained sees the effects. */
    atomic_fetch_add_explicit(&q->done, 1, memory_order_release);
    return true;
}

void bl_mq_wait_drained(struct bl_mq *q)
{
    pthread_mutex_lock(&q->lock);
    uint64_t target = q->tail;
    pthread_mutex_unlock(&q->lock);
    unsigned n = 0;
    /* acquire: pairs with the consumer's release increment. */
    while (atomic_load_explicit(&q->done, memory_order_acquire) < target)
        bu_backoff(&n);
}

void bl_mq_close(struct bl_mq *q)
{
    pthread_mutex_lock(&q->lock);
    q->closed = true;
    pthread_cond_broadcast(&q->not_empty);
    pthread_mutex_unlock(&q->lock);
}

/* ------------------------------------------------------------------------
 * Consumer threads
 * ---------------------------------------------------------------------- */
struct bl_consumer {
    pthread_t thread;
    struct bl_ring *ring;               /* I: one of ring / mq */
    struct bl_mq *mq;                   /* I */
    int cpu;                            /* I */
    _Alignas(BL_LINE) _Atomic int stop; /* A: set once by bl_consumer_stop */
};

static void *consumer_main(void *arg)
{
    struct bl_consumer *c = arg;
    bu_pin_self(c->cpu);
    if (c->mq) {
        while (bl_mq_pop_run(c->mq))
            ;
        return NULL;
    }
    unsigned n = 0;
    for (;;) {
        if (ring_consume(c->ring)) {
            n = 0;
            continue;
        }
        /* acquire: pairs with the release in bl_consumer_stop; the producer
         * pushed nothing after asking us to stop. */
        if (atomic_load_explicit(&c->stop, memory_order_acquire)) {
            if (!ring_consume(c->ring))
                break;
            continue;
        }
        bu_backoff(&n);
    }
    return NULL;
}

static struct bl_consumer *consumer_start(struct bl_ring *r, struct bl_mq *q, int cpu)
{
    struct bl_consumer *c = aligned_alloc(BL_LINE, sizeof(*c));
    if (!c)
        return NULL;
    memset(c, 0, sizeof(*c));
    c->ring = r;
    c->mq = q;
    c->cpu = cpu;
    if (pthread_create(&c->thread, NULL, consumer_main, c) != 0) {
        free(c);
        return NULL;
    }
    return c;
}

struct bl_consumer *bl_consumer_ring(struct bl_ring *r, int cpu)
{
    return consumer_start(r, NULL, cpu);
}

struct bl_consumer *bl_consumer_mq(struct bl_mq *q, int cpu)
{
    return consumer_start(NULL, q, cpu);
}

void bl_consumer_stop(struct bl_consumer *c)
{
    if (!c)
        return;
    if (c->mq)
        bl_mq_close(c->mq);
    /* release: everything pushed before is visible to the final drain. */
    atomic_store_explicit(&c->stop, 1, memory_order_release);
    pthread_join(c->thread, NULL);
    free(c);
}

/* ------------------------------------------------------------------------
 * Cache-line ping-pong
 * ---------------------------------------------------------------------- */
struct bl_pong {
    _Alignas(BL_LINE) _Atomic uint64_t flag; /* A: odd = ping, even = pong */
    _Alignas(BL_LINE) _Atomic int stop;      /* A: set once */
    pthread_t thread;
    int cpu;
};

static void *pong_main(void *arg)
{
    struct bl_pong *p = arg;
    bu_pin_self(p->cpu);
    uint64_t expect = 1;
    for (;;) {
        unsigned n = 0;
        /* acquire: pairs with the pinger's release (nothing else is
         * published, but it keeps the exchange a real hand-off). */
        while (atomic_load_explicit(&p->flag, memory_order_acquire) != expect) {
            /* relaxed: stop is only a request to leave. */
            if (atomic_load_explicit(&p->stop, memory_order_relaxed))
                return NULL;
            bu_backoff(&n);
        }
        /* release: pairs with the pinger's acquire. */
        atomic_store_explicit(&p->flag, expect + 1, memory_order_release);
        expect += 2;
    }
}

struct bl_pong *bl_pong_start(int cpu)
{
    struct bl_pong *p = aligned_alloc(BL_LINE, sizeof(*p));
    if (!p)
        return NULL;
    memset(p, 0, sizeof(*p));
    p->cpu = cpu;
    if (pthread_create(&p->thread, NULL, pong_main, p) != 0) {
        free(p);
        return NULL;
    }
    return p;
}

void bl_pong_exchange(struct bl_pong *p, uint64_t n)
{
    /* relaxed: only we move the flag from even to odd. */
    uint64_t v = atomic_load_explicit(&p->flag, memory_order_relaxed);
    for (uint64_t i = 0; i < n; i++) {
        /* release / acquire: the hand-off pair with pong_main. */
        atomic_store_explicit(&p->flag, v + 1, memory_order_release);
        unsigned k = 0;
        while (atomic_load_explicit(&p->flag, memory_order_acquire) != v + 2)
            bu_backoff(&k);
        v += 2;
    }
}

uint64_t bl_pong_rtt(struct bl_pong *p, uint64_t n)
{
    uint64_t t0 = bu_now_ns();
    bl_pong_exchange(p, n);
    return bu_now_ns() - t0;
}

void bl_pong_stop(struct bl_pong *p)
{
    if (!p)
        return;
    atomic_store_explicit(&p->stop, 1, memory_order_relaxed);
    pthread_join(p->thread, NULL);
    free(p);
}

/* ------------------------------------------------------------------------
 * One repetition of each figure
 * ---------------------------------------------------------------------- */
double bl_measure_cacheline_rtt_ns(const struct bl_pair *pr, unsigned samples, unsigned per_sample)
{
    double *v = calloc(samples, sizeof(*v));
    if (!v || !samples || !per_sample) {
        free(v);
        return -1.0;
    }
    bu_pin_self(pr->producer_cpu);
    struct bl_pong *p = bl_pong_start(pr->consumer_cpu);
    double r = -1.0;
    if (p) {
        bl_pong_rtt(p, per_sample); /* warm-up: the partner is running and spinning */
        for (unsigned i = 0; i < samples; i++)
            v[i] = (double)bl_pong_rtt(p, per_sample) / per_sample;
        bl_pong_stop(p);
        r = bu_median(v, samples);
    }
    bu_unpin_self();
    free(v);
    return r;
}

/* The ring and the mutex queue behind one body per figure. `k` is a constant
 * at every call and the helpers are always inlined, so each bl_measure_*
 * function compiles to direct calls of its own queue's functions, as if
 * written out (the DPDK rte_ring way of specialising _sp/_mp variants). */
enum bl_qkind { BL_Q_RING, BL_Q_MQ };

#define BL_INLINE static inline __attribute__((always_inline))

BL_INLINE void *bl_q_new(enum bl_qkind k, uint32_t slots)
{
    return k == BL_Q_RING ? (void *)bl_ring_new(slots) : (void *)bl_mq_new(slots);
}

BL_INLINE void bl_q_free(enum bl_qkind k, void *q)
{
    if (k == BL_Q_RING)
        bl_ring_free(q);
    else
        bl_mq_free(q);
}

BL_INLINE struct bl_consumer *bl_q_consumer(enum bl_qkind k, void *q, int cpu)
{
    return k == BL_Q_RING ? bl_consumer_ring(q, cpu) : bl_consumer_mq(q, cpu);
}

BL_INLINE void bl_q_push_nop(enum bl_qkind k, void *q)
{
    if (k == BL_Q_RING)
        bl_ring_push(q, bl_nop, NULL);
    else
        bl_mq_push(q, bl_nop, NULL);
}

BL_INLINE void bl_q_wait_drained(enum bl_qkind k, void *q)
{
    if (k == BL_Q_RING)
        bl_ring_wait_drained(q);
    else
        bl_mq_wait_drained(q);
}

/* Submit cost: the median over `batches` of the time to push `batch`
 * records (the queue holds a batch; draining is outside the timed region). */
BL_INLINE double bl_q_push_ns(enum bl_qkind k, const struct bl_pair *pr, uint32_t slots,
                              unsigned batches, unsigned batch)
{
    if (batch > slots || !batches || !batch)
        return -1.0;
    double *v = calloc(batches, sizeof(*v));
    void *q = bl_q_new(k, slots);
    bu_pin_self(pr->producer_cpu);
    struct bl_consumer *c = q ? bl_q_consumer(k, q, pr->consumer_cpu) : NULL;
    double res = -1.0;
    if (v && c) {
        for (unsigned i = 0; i < batch; i++) /* warm-up */
            bl_q_push_nop(k, q);
        bl_q_wait_drained(k, q);
        for (unsigned b = 0; b < batches; b++) {
            uint64_t t0 = bu_now_ns();
            for (unsigned i = 0; i < batch; i++)
                bl_q_push_nop(k, q);
            uint64_t t1 = bu_now_ns();
            v[b] = (double)(t1 - t0) / batch;
            bl_q_wait_drained(k, q); /* outside the timed region */
        }
        res = bu_median(v, batches);
    }
    bl_consumer_stop(c);
    bu_unpin_self();
    bl_q_free(k, q);
    free(v);
    return res;
}

/* Sustained rate: `items` records pushed and run, per second. */
BL_INLINE double bl_q_rate(enum bl_qkind k, const struct bl_pair *pr, uint32_t slots,
                           uint64_t items)
{
    void *q = bl_q_new(k, slots);
    bu_pin_self(pr->producer_cpu);
    struct bl_consumer *c = q ? bl_q_consumer(k, q, pr->consumer_cpu) : NULL;
    double res = -1.0;
    if (c && items) {
        for (unsigned i = 0; i < slots; i++) /* warm-up */
            bl_q_push_nop(k, q);
        bl_q_wait_drained(k, q);
        uint64_t t0 = bu_now_ns();
        for (uint64_t i = 0; i < items; i++)
            bl_q_push_nop(k, q);
        bl_q_wait_drained(k, q);
        uint64_t t1 = bu_now_ns();
        res = (double)items * 1e9 / (double)(t1 - t0);
    }
    bl_consumer_stop(c);
    bu_unpin_self();
    bl_q_free(k, q);
    return res;
}

double bl_measure_ring_push_ns(const struct bl_pair *pr, uint32_t slots, unsigned batches,
                               unsigned batch)
{
    return bl_q_push_ns(BL_Q_RING, pr, slots, batches, batch);
}

double bl_measure_ring_rate(const struct bl_pair *pr, uint32_t slots, uint64_t items)
{
    return bl_q_rate(BL_Q_RING, pr, slots, items);
}

double bl_measure_mq_push_ns(const struct bl_pair *pr, uint32_t slots, unsigned batches,
                             unsigned batch)
{
    return bl_q_push_ns(BL_Q_MQ, pr, slots, batches, batch);
}

double bl_measure_mq_rate(const struct bl_pair *pr, uint32_t slots, uint64_t items)
{
    return bl_q_rate(BL_Q_MQ, pr, slots, items);
}

/* Runs on the partner thread: answer a ping by pushing into the reply queue. */
void bl_mq_echo(void *arg)
{
    bl_mq_push((struct bl_mq *)arg, bl_nop, NULL);
}

double bl_measure_mq_rtt_ns(const struct bl_pair *pr, unsigned samples, unsigned per_sample)
{
    if (!samples || !per_sample)
        return -1.0;
    double *v = calloc(samples, sizeof(*v));
    struct bl_mq *req = bl_mq_new(64), *rep = bl_mq_new(64);
    bu_pin_self(pr->producer_cpu);
    struct bl_consumer *c = (req && rep) ? bl_consumer_mq(req, pr->consumer_cpu) : NULL;
    double res = -1.0;
    if (v && c) {
        for (unsigned i = 0; i < 8; i++) { /* warm-up */
            bl_mq_push(req, bl_mq_echo, rep);
            bl_mq_pop_run(rep);
        }
        for (unsigned s = 0; s < samples; s++) {
            uint64_t t0 = bu_now_ns();
            for (unsigned i = 0; i < per_sample; i++) {
                bl_mq_push(req, bl_mq_echo, rep);
                bl_mq_pop_run(rep);
            }
            v[s] = (double)(bu_now_ns() - t0) / per_sample;
        }
        res = bu_median(v, samples);
    }
    bl_consumer_stop(c);
    bu_unpin_self();
    bl_mq_free(req);
    bl_mq_free(rep);
    free(v);
    return res;
}

double bl_measure_memcpy_gbps(size_t bytes, unsigned copies)
{
    if (!copies || !bytes)
        return -1.0;
    char *src = malloc(bytes), *dst = malloc(bytes);
    double *v = calloc(copies, sizeof(*v));
    double res = -1.0;
    if (src && dst && v) {
        memset(src, 1, bytes); /* fault both buffers in, outside the timing */
        memset(dst, 2, bytes);
        memcpy(dst, src, bytes);
        for (unsigned i = 0; i < copies; i++) {
            uint64_t t0 = bu_now_ns();
            memcpy(dst, src, bytes);
            bu_escape(dst);
            uint64_t t1 = bu_now_ns();
            v[i] = (double)bytes / (double)(t1 - t0); /* bytes/ns = GB/s */
        }
        res = bu_median(v, copies);
    }
    free(src);
    free(dst);
    free(v);
    return res;
}
