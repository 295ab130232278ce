/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers shared by the benchmark programs; see bench_util.h. */
#define _GNU_SOURCE
#include "bench_util.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>

/* ~1024 pause instructions is a few tens of us on current x86: long enough
 * for any cross-core hand-off, short enough not to starve a partner that
 * shares our core. */
enum { BU_SPIN_ROUNDS = 1024 };

void bu_backoff(unsigned *n)
{
    if (*n < BU_SPIN_ROUNDS) {
        ++*n;
        bu_cpu_relax();
    } else {
        sched_yield();
    }
}

static cpu_set_t g_saved;
static bool g_saved_ok;

void bu_affinity_save(void)
{
    CPU_ZERO(&g_saved);
    g_saved_ok = sched_getaffinity(0, sizeof(g_saved), &g_saved) == 0;
}

int bu_allowed_cpus(int *cpus, int max)
{
    cpu_set_t set;
    if (g_saved_ok)
        set = g_saved;
    else if (sched_getaffinity(0, sizeof(set), &set) != 0)
        return 0;
    int k = 0;
    for (int c = 0; c < CPU_SETSIZE && k < max; c++)
        if (CPU_ISSET(c, &set))
            cpus[k++] = c;
    return k;
}

/* The calling thread's mask before its last bu_pin_self (one level). */
static __thread cpu_set_t tl_prev;
static __thread bool tl_has_prev;

int bu_pin_self(int cpu)
{
    if (cpu < 0)
        return 0;
    if (!g_saved_ok)
        bu_affinity_save();
    tl_has_prev = pthread_getaffinity_np(pthread_self(), sizeof(tl_prev), &tl_prev) == 0;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return -pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

void bu_unpin_self(void)
{
    if (tl_has_prev)
        pthread_setaffinity_np(pthread_self(), sizeof(tl_prev), &tl_prev);
    tl_has_prev = false;
}

void bu_pick_pair(int prefer_consumer, int *consumer, int *producer)
{
    int cpus[CPU_SETSIZE];
    int n = bu_allowed_cpus(cpus, CPU_SETSIZE);
    *consumer = *producer = -1;
    if (n < 2)
        return;
    int c = cpus[0];
    for (int i = 0; i < n; i++)
        if (cpus[i] == prefer_consumer)
            c = prefer_consumer;
    *consumer = c;
    for (int i = 0; i < n; i++)
        if (cpus[i] != c) {
            *producer = cpus[i];
            break;
        }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bu_sort(double *v, size_t n)
{
    qsort(v, n, sizeof(*v), cmp_double);
}

double bu_quantile_sorted(const double *v, size_t n, double q)
{
    if (n == 0)
        return 0.0;
    if (q <= 0.0)
        return v[0];
    if (q >= 1.0)
        return v[n - 1];
    /* nearest rank: the smallest value with at least q*n values <= it */
    size_t r = (size_t)(q * (double)n + 0.999999999);
    if (r < 1)
        r = 1;
    if (r > n)
        r = n;
    return v[r - 1];
}

double bu_median(double *v, size_t n)
{
    if (n == 0)
        return 0.0;
    bu_sort(v, n);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double bu_min(const double *v, size_t n)
{
    double m = n ? v[0] : 0.0;
    for (size_t i = 1; i < n; i++)
        if (v[i] < m)
            m = v[i];
    return m;
}

double bu_max(const double *v, size_t n)
{
    double m = n ? v[0] : 0.0;
    for (size_t i = 1; i < n; i++)
        if (v[i] > m)
            m = v[i];
    return m;
}
