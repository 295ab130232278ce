/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Profiling (acl/acl_prof.h) and the mstx marks and ranges
 * (mstx/ms_tools_ext.h).
 *
 * Between aclprofStart and aclprofStop, every aclnn operator run (reported by
 * ops/engine/exec.c through core_obs_op) and, with ACL_PROF_MSPROFTX, every mark and
 * range is appended to g_p.ops / g_p.marks (under g_p.lock: one short lock
 * per record, only while collecting; nothing is taken otherwise: the check
 * is one relaxed load of core_obs_mask). aclprofFinalize writes
 *   <path>/PROF_<pid>_<YYYYMMDDhhmmss>/mindstudio_profiler_output/
 *       op_summary_<ts>.csv    one row per operator run (msprof's columns)
 *       op_statistic_<ts>.csv  per operator type: count, total/min/avg/max
 *       msprof_<ts>.json       Chrome trace (the format of cpuacl's own
 *                              timeline trace, core/tools/trace.c): operators and
 *                              marks/ranges
 * Times are the host monotonic clock in microseconds, like core/trace.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "core/err.h"
#include "core/obs.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/tools/prof.h"
#include "mstx/ms_tools_ext.h"
#include "sched/clock.h"

_Atomic uint32_t core_obs_mask;

uint64_t core_obs_now_ns(void)
{
    return sched_now_ns();
}

#define PROF_PATH_MAX 4096
#define PROF_MSG_MAX 256
#define PROF_KNOWN_TYPES                                                                   \
    (ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU |    \
     ACL_PROF_L2CACHE | ACL_PROF_HCCL_TRACE | ACL_PROF_TRAINING_TRACE | ACL_PROF_MSPROFTX | \
     ACL_PROF_RUNTIME_API | ACL_PROF_GE_API_L0 | ACL_PROF_TASK_TIME_L0 |                   \
     ACL_PROF_TASK_MEMORY | ACL_PROF_GE_API_L1 | ACL_PROF_TASK_TIME_L2 | ACL_PROF_OP_ATTR | \
     ACL_PROF_TASK_TIME_L3 | ACL_PROF_API_STATS | ACL_PROF_AICORE_SHAPE)

struct aclprofConfig {
    uint32_t magic;
    uint32_t ndev;
    uint32_t dev[CORE_MAX_DEVICES];
    aclprofAicoreMetrics metrics;
    uint64_t types;
};
#define PROF_CFG_MAGIC 0x70726643u

struct prof_op {
    char *name, *in_shapes, *in_types, *out_shapes, *out_types;
    uint64_t t0, t1;
    uint32_t tid;
};

struct prof_mark {
    char *msg, *domain;
    uint64_t t0, t1; /* t1 == 0: an instant mark */
    uint32_t tid;
    uint64_t id;     /* open ranges: their id */
    bool open;
};

static struct {
    pthread_mutex_t lock;
    bool inited, running;
    char path[PROF_PATH_MAX];
    struct aclprofConfig cfg; /* the running config */
    struct prof_op *ops;
    size_t nops, capops;
    struct prof_mark *marks;
    size_t nmarks, capmarks;
    uint64_t next_range;
    char **strs; /* aclprofStr2Id registry: index + 1 = id */
    size_t nstrs, capstrs;
} g_p = {.lock = PTHREAD_MUTEX_INITIALIZER, .next_range = 1};

static uint32_t my_tid(void)
{
    return (uint32_t)syscall(SYS_gettid);
}

static bool grow(void **arr, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap)
        return true;
    size_t nc = *cap ? 2 * *cap : 64;
    void *na = core_realloc(*arr, nc * elem);
    if (!na)
        return false;
    *arr = na;
    *cap = nc;
    return true;
}

static bool marks_on(void)
{
    return (atomic_load_explicit(&core_obs_mask, memory_order_relaxed) & CORE_OBS_PROF) &&
           (g_p.cfg.types & ACL_PROF_MSPROFTX);
}

/* ---- operator records ----------------------------------------------------------- */

static char *shape_str(const struct core_obs_tensor *t, uint32_t n, bool types)
{
    size_t cap = 64, len = 0;
    char *s = core_malloc(cap);
    if (!s)
        return NULL;
    s[0] = 0;
    for (uint32_t i = 0; i < n; i++) {
        char part[512];
        int k = 0;
        if (types) {
            k = snprintf(part, sizeof(part), "%s%d", i ? ";" : "", (int)t[i].dt);
        } else {
            k = snprintf(part, sizeof(part), "%s", i ? ";" : "");
            for (uint32_t d = 0; d < t[i].ndim && k < (int)sizeof(part) - 24; d++)
                k += snprintf(part + k, sizeof(part) - (size_t)k, "%s%" PRId64, d ? "," : "",
                              t[i].dims[d]);
        }
        if (len + (size_t)k + 1 > cap) {
            while (len + (size_t)k + 1 > cap)
                cap *= 2;
            char *ns = core_realloc(s, cap);
            if (!ns) {
                free(s);
                return NULL;
            }
            s = ns;
        }
        memcpy(s + len, part, (size_t)k + 1);
        len += (size_t)k;
    }
    return s;
}

void core_prof_op(const char *op, const struct core_obs_tensor *t, uint32_t nin, uint32_t nout,
                  uint64_t t0, uint64_t t1)
{
    struct prof_op r = {.name = strdup(op), .t0 = t0, .t1 = t1, .tid = my_tid()};
    if (t) {
        r.in_shapes = shape_str(t, nin, false);
        r.in_types = shape_str(t, nin, true);
        r.out_shapes = shape_str(t + nin, nout, false);
        r.out_types = shape_str(t + nin, nout, true);
    }
    pthread_mutex_lock(&g_p.lock);
    if (g_p.running && grow((void **)&g_p.ops, &g_p.capops, g_p.nops, sizeof(r))) {
        g_p.ops[g_p.nops++] = r;
        r.name = NULL;
    }
    pthread_mutex_unlock(&g_p.lock);
    if (r.name) { /* not kept */
        free(r.name);
        free(r.in_shapes);
        free(r.in_types);
        free(r.out_shapes);
        free(r.out_types);
    }
}

/* ---- marks and ranges ----------------------------------------------------------- */

/* Record a mark (range false) or open a range; returns its id (0: not recorded). */
static uint64_t mark_add(const char *domain, const char *msg, size_t len, bool range)
{
    if (!marks_on() || !msg)
        return 0;
    char *m = strndup(msg, len);
    char *d = strdup(domain ? domain : "default");
    uint64_t id = 0;
    pthread_mutex_lock(&g_p.lock);
    if (m && d && g_p.running && grow((void **)&g_p.marks, &g_p.capmarks, g_p.nmarks,
                                      sizeof(struct prof_mark))) {
        id = range ? g_p.next_range++ : 1;
        g_p.marks[g_p.nmarks++] = (struct prof_mark){m, d, core_obs_now_ns(), 0, my_tid(),
                                                     range ? id : 0, range};
        m = d = NULL;
    }
    pthread_mutex_unlock(&g_p.lock);
    free(m);
    free(d);
    return id;
}

/* Close the open range id; false if there is none. */
static bool range_end(uint64_t id)
{
    bool found = false;
    uint64_t now = core_obs_now_ns();
    pthread_mutex_lock(&g_p.lock);
    for (size_t i = g_p.nmarks; i-- > 0;)
        if (g_p.marks[i].open && g_p.marks[i].id == id) {
            g_p.marks[i].open = false;
            g_p.marks[i].t1 = now;
            found = true;
            break;
        }
    pthread_mutex_unlock(&g_p.lock);
    return found;
}

/* Per-thread stacks of pushed ranges (aclprofPush/Pop, aclprofRangePushEx/Pop). */
#define PROF_STACK 64
static __thread uint64_t t_stack[PROF_STACK];
static __thread uint32_t t_depth;

struct prof_stamp {
    uint32_t magic;
    char msg[PROF_MSG_MAX];
};
#define PROF_STAMP_MAGIC 0x70727354u

void *aclprofCreateStamp(void)
{
    struct prof_stamp *s = core_calloc(1, sizeof(*s));
    if (!s) {
        core_err(ACL_ERROR_BAD_ALLOC, "aclprofCreateStamp: out of memory");
        return NULL;
    }
    s->magic = PROF_STAMP_MAGIC;
    return s;
}

void aclprofDestroyStamp(void *stamp)
{
    struct prof_stamp *s = stamp;
    if (s && s->magic == PROF_STAMP_MAGIC) {
        s->magic = 0;
        free(s);
    }
}

static struct prof_stamp *stamp_of(void *p, const char *fn)
{
    struct prof_stamp *s = p;
    if (!s || s->magic != PROF_STAMP_MAGIC) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: stamp is NULL or not a stamp", fn);
        return NULL;
    }
    return s;
}

aclError aclprofSetStampTraceMessage(void *stamp, const char *msg, uint32_t msgLen)
{
    struct prof_stamp *s = stamp_of(stamp, __func__);
    if (!s)
        return ACL_ERROR_INVALID_PARAM;
    if (!msg || msgLen == 0 || msgLen >= PROF_MSG_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofSetStampTraceMessage: msg NULL or msgLen %u not in [1, %d)",
                        msgLen, PROF_MSG_MAX);
    memcpy(s->msg, msg, msgLen);
    s->msg[msgLen] = 0;
    return ACL_SUCCESS;
}

aclError aclprofMark(void *stamp)
{
    struct prof_stamp *s = stamp_of(stamp, __func__);
    if (!s)
        return ACL_ERROR_INVALID_PARAM;
    mark_add(NULL, s->msg, strlen(s->msg), false);
    return ACL_SUCCESS;
}

void core_prof_mark(const char *msg, size_t msgLen)
{
    mark_add(NULL, msg, msgLen, false);
}

aclError aclprofMarkEx(const char *msg, size_t msgLen, aclrtStream stream)
{
    (void)stream; /* host timestamp (docs/runtime.md) */
    if (!msg || msgLen == 0 || msgLen >= PROF_MSG_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofMarkEx: msg NULL or msgLen %zu not in [1, %d)", msgLen,
                        PROF_MSG_MAX);
    core_prof_mark(msg, msgLen);
    return ACL_SUCCESS;
}

static aclError push_id(uint64_t id, const char *fn)
{
    if (t_depth == PROF_STACK)
        return core_err(ACL_ERROR_FAILURE, "%s: more than %d nested ranges", fn, PROF_STACK);
    t_stack[t_depth++] = id;
    return ACL_SUCCESS;
}

static aclError pop_id(const char *fn)
{
    if (t_depth == 0)
        return core_err(ACL_ERROR_FAILURE, "%s: no range pushed by this thread", fn);
    uint64_t id = t_stack[--t_depth];
    if (id)
        range_end(id);
    return ACL_SUCCESS;
}

aclError aclprofPush(void *stamp)
{
    struct prof_stamp *s = stamp_of(stamp, __func__);
    if (!s)
        return ACL_ERROR_INVALID_PARAM;
    return push_id(mark_add(NULL, s->msg, strlen(s->msg), true), __func__);
}

aclError aclprofPop(void)
{
    return pop_id(__func__);
}

aclError aclprofRangeStart(void *stamp, uint32_t *rangeId)
{
    struct prof_stamp *s = stamp_of(stamp, __func__);
    if (!s)
        return ACL_ERROR_INVALID_PARAM;
    if (!rangeId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofRangeStart: rangeId is NULL");
    *rangeId = (uint32_t)mark_add(NULL, s->msg, strlen(s->msg), true);
    return ACL_SUCCESS;
}

aclError aclprofRangeStop(uint32_t rangeId)
{
    if (rangeId && !range_end(rangeId))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofRangeStop: range %u is not open",
                        rangeId);
    return ACL_SUCCESS;
}

uint64_t aclprofStr2Id(const char *message)
{
    if (!message) {
        core_err(ACL_ERROR_INVALID_PARAM, "aclprofStr2Id: message is NULL");
        return 0;
    }
    uint64_t id = 0;
    pthread_mutex_lock(&g_p.lock);
    for (size_t i = 0; i < g_p.nstrs && !id; i++)
        if (strcmp(g_p.strs[i], message) == 0)
            id = i + 1;
    if (!id && grow((void **)&g_p.strs, &g_p.capstrs, g_p.nstrs, sizeof(char *))) {
        char *c = strdup(message);
        if (c) {
            g_p.strs[g_p.nstrs++] = c;
            id = g_p.nstrs;
        }
    }
    pthread_mutex_unlock(&g_p.lock);
    return id;
}

aclError aclprofRangePushEx(aclprofEventAttributes *attr)
{
    if (!attr || attr->messageType != ACL_PROF_MESSAGE_TYPE_TENSOR_INFO ||
        !attr->message.tensorInfo)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofRangePushEx: attr NULL, not TENSOR_INFO, or no tensorInfo");
    char name[ACL_PROF_MAX_OP_NAME_LEN] = "op";
    pthread_mutex_lock(&g_p.lock);
    uint64_t nid = attr->message.tensorInfo->opNameId;
    if (nid && nid <= g_p.nstrs)
        snprintf(name, sizeof(name), "%s", g_p.strs[nid - 1]);
    pthread_mutex_unlock(&g_p.lock);
    return push_id(mark_add(NULL, name, strlen(name), true), __func__);
}

aclError aclprofRangePop(void)
{
    return pop_id(__func__);
}

/* ---- steps ---------------------------------------------------------------------- */

struct aclprofStepInfo {
    uint32_t magic;
    uint64_t range;
};
#define PROF_STEP_MAGIC 0x70727370u

aclprofStepInfo *aclprofCreateStepInfo(void)
{
    aclprofStepInfo *s = core_calloc(1, sizeof(*s));
    if (s)
        s->magic = PROF_STEP_MAGIC;
    else
        core_err(ACL_ERROR_BAD_ALLOC, "aclprofCreateStepInfo: out of memory");
    return s;
}

void aclprofDestroyStepInfo(aclprofStepInfo *stepinfo)
{
    if (stepinfo && stepinfo->magic == PROF_STEP_MAGIC) {
        stepinfo->magic = 0;
        free(stepinfo);
    }
}

aclError aclprofGetStepTimestamp(aclprofStepInfo *stepInfo, aclprofStepTag tag, aclrtStream stream)
{
    (void)stream;
    if (!stepInfo || stepInfo->magic != PROF_STEP_MAGIC)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofGetStepTimestamp: stepInfo invalid");
    if (tag == ACL_STEP_START) {
        stepInfo->range = 0;
        /* A step is recorded as a range named "step" while collecting. */
        char *m = strdup("step"), *d = strdup("step");
        pthread_mutex_lock(&g_p.lock);
        if (m && d && g_p.running &&
            grow((void **)&g_p.marks, &g_p.capmarks, g_p.nmarks, sizeof(struct prof_mark))) {
            stepInfo->range = g_p.next_range++;
            g_p.marks[g_p.nmarks++] =
                (struct prof_mark){m, d, core_obs_now_ns(), 0, my_tid(), stepInfo->range, true};
            m = d = NULL;
        }
        pthread_mutex_unlock(&g_p.lock);
        free(m);
        free(d);
        return ACL_SUCCESS;
    }
    if (tag == ACL_STEP_END) {
        if (stepInfo->range)
            range_end(stepInfo->range);
        stepInfo->range = 0;
        return ACL_SUCCESS;
    }
    return core_err(ACL_ERROR_INVALID_PARAM, "aclprofGetStepTimestamp: tag %d invalid", (int)tag);
}

/* ---- mstx ------------------------------------------------------------------------- */

struct mstxDomainRegistration_st {
    uint32_t magic;
    char name[128];
};
#define MSTX_DOMAIN_MAGIC 0x6d737844u

void mstxMarkA(const char *message, aclrtStream stream)
{
    (void)stream;
    if (message)
        mark_add(NULL, message, strlen(message), false);
}

mstxRangeId mstxRangeStartA(const char *message, aclrtStream stream)
{
    (void)stream;
    return message ? mark_add(NULL, message, strlen(message), true) : 0;
}

void mstxRangeEnd(mstxRangeId id)
{
    if (id)
        range_end(id);
}

mstxDomainHandle_t mstxDomainCreateA(const char *name)
{
    if (!name || !*name)
        return NULL;
    mstxDomainHandle_t d = core_calloc(1, sizeof(*d));
    if (!d)
        return NULL;
    d->magic = MSTX_DOMAIN_MAGIC;
    snprintf(d->name, sizeof(d->name), "%s", name);
    return d;
}

void mstxDomainDestroy(mstxDomainHandle_t domain)
{
    if (domain && domain->magic == MSTX_DOMAIN_MAGIC) {
        domain->magic = 0;
        free(domain);
    }
}

void mstxDomainMarkA(mstxDomainHandle_t domain, const char *message, aclrtStream stream)
{
    (void)stream;
    if (domain && domain->magic == MSTX_DOMAIN_MAGIC && message)
        mark_add(domain->name, message, strlen(message), false);
}

mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t domain, const char *message,
                                  aclrtStream stream)
{
    (void)stream;
    if (!domain || domain->magic != MSTX_DOMAIN_MAGIC || !message)
        return 0;
    return mark_add(domain->name, message, strlen(message), true);
}

void mstxDomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id)
{
    if (domain && domain->magic == MSTX_DOMAIN_MAGIC && id)
        range_end(id);
}

/* ---- collection ------------------------------------------------------------------ */

int core_obs_mkdirs(const char *path)
{
    char buf[PROF_PATH_MAX + 64];
    snprintf(buf, sizeof(buf), "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0750) && errno != EEXIST)
                return -errno;
            *p = '/';
        }
    if (mkdir(buf, 0750) && errno != EEXIST)
        return -errno;
    return 0;
}

aclError aclprofInit(const char *profilerResultPath, size_t length)
{
    if (!profilerResultPath || length == 0 || length >= PROF_PATH_MAX ||
        strnlen(profilerResultPath, PROF_PATH_MAX) != length)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclprofInit: profilerResultPath is NULL or length %zu is not its length "
                        "(max %d)", length, PROF_PATH_MAX - 1);
    pthread_mutex_lock(&g_p.lock);
    aclError rc = ACL_SUCCESS;
    if (g_p.inited) {
        rc = core_err(ACL_ERROR_REPEAT_INITIALIZE, "aclprofInit: already initialised");
    } else if (core_obs_mkdirs(profilerResultPath)) {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "aclprofInit: cannot create '%s': %s",
                      profilerResultPath, strerror(errno));
    } else {
        memcpy(g_p.path, profilerResultPath, length + 1);
        g_p.inited = true;
    }
    pthread_mutex_unlock(&g_p.lock);
    return rc;
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
    aclprofConfig *c = core_calloc(1, sizeof(*c));
    if (!c) {
        core_err(ACL_ERROR_BAD_ALLOC, "aclprofCreateConfig: out of memory");
        return NULL;
    }
    c->magic = PROF_CFG_MAGIC;
    c->ndev = deviceNums;
    if (deviceNums)
        memcpy(c->dev, deviceIdList, deviceNums * sizeof(uint32_t));
    c->metrics = aicoreMetrics;
    c->types = dataTypeConfig;
    return c;
}

aclError aclprofDestroyConfig(const aclprofConfig *profilerConfig)
{
    if (!profilerConfig || profilerConfig->magic != PROF_CFG_MAGIC)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofDestroyConfig: config NULL or invalid");
    ((aclprofConfig *)profilerConfig)->magic = 0;
    free((void *)profilerConfig);
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
        if (configLength >= PROF_PATH_MAX || core_obs_mkdirs(config))
            return core_err(ACL_ERROR_INVALID_PARAM, "aclprofSetConfig: bad path '%s'", config);
        pthread_mutex_lock(&g_p.lock);
        memcpy(g_p.path, config, configLength + 1);
        pthread_mutex_unlock(&g_p.lock);
    }
    return ACL_SUCCESS;
}

aclError aclprofStart(const aclprofConfig *profilerConfig)
{
    if (!profilerConfig || profilerConfig->magic != PROF_CFG_MAGIC)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofStart: config NULL or invalid");
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_p.lock);
    if (!g_p.inited) {
        rc = core_err(ACL_ERROR_UNINITIALIZE, "aclprofStart: aclprofInit has not been called");
    } else if (g_p.running) {
        rc = core_err(ACL_ERROR_PROF_ALREADY_RUN, "aclprofStart: collection is running already");
    } else {
        g_p.cfg = *profilerConfig;
        g_p.running = true;
        /* relaxed: see core_obs_active. */
        atomic_fetch_or_explicit(&core_obs_mask, CORE_OBS_PROF, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_p.lock);
    return rc;
}

aclError aclprofStop(const aclprofConfig *profilerConfig)
{
    if (!profilerConfig || profilerConfig->magic != PROF_CFG_MAGIC)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclprofStop: config NULL or invalid");
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_p.lock);
    if (!g_p.running) {
        rc = core_err(ACL_ERROR_PROF_NOT_RUN, "aclprofStop: collection is not running");
    } else if (profilerConfig->ndev != g_p.cfg.ndev ||
               memcmp(profilerConfig->dev, g_p.cfg.dev, g_p.cfg.ndev * sizeof(uint32_t)) ||
               profilerConfig->types != g_p.cfg.types) {
        rc = core_err(ACL_ERROR_INVALID_PROFILING_CONFIG,
                      "aclprofStop: the config differs from the one collection started with");
    } else {
        g_p.running = false;
        atomic_fetch_and_explicit(&core_obs_mask, ~CORE_OBS_PROF, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_p.lock);
    return rc;
}

static const char *optype(const char *name)
{
    return strncmp(name, "aclnn", 5) == 0 ? name + 5 : name;
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        if ((unsigned char)*s >= 0x20)
            fputc(*s, f);
    }
    fputc('"', f);
}

static aclError write_output(void)
{
    char dir[PROF_PATH_MAX + 128], file[PROF_PATH_MAX + 192], ts[32];
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    strftime(ts, sizeof(ts), "%Y%m%d%H%M%S", &tmv);
    snprintf(dir, sizeof(dir), "%s/PROF_%d_%s/mindstudio_profiler_output", g_p.path,
             (int)getpid(), ts);
    if (core_obs_mkdirs(dir))
        return core_err(ACL_ERROR_WRITE_FILE, "aclprofFinalize: cannot create '%s'", dir);
    uint64_t t0 = UINT64_MAX;
    for (size_t i = 0; i < g_p.nops; i++)
        t0 = g_p.ops[i].t0 < t0 ? g_p.ops[i].t0 : t0;
    for (size_t i = 0; i < g_p.nmarks; i++)
        t0 = g_p.marks[i].t0 < t0 ? g_p.marks[i].t0 : t0;
    if (t0 == UINT64_MAX)
        t0 = 0;

    snprintf(file, sizeof(file), "%s/op_summary_%s.csv", dir, ts);
    FILE *f = fopen(file, "w");
    if (!f)
        return core_err(ACL_ERROR_WRITE_FILE, "aclprofFinalize: cannot write '%s'", file);
    fputs("Device_id,Model ID,Task ID,Stream ID,Op Name,OP Type,Task Type,"
          "Task Start Time(us),Task Duration(us),Task Wait Time(us),Block Dim,"
          "Input Shapes,Input Data Types,Output Shapes,Output Data Types\n", f);
    uint64_t prev_end = 0;
    for (size_t i = 0; i < g_p.nops; i++) {
        const struct prof_op *o = &g_p.ops[i];
        uint32_t dev = g_p.cfg.ndev ? g_p.cfg.dev[0] : 0;
        double wait = prev_end && o->t0 > prev_end ? (double)(o->t0 - prev_end) / 1e3 : 0;
        fprintf(f, "%u,N/A,%zu,N/A,%s,%s,AI_CPU,%.3f,%.3f,%.3f,1,\"%s\",\"%s\",\"%s\",\"%s\"\n",
                dev, i, o->name, optype(o->name), (double)o->t0 / 1e3,
                (double)(o->t1 - o->t0) / 1e3, wait, o->in_shapes ? o->in_shapes : "",
                o->in_types ? o->in_types : "", o->out_shapes ? o->out_shapes : "",
                o->out_types ? o->out_types : "");
        prev_end = o->t1;
    }
    if (fclose(f))
        return core_err(ACL_ERROR_WRITE_FILE, "aclprofFinalize: cannot write '%s'", file);

    snprintf(file, sizeof(file), "%s/op_statistic_%s.csv", dir, ts);
    f = fopen(file, "w");
    if (!f)
        return core_err(ACL_ERROR_WRITE_FILE, "aclprofFinalize: cannot write '%s'", file);
    fputs("OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),"
          "Ratio(%)\n", f);
    double all = 0;
    for (size_t i = 0; i < g_p.nops; i++)
        all += (double)(g_p.ops[i].t1 - g_p.ops[i].t0) / 1e3;
    for (size_t i = 0; i < g_p.nops; i++) {
        const char *ty = optype(g_p.ops[i].name);
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(optype(g_p.ops[j].name), ty) == 0;
        if (seen)
            continue;
        size_t n = 0;
        double tot = 0, mn = 1e300, mx = 0;
        for (size_t j = i; j < g_p.nops; j++)
            if (strcmp(optype(g_p.ops[j].name), ty) == 0) {
                double d = (double)(g_p.ops[j].t1 - g_p.ops[j].t0) / 1e3;
                n++;
                tot += d;
                mn = d < mn ? d : mn;
                mx = d > mx ? d : mx;
            }
        fprintf(f, "%s,AI_CPU,%zu,%.3f,%.3f,%.3f,%.3f,%.3f\n", ty, n, tot, mn, tot / (double)n,
                mx, all > 0 ? 100.0 * tot / all : 0.0);
    }
    if (fclose(f))
        return core_err(ACL_ERROR_WRITE_FILE, "aclprofFinalize: cannot write '%s'", file);

    snprintf(file, sizeof(file), "%s/msprof_%s.json", dir, ts);
    f = fopen(file, "w");
    if (!f)
        return core_err(ACL_ERROR_WRITE_FILE, "aclprofFinalize: cannot write '%s'", file);
    fprintf(f, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n{\"name\":\"process_name\","
               "\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":\"cpuacl\"}}", (int)getpid());
    for (size_t i = 0; i < g_p.nops; i++) {
        const struct prof_op *o = &g_p.ops[i];
        fprintf(f, ",\n{\"name\":");
        json_str(f, o->name);
        fprintf(f, ",\"cat\":\"op\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":%d,\"tid\":%u}",
                (double)(o->t0 - t0) / 1e3, (double)(o->t1 - o->t0) / 1e3, (int)getpid(),
                o->tid);
    }
    for (size_t i = 0; i < g_p.nmarks; i++) {
        const struct prof_mark *m = &g_p.marks[i];
        fprintf(f, ",\n{\"name\":");
        json_str(f, m->msg);
        fprintf(f, ",\"cat\":");
        json_str(f, m->domain);
        if (m->t1 || m->id)
            fprintf(f, ",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f", (double)(m->t0 - t0) / 1e3,
                    m->t1 ? (double)(m->t1 - m->t0) / 1e3 : 0.0);
        else
            fprintf(f, ",\"ph\":\"i\",\"s\":\"t\",\"ts\":%.3f", (double)(m->t0 - t0) / 1e3);
        fprintf(f, ",\"pid\":%d,\"tid\":%u}", (int)getpid(), m->tid);
    }
    fputs("\n]}\n", f);
    if (fclose(f))
        return core_err(ACL_ERROR_WRITE_FILE, "aclprofFinalize: cannot write '%s'", file);
    return ACL_SUCCESS;
}

aclError aclprofFinalize(void)
{
    pthread_mutex_lock(&g_p.lock);
    if (!g_p.inited) {
        pthread_mutex_unlock(&g_p.lock);
        return core_err(ACL_ERROR_UNINITIALIZE, "aclprofFinalize: aclprofInit has not been called");
    }
    if (g_p.running) { /* stopped implicitly */
        g_p.running = false;
        atomic_fetch_and_explicit(&core_obs_mask, ~CORE_OBS_PROF, memory_order_relaxed);
    }
    aclError rc = write_output();
    for (size_t i = 0; i < g_p.nops; i++) {
        free(g_p.ops[i].name);
        free(g_p.ops[i].in_shapes);
        free(g_p.ops[i].in_types);
        free(g_p.ops[i].out_shapes);
        free(g_p.ops[i].out_types);
    }
    for (size_t i = 0; i < g_p.nmarks; i++) {
        free(g_p.marks[i].msg);
        free(g_p.marks[i].domain);
    }
    g_p.nops = g_p.nmarks = 0;
    g_p.inited = false;
    pthread_mutex_unlock(&g_p.lock);
    return rc;
}

/* ---- operator subscription: not supported ---------------------------------------- */

#define PROF_UNSUPPORTED(fn)                                                                  \
    core_err(ACL_ERROR_API_NOT_SUPPORT,                                                       \
             "%s: operator subscription is not supported by cpuacl (use aclprofStart/Stop and " \
             "op_summary; docs/runtime.md)", fn)

aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig *c)
{
    (void)modelId;
    (void)c;
    return PROF_UNSUPPORTED(__func__);
}

aclError aclprofModelUnSubscribe(uint32_t modelId)
{
    (void)modelId;
    return PROF_UNSUPPORTED(__func__);
}

aclprofSubscribeConfig *aclprofCreateSubscribeConfig(int8_t s, aclprofAicoreMetrics m, void *fd)
{
    (void)s;
    (void)m;
    (void)fd;
    PROF_UNSUPPORTED(__func__);
    return NULL;
}

aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig *c)
{
    (void)c;
    return PROF_UNSUPPORTED(__func__);
}

aclError aclprofGetOpDescSize(size_t *opDescSize)
{
    (void)opDescSize;
    return PROF_UNSUPPORTED(__func__);
}

aclError aclprofGetOpNum(const void *opInfo, size_t opInfoLen, uint32_t *opNumber)
{
    (void)opInfo;
    (void)opInfoLen;
    (void)opNumber;
    return PROF_UNSUPPORTED(__func__);
}

aclError aclprofGetOpTypeLen(const void *i, size_t l, uint32_t x, size_t *n)
{
    (void)i, (void)l, (void)x, (void)n;
    return PROF_UNSUPPORTED(__func__);
}

aclError aclprofGetOpType(const void *i, size_t l, uint32_t x, char *t, size_t n)
{
    (void)i, (void)l, (void)x, (void)t, (void)n;
    return PROF_UNSUPPORTED(__func__);
}

aclError aclprofGetOpNameLen(const void *i, size_t l, uint32_t x, size_t *n)
{
    (void)i, (void)l, (void)x, (void)n;
    return PROF_UNSUPPORTED(__func__);
}

aclError aclprofGetOpName(const void *i, size_t l, uint32_t x, char *t, size_t n)
{
    (void)i, (void)l, (void)x, (void)t, (void)n;
    return PROF_UNSUPPORTED(__func__);
}

/* The record getters that take (opInfo, opInfoLen, index) only: there is no record, so each
 * returns `none` with the error recorded. */
#define PROF_RECORD_GETTER(type, name, none)                                                       \
    type name(const void *i, size_t l, uint32_t x)                                                 \
    {                                                                                              \
        (void)i, (void)l, (void)x;                                                                 \
        PROF_UNSUPPORTED(#name);                                                                   \
        return none;                                                                               \
    }

PROF_RECORD_GETTER(uint64_t, aclprofGetOpStart, 0)
PROF_RECORD_GETTER(uint64_t, aclprofGetOpEnd, 0)
PROF_RECORD_GETTER(uint64_t, aclprofGetOpDuration, 0)
PROF_RECORD_GETTER(size_t, aclprofGetModelId, 0)
PROF_RECORD_GETTER(aclprofSubscribeOpFlag, aclprofGetOpFlag, ACL_SUBSCRIBE_NONE)

const char *aclprofGetOpAttriValue(const void *i, size_t l, uint32_t x, aclprofSubscribeOpAttri a)
{
    (void)i, (void)l, (void)x, (void)a;
    PROF_UNSUPPORTED(__func__);
    return NULL;
}

/* ---- the observation entry (core/obs.h) ------------------------------------------- */

void core_obs_op(const char *op, const struct core_obs_tensor *t, void *const *addr, uint32_t nin,
                 uint32_t nout, uint64_t t0, uint64_t t1)
{
    uint32_t m = atomic_load_explicit(&core_obs_mask, memory_order_relaxed); /* a hint */
    if (m & CORE_OBS_PROF)
        core_prof_op(op, t, nin, nout, t0, t1);
    if ((m & CORE_OBS_DUMP) && t)
        core_dump_op(op, t, addr, nin, nout);
}
