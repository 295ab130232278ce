/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The memory API: device and host-pinned allocation (mem/), and the copy and
 * set engines. Every pointer argument is checked against the pointer registry
 * (mem/registry.h): a device pointer must lie inside a live allocation with
 * room for the bytes touched, so a bad copy is an error, never a crash; host
 * pointers may be pinned (aclrtMallocHost) or plain pageable memory. The entry points,
 * core/api/memory.c, check the arguments and call the work here (core/memory/memory.h).
 *
 * Directions. The kind argument is advisory, as in AscendCL: the runtime
 * infers the direction from the registry and refuses a kind that contradicts
 * the pointers (a "device" side that is not device memory, or device memory
 * where the kind says host). ACL_MEMCPY_DEFAULT takes the inferred direction.
 *
 * Synchronous accesses (M1). aclrtMemcpy, aclrtMemcpy2d, aclrtMemset and the
 * pageable fallback of the async copies check their pointers and touch the bytes
 * inside one mem op section (mem/thread.h, the read side of mem/'s RCU): a device
 * reset or aclFinalize unregisters a pool (DYING), waits for a grace period, and
 * only then unmaps it (mem/devmem.c D4, D8), so a racing access either finished
 * before the unmap or finds the pool gone and fails with ACL_ERROR_INVALID_PARAM.
 * Nothing inside a section blocks on what teardown holds: no g_rt.lock (the
 * capture check and stream drains run outside it), only mem/'s leaf locks.
 *
 * Async copies run on the stream's worker as tasks (replay-safe, so they can
 * be captured). With pageable host memory an async copy becomes synchronous
 * (the stream is drained, then the copy runs on the caller), as the reference
 * says; inside a capture that is refused. Host-to-host async copies follow
 * seed 003 by default: accepted, and the stream's next synchronisation
 * reports ACL_ERROR_RT_FEATURE_NOT_SUPPORT; the config option
 * async_host_to_host = "reject" selects the newer behaviour (refused at once).
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include "core/device/device.h"
#include "core/device/params.h"
#include "core/err.h"
#include "core/half.h"
#include "core/memory/copies.h"
#include "core/memory/memory.h"
#include "core/memory/retire.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "mem/devmem.h"
#include "mem/hostmem.h"
#include "mem/mem.h"
#include "mem/pages.h"
#include "mem/registry.h"
#include "mem/thread.h"

/* Where a pointer lives. */
enum loc { LOC_PAGEABLE, LOC_PINNED, LOC_DEVICE };

struct span {
    enum loc loc;
    int dev; /* for LOC_DEVICE */
};

/* Does [a, a + n), which starts inside the virtual-memory mapping `info`, run on through
 * mappings of the same device that follow each other without a gap? (core/memory/vmm.c: a
 * reservation is contiguous device memory across its mappings.) Cold: only when a span
 * runs past the end of a mapping. */
static bool vmm_span(uintptr_t a, size_t n, const struct mem_reg_info *info)
{
    struct mem_reg_info next = *info;
    while (n > next.size - (a - next.base)) {
        uintptr_t end = next.base + next.size;
        n -= end - a;
        a = end;
        if (mem_reg_lookup((const void *)a, &next) != 0 || next.base != a ||
            next.policy != MEM_POLICY_VMM || next.owner != info->owner)
            return false;
    }
    return true;
}

/* Is all of [p, p + n) mapped in this process? mincore fails with ENOMEM
 * for any unmapped page; it never touches the memory. */
static bool host_mapped(const void *p, size_t n)
{
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(MEM_PAGE_SIZE - 1);
    uintptr_t end = (uintptr_t)p + (n ? n : 1);
    if (end < (uintptr_t)p)
        return false;
    unsigned char vec[256];
    while (a < end) {
        size_t len = end - a;
        if (len > sizeof(vec) * MEM_PAGE_SIZE)
            len = sizeof(vec) * MEM_PAGE_SIZE;
        if (mincore((void *)a, len, vec) != 0 && errno == ENOMEM)
            return false;
        a += (len + MEM_PAGE_SIZE - 1) & ~(uintptr_t)(MEM_PAGE_SIZE - 1);
    }
    return true;
}

/* Can every page of [p, p + n) be read (write: written)? mincore says a PROT_NONE mapping is
 * mapped; a copy from it would fault in the worker. process_vm_readv on this process reads one
 * byte of each page into a scratch buffer without faulting (it returns a short count, EFAULT,
 * at the first unreadable page): one system call per 1024 pages. process_vm_writev likewise
 * stores `fill` at the range's first byte of each page: the byte a memset of the range stores
 * anyway; a read-only page gives a short count. Where the calls are unavailable (an old
 * kernel, a seccomp filter) the range counts as accessible, as before (host_probe; probe
 * says PROBE_UNKNOWN). */
enum probe { PROBE_NO, PROBE_YES, PROBE_UNKNOWN };

static enum probe probe(void *p, size_t n, bool write, unsigned char fill)
{
    enum { BATCH = 1024 };
    uintptr_t a = (uintptr_t)p, end = a + (n ? n : 1);
    struct iovec remote[BATCH];
    unsigned char bytes[BATCH];
    if (write)
        memset(bytes, fill, sizeof(bytes));
    struct iovec local = {bytes, 0};
    while (a < end) {
        size_t k = 0;
        for (; k < BATCH && a < end; k++) {
            remote[k].iov_base = (void *)a;
            remote[k].iov_len = 1;
            a = (a & ~(uintptr_t)(MEM_PAGE_SIZE - 1)) + MEM_PAGE_SIZE;
        }
        local.iov_len = k;
        ssize_t done = write ? process_vm_writev(getpid(), &local, 1, remote, k, 0)
                             : process_vm_readv(getpid(), &local, 1, remote, k, 0);
        if (done < 0)
            return errno == EFAULT ? PROBE_NO : PROBE_UNKNOWN; /* ENOSYS, EPERM */
        if ((size_t)done != k)
            return PROBE_NO;
    }
    return PROBE_YES;
}

static bool host_probe(void *p, size_t n, bool write, unsigned char fill)
{
    return probe(p, n, write, fill) != PROBE_NO;
}

static bool host_readable(const void *p, size_t n)
{
    return host_probe((void *)(uintptr_t)p, n, false, 0);
}

/* Whether every page of [p, p + n) was read (so is mapped): false when one was not, when the
 * probe cannot tell, or when the range wraps around the address space (host_mapped's row). */
static bool host_readable_known(const void *p, size_t n)
{
    uintptr_t end = (uintptr_t)p + (n ? n : 1);
    return end >= (uintptr_t)p && probe((void *)(uintptr_t)p, n, false, 0) == PROBE_YES;
}

/* Classify [p, p + n): a device or pinned allocation must contain all of it (or, for mapped
 * virtual memory, adjacent mappings of one device). */
static aclError locate(const void *p, size_t n, struct span *out, const char *fn, const char *what)
{
    struct mem_reg_info info;
    if (mem_reg_lookup(p, &info) != 0) {
        /* Not a live allocation. Pageable host memory, unless it lies in a pool
         * (freed device or pinned memory) or is not mapped at all (a device
         * whose memory went with aclrtResetDevice): never dereferenced then. */
        if (mem_dev_in_pool(p, n))
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: %s %p is freed device or pinned memory (no live allocation)", fn,
                            what, p);
        /* A readable range is mapped: the probe alone (one system call) answers the
         * common case; mincore runs when it does not, for the message, or for its
         * answer where the probe cannot tell (host_probe). */
        if (host_readable_known(p, n)) {
            out->loc = LOC_PAGEABLE;
            out->dev = -1;
            return ACL_SUCCESS;
        }
        if (!host_mapped(p, n))
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: %s %p + %zu bytes is not mapped memory (freed, or memory of a "
                            "device that was reset)",
                            fn, what, p, n);
        if (!host_readable(p, n))
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: %s %p + %zu bytes is mapped but not readable (PROT_NONE)", fn,
                            what, p, n);
        out->loc = LOC_PAGEABLE;
        out->dev = -1;
        return ACL_SUCCESS;
    }
    if (!mem_dev_owner_live(info.owner)) /* its pool is being torn down (M1) */
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s %p is memory of a device that is being reset", fn, what, p);
    uintptr_t a = (uintptr_t)p;
    if ((n > info.size || a - info.base > info.size - n) &&
        !(info.policy == MEM_POLICY_VMM && vmm_span(a, n, &info)))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s %p + %zu bytes runs past the end of its allocation (%zu bytes "
                        "at %p)",
                        fn, what, p, n, info.size, (void *)info.base);
    if (info.owner == MEM_OWNER_HOST) {
        out->loc = LOC_PINNED;
        out->dev = -1;
    } else {
        out->loc = LOC_DEVICE;
        out->dev = (int)info.owner;
    }
    return ACL_SUCCESS;
}

static bool peer_ok(int cur, int other)
{
    /* acquire: pairs with the release in core_mem_peer_access. */
    return cur == other ||
           (atomic_load_explicit(&g_rt.peer[cur], memory_order_acquire) >> other) & 1;
}

/* Check a copy's pointers, sizes and kind. */
static aclError check_copy(void *dst, size_t destMax, const void *src, size_t count,
                           aclrtMemcpyKind kind, struct span *d, struct span *s, const char *fn)
{
    if (!count) /* reference 5: count 0 returns success at once */
        return ACL_SUCCESS;
    if (!dst || !src)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, dst ? "src" : "dst");
    if ((unsigned)kind > ACL_MEMCPY_INTER_DEVICE_TO_DEVICE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown copy kind %d", fn, (int)kind);
    if (count > destMax)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: count %zu is larger than destMax %zu", fn,
                        count, destMax);
    aclError rc = locate(dst, count, d, fn, "dst");
    if (rc == ACL_SUCCESS)
        rc = locate(src, count, s, fn, "src");
    if (rc)
        return rc;
    bool want_ddev, want_sdev;
    switch (kind) {
    case ACL_MEMCPY_HOST_TO_HOST:
        want_sdev = false, want_ddev = false;
        break;
    case ACL_MEMCPY_HOST_TO_DEVICE:
    case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE:
        want_sdev = false, want_ddev = true;
        break;
    case ACL_MEMCPY_DEVICE_TO_HOST:
        want_sdev = true, want_ddev = false;
        break;
    case ACL_MEMCPY_DEFAULT:
        want_sdev = s->loc == LOC_DEVICE;
        want_ddev = d->loc == LOC_DEVICE;
        break;
    default: /* the device-to-device kinds */
        want_sdev = want_ddev = true;
        break;
    }
    if (want_ddev != (d->loc == LOC_DEVICE) || want_sdev != (s->loc == LOC_DEVICE))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the copy kind says %s-to-%s, but dst is %s and src is %s memory", fn,
                        want_sdev ? "device" : "host", want_ddev ? "device" : "host",
                        d->loc == LOC_DEVICE ? "device" : "host",
                        s->loc == LOC_DEVICE ? "device" : "host");
    if (d->loc == LOC_DEVICE && s->loc == LOC_DEVICE && d->dev != s->dev) {
        struct core_ctx *c = core_ctx_current();
        int cur = c ? c->dev->id : -1;
        int other = cur == d->dev ? s->dev : d->dev;
        if (cur < 0 || (cur != d->dev && cur != s->dev) || !peer_ok(cur, other))
            return core_err(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: copy between device %d and device %d needs peer access "
                            "(aclrtDeviceEnablePeerAccess from the current device)",
                            fn, s->dev, d->dev);
    }
    return ACL_SUCCESS;
}

/* ---- allocation ------------------------------------------------------------ */

aclError core_mem_dev_malloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy, bool align32,
                             const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!devPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    aclError crc = ACL_SUCCESS;
    struct core_ctx *c = core_ctx_need(fn, &crc);
    if (!c)
        return crc;
    (void)core_retire_reclaim(); /* blocks whose streams passed go back first (FR3) */
    int r;
    do
        r = mem_dev_alloc(c->dev->id, size, (unsigned)policy & 0xffu,
                          align32 ? MEM_DEV_F_ALIGN32 : 0, devPtr);
    while (r == -ENOMEM && core_retire_reclaim());
    if (r == 0)
        return ACL_SUCCESS;
    *devPtr = NULL;
    if (r == -EINVAL)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size %zu is invalid", fn, size);
    return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION,
                    "%s: cannot allocate %zu bytes on device %d with policy 0x%x (capacity "
                    "exhausted, or no pages of that kind)",
                    fn, size, c->dev->id, (unsigned)policy);
}

aclError core_mem_dev_free(void *devPtr, const char *fn)
{
    core_hooks.mem_freeing(devPtr); /* ends its IPC exports (core/ipc/ipc.c) */
    int r = core_retire_free(devPtr, MEM_REG_WANT_DEVICE); /* retired while work is queued */
    if (r == 0)
        return ACL_SUCCESS;
    struct mem_reg_info info;
    if (mem_reg_lookup(devPtr, &info) == 0 && info.policy == MEM_POLICY_VMM)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %p is virtual memory mapped by aclrtMapMem (at %p), not an "
                        "allocation: aclrtUnmapMem, aclrtFreePhysical and aclrtReleaseMemAddress "
                        "release it",
                        fn, devPtr, (void *)info.base);
    return core_err(ACL_ERROR_INVALID_PARAM, "%s: %p is %s", fn, devPtr,
                    r == -EINVAL ? "not the start of a device allocation (interior or host "
                                   "memory)"
                                 : "not a live device allocation (foreign, or already freed)");
}

aclError core_mem_host_alloc(void **hostPtr, size_t size, const char *fn)
{
    (void)core_retire_reclaim(); /* as aclrtMalloc's */
    if (mem_host_alloc(size, hostPtr) == 0)
        return ACL_SUCCESS;
    *hostPtr = NULL;
    return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot allocate %zu bytes", fn, size);
}

aclError core_mem_host_free(void *hostPtr, const char *fn)
{
    if (core_retire_free(hostPtr, MEM_REG_WANT_HOST) == 0) /* as aclrtFree's */
        return ACL_SUCCESS;
    return core_err(ACL_ERROR_INVALID_PARAM,
                    "%s: %p is not the start of a live aclrtMallocHost allocation", fn, hostPtr);
}

aclError core_mem_info(aclrtMemAttr attr, size_t *free_, size_t *total, const char *fn)
{
    enum mem_class cls;
    switch ((int)attr) {
    case ACL_DDR_MEM:
    case ACL_HBM_MEM:
        cls = MEM_CLASS_ALL;
        break;
    case ACL_DDR_MEM_NORMAL:
    case ACL_HBM_MEM_NORMAL:
    case ACL_DDR_MEM_P2P_NORMAL:
    case ACL_HBM_MEM_P2P_NORMAL:
    case ACL_MEM_NORMAL:
    case ACL_MEM_P2P_NORMAL:
        cls = MEM_CLASS_NORMAL;
        break;
    case ACL_DDR_MEM_HUGE:
    case ACL_HBM_MEM_HUGE:
    case ACL_DDR_MEM_P2P_HUGE:
    case ACL_HBM_MEM_P2P_HUGE:
    case ACL_MEM_HUGE:
    case ACL_MEM_P2P_HUGE:
        cls = MEM_CLASS_HUGE;
        break;
    case ACL_HBM_MEM_HUGE1G:
    case ACL_HBM_MEM_P2P_HUGE1G:
    case ACL_MEM_HUGE1G:
    case ACL_MEM_P2P_HUGE1G:
        cls = MEM_CLASS_HUGE1G;
        break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: the thread has no current context", fn);
    (void)core_retire_reclaim(); /* retired blocks count as used until they go back */
    if (mem_dev_meminfo(c->dev->id, cls, free_, total))
        return core_err(ACL_ERROR_RT_INTERNAL_ERROR, "%s: device %d has no memory pool", fn,
                        c->dev->id);
    return ACL_SUCCESS;
}

/* ---- copy and set tasks ------------------------------------------------------ */

/* arg: ptr[0] dst, ptr[1] src, u64[2] count, u64[3] the direction as an aclrtMemcpyKind, read
 * by the trace only (memcpy), or u64[2] count, u64[3] value (memset); 2-D: u64[3] dpitch,
 * u64[4] spitch, u64[5] height with width = count. */
static int run_memcpy(struct sched_task *t, struct sched_exec *x)
{
    if (!x->discard)
        memcpy(t->arg.ptr[0], t->arg.ptr[1], t->arg.u64[2]);
    return SCHED_DONE;
}

static int run_memcpy2d(struct sched_task *t, struct sched_exec *x)
{
    if (x->discard)
        return SCHED_DONE;
    char *d = t->arg.ptr[0];
    const char *s = t->arg.ptr[1];
    for (uint64_t r = 0; r < t->arg.u64[5]; r++)
        memcpy(d + r * t->arg.u64[3], s + r * t->arg.u64[4], t->arg.u64[2]);
    return SCHED_DONE;
}

static int run_memset(struct sched_task *t, struct sched_exec *x)
{
    if (!x->discard)
        memset(t->arg.ptr[0], (int)t->arg.u64[3], t->arg.u64[2]);
    return SCHED_DONE;
}

static int run_fail(struct sched_task *t, struct sched_exec *x)
{
    if (!x->discard)
        sched_exec_fail(x, (int32_t)t->arg.u64[0]);
    return SCHED_DONE;
}

/* ---- memory-value synchronisation (aclrtValueWrite / aclrtValueWait) ---- */

/*
 * Every aclrtValueWrite adds 1 to this count after its store, so a blocked
 * value wait sleeps until the next write anywhere and then compares again. A
 * word changed by other means (a kernel, a copy, the host) is seen by
 * polling: a blocked wait is re-run every 1/16 of the time it has waited so
 * far, at least VALUE_POLL_MIN_NS and at most VALUE_POLL_MAX_NS apart (so a
 * wait left pending costs its worker ~0.1% of a core after ~1 s).
 */
static struct sched_cond g_value_writes;
/* Nonzero while aclFinalize tears the devices down: value waits still waiting complete (VW1:
 * nothing the program does can satisfy them any more; the work queued behind them runs). */
static _Atomic int g_value_waits_released;
#define VALUE_POLL_MIN_NS 200000u
#define VALUE_POLL_MAX_NS 10000000u

static int run_value_write(struct sched_task *t, struct sched_exec *x)
{
    if (x->discard)
        return SCHED_DONE;
    /* release: a wait that reads the value (acquire) also sees what this
     * stream did before the write. */
    atomic_store_explicit((_Atomic uint64_t *)t->arg.ptr[0], t->arg.u64[1], memory_order_release);
    sched_cond_add(&g_value_writes, 1);
    return SCHED_DONE;
}

static bool value_met(uint64_t cur, uint64_t value, uint32_t flag)
{
    switch (flag) {
    case ACL_STREAM_WAIT_VALUE_GEQ:
        return (int64_t)(cur - value) >= 0;
    case ACL_STREAM_WAIT_VALUE_EQ:
        return cur == value;
    case ACL_STREAM_WAIT_VALUE_AND:
        return (cur & value) != 0;
    default:
        return ~(cur | value) != 0; /* NOR (checked at submission) */
    }
}

/* Stateless (the record is not written), so a captured wait replays as is. */
void core_mem_release_value_waits(bool on)
{
    /* relaxed: a flag polled by blocked waits (at most VALUE_POLL_MAX_NS apart); nothing is
     * published through it */
    atomic_store_explicit(&g_value_waits_released, on, memory_order_relaxed);
}

static int run_value_wait(struct sched_task *t, struct sched_exec *x)
{
    /* relaxed: core_mem_release_value_waits */
    if (x->discard || atomic_load_explicit(&g_value_waits_released, memory_order_relaxed))
        return SCHED_DONE;
    /* The write count first, then the word: a write that lands after this
     * read moves the count past the target below, so it cannot be missed
     * (the writer stores the word before it adds to the count). */
    uint64_t writes = sched_cond_value(&g_value_writes);
    /* acquire: pairs with the writer's release store (run_value_write). */
    uint64_t cur = atomic_load_explicit((_Atomic uint64_t *)t->arg.ptr[0], memory_order_acquire);
    if (value_met(cur, t->arg.u64[1], (uint32_t)t->arg.u64[2]))
        return SCHED_DONE;
    uint64_t now = sched_now_ns();
    /* aclrtSetOpWaitTimeout's limit as the wait was queued (u64[3], ms; 0 = none): a wait
     * that can never be satisfied fails the stream instead of holding it (and a plain
     * aclrtResetDevice) for ever */
    uint64_t limit = t->arg.u64[3] * 1000000u;
    if (limit && x->blocked_since && now - x->blocked_since >= limit) {
        sched_exec_fail(x, ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
        return SCHED_DONE;
    }
    uint64_t poll = x->blocked_since ? (now - x->blocked_since) / 16 : 0;
    poll = poll < VALUE_POLL_MIN_NS   ? VALUE_POLL_MIN_NS
           : poll > VALUE_POLL_MAX_NS ? VALUE_POLL_MAX_NS
                                      : poll;
    x->block_cond = &g_value_writes;
    x->block_target = writes + 1;
    x->block_deadline = now + poll;
    return SCHED_BLOCK;
}

/* ---- aclrtReduceAsync ------------------------------------------------------ */

static aclError submit(struct core_stream *s, uint64_t tag, sched_task_fn run, uint8_t kind,
                       const uint64_t args[6], const char *fn);

#define REDUCE_LOOP(T, LOAD, STORE)                                                                \
    do {                                                                                           \
        T *d_ = dst;                                                                               \
        const T *s_ = src;                                                                         \
        for (uint64_t i = 0, n = bytes / sizeof(T); i < n; i++) {                                  \
            __typeof__(LOAD(d_[i])) a = LOAD(d_[i]), b = LOAD(s_[i]);                              \
            d_[i] = STORE(kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM   ? a + b                       \
                          : a != a || b != b                         ? a + b /* NaN in: NaN out */ \
                          : kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX ? (a > b ? a : b)             \
                                                                     : (a < b ? a : b));           \
        }                                                                                          \
    } while (0)
#define AS_IS(x) (x)
#define F16_IN(x) half_f16_to_f32(x)
#define BF16_IN(x) half_bf16_to_f32(x)

/* Integer sums wrap: computed in a wider type, then converted to the element
 * type (GCC's conversion to a narrower signed type wraps, modulo 2^n).
 * Floating MAX/MIN propagate a NaN from either side. fp16 and bf16 are
 * computed in fp32 and rounded once (exact for one add of two halves). */
static void reduce(void *dst, const void *src, uint64_t bytes, uint32_t kind, aclDataType type)
{
    /* clang-format off: one row per element type */
    switch (type) {
    case ACL_INT8:
        REDUCE_LOOP(int8_t, AS_IS, (int8_t));
        break;
    case ACL_INT16:
        REDUCE_LOOP(int16_t, AS_IS, (int16_t));
        break;
    case ACL_INT32:
        REDUCE_LOOP(int32_t, (int64_t), (int32_t)(uint32_t));
        break;
    case ACL_UINT32:
        REDUCE_LOOP(uint32_t, AS_IS, (uint32_t));
        break;
    case ACL_FLOAT:
        REDUCE_LOOP(float, AS_IS, (float));
        break;
    case ACL_FLOAT16:
        REDUCE_LOOP(uint16_t, F16_IN, half_f32_to_f16);
        break;
    default:
        REDUCE_LOOP(uint16_t, BF16_IN, half_f32_to_bf16);
        break; /* ACL_BF16 (checked) */
    }
    /* clang-format on */
}

static int run_reduce(struct sched_task *t, struct sched_exec *x)
{
    if (!x->discard)
        reduce(t->arg.ptr[0], t->arg.ptr[1], t->arg.u64[2], (uint32_t)t->arg.u64[3],
               (aclDataType)t->arg.u64[4]);
    return SCHED_DONE;
}

static unsigned reduce_elem_size(aclDataType type)
{
    switch (type) {
    case ACL_INT8:
        return 1;
    case ACL_INT16:
    case ACL_FLOAT16:
    case ACL_BF16:
        return 2;
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_FLOAT:
        return 4;
    default:
        return 0;
    }
}

aclError core_mem_reduce_async(void *dst, const void *src, uint64_t count, aclrtReduceKind kind,
                               aclDataType type, aclrtStream stream, void *reserve, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc)
        return rc;
    if (!dst || !src)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, dst ? "src" : "dst");
    if (reserve)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: reserve must be NULL", fn);
    if (kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL is not supported (SUM, MAX, MIN "
                        "are)",
                        fn);
    if (kind != ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM && kind != ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX &&
        kind != ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown kind %d", fn, (int)kind);
    unsigned es = reduce_elem_size(type);
    if (!es)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: data type %d is not one of int8, int16, int32, uint32, fp16, fp32, "
                        "bf16",
                        fn, (int)type);
    if (count % es)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: count %llu bytes is not a whole number of %u-byte elements", fn,
                        (unsigned long long)count, es);
    if (((uintptr_t)dst | (uintptr_t)src) % es)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: dst %p and src %p must be aligned to the %u-byte element", fn, dst,
                        src, es);
    if (!count)
        return ACL_SUCCESS;
    struct span d = {0}, sp = {0};
    if ((rc = locate(dst, count, &d, fn, "dst")) || (rc = locate(src, count, &sp, fn, "src")))
        return rc;
    int dev = s->ctx->dev->id;
    if (d.loc != LOC_DEVICE || sp.loc != LOC_DEVICE || d.dev != dev || sp.dev != dev)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: dst and src must be device memory of the stream's device %d", fn, dev);
    uint64_t a[6] = {(uint64_t)(uintptr_t)dst, (uint64_t)(uintptr_t)src, count, (uint64_t)kind,
                     (uint64_t)type};
    return submit(s, tag, run_reduce, CORE_T_REDUCE, a, fn);
}

/* Trace notes (core/stream/task.h): a copy's bytes and direction, a set's bytes, a 2-D
 * copy's bytes (width x height). */
static void note_memcpy(const struct sched_task *t, uint64_t note[3])
{
    note[1] = t->arg.u64[2];
    note[2] = t->arg.u64[3];
}

static void note_memcpy2d(const struct sched_task *t, uint64_t note[3])
{
    note[0] = (uint64_t)(uintptr_t) "memcpy2d";
    note[1] = t->arg.u64[2] * t->arg.u64[5];
    note[2] = UINT64_MAX; /* no direction recorded: the record is full */
}

static void note_memset(const struct sched_task *t, uint64_t note[3])
{
    note[1] = t->arg.u64[2];
}

/* The copy, set, value and reduce records are stateless: a captured copy
 * replays as is (it reads and writes the buffers' current contents). */
const struct core_task_desc core_task_memcpy = {
    "memcpy", run_memcpy, run_memcpy, 0, NULL, note_memcpy,
};
const struct core_task_desc core_task_memcpy2d = {
    "memcpy", run_memcpy2d, run_memcpy2d, 0, NULL, note_memcpy2d,
};
const struct core_task_desc core_task_memcpy_fail = {"memcpy", run_fail, run_fail, 0, NULL, NULL};
const struct core_task_desc core_task_memset = {
    "memset", run_memset, run_memset, 0, NULL, note_memset,
};
const struct core_task_desc core_task_value_write = {
    "value_write", run_value_write, run_value_write, 0, NULL, NULL,
};
const struct core_task_desc core_task_value_wait = {
    "value_wait", run_value_wait, run_value_wait, 0, NULL, NULL,
};
const struct core_task_desc core_task_reduce = {"reduce", run_reduce, run_reduce, 0, NULL, NULL};

/* Queue a prepared record (capture-aware). */
static aclError submit(struct core_stream *s, uint64_t tag, sched_task_fn run, uint8_t kind,
                       const uint64_t args[6], const char *fn)
{
    struct sched_task *t = core_task_begin(s);
    t->run = run;
    t->kind = kind;
    t->flags = 0;
    t->u16 = 0;
    memcpy(t->arg.u64, args, sizeof(t->arg.u64));
    return core_task_end(s, tag, fn);
}

/* The 64-byte rule binds page-locked memory only: seed 003 documents it for
 * aclrtMallocHost buffers (the sample aligns its pinned address by hand). Pageable
 * memory is copied by the caller after the stream drains (reference: "runtime syncs
 * the stream and does a blocking copy"), so any address works, as with a driver that
 * stages pageable memory through its own buffers (issue 14: ggml copies from malloc). */
static bool misaligned_host(const struct span *sp, const void *p)
{
    return sp->loc == LOC_PINNED && ((uintptr_t)p & 63u);
}

/*
 * The rules every asynchronous copy follows (1-D and 2-D): host-to-host fails
 * at synchronize (or is refused by config), pinned host addresses must be 64-byte
 * aligned, pageable host memory makes the copy synchronous (refused inside a
 * capture of this stream, and where the capture mode forbids sync calls).
 * Sets *act: COPY_QUEUE when the caller must queue the copy, COPY_NOW when
 * it must copy now (pageable: the stream was drained), COPY_DONE when there
 * is nothing left to do (a host-to-host copy queued its failure, or an
 * error is returned).
 */
enum copy_action { COPY_DONE, COPY_QUEUE, COPY_NOW };

static aclError async_policy(struct core_stream *s, uint64_t tag, void *dst, const void *src,
                             const struct span *d, const struct span *sp, enum copy_action *act,
                             const char *fn)
{
    *act = COPY_DONE;
    if (d->loc != LOC_DEVICE && sp->loc != LOC_DEVICE) { /* host to host */
        if (g_rt.cfg.async_h2h_reject)
            return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                            "%s: asynchronous host-to-host copies are not supported", fn);
        uint64_t a[6] = {(uint64_t)ACL_ERROR_RT_FEATURE_NOT_SUPPORT};
        /* fails at synchronize (seed 003) */
        return submit(s, tag, run_fail, CORE_T_MEMCPY_FAIL, a, fn);
    }
    if (misaligned_host(d, dst) || misaligned_host(sp, src))
        return core_err(ACL_ERROR_RT_ADDR_UNALIGNED,
                        "%s: host addresses of asynchronous copies must be 64-byte aligned", fn);
    if (d->loc != LOC_PAGEABLE && sp->loc != LOC_PAGEABLE) {
        *act = COPY_QUEUE;
        return ACL_SUCCESS;
    }
    aclError rc = core_mem_pageable_drain(s, fn);
    if (rc == ACL_SUCCESS)
        *act = COPY_NOW;
    return rc;
}

aclError core_mem_pageable_drain(struct core_stream *s, const char *fn)
{
    if (atomic_load_explicit(&s->cap, memory_order_relaxed)) /* relaxed: A1 */
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: pageable host memory cannot be copied inside a capture (use "
                        "aclrtMallocHost)",
                        fn);
    if (core_hooks.capture_check_unsafe(fn) == ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT)
        return core_err(ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC,
                        "%s: a copy of pageable memory becomes synchronous, which the capture "
                        "mode forbids",
                        fn);
    /* Pageable memory (reference 5): drain the stream, then copy here. A
     * failure pending on the stream stays for its next synchronisation. */
    core_stream_wait_serving(&s->s, sched_stream_submitted(&s->s), 0); /* CB4 */
    return ACL_SUCCESS;
}

/* ---- synchronous accesses (M1) ------------------------------------------------ */

/* What a synchronous call touches: a 1-D or 2-D copy, or a set. */
enum access_op { ACC_COPY, ACC_COPY2D, ACC_SET };
struct access {
    enum access_op op;
    void *dst;
    const void *src;
    size_t dmax, dpitch, spitch, width, height;
    aclrtMemcpyKind kind;
    int32_t value;
};

static aclError check_2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, aclrtMemcpyKind kind, struct span *d, struct span *s,
                         const char *fn);
static aclError check_set(void *devPtr, size_t maxCount, size_t count, int fill, const char *fn);

static aclError access_check(const struct access *a, const char *fn)
{
    struct span d = {0}, s = {0};
    if (a->op == ACC_SET)
        return check_set(a->dst, a->dmax, a->width, (unsigned char)a->value, fn);
    if (a->op == ACC_COPY)
        return check_copy(a->dst, a->dmax, a->src, a->width, a->kind, &d, &s, fn);
    return check_2d(a->dst, a->dpitch, a->src, a->spitch, a->width, a->height, a->kind, &d, &s, fn);
}

static void access_run(const struct access *a)
{
    if (a->op == ACC_SET) {
        memset(a->dst, a->value, a->width);
        return;
    }
    for (size_t r = 0; r < a->height; r++)
        memmove((char *)a->dst + r * a->dpitch, (const char *)a->src + r * a->spitch, a->width);
}

/*
 * Check a and touch its bytes in one op section (M1). capture: also apply the
 * capture-mode check (core_capture_check_unsafe), which takes g_rt.lock and so
 * runs outside the section: when a capture exists the pointers are checked
 * first (the call's error order), then the mode, then checked again with the
 * access.
 */
static aclError access_sync(const struct access *a, bool capture, const char *fn)
{
    struct mem_thread *t = mem_thread_self();
    if (!t)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    aclError rc;
    /* relaxed: as in core_capture_check_unsafe (a capture starting concurrently is
     * the user's race) */
    if (capture && atomic_load_explicit(&core_ncaptures, memory_order_relaxed)) {
        if ((rc = access_check(a, fn)) || !a->width || !a->height)
            return rc;
        if ((rc = core_hooks.capture_check_unsafe(fn)))
            return rc;
    }
    mem_op_begin(t);
    rc = access_check(a, fn);
    if (rc == ACL_SUCCESS && a->width && a->height)
        access_run(a);
    mem_op_end(t);
    return rc;
}

aclError core_mem_copy_async(void *dst, size_t destMax, const void *src, size_t count,
                             aclrtMemcpyKind kind, aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc)
        return rc;
    struct span d = {0}, sp = {0};
    if ((rc = check_copy(dst, destMax, src, count, kind, &d, &sp, fn)) || !count)
        return rc;
    enum copy_action act;
    if ((rc = async_policy(s, tag, dst, src, &d, &sp, &act, fn)) || act == COPY_DONE)
        return rc;
    if (act == COPY_NOW) { /* checked again with the access (M1): the drain was outside */
        struct access a = {.op = ACC_COPY,
                           .dst = dst,
                           .src = src,
                           .dmax = destMax,
                           .width = count,
                           .height = 1,
                           .kind = kind};
        return access_sync(&a, false, fn);
    }
    bool from_dev = sp.loc == LOC_DEVICE, to_dev = d.loc == LOC_DEVICE;
    aclrtMemcpyKind dir = from_dev
                              ? (to_dev ? ACL_MEMCPY_DEVICE_TO_DEVICE : ACL_MEMCPY_DEVICE_TO_HOST)
                              : (to_dev ? ACL_MEMCPY_HOST_TO_DEVICE : ACL_MEMCPY_HOST_TO_HOST);
    uint64_t a[6] = {(uint64_t)(uintptr_t)dst, (uint64_t)(uintptr_t)src, count, (uint64_t)dir};
    return submit(s, tag, run_memcpy, CORE_T_MEMCPY, a, fn);
}

aclError core_mem_copy(void *dst, size_t destMax, const void *src, size_t count,
                       aclrtMemcpyKind kind, const char *fn)
{
    /* synchronous, no implicit stream synchronisation */
    struct access a = {.op = ACC_COPY,
                       .dst = dst,
                       .src = src,
                       .dmax = destMax,
                       .width = count,
                       .height = 1,
                       .kind = kind};
    return access_sync(&a, true, fn);
}

static aclError check_2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, aclrtMemcpyKind kind, struct span *d, struct span *s,
                         const char *fn)
{
    if (width > dpitch || width > spitch)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: width %zu is larger than a pitch (dpitch %zu, spitch %zu)", fn, width,
                        dpitch, spitch);
    if (!width || !height)
        return ACL_SUCCESS;
    /* The whole pitched extent must lie inside each side's allocation. */
    size_t dext = dpitch * (height - 1) + width, sext = spitch * (height - 1) + width;
    if (height > 1 && ((dpitch && (height - 1) > (SIZE_MAX - width) / dpitch) ||
                       (spitch && (height - 1) > (SIZE_MAX - width) / spitch)))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the 2-D extent overflows", fn);
    /* Each side is checked against its own extent: the common part through
     * check_copy (kinds, devices), the longer side's tail by a second lookup. */
    size_t common = dext < sext ? dext : sext;
    aclError rc = check_copy(dst, dext, src, common, kind, d, s, fn);
    if (rc == ACL_SUCCESS && dext > common)
        rc = locate(dst, dext, d, fn, "dst");
    if (rc == ACL_SUCCESS && sext > common)
        rc = locate(src, sext, s, fn, "src");
    return rc;
}

aclError core_mem_copy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, aclrtMemcpyKind kind, const char *fn)
{
    struct access a = {.op = ACC_COPY2D,
                       .dst = dst,
                       .src = src,
                       .dpitch = dpitch,
                       .spitch = spitch,
                       .width = width,
                       .height = height,
                       .kind = kind};
    return access_sync(&a, true, fn);
}

aclError core_mem_copy2d_async(void *dst, size_t dpitch, const void *src, size_t spitch,
                               size_t width, size_t height, aclrtMemcpyKind kind,
                               aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    struct span d = {0}, sp = {0};
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc == ACL_SUCCESS)
        rc = check_2d(dst, dpitch, src, spitch, width, height, kind, &d, &sp, fn);
    if (rc || !width || !height)
        return rc;
    enum copy_action act;
    if ((rc = async_policy(s, tag, dst, src, &d, &sp, &act, fn)) || act == COPY_DONE)
        return rc;
    if (act == COPY_NOW) { /* checked again with the access (M1) */
        struct access a = {.op = ACC_COPY2D,
                           .dst = dst,
                           .src = src,
                           .dpitch = dpitch,
                           .spitch = spitch,
                           .width = width,
                           .height = height,
                           .kind = kind};
        return access_sync(&a, false, fn);
    }
    uint64_t a[6] = {
        (uint64_t)(uintptr_t)dst, (uint64_t)(uintptr_t)src, width, dpitch, spitch, height};
    return submit(s, tag, run_memcpy2d, CORE_T_MEMCPY2D, a, fn);
}

/* fill: the byte of a synchronous aclrtMemset, which also takes pageable host memory (the
 * reference: host or device memory, told by the address; hicann/runtime's memory sample 12
 * sets a stack structure), checked writable; -1: aclrtMemsetAsync, device or pinned memory
 * only. */
static aclError check_set(void *devPtr, size_t maxCount, size_t count, int fill, const char *fn)
{
    if (!devPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    if (count > maxCount)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: count %zu is larger than maxCount %zu", fn,
                        count, maxCount);
    struct span sp = {0};
    aclError rc = locate(devPtr, count, &sp, fn, "devPtr");
    if (rc == ACL_SUCCESS && sp.loc == LOC_PAGEABLE && fill >= 0) {
        if (!host_probe(devPtr, count, true, (unsigned char)fill))
            rc = core_err(ACL_ERROR_INVALID_PARAM,
                          "%s: %p + %zu bytes is host memory that is not writable", fn, devPtr,
                          count);
    } else if (rc == ACL_SUCCESS && sp.loc == LOC_PAGEABLE)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p is neither device memory nor aclrtMallocHost memory", fn, devPtr);
    return rc;
}

aclError core_mem_set(void *devPtr, size_t maxCount, int32_t value, size_t count, const char *fn)
{
    struct access a = {.op = ACC_SET,
                       .dst = devPtr,
                       .dmax = maxCount,
                       .width = count,
                       .height = 1,
                       .value = value};
    return access_sync(&a, true, fn);
}

aclError core_mem_set_async(void *devPtr, size_t maxCount, int32_t value, size_t count,
                            aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc == ACL_SUCCESS)
        rc = check_set(devPtr, maxCount, count, -1, fn);
    if (rc || !count)
        return rc;
    uint64_t a[6] = {(uint64_t)(uintptr_t)devPtr, 0, count, (uint64_t)(uint32_t)value};
    return submit(s, tag, run_memset, CORE_T_MEMSET, a, fn);
}

/* The word of a value write or wait: device memory, 8-byte aligned, 8 bytes. */
static aclError check_value_addr(void *devAddr, const char *fn)
{
    if (!devAddr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devAddr is NULL", fn);
    if ((uintptr_t)devAddr & 7u)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devAddr %p is not 8-byte aligned", fn,
                        devAddr);
    struct span sp = {0};
    aclError rc = locate(devAddr, sizeof(uint64_t), &sp, fn, "devAddr");
    if (rc == ACL_SUCCESS && sp.loc != LOC_DEVICE)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: %p is not device memory (aclrtMalloc)", fn,
                      devAddr);
    return rc;
}

/* Queue a value write (wait = false) or a value wait on stream. */
aclError core_mem_value_task(void *devAddr, uint64_t value, uint32_t flag, aclrtStream stream,
                             bool wait, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc == ACL_SUCCESS)
        rc = check_value_addr(devAddr, fn);
    if (rc == ACL_SUCCESS && !wait && flag != 0)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: flag is reserved and must be 0 (got %u)", fn,
                      flag);
    if (rc == ACL_SUCCESS && wait && flag > ACL_STREAM_WAIT_VALUE_NOR)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: unknown flag %u (want ACL_STREAM_WAIT_VALUE_GEQ, _EQ, _AND or _NOR)", fn,
                      flag);
    if (rc)
        return rc;
    uint64_t a[6] = {(uint64_t)(uintptr_t)devAddr, value, flag,
                     wait ? core_op_wait_timeout_ms() : 0};
    return submit(s, tag, wait ? run_value_wait : run_value_write,
                  wait ? CORE_T_VALUE_WAIT : CORE_T_VALUE_WRITE, a, fn);
}

/* ---- peer access --------------------------------------------------------------- */

static bool valid_dev(int32_t id)
{
    return id >= 0 && (uint32_t)id < g_rt.cfg.device_count;
}

aclError core_mem_peer_can_access(int32_t *canAccessPeer, int32_t deviceId, int32_t peerDeviceId,
                                  const char *fn)
{
    if (!valid_dev(deviceId) || !valid_dev(peerDeviceId))
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d or %d does not exist", fn,
                        deviceId, peerDeviceId);
    if (deviceId == peerDeviceId)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a device and its peer must differ", fn);
    *canAccessPeer = 1; /* all virtual devices share one host */
    return ACL_SUCCESS;
}

aclError core_mem_peer_access(int32_t peer, bool enable, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: the thread has no current device", fn);
    if (!valid_dev(peer))
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist", fn, peer);
    if (peer == c->dev->id)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the peer is the current device", fn);
    uint64_t bit = 1ull << peer;
    /* release: copies checked after this see the change (pairs with peer_ok). */
    if (enable)
        atomic_fetch_or_explicit(&g_rt.peer[c->dev->id], bit, memory_order_release);
    else
        atomic_fetch_and_explicit(&g_rt.peer[c->dev->id], ~bit, memory_order_release);
    return ACL_SUCCESS;
}

/* ---- hooks for core/memory/copies.c (core/memory/copies.h) ------------------------------ */

aclError core_mem_locate(const void *p, size_t n, enum core_mem_where *where, int *dev,
                         const char *fn, const char *what)
{
    struct span sp = {0};
    aclError rc = locate(p, n, &sp, fn, what);
    if (rc == ACL_SUCCESS) {
        *where = sp.loc == LOC_DEVICE   ? CORE_MEM_DEVICE
                 : sp.loc == LOC_PINNED ? CORE_MEM_PINNED
                                        : CORE_MEM_PAGEABLE;
        *dev = sp.dev;
    }
    return rc;
}
