/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Two threads moving one READY executor at the same moment (ops/engine/exec.c, EX5).
 *
 * The thread that built an executor launches it without a locked
 * instruction; any other thread first steals it (flag + membarrier + wait
 * for the owner's unlocked launch to finish). This test makes the owner and
 * a second thread act on the same READY executor together, many times, and
 * checks what must hold whatever the interleaving:
 *
 *  - launch vs launch: exactly one succeeds, the other gets
 *    ACLNN_ERR_PARAM_INVALID, and the operator runs exactly once (an
 *    in-place add of 1 into a counter tensor: the counter is the number of
 *    runs);
 *  - launch vs destroy: exactly one succeeds; the counter grows only when
 *    the launch did;
 *  - launch vs aclSetAclOpExecutorRepeatable: the launch always succeeds
 *    (single-use or repeatable), the executor runs once, and a repeatable one
 *    is destroyed afterwards with success;
 *  - no header is handed out twice: a second executor built while the first
 *    is pending is a different object, and its own result (out = a + b with
 *    per-iteration values) is exact.
 * A lost race in the protocol shows as two runs (counter too high), a
 * header reused while queued (wrong out values or equal executors), or a
 * crash. Iterations scale with CPUACL_STRESS_SCALE. A second registration
 * (ops_exec_steal_window) holds the owner 20 us inside its unlocked launch
 * (CPUACL_TEST_EXEC_RACE_US), so the other thread's call lands in that
 * window nearly every time instead of by luck: without the steal, launch
 * races then run the operator twice.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "optest.h"

#include "aclnnop/aclnn_add.h"

#define N 8

enum { T_LAUNCH, T_DESTROY, T_REPEATABLE, T_MODES };

static pthread_barrier_t g_start, g_done;
static aclOpExecutor *_Atomic g_ex;
static _Atomic int g_mode, g_thief_rc, g_quit;

static void *thief(void *unused)
{
    (void)unused;
    CHECK_OK(aclrtSetDevice(0)); /* this thread's context: it launches too */
    for (;;) {
        pthread_barrier_wait(&g_start);
        /* relaxed: the barrier orders these with the owner's stores */
        if (atomic_load_explicit(&g_quit, memory_order_relaxed))
            return NULL;
        aclOpExecutor *ex = atomic_load_explicit(&g_ex, memory_order_relaxed);
        int mode = atomic_load_explicit(&g_mode, memory_order_relaxed), rc;
        if (mode == T_LAUNCH)
            rc = aclnnInplaceAdd(NULL, 0, ex, g_stream);
        else if (mode == T_DESTROY)
            rc = aclDestroyAclOpExecutor(ex);
        else
            rc = aclSetAclOpExecutorRepeatable(ex);
        atomic_store_explicit(&g_thief_rc, rc, memory_order_relaxed);
        pthread_barrier_wait(&g_done);
    }
}

int main(void)
{
    ot_init();
    int iters = (int)(3000 * test_stress_scale());
    if (iters < 300)
        iters = 300;
    static float counter[N], one[N], a[N], b[N], out[N];
    for (int i = 0; i < N; i++)
        one[i] = 1.0f;
    int64_t dims[1] = {N}, strides[1] = {1}, st = N;
    aclTensor *tc = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &st, 1, counter);
    aclTensor *t1 = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &st, 1, one);
    aclTensor *ta = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &st, 1, a);
    aclTensor *tb = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &st, 1, b);
    aclTensor *to = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &st, 1, out);
    float alpha_v = 1.0f;
    aclScalar *alpha = aclCreateScalar(&alpha_v, ACL_FLOAT);
    CHECK(tc && t1 && ta && tb && to && alpha);
    CHECK(pthread_barrier_init(&g_start, NULL, 2) == 0);
    CHECK(pthread_barrier_init(&g_done, NULL, 2) == 0);
    pthread_t th;
    CHECK(pthread_create(&th, NULL, thief, NULL) == 0);

    int runs = 0, wins[T_MODES][2] = {{0}};
    for (int it = 0; it < iters; it++) {
        int mode = it % T_MODES;
        uint64_t ws = 1;
        aclOpExecutor *ex = NULL, *ex2 = NULL;
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAddGetWorkspaceSize(tc, t1, alpha, &ws, &ex));
        CHECK(ws == 0 && ex);
        /* a second executor while the first is pending: never the same header */
        for (int i = 0; i < N; i++)
            a[i] = (float)(it % 1000), b[i] = (float)i;
        CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(ta, tb, alpha, to, &ws, &ex2));
        CHECK(ex2 && ex2 != ex);
        /* relaxed: published to the thief by the barrier */
        atomic_store_explicit(&g_ex, ex, memory_order_relaxed);
        atomic_store_explicit(&g_mode, mode, memory_order_relaxed);
        pthread_barrier_wait(&g_start);
        int rc = aclnnInplaceAdd(NULL, 0, ex, g_stream);
        pthread_barrier_wait(&g_done);
        int trc = atomic_load_explicit(&g_thief_rc, memory_order_relaxed);
        CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex2, g_stream));
        if (mode == T_LAUNCH || mode == T_DESTROY) {
            if ((rc == ACLNN_SUCCESS) == (trc == ACLNN_SUCCESS)) {
                fprintf(stderr, "iteration %d (mode %d): owner %d, other thread %d: exactly one "
                                "must succeed\n", it, mode, rc, trc);
                return 1;
            }
            if ((rc != ACLNN_SUCCESS && rc != ACLNN_ERR_PARAM_INVALID) ||
                (trc != ACLNN_SUCCESS && trc != ACLNN_ERR_PARAM_INVALID)) {
                fprintf(stderr, "iteration %d (mode %d): owner %d, other thread %d\n", it, mode,
                        rc, trc);
                return 1;
            }
            runs += mode == T_LAUNCH || rc == ACLNN_SUCCESS;
            wins[mode][rc == ACLNN_SUCCESS]++;
        } else {
            CHECK(rc == ACLNN_SUCCESS);
            CHECK(trc == ACLNN_SUCCESS || trc == ACLNN_ERR_PARAM_INVALID);
            runs++;
            wins[mode][trc != ACLNN_SUCCESS]++;
        }
        CHECK_OK(aclrtSynchronizeStream(g_stream));
        if (mode == T_REPEATABLE && trc == ACLNN_SUCCESS)
            CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
        for (int i = 0; i < N; i++) {
            if (counter[i] != (float)runs || out[i] != (float)(it % 1000 + i)) {
                fprintf(stderr, "iteration %d (mode %d): counter[%d] = %g (want %d), out[%d] = "
                                "%g (want %d)\n", it, mode, i, counter[i], runs, i, out[i],
                        it % 1000 + i);
                return 1;
            }
        }
    }
    atomic_store_explicit(&g_quit, 1, memory_order_relaxed);
    pthread_barrier_wait(&g_start);
    CHECK(pthread_join(th, NULL) == 0);
    printf("ops_exec_steal: %d iterations; owner won launch %d/%d, destroy %d/%d; "
           "launched before repeatable %d/%d\n", iters, wins[T_LAUNCH][1],
           wins[T_LAUNCH][0] + wins[T_LAUNCH][1], wins[T_DESTROY][1],
           wins[T_DESTROY][0] + wins[T_DESTROY][1], wins[T_REPEATABLE][1],
           wins[T_REPEATABLE][0] + wins[T_REPEATABLE][1]);
    aclDestroyTensor(tc), aclDestroyTensor(t1), aclDestroyTensor(ta), aclDestroyTensor(tb);
    aclDestroyTensor(to), aclDestroyScalar(alpha);
    pthread_barrier_destroy(&g_start), pthread_barrier_destroy(&g_done);
    ot_fini();
    return 0;
}
