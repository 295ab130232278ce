/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Small helpers shared by the benchmark programs (C and C++): a monotonic
 * clock, thread pinning, a spin-then-yield wait, and order statistics.
 *
 * Nothing here touches the runtime; baseline.c and the studies build on it.
 */
#ifndef CPUACL_BENCH_UTIL_H
#define CPUACL_BENCH_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CLOCK_MONOTONIC in ns (vDSO: ~20-25 ns per call on this kind of VM). */
static inline uint64_t bu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline void bu_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#else
    __asm__ __volatile__("" ::: "memory");
#endif
}

/*
 * One step of a bounded spin: relax for the first `spin` calls, then
 * sched_yield. On 2 cores a waiter that only spins can starve the thread it
 * waits for when both land on one core; yielding keeps every baseline honest
 * (a result never measures a starved partner). Usage:
 *     unsigned n = 0; while (!cond) bu_backoff(&n);
 */
void bu_backoff(unsigned *n);

/* CPUs this process may run on, in ascending order; returns how many were
 * written (at most max). */
int bu_allowed_cpus(int *cpus, int max);

/* Pin the calling thread to `cpu` (-1: no-op), remembering its previous
 * mask. 0 or -errno. */
int bu_pin_self(int cpu);

/* Undo the last bu_pin_self of this thread (restore the previous mask;
 * no-op when nothing was pinned). Pairs do not nest. */
void bu_unpin_self(void);

/* Remember the process's affinity mask (call once at start, before pinning). */
void bu_affinity_save(void);

/*
 * Run this executable again (/proc/self/exe) with `args` (argv[1..], NULL-
 * terminated) and this process's environment changed by `env` (NULL-
 * terminated; "NAME=value" sets NAME, a bare "NAME" removes it), on the CPUs
 * saved by bu_affinity_save (a pinned caller does not pin its child). The
 * child's standard output is collected into `out` (NUL-terminated, cut at
 * cap - 1 bytes); its standard error is this process's. A child still
 * running after `timeout_s` seconds is killed. Safe while other threads run
 * (fork, then only async-signal-safe calls before exec).
 * 0 when the child exited with status 0; otherwise -1 and `why` says why.
 */
int bu_run_self(const char *const *args, const char *const *env, unsigned timeout_s, char *out,
                size_t cap, char *why, size_t whycap);
/* As bu_run_self with the executable at `path` (an absolute path; no PATH
 * search) as the child. */
int bu_run_exe(const char *path, const char *const *args, const char *const *env,
               unsigned timeout_s, char *out, size_t cap, char *why, size_t whycap);
/* The directory holding this executable (/proc/self/exe without its file name)
 * into dir. 0, or -1 when it cannot be read or does not fit. */
int bu_exe_dir(char *dir, size_t cap);
/* The python3 a study runs its peer with: /usr/bin/python3 (where Debian's
 * python3-numpy and python3-torch live), else the first python3 on PATH,
 * into path. 0, or -1 when there is none. */
int bu_find_python(char *path, size_t cap);

/*
 * Two cores for a producer/consumer pair: `consumer` first, `producer`
 * second. With fewer than two allowed CPUs both are -1 (no pinning).
 * A preferred consumer core (>= 0, e.g. the runtime's worker core) is used
 * when allowed.
 */
void bu_pick_pair(int prefer_consumer, int *consumer, int *producer);

/* Order statistics on a copy-free sorted array (sorts `v` in place). */
void bu_sort(double *v, size_t n);
double bu_median(double *v, size_t n); /* sorts v */
/* q in [0,1], nearest-rank on sorted data. */
double bu_quantile_sorted(const double *v, size_t n, double q);
double bu_min(const double *v, size_t n);
double bu_max(const double *v, size_t n);

/* A compiler barrier that keeps `p` (and what it points to) alive. */
static inline void bu_escape(void *p)
{
    __asm__ __volatile__("" : : "g"(p) : "memory");
}

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_BENCH_UTIL_H */
