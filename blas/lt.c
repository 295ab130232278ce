/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLASLt (cann_ops_blasLt.h, docs/blas.md). Implemented: version and
 * property queries, handle create/destroy, the logger settings (accepted and
 * checked; cpuacl's Lt writes no log). Every other declared function (layouts,
 * matmul descriptors, preferences, heuristics, aclblasLtMatmul, matrix
 * transform) exists and returns ACLBLAS_STATUS_NOT_SUPPORTED with a message:
 * not done in session 17 (docs/blas.md lists them).
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

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixLayoutCreate(aclblasLtMatrixLayout_t *matLayout,
                                                                aclDataType type, uint64_t rows,
                                                                uint64_t cols, int64_t ld)
{
    (void)matLayout;
    (void)type;
    (void)rows;
    (void)cols;
    (void)ld;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatrixLayoutCreate: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatrixLayoutDestroy(const aclblasLtMatrixLayout_t matLayout)
{
    (void)matLayout;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatrixLayoutDestroy: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixLayoutSetAttribute(
    aclblasLtMatrixLayout_t matLayout, aclblasLtMatrixLayoutAttribute_t attr, const void *buf,
    size_t sizeInBytes)
{
    (void)matLayout;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatrixLayoutSetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixLayoutGetAttribute(
    const aclblasLtMatrixLayout_t matLayout, aclblasLtMatrixLayoutAttribute_t attr, void *buf,
    size_t sizeInBytes, size_t *sizeWritten)
{
    (void)matLayout;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    (void)sizeWritten;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatrixLayoutGetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulDescCreate(aclblasLtMatmulDesc_t *matmulDesc,
                                                              aclblasComputeType_t computeType,
                                                              aclDataType scaleType)
{
    (void)matmulDesc;
    (void)computeType;
    (void)scaleType;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulDescCreate: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatmulDescDestroy(const aclblasLtMatmulDesc_t matmulDesc)
{
    (void)matmulDesc;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulDescDestroy: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulDescInit(aclblasLtMatmulDesc_t matmulDesc,
                                                            aclblasComputeType_t computeType,
                                                            aclDataType scaleType)
{
    (void)matmulDesc;
    (void)computeType;
    (void)scaleType;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulDescInit: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulDescSetAttribute(
    aclblasLtMatmulDesc_t matmulDesc, aclblasLtMatmulDescAttribute_t attr, const void *buf,
    size_t sizeInBytes)
{
    (void)matmulDesc;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulDescSetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatmulDescGetAttribute(aclblasLtMatmulDesc_t desc, aclblasLtMatmulDescAttribute_t attr,
                                void *buf, size_t sizeInBytes, size_t *sizeWritten)
{
    (void)desc;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    (void)sizeWritten;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulDescGetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatmulPreferenceCreate(aclblasLtMatmulPreference_t *pref)
{
    (void)pref;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulPreferenceCreate: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatmulPreferenceDestroy(const aclblasLtMatmulPreference_t pref)
{
    (void)pref;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulPreferenceDestroy: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulPreferenceSetAttribute(
    aclblasLtMatmulPreference_t pref, aclblasLtMatmulPreferenceAttribute_t attr, const void *buf,
    size_t sizeInBytes)
{
    (void)pref;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    return blas_fail(
        ACLBLAS_STATUS_NOT_SUPPORTED,
        "aclblasLtMatmulPreferenceSetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulPreferenceGetAttribute(
    aclblasLtMatmulPreference_t pref, aclblasLtMatmulPreferenceAttribute_t attr, void *buf,
    size_t sizeInBytes, size_t *sizeWritten)
{
    (void)pref;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    (void)sizeWritten;
    return blas_fail(
        ACLBLAS_STATUS_NOT_SUPPORTED,
        "aclblasLtMatmulPreferenceGetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoInit(aclblasLtHandle_t lightHandle,
                                                            aclblasComputeType_t computeType,
                                                            aclDataType scaleType,
                                                            aclDataType Atype, aclDataType Btype,
                                                            aclDataType Ctype, aclDataType Dtype,
                                                            int algoId, aclblasLtMatmulAlgo_t *algo)
{
    (void)lightHandle;
    (void)computeType;
    (void)scaleType;
    (void)Atype;
    (void)Btype;
    (void)Ctype;
    (void)Dtype;
    (void)algoId;
    (void)algo;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulAlgoInit: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoConfigSetAttribute(
    aclblasLtMatmulAlgo_t *algo, aclblasLtMatmulAlgoConfigAttributes_t attr, const void *buf,
    size_t sizeInBytes)
{
    (void)algo;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    return blas_fail(
        ACLBLAS_STATUS_NOT_SUPPORTED,
        "aclblasLtMatmulAlgoConfigSetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoConfigGetAttribute(
    const aclblasLtMatmulAlgo_t *algo, aclblasLtMatmulAlgoConfigAttributes_t attr, void *buf,
    size_t sizeInBytes, size_t *sizeWritten)
{
    (void)algo;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    (void)sizeWritten;
    return blas_fail(
        ACLBLAS_STATUS_NOT_SUPPORTED,
        "aclblasLtMatmulAlgoConfigGetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoGetIds(
    aclblasLtHandle_t lightHandle, aclblasComputeType_t computeType, aclDataType scaleType,
    aclDataType Atype, aclDataType Btype, aclDataType Ctype, aclDataType Dtype, int *algoIdsArray,
    int algoIdsArrayLength, int *numAlgoIds)
{
    (void)lightHandle;
    (void)computeType;
    (void)scaleType;
    (void)Atype;
    (void)Btype;
    (void)Ctype;
    (void)Dtype;
    (void)algoIdsArray;
    (void)algoIdsArrayLength;
    (void)numAlgoIds;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulAlgoGetIds: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoGetHeuristic(
    aclblasLtHandle_t lightHandle, aclblasLtMatmulDesc_t matmulDesc, aclblasLtMatrixLayout_t Adesc,
    aclblasLtMatrixLayout_t Bdesc, aclblasLtMatrixLayout_t Cdesc, aclblasLtMatrixLayout_t Ddesc,
    aclblasLtMatmulPreference_t pref, int requestedAlgoCount,
    aclblasLtMatmulHeuristicResult_t heuristicResultsArray[], int *returnAlgoCount)
{
    (void)lightHandle;
    (void)matmulDesc;
    (void)Adesc;
    (void)Bdesc;
    (void)Cdesc;
    (void)Ddesc;
    (void)pref;
    (void)requestedAlgoCount;
    (void)heuristicResultsArray;
    (void)returnAlgoCount;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmulAlgoGetHeuristic: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmul(
    aclblasLtHandle_t lightHandle, aclblasLtMatmulDesc_t computeDesc, const void *alpha,
    const void *A, aclblasLtMatrixLayout_t Adesc, const void *B, aclblasLtMatrixLayout_t Bdesc,
    const void *beta, const void *C, aclblasLtMatrixLayout_t Cdesc, void *D,
    aclblasLtMatrixLayout_t Ddesc, const aclblasLtMatmulAlgo_t *algo, void *workspace,
    size_t workspaceSizeInBytes, aclrtStream stream)
{
    (void)lightHandle;
    (void)computeDesc;
    (void)alpha;
    (void)A;
    (void)Adesc;
    (void)B;
    (void)Bdesc;
    (void)beta;
    (void)C;
    (void)Cdesc;
    (void)D;
    (void)Ddesc;
    (void)algo;
    (void)workspace;
    (void)workspaceSizeInBytes;
    (void)stream;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatmul: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixTransformDescCreate(
    aclblasLtMatrixTransformDesc_t *transformDesc, aclDataType scaleType)
{
    (void)transformDesc;
    (void)scaleType;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatrixTransformDescCreate: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatrixTransformDescDestroy(const aclblasLtMatrixTransformDesc_t transformDesc)
{
    (void)transformDesc;
    return blas_fail(
        ACLBLAS_STATUS_NOT_SUPPORTED,
        "aclblasLtMatrixTransformDescDestroy: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixTransformDescSetAttribute(
    aclblasLtMatrixTransformDesc_t transformDesc, aclblasLtMatrixTransformDescAttribute_t attr,
    const void *buf, size_t sizeInBytes)
{
    (void)transformDesc;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    return blas_fail(
        ACLBLAS_STATUS_NOT_SUPPORTED,
        "aclblasLtMatrixTransformDescSetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixTransformDescGetAttribute(
    aclblasLtMatrixTransformDesc_t transformDesc, aclblasLtMatrixTransformDescAttribute_t attr,
    void *buf, size_t sizeInBytes, size_t *sizeWritten)
{
    (void)transformDesc;
    (void)attr;
    (void)buf;
    (void)sizeInBytes;
    (void)sizeWritten;
    return blas_fail(
        ACLBLAS_STATUS_NOT_SUPPORTED,
        "aclblasLtMatrixTransformDescGetAttribute: not supported by cpuacl's aclBLASLt yet");
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixTransform(
    aclblasLtHandle_t lightHandle, aclblasLtMatrixTransformDesc_t transformDesc, const void *alpha,
    const void *A, aclblasLtMatrixLayout_t Adesc, const void *beta, const void *B,
    aclblasLtMatrixLayout_t Bdesc, void *C, aclblasLtMatrixLayout_t Cdesc, aclrtStream stream)
{
    (void)lightHandle;
    (void)transformDesc;
    (void)alpha;
    (void)A;
    (void)Adesc;
    (void)beta;
    (void)B;
    (void)Bdesc;
    (void)C;
    (void)Cdesc;
    (void)stream;
    return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                     "aclblasLtMatrixTransform: not supported by cpuacl's aclBLASLt yet");
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
