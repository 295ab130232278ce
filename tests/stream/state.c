/* SPDX-License-Identifier: Apache-2.0 */
/* Stream state callbacks (aclrtRegStreamStateCallback: CREATE_POST after each create,
 * DESTROY_PRE before each destroy, with the stream's handle, in registration order, a
 * callback allowed to call AscendCL; unregistering with NULL), and the codes of
 * aclrtStreamStop, aclrtActiveStream and aclrtSwitchStream on a CPU device. */
#include <stdint.h>

#include "acltest.h"

#define LOG_MAX 32
static struct {
    aclrtStream s;
    aclrtStreamState st;
    int who;
} g_log[LOG_MAX];
static int g_n;

static void cb(aclrtStream stm, aclrtStreamState state, void *args)
{
    if (g_n < LOG_MAX) {
        g_log[g_n].s = stm;
        g_log[g_n].st = state;
        g_log[g_n].who = (int)(intptr_t)args;
        g_n++;
    }
    /* AscendCL from inside a callback: no runtime lock is held. */
    if (state == ACL_RT_STREAM_STATE_CREATE_POST) {
        int32_t dev = -1;
        CHECK_OK(aclrtGetDevice(&dev));
        CHECK(dev == 0);
        CHECK_OK(aclrtSynchronizeStream(stm));
    }
}

int main(void)
{
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtRegStreamStateCallback("a", cb, NULL));
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));

    CHECK_OK(aclrtRegStreamStateCallback("first", cb, (void *)(intptr_t)1));
    CHECK_OK(aclrtRegStreamStateCallback("second", cb, (void *)(intptr_t)2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRegStreamStateCallback("first", cb, NULL)); /* twice */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRegStreamStateCallback(NULL, cb, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRegStreamStateCallback("", cb, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRegStreamStateCallback("nobody", NULL, NULL));

    aclrtStream s1, s2;
    CHECK_OK(aclrtCreateStream(&s1));
    CHECK(g_n == 2 && g_log[0].s == s1 && g_log[0].st == ACL_RT_STREAM_STATE_CREATE_POST &&
          g_log[0].who == 1 && g_log[1].who == 2);
    CHECK_OK(aclrtCreateStreamWithConfig(&s2, 0, ACL_STREAM_FAST_LAUNCH));
    CHECK(g_n == 4 && g_log[2].s == s2 && g_log[3].s == s2);
    CHECK_OK(aclrtDestroyStream(s1));
    CHECK(g_n == 6 && g_log[4].s == s1 && g_log[4].st == ACL_RT_STREAM_STATE_DESTROY_PRE);
    /* A failing destroy (already destroyed) reports nothing. */
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyStream(s1));
    CHECK(g_n == 6);

    /* Unregistered: no longer called; the other still is. */
    CHECK_OK(aclrtRegStreamStateCallback("first", NULL, NULL));
    CHECK_OK(aclrtDestroyStreamForce(s2));
    CHECK(g_n == 7 && g_log[6].who == 2 && g_log[6].s == s2 &&
          g_log[6].st == ACL_RT_STREAM_STATE_DESTROY_PRE);
    CHECK_OK(aclrtRegStreamStateCallback("second", NULL, NULL));
    aclrtStream s3;
    CHECK_OK(aclrtCreateStream(&s3));
    CHECK(g_n == 7);

    /* aclrtStreamStop: checks, then not supported on a CPU device. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamStop(NULL));
    CHECK(aclrtStreamStop(BAD_STREAM) != ACL_SUCCESS);
    CHECK(aclrtStreamStop(s3) == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    const char *msg = aclGetRecentErrMsg();
    CHECK(msg && strstr(msg, "aclrtStreamAbort") != NULL); /* says what to use instead */

    /* Activation: plain streams are not model streams. */
    aclrtStream s4;
    CHECK_OK(aclrtCreateStream(&s4));
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtActiveStream(s4, s3));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtActiveStream(NULL, s3));
    int32_t l = 1, r = 1;
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL,
              aclrtSwitchStream(&l, ACL_RT_EQUAL, &r, ACL_RT_SWITCH_INT32, s4, NULL, s3));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSwitchStream(NULL, ACL_RT_EQUAL, &r, ACL_RT_SWITCH_INT32, s4, NULL, s3));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSwitchStream(&l, (aclrtCondition)9, &r, ACL_RT_SWITCH_INT32, s4, NULL, s3));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSwitchStream(&l, ACL_RT_EQUAL, &r, (aclrtCompareDataType)7, s4, NULL, s3));
    /* Streams of one model being built: HEAD streams are always active. */
    aclrtStream b1, b2;
    CHECK_OK(aclrtCreateStreamWithConfig(&b1, 0, ACL_STREAM_PERSISTENT));
    CHECK_OK(aclrtCreateStreamWithConfig(&b2, 0, ACL_STREAM_PERSISTENT));
    aclmdlRI m;
    CHECK_OK(aclmdlRIBuildBegin(&m, 0));
    CHECK_OK(aclmdlRIBindStream(m, b1, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_OK(aclmdlRIBindStream(m, b2, ACL_MODEL_STREAM_FLAG_HEAD));
    CHECK_ERR(ACL_ERROR_RT_STREAM_MODEL, aclrtActiveStream(s4, b1));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtActiveStream(b2, b1));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtSwitchStream(&l, ACL_RT_EQUAL, &r, ACL_RT_SWITCH_INT32, b2, NULL, b1));
    CHECK_OK(aclmdlRIEndTask(m, b1));
    CHECK_OK(aclmdlRIEndTask(m, b2));
    CHECK_OK(aclmdlRIBuildEnd(m, NULL));
    CHECK_OK(aclmdlRIUnbindStream(m, b1));
    CHECK_OK(aclmdlRIUnbindStream(m, b2));
    CHECK_OK(aclmdlRIDestroy(m));

    CHECK_OK(aclrtDestroyStream(b1));
    CHECK_OK(aclrtDestroyStream(b2));
    CHECK_OK(aclrtDestroyStream(s3));
    CHECK_OK(aclrtDestroyStream(s4));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    return 0;
}
