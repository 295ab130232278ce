/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Virtual memory (core/memory/vmm.c): reservations for the other memory calls,
 * what device teardown and IPC call.
 */
#ifndef CPUACL_CORE_VMM_H
#define CPUACL_CORE_VMM_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

/* aclrtReserveMemAddress under the name fn, virPtr not NULL: every other
 * argument is checked here. */
aclError core_vmm_reserve(void **virPtr, size_t size, size_t alignment, void *expectPtr,
                          uint64_t flags, const char *fn);

/* Device dev's pool is about to go; unmap every mapping of
 * its physical handles, free the handles, release its reservations. Lock held. */
void core_vmm_device_fini_locked(int dev);

/* For core/ipc/ipc.c. The memfd, size and device of a live physical handle (lock held):
 * 0 or -ENOENT. Adopt: a new physical handle of device dev over memfd fd (taken over,
 * closed on failure), charged as aclrtMallocPhysical charges; takes g_rt.lock. */
int core_vmm_phys_info_locked(aclrtDrvMemHandle h, int *fd, size_t *size, int *dev);
aclError core_vmm_phys_adopt(int fd, size_t size, int dev, aclrtDrvMemHandle *out,
                             const char *fn);

#endif
