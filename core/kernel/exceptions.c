/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Task failures reported to the host (acl/acl_rt.h): exception callbacks fired
 * for failing tasks, with the failing binary kernel's function and arguments
 * (struct rtExceptionInfo, core/kernel/kernel.h; its accessors and the entry
 * points are core/api/kernel.c).
 *
 * A failing task reaches fail_hook (installed in sched/ at load time) on the
 * worker that ran it, while the task is still at its stream's head:
 *  E1. The device's failure code is stored first (core_device_note_failure,
 *      release), then callbacks run; so once a synchronisation has returned
 *      the task's error, both the device state and every callback's effects
 *      are visible (the worker's release store of head comes after the hook
 *      returns, sched/stream.h S2).
 *  E2. Callback slots are written under cb_lock and read lock-free: a slot
 *      is either NULL or a callback registered at some point; unregistering
 *      does not wait for a notification already in flight (as documented).
 */
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/err.h"
#include "core/kernel/function.h"
#include "core/kernel/kernel.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "cpuacl/cpuacl.h"

/* ---- exception callbacks ------------------------------------------------ */

#define CB_MAX 64
static pthread_mutex_t cb_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(aclrtExceptionInfoCallback) cb_legacy;      /* A: the deprecated setter's */
static _Atomic(aclrtExceptionInfoCallback) cb_slots[CB_MAX]; /* A: E2 */

static void fail_hook(struct sched_exec *x, int32_t code)
{
    struct core_stream *s = (struct core_stream *)x->stream->owner;
    struct core_ctx *ctx = s ? s->ctx : NULL;
    struct core_kernel_fault kf = core_kernel_t_fault; /* a binary kernel's failure (core/kernel/function.c) */
    core_kernel_t_fault = (struct core_kernel_fault){0};
    if (!ctx) /* a stream being torn down: no device to report to */
        return;
    int32_t dev = ctx->dev->id;
    core_device_note_failure(dev, code); /* E1: before the callbacks */

    /* relaxed: E2 only needs some registered value; the callback's own state
     * is the user's. */
    aclrtExceptionInfoCallback legacy = atomic_load_explicit(&cb_legacy, memory_order_relaxed);
    bool any = legacy != NULL || kf.bin != NULL;
    for (int i = 0; i < CB_MAX && !any; i++)
        any = atomic_load_explicit(&cb_slots[i], memory_order_relaxed) != NULL;
    if (!any)
        return;

    /* relaxed: head is written only by this worker. A model execution its caller runs
     * (x->worker NULL, core/model/model.c IN1) has no record at the head: the slot may be
     * another submitter's; the info carries the position it would have had. */
    uint64_t pos = atomic_load_explicit(&x->stream->head, memory_order_relaxed);
    struct sched_task *t = x->worker ? &x->stream->slots[pos & x->stream->mask] : NULL;
    struct rtExceptionInfo info = {
        .taskid = (uint32_t)pos,
        .streamid = x->stream->trace_id,
        .tid = (uint32_t)syscall(SYS_gettid),
        .deviceid = (uint32_t)dev,
        .retcode = (uint32_t)code,
        .func = kf.func,
        .args = kf.args,
        .args_len = kf.args_len,
    };
    if (t && t->kind == CORE_T_KERNEL && !info.func) { /* cpuacl C kernels */
        if (t->u16) {
            info.args = &t->arg.u64[2];
            info.args_len = CPUACL_KERNEL_ARGS_MAX;
        } else {
            info.args = t->arg.ptr[1];
        }
    }
    if (legacy)
        legacy(&info);
    for (int i = 0; i < CB_MAX; i++) {
        aclrtExceptionInfoCallback cb = atomic_load_explicit(&cb_slots[i], memory_order_relaxed);
        if (cb)
            cb(&info);
    }
    if (kf.bin) /* the binary's own callback (aclrtBinarySetExceptionCallback) */
        core_bin_exception_fire(kf.bin, &info);
}

__attribute__((constructor)) static void errinfo_install(void)
{
    /* release: pairs with the acquire in sched_exec_fail. */
    atomic_store_explicit(&sched_fail_hook, fail_hook, memory_order_release);
}

void core_exc_set_legacy(aclrtExceptionInfoCallback callback)
{
    /* relaxed: E2. */
    atomic_store_explicit(&cb_legacy, callback, memory_order_relaxed);
}

aclError core_exc_register(aclrtExceptionInfoCallback callback, const char *fn)
{
    pthread_mutex_lock(&cb_lock);
    int freei = -1;
    for (int i = 0; i < CB_MAX; i++) {
        aclrtExceptionInfoCallback c = atomic_load_explicit(&cb_slots[i], memory_order_relaxed);
        if (c == callback) { /* registered again: one entry */
            pthread_mutex_unlock(&cb_lock);
            return ACL_SUCCESS;
        }
        if (!c && freei < 0)
            freei = i;
    }
    if (freei >= 0) /* relaxed: E2 */
        atomic_store_explicit(&cb_slots[freei], callback, memory_order_relaxed);
    pthread_mutex_unlock(&cb_lock);
    if (freei < 0)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: %d callbacks already registered", fn,
                        CB_MAX);
    return ACL_SUCCESS;
}

void core_exc_unregister(aclrtExceptionInfoCallback callback)
{
    pthread_mutex_lock(&cb_lock);
    for (int i = 0; i < CB_MAX; i++)
        if (atomic_load_explicit(&cb_slots[i], memory_order_relaxed) == callback)
            atomic_store_explicit(&cb_slots[i], NULL, memory_order_relaxed); /* E2 */
    pthread_mutex_unlock(&cb_lock);
}

/* The id of the last task the calling thread submitted to a stream: its
 * position in that stream, as aclrtGetTaskIdFromExceptionInfo reports it
 * (sched_stream_commit records it). A task recorded into a capture or a build
 * gives its position in its lane (core/model/capture.c, for aclrtTaskUpdateAsync);
 * before any submission it is 0. */
uint32_t core_exc_thread_last_task(void)
{
    struct sched_producer *me = sched_t_producer; /* NULL: never submitted */
    return me ? me->last_task : 0;
}
