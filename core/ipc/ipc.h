/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Sharing across processes (core/ipc/ipc.c): what the rest of core calls.
 * Lock order: g_rt.lock, then the IPC lock inside; never the other way.
 */
#ifndef CPUACL_CORE_IPC_H
#define CPUACL_CORE_IPC_H

#include <stdatomic.h>
#include <stdint.h>

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

#endif
