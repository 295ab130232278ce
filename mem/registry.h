/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Pointer registry: which allocation (device or host-pinned, base, size, policy, page
 * kind) holds an address, for any interior pointer. Lock-free on every path; see
 * registry.c for the structure and its invariants.
 *
 * Synchronization table:
 *   mem_reg_lookup            any thread; runs in a mem op section of its own (thread.h;
 *                             ~1 ns, no registration needed), may be nested in one
 *   mem_reg_lookup_in_op      caller inside a mem op section
 *   mem_reg_insert/remove     caller inside a mem op section (thread.h); concurrent with
 *                             each other and with lookups on any addresses
 *   mem_reg_prune             serialised internally; the range must hold no allocation
 *                             that anyone still inserts/removes (pool teardown)
 *   mem_reg_reclaim           outside any op section; waits for a grace period
 *   mem_reg_init/fini         single-threaded (mem_init/mem_fini)
 */
#ifndef CPUACL_MEM_REGISTRY_H
#define CPUACL_MEM_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "mem/mem.h"

/* Allocation flags kept with each registration. */
#define MEM_REG_F_ALIGN32 1u /* aclrtMallocAlign32: rounded to 32 without the 32 B pad */
#define MEM_REG_F_DIRECT 2u  /* has its own mapping (bypassed the arena)              */

/* Largest size the registry can record (48 bits). */
#define MEM_REG_SIZE_MAX (((size_t)1 << 48) - 1)

struct mem_reg_info {
    uintptr_t base;          /* first byte of the allocation                         */
    size_t size;             /* usable bytes (the rounded size for device memory)    */
    unsigned owner;          /* device id, or MEM_OWNER_HOST                         */
    unsigned policy;         /* enum mem_policy                                      */
    enum mem_page_kind kind; /* pages backing it                                     */
    unsigned flags;          /* MEM_REG_F_*                                          */
};

/* What a removal accepts. Ranges registered with policy MEM_POLICY_VMM (aclrtMapMem) are
 * removed only with MEM_REG_WANT_VMM, and only they are: neither kind of free can take a
 * mapping away from under the virtual-memory layer, nor can an unmap free an allocation. */
enum mem_reg_want {
    MEM_REG_WANT_ANY = 0,    /* anything but a MEM_POLICY_VMM range                      */
    MEM_REG_WANT_DEVICE = 1, /* aclrtFree: device allocations only                       */
    MEM_REG_WANT_HOST = 2,   /* aclrtFreeHost: host-pinned allocations only              */
    MEM_REG_WANT_VMM = 3,    /* aclrtUnmapMem: MEM_POLICY_VMM ranges only                */
};

int mem_reg_init(void);
void mem_reg_fini(void);

/*
 * Record [base, base+size). base must be 64-byte aligned, size in 1..MEM_REG_SIZE_MAX,
 * owner < 128, and the range must not overlap a registered allocation (the allocator
 * just handed it out). Returns 0, -EINVAL, or -ENOMEM (no memory for a leaf; nothing
 * is left recorded).
 */
int mem_reg_insert(uintptr_t base, size_t size, unsigned owner, unsigned policy,
                   enum mem_page_kind kind, unsigned flags);

/*
 * Remove the allocation whose base is exactly `p` and return what it was. Exactly one
 * of several concurrent removals of the same base succeeds. Errors (nothing changes):
 *   -EINVAL  p lies inside a registered allocation but is not its base, or the
 *            allocation is of the wrong kind for `want`
 *   -ENOENT  p is not inside any registered allocation (never allocated, freed
 *            already, foreign)
 */
int mem_reg_remove(const void *p, enum mem_reg_want want, struct mem_reg_info *out);

/* Which allocation holds p (base, interior; one-past-end is outside). 0 or -ENOENT. */
int mem_reg_lookup(const void *p, struct mem_reg_info *out);
int mem_reg_lookup_in_op(const void *p, struct mem_reg_info *out);

/*
 * Forget everything registered in [lo, lo+len) (page aligned) and unlink its leaves.
 * The leaves are freed by the next mem_reg_reclaim.
 */
void mem_reg_prune(uintptr_t lo, size_t len);
void mem_reg_reclaim(void);

struct mem_reg_stats {
    size_t leaves; /* live leaves (512 B each, one per 4 KiB page holding a base)  */
    size_t mids;   /* 1 GiB directory blocks (~4.1 MiB of lazily-touched VA each)   */
};
void mem_reg_stats(struct mem_reg_stats *st);

#endif
