/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of the stream calls (acl_rt.h: streams, stream attributes, stream state
 * callbacks, core-count limits of streams and threads; the current context's default
 * stream; cpuaclStreamGetWorker of cpuacl/cpuacl.h; device synchronisation and task
 * abort are device calls, in core/api/device.c). Each call checks its arguments, records
 * errors and calls the object layer: core/stream/ (stream.h), core/device/ (contexts,
 * device and limit-type checks) and core/runtime/ (init, timeouts, allocation).
 * Synchronisation is a hot path: a stream resolve (inline) and one call.
 */
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/err.h"
#include "core/model/model.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "cpuacl/cpuacl.h"

/* The start of the calls that answer for the current context: the runtime initialised,
 * the output (named what) not NULL, a current context (else 107002 with the text nocx). */
static aclError current_ctx(const void *out, const char *what, const char *nocx,
                            struct core_ctx **c, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (!out)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
    *c = core_ctx_current();
    if (!*c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: %s", fn, nocx);
    return ACL_SUCCESS;
}

/* The start of the calls on an explicit stream: the runtime initialised, the stream not
 * NULL (else 100000 with the text nullmsg), then resolved. */
static aclError explicit_stream(aclrtStream stream, const char *nullmsg, struct core_stream **s,
                                const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, nullmsg);
    return core_stream_resolve(stream, s, fn);
}

/* ---- streams ------------------------------------------------------------ */

static aclError create_stream(aclrtStream *stream, uint32_t prio, uint32_t flags, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: stream is NULL", fn);
    return core_stream_create(stream, prio, flags, fn);
}

aclError aclrtCreateStream(aclrtStream *stream)
{
    return create_stream(stream, 0, 0, "aclrtCreateStream");
}

aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t priority, uint32_t flag)
{
    return create_stream(stream, priority, flag, "aclrtCreateStreamWithConfig");
}

static aclError destroy_stream(aclrtStream stream, bool force, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the default stream (NULL) cannot be destroyed", fn);
    return core_stream_destroy(stream, force, fn);
}

aclError aclrtDestroyStream(aclrtStream stream)
{
    return destroy_stream(stream, false, "aclrtDestroyStream");
}

aclError aclrtDestroyStreamForce(aclrtStream stream)
{
    return destroy_stream(stream, true, "aclrtDestroyStreamForce");
}

aclError aclrtSynchronizeStream(aclrtStream stream)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, "aclrtSynchronizeStream");
    if (rc)
        return rc;
    return core_stream_sync_tag(s, tag, 0, "aclrtSynchronizeStream");
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout)
{
    struct core_stream *s = NULL;
    uint64_t deadline = 0, tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, "aclrtSynchronizeStreamWithTimeout");
    if (rc == ACL_SUCCESS)
        rc = core_timeout(timeout, &deadline, "aclrtSynchronizeStreamWithTimeout");
    if (rc)
        return rc;
    return core_stream_sync_tag(s, tag, deadline, "aclrtSynchronizeStreamWithTimeout");
}

/* A getter's arguments: the stream resolved, then its output pointer (what)
 * not NULL. */
static aclError stream_and_out(aclrtStream stream, const void *out, const char *what,
                               struct core_stream **s, const char *fn)
{
    aclError rc = core_stream_resolve(stream, s, fn);
    if (rc == ACL_SUCCESS && !out)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
    return rc;
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status)
{
    struct core_stream *s = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, "aclrtStreamQuery");
    if (rc == ACL_SUCCESS && !status)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "aclrtStreamQuery: status is NULL");
    if (rc)
        return rc;
    return core_stream_query(s, tag, status, "aclrtStreamQuery");
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode)
{
    return core_stream_set_failure_mode(stream, mode, "aclrtSetStreamFailureMode");
}

/* A uint32_t field of a stream, for the getters below. */
static aclError stream_u32(aclrtStream stream, uint32_t *out, const char *what, size_t field,
                           const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = stream_and_out(stream, out, what, &s, fn);
    if (rc == ACL_SUCCESS)
        memcpy(out, (const char *)s + field, sizeof(*out));
    return rc;
}

aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t *priority)
{
    return stream_u32(stream, priority, "priority", offsetof(struct core_stream, priority),
                      "aclrtStreamGetPriority");
}

aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t *flags)
{
    return stream_u32(stream, flags, "flags", offsetof(struct core_stream, flags),
                      "aclrtStreamGetFlags");
}

aclError aclrtGetStreamAvailableNum(uint32_t *streamCount)
{
    struct core_ctx *c;
    aclError rc = current_ctx(streamCount, "streamCount", "the thread has no current context", &c,
                              "aclrtGetStreamAvailableNum");
    if (rc == ACL_SUCCESS)
        *streamCount = core_stream_available(c);
    return rc;
}

aclError cpuaclStreamGetWorker(aclrtStream stream, uint32_t *index)
{
    struct core_stream *s = NULL;
    aclError rc = stream_and_out(stream, index, "index", &s, "cpuaclStreamGetWorker");
    if (rc == ACL_SUCCESS)
        *index = core_stream_worker(s);
    return rc;
}

/* ---- stream ids, configuration handles, abort --------------------------- */

aclError aclrtStreamGetId(aclrtStream stream, int32_t *streamId)
{
    CORE_REQUIRE_INIT();
    if (!streamId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtStreamGetId: streamId is NULL");
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, "aclrtStreamGetId");
    if (rc)
        return rc;
    *streamId = (int32_t)s->s.trace_id;
    return ACL_SUCCESS;
}

aclrtStreamConfigHandle *aclrtCreateStreamConfigHandle(void)
{
    /* Zeroed: priority 0, flag 0, no work memory (aclrtCreateStream's defaults). */
    return core_calloc(1, sizeof(aclrtStreamConfigHandle));
}

aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle *handle)
{
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStreamConfigHandle: handle is NULL");
    free(handle);
    return ACL_SUCCESS;
}

/* The value sizes follow the runtime's: a pointer for the work address, size_t for the work
 * size; ACL_RT_STREAM_FLAG takes a size_t as the handle stores it, and also the uint32_t that
 * aclrtCreateStreamWithConfig's flags are (hicann/runtime's stream-config sample passes one);
 * the priority a uint32_t in [0, 7]. */
aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle *handle, aclrtStreamConfigAttr attr,
                                 const void *attrValue, size_t valueSize)
{
    static const char fn[] = "aclrtSetStreamConfigOpt";
    if (!handle || !attrValue)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        handle ? "attrValue" : "handle");
    size_t want;
    void *dst;
    /* one line an attribute */
    /* clang-format off */
    switch ((int)attr) {
    case ACL_RT_STREAM_WORK_ADDR_PTR: want = sizeof(handle->workptr); dst = &handle->workptr; break;
    case ACL_RT_STREAM_WORK_SIZE: want = sizeof(handle->workSize); dst = &handle->workSize; break;
    case ACL_RT_STREAM_FLAG: want = sizeof(handle->flag); dst = &handle->flag; break;
    case ACL_RT_STREAM_PRIORITY: want = sizeof(handle->priority); dst = &handle->priority; break;
    /* clang-format on */
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
    if ((int)attr == ACL_RT_STREAM_FLAG && valueSize == sizeof(uint32_t)) {
        uint32_t f;
        memcpy(&f, attrValue, sizeof f);
        handle->flag = f;
        return ACL_SUCCESS;
    }
    if (valueSize != want)
        return core_err(
            ACL_ERROR_INVALID_PARAM, "%s: attribute %d takes %zu bytes%s, not %zu", fn, (int)attr,
            want, (int)attr == ACL_RT_STREAM_FLAG ? " (or a 4-byte uint32_t)" : "", valueSize);
    if ((int)attr == ACL_RT_STREAM_PRIORITY) {
        uint32_t p;
        memcpy(&p, attrValue, sizeof p);
        if (p > 7)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: priority %u is out of range [0, 7]", fn,
                            p);
    }
    memcpy(dst, attrValue, want);
    return ACL_SUCCESS;
}

aclError aclrtCreateStreamV2(aclrtStream *stream, const aclrtStreamConfigHandle *handle)
{
    /* A NULL handle means the defaults (priority 0, flags 0), as in the runtime. */
    static const aclrtStreamConfigHandle defaults;
    if (!handle)
        handle = &defaults;
    if (handle->flag > UINT32_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtCreateStreamV2: flag 0x%zx", handle->flag);
    /* The work memory of a model stream is not needed: tasks run on host workers. */
    return create_stream(stream, handle->priority, (uint32_t)handle->flag, "aclrtCreateStreamV2");
}

aclError aclrtStreamAbort(aclrtStream stream)
{
    static const char fn[] = "aclrtStreamAbort";
    struct core_stream *s = NULL;
    aclError rc = explicit_stream(stream, "the default stream (NULL) cannot be aborted", &s, fn);
    return rc ? rc : core_stream_abort(s, fn);
}

/* ---- the current context's default stream ------------------------------- */

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream *stream)
{
    static const char fn[] = "aclrtCtxGetCurrentDefaultStream";
    struct core_ctx *c;
    aclError rc = current_ctx(stream, "stream", "the thread has no current context", &c, fn);
    if (rc)
        return rc;
    return core_stream_ctx_default(c, stream, fn);
}

/* ---- attributes and the overflow extras --------------------------------- */

aclError aclrtGetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType,
                                 aclrtStreamAttrValue *value)
{
    CORE_REQUIRE_INIT();
    return core_stream_attribute(stream, stmAttrType, value, "aclrtGetStreamAttribute");
}

aclError aclrtSetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType,
                                 aclrtStreamAttrValue *value)
{
    static const char fn[] = "aclrtSetStreamAttribute";
    CORE_REQUIRE_INIT();
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc == ACL_SUCCESS && !value)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    if (rc)
        return rc;
    switch (stmAttrType) {
    case ACL_STREAM_ATTR_FAILURE_MODE:
        if (s->is_default) /* the reference: the default stream's mode cannot be set */
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: the failure mode of the default stream cannot be set", fn);
        return core_stream_set_failure_mode(stream, value->failureMode, fn);
    case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
    case ACL_STREAM_ATTR_CACHE_OP_INFO:
        if (value->overflowSwitch > 1) /* same bytes for both switches */
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: the switch must be 0 or 1 (got %u)", fn,
                            value->overflowSwitch);
        return core_stream_attr_set(s, stmAttrType, value->overflowSwitch, fn);
    case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
        return core_stream_attr_set(s, stmAttrType, value->userCustomTag, fn);
    case ACL_STREAM_ATTR_PRIORITY:
        /* the reference's own table: "setting a stream's priority is not supported" */
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: a stream's priority is fixed at creation "
                        "(aclrtCreateStreamWithConfig); it can only be read",
                        fn);
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)stmAttrType);
    }
}

aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t *flag)
{
    static const char fn[] = "aclrtGetStreamOverflowSwitch";
    CORE_REQUIRE_INIT();
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    if (!flag)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flag is NULL", fn);
    *flag = core_stream_overflow_switch(s);
    return ACL_SUCCESS;
}

aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag)
{
    static const char fn[] = "aclrtSetStreamOverflowSwitch";
    CORE_REQUIRE_INIT();
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    if (flag > 1)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flag must be 0 or 1 (got %u)", fn, flag);
    return core_stream_attr_set(s, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, flag, fn);
}

aclError aclrtCtxGetFloatOverflowAddr(void **overflowAddr)
{
    struct core_ctx *c;
    aclError rc = current_ctx(overflowAddr, "overflowAddr", "no current context", &c,
                              "aclrtCtxGetFloatOverflowAddr");
    if (rc == ACL_SUCCESS)
        *overflowAddr = core_stream_overflow_block(c->dev->id);
    return rc;
}

/* The Npu status tasks: checkMode, then the task (out NULL: clear). */
static aclError npu_status(void *out, uint32_t checkMode, aclrtStream stream, const char *fn)
{
    if (checkMode > 1)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: checkMode must be 0 or 1 (got %u)", fn,
                        checkMode);
    return core_stream_npu_status(out, stream, fn);
}

aclError aclrtNpuGetFloatOverFlowStatus(void *outputAddr, uint64_t outputSize, uint32_t checkMode,
                                        aclrtStream stream)
{
    static const char fn[] = "aclrtNpuGetFloatOverFlowStatus";
    CORE_REQUIRE_INIT();
    if (!outputAddr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: outputAddr is NULL", fn);
    if (outputSize < CORE_NPU_STATUS_BYTES)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: outputSize %llu is below the %d bytes of the status", fn,
                        (unsigned long long)outputSize, CORE_NPU_STATUS_BYTES);
    return npu_status(outputAddr, checkMode, stream, fn);
}

aclError aclrtNpuClearFloatOverFlowStatus(uint32_t checkMode, aclrtStream stream)
{
    static const char fn[] = "aclrtNpuClearFloatOverFlowStatus";
    CORE_REQUIRE_INIT();
    return npu_status(NULL, checkMode, stream, fn);
}

aclError aclrtPersistentTaskClean(aclrtStream stream)
{
    static const char fn[] = "aclrtPersistentTaskClean";
    struct core_stream *s = NULL;
    aclError rc = explicit_stream(stream, "the default stream is not persistent", &s, fn);
    if (rc)
        return rc;
    if (!(s->flags & ACL_STREAM_PERSISTENT))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the stream was not created with ACL_STREAM_PERSISTENT", fn);
    return core_stream_persistent_clean(s, fn);
}

aclError aclrtProfTrace(void *userdata, int32_t length, aclrtStream stream)
{
    static const char fn[] = "aclrtProfTrace";
    CORE_REQUIRE_INIT();
    if (!userdata)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: userdata is NULL", fn);
    if (length <= 0 || length > CORE_PROF_TRACE_BYTES)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: length %d is not in [1, %d]", fn, length,
                        CORE_PROF_TRACE_BYTES);
    return core_stream_prof_trace(userdata, length, stream, fn);
}

/* ---- core-count limits of streams and threads ---------------------------- */

/* Stream argument of the limit calls (init checked first). */
static aclError res_stream(aclrtStream stream, struct core_stream **s, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    return core_stream_resolve(stream, s, fn);
}

aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t *value)
{
    struct core_stream *s = NULL;
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetStreamResLimit: value is NULL");
    aclError rc = res_stream(stream, &s, "aclrtGetStreamResLimit");
    if (!rc)
        rc = core_res_check_type(type, "aclrtGetStreamResLimit");
    if (!rc)
        *value = core_stream_res_limit(s, type);
    return rc;
}

aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, "aclrtSetStreamResLimit");
    if (!rc)
        rc = core_res_check_type(type, "aclrtSetStreamResLimit");
    if (!rc)
        rc = core_res_check_value(type, value, "aclrtSetStreamResLimit");
    if (!rc)
        core_stream_res_limit_set(s, type, value);
    return rc;
}

aclError aclrtResetStreamResLimit(aclrtStream stream)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, "aclrtResetStreamResLimit");
    if (!rc)
        core_stream_res_limit_reset(s);
    return rc;
}

/* Bind this thread to the stream's resources (use) or release that binding. */
static aclError thread_res(aclrtStream stream, bool use, const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, fn);
    if (rc)
        return rc;
    return core_stream_res_thread(s, use, fn);
}

aclError aclrtUseStreamResInCurrentThread(aclrtStream stream)
{
    return thread_res(stream, true, "aclrtUseStreamResInCurrentThread");
}

aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream)
{
    return thread_res(stream, false, "aclrtUnuseStreamResInCurrentThread");
}

aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t *value)
{
    CORE_REQUIRE_INIT();
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetResInCurrentThread: value is NULL");
    aclError rc = core_res_check_type(type, "aclrtGetResInCurrentThread");
    if (rc)
        return rc;
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtGetResInCurrentThread: the thread has no current context");
    *value = core_stream_res_thread_limit(c, type);
    return ACL_SUCCESS;
}

/* ---- state callbacks, stop, activation ---------------------------------- */

aclError aclrtRegStreamStateCallback(const char *regName, aclrtStreamStateCallback callback,
                                     void *args)
{
    return core_stream_state_register(regName, callback, args, "aclrtRegStreamStateCallback");
}

/* A CPU stream's running task is host code that cannot be interrupted: after the argument
 * checks the reference makes, the answer of its non-STARS platforms (core/stream/state.c). */
aclError aclrtStreamStop(aclrtStream stream)
{
    static const char fn[] = "aclrtStreamStop";
    struct core_stream *s = NULL;
    aclError rc = explicit_stream(stream, "the default stream (NULL) is not supported", &s, fn);
    if (rc)
        return rc;
    if (core_stream_capturing(s))
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream is bound to a model or capturing", fn);
    return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    "%s: stopping the running task is not supported on a CPU device (host code "
                    "cannot be interrupted; the reference supports it only on STARS platforms); "
                    "use aclrtStreamAbort to drop the stream's queued work",
                    fn);
}

/* Both streams must be bound to one model being built (core/model/activate.c). */
static aclError activation_args(aclrtStream target, aclrtStream stream, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (!target || !stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        !target ? "the stream to activate" : "stream");
    return ACL_SUCCESS;
}

aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream)
{
    static const char fn[] = "aclrtActiveStream";
    aclError rc = activation_args(activeStream, stream, fn);
    return rc ? rc : core_model_active_stream(activeStream, stream, fn);
}

aclError aclrtSwitchStream(void *leftValue, aclrtCondition cond, void *rightValue,
                           aclrtCompareDataType dataType, aclrtStream trueStream,
                           aclrtStream falseStream, aclrtStream stream)
{
    static const char fn[] = "aclrtSwitchStream";
    CORE_REQUIRE_INIT();
    (void)falseStream; /* reserved */
    if (!leftValue || !rightValue)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        !leftValue ? "leftValue" : "rightValue");
    if ((unsigned)cond > (unsigned)ACL_RT_LESS_OR_EQUAL)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown condition %d", fn, (int)cond);
    if (dataType != ACL_RT_SWITCH_INT32 && dataType != ACL_RT_SWITCH_INT64)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown data type %d", fn, (int)dataType);
    aclError rc = activation_args(trueStream, stream, fn);
    return rc ? rc
              : core_model_switch_stream(leftValue, cond, rightValue, dataType, trueStream, stream,
                                         fn);
}
