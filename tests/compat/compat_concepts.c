/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 004: device refcount, default/explicit contexts, default stream, lifetimes. */
/* Seed 004 (基本概念): device reference counting via set/reset, the default context shared by
 * threads of one device vs explicit contexts, one current context per thread and context switching
 * across devices, the default stream passed as NULL, streams dying with their context. */
#include "acltest.h"

static aclrtContext main_default;
static _Atomic uint64_t ctr;

static void *thread_same_device(void *arg)
{
    (void)arg;
    /* SetDevice of the same device: the same implicit default context. */
    CHECK_OK(aclrtSetDevice(0));
    aclrtContext c;
    CHECK_OK(aclrtGetCurrentContext(&c));
    CHECK(c == main_default);
    CHECK_OK(launch_inc(NULL, &ctr)); /* the shared default stream */
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK_OK(aclrtResetDevice(0)); /* drops this thread's use only */
    return NULL;
}

int main(void)
{
    setenv("CPUACL_WORKERS", "2", 1); /* so that streams can run side by side */
    CHECK_OK(aclInit(NULL));

    /* Device lifetime by reference count. */
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtGetCurrentContext(&main_default));
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    pthread_t th;
    CHECK(pthread_create(&th, NULL, thread_same_device, NULL) == 0);
    pthread_join(th, NULL);
    CHECK(atomic_load(&ctr) == 1);
    /* The thread's reset did not end the device: our stream still works. */
    CHECK_OK(launch_inc(s, &ctr));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&ctr) == 2);
    CHECK_OK(aclrtSetDevice(0)); /* again: only the count grows */
    aclrtContext c;
    CHECK_OK(aclrtGetCurrentContext(&c));
    CHECK(c == main_default);
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(launch_inc(s, &ctr));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtResetDevice(0)); /* 0: default context, stream gone */
    CHECK_OK(aclrtSetDevice(0));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, launch_inc(s, &ctr));
    CHECK_OK(aclrtGetCurrentContext(&main_default));

    /* Default stream: pass NULL (the guide's "0"), sync it, reset. */
    atomic_store(&ctr, 0);
    CHECK_OK(launch_inc(NULL, &ctr)); /* op1 */
    CHECK_OK(launch_inc(NULL, &ctr)); /* op2 */
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(atomic_load(&ctr) == 2);
    /* The default stream does not sync with other streams implicitly. */
    struct kt_gate g = {0};
    aclrtStream other;
    CHECK(stream_on_other_worker(&other, NULL));
    CHECK_OK(launch_gate(other, &g));
    struct gate_timer t;
    gate_open_later(&t, &g, 2000);
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(!atomic_load(&g.open)); /* did not wait for the other stream */
    gate_timer_join(&t);
    CHECK_OK(aclrtSynchronizeStream(other));
    CHECK_OK(aclrtDestroyStream(other));
    /* The default context cannot be destroyed explicitly. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyContext(main_default));

    /* Explicit contexts: the last one created is current; switching the
     * context switches the device (the guide's ctx1/ctx2 example). */
    aclrtContext ctx1, ctx2;
    int32_t dev;
    CHECK_OK(aclrtCreateContext(&ctx1, 0));
    aclrtStream stream1;
    CHECK_OK(aclrtCreateStream(&stream1));
    CHECK_OK(launch_inc(stream1, &ctr)); /* op on device 0 */
    CHECK_OK(aclrtCreateContext(&ctx2, 1));
    CHECK_OK(aclrtGetCurrentContext(&c));
    CHECK(c == ctx2);
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 1);
    aclrtStream stream2;
    CHECK_OK(aclrtCreateStream(&stream2));
    CHECK_OK(launch_inc(stream2, &ctr));                               /* op2 on device 1 */
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, launch_inc(stream1, &ctr)); /* ctx1's stream */
    CHECK_OK(aclrtSetCurrentContext(ctx1));
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 0);
    CHECK_OK(launch_inc(stream1, &ctr)); /* op3 back on device 0 */
    CHECK_OK(aclrtSynchronizeStream(stream1));
    CHECK_OK(aclrtSetCurrentContext(ctx2));
    CHECK_OK(aclrtSynchronizeStream(stream2));
    CHECK(atomic_load(&ctr) == 6);

    /* Streams of an explicit context end with it. */
    CHECK_OK(aclrtDestroyContext(ctx2));
    CHECK_OK(aclrtSetCurrentContext(ctx1));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeStream(stream2));
    CHECK_OK(aclrtDestroyStream(stream1));
    CHECK_OK(aclrtSetCurrentContext(main_default));
    CHECK_OK(aclrtDestroyContext(ctx1));

    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
