/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Core-count limits per stream and per thread (aclrtGet/Set/ResetStreamResLimit,
 * aclrtUse/UnuseStreamResInCurrentThread, aclrtGetResInCurrentThread; their argument
 * checks are in core/api/stream.c); a stream without its own limit has its device's
 * (core/device/errors.c).
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

uint32_t core_stream_res_limit(struct core_stream *s, aclrtDevResLimitType type)
{
    uint32_t v = stream_limit(s->handle, type);
    return v ? v : core_res_device_limit(s->ctx->dev->id, type);
}

void core_stream_res_limit_set(struct core_stream *s, aclrtDevResLimitType type, uint32_t value)
{
    stream_limit_set(s->handle, type, value);
}

void core_stream_res_limit_reset(struct core_stream *s)
{
    stream_limit_drop(s->handle);
}

aclError core_stream_res_thread(struct core_stream *s, bool use, const char *fn)
{
    if (!use && t_res_stream != s->handle)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the thread does not use this stream's resources", fn);
    t_res_stream = use ? s->handle : 0;
    return ACL_SUCCESS;
}

uint32_t core_stream_res_thread_limit(struct core_ctx *c, aclrtDevResLimitType type)
{
    struct core_stream *s =
        t_res_stream ? core_table_lookup(&g_rt.streams, (void *)(uintptr_t)t_res_stream) : NULL;
    uint32_t v = s ? stream_limit(t_res_stream, type) : 0;
    return v ? v : core_res_device_limit(s ? s->ctx->dev->id : c->dev->id, type);
}
