/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclsolver handles and the queued runs of its calls, in C for solver/api.cpp (the C++
 * entry points of include/cann_ops_solver.h, docs/solver.md).
 */
#ifndef CPUACL_SOLVER_SOLVER_H
#define CPUACL_SOLVER_SOLVER_H

#include <stdint.h>

#include "acl/acl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The aclsolverStatus_t values these return. */
enum {
    SOLVER_ST_SUCCESS = 0,
    SOLVER_ST_ALLOC_FAILED = 2,
    SOLVER_ST_INVALID_VALUE = 3,
    SOLVER_ST_HANDLE_IS_NULLPTR = 9,
};

int solver_handle_create(void **handle);
int solver_handle_destroy(void *handle);
int solver_handle_set_stream(void *handle, aclrtStream stream);
int solver_handle_get_stream(void *handle, aclrtStream *stream);

/* getrf of one m x n matrix; cplx: float _Complex elements. */
aclError solver_getrf(const char *fn, void *handle, int cplx, int64_t m, int64_t n, void *a,
                      int64_t lda, int32_t *ipiv, int32_t *info);
/* Inverses of batch n x n matrices (a: n*lda apart, ainv: n*ldi apart; ainv may be a). */
aclError solver_inverse(const char *fn, void *handle, int cplx, int64_t n, void *a, int64_t lda,
                        void *ainv, int64_t ldi, int32_t *info, int64_t batch);

#ifdef __cplusplus
}
#endif

#endif
