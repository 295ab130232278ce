/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of the device facts of acl/acl_rt.h, acl/acl.h and
 * acl/acl_platform.h: device attributes and capabilities, the SoC and its
 * platform description, device identity (PCI bus ids, UUIDs, id mappings),
 * primary context and peer state, topology, atomic capabilities, utilization,
 * memory usage and UCE, compute groups. Calls the device room
 * (core/device/device.h, errors.h, facts.h) and the runtime room
 * (core/runtime/runtime.h: CORE_REQUIRE_INIT). Behaviour and codes:
 * docs/device.md.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl_platform.h"
#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/device/facts.h"
#include "core/err.h"
#include "core/runtime/runtime.h"

/* The arguments of fn are usable (else ACL_ERROR_INVALID_PARAM with `what`), then
 * the device id: the reference's order of checks. */
static aclError args_dev(bool ok, int32_t deviceId, const char *what, const char *fn)
{
    if (!ok)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, what);
    return core_device_check(deviceId, fn);
}

/* ---- attributes and capabilities ------------------------------------------------ */

aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t *value)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceInfo: value is NULL");
    if (deviceId > INT32_MAX)
        deviceId = INT32_MAX; /* reported as a missing device below */
    aclError rc = core_device_check((int32_t)deviceId, __func__);
    return rc ? rc : core_device_attr((int32_t)deviceId, attr, value, __func__);
}

aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t *value)
{
    aclError rc =
        args_dev(value, deviceId > INT32_MAX ? -1 : (int32_t)deviceId, "value is NULL", __func__);
    return rc ? rc : core_device_info(deviceInfo, value, __func__);
}

aclError aclrtGetDeviceCapability(int32_t deviceId, aclrtDevFeatureType devFeatureType,
                                  int32_t *value)
{
    aclError rc = args_dev(value, deviceId, "value is NULL", __func__);
    return rc ? rc : core_device_feature(devFeatureType, value, __func__);
}

/* ---- the SoC ---------------------------------------------------------------------- */

const char *aclrtGetSocName(void)
{
    return core_soc_name();
}

aclError aclplatformGetDeviceInfo(aclplatformDevInfo infoType, char *value, uint32_t maxLen)
{
    static const char fn[] = "aclplatformGetDeviceInfo";
    if ((unsigned)infoType > ACL_PLATFORM_MEMORY_TYPE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown info type %d", fn, (int)infoType);
    if (!value || !maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL or maxLen is 0", fn);
    return core_platform_info(infoType, value, maxLen, fn);
}

aclError aclplatformGetInstructionInfo(aclplatformCoreType type, const char *instruction,
                                       char *value, uint32_t maxLen)
{
    static const char fn[] = "aclplatformGetInstructionInfo";
    if (type != ACL_PLATFORM_CORE_TYPE_AI_CORE && type != ACL_PLATFORM_CORE_TYPE_VECTOR_CORE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown core type %d", fn, (int)type);
    if (!instruction || !value || !maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: instruction or value is NULL, or maxLen 0",
                        fn);
    return core_platform_instruction(type, instruction, value, maxLen, fn);
}

aclError aclrtCheckArchCompatibility(const char *socVersion, int32_t *canCompatible)
{
    static const char fn[] = "aclrtCheckArchCompatibility";
    if (!socVersion || !canCompatible)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", fn);
    int32_t theirs = core_soc_arch(socVersion), ours = core_soc_arch(core_soc_name());
    if (theirs < 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: SoC version \"%s\" is invalid", fn,
                        socVersion);
    if (ours < 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: the device's SoC \"%s\" is unknown", fn,
                        core_soc_name());
    *canCompatible = theirs == ours ? 1 : 0;
    return ACL_SUCCESS;
}

/* ---- device identity -------------------------------------------------------------- */

aclError aclrtDeviceGetPCIBusId(int32_t deviceId, char *pciBusId, int32_t len)
{
    static const char fn[] = "aclrtDeviceGetPCIBusId";
    if (!pciBusId || len < 13)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: pciBusId is NULL or len %d is below 13", fn,
                        len);
    aclError rc = core_device_check(deviceId, fn);
    if (rc)
        return rc;
    core_device_pci_bus_id(deviceId, pciBusId, len);
    return ACL_SUCCESS;
}

aclError aclrtDeviceGetByPCIBusId(const char *pciBusId, int32_t *deviceId)
{
    CORE_REQUIRE_INIT();
    if (!pciBusId || !deviceId)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", __func__);
    return core_device_by_pci_bus_id(pciBusId, deviceId, __func__);
}

aclError aclrtDeviceGetUuid(int32_t deviceId, aclrtUuid *uuid)
{
    aclError rc = args_dev(uuid, deviceId, "uuid is NULL", __func__);
    if (rc)
        return rc;
    core_device_uuid(deviceId, uuid);
    return ACL_SUCCESS;
}

/* ---- device state --------------------------------------------------------------------- */

aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t *flags, int32_t *active)
{
    aclError rc =
        args_dev(!flags && active, deviceId, "flags must be NULL and active not NULL", __func__);
    if (rc)
        return rc;
    *active = core_device_primary_active(deviceId) ? 1 : 0;
    return ACL_SUCCESS;
}

aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t *status)
{
    CORE_REQUIRE_INIT();
    if (!status)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: status is NULL", __func__);
    return core_device_peer_status(deviceId, peerDeviceId, status, __func__);
}

aclError aclrtGetDevicesTopo(uint32_t deviceId, uint32_t otherDeviceId, uint64_t *value)
{
    CORE_REQUIRE_INIT();
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", __func__);
    return core_devices_topo(deviceId, otherDeviceId, value, __func__);
}

aclError aclrtDeviceGetStreamPriorityRange(int32_t *leastPriority, int32_t *greatestPriority)
{
    aclError rc = core_api_args_ctx(leastPriority && greatestPriority, "NULL argument", __func__);
    if (!rc)
        core_stream_priority_range(leastPriority, greatestPriority);
    return rc;
}

aclError aclrtDeviceL2CacheFlush(void *rsv)
{
    aclError rc = core_api_args_ctx(!rsv, "rsv must be NULL", __func__);
    if (!rc)
        core_device_l2_flush();
    return rc;
}

/* ---- atomic capabilities ----------------------------------------------------------- */

static aclError caps_args(const uint32_t *caps, const aclrtAtomicOperation *ops, uint32_t count,
                          const char *fn)
{
    if (!caps || !ops || !count)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL array or count 0", fn);
    return ACL_SUCCESS;
}

aclError aclrtDeviceGetHostAtomicCapabilities(uint32_t *capabilities,
                                              const aclrtAtomicOperation *operations,
                                              const uint32_t count, int32_t deviceId)
{
    aclError rc = core_device_check(deviceId, __func__);
    if (!rc)
        rc = caps_args(capabilities, operations, count, __func__);
    return rc ? rc : core_atomic_caps(capabilities, operations, count, __func__);
}

aclError aclrtDeviceGetP2PAtomicCapabilities(uint32_t *capabilities,
                                             const aclrtAtomicOperation *operations,
                                             const uint32_t count, int32_t srcDeviceId,
                                             int32_t dstDeviceId)
{
    aclError rc = core_device_check(srcDeviceId, __func__);
    if (!rc)
        rc = core_device_check(dstDeviceId, __func__);
    if (rc)
        return rc;
    if (srcDeviceId == dstDeviceId)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: source and destination are device %d",
                        __func__, srcDeviceId);
    rc = caps_args(capabilities, operations, count, __func__);
    /* Both devices' memory is the host's: the same atomics as the host's. */
    return rc ? rc : core_atomic_caps(capabilities, operations, count, __func__);
}

/* ---- utilization, memory usage and UCE -------------------------------------------- */

aclError aclrtGetDeviceUtilizationRate(int32_t deviceId, aclrtUtilizationInfo *utilizationInfo)
{
    if (!utilizationInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: utilizationInfo is NULL", __func__);
    aclError rc = args_dev(!utilizationInfo->utilizationExtend, deviceId,
                           "utilizationExtend is reserved (NULL)", __func__);
    if (rc)
        return rc;
    core_device_utilization(deviceId, utilizationInfo);
    return ACL_SUCCESS;
}

aclError aclrtGetMemUsageInfo(int32_t deviceId, aclrtMemUsageInfo *memUsageInfo, size_t inputNum,
                              size_t *outputNum)
{
    aclError rc = args_dev(memUsageInfo && outputNum && inputNum, deviceId,
                           "NULL argument or inputNum 0", __func__);
    if (!rc)
        core_device_mem_usage(deviceId, memUsageInfo, outputNum);
    return rc;
}

aclError aclrtGetMemUceInfo(int32_t deviceId, aclrtMemUceInfo *memUceInfoArray, size_t arraySize,
                            size_t *retSize)
{
    aclError rc = args_dev(memUceInfoArray && retSize && arraySize, deviceId,
                           "NULL argument or arraySize 0", __func__);
    if (rc)
        return rc;
    *retSize = 0; /* host memory errors are the kernel's: no address is ever reported */
    return ACL_SUCCESS;
}

aclError aclrtMemUceRepair(int32_t deviceId, aclrtMemUceInfo *memUceInfoArray, size_t arraySize)
{
    aclError rc =
        args_dev(memUceInfoArray && arraySize, deviceId, "NULL array or arraySize 0", __func__);
    if (rc)
        return rc;
    return core_err(ACL_ERROR_INVALID_PARAM,
                    "%s: %p is not an uncorrectable-error address of device %d "
                    "(aclrtGetMemUceInfo reports none)",
                    __func__, memUceInfoArray[0].addr, deviceId);
}

/* ---- groups -------------------------------------------------------------------------- */

aclError aclrtGetGroupCount(uint32_t *count)
{
    aclError rc = core_api_args_ctx(count, "count is NULL", __func__);
    if (!rc)
        *count = CORE_GROUP_COUNT;
    return rc;
}

aclrtGroupInfo *aclrtCreateGroupInfo(void)
{
    if (!core_initialised()) {
        core_err(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called", __func__);
        return NULL;
    }
    aclError rc = ACL_SUCCESS;
    if (!core_ctx_need(__func__, &rc))
        return NULL;
    return core_group_info_new(__func__);
}

aclError aclrtDestroyGroupInfo(aclrtGroupInfo *groupInfo)
{
    if (!groupInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDestroyGroupInfo: groupInfo is NULL");
    core_group_info_free(groupInfo);
    return ACL_SUCCESS;
}

aclError aclrtGetAllGroupInfo(aclrtGroupInfo *groupInfo)
{
    aclError rc = core_api_args_ctx(groupInfo, "groupInfo is NULL", __func__);
    if (!rc)
        core_group_info_fill(groupInfo);
    return rc;
}

aclError aclrtGetGroupInfoDetail(const aclrtGroupInfo *groupInfo, int32_t groupIndex,
                                 aclrtGroupAttr attr, void *attrValue, size_t valueLen,
                                 size_t *paramRetSize)
{
    static const char fn[] = "aclrtGetGroupInfoDetail";
    CORE_REQUIRE_INIT();
    if (!groupInfo || !attrValue || !paramRetSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", fn);
    if (groupIndex < 0 || (uint32_t)groupIndex >= CORE_GROUP_COUNT)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: group index %d out of [0, %u)", fn,
                        groupIndex, CORE_GROUP_COUNT);
    int32_t v;
    aclError rc = core_group_attr(groupInfo, groupIndex, attr, &v, fn);
    if (rc)
        return rc;
    if (valueLen < sizeof(v))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: valueLen %zu is below %zu", fn, valueLen,
                        sizeof(v));
    memcpy(attrValue, &v, sizeof(v));
    *paramRetSize = sizeof(v);
    return ACL_SUCCESS;
}

aclError aclrtSetGroup(int32_t groupId)
{
    CORE_REQUIRE_INIT();
    aclError rc = ACL_SUCCESS;
    if (!core_ctx_need(__func__, &rc))
        return rc;
    if (groupId < 0 || (uint32_t)groupId >= CORE_GROUP_COUNT)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: no group %d (group 0 is the whole device)",
                        __func__, groupId);
    return ACL_SUCCESS; /* group 0 is the whole device: tasks run as before */
}

aclError aclrtSetTsDevice(aclrtTsId tsId)
{
    CORE_REQUIRE_INIT();
    if (tsId != ACL_TS_ID_AICORE && tsId != ACL_TS_ID_AIVECTOR)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown task scheduler %d", __func__,
                        (int)tsId);
    /* One scheduler (the device's workers) takes both kinds of work. */
    return ACL_SUCCESS;
}

/* ---- device id mappings ------------------------------------------------------------ */

/* No ASCEND_RT_VISIBLE_DEVICES remapping, no container: one id space, every
 * mapping is the identity on the devices of the configuration. */
static aclError id_map(int32_t in, int32_t *out, const char *fn)
{
    aclError rc = args_dev(out, in, "output is NULL", fn);
    if (!rc)
        *out = in;
    return rc;
}

/* Last in the file: tests/install/check_api_calls.py reads a file-level macro's
 * arguments up to the next ';', '{' or '}'. */
#define ID_MAP(name, from, to)                                                                     \
    aclError name(const int32_t from, int32_t *const to)                                           \
    {                                                                                              \
        return id_map(from, to, #name);                                                            \
    }
ID_MAP(aclrtGetLogicDevIdByUserDevId, userDevid, logicDevId)
ID_MAP(aclrtGetUserDevIdByLogicDevId, logicDevId, userDevid)
ID_MAP(aclrtGetLogicDevIdByPhyDevId, phyDevId, logicDevId)
ID_MAP(aclrtGetPhyDevIdByLogicDevId, logicDevId, phyDevId)
ID_MAP(aclrtGetUserDevIdByPhyDevId, phyDevId, userDevId)
ID_MAP(aclrtGetPhyDevIdByUserDevId, userDevId, phyDevId)
