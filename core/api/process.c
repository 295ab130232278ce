/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of the process calls of acl/acl.h and acl/acl_rt.h: aclInit,
 * aclFinalize, aclFinalizeReference, the init and finalize callbacks, snapshots
 * (aclrtSnapShot*), versions and CANN attributes, the bare tgid and the run
 * mode. Calls the process room (core/process/process.h) and the runtime room
 * (core/runtime/runtime.h: CORE_REQUIRE_INIT).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "core/err.h"
#include "core/process/process.h"
#include "core/runtime/runtime.h"

/* ---- init and finalize ------------------------------------------------------ */

aclError aclInit(const char *configPath)
{
    return core_process_init(configPath, __func__);
}

aclError aclFinalize(void)
{
    return core_process_finalize(true, NULL, __func__);
}

aclError aclFinalizeReference(uint64_t *refCount)
{
    return core_process_finalize(false, refCount, __func__);
}

/* ---- init and finalize callbacks --------------------------------------------- */

/* The four calls: cbFunc (an aclInitCallbackFunc when init, else an
 * aclFinalizeCallbackFunc) is not NULL, then it is registered (add) or not. */
static aclError life_call(bool init, bool add, aclRegisterCallbackType type, void *cbFunc,
                          void *userData, const char *fn)
{
    if (!cbFunc)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cbFunc is NULL", fn);
    if (!add)
        return core_life_unregister(init, type, cbFunc, fn);
    return init ? core_life_init_register(type, (aclInitCallbackFunc)cbFunc, userData, fn)
                : core_life_fini_register(type, (aclFinalizeCallbackFunc)cbFunc, userData, fn);
}

aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc,
                                 void *userData)
{
    return life_call(true, true, type, (void *)cbFunc, userData, __func__);
}

aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc)
{
    return life_call(true, false, type, (void *)cbFunc, NULL, __func__);
}

aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc,
                                     void *userData)
{
    return life_call(false, true, type, (void *)cbFunc, userData, __func__);
}

aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc)
{
    return life_call(false, false, type, (void *)cbFunc, NULL, __func__);
}

/* ---- snapshots ------------------------------------------------------------------- */

/* The arguments of the callback calls: a known stage and a callback. */
static aclError snap_cb_args(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback,
                             const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if ((unsigned)stage >= CORE_SNAP_STAGES || !callback)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: stage %d is unknown or callback is NULL", fn,
                        (int)stage);
    return ACL_SUCCESS;
}

aclError aclrtSnapShotCallbackRegister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback,
                                       void *args)
{
    aclError rc = snap_cb_args(stage, callback, __func__);
    return rc ? rc : core_snapshot_cb_add(stage, callback, args, __func__);
}

aclError aclrtSnapShotCallbackUnregister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback)
{
    aclError rc = snap_cb_args(stage, callback, __func__);
    return rc ? rc : core_snapshot_cb_del(stage, callback, __func__);
}

/* The process of a snapshot call: the runtime is up and pid is this process. */
static aclError snap_pid(int pid, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (pid != (int)getpid())
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: pid %d is not this process (%d); only the calling process can be "
                        "snapshotted",
                        fn, pid, (int)getpid());
    return ACL_SUCCESS;
}

/* The arguments of the lock and unlock calls: this process, reserve NULL. */
static aclError lock_args(int pid, const void *reserve, const char *fn)
{
    aclError rc = snap_pid(pid, fn);
    if (!rc && reserve)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: reserve must be NULL", fn);
    return rc;
}

/* The arguments of backup and restore: this process, flags 0. */
static aclError copy_args(int pid, uint32_t flags, const char *fn)
{
    aclError rc = snap_pid(pid, fn);
    if (!rc && flags)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: the flags must be 0 (got %u)", fn, flags);
    return rc;
}

aclError aclrtSnapShotProcessLock(int pid, void *reserve)
{
    aclError rc = lock_args(pid, reserve, __func__);
    return rc ? rc : core_snapshot_lock(__func__);
}

aclError aclrtSnapShotProcessUnlock(int pid, void *reserve)
{
    aclError rc = lock_args(pid, reserve, __func__);
    return rc ? rc : core_snapshot_unlock(__func__);
}

aclError aclrtSnapShotProcessBackup(int pid, aclrtSnapShotBackupArgs *args)
{
    aclError rc = copy_args(pid, args ? args->backupFlags : 0, __func__);
    return rc ? rc : core_snapshot_backup(__func__);
}

aclError aclrtSnapShotProcessRestore(int pid, aclrtSnapShotRestoreArgs *args)
{
    aclError rc = copy_args(pid, args ? args->restoreFlags : 0, __func__);
    return rc ? rc : core_snapshot_restore(__func__);
}

/* ---- process, CANN attributes and versions ---------------------------------- */

aclError aclrtDeviceGetBareTgid(int32_t *pid)
{
    if (!pid)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDeviceGetBareTgid: pid is NULL");
    *pid = core_process_tgid();
    return ACL_SUCCESS;
}

aclError aclGetCannAttributeList(const aclCannAttr **cannAttrList, size_t *num)
{
    if (!cannAttrList || !num)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttributeList: NULL argument");
    *cannAttrList = core_cann_attrs(num);
    return ACL_SUCCESS;
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t *value)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttribute: value is NULL");
    if (!core_cann_attr(cannAttr, value))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttribute: unknown attribute %d",
                        (int)cannAttr);
    return ACL_SUCCESS;
}

aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version)
{
    if (!version)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetCANNVersion: version is NULL");
    int part = core_cann_package(name);
    if (part == 0)
        return core_err(ACL_ERROR_INVALID_FILE,
                        "aclsysGetCANNVersion: package %d is not part of cpuacl (not installed)",
                        (int)name);
    if (part < 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetCANNVersion: unknown package %d",
                        (int)name);
    core_cann_version(version);
    return ACL_SUCCESS;
}

aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion)
{
    if (!majorVersion || !minorVersion || !patchVersion)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetVersion: NULL output pointer");
    core_version(majorVersion, minorVersion, patchVersion);
    return ACL_SUCCESS;
}

aclError aclsysGetVersionStr(char *pkgName, char *versionStr)
{
    if (!pkgName || !versionStr)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetVersionStr: NULL argument");
    core_version_str(versionStr);
    return ACL_SUCCESS;
}

aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum)
{
    if (!pkgName || !versionNum)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetVersionNum: NULL argument");
    *versionNum = core_version_num();
    return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode *runMode)
{
    if (!runMode)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode: runMode is NULL");
    *runMode = core_run_mode();
    return ACL_SUCCESS;
}
