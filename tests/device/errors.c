/* SPDX-License-Identifier: Apache-2.0 */
/* Errors and device facts: exception callbacks fired by a failing kernel with its task, stream,
 * device and code; aclrtGetErrorVerbose / aclrtQueryDeviceStatus / aclrtRepairError; device
 * attributes; core-count limits per device, stream and thread; CANN attributes and versions. */
#include <sys/syscall.h>

#include "acltest.h"

static _Atomic int cb_calls, cb2_calls, legacy_calls;
static uint32_t seen_task, seen_stream, seen_dev, seen_code, seen_tid;
static void *seen_args;

static void on_exception(aclrtExceptionInfo *info)
{
    seen_task = aclrtGetTaskIdFromExceptionInfo(info);
    seen_stream = aclrtGetStreamIdFromExceptionInfo(info);
    seen_dev = aclrtGetDeviceIdFromExceptionInfo(info);
    seen_code = aclrtGetErrorCodeFromExceptionInfo(info);
    seen_tid = aclrtGetThreadIdFromExceptionInfo(info);
    uint32_t len = 99;
    if (aclrtGetArgsFromExceptionInfo(info, &seen_args, &len) != ACL_SUCCESS)
        KFAIL("aclrtGetArgsFromExceptionInfo failed");
    aclrtFuncHandle f = (aclrtFuncHandle)1;
    if (aclrtGetFuncHandleFromExceptionInfo(info, &f) != ACL_SUCCESS || f != NULL)
        KFAIL("a C kernel has no function handle");
    atomic_fetch_add(&cb_calls, 1);
}
static void on_exception2(aclrtExceptionInfo *info)
{
    (void)info;
    atomic_fetch_add(&cb2_calls, 1);
}
static void on_legacy(aclrtExceptionInfo *info)
{
    (void)info;
    atomic_fetch_add(&legacy_calls, 1);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream stream;
    CHECK_OK(aclrtCreateStream(&stream));

    /* ---- exception callbacks and device error state ---- */
    aclrtDeviceStatus st = ACL_RT_DEVICE_STATUS_END;
    CHECK_OK(aclrtQueryDeviceStatus(0, &st));
    CHECK(st == ACL_RT_DEVICE_STATUS_NORMAL);
    aclrtErrorInfo ei;
    memset(&ei, 0xAB, sizeof(ei));
    CHECK_OK(aclrtGetErrorVerbose(0, &ei));
    CHECK(ei.errorType == ACL_RT_NO_ERROR && ei.tryRepair == 0 && ei.hasDetail == 0);

    CHECK_OK(aclrtExceptionInfoCallbackRegister(on_exception));
    CHECK_OK(aclrtExceptionInfoCallbackRegister(on_exception)); /* same one: kept once */
    CHECK_OK(aclrtExceptionInfoCallbackRegister(on_exception2));
    CHECK_OK(aclrtSetExceptionInfoCallback(on_legacy));

    /* Three good tasks, then the failing one: task id 3 on this stream. */
    _Atomic uint64_t counter = 0;
    for (int i = 0; i < 3; i++)
        CHECK_OK(cpuaclLaunchKernel(stream, kt_inc, &counter));
    int failarg = 7;
    CHECK_OK(cpuaclLaunchKernel(stream, kt_fail, &failarg));
    CHECK(aclrtSynchronizeStream(stream) == ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK(atomic_load(&counter) == 3);
    CHECK(atomic_load(&cb_calls) == 1);
    CHECK(atomic_load(&cb2_calls) == 1);
    CHECK(atomic_load(&legacy_calls) == 1);
    CHECK_NO_KFAIL();
    int32_t sid = -1;
    CHECK_OK(aclrtStreamGetId(stream, &sid));
    CHECK(seen_task == 3);
    CHECK(seen_stream == (uint32_t)sid);
    CHECK(seen_dev == 0);
    CHECK(seen_code == (uint32_t)ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK(seen_args == &failarg);
    CHECK(seen_tid != 0 && seen_tid != (uint32_t)syscall(SYS_gettid)); /* the worker that ran it */

    CHECK_OK(aclrtQueryDeviceStatus(0, &st));
    CHECK(st == ACL_RT_DEVICE_STATUS_ABNORMAL);
    CHECK_OK(aclrtGetErrorVerbose(0, &ei));
    CHECK(ei.errorType == ACL_RT_ERROR_OTHERS && ei.tryRepair == 1 && ei.hasDetail == 0);
    aclrtErrorInfo wrong = ei;
    wrong.errorType = ACL_RT_ERROR_MEMORY;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRepairError(0, &wrong));
    CHECK_OK(aclrtRepairError(0, &ei));
    CHECK_OK(aclrtQueryDeviceStatus(0, &st));
    CHECK(st == ACL_RT_DEVICE_STATUS_NORMAL);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRepairError(0, &ei)); /* nothing left */

    /* Unregistered callbacks are no longer called; the legacy one is cleared by NULL. */
    CHECK_OK(aclrtExceptionInfoCallbackUnregister(on_exception));
    CHECK_OK(aclrtExceptionInfoCallbackUnregister(on_exception)); /* unknown: success */
    CHECK_OK(aclrtSetExceptionInfoCallback(NULL));
    CHECK_OK(cpuaclLaunchKernel(stream, kt_fail, NULL));
    CHECK(aclrtSynchronizeStream(stream) == ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK(atomic_load(&cb_calls) == 1);
    CHECK(atomic_load(&cb2_calls) == 2);
    CHECK(atomic_load(&legacy_calls) == 1);
    CHECK_OK(aclrtExceptionInfoCallbackUnregister(on_exception2));
    /* A device reset forgets the failure. */
    CHECK_OK(aclrtDestroyStream(stream));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclrtQueryDeviceStatus(0, &st));
    CHECK(st == ACL_RT_DEVICE_STATUS_NORMAL);
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtCreateStream(&stream));

    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtExceptionInfoCallbackRegister(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtExceptionInfoCallbackUnregister(NULL));
    CHECK(aclrtGetTaskIdFromExceptionInfo(NULL) == 0xFFFFFFFFu);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetErrorVerbose(0, NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtGetErrorVerbose(99, &ei));
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtQueryDeviceStatus(-1, &st));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtQueryDeviceStatus(0, NULL));

    /* ---- device attributes ---- */
    int64_t v = 0;
    CHECK_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, &v));
    CHECK(v == 20);
    CHECK_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &v));
    CHECK(v == 40);
    CHECK_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, &v));
    size_t freeb = 0, total = 0;
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &freeb, &total));
    CHECK((size_t)v == total);
    uint32_t nw = 0;
    CHECK_OK(cpuaclGetWorkerCount(0, &nw));
    CHECK_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICPU_CORE_NUM, &v));
    CHECK(v == nw);
    CHECK_OK(aclrtGetDeviceInfo(1, ACL_DEV_ATTR_PHY_CHIP_ID, &v));
    CHECK(v == 1);
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtGetDeviceInfo(0, ACL_DEV_ATTR_WARP_SIZE, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceInfo(0, (aclrtDevAttr)12345, &v));
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtGetDeviceInfo(99, ACL_DEV_ATTR_AICORE_CORE_NUM, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, NULL));

    /* ---- core-count limits: stream > device > hardware ---- */
    uint32_t n = 0;
    CHECK_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK(n == 20);
    CHECK_OK(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 8));
    CHECK_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK(n == 8);
    CHECK_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK(n == 8);
    CHECK_OK(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, &n));
    CHECK(n == 40);
    CHECK_OK(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, 4));
    CHECK_OK(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 16));
    CHECK_OK(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK(n == 4);
    CHECK_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK(n == 8); /* not used by the thread yet */
    CHECK_OK(aclrtUseStreamResInCurrentThread(stream));
    CHECK_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK(n == 4);
    CHECK_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &n));
    CHECK(n == 16);
    CHECK_OK(aclrtUnuseStreamResInCurrentThread(stream));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtUnuseStreamResInCurrentThread(stream));
    CHECK_OK(aclrtResetStreamResLimit(stream));
    CHECK_OK(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK(n == 8);
    CHECK_OK(aclrtResetDeviceResLimit(0));
    CHECK_OK(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK(n == 20);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 21));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 41));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetDeviceResLimit(0, (aclrtDevResLimitType)7, 1));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtSetDeviceResLimit(1, ACL_RT_DEV_RES_CUBE_CORE, 1));
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtGetDeviceResLimit(99, ACL_RT_DEV_RES_CUBE_CORE, &n));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSetStreamResLimit(BAD_STREAM, ACL_RT_DEV_RES_CUBE_CORE, 1));
    /* A destroyed stream's limit is gone with it. */
    aclrtStream s2;
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK_OK(aclrtSetStreamResLimit(s2, ACL_RT_DEV_RES_CUBE_CORE, 2));
    CHECK_OK(aclrtDestroyStream(s2));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtGetStreamResLimit(s2, ACL_RT_DEV_RES_CUBE_CORE, &n));

    /* ---- process, CANN attributes, versions ---- */
    int32_t pid = 0;
    CHECK_OK(aclrtDeviceGetBareTgid(&pid));
    CHECK(pid == (int32_t)getpid());
    const aclCannAttr *list = NULL;
    size_t num = 0;
    CHECK_OK(aclGetCannAttributeList(&list, &num));
    CHECK(num >= 1 && list);
    for (size_t i = 0; i < num; i++) {
        int32_t on = 0;
        CHECK_OK(aclGetCannAttribute(list[i], &on));
        CHECK(on == 1);
    }
    int32_t on = 1;
    CHECK_OK(aclGetCannAttribute(ACL_CANN_ATTR_JIT_COMPILE, &on));
    CHECK(on == 0);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetCannAttribute(ACL_CANN_ATTR_UNDEFINED, &on));
    aclCANNPackageVersion ver;
    CHECK_OK(aclsysGetCANNVersion(ACL_PKG_NAME_RUNTIME, &ver));
    char want[64];
    snprintf(want, sizeof(want), "%d.%d.%d", ACL_MAJOR_VERSION, ACL_MINOR_VERSION, ACL_PATCH_VERSION);
    CHECK(strcmp(ver.version, want) == 0);
    snprintf(want, sizeof(want), "%d", ACL_MINOR_VERSION);
    CHECK(strcmp(ver.minorVersion, want) == 0);
    CHECK_ERR(ACL_ERROR_INVALID_FILE, aclsysGetCANNVersion(ACL_PKG_NAME_DRIVER, &ver));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclsysGetCANNVersion((aclCANNPackageName)99, &ver));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclsysGetCANNVersion(ACL_PKG_NAME_CANN, NULL));

    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    return 0;
}
