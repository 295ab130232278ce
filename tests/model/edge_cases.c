/* SPDX-License-Identifier: Apache-2.0 */
/* Leftovers (docs/tools.md and docs/event.md): aclmdlInitDump called twice gives
 * ACL_ERROR_REPEAT_INITIALIZE; in one captured graph an event takes at most one
 * ACL_EVENT_RECORD_EXTERNAL record or ACL_EVENT_WAIT_EXTERNAL wait (not both, not twice),
 * ACL_ERROR_RT_PARAM_INVALID otherwise, while another graph may use it again; stream-state
 * callbacks also report default streams (context create/destroy) and a model's internal
 * streams (capture end / model destroy). */
#include "acltest.h"

static struct {
    aclrtStream s;
    aclrtStreamState st;
} g_ss[64];
static int g_nss;
static void on_state(aclrtStream s, aclrtStreamState st, void *args)
{
    (void)args;
    if (g_nss < 64)
        g_ss[g_nss++] = (typeof(g_ss[0])){s, st};
}
static int32_t k_nop(void *a)
{
    (void)a;
    return 0;
}
static int count(aclrtStream s, aclrtStreamState st)
{
    int n = 0;
    for (int i = 0; i < g_nss; i++)
        n += (s == NULL || g_ss[i].s == s) && g_ss[i].st == st;
    return n;
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclmdlInitDump());
    CHECK_ERR(ACL_ERROR_REPEAT_INITIALIZE, aclmdlInitDump());
    CHECK_OK(aclmdlFinalizeDump());
    CHECK_OK(aclmdlInitDump()); /* a new session after the finalize */
    CHECK_OK(aclmdlFinalizeDump());

    aclrtStream s, o;
    CREATE_STREAMS(&s, &o);
    aclrtEvent e, w;
    CHECK_OK(aclrtCreateEventExWithFlag(&e, ACL_EVENT_SYNC));
    CHECK_OK(aclrtCreateEventExWithFlag(&w, ACL_EVENT_SYNC));
    for (int graph = 0; graph < 2; graph++) { /* the rule is per graph */
        CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
        CHECK_OK(aclrtRecordEventWithFlag(e, s, ACL_EVENT_RECORD_EXTERNAL));
        CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtRecordEventWithFlag(e, s, ACL_EVENT_RECORD_EXTERNAL));
        CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
                  aclrtStreamWaitEventWithFlag(s, e, 0, ACL_EVENT_WAIT_EXTERNAL));
        CHECK_OK(aclrtStreamWaitEventWithFlag(s, w, 0, ACL_EVENT_WAIT_EXTERNAL));
        CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
                  aclrtStreamWaitEventWithFlag(s, w, 0, ACL_EVENT_WAIT_EXTERNAL));
        aclmdlRI ri;
        CHECK_OK(aclmdlRICaptureEnd(s, &ri));
        /* the graph still works: w recorded outside releases it, e is recorded by it */
        CHECK_OK(aclrtRecordEvent(w, o));
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        CHECK_OK(aclrtStreamWaitEvent(o, e));
        CHECK_OK(aclrtSynchronizeStream(o));
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK_OK(aclmdlRIDestroy(ri));
    }
    /* ---- state callbacks of default and model streams ---- */
    CHECK_OK(aclrtRegStreamStateCallback("rt8", on_state, NULL));
    aclrtContext cur, ctx;
    CHECK_OK(aclrtGetCurrentContext(&cur));
    CHECK_OK(aclrtCreateContext(&ctx, 0));
    aclrtStream ds = NULL;
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&ds));
    CHECK(g_nss == 1 && g_ss[0].s == ds && g_ss[0].st == ACL_RT_STREAM_STATE_CREATE_POST);
    CHECK_OK(aclrtDestroyContext(ctx));
    CHECK(g_nss == 2 && g_ss[1].s == ds && g_ss[1].st == ACL_RT_STREAM_STATE_DESTROY_PRE);
    CHECK_OK(aclrtSetCurrentContext(cur));
    g_nss = 0;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(s, k_nop, NULL));
    aclmdlRI m;
    CHECK_OK(aclmdlRICaptureEnd(s, &m));
    CHECK(g_nss == 1 && g_ss[0].st == ACL_RT_STREAM_STATE_CREATE_POST); /* its lane stream */
    aclrtStream lane = g_ss[0].s;
    CHECK(lane != s && lane != NULL);
    CHECK_OK(aclmdlRIExecuteAsync(m, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclmdlRIDestroy(m));
    CHECK(g_nss == 2 && g_ss[1].s == lane && g_ss[1].st == ACL_RT_STREAM_STATE_DESTROY_PRE);
    CHECK(count(NULL, ACL_RT_STREAM_STATE_CREATE_POST) == 1);
    CHECK_OK(aclrtRegStreamStateCallback("rt8", NULL, NULL));

    /* outside a capture the rule does not apply (and EXTERNAL is refused anyway) */
    CHECK_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclrtRecordEventWithFlag(e, s, ACL_EVENT_RECORD_EXTERNAL));
    CHECK_OK(aclrtDestroyEvent(e));
    CHECK_OK(aclrtDestroyEvent(w));
    DESTROY_STREAMS(s, o);
    TEST_CLOSE();
    printf("model_edge_cases: ok\n");
    return 0;
}
