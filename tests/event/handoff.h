/* SPDX-License-Identifier: Apache-2.0 */
/* Kernels for the tests of tests/event that check a handoff between streams:
 * k_store42 writes 42 to an _Atomic int on the producing stream; k_copy, queued
 * behind a wait on the consuming stream, copies *src to *dst, so dst shows
 * whether the data written before the record was seen after the wait. */
#ifndef CPUACL_TESTS_EVENT_HANDOFF_H
#define CPUACL_TESTS_EVENT_HANDOFF_H

#include <stdatomic.h>
#include <stdint.h>

struct copy_args {
    _Atomic int *src;
    int *dst;
};

static inline int32_t k_store42(void *a)
{
    atomic_store((_Atomic int *)a, 42);
    return 0;
}

static inline int32_t k_copy(void *a)
{
    struct copy_args *c = a;
    *c->dst = atomic_load(c->src);
    return 0;
}

#endif /* CPUACL_TESTS_EVENT_HANDOFF_H */
