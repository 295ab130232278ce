/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers for cpuacl test programs: CHECK macros that report the file,
 * line, the failing expression and aclGetRecentErrMsg(), and exit 1. */
#ifndef CPUACL_TESTUTIL_H
#define CPUACL_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"

#define TEST_SKIP 77

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);       \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

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

/* Scale factor for stress sizes: CPUACL_STRESS_SCALE (sanitizer presets lower it). */
static inline double test_stress_scale(void)
{
    const char *s = getenv("CPUACL_STRESS_SCALE");
    double v = s ? atof(s) : 1.0;
    return v > 0 ? v : 1.0;
}

#endif
