/* SPDX-License-Identifier: Apache-2.0 */
/* Task parameters of a captured model (aclmdlRIGetStreams -> aclmdlRIGetTasksByStream ->
 * aclmdlRITaskGetType / GetSeqId / GetParams / SetParams / Disable -> aclmdlRIUpdate): the
 * kernel of a loaded binary relaunched with new arguments and block count, a cpuacl kernel
 * with new host arguments, a value write with a new value, a disabled task skipped by
 * replays; changes staged until aclmdlRIUpdate; misuse codes; dead handles refused. */
#include <stdint.h>
#include <string.h>

#include "acltest.h"

static _Atomic long g_acc;
struct add_arg {
    long add;
};
static int32_t k_add(void *p)
{
    atomic_fetch_add(&g_acc, ((const struct add_arg *)p)->add);
    return 0;
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclrtStream cap, exe;
    CHECK_OK(aclrtCreateStream(&cap));
    CHECK_OK(aclrtCreateStream(&exe));
    aclrtBinHandle bin;
    CHECK_OK(aclrtBinaryLoadFromFile(KERNEL_SO, NULL, &bin));
    aclrtFuncHandle ids;
    CHECK_OK(aclrtBinaryGetFunction(bin, "block_ids", &ids));
    uint32_t *outA, *outB;
    uint64_t *word;
    void *src, *dst;
    CHECK_OK(aclrtMalloc((void **)&outA, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc((void **)&outB, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc((void **)&word, 8, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc(&src, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc(&dst, 64, ACL_MEM_MALLOC_NORMAL_ONLY));

    /* Capture: cpuacl kernel, binary kernel (2 blocks), value write, copy. */
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    struct add_arg one = {1};
    CHECK_OK(cpuaclLaunchKernelArgs(cap, k_add, &one, sizeof(one)));
    aclrtLaunchKernelAttr attrs[4];
    memset(attrs, 0, sizeof(attrs));
    attrs[0].id = ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE;
    attrs[0].value.schemMode = 1;
    attrs[1].id = ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE;
    attrs[1].value.dynUBufSize = 4096;
    attrs[2].id = ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US;
    attrs[2].value.timeoutUs.timeoutLow = 2500000; /* 2.5 s */
    attrs[3].id = ACL_RT_LAUNCH_KERNEL_ATTR_DATA_DUMP;
    attrs[3].value.isDataDump = 1;
    aclrtLaunchKernelCfg kcfg = {attrs, 4};
    CHECK_OK(aclrtLaunchKernelWithHostArgs(ids, 2, cap, &kcfg, &outA, sizeof(outA), NULL, 0));
    CHECK_OK(aclrtValueWrite(word, 7, 0, cap));
    CHECK_OK(aclrtMemcpyAsync(dst, 64, src, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, cap));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));

    /* Enumerate. */
    uint32_t ns = 0;
    CHECK_OK(aclmdlRIGetStreams(ri, NULL, &ns));
    CHECK(ns == 1);
    aclrtStream ls = NULL;
    CHECK_OK(aclmdlRIGetStreams(ri, &ls, &ns));
    CHECK(ls != NULL && ls != cap);
    uint32_t nt = 0;
    CHECK_OK(aclmdlRIGetTasksByStream(ls, NULL, &nt));
    CHECK(nt == 4);
    aclmdlRITask t[4];
    CHECK_OK(aclmdlRIGetTasksByStream(ls, t, &nt));
    const aclmdlRITaskType want[4] = {ACL_MODEL_RI_TASK_KERNEL, ACL_MODEL_RI_TASK_KERNEL,
                                      ACL_MODEL_RI_TASK_VALUE_WRITE, ACL_MODEL_RI_TASK_DEFAULT};
    for (uint32_t i = 0; i < 4; i++) {
        aclmdlRITaskType ty;
        uint32_t id;
        CHECK_OK(aclmdlRITaskGetType(t[i], &ty));
        CHECK(ty == want[i]);
        CHECK_OK(aclmdlRITaskGetSeqId(t[i], &id));
        CHECK(id == i);
    }
    aclmdlRITaskParams p;
    CHECK_OK(aclmdlRITaskGetParams(t[1], &p));
    CHECK(p.type == ACL_MODEL_RI_TASK_KERNEL && p.kernelTaskParams.funcHandle == ids);
    CHECK(p.kernelTaskParams.numBlocks == 2 && p.kernelTaskParams.argsSize == sizeof(outA));
    CHECK(*(uint32_t **)p.kernelTaskParams.args == outA);
    CHECK_OK(aclmdlRITaskGetParams(t[0], &p));
    CHECK(p.kernelTaskParams.funcHandle == NULL && p.kernelTaskParams.isHostArgs == 1);
    CHECK(p.kernelTaskParams.argsSize == CPUACL_KERNEL_ARGS_MAX && /* the inline block */
          ((struct add_arg *)p.kernelTaskParams.args)->add == 1);
    CHECK_OK(aclmdlRITaskGetParams(t[2], &p));
    CHECK(p.valueWriteTaskParams.devAddr == word && p.valueWriteTaskParams.value == 7);

    /* The launch attributes of the kernel tasks (aclmdlRIKernelTaskGetAttribute). */
    aclrtLaunchKernelAttrValue av;
    CHECK_OK(aclmdlRIKernelTaskGetAttribute(t[1], ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE, &av));
    CHECK(av.schemMode == 1);
    CHECK_OK(aclmdlRIKernelTaskGetAttribute(t[1], ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE, &av));
    CHECK(av.dynUBufSize == 4096);
    CHECK_OK(aclmdlRIKernelTaskGetAttribute(t[1], ACL_RT_LAUNCH_KERNEL_ATTR_DATA_DUMP, &av));
    CHECK(av.isDataDump == 1);
    CHECK_OK(aclmdlRIKernelTaskGetAttribute(t[1], ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US, &av));
    CHECK(av.timeoutUs.timeoutLow == 2500000 && av.timeoutUs.timeoutHigh == 0);
    CHECK_OK(aclmdlRIKernelTaskGetAttribute(t[1], ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT, &av));
    CHECK(av.timeout == 2); /* whole seconds */
    /* A cpuacl kernel was launched without attributes: all 0. */
    av.dynUBufSize = 77;
    CHECK_OK(aclmdlRIKernelTaskGetAttribute(t[0], ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE, &av));
    CHECK(av.dynUBufSize == 0);
    /* Misuse: not a kernel task, an attribute that cannot be queried, NULLs. */
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
              aclmdlRIKernelTaskGetAttribute(t[2], ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE, &av));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
              aclmdlRIKernelTaskGetAttribute(t[1], ACL_RT_LAUNCH_KERNEL_ATTR_ENGINE_TYPE, &av));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
              aclmdlRIKernelTaskGetAttribute(t[1], ACL_RT_LAUNCH_KERNEL_ATTR_BLOCKDIM_OFFSET, &av));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
              aclmdlRIKernelTaskGetAttribute(t[1], (aclrtLaunchKernelAttrId)42, &av));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclmdlRIKernelTaskGetAttribute(t[1], ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclmdlRIKernelTaskGetAttribute(NULL, ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE, &av));

    /* Replay as captured. */
    memset(outA, 0, 64);
    memset(outB, 0, 64);
    atomic_store(&g_acc, 0);
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK(outA[0] == 2 && outA[1] == 102 && outA[2] == 0 && *word == 7 && g_acc == 1);

    /* New parameters: 3 blocks into outB; add 5; write 9. Staged until aclmdlRIUpdate. */
    CHECK_OK(aclmdlRITaskGetParams(t[1], &p));
    p.kernelTaskParams.numBlocks = 3;
    p.kernelTaskParams.args = &outB; /* host args: copied by the call */
    p.kernelTaskParams.isHostArgs = 1;
    CHECK_OK(aclmdlRITaskSetParams(t[1], &p));
    aclmdlRITaskParams q;
    CHECK_OK(aclmdlRITaskGetParams(t[1], &q)); /* shows the staged change */
    CHECK(q.kernelTaskParams.numBlocks == 3 && *(uint32_t **)q.kernelTaskParams.args == outB);
    CHECK_OK(aclmdlRITaskGetParams(t[0], &p));
    struct add_arg five = {5};
    p.kernelTaskParams.args = &five;
    p.kernelTaskParams.argsSize = sizeof(five); /* the bytes SetParams copies */
    CHECK_OK(aclmdlRITaskSetParams(t[0], &p));
    CHECK_OK(aclmdlRITaskGetParams(t[2], &p));
    p.valueWriteTaskParams.value = 9;
    CHECK_OK(aclmdlRITaskSetParams(t[2], &p));
    memset(outA, 0, 64);
    atomic_store(&g_acc, 0);
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe)); /* before the update: the old parameters */
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK(outA[1] == 102 && outB[0] == 0 && *word == 7 && g_acc == 1);
    CHECK_OK(aclmdlRIUpdate(ri));
    memset(outA, 0, 64);
    atomic_store(&g_acc, 0);
    for (int r = 0; r < 2; r++) { /* and it stays */
        CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
        CHECK_OK(aclrtSynchronizeStream(exe));
    }
    CHECK(outB[0] == 3 && outB[1] == 103 && outB[2] == 203 && outA[0] == 0);
    CHECK(*word == 9 && g_acc == 10);

    /* Disable the cpuacl kernel: replays skip it once the update is applied. */
    CHECK_OK(aclmdlRITaskDisable(t[0]));
    atomic_store(&g_acc, 0);
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK(g_acc == 5);
    CHECK_OK(aclmdlRIUpdate(ri));
    atomic_store(&g_acc, 0);
    outB[2] = 0;
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK(g_acc == 0 && outB[2] == 203); /* the rest still runs */
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclmdlRITaskSetParams(t[0], &p)); /* disabled */

    /* Misuse. */
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclmdlRITaskDisable(t[3])); /* DEFAULT type */
    CHECK_OK(aclmdlRITaskGetParams(t[2], &p));
    p.type = ACL_MODEL_RI_TASK_KERNEL;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRITaskSetParams(t[2], &p)); /* wrong type */
    CHECK_OK(aclmdlRITaskGetParams(t[2], &p));
    p.valueWriteTaskParams.devAddr = (char *)word + 1;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRITaskSetParams(t[2], &p));
    CHECK_OK(aclmdlRITaskGetParams(t[1], &p));
    p.kernelTaskParams.numBlocks = 0;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRITaskSetParams(t[1], &p));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRITaskSetParams(t[1], NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRITaskGetParams(NULL, &p));
    aclmdlRITaskType ty;
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclmdlRITaskGetType((aclmdlRITask)(uintptr_t)0x1234, &ty));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRITaskGetType(t[0], NULL));
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIGetTasksByStream(exe, NULL, &nt));
    /* A change staged on a model that is then destroyed is dropped with it. */
    CHECK_OK(aclmdlRITaskGetParams(t[1], &p));
    CHECK_OK(aclmdlRITaskSetParams(t[1], &p));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRITaskGetType(t[1], &ty));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRITaskDisable(t[2]));

    CHECK_OK(aclrtFree(outA));
    CHECK_OK(aclrtFree(outB));
    CHECK_OK(aclrtFree(word));
    CHECK_OK(aclrtFree(src));
    CHECK_OK(aclrtFree(dst));
    CHECK_OK(aclrtBinaryUnLoad(bin));
    CHECK_OK(aclrtDestroyStream(cap));
    CHECK_OK(aclrtDestroyStream(exe));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    return 0;
}
