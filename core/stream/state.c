/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream state callbacks (aclrtRegStreamStateCallback), aclrtStreamStop, and the stream
 * activation tasks aclrtActiveStream / aclrtSwitchStream.
 *
 * State callbacks run on the thread that creates or destroys the stream, outside every
 * runtime lock (a callback may call AscendCL): CREATE_POST after aclrtCreateStream* made
 * the stream, DESTROY_PRE before aclrtDestroyStream(Force) destroys it.
 *
 * aclrtStreamStop: the reference stops the task running on the device's scheduler (STARS
 * platforms) and keeps the queue; other platforms answer ACL_ERROR_RT_FEATURE_NOT_SUPPORT.
 * A CPU stream's running task is host code that cannot be interrupted, so cpuacl answers
 * the same (after the argument checks the reference makes); aclrtStreamAbort is the
 * supported way to drop a stream's queued work.
 *
 * aclrtActiveStream / aclrtSwitchStream only take streams of a model being built (the
 * reference refuses other streams with ACL_ERROR_RT_STREAM_MODEL). They activate streams
 * bound with ACL_MODEL_STREAM_FLAG_DEFAULT, which cpuacl's builder does not take
 * (aclmdlRIBindStream refuses the flag): a HEAD stream is always active, so the tasks are
 * refused with ACL_ERROR_RT_FEATURE_NOT_SUPPORT and a message saying so.
 *
 * Invariants:
 *   SS1. g_ss holds the registered callbacks by unique name, under its lock; firing copies
 *        them under the lock and calls the copies after it, so a callback may register or
 *        unregister (itself included) without deadlock; one unregistered while a fire is in
 *        flight may still be called once by that fire.
 */
#include <pthread.h>
#include <string.h>

#include "core/err.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

/* SS1: the named registry of core/device/facts.h (shared with the device-state callbacks). */
static struct core_named_reg g_ss = CORE_NAMED_REG_INIT;

aclError aclrtRegStreamStateCallback(const char *regName, aclrtStreamStateCallback callback,
                                     void *args)
{
    return core_named_set(&g_ss, regName, (void (*)(void))callback, args,
                          "aclrtRegStreamStateCallback");
}

void rt_stream_state_fire(aclrtStream stream, aclrtStreamState state)
{
    struct core_named_cb copy[CORE_NAMED_MAX];
    uint32_t n = core_named_snapshot(&g_ss, copy);
    for (uint32_t i = 0; i < n; i++) /* SS1: outside the lock, in registration order */
        ((aclrtStreamStateCallback)copy[i].fn)(stream, state, copy[i].args);
}

aclError aclrtStreamStop(aclrtStream stream)
{
    static const char fn[] = "aclrtStreamStop";
    CORE_REQUIRE_INIT();
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the default stream (NULL) is not supported",
                        fn);
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    if (atomic_load_explicit(&s->cap, memory_order_relaxed)) /* relaxed: A1 */
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream is bound to a model or capturing", fn);
    return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    "%s: stopping the running task is not supported on a CPU device (host code "
                    "cannot be interrupted; the reference supports it only on STARS platforms); "
                    "use aclrtStreamAbort to drop the stream's queued work",
                    fn);
}

/* Both streams must belong to one model being built (the reference: model streams). */
static aclError activation_check(aclrtStream target, aclrtStream stream, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (!target || !stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        !target ? "the stream to activate" : "stream");
    struct core_stream *a, *s;
    aclError rc = core_stream_resolve(target, &a, fn);
    if (!rc)
        rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *ma = NULL, *ms = NULL;
    uint32_t la, ls;
    bool in_a = core_hooks.stream_lane_locked(a, &ma, &la), in_s = core_hooks.stream_lane_locked(s, &ms, &ls);
    pthread_mutex_unlock(&g_rt.lock);
    if (!in_a || !in_s)
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the %s is not bound to a model (aclmdlRIBindStream)", fn,
                        !in_s ? "stream" : "stream to activate");
    if (ma != ms)
        return core_err(ACL_ERROR_RT_STREAM_MODEL, "%s: the two streams belong to different models",
                        fn);
    return core_err(
        ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
        "%s: activation is for streams bound with ACL_MODEL_STREAM_FLAG_DEFAULT, which "
        "cpuacl does not build; streams bound with ACL_MODEL_STREAM_FLAG_HEAD are always "
        "active",
        fn);
}

aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream)
{
    return activation_check(activeStream, stream, "aclrtActiveStream");
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
    return activation_check(trueStream, stream, fn);
}
