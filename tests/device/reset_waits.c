/* SPDX-License-Identifier: Apache-2.0 */
/* A wait that can never be satisfied does not hang the device's teardown (issue 33, item 9):
 * aclrtResetDeviceForce drops the stream's unstarted and waiting work, as
 * aclrtDestroyStreamForce does; aclFinalize releases value waits and runs what is queued; a plain aclrtResetDevice waits for the queued work, and a
 * value wait queued under aclrtSetOpWaitTimeout fails with ACL_ERROR_RT_EVENT_SYNC_TIMEOUT
 * after that time, so the plain reset returns. Work queued behind the wait never runs. A hang
 * fails the test by its ctest timeout. */
#include <stdint.h>

#include "acltest.h"

static int32_t g_ran;

static void cb_mark(void *arg)
{
    (void)arg;
    __atomic_store_n(&g_ran, 1, __ATOMIC_RELAXED);
}

/* A stream held by a value wait on a word that stays 0, with a callback behind it. */
static void *stuck_stream(aclrtStream *out)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    void *w = NULL;
    CHECK_OK(aclrtMalloc(&w, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemset(w, 64, 0, 64));
    CHECK_OK(aclrtValueWait(w, 1, ACL_STREAM_WAIT_VALUE_GEQ, s));
    CHECK_OK(aclrtLaunchHostFunc(s, cb_mark, NULL));
    *out = s;
    return w;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;

    /* forced reset: returns, the callback behind the wait never ran */
    stuck_stream(&s);
    CHECK_OK(aclrtResetDeviceForce(0));
    CHECK(__atomic_load_n(&g_ran, __ATOMIC_RELAXED) == 0);
    CHECK_OK(aclrtSetDevice(0));

    /* the operator wait timeout: the wait fails after 1 s, the stream reports it, and a
     * plain reset returns */
    CHECK_OK(aclrtSetOpWaitTimeout(1));
    void *w = stuck_stream(&s);
    CHECK_ACL(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, aclrtSynchronizeStream(s));
    CHECK_OK(aclrtFree(w));
    stuck_stream(&s);
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclrtSetOpWaitTimeout(0));
    CHECK_OK(aclrtSetDevice(0));

    /* aclFinalize with a wait that can never be satisfied: the wait is released and the
     * work queued behind it runs (aclFinalize completes queued work) */
    __atomic_store_n(&g_ran, 0, __ATOMIC_RELAXED);
    stuck_stream(&s);
    CHECK_OK(aclFinalize());
    CHECK(__atomic_load_n(&g_ran, __ATOMIC_RELAXED) == 1);
    puts("device_reset_waits: ok");
    return 0;
}
