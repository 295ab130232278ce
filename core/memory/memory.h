/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The memory room's object functions behind the API surface (core/api/memory.c):
 * allocation, copies and sets, value writes and waits, reductions, peer access
 * (memory.c), batched, symbol, descriptor and 32-bit copies and sets, cache
 * maintenance, allocation with a config (copies.c), managed memory (managed.c), host
 * registration (hostreg.c) and random-number tasks (random.c). Each does the work of
 * the entry point it is named after once the surface has checked the arguments it
 * checks itself; fn is the API's name, which errors recorded inside name.
 */
#ifndef CPUACL_CORE_MEMORY_H
#define CPUACL_CORE_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

/* ---- core/memory/memory.c ---- */

/* aclrtMalloc under the name fn (policy: the low byte picks the pages; align32: the
 * 32-byte-aligned variant, aclrtMallocAlign32). */
aclError core_mem_dev_malloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy, bool align32,
                             const char *fn);
/* aclrtFree and aclrtFreeHost under the name fn, of a non-NULL pointer. */
aclError core_mem_dev_free(void *devPtr, const char *fn);
aclError core_mem_host_free(void *hostPtr, const char *fn);
/* aclrtMallocHost of a non-NULL hostPtr and a non-zero size. */
aclError core_mem_host_alloc(void **hostPtr, size_t size, const char *fn);
/* aclFinalize: value waits still waiting complete while on (they can no longer be satisfied). */
void core_mem_release_value_waits(bool on);
aclError core_mem_info(aclrtMemAttr attr, size_t *free_, size_t *total, const char *fn);
aclError core_mem_reduce_async(void *dst, const void *src, uint64_t count, aclrtReduceKind kind,
                               aclDataType type, aclrtStream stream, void *reserve, const char *fn);
/* aclrtMemcpyAsync under the name fn (pinned/device: queued; pageable: the stream drains,
 * then the copy runs on the caller; capture rules apply). Hot: the entry point's one call. */
aclError core_mem_copy_async(void *dst, size_t destMax, const void *src, size_t count,
                             aclrtMemcpyKind kind, aclrtStream stream, const char *fn);
/* The synchronous copies and set: checked and run inside one mem op section (M1). */
aclError core_mem_copy(void *dst, size_t destMax, const void *src, size_t count,
                       aclrtMemcpyKind kind, const char *fn);
aclError core_mem_copy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, aclrtMemcpyKind kind, const char *fn);
aclError core_mem_copy2d_async(void *dst, size_t dpitch, const void *src, size_t spitch,
                               size_t width, size_t height, aclrtMemcpyKind kind,
                               aclrtStream stream, const char *fn);
aclError core_mem_set(void *devPtr, size_t maxCount, int32_t value, size_t count, const char *fn);
aclError core_mem_set_async(void *devPtr, size_t maxCount, int32_t value, size_t count,
                            aclrtStream stream, const char *fn);
/* aclrtValueWrite (wait = false) or aclrtValueWait: a value task queued on stream. */
aclError core_mem_value_task(void *devAddr, uint64_t value, uint32_t flag, aclrtStream stream,
                             bool wait, const char *fn);
aclError core_mem_peer_can_access(int32_t *canAccessPeer, int32_t deviceId, int32_t peerDeviceId,
                                  const char *fn);
/* aclrtDeviceEnablePeerAccess (enable) or aclrtDeviceDisablePeerAccess from the current
 * device to device peer. */
aclError core_mem_peer_access(int32_t peer, bool enable, const char *fn);

/* ---- core/memory/copies.c ---- */

/* aclrtMemcpyBatch and aclrtMemcpyBatchAsync, and their V2 (failIndex NULL). */
aclError core_mem_batch_copy(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t n,
                             aclrtMemcpyBatchAttr *attrs, size_t *idx, size_t nattrs,
                             size_t *failIndex, const char *fn);
aclError core_mem_batch_copy_async(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes,
                                   size_t n, aclrtMemcpyBatchAttr *attrs, size_t *idx,
                                   size_t nattrs, size_t *failIndex, aclrtStream stream,
                                   const char *fn);
aclError core_mem_symbol_address(const void *symbol, void **devPtr, const char *fn);
aclError core_mem_symbol_size(const void *symbol, size_t *size, const char *fn);
/* A copy to (to) or from a device variable, synchronous or queued on stream (async). */
aclError core_mem_symbol_copy(const void *symbol, void *buf, size_t bufMax, size_t count,
                              size_t offset, aclrtMemcpyKind kind, bool to, bool async,
                              aclrtStream stream, const char *fn);
aclError core_mem_set_d32(void *ptr, size_t memSize, uint32_t value, size_t N, const char *fn);
aclError core_mem_set_d32_async(void *ptr, size_t memSize, uint32_t value, size_t N,
                                aclrtStream stream, const char *fn);
aclError core_mem_copy_async_offset(void **dst, size_t destMax, size_t dstDataOffset,
                                    const void **src, size_t count, size_t srcDataOffset,
                                    aclrtMemcpyKind kind, aclrtStream stream, const char *fn);
aclError core_mem_copy_desc_size(aclrtMemcpyKind kind, size_t *descSize, const char *fn);
aclError core_mem_copy_desc_set(void *desc, aclrtMemcpyKind kind, void *srcAddr, void *dstAddr,
                                size_t count, void *config, const char *fn);
aclError core_mem_copy_async_desc(void *desc, aclrtMemcpyKind kind, aclrtStream stream,
                                  const char *fn);
aclError core_mem_cmo_async(void *src, size_t size, aclrtCmoType cmoType, aclrtStream stream,
                            const char *fn);
aclError core_mem_cmo_async_barrier(void *src, size_t size, aclrtCmoType cmoType,
                                    uint32_t barrierId, aclrtStream stream, const char *fn);
aclError core_mem_cmo_wait_barrier(aclrtBarrierTaskInfo *taskInfo, aclrtStream stream,
                                   uint32_t flag, const char *fn);
aclError core_mem_cmo_desc_size(size_t *size);
aclError core_mem_cmo_desc_set(void *cmoDesc, void *src, size_t size, const char *fn);
aclError core_mem_cmo_async_desc(void *cmoDesc, aclrtCmoType cmoType, aclrtStream stream,
                                 const void *reserve, const char *fn);
/* aclrtMemFlush and aclrtMemInvalidate: checked, then fenced. */
aclError core_mem_fence(void *devPtr, size_t size, const char *fn);
/* aclrtCheckMemType of checked arguments. */
aclError core_mem_check_type(void **addrList, uint32_t size, uint32_t memType,
                             uint32_t *checkResult);
/* aclrtMallocWithCfg and aclrtMallocForTaskScheduler. */
aclError core_mem_malloc_cfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy,
                             aclrtMallocConfig *cfg, const char *fn);
aclError core_mem_host_alloc_cfg(void **ptr, uint64_t size, aclrtMallocConfig *cfg, const char *fn);
/* aclrtFreeWithDevSync and aclrtFreeHostWithDevSync of a non-NULL pointer: the current
 * device synchronises, then the memory is freed. */
aclError core_mem_dev_free_synced(void *devPtr, const char *fn);
aclError core_mem_host_free_synced(void *hostPtr, const char *fn);

/* ---- core/memory/managed.c ---- */

aclError core_mem_pointer_attributes(const void *ptr, aclrtPtrAttributes *attributes);
aclError core_managed_alloc(void **ptr, uint64_t size, uint32_t flag, const char *fn);
aclError core_managed_advise(const void *const ptr, uint64_t size, aclrtMemManagedAdviseType advise,
                             aclrtMemManagedLocation location, const char *fn);
/* aclrtMemManagedGetAttrs (aclrtMemManagedGetAttr: one attribute). */
aclError core_managed_get_attrs(aclrtMemManagedRangeAttribute *attributes, size_t numAttributes,
                                const void *ptr, size_t size, void **data, size_t *dataSizes,
                                const char *fn);
aclError core_managed_prefetch_async(const void *ptr, size_t size, aclrtMemManagedLocation location,
                                     uint32_t flags, aclrtStream stream, const char *fn);
aclError core_managed_prefetch_batch_async(const void **ptrs, size_t *sizes, size_t count,
                                           aclrtMemManagedLocation *prefetchLocs,
                                           size_t *prefetchLocIdxs, size_t numPrefetchLocs,
                                           uint64_t flags, aclrtStream stream, const char *fn);

/* ---- core/memory/hostreg.c ---- */

/* Register [ptr, ptr + size) with flag (ACL_HOST_REG_*; aclrtHostRegisterV2); register
 * maps aclrtHostRegister's type to its flag and answers the device pointer. */
aclError core_hostreg_add(void *ptr, uint64_t size, uint32_t flag, const char *fn);
aclError core_hostreg_register(void *ptr, uint64_t size, aclrtHostRegisterType type, void **devPtr,
                               const char *fn);
aclError core_hostreg_device_pointer(void *pHost, void **pDevice, const char *fn);
aclError core_hostreg_unregister(void *ptr, const char *fn);
aclError core_hostreg_map_capabilities(uint32_t deviceId, aclrtHacType hacType,
                                       aclrtHostMemMapCapability *capabilities, const char *fn);

/* ---- core/memory/random.c ---- */

aclError core_mem_random_async(const aclrtRandomNumTaskInfo *taskInfo, const aclrtStream stream,
                               const char *fn);

#endif
