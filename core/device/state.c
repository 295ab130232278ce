/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device state callbacks (aclrtRegDeviceStateCallback, entry point in
 * core/api/device.c), fired by device set and reset (core/device/device.c); task
 * abort is core/stream/abort.c. Callbacks fire
 * outside every runtime lock (core/runtime/callbacks.c DI1). Behaviour and
 * codes: docs/device.md.
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

#include "acl/acl_platform.h"
#include "core/device/device.h"
#include "core/device/state_pvt.h"
#include "core/runtime/callbacks.h"
#include "sched/worker.h"

static struct core_named_reg reg_state = CORE_NAMED_REG_INIT;

aclError core_devstate_register(const char *regName, aclrtDeviceStateCallback callback, void *args,
                                const char *fn)
{
    return core_named_set(&reg_state, regName, (void (*)(void))callback, args, fn);
}

bool core_devstate_wanted(void)
{
    return atomic_load_explicit(&reg_state.any, memory_order_relaxed) != 0; /* relaxed: hint */
}

void core_devstate_fire(int32_t deviceId, aclrtDeviceState state)
{
    struct core_named_cb copy[CORE_NAMED_MAX];
    uint32_t n = core_named_snapshot(&reg_state, copy);
    for (uint32_t i = 0; i < n; i++)
        ((aclrtDeviceStateCallback)copy[i].fn)(deviceId, state, copy[i].args);
}
