/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Retired blocks: a free that must not hand the memory to the next allocation yet.
 *
 * aclrtFree and aclrtFreeHost return at once, with no implicit synchronisation (the
 * reference's rule). An asynchronous copy, memset or value wait queued before the free and not
 * yet run would otherwise read or write whatever allocation reuses the address. So a free looks
 * at every live stream (the stream handle table, g_rt.streams: its slots are read lock-free and
 * streams are type-stable, L1): when none has unfinished work (tail == head) the block is freed
 * as before (mem_dev_free / mem_host_free, their fast paths); else the block is retired: removed
 * from the registry at once (the pointer is dead for the program: a second free, a copy or a
 * set of it is refused as freed memory) but kept with its capacity charge, and given back to
 * its pool once every stream that had work queued at the free has finished the task that was
 * last in its ring then. The streams are not told which blocks their tasks touch, so the wait
 * is for everything queued at the free, on every device (peer copies and pinned host memory
 * reach any device's streams). Nothing waits: the free never blocks, whoever calls it (a host
 * callback, a stream's report thread, a worker running aclrtMemPoolFreeAsync's task).
 *
 * The chosen design against the alternative "free waits for the streams" (CUDA's cudaFree):
 * docs/memory.md, "Frees and queued work" (measured in the same runs; the wait was no faster
 * with idle streams and blocks, or deadlocks, with busy ones).
 *
 * Invariants:
 *  FR1. A block is retired iff a stream had unfinished work when its free read the streams: for
 *       each such stream the record keeps (stream, tag, tail) read then. tail is read with
 *       acquire before head: head >= tail means every task submitted before the free has
 *       finished and its effects are visible (S2 of sched/stream.h: head's release store after
 *       each task). The tag is read last, only for a busy stream.
 *  FR2. A record's stream has passed when its head (acquire) reaches the recorded tail, or its
 *       tag (acquire) is neither the recorded one nor 0: the stream was destroyed (its destroy
 *       drained or dropped every task, T7) and recycled (the create's release store of the tag
 *       follows the drain). A recycled ring's head restarts at 0 and only delays the answer.
 *  FR3. Records are a FIFO in free order under g_lock, reclaimed from the front while the front
 *       has passed. Passing is monotone along the FIFO: a stream still short of an older
 *       record's tail was unfinished at every later free, so a later record names it with a
 *       tail at least as far (or it was destroyed in between, which FR2 counts as passed); so
 *       stopping at the first record that has not passed never keeps back one that has. A
 *       reclaim takes the passed records off the list under the lock and gives them back to
 *       mem/ outside it.
 *  FR4. A retired block belongs to the pool incarnation that retired it (mem_pool_retire's
 *       gen): a device reset or aclFinalize tears the pool down with every block, so the
 *       teardown forgets the device's records (core_retire_device_fini_locked) and a record
 *       that outlives its pool anyway gives nothing back (mem_pool_reclaim checks the gen).
 *  FR5. g_lock is a leaf: nothing is called under it but list and stream reads (lock order
 *       g_rt.lock > g_lock; mem/'s op sections and jemalloc only outside it).
 *
 * Limits: a free does not see a stream that is being destroyed (it leaves the handle table
 * before it drains), so work queued on a stream whose destroy runs concurrently with the free
 * is not waited for. A stream blocked for ever (a value wait nothing satisfies) keeps every
 * block freed meanwhile retired until it is destroyed, reset or finalized.
 */
#include "core/memory/retire.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "mem/devmem.h"
#include "mem/hostmem.h"
#include "mem/registry.h"

/* A stream a retired block waits for (FR1). */
struct retire_wait {
    struct sched_stream *ss;
    uint64_t tag;    /* its incarnation at the free */
    uint64_t target; /* its tail at the free */
};

struct retired {
    struct retired *next;
    struct mem_retired blk;
    uint32_t n, passed; /* waits; how many of the first have passed (FR2, monotone) */
    struct retire_wait w[];
};

#define RETIRE_INLINE 8 /* waits a free collects on its stack before it allocates */

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static struct retired *g_head, **g_tail = &g_head; /* FIFO (FR3), g_lock */
/* Records on the list. A hint read relaxed on the hot paths: 0 skips the reclaim; a stale
 * value only makes a reclaim early (finds nothing) or late (the next call does it). */
static _Atomic uint32_t g_count;

/* The streams with unfinished work now: up to cap of them in w; answers how many there are. */
static uint32_t busy_streams(struct retire_wait *w, uint32_t cap)
{
    struct core_table *t = &g_rt.streams;
    /* acquire: pairs with core_table_insert's release store of nslots (slots below it have
     * their chunk installed) */
    uint32_t ns = __atomic_load_n(&t->nslots, __ATOMIC_ACQUIRE);
    uint32_t k = 0;
    struct core_slot *c = NULL;
    for (uint32_t i = 0; i < ns; i++) {
        if (i % CORE_TABLE_CHUNK == 0) /* acquire: the chunk's zeroed slots (handle.c) */
            c = atomic_load_explicit(&t->chunks[i / CORE_TABLE_CHUNK], memory_order_acquire);
        if (!c)
            break;
        /* acquire: the stream's fields set up before it was published (handle.c) */
        struct core_stream *s =
            atomic_load_explicit(&c[i % CORE_TABLE_CHUNK].obj, memory_order_acquire);
        if (!s)
            continue;
        struct sched_stream *ss = &s->s;
        /* acquire (FR1): tail, then head (sched_stream_submitted and sched_stream_finished
         * load with acquire); an idle stream costs these two loads */
        uint64_t tail = sched_stream_submitted(ss);
        if (__builtin_expect(sched_stream_finished(ss) >= tail, 1))
            continue;
        /* acquire (FR2). Read after tail: a recycle in between (tag of the next life) only
         * delays the answer, since the recycle followed the drain of the life of tail. */
        uint64_t tag = atomic_load_explicit(&ss->tag, memory_order_acquire);
        if (k < cap)
            w[k] = (struct retire_wait){ss, tag, tail};
        k++;
    }
    return k;
}

/* Has the stream of w passed the point recorded (FR2)? */
static bool passed(const struct retire_wait *w)
{
    /* acquire: a new incarnation's tag is stored (release) after the old one drained */
    uint64_t tag = atomic_load_explicit(&w->ss->tag, memory_order_acquire);
    if (tag != w->tag && tag != 0)
        return true;
    return sched_stream_finished(w->ss) >= w->target;
}

static void give_back(struct retired *r)
{
    while (r) {
        struct retired *next = r->next;
        (void)mem_pool_reclaim(&r->blk); /* false: its pool went with a teardown (FR4) */
        free(r);
        r = next;
    }
}

/* Take the passed records off the front (FR3); g_lock held. */
static struct retired *take_passed_locked(unsigned *n)
{
    struct retired *out = NULL, **end = &out;
    while (g_head) {
        struct retired *r = g_head;
        while (r->passed < r->n && passed(&r->w[r->passed]))
            r->passed++;
        if (r->passed < r->n)
            break;
        g_head = r->next;
        r->next = NULL;
        *end = r;
        end = &r->next;
        (*n)++;
    }
    if (!g_head)
        g_tail = &g_head;
    /* relaxed: the hint (g_count's comment); the list itself is under g_lock */
    atomic_fetch_sub_explicit(&g_count, *n, memory_order_relaxed);
    return out;
}

unsigned core_retire_reclaim(void)
{
    /* relaxed: the hint */
    if (__builtin_expect(atomic_load_explicit(&g_count, memory_order_relaxed) == 0, 1))
        return 0;
    if (pthread_mutex_trylock(&g_lock))
        return 0;
    unsigned n = 0;
    struct retired *r = take_passed_locked(&n);
    pthread_mutex_unlock(&g_lock);
    give_back(r);
    return n;
}

static int retire(void *ptr, int want, struct retire_wait *w, uint32_t n)
{
    struct retired *r = NULL;
    for (;;) {
        r = core_malloc(sizeof(*r) + (size_t)n * sizeof(r->w[0]));
        if (!r)
            return -ENOMEM;
        if (n <= RETIRE_INLINE) {
            for (uint32_t i = 0; i < n; i++)
                r->w[i] = w[i];
            break;
        }
        /* more streams than the stack holds: read them again into the record */
        uint32_t again = busy_streams(r->w, n);
        if (again <= n) {
            n = again;
            break;
        }
        free(r);
        n = again;
    }
    r->n = n;
    r->passed = 0;
    r->next = NULL;
    int rc = mem_pool_retire(ptr, want, &r->blk);
    if (rc != 0 || r->blk.gen == 0 || n == 0) {
        /* refused (nothing changed), or a pool being torn down took it (FR4), or nothing
         * left to wait for (after a re-read) */
        if (rc == 0 && r->blk.gen && n == 0)
            (void)mem_pool_reclaim(&r->blk);
        free(r);
        return rc;
    }
    pthread_mutex_lock(&g_lock);
    *g_tail = r;
    g_tail = &r->next;
    atomic_fetch_add_explicit(&g_count, 1, memory_order_relaxed); /* relaxed: the hint */
    pthread_mutex_unlock(&g_lock);
    return 0;
}

int core_retire_free(void *ptr, int want)
{
    (void)core_retire_reclaim();
    struct retire_wait w[RETIRE_INLINE];
    uint32_t n = busy_streams(w, RETIRE_INLINE);
    if (__builtin_expect(n == 0, 1))
        return want == MEM_REG_WANT_HOST ? mem_host_free(ptr) : mem_dev_free(ptr);
    int rc = retire(ptr, want, w, n);
    if (rc == -ENOMEM) /* no memory for the record: freed at once, as before FR1 */
        rc = want == MEM_REG_WANT_HOST ? mem_host_free(ptr) : mem_dev_free(ptr);
    return rc;
}

void core_retire_device_fini_locked(int dev)
{
    struct retired *drop = NULL;
    unsigned n = 0, dropped = 0;
    pthread_mutex_lock(&g_lock);
    for (struct retired **pp = &g_head; *pp;) {
        struct retired *r = *pp;
        if (dev < 0 || r->blk.pool == (unsigned)dev) {
            *pp = r->next;
            r->next = drop;
            drop = r;
            dropped++;
        } else {
            pp = &r->next;
        }
    }
    g_tail = &g_head;
    while (*g_tail)
        g_tail = &(*g_tail)->next;
    atomic_fetch_sub_explicit(&g_count, dropped, memory_order_relaxed); /* relaxed: the hint */
    struct retired *r = take_passed_locked(&n);
    pthread_mutex_unlock(&g_lock);
    while (drop) { /* their pool goes next (FR4): nothing to give back */
        struct retired *next = drop->next;
        free(drop);
        drop = next;
    }
    give_back(r);
}
