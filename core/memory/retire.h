/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Retired blocks (core/memory/retire.c): device and pinned host memory freed while streams
 * still have work queued is kept from reuse until those streams pass the point they had
 * reached at the free. What the frees of core/memory/memory.c call, and the device teardown.
 */
#ifndef CPUACL_CORE_MEMORY_RETIRE_H
#define CPUACL_CORE_MEMORY_RETIRE_H

#include <stdbool.h>

/* Free the allocation at ptr (want: MEM_REG_WANT_DEVICE for aclrtFree, MEM_REG_WANT_HOST for
 * aclrtFreeHost): at once when no stream has unfinished work, else retired (FR1). mem/'s
 * codes: 0, -EINVAL (interior, or the other kind of memory), -ENOENT (unknown or freed),
 * -ENOMEM (no memory for the record: nothing was freed). Never waits. */
int core_retire_free(void *ptr, int want);

/* Give back the retired blocks whose streams have passed (trylock: a thread that finds the
 * list busy leaves it to the holder). Answers how many went back. Cheap when none is retired. */
unsigned core_retire_reclaim(void);

/* Device dev's memory goes (its streams drained; g_rt.lock held, then mem_dev_fini): its
 * retired blocks are forgotten, the rest that may go back goes back (FR4). dev < 0: every
 * device went (aclFinalize, before mem_fini): every retired block is forgotten. */
void core_retire_device_fini_locked(int dev);

#endif
