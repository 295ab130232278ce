/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Process snapshots (aclrtSnapShot*, entry points in core/api/process.c): lock
 * the process (no new device work), back device memory up to the host, restore
 * it, unlock; callbacks at each documented stage.
 *
 * States: RUNNING -lock-> LOCKED -backup-> BACKED_UP -restore-> LOCKED,
 * LOCKED or BACKED_UP -unlock-> RUNNING. A call in any other state fails with
 * the stage's code (ACL_ERROR_SNAPSHOT_LOCK_FAILED, _BACKUP_FAILED,
 * _RESTORE_FAILED, _UNLOCK_FAILED).
 *
 * Quiescing (SN1): lock publishes the state, then waits until every stream of
 * every device (model streams included) has finished what was queued. Every
 * submission resolves its stream through core_stream_resolve_tag, which
 * checks core_snap_state (one relaxed load; the gate below is the slow path):
 * while the process is locked, a submission from another thread waits there
 * until the unlock (as the reference blocks the caller), and one from the
 * thread that locked fails with ACL_ERROR_SNAPSHOT_LOCK_FAILED instead of
 * waiting for itself. A submission that had passed the gate before the state
 * was published may still be queued; lock drains it with the rest. If the
 * streams do not drain within the lock timeout (CPUACL_SNAPSHOT_LOCK_TIMEOUT_MS,
 * default 60000: a stream blocked on an event nobody will record) the state
 * goes back to RUNNING and lock fails with ACL_ERROR_SNAPSHOT_LOCK_TIMEOUT.
 *
 * Backup copies every page mapping of every live device pool (mem/devmem.c:
 * all device memory handed out, and the pool's free space with it) to host
 * buffers; a second backup replaces the first. Restore copies them back; it
 * fails with ACL_ERROR_SNAPSHOT_RESTORE_FAILED, changing nothing, if a device's
 * mappings differ from the backup's (memory was allocated or freed since).
 *
 * Callbacks run on the calling thread, once per device in use (set or with
 * contexts; none when no device is), in registration order, outside every
 * lock. A callback returning nonzero stops the operation with
 * ACL_ERROR_SNAPSHOT_CALLBACK_FAILED (for LOCK_PRE: the process stays RUNNING).
 * At process exit a process still locked is unlocked (waiting threads go on).
 */
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/process/process.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "mem/devmem.h"
#include "mem/pages.h"
#include "sched/clock.h"

enum { SNAP_RUNNING = 0, SNAP_LOCKED = 1, SNAP_BACKED_UP = 2 };

#define SNAP_STAGES CORE_SNAP_STAGES
#define SNAP_CB_MAX 32

_Atomic int core_snap_state; /* A: see SN1 */

static pthread_mutex_t snap_lock = PTHREAD_MUTEX_INITIALIZER; /* state changes, owner, backup */
static pthread_cond_t snap_cv = PTHREAD_COND_INITIALIZER;     /* the unlock */
static pthread_t g_owner;                                     /* snap_lock */
static bool g_busy;       /* an operation runs (callbacks outside snap_lock); snap_lock */

struct snap_cb {
    aclrtSnapShotCallBack fn;
    void *args;
};
static pthread_mutex_t cb_lock = PTHREAD_MUTEX_INITIALIZER;
static struct snap_cb g_cbs[SNAP_STAGES][SNAP_CB_MAX]; /* cb_lock */
static uint32_t g_ncbs[SNAP_STAGES];                   /* cb_lock */

struct snap_dev {
    size_t n;
    struct mem_mapping *maps;
    unsigned char **copy;
};
static struct snap_dev g_backup[CORE_MAX_DEVICES]; /* snap_lock */
static bool g_have_backup;                          /* snap_lock */

/* ---- the gate (core_stream_resolve_tag) ------------------------------------------ */

aclError core_snapshot_gate(const char *fn)
{
    pthread_mutex_lock(&snap_lock);
    /* relaxed: snap_lock orders it with the writers */
    while (atomic_load_explicit(&core_snap_state, memory_order_relaxed) != SNAP_RUNNING) {
        if (pthread_equal(g_owner, pthread_self())) {
            pthread_mutex_unlock(&snap_lock);
            return core_err(ACL_ERROR_SNAPSHOT_LOCK_FAILED,
                            "%s: the process is locked for a snapshot by this thread "
                            "(aclrtSnapShotProcessUnlock first); other threads wait", fn);
        }
        pthread_cond_wait(&snap_cv, &snap_lock);
    }
    pthread_mutex_unlock(&snap_lock);
    return ACL_SUCCESS;
}

/* ---- callbacks -------------------------------------------------------------------- */

aclError core_snapshot_cb_add(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback, void *args,
                              const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&cb_lock);
    for (uint32_t i = 0; i < g_ncbs[stage]; i++)
        if (g_cbs[stage][i].fn == callback)
            rc = core_err(ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED,
                          "%s: the callback is registered for stage %d already", fn, (int)stage);
    if (!rc && g_ncbs[stage] == SNAP_CB_MAX)
        rc = core_err(ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED,
                      "%s: %d callbacks are registered for stage %d already", fn, SNAP_CB_MAX,
                      (int)stage);
    if (!rc)
        g_cbs[stage][g_ncbs[stage]++] = (struct snap_cb){callback, args};
    pthread_mutex_unlock(&cb_lock);
    return rc;
}

aclError core_snapshot_cb_del(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback,
                              const char *fn)
{
    pthread_mutex_lock(&cb_lock);
    uint32_t i = 0;
    while (i < g_ncbs[stage] && g_cbs[stage][i].fn != callback)
        i++;
    bool found = i < g_ncbs[stage];
    if (found) {
        memmove(&g_cbs[stage][i], &g_cbs[stage][i + 1],
                (g_ncbs[stage] - i - 1) * sizeof(g_cbs[0][0]));
        g_ncbs[stage]--;
    }
    pthread_mutex_unlock(&cb_lock);
    return found ? ACL_SUCCESS
                 : core_err(ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED,
                            "%s: the callback is not registered for stage %d", fn, (int)stage);
}

/* Devices in use: set by aclrtSetDevice or holding contexts. */
static uint32_t devices_in_use(int32_t *ids)
{
    uint32_t n = 0;
    pthread_mutex_lock(&g_rt.lock);
    for (int32_t d = 0; d < CORE_MAX_DEVICES; d++)
        if (core_devices[d].active || core_devices[d].refcount || core_devices[d].users)
            ids[n++] = d;
    pthread_mutex_unlock(&g_rt.lock);
    return n;
}

static aclError fire(aclrtSnapShotStage stage, const char *fn)
{
    struct snap_cb copy[SNAP_CB_MAX];
    pthread_mutex_lock(&cb_lock);
    uint32_t n = g_ncbs[stage];
    memcpy(copy, g_cbs[stage], n * sizeof(copy[0]));
    pthread_mutex_unlock(&cb_lock);
    if (!n)
        return ACL_SUCCESS;
    int32_t ids[CORE_MAX_DEVICES];
    uint32_t nd = devices_in_use(ids);
    for (uint32_t d = 0; d < nd; d++)
        for (uint32_t i = 0; i < n; i++) {
            uint32_t r = copy[i].fn(ids[d], copy[i].args);
            if (r)
                return core_err(ACL_ERROR_SNAPSHOT_CALLBACK_FAILED,
                                "%s: a callback of stage %d returned %u for device %d", fn,
                                (int)stage, r, ids[d]);
        }
    return ACL_SUCCESS;
}

/* ---- quiescing -------------------------------------------------------------------- */

static uint64_t lock_timeout_ns(void)
{
    const char *e = getenv("CPUACL_SNAPSHOT_LOCK_TIMEOUT_MS");
    long ms = e && *e ? strtol(e, NULL, 10) : 60000;
    return (uint64_t)(ms > 0 ? ms : 60000) * 1000000ull;
}

/* Wait until every live stream (model streams included) finished its queued work. */
static aclError drain_all(uint64_t deadline, const char *fn)
{
    uint32_t cap = 0, n = 0;
    struct core_stream **v = NULL;
    uint64_t *h = NULL;
    pthread_mutex_lock(&g_rt.lock);
    cap = g_rt.streams.nslots;
    v = core_malloc((cap ? cap : 1) * sizeof(*v));
    h = core_malloc((cap ? cap : 1) * sizeof(*h));
    for (uint32_t i = 0; v && h && i < cap; i++) {
        /* acquire: as in core_table_lookup (chunks and objects are published so) */
        struct core_slot *c = atomic_load_explicit(&g_rt.streams.chunks[i / CORE_TABLE_CHUNK],
                                                   memory_order_acquire);
        struct core_stream *s =
            c ? atomic_load_explicit(&c[i % CORE_TABLE_CHUNK].obj, memory_order_acquire) : NULL;
        if (s) {
            v[n] = s;
            h[n++] = s->handle;
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (!v || !h) {
        free(v);
        free(h);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    aclError rc = ACL_SUCCESS;
    for (uint32_t i = 0; i < n && !rc; i++) {
        if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h[i]) != v[i])
            continue; /* destroyed meanwhile: its destroy drained it */
        /* relaxed (core/runtime/runtime.h L1: type-stable) */
        if (sched_stream_finished(&v[i]->s) >= sched_stream_submitted(&v[i]->s))
            continue;
        rc = core_stream_sync(v[i], deadline, fn);
        if (rc && rc != ACL_ERROR_RT_STREAM_SYNC_TIMEOUT)
            rc = ACL_SUCCESS; /* a failed task is not our business: the stream is idle */
    }
    free(v);
    free(h);
    return rc;
}

/* Enter an operation: the state must be one of want (bit mask); returns with g_busy set. */
static aclError op_enter(unsigned want, aclError code, const char *what, const char *fn)
{
    pthread_mutex_lock(&snap_lock);
    int st = atomic_load_explicit(&core_snap_state, memory_order_relaxed); /* snap_lock */
    bool busy = g_busy;
    bool ok = !busy && (want & (1u << st));
    if (ok)
        g_busy = true;
    pthread_mutex_unlock(&snap_lock);
    if (!ok)
        return core_err(code, "%s: %s (the process is %s)", fn, what,
                        busy ? "in another snapshot operation"
                        : st == SNAP_RUNNING ? "running" : st == SNAP_LOCKED ? "locked"
                                                                             : "backed up");
    return ACL_SUCCESS;
}

static void op_leave(int new_state, bool set)
{
    pthread_mutex_lock(&snap_lock);
    if (set) {
        /* relaxed: readers that act on it take snap_lock (the gate) */
        atomic_store_explicit(&core_snap_state, new_state, memory_order_relaxed);
        if (new_state == SNAP_RUNNING)
            pthread_cond_broadcast(&snap_cv);
    }
    g_busy = false;
    pthread_mutex_unlock(&snap_lock);
}

aclError core_snapshot_lock(const char *fn)
{
    aclError rc = op_enter(1u << SNAP_RUNNING, ACL_ERROR_SNAPSHOT_LOCK_FAILED,
                           "the process must be running to be locked", fn);
    if (rc)
        return rc;
    rc = fire(ACL_RT_SNAPSHOT_LOCK_PRE, fn);
    if (rc) {
        op_leave(SNAP_RUNNING, false);
        return rc;
    }
    pthread_mutex_lock(&snap_lock);
    g_owner = pthread_self();
    /* relaxed: SN1; a submission that misses it is drained below */
    atomic_store_explicit(&core_snap_state, SNAP_LOCKED, memory_order_relaxed);
    pthread_mutex_unlock(&snap_lock);
    uint64_t deadline = sched_now_ns() + lock_timeout_ns();
    rc = drain_all(deadline, fn);
    if (rc) {
        op_leave(SNAP_RUNNING, true);
        return rc == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
                   ? core_err(ACL_ERROR_SNAPSHOT_LOCK_TIMEOUT,
                              "%s: the device work did not drain in time; the process stays "
                              "running", fn)
                   : rc;
    }
    op_leave(SNAP_LOCKED, true);
    return ACL_SUCCESS;
}

aclError core_snapshot_unlock(const char *fn)
{
    aclError rc =
        op_enter(1u << SNAP_LOCKED | 1u << SNAP_BACKED_UP, ACL_ERROR_SNAPSHOT_UNLOCK_FAILED,
                 "only a locked process can be unlocked", fn);
    if (rc)
        return rc;
    op_leave(SNAP_RUNNING, true);
    return fire(ACL_RT_SNAPSHOT_UNLOCK_POST, fn);
}

static void backup_free(void)
{
    for (int d = 0; d < CORE_MAX_DEVICES; d++) {
        for (size_t i = 0; i < g_backup[d].n; i++)
            free(g_backup[d].copy[i]);
        free(g_backup[d].copy);
        free(g_backup[d].maps);
        g_backup[d] = (struct snap_dev){0};
    }
    g_have_backup = false;
}

/* The current mappings of device d (*out, *n; free *out). */
static bool mappings_of(int d, struct mem_mapping **out, size_t *n)
{
    *out = NULL;
    for (;;) {
        size_t want = 0;
        if (mem_dev_mappings(d, NULL, 0, &want) != 0)
            return false;
        struct mem_mapping *m = core_malloc((want ? want : 1) * sizeof(*m));
        if (!m)
            return false;
        size_t got = 0;
        mem_dev_mappings(d, m, want, &got);
        if (got <= want) {
            *out = m;
            *n = got;
            return true;
        }
        free(m); /* grew meanwhile: again */
    }
}

/* Start a backup or restore: the state must be `state`; its PRE callbacks; then the work
 * the locking thread queued before the lock drains. On failure nothing changed. */
static aclError op_prepare(int state, aclError code, const char *what, aclrtSnapShotStage pre,
                           const char *fn)
{
    aclError rc = op_enter(1u << state, code, what, fn);
    if (rc)
        return rc;
    rc = fire(pre, fn);
    if (!rc)
        rc = drain_all(sched_now_ns() + lock_timeout_ns(), fn);
    if (rc)
        op_leave(state, false);
    return rc;
}

aclError core_snapshot_backup(const char *fn)
{
    aclError rc =
        op_prepare(SNAP_LOCKED, ACL_ERROR_SNAPSHOT_BACKUP_FAILED,
                   "only a locked process can be backed up", ACL_RT_SNAPSHOT_BACKUP_PRE, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&snap_lock);
    backup_free(); /* the last backup wins */
    bool ok = true;
    for (int d = 0; d < CORE_MAX_DEVICES && ok; d++) {
        struct snap_dev *b = &g_backup[d];
        ok = mappings_of(d, &b->maps, &b->n);
        if (ok && b->n) {
            b->copy = core_calloc(b->n, sizeof(*b->copy));
            ok = b->copy != NULL;
        }
        for (size_t i = 0; ok && i < b->n; i++) {
            b->copy[i] = core_malloc(b->maps[i].len);
            ok = b->copy[i] != NULL;
            if (ok)
                memcpy(b->copy[i], (void *)b->maps[i].base, b->maps[i].len);
        }
    }
    if (!ok)
        backup_free();
    else
        g_have_backup = true;
    pthread_mutex_unlock(&snap_lock);
    if (!ok) {
        op_leave(SNAP_LOCKED, false);
        return core_err(ACL_ERROR_SNAPSHOT_BACKUP_FAILED,
                        "%s: out of host memory for the copy of device memory", fn);
    }
    rc = fire(ACL_RT_SNAPSHOT_BACKUP_POST, fn);
    op_leave(rc ? SNAP_LOCKED : SNAP_BACKED_UP, !rc);
    return rc;
}

aclError core_snapshot_restore(const char *fn)
{
    aclError rc =
        op_prepare(SNAP_BACKED_UP, ACL_ERROR_SNAPSHOT_RESTORE_FAILED,
                   "only a backed-up process can be restored", ACL_RT_SNAPSHOT_RESTORE_PRE, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&snap_lock);
    int bad = -1;
    for (int d = 0; d < CORE_MAX_DEVICES && bad < 0; d++) { /* check all before writing any */
        struct mem_mapping *m;
        size_t n;
        if (!mappings_of(d, &m, &n)) {
            bad = d;
            break;
        }
        if (n != g_backup[d].n || (n && memcmp(m, g_backup[d].maps, n * sizeof(*m)) != 0))
            bad = d;
        free(m);
    }
    for (int d = 0; d < CORE_MAX_DEVICES && bad < 0; d++)
        for (size_t i = 0; i < g_backup[d].n; i++)
            memcpy((void *)g_backup[d].maps[i].base, g_backup[d].copy[i], g_backup[d].maps[i].len);
    pthread_mutex_unlock(&snap_lock);
    if (bad >= 0) {
        op_leave(SNAP_BACKED_UP, false);
        return core_err(ACL_ERROR_SNAPSHOT_RESTORE_FAILED,
                        "%s: device %d's memory layout changed since the backup (memory was "
                        "allocated or freed); nothing restored", fn, bad);
    }
    rc = fire(ACL_RT_SNAPSHOT_RESTORE_POST, fn);
    op_leave(SNAP_LOCKED, true); /* restored: locked again, as documented */
    return rc;
}

/* At exit a process still locked lets its waiting threads go (the reference does so). */
__attribute__((destructor)) static void snapshot_exit(void)
{
    pthread_mutex_lock(&snap_lock);
    atomic_store_explicit(&core_snap_state, SNAP_RUNNING, memory_order_relaxed); /* snap_lock */
    pthread_cond_broadcast(&snap_cv);
    backup_free();
    pthread_mutex_unlock(&snap_lock);
}
