/* SPDX-License-Identifier: Apache-2.0 */
/* Notifies (core/event/notify.c): binary flags set by record tasks, cleared by waits. */
#ifndef CPUACL_CORE_NOTIFY_H
#define CPUACL_CORE_NOTIFY_H

#include "core/runtime/runtime.h"
#include "sched/cond.h"

struct core_notify {
    struct sched_cond cond;    /* value = records run (N1) */
    _Atomic uint64_t consumed; /* A: records taken by waits (N1) */
    _Atomic uint32_t refs;     /* A: user + queued tasks (N3) */
    int32_t dev;               /* I: device of the creating context */
    uint32_t flags;            /* I */
    uint64_t handle;           /* I */
    /* A: shared state once exported or imported across processes (core/ipc/ipc.c); set
     * once with a release store, loaded with acquire by tasks that use it. */
    struct core_ipc_obj *_Atomic ipc;
};

/* aclrtCreateNotify (flag checked) and aclrtDestroyNotify (notify not NULL)
 * under the name fn, for IPC imports. */
aclError core_notify_create(aclrtNotify *notify, uint64_t flag, const char *fn);
aclError core_notify_destroy(aclrtNotify notify, const char *fn);

/* A live notify with a reference taken, or NULL; drop it with core_notify_put. */
struct core_notify *core_notify_get(aclrtNotify h);
void core_notify_put(struct core_notify *n);

#endif
