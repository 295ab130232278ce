/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of the event calls (acl_rt.h: events, notifies, counting notifies, and the
 * device facts of the same family, aclrtGetEventAvailNum and aclrtGetHardwareSyncAddr).
 * Each call checks its arguments, records errors and calls the object layer: core/event/
 * (event.h, notify.h), core/device/ (the current context) and core/runtime/ (init).
 * Records and waits are hot paths: one tail call into core/event/event.c.
 */
#include "core/device/device.h"
#include "core/err.h"
#include "core/event/event.h"
#include "core/event/notify.h"
#include "core/runtime/runtime.h"

/* ---- events ------------------------------------------------------------- */

aclError aclrtCreateEvent(aclrtEvent *event)
{
    return core_event_create(event, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE, CORE_EV_PLAIN,
                             "aclrtCreateEvent");
}

aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag)
{
    return core_event_create(event, flag, CORE_EV_WITHFLAG, "aclrtCreateEventWithFlag");
}

aclError aclrtCreateEventExWithFlag(aclrtEvent *event, uint32_t flag)
{
    return core_event_create(event, flag, CORE_EV_EX, "aclrtCreateEventExWithFlag");
}

aclError aclrtDestroyEvent(aclrtEvent event)
{
    CORE_REQUIRE_INIT();
    if (!event)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDestroyEvent: event is NULL");
    return core_event_destroy(event, "aclrtDestroyEvent");
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream)
{
    return core_event_record(event, stream, "aclrtRecordEvent");
}

aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag)
{
    if (flag != ACL_EVENT_RECORD_DEFAULT && flag != ACL_EVENT_RECORD_EXTERNAL)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtRecordEventWithFlag: unknown flag %u", flag);
    return core_event_record_flag(event, stream, flag == ACL_EVENT_RECORD_EXTERNAL,
                                  "aclrtRecordEventWithFlag");
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event)
{
    return core_event_stream_wait(stream, event, "aclrtStreamWaitEvent");
}

aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout)
{
    if (timeout != -1 && timeout <= 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtStreamWaitEventWithTimeout: timeout %d is invalid (-1 or > 0 ms)",
                        (int)timeout);
    return core_event_wait(stream, event, timeout == -1 ? 0 : (uint32_t)timeout, false,
                           "aclrtStreamWaitEventWithTimeout");
}

aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout,
                                      uint32_t flag)
{
    if (flag != ACL_EVENT_WAIT_DEFAULT && flag != ACL_EVENT_WAIT_EXTERNAL)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtStreamWaitEventWithFlag: unknown flag %u",
                        flag);
    if (flag == ACL_EVENT_WAIT_EXTERNAL && timeout != 0)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclrtStreamWaitEventWithFlag: ACL_EVENT_WAIT_EXTERNAL takes timeout 0 "
                        "(got %u)",
                        timeout);
    return core_event_wait(stream, event, timeout, flag == ACL_EVENT_WAIT_EXTERNAL,
                           "aclrtStreamWaitEventWithFlag");
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream)
{
    return core_event_reset(event, stream, "aclrtResetEvent");
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus *status)
{
    bool done = false;
    aclError rc = core_event_query(event, status, false, &done, "aclrtQueryEvent");
    if (rc == ACL_SUCCESS)
        *status = done ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
    return rc;
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status)
{
    return core_event_query_status(event, status, "aclrtQueryEventStatus");
}

aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus *status)
{
    return core_event_query_wait(event, status, "aclrtQueryEventWaitStatus");
}

aclError aclrtSynchronizeEvent(aclrtEvent event)
{
    return core_event_sync(event, -1, false, "aclrtSynchronizeEvent");
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout)
{
    return core_event_sync(event, timeout, true, "aclrtSynchronizeEventWithTimeout");
}

aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent)
{
    CORE_REQUIRE_INIT();
    if (!ms || !startEvent || !endEvent)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime: NULL argument");
    return core_event_elapsed(ms, startEvent, endEvent, "aclrtEventElapsedTime");
}

aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t *timestamp)
{
    if (!timestamp)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtEventGetTimestamp: timestamp is NULL");
    return core_event_timestamp(event, timestamp, "aclrtEventGetTimestamp");
}

aclError aclrtGetEventId(aclrtEvent event, uint32_t *eventId)
{
    if (!eventId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetEventId: eventId is NULL");
    return core_event_id(event, eventId, "aclrtGetEventId");
}

aclError aclrtGetEventAvailNum(uint32_t *eventCount)
{
    static const char fn[] = "aclrtGetEventAvailNum";
    CORE_REQUIRE_INIT();
    if (!eventCount)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: eventCount is NULL", fn);
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: no current context", fn);
    *eventCount = core_event_avail(c->dev);
    return ACL_SUCCESS;
}

/* ---- notifies ----------------------------------------------------------- */

aclError aclrtCreateNotify(aclrtNotify *notify, uint64_t flag)
{
    CORE_REQUIRE_INIT();
    if (!notify)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtCreateNotify: notify is NULL");
    if (flag & ~(uint64_t)(ACL_NOTIFY_DEFAULT | ACL_NOTIFY_DEVICE_USE_ONLY))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtCreateNotify: unknown flag 0x%llx",
                        (unsigned long long)flag);
    return core_notify_create(notify, flag, "aclrtCreateNotify");
}

aclError aclrtDestroyNotify(aclrtNotify notify)
{
    CORE_REQUIRE_INIT();
    if (!notify)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDestroyNotify: notify is NULL");
    return core_notify_destroy(notify, "aclrtDestroyNotify");
}

aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t *notifyId)
{
    CORE_REQUIRE_INIT();
    if (!notify || !notifyId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetNotifyId: NULL argument");
    return core_notify_id(notify, notifyId, "aclrtGetNotifyId");
}

aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream)
{
    CORE_REQUIRE_INIT();
    if (!notify)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtRecordNotify: notify is NULL");
    return core_notify_record(notify, stream, "aclrtRecordNotify");
}

aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream, uint32_t timeout)
{
    CORE_REQUIRE_INIT();
    if (!notify)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtWaitAndResetNotify: notify is NULL");
    return core_notify_wait(notify, stream, timeout, "aclrtWaitAndResetNotify");
}

aclError aclrtNotifyBatchReset(aclrtNotify *notifies, size_t num)
{
    CORE_REQUIRE_INIT();
    if (!notifies || !num)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtNotifyBatchReset: empty array");
    return core_notify_batch_reset(notifies, num, "aclrtNotifyBatchReset");
}

/* ---- counting notifies -------------------------------------------------- */

aclError aclrtCntNotifyCreate(aclrtCntNotify *cntNotify, uint64_t flag)
{
    static const char fn[] = "aclrtCntNotifyCreate";
    CORE_REQUIRE_INIT();
    if (!cntNotify)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cntNotify is NULL", fn);
    if (flag != 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flag is reserved and must be 0 (got 0x%llx)",
                        fn, (unsigned long long)flag);
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: no current context", fn);
    return core_cnt_notify_create(c, cntNotify, fn);
}

aclError aclrtCntNotifyDestroy(aclrtCntNotify cntNotify)
{
    static const char fn[] = "aclrtCntNotifyDestroy";
    CORE_REQUIRE_INIT();
    if (!cntNotify)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cntNotify is NULL", fn);
    return core_cnt_notify_destroy(cntNotify, fn);
}

aclError aclrtCntNotifyGetId(aclrtCntNotify cntNotify, uint32_t *notifyId)
{
    static const char fn[] = "aclrtCntNotifyGetId";
    CORE_REQUIRE_INIT();
    if (!cntNotify || !notifyId)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cntNotify or notifyId is NULL", fn);
    return core_cnt_notify_id(cntNotify, notifyId, fn);
}

aclError aclrtCntNotifyRecord(aclrtCntNotify cntNotify, aclrtStream stream,
                              aclrtCntNotifyRecordInfo *info)
{
    static const char fn[] = "aclrtCntNotifyRecord";
    aclError rc = core_api_args(cntNotify && info, "cntNotify or info is NULL", fn);
    if (rc)
        return rc;
    uint32_t m = (uint32_t)info->mode;
    if (m != ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE && m != ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE &&
        m != ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE && m != ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown record mode %u", fn, m);
    return core_cnt_notify_record(cntNotify, stream, m, info->value, fn);
}

aclError aclrtCntNotifyReset(aclrtCntNotify cntNotify, aclrtStream stream)
{
    static const char fn[] = "aclrtCntNotifyReset";
    CORE_REQUIRE_INIT();
    if (!cntNotify)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cntNotify is NULL", fn);
    return core_cnt_notify_reset(cntNotify, stream, fn);
}

aclError aclrtCntNotifyWaitWithTimeout(aclrtCntNotify cntNotify, aclrtStream stream,
                                       aclrtCntNotifyWaitInfo *info)
{
    static const char fn[] = "aclrtCntNotifyWaitWithTimeout";
    CORE_REQUIRE_INIT();
    if (!cntNotify || !info)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cntNotify or info is NULL", fn);
    if ((uint32_t)info->mode > ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown wait mode %u", fn,
                        (uint32_t)info->mode);
    if (info->isClear > 1)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: isClear must be 0 or 1 (got %u)", fn,
                        info->isClear);
    return core_cnt_notify_wait(cntNotify, stream, (uint32_t)info->mode, info->isClear, info->value,
                                info->timeout, fn);
}

aclError aclrtGetHardwareSyncAddr(void **addr)
{
    static const char fn[] = "aclrtGetHardwareSyncAddr";
    CORE_REQUIRE_INIT();
    if (!addr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: addr is NULL", fn);
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: no current context", fn);
    *addr = core_event_hw_sync_addr(c->dev->id);
    return ACL_SUCCESS;
}
