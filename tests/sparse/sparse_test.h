/* SPDX-License-Identifier: Apache-2.0 */
/* Shared checks for the aclsparse tests: a call's status, with aclGetRecentErrMsg. */
#ifndef CPUACL_TESTS_SPARSE_TEST_H
#define CPUACL_TESTS_SPARSE_TEST_H
#include "cann_ops_sparse.h"
#include "testutil.h"

#define CHECK_SP(want, call)                                                                \
    do {                                                                                    \
        aclsparseStatus_t got_ = (call);                                                    \
        if (got_ != (want)) {                                                               \
            const char *m_ = aclGetRecentErrMsg();                                          \
            fprintf(stderr, "%s:%d: %s returned %d, expected %d (%s)\n", __FILE__, __LINE__, \
                    #call, (int)got_, (int)(want), m_ ? m_ : "no message");                 \
            exit(1);                                                                        \
        }                                                                                   \
    } while (0)
#define SP_OK(call) CHECK_SP(ACL_SPARSE_STATUS_SUCCESS, call)

#endif
