/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Virtual memory (core/vmm.c): what device teardown calls.
 */
#ifndef CPUACL_CORE_VMM_H
#define CPUACL_CORE_VMM_H

/* Virtual memory (core/vmm.c): device dev's pool is about to go; unmap every mapping of
 * its physical handles, free the handles, release its reservations. Lock held. */
void core_vmm_device_fini_locked(int dev);

#endif
