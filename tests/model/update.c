/* SPDX-License-Identifier: Apache-2.0 */
/* aclmdlRIUpdate after a task-group update (the aclgraph sequence: capture with a task
 * group, replay, aclmdlRICaptureTaskUpdateBegin/End on a normal stream, aclmdlRIUpdate,
 * replay with the new task arguments), and its misuse codes: NULL, a dead handle, a model
 * still being captured, an update session still open. */
#include "acltest.h"

static _Atomic long g_acc;

struct add_args {
    long add;
    long mul;
};
static int32_t k_addmul(void *p)
{
    const struct add_args *a = p;
    long v = atomic_load(&g_acc); /* one lane: no concurrent writer */
    atomic_store(&g_acc, (v + a->add) * a->mul);
    return 0;
}
static void op(aclrtStream s, long add, long mul)
{
    struct add_args a = {add, mul};
    CHECK_OK(cpuaclLaunchKernelArgs(s, k_addmul, &a, sizeof(a)));
}
static long run(aclmdlRI ri, aclrtStream s)
{
    atomic_store(&g_acc, 1);
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    return atomic_load(&g_acc);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream cap, upd, exe;
    CREATE_STREAMS(&cap, &upd, &exe);

    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    op(cap, 1, 1); /* acc = 2 */
    aclrtTaskGrp grp = NULL;
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(cap));
    op(cap, 3, 2); /* (2+3)*2 = 10 */
    CHECK_OK(aclmdlRICaptureTaskGrpEnd(cap, &grp));
    aclmdlRI inprog = NULL;
    aclmdlRICaptureStatus st;
    CHECK_OK(aclmdlRICaptureGetInfo(cap, &st, &inprog));
    CHECK(st == ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE && inprog != NULL);
    /* Still being captured: nothing to commit. */
    CHECK_ERR(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIUpdate(inprog));
    op(cap, 0, 5); /* 50 */
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    CHECK(ri == inprog);
    CHECK(run(ri, exe) == 50);
    CHECK_OK(aclmdlRIUpdate(ri)); /* nothing pending: fine, changes nothing */
    CHECK(run(ri, exe) == 50);

    /* The update sequence: new arguments for the group's task. */
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(upd, grp));
    op(upd, 8, 3);                                           /* (2+8)*3 = 30 -> 150 */
    CHECK_ERR(ACL_ERROR_RT_MODEL_UPDATE_FAILED, aclmdlRIUpdate(ri)); /* session open */
    CHECK(run(ri, exe) == 50); /* the open session is not in effect */
    CHECK_OK(aclmdlRICaptureTaskUpdateEnd(upd));
    /* Queue executions, then commit: Update returns once they finished. */
    atomic_store(&g_acc, 1);
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclmdlRIUpdate(ri));
    CHECK(atomic_load(&g_acc) == 150);
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK(run(ri, exe) == 150);
    CHECK(run(ri, exe) == 150); /* and stays updated */

    /* Misuse. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIUpdate(NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIUpdate((aclmdlRI)(uintptr_t)0x1234));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIUpdate(ri));

    DESTROY_STREAMS(cap, upd, exe);
    TEST_CLOSE();
    printf("model_update: ok\n");
    return 0;
}
