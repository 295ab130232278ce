/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Fault injection for tests (issue 11): every allocation in core/ goes through
 * core_fault_malloc and friends (the macros below, included by core.h), which
 * fail the allocation chosen with cpuaclTestFailAlloc (include/cpuacl/
 * cpuacl_test.h). Off (the default) it costs one relaxed load and a
 * predictable branch per allocation; allocations are never on a task path.
 */
#ifndef CPUACL_CORE_FAULT_H
#define CPUACL_CORE_FAULT_H

#include <stdint.h>
#include <stdlib.h> /* before the macros: the real prototypes stay intact */

extern _Atomic int64_t core_fault_countdown; /* A: allocations left before the failure, -1 off */

int core_fault_hit(void);
void *core_fault_malloc(size_t n);
void *core_fault_calloc(size_t m, size_t n);
void *core_fault_realloc(void *p, size_t n);
void *core_fault_aligned_alloc(size_t a, size_t n);

#ifndef CORE_FAULT_IMPL
#define malloc(n) core_fault_malloc(n)
#define calloc(m, n) core_fault_calloc(m, n)
#define realloc(p, n) core_fault_realloc(p, n)
#define aligned_alloc(a, n) core_fault_aligned_alloc(a, n)
#endif

#endif
