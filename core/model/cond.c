/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Conditional model tasks (aclmdlRICondHandleCreate, aclmdlRICondHandleGetCondPtr,
 * aclmdlRIAddCondTask): during a capture, a node whose condition value (8 bytes
 * of device memory) is read when the node runs, at every execution, and chooses
 * which body model runs there: IF, WHILE or SWITCH (docs/runtime.md).
 *
 * A body is a model of its own (captured with aclmdlRICaptureToModelRIBegin)
 * with one lane. It runs inside the lane of the conditional task, on that
 * lane's worker, node after node, as if its tasks had been captured in place:
 * the lane's later tasks start after the body finished, and a body task that
 * blocks (a value wait, a wait on an outside record) suspends the lane, which
 * resumes inside the body (state in the lane task: u64[4] = 1 + the chosen
 * body, 0 = none; u64[5] = the position in it).
 *
 * Ownership (all under g_rt.lock): the capturing model owns its condition
 * handles and its conditional tasks, and a task owns its body models, which
 * are in the model table (so they can be captured into) but not in their
 * context's list: they are freed through the owner's release hooks, never on
 * their own (aclmdlRIDestroy of a body is refused).
 *
 * Synchronisation table:
 *   create/add/free      vs each other:           g_rt.lock
 *   cond value           vs host writes, body:    the value is device memory
 *                                                 ordered by stream order and
 *                                                 the execution's gate, as any
 *                                                 buffer a captured task reads
 *   bodies' plans        vs cond_run:             fixed while executions run
 *                                                 (a body's re-capture waits
 *                                                 until the parent is idle)
 */
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model/capture_pvt.h"
#include "core/model/model.h"
#include "core/model/plan_pvt.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "mem/devmem.h"
#include "sched/cond.h"

struct core_condh {
    uint64_t *value;          /* 8 bytes of the model's device memory */
    uint64_t defval;
    uint32_t flag;
    struct core_model *model; /* owner */
    struct core_condh *next;  /* owner's list */
    struct core_condh *gnext; /* all live handles (g_conds) */
};

struct cond_task {
    struct core_condh *h;
    uint32_t type, n;
    struct core_model *bodies[]; /* n */
};

static struct core_condh *g_conds; /* g_rt.lock */

/* A live handle (compared, never dereferenced before it is found). Lock held. */
static struct core_condh *condh_find_locked(const void *h)
{
    for (struct core_condh *c = g_conds; c; c = c->gnext)
        if ((const void *)c == h)
            return c;
    return NULL;
}

static void condh_free(void *arg)
{
    struct core_condh *h = arg;
    for (struct core_condh **pp = &g_conds; *pp; pp = &(*pp)->gnext)
        if (*pp == h) {
            *pp = h->gnext;
            break;
        }
    for (struct core_condh **pp = &h->model->conds; *pp; pp = &(*pp)->next)
        if (*pp == h) {
            *pp = h->next;
            break;
        }
    mem_dev_free(h->value);
    free(h);
}

void cond_assign_defaults(struct core_model *m)
{
    for (struct core_condh *h = m->conds; h; h = h->next)
        if (h->flag == ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT)
            /* release: tasks of this execution read it after the gate (whose
             * own release publishes it too); atomic for the benefit of a user
             * writing it from a captured copy of another lane. */
            __atomic_store_n(h->value, h->defval, __ATOMIC_RELEASE);
}

aclError core_cond_handle_create(aclmdlRI modelRI, uint32_t defaultLaunchValue,
                                 aclmdlRICondHandleFlag flag, aclmdlRICondHandle *handle,
                                 const char *fn)
{
    struct core_condh *h = core_calloc(1, sizeof(*h));
    if (!h)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS && model_running(m))
        rc = core_err(ACL_ERROR_RT_MODEL_RUNNING, "%s: the model is executing", fn);
    if (rc == ACL_SUCCESS &&
        mem_dev_alloc(m->ctx->dev->id, sizeof(uint64_t), 0, 0, (void **)&h->value) != 0)
        rc = core_err(ACL_ERROR_RT_MEMORY_ALLOCATION,
                      "%s: cannot allocate the condition on device %d", fn, m->ctx->dev->id);
    if (rc == ACL_SUCCESS) {
        h->defval = defaultLaunchValue;
        h->flag = (uint32_t)flag;
        h->model = m;
        *h->value = defaultLaunchValue; /* not shared yet */
        rc = add_release_locked(m, condh_free, h);
        if (rc)
            mem_dev_free(h->value);
    }
    if (rc == ACL_SUCCESS) {
        h->next = m->conds;
        m->conds = h;
        h->gnext = g_conds;
        g_conds = h;
        *handle = h;
    } else {
        free(h);
    }
    if (m) /* model_running closed the fast path while m->conds changed (model.c X2) */
        model_xok_locked(m);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_cond_handle_ptr(aclmdlRICondHandle handle, uint64_t **ptr, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_condh *h = condh_find_locked(handle);
    if (h)
        *ptr = h->value;
    pthread_mutex_unlock(&g_rt.lock);
    if (!h)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                        "%s: %p is not a live condition handle (its "
                        "model was destroyed or re-captured?)",
                        fn, handle);
    return ACL_SUCCESS;
}

/* The owner's release hook of a conditional task: its bodies go (executions
 * of them queued directly finish first), then the task. Lock held. */
static void cond_task_free(void *arg)
{
    struct cond_task *c = arg;
    for (uint32_t i = 0; i < c->n; i++) {
        struct core_model *b = c->bodies[i];
        if (!b)
            continue;
        if (b->cap) /* still being captured: the capture ends with it */
            capture_close_locked(b->cap);
        model_wait_idle_locked(b);
        model_free_locked(b);
    }
    free(c);
}

aclError core_cond_task_add(const aclmdlRICondTaskParams *params, aclrtStream stream,
                            const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    struct cond_task *c = core_calloc(1, sizeof(*c) + params->size * sizeof(c->bodies[0]));
    if (!c)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    c->type = (uint32_t)params->type;
    c->n = params->size;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
    struct core_condh *h = condh_find_locked(params->handle);
    if (!k || k->update || k->build)
        rc = core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED, "%s: the stream is not being captured",
                      fn);
    else if (!h)
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live condition handle", fn,
                      params->handle);
    else if (h->model != k->model)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the condition handle belongs to another model than the capture", fn);
    else if (k->model->cond_parent)
        rc = core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                      "%s: a body of a conditional task cannot hold conditional tasks itself", fn);
    c->h = h;
    for (uint32_t i = 0; rc == ACL_SUCCESS && i < c->n; i++) {
        struct core_model *b = model_new_locked(s->ctx);
        if (!b) {
            rc = core_err(ACL_ERROR_RT_NO_MODEL_RESOURCE, "%s: cannot create body model %u", fn,
                          i);
            break;
        }
        /* Owned by the task: out of the context's list (teardown frees it
         * through its owner), in the table (it is captured into). */
        for (struct core_model **pp = &s->ctx->models; *pp; pp = &(*pp)->next)
            if (*pp == b) {
                *pp = b->next;
                break;
            }
        b->next = NULL;
        b->cond_parent = k->model;
        c->bodies[i] = b;
    }
    struct sched_task node = {.kind = PLAN_COND};
    node.arg.ptr[0] = c;
    bool in_plan = false;
    if (rc == ACL_SUCCESS)
        in_plan = (rc = capture_append_control_locked(s, &node, fn)) == ACL_SUCCESS;
    if (rc == ACL_SUCCESS) {
        rc = add_release_locked(k->model, cond_task_free, c);
        if (rc) /* the node is in the plan: the capture cannot end well any more */
            k->invalidated = true;
    }
    if (rc == ACL_SUCCESS) {
        for (uint32_t i = 0; i < c->n; i++)
            params->modelRIArray[i] = (aclmdlRI)(uintptr_t)c->bodies[i]->handle;
    } else if (!in_plan) {
        cond_task_free(c);
    } /* else: out of memory with the node in the (now invalid) plan; c is kept */
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* ---- replay ----------------------------------------------------------------- */

/* The body the value chooses, -1 for none. */
static int cond_choose(const struct cond_task *c, uint64_t v)
{
    switch (c->type) {
    case ACL_MODEL_RI_COND_TYPE_IF:
        return v ? 0 : (c->n == 2 ? 1 : -1);
    case ACL_MODEL_RI_COND_TYPE_WHILE:
        return v ? 0 : -1;
    default: /* SWITCH */
        return v < c->n ? (int)v : -1;
    }
}

int cond_run(struct core_model *m, uint64_t k, struct sched_task *t, struct sched_task *node,
             struct sched_exec *x)
{
    struct cond_task *c = node->arg.ptr[0];
    uint64_t sel = t->arg.u64[4], pos = t->arg.u64[5];
    for (;;) {
        /* relaxed: as run_lane (aclmdlRIAbort stops a WHILE that never ends). */
        if (__builtin_expect(atomic_load_explicit(&m->abort_upto, memory_order_relaxed) >= k, 0))
            break;
        if (!sel) {
            /* acquire: pairs with cond_assign_defaults and with writers on
             * other workers; writes of earlier tasks of this lane are ordered
             * by program order. */
            int b = cond_choose(c, __atomic_load_n(c->h->value, __ATOMIC_ACQUIRE));
            if (b < 0)
                break;
            sel = (uint64_t)b + 1;
            pos = 0;
        }
        struct core_model *body = c->bodies[sel - 1];
        if (!body->ready || body->plan.nlanes > 1) {
            sched_exec_fail(x, body->ready ? ACL_ERROR_RT_FEATURE_NOT_SUPPORT
                                           : ACL_ERROR_RT_MODEL_EXECUTE);
            break;
        }
        if (body->plan.nlanes == 1) {
            struct plan_lane *pl = &body->plan.lanes[0];
            for (; pos < pl->n; pos++) {
                /* aclmdlRIAbort of the parent stops a body too (a WHILE that
                 * never ends included). relaxed: as run_lane. */
                if (__builtin_expect(
                        atomic_load_explicit(&m->abort_upto, memory_order_relaxed) >= k, 0)) {
                    t->arg.u64[4] = t->arg.u64[5] = 0;
                    return SCHED_DONE;
                }
                struct sched_task *n = &pl->nodes[pos];
                if (n->flags & SCHED_TF_DIRECT) {
                    void *args = n->u16 ? (void *)&n->arg.u64[2] : n->arg.ptr[1];
                    if (((int32_t(*)(void *))n->arg.fn[0])(args) != 0)
                        sched_exec_fail(x, ACL_ERROR_RT_AICORE_EXCEPTION);
                } else if (n->run && n->run(n, x) == SCHED_BLOCK) {
                    t->arg.u64[4] = sel;
                    t->arg.u64[5] = pos;
                    return SCHED_BLOCK;
                }
                /* Control nodes of a one-lane body: its signals have no
                 * waiter and its waits name its own earlier signals. */
            }
        }
        sel = 0;
        if (c->type != ACL_MODEL_RI_COND_TYPE_WHILE)
            break;
    }
    t->arg.u64[4] = t->arg.u64[5] = 0;
    return SCHED_DONE;
}
