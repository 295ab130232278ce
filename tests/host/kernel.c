/* SPDX-License-Identifier: Apache-2.0 */
/* cpuaclLaunchKernel[Args]: argument copy, 32-byte limit, errors, worker stats. */
/* cpuacl extensions: cpuaclLaunchKernelArgs copies up to CPUACL_KERNEL_ARGS_MAX (32) bytes at submission (larger rejected),
 * cpuaclLaunchKernel passes the pointer through, kernel errors, worker count/stats/placement. */
#include "acltest.h"

#include <stddef.h>

struct big_arg {
    uint8_t bytes[CPUACL_KERNEL_ARGS_MAX];
};

static _Atomic uint64_t seen_ok, seen_bad;

/* Checks the copy holds the pattern for its index, and is 16-byte aligned. */
static int32_t k_check_copy(void *args)
{
    struct big_arg a;
    if ((uintptr_t)args % 16 != 0)
        KFAIL("argument copy at %p is not 16-byte aligned", args);
    memcpy(&a, args, sizeof a);
    uint8_t idx = a.bytes[0];
    for (unsigned i = 1; i < sizeof a.bytes; i++)
        if (a.bytes[i] != (uint8_t)(idx * 7 + i)) {
            atomic_fetch_add(&seen_bad, 1);
            return 0;
        }
    atomic_fetch_add(&seen_ok, 1);
    return 0;
}

static int32_t k_nop(void *args)
{
    (void)args;
    atomic_fetch_add(&seen_ok, 1);
    return 0;
}

static int32_t k_ptr(void *args)
{
    int *p = args;
    *p += 1;
    return 0;
}

static int32_t k_null_args(void *args)
{
    if (args != NULL)
        KFAIL("cpuaclLaunchKernel changed a NULL argument");
    atomic_fetch_add(&seen_ok, 1);
    return 0;
}

static uint64_t total_tasks(uint32_t nw)
{
    uint64_t t = 0;
    for (uint32_t i = 0; i < nw; i++) {
        cpuaclWorkerStats st;
        CHECK_OK(cpuaclGetWorkerStats(0, i, &st));
        t += st.tasks;
    }
    return t;
}

int main(void)
{
    setenv("CPUACL_WORKERS", "2", 1);
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));

    /* The argument block is copied at submission: the caller's buffer is
     * changed right after each launch, while everything is still queued. */
    struct kt_gate g = {0};
    CHECK_OK(launch_gate(s, &g));
    struct big_arg buf;
    for (int n = 0; n < 200; n++) {
        buf.bytes[0] = (uint8_t)n;
        for (unsigned i = 1; i < sizeof buf.bytes; i++)
            buf.bytes[i] = (uint8_t)(n * 7 + i);
        CHECK_OK(cpuaclLaunchKernelArgs(s, k_check_copy, &buf, sizeof buf));
        memset(&buf, 0xEE, sizeof buf); /* clobber */
    }
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&seen_bad) == 0);
    CHECK(atomic_load(&seen_ok) == 200);

    /* Sizes: 0..CPUACL_KERNEL_ARGS_MAX accepted, more rejected. */
    uint8_t raw[64] = {0};
    atomic_store(&seen_ok, 0);
    for (size_t n = 0; n <= CPUACL_KERNEL_ARGS_MAX; n++)
        CHECK_OK(cpuaclLaunchKernelArgs(s, k_nop, raw, n));
    CHECK_OK(cpuaclLaunchKernelArgs(s, k_nop, NULL, 0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              cpuaclLaunchKernelArgs(s, k_check_copy, raw, CPUACL_KERNEL_ARGS_MAX + 1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclLaunchKernelArgs(s, k_check_copy, raw, sizeof raw));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclLaunchKernelArgs(s, k_check_copy, raw, SIZE_MAX));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclLaunchKernelArgs(s, NULL, raw, 8));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclLaunchKernel(s, NULL, raw));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&seen_ok) == CPUACL_KERNEL_ARGS_MAX + 2);

    /* cpuaclLaunchKernel passes the pointer through unchanged (NULL too). */
    int value = 0;
    for (int i = 0; i < 10; i++)
        CHECK_OK(cpuaclLaunchKernel(NULL, k_ptr, &value));
    atomic_store(&seen_ok, 0);
    CHECK_OK(cpuaclLaunchKernel(NULL, k_null_args, NULL));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(value == 10);
    CHECK(atomic_load(&seen_ok) == 1);

    /* Any non-zero return is a failure. */
    CHECK_OK(cpuaclLaunchKernel(s, kt_fail, NULL));
    CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));

    /* Worker count, stats and placement. */
    uint32_t nw = 0;
    CHECK_OK(cpuaclGetWorkerCount(0, &nw));
    CHECK(nw == 2);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclGetWorkerCount(0, NULL));
    CHECK(cpuaclGetWorkerCount(5, &nw) != ACL_SUCCESS);
    (void)aclGetRecentErrMsg();
    cpuaclWorkerStats st;
    CHECK(cpuaclGetWorkerStats(0, 2, &st) != ACL_SUCCESS);
    (void)aclGetRecentErrMsg();
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclGetWorkerStats(0, 0, NULL));
    uint32_t w;
    CHECK_OK(cpuaclStreamGetWorker(s, &w));
    CHECK(w < nw);
    CHECK_OK(cpuaclStreamGetWorker(NULL, &w));
    CHECK(w < nw);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, cpuaclStreamGetWorker(s, NULL));

    uint64_t before = total_tasks(nw);
    _Atomic uint64_t ctr = 0;
    for (int i = 0; i < 1000; i++)
        CHECK_OK(launch_inc(s, &ctr));
    CHECK_OK(aclrtSynchronizeStream(s));
    /* A statistic: it may trail the sync by a moment, so poll briefly. */
    uint64_t after = total_tasks(nw);
    double t0 = now_ms();
    while (after < before + 1000 && now_ms() - t0 < 2000) {
        sleep_ms(1);
        after = total_tasks(nw);
    }
    CHECK(atomic_load(&ctr) == 1000);
    if (after < before + 1000) {
        fprintf(stderr, "worker stats count %llu tasks for 1000 kernels\n",
                (unsigned long long)(after - before));
        return 1;
    }
    /* Some worker was busy. */
    cpuaclWorkerStats ws;
    uint64_t busy = 0;
    for (uint32_t i = 0; i < nw; i++) {
        CHECK_OK(cpuaclGetWorkerStats(0, i, &ws));
        busy += ws.busyNs;
        CHECK(ws.cpu >= -1);
    }
    CHECK(busy > 0);

    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
