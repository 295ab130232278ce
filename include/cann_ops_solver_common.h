/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CANN's solver library (hicann/ops-solver, libops_solver.so) on cpuacl: status codes and the
 * handle type, as the real cann_ops_solver_common.h defines them (docs/solver.md).
 */
#pragma once

#include <cstddef>

#include <acl/acl.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclsolverStatus {
    ACLSOLVER_STATUS_SUCCESS = 0,
    ACLSOLVER_STATUS_NOT_INITIALIZED = 1,
    ACLSOLVER_STATUS_ALLOC_FAILED = 2,
    ACLSOLVER_STATUS_INVALID_VALUE = 3,
    ACLSOLVER_STATUS_MAPPING_ERROR = 4,
    ACLSOLVER_STATUS_EXECUTION_FAILED = 5,
    ACLSOLVER_STATUS_INTERNAL_ERROR = 6,
    ACLSOLVER_STATUS_NOT_SUPPORTED = 7,
    ACLSOLVER_STATUS_ARCH_MISMATCH = 8,
    ACLSOLVER_STATUS_HANDLE_IS_NULLPTR = 9,
    ACLSOLVER_STATUS_INVALID_ENUM = 10,
    ACLSOLVER_STATUS_UNKNOWN = 11
} aclsolverStatus_t;

typedef void *aclsolverHandle_t;

#ifdef __cplusplus
}
#endif
