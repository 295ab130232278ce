/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream state callbacks (aclrtRegStreamStateCallback); core/api/stream.c checks the
 * arguments and answers aclrtStreamStop.
 *
 * State callbacks run on the thread that creates or destroys the stream, outside every
 * runtime lock (a callback may call AscendCL): CREATE_POST after aclrtCreateStream* made
 * the stream, DESTROY_PRE before aclrtDestroyStream(Force) destroys it.
 *
 * aclrtStreamStop: the reference stops the task running on the device's scheduler (STARS
 * platforms) and keeps the queue; other platforms answer ACL_ERROR_RT_FEATURE_NOT_SUPPORT.
 * A CPU stream's running task is host code that cannot be interrupted, so cpuacl answers
 * the same (after the argument checks the reference makes); aclrtStreamAbort is the
 * supported way to drop a stream's queued work.
 *
 * aclrtActiveStream / aclrtSwitchStream are tasks of models built by hand:
 * core/model/activate.c.
 *
 * Invariants:
 *   SS1. g_ss holds the registered callbacks by unique name, under its lock; firing copies
 *        them under the lock and calls the copies after it, so a callback may register or
 *        unregister (itself included) without deadlock; one unregistered while a fire is in
 *        flight may still be called once by that fire.
 */
#include <pthread.h>
#include <string.h>

#include "core/err.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

/* SS1: the named registry of core/device/facts.h (shared with the device-state callbacks). */
static struct core_named_reg g_ss = CORE_NAMED_REG_INIT;

aclError core_stream_state_register(const char *regName, aclrtStreamStateCallback callback,
                                    void *args, const char *fn)
{
    return core_named_set(&g_ss, regName, (void (*)(void))callback, args, fn);
}

void rt_stream_state_fire(aclrtStream stream, aclrtStreamState state)
{
    struct core_named_cb copy[CORE_NAMED_MAX];
    uint32_t n = core_named_snapshot(&g_ss, copy);
    for (uint32_t i = 0; i < n; i++) /* SS1: outside the lock, in registration order */
        ((aclrtStreamStateCallback)copy[i].fn)(stream, state, copy[i].args);
}
