/* SPDX-License-Identifier: Apache-2.0 */
/* Streams and events for the capture tests of tests/model: new_stream and
 * new_event (capture events as the reference recommends: ExWithFlag +
 * ACL_EVENT_SYNC), and join_stream(to, from, e), which records e on `from` and makes
 * `to` wait for it (inside a capture, `to` joins `from`'s capture). */
#ifndef CPUACL_TESTS_MODEL_CAPTURE_H
#define CPUACL_TESTS_MODEL_CAPTURE_H

#include "acl/acl.h"
#include "testutil.h"

static inline aclrtStream new_stream(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    return s;
}

static inline aclrtEvent new_event(void)
{
    aclrtEvent e;
    CHECK_OK(aclrtCreateEventExWithFlag(&e, ACL_EVENT_SYNC));
    return e;
}

static inline void join_stream(aclrtStream to, aclrtStream from, aclrtEvent e)
{
    CHECK_OK(aclrtRecordEvent(e, from));
    CHECK_OK(aclrtStreamWaitEvent(to, e));
}

#endif /* CPUACL_TESTS_MODEL_CAPTURE_H */
