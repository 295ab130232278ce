/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CANN's FFT library (hicann/ops-fft, libcann_ops_fft.so) on cpuacl: plans, transforms and
 * status codes with the names, types and values of the real cann_ops_fft.h. The transforms
 * run on the CPU (fft/, docs/fft.md). C linkage for C and C++ callers.
 */
#ifndef CANN_OPS_FFT_H
#define CANN_OPS_FFT_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

#if defined(_WIN32) || defined(__CYGWIN__)
#define ACLFFT_API __declspec(dllexport)
#else
#define ACLFFT_API __attribute__((visibility("default")))
#endif

/* Status of every call. */
typedef enum aclfftResult_t {
    ACLFFT_SUCCESS = 0,
    ACLFFT_INVALID_PLAN = 1,              /* plan not created, destroyed, or not yet made */
    ACLFFT_ALLOC_FAILED = 2,              /* out of host or device memory */
    ACLFFT_INVALID_TYPE = 3,              /* transform type unknown or not the plan's */
    ACLFFT_INVALID_VALUE = 4,             /* NULL pointer or bad parameter */
    ACLFFT_INTERNAL_ERROR = 5,
    ACLFFT_EXEC_FAILED = 6,               /* the transform failed on the device */
    ACLFFT_SETUP_FAILED = 7,
    ACLFFT_INVALID_SIZE = 8,              /* a length or batch below 1 (or too large) */
    ACLFFT_UNALIGNED_DATA = 9,
    ACLFFT_INCOMPLETE_PARAMETER_LIST = 10,
    ACLFFT_INVALID_DEVICE = 11,
    ACLFFT_PARSE_ERROR = 12,
    ACLFFT_NO_WORKSPACE = 13,
    ACLFFT_NOT_IMPLEMENTED = 14,
    ACLFFT_NOT_SUPPORTED = 16
} aclfftResult;

/* Transform types: precision and the real or complex side of input and output. */
typedef enum aclfftType_t {
    ACLFFT_R2C = 0x2a,
    ACLFFT_C2R = 0x2c,
    ACLFFT_C2C = 0x29,
    ACLFFT_D2Z = 0x6a,
    ACLFFT_Z2D = 0x6c,
    ACLFFT_Z2Z = 0x69
} aclfftType;

typedef enum aclfftLibraryPropertyType_t {
    ACLFFT_MAJOR_VERSION,
    ACLFFT_MINOR_VERSION,
    ACLFFT_PATCH_LEVEL
} aclfftLibraryPropertyType;

/* Direction: forward uses exp(-2 pi i jk/n), backward exp(+2 pi i jk/n); neither scales. */
#define ACLFFT_FORWARD (-1)
#define ACLFFT_BACKWARD 1

/* 1-D plans: transform rows (contiguous, one after another) or columns (element stride batch). */
#define ACLFFT_HORIZONTAL 0
#define ACLFFT_VERTICAL 1

typedef struct aclfftHandle_t *aclfftHandle;

typedef struct {
    float x; /* real part */
    float y; /* imaginary part */
} aclfftComplex;

typedef struct {
    double x;
    double y;
} aclfftDoubleComplex;

typedef float aclfftReal;
typedef double aclfftDoubleReal;

#ifdef __cplusplus
extern "C" {
#endif

ACLFFT_API aclfftResult aclfftPlan1d(aclfftHandle *plan, int nx, aclfftType type, int batch,
                                     int dimType);
ACLFFT_API aclfftResult aclfftPlan2d(aclfftHandle *plan, int batch, int nx, int ny, aclfftType type);
ACLFFT_API aclfftResult aclfftPlan3d(aclfftHandle *plan, int nx, int ny, int nz, aclfftType type);
ACLFFT_API aclfftResult aclfftCreate(aclfftHandle *plan);
/* The fifth parameter is the dimension type (ACLFFT_HORIZONTAL or ACLFFT_VERTICAL). */
ACLFFT_API aclfftResult aclfftMakePlan1d(aclfftHandle plan, int nx, aclfftType type, int batch,
                                         int stride, size_t *workSize);
ACLFFT_API aclfftResult aclfftMakePlan2d(aclfftHandle plan, int batch, int nx, int ny,
                                         aclfftType type, size_t *workSize);
ACLFFT_API aclfftResult aclfftMakePlan3d(aclfftHandle plan, int nx, int ny, int nz,
                                         aclfftType type, size_t *workSize);
ACLFFT_API aclfftResult aclfftGetSize1d(aclfftHandle plan, int nx, aclfftType type, int batch,
                                        size_t *workSize);
ACLFFT_API aclfftResult aclfftGetSize2d(aclfftHandle plan, int nx, int ny, aclfftType type,
                                        size_t *workSize);
ACLFFT_API aclfftResult aclfftGetSize3d(aclfftHandle plan, int nx, int ny, int nz,
                                        aclfftType type, size_t *workSize);
ACLFFT_API aclfftResult aclfftGetSize(aclfftHandle plan, size_t *workSize);
ACLFFT_API aclfftResult aclfftSetAutoAllocation(aclfftHandle plan, int autoAllocate);
ACLFFT_API aclfftResult aclfftSetWorkArea(aclfftHandle plan, void *workArea);
ACLFFT_API aclfftResult aclfftExecC2C(aclfftHandle plan, aclfftComplex *idata,
                                      aclfftComplex *odata, int direction);
ACLFFT_API aclfftResult aclfftExecR2C(aclfftHandle plan, aclfftReal *idata, aclfftComplex *odata);
ACLFFT_API aclfftResult aclfftExecC2R(aclfftHandle plan, aclfftComplex *idata, aclfftReal *odata);
ACLFFT_API aclfftResult aclfftExecZ2Z(aclfftHandle plan, aclfftDoubleComplex *idata,
                                      aclfftDoubleComplex *odata, int direction);
ACLFFT_API aclfftResult aclfftExecD2Z(aclfftHandle plan, aclfftDoubleReal *idata,
                                      aclfftDoubleComplex *odata);
ACLFFT_API aclfftResult aclfftExecZ2D(aclfftHandle plan, aclfftDoubleComplex *idata,
                                      aclfftDoubleReal *odata);
ACLFFT_API aclfftResult aclfftSetStream(aclfftHandle plan, aclrtStream stream);
ACLFFT_API aclfftResult aclfftSetStride(aclfftHandle plan, int32_t stride);
ACLFFT_API aclfftResult aclfftDestroy(aclfftHandle plan);
ACLFFT_API aclfftResult aclfftGetVersion(int *version);
ACLFFT_API aclfftResult aclfftGetProperty(aclfftLibraryPropertyType type, int *value);
ACLFFT_API const char *aclfftGetErrorString(aclfftResult result);

#ifdef __cplusplus
}
#endif

#endif
