/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The API surface of memory mapped or pooled (acl_rt.h: virtual memory management,
 * aclrtReserveMemAddress, aclrtMallocPhysical, aclrtMapMem ...; stream-ordered memory
 * pools, aclrtMemPool*). Checks arguments and records errors, then calls the memory room
 * (core/memory/vmm.h, core/memory/pool.h).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "acl/acl_rt_memory_soma.h"
#include "core/err.h"
#include "core/memory/pool.h"
#include "core/memory/vmm.h"
#include "core/runtime/runtime.h"

/* ---- virtual memory ---- */

aclError aclrtReserveMemAddress(void **virPtr, size_t size, size_t alignment, void *expectPtr,
                                uint64_t flags)
{
    static const char fn[] = "aclrtReserveMemAddress";
    CORE_REQUIRE_INIT();
    if (!virPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: virPtr is NULL", fn);
    return core_vmm_reserve(virPtr, size, alignment, expectPtr, flags, fn);
}

aclError aclrtReleaseMemAddress(void *virPtr)
{
    static const char fn[] = "aclrtReleaseMemAddress";
    CORE_REQUIRE_INIT();
    if (!virPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: virPtr is NULL", fn);
    return core_vmm_release(virPtr, fn);
}

aclError aclrtMallocPhysical(aclrtDrvMemHandle *handle, size_t size,
                             const aclrtPhysicalMemProp *prop, uint64_t flags)
{
    static const char fn[] = "aclrtMallocPhysical";
    CORE_REQUIRE_INIT();
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", fn);
    return core_vmm_phys_alloc(handle, size, prop, flags, fn);
}

aclError aclrtFreePhysical(aclrtDrvMemHandle handle)
{
    static const char fn[] = "aclrtFreePhysical";
    CORE_REQUIRE_INIT();
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", fn);
    return core_vmm_phys_free(handle, fn);
}

aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp *prop,
                                          aclrtMemGranularityOptions option, size_t *granularity)
{
    static const char fn[] = "aclrtMemGetAllocationGranularity";
    CORE_REQUIRE_INIT();
    if (!granularity)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: granularity is NULL", fn);
    return core_vmm_granularity(prop, option, granularity, fn);
}

aclError aclrtMapMem(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                     uint64_t flags)
{
    return core_vmm_map(virPtr, size, offset, handle, flags, false, "aclrtMapMem");
}

aclError aclrtMemMapNoAccess(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                             uint64_t flags)
{
    if (virPtr && handle && !size)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtMemMapNoAccess: size is 0");
    return core_vmm_map(virPtr, size, offset, handle, flags, true, "aclrtMemMapNoAccess");
}

aclError aclrtUnmapMem(void *virPtr)
{
    static const char fn[] = "aclrtUnmapMem";
    CORE_REQUIRE_INIT();
    if (!virPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: virPtr is NULL", fn);
    return core_vmm_unmap(virPtr, fn);
}

aclError aclrtMemSetAccess(void *virPtr, size_t size, aclrtMemAccessDesc *desc, size_t count)
{
    static const char fn[] = "aclrtMemSetAccess";
    CORE_REQUIRE_INIT();
    if (!virPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: virPtr is NULL", fn);
    if (!desc)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: desc is NULL", fn);
    if (!count)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: count is 0", fn);
    return core_vmm_set_access(virPtr, size, desc, count, fn);
}

aclError aclrtMemGetAccess(void *virPtr, aclrtMemLocation *location, uint64_t *flag)
{
    static const char fn[] = "aclrtMemGetAccess";
    CORE_REQUIRE_INIT();
    if (!virPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: virPtr is NULL", fn);
    if (!location)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: location is NULL", fn);
    if (!flag)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flag is NULL", fn);
    return core_vmm_get_access(virPtr, location, flag, fn);
}

aclError aclrtMemRetainAllocationHandle(void *virPtr, aclrtDrvMemHandle *handle)
{
    static const char fn[] = "aclrtMemRetainAllocationHandle";
    CORE_REQUIRE_INIT();
    if (!virPtr || !handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        virPtr ? "handle" : "virPtr");
    return core_vmm_retain_handle(virPtr, handle, fn);
}

aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle,
                                                   aclrtPhysicalMemProp *prop)
{
    static const char fn[] = "aclrtMemGetAllocationPropertiesFromHandle";
    CORE_REQUIRE_INIT();
    if (!handle || !prop)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, handle ? "prop" : "handle");
    return core_vmm_handle_properties(handle, prop, fn);
}

aclError aclrtMemMapSetLink(aclrtDrvMemHandle handle, aclrtMemLinkType adviceLink)
{
    static const char fn[] = "aclrtMemMapSetLink";
    CORE_REQUIRE_INIT();
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", fn);
    if ((unsigned)adviceLink > (unsigned)ACL_RT_MEM_ACCESS_UB_MULTI_PORT_PATH)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: adviceLink %d is not in [0, 3]", fn,
                        (int)adviceLink);
    return core_vmm_map_set_link(handle, adviceLink, fn);
}

aclError aclrtMemMapSelectedLink(void *virPtrDst, size_t size, void *virPtrSrc, uint32_t linkIdx)
{
    static const char fn[] = "aclrtMemMapSelectedLink";
    CORE_REQUIRE_INIT();
    if (!virPtrDst || !virPtrSrc)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        virPtrDst ? "virPtrSrc" : "virPtrDst");
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size must be greater than 0", fn);
    if (linkIdx > ACL_RT_MEM_LINK_IDX_1)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: linkIdx %u must be 0 (SIO) or 1 (HCCS)", fn,
                        linkIdx);
    return core_vmm_map_selected_link(virPtrDst, size, virPtrSrc, fn);
}

aclError aclrtMemGetAddressRange(void *ptr, void **pbase, size_t *psize)
{
    static const char fn[] = "aclrtMemGetAddressRange";
    CORE_REQUIRE_INIT();
    if (!ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    if (!pbase && !psize)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: pbase and psize cannot both be NULL", fn);
    return core_vmm_address_range(ptr, pbase, psize, fn);
}

aclError aclrtMemP2PMap(void *devPtr, size_t size, int32_t dstDevId, uint64_t flags)
{
    static const char fn[] = "aclrtMemP2PMap";
    CORE_REQUIRE_INIT();
    if (!devPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size must be greater than 0", fn);
    if (flags)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flags is reserved and must be 0 (got %llu)",
                        fn, (unsigned long long)flags);
    return core_vmm_p2p_map(devPtr, size, dstDevId, fn);
}

/* ---- stream-ordered memory pools ---- */

aclError aclrtMemPoolCreate(aclrtMemPool *memPool, const aclrtMemPoolProps *poolProps)
{
    static const char fn[] = "aclrtMemPoolCreate";
    CORE_REQUIRE_INIT();
    if (!memPool || !poolProps)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        memPool ? "poolProps" : "memPool");
    return core_mempool_create(memPool, poolProps, fn);
}

aclError aclrtMemPoolDestroy(const aclrtMemPool memPool)
{
    static const char fn[] = "aclrtMemPoolDestroy";
    CORE_REQUIRE_INIT();
    if (!memPool)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: memPool is NULL", fn);
    return core_mempool_destroy(memPool, fn);
}

aclError aclrtMemPoolSetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value)
{
    return core_mempool_set_attr(memPool, attr, value, "aclrtMemPoolSetAttr");
}

aclError aclrtMemPoolGetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value)
{
    return core_mempool_get_attr(memPool, attr, value, "aclrtMemPoolGetAttr");
}

aclError aclrtMemPoolMallocAsync(void **ptr, size_t size, aclrtMemPool memPool, aclrtStream stream)
{
    static const char fn[] = "aclrtMemPoolMallocAsync";
    CORE_REQUIRE_INIT();
    if (!ptr || !memPool || !stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        !ptr       ? "ptr"
                        : !memPool ? "memPool"
                                   : "stream");
    if (size == 0)
        return ACL_SUCCESS;
    return core_mempool_malloc_async(ptr, size, memPool, stream, fn);
}

aclError aclrtMemPoolFreeAsync(void *ptr, aclrtStream stream)
{
    static const char fn[] = "aclrtMemPoolFreeAsync";
    CORE_REQUIRE_INIT();
    if (!ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: stream is NULL", fn);
    return core_mempool_free_async(ptr, stream, fn);
}

aclError aclrtMemPoolTrimTo(aclrtMemPool memPool, size_t minBytesToKeep)
{
    static const char fn[] = "aclrtMemPoolTrimTo";
    CORE_REQUIRE_INIT();
    if (!memPool)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: memPool is NULL", fn);
    return core_mempool_trim_to(memPool, minBytesToKeep, fn);
}
