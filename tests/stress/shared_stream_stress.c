/* SPDX-License-Identifier: Apache-2.0 */
/* Stress: 8 threads submit concurrently to the same streams; each task runs once, in its order. */
/*
 * Several host threads share two streams (the default stream and one
 * explicit stream) and hop between them. Each task carries (thread, its
 * per-thread sequence number on that stream, checksum); the kernel checks the
 * thread's previous task on that stream was the one before (a stream runs
 * tasks in submission order, and one thread's submissions are ordered), and
 * counts the task in a per-task slot that must end at exactly 1. A watchdog
 * turns a hang into a failure with a report.
 */
#include "acltest.h"

#define NTHREADS 8
#define NSHARED 2
#define BASE_TASKS 2000000.0 /* at scale 1 */

struct task_arg {
    uint32_t thread;
    uint32_t stream;
    uint64_t seq;   /* this thread's n-th task on this stream */
    uint64_t index; /* slot of this task */
    uint64_t check;
};
_Static_assert(sizeof(struct task_arg) <= CPUACL_KERNEL_ARGS_MAX, "fits the copied block");

static _Atomic uint8_t *slots;
static _Atomic uint64_t next_seq[NTHREADS][NSHARED]; /* written by the kernels */
static _Atomic uint64_t ran, failures;
static aclrtStream shared[NSHARED];
static aclrtContext ctx;
static uint64_t per_thread;

static uint64_t task_check(const struct task_arg *a)
{
    return mix64(mix64(((uint64_t)a->thread << 32 | a->stream) ^ a->seq) ^ a->index);
}

static int32_t k_task(void *args)
{
    const struct task_arg *a = args;
    if (a->check != task_check(a) || a->thread >= NTHREADS || a->stream >= NSHARED) {
        atomic_fetch_add(&failures, 1);
        KFAIL("corrupt task arguments");
        return 0;
    }
    /* relaxed: stream order makes the previous task of this stream visible. */
    uint64_t want = atomic_load_explicit(&next_seq[a->thread][a->stream], memory_order_relaxed);
    if (want != a->seq) {
        atomic_fetch_add(&failures, 1);
        KFAIL("thread %u stream %u: task %llu ran when %llu was next", a->thread, a->stream,
              (unsigned long long)a->seq, (unsigned long long)want);
    }
    atomic_store_explicit(&next_seq[a->thread][a->stream], a->seq + 1, memory_order_relaxed);
    if (atomic_fetch_add_explicit(&slots[a->index], 1, memory_order_relaxed) != 0) {
        atomic_fetch_add(&failures, 1);
        KFAIL("task %llu ran twice", (unsigned long long)a->index);
    }
    atomic_fetch_add_explicit(&ran, 1, memory_order_relaxed);
    return 0;
}

static void *submit_main(void *arg)
{
    uint32_t me = (uint32_t)(uintptr_t)arg;
    if (me % 2)
        CHECK_OK(aclrtSetCurrentContext(ctx));
    else
        CHECK_OK(aclrtSetDevice(0)); /* the same default context */
    uint64_t rng = mix64(me + 17), seq[NSHARED] = {0};
    for (uint64_t i = 0; i < per_thread; i++) {
        rng = mix64(rng);
        uint32_t st = (uint32_t)(rng % NSHARED);
        /* stay on a stream for a run of tasks, then hop */
        struct task_arg a = {me, st, seq[st]++, me * per_thread + i, 0};
        a.check = task_check(&a);
        CHECK_OK(cpuaclLaunchKernelArgs(shared[st], k_task, &a, sizeof a));
        if ((rng >> 20) % 4096 == 0) {
            CHECK_OK(aclrtSynchronizeStream(shared[st]));
            /* our own tasks on it have all run */
            if (atomic_load(&next_seq[me][st]) != seq[st]) {
                fprintf(stderr, "thread %u: sync of stream %u returned with %llu of %llu run\n", me,
                        st, (unsigned long long)atomic_load(&next_seq[me][st]),
                        (unsigned long long)seq[st]);
                exit(1);
            }
        }
    }
    for (uint32_t st = 0; st < NSHARED; st++)
        CHECK_OK(aclrtSynchronizeStream(shared[st]));
    if (me % 2 == 0)
        CHECK_OK(aclrtResetDevice(0));
    return NULL;
}

static _Atomic int finished;

static void *watchdog_main(void *arg)
{
    (void)arg;
    uint64_t last = UINT64_MAX;
    double since = now_ms();
    while (!atomic_load(&finished)) {
        sleep_ms(100);
        uint64_t r = atomic_load(&ran);
        if (r != last) {
            last = r;
            since = now_ms();
        } else if (now_ms() - since > 30000) {
            fprintf(stderr, "no task ran for 30 s (%llu of %llu ran): the runtime hangs\n",
                    (unsigned long long)r, (unsigned long long)(per_thread * NTHREADS));
            fflush(stderr);
            _exit(1);
        }
    }
    return NULL;
}

int main(void)
{
    setenv("CPUACL_WORKERS", "2", 0);
    setenv("CPUACL_RING_SLOTS", "256", 0); /* submitters meet a full ring often */
    per_thread = (uint64_t)(BASE_TASKS * test_stress_scale()) / NTHREADS;
    if (per_thread < 1000)
        per_thread = 1000;
    slots = calloc(per_thread * NTHREADS, 1);
    CHECK(slots != NULL);

    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&shared[0]));
    CHECK_OK(aclrtCreateStream(&shared[1]));

    pthread_t wd, th[NTHREADS];
    CHECK(pthread_create(&wd, NULL, watchdog_main, NULL) == 0);
    double t0 = now_ms();
    for (uint32_t i = 0; i < NTHREADS; i++)
        CHECK(pthread_create(&th[i], NULL, submit_main, (void *)(uintptr_t)i) == 0);
    for (uint32_t i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);
    CHECK_OK(aclrtSynchronizeDevice());
    double secs = (now_ms() - t0) / 1e3;
    atomic_store(&finished, 1);
    pthread_join(wd, NULL);

    CHECK_NO_KFAIL();
    CHECK(atomic_load(&failures) == 0);
    CHECK(atomic_load(&ran) == per_thread * NTHREADS);
    for (uint64_t i = 0; i < per_thread * NTHREADS; i++)
        if (atomic_load(&slots[i]) != 1) {
            fprintf(stderr, "task %llu ran %u times\n", (unsigned long long)i,
                    (unsigned)atomic_load(&slots[i]));
            return 1;
        }
    printf("shared_stream_stress: tasks=%llu threads=%d streams=%d time=%.2fs rate=%.2fM/s\n",
           (unsigned long long)(per_thread * NTHREADS), NTHREADS, NSHARED, secs,
           (double)(per_thread * NTHREADS) / secs / 1e6);

    free(slots);
    CHECK_OK(aclrtDestroyStream(shared[1]));
    TEST_CLOSE();
    return 0;
}
