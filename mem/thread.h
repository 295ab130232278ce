/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Per-thread state of the memory layer, and op sections: the RCU read side of mem/.
 *
 * An op section (mem_op_begin/end) protects everything mem/ frees under a grace
 * period: registry leaves (registry.c, RG4) and a pool's arenas and tcaches at
 * teardown (devmem.c, D4). It is the liburcu "memb" scheme, specialised: two stores
 * of a per-thread sequence on the read side, membarrier(PRIVATE_EXPEDITED) plus a
 * scan on the grace-period side (mem_op_synchronize). Why not liburcu's own read
 * side: a urcu_memb_read_lock/unlock pair costs ~10 ns here (its inline fast path is
 * LGPL-only, and the library calls go through __tls_get_addr three times), against
 * ~1 ns for this one, on paths (alloc+free ~35-40 ns, memcpy pointer validation) where
 * that matters; and liburcu registration is owned by core/ (core_rcu_thread_online),
 * so mem/ registers no thread with liburcu at all and cannot register one twice.
 *
 * Synchronization table:
 *   mem_op_begin/end        any thread; nestable; inside, only the pool's leaf locks
 *                           (tc_lock, map_lock) and jemalloc's own locks are taken
 *   mem_op_synchronize      never inside an op section; concurrent callers are
 *                           serialised by the thread-list lock
 */
#ifndef CPUACL_MEM_THREAD_H
#define CPUACL_MEM_THREAD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/barrier.h"
#include "mem/mem.h"

/* Per-thread, per-pool explicit jemalloc tcache (see devmem.c, "tcache"). */
struct mem_thread_tc {
    _Atomic uint32_t gen; /* P: pool generation the tcache belongs to; 0 = none      */
    int flags;            /* P: MALLOCX_TCACHE(id) or MALLOCX_TCACHE_NONE            */
    /* Capacity reservation (devmem.c, "Reservations"): tag << 32 | bytes. The owner
     * loads and stores it (no read-modify-write) inside op sections whose view of
     * the pool's rtag equals tag; other threads only CAS words of a stale tag. */
    _Atomic uint64_t res;
    /* P: small freed blocks kept for reuse (devmem.c, "Block cache"); valid while
     * gen matches, like the tcache; allocated on first use, freed at thread exit */
    struct mem_bcache *bc;
};

struct mem_thread {
    _Atomic uint64_t seq; /* P: owner stores (odd = inside an op); A: read by GP     */
    unsigned depth;       /* P: nesting depth of op sections                         */
    /* P: small per-thread caches for the hot paths */
    struct mem_thread_tc tc[MEM_POOL_MAX];
    /* L: thread list, under the list lock in thread.c */
    struct mem_thread *next, *prev;
};

extern __thread struct mem_thread *mem_thread_cur __attribute__((tls_model("initial-exec")));
/* I: true when the kernel offers MEMBARRIER_CMD_PRIVATE_EXPEDITED (set by mem_init). */
extern bool mem_thread_have_membarrier;

/* Slow path of mem_thread_self: allocate and link this thread's state. NULL on OOM. */
struct mem_thread *mem_thread_create(void);

/* This thread's state, created on first use (NULL only when out of memory). */
static inline struct mem_thread *mem_thread_self(void)
{
    struct mem_thread *t = mem_thread_cur;
    if (__builtin_expect(t != NULL, 1))
        return t;
    return mem_thread_create();
}

/*
 * Enter an op section (nestable). OS6: the store of the odd sequence is ordered before
 * the section's loads either by the membarrier() in mem_op_synchronize (OS8, the common
 * case: a compiler barrier suffices here) or by a full fence when membarrier is not
 * available.
 */
static inline void mem_op_begin(struct mem_thread *t)
{
    if (t->depth++)
        return;
    /* relaxed: only the owner writes seq; ordering comes from OS6/OS8 */
    uint64_t s = atomic_load_explicit(&t->seq, memory_order_relaxed);
    atomic_store_explicit(&t->seq, s + 1, memory_order_relaxed);
    if (__builtin_expect(mem_thread_have_membarrier, 1))
        atomic_signal_fence(memory_order_seq_cst); /* OS6: compiler-only, OS8 is the CPU half */
    else
        base_fence_full(); /* OS6: pairs with OS8's fence */
}

/* Leave an op section. OS7: release, pairs with the acquire load in OS9. */
static inline void mem_op_end(struct mem_thread *t)
{
    if (--t->depth)
        return;
    /* relaxed load: own variable */
    uint64_t s = atomic_load_explicit(&t->seq, memory_order_relaxed);
    atomic_store_explicit(&t->seq, s + 1, memory_order_release); /* OS7 */
}

/*
 * Wait until every op section that began before this call has ended. Sections that
 * begin later observe every store made before the call (OS8). Blocks; must not be
 * called from inside an op section or while holding a lock an op section may take.
 */
void mem_op_synchronize(void);

/* Call fn(t, arg) for every live thread state, under the thread-list lock (so no
 * record is freed meanwhile). Not inside an op section; fn must not call back into
 * the thread machinery (mem_op_synchronize, mem_thread_create). */
void mem_thread_each(void (*fn)(struct mem_thread *t, void *arg), void *arg);

/* Set up the membarrier probe and the pthread key (called by mem_init; idempotent). */
int mem_thread_init(void);

/* Per-pool cleanup at thread exit, implemented by devmem.c. */
void mem_pool_thread_exit(struct mem_thread *t);

#endif
