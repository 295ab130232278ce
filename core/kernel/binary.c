/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Kernel binaries on CPU (acl/acl_rt_kernel.h): a binary is a host shared
 * object loaded with dlopen; a function handle is one of its exported
 * functions (dlsym of the kernel name), called with the cpuaclKernelFunc
 * contract once per block on the stream's worker.
 *
 * The entry points are core/api/kernel.c (core/kernel/kernel.h).
 *
 * Handles: binaries and functions are pointers, validated against the live
 * lists (g_bins, g_funcs, under g_bin_lock) before any use, so an unloaded
 * binary or its functions are rejected (ACL_ERROR_RT_INVALID_HANDLE) and never
 * dereferenced. A binary holds one reference for being loaded plus one per
 * queued launch (refs, atomic): unload drops the first, and the shared object
 * is closed and the memory freed by whoever drops the last, so a launch
 * queued before the unload still runs its code.
 *
 * Argument lists: an args handle holds the argument bytes (grown by appends,
 * or the user's memory for aclrtKernelArgsInitByUserMem) and a table of the
 * parameters; a placeholder parameter is a pointer slot filled at launch
 * with the address of a copy of its buffer. Handles the runtime allocates
 * and every placeholder buffer belong to the binary and are freed with it.
 */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/kernel/ascendc.h"
#include "core/kernel/function.h"
#include "core/kernel/kernel.h"
#include "core/launch.h"
#include "core/memory/copies.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/task.h"

#define BIN_MAGIC 0x62696e48u  /* "binH" */
#define FUNC_MAGIC 0x66756e48u /* "funH" */
#define ARGS_MAGIC 0x61726748u /* "argH" */
#define ARGS_MAX_PARAMS 128
#define ARGS_ALIGN 8

struct core_func;

struct core_bin {
    uint32_t magic;
    _Atomic uint32_t refs; /* A: 1 while loaded + queued launches */
    void *dl;              /* I */
    struct core_bin *next; /* g_bins, g_bin_lock */
    void **allocs;         /* owned blocks (placeholders, functions), g_bin_lock */
    struct core_args *args; /* args handles the runtime allocated, g_bin_lock */
    size_t nallocs, capallocs;
    aclrtOpExceptionCallback exc_cb; /* aclrtBinarySetExceptionCallback, g_bin_lock */
    void *exc_ud;                    /* g_bin_lock */
};

struct core_func {
    uint32_t magic;
    struct core_bin *bin; /* I */
    cpuaclKernelFunc fn;  /* I */
    const cpuaclKernelDesc *desc; /* I: <symbol>_cpuacl_desc, NULL if not exported */
    bool aicpu;                   /* I: made by aclrtRegisterCpuFunc */
    struct core_func *next; /* g_funcs, g_bin_lock */
    char name[];
};

struct args_param {
    uint32_t off, size;
    bool ph;
    void *ph_buf; /* placeholder buffer (owned by the binary) */
    size_t ph_size;
};

struct core_args {
    uint32_t magic;
    struct core_func *func;
    unsigned char *buf; /* argument bytes */
    size_t len, cap;
    bool user_mem, finalized;
    struct core_args *next_owned; /* the binary's list (runtime-allocated handles) */
    uint32_t nparams;
    struct args_param p[ARGS_MAX_PARAMS];
};

struct aclrtBinaryData { /* aclrtCreateBinary */
    size_t len;
    unsigned char bytes[];
};

static pthread_mutex_t g_bin_lock = PTHREAD_MUTEX_INITIALIZER;
static struct core_bin *g_bins;
static struct core_func *g_funcs;

/* ---- lookup and lifetime ------------------------------------------------------- */

static bool bin_live_locked(const struct core_bin *b)
{
    for (struct core_bin *x = g_bins; x; x = x->next)
        if (x == b)
            return true;
    return false;
}

static bool func_live_locked(const struct core_func *f)
{
    for (struct core_func *x = g_funcs; x; x = x->next)
        if (x == f)
            return true;
    return false;
}

static void bin_free(struct core_bin *b)
{
    pthread_mutex_lock(&g_bin_lock);
    for (struct core_func **pp = &g_funcs; *pp;) {
        if ((*pp)->bin == b) {
            struct core_func *f = *pp;
            *pp = f->next;
            f->magic = 0;
            free(f);
        } else {
            pp = &(*pp)->next;
        }
    }
    pthread_mutex_unlock(&g_bin_lock);
    for (size_t i = 0; i < b->nallocs; i++)
        free(b->allocs[i]);
    while (b->args) {
        struct core_args *a = b->args;
        b->args = a->next_owned;
        a->magic = 0;
        free(a->buf);
        free(a);
    }
    free(b->allocs);
    dlclose(b->dl);
    b->magic = 0;
    free(b);
}

static void bin_unref(struct core_bin *b)
{
    /* acq_rel: the last one to drop sees every launch's use before closing. */
    if (atomic_fetch_sub_explicit(&b->refs, 1, memory_order_acq_rel) == 1)
        bin_free(b);
}

/* Record a block the binary frees at the end. g_bin_lock held. */
static int bin_own_locked(struct core_bin *b, void *p)
{
    if (b->nallocs == b->capallocs) {
        size_t nc = b->capallocs ? 2 * b->capallocs : 8;
        void **na = core_realloc(b->allocs, nc * sizeof(void *));
        if (!na)
            return -ENOMEM;
        b->allocs = na;
        b->capallocs = nc;
    }
    b->allocs[b->nallocs++] = p;
    return 0;
}

/* ---- loading ------------------------------------------------------------------- */

static aclError check_options(const aclrtBinaryLoadOptions *o, int *flags, const char *fn)
{
    *flags = RTLD_NOW | RTLD_LOCAL;
    if (!o)
        return ACL_SUCCESS;
    if (o->numOpt && !o->options)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: options->options is NULL with numOpt %zu",
                        fn, o->numOpt);
    for (size_t i = 0; i < o->numOpt; i++) {
        switch (o->options[i].type) {
        case ACL_RT_BINARY_LOAD_OPT_LAZY_LOAD:
            if (o->options[i].value.isLazyLoad)
                *flags = RTLD_LAZY | RTLD_LOCAL;
            break;
        case ACL_RT_BINARY_LOAD_OPT_MAGIC:          /* any core type: all run on the CPU */
        case ACL_RT_BINARY_LOAD_OPT_CPU_KERNEL_MODE: /* the contract is the same */
            break;
        default:
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: option type %d is invalid", fn,
                            (int)o->options[i].type);
        }
    }
    return ACL_SUCCESS;
}

static aclError load_path(const char *path, int flags, aclrtBinHandle *out, const char *fn)
{
    void *dl = dlopen(path, flags);
    if (!dl) {
        const char *e = dlerror();
        return core_err(ACL_ERROR_INVALID_FILE, "%s: cannot load '%s' as a CPU kernel binary "
                                                "(a host shared object): %s", fn, path,
                        e ? e : "?");
    }
    struct core_bin *b = core_calloc(1, sizeof(*b));
    if (!b) {
        dlclose(dl);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    b->magic = BIN_MAGIC;
    b->dl = dl;
    atomic_init(&b->refs, 1);
    pthread_mutex_lock(&g_bin_lock);
    b->next = g_bins;
    g_bins = b;
    pthread_mutex_unlock(&g_bin_lock);
    *out = b;
    return ACL_SUCCESS;
}

aclError core_bin_load_file(const char *binPath, const aclrtBinaryLoadOptions *options,
                            aclrtBinHandle *binHandle, const char *fn)
{
    int flags;
    aclError rc = check_options(options, &flags, fn);
    if (rc)
        return rc;
    if (access(binPath, R_OK) != 0)
        return core_err(ACL_ERROR_INVALID_FILE, "%s: cannot read '%s': %s", fn, binPath,
                        strerror(errno));
    /* dlopen searches the library path for a bare name: make it a path. */
    char buf[4096];
    if (!strchr(binPath, '/')) {
        snprintf(buf, sizeof(buf), "./%s", binPath);
        binPath = buf;
    }
    return load_path(binPath, flags, binHandle, fn);
}

aclError core_bin_load_data(const void *data, size_t length, const aclrtBinaryLoadOptions *options,
                            aclrtBinHandle *binHandle, const char *fn)
{
    int flags;
    aclError rc = check_options(options, &flags, fn);
    if (rc)
        return rc;
    if (length < 4 || memcmp(data, "\x7f" "ELF", 4) != 0)
        return core_err(ACL_ERROR_INVALID_FILE,
                        "%s: the data is not an ELF shared object (a CPU kernel binary)", fn);
    /* The loader needs a file. A uniquely named temporary file (unlinked once
     * loaded): the loader identifies objects by name, so a reused name (such
     * as /proc/self/fd/N of a closed memfd) would return an older binary. */
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof(path), "%s/cpuacl-kbin-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return core_err(ACL_ERROR_FAILURE, "%s: cannot create '%s': %s", fn, path,
                        strerror(errno));
    const unsigned char *p = data;
    size_t left = length;
    while (left) {
        ssize_t w = write(fd, p, left);
        if (w <= 0) {
            close(fd);
            unlink(path);
            return core_err(ACL_ERROR_FAILURE, "%s: write: %s", fn, strerror(errno));
        }
        p += w;
        left -= (size_t)w;
    }
    close(fd);
    rc = load_path(path, flags, binHandle, fn);
    unlink(path); /* the mapping keeps the contents */
    return rc;
}

aclrtBinary core_bin_create(const void *data, size_t dataLen, const char *fn)
{
    struct aclrtBinaryData *b = core_malloc(sizeof(*b) + dataLen);
    if (!b) {
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    b->len = dataLen;
    memcpy(b->bytes, data, dataLen);
    return b;
}

void core_bin_destroy(aclrtBinary binary)
{
    free(binary);
}

void core_bin_bytes(const aclrtBinary binary, const void **data, size_t *length)
{
    const struct aclrtBinaryData *b = binary;
    *data = b->bytes;
    *length = b->len;
}

aclError core_bin_unload(aclrtBinHandle binHandle, const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    struct core_bin **pp = &g_bins;
    while (*pp && *pp != binHandle)
        pp = &(*pp)->next;
    struct core_bin *b = *pp;
    if (b)
        *pp = b->next;
    /* Its functions stop being valid handles now (queued launches keep b). */
    for (struct core_func **fp = &g_funcs; b && *fp;)
        if ((*fp)->bin == b) {
            struct core_func *f = *fp;
            *fp = f->next;
            f->next = NULL;
            if (bin_own_locked(b, f)) { /* freed with b; on failure free now */
                f->magic = 0;
                free(f);
            }
        } else {
            fp = &(*fp)->next;
        }
    pthread_mutex_unlock(&g_bin_lock);
    if (!b)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: not a loaded binary (unloaded already?)",
                        fn);
    bin_unref(b);
    return ACL_SUCCESS;
}

static aclError func_make_locked(struct core_bin *b, const char *sym, const char *name, bool aicpu,
                                 aclrtFuncHandle *out, const char *fn);

aclError core_bin_get_function(const aclrtBinHandle binHandle, const char *kernelName,
                               aclrtFuncHandle *funcHandle, const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    struct core_bin *b = binHandle;
    aclError rc = ACL_SUCCESS;
    if (!bin_live_locked(b)) {
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: not a loaded binary (unloaded?)", fn);
        goto out;
    }
    for (struct core_func *f = g_funcs; f; f = f->next)
        if (f->bin == b && !f->aicpu && strcmp(f->name, kernelName) == 0) {
            *funcHandle = f;
            goto out;
        }
    rc = func_make_locked(b, kernelName, kernelName, false, funcHandle, fn);
out:
    pthread_mutex_unlock(&g_bin_lock);
    return rc;
}

/* A new function handle of live binary b: the kernel exported as sym, named name. */
static aclError func_make_locked(struct core_bin *b, const char *sym, const char *name, bool aicpu,
                                 aclrtFuncHandle *out, const char *fn)
{
    dlerror();
    void *entry = dlsym(b->dl, sym);
    if (!entry)
        return core_err(ACL_ERROR_RT_KERNEL_LOOKUP, "%s: the binary exports no kernel '%s'", fn,
                        sym);
    char dname[512];
    snprintf(dname, sizeof(dname), "%s%s", sym, CPUACL_KERNEL_DESC_SUFFIX);
    const cpuaclKernelDesc *desc = dlsym(b->dl, dname);
    size_t n = strlen(name);
    struct core_func *f = core_malloc(sizeof(*f) + n + 1);
    if (!f)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    f->magic = FUNC_MAGIC;
    f->bin = b;
    f->fn = (cpuaclKernelFunc)entry;
    f->desc = desc;
    f->aicpu = aicpu;
    memcpy(f->name, name, n + 1);
    f->next = g_funcs;
    g_funcs = f;
    *out = f;
    return ACL_SUCCESS;
}

aclError core_bin_register_cpu_func(aclrtBinHandle binHandle, const char *sym, const char *name,
                                    aclrtFuncHandle *out, const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    struct core_bin *b = binHandle;
    aclError rc = ACL_SUCCESS;
    if (!bin_live_locked(b)) {
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: not a loaded binary (unloaded?)", fn);
    } else {
        struct core_func *hit = NULL;
        for (struct core_func *f = g_funcs; f && !hit; f = f->next)
            if (f->bin == b && f->aicpu && strcmp(f->name, name) == 0)
                hit = f;
        if (hit && (void *)hit->fn != dlsym(b->dl, sym))
            rc = core_err(ACL_ERROR_INVALID_PARAM,
                          "%s: '%s' is registered already with another entry function", fn, name);
        else if (hit)
            *out = hit;
        else
            rc = func_make_locked(b, sym, name, true, out, fn);
    }
    pthread_mutex_unlock(&g_bin_lock);
    return rc;
}

aclError core_bin_set_exception_cb(aclrtBinHandle binHandle, aclrtOpExceptionCallback cb, void *ud,
                                   const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    struct core_bin *b = binHandle;
    bool ok = bin_live_locked(b);
    if (ok) {
        b->exc_cb = cb;
        b->exc_ud = ud;
    }
    pthread_mutex_unlock(&g_bin_lock);
    return ok ? ACL_SUCCESS
              : core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: not a loaded binary (unloaded?)", fn);
}

void core_bin_exception_fire(void *bin, aclrtExceptionInfo *info)
{
    /* bin is alive: the failing launch holds a reference until after this hook. */
    struct core_bin *b = bin;
    pthread_mutex_lock(&g_bin_lock);
    aclrtOpExceptionCallback cb = b->exc_cb;
    void *ud = b->exc_ud;
    pthread_mutex_unlock(&g_bin_lock);
    if (cb)
        cb(info, ud);
}

aclError core_bin_func_info(const void *func, struct core_func_info *out, const char *fn)
{
    if (!func)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: func is NULL", fn);
    pthread_mutex_lock(&g_bin_lock);
    const struct core_func *f = func;
    bool ok = func_live_locked(f);
    if (ok)
        *out = (struct core_func_info){(void *)f, f->bin, f->desc, f->aicpu};
    pthread_mutex_unlock(&g_bin_lock);
    if (ok)
        return ACL_SUCCESS;
    /* A kernel's entry address (the __global__ symbol form of the reference). */
    aclrtFuncHandle h;
    if (core_initialised() && core_bin_func_by_symbol(func, &h, fn) == ACL_SUCCESS && h != func)
        return core_bin_func_info(h, out, fn);
    return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                    "%s: %p is neither a function of a loaded binary nor a kernel's entry", fn,
                    func);
}

aclError core_bin_get_global(aclrtBinHandle binHandle, const char *name, void **dptr, size_t *size,
                             const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    struct core_bin *b = binHandle;
    aclError rc = ACL_SUCCESS;
    if (!bin_live_locked(b)) {
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: not a loaded binary", fn);
    } else {
        dlerror();
        void *sym = dlsym(b->dl, name);
        Dl_info info;
        const ElfW(Sym) *es = NULL;
        if (!sym || !dladdr1(sym, &info, (void **)&es, RTLD_DL_SYMENT) || !es) {
            rc = core_err(ACL_ERROR_RT_SYMBOL_NOT_FOUND, "%s: the binary exports no global '%s'",
                          fn, name);
        } else {
            *dptr = sym;
            *size = es->st_size;
        }
    }
    pthread_mutex_unlock(&g_bin_lock);
    return rc;
}

/* Validate f; with g_bin_lock NOT held. Returns f or NULL (message recorded). */
static struct core_func *func_get(aclrtFuncHandle h, const char *fn)
{
    if (!h) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: funcHandle is NULL", fn);
        return NULL;
    }
    pthread_mutex_lock(&g_bin_lock);
    bool ok = func_live_locked(h);
    pthread_mutex_unlock(&g_bin_lock);
    if (!ok)
        core_err(ACL_ERROR_RT_INVALID_HANDLE,
                 "%s: not a function of a loaded binary (its binary was unloaded?)", fn);
    return ok ? h : NULL;
}

aclError core_func_name(aclrtFuncHandle funcHandle, uint32_t maxLen, char *name, const char *fn)
{
    struct core_func *f = func_get(funcHandle, fn);
    if (!f)
        return funcHandle ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_INVALID_PARAM;
    size_t n = strlen(f->name);
    if (maxLen < n + 1)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: maxLen %u is smaller than the name (%zu bytes)", fn, maxLen, n + 1);
    memcpy(name, f->name, n + 1);
    return ACL_SUCCESS;
}

aclError core_func_binary(const aclrtFuncHandle funcHandle, aclrtBinHandle *binHandle,
                          const char *fn)
{
    struct core_func *f = func_get(funcHandle, fn);
    if (!f)
        return funcHandle ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_INVALID_PARAM;
    *binHandle = f->bin;
    return ACL_SUCCESS;
}

/* ---- argument lists ------------------------------------------------------------ */

static size_t align_up(size_t n)
{
    return (n + ARGS_ALIGN - 1) & ~(size_t)(ARGS_ALIGN - 1);
}

aclError core_args_handle_mem_size(aclrtFuncHandle funcHandle, size_t *memSize, const char *fn)
{
    if (!func_get(funcHandle, fn))
        return funcHandle ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_INVALID_PARAM;
    *memSize = sizeof(struct core_args);
    return ACL_SUCCESS;
}

aclError core_args_mem_size(aclrtFuncHandle funcHandle, size_t userArgsSize, size_t *actualArgsSize,
                            const char *fn)
{
    if (!func_get(funcHandle, fn))
        return funcHandle ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_INVALID_PARAM;
    /* Every parameter starts 8-byte aligned: room for the padding of each. */
    *actualArgsSize = align_up(userArgsSize) + ARGS_MAX_PARAMS * ARGS_ALIGN;
    return ACL_SUCCESS;
}

static void args_init(struct core_args *a, struct core_func *f)
{
    memset(a, 0, sizeof(*a));
    a->magic = ARGS_MAGIC;
    a->func = f;
}

aclError core_args_init(aclrtFuncHandle funcHandle, aclrtArgsHandle *argsHandle, const char *fn)
{
    struct core_func *f = func_get(funcHandle, fn);
    if (!f)
        return funcHandle ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_INVALID_PARAM;
    struct core_args *a = core_malloc(sizeof(*a));
    if (!a)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    args_init(a, f);
    pthread_mutex_lock(&g_bin_lock);
    int r = func_live_locked(f) ? 0 : -ESTALE;
    if (!r) {
        a->next_owned = f->bin->args;
        f->bin->args = a;
    }
    pthread_mutex_unlock(&g_bin_lock);
    if (r) {
        free(a);
        return core_err(r == -ESTALE ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_BAD_ALLOC, "%s: %s",
                        fn, r == -ESTALE ? "binary unloaded" : "no memory");
    }
    *argsHandle = a;
    return ACL_SUCCESS;
}

aclError core_args_init_user(aclrtFuncHandle funcHandle, aclrtArgsHandle argsHandle,
                             void *userHostMem, size_t actualArgsSize, const char *fn)
{
    struct core_func *f = func_get(funcHandle, fn);
    if (!f)
        return funcHandle ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_INVALID_PARAM;
    struct core_args *a = argsHandle;
    args_init(a, f);
    a->buf = userHostMem;
    a->cap = actualArgsSize;
    a->user_mem = true;
    return ACL_SUCCESS;
}

static struct core_args *args_of(aclrtArgsHandle h, const char *fn)
{
    struct core_args *a = h;
    if (!a || a->magic != ARGS_MAGIC) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: argsHandle is NULL or not initialised", fn);
        return NULL;
    }
    return a;
}

aclError core_args_check(aclrtArgsHandle argsHandle, const char *fn)
{
    return args_of(argsHandle, fn) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

aclError core_args_append(aclrtArgsHandle argsHandle, const void *param, size_t size, bool ph,
                          aclrtParamHandle *ph_out, const char *fn)
{
    struct core_args *a = argsHandle;
    if (a->finalized)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the argument list was finalized", fn);
    if (a->nparams == ARGS_MAX_PARAMS)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: at most %d parameters", fn,
                        ARGS_MAX_PARAMS);
    size_t off = align_up(a->len), end = off + size;
    if (end > a->cap) {
        if (a->user_mem)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: the user memory (%zu bytes) cannot hold %zu bytes of arguments "
                            "(size it with aclrtKernelArgsGetMemSize)", fn, a->cap, end);
        size_t nc = a->cap ? a->cap : 64;
        while (nc < end)
            nc *= 2;
        unsigned char *nb = core_realloc(a->buf, nc);
        if (!nb)
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        a->buf = nb;
        a->cap = nc;
    }
    memset(a->buf + a->len, 0, off - a->len);
    if (param)
        memcpy(a->buf + off, param, size);
    else
        memset(a->buf + off, 0, size);
    a->len = end;
    a->p[a->nparams] = (struct args_param){(uint32_t)off, (uint32_t)size, ph, NULL, 0};
    *ph_out = (aclrtParamHandle)(uintptr_t)(a->nparams + 1);
    a->nparams++;
    return ACL_SUCCESS;
}

static struct args_param *param_of(struct core_args *a, aclrtParamHandle h, const char *fn)
{
    uintptr_t i = (uintptr_t)h;
    if (i == 0 || i > a->nparams) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: paramHandle is not a parameter of this list", fn);
        return NULL;
    }
    return &a->p[i - 1];
}

aclError core_args_ph_buffer(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle,
                             size_t dataSize, void **bufferAddr, const char *fn)
{
    struct core_args *a = argsHandle;
    struct args_param *p = param_of(a, paramHandle, fn);
    if (!p)
        return ACL_ERROR_INVALID_PARAM;
    if (!p->ph)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the parameter is not a placeholder", fn);
    if (p->ph_buf && p->ph_size >= dataSize) {
        *bufferAddr = p->ph_buf;
        return ACL_SUCCESS;
    }
    void *buf = core_calloc(1, dataSize);
    if (!buf)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    pthread_mutex_lock(&g_bin_lock);
    int r = func_live_locked(a->func) ? bin_own_locked(a->func->bin, buf) : -ESTALE;
    pthread_mutex_unlock(&g_bin_lock);
    if (r) {
        free(buf);
        return core_err(r == -ESTALE ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_BAD_ALLOC, "%s: %s",
                        fn, r == -ESTALE ? "binary unloaded" : "no memory");
    }
    if (p->ph_buf)
        memcpy(buf, p->ph_buf, p->ph_size); /* the old one is freed with the binary */
    p->ph_buf = buf;
    p->ph_size = dataSize;
    *bufferAddr = buf;
    return ACL_SUCCESS;
}

aclError core_args_update(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle,
                          const void *param, size_t paramSize, const char *fn)
{
    struct core_args *a = argsHandle;
    struct args_param *p = param_of(a, paramHandle, fn);
    if (!p)
        return ACL_ERROR_INVALID_PARAM;
    if (p->ph || paramSize != p->size)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: paramSize %zu differs from the appended size %u (or a placeholder)",
                        fn, paramSize, p->size);
    memcpy(a->buf + p->off, param, paramSize);
    return ACL_SUCCESS;
}

aclError core_args_finalize(aclrtArgsHandle argsHandle, const char *fn)
{
    struct core_args *a = args_of(argsHandle, fn);
    if (!a)
        return ACL_ERROR_INVALID_PARAM;
    a->finalized = true;
    return ACL_SUCCESS;
}

/* ---- launches ------------------------------------------------------------------ */

struct launch {
    struct core_bin *bin; /* a reference */
    struct core_func *func; /* the handle launched (aclmdlRITaskGetParams) */
    cpuaclKernelFunc fn;
    uint32_t nblocks;
    /* The launch attributes given (aclrtLaunchKernelCfg), for
     * aclmdlRIKernelTaskGetAttribute; 0 = not given. */
    uint8_t sched_mode, data_dump;
    uint32_t dyn_ubuf;
    uint64_t timeout_us;
    size_t size;
    unsigned char *args; /* = bytes, or the caller's device block */
    unsigned char bytes[];
};

/* One block of a launch; cpuaclKernelFail in it is the block's failure. */
static int32_t launch_block(void *arg, uint32_t b, uint32_t n)
{
    struct launch *l = arg;
    core_kernel_t_fail = 0; /* cpuaclKernelFail (core/kernel/function.h) */
    l->fn(l->args, l->size, b, n);
    int32_t code = core_kernel_t_fail;
    core_kernel_t_fail = 0;
    return code;
}

/* The blocks on this worker and its idle team mates, each with its Ascend C block context (an
 * Ascend C kernel of a fatbin sees its block index and unified buffer; core/kernel/ascendc.h).
 * nblocks is read here: a model's task update may have changed it (core/model/taskupdate.c). */
static int32_t launch_run(void *arg)
{
    struct launch *l = arg;
    int32_t code = core_ac_run_owned(l->nblocks, l->func->name, launch_block, l);
    if (__builtin_expect(code != 0, 0)) { /* a block failed: the rest were skipped */
        core_kernel_t_fail = code;
        return core_kernel_failed(l->func, l->bin, l->args, l->size);
    }
    return 0;
}

static void launch_release(void *arg)
{
    struct launch *l = arg;
    bin_unref(l->bin);
    free(l);
}

static aclError check_cfg(const aclrtLaunchKernelCfg *cfg, const char *fn)
{
    if (!cfg)
        return ACL_SUCCESS;
    if (cfg->numAttrs && !cfg->attrs)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cfg->attrs is NULL with numAttrs %zu", fn,
                        cfg->numAttrs);
    bool t = false, tus = false;
    for (size_t i = 0; i < cfg->numAttrs; i++) {
        aclrtLaunchKernelAttrId id = cfg->attrs[i].id;
        if (id < ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE || id > ACL_RT_LAUNCH_KERNEL_ATTR_ENABLE_PROFILING)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: launch attribute id %d is invalid", fn,
                            (int)id);
        t |= id == ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT;
        tus |= id == ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US;
        if (id == ACL_RT_LAUNCH_KERNEL_ATTR_ENGINE_TYPE &&
            cfg->attrs[i].value.engineType != ACL_RT_ENGINE_TYPE_AIC &&
            cfg->attrs[i].value.engineType != ACL_RT_ENGINE_TYPE_AIV)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: engine type %d is invalid", fn,
                            (int)cfg->attrs[i].value.engineType);
    }
    if (t && tus)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: ATTR_TIMEOUT and ATTR_TIMEOUT_US cannot be given together", fn);
    return ACL_SUCCESS;
}

/* Prepare a launch of f: validate, take a binary reference, allocate extra
 * bytes for the argument snapshot. */
static aclError launch_new(aclrtFuncHandle h, uint32_t nblocks, size_t extra,
                           const aclrtLaunchKernelCfg *cfg, struct launch **out, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!h)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: funcHandle is NULL", fn);
    if (nblocks == 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: numBlocks is 0", fn);
    aclError rc = check_cfg(cfg, fn);
    if (rc)
        return rc;
    struct launch *l = core_malloc(sizeof(*l) + extra);
    if (!l)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    pthread_mutex_lock(&g_bin_lock);
    struct core_func *f = h;
    bool ok = func_live_locked(f);
    if (ok) {
        l->bin = f->bin;
        l->func = f;
        l->fn = f->fn;
        /* relaxed: the binary is live (g_bin_lock) and holds its own reference. */
        atomic_fetch_add_explicit(&f->bin->refs, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_bin_lock);
    if (!ok) {
        free(l);
        return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                        "%s: not a function of a loaded binary (unloaded?)", fn);
    }
    l->nblocks = nblocks;
    l->sched_mode = l->data_dump = 0;
    l->dyn_ubuf = 0;
    l->timeout_us = 0;
    for (size_t i = 0; cfg && i < cfg->numAttrs; i++) { /* checked by check_cfg */
        const aclrtLaunchKernelAttrValue *v = &cfg->attrs[i].value;
        switch (cfg->attrs[i].id) {
        case ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE: l->sched_mode = v->schemMode; break;
        case ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE: l->dyn_ubuf = v->dynUBufSize; break;
        case ACL_RT_LAUNCH_KERNEL_ATTR_DATA_DUMP: l->data_dump = v->isDataDump != 0; break;
        case ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT: l->timeout_us = (uint64_t)v->timeout * 1000000u; break;
        case ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US:
            l->timeout_us = (uint64_t)v->timeoutUs.timeoutHigh << 32 | v->timeoutUs.timeoutLow;
            break;
        default: break; /* engine type, offsets, prefetch, profiling: no CPU meaning kept */
        }
    }
    l->size = 0;
    l->args = l->bytes;
    *out = l;
    return ACL_SUCCESS;
}

static aclError launch_submit(struct launch *l, aclrtStream stream, const char *fn)
{
    aclError rc = core_launch_owned(stream, launch_run, l, launch_release, fn);
    if (rc != ACL_SUCCESS)
        launch_release(l);
    return rc;
}

aclError core_bin_launch(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData,
                         size_t argsSize, const aclrtLaunchKernelCfg *cfg, aclrtStream stream,
                         const char *fn)
{
    struct launch *l = NULL; /* launch_new sets it; NULL only for GCC's maybe-uninitialized */
    aclError rc = launch_new(funcHandle, numBlocks, 0, cfg, &l, fn);
    if (rc)
        return rc;
    /* argsData is device memory the kernel reads when it runs, as on a device. */
    l->args = (unsigned char *)argsData;
    l->size = argsSize;
    return launch_submit(l, stream, fn);
}

aclError core_bin_launch_args(aclrtFuncHandle funcHandle, uint32_t numBlocks, aclrtStream stream,
                              const aclrtLaunchKernelCfg *cfg, aclrtArgsHandle argsHandle,
                              const char *fn)
{
    struct core_args *a = args_of(argsHandle, fn);
    if (!a)
        return ACL_ERROR_INVALID_PARAM;
    if (a->func != funcHandle)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: argsHandle was initialised for another function", fn);
    size_t extra = align_up(a->len);
    for (uint32_t i = 0; i < a->nparams; i++)
        if (a->p[i].ph) {
            if (!a->p[i].ph_buf)
                return core_err(ACL_ERROR_INVALID_PARAM,
                                "%s: placeholder parameter %u has no buffer "
                                "(aclrtKernelArgsGetPlaceHolderBuffer)",
                                fn, i);
            extra += align_up(a->p[i].ph_size);
        }
    struct launch *l;
    aclError rc = launch_new(funcHandle, numBlocks, extra, cfg, &l, fn);
    if (rc)
        return rc;
    if (a->len)
        memcpy(l->bytes, a->buf, a->len);
    size_t at = align_up(a->len);
    for (uint32_t i = 0; i < a->nparams; i++)
        if (a->p[i].ph) {
            void *copy = l->bytes + at;
            memcpy(copy, a->p[i].ph_buf, a->p[i].ph_size);
            memcpy(l->bytes + a->p[i].off, &copy, sizeof(void *));
            at += align_up(a->p[i].ph_size);
        }
    l->size = a->len;
    return launch_submit(l, stream, fn);
}

aclError core_bin_launch_host_args(aclrtFuncHandle funcHandle, uint32_t numBlocks,
                                   aclrtStream stream, const aclrtLaunchKernelCfg *cfg,
                                   const void *hostArgs, size_t argsSize,
                                   const aclrtPlaceHolderInfo *placeHolderArray,
                                   size_t placeHolderNum, const char *fn)
{
    if ((!hostArgs && argsSize) || (placeHolderNum && !placeHolderArray))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: hostArgs or placeHolderArray is NULL", fn);
    for (size_t i = 0; i < placeHolderNum; i++)
        if ((size_t)placeHolderArray[i].addrOffset + sizeof(void *) > argsSize ||
            placeHolderArray[i].dataOffset > argsSize)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: placeholder %zu is outside the %zu argument bytes", fn, i,
                            argsSize);
    struct launch *l;
    aclError rc = launch_new(funcHandle, numBlocks, argsSize, cfg, &l, fn);
    if (rc)
        return rc;
    if (argsSize)
        memcpy(l->bytes, hostArgs, argsSize);
    for (size_t i = 0; i < placeHolderNum; i++) {
        void *p = l->bytes + placeHolderArray[i].dataOffset;
        memcpy(l->bytes + placeHolderArray[i].addrOffset, &p, sizeof(void *));
    }
    l->size = argsSize;
    return launch_submit(l, stream, fn);
}

/* ---- kernel tasks of models (core/model/ritask.c) ----------------------------------- */

bool core_bin_task_params(const struct sched_task *node, aclrtFuncHandle *func, void **args,
                          size_t *size, uint32_t *nblocks)
{
    if (node->kind != CORE_T_OWNED || node->arg.fn[0] != (void (*)(void))launch_run)
        return false;
    const struct launch *l = node->arg.ptr[1];
    *func = l->func;
    *args = l->args;
    *size = l->size;
    *nblocks = l->nblocks;
    return true;
}

bool core_bin_task_attr(const struct sched_task *node, aclrtLaunchKernelAttrId id,
                        aclrtLaunchKernelAttrValue *v)
{
    if (node->kind != CORE_T_OWNED || node->arg.fn[0] != (void (*)(void))launch_run)
        return false;
    const struct launch *l = node->arg.ptr[1];
    switch (id) {
    case ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE: v->schemMode = l->sched_mode; break;
    case ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE: v->dynUBufSize = l->dyn_ubuf; break;
    case ACL_RT_LAUNCH_KERNEL_ATTR_DATA_DUMP: v->isDataDump = l->data_dump; break;
    case ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT:
        v->timeout = (uint16_t)(l->timeout_us / 1000000u);
        break;
    default: /* ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US (the caller filtered the rest) */
        v->timeoutUs.timeoutLow = (uint32_t)l->timeout_us;
        v->timeoutUs.timeoutHigh = (uint32_t)(l->timeout_us >> 32);
        break;
    }
    return true;
}

aclError core_bin_task_make(aclrtFuncHandle func, uint32_t nblocks, const void *args, size_t size,
                            bool host, void **out, const char *fn)
{
    if (!args && size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: args is NULL with argsSize %zu", fn, size);
    struct launch *l = NULL;
    aclError rc = launch_new(func, nblocks, host ? size : 0, NULL, &l, fn);
    if (rc)
        return rc;
    if (host) {
        if (size)
            memcpy(l->bytes, args, size);
    } else {
        l->args = (unsigned char *)args; /* device memory read when the kernel runs */
    }
    l->size = size;
    *out = l;
    return ACL_SUCCESS;
}

void core_bin_task_set_blocks(void *launch, uint32_t nblocks)
{
    ((struct launch *)launch)->nblocks = nblocks;
}

void core_bin_task_release(void *launch)
{
    launch_release(launch);
}

/* ---- kernels by address (aclrtGetFuncBySymbol and friends) -------------------------- */

/* The binary of fh if it is a live function, with its function; lock held. */
static struct core_func *func_of_locked(aclrtFuncHandle fh)
{
    struct core_func *f = fh;
    return fh && func_live_locked(f) ? f : NULL;
}

/* The loaded binary exporting a function that starts at addr, and that symbol's name. */
static struct core_bin *bin_of_addr(const void *addr, const char **name)
{
    Dl_info info;
    if (!addr || !dladdr(addr, &info) || !info.dli_sname || info.dli_saddr != addr)
        return NULL;
    *name = info.dli_sname;
    pthread_mutex_lock(&g_bin_lock);
    struct core_bin *hit = NULL;
    for (struct core_bin *b = g_bins; b && !hit; b = b->next)
        if (dlsym(b->dl, info.dli_sname) == addr)
            hit = b;
    pthread_mutex_unlock(&g_bin_lock);
    return hit;
}

aclError core_bin_func_by_symbol(const void *symbol, aclrtFuncHandle *funcHandle, const char *fn)
{
    const char *name = NULL;
    struct core_bin *b = bin_of_addr(symbol, &name);
    if (!b)
        return core_err(ACL_ERROR_RT_KERNEL_LOOKUP,
                        "%s: %p is not the start of a kernel exported by a loaded binary", fn,
                        symbol);
    /* A binary unloaded meanwhile is refused there (107017). */
    return core_bin_get_function(b, name, funcHandle, fn);
}

aclError core_bin_func_by_entry(aclrtBinHandle binHandle, uint64_t funcEntry,
                                aclrtFuncHandle *funcHandle, const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    bool live = bin_live_locked(binHandle);
    pthread_mutex_unlock(&g_bin_lock);
    if (!live)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: not a loaded binary (unloaded?)", fn);
    const char *name = NULL;
    struct core_bin *b = bin_of_addr((const void *)(uintptr_t)funcEntry, &name);
    if (b != binHandle)
        return core_err(ACL_ERROR_RT_KERNEL_LOOKUP,
                        "%s: the binary exports no kernel starting at 0x%llx", fn,
                        (unsigned long long)funcEntry);
    return core_bin_get_function(b, name, funcHandle, fn);
}

aclError core_func_addr(aclrtFuncHandle funcHandle, void **aicAddr, void **aivAddr, const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    struct core_func *f = func_of_locked(funcHandle);
    if (f)
        *aicAddr = *aivAddr = (void *)f->fn; /* one host entry serves both engines */
    pthread_mutex_unlock(&g_bin_lock);
    return f ? ACL_SUCCESS
             : core_err(funcHandle ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_INVALID_PARAM,
                        "%s: not a function of a loaded binary", fn);
}

aclError core_func_size(aclrtFuncHandle funcHandle, size_t *aicSize, size_t *aivSize,
                        const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    struct core_func *f = func_of_locked(funcHandle);
    void *entry = f ? (void *)f->fn : NULL;
    pthread_mutex_unlock(&g_bin_lock);
    if (!f)
        return core_err(funcHandle ? ACL_ERROR_RT_INVALID_HANDLE : ACL_ERROR_INVALID_PARAM,
                        "%s: not a function of a loaded binary", fn);
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    if (!dladdr1(entry, &info, (void **)&sym, RTLD_DL_SYMENT) || !sym)
        return core_err(ACL_ERROR_RT_KERNEL_LOOKUP, "%s: the kernel's symbol has no size", fn);
    *aicSize = *aivSize = (size_t)sym->st_size;
    return ACL_SUCCESS;
}

struct seg_span {
    uintptr_t base, lo, hi;
    bool found;
};

static int seg_cb(struct dl_phdr_info *pi, size_t n, void *arg)
{
    (void)n;
    struct seg_span *s = arg;
    if (pi->dlpi_addr != s->base)
        return 0;
    for (int i = 0; i < pi->dlpi_phnum; i++)
        if (pi->dlpi_phdr[i].p_type == PT_LOAD) {
            uintptr_t a = pi->dlpi_addr + pi->dlpi_phdr[i].p_vaddr;
            uintptr_t e = a + pi->dlpi_phdr[i].p_memsz;
            if (!s->found || a < s->lo)
                s->lo = a;
            if (!s->found || e > s->hi)
                s->hi = e;
            s->found = true;
        }
    return s->found;
}

aclError core_bin_dev_address(const aclrtBinHandle binHandle, void **binAddr, size_t *binSize,
                              const char *fn)
{
    pthread_mutex_lock(&g_bin_lock);
    struct core_bin *b = binHandle;
    struct link_map *lm = NULL;
    bool live = bin_live_locked(b) && dlinfo(b->dl, RTLD_DI_LINKMAP, &lm) == 0 && lm;
    struct seg_span s = {live ? (uintptr_t)lm->l_addr : 0, 0, 0, false};
    pthread_mutex_unlock(&g_bin_lock);
    if (!live)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: not a loaded binary (unloaded?)", fn);
    dl_iterate_phdr(seg_cb, &s);
    if (!s.found)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: the binary's segments are not mapped",
                        fn);
    *binAddr = (void *)s.lo;
    *binSize = s.hi - s.lo;
    return ACL_SUCCESS;
}

/* ---- device variables (core/memory/copies.h, aclrtGetSymbolAddress and friends) ------------ */

void *core_bin_data_ref(const void *addr, size_t *size)
{
    if (!addr)
        return NULL;
    /* Everything under g_bin_lock (which already nests dlsym): a binary found on
     * g_bins with its reference taken stays mapped, so its symbol entry (es) is read
     * only after that. An object closed meanwhile makes dladdr1 fail (no crash). */
    Dl_info info;
    const ElfW(Sym) *es = NULL;
    struct core_bin *hit = NULL;
    pthread_mutex_lock(&g_bin_lock);
    if (dladdr1(addr, &info, (void **)&es, RTLD_DL_SYMENT) && es && info.dli_sname &&
        info.dli_saddr == addr)
        for (struct core_bin *b = g_bins; b && !hit; b = b->next)
            if (dlsym(b->dl, info.dli_sname) == addr)
                hit = b;
    /* relaxed: hit is live (on g_bins, under the lock), so refs >= 1 already; the
     * matching release is bin_unref's acq_rel. */
    if (hit)
        atomic_fetch_add_explicit(&hit->refs, 1, memory_order_relaxed);
    pthread_mutex_unlock(&g_bin_lock);
    if (hit && ELF64_ST_TYPE(es->st_info) != STT_OBJECT) { /* a function, not a variable */
        bin_unref(hit);
        hit = NULL;
    }
    if (hit)
        *size = es->st_size;
    return hit;
}

void core_bin_data_unref(void *bin)
{
    bin_unref(bin);
}
