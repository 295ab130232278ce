/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cann_ops_sparse.h: CANN's sparse library (hicann/ops-sparse, libops_sparse) on cpuacl.
 * The names, enum values and signatures are those of the CANN header; this one declares
 * the part cpuacl implements (docs/sparse.md lists it function by function).
 * Implementation: sparse/ (docs/design.md).
 */
#ifndef CANN_OPS_SPARSE_H_
#define CANN_OPS_SPARSE_H_

#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclsparseOperation_t {
    ACL_SPARSE_OP_NON_TRANSPOSE = 0,
    ACL_SPARSE_OP_TRANSPOSE,
    ACL_SPARSE_OP_CONJUGATE_TRANSPOSE
} aclsparseOperation_t;

struct aclsparseContext;
struct aclsparseSpMatDescr;
struct aclsparseDnVecDescr;
struct aclsparseDnMatDescr;
struct aclsparseSpVecDescr;
struct aclsparseSpSMDescr;
typedef struct aclsparseContext *aclsparseHandle_t;
typedef struct aclsparseSpMatDescr *aclsparseSpMatDescr_t;
typedef struct aclsparseDnVecDescr *aclsparseDnVecDescr_t;
typedef struct aclsparseDnMatDescr *aclsparseDnMatDescr_t;
typedef struct aclsparseSpVecDescr *aclsparseSpVecDescr_t;
typedef struct aclsparseSpSMDescr *aclsparseSpSMDescr_t;
typedef struct aclsparseSpMatDescr const *aclsparseConstSpMatDescr_t;
typedef struct aclsparseDnVecDescr const *aclsparseConstDnVecDescr_t;
typedef struct aclsparseDnMatDescr const *aclsparseConstDnMatDescr_t;
typedef struct aclsparseSpVecDescr const *aclsparseConstSpVecDescr_t;

typedef enum aclsparseOrder_t {
    ACL_SPARSE_ORDER_ROW = 0,
    ACL_SPARSE_ORDER_COL = 1,
} aclsparseOrder_t;

typedef enum aclsparseSpMVOpAlg_t {
    ACL_SPARSE_SPMVOP_ALG_DEFAULT = 0,
    ACL_SPARSE_SPMVOP_ALG1,
    ACL_SPARSE_SPMVOP_ALG2
} aclsparseSpMVOpAlg_t;

typedef enum aclsparseSpMMAlg_t {
    ACL_SPARSE_SPMM_ALG_DEFAULT = 0,
    ACL_SPARSE_SPMM_CSR_ALG1,
    ACL_SPARSE_SPMM_CSR_FP32_HIGH_PRECISION_ALG,
} aclsparseSpMMAlg_t;

typedef enum aclsparseStatus_t {
    ACL_SPARSE_STATUS_SUCCESS = 0,
    ACL_SPARSE_STATUS_NOT_INITIALIZED,
    ACL_SPARSE_STATUS_ALLOC_FAILED,
    ACL_SPARSE_STATUS_INVALID_VALUE,
    ACL_SPARSE_STATUS_ARCH_MISMATCH,
    ACL_SPARSE_STATUS_EXECUTION_FAILED,
    ACL_SPARSE_STATUS_INTERNAL_ERROR,
    ACL_SPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED,
    ACL_SPARSE_STATUS_NOT_SUPPORTED,
    ACL_SPARSE_STATUS_INSUFFICIENT_RESOURCES,
    ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR
} aclsparseStatus_t;

typedef enum aclsparseSpMVAlg_t {
    ACL_SPARSE_SPMV_ALG_DEFAULT,
    ACL_SPARSE_SPMV_COO_ALG1,
    ACL_SPARSE_SPMV_COO_ALG2,
    ACL_SPARSE_SPMV_CSR_ALG1,
    ACL_SPARSE_SPMV_CSR_ALG2,
    ACL_SPARSE_SPMV_SELL_ALG1,
} aclsparseSpMVAlg_t;

typedef struct aclsparseComplex {
    float x;
    float y;
} aclsparseComplex;

typedef struct aclsparseDoubleComplex {
    double x;
    double y;
} aclsparseDoubleComplex;

typedef enum aclsparseDirection_t {
    ACL_SPARSE_DIRECTION_ROW = 0,
    ACL_SPARSE_DIRECTION_COLUMN = 1
} aclsparseDirection_t;

struct aclsparseMatDescr;
typedef struct aclsparseMatDescr *aclsparseMatDescr_t;

typedef enum aclsparseMatrixType_t {
    ACL_SPARSE_MATRIX_TYPE_GENERAL = 0,
    ACL_SPARSE_MATRIX_TYPE_SYMMETRIC,
    ACL_SPARSE_MATRIX_TYPE_HERMITIAN,
    ACL_SPARSE_MATRIX_TYPE_TRIANGULAR
} aclsparseMatrixType_t;

typedef enum aclsparseDiagType_t {
    ACL_SPARSE_DIAG_TYPE_NON_UNIT = 0,
    ACL_SPARSE_DIAG_TYPE_UNIT
} aclsparseDiagType_t;

typedef enum aclsparseFillMode_t {
    ACL_SPARSE_FILL_MODE_LOWER = 0,
    ACL_SPARSE_FILL_MODE_UPPER
} aclsparseFillMode_t;

typedef enum aclsparseIndexType_t {
    ACL_SPARSE_INDEX_32I = 0,
    ACL_SPARSE_INDEX_64I
} aclsparseIndexType_t;

typedef enum aclsparseIndexBase_t {
    ACL_SPARSE_INDEX_BASE_ZERO = 0,
    ACL_SPARSE_INDEX_BASE_ONE
} aclsparseIndexBase_t;

typedef enum aclsparseFormat_t {
    ACL_SPARSE_FORMAT_COO = 0,
    ACL_SPARSE_FORMAT_CSR,
    ACL_SPARSE_FORMAT_CSC,
    ACL_SPARSE_FORMAT_BLOCKED_ELL,
    ACL_SPARSE_FORMAT_SLICED_ELL,
    ACL_SPARSE_FORMAT_BSR
} aclsparseFormat_t;

typedef enum aclsparsePointerMode_t {
    ACL_SPARSE_POINTER_MODE_HOST = 0,
    ACL_SPARSE_POINTER_MODE_DEVICE = 1
} aclsparsePointerMode_t;

typedef enum aclsparseSpMatAttribute_t {
    ACL_SPARSE_SPMAT_FILL_MODE = 0,
    ACL_SPARSE_SPMAT_DIAG_TYPE
} aclsparseSpMatAttribute_t;

/* ---- Handle ---------------------------------------------------------------------------- */
aclsparseStatus_t aclsparseCreate(aclsparseHandle_t *handle);
aclsparseStatus_t aclsparseDestroy(aclsparseHandle_t handle);
aclsparseStatus_t aclsparseSetStream(aclsparseHandle_t handle, aclrtStream stream);
aclsparseStatus_t aclsparseGetStream(aclsparseHandle_t handle, aclrtStream *stream);
aclsparseStatus_t aclsparseSetWorkspace(aclsparseHandle_t handle, void *workspace,
                                        size_t workspaceSize);
aclsparseStatus_t aclsparseGetWorkspace(aclsparseHandle_t handle, void **workspace,
                                        size_t *workspaceSize);
aclsparseStatus_t aclsparseGetVersion(aclsparseHandle_t handle, int *version);
aclsparseStatus_t aclsparseSetPointerMode(aclsparseHandle_t handle, aclsparsePointerMode_t mode);
aclsparseStatus_t aclsparseGetPointerMode(aclsparseHandle_t handle, aclsparsePointerMode_t *mode);

/* ---- Legacy matrix descriptor ------------------------------------------------------------ */
aclsparseStatus_t aclsparseCreateMatDescr(aclsparseMatDescr_t *descr);
aclsparseStatus_t aclsparseDestroyMatDescr(aclsparseMatDescr_t descr);
void aclsparseSetMatType(aclsparseMatDescr_t descr, aclsparseMatrixType_t type);
void aclsparseSetMatIndexBase(aclsparseMatDescr_t descr, aclsparseIndexBase_t base);
void aclsparseSetMatDiagType(aclsparseMatDescr_t descr, aclsparseDiagType_t diagType);
void aclsparseSetMatFillMode(aclsparseMatDescr_t descr, aclsparseFillMode_t fillMode);
aclsparseMatrixType_t aclsparseGetMatType(aclsparseMatDescr_t descr);
aclsparseIndexBase_t aclsparseGetMatIndexBase(aclsparseMatDescr_t descr);
aclsparseDiagType_t aclsparseGetMatDiagType(aclsparseMatDescr_t descr);
aclsparseFillMode_t aclsparseGetMatFillMode(aclsparseMatDescr_t descr);

/* ---- Dense vector ------------------------------------------------------------------------ */
aclsparseStatus_t aclsparseCreateDnVec(aclsparseDnVecDescr_t *dnVecDescr, int64_t size,
                                       void *values, aclDataType valueType);
aclsparseStatus_t aclsparseCreateConstDnVec(aclsparseConstDnVecDescr_t *dnVecDescr, int64_t size,
                                            const void *values, aclDataType valueType);
aclsparseStatus_t aclsparseDestroyDnVec(aclsparseConstDnVecDescr_t dnVecDescr);
aclsparseStatus_t aclsparseDnVecGet(aclsparseDnVecDescr_t dnVecDescr, int64_t *size,
                                    void **values, aclDataType *valueType);
aclsparseStatus_t aclsparseConstDnVecGet(aclsparseConstDnVecDescr_t dnVecDescr, int64_t *size,
                                         const void **values, aclDataType *valueType);
aclsparseStatus_t aclsparseDnVecGetValues(aclsparseDnVecDescr_t dnVecDescr, void **values);
aclsparseStatus_t aclsparseConstDnVecGetValues(aclsparseConstDnVecDescr_t dnVecDescr,
                                               const void **values);
aclsparseStatus_t aclsparseDnVecSetValues(aclsparseDnVecDescr_t dnVecDescr, void *values);

/* ---- Sparse vector ----------------------------------------------------------------------- */
aclsparseStatus_t aclsparseCreateSpVec(aclsparseSpVecDescr_t *spVecDescr, int64_t size,
                                       int64_t nnz, void *indices, void *values,
                                       aclsparseIndexType_t idxType, aclsparseIndexBase_t idxBase,
                                       aclDataType valueType);
aclsparseStatus_t aclsparseCreateConstSpVec(aclsparseConstSpVecDescr_t *spVecDescr, int64_t size,
                                            int64_t nnz, const void *indices, const void *values,
                                            aclsparseIndexType_t idxType,
                                            aclsparseIndexBase_t idxBase, aclDataType valueType);
aclsparseStatus_t aclsparseDestroySpVec(aclsparseConstSpVecDescr_t spVecDescr);
aclsparseStatus_t aclsparseSpVecGet(aclsparseSpVecDescr_t spVecDescr, int64_t *size, int64_t *nnz,
                                    void **indices, void **values, aclsparseIndexType_t *idxType,
                                    aclsparseIndexBase_t *idxBase, aclDataType *valueType);
aclsparseStatus_t aclsparseConstSpVecGet(aclsparseConstSpVecDescr_t spVecDescr, int64_t *size,
                                         int64_t *nnz, const void **indices, const void **values,
                                         aclsparseIndexType_t *idxType,
                                         aclsparseIndexBase_t *idxBase, aclDataType *valueType);
aclsparseStatus_t aclsparseSpVecGetIndexBase(aclsparseConstSpVecDescr_t spVecDescr,
                                             aclsparseIndexBase_t *idxBase);
aclsparseStatus_t aclsparseSpVecGetValues(aclsparseSpVecDescr_t spVecDescr, void **values);
aclsparseStatus_t aclsparseConstSpVecGetValues(aclsparseConstSpVecDescr_t spVecDescr,
                                               const void **values);
aclsparseStatus_t aclsparseSpVecSetValues(aclsparseSpVecDescr_t spVecDescr, void *values);

/* ---- Sparse matrix ----------------------------------------------------------------------- */
aclsparseStatus_t aclsparseCreateCsr(aclsparseSpMatDescr_t *spMatDescr, int64_t rows,
                                     int64_t cols, int64_t nnz, void *csrRowOffsets,
                                     void *csrColInd, void *csrValues,
                                     aclsparseIndexType_t csrRowOffsetsType,
                                     aclsparseIndexType_t csrColIndType,
                                     aclsparseIndexBase_t idxBase, aclDataType valueType);
aclsparseStatus_t aclsparseCreateConstCsr(aclsparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                          int64_t cols, int64_t nnz, const void *csrRowOffsets,
                                          const void *csrColInd, const void *csrValues,
                                          aclsparseIndexType_t csrRowOffsetsType,
                                          aclsparseIndexType_t csrColIndType,
                                          aclsparseIndexBase_t idxBase, aclDataType valueType);
aclsparseStatus_t aclsparseCreateCsc(aclsparseSpMatDescr_t *spMatDescr, int64_t rows,
                                     int64_t cols, int64_t nnz, void *cscColOffsets,
                                     void *cscRowInd, void *cscValues,
                                     aclsparseIndexType_t cscColOffsetsType,
                                     aclsparseIndexType_t cscRowIndType,
                                     aclsparseIndexBase_t idxBase, aclDataType valueType);
aclsparseStatus_t aclsparseCreateConstCsc(aclsparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                          int64_t cols, int64_t nnz, const void *cscColOffsets,
                                          const void *cscRowInd, const void *cscValues,
                                          aclsparseIndexType_t cscColOffsetsType,
                                          aclsparseIndexType_t cscRowIndType,
                                          aclsparseIndexBase_t idxBase, aclDataType valueType);
aclsparseStatus_t aclsparseCreateCoo(aclsparseSpMatDescr_t *spMatDescr, int64_t rows,
                                     int64_t cols, int64_t nnz, void *cooRowInd, void *cooColInd,
                                     void *cooValues, aclsparseIndexType_t cooIdxType,
                                     aclsparseIndexBase_t idxBase, aclDataType valueType);
aclsparseStatus_t aclsparseCreateConstCoo(aclsparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                          int64_t cols, int64_t nnz, const void *cooRowInd,
                                          const void *cooColInd, const void *cooValues,
                                          aclsparseIndexType_t cooIdxType,
                                          aclsparseIndexBase_t idxBase, aclDataType valueType);
aclsparseStatus_t aclsparseCsrSetPointers(aclsparseSpMatDescr_t descr, void *rowOffsets,
                                          void *colIndices, void *values);
aclsparseStatus_t aclsparseCscSetPointers(aclsparseSpMatDescr_t descr, void *colOffsets,
                                          void *rowIndices, void *values);
aclsparseStatus_t aclsparseCooSetPointers(aclsparseSpMatDescr_t descr, void *rowIndices,
                                          void *colIndices, void *values);
aclsparseStatus_t aclsparseDestroySpMat(aclsparseConstSpMatDescr_t spMatDescr);
aclsparseStatus_t aclsparseSpMatGetFormat(aclsparseConstSpMatDescr_t spMatDescr,
                                          aclsparseFormat_t *format);
aclsparseStatus_t aclsparseSpMatGetValues(aclsparseSpMatDescr_t spMatDescr, void **values);
aclsparseStatus_t aclsparseConstSpMatGetValues(aclsparseConstSpMatDescr_t spMatDescr,
                                               const void **values);
aclsparseStatus_t aclsparseSpMatSetValues(aclsparseSpMatDescr_t spMatDescr, void *values);
aclsparseStatus_t aclsparseSpMatGetSize(aclsparseConstSpMatDescr_t spMatDescr, int64_t *rows,
                                        int64_t *cols, int64_t *nnz);
aclsparseStatus_t aclsparseSpMatSetAttribute(aclsparseSpMatDescr_t spMatDescr,
                                             aclsparseSpMatAttribute_t attribute,
                                             const void *data, size_t dataSize);
aclsparseStatus_t aclsparseSpMatGetAttribute(aclsparseConstSpMatDescr_t spMatDescr,
                                             aclsparseSpMatAttribute_t attribute, void *data,
                                             size_t dataSize);

/* ---- Dense matrix ------------------------------------------------------------------------ */
aclsparseStatus_t aclsparseCreateDnMat(aclsparseDnMatDescr_t *dnMatDescr, int64_t rows,
                                       int64_t cols, int64_t ld, void *values,
                                       aclDataType valueType, aclsparseOrder_t order);
aclsparseStatus_t aclsparseCreateConstDnMat(aclsparseConstDnMatDescr_t *dnMatDescr, int64_t rows,
                                            int64_t cols, int64_t ld, const void *values,
                                            aclDataType valueType, aclsparseOrder_t order);
aclsparseStatus_t aclsparseDestroyDnMat(aclsparseConstDnMatDescr_t dnMatDescr);
aclsparseStatus_t aclsparseDnMatGet(aclsparseDnMatDescr_t dnMatDescr, int64_t *rows,
                                    int64_t *cols, int64_t *ld, void **values,
                                    aclDataType *valueType, aclsparseOrder_t *order);
aclsparseStatus_t aclsparseConstDnMatGet(aclsparseConstDnMatDescr_t dnMatDescr, int64_t *rows,
                                         int64_t *cols, int64_t *ld, const void **values,
                                         aclDataType *valueType, aclsparseOrder_t *order);
aclsparseStatus_t aclsparseDnMatGetValues(aclsparseDnMatDescr_t dnMatDescr, void **values);
aclsparseStatus_t aclsparseConstDnMatGetValues(aclsparseConstDnMatDescr_t dnMatDescr,
                                               const void **values);
aclsparseStatus_t aclsparseDnMatSetValues(aclsparseDnMatDescr_t dnMatDescr, void *values);

/* ---- SpMV: y = alpha * op(A) * x + beta * y ---------------------------------------------- */
aclsparseStatus_t aclsparseSpMVGetBufferSize(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                             const void *alpha, aclsparseConstSpMatDescr_t matA,
                                             aclsparseConstDnVecDescr_t vecX, const void *beta,
                                             aclsparseDnVecDescr_t vecY, aclDataType computeType,
                                             aclsparseSpMVAlg_t alg, size_t *bufferSize);
aclsparseStatus_t aclsparseSpMVPreprocess(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                          const void *alpha, aclsparseConstSpMatDescr_t matA,
                                          aclsparseConstDnVecDescr_t vecX, const void *beta,
                                          aclsparseDnVecDescr_t vecY, aclDataType computeType,
                                          aclsparseSpMVAlg_t alg, void *externalBuffer);
aclsparseStatus_t aclsparseSpMV(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                const void *alpha, aclsparseConstSpMatDescr_t matA,
                                aclsparseConstDnVecDescr_t vecX, const void *beta,
                                aclsparseDnVecDescr_t vecY, aclDataType computeType,
                                aclsparseSpMVAlg_t alg, void *externalBuffer);

/* ---- SpMM: C = alpha * op(A) * op(B) + beta * C ------------------------------------------ */
aclsparseStatus_t aclsparseSpMMGetBufferSize(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                             aclsparseOperation_t opB, const void *alpha,
                                             aclsparseConstSpMatDescr_t matA,
                                             aclsparseConstDnMatDescr_t matB, const void *beta,
                                             aclsparseDnMatDescr_t matC, aclDataType computeType,
                                             aclsparseSpMMAlg_t alg, size_t *size);
aclsparseStatus_t aclsparseSpMMPreprocess(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                          aclsparseOperation_t opB, const void *alpha,
                                          aclsparseConstSpMatDescr_t matA,
                                          aclsparseConstDnMatDescr_t matB, const void *beta,
                                          aclsparseDnMatDescr_t matC, aclDataType computeType,
                                          aclsparseSpMMAlg_t alg, void *buffer);
aclsparseStatus_t aclsparseSpMM(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                aclsparseOperation_t opB, const void *alpha,
                                aclsparseConstSpMatDescr_t matA, aclsparseConstDnMatDescr_t matB,
                                const void *beta, aclsparseDnMatDescr_t matC,
                                aclDataType computeType, aclsparseSpMMAlg_t alg, void *buffer);

/* ---- Sparse-vector operations ------------------------------------------------------------ */
aclsparseStatus_t aclsparseGather(aclsparseHandle_t handle, aclsparseConstDnVecDescr_t vecY,
                                  aclsparseSpVecDescr_t vecX);
aclsparseStatus_t aclsparseScatter(aclsparseHandle_t handle, aclsparseConstSpVecDescr_t vecX,
                                   aclsparseDnVecDescr_t vecY);
aclsparseStatus_t aclsparseSpvv(aclsparseHandle_t handle, aclsparseOperation_t op,
                                aclsparseConstSpVecDescr_t x, aclsparseConstDnVecDescr_t y,
                                void *result, aclDataType computeType);

/* ---- Legacy index conversions (int32 indices) -------------------------------------------- */
aclsparseStatus_t aclsparseXcsr2coo(aclsparseHandle_t handle, const int32_t *csrRowPtr,
                                    int64_t nnz, int64_t m, int32_t *cooRowInd,
                                    aclsparseIndexBase_t idxBase);
aclsparseStatus_t aclsparseXcoo2csr(aclsparseHandle_t handle, const int *cooRowInd, int nnz,
                                    int m, int *csrRowPtr, aclsparseIndexBase_t idxBase);

#ifdef __cplusplus
}
#endif

#endif /* CANN_OPS_SPARSE_H_ */
