/* SPDX-License-Identifier: Apache-2.0 */
/* aclInit/aclFinalize/aclFinalizeReference counting and the calls allowed before aclInit. */
/* aclInit / aclFinalize / aclFinalizeReference reference counting, the calls allowed before
 * aclInit, and that aclFinalize waits for queued work. */
#include "acltest.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* Everything docs/runtime.md allows before aclInit (and after aclFinalize). */
static void check_allowed_uninitialised(void)
{
    aclrtRunMode mode = ACL_DEVICE;
    CHECK_OK(aclrtGetRunMode(&mode));
    CHECK(mode == ACL_HOST);

    int32_t ma = -1, mi = -1, pa = -1;
    CHECK_OK(aclrtGetVersion(&ma, &mi, &pa));
    CHECK(ma == ACL_MAJOR_VERSION && mi == ACL_MINOR_VERSION && pa == ACL_PATCH_VERSION);

    char pkg[] = "runtime";
    char ver[ACL_PKG_VERSION_MAX_SIZE] = {0};
    CHECK_OK(aclsysGetVersionStr(pkg, ver));
    CHECK(ver[0] != '\0');
    int32_t num = -1;
    CHECK_OK(aclsysGetVersionNum(pkg, &num));

    const char *soc = aclrtGetSocName();
    CHECK(soc != NULL && soc[0] != '\0');

    uint32_t count = 0;
    CHECK_OK(aclrtGetDeviceCount(&count));
    CHECK(count >= 1);

    (void)aclrtGetLastError(ACL_RT_THREAD_LEVEL);
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);
    (void)aclGetRecentErrMsg();
    CHECK(aclGetRecentErrMsg() == NULL);
}

/* Runtime calls that need aclInit: ACL_ERROR_UNINITIALIZE with a message, and
 * the thread's last error set. */
static void check_refused_uninitialised(void)
{
    aclrtStream s = NULL;
    aclrtEvent e = NULL;
    aclrtContext c = NULL;
    int32_t dev = 0;
    aclrtStreamStatus st;

    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtSetDevice(0));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtResetDevice(0));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtResetDeviceForce(0));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtGetDevice(&dev));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtSynchronizeDevice());
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtCreateContext(&c, 0));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtGetCurrentContext(&c));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtCreateStream(&s));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtSynchronizeStream(NULL));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtStreamQuery(NULL, &st));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtCreateEvent(&e));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, cpuaclLaunchKernel(NULL, kt_fail, NULL));
    /* The last error works before aclInit too: Peek keeps it, Get clears it. */
    CHECK(aclrtCreateStream(&s) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);
    (void)aclGetRecentErrMsg();
}

static _Atomic int finalize_flag;

static int32_t k_slow_flag(void *args)
{
    (void)args;
    sleep_ms(150);
    atomic_store(&finalize_flag, 1);
    return 0;
}

int main(void)
{
    /* Before any aclInit. */
    check_allowed_uninitialised();
    check_refused_uninitialised();
    CHECK_ERR(ACL_ERROR_REPEAT_FINALIZE, aclFinalize());
    uint64_t n = 99;
    CHECK_ERR(ACL_ERROR_REPEAT_FINALIZE, aclFinalizeReference(&n));

    /* Repeat init bumps the count; aclFinalize drops it to 0 at once. */
    CHECK_OK(aclInit(NULL));
    CHECK_ERR(ACL_ERROR_REPEAT_INITIALIZE, aclInit(NULL));
    CHECK_ERR(ACL_ERROR_REPEAT_INITIALIZE, aclInit(NULL));
    aclrtRunMode mode = ACL_DEVICE;
    CHECK_OK(aclrtGetRunMode(&mode));
    CHECK(mode == ACL_HOST);
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclFinalize());
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtSetDevice(0));
    CHECK_ERR(ACL_ERROR_REPEAT_FINALIZE, aclFinalize());
    check_allowed_uninitialised();
    check_refused_uninitialised();

    /* aclFinalizeReference: decrements, de-inits at 1 -> 0. */
    CHECK_OK(aclInit(NULL));
    CHECK_ERR(ACL_ERROR_REPEAT_INITIALIZE, aclInit(NULL));
    CHECK_ERR(ACL_ERROR_REPEAT_INITIALIZE, aclInit(NULL));
    n = 99;
    CHECK_OK(aclFinalizeReference(&n));
    CHECK(n == 2);
    CHECK_OK(aclrtSetDevice(0)); /* still initialised */
    n = 99;
    CHECK_OK(aclFinalizeReference(&n));
    CHECK(n == 1);
    CHECK_OK(aclrtSetDevice(0));
    n = 99;
    CHECK_OK(aclFinalizeReference(&n));
    CHECK(n == 0);
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtSetDevice(0));
    CHECK_ERR(ACL_ERROR_REPEAT_FINALIZE, aclFinalizeReference(&n));
    CHECK_ERR(ACL_ERROR_REPEAT_FINALIZE, aclFinalize());

    /* aclFinalizeReference(NULL) is allowed (reference: refCount may be NULL). */
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclFinalizeReference(NULL));
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtSetDevice(0));

    /* aclFinalize resets every device and waits for the work queued there. */
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(cpuaclLaunchKernel(s, k_slow_flag, NULL));
    CHECK_OK(aclFinalize());
    CHECK(atomic_load(&finalize_flag) == 1);
    CHECK_ERR(ACL_ERROR_REPEAT_FINALIZE, aclFinalize());

    /* And the runtime comes back after a full finalize. */
    TEST_OPEN();
    _Atomic uint64_t ctr = 0;
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(atomic_load(&ctr) == 1);
    TEST_CLOSE();
    return 0;
}
