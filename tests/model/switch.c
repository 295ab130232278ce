/* SPDX-License-Identifier: Apache-2.0 */
/* Model switching: streams bound with ACL_MODEL_STREAM_FLAG_DEFAULT run only when an
 * aclrtActiveStream or aclrtSwitchStream task of another stream of the model activates
 * them. First hicann/runtime's 2_model_switch sample in its call sequence (three aclnnAdd
 * branches chosen by a value a recorded device copy writes), each execution checked for
 * the branch it took; then activation by two lanes at once (the lane runs once), a chain
 * of activations, 64-bit comparisons, repeated executions, an aborted execution, and the
 * misuse codes. */
#include "acltest.h"

#include "aclnnop/aclnn_add.h"

static _Atomic int g_hits[8];

struct hitarg {
    int id;
};
static int32_t k_hit(void *p)
{
    atomic_fetch_add(&g_hits[((struct hitarg *)p)->id], 1);
    return 0;
}
static void hit(aclrtStream s, int id)
{
    struct hitarg a = {id};
    CHECK_OK(cpuaclLaunchKernelArgs(s, k_hit, &a, sizeof(a)));
}
static void hits_clear(void)
{
    for (int i = 0; i < 8; i++)
        atomic_store(&g_hits[i], 0);
}

static aclrtStream persistent(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStreamWithConfig(&s, 0, ACL_STREAM_PERSISTENT));
    return s;
}

static void *dev_alloc(size_t n)
{
    void *p = NULL;
    CHECK_OK(aclrtMalloc(&p, n, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemset(p, n, 0, n));
    return p;
}

static aclTensor *tensor(void *dev)
{
    int64_t shape[2] = {4, 2}, strides[2] = {2, 1};
    return aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 2, dev);
}

static void expect_all(const float *dev, float want, const char *what)
{
    float h[8];
    CHECK_OK(aclrtMemcpy(h, sizeof(h), dev, sizeof(h), ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 8; i++)
        if (h[i] < want - 1e-5f || h[i] > want + 1e-5f) {
            fprintf(stderr, "%s[%d] = %g, want %g\n", what, i, h[i], want);
            exit(1);
        }
}

/* The sample: stream1 (HEAD) adds branch 1, copies the branch number into num, then
 * switches to stream3 when num == 1 and to stream4 when num == 2; stream4 activates
 * stream2; stream2 and stream3 add their branch and activate endStream, which alone has
 * aclmdlRIEndTask. */
static void test_sample(void)
{
    const size_t size = 8 * sizeof(float);
    /* Pinned host buffers: cpuacl refuses pageable host memory in recorded copies
     * (docs/model.md), where the sample uses std::vector data. */
    float *self[3], *other = NULL, alphaValue = 1.2f;
    for (int b = 0; b < 3; b++)
        CHECK_OK(aclrtMallocHost((void **)&self[b], size));
    CHECK_OK(aclrtMallocHost((void **)&other, size));
    for (int i = 0; i < 8; i++) {
        self[0][i] = 1;
        self[1][i] = 2;
        self[2][i] = 3;
        other[i] = 2;
    }
    void *selfDev[3], *otherDev[3], *outDev[3];
    aclTensor *selfT[3], *otherT[3], *outT[3];
    aclOpExecutor *exec[3];
    uint64_t wsSize[3];
    void *ws[3] = {NULL, NULL, NULL};
    aclScalar *alpha = aclCreateScalar(&alphaValue, ACL_FLOAT);
    CHECK(alpha != NULL);
    for (int b = 0; b < 3; b++) {
        selfDev[b] = dev_alloc(size);
        otherDev[b] = dev_alloc(size);
        outDev[b] = dev_alloc(size);
        selfT[b] = tensor(selfDev[b]);
        otherT[b] = tensor(otherDev[b]);
        outT[b] = tensor(outDev[b]);
        CHECK(selfT[b] && otherT[b] && outT[b]);
        CHECK_OK(
            aclnnAddGetWorkspaceSize(selfT[b], otherT[b], alpha, outT[b], &wsSize[b], &exec[b]));
        if (wsSize[b] > 0)
            ws[b] = dev_alloc(wsSize[b]);
    }
    int32_t one = 1, two = 2;
    void *right1 = dev_alloc(4), *right2 = dev_alloc(4), *num = dev_alloc(4),
         *target = dev_alloc(4);
    CHECK_OK(aclrtMemcpy(right1, 4, &one, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(right2, 4, &two, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(target, 4, &one, 4, ACL_MEMCPY_HOST_TO_DEVICE));

    aclrtStream stream1 = persistent(), stream2 = persistent(), stream3 = persistent(),
                stream4 = persistent(), endStream = persistent(), copyStream, executeStream;
    CHECK_OK(aclrtCreateStream(&copyStream));
    aclmdlRI modelRI;
    CHECK_OK(aclmdlRIBuildBegin(&modelRI, 0));
    CHECK_OK(aclmdlRIBindStream(modelRI, stream1, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclmdlRIBindStream(modelRI, stream2, ACL_MODEL_STREAM_FLAG_DEFAULT));
    CHECK_OK(aclmdlRIBindStream(modelRI, stream3, ACL_MODEL_STREAM_FLAG_DEFAULT));
    CHECK_OK(aclmdlRIBindStream(modelRI, stream4, ACL_MODEL_STREAM_FLAG_DEFAULT));
    CHECK_OK(aclmdlRIBindStream(modelRI, endStream, ACL_MODEL_STREAM_FLAG_DEFAULT));
    aclrtStream branch[3] = {stream1, stream2, stream3};
    for (int b = 0; b < 3; b++) {
        CHECK_OK(aclrtMemcpyAsync(selfDev[b], size, self[b], size, ACL_MEMCPY_HOST_TO_DEVICE,
                                  branch[b]));
        CHECK_OK(
            aclrtMemcpyAsync(otherDev[b], size, other, size, ACL_MEMCPY_HOST_TO_DEVICE, branch[b]));
    }
    CHECK_OK(aclnnAdd(ws[0], wsSize[0], exec[0], stream1));
    CHECK_OK(aclrtMemcpyAsync(num, 4, target, 4, ACL_MEMCPY_DEVICE_TO_DEVICE, stream1));
    CHECK_OK(aclnnAdd(ws[1], wsSize[1], exec[1], stream2));
    CHECK_OK(aclrtActiveStream(endStream, stream2));
    CHECK_OK(aclnnAdd(ws[2], wsSize[2], exec[2], stream3));
    CHECK_OK(aclrtActiveStream(endStream, stream3));
    CHECK_OK(
        aclrtSwitchStream(num, ACL_RT_EQUAL, right1, ACL_RT_SWITCH_INT32, stream3, NULL, stream1));
    CHECK_OK(
        aclrtSwitchStream(num, ACL_RT_EQUAL, right2, ACL_RT_SWITCH_INT32, stream4, NULL, stream1));
    CHECK_OK(aclrtActiveStream(stream2, stream4));
    CHECK_OK(aclmdlRIEndTask(modelRI, endStream));
    CHECK_OK(aclmdlRIBuildEnd(modelRI, NULL));
    CHECK_OK(aclrtCreateStream(&executeStream));

    /* num == 1: stream1 -> stream3 -> endStream; branch 2 does not run. */
    CHECK_OK(aclmdlRIExecuteAsync(modelRI, executeStream));
    CHECK_OK(aclrtSynchronizeStream(executeStream));
    expect_all(outDev[0], 3.4f, "out1");
    expect_all(outDev[1], 0.0f, "out2");
    expect_all(outDev[2], 5.4f, "out3");
    /* num == 2: stream1 -> stream4 -> stream2 -> endStream; branch 3 does not run. */
    CHECK_OK(aclrtMemcpyAsync(target, 4, &two, 4, ACL_MEMCPY_HOST_TO_DEVICE, copyStream));
    CHECK_OK(aclrtSynchronizeStream(copyStream));
    for (int b = 0; b < 3; b++)
        CHECK_OK(aclrtMemset(outDev[b], size, 0, size));
    CHECK_OK(aclmdlRIExecuteAsync(modelRI, executeStream));
    CHECK_OK(aclrtSynchronizeStream(executeStream));
    expect_all(outDev[0], 3.4f, "out1");
    expect_all(outDev[1], 4.4f, "out2");
    expect_all(outDev[2], 0.0f, "out3");
    /* num == 3: neither switch holds; only stream1 runs (and the execution ends). */
    int32_t three = 3;
    CHECK_OK(aclrtMemcpy(target, 4, &three, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    for (int b = 0; b < 3; b++)
        CHECK_OK(aclrtMemset(outDev[b], size, 0, size));
    CHECK_OK(aclmdlRIExecute(modelRI, 10000));
    expect_all(outDev[0], 3.4f, "out1");
    expect_all(outDev[1], 0.0f, "out2");
    expect_all(outDev[2], 0.0f, "out3");

    aclrtStream bound[5] = {stream1, stream2, stream3, stream4, endStream};
    for (int i = 0; i < 5; i++)
        CHECK_OK(aclmdlRIUnbindStream(modelRI, bound[i]));
    CHECK_OK(aclmdlRIDestroy(modelRI));
    CHECK_OK(aclrtDestroyStream(copyStream));
    CHECK_OK(aclrtDestroyStream(executeStream));
    for (int i = 0; i < 5; i++)
        CHECK_OK(aclrtDestroyStream(bound[i]));
    for (int b = 0; b < 3; b++) {
        CHECK_OK(aclDestroyTensor(selfT[b]));
        CHECK_OK(aclDestroyTensor(otherT[b]));
        CHECK_OK(aclDestroyTensor(outT[b]));
        CHECK_OK(aclrtFree(selfDev[b]));
        CHECK_OK(aclrtFree(otherDev[b]));
        CHECK_OK(aclrtFree(outDev[b]));
        if (ws[b])
            CHECK_OK(aclrtFree(ws[b]));
    }
    CHECK_OK(aclDestroyScalar(alpha));
    for (int b = 0; b < 3; b++)
        CHECK_OK(aclrtFreeHost(self[b]));
    CHECK_OK(aclrtFreeHost(other));
    CHECK_OK(aclrtFree(right1));
    CHECK_OK(aclrtFree(right2));
    CHECK_OK(aclrtFree(num));
    CHECK_OK(aclrtFree(target));
}

/* head activates a and b; a and b both activate j (j runs once per execution); j
 * activates c (a chain); d is never activated; a 64-bit GREATER switch on head activates
 * e when *v > 5. Twenty executions alternate the switch. */
static void test_fanin_chain(void)
{
    aclrtStream head = persistent(), a = persistent(), b = persistent(), j = persistent(),
                c = persistent(), d = persistent(), e = persistent(), exe;
    CHECK_OK(aclrtCreateStream(&exe));
    int64_t *v = dev_alloc(8), *five = dev_alloc(8);
    int64_t h5 = 5;
    CHECK_OK(aclrtMemcpy(five, 8, &h5, 8, ACL_MEMCPY_HOST_TO_DEVICE));
    aclmdlRI m;
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    CHECK_OK(aclmdlRIBindStream(m, head, ACL_MODEL_STREAM_FLAG_HEAD));
    aclrtStream dflt[6] = {a, b, j, c, d, e};
    for (int i = 0; i < 6; i++)
        CHECK_OK(aclmdlRIBindStream(m, dflt[i], ACL_MODEL_STREAM_FLAG_DEFAULT));
    hit(head, 0);
    CHECK_OK(aclrtActiveStream(a, head));
    CHECK_OK(aclrtActiveStream(b, head));
    CHECK_OK(aclrtSwitchStream(v, ACL_RT_GREATER, five, ACL_RT_SWITCH_INT64, e, NULL, head));
    hit(a, 1);
    CHECK_OK(aclrtActiveStream(j, a));
    hit(b, 2);
    CHECK_OK(aclrtActiveStream(j, b));
    hit(j, 3);
    CHECK_OK(aclrtActiveStream(c, j));
    hit(c, 4);
    hit(d, 5);
    hit(e, 6);
    CHECK_OK(aclmdlRIEndTask(m, head));
    CHECK_OK(aclmdlRIBuildEnd(m, NULL));
    for (int it = 0; it < 20; it++) {
        int64_t hv = it % 2 ? 6 : 5;
        CHECK_OK(aclrtMemcpy(v, 8, &hv, 8, ACL_MEMCPY_HOST_TO_DEVICE));
        hits_clear();
        CHECK_OK(aclmdlRIExecuteAsync(m, exe));
        CHECK_OK(aclrtSynchronizeStream(exe));
        int want[7] = {1, 1, 1, 1, 1, 0, it % 2};
        for (int i = 0; i < 7; i++)
            if (atomic_load(&g_hits[i]) != want[i]) {
                fprintf(stderr, "execution %d: task %d ran %d times, want %d\n", it, i,
                        atomic_load(&g_hits[i]), want[i]);
                exit(1);
            }
    }
    /* Queued back to back: each execution still runs every branch once. */
    hits_clear();
    for (int it = 0; it < 8; it++)
        CHECK_OK(aclmdlRIExecuteAsync(m, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK(atomic_load(&g_hits[3]) == 8 && atomic_load(&g_hits[4]) == 8 &&
          atomic_load(&g_hits[5]) == 0 && atomic_load(&g_hits[6]) == 8);
    CHECK_OK(aclmdlRIDestroy(m)); /* unbinds the streams */
    CHECK_OK(aclrtDestroyStream(head));
    for (int i = 0; i < 6; i++)
        CHECK_OK(aclrtDestroyStream(dflt[i]));
    CHECK_OK(aclrtDestroyStream(exe));
    CHECK_OK(aclrtFree(v));
    CHECK_OK(aclrtFree(five));
}

static void test_misuse(void)
{
    aclrtStream h = persistent(), d = persistent(), d2 = persistent(), other = persistent(), plain;
    CHECK_OK(aclrtCreateStream(&plain));
    int32_t l = 1, r = 1;
    aclmdlRI m, m2;
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    CHECK_OK(aclmdlRIBuildBegin(&m2, 0));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIBindStream(m, d, 5));
    CHECK_OK(aclmdlRIBindStream(m, h, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclmdlRIBindStream(m, d, ACL_MODEL_STREAM_FLAG_DEFAULT));
    CHECK_OK(aclmdlRIBindStream(m, d2, ACL_MODEL_STREAM_FLAG_DEFAULT));
    CHECK_OK(aclmdlRIBindStream(m2, other, ACL_MODEL_STREAM_FLAG_DEFAULT));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtActiveStream(NULL, h));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtActiveStream(d, NULL));
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtActiveStream(d, plain)); /* stream not bound */
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtActiveStream(plain, h)); /* target not bound */
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtActiveStream(other, h)); /* another model */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtActiveStream(d, d));       /* itself */
    /* HEAD: always on. */
    CHECK(aclrtActiveStream(h, d) == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    const char *msg = aclGetRecentErrMsg();
    CHECK(msg && strstr(msg, "ACL_MODEL_STREAM_FLAG_DEFAULT"));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSwitchStream(&l, (aclrtCondition)6, &r, ACL_RT_SWITCH_INT32, d, NULL, h));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSwitchStream(&l, ACL_RT_EQUAL, &r, (aclrtCompareDataType)2, d, NULL, h));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSwitchStream(&l, ACL_RT_EQUAL, NULL, ACL_RT_SWITCH_INT32, d, NULL, h));
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL,
              aclrtSwitchStream(&l, ACL_RT_EQUAL, &r, ACL_RT_SWITCH_INT32, other, NULL, h));
    /* BuildEnd: no stream ended yet. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildEnd(m, NULL));
    CHECK_OK(aclrtActiveStream(d, h));
    CHECK_OK(aclmdlRIEndTask(m, h));
    /* After EndTask the stream takes no activation. */
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtActiveStream(d2, h));
    CHECK_OK(aclmdlRIBuildEnd(m, NULL));
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtActiveStream(d2, d)); /* built */
    /* A model whose streams are all DEFAULT would start nothing. */
    CHECK_OK(aclmdlRIEndTask(m2, other));
    CHECK(aclmdlRIBuildEnd(m2, NULL) == ACL_ERROR_INVALID_PARAM);
    msg = aclGetRecentErrMsg();
    CHECK(msg && strstr(msg, "ACL_MODEL_STREAM_FLAG_HEAD"));
    CHECK_OK(aclmdlRIExecute(m, 10000)); /* d activated, d2 never: both fine */
    CHECK_OK(aclmdlRIDestroy(m));
    CHECK_OK(aclmdlRIDestroy(m2));
    CHECK_OK(aclrtDestroyStream(h));
    CHECK_OK(aclrtDestroyStream(d));
    CHECK_OK(aclrtDestroyStream(d2));
    CHECK_OK(aclrtDestroyStream(other));
    CHECK_OK(aclrtDestroyStream(plain));
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    test_sample();
    test_fanin_chain();
    test_misuse();
    CHECK_OK(aclrtResetDeviceForce(0));
    CHECK_OK(aclFinalize());
    printf("model_switch: ok\n");
    return 0;
}
