/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtGetMemInfo (memory.md, Memory): every aclrtMemAttr value of the current device;
 * DDR and HBM describe the same pool; HUGE attributes the part that can be on 2 MiB
 * pages, HUGE1G on 1 GiB pages; allocations are seen at once in free; unknown attributes
 * and NULL outputs are ACL_ERROR_INVALID_PARAM. */
#include "memapi.h"

#define CAP ((size_t)128 << 20)

enum cls { ALL, NORMAL, HUGE, HUGE1G };

static const struct {
    aclrtMemAttr a;
    enum cls c;
    const char *name;
} attrs[] = {
    {ACL_DDR_MEM, ALL, "ACL_DDR_MEM"},
    {ACL_HBM_MEM, ALL, "ACL_HBM_MEM"},
    {ACL_DDR_MEM_HUGE, HUGE, "ACL_DDR_MEM_HUGE"},
    {ACL_DDR_MEM_NORMAL, NORMAL, "ACL_DDR_MEM_NORMAL"},
    {ACL_HBM_MEM_HUGE, HUGE, "ACL_HBM_MEM_HUGE"},
    {ACL_HBM_MEM_NORMAL, NORMAL, "ACL_HBM_MEM_NORMAL"},
    {ACL_DDR_MEM_P2P_HUGE, HUGE, "ACL_DDR_MEM_P2P_HUGE"},
    {ACL_DDR_MEM_P2P_NORMAL, NORMAL, "ACL_DDR_MEM_P2P_NORMAL"},
    {ACL_HBM_MEM_P2P_HUGE, HUGE, "ACL_HBM_MEM_P2P_HUGE"},
    {ACL_HBM_MEM_P2P_NORMAL, NORMAL, "ACL_HBM_MEM_P2P_NORMAL"},
    {ACL_HBM_MEM_HUGE1G, HUGE1G, "ACL_HBM_MEM_HUGE1G"},
    {ACL_HBM_MEM_P2P_HUGE1G, HUGE1G, "ACL_HBM_MEM_P2P_HUGE1G"},
    {ACL_MEM_NORMAL, NORMAL, "ACL_MEM_NORMAL"},
    {ACL_MEM_HUGE, HUGE, "ACL_MEM_HUGE"},
    {ACL_MEM_HUGE1G, HUGE1G, "ACL_MEM_HUGE1G"},
    {ACL_MEM_P2P_NORMAL, NORMAL, "ACL_MEM_P2P_NORMAL"},
    {ACL_MEM_P2P_HUGE, HUGE, "ACL_MEM_P2P_HUGE"},
    {ACL_MEM_P2P_HUGE1G, HUGE1G, "ACL_MEM_P2P_HUGE1G"},
};
#define NATTR (sizeof attrs / sizeof attrs[0])

static bool g_thp;                        /* THP usable: the whole capacity can be on 2 MiB pages */
static size_t g_hugetlb_2m, g_hugetlb_1g; /* configured hugetlb pages */

/* A number from sysfs, 0 when absent (read here, not through mem/pages.c:
 * the test computes its expectations on its own). */
static size_t read_num(const char *path)
{
    unsigned long long v = 0;
    FILE *f = fopen(path, "r");
    if (f && fscanf(f, "%llu", &v) != 1)
        v = 0;
    if (f)
        fclose(f);
    return (size_t)v;
}

static void probe(void)
{
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    char buf[128] = {0};
    if (f) {
        g_thp = fgets(buf, sizeof buf, f) && !strstr(buf, "[never]");
        fclose(f);
    }
    g_hugetlb_2m = read_num("/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages");
    g_hugetlb_1g = read_num("/sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages");
    fprintf(stderr, "info: THP %s, hugetlb 2 MiB pages %zu, 1 GiB pages %zu\n",
            g_thp ? "on" : "off", g_hugetlb_2m, g_hugetlb_1g);
}

/* Check every attribute against `used` bytes charged on the current device. */
static void check_all(size_t used, int line)
{
    for (size_t i = 0; i < NATTR; i++) {
        size_t f = (size_t)-1, t = (size_t)-1;
        aclError rc = aclrtGetMemInfo(attrs[i].a, &f, &t);
        if (rc != ACL_SUCCESS) {
            fprintf(stderr, "line %d: aclrtGetMemInfo(%s) returned %d (%s)\n", line, attrs[i].name,
                    rc, aclGetRecentErrMsg());
            g_failed = 1;
            continue;
        }
        bool ok = f <= t && t <= CAP;
        switch (attrs[i].c) {
        case ALL:
        case NORMAL:
            ok = ok && t == CAP && f == CAP - used;
            break;
        case HUGE:
            if (g_thp)
                ok = ok && t == CAP && f == CAP - used;
            else
                ok = ok && t <= g_hugetlb_2m * ((size_t)2 << 20);
            break;
        case HUGE1G:
            ok = ok && t <= g_hugetlb_1g * ((size_t)1 << 30);
            if (!g_hugetlb_1g)
                ok = ok && t == 0 && f == 0;
            break;
        }
        if (!ok) {
            fprintf(stderr,
                    "line %d: aclrtGetMemInfo(%s): free %zu total %zu (capacity %zu, "
                    "used %zu)\n",
                    line, attrs[i].name, f, t, CAP, used);
            g_failed = 1;
        }
    }
}

static void bad_args(void)
{
    size_t f, t;
    static const int bad[] = {18, 19, 64, 1000, -1, 0x7fffffff};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetMemInfo((aclrtMemAttr)bad[i], &f, &t));
    for (size_t i = 0; i < NATTR; i++) {
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetMemInfo(attrs[i].a, NULL, &t));
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetMemInfo(attrs[i].a, &f, NULL));
    }
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetMemInfo(ACL_HBM_MEM, NULL, NULL));
}

int main(void)
{
    probe();
    CHECK(setenv("CPUACL_DEVICE_MEMORY_MB", "128", 1) == 0);
    TEST_OPEN();
    bad_args();
    check_all(0, __LINE__);

    /* allocations of every kind are charged at once, and credited at free */
    void *a = NULL, *b = NULL, *c = NULL, *h = NULL;
    CHECK_OK(aclrtMalloc(&a, 1000, ACL_MEM_MALLOC_NORMAL_ONLY));
    check_all(acl_rounded(1000, true), __LINE__);
    CHECK_OK(aclrtMalloc(&b, 5u << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    size_t used = acl_rounded(1000, true) + acl_rounded(5u << 20, true);
    check_all(used, __LINE__);
    CHECK_OK(aclrtMallocAlign32(&c, 33, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
    used += acl_rounded(33, false);
    check_all(used, __LINE__);
    CHECK_OK(aclrtMallocHost(&h, 1u << 20)); /* host memory: no change */
    check_all(used, __LINE__);

    /* devices are separate pools: device 1 sees none of it, and the reverse */
    aclrtContext ctx0, ctx1;
    CHECK_OK(aclrtGetCurrentContext(&ctx0));
    CHECK_OK(aclrtCreateContext(&ctx1, 1)); /* current is now device 1 */
    check_all(0, __LINE__);
    void *d1 = NULL;
    CHECK_OK(aclrtMalloc(&d1, 2u << 20, ACL_MEM_MALLOC_NORMAL_ONLY));
    check_all(acl_rounded(2u << 20, true), __LINE__);
    CHECK_OK(aclrtSetCurrentContext(ctx0));
    check_all(used, __LINE__);
    /* a pointer of device 1 is freed with device 0 current: device 1 gets it back */
    EXPECT_OK(aclrtFree(d1));
    check_all(used, __LINE__);
    CHECK_OK(aclrtSetCurrentContext(ctx1));
    check_all(0, __LINE__);
    CHECK_OK(aclrtDestroyContext(ctx1));
    CHECK_OK(aclrtSetCurrentContext(ctx0));

    EXPECT_FREE_DEVICE(a, b, c);
    EXPECT_OK(aclrtFreeHost(h));
    check_all(0, __LINE__);
    TEST_CLOSE();
    return memapi_exit("memory_meminfo");
}
