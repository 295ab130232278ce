/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtSynchronizeStreamWithTimeout: bad timeouts 107000, expiry 507046. */
/* aclrtSynchronizeStreamWithTimeout: -1 forever, > 0 ms, 0 and < -1 rejected with 107000, a real
 * expiry returns 507046 and leaves the work running. */
#include "acltest.h"

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));

    /* Bad timeouts. */
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeStreamWithTimeout(s, 0));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeStreamWithTimeout(s, -2));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeStreamWithTimeout(s, INT32_MIN));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeStreamWithTimeout(NULL, 0));

    /* Idle stream: immediate success for any valid timeout. */
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s, 1));
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s, -1));

    /* A real expiry: the kernel sleeps 500 ms, we wait 50 ms. */
    CHECK_OK(cpuaclLaunchKernel(s, kt_slow, KT_MS(500)));
    double t0 = now_ms();
    CHECK_ERR(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, aclrtSynchronizeStreamWithTimeout(s, 50));
    double dt = now_ms() - t0;
    if (dt < 45 || dt > 450) {
        fprintf(stderr, "timeout of 50 ms returned after %.1f ms\n", dt);
        return 1;
    }
    CHECK(atomic_load(&kt_slow_done) == 0);
    aclrtStreamStatus st;
    CHECK_OK(aclrtStreamQuery(s, &st));
    CHECK(st == ACL_STREAM_STATUS_NOT_READY);
    /* The timeout is not a stream error: a later sync succeeds. */
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s, -1));
    CHECK(atomic_load(&kt_slow_done) == 1);
    CHECK_OK(aclrtSynchronizeStream(s));

    /* A timeout long enough succeeds. */
    atomic_store(&kt_slow_done, 0);
    CHECK_OK(cpuaclLaunchKernel(s, kt_slow, KT_MS(500)));
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s, 10000));
    CHECK(atomic_load(&kt_slow_done) == 1);

    /* Same on the default stream. */
    atomic_store(&kt_slow_done, 0);
    CHECK_OK(cpuaclLaunchKernel(NULL, kt_slow, KT_MS(500)));
    CHECK_ERR(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, aclrtSynchronizeStreamWithTimeout(NULL, 20));
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(NULL, -1));
    CHECK(atomic_load(&kt_slow_done) == 1);

    /* Many short kernels: a sync with a timeout sees all of them. */
    _Atomic uint64_t ctr = 0;
    for (int i = 0; i < 5000; i++)
        CHECK_OK(launch_inc(s, &ctr));
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s, 30000));
    CHECK(atomic_load(&ctr) == 5000);

    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    return 0;
}
