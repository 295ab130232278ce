/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclrtTaskUpdateAsync: an asynchronous refresh of a kernel task of a model run instance.
 * The call names the task by its stream (bound to the model, or a stream of a captured
 * model as aclmdlRIGetStreams lists) and its id (its position in that stream: what
 * aclrtGetThreadLastTaskId gives right after the task was recorded, and
 * aclmdlRITaskGetSeqId); the refresh itself is a task queued on execStream that reads the
 * new block count from device memory when it runs; the model's executions let in after
 * it ran launch the new function with that block count.
 *
 * Records. The call makes an update record (struct ru) holding the new launch block (the
 * new function, the task's arguments, the old block count until the read) and appends it
 * to the model's list m->ru (under g_rt.lock); the queued task holds a second reference.
 *
 * Invariants:
 *   RU1. The record's state goes QUEUED -> READ (the task stored the block count: release)
 *        -> APPLIED (the gate of an execution swapped the block into the node), or
 *        QUEUED -> FAILED (a block count of 0). The gate (model.c gate_pass, with no lane of
 *        the model running: execution k - 1 has finished) acquires READ, so it sees the
 *        count; it alone writes APPLIED and the node.
 *   RU2. The list only grows (appended at the tail, `next` published with release, walked
 *        with acquire by the gate without a lock) and is applied oldest first, so the
 *        latest update of a task wins. It is dropped with the model's graph
 *        (model_clear_locked -> ru_drop_locked), which frees every new launch block (applied
 *        ones are the nodes' and die with them) and drops the model's references.
 *   RU3. A record is freed by its last reference (acq_rel count): the model's list, or the
 *        queued task (released after it ran or was discarded), whichever goes last. The task
 *        touches only the record, never the model, so a model destroyed before the task
 *        runs is harmless.
 */
#include <stdlib.h>

#include "core/err.h"
#include "core/kernel/function.h"
#include "core/launch.h"
#include "core/model/capture_pvt.h"
#include "core/model/model.h"
#include "core/model/plan_pvt.h"
#include "core/model/ritask.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

enum { RU_QUEUED = 0, RU_READ = 1, RU_APPLIED = 2, RU_FAILED = 3 };

struct ru {
    _Atomic uint32_t refs;  /* RU3 */
    _Atomic uint32_t state; /* RU1 */
    uint32_t lane, pos;
    uint32_t nblocks;          /* written by the task before READ */
    const uint32_t *dim;       /* device memory holding the new block count */
    void *nl;                  /* the new launch block (RU2) */
    _Atomic(struct ru *) next; /* RU2 */
};

static void ru_put(void *arg)
{
    struct ru *r = arg;
    /* acq_rel: the last owner sees what the other did to the record before its put. */
    if (atomic_fetch_sub_explicit(&r->refs, 1, memory_order_acq_rel) == 1)
        free(r);
}

static int32_t ru_read(void *arg)
{
    struct ru *r = arg;
    /* relaxed: device memory, ordered by execStream's task order as any buffer a task reads */
    uint32_t n = __atomic_load_n(r->dim, __ATOMIC_RELAXED);
    if (n == 0) {
        atomic_store_explicit(&r->state, RU_FAILED, memory_order_relaxed); /* read by no one */
        return ACL_ERROR_INVALID_PARAM;
    }
    r->nblocks = n;
    atomic_store_explicit(&r->state, RU_READ, memory_order_release); /* RU1 */
    return 0;
}

void ru_apply(struct core_model *m)
{
    /* acquire: RU2, the record's fields written before it was linked */
    for (struct ru *r = atomic_load_explicit(&m->ru, memory_order_acquire); r;
         r = atomic_load_explicit(&r->next, memory_order_acquire)) {
        if (atomic_load_explicit(&r->state, memory_order_acquire) != RU_READ) /* RU1 */
            continue;
        core_bin_task_set_blocks(r->nl, r->nblocks);
        m->plan.lanes[r->lane].nodes[r->pos].arg.ptr[1] = r->nl;
        atomic_store_explicit(&r->state, RU_APPLIED, memory_order_relaxed); /* gate only */
    }
}

void ru_drop_locked(struct core_model *m)
{
    struct ru *r = atomic_load_explicit(&m->ru, memory_order_relaxed); /* lock, model idle */
    atomic_store_explicit(&m->ru, NULL, memory_order_relaxed);
    m->ru_tail = NULL;
    while (r) {
        struct ru *next = atomic_load_explicit(&r->next, memory_order_relaxed);
        core_bin_task_release(r->nl); /* RU2 */
        r->nl = NULL;
        ru_put(r);
        r = next;
    }
}

/* The task's lane and model, the task a binary kernel of a compiled model. Lock held. */
static aclError target_locked(struct core_stream *s, uint32_t taskId, struct core_model **mp,
                              uint32_t *lanep, const struct sched_task **node, const char *fn)
{
    if (!rt_task_lane_locked(s, mp, lanep))
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: taskStream is neither bound to a model (aclmdlRIBindStream) nor a "
                        "stream of a captured model (aclmdlRIGetStreams)",
                        fn);
    struct core_model *m = *mp;
    if (!m->ready || m->cap)
        return core_err(ACL_ERROR_RT_MODEL_CAPTURED,
                        "%s: the model is still being built or captured (aclmdlRIBuildEnd or "
                        "aclmdlRICaptureEnd first)",
                        fn);
    const struct plan_lane *pl = &m->plan.lanes[*lanep];
    if (taskId >= pl->n)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: taskId %u is past the stream's %u tasks", fn,
                        taskId, pl->n);
    *node = &pl->nodes[taskId];
    return ACL_SUCCESS;
}

aclError core_task_update_async(aclrtStream taskStream, uint32_t taskId,
                                const aclrtTaskUpdateInfo *info, aclrtStream execStream,
                                const char *fn)
{
    if (info->id == ACL_RT_UPDATE_RANDOM_TASK)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: ACL_RT_UPDATE_RANDOM_TASK is not supported: random-number tasks "
                        "cannot be recorded in a model here",
                        fn);
    if (info->id != ACL_RT_UPDATE_AIC_AIV_TASK)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown update id %d", fn, (int)info->id);
    const aclrtAicAivTaskUpdateAttr *a = &info->val.aicAivTaskAttr;
    if (!a->binHandle || !a->blockDimAddr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        !a->binHandle ? "binHandle" : "blockDimAddr");
    if ((uintptr_t)a->blockDimAddr & 3)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: blockDimAddr %p is not 4-byte aligned", fn,
                        a->blockDimAddr);
    struct core_stream *s = NULL, *x = NULL;
    aclError rc = core_stream_resolve(taskStream, &s, fn);
    if (rc == ACL_SUCCESS)
        rc = core_stream_resolve(execStream, &x, fn);
    if (rc)
        return rc;
    if (core_stream_capturing(x))
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: execStream is bound to a model or capturing; the update runs on a "
                        "normal stream",
                        fn);
    struct ru *r = core_calloc(1, sizeof(*r));
    if (!r)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    uint32_t lane = 0;
    const struct sched_task *node = NULL;
    rc = target_locked(s, taskId, &m, &lane, &node, fn);
    aclrtFuncHandle oldf;
    void *args = NULL;
    size_t size = 0;
    uint32_t nb = 0;
    if (rc == ACL_SUCCESS && !core_bin_task_params(node, &oldf, &args, &size, &nb))
        rc = core_err(ACL_ERROR_RT_PARAM_INVALID,
                      "%s: task %u is not a kernel of a loaded binary (aclrtLaunchKernel*)", fn,
                      taskId);
    /* The arguments stay where the task reads them: the old block's copy (kept until the
     * model goes, in its release hooks) or the device block it was launched with. */
    if (rc == ACL_SUCCESS)
        rc = core_bin_task_make(a->binHandle, nb, args, size, false, &r->nl, fn);
    if (rc == ACL_SUCCESS) {
        r->lane = lane;
        r->pos = taskId;
        r->dim = a->blockDimAddr;
        atomic_init(&r->refs, 2); /* the model's list and the task (RU3) */
        if (m->ru_tail)           /* release: RU2 */
            atomic_store_explicit(&m->ru_tail->next, r, memory_order_release);
        else
            atomic_store_explicit(&m->ru, r, memory_order_release);
        m->ru_tail = r;
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (rc) {
        free(r);
        return rc;
    }
    rc = core_launch_owned(execStream, ru_read, r, ru_put, fn);
    if (rc) /* not queued: the record stays in the list, never READ; drop the task's ref */
        ru_put(r);
    return rc;
}
