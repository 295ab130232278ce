/* SPDX-License-Identifier: Apache-2.0 */
/*
 * acl/acl_rt_allocator.h: user-provided device memory allocators, registered
 * per stream (AscendCL's custom allocator API).
 *
 * A descriptor collects an allocator object and its callbacks; registering it
 * on a stream copies them to the stream (the descriptor may be destroyed
 * afterwards). In cpuacl no operator needs workspace memory, so the runtime
 * never calls a registered allocator; the registration is kept, queried and
 * removed exactly as AscendCL specifies.
 */
#ifndef CPUACL_ACL_ACL_RT_ALLOCATOR_H
#define CPUACL_ACL_ACL_RT_ALLOCATOR_H

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Allocate a block of at least size bytes; returns the block (NULL: failed). */
typedef void *(*aclrtAllocatorAllocFunc)(aclrtAllocator allocator, size_t size);
/* Release a block returned by the alloc or advise callback. */
typedef void (*aclrtAllocatorFreeFunc)(aclrtAllocator allocator, aclrtAllocatorBlock block);
/* Allocate a block, preferably at addr. */
typedef void *(*aclrtAllocatorAllocAdviseFunc)(aclrtAllocator allocator, size_t size,
                                               aclrtAllocatorAddr addr);
/* The device address of a block. */
typedef void *(*aclrtAllocatorGetAddrFromBlockFunc)(aclrtAllocatorBlock block);

/* A new, empty descriptor (NULL: out of memory). */
ACL_FUNC_VISIBILITY aclrtAllocatorDesc aclrtAllocatorCreateDesc(void);
/* Destroy a descriptor (registrations made with it stay). */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc);

/* Set the allocator object and the callbacks of a descriptor. The object and
 * the alloc, free and get-address callbacks are required to register it. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc,
                                                        aclrtAllocator allocator);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                              aclrtAllocatorAllocFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                             aclrtAllocatorFreeFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetAllocAdviseFuncToDesc(
    aclrtAllocatorDesc allocatorDesc, aclrtAllocatorAllocAdviseFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(
    aclrtAllocatorDesc allocatorDesc, aclrtAllocatorGetAddrFromBlockFunc func);

/* Register the descriptor's allocator on a stream (not NULL); a second
 * registration replaces the first. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorRegister(aclrtStream stream,
                                                    aclrtAllocatorDesc allocatorDesc);

/* What is registered on a stream (every output NULL when nothing is). */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorGetByStream(
    aclrtStream stream, aclrtAllocatorDesc *allocatorDesc, aclrtAllocator *allocator,
    aclrtAllocatorAllocFunc *allocFunc, aclrtAllocatorFreeFunc *freeFunc,
    aclrtAllocatorAllocAdviseFunc *allocAdviseFunc,
    aclrtAllocatorGetAddrFromBlockFunc *getAddrFromBlockFunc);

/* Remove a stream's registration (nothing registered: success). */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorUnregister(aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACL_ACL_RT_ALLOCATOR_H */
