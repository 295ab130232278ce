/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Notifies (aclrtCreateNotify ...): a binary flag between streams. A record
 * task sets it; a wait-and-reset task blocks its stream until it is set, then
 * clears it.
 *
 * The flag is a count on a completion condition: cond.value = records run,
 * consumed = the count a wait has already taken.
 *  N1. The flag is set iff cond.value > consumed. A record adds 1 (release,
 *      sched_cond_add); a wait that finds value > consumed takes everything
 *      up to value with one CAS (two records before one wait set the flag
 *      once, as a hardware flag would), so a second wait blocks until the
 *      next record.
 *  N2. A blocked wait parks its stream on cond with target consumed + 1 and
 *      is re-run at each record (sched_cond C2), so it never misses one.
 *  N4. A notify shared with other processes (aclrtNotifyGetExportKey /
 *      aclrtNotifyImportByKey, core/ipc/ipc.c) counts records and takes in two
 *      words of shared memory instead of cond.value / consumed; records still
 *      advance cond to wake this process's waits, and a blocked wait also
 *      re-checks every NOTIFY_IPC_POLL_NS for records made elsewhere.
 *  N3. References: the user's plus one per queued task; lookups and the
 *      reference they take happen under notify_lock, so destroy (which
 *      unlinks under the same lock) never frees a notify a submitter holds.
 *      The last reference frees it (a worker, or destroy).
 * Synchronisation: submissions and destroy serialise on notify_lock only for
 * the lookup; the tasks themselves are lock-free.
 */
#include <stdlib.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/event/notify.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "sched/clock.h"

#define NOTIFY_TAG 0xD1
#define NOTIFY_MAX_PER_DEVICE 8192 /* Atlas A2 */
#define NOTIFY_IPC_POLL_NS 100000u /* re-check of a flag set by another process (N4) */

static pthread_mutex_t notify_lock = PTHREAD_MUTEX_INITIALIZER;
static struct core_table g_notifies = {.tag = NOTIFY_TAG}; /* notify_lock */
static uint32_t g_count[CORE_MAX_DEVICES];                /* live notifies, notify_lock */

static void notify_put(struct core_notify *n)
{
    /* acq_rel: the last holder sees every task's writes before freeing. */
    if (atomic_fetch_sub_explicit(&n->refs, 1, memory_order_acq_rel) == 1) {
        /* relaxed: the acq_rel above ordered every store of ipc before this */
        struct core_ipc_obj *o = atomic_load_explicit(&n->ipc, memory_order_relaxed);
        if (o)
            core_hooks.ipc_drop(o);
        free(n);
    }
}

/* Look up a live notify and take a reference (N3). */
struct core_notify *core_notify_get(aclrtNotify h)
{
    pthread_mutex_lock(&notify_lock);
    struct core_notify *n = core_table_lookup(&g_notifies, h);
    if (n) /* relaxed: the lock orders it against destroy's unlink */
        atomic_fetch_add_explicit(&n->refs, 1, memory_order_relaxed);
    pthread_mutex_unlock(&notify_lock);
    return n;
}

void core_notify_put(struct core_notify *n) { notify_put(n); }

aclError core_notify_create(aclrtNotify *notify, uint64_t flag, const char *fn)
{
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: no current context", fn);
    struct core_notify *n = core_calloc(1, sizeof(*n));
    if (!n)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of memory", fn);
    n->dev = c->dev->id;
    n->flags = (uint32_t)flag;
    atomic_init(&n->refs, 1);
    pthread_mutex_lock(&notify_lock);
    if (g_count[n->dev] >= NOTIFY_MAX_PER_DEVICE) {
        pthread_mutex_unlock(&notify_lock);
        free(n);
        return core_err(ACL_ERROR_RT_NO_NOTIFY_RESOURCE, "%s: device %d already has %d notifies",
                        fn, c->dev->id, NOTIFY_MAX_PER_DEVICE);
    }
    n->handle = core_table_insert(&g_notifies, n);
    if (n->handle)
        g_count[n->dev]++;
    pthread_mutex_unlock(&notify_lock);
    if (!n->handle) {
        free(n);
        return core_err(ACL_ERROR_RT_NO_NOTIFY_RESOURCE, "%s: handle table full", fn);
    }
    *notify = (aclrtNotify)(uintptr_t)n->handle;
    return ACL_SUCCESS;
}

aclError core_notify_destroy(aclrtNotify notify, const char *fn)
{
    pthread_mutex_lock(&notify_lock);
    struct core_notify *n = core_table_lookup(&g_notifies, notify);
    if (n) {
        core_table_remove(&g_notifies, n->handle);
        g_count[n->dev]--;
    }
    pthread_mutex_unlock(&notify_lock);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live notify", fn, notify);
    /* acquire: see run_wait. N4: the export ends with the handle, not at the last put */
    struct core_ipc_obj *o = atomic_load_explicit(&n->ipc, memory_order_acquire);
    if (o)
        core_hooks.ipc_unexport(o);
    notify_put(n); /* queued tasks keep it alive until they ran (N3) */
    return ACL_SUCCESS;
}

aclError core_notify_id(aclrtNotify notify, uint32_t *notifyId, const char *fn)
{
    struct core_notify *n = core_notify_get(notify);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live notify", fn, notify);
    *notifyId = (uint32_t)(n->handle & 0xFFFFFF) - 1;
    notify_put(n);
    return ACL_SUCCESS;
}

/* ---- tasks -------------------------------------------------------------- */

/* arg.ptr[0] = notify. Runs even on a stream that discards work, like an
 * event record, so a waiting stream is never stranded. */
static int run_record(struct sched_task *t, struct sched_exec *x)
{
    (void)x;
    struct core_notify *n = t->arg.ptr[0];
    /* acquire: the shared words are set up before ipc is published (core/ipc/ipc.c) */
    struct core_ipc_obj *o = atomic_load_explicit(&n->ipc, memory_order_acquire);
    if (o) /* N4. release: this stream's work before another process's wait sees the flag */
        atomic_fetch_add_explicit(&core_hooks.ipc_words(o)[0], 1, memory_order_release);
    sched_cond_add(&n->cond, 1); /* N1: release inside; wakes this process's waits */
    notify_put(n);
    return SCHED_DONE;
}

/* arg.ptr[0] = notify, u64[1] = timeout (s, 0 = none), u64[2] = deadline (set at first run). */
static int run_wait(struct sched_task *t, struct sched_exec *x)
{
    struct core_notify *n = t->arg.ptr[0];
    if (x->discard) {
        notify_put(n);
        return SCHED_DONE;
    }
    /* acquire: pairs with the release store of ipc (core/ipc/ipc.c) */
    struct core_ipc_obj *o = atomic_load_explicit(&n->ipc, memory_order_acquire);
    _Atomic uint64_t *shared = o ? core_hooks.ipc_words(o) : NULL;
    _Atomic uint64_t *consumed = shared ? &shared[1] : &n->consumed;
    for (;;) {
        uint64_t local = sched_cond_value(&n->cond); /* acquire: the recorder's work */
        /* acquire (N4): pairs with the release add of a record in any process */
        uint64_t v = shared ? atomic_load_explicit(&shared[0], memory_order_acquire) : local;
        /* relaxed: consumed is only compared and CASed; the flag's data
         * ordering comes from cond or the shared count (N1, N4). */
        uint64_t c = atomic_load_explicit(consumed, memory_order_relaxed);
        if (v > c) {
            if (!atomic_compare_exchange_weak_explicit(consumed, &c, v, memory_order_relaxed,
                                                       memory_order_relaxed))
                continue; /* another wait took it or moved it: re-read */
            notify_put(n);
            return SCHED_DONE;
        }
        uint64_t deadline = t->arg.u64[2];
        if (t->arg.u64[1]) {
            uint64_t now = sched_now_ns();
            if (!deadline) /* the timeout starts when the wait starts */
                deadline = t->arg.u64[2] = now + t->arg.u64[1] * 1000000000ull;
            if (now >= deadline) {
                sched_exec_fail(x, ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
                notify_put(n);
                return SCHED_DONE;
            }
        }
        /* N2; N4: a record in another process cannot wake us, so a shared notify is polled */
        return sched_block_on(x, &n->cond, shared ? local + 1 : c + 1, deadline,
                              shared ? NOTIFY_IPC_POLL_NS : 0);
    }
}

/* Not capturable (replay NULL): submit refuses capturing streams first. */
const struct core_task_desc core_task_notify_record = {
    "notify_record", run_record, NULL, 0, NULL, NULL,
};
const struct core_task_desc core_task_notify_wait = {"notify_wait", run_wait, NULL, 0, NULL, NULL};

static aclError submit(aclrtNotify notify, aclrtStream stream, sched_task_fn run, uint8_t kind,
                       uint64_t timeout_s, const char *fn)
{
    struct core_stream *s;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc)
        return rc;
    if (atomic_load_explicit(&s->cap, memory_order_relaxed)) /* see core_task_begin */
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: notify tasks cannot be captured into a model", fn);
    struct core_notify *n = core_notify_get(notify);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live notify", fn, notify);
    struct sched_task *t = core_task_begin(s);
    t->run = run;
    t->kind = kind;
    t->flags = run == run_record ? SCHED_TF_ALWAYS : 0;
    t->u16 = 0;
    t->arg.ptr[0] = n;
    t->arg.u64[1] = timeout_s;
    t->arg.u64[2] = 0;
    rc = core_task_end(s, tag, fn);
    if (rc)
        notify_put(n);
    return rc;
}

aclError core_notify_record(aclrtNotify notify, aclrtStream stream, const char *fn)
{
    return submit(notify, stream, run_record, CORE_T_NOTIFY_RECORD, 0, fn);
}

aclError core_notify_wait(aclrtNotify notify, aclrtStream stream, uint32_t timeout_s,
                          const char *fn)
{
    return submit(notify, stream, run_wait, CORE_T_NOTIFY_WAIT, timeout_s, fn);
}

aclError core_notify_batch_reset(aclrtNotify *notifies, size_t num, const char *fn)
{
    for (size_t i = 0; i < num; i++) { /* check every handle before resetting any */
        struct core_notify *n = core_notify_get(notifies[i]);
        if (!n)
            return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                            "%s: notifies[%zu] (%p) is not a live notify", fn, i, notifies[i]);
        notify_put(n);
    }
    for (size_t i = 0; i < num; i++) {
        struct core_notify *n = core_notify_get(notifies[i]);
        if (!n)
            continue; /* destroyed meanwhile: the user's race */
        /* acquire: see run_wait */
        struct core_ipc_obj *o = atomic_load_explicit(&n->ipc, memory_order_acquire);
        _Atomic uint64_t *shared = o ? core_hooks.ipc_words(o) : NULL;
        _Atomic uint64_t *consumed = shared ? &shared[1] : &n->consumed;
        uint64_t v = shared ? atomic_load_explicit(&shared[0], memory_order_acquire)
                            : sched_cond_value(&n->cond);
        uint64_t c = atomic_load_explicit(consumed, memory_order_relaxed);
        /* relaxed: N1, consumed only ever grows to a value cond reached. */
        while (c < v && !atomic_compare_exchange_weak_explicit(consumed, &c, v,
                                                               memory_order_relaxed,
                                                               memory_order_relaxed))
            ;
        notify_put(n);
    }
    return ACL_SUCCESS;
}
