/* SPDX-License-Identifier: Apache-2.0 */
/* A full task ring blocks the submitter; no task is dropped or reordered. */
/* A full task ring applies back-pressure: the submitting thread waits for space and no task is ever
 * dropped or reordered. */
#include "acltest.h"

#define RING 64
#define TASKS 20000

struct seq_arg {
    _Atomic uint64_t *next;
    uint64_t seq;
};

/* Runs in order exactly once: the counter must equal this task's number. */
static int32_t k_seq(void *args)
{
    struct seq_arg a;
    memcpy(&a, args, sizeof a);
    uint64_t got = atomic_load_explicit(a.next, memory_order_relaxed);
    if (got != a.seq)
        KFAIL("task %llu ran when %llu tasks had run", (unsigned long long)a.seq,
              (unsigned long long)got);
    atomic_store_explicit(a.next, got + 1, memory_order_relaxed);
    return 0;
}

static aclrtContext ctx;
static aclrtStream stream;
static _Atomic uint64_t submitted, next_seq;

static void *submitter(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtSetCurrentContext(ctx));
    for (uint64_t i = 0; i < TASKS; i++) {
        struct seq_arg a = {&next_seq, i};
        CHECK_OK(cpuaclLaunchKernelArgs(stream, k_seq, &a, sizeof a));
        atomic_store(&submitted, i + 1);
    }
    return NULL;
}

int main(void)
{
    char ring[16];
    snprintf(ring, sizeof ring, "%d", RING);
    setenv("CPUACL_RING_SLOTS", ring, 1);
    setenv("CPUACL_SPIN_US", "5", 1); /* park quickly */
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    CHECK_OK(aclrtCreateStream(&stream));

    struct kt_gate g = {0};
    CHECK_OK(launch_gate(stream, &g));
    pthread_t th;
    CHECK(pthread_create(&th, NULL, submitter, NULL) == 0);
    /* With the gate closed the submitter must stall near the ring size. */
    sleep_ms(200);
    uint64_t stalled = atomic_load(&submitted);
    if (stalled >= TASKS || stalled > 4 * RING) {
        fprintf(stderr, "submitter got %llu tasks into a %d-slot ring behind a blocked kernel\n",
                (unsigned long long)stalled, RING);
        return 1;
    }
    sleep_ms(100);
    CHECK(atomic_load(&submitted) == stalled); /* waiting, not spinning forward */
    CHECK(atomic_load(&next_seq) == 0);
    gate_open(&g);
    pthread_join(th, NULL);
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK_NO_KFAIL();
    CHECK(atomic_load(&next_seq) == TASKS);

    /* Again with the host and the worker racing (no gate), repeatedly. */
    for (int round = 0; round < 5; round++) {
        atomic_store(&next_seq, 0);
        pthread_create(&th, NULL, submitter, NULL);
        pthread_join(th, NULL);
        CHECK_OK(aclrtSynchronizeStream(stream));
        CHECK_NO_KFAIL();
        CHECK(atomic_load(&next_seq) == TASKS);
    }

    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    return 0;
}
