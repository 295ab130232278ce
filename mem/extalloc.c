/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The builtin extent allocator: the subset of jemalloc's mallocx / sdallocx / mallctl that
 * devmem.c uses, on the same extent hooks, for processes where jemalloc cannot be loaded
 * (a plain python3: jemalloc.h). Simple and locked; devmem's per-thread block cache sits in
 * front of it for the common small sizes.
 *
 *   arenas.create            an arena on the given extent_hooks_t (its index as jemalloc's)
 *   arena.<i>.destroy        forget the arena; its extents stay with the hooks' owner (devmem
 *                            unmaps every mapping of a pool at teardown, after this)
 *   arena.<i>.purge|decay    give back the pages of free large extents (hooks->purge_forced)
 *   arena.<i>.oversize_threshold, tcache.destroy, tcache.flush   accepted, nothing to do
 *   tcache.create            refused (EAGAIN): devmem then uses MALLOCX_TCACHE_NONE
 *   version                  "0.0.0-cpuacl-builtin"
 * mallocx needs MALLOCX_ARENA (there is no default arena) and honours MALLOCX_ALIGN up to the
 * page size; MALLOCX_ZERO is not supported (devmem never asks for it).
 *
 * Layout. Small sizes (up to 1 MiB) round up to a power of two, at least 64 bytes and the
 * alignment, and are carved from 2 MiB chunks the hooks give; a freed block goes on its
 * class's free list (the link is stored in the block) and is reused only by that class.
 * Large sizes round up to 2 MiB and get an extent of their own; a freed one goes on the
 * arena's large list (its length and link stored in its first page) and is reused for the
 * same rounded length; beyond EXT_KEEP_DIRTY free bytes, freed extents have their pages past
 * the first given back (at 64 MiB, every aclrtMalloc+aclrtFree pair of 64 MiB was an madvise,
 * ~67 us in cpuacl-bench's alloc study; devmem keeps jemalloc's large extents dirty too).
 *
 * Invariants:
 *   XT1. An arena's lists, chunk and counters are touched only under its lock.
 *   XT2. g_arenas[i] is published with release after the arena is complete and cleared at
 *        destroy; users load it with acquire. The caller (devmem) guarantees no call on an
 *        arena runs concurrently with, or after, its destroy (D4 in devmem.c).
 *   XT3. A block is freed with the size and flags it was allocated with (sdallocx's
 *        contract), so its class or large length is recomputed, never stored beside it.
 */
#include "mem/jemalloc.h"

#include <errno.h>
#include <jemalloc/jemalloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXT_ARENAS 256
#define EXT_MIN_LG 6                       /* smallest class: 64 B              */
#define EXT_SMALL_LG 20                    /* largest small class: 1 MiB        */
#define EXT_CHUNK ((size_t)2 << 20)        /* small blocks are carved from these */
#define EXT_LARGE_GRAIN ((size_t)2 << 20)  /* large lengths are multiples of it  */
#define EXT_PAGE ((size_t)4096)            /* extents are page-aligned           */
#define EXT_KEEP_DIRTY ((size_t)256 << 20) /* free large bytes kept with pages  */

struct ext_block {
    struct ext_block *next;
};

struct ext_large {
    struct ext_large *next;
    size_t len;
};

struct ext_arena {
    pthread_mutex_t lock;
    extent_hooks_t *hooks;                    /* const after create */
    unsigned ind;                             /* const after create */
    struct ext_block *bins[EXT_SMALL_LG + 1]; /* XT1: free small blocks by class (lg) */
    char *bump, *end;                         /* XT1: the chunk being carved          */
    struct ext_large *large;                  /* XT1: free large extents              */
    size_t large_free;                        /* XT1: their bytes                     */
};

static _Atomic(struct ext_arena *) g_arenas[EXT_ARENAS];
static pthread_mutex_t g_create_lock = PTHREAD_MUTEX_INITIALIZER;

static inline unsigned ceil_lg(size_t v)
{
    return v <= 1 ? 0 : 64u - (unsigned)__builtin_clzll(v - 1);
}

static inline size_t round_up(size_t v, size_t a)
{
    return (v + a - 1) & ~(a - 1);
}

static struct ext_arena *arena_of(int flags)
{
    unsigned a = (unsigned)flags >> 20; /* MALLOCX_ARENA(i) is (i + 1) << 20 */
    if (a == 0 || a > EXT_ARENAS)
        return NULL;
    /* acquire (XT2): the arena's fields were written before its release */
    return atomic_load_explicit(&g_arenas[a - 1], memory_order_acquire);
}

static inline size_t align_of(int flags)
{
    unsigned lg = (unsigned)flags & 0x3f; /* MALLOCX_LG_ALIGN */
    return lg ? (size_t)1 << lg : 1;
}

static void *hooks_alloc(struct ext_arena *ar, size_t len, size_t align)
{
    bool zero = false, commit = true;
    return ar->hooks->alloc(ar->hooks, NULL, len, align < EXT_PAGE ? EXT_PAGE : align, &zero,
                            &commit, ar->ind);
}

/* Give back the pages of free extent e past its first (which holds the record). */
static void purge_tail(struct ext_arena *ar, struct ext_large *e)
{
    if (ar->hooks->purge_forced && e->len > EXT_PAGE)
        (void)ar->hooks->purge_forced(ar->hooks, e, e->len, EXT_PAGE, e->len - EXT_PAGE, ar->ind);
}

void *mem_ext_mallocx(size_t size, int flags)
{
    struct ext_arena *ar = arena_of(flags);
    size_t align = align_of(flags);
    if (!ar || size == 0 || align > EXT_PAGE || size > SIZE_MAX - EXT_LARGE_GRAIN)
        return NULL;
    unsigned lg = ceil_lg(size);
    if (lg < EXT_MIN_LG)
        lg = EXT_MIN_LG;
    if (lg < ceil_lg(align))
        lg = ceil_lg(align);
    void *p = NULL;
    pthread_mutex_lock(&ar->lock);
    if (lg <= EXT_SMALL_LG) {
        size_t cs = (size_t)1 << lg;
        struct ext_block *b = ar->bins[lg];
        if (b) {
            ar->bins[lg] = b->next;
            p = b;
        } else {
            /* classes are powers of two and chunks page-aligned: aligning the bump to the
             * class (at most a page) gives every block its class's alignment up to a page */
            size_t a = cs < EXT_PAGE ? cs : EXT_PAGE;
            char *q = ar->bump ? (char *)round_up((uintptr_t)ar->bump, a) : NULL;
            if (!q || (size_t)(ar->end - q) < cs) {
                q = hooks_alloc(ar, EXT_CHUNK, EXT_PAGE);
                if (q)
                    ar->end = q + EXT_CHUNK; /* the rest of the old chunk is abandoned */
            }
            if (q) {
                ar->bump = q + cs;
                p = q;
            }
        }
    } else {
        size_t len = round_up(size, EXT_LARGE_GRAIN);
        struct ext_large **pp = &ar->large;
        while (*pp && (*pp)->len != len)
            pp = &(*pp)->next;
        if (*pp) {
            struct ext_large *e = *pp;
            *pp = e->next;
            ar->large_free -= len;
            p = e;
        } else {
            p = hooks_alloc(ar, len, align);
        }
    }
    pthread_mutex_unlock(&ar->lock);
    return p;
}

void mem_ext_sdallocx(void *ptr, size_t size, int flags)
{
    struct ext_arena *ar = arena_of(flags);
    if (!ar || !ptr)
        return;
    unsigned lg = ceil_lg(size);
    if (lg < EXT_MIN_LG)
        lg = EXT_MIN_LG;
    if (lg < ceil_lg(align_of(flags)))
        lg = ceil_lg(align_of(flags));
    pthread_mutex_lock(&ar->lock);
    if (lg <= EXT_SMALL_LG) {
        struct ext_block *b = ptr;
        b->next = ar->bins[lg];
        ar->bins[lg] = b;
    } else {
        struct ext_large *e = ptr;
        e->len = round_up(size, EXT_LARGE_GRAIN); /* XT3 */
        if (ar->large_free + e->len > EXT_KEEP_DIRTY)
            purge_tail(ar, e);
        e->next = ar->large;
        ar->large = e;
        ar->large_free += e->len;
    }
    pthread_mutex_unlock(&ar->lock);
}

static int arena_create(void *oldp, size_t *oldlenp, void *newp, size_t newlen)
{
    if (!newp || newlen != sizeof(extent_hooks_t *) || !oldp || !oldlenp ||
        *oldlenp != sizeof(unsigned))
        return EINVAL;
    extent_hooks_t *hooks = *(extent_hooks_t **)newp;
    if (!hooks || !hooks->alloc)
        return EINVAL;
    struct ext_arena *ar = calloc(1, sizeof(*ar));
    if (!ar)
        return ENOMEM;
    pthread_mutex_init(&ar->lock, NULL);
    ar->hooks = hooks;
    int rc = EAGAIN; /* every index in use */
    pthread_mutex_lock(&g_create_lock);
    for (unsigned i = 0; i < EXT_ARENAS; i++) {
        /* relaxed: slots change only under g_create_lock (XT2) */
        if (!atomic_load_explicit(&g_arenas[i], memory_order_relaxed)) {
            ar->ind = i;
            /* release (XT2): publishes the arena's fields */
            atomic_store_explicit(&g_arenas[i], ar, memory_order_release);
            *(unsigned *)oldp = i;
            rc = 0;
            break;
        }
    }
    pthread_mutex_unlock(&g_create_lock);
    if (rc != 0) {
        pthread_mutex_destroy(&ar->lock);
        free(ar);
    }
    return rc;
}

static int arena_ctl(unsigned i, const char *op)
{
    if (i >= EXT_ARENAS)
        return ENOENT;
    /* acquire (XT2) */
    struct ext_arena *ar = atomic_load_explicit(&g_arenas[i], memory_order_acquire);
    if (!ar)
        return ENOENT;
    if (strcmp(op, "oversize_threshold") == 0)
        return 0;
    if (strcmp(op, "purge") == 0 || strcmp(op, "decay") == 0) {
        pthread_mutex_lock(&ar->lock);
        for (struct ext_large *e = ar->large; e; e = e->next)
            purge_tail(ar, e);
        pthread_mutex_unlock(&ar->lock);
        return 0;
    }
    if (strcmp(op, "destroy") == 0) {
        pthread_mutex_lock(&g_create_lock);
        /* relaxed: the arena is no longer used (XT2); the slot only under the lock */
        atomic_store_explicit(&g_arenas[i], NULL, memory_order_relaxed);
        pthread_mutex_unlock(&g_create_lock);
        pthread_mutex_destroy(&ar->lock);
        free(ar);
        return 0;
    }
    return ENOENT;
}

int mem_ext_mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen)
{
    if (!name)
        return EINVAL;
    if (strcmp(name, "arenas.create") == 0)
        return arena_create(oldp, oldlenp, newp, newlen);
    if (strcmp(name, "tcache.create") == 0)
        return EAGAIN;
    if (strcmp(name, "tcache.destroy") == 0 || strcmp(name, "tcache.flush") == 0)
        return 0;
    if (strcmp(name, "version") == 0) {
        if (!oldp || !oldlenp || *oldlenp != sizeof(const char *))
            return EINVAL;
        *(const char **)oldp = "0.0.0-cpuacl-builtin";
        return 0;
    }
    unsigned i;
    char op[32];
    if (sscanf(name, "arena.%u.%31s", &i, op) == 2)
        return arena_ctl(i, op);
    return ENOENT;
}
