/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Callbacks of docs/runtime.md ("Callbacks") in a program's real order: init and finalize
 * callbacks around aclInit/aclFinalize (with the configuration text), device
 * state callbacks around set/reset, model destroy callbacks, and the device
 * task abort with its callbacks dropping queued work on every stream.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "testutil.h"

static char g_log[64][48]; /* events in order */
static int g_nlog;

static void note(const char *fmt, int a, int b)
{
    CHECK(g_nlog < 64);
    snprintf(g_log[g_nlog++], sizeof(g_log[0]), fmt, a, b);
}

static int find(const char *what)
{
    for (int i = 0; i < g_nlog; i++)
        if (strcmp(g_log[i], what) == 0)
            return i;
    return -1;
}

static char g_cfg[256];
static size_t g_cfg_len;

static aclError init_model(const char *cfg, size_t len, void *ud)
{
    snprintf(g_cfg, sizeof(g_cfg), "%s", cfg);
    g_cfg_len = len;
    note("init model %d%d", *(int *)ud, 0);
    uint32_t n = 0; /* the runtime is usable from the callback */
    CHECK_OK(aclrtGetDeviceCount(&n));
    return ACL_SUCCESS;
}

static aclError init_other(const char *cfg, size_t len, void *ud)
{
    (void)cfg;
    (void)len;
    note("init other %d%d", (int)(intptr_t)ud, 0);
    return ACL_SUCCESS;
}

static aclError init_fail(const char *cfg, size_t len, void *ud)
{
    (void)cfg;
    (void)len;
    (void)ud;
    return ACL_ERROR_INVALID_FILE;
}

static aclError fini_cb(void *ud)
{
    note("fini %d%d", (int)(intptr_t)ud, 0);
    return ACL_SUCCESS;
}

static aclError fini_fail(void *ud)
{
    (void)ud;
    return ACL_ERROR_INTERNAL_ERROR;
}

static void test_init_finalize(void)
{
    char path[] = "/tmp/rt5cfgXXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    const char text[] = "{\"note\": \"rt5\"}";
    CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);

    int tag = 4;
    g_nlog = 0;
    CHECK_OK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, init_other, (void *)(intptr_t)1));
    CHECK_OK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, init_model, &tag));
    CHECK_OK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, init_other, (void *)(intptr_t)2));
    /* One callback per type except OTHER. */
    CHECK_ACL(ACL_ERROR_INTERNAL_ERROR,
              aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, init_model, &tag));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclInitCallbackRegister(ACL_REG_TYPE_ACL_DVPP, NULL, NULL));
    CHECK_OK(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, fini_cb, (void *)(intptr_t)9));
    CHECK_OK(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_MODEL, fini_cb, (void *)(intptr_t)8));

    CHECK_OK(aclInit(path));
    /* MODEL before OTHER, OTHERs in registration order; the file's text. */
    CHECK(g_nlog == 3);
    CHECK(strcmp(g_log[0], "init model 40") == 0);
    CHECK(strcmp(g_log[1], "init other 10") == 0 && strcmp(g_log[2], "init other 20") == 0);
    CHECK(g_cfg_len == strlen(text) && strcmp(g_cfg, text) == 0);
    /* Registered after aclInit: called at once. */
    CHECK_OK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_DVPP, init_other, (void *)(intptr_t)3));
    CHECK(g_nlog == 4 && strcmp(g_log[3], "init other 30") == 0);

    /* A failing finalize callback stops the finalize. */
    CHECK_OK(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_OP_COMPILER, fini_fail, NULL));
    CHECK_ACL(ACL_ERROR_INTERNAL_ERROR, aclFinalize());
    CHECK_OK(aclrtSetDevice(0)); /* still initialised */
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_ACL_OP_COMPILER, fini_fail));
    CHECK_ACL(ACL_ERROR_INTERNAL_ERROR,
              aclFinalizeCallbackUnRegister(ACL_REG_TYPE_ACL_OP_COMPILER, fini_fail));
    g_nlog = 0;
    CHECK_OK(aclFinalize());
    CHECK(g_nlog == 2 && strcmp(g_log[0], "fini 80") == 0 && strcmp(g_log[1], "fini 90") == 0);
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtSetDevice(0));

    /* Without a file: empty configuration text. */
    g_nlog = 0;
    CHECK_OK(aclInit(NULL));
    CHECK(find("init model 40") == 0 && g_cfg_len == 0 && g_cfg[0] == 0);
    CHECK_OK(aclFinalize());

    /* A failing init callback fails aclInit and leaves nothing initialised. */
    CHECK_OK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, init_fail, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_FILE, aclInit(NULL));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtSetDevice(0));
    CHECK_OK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, init_fail));

    CHECK_OK(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, init_model));
    CHECK_OK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, init_other));
    CHECK_OK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, init_other));
    CHECK_OK(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_DVPP, init_other));
    CHECK_ACL(ACL_ERROR_INTERNAL_ERROR, aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, init_other));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, NULL));
    CHECK_OK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, fini_cb));
    CHECK_OK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, fini_cb));
    unlink(path);
}

static void state_cb(int32_t dev, aclrtDeviceState st, void *args)
{
    note("state %d %d", dev, (int)st);
    CHECK(args == (void *)g_log);
}

static void state_cb2(int32_t dev, aclrtDeviceState st, void *args)
{
    (void)args;
    note("second %d %d", dev, (int)st);
}

static void test_device_state(void)
{
    char name[] = "rt5-state";
    CHECK_OK(aclrtRegDeviceStateCallback(name, state_cb, g_log));
    CHECK_OK(aclrtRegDeviceStateCallback("rt5-second", state_cb2, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtRegDeviceStateCallback("rt5-state", state_cb, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtRegDeviceStateCallback("", state_cb, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtRegDeviceStateCallback("rt5-none", NULL, NULL));
    g_nlog = 0;
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtSetDevice(0)); /* already set: no change of state */
    CHECK(g_nlog == 4);
    CHECK(strcmp(g_log[0], "state 0 0") == 0 && strcmp(g_log[1], "second 0 0") == 0);
    CHECK(strcmp(g_log[2], "state 0 1") == 0 && strcmp(g_log[3], "second 0 1") == 0);
    CHECK_OK(aclrtResetDevice(0)); /* count 2 -> 1 */
    CHECK(g_nlog == 4);
    g_nlog = 0;
    CHECK_OK(aclrtResetDevice(0)); /* the last reset: the default context goes */
    CHECK(g_nlog == 4);
    CHECK(strcmp(g_log[0], "state 0 2") == 0 && strcmp(g_log[1], "second 0 2") == 0);
    CHECK(strcmp(g_log[2], "state 0 3") == 0 && strcmp(g_log[3], "second 0 3") == 0);
    /* Force reset at any count; a reset of an unset device changes nothing. */
    g_nlog = 0;
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtResetDeviceForce(0));
    CHECK(g_nlog == 8 && find("state 0 2") == 4 && find("second 0 3") == 7);
    CHECK_OK(aclrtResetDevice(0));
    CHECK(g_nlog == 8);
    /* Unregistered: no more calls. */
    CHECK_OK(aclrtRegDeviceStateCallback("rt5-second", NULL, NULL));
    CHECK_OK(aclrtRegDeviceStateCallback(name, NULL, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtRegDeviceStateCallback(name, NULL, NULL));
    g_nlog = 0;
    CHECK_OK(aclrtSetDevice(0));
    CHECK(g_nlog == 0);
}

static atomic_int g_destroyed;

static void destroyed_cb(void *ud)
{
    atomic_fetch_add_explicit(&g_destroyed, *(int *)ud, memory_order_relaxed); /* relaxed: test */
    aclrtStream s; /* the runtime is usable from the callback */
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtDestroyStream(s));
}

static void destroyed_cb2(void *ud)
{
    atomic_fetch_add_explicit(&g_destroyed, 100 * *(int *)ud, memory_order_relaxed); /* relaxed */
}

static int32_t add_one(void *args)
{
    atomic_fetch_add_explicit((atomic_int *)args, 1, memory_order_relaxed); /* relaxed: test */
    return 0;
}

static aclmdlRI capture_model(aclrtStream s, atomic_int *counter)
{
    aclmdlRI m = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(cpuaclLaunchKernel(s, add_one, counter));
    CHECK_OK(aclmdlRICaptureEnd(s, &m));
    return m;
}

static void test_model_destroy(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    atomic_int counter = 0;
    aclmdlRI m = capture_model(s, &counter), m2 = capture_model(s, &counter);
    int one = 1, two = 2;
    CHECK_OK(aclmdlRIDestroyRegisterCallback(m, destroyed_cb, &one));
    CHECK_OK(aclmdlRIDestroyRegisterCallback(m, destroyed_cb2, &two));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroyRegisterCallback(m, destroyed_cb, &one));
    CHECK_OK(aclmdlRIDestroyRegisterCallback(m2, destroyed_cb, &two));
    CHECK_OK(aclmdlRIDestroyUnregisterCallback(m2, destroyed_cb));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroyUnregisterCallback(m2, destroyed_cb));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroyRegisterCallback(NULL, destroyed_cb, &one));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroyRegisterCallback(m, NULL, &one));
    CHECK_OK(aclmdlRIExecuteAsync(m, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&counter) == 1);
    CHECK(atomic_load(&g_destroyed) == 0);
    CHECK_OK(aclmdlRIDestroy(m));
    CHECK(atomic_load(&g_destroyed) == 1 + 200); /* both, once */
    CHECK_OK(aclmdlRIDestroy(m2));               /* its callback was unregistered */
    CHECK(atomic_load(&g_destroyed) == 201);
    /* A destroyed model is rejected. */
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroyRegisterCallback(m, destroyed_cb, &one));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroyUnregisterCallback(m, destroyed_cb));
    CHECK_OK(aclrtDestroyStream(s));
}

static atomic_int g_ran;
static atomic_int g_pre;
static int g_post, g_abort_fail;
static atomic_int *g_gate;

/* Opens the gates once the second abort has begun: its PRE callback ran, and
 * right after it the abort marks every stream to drop its queued tasks (the
 * pause only makes it near certain the marks are set before the gates open;
 * the assertions hold either way but for the "something was dropped" one). */
static void *opener(void *arg)
{
    (void)arg;
    while (atomic_load(&g_pre) < 2)
        usleep(500);
    usleep(50000);
    atomic_store_explicit(g_gate, 1, memory_order_release); /* release: the kernels' acquire */
    return NULL;
}

static int32_t abort_cb(int32_t dev, aclrtDeviceTaskAbortStage stage, uint32_t timeout, void *args)
{
    CHECK(dev == 0 && timeout == 5000 && args == &g_pre);
    if (stage == ACL_RT_DEVICE_TASK_ABORT_PRE) {
        atomic_fetch_add(&g_pre, 1);
        return g_abort_fail;
    }
    g_post++;
    return 0;
}

/* Holds its stream until the gate opens; a host function runs on a host
 * thread, so the device's workers stay free for the other streams. */
static void gate_host(void *args)
{
    atomic_int *gate = args;
    while (!atomic_load_explicit(gate, memory_order_acquire)) /* acquire: the opener's release */
        usleep(200);
}

static void test_task_abort(void)
{
    CHECK_OK(aclrtSetDeviceTaskAbortCallback("rt5-abort", abort_cb, &g_pre));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtSetDeviceTaskAbortCallback("rt5-abort", abort_cb, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetDeviceTaskAbortCallback(NULL, abort_cb, NULL));
    /* Two streams, each blocked behind a running task, with queued work. */
    aclrtStream a, b;
    CHECK_OK(aclrtCreateStream(&a));
    CHECK_OK(aclrtCreateStream(&b));
    atomic_int gate = 0;
    CHECK_OK(aclrtLaunchHostFunc(a, gate_host, &gate));
    CHECK_OK(aclrtLaunchHostFunc(b, gate_host, &gate));
    for (int i = 0; i < 50; i++) {
        CHECK_OK(cpuaclLaunchKernel(a, add_one, &g_ran));
        CHECK_OK(cpuaclLaunchKernel(b, add_one, &g_ran));
        CHECK_OK(cpuaclLaunchKernel(NULL, add_one, &g_ran)); /* the default stream too */
    }
    /* A refusing PRE callback stops the abort: nothing is dropped. */
    g_abort_fail = 1;
    CHECK_ACL(ACL_ERROR_INTERNAL_ERROR, aclrtDeviceTaskAbort(0, 5000));
    CHECK(atomic_load(&g_pre) == 1 && g_post == 0);
    g_abort_fail = 0;
    CHECK_OK(aclrtSynchronizeStream(NULL)); /* the default stream's 50 ran */
    CHECK(atomic_load(&g_ran) == 50);
    /* The running tasks cannot be interrupted: the abort waits for them, and
     * a helper opens their gates once the abort is under way. */
    atomic_store_explicit(&g_ran, 0, memory_order_relaxed);
    g_gate = &gate;
    pthread_t t;
    CHECK(pthread_create(&t, NULL, opener, NULL) == 0);
    CHECK_OK(aclrtDeviceTaskAbort(0, 5000));
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(atomic_load(&g_pre) == 2 && g_post == 1);
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK(atomic_load(&g_ran) < 100); /* queued work was dropped */
    /* The streams work again afterwards, in order. */
    int before = atomic_load(&g_ran);
    CHECK_OK(cpuaclLaunchKernel(a, add_one, &g_ran));
    CHECK_OK(cpuaclLaunchKernel(b, add_one, &g_ran));
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK(atomic_load(&g_ran) == before + 2);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceTaskAbort(0, 36u * 60u * 1000u + 1));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtDeviceTaskAbort(-1, 0));
    CHECK_OK(aclrtSetDeviceTaskAbortCallback("rt5-abort", NULL, NULL));
    CHECK_OK(aclrtDestroyStream(a));
    CHECK_OK(aclrtDestroyStream(b));
}

int main(void)
{
    test_init_finalize();
    CHECK_OK(aclInit(NULL));
    test_device_state();
    test_model_destroy();
    test_task_abort();
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    printf("device_callbacks: ok\n");
    return 0;
}
