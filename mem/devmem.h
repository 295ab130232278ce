/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device memory: one pool per virtual device, each with its own jemalloc arenas whose
 * extent hooks map through the page provider, a capacity, and statistics.
 *
 * Synchronization table:
 *   mem_dev_alloc / mem_dev_free      any thread, concurrently, on any devices
 *   mem_dev_charge / mem_dev_credit   any thread, concurrently with the above
 *   mem_dev_vmm_(un)register          any thread; the caller keeps its ranges disjoint
 *   mem_dev_stats / mem_dev_meminfo   any thread (counters read relaxed: a snapshot
 *                                     that may be a few allocations stale; per-thread
 *                                     capacity reservations count as free, devmem.c D9)
 *   capacity refusals                 reclaim other threads' reservations first, which
 *                                     waits for a grace period (not from inside an op
 *                                     section: a nested caller just gets -ENOMEM)
 *   mem_dev_init / mem_dev_fini       serialised by an internal lock; fini may run
 *                                     while other threads allocate (they get -ENODEV)
 *                                     but not from inside a mem op section
 */
#ifndef CPUACL_MEM_DEVMEM_H
#define CPUACL_MEM_DEVMEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mem/mem.h"
#include "mem/registry.h"

/* mem_dev_alloc flags */
#define MEM_DEV_F_ALIGN32 1u /* aclrtMallocAlign32: round to 32, no extra 32 B */

struct mem_dev_stats {
    size_t capacity;                /* bytes the pool may hand out (SIZE_MAX: host)   */
    size_t used;                    /* bytes charged to live allocations              */
    size_t peak;                    /* highest `used` since the pool was created      */
    size_t used_normal;             /* ... on base pages                              */
    size_t used_huge;               /* ... on 2 MiB pages (THP or hugetlb)            */
    size_t used_huge1g;             /* ... on 1 GiB hugetlb pages (whole pages)       */
    size_t mapped[MEM_PAGE_KINDS];  /* bytes mapped from the page provider, per kind  */
    size_t mappings;                /* number of live mappings                        */
    size_t tcaches;                 /* explicit jemalloc tcaches bound to this pool   */
    uint64_t fail_capacity;         /* allocations refused: capacity exhausted        */
    uint64_t fail_pages;            /* allocations refused: pages of the wanted kind  */
};

/*
 * Create device `dev`'s pool with room for `capacity` bytes (> 0). The capacity is what
 * aclrtGetMemInfo reports as total; allocations beyond it fail with -ENOMEM and leave
 * the pool fully usable. Errors: -EINVAL (dev out of range, capacity 0), -EBUSY
 * (already initialised), -ENODEV (mem_init not called), -ENOMEM (jemalloc refused).
 */
int mem_dev_init(int dev, size_t capacity);

/*
 * Destroy device `dev`'s pool: every allocation on it is released at once (its
 * pointers become unknown to the registry), its mappings are unmapped. Threads racing
 * with it on this device get -ENODEV; frees that raced return 0. -ENODEV if not live.
 */
int mem_dev_fini(int dev);

/*
 * The size aclrtMalloc really reserves for `size` bytes under `policy`: round up to a
 * multiple of 32, plus 32 bytes of padding, except for the HUGE1G policies and
 * MEM_DEV_F_ALIGN32 (no padding). -EINVAL for size 0, -ENOMEM on overflow.
 */
int mem_dev_round(size_t size, unsigned policy, unsigned flags, size_t *rounded);

/*
 * Allocate device memory: 512-byte aligned (MEM_DEV_ALIGN), not zeroed, registered in
 * the registry (owner = dev). Page kind by policy:
 *   NORMAL_ONLY(_P2P)   base pages
 *   HUGE_FIRST(_P2P)    size <= 1 MiB: base pages; else 2 MiB pages (hugetlb, else
 *                       THP), falling back to base pages
 *   HUGE_ONLY(_P2P)     2 MiB pages (hugetlb, else THP); -ENOMEM when neither exists
 *   HUGE1G_ONLY(_P2P)   a 1 GiB hugetlb mapping of its own (charged whole pages);
 *                       -ENOMEM without 1 GiB pages
 *   anything else       >= 2 MiB as HUGE_FIRST, else base pages
 * Errors: -EINVAL (size 0, bad dev), -ENODEV, -ENOMEM (capacity or pages).
 */
int mem_dev_alloc(int dev, size_t size, unsigned policy, unsigned flags, void **out);

/*
 * Free device memory immediately (no wait for tasks, capacity credited at once).
 * -EINVAL for an interior pointer or host-pinned memory, -ENOENT for unknown or
 * already-freed pointers; nothing changes on error.
 */
int mem_dev_free(void *ptr);

/*
 * Capacity without an allocation, for memory the caller backs itself (the physical handles
 * of aclrtMallocPhysical, core/memory/vmm.c): charge `n` bytes (> 0) to device `dev`'s pool as
 * aclrtMalloc would, so aclrtGetMemInfo and later allocations see them. *gen receives the
 * pool's incarnation; the credit must pass it back. A charge is credited at most once and
 * only to the incarnation it was made on (D7): after a teardown of the pool the credit does
 * nothing (the teardown forgot every charge). Errors of the charge (nothing charged):
 * -EINVAL (bad dev, n 0, gen NULL), -ENODEV (pool not live), -ENOMEM (capacity exhausted).
 */
int mem_dev_charge(int dev, size_t n, uint32_t *gen);
void mem_dev_credit(int dev, size_t n, uint32_t gen);

/*
 * Register [base, base+size), mapped by the caller (aclrtMapMem), as device memory of
 * `dev` with policy MEM_POLICY_VMM, so copies and sets accept it and aclrtFree refuses it.
 * base 64-byte aligned, the range disjoint from every registered allocation. Errors:
 * -EINVAL (bad arguments), -ENODEV (pool not live), -ENOMEM (registry leaf). The pool's
 * teardown does not know these ranges: the caller unregisters them before mem_dev_fini.
 * Unregister returns 0, or -EINVAL / -ENOENT as mem_reg_remove(MEM_REG_WANT_VMM).
 */
int mem_dev_vmm_register(int dev, uintptr_t base, size_t size);
/* Waits for a grace period after the removal (devmem.c D8): the range may be unmapped once
 * it returns. Not inside an op section, nor under a lock an op section takes. */
int mem_dev_vmm_unregister(uintptr_t base);

/* Is the pool that registered memory of `owner` (a device id or MEM_OWNER_HOST, from
 * mem_reg_lookup) live? Call it inside the op section that holds the lookup and the
 * access (devmem.c D8): true means the bytes stay mapped until the section ends. */
bool mem_dev_owner_live(unsigned owner);

/* Does [p, p + n) overlap memory a live or dying pool has mapped (allocated or freed)?
 * Lets copies refuse a freed device pointer instead of writing into the pool. */
bool mem_dev_in_pool(const void *p, size_t n);

int mem_dev_stats(int dev, struct mem_dev_stats *st);

/*
 * aclrtGetMemInfo for one memory class (see mem.h for the aclrtMemAttr mapping).
 * All classes share the device's capacity:
 *   ALL, NORMAL  total = capacity, free = capacity - used
 *   HUGE         as ALL when THP is available; else limited to the hugetlb 2 MiB pool
 *                (total/free pages x 2 MiB); 0/0 when neither exists
 *   HUGE1G       limited to the hugetlb 1 GiB pool (0/0 without 1 GiB pages)
 */
int mem_dev_meminfo(int dev, enum mem_class cls, size_t *free_bytes, size_t *total_bytes);

/* Return unused dirty pages of the device's arenas to the kernel now. */
int mem_dev_trim(int dev);

/* The page mappings backing device `dev`'s pool, sorted by base (snapshots, core/process/snapshot.c):
 * *n = how many there are, the first min(cap, *n) copied to out (may be NULL). A pool that
 * is not live has none. -EINVAL for a bad device. */
struct mem_mapping;
int mem_dev_mappings(int dev, struct mem_mapping *out, size_t cap, size_t *n);

/*
 * Two-step free (core/memory/retire.c: a block freed while streams still have work queued is
 * not reused until they pass it). mem_pool_retire removes a live allocation from the registry
 * as mem_dev_free / mem_host_free would (want: enum mem_reg_want; same errors, and it decides
 * the single winner of racing frees, D3), but keeps the memory and its capacity charge: copies
 * refuse it as freed memory, nothing reuses it. mem_pool_reclaim gives it back to its pool
 * (capacity credited) when the pool is still the incarnation that retired it, and answers
 * whether it did; after a teardown of the pool (device reset, mem_fini) the block went with
 * the pool and nothing is done. Both from any thread, outside op sections or nested in one.
 */
struct mem_retired {
    void *ptr;
    struct mem_reg_info info; /* the registry entry it had */
    unsigned pool;            /* device id or MEM_POOL_HOST */
    uint32_t gen;             /* the pool's incarnation at retire, 0 = none was live */
};
int mem_pool_retire(void *ptr, int want, struct mem_retired *out);
bool mem_pool_reclaim(const struct mem_retired *r);

/* ---- pool machinery shared with hostmem.c and mem.c (not for other layers) ---- */
extern bool mem_initialized; /* mem.c: set between mem_init and mem_fini */
int mem_pool_init(unsigned pool, size_t capacity);
int mem_pool_fini(unsigned pool);
int mem_pool_stats(unsigned pool, struct mem_dev_stats *st);
/* size: registered size (already rounded by the caller); route policy as for devices */
int mem_pool_alloc(unsigned pool, size_t size, unsigned policy, size_t route_size,
                   unsigned regflags, void **out);
/* want: enum mem_reg_want (device or host) */
int mem_pool_free(void *ptr, int want);
bool mem_pool_live(unsigned pool);

#endif
