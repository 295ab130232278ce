/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtLaunchHostFunc runs on a worker, in stream order with kernels. */
/* aclrtLaunchHostFunc: fn(args) runs on a device worker (not the caller), in stream order with
 * kernels, on explicit and default streams. */
#include "acltest.h"

static struct kt_log *log_;
static pthread_t main_thread;

struct hf_arg {
    uint32_t value;
};

static void hf_push(void *args)
{
    struct hf_arg *a = args;
    if (pthread_equal(pthread_self(), main_thread))
        KFAIL("host function ran on the submitting thread");
    uint32_t i = atomic_fetch_add(&log_->n, 1);
    if (i < KT_LOG_MAX)
        atomic_store(&log_->v[i], a->value);
}

int main(void)
{
    main_thread = pthread_self();
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    log_ = calloc(1, sizeof *log_);
    static struct hf_arg args[1000];
    static uint32_t want[1000];

    /* Interleave kernels and host functions; the log shows stream order. */
    struct kt_gate g = {0};
    CHECK_OK(launch_gate(s, &g)); /* queue everything before anything runs */
    for (uint32_t i = 0; i < 600; i++) {
        want[i] = i;
        args[i].value = i;
        if (i % 3 == 0)
            CHECK_OK(aclrtLaunchHostFunc(s, hf_push, &args[i]));
        else
            CHECK_OK(launch_log(s, log_, i));
    }
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(log_equals(log_, want, 600));

    /* On the default stream, without a gate. */
    atomic_store(&log_->n, 0);
    for (uint32_t i = 0; i < 300; i++) {
        if (i % 2)
            CHECK_OK(aclrtLaunchHostFunc(NULL, hf_push, &args[i]));
        else
            CHECK_OK(launch_log(NULL, log_, i));
    }
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(log_equals(log_, want, 300));

    /* Errors. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtLaunchHostFunc(s, NULL, NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtLaunchHostFunc(BAD_STREAM, hf_push, &args[0]));
    aclrtContext def0, c1;
    CHECK_OK(aclrtGetCurrentContext(&def0));
    CHECK_OK(aclrtCreateContext(&c1, 0));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtLaunchHostFunc(s, hf_push, &args[0]));
    CHECK_OK(aclrtSetCurrentContext(def0));
    CHECK_OK(aclrtDestroyContext(c1));

    CHECK_NO_KFAIL();
    free(log_);
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    return 0;
}
