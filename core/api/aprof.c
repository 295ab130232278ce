/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Entry points of the msprof reporting interface (profiling/aprof_pub.h); the work is in
 * core/tools/aprof.c, the rules in docs/tools.md, "msprof reporting".
 */
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/tools/aprof.h"
#include "core/tools/prof.h"

int32_t MsprofInit(uint32_t dataType, void *data, uint32_t dataLen)
{
    return core_aprof_init(dataType, data, dataLen, __func__);
}

int32_t MsprofFinalize(void)
{
    core_aprof_notify(PROF_COMMANDHANDLE_TYPE_FINALIZE, 0, 0, NULL);
    return MSPROF_ERROR_NONE;
}

int32_t MsprofRegisterCallback(uint32_t moduleId, ProfCommandHandle handle)
{
    return core_aprof_register(moduleId, handle, __func__);
}

int32_t MsprofReportApi(uint32_t nonPersistantFlag, const struct MsprofApi *api)
{
    (void)nonPersistantFlag;
    if (!api) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: api is NULL", __func__);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    return core_aprof_report(api->level, api->type, api->magicNumber, api->beginTime,
                             api->endTime ? api->endTime : api->beginTime, __func__);
}

int32_t MsprofReportEvent(uint32_t nonPersistantFlag, const struct MsprofEvent *event)
{
    (void)nonPersistantFlag;
    if (!event) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: event is NULL", __func__);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    return core_aprof_report(event->level, event->type, event->magicNumber, event->timeStamp, 0,
                             __func__);
}

int32_t MsprofReportCompactInfo(uint32_t nonPersistantFlag, const VOID_PTR data, uint32_t length)
{
    (void)nonPersistantFlag;
    return core_aprof_records(data, length, sizeof(struct MsprofCompactInfo), false, __func__);
}

int32_t MsprofReportAdditionalInfo(uint32_t nonPersistantFlag, const VOID_PTR data, uint32_t length)
{
    (void)nonPersistantFlag;
    return core_aprof_records(data, length, sizeof(struct MsprofAdditionalInfo), false, __func__);
}

int32_t MsprofReportBatchAdditionalInfo(uint32_t nonPersistantFlag, const VOID_PTR data,
                                        uint32_t length)
{
    (void)nonPersistantFlag;
    return core_aprof_records(data, length, sizeof(struct MsprofAdditionalInfo), true, __func__);
}

size_t MsprofGetBatchReportMaxSize(uint32_t type)
{
    return type == MSPROF_BATCH_ADDITIONAL_INFO
               ? APROF_BATCH_MAX * sizeof(struct MsprofAdditionalInfo)
               : 0;
}

int32_t MsprofRegTypeInfo(uint16_t level, uint32_t typeId, const char *typeName)
{
    return core_aprof_reg_type(level, typeId, typeName, __func__);
}

int32_t MsprofRegDataFormat(uint16_t level, uint32_t typeId, const char *dataFormat)
{
    (void)level;
    (void)typeId;
    if (!dataFormat) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: dataFormat is NULL", __func__);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    return MSPROF_ERROR_NONE; /* the data itself is not decoded (docs/tools.md) */
}

/* The aclprofStr2Id id of the first length bytes (0: none, or out of memory). */
static uint64_t str_id(const char *hashInfo, size_t length)
{
    if (!hashInfo || !length)
        return 0;
    char *s = strndup(hashInfo, length);
    uint64_t id = s ? core_prof_str_id(s) : 0;
    free(s);
    return id;
}

uint64_t MsprofGetHashId(const char *hashInfo, size_t length)
{
    return str_id(hashInfo, length);
}

uint64_t MsprofStr2Id(const char *hashInfo, size_t length)
{
    return str_id(hashInfo, length);
}

char *MsprofId2Str(const uint64_t Id)
{
    return (char *)core_prof_str_of(Id);
}

char *MsprofGetPath(void)
{
    return core_aprof_path();
}

int32_t MsprofSetDeviceIdByGeModelIdx(const uint32_t geModelIdx, const uint32_t deviceId)
{
    return core_aprof_model_device(geModelIdx, deviceId, true, __func__);
}

int32_t MsprofUnsetDeviceIdByGeModelIdx(const uint32_t geModelIdx, const uint32_t deviceId)
{
    return core_aprof_model_device(geModelIdx, deviceId, false, __func__);
}

uint64_t MsprofSysCycleTime(void)
{
    return core_aprof_now();
}

bool MsprofCheckOpSwitch(uint32_t type, const char *op, size_t len)
{
    /* Collection takes every operator (no per-type filter): on while collecting. */
    return type == MSPROF_OPTYPE && op && len && core_aprof_collecting();
}
