/* SPDX-License-Identifier: Apache-2.0 */
/* Stream attributes and overflow extras (docs/stream.md): every attribute read and set
 * consistently with the per-stream calls (failure mode with aclrtSetStreamFailureMode,
 * overflow check with aclrtGet/SetStreamOverflowSwitch, priority with
 * aclrtStreamGetPriority), the op-info switch reading on only while capturing, a recycled
 * stream starting from the defaults; the Npu overflow status tasks (an overflowing cast
 * sets it, clear resets it) and the context's overflow block; aclrtPersistentTaskClean;
 * aclrtProfTrace; misuse codes. */
#include "acltest.h"
#include "aclnnop/aclnn_cast.h"

static void overflow_cast(aclrtStream s)
{
    float in[2] = {1e6f, 1.0f};
    int64_t shape[1] = {2}, strides[1] = {1};
    void *din, *dout;
    CHECK_OK(aclrtMalloc(&din, 8, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&dout, 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(din, 8, in, 8, ACL_MEMCPY_HOST_TO_DEVICE));
    aclTensor *ti = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, din);
    aclTensor *to = aclCreateTensor(shape, 1, ACL_FLOAT16, strides, 0, ACL_FORMAT_ND, shape, 1, dout);
    CHECK(ti && to);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    CHECK(aclnnCastGetWorkspaceSize(ti, ACL_FLOAT16, to, &ws, &ex) == 0);
    CHECK(ws == 0);
    CHECK(aclnnCast(NULL, 0, ex, s) == 0);
    CHECK_OK(aclrtSynchronizeStream(s));
    aclDestroyTensor(ti);
    aclDestroyTensor(to);
    FREE_DEVICE(din, dout);
}

static uint32_t npu_status(aclrtStream s, uint32_t *dev)
{
    memset(dev, 0xA5, 64);
    CHECK_OK(aclrtNpuGetFloatOverFlowStatus(dev, 64, 0, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    for (int i = 1; i < 16; i++)
        CHECK(dev[i] == 0);
    return dev[0];
}

int main(void)
{
    aclrtStreamAttrValue v;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtGetStreamAttribute(NULL, ACL_STREAM_ATTR_PRIORITY, &v));
    TEST_OPEN();
    aclrtStream s, t;
    CHECK_OK(aclrtCreateStreamWithConfig(&s, 3, 0));
    CHECK_OK(aclrtCreateStream(&t));

    /* ---- priority: the creation value, read-only ---- */
    CHECK_OK(aclrtGetStreamAttribute(s, ACL_STREAM_ATTR_PRIORITY, &v));
    CHECK(v.streamPriority == 3);
    uint32_t prio = 0;
    CHECK_OK(aclrtStreamGetPriority(s, &prio));
    CHECK(prio == v.streamPriority);
    v.streamPriority = 1;
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtSetStreamAttribute(s, ACL_STREAM_ATTR_PRIORITY, &v));

    /* ---- failure mode: as aclrtSetStreamFailureMode (once, context-wide STOP) ---- */
    CHECK_OK(aclrtGetStreamAttribute(s, ACL_STREAM_ATTR_FAILURE_MODE, &v));
    CHECK(v.failureMode == ACL_CONTINUE_ON_FAILURE);
    v.failureMode = ACL_STOP_ON_FAILURE;
    CHECK_OK(aclrtSetStreamAttribute(s, ACL_STREAM_ATTR_FAILURE_MODE, &v));
    CHECK_OK(aclrtGetStreamAttribute(s, ACL_STREAM_ATTR_FAILURE_MODE, &v));
    CHECK(v.failureMode == ACL_STOP_ON_FAILURE);
    CHECK_OK(aclrtGetStreamAttribute(t, ACL_STREAM_ATTR_FAILURE_MODE, &v));
    CHECK(v.failureMode == ACL_STOP_ON_FAILURE); /* the whole context follows */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamFailureMode(s, ACL_CONTINUE_ON_FAILURE));
    v.failureMode = ACL_STOP_ON_FAILURE;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamAttribute(s, ACL_STREAM_ATTR_FAILURE_MODE, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamAttribute(NULL, ACL_STREAM_ATTR_FAILURE_MODE, &v));
    v.failureMode = 7;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamAttribute(t, ACL_STREAM_ATTR_FAILURE_MODE, &v));

    /* ---- overflow check: the attribute and the switch calls are one setting ---- */
    uint32_t flag = 9;
    CHECK_OK(aclrtGetStreamOverflowSwitch(s, &flag));
    CHECK(flag == 0);
    v.overflowSwitch = 1;
    CHECK_OK(aclrtSetStreamAttribute(s, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &v));
    CHECK_OK(aclrtGetStreamOverflowSwitch(s, &flag));
    CHECK(flag == 1);
    CHECK_OK(aclrtGetStreamOverflowSwitch(t, &flag));
    CHECK(flag == 0); /* per stream */
    CHECK_OK(aclrtSetStreamOverflowSwitch(s, 0));
    CHECK_OK(aclrtGetStreamAttribute(s, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &v));
    CHECK(v.overflowSwitch == 0);
    CHECK_OK(aclrtSetStreamOverflowSwitch(NULL, 1)); /* the default stream too */
    CHECK_OK(aclrtGetStreamOverflowSwitch(NULL, &flag));
    CHECK(flag == 1);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamOverflowSwitch(s, 2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetStreamOverflowSwitch(s, NULL));

    /* ---- user tag; op-info cache (on only while capturing) ---- */
    v.userCustomTag = 77;
    CHECK_OK(aclrtSetStreamAttribute(t, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &v));
    memset(&v, 0, sizeof(v));
    CHECK_OK(aclrtGetStreamAttribute(t, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &v));
    CHECK(v.userCustomTag == 77);
    v.cacheOpInfoSwitch = 1;
    CHECK_OK(aclrtSetStreamAttribute(t, ACL_STREAM_ATTR_CACHE_OP_INFO, &v));
    CHECK_OK(aclrtGetStreamAttribute(t, ACL_STREAM_ATTR_CACHE_OP_INFO, &v));
    CHECK(v.cacheOpInfoSwitch == 0);
    CHECK_OK(aclmdlRICaptureBegin(t, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtGetStreamAttribute(t, ACL_STREAM_ATTR_CACHE_OP_INFO, &v));
    CHECK(v.cacheOpInfoSwitch == 1);
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(t, &ri));
    CHECK_OK(aclmdlRIDestroy(ri));
    v.cacheOpInfoSwitch = 2;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamAttribute(t, ACL_STREAM_ATTR_CACHE_OP_INFO, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetStreamAttribute(t, (aclrtStreamAttr)6, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamAttribute(t, (aclrtStreamAttr)0, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetStreamAttribute(t, ACL_STREAM_ATTR_PRIORITY, NULL));

    /* ---- a destroyed stream: refused; a new stream starts from the defaults ---- */
    CHECK_OK(aclrtDestroyStream(t));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtGetStreamAttribute(t, ACL_STREAM_ATTR_PRIORITY, &v));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSetStreamOverflowSwitch(t, 1));
    for (int i = 0; i < 8; i++) {
        aclrtStream u;
        CHECK_OK(aclrtCreateStream(&u));
        CHECK_OK(aclrtGetStreamAttribute(u, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &v));
        CHECK(v.userCustomTag == 0);
        v.userCustomTag = 5;
        CHECK_OK(aclrtSetStreamAttribute(u, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &v));
        CHECK_OK(aclrtDestroyStream(u));
    }

    /* ---- Npu overflow status, the context's block ---- */
    uint32_t *dev;
    CHECK_OK(aclrtMalloc((void **)&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtNpuClearFloatOverFlowStatus(0, s));
    CHECK(npu_status(s, dev) == 0);
    overflow_cast(s);
    CHECK(npu_status(s, dev) == 1);
    void *blk = NULL;
    CHECK_OK(aclrtCtxGetFloatOverflowAddr(&blk));
    CHECK(blk && ((uintptr_t)blk & 63) == 0);
    CHECK(((uint32_t *)blk)[0] == 1); /* what the last status task wrote */
    CHECK_OK(aclrtNpuClearFloatOverFlowStatus(1, s));
    CHECK(npu_status(s, dev) == 0);
    CHECK(((uint32_t *)blk)[0] == 0);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtNpuGetFloatOverFlowStatus(dev, 63, 0, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtNpuGetFloatOverFlowStatus(NULL, 64, 0, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtNpuGetFloatOverFlowStatus(dev, 64, 2, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtNpuClearFloatOverFlowStatus(5, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCtxGetFloatOverflowAddr(NULL));

    /* ---- persistent streams ---- */
    aclrtStream p;
    CHECK_OK(aclrtCreateStreamWithConfig(&p, 0, ACL_STREAM_PERSISTENT));
    _Atomic uint64_t ctr = 0;
    for (int i = 0; i < 50; i++)
        CHECK_OK(launch_inc(p, &ctr));
    CHECK_OK(aclrtPersistentTaskClean(p));
    CHECK(atomic_load(&ctr) == 50); /* its queued tasks are done, the stream is empty */
    CHECK_OK(launch_inc(p, &ctr));
    CHECK_OK(aclrtSynchronizeStream(p));
    CHECK(atomic_load(&ctr) == 51);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtPersistentTaskClean(s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtPersistentTaskClean(NULL));
    CHECK_OK(aclrtDestroyStream(p));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtPersistentTaskClean(p));

    /* ---- profiling trace marks ---- */
    unsigned char mark[18] = {1, 2, 3};
    CHECK_OK(aclrtProfTrace(mark, 3, s));
    CHECK_OK(aclrtProfTrace(mark, 18, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtProfTrace(mark, 19, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtProfTrace(mark, 0, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtProfTrace(NULL, 4, s));

    FREE_DEVICE(dev);
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("stream_attr: ok\n");
    return 0;
}
