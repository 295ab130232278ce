/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The API surface of sharing across processes (acl_rt.h: IPC memory, shareable handles
 * of physical memory, IPC notifies and events, inter-server pids). Checks arguments and
 * records errors, then calls the IPC room (core/ipc/ipc.h).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/ipc/ipc.h"
#include "core/runtime/runtime.h"

aclError aclrtIpcMemGetExportKey(void *devPtr, size_t size, char *key, size_t len, uint64_t flags)
{
    static const char fn[] = "aclrtIpcMemGetExportKey";
    CORE_REQUIRE_INIT();
    if (!devPtr || !key)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, devPtr ? "key" : "devPtr");
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    if (len < CORE_IPC_KEY_LEN)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: len %zu is shorter than the key (%d)", fn,
                        len, CORE_IPC_KEY_LEN);
    return core_ipc_mem_export(devPtr, size, key, flags, fn);
}

aclError aclrtIpcMemSetImportPid(const char *key, int32_t *pid, size_t num)
{
    return core_ipc_mem_set_pid(key, pid, num, "aclrtIpcMemSetImportPid");
}

aclError aclrtIpcMemImportByKey(void **devPtr, const char *key, uint64_t flags)
{
    return core_ipc_mem_import(devPtr, key, flags, "aclrtIpcMemImportByKey");
}

aclError aclrtIpcMemClose(const char *key)
{
    return core_ipc_mem_close(key, "aclrtIpcMemClose");
}

aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle, aclrtMemHandleType handleType,
                                         uint64_t flags, uint64_t *shareableHandle)
{
    static const char fn[] = "aclrtMemExportToShareableHandle";
    CORE_REQUIRE_INIT();
    if (handleType != ACL_MEM_HANDLE_TYPE_NONE && handleType != ACL_MEM_HANDLE_TYPE_POSIX)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown handleType %d", fn, (int)handleType);
    return core_ipc_phys_export(handle, flags, false, shareableHandle, fn);
}

aclError aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle, uint64_t flags,
                                           aclrtMemSharedHandleType shareType,
                                           void *shareableHandle)
{
    static const char fn[] = "aclrtMemExportToShareableHandleV2";
    CORE_REQUIRE_INIT();
    return core_ipc_phys_export_v2(handle, flags, shareType, shareableHandle, fn);
}

aclError aclrtMemImportFromShareableHandle(uint64_t shareableHandle, int32_t deviceId,
                                           aclrtDrvMemHandle *handle)
{
    return core_ipc_phys_import(&shareableHandle, false, deviceId, handle,
                                "aclrtMemImportFromShareableHandle");
}

aclError aclrtMemImportFromShareableHandleV2(void *shareableHandle,
                                             aclrtMemSharedHandleType shareType, uint64_t flags,
                                             aclrtDrvMemHandle *handle)
{
    return core_ipc_phys_import_v2(shareableHandle, shareType, flags, handle,
                                   "aclrtMemImportFromShareableHandleV2");
}

aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle, int32_t *pid, size_t pidNum)
{
    return core_ipc_phys_set_pids(&shareableHandle, false, pid, pidNum,
                                  "aclrtMemSetPidToShareableHandle");
}

aclError aclrtMemSetPidToShareableHandleV2(void *shareableHandle,
                                           aclrtMemSharedHandleType shareType, int32_t *pid,
                                           size_t pidNum)
{
    return core_ipc_phys_set_pids_v2(shareableHandle, shareType, pid, pidNum,
                                     "aclrtMemSetPidToShareableHandleV2");
}

aclError aclrtNotifyGetExportKey(aclrtNotify notify, char *key, size_t len, uint64_t flags)
{
    static const char fn[] = "aclrtNotifyGetExportKey";
    CORE_REQUIRE_INIT();
    if (!notify || !key)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, notify ? "key" : "notify");
    if (len < CORE_IPC_KEY_LEN)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: len %zu is shorter than the key (%d)", fn,
                        len, CORE_IPC_KEY_LEN);
    return core_ipc_notify_export(notify, key, flags, fn);
}

aclError aclrtNotifySetImportPid(aclrtNotify notify, int32_t *pid, size_t num)
{
    static const char fn[] = "aclrtNotifySetImportPid";
    CORE_REQUIRE_INIT();
    if (!notify)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: notify is NULL", fn);
    return core_ipc_notify_set_pid(notify, pid, num, fn);
}

aclError aclrtNotifyImportByKey(aclrtNotify *notify, const char *key, uint64_t flags)
{
    return core_ipc_notify_import(notify, key, flags, "aclrtNotifyImportByKey");
}

aclError aclrtIpcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle *handle)
{
    static const char fn[] = "aclrtIpcGetEventHandle";
    CORE_REQUIRE_INIT();
    if (!event || !handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, event ? "handle" : "event");
    return core_ipc_event_export(event, handle, fn);
}

aclError aclrtIpcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent *event)
{
    static const char fn[] = "aclrtIpcOpenEventHandle";
    CORE_REQUIRE_INIT();
    if (!event)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: event is NULL", fn);
    return core_ipc_event_open(handle, event, fn);
}

aclError aclrtIpcMemSetAttr(const char *key, aclrtIpcMemAttrType type, uint64_t attr)
{
    static const char fn[] = "aclrtIpcMemSetAttr";
    CORE_REQUIRE_INIT();
    if (!key)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: key is NULL", fn);
    if (type != ACL_RT_IPC_MEM_ATTR_ACCESS_LINK)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: type %d is not in [0, 1)", fn, (int)type);
    return core_ipc_mem_set_attr(key, attr, fn);
}

aclError aclrtIpcMemImportPidInterServer(const char *key, aclrtServerPid *serverPids, size_t num)
{
    static const char fn[] = "aclrtIpcMemImportPidInterServer";
    CORE_REQUIRE_INIT();
    if (!key)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: key is NULL", fn);
    return core_ipc_mem_set_pid_inter_server(key, serverPids, num, fn);
}

aclError aclrtNotifySetImportPidInterServer(aclrtNotify notify, aclrtServerPid *serverPids,
                                            size_t num)
{
    static const char fn[] = "aclrtNotifySetImportPidInterServer";
    CORE_REQUIRE_INIT();
    if (!notify)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: notify is NULL", fn);
    return core_ipc_notify_set_pid_inter_server(notify, serverPids, num, fn);
}
