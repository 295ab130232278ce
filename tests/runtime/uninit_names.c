/* SPDX-License-Identifier: Apache-2.0 */
/* Before aclInit every call fails with ACL_ERROR_UNINITIALIZE (100001), and
 * its message names the API call that was made, not a helper inside the
 * runtime (calls that share a helper each get their own name). */
#include <string.h>

#include "acltest.h"

static int failures;

static void expect_named(const char *api, aclError rc)
{
    const char *m = aclGetRecentErrMsg();
    char want[128];
    snprintf(want, sizeof(want), "error %d: %s: ", (int)ACL_ERROR_UNINITIALIZE, api);
    if (rc != ACL_ERROR_UNINITIALIZE || !m || !strstr(m, want)) {
        fprintf(stderr, "FAIL: %s returned %d, message '%s' (want %d, '...%s...')\n", api,
                (int)rc, m ? m : "(none)", (int)ACL_ERROR_UNINITIALIZE, want);
        failures++;
    }
}

int main(void)
{
    void *p = NULL;
    aclrtStream s = NULL;
    aclrtEvent ev = NULL;
    aclrtEventRecordedStatus st;
    /* memory: dev_malloc, peer_access */
    expect_named("aclrtMalloc", aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    expect_named("aclrtMallocCached", aclrtMallocCached(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    expect_named("aclrtDeviceEnablePeerAccess", aclrtDeviceEnablePeerAccess(1, 0));
    expect_named("aclrtDeviceDisablePeerAccess", aclrtDeviceDisablePeerAccess(1));
    /* streams: create_stream, destroy_stream */
    expect_named("aclrtCreateStream", aclrtCreateStream(&s));
    expect_named("aclrtCreateStreamWithConfig", aclrtCreateStreamWithConfig(&s, 0, 0));
    expect_named("aclrtDestroyStream", aclrtDestroyStream((aclrtStream)0x1));
    expect_named("aclrtDestroyStreamForce", aclrtDestroyStreamForce((aclrtStream)0x1));
    /* events: create_event, get_event */
    expect_named("aclrtCreateEvent", aclrtCreateEvent(&ev));
    expect_named("aclrtCreateEventWithFlag", aclrtCreateEventWithFlag(&ev, ACL_EVENT_SYNC));
    expect_named("aclrtQueryEventStatus", aclrtQueryEventStatus((aclrtEvent)0x1, &st));
    expect_named("aclrtSynchronizeEvent", aclrtSynchronizeEvent((aclrtEvent)0x1));
    /* devices: reset_device, sync_device */
    expect_named("aclrtResetDevice", aclrtResetDevice(0));
    expect_named("aclrtResetDeviceForce", aclrtResetDeviceForce(0));
    expect_named("aclrtSynchronizeDevice", aclrtSynchronizeDevice());
    expect_named("aclrtSynchronizeDeviceWithTimeout", aclrtSynchronizeDeviceWithTimeout(10));
    /* capture: begin */
    expect_named("aclmdlRICaptureBegin",
                 aclmdlRICaptureBegin((aclrtStream)0x1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    expect_named("aclmdlRICaptureToModelRIBegin",
                 aclmdlRICaptureToModelRIBegin((aclrtStream)0x1, (aclmdlRI)0x1,
                                               ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    /* host functions on a user thread: subscribe, process, unsubscribe */
    expect_named("aclrtSubscribeHostFunc", aclrtSubscribeHostFunc(1, (aclrtStream)0x1));
    expect_named("aclrtProcessHostFunc", aclrtProcessHostFunc(10));
    expect_named("aclrtUnSubscribeHostFunc", aclrtUnSubscribeHostFunc(1, (aclrtStream)0x1));
    expect_named("aclrtProcessReport", aclrtProcessReport(10));
    /* errors and limits: check_device, res_stream; notifies: submit */
    aclrtErrorInfo info;
    aclrtDeviceStatus dst;
    uint32_t lim = 0;
    expect_named("aclrtGetErrorVerbose", aclrtGetErrorVerbose(0, &info));
    expect_named("aclrtQueryDeviceStatus", aclrtQueryDeviceStatus(0, &dst));
    expect_named("aclrtGetDeviceResLimit", aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &lim));
    expect_named("aclrtGetStreamResLimit",
                 aclrtGetStreamResLimit((aclrtStream)0x1, ACL_RT_DEV_RES_CUBE_CORE, &lim));
    expect_named("aclrtRecordNotify", aclrtRecordNotify((aclrtNotify)0x1, (aclrtStream)0x1));
    expect_named("aclrtWaitAndResetNotify",
                 aclrtWaitAndResetNotify((aclrtNotify)0x1, (aclrtStream)0x1, 0));
    if (failures)
        return 1;
    printf("ok: every call names itself before aclInit\n");
    return 0;
}
