/* SPDX-License-Identifier: Apache-2.0 */
/* Allocation with fault injection (core/runtime/fault.h); its test entry points are
 * core/api/base.c. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/runtime/fault.h"

_Atomic int64_t core_fault_countdown = -1;
static _Atomic uint64_t g_fault_seen; /* A: allocations counted while armed */
static _Atomic uint64_t g_fault_fired; /* A: failures injected */

int core_fault_hit(void)
{
    /* relaxed: a test knob; the test arms it before the call it probes. */
    if (__builtin_expect(atomic_load_explicit(&core_fault_countdown, memory_order_relaxed) < 0, 1))
        return 0;
    atomic_fetch_add_explicit(&g_fault_seen, 1, memory_order_relaxed);
    /* relaxed: one counter; exactly one allocation sees 0 and fails. */
    if (atomic_fetch_sub_explicit(&core_fault_countdown, 1, memory_order_relaxed) == 0) {
        atomic_fetch_add_explicit(&g_fault_fired, 1, memory_order_relaxed);
        return 1;
    }
    return 0;
}

void *core_malloc(size_t n)
{
    return core_fault_hit() ? NULL : malloc(n);
}

void *core_calloc(size_t m, size_t n)
{
    return core_fault_hit() ? NULL : calloc(m, n);
}

void *core_realloc(void *p, size_t n)
{
    return core_fault_hit() ? NULL : realloc(p, n);
}

void *core_aligned_alloc(size_t a, size_t n)
{
    return core_fault_hit() ? NULL : aligned_alloc(a, n);
}

void *core_memdup(const void *p, size_t n)
{
    void *copy = core_malloc(n);
    if (copy)
        memcpy(copy, p, n);
    return copy;
}

char *core_strdup(const char *s)
{
    return core_memdup(s, strlen(s) + 1);
}

void core_fault_arm(int64_t nth)
{
    atomic_store_explicit(&g_fault_seen, 0, memory_order_relaxed);
    atomic_store_explicit(&g_fault_fired, 0, memory_order_relaxed);
    /* relaxed: see core_fault_hit. */
    atomic_store_explicit(&core_fault_countdown, nth < 0 ? -1 : nth, memory_order_relaxed);
}

uint64_t core_fault_counts(uint64_t *fired)
{
    if (fired)
        *fired = atomic_load_explicit(&g_fault_fired, memory_order_relaxed);
    return atomic_load_explicit(&g_fault_seen, memory_order_relaxed);
}

bool core_grow(void **arr, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap)
        return true;
    size_t nc = *cap ? 2 * *cap : 64;
    void *na = core_realloc(*arr, nc * elem);
    if (!na)
        return false;
    *arr = na;
    *cap = nc;
    return true;
}
