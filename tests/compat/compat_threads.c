/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 004: threads with own streams, and threads sharing the default stream. */
/* Seed 004 multi-thread use: several threads each with its own stream doing work and synchronising,
 * and several threads sharing the default stream submitting concurrently — every task's effect
 * counted exactly once, each thread's tasks in its order. */
#include "acltest.h"

#define NTHREADS 4

static uint32_t tasks_per_thread;

/* ---- own stream per thread ---------------------------------------------- */

struct own {
    pthread_t th;
    uint64_t plain; /* touched only by this thread's stream and, after sync, by it */
};

static struct own owners[NTHREADS];

static int32_t k_plain_inc(void *args)
{
    uint64_t *p = *(uint64_t **)args;
    *p += 1;
    return 0;
}

static void *own_stream_main(void *arg)
{
    struct own *me = arg;
    CHECK_OK(aclrtSetDevice(0)); /* the device's default context */
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    uint64_t *p = &me->plain;
    for (uint32_t i = 1; i <= tasks_per_thread; i++) {
        CHECK_OK(cpuaclLaunchKernelArgs(s, k_plain_inc, &p, sizeof p));
        if (i % 1000 == 0) {
            CHECK_OK(aclrtSynchronizeStream(s));
            if (me->plain != i) {
                fprintf(stderr, "after sync: %llu of %u tasks ran\n", (unsigned long long)me->plain,
                        i);
                exit(1);
            }
        }
    }
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(me->plain == tasks_per_thread);
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtResetDevice(0));
    return NULL;
}

/* ---- shared default stream ---------------------------------------------- */

static _Atomic uint32_t *slots;             /* one per (thread, task) */
static _Atomic int64_t last_seen[NTHREADS]; /* per-thread order check */
static aclrtContext shared_ctx;

struct shared_arg {
    uint32_t thread;
    uint32_t index;
};

static int32_t k_count(void *args)
{
    struct shared_arg a;
    memcpy(&a, args, sizeof a);
    atomic_fetch_add(&slots[(size_t)a.thread * tasks_per_thread + a.index], 1);
    int64_t prev = atomic_exchange(&last_seen[a.thread], (int64_t)a.index);
    if (prev >= (int64_t)a.index)
        KFAIL("thread %u: task %u ran after task %lld", a.thread, a.index, (long long)prev);
    return 0;
}

static void *shared_main(void *arg)
{
    uint32_t me = (uint32_t)(uintptr_t)arg;
    if (me % 2)
        CHECK_OK(aclrtSetCurrentContext(shared_ctx)); /* both ways to get there */
    else
        CHECK_OK(aclrtSetDevice(0));
    for (uint32_t i = 0; i < tasks_per_thread; i++) {
        struct shared_arg a = {me, i};
        CHECK_OK(cpuaclLaunchKernelArgs(NULL, k_count, &a, sizeof a));
        if (i % 2500 == 0)
            CHECK_OK(aclrtSynchronizeStream(NULL));
    }
    CHECK_OK(aclrtSynchronizeStream(NULL));
    /* After our sync, all of our tasks ran. */
    for (uint32_t i = 0; i < tasks_per_thread; i++)
        if (atomic_load(&slots[(size_t)me * tasks_per_thread + i]) != 1) {
            fprintf(stderr, "thread %u task %u ran %u times by its sync\n", me, i,
                    atomic_load(&slots[(size_t)me * tasks_per_thread + i]));
            exit(1);
        }
    if (me % 2 == 0)
        CHECK_OK(aclrtResetDevice(0));
    return NULL;
}

int main(void)
{
    tasks_per_thread = (uint32_t)(20000 * test_stress_scale());
    if (tasks_per_thread < 1000)
        tasks_per_thread = 1000;
    setenv("CPUACL_WORKERS", "2", 0);
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&shared_ctx));

    for (int i = 0; i < NTHREADS; i++)
        CHECK(pthread_create(&owners[i].th, NULL, own_stream_main, &owners[i]) == 0);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(owners[i].th, NULL);
    for (int i = 0; i < NTHREADS; i++)
        CHECK(owners[i].plain == tasks_per_thread);

    slots = calloc((size_t)NTHREADS * tasks_per_thread, sizeof *slots);
    CHECK(slots != NULL);
    for (int i = 0; i < NTHREADS; i++)
        atomic_store(&last_seen[i], -1);
    pthread_t th[NTHREADS];
    for (int i = 0; i < NTHREADS; i++)
        CHECK(pthread_create(&th[i], NULL, shared_main, (void *)(uintptr_t)i) == 0);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK_NO_KFAIL();
    for (size_t i = 0; i < (size_t)NTHREADS * tasks_per_thread; i++)
        if (atomic_load(&slots[i]) != 1) {
            fprintf(stderr, "task %zu counted %u times\n", i, atomic_load(&slots[i]));
            return 1;
        }
    for (int i = 0; i < NTHREADS; i++)
        CHECK(atomic_load(&last_seen[i]) == (int64_t)tasks_per_thread - 1);
    free(slots);

    TEST_CLOSE();
    return 0;
}
