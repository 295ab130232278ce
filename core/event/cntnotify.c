/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Counting notifies (aclrtCntNotify*): a 32-bit counter that record tasks set,
 * add to, OR or AND, reset tasks clear, and wait tasks compare against a value
 * (less, equal, bigger, bigger-or-equal, all bits of a mask), optionally
 * clearing it once released. Plus the words of aclrtGetHardwareSyncAddr, a device fact
 * of the same family (core/api/event.c checks the arguments of these calls).
 *
 * Invariants:
 *  CN1. value is the counter; cond.value counts the changes made to it. A task
 *       that changes value (record, reset, a clearing wait) stores it first,
 *       then adds 1 to cond (release inside sched_cond_add), which wakes every
 *       blocked wait.
 *  CN2. A wait reads cond (acquire) before value. If its test fails it blocks on
 *       cond reaching that reading + 1: any change after the value it tested
 *       bumped cond past the reading, so a blocked wait never misses a change.
 *  CN3. References as for notifies (core/event/notify.c N3): the user's plus one per
 *       queued task, taken under cn_lock with the lookup; destroy unlinks under
 *       the same lock; the last put frees.
 *  CN4. A counter change by a record is one atomic read-modify-write (relaxed:
 *       the data a waiter must see is published by the cond add after it).
 *       Two streams recording at once therefore compose (ADD is exact).
 * Tasks cannot be captured: a submission to a capturing stream is refused
 * (ACL_ERROR_RT_FEATURE_NOT_SUPPORT), as for binary notifies.
 */
#include <stdlib.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/event/notify.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "sched/clock.h"

#define CNT_TAG 0xD4
#define CNT_MAX_PER_DEVICE 8192 /* the binary-notify limit of the same platform */

struct cnt_notify {
    struct sched_cond cond;    /* value = changes made to the counter (CN1) */
    _Atomic uint32_t value;    /* A: the counter (CN4) */
    _Atomic uint32_t refs;     /* A: user + queued tasks (CN3) */
    int32_t dev;               /* I */
    uint64_t handle;           /* I */
};

static pthread_mutex_t cn_lock = PTHREAD_MUTEX_INITIALIZER;
static struct core_table g_cnts = {.tag = CNT_TAG}; /* cn_lock */
static uint32_t g_count[CORE_MAX_DEVICES];          /* live counting notifies, cn_lock */

static void cnt_put(struct cnt_notify *n)
{
    /* acq_rel: the last holder sees every task's writes before freeing. */
    if (atomic_fetch_sub_explicit(&n->refs, 1, memory_order_acq_rel) == 1)
        free(n);
}

static struct cnt_notify *cnt_get(aclrtCntNotify h)
{
    pthread_mutex_lock(&cn_lock);
    struct cnt_notify *n = core_table_lookup(&g_cnts, h);
    if (n) /* relaxed: the lock orders it against destroy's unlink (CN3) */
        atomic_fetch_add_explicit(&n->refs, 1, memory_order_relaxed);
    pthread_mutex_unlock(&cn_lock);
    return n;
}

aclError core_cnt_notify_create(struct core_ctx *c, aclrtCntNotify *cntNotify, const char *fn)
{
    struct cnt_notify *n = core_calloc(1, sizeof(*n));
    if (!n)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of memory", fn);
    n->dev = c->dev->id;
    atomic_init(&n->refs, 1);
    pthread_mutex_lock(&cn_lock);
    if (g_count[n->dev] >= CNT_MAX_PER_DEVICE) {
        pthread_mutex_unlock(&cn_lock);
        free(n);
        return core_err(ACL_ERROR_RT_NO_NOTIFY_RESOURCE,
                        "%s: device %d already has %d counting notifies", fn, c->dev->id,
                        CNT_MAX_PER_DEVICE);
    }
    n->handle = core_table_insert(&g_cnts, n);
    if (n->handle)
        g_count[n->dev]++;
    pthread_mutex_unlock(&cn_lock);
    if (!n->handle) {
        free(n);
        return core_err(ACL_ERROR_RT_NO_NOTIFY_RESOURCE, "%s: handle table full", fn);
    }
    *cntNotify = (aclrtCntNotify)(uintptr_t)n->handle;
    return ACL_SUCCESS;
}

aclError core_cnt_notify_destroy(aclrtCntNotify cntNotify, const char *fn)
{
    pthread_mutex_lock(&cn_lock);
    struct cnt_notify *n = core_table_lookup(&g_cnts, cntNotify);
    if (n) {
        core_table_remove(&g_cnts, n->handle);
        g_count[n->dev]--;
    }
    pthread_mutex_unlock(&cn_lock);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live counting notify", fn,
                        cntNotify);
    cnt_put(n); /* queued tasks keep it until they ran (CN3) */
    return ACL_SUCCESS;
}

aclError core_cnt_notify_id(aclrtCntNotify cntNotify, uint32_t *notifyId, const char *fn)
{
    struct cnt_notify *n = cnt_get(cntNotify);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live counting notify", fn,
                        cntNotify);
    *notifyId = (uint32_t)(n->handle & 0xFFFFFF) - 1;
    cnt_put(n);
    return ACL_SUCCESS;
}

/* ---- tasks ------------------------------------------------------------------ */

enum { OP_SET = ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE, OP_ADD = ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE,
       OP_OR = ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE, OP_AND = ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE,
       OP_RESET = 8 };

/* arg.ptr[0] = notify, u64[1] = op | value << 32. Runs even on a stream that
 * discards work (like a notify record), so a waiting stream is never stranded. */
static int run_change(struct sched_task *t, struct sched_exec *x)
{
    (void)x;
    struct cnt_notify *n = t->arg.ptr[0];
    uint32_t op = (uint32_t)t->arg.u64[1], v = (uint32_t)(t->arg.u64[1] >> 32);
    /* relaxed (CN4): the cond add below publishes the change and this stream's work */
    switch (op) {
    case OP_SET: atomic_store_explicit(&n->value, v, memory_order_relaxed); break;
    case OP_ADD: atomic_fetch_add_explicit(&n->value, v, memory_order_relaxed); break;
    case OP_OR: atomic_fetch_or_explicit(&n->value, v, memory_order_relaxed); break;
    case OP_AND: atomic_fetch_and_explicit(&n->value, v, memory_order_relaxed); break;
    default: atomic_store_explicit(&n->value, 0, memory_order_relaxed); break; /* OP_RESET */
    }
    sched_cond_add(&n->cond, 1); /* CN1 */
    cnt_put(n);
    return SCHED_DONE;
}

static bool test_value(uint32_t cur, uint32_t mode, uint32_t v)
{
    switch (mode) {
    case ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE: return cur < v;
    case ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE: return cur == v;
    case ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE: return cur > v;
    case ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE: return cur >= v;
    default: return (cur & v) == v; /* EQUAL_WITH_BITMASK (checked at submit) */
    }
}

/* arg.ptr[0] = notify, u64[1] = mode | clear << 8 | value << 32, u64[2] = timeout (s, 0 =
 * none), u64[3] = deadline (set at the first run). */
static int run_wait(struct sched_task *t, struct sched_exec *x)
{
    struct cnt_notify *n = t->arg.ptr[0];
    if (x->discard) {
        cnt_put(n);
        return SCHED_DONE;
    }
    uint32_t mode = (uint32_t)t->arg.u64[1] & 0xFF, v = (uint32_t)(t->arg.u64[1] >> 32);
    bool clear = (t->arg.u64[1] >> 8) & 1;
    uint64_t changes = sched_cond_value(&n->cond); /* CN2: acquire, before the value */
    /* relaxed: ordered after the acquire above; the data comes with the cond (CN1) */
    uint32_t cur = atomic_load_explicit(&n->value, memory_order_relaxed);
    while (test_value(cur, mode, v)) {
        /* relaxed (CN4): clear exactly the value tested; a change in between retries */
        if (clear && !atomic_compare_exchange_weak_explicit(&n->value, &cur, 0,
                                                            memory_order_relaxed,
                                                            memory_order_relaxed))
            continue;
        if (clear)
            sched_cond_add(&n->cond, 1); /* CN1 */
        cnt_put(n);
        return SCHED_DONE;
    }
    uint64_t deadline = t->arg.u64[3];
    if (t->arg.u64[2]) {
        uint64_t now = sched_now_ns();
        if (!deadline) /* the timeout starts when the wait starts */
            deadline = t->arg.u64[3] = now + t->arg.u64[2] * 1000000000ull;
        if (now >= deadline) {
            sched_exec_fail(x, ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
            cnt_put(n);
            return SCHED_DONE;
        }
    }
    return sched_block_on(x, &n->cond, changes + 1, deadline, 0); /* CN2 */
}

static aclError submit(aclrtCntNotify h, aclrtStream stream, sched_task_fn run, uint8_t kind,
                       uint64_t a1, uint64_t a2, const char *fn)
{
    struct core_stream *s;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc)
        return rc;
    if (atomic_load_explicit(&s->cap, memory_order_relaxed)) /* relaxed: core/runtime/runtime.h A1 */
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: counting-notify tasks cannot be captured into a model", fn);
    struct cnt_notify *n = cnt_get(h);
    if (!n)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live counting notify", fn, h);
    struct sched_task *t = core_task_begin(s);
    t->run = run;
    t->kind = kind;
    t->flags = run == run_change ? SCHED_TF_ALWAYS : 0;
    t->u16 = 0;
    t->arg.ptr[0] = n;
    t->arg.u64[1] = a1;
    t->arg.u64[2] = a2;
    t->arg.u64[3] = 0;
    rc = core_task_end(s, tag, fn);
    if (rc)
        cnt_put(n);
    return rc;
}

aclError core_cnt_notify_record(aclrtCntNotify cntNotify, aclrtStream stream, uint32_t mode,
                                uint32_t value, const char *fn)
{
    return submit(cntNotify, stream, run_change, CORE_T_NOTIFY_RECORD, mode | (uint64_t)value << 32,
                  0, fn);
}

aclError core_cnt_notify_reset(aclrtCntNotify cntNotify, aclrtStream stream, const char *fn)
{
    return submit(cntNotify, stream, run_change, CORE_T_NOTIFY_RECORD, OP_RESET, 0, fn);
}

aclError core_cnt_notify_wait(aclrtCntNotify cntNotify, aclrtStream stream, uint32_t mode,
                              bool clear, uint32_t value, uint32_t timeout_s, const char *fn)
{
    uint64_t a1 = mode | (uint64_t)clear << 8 | (uint64_t)value << 32;
    return submit(cntNotify, stream, run_wait, CORE_T_NOTIFY_WAIT, a1, timeout_s, fn);
}

/* ---- device fact ------------------------------------------------------------------ */

/* One cache line per device that cube and vector cores would synchronise through; on a
 * CPU it is plain memory owned by the runtime, stable for the life of the process. */
static _Alignas(64) uint64_t g_sync_words[CORE_MAX_DEVICES][8];

void *core_event_hw_sync_addr(int32_t dev)
{
    return g_sync_words[dev];
}
