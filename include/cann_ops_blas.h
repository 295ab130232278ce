/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl's cann_ops_blas.h: aclBLAS (hicann/ops-blas, libops_blas.so), the
 * cuBLAS-like BLAS of CANN, run on the CPU (blas/, docs/blas.md). Every
 * function checks its arguments on the calling thread and queues its work on
 * the handle's stream; pointers are device memory (aclrtMalloc). Declarations
 * match the CANN header (names, types, order); also usable from C.
 */
#pragma once

#ifdef __cplusplus
#include <cstddef>
#include <cstdint>
#else
#include <stddef.h>
#include <stdint.h>
#endif
#include <acl/acl.h>
#include "cann_ops_blas_common.h"

typedef struct _aclblas_handle *aclblasHandle_t;
#ifdef __cplusplus
using aclblasHandle = struct _aclblas_handle *;
using aclblasLogCallback = void (*)(const char *);
#else
typedef struct _aclblas_handle *aclblasHandle;
typedef void (*aclblasLogCallback)(const char *);
#endif

#ifdef __cplusplus
extern "C" {
#endif

aclblasStatus_t aclblasCreate(aclblasHandle_t *handle);

aclblasStatus_t aclblasDestroy(aclblasHandle_t handle);

aclblasStatus_t aclblasSetStream(aclblasHandle_t handle, aclrtStream stream);

aclblasStatus_t aclblasGetStream(aclblasHandle_t handle, aclrtStream *stream);

aclblasStatus_t aclblasSetWorkspace(aclblasHandle_t handle, void *workspace, size_t workspaceSize);

aclblasStatus_t aclblasGetVersion(aclblasHandle_t handle, int *version);

aclblasStatus_t aclblasLoggerConfigure(int logIsOn, int logToStdOut, int logToStdErr,
                                       const char *logFile);

aclblasStatus_t aclblasSetLoggerCallback(aclblasLogCallback userCallback);

aclblasStatus_t aclblasGetLoggerCallback(aclblasLogCallback *userCallback);

aclblasStatus_t aclblasScopy_legacy(aclblasHandle_t handle, uint8_t *x, uint8_t *y, const int64_t n,
                                    const int64_t incx, const int64_t incy);

aclblasStatus_t aclblasScopy(aclblasHandle_t handle, int n, const float *x, int incx, float *y,
                             int incy);

aclblasStatus_t aclblasSpmv(aclblasHandle_t handle, const float *aPacked, const float *x,
                            const float *y, float *z, const float alpha, const float beta,
                            const int64_t n, const int64_t incx, const int64_t incy);

aclblasStatus_t aclblasSspmv(aclblasHandle_t handle, aclblasFillMode_t uplo, int n,
                             const float *alpha, const float *AP, const float *x, int incx,
                             const float *beta, float *y, int incy);

aclblasStatus_t aclblasSger(aclblasHandle_t handle, int m, int n, const float *alpha,
                            const float *x, int incx, const float *y, int incy, float *A, int lda);

aclblasStatus_t aclblasStrsv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int n,
                             const float *A, int lda, float *x, int incx);

aclblasStatus_t aclblasSsymv(aclblasHandle_t handle, aclblasFillMode_t uplo, int n,
                             const float *alpha, const float *A, int lda, const float *x, int incx,
                             const float *beta, float *y, int incy);

aclblasStatus_t aclblasSsbmv(aclblasHandle_t handle, aclblasFillMode_t uplo, int n, int k,
                             const float *alpha, const float *A, int lda, const float *x, int incx,
                             const float *beta, float *y, int incy);

aclblasStatus_t aclblasStpsv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int n,
                             const float *AP, float *x, int incx);

aclblasStatus_t aclblasStpmv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int n,
                             const float *AP, float *x, int incx);

aclblasStatus_t aclblasStpmv_legacy(aclblasHandle_t handle, aclblasFillMode uplo,
                                    aclblasOperation trans, aclblasDiagType diag, int64_t n,
                                    const float *aPacked, const float *x, float *y, int64_t incx);

aclblasStatus_t aclblasStbmv_legacy(aclblasHandle_t handle, aclblasFillMode uplo,
                                    aclblasOperation trans, aclblasDiagType diag, const float *a,
                                    const int64_t lda, const float *x, float *y, const int64_t n,
                                    const int64_t k, const int64_t incx);

aclblasStatus_t aclblasStbmv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int n, int k,
                             const float *A, int lda, float *x, int incx);

aclblasStatus_t aclblasCdotu(aclblasHandle_t handle, const int64_t n, uint8_t *x,
                             const int64_t incx, uint8_t *y, const int64_t incy, uint8_t *result);

aclblasStatus_t aclblasCdotc(aclblasHandle_t handle, const int64_t n, uint8_t *x,
                             const int64_t incx, uint8_t *y, const int64_t incy, uint8_t *result);

aclblasStatus_t aclblasSasum(aclblasHandle_t handle, int n, const float *x, int incx,
                             float *result);

aclblasStatus_t aclblasIamax(aclblasHandle_t handle, const int64_t n, uint8_t *x,
                             const int64_t incx, uint8_t *result);

aclblasStatus_t aclblasIsamax(aclblasHandle_t handle, int n, const float *x, int incx, int *result);

aclblasStatus_t aclblasIsamin(aclblasHandle_t handle, int n, const float *x, int incx, int *result);

aclblasStatus_t aclblasCsrot(aclblasHandle_t handle, const int64_t n, aclblasComplex *x,
                             const int64_t incx, aclblasComplex *y, const int64_t incy,
                             const float c, const float s);

aclblasStatus_t aclblasColwiseMul(aclblasHandle_t handle, const int64_t m, const int64_t n,
                                  uint8_t *mat, uint8_t *vec, uint8_t *result);

aclblasStatus_t aclblasComplexMatDot(aclblasHandle_t handle, const int64_t m, const int64_t n,
                                     aclblasComplex *matx, aclblasComplex *maty,
                                     aclblasComplex *result);

aclblasStatus_t aclblasCgemvBatched(aclblasHandle_t handle, aclblasOperation_t trans,
                                    const int64_t m, const int64_t n, const aclblasComplex alpha,
                                    aclblasComplex *A, const int64_t lda, aclblasComplex *x,
                                    const int64_t incx, const aclblasComplex beta,
                                    aclblasComplex *y, const int64_t incy,
                                    const int64_t batchCount);

aclblasStatus_t aclblasCgerc(aclblasHandle_t handle, const int64_t m, const int64_t n,
                             const aclblasComplex alpha, aclblasComplex *x, const int64_t incx,
                             aclblasComplex *y, const int64_t incy, aclblasComplex *A,
                             const int64_t lda);

aclblasStatus_t aclblasSgemvBatched(aclblasHandle_t handle, aclblasOperation_t trans, int m, int n,
                                    const float *alpha, const float *const Aarray[], int lda,
                                    const float *const xarray[], int incx, const float *beta,
                                    float *const yarray[], int incy, int batchCount);

aclblasStatus_t aclblasHSHgemvBatched(aclblasHandle_t handle, aclblasOperation_t trans, int m,
                                      int n, const float *alpha, const uint16_t *const Aarray[],
                                      int lda, const uint16_t *const xarray[], int incx,
                                      const float *beta, uint16_t *const yarray[], int incy,
                                      int batchCount);

aclblasStatus_t aclblasHSSgemvBatched(aclblasHandle_t handle, aclblasOperation_t trans, int m,
                                      int n, const float *alpha, const uint16_t *const Aarray[],
                                      int lda, const uint16_t *const xarray[], int incx,
                                      const float *beta, float *const yarray[], int incy,
                                      int batchCount);

aclblasStatus_t aclblasTSTgemvBatched(aclblasHandle_t handle, aclblasOperation_t trans, int m,
                                      int n, const float *alpha, const uint16_t *const Aarray[],
                                      int lda, const uint16_t *const xarray[], int incx,
                                      const float *beta, uint16_t *const yarray[], int incy,
                                      int batchCount);

aclblasStatus_t aclblasTSSgemvBatched(aclblasHandle_t handle, aclblasOperation_t trans, int m,
                                      int n, const float *alpha, const uint16_t *const Aarray[],
                                      int lda, const uint16_t *const xarray[], int incx,
                                      const float *beta, float *const yarray[], int incy,
                                      int batchCount);

aclblasStatus_t aclblasSgemvStridedBatched(aclblasHandle_t handle, aclblasOperation_t trans, int m,
                                           int n, const float *alpha, const float *A, int lda,
                                           int64_t strideA, const float *x, int incx,
                                           int64_t stridex, const float *beta, float *y, int incy,
                                           int64_t stridey, int batchCount);

aclblasStatus_t aclblasHSHgemvStridedBatched(aclblasHandle_t handle, aclblasOperation_t trans,
                                             int m, int n, const float *alpha, const uint16_t *A,
                                             int lda, int64_t strideA, const uint16_t *x, int incx,
                                             int64_t stridex, const float *beta, uint16_t *y,
                                             int incy, int64_t stridey, int batchCount);

aclblasStatus_t aclblasHSSgemvStridedBatched(aclblasHandle_t handle, aclblasOperation_t trans,
                                             int m, int n, const float *alpha, const uint16_t *A,
                                             int lda, int64_t strideA, const uint16_t *x, int incx,
                                             int64_t stridex, const float *beta, float *y, int incy,
                                             int64_t stridey, int batchCount);

aclblasStatus_t aclblasTSTgemvStridedBatched(aclblasHandle_t handle, aclblasOperation_t trans,
                                             int m, int n, const float *alpha, const uint16_t *A,
                                             int lda, int64_t strideA, const uint16_t *x, int incx,
                                             int64_t stridex, const float *beta, uint16_t *y,
                                             int incy, int64_t stridey, int batchCount);

aclblasStatus_t aclblasTSSgemvStridedBatched(aclblasHandle_t handle, aclblasOperation_t trans,
                                             int m, int n, const float *alpha, const uint16_t *A,
                                             int lda, int64_t strideA, const uint16_t *x, int incx,
                                             int64_t stridex, const float *beta, float *y, int incy,
                                             int64_t stridey, int batchCount);

aclblasStatus_t aclblasCcopy(aclblasHandle_t handle, aclblasComplex *x, aclblasComplex *y,
                             const int64_t n, const int64_t incx, const int64_t incy);

aclblasStatus_t aclblasSdot(aclblasHandle_t handle, int64_t n, const float *x, int64_t incx,
                            const float *y, int64_t incy, float *result);

aclblasStatus_t aclblasDotEx(aclblasHandle_t handle, int n, const void *x, aclDataType xType,
                             int incx, const void *y, aclDataType yType, int incy, void *result,
                             aclDataType resultType, aclDataType executionType);

aclblasStatus_t aclblasSnrm2(aclblasHandle_t handle, int n, const float *x, int incx,
                             float *result);

aclblasStatus_t aclblasScnrm2(aclblasHandle_t handle, const int64_t n, aclblasComplex *x,
                              const int64_t incx, float *result);

aclblasStatus_t aclblasSnrm2Ex(aclblasHandle_t handle, aclDataType xtype, const void *x,
                               const int64_t n, const int64_t incx, void *result);

aclblasStatus_t aclblasSscal(aclblasHandle_t handle, int n, const float *alpha, float *x, int incx);

aclblasStatus_t aclblasScalex(aclblasHandle_t handle, int n, const void *alpha,
                              aclDataType alphaType, void *x, aclDataType xType, int incx,
                              aclDataType executionType);

aclblasStatus_t aclblasRotEx(aclblasHandle_t handle, int n, void *x, aclDataType xType, int incx,
                             void *y, aclDataType yType, int incy, const void *c, const void *s,
                             aclDataType csType, aclDataType executionType);

aclblasStatus_t aclblasCsscal(aclblasHandle_t handle, const int64_t n, const float alpha,
                              aclblasComplex *x, const int64_t incx);

aclblasStatus_t aclblasCscal(aclblasHandle_t handle, const int64_t n, const aclblasComplex alpha,
                             aclblasComplex *x, const int64_t incx);

aclblasStatus_t aclblasSswap(aclblasHandle_t handle, int n, float *x, int incx, float *y, int incy);

aclblasStatus_t aclblasCswap(aclblasHandle_t handle, const int64_t n, aclblasComplex *x,
                             const int64_t incx, aclblasComplex *y, const int64_t incy);

aclblasStatus_t aclblasCaxpy(aclblasHandle_t handle, const int64_t n, const aclblasComplex alpha,
                             aclblasComplex *x, int64_t incx, aclblasComplex *y, int64_t incy);

aclblasStatus_t aclblasCgemv(aclblasHandle_t handle, aclblasOperation_t trans, const int64_t m,
                             const int64_t n, const aclblasComplex alpha, aclblasComplex *A,
                             const int64_t lda, aclblasComplex *x, const int64_t incx,
                             const aclblasComplex beta, aclblasComplex *y, const int64_t incy);

aclblasStatus_t aclblasStrmv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int n,
                             const float *A, int lda, float *x, int incx);

aclblasStatus_t aclblasStrmm(aclblasHandle_t handle, aclblasSideMode_t side, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int m, int n,
                             const float *alpha, const float *A, int lda, const float *B, int ldb,
                             float *C, int ldc);

aclblasStatus_t aclblasStrsm(aclblasHandle_t handle, aclblasSideMode_t side, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int m, int n,
                             const float *alpha, const float *A, int lda, float *B, int ldb);

aclblasStatus_t aclblasSsymm(aclblasHandle handle, aclblasSideMode_t side, aclblasFillMode_t uplo,
                             int64_t m, int64_t n, const float *alpha, const float *A, int64_t lda,
                             const float *B, int64_t ldb, const float *beta, float *C, int64_t ldc);

aclblasStatus_t aclblasSsyr(aclblasHandle_t handle, aclblasFillMode_t uplo, const int n,
                            const float *alpha, const float *x, const int incx, float *A,
                            const int lda);

aclblasStatus_t aclblasSsyr2(aclblasHandle_t handle, aclblasFillMode_t uplo, const int n,
                             const float *alpha, const float *x, const int incx, const float *y,
                             const int incy, float *A, const int lda);

aclblasStatus_t aclblasSspr(aclblasHandle_t handle, aclblasFillMode_t uplo, int n,
                            const float *alpha, const float *x, int incx, float *ap);

aclblasStatus_t aclblasSspr2(aclblasHandle_t handle, aclblasFillMode_t uplo, int n,
                             const float *alpha, const float *x, int incx, const float *y, int incy,
                             float *ap);

aclblasStatus_t aclblasCtrmv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int64_t n,
                             aclblasComplex *A, int64_t lda, aclblasComplex *x, int64_t incx);

aclblasStatus_t aclblasSgbmv(aclblasHandle_t handle, aclblasOperation_t trans, int m, int n, int kl,
                             int ku, const float *alpha, const float *A, int lda, const float *x,
                             int incx, const float *beta, float *y, int incy);

aclblasStatus_t aclblasStpttr(aclblasHandle_t handle, aclblasFillMode_t uplo, int n,
                              const float *AP, float *A, int lda);

aclblasStatus_t aclblasStrttp(aclblasHandle_t handle, aclblasFillMode_t uplo, int n, const float *A,
                              int lda, float *AP);

aclblasStatus_t aclblasSrotm(aclblasHandle_t handle, int n, float *x, int incx, float *y, int incy,
                             const float *param);

aclblasStatus_t aclblasSrot(aclblasHandle_t handle, int n, float *x, int incx, float *y, int incy,
                            const float *c, const float *s);

aclblasStatus_t aclblasSrotg(aclblasHandle_t handle, float *a, float *b, float *c, float *s);

aclblasStatus_t aclblasSrotmg(aclblasHandle_t handle, float *d1, float *d2, float *x1,
                              const float *y1, float *param);

aclblasStatus_t aclblasSgemv(aclblasHandle_t handle, aclblasOperation_t trans, int m, int n,
                             const float *alpha, const float *A, int lda, const float *x, int incx,
                             const float *beta, float *y, int incy);

aclblasStatus_t aclblasSaxpy(aclblasHandle_t handle, int n, const float *alpha, float *x, int incx,
                             float *y, int incy);

aclblasStatus_t aclblasAxpyEx(aclblasHandle_t handle, int n, const void *alpha,
                              aclDataType alphaType, const void *x, aclDataType xType, int incx,
                              void *y, aclDataType yType, int incy, aclDataType executionType);

aclblasStatus_t aclblasSgeqrfBatched(aclblasHandle_t handle, int m, int n, float *const Aarray[],
                                     int lda, float *const TauArray[], int *info, int batchSize);

aclblasStatus_t aclblasSgetrfBatched(aclblasHandle_t handle, int n, float *const Aarray[], int lda,
                                     int *PivotArray, int *infoArray, int batchSize);

aclblasStatus_t aclblasSgelsBatched(aclblasHandle_t handle, aclblasOperation_t trans, int m, int n,
                                    int nrhs, float *const Aarray[], int lda, float *const Carray[],
                                    int ldc, int *devInfo, int batchSize);

aclblasStatus_t
aclblasGemmBatchedEx(aclblasHandle_t handle, aclblasOperation_t transa, aclblasOperation_t transb,
                     int m, int n, int k, const void *alpha, const void *const Aarray[],
                     aclDataType Atype, int lda, const void *const Barray[], aclDataType Btype,
                     int ldb, const void *beta, void *const Carray[], aclDataType Ctype, int ldc,
                     int batchCount, aclblasComputeType_t computeType, aclblasGemmAlgo_t algo);

aclblasStatus_t aclblasSgemmBatched(aclblasHandle_t handle, aclblasOperation_t transa,
                                    aclblasOperation_t transb, int m, int n, int k,
                                    const float *alpha, const float *const Aarray[], int lda,
                                    const float *const Barray[], int ldb, const float *beta,
                                    float *const Carray[], int ldc, int batchCount);

aclblasStatus_t aclblasCgemmBatched(aclblasHandle_t handle, aclblasOperation_t transa,
                                    aclblasOperation_t transb, int m, int n, int k,
                                    const aclblasComplex *alpha,
                                    const aclblasComplex *const Aarray[], int lda,
                                    const aclblasComplex *const Barray[], int ldb,
                                    const aclblasComplex *beta, aclblasComplex *const Carray[],
                                    int ldc, int batchCount);

aclblasStatus_t aclblasSgetriBatched(aclblasHandle_t handle, int n, const float *const Aarray[],
                                     int lda, const int *PivotArray, float *const Carray[], int ldc,
                                     int *infoArray, int batchSize);

aclblasStatus_t aclblasSmatinvBatched(aclblasHandle_t handle, int n, const float *const A[],
                                      int lda, float *const Ainv[], int lda_inv, int *info,
                                      int batchSize);

aclblasStatus_t aclblasGemmEx(aclblasHandle_t handle, aclblasOperation_t transA,
                              aclblasOperation_t transB, int m, int n, int k, const void *alpha,
                              const void *A, aclDataType Atype, int lda, const void *B,
                              aclDataType Btype, int ldb, const void *beta, void *C,
                              aclDataType Ctype, int ldc, aclblasComputeType_t computeType,
                              aclblasGemmAlgo_t algo);

aclblasStatus_t aclblasSgemmEx(aclblasHandle_t handle, aclblasOperation_t transA,
                               aclblasOperation_t transB, int m, int n, int k, const float *alpha,
                               const float *A, int lda, const float *B, int ldb, const float *beta,
                               float *C, int ldc, aclblasGemmAlgo_t algo);

aclblasStatus_t aclblasSgemmGroupedBatched(
    aclblasHandle_t handle, int groupCount, const aclblasOperation_t *transaArray,
    const aclblasOperation_t *transbArray, const int *mArray, const int *nArray, const int *kArray,
    const float *alphaArray, const float *const *Aarray, const int *ldaArray,
    const float *const *Barray, const int *ldbArray, const float *betaArray, float *const *Carray,
    const int *ldcArray, const int *groupSizeArray);

aclblasStatus_t aclblasSgetrsBatched(aclblasHandle_t handle, aclblasOperation_t trans, int n,
                                     int nrhs, const float *const Aarray[], int lda,
                                     const int *devIpiv, float *const Barray[], int ldb, int *info,
                                     int batchCount);

aclblasStatus_t aclblasGemmGroupedBatchedEx(
    aclblasHandle_t handle, const aclblasOperation_t transaArray[],
    const aclblasOperation_t transbArray[], const int mArray[], const int nArray[],
    const int kArray[], const void *alphaArray, const void *const Aarray[], aclDataType Atype,
    const int ldaArray[], const void *const Barray[], aclDataType Btype, const int ldbArray[],
    const void *betaArray, void *const Carray[], aclDataType Ctype, const int ldcArray[],
    int groupCount, const int groupSize[], aclblasComputeType_t computeType);

aclblasStatus_t aclblasStbsv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                             aclblasOperation_t trans, aclblasDiagType_t diag, int n, int k,
                             const float *A, int lda, float *x, int incx);

aclblasStatus_t aclblasSdgmm(aclblasHandle_t handle, aclblasSideMode_t mode, int m, int n,
                             const float *A, int lda, const float *x, int incx, float *C, int ldc);

#ifdef __cplusplus
}
#endif
