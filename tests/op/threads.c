/* SPDX-License-Identifier: Apache-2.0 */
/* The plan cache under threads (docs/op.md, "The plan cache"): 64 threads, each on its own
 * stream, run Add on shapes the threads share (the same keys, looked up at once) and shapes
 * of their own, several operators queued before each synchronize, every result checked
 * against the host (the payload identifies the thread and round). Then the bound shrunk to 3
 * plans while the threads run: plans are evicted while tasks that use them are queued, and
 * every result is still right. Run under the tsan preset too. */
#include "optest.h"

#ifndef THREADS
#define THREADS 64
#endif
#define ROUNDS 12
#define QUEUED 4

static _Atomic int g_failed;

struct job {
    int id;
    pthread_barrier_t *start;
};

/* One round: QUEUED Adds of shapes [1 + k % 3, width] queued, then checked. */
static void round_of(int id, int round, aclrtStream s)
{
    struct ten a[QUEUED], b[QUEUED], y[QUEUED];
    float av[QUEUED][64], bv[QUEUED][64];
    for (int k = 0; k < QUEUED; k++) {
        /* widths 1..4 are shared by all threads; 5 + id % 8 by some */
        int64_t dims[2] = {1 + k % 3, k < 2 ? 1 + (round + k) % 4 : 5 + (id + k) % 8};
        a[k] = ten_new(ACL_FLOAT, 2, dims);
        b[k] = ten_new(ACL_FLOAT, 2, dims);
        y[k] = ten_new(ACL_FLOAT, 2, dims);
        for (size_t i = 0; i < a[k].n; i++) {
            av[k][i] = (float)(id * 1000 + round * 10 + k);
            bv[k][i] = (float)i * 0.5f;
        }
        ten_put(&a[k], av[k]);
        ten_put(&b[k], bv[k]);
        struct ten in[2] = {a[k], b[k]};
        if (op_run("Add", 2, in, 1, &y[k], NULL, s) != ACL_SUCCESS)
            atomic_store(&g_failed, 1);
    }
    if (aclrtSynchronizeStream(s) != ACL_SUCCESS)
        atomic_store(&g_failed, 1);
    for (int k = 0; k < QUEUED; k++) {
        float got[64];
        ten_get(&y[k], got);
        for (size_t i = 0; i < y[k].n; i++)
            if (got[i] != av[k][i] + bv[k][i]) {
                fprintf(stderr, "thread %d round %d op %d element %zu: %g, want %g\n", id, round, k,
                        i, (double)got[i], (double)(av[k][i] + bv[k][i]));
                atomic_store(&g_failed, 1);
            }
        ten_free(&a[k]);
        ten_free(&b[k]);
        ten_free(&y[k]);
    }
}

static void *worker(void *arg)
{
    struct job *j = arg;
    CHECK_OK(aclrtSetDevice(0));
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    pthread_barrier_wait(j->start);
    for (int r = 0; r < ROUNDS; r++)
        round_of(j->id, r, s);
    CHECK_OK(aclrtDestroyStream(s));
    return NULL;
}

static void hammer(void)
{
    pthread_t th[THREADS];
    struct job jobs[THREADS];
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++) {
        jobs[i] = (struct job){i, &start};
        CHECK(pthread_create(&th[i], NULL, worker, &jobs[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&start);
    CHECK(!atomic_load(&g_failed));
}

int main(void)
{
    TEST_OPEN();
    hammer();
    CHECK_OK(aclopSetMaxOpQueueNum(3)); /* most plans now evicted as soon as made */
    hammer();
    CHECK_OK(aclopSetMaxOpQueueNum(20000));
    TEST_CLOSE();
    printf("op_threads: ok\n");
    return 0;
}
