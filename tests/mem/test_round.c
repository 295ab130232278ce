/* SPDX-License-Identifier: Apache-2.0 */
/* Rounding, alignment, page kind and registration of device allocations for every
 * policy (and MallocAlign32) over sizes from 1 B to 256 MiB. */
#include <errno.h>
#include <stdint.h>

#include "mem/devmem.h"
#include "mem/pages.h"
#include "mem/registry.h"
#include "memtest.h"

static size_t expect_round(size_t s, unsigned policy, unsigned flags)
{
    size_t r = (s + 31) & ~(size_t)31;
    if (!(flags & MEM_DEV_F_ALIGN32) && !test_is_1g(policy))
        r += 32;
    return r;
}

static void check_one(int dev, size_t s, unsigned policy, unsigned flags, int thp)
{
    size_t r;
    CHECK_OK(mem_dev_round(s, policy, flags, &r));
    CHECK(r == expect_round(s, policy, flags));

    void *p = NULL;
    int rc = mem_dev_alloc(dev, s, policy, flags, &p);
    if (test_is_1g(policy)) {
        struct mem_pages_caps caps;
        mem_pages_caps(&caps);
        if (caps.hugetlb_1g_free == 0) {
            CHECK(rc == -ENOMEM);
            return;
        }
    }
    if (!thp && (policy == MEM_POLICY_HUGE_ONLY || policy == MEM_POLICY_HUGE_ONLY_P2P)) {
        struct mem_pages_caps caps;
        mem_pages_caps(&caps);
        if (caps.hugetlb_2m_free == 0) {
            CHECK(rc == -ENOMEM);
            return;
        }
    }
    if (rc != 0)
        fprintf(stderr, "alloc %zu policy %u flags %u: %d\n", s, policy, flags, rc);
    CHECK(rc == 0);
    uintptr_t a = (uintptr_t)p;
    CHECK(a % MEM_ALIGN == 0);
    if (test_is_1g(policy))
        CHECK(a % MEM_GiB == 0);

    struct mem_reg_info info;
    CHECK_OK(mem_reg_lookup(p, &info));
    CHECK(info.base == a && info.size == r && info.owner == (unsigned)dev);
    CHECK(info.policy == (policy <= 7 ? policy : MEM_POLICY_OTHER));
    CHECK(!!(info.flags & MEM_REG_F_ALIGN32) == !!(flags & MEM_DEV_F_ALIGN32));

    /* Page kind by policy. */
    bool huge = info.kind == MEM_PAGE_THP || info.kind == MEM_PAGE_HUGETLB_2M;
    switch (policy) {
    case MEM_POLICY_NORMAL_ONLY:
    case MEM_POLICY_NORMAL_ONLY_P2P:
        CHECK(info.kind == MEM_PAGE_NORMAL);
        break;
    case MEM_POLICY_HUGE_FIRST:
    case MEM_POLICY_HUGE_FIRST_P2P:
        if (s <= MEM_MiB)
            CHECK(info.kind == MEM_PAGE_NORMAL);
        else if (thp)
            CHECK(huge);
        break;
    case MEM_POLICY_HUGE_ONLY:
    case MEM_POLICY_HUGE_ONLY_P2P:
        CHECK(huge);
        break;
    case MEM_POLICY_HUGE1G_ONLY:
    case MEM_POLICY_HUGE1G_ONLY_P2P:
        CHECK(info.kind == MEM_PAGE_HUGETLB_1G);
        break;
    default: /* out of range: >= 2 MiB huge when possible */
        if (s < 2 * MEM_MiB)
            CHECK(info.kind == MEM_PAGE_NORMAL);
        else if (thp)
            CHECK(huge);
    }

    /* Interior and last byte resolve to it; one past the end does not. */
    CHECK_OK(mem_reg_lookup((char *)p + r / 2, &info));
    CHECK(info.base == a);
    CHECK_OK(mem_reg_lookup((char *)p + r - 1, &info));
    CHECK(info.base == a);
    rc = mem_reg_lookup((char *)p + r, &info);
    CHECK(rc == -ENOENT || info.base != a);

    /* Memory is usable at both ends. */
    ((volatile char *)p)[0] = 1;
    ((volatile char *)p)[r - 1] = 2;

    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(dev, &st));
    CHECK(st.used == (test_is_1g(policy) ? (r + MEM_GiB - 1) / MEM_GiB * MEM_GiB : r));

    CHECK_OK(mem_dev_free(p));
    CHECK(mem_reg_lookup(p, NULL) == -ENOENT);
    CHECK_OK(mem_dev_stats(dev, &st));
    CHECK(st.used == 0 && st.used_huge == 0 && st.used_huge1g == 0);
}

int main(void)
{
    CHECK_OK(mem_init());
    CHECK_OK(mem_dev_init(0, 4 * MEM_GiB));
    int thp = mem_pages_thp_available();

    size_t sizes[256];
    size_t n = 0;
    for (size_t s = 1; s <= 128; s++)
        if (s <= 8 || s % 31 == 0 || s % 32 <= 1 || s % 32 == 31)
            sizes[n++] = s;
    for (size_t p2 = 256; p2 <= 256 * MEM_MiB; p2 <<= 1) {
        sizes[n++] = p2 - 1;
        sizes[n++] = p2;
        sizes[n++] = p2 + 1;
        sizes[n++] = p2 + p2 / 2;
    }
    sizes[n++] = MEM_MiB - 32; /* HUGE_FIRST threshold neighbourhood */
    sizes[n++] = MEM_MiB + 32;
    CHECK(n <= sizeof(sizes) / sizeof(sizes[0]));

    unsigned extra_policies[] = {8, 9, 100}; /* out of range */
    for (size_t i = 0; i < n; i++) {
        if (sizes[i] > 256 * MEM_MiB)
            continue;
        for (unsigned f = 0; f < 2; f++) {
            unsigned flags = f ? MEM_DEV_F_ALIGN32 : 0;
            for (size_t k = 0; k < TEST_NPOLICIES; k++)
                check_one(0, sizes[i], test_policies[k], flags, thp);
            for (size_t k = 0; k < 3; k++)
                check_one(0, sizes[i], extra_policies[k], flags, thp);
        }
    }

    /* Size 0 and overflow. */
    void *p;
    size_t r;
    CHECK_RC(-EINVAL, mem_dev_round(0, MEM_POLICY_HUGE_FIRST, 0, &r));
    CHECK_RC(-EINVAL, mem_dev_alloc(0, 0, MEM_POLICY_HUGE_FIRST, 0, &p));
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, SIZE_MAX - 8, MEM_POLICY_HUGE_FIRST, 0, &p));
    CHECK_RC(-EINVAL, mem_dev_alloc(-1, 64, MEM_POLICY_HUGE_FIRST, 0, &p));
    CHECK_RC(-EINVAL, mem_dev_alloc(MEM_DEV_MAX, 64, MEM_POLICY_HUGE_FIRST, 0, &p));
    CHECK_RC(-ENODEV, mem_dev_alloc(1, 64, MEM_POLICY_HUGE_FIRST, 0, &p));

    CHECK_OK(mem_dev_fini(0));
    mem_fini();
    printf("mem_round: %zu sizes x %zu policies x 2: ok (thp=%d)\n", n, TEST_NPOLICIES + 3, thp);
    return 0;
}
