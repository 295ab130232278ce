/* SPDX-License-Identifier: Apache-2.0 */
/* Devices: count, set/reset reference counting, bad ids, GetDevice, device sync. */
/* Devices: count, set/reset reference counting (resources live until the count reaches 0),
 * ResetDeviceForce, invalid ids 107001, GetDevice without a context 107002, run mode, device
 * synchronisation and its timeout. */
#include <sched.h>

#include "acltest.h"

static void check_bad_ids(void)
{
    uint32_t count;
    CHECK_OK(aclrtGetDeviceCount(&count));
    int32_t bad[] = {-1, (int32_t)count, (int32_t)count + 1, 1000, INT32_MIN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        aclrtContext c;
        CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtSetDevice(bad[i]));
        CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtResetDevice(bad[i]));
        CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtResetDeviceForce(bad[i]));
        CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtCreateContext(&c, bad[i]));
    }
}

static _Atomic int g_slow_started;
/* kt_slow that says when it has begun. */
static int32_t kt_started_slow(void *args)
{
    atomic_store(&g_slow_started, 1);
    return kt_slow(args);
}

int main(void)
{
    unsetenv("CPUACL_DEVICE_COUNT");
    CHECK_OK(aclInit(NULL));

    uint32_t count = 0;
    CHECK_OK(aclrtGetDeviceCount(&count));
    CHECK(count == 2); /* default */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceCount(NULL));

    aclrtRunMode mode = ACL_DEVICE;
    CHECK_OK(aclrtGetRunMode(&mode));
    CHECK(mode == ACL_HOST);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetRunMode(NULL));

    /* No current context yet. */
    int32_t dev = -5;
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtSynchronizeDevice());
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtSynchronizeDeviceWithTimeout(100));
    aclrtStream s;
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtCreateStream(&s));
    check_bad_ids();

    /* Reset of a device whose count is 0: success, nothing happens (choice). */
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtResetDevice(0));

    /* SetDevice makes the default context current. */
    CHECK_OK(aclrtSetDevice(1));
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 1);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetDevice(NULL));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 0);
    aclrtContext def0;
    CHECK_OK(aclrtGetCurrentContext(&def0));

    /* Reference counting: two sets, a stream and an event made under the
     * default context survive the first reset and die with the second. */
    CHECK_OK(aclrtSetDevice(0)); /* count 2 */
    CHECK_OK(aclrtCreateStream(&s));
    aclrtEvent e;
    CHECK_OK(aclrtCreateEvent(&e));
    _Atomic uint64_t ctr = 0;
    CHECK_OK(launch_inc(s, &ctr));
    CHECK_OK(aclrtResetDevice(0)); /* count 1 */
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 0);
    aclrtContext cur;
    CHECK_OK(aclrtGetCurrentContext(&cur));
    CHECK(cur == def0);
    CHECK_OK(launch_inc(s, &ctr));
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtSynchronizeEvent(e));
    CHECK(atomic_load(&ctr) == 2);

    /* The reset that reaches 0 waits for queued work. */
    CHECK_OK(cpuaclLaunchKernel(s, kt_slow, KT_MS(100)));
    CHECK_OK(aclrtResetDevice(0)); /* count 0 */
    CHECK(atomic_load(&kt_slow_done) == 1);
    /* The thread's current context (device 0's default) is gone. */
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    /* Until a context is current again, using the dead stream may be refused
     * for either reason; docs/device.md does not order the two checks. */
    aclrtStreamStatus st;
    CHECK_ERR2(ACL_ERROR_RT_INVALID_HANDLE, ACL_ERROR_RT_CONTEXT_NULL, aclrtStreamQuery(s, &st));
    CHECK_OK(aclrtSetDevice(0)); /* a new default context */
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeStream(s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, launch_inc(s, &ctr));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyStream(s));
    aclrtEventRecordedStatus es;
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtQueryEventStatus(e, &es));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyEvent(e));
    CHECK_OK(aclrtGetCurrentContext(&cur));
    CHECK(cur != def0); /* a new default context with a new handle */
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSetCurrentContext(def0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetCurrentContext(NULL));

    /* ResetDeviceForce: tears down whatever the count. */
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtSetDevice(0)); /* count 3 */
    CHECK_OK(aclrtCreateStream(&s));
    /* Force drops what has not started, as aclrtDestroyStreamForce does (issue 33, item 9), and
     * waits for the task running: a slow kernel that has begun finishes, the one behind it
     * never runs. */
    atomic_store(&kt_slow_done, 0);
    atomic_store(&g_slow_started, 0);
    _Atomic uint64_t behind = 0;
    CHECK_OK(cpuaclLaunchKernel(s, kt_started_slow, KT_MS(100)));
    CHECK_OK(launch_inc(s, &behind));
    while (!atomic_load(&g_slow_started))
        sched_yield();
    CHECK_OK(aclrtResetDeviceForce(0));
    CHECK(atomic_load(&kt_slow_done) == 1); /* waited for the running work */
    CHECK(atomic_load(&behind) == 0);       /* dropped the rest */
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeStream(s));
    CHECK_OK(aclrtResetDevice(0)); /* count 1 -> 0 */
    CHECK_OK(aclrtResetDevice(0)); /* at 0 already: success, nothing */

    /* Device synchronisation waits for every stream of the current
     * context's device, also streams of other contexts on it. */
    CHECK_OK(aclrtSetDevice(0));
    aclrtContext def;
    CHECK_OK(aclrtGetCurrentContext(&def));
    aclrtContext other;
    CHECK_OK(aclrtCreateContext(&other, 0));
    aclrtStream so;
    CHECK_OK(aclrtCreateStream(&so));
    atomic_store(&kt_slow_done, 0);
    CHECK_OK(cpuaclLaunchKernel(so, kt_slow, KT_MS(100)));
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtSetCurrentContext(def));
    aclrtStream s2[3];
    atomic_store(&ctr, 0);
    for (int i = 0; i < 3; i++) {
        CHECK_OK(aclrtCreateStream(&s2[i]));
        CHECK_OK(launch_sleep(s2[i], 20));
        CHECK_OK(launch_inc(s2[i], &ctr));
    }
    CHECK_OK(launch_sleep(NULL, 20));
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK(atomic_load(&ctr) == 4);
    CHECK(atomic_load(&kt_slow_done) == 1);

    /* Device sync timeout: as streams. */
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeDeviceWithTimeout(0));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeDeviceWithTimeout(-2));
    CHECK_OK(launch_sleep(s2[1], 600));
    double t0 = now_ms();
    CHECK_ERR(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, aclrtSynchronizeDeviceWithTimeout(50));
    double dt = now_ms() - t0;
    CHECK(dt >= 40 && dt < 550);
    CHECK_OK(aclrtSynchronizeDeviceWithTimeout(-1));
    CHECK_OK(launch_sleep(s2[2], 10));
    CHECK_OK(aclrtSynchronizeDeviceWithTimeout(5000));
    for (int i = 0; i < 3; i++)
        CHECK_OK(aclrtDestroyStream(s2[i]));

    /* Device 1 is independent of device 0. */
    CHECK_OK(aclrtSetDevice(1));
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 1);
    aclrtStream s1;
    CHECK_OK(aclrtCreateStream(&s1));
    atomic_store(&ctr, 0);
    CHECK_OK(launch_inc(s1, &ctr));
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK(atomic_load(&ctr) == 2);
    /* A device-0 stream while device 1's context is current. */
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtSynchronizeStream(s));
    CHECK_OK(aclrtDestroyStream(s1));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtResetDevice(1)); /* 1 was set twice in this program */

    CHECK_OK(aclrtSetCurrentContext(other));
    DESTROY_STREAMS(s, so);
    CHECK_OK(aclrtDestroyContext(other));
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
