/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Handle tables (core/runtime/handle.h): insert and remove, under g_rt.lock.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "core/runtime/fault.h"
#include "core/runtime/handle.h"

uint64_t core_table_insert(struct core_table *t, void *obj)
{
    uint32_t idx;
    if (t->nfree) {
        idx = t->free[--t->nfree];
    } else {
        if (t->nslots == CORE_TABLE_CHUNK * CORE_TABLE_CHUNKS)
            return 0;
        idx = t->nslots;
        uint32_t ci = idx / CORE_TABLE_CHUNK;
        /* relaxed: chunks are installed only here, under g_rt.lock. */
        if (!atomic_load_explicit(&t->chunks[ci], memory_order_relaxed)) {
            struct core_slot *c = core_calloc(CORE_TABLE_CHUNK, sizeof(*c));
            if (!c)
                return 0;
            /* release: lookups that find the chunk see it zeroed. */
            atomic_store_explicit(&t->chunks[ci], c, memory_order_release);
        }
        /* release: a lock-free reader of nslots (core/memory/retire.c) sees the chunk of
         * every slot below it. */
        __atomic_store_n(&t->nslots, t->nslots + 1, __ATOMIC_RELEASE);
    }
    struct core_slot *s = &t->chunks[idx / CORE_TABLE_CHUNK][idx % CORE_TABLE_CHUNK];
    uint32_t gen = atomic_load_explicit(&s->gen, memory_order_relaxed); /* relaxed: lock held */
    /* release: publishes the initialised object to lock-free lookups. */
    atomic_store_explicit(&s->obj, obj, memory_order_release);
    return ((uint64_t)t->tag << 56) | ((uint64_t)gen << 24) | (idx + 1);
}

void core_table_remove(struct core_table *t, uint64_t h)
{
    uint32_t idx = (uint32_t)(h & 0xFFFFFF) - 1;
    struct core_slot *s = &t->chunks[idx / CORE_TABLE_CHUNK][idx % CORE_TABLE_CHUNK];
    /* relaxed: lookups check obj first; a lookup that still sees the old obj
     * with the old gen raced with destroy, which L1/L2 make memory-safe. */
    atomic_store_explicit(&s->gen, (uint32_t)(h >> 24) + 1, memory_order_relaxed);
    /* release: a slot reused later is seen empty before its new object. */
    atomic_store_explicit(&s->obj, NULL, memory_order_release);
    if (t->nfree == t->capfree) {
        uint32_t cap = t->capfree ? t->capfree * 2 : 256;
        uint32_t *n = core_realloc(t->free, cap * sizeof(*n));
        if (!n)
            return; /* the slot leaks; the table stays correct */
        t->free = n;
        t->capfree = cap;
    }
    t->free[t->nfree++] = idx;
}
