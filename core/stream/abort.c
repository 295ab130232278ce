/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Task abort of a device (aclrtSetDeviceTaskAbortCallback, aclrtDeviceTaskAbort; their
 * argument checks are in core/api/stream.c):
 * the callbacks fire outside every runtime lock (core/runtime/callbacks.c DI1)
 * around the abort of every stream of the device. Behaviour and codes:
 * docs/device.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "sched/worker.h"

static struct core_named_reg reg_abort = CORE_NAMED_REG_INIT;

aclError core_device_abort_register(const char *regName, aclrtDeviceTaskAbortCallback callback,
                                    void *args, const char *fn)
{
    return core_named_set(&reg_abort, regName, (void (*)(void))callback, args, fn);
}

static aclError abort_fire(int32_t dev, aclrtDeviceTaskAbortStage stage, uint32_t timeout,
                           const char *fn)
{
    struct core_named_cb copy[CORE_NAMED_MAX];
    uint32_t n = core_named_snapshot(&reg_abort, copy);
    for (uint32_t i = 0; i < n; i++) {
        int32_t r = ((aclrtDeviceTaskAbortCallback)copy[i].fn)(dev, stage, timeout, copy[i].args);
        if (r)
            return core_err(ACL_ERROR_INTERNAL_ERROR,
                            "%s: abort callback \"%s\" returned %d at stage %d", fn, copy[i].name,
                            (int)r, (int)stage);
    }
    return ACL_SUCCESS;
}

aclError core_device_task_abort(int32_t deviceId, uint32_t timeout, const char *fn)
{
    uint64_t deadline = timeout ? sched_now_ns() + (uint64_t)timeout * 1000000u : 0;
    aclError rc = abort_fire(deviceId, ACL_RT_DEVICE_TASK_ABORT_PRE, timeout, fn);
    if (rc)
        return rc;
    /* Snapshot the device's user streams (default and explicit of every
     * context) under the lock; streams are type-stable (L1) and re-checked by
     * handle before each step. Capturing streams hold no queued work. */
    struct core_device *d = &core_devices[deviceId];
    pthread_mutex_lock(&g_rt.lock);
    uint32_t n = 0;
    for (struct core_ctx *c = d->contexts; c; c = c->next)
        for (struct core_stream *s = c->default_stream; s;
             s = s == c->default_stream ? c->streams : s->next)
            n++;
    struct core_stream **v = n ? core_malloc(n * sizeof(*v)) : NULL;
    uint64_t *h = n ? core_malloc(n * sizeof(*h)) : NULL;
    if (n && (!v || !h)) {
        pthread_mutex_unlock(&g_rt.lock);
        free(v);
        free(h);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    uint32_t k = 0;
    for (struct core_ctx *c = d->contexts; c; c = c->next)
        for (struct core_stream *s = c->default_stream; s;
             s = s == c->default_stream ? c->streams : s->next)
            if (!atomic_load_explicit(&s->cap, memory_order_relaxed)) { /* relaxed: A1 (lock) */
                v[k] = s;
                h[k++] = s->handle;
            }
    pthread_mutex_unlock(&g_rt.lock);
    /* Every stream drops its unstarted tasks at once (the protocol of
     * aclrtStreamAbort), then each is waited for. release: the worker that
     * sees the flag drops what it has not started. */
    for (uint32_t i = 0; i < k; i++)
        if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h[i]) == v[i]) {
            atomic_store_explicit(&v[i]->s.discard, 1, memory_order_release);
            sched_worker_kick(v[i]->s.worker);
        }
    bool late = false;
    for (uint32_t i = 0; i < k; i++) {
        if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h[i]) != v[i])
            continue; /* destroyed meanwhile: its destroy drained it */
        if (!late && core_stream_wait_serving(&v[i]->s, sched_stream_submitted(&v[i]->s), deadline))
            late = true;
    }
    for (uint32_t i = 0; i < k; i++)
        if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h[i]) == v[i]) {
            /* release: tasks submitted from now on run again */
            atomic_store_explicit(&v[i]->s.discard, 0, memory_order_release);
            (void)sched_stream_take_error(&v[i]->s); /* the dropped work's failure goes too */
        }
    free(v);
    free(h);
    if (late)
        return core_err(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                        "%s: device %d still ran a task after %u ms", fn, deviceId, timeout);
    return abort_fire(deviceId, ACL_RT_DEVICE_TASK_ABORT_POST, timeout, fn);
}

