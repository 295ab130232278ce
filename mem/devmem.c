/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device (and host-pinned) memory pools on jemalloc arenas with custom extent hooks.
 * jemalloc is reached through mem_je (jemalloc.h: bound at mem_init; mem's builtin extent
 * allocator stands in, on the same hooks, where jemalloc cannot be loaded).
 *
 * A pool has two arenas, both created with arenas.create and our extent_hooks_t:
 *   normal arena  extents on base pages (MEM_WANT_NORMAL)
 *   huge arena    extents on 2 MiB pages: hugetlb, else THP (MEM_WANT_HUGE); its alloc
 *                 hook fails when neither can be had
 * plus, for the HUGE1G policies, direct 1 GiB hugetlb mappings that bypass jemalloc.
 * Every mapping a pool owns is listed in pool->maps (so the hooks can refuse merges
 * across mappings, allocations can report which kind of pages they got, and teardown
 * can unmap everything); mapped bytes are counted per page kind.
 *
 * tcache. With MALLOCX_ARENA(i) and the thread's automatic tcache, jemalloc serves
 * small sizes from the tcache bins, which hold objects of whatever arena filled them,
 * and a free parks our object there for the host program's next malloc: device memory
 * would leak into host malloc and vice versa. MALLOCX_TCACHE_NONE avoids that but costs
 * ~170-220 ns per alloc+free here (arena bin lock and decay ticks on every call)
 * against ~15-20 ns with a tcache. So each thread gets one explicit tcache
 * (tcache.create) per pool, used only with that pool's normal arena: every cached
 * object belongs to that pool. The huge arena and direct mappings use
 * MALLOCX_TCACHE_NONE (their sizes are mostly above tcache_max anyway, and it keeps
 * huge-page objects out of the normal arena's cache). The tcaches are destroyed
 * (flushed) at thread exit and at pool teardown, see D4.
 *
 * Capacity is charged in bytes of the rounded size (whole 1 GiB pages for direct
 * mappings) before the allocation, and credited at free; jemalloc's own caching
 * (tcache, dirty pages) is invisible in it. The bytes actually mapped are reported
 * separately (mapped[]).
 *
 * Reservations (issue 16). A CAS on the shared `used` per allocation and a locked
 * subtract per free were two of the three locked read-modify-writes of a 4 KiB
 * aclrtMalloc+aclrtFree (perf: ~6-10 ns each here, a third of the pair). Small
 * allocations of the normal route (rounded size <= RES_SMALL) are instead charged to
 * a per-thread, per-pool reservation: the thread takes capacity from `used` in
 * chunks of RES_CHUNK (one CAS per chunk), charges and credits its own word with a
 * plain load and store, and returns what exceeds RES_MAX. So `used` counts live
 * allocations plus every thread's unspent reservation, and
 *     reported used = used - sum of the reservations (mem_pool_stats),
 * which is exact whenever no other thread is allocating at that instant (the same
 * guarantee the plain counter gave: a concurrent snapshot may be a few allocations
 * stale). aclrtGetMemInfo's free = capacity - reported used: reservations count as
 * free. Near exhaustion (less than RES_LOW_WATER left) no chunks are granted and small
 * allocations charge `used` exactly; an allocation that still finds `used` full
 * reclaims every thread's reservation first (pool_steal: bump rtag, grace period,
 * CAS the stale words) and retries once, so capacity parked in another (possibly
 * idle) thread's reservation never causes a refusal that the reported numbers
 * contradict. See D9-D11.
 *
 * Block cache (issue 16). Even with an explicit tcache, jemalloc's mallocx+sdallocx
 * with an arena, a tcache id and 512-byte alignment cost ~20 ns a pair here, as
 * much as everything else on the path. Each thread keeps, per pool, a few LIFO bins
 * of freed small blocks (rounded size <= RES_SMALL) keyed by their exact rounded
 * size, at most BC_BYTES per bin: an aclrtMalloc of a size this thread freed recently
 * pops one (no jemalloc call), a free pushes it when there is room. Cached blocks
 * are unregistered (aclrtFree of one is refused as a double free, lookups miss)
 * and credited (they count as free capacity), exactly like blocks parked in the
 * jemalloc tcache; they belong to the pool incarnation of the thread's tcache slot
 * (D5): a slot that is renewed for a new incarnation drops them (the arena they
 * came from is gone), thread exit gives them back to jemalloc inside an op section
 * while the pool is live (D12).
 *
 * Invariants:
 *   D1. A pool's I fields are written under pools_lock while its state is NONE and
 *       published by the release store of state = LIVE; fast paths load state with
 *       acquire inside an op section before touching them.
 *   D2. 0 <= used <= capacity at all times (charge CAS checks before adding).
 *   D3. An allocation is charged before it exists and registered before it is handed
 *       out; at free it is removed from the registry (which decides the single winner
 *       of racing frees) before jemalloc gets it back, then credited.
 *   D4. Teardown: state = DYING, then mem_op_synchronize, so no op section uses the
 *       pool's arenas or tcaches any more and later ones see DYING; then the tcaches
 *       listed in pool->tcs are destroyed, the registry ranges pruned, the arenas
 *       destroyed, the mappings unmapped, and gen is bumped at the next init so stale
 *       per-thread tcache slots (thread.h) are never reused.
 *   D5. A thread's tcache slot for a pool is valid iff slot.gen == pool.gen; the id is
 *       listed in pool->tcs (tc_lock) from creation until exactly one of thread exit
 *       or teardown destroys it.
 *   D6. Lock order: pools_lock > tc_lock; jemalloc's locks > map_lock (hooks). No lock
 *       is held across mem_op_synchronize except pools_lock, which op sections never
 *       take.
 *   D7. mem_dev_charge/credit (capacity for memory backed outside the pool) run in an op
 *       section and touch `used` only while the pool is LIVE, the credit only when the
 *       pool's gen still is the one the charge returned. Teardown resets `used` after its
 *       grace period (D4), so a credit either lands before that reset (on the charge's
 *       own incarnation) or is dropped: it never lowers the count of a later incarnation.
 *   D8. Accesses (core/memory/memory.c: aclrtMemcpy, aclrtMemset, ...) run the registry lookup,
 *       mem_dev_owner_live and the bytes they touch in one op section. A pool is unmapped
 *       only after DYING + a grace period (D4), so an access either began before the
 *       grace period (teardown waits for it, the bytes are still mapped) or sees the
 *       pool not LIVE and refuses; mem_dev_in_pool counts DYING pools for the same
 *       reason. mem_dev_vmm_unregister waits for a grace period after the removal, so
 *       its caller may unmap the range once it returns. None of these waits runs
 *       inside an op section or under a lock an op section takes (D6).
 *   D9. Reservation words (thread.h, mem_thread_tc.res = tag << 32 | bytes). A word
 *       is live iff its tag equals the pool's rtag; its bytes are part of `used`. Only
 *       the owner writes a live word, with plain stores, and only inside an op section
 *       in which it read rtag == tag. A word whose tag is rtag - 1 is "pending": its
 *       bytes are still in `used` and whoever first CASes it to (rtag, 0) - the owner
 *       or a stealer - credits them. Any older tag is void (nothing to credit).
 *  D10. pool_steal (outside op sections, serialised by steal_lock) bumps rtag by one,
 *       then mem_op_synchronize: every section that read the old rtag has ended and
 *       every later one reads the new one (OS8 in thread.c), so no owner writes an old-tag word any
 *       more; then it CASes each thread's pending word and credits the sum. Owners
 *       that meet their pending word first claim it with the same CAS (one winner).
 *  D11. Incarnations: mem_pool_init bumps rtag by two, so no word of an earlier
 *       incarnation (whose `used` was reset by teardown) is live or pending. Teardown
 *       takes steal_lock before resetting the counters, so a stealer's credit lands
 *       before the reset. Lock order: pools_lock > steal_lock > the thread-list lock.
 *  D12. A thread's block cache for a pool holds only blocks of the incarnation its
 *       tcache slot's gen names; it is touched only by its owner, inside op sections
 *       that saw the pool LIVE (so teardown, which destroys the arena after its grace
 *       period, never races with a push or pop), and emptied without freeing when
 *       the slot is renewed (pool_tc_slow).
 *  D13. Fast paths (mem_dev_alloc / mem_dev_free, issue 16). A cached block keeps the
 *       address of its registry entry (bc->ep). It stays valid while the block's
 *       incarnation lives: a device pool's leaves are unlinked only by its teardown's
 *       prune and freed after a grace period (RG4 in registry.c; core/memory/vmm.c and
 * core/memory/pool.c prune only ranges they mapped themselves, never a pool's), and the cache is
 * dropped when its slot is renewed for a new incarnation (D12). The free reads the entry and all
 * the state it decides on first, then CASes the entry it read to 0 (the single winner, D3); a
 * failed CAS changed nothing and falls back to the general path, which re-reads. Both run inside
 * one op section that saw the pool LIVE.
 */
#include "mem/devmem.h"

#include <errno.h>
#include <jemalloc/jemalloc.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/jemalloc.h"
#include "mem/pages.h"
#include "mem/registry_inl.h"
#include "mem/thread.h"

enum { POOL_NONE = 0, POOL_LIVE = 1, POOL_DYING = 2 };
enum route { ROUTE_NORMAL, ROUTE_HUGE, ROUTE_HUGE_FIRST, ROUTE_HUGE1G };
enum { AR_NORMAL = 0, AR_HUGE = 1 };
/* internal: "the wanted kind of pages cannot be had" (HUGE_FIRST falls back) */
#define ENOPAGES 1000
/* internal: "the capacity is exhausted" (the caller may reclaim reservations, D10) */
#define ENOCAP 1001

/* Reservations: see the file comment and D9-D11. */
/* largest rounded size charged to a reservation and kept in the block cache: up to
 * aclrtMalloc(128 KiB), which rounds to 128 KiB + 32 (64 KiB: jemalloc's large path,
 * arena locks, ~170 ns a pair, was 70% of an aclrtMalloc+aclrtFree of 64 KiB) */
#define RES_SMALL (128 * MEM_KiB + 32)
#define RES_CHUNK (256 * MEM_KiB)      /* capacity taken from `used` at a time         */
#define RES_MAX (1 * MEM_MiB)          /* a reservation above this gives back the rest */
#define RES_LOW_WATER (16 * RES_CHUNK) /* no chunks granted with less than this left  */

/* Block cache: see the file comment and D12. */
#define BC_BINS 4
#define BC_DEPTH 16
#define BC_BYTES (128 * MEM_KiB) /* most bytes one bin keeps (but at least one block) */
_Static_assert(RES_SMALL < RES_CHUNK, "a chunk serves any small allocation");

struct mem_bcache {
    size_t size[BC_BINS];  /* exact rounded size of the bin's blocks; 0 = unused */
    unsigned n[BC_BINS];   /* blocks in the bin                                  */
    unsigned cap[BC_BINS]; /* most blocks the bin keeps (BC_BYTES / size)        */
    void *p[BC_BINS][BC_DEPTH];
    /* the registry entry of each block (or NULL: not known), so the fast path's
     * insert is one store with no registry walk; valid for as long as the block's
     * incarnation, since leaves are only freed after a teardown's prune (RG4, D12) */
    _Atomic uint64_t *ep[BC_BINS][BC_DEPTH];
};

struct mem_pool;

struct mem_arena {
    extent_hooks_t hooks;     /* I: first member: jemalloc hands &hooks back to us */
    struct mem_pool *pool;    /* I */
    enum mem_pages_want want; /* I */
    unsigned ind;             /* I: jemalloc arena index */
};

struct mem_pool {
    /* Read-mostly line (D1). */
    _Atomic uint32_t state; /* A: POOL_*                                        */
    _Atomic uint32_t gen;   /* A: bumped at every init, never 0                  */
    unsigned owner;         /* I: registry owner id                             */
    int flags_normal;       /* I: MALLOCX_ARENA(normal) | MALLOCX_ALIGN(a): a = 512
                               for devices (MEM_DEV_ALIGN), 64 for host memory   */
    int flags_page;         /* I: flags_normal with ALIGN(4 KiB), for host blocks of
                               a page or more (normal_flags)                     */
    int flags_huge;         /* I: MALLOCX_ARENA(huge) | ALIGN(a) | TCACHE_NONE; a is
                               4 KiB for host memory (normal_flags)              */
    size_t capacity;        /* I */
    _Atomic uint32_t rtag;  /* A: reservation tag (D9-D11); changes under
                               steal_lock + a grace period, or at init          */
    /* Hot line: written by every alloc and free on this pool. */
    alignas(64) _Atomic size_t used; /* A: charged bytes (D2) */
    _Atomic size_t peak;             /* A: highest used (same line: charges touch both) */
    /* Cold lines. */
    alignas(64) _Atomic size_t used_huge;  /* A */
    _Atomic size_t used_huge1g;            /* A */
    _Atomic size_t mapped[MEM_PAGE_KINDS]; /* A */
    _Atomic uint64_t fail_capacity;        /* A */
    _Atomic uint64_t fail_pages;           /* A */
    pthread_mutex_t map_lock;
    struct mem_mapping *maps; /* map_lock: sorted by base */
    size_t nmaps, capmaps;    /* map_lock */
    pthread_mutex_t tc_lock;
    unsigned *tcs;              /* tc_lock: explicit tcache ids bound to this pool (D5) */
    size_t ntcs, captcs;        /* tc_lock */
    pthread_mutex_t steal_lock; /* serialises pool_steal and teardown's reset (D10) */
    struct mem_arena arena[2];  /* I */
};

/* The jemalloc flags of a normal-route block of `size` bytes in p. Host blocks of a page or
 * more are page-aligned: aclrtHostRegister(V2) takes 4 KiB-aligned pointers only, programs
 * register what aclrtMallocHost returned (the driver's pinned allocations are page-aligned),
 * and jemalloc would otherwise place a large block at a random cache-line offset in its first
 * page (cache-oblivious placement). The alignment depends on (pool, size) only, so allocation,
 * free and the block cache (which reuses a block for the same rounded size) agree, as
 * sdallocx needs: it must be given the alignment the block was made with. */
static inline int normal_flags(const struct mem_pool *p, size_t size)
{
    return size >= 4 * MEM_KiB ? p->flags_page : p->flags_normal;
}

_Static_assert(offsetof(struct mem_pool, used) % 64 == 0, "used on its own line");
_Static_assert(offsetof(struct mem_pool, used_huge) - offsetof(struct mem_pool, used) >= 64,
               "used alone on its line");

static struct mem_pool pools[MEM_POOL_MAX] = {
    [0 ... MEM_POOL_MAX - 1] = {.map_lock = PTHREAD_MUTEX_INITIALIZER,
                                .tc_lock = PTHREAD_MUTEX_INITIALIZER,
                                .steal_lock = PTHREAD_MUTEX_INITIALIZER},
};
static pthread_mutex_t pools_lock = PTHREAD_MUTEX_INITIALIZER;

static inline size_t round_up(size_t v, size_t a)
{
    return (v + a - 1) & ~(a - 1);
}

/* ---------------------------------------------------------------- mappings */

/* Index of the mapping containing a, or -1. map_lock held. */
static long maps_find(const struct mem_pool *p, uintptr_t a)
{
    size_t lo = 0, hi = p->nmaps;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (p->maps[mid].base <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return -1;
    const struct mem_mapping *m = &p->maps[lo - 1];
    return a - m->base < m->len ? (long)(lo - 1) : -1;
}

static int maps_add(struct mem_pool *p, const struct mem_mapping *m)
{
    if (p->nmaps == p->capmaps) {
        size_t nc = p->capmaps ? p->capmaps * 2 : 16;
        struct mem_mapping *n = realloc(p->maps, nc * sizeof(*n));
        if (!n)
            return -ENOMEM;
        p->maps = n;
        p->capmaps = nc;
    }
    size_t i = p->nmaps;
    while (i > 0 && p->maps[i - 1].base > m->base) {
        p->maps[i] = p->maps[i - 1];
        i--;
    }
    p->maps[i] = *m;
    p->nmaps++;
    return 0;
}

static enum mem_page_kind pool_kind_at(struct mem_pool *p, uintptr_t a)
{
    enum mem_page_kind k = MEM_PAGE_NORMAL;
    pthread_mutex_lock(&p->map_lock);
    long i = maps_find(p, a);
    if (i >= 0)
        k = p->maps[i].kind;
    pthread_mutex_unlock(&p->map_lock);
    return k;
}

/* ---------------------------------------------------------------- extent hooks */

static void *hook_alloc(extent_hooks_t *h, void *new_addr, size_t size, size_t alignment,
                        bool *zero, bool *commit, unsigned ind)
{
    struct mem_arena *ar = (struct mem_arena *)h;
    struct mem_pool *p = ar->pool;
    (void)ind;
    if (new_addr)
        return NULL; /* we cannot grow in place */
    enum mem_pages_want want = ar->want;
    /* jemalloc asks for its own metadata (base blocks) with HUGEPAGE alignment and
     * extents with page alignment (we never request larger alignments): keep the
     * huge arena's metadata on base pages, so it neither wastes a huge page nor fails
     * where huge pages are unavailable. */
    if (alignment >= MEM_HUGE_2M)
        want = MEM_WANT_NORMAL;
    struct mem_mapping m;
    if (mem_pages_map(size, alignment, want, &m) != 0)
        return NULL;
    pthread_mutex_lock(&p->map_lock);
    int rc = maps_add(p, &m);
    pthread_mutex_unlock(&p->map_lock);
    if (rc != 0) {
        mem_pages_unmap(&m);
        return NULL;
    }
    /* relaxed: statistics */
    atomic_fetch_add_explicit(&p->mapped[m.kind], m.len, memory_order_relaxed);
    *zero = true; /* fresh anonymous memory */
    *commit = true;
    return (void *)m.base;
}

/* Opt out: keep the address space (jemalloc retains it and purges its pages);
 * teardown unmaps whole mappings. */
static bool hook_dalloc(extent_hooks_t *h, void *addr, size_t size, bool committed, unsigned ind)
{
    (void)h, (void)addr, (void)size, (void)committed, (void)ind;
    return true;
}

static void hook_destroy(extent_hooks_t *h, void *addr, size_t size, bool committed, unsigned ind)
{
    (void)h, (void)addr, (void)size, (void)committed, (void)ind;
}

static bool hook_commit(extent_hooks_t *h, void *addr, size_t size, size_t off, size_t len,
                        unsigned ind)
{
    (void)h, (void)addr, (void)size, (void)off, (void)len, (void)ind;
    return false; /* always committed */
}

static bool hook_decommit(extent_hooks_t *h, void *addr, size_t size, size_t off, size_t len,
                          unsigned ind)
{
    (void)h, (void)addr, (void)size, (void)off, (void)len, (void)ind;
    return true; /* opt out: jemalloc purges instead */
}

/* Huge arena: purge only whole 2 MiB pages (never split a huge page); report failure
 * unless the whole range was purged, so jemalloc does not assume zeroed memory. */
static bool purge(struct mem_arena *ar, void *addr, size_t off, size_t len, bool lazy)
{
    uintptr_t a = (uintptr_t)addr + off, e = a + len;
    if (ar->want == MEM_WANT_NORMAL)
        return mem_pages_purge((void *)a, len, lazy) != 0;
    if (lazy)
        return true;
    uintptr_t ha = round_up(a, MEM_HUGE_2M), he = e & ~(uintptr_t)(MEM_HUGE_2M - 1);
    if (ha >= he)
        return true;
    int rc = mem_pages_purge((void *)ha, he - ha, false);
    return rc != 0 || ha != a || he != e;
}

static bool hook_purge_lazy(extent_hooks_t *h, void *addr, size_t size, size_t off, size_t len,
                            unsigned ind)
{
    (void)size, (void)ind;
    return purge((struct mem_arena *)h, addr, off, len, true);
}

static bool hook_purge_forced(extent_hooks_t *h, void *addr, size_t size, size_t off, size_t len,
                              unsigned ind)
{
    (void)size, (void)ind;
    return purge((struct mem_arena *)h, addr, off, len, false);
}

static bool hook_split(extent_hooks_t *h, void *addr, size_t size, size_t sa, size_t sb,
                       bool committed, unsigned ind)
{
    (void)h, (void)addr, (void)size, (void)sa, (void)sb, (void)committed, (void)ind;
    return false;
}

/* Refuse merges across mappings in the huge arena: an extent (so an allocation) then
 * always lies on one kind of pages, which is what the registry reports. */
static bool hook_merge(extent_hooks_t *h, void *a, size_t sa, void *b, size_t sb, bool committed,
                       unsigned ind)
{
    struct mem_arena *ar = (struct mem_arena *)h;
    (void)a, (void)sa, (void)sb, (void)committed, (void)ind;
    if (ar->want == MEM_WANT_NORMAL)
        return false;
    struct mem_pool *p = ar->pool;
    pthread_mutex_lock(&p->map_lock);
    long i = maps_find(p, (uintptr_t)b);
    bool refuse = i >= 0 && p->maps[i].base == (uintptr_t)b;
    pthread_mutex_unlock(&p->map_lock);
    return refuse;
}

static const extent_hooks_t hooks_template = {
    .alloc = hook_alloc,
    .dalloc = hook_dalloc,
    .destroy = hook_destroy,
    .commit = hook_commit,
    .decommit = hook_decommit,
    .purge_lazy = hook_purge_lazy,
    .purge_forced = hook_purge_forced,
    .split = hook_split,
    .merge = hook_merge,
};

/* ---------------------------------------------------------------- tcaches */

static int pool_tc_slow(struct mem_thread *t, struct mem_pool *p, unsigned idx, uint32_t gen)
{
    struct mem_thread_tc *slot = &t->tc[idx];
    int flags = MALLOCX_TCACHE_NONE;
    unsigned id;
    size_t sz = sizeof(id);
    if (mem_je.ctl("tcache.create", &id, &sz, NULL, 0) == 0) {
        bool kept = false;
        pthread_mutex_lock(&p->tc_lock);
        /* relaxed: we are inside an op section and saw LIVE (D4) */
        if (atomic_load_explicit(&p->gen, memory_order_relaxed) == gen) {
            if (p->ntcs == p->captcs) {
                size_t nc = p->captcs ? p->captcs * 2 : 16;
                unsigned *n = realloc(p->tcs, nc * sizeof(*n));
                if (n) {
                    p->tcs = n;
                    p->captcs = nc;
                }
            }
            if (p->ntcs < p->captcs) {
                p->tcs[p->ntcs++] = id;
                kept = true;
            }
        }
        pthread_mutex_unlock(&p->tc_lock);
        if (kept)
            flags = MALLOCX_TCACHE(id);
        else
            mem_je.ctl("tcache.destroy", NULL, NULL, &id, sizeof(id));
    }
    /* If tcache.create fails (jemalloc allows 4096 explicit tcaches), this thread uses
     * MALLOCX_TCACHE_NONE with this pool generation: slower, still correct. */
    slot->flags = flags;
    if (slot->bc) /* D12: blocks of an earlier incarnation died with its arena */
        memset(slot->bc, 0, sizeof(*slot->bc));
    /* relaxed: only this thread reads its slot's gen outside tc_lock (D5) */
    atomic_store_explicit(&slot->gen, gen, memory_order_relaxed);
    return flags;
}

static inline int pool_tc(struct mem_thread *t, struct mem_pool *p, unsigned idx, uint32_t gen)
{
    struct mem_thread_tc *slot = &t->tc[idx];
    /* relaxed: own slot (D5) */
    if (__builtin_expect(atomic_load_explicit(&slot->gen, memory_order_relaxed) == gen, 1))
        return slot->flags;
    return pool_tc_slow(t, p, idx, gen);
}

static void res_thread_exit(struct mem_thread *t);

/* ---------------------------------------------------------------- block cache */

/* Pop a cached block of exactly n bytes (D12: the caller validated the slot). */
static inline void *bc_pop(struct mem_thread_tc *slot, size_t n)
{
    struct mem_bcache *bc = slot->bc;
    if (!bc)
        return NULL;
    for (unsigned b = 0; b < BC_BINS; b++)
        if (bc->size[b] == n && bc->n[b])
            return bc->p[b][--bc->n[b]];
    return NULL;
}

static __attribute__((noinline)) struct mem_bcache *bc_create(struct mem_thread_tc *slot)
{
    slot->bc = calloc(1, sizeof(*slot->bc));
    return slot->bc;
}

/* Keep a freed block of n bytes; false when there is no room (the caller frees it). */
static inline bool bc_push(struct mem_thread_tc *slot, void *ptr, size_t n, _Atomic uint64_t *ep)
{
    struct mem_bcache *bc = slot->bc;
    if (__builtin_expect(!bc, 0) && !(bc = bc_create(slot)))
        return false;
    unsigned empty = BC_BINS;
    for (unsigned b = 0; b < BC_BINS; b++) {
        if (bc->size[b] == n) {
            if (bc->n[b] >= bc->cap[b])
                return false;
            bc->ep[b][bc->n[b]] = ep;
            bc->p[b][bc->n[b]++] = ptr;
            return true;
        }
        if (!bc->n[b] && empty == BC_BINS)
            empty = b;
    }
    if (empty == BC_BINS) /* every bin holds blocks of other sizes: keep them */
        return false;
    bc->size[empty] = n;
    size_t cap = BC_BYTES / n;
    bc->cap[empty] = cap < 1 ? 1 : cap < BC_DEPTH ? (unsigned)cap : BC_DEPTH;
    bc->p[empty][0] = ptr;
    bc->ep[empty][0] = ep;
    bc->n[empty] = 1;
    return true;
}

/* Thread exit: give cached blocks back to jemalloc while their pool lives (D12). */
static void bc_thread_exit(struct mem_thread *t)
{
    for (unsigned idx = 0; idx < MEM_POOL_MAX; idx++) {
        struct mem_thread_tc *slot = &t->tc[idx];
        struct mem_bcache *bc = slot->bc;
        if (!bc)
            continue;
        struct mem_pool *p = &pools[idx];
        mem_op_begin(t);
        /* acquire (D1); relaxed gens: own slot, and the pool's is an I field while LIVE */
        if (atomic_load_explicit(&p->state, memory_order_acquire) == POOL_LIVE &&
            atomic_load_explicit(&slot->gen, memory_order_relaxed) ==
                atomic_load_explicit(&p->gen, memory_order_relaxed))
            for (unsigned b = 0; b < BC_BINS; b++)
                while (bc->n[b])
                    mem_je.dalloc(bc->p[b][--bc->n[b]], bc->size[b],
                                  normal_flags(p, bc->size[b]) | slot->flags);
        mem_op_end(t);
        slot->bc = NULL;
        free(bc);
    }
}

void mem_pool_thread_exit(struct mem_thread *t)
{
    bc_thread_exit(t);
    res_thread_exit(t);
    for (unsigned idx = 0; idx < MEM_POOL_MAX; idx++) {
        struct mem_thread_tc *slot = &t->tc[idx];
        /* relaxed: own slot */
        uint32_t g = atomic_load_explicit(&slot->gen, memory_order_relaxed);
        if (!g)
            continue;
        atomic_store_explicit(&slot->gen, 0, memory_order_relaxed);
        if (slot->flags == MALLOCX_TCACHE_NONE)
            continue;
        unsigned id = (unsigned)((slot->flags >> 8) - 2); /* inverse of MALLOCX_TCACHE */
        struct mem_pool *p = &pools[idx];
        pthread_mutex_lock(&p->tc_lock);
        /* relaxed: gen only changes under pools_lock after teardown emptied tcs */
        if (atomic_load_explicit(&p->gen, memory_order_relaxed) == g) {
            for (size_t i = 0; i < p->ntcs; i++) {
                if (p->tcs[i] == id) {
                    p->tcs[i] = p->tcs[--p->ntcs];
                    mem_je.ctl("tcache.destroy", NULL, NULL, &id, sizeof(id));
                    break;
                }
            }
        }
        pthread_mutex_unlock(&p->tc_lock);
    }
}

/* ---------------------------------------------------------------- charge */

/* Add n to `used` if n + margin bytes are free (D2). */
static inline bool used_add(struct mem_pool *p, size_t n, size_t margin)
{
    /* relaxed: a pure counter (D2); nothing is published through it */
    size_t u = atomic_load_explicit(&p->used, memory_order_relaxed);
    do {
        if (n > p->capacity - u || margin > p->capacity - u - n)
            return false;
    } while (!atomic_compare_exchange_weak_explicit(&p->used, &u, u + n, memory_order_relaxed,
                                                    memory_order_relaxed));
    /* relaxed: a statistic (aclrtGetMemUsageInfo); raise it to u + n unless higher.
     * With per-thread reservations (D9) a charge is a whole chunk, so the peak is an
     * upper bound: it counts capacity reserved but not yet handed out as used. */
    size_t pk = atomic_load_explicit(&p->peak, memory_order_relaxed);
    while (pk < u + n && !atomic_compare_exchange_weak_explicit(
                             &p->peak, &pk, u + n, memory_order_relaxed, memory_order_relaxed))
        ;
    return true;
}

/* Exact charge to `used`: 0 or -ENOCAP. */
static inline int pool_charge(struct mem_pool *p, size_t n)
{
    return used_add(p, n, 0) ? 0 : -ENOCAP;
}

static inline void pool_credit(struct mem_pool *p, size_t n)
{
    /* relaxed: pure counter (D2) */
    atomic_fetch_sub_explicit(&p->used, n, memory_order_relaxed);
}

/* ---------------------------------------------------------------- reservations */

static inline uint64_t res_word(uint32_t tag, uint32_t bytes)
{
    return (uint64_t)tag << 32 | bytes;
}

static inline uint32_t res_tag(uint64_t w)
{
    return (uint32_t)(w >> 32);
}

/* The owner's word is not live (tag != cur): claim it if pending (D9: one CAS winner
 * credits its bytes), drop it if void. Leaves (cur, 0). Owner only, inside an op
 * section that read rtag == cur. */
static void res_settle(struct mem_pool *p, struct mem_thread_tc *slot, uint32_t cur, uint64_t w)
{
    uint32_t have = (uint32_t)w;
    if (res_tag(w) == cur - 1 && have) {
        /* relaxed: the CAS only decides who credits (D9); `used` is a pure counter.
         * On failure the stealer won and stored (cur, 0) itself (D10). */
        if (atomic_compare_exchange_strong_explicit(&slot->res, &w, res_word(cur, 0),
                                                    memory_order_relaxed, memory_order_relaxed))
            pool_credit(p, have);
        return;
    }
    /* relaxed: own word; no other thread writes a void word (D9) */
    atomic_store_explicit(&slot->res, res_word(cur, 0), memory_order_relaxed);
}

static __attribute__((noinline)) int res_take_slow(struct mem_pool *p, struct mem_thread_tc *slot,
                                                   uint32_t cur, uint64_t w, size_t n)
{
    uint32_t have = 0;
    if (res_tag(w) == cur)
        have = (uint32_t)w;
    else
        res_settle(p, slot, cur, w);
    /* have < n <= RES_SMALL < RES_CHUNK, so the new word stays below RES_MAX */
    if (used_add(p, RES_CHUNK, RES_LOW_WATER)) {
        /* relaxed: own live word (D9) */
        atomic_store_explicit(&slot->res, res_word(cur, have + (uint32_t)(RES_CHUNK - n)),
                              memory_order_relaxed);
        return 0;
    }
    return pool_charge(p, n); /* near exhaustion: exact, the word keeps its bytes */
}

/* Charge n (<= RES_SMALL) to this thread's reservation on p: 0 or -ENOCAP. */
static inline int res_take(struct mem_pool *p, struct mem_thread_tc *slot, size_t n)
{
    /* relaxed: rtag changes are ordered for op sections by the grace period (D10) */
    uint32_t cur = atomic_load_explicit(&p->rtag, memory_order_relaxed);
    /* relaxed: own word (D9) */
    uint64_t w = atomic_load_explicit(&slot->res, memory_order_relaxed);
    if (__builtin_expect(res_tag(w) == cur && (uint32_t)w >= n, 1)) {
        atomic_store_explicit(&slot->res, w - n, memory_order_relaxed); /* relaxed: D9 */
        return 0;
    }
    return res_take_slow(p, slot, cur, w, n);
}

static __attribute__((noinline)) void res_give_slow(struct mem_pool *p, struct mem_thread_tc *slot,
                                                    uint32_t cur, uint64_t w, size_t n)
{
    size_t total = n;
    if (res_tag(w) == cur)
        total += (uint32_t)w;
    else
        res_settle(p, slot, cur, w);
    if (total > RES_MAX) { /* keep one chunk, give the rest back */
        pool_credit(p, total - RES_CHUNK);
        total = RES_CHUNK;
    }
    /* relaxed: own live word (D9) */
    atomic_store_explicit(&slot->res, res_word(cur, (uint32_t)total), memory_order_relaxed);
}

/* Credit n (<= RES_SMALL) to this thread's reservation on p. */
static inline void res_give(struct mem_pool *p, struct mem_thread_tc *slot, size_t n)
{
    /* relaxed: as in res_take */
    uint32_t cur = atomic_load_explicit(&p->rtag, memory_order_relaxed);
    uint64_t w = atomic_load_explicit(&slot->res, memory_order_relaxed);
    if (__builtin_expect(res_tag(w) == cur && (uint32_t)w + n <= RES_MAX, 1)) {
        atomic_store_explicit(&slot->res, w + n, memory_order_relaxed); /* relaxed: D9 */
        return;
    }
    res_give_slow(p, slot, cur, w, n);
}

/* Charge / credit a normal-route allocation of n bytes. */
static inline int charge_normal(struct mem_thread *t, struct mem_pool *p, unsigned idx, size_t n)
{
    return n <= RES_SMALL ? res_take(p, &t->tc[idx], n) : pool_charge(p, n);
}

static inline void credit_normal(struct mem_thread *t, struct mem_pool *p, unsigned idx, size_t n)
{
    if (n <= RES_SMALL)
        res_give(p, &t->tc[idx], n);
    else
        pool_credit(p, n);
}

struct res_scan {
    unsigned idx;
    uint32_t tag;
    size_t sum;
};

/* Sum of the live and pending reservations on a pool (D9; relaxed snapshot). */
static void res_sum_one(struct mem_thread *t, void *arg)
{
    struct res_scan *a = arg;
    /* relaxed: a snapshot of another thread's word */
    uint64_t w = atomic_load_explicit(&t->tc[a->idx].res, memory_order_relaxed);
    if (res_tag(w) == a->tag || res_tag(w) == a->tag - 1)
        a->sum += (uint32_t)w;
}

static size_t res_sum(unsigned idx)
{
    /* relaxed: see res_take */
    struct res_scan a = {idx, atomic_load_explicit(&pools[idx].rtag, memory_order_relaxed), 0};
    mem_thread_each(res_sum_one, &a);
    return a.sum;
}

static void res_steal_one(struct mem_thread *t, void *arg)
{
    struct res_scan *a = arg; /* a->tag: the tag before the bump */
    _Atomic uint64_t *r = &t->tc[a->idx].res;
    uint64_t w = atomic_load_explicit(r, memory_order_relaxed); /* relaxed: CAS decides */
    /* relaxed: the CAS only decides who credits (D9, D10) */
    if (res_tag(w) == a->tag && (uint32_t)w &&
        atomic_compare_exchange_strong_explicit(r, &w, res_word(a->tag + 1, 0),
                                                memory_order_relaxed, memory_order_relaxed))
        a->sum += (uint32_t)w;
}

/* D10: give every thread's reservation on pool idx back to `used`. Outside op
 * sections (it waits for a grace period). Returns whether there was any. */
static bool pool_steal(unsigned idx)
{
    struct mem_pool *p = &pools[idx];
    bool any = false;
    pthread_mutex_lock(&p->steal_lock);
    /* acquire (D1); teardown resets the counters only under steal_lock (D11) */
    if (atomic_load_explicit(&p->state, memory_order_acquire) == POOL_LIVE && res_sum(idx)) {
        any = true;
        /* relaxed: only here and in init; the grace period orders it (D10) */
        uint32_t old = atomic_load_explicit(&p->rtag, memory_order_relaxed);
        atomic_store_explicit(&p->rtag, old + 1, memory_order_relaxed);
        mem_op_synchronize();
        struct res_scan a = {idx, old, 0};
        mem_thread_each(res_steal_one, &a);
        if (a.sum)
            pool_credit(p, a.sum);
    }
    pthread_mutex_unlock(&p->steal_lock);
    return any;
}

/* Thread exit: give the thread's reservations back (D9). */
static void res_thread_exit(struct mem_thread *t)
{
    for (unsigned idx = 0; idx < MEM_POOL_MAX; idx++) {
        struct mem_thread_tc *slot = &t->tc[idx];
        /* relaxed: own word */
        if (!(uint32_t)atomic_load_explicit(&slot->res, memory_order_relaxed))
            continue;
        struct mem_pool *p = &pools[idx];
        mem_op_begin(t);
        /* acquire (D1): a pool that is not live forgot every charge (D4, D11) */
        if (atomic_load_explicit(&p->state, memory_order_acquire) == POOL_LIVE) {
            /* relaxed: as in res_take */
            uint32_t cur = atomic_load_explicit(&p->rtag, memory_order_relaxed);
            uint64_t w = atomic_load_explicit(&slot->res, memory_order_relaxed);
            if (res_tag(w) == cur) {
                atomic_store_explicit(&slot->res, res_word(cur, 0), memory_order_relaxed);
                pool_credit(p, (uint32_t)w);
            } else {
                res_settle(p, slot, cur, w);
            }
        }
        mem_op_end(t);
    }
}

/* ---------------------------------------------------------------- routing */

int mem_dev_round(size_t size, unsigned policy, unsigned flags, size_t *rounded)
{
    if (size == 0)
        return -EINVAL;
    if (size > MEM_REG_SIZE_MAX - 64)
        return -ENOMEM;
    size_t r = round_up(size, 32);
    if (!(flags & MEM_DEV_F_ALIGN32) && policy != MEM_POLICY_HUGE1G_ONLY &&
        policy != MEM_POLICY_HUGE1G_ONLY_P2P)
        r += 32;
    *rounded = r;
    return 0;
}

static enum route route_of(unsigned policy, size_t size, unsigned *regpol)
{
    *regpol = policy;
    switch (policy) {
    case MEM_POLICY_HUGE_FIRST:
    case MEM_POLICY_HUGE_FIRST_P2P:
        return size <= MEM_MiB ? ROUTE_NORMAL : ROUTE_HUGE_FIRST;
    case MEM_POLICY_HUGE_ONLY:
    case MEM_POLICY_HUGE_ONLY_P2P:
        return ROUTE_HUGE;
    case MEM_POLICY_NORMAL_ONLY:
    case MEM_POLICY_NORMAL_ONLY_P2P:
        return ROUTE_NORMAL;
    case MEM_POLICY_HUGE1G_ONLY:
    case MEM_POLICY_HUGE1G_ONLY_P2P:
        return ROUTE_HUGE1G;
    case MEM_POLICY_MANAGED:
        return size <= MEM_MiB ? ROUTE_NORMAL : ROUTE_HUGE_FIRST;
    default:
        *regpol = MEM_POLICY_OTHER;
        return size >= 2 * MEM_MiB ? ROUTE_HUGE_FIRST : ROUTE_NORMAL;
    }
}

/* ---------------------------------------------------------------- alloc / free */

static inline __attribute__((always_inline)) int
alloc_normal(struct mem_thread *t, struct mem_pool *p, unsigned idx, uint32_t gen, size_t size,
             unsigned regpol, unsigned regflags, void **out)
{
    if (__builtin_expect(charge_normal(t, p, idx, size) != 0, 0))
        return -ENOCAP;
    int fl = normal_flags(p, size) | pool_tc(t, p, idx, gen); /* validates the cache (D12) */
    void *ptr = size <= RES_SMALL ? bc_pop(&t->tc[idx], size) : NULL;
    if (!ptr && __builtin_expect(!(ptr = mem_je.alloc(size, fl)), 0)) {
        credit_normal(t, p, idx, size);
        return -ENOMEM;
    }
    int rc = mem_reg_insert_inl((uintptr_t)ptr, size, p->owner, regpol, MEM_PAGE_NORMAL, regflags);
    if (__builtin_expect(rc != 0, 0)) {
        mem_je.dalloc(ptr, size, fl);
        credit_normal(t, p, idx, size);
        return rc;
    }
    *out = ptr;
    return 0;
}

static __attribute__((noinline)) int alloc_huge(struct mem_pool *p, size_t size, unsigned regpol,
                                                unsigned regflags, void **out)
{
    if (pool_charge(p, size) != 0)
        return -ENOCAP;
    void *ptr = mem_je.alloc(size, p->flags_huge);
    if (!ptr) {
        pool_credit(p, size);
        return -ENOPAGES;
    }
    enum mem_page_kind kind = pool_kind_at(p, (uintptr_t)ptr);
    int rc = mem_reg_insert((uintptr_t)ptr, size, p->owner, regpol, kind, regflags);
    if (rc != 0) {
        mem_je.dalloc(ptr, size, p->flags_huge);
        pool_credit(p, size);
        return rc;
    }
    if (kind != MEM_PAGE_NORMAL) /* relaxed: statistics */
        atomic_fetch_add_explicit(&p->used_huge, size, memory_order_relaxed);
    *out = ptr;
    return 0;
}

static __attribute__((noinline)) int alloc_direct(struct mem_pool *p, size_t size, unsigned regpol,
                                                  unsigned regflags, void **out)
{
    size_t len = round_up(size, MEM_HUGE_1G);
    if (len < size)
        return -ENOMEM;
    if (pool_charge(p, len) != 0)
        return -ENOCAP;
    struct mem_mapping m;
    if (mem_pages_map(len, MEM_HUGE_1G, MEM_WANT_HUGE1G, &m) != 0) {
        pool_credit(p, len);
        return -ENOPAGES;
    }
    pthread_mutex_lock(&p->map_lock);
    int rc = maps_add(p, &m);
    pthread_mutex_unlock(&p->map_lock);
    if (rc == 0) {
        rc = mem_reg_insert(m.base, size, p->owner, regpol, m.kind, regflags | MEM_REG_F_DIRECT);
        if (rc != 0) {
            pthread_mutex_lock(&p->map_lock);
            long i = maps_find(p, m.base);
            if (i >= 0) {
                memmove(&p->maps[i], &p->maps[i + 1], (p->nmaps - (size_t)i - 1) * sizeof(m));
                p->nmaps--;
            }
            pthread_mutex_unlock(&p->map_lock);
        }
    }
    if (rc != 0) {
        mem_pages_unmap(&m);
        pool_credit(p, len);
        return rc;
    }
    /* relaxed: statistics */
    atomic_fetch_add_explicit(&p->mapped[m.kind], m.len, memory_order_relaxed);
    atomic_fetch_add_explicit(&p->used_huge1g, len, memory_order_relaxed);
    *out = (void *)m.base;
    return 0;
}

static __attribute__((noinline)) void free_direct(struct mem_pool *p,
                                                  const struct mem_reg_info *info)
{
    struct mem_mapping m = {0};
    pthread_mutex_lock(&p->map_lock);
    long i = maps_find(p, info->base);
    if (i >= 0 && p->maps[i].base == info->base) {
        m = p->maps[i];
        memmove(&p->maps[i], &p->maps[i + 1], (p->nmaps - (size_t)i - 1) * sizeof(m));
        p->nmaps--;
    }
    pthread_mutex_unlock(&p->map_lock);
    if (!m.len)
        return;
    mem_pages_unmap(&m);
    /* relaxed: statistics */
    atomic_fetch_sub_explicit(&p->mapped[m.kind], m.len, memory_order_relaxed);
    atomic_fetch_sub_explicit(&p->used_huge1g, m.len, memory_order_relaxed);
    pool_credit(p, m.len);
}

int mem_pool_alloc(unsigned idx, size_t size, unsigned policy, size_t route_size, unsigned regflags,
                   void **out)
{
    struct mem_pool *p = &pools[idx];
    unsigned regpol;
    enum route r = route_of(policy, route_size, &regpol);
    struct mem_thread *t = mem_thread_self();
    if (__builtin_expect(!t, 0))
        return -ENOMEM;
    int rc;
    bool stolen = false;
again:
    mem_op_begin(t);
    /* acquire (D1): the pool's I fields are visible once LIVE is seen */
    if (__builtin_expect(atomic_load_explicit(&p->state, memory_order_acquire) != POOL_LIVE, 0)) {
        rc = -ENODEV;
        goto out;
    }
    /* relaxed: gen is an I field for the pool's LIVE period (D1) */
    uint32_t gen = atomic_load_explicit(&p->gen, memory_order_relaxed);
    switch (r) {
    case ROUTE_NORMAL:
        rc = alloc_normal(t, p, idx, gen, size, regpol, regflags, out);
        break;
    case ROUTE_HUGE:
    case ROUTE_HUGE_FIRST:
        rc = alloc_huge(p, size, regpol, regflags, out);
        if (rc == -ENOPAGES && r == ROUTE_HUGE_FIRST)
            rc = alloc_normal(t, p, idx, gen, size, regpol, regflags, out);
        break;
    case ROUTE_HUGE1G:
        rc = alloc_direct(p, size, regpol, regflags, out);
        break;
    default:
        rc = -EINVAL;
    }
    if (rc == -ENOPAGES) {
        atomic_fetch_add_explicit(&p->fail_pages, 1, memory_order_relaxed); /* stats */
        rc = -ENOMEM;
    }
    if (__builtin_expect(rc == -ENOCAP, 0)) {
        /* Capacity may sit in reservations (D10): reclaim them and retry once, from
         * outside the op section (the steal waits for a grace period). A nested
         * caller (already inside a section) cannot wait: it gets the refusal. */
        if (!stolen && t->depth == 1) {
            mem_op_end(t);
            stolen = true;
            if (pool_steal(idx))
                goto again;
            mem_op_begin(t);
        }
        atomic_fetch_add_explicit(&p->fail_capacity, 1, memory_order_relaxed); /* stats */
        rc = -ENOMEM;
    }
out:
    mem_op_end(t);
    return rc;
}

/* Give a removed allocation (info) back to its pool p; inside the op section that
 * removed it (D3). */
static inline __attribute__((always_inline)) void free_removed(struct mem_thread *t,
                                                               struct mem_pool *p, unsigned idx,
                                                               void *ptr,
                                                               const struct mem_reg_info *info)
{
    if (__builtin_expect(info->flags & MEM_REG_F_DIRECT, 0)) {
        free_direct(p, info);
    } else if (__builtin_expect(info->kind == MEM_PAGE_NORMAL, 1)) {
        /* relaxed: I field during LIVE (D1) */
        uint32_t gen = atomic_load_explicit(&p->gen, memory_order_relaxed);
        int fl = normal_flags(p, info->size) | pool_tc(t, p, idx, gen); /* validates (D12) */
        if (!(info->size <= RES_SMALL && bc_push(&t->tc[idx], ptr, info->size, NULL)))
            mem_je.dalloc(ptr, info->size, fl);
        credit_normal(t, p, idx, info->size);
    } else {
        mem_je.dalloc(ptr, info->size, p->flags_huge);
        /* relaxed: statistics */
        atomic_fetch_sub_explicit(&p->used_huge, info->size, memory_order_relaxed);
        pool_credit(p, info->size);
    }
}

int mem_pool_free(void *ptr, int want)
{
    struct mem_thread *t = mem_thread_self();
    if (__builtin_expect(!t, 0))
        return -ENOMEM;
    struct mem_reg_info info;
    mem_op_begin(t);
    int rc = mem_reg_remove_inl(ptr, (enum mem_reg_want)want, &info);
    if (__builtin_expect(rc != 0, 0))
        goto out;
    unsigned idx = info.owner == MEM_OWNER_HOST ? MEM_POOL_HOST : info.owner;
    if (idx >= MEM_POOL_MAX)
        goto out;
    struct mem_pool *p = &pools[idx];
    /* acquire (D1). A pool that is being torn down reclaims the memory itself (D4). */
    if (atomic_load_explicit(&p->state, memory_order_acquire) == POOL_LIVE)
        free_removed(t, p, idx, ptr, &info);
out:
    mem_op_end(t);
    return rc;
}

int mem_pool_retire(void *ptr, int want, struct mem_retired *out)
{
    struct mem_thread *t = mem_thread_self();
    if (__builtin_expect(!t, 0))
        return -ENOMEM;
    mem_op_begin(t);
    int rc = mem_reg_remove_inl(ptr, (enum mem_reg_want)want, &out->info);
    if (rc == 0) {
        unsigned idx = out->info.owner == MEM_OWNER_HOST ? MEM_POOL_HOST : out->info.owner;
        out->ptr = ptr;
        out->pool = idx;
        out->gen = 0; /* a pool being torn down reclaims the memory itself (D4) */
        /* acquire (D1); relaxed gen: an I field while LIVE */
        if (idx < MEM_POOL_MAX &&
            atomic_load_explicit(&pools[idx].state, memory_order_acquire) == POOL_LIVE)
            out->gen = atomic_load_explicit(&pools[idx].gen, memory_order_relaxed);
    }
    mem_op_end(t);
    return rc;
}

bool mem_pool_reclaim(const struct mem_retired *r)
{
    struct mem_thread *t = mem_thread_self();
    if (!r->gen || !t)
        return false;
    struct mem_pool *p = &pools[r->pool];
    bool done = false;
    mem_op_begin(t);
    /* acquire (D1); relaxed gen: the incarnation that retired the block, or a later one (its
     * arenas are new: the block went with the teardown, D4) */
    if (atomic_load_explicit(&p->state, memory_order_acquire) == POOL_LIVE &&
        atomic_load_explicit(&p->gen, memory_order_relaxed) == r->gen) {
        free_removed(t, p, r->pool, r->ptr, &r->info);
        done = true;
    }
    mem_op_end(t);
    return done;
}

/* ---------------------------------------------------------------- lifecycle */

static int arena_create(struct mem_pool *p, int which, enum mem_pages_want want)
{
    struct mem_arena *ar = &p->arena[which];
    ar->hooks = hooks_template;
    ar->pool = p;
    ar->want = want;
    extent_hooks_t *hp = &ar->hooks;
    unsigned ind;
    size_t sz = sizeof(ind);
    int rc = mem_je.ctl("arenas.create", &ind, &sz, &hp, sizeof(hp));
    if (rc != 0)
        return -rc;
    ar->ind = ind;
    /* jemalloc (5.2+) purges a freed extent of oversize_threshold (8 MiB) or
     * more eagerly, at every free: an aclrtMalloc+aclrtFree of 64 MiB was an
     * madvise and then page faults on the next use (perf, issue 16). No
     * eager purge here: large extents stay dirty in the arena and are reused
     * as they are; the arena's ordinary decay (opt.dirty_decay_ms) and the
     * pool's teardown (D4) still give the pages back. Capacity accounting is
     * `used`, not mapped bytes, so it is unaffected. Best effort: an older
     * jemalloc without the knob keeps its behaviour. */
    char name[64];
    size_t never = SIZE_MAX;
    snprintf(name, sizeof(name), "arena.%u.oversize_threshold", ind);
    (void)mem_je.ctl(name, NULL, NULL, &never, sizeof(never));
    return 0;
}

static void arena_destroy(struct mem_pool *p, int which)
{
    char name[64];
    snprintf(name, sizeof(name), "arena.%u.destroy", p->arena[which].ind);
    mem_je.ctl(name, NULL, NULL, NULL, 0);
}

/* Takes pools_lock and returns p's state (relaxed: state changes only under pools_lock). */
static uint32_t pool_lock_state(const struct mem_pool *p)
{
    pthread_mutex_lock(&pools_lock);
    return atomic_load_explicit(&p->state, memory_order_relaxed);
}

int mem_pool_init(unsigned idx, size_t capacity)
{
    if (idx >= MEM_POOL_MAX || capacity == 0)
        return -EINVAL;
    if (!mem_initialized)
        return -ENODEV;
    struct mem_pool *p = &pools[idx];
    int rc = 0;
    if (pool_lock_state(p) != POOL_NONE) {
        rc = -EBUSY;
        goto out;
    }
    p->owner = idx == MEM_POOL_HOST ? MEM_OWNER_HOST : idx;
    p->capacity = capacity;
    rc = arena_create(p, AR_NORMAL, MEM_WANT_NORMAL);
    if (rc != 0)
        goto out;
    rc = arena_create(p, AR_HUGE, MEM_WANT_HUGE);
    if (rc != 0) {
        arena_destroy(p, AR_NORMAL);
        goto out;
    }
    size_t align = idx == MEM_POOL_HOST ? MEM_ALIGN : MEM_DEV_ALIGN;
    size_t page = idx == MEM_POOL_HOST ? 4 * MEM_KiB : align; /* normal_flags */
    p->flags_normal = MALLOCX_ARENA(p->arena[AR_NORMAL].ind) | MALLOCX_ALIGN(align);
    p->flags_page = MALLOCX_ARENA(p->arena[AR_NORMAL].ind) | MALLOCX_ALIGN(page);
    p->flags_huge =
        MALLOCX_ARENA(p->arena[AR_HUGE].ind) | MALLOCX_ALIGN(page) | MALLOCX_TCACHE_NONE;
    /* relaxed: under pools_lock; published by the release below */
    uint32_t g = atomic_load_explicit(&p->gen, memory_order_relaxed) + 1;
    if (g == 0)
        g = 1;
    atomic_store_explicit(&p->gen, g, memory_order_relaxed);
    /* relaxed: published by the release below; +2: no word of an earlier
     * incarnation is live or pending (D11) */
    atomic_store_explicit(&p->rtag, atomic_load_explicit(&p->rtag, memory_order_relaxed) + 2,
                          memory_order_relaxed);
    /* release (D1): publishes the fields above */
    atomic_store_explicit(&p->state, POOL_LIVE, memory_order_release);
out:
    pthread_mutex_unlock(&pools_lock);
    return rc;
}

int mem_pool_fini(unsigned idx)
{
    if (idx >= MEM_POOL_MAX)
        return -EINVAL;
    struct mem_pool *p = &pools[idx];
    if (pool_lock_state(p) != POOL_LIVE) {
        pthread_mutex_unlock(&pools_lock);
        return -ENODEV;
    }
    /* relaxed: mem_op_synchronize orders it for every op section (D4, OS2 in thread.c) */
    atomic_store_explicit(&p->state, POOL_DYING, memory_order_relaxed);
    mem_op_synchronize();

    pthread_mutex_lock(&p->tc_lock);
    for (size_t i = 0; i < p->ntcs; i++)
        mem_je.ctl("tcache.destroy", NULL, NULL, &p->tcs[i], sizeof(p->tcs[i]));
    p->ntcs = 0;
    pthread_mutex_unlock(&p->tc_lock);

    /* No op section touches this pool any more; jemalloc calls our hooks (and so
     * takes map_lock) only from calls on our arenas, which have stopped. */
    for (size_t i = 0; i < p->nmaps; i++)
        mem_reg_prune(p->maps[i].base, p->maps[i].len);
    mem_reg_reclaim();
    arena_destroy(p, AR_HUGE);
    arena_destroy(p, AR_NORMAL);

    pthread_mutex_lock(&p->map_lock);
    for (size_t i = 0; i < p->nmaps; i++)
        mem_pages_unmap(&p->maps[i]);
    free(p->maps);
    p->maps = NULL;
    p->nmaps = p->capmaps = 0;
    pthread_mutex_unlock(&p->map_lock);

    /* relaxed: nobody uses the pool; the next init publishes with release. Under
     * steal_lock: a stealer that saw LIVE has credited by now (D11). */
    pthread_mutex_lock(&p->steal_lock);
    atomic_store_explicit(&p->used, 0, memory_order_relaxed);
    atomic_store_explicit(&p->peak, 0, memory_order_relaxed);
    atomic_store_explicit(&p->used_huge, 0, memory_order_relaxed);
    atomic_store_explicit(&p->used_huge1g, 0, memory_order_relaxed);
    for (int k = 0; k < MEM_PAGE_KINDS; k++)
        atomic_store_explicit(&p->mapped[k], 0, memory_order_relaxed);
    atomic_store_explicit(&p->fail_capacity, 0, memory_order_relaxed);
    atomic_store_explicit(&p->fail_pages, 0, memory_order_relaxed);
    pthread_mutex_unlock(&p->steal_lock);
    atomic_store_explicit(&p->state, POOL_NONE, memory_order_release); /* release: D1 */
    pthread_mutex_unlock(&pools_lock);
    return 0;
}

bool mem_pool_live(unsigned idx)
{
    /* acquire (D1) */
    return idx < MEM_POOL_MAX &&
           atomic_load_explicit(&pools[idx].state, memory_order_acquire) == POOL_LIVE;
}

int mem_pool_stats(unsigned idx, struct mem_dev_stats *st)
{
    if (idx >= MEM_POOL_MAX || !st)
        return -EINVAL;
    struct mem_pool *p = &pools[idx];
    memset(st, 0, sizeof(*st));
    if (pool_lock_state(p) != POOL_LIVE) {
        pthread_mutex_unlock(&pools_lock);
        return -ENODEV;
    }
    /* relaxed: statistics snapshot */
    st->capacity = p->capacity;
    st->used = atomic_load_explicit(&p->used, memory_order_relaxed);
    /* reservations count as free (D9): a snapshot, exact when no thread allocates */
    size_t res = res_sum(idx);
    st->used = st->used > res ? st->used - res : 0;
    st->peak = atomic_load_explicit(&p->peak, memory_order_relaxed);
    st->used_huge = atomic_load_explicit(&p->used_huge, memory_order_relaxed);
    st->used_huge1g = atomic_load_explicit(&p->used_huge1g, memory_order_relaxed);
    size_t big = st->used_huge + st->used_huge1g;
    st->used_normal = st->used > big ? st->used - big : 0;
    for (int k = 0; k < MEM_PAGE_KINDS; k++)
        st->mapped[k] = atomic_load_explicit(&p->mapped[k], memory_order_relaxed);
    st->fail_capacity = atomic_load_explicit(&p->fail_capacity, memory_order_relaxed);
    st->fail_pages = atomic_load_explicit(&p->fail_pages, memory_order_relaxed);
    pthread_mutex_lock(&p->map_lock);
    st->mappings = p->nmaps;
    pthread_mutex_unlock(&p->map_lock);
    pthread_mutex_lock(&p->tc_lock);
    st->tcaches = p->ntcs;
    pthread_mutex_unlock(&p->tc_lock);
    pthread_mutex_unlock(&pools_lock);
    return 0;
}

/* ---------------------------------------------------------------- device API */

static inline bool dev_ok(int dev)
{
    return dev >= 0 && dev < MEM_DEV_MAX;
}

int mem_dev_init(int dev, size_t capacity)
{
    if (!dev_ok(dev))
        return -EINVAL;
    return mem_pool_init((unsigned)dev, capacity);
}

/* Does [p, p + n) overlap a mapping of a live pool (memory the pools own,
 * allocated or not)? Cold: copies ask it only for pointers the registry does
 * not know. Linear over the mappings after the binary search for p. */
bool mem_dev_in_pool(const void *p, size_t n)
{
    uintptr_t a = (uintptr_t)p, end = n > UINTPTR_MAX - a ? UINTPTR_MAX : a + n;
    for (unsigned idx = 0; idx < MEM_POOL_MAX; idx++) {
        struct mem_pool *pl = &pools[idx];
        /* relaxed: a hint; the mappings are read under map_lock. A dying pool counts
         * (D8): its mappings go away under map_lock, so a hit here is still mapped. */
        if (atomic_load_explicit(&pl->state, memory_order_relaxed) == POOL_NONE)
            continue;
        bool hit = false;
        pthread_mutex_lock(&pl->map_lock);
        for (size_t i = 0; i < pl->nmaps && !hit; i++)
            hit = pl->maps[i].base < end && a < pl->maps[i].base + pl->maps[i].len;
        pthread_mutex_unlock(&pl->map_lock);
        if (hit)
            return true;
    }
    return false;
}

bool mem_dev_owner_live(unsigned owner)
{
    /* D8: inside the caller's op section, with the lookup that returned owner */
    return mem_pool_live(owner == MEM_OWNER_HOST ? MEM_POOL_HOST : owner);
}

int mem_dev_fini(int dev)
{
    if (!dev_ok(dev))
        return -EINVAL;
    return mem_pool_fini((unsigned)dev);
}

static __attribute__((noinline)) int dev_alloc_slow(int dev, size_t size, unsigned policy,
                                                    unsigned flags, void **out)
{
    size_t r;
    if (!dev_ok(dev) || !out)
        return -EINVAL;
    int rc = mem_dev_round(size, policy, flags, &r);
    if (rc != 0)
        return rc;
    return mem_pool_alloc((unsigned)dev, r, policy, size,
                          (flags & MEM_DEV_F_ALIGN32) ? MEM_REG_F_ALIGN32 : 0, out);
}

/* Policies whose allocations of at most 1 MiB take the normal route with the policy
 * itself recorded (route_of): the fast path's only ones. */
#define FAST_POLICIES                                                                              \
    ((1u << MEM_POLICY_HUGE_FIRST) | (1u << MEM_POLICY_NORMAL_ONLY) |                              \
     (1u << MEM_POLICY_HUGE_FIRST_P2P) | (1u << MEM_POLICY_NORMAL_ONLY_P2P) |                      \
     (1u << MEM_POLICY_MANAGED))

/*
 * Fast path (issue 16, second round): a small allocation (rounded size <= RES_SMALL)
 * of the normal route that this thread's block cache can serve, charged to its
 * reservation: no jemalloc call, no read-modify-write, no call at all. It does what
 * mem_pool_alloc + alloc_normal do for that case, in the same order and under the
 * same invariants (D1, D3, D9, D12), minus the registry's argument checks (the block
 * was registered with this very size, owner and alignment before it was cached).
 * Anything else (no cached block, reservation short, pool not live, ...) changes
 * nothing and goes to mem_pool_alloc.
 */
int mem_dev_alloc(int dev, size_t size, unsigned policy, unsigned flags, void **out)
{
    struct mem_thread *t = mem_thread_cur;
    size_t r = ((size + 31) & ~(size_t)31) + 32; /* mem_dev_round without ALIGN32 */
    if (__builtin_expect(!t || (unsigned)dev >= MEM_DEV_MAX || !out || flags ||
                             size - 1 >= RES_SMALL - 32 || policy > 15 ||
                             !((FAST_POLICIES >> policy) & 1u),
                         0))
        return dev_alloc_slow(dev, size, policy, flags, out);
    struct mem_pool *p = &pools[dev];
    struct mem_thread_tc *slot = &t->tc[dev];
    struct mem_bcache *bc = slot->bc;
    if (__builtin_expect(!bc, 0))
        return dev_alloc_slow(dev, size, policy, flags, out);
    mem_op_begin(t);
    /* acquire (D1); relaxed gens: the pool's is an I field while LIVE, the slot is ours */
    if (__builtin_expect(atomic_load_explicit(&p->state, memory_order_acquire) != POOL_LIVE ||
                             atomic_load_explicit(&slot->gen, memory_order_relaxed) !=
                                 atomic_load_explicit(&p->gen, memory_order_relaxed),
                         0))
        goto slow;
    unsigned b = 0;
    while (bc->size[b] != r || !bc->n[b])
        if (++b == BC_BINS)
            goto slow;
    /* the reservation (res_take's fast case; relaxed: D9, as there) */
    uint32_t cur = atomic_load_explicit(&p->rtag, memory_order_relaxed);
    uint64_t w = atomic_load_explicit(&slot->res, memory_order_relaxed);
    if (__builtin_expect(res_tag(w) != cur || (uint32_t)w < r, 0))
        goto slow;
    unsigned k = bc->n[b] - 1;
    void *ptr = bc->p[b][k];
    uintptr_t a = (uintptr_t)ptr;
    /* the registry (mem_reg_insert_inl without its checks; RG2, RG3): the entry the
     * free cached with the block, else a walk */
    _Atomic uint64_t *ep = bc->ep[b][k];
    if (__builtin_expect(!ep || covers_pages(a, r), 0)) {
        struct reg_slot *rs = slot_find(a);
        /* acquire (RG3): pairs with the CAS that published the leaf */
        struct reg_leaf *l = rs ? atomic_load_explicit(&rs->leaf, memory_order_acquire) : NULL;
        if (!l)
            goto slow;
        ep = &l->e[(a >> REG_GRAN_SHIFT) & (REG_LEAF_N - 1)];
        /* covers before the base entry (RG2); a failure (no mid for a far page)
         * leaves nothing set and the slow path retries */
        if (covers_pages(a, r) && mem_reg_span_mark(rs, a, r, a, true) != 0) {
            mem_reg_span_mark(rs, a, r, 0, false);
            goto slow;
        }
    }
    bc->n[b] = k;
    atomic_store_explicit(&slot->res, w - r, memory_order_relaxed); /* relaxed: D9 */
    /* release (RG2): as mem_reg_insert_inl */
    atomic_store_explicit(ep, entry_make(r, p->owner, policy, MEM_PAGE_NORMAL, 0),
                          memory_order_release);
    mem_op_end(t);
    *out = ptr;
    return 0;
slow:
    mem_op_end(t);
    return dev_alloc_slow(dev, size, policy, flags, out);
}

/*
 * Fast path of the free, the mirror of mem_dev_alloc's. It reads the registry entry,
 * decides from it and from this thread's state everything the free will do (the
 * block cache bin and the reservation have room, the pool is live), and only then
 * clears the entry with the CAS that decides the single winner of racing frees (D3):
 * what follows the CAS (a locked instruction, which waits for the store buffer and
 * holds back later loads) is stores only. A CAS that fails (the entry changed since it
 * was read: a racing free, or a free and a new allocation at the same address), and
 * every case the fast path does not serve, take mem_pool_free's general path within
 * the same op section.
 */
int mem_dev_free(void *ptr)
{
    struct mem_thread *t = mem_thread_cur;
    uintptr_t a = (uintptr_t)ptr;
    if (__builtin_expect(!t || !addr_ok(a) || (a & (MEM_ALIGN - 1)) || !mem_reg_dir, 0))
        return mem_pool_free(ptr, MEM_REG_WANT_DEVICE);
    mem_op_begin(t);
    struct reg_slot *rs = slot_find(a);
    /* acquire (RG3) */
    struct reg_leaf *l = rs ? atomic_load_explicit(&rs->leaf, memory_order_acquire) : NULL;
    if (__builtin_expect(!l, 0))
        goto general;
    _Atomic uint64_t *ep = &l->e[(a >> REG_GRAN_SHIFT) & (REG_LEAF_N - 1)];
    /* acquire (RG2): the entry's fields are used below */
    uint64_t e = atomic_load_explicit(ep, memory_order_acquire);
    unsigned idx = (unsigned)(e >> E_OWNER_SHIFT) & 127u;
    size_t n = (size_t)(e >> E_SIZE_SHIFT);
    /* a live small device allocation on base pages from the arena (flags 0 or ALIGN32) */
    if (__builtin_expect(e == 0 || !want_ok(e, MEM_REG_WANT_DEVICE) || idx >= MEM_DEV_MAX ||
                             ((e >> E_KIND_SHIFT) & 3u) != MEM_PAGE_NORMAL ||
                             ((e >> E_FLAGS_SHIFT) & MEM_REG_F_DIRECT) || n > RES_SMALL,
                         0))
        goto general;
    struct mem_pool *p = &pools[idx];
    struct mem_thread_tc *slot = &t->tc[idx];
    struct mem_bcache *bc = slot->bc;
    /* acquire (D1): the pool stays usable for this whole op section (D4); relaxed
     * gens: as in mem_dev_alloc */
    if (__builtin_expect(!bc ||
                             atomic_load_explicit(&p->state, memory_order_acquire) != POOL_LIVE ||
                             atomic_load_explicit(&slot->gen, memory_order_relaxed) !=
                                 atomic_load_explicit(&p->gen, memory_order_relaxed),
                         0))
        goto general;
    unsigned b = 0;
    while (bc->size[b] != n || bc->n[b] >= bc->cap[b])
        if (++b == BC_BINS)
            goto general;
    /* relaxed: res_give's fast case (D9) */
    uint32_t cur = atomic_load_explicit(&p->rtag, memory_order_relaxed);
    uint64_t w = atomic_load_explicit(&slot->res, memory_order_relaxed);
    if (__builtin_expect(res_tag(w) != cur || (uint32_t)w + n > RES_MAX, 0))
        goto general;
    /* acq_rel (RG2, D3): as mem_reg_remove_inl; on failure nothing was changed */
    if (__builtin_expect(!atomic_compare_exchange_strong_explicit(ep, &e, 0, memory_order_acq_rel,
                                                                  memory_order_acquire),
                         0))
        goto general;
    if (covers_pages(a, n)) /* after the CAS (RG2) */
        mem_reg_span_mark(rs, a, n, 0, false);
    unsigned k = bc->n[b];
    bc->p[b][k] = ptr;
    bc->ep[b][k] = ep;
    bc->n[b] = k + 1;
    atomic_store_explicit(&slot->res, w + n, memory_order_relaxed); /* relaxed: D9 */
    mem_op_end(t);
    return 0;
general:;
    int rc = mem_pool_free(ptr, MEM_REG_WANT_DEVICE); /* nests in this op section */
    mem_op_end(t);
    return rc;
}

int mem_dev_charge(int dev, size_t n, uint32_t *gen)
{
    if (!dev_ok(dev) || n == 0 || !gen)
        return -EINVAL;
    struct mem_pool *p = &pools[dev];
    struct mem_thread *t = mem_thread_self();
    if (!t)
        return -ENOMEM;
    int rc = -ENODEV;
    for (int round = 0; round < 2; round++) {
        mem_op_begin(t);
        /* acquire (D1, D7) */
        if (atomic_load_explicit(&p->state, memory_order_acquire) == POOL_LIVE) {
            /* relaxed: gen is an I field for the pool's LIVE period (D1) */
            *gen = atomic_load_explicit(&p->gen, memory_order_relaxed);
            rc = pool_charge(p, n);
        }
        bool nested = t->depth > 1;
        mem_op_end(t);
        /* capacity in reservations: reclaim and retry once (D10), outside the section */
        if (rc != -ENOCAP || round || nested || !pool_steal((unsigned)dev))
            break;
    }
    if (rc == -ENOCAP) {
        atomic_fetch_add_explicit(&p->fail_capacity, 1, memory_order_relaxed); /* stats */
        rc = -ENOMEM;
    }
    return rc;
}

void mem_dev_credit(int dev, size_t n, uint32_t gen)
{
    if (!dev_ok(dev) || n == 0)
        return;
    struct mem_pool *p = &pools[dev];
    struct mem_thread *t = mem_thread_self();
    if (!t)
        return;
    mem_op_begin(t);
    /* acquire (D1, D7); relaxed gen: an I field while LIVE */
    if (atomic_load_explicit(&p->state, memory_order_acquire) == POOL_LIVE &&
        atomic_load_explicit(&p->gen, memory_order_relaxed) == gen)
        pool_credit(p, n);
    mem_op_end(t);
}

int mem_dev_vmm_register(int dev, uintptr_t base, size_t size)
{
    if (!dev_ok(dev))
        return -EINVAL;
    struct mem_thread *t = mem_thread_self();
    if (!t)
        return -ENOMEM;
    int rc = -ENODEV;
    mem_op_begin(t);
    /* acquire (D1): no registration for a pool that is going */
    if (atomic_load_explicit(&pools[dev].state, memory_order_acquire) == POOL_LIVE)
        rc = mem_reg_insert(base, size, (unsigned)dev, MEM_POLICY_VMM, MEM_PAGE_NORMAL, 0);
    mem_op_end(t);
    return rc;
}

int mem_dev_vmm_unregister(uintptr_t base)
{
    struct mem_thread *t = mem_thread_self();
    if (!t)
        return -ENOMEM;
    mem_op_begin(t);
    int rc = mem_reg_remove((const void *)base, MEM_REG_WANT_VMM, NULL);
    mem_op_end(t);
    if (rc == 0)
        mem_op_synchronize(); /* D8: no access that found the range is still running */
    return rc;
}

int mem_dev_stats(int dev, struct mem_dev_stats *st)
{
    if (!dev_ok(dev))
        return -EINVAL;
    return mem_pool_stats((unsigned)dev, st);
}

static inline size_t min_sz(size_t a, size_t b)
{
    return a < b ? a : b;
}

int mem_dev_meminfo(int dev, enum mem_class cls, size_t *free_bytes, size_t *total_bytes)
{
    struct mem_dev_stats st;
    if (!free_bytes || !total_bytes)
        return -EINVAL;
    int rc = mem_dev_stats(dev, &st);
    if (rc != 0)
        return rc;
    size_t total = st.capacity, free_b = st.capacity - st.used;
    struct mem_pages_caps caps;
    switch (cls) {
    case MEM_CLASS_ALL:
    case MEM_CLASS_NORMAL:
        break;
    case MEM_CLASS_HUGE:
        mem_pages_caps(&caps);
        if (!caps.thp) {
            total = min_sz(total, caps.hugetlb_2m_total * MEM_HUGE_2M);
            free_b = min_sz(free_b, caps.hugetlb_2m_free * MEM_HUGE_2M);
        }
        break;
    case MEM_CLASS_HUGE1G:
        mem_pages_caps(&caps);
        total = min_sz(total, caps.hugetlb_1g_total * MEM_HUGE_1G);
        free_b = min_sz(free_b, caps.hugetlb_1g_free * MEM_HUGE_1G);
        break;
    default:
        return -EINVAL;
    }
    *free_bytes = free_b;
    *total_bytes = total;
    return 0;
}

int mem_dev_trim(int dev)
{
    if (!dev_ok(dev))
        return -EINVAL;
    struct mem_pool *p = &pools[dev];
    int rc = 0;
    if (pool_lock_state(p) != POOL_LIVE) {
        rc = -ENODEV;
    } else {
        char name[64];
        for (int w = 0; w < 2; w++) {
            snprintf(name, sizeof(name), "arena.%u.purge", p->arena[w].ind);
            mem_je.ctl(name, NULL, NULL, NULL, 0);
        }
    }
    pthread_mutex_unlock(&pools_lock);
    return rc;
}

int mem_dev_mappings(int dev, struct mem_mapping *out, size_t cap, size_t *n)
{
    if (!dev_ok(dev) || !n)
        return -EINVAL;
    struct mem_pool *p = &pools[dev];
    /* acquire: pairs with the release that published the pool (as in alloc) */
    if (atomic_load_explicit(&p->state, memory_order_acquire) != POOL_LIVE) {
        *n = 0;
        return 0;
    }
    pthread_mutex_lock(&p->map_lock);
    *n = p->nmaps;
    for (size_t i = 0; out && i < p->nmaps && i < cap; i++)
        out[i] = p->maps[i];
    pthread_mutex_unlock(&p->map_lock);
    return 0;
}
