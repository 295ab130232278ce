/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The msprof reporting interface (profiling/aprof_pub.h), the object side; the entry points
 * are in core/api/aprof.c. It rides on the aclprof collection of core/tools/prof.c:
 *   - modules registered with MsprofRegisterCallback are told INIT (MsprofInit), START and
 *     STOP (aclprofStart / aclprofStop, with the data types as profSwitch and the devices),
 *     FINALIZE (MsprofFinalize, aclprofFinalize), as PROF_CTRL_SWITCH commands;
 *   - API reports become ranges and events instant marks in the collection's trace (domain
 *     "msprof", named by the type registered with MsprofRegTypeInfo, else "level/type");
 *     compact and additional records are checked and counted (nothing on a CPU reads
 *     their device-side formats);
 *   - hash ids are aclprofStr2Id's; the model-to-device map is kept for
 *     MsprofSetDeviceIdByGeModelIdx / Unset; the cycle clock is the host monotonic clock (ns).
 * All state is under g_a.lock; callbacks are called outside it, in registration order.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/tools/aprof.h"
#include "core/tools/prof.h"
#include "sched/clock.h"

#define APROF_MODULES 128 /* module ids 0..127 */
#define APROF_TYPES 256   /* registered type names */
#define APROF_MODELS 1024 /* model-to-device pairs */

struct aprof_type {
    uint16_t level;
    uint32_t type;
    char *name;
};

static struct {
    pthread_mutex_t lock;
    ProfCommandHandle cb[APROF_MODULES];
    struct aprof_type types[APROF_TYPES];
    uint32_t ntypes;
    struct {
        uint32_t model, dev;
    } models[APROF_MODELS];
    uint32_t nmodels;
    uint64_t compact, additional; /* records accepted */
    char path[CORE_PROF_PATH_MAX];
} g_a = {.lock = PTHREAD_MUTEX_INITIALIZER};

void core_aprof_notify(uint32_t type, uint64_t types, uint32_t ndev, const uint32_t *dev)
{
    ProfCommandHandle cb[APROF_MODULES];
    pthread_mutex_lock(&g_a.lock);
    memcpy(cb, g_a.cb, sizeof(cb));
    pthread_mutex_unlock(&g_a.lock);
    struct MsprofCommandHandle h;
    for (uint32_t m = 0; m < APROF_MODULES; m++) {
        if (!cb[m])
            continue;
        memset(&h, 0, sizeof(h));
        h.profSwitch = types;
        h.devNums = ndev < MSPROF_MAX_DEV_NUM ? ndev : MSPROF_MAX_DEV_NUM;
        for (uint32_t i = 0; i < h.devNums; i++)
            h.devIdList[i] = dev[i];
        h.type = type;
        cb[m](PROF_CTRL_SWITCH, &h, (uint32_t)sizeof(h));
    }
}

int32_t core_aprof_init(uint32_t dataType, const void *data, uint32_t dataLen, const char *fn)
{
    bool known = dataType <= MSPROF_CTRL_INIT_AICPU || dataType == MSPROF_CTRL_INIT_DYNA;
    if (!known || dataType == MSPROF_CTRL_FINALIZE) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: dataType %u is not an init type", fn, dataType);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    if (!data && dataLen) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: data is NULL with dataLen %u", fn, dataLen);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    core_aprof_notify(PROF_COMMANDHANDLE_TYPE_INIT, 0, 0, NULL);
    return MSPROF_ERROR_NONE;
}

int32_t core_aprof_register(uint32_t moduleId, ProfCommandHandle handle, const char *fn)
{
    if (moduleId >= APROF_MODULES) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: moduleId %u is not below %u", fn, moduleId,
                 APROF_MODULES);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    pthread_mutex_lock(&g_a.lock);
    g_a.cb[moduleId] = handle; /* NULL unregisters */
    pthread_mutex_unlock(&g_a.lock);
    return MSPROF_ERROR_NONE;
}

/* The name a report of (level, type) gets in the trace. */
static void type_name(uint16_t level, uint32_t type, char *out, size_t n)
{
    snprintf(out, n, "%u/%" PRIu32, level, type);
    pthread_mutex_lock(&g_a.lock);
    for (uint32_t i = 0; i < g_a.ntypes; i++)
        if (g_a.types[i].level == level && g_a.types[i].type == type)
            snprintf(out, n, "%s", g_a.types[i].name);
    pthread_mutex_unlock(&g_a.lock);
}

int32_t core_aprof_report(uint16_t level, uint32_t type, uint16_t magic, uint64_t t0, uint64_t t1,
                          const char *fn)
{
    if (magic != MSPROF_REPORT_DATA_MAGIC_NUM) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: magicNumber %#x is not %#x", fn, magic,
                 MSPROF_REPORT_DATA_MAGIC_NUM);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    if (t1 && t1 < t0) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: endTime is before beginTime", fn);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    char name[128];
    type_name(level, type, name, sizeof(name));
    (void)core_prof_range_add("msprof", name, t0, t1); /* not collecting: dropped, as msprof */
    return MSPROF_ERROR_NONE;
}

int32_t core_aprof_records(const void *data, uint32_t length, size_t each, bool batch,
                           const char *fn)
{
    if (!data || !length ||
        (batch ? length % each != 0 || length > APROF_BATCH_MAX * each : length != each)) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: data is NULL or length %u is not %s%zu bytes", fn,
                 length, batch ? "a multiple (up to MsprofGetBatchReportMaxSize) of " : "", each);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    const unsigned char *p = data;
    for (uint32_t off = 0; off < length; off += (uint32_t)each) {
        uint16_t magic;
        memcpy(&magic, p + off, sizeof(magic));
        if (magic != MSPROF_REPORT_DATA_MAGIC_NUM) {
            core_err(ACL_ERROR_INVALID_PARAM, "%s: record at byte %u has magicNumber %#x", fn, off,
                     magic);
            return MSPROF_ERROR_CONFIG_INVALID;
        }
    }
    pthread_mutex_lock(&g_a.lock);
    if (each == sizeof(struct MsprofCompactInfo))
        g_a.compact += length / each;
    else
        g_a.additional += length / each;
    pthread_mutex_unlock(&g_a.lock);
    return MSPROF_ERROR_NONE;
}

int32_t core_aprof_reg_type(uint16_t level, uint32_t typeId, const char *name, const char *fn)
{
    if (!name || !*name) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: the name is NULL or empty", fn);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    char *copy = strdup(name);
    int32_t rc = MSPROF_ERROR_NONE;
    pthread_mutex_lock(&g_a.lock);
    struct aprof_type *t = NULL;
    for (uint32_t i = 0; i < g_a.ntypes && !t; i++)
        if (g_a.types[i].level == level && g_a.types[i].type == typeId)
            t = &g_a.types[i];
    if (!t && g_a.ntypes < APROF_TYPES)
        t = &g_a.types[g_a.ntypes++];
    if (!t || !copy) {
        rc = MSPROF_ERROR_MEM_NOT_ENOUGH;
    } else {
        free(t->name);
        *t = (struct aprof_type){level, typeId, copy};
        copy = NULL;
    }
    pthread_mutex_unlock(&g_a.lock);
    free(copy);
    if (rc)
        core_err(ACL_ERROR_BAD_ALLOC, "%s: no room for another type name", fn);
    return rc;
}

char *core_aprof_path(void)
{
    uint64_t types;
    uint32_t ndev, dev[CORE_MAX_DEVICES];
    pthread_mutex_lock(&g_a.lock);
    core_prof_state(&types, &ndev, dev, g_a.path, sizeof(g_a.path));
    char *p = g_a.path[0] ? g_a.path : NULL;
    pthread_mutex_unlock(&g_a.lock);
    return p;
}

int32_t core_aprof_model_device(uint32_t model, uint32_t dev, bool set, const char *fn)
{
    if (dev >= MSPROF_MAX_DEV_NUM) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: deviceId %u is not below %u", fn, dev,
                 MSPROF_MAX_DEV_NUM);
        return MSPROF_ERROR_CONFIG_INVALID;
    }
    int32_t rc = MSPROF_ERROR_NONE;
    pthread_mutex_lock(&g_a.lock);
    uint32_t i = 0;
    while (i < g_a.nmodels && (g_a.models[i].model != model || g_a.models[i].dev != dev))
        i++;
    if (set && i == g_a.nmodels) {
        if (g_a.nmodels < APROF_MODELS)
            g_a.models[g_a.nmodels++].model = model, g_a.models[i].dev = dev;
        else
            rc = MSPROF_ERROR_MEM_NOT_ENOUGH;
    } else if (!set && i == g_a.nmodels) {
        rc = MSPROF_ERROR_CONFIG_INVALID;
    } else if (!set) {
        g_a.models[i] = g_a.models[--g_a.nmodels];
    }
    pthread_mutex_unlock(&g_a.lock);
    if (rc == MSPROF_ERROR_CONFIG_INVALID)
        core_err(ACL_ERROR_INVALID_PARAM, "%s: model %u is not set on device %u", fn, model, dev);
    else if (rc)
        core_err(ACL_ERROR_BAD_ALLOC, "%s: %u models already set", fn, APROF_MODELS);
    return rc;
}

bool core_aprof_model_known(uint32_t model)
{
    pthread_mutex_lock(&g_a.lock);
    uint32_t i = 0;
    while (i < g_a.nmodels && g_a.models[i].model != model)
        i++;
    bool known = i < g_a.nmodels;
    pthread_mutex_unlock(&g_a.lock);
    return known;
}

bool core_aprof_collecting(void)
{
    uint64_t types;
    uint32_t ndev, dev[CORE_MAX_DEVICES];
    return core_prof_state(&types, &ndev, dev, NULL, 0);
}

uint64_t core_aprof_counts(bool compact)
{
    pthread_mutex_lock(&g_a.lock);
    uint64_t n = compact ? g_a.compact : g_a.additional;
    pthread_mutex_unlock(&g_a.lock);
    return n;
}

uint64_t core_aprof_now(void)
{
    return sched_now_ns();
}
