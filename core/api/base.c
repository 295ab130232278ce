/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of acl/acl_base.h: data buffers, type sizes, float16
 * conversions, the recent-error calls (aclGetRecentErrMsg, aclrtGetLastError,
 * aclrtPeekAtLastError) and the application log (aclAppLog); with them the
 * fault-injection knobs of cpuacl/cpuacl_test.h. Calls the runtime room
 * (core/runtime/base.h, fault.h, runtime.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/runtime/base.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
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
