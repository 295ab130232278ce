/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Sharing across processes: IPC memory (aclrtIpcMem*), shareable physical-memory handles
 * (aclrtMemExportToShareableHandle ...), IPC notifies (aclrtNotifyGetExportKey ...). The
 * entry points, core/api/ipc.c, check the arguments and call the work here
 * (core/ipc/ipc.h).
 *
 * Mechanism (Linux, no privileges needed):
 *   - Every exported object has a descriptor page: a memfd of one page holding
 *     struct ipc_desc (state, token, pid white list, and for notifies the flag's two
 *     counters). The key names it as "cpuacl:<pid>:<fd>:<token>": the exporter's pid, the
 *     descriptor's fd number in the exporter and a random 64-bit token.
 *   - An importer opens /proc/<pid>/fd/<fd> (same user, the exporter dumpable: the rule of
 *     ptrace's read mode, which Yama does not restrict); if that fails it tries
 *     pidfd_getfd (ptrace attach mode). It maps the page, checks magic, token and state,
 *     and checks its pid against the white list unless the export disabled validation.
 *   - The bytes: memory is shared through a memfd. A physical handle (aclrtMallocPhysical)
 *     is a memfd already (core/memory/vmm.c). An aclrtMalloc allocation lives in an anonymous
 *     pool mapping: export converts the pages that hold it to a memfd in place (copy the
 *     bytes into a new memfd, then mmap it MAP_SHARED|MAP_FIXED over the same addresses),
 *     so the exporter keeps its pointer and both processes see the same pages. Only
 *     allocations with pages of their own are converted (jemalloc large size classes:
 *     at least 4 pages); a smaller allocation shares its pages with other allocations
 *     whose concurrent writes the copy could lose, and is refused
 *     (ACL_ERROR_RT_FEATURE_NOT_SUPPORT). hugetlb-backed allocations are refused too.
 *     A converted range stays shared memory until aclrtFree (the memfd is closed then).
 *
 * Invariants:
 *   IP1. g_exports, g_imports and g_convs change only under ipc_lock; ipc_lock is taken
 *        after g_rt.lock when both are held, never before.
 *   IP2. A descriptor's fields other than state, npids, pids and the notify counters are
 *        written before its key exists and never again. state moves LIVE -> CLOSED once
 *        (release); an importer reads it (acquire) after opening the page.
 *   IP3. The white list grows only: pids[] entries are written before npids is raised
 *        with a release store; importers load npids with acquire and read that many.
 *   IP4. An export keeps its descriptor fd and data fd open while LIVE; closing marks the
 *        descriptor CLOSED first, so an importer that opened it a moment before sees CLOSED.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/event/event.h"
#include "core/event/notify.h"
#include "core/ipc/ipc.h"
#include "core/memory/vmm.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "mem/devmem.h"
#include "mem/registry.h"

#define IPC_MAGIC 0x63707561636c4950ull /* "cpuaclIP" */
#define IPC_MAX_PIDS 480
#define IPC_HANDLE_TOKEN_BITS 22

enum ipc_kind { IPC_MEM = 1, IPC_PHYS = 2, IPC_NOTIFY = 3, IPC_EVENT = 4 };
enum ipc_state { IPC_LIVE = 1, IPC_CLOSED = 2 };

/* One page of shared memory per export (IP2, IP3). */
struct ipc_desc {
    uint64_t magic;         /* I */
    uint64_t token;         /* I */
    uint32_t kind;          /* I: enum ipc_kind */
    _Atomic uint32_t state; /* A: enum ipc_state (IP2) */
    uint32_t check_pid;     /* I: 1 = white list enforced */
    _Atomic uint32_t npids; /* A: release after pids[] (IP3) */
    int32_t pid;            /* I: exporter */
    int32_t data_fd;        /* I: data memfd in the exporter, -1 for notifies */
    int32_t dev;            /* I: exporter's device */
    int32_t pad;
    uint64_t data_off;          /* I: offset of the mapped range in the data memfd */
    uint64_t data_len;          /* I: bytes to map (whole pages) */
    uint64_t user_off;          /* I: exported pointer - start of the mapped range */
    uint64_t size;              /* I: exported bytes */
    _Atomic uint64_t words[2];  /* A: notify records run / records taken (core/event/notify.c) */
    int32_t pids[IPC_MAX_PIDS]; /* IP3 */
};
_Static_assert(sizeof(struct ipc_desc) <= 4096, "the descriptor fits a page");

/* The process-local side of one shared object. */
struct core_ipc_obj {
    enum ipc_kind kind;
    bool exported;              /* this process made it */
    int desc_fd;                /* exporter: descriptor memfd (IP4), else -1 */
    int data_fd;                /* exporter: data memfd (IP4), else -1 */
    struct ipc_desc *desc;      /* mapped descriptor */
    char key[CORE_IPC_KEY_LEN]; /* the key (or the handle's text form) */
    int dev;
    uintptr_t ptr; /* IPC_MEM: exported pointer / imported pointer */
    uintptr_t map; /* importer of IPC_MEM: the mapping */
    size_t map_len;
    uintptr_t reg;   /* importer of IPC_MEM: registered base */
    uint64_t handle; /* IPC_PHYS: the physical handle here; IPC_NOTIFY: the notify */
    uint64_t share;  /* IPC_PHYS: the uint64 shareable handle */
    bool link_set;   /* IPC_MEM export: aclrtIpcMemSetAttr gave an access link */
    uint32_t link;   /* ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_* (kept; one bus here) */
    struct core_ipc_obj *next;
};

/* A pool range converted to shared memory (aclrtIpcMemGetExportKey). */
struct ipc_conv {
    uintptr_t lo, hi; /* pages */
    uintptr_t alloc;  /* the allocation's base */
    int fd;           /* the memfd behind [lo, hi) */
    int dev;
    unsigned exports; /* live exports of it */
    struct ipc_conv *next;
};

static pthread_mutex_t ipc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct core_ipc_obj *g_objs; /* ipc_lock (IP1): exports and imports */
static struct ipc_conv *g_convs;    /* ipc_lock */
static _Atomic unsigned g_nconvs;   /* A: relaxed fast-path filter for aclrtFree */

static size_t page_size(void)
{
    static size_t ps;
    if (!ps)
        ps = (size_t)sysconf(_SC_PAGESIZE);
    return ps;
}

static uint64_t random_token(void)
{
    uint64_t v = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
            v = 0;
        close(fd);
    }
    if (!v) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        v = ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)ts.tv_sec ^ ((uint64_t)getpid() << 40);
    }
    return v | 1;
}

/* ---- descriptors ----------------------------------------------------------------- */

static struct core_ipc_obj *obj_new(enum ipc_kind kind, bool exported)
{
    struct core_ipc_obj *o = core_calloc(1, sizeof(*o));
    if (!o)
        return NULL;
    o->kind = kind;
    o->exported = exported;
    o->desc_fd = o->data_fd = -1;
    o->dev = -1;
    return o;
}

/* An importer's record for the local object h on device dev, made from key: filled and linked
 * into g_objs (under ipc_lock) so that aclrtDestroy* and the tear-down find it. d, the mapped
 * descriptor page, may be NULL (a physical handle keeps no page). */
static void obj_link_import(struct core_ipc_obj *o, struct ipc_desc *d, int32_t dev, void *h,
                            const char *key)
{
    o->desc = d;
    o->dev = dev;
    o->handle = (uint64_t)(uintptr_t)h;
    snprintf(o->key, sizeof(o->key), "%s", key);
    pthread_mutex_lock(&ipc_lock);
    o->next = g_objs;
    g_objs = o;
    pthread_mutex_unlock(&ipc_lock);
}

/* A notify or event import that failed after desc_open: rc is the create call's code, or
 * ACL_SUCCESS when the record could not be made (out of host memory). Frees the record o (may
 * be NULL) and unmaps the descriptor page d; the caller destroyed its local object. */
static aclError import_undo(aclError rc, struct core_ipc_obj *o, struct ipc_desc *d, const char *fn)
{
    if (!rc)
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    free(o);
    munmap(d, 4096);
    return rc;
}

/* Exporter: a fresh descriptor page. */
static int desc_create(struct core_ipc_obj *o, bool check_pid, int dev)
{
    int fd = memfd_create("cpuacl-ipc", MFD_CLOEXEC);
    if (fd < 0)
        return -errno;
    if (ftruncate(fd, 4096) != 0) {
        int e = -errno;
        close(fd);
        return e;
    }
    void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
        int e = -errno;
        close(fd);
        return e;
    }
    struct ipc_desc *d = p;
    d->magic = IPC_MAGIC;
    d->token = random_token();
    d->kind = (uint32_t)o->kind;
    d->check_pid = check_pid;
    d->pid = (int32_t)getpid();
    d->data_fd = -1;
    d->dev = dev;
    atomic_init(&d->npids, 0);
    /* release: the fields above before anyone can read state LIVE (IP2) */
    atomic_store_explicit(&d->state, IPC_LIVE, memory_order_release);
    o->desc = d;
    o->desc_fd = fd;
    o->dev = dev;
    snprintf(o->key, sizeof(o->key), "cpuacl:%d:%d:%016" PRIx64, d->pid, fd, d->token);
    return 0;
}

/* Exporter: end an export (IP4). */
static void export_close(struct core_ipc_obj *o)
{
    if (o->desc) /* release: pairs with the importer's acquire load of state */
        atomic_store_explicit(&o->desc->state, IPC_CLOSED, memory_order_release);
    if (o->data_fd >= 0)
        close(o->data_fd);
    if (o->desc_fd >= 0)
        close(o->desc_fd);
    o->data_fd = o->desc_fd = -1;
}

static void obj_free(struct core_ipc_obj *o)
{
    if (o->desc)
        munmap(o->desc, 4096);
    free(o);
}

static void obj_unlink(struct core_ipc_obj *o)
{
    for (struct core_ipc_obj **pp = &g_objs; *pp; pp = &(*pp)->next)
        if (*pp == o) {
            *pp = o->next;
            return;
        }
}

/* Open file descriptor `fd` of process `pid` (/proc first, then pidfd_getfd). */
static int open_remote_fd(int pid, int fd)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/%d/fd/%d", pid, fd);
    int r = open(path, O_RDWR | O_CLOEXEC);
    if (r >= 0)
        return r;
    int e = errno;
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_getfd)
    int pfd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (pfd >= 0) {
        r = (int)syscall(SYS_pidfd_getfd, pfd, fd, 0);
        close(pfd);
        if (r >= 0)
            return r;
    }
#endif
    return -e;
}

/* Open file descriptor `fd` of process `pid` for mapping `need` bytes from its start: only a
 * memfd (the only kind cpuacl exports: F_GET_SEALS answers for memfds alone) at least that
 * long. A key is text from another process, possibly forged or stale: it may name any file
 * of any process this one can reach, and mapping a file shorter than what is then read raises
 * SIGBUS. So the file is checked before it is mapped. Returns the fd or -errno (-EINVAL: not
 * a memfd or too short). */
static int open_remote_memfd(int pid, int fd, uint64_t need)
{
    int r = open_remote_fd(pid, fd);
    if (r < 0)
        return r;
    struct stat st;
    if (fstat(r, &st) != 0 || !S_ISREG(st.st_mode) || fcntl(r, F_GET_SEALS) < 0 || st.st_size < 0 ||
        (uint64_t)st.st_size < need) {
        close(r);
        return -EINVAL;
    }
    return r;
}

static bool parse_key(const char *key, int *pid, int *fd, uint64_t *token)
{
    char tail;
    unsigned long long t;
    if (sscanf(key, "cpuacl:%d:%d:%16llx%c", pid, fd, &t, &tail) != 3)
        return false;
    *token = t;
    return *pid > 0 && *fd >= 0;
}

/* Importer: open and check the descriptor a key names. On failure records the error. */
static aclError desc_open(int pid, int fd, uint64_t token, uint64_t token_mask, enum ipc_kind kind,
                          struct ipc_desc **out, const char *fn)
{
    if (pid == (int)getpid())
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the key was exported by this process (import it in another one)", fn);
    int dfd = open_remote_memfd(pid, fd, 4096);
    if (dfd == -EINVAL)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the key names no cpuacl export (file %d of process %d is not an "
                        "export descriptor)",
                        fn, fd, pid);
    if (dfd < 0)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the export is gone (process %d closed it or exited: %s)", fn, pid,
                        strerror(-dfd));
    struct ipc_desc *d = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dfd, 0);
    close(dfd);
    if (d == MAP_FAILED)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the key names no cpuacl export", fn);
    aclError rc = ACL_SUCCESS;
    /* acquire: pairs with the exporter's release stores of state (IP2) */
    uint32_t st = atomic_load_explicit(&d->state, memory_order_acquire);
    if (d->magic != IPC_MAGIC || (d->token & token_mask) != token || d->kind != (uint32_t)kind ||
        d->pid != pid)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the key names no live export (closed, freed, or not this kind)", fn);
    else if (st != IPC_LIVE)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: the export was closed or its memory freed", fn);
    else if (d->check_pid) {
        /* acquire: IP3, the pids below npids are written */
        uint32_t n = atomic_load_explicit(&d->npids, memory_order_acquire);
        int32_t me = (int32_t)getpid();
        bool ok = false;
        for (uint32_t i = 0; i < n && i < IPC_MAX_PIDS; i++)
            ok |= d->pids[i] == me;
        if (!ok)
            rc = core_err(ACL_ERROR_RT_NO_PERMISSION,
                          "%s: process %d is not on the export's pid white list (set it with "
                          "the SetImportPid call, or export with DISABLE_PID_VALIDATION)",
                          fn, me);
    }
    if (rc) {
        munmap(d, 4096);
        return rc;
    }
    *out = d;
    return ACL_SUCCESS;
}

static aclError set_pids(struct ipc_desc *d, const int32_t *pid, size_t num, const char *fn)
{
    if (!pid || !num)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, pid ? "num is 0" : "pid is NULL");
    for (size_t i = 0; i < num; i++)
        if (pid[i] <= 0)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: pid[%zu] = %d is not a process id", fn, i,
                            pid[i]);
    /* relaxed: only the exporter writes npids, under ipc_lock */
    uint32_t n = atomic_load_explicit(&d->npids, memory_order_relaxed);
    if (n + num > IPC_MAX_PIDS)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the white list holds at most %d pids", fn,
                        IPC_MAX_PIDS);
    for (size_t i = 0; i < num; i++)
        d->pids[n + i] = pid[i];
    /* release: IP3 */
    atomic_store_explicit(&d->npids, n + (uint32_t)num, memory_order_release);
    return ACL_SUCCESS;
}

static struct core_ipc_obj *find_key(const char *key, bool exported, enum ipc_kind kind)
{
    for (struct core_ipc_obj *o = g_objs; o; o = o->next)
        if (o->exported == exported && o->kind == kind && !strcmp(o->key, key))
            return o;
    return NULL;
}

static aclError check_key_arg(const char *key, const char *fn)
{
    if (!key)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: key is NULL", fn);
    if (!memchr(key, 0, CORE_IPC_KEY_LEN))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: key is longer than %d bytes", fn,
                        CORE_IPC_KEY_LEN - 1);
    return ACL_SUCCESS;
}

/* With ipc_lock held: a key this process imported already cannot be imported again (the
 * message says how to undo the first import). */
static aclError check_fresh_import(const char *key, enum ipc_kind kind, const char *fn)
{
    if (!find_key(key, false, kind))
        return ACL_SUCCESS;
    return core_err(ACL_ERROR_INVALID_PARAM,
                    "%s: \"%s\" is imported already in this process (%s first)", fn, key,
                    kind == IPC_MEM ? "aclrtIpcMemClose it" : "aclrtDestroyNotify the import");
}

/* What a key names (parse_key): the exporter's pid, its descriptor's fd there, the token. */
struct ipc_key_parts {
    int pid, fd;
    uint64_t token;
};

/* The checks opening every import by key: initialisation, the output pointer `out`
 * (named `out_name` in the message), key, flags within `allowed`, key format (parsed
 * into *k). */
static aclError import_args(const void *out, const char *out_name, const char *key, uint64_t flags,
                            uint64_t allowed, struct ipc_key_parts *k, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!out)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, out_name);
    aclError rc = check_key_arg(key, fn);
    if (rc)
        return rc;
    if (flags & ~allowed)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown flags 0x%" PRIx64, fn, flags);
    if (!parse_key(key, &k->pid, &k->fd, &k->token))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not a key of this kind", fn, key);
    return ACL_SUCCESS;
}

/* ---- IPC memory ------------------------------------------------------------------- */

/* The opening of the calls that name a memory key: checks initialisation and the key, then
 * takes ipc_lock and finds the key's record (exported ones if `exported`, else imports) in *o,
 * NULL if none. On success the lock is held and the caller drops it; on error it is not. */
static aclError mem_key_lock(const char *key, bool exported, struct core_ipc_obj **o,
                             const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    aclError rc = check_key_arg(key, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&ipc_lock);
    *o = find_key(key, exported, IPC_MEM);
    return ACL_SUCCESS;
}

static struct ipc_conv *conv_find(uintptr_t alloc)
{
    for (struct ipc_conv *c = g_convs; c; c = c->next)
        if (c->alloc == alloc)
            return c;
    return NULL;
}

static void conv_drop(struct ipc_conv *c)
{
    for (struct ipc_conv **pp = &g_convs; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            break;
        }
    close(c->fd);
    free(c);
    /* relaxed: a filter only; ipc_lock orders the list itself */
    atomic_fetch_sub_explicit(&g_nconvs, 1, memory_order_relaxed);
}

/* Is [lo, hi) free of every allocation but the one at `alloc`? (registry, 64-byte steps) */
static bool pages_exclusive(uintptr_t lo, uintptr_t hi, const struct mem_reg_info *in)
{
    struct mem_reg_info o;
    for (uintptr_t a = lo; a < in->base; a += 64)
        if (mem_reg_lookup((const void *)a, &o) == 0 && o.base != in->base)
            return false;
    for (uintptr_t a = (in->base + in->size + 63) & ~(uintptr_t)63; a < hi; a += 64)
        if (mem_reg_lookup((const void *)a, &o) == 0 && o.base != in->base)
            return false;
    return true;
}

/* Convert the pages of the allocation `in` to a memfd in place (ipc_lock held). */
static aclError conv_make(const struct mem_reg_info *in, struct ipc_conv **out, const char *fn)
{
    size_t ps = page_size();
    uintptr_t lo = in->base & ~(uintptr_t)(ps - 1);
    uintptr_t hi = (in->base + in->size + ps - 1) & ~(uintptr_t)(ps - 1);
    size_t len = hi - lo;
    if (in->kind != MEM_PAGE_NORMAL && in->kind != MEM_PAGE_THP)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: the allocation at %p is on hugetlb pages, which cannot be shared "
                        "with another process here (use ACL_MEM_MALLOC_NORMAL_ONLY or "
                        "aclrtMallocPhysical)",
                        fn, (void *)in->base);
    if (in->size < 4 * ps || !pages_exclusive(lo, hi, in))
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: the allocation at %p (%zu bytes) shares its pages with other "
                        "allocations; only allocations of at least %zu bytes can be exported",
                        fn, (void *)in->base, in->size, 4 * ps);
    struct ipc_conv *c = core_calloc(1, sizeof(*c));
    if (!c)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    int fd = memfd_create("cpuacl-ipc-mem", MFD_CLOEXEC);
    void *tmp = MAP_FAILED;
    if (fd >= 0 && ftruncate(fd, (off_t)len) == 0)
        tmp = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (tmp == MAP_FAILED) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        free(c);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION,
                        "%s: cannot create %zu bytes of shared "
                        "memory: %s",
                        fn, len, strerror(e));
    }
    memcpy(tmp, (const void *)lo, len);
    munmap(tmp, len);
    if (mmap((void *)lo, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) ==
        MAP_FAILED) {
        /* MAP_FIXED failed before replacing anything: the old pages are still there */
        int e = errno;
        close(fd);
        free(c);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot share the pages: %s", fn,
                        strerror(e));
    }
    c->lo = lo;
    c->hi = hi;
    c->alloc = in->base;
    c->fd = fd;
    c->dev = (int)in->owner;
    c->next = g_convs;
    g_convs = c;
    atomic_fetch_add_explicit(&g_nconvs, 1, memory_order_relaxed); /* filter only */
    *out = c;
    return ACL_SUCCESS;
}

aclError core_ipc_mem_export(void *devPtr, size_t size, char *key, uint64_t flags, const char *fn)
{
    if (flags & ~(uint64_t)ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown flags 0x%" PRIx64, fn, flags);
    struct mem_reg_info in;
    if (mem_reg_lookup(devPtr, &in) != 0 || in.owner == MEM_OWNER_HOST)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %p is not live device memory", fn, devPtr);
    if (in.policy == MEM_POLICY_VMM)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: %p is mapped virtual memory or an import; share its physical handle "
                        "with aclrtMemExportToShareableHandle instead",
                        fn, devPtr);
    uintptr_t a = (uintptr_t)devPtr;
    if (size > in.size || a - in.base > in.size - size)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %p + %zu runs past its allocation (%zu bytes at %p)", fn, devPtr, size,
                        in.size, (void *)in.base);
    struct core_ipc_obj *o = obj_new(IPC_MEM, true);
    if (!o)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    pthread_mutex_lock(&ipc_lock);
    struct ipc_conv *c = conv_find(in.base);
    aclError rc = c ? ACL_SUCCESS : conv_make(&in, &c, fn);
    int e = rc ? 0
               : desc_create(o, !(flags & ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION),
                             (int)in.owner);
    if (!rc && !e) {
        o->data_fd = fcntl(c->fd, F_DUPFD_CLOEXEC, 0);
        if (o->data_fd < 0)
            e = -errno;
    }
    if (!rc && e)
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot create the export: %s", fn,
                      strerror(-e));
    if (!rc) {
        struct ipc_desc *d = o->desc;
        d->data_fd = o->data_fd;
        d->data_off = 0;
        d->data_len = c->hi - c->lo;
        d->user_off = a - c->lo;
        d->size = size;
        o->ptr = a;
        c->exports++;
        o->next = g_objs;
        g_objs = o;
        memcpy(key, o->key, strlen(o->key) + 1);
    }
    pthread_mutex_unlock(&ipc_lock);
    if (rc) {
        export_close(o);
        obj_free(o);
    }
    return rc;
}

aclError core_ipc_mem_set_pid(const char *key, int32_t *pid, size_t num, const char *fn)
{
    struct core_ipc_obj *o;
    aclError rc = mem_key_lock(key, true, &o, fn);
    if (rc)
        return rc;
    rc = o ? set_pids(o->desc, pid, num, fn)
           : core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: \"%s\" is not a live key exported by this "
                      "process",
                      fn, key);
    pthread_mutex_unlock(&ipc_lock);
    return rc;
}

aclError core_ipc_mem_import(void **devPtr, const char *key, uint64_t flags, const char *fn)
{
    struct ipc_key_parts k = {0, -1, 0};
    aclError rc = import_args(devPtr, "devPtr", key, flags,
                              ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS, &k, fn);
    if (rc)
        return rc;
    aclError crc = ACL_SUCCESS;
    struct core_ctx *cx = core_ctx_need(fn, &crc);
    if (!cx)
        return crc;
    int dev = cx->dev->id;
    pthread_mutex_lock(&ipc_lock);
    struct ipc_desc *d = NULL;
    rc = check_fresh_import(key, IPC_MEM, fn);
    if (!rc)
        rc = desc_open(k.pid, k.fd, k.token, ~0ull, IPC_MEM, &d, fn);
    struct core_ipc_obj *o = NULL;
    void *map = MAP_FAILED;
    if (!rc) {
        o = obj_new(IPC_MEM, false);
        /* the descriptor is another process's memory: its geometry is checked too */
        uint64_t end = 0, uend = 0;
        bool sane = !__builtin_add_overflow(d->data_off, d->data_len, &end) &&
                    !__builtin_add_overflow(d->user_off, d->size, &uend) && d->size &&
                    uend <= d->data_len && d->data_len <= SIZE_MAX && d->data_off <= INT64_MAX;
        int dfd = !o ? -ENOMEM : sane ? open_remote_memfd(k.pid, d->data_fd, end) : -EINVAL;
        if (dfd >= 0) {
            map = mmap(NULL, d->data_len, PROT_READ | PROT_WRITE, MAP_SHARED, dfd,
                       (off_t)d->data_off);
            close(dfd);
        }
        if (map == MAP_FAILED)
            rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot map the exported memory", fn);
    }
    if (!rc) {
        uintptr_t p = (uintptr_t)map + d->user_off;
        uintptr_t reg = p & ~(uintptr_t)63;
        int e = mem_dev_vmm_register(dev, reg, d->size + (p - reg));
        if (e)
            rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot register the import (%d)", fn,
                          e);
        else {
            o->desc = d;
            o->dev = dev;
            o->ptr = p;
            o->reg = reg;
            o->map = (uintptr_t)map;
            o->map_len = d->data_len;
            snprintf(o->key, sizeof(o->key), "%s", key);
            o->next = g_objs;
            g_objs = o;
            *devPtr = (void *)p;
        }
    }
    pthread_mutex_unlock(&ipc_lock);
    if (rc) {
        if (map != MAP_FAILED)
            munmap(map, d->data_len);
        if (d)
            munmap(d, 4096);
        free(o);
    }
    return rc;
}

/* Importer: undo an import of memory (ipc_lock held). */
static void import_mem_undo(struct core_ipc_obj *o)
{
    mem_dev_vmm_unregister(o->reg);
    munmap((void *)o->map, o->map_len);
}

/* Exporter: end an export of memory (ipc_lock held). */
static void export_mem_end(struct core_ipc_obj *o)
{
    struct ipc_conv *c = NULL;
    struct mem_reg_info in;
    if (mem_reg_lookup((const void *)o->ptr, &in) == 0)
        c = conv_find(in.base);
    if (c && c->exports)
        c->exports--;
    export_close(o);
}

aclError core_ipc_mem_close(const char *key, const char *fn)
{
    struct core_ipc_obj *o;
    aclError rc = mem_key_lock(key, false, &o, fn);
    if (rc)
        return rc;
    if (o)
        import_mem_undo(o);
    else if ((o = find_key(key, true, IPC_MEM)))
        export_mem_end(o);
    if (o)
        obj_unlink(o);
    pthread_mutex_unlock(&ipc_lock);
    if (!o)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: \"%s\" is neither exported nor imported by this process (or closed "
                        "already)",
                        fn, key);
    obj_free(o);
    return ACL_SUCCESS;
}

/* With ipc_lock held: unlink every record match(o, arg) selects, closing each export (its
 * importers see CLOSED from then on) and undoing each memory import; returns them as a list for
 * objs_free, which frees them once the lock is dropped. */
static struct core_ipc_obj *
objs_unlink_locked(bool (*match)(const struct core_ipc_obj *, const void *), const void *arg)
{
    struct core_ipc_obj *dead = NULL;
    for (struct core_ipc_obj **pp = &g_objs; *pp;) {
        struct core_ipc_obj *o = *pp;
        if (match(o, arg)) {
            if (o->exported)
                export_close(o);
            else if (o->kind == IPC_MEM)
                import_mem_undo(o);
            *pp = o->next;
            o->next = dead;
            dead = o;
        } else {
            pp = &o->next;
        }
    }
    return dead;
}

static void objs_free(struct core_ipc_obj *dead)
{
    while (dead) {
        struct core_ipc_obj *n = dead->next;
        obj_free(dead);
        dead = n;
    }
}

static bool export_in_conv(const struct core_ipc_obj *o, const void *conv)
{
    const struct ipc_conv *c = conv;
    return o->exported && o->kind == IPC_MEM && o->ptr >= c->lo && o->ptr < c->hi;
}

void core_ipc_mem_freeing(const void *ptr)
{
    /* relaxed: a filter; an export racing with the free of its own memory is the user's race */
    if (!atomic_load_explicit(&g_nconvs, memory_order_relaxed))
        return;
    struct core_ipc_obj *dead = NULL;
    pthread_mutex_lock(&ipc_lock);
    struct ipc_conv *c = conv_find((uintptr_t)ptr);
    if (c) {
        dead = objs_unlink_locked(export_in_conv, c);
        conv_drop(c); /* the pages stay mapped (shared) in the pool; the memfd goes with them */
    }
    pthread_mutex_unlock(&ipc_lock);
    objs_free(dead);
}

/* ---- shareable physical-memory handles --------------------------------------------- */

/* The uint64 form: pid (22 bits) | descriptor fd (20 bits) | low token bits (22). */
static uint64_t share_pack(int pid, int fd, uint64_t token)
{
    return ((uint64_t)pid << 42) | ((uint64_t)fd << 22) |
           (token & ((1ull << IPC_HANDLE_TOKEN_BITS) - 1));
}

static void share_unpack(uint64_t h, int *pid, int *fd, uint64_t *token)
{
    *pid = (int)(h >> 42);
    *fd = (int)((h >> 22) & ((1u << 20) - 1));
    *token = h & ((1ull << IPC_HANDLE_TOKEN_BITS) - 1);
}

static bool share_type_known(aclrtMemSharedHandleType t)
{
    return t == ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT || t == ACL_MEM_SHARE_HANDLE_TYPE_FABRIC;
}

/* The opening checks of the V2 calls that read a shareable handle. */
static aclError share_v2_args(const void *h, aclrtMemSharedHandleType t, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!h)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: shareableHandle is NULL", fn);
    if (!share_type_known(t))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown shareType %d", fn, (int)t);
    return ACL_SUCCESS;
}

aclError core_ipc_phys_export(aclrtDrvMemHandle handle, uint64_t flags, bool fabric, void *out,
                              const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!handle || !out)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        handle ? "shareableHandle" : "handle");
    if (flags & ~(uint64_t)ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown flags 0x%" PRIx64, fn, flags);
    struct core_ipc_obj *o = obj_new(IPC_PHYS, true);
    if (!o)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock); /* IP1: g_rt.lock, then ipc_lock */
    pthread_mutex_lock(&ipc_lock);
    int fd, dev;
    size_t size;
    int ie = core_vmm_phys_info_locked(handle, &fd, &size, &dev);
    if (ie == -ENOENT)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p is not a live physical handle (aclrtMallocPhysical)", fn, handle);
    else if (ie)
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot share the memory of %p: %s", fn,
                      handle, strerror(-ie));
    for (struct core_ipc_obj *x = g_objs; !rc && x; x = x->next)
        if (x->kind == IPC_PHYS && x->handle == (uint64_t)(uintptr_t)handle)
            rc = core_err(ACL_ERROR_INVALID_PARAM,
                          "%s: handle %p is %s already (one shareable handle per handle)", fn,
                          handle, x->exported ? "exported" : "an import");
    int e = 0;
    if (!rc &&
        !(e = desc_create(o, !(flags & ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION), dev))) {
        o->data_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
        if (o->data_fd < 0)
            e = -errno;
    }
    if (!rc && e)
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot create the export: %s", fn,
                      strerror(-e));
    if (!rc && o->desc_fd >= (1 << 20))
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: descriptor number too large", fn);
    if (!rc) {
        struct ipc_desc *d = o->desc;
        d->data_fd = o->data_fd;
        d->data_len = size;
        d->size = size;
        o->handle = (uint64_t)(uintptr_t)handle;
        o->share = share_pack(d->pid, o->desc_fd, d->token);
        if (fabric) {
            memset(out, 0, sizeof(aclrtMemFabricHandle));
            memcpy(out, o->key, strlen(o->key) + 1);
        } else {
            memcpy(out, &o->share, sizeof(uint64_t));
        }
        o->next = g_objs;
        g_objs = o;
    }
    pthread_mutex_unlock(&ipc_lock);
    pthread_mutex_unlock(&g_rt.lock);
    if (rc) {
        export_close(o);
        obj_free(o);
    }
    return rc;
}

aclError core_ipc_phys_export_v2(aclrtDrvMemHandle handle, uint64_t flags,
                                 aclrtMemSharedHandleType shareType, void *shareableHandle,
                                 const char *fn)
{
    if (!share_type_known(shareType))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown shareType %d", fn, (int)shareType);
    return core_ipc_phys_export(handle, flags, shareType == ACL_MEM_SHARE_HANDLE_TYPE_FABRIC,
                                shareableHandle, fn);
}

/* Decode a shareable handle of either form into pid, fd, token and the token mask. */
static aclError share_decode(const void *h, bool fabric, int *pid, int *fd, uint64_t *token,
                             uint64_t *mask, char *text, const char *fn)
{
    if (fabric) {
        const char *s = h;
        if (!memchr(s, 0, sizeof(aclrtMemFabricHandle)) || !parse_key(s, pid, fd, token))
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: not a fabric handle of cpuacl", fn);
        *mask = ~0ull;
        snprintf(text, CORE_IPC_KEY_LEN, "%s", s);
        return ACL_SUCCESS;
    }
    uint64_t v;
    memcpy(&v, h, sizeof(v));
    share_unpack(v, pid, fd, token);
    if (*pid <= 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: 0x%" PRIx64 " is not a shareable handle", fn,
                        v);
    *mask = (1ull << IPC_HANDLE_TOKEN_BITS) - 1;
    snprintf(text, CORE_IPC_KEY_LEN, "share:%" PRIx64, v);
    return ACL_SUCCESS;
}

aclError core_ipc_phys_import(const void *h, bool fabric, int32_t deviceId,
                              aclrtDrvMemHandle *handle, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", fn);
    if (deviceId < 0 || (uint32_t)deviceId >= g_rt.cfg.device_count)
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist", fn,
                        deviceId);
    int pid, fd;
    uint64_t token = 0, mask = 0; /* set by share_decode (initialised for the compiler) */
    char text[CORE_IPC_KEY_LEN];
    aclError rc = share_decode(h, fabric, &pid, &fd, &token, &mask, text, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&ipc_lock);
    for (struct core_ipc_obj *x = g_objs; x; x = x->next)
        if (!x->exported && x->kind == IPC_PHYS && !strcmp(x->key, text)) {
            pthread_mutex_unlock(&ipc_lock);
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: the shareable handle is imported already as %p (one handle "
                            "per shareable handle; aclrtFreePhysical it first)",
                            fn, (void *)(uintptr_t)x->handle);
        }
    pthread_mutex_unlock(&ipc_lock);
    struct ipc_desc *d = NULL;
    rc = desc_open(pid, fd, token, mask, IPC_PHYS, &d, fn);
    if (rc)
        return rc;
    int dfd = d->size ? open_remote_memfd(pid, d->data_fd, d->size) : -EINVAL;
    size_t size = d->size;
    munmap(d, 4096);
    if (dfd < 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the exported memory is gone", fn);
    struct core_ipc_obj *o = obj_new(IPC_PHYS, false);
    if (!o) {
        close(dfd);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory", fn);
    }
    aclrtDrvMemHandle out = NULL;
    rc = core_vmm_phys_adopt(dfd, size, deviceId, &out, fn); /* owns dfd from here */
    if (rc) {
        free(o);
        return rc;
    }
    obj_link_import(o, NULL, deviceId, out, text);
    *handle = out;
    return ACL_SUCCESS;
}

aclError core_ipc_phys_import_v2(void *shareableHandle, aclrtMemSharedHandleType shareType,
                                 uint64_t flags, aclrtDrvMemHandle *handle, const char *fn)
{
    aclError rc = share_v2_args(shareableHandle, shareType, fn);
    if (rc)
        return rc;
    if (flags)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flags is reserved and must be 0", fn);
    aclError crc = ACL_SUCCESS;
    struct core_ctx *c = core_ctx_need(fn, &crc);
    if (!c)
        return crc;
    return core_ipc_phys_import(shareableHandle, shareType == ACL_MEM_SHARE_HANDLE_TYPE_FABRIC,
                                c->dev->id, handle, fn);
}

aclError core_ipc_phys_set_pids(const void *h, bool fabric, int32_t *pid, size_t num,
                                const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    int p = 0, fd = -1;
    uint64_t token = 0, mask = 0;
    char text[CORE_IPC_KEY_LEN];
    aclError rc = share_decode(h, fabric, &p, &fd, &token, &mask, text, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&ipc_lock);
    struct core_ipc_obj *o = NULL;
    for (struct core_ipc_obj *x = g_objs; x; x = x->next)
        if (x->exported && x->kind == IPC_PHYS && x->desc_fd == fd &&
            (x->desc->token & mask) == token && p == (int)getpid())
            o = x;
    rc = o ? set_pids(o->desc, pid, num, fn)
           : core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: not a live shareable handle exported by this process", fn);
    pthread_mutex_unlock(&ipc_lock);
    return rc;
}

aclError core_ipc_phys_set_pids_v2(void *shareableHandle, aclrtMemSharedHandleType shareType,
                                   int32_t *pid, size_t pidNum, const char *fn)
{
    aclError rc = share_v2_args(shareableHandle, shareType, fn);
    if (rc)
        return rc;
    return core_ipc_phys_set_pids(shareableHandle, shareType == ACL_MEM_SHARE_HANDLE_TYPE_FABRIC,
                                  pid, pidNum, fn);
}

static bool phys_with_handle(const struct core_ipc_obj *o, const void *handle)
{
    return o->kind == IPC_PHYS && o->handle == *(const uint64_t *)handle;
}

void core_ipc_phys_freed_locked(uint64_t handle)
{
    pthread_mutex_lock(&ipc_lock);
    struct core_ipc_obj *dead = objs_unlink_locked(phys_with_handle, &handle);
    pthread_mutex_unlock(&ipc_lock);
    objs_free(dead);
}

static bool mem_on_dev(const struct core_ipc_obj *o, const void *dev)
{
    return o->kind == IPC_MEM && o->dev == *(const int *)dev;
}

void core_ipc_device_fini_locked(int dev)
{
    pthread_mutex_lock(&ipc_lock);
    struct core_ipc_obj *dead = objs_unlink_locked(mem_on_dev, &dev);
    for (struct ipc_conv *c = g_convs, *n; c; c = n) {
        n = c->next;
        if (c->dev == dev)
            conv_drop(c);
    }
    pthread_mutex_unlock(&ipc_lock);
    objs_free(dead);
}

/* ---- IPC notifies ----------------------------------------------------------------- */

_Atomic uint64_t *core_ipc_words(struct core_ipc_obj *o)
{
    return o->desc->words;
}

void core_ipc_unexport(struct core_ipc_obj *o)
{
    pthread_mutex_lock(&ipc_lock);
    if (o->exported)
        export_close(o); /* IP4: CLOSED first; the object lives until its owner is freed */
    pthread_mutex_unlock(&ipc_lock);
}

void core_ipc_notify_drop(struct core_ipc_obj *o)
{
    pthread_mutex_lock(&ipc_lock);
    obj_unlink(o);
    if (o->exported)
        export_close(o);
    pthread_mutex_unlock(&ipc_lock);
    obj_free(o);
}

aclError core_ipc_notify_export(aclrtNotify notify, char *key, uint64_t flags, const char *fn)
{
    if (flags & ~(uint64_t)ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown flags 0x%" PRIx64, fn, flags);
    struct core_notify *n = core_notify_get(notify);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live notify", fn, notify);
    aclError rc = ACL_SUCCESS;
    /* acquire: pairs with the release store below (another export of the same notify) */
    struct core_ipc_obj *cur = atomic_load_explicit(&n->ipc, memory_order_acquire);
    if (cur) {
        rc = cur->exported ? ACL_SUCCESS
                           : core_err(ACL_ERROR_INVALID_PARAM,
                                      "%s: %p is an imported notify; only its creator exports it",
                                      fn, notify);
        if (!rc)
            memcpy(key, cur->key, strlen(cur->key) + 1);
        core_notify_put(n);
        return rc;
    }
    struct core_ipc_obj *o = obj_new(IPC_NOTIFY, true);
    int e = o ? desc_create(o, !(flags & ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION), n->dev)
              : -ENOMEM;
    if (e) {
        if (o)
            obj_free(o);
        core_notify_put(n);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot create the export: %s", fn,
                        strerror(-e));
    }
    o->handle = (uint64_t)(uintptr_t)notify;
    /* The flag's state moves to shared memory: records run so far, and those taken. */
    atomic_store_explicit(&o->desc->words[0], sched_cond_value(&n->cond), memory_order_relaxed);
    atomic_store_explicit(&o->desc->words[1],
                          atomic_load_explicit(&n->consumed, memory_order_relaxed),
                          memory_order_relaxed);
    struct core_ipc_obj *expected = NULL;
    /* release: the descriptor's words before tasks that load n->ipc (acquire) use them */
    if (!atomic_compare_exchange_strong_explicit(&n->ipc, &expected, o, memory_order_release,
                                                 memory_order_acquire)) {
        export_close(o); /* a concurrent export won: use its key */
        obj_free(o);
        memcpy(key, expected->key, strlen(expected->key) + 1);
        core_notify_put(n);
        return ACL_SUCCESS;
    }
    pthread_mutex_lock(&ipc_lock);
    o->next = g_objs;
    g_objs = o;
    pthread_mutex_unlock(&ipc_lock);
    memcpy(key, o->key, strlen(o->key) + 1);
    core_notify_put(n);
    return ACL_SUCCESS;
}

aclError core_ipc_notify_set_pid(aclrtNotify notify, int32_t *pid, size_t num, const char *fn)
{
    struct core_notify *n = core_notify_get(notify);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live notify", fn, notify);
    struct core_ipc_obj *o = atomic_load_explicit(&n->ipc, memory_order_acquire); /* see export */
    aclError rc;
    pthread_mutex_lock(&ipc_lock);
    if (!o || !o->exported)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p has no export key (aclrtNotifyGetExportKey first)", fn, notify);
    else
        rc = set_pids(o->desc, pid, num, fn);
    pthread_mutex_unlock(&ipc_lock);
    core_notify_put(n);
    return rc;
}

aclError core_ipc_notify_import(aclrtNotify *notify, const char *key, uint64_t flags,
                                const char *fn)
{
    struct ipc_key_parts k = {0, -1, 0};
    aclError rc = import_args(notify, "notify", key, flags,
                              ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS, &k, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&ipc_lock);
    rc = check_fresh_import(key, IPC_NOTIFY, fn);
    pthread_mutex_unlock(&ipc_lock);
    if (rc)
        return rc;
    struct ipc_desc *d = NULL;
    rc = desc_open(k.pid, k.fd, k.token, ~0ull, IPC_NOTIFY, &d, fn);
    if (rc)
        return rc;
    aclrtNotify h = NULL;
    rc = core_notify_create(&h, ACL_NOTIFY_DEFAULT, fn);
    struct core_ipc_obj *o = rc ? NULL : obj_new(IPC_NOTIFY, false);
    struct core_notify *n = o ? core_notify_get(h) : NULL;
    if (!n) {
        if (h)
            core_notify_destroy(h, fn);
        return import_undo(rc, o, d, fn);
    }
    obj_link_import(o, d, n->dev, h, key);
    /* release: the descriptor mapping before tasks that load n->ipc (acquire) use it */
    atomic_store_explicit(&n->ipc, o, memory_order_release);
    core_notify_put(n);
    *notify = h;
    return ACL_SUCCESS;
}

/* ---- IPC events --------------------------------------------------------------------- */

_Static_assert(CORE_IPC_KEY_LEN - 1 <= ACL_IPC_EVENT_HANDLE_SIZE, "a key fits an event handle");

aclError core_ipc_event_export(aclrtEvent event, aclrtIpcEventHandle *handle, const char *fn)
{
    struct core_event *ev = core_event_get(event);
    if (!ev)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live event", fn, event);
    aclError rc = ACL_SUCCESS;
    /* acquire: pairs with the release CAS below (another export of the same event) */
    struct core_ipc_obj *cur = atomic_load_explicit(&ev->ipc, memory_order_acquire);
    if (ev->api != CORE_EV_EX || !(ev->flags & ACL_EVENT_IPC)) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: only events from aclrtCreateEventExWithFlag with ACL_EVENT_IPC can be "
                      "shared",
                      fn);
    } else if (cur) {
        if (cur->exported) {
            memset(handle, 0, sizeof(*handle));
            memcpy(handle->reserved, cur->key, strlen(cur->key) + 1);
        } else {
            rc = core_err(ACL_ERROR_INVALID_PARAM,
                          "%s: %p was opened from another process's handle; only its creator "
                          "shares it",
                          fn, event);
        }
    } else {
        struct core_ipc_obj *o = obj_new(IPC_EVENT, true);
        int e = o ? desc_create(o, false, ev->ctx->dev->id) : -ENOMEM;
        if (e) {
            if (o)
                obj_free(o);
            rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot create the export: %s", fn,
                          strerror(-e));
        } else {
            /* V5 of event.c: a record made before the export counts as sequence 1. acquire:
             * pairs with the release CAS of a record submission. */
            bool recorded = atomic_load_explicit(&ev->desc, memory_order_acquire) >> 24 != 0;
            aclrtEventRecordedStatus st = ACL_EVENT_RECORDED_STATUS_NOT_READY;
            if (recorded && core_event_query_status(event, &st, fn) != ACL_SUCCESS)
                st = ACL_EVENT_RECORDED_STATUS_NOT_READY;
            /* relaxed: published by the release CAS of ev->ipc below */
            atomic_store_explicit(&o->desc->words[0], recorded, memory_order_relaxed);
            atomic_store_explicit(&o->desc->words[1], st == ACL_EVENT_RECORDED_STATUS_COMPLETE,
                                  memory_order_relaxed);
            o->handle = (uint64_t)(uintptr_t)event;
            struct core_ipc_obj *expected = NULL;
            /* release: the words before the tasks that load ev->ipc (acquire) use them */
            if (!atomic_compare_exchange_strong_explicit(
                    &ev->ipc, &expected, o, memory_order_release, memory_order_acquire)) {
                export_close(o); /* a concurrent export won: use its key */
                obj_free(o);
                o = expected;
            } else {
                pthread_mutex_lock(&ipc_lock);
                o->next = g_objs;
                g_objs = o;
                pthread_mutex_unlock(&ipc_lock);
            }
            memset(handle, 0, sizeof(*handle));
            memcpy(handle->reserved, o->key, strlen(o->key) + 1);
        }
    }
    core_event_put(ev);
    return rc;
}

aclError core_ipc_event_open(aclrtIpcEventHandle handle, aclrtEvent *event, const char *fn)
{
    char key[CORE_IPC_KEY_LEN];
    memcpy(key, handle.reserved, sizeof(handle.reserved));
    key[sizeof(handle.reserved) < sizeof(key) ? sizeof(handle.reserved) : sizeof(key) - 1] = 0;
    int pid, fd;
    uint64_t token;
    if (!parse_key(key, &pid, &fd, &token))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: not an IPC event handle", fn);
    struct ipc_desc *d = NULL;
    aclError rc = desc_open(pid, fd, token, ~0ull, IPC_EVENT, &d, fn);
    if (rc)
        return rc;
    aclrtEvent h = NULL;
    rc = core_event_create(&h, ACL_EVENT_IPC | ACL_EVENT_SYNC, CORE_EV_EX, fn);
    struct core_ipc_obj *o = rc ? NULL : obj_new(IPC_EVENT, false);
    struct core_event *ev = o ? core_event_get(h) : NULL;
    if (!ev) {
        if (h)
            core_event_destroy(h, fn);
        return import_undo(rc, o, d, fn);
    }
    obj_link_import(o, d, ev->ctx->dev->id, h, key);
    /* release: the descriptor mapping before tasks that load ev->ipc (acquire) use it */
    atomic_store_explicit(&ev->ipc, o, memory_order_release);
    core_event_put(ev);
    *event = h;
    return ACL_SUCCESS;
}

/* ---- cross-server extras (issue 15, rt7; docs/ipc.md) ----------------------------- */

aclError core_ipc_mem_set_attr(const char *key, uint64_t attr, const char *fn)
{
    if (attr > ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_MULTI_PORT_PATH)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: attr %" PRIu64 " is not in [0, 4)", fn,
                        attr);
    struct core_ipc_obj *o;
    aclError rc = mem_key_lock(key, true, &o, fn);
    if (rc)
        return rc;
    if (!o) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: \"%s\" is not a live key exported by this "
                      "process",
                      fn, key);
    } else {
        o->link = (uint32_t)attr;
        o->link_set = true;
    }
    pthread_mutex_unlock(&ipc_lock);
    return rc;
}

/* The checks of a server pid list: every entry names pids (exactly one when one_pid). */
static aclError server_pids_check(const aclrtServerPid *sp, size_t num, bool one_pid,
                                  const char *fn)
{
    if (!sp)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: serverPids is NULL", fn);
    if (!num)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: num must not be 0", fn);
    for (size_t i = 0; i < num; i++) {
        if (!sp[i].pid)
            return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: serverPids[%zu].pid is NULL", fn, i);
        if (one_pid && sp[i].num != 1)
            return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: serverPids[%zu].num is %zu, must be 1",
                            fn, i, sp[i].num);
    }
    return ACL_SUCCESS;
}

/* One machine: every server id names this host (the only place a pid can run), so the pids
 * of every entry join the white list whatever its sdid. */
aclError core_ipc_mem_set_pid_inter_server(const char *key, aclrtServerPid *serverPids, size_t num,
                                           const char *fn)
{
    aclError rc = server_pids_check(serverPids, num, false, fn);
    if (rc)
        return rc;
    struct core_ipc_obj *o;
    if ((rc = mem_key_lock(key, true, &o, fn)))
        return rc;
    if (!o)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: \"%s\" is not a live key exported by this "
                      "process",
                      fn, key);
    for (size_t i = 0; i < num && rc == ACL_SUCCESS; i++)
        rc = set_pids(o->desc, serverPids[i].pid, serverPids[i].num, fn);
    pthread_mutex_unlock(&ipc_lock);
    return rc;
}

aclError core_ipc_notify_set_pid_inter_server(aclrtNotify notify, aclrtServerPid *serverPids,
                                              size_t num, const char *fn)
{
    aclError rc = server_pids_check(serverPids, num, true, fn);
    if (rc)
        return rc;
    struct core_notify *n = core_notify_get(notify);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live notify", fn, notify);
    struct core_ipc_obj *o = atomic_load_explicit(&n->ipc, memory_order_acquire); /* see export */
    pthread_mutex_lock(&ipc_lock);
    if (!o || !o->exported)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p has no export key (aclrtNotifyGetExportKey first)", fn, notify);
    for (size_t i = 0; i < num && rc == ACL_SUCCESS; i++)
        rc = set_pids(o->desc, serverPids[i].pid, 1, fn);
    pthread_mutex_unlock(&ipc_lock);
    core_notify_put(n);
    return rc;
}
