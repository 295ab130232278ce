/* SPDX-License-Identifier: Apache-2.0 */
/* The two-step free of mem/devmem.c (mem_pool_retire / mem_pool_reclaim, what
 * core/memory/retire.c uses for a block freed while streams still have work queued). A retired
 * block is out of the registry at once (a second free or retire gets -ENOENT, lookups miss,
 * mem_dev_in_pool still says pool memory) but keeps its capacity charge and is never handed out
 * again; the reclaim credits it and makes it reusable; a block whose pool was torn down and
 * created again is not given to the new incarnation. Device and pinned host memory, small
 * (block cache) and large sizes, and wrong kinds (device free of host memory). */
#include <errno.h>
#include <stdbool.h>

#include "mem/devmem.h"
#include "mem/hostmem.h"
#include "mem/registry.h"
#include "memtest.h"

static size_t used(void)
{
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(0, &st));
    return st.used;
}

static void one(size_t size, bool host)
{
    void *p = NULL;
    if (host)
        CHECK_OK(mem_host_alloc(size, &p));
    else
        CHECK_OK(mem_dev_alloc(0, size, MEM_POLICY_HUGE_FIRST, 0, &p));
    int want = host ? MEM_REG_WANT_HOST : MEM_REG_WANT_DEVICE;
    size_t u0 = used();
    struct mem_retired r;
    /* the other kind of free is refused and changes nothing */
    CHECK_RC(-EINVAL, mem_pool_retire(p, host ? MEM_REG_WANT_DEVICE : MEM_REG_WANT_HOST, &r));
    CHECK_OK(mem_pool_retire(p, want, &r));
    CHECK(r.ptr == p && r.gen != 0 && r.pool == (host ? MEM_POOL_HOST : 0u));
    struct mem_reg_info info;
    CHECK_RC(-ENOENT, mem_reg_lookup(p, &info));
    CHECK(mem_dev_in_pool(p, 1));
    struct mem_retired again;
    CHECK_RC(-ENOENT, mem_pool_retire(p, want, &again));
    CHECK_RC(-ENOENT, host ? mem_host_free(p) : mem_dev_free(p));
    CHECK(used() == u0); /* still charged */
    /* never handed out while retired: same-size allocations get other addresses */
    void *q[8];
    for (int i = 0; i < 8; i++) {
        if (host)
            CHECK_OK(mem_host_alloc(size, &q[i]));
        else
            CHECK_OK(mem_dev_alloc(0, size, MEM_POLICY_HUGE_FIRST, 0, &q[i]));
        CHECK(q[i] != p);
    }
    for (int i = 0; i < 8; i++)
        CHECK_OK(host ? mem_host_free(q[i]) : mem_dev_free(q[i]));
    struct mem_retired keep = r;
    CHECK(mem_pool_reclaim(&keep));
    if (!host) {
        size_t rounded = 0;
        CHECK_OK(mem_dev_round(size, MEM_POLICY_HUGE_FIRST, 0, &rounded));
        CHECK(used() == u0 - rounded); /* credited */
    }
}

int main(void)
{
    CHECK_OK(mem_init());
    CHECK_OK(mem_dev_init(0, MEM_GiB));
    static const size_t sizes[] = {64, 4096, 100000, 3 << 20};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        one(sizes[i], false);
        one(sizes[i], true);
    }
    /* a block retired in one incarnation of the pool is not given to the next */
    void *p = NULL;
    CHECK_OK(mem_dev_alloc(0, 4096, MEM_POLICY_HUGE_FIRST, 0, &p));
    struct mem_retired r;
    CHECK_OK(mem_pool_retire(p, MEM_REG_WANT_DEVICE, &r));
    CHECK_OK(mem_dev_fini(0));
    CHECK(!mem_pool_reclaim(&r)); /* pool gone */
    CHECK_OK(mem_dev_init(0, MEM_GiB));
    CHECK(!mem_pool_reclaim(&r)); /* another incarnation */
    CHECK(used() == 0);
    CHECK_OK(mem_dev_fini(0));
    mem_fini();
    return 0;
}
