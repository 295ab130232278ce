/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Page provider: huge-page-first anonymous mappings.
 *
 * Order of attempts for MEM_WANT_HUGE / MEM_WANT_HUGE_FIRST:
 *   1. MAP_HUGETLB | MAP_HUGE_2MB, length rounded up to 2 MiB (hugetlbfs pool).
 *   2. THP: an anonymous mapping over-allocated by the alignment, trimmed so that it
 *      starts and ends on 2 MiB boundaries, then madvise(MADV_HUGEPAGE). Every 2 MiB
 *      of it is eligible for a transparent huge page; the kernel decides at fault time
 *      (with defrag=madvise it compacts synchronously for such ranges). We report THP
 *      when the advice was accepted: actual backing is best-effort, as for any THP user.
 *   3. (HUGE_FIRST only) base pages.
 * MEM_WANT_HUGE1G tries MAP_HUGETLB | MAP_HUGE_1GB only.
 *
 * Invariants:
 *   PG1. Every mapping returned is aligned to max(align, page size of its kind) and its
 *       length is a multiple of that page size; mem_pages_unmap(m) unmaps exactly it.
 *   PG2. A mapping reported MEM_PAGE_NORMAL carries MADV_NOHUGEPAGE (when the kernel
 *       knows the advice), so it stays on base pages even with THP "always".
 *   PG3. The capability probe runs once (pthread_once); the override is for tests and is
 *       read with relaxed loads (a racing change only affects which kind the next
 *       mapping gets, never its validity).
 */
#include "mem/pages.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif
#ifndef MAP_HUGE_2MB
#define MAP_HUGE_2MB (21 << MAP_HUGE_SHIFT)
#endif
#ifndef MAP_HUGE_1GB
#define MAP_HUGE_1GB (30 << MAP_HUGE_SHIFT)
#endif

static pthread_once_t pages_once = PTHREAD_ONCE_INIT;
static bool pages_thp_probed; /* I: written once under pages_once */
static _Atomic int pages_thp_override = -1;     /* A: test hook */
static _Atomic int pages_hugetlb_override = -1; /* A: test hook */

const char *mem_page_kind_name(enum mem_page_kind kind)
{
    switch (kind) {
    case MEM_PAGE_NORMAL:
        return "normal";
    case MEM_PAGE_THP:
        return "thp";
    case MEM_PAGE_HUGETLB_2M:
        return "hugetlb-2M";
    case MEM_PAGE_HUGETLB_1G:
        return "hugetlb-1G";
    }
    return "?";
}

static bool read_thp_enabled(void)
{
    char buf[128];
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "re");
    if (!f)
        return false;
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* The selected mode is bracketed: "always [madvise] never". */
    const char *sel = strchr(buf, '[');
    if (!sel)
        return false;
    return strncmp(sel, "[never]", 7) != 0;
}

static void pages_probe_once(void)
{
    bool thp = read_thp_enabled();
    int dis = prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0);
    if (dis == 1)
        thp = false;
    pages_thp_probed = thp;
}

void mem_pages_probe(void)
{
    pthread_once(&pages_once, pages_probe_once);
}

bool mem_pages_thp_available(void)
{
    mem_pages_probe();
    /* relaxed: test hook, see PG3 */
    int o = atomic_load_explicit(&pages_thp_override, memory_order_relaxed);
    return o < 0 ? pages_thp_probed : o > 0;
}

void mem_pages_override(int thp, int hugetlb)
{
    mem_pages_probe();
    /* relaxed: test hook, see PG3 */
    atomic_store_explicit(&pages_thp_override, thp, memory_order_relaxed);
    atomic_store_explicit(&pages_hugetlb_override, hugetlb, memory_order_relaxed);
}

static size_t read_sysfs_size(const char *path)
{
    FILE *f = fopen(path, "re");
    if (!f)
        return 0;
    unsigned long long v = 0;
    if (fscanf(f, "%llu", &v) != 1)
        v = 0;
    fclose(f);
    return (size_t)v;
}

void mem_pages_caps(struct mem_pages_caps *caps)
{
    const char *d2 = "/sys/kernel/mm/hugepages/hugepages-2048kB/";
    const char *d1 = "/sys/kernel/mm/hugepages/hugepages-1048576kB/";
    char p[96];
    memset(caps, 0, sizeof(*caps));
    caps->thp = mem_pages_thp_available();
    /* relaxed: test hook, see PG3 */
    if (atomic_load_explicit(&pages_hugetlb_override, memory_order_relaxed) == 0)
        return;
    snprintf(p, sizeof(p), "%snr_hugepages", d2);
    caps->hugetlb_2m_total = read_sysfs_size(p);
    snprintf(p, sizeof(p), "%sfree_hugepages", d2);
    caps->hugetlb_2m_free = read_sysfs_size(p);
    snprintf(p, sizeof(p), "%snr_hugepages", d1);
    caps->hugetlb_1g_total = read_sysfs_size(p);
    snprintf(p, sizeof(p), "%sfree_hugepages", d1);
    caps->hugetlb_1g_free = read_sysfs_size(p);
}

static inline size_t round_up(size_t v, size_t a)
{
    return (v + a - 1) & ~(a - 1);
}

static bool hugetlb_allowed(void)
{
    /* relaxed: test hook, see PG3 */
    return atomic_load_explicit(&pages_hugetlb_override, memory_order_relaxed) != 0;
}

static int map_hugetlb(size_t len, size_t align, size_t page, int sizeflag,
                       enum mem_page_kind kind, struct mem_mapping *out)
{
    if (!hugetlb_allowed())
        return -ENOMEM;
    /* The kernel aligns hugetlb mappings to their page size; larger alignments are
     * not needed by our callers (jemalloc asks for at most 2 MiB). */
    if (align > page)
        return -ENOMEM;
    size_t mlen = round_up(len, page);
    if (mlen < len)
        return -ENOMEM;
    void *p = mmap(NULL, mlen, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | sizeflag, -1, 0);
    if (p == MAP_FAILED)
        return -ENOMEM;
    out->base = (uintptr_t)p;
    out->len = mlen;
    out->kind = kind;
    return 0;
}

/* Anonymous mapping of `len` bytes (a page multiple) aligned to `align` (>= page). */
static void *map_aligned(size_t len, size_t align, size_t *mlen_out)
{
    size_t mlen = len;
    size_t over = mlen + (align > MEM_PAGE_SIZE ? align : 0);
    if (over < mlen)
        return NULL;
    char *p = mmap(NULL, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    uintptr_t a = round_up((uintptr_t)p, align);
    size_t head = a - (uintptr_t)p;
    size_t tail = over - head - mlen;
    if (head)
        munmap(p, head);
    if (tail)
        munmap((char *)a + mlen, tail);
    *mlen_out = mlen;
    return (void *)a;
}

static int map_thp(size_t len, size_t align, struct mem_mapping *out)
{
    if (!mem_pages_thp_available())
        return -ENOMEM;
    size_t mlen = round_up(len, MEM_HUGE_2M);
    if (mlen < len)
        return -ENOMEM;
    size_t a = align > MEM_HUGE_2M ? align : MEM_HUGE_2M;
    void *p = map_aligned(mlen, a, &mlen);
    if (!p)
        return -ENOMEM;
    if (madvise(p, mlen, MADV_HUGEPAGE) != 0) {
        munmap(p, mlen);
        return -ENOMEM;
    }
    out->base = (uintptr_t)p;
    out->len = mlen;
    out->kind = MEM_PAGE_THP;
    return 0;
}

static int map_normal(size_t len, size_t align, struct mem_mapping *out)
{
    size_t mlen = round_up(len, MEM_PAGE_SIZE);
    if (mlen < len)
        return -ENOMEM;
    void *p = map_aligned(mlen, align, &mlen);
    if (!p)
        return -ENOMEM;
    /* PG2: EINVAL here means a kernel without THP: base pages anyway. */
    (void)madvise(p, mlen, MADV_NOHUGEPAGE);
    out->base = (uintptr_t)p;
    out->len = mlen;
    out->kind = MEM_PAGE_NORMAL;
    return 0;
}

int mem_pages_map(size_t len, size_t align, enum mem_pages_want want, struct mem_mapping *out)
{
    if (len == 0 || (align & (align - 1)) != 0)
        return -EINVAL;
    if (align < MEM_PAGE_SIZE)
        align = MEM_PAGE_SIZE;
    mem_pages_probe();
    switch (want) {
    case MEM_WANT_NORMAL:
        return map_normal(len, align, out);
    case MEM_WANT_HUGE:
    case MEM_WANT_HUGE_FIRST:
        if (map_hugetlb(len, align, MEM_HUGE_2M, MAP_HUGE_2MB, MEM_PAGE_HUGETLB_2M, out) == 0)
            return 0;
        if (map_thp(len, align, out) == 0)
            return 0;
        if (want == MEM_WANT_HUGE)
            return -ENOMEM;
        return map_normal(len, align, out);
    case MEM_WANT_HUGE1G:
        return map_hugetlb(len, align, MEM_HUGE_1G, MAP_HUGE_1GB, MEM_PAGE_HUGETLB_1G, out);
    }
    return -EINVAL;
}

int mem_pages_unmap(const struct mem_mapping *m)
{
    if (!m || !m->len)
        return -EINVAL;
    return munmap((void *)m->base, m->len) == 0 ? 0 : -errno;
}

int mem_pages_purge(void *addr, size_t len, bool lazy)
{
    if (madvise(addr, len, lazy ? MADV_FREE : MADV_DONTNEED) != 0)
        return -errno;
    return 0;
}
