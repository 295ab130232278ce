/* SPDX-License-Identifier: Apache-2.0 */
/*
 * EXPECT(c) for the model tests (tests/mdl): a failed condition prints where, the condition
 * and aclGetRecentErrMsg(), and ends the program with status 1.
 */
#ifndef CPUACL_TESTS_MDL_EXPECT_H
#define CPUACL_TESTS_MDL_EXPECT_H

#include <cstdio>
#include <cstdlib>

#include "acl/acl.h"

#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            std::fprintf(stderr, "%s:%d: failed: %s (%s)\n", __FILE__, __LINE__, #c,               \
                         aclGetRecentErrMsg());                                                    \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

#endif
