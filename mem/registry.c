/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Pointer registry: a fixed-depth radix tree over the address, with "cover" marks for
 * allocations that span pages.
 *
 * Why this structure. aclrtFree validates every pointer and aclrtMemcpy classifies two
 * pointers per call, and allocation + free must stay within ~1.5x of a bare jemalloc
 * alloc+free (~15-20 ns). A sorted array rebuilt copy-on-write costs O(n) per change;
 * a skiplist or B-tree costs O(log n) dependent cache misses and an allocation per
 * insert. Here insert and remove of an allocation that spans at most two 4 KiB pages
 * are one or two stores plus one CAS, with no allocation (after a page's leaf exists),
 * and every lookup is three dependent loads plus a short scan inside one leaf,
 * whatever the number of live allocations (100k or 10M).
 *
 * Layout (addresses below 2^48):
 *   dir[a >> 30]            -> mid: one per GiB, 2^18 slots, mmap'd (touched lazily)
 *   mid->s[(a >> 12) & ..]  -> slot: { leaf pointer, cover }, one per 4 KiB page
 *   leaf->e[(a >> 6) & 63]  -> entry for the 64-byte granule at a
 * All allocations start 64-byte aligned and occupy at least one granule, so granule
 * index identifies a base.
 *
 * An allocation [b, b+n) is recorded as:
 *   - a base entry at b's granule: size (48 bits) | flags | kind | policy | owner
 *   - cover = b in the slot of every page lying entirely inside (b, b+n), except
 *     that a whole 2 MiB block of such pages gets one block cover in the mid
 *     instead (bcover), and a whole 64 KiB group of them outside such blocks one
 *     group cover (gcover); a lookup reads those two only when a's page has no
 *     base at or below a.
 * Lookup of a: if a's slot has a cover, the answer is that base. Else scan a's leaf
 * downwards from a's granule; the first base entry found decides (a < base + size?).
 * If a's page holds no base at or below a, the allocation can only start in the page
 * before (a page further back would leave a full page in between, which would carry a
 * cover): check that page's cover, else its highest base entry. So an allocation that
 * spans at most two pages costs one store to insert and one CAS to remove.
 *
 * Invariants:
 *   RG1. Live allocations never overlap. Hence for an address a: no base lies in
 *       (b, a] when a is inside [b, b+n); a page fully inside an allocation holds no
 *       base; and the nearest base at or below a decides whether a is allocated.
 *   RG2. Insert writes the covers before the base entry (release); remove clears the
 *       base entry first with a CAS (acq_rel), then the covers; callers give the memory
 *       back to jemalloc only after remove returns, so the next owner's insert is
 *       ordered after the clears. A lookup that finds a cover whose base entry is gone
 *       answers "not found", and of two concurrent removals of one base exactly one
 *       succeeds.
 *   RG3. dir entries and leaves are published with CAS (release) and read with acquire
 *       loads; mids are never freed (RG6).
 *   RG4. Leaves are only freed after being unlinked by mem_reg_prune and after a grace
 *       period of mem op sections (mem_op_synchronize, thread.h), inside which every
 *       insert, remove and lookup runs. synchronize, not a call_rcu-style deferral:
 *       pruning happens only at pool teardown, which is already slow (munmap of the
 *       pool), needs no reclaim thread, and returns with the memory actually released.
 *   RG5. Entries hold no pointers, so a racing reader can at worst get a stale answer
 *       for memory that is being freed concurrently; it never dereferences freed memory.
 *   RG6. mem_reg_dir is written once (the first mem_reg_init) and the directory and mids are
 *       never unmapped: mem_reg_fini only prunes everything and reclaims (RG4), so a
 *       lookup racing mem_fini reads mapped memory and answers "not found".
 *
 * Memory: one 512-byte leaf per 4 KiB page that ever held an allocation base (12.5% of
 * the page when it is packed with 64-byte allocations, ~0 for tensor-sized ones), kept
 * until the pool's teardown; 16 bytes of mid per page plus 8 per 64 KiB group and per 2 MiB
 * block (touched lazily).
 */
#include "mem/registry.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "mem/registry_inl.h"
#include "mem/thread.h"

_Atomic(struct reg_mid *) *mem_reg_dir; /* I: mmap'd at init; entries A (CAS) */

static pthread_mutex_t prune_lock = PTHREAD_MUTEX_INITIALIZER;
static struct reg_leaf **garbage; /* prune_lock */
static size_t ngarbage, capgarbage;

static _Atomic size_t reg_nleaves; /* A: statistics only */
static _Atomic size_t reg_nmids;   /* A: statistics only */

int mem_reg_init(void)
{
    if (mem_reg_dir)
        return 0;
    void *p = mmap(NULL, REG_DIR_N * sizeof(*mem_reg_dir), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return -ENOMEM;
    mem_reg_dir = p;
    return 0;
}

static void slot_prune(struct reg_slot *s);

void mem_reg_fini(void)
{
    if (!mem_reg_dir)
        return;
    /* RG6: a lookup may still be running (a memory call racing aclFinalize, which
     * checked the runtime before it went). The directory and the mids stay mapped
     * for the life of the process (the next mem_reg_init reuses them); every leaf is
     * unlinked as at a pool's teardown and freed after a grace period. */
    pthread_mutex_lock(&prune_lock);
    for (size_t d = 0; d < REG_DIR_N; d++) {
        /* acquire (RG3) */
        struct reg_mid *m = atomic_load_explicit(&mem_reg_dir[d], memory_order_acquire);
        for (size_t i = 0; m && i < REG_MID_N; i++)
            /* relaxed: only a hint which slots to clear (reads leave the mid's
             * untouched pages unpopulated); slot_prune does the ordered work */
            if (atomic_load_explicit(&m->s[i].leaf, memory_order_relaxed) ||
                atomic_load_explicit(&m->s[i].cover, memory_order_relaxed))
                slot_prune(&m->s[i]);
        for (size_t b = 0; m && b < REG_MID_BLOCKS; b++)
            /* relaxed test as above; release: RG2, as mem_reg_prune's block clears */
            if (atomic_load_explicit(&m->bcover[b], memory_order_relaxed))
                atomic_store_explicit(&m->bcover[b], 0, memory_order_release);
        for (size_t g = 0; m && g < REG_MID_GROUPS; g++)
            /* relaxed test, release clear: as the block covers above */
            if (atomic_load_explicit(&m->gcover[g], memory_order_relaxed))
                atomic_store_explicit(&m->gcover[g], 0, memory_order_release);
    }
    pthread_mutex_unlock(&prune_lock);
    mem_reg_reclaim();
}

__attribute__((noinline)) struct reg_slot *mem_reg_slot_get_slow(uintptr_t a)
{
    struct reg_mid *m = mmap(NULL, sizeof(struct reg_mid), PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    struct reg_mid *expect = NULL;
    /* release (RG3): the zero-filled mid is visible before its pointer */
    if (atomic_compare_exchange_strong_explicit(&mem_reg_dir[a >> REG_DIR_SHIFT], &expect, m,
                                                memory_order_release, memory_order_acquire)) {
        atomic_fetch_add_explicit(&reg_nmids, 1, memory_order_relaxed); /* relaxed: stats */
    } else {
        munmap(m, sizeof(*m));
        m = expect;
    }
    return &m->s[(a >> REG_PAGE_SHIFT) & (REG_MID_N - 1)];
}

__attribute__((noinline)) struct reg_leaf *mem_reg_leaf_get_slow(struct reg_slot *s)
{
    struct reg_leaf *n = calloc(1, sizeof(*n));
    if (!n)
        return NULL;
    struct reg_leaf *l = NULL;
    /* release (RG3): the zeroed leaf is visible before its pointer */
    if (atomic_compare_exchange_strong_explicit(&s->leaf, &l, n, memory_order_release,
                                                memory_order_acquire)) {
        atomic_fetch_add_explicit(&reg_nleaves, 1, memory_order_relaxed); /* relaxed: stats */
        return n;
    }
    free(n);
    return l;
}

/* Does the base entry e at base hold a? */
static inline int entry_check(uintptr_t base, uint64_t e, uintptr_t a, struct mem_reg_info *out)
{
    if (a - base >= (size_t)(e >> E_SIZE_SHIFT))
        return -ENOENT;
    if (out)
        entry_decode(base, e, out);
    return 0;
}

/* The slot of page number pg, given s0 = the slot of page pg0 (same mid when both
 * pages lie in the same GiB, which is the common case: no dir load then). */
static inline struct reg_slot *slot_near(struct reg_slot *s0, uintptr_t pg0, uintptr_t pg,
                                         bool create)
{
    uintptr_t a = pg << REG_PAGE_SHIFT;
    if (((pg0 ^ pg) >> (REG_DIR_SHIFT - REG_PAGE_SHIFT)) == 0)
        return s0 + ((intptr_t)pg - (intptr_t)pg0); /* pg may precede pg0: signed (UBSan, api_fuzz) */
    return create ? slot_get(a) : slot_find(a);
}

/* The block cover of page pg, given its slot s (s[] is reg_mid's first member). */
static inline _Atomic uintptr_t *bcover_of(struct reg_slot *s, uintptr_t pg)
{
    struct reg_mid *m = (struct reg_mid *)(void *)(s - (pg & (REG_MID_N - 1)));
    return &m->bcover[(pg >> (REG_BLOCK_SHIFT - REG_PAGE_SHIFT)) & (REG_MID_BLOCKS - 1)];
}

/* The group cover of page pg, given its slot s. */
static inline _Atomic uintptr_t *gcover_of(struct reg_slot *s, uintptr_t pg)
{
    struct reg_mid *m = (struct reg_mid *)(void *)(s - (pg & (REG_MID_N - 1)));
    return &m->gcover[(pg >> (REG_GROUP_SHIFT - REG_PAGE_SHIFT)) & (REG_MID_GROUPS - 1)];
}

/* The group or block cover of page pg (a page fully inside an allocation has
 * exactly one of page, group and block cover): a base or 0.
 * acquire (RG2): a cover is followed by a read of its base entry. */
static inline uintptr_t cover_wide(struct reg_slot *s, uintptr_t pg)
{
    uintptr_t c = atomic_load_explicit(gcover_of(s, pg), memory_order_acquire);
    return c ? c : atomic_load_explicit(bcover_of(s, pg), memory_order_acquire);
}

/* The cover of page pg (its page cover, else its group's, else its block's). */
static inline uintptr_t cover_of(struct reg_slot *s, uintptr_t pg)
{
    /* acquire (RG2): as cover_wide */
    uintptr_t c = atomic_load_explicit(&s->cover, memory_order_acquire);
    return c ? c : cover_wide(s, pg);
}

/* Set (val = b) or clear (val = 0) the covers of the pages lying entirely inside
 * (b, b+n); s0 = b's slot. Whole 2 MiB blocks among them get one block cover, whole
 * 64 KiB groups outside those one group cover, the other pages a page cover (a block
 * or group never straddles two mids: a GiB is a whole number of both). */
__attribute__((noinline)) int mem_reg_span_mark(struct reg_slot *s0, uintptr_t b, size_t n,
                                               uintptr_t val, bool create)
{
    uintptr_t end = b + n;
    uintptr_t pg0 = b >> REG_PAGE_SHIFT;
    uintptr_t full_end = end >> REG_PAGE_SHIFT; /* first page not entirely inside */
    for (uintptr_t pg = pg0 + 1; pg < full_end;) {
        uintptr_t left = full_end - pg, step = 1;
        if ((pg & (REG_BLOCK_PAGES - 1)) == 0 && left >= REG_BLOCK_PAGES)
            step = REG_BLOCK_PAGES;
        else if ((pg & (REG_GROUP_PAGES - 1)) == 0 && left >= REG_GROUP_PAGES)
            step = REG_GROUP_PAGES;
        struct reg_slot *s = slot_near(s0, pg0, pg, create);
        if (!s) {
            if (create)
                return -ENOMEM;
            pg += step;
            continue;
        }
        _Atomic uintptr_t *c = step == REG_BLOCK_PAGES   ? bcover_of(s, pg)
                               : step == REG_GROUP_PAGES ? gcover_of(s, pg)
                                                         : &s->cover;
        /* release (RG2): ordered before the base entry store / after its CAS */
        atomic_store_explicit(c, val, memory_order_release);
        pg += step;
    }
    return 0;
}

/* Resolve a cover: read the base entry and check that it holds a. */
static int resolve(uintptr_t base, uintptr_t a, struct mem_reg_info *out)
{
    struct reg_slot *s = slot_find(base);
    if (!s)
        return -ENOENT;
    /* acquire (RG3) */
    struct reg_leaf *l = atomic_load_explicit(&s->leaf, memory_order_acquire);
    if (!l)
        return -ENOENT;
    /* acquire (RG2): pairs with the base entry's release store */
    uint64_t e = atomic_load_explicit(&l->e[(base >> REG_GRAN_SHIFT) & (REG_LEAF_N - 1)],
                                      memory_order_acquire);
    return entry_check(base, e, a, out);
}

/* Highest base entry at granule <= j in leaf l: its granule, or -1. */
static inline int leaf_scan(struct reg_leaf *l, int j, uint64_t *e_out)
{
    for (; j >= 0; j--) {
        /* acquire (RG2): pairs with the base entry's release store */
        uint64_t e = atomic_load_explicit(&l->e[j], memory_order_acquire);
        if (e) {
            *e_out = e;
            return j;
        }
    }
    return -1;
}

int mem_reg_lookup_in_op(const void *p, struct mem_reg_info *out)
{
    uintptr_t a = (uintptr_t)p;
    if (!addr_ok(a) || !mem_reg_dir)
        return -ENOENT;
    struct reg_slot *s = slot_find(a);
    if (!s)
        return -ENOENT;
    /* acquire (RG2): a cover is followed by a read of its base entry */
    uintptr_t c = atomic_load_explicit(&s->cover, memory_order_acquire);
    if (c)
        return resolve(c, a, out);
    uint64_t e;
    uintptr_t pg = a >> REG_PAGE_SHIFT;
    /* acquire (RG3) */
    struct reg_leaf *l = atomic_load_explicit(&s->leaf, memory_order_acquire);
    if (l) {
        int j = leaf_scan(l, (int)((a >> REG_GRAN_SHIFT) & (REG_LEAF_N - 1)), &e);
        if (j >= 0) /* RG1: the nearest base decides */
            return entry_check((a & ~(REG_PAGE - 1)) | ((uintptr_t)j << REG_GRAN_SHIFT), e, a,
                               out);
    }
    /* No base at or below a in its page: a group or block cover decides when
     * there is one (RG1: a page inside a live allocation holds no base). Checked
     * only here, so a lookup that finds its base in the leaf reads no extra line. */
    c = cover_wide(s, pg);
    if (c)
        return resolve(c, a, out);
    /* No base at or below a in its page: only an allocation starting in the page
     * before can reach a (RG1; a page further back would leave a covered page). */
    if (pg == 0)
        return -ENOENT;
    struct reg_slot *ps = slot_near(s, pg, pg - 1, false);
    if (!ps)
        return -ENOENT;
    c = cover_of(ps, pg - 1);
    if (c)
        return resolve(c, a, out);
    l = atomic_load_explicit(&ps->leaf, memory_order_acquire); /* acquire (RG3) */
    if (!l)
        return -ENOENT;
    int j = leaf_scan(l, (int)REG_LEAF_N - 1, &e);
    if (j < 0)
        return -ENOENT;
    return entry_check(((pg - 1) << REG_PAGE_SHIFT) | ((uintptr_t)j << REG_GRAN_SHIFT), e, a, out);
}

int mem_reg_lookup(const void *p, struct mem_reg_info *out)
{
    struct mem_thread *t = mem_thread_self();
    if (__builtin_expect(!t, 0))
        return -ENOMEM;
    mem_op_begin(t);
    int rc = mem_reg_lookup_in_op(p, out);
    mem_op_end(t);
    return rc;
}

/* Error classification for a failed removal: interior/wrong kind vs unknown. */
int mem_reg_remove_error(uintptr_t a)
{
    return mem_reg_lookup_in_op((const void *)a, NULL) == 0 ? -EINVAL : -ENOENT;
}

/* Clear slot s and unlink its leaf onto the garbage list (RG4). prune_lock held. */
static void slot_prune(struct reg_slot *s)
{
    atomic_store_explicit(&s->cover, 0, memory_order_release); /* release: RG2 */
    /* acq_rel (RG4): unlink; readers that still hold it are waited for */
    struct reg_leaf *l = atomic_exchange_explicit(&s->leaf, NULL, memory_order_acq_rel);
    if (!l)
        return;
    if (ngarbage == capgarbage) {
        size_t nc = capgarbage ? capgarbage * 2 : 64;
        struct reg_leaf **g = realloc(garbage, nc * sizeof(*g));
        if (!g) {
            /* Keep it linked rather than leak a dangling leaf: clear it. */
            for (size_t j = 0; j < REG_LEAF_N; j++)
                atomic_store_explicit(&l->e[j], 0, memory_order_release);
            atomic_store_explicit(&s->leaf, l, memory_order_release);
            return;
        }
        garbage = g;
        capgarbage = nc;
    }
    garbage[ngarbage++] = l;
    atomic_fetch_sub_explicit(&reg_nleaves, 1, memory_order_relaxed); /* stats */
}

void mem_reg_prune(uintptr_t lo, size_t len)
{
    if (!mem_reg_dir || len == 0)
        return;
    pthread_mutex_lock(&prune_lock);
    uintptr_t hi = lo + len;
    for (uintptr_t a = lo & ~(REG_PAGE - 1); a < hi && addr_ok(a);) {
        struct reg_slot *s = slot_find(a);
        if (!s) {
            a = ((a >> REG_DIR_SHIFT) + 1) << REG_DIR_SHIFT; /* next GiB */
            continue;
        }
        if ((a & (((uintptr_t)1 << REG_BLOCK_SHIFT) - 1)) == 0 &&
            hi - a >= ((uintptr_t)1 << REG_BLOCK_SHIFT)) /* release: RG2 */
            atomic_store_explicit(bcover_of(s, a >> REG_PAGE_SHIFT), 0, memory_order_release);
        if ((a & (((uintptr_t)1 << REG_GROUP_SHIFT) - 1)) == 0 &&
            hi - a >= ((uintptr_t)1 << REG_GROUP_SHIFT)) /* release: RG2 */
            atomic_store_explicit(gcover_of(s, a >> REG_PAGE_SHIFT), 0, memory_order_release);
        slot_prune(s);
        a += REG_PAGE;
    }
    pthread_mutex_unlock(&prune_lock);
}

void mem_reg_reclaim(void)
{
    pthread_mutex_lock(&prune_lock);
    struct reg_leaf **g = garbage;
    size_t n = ngarbage;
    garbage = NULL;
    ngarbage = capgarbage = 0;
    pthread_mutex_unlock(&prune_lock);
    if (!n) {
        free(g);
        return;
    }
    mem_op_synchronize(); /* RG4 */
    for (size_t i = 0; i < n; i++)
        free(g[i]);
    free(g);
}

void mem_reg_stats(struct mem_reg_stats *st)
{
    /* relaxed: statistics */
    st->leaves = atomic_load_explicit(&reg_nleaves, memory_order_relaxed);
    st->mids = atomic_load_explicit(&reg_nmids, memory_order_relaxed);
}

int mem_reg_insert(uintptr_t base, size_t size, unsigned owner, unsigned policy,
                   enum mem_page_kind kind, unsigned flags)
{
    return mem_reg_insert_inl(base, size, owner, policy, kind, flags);
}

int mem_reg_remove(const void *p, enum mem_reg_want want, struct mem_reg_info *out)
{
    return mem_reg_remove_inl(p, want, out);
}
