/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtSubscribeHostFunc / aclrtProcessHostFunc / aclrtUnSubscribeHostFunc:
 * host functions launched on a subscribed stream run on the thread that
 * processes them (not the host pool), in stream order with the stream held
 * until they returned; the kinds (report vs host function) never mix; a
 * thread synchronising its own subscribed stream runs them (no deadlock);
 * and every misuse code of docs/host.md. */
#include "acltest.h"

static aclrtContext def0;
static _Atomic int proc_go, proc_stop;
static _Atomic uint64_t proc_tid; /* the processing thread's id */
static _Atomic uint64_t proc_ok;
static struct kt_log *log_;

static void *proc_main(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtSetCurrentContext(def0));
    atomic_store(&proc_tid, (uint64_t)pthread_self());
    process_until_stopped(aclrtProcessHostFunc, "aclrtProcessHostFunc", &proc_go, &proc_stop,
                          &proc_ok);
    return NULL;
}

struct hf_arg {
    uint32_t value;       /* logged when it runs */
    uint32_t want_before; /* entries the log must hold when it runs (stream order) */
    _Atomic uint64_t ran_on;
};

static void hf_log(void *p)
{
    struct hf_arg *a = p;
    atomic_store(&a->ran_on, (uint64_t)pthread_self());
    uint32_t n = atomic_load(&log_->n);
    if (n != a->want_before)
        KFAIL("host function %u saw %u log entries, want %u", a->value, n, a->want_before);
    kt_log_push(&(struct kt_log_arg){log_, a->value});
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&def0));
    log_ = calloc(1, sizeof *log_);
    aclrtStream s, s2, dead;
    CREATE_STREAMS(&s, &s2, &dead);
    CHECK_OK(aclrtDestroyStream(dead));
    uint64_t main_tid = (uint64_t)pthread_self();

    /* Misuse before any subscription. */
    CHECK_ERR(ACL_ERROR_THREAD_NOT_SUBSCRIBE, aclrtProcessHostFunc(10));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtProcessHostFunc(0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtProcessHostFunc(-2));
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE, aclrtUnSubscribeHostFunc(main_tid, s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSubscribeHostFunc(main_tid, BAD_STREAM));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSubscribeHostFunc(main_tid, dead));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtUnSubscribeHostFunc(main_tid, dead));

    /* Main subscribes s2 for itself: timeout when nothing arrives, and the
     * report kind stays separate. */
    CHECK_OK(aclrtSubscribeHostFunc(main_tid, s2));
    CHECK_ERR(ACL_ERROR_REPEAT_SUBSCRIBE, aclrtSubscribeHostFunc(main_tid, s2));
    CHECK_ERR(ACL_ERROR_REPEAT_SUBSCRIBE, aclrtSubscribeHostFunc(main_tid + 1, s2));
    CHECK_ERR(ACL_ERROR_WAIT_CALLBACK_TIMEOUT, aclrtProcessHostFunc(5));
    CHECK_ERR(ACL_ERROR_THREAD_NOT_SUBSCRIBE, aclrtProcessReport(5));
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE, aclrtUnSubscribeReport(main_tid, s2));

    /* CB4: main synchronises the stream it processes: the queued host
     * function runs on main inside the synchronisation, in order. */
    struct hf_arg a0 = {.value = 10, .want_before = 1};
    CHECK_OK(launch_log(s2, log_, 9));
    CHECK_OK(aclrtLaunchHostFunc(s2, hf_log, &a0));
    CHECK_OK(launch_log(s2, log_, 11));
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK_NO_KFAIL();
    CHECK(atomic_load(&a0.ran_on) == main_tid);
    CHECK(log_equals(log_, (const uint32_t[]){9, 10, 11}, 3));
    CHECK_OK(aclrtUnSubscribeHostFunc(main_tid, s2));
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE, aclrtUnSubscribeHostFunc(main_tid, s2));
    CHECK_ERR(ACL_ERROR_THREAD_NOT_SUBSCRIBE, aclrtProcessHostFunc(10));
    atomic_store(&log_->n, 0);

    /* A separate processing thread, two streams on it. */
    pthread_t th;
    CHECK(pthread_create(&th, NULL, proc_main, NULL) == 0);
    while (!atomic_load(&proc_tid))
        sleep_ms(1);
    uint64_t ptid = atomic_load(&proc_tid);
    CHECK_OK(aclrtSubscribeHostFunc(ptid, s));
    CHECK_OK(aclrtSubscribeHostFunc(ptid, s2));
    CHECK_ERR(ACL_ERROR_REPEAT_SUBSCRIBE, aclrtSubscribeHostFunc(main_tid, s));
    atomic_store(&proc_go, 1);
    enum { N = 64 };
    static struct hf_arg args[N];
    for (uint32_t i = 0; i < N; i++) { /* log: k0 h1 k2 h3 ... */
        args[i] = (struct hf_arg){.value = 2 * i + 1, .want_before = 2 * i + 1};
        CHECK_OK(launch_log(s, log_, 2 * i));
        CHECK_OK(aclrtLaunchHostFunc(s, hf_log, &args[i]));
    }
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_NO_KFAIL();
    for (uint32_t i = 0; i < N; i++)
        CHECK(atomic_load(&args[i].ran_on) == ptid);
    uint32_t want[2 * N];
    for (uint32_t i = 0; i < 2 * N; i++)
        want[i] = i;
    CHECK(log_equals(log_, want, 2 * N));
    CHECK(atomic_load(&proc_ok) >= 1);

    /* Unsubscribed: host functions go back to the host pool. */
    CHECK_OK(aclrtUnSubscribeHostFunc(ptid, s));
    CHECK_ERR(ACL_ERROR_STREAM_NOT_SUBSCRIBE, aclrtUnSubscribeHostFunc(ptid, s));
    atomic_store(&log_->n, 0);
    struct hf_arg a1 = {.value = 1, .want_before = 0};
    CHECK_OK(aclrtLaunchHostFunc(s, hf_log, &a1));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_NO_KFAIL();
    uint64_t on = atomic_load(&a1.ran_on);
    CHECK(on && on != ptid && on != main_tid);

    /* Destroying a subscribed stream drops its subscription. */
    CHECK_OK(aclrtDestroyStream(s2));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtUnSubscribeHostFunc(ptid, s2));
    atomic_store(&proc_stop, 1);
    pthread_join(th, NULL);
    CHECK_NO_KFAIL();
    CHECK_ERR(ACL_ERROR_THREAD_NOT_SUBSCRIBE, aclrtProcessHostFunc(10)); /* main: none */
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    free(log_);
    printf("host_func_subscribe: ok\n");
    return 0;
}
