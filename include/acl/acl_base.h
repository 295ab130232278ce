/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AscendCL base definitions: export and deprecation macros, opaque handle
 * types, aclError and the ACL_ERROR_* codes, aclDataType / aclFormat, the
 * aclDataBuffer wrapper, the aclTensorDesc tensor description, float16
 * conversion, aclDataTypeSize and aclrtGetSocName. Includes the runtime (ACL_ERROR_RT_*) and graph-engine
 * (ACL_ERROR_GE_*) error code headers.
 */
#ifndef CPUACL_ACL_ACL_BASE_H
#define CPUACL_ACL_ACL_BASE_H

#include <stddef.h>
#include <stdint.h>

#include "error_codes/ge_error_codes.h"
#include "error_codes/rt_error_codes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Export and deprecation markers
 * ---------------------------------------------------------------------- */

/* The library is built with -DFUNC_VISIBILITY -fvisibility=hidden, so only
 * declarations carrying this marker are exported. Users see it empty. */
#if defined(_MSC_VER)
#ifdef FUNC_VISIBILITY
#define ACL_FUNC_VISIBILITY _declspec(dllexport)
#else
#define ACL_FUNC_VISIBILITY
#endif
#else
#ifdef FUNC_VISIBILITY
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#else
#define ACL_FUNC_VISIBILITY
#endif
#endif

/* Deprecated functions warn on use with GCC >= 6 (clang reports itself as
 * GCC 4 and so, as with AscendCL, does not warn). */
#if defined(__GNUC__) && (__GNUC__ >= 6)
#define ACL_DEPRECATED __attribute__((deprecated))
#define ACL_DEPRECATED_MESSAGE(message) __attribute__((deprecated(message)))
#elif defined(_MSC_VER)
#define ACL_DEPRECATED __declspec(deprecated)
#define ACL_DEPRECATED_MESSAGE(message) __declspec(deprecated(message))
#else
#define ACL_DEPRECATED
#define ACL_DEPRECATED_MESSAGE(message)
#endif

/* ------------------------------------------------------------------------
 * Handles and scalar types
 *
 * In cpuacl a stream, event or context handle is a checked value (slot and
 * generation), never a pointer: stale or garbage handles are rejected with
 * ACL_ERROR_RT_INVALID_HANDLE. Do not dereference them.
 * ---------------------------------------------------------------------- */
typedef void *aclrtStream;
typedef void *aclrtEvent;
typedef void *aclrtContext;
typedef void *aclrtNotify;        /* aclrtCreateNotify */
typedef void *aclrtCntNotify;     /* not implemented by cpuacl */
typedef void *aclrtLabel;         /* a position in a model's stream (aclrtSetLabel) */
typedef void *aclrtLabelList;     /* labels aclrtSwitchLabelByIndex chooses from */
typedef void *aclrtMbuf;          /* shared buffer (core/memory/buf.c) */
typedef void *aclrtTaskGrp;       /* captured task group (aclmdlRICaptureTaskGrp*) */
typedef void *aclmdlRITask;       /* task inside a model run instance */
typedef void *aclrtAllocatorDesc; /* custom allocators: acl/acl_rt_allocator.h */
typedef void *aclrtAllocator;
typedef void *aclrtAllocatorBlock;
typedef void *aclrtAllocatorAddr;

typedef int aclError;        /* ACL_SUCCESS or one of the error codes below */
typedef uint16_t aclFloat16; /* IEEE 754 binary16 bit pattern */

/* Opaque (address, size) pair; see aclCreateDataBuffer. */
typedef struct aclDataBuffer aclDataBuffer;

/* Opaque tensor description (type, shape, format...); see aclCreateTensorDesc.
 * A plain object like aclDataBuffer, not a checked handle. */
typedef struct aclTensorDesc aclTensorDesc;

/* ------------------------------------------------------------------------
 * Error codes (static const int, as in AscendCL; they are not macros)
 * ---------------------------------------------------------------------- */
static const int ACL_ERROR_NONE = 0;
static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_INVALID_EXCEPTION_INFO = -1;

/* 100xxx / 148xxx: invalid use of the API */
static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const int ACL_ERROR_INVALID_FILE = 100003;
static const int ACL_ERROR_WRITE_FILE = 100004;
static const int ACL_ERROR_INVALID_FILE_SIZE = 100005;
static const int ACL_ERROR_PARSE_FILE = 100006;
static const int ACL_ERROR_FILE_MISSING_ATTR = 100007;
static const int ACL_ERROR_FILE_ATTR_INVALID = 100008;
static const int ACL_ERROR_INVALID_DUMP_CONFIG = 100009;
static const int ACL_ERROR_INVALID_PROFILING_CONFIG = 100010;
static const int ACL_ERROR_INVALID_MODEL_ID = 100011;
static const int ACL_ERROR_DESERIALIZE_MODEL = 100012;
static const int ACL_ERROR_PARSE_MODEL = 100013;
static const int ACL_ERROR_READ_MODEL_FAILURE = 100014;
static const int ACL_ERROR_MODEL_SIZE_INVALID = 100015;
static const int ACL_ERROR_MODEL_MISSING_ATTR = 100016;
static const int ACL_ERROR_MODEL_INPUT_NOT_MATCH = 100017;
static const int ACL_ERROR_MODEL_OUTPUT_NOT_MATCH = 100018;
static const int ACL_ERROR_MODEL_NOT_DYNAMIC = 100019;
static const int ACL_ERROR_OP_TYPE_NOT_MATCH = 100020;
static const int ACL_ERROR_OP_INPUT_NOT_MATCH = 100021;
static const int ACL_ERROR_OP_OUTPUT_NOT_MATCH = 100022;
static const int ACL_ERROR_OP_ATTR_NOT_MATCH = 100023;
static const int ACL_ERROR_OP_NOT_FOUND = 100024;
static const int ACL_ERROR_OP_LOAD_FAILED = 100025;
static const int ACL_ERROR_UNSUPPORTED_DATA_TYPE = 100026;
static const int ACL_ERROR_FORMAT_NOT_MATCH = 100027;
static const int ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED = 100028;
static const int ACL_ERROR_KERNEL_NOT_FOUND = 100029;
static const int ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED = 100030;
static const int ACL_ERROR_KERNEL_ALREADY_REGISTERED = 100031;
static const int ACL_ERROR_INVALID_QUEUE_ID = 100032;
static const int ACL_ERROR_REPEAT_SUBSCRIBE = 100033;
static const int ACL_ERROR_STREAM_NOT_SUBSCRIBE = 100034;
static const int ACL_ERROR_THREAD_NOT_SUBSCRIBE = 100035;
static const int ACL_ERROR_WAIT_CALLBACK_TIMEOUT = 100036;
static const int ACL_ERROR_REPEAT_FINALIZE = 100037;
static const int ACL_ERROR_NOT_STATIC_AIPP = 100038;
static const int ACL_ERROR_COMPILING_STUB_MODE = 100039;
static const int ACL_ERROR_GROUP_NOT_SET = 100040;
static const int ACL_ERROR_GROUP_NOT_CREATE = 100041;
static const int ACL_ERROR_PROF_ALREADY_RUN = 100042;
static const int ACL_ERROR_PROF_NOT_RUN = 100043;
static const int ACL_ERROR_DUMP_ALREADY_RUN = 100044;
static const int ACL_ERROR_DUMP_NOT_RUN = 100045;
static const int ACL_ERROR_PROF_REPEAT_SUBSCRIBE = 148046;
static const int ACL_ERROR_PROF_API_CONFLICT = 148047;
static const int ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG = 148048;
static const int ACL_ERROR_INVALID_OPP_PATH = 148049;
static const int ACL_ERROR_OP_UNSUPPORTED_DYNAMIC = 148050;
static const int ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED = 148051;
static const int ACL_ERROR_UNSUPPORTED_JPEG = 148052;
static const int ACL_ERROR_INVALID_BUNDLE_MODEL_ID = 148053;

/* 200xxx: resources and support */
static const int ACL_ERROR_BAD_ALLOC = 200000;
static const int ACL_ERROR_API_NOT_SUPPORT = 200001;
static const int ACL_ERROR_INVALID_DEVICE = 200002;
static const int ACL_ERROR_MEMORY_ADDRESS_UNALIGNED = 200003;
static const int ACL_ERROR_RESOURCE_NOT_MATCH = 200004;
static const int ACL_ERROR_INVALID_RESOURCE_HANDLE = 200005;
static const int ACL_ERROR_FEATURE_UNSUPPORTED = 200006;
static const int ACL_ERROR_PROF_MODULES_UNSUPPORTED = 200007;

/* 300xxx: storage */
static const int ACL_ERROR_STORAGE_OVER_LIMIT = 300000;

/* 500xxx: internal failures, by component */
static const int ACL_ERROR_INTERNAL_ERROR = 500000;
static const int ACL_ERROR_FAILURE = 500001;
static const int ACL_ERROR_GE_FAILURE = 500002;
static const int ACL_ERROR_RT_FAILURE = 500003;
static const int ACL_ERROR_DRV_FAILURE = 500004;
static const int ACL_ERROR_PROFILING_FAILURE = 500005;

/* ------------------------------------------------------------------------
 * Element types and tensor formats
 * ---------------------------------------------------------------------- */
typedef enum {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_STRING = 13,
    ACL_COMPLEX64 = 16,
    ACL_COMPLEX128 = 17,
    ACL_BF16 = 27,
    ACL_INT4 = 29,
    ACL_UINT1 = 30,
    ACL_COMPLEX32 = 33,
    ACL_HIFLOAT8 = 34,
    ACL_FLOAT8_E5M2 = 35,
    ACL_FLOAT8_E4M3FN = 36,
    ACL_FLOAT8_E8M0 = 37,
    ACL_FLOAT6_E3M2 = 38,
    ACL_FLOAT6_E2M3 = 39,
    ACL_FLOAT4_E2M1 = 40,
    ACL_FLOAT4_E1M2 = 41,
    ACL_HIFLOAT4 = 42,
    ACL_HIFLOAT4_SCALE = 43,
} aclDataType;

typedef enum {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_FRACTAL_Z = 4,
    ACL_FORMAT_NC1HWC0_C04 = 12,
    ACL_FORMAT_HWCN = 16,
    ACL_FORMAT_NDHWC = 27,
    ACL_FORMAT_FRACTAL_NZ = 29,
    ACL_FORMAT_NCDHW = 30,
    ACL_FORMAT_NDC1HWC0 = 32,
    ACL_FRACTAL_Z_3D = 33, /* sic: no FORMAT_ infix in AscendCL */
    ACL_FORMAT_NC = 35,
    ACL_FORMAT_NCL = 47,
    ACL_FORMAT_FRACTAL_NZ_C0_16 = 50,
    ACL_FORMAT_FRACTAL_NZ_C0_32 = 51,
    ACL_FORMAT_FRACTAL_NZ_C0_2 = 52,
    ACL_FORMAT_FRACTAL_NZ_C0_4 = 53,
    ACL_FORMAT_FRACTAL_NZ_C0_8 = 54,
} aclFormat;

typedef enum {
    ACL_DEBUG = 0,
    ACL_INFO = 1,
    ACL_WARNING = 2,
    ACL_ERROR = 3,
} aclLogLevel;

/* Where a tensor's data lives (aclSetTensorPlaceMent); both HOST kinds mean
 * host memory. */
typedef enum {
    ACL_MEMTYPE_DEVICE = 0,
    ACL_MEMTYPE_HOST = 1,
    ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT = 2,
} aclMemType;

/* ------------------------------------------------------------------------
 * Scalar helpers
 * ---------------------------------------------------------------------- */

/* binary16 -> float. Saturating like AscendCL: +Inf reads as 65536.0,
 * -Inf as -65536.0, NaN as 98304.0. */
ACL_FUNC_VISIBILITY float aclFloat16ToFloat(aclFloat16 value);

/* float -> binary16, saturating like AscendCL: NaN and +Inf give 65504.0
 * (0x7BFF), -Inf gives -65504.0 (0xFBFF). */
ACL_FUNC_VISIBILITY aclFloat16 aclFloatToFloat16(float value);

/* Size in bytes of one element of dataType. */
ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType);

/* ------------------------------------------------------------------------
 * aclDataBuffer: a descriptor for memory the caller owns
 * ---------------------------------------------------------------------- */

/* Wrap (data, size); data is not copied or freed. NULL if out of memory. */
ACL_FUNC_VISIBILITY aclDataBuffer *aclCreateDataBuffer(void *data, size_t size);

/* Free the descriptor only; the wrapped memory stays the caller's. */
ACL_FUNC_VISIBILITY aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer);

/* Point an existing descriptor at new memory (the old memory is not freed). */
ACL_FUNC_VISIBILITY aclError aclUpdateDataBuffer(aclDataBuffer *dataBuffer, void *data,
                                                 size_t size);

/* Wrapped address, NULL for a NULL descriptor. */
ACL_FUNC_VISIBILITY void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer);

/* Wrapped size truncated to 32 bits; use aclGetDataBufferSizeV2. */
ACL_DEPRECATED_MESSAGE("aclGetDataBufferSize is deprecated, use aclGetDataBufferSizeV2 instead")
ACL_FUNC_VISIBILITY uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer);

/* Wrapped size in bytes, 0 for a NULL descriptor. */
ACL_FUNC_VISIBILITY size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer);

/* ------------------------------------------------------------------------
 * aclTensorDesc: element type, shape, format and extras of a tensor
 * (docs/runtime.md, "Tensor descriptions"). A dim of -1 is unknown, a shape
 * of the single dim -2 is of unknown rank.
 * ---------------------------------------------------------------------- */
#define ACL_TENSOR_SHAPE_RANGE_NUM 2 /* [min, max] of one dim */
#define ACL_TENSOR_VALUE_RANGE_NUM 2 /* [min, max] of one value */
#define ACL_UNKNOWN_RANK 0xFFFFFFFFFFFFFFFE /* aclGetTensorDescNumDims of a -2 shape */

/* A new description of numDims dims (dims copied; NULL only when numDims is
 * 0). NULL for numDims < 0, dims NULL with numDims > 0, or out of memory. */
ACL_FUNC_VISIBILITY aclTensorDesc *aclCreateTensorDesc(aclDataType dataType, int numDims,
                                                       const int64_t *dims, aclFormat format);

/* Free a description and everything it holds; NULL is ignored. */
ACL_FUNC_VISIBILITY void aclDestroyTensorDesc(const aclTensorDesc *desc);

/* Replace the shape range: dimsCount [min, max] pairs, one per dim. */
ACL_FUNC_VISIBILITY aclError aclSetTensorShapeRange(aclTensorDesc *desc, size_t dimsCount,
                                                    int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM]);

/* Replace the value range: valueCount [min, max] pairs. */
ACL_FUNC_VISIBILITY aclError aclSetTensorValueRange(aclTensorDesc *desc, size_t valueCount,
                                                    int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM]);

/* Element type; ACL_DT_UNDEFINED for NULL. */
ACL_FUNC_VISIBILITY aclDataType aclGetTensorDescType(const aclTensorDesc *desc);

/* Format given at creation (or by aclSetTensorOriginFormat); ACL_FORMAT_UNDEFINED
 * for NULL. */
ACL_FUNC_VISIBILITY aclFormat aclGetTensorDescFormat(const aclTensorDesc *desc);

/* Element count x element size in bytes; 0 for NULL or an unknown dim. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescSize(const aclTensorDesc *desc);

/* Product of the dims (1 for no dims); 0 for NULL, an unknown dim or overflow. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescElementCount(const aclTensorDesc *desc);

/* Number of dims; ACL_UNKNOWN_RANK for a -2 shape, 0 for NULL. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescNumDims(const aclTensorDesc *desc);

/* Dim index (counted from 0); -1 for NULL or an index out of range. */
ACL_DEPRECATED_MESSAGE("aclGetTensorDescDim is deprecated, use aclGetTensorDescDimV2 instead")
ACL_FUNC_VISIBILITY int64_t aclGetTensorDescDim(const aclTensorDesc *desc, size_t index);

/* Dim index into *dimSize. */
ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimV2(const aclTensorDesc *desc, size_t index,
                                                   int64_t *dimSize);

/* Shape range of dim index into dimRange[0] (min) and dimRange[1] (max);
 * dimRangeNum is dimRange's length, at least 2. */
ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimRange(const aclTensorDesc *desc, size_t index,
                                                      size_t dimRangeNum, int64_t *dimRange);

/* Set the name (copied; NULL sets ""). */
ACL_FUNC_VISIBILITY void aclSetTensorDescName(aclTensorDesc *desc, const char *name);

/* The name, "" when unset or for NULL; valid until the next set or destroy. */
ACL_FUNC_VISIBILITY const char *aclGetTensorDescName(aclTensorDesc *desc);

/* A new description (*dstDesc, destroy it) with srcDesc's shape laid out in
 * dstFormat; srcDesc is unchanged. */
ACL_FUNC_VISIBILITY aclError aclTransTensorDescFormat(const aclTensorDesc *srcDesc,
                                                      aclFormat dstFormat, aclTensorDesc **dstDesc);

/* Set the storage format (as aclSetTensorFormat). */
ACL_DEPRECATED_MESSAGE("aclSetTensorStorageFormat is deprecated, use aclSetTensorFormat instead")
ACL_FUNC_VISIBILITY aclError aclSetTensorStorageFormat(aclTensorDesc *desc, aclFormat format);

/* Set the storage shape (as aclSetTensorShape). */
ACL_DEPRECATED_MESSAGE("aclSetTensorStorageShape is deprecated, use aclSetTensorShape instead")
ACL_FUNC_VISIBILITY aclError aclSetTensorStorageShape(aclTensorDesc *desc, int numDims,
                                                      const int64_t *dims);

/* Set the storage format, the layout of the data in memory. */
ACL_FUNC_VISIBILITY aclError aclSetTensorFormat(aclTensorDesc *desc, aclFormat format);

/* Set the storage shape (dims copied). */
ACL_FUNC_VISIBILITY aclError aclSetTensorShape(aclTensorDesc *desc, int numDims,
                                               const int64_t *dims);

/* Set the original format, the one aclGetTensorDescFormat reports. */
ACL_FUNC_VISIBILITY aclError aclSetTensorOriginFormat(aclTensorDesc *desc, aclFormat format);

/* Set the original shape, the one the dim getters report (dims copied). */
ACL_FUNC_VISIBILITY aclError aclSetTensorOriginShape(aclTensorDesc *desc, int numDims,
                                                     const int64_t *dims);

/* Element index of an array of descriptions; NULL on failure. */
ACL_FUNC_VISIBILITY aclTensorDesc *aclGetTensorDescByIndex(aclTensorDesc *desc, size_t index);

/* Address of the tensor's data where the runtime filled it in; NULL otherwise. */
ACL_FUNC_VISIBILITY void *aclGetTensorDescAddress(const aclTensorDesc *desc);

/* Name the dynamic input this tensor belongs to (copied). */
ACL_FUNC_VISIBILITY aclError aclSetTensorDynamicInput(aclTensorDesc *desc,
                                                      const char *dynamicInputName);

/* Mark the tensor constant with the value dataBuffer[0, length) (copied: the
 * caller's memory may be freed afterwards). */
ACL_FUNC_VISIBILITY aclError aclSetTensorConst(aclTensorDesc *desc, void *dataBuffer,
                                               size_t length);

/* Set where the tensor's data lives (ACL_MEMTYPE_*). */
ACL_FUNC_VISIBILITY aclError aclSetTensorPlaceMent(aclTensorDesc *desc, aclMemType memType);

/* ------------------------------------------------------------------------
 * Platform
 * ---------------------------------------------------------------------- */

/* Name of the SoC (device 0's when there are several); NULL on failure.
 * Works before aclInit in cpuacl. */
ACL_FUNC_VISIBILITY const char *aclrtGetSocName(void);

/* ==== device facts and application log (issue 15, rt5) ==== */

/* Hardware sizes aclGetDeviceCapability reports (docs/device.md). */
typedef enum {
    ACL_DEVICE_INFO_UNDEFINED = -1,
    ACL_DEVICE_INFO_AI_CORE_NUM = 0,
    ACL_DEVICE_INFO_VECTOR_CORE_NUM = 1,
    ACL_DEVICE_INFO_L2_SIZE = 2
} aclDeviceInfo;

/* Runtime parameters of aclrtSetSysParamOpt / aclrtCtxSetSysParamOpt. */
typedef enum {
    ACL_OPT_DETERMINISTIC = 0, /* 0 off, 1 deterministic, 2 strong, 3 batch consistency */
    ACL_OPT_ENABLE_DEBUG_KERNEL = 1,
    ACL_OPT_STRONG_CONSISTENCY ACL_DEPRECATED_MESSAGE(
        "ACL_OPT_STRONG_CONSISTENCY is deprecated, use ACL_OPT_DETERMINISTIC with value 2 instead") = 2,
    ACL_OPT_ENABLE_KERNEL_EARLY_START = 3
} aclSysParamOpt;

/* Write one application log line (at most 1024 bytes, longer ones end in
 * "...[truncated]") when logLevel passes ASCEND_GLOBAL_LOG_LEVEL (default ERROR):
 * to stdout with ASCEND_SLOG_PRINT_TO_STDOUT=1, else appended to
 * $ASCEND_PROCESS_LOG_PATH/plog/plog-<pid>.log (default $HOME/ascend/log). */
ACL_FUNC_VISIBILITY void aclAppLog(aclLogLevel logLevel, const char *func, const char *file,
                                   uint32_t line, const char *fmt, ...);

#define ACL_APP_LOG(level, fmt, ...) \
    aclAppLog(level, __FUNCTION__, __FILE__, __LINE__, fmt, ##__VA_ARGS__)

/* A hardware size of the device (cores of the SoC cpuacl presents, the host's
 * last-level cache as L2). */
ACL_FUNC_VISIBILITY aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo,
                                                    int64_t *value);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACL_ACL_BASE_H */
