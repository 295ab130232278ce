/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream attributes (aclrtGet/SetStreamAttribute) and the overflow extras
 * that go with them: per-stream overflow switch, the context's overflow
 * address, the Npu overflow status tasks; aclrtPersistentTaskClean and
 * aclrtProfTrace. Their argument checks are in core/api/stream.c.
 *
 * Attribute storage: the attributes no other call keeps (overflow switch,
 * user tag, op-info cache switch) live in a small table keyed by the
 * stream's full handle under sa_lock. A handle includes the stream's
 * generation, so a destroyed stream's entry never matches its successor in
 * the same slot: a new stream starts with the defaults (all 0). Entries of
 * dead streams are reused when the table is full. Failure mode and priority
 * are the stream's own (aclrtSetStreamFailureMode, aclrtStreamGetPriority).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_prof.h"
#include "core/device/device.h"
#include "core/err.h"
#include "core/launch.h"
#include "core/overflow.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

#define SA_MAX 4096

struct sa_entry {
    uint64_t handle; /* 0 = free */
    uint32_t ovf, tag, cache;
};

static pthread_mutex_t sa_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sa_entry g_sa[SA_MAX]; /* sa_lock */

/* The entry of live stream handle h, made when create is set; sa_lock held. */
static struct sa_entry *sa_find_locked(uint64_t h, bool create)
{
    struct sa_entry *free_e = NULL;
    for (uint32_t i = 0; i < SA_MAX; i++) {
        if (g_sa[i].handle == h)
            return &g_sa[i];
        if (!free_e && (!g_sa[i].handle ||
                        !core_table_lookup(&g_rt.streams, (void *)(uintptr_t)g_sa[i].handle)))
            free_e = &g_sa[i]; /* free, or its stream is gone */
    }
    if (!create || !free_e)
        return NULL;
    *free_e = (struct sa_entry){h, 0, 0, 0};
    return free_e;
}

static aclError attr_stream(aclrtStream stream, const void *value, struct core_stream **s,
                            const char *fn)
{
    aclError rc = core_stream_resolve(stream, s, fn);
    if (rc == ACL_SUCCESS && !value)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    return rc;
}

aclError core_stream_attribute(aclrtStream stream, aclrtStreamAttr stmAttrType,
                               aclrtStreamAttrValue *value, const char *fn)
{
    struct core_stream *s;
    aclError rc = attr_stream(stream, value, &s, fn);
    if (rc)
        return rc;
    memset(value, 0, sizeof(*value));
    switch (stmAttrType) {
    case ACL_STREAM_ATTR_FAILURE_MODE:
        /* relaxed: a flag the worker reads per task; a snapshot for the caller */
        value->failureMode = atomic_load_explicit(&s->s.stop_on_fail, memory_order_relaxed)
                                 ? ACL_STOP_ON_FAILURE
                                 : ACL_CONTINUE_ON_FAILURE;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_PRIORITY:
        value->streamPriority = s->priority;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
    case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
    case ACL_STREAM_ATTR_CACHE_OP_INFO: {
        pthread_mutex_lock(&sa_lock);
        struct sa_entry *e = sa_find_locked(s->handle, false);
        if (e && stmAttrType == ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK)
            value->overflowSwitch = e->ovf;
        else if (e && stmAttrType == ACL_STREAM_ATTR_USER_CUSTOM_TAG)
            value->userCustomTag = e->tag;
        else if (e) /* the reference: on only while the stream captures */
            value->cacheOpInfoSwitch =
                e->cache && atomic_load_explicit(&s->cap, memory_order_relaxed) != NULL; /* A1 */
        pthread_mutex_unlock(&sa_lock);
        return ACL_SUCCESS;
    }
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)stmAttrType);
    }
}

aclError core_stream_attr_set(struct core_stream *s, aclrtStreamAttr a, uint32_t v, const char *fn)
{
    pthread_mutex_lock(&sa_lock);
    struct sa_entry *e = sa_find_locked(s->handle, true);
    if (e) {
        if (a == ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK)
            e->ovf = v;
        else if (a == ACL_STREAM_ATTR_USER_CUSTOM_TAG)
            e->tag = v;
        else
            e->cache = v;
    }
    pthread_mutex_unlock(&sa_lock);
    return e ? ACL_SUCCESS
             : core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                        "%s: attributes of %d live streams are set already", fn, SA_MAX);
}

uint32_t core_stream_overflow_switch(struct core_stream *s)
{
    pthread_mutex_lock(&sa_lock);
    struct sa_entry *e = sa_find_locked(s->handle, false);
    uint32_t v = e ? e->ovf : 0;
    pthread_mutex_unlock(&sa_lock);
    return v;
}

/* ---- overflow status ------------------------------------------------------------ */

/* Per device: the block the last Npu status task wrote (aclrtCtxGetFloatOverflowAddr). */
static _Alignas(64) unsigned char g_ovf_block[CORE_MAX_DEVICES][CORE_NPU_STATUS_BYTES];

void *core_stream_overflow_block(int32_t dev)
{
    return g_ovf_block[dev];
}

struct npu_status {
    unsigned char *out; /* NULL: clear */
    int32_t dev;
};

static int32_t k_npu_status(void *arg)
{
    struct npu_status *a = arg;
    unsigned char *blk = g_ovf_block[a->dev];
    if (!a->out) {
        /* relaxed: ordered with operators by the stream (core/overflow.h) */
        atomic_store_explicit(&core_overflow_flag, 0, memory_order_relaxed);
        memset(blk, 0, CORE_NPU_STATUS_BYTES);
        return 0;
    }
    uint32_t v = (uint32_t)atomic_load_explicit(&core_overflow_flag, memory_order_relaxed);
    memset(blk, 0, CORE_NPU_STATUS_BYTES);
    memcpy(blk, &v, sizeof(v));
    memcpy(a->out, blk, CORE_NPU_STATUS_BYTES);
    return 0;
}

aclError core_stream_npu_status(void *out, aclrtStream stream, const char *fn)
{
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    struct npu_status *a = core_malloc(sizeof(*a));
    if (!a)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    a->out = out;
    a->dev = s->ctx->dev->id;
    rc = core_launch_owned(stream, k_npu_status, a, free, fn);
    if (rc)
        free(a);
    return rc;
}

/* ---- persistent streams, profiling marks ------------------------------------------- */

aclError core_stream_persistent_clean(struct core_stream *s, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    uint32_t lane;
    bool bound = core_hooks.stream_lane_locked(s, &m, &lane);
    pthread_mutex_unlock(&g_rt.lock);
    if (bound)
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream's tasks belong to a model run instance; destroy the model "
                        "(aclmdlRIDestroy) or unbind the stream first", fn);
    /* Not in a model: its tasks run once and leave the ring, so cleaning is waiting for
     * the queued ones to finish; the stream is then empty and can take new tasks. */
    return core_stream_sync(s, 0, fn);
}

struct prof_trace {
    unsigned char data[CORE_PROF_TRACE_BYTES];
};

static int32_t k_prof_trace(void *arg)
{
    struct prof_trace *p = arg;
    char msg[2 * CORE_PROF_TRACE_BYTES + 16];
    int n = snprintf(msg, sizeof(msg), "trace:");
    for (int i = 0; i < CORE_PROF_TRACE_BYTES; i++)
        n += snprintf(msg + n, sizeof(msg) - (size_t)n, "%02x", p->data[i]);
    core_hooks.prof_mark(msg, (size_t)n); /* a mark only while profiling collects */
    return 0;
}

aclError core_stream_prof_trace(const void *userdata, int32_t length, aclrtStream stream,
                                const char *fn)
{
    struct prof_trace *p = core_calloc(1, sizeof(*p)); /* zero padding to 18 bytes */
    if (!p)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    memcpy(p->data, userdata, (size_t)length);
    aclError rc = core_launch_owned(stream, k_prof_trace, p, free, fn);
    if (rc)
        free(p);
    return rc;
}

/* ---- state callbacks for the streams the runtime makes itself ----------------------- */

/*
 * Default streams (made and destroyed with their context) and the internal streams a
 * model's lanes run on are created and destroyed under g_rt.lock, where a callback (which
 * may call AscendCL) cannot run. core_stream_create_locked / _destroy_locked defer their
 * state callbacks (core_defer_locked, core/runtime/callbacks.h); the API call that made or
 * destroyed them runs them with core_deferred_run after it dropped the lock, in order. So
 * a DESTROY_PRE of such a stream arrives when the stream is already gone (its handle is
 * refused by then); CREATE_POST arrives with a live handle.
 */
static void ss_fire_deferred(uint64_t handle, uint64_t state)
{
    rt_stream_state_fire((aclrtStream)(uintptr_t)handle, (aclrtStreamState)state);
}

void core_ss_defer_locked(uint64_t handle, aclrtStreamState state)
{
    core_defer_locked(ss_fire_deferred, handle, (uint64_t)state);
}
