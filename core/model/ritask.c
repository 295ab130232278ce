/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tasks of model run instances as handles: aclmdlRITaskGetType / GetSeqId / GetParams /
 * SetParams / Disable, on the tasks aclmdlRIGetTasksByStream lists (streams bound to a
 * model being built, or the streams aclmdlRIGetStreams lists for a captured model).
 *
 * A task is node `pos` of one lane of the model's plan. Its handle is
 *   CORE_H_MODEL_TASK:8 | stream generation (low 8 bits):8 | stream slot:24 | pos + 1:24
 * and is checked, never trusted: the stream slot must still hold a stream of that
 * generation whose lane in a live model has a node `pos`. A handle that outlived its
 * stream or model is refused with ACL_ERROR_RT_INVALID_HANDLE.
 *
 * As on the reference runtime, SetParams and Disable only stage a change (GetParams shows
 * it at once); aclmdlRIUpdate applies the staged changes of the model once it is idle
 * (core/model/model.c calls rt_task_apply_locked), so an execution never sees half an update.
 * A disabled node keeps its kind and arguments (what it holds is released with the model)
 * but its run function becomes a no-op: replays skip it.
 *
 * Invariants (all state under g_rt.lock):
 *   TK1. g_edits holds at most one staged change per (model, lane, pos); the latest call
 *        wins, as the reference's per-task update flag.
 *   TK2. An edit names its model by pointer and handle and the lane by its node array; it
 *        is applied only if all three still match, else dropped (model destroyed or
 *        re-captured). rt_task_forget_locked drops a model's edits when its graph goes.
 *   TK3. An edit owns what it prepared (a launch block with a binary reference); applying
 *        hands it to the model's release hooks in place of the old one, dropping frees it.
 */
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/event/event.h"
#include "core/kernel/function.h"
#include "core/model/capture_pvt.h"
#include "core/model/plan_pvt.h"
#include "core/model/ritask.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"
#include "core/stream/task.h"
#include "cpuacl/cpuacl.h"

#define TK_POS_MAX 0xFFFFFEu

enum tk_op { TK_DISABLE = 1, TK_SET = 2 };

struct tk_edit {
    struct core_model *m;
    uint64_t mh;
    uint32_t lane, pos;
    const struct sched_task *nodes; /* TK2 */
    enum tk_op op;
    aclmdlRITaskParams p;     /* TK_SET: the parameters as given (args pointer as staged) */
    void *launch;             /* TK_SET of a binary kernel: the new launch block (TK3) */
    unsigned char inl[CPUACL_KERNEL_ARGS_MAX]; /* TK_SET of a cpuacl kernel, host args */
    struct tk_edit *next;
};

static struct tk_edit *g_edits; /* g_rt.lock */

static int tk_noop(struct sched_task *t, struct sched_exec *x)
{
    (void)t;
    (void)x;
    return SCHED_DONE;
}

void *rt_task_handle(uint64_t sh, uint32_t pos)
{
    uint64_t gen8 = (sh >> 24) & 0xFF, slot = sh & 0xFFFFFF;
    return (void *)(uintptr_t)((uint64_t)CORE_H_MODEL_TASK << 56 | gen8 << 48 | slot << 24 |
                               ((uint64_t)pos + 1));
}

/* The model and lane stream s runs (captured model) or is bound to (build). Lock held. */
static bool tk_lane_of_locked(struct core_stream *s, struct core_model **m, uint32_t *lane)
{
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* A1 */
    if (k && k->build) {
        *m = k->model;
        *lane = s->cap_lane;
        return true;
    }
    if (!s->internal || !s->ctx)
        return false;
    for (struct core_model *x = s->ctx->models; x; x = x->next)
        if (x->ready && !x->bind)
            for (uint32_t l = 0; l < x->plan.nlanes && l < x->lanes_alloc; l++)
                if (x->lane_streams[l] == s) {
                    *m = x;
                    *lane = l;
                    return true;
                }
    return false;
}

bool rt_task_lane_locked(struct core_stream *s, struct core_model **m, uint32_t *lane)
{
    return tk_lane_of_locked(s, m, lane);
}

struct tk_ref {
    struct core_model *m;
    uint32_t lane, pos;
    struct sched_task *node;
};

/* Resolve a task handle. Lock held. */
static aclError tk_resolve_locked(aclmdlRITask task, struct tk_ref *r, const char *fn)
{
    uint64_t h = (uint64_t)(uintptr_t)task;
    if (!task)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: task is NULL", fn);
    uint32_t slot = (uint32_t)(h >> 24) & 0xFFFFFF, pos1 = (uint32_t)h & 0xFFFFFF;
    if ((h >> 56) != CORE_H_MODEL_TASK || !slot || !pos1)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a model task", fn, task);
    uint32_t idx = slot - 1;
    /* acquire: pairs with the release that published the chunk (as core_table_lookup). */
    struct core_slot *c = idx < CORE_TABLE_CHUNK * CORE_TABLE_CHUNKS
                              ? atomic_load_explicit(&g_rt.streams.chunks[idx / CORE_TABLE_CHUNK],
                                                     memory_order_acquire)
                              : NULL;
    struct core_stream *s =
        c ? atomic_load_explicit(&c[idx % CORE_TABLE_CHUNK].obj, memory_order_acquire) : NULL;
    /* relaxed: under g_rt.lock, which every unlink holds */
    if (!s || (atomic_load_explicit(&c[idx % CORE_TABLE_CHUNK].gen, memory_order_relaxed) & 0xFF) !=
                  ((h >> 48) & 0xFF) ||
        !tk_lane_of_locked(s, &r->m, &r->lane))
        return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                        "%s: %p is a task of a stream or model that no longer exists", fn, task);
    r->pos = pos1 - 1;
    if (r->lane >= r->m->plan.nlanes || r->pos >= r->m->plan.lanes[r->lane].n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p names no task of its stream", fn,
                        task);
    r->node = &r->m->plan.lanes[r->lane].nodes[r->pos];
    return ACL_SUCCESS;
}

static aclmdlRITaskType tk_type(const struct sched_task *n)
{
    switch (n->kind) {
    case CORE_T_KERNEL:
    case CORE_T_OWNED: return ACL_MODEL_RI_TASK_KERNEL;
    case PLAN_SIGNAL:
    case CORE_T_XRECORD: return ACL_MODEL_RI_TASK_EVENT_RECORD;
    case PLAN_WAIT:
    case CORE_T_XWAIT: return ACL_MODEL_RI_TASK_EVENT_WAIT;
    case CORE_T_XRESET: return ACL_MODEL_RI_TASK_EVENT_RESET;
    case CORE_T_VALUE_WRITE: return ACL_MODEL_RI_TASK_VALUE_WRITE;
    case CORE_T_VALUE_WAIT: return ACL_MODEL_RI_TASK_VALUE_WAIT;
    default: return ACL_MODEL_RI_TASK_DEFAULT;
    }
}

static struct tk_edit **tk_find_locked(const struct tk_ref *r)
{
    struct tk_edit **pp = &g_edits;
    for (; *pp; pp = &(*pp)->next)
        if ((*pp)->m == r->m && (*pp)->lane == r->lane && (*pp)->pos == r->pos &&
            (*pp)->nodes == r->m->plan.lanes[r->lane].nodes && (*pp)->mh == r->m->handle)
            break;
    return pp;
}

static void tk_edit_free(struct tk_edit *e) /* NULL: nothing, as free() */
{
    if (e && e->launch)
        core_bin_task_release(e->launch);
    free(e);
}

void rt_task_forget_locked(struct core_model *m)
{
    for (struct tk_edit **pp = &g_edits; *pp;) {
        struct tk_edit *e = *pp;
        if (e->m == m) {
            *pp = e->next;
            tk_edit_free(e);
            continue;
        }
        pp = &e->next;
    }
}

aclError core_ritask_query(aclmdlRITask task, void *out, bool seq, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct tk_ref r;
    aclError rc = tk_resolve_locked(task, &r, fn);
    if (!rc && seq)
        *(uint32_t *)out = r.pos;
    else if (!rc)
        *(aclmdlRITaskType *)out = tk_type(r.node);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_ritask_kernel_attr(aclmdlRITask task, aclrtLaunchKernelAttrId attrId,
                                 aclrtLaunchKernelAttrValue *attrValue, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct tk_ref r;
    aclError rc = tk_resolve_locked(task, &r, fn);
    if (!rc && tk_type(r.node) != ACL_MODEL_RI_TASK_KERNEL)
        rc = core_err(ACL_ERROR_RT_PARAM_INVALID,
                      "%s: the task is not a kernel task (check it with aclmdlRITaskGetType)", fn);
    if (!rc && attrId != ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE &&
        attrId != ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE &&
        attrId != ACL_RT_LAUNCH_KERNEL_ATTR_DATA_DUMP &&
        attrId != ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT && attrId != ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US)
        rc = core_err(ACL_ERROR_RT_PARAM_INVALID,
                      "%s: attribute id %d cannot be queried (engine type, block offset, "
                      "prefetch and unknown ids are refused)",
                      fn, (int)attrId);
    if (!rc) {
        aclrtLaunchKernelAttrValue v;
        memset(&v, 0, sizeof(v));
        /* A cpuaclLaunchKernel* function or an operator: launched without attributes. */
        (void)core_bin_task_attr(r.node, attrId, &v);
        *attrValue = v;
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* Parameters of node n as it stands. */
static void tk_read(const struct sched_task *n, aclmdlRITaskParams *p)
{
    memset(p, 0, sizeof(*p));
    p->type = tk_type(n);
    switch (p->type) {
    case ACL_MODEL_RI_TASK_KERNEL: {
        aclmdlRIKernelTaskParams *k = &p->kernelTaskParams;
        if (core_bin_task_params(n, &k->funcHandle, &k->args, &k->argsSize, &k->numBlocks))
            break;
        k->numBlocks = 1;
        if (n->kind == CORE_T_KERNEL) { /* cpuaclLaunchKernel*: a C function, no handle */
            k->args = n->u16 ? (void *)&n->arg.u64[2] : n->arg.ptr[1];
            k->argsSize = n->u16 ? CPUACL_KERNEL_ARGS_MAX : 0; /* the inline block */
            k->isHostArgs = n->u16 != 0;
        } else { /* an operator: its argument block is the library's */
            k->args = n->arg.ptr[1];
        }
        break;
    }
    case ACL_MODEL_RI_TASK_EVENT_RECORD:
        if (n->kind == CORE_T_XRECORD) { /* records between the model's streams: NULL */
            const struct core_event *ev = core_event_xrecord_event(n);
            p->eventRecordTaskParams.event = (aclrtEvent)(uintptr_t)ev->handle;
            p->eventRecordTaskParams.eventFlag = ev->flags;
            p->eventRecordTaskParams.recordFlag = ACL_EVENT_RECORD_EXTERNAL;
        }
        break;
    case ACL_MODEL_RI_TASK_EVENT_WAIT:
    case ACL_MODEL_RI_TASK_EVENT_RESET:
        if (n->kind == CORE_T_XWAIT || n->kind == CORE_T_XRESET) {
            const struct core_event *ev = n->arg.ptr[0];
            aclmdlRIEventWaitTaskParams *w = &p->eventWaitTaskParams; /* same layout as reset */
            w->event = (aclrtEvent)(uintptr_t)ev->handle;
            w->eventFlag = ev->flags;
            w->waitFlag = n->kind == CORE_T_XWAIT ? ACL_EVENT_WAIT_EXTERNAL : 0;
        }
        break; /* waits between the model's own streams keep no event: NULL */
    case ACL_MODEL_RI_TASK_VALUE_WRITE:
        p->valueWriteTaskParams.devAddr = n->arg.ptr[0];
        p->valueWriteTaskParams.value = n->arg.u64[1];
        break;
    case ACL_MODEL_RI_TASK_VALUE_WAIT:
        p->valueWaitTaskParams.devAddr = n->arg.ptr[0];
        p->valueWaitTaskParams.value = n->arg.u64[1];
        p->valueWaitTaskParams.flag = (uint32_t)n->arg.u64[2];
        break;
    default: break; /* records between the model's own streams keep no event either */
    }
}

aclError core_ritask_params(aclmdlRITask task, aclmdlRITaskParams *params, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct tk_ref r;
    aclError rc = tk_resolve_locked(task, &r, fn);
    if (!rc) {
        struct tk_edit *e = *tk_find_locked(&r);
        if (e && e->op == TK_SET)
            *params = e->p; /* what SetParams staged */
        else
            tk_read(r.node, params);
        const void *op = NULL; /* aclrtCacheLastTaskOpInfo (core/kernel/function.c) */
        size_t opsz = 0;
        if (core_task_info(r.m->handle, r.lane, r.pos, &op, &opsz, NULL) && op) {
            params->opInfoPtr = (void *)op;
            params->opInfoSize = opsz;
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* Changes are staged on finished models only. */
static aclError tk_model_ready(const struct tk_ref *r, const char *fn)
{
    if (r->m->cap || !r->m->ready)
        return core_err(ACL_ERROR_RT_MODEL_CAPTURED,
                        "%s: the model is still being %s", fn,
                        r->m->bind ? "built (aclmdlRIBuildEnd first)"
                                   : "captured (aclmdlRICaptureEnd first)");
    if (r->node->run == tk_noop)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: the task is disabled", fn);
    return ACL_SUCCESS;
}

static aclError tk_stage_locked(const struct tk_ref *r, struct tk_edit *e)
{
    struct tk_edit **pp = tk_find_locked(r);
    if (*pp) { /* TK1: the latest call wins */
        struct tk_edit *old = *pp;
        *pp = old->next;
        tk_edit_free(old);
    }
    e->m = r->m;
    e->mh = r->m->handle;
    e->lane = r->lane;
    e->pos = r->pos;
    e->nodes = r->m->plan.lanes[r->lane].nodes;
    e->next = g_edits;
    g_edits = e;
    return ACL_SUCCESS;
}

/* Whether the task of node n may be disabled. */
static aclError tk_check_disable(const struct sched_task *n, const char *fn)
{
    aclmdlRITaskType t = tk_type(n);
    if (t == ACL_MODEL_RI_TASK_DEFAULT)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: a task of type ACL_MODEL_RI_TASK_DEFAULT cannot be disabled", fn);
    if (t == ACL_MODEL_RI_TASK_EVENT_RECORD)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: disabling an event record between the model's streams would leave "
                        "its waits blocked for ever; not supported",
                        fn);
    return ACL_SUCCESS;
}

/* Check new parameters for node n and prepare what applying them needs. */
static aclError tk_prepare(const struct sched_task *n, const aclmdlRITaskParams *p,
                           struct tk_edit *e, const char *fn)
{
    aclmdlRITaskType t = tk_type(n);
    if (p->type != t)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: params->type %d is not the task's type %d",
                        fn, (int)p->type, (int)t);
    e->p = *p;
    switch (t) {
    case ACL_MODEL_RI_TASK_KERNEL: {
        const aclmdlRIKernelTaskParams *k = &p->kernelTaskParams;
        aclrtFuncHandle f;
        void *a;
        size_t sz;
        uint32_t nb;
        if (core_bin_task_params(n, &f, &a, &sz, &nb)) {
            aclError rc = core_bin_task_make(k->funcHandle, k->numBlocks, k->args, k->argsSize,
                                             k->isHostArgs != 0, &e->launch, fn);
            if (rc)
                return rc;
            if (k->isHostArgs) /* GetParams shows the copy the task will read */
                core_bin_task_params(&(struct sched_task){.kind = CORE_T_OWNED,
                                                          .arg.fn[0] = n->arg.fn[0],
                                                          .arg.ptr[1] = e->launch},
                                     &f, &e->p.kernelTaskParams.args, &sz, &nb);
            e->p.kernelTaskParams.cfg = NULL;
            return ACL_SUCCESS;
        }
        if (n->kind != CORE_T_KERNEL)
            return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                            "%s: the parameters of an operator's task cannot be set", fn);
        if (k->funcHandle)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: the task runs a cpuaclLaunchKernel function: funcHandle must be "
                            "NULL",
                            fn);
        if (k->numBlocks != 1)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: a cpuaclLaunchKernel task runs once: numBlocks must be 1", fn);
        if (k->isHostArgs && (!k->args || !k->argsSize || k->argsSize > sizeof(e->inl)))
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: host args must be 1..%zu bytes (got %zu)", fn, sizeof(e->inl),
                            k->argsSize);
        if (!k->isHostArgs && !k->args)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: args is NULL", fn);
        if (k->isHostArgs) {
            memcpy(e->inl, k->args, k->argsSize);
            e->p.kernelTaskParams.args = e->inl;
        }
        e->p.kernelTaskParams.cfg = NULL;
        return ACL_SUCCESS;
    }
    case ACL_MODEL_RI_TASK_VALUE_WRITE:
    case ACL_MODEL_RI_TASK_VALUE_WAIT: {
        void *addr = t == ACL_MODEL_RI_TASK_VALUE_WRITE ? p->valueWriteTaskParams.devAddr
                                                        : p->valueWaitTaskParams.devAddr;
        if (!addr || ((uintptr_t)addr & 7))
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: devAddr %p is NULL or not 8-byte aligned", fn, addr);
        if (t == ACL_MODEL_RI_TASK_VALUE_WAIT && p->valueWaitTaskParams.flag > ACL_STREAM_WAIT_VALUE_NOR)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: wait flag %u is not GEQ, EQ, AND or NOR",
                            fn, p->valueWaitTaskParams.flag);
        return ACL_SUCCESS;
    }
    case ACL_MODEL_RI_TASK_DEFAULT:
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: a task of type ACL_MODEL_RI_TASK_DEFAULT has no parameters to set", fn);
    default:
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: the event of an event task cannot be changed (capture it again)", fn);
    }
}

aclError core_ritask_stage(aclmdlRITask task, const aclmdlRITaskParams *params, const char *fn)
{
    enum tk_op op = params ? TK_SET : TK_DISABLE;
    struct tk_edit *e = core_calloc(1, sizeof(*e));
    if (!e)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of memory", fn);
    pthread_mutex_lock(&g_rt.lock);
    struct tk_ref r;
    aclError rc = tk_resolve_locked(task, &r, fn);
    if (!rc)
        rc = tk_model_ready(&r, fn);
    if (!rc)
        rc = op == TK_SET ? tk_prepare(r.node, params, e, fn) : tk_check_disable(r.node, fn);
    if (!rc) {
        e->op = op;
        rc = tk_stage_locked(&r, e);
        e = NULL;
    }
    pthread_mutex_unlock(&g_rt.lock);
    tk_edit_free(e); /* NULL once staged */
    return rc;
}

/* Hand the new launch block to m's release hooks in place of the node's old one (TK3). */
static void tk_swap_launch(struct core_model *m, struct sched_task *n, void *nl)
{
    void *old = n->arg.ptr[1];
    bool held = false;
    for (uint32_t i = 0; i < m->nrel && !held; i++)
        if (m->rel[i].arg == old) {
            m->rel[i].arg = nl;
            held = true;
        }
    n->arg.ptr[1] = nl;
    if (held)
        core_bin_task_release(old);
    else /* a block of aclrtTaskUpdateAsync (taskupdate.c RU2 frees it): nl joins the hooks */
        add_release_locked(m, core_bin_task_release, nl);
}

void rt_task_apply_locked(struct core_model *m)
{
    for (struct tk_edit **pp = &g_edits; *pp;) {
        struct tk_edit *e = *pp;
        if (e->m != m) {
            pp = &e->next;
            continue;
        }
        *pp = e->next;
        if (e->mh == m->handle && e->lane < m->plan.nlanes &&
            e->nodes == m->plan.lanes[e->lane].nodes && e->pos < m->plan.lanes[e->lane].n) {
            struct sched_task *n = &m->plan.lanes[e->lane].nodes[e->pos];
            const aclmdlRIKernelTaskParams *k = &e->p.kernelTaskParams;
            if (e->op == TK_DISABLE) {
                n->run = tk_noop;
                n->flags &= (uint8_t)~SCHED_TF_DIRECT;
            } else if (e->launch) {
                tk_swap_launch(m, n, e->launch);
                e->launch = NULL;
            } else if (n->kind == CORE_T_KERNEL) {
                if (k->isHostArgs) {
                    memcpy(&n->arg.u64[2], e->inl, sizeof(e->inl)); /* zero-padded */
                    n->u16 = 1;
                } else {
                    n->u16 = 0;
                    n->arg.ptr[1] = k->args;
                }
            } else if (n->kind == CORE_T_VALUE_WRITE) {
                n->arg.ptr[0] = e->p.valueWriteTaskParams.devAddr;
                n->arg.u64[1] = e->p.valueWriteTaskParams.value;
            } else if (n->kind == CORE_T_VALUE_WAIT) {
                n->arg.ptr[0] = e->p.valueWaitTaskParams.devAddr;
                n->arg.u64[1] = e->p.valueWaitTaskParams.value;
                n->arg.u64[2] = e->p.valueWaitTaskParams.flag;
            }
        }
        tk_edit_free(e);
    }
}
