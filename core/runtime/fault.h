/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Allocation with fault injection for tests (issue 11): core/ allocates through
 * core_malloc, core_calloc, core_realloc and core_aligned_alloc where a test
 * may make the allocation fail (cpuaclTestFailAlloc, include/cpuacl/
 * cpuacl_test.h), and frees with free(). Off (the default) a call costs one
 * relaxed load and a predictable branch; allocations are never on a task path.
 * The libc names keep their meaning in every file.
 */
#ifndef CPUACL_CORE_RUNTIME_FAULT_H
#define CPUACL_CORE_RUNTIME_FAULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

extern _Atomic int64_t core_fault_countdown; /* A: allocations left before the failure, -1 off */

/* Whether this allocation is the one chosen to fail (counts it while armed). */
int core_fault_hit(void);
void *core_malloc(size_t n);
void *core_calloc(size_t m, size_t n);
void *core_realloc(void *p, size_t n);
void *core_aligned_alloc(size_t a, size_t n);
/* An owned copy of the n bytes at p (one core_malloc); NULL when out of memory. */
void *core_memdup(const void *p, size_t n);
/* core_memdup of s and its terminator. */
char *core_strdup(const char *s);
/* Grow the array *arr of *cap elements of elem bytes (core_realloc, doubling from 64) so
 * that it holds at least n + 1; false when out of memory (*arr and *cap unchanged). */
bool core_grow(void **arr, size_t *cap, size_t n, size_t elem);
/* cpuaclTestFailAlloc: fail the nth allocation from now (0 the next), nth < 0 off;
 * the counts start again. */
void core_fault_arm(int64_t nth);
/* cpuaclTestAllocCount: allocations counted while armed, *fired (if not NULL) the
 * failures injected. */
uint64_t core_fault_counts(uint64_t *fired);

#endif
