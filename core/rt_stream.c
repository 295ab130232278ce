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
 *   SS1. g_cbs holds the registered callbacks by unique name, under ss_lock; firing copies
 *        them under the lock and calls the copies after it, so a callback may register or
 *        unregister (itself included) without deadlock; one unregistered while a fire is in
 *        flight may still be called once by that fire.
 */
#include <pthread.h>
#include <string.h>

#include "core/core.h"
#include "core/rt_task.h"

#define SS_MAX 64
#define SS_NAME 128

struct ss_cb {
    char name[SS_NAME];
    aclrtStreamStateCallback fn;
    void *args;
};

static pthread_mutex_t ss_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ss_cb g_cbs[SS_MAX]; /* ss_lock (SS1) */
static uint32_t g_ncbs;            /* ss_lock */

aclError aclrtRegStreamStateCallback(const char *regName, aclrtStreamStateCallback callback,
                                     void *args)
{
    static const char fn[] = "aclrtRegStreamStateCallback";
    CORE_REQUIRE_INIT();
    if (!regName || !regName[0])
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: regName is NULL or empty", fn);
    if (strnlen(regName, SS_NAME) >= SS_NAME)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: regName is longer than %d bytes", fn,
                        SS_NAME - 1);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&ss_lock);
    uint32_t i = 0;
    while (i < g_ncbs && strcmp(g_cbs[i].name, regName) != 0)
        i++;
    if (callback && i < g_ncbs) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: \"%s\" is registered already (unregister it with a NULL callback first)",
                      fn, regName);
    } else if (callback && g_ncbs == SS_MAX) {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: %d callbacks are registered already", fn,
                      SS_MAX);
    } else if (callback) {
        strcpy(g_cbs[g_ncbs].name, regName);
        g_cbs[g_ncbs].fn = callback;
        g_cbs[g_ncbs].args = args;
        g_ncbs++;
    } else if (i == g_ncbs) {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not registered", fn, regName);
    } else { /* unregister, keeping registration order */
        memmove(&g_cbs[i], &g_cbs[i + 1], (g_ncbs - i - 1) * sizeof(g_cbs[0]));
        g_ncbs--;
    }
    pthread_mutex_unlock(&ss_lock);
    return rc;
}

void rt_stream_state_fire(aclrtStream stream, aclrtStreamState state)
{
    struct ss_cb copy[SS_MAX];
    pthread_mutex_lock(&ss_lock);
    uint32_t n = g_ncbs;
    memcpy(copy, g_cbs, n * sizeof(copy[0]));
    pthread_mutex_unlock(&ss_lock);
    for (uint32_t i = 0; i < n; i++) /* SS1: outside the lock, in registration order */
        copy[i].fn(stream, state, copy[i].args);
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
    bool in_a = rt_task_lane_locked(a, &ma, &la), in_s = rt_task_lane_locked(s, &ms, &ls);
    pthread_mutex_unlock(&g_rt.lock);
    if (!in_a || !in_s)
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the %s is not bound to a model (aclmdlRIBindStream)", fn,
                        !in_s ? "stream" : "stream to activate");
    if (ma != ms)
        return core_err(ACL_ERROR_RT_STREAM_MODEL, "%s: the two streams belong to different models",
                        fn);
    return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
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
