/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Per-thread state, op sections and their grace period.
 *
 * Correctness argument for op sections (the liburcu-memb scheme):
 *   OS1. seq is written only by its owner: +1 at begin (odd = inside), +1 at end.
 *   OS2. mem_op_synchronize (the writer) first publishes its changes (pool marked
 *       dying, registry leaves unlinked), then runs membarrier(PRIVATE_EXPEDITED)
 *       (OS8), which executes a full barrier on every running thread of the process.
 *       So for every reader either its begin-store precedes that barrier, and the
 *       writer's later load of seq (OS9) sees the odd value, or the reader's section
 *       loads come after the barrier and see the published changes (OS6 in thread.h).
 *   OS3. For each thread seen odd, the writer waits until seq changes; the reader's
 *       end-store is a release (OS7) and the writer's load an acquire (OS9), so every
 *       access made inside that section happens-before whatever the writer does next
 *       (free, munmap, tcache.destroy).
 *   OS4. Without membarrier, begin issues a seq_cst fence and the writer issues one
 *       before scanning: the classic store-fence-load pairing gives the same result.
 *   OS5. The thread list is protected by list_lock. A thread unlinks itself at exit
 *       under the lock, so the writer never reads a freed record; a thread cannot be
 *       exiting while inside a section.
 *   OS6. mem_op_begin (thread.h): the store of the odd sequence is ordered before the
 *       section's loads by the writer's membarrier (OS8; a compiler barrier suffices on
 *       the reader's side) or, without membarrier, by a full fence on each side.
 *   OS7. mem_op_end (thread.h): the even sequence is stored with release, pairing with
 *       the writer's acquire load (OS9).
 *   OS8. mem_op_synchronize issues membarrier(PRIVATE_EXPEDITED), or a full fence
 *       without it (OS4), before it reads any thread's sequence.
 *   OS9. mem_op_synchronize reads each thread's sequence with acquire, pairing with the
 *       reader's release end-store (OS7).
 */
#include "mem/thread.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

__thread struct mem_thread *mem_thread_cur __attribute__((tls_model("initial-exec")));
bool mem_thread_have_membarrier;

static pthread_once_t thread_once = PTHREAD_ONCE_INIT;
static pthread_key_t thread_key;
static bool thread_key_ok;
static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mem_thread *list_head; /* L: list_lock */

static void thread_dtor(void *arg)
{
    struct mem_thread *t = arg;
    mem_pool_thread_exit(t);
    pthread_mutex_lock(&list_lock);
    if (t->prev)
        t->prev->next = t->next;
    else
        list_head = t->next;
    if (t->next)
        t->next->prev = t->prev;
    pthread_mutex_unlock(&list_lock);
    mem_thread_cur = NULL;
    free(t);
}

static void thread_once_init(void)
{
    mem_thread_have_membarrier = base_membarrier_register();
    thread_key_ok = pthread_key_create(&thread_key, thread_dtor) == 0;
}

int mem_thread_init(void)
{
    pthread_once(&thread_once, thread_once_init);
    return thread_key_ok ? 0 : -EAGAIN;
}

struct mem_thread *mem_thread_create(void)
{
    if (mem_thread_init() != 0)
        return NULL;
    struct mem_thread *t = calloc(1, sizeof(*t));
    if (!t)
        return NULL;
    if (pthread_setspecific(thread_key, t) != 0) {
        free(t);
        return NULL;
    }
    pthread_mutex_lock(&list_lock);
    t->next = list_head;
    if (list_head)
        list_head->prev = t;
    list_head = t;
    pthread_mutex_unlock(&list_lock);
    mem_thread_cur = t;
    return t;
}

void mem_thread_each(void (*fn)(struct mem_thread *t, void *arg), void *arg)
{
    pthread_mutex_lock(&list_lock);
    for (struct mem_thread *t = list_head; t; t = t->next)
        fn(t, arg);
    pthread_mutex_unlock(&list_lock);
}

void mem_op_synchronize(void)
{
    struct mem_thread *self = mem_thread_cur;
    pthread_mutex_lock(&list_lock);
    if (mem_thread_have_membarrier)
        base_membarrier(); /* OS8 */
    else
        base_fence_full(); /* OS8 (OS4) */
    for (struct mem_thread *t = list_head; t; t = t->next) {
        if (t == self)
            continue; /* callers are never inside a section (documented) */
        /* OS9: acquire pairs with the owner's release end-store (OS7) */
        uint64_t s = atomic_load_explicit(&t->seq, memory_order_acquire);
        if (!(s & 1))
            continue;
        for (unsigned spins = 0;
             atomic_load_explicit(&t->seq, memory_order_acquire) == s; /* OS9 */
             spins++) {
            if (spins < 64)
                base_cpu_relax();
            else
                sched_yield();
        }
    }
    pthread_mutex_unlock(&list_lock);
}
