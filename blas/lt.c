/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLASLt (cann_ops_blasLt.h, docs/blas.md): version and property
 * queries, handle create/destroy, the logger settings (checked; cpuacl's Lt
 * writes no log), here; layouts, matmul descriptors, preferences, algorithm
 * queries, aclblasLtMatmul and the matrix transform in blas/lt_matmul.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "blas/blas_internal.h"
#include "cann_ops_blasLt.h"

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtGetVersion(size_t *version)
{
    BLAS_ARG(version, "aclblasLtGetVersion: version is NULL");
    *version = 10000;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtGetProperty(aclblasLtPropertyType_t type, int *value)
{
    BLAS_ARG(value, "aclblasLtGetProperty: value is NULL");
    BLAS_ARG(type >= ACLBLASLT_PROPERTY_MAJOR_VERSION && type <= ACLBLASLT_PROPERTY_PATCH_LEVEL,
             "aclblasLtGetProperty: type %d invalid", type);
    *value = type == ACLBLASLT_PROPERTY_MAJOR_VERSION ? 1 : 0;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtCreate(aclblasLtHandle_t *lightHandle)
{
    BLAS_ARG(lightHandle, "aclblasLtCreate: lightHandle is NULL");
    *lightHandle = calloc(1, 64);
    if (!*lightHandle)
        return blas_fail(ACLBLAS_STATUS_ALLOC_FAILED, "aclblasLtCreate: out of memory");
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtDestroy(const aclblasLtHandle_t lightHandle)
{
    if (!lightHandle)
        return blas_fail(ACLBLAS_STATUS_NOT_INITIALIZED, "aclblasLtDestroy: handle is NULL");
    free(lightHandle);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtLoggerSetFile(FILE *file)
{
    BLAS_ARG(file, "aclblasLtLoggerSetFile: file is NULL");
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtLoggerSetLevel(int level)
{
    BLAS_ARG(level >= 0 && level <= 5, "aclblasLtLoggerSetLevel: level %d not in [0, 5]", level);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtLoggerSetMask(int mask)
{
    (void)mask;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtLoggerForceDisable(void)
{
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtLoggerSetCallback(aclblasLtLoggerCallback_t callback)
{
    (void)callback;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtLoggerOpenFile(const char *logFile)
{
    BLAS_ARG(logFile, "aclblasLtLoggerOpenFile: logFile is NULL");
    FILE *f = fopen(logFile, "a");
    if (!f)
        return blas_fail(ACLBLAS_STATUS_INTERNAL_ERROR, "aclblasLtLoggerOpenFile: cannot open %s",
                         logFile);
    fclose(f);
    return ACLBLAS_STATUS_SUCCESS;
}
