/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtGetThreadLastTaskId: the id of the last task the calling thread
 * submitted, the same number an exception info reports for that task;
 * per thread (another thread's submissions do not change it); NULL output:
 * ACL_ERROR_INVALID_PARAM. */
#include "acltest.h"

static _Atomic uint32_t seen_task = 0xFFFFFFFFu;

static void on_exception(aclrtExceptionInfo *info)
{
    atomic_store(&seen_task, aclrtGetTaskIdFromExceptionInfo(info));
}

static aclrtContext ctx;
static aclrtStream s2;
static _Atomic uint32_t other_id = 0xFFFFFFFFu;

static void *other_main(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtSetCurrentContext(ctx));
    _Atomic uint64_t ctr = 0;
    for (int i = 0; i < 5; i++) /* s2 is fresh: ids 0..4 */
        CHECK_OK(launch_inc(s2, &ctr));
    uint32_t id = 0xFFFFFFFFu;
    CHECK_OK(aclrtGetThreadLastTaskId(&id));
    atomic_store(&other_id, id);
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK(atomic_load(&ctr) == 5);
    return NULL;
}

/* A thread that has submitted nothing reports 0, also when it inherits the
 * producer record of a thread that exited (other_main's, which ended at 4):
 * creating a stream that reuses a destroyed one registers this thread as a
 * producer without committing a task. */
static _Atomic uint32_t fresh_id = 0xFFFFFFFFu;
static void *fresh_main(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtSetCurrentContext(ctx));
    aclrtStream t;
    CHECK_OK(aclrtCreateStream(&t));
    uint32_t id = 0xFFFFFFFFu;
    CHECK_OK(aclrtGetThreadLastTaskId(&id));
    atomic_store(&fresh_id, id);
    CHECK_OK(aclrtDestroyStream(t));
    return NULL;
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetThreadLastTaskId(NULL));
    aclrtStream s;
    CREATE_STREAMS(&s, &s2);
    CHECK_OK(aclrtSetExceptionInfoCallback(on_exception));

    _Atomic uint64_t ctr = 0;
    uint32_t prev = 0xFFFFFFFFu, id = 0xFFFFFFFFu;
    for (int i = 0; i < 3; i++) {
        CHECK_OK(launch_inc(s, &ctr));
        CHECK_OK(aclrtGetThreadLastTaskId(&id));
        if (i) /* one stream: consecutive positions */
            CHECK(id == prev + 1);
        prev = id;
    }
    /* The failing task's id is the one the exception info reports. */
    CHECK_OK(cpuaclLaunchKernel(s, kt_fail, NULL));
    uint32_t fail_id = 0xFFFFFFFFu;
    CHECK_OK(aclrtGetThreadLastTaskId(&fail_id));
    CHECK(fail_id == prev + 1);
    CHECK(aclrtSynchronizeStream(s) == ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK(atomic_load(&seen_task) == fail_id);
    CHECK(atomic_load(&ctr) == 3);

    /* Another thread's submissions are its own. */
    pthread_t th;
    CHECK(pthread_create(&th, NULL, other_main, NULL) == 0);
    pthread_join(th, NULL);
    CHECK(atomic_load(&other_id) == 4);
    uint32_t again = 0xFFFFFFFFu;
    CHECK_OK(aclrtGetThreadLastTaskId(&again));
    CHECK(again == fail_id);
    {
        aclrtStream d; /* a destroyed stream for fresh_main's create to reuse */
        CHECK_OK(aclrtCreateStream(&d));
        CHECK_OK(launch_inc(d, &ctr));
        CHECK_OK(aclrtSynchronizeStream(d));
        CHECK_OK(aclrtDestroyStream(d));
        CHECK(pthread_create(&th, NULL, fresh_main, NULL) == 0);
        pthread_join(th, NULL);
        CHECK(atomic_load(&fresh_id) == 0);
        CHECK_OK(aclrtGetThreadLastTaskId(&again));
        CHECK(again == 0); /* d's task was main's last: position 0 of d */
    }

    /* Back on main: a submission to the other stream. */
    CHECK_OK(aclrtSetExceptionInfoCallback(NULL));
    CHECK_OK(launch_inc(s2, &ctr));
    CHECK_OK(aclrtGetThreadLastTaskId(&again));
    CHECK(again == 5); /* s2 held 0..4 */
    CHECK_OK(aclrtSynchronizeStream(s2));
    DESTROY_STREAMS(s, s2);
    TEST_CLOSE();
    printf("task_last_id: ok\n");
    return 0;
}
