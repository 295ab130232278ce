/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Host-pinned memory (aclrtMallocHost / aclrtFreeHost): a pool like a device's, with
 * no capacity limit, registered in the registry with owner MEM_OWNER_HOST so that
 * copies can tell pinned host memory from pageable memory.
 *
 * "Pinned" is bookkeeping only: the pages are not mlock'ed (RLIMIT_MEMLOCK is small on
 * ordinary systems and nothing here needs them resident: the copy engine is the CPU).
 * Sizes above 1 MiB go on 2 MiB pages when available (fewer TLB misses for the copy
 * engine), as HUGE_FIRST device memory does.
 *
 * Synchronization: as mem_dev_alloc/mem_dev_free (any thread, concurrently).
 */
#ifndef CPUACL_MEM_HOSTMEM_H
#define CPUACL_MEM_HOSTMEM_H

#include <stddef.h>

#include "mem/devmem.h"

/* 64-byte aligned, not zeroed, exactly `size` usable bytes registered.
 * -EINVAL for size 0, -ENOMEM, -ENODEV before mem_init. */
int mem_host_alloc(size_t size, void **out);

/* -EINVAL for interior pointers and device memory, -ENOENT for unknown/freed ones. */
int mem_host_free(void *ptr);

int mem_host_stats(struct mem_dev_stats *st);

#endif
