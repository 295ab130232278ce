/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The surface of the tools (issue 26): tensor dump (acl/acl_dump.h: aclmdlInitDump,
 * aclmdlSetDump, aclmdlFinalizeDump, acldump*, aclopStart/StopDumpArgs), profiling
 * (acl/acl_prof.h: aclprof*), the mstx marks and ranges (mstx/ms_tools_ext.h: mstx*) and
 * the timeline trace (cpuacl/cpuacl.h: cpuaclTraceDump). Each entry point checks its
 * arguments, records errors and calls the tools room (core/tools/: dump.h, prof.h,
 * trace.h, core/obs.h) with its own name as fn.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "core/err.h"
#include "core/obs.h"
#include "core/runtime/runtime.h"
#include "core/tools/dump.h"
#include "core/tools/prof.h"
#include "core/tools/subscribe.h"
#include "core/tools/trace.h"
#include "cpuacl/cpuacl.h"
#include "mstx/ms_tools_ext.h"

/* ---- dump ------------------------------------------------------------------------- */

aclError aclmdlInitDump(void)
{
    CORE_REQUIRE_INIT();
    return core_dump_init(__func__);
}

aclError aclmdlSetDump(const char *dumpCfgPath)
{
    CORE_REQUIRE_INIT();
    if (!dumpCfgPath)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlSetDump: dumpCfgPath is NULL");
    return core_dump_set(dumpCfgPath, __func__);
}

aclError aclmdlFinalizeDump(void)
{
    CORE_REQUIRE_INIT();
    return core_dump_finalize(__func__);
}

aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk *, int32_t),
                            int32_t flag)
{
    if (!messageCallback)
        return core_err(ACL_ERROR_INVALID_PARAM, "acldumpRegCallback: messageCallback is NULL");
    core_dump_callback(messageCallback, flag);
    return ACL_SUCCESS;
}

void acldumpUnregCallback(void)
{
    core_dump_callback(NULL, 0);
}

const char *acldumpGetPath(acldumpType dumpType)
{
    if (dumpType != DATA_DUMP) /* exception and overflow dumps do not happen on CPU */
        return NULL;
    return core_dump_path();
}

aclError aclopStartDumpArgs(uint32_t dumpType, const char *path)
{
    if (dumpType != ACL_OP_DUMP_OP_AICORE_ARGS || !path)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclopStartDumpArgs: dumpType %u or path NULL",
                        dumpType);
    return core_dump_args(path, __func__);
}

aclError aclopStopDumpArgs(uint32_t dumpType)
{
    if (dumpType != ACL_OP_DUMP_OP_AICORE_ARGS)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclopStopDumpArgs: dumpType %u", dumpType);
    return core_dump_args(NULL, __func__);
}

aclError acldumpGetExceptionInfoPath(char *path, size_t maxLen)
{
    if (!path || !maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "acldumpGetExceptionInfoPath: path NULL or 0");
    return core_dump_exception_path(path, maxLen, __func__);
}

aclError acldumpSaveExceptionInfo(const char *fileName, const char *userTag,
                                  const acldumpTensorInfo *tensors, size_t tensorCount)
{
    if (!fileName || !userTag || (tensorCount && !tensors))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acldumpSaveExceptionInfo: fileName, userTag or tensors is NULL");
    return core_dump_save_exception(fileName, userTag, tensors, tensorCount, __func__);
}

/* ---- profiling: stamps, marks and ranges ------------------------------------------ */

/* What a creation under the name fn made, p, with "fn: out of memory" recorded if NULL. */
static void *created(void *p, const char *fn)
{
    if (!p)
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    return p;
}

void *aclprofCreateStamp(void)
{
    return created(core_prof_stamp_new(), __func__);
}

void aclprofDestroyStamp(void *stamp)
{
    core_prof_stamp_destroy(stamp);
}

aclError aclprofSetStampTraceMessage(void *stamp, const char *msg, uint32_t msgLen)
{
    if (!core_prof_stamp_msg(stamp, __func__))
        return ACL_ERROR_INVALID_PARAM;
    if (!msg || msgLen == 0 || msgLen >= CORE_PROF_MSG_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofSetStampTraceMessage: msg NULL or msgLen %u not in [1, %d)", msgLen,
                        CORE_PROF_MSG_MAX);
    core_prof_stamp_set(stamp, msg, msgLen);
    return ACL_SUCCESS;
}

/* The range a stamp opens (range) or the mark it records, into *id; false (the error
 * recorded under fn) if stamp is not a live stamp. */
static bool stamp_mark(void *stamp, bool range, uint64_t *id, const char *fn)
{
    const char *msg = core_prof_stamp_msg(stamp, fn);
    if (!msg)
        return false;
    *id = core_prof_mark_add(NULL, msg, strlen(msg), range);
    return true;
}

aclError aclprofMark(void *stamp)
{
    uint64_t id;
    return stamp_mark(stamp, false, &id, __func__) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

aclError aclprofMarkEx(const char *msg, size_t msgLen, aclrtStream stream)
{
    (void)stream; /* host timestamp (docs/runtime.md) */
    if (!msg || msgLen == 0 || msgLen >= CORE_PROF_MSG_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofMarkEx: msg NULL or msgLen %zu not in [1, %d)", msgLen,
                        CORE_PROF_MSG_MAX);
    core_prof_mark(msg, msgLen);
    return ACL_SUCCESS;
}

aclError aclprofPush(void *stamp)
{
    uint64_t id;
    if (!stamp_mark(stamp, true, &id, __func__))
        return ACL_ERROR_INVALID_PARAM;
    return core_prof_push(id, __func__);
}

aclError aclprofPop(void)
{
    return core_prof_pop(__func__);
}

aclError aclprofRangeStart(void *stamp, uint32_t *rangeId)
{
    const char *msg = core_prof_stamp_msg(stamp, __func__);
    if (!msg)
        return ACL_ERROR_INVALID_PARAM;
    if (!rangeId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofRangeStart: rangeId is NULL");
    *rangeId = (uint32_t)core_prof_mark_add(NULL, msg, strlen(msg), true);
    return ACL_SUCCESS;
}

aclError aclprofRangeStop(uint32_t rangeId)
{
    if (rangeId && !core_prof_range_end(rangeId))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofRangeStop: range %u is not open", rangeId);
    return ACL_SUCCESS;
}

uint64_t aclprofStr2Id(const char *message)
{
    if (message)
        return core_prof_str_id(message);
    core_err(ACL_ERROR_INVALID_PARAM, "aclprofStr2Id: message is NULL");
    return 0;
}

aclError aclprofRangePushEx(aclprofEventAttributes *attr)
{
    if (!attr || attr->messageType != ACL_PROF_MESSAGE_TYPE_TENSOR_INFO ||
        !attr->message.tensorInfo)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofRangePushEx: attr NULL, not TENSOR_INFO, or no tensorInfo");
    return core_prof_push(core_prof_range_named(attr->message.tensorInfo->opNameId), __func__);
}

aclError aclprofRangePop(void)
{
    return core_prof_pop(__func__);
}

/* ---- profiling: steps ------------------------------------------------------------- */

aclprofStepInfo *aclprofCreateStepInfo(void)
{
    return created(core_prof_step_new(), __func__);
}

void aclprofDestroyStepInfo(aclprofStepInfo *stepinfo)
{
    core_prof_step_destroy(stepinfo);
}

aclError aclprofGetStepTimestamp(aclprofStepInfo *stepInfo, aclprofStepTag tag, aclrtStream stream)
{
    (void)stream;
    if (!core_prof_step_ok(stepInfo))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofGetStepTimestamp: stepInfo invalid");
    if (tag != ACL_STEP_START && tag != ACL_STEP_END)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofGetStepTimestamp: tag %d invalid",
                        (int)tag);
    core_prof_step(stepInfo, tag == ACL_STEP_START);
    return ACL_SUCCESS;
}

/* ---- mstx ------------------------------------------------------------------------- */

void mstxMarkA(const char *message, aclrtStream stream)
{
    (void)stream;
    if (message)
        core_prof_mark_add(NULL, message, strlen(message), false);
}

mstxRangeId mstxRangeStartA(const char *message, aclrtStream stream)
{
    (void)stream;
    return message ? core_prof_mark_add(NULL, message, strlen(message), true) : 0;
}

void mstxRangeEnd(mstxRangeId id)
{
    if (id)
        core_prof_range_end(id);
}

mstxDomainHandle_t mstxDomainCreateA(const char *name)
{
    if (!name || !*name)
        return NULL;
    return core_prof_domain_new(name);
}

void mstxDomainDestroy(mstxDomainHandle_t domain)
{
    core_prof_domain_destroy(domain);
}

void mstxDomainMarkA(mstxDomainHandle_t domain, const char *message, aclrtStream stream)
{
    (void)stream;
    const char *name = core_prof_domain_name(domain);
    if (name && message)
        core_prof_mark_add(name, message, strlen(message), false);
}

mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t domain, const char *message,
                                  aclrtStream stream)
{
    (void)stream;
    const char *name = core_prof_domain_name(domain);
    if (!name || !message)
        return 0;
    return core_prof_mark_add(name, message, strlen(message), true);
}

void mstxDomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id)
{
    if (core_prof_domain_name(domain) && id)
        core_prof_range_end(id);
}

/* ---- profiling: collection -------------------------------------------------------- */

#define PROF_KNOWN_TYPES                                                                           \
    (ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU |            \
     ACL_PROF_L2CACHE | ACL_PROF_HCCL_TRACE | ACL_PROF_TRAINING_TRACE | ACL_PROF_MSPROFTX |        \
     ACL_PROF_RUNTIME_API | ACL_PROF_GE_API_L0 | ACL_PROF_TASK_TIME_L0 | ACL_PROF_TASK_MEMORY |    \
     ACL_PROF_GE_API_L1 | ACL_PROF_TASK_TIME_L2 | ACL_PROF_OP_ATTR | ACL_PROF_TASK_TIME_L3 |       \
     ACL_PROF_API_STATS | ACL_PROF_AICORE_SHAPE)

aclError aclprofInit(const char *profilerResultPath, size_t length)
{
    if (!profilerResultPath || length == 0 || length >= CORE_PROF_PATH_MAX ||
        strnlen(profilerResultPath, CORE_PROF_PATH_MAX) != length)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofInit: profilerResultPath is NULL or length %zu is not its length "
                        "(max %d)",
                        length, CORE_PROF_PATH_MAX - 1);
    return core_prof_init(profilerResultPath, length, __func__);
}

aclprofConfig *aclprofCreateConfig(uint32_t *deviceIdList, uint32_t deviceNums,
                                   aclprofAicoreMetrics aicoreMetrics,
                                   const aclprofAicoreEvents *aicoreEvents, uint64_t dataTypeConfig)
{
    (void)aicoreEvents; /* reserved */
    if ((deviceNums && !deviceIdList) || deviceNums > CORE_MAX_DEVICES) {
        core_err(ACL_ERROR_INVALID_PARAM, "aclprofCreateConfig: deviceIdList NULL or deviceNums %u",
                 deviceNums);
        return NULL;
    }
    uint32_t ndev = core_initialised() ? g_rt.cfg.device_count : CORE_MAX_DEVICES;
    for (uint32_t i = 0; i < deviceNums; i++)
        if (deviceIdList[i] >= ndev) {
            core_err(ACL_ERROR_INVALID_PARAM, "aclprofCreateConfig: device %u does not exist",
                     deviceIdList[i]);
            return NULL;
        }
    if (dataTypeConfig & ~(uint64_t)PROF_KNOWN_TYPES) {
        core_err(ACL_ERROR_INVALID_PARAM,
                 "aclprofCreateConfig: dataTypeConfig 0x%" PRIx64 " has unknown bits",
                 dataTypeConfig);
        return NULL;
    }
    if ((unsigned)aicoreMetrics > ACL_AICORE_MEMORY_ACCESS && aicoreMetrics != ACL_AICORE_NONE) {
        core_err(ACL_ERROR_INVALID_PARAM, "aclprofCreateConfig: aicoreMetrics %d is invalid",
                 (int)aicoreMetrics);
        return NULL;
    }
    return created(core_prof_config_new(deviceIdList, deviceNums, aicoreMetrics, dataTypeConfig),
                   __func__);
}

aclError aclprofDestroyConfig(const aclprofConfig *profilerConfig)
{
    if (!core_prof_config_ok(profilerConfig))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofDestroyConfig: config NULL or invalid");
    core_prof_config_destroy(profilerConfig);
    return ACL_SUCCESS;
}

aclError aclprofSetConfig(aclprofConfigType configType, const char *config, size_t configLength)
{
    if (configType <= ACL_PROF_ARGS_MIN || configType >= ACL_PROF_ARGS_MAX || configType == 2)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofSetConfig: configType %d is invalid",
                        (int)configType);
    if (!config || configLength == 0 || strnlen(config, configLength + 1) != configLength)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofSetConfig: config NULL or configLength not its length");
    /* Hardware sampling settings have no CPU counterpart; ACL_PROF_PATH sets the path. */
    if (configType == ACL_PROF_PATH) {
        if (configLength >= CORE_PROF_PATH_MAX || core_obs_mkdirs(config))
            return core_err(ACL_ERROR_INVALID_PARAM, "aclprofSetConfig: bad path '%s'", config);
        core_prof_set_path(config, configLength);
    }
    return ACL_SUCCESS;
}

aclError aclprofStart(const aclprofConfig *profilerConfig)
{
    if (!core_prof_config_ok(profilerConfig))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofStart: config NULL or invalid");
    return core_prof_start(profilerConfig, __func__);
}

aclError aclprofStop(const aclprofConfig *profilerConfig)
{
    if (!core_prof_config_ok(profilerConfig))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofStop: config NULL or invalid");
    return core_prof_stop(profilerConfig, __func__);
}

aclError aclprofFinalize(void)
{
    return core_prof_finalize(__func__);
}

/* ---- model subscription (core/tools/subscribe.c) --------------------------------- */

aclprofSubscribeConfig *aclprofCreateSubscribeConfig(int8_t timeInfoSwitch,
                                                     aclprofAicoreMetrics aicoreMetrics, void *fd)
{
    return core_sub_config_new(timeInfoSwitch, aicoreMetrics, fd, __func__);
}

aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig *profSubscribeConfig)
{
    if (!core_sub_config_ok(profSubscribeConfig))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofDestroySubscribeConfig: config NULL or not a live one");
    core_sub_config_destroy(profSubscribeConfig);
    return ACL_SUCCESS;
}

aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig *profSubscribeConfig)
{
    CORE_REQUIRE_INIT();
    if (!profSubscribeConfig)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofModelSubscribe: config is NULL");
    return core_sub_subscribe(modelId, profSubscribeConfig, __func__);
}

aclError aclprofModelUnSubscribe(uint32_t modelId)
{
    return core_sub_unsubscribe(modelId, __func__);
}

aclError aclprofGetOpDescSize(size_t *opDescSize)
{
    if (!opDescSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofGetOpDescSize: opDescSize is NULL");
    *opDescSize = sizeof(struct core_sub_record);
    return ACL_SUCCESS;
}

aclError aclprofGetOpNum(const void *opInfo, size_t opInfoLen, uint32_t *opNumber)
{
    if (!opNumber)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofGetOpNum: opNumber is NULL");
    if (!core_sub_record_at(opInfo, opInfoLen, 0, opNumber, __func__))
        return ACL_ERROR_INVALID_PARAM;
    return ACL_SUCCESS;
}

/* The length (terminator included) of a record's type (name false) or name. */
static aclError op_str_len(const void *info, size_t len, uint32_t index, size_t *out, bool name,
                           const char *fn)
{
    if (!out)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the length pointer is NULL", fn);
    const struct core_sub_record *r = core_sub_record_at(info, len, index, NULL, fn);
    if (!r)
        return ACL_ERROR_INVALID_PARAM;
    *out = strnlen(name ? r->name : r->type, name ? CORE_SUB_NAME_MAX : CORE_SUB_TYPE_MAX) + 1;
    return ACL_SUCCESS;
}

/* A record's type (name false) or name into buf of cap bytes (the whole string fits). */
static aclError op_str(const void *info, size_t len, uint32_t index, char *buf, size_t cap,
                       bool name, const char *fn)
{
    size_t need = 0;
    aclError rc = op_str_len(info, len, index, &need, name, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    if (!buf || cap < need)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the buffer is %s (%zu bytes needed)", fn,
                        buf ? "too small" : "NULL", need);
    const struct core_sub_record *r = core_sub_record_at(info, len, index, NULL, fn);
    memcpy(buf, name ? r->name : r->type, need - 1);
    buf[need - 1] = '\0';
    return ACL_SUCCESS;
}

/* Field `off` (a u64 or u32 of width bytes) of record index; 0 on a bad record. */
static uint64_t op_field(const void *info, size_t len, uint32_t index, size_t off, size_t width,
                         const char *fn)
{
    const struct core_sub_record *r = core_sub_record_at(info, len, index, NULL, fn);
    if (!r)
        return 0;
    uint64_t v64 = 0;
    uint32_t v32 = 0;
    memcpy(width == 8 ? (void *)&v64 : (void *)&v32, (const char *)r + off, width);
    return width == 8 ? v64 : v32;
}

uint64_t aclprofGetOpStart(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    return op_field(opInfo, opInfoLen, index, offsetof(struct core_sub_record, start), 8, __func__);
}

uint64_t aclprofGetOpEnd(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    return op_field(opInfo, opInfoLen, index, offsetof(struct core_sub_record, end), 8, __func__);
}

uint64_t aclprofGetOpDuration(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    return op_field(opInfo, opInfoLen, index, offsetof(struct core_sub_record, duration), 8,
                    __func__);
}

size_t aclprofGetModelId(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    return (size_t)op_field(opInfo, opInfoLen, index, offsetof(struct core_sub_record, model), 4,
                            __func__);
}

aclprofSubscribeOpFlag aclprofGetOpFlag(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    if (!core_sub_record_at(opInfo, opInfoLen, index, NULL, __func__))
        return ACL_SUBSCRIBE_NONE;
    return (aclprofSubscribeOpFlag)op_field(opInfo, opInfoLen, index,
                                            offsetof(struct core_sub_record, flag), 4, __func__);
}

const char *aclprofGetOpAttriValue(const void *opInfo, size_t opInfoLen, uint32_t index,
                                   aclprofSubscribeOpAttri attri)
{
    /* the calling thread's copy: valid until its next call */
    static _Thread_local char value[16];
    if (attri != ACL_SUBSCRIBE_ATTRI_THREADID) {
        core_err(ACL_ERROR_INVALID_PARAM, "aclprofGetOpAttriValue: attribute %d is not one",
                 (int)attri);
        return NULL;
    }
    if (!core_sub_record_at(opInfo, opInfoLen, index, NULL, __func__))
        return NULL;
    uint64_t tid =
        op_field(opInfo, opInfoLen, index, offsetof(struct core_sub_record, tid), 4, __func__);
    snprintf(value, sizeof(value), "%" PRIu64, tid);
    return value;
}

/* ---- tracing ---------------------------------------------------------------------- */

aclError cpuaclTraceDump(const char *path)
{
    CORE_REQUIRE_INIT();
    if (!path)
        return core_err(ACL_ERROR_INVALID_PARAM, "cpuaclTraceDump: path is NULL");
    return core_trace_dump(path, __func__);
}

/* The op type and name getters, a pair each: the string's length (terminator included) and
 * the string. (Macros come last: check_api_calls.py reads a macro line's arguments.) */
#define PROF_OP_STRING(len_fn, str_fn, is_name)                                                    \
    aclError len_fn(const void *i, size_t l, uint32_t x, size_t *n)                                \
    {                                                                                              \
        return op_str_len(i, l, x, n, is_name, #len_fn);                                           \
    }                                                                                              \
    aclError str_fn(const void *i, size_t l, uint32_t x, char *buf, size_t cap)                    \
    {                                                                                              \
        return op_str(i, l, x, buf, cap, is_name, #str_fn);                                        \
    }

PROF_OP_STRING(aclprofGetOpTypeLen, aclprofGetOpType, false)
PROF_OP_STRING(aclprofGetOpNameLen, aclprofGetOpName, true)
