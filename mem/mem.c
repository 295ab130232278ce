/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bring-up and tear-down of the memory layer.
 *
 * Invariants:
 *   MI1. mem_init/mem_fini are called by one thread at a time (core's init lock);
 *       mem_initialized is written only there and read by mem_pool_init under the
 *       same external serialisation, so it needs no atomics.
 *   MI2. Order: allocator binding (jemalloc.h), page probe, thread machinery (membarrier,
 *       key), registry, host pool.
 *       mem_fini undoes it in reverse, after every device pool.
 */
#include "mem/mem.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "mem/devmem.h"
#include "mem/jemalloc.h"
#include "mem/pages.h"
#include "mem/registry.h"
#include "mem/thread.h"

bool mem_initialized;

int mem_init(void)
{
    if (mem_initialized)
        return 0;
    int rc = mem_je_bind();
    if (rc != 0)
        return rc;
    mem_pages_probe();
    rc = mem_thread_init();
    if (rc != 0)
        return rc;
    rc = mem_reg_init();
    if (rc != 0)
        return rc;
    mem_initialized = true;
    rc = mem_pool_init(MEM_POOL_HOST, SIZE_MAX);
    if (rc != 0) {
        mem_initialized = false;
        mem_reg_fini();
        return rc;
    }
    return 0;
}

void mem_fini(void)
{
    if (!mem_initialized)
        return;
    for (unsigned i = 0; i < MEM_POOL_MAX; i++)
        mem_pool_fini(i);
    mem_reg_fini();
    mem_initialized = false;
}
