/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLASLt (cann_ops_blasLt.h, docs/blas.md): version and property
 * queries, handle create/destroy, the logger settings (checked; cpuacl's Lt
 * writes no log), here; layouts, matmul descriptors, preferences, algorithm
 * queries, aclblasLtMatmul and the matrix transform in blas/lt_matmul.c.
 */
#include <pthread.h>
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

/*  LT1. An aclBLASLt handle is valid from aclblasLtCreate to aclblasLtDestroy: live handles
 *      are kept in a registry (g_lt, under g_lt_lock) that every function taking one checks
 *      (blas_lt_live); NULL, destroyed or foreign handles give ACLBLAS_STATUS_NOT_INITIALIZED
 *      with a message and are never dereferenced or freed twice. */
struct _aclblaslt_handle {
    struct _aclblaslt_handle *next;
};
static pthread_mutex_t g_lt_lock = PTHREAD_MUTEX_INITIALIZER;
static struct _aclblaslt_handle *g_lt; /* LT1, under g_lt_lock */

aclblasStatus_t blas_lt_live(aclblasLtHandle_t h, const char *fn)
{
    int live = 0;
    pthread_mutex_lock(&g_lt_lock);
    for (struct _aclblaslt_handle *p = g_lt; p && h; p = p->next)
        if (p == h) {
            live = 1;
            break;
        }
    pthread_mutex_unlock(&g_lt_lock);
    if (!live)
        return blas_fail(ACLBLAS_STATUS_NOT_INITIALIZED,
                         "%s: handle %p is NULL, destroyed or not from aclblasLtCreate", fn,
                         (void *)h);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtCreate(aclblasLtHandle_t *lightHandle)
{
    BLAS_ARG(lightHandle, "aclblasLtCreate: lightHandle is NULL");
    struct _aclblaslt_handle *h = calloc(1, sizeof(*h));
    if (!h)
        return blas_fail(ACLBLAS_STATUS_ALLOC_FAILED, "aclblasLtCreate: out of memory");
    pthread_mutex_lock(&g_lt_lock);
    h->next = g_lt;
    g_lt = h;
    pthread_mutex_unlock(&g_lt_lock);
    *lightHandle = h;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtDestroy(const aclblasLtHandle_t lightHandle)
{
    int found = 0;
    pthread_mutex_lock(&g_lt_lock);
    for (struct _aclblaslt_handle **pp = &g_lt; *pp && lightHandle; pp = &(*pp)->next)
        if (*pp == lightHandle) {
            *pp = lightHandle->next;
            found = 1;
            break;
        }
    pthread_mutex_unlock(&g_lt_lock);
    if (!found)
        return blas_fail(ACLBLAS_STATUS_NOT_INITIALIZED,
                         "aclblasLtDestroy: handle is NULL, destroyed or not from aclblasLtCreate");
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
