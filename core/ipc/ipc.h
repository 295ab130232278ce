/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Sharing across processes (core/ipc/ipc.c): what the rest of core calls.
 * Lock order: g_rt.lock, then the IPC lock inside; never the other way.
 */
#ifndef CPUACL_CORE_IPC_H
#define CPUACL_CORE_IPC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

/* Bytes of a key buffer (the documented length of IPC memory and notify keys). */
#define CORE_IPC_KEY_LEN 65

struct core_ipc_obj;

/* aclrtFree is about to free ptr: end its exports (importers can no longer import). */
void core_ipc_mem_freeing(const void *ptr);
/* A physical handle is being freed (core/memory/vmm.c, g_rt.lock held). */
void core_ipc_phys_freed_locked(uint64_t handle);
/* Device dev's pool is going (g_rt.lock held): drop its imports and exports. */
void core_ipc_device_fini_locked(int dev);

/* The two shared words of a notify or event (shared memory):
 *   notify (core/event/notify.c N4): [0] = records run, [1] = records taken by waits
 *   event (core/event/event.c V5):   [0] = latest record's sequence, [1] = highest sequence run */
_Atomic uint64_t *core_ipc_words(struct core_ipc_obj *o);
/* The user destroyed the notify or event holding o (its memory may live on while
 * queued tasks or a grace period hold it): end the export now, so no process opens it. */
void core_ipc_unexport(struct core_ipc_obj *o);
/* The notify or event holding o is freed: release the shared state. */
void core_ipc_notify_drop(struct core_ipc_obj *o);
#define core_ipc_event_drop core_ipc_notify_drop

/* The work of the IPC entry points (core/api/ipc.c), after the surface's argument
 * checks; fn is the API's name, which errors recorded inside name. */
aclError core_ipc_mem_export(void *devPtr, size_t size, char *key, uint64_t flags, const char *fn);
aclError core_ipc_mem_set_pid(const char *key, int32_t *pid, size_t num, const char *fn);
aclError core_ipc_mem_import(void **devPtr, const char *key, uint64_t flags, const char *fn);
aclError core_ipc_mem_close(const char *key, const char *fn);
/* The shareable handles of physical memory: the uint64_t form (fabric false) and the V2
 * calls, which pick the form from shareType. */
aclError core_ipc_phys_export(aclrtDrvMemHandle handle, uint64_t flags, bool fabric, void *out,
                              const char *fn);
aclError core_ipc_phys_export_v2(aclrtDrvMemHandle handle, uint64_t flags,
                                 aclrtMemSharedHandleType shareType, void *shareableHandle,
                                 const char *fn);
aclError core_ipc_phys_import(const void *h, bool fabric, int32_t deviceId,
                              aclrtDrvMemHandle *handle, const char *fn);
aclError core_ipc_phys_import_v2(void *shareableHandle, aclrtMemSharedHandleType shareType,
                                 uint64_t flags, aclrtDrvMemHandle *handle, const char *fn);
aclError core_ipc_phys_set_pids(const void *h, bool fabric, int32_t *pid, size_t num,
                                const char *fn);
aclError core_ipc_phys_set_pids_v2(void *shareableHandle, aclrtMemSharedHandleType shareType,
                                   int32_t *pid, size_t pidNum, const char *fn);
aclError core_ipc_notify_export(aclrtNotify notify, char *key, uint64_t flags, const char *fn);
aclError core_ipc_notify_set_pid(aclrtNotify notify, int32_t *pid, size_t num, const char *fn);
aclError core_ipc_notify_import(aclrtNotify *notify, const char *key, uint64_t flags,
                                const char *fn);
aclError core_ipc_event_export(aclrtEvent event, aclrtIpcEventHandle *handle, const char *fn);
aclError core_ipc_event_open(aclrtIpcEventHandle handle, aclrtEvent *event, const char *fn);
aclError core_ipc_mem_set_attr(const char *key, uint64_t attr, const char *fn);
aclError core_ipc_mem_set_pid_inter_server(const char *key, aclrtServerPid *serverPids, size_t num,
                                           const char *fn);
aclError core_ipc_notify_set_pid_inter_server(aclrtNotify notify, aclrtServerPid *serverPids,
                                              size_t num, const char *fn);

#endif
