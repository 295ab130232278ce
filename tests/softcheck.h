/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Soft checks for the black-box tests that list every broken rule in one run
 * (tests/memory, tests/model): a failed EXPECT or EXPECT_ERR is reported
 * and the program goes on; the test's exit status comes from g_failed.
 * EXPECT_ERR also demands what docs/runtime.md (Conventions) promises of every failing
 * call: a message for aclGetRecentErrMsg() and the code as the thread's last
 * error.
 */
#ifndef CPUACL_TESTS_SOFTCHECK_H
#define CPUACL_TESTS_SOFTCHECK_H

#include <stdbool.h>
#include <stdio.h>

#include "acl/acl.h"

static int g_failed __attribute__((unused));

#define EXPECT(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: EXPECT failed: %s\n", __FILE__, __LINE__, #cond);              \
            g_failed = 1;                                                                          \
        }                                                                                          \
    } while (0)

/* Expect `call` to return `want`; a failing call must leave a message for
 * aclGetRecentErrMsg() and its code as the thread's last error (docs/runtime.md, Conventions; the
 * check reads it with aclrtGetLastError, which resets it). Evaluates to whether it
 * matched. */
#define EXPECT_ERR(want, call)                                                                     \
    ({                                                                                             \
        aclError got_ = (call);                                                                    \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        bool ok_ = true;                                                                           \
        if (got_ != (aclError)(want)) {                                                            \
            fprintf(stderr, "%s:%d: %s returned %d, expected %d (%s)\n", __FILE__, __LINE__,       \
                    #call, (int)got_, (int)(want), m_ ? m_ : "no message");                        \
            g_failed = 1;                                                                          \
            ok_ = false;                                                                           \
        } else if ((aclError)(want) != ACL_SUCCESS && (m_ == NULL || !*m_)) {                      \
            fprintf(stderr, "%s:%d: %s failed with %d but left no error message\n", __FILE__,      \
                    __LINE__, #call, (int)got_);                                                   \
            g_failed = 1;                                                                          \
            ok_ = false;                                                                           \
        } else if ((aclError)(want) != ACL_SUCCESS) {                                              \
            aclError last_ = aclrtGetLastError(ACL_RT_THREAD_LEVEL);                               \
            if (last_ != got_) {                                                                   \
                fprintf(stderr, "%s:%d: %s failed with %d but aclrtGetLastError is %d\n",          \
                        __FILE__, __LINE__, #call, (int)got_, (int)last_);                         \
                g_failed = 1;                                                                      \
                ok_ = false;                                                                       \
            }                                                                                      \
        }                                                                                          \
        ok_;                                                                                       \
    })

#define EXPECT_OK(call) EXPECT_ERR(ACL_SUCCESS, call)

#endif /* CPUACL_TESTS_SOFTCHECK_H */
