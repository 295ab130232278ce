/* SPDX-License-Identifier: Apache-2.0 */
/* At most 65536 live events per device (207007), across its contexts. */
/* Event limit: at most 65536 live events per device (207007 beyond), counted across the device's
 * contexts; destroying one frees a slot. */
#include "acltest.h"

#define MAX_EVENTS 65536

int main(void)
{
#ifdef __SANITIZE_THREAD__
    /* Freeing 100k+ events through call_rcu takes minutes under TSan, and the
     * limit is not a concurrency property. */
    printf("skipped under ThreadSanitizer\n");
    return TEST_SKIP;
#endif
    TEST_OPEN();
    aclrtContext def0;
    CHECK_OK(aclrtGetCurrentContext(&def0));

    aclrtEvent *ev = calloc(MAX_EVENTS, sizeof *ev);
    CHECK(ev != NULL);
    for (int i = 0; i < MAX_EVENTS / 2; i++)
        CHECK_OK(aclrtCreateEvent(&ev[i]));
    /* The second half in another context of the same device. */
    aclrtContext c1;
    CHECK_OK(aclrtCreateContext(&c1, 0));
    for (int i = MAX_EVENTS / 2; i < MAX_EVENTS; i++)
        CHECK_OK(i % 2 ? aclrtCreateEventWithFlag(&ev[i], ACL_EVENT_SYNC)
                       : aclrtCreateEventExWithFlag(&ev[i], ACL_EVENT_SYNC));
    aclrtEvent extra;
    CHECK_ERR(ACL_ERROR_RT_NO_EVENT_RESOURCE, aclrtCreateEvent(&extra));
    CHECK_ERR(ACL_ERROR_RT_NO_EVENT_RESOURCE, aclrtCreateEventWithFlag(&extra, ACL_EVENT_SYNC));
    CHECK_ERR(ACL_ERROR_RT_NO_EVENT_RESOURCE, aclrtCreateEventExWithFlag(&extra, ACL_EVENT_SYNC));
    CHECK_OK(aclrtSetCurrentContext(def0));
    CHECK_ERR(ACL_ERROR_RT_NO_EVENT_RESOURCE, aclrtCreateEvent(&extra));

    /* The last ones work. */
    CHECK_OK(aclrtRecordEvent(ev[0], NULL));
    CHECK_OK(aclrtSynchronizeEvent(ev[0]));

    /* Device 1 has its own budget. */
    CHECK_OK(aclrtSetDevice(1));
    CHECK_OK(aclrtCreateEvent(&extra));
    CHECK_OK(aclrtDestroyEvent(extra));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtSetCurrentContext(def0));

    /* One destroyed, one more fits. */
    CHECK_OK(aclrtDestroyEvent(ev[7]));
    CHECK_OK(aclrtCreateEvent(&ev[7]));
    CHECK_ERR(ACL_ERROR_RT_NO_EVENT_RESOURCE, aclrtCreateEvent(&extra));

    /* Destroying the context frees its events. */
    CHECK_OK(aclrtDestroyContext(c1));
    for (int i = 0; i < MAX_EVENTS / 2; i++) {
        aclrtEvent t;
        CHECK_OK(aclrtCreateEvent(&t));
    }
    CHECK_ERR(ACL_ERROR_RT_NO_EVENT_RESOURCE, aclrtCreateEvent(&extra));

    free(ev);
    CHECK_OK(aclrtResetDevice(0)); /* frees every event of the default context */
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtCreateEvent(&extra));
    CHECK_OK(aclrtDestroyEvent(extra));
    TEST_CLOSE();
    return 0;
}
