/* SPDX-License-Identifier: Apache-2.0 */
/* Huge pages: the page provider's kinds and alignment, HUGE_ONLY / HUGE_FIRST / HUGE1G
 * behaviour with and without huge pages (forced through the test override), and the
 * module's own report checked against /proc/self/smaps AnonHugePages for a large
 * HUGE_FIRST allocation. Skips (77) when THP is "never" on this machine. */
#include <errno.h>
#include <stdint.h>

#include "mem/devmem.h"
#include "mem/pages.h"
#include "mem/registry.h"
#include "memtest.h"

/* Sum of AnonHugePages (bytes) over the VMAs overlapping [lo, hi). */
static size_t smaps_anon_huge(uintptr_t lo, uintptr_t hi)
{
    FILE *f = fopen("/proc/self/smaps", "re");
    CHECK(f);
    char line[512];
    bool in = false;
    size_t total = 0;
    while (fgets(line, sizeof(line), f)) {
        unsigned long a, b;
        if (sscanf(line, "%lx-%lx ", &a, &b) == 2 && strchr(line, '-') < strchr(line, ' ')) {
            in = a < hi && b > lo;
            continue;
        }
        unsigned long kb;
        if (in && sscanf(line, "AnonHugePages: %lu kB", &kb) == 1)
            total += (size_t)kb * 1024;
    }
    fclose(f);
    return total;
}

static void provider(bool thp)
{
    struct mem_mapping m;
    CHECK_OK(mem_pages_map(12345, 0, MEM_WANT_NORMAL, &m));
    CHECK(m.kind == MEM_PAGE_NORMAL && m.base % MEM_PAGE_SIZE == 0 && m.len == 16384);
    CHECK_OK(mem_pages_unmap(&m));
    CHECK_OK(mem_pages_map(MEM_MiB, MEM_HUGE_2M, MEM_WANT_NORMAL, &m));
    CHECK(m.kind == MEM_PAGE_NORMAL && m.base % MEM_HUGE_2M == 0);
    CHECK_OK(mem_pages_unmap(&m));
    int rc = mem_pages_map(3 * MEM_MiB, 0, MEM_WANT_HUGE, &m);
    if (thp) {
        CHECK(rc == 0);
        CHECK(m.kind == MEM_PAGE_THP || m.kind == MEM_PAGE_HUGETLB_2M);
        CHECK(m.base % MEM_HUGE_2M == 0 && m.len == 4 * MEM_MiB);
        CHECK_OK(mem_pages_purge((void *)m.base, MEM_HUGE_2M, false));
        CHECK_OK(mem_pages_unmap(&m));
    }
    CHECK_OK(mem_pages_map(3 * MEM_MiB, 0, MEM_WANT_HUGE_FIRST, &m));
    CHECK(thp ? m.kind != MEM_PAGE_NORMAL : true);
    CHECK_OK(mem_pages_unmap(&m));
    struct mem_pages_caps caps;
    mem_pages_caps(&caps);
    rc = mem_pages_map(MEM_GiB, 0, MEM_WANT_HUGE1G, &m);
    if (caps.hugetlb_1g_free == 0) {
        CHECK(rc == -ENOMEM);
    } else if (rc == 0) {
        CHECK(m.kind == MEM_PAGE_HUGETLB_1G && m.base % MEM_GiB == 0);
        CHECK_OK(mem_pages_unmap(&m));
    }
    CHECK_RC(-EINVAL, mem_pages_map(0, 0, MEM_WANT_NORMAL, &m));
    CHECK_RC(-EINVAL, mem_pages_map(4096, 3, MEM_WANT_NORMAL, &m));
}

int main(void)
{
    CHECK_OK(mem_init());
    bool thp = mem_pages_thp_available();
    printf("mem_hugepages: THP %s\n", thp ? "available" : "unavailable");
    provider(thp);

    /* Without any huge pages (forced): HUGE_ONLY fails, HUGE_FIRST falls back. */
    mem_pages_override(0, 0);
    CHECK_OK(mem_dev_init(0, 4 * MEM_GiB));
    void *p;
    struct mem_reg_info info;
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, 4 * MEM_MiB, MEM_POLICY_HUGE_ONLY, 0, &p));
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, 64, MEM_POLICY_HUGE_ONLY_P2P, 0, &p));
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, 64, MEM_POLICY_HUGE1G_ONLY, 0, &p));
    CHECK_OK(mem_dev_alloc(0, 4 * MEM_MiB, MEM_POLICY_HUGE_FIRST, 0, &p));
    CHECK_OK(mem_reg_lookup(p, &info));
    CHECK(info.kind == MEM_PAGE_NORMAL);
    size_t f, t;
    CHECK_OK(mem_dev_meminfo(0, MEM_CLASS_HUGE, &f, &t));
    CHECK(f == 0 && t == 0);
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.fail_pages == 3 && st.used_huge == 0 && st.used == 4 * MEM_MiB + 32);
    CHECK_OK(mem_dev_free(p));
    CHECK_OK(mem_dev_fini(0));
    mem_pages_override(-1, -1);

    if (!thp) {
        mem_fini();
        printf("mem_hugepages: THP is off here, smaps check skipped\n");
        return TEST_SKIP;
    }

    /* A large HUGE_FIRST allocation: the registry says THP (or hugetlb), and the
     * kernel agrees once the memory is touched. */
    CHECK_OK(mem_dev_init(0, 4 * MEM_GiB));
    size_t sz = 64 * MEM_MiB;
    CHECK_OK(mem_dev_alloc(0, sz, MEM_POLICY_HUGE_FIRST, 0, &p));
    CHECK_OK(mem_reg_lookup((char *)p + sz - 1, &info));
    CHECK(info.kind == MEM_PAGE_THP || info.kind == MEM_PAGE_HUGETLB_2M);
    memset(p, 0x5a, sz);
    uintptr_t lo = (uintptr_t)p, hi = lo + sz;
    size_t huge = smaps_anon_huge(lo, hi);
    printf("mem_hugepages: %zu MiB HUGE_FIRST reported %s, smaps AnonHugePages %zu MiB\n",
           sz >> 20, mem_page_kind_name(info.kind), huge >> 20);
    if (info.kind == MEM_PAGE_THP)
        CHECK(huge >= sz / 2); /* the kernel may fail a few; most must be huge */
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.mapped[MEM_PAGE_THP] + st.mapped[MEM_PAGE_HUGETLB_2M] >= sz);
    CHECK(st.used_huge == sz + 32);

    /* NORMAL_ONLY memory is never on huge pages. */
    void *q;
    CHECK_OK(mem_dev_alloc(0, sz, MEM_POLICY_NORMAL_ONLY, 0, &q));
    CHECK_OK(mem_reg_lookup(q, &info));
    CHECK(info.kind == MEM_PAGE_NORMAL);
    memset(q, 0x33, sz);
    size_t nh = smaps_anon_huge((uintptr_t)q, (uintptr_t)q + sz);
    printf("mem_hugepages: %zu MiB NORMAL_ONLY, smaps AnonHugePages %zu MiB\n", sz >> 20,
           nh >> 20);
    CHECK(nh == 0);
    CHECK_OK(mem_dev_free(q));
    CHECK_OK(mem_dev_free(p));
    CHECK_OK(mem_dev_trim(0));
    CHECK_OK(mem_dev_fini(0));
    mem_fini();
    printf("mem_hugepages: ok\n");
    return 0;
}
