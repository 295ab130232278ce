/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The registry's layout and its insert/remove fast paths as inlines (private to mem/):
 * registry.c owns the structure (its file comment has the invariants RG1-RG6 these
 * functions follow); devmem.c inlines insert and remove into the allocation and free
 * paths, which saves two calls and their register spills per aclrtMalloc+aclrtFree
 * (issue 16). Everything else (lookups, pruning, the slow paths) stays in registry.c.
 */
#ifndef CPUACL_MEM_REGISTRY_INL_H
#define CPUACL_MEM_REGISTRY_INL_H

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "mem/registry.h"

#define REG_ADDR_BITS 48
#define REG_DIR_SHIFT 30
#define REG_DIR_N ((size_t)1 << (REG_ADDR_BITS - REG_DIR_SHIFT))
#define REG_PAGE_SHIFT 12
#define REG_PAGE ((uintptr_t)1 << REG_PAGE_SHIFT)
#define REG_MID_N ((size_t)1 << (REG_DIR_SHIFT - REG_PAGE_SHIFT))
#define REG_GRAN_SHIFT 6
#define REG_LEAF_N ((size_t)1 << (REG_PAGE_SHIFT - REG_GRAN_SHIFT))

/* Base entry layout (bit 0 reserved, always 0; an entry is never 0). */
#define E_OWNER_SHIFT 1
#define E_POLICY_SHIFT 8
#define E_KIND_SHIFT 12
#define E_FLAGS_SHIFT 14
#define E_SIZE_SHIFT 16

struct reg_leaf {
    _Atomic uint64_t e[REG_LEAF_N];
};
_Static_assert(sizeof(struct reg_leaf) == 512, "leaf is eight cache lines");

struct reg_slot {
    _Atomic(struct reg_leaf *) leaf; /* A: CAS-published, unlinked by prune         */
    _Atomic uintptr_t cover;         /* A: base of the allocation covering the page */
};

/* Block covers (issue 16): a 2 MiB block lying entirely inside an allocation
 * (other than its base's page) is covered by one entry here instead of 512
 * page covers. perf on aclrtMalloc+aclrtFree of 64 MiB: ~75% of the pair was
 * span_mark writing and clearing 16384 page covers (256 KiB of slots). */
#define REG_BLOCK_SHIFT 21
#define REG_BLOCK_PAGES ((uintptr_t)1 << (REG_BLOCK_SHIFT - REG_PAGE_SHIFT))
#define REG_MID_BLOCKS ((size_t)1 << (REG_DIR_SHIFT - REG_BLOCK_SHIFT))

/* Group covers (issue 16, second round): the same for a whole 64 KiB group of 16
 * pages that is not part of a covered block. perf on aclrtMalloc+aclrtFree of
 * 1 MiB: 54% of the pair was span_mark writing and clearing 255 page covers; with
 * groups it writes at most 15 groups + 30 pages (one 64 KiB-aligned 1 MiB: 15). */
#define REG_GROUP_SHIFT 16
#define REG_GROUP_PAGES ((uintptr_t)1 << (REG_GROUP_SHIFT - REG_PAGE_SHIFT))
#define REG_MID_GROUPS ((size_t)1 << (REG_DIR_SHIFT - REG_GROUP_SHIFT))

struct reg_mid {
    struct reg_slot s[REG_MID_N]; /* first member: mid_of relies on it */
    _Atomic uintptr_t bcover[REG_MID_BLOCKS]; /* A: as reg_slot.cover, per block */
    _Atomic uintptr_t gcover[REG_MID_GROUPS]; /* A: as reg_slot.cover, per group */
};

extern _Atomic(struct reg_mid *) *mem_reg_dir; /* I: mmap'd at init; entries A (CAS) */

/* Slow paths, out of line in registry.c. */
struct reg_slot *mem_reg_slot_get_slow(uintptr_t a);
struct reg_leaf *mem_reg_leaf_get_slow(struct reg_slot *s);
int mem_reg_span_mark(struct reg_slot *s0, uintptr_t b, size_t n, uintptr_t val, bool create);
int mem_reg_remove_error(uintptr_t a);

static inline bool addr_ok(uintptr_t a)
{
    return (a >> REG_ADDR_BITS) == 0;
}

/* The slot of page a, or NULL when a's GiB has no mid yet. */
static inline struct reg_slot *slot_find(uintptr_t a)
{
    /* acquire (RG3): pairs with the CAS that published the mid */
    struct reg_mid *m = atomic_load_explicit(&mem_reg_dir[a >> REG_DIR_SHIFT], memory_order_acquire);
    if (!m)
        return NULL;
    return &m->s[(a >> REG_PAGE_SHIFT) & (REG_MID_N - 1)];
}

static inline struct reg_slot *slot_get(uintptr_t a)
{
    struct reg_slot *s = slot_find(a);
    if (__builtin_expect(s != NULL, 1))
        return s;
    return mem_reg_slot_get_slow(a);
}

static inline uint64_t entry_make(size_t size, unsigned owner, unsigned policy,
                                  enum mem_page_kind kind, unsigned flags)
{
    return ((uint64_t)size << E_SIZE_SHIFT) | ((uint64_t)(flags & 3u) << E_FLAGS_SHIFT) |
           ((uint64_t)(kind & 3u) << E_KIND_SHIFT) | ((uint64_t)(policy & 15u) << E_POLICY_SHIFT) |
           ((uint64_t)(owner & 127u) << E_OWNER_SHIFT);
}

static inline void entry_decode(uintptr_t base, uint64_t e, struct mem_reg_info *out)
{
    out->base = base;
    out->size = (size_t)(e >> E_SIZE_SHIFT);
    out->owner = (unsigned)(e >> E_OWNER_SHIFT) & 127u;
    out->policy = (unsigned)(e >> E_POLICY_SHIFT) & 15u;
    out->kind = (enum mem_page_kind)((e >> E_KIND_SHIFT) & 3u);
    out->flags = (unsigned)(e >> E_FLAGS_SHIFT) & 3u;
}

/* Does [b, b+n) contain a whole page other than b's own? */
static inline bool covers_pages(uintptr_t b, size_t n)
{
    return ((b + n) >> REG_PAGE_SHIFT) > (b >> REG_PAGE_SHIFT) + 1;
}

static inline bool want_ok(uint64_t e, enum mem_reg_want want)
{
    unsigned owner = (unsigned)(e >> E_OWNER_SHIFT) & 127u;
    bool vmm = ((unsigned)(e >> E_POLICY_SHIFT) & 15u) == MEM_POLICY_VMM;
    switch (want) {
    case MEM_REG_WANT_DEVICE:
        return !vmm && owner != MEM_OWNER_HOST;
    case MEM_REG_WANT_HOST:
        return !vmm && owner == MEM_OWNER_HOST;
    case MEM_REG_WANT_VMM:
        return vmm;
    case MEM_REG_WANT_ANY:
        break;
    }
    return !vmm;
}

static inline int mem_reg_insert_inl(uintptr_t base, size_t size, unsigned owner, unsigned policy,
                   enum mem_page_kind kind, unsigned flags)
{
    if ((base & (MEM_ALIGN - 1)) || base == 0 || size == 0 || size > MEM_REG_SIZE_MAX ||
        owner > 127u || !addr_ok(base) || !addr_ok(base + size - 1) || base + size < base)
        return -EINVAL;
    struct reg_slot *s = slot_get(base);
    if (__builtin_expect(!s, 0))
        return -ENOMEM;
    /* acquire (RG3): pairs with the publishing CAS in leaf_get_slow */
    struct reg_leaf *l = atomic_load_explicit(&s->leaf, memory_order_acquire);
    if (__builtin_expect(!l, 0) && !(l = mem_reg_leaf_get_slow(s)))
        return -ENOMEM;
    if (covers_pages(base, size) && mem_reg_span_mark(s, base, size, base, true) != 0) {
        mem_reg_span_mark(s, base, size, 0, false);
        return -ENOMEM;
    }
    /* release (RG2): the covers are visible before the base entry */
    atomic_store_explicit(&l->e[(base >> REG_GRAN_SHIFT) & (REG_LEAF_N - 1)],
                          entry_make(size, owner, policy, kind, flags), memory_order_release);
    return 0;
}

static inline int mem_reg_remove_inl(const void *p, enum mem_reg_want want, struct mem_reg_info *out)
{
    uintptr_t a = (uintptr_t)p;
    if (!addr_ok(a) || !mem_reg_dir)
        return -ENOENT;
    if (a & (MEM_ALIGN - 1))
        return mem_reg_remove_error(a);
    struct reg_slot *s = slot_find(a);
    if (!s)
        return -ENOENT;
    /* acquire (RG3) */
    struct reg_leaf *l = atomic_load_explicit(&s->leaf, memory_order_acquire);
    if (!l)
        return mem_reg_remove_error(a);
    _Atomic uint64_t *ep = &l->e[(a >> REG_GRAN_SHIFT) & (REG_LEAF_N - 1)];
    /* acquire (RG2): the entry's fields are read below */
    uint64_t e = atomic_load_explicit(ep, memory_order_acquire);
    for (;;) {
        if (e == 0)
            return mem_reg_remove_error(a);
        if (!want_ok(e, want))
            return -EINVAL;
        /* acq_rel (RG2): exactly one remover wins; its later cover clears and the
         * caller's release of the memory are ordered after it */
        if (atomic_compare_exchange_weak_explicit(ep, &e, 0, memory_order_acq_rel,
                                                  memory_order_acquire))
            break;
    }
    size_t size = (size_t)(e >> E_SIZE_SHIFT);
    if (covers_pages(a, size))
        mem_reg_span_mark(s, a, size, 0, false);
    if (out)
        entry_decode(a, e, out);
    return 0;
}

#endif
