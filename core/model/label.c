/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Labels (aclrtCreateLabel, aclrtSetLabel, aclrtCreateLabelList,
 * aclrtSwitchLabelByIndex, the destroys): jumps inside a model's stream.
 *
 * On an NPU a label is a position in a stream's task list and a switch task
 * jumps there by an index read from device memory when it runs. Here a label
 * set on a stream bound to a model being built (or being captured) is the
 * position of the lane's next node; aclrtSwitchLabelByIndex appends a
 * PLAN_JUMP node that, at every execution, reads the uint32 index and makes
 * the lane continue at the chosen label (model.c run_lane). An index past the
 * list's end chooses its last label (the documented rule).
 *
 * Lifetimes (g_rt.lock): a label is referenced by its handle and by each list
 * holding it; a list by its handle and by each switch node (released with the
 * model's graph). A label records the model by its id, never by a pointer, so
 * a label outliving its model is harmless. Handles are checked against the
 * live lists (compared, not dereferenced).
 *
 * Synchronisation table:
 *   every API call        vs each other:          g_rt.lock
 *   label position        vs run_lane:            set while the model is built
 *                                                 or captured, read by its
 *                                                 executions, which start after
 *                                                 (ExecuteAsync orders them)
 */
#include <stdlib.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/model/capture_pvt.h"
#include "core/model/model.h"
#include "core/model/plan_pvt.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

struct core_label {
    struct core_ctx *ctx;
    uint32_t refs;     /* handle + lists */
    bool live;         /* the handle was not destroyed */
    bool set;          /* aclrtSetLabel done */
    uint32_t model_id; /* where it was set */
    uint32_t lane, pos;
    struct core_label *gnext;
};

struct core_labellist {
    uint32_t refs; /* handle + switch nodes */
    bool live;
    uint32_t n;
    struct core_labellist *gnext;
    struct core_label *labels[]; /* n, referenced */
};

static struct core_label *g_labels;        /* live handles, g_rt.lock */
static struct core_labellist *g_lists;     /* live handles, g_rt.lock */
static uint32_t g_nlabels;                 /* labels alive (handles or in lists) */

static struct core_label *label_find_locked(const void *h)
{
    for (struct core_label *l = g_labels; l; l = l->gnext)
        if ((const void *)l == h)
            return l;
    return NULL;
}

static struct core_labellist *list_find_locked(const void *h)
{
    for (struct core_labellist *l = g_lists; l; l = l->gnext)
        if ((const void *)l == h)
            return l;
    return NULL;
}

static void label_put_locked(struct core_label *l)
{
    if (--l->refs == 0) {
        g_nlabels--;
        free(l);
    }
}

static void list_put_locked(void *arg)
{
    struct core_labellist *L = arg;
    if (--L->refs == 0) {
        for (uint32_t i = 0; i < L->n; i++)
            label_put_locked(L->labels[i]);
        free(L);
    }
}

aclError core_label_create(aclrtLabel *label, const char *fn)
{
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: the thread has no current context", fn);
    struct core_label *l = core_calloc(1, sizeof(*l));
    if (!l)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    l->ctx = c;
    l->refs = 1;
    l->live = true;
    pthread_mutex_lock(&g_rt.lock);
    bool full = g_nlabels >= CORE_LABEL_MAX;
    if (!full) {
        g_nlabels++;
        l->gnext = g_labels;
        g_labels = l;
        *label = l;
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (full) {
        free(l);
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                        "%s: the process has %u labels (the limit)", fn, CORE_LABEL_MAX);
    }
    return ACL_SUCCESS;
}

aclError core_label_destroy(aclrtLabel label, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_label *l = label_find_locked(label);
    if (l) {
        for (struct core_label **pp = &g_labels; *pp; pp = &(*pp)->gnext)
            if (*pp == l) {
                *pp = l->gnext;
                break;
            }
        l->live = false;
        label_put_locked(l); /* lists holding it keep it */
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (!l)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live label", fn, label);
    return ACL_SUCCESS;
}

aclError core_label_set(aclrtLabel label, aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_label *l = label_find_locked(label);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
    if (!l)
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live label", fn, label);
    else if (l->ctx != s->ctx)
        rc = core_err(ACL_ERROR_RT_LABEL_CONTEXT,
                      "%s: the label and the stream belong to different contexts", fn);
    else if (!k || k->update || (k->build && k->built))
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the stream is not bound to a model being built (aclmdlRIBindStream) "
                      "nor being captured",
                      fn);
    else if (l->set)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: the label is already set", fn);
    if (rc == ACL_SUCCESS) {
        l->set = true;
        l->model_id = k->model->id;
        l->lane = s->cap_lane;
        l->pos = k->model->plan.lanes[s->cap_lane].n; /* the next task's position */
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_label_list_create(aclrtLabel *labels, size_t num, aclrtLabelList *labelList,
                                const char *fn)
{
    struct core_labellist *L = core_calloc(1, sizeof(*L) + num * sizeof(L->labels[0]));
    if (!L)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_rt.lock);
    for (size_t i = 0; i < num && rc == ACL_SUCCESS; i++) {
        L->labels[i] = label_find_locked(labels[i]);
        if (!L->labels[i])
            rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: labels[%zu] (%p) is not a live label",
                          fn, i, labels[i]);
    }
    if (rc == ACL_SUCCESS) {
        for (size_t i = 0; i < num; i++)
            L->labels[i]->refs++;
        L->n = (uint32_t)num;
        L->refs = 1;
        L->live = true;
        L->gnext = g_lists;
        g_lists = L;
        *labelList = L;
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (rc)
        free(L);
    return rc;
}

aclError core_label_list_destroy(aclrtLabelList labelList, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_labellist *L = list_find_locked(labelList);
    if (L) {
        for (struct core_labellist **pp = &g_lists; *pp; pp = &(*pp)->gnext)
            if (*pp == L) {
                *pp = L->gnext;
                break;
            }
        L->live = false;
        list_put_locked(L); /* switch nodes holding it keep it */
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (!L)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live label list", fn,
                        labelList);
    return ACL_SUCCESS;
}

aclError core_label_switch(void *ptr, uint32_t maxValue, aclrtLabelList labelList,
                           aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_labellist *L = list_find_locked(labelList);
    if (!L)
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live label list", fn,
                      labelList);
    else if (maxValue == 0 || maxValue > L->n)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: maxValue %u is outside 1..%u (the labels in the list)", fn, maxValue,
                      L->n);
    else if (L->labels[0]->ctx != s->ctx)
        rc = core_err(ACL_ERROR_RT_LABEL_CONTEXT,
                      "%s: the labels and the stream belong to different contexts", fn);
    if (rc == ACL_SUCCESS) {
        struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* A1 */
        struct sched_task node = {.kind = PLAN_JUMP};
        node.arg.ptr[0] = ptr;
        node.arg.u64[1] = maxValue;
        node.arg.ptr[2] = L;
        rc = capture_append_control_locked(s, &node, fn);
        if (rc == ACL_SUCCESS) {
            L->refs++; /* the node's; dropped with the model's graph */
            if (add_release_locked(k->model, list_put_locked, L) != ACL_SUCCESS) {
                L->refs--;
                k->invalidated = true; /* the node is in the plan: End fails */
                rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
            }
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

uint64_t label_jump(struct core_model *m, uint32_t lane, const struct sched_task *node,
                    struct sched_exec *x, uint64_t next)
{
    const struct core_labellist *L = node->arg.ptr[2];
    uint32_t max = (uint32_t)node->arg.u64[1];
    /* relaxed: device memory ordered by the lane's task order and the
     * execution's gate, as any buffer a task reads. */
    uint32_t idx = __atomic_load_n((const uint32_t *)node->arg.ptr[0], __ATOMIC_RELAXED);
    if (idx >= max)
        idx = max - 1; /* past the end: the last label */
    const struct core_label *l = L->labels[idx];
    if (!l->set) {
        sched_exec_fail(x, ACL_ERROR_INVALID_PARAM); /* a label never set: no jump */
        return next;
    }
    if (l->model_id != m->id || l->lane != lane) {
        /* A label on another stream of the model (or another model). */
        sched_exec_fail(x, ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
        return next;
    }
    return l->pos;
}
