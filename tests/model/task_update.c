/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtTaskUpdateAsync on a model built by hand: a kernel of a loaded binary recorded on a
 * bound stream, its id from aclrtGetThreadLastTaskId, then an update queued on a normal
 * stream that reads the new block count from device memory when it runs; executions
 * queued after it launch the new count (and aclmdlRITaskGetParams shows it), those before
 * it the old; a second update wins over the first; a block count of 0 fails the update
 * task and leaves the model as it was; a model destroyed while its update is still queued;
 * the misuse codes. */
#include <stdint.h>
#include <string.h>

#include "acltest.h"

static int32_t k_nop(void *p)
{
    (void)p;
    return 0;
}

static void expect_blocks(const uint32_t *out, uint32_t n)
{
    uint32_t h[8];
    CHECK_OK(aclrtMemcpy(h, sizeof(h), out, sizeof(h), ACL_MEMCPY_DEVICE_TO_HOST));
    for (uint32_t b = 0; b < 8; b++) {
        uint32_t want = b < n ? b * 100 + n : 0;
        if (h[b] != want) {
            fprintf(stderr, "out[%u] = %u, want %u (%u blocks)\n", b, h[b], want, n);
            exit(1);
        }
    }
}

static void put(uint32_t *dev, uint32_t v)
{
    CHECK_OK(aclrtMemcpy(dev, 4, &v, 4, ACL_MEMCPY_HOST_TO_DEVICE));
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclrtBinHandle bin;
    CHECK_OK(aclrtBinaryLoadFromFile(KERNEL_SO, NULL, &bin));
    aclrtFuncHandle ids;
    CHECK_OK(aclrtBinaryGetFunction(bin, "block_ids", &ids));
    uint32_t *out, *dim;
    CHECK_OK(aclrtMalloc((void **)&out, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc((void **)&dim, 4, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMemset(out, 64, 0, 64));
    aclrtStream s, exe, other;
    CHECK_OK(aclrtCreateStreamWithConfig(&s, 0, ACL_STREAM_PERSISTENT));
    CHECK_OK(aclrtCreateStream(&exe));
    CHECK_OK(aclrtCreateStream(&other));

    aclmdlRI ri;
    CHECK_OK(aclmdlRIBuildBegin(&ri, 0));
    CHECK_OK(aclmdlRIBindStream(ri, s, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(cpuaclLaunchKernel(s, k_nop, NULL));
    uint32_t nopId = 99, taskId = 99;
    CHECK_OK(aclrtGetThreadLastTaskId(&nopId));
    CHECK_OK(aclrtLaunchKernelWithHostArgs(ids, 2, s, NULL, &out, sizeof(out), NULL, 0));
    CHECK_OK(aclrtGetThreadLastTaskId(&taskId));
    CHECK(nopId == 0 && taskId == 1); /* positions in the bound stream */
    aclrtTaskUpdateInfo info;
    memset(&info, 0, sizeof(info));
    info.id = ACL_RT_UPDATE_AIC_AIV_TASK;
    info.val.aicAivTaskAttr.binHandle = ids;
    info.val.aicAivTaskAttr.blockDimAddr = dim;
    /* Still being built. */
    CHECK_ERR(ACL_ERROR_RT_MODEL_CAPTURED, aclrtTaskUpdateAsync(s, taskId, &info, exe));
    CHECK_OK(aclmdlRIEndTask(ri, s));
    CHECK_OK(aclmdlRIBuildEnd(ri, NULL));

    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    expect_blocks(out, 2);

    /* The count is read when the update runs: written after the call, before the run. */
    uint64_t *gate;
    CHECK_OK(aclrtMalloc((void **)&gate, 8, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMemset(gate, 8, 0, 8));
    CHECK_OK(aclrtMemset(out, 64, 0, 64));
    put(dim, 1);
    CHECK_OK(aclrtValueWait(gate, 1, ACL_STREAM_WAIT_VALUE_GEQ, exe)); /* hold exe */
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe)); /* before the update: 2 blocks */
    CHECK_OK(aclrtTaskUpdateAsync(s, taskId, &info, exe));
    put(dim, 4); /* after the call, before the update runs */
    CHECK_OK(aclrtValueWrite(gate, 1, 0, other));
    CHECK_OK(aclrtSynchronizeStream(exe));
    expect_blocks(out, 2);
    CHECK_OK(aclrtMemset(out, 64, 0, 64));
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    expect_blocks(out, 4);
    /* aclmdlRITaskGetParams shows the new launch. */
    aclmdlRITask tasks[2];
    uint32_t nt = 2;
    CHECK_OK(aclmdlRIGetTasksByStream(s, tasks, &nt));
    CHECK(nt == 2);
    aclmdlRITaskParams p;
    memset(&p, 0, sizeof(p));
    CHECK_OK(aclmdlRITaskGetParams(tasks[1], &p));
    CHECK(p.type == ACL_MODEL_RI_TASK_KERNEL && p.kernelTaskParams.numBlocks == 4 &&
          p.kernelTaskParams.funcHandle == ids);

    /* Two updates queued: the later wins. */
    put(dim, 3);
    uint32_t *dim2;
    CHECK_OK(aclrtMalloc((void **)&dim2, 4, ACL_MEM_MALLOC_NORMAL_ONLY));
    put(dim2, 5);
    CHECK_OK(aclrtTaskUpdateAsync(s, taskId, &info, exe));
    info.val.aicAivTaskAttr.blockDimAddr = dim2;
    CHECK_OK(aclrtTaskUpdateAsync(s, taskId, &info, exe));
    CHECK_OK(aclrtMemset(out, 64, 0, 64));
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    expect_blocks(out, 5);

    /* A block count of 0 fails the update task (on exe); the model keeps 5 blocks. */
    put(dim2, 0);
    CHECK_OK(aclrtTaskUpdateAsync(s, taskId, &info, exe));
    CHECK(aclrtSynchronizeStream(exe) == ACL_ERROR_INVALID_PARAM);
    (void)aclGetRecentErrMsg();
    CHECK_OK(aclrtMemset(out, 64, 0, 64));
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    expect_blocks(out, 5);

    /* Misuse. */
    put(dim2, 2);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtTaskUpdateAsync(s, taskId, NULL, exe));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtTaskUpdateAsync(NULL, taskId, &info, exe));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtTaskUpdateAsync(s, taskId, &info, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtTaskUpdateAsync(s, 2, &info, exe)); /* past end */
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtTaskUpdateAsync(s, nopId, &info, exe));
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtTaskUpdateAsync(other, 0, &info, exe));
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtTaskUpdateAsync(s, taskId, &info, s));
    aclrtTaskUpdateInfo bad = info;
    bad.val.aicAivTaskAttr.blockDimAddr = NULL;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtTaskUpdateAsync(s, taskId, &bad, exe));
    bad = info;
    bad.val.aicAivTaskAttr.binHandle = NULL;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtTaskUpdateAsync(s, taskId, &bad, exe));
    bad = info;
    bad.id = ACL_RT_UPDATE_RANDOM_TASK;
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtTaskUpdateAsync(s, taskId, &bad, exe));
    bad.id = (aclrtUpdateTaskAttrId)9;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtTaskUpdateAsync(s, taskId, &bad, exe));

    /* An update still queued behind a blocked exe when the model goes: harmless. */
    CHECK_OK(aclrtMemset(gate, 8, 0, 8));
    CHECK_OK(aclrtValueWait(gate, 1, ACL_STREAM_WAIT_VALUE_GEQ, exe));
    CHECK_OK(aclrtTaskUpdateAsync(s, taskId, &info, exe));
    CHECK_OK(aclmdlRIUnbindStream(ri, s));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtValueWrite(gate, 1, 0, other));
    CHECK_OK(aclrtSynchronizeStream(exe));

    CHECK_OK(aclrtFree(gate));
    CHECK_OK(aclrtFree(dim2));
    CHECK_OK(aclrtFree(dim));
    CHECK_OK(aclrtFree(out));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtDestroyStream(exe));
    CHECK_OK(aclrtDestroyStream(other));
    CHECK_OK(aclrtBinaryUnLoad(bin));
    CHECK_OK(aclrtResetDeviceForce(0));
    CHECK_OK(aclFinalize());
    printf("model_task_update: ok\n");
    return 0;
}
