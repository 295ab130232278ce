/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The allocator under the device and host pools (devmem.c): jemalloc's mallocx, sdallocx and
 * mallctl, bound at mem_init, or mem's own extent allocator (extalloc.c) behind the same three
 * calls when jemalloc cannot be had.
 *
 * Why not a plain link: Debian's libjemalloc.so.2 uses initial-exec TLS (2632 bytes), more
 * than glibc keeps for libraries opened with dlopen after start-up, so a libcpuacl that
 * NEEDED it could not be loaded by a plain python3 (docs/notes/tls-research.md). libcpuacl
 * does not record it; programs linked with -lascendcl, the CMake target or pkg-config get it
 * loaded at start-up (cmake/link_names.cmake, CMakeLists.txt), and mem_je_bind finds it:
 *   1. CPUACL_ALLOCATOR=builtin: extalloc, whatever is loaded;
 *   2. jemalloc already in the process (dlsym(RTLD_DEFAULT)), version 5 (extent hooks API);
 *   3. dlopen("libjemalloc.so.2"): works where static TLS allows (a C program; python3
 *      started with GLIBC_TUNABLES=glibc.rtld.optional_static_tls=...);
 *   4. else extalloc (CPUACL_ALLOCATOR=jemalloc makes this an error instead).
 * The choice is made once per process and never changes (a pool's blocks belong to the
 * allocator that made them).
 */
#ifndef MEM_JEMALLOC_H
#define MEM_JEMALLOC_H

#include <stddef.h>

struct mem_je_api {
    void *(*alloc)(size_t size, int flags);            /* mallocx  */
    void (*dalloc)(void *ptr, size_t size, int flags); /* sdallocx */
    int (*ctl)(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
};

/* The bound calls; set by mem_je_bind before any pool exists, then read-only. */
extern struct mem_je_api mem_je;

/* Binds mem_je (see above). 0, or -EINVAL (CPUACL_ALLOCATOR names no allocator), -ENOENT
 * (CPUACL_ALLOCATOR=jemalloc and none could be loaded). Called by mem_init. */
int mem_je_bind(void);

/* "jemalloc" or "builtin" once bound, else "none". */
const char *mem_je_name(void);

/* extalloc.c: the jemalloc-free implementation of the three calls. */
void *mem_ext_mallocx(size_t size, int flags);
void mem_ext_sdallocx(void *ptr, size_t size, int flags);
int mem_ext_mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);

#endif
