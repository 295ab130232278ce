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
#include "acl/acl_rt_memory_soma.h"
#include "core/runtime/hooks.h"

/* The pools' notes, called through core_hooks while core_mempool_live is nonzero
 * (core/runtime/hooks.h). aclrtRecordEvent succeeded: the event now stands for the frees
 * queued on the stream so far (event-dependency reuse,
 * ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES). aclrtStreamWaitEvent succeeded: the
 * stream is now ordered after those frees. A stream synchronisation finished: pools give
 * idle memory above their release threshold back (ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD;
 * may run with g_rt.lock held). */
void core_mempool_note_record_(aclrtEvent event, aclrtStream stream);
void core_mempool_note_wait_(aclrtStream stream, aclrtEvent event);
void core_mempool_on_sync_(void);

/* Device dev's memory is going (g_rt.lock held, its streams drained): every pool of the
 * device is released and its handle dies. */
void core_mempool_device_fini_locked(int dev);

/* The live pool allocation holding p (aclrtMemGetAddressRange): 0 with its range, -ENOENT
 * when p is in no pool, -EINVAL when it is in a pool but in no live allocation. */
int core_mempool_range(const void *p, uintptr_t *base, size_t *size);

/* The work of the pool entry points (core/api/vmm.c), after the surface's argument
 * checks; fn is the API's name, which errors recorded inside name. */
aclError core_mempool_create(aclrtMemPool *memPool, const aclrtMemPoolProps *poolProps,
                             const char *fn);
aclError core_mempool_destroy(const aclrtMemPool memPool, const char *fn);
aclError core_mempool_set_attr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value,
                               const char *fn);
aclError core_mempool_get_attr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value,
                               const char *fn);
aclError core_mempool_malloc_async(void **ptr, size_t size, aclrtMemPool memPool,
                                   aclrtStream stream, const char *fn);
aclError core_mempool_free_async(void *ptr, aclrtStream stream, const char *fn);
aclError core_mempool_trim_to(aclrtMemPool memPool, size_t minBytesToKeep, const char *fn);

#endif
