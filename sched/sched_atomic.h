/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The engine's concurrency vocabulary: cache-line size, pause hint, and the
 * asymmetric fence pair.
 *
 * Asymmetric fences. Every "publish X, then check whether anybody sleeps"
 * hand-off in the engine is a Dekker pair: the fast side (a producer pushing
 * a task, a worker publishing progress) stores X and then loads a waiters
 * flag; the slow side (a worker or host thread about to sleep) stores the
 * waiters flag and then loads X. Both loads must not pass the stores, which
 * needs a store-load fence on both sides. The fast side runs millions of
 * times per second and the slow side only when somebody is about to park,
 * so the engine uses membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) on the slow
 * side (it makes every running thread of the process execute a full barrier)
 * and only a compiler barrier on the fast side, as liburcu's memb flavour
 * does. Where membarrier is unavailable, both sides use a seq_cst fence.
 *
 *   fast side:  store X; sched_fence_light(); load waiters
 *   slow side:  store waiters; sched_fence_heavy(); load X
 *
 * Either the fast side sees the waiter (and wakes it), or the slow side sees
 * X (and does not sleep).
 */
#ifndef CPUACL_SCHED_ATOMIC_H
#define CPUACL_SCHED_ATOMIC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define SCHED_CACHELINE 64

#if defined(__SANITIZE_THREAD__)
#define SCHED_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SCHED_TSAN 1
#endif
#endif
#ifndef SCHED_TSAN
#define SCHED_TSAN 0
#endif

/* Set once by sched_init() before any worker exists; read-only afterwards. */
extern bool sched_asym_fences;

/*
 * A full (seq_cst) fence. ThreadSanitizer does not model standalone fences
 * (gcc rejects them under -fsanitize=thread), so there every fence is a
 * seq_cst read-modify-write of one shared word instead: all such fences are
 * then totally ordered through that word, which TSan does understand, and
 * on x86 a locked RMW is a full barrier anyway.
 */
#if SCHED_TSAN
extern _Atomic uint32_t sched_tsan_fence_word;
#define sched_fence_full()                                                                 \
    ((void)atomic_fetch_add_explicit(&sched_tsan_fence_word, 0, memory_order_seq_cst))
#else
#define sched_fence_full() atomic_thread_fence(memory_order_seq_cst)
#endif

static inline void sched_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#else
    atomic_signal_fence(memory_order_seq_cst);
#endif
}

/* Fast side of an asymmetric Dekker pair (see top of file). */
static inline void sched_fence_light(void)
{
    if (__builtin_expect(sched_asym_fences, 1))
        atomic_signal_fence(memory_order_seq_cst); /* compiler only: heavy side pays */
    else
        sched_fence_full(); /* no membarrier: symmetric fence */
}

/* Slow side of an asymmetric Dekker pair: a process-wide barrier. */
void sched_fence_heavy(void);

#endif
