/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtMalloc / MallocCached / MallocAlign32 (memory.md, Memory, first row): argument
 * errors, no context, 512-byte alignment, 32-rounding plus padding seen through
 * aclrtGetMemInfo deltas and through the copy bounds, every policy, huge-page placement. */
#include "memapi.h"

typedef aclError (*malloc_fn)(void **, size_t, aclrtMemMallocPolicy);

static const struct {
    malloc_fn fn;
    const char *name;
    bool pad; /* the extra 32 bytes */
} fns[] = {
    {aclrtMalloc, "aclrtMalloc", true},
    {aclrtMallocCached, "aclrtMallocCached", true},
    {aclrtMallocAlign32, "aclrtMallocAlign32", false},
};
#define NFNS (sizeof fns / sizeof fns[0])

static bool g_huge;   /* 2 MiB pages of some kind can be had (ACL_MEM_HUGE total > 0) */
static bool g_huge1g; /* 1 GiB pages can be had */
static bool g_thp_on; /* THP not "never": normal mappings must opt out */

static bool thp_enabled(void)
{
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (!f)
        return false;
    char buf[128] = {0};
    bool on = fgets(buf, sizeof buf, f) && !strstr(buf, "[never]");
    fclose(f);
    return on;
}

/* The copy bounds see exactly `usable` bytes at p: a copy of `usable` bytes fits, one more
 * byte does not (memory.md: a device side whose allocation does not hold count bytes). */
static void expect_usable(void *p, size_t usable, const char *what, size_t size)
{
    uint8_t *h = malloc(usable + 64);
    CHECK(h);
    pat_fill(h, usable + 64, (uint32_t)size);
    aclError rc = aclrtMemcpy(p, usable, h, usable, ACL_MEMCPY_HOST_TO_DEVICE);
    if (rc != ACL_SUCCESS) {
        fprintf(stderr, "%s(%zu): copy of the %zu usable bytes returned %d (%s)\n", what, size,
                usable, rc, aclGetRecentErrMsg());
        g_failed = 1;
    }
    rc = aclrtMemcpy(p, usable + 1, h, usable + 1, ACL_MEMCPY_HOST_TO_DEVICE);
    const char *m = aclGetRecentErrMsg();
    if (rc != ACL_ERROR_INVALID_PARAM) {
        fprintf(stderr,
                "%s(%zu): copy of %zu bytes (one past the usable size) returned %d, "
                "expected %d (%s)\n",
                what, size, usable + 1, rc, ACL_ERROR_INVALID_PARAM, m ? m : "no message");
        g_failed = 1;
    }
    rc = aclrtMemcpy(h, usable, p, usable, ACL_MEMCPY_DEVICE_TO_HOST);
    EXPECT(rc == ACL_SUCCESS);
    EXPECT_PAT(h, usable, (uint32_t)size);
    free(h);
}

/* Allocate, check alignment, the GetMemInfo charge and the usable size, free, check the
 * charge is returned. */
static void one(size_t k, size_t size, aclrtMemMallocPolicy pol)
{
    size_t f0 = mi_free(ACL_HBM_MEM);
    void *p = NULL;
    aclError rc = fns[k].fn(&p, size, pol);
    if (rc != ACL_SUCCESS || !p) {
        fprintf(stderr, "%s(%zu, policy 0x%x) returned %d (%s)\n", fns[k].name, size, (unsigned)pol,
                rc, aclGetRecentErrMsg());
        g_failed = 1;
        return;
    }
    if ((uintptr_t)p & 511) { /* issue 14: device memory is at least 512-byte aligned */
        fprintf(stderr, "%s(%zu, 0x%x) = %p is not 512-byte aligned\n", fns[k].name, size,
                (unsigned)pol, p);
        g_failed = 1;
    }
    size_t want = acl_rounded(size, fns[k].pad);
    size_t f1 = mi_free(ACL_HBM_MEM);
    if (f0 - f1 != want) {
        fprintf(stderr, "%s(%zu, 0x%x): aclrtGetMemInfo free dropped by %zu, expected %zu\n",
                fns[k].name, size, (unsigned)pol, f0 - f1, want);
        g_failed = 1;
    }
    if (mi_free(ACL_DDR_MEM) != f1) { /* DDR and HBM describe the same pool */
        fprintf(stderr, "DDR and HBM free differ\n");
        g_failed = 1;
    }
    expect_usable(p, want, fns[k].name, size);
    EXPECT_OK(aclrtFree(p));
    size_t f2 = mi_free(ACL_HBM_MEM);
    if (f2 != f0) {
        fprintf(stderr,
                "%s(%zu, 0x%x): free is %zu after aclrtFree, %zu before the "
                "allocation\n",
                fns[k].name, size, (unsigned)pol, f2, f0);
        g_failed = 1;
    }
}

static void before_init(void)
{
    void *p = NULL;
    size_t f, t;
    char buf[64];
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtMallocCached(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtMallocAlign32(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtFree(buf));
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtMallocHost(&p, 64));
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtFreeHost(buf));
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtGetMemInfo(ACL_HBM_MEM, &f, &t));
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtMemcpy(buf, 32, buf + 32, 32, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_ERR(ACL_ERROR_UNINITIALIZE, aclrtMemset(buf, 64, 0, 64));
}

static void no_context(void)
{
    void *p = NULL;
    size_t f, t;
    EXPECT_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtMallocCached(&p, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
    EXPECT_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtMallocAlign32(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetMemInfo(ACL_HBM_MEM, &f, &t));
}

static void bad_args(void)
{
    void *p = (void *)(uintptr_t)0x1;
    for (size_t k = 0; k < NFNS; k++) {
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, fns[k].fn(NULL, 64, ACL_MEM_MALLOC_HUGE_FIRST));
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, fns[k].fn(NULL, 0, ACL_MEM_MALLOC_HUGE_FIRST));
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, fns[k].fn(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST));
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, fns[k].fn(&p, 0, ACL_MEM_MALLOC_NORMAL_ONLY));
    }
}

/* Alignment and rounding over sizes and the policies that give pages here. */
static void sizes_and_policies(void)
{
    static const size_t sizes[] = {1,
                                   7,
                                   31,
                                   32,
                                   33,
                                   63,
                                   64,
                                   65,
                                   96,
                                   100,
                                   127,
                                   4095,
                                   4096,
                                   4097,
                                   65539,
                                   (size_t)1 << 20,
                                   ((size_t)1 << 20) + 1,
                                   (3u << 20) + 5};
    aclrtMemMallocPolicy pols[16];
    size_t np = 0;
    pols[np++] = ACL_MEM_MALLOC_HUGE_FIRST;
    pols[np++] = ACL_MEM_MALLOC_NORMAL_ONLY;
    pols[np++] = ACL_MEM_MALLOC_HUGE_FIRST_P2P;
    pols[np++] = ACL_MEM_MALLOC_NORMAL_ONLY_P2P;
    /* the bandwidth / access flags are OR-ed into the policy */
    pols[np++] = (aclrtMemMallocPolicy)(ACL_MEM_MALLOC_HUGE_FIRST | ACL_MEM_TYPE_HIGH_BAND_WIDTH);
    pols[np++] = (aclrtMemMallocPolicy)(ACL_MEM_MALLOC_NORMAL_ONLY | ACL_MEM_TYPE_LOW_BAND_WIDTH);
    /* out-of-range policy (reference 5: >= 2 MB on huge pages, else normal) */
    pols[np++] = (aclrtMemMallocPolicy)9;
    if (g_huge) {
        pols[np++] = ACL_MEM_MALLOC_HUGE_ONLY;
        pols[np++] = ACL_MEM_MALLOC_HUGE_ONLY_P2P;
    }
    for (size_t k = 0; k < NFNS; k++)
        for (size_t i = 0; i < np; i++)
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
                one(k, sizes[s], pols[i]);
}

/* Many live allocations: aligned, and no two usable ranges overlap. */
static int cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return x < y ? -1 : x > y;
}

static void no_overlap(void)
{
    enum { N = 600 };
    static uintptr_t ps[N][2];
    for (int i = 0; i < N; i++) {
        size_t size = 1 + (size_t)(i * 37 % 5000);
        void *p = NULL;
        CHECK_OK(
            aclrtMalloc(&p, size, i % 2 ? ACL_MEM_MALLOC_NORMAL_ONLY : ACL_MEM_MALLOC_HUGE_FIRST));
        EXPECT(((uintptr_t)p & 511) == 0);
        ps[i][0] = (uintptr_t)p;
        ps[i][1] = acl_rounded(size, true);
    }
    qsort(ps, N, sizeof ps[0], cmp_ptr);
    for (int i = 1; i < N; i++)
        if (ps[i - 1][0] + ps[i - 1][1] > ps[i][0]) {
            fprintf(stderr, "allocations overlap: %#lx + %zu > %#lx\n", (unsigned long)ps[i - 1][0],
                    (size_t)ps[i - 1][1], (unsigned long)ps[i][0]);
            g_failed = 1;
        }
    for (int i = 0; i < N; i++)
        EXPECT_OK(aclrtFree((void *)ps[i][0]));
}

/* HUGE_ONLY and HUGE1G_ONLY: succeed when such pages exist, else 207001 and everything
 * else keeps working. */
static void huge_only(void)
{
    static const aclrtMemMallocPolicy hp[] = {ACL_MEM_MALLOC_HUGE_ONLY,
                                              ACL_MEM_MALLOC_HUGE_ONLY_P2P};
    static const aclrtMemMallocPolicy gp[] = {ACL_MEM_MALLOC_HUGE1G_ONLY,
                                              ACL_MEM_MALLOC_HUGE1G_ONLY_P2P};
    size_t f0 = mi_free(ACL_HBM_MEM);
    for (int i = 0; i < 2; i++) {
        void *p = NULL;
        if (g_huge) {
            if (EXPECT_OK(aclrtMalloc(&p, 4096, hp[i]))) {
                struct mt_vma v = vma_of(p);
                EXPECT(v.found && (v.hg || v.ht));
                EXPECT_OK(aclrtFree(p));
            }
        } else {
            EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&p, 4096, hp[i]));
        }
        if (g_huge1g) {
            /* no 32-byte padding for HUGE1G: exactly the rounded size is usable */
            if (EXPECT_OK(aclrtMalloc(&p, 1000, gp[i]))) {
                expect_usable(p, acl_rounded(1000, false), "aclrtMalloc(HUGE1G)", 1000);
                struct mt_vma v = vma_of(p);
                EXPECT(v.found && v.ht);
                EXPECT_OK(aclrtFree(p));
            }
        } else {
            EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION, aclrtMalloc(&p, 1000, gp[i]));
            EXPECT_ERR(ACL_ERROR_RT_MEMORY_ALLOCATION,
                       aclrtMallocAlign32(&p, (size_t)1 << 30, gp[i]));
        }
    }
    EXPECT(mi_free(ACL_HBM_MEM) == f0);
    /* everything else keeps working */
    void *p = NULL;
    if (EXPECT_OK(aclrtMalloc(&p, 3u << 20, ACL_MEM_MALLOC_HUGE_FIRST))) {
        EXPECT_OK(aclrtMemset(p, 3u << 20, 0x5a, 3u << 20));
        EXPECT_DEV_BYTES(p, 3u << 20, 0x5a);
        EXPECT_OK(aclrtFree(p));
    }
}

/* HUGE_FIRST: <= 1 MiB on normal pages, larger on 2 MiB pages if any; NORMAL_ONLY: normal
 * pages at any size. Page kinds are read from the mapping's VmFlags in /proc/self/smaps. */
static void expect_pages(void *p, bool want_huge, const char *what)
{
    struct mt_vma v = vma_of(p);
    if (!v.found) {
        fprintf(stderr, "%s: no mapping in /proc/self/smaps holds %p\n", what, p);
        g_failed = 1;
        return;
    }
    bool huge = v.hg || v.ht;
    bool ok = want_huge ? huge : (!huge && (v.nh || !g_thp_on));
    if (!ok) {
        fprintf(stderr,
                "%s: %p is in mapping %#lx-%#lx with VmFlags hg=%d nh=%d ht=%d, "
                "expected %s pages\n",
                what, p, (unsigned long)v.lo, (unsigned long)v.hi, v.hg, v.nh, v.ht,
                want_huge ? "huge" : "normal");
        g_failed = 1;
    }
}

static void page_kinds(void)
{
    void *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL;
    CHECK_OK(aclrtMalloc(&a, 1u << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&b, (1u << 20) + 1, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&c, 8u << 20, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
    CHECK_OK(aclrtMalloc(&d, 8u << 20, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc(&e, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    expect_pages(a, false, "HUGE_FIRST 1 MiB");
    expect_pages(b, g_huge, "HUGE_FIRST 1 MiB + 1");
    expect_pages(c, g_huge, "HUGE_FIRST_P2P 8 MiB");
    expect_pages(d, false, "NORMAL_ONLY 8 MiB");
    expect_pages(e, false, "HUGE_FIRST 64 B");
    /* Touch the large one and report (not assert: the kernel may have no free huge page)
     * how much of it really is on huge pages. */
    CHECK_OK(aclrtMemset(c, 8u << 20, 1, 8u << 20));
    struct mt_vma v = vma_of(c);
    fprintf(stderr, "info: HUGE_FIRST 8 MiB mapping: Rss %zu kB, AnonHugePages %zu kB\n", v.rss_kb,
            v.anon_huge_kb);
    EXPECT_FREE_DEVICE(a, b, c, d, e);
}

int main(void)
{
    before_init();
    CHECK_OK(aclInit(NULL));
    no_context();
    CHECK_OK(aclrtSetDevice(0));
    g_huge = mi_total(ACL_MEM_HUGE) > 0;
    g_huge1g = mi_total(ACL_MEM_HUGE1G) > 0;
    g_thp_on = thp_enabled();
    fprintf(stderr, "info: 2 MiB pages %s, 1 GiB pages %s, THP %s\n", g_huge ? "yes" : "no",
            g_huge1g ? "yes" : "no", g_thp_on ? "on" : "never");
    bad_args();
    sizes_and_policies();
    no_overlap();
    huge_only();
    page_kinds();
    /* Device 1 follows the same rules. */
    CHECK_OK(aclrtSetDevice(1));
    one(0, 100, ACL_MEM_MALLOC_HUGE_FIRST);
    one(2, 100, ACL_MEM_MALLOC_NORMAL_ONLY);
    CHECK_OK(aclrtResetDevice(1));
    TEST_CLOSE();
    return memapi_exit("memory_alloc");
}
