/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the process can ask about itself: the runtime and CANN package versions,
 * CANN attributes, the bare tgid and the run mode (the SoC name: core/api/facts.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/err.h"
#include "core/runtime/runtime.h"
#include "cpuacl/cpuacl.h"

/* ---- process, CANN attributes and versions ------------------------------ */

aclError aclrtDeviceGetBareTgid(int32_t *pid)
{
    if (!pid)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDeviceGetBareTgid: pid is NULL");
    *pid = (int32_t)getpid();
    return ACL_SUCCESS;
}

static const aclCannAttr cann_attrs[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16};

aclError aclGetCannAttributeList(const aclCannAttr **cannAttrList, size_t *num)
{
    if (!cannAttrList || !num)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttributeList: NULL argument");
    *cannAttrList = cann_attrs;
    *num = sizeof(cann_attrs) / sizeof(cann_attrs[0]);
    return ACL_SUCCESS;
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t *value)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttribute: value is NULL");
    switch ((int)cannAttr) {
    case ACL_CANN_ATTR_INF_NAN: /* IEEE arithmetic: inf and nan propagate */
    case ACL_CANN_ATTR_BF16:    /* the operators take ACL_BF16 tensors */
        *value = 1;
        return ACL_SUCCESS;
    case ACL_CANN_ATTR_JIT_COMPILE: /* no operator compiler */
        *value = 0;
        return ACL_SUCCESS;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "aclGetCannAttribute: unknown attribute %d",
                        (int)cannAttr);
    }
}

aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version)
{
    if (!version)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetCANNVersion: version is NULL");
    switch ((int)name) {
    case ACL_PKG_NAME_CANN:
    case ACL_PKG_NAME_RUNTIME:
    case ACL_PKG_NAME_OPP:
    case ACL_PKG_NAME_OPP_KERNEL:
        break;
    case ACL_PKG_NAME_COMPILER:
    case ACL_PKG_NAME_HCCL:
    case ACL_PKG_NAME_TOOLKIT:
    case ACL_PKG_NAME_DRIVER:
        return core_err(ACL_ERROR_INVALID_FILE,
                        "aclsysGetCANNVersion: package %d is not part of cpuacl (not installed)",
                        (int)name);
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetCANNVersion: unknown package %d",
                        (int)name);
    }
    memset(version, 0, sizeof(*version));
    snprintf(version->version, sizeof(version->version), "%d.%d.%d", ACL_MAJOR_VERSION,
             ACL_MINOR_VERSION, ACL_PATCH_VERSION);
    snprintf(version->majorVersion, sizeof(version->majorVersion), "%d", ACL_MAJOR_VERSION);
    snprintf(version->minorVersion, sizeof(version->minorVersion), "%d", ACL_MINOR_VERSION);
    snprintf(version->releaseVersion, sizeof(version->releaseVersion), "%d", ACL_PATCH_VERSION);
    snprintf(version->patchVersion, sizeof(version->patchVersion), "0");
    return ACL_SUCCESS;
}

/* ---- versions and system queries --------------------------------------- */

aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion)
{
    if (!majorVersion || !minorVersion || !patchVersion)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetVersion: NULL output pointer");
    *majorVersion = ACL_MAJOR_VERSION;
    *minorVersion = ACL_MINOR_VERSION;
    *patchVersion = ACL_PATCH_VERSION;
    return ACL_SUCCESS;
}

#define STR2(x) #x
#define STR(x) STR2(x)
#define CORE_VERSION_STR STR(ACL_MAJOR_VERSION) "." STR(ACL_MINOR_VERSION) "." STR(ACL_PATCH_VERSION)

aclError aclsysGetVersionStr(char *pkgName, char *versionStr)
{
    if (!pkgName || !versionStr)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetVersionStr: NULL argument");
    snprintf(versionStr, ACL_PKG_VERSION_MAX_SIZE, "%s (cpuacl %d.%d.%d)", CORE_VERSION_STR,
             CPUACL_VERSION_MAJOR, CPUACL_VERSION_MINOR, CPUACL_VERSION_PATCH);
    return ACL_SUCCESS;
}

aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum)
{
    if (!pkgName || !versionNum)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetVersionNum: NULL argument");
    *versionNum = ACL_MAJOR_VERSION * 10000 + ACL_MINOR_VERSION * 100 + ACL_PATCH_VERSION;
    return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode *runMode)
{
    if (!runMode)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode: runMode is NULL");
    *runMode = ACL_HOST; /* the program runs on the host CPU, as with a PCIe card */
    return ACL_SUCCESS;
}

