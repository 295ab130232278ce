/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of acl/acl_base.h: data buffers, tensor descriptions, type
 * sizes, float16 conversions, the recent-error calls (aclGetRecentErrMsg, aclrtGetLastError,
 * aclrtPeekAtLastError) and the application log (aclAppLog); with them the
 * fault-injection knobs of cpuacl/cpuacl_test.h. Calls the runtime room
 * (core/runtime/base.h, fault.h, runtime.h, tensor_desc.h).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/runtime/base.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/runtime/tensor_desc.h"
#include "cpuacl/cpuacl_test.h"

/* ---- data buffers -------------------------------------------------------- */

aclDataBuffer *aclCreateDataBuffer(void *data, size_t size)
{
    aclDataBuffer *b = core_databuf_new(data, size);
    if (!b)
        core_err(ACL_ERROR_BAD_ALLOC, "aclCreateDataBuffer: out of memory");
    return b;
}

aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer)
{
    if (!dataBuffer)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclDestroyDataBuffer: NULL buffer");
    core_databuf_free(dataBuffer);
    return ACL_SUCCESS;
}

aclError aclUpdateDataBuffer(aclDataBuffer *dataBuffer, void *data, size_t size)
{
    if (!dataBuffer)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclUpdateDataBuffer: NULL buffer");
    core_databuf_set(dataBuffer, data, size);
    return ACL_SUCCESS;
}

void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? core_databuf_addr(dataBuffer) : NULL;
}

uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? (uint32_t)core_databuf_size(dataBuffer) : 0;
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? core_databuf_size(dataBuffer) : 0;
}

/* ---- tensor descriptions ---------------------------------------------------
 * Plain objects (core/runtime/tensor_desc.h): a NULL description is
 * ACL_ERROR_INVALID_PARAM, a destroyed one the caller's bug. No aclInit needed. */

/* For the calls that return a value, not a code: whether desc is NULL (recorded). */
static bool no_desc(const void *desc, const char *fn)
{
    if (!desc)
        core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL tensor description", fn);
    return !desc;
}

/* NULL desc: ACL_ERROR_INVALID_PARAM, recorded naming fn. */
#define TDESC_REQUIRE(desc, fn)                                                                    \
    do {                                                                                           \
        if (no_desc(desc, fn))                                                                     \
            return ACL_ERROR_INVALID_PARAM;                                                        \
    } while (0)

/* The shape arguments of the create and set-shape calls. */
static aclError shape_check(int numDims, const int64_t *dims, bool dims_required, const char *fn)
{
    if (numDims < 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: numDims %d is negative", fn, numDims);
    if (!dims && (numDims > 0 || dims_required))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: dims is NULL (numDims %d)", fn, numDims);
    return ACL_SUCCESS;
}

aclTensorDesc *aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t *dims,
                                   aclFormat format)
{
    if (shape_check(numDims, dims, false, "aclCreateTensorDesc") != ACL_SUCCESS)
        return NULL;
    aclTensorDesc *d = core_tdesc_new(dataType, (size_t)numDims, dims, format);
    if (!d)
        core_err(ACL_ERROR_BAD_ALLOC, "aclCreateTensorDesc: out of memory (%d dims)", numDims);
    return d;
}

void aclDestroyTensorDesc(const aclTensorDesc *desc)
{
    if (no_desc(desc, "aclDestroyTensorDesc"))
        return;
    core_tdesc_free(desc);
}

/* The two range setters: the shape range (values false) or the value range. */
static aclError set_range(aclTensorDesc *desc, bool values, size_t count, int64_t (*range)[2],
                          const char *fn)
{
    TDESC_REQUIRE(desc, fn);
    if (count && !range)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL (%zu pairs)", fn,
                        values ? "valueRange" : "dimsRange", count);
    return core_tdesc_set_range(desc, values, count, (const int64_t(*)[2])range, fn);
}

aclError aclSetTensorShapeRange(aclTensorDesc *desc, size_t dimsCount,
                                int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM])
{
    return set_range(desc, false, dimsCount, dimsRange, "aclSetTensorShapeRange");
}

aclError aclSetTensorValueRange(aclTensorDesc *desc, size_t valueCount,
                                int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM])
{
    return set_range(desc, true, valueCount, valueRange, "aclSetTensorValueRange");
}

aclDataType aclGetTensorDescType(const aclTensorDesc *desc)
{
    if (no_desc(desc, "aclGetTensorDescType"))
        return ACL_DT_UNDEFINED;
    return core_tdesc_type(desc);
}

aclFormat aclGetTensorDescFormat(const aclTensorDesc *desc)
{
    if (no_desc(desc, "aclGetTensorDescFormat"))
        return ACL_FORMAT_UNDEFINED;
    return core_tdesc_format(desc);
}

size_t aclGetTensorDescSize(const aclTensorDesc *desc)
{
    if (no_desc(desc, "aclGetTensorDescSize"))
        return 0;
    return core_tdesc_bytes(desc);
}

size_t aclGetTensorDescElementCount(const aclTensorDesc *desc)
{
    if (no_desc(desc, "aclGetTensorDescElementCount"))
        return 0;
    return core_tdesc_elements(desc);
}

size_t aclGetTensorDescNumDims(const aclTensorDesc *desc)
{
    if (no_desc(desc, "aclGetTensorDescNumDims"))
        return 0;
    return core_tdesc_num_dims(desc);
}

/* A dim index of desc, for the two dim getters. */
static aclError dim_check(const aclTensorDesc *desc, size_t index, const char *fn)
{
    TDESC_REQUIRE(desc, fn);
    if (index >= core_tdesc_rank(desc))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: index %zu out of range (%zu dims)", fn, index,
                        core_tdesc_rank(desc));
    return ACL_SUCCESS;
}

int64_t aclGetTensorDescDim(const aclTensorDesc *desc, size_t index)
{
    if (dim_check(desc, index, "aclGetTensorDescDim") != ACL_SUCCESS)
        return -1;
    return core_tdesc_dim(desc, index);
}

aclError aclGetTensorDescDimV2(const aclTensorDesc *desc, size_t index, int64_t *dimSize)
{
    TDESC_REQUIRE(desc, "aclGetTensorDescDimV2");
    if (!dimSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDimV2: dimSize is NULL");
    aclError ret = dim_check(desc, index, "aclGetTensorDescDimV2");
    if (ret == ACL_SUCCESS)
        *dimSize = core_tdesc_dim(desc, index);
    return ret;
}

aclError aclGetTensorDescDimRange(const aclTensorDesc *desc, size_t index, size_t dimRangeNum,
                                  int64_t *dimRange)
{
    TDESC_REQUIRE(desc, "aclGetTensorDescDimRange");
    if (!dimRange)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDimRange: dimRange is NULL");
    if (index >= core_tdesc_range_count(desc))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclGetTensorDescDimRange: index %zu out of range (%zu dim ranges set)",
                        index, core_tdesc_range_count(desc));
    if (dimRangeNum < ACL_TENSOR_SHAPE_RANGE_NUM)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclGetTensorDescDimRange: dimRangeNum %zu is less than 2", dimRangeNum);
    core_tdesc_range(desc, index, dimRange);
    return ACL_SUCCESS;
}

void aclSetTensorDescName(aclTensorDesc *desc, const char *name)
{
    if (no_desc(desc, "aclSetTensorDescName"))
        return;
    (void)core_tdesc_set_name(desc, false, name, "aclSetTensorDescName");
}

const char *aclGetTensorDescName(aclTensorDesc *desc)
{
    if (no_desc(desc, "aclGetTensorDescName"))
        return "";
    return core_tdesc_name(desc);
}

aclError aclTransTensorDescFormat(const aclTensorDesc *srcDesc, aclFormat dstFormat,
                                  aclTensorDesc **dstDesc)
{
    TDESC_REQUIRE(srcDesc, "aclTransTensorDescFormat");
    if (!dstDesc)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclTransTensorDescFormat: dstDesc is NULL");
    return core_tdesc_trans_format(srcDesc, dstFormat, dstDesc, "aclTransTensorDescFormat");
}

/* The four format setters: storage (the layout in memory) or original. */
static aclError set_format(aclTensorDesc *desc, bool storage, aclFormat format, const char *fn)
{
    TDESC_REQUIRE(desc, fn);
    core_tdesc_set_format(desc, storage, format);
    return ACL_SUCCESS;
}

/* The four shape setters: storage or original shape. */
static aclError set_shape(aclTensorDesc *desc, bool storage, int numDims, const int64_t *dims,
                          const char *fn)
{
    TDESC_REQUIRE(desc, fn);
    aclError ret = shape_check(numDims, dims, true, fn);
    if (ret != ACL_SUCCESS)
        return ret;
    return core_tdesc_set_dims(desc, storage, (size_t)numDims, dims, fn);
}

aclError aclSetTensorStorageFormat(aclTensorDesc *desc, aclFormat format)
{
    return set_format(desc, true, format, "aclSetTensorStorageFormat");
}

aclError aclSetTensorStorageShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape(desc, true, numDims, dims, "aclSetTensorStorageShape");
}

aclError aclSetTensorFormat(aclTensorDesc *desc, aclFormat format)
{
    return set_format(desc, true, format, "aclSetTensorFormat");
}

aclError aclSetTensorShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape(desc, true, numDims, dims, "aclSetTensorShape");
}

aclError aclSetTensorOriginFormat(aclTensorDesc *desc, aclFormat format)
{
    return set_format(desc, false, format, "aclSetTensorOriginFormat");
}

aclError aclSetTensorOriginShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape(desc, false, numDims, dims, "aclSetTensorOriginShape");
}

aclTensorDesc *aclGetTensorDescByIndex(aclTensorDesc *desc, size_t index)
{
    if (no_desc(desc, "aclGetTensorDescByIndex"))
        return NULL;
    aclTensorDesc *d = core_tdesc_at(desc, index);
    if (!d)
        core_err(ACL_ERROR_INVALID_PARAM,
                 "aclGetTensorDescByIndex: index %zu is past the end of the description's array",
                 index);
    return d;
}

void *aclGetTensorDescAddress(const aclTensorDesc *desc)
{
    if (no_desc(desc, "aclGetTensorDescAddress"))
        return NULL;
    return core_tdesc_address(desc);
}

aclError aclSetTensorDynamicInput(aclTensorDesc *desc, const char *dynamicInputName)
{
    TDESC_REQUIRE(desc, "aclSetTensorDynamicInput");
    if (!dynamicInputName)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclSetTensorDynamicInput: dynamicInputName is NULL");
    return core_tdesc_set_name(desc, true, dynamicInputName, "aclSetTensorDynamicInput");
}

aclError aclSetTensorConst(aclTensorDesc *desc, void *dataBuffer, size_t length)
{
    TDESC_REQUIRE(desc, "aclSetTensorConst");
    if (!dataBuffer)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclSetTensorConst: dataBuffer is NULL");
    if (!length)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclSetTensorConst: length is 0");
    return core_tdesc_set_const(desc, dataBuffer, length, "aclSetTensorConst");
}

aclError aclSetTensorPlaceMent(aclTensorDesc *desc, aclMemType memType)
{
    TDESC_REQUIRE(desc, "aclSetTensorPlaceMent");
    if ((int)memType < ACL_MEMTYPE_DEVICE || (int)memType > ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclSetTensorPlaceMent: unknown memType %d",
                        (int)memType);
    core_tdesc_set_placement(desc, memType);
    return ACL_SUCCESS;
}

/* ---- types ----------------------------------------------------------------- */

size_t aclDataTypeSize(aclDataType dataType)
{
    return core_dtype_size(dataType);
}

float aclFloat16ToFloat(aclFloat16 value)
{
    return core_f16_to_float(value);
}

aclFloat16 aclFloatToFloat16(float value)
{
    return core_float_to_f16(value);
}

/* ---- recent errors ---------------------------------------------------------- */

const char *aclGetRecentErrMsg(void)
{
    return core_err_recent();
}

aclError aclrtGetLastError(aclrtLastErrLevel level)
{
    if (level != ACL_RT_THREAD_LEVEL)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetLastError: unknown level %d", (int)level);
    return core_err_last(true);
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel level)
{
    if (level != ACL_RT_THREAD_LEVEL)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtPeekAtLastError: unknown level %d",
                        (int)level);
    return core_err_last(false);
}

/* ---- application log -------------------------------------------------------- */

void aclAppLog(aclLogLevel logLevel, const char *func, const char *file, uint32_t line,
               const char *fmt, ...)
{
    if ((int)logLevel < ACL_DEBUG || (int)logLevel > ACL_ERROR || !fmt)
        return;
    va_list ap;
    va_start(ap, fmt);
    core_app_log(logLevel, func, file, line, fmt, ap);
    va_end(ap);
}

/* ---- fault injection (cpuacl/cpuacl_test.h) ------------------------------- */

void cpuaclTestFailAlloc(int64_t nth)
{
    core_fault_arm(nth);
}

uint64_t cpuaclTestAllocCount(uint64_t *fired)
{
    return core_fault_counts(fired);
}
