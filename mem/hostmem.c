/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Host-pinned memory: the pool MEM_POOL_HOST of devmem.c, with capacity SIZE_MAX and
 * the HUGE_FIRST routing. Invariants are those of devmem.c (D1-D6); the registered
 * size is the requested size, so copies are bounds-checked against what the caller
 * asked for.
 */
#include "mem/hostmem.h"

#include <errno.h>

#include "mem/registry.h"

int mem_host_alloc(size_t size, void **out)
{
    if (size == 0 || !out)
        return -EINVAL;
    if (size > MEM_REG_SIZE_MAX)
        return -ENOMEM;
    return mem_pool_alloc(MEM_POOL_HOST, size, MEM_POLICY_HUGE_FIRST, size, 0, out);
}

int mem_host_free(void *ptr)
{
    return mem_pool_free(ptr, MEM_REG_WANT_HOST);
}

int mem_host_stats(struct mem_dev_stats *st)
{
    return mem_pool_stats(MEM_POOL_HOST, st);
}
