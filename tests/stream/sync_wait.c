/* SPDX-License-Identifier: Apache-2.0 */
/*
 * How a synchronisation waits: work of ~300 us synchronised again and again,
 * then long work, which the host must wait for parked.
 *   - 200 rounds of busy work of 300 us + aclrtSynchronizeStream: every
 *     round's kernel has run when its synchronisation returns;
 *   - then work of 30 ms, five times: the host thread parks, also on the
 *     first of them, right after the short rounds: it uses under a third of
 *     the 150 ms of waiting in CPU time (a spinning host would use all of it);
 *   - a 1 ms timeout after short rounds still expires (507046) and the
 *     stream stays usable; a device synchronisation after short work on two
 *     streams sees all of it.
 * It guards the idle-CPU rule (a host waiting on long work parks) for any
 * adaptive spin of synchronisations.
 */
#include <time.h>

#include "acltest.h"

static _Atomic uint64_t g_runs;

/* args: copied uint32_t microseconds of busy work (a model's operators). */
static int32_t k_busy(void *args)
{
    uint32_t us;
    memcpy(&us, args, sizeof us);
    double t0 = now_ms();
    while ((now_ms() - t0) * 1000.0 < us)
        ;
    atomic_fetch_add(&g_runs, 1);
    return 0;
}

static aclError launch_busy(aclrtStream s, uint32_t us)
{
    return cpuaclLaunchKernelArgs(s, k_busy, &us, sizeof us);
}

static double thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Rounds of short work on s, each synchronised: all of it ran each time. */
static int short_rounds(aclrtStream s, int rounds)
{
    for (int i = 0; i < rounds; i++) {
        uint64_t want = atomic_load(&g_runs) + 1;
        CHECK_OK(launch_busy(s, 300));
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK(atomic_load(&g_runs) == want);
    }
    return 0;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s, s2;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtCreateStream(&s2));

    if (short_rounds(s, 200))
        return 1;

    /* Long work after short: the host parks. */
    double cpu0 = thread_cpu_ms(), t0 = now_ms();
    for (int i = 0; i < 5; i++) {
        CHECK_OK(launch_sleep(s, 30));
        CHECK_OK(launch_busy(s, 1));
        uint64_t want = atomic_load(&g_runs) + 1;
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK(atomic_load(&g_runs) == want);
    }
    double cpu = thread_cpu_ms() - cpu0, wall = now_ms() - t0;
    printf("stream_sync_wait: host thread used %.2f ms of CPU over %.1f ms of 30 ms waits\n", cpu,
           wall);
    CHECK(wall >= 150);
    CHECK(cpu < 50);

    /* A timeout of 1 ms after short work: it expires. */
    if (short_rounds(s, 20))
        return 1;
    atomic_store(&kt_slow_done, 0);
    CHECK_OK(cpuaclLaunchKernel(s, kt_slow, KT_MS(200)));
    t0 = now_ms();
    CHECK_ERR(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, aclrtSynchronizeStreamWithTimeout(s, 1));
    double dt = now_ms() - t0;
    CHECK(dt >= 0.9 && dt < 150);
    CHECK(atomic_load(&kt_slow_done) == 0);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&kt_slow_done) == 1);

    /* The device's synchronisation waits on each stream. */
    if (short_rounds(s, 20) || short_rounds(s2, 20))
        return 1;
    uint64_t want = atomic_load(&g_runs) + 4;
    CHECK_OK(launch_busy(s, 300));
    CHECK_OK(launch_busy(s2, 300));
    CHECK_OK(launch_busy(s, 300));
    CHECK_OK(launch_busy(s2, 300));
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK(atomic_load(&g_runs) == want);

    CHECK_OK(aclrtDestroyStream(s2));
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    return 0;
}
