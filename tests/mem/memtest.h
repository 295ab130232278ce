/* SPDX-License-Identifier: Apache-2.0 */
/* Tiny helpers for the mem/ white-box tests: CHECK macros that print the failing
 * expression and exit 1, the stress scale, and a few policy tables. They do not
 * include AscendCL headers (tests/testutil.h does). */
#ifndef CPUACL_TESTS_MEM_MEMTEST_H
#define CPUACL_TESTS_MEM_MEMTEST_H

#include "../testbase.h"

#include "mem/mem.h"

/* Expect an internal call to return `want` (0 or -errno). */
#define CHECK_RC(want, call)                                                               \
    do {                                                                                   \
        int got_ = (call);                                                                 \
        if (got_ != (want)) {                                                              \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d\n", __FILE__,         \
                    __LINE__, #call, got_, got_ < 0 ? strerror(-got_) : "ok", (want));     \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define CHECK_OK(call) CHECK_RC(0, call)

static const unsigned test_policies[] = {
    MEM_POLICY_HUGE_FIRST,      MEM_POLICY_HUGE_ONLY,     MEM_POLICY_NORMAL_ONLY,
    MEM_POLICY_HUGE_FIRST_P2P,  MEM_POLICY_HUGE_ONLY_P2P, MEM_POLICY_NORMAL_ONLY_P2P,
    MEM_POLICY_HUGE1G_ONLY,     MEM_POLICY_HUGE1G_ONLY_P2P,
};
#define TEST_NPOLICIES (sizeof(test_policies) / sizeof(test_policies[0]))

static inline int test_is_1g(unsigned policy)
{
    return policy == MEM_POLICY_HUGE1G_ONLY || policy == MEM_POLICY_HUGE1G_ONLY_P2P;
}

#endif
