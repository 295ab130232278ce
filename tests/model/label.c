/* SPDX-License-Identifier: Apache-2.0 */
/* Labels in the sample's sequence (a model built on a persistent stream, labels set on
 * it, aclrtSwitchLabelByIndex reading the index from device memory): each execution
 * continues at the chosen label (forward jumps over a branch, an index past the end
 * choosing the last label, a backward jump making a loop driven by a kernel), labels and
 * lists destroyed before the model still work, and the misuse codes. */
#include "tlog.h"

/* count -= 1; idx = count > 0 ? 0 (loop again) : 1 (leave). */
struct steparg {
    uint32_t *count, *idx;
};
static int32_t k_step(void *p)
{
    struct steparg *a = p;
    *a->count -= 1;
    *a->idx = *a->count > 0 ? 0 : 1;
    return 0;
}

static void put_u32(uint32_t *dev, uint32_t v)
{
    CHECK_OK(aclrtMemcpy(dev, 4, &v, 4, ACL_MEMCPY_HOST_TO_DEVICE));
}

int main(void)
{
    TEST_OPEN();
    aclrtStream ls, ls2, exe;
    CHECK_OK(aclrtCreateStreamWithConfig(&ls, 0, ACL_STREAM_PERSISTENT));
    CHECK_OK(aclrtCreateStreamWithConfig(&ls2, 0, ACL_STREAM_PERSISTENT));
    CHECK_OK(aclrtCreateStream(&exe));
    uint32_t *idx, *idx2, *count;
    CHECK_OK(aclrtMalloc((void **)&idx, 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&idx2, 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&count, 4, ACL_MEM_MALLOC_HUGE_FIRST));

    /* Two branches: switch(idx) -> L0: log 10, jump end | L1: log 11 | end: log 99. */
    aclmdlRI ri;
    CHECK_OK(aclmdlRIBuildBegin(&ri, 0));
    CHECK_OK(aclmdlRIBindStream(ri, ls, ACL_MODEL_STREAM_FLAG_HEAD));
    aclrtLabel lab[3];
    for (int i = 0; i < 3; i++)
        CHECK_OK(aclrtCreateLabel(&lab[i]));
    aclrtLabelList branches, toend;
    CHECK_OK(aclrtCreateLabelList(lab, 2, &branches));
    CHECK_OK(aclrtCreateLabelList(&lab[2], 1, &toend));
    put_u32(idx2, 0);
    logk(ls, 1);
    CHECK_OK(aclrtSwitchLabelByIndex(idx, 2, branches, ls));
    CHECK_OK(aclrtSetLabel(lab[0], ls));
    logk(ls, 10);
    CHECK_OK(aclrtSwitchLabelByIndex(idx2, 1, toend, ls));
    CHECK_OK(aclrtSetLabel(lab[1], ls));
    logk(ls, 11);
    CHECK_OK(aclrtSetLabel(lab[2], ls));
    logk(ls, 99);
    /* Misuse while building. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetLabel(lab[0], ls)); /* set twice */
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtSetLabel(lab[0], exe));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSwitchLabelByIndex(idx, 0, branches, ls));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSwitchLabelByIndex(idx, 3, branches, ls));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSwitchLabelByIndex(NULL, 2, branches, ls));
    CHECK_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclrtSwitchLabelByIndex(idx, 2, branches, exe));
    CHECK_OK(aclmdlRIEndTask(ri, ls));
    CHECK_OK(aclmdlRIBuildEnd(ri, NULL));
    /* The handles may go before the model. */
    CHECK_OK(aclrtDestroyLabelList(branches));
    CHECK_OK(aclrtDestroyLabelList(toend));
    for (int i = 0; i < 3; i++)
        CHECK_OK(aclrtDestroyLabel(lab[i]));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyLabel(lab[0]));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyLabelList(branches));

    put_u32(idx, 0);
    EXPECT(ri, exe, 1, 10, 99);
    put_u32(idx, 1);
    EXPECT(ri, exe, 1, 11, 99);
    put_u32(idx, 7); /* past the end: the last label */
    EXPECT(ri, exe, 1, 11, 99);
    put_u32(idx, 0);
    EXPECT(ri, exe, 1, 10, 99);
    CHECK_OK(aclmdlRIUnbindStream(ri, ls));
    CHECK_OK(aclmdlRIDestroy(ri));

    /* A loop: top: log 20, step, switch(idx) -> [top, exit] | exit: log 99. */
    CHECK_OK(aclmdlRIBuildBegin(&ri, 0));
    CHECK_OK(aclmdlRIBindStream(ri, ls, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclrtCreateLabel(&lab[0]));
    CHECK_OK(aclrtCreateLabel(&lab[1]));
    CHECK_OK(aclrtCreateLabelList(lab, 2, &branches));
    CHECK_OK(aclrtSetLabel(lab[0], ls));
    logk(ls, 20);
    struct steparg st = {count, idx};
    CHECK_OK(cpuaclLaunchKernelArgs(ls, k_step, &st, sizeof(st)));
    CHECK_OK(aclrtSwitchLabelByIndex(idx, 2, branches, ls));
    CHECK_OK(aclrtSetLabel(lab[1], ls));
    logk(ls, 99);
    CHECK_OK(aclmdlRIEndTask(ri, ls));
    CHECK_OK(aclmdlRIBuildEnd(ri, NULL));
    put_u32(count, 3);
    EXPECT(ri, exe, 20, 20, 20, 99);
    put_u32(count, 1);
    EXPECT(ri, exe, 20, 99);
    CHECK_OK(aclmdlRIUnbindStream(ri, ls));
    CHECK_OK(aclmdlRIDestroy(ri));
    /* The labels outlive their model harmlessly. */
    CHECK_OK(aclrtDestroyLabelList(branches));
    CHECK_OK(aclrtDestroyLabel(lab[0]));
    CHECK_OK(aclrtDestroyLabel(lab[1]));

    /* A label on another stream of the model: the switch fails the execution
     * (ACL_ERROR_RT_FEATURE_NOT_SUPPORT, docs/model.md). */
    CHECK_OK(aclmdlRIBuildBegin(&ri, 0));
    CHECK_OK(aclmdlRIBindStream(ri, ls, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclmdlRIBindStream(ri, ls2, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclrtCreateLabel(&lab[0]));
    CHECK_OK(aclrtCreateLabelList(lab, 1, &branches));
    CHECK_OK(aclrtSwitchLabelByIndex(idx, 1, branches, ls));
    CHECK_OK(aclrtSetLabel(lab[0], ls2));
    logk(ls2, 5);
    CHECK_OK(aclmdlRIEndTask(ri, ls));
    CHECK_OK(aclmdlRIEndTask(ri, ls2));
    CHECK_OK(aclmdlRIBuildEnd(ri, NULL));
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtSynchronizeStream(exe));
    CHECK_OK(aclmdlRIUnbindStream(ri, ls));
    CHECK_OK(aclmdlRIUnbindStream(ri, ls2));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyLabelList(branches));

    /* More misuse. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateLabel(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateLabelList(lab, 0, &branches));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateLabelList(NULL, 1, &branches));
    CHECK_OK(aclrtDestroyLabel(lab[0]));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtCreateLabelList(lab, 1, &branches));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyLabel(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyLabelList(NULL));

    FREE_DEVICE(idx, idx2, count);
    DESTROY_STREAMS(ls, ls2, exe);
    TEST_CLOSE();
    printf("model_label: ok\n");
    return 0;
}
