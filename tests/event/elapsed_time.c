/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtEventElapsedTime: positive value, 107006, 507006 and 107007. */
/* aclrtEventElapsedTime: a positive time around a ~2 ms kernel, 107006 when an event is not
 * recorded, 507006 when not complete, 107007 when the end completed before the start. */
#include "acltest.h"

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclrtEvent a, b, never;
    CHECK_OK(aclrtCreateEvent(&a));
    CHECK_OK(aclrtCreateEventWithFlag(&b, ACL_EVENT_TIME_LINE | ACL_EVENT_SYNC));
    CHECK_OK(aclrtCreateEvent(&never));
    float ms = -1;

    /* Not recorded. */
    CHECK_ERR(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID, aclrtEventElapsedTime(&ms, a, b));
    CHECK_OK(aclrtRecordEvent(a, s));
    CHECK_OK(aclrtSynchronizeEvent(a));
    CHECK_ERR(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID, aclrtEventElapsedTime(&ms, a, never));
    CHECK_ERR(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID, aclrtEventElapsedTime(&ms, never, a));

    /* A positive value around a kernel that sleeps ~2 ms. */
    CHECK_OK(aclrtRecordEvent(a, s));
    CHECK_OK(launch_sleep(s, 2));
    CHECK_OK(aclrtRecordEvent(b, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtEventElapsedTime(&ms, a, b));
    if (!(ms >= 1.5f && ms < 1000.0f)) {
        fprintf(stderr, "elapsed time around a 2 ms kernel: %f ms\n", (double)ms);
        return 1;
    }
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtEventElapsedTime(NULL, a, b));

    /* 20 ms, roughly. */
    CHECK_OK(aclrtRecordEvent(a, s));
    CHECK_OK(launch_sleep(s, 20));
    CHECK_OK(aclrtRecordEvent(b, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtEventElapsedTime(&ms, a, b));
    CHECK(ms >= 19.0f && ms < 2000.0f);

    /* Same event twice: zero. */
    CHECK_OK(aclrtEventElapsedTime(&ms, a, a));
    CHECK(ms == 0.0f);

    /* Reversal: the end completed before the start. */
    CHECK_OK(aclrtRecordEvent(b, s));
    CHECK_OK(launch_sleep(s, 2));
    CHECK_OK(aclrtRecordEvent(a, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_ERR(ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL, aclrtEventElapsedTime(&ms, a, b));
    CHECK_OK(aclrtEventElapsedTime(&ms, b, a));
    CHECK(ms > 1.0f);

    /* Recorded but not complete. */
    struct kt_gate g = {0};
    CHECK_OK(aclrtRecordEvent(a, s));
    CHECK_OK(launch_gate(s, &g));
    CHECK_OK(aclrtRecordEvent(b, s));
    CHECK_OK(aclrtSynchronizeEvent(a));
    CHECK_ERR(ACL_ERROR_RT_EVENT_NOT_COMPLETE, aclrtEventElapsedTime(&ms, a, b));
    CHECK_ERR(ACL_ERROR_RT_EVENT_NOT_COMPLETE, aclrtEventElapsedTime(&ms, b, a));
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtEventElapsedTime(&ms, a, b));
    CHECK(ms >= 0.0f);

    /* Events recorded on two different streams. */
    aclrtStream s2;
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK_OK(aclrtRecordEvent(a, s));
    CHECK_OK(aclrtSynchronizeEvent(a));
    sleep_ms(5);
    CHECK_OK(aclrtRecordEvent(b, s2));
    CHECK_OK(aclrtSynchronizeEvent(b));
    CHECK_OK(aclrtEventElapsedTime(&ms, a, b));
    CHECK(ms >= 4.0f);

    DESTROY_EVENTS(a, b, never);
    DESTROY_STREAMS(s, s2);
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
