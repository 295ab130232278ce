/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Pointer attributes and managed (unified) memory: aclrtPointerGetAttributes,
 * aclrtMemAllocManaged, aclrtMemManagedAdvise, aclrtMemManagedGetAttr(s),
 * aclrtMemManagedPrefetchAsync / aclrtMemManagedPrefetchBatchAsync. The entry points,
 * core/api/memory.c, check the arguments and call the work here (core/memory/memory.h).
 *
 * On a CPU host and device share one physical memory, so managed memory never migrates:
 * it is device memory of the current device (registry policy MEM_POLICY_MANAGED, so the
 * pointer registry tells it apart), its size rounded up to 2 MiB as the reference does.
 * Advice has no effect on placement, but it is what the API records and reads back: each
 * 2 MiB chunk of a managed allocation keeps its read-mostly flag, preferred location,
 * accessed-by set and last prefetch location, and the range getters combine the chunks of
 * the range exactly as documented (all equal, else "invalid"). A prefetch is a task on the
 * stream, ordered with the others; it asks the kernel to fault the range in
 * (MADV_WILLNEED) and otherwise has nothing to move. The last prefetch location is the
 * location last *requested* (recorded at submission), as the reference documents.
 *
 * Invariants:
 *   MG1. g_mg lists managed allocations, under mg_lock (cold path only; nothing here runs
 *        on a worker). An entry is created by aclrtMemAllocManaged and trusted only while
 *        the registry still holds a MEM_POLICY_MANAGED allocation at its base: aclrtFree
 *        does not know this list, so an entry whose allocation is gone is stale and is
 *        dropped when met (lookup, or a new allocation overlapping it).
 *   MG2. Chunk state is allocated on the first advice or prefetch and covers the whole
 *        rounded allocation; a range inside the allocation maps to chunks
 *        [(ptr - base) / 2 MiB, (ptr + size - 1 - base) / 2 MiB].
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/launch.h"
#include "core/memory/memory.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "mem/devmem.h"
#include "mem/registry.h"

#define MG_CHUNK ((uintptr_t)2 << 20)          /* 2 MiB: advice granularity, size unit */
#define MG_MAX_SIZE ((uint64_t)3 << 40)        /* 3 TiB, the documented upper bound */
#define MG_ID_INVALID (-2)                     /* "inconsistent / none" in the getters */
#define MG_ID_HOST (-1)                        /* the host as a location id */
#define MG_MAX_NUMA 64

struct mg_chunk {
    uint64_t acc_dev;   /* accessed-by: bit d = device d */
    uint64_t acc_numa;  /* accessed-by: bit n = host NUMA node n */
    int32_t pref_id;    /* preferred location id (DEVICE / HOST_NUMA) */
    int32_t last_id;    /* last prefetch location id */
    uint8_t pref_type;  /* aclrtMemManagedLocationType, INVALID = none */
    uint8_t last_type;  /* aclrtMemManagedLocationType, INVALID = none */
    uint8_t acc_host;   /* accessed-by the host */
    uint8_t rm;         /* read mostly */
};

struct mg_range {
    uintptr_t base;
    size_t size;          /* rounded to 2 MiB */
    struct mg_chunk *c;   /* MG2: NULL until the first advice / prefetch */
    struct mg_range *next;
};

static pthread_mutex_t mg_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mg_range *g_mg; /* mg_lock (MG1) */

/* ---- pointer attributes ------------------------------------------------------ */

static uint32_t page_bytes(enum mem_page_kind k)
{
    switch (k) {
    case MEM_PAGE_THP:
    case MEM_PAGE_HUGETLB_2M: return 2u << 20;
    case MEM_PAGE_HUGETLB_1G: return 1u << 30;
    default: break;
    }
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (uint32_t)p : 4096u;
}

aclError core_mem_pointer_attributes(const void *ptr, aclrtPtrAttributes *attributes)
{
    memset(attributes, 0, sizeof(*attributes));
    struct mem_reg_info info;
    if (mem_reg_lookup(ptr, &info) != 0) {
        /* Pageable host memory (or any address cpuacl did not hand out). */
        attributes->location.type = ACL_MEM_LOCATION_TYPE_UNREGISTERED;
        attributes->pageSize = page_bytes(MEM_PAGE_NORMAL);
        return ACL_SUCCESS;
    }
    attributes->pageSize = page_bytes(info.kind);
    if (info.owner == MEM_OWNER_HOST) {
        /* aclrtMallocHost, or a range registered with aclrtHostRegister(V2) */
        attributes->location.type = ACL_MEM_LOCATION_TYPE_HOST;
    } else {
        attributes->location.type = info.policy == MEM_POLICY_MANAGED
                                        ? ACL_MEM_LOCATION_TYPE_MANAGED
                                        : ACL_MEM_LOCATION_TYPE_DEVICE;
        attributes->location.id = info.owner;
    }
    return ACL_SUCCESS;
}

/* ---- managed allocations ------------------------------------------------------- */

/* Is r's allocation still the managed allocation at r->base (MG1)? */
static bool mg_live(const struct mg_range *r)
{
    struct mem_reg_info info;
    return mem_reg_lookup((const void *)r->base, &info) == 0 && info.base == r->base &&
           info.policy == MEM_POLICY_MANAGED && info.owner != MEM_OWNER_HOST;
}

static void mg_free(struct mg_range *r)
{
    free(r->c);
    free(r);
}

/* Drop entries overlapping [a, a+n) (a new allocation took their place) and stale ones. */
static void mg_purge_locked(uintptr_t a, size_t n)
{
    for (struct mg_range **pp = &g_mg; *pp;) {
        struct mg_range *r = *pp;
        if ((a < r->base + r->size && r->base < a + n) || !mg_live(r)) {
            *pp = r->next;
            mg_free(r);
            continue;
        }
        pp = &r->next;
    }
}

aclError core_managed_alloc(void **ptr, uint64_t size, uint32_t flag, const char *fn)
{
    *ptr = NULL;
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    if (size > MG_MAX_SIZE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size %llu exceeds 3 TB", fn,
                        (unsigned long long)size);
    if (flag != ACL_RT_MEM_ATTACH_GLOBAL)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: flag %u is not ACL_RT_MEM_ATTACH_GLOBAL (the only flag)", fn, flag);
    aclError crc = ACL_SUCCESS;
    struct core_ctx *c = core_ctx_need(fn, &crc);
    if (!c)
        return crc;
    size_t n = (size_t)((size + MG_CHUNK - 1) & ~(uint64_t)(MG_CHUNK - 1));
    struct mg_range *r = core_calloc(1, sizeof(*r));
    if (!r)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    /* Device memory of the current device: on a CPU the host reads and writes it in place
     * and aclrtFree releases it, which is what unified memory promises. */
    int e = mem_dev_alloc(c->dev->id, n, MEM_POLICY_MANAGED, 0, ptr);
    if (e != 0) {
        free(r);
        *ptr = NULL;
        return core_err(e == -EINVAL ? ACL_ERROR_INVALID_PARAM : ACL_ERROR_RT_MEMORY_ALLOCATION,
                        "%s: cannot allocate %llu bytes on device %d", fn,
                        (unsigned long long)size, c->dev->id);
    }
    r->base = (uintptr_t)*ptr;
    r->size = n;
    pthread_mutex_lock(&mg_lock);
    mg_purge_locked(r->base, n);
    r->next = g_mg;
    g_mg = r;
    pthread_mutex_unlock(&mg_lock);
    return ACL_SUCCESS;
}

/* The live managed range holding [p, p+n), or NULL with the error recorded; with
 * `chunks`, its chunk state is allocated (MG2). Called with mg_lock held. */
static struct mg_range *mg_find_locked(const void *p, uint64_t n, bool chunks, const char *fn,
                                       aclError *rc)
{
    uintptr_t a = (uintptr_t)p;
    for (struct mg_range **pp = &g_mg; *pp;) {
        struct mg_range *r = *pp;
        if (a - r->base < r->size) {
            if (!mg_live(r)) { /* MG1: freed behind our back */
                *pp = r->next;
                mg_free(r);
                break;
            }
            if (n > r->size - (a - r->base)) {
                *rc = core_err(ACL_ERROR_INVALID_PARAM,
                               "%s: [%p, +%llu) runs past its managed allocation (%zu bytes at "
                               "%p)",
                               fn, p, (unsigned long long)n, r->size, (void *)r->base);
                return NULL;
            }
            if (chunks && !r->c) {
                r->c = core_calloc(r->size / MG_CHUNK, sizeof(*r->c));
                if (!r->c) {
                    *rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
                    return NULL;
                }
            }
            return r;
        }
        pp = &r->next;
    }
    *rc = core_err(ACL_ERROR_INVALID_PARAM,
                   "%s: %p is not managed memory (allocate it with aclrtMemAllocManaged)", fn, p);
    return NULL;
}

static int numa_nodes(void)
{
    static _Atomic int cached; /* relaxed: an idempotent cache of a constant */
    int n = atomic_load_explicit(&cached, memory_order_relaxed);
    if (n)
        return n;
    n = 0;
    for (int i = 0; i < MG_MAX_NUMA; i++) {
        char path[64];
        snprintf(path, sizeof(path), "/sys/devices/system/node/node%d", i);
        if (access(path, F_OK) == 0)
            n = i + 1;
    }
    if (!n)
        n = 1; /* no sysfs NUMA view: one node, 0 */
    atomic_store_explicit(&cached, n, memory_order_relaxed);
    return n;
}

/* Check a location and resolve HOST_NUMA_CURRENT; INVALID is refused unless allowed. */
static aclError mg_location(aclrtMemManagedLocation *l, bool allow_invalid, const char *fn)
{
    switch (l->type) {
    case ACL_MEM_LOCATIONTYPE_INVALID:
        if (allow_invalid)
            return ACL_SUCCESS;
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: location type is ACL_MEM_LOCATIONTYPE_INVALID",
                        fn);
    case ACL_MEM_LOCATIONTYPE_DEVICE:
        if (l->id < 0 || (uint32_t)l->id >= g_rt.cfg.device_count)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: device %d does not exist (%u devices)",
                            fn, l->id, g_rt.cfg.device_count);
        return ACL_SUCCESS;
    case ACL_MEM_LOCATIONTYPE_HOST:
        l->id = 0;
        return ACL_SUCCESS;
    case ACL_MEM_LOCATIONTYPE_HOST_NUMA:
        if (l->id < 0 || l->id >= numa_nodes())
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: NUMA node %d does not exist (%d nodes)",
                            fn, l->id, numa_nodes());
        return ACL_SUCCESS;
    case ACL_MEM_LOCATIONTYPE_HOST_NUMA_CURRENT: {
        unsigned cpu = 0, node = 0;
        if (getcpu(&cpu, &node) != 0 || (int)node >= numa_nodes())
            node = 0;
        l->type = ACL_MEM_LOCATIONTYPE_HOST_NUMA;
        l->id = (int32_t)node;
        return ACL_SUCCESS;
    }
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown location type %d", fn, (int)l->type);
    }
}

/* Chunks of r covering [p, p+n). */
static void mg_chunks(const struct mg_range *r, const void *p, uint64_t n, size_t *lo, size_t *hi)
{
    uintptr_t off = (uintptr_t)p - r->base;
    *lo = off / MG_CHUNK;
    *hi = (off + n - 1) / MG_CHUNK + 1;
}

static aclError mg_range_args(const void *ptr, uint64_t size, bool aligned, const char *fn)
{
    if (!ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    if (!size || size > MG_MAX_SIZE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size %llu is outside (0, 3 TB]", fn,
                        (unsigned long long)size);
    if (aligned && (size & (MG_CHUNK - 1)))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size %llu is not a multiple of 2 MB", fn,
                        (unsigned long long)size);
    return ACL_SUCCESS;
}

aclError core_managed_advise(const void *const ptr, uint64_t size, aclrtMemManagedAdviseType advise,
                             aclrtMemManagedLocation location, const char *fn)
{
    aclError rc = mg_range_args(ptr, size, true, fn);
    if (rc)
        return rc;
    aclError crc = ACL_SUCCESS;
    if (!core_ctx_need(fn, &crc))
        return crc;
    switch (advise) {
    case ACL_MEM_ADVISE_SET_READ_MOSTLY:
    case ACL_MEM_ADVISE_UNSET_PREFERRED_LOCATION:
        break; /* location ignored */
    case ACL_MEM_ADVISE_UNSET_READ_MOSTLY:
        rc = mg_location(&location, true, fn); /* the copy kept; INVALID = the host's */
        break;
    case ACL_MEM_ADVISE_SET_PREFERRED_LOCATION:
    case ACL_MEM_ADVISE_SET_ACCESSED_BY:
    case ACL_MEM_ADVISE_UNSET_ACCESSED_BY:
        rc = mg_location(&location, false, fn);
        break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown advise %d", fn, (int)advise);
    }
    if (rc)
        return rc;
    pthread_mutex_lock(&mg_lock);
    struct mg_range *r = mg_find_locked(ptr, size, true, fn, &rc);
    if (r) {
        size_t lo, hi;
        mg_chunks(r, ptr, size, &lo, &hi);
        for (size_t i = lo; i < hi; i++) {
            struct mg_chunk *k = &r->c[i];
            uint64_t bit = (uint64_t)1 << (location.id & 63);
            switch (advise) {
            case ACL_MEM_ADVISE_SET_READ_MOSTLY: k->rm = 1; break;
            case ACL_MEM_ADVISE_UNSET_READ_MOSTLY: k->rm = 0; break;
            case ACL_MEM_ADVISE_SET_PREFERRED_LOCATION:
                k->pref_type = (uint8_t)location.type;
                k->pref_id = location.type == ACL_MEM_LOCATIONTYPE_HOST ? MG_ID_HOST : location.id;
                break;
            case ACL_MEM_ADVISE_UNSET_PREFERRED_LOCATION:
                k->pref_type = ACL_MEM_LOCATIONTYPE_INVALID;
                k->pref_id = 0;
                break;
            case ACL_MEM_ADVISE_SET_ACCESSED_BY:
            case ACL_MEM_ADVISE_UNSET_ACCESSED_BY: {
                bool set = advise == ACL_MEM_ADVISE_SET_ACCESSED_BY;
                if (location.type == ACL_MEM_LOCATIONTYPE_HOST)
                    k->acc_host = set;
                else if (location.type == ACL_MEM_LOCATIONTYPE_DEVICE)
                    k->acc_dev = set ? k->acc_dev | bit : k->acc_dev & ~bit;
                else
                    k->acc_numa = set ? k->acc_numa | bit : k->acc_numa & ~bit;
                break;
            }
            default: break;
            }
        }
    }
    pthread_mutex_unlock(&mg_lock);
    return r ? ACL_SUCCESS : rc;
}

/* One attribute over chunks [lo, hi) of r (r->c may be NULL: nothing advised). */
static aclError mg_get_one(const struct mg_range *r, size_t lo, size_t hi,
                           aclrtMemManagedRangeAttribute attr, void *data, size_t dataSize,
                           const char *fn)
{
    static const struct mg_chunk none; /* the state of a chunk never advised */
    if (!data)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: data is NULL", fn);
    if (attr == ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY) {
        if (!dataSize || dataSize % 4)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: ACCESSED_BY needs dataSize a non-zero multiple of 4 (got %zu)",
                            fn, dataSize);
        /* Locations set on every chunk of the range. */
        uint64_t dev = ~(uint64_t)0, numa = ~(uint64_t)0;
        bool host = true;
        for (size_t i = lo; i < hi; i++) {
            const struct mg_chunk *k = r->c ? &r->c[i] : &none;
            dev &= k->acc_dev;
            numa &= k->acc_numa;
            host = host && k->acc_host;
        }
        int32_t *out = data;
        size_t cap = dataSize / 4, m = 0;
        for (int d = 0; d < 64 && m < cap; d++)
            if (dev >> d & 1)
                out[m++] = d;
        if (host && m < cap)
            out[m++] = MG_ID_HOST;
        for (int d = 0; d < 64 && m < cap; d++)
            if (numa >> d & 1)
                out[m++] = d;
        while (m < cap)
            out[m++] = MG_ID_INVALID;
        return ACL_SUCCESS;
    }
    if (dataSize != 4)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %d needs dataSize 4 (got %zu)", fn,
                        (int)attr, dataSize);
    int32_t v;
    switch (attr) {
    case ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY:
        v = 1;
        for (size_t i = lo; i < hi; i++)
            v &= (r->c ? &r->c[i] : &none)->rm;
        break;
    case ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION:
    case ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE:
    case ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID:
    case ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION:
    case ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE:
    case ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID: {
        bool last = attr >= ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION;
        const struct mg_chunk *f = r->c ? &r->c[lo] : &none;
        int type = last ? f->last_type : f->pref_type;
        int32_t id = last ? f->last_id : f->pref_id;
        for (size_t i = lo + 1; i < hi && type != ACL_MEM_LOCATIONTYPE_INVALID; i++) {
            const struct mg_chunk *k = r->c ? &r->c[i] : &none;
            if ((last ? k->last_type : k->pref_type) != type || (last ? k->last_id : k->pref_id) != id)
                type = ACL_MEM_LOCATIONTYPE_INVALID;
        }
        if (attr == ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE ||
            attr == ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE)
            v = type;
        else if (type == ACL_MEM_LOCATIONTYPE_INVALID)
            v = MG_ID_INVALID;
        else if (type == ACL_MEM_LOCATIONTYPE_HOST)
            v = attr == ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION ||
                        attr == ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION
                    ? MG_ID_HOST
                    : MG_ID_INVALID; /* the host has no id */
        else
            v = id;
        break;
    }
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
    memcpy(data, &v, 4);
    return ACL_SUCCESS;
}

/* aclrtMemManagedGetAttrs under the name fn. */
aclError core_managed_get_attrs(aclrtMemManagedRangeAttribute *attributes, size_t numAttributes,
                                const void *ptr, size_t size, void **data, size_t *dataSizes,
                                const char *fn)
{
    aclError rc = mg_range_args(ptr, size, false, fn);
    if (rc)
        return rc;
    if (!attributes || !data || !dataSizes || !numAttributes)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: attributes, data and dataSizes must be non-NULL arrays of "
                        "numAttributes (> 0) entries",
                        fn);
    pthread_mutex_lock(&mg_lock);
    struct mg_range *r = mg_find_locked(ptr, size, false, fn, &rc);
    if (r) {
        size_t lo, hi;
        mg_chunks(r, ptr, size, &lo, &hi);
        for (size_t i = 0; i < numAttributes && !rc; i++)
            rc = mg_get_one(r, lo, hi, attributes[i], data[i], dataSizes[i], fn);
    }
    pthread_mutex_unlock(&mg_lock);
    return rc;
}

/* ---- prefetch ------------------------------------------------------------------ */

struct mg_prefetch {
    size_t n;
    struct {
        uintptr_t a;
        size_t len;
    } r[];
};

static int32_t mg_prefetch_run(void *arg)
{
    const struct mg_prefetch *p = arg;
    uintptr_t pg = (uintptr_t)page_bytes(MEM_PAGE_NORMAL);
    for (size_t i = 0; i < p->n; i++) {
        uintptr_t a = p->r[i].a & ~(pg - 1);
        /* One physical memory: nothing to move. Fault the pages in ahead of use; a
         * refusal (e.g. hugetlb) only loses the hint. */
        (void)madvise((void *)a, p->r[i].a + p->r[i].len - a, MADV_WILLNEED);
    }
    return 0;
}

/* Validate and record count prefetches, then queue one task for them all. */
static aclError mg_prefetch(const void **ptrs, const size_t *sizes, size_t count,
                            const aclrtMemManagedLocation *locs, const size_t *idx, size_t nlocs,
                            uint64_t flags, aclrtStream stream, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (flags)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flags is reserved and must be 0 (got %llu)",
                        fn, (unsigned long long)flags);
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    aclrtMemManagedLocation *lv = core_malloc(nlocs * sizeof(*lv));
    struct mg_prefetch *p = core_malloc(sizeof(*p) + count * sizeof(p->r[0]));
    if (!lv || !p) {
        free(lv);
        free(p);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    }
    for (size_t k = 0; k < nlocs && !rc; k++) {
        lv[k] = locs[k];
        rc = mg_location(&lv[k], false, fn);
    }
    for (size_t i = 0; i < count && !rc; i++)
        rc = mg_range_args(ptrs[i], sizes[i], true, fn);
    pthread_mutex_lock(&mg_lock);
    /* All ranges checked before any is recorded: a refused batch changes nothing. */
    for (size_t i = 0; i < count && !rc; i++)
        if (!mg_find_locked(ptrs[i], sizes[i], true, fn, &rc))
            break;
    if (!rc) {
        size_t k = 0;
        for (size_t i = 0; i < count; i++) {
            while (k + 1 < nlocs && idx[k + 1] <= i)
                k++;
            struct mg_range *r = mg_find_locked(ptrs[i], sizes[i], true, fn, &rc);
            size_t lo, hi;
            mg_chunks(r, ptrs[i], sizes[i], &lo, &hi);
            for (size_t c = lo; c < hi; c++) {
                r->c[c].last_type = (uint8_t)lv[k].type;
                r->c[c].last_id = lv[k].type == ACL_MEM_LOCATIONTYPE_HOST ? MG_ID_HOST : lv[k].id;
            }
            p->r[i].a = (uintptr_t)ptrs[i];
            p->r[i].len = sizes[i];
        }
        p->n = count;
    }
    pthread_mutex_unlock(&mg_lock);
    free(lv);
    if (rc) {
        free(p);
        return rc;
    }
    rc = core_launch_owned(stream, mg_prefetch_run, p, free, fn);
    if (rc)
        free(p);
    return rc;
}

aclError core_managed_prefetch_async(const void *ptr, size_t size, aclrtMemManagedLocation location,
                                     uint32_t flags, aclrtStream stream, const char *fn)
{
    size_t zero = 0;
    return mg_prefetch(&ptr, &size, 1, &location, &zero, 1, flags, stream, fn);
}

aclError core_managed_prefetch_batch_async(const void **ptrs, size_t *sizes, size_t count,
                                           aclrtMemManagedLocation *prefetchLocs,
                                           size_t *prefetchLocIdxs, size_t numPrefetchLocs,
                                           uint64_t flags, aclrtStream stream, const char *fn)
{
    for (size_t k = 1; k < numPrefetchLocs; k++)
        if (prefetchLocIdxs[k] <= prefetchLocIdxs[k - 1] || prefetchLocIdxs[k] >= count)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: prefetchLocIdxs must increase strictly and stay below count "
                            "(entry %zu is %zu)",
                            fn, k, prefetchLocIdxs[k]);
    return mg_prefetch(ptrs, sizes, count, prefetchLocs, prefetchLocIdxs, numPrefetchLocs, flags,
                       stream, fn);
}
