/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl's cann_ops_blasLt.h: aclBLASLt (hicann/ops-blas, libops_blasLt.so),
 * matmul with descriptors, run on the CPU through the same GEMM path as
 * aclBLAS (blas/lt.c, docs/blas.md). Types, enum values and declarations
 * match the CANN header; also usable from C.
 */
#pragma once

#include "cann_ops_blas_common.h"
#include <acl/acl.h>

#ifdef __cplusplus
#include <cstddef>
#include <cstdint>
#include <cstdio>
#else
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct _aclblaslt_handle *aclblasLtHandle_t;

typedef struct {
    uint64_t data[8];
} aclblasLtMatrixLayoutOpaque_t;

typedef aclblasLtMatrixLayoutOpaque_t *aclblasLtMatrixLayout_t;

typedef struct {
    uint64_t data[24];
} aclblasLtMatmulDescOpaque_t;

typedef aclblasLtMatmulDescOpaque_t *aclblasLtMatmulDesc_t;

typedef struct {
    uint64_t data[8];
} aclblasLtMatrixTransformDescOpaque_t;

typedef aclblasLtMatrixTransformDescOpaque_t *aclblasLtMatrixTransformDesc_t;

typedef struct {
    uint64_t data[8];
} aclblasLtMatmulPreferenceOpaque_t;

typedef aclblasLtMatmulPreferenceOpaque_t *aclblasLtMatmulPreference_t;

typedef struct _aclblasLtMatmulAlgo_t {
#ifdef __cplusplus
    uint8_t data[16] = {0};
    size_t max_workspace_bytes = 0;
#else
    uint8_t data[16];
    size_t max_workspace_bytes;
#endif
} aclblasLtMatmulAlgo_t;

typedef struct _aclblasLtMatmulHeuristicResult_t {
    aclblasLtMatmulAlgo_t algo;
#ifdef __cplusplus
    size_t workspaceSize = 0;
    aclblasStatus_t state = ACLBLAS_STATUS_SUCCESS;
    float wavesCount = 1.0;
#else
    size_t workspaceSize;
    aclblasStatus_t state;
    float wavesCount;
#endif
    int reserved[4];
} aclblasLtMatmulHeuristicResult_t;

typedef enum aclblasLtOrder {
    ACLBLASLT_ORDER_COL = 0,
    ACLBLASLT_ORDER_ROW = 1,
    ACLBLASLT_ORDER_COL32 = 2,
    ACLBLASLT_ORDER_COL4_4R2_8C = 3,
    ACLBLASLT_ORDER_COL32_2R_4R4 = 4,
} aclblasLtOrder_t;

typedef enum aclblasLtPropertyType {
    ACLBLASLT_PROPERTY_MAJOR_VERSION = 0,
    ACLBLASLT_PROPERTY_MINOR_VERSION = 1,
    ACLBLASLT_PROPERTY_PATCH_LEVEL = 2,
} aclblasLtPropertyType_t;

typedef enum aclblasLtEpilogue {
    ACLBLASLT_EPILOGUE_DEFAULT = 1,
    ACLBLASLT_EPILOGUE_RELU = 2,
    ACLBLASLT_EPILOGUE_BIAS = 4,
    ACLBLASLT_EPILOGUE_RELU_BIAS = 6,
    ACLBLASLT_EPILOGUE_GELU = 32,
    ACLBLASLT_EPILOGUE_GELU_BIAS = 36,
    ACLBLASLT_EPILOGUE_RELU_AUX = 130,
    ACLBLASLT_EPILOGUE_RELU_AUX_BIAS = 134,
    ACLBLASLT_EPILOGUE_DRELU = 136,
    ACLBLASLT_EPILOGUE_DRELU_BGRAD = 152,
    ACLBLASLT_EPILOGUE_GELU_AUX = 160,
    ACLBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
    ACLBLASLT_EPILOGUE_DGELU = 192,
    ACLBLASLT_EPILOGUE_DGELU_BGRAD = 208,
    ACLBLASLT_EPILOGUE_BGRADA = 256,
    ACLBLASLT_EPILOGUE_BGRADB = 512,
    ACLBLASLT_EPILOGUE_SIGMOID = 1024,
    ACLBLASLT_EPILOGUE_SWISH_EXT = 65536,
    ACLBLASLT_EPILOGUE_SWISH_BIAS_EXT = 65540,
    ACLBLASLT_EPILOGUE_CLAMP_EXT = 131072,
    ACLBLASLT_EPILOGUE_CLAMP_BIAS_EXT = 131076,
    ACLBLASLT_EPILOGUE_CLAMP_AUX_EXT = 131200,
    ACLBLASLT_EPILOGUE_CLAMP_AUX_BIAS_EXT = 131204,
} aclblasLtEpilogue_t;

typedef enum aclblasLtMatrixLayoutAttribute {
    ACLBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 0,
    ACLBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 1,
    ACLBLASLT_MATRIX_LAYOUT_TYPE = 2,
    ACLBLASLT_MATRIX_LAYOUT_ORDER = 3,
    ACLBLASLT_MATRIX_LAYOUT_ROWS = 4,
    ACLBLASLT_MATRIX_LAYOUT_COLS = 5,
    ACLBLASLT_MATRIX_LAYOUT_LD = 6,
} aclblasLtMatrixLayoutAttribute_t;

typedef enum aclblasLtMatmulDescAttribute {
    ACLBLASLT_MATMUL_DESC_TRANSA = 0,
    ACLBLASLT_MATMUL_DESC_TRANSB = 1,
    ACLBLASLT_MATMUL_DESC_EPILOGUE = 2,
    ACLBLASLT_MATMUL_DESC_BIAS_POINTER = 3,
    ACLBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 4,
    ACLBLASLT_MATMUL_DESC_A_SCALE_POINTER = 5,
    ACLBLASLT_MATMUL_DESC_B_SCALE_POINTER = 6,
    ACLBLASLT_MATMUL_DESC_C_SCALE_POINTER = 7,
    ACLBLASLT_MATMUL_DESC_D_SCALE_POINTER = 8,
    ACLBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER = 9,
    ACLBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 10,
    ACLBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 11,
    ACLBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 12,
    ACLBLASLT_MATMUL_DESC_POINTER_MODE = 13,
    ACLBLASLT_MATMUL_DESC_AMAX_D_POINTER = 14,
    ACLBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE = 22,
    ACLBLASLT_MATMUL_DESC_A_SCALE_MODE = 31,
    ACLBLASLT_MATMUL_DESC_B_SCALE_MODE = 32,
    ACLBLASLT_MATMUL_DESC_COMPUTE_INPUT_TYPE_A_EXT = 100,
    ACLBLASLT_MATMUL_DESC_COMPUTE_INPUT_TYPE_B_EXT = 101,
    ACLBLASLT_MATMUL_DESC_EPILOGUE_ACT_ARG0_EXT = 102,
    ACLBLASLT_MATMUL_DESC_EPILOGUE_ACT_ARG1_EXT = 103,
    ACLBLASLT_MATMUL_DESC_MAX,
} aclblasLtMatmulDescAttribute_t;

typedef enum aclblasLtMatrixTransformDescAttribute {
    ACLBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE = 0,
    ACLBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE = 1,
    ACLBLASLT_MATRIX_TRANSFORM_DESC_TRANSA = 2,
    ACLBLASLT_MATRIX_TRANSFORM_DESC_TRANSB = 3,
} aclblasLtMatrixTransformDescAttribute_t;

typedef enum aclblasLtMatmulPreferenceAttribute {
    ACLBLASLT_MATMUL_PREF_SEARCH_MODE = 0,
    ACLBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,
    ACLBLASLT_MATMUL_PREF_MAX = 2
} aclblasLtMatmulPreferenceAttribute_t;

typedef enum aclblasLtMatmulTile {
    ACLBLASLT_MATMUL_TILE_UNDEFINED = 0,
    ACLBLASLT_MATMUL_TILE_128x128 = 1,
    ACLBLASLT_MATMUL_TILE_128x256 = 2,
    ACLBLASLT_MATMUL_TILE_256x128 = 3,
    ACLBLASLT_MATMUL_TILE_256x256 = 4,
} aclblasLtMatmulTile_t;

typedef enum aclblasLtMatmulStages {
    ACLBLASLT_MATMUL_STAGES_UNDEFINED = 0,
    ACLBLASLT_MATMUL_STAGES_1 = 1,
    ACLBLASLT_MATMUL_STAGES_2 = 2,
    ACLBLASLT_MATMUL_STAGES_3 = 3,
    ACLBLASLT_MATMUL_STAGES_4 = 4,
} aclblasLtMatmulStages_t;

typedef enum aclblasLtReductionScheme {
    ACLBLASLT_REDUCTION_SCHEME_NONE = 0,
    ACLBLASLT_REDUCTION_SCHEME_INPLACE = 1,
    ACLBLASLT_REDUCTION_SCHEME_WORKSPACE = 2,
} aclblasLtReductionScheme_t;

typedef enum aclblasLtMatmulAlgoConfigAttributes {
    ACLBLASLT_ALGO_CONFIG_ID = 0,
    ACLBLASLT_ALGO_CONFIG_TILE_ID = 1,
    ACLBLASLT_ALGO_CONFIG_STAGES_ID = 2,
    ACLBLASLT_ALGO_CONFIG_SPLITK_NUM = 3,
    ACLBLASLT_ALGO_CONFIG_REDUCTION_SCHEME = 4,
    ACLBLASLT_ALGO_CONFIG_CUSTOM_OPTION = 5,
    ACLBLASLT_ALGO_CONFIG_INNER_SHAPE_ID = 6,
    ACLBLASLT_ALGO_CONFIG_MAX,
} aclblasLtMatmulAlgoConfigAttributes_t;

typedef void (*aclblasLtLoggerCallback_t)(int logLevel, const char *functionName,
                                          const char *message);

typedef enum aclblasLtLogLevel {
    ACLBLASLT_LOG_LEVEL_OFF = 0,
    ACLBLASLT_LOG_LEVEL_ERROR = 1,
    ACLBLASLT_LOG_LEVEL_TRACE = 2,
    ACLBLASLT_LOG_LEVEL_HINTS = 3,
    ACLBLASLT_LOG_LEVEL_INFO = 4,
    ACLBLASLT_LOG_LEVEL_API_TRACE = 5,
} aclblasLtLogLevel_t;

typedef enum aclblasLtLogMask {
    ACLBLASLT_LOG_MASK_OFF = 0,
    ACLBLASLT_LOG_MASK_ERROR = 1,
    ACLBLASLT_LOG_MASK_TRACE = 2,
    ACLBLASLT_LOG_MASK_HINTS = 4,
    ACLBLASLT_LOG_MASK_INFO = 8,
    ACLBLASLT_LOG_MASK_API_TRACE = 16,
} aclblasLtLogMask_t;

aclblasStatus_t aclblasLtGetVersion(size_t *version);

aclblasStatus_t aclblasLtGetProperty(aclblasLtPropertyType_t type, int *value);

aclblasStatus_t aclblasLtCreate(aclblasLtHandle_t *lightHandle);

aclblasStatus_t aclblasLtDestroy(const aclblasLtHandle_t lightHandle);

aclblasStatus_t aclblasLtMatrixLayoutCreate(aclblasLtMatrixLayout_t *matLayout, aclDataType type,
                                            uint64_t rows, uint64_t cols, int64_t ld);

aclblasStatus_t aclblasLtMatrixLayoutDestroy(const aclblasLtMatrixLayout_t matLayout);

aclblasStatus_t aclblasLtMatrixLayoutSetAttribute(aclblasLtMatrixLayout_t matLayout,
                                                  aclblasLtMatrixLayoutAttribute_t attr,
                                                  const void *buf, size_t sizeInBytes);

aclblasStatus_t aclblasLtMatrixLayoutGetAttribute(const aclblasLtMatrixLayout_t matLayout,
                                                  aclblasLtMatrixLayoutAttribute_t attr, void *buf,
                                                  size_t sizeInBytes, size_t *sizeWritten);

aclblasStatus_t aclblasLtMatmulDescCreate(aclblasLtMatmulDesc_t *matmulDesc,
                                          aclblasComputeType_t computeType, aclDataType scaleType);

aclblasStatus_t aclblasLtMatmulDescDestroy(const aclblasLtMatmulDesc_t matmulDesc);

aclblasStatus_t aclblasLtMatmulDescInit(aclblasLtMatmulDesc_t matmulDesc,
                                        aclblasComputeType_t computeType, aclDataType scaleType);

aclblasStatus_t aclblasLtMatmulDescSetAttribute(aclblasLtMatmulDesc_t matmulDesc,
                                                aclblasLtMatmulDescAttribute_t attr,
                                                const void *buf, size_t sizeInBytes);

aclblasStatus_t aclblasLtMatmulDescGetAttribute(aclblasLtMatmulDesc_t desc,
                                                aclblasLtMatmulDescAttribute_t attr, void *buf,
                                                size_t sizeInBytes, size_t *sizeWritten);

aclblasStatus_t aclblasLtMatmulPreferenceCreate(aclblasLtMatmulPreference_t *pref);

aclblasStatus_t aclblasLtMatmulPreferenceDestroy(const aclblasLtMatmulPreference_t pref);

aclblasStatus_t aclblasLtMatmulPreferenceSetAttribute(aclblasLtMatmulPreference_t pref,
                                                      aclblasLtMatmulPreferenceAttribute_t attr,
                                                      const void *buf, size_t sizeInBytes);

aclblasStatus_t aclblasLtMatmulPreferenceGetAttribute(aclblasLtMatmulPreference_t pref,
                                                      aclblasLtMatmulPreferenceAttribute_t attr,
                                                      void *buf, size_t sizeInBytes,
                                                      size_t *sizeWritten);

aclblasStatus_t aclblasLtMatmulAlgoInit(aclblasLtHandle_t lightHandle,
                                        aclblasComputeType_t computeType, aclDataType scaleType,
                                        aclDataType Atype, aclDataType Btype, aclDataType Ctype,
                                        aclDataType Dtype, int algoId, aclblasLtMatmulAlgo_t *algo);

aclblasStatus_t aclblasLtMatmulAlgoConfigSetAttribute(aclblasLtMatmulAlgo_t *algo,
                                                      aclblasLtMatmulAlgoConfigAttributes_t attr,
                                                      const void *buf, size_t sizeInBytes);

aclblasStatus_t aclblasLtMatmulAlgoConfigGetAttribute(const aclblasLtMatmulAlgo_t *algo,
                                                      aclblasLtMatmulAlgoConfigAttributes_t attr,
                                                      void *buf, size_t sizeInBytes,
                                                      size_t *sizeWritten);

aclblasStatus_t aclblasLtMatmulAlgoGetIds(aclblasLtHandle_t lightHandle,
                                          aclblasComputeType_t computeType, aclDataType scaleType,
                                          aclDataType Atype, aclDataType Btype, aclDataType Ctype,
                                          aclDataType Dtype, int *algoIdsArray,
                                          int algoIdsArrayLength, int *numAlgoIds);

aclblasStatus_t aclblasLtMatmulAlgoGetHeuristic(
    aclblasLtHandle_t lightHandle, aclblasLtMatmulDesc_t matmulDesc, aclblasLtMatrixLayout_t Adesc,
    aclblasLtMatrixLayout_t Bdesc, aclblasLtMatrixLayout_t Cdesc, aclblasLtMatrixLayout_t Ddesc,
    aclblasLtMatmulPreference_t pref, int requestedAlgoCount,
    aclblasLtMatmulHeuristicResult_t heuristicResultsArray[], int *returnAlgoCount);

aclblasStatus_t aclblasLtMatmul(aclblasLtHandle_t lightHandle, aclblasLtMatmulDesc_t computeDesc,
                                const void *alpha, const void *A, aclblasLtMatrixLayout_t Adesc,
                                const void *B, aclblasLtMatrixLayout_t Bdesc, const void *beta,
                                const void *C, aclblasLtMatrixLayout_t Cdesc, void *D,
                                aclblasLtMatrixLayout_t Ddesc, const aclblasLtMatmulAlgo_t *algo,
                                void *workspace, size_t workspaceSizeInBytes, aclrtStream stream);

aclblasStatus_t aclblasLtMatrixTransformDescCreate(aclblasLtMatrixTransformDesc_t *transformDesc,
                                                   aclDataType scaleType);

aclblasStatus_t
aclblasLtMatrixTransformDescDestroy(const aclblasLtMatrixTransformDesc_t transformDesc);

aclblasStatus_t
aclblasLtMatrixTransformDescSetAttribute(aclblasLtMatrixTransformDesc_t transformDesc,
                                         aclblasLtMatrixTransformDescAttribute_t attr,
                                         const void *buf, size_t sizeInBytes);

aclblasStatus_t
aclblasLtMatrixTransformDescGetAttribute(aclblasLtMatrixTransformDesc_t transformDesc,
                                         aclblasLtMatrixTransformDescAttribute_t attr, void *buf,
                                         size_t sizeInBytes, size_t *sizeWritten);

aclblasStatus_t aclblasLtMatrixTransform(aclblasLtHandle_t lightHandle,
                                         aclblasLtMatrixTransformDesc_t transformDesc,
                                         const void *alpha, const void *A,
                                         aclblasLtMatrixLayout_t Adesc, const void *beta,
                                         const void *B, aclblasLtMatrixLayout_t Bdesc, void *C,
                                         aclblasLtMatrixLayout_t Cdesc, aclrtStream stream);

aclblasStatus_t aclblasLtLoggerSetFile(FILE *file);

aclblasStatus_t aclblasLtLoggerSetLevel(int level);

aclblasStatus_t aclblasLtLoggerSetMask(int mask);

aclblasStatus_t aclblasLtLoggerForceDisable(void);

aclblasStatus_t aclblasLtLoggerSetCallback(aclblasLtLoggerCallback_t callback);

aclblasStatus_t aclblasLtLoggerOpenFile(const char *logFile);

#ifdef __cplusplus
}
#endif
