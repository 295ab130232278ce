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

/* The notify calls of core/api/event.c under the name fn, the runtime initialised and the
 * handles not NULL: the id of a notify; queue a record or a wait-and-reset task (timeout in
 * seconds, 0: none); clear every notify of a non-empty array, all checked live first. */
aclError core_notify_id(aclrtNotify notify, uint32_t *notifyId, const char *fn);
aclError core_notify_record(aclrtNotify notify, aclrtStream stream, const char *fn);
aclError core_notify_wait(aclrtNotify notify, aclrtStream stream, uint32_t timeout_s,
                          const char *fn);
aclError core_notify_batch_reset(aclrtNotify *notifies, size_t num, const char *fn);

/* Counting notifies (core/event/cntnotify.c), for core/api/event.c under the name fn after
 * its checks (runtime initialised, handles and infos not NULL, modes and flags known):
 * create one in context c; destroy one; its id; queue a record (mode, value), a reset, or a
 * wait (mode, clear, value, timeout in seconds, 0: none). And the hardware synchronisation
 * words of device dev (aclrtGetHardwareSyncAddr). */
struct core_ctx;
aclError core_cnt_notify_create(struct core_ctx *c, aclrtCntNotify *cntNotify, const char *fn);
aclError core_cnt_notify_destroy(aclrtCntNotify cntNotify, const char *fn);
aclError core_cnt_notify_id(aclrtCntNotify cntNotify, uint32_t *notifyId, const char *fn);
aclError core_cnt_notify_record(aclrtCntNotify cntNotify, aclrtStream stream, uint32_t mode,
                                uint32_t value, const char *fn);
aclError core_cnt_notify_reset(aclrtCntNotify cntNotify, aclrtStream stream, const char *fn);
aclError core_cnt_notify_wait(aclrtCntNotify cntNotify, aclrtStream stream, uint32_t mode,
                              bool clear, uint32_t value, uint32_t timeout_s, const char *fn);
void *core_event_hw_sync_addr(int32_t dev);

/* A live notify with a reference taken, or NULL; drop it with core_notify_put. */
struct core_notify *core_notify_get(aclrtNotify h);
void core_notify_put(struct core_notify *n);

#endif
