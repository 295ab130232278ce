/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the process can ask about itself (entry points: core/api/process.c): the
 * runtime and CANN package versions, CANN attributes, the bare tgid and the run
 * mode.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/process/process.h"
#include "cpuacl/cpuacl.h"

/* ---- process, CANN attributes and versions ------------------------------ */

int32_t core_process_tgid(void)
{
    return (int32_t)getpid();
}

static const aclCannAttr cann_attrs[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16};

const aclCannAttr *core_cann_attrs(size_t *num)
{
    *num = sizeof(cann_attrs) / sizeof(cann_attrs[0]);
    return cann_attrs;
}

bool core_cann_attr(aclCannAttr attr, int32_t *value)
{
    switch ((int)attr) {
    case ACL_CANN_ATTR_INF_NAN: /* IEEE arithmetic: inf and nan propagate */
    case ACL_CANN_ATTR_BF16:    /* the operators take ACL_BF16 tensors */
        *value = 1;
        return true;
    case ACL_CANN_ATTR_JIT_COMPILE: /* no operator compiler */
        *value = 0;
        return true;
    default:
        return false;
    }
}

int core_cann_package(aclCANNPackageName name)
{
    switch ((int)name) {
    case ACL_PKG_NAME_CANN:
    case ACL_PKG_NAME_RUNTIME:
    case ACL_PKG_NAME_OPP:
    case ACL_PKG_NAME_OPP_KERNEL:
        return 1;
    case ACL_PKG_NAME_COMPILER:
    case ACL_PKG_NAME_HCCL:
    case ACL_PKG_NAME_TOOLKIT:
    case ACL_PKG_NAME_DRIVER:
        return 0;
    default:
        return -1;
    }
}

void core_cann_version(aclCANNPackageVersion *version)
{
    memset(version, 0, sizeof(*version));
    snprintf(version->version, sizeof(version->version), "%d.%d.%d", ACL_MAJOR_VERSION,
             ACL_MINOR_VERSION, ACL_PATCH_VERSION);
    snprintf(version->majorVersion, sizeof(version->majorVersion), "%d", ACL_MAJOR_VERSION);
    snprintf(version->minorVersion, sizeof(version->minorVersion), "%d", ACL_MINOR_VERSION);
    snprintf(version->releaseVersion, sizeof(version->releaseVersion), "%d", ACL_PATCH_VERSION);
    snprintf(version->patchVersion, sizeof(version->patchVersion), "0");
}

/* ---- versions and system queries --------------------------------------- */

void core_version(int32_t *major, int32_t *minor, int32_t *patch)
{
    *major = ACL_MAJOR_VERSION;
    *minor = ACL_MINOR_VERSION;
    *patch = ACL_PATCH_VERSION;
}

#define STR2(x) #x
#define STR(x) STR2(x)
#define CORE_VERSION_STR STR(ACL_MAJOR_VERSION) "." STR(ACL_MINOR_VERSION) "." STR(ACL_PATCH_VERSION)

void core_version_str(char *out)
{
    snprintf(out, ACL_PKG_VERSION_MAX_SIZE, "%s (cpuacl %d.%d.%d)", CORE_VERSION_STR,
             CPUACL_VERSION_MAJOR, CPUACL_VERSION_MINOR, CPUACL_VERSION_PATCH);
}

int32_t core_version_num(void)
{
    return ACL_MAJOR_VERSION * 10000 + ACL_MINOR_VERSION * 100 + ACL_PATCH_VERSION;
}

aclrtRunMode core_run_mode(void)
{
    return ACL_HOST; /* the program runs on the host CPU, as with a PCIe card */
}
