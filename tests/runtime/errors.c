/* SPDX-License-Identifier: Apache-2.0 */
/* aclGetRecentErrMsg and aclrtGetLastError/PeekAtLastError, per thread. */
/* aclGetRecentErrMsg returns a message after a failing call and NULL once read; aclrtGetLastError
 * returns and clears, aclrtPeekAtLastError does not; both are per thread, and asynchronous errors
 * are recorded at the sync that reports them. */
#include "acltest.h"

static _Atomic int phase;

static void *other_thread(void *arg)
{
    (void)arg;
    /* The main thread's failure is not visible here. */
    CHECK(aclGetRecentErrMsg() == NULL);
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);
    /* Our own failure is not visible to main. */
    int32_t dev;
    CHECK(aclrtGetDevice(&dev) == ACL_ERROR_RT_CONTEXT_NULL);
    atomic_store(&phase, 1);
    while (atomic_load(&phase) != 2)
        sleep_ms(1);
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_CONTEXT_NULL);
    const char *m = aclGetRecentErrMsg();
    CHECK(m != NULL && *m != '\0');
    return NULL;
}

int main(void)
{
    TEST_OPEN();

    /* Nothing failed yet. */
    CHECK(aclGetRecentErrMsg() == NULL);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);

    /* A failing call: message and last error. */
    CHECK(aclrtSetDevice(99) == ACL_ERROR_RT_INVALID_DEVICEID);
    const char *m = aclGetRecentErrMsg();
    CHECK(m != NULL && strlen(m) > 0);
    printf("message: %s\n", m);
    CHECK(aclGetRecentErrMsg() == NULL); /* read once */
    /* The last error is separate from the message and survives reading it. */
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);

    /* Successful calls do not clear the last error or the message. */
    CHECK(aclrtCreateStream(NULL) == ACL_ERROR_INVALID_PARAM);
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_INVALID_PARAM);
    m = aclGetRecentErrMsg();
    CHECK(m != NULL && *m != '\0');

    /* The latest failure wins. */
    CHECK(aclrtSetDevice(-1) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclrtDestroyStream(NULL) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_INVALID_PARAM);
    m = aclGetRecentErrMsg();
    CHECK(m != NULL && *m != '\0');
    CHECK(aclGetRecentErrMsg() == NULL);

    /* Per thread. */
    CHECK(aclrtSynchronizeStream(BAD_STREAM) == ACL_ERROR_RT_INVALID_HANDLE);
    pthread_t th;
    CHECK(pthread_create(&th, NULL, other_thread, NULL) == 0);
    while (atomic_load(&phase) != 1)
        sleep_ms(1);
    CHECK(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_INVALID_HANDLE);
    m = aclGetRecentErrMsg();
    CHECK(m != NULL && *m != '\0');
    atomic_store(&phase, 2);
    pthread_join(th, NULL);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_INVALID_HANDLE);

    /* An asynchronous failure: recorded by the sync that reports it. */
    CHECK_OK(cpuaclLaunchKernel(s, kt_fail, NULL));
    CHECK(aclrtSynchronizeStream(s) == ACL_ERROR_RT_AICORE_EXCEPTION);
    m = aclGetRecentErrMsg();
    CHECK(m != NULL && *m != '\0');
    printf("async message: %s\n", m);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(aclGetRecentErrMsg() == NULL);

    /* Timeouts are failures too. */
    CHECK_OK(launch_sleep(s, 200));
    CHECK(aclrtSynchronizeStreamWithTimeout(s, 10) == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    m = aclGetRecentErrMsg();
    CHECK(m != NULL && *m != '\0');
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);

    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    return 0;
}
