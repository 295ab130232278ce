/* SPDX-License-Identifier: Apache-2.0 */
/* Thin wrappers over the Linux futex syscall (process-private). */
#ifndef CPUACL_SCHED_FUTEX_H
#define CPUACL_SCHED_FUTEX_H

#include <stdatomic.h>
#include <stdint.h>

/*
 * Sleep while *word == val, until woken or until the absolute CLOCK_MONOTONIC
 * deadline `deadline_ns` (0 = no deadline). Returns 0 when woken or when the
 * word no longer held val, -ETIMEDOUT at the deadline, -EINTR on a signal.
 */
int sched_futex_wait(_Atomic uint32_t *word, uint32_t val, uint64_t deadline_ns);

/* Wake up to n sleepers on word. */
void sched_futex_wake(_Atomic uint32_t *word, int n);

#endif
