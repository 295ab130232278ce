/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The rest of the memory API (issue 15; docs/memory.md): batched copies,
 * device variables (symbols), 32-bit fills, copies whose addresses live in
 * device memory (offset and descriptor copies), cache maintenance, allocation
 * with a config and frees that synchronise the device (the reservation that UC,
 * cache-bypassing, operators may not use is an ordinary one: core/api/memory.c checks its
 * arguments and calls core_vmm_reserve).
 *
 * Everything checks its pointers with core/memory/memory.c's rules (core_mem_locate)
 * and reuses its copy paths; what is new lives here. The entry points, core/api/memory.c,
 * check the arguments and call the work here (core/memory/memory.h).
 *
 * Invariants:
 *   MC1. A synchronous call that touches bytes checks and touches them inside one
 *       mem op section (mem/thread.h), as core/memory/memory.c's M1: a device reset that
 *       races with it either waits for the section or makes the check fail.
 *   MC2. An asynchronous call either fails with nothing queued, or queues exactly
 *       one task (core_launch_owned: runs in stream order, capturable; its argument
 *       block is freed by release when the runtime is done with it: after the run,
 *       or at model destruction for a captured task). Pageable host memory makes
 *       an async copy synchronous (the stream drains first, core_mem_pageable_drain).
 *       The exception is a batch with pageable members, which follows the reference:
 *       one aclrtMemcpyAsync per member, in order.
 *   MC3. A symbol is a data object of a loaded kernel binary (core/kernel/binary.c). Every
 *       use holds a reference on the binary (core_bin_data_ref), so an
 *       aclrtBinaryUnLoad meanwhile never unmaps bytes a copy is touching; an
 *       asynchronous symbol copy keeps its reference until its task is released.
 *   MC4. Descriptor and offset copies read their addresses when the task runs, so a
 *       captured model replays with whatever the descriptor holds then. The task
 *       checks those addresses against the pointer registry inside a mem op
 *       section before it copies, and fails the stream (ACL_ERROR_RT_COPY_DATA)
 *       instead of touching memory that is not a live device allocation.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/barrier.h"
#include "core/device/device.h"
#include "core/err.h"
#include "core/launch.h"
#include "core/memory/copies.h"
#include "core/memory/memory.h"
#include "core/memory/vmm.h"
#include "core/runtime/fault.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "mem/hostmem.h"
#include "mem/registry.h"
#include "mem/thread.h"

#define BATCH_MAX 4096u          /* the reference's limit on copies per batch */
#define DESC_SIZE 64u            /* bytes of a copy or CMO descriptor (64-byte aligned) */
#define MEMCPY_DESC_MAGIC 0x4d435044u /* "MCPD" */
#define CMO_DESC_MAGIC 0x434d4f44u    /* "CMOD" */
#define CACHE_LINE 64u
#define GIB ((size_t)1 << 30)

/* ---- small helpers ---------------------------------------------------------------- */

static const char *where_name(enum core_mem_where w)
{
    return w == CORE_MEM_DEVICE ? "device" : w == CORE_MEM_PINNED ? "pinned host" : "pageable host";
}

/* Run fn's body for a synchronous access inside one mem op section (MC1). */
static struct mem_thread *op_enter(const char *fn)
{
    struct mem_thread *t = mem_thread_self();
    if (!t)
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    else
        mem_op_begin(t);
    return t;
}

/* The capture-mode rule for a synchronous call (as aclrtMemcpy): outside any section. */
static aclError sync_capture_rule(const char *fn)
{
    /* relaxed: as core/memory/memory.c (a capture starting concurrently is the user's race) */
    if (atomic_load_explicit(&core_ncaptures, memory_order_relaxed))
        return core_hooks.capture_check_unsafe(fn);
    return ACL_SUCCESS;
}

/* Is [p, p + n) inside one live device allocation? For tasks (MC4): no message. */
static bool dev_range_ok(const void *p, size_t n)
{
    struct mem_reg_info info;
    if (!p || mem_reg_lookup_in_op(p, &info) != 0 || info.owner == MEM_OWNER_HOST)
        return false;
    uintptr_t a = (uintptr_t)p;
    return n <= info.size && a - info.base <= info.size - n;
}

/* A device pointer argument: non-NULL, device memory with room for n bytes. */
static aclError need_device(const void *p, size_t n, int *dev, const char *fn, const char *what)
{
    if (!p)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
    enum core_mem_where w;
    int d = -1;
    aclError rc = core_mem_locate(p, n, &w, &d, fn, what);
    if (rc)
        return rc;
    if (w != CORE_MEM_DEVICE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s %p is %s memory, not device memory", fn,
                        what, p, where_name(w));
    if (dev)
        *dev = d;
    return ACL_SUCCESS;
}

/* ---- batched copies --------------------------------------------------------------- */

struct batch_one {
    void *dst;
    const void *src;
    size_t len;
};

struct batch {
    size_t n;
    struct batch_one e[];
};

static int32_t run_batch(void *arg)
{
    struct batch *b = arg;
    for (size_t i = 0; i < b->n; i++)
        memmove(b->e[i].dst, b->e[i].src, b->e[i].len);
    return 0;
}

/* The reference's location of one side: unregistered (pageable) and pinned memory are
 * both HOST; HOST_NUMA in an attribute means HOST. */
static bool loc_matches(const aclrtMemLocation *want, enum core_mem_where w, int dev)
{
    if (want->type == ACL_MEM_LOCATION_TYPE_HOST || want->type == ACL_MEM_LOCATION_TYPE_HOST_NUMA)
        return w != CORE_MEM_DEVICE;
    if (want->type == ACL_MEM_LOCATION_TYPE_DEVICE)
        return w == CORE_MEM_DEVICE && (int64_t)want->id == dev;
    return false;
}

static void set_fail(size_t *failIndex, size_t i)
{
    if (failIndex)
        *failIndex = i;
}

/*
 * Check a batch (arguments, then every member against its attribute). On a member's
 * location or direction error *failIndex names it; every other error leaves SIZE_MAX.
 * Returns ACL_SUCCESS with *nonzero = 0 when every size is 0 (nothing to do).
 * any_pageable: does a member touch pageable memory?
 */
static aclError batch_check(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t n,
                            aclrtMemcpyBatchAttr *attrs, size_t *idx, size_t nattrs,
                            size_t *failIndex, bool async, bool *nonzero, bool *any_pageable,
                            const char *fn)
{
    set_fail(failIndex, SIZE_MAX);
    *nonzero = false;
    *any_pageable = false;
    if (!sizes)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: sizes is NULL", fn);
    if (!n)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: numBatches is 0", fn);
    size_t i = 0;
    while (i < n && !sizes[i])
        i++;
    if (i == n) /* all empty: the reference returns at once */
        return ACL_SUCCESS;
    *nonzero = true;
    if (!dsts || !destMaxs || !srcs || !attrs || !idx)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: dsts, destMaxs, srcs, attrs and attrsIndexes must not be NULL", fn);
    for (i = 0; i < n; i++)
        if (destMaxs[i] < sizes[i])
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: copy %zu: size %zu is larger than destMax %zu", fn, i, sizes[i],
                            destMaxs[i]);
    if (!nattrs || nattrs > n)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: numAttrs %zu must be in 1..numBatches (%zu)", fn, nattrs, n);
    for (size_t k = 0; k < nattrs; k++)
        for (size_t r = 0; r < sizeof(attrs[k].rsv); r++)
            if (attrs[k].rsv[r])
                return core_err(ACL_ERROR_INVALID_PARAM, "%s: attrs[%zu].rsv must be all 0", fn,
                                k);
    if (n > BATCH_MAX)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: numBatches %zu is over the limit %u",
                        fn, n, BATCH_MAX);
    if (idx[0] != 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: attrsIndexes[0] is %zu, must be 0", fn,
                        idx[0]);
    for (size_t k = 1; k < nattrs; k++)
        if (idx[k] <= idx[k - 1] || idx[k] >= n)
            return core_err(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: attrsIndexes[%zu] = %zu must be above attrsIndexes[%zu] = %zu "
                            "and below numBatches %zu",
                            fn, k, idx[k], k - 1, idx[k - 1], n);
    size_t a = 0, unaligned = SIZE_MAX;
    for (i = 0; i < n; i++) {
        while (a + 1 < nattrs && i >= idx[a + 1])
            a++;
        if (!sizes[i]) {
            if (async) { /* the asynchronous path checks each copy as one aclrtMemcpyAsync */
                set_fail(failIndex, i);
                return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: copy %zu has size 0", fn, i);
            }
            continue;
        }
        enum core_mem_where dw, sw;
        int dd = -1, sd = -1;
        aclError rc;
        if (!dsts[i] || !srcs[i])
            rc = core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: copy %zu: %s is NULL", fn, i,
                          dsts[i] ? "src" : "dst");
        else if (!(rc = core_mem_locate(dsts[i], sizes[i], &dw, &dd, fn, "dst")))
            rc = core_mem_locate(srcs[i], sizes[i], &sw, &sd, fn, "src");
        if (!rc && !loc_matches(&attrs[a].dstLoc, dw, dd))
            rc = core_err(ACL_ERROR_RT_PARAM_INVALID,
                          "%s: copy %zu: attrs[%zu].dstLoc (type %d, id %u) does not match dst "
                          "%p (%s memory, device %d)",
                          fn, i, a, (int)attrs[a].dstLoc.type, attrs[a].dstLoc.id, dsts[i],
                          where_name(dw), dd);
        if (!rc && !loc_matches(&attrs[a].srcLoc, sw, sd))
            rc = core_err(ACL_ERROR_RT_PARAM_INVALID,
                          "%s: copy %zu: attrs[%zu].srcLoc (type %d, id %u) does not match src "
                          "%p (%s memory, device %d)",
                          fn, i, a, (int)attrs[a].srcLoc.type, attrs[a].srcLoc.id, srcs[i],
                          where_name(sw), sd);
        if (!rc && (dw == CORE_MEM_DEVICE) == (sw == CORE_MEM_DEVICE))
            rc = core_err(ACL_ERROR_RT_PARAM_INVALID,
                          "%s: copy %zu goes %s to %s: a batch copies host to device or device "
                          "to host only",
                          fn, i, sw == CORE_MEM_DEVICE ? "device" : "host",
                          dw == CORE_MEM_DEVICE ? "device" : "host");
        if (rc) {
            set_fail(failIndex, i);
            return rc;
        }
        if (dw == CORE_MEM_PAGEABLE || sw == CORE_MEM_PAGEABLE)
            *any_pageable = true;
        if (async && unaligned == SIZE_MAX && /* the 64-byte rule of pinned async copies */
            ((dw == CORE_MEM_PINNED && ((uintptr_t)dsts[i] & 63u)) ||
             (sw == CORE_MEM_PINNED && ((uintptr_t)srcs[i] & 63u))))
            unaligned = i;
    }
    if (unaligned != SIZE_MAX)
        return core_err(ACL_ERROR_RT_ADDR_UNALIGNED,
                        "%s: copy %zu: host addresses of asynchronous copies must be 64-byte "
                        "aligned",
                        fn, unaligned);
    return ACL_SUCCESS;
}

aclError core_mem_batch_copy(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t n,
                             aclrtMemcpyBatchAttr *attrs, size_t *idx, size_t nattrs,
                             size_t *failIndex, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    bool nonzero, pageable;
    aclError rc = sync_capture_rule(fn);
    if (rc)
        return rc;
    struct mem_thread *t = op_enter(fn);
    if (!t)
        return ACL_ERROR_BAD_ALLOC;
    rc = batch_check(dsts, destMaxs, srcs, sizes, n, attrs, idx, nattrs, failIndex, false,
                     &nonzero, &pageable, fn);
    if (rc == ACL_SUCCESS && nonzero)
        for (size_t i = 0; i < n; i++)
            if (sizes[i])
                memmove(dsts[i], srcs[i], sizes[i]);
    mem_op_end(t);
    return rc;
}

aclError core_mem_batch_copy_async(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes,
                                   size_t n, aclrtMemcpyBatchAttr *attrs, size_t *idx,
                                   size_t nattrs, size_t *failIndex, aclrtStream stream,
                                   const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    set_fail(failIndex, SIZE_MAX);
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc)
        return rc;
    bool nonzero, pageable;
    rc = batch_check(dsts, destMaxs, srcs, sizes, n, attrs, idx, nattrs, failIndex, true,
                     &nonzero, &pageable, fn);
    if (rc || !nonzero)
        return rc;
    if (pageable) {
        /* MC2's exception: each copy as an aclrtMemcpyAsync (pinned/device ones queue,
         * pageable ones drain the stream and copy now), in order. A capture refuses
         * pageable memory: refused here before anything is queued. */
        if (atomic_load_explicit(&s->cap, memory_order_relaxed)) /* relaxed: A1 */
            return core_err(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: pageable host memory cannot be copied inside a capture (use "
                            "aclrtMallocHost)",
                            fn);
        for (size_t i = 0; i < n; i++) {
            enum core_mem_where w;
            int d;
            aclrtMemcpyKind kind =
                core_mem_locate(dsts[i], sizes[i], &w, &d, fn, "dst") == ACL_SUCCESS &&
                        w == CORE_MEM_DEVICE
                    ? ACL_MEMCPY_HOST_TO_DEVICE
                    : ACL_MEMCPY_DEVICE_TO_HOST;
            if ((rc = core_mem_copy_async(dsts[i], destMaxs[i], srcs[i], sizes[i], kind, stream,
                                          fn)))
                return rc;
        }
        return ACL_SUCCESS;
    }
    struct batch *b = core_malloc(sizeof(*b) + n * sizeof(b->e[0]));
    if (!b)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    b->n = n;
    for (size_t i = 0; i < n; i++)
        b->e[i] = (struct batch_one){dsts[i], srcs[i], sizes[i]};
    rc = core_launch_owned(stream, run_batch, b, free, fn);
    if (rc)
        free(b);
    return rc;
}

/* ---- device variables (symbols) ------------------------------------------------------ */

/* The binary exporting symbol, referenced (MC3), and the variable's size. */
static void *sym_ref(const void *symbol, size_t *size, const char *fn)
{
    if (!symbol) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: symbol is NULL", fn);
        return NULL;
    }
    void *bin = core_bin_data_ref(symbol, size);
    if (!bin)
        core_err(ACL_ERROR_RT_INVALID_SYMBOL,
                 "%s: %p is not the start of a variable exported by a loaded kernel binary "
                 "(aclrtBinaryLoadFromFile)",
                 fn, symbol);
    return bin;
}

aclError core_mem_symbol_address(const void *symbol, void **devPtr, const char *fn)
{
    size_t size;
    void *bin = sym_ref(symbol, &size, fn);
    if (!bin)
        return symbol ? ACL_ERROR_RT_INVALID_SYMBOL : ACL_ERROR_INVALID_PARAM;
    *devPtr = (void *)(uintptr_t)symbol; /* host and device share one address space */
    core_bin_data_unref(bin);
    return ACL_SUCCESS;
}

aclError core_mem_symbol_size(const void *symbol, size_t *size, const char *fn)
{
    size_t sz;
    void *bin = sym_ref(symbol, &sz, fn);
    if (!bin)
        return symbol ? ACL_ERROR_RT_INVALID_SYMBOL : ACL_ERROR_INVALID_PARAM;
    *size = sz;
    core_bin_data_unref(bin);
    return ACL_SUCCESS;
}

struct sym_copy {
    void *bin; /* referenced (MC3) */
    void *dst;
    const void *src;
    size_t len;
};

static int32_t run_sym_copy(void *arg)
{
    struct sym_copy *c = arg;
    memmove(c->dst, c->src, c->len);
    return 0;
}

static void release_sym_copy(void *arg)
{
    struct sym_copy *c = arg;
    core_bin_data_unref(c->bin);
    free(c);
}

/*
 * One symbol copy. to: host/device buffer -> symbol + offset; else symbol + offset ->
 * buffer. The buffer side is checked as a copy's (device memory is allowed only with
 * ACL_MEMCPY_DEFAULT); the symbol side against the variable's ELF size. stream NULL
 * with async false: synchronous.
 */
aclError core_mem_symbol_copy(const void *symbol, void *buf, size_t bufMax, size_t count,
                              size_t offset, aclrtMemcpyKind kind, bool to, bool async,
                              aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc;
    if (async && (rc = core_stream_resolve_tag(stream, &s, &tag, fn)))
        return rc;
    if (!async)
        CORE_REQUIRE_INIT(fn);
    aclrtMemcpyKind host_kind = to ? ACL_MEMCPY_HOST_TO_DEVICE : ACL_MEMCPY_DEVICE_TO_HOST;
    if (kind != host_kind && kind != ACL_MEMCPY_DEFAULT)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: kind %d is invalid (want %s or DEFAULT)", fn,
                        (int)kind, to ? "HOST_TO_DEVICE" : "DEVICE_TO_HOST");
    if (!buf)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, to ? "src" : "dst");
    if (!to && count > bufMax)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: count %zu is larger than dstMax %zu", fn,
                        count, bufMax);
    size_t size;
    void *bin = sym_ref(symbol, &size, fn);
    if (!bin)
        return symbol ? ACL_ERROR_RT_INVALID_SYMBOL : ACL_ERROR_INVALID_PARAM;
    rc = ACL_SUCCESS;
    if (offset > size || count > size - offset)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: offset %zu + count %zu runs past the variable's %zu bytes", fn, offset,
                      count, size);
    if (rc || !count) {
        core_bin_data_unref(bin);
        return rc;
    }
    char *var = (char *)(uintptr_t)symbol + offset;
    enum core_mem_where w = CORE_MEM_PAGEABLE;
    int dev;
    struct mem_thread *t = NULL;
    if (!async && !(rc = sync_capture_rule(fn)) && !(t = op_enter(fn)))
        rc = ACL_ERROR_BAD_ALLOC;
    if (!rc)
        rc = core_mem_locate(buf, count, &w, &dev, fn, to ? "src" : "dst");
    if (!rc && w == CORE_MEM_DEVICE && kind != ACL_MEMCPY_DEFAULT)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %s %p is device memory, but kind says host (use ACL_MEMCPY_DEFAULT)",
                      fn, to ? "src" : "dst", buf);
    if (!async) { /* MC1 */
        if (!rc)
            memmove(to ? var : buf, to ? buf : var, count);
        if (t)
            mem_op_end(t);
        core_bin_data_unref(bin);
        return rc;
    }
    if (!rc && w == CORE_MEM_PINNED && ((uintptr_t)buf & 63u))
        rc = core_err(ACL_ERROR_RT_ADDR_UNALIGNED,
                      "%s: host addresses of asynchronous copies must be 64-byte aligned", fn);
    if (!rc && w == CORE_MEM_PAGEABLE) { /* becomes synchronous (MC2) */
        core_bin_data_unref(bin);
        if ((rc = core_mem_pageable_drain(s, fn)))
            return rc;
        return core_mem_symbol_copy(symbol, buf, bufMax, count, offset, kind, to, false, NULL, fn);
    }
    struct sym_copy *c = rc ? NULL : core_malloc(sizeof(*c));
    if (!rc && !c)
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    if (rc) {
        core_bin_data_unref(bin);
        return rc;
    }
    *c = (struct sym_copy){bin, to ? var : buf, to ? buf : var, count};
    if ((rc = core_launch_owned(stream, run_sym_copy, c, release_sym_copy, fn)))
        release_sym_copy(c);
    return rc;
}

/* ---- 32-bit fills ------------------------------------------------------------------- */

struct fill32 {
    uint32_t *p;
    size_t n;
    uint32_t value;
};

static void fill32(void *p, size_t n, uint32_t value)
{
    unsigned char *b = p;
    if (((uintptr_t)b & 3u) == 0) {
        uint32_t *w = (uint32_t *)(void *)b;
        for (size_t i = 0; i < n; i++)
            w[i] = value;
        return;
    }
    for (size_t i = 0; i < n; i++) /* unaligned: byte copies of the word */
        memcpy(b + 4 * i, &value, 4);
}

static int32_t run_fill32(void *arg)
{
    struct fill32 *f = arg;
    fill32(f->p, f->n, f->value);
    return 0;
}

/* ptr must be device or pinned memory with room for N words (and memSize >= 4 N). */
static aclError check_d32(void *ptr, size_t memSize, size_t N, enum core_mem_where *w,
                          const char *fn)
{
    if (!ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    if (N > SIZE_MAX / 4 || memSize < N * 4)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: N %zu words need %zu bytes, more than memSize %zu", fn, N,
                        N > SIZE_MAX / 4 ? SIZE_MAX : N * 4, memSize);
    int dev;
    aclError rc = core_mem_locate(ptr, N * 4, w, &dev, fn, "ptr");
    if (rc == ACL_SUCCESS && *w == CORE_MEM_PAGEABLE)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p is neither device memory nor aclrtMallocHost memory", fn, ptr);
    return rc;
}

aclError core_mem_set_d32(void *ptr, size_t memSize, uint32_t value, size_t N, const char *fn)
{
    aclError rc = sync_capture_rule(fn);
    if (rc || !N)
        return rc;
    struct mem_thread *t = op_enter(fn);
    if (!t)
        return ACL_ERROR_BAD_ALLOC;
    enum core_mem_where w;
    if ((rc = check_d32(ptr, memSize, N, &w, fn)) == ACL_SUCCESS)
        fill32(ptr, N, value);
    mem_op_end(t);
    return rc;
}

aclError core_mem_set_d32_async(void *ptr, size_t memSize, uint32_t value, size_t N,
                                aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc || !N)
        return rc;
    enum core_mem_where w;
    if ((rc = check_d32(ptr, memSize, N, &w, fn)))
        return rc;
    if (w == CORE_MEM_PINNED) /* the reference: host memory is set at once, not queued */
        return core_mem_set_d32(ptr, memSize, value, N, fn);
    struct fill32 *f = core_malloc(sizeof(*f));
    if (!f)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    *f = (struct fill32){ptr, N, value};
    if ((rc = core_launch_owned(stream, run_fill32, f, free, fn)))
        free(f);
    return rc;
}

/* ---- copies with addresses in device memory ------------------------------------------ */

/* A copy whose addresses are read when it runs (MC4). */
struct ind_copy {
    void *const *dslot; /* device word holding the destination base (offset copy) */
    const void *const *sslot;
    size_t doff, soff, count, destMax;
    const uint64_t *desc; /* or: a descriptor set by aclrtSetMemcpyDesc */
};

/* The copy task of both calls: read the addresses, check them (MC4), copy. */
static int32_t run_ind_copy(void *arg)
{
    struct ind_copy *c = arg;
    struct mem_thread *t = mem_thread_self();
    if (!t)
        return ACL_ERROR_RT_COPY_DATA;
    mem_op_begin(t);
    int32_t rc = ACL_ERROR_RT_COPY_DATA;
    char *d;
    const char *s;
    size_t n;
    if (c->desc) {
        uint64_t v[4];
        if (!dev_range_ok(c->desc, sizeof(v)))
            goto out;
        memcpy(v, c->desc, sizeof(v));
        if (v[0] != MEMCPY_DESC_MAGIC)
            goto out;
        s = (const char *)(uintptr_t)v[1];
        d = (char *)(uintptr_t)v[2];
        n = (size_t)v[3];
    } else {
        if (!dev_range_ok(c->dslot, sizeof(void *)) || !dev_range_ok(c->sslot, sizeof(void *)))
            goto out;
        d = (char *)*c->dslot;
        s = (const char *)*c->sslot;
        if ((uintptr_t)d + c->doff < (uintptr_t)d || (uintptr_t)s + c->soff < (uintptr_t)s)
            goto out;
        d += c->doff;
        s += c->soff;
        n = c->count;
    }
    if (dev_range_ok(d, n) && dev_range_ok(s, n)) {
        memmove(d, s, n);
        rc = 0;
    }
out:
    mem_op_end(t);
    return rc;
}

static aclError queue_ind(struct ind_copy *c, aclrtStream stream, const char *fn)
{
    struct ind_copy *o = core_malloc(sizeof(*o));
    if (!o)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    *o = *c;
    aclError rc = core_launch_owned(stream, run_ind_copy, o, free, fn);
    if (rc)
        free(o);
    return rc;
}

static aclError need_inner_d2d(aclrtMemcpyKind kind, const char *fn)
{
    if (kind != ACL_MEMCPY_INNER_DEVICE_TO_DEVICE)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: kind %d is not supported (only ACL_MEMCPY_INNER_DEVICE_TO_DEVICE)",
                        fn, (int)kind);
    return ACL_SUCCESS;
}

aclError core_mem_copy_async_offset(void **dst, size_t destMax, size_t dstDataOffset,
                                    const void **src, size_t count, size_t srcDataOffset,
                                    aclrtMemcpyKind kind, aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc || !count)
        return rc;
    if (kind != ACL_MEMCPY_INNER_DEVICE_TO_DEVICE)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: kind %d is invalid (only ACL_MEMCPY_INNER_DEVICE_TO_DEVICE)", fn,
                        (int)kind);
    if (count > destMax)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: count %zu is larger than destMax %zu",
                        fn, count, destMax);
    if ((rc = need_device(dst, sizeof(void *), NULL, fn, "dst")) ||
        (rc = need_device(src, sizeof(void *), NULL, fn, "src")))
        return rc;
    struct ind_copy c = {.dslot = dst, .sslot = src, .doff = dstDataOffset,
                         .soff = srcDataOffset, .count = count, .destMax = destMax};
    return queue_ind(&c, stream, fn);
}

aclError core_mem_copy_desc_size(aclrtMemcpyKind kind, size_t *descSize, const char *fn)
{
    aclError rc = need_inner_d2d(kind, fn);
    if (rc)
        return rc;
    if (!descSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: descSize is NULL", fn);
    *descSize = DESC_SIZE;
    return ACL_SUCCESS;
}

/* A descriptor argument: device memory, 64-byte aligned, DESC_SIZE bytes of room. */
static aclError need_desc(const void *desc, const char *fn)
{
    if (!desc)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the descriptor is NULL", fn);
    if ((uintptr_t)desc & 63u)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: the descriptor %p is not 64-byte aligned", fn, desc);
    return need_device(desc, DESC_SIZE, NULL, fn, "the descriptor");
}

/* Write a descriptor (four words) into device memory (MC1). */
static aclError desc_write(void *desc, const uint64_t v[4], const char *fn)
{
    struct mem_thread *t = op_enter(fn);
    if (!t)
        return ACL_ERROR_BAD_ALLOC;
    aclError rc = need_desc(desc, fn);
    if (rc == ACL_SUCCESS)
        memcpy(desc, v, 4 * sizeof(uint64_t));
    mem_op_end(t);
    return rc;
}

/* Read a descriptor back (MC1); its magic must be `magic`. */
static aclError desc_read(const void *desc, uint32_t magic, uint64_t v[4], const char *fn,
                          const char *setter)
{
    struct mem_thread *t = op_enter(fn);
    if (!t)
        return ACL_ERROR_BAD_ALLOC;
    aclError rc = need_desc(desc, fn);
    if (rc == ACL_SUCCESS)
        memcpy(v, desc, 4 * sizeof(uint64_t));
    mem_op_end(t);
    if (rc == ACL_SUCCESS && v[0] != magic)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: %p holds no descriptor set by %s", fn, desc,
                      setter);
    return rc;
}

aclError core_mem_copy_desc_set(void *desc, aclrtMemcpyKind kind, void *srcAddr, void *dstAddr,
                                size_t count, void *config, const char *fn)
{
    aclError rc = need_inner_d2d(kind, fn);
    if (rc)
        return rc;
    if (config)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: config is reserved and must be NULL", fn);
    if (!count)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: count is 0", fn);
    if ((rc = need_device(srcAddr, count, NULL, fn, "srcAddr")) ||
        (rc = need_device(dstAddr, count, NULL, fn, "dstAddr")))
        return rc;
    uint64_t v[4] = {MEMCPY_DESC_MAGIC, (uint64_t)(uintptr_t)srcAddr,
                     (uint64_t)(uintptr_t)dstAddr, count};
    return desc_write(desc, v, fn);
}

aclError core_mem_copy_async_desc(void *desc, aclrtMemcpyKind kind, aclrtStream stream,
                                  const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc || (rc = need_inner_d2d(kind, fn)))
        return rc;
    uint64_t v[4];
    if ((rc = desc_read(desc, MEMCPY_DESC_MAGIC, v, fn, "aclrtSetMemcpyDesc")))
        return rc;
    struct ind_copy c = {.desc = desc};
    return queue_ind(&c, stream, fn);
}

/* ---- cache maintenance ------------------------------------------------------------- */

/*
 * On a CPU host the caches are coherent with every core and with DMA, so only a
 * prefetch changes anything: it pulls the range's lines toward the core (read
 * prefetch of each 64-byte line). Write-back, flush and invalidate order memory
 * (a full fence) and keep their place in stream order, which is what a program
 * can observe; no line is discarded (that would lose other writers' data).
 */
static void cmo_apply(const void *p, size_t n, aclrtCmoType type)
{
    if (type == ACL_RT_CMO_TYPE_PREFETCH) {
        const char *c = p;
        for (size_t off = 0; off < n; off += CACHE_LINE)
            __builtin_prefetch(c + off, 0, 3);
        return;
    }
    /* seq_cst fence: the stand-in for write-back / invalidate: every store before it
     * in this task's stream order is visible before any access after it. */
    base_fence_full();
}

struct cmo {
    const void *p;
    size_t n;
    aclrtCmoType type;
    const uint64_t *desc; /* or NULL: the range is read from it when the task runs */
};

static int32_t run_cmo(void *arg)
{
    struct cmo *c = arg;
    if (!c->desc) {
        cmo_apply(c->p, c->n, c->type);
        return 0;
    }
    struct mem_thread *t = mem_thread_self();
    if (!t)
        return ACL_ERROR_RT_COPY_DATA;
    mem_op_begin(t);
    int32_t rc = ACL_ERROR_RT_COPY_DATA;
    uint64_t v[4];
    if (dev_range_ok(c->desc, sizeof(v))) {
        memcpy(v, c->desc, sizeof(v));
        const void *p = (const void *)(uintptr_t)v[1];
        if (v[0] == CMO_DESC_MAGIC && dev_range_ok(p, (size_t)v[2])) {
            cmo_apply(p, (size_t)v[2], c->type);
            rc = 0;
        }
    }
    mem_op_end(t);
    return rc;
}

static aclError queue_cmo(const struct cmo *c, aclrtStream stream, const char *fn)
{
    struct cmo *o = core_malloc(sizeof(*o));
    if (!o)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    *o = *c;
    aclError rc = core_launch_owned(stream, run_cmo, o, free, fn);
    if (rc)
        free(o);
    return rc;
}

static aclError check_cmo_type(aclrtCmoType type, bool prefetch_only, const char *fn)
{
    if ((unsigned)type > ACL_RT_CMO_TYPE_FLUSH)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cmoType %d is invalid", fn, (int)type);
    if (prefetch_only && type != ACL_RT_CMO_TYPE_PREFETCH)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: cmoType %d is not supported (only ACL_RT_CMO_TYPE_PREFETCH)", fn,
                        (int)type);
    return ACL_SUCCESS;
}

/* src: device memory of the stream's device, size > 0 bytes of it. */
static aclError check_cmo_range(struct core_stream *s, const void *src, size_t size,
                                const char *fn)
{
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    int dev = -1;
    aclError rc = need_device(src, size, &dev, fn, "src");
    if (rc == ACL_SUCCESS && dev != s->ctx->dev->id)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: src %p is memory of device %d, the stream's device is %d", fn, src,
                      dev, s->ctx->dev->id);
    return rc;
}

/* Streams of the barrier calls must record into a model (bound or capturing). */
static aclError need_model_stream(struct core_stream *s, const char *fn)
{
    if (!atomic_load_explicit(&s->cap, memory_order_relaxed)) /* relaxed: A1 */
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream is not bound to a model (aclmdlRIBindStream) nor "
                        "capturing",
                        fn);
    return ACL_SUCCESS;
}

aclError core_mem_cmo_async(void *src, size_t size, aclrtCmoType cmoType, aclrtStream stream,
                            const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc || (rc = check_cmo_type(cmoType, true, fn)) ||
        (rc = check_cmo_range(s, src, size, fn)))
        return rc;
    struct cmo c = {src, size, cmoType, NULL};
    return queue_cmo(&c, stream, fn);
}

aclError core_mem_cmo_async_barrier(void *src, size_t size, aclrtCmoType cmoType,
                                    uint32_t barrierId, aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc || (rc = check_cmo_type(cmoType, false, fn)))
        return rc;
    if (cmoType == ACL_RT_CMO_TYPE_INVALID && !barrierId)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: an ACL_RT_CMO_TYPE_INVALID operation needs a barrierId > 0", fn);
    if (cmoType != ACL_RT_CMO_TYPE_INVALID && barrierId)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: barrierId must be 0 unless cmoType is ACL_RT_CMO_TYPE_INVALID (got "
                        "%u)",
                        fn, barrierId);
    if ((rc = check_cmo_range(s, src, size, fn)) || (rc = need_model_stream(s, fn)))
        return rc;
    struct cmo c = {src, size, cmoType, NULL};
    return queue_cmo(&c, stream, fn);
}

/* The wait runs in stream order after every operation queued before it on its stream,
 * each of which finished its work when its task ended: nothing is left to wait for. */
static int32_t run_cmo_wait(void *arg)
{
    (void)arg;
    /* seq_cst fence: what the awaited operations ordered is ordered before what
     * follows the wait. */
    base_fence_full();
    return 0;
}

aclError core_mem_cmo_wait_barrier(aclrtBarrierTaskInfo *taskInfo, aclrtStream stream,
                                   uint32_t flag, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc)
        return rc;
    if (!taskInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: taskInfo is NULL", fn);
    if (flag)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flag is reserved and must be 0 (got %u)",
                        fn, flag);
    if (!taskInfo->barrierNum || taskInfo->barrierNum > ACL_RT_CMO_MAX_BARRIER_NUM)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: barrierNum %zu must be in 1..%u", fn,
                        taskInfo->barrierNum, ACL_RT_CMO_MAX_BARRIER_NUM);
    for (size_t i = 0; i < taskInfo->barrierNum; i++) {
        if (taskInfo->cmoInfo[i].cmoType != ACL_RT_CMO_TYPE_INVALID)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: cmoInfo[%zu].cmoType must be ACL_RT_CMO_TYPE_INVALID", fn, i);
        if (!taskInfo->cmoInfo[i].barrierId)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: cmoInfo[%zu].barrierId must be > 0",
                            fn, i);
    }
    if ((rc = need_model_stream(s, fn)))
        return rc;
    return core_launch_owned(stream, run_cmo_wait, NULL, NULL, fn);
}

aclError core_mem_cmo_desc_size(size_t *size)
{
    *size = DESC_SIZE;
    return ACL_SUCCESS;
}

aclError core_mem_cmo_desc_set(void *cmoDesc, void *src, size_t size, const char *fn)
{
    aclError rc = need_device(src, size, NULL, fn, "src");
    if (rc)
        return rc;
    uint64_t v[4] = {CMO_DESC_MAGIC, (uint64_t)(uintptr_t)src, size, 0};
    return desc_write(cmoDesc, v, fn);
}

aclError core_mem_cmo_async_desc(void *cmoDesc, aclrtCmoType cmoType, aclrtStream stream,
                                 const void *reserve, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc || (rc = check_cmo_type(cmoType, true, fn)))
        return rc;
    if (reserve)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: reserve must be NULL", fn);
    uint64_t v[4];
    if ((rc = desc_read(cmoDesc, CMO_DESC_MAGIC, v, fn, "aclrtCmoSetDesc")))
        return rc;
    struct cmo c = {NULL, 0, cmoType, cmoDesc};
    return queue_cmo(&c, stream, fn);
}

/* Synchronous write-back / invalidate of device or pinned memory: checked, then fenced. */
aclError core_mem_fence(void *devPtr, size_t size, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!devPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    enum core_mem_where w;
    int dev;
    aclError rc = core_mem_locate(devPtr, size, &w, &dev, fn, "devPtr");
    if (rc == ACL_SUCCESS && w == CORE_MEM_PAGEABLE)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p is neither device memory nor aclrtMallocHost memory", fn, devPtr);
    if (rc == ACL_SUCCESS)
        cmo_apply(devPtr, size, ACL_RT_CMO_TYPE_FLUSH);
    return rc;
}

/* ---- memory kinds, allocation with a config, synchronising frees ----------------------- */

aclError core_mem_check_type(void **addrList, uint32_t size, uint32_t memType,
                             uint32_t *checkResult)
{
    uint32_t ok = 1;
    for (uint32_t i = 0; i < size && ok; i++) {
        struct mem_reg_info info;
        uint32_t kind = 0;
        if (addrList[i] && core_vmm_reserved(addrList[i]))
            kind = ACL_RT_MEM_TYPE_RSVD;
        else if (addrList[i] && mem_reg_lookup(addrList[i], &info) == 0 &&
                 info.owner != MEM_OWNER_HOST)
            /* no separate DVPP pool on cpuacl: device memory answers to both */
            kind = ACL_RT_MEM_TYPE_DEV | ACL_RT_MEM_TYPE_DVPP;
        ok = (kind & memType) != 0;
    }
    *checkResult = ok;
    return ACL_SUCCESS;
}

/* A malloc config: attrs present when counted, known attribute types, a device id
 * (device allocations) that is the current device, a vaFlag of 0 or 1. */
static aclError check_malloc_cfg(const aclrtMallocConfig *cfg, bool host, const char *fn)
{
    if (!cfg)
        return ACL_SUCCESS;
    if (cfg->numAttrs && !cfg->attrs)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cfg->attrs is NULL with numAttrs %zu", fn,
                        cfg->numAttrs);
    for (size_t i = 0; i < cfg->numAttrs; i++) {
        const aclrtMallocAttribute *a = &cfg->attrs[i];
        switch (a->attr) {
        case ACL_RT_MEM_ATTR_RSV:
        case ACL_RT_MEM_ATTR_MODULE_ID: /* a tag for diagnostics: accepted, not kept */
            break;
        case ACL_RT_MEM_ATTR_DEVICE_ID: {
            struct core_ctx *c = core_ctx_current();
            if (!host && (!c || (uint32_t)c->dev->id != a->value.deviceId))
                return core_err(ACL_ERROR_INVALID_PARAM,
                                "%s: cfg->attrs[%zu]: deviceId %u is not the current device %d",
                                fn, i, a->value.deviceId, c ? c->dev->id : -1);
            break;
        }
        case ACL_RT_MEM_ATTR_VA_FLAG:
            if (a->value.vaFlag > 1)
                return core_err(ACL_ERROR_INVALID_PARAM,
                                "%s: cfg->attrs[%zu]: vaFlag %u must be 0 or 1", fn, i,
                                a->value.vaFlag);
            break; /* host and device share addresses on cpuacl: 1 always holds */
        default:
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: cfg->attrs[%zu]: unknown type %d", fn,
                            i, (int)a->attr);
        }
    }
    return ACL_SUCCESS;
}

aclError core_mem_malloc_cfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy,
                             aclrtMallocConfig *cfg, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!devPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    aclError rc = check_malloc_cfg(cfg, false, fn);
    if (rc)
        return rc;
    return core_mem_dev_malloc(devPtr, size, policy, false, fn);
}

aclError core_mem_host_alloc_cfg(void **ptr, uint64_t size, aclrtMallocConfig *cfg, const char *fn)
{
    aclError rc = check_malloc_cfg(cfg, true, fn);
    if (rc)
        return rc;
    if (mem_host_alloc((size_t)size, ptr) == 0)
        return ACL_SUCCESS;
    *ptr = NULL;
    return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot allocate %llu bytes", fn,
                    (unsigned long long)size);
}

/* The implicit device synchronisation of the *WithDevSync frees: every stream of the
 * current device finishes what it has queued (nothing to wait for without a current
 * context). A failure (a stream's task failed, a capture is in progress) is returned
 * and nothing is freed. */
static aclError dev_sync(const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!core_ctx_current())
        return ACL_SUCCESS;
    return core_device_sync(fn);
}

aclError core_mem_dev_free_synced(void *devPtr, const char *fn)
{
    aclError rc = dev_sync(fn);
    return rc ? rc : core_mem_dev_free(devPtr, fn);
}

aclError core_mem_host_free_synced(void *hostPtr, const char *fn)
{
    aclError rc = dev_sync(fn);
    return rc ? rc : core_mem_host_free(hostPtr, fn);
}
