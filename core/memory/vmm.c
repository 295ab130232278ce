/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Virtual memory management: aclrtReserveMemAddress / aclrtReleaseMemAddress,
 * aclrtMallocPhysical / aclrtFreePhysical, aclrtMapMem / aclrtUnmapMem,
 * aclrtMemGetAllocationGranularity, aclrtMemSetAccess / aclrtMemGetAccess. The entry
 * points, core/api/vmm.c, check the arguments and call the work here (core_vmm_*,
 * core/memory/vmm.h).
 *
 * On Linux:
 *   reservation  an anonymous PROT_NONE, MAP_NORESERVE mapping aligned to 2 MiB: address
 *                space and nothing else
 *   physical     private anonymous memory on 2 MiB pages, zero-filled and allocated by the
 *                call (VM7, VM8), until the handle is shared (a second mapping, an export):
 *                then a memfd of the handle's size holding its bytes (shmem pages); its
 *                bytes charged to the device pool's capacity (mem_dev_charge) as aclrtMalloc
 *                charges, so aclrtGetMemInfo counts them
 *   map          the anonymous pages moved (mremap) over part of a reservation, or
 *                mmap(MAP_SHARED | MAP_FIXED) of the memfd there; then registered in the
 *                pointer registry as device memory of the handle's device with policy
 *                MEM_POLICY_VMM (mem_dev_vmm_register): copies, sets, value waits and
 *                reductions take it as device memory, aclrtFree refuses it
 *   unmap        unregister; the anonymous pages moved out to a parking range of their
 *                own; an anonymous PROT_NONE mapping over the range again (the
 *                reservation stays)
 * Two mappings of one handle are two views of the same memfd pages, so a write through one
 * is read through the other. A copy may run across adjacent mappings (core/memory/memory.c,
 * locate), which is what a reservation is for.
 *
 * Everything here is cold: each call takes g_rt.lock and scans short lists.
 *
 * Invariants:
 *   VM1. Objects are created, changed and destroyed under g_rt.lock. Device teardown
 *       (core_device_unuse, core_vmm_device_fini_locked) holds the same lock, so a call
 *       here never races with the pool it charges or registers in going away; a call
 *       checks under the lock that the device is active before it creates anything.
 *   VM2. A physical handle is a core_table value (tag CORE_H_DRVMEM, generation, index),
 *       never a pointer: a freed, foreign or garbage handle fails the lookup and is never
 *       dereferenced.
 *   VM3. A reservation's mappings lie inside it, are disjoint and sorted by address. A
 *       mapping is registered only after its mmap succeeded and unregistered before its
 *       range is made PROT_NONE again, so the registry never names bytes that are not
 *       mapped to physical memory.
 *   VM4. phys->nmaps counts the mappings of a handle. The API frees a handle only at 0 and
 *       releases a reservation only without mappings; teardown unmaps first.
 *   VM5. All mappings of one reservation are of handles of one device (the documented
 *       rule); the reservation itself belongs to the device current when it was made.
 *   VM6. Teardown of device d: every mapping of d's handles is unmapped, wherever it is;
 *       d's handles are freed (credited to the pool incarnation they were charged to,
 *       mem/devmem.c D7); d's reservations are released (a remaining mapping of another
 *       device's handle is unmapped first, that handle stays). Afterwards the handles and
 *       addresses are unknown, and everything is gone before mem_dev_fini.
 *   VM7. aclrtMallocPhysical allocates its pages (fallocate of the memfd: zero-filled, all
 *       of them), as the NPU's driver commits the memory of a physical handle: a host that
 *       cannot give them fails the call with ACL_ERROR_RT_MEMORY_ALLOCATION, where lazily
 *       allocated shmem would raise SIGBUS at a later first touch. aclrtMapMem fills the
 *       mapping's page tables at once (MADV_POPULATE_WRITE, after g_rt.lock is
 *       released): one fault per 4 KiB page at first touch cost ~2 us each on the
 *       development VM (a 4 MiB pool chunk: 2 ms at its first use, 0.2 ms once mapped;
 *       ggml-cann's VMM pool paid it inside its first graph). MAP_POPULATE took 1.5 ms
 *       for 4 MiB there, MADV_POPULATE_WRITE 0.9 ms (fallocate's pages are cleared at
 *       their first fault; the write populate clears and maps each once, where
 *       MAP_POPULATE's read faults on a shared mapping take a slower path).
 *   VM8. A handle's pages are private anonymous memory on 2 MiB pages (MADV_HUGEPAGE, then
 *       MADV_POPULATE_WRITE: allocated and cleared by aclrtMallocPhysical, VM7) while one
 *       place holds them: parked (p->park, an aligned range of their own) or one mapping
 *       (p->am). aclrtMapMem moves them into the reservation with mremap(MREMAP_FIXED),
 *       which replaces the PROT_NONE range in one step; aclrtUnmapMem moves them back out
 *       with MREMAP_DONTUNMAP (the reservation's range stays mapped, no hole another
 *       thread's mmap could take, and is made PROT_NONE again). A second mapping or an
 *       export (core/ipc) first makes the handle shared (phys_share_locked): a memfd
 *       filled with the bytes, mapped over the first mapping; from then on VM7's memfd.
 *       Why: the memfd's 4 KiB shmem pages (transparent_hugepage/shmem_enabled is
 *       "never" by default) cost one fault per page at the first write even after the
 *       populate on the VMs this runs on (a 4 MiB chunk: 5.6-6.8 ms at its first memset
 *       after MADV_POPULATE_WRITE on an AMD EPYC PVM guest, 0.2 ms on anonymous 2 MiB
 *       pages; ggml-cann's first GET_ROWS of a q8_0 table wrote such a chunk, 5.7 ms of
 *       an 8-token prefill), and the API's default memAttr is ACL_HBM_MEM_HUGE, 2 MiB
 *       pages. A kernel without the populate (before 5.14) or MREMAP_DONTUNMAP (5.7)
 *       gets VM7's memfd from the start. If moving the pages out fails (the kernel's
 *       ENOMEM), the handle is made shared and unmapped as one; if that fails too,
 *       aclrtUnmapMem fails and changes nothing (device teardown drops the pages: the
 *       handle goes too).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/memory/copies.h"
#include "core/memory/pool.h"
#include "core/memory/vmm.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "mem/devmem.h"
#include "mem/registry.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000 /* Linux >= 4.17; older kernels take it as a hint */
#endif

#define VMM_GRAN ((size_t)2 << 20)    /* minimum (and recommended) granularity */
#define VMM_GRAN_1G ((size_t)1 << 30) /* granularity of the HUGE1G attributes */

struct vmm_phys {
    uint64_t handle;              /* I: core_table value */
    int fd;                       /* memfd backing it, -1 while anonymous (VM8); g_rt.lock */
    uintptr_t park;               /* VM8: where its anonymous pages are parked, 0: mapped */
    struct vmm_map *am;           /* VM8: the mapping holding them, NULL: parked */
    int dev;                      /* I */
    size_t size;                  /* I */
    uint32_t gen;                 /* I: pool incarnation of the charge */
    unsigned nmaps;               /* g_rt.lock (VM4) */
    unsigned retains;             /* aclrtMemRetainAllocationHandle references; g_rt.lock */
    aclrtMemAttr attr;            /* I: the memAttr it was allocated with */
    int link;                     /* aclrtMemMapSetLink advice, -1 none; g_rt.lock */
    struct vmm_phys *next, *prev; /* live list, g_rt.lock */
};

struct vmm_map {
    uintptr_t va;
    size_t size;
    struct vmm_phys *phys;
    bool noaccess;        /* aclrtMemMapNoAccess, until aclrtMemSetAccess: PROT_NONE, unregistered */
    struct vmm_map *next; /* reservation's list, sorted by va (VM3) */
};

struct vmm_resv {
    uintptr_t base;
    size_t size;
    int dev;               /* owner (VM5, VM6) */
    struct vmm_map *maps;  /* g_rt.lock */
    struct vmm_resv *next; /* g_rt.lock */
};

static struct core_table g_handles = {.tag = CORE_H_DRVMEM};
static struct vmm_phys *g_phys; /* g_rt.lock */
static struct vmm_resv *g_resv; /* g_rt.lock */

/* ---- checks ----------------------------------------------------------------- */

static bool attr_known(aclrtMemAttr a)
{
    return (unsigned)a <= (unsigned)ACL_MEM_P2P_HUGE1G;
}

static size_t gran_of(aclrtMemAttr a)
{
    switch (a) {
    case ACL_HBM_MEM_HUGE1G:
    case ACL_HBM_MEM_P2P_HUGE1G:
    case ACL_MEM_HUGE1G:
    case ACL_MEM_P2P_HUGE1G:
        return VMM_GRAN_1G;
    default:
        return VMM_GRAN;
    }
}

/* A location of aclrtMemSetAccess / aclrtMemGetAccess: the host, or a device. */
static aclError check_access_location(const aclrtMemLocation *l, const char *fn)
{
    if (l->type == ACL_MEM_LOCATION_TYPE_HOST)
        return ACL_SUCCESS;
    if (l->type != ACL_MEM_LOCATION_TYPE_DEVICE)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: location type %d is neither ACL_MEM_LOCATION_TYPE_HOST nor "
                        "ACL_MEM_LOCATION_TYPE_DEVICE",
                        fn, (int)l->type);
    aclError drc = core_device_check((int32_t)l->id, fn);
    if (drc)
        return drc;
    return ACL_SUCCESS;
}

/* The properties of a physical allocation (aclrtMallocPhysical, the granularity query). */
static aclError check_prop(const aclrtPhysicalMemProp *prop, const char *fn)
{
    if (!prop)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: prop is NULL", fn);
    if (prop->handleType != ACL_MEM_HANDLE_TYPE_NONE)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: handleType %d is not ACL_MEM_HANDLE_TYPE_NONE", fn,
                        (int)prop->handleType);
    if (prop->allocationType != ACL_MEM_ALLOCATION_TYPE_PINNED)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: allocationType %d is not ACL_MEM_ALLOCATION_TYPE_PINNED", fn,
                        (int)prop->allocationType);
    if (!attr_known(prop->memAttr))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown memAttr %d", fn, (int)prop->memAttr);
    if (prop->location.type != ACL_MEM_LOCATION_TYPE_DEVICE)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: location type %d: physical memory is device memory "
                        "(ACL_MEM_LOCATION_TYPE_DEVICE)",
                        fn, (int)prop->location.type);
    aclError drc = core_device_check((int32_t)prop->location.id, fn);
    if (drc)
        return drc;
    return ACL_SUCCESS;
}

/* ---- lookups (g_rt.lock held) ------------------------------------------------ */

static struct vmm_phys *phys_find(aclrtDrvMemHandle h)
{
    return core_table_lookup(&g_handles, h);
}

/* A handle that is not live: rejected like every handle (docs/runtime.md, handles). */
static aclError phys_bad(aclrtDrvMemHandle h, const char *fn)
{
    return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                    "%s: %p is not a live physical memory handle (freed, its device reset, or "
                    "not from aclrtMallocPhysical)",
                    fn, h);
}

/* The reservation holding address a, or NULL. */
static struct vmm_resv *resv_holding(uintptr_t a)
{
    for (struct vmm_resv *r = g_resv; r; r = r->next)
        if (a - r->base < r->size)
            return r;
    return NULL;
}

/* The mapping holding address a (and its reservation), or NULL. */
static struct vmm_map *map_holding(uintptr_t a, struct vmm_resv **rp)
{
    struct vmm_resv *r = resv_holding(a);
    if (!r)
        return NULL;
    for (struct vmm_map *m = r->maps; m && m->va <= a; m = m->next)
        if (a - m->va < m->size) {
            *rp = r;
            return m;
        }
    return NULL;
}

/* The mapping made at exactly va, or NULL with the message set. */
static struct vmm_map *map_at(void *va, struct vmm_resv **rp, const char *fn)
{
    struct vmm_map *m = map_holding((uintptr_t)va, rp);
    if (m && m->va == (uintptr_t)va)
        return m;
    if (m)
        core_err(ACL_ERROR_INVALID_PARAM,
                 "%s: %p lies inside the mapping at %p but is not its start", fn, va,
                 (void *)m->va);
    else
        core_err(ACL_ERROR_INVALID_PARAM, "%s: nothing is mapped at %p (aclrtMapMem)", fn, va);
    return NULL;
}

/* ---- changes (g_rt.lock held) -------------------------------------------------- */

/* Back to reserved address space: PROT_NONE, no pages. */
static void range_unback(uintptr_t va, size_t size)
{
    void *p = mmap((void *)va, size, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    if (p == MAP_FAILED) /* out of kernel memory: at least refuse every access */
        mprotect((void *)va, size, PROT_NONE);
}

static int reserve_range(size_t size, uintptr_t want, uintptr_t *out);

#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4 /* Linux >= 5.7 */
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux >= 5.14 */
#endif

/* VM7: a memfd of size bytes, its pages allocated (zero-filled): the fd, or -errno. */
static int memfd_new(size_t size)
{
    int fd = memfd_create("cpuacl-physical", MFD_CLOEXEC);
    if (fd < 0)
        return -errno;
    if (ftruncate(fd, (off_t)size) != 0 || fallocate(fd, 0, 0, (off_t)size) != 0) {
        int e = -errno;
        close(fd);
        return e;
    }
    return fd;
}

/* VM8: size bytes of anonymous memory on 2 MiB boundaries, its pages allocated and
 * cleared now (2 MiB pages where the kernel gives them): 0 and *out, or -errno
 * (-EINVAL: a kernel without MADV_POPULATE_WRITE). */
static int anon_alloc(size_t size, uintptr_t *out)
{
    uintptr_t a = 0;
    int e = reserve_range(size, 0, &a); /* aligned address space first */
    if (e)
        return e;
    void *q = mmap((void *)a, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (q == MAP_FAILED) {
        e = -errno;
        munmap((void *)a, size);
        return e;
    }
    madvise(q, size, MADV_HUGEPAGE); /* best effort: transparent_hugepage "never" refuses */
    if (madvise(q, size, MADV_POPULATE_WRITE) != 0) {
        e = -errno;
        munmap(q, size);
        return e;
    }
    *out = a;
    return 0;
}

/* VM8: move p's anonymous pages out of the mapping m holding them to a parking range of
 * their own (m's range stays mapped, without pages). 0, or -errno and nothing changed. */
static int anon_park(struct vmm_phys *p, struct vmm_map *m)
{
    uintptr_t b = 0;
    int e = reserve_range(p->size, 0, &b);
    if (e)
        return e;
    void *q = mremap((void *)m->va, p->size, p->size,
                     MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP, (void *)b);
    if (q == MAP_FAILED) {
        e = -errno;
        munmap((void *)b, p->size);
        return e;
    }
    p->park = b;
    p->am = NULL;
    return 0;
}

/* VM8: make p shared: a memfd holding its bytes (read from where they are), mapped
 * over the mapping that holds them; its anonymous pages go. 0, or -errno and nothing
 * changed (but for a failed mmap over the mapping: its range then holds no pages). */
static int phys_share_locked(struct vmm_phys *p)
{
    if (p->fd >= 0)
        return 0;
    int fd = memfd_new(p->size), e = 0;
    if (fd < 0)
        return fd;
    struct vmm_map *m = p->am;
    const char *src = (const char *)(m ? m->va : p->park);
    const bool hidden = src && (!m || m->noaccess); /* parked or NoAccess: PROT_NONE */
    if (hidden && mprotect((void *)src, p->size, PROT_READ) != 0) {
        e = -errno;
        close(fd);
        return e;
    }
    for (size_t off = 0; src && off < p->size && !e;) { /* no pages (VM8's teardown): zeros */
        ssize_t n = pwrite(fd, src + off, p->size - off, (off_t)off);
        if (n > 0)
            off += (size_t)n;
        else if (n < 0 && errno != EINTR)
            e = -errno;
        else if (n == 0)
            e = -EIO;
    }
    if (hidden)
        mprotect((void *)src, p->size, PROT_NONE);
    if (e) {
        close(fd);
        return e;
    }
    if (m) { /* the memfd's pages replace the anonymous ones in place */
        void *q = mmap((void *)m->va, p->size, m->noaccess ? PROT_NONE : PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_FIXED, fd, 0);
        if (q == MAP_FAILED) {
            e = -errno;
            range_unback(m->va, p->size);
            close(fd);
            p->am = NULL; /* its bytes are gone (the kernel's ENOMEM only) */
            return e;
        }
    } else if (p->park) {
        munmap((void *)p->park, p->size);
    }
    p->fd = fd;
    p->park = 0;
    p->am = NULL;
    return 0;
}

/* Unmap m (VM3: unregister first) and free it; VM8: p's anonymous pages moved out
 * first (or, failing that, p made shared). 0, or -errno and nothing changed when
 * !force; with force (teardown), pages that cannot be moved are dropped. */
static int map_undo_try(struct vmm_resv *r, struct vmm_map *m, bool force)
{
    struct vmm_phys *p = m->phys;
    if (p->fd < 0 && p->am == m && anon_park(p, m) != 0) {
        int e = phys_share_locked(p);
        if (e && !force)
            return e;
        p->am = NULL; /* forced: the pages go with the range */
    }
    if (!m->noaccess)
        mem_dev_vmm_unregister(m->va);
    range_unback(m->va, m->size);
    for (struct vmm_map **pp = &r->maps; *pp; pp = &(*pp)->next)
        if (*pp == m) {
            *pp = m->next;
            break;
        }
    m->phys->nmaps--;
    free(m);
    return 0;
}

static void map_undo(struct vmm_resv *r, struct vmm_map *m)
{
    (void)map_undo_try(r, m, true);
}

static void phys_destroy(struct vmm_phys *p)
{
    core_hooks.phys_freed_locked(p->handle); /* its shareable handle goes with it */
    core_table_remove(&g_handles, p->handle);
    if (p->prev)
        p->prev->next = p->next;
    else
        g_phys = p->next;
    if (p->next)
        p->next->prev = p->prev;
    if (p->fd >= 0)
        close(p->fd);
    if (p->park) /* VM8: parked anonymous pages (mapped ones went with their mapping) */
        munmap((void *)p->park, p->size);
    mem_dev_credit(p->dev, p->size, p->gen);
    free(p);
}

/* Release r (its remaining mappings first). The registry leaves of its range are
 * unlinked here and freed by the next mem_reg_reclaim. */
static void resv_destroy(struct vmm_resv *r)
{
    while (r->maps)
        map_undo(r, r->maps);
    /* Prune while the range is still ours: once unmapped, the kernel may hand it to a
     * device pool whose allocations the prune would wipe. */
    mem_reg_prune(r->base, r->size);
    munmap((void *)r->base, r->size);
    for (struct vmm_resv **pp = &g_resv; *pp; pp = &(*pp)->next)
        if (*pp == r) {
            *pp = r->next;
            break;
        }
    free(r);
}

void core_vmm_device_fini_locked(int dev)
{
    for (struct vmm_resv *r = g_resv; r; r = r->next)
        for (struct vmm_map *m = r->maps, *n; m; m = n) {
            n = m->next;
            if (m->phys->dev == dev)
                map_undo(r, m);
        }
    for (struct vmm_phys *p = g_phys, *n; p; p = n) {
        n = p->next;
        if (p->dev == dev)
            phys_destroy(p);
    }
    for (struct vmm_resv *r = g_resv, *n; r; r = n) {
        n = r->next;
        if (r->dev == dev)
            resv_destroy(r);
    }
}

/* ---- reservations ----------------------------------------------------------------- */

/* Map size bytes of PROT_NONE address space aligned to VMM_GRAN, or at want (exactly). */
static int reserve_range(size_t size, uintptr_t want, uintptr_t *out)
{
    const int fl = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
    if (want) {
        void *p = mmap((void *)want, size, PROT_NONE, fl | MAP_FIXED_NOREPLACE, -1, 0);
        if (p == MAP_FAILED)
            return -errno;
        if ((uintptr_t)p != want) { /* a kernel that took the flag as a hint */
            munmap(p, size);
            return -EEXIST;
        }
        *out = want;
        return 0;
    }
    if (size > SIZE_MAX - VMM_GRAN)
        return -ENOMEM;
    size_t len = size + VMM_GRAN;
    void *p = mmap(NULL, len, PROT_NONE, fl, -1, 0);
    if (p == MAP_FAILED)
        return -errno;
    uintptr_t a = (uintptr_t)p, b = (a + VMM_GRAN - 1) & ~(uintptr_t)(VMM_GRAN - 1);
    if (b > a)
        munmap(p, b - a);
    if (a + len > b + size)
        munmap((void *)(b + size), a + len - (b + size));
    *out = b;
    return 0;
}

aclError core_vmm_reserve(void **virPtr, size_t size, size_t alignment, void *expectPtr,
                          uint64_t flags, const char *fn)
{
    *virPtr = NULL;
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    /* The reference asks only for a non-zero size: any other size reserves whole
     * granules, rounded up (ggml reserves exactly aclrtGetMemInfo's free figure). */
    if (size > SIZE_MAX - (VMM_GRAN - 1))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size %zu is too large", fn, size);
    size = (size + VMM_GRAN - 1) & ~(VMM_GRAN - 1);
    if (alignment)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: alignment is reserved and must be 0 (got %zu)", fn, alignment);
    if (flags > 1)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: flags %llu is neither 0 (normal pages) nor 1 (huge pages)", fn,
                        (unsigned long long)flags);
    uintptr_t want = (uintptr_t)expectPtr;
    if (want & (VMM_GRAN_1G - 1))
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: expectPtr %p is not 1 GiB aligned", fn,
                        expectPtr);
    if (want && size > UINTPTR_MAX - want)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: expectPtr %p + %zu bytes overflows", fn,
                        expectPtr, size);
    aclError crc = ACL_SUCCESS;
    struct core_ctx *c = core_ctx_need(fn, &crc);
    if (!c)
        return crc;
    struct vmm_resv *r = core_calloc(1, sizeof(*r));
    if (!r)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    int dev = c->dev->id;
    if (!c->dev->active) { /* reset by another thread since core_ctx_current (VM1) */
        rc = core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: device %d has been reset", fn, dev);
        goto out;
    }
    int e = reserve_range(size, want, &r->base);
    if (e && want) {
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION,
                      "%s: cannot reserve %zu bytes at expectPtr %p: %s", fn, size, expectPtr,
                      e == -EEXIST ? "the range is in use" : strerror(-e));
        goto out;
    }
    if (e) {
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot reserve %zu bytes: %s", fn, size,
                      strerror(-e));
        goto out;
    }
    r->size = size;
    r->dev = dev;
    r->next = g_resv;
    g_resv = r;
    *virPtr = (void *)r->base;
    r = NULL;
out:
    pthread_mutex_unlock(&g_rt.lock);
    free(r);
    return rc;
}

aclError core_vmm_release(void *virPtr, const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_resv *r = resv_holding((uintptr_t)virPtr);
    if (!r) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p is not a reservation (released already, its device reset, or "
                      "not from aclrtReserveMemAddress)",
                      fn, virPtr);
    } else if (r->base != (uintptr_t)virPtr) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p lies inside the reservation at %p but is not its start", fn, virPtr,
                      (void *)r->base);
    } else if (r->maps) {
        unsigned n = 0;
        for (struct vmm_map *m = r->maps; m; m = m->next)
            n++;
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the reservation at %p still has %u mapping(s), the first at %p "
                      "(aclrtUnmapMem them first)",
                      fn, virPtr, n, (void *)r->maps->va);
    } else {
        resv_destroy(r);
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (rc == ACL_SUCCESS)
        mem_reg_reclaim(); /* the leaves resv_destroy unlinked (grace period, no lock held) */
    return rc;
}

/* ---- physical memory ------------------------------------------------------------- */

/* Give p its handle and link it into the live list (g_rt.lock held). */
static aclError phys_publish_locked(struct vmm_phys *p, const char *fn)
{
    p->handle = core_table_insert(&g_handles, p);
    if (!p->handle)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: no handle left", fn);
    p->next = g_phys;
    if (g_phys)
        g_phys->prev = p;
    g_phys = p;
    return ACL_SUCCESS;
}

aclError core_vmm_phys_alloc(aclrtDrvMemHandle *handle, size_t size,
                             const aclrtPhysicalMemProp *prop, uint64_t flags, const char *fn)
{
    *handle = NULL;
    aclError rc = check_prop(prop, fn);
    if (rc)
        return rc;
    if (flags)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flags is reserved and must be 0 (got %llu)",
                        fn, (unsigned long long)flags);
    size_t gran = gran_of(prop->memAttr);
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    if (size % gran)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: size %zu is not a multiple of the granularity %zu of memAttr %d "
                        "(aclrtMemGetAllocationGranularity)",
                        fn, size, gran, (int)prop->memAttr);
    if (size > MEM_REG_SIZE_MAX)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: size %zu is too large", fn, size);
    int dev = (int)prop->location.id;
    struct vmm_phys *p = core_calloc(1, sizeof(*p));
    if (!p)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    p->fd = -1;
    p->dev = dev;
    p->size = size;
    p->attr = prop->memAttr;
    p->link = -1;
    pthread_mutex_lock(&g_rt.lock);
    if (!core_devices[dev].active) { /* VM1 */
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: device %d is not in use (aclrtSetDevice it first)", fn, dev);
        goto fail;
    }
    int e = mem_dev_charge(dev, size, &p->gen);
    if (e) {
        size_t fr = 0, tot = 0;
        mem_dev_meminfo(dev, MEM_CLASS_ALL, &fr, &tot);
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION,
                      "%s: cannot charge %zu bytes to device %d (%zu of %zu bytes free)", fn, size,
                      dev, fr, tot);
        goto fail;
    }
    /* VM7: the pages are allocated here, not at first touch; VM8: anonymous 2 MiB
     * pages, or a memfd where the kernel cannot populate them (EINVAL) */
    e = anon_alloc(size, &p->park);
    if (e && e != -ENOMEM) { /* a kernel that cannot populate: VM7's memfd */
        e = memfd_new(size);
        if (e >= 0)
            p->fd = e, e = 0;
    }
    if (e) {
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot create %zu bytes of memory: %s",
                      fn, size, strerror(-e));
        goto fail_credit;
    }
    if ((rc = phys_publish_locked(p, fn)))
        goto fail_credit;
    /* under the lock: a concurrent device reset may free p once it is dropped */
    *handle = (aclrtDrvMemHandle)(uintptr_t)p->handle;
    pthread_mutex_unlock(&g_rt.lock);
    return ACL_SUCCESS;
fail_credit:
    mem_dev_credit(dev, size, p->gen);
fail:
    pthread_mutex_unlock(&g_rt.lock);
    if (p->fd >= 0)
        close(p->fd);
    if (p->park)
        munmap((void *)p->park, size);
    free(p);
    return rc;
}

aclError core_vmm_phys_free(aclrtDrvMemHandle handle, const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_phys *p = phys_find(handle);
    if (!p)
        rc = phys_bad(handle, fn);
    else if (p->retains)
        p->retains--; /* one aclrtMemRetainAllocationHandle reference goes */
    else if (p->nmaps)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: handle %p is still mapped at %u address(es) (aclrtUnmapMem first)", fn,
                      handle, p->nmaps);
    else
        phys_destroy(p);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_vmm_granularity(aclrtPhysicalMemProp *prop, aclrtMemGranularityOptions option,
                              size_t *granularity, const char *fn)
{
    aclError rc = check_prop(prop, fn);
    if (rc)
        return rc;
    if (option != ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM &&
        option != ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: option %d is neither ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM nor "
                        "_RECOMMENDED",
                        fn, (int)option);
    *granularity = gran_of(prop->memAttr);
    return ACL_SUCCESS;
}

/* ---- mappings ------------------------------------------------------------------- */

/* VM7: fill a new mapping's page tables, outside g_rt.lock (a 4 MiB chunk takes
 * about a millisecond). Best effort: a concurrent aclrtUnmapMem of the range
 * makes the call fail (the range is PROT_NONE again) and changes nothing, and a
 * kernel without MADV_POPULATE_WRITE (before 5.14) leaves the faults to the
 * first touch, as before VM7. */
static void vmm_populate(void *va, size_t size)
{
#ifdef MADV_POPULATE_WRITE
    (void)madvise(va, size, MADV_POPULATE_WRITE);
#else
    (void)va;
    (void)size;
#endif
}

aclError core_vmm_map(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                      uint64_t flags, bool noaccess, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    uintptr_t va = (uintptr_t)virPtr;
    if (!virPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: virPtr is NULL", fn);
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", fn);
    if (offset)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: offset must be 0 (got %zu)", fn, offset);
    if (flags)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flags is reserved and must be 0 (got %llu)",
                        fn, (unsigned long long)flags);
    if (va % VMM_GRAN)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: virPtr %p is not 2 MiB aligned", fn, virPtr);
    struct vmm_map *m = core_malloc(sizeof(*m));
    if (!m)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    aclError rc = ACL_SUCCESS;
    bool anon = false; /* VM8: the handle's pages are anonymous */
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_phys *p = phys_find(handle);
    struct vmm_resv *r = resv_holding(va);
    struct vmm_map **pp = NULL;
    if (!p) {
        rc = phys_bad(handle, fn);
        goto out;
    }
    if (size != p->size) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: size %zu differs from the size of the handle (%zu bytes): a handle is "
                      "mapped whole",
                      fn, size, p->size);
        goto out;
    }
    if (!r || size > r->base + r->size - va) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: [%p, +%zu) is not inside one reservation (aclrtReserveMemAddress)", fn,
                      virPtr, size);
        goto out;
    }
    for (pp = &r->maps; *pp && (*pp)->va < va + size; pp = &(*pp)->next)
        if ((*pp)->va + (*pp)->size > va) {
            rc = core_err(ACL_ERROR_INVALID_PARAM,
                          "%s: [%p, +%zu) overlaps the mapping at %p (+%zu); aclrtUnmapMem it "
                          "first",
                          fn, virPtr, size, (void *)(*pp)->va, (*pp)->size);
            goto out;
        }
    if (r->maps && r->maps->phys->dev != p->dev) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the reservation at %p already maps memory of device %d; it cannot also "
                      "map memory of device %d",
                      fn, (void *)r->base, r->maps->phys->dev, p->dev);
        goto out;
    }
    int e = 0;
    if (p->fd < 0 && p->am) /* VM8: a second mapping: the handle becomes shared */
        e = phys_share_locked(p);
    if (e) {
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION,
                      "%s: cannot share the handle's memory for a second mapping: %s", fn,
                      strerror(-e));
        goto out;
    }
    anon = p->fd < 0; /* VM8 */
    if (anon && !p->park) /* its pages were dropped (VM8's forced teardown): new ones */
        e = anon_alloc(size, &p->park);
    void *q = MAP_FAILED;
    if (anon && !e) { /* the pages move in, replacing the reserved range */
        q = mremap((void *)p->park, size, size, MREMAP_MAYMOVE | MREMAP_FIXED, virPtr);
        if (q == MAP_FAILED)
            e = -errno;
        else if (mprotect(virPtr, size, noaccess ? PROT_NONE : PROT_READ | PROT_WRITE) != 0)
            e = -errno; /* the pages are here: they stay (below) */
        if (q != MAP_FAILED) {
            p->park = 0;
            p->am = m; /* m is linked below, or undone at once */
        }
    } else if (!anon) {
        q = mmap(virPtr, size, noaccess ? PROT_NONE : PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_FIXED, p->fd, 0);
        if (q == MAP_FAILED) {
            e = -errno;
            range_unback(va, size); /* a failed MAP_FIXED may have removed the old pages */
        } else {
            /* Best effort: 2 MiB pages where the kernel gives them to shared memory
             * (transparent_hugepage/shmem_enabled "advise" or "always"); asked before
             * the page tables are filled (VM7), which would otherwise be of 4 KiB pages. */
            madvise(virPtr, size, MADV_HUGEPAGE);
        }
    }
    if (!e && !noaccess)
        e = mem_dev_vmm_register(p->dev, va, size); /* VM3: after the mmap */
    if (e && q != MAP_FAILED && anon) { /* the pages move out again */
        m->va = va, m->size = size, m->phys = p, m->noaccess = true;
        if (anon_park(p, m) != 0) /* the kernel's ENOMEM: they go (range_unback) */
            p->am = NULL;
        range_unback(va, size);
    } else if (e && q != MAP_FAILED) {
        range_unback(va, size);
    }
    if (e) {
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot map %zu bytes at %p: %s", fn,
                      size, virPtr, strerror(-e));
        goto out;
    }
    m->va = va;
    m->size = size;
    m->phys = p;
    m->noaccess = noaccess;
    m->next = *pp; /* pp: the first mapping above va (sorted, VM3) */
    *pp = m;
    m = NULL;
    p->nmaps++;
out:
    pthread_mutex_unlock(&g_rt.lock);
    free(m);
    if (rc == ACL_SUCCESS && !noaccess && !anon)
        vmm_populate(virPtr, size); /* VM8's anonymous pages are in place already */
    return rc;
}

/* Unmap the mapping starting at virPtr (the caller checked virPtr non-NULL). */
aclError core_vmm_unmap(void *virPtr, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_resv *r = NULL;
    struct vmm_map *m = map_at(virPtr, &r, fn);
    int e = m ? map_undo_try(r, m, false) : 0;
    if (e)
        core_err(ACL_ERROR_RT_MEMORY_ALLOCATION,
                 "%s: cannot move the handle's pages out of %p: %s (nothing was unmapped)", fn,
                 virPtr, strerror(-e));
    pthread_mutex_unlock(&g_rt.lock);
    return !m ? ACL_ERROR_INVALID_PARAM : e ? ACL_ERROR_RT_MEMORY_ALLOCATION : ACL_SUCCESS;
}

/* ---- access ----------------------------------------------------------------------- */

aclError core_vmm_set_access(void *virPtr, size_t size, aclrtMemAccessDesc *desc, size_t count,
                             const char *fn)
{
    for (size_t i = 0; i < count; i++) {
        aclError rc = check_access_location(&desc[i].location, fn);
        if (rc)
            return rc;
        if (desc[i].flags != ACL_RT_MEM_ACCESS_FLAGS_READWRITE)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: desc[%zu].flags %d: only ACL_RT_MEM_ACCESS_FLAGS_READWRITE is "
                            "supported (mapped memory is readable and writable everywhere)",
                            fn, i, (int)desc[i].flags);
    }
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_resv *r = NULL;
    struct vmm_map *m = map_at(virPtr, &r, fn);
    if (!m)
        rc = ACL_ERROR_INVALID_PARAM;
    else if (size != m->size)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: size %zu differs from the size of the mapping at %p (%zu bytes)", fn,
                      size, virPtr, m->size);
    else if (m->noaccess) { /* aclrtMemMapNoAccess: the access comes now (VM3 order) */
        if (mprotect(virPtr, size, PROT_READ | PROT_WRITE) != 0)
            rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot open %p: %s", fn, virPtr,
                          strerror(errno));
        else if (mem_dev_vmm_register(m->phys->dev, m->va, m->size) != 0) {
            mprotect(virPtr, size, PROT_NONE);
            rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot register %p", fn, virPtr);
        } else {
            m->noaccess = false;
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_vmm_get_access(void *virPtr, aclrtMemLocation *location, uint64_t *flag,
                             const char *fn)
{
    aclError rc = check_access_location(location, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_resv *r = NULL;
    struct vmm_map *m = map_at(virPtr, &r, fn);
    bool none = m && m->noaccess;
    pthread_mutex_unlock(&g_rt.lock);
    if (!m)
        return ACL_ERROR_INVALID_PARAM;
    *flag = none ? ACL_RT_MEM_ACCESS_FLAGS_NONE : ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    return ACL_SUCCESS;
}

/* ---- sharing across processes (core/ipc/ipc.c) ------------------------------------------ */

int core_vmm_phys_info_locked(aclrtDrvMemHandle h, int *fd, size_t *size, int *dev)
{
    struct vmm_phys *p = phys_find(h);
    if (!p)
        return -ENOENT;
    int e = phys_share_locked(p); /* VM8: an export shares the bytes */
    if (e)
        return e;
    *fd = p->fd;
    *size = p->size;
    *dev = p->dev;
    return 0;
}

aclError core_vmm_phys_adopt(int fd, size_t size, int dev, aclrtDrvMemHandle *out,
                             const char *fn)
{
    struct vmm_phys *p = core_calloc(1, sizeof(*p));
    if (!p) {
        close(fd);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    }
    p->fd = fd;
    p->dev = dev;
    p->size = size;
    p->attr = ACL_HBM_MEM_HUGE; /* an imported handle: device memory on 2 MiB pages */
    p->link = -1;
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    if (!core_devices[dev].active) { /* VM1 */
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: device %d is not in use (aclrtSetDevice it first)", fn, dev);
        goto fail;
    }
    if (mem_dev_charge(dev, size, &p->gen)) {
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot charge %zu bytes to device %d",
                      fn, size, dev);
        goto fail;
    }
    if ((rc = phys_publish_locked(p, fn))) {
        mem_dev_credit(dev, size, p->gen);
        goto fail;
    }
    *out = (aclrtDrvMemHandle)(uintptr_t)p->handle;
    pthread_mutex_unlock(&g_rt.lock);
    return ACL_SUCCESS;
fail:
    pthread_mutex_unlock(&g_rt.lock);
    close(fd);
    free(p);
    return rc;
}

/* core/memory/copies.h: aclrtCheckMemType's ACL_RT_MEM_TYPE_RSVD. */
bool core_vmm_reserved(const void *p)
{
    pthread_mutex_lock(&g_rt.lock);
    bool hit = resv_holding((uintptr_t)p) != NULL;
    pthread_mutex_unlock(&g_rt.lock);
    return hit;
}

/* ---- allocation-handle extras (issue 15, rt7; docs/memory.md) ------------------------- */

aclError core_vmm_retain_handle(void *virPtr, aclrtDrvMemHandle *handle, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_resv *r = NULL;
    struct vmm_map *m = map_at(virPtr, &r, fn);
    if (m) {
        m->phys->retains++; /* released by one more aclrtFreePhysical */
        *handle = (aclrtDrvMemHandle)(uintptr_t)m->phys->handle;
    }
    pthread_mutex_unlock(&g_rt.lock);
    return m ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

aclError core_vmm_handle_properties(aclrtDrvMemHandle handle, aclrtPhysicalMemProp *prop,
                                    const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_phys *p = phys_find(handle);
    if (!p) {
        rc = phys_bad(handle, fn);
    } else {
        memset(prop, 0, sizeof(*prop));
        prop->handleType = ACL_MEM_HANDLE_TYPE_NONE;
        prop->allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
        prop->memAttr = p->attr;
        prop->location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
        prop->location.id = (uint32_t)p->dev;
        prop->reserve = 0;
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_vmm_map_set_link(aclrtDrvMemHandle handle, aclrtMemLinkType adviceLink,
                               const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_phys *p = phys_find(handle);
    if (!p)
        rc = phys_bad(handle, fn);
    else
        p->link = (int)adviceLink; /* kept; every link is the same memory bus here */
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* One physical piece of a source range (aclrtMemMapSelectedLink). */
struct vmm_piece {
    size_t off, size;
    aclrtDrvMemHandle h;
};

aclError core_vmm_map_selected_link(void *virPtrDst, size_t size, void *virPtrSrc, const char *fn)
{
    /* The source's mappings, contiguous from virPtrSrc over size bytes. */
    struct vmm_piece pc[64];
    unsigned n = 0;
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    struct vmm_resv *r = NULL;
    struct vmm_map *m = map_at(virPtrSrc, &r, fn);
    size_t done = 0;
    while (m && done < size && n < 64 && m->va == (uintptr_t)virPtrSrc + done) {
        pc[n++] = (struct vmm_piece){done, m->size, (aclrtDrvMemHandle)(uintptr_t)m->phys->handle};
        done += m->size;
        m = m->next;
    }
    if (!n)
        rc = ACL_ERROR_INVALID_PARAM; /* map_at set the message */
    else if (done != size)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: size %zu differs from the mapped memory at virPtrSrc %p (%zu bytes in "
                      "adjacent mappings)",
                      fn, size, virPtrSrc, done);
    pthread_mutex_unlock(&g_rt.lock);
    if (rc)
        return rc;
    /* The same physical memory at virPtrDst (a reservation's free range); the link has no
     * meaning on one host: both are the same memory bus. */
    for (unsigned i = 0; i < n; i++) {
        rc = core_vmm_map((char *)virPtrDst + pc[i].off, pc[i].size, 0, pc[i].h, 0, false, fn);
        if (rc) {
            while (i--)
                (void)core_vmm_unmap((char *)virPtrDst + pc[i].off, fn);
            return rc;
        }
    }
    return ACL_SUCCESS;
}

aclError core_vmm_address_range(void *ptr, void **pbase, size_t *psize, const char *fn)
{
    uintptr_t base = 0;
    size_t size = 0;
    int e = core_mempool_range(ptr, &base, &size);
    if (e == -EINVAL)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: %p lies in a memory pool but in no live allocation of it", fn, ptr);
    if (e) {
        struct mem_reg_info info;
        if (mem_reg_lookup(ptr, &info) != 0)
            return core_err(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: %p is in no live allocation (aclrtMalloc, aclrtMallocHost, a "
                            "mapping or a pool)",
                            fn, ptr);
        base = info.base;
        size = info.size;
    }
    if (pbase)
        *pbase = (void *)base;
    if (psize)
        *psize = size;
    return ACL_SUCCESS;
}

aclError core_vmm_p2p_map(void *devPtr, size_t size, int32_t dstDevId, const char *fn)
{
    aclError drc = core_device_check((int32_t)dstDevId, fn);
    if (drc)
        return drc;
    struct mem_reg_info info;
    uintptr_t a = (uintptr_t)devPtr;
    if (mem_reg_lookup(devPtr, &info) != 0 || info.owner == MEM_OWNER_HOST)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: %p is not device memory", fn, devPtr);
    if (size > info.size || a - info.base > info.size - size) {
        struct mem_reg_info last;
        /* a range over adjacent mappings is fine, as for copies */
        if (info.policy != MEM_POLICY_VMM || size - 1 > UINTPTR_MAX - a ||
            mem_reg_lookup((void *)(a + size - 1), &last) != 0 || last.owner != info.owner)
            return core_err(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: %p + %zu bytes runs past its allocation (%zu bytes at %p)", fn,
                            devPtr, size, info.size, (void *)info.base);
    }
    /* Every device's memory is one host address space: the range is already reachable
     * from dstDevId; the device-level peer state (aclrtDeviceEnablePeerAccess) is not
     * changed. */
    return ACL_SUCCESS;
}
