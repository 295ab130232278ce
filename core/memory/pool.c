/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream-ordered memory pools (acl/acl_rt_memory_soma.h): aclrtMemPoolCreate / Destroy /
 * SetAttr / GetAttr / MallocAsync / FreeAsync / TrimTo. Behaviour and codes:
 * docs/memory.md. The entry points, core/api/vmm.c, check the arguments and call the
 * work here (core_mempool_create ..., core/memory/pool.h).
 *
 * A pool is one range of address space of maxSize bytes (rounded up to 2 MiB, the
 * device's total when 0), mapped readable and writable with MAP_NORESERVE and registered
 * once as device memory of its device (policy MEM_POLICY_VMM: copies, sets and kernels
 * take it, aclrtFree refuses it). The range is cut into segments, address ordered, each
 * a multiple of 2 MiB (the reference's minimum block, so sizes round up to it):
 *   FREE     no physical memory: its pages were given back (MADV_DONTNEED), uncharged
 *   BUSY     an allocation (aclrtMemPoolMallocAsync), charged to the device's capacity
 *   FREEING  a free being queued (transient, under no lock while its task is queued)
 *   CACHED   freed by aclrtMemPoolFreeAsync on stream F: still charged ("reserved"), and
 *            reusable by a later allocation only when stream order makes it safe
 * The accounting is the reference's: used = BUSY (+ FREEING) bytes, reserved = used +
 * CACHED bytes, and the two high-water marks.
 *
 * Stream order. MallocAsync hands the memory out at call time (as the reference does);
 * the memory is usable by every task queued after the call. FreeAsync queues a task on F
 * that marks the free as executed (struct mp_mark, done), and numbers the free on F (per
 * stream free counter). A cached segment is reused by an allocation on stream S when:
 *   - S == F (same stream: everything S runs later runs after the free), always;
 *   - FOLLOW_EVENT_DEPENDENCIES: S waited (aclrtStreamWaitEvent) for an event recorded
 *     on F after the free (core_mempool_note_record_/_wait_ keep, per event, the free count
 *     of its stream at the record, and per waiting stream the highest count it waited
 *     for, per recording stream);
 *   - ALLOW_OPPORTUNISTIC: the free's task has already run (mark done);
 *   - ALLOW_INTERNAL_DEPENDENCIES: the free's task is followed by an internal event
 *     (recorded on F by FreeAsync while this attribute was on) and the allocation makes
 *     S wait for it; or the free already ran.
 * Otherwise the allocation takes FREE space. A stream synchronisation (core_stream_sync)
 * releases cached segments whose free ran until reserved <= used + release threshold;
 * aclrtMemPoolTrimTo releases them down to minBytesToKeep. Segments whose free has not run
 * are never released: earlier tasks on F may still use the bytes.
 *
 * A pointer that is no pool's allocation given to FreeAsync is taken as aclrtMalloc memory
 * (the reference's rule) and freed by a task on the stream.
 *
 * Invariants:
 *   MP1. g_lock guards every pool, segment and table here; it is a leaf: nothing that
 *        takes another lock of core runs under it (event creation, records, waits and
 *        destroys, task launches run outside it), except the registry/charge calls of
 *        mem/ and madvise, which take only mem/'s leaves.
 *   MP2. A pool handle is an id (never reused) looked up in the live list: a destroyed or
 *        foreign handle is never dereferenced.
 *   MP3. A mark is freed when its last reference goes (one per segment holding it, one for
 *        the queued task); its internal event (if any) is then destroyed by the next entry
 *        point outside every lock (g_dead list, leaf lock g_dead_lock).
 *   MP4. A destroyed pool stays (dead) until no allocation is live and every free has run;
 *        then its range is unregistered and unmapped. Device teardown releases all.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "acl/acl_rt_memory_soma.h"
#include "core/device/device.h"
#include "core/err.h"
#include "core/event/event.h"
#include "core/launch.h"
#include "core/memory/copies.h"
#include "core/memory/memory.h"
#include "core/memory/pool.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "mem/devmem.h"
#include "mem/registry.h"

#define MP_BLOCK ((size_t)2 << 20) /* minimum block and alignment (2 MiB) */
#define MP_TABLE_MAX 4096          /* entries kept per ordering table */

enum mp_state { SEG_FREE, SEG_BUSY, SEG_FREEING, SEG_CACHED };

struct mp_mark {
    _Atomic uint32_t refs; /* A: segments holding it + the queued task */
    _Atomic uint32_t done; /* A: the free's task ran (release by the worker) */
    aclrtEvent ev;         /* I: internal event recorded after it, or NULL */
};

struct mp_seg {
    uintptr_t base;
    size_t size;
    struct mp_seg *prev, *next;
    enum mp_state state;
    uint64_t stream;       /* BUSY: allocating stream; CACHED: freeing stream (handles) */
    uint64_t seq;          /* CACHED: number of the free on that stream */
    struct mp_mark *mark;  /* CACHED: the free's completion (a reference) */
};

struct mp_pool {
    uint64_t id; /* I: the handle value (MP2) */
    int dev;     /* I */
    uintptr_t base;
    size_t size;
    uint32_t gen; /* charge incarnation (mem_dev_charge) */
    bool dead;    /* destroyed, waiting for its memory (MP4) */
    struct mp_seg *segs;
    uint32_t ev_dep, opp, internal;
    uint64_t threshold;
    uint64_t used, reserved, used_high, reserved_high;
    struct mp_pool *next;
};

/* Ordering tables (MP1): frees per stream, the free count an event stands for, and per
 * waiting stream the free count of a recording stream it has waited for. */
struct mp_sq {
    uint64_t stream, frees;
};
struct mp_ev {
    uint64_t event, stream, frees;
};
struct mp_kn {
    uint64_t waiter, stream, frees;
};

_Atomic uint32_t core_mempool_live;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mp_pool *g_pools;
static uint64_t g_next_id = 1;
static struct mp_sq *g_sq;
static size_t g_nsq;
static struct mp_ev *g_ev;
static size_t g_nev;
static struct mp_kn *g_kn;
static size_t g_nkn;

static pthread_mutex_t g_dead_lock = PTHREAD_MUTEX_INITIALIZER; /* leaf (MP3) */
static aclrtEvent *g_dead;
static size_t g_ndead, g_capdead;

/* ---- marks ------------------------------------------------------------------------ */

static void mark_put(struct mp_mark *m)
{
    if (!m)
        return;
    /* acq_rel: the last holder sees the others' use before freeing */
    if (atomic_fetch_sub_explicit(&m->refs, 1, memory_order_acq_rel) != 1)
        return;
    if (m->ev) {
        pthread_mutex_lock(&g_dead_lock);
        if (g_ndead == g_capdead) {
            size_t cap = g_capdead ? g_capdead * 2 : 64;
            aclrtEvent *n = core_realloc(g_dead, cap * sizeof(*n));
            if (n) {
                g_dead = n;
                g_capdead = cap;
            }
        }
        if (g_ndead < g_capdead)
            g_dead[g_ndead++] = m->ev; /* else the event lives until its context goes */
        pthread_mutex_unlock(&g_dead_lock);
    }
    free(m);
}

static void mark_get(struct mp_mark *m)
{
    /* relaxed: the caller holds a reference already */
    atomic_fetch_add_explicit(&m->refs, 1, memory_order_relaxed);
}

static bool mark_done(const struct mp_mark *m)
{
    /* acquire: pairs with the worker's release; the free's stream position was reached */
    return !m || atomic_load_explicit(&m->done, memory_order_acquire);
}

static int32_t mark_run(void *arg)
{
    struct mp_mark *m = arg;
    /* release: everything the stream ran before the free happens before a reuse that
     * observes done */
    atomic_store_explicit(&m->done, 1, memory_order_release);
    return 0;
}

static void mark_release(void *arg)
{
    mark_put(arg);
}

/* Destroy internal events whose marks went (outside every lock, MP3); fn: the API
 * called. */
static void dead_drain(const char *fn)
{
    pthread_mutex_lock(&g_dead_lock);
    aclrtEvent *d = g_dead;
    size_t n = g_ndead;
    g_dead = NULL;
    g_ndead = g_capdead = 0;
    pthread_mutex_unlock(&g_dead_lock);
    for (size_t i = 0; i < n; i++)
        (void)core_event_destroy(d[i], fn);
    free(d);
}

/* ---- ordering tables (g_lock) ------------------------------------------------------- */

/* A new entry at the end of *arr. With `bounded`, a full table forgets its oldest half
 * first: fewer known waits only make reuse more conservative. The per-stream free counters
 * are never forgotten (a counter that restarted would make old knowledge look new). */
static void *table_slot(void **arr, size_t *n, size_t elem, bool bounded)
{
    if (bounded && *n == MP_TABLE_MAX) {
        memmove(*arr, (char *)*arr + elem * (MP_TABLE_MAX / 2), elem * (MP_TABLE_MAX / 2));
        *n = MP_TABLE_MAX / 2;
    }
    if (*n % 64 == 0) {
        void *a = core_realloc(*arr, elem * (*n + 64));
        if (!a)
            return NULL;
        *arr = a;
    }
    return (char *)*arr + elem * (*n)++;
}

static uint64_t *stream_frees(uint64_t stream, bool add)
{
    for (size_t i = 0; i < g_nsq; i++)
        if (g_sq[i].stream == stream)
            return &g_sq[i].frees;
    if (!add)
        return NULL;
    struct mp_sq *e = table_slot((void **)&g_sq, &g_nsq, sizeof(*e), false);
    if (!e)
        return NULL;
    e->stream = stream;
    e->frees = 0;
    return &e->frees;
}

static uint64_t known_frees(uint64_t waiter, uint64_t stream)
{
    for (size_t i = 0; i < g_nkn; i++)
        if (g_kn[i].waiter == waiter && g_kn[i].stream == stream)
            return g_kn[i].frees;
    return 0;
}

static uint64_t stream_key(aclrtStream h)
{
    struct core_stream *s;
    if (core_stream_resolve(h, &s, "aclrtMemPool") != ACL_SUCCESS)
        return 0;
    return s->handle;
}

void core_mempool_note_record_(aclrtEvent event, aclrtStream stream)
{
    uint64_t key = stream_key(stream);
    if (!key)
        return;
    pthread_mutex_lock(&g_lock);
    uint64_t *f = stream_frees(key, false);
    if (f && *f) {
        struct mp_ev *e = NULL;
        for (size_t i = 0; i < g_nev; i++)
            if (g_ev[i].event == (uint64_t)(uintptr_t)event)
                e = &g_ev[i];
        if (!e && (e = table_slot((void **)&g_ev, &g_nev, sizeof(*e), true)))
            e->event = (uint64_t)(uintptr_t)event;
        if (e) {
            e->stream = key;
            e->frees = *f;
        }
    } else {
        for (size_t i = 0; i < g_nev; i++) /* re-recorded where no free happened */
            if (g_ev[i].event == (uint64_t)(uintptr_t)event)
                g_ev[i].frees = 0;
    }
    pthread_mutex_unlock(&g_lock);
}

void core_mempool_note_wait_(aclrtStream stream, aclrtEvent event)
{
    uint64_t key = stream_key(stream);
    if (!key)
        return;
    pthread_mutex_lock(&g_lock);
    for (size_t i = 0; i < g_nev; i++) {
        if (g_ev[i].event != (uint64_t)(uintptr_t)event || !g_ev[i].frees)
            continue;
        struct mp_kn *k = NULL;
        for (size_t j = 0; j < g_nkn; j++)
            if (g_kn[j].waiter == key && g_kn[j].stream == g_ev[i].stream)
                k = &g_kn[j];
        if (!k && (k = table_slot((void **)&g_kn, &g_nkn, sizeof(*k), true))) {
            k->waiter = key;
            k->stream = g_ev[i].stream;
            k->frees = 0;
        }
        if (k && k->frees < g_ev[i].frees)
            k->frees = g_ev[i].frees;
        break;
    }
    pthread_mutex_unlock(&g_lock);
}

/* ---- segments (g_lock) ---------------------------------------------------------------- */

static struct mp_seg *seg_new(uintptr_t base, size_t size)
{
    struct mp_seg *s = core_calloc(1, sizeof(*s));
    if (s) {
        s->base = base;
        s->size = size;
    }
    return s;
}

/* Cut the first `size` bytes of s into a new segment before it (same state and marks). */
static struct mp_seg *seg_split(struct mp_pool *p, struct mp_seg *s, size_t size)
{
    if (s->size == size)
        return s;
    struct mp_seg *l = seg_new(s->base, size);
    if (!l)
        return NULL;
    *l = *s;
    l->size = size;
    if (l->mark)
        mark_get(l->mark);
    l->next = s;
    l->prev = s->prev;
    if (s->prev)
        s->prev->next = l;
    else
        p->segs = l;
    s->prev = l;
    s->base += size;
    s->size -= size;
    return l;
}

/* Merge b (right after a) into a. */
static void seg_absorb(struct mp_seg *a, struct mp_seg *b)
{
    a->size += b->size;
    a->next = b->next;
    if (b->next)
        b->next->prev = a;
    if (b->seq > a->seq) { /* same stream: the later free implies the earlier (CACHED) */
        mark_put(a->mark);
        a->mark = b->mark;
        a->seq = b->seq;
    } else {
        mark_put(b->mark);
    }
    free(b);
}

static bool mergeable(const struct mp_seg *a, const struct mp_seg *b)
{
    if (a->state != b->state)
        return false;
    if (a->state == SEG_FREE)
        return true;
    return a->state == SEG_CACHED && a->stream == b->stream;
}

static struct mp_seg *seg_merge(struct mp_seg *s)
{
    while (s->prev && mergeable(s->prev, s)) {
        s = s->prev;
        seg_absorb(s, s->next);
    }
    while (s->next && mergeable(s, s->next))
        seg_absorb(s, s->next);
    return s;
}

/* Give the physical memory of a cached segment whose free ran back (-> FREE). */
static void seg_release(struct mp_pool *p, struct mp_seg *s)
{
    madvise((void *)s->base, s->size, MADV_DONTNEED);
    mem_dev_credit(p->dev, s->size, p->gen);
    p->reserved -= s->size;
    mark_put(s->mark);
    s->mark = NULL;
    s->state = SEG_FREE;
    s->stream = s->seq = 0;
    seg_merge(s);
}

/* Release cached memory whose free ran until reserved <= keep (rounded up to blocks).
 * Smallest segments first (the reference's order). */
static void pool_trim(struct mp_pool *p, uint64_t keep)
{
    while (p->reserved > keep) {
        struct mp_seg *best = NULL;
        for (struct mp_seg *s = p->segs; s; s = s->next)
            if (s->state == SEG_CACHED && mark_done(s->mark) && (!best || s->size < best->size))
                best = s;
        if (!best)
            return;
        uint64_t excess = (p->reserved - keep + MP_BLOCK - 1) & ~(uint64_t)(MP_BLOCK - 1);
        if (best->size > excess) {
            struct mp_seg *l = seg_split(p, best, (size_t)excess);
            if (!l)
                return;
            best = l;
        }
        seg_release(p, best);
    }
}

static bool pool_quiet(const struct mp_pool *p)
{
    for (const struct mp_seg *s = p->segs; s; s = s->next)
        if (s->state == SEG_BUSY || s->state == SEG_FREEING ||
            (s->state == SEG_CACHED && !mark_done(s->mark)))
            return false;
    return true;
}

/* Unregister, unmap and free p (MP4); unlinked by the caller. */
static void pool_free(struct mp_pool *p)
{
    for (struct mp_seg *s = p->segs, *n; s; s = n) {
        n = s->next;
        mark_put(s->mark);
        free(s);
    }
    if (p->reserved)
        mem_dev_credit(p->dev, p->reserved, p->gen);
    mem_dev_vmm_unregister(p->base);
    mem_reg_prune(p->base, p->size);
    munmap((void *)p->base, p->size);
    free(p);
    atomic_fetch_sub_explicit(&core_mempool_live, 1, memory_order_relaxed); /* relaxed: A2 */
}

/* Free the destroyed pools whose memory is quiet (MP4). Returns whether one went. */
static bool reap_locked(void)
{
    bool any = false;
    for (struct mp_pool **pp = &g_pools; *pp;) {
        struct mp_pool *p = *pp;
        if (p->dead && pool_quiet(p)) {
            *pp = p->next;
            pool_free(p);
            any = true;
        } else {
            pp = &p->next;
        }
    }
    return any;
}

static struct mp_pool *pool_find(aclrtMemPool h)
{
    for (struct mp_pool *p = g_pools; p; p = p->next)
        if (!p->dead && p->id == (uint64_t)(uintptr_t)h)
            return p;
    return NULL;
}

static struct mp_pool *pool_holding(uintptr_t a)
{
    for (struct mp_pool *p = g_pools; p; p = p->next)
        if (a - p->base < p->size)
            return p;
    return NULL;
}

static struct mp_seg *seg_at(struct mp_pool *p, uintptr_t a)
{
    for (struct mp_seg *s = p->segs; s; s = s->next)
        if (a - s->base < s->size)
            return s;
    return NULL;
}

void core_mempool_on_sync_(void)
{
    pthread_mutex_lock(&g_lock);
    for (struct mp_pool *p = g_pools; p; p = p->next)
        if (!p->dead && p->reserved - p->used > p->threshold)
            pool_trim(p, p->used + p->threshold);
    reap_locked();
    pthread_mutex_unlock(&g_lock);
}

void core_mempool_device_fini_locked(int dev)
{
    pthread_mutex_lock(&g_lock);
    for (struct mp_pool **pp = &g_pools; *pp;) {
        struct mp_pool *p = *pp;
        if (p->dev == dev) {
            *pp = p->next;
            pool_free(p);
        } else {
            pp = &p->next;
        }
    }
    pthread_mutex_unlock(&g_lock);
}

int core_mempool_range(const void *ptr, uintptr_t *base, size_t *size)
{
    if (!atomic_load_explicit(&core_mempool_live, memory_order_relaxed)) /* relaxed: filter */
        return -ENOENT;
    int rc = -ENOENT;
    pthread_mutex_lock(&g_lock);
    struct mp_pool *p = pool_holding((uintptr_t)ptr);
    if (p) {
        struct mp_seg *s = seg_at(p, (uintptr_t)ptr);
        rc = -EINVAL;
        if (s && (s->state == SEG_BUSY || s->state == SEG_FREEING)) {
            *base = s->base;
            *size = s->size;
            rc = 0;
        }
    }
    pthread_mutex_unlock(&g_lock);
    return rc;
}

/* ---- the calls' work (entry points: core/api/vmm.c) ----------------------------------- */

aclError core_mempool_create(aclrtMemPool *memPool, const aclrtMemPoolProps *poolProps,
                             const char *fn)
{
    if (poolProps->allocType != ACL_MEM_ALLOCATION_TYPE_PINNED)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: poolProps->allocType %d is not ACL_MEM_ALLOCATION_TYPE_PINNED (0)",
                        fn, (int)poolProps->allocType);
    if (poolProps->location.type != ACL_MEM_LOCATION_TYPE_DEVICE)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: poolProps->location.type %d is not ACL_MEM_LOCATION_TYPE_DEVICE (1)",
                        fn, (int)poolProps->location.type);
    for (size_t i = 0; i < sizeof(poolProps->reserved); i++)
        if (poolProps->reserved[i])
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: poolProps->reserved is reserved and must be all zero (byte %zu "
                            "is %u)",
                            fn, i, poolProps->reserved[i]);
    if (poolProps->handleType != ACL_MEM_HANDLE_TYPE_NONE)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: poolProps->handleType %d: pools shared with other processes are not "
                        "supported by cpuacl (ACL_MEM_HANDLE_TYPE_NONE only)",
                        fn, (int)poolProps->handleType);
    uint32_t dev = poolProps->location.id;
    aclError drc = core_device_check((int32_t)dev, fn);
    if (drc)
        return drc;
    size_t fr = 0, total = 0;
    if (mem_dev_meminfo((int)dev, MEM_CLASS_ALL, &fr, &total) != 0)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "%s: device %u is not in use (aclrtSetDevice it first)", fn, dev);
    size_t size = poolProps->maxSize;
    if (size == 0)
        size = total & ~(MP_BLOCK - 1);
    else if (size > SIZE_MAX - MP_BLOCK)
        size = SIZE_MAX;
    else
        size = (size + MP_BLOCK - 1) & ~(MP_BLOCK - 1);
    if (size > total || size == 0 || size > MEM_REG_SIZE_MAX)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: poolProps->maxSize %zu (%zu after 2 MiB alignment) exceeds the memory "
                        "of device %u (%zu bytes)",
                        fn, poolProps->maxSize, size, dev, total);
    struct mp_pool *p = core_calloc(1, sizeof(*p));
    struct mp_seg *s = p ? seg_new(0, size) : NULL;
    if (!s) {
        free(p);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    }
    /* The range: address space aligned to 2 MiB, pages only where touched. */
    void *m = mmap(NULL, size + MP_BLOCK, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) {
        free(s);
        free(p);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot map %zu bytes of address space",
                        fn, size);
    }
    uintptr_t a = (uintptr_t)m, b = (a + MP_BLOCK - 1) & ~(uintptr_t)(MP_BLOCK - 1);
    if (b > a)
        munmap(m, b - a);
    if (b + size < a + size + MP_BLOCK)
        munmap((void *)(b + size), a + size + MP_BLOCK - (b + size));
    madvise((void *)b, size, MADV_HUGEPAGE);
    s->base = b;
    p->base = b;
    p->size = size;
    p->dev = (int)dev;
    p->segs = s;
    aclError rc = core_lock_live(fn);
    if (rc) {
        munmap((void *)b, size);
        free(s);
        free(p);
        return rc;
    }
    if (!core_devices[dev].active) {
        rc = core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: device %u is not in use (aclrtSetDevice it "
                      "first)", fn, dev);
    } else if (mem_dev_vmm_register((int)dev, b, size) != 0) {
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot register %zu bytes at %p", fn,
                      size, (void *)b);
    } else {
        pthread_mutex_lock(&g_lock);
        p->id = g_next_id++;
        p->next = g_pools;
        g_pools = p;
        atomic_fetch_add_explicit(&core_mempool_live, 1, memory_order_relaxed); /* relaxed: A2 */
        *memPool = (aclrtMemPool)(uintptr_t)p->id;
        pthread_mutex_unlock(&g_lock);
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (rc) {
        munmap((void *)b, size);
        free(s);
        free(p);
    }
    return rc;
}

aclError core_mempool_destroy(const aclrtMemPool memPool, const char *fn)
{
    aclError rc = ACL_SUCCESS;
    bool freed = false;
    pthread_mutex_lock(&g_lock);
    struct mp_pool *p = pool_find(memPool);
    if (!p) {
        rc = core_err(ACL_ERROR_RT_INTERNAL_ERROR,
                      "%s: %p is not a live memory pool (destroyed, or not from "
                      "aclrtMemPoolCreate)",
                      fn, memPool);
    } else {
        p->dead = true;
        freed = reap_locked();
    }
    pthread_mutex_unlock(&g_lock);
    if (freed)
        mem_reg_reclaim(); /* the registry leaves pool_free pruned (no lock held) */
    dead_drain(fn);
    return rc;
}

static aclError attr_bad(aclrtMemPoolAttr attr, const char *fn)
{
    return core_err(ACL_ERROR_RT_INTERNAL_ERROR, "%s: attr %d is not an aclrtMemPoolAttr", fn,
                    (int)attr);
}

/* The opening of SetAttr / GetAttr: the argument checks, then g_lock held with *p the live
 * pool (ACL_SUCCESS), or the error without the lock. */
static aclError attr_open(aclrtMemPool memPool, const void *value, struct mp_pool **p,
                          const char *verb, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!memPool)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: memPool is NULL", fn);
    if (!value)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: value is NULL", fn);
    pthread_mutex_lock(&g_lock);
    *p = pool_find(memPool);
    if (*p)
        return ACL_SUCCESS;
    pthread_mutex_unlock(&g_lock);
    return core_err(ACL_ERROR_RT_PARAM_INVALID,
                    "%s: %p is not a live memory pool (create it before %s attributes)", fn,
                    memPool, verb);
}

aclError core_mempool_set_attr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value,
                               const char *fn)
{
    struct mp_pool *p;
    aclError rc = attr_open(memPool, value, &p, "setting", fn);
    if (rc)
        return rc;
    uint64_t v64;
    switch (attr) {
    case ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES:
        p->ev_dep = *(const uint32_t *)value ? 1 : 0;
        break;
    case ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC:
        p->opp = *(const uint32_t *)value ? 1 : 0;
        break;
    case ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES:
        p->internal = *(const uint32_t *)value ? 1 : 0;
        break;
    case ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD:
        memcpy(&v64, value, sizeof(v64));
        if (v64 > p->size)
            rc = core_err(ACL_ERROR_RT_INTERNAL_ERROR,
                          "%s: release threshold %" PRIu64 " exceeds the pool size %zu", fn, v64,
                          p->size);
        else
            p->threshold = v64;
        break;
    case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT:
    case ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT:
        rc = core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: attribute %d is read-only", fn, (int)attr);
        break;
    case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH:
    case ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH:
        memcpy(&v64, value, sizeof(v64));
        if (v64)
            rc = core_err(ACL_ERROR_RT_INTERNAL_ERROR,
                          "%s: a high-water mark can only be reset, to 0 (got %" PRIu64 ")", fn,
                          v64);
        else if (attr == ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH)
            p->reserved_high = 0;
        else
            p->used_high = 0;
        break;
    default:
        rc = attr_bad(attr, fn);
    }
    pthread_mutex_unlock(&g_lock);
    return rc;
}

aclError core_mempool_get_attr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value,
                               const char *fn)
{
    struct mp_pool *p;
    aclError rc = attr_open(memPool, value, &p, "getting", fn);
    if (rc)
        return rc;
    uint32_t v32 = 0;
    uint64_t v64 = 0;
    bool is32 = false;
    switch (attr) {
    case ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES:
        v32 = p->ev_dep, is32 = true;
        break;
    case ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC:
        v32 = p->opp, is32 = true;
        break;
    case ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES:
        v32 = p->internal, is32 = true;
        break;
    case ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD:
        v64 = p->threshold;
        break;
    case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT:
        v64 = p->reserved;
        break;
    case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH:
        v64 = p->reserved_high;
        break;
    case ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT:
        v64 = p->used;
        break;
    case ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH:
        v64 = p->used_high;
        break;
    default:
        rc = attr_bad(attr, fn);
        goto out;
    }
    if (is32)
        memcpy(value, &v32, sizeof(v32));
    else
        memcpy(value, &v64, sizeof(v64));
out:
    pthread_mutex_unlock(&g_lock);
    return rc;
}

/* Resolve a pool call's stream: explicit, of the current context, not capturing. */
static aclError pool_stream(aclrtStream stream, struct core_stream **s, const char *fn)
{
    aclError rc = core_stream_resolve(stream, s, fn);
    if (rc)
        return rc;
    /* relaxed: A1 (a capture racing with the call is the caller's race) */
    if (atomic_load_explicit(&(*s)->cap, memory_order_relaxed))
        return core_err(ACL_ERROR_RT_STREAM_CAPTURED,
                        "%s: stream-ordered pool memory cannot be captured into a model on cpuacl "
                        "(the stream is being captured)",
                        fn);
    return ACL_SUCCESS;
}

/* The best-fitting segment (smallest, then lowest) for `need` that stream `key` may take
 * under p's policy; *wait gets a referenced mark to wait for (internal dependency). */
static struct mp_seg *pick(struct mp_pool *p, size_t need, uint64_t key, struct mp_mark **wait)
{
    struct mp_seg *best = NULL;
    int best_rank = 0;
    for (struct mp_seg *s = p->segs; s; s = s->next) {
        if (s->size < need || s->state == SEG_BUSY || s->state == SEG_FREEING)
            continue;
        int rank; /* lower is better: cached memory first, then fresh memory */
        if (s->state == SEG_FREE)
            rank = 2;
        else if (s->stream == key || (p->ev_dep && known_frees(key, s->stream) >= s->seq) ||
                 ((p->opp || p->internal) && mark_done(s->mark)))
            rank = 0;
        else if (p->internal && s->mark && s->mark->ev)
            rank = 1;
        else
            continue;
        if (!best || rank < best_rank || (rank == best_rank && s->size < best->size)) {
            best = s;
            best_rank = rank;
        }
    }
    *wait = NULL;
    if (best && best_rank == 1) {
        *wait = best->mark;
        mark_get(*wait);
    }
    return best;
}

aclError core_mempool_malloc_async(void **ptr, size_t size, aclrtMemPool memPool,
                                   aclrtStream stream, const char *fn)
{ /* the reference's rule: nothing allocated, *ptr untouched */
    struct core_stream *s;
    aclError rc = pool_stream(stream, &s, fn);
    if (rc)
        return rc;
    dead_drain(fn);
    if (size > SIZE_MAX - MP_BLOCK)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: size %zu overflows", fn, size);
    size_t need = (size + MP_BLOCK - 1) & ~(MP_BLOCK - 1);
    uint64_t key = s->handle;
    struct mp_mark *wait = NULL;
    struct mp_seg *seg = NULL;
    pthread_mutex_lock(&g_lock);
    struct mp_pool *p = pool_find(memPool);
    if (!p) {
        rc = core_err(ACL_ERROR_RT_INTERNAL_ERROR,
                      "%s: %p is not a live memory pool (not created, or destroyed)", fn, memPool);
        goto out;
    }
    if (p->dev != s->ctx->dev->id) {
        rc = core_err(ACL_ERROR_RT_STREAM_CONTEXT,
                      "%s: the pool is memory of device %d, the stream runs on device %d", fn,
                      p->dev, s->ctx->dev->id);
        goto out;
    }
    seg = pick(p, need, key, &wait);
    if (!seg) {
        rc = core_err(ACL_ERROR_RT_INTERNAL_ERROR,
                      "%s: the pool cannot serve %zu bytes (%zu after 2 MiB rounding): %" PRIu64
                      " of %zu bytes used, %" PRIu64 " reserved; cached memory is reusable only "
                      "in stream order (see the reuse attributes, aclrtMemPoolTrimTo)",
                      fn, size, need, p->used, p->size, p->reserved);
        goto out;
    }
    bool fresh = seg->state == SEG_FREE;
    if (fresh) {
        uint32_t gen;
        if (mem_dev_charge(p->dev, need, &gen) != 0) {
            size_t fr = 0, tot = 0;
            mem_dev_meminfo(p->dev, MEM_CLASS_ALL, &fr, &tot);
            rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION,
                          "%s: cannot charge %zu bytes to device %d (%zu of %zu bytes free)", fn,
                          need, p->dev, fr, tot);
            goto out;
        }
        p->gen = gen;
    }
    struct mp_seg *l = seg_split(p, seg, need);
    if (!l) {
        if (fresh)
            mem_dev_credit(p->dev, need, p->gen);
        mark_put(wait);
        wait = NULL;
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
        goto out;
    }
    seg = l;
    mark_put(seg->mark);
    seg->mark = NULL;
    seg->state = SEG_BUSY;
    seg->stream = key;
    seg->seq = 0;
    if (fresh) {
        p->reserved += need;
        if (p->reserved > p->reserved_high)
            p->reserved_high = p->reserved;
    }
    p->used += need;
    if (p->used > p->used_high)
        p->used_high = p->used;
    *ptr = (void *)seg->base;
out:
    pthread_mutex_unlock(&g_lock);
    if (wait) { /* internal dependency: the stream waits for the free's event */
        aclError w = core_event_stream_wait(stream, wait->ev, fn);
        mark_put(wait);
        if (w) {
            pthread_mutex_lock(&g_lock);
            p->used -= seg->size;
            seg->state = SEG_CACHED; /* back, unmerged; its mark was dropped: done */
            seg->stream = 0;
            pthread_mutex_unlock(&g_lock);
            *ptr = NULL;
            return w;
        }
    }
    return rc;
}

static int32_t free_sync_alloc(void *arg)
{
    CORE_REQUIRE_INIT("aclrtMemPoolFreeAsync");
    aclError rc = core_mem_dev_free(arg, "aclrtMemPoolFreeAsync");
    return rc ? (int32_t)rc : 0;
}

aclError core_mempool_free_async(void *ptr, aclrtStream stream, const char *fn)
{
    struct core_stream *s;
    aclError rc = pool_stream(stream, &s, fn);
    if (rc)
        return rc;
    dead_drain(fn);
    uintptr_t a = (uintptr_t)ptr;
    pthread_mutex_lock(&g_lock);
    struct mp_pool *p = pool_holding(a);
    struct mp_seg *seg = p ? seg_at(p, a) : NULL;
    if (p && (!seg || seg->base != a || seg->state != SEG_BUSY)) {
        rc = core_err(ACL_ERROR_RT_PARAM_INVALID,
                      "%s: %p is not the start of a live allocation of its memory pool (freed "
                      "already, or interior)",
                      fn, ptr);
        pthread_mutex_unlock(&g_lock);
        return rc;
    }
    if (!p) { /* memory of the synchronous API: freed in stream order */
        pthread_mutex_unlock(&g_lock);
        struct mem_reg_info info;
        if (mem_reg_lookup(ptr, &info) != 0 || info.base != a || info.owner == MEM_OWNER_HOST ||
            info.policy == MEM_POLICY_VMM)
            return core_err(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: %p is neither a pool allocation nor the start of a device "
                            "allocation (aclrtMalloc)",
                            fn, ptr);
        return core_launch_owned(stream, free_sync_alloc, ptr, NULL, fn);
    }
    seg->state = SEG_FREEING; /* MP1: the task is queued without the lock */
    bool internal = p->internal;
    pthread_mutex_unlock(&g_lock);

    struct mp_mark *m = core_calloc(1, sizeof(*m));
    if (m) {
        atomic_init(&m->refs, 2); /* the segment's and the task's */
        atomic_init(&m->done, 0);
        rc = core_launch_owned(stream, mark_run, m, mark_release, fn);
        if (rc) {
            free(m);
            m = NULL;
        }
    } else {
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    }
    if (rc) {
        pthread_mutex_lock(&g_lock);
        seg->state = SEG_BUSY;
        pthread_mutex_unlock(&g_lock);
        return rc;
    }
    if (internal) { /* an event after the free, for other streams to wait on */
        aclrtEvent ev = NULL;
        if (core_event_create(&ev, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE, CORE_EV_PLAIN, fn) ==
            ACL_SUCCESS) {
            if (core_event_record(ev, stream, fn) == ACL_SUCCESS)
                m->ev = ev; /* before the mark is published under g_lock below */
            else
                (void)core_event_destroy(ev, fn);
        }
    }
    pthread_mutex_lock(&g_lock);
    uint64_t *f = stream_frees(s->handle, true);
    seg->state = SEG_CACHED;
    seg->stream = s->handle;
    seg->seq = f ? ++*f : UINT64_MAX; /* no table entry: never reused by event order */
    seg->mark = m;
    p->used -= seg->size;
    seg_merge(seg);
    if (p->dead && reap_locked()) {
        pthread_mutex_unlock(&g_lock);
        mem_reg_reclaim();
        return ACL_SUCCESS;
    }
    pthread_mutex_unlock(&g_lock);
    return ACL_SUCCESS;
}

aclError core_mempool_trim_to(aclrtMemPool memPool, size_t minBytesToKeep, const char *fn)
{
    dead_drain(fn);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_lock);
    struct mp_pool *p = pool_find(memPool);
    if (!p)
        rc = core_err(ACL_ERROR_RT_INTERNAL_ERROR,
                      "%s: %p is not a live memory pool (not created, or destroyed)", fn, memPool);
    else if (minBytesToKeep > p->size)
        rc = core_err(ACL_ERROR_RT_INTERNAL_ERROR,
                      "%s: minBytesToKeep %zu exceeds the pool size %zu", fn, minBytesToKeep,
                      p->size);
    else if (minBytesToKeep < p->reserved && minBytesToKeep < p->used)
        rc = core_err(ACL_ERROR_RT_INTERNAL_ERROR,
                      "%s: minBytesToKeep %zu is below the memory in use (%" PRIu64 " bytes)", fn,
                      minBytesToKeep, p->used);
    else
        pool_trim(p, minBytesToKeep);
    pthread_mutex_unlock(&g_lock);
    return rc;
}
