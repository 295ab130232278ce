/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers for cpuacl test programs: CHECK macros that report the file,
 * line, the failing expression and aclGetRecentErrMsg(), and exit 1. */
#ifndef CPUACL_TESTUTIL_H
#define CPUACL_TESTUTIL_H

#include "testbase.h"

#include "acl/acl.h"

/* Stop with a report at `file`:`line` when an AscendCL call gave `got`, not
 * `want`; the helpers below pass their caller's place so that a failure names
 * the test line, not this header. */
static inline void test_check_acl_at(const char *file, int line, const char *what, aclError got,
                                     aclError want)
{
    if (got != want) {
        const char *m = aclGetRecentErrMsg();
        fprintf(stderr, "%s:%d: %s returned %d, expected %d (%s)\n", file, line, what, (int)got,
                (int)want, m ? m : "no message");
        exit(1);
    }
}

/* Expect an AscendCL call to return `want`. */
#define CHECK_ACL(want, call)                                                              \
    do {                                                                                   \
        aclError got_ = (call);                                                            \
        test_check_acl_at(__FILE__, __LINE__, #call, got_, (aclError)(want));              \
    } while (0)

#define CHECK_OK(call) CHECK_ACL(ACL_SUCCESS, call)

/* ---- runtime set-up and tear-down, each call checked -------------------- */

/* aclInit(NULL), then aclrtSetDevice(0). */
#define TEST_OPEN() test_open_at(__FILE__, __LINE__)
/* aclrtResetDevice(0), then aclFinalize(). */
#define TEST_CLOSE() test_close_at(__FILE__, __LINE__)
/* aclrtCreateStream on each of the given aclrtStream pointers, in order. */
#define CREATE_STREAMS(...)                                                                \
    test_streams_at(__FILE__, __LINE__, 1, (aclrtStream *[]){__VA_ARGS__},                 \
                    sizeof((aclrtStream *[]){__VA_ARGS__}) / sizeof(aclrtStream *))
/* aclrtDestroyStream on each of the given streams, in order. */
#define DESTROY_STREAMS(...)                                                               \
    test_streams_at(__FILE__, __LINE__, 0, (aclrtStream[]){__VA_ARGS__},                  \
                    sizeof((aclrtStream[]){__VA_ARGS__}) / sizeof(aclrtStream))
/* aclrtCreateEvent on each of the given aclrtEvent pointers, in order. */
#define CREATE_EVENTS(...)                                                                 \
    test_events_at(__FILE__, __LINE__, 1, (aclrtEvent *[]){__VA_ARGS__},                   \
                   sizeof((aclrtEvent *[]){__VA_ARGS__}) / sizeof(aclrtEvent *))
/* aclrtDestroyEvent on each of the given events, in order. */
#define DESTROY_EVENTS(...)                                                                \
    test_events_at(__FILE__, __LINE__, 0, (aclrtEvent[]){__VA_ARGS__},                    \
                   sizeof((aclrtEvent[]){__VA_ARGS__}) / sizeof(aclrtEvent))

static inline void test_open_at(const char *file, int line)
{
    test_check_acl_at(file, line, "aclInit(NULL)", aclInit(NULL), ACL_SUCCESS);
    test_check_acl_at(file, line, "aclrtSetDevice(0)", aclrtSetDevice(0), ACL_SUCCESS);
}

static inline void test_close_at(const char *file, int line)
{
    test_check_acl_at(file, line, "aclrtResetDevice(0)", aclrtResetDevice(0), ACL_SUCCESS);
    test_check_acl_at(file, line, "aclFinalize()", aclFinalize(), ACL_SUCCESS);
}

/* create: v is aclrtStream *[n]; destroy: v is aclrtStream[n]. */
static inline void test_streams_at(const char *file, int line, int create, void *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (create)
            test_check_acl_at(file, line, "aclrtCreateStream",
                              aclrtCreateStream(((aclrtStream **)v)[i]), ACL_SUCCESS);
        else
            test_check_acl_at(file, line, "aclrtDestroyStream",
                              aclrtDestroyStream(((aclrtStream *)v)[i]), ACL_SUCCESS);
    }
}

/* create: v is aclrtEvent *[n]; destroy: v is aclrtEvent[n]. */
static inline void test_events_at(const char *file, int line, int create, void *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (create)
            test_check_acl_at(file, line, "aclrtCreateEvent",
                              aclrtCreateEvent(((aclrtEvent **)v)[i]), ACL_SUCCESS);
        else
            test_check_acl_at(file, line, "aclrtDestroyEvent",
                              aclrtDestroyEvent(((aclrtEvent *)v)[i]), ACL_SUCCESS);
    }
}

#endif
