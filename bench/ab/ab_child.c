/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-ab-child: one side of an A/B comparison of libcpuacl builds
 * (bench/ab/cpuacl_ab.py starts one or more per build, each with its own
 * LD_LIBRARY_PATH, and has them measure in turn).
 *
 *   cpuacl-ab-child       for each line read on stdin: the empty-kernel submit
 *                         (median of 64 batches of 256 launches, ns) and the
 *                         one-stream rate (100000 launches + sync, Mtask/s),
 *                         printed as one line "<submit_ns> <rate>"
 *   cpuacl-ab-child rtt   the cache-line round trip between cores 0 and 1 (ns,
 *                         best of 5 runs of 4000 ping-pongs): tells which vCPU
 *                         placement a round ran in
 *
 * The host thread runs on core 0 and device 0's worker on core 1, as in
 * cpuacl-bench.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"

#define BATCHES 64
#define BATCH 256
#define RATE_TASKS 100000

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

/* ---- rtt: an atomic ping-pong between cores 0 and 1 ------------------- */

#define RTT_ROUNDS 4000
static _Alignas(64) _Atomic long g_ping;
static _Alignas(64) _Atomic long g_pong;

static void *pong_thread(void *arg)
{
    long n = (long)(intptr_t)arg;
    pin(1);
    for (long i = 1; i <= n; i++) {
        /* acquire/release: each side's value is the other's go-ahead */
        while (atomic_load_explicit(&g_ping, memory_order_acquire) != i)
            ;
        atomic_store_explicit(&g_pong, i, memory_order_release);
    }
    return NULL;
}

static int run_rtt(void)
{
    cpu_set_t mine;
    if (sched_getaffinity(0, sizeof mine, &mine) || !CPU_ISSET(0, &mine) || !CPU_ISSET(1, &mine)) {
        printf("0\n"); /* not two cores to measure between */
        return 0;
    }
    pin(0);
    pthread_t th;
    if (pthread_create(&th, NULL, pong_thread, (void *)(intptr_t)(5 * RTT_ROUNDS))) {
        fprintf(stderr, "cpuacl-ab-child: pthread_create failed\n");
        return 1;
    }
    double best = 1e18;
    for (long r = 0; r < 5; r++) {
        double t0 = now_ns();
        for (long i = r * RTT_ROUNDS + 1; i <= (r + 1) * RTT_ROUNDS; i++) {
            atomic_store_explicit(&g_ping, i, memory_order_release); /* as above */
            while (atomic_load_explicit(&g_pong, memory_order_acquire) != i)
                ;
        }
        double d = (now_ns() - t0) / RTT_ROUNDS;
        if (d < best)
            best = d;
    }
    pthread_join(th, NULL);
    printf("%.0f\n", best);
    return 0;
}

/* ---- submit and rate ----------------------------------------------------- */

static int32_t empty_kernel(void *args)
{
    (void)args;
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#define CHECK(call)                                                                   \
    do {                                                                              \
        aclError rc_ = (call);                                                        \
        if (rc_ != ACL_SUCCESS) {                                                     \
            fprintf(stderr, "cpuacl-ab-child: %s: %d (%s)\n", #call, (int)rc_,        \
                    aclGetRecentErrMsg());                                            \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

static void launch_n(aclrtStream s, int n)
{
    for (int k = 0; k < n; k++)
        CHECK(cpuaclLaunchKernel(s, empty_kernel, NULL));
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "rtt"))
        return run_rtt();
    if (argc > 1) {
        fprintf(stderr, "usage: cpuacl-ab-child [rtt]\n");
        return 2;
    }
    pin(0);
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    aclrtStream s;
    CHECK(aclrtCreateStream(&s));
    setvbuf(stdout, NULL, _IOLBF, 0);
    char line[64];
    double batch[BATCHES];
    while (fgets(line, sizeof line, stdin)) {
        launch_n(s, 2000); /* wake the worker, warm the ring */
        CHECK(aclrtSynchronizeStream(s));
        for (int i = 0; i < BATCHES; i++) {
            double t0 = now_ns();
            launch_n(s, BATCH);
            batch[i] = (now_ns() - t0) / BATCH;
            CHECK(aclrtSynchronizeStream(s));
        }
        qsort(batch, BATCHES, sizeof batch[0], cmp_double);
        double t0 = now_ns();
        launch_n(s, RATE_TASKS);
        CHECK(aclrtSynchronizeStream(s));
        double rate = RATE_TASKS / (now_ns() - t0) * 1e3;
        printf("%.3f %.2f\n", batch[BATCHES / 2], rate);
    }
    CHECK(aclrtDestroyStream(s));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    return 0;
}
