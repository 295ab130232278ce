/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Core-count limits per stream and per thread (aclrtGet/Set/ResetStreamResLimit,
 * aclrtUse/UnuseStreamResInCurrentThread, aclrtGetResInCurrentThread); a stream
 * without its own limit has its device's (core/device/errors.c).
 */
#include <pthread.h>
#include <stdint.h>

#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/err.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

/* Stream limits: a small table keyed by stream handle (handles are never
 * reused, so an entry of a destroyed stream is stale and purged on insert). */
#define SLIM_MAX (CORE_MAX_DEVICES * CORE_MAX_STREAMS_PER_DEVICE)
static pthread_mutex_t slim_lock = PTHREAD_MUTEX_INITIALIZER;
static struct slim {
    uint64_t handle;
    uint32_t lim[2];
} slim[SLIM_MAX];
static uint32_t nslim; /* slim_lock */

static __thread uint64_t t_res_stream; /* aclrtUseStreamResInCurrentThread, 0 = none */


static struct slim *slim_find(uint64_t h) /* slim_lock */
{
    for (uint32_t i = 0; i < nslim; i++)
        if (slim[i].handle == h)
            return &slim[i];
    return NULL;
}

/* The limit of stream handle h (0 = not set). */
static uint32_t stream_limit(uint64_t h, aclrtDevResLimitType type)
{
    pthread_mutex_lock(&slim_lock);
    struct slim *e = slim_find(h);
    uint32_t v = e ? e->lim[type] : 0;
    pthread_mutex_unlock(&slim_lock);
    return v;
}

/* Set stream handle h's limit of `type`. */
static void stream_limit_set(uint64_t h, aclrtDevResLimitType type, uint32_t value)
{
    pthread_mutex_lock(&slim_lock);
    struct slim *e = slim_find(h);
    if (!e) {
        uint32_t j = 0; /* purge entries of destroyed streams */
        for (uint32_t i = 0; i < nslim; i++)
            if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)slim[i].handle))
                slim[j++] = slim[i];
        nslim = j;
        e = &slim[nslim++]; /* live streams < SLIM_MAX */
        *e = (struct slim){.handle = h};
    }
    e->lim[type] = value;
    pthread_mutex_unlock(&slim_lock);
}

/* Forget stream handle h's limits. */
static void stream_limit_drop(uint64_t h)
{
    pthread_mutex_lock(&slim_lock);
    struct slim *e = slim_find(h);
    if (e)
        *e = slim[--nslim];
    pthread_mutex_unlock(&slim_lock);
}

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
    if (rc)
        return rc;
    uint32_t v = stream_limit(s->handle, type);
    *value = v ? v : core_res_device_limit(s->ctx->dev->id, type);
    return ACL_SUCCESS;
}

aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, "aclrtSetStreamResLimit");
    if (!rc)
        rc = core_res_check_type(type, "aclrtSetStreamResLimit");
    if (!rc)
        rc = core_res_check_value(type, value, "aclrtSetStreamResLimit");
    if (rc)
        return rc;
    stream_limit_set(s->handle, type, value);
    return ACL_SUCCESS;
}

aclError aclrtResetStreamResLimit(aclrtStream stream)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, "aclrtResetStreamResLimit");
    if (!rc)
        stream_limit_drop(s->handle);
    return rc;
}

/* Bind this thread to the stream's resources (use) or release that binding. */
static aclError thread_res(aclrtStream stream, bool use, const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = res_stream(stream, &s, fn);
    if (rc)
        return rc;
    if (!use && t_res_stream != s->handle)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the thread does not use this stream's resources", fn);
    t_res_stream = use ? s->handle : 0;
    return ACL_SUCCESS;
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
    struct core_stream *s =
        t_res_stream ? core_table_lookup(&g_rt.streams, (void *)(uintptr_t)t_res_stream) : NULL;
    uint32_t v = s ? stream_limit(t_res_stream, type) : 0;
    *value = v ? v : core_res_device_limit(s ? s->ctx->dev->id : c->dev->id, type);
    return ACL_SUCCESS;
}

