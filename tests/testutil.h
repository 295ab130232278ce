/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers for cpuacl test programs: CHECK macros that report the file,
 * line, the failing expression and aclGetRecentErrMsg(), and exit 1. */
#ifndef CPUACL_TESTUTIL_H
#define CPUACL_TESTUTIL_H

#include "testbase.h"

#include <stdatomic.h>
#include <stdint.h>

#include "acl/acl.h"

/* Report at `file`:`line` that an AscendCL call gave `got`, not `want`: with
 * `soft_failed` NULL the program stops (exit 1), else *soft_failed is set and it
 * goes on (softcheck.h's EXPECT style). The helpers below pass their caller's
 * place so that a failure names the test line, not this header. */
static inline void test_check_acl_soft(const char *file, int line, const char *what,
                                       aclError got, aclError want, int *soft_failed)
{
    if (got != want) {
        const char *m = aclGetRecentErrMsg();
        fprintf(stderr, "%s:%d: %s returned %d, expected %d (%s)\n", file, line, what, (int)got,
                (int)want, m ? m : "no message");
        if (!soft_failed)
            exit(1);
        *soft_failed = 1;
    }
}

static inline void test_check_acl_at(const char *file, int line, const char *what, aclError got,
                                     aclError want)
{
    test_check_acl_soft(file, line, what, got, want, NULL);
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

/* One call on each of a list of handles (streams, events and memory are all
 * void * in AscendCL), in order, each expected to succeed:
 *   CREATE_STREAMS(&a, &b)   DESTROY_STREAMS(a, b)   CREATE_EVENTS(&e, &f)
 *   DESTROY_EVENTS(e, f)     FREE_DEVICE(p, q)       FREE_HOST(h, k)
 * and EXPECT_* twins of the last four that report and go on (softcheck.h). */
enum test_each_op {
    TEST_CREATE_STREAM,
    TEST_DESTROY_STREAM,
    TEST_CREATE_EVENT,
    TEST_DESTROY_EVENT,
    TEST_FREE_DEVICE,
    TEST_FREE_HOST
};

/* Creating ops take where to store each handle (a void ** as void *). */
static inline void test_each_at(const char *file, int line, enum test_each_op op,
                                void *const *list, size_t n, int *soft_failed)
{
    static const char *const what[] = {"aclrtCreateStream", "aclrtDestroyStream",
                                       "aclrtCreateEvent",  "aclrtDestroyEvent",
                                       "aclrtFree",         "aclrtFreeHost"};
    for (size_t i = 0; i < n; i++) {
        void *h = list[i];
        aclError e = ACL_SUCCESS;
        switch (op) {
        case TEST_CREATE_STREAM: e = aclrtCreateStream((void **)h); break;
        case TEST_DESTROY_STREAM: e = aclrtDestroyStream(h); break;
        case TEST_CREATE_EVENT: e = aclrtCreateEvent((void **)h); break;
        case TEST_DESTROY_EVENT: e = aclrtDestroyEvent(h); break;
        case TEST_FREE_DEVICE: e = aclrtFree(h); break;
        case TEST_FREE_HOST: e = aclrtFreeHost(h); break;
        }
        test_check_acl_soft(file, line, what[op], e, ACL_SUCCESS, soft_failed);
    }
}

#define TEST_EACH_(op, soft, ...)                                                           \
    test_each_at(__FILE__, __LINE__, op, (void *[]){__VA_ARGS__},                          \
                 sizeof((void *[]){__VA_ARGS__}) / sizeof(void *), soft)
#define CREATE_STREAMS(...) TEST_EACH_(TEST_CREATE_STREAM, NULL, __VA_ARGS__)
#define DESTROY_STREAMS(...) TEST_EACH_(TEST_DESTROY_STREAM, NULL, __VA_ARGS__)
#define CREATE_EVENTS(...) TEST_EACH_(TEST_CREATE_EVENT, NULL, __VA_ARGS__)
#define DESTROY_EVENTS(...) TEST_EACH_(TEST_DESTROY_EVENT, NULL, __VA_ARGS__)
#define FREE_DEVICE(...) TEST_EACH_(TEST_FREE_DEVICE, NULL, __VA_ARGS__)
#define FREE_HOST(...) TEST_EACH_(TEST_FREE_HOST, NULL, __VA_ARGS__)
#define EXPECT_DESTROY_STREAMS(...) TEST_EACH_(TEST_DESTROY_STREAM, &g_failed, __VA_ARGS__)
#define EXPECT_DESTROY_EVENTS(...) TEST_EACH_(TEST_DESTROY_EVENT, &g_failed, __VA_ARGS__)
#define EXPECT_FREE_DEVICE(...) TEST_EACH_(TEST_FREE_DEVICE, &g_failed, __VA_ARGS__)
#define EXPECT_FREE_HOST(...) TEST_EACH_(TEST_FREE_HOST, &g_failed, __VA_ARGS__)

/* ---- kernels many tests launch (cpuaclLaunchKernel) --------------------- */
#ifndef __cplusplus

/* Counts its runs. args: _Atomic uint64_t *counter. Relaxed: the host reads
 * the count after a synchronise, which orders it. */
static inline int32_t kt_inc(void *args)
{
    atomic_fetch_add_explicit((_Atomic uint64_t *)args, 1, memory_order_relaxed);
    return 0;
}

/* Fails (a non-zero kernel return: the stream reports 507015). */
static inline int32_t kt_fail(void *args)
{
    (void)args;
    return 1;
}
#endif

#endif
