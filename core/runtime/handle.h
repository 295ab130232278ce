/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Handle tables: the values behind aclrtContext, aclrtStream, aclrtEvent,
 * aclmdlRI ... (core/runtime/handle.c). A lookup is lock-free and memory-safe
 * for any value; insert and remove take g_rt.lock.
 */
#ifndef CPUACL_CORE_RUNTIME_HANDLE_H
#define CPUACL_CORE_RUNTIME_HANDLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum core_htype {
    CORE_H_CONTEXT = 0xC1,
    CORE_H_STREAM = 0xC2,
    CORE_H_EVENT = 0xC3,
    CORE_H_MODEL = 0xC4,
    CORE_H_TASKGRP = 0xC5,
    CORE_H_DRVMEM = 0xC6,     /* aclrtDrvMemHandle (core/memory/vmm.c) */
    CORE_H_MODEL_TASK = 0xC7, /* aclmdlRITask values (core/model/capture.c): never in a table */
    CORE_H_MBUF = 0xC8,       /* aclrtMbuf / acltdtBuf values (core/memory/buf.c) */
};

/*
 * A handle is tag:8 | generation:32 | index+1:24, never 0. The table is a
 * two-level array of slots whose chunks are never freed, so a lookup of any
 * value is memory-safe.
 */
struct core_slot {
    _Atomic uint32_t gen; /* A: bumped at unlink */
    void *_Atomic obj;    /* A: NULL when free */
};

#define CORE_TABLE_CHUNK 1024u
#define CORE_TABLE_CHUNKS 1024u

struct core_table {
    struct core_slot *_Atomic chunks[CORE_TABLE_CHUNKS];
    uint8_t tag;
    uint32_t nslots; /* written under g_rt.lock (release); read lock-free with acquire */
    uint32_t *free;  /* stack of free indices, guarded by g_rt.lock */
    uint32_t nfree, capfree;
};

/* Insert obj; returns its handle, 0 when the table is full. Lock held. */
uint64_t core_table_insert(struct core_table *t, void *obj);
/* Unlink the object of handle h (its handle dies). Lock held. */
void core_table_remove(struct core_table *t, uint64_t h);

static inline void *core_table_lookup(struct core_table *t, const void *handle)
{
    uint64_t h = (uint64_t)(uintptr_t)handle;
    uint32_t idx = (uint32_t)(h & 0xFFFFFF);
    if ((h >> 56) != t->tag || idx == 0)
        return NULL;
    idx--;
    if (idx >= CORE_TABLE_CHUNK * CORE_TABLE_CHUNKS)
        return NULL;
    /* acquire: pairs with the release store that published the chunk. */
    struct core_slot *c =
        atomic_load_explicit(&t->chunks[idx / CORE_TABLE_CHUNK], memory_order_acquire);
    if (!c)
        return NULL;
    struct core_slot *s = &c[idx % CORE_TABLE_CHUNK];
    /* acquire: pairs with the release in insert, so the object is initialised. */
    void *obj = atomic_load_explicit(&s->obj, memory_order_acquire);
    /* relaxed: after obj's acquire; a stale match races with destroy (L1, L2). */
    if (!obj || atomic_load_explicit(&s->gen, memory_order_relaxed) != (uint32_t)(h >> 24))
        return NULL;
    return obj;
}

/* Take a reference on an object found by a lock-free lookup (under rcu_read_lock): refs + 1
 * unless it is already 0 (the object is being freed). relaxed CAS: the reference only keeps
 * the memory alive; the fields read afterwards were published by the table's release store. */
static inline bool core_ref_tryget(_Atomic uint32_t *refs)
{
    uint32_t r = atomic_load_explicit(refs, memory_order_relaxed);
    do {
        if (r == 0)
            return false;
    } while (!atomic_compare_exchange_weak_explicit(refs, &r, r + 1, memory_order_relaxed,
                                                    memory_order_relaxed));
    return true;
}

#endif
