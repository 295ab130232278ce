/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The API surface of memory (acl_rt.h: memory allocation and release, memory copies and
 * sets, synchronous and asynchronous, 2-D and batched, symbols, descriptors, cache
 * maintenance, value writes and waits, reductions, managed memory, host
 * registration, random-number tasks; acl_rt_allocator.h: custom allocators; the
 * aclrtMbuf calls). Checks arguments and records errors, then calls the memory room
 * (core/memory/: memory.h, allocator.h, buf.h, vmm.h). aclrtMemcpyAsync and the
 * other asynchronous copies and sets are hot: one tail call into the room. Peer access
 * is a device call (core/api/device.c).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "acl/acl_rt_allocator.h"
#include "core/err.h"
#include "core/memory/allocator.h"
#include "core/memory/buf.h"
#include "core/memory/memory.h"
#include "core/memory/vmm.h"
#include "core/runtime/runtime.h"

#define GIB ((size_t)1 << 30) /* aclrtReserveMemAddressNoUCMemory sizes are whole GiB */

/* ---- allocation, copies and sets ---- */

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return core_mem_dev_malloc(devPtr, size, policy, false, "aclrtMalloc");
}

aclError aclrtMallocCached(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return core_mem_dev_malloc(devPtr, size, policy, false, "aclrtMallocCached");
}

aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return core_mem_dev_malloc(devPtr, size, policy, true, "aclrtMallocAlign32");
}

aclError aclrtFree(void *devPtr)
{
    CORE_REQUIRE_INIT();
    if (!devPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtFree: devPtr is NULL");
    return core_mem_dev_free(devPtr, "aclrtFree");
}

aclError aclrtMallocHost(void **hostPtr, size_t size)
{
    CORE_REQUIRE_INIT();
    if (!hostPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: hostPtr is NULL");
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: size is 0");
    return core_mem_host_alloc(hostPtr, size, "aclrtMallocHost");
}

aclError aclrtFreeHost(void *hostPtr)
{
    CORE_REQUIRE_INIT();
    if (!hostPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost: hostPtr is NULL");
    return core_mem_host_free(hostPtr, "aclrtFreeHost");
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free_, size_t *total)
{
    CORE_REQUIRE_INIT();
    if (!free_ || !total)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo: NULL output pointer");
    return core_mem_info(attr, free_, total, "aclrtGetMemInfo");
}

aclError aclrtReduceAsync(void *dst, const void *src, uint64_t count, aclrtReduceKind kind,
                          aclDataType type, aclrtStream stream, void *reserve)
{
    return core_mem_reduce_async(dst, src, count, kind, type, stream, reserve, "aclrtReduceAsync");
}

aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count,
                          aclrtMemcpyKind kind, aclrtStream stream)
{
    return core_mem_copy_async(dst, destMax, src, count, kind, stream, "aclrtMemcpyAsync");
}

aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind)
{
    CORE_REQUIRE_INIT();
    return core_mem_copy(dst, destMax, src, count, kind, "aclrtMemcpy");
}

aclError aclrtMemcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                       size_t height, aclrtMemcpyKind kind)
{
    CORE_REQUIRE_INIT();
    return core_mem_copy2d(dst, dpitch, src, spitch, width, height, kind, "aclrtMemcpy2d");
}

aclError aclrtMemcpy2dAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                            size_t height, aclrtMemcpyKind kind, aclrtStream stream)
{
    return core_mem_copy2d_async(dst, dpitch, src, spitch, width, height, kind, stream,
                                 "aclrtMemcpy2dAsync");
}

aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count)
{
    CORE_REQUIRE_INIT();
    return core_mem_set(devPtr, maxCount, value, count, "aclrtMemset");
}

aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count,
                          aclrtStream stream)
{
    return core_mem_set_async(devPtr, maxCount, value, count, stream, "aclrtMemsetAsync");
}

aclError aclrtValueWrite(void *devAddr, uint64_t value, uint32_t flag, aclrtStream stream)
{
    return core_mem_value_task(devAddr, value, flag, stream, false, "aclrtValueWrite");
}

aclError aclrtValueWait(void *devAddr, uint64_t value, uint32_t flag, aclrtStream stream)
{
    return core_mem_value_task(devAddr, value, flag, stream, true, "aclrtValueWait");
}

/* ---- batched, symbol, descriptor and 32-bit copies; cache maintenance; allocation with a config
 * ---- */

aclError aclrtMemcpyBatch(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes,
                          size_t numBatches, aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes,
                          size_t numAttrs, size_t *failIndex)
{
    static const char fn[] = "aclrtMemcpyBatch";
    if (!failIndex)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: failIndex is NULL", fn);
    return core_mem_batch_copy(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes,
                               numAttrs, failIndex, fn);
}

aclError aclrtMemcpyBatchV2(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes,
                            size_t numBatches, aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes,
                            size_t numAttrs)
{
    return core_mem_batch_copy(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes,
                               numAttrs, NULL, "aclrtMemcpyBatchV2");
}

aclError aclrtMemcpyBatchAsync(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes,
                               size_t numBatches, aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes,
                               size_t numAttrs, size_t *failIndex, aclrtStream stream)
{
    static const char fn[] = "aclrtMemcpyBatchAsync";
    if (!failIndex)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: failIndex is NULL", fn);
    return core_mem_batch_copy_async(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes,
                                     numAttrs, failIndex, stream, fn);
}

aclError aclrtMemcpyBatchAsyncV2(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes,
                                 size_t numBatches, aclrtMemcpyBatchAttr *attrs,
                                 size_t *attrsIndexes, size_t numAttrs, aclrtStream stream)
{
    return core_mem_batch_copy_async(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes,
                                     numAttrs, NULL, stream, "aclrtMemcpyBatchAsyncV2");
}

aclError aclrtGetSymbolAddress(const void *symbol, void **devPtr)
{
    static const char fn[] = "aclrtGetSymbolAddress";
    CORE_REQUIRE_INIT();
    if (!devPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    return core_mem_symbol_address(symbol, devPtr, fn);
}

aclError aclrtGetSymbolSize(const void *symbol, size_t *size)
{
    static const char fn[] = "aclrtGetSymbolSize";
    CORE_REQUIRE_INIT();
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is NULL", fn);
    return core_mem_symbol_size(symbol, size, fn);
}

aclError aclrtMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                             aclrtMemcpyKind kind)
{
    return core_mem_symbol_copy(symbol, (void *)(uintptr_t)src, count, count, offset, kind, true,
                                false, NULL, "aclrtMemcpyToSymbol");
}

aclError aclrtMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                  aclrtMemcpyKind kind, aclrtStream stream)
{
    return core_mem_symbol_copy(symbol, (void *)(uintptr_t)src, count, count, offset, kind, true,
                                true, stream, "aclrtMemcpyToSymbolAsync");
}

aclError aclrtMemcpyFromSymbol(void *dst, size_t dstMax, const void *symbol, size_t count,
                               size_t offset, aclrtMemcpyKind kind)
{
    return core_mem_symbol_copy(symbol, dst, dstMax, count, offset, kind, false, false, NULL,
                                "aclrtMemcpyFromSymbol");
}

aclError aclrtMemcpyFromSymbolAsync(void *dst, size_t dstMax, const void *symbol, size_t count,
                                    size_t offset, aclrtMemcpyKind kind, aclrtStream stream)
{
    return core_mem_symbol_copy(symbol, dst, dstMax, count, offset, kind, false, true, stream,
                                "aclrtMemcpyFromSymbolAsync");
}

aclError aclrtMemsetD32(void *ptr, size_t memSize, uint32_t value, size_t N)
{
    CORE_REQUIRE_INIT();
    return core_mem_set_d32(ptr, memSize, value, N, "aclrtMemsetD32");
}

aclError aclrtMemsetD32Async(void *ptr, size_t memSize, uint32_t value, size_t N,
                             aclrtStream stream)
{
    return core_mem_set_d32_async(ptr, memSize, value, N, stream, "aclrtMemsetD32Async");
}

aclError aclrtMemcpyAsyncWithCondition(void *dst, size_t destMax, const void *src, size_t count,
                                       aclrtMemcpyKind kind, aclrtStream stream)
{
    return core_mem_copy_async(dst, destMax, src, count, kind, stream,
                               "aclrtMemcpyAsyncWithCondition");
}

aclError aclrtMemcpyAsyncWithOffset(void **dst, size_t destMax, size_t dstDataOffset,
                                    const void **src, size_t count, size_t srcDataOffset,
                                    aclrtMemcpyKind kind, aclrtStream stream)
{
    return core_mem_copy_async_offset(dst, destMax, dstDataOffset, src, count, srcDataOffset, kind,
                                      stream, "aclrtMemcpyAsyncWithOffset");
}

aclError aclrtGetMemcpyDescSize(aclrtMemcpyKind kind, size_t *descSize)
{
    static const char fn[] = "aclrtGetMemcpyDescSize";
    CORE_REQUIRE_INIT();
    return core_mem_copy_desc_size(kind, descSize, fn);
}

aclError aclrtSetMemcpyDesc(void *desc, aclrtMemcpyKind kind, void *srcAddr, void *dstAddr,
                            size_t count, void *config)
{
    static const char fn[] = "aclrtSetMemcpyDesc";
    CORE_REQUIRE_INIT();
    return core_mem_copy_desc_set(desc, kind, srcAddr, dstAddr, count, config, fn);
}

aclError aclrtMemcpyAsyncWithDesc(void *desc, aclrtMemcpyKind kind, aclrtStream stream)
{
    return core_mem_copy_async_desc(desc, kind, stream, "aclrtMemcpyAsyncWithDesc");
}

aclError aclrtCmoAsync(void *src, size_t size, aclrtCmoType cmoType, aclrtStream stream)
{
    return core_mem_cmo_async(src, size, cmoType, stream, "aclrtCmoAsync");
}

aclError aclrtCmoAsyncWithBarrier(void *src, size_t size, aclrtCmoType cmoType, uint32_t barrierId,
                                  aclrtStream stream)
{
    return core_mem_cmo_async_barrier(src, size, cmoType, barrierId, stream,
                                      "aclrtCmoAsyncWithBarrier");
}

aclError aclrtCmoWaitBarrier(aclrtBarrierTaskInfo *taskInfo, aclrtStream stream, uint32_t flag)
{
    return core_mem_cmo_wait_barrier(taskInfo, stream, flag, "aclrtCmoWaitBarrier");
}

aclError aclrtCmoGetDescSize(size_t *size)
{
    CORE_REQUIRE_INIT();
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtCmoGetDescSize: size is NULL");
    return core_mem_cmo_desc_size(size);
}

aclError aclrtCmoSetDesc(void *cmoDesc, void *src, size_t size)
{
    static const char fn[] = "aclrtCmoSetDesc";
    CORE_REQUIRE_INIT();
    if (!src)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: src is NULL", fn);
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    return core_mem_cmo_desc_set(cmoDesc, src, size, fn);
}

aclError aclrtCmoAsyncWithDesc(void *cmoDesc, aclrtCmoType cmoType, aclrtStream stream,
                               const void *reserve)
{
    return core_mem_cmo_async_desc(cmoDesc, cmoType, stream, reserve, "aclrtCmoAsyncWithDesc");
}

aclError aclrtMemFlush(void *devPtr, size_t size)
{
    return core_mem_fence(devPtr, size, "aclrtMemFlush");
}

aclError aclrtMemInvalidate(void *devPtr, size_t size)
{
    return core_mem_fence(devPtr, size, "aclrtMemInvalidate");
}

aclError aclrtCheckMemType(void **addrList, uint32_t size, uint32_t memType, uint32_t *checkResult,
                           uint32_t reserve)
{
    static const char fn[] = "aclrtCheckMemType";
    const uint32_t known = ACL_RT_MEM_TYPE_DEV | ACL_RT_MEM_TYPE_DVPP | ACL_RT_MEM_TYPE_RSVD;
    CORE_REQUIRE_INIT();
    if (!addrList || !checkResult)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        addrList ? "checkResult" : "addrList");
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    if (reserve)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: reserve must be 0 (got %u)", fn, reserve);
    if (!memType || (memType & ~known))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: memType 0x%x is not a mask of ACL_RT_MEM_TYPE_DEV, _DVPP, _RSVD", fn,
                        memType);
    return core_mem_check_type(addrList, size, memType, checkResult);
}

aclError aclrtMallocWithCfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy,
                            aclrtMallocConfig *cfg)
{
    return core_mem_malloc_cfg(devPtr, size, policy, cfg, "aclrtMallocWithCfg");
}

aclError aclrtMallocForTaskScheduler(void **devPtr, size_t size, aclrtMemMallocPolicy policy,
                                     aclrtMallocConfig *cfg)
{
    return core_mem_malloc_cfg(devPtr, size, policy, cfg, "aclrtMallocForTaskScheduler");
}

aclError aclrtMallocHostWithCfg(void **ptr, uint64_t size, aclrtMallocConfig *cfg)
{
    static const char fn[] = "aclrtMallocHostWithCfg";
    CORE_REQUIRE_INIT();
    if (!ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    if (!size || size > SIZE_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size %llu is invalid", fn,
                        (unsigned long long)size);
    return core_mem_host_alloc_cfg(ptr, size, cfg, fn);
}

aclError aclrtFreeWithDevSync(void *devPtr)
{
    static const char fn[] = "aclrtFreeWithDevSync";
    if (!devPtr) {
        CORE_REQUIRE_INIT();
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    }
    return core_mem_dev_free_synced(devPtr, fn);
}

aclError aclrtFreeHostWithDevSync(void *hostPtr)
{
    static const char fn[] = "aclrtFreeHostWithDevSync";
    if (!hostPtr) {
        CORE_REQUIRE_INIT();
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: hostPtr is NULL", fn);
    }
    return core_mem_host_free_synced(hostPtr, fn);
}

aclError aclrtReserveMemAddressNoUCMemory(void **virPtr, size_t size, size_t alignment,
                                          void *expectPtr, uint64_t flags)
{
    static const char fn[] = "aclrtReserveMemAddressNoUCMemory";
    CORE_REQUIRE_INIT();
    if (!virPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: virPtr is NULL", fn);
    if (!size || size % GIB)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: size %zu must be a non-zero multiple of 1 GiB", fn, size);
    if (alignment)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: alignment is reserved and must be 0", fn);
    if (!expectPtr)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: expectPtr is NULL (this call reserves only at an address the "
                        "caller names)",
                        fn);
    /* No operator on cpuacl bypasses the caches, so the reservation is an ordinary one. */
    return core_vmm_reserve(virPtr, size, 0, expectPtr, flags, fn);
}

/* ---- managed memory and pointer attributes ---- */

aclError aclrtPointerGetAttributes(const void *ptr, aclrtPtrAttributes *attributes)
{
    static const char fn[] = "aclrtPointerGetAttributes";
    CORE_REQUIRE_INIT();
    if (!ptr || !attributes)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, ptr ? "attributes" : "ptr");
    return core_mem_pointer_attributes(ptr, attributes);
}

aclError aclrtMemAllocManaged(void **ptr, uint64_t size, uint32_t flag)
{
    static const char fn[] = "aclrtMemAllocManaged";
    CORE_REQUIRE_INIT();
    if (!ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    return core_managed_alloc(ptr, size, flag, fn);
}

aclError aclrtMemManagedAdvise(const void *const ptr, uint64_t size,
                               aclrtMemManagedAdviseType advise, aclrtMemManagedLocation location)
{
    static const char fn[] = "aclrtMemManagedAdvise";
    CORE_REQUIRE_INIT();
    return core_managed_advise(ptr, size, advise, location, fn);
}

aclError aclrtMemManagedGetAttr(aclrtMemManagedRangeAttribute attribute, const void *ptr,
                                size_t size, void *data, size_t dataSize)
{
    CORE_REQUIRE_INIT();
    return core_managed_get_attrs(&attribute, 1, ptr, size, &data, &dataSize,
                                  "aclrtMemManagedGetAttr");
}

aclError aclrtMemManagedGetAttrs(aclrtMemManagedRangeAttribute *attributes, size_t numAttributes,
                                 const void *ptr, size_t size, void **data, size_t *dataSizes)
{
    CORE_REQUIRE_INIT();
    return core_managed_get_attrs(attributes, numAttributes, ptr, size, data, dataSizes,
                                  "aclrtMemManagedGetAttrs");
}

aclError aclrtMemManagedPrefetchAsync(const void *ptr, size_t size,
                                      aclrtMemManagedLocation location, uint32_t flags,
                                      aclrtStream stream)
{
    return core_managed_prefetch_async(ptr, size, location, flags, stream,
                                       "aclrtMemManagedPrefetchAsync");
}

aclError aclrtMemManagedPrefetchBatchAsync(const void **ptrs, size_t *sizes, size_t count,
                                           aclrtMemManagedLocation *prefetchLocs,
                                           size_t *prefetchLocIdxs, size_t numPrefetchLocs,
                                           uint64_t flags, aclrtStream stream)
{
    static const char fn[] = "aclrtMemManagedPrefetchBatchAsync";
    CORE_REQUIRE_INIT();
    if (!ptrs || !sizes || !prefetchLocs || !prefetchLocIdxs)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: an array argument is NULL", fn);
    if (!count || !numPrefetchLocs || numPrefetchLocs > count)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: need 0 < numPrefetchLocs (%zu) <= count (%zu)", fn, numPrefetchLocs,
                        count);
    if (prefetchLocIdxs[0] != 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: prefetchLocIdxs[0] must be 0 (got %zu)", fn,
                        prefetchLocIdxs[0]);
    return core_managed_prefetch_batch_async(ptrs, sizes, count, prefetchLocs, prefetchLocIdxs,
                                             numPrefetchLocs, flags, stream, fn);
}

/* ---- host registration ---- */

aclError aclrtHostRegister(void *ptr, uint64_t size, aclrtHostRegisterType type, void **devPtr)
{
    static const char fn[] = "aclrtHostRegister";
    CORE_REQUIRE_INIT();
    if (!devPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    return core_hostreg_register(ptr, size, type, devPtr, fn);
}

aclError aclrtHostRegisterV2(void *ptr, uint64_t size, uint32_t flag)
{
    return core_hostreg_add(ptr, size, flag, "aclrtHostRegisterV2");
}

aclError aclrtHostGetDevicePointer(void *pHost, void **pDevice, uint32_t flag)
{
    static const char fn[] = "aclrtHostGetDevicePointer";
    CORE_REQUIRE_INIT();
    if (!pHost || !pDevice)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, pHost ? "pDevice" : "pHost");
    if (flag)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flag is reserved and must be 0 (got %u)", fn,
                        flag);
    return core_hostreg_device_pointer(pHost, pDevice, fn);
}

aclError aclrtHostUnregister(void *ptr)
{
    static const char fn[] = "aclrtHostUnregister";
    CORE_REQUIRE_INIT();
    if (!ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    return core_hostreg_unregister(ptr, fn);
}

aclError aclrtHostMemMapCapabilities(uint32_t deviceId, aclrtHacType hacType,
                                     aclrtHostMemMapCapability *capabilities)
{
    return core_hostreg_map_capabilities(deviceId, hacType, capabilities,
                                         "aclrtHostMemMapCapabilities");
}

/* ---- random-number tasks ---- */

aclError aclrtRandomNumAsync(const aclrtRandomNumTaskInfo *taskInfo, const aclrtStream stream,
                             void *reserve)
{
    static const char fn[] = "aclrtRandomNumAsync";
    CORE_REQUIRE_INIT();
    if (!taskInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: taskInfo is NULL", fn);
    if (reserve)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: reserve must be NULL", fn);
    return core_mem_random_async(taskInfo, stream, fn);
}

/* ---- custom allocators ---- */

aclrtAllocatorDesc aclrtAllocatorCreateDesc(void)
{
    return core_allocator_desc_create("aclrtAllocatorCreateDesc");
}

aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc)
{
    return core_allocator_desc_destroy(allocatorDesc, "aclrtAllocatorDestroyDesc");
}

aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocator allocator)
{
    return core_allocator_set_obj(allocatorDesc, allocator, "aclrtAllocatorSetObjToDesc");
}

aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                          aclrtAllocatorAllocFunc func)
{
    return core_allocator_set_alloc(allocatorDesc, func, "aclrtAllocatorSetAllocFuncToDesc");
}

aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                         aclrtAllocatorFreeFunc func)
{
    return core_allocator_set_free(allocatorDesc, func, "aclrtAllocatorSetFreeFuncToDesc");
}

aclError aclrtAllocatorSetAllocAdviseFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                aclrtAllocatorAllocAdviseFunc func)
{
    return core_allocator_set_advise(allocatorDesc, func, "aclrtAllocatorSetAllocAdviseFuncToDesc");
}

aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                     aclrtAllocatorGetAddrFromBlockFunc func)
{
    return core_allocator_set_addr(allocatorDesc, func,
                                   "aclrtAllocatorSetGetAddrFromBlockFuncToDesc");
}

aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc)
{
    return core_allocator_register(stream, allocatorDesc, "aclrtAllocatorRegister");
}

aclError aclrtAllocatorGetByStream(aclrtStream stream, aclrtAllocatorDesc *allocatorDesc,
                                   aclrtAllocator *allocator, aclrtAllocatorAllocFunc *allocFunc,
                                   aclrtAllocatorFreeFunc *freeFunc,
                                   aclrtAllocatorAllocAdviseFunc *allocAdviseFunc,
                                   aclrtAllocatorGetAddrFromBlockFunc *getAddrFromBlockFunc)
{
    static const char fn[] = "aclrtAllocatorGetByStream";
    if (!allocatorDesc || !allocator || !allocFunc || !freeFunc || !allocAdviseFunc ||
        !getAddrFromBlockFunc)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: an output pointer is NULL", fn);
    return core_allocator_get_by_stream(stream, allocatorDesc, allocator, allocFunc, freeFunc,
                                        allocAdviseFunc, getAddrFromBlockFunc, fn);
}

aclError aclrtAllocatorUnregister(aclrtStream stream)
{
    return core_allocator_unregister(stream, "aclrtAllocatorUnregister");
}

/* ---- mbufs ---- */

aclError aclrtAllocBuf(aclrtMbuf *buf, size_t size)
{
    CORE_REQUIRE_INIT();
    return core_buf_alloc(buf, size, false, __func__);
}

aclError aclrtFreeBuf(aclrtMbuf buf)
{
    CORE_REQUIRE_INIT();
    return core_buf_free(buf, __func__);
}

aclError aclrtGetBufData(const aclrtMbuf buf, void **dataPtr, size_t *size)
{
    CORE_REQUIRE_INIT();
    return core_buf_get_data(buf, dataPtr, size, __func__);
}

aclError aclrtGetBufDataLen(aclrtMbuf buf, size_t *len)
{
    CORE_REQUIRE_INIT();
    return core_buf_get_len(buf, len, __func__);
}

aclError aclrtSetBufDataLen(aclrtMbuf buf, size_t len)
{
    CORE_REQUIRE_INIT();
    return core_buf_set_len(buf, len, __func__);
}

aclError aclrtGetBufUserData(const aclrtMbuf buf, void *dataPtr, size_t size, size_t offset)
{
    CORE_REQUIRE_INIT();
    return core_buf_user_data(buf, dataPtr, size, offset, false, __func__);
}

aclError aclrtSetBufUserData(aclrtMbuf buf, const void *dataPtr, size_t size, size_t offset)
{
    CORE_REQUIRE_INIT();
    return core_buf_user_data(buf, (void *)dataPtr, size, offset, true, __func__);
}

aclError aclrtCopyBufRef(const aclrtMbuf buf, aclrtMbuf *newBuf)
{
    CORE_REQUIRE_INIT();
    return core_buf_copy_ref(buf, newBuf, __func__);
}

aclError aclrtAppendBufChain(aclrtMbuf headBuf, aclrtMbuf buf)
{
    CORE_REQUIRE_INIT();
    return core_buf_append(headBuf, buf, __func__);
}

aclError aclrtGetBufChainNum(aclrtMbuf headBuf, uint32_t *num)
{
    CORE_REQUIRE_INIT();
    return core_buf_chain_num(headBuf, num, __func__);
}

aclError aclrtGetBufFromChain(aclrtMbuf headBuf, uint32_t index, aclrtMbuf *buf)
{
    CORE_REQUIRE_INIT();
    return core_buf_from_chain(headBuf, index, buf, __func__);
}
