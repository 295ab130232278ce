/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The lowest layer, shared by sched/ and mem/ (header only; nothing below
 * it): the pause hint for spin loops, a full fence that ThreadSanitizer
 * understands, and membarrier(2)'s process-wide barrier.
 *
 * Both layers pair a cheap fast side (a compiler barrier) with a heavy slow
 * side (membarrier PRIVATE_EXPEDITED: every running thread of the process
 * executes a full barrier), the liburcu "memb" scheme; where membarrier is
 * not available, both sides use base_fence_full(). sched/sched_atomic.h
 * (the engine's Dekker pairs) and mem/thread.h (op sections) say how each
 * uses them.
 */
#ifndef CPUACL_BASE_BARRIER_H
#define CPUACL_BASE_BARRIER_H

#include <linux/membarrier.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__SANITIZE_THREAD__)
#define BASE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BASE_TSAN 1
#endif
#endif
#ifndef BASE_TSAN
#define BASE_TSAN 0
#endif

/* A pause hint for the body of a spin loop. */
static inline void base_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#else
    atomic_signal_fence(memory_order_seq_cst);
#endif
}

/*
 * A full (seq_cst) fence. ThreadSanitizer does not model standalone fences
 * (gcc rejects them under -fsanitize=thread), so there every fence is a
 * seq_cst read-modify-write of one shared word instead: all such fences are
 * then totally ordered through that word, which TSan does understand, and on
 * x86 a locked RMW is a full barrier anyway. The word is a weak hidden
 * definition, so every file that includes this header shares one.
 */
#if BASE_TSAN
__attribute__((weak, visibility("hidden"))) _Atomic uint32_t base_tsan_fence_word;
static inline void base_fence_full(void)
{
    (void)atomic_fetch_add_explicit(&base_tsan_fence_word, 0, memory_order_seq_cst);
}
#else
static inline void base_fence_full(void)
{
    atomic_thread_fence(memory_order_seq_cst);
}
#endif

/*
 * Happens-before that TSan cannot see, said to it: BASE_TSAN_RELEASE(p) on one thread, then
 * BASE_TSAN_ACQUIRE(p) on another, orders the first thread's accesses before the second's.
 * For liburcu's call_rcu, whose handoff to its callback thread (and grace period) is made of
 * synchronisation inside a library built without TSan: the dropper of an object's last
 * reference releases it before call_rcu, the callback acquires it before freeing. Without
 * it every such free was a race report (suppressed as liburcu's, but each report costs TSan
 * a stack walk and a search: 185 000 of them made one test take 17 s). Nothing in other builds.
 */
#if BASE_TSAN
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
#define BASE_TSAN_RELEASE(p) __tsan_release((void *)(p))
#define BASE_TSAN_ACQUIRE(p) __tsan_acquire((void *)(p))
#else
#define BASE_TSAN_RELEASE(p) ((void)(p))
#define BASE_TSAN_ACQUIRE(p) ((void)(p))
#endif

/* Probe membarrier(2) and register the process for PRIVATE_EXPEDITED: true
 * when base_membarrier() may be used from now on. Idempotent. */
static inline bool base_membarrier_register(void)
{
    long q = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    return q > 0 && (q & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
           syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
}

/* A full barrier on every running thread of the process (after a successful
 * base_membarrier_register). 0, or -1 if the call failed. */
static inline int base_membarrier(void)
{
    return syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0 ? 0 : -1;
}

#endif
