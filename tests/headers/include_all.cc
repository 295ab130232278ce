// SPDX-License-Identifier: Apache-2.0
//
// Compile-only check (ctest headers_include_all_cxx): the public headers
// together in one C++17 unit, built with -DFUNC_VISIBILITY as the library is.
// Pins the `static const` error codes (constant expressions only in C++) and
// every declared signature against shared/reference/acl_api.md (section 2)
// and the AscendCL headers. Never linked or run.
#include "acl/acl.h"
#include "cpuacl/cpuacl.h"

#include <type_traits>

#define SIG(fn, ...) static_assert(std::is_same<decltype(&fn), __VA_ARGS__>::value, #fn)

// ---- Error codes: static const int / uint32_t ---------------------------
static_assert(std::is_same<decltype(ACL_SUCCESS), const int>::value,
              "ACL_SUCCESS is static const int");
static_assert(ACL_SUCCESS == 0 && ACL_ERROR_NONE == 0, "success");
static_assert(ACL_ERROR_INVALID_PARAM == 100000 && ACL_ERROR_UNINITIALIZE == 100001, "1000xx");
static_assert(ACL_ERROR_REPEAT_INITIALIZE == 100002 && ACL_ERROR_INVALID_FILE == 100003, "1000xx");
static_assert(ACL_ERROR_PARSE_FILE == 100006 && ACL_ERROR_FILE_ATTR_INVALID == 100008, "1000xx");
static_assert(ACL_ERROR_REPEAT_SUBSCRIBE == 100033 && ACL_ERROR_STREAM_NOT_SUBSCRIBE == 100034,
              "1000xx");
static_assert(ACL_ERROR_THREAD_NOT_SUBSCRIBE == 100035 && ACL_ERROR_WAIT_CALLBACK_TIMEOUT == 100036,
              "1000xx");
static_assert(ACL_ERROR_REPEAT_FINALIZE == 100037, "100037");
static_assert(ACL_ERROR_BAD_ALLOC == 200000 && ACL_ERROR_API_NOT_SUPPORT == 200001, "2000xx");
static_assert(ACL_ERROR_INVALID_DEVICE == 200002 && ACL_ERROR_MEMORY_ADDRESS_UNALIGNED == 200003,
              "2000xx");
static_assert(ACL_ERROR_RESOURCE_NOT_MATCH == 200004 && ACL_ERROR_INVALID_RESOURCE_HANDLE == 200005,
              "2000xx");
static_assert(ACL_ERROR_FEATURE_UNSUPPORTED == 200006 && ACL_ERROR_STORAGE_OVER_LIMIT == 300000,
              "xx");
static_assert(ACL_ERROR_INTERNAL_ERROR == 500000 && ACL_ERROR_FAILURE == 500001, "5000xx");
static_assert(ACL_ERROR_GE_FAILURE == 500002 && ACL_ERROR_RT_FAILURE == 500003, "5000xx");
static_assert(ACL_ERROR_DRV_FAILURE == 500004 && ACL_ERROR_PROFILING_FAILURE == 500005, "5000xx");
static_assert(std::is_same<decltype(ACL_ERROR_GE_PARAM_INVALID), const uint32_t>::value,
              "GE codes");
static_assert(ACL_ERROR_GE_PARAM_INVALID == 145000U && ACL_ERROR_GE_INTERNAL_ERROR == 545000U,
              "GE");

// ---- 2.1 Init / version / errors -----------------------------------------
SIG(aclInit, aclError (*)(const char *));
SIG(aclFinalize, aclError (*)());
SIG(aclFinalizeReference, aclError (*)(uint64_t *));
SIG(aclGetRecentErrMsg, const char *(*)());
SIG(aclrtGetSocName, const char *(*)());
SIG(aclsysGetVersionStr, aclError (*)(char *, char *));
SIG(aclsysGetVersionNum, aclError (*)(char *, int32_t *));
SIG(aclrtGetLastError, aclError (*)(aclrtLastErrLevel));
SIG(aclrtPeekAtLastError, aclError (*)(aclrtLastErrLevel));

// ---- 2.2 Device / context ------------------------------------------------
SIG(aclrtSetDevice, aclError (*)(int32_t));
SIG(aclrtResetDevice, aclError (*)(int32_t));
SIG(aclrtResetDeviceForce, aclError (*)(int32_t));
SIG(aclrtGetDevice, aclError (*)(int32_t *));
SIG(aclrtGetDeviceCount, aclError (*)(uint32_t *));
SIG(aclrtGetRunMode, aclError (*)(aclrtRunMode *));
SIG(aclrtSynchronizeDevice, aclError (*)());
SIG(aclrtSynchronizeDeviceWithTimeout, aclError (*)(int32_t));
SIG(aclrtCreateContext, aclError (*)(aclrtContext *, int32_t));
SIG(aclrtDestroyContext, aclError (*)(aclrtContext));
SIG(aclrtSetCurrentContext, aclError (*)(aclrtContext));
SIG(aclrtGetCurrentContext, aclError (*)(aclrtContext *));
SIG(aclrtCtxGetCurrentDefaultStream, aclError (*)(aclrtStream *));
SIG(aclrtDeviceCanAccessPeer, aclError (*)(int32_t *, int32_t, int32_t));
SIG(aclrtDeviceEnablePeerAccess, aclError (*)(int32_t, uint32_t));
SIG(aclrtDeviceDisablePeerAccess, aclError (*)(int32_t));
SIG(aclrtGetMemInfo, aclError (*)(aclrtMemAttr, size_t *, size_t *));

// ---- 2.3 Stream ----------------------------------------------------------
SIG(aclrtCreateStream, aclError (*)(aclrtStream *));
SIG(aclrtCreateStreamWithConfig, aclError (*)(aclrtStream *, uint32_t, uint32_t));
SIG(aclrtDestroyStream, aclError (*)(aclrtStream));
SIG(aclrtDestroyStreamForce, aclError (*)(aclrtStream));
SIG(aclrtSynchronizeStream, aclError (*)(aclrtStream));
SIG(aclrtSynchronizeStreamWithTimeout, aclError (*)(aclrtStream, int32_t));
SIG(aclrtStreamQuery, aclError (*)(aclrtStream, aclrtStreamStatus *));
SIG(aclrtStreamWaitEvent, aclError (*)(aclrtStream, aclrtEvent));
SIG(aclrtStreamWaitEventWithTimeout, aclError (*)(aclrtStream, aclrtEvent, int32_t));
SIG(aclrtStreamWaitEventWithFlag, aclError (*)(aclrtStream, aclrtEvent, uint32_t, uint32_t));
SIG(aclrtSetStreamFailureMode, aclError (*)(aclrtStream, uint64_t));
SIG(aclrtStreamGetPriority, aclError (*)(aclrtStream, uint32_t *));
SIG(aclrtStreamGetFlags, aclError (*)(aclrtStream, uint32_t *));
SIG(aclrtGetStreamAvailableNum, aclError (*)(uint32_t *));

// ---- 2.4 Event -----------------------------------------------------------
SIG(aclrtCreateEvent, aclError (*)(aclrtEvent *));
SIG(aclrtCreateEventWithFlag, aclError (*)(aclrtEvent *, uint32_t));
SIG(aclrtCreateEventExWithFlag, aclError (*)(aclrtEvent *, uint32_t));
SIG(aclrtDestroyEvent, aclError (*)(aclrtEvent));
SIG(aclrtRecordEvent, aclError (*)(aclrtEvent, aclrtStream));
SIG(aclrtRecordEventWithFlag, aclError (*)(aclrtEvent, aclrtStream, uint32_t));
SIG(aclrtResetEvent, aclError (*)(aclrtEvent, aclrtStream));
SIG(aclrtQueryEventStatus, aclError (*)(aclrtEvent, aclrtEventRecordedStatus *));
SIG(aclrtQueryEventWaitStatus, aclError (*)(aclrtEvent, aclrtEventWaitStatus *));
SIG(aclrtSynchronizeEvent, aclError (*)(aclrtEvent));
SIG(aclrtSynchronizeEventWithTimeout, aclError (*)(aclrtEvent, int32_t));
SIG(aclrtEventElapsedTime, aclError (*)(float *, aclrtEvent, aclrtEvent));

// ---- 2.5 Memory ----------------------------------------------------------
SIG(aclrtMalloc, aclError (*)(void **, size_t, aclrtMemMallocPolicy));
SIG(aclrtMallocAlign32, aclError (*)(void **, size_t, aclrtMemMallocPolicy));
SIG(aclrtMallocCached, aclError (*)(void **, size_t, aclrtMemMallocPolicy));
SIG(aclrtFree, aclError (*)(void *));
SIG(aclrtMallocHost, aclError (*)(void **, size_t));
SIG(aclrtFreeHost, aclError (*)(void *));
SIG(aclrtMemcpy, aclError (*)(void *, size_t, const void *, size_t, aclrtMemcpyKind));
SIG(aclrtMemcpyAsync,
    aclError (*)(void *, size_t, const void *, size_t, aclrtMemcpyKind, aclrtStream));
SIG(aclrtMemset, aclError (*)(void *, size_t, int32_t, size_t));
SIG(aclrtMemsetAsync, aclError (*)(void *, size_t, int32_t, size_t, aclrtStream));
SIG(aclrtMemcpy2d,
    aclError (*)(void *, size_t, const void *, size_t, size_t, size_t, aclrtMemcpyKind));
SIG(aclrtMemcpy2dAsync, aclError (*)(void *, size_t, const void *, size_t, size_t, size_t,
                                     aclrtMemcpyKind, aclrtStream));

// ---- 2.6 Host callbacks --------------------------------------------------
SIG(aclrtSubscribeReport, aclError (*)(uint64_t, aclrtStream));
SIG(aclrtLaunchCallback, aclError (*)(aclrtCallback, void *, aclrtCallbackBlockType, aclrtStream));
SIG(aclrtProcessReport, aclError (*)(int32_t));
SIG(aclrtUnSubscribeReport, aclError (*)(uint64_t, aclrtStream));
SIG(aclrtLaunchHostFunc, aclError (*)(aclrtStream, aclrtHostFunc, void *));
static_assert(std::is_same<aclrtCallback, void (*)(void *)>::value, "aclrtCallback");
static_assert(std::is_same<aclrtHostFunc, void (*)(void *)>::value, "aclrtHostFunc");

// ---- 2.7 Model run instances ---------------------------------------------
SIG(aclmdlRICaptureBegin, aclError (*)(aclrtStream, aclmdlRICaptureMode));
SIG(aclmdlRICaptureGetInfo, aclError (*)(aclrtStream, aclmdlRICaptureStatus *, aclmdlRI *));
SIG(aclmdlRICaptureEnd, aclError (*)(aclrtStream, aclmdlRI *));
SIG(aclmdlRICaptureThreadExchangeMode, aclError (*)(aclmdlRICaptureMode *));
SIG(aclmdlRIExecuteAsync, aclError (*)(aclmdlRI, aclrtStream));
SIG(aclmdlRIExecute, aclError (*)(aclmdlRI, int32_t));
SIG(aclmdlRIDestroy, aclError (*)(aclmdlRI));
SIG(aclmdlRICaptureTaskGrpBegin, aclError (*)(aclrtStream));
SIG(aclmdlRICaptureTaskGrpEnd, aclError (*)(aclrtStream, aclrtTaskGrp *));
SIG(aclmdlRICaptureTaskUpdateBegin, aclError (*)(aclrtStream, aclrtTaskGrp));
SIG(aclmdlRICaptureTaskUpdateEnd, aclError (*)(aclrtStream));
SIG(aclmdlRICaptureToModelRIBegin, aclError (*)(aclrtStream, aclmdlRI, aclmdlRICaptureMode));
SIG(aclmdlRIDebugJsonPrint, aclError (*)(aclmdlRI, const char *, uint32_t));
SIG(aclmdlRIBuildBegin, aclError (*)(aclmdlRI *, uint32_t));
SIG(aclmdlRIBindStream, aclError (*)(aclmdlRI, aclrtStream, uint32_t));
SIG(aclmdlRIEndTask, aclError (*)(aclmdlRI, aclrtStream));
SIG(aclmdlRIBuildEnd, aclError (*)(aclmdlRI, void *));
SIG(aclmdlRIUnbindStream, aclError (*)(aclmdlRI, aclrtStream));
SIG(aclmdlRIGetStreams, aclError (*)(aclmdlRI, aclrtStream *, uint32_t *));
SIG(aclmdlRIGetTasksByStream, aclError (*)(aclrtStream, aclmdlRITask *, uint32_t *));
SIG(aclmdlRIUpdate, aclError (*)(aclmdlRI));
SIG(aclmdlRIAbort, aclError (*)(aclmdlRI));
SIG(aclmdlRIGetId, aclError (*)(aclmdlRI, uint32_t *));
SIG(aclmdlRISetName, aclError (*)(aclmdlRI, const char *));
SIG(aclmdlRIGetName, aclError (*)(aclmdlRI, uint32_t, char *));

// ---- Base helpers --------------------------------------------------------
SIG(aclFloat16ToFloat, float (*)(aclFloat16));
SIG(aclFloatToFloat16, aclFloat16 (*)(float));
SIG(aclDataTypeSize, size_t (*)(aclDataType));
SIG(aclCreateDataBuffer, aclDataBuffer *(*)(void *, size_t));
SIG(aclDestroyDataBuffer, aclError (*)(const aclDataBuffer *));
SIG(aclUpdateDataBuffer, aclError (*)(aclDataBuffer *, void *, size_t));
SIG(aclGetDataBufferAddr, void *(*)(const aclDataBuffer *));
SIG(aclGetDataBufferSizeV2, size_t (*)(const aclDataBuffer *));

// ---- cpuacl extensions ---------------------------------------------------
SIG(cpuaclLaunchKernel, aclError (*)(aclrtStream, cpuaclKernel, void *));
SIG(cpuaclLaunchKernelArgs, aclError (*)(aclrtStream, cpuaclKernel, const void *, size_t));
SIG(cpuaclGetWorkerCount, aclError (*)(int32_t, uint32_t *));
SIG(cpuaclGetWorkerStats, aclError (*)(int32_t, uint32_t, cpuaclWorkerStats *));
SIG(cpuaclStreamGetWorker, aclError (*)(aclrtStream, uint32_t *));
