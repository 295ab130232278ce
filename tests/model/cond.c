/* SPDX-License-Identifier: Apache-2.0 */
/* Conditional models in the sample's sequence: capture a parent, create a condition
 * handle on it, aclmdlRIAddCondTask, capture each body with aclmdlRICaptureToModelRIBegin,
 * end the parent, then change the condition value between replays. Checks that each
 * replay runs exactly the chosen body between the parent's tasks (IF with one and two
 * bodies, WHILE counting down its own condition, SWITCH with an out-of-range value),
 * that ASSIGN_DEFAULT resets the value at each execution, that a body blocking on an
 * outside record suspends and resumes the parent, and the misuse codes. */
#include "tlog.h"

struct decarg {
    uint64_t *p;
};
static int32_t k_dec(void *p)
{
    uint64_t *v = ((struct decarg *)p)->p;
    *v -= 1;
    return 0;
}

static void set_cond(uint64_t *dev, uint64_t v)
{
    CHECK_OK(aclrtMemcpy(dev, sizeof(v), &v, sizeof(v), ACL_MEMCPY_HOST_TO_DEVICE));
}

/* Capture the parent: log(1), a conditional task of `type` with `n` bodies, log(9).
 * Bodies are captured by the caller from bodies[]. */
static aclmdlRI parent_begin(aclrtStream s, aclmdlRICondHandleFlag flag, uint32_t def,
                             aclmdlRICondTaskType type, uint32_t n, aclmdlRI *bodies,
                             uint64_t **cond)
{
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    aclmdlRICaptureStatus st;
    aclmdlRI parent = NULL;
    CHECK_OK(aclmdlRICaptureGetInfo(s, &st, &parent));
    aclmdlRICondHandle h = NULL;
    CHECK_OK(aclmdlRICondHandleCreate(parent, def, flag, &h));
    CHECK_OK(aclmdlRICondHandleGetCondPtr(h, cond));
    logk(s, 1);
    aclmdlRICondTaskParams p;
    p.handle = h;
    p.type = type;
    p.size = n;
    p.modelRIArray = bodies;
    CHECK_OK(aclmdlRIAddCondTask(p, s, 0));
    logk(s, 9);
    return parent;
}

static void body_log(aclrtStream sub, aclmdlRI body, int id)
{
    CHECK_OK(aclmdlRICaptureToModelRIBegin(sub, body, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    logk(sub, id);
    aclmdlRI out = NULL;
    CHECK_OK(aclmdlRICaptureEnd(sub, &out));
    CHECK(out == body);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s, sub, exe, outside;
    CREATE_STREAMS(&s, &sub, &exe, &outside);
    aclmdlRI ri, out;
    uint64_t *cond = NULL;

    /* IF with two bodies, value managed by the user. */
    aclmdlRI b2[2] = {NULL, NULL};
    ri = parent_begin(s, 0, 0, ACL_MODEL_RI_COND_TYPE_IF, 2, b2, &cond);
    CHECK(b2[0] && b2[1] && b2[0] != b2[1]);
    body_log(sub, b2[0], 2);
    body_log(sub, b2[1], 3);
    CHECK_OK(aclmdlRICaptureEnd(s, &out));
    CHECK(out == ri);
    set_cond(cond, 1);
    EXPECT(ri, exe, 1, 2, 9);
    set_cond(cond, 0);
    EXPECT(ri, exe, 1, 3, 9);
    set_cond(cond, 77);
    EXPECT(ri, exe, 1, 2, 9);
    /* Bodies belong to the parent. */
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclmdlRIDestroy(b2[0]));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroy(b2[1]));

    /* IF with one body and ASSIGN_DEFAULT (default 0): a value written before the execution
     * is overwritten at its start, so the body never runs (the sample's output); default 1
     * always runs it. */
    aclmdlRI b1[1] = {NULL};
    ri = parent_begin(s, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, 0, ACL_MODEL_RI_COND_TYPE_IF, 1,
                      b1, &cond);
    body_log(sub, b1[0], 2);
    CHECK_OK(aclmdlRICaptureEnd(s, &out));
    set_cond(cond, 1);
    EXPECT(ri, exe, 1, 9);
    CHECK_OK(aclmdlRIDestroy(ri));
    ri = parent_begin(s, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, 1, ACL_MODEL_RI_COND_TYPE_IF, 1,
                      b1, &cond);
    body_log(sub, b1[0], 2);
    CHECK_OK(aclmdlRICaptureEnd(s, &out));
    set_cond(cond, 0);
    EXPECT(ri, exe, 1, 2, 9);
    EXPECT(ri, exe, 1, 2, 9);
    CHECK_OK(aclmdlRIDestroy(ri));

    /* WHILE: the body logs and decrements its own condition. */
    ri = parent_begin(s, 0, 0, ACL_MODEL_RI_COND_TYPE_WHILE, 1, b1, &cond);
    CHECK_OK(aclmdlRICaptureToModelRIBegin(sub, b1[0], ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    logk(sub, 4);
    struct decarg d = {cond};
    CHECK_OK(cpuaclLaunchKernelArgs(sub, k_dec, &d, sizeof(d)));
    CHECK_OK(aclmdlRICaptureEnd(sub, &out));
    CHECK_OK(aclmdlRICaptureEnd(s, &out));
    set_cond(cond, 3);
    EXPECT(ri, exe, 1, 4, 4, 4, 9);
    EXPECT(ri, exe, 1, 9); /* left at 0 by the previous replay */
    set_cond(cond, 1);
    EXPECT(ri, exe, 1, 4, 9);
    CHECK_OK(aclmdlRIDestroy(ri));

    /* SWITCH over three bodies; out of range runs none. */
    aclmdlRI b3[3] = {NULL, NULL, NULL};
    ri = parent_begin(s, 0, 0, ACL_MODEL_RI_COND_TYPE_SWITCH, 3, b3, &cond);
    for (int i = 0; i < 3; i++)
        body_log(sub, b3[i], 5 + i);
    CHECK_OK(aclmdlRICaptureEnd(s, &out));
    for (uint64_t v = 0; v < 3; v++) {
        set_cond(cond, v);
        EXPECT(ri, exe, 1, 5 + (int)v, 9);
    }
    set_cond(cond, 3);
    EXPECT(ri, exe, 1, 9);
    set_cond(cond, 2);
    EXPECT(ri, exe, 1, 7, 9);
    CHECK_OK(aclmdlRIDestroy(ri));

    /* A body that waits on an outside record: the parent lane suspends inside the body and
     * resumes there once the record ran. */
    aclrtEvent ev;
    CHECK_OK(aclrtCreateEventWithFlag(&ev, ACL_EVENT_SYNC));
    ri = parent_begin(s, 0, 0, ACL_MODEL_RI_COND_TYPE_IF, 1, b1, &cond);
    CHECK_OK(aclmdlRICaptureToModelRIBegin(sub, b1[0], ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    logk(sub, 2);
    CHECK_OK(aclrtStreamWaitEventWithFlag(sub, ev, 0, ACL_EVENT_WAIT_EXTERNAL));
    logk(sub, 3);
    CHECK_OK(aclrtResetEvent(ev, sub));
    CHECK_OK(aclmdlRICaptureEnd(sub, &out));
    CHECK_OK(aclmdlRICaptureEnd(s, &out));
    set_cond(cond, 1);
    for (int round = 0; round < 3; round++) {
        atomic_store(&g_n, 0);
        CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
        while (atomic_load(&g_n) < 2) /* log(1), log(2): the body reached its wait */
            sched_yield();
        for (int i = 0; i < 200; i++) {
            aclrtStreamStatus st;
            CHECK_OK(aclrtStreamQuery(exe, &st));
            CHECK(st == ACL_STREAM_STATUS_NOT_READY);
            CHECK(atomic_load(&g_n) == 2);
            sched_yield();
        }
        CHECK_OK(aclrtRecordEvent(ev, outside));
        CHECK_OK(aclrtSynchronizeStream(exe));
        CHECK(atomic_load(&g_n) == 4 && g_log[0] == 1 && g_log[1] == 2 && g_log[2] == 3 &&
              g_log[3] == 9);
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyEvent(ev));

    /* Misuse. */
    aclmdlRICondHandle h = NULL;
    aclmdlRICondTaskParams p = {NULL, ACL_MODEL_RI_COND_TYPE_IF, 1, b1};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICondHandleCreate(NULL, 0, 0, &h));
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    aclmdlRICaptureStatus st;
    CHECK_OK(aclmdlRICaptureGetInfo(s, &st, &ri));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICondHandleCreate(ri, 0, 0, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclmdlRICondHandleCreate(ri, 0, (aclmdlRICondHandleFlag)5, &h));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclmdlRICondHandleCreate((aclmdlRI)(uintptr_t)0x1234, 0, 0, &h));
    CHECK_OK(aclmdlRICondHandleCreate(ri, 0, 0, &h));
    uint64_t *ptr = NULL;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICondHandleGetCondPtr(h, NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclmdlRICondHandleGetCondPtr((aclmdlRICondHandle)(uintptr_t)0x1234, &ptr));
    p.handle = h;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIAddCondTask(p, s, 1)); /* flags */
    p.size = 3;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIAddCondTask(p, s, 0)); /* IF takes 1 or 2 */
    p.type = ACL_MODEL_RI_COND_TYPE_WHILE;
    p.size = 2;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIAddCondTask(p, s, 0)); /* WHILE takes 1 */
    p.type = ACL_MODEL_RI_COND_TYPE_SWITCH;
    p.size = 0;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIAddCondTask(p, s, 0));
    p.type = (aclmdlRICondTaskType)9;
    p.size = 1;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIAddCondTask(p, s, 0));
    p.type = ACL_MODEL_RI_COND_TYPE_IF;
    p.modelRIArray = NULL;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIAddCondTask(p, s, 0));
    p.modelRIArray = b1;
    CHECK_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRIAddCondTask(p, exe, 0));
    /* A handle of another model. */
    aclmdlRI other = NULL;
    CHECK_OK(aclmdlRICaptureBegin(sub, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    CHECK_OK(aclmdlRICaptureGetInfo(sub, &st, &other));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIAddCondTask(p, sub, 0));
    logk(sub, 0);
    CHECK_OK(aclmdlRICaptureEnd(sub, &other));
    CHECK_OK(aclmdlRIDestroy(other));
    /* A body never captured: the execution fails with ACL_ERROR_RT_MODEL_EXECUTE. */
    CHECK_OK(aclmdlRIAddCondTask(p, s, 0));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclmdlRICondHandleGetCondPtr(h, &ptr));
    set_cond(ptr, 1);
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_ERR(ACL_ERROR_RT_MODEL_EXECUTE, aclrtSynchronizeStream(exe));
    set_cond(ptr, 0); /* not chosen: fine */
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK_OK(aclmdlRIDestroy(ri));
    /* The handle went with its model. */
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRICondHandleGetCondPtr(h, &ptr));

    /* A parent destroyed with bodies still being captured, and a context torn down with
     * a parent and its bodies alive: nothing leaks (ASan) or is freed twice. */
    ri = parent_begin(s, 0, 0, ACL_MODEL_RI_COND_TYPE_IF, 2, b2, &cond);
    body_log(sub, b2[0], 2);
    CHECK_OK(aclmdlRICaptureEnd(s, &out));
    CHECK_OK(aclmdlRICaptureToModelRIBegin(sub, b2[1], ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    CHECK_OK(aclmdlRIDestroy(ri));
    aclmdlRICaptureStatus sst;
    CHECK_OK(aclmdlRICaptureGetInfo(sub, &sst, NULL));
    CHECK(sst == ACL_MODEL_RI_CAPTURE_STATUS_NONE);
    ri = parent_begin(s, 0, 0, ACL_MODEL_RI_COND_TYPE_IF, 2, b2, &cond);
    body_log(sub, b2[0], 2);
    CHECK_OK(aclmdlRICaptureEnd(s, &out));
    CHECK_OK(aclmdlRICaptureToModelRIBegin(sub, b2[1], ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));

    DESTROY_STREAMS(s, exe, outside);
    TEST_CLOSE();
    printf("model_cond: ok\n");
    return 0;
}
