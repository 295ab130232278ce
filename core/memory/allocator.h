/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Custom allocators (core/memory/allocator.c): what stream destruction and the API
 * surface (core/api/memory.c) call.
 */
#ifndef CPUACL_CORE_ALLOCATOR_H
#define CPUACL_CORE_ALLOCATOR_H

#include "acl/acl_rt_allocator.h"

struct core_stream;

/* Custom allocators (core/memory/allocator.c): drop a stream's registration. */
void core_allocator_drop_locked(struct core_stream *s);

/* The work of the custom-allocator entry points (core/api/memory.c); fn is the API's
 * name, which errors recorded inside name. */
aclrtAllocatorDesc core_allocator_desc_create(const char *fn);
aclError core_allocator_desc_destroy(aclrtAllocatorDesc allocatorDesc, const char *fn);
/* Set one field of a live descriptor (aclrtAllocatorSet*ToDesc). */
aclError core_allocator_set_obj(aclrtAllocatorDesc allocatorDesc, aclrtAllocator value,
                                const char *fn);
aclError core_allocator_set_alloc(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorAllocFunc value,
                                  const char *fn);
aclError core_allocator_set_free(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorFreeFunc value,
                                 const char *fn);
aclError core_allocator_set_advise(aclrtAllocatorDesc allocatorDesc,
                                   aclrtAllocatorAllocAdviseFunc value, const char *fn);
aclError core_allocator_set_addr(aclrtAllocatorDesc allocatorDesc,
                                 aclrtAllocatorGetAddrFromBlockFunc value, const char *fn);
aclError core_allocator_register(aclrtStream stream, aclrtAllocatorDesc allocatorDesc,
                                 const char *fn);
aclError core_allocator_get_by_stream(aclrtStream stream, aclrtAllocatorDesc *allocatorDesc,
                                      aclrtAllocator *allocator, aclrtAllocatorAllocFunc *allocFunc,
                                      aclrtAllocatorFreeFunc *freeFunc,
                                      aclrtAllocatorAllocAdviseFunc *allocAdviseFunc,
                                      aclrtAllocatorGetAddrFromBlockFunc *getAddrFromBlockFunc,
                                      const char *fn);
aclError core_allocator_unregister(aclrtStream stream, const char *fn);

#endif
