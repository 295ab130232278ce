/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Page provider: maps chunks of address space huge-page-first and says which kind of
 * pages each mapping got. Stateless apart from the capability probe; thread-safe.
 */
#ifndef CPUACL_MEM_PAGES_H
#define CPUACL_MEM_PAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mem/mem.h"

#define MEM_PAGE_SIZE ((size_t)4096)
#define MEM_HUGE_2M ((size_t)2 << 20)
#define MEM_HUGE_1G ((size_t)1 << 30)

/* What a caller asks for. */
enum mem_pages_want {
    MEM_WANT_NORMAL = 0,     /* base pages only                                        */
    MEM_WANT_HUGE = 1,       /* hugetlb 2 MiB, else THP; fail if neither can be had    */
    MEM_WANT_HUGE_FIRST = 2, /* hugetlb 2 MiB, else THP, else base pages               */
    MEM_WANT_HUGE1G = 3,     /* hugetlb 1 GiB only                                     */
};

/* One mapping. `len` is the mapped length (rounded up to the page size of `kind`);
 * `base` is aligned to max(requested alignment, page size of `kind`). */
struct mem_mapping {
    uintptr_t base;
    size_t len;
    enum mem_page_kind kind;
};

/*
 * What this machine offers. THP counts as available when
 * /sys/kernel/mm/transparent_hugepage/enabled selects "always" or "madvise" (not
 * "never", and the file exists) and the process has not disabled THP with
 * prctl(PR_SET_THP_DISABLE). hugetlb availability is dynamic (the pool can grow or
 * be used up), so mapping attempts always try MAP_HUGETLB; the *_pages fields are a
 * snapshot of /sys/kernel/mm/hugepages/hugepages-{2048,1048576}kB/{nr,free}_hugepages.
 */
struct mem_pages_caps {
    bool thp;
    size_t hugetlb_2m_total, hugetlb_2m_free; /* pages */
    size_t hugetlb_1g_total, hugetlb_1g_free; /* pages */
};

/* Probe once (thread-safe, cached). Called by mem_init; harmless to call again. */
void mem_pages_probe(void);
/* Snapshot of the capabilities (re-reads the hugetlb counters). */
void mem_pages_caps(struct mem_pages_caps *caps);
/* Cached THP availability (cheap). */
bool mem_pages_thp_available(void);

/*
 * Test hook: force capabilities. thp: -1 = as probed, 0 = unavailable, 1 = available
 * (if the kernel lets madvise succeed). hugetlb: -1 = try, 0 = never try MAP_HUGETLB.
 */
void mem_pages_override(int thp, int hugetlb);

/*
 * Map at least `len` bytes aligned to `align` (a power of two, or 0 for the page
 * size) with pages of the wanted kind. len 0 is -EINVAL. On success fills *out and
 * returns 0; -ENOMEM when the wanted kind cannot be had or the kernel refuses.
 * Normal mappings get MADV_NOHUGEPAGE so that NORMAL_ONLY means base pages even
 * when THP is "always".
 */
int mem_pages_map(size_t len, size_t align, enum mem_pages_want want, struct mem_mapping *out);

/* Unmap a whole mapping returned by mem_pages_map. */
int mem_pages_unmap(const struct mem_mapping *m);

/*
 * Give the physical pages of [addr, addr+len) back to the kernel: lazy = MADV_FREE,
 * else MADV_DONTNEED (zero-filled on next touch). Returns 0 or -errno (hugetlb
 * ranges that are not huge-page aligned, or MADV_FREE on hugetlb, give -EINVAL).
 */
int mem_pages_purge(void *addr, size_t len, bool lazy);

#endif
