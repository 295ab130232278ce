/* SPDX-License-Identifier: Apache-2.0 */
/* Subscribe/LaunchCallback/ProcessReport/UnSubscribe: BLOCK, NO_BLOCK, errors. */
/* aclrtSubscribeReport / aclrtLaunchCallback / aclrtProcessReport / aclrtUnSubscribeReport: BLOCK
 * holds the stream until the callback returned, NO_BLOCK does not, callbacks run on the subscribed
 * thread, and every error code of docs/host.md. */
#include "acltest.h"

static aclrtContext def0;
static pthread_t report_thread;
static _Atomic int report_stop, report_go;
static _Atomic uint64_t reports_ok;

/* The subscribed thread: processes reports until told to stop. */
static void *report_main(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtSetCurrentContext(def0));
    /* report_go is set once main subscribed this thread */
    process_until_stopped(aclrtProcessReport, "aclrtProcessReport", &report_go, &report_stop,
                          &reports_ok);
    return NULL;
}

static struct kt_log *log_;

static void log_push(uint32_t v)
{
    uint32_t i = atomic_fetch_add(&log_->n, 1);
    if (i < KT_LOG_MAX)
        atomic_store(&log_->v[i], v);
}

/* BLOCK callback: takes its time, then logs; later kernels must come after. */
static void cb_block(void *data)
{
    if (!pthread_equal(pthread_self(), report_thread))
        KFAIL("callback ran outside the subscribed thread");
    sleep_ms(20);
    log_push((uint32_t)(uintptr_t)data);
}

/* NO_BLOCK callback: waits for the kernel queued behind it. If the stream
 * waited for the callback, the kernel could never run. */
static _Atomic int after_kernel_ran, noblock_saw_kernel, noblock_done;

static int32_t k_after(void *args)
{
    (void)args;
    atomic_store(&after_kernel_ran, 1);
    return 0;
}

static void cb_noblock(void *data)
{
    (void)data;
    if (!pthread_equal(pthread_self(), report_thread))
        KFAIL("callback ran outside the subscribed thread");
    if (wait_flag(&after_kernel_ran, 5000))
        atomic_store(&noblock_saw_kernel, 1);
    atomic_store(&noblock_done, 1);
}

static _Atomic int simple_runs;
static pthread_t simple_expected_thread;

static void cb_simple(void *data)
{
    (void)data;
    if (!pthread_equal(pthread_self(), simple_expected_thread))
        KFAIL("callback ran outside the subscribed thread");
    atomic_fetch_add(&simple_runs, 1);
}

/* A second subscribed thread checks aclrtProcessReport's own errors. */
static aclrtStream s2;

static void *second_main(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtSetCurrentContext(def0));
    uint64_t me = (uint64_t)pthread_self();
    /* Subscribed to nothing yet. */
    CHECK_ERR(ACL_ERROR_THREAD_NOT_SUBSCRIBE, aclrtProcessReport(10));
    CHECK_OK(aclrtSubscribeReport(me, s2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtProcessReport(0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtProcessReport(-2));
    double t0 = now_ms();
    CHECK_ERR(ACL_ERROR_WAIT_CALLBACK_TIMEOUT, aclrtProcessReport(30));
    CHECK(now_ms() - t0 >= 25);

    simple_expected_thread = pthread_self();
    CHECK_OK(aclrtLaunchCallback(cb_simple, NULL, ACL_CALLBACK_NO_BLOCK, s2));
    CHECK_OK(aclrtProcessReport(-1)); /* forever: returns once it ran one */
    CHECK(atomic_load(&simple_runs) >= 1);
    CHECK_OK(aclrtLaunchCallback(cb_simple, NULL, ACL_CALLBACK_BLOCK, s2));
    while (atomic_load(&simple_runs) < 2) {
        aclError r = aclrtProcessReport(5000);
        CHECK(r == ACL_SUCCESS);
    }
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK_OK(aclrtUnSubscribeReport(me, s2));
    CHECK_ERR(ACL_ERROR_THREAD_NOT_SUBSCRIBE, aclrtProcessReport(10));
    return NULL;
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&def0));
    aclrtStream s, s3;
    CREATE_STREAMS(&s, &s3, &s2);
    log_ = calloc(1, sizeof *log_);
    uint64_t main_tid = (uint64_t)pthread_self();

    /* Not subscribed yet. */
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
              aclrtLaunchCallback(cb_block, NULL, ACL_CALLBACK_BLOCK, s));
    CHECK_ERR(ACL_ERROR_THREAD_NOT_SUBSCRIBE, aclrtProcessReport(10));
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE, aclrtUnSubscribeReport(main_tid, s));

    CHECK(pthread_create(&report_thread, NULL, report_main, NULL) == 0);
    uint64_t rtid = (uint64_t)report_thread;
    CHECK_OK(aclrtSubscribeReport(rtid, s));
    CHECK_ERR(ACL_ERROR_REPEAT_SUBSCRIBE, aclrtSubscribeReport(rtid, s));
    CHECK_ERR(ACL_ERROR_REPEAT_SUBSCRIBE, aclrtSubscribeReport(main_tid, s));
    CHECK_OK(aclrtSubscribeReport(rtid, s3)); /* one thread may serve several streams */
    atomic_store(&report_go, 1);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtLaunchCallback(cb_block, NULL, (aclrtCallbackBlockType)2, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtLaunchCallback(cb_block, NULL, (aclrtCallbackBlockType)-1, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtLaunchCallback(NULL, NULL, ACL_CALLBACK_BLOCK, s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSubscribeReport(rtid, BAD_STREAM));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclrtLaunchCallback(cb_block, NULL, ACL_CALLBACK_BLOCK, BAD_STREAM));

    /* BLOCK: kernel 3k, callback 3k+1, kernel 3k+2 always in that order,
     * although the callback sleeps and kernels are quick. */
    static uint32_t want[300];
    for (uint32_t k = 0; k < 30; k++) {
        want[3 * k] = 3 * k;
        want[3 * k + 1] = 3 * k + 1;
        want[3 * k + 2] = 3 * k + 2;
        aclrtStream on = k % 2 ? s3 : s;
        CHECK_OK(launch_log(on, log_, 3 * k));
        CHECK_OK(
            aclrtLaunchCallback(cb_block, (void *)(uintptr_t)(3 * k + 1), ACL_CALLBACK_BLOCK, on));
        CHECK_OK(launch_log(on, log_, 3 * k + 2));
        CHECK_OK(aclrtSynchronizeStream(on)); /* includes the callback */
        if (atomic_load(&log_->n) != 3 * k + 3)
            break;
    }
    CHECK(log_equals(log_, want, 90));

    /* NO_BLOCK: the stream runs on while the callback is still running. */
    CHECK_OK(aclrtLaunchCallback(cb_noblock, NULL, ACL_CALLBACK_NO_BLOCK, s));
    CHECK_OK(cpuaclLaunchKernel(s, k_after, NULL));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(wait_flag(&noblock_done, 10000));
    CHECK(atomic_load(&noblock_saw_kernel) == 1);

    /* ProcessReport's errors, from a second subscribed thread. */
    pthread_t th2;
    CHECK(pthread_create(&th2, NULL, second_main, NULL) == 0);
    pthread_join(th2, NULL);

    atomic_store(&report_stop, 1);
    pthread_join(report_thread, NULL);
    CHECK_NO_KFAIL();

    /* UnSubscribe: only by the subscribed thread id. */
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE, aclrtUnSubscribeReport(main_tid, s));
    CHECK_OK(aclrtUnSubscribeReport(rtid, s));
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE, aclrtUnSubscribeReport(rtid, s));
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
              aclrtLaunchCallback(cb_block, NULL, ACL_CALLBACK_BLOCK, s));
    CHECK_OK(aclrtUnSubscribeReport(rtid, s3));

    /* Re-subscribe the stream to the main thread and serve it here. */
    CHECK_OK(aclrtSubscribeReport(main_tid, s));
    simple_expected_thread = pthread_self();
    atomic_store(&simple_runs, 0);
    CHECK_OK(aclrtLaunchCallback(cb_simple, NULL, ACL_CALLBACK_NO_BLOCK, s));
    CHECK_OK(aclrtLaunchCallback(cb_simple, NULL, ACL_CALLBACK_BLOCK, s));
    double t0 = now_ms();
    while (atomic_load(&simple_runs) < 2 && now_ms() - t0 < 10000) {
        aclError r = aclrtProcessReport(100);
        CHECK(r == ACL_SUCCESS || r == ACL_ERROR_WAIT_CALLBACK_TIMEOUT);
    }
    CHECK(atomic_load(&simple_runs) == 2);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtUnSubscribeReport(main_tid, s));
    CHECK_NO_KFAIL();

    free(log_);
    DESTROY_STREAMS(s, s2, s3);
    TEST_CLOSE();
    return 0;
}
