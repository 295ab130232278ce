/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The local transport: ranks of one process (one device each) exchange
 * through device memory directly (device memory is host memory here).
 *
 * A collective is executed by every rank's task, on that rank's device
 * worker, in two rendezvous:
 *   1. each rank publishes its call (buffers, count, type, op, root) in its
 *      slot and arrives at the group barrier;
 *   2. every rank checks that all slots describe the same call (a mismatch
 *      fails the call on every rank alike), then does its share of the work
 *      reading the other ranks' buffers directly: for reductions rank r owns
 *      element chunk r, reduces it over all send buffers and writes the
 *      result into every destination buffer; for moves each rank fills its
 *      own receive buffer;
 *   3. every rank arrives at the barrier again before its task completes, so
 *      no buffer is reused (and no slot rewritten) while another rank reads it.
 *
 * Invariants:
 *  HL1. Between the two barriers, the bytes a rank writes are read by no other
 *      rank: a reduction chunk r of rank q's send buffer is read only by rank
 *      r, which writes chunk r of the destinations only after reading it
 *      (in place is safe); send buffers overlapping the receive buffer in any
 *      other way are first copied to the rank's scratch (publish_send).
 *  HL2. The barrier is a generation counter: the last arrival resets the
 *      arrival count then bumps the generation (release); waiters leave on
 *      seeing the generation change (acquire), so the reset count and every
 *      slot written before arriving are visible to all ranks after it.
 *  HL3. Waiting spins briefly, then sleeps on a futex (no core burnt); a wait
 *      longer than HCCL_EXEC_TIMEOUT breaks the group: every later call fails
 *      with HCCL_E_TIMEOUT instead of hanging.
 *  HL4. Point-to-point uses one mailbox per (sender, receiver): the sender
 *      publishes its buffer with `posted = seq` and sleeps until `done = seq`;
 *      the receiver waits for `posted == seq`, copies, and publishes `done`.
 *  HL5. A batch (local_batch) uses the same mailboxes and sequences, so it
 *      matches HcclSend / HcclRecv in order; it posts a send to a peer only
 *      after that peer consumed the previous one (one message per mailbox)
 *      and never blocks on one item while another can progress.
 */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "hccl/hccl_internal.h"

#define HCCL_SPINS 400u       /* polls before sleeping on the futex */
#define HCCL_BLOCK 4096u      /* elements reduced per accumulator block */

struct hccl_slot {
    enum hccl_kind kind;
    HcclDataType dtype;
    HcclReduceOp op;
    uint32_t root;
    uint64_t count;
    const void *send;
    void *recv;
    const uint64_t *v;
} __attribute__((aligned(64)));

struct hccl_mailbox {
    _Atomic uint32_t posted; /* A: sequence published by the sender (HL4) */
    _Atomic uint32_t done;   /* A: sequence consumed by the receiver */
    _Atomic int32_t status;  /* A: receiver's verdict on the last message */
    const void *buf;         /* sender's buffer, valid from posted to done */
    uint64_t count;
    HcclDataType dtype;
} __attribute__((aligned(64)));

struct hccl_group {
    _Atomic uint32_t arrived __attribute__((aligned(64))); /* A: ranks at the barrier */
    _Atomic uint32_t gen;                                  /* A: barrier generation (HL2) */
    _Atomic uint32_t sleepers;                             /* A: ranks asleep on gen */
    _Atomic uint32_t broken;                               /* A: 1 after a timeout (HL3) */
    uint32_t n __attribute__((aligned(64)));               /* I */
    _Atomic uint32_t refs;                                 /* A: ranks not yet destroyed */
    uint64_t timeout_ns;                                   /* I */
    struct hccl_slot *slots;                               /* I: n */
    struct hccl_mailbox *mail;                             /* I: n x n, [src * n + dst] */
};
_Static_assert(sizeof(struct hccl_slot) % 64 == 0, "one slot per cache line");

/* ---- futex ---------------------------------------------------------------- */

void hccl_futex_wait(_Atomic uint32_t *w, uint32_t old, uint64_t timeout_ns)
{
    struct timespec ts = {(time_t)(timeout_ns / 1000000000u), (long)(timeout_ns % 1000000000u)};
    syscall(SYS_futex, (uint32_t *)w, FUTEX_WAIT_PRIVATE, old, timeout_ns ? &ts : NULL, NULL, 0);
}

void hccl_futex_wake(_Atomic uint32_t *w)
{
    syscall(SYS_futex, (uint32_t *)w, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Wait until *w != old or the group broke; spins HCCL_SPINS rounds first.
 * `sleepers` is the Dekker partner of the waker's "store; read sleepers". */
static HcclResult wait_change(struct hccl_group *g, _Atomic uint32_t *w, uint32_t old,
                              _Atomic uint32_t *sleepers)
{
    for (uint32_t i = 0; i < HCCL_SPINS; i++) {
        /* acquire: pairs with the release that changed *w (HL2, HL4) */
        if (atomic_load_explicit(w, memory_order_acquire) != old)
            return HCCL_SUCCESS;
        cpu_relax();
    }
    uint64_t start = hccl_now_ns();
    for (;;) {
        /* seq_cst: D1, the waiter's half of the Dekker pair with D2 */
        atomic_fetch_add_explicit(sleepers, 1, memory_order_seq_cst);
        if (atomic_load_explicit(w, memory_order_seq_cst) == old &&
            !atomic_load_explicit(&g->broken, memory_order_relaxed))
            hccl_futex_wait(w, old, 100000000u); /* 100 ms: re-check the deadline */
        atomic_fetch_sub_explicit(sleepers, 1, memory_order_relaxed); /* only a hint */
        /* acquire: as above */
        if (atomic_load_explicit(w, memory_order_acquire) != old)
            return HCCL_SUCCESS;
        /* relaxed: a flag; the futex wake that follows it orders nothing else */
        if (atomic_load_explicit(&g->broken, memory_order_relaxed))
            return HCCL_E_TIMEOUT;
        if (hccl_now_ns() - start > g->timeout_ns) {
            atomic_store_explicit(&g->broken, 1, memory_order_relaxed);
            hccl_futex_wake(&g->gen);
            for (uint32_t i = 0; i < g->n * g->n; i++) {
                hccl_futex_wake(&g->mail[i].posted);
                hccl_futex_wake(&g->mail[i].done);
            }
            return hccl_err(HCCL_E_TIMEOUT, "HCCL: a rank waited more than HCCL_EXEC_TIMEOUT");
        }
    }
}

static void publish(_Atomic uint32_t *w, uint32_t v, _Atomic uint32_t *sleepers)
{
    /* seq_cst: D2, the waker's half: the store is ordered before reading sleepers,
     * and (as a release) publishes everything written before it */
    atomic_store_explicit(w, v, memory_order_seq_cst);
    if (atomic_load_explicit(sleepers, memory_order_seq_cst))
        hccl_futex_wake(w);
}

static HcclResult barrier(struct hccl_group *g)
{
    if (atomic_load_explicit(&g->broken, memory_order_relaxed))
        return HCCL_E_TIMEOUT;
    /* acquire: read the generation before arriving, so it is this phase's */
    uint32_t gen = atomic_load_explicit(&g->gen, memory_order_acquire);
    /* acq_rel: the last arrival sees every rank's slot writes (release by each) */
    if (atomic_fetch_add_explicit(&g->arrived, 1, memory_order_acq_rel) == g->n - 1) {
        /* relaxed: published by the release of the generation bump below (HL2) */
        atomic_store_explicit(&g->arrived, 0, memory_order_relaxed);
        publish(&g->gen, gen + 1, &g->sleepers);
        return HCCL_SUCCESS;
    }
    return wait_change(g, &g->gen, gen, &g->sleepers);
}

/* ---- group ---------------------------------------------------------------- */

struct hccl_group *hccl_group_new(uint32_t n)
{
    struct hccl_group *g = aligned_alloc(64, sizeof *g);
    if (!g)
        return NULL;
    memset(g, 0, sizeof *g);
    g->n = n;
    atomic_init(&g->refs, n);
    g->timeout_ns = hccl_env_seconds("HCCL_EXEC_TIMEOUT", 1836) * 1000000000u;
    g->slots = aligned_alloc(64, sizeof(struct hccl_slot) * n);
    g->mail = aligned_alloc(64, sizeof(struct hccl_mailbox) * n * n);
    if (!g->slots || !g->mail) {
        free(g->slots);
        free(g->mail);
        free(g);
        return NULL;
    }
    memset(g->slots, 0, sizeof(struct hccl_slot) * n);
    memset(g->mail, 0, sizeof(struct hccl_mailbox) * n * n);
    return g;
}

void hccl_group_put(struct hccl_group *g)
{
    /* acq_rel: the last rank out sees the others' last uses before freeing */
    if (atomic_fetch_sub_explicit(&g->refs, 1, memory_order_acq_rel) == 1) {
        free(g->slots);
        free(g->mail);
        free(g);
    }
}

/* ---- collectives ---------------------------------------------------------- */

void hccl_extents(const struct hccl_comm *c, const struct hccl_op *op, size_t es,
                  size_t *sbytes, size_t *rbytes)
{
    size_t n = c->size;
    *sbytes = *rbytes = 0;
    switch (op->kind) {
    case HK_ALLREDUCE:
    case HK_REDUCE:
        *sbytes = *rbytes = op->count * es;
        if (op->kind == HK_REDUCE && c->rank != op->root)
            *rbytes = 0;
        break;
    case HK_ALLGATHER:
        *sbytes = op->count * es;
        *rbytes = *sbytes * n;
        break;
    case HK_REDUCE_SCATTER:
        *rbytes = op->count * es;
        *sbytes = *rbytes * n;
        break;
    case HK_ALLTOALL:
        *sbytes = *rbytes = op->count * es * n;
        break;
    case HK_SCATTER:
        *rbytes = op->count * es;
        *sbytes = c->rank == op->root ? *rbytes * n : 0;
        break;
    case HK_ALLGATHERV:
    case HK_REDUCE_SCATTERV: { /* v: counts, displacements of the "whole" buffer */
        size_t whole = 0;
        for (size_t q = 0; q < n; q++)
            if (op->v[q] && (op->v[n + q] + op->v[q]) * es > whole)
                whole = (op->v[n + q] + op->v[q]) * es;
        *sbytes = op->kind == HK_ALLGATHERV ? op->count * es : whole;
        *rbytes = op->kind == HK_ALLGATHERV ? whole : op->count * es;
        break;
    }
    case HK_ALLTOALLV: {
        const uint64_t *sc = op->v, *sd = op->v + n, *rc = op->v + 2 * n, *rd = op->v + 3 * n;
        for (size_t q = 0; q < n; q++) {
            if (sc[q] && (sd[q] + sc[q]) * es > *sbytes)
                *sbytes = (sd[q] + sc[q]) * es;
            if (rc[q] && (rd[q] + rc[q]) * es > *rbytes)
                *rbytes = (rd[q] + rc[q]) * es;
        }
        break;
    }
    default:
        break;
    }
}

void *hccl_send_copy(struct hccl_comm *c, const struct hccl_op *op, size_t es, uintptr_t safe)
{
    size_t sbytes, rbytes;
    hccl_extents(c, op, es, &sbytes, &rbytes);
    if (!hccl_overlaps(op->send, sbytes, op->recv, rbytes) || (safe && (uintptr_t)op->send == safe))
        return (void *)op->send;
    void *copy = hccl_scratch(c, sbytes);
    if (!copy)
        return NULL;
    memcpy(copy, op->send, sbytes);
    return copy;
}

/* The send buffer other ranks read (HL1): the user's, or a private copy when
 * it overlaps this rank's receive buffer outside the kind's in-place form. */
static HcclResult publish_send(struct hccl_comm *c, const struct hccl_op *op, size_t es,
                               const void **out)
{
    uintptr_t recv = (uintptr_t)op->recv, safe = 0;
    size_t rblock = op->count * es * c->rank;
    if (op->kind == HK_ALLREDUCE || op->kind == HK_REDUCE)
        safe = recv; /* in place */
    else if (op->kind == HK_ALLGATHER)
        safe = recv + rblock; /* send is this rank's block of recv */
    else if ((op->kind == HK_REDUCE_SCATTER || op->kind == HK_SCATTER) && recv >= rblock)
        safe = recv - rblock; /* recv is this rank's block of send */
    else if (op->kind == HK_ALLGATHERV)
        safe = recv + op->v[c->size + c->rank] * es; /* send is this rank's block of recv */
    else if (op->kind == HK_REDUCE_SCATTERV && recv >= op->v[c->size + c->rank] * es)
        safe = recv - op->v[c->size + c->rank] * es; /* recv is this rank's block of send */
    *out = hccl_send_copy(c, op, es, safe);
    if (!*out && op->send) /* NULL send (barrier, nothing to send) is no failure */
        return hccl_err(HCCL_E_MEMORY, "HCCL: no memory for an overlapping send buffer copy");
    return HCCL_SUCCESS;
}

static int same_call(const struct hccl_slot *a, const struct hccl_slot *b)
{
    if (a->kind != b->kind || a->dtype != b->dtype)
        return 0;
    switch (a->kind) {
    case HK_ALLREDUCE:
    case HK_REDUCE_SCATTER:
        return a->count == b->count && a->op == b->op;
    case HK_REDUCE:
        return a->count == b->count && a->op == b->op && a->root == b->root;
    case HK_BROADCAST:
    case HK_SCATTER:
        return a->count == b->count && a->root == b->root;
    case HK_ALLGATHERV: /* counts differ by rank: checked against the count arrays */
        return 1;
    case HK_REDUCE_SCATTERV:
        return a->op == b->op;
    case HK_ALLGATHER:
    case HK_ALLTOALL:
        return a->count == b->count;
    default:
        return a->count == b->count; /* barrier, alltoallv: 0 unless a rank failed */
    }
}

/* Reduce elements [lo, hi) over every rank's send buffer into `dst` buffers. */
static void reduce_chunk(const struct hccl_group *g, HcclDataType t, HcclReduceOp op,
                         size_t src_off, size_t lo, size_t hi, void *const *dst, size_t ndst)
{
    _Alignas(64) unsigned char acc[HCCL_BLOCK * sizeof(double)];
    size_t es = hccl_dtype_size(t);
    for (size_t b = lo; b < hi; b += HCCL_BLOCK) {
        size_t m = hi - b < HCCL_BLOCK ? hi - b : HCCL_BLOCK;
        size_t off = (src_off + b) * es;
        hccl_acc_load(t, acc, (const char *)g->slots[0].send + off, m);
        for (uint32_t q = 1; q < g->n; q++)
            hccl_acc_reduce(t, op, acc, (const char *)g->slots[q].send + off, m);
        for (size_t d = 0; d < ndst; d++)
            hccl_acc_store(t, (char *)dst[d] + b * es, acc, m);
    }
}

/* This rank's element chunk of a count-element reduction (64-byte multiples). */
static void my_chunk(uint32_t r, uint32_t n, uint64_t count, size_t es, size_t *lo, size_t *hi)
{
    size_t align = es < 64 ? 64 / es : 1;
    size_t per = (count + n - 1) / n;
    per = (per + align - 1) / align * align;
    *lo = (size_t)r * per < count ? (size_t)r * per : count;
    *hi = *lo + per < count ? *lo + per : count;
}

static HcclResult local_collective(struct hccl_comm *c, const struct hccl_op *op)
{
    struct hccl_group *g = c->group;
    uint32_t r = c->rank, n = g->n;
    size_t es = hccl_dtype_size(op->dtype);
    struct hccl_slot *me = &g->slots[r];
    const void *send = op->send;
    HcclResult rc = publish_send(c, op, es, &send);
    int bad = rc != HCCL_SUCCESS; /* still take both barriers: the others wait for us */
    me->kind = op->kind;
    me->dtype = op->dtype;
    me->op = op->op;
    me->root = op->root;
    me->count = bad ? UINT64_MAX : op->count; /* a failed rank fails the call everywhere */
    me->send = send;
    me->recv = op->recv;
    me->v = op->v;
    rc = barrier(g);
    if (rc != HCCL_SUCCESS)
        return rc;
    for (uint32_t q = 0; q < n && !bad; q++)
        bad = !same_call(&g->slots[q], me);
    if (!bad && (op->kind == HK_ALLGATHERV || op->kind == HK_REDUCE_SCATTERV))
        for (uint32_t q = 0; q < n && !bad; q++) /* one layout, and each rank's count in it */
            bad = g->slots[q].count != op->v[q] ||
                  memcmp(g->slots[q].v, op->v, sizeof(uint64_t) * 2 * n) != 0;
    if (!bad && op->kind == HK_ALLTOALLV) /* sendCounts of q for r == recvCounts of r from q */
        for (uint32_t q = 0; q < n && !bad; q++)
            for (uint32_t p = 0; p < n && !bad; p++)
                bad = g->slots[q].v[p] != g->slots[p].v[2 * n + q];
    if (!bad) {
        size_t lo, hi;
        switch (op->kind) {
        case HK_ALLREDUCE: {
            void *dst[n];
            for (uint32_t q = 0; q < n; q++)
                dst[q] = g->slots[q].recv;
            my_chunk(r, n, op->count, es, &lo, &hi);
            reduce_chunk(g, op->dtype, op->op, 0, lo, hi, dst, n);
            break;
        }
        case HK_REDUCE: {
            void *dst = g->slots[op->root].recv;
            my_chunk(r, n, op->count, es, &lo, &hi);
            reduce_chunk(g, op->dtype, op->op, 0, lo, hi, &dst, 1);
            break;
        }
        case HK_REDUCE_SCATTER: {
            void *dst = op->recv;
            reduce_chunk(g, op->dtype, op->op, (size_t)r * op->count, 0, op->count, &dst, 1);
            break;
        }
        case HK_BROADCAST:
            if (r != op->root && op->recv != g->slots[op->root].send)
                memcpy(op->recv, g->slots[op->root].send, op->count * es);
            break;
        case HK_ALLGATHER:
            for (uint32_t q = 0; q < n; q++) {
                char *d = (char *)op->recv + (size_t)q * op->count * es;
                if (d != g->slots[q].send)
                    memcpy(d, g->slots[q].send, op->count * es);
            }
            break;
        case HK_SCATTER: {
            const char *src = (const char *)g->slots[op->root].send + (size_t)r * op->count * es;
            if (src != op->recv)
                memcpy(op->recv, src, op->count * es);
            break;
        }
        case HK_ALLGATHERV:
            for (uint32_t q = 0; q < n; q++) {
                char *d = (char *)op->recv + op->v[n + q] * es;
                if (op->v[q] && d != g->slots[q].send)
                    memcpy(d, g->slots[q].send, op->v[q] * es);
            }
            break;
        case HK_REDUCE_SCATTERV: {
            void *dst = op->recv;
            reduce_chunk(g, op->dtype, op->op, op->v[n + r], 0, op->count, &dst, 1);
            break;
        }
        case HK_ALLTOALL:
            for (uint32_t q = 0; q < n; q++)
                memcpy((char *)op->recv + (size_t)q * op->count * es,
                       (const char *)g->slots[q].send + (size_t)r * op->count * es,
                       op->count * es);
            break;
        case HK_ALLTOALLV: {
            const uint64_t *rc_ = op->v + 2 * n, *rd = op->v + 3 * n;
            for (uint32_t q = 0; q < n; q++) {
                const uint64_t *qsd = g->slots[q].v + n;
                if (rc_[q])
                    memcpy((char *)op->recv + rd[q] * es,
                           (const char *)g->slots[q].send + qsd[r] * es, rc_[q] * es);
            }
            break;
        }
        default:
            break; /* barrier: the two rendezvous are the whole call */
        }
    }
    rc = barrier(g);
    if (bad)
        return rc == HCCL_SUCCESS ? HCCL_E_PARA : rc;
    return rc;
}

/* ---- point to point ------------------------------------------------------- */

static HcclResult local_send(struct hccl_comm *c, const struct hccl_op *op)
{
    struct hccl_group *g = c->group;
    struct hccl_mailbox *m = &g->mail[c->rank * g->n + op->root];
    uint32_t seq = (uint32_t)++c->send_seq[op->root];
    m->buf = op->send;
    m->count = op->count;
    m->dtype = op->dtype;
    /* release (inside publish): the receiver's acquire of `posted` sees buf/count (HL4) */
    publish(&m->posted, seq, &g->sleepers);
    HcclResult rc = wait_change(g, &m->done, seq - 1, &g->sleepers);
    if (rc != HCCL_SUCCESS)
        return rc;
    /* relaxed: written before `done` (release), read after its acquire */
    return (HcclResult)atomic_load_explicit(&m->status, memory_order_relaxed);
}

static HcclResult local_recv(struct hccl_comm *c, const struct hccl_op *op)
{
    struct hccl_group *g = c->group;
    struct hccl_mailbox *m = &g->mail[op->root * g->n + c->rank];
    uint32_t seq = (uint32_t)++c->recv_seq[op->root];
    HcclResult rc = wait_change(g, &m->posted, seq - 1, &g->sleepers);
    if (rc != HCCL_SUCCESS)
        return rc;
    HcclResult st = HCCL_SUCCESS;
    if (m->count != op->count || m->dtype != op->dtype)
        st = hccl_err(HCCL_E_PARA, "HCCL: send of %llu elements (type %d) met a receive of "
                      "%llu (type %d)", (unsigned long long)m->count, (int)m->dtype,
                      (unsigned long long)op->count, (int)op->dtype);
    else
        memcpy(op->recv, m->buf, op->count * hccl_dtype_size(op->dtype));
    /* relaxed: published by the release of `done` below */
    atomic_store_explicit(&m->status, st, memory_order_relaxed);
    publish(&m->done, seq, &g->sleepers);
    return st;
}

/* ---- batched point to point ------------------------------------------------ */

/* Mark the group broken after a timeout and wake every waiter (HL3). */
static HcclResult group_break(struct hccl_group *g)
{
    /* relaxed: a flag; the futex wakes below make waiters re-check it */
    atomic_store_explicit(&g->broken, 1, memory_order_relaxed);
    hccl_futex_wake(&g->gen);
    for (uint32_t i = 0; i < g->n * g->n; i++) {
        hccl_futex_wake(&g->mail[i].posted);
        hccl_futex_wake(&g->mail[i].done);
    }
    return hccl_err(HCCL_E_TIMEOUT, "HcclBatchSendRecv: a transfer waited more than "
                                    "HCCL_EXEC_TIMEOUT");
}

/* HcclBatchSendRecv in process: the mailboxes of HcclSend / HcclRecv (HL4),
 * driven as one event loop instead of one blocking transfer after another.
 * Per peer, sends are posted in item order, each once the previous one was
 * consumed (a mailbox holds one message), and receives consume in item order;
 * everything else proceeds as soon as it can, so no item waits for another
 * item's peer and no mix of peers deadlocks. A send to this rank itself is a
 * message in its own (r, r) mailbox. */
static HcclResult local_batch(struct hccl_comm *c, const struct hccl_op *op)
{
    struct hccl_group *g = c->group;
    uint32_t n = g->n, me = c->rank, left = (uint32_t)op->count;
    uint8_t *st = calloc(op->count, 1); /* item: 0 waiting, 1 posted (send), 2 finished */
    uint32_t *seq = calloc(op->count, sizeof *seq);
    uint8_t *busy = calloc(2 * (size_t)n, 1); /* per sweep: [peer] send, [n + peer] receive */
    if (!st || !seq || !busy) {
        free(st);
        free(seq);
        free(busy);
        return hccl_err(HCCL_E_MEMORY, "HcclBatchSendRecv: out of memory");
    }
    HcclResult first = HCCL_SUCCESS;
    uint64_t idle_since = 0;
    unsigned idle = 0;
    while (left) {
        int progress = 0;
        _Atomic uint32_t *wait_word = NULL;
        uint32_t wait_old = 0;
        memset(busy, 0, 2 * (size_t)n);
        for (uint64_t i = 0; i < op->count; i++) {
            const HcclSendRecvItem *it = &op->items[i];
            uint32_t p = it->remoteRank;
            if (st[i] == 2)
                continue;
            if (it->sendRecvType == HCCL_SEND) {
                struct hccl_mailbox *m = &g->mail[me * n + p];
                if (busy[p])
                    continue;
                busy[p] = 1; /* later sends to p wait for this one */
                if (st[i] == 0) {
                    seq[i] = (uint32_t)++c->send_seq[p];
                    m->buf = it->buf;
                    m->count = it->count;
                    m->dtype = it->dataType;
                    /* release (inside publish): as local_send (HL4) */
                    publish(&m->posted, seq[i], &g->sleepers);
                    st[i] = 1;
                    progress = 1;
                }
                /* acquire: the receiver's copy and status happen before */
                if (atomic_load_explicit(&m->done, memory_order_acquire) == seq[i]) {
                    /* relaxed: published by the release of `done` */
                    HcclResult s =
                        (HcclResult)atomic_load_explicit(&m->status, memory_order_relaxed);
                    if (s != HCCL_SUCCESS && first == HCCL_SUCCESS)
                        first = s;
                    st[i] = 2;
                    left--;
                    progress = 1;
                    busy[p] = 0;
                } else if (!wait_word) {
                    wait_word = &m->done;
                    wait_old = seq[i] - 1;
                }
            } else {
                struct hccl_mailbox *m = &g->mail[p * n + me];
                uint32_t want = (uint32_t)c->recv_seq[p] + 1;
                if (busy[n + p])
                    continue;
                /* acquire: the sender's buf/count/dtype (HL4) */
                if (atomic_load_explicit(&m->posted, memory_order_acquire) != want) {
                    busy[n + p] = 1;
                    if (!wait_word) {
                        wait_word = &m->posted;
                        wait_old = want - 1;
                    }
                    continue;
                }
                HcclResult s = HCCL_SUCCESS;
                if (m->count != it->count || m->dtype != it->dataType)
                    s = hccl_err(HCCL_E_PARA,
                                 "HcclBatchSendRecv: send of %llu elements (type "
                                 "%d) from rank %u met a receive of %llu (type %d)",
                                 (unsigned long long)m->count, (int)m->dtype, p,
                                 (unsigned long long)it->count, (int)it->dataType);
                else
                    memcpy(it->buf, m->buf, it->count * hccl_dtype_size(it->dataType));
                if (s != HCCL_SUCCESS && first == HCCL_SUCCESS)
                    first = s;
                c->recv_seq[p]++;
                /* relaxed: published by the release of `done` */
                atomic_store_explicit(&m->status, s, memory_order_relaxed);
                publish(&m->done, want, &g->sleepers);
                st[i] = 2;
                left--;
                progress = 1;
            }
        }
        if (!left)
            break;
        if (progress) {
            idle = 0;
            continue;
        }
        /* relaxed: a flag, as in wait_change */
        if (atomic_load_explicit(&g->broken, memory_order_relaxed)) {
            first = HCCL_E_TIMEOUT;
            break;
        }
        if (++idle < HCCL_SPINS) {
            cpu_relax();
            continue;
        }
        if (idle == HCCL_SPINS)
            idle_since = hccl_now_ns();
        else if (hccl_now_ns() - idle_since > g->timeout_ns) {
            first = group_break(g);
            break;
        }
        if (!wait_word)
            continue;
        /* sleep on the first blocked word; the others are polled again within 200 us */
        /* seq_cst: D1, the waiter's half of the Dekker pair with publish() */
        atomic_fetch_add_explicit(&g->sleepers, 1, memory_order_seq_cst);
        if (atomic_load_explicit(wait_word, memory_order_seq_cst) == wait_old)
            hccl_futex_wait(wait_word, wait_old, 200000u);
        atomic_fetch_sub_explicit(&g->sleepers, 1, memory_order_relaxed); /* only a hint */
    }
    free(st);
    free(seq);
    free(busy);
    return first;
}

HcclResult hccl_local_run(struct hccl_comm *c, const struct hccl_op *op)
{
    if (op->kind == HK_BATCH)
        return local_batch(c, op);
    if (op->kind == HK_SEND)
        return local_send(c, op);
    if (op->kind == HK_RECV)
        return local_recv(c, op);
    return local_collective(c, op);
}
