/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Internal hooks for core/memory/copies.c (batched, symbol, descriptor and 32-bit
 * copies and sets, cache maintenance, allocation with a config) and the memory
 * room's other files: the pieces of the memory API they reuse, implemented next
 * to what they expose.
 */
#ifndef CPUACL_CORE_RT_MEMCPY_H
#define CPUACL_CORE_RT_MEMCPY_H

#include <stdbool.h>
#include <stddef.h>

#include "acl/acl.h"

/* ---- core/memory/memory.c ---- */

/* Where a byte range lives (memory.c's locate). */
enum core_mem_where { CORE_MEM_PAGEABLE, CORE_MEM_PINNED, CORE_MEM_DEVICE };

/* Classify [p, p + n): pageable host memory, or a live pinned / device
 * allocation that holds all of it (*dev: its device, -1 for host). Errors
 * (message recorded as "fn: what ..."): freed or unmapped memory, a range
 * running past its allocation, a pool being torn down. Call it inside a mem op
 * section (mem/thread.h) when the bytes are touched afterwards. */
aclError core_mem_locate(const void *p, size_t n, enum core_mem_where *where, int *dev,
                         const char *fn, const char *what);

/* An asynchronous copy of pageable memory on stream s becomes synchronous: refused
 * inside a capture of s (ACL_ERROR_RT_PARAM_INVALID) or where the capture mode forbids
 * it; otherwise s is drained (its queued tasks ran) and the caller copies now. */
struct core_stream;
aclError core_mem_pageable_drain(struct core_stream *s, const char *fn);

/* ---- core/memory/vmm.c ---- */

/* Does p lie inside a live aclrtReserveMemAddress reservation? */
bool core_vmm_reserved(const void *p);

/* ---- core/kernel/binary.c ---- */

/* The loaded kernel binary exporting a data object (ELF STT_OBJECT) that
 * starts exactly at addr, with a reference taken (drop it with
 * core_bin_data_unref; an aclrtBinaryUnLoad meanwhile keeps the object mapped
 * until then); *size is the object's ELF size. NULL when none does. */
void *core_bin_data_ref(const void *addr, size_t *size);
void core_bin_data_unref(void *bin);

#endif
