/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An idle worker's spin budget adapts (docs/runtime.md, spin_us; sched/worker.c,
 * W4). With spin_us = 50, tasks that arrive every ~100 us make a worker with
 * a fixed budget park (and be woken) once per task. An adapting worker is
 * woken soon after each of its first parks, doubles its budget past the gap
 * and then stops parking. After long idle periods (each longer than the
 * largest budget) the budget halves back, and the same gaps make it park
 * again. The counts come from cpuaclGetWorkerStats.
 */
#include "acltest.h"

#define GAP_MS 0.1 /* between tasks: twice the base budget, a quarter of the top */
#define TASKS 400

static aclrtStream stream;

/* More runnable threads than cpus right now (/proc/loadavg's 4th field,
 * our own threads included), at any of 5 looks 20 ms apart? */
static bool machine_loaded(void)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 0; i < 5; i++) {
        FILE *f = fopen("/proc/loadavg", "r");
        int running = 0;
        if (f) {
            if (fscanf(f, "%*f %*f %*f %d", &running) != 1)
                running = 0;
            fclose(f);
        }
        if (running > ncpu)
            return true;
        sleep_ms(20);
    }
    return false;
}

static uint64_t parks(void)
{
    cpuaclWorkerStats st;
    CHECK_OK(cpuaclGetWorkerStats(0, 0, &st));
    return st.parks;
}

static int32_t k_count(void *args)
{
    atomic_fetch_add_explicit((_Atomic uint64_t *)args, 1, memory_order_relaxed);
    return 0;
}

/* n tasks, each after an idle gap; returns the worker's parks meanwhile. */
static uint64_t gapped_tasks(unsigned n, _Atomic uint64_t *count)
{
    uint64_t p0 = parks();
    for (unsigned i = 0; i < n; i++) {
        sleep_ms(GAP_MS);
        CHECK_OK(cpuaclLaunchKernel(stream, k_count, (void *)count));
        CHECK_OK(aclrtSynchronizeStream(stream));
    }
    return parks() - p0;
}

int main(void)
{
    setenv("CPUACL_SPIN_US", "50", 1);
    setenv("CPUACL_WORKERS", "1", 1);
    TEST_OPEN();
    CHECK_OK(aclrtCreateStream(&stream));
    _Atomic uint64_t count = 0;

    /* Learn: the first parks are followed by quick wakes, so the budget
     * grows past the gap; from then on the worker spins through the gaps. */
    uint64_t first = gapped_tasks(TASKS / 2, &count);
    uint64_t second = gapped_tasks(TASKS / 2, &count);
    printf("parks: %llu in the first %d gaps, %llu in the next %d\n", (unsigned long long)first,
           TASKS / 2, (unsigned long long)second, TASKS / 2);
    /* A fixed 50 us budget parks in nearly every 100 us gap. The bound
     * leaves room for a noisy machine's long sleeps (a gap beyond the top
     * budget halves it, and the next gap may park once more). */
    CHECK(second < TASKS / 2 / 2);

    /* Forget: four idle periods far longer than the top budget (400 us)
     * halve it back to the base; the gaps then park again at first. A worker
     * that loses its core while it spins (a loaded machine) may not park in
     * a gap at all, so a round without parks is tried again, up to 3 times. */
    uint64_t again = 0, extra = 0;
    for (int round = 0; round < 3 && again == 0; round++) {
        uint64_t p_idle = parks();
        for (int i = 0; i < 4; i++) {
            sleep_ms(20);
            CHECK_OK(cpuaclLaunchKernel(stream, k_count, (void *)&count));
            CHECK_OK(aclrtSynchronizeStream(stream));
        }
        p_idle = parks() - p_idle;
        again = gapped_tasks(8, &count);
        extra += 4 + 8;
        printf("parks: %llu in 4 long idle periods, then %llu in 8 gaps\n",
               (unsigned long long)p_idle, (unsigned long long)again);
        CHECK(p_idle >= 4);
    }
    /* On a loaded machine the worker, which yields while it spins, loses
     * whole time slices and may never see a gap as idle: then there is
     * nothing to observe, and the check is skipped (said, not hidden). */
    if (again == 0 && machine_loaded())
        printf("SKIP the shrink check: the machine is loaded (runnable threads > cpus)\n");
    else
        CHECK(again >= 1);

    CHECK(atomic_load(&count) == TASKS + extra); /* every task ran once */
    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    return 0;
}
