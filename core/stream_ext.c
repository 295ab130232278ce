/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream calls beyond create/sync/destroy (docs/runtime.md): stream ids,
 * configuration handles, abort.
 */
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "sched/worker.h"

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

/* ---- stream configuration handles --------------------------------------- */

aclrtStreamConfigHandle *aclrtCreateStreamConfigHandle(void)
{
    /* Zeroed: priority 0, flag 0, no work memory (aclrtCreateStream's defaults). */
    return calloc(1, sizeof(aclrtStreamConfigHandle));
}

aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle *handle)
{
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStreamConfigHandle: handle is NULL");
    free(handle);
    return ACL_SUCCESS;
}

aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle *handle, aclrtStreamConfigAttr attr,
                                 const void *attrValue, size_t valueSize)
{
    static const char fn[] = "aclrtSetStreamConfigOpt";
    if (!handle || !attrValue)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", fn);
    size_t want;
    void *dst;
    switch ((int)attr) {
    case ACL_RT_STREAM_WORK_ADDR_PTR: want = sizeof(handle->workptr); dst = &handle->workptr; break;
    case ACL_RT_STREAM_WORK_SIZE: want = sizeof(handle->workSize); dst = &handle->workSize; break;
    case ACL_RT_STREAM_FLAG: want = sizeof(handle->flag); dst = &handle->flag; break;
    case ACL_RT_STREAM_PRIORITY: want = sizeof(handle->priority); dst = &handle->priority; break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
    if (valueSize != want)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %d takes %zu bytes, not %zu", fn,
                        (int)attr, want, valueSize);
    memcpy(dst, attrValue, want);
    return ACL_SUCCESS;
}

aclError aclrtCreateStreamV2(aclrtStream *stream, const aclrtStreamConfigHandle *handle)
{
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtCreateStreamV2: handle is NULL");
    if (handle->flag > UINT32_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtCreateStreamV2: flag 0x%zx", handle->flag);
    /* The work memory of a model stream is not needed: tasks run on host workers. */
    return aclrtCreateStreamWithConfig(stream, handle->priority, (uint32_t)handle->flag);
}

/* ---- abort -------------------------------------------------------------- */

aclError aclrtStreamAbort(aclrtStream stream)
{
    static const char fn[] = "aclrtStreamAbort";
    CORE_REQUIRE_INIT();
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the default stream (NULL) cannot be aborted",
                        fn);
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    if (atomic_load_explicit(&s->cap, memory_order_relaxed))
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: the stream is capturing or bound to a model", fn);
    /* release: the worker drops what it has not started (a record still
     * completes, a blocked wait is dropped); same protocol as a forced
     * destroy. The task running now finishes: CPU code cannot be interrupted. */
    atomic_store_explicit(&s->s.discard, 1, memory_order_release);
    sched_worker_kick(s->s.worker);
    core_stream_wait_serving(&s->s, sched_stream_submitted(&s->s), 0); /* CB4 */
    /* release: tasks submitted from now on run again. */
    atomic_store_explicit(&s->s.discard, 0, memory_order_release);
    (void)sched_stream_take_error(&s->s); /* the aborted work's failure goes with it */
    return ACL_SUCCESS;
}
