/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers for cpuacl test programs: CHECK macros that report the file,
 * line, the failing expression and aclGetRecentErrMsg(), and exit 1. */
#ifndef CPUACL_TESTUTIL_H
#define CPUACL_TESTUTIL_H

#include "testbase.h"

#include "acl/acl.h"

/* Expect an AscendCL call to return `want`. */
#define CHECK_ACL(want, call)                                                              \
    do {                                                                                   \
        aclError got_ = (call);                                                            \
        if (got_ != (aclError)(want)) {                                                    \
            const char *m_ = aclGetRecentErrMsg();                                         \
            fprintf(stderr, "%s:%d: %s returned %d, expected %d (%s)\n", __FILE__,         \
                    __LINE__, #call, (int)got_, (int)(want), m_ ? m_ : "no message");      \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define CHECK_OK(call) CHECK_ACL(ACL_SUCCESS, call)

#endif
