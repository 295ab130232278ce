/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Host registration and managed memory: aclrtHostRegister / aclrtHostRegisterV2,
 * aclrtHostGetDevicePointer, aclrtHostUnregister, aclrtHostMemMapCapabilities. The entry
 * points, core/api/memory.c, check the arguments and call the work here
 * (core/memory/memory.h).
 *
 * On a CPU the device addresses host memory directly, so the device pointer of a
 * registered range is the host pointer itself: a kernel given it reads and writes the
 * very bytes the host sees (zero copy, as ACL_HOST_REG_MAPPED promises). Private
 * anonymous memory (malloc) cannot be given a second virtual address, so no alias is
 * made. Registration records the range in the pointer registry as pinned host memory
 * (owner MEM_OWNER_HOST, policy MEM_POLICY_VMM so that neither aclrtFreeHost nor
 * aclrtFree can release it): asynchronous copies take it as pinned memory, and
 * aclrtHostUnregister removes it. Memory that is pinned already (aclrtMallocHost) is
 * only recorded here.
 *
 * Invariants:
 *   HR1. g_regs lists every live registration, disjoint ranges, under hr_lock (cold path).
 *   HR2. A registration owns its registry entry iff `inserted`; unregister removes exactly
 *        what register inserted, so an aclrtMallocHost range stays registered as it was.
 *   HR3. Registrations do not belong to a device: they survive aclrtResetDevice, as the
 *        host memory they describe does.
 *   HR4. aclFinalize clears the registry; a list entry the registry no longer knows is
 *        stale and is dropped when a lookup meets it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/memory/memory.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "mem/devmem.h"
#include "mem/registry.h"
#include "mem/thread.h"

#define HOSTREG_ALIGN ((uintptr_t)4096)

struct hostreg {
    uintptr_t base;
    size_t size;
    uint32_t flags; /* ACL_HOST_REG_* as registered */
    bool inserted;  /* HR2 */
    struct hostreg *next;
};

static pthread_mutex_t hr_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hostreg *g_regs; /* hr_lock (HR1) */

/* Is r still known to the registry? aclFinalize forgets every registration with the
 * registry (mem_fini); the list entry is stale then and dropped (HR4). */
static bool reg_live(const struct hostreg *r)
{
    struct mem_reg_info info;
    if (mem_reg_lookup((const void *)r->base, &info) != 0)
        return false;
    return !r->inserted || (info.base == r->base && info.policy == MEM_POLICY_VMM &&
                            info.owner == MEM_OWNER_HOST);
}

static struct hostreg *find_overlap(uintptr_t a, size_t n)
{
    for (struct hostreg **pp = &g_regs; *pp;) {
        struct hostreg *r = *pp;
        if (a < r->base + r->size && r->base < a + n) {
            if (reg_live(r))
                return r;
            *pp = r->next; /* HR4 */
            free(r);
            continue;
        }
        pp = &r->next;
    }
    return NULL;
}

static int reg_op(uintptr_t base, size_t size, bool insert)
{
    struct mem_thread *t = mem_thread_self();
    if (!t)
        return -ENOMEM;
    mem_op_begin(t);
    int rc = insert ? mem_reg_insert(base, size, MEM_OWNER_HOST, MEM_POLICY_VMM, MEM_PAGE_NORMAL, 0)
                    : mem_reg_remove((const void *)base, MEM_REG_WANT_VMM, NULL);
    mem_op_end(t);
    return rc;
}

aclError core_hostreg_add(void *ptr, uint64_t size, uint32_t flag, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    uintptr_t a = (uintptr_t)ptr;
    if (!ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    if (a & (HOSTREG_ALIGN - 1))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr %p is not 4 KiB aligned", fn, ptr);
    if (size > MEM_REG_SIZE_MAX || a + size < a)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size %llu is too large", fn,
                        (unsigned long long)size);
    if (flag & (ACL_HOST_REG_IOMEMORY | ACL_HOST_REG_READONLY))
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: ACL_HOST_REG_IOMEMORY and ACL_HOST_REG_READONLY are reserved and not "
                        "supported",
                        fn);
    if (!flag || (flag & ~(uint32_t)(ACL_HOST_REG_MAPPED | ACL_HOST_REG_PINNED)))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flag 0x%x is not a combination of "
                        "ACL_HOST_REG_MAPPED and ACL_HOST_REG_PINNED", fn, flag);
    aclError crc = ACL_SUCCESS;
    if (!core_ctx_need(fn, &crc))
        return crc;

    /* What the range is today: pageable (unknown to the registry), pinned, or device. */
    struct mem_reg_info info;
    bool known = mem_reg_lookup(ptr, &info) == 0 ||
                 mem_reg_lookup((const void *)(a + size - 1), &info) == 0;
    if (known && info.owner != MEM_OWNER_HOST)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %p is device memory, not host memory", fn,
                        ptr);
    if (known && (flag & ACL_HOST_REG_PINNED))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: ACL_HOST_REG_PINNED takes pageable memory, but %p is pinned already "
                        "(aclrtMallocHost or registered)",
                        fn, ptr);
    if (known && (a < info.base || a + size > info.base + info.size))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %p + %llu runs past its pinned allocation (%zu bytes at %p)", fn,
                        ptr, (unsigned long long)size, info.size, (void *)info.base);
    if (!known && mem_dev_in_pool(ptr, size))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %p is freed device or pinned memory", fn,
                        ptr);

    struct hostreg *r = core_calloc(1, sizeof(*r));
    if (!r)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    r->base = a;
    r->size = size;
    r->flags = flag;
    pthread_mutex_lock(&hr_lock);
    aclError rc = ACL_SUCCESS;
    struct hostreg *o = find_overlap(a, size);
    if (o) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: [%p, +%llu) overlaps the range registered at %p (+%zu)", fn, ptr,
                      (unsigned long long)size, (void *)o->base, o->size);
    } else if (!known) {
        int e = reg_op(a, size, true);
        if (e)
            rc = core_err(e == -ENOMEM ? ACL_ERROR_RT_MEMORY_ALLOCATION : ACL_ERROR_INVALID_PARAM,
                          "%s: cannot register [%p, +%llu) (%d)", fn, ptr,
                          (unsigned long long)size, e);
        else
            r->inserted = true;
    }
    if (!rc) {
        r->next = g_regs;
        g_regs = r;
    }
    pthread_mutex_unlock(&hr_lock);
    if (rc)
        free(r);
    return rc;
}

aclError core_hostreg_register(void *ptr, uint64_t size, aclrtHostRegisterType type, void **devPtr,
                               const char *fn)
{
    uint32_t flag;
    switch (type) {
    case ACL_HOST_REGISTER_MAPPED: flag = ACL_HOST_REG_MAPPED; break;
    case ACL_HOST_REGISTER_IOMEMORY: flag = ACL_HOST_REG_IOMEMORY; break;
    case ACL_HOST_REGISTER_READONLY: flag = ACL_HOST_REG_READONLY; break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown register type %d", fn, (int)type);
    }
    aclError rc = core_hostreg_add(ptr, size, flag, fn);
    if (!rc)
        *devPtr = ptr; /* the device addresses the same bytes */
    return rc;
}

aclError core_hostreg_device_pointer(void *pHost, void **pDevice, const char *fn)
{
    uintptr_t a = (uintptr_t)pHost;
    pthread_mutex_lock(&hr_lock);
    struct hostreg *r = find_overlap(a, 1);
    bool mapped = r && (r->flags & ACL_HOST_REG_MAPPED);
    pthread_mutex_unlock(&hr_lock);
    if (!r)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %p is not in a range registered by aclrtHostRegister(V2)", fn, pHost);
    if (!mapped)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the range holding %p was registered without ACL_HOST_REG_MAPPED", fn,
                        pHost);
    *pDevice = pHost; /* interior pointers map to the same offset */
    return ACL_SUCCESS;
}

aclError core_hostreg_unregister(void *ptr, const char *fn)
{
    pthread_mutex_lock(&hr_lock);
    struct hostreg **pp = &g_regs;
    while (*pp && (*pp)->base != (uintptr_t)ptr)
        pp = &(*pp)->next;
    struct hostreg *r = *pp;
    if (r) {
        *pp = r->next;
        if (r->inserted)
            reg_op(r->base, r->size, false); /* HR2: ours, so it is there */
    }
    pthread_mutex_unlock(&hr_lock);
    if (!r)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %p is not the start of a range registered by aclrtHostRegister(V2)",
                        fn, ptr);
    free(r);
    return ACL_SUCCESS;
}

aclError core_hostreg_map_capabilities(uint32_t deviceId, aclrtHacType hacType,
                                       aclrtHostMemMapCapability *capabilities, const char *fn)
{
    aclError drc = core_api_args(capabilities, "capabilities is NULL", fn);
    if (!drc)
        drc = core_device_check((int32_t)deviceId, fn);
    if (drc)
        return drc;
    if ((unsigned)hacType > (unsigned)ACL_RT_HAC_TYPE_CCU)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown hacType %d", fn, (int)hacType);
    /* Every engine of a CPU device is a host thread: all of them reach registered memory. */
    *capabilities = ACL_RT_HOST_MEM_MAP_SUPPORTED;
    return ACL_SUCCESS;
}

/* aclrtMemAllocManaged: core/rt_managed.c. */
