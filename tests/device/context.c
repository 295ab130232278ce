/* SPDX-License-Identifier: Apache-2.0 */
/* Contexts: create/current per thread, default context, destroyed and garbage handles. */
/* Contexts: create makes current, one current context per thread (a new thread has none), default
 * context not destroyable, destroyed/garbage handles 107017, a thread whose context was destroyed
 * gets 107002, default stream handle. */
#include "acltest.h"

static aclrtContext shared_ctx;
static _Atomic int phase; /* 1: thread set shared_ctx; 2: main destroyed it */

static void *thread_without_context(void *arg)
{
    (void)arg;
    aclrtContext c = BAD_CONTEXT;
    int32_t dev;
    aclrtStream s;
    _Atomic uint64_t ctr = 0;
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetCurrentContext(&c));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtCreateStream(&s));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, launch_inc(NULL, &ctr));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtSynchronizeStream(NULL));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtCtxGetCurrentDefaultStream(&s));

    /* Setting a context makes it this thread's, device included. */
    CHECK_OK(aclrtSetCurrentContext(shared_ctx));
    CHECK_OK(aclrtGetCurrentContext(&c));
    CHECK(c == shared_ctx);
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 1);
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(atomic_load(&ctr) == 1);

    /* Main destroys shared_ctx; this thread then has no current context. */
    atomic_store(&phase, 1);
    while (atomic_load(&phase) != 2)
        sleep_ms(1);
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetCurrentContext(&c));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, launch_inc(NULL, &ctr));
    return NULL;
}

int main(void)
{
    unsetenv("CPUACL_DEVICE_COUNT");
    TEST_OPEN();
    aclrtContext def0, cur;
    CHECK_OK(aclrtGetCurrentContext(&def0));
    CHECK(def0 != NULL);

    /* The default context is not destroyed by aclrtDestroyContext (choice). */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyContext(def0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyContext(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetCurrentContext(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateContext(NULL, 0));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSetCurrentContext(BAD_CONTEXT));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyContext(BAD_CONTEXT));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclrtSetCurrentContext((aclrtContext)(uintptr_t)0xFFFFFFFFFFFFFFF0ull));
    aclrtContext c;
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtCreateContext(&c, 2));
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtCreateContext(&c, -1));

    /* Create makes current; each context has its own default stream. */
    aclrtStream ds0, ds1;
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&ds0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCtxGetCurrentDefaultStream(NULL));
    aclrtContext c1;
    CHECK_OK(aclrtCreateContext(&c1, 0));
    CHECK(c1 != NULL && c1 != def0);
    CHECK_OK(aclrtGetCurrentContext(&cur));
    CHECK(cur == c1);
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&ds1));
    CHECK(ds1 != NULL && ds0 != NULL && ds1 != ds0);
    /* The default stream handle: usable like NULL, not destroyable. */
    _Atomic uint64_t ctr = 0;
    CHECK_OK(launch_inc(ds1, &ctr));
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeStream(ds1));
    CHECK(atomic_load(&ctr) == 2);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyStream(ds1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyStreamForce(ds1));
    /* Another context's default stream is a foreign stream. */
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, launch_inc(ds0, &ctr));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtSynchronizeStream(ds0));

    /* Switch back and forth; the last set wins. */
    CHECK_OK(aclrtSetCurrentContext(def0));
    CHECK_OK(aclrtGetCurrentContext(&cur));
    CHECK(cur == def0);
    CHECK_OK(launch_inc(ds0, &ctr));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(atomic_load(&ctr) == 3);

    /* A context on device 1 switches the device too. */
    int32_t dev;
    CHECK_OK(aclrtCreateContext(&shared_ctx, 1));
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 1);
    CHECK_OK(aclrtSetCurrentContext(c1));
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 0);

    /* Per-thread current context; destroying it leaves the thread without one. */
    pthread_t th;
    CHECK(pthread_create(&th, NULL, thread_without_context, NULL) == 0);
    while (atomic_load(&phase) != 1)
        sleep_ms(1);
    CHECK_OK(aclrtGetCurrentContext(&cur));
    CHECK(cur == c1); /* the other thread's SetCurrentContext did not touch ours */
    CHECK_OK(aclrtDestroyContext(shared_ctx));
    atomic_store(&phase, 2);
    pthread_join(th, NULL);
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSetCurrentContext(shared_ctx));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyContext(shared_ctx));

    /* Destroying a context waits for its work and takes its streams and
     * events along; a thread whose current context it was has none. */
    aclrtStream s1;
    aclrtEvent e1;
    CHECK_OK(aclrtCreateStream(&s1));
    CHECK_OK(aclrtCreateEvent(&e1));
    CHECK_OK(cpuaclLaunchKernel(s1, kt_slow, KT_MS(100)));
    CHECK_OK(aclrtRecordEvent(e1, s1));
    CHECK_OK(aclrtDestroyContext(c1));
    CHECK(atomic_load(&kt_slow_done) == 1);
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetCurrentContext(&cur));
    CHECK_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    CHECK_OK(aclrtSetCurrentContext(def0));
    aclrtStreamStatus st;
    aclrtEventRecordedStatus es;
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtStreamQuery(s1, &st));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyStream(s1));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtQueryEventStatus(e1, &es));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyEvent(e1));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeStream(ds1));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyContext(c1));

    /* A stream handle is not a context handle, and vice versa. */
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSetCurrentContext((aclrtContext)s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeStream((aclrtStream)def0));
    CHECK_OK(aclrtDestroyStream(s));

    /* A context on a device nobody set: it starts the device, and a reset of
     * that device (count 0: nothing happens) leaves the context working. */
    aclrtContext c3;
    CHECK_OK(aclrtCreateContext(&c3, 1));
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtGetCurrentContext(&cur));
    CHECK(cur == c3);
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK_OK(aclrtDestroyContext(c3));
    CHECK(atomic_load(&ctr) == 5);
    CHECK_OK(aclrtSetCurrentContext(def0));

    /* Many contexts in a row (handles recycle; old ones stay dead). */
    aclrtContext prev = NULL;
    for (int i = 0; i < 200; i++) {
        CHECK_OK(aclrtCreateContext(&c, i % 2));
        CHECK_OK(launch_inc(NULL, &ctr));
        CHECK_OK(aclrtSynchronizeStream(NULL));
        CHECK_OK(aclrtDestroyContext(c));
        if (prev)
            CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSetCurrentContext(prev));
        prev = c;
    }
    CHECK(atomic_load(&ctr) == 205);

    CHECK_OK(aclrtSetCurrentContext(def0));
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
