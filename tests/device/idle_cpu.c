/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An open device costs (almost) no CPU while idle: after host functions and
 * kernels ran (so the host-function pool threads and the device workers have
 * grown their adaptive spin budgets, sched/worker.c W4), the process uses
 * less than 1% of a core over 2 s of sleep (getrusage, user + system time of
 * every thread). Spinning threads that never parked would use ~100%.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "testutil.h"

static void h_nop(void *arg)
{
    (void)arg;
}

static int32_t k_nop(void *arg)
{
    (void)arg;
    return 0;
}

static uint64_t cpu_ns(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ((uint64_t)ru.ru_utime.tv_sec + (uint64_t)ru.ru_stime.tv_sec) * 1000000000u +
           ((uint64_t)ru.ru_utime.tv_usec + (uint64_t)ru.ru_stime.tv_usec) * 1000u;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    for (int i = 0; i < 2000; i++) { /* back to back: budgets grow to their top */
        CHECK_OK(aclrtLaunchHostFunc(s, h_nop, NULL));
        CHECK_OK(cpuaclLaunchKernel(s, k_nop, NULL));
        CHECK_OK(aclrtSynchronizeStream(s));
    }
    uint64_t c0 = cpu_ns();
    struct timespec ts = {2, 0};
    nanosleep(&ts, NULL);
    uint64_t used = cpu_ns() - c0;
    printf("device_idle_cpu: %.3f ms of CPU over 2 s idle (%.2f%% of a core)\n", used / 1e6,
           used / 2e7);
    CHECK(used < 20000000u); /* 1% of 2 s */
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    return 0;
}
