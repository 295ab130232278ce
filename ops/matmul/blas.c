/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The BLAS every float product uses (Mm and its variants, convolution,
 * attention, quantised matmul at large m): cblas_sgemm of the system's
 * OpenBLAS, opened on first use.
 *
 *  BL1. The BLAS is loaded on first use (dlopen of OpenBLAS, else the system
 *      libblas.so.3): a program whose products never call sgemm (matmul.c
 *      MM4: the small-m kernels do not) never starts OpenBLAS's thread pool. Without a BLAS the first phase of an operator
 *      that needs one fails with ACLNN_ERR_INNER_FIND_KERNEL_ERROR.
 *      OpenBLAS's thread count is set to the device's worker count
 *      (core_device_workers) at the load: an sgemm uses as many cores as the
 *      device has workers (measured against output tiles split over the
 *      workers: docs/operator-kernels.md, "Splitting across workers").
 *  BL2. OpenBLAS built with DYNAMIC_ARCH (Debian's) picks its kernels from
 *      the CPU model at load, and a model newer than its table falls back
 *      to its oldest x86-64 kernels: Debian 12's 0.3.21 runs SSE3
 *      "Prescott" kernels on a 2024 Xeon with AVX-512 (measured: a model
 *      study's CNN 15-35% and its transformer block 1.4-1.9x slower than
 *      with the right kernels). Before the load, when the user has not set
 *      OPENBLAS_CORETYPE, it is set from the CPU's features instead of its
 *      model: SkylakeX with AVX-512 F/CD/BW/DQ/VL, Haswell with AVX2 and FMA,
 *      nothing otherwise. On a model OpenBLAS knows, these are the sgemm
 *      kernels it would pick itself (its later Intel and AMD cores run the
 *      SkylakeX or Haswell sgemm kernels). setenv runs once, under the
 *      load's pthread_once, before the BLAS exists; it is the only write to
 *      the environment the library makes (docs/operator-kernels.md).
 */
#include <cblas.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/launch.h"
#include "ops/engine/engine.h"

typedef __typeof__(cblas_sgemm) sgemm_fn;
static sgemm_fn *g_sgemm; /* written once under g_blas_once */
static void *g_blas_lib;  /* the dlopen handle of that BLAS, written with g_sgemm */
static pthread_once_t g_blas_once = PTHREAD_ONCE_INIT;

/* BL2: the OpenBLAS core type whose sgemm kernels fit this CPU's features. */
static const char *blas_coretype(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl"))
        return "SkylakeX";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return "Haswell";
#endif
    return NULL;
}

static void blas_load(void)
{
    static const char *const libs[] = {"libopenblas.so.0", "libblas.so.3", "libcblas.so.3",
                                       "libopenblas.so"};
    if (!getenv("OPENBLAS_CORETYPE")) {
        const char *t = blas_coretype();
        if (t)
            setenv("OPENBLAS_CORETYPE", t, 0);
    }
    for (unsigned i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
        void *h = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL);
        if (!h)
            continue;
        void *f = dlsym(h, "cblas_sgemm");
        if (f) {
            memcpy(&g_sgemm, &f, sizeof(f)); /* object -> function pointer (POSIX) */
            g_blas_lib = h;
            /* BL1: an sgemm uses as many threads as the device has workers
             * (OpenBLAS's default is every core, whatever CPUACL_WORKERS says),
             * unless the user chose OpenBLAS's count (OPENBLAS_NUM_THREADS). */
            void *nt = dlsym(h, "openblas_set_num_threads");
            if (nt && !getenv("OPENBLAS_NUM_THREADS")) {
                void (*set_threads)(int);
                memcpy(&set_threads, &nt, sizeof(nt));
                set_threads((int)core_device_workers());
            }
            return;
        }
        dlclose(h);
    }
}

void *ops_blas_load(void)
{
    /* pthread_once orders the load before every later use, including the
     * kernels on the workers, which are queued after a successful phase 1. */
    pthread_once(&g_blas_once, blas_load);
    void *v;
    memcpy(&v, &g_sgemm, sizeof(v)); /* function -> object pointer (POSIX) */
    return v;
}

void *ops_blas_sym(const char *name)
{
    if (!ops_blas_load())
        return NULL;
    return dlsym(g_blas_lib, name);
}

void *ops_blas_sgemm(const char *op)
{
    void *v = ops_blas_load();
    if (!v)
        ops_err(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                "%s: no BLAS with cblas_sgemm found (libopenblas.so.0, libblas.so.3)", op);
    return v;
}
