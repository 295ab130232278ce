/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of host code in stream order (acl_rt.h: host functions, callbacks and the
 * report subscriptions, aclrtLaunchCallback, aclrtSubscribeReport / aclrtProcessReport and
 * their host-function kind; cpuacl/cpuacl.h: the cpuacl kernel launches). Each call checks
 * its arguments, records errors and calls the object layer: core/host/ (hostfn.h),
 * core/stream/ (stream resolution, inline), core/runtime/ (init) and core/launch.h.
 * Launches are the hottest path: cpuaclLaunchKernel and cpuaclLaunchKernelArgs are one tail
 * call each, their checks on the object's slow path (core/host/hostfn.c).
 */
#include "core/err.h"
#include "core/host/hostfn.h"
#include "core/launch.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "cpuacl/cpuacl.h"

/* ---- cpuacl kernels and host functions ---------------------------------- */

aclError cpuaclLaunchKernel(aclrtStream stream, cpuaclKernel fn, void *args)
{
    return core_host_launch_kernel(stream, fn, args);
}

aclError cpuaclLaunchKernelArgs(aclrtStream stream, cpuaclKernel fn, const void *args,
                                size_t argsSize)
{
    return core_host_launch_kernel_args(stream, fn, args, argsSize);
}

aclError cpuaclLaunchKernelOwned(aclrtStream stream, cpuaclKernel fn, void *args,
                                 cpuaclRelease release)
{
    if (!fn)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "cpuaclLaunchKernelOwned: kernel function is NULL");
    return core_launch_owned(stream, (core_kernel_fn)fn, args, (core_release_fn)release,
                             "cpuaclLaunchKernelOwned");
}

aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void *args)
{
    if (!fn)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtLaunchHostFunc: fn is NULL");
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, "aclrtLaunchHostFunc");
    if (__builtin_expect(rc != ACL_SUCCESS, 0))
        return rc;
    return core_host_func_launch(s, tag, fn, args, "aclrtLaunchHostFunc");
}

/* ---- callbacks and report queues ---------------------------------------- */

aclError aclrtLaunchCallback(aclrtCallback fn, void *userData, aclrtCallbackBlockType blockType,
                             aclrtStream stream)
{
    if (!fn)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtLaunchCallback: fn is NULL");
    if (blockType != ACL_CALLBACK_BLOCK && blockType != ACL_CALLBACK_NO_BLOCK)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtLaunchCallback: unknown block type %d",
                        (int)blockType);
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, "aclrtLaunchCallback");
    if (rc)
        return rc;
    if (core_stream_capturing(s))
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtLaunchCallback: callbacks cannot be captured into a model");
    return core_report_callback(s, tag, fn, userData, blockType, "aclrtLaunchCallback");
}

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream)
{
    return core_report_subscription(threadId, stream, CORE_REPORT_CB, true, "aclrtSubscribeReport");
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream)
{
    return core_report_subscription(threadId, stream, CORE_REPORT_CB, false,
                                    "aclrtUnSubscribeReport");
}

aclError aclrtSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream)
{
    return core_report_subscription(hostFuncThreadId, exeStream, CORE_REPORT_HOSTFN, true,
                                    "aclrtSubscribeHostFunc");
}

aclError aclrtUnSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream)
{
    return core_report_subscription(hostFuncThreadId, exeStream, CORE_REPORT_HOSTFN, false,
                                    "aclrtUnSubscribeHostFunc");
}

/* The processing calls: the runtime initialised, timeout -1 or > 0 ms. */
static aclError process(int32_t timeout, enum core_report_kind kind, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (timeout != -1 && timeout <= 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: timeout %d is invalid (-1 or > 0 ms)", fn,
                        (int)timeout);
    return core_report_process(timeout, kind, fn);
}

aclError aclrtProcessReport(int32_t timeout)
{
    return process(timeout, CORE_REPORT_CB, "aclrtProcessReport");
}

aclError aclrtProcessHostFunc(int32_t timeout)
{
    return process(timeout, CORE_REPORT_HOSTFN, "aclrtProcessHostFunc");
}
