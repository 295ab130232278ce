/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Binding jemalloc's entry points at mem_init (or the builtin extent allocator): see
 * jemalloc.h for the order and why libcpuacl does not link jemalloc itself.
 *
 * Invariants:
 *   JB1. mem_je is written only by mem_je_bind, under mem_init's external serialisation
 *        (MI1 in mem.c), before the first pool exists; afterwards it is read-only, and
 *        pool users reach it only through a pool published with release (D1 in devmem.c).
 *   JB2. Once bound it is never rebound (a later mem_init after mem_fini keeps it): blocks
 *        of an earlier incarnation are gone by then, but a dlopen'ed jemalloc stays.
 */
#include "mem/jemalloc.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct mem_je_api mem_je;
static const char *g_name = "none";

/* The three calls from handle h, if they are jemalloc 5's (extent_hooks_t is its ABI). */
static bool bind_from(void *h)
{
    struct mem_je_api a;
    /* POSIX: a dlsym result converts to a function pointer */
    *(void **)&a.alloc = dlsym(h, "mallocx");
    *(void **)&a.dalloc = dlsym(h, "sdallocx");
    *(void **)&a.ctl = dlsym(h, "mallctl");
    if (!a.alloc || !a.dalloc || !a.ctl)
        return false;
    const char *v = NULL;
    size_t sz = sizeof(v);
    if (a.ctl("version", &v, &sz, NULL, 0) != 0 || !v || strncmp(v, "5.", 2) != 0)
        return false;
    mem_je = a;
    g_name = "jemalloc";
    return true;
}

int mem_je_bind(void)
{
    if (mem_je.ctl) /* JB2 */
        return 0;
    const char *want = getenv("CPUACL_ALLOCATOR");
    if (want && !*want)
        want = NULL;
    if (want && strcmp(want, "builtin") != 0 && strcmp(want, "jemalloc") != 0 &&
        strcmp(want, "auto") != 0)
        return -EINVAL;
    if (!want || strcmp(want, "builtin") != 0) {
        if (bind_from(RTLD_DEFAULT))
            return 0;
        /* RTLD_LOCAL: its malloc must not take over the process's */
        void *h = dlopen("libjemalloc.so.2", RTLD_NOW | RTLD_LOCAL);
        if (h && bind_from(h))
            return 0;
        if (h)
            dlclose(h);
        if (want && strcmp(want, "jemalloc") == 0)
            return -ENOENT;
    }
    mem_je.alloc = mem_ext_mallocx;
    mem_je.dalloc = mem_ext_sdallocx;
    mem_je.ctl = mem_ext_mallctl;
    g_name = "builtin";
    return 0;
}

const char *mem_je_name(void)
{
    return g_name;
}
