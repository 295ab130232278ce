/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Virtual memory (core/memory/vmm.c): reservations for the other memory calls,
 * what device teardown and IPC call.
 */
#ifndef CPUACL_CORE_VMM_H
#define CPUACL_CORE_VMM_H

#include <stdbool.h>
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

/* For core/ipc/ipc.c. The memfd, size and device of a live physical handle (lock held),
 * made shared first (vmm.c VM8): 0, -ENOENT, or -errno when it cannot be shared. Adopt: a
 * new physical handle of device dev over memfd fd (taken over, closed on failure), charged
 * as aclrtMallocPhysical charges; takes g_rt.lock. */
int core_vmm_phys_info_locked(aclrtDrvMemHandle h, int *fd, size_t *size, int *dev);
aclError core_vmm_phys_adopt(int fd, size_t size, int dev, aclrtDrvMemHandle *out, const char *fn);

/* The work of the VMM entry points (core/api/vmm.c), after the surface's argument
 * checks; fn is the API's name, which errors recorded inside name. */
aclError core_vmm_release(void *virPtr, const char *fn);
aclError core_vmm_phys_alloc(aclrtDrvMemHandle *handle, size_t size,
                             const aclrtPhysicalMemProp *prop, uint64_t flags, const char *fn);
aclError core_vmm_phys_free(aclrtDrvMemHandle handle, const char *fn);
aclError core_vmm_granularity(aclrtPhysicalMemProp *prop, aclrtMemGranularityOptions option,
                              size_t *granularity, const char *fn);
/* aclrtMapMem and aclrtMemMapNoAccess (noaccess: mapped without access). */
aclError core_vmm_map(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                      uint64_t flags, bool noaccess, const char *fn);
aclError core_vmm_unmap(void *virPtr, const char *fn);
aclError core_vmm_set_access(void *virPtr, size_t size, aclrtMemAccessDesc *desc, size_t count,
                             const char *fn);
aclError core_vmm_get_access(void *virPtr, aclrtMemLocation *location, uint64_t *flag,
                             const char *fn);
aclError core_vmm_retain_handle(void *virPtr, aclrtDrvMemHandle *handle, const char *fn);
aclError core_vmm_handle_properties(aclrtDrvMemHandle handle, aclrtPhysicalMemProp *prop,
                                    const char *fn);
aclError core_vmm_map_set_link(aclrtDrvMemHandle handle, aclrtMemLinkType adviceLink,
                               const char *fn);
aclError core_vmm_map_selected_link(void *virPtrDst, size_t size, void *virPtrSrc, const char *fn);
aclError core_vmm_address_range(void *ptr, void **pbase, size_t *psize, const char *fn);
aclError core_vmm_p2p_map(void *devPtr, size_t size, int32_t dstDevId, const char *fn);

#endif
