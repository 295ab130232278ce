/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream-ordered memory pools (core/memory/pool.c): what the rest of core calls.
 *
 * Lock order: g_rt.lock, then the pool lock inside; the pool lock is a leaf (nothing in
 * core/memory/pool.c calls into core while holding it).
 */
#ifndef CPUACL_CORE_MEMPOOL_H
#define CPUACL_CORE_MEMPOOL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

/* Number of pools alive (destroyed ones still waiting for their memory included). A:
 * relaxed everywhere: a filter that keeps the hooks below off the hot paths when no
 * pool exists; what they act on is read under the pool lock. */
extern _Atomic uint32_t core_mempool_live;

void core_mempool_note_record_(aclrtEvent event, aclrtStream stream);
void core_mempool_note_wait_(aclrtStream stream, aclrtEvent event);
void core_mempool_on_sync_(void);

/* aclrtRecordEvent succeeded: the event now stands for the frees queued on the stream so
 * far (event-dependency reuse, ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES). */
static inline void core_mempool_note_record(aclrtEvent event, aclrtStream stream)
{
    if (atomic_load_explicit(&core_mempool_live, memory_order_relaxed)) /* relaxed: filter */
        core_mempool_note_record_(event, stream);
}

/* aclrtStreamWaitEvent succeeded: the stream is now ordered after those frees. */
static inline void core_mempool_note_wait(aclrtStream stream, aclrtEvent event)
{
    if (atomic_load_explicit(&core_mempool_live, memory_order_relaxed)) /* relaxed: filter */
        core_mempool_note_wait_(stream, event);
}

/* A stream synchronisation finished: pools give idle memory above their release
 * threshold back (ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD). May run with g_rt.lock held. */
static inline void core_mempool_on_sync(void)
{
    if (atomic_load_explicit(&core_mempool_live, memory_order_relaxed)) /* relaxed: filter */
        core_mempool_on_sync_();
}

/* Device dev's memory is going (g_rt.lock held, its streams drained): every pool of the
 * device is released and its handle dies. */
void core_mempool_device_fini_locked(int dev);

/* The live pool allocation holding p (aclrtMemGetAddressRange): 0 with its range, -ENOENT
 * when p is in no pool, -EINVAL when it is in a pool but in no live allocation. */
int core_mempool_range(const void *p, uintptr_t *base, size_t *size);

#endif
