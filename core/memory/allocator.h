/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Custom allocators (core/memory/allocator.c): what stream destruction calls.
 */
#ifndef CPUACL_CORE_ALLOCATOR_H
#define CPUACL_CORE_ALLOCATOR_H

struct core_stream;

/* Custom allocators (core/memory/allocator.c): drop a stream's registration. */
void core_allocator_drop_locked(struct core_stream *s);

#endif
