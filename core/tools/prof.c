/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Profiling (acl/acl_prof.h) and the mstx marks and ranges
 * (mstx/ms_tools_ext.h): the object side; the entry points, their argument checks and
 * errors are in core/api/tools.c.
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
#include "core/runtime/thread_cold.h"
#include "core/tools/prof.h"
#include "profiling/aprof_pub.h"
#include "mstx/ms_tools_ext.h"
#include "sched/clock.h"

_Atomic uint32_t core_obs_mask;

uint64_t core_obs_now_ns(void)
{
    return sched_now_ns();
}

#define PROF_PATH_MAX CORE_PROF_PATH_MAX
#define PROF_MSG_MAX CORE_PROF_MSG_MAX

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
    if (g_p.running && core_grow((void **)&g_p.ops, &g_p.capops, g_p.nops, sizeof(r))) {
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

uint64_t core_prof_mark_add(const char *domain, const char *msg, size_t len, bool range)
{
    if (!marks_on() || !msg)
        return 0;
    char *m = strndup(msg, len);
    char *d = strdup(domain ? domain : "default");
    uint64_t id = 0;
    pthread_mutex_lock(&g_p.lock);
    if (m && d && g_p.running &&
        core_grow((void **)&g_p.marks, &g_p.capmarks, g_p.nmarks, sizeof(struct prof_mark))) {
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

bool core_prof_range_add(const char *domain, const char *msg, uint64_t t0, uint64_t t1)
{
    char *m = strdup(msg), *d = strdup(domain);
    bool ok = false;
    pthread_mutex_lock(&g_p.lock);
    if (m && d && g_p.running &&
        core_grow((void **)&g_p.marks, &g_p.capmarks, g_p.nmarks, sizeof(struct prof_mark))) {
        g_p.marks[g_p.nmarks++] = (struct prof_mark){m, d, t0, t1, my_tid(), 0, false};
        m = d = NULL;
        ok = true;
    }
    pthread_mutex_unlock(&g_p.lock);
    free(m);
    free(d);
    return ok;
}

bool core_prof_state(uint64_t *types, uint32_t *ndev, uint32_t *dev, char *path, size_t n)
{
    pthread_mutex_lock(&g_p.lock);
    bool running = g_p.running;
    *types = running ? g_p.cfg.types : 0;
    *ndev = running ? g_p.cfg.ndev : 0;
    if (running)
        memcpy(dev, g_p.cfg.dev, g_p.cfg.ndev * sizeof(uint32_t));
    if (path)
        snprintf(path, n, "%s", g_p.inited ? g_p.path : "");
    pthread_mutex_unlock(&g_p.lock);
    return running;
}

const char *core_prof_str_of(uint64_t id)
{
    pthread_mutex_lock(&g_p.lock);
    const char *s = id && id <= g_p.nstrs ? g_p.strs[id - 1] : NULL; /* never freed */
    pthread_mutex_unlock(&g_p.lock);
    return s;
}

bool core_prof_range_end(uint64_t id)
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

/* Per-thread stacks of pushed ranges (aclprofPush/Pop, aclprofRangePushEx/Pop), in the
 * thread's cold block, out of static TLS (core/runtime/thread_cold.h). */
#define PROF_STACK CORE_PROF_STACK

struct prof_stamp {
    uint32_t magic;
    char msg[PROF_MSG_MAX];
};
#define PROF_STAMP_MAGIC 0x70727354u

void *core_prof_stamp_new(void)
{
    struct prof_stamp *s = core_calloc(1, sizeof(*s));
    if (s)
        s->magic = PROF_STAMP_MAGIC;
    return s;
}

void core_prof_stamp_destroy(void *stamp)
{
    struct prof_stamp *s = stamp;
    if (s && s->magic == PROF_STAMP_MAGIC) {
        s->magic = 0;
        free(s);
    }
}

const char *core_prof_stamp_msg(void *p, const char *fn)
{
    struct prof_stamp *s = p;
    if (!s || s->magic != PROF_STAMP_MAGIC) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: stamp is NULL or not a stamp", fn);
        return NULL;
    }
    return s->msg;
}

void core_prof_stamp_set(void *stamp, const char *msg, uint32_t msgLen)
{
    struct prof_stamp *s = stamp;
    memcpy(s->msg, msg, msgLen);
    s->msg[msgLen] = 0;
}

void core_prof_mark(const char *msg, size_t msgLen)
{
    core_prof_mark_add(NULL, msg, msgLen, false);
}

aclError core_prof_push(uint64_t id, const char *fn)
{
    struct core_thread_cold *c = core_thread_cold();
    if (!c)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the range stack", fn);
    if (c->prof_depth == PROF_STACK)
        return core_err(ACL_ERROR_FAILURE, "%s: more than %d nested ranges", fn, PROF_STACK);
    c->prof_stack[c->prof_depth++] = id;
    return ACL_SUCCESS;
}

aclError core_prof_pop(const char *fn)
{
    struct core_thread_cold *c = core_thread_cold_peek();
    if (!c || c->prof_depth == 0)
        return core_err(ACL_ERROR_FAILURE, "%s: no range pushed by this thread", fn);
    uint64_t id = c->prof_stack[--c->prof_depth];
    if (id)
        core_prof_range_end(id);
    return ACL_SUCCESS;
}

uint64_t core_prof_str_id(const char *message)
{
    uint64_t id = 0;
    pthread_mutex_lock(&g_p.lock);
    for (size_t i = 0; i < g_p.nstrs && !id; i++)
        if (strcmp(g_p.strs[i], message) == 0)
            id = i + 1;
    if (!id && core_grow((void **)&g_p.strs, &g_p.capstrs, g_p.nstrs, sizeof(char *))) {
        char *c = strdup(message);
        if (c) {
            g_p.strs[g_p.nstrs++] = c;
            id = g_p.nstrs;
        }
    }
    pthread_mutex_unlock(&g_p.lock);
    return id;
}

uint64_t core_prof_range_named(uint64_t nid)
{
    char name[ACL_PROF_MAX_OP_NAME_LEN] = "op";
    pthread_mutex_lock(&g_p.lock);
    if (nid && nid <= g_p.nstrs)
        snprintf(name, sizeof(name), "%s", g_p.strs[nid - 1]);
    pthread_mutex_unlock(&g_p.lock);
    return core_prof_mark_add(NULL, name, strlen(name), true);
}

/* ---- steps ---------------------------------------------------------------------- */

struct aclprofStepInfo {
    uint32_t magic;
    uint64_t range;
};
#define PROF_STEP_MAGIC 0x70727370u

aclprofStepInfo *core_prof_step_new(void)
{
    aclprofStepInfo *s = core_calloc(1, sizeof(*s));
    if (s)
        s->magic = PROF_STEP_MAGIC;
    return s;
}

void core_prof_step_destroy(aclprofStepInfo *stepinfo)
{
    if (stepinfo && stepinfo->magic == PROF_STEP_MAGIC) {
        stepinfo->magic = 0;
        free(stepinfo);
    }
}

bool core_prof_step_ok(const aclprofStepInfo *s)
{
    return s && s->magic == PROF_STEP_MAGIC;
}

void core_prof_step(aclprofStepInfo *stepInfo, bool start)
{
    if (start) {
        stepInfo->range = 0;
        /* A step is recorded as a range named "step" while collecting. */
        char *m = strdup("step"), *d = strdup("step");
        pthread_mutex_lock(&g_p.lock);
        if (m && d && g_p.running &&
            core_grow((void **)&g_p.marks, &g_p.capmarks, g_p.nmarks, sizeof(struct prof_mark))) {
            stepInfo->range = g_p.next_range++;
            g_p.marks[g_p.nmarks++] =
                (struct prof_mark){m, d, core_obs_now_ns(), 0, my_tid(), stepInfo->range, true};
            m = d = NULL;
        }
        pthread_mutex_unlock(&g_p.lock);
        free(m);
        free(d);
        return;
    }
    if (stepInfo->range)
        core_prof_range_end(stepInfo->range);
    stepInfo->range = 0;
}

/* ---- mstx ------------------------------------------------------------------------- */

struct mstxDomainRegistration_st {
    uint32_t magic;
    char name[128];
};
#define MSTX_DOMAIN_MAGIC 0x6d737844u

mstxDomainHandle_t core_prof_domain_new(const char *name)
{
    mstxDomainHandle_t d = core_calloc(1, sizeof(*d));
    if (!d)
        return NULL;
    d->magic = MSTX_DOMAIN_MAGIC;
    snprintf(d->name, sizeof(d->name), "%s", name);
    return d;
}

void core_prof_domain_destroy(mstxDomainHandle_t domain)
{
    if (domain && domain->magic == MSTX_DOMAIN_MAGIC) {
        domain->magic = 0;
        free(domain);
    }
}

const char *core_prof_domain_name(mstxDomainHandle_t d)
{
    return d && d->magic == MSTX_DOMAIN_MAGIC ? d->name : NULL;
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

aclError core_prof_init(const char *profilerResultPath, size_t length, const char *fn)
{
    pthread_mutex_lock(&g_p.lock);
    aclError rc = ACL_SUCCESS;
    if (g_p.inited) {
        rc = core_err(ACL_ERROR_REPEAT_INITIALIZE, "%s: already initialised", fn);
    } else if (core_obs_mkdirs(profilerResultPath)) {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: cannot create '%s': %s", fn, profilerResultPath,
                      strerror(errno));
    } else {
        memcpy(g_p.path, profilerResultPath, length + 1);
        g_p.inited = true;
    }
    pthread_mutex_unlock(&g_p.lock);
    return rc;
}

aclprofConfig *core_prof_config_new(const uint32_t *deviceIdList, uint32_t deviceNums,
                                    aclprofAicoreMetrics aicoreMetrics, uint64_t dataTypeConfig)
{
    aclprofConfig *c = core_calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->magic = PROF_CFG_MAGIC;
    c->ndev = deviceNums;
    if (deviceNums)
        memcpy(c->dev, deviceIdList, deviceNums * sizeof(uint32_t));
    c->metrics = aicoreMetrics;
    c->types = dataTypeConfig;
    return c;
}

bool core_prof_config_ok(const aclprofConfig *c)
{
    return c && c->magic == PROF_CFG_MAGIC;
}

void core_prof_config_destroy(const aclprofConfig *profilerConfig)
{
    ((aclprofConfig *)profilerConfig)->magic = 0;
    free((void *)profilerConfig);
}

void core_prof_set_path(const char *config, size_t configLength)
{
    pthread_mutex_lock(&g_p.lock);
    memcpy(g_p.path, config, configLength + 1);
    pthread_mutex_unlock(&g_p.lock);
}

aclError core_prof_start(const aclprofConfig *profilerConfig, const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_p.lock);
    if (!g_p.inited) {
        rc = core_err(ACL_ERROR_UNINITIALIZE, "%s: aclprofInit has not been called", fn);
    } else if (g_p.running) {
        rc = core_err(ACL_ERROR_PROF_ALREADY_RUN, "%s: collection is running already", fn);
    } else {
        g_p.cfg = *profilerConfig;
        g_p.running = true;
        /* relaxed: see core_obs_active. */
        atomic_fetch_or_explicit(&core_obs_mask, CORE_OBS_PROF, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_p.lock);
    if (rc == ACL_SUCCESS) /* registered msprof modules (aprof.c) */
        core_aprof_notify(PROF_COMMANDHANDLE_TYPE_START, profilerConfig->types, profilerConfig->ndev,
                          profilerConfig->dev);
    return rc;
}

aclError core_prof_stop(const aclprofConfig *profilerConfig, const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_p.lock);
    if (!g_p.running) {
        rc = core_err(ACL_ERROR_PROF_NOT_RUN, "%s: collection is not running", fn);
    } else if (profilerConfig->ndev != g_p.cfg.ndev ||
               memcmp(profilerConfig->dev, g_p.cfg.dev, g_p.cfg.ndev * sizeof(uint32_t)) ||
               profilerConfig->types != g_p.cfg.types) {
        rc = core_err(ACL_ERROR_INVALID_PROFILING_CONFIG,
                      "%s: the config differs from the one collection started with", fn);
    } else {
        g_p.running = false;
        atomic_fetch_and_explicit(&core_obs_mask, ~CORE_OBS_PROF, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_p.lock);
    if (rc == ACL_SUCCESS)
        core_aprof_notify(PROF_COMMANDHANDLE_TYPE_STOP, profilerConfig->types, profilerConfig->ndev,
                          profilerConfig->dev);
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

static aclError write_output(const char *fn)
{
    char dir[PROF_PATH_MAX + 128], file[PROF_PATH_MAX + 192], ts[32];
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    strftime(ts, sizeof(ts), "%Y%m%d%H%M%S", &tmv);
    snprintf(dir, sizeof(dir), "%s/PROF_%d_%s/mindstudio_profiler_output", g_p.path, (int)getpid(),
             ts);
    if (core_obs_mkdirs(dir))
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot create '%s'", fn, dir);
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
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s'", fn, file);
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
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s'", fn, file);

    snprintf(file, sizeof(file), "%s/op_statistic_%s.csv", dir, ts);
    f = fopen(file, "w");
    if (!f)
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s'", fn, file);
    fputs("OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),"
          "Ratio(%)\n",
          f);
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
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s'", fn, file);

    snprintf(file, sizeof(file), "%s/msprof_%s.json", dir, ts);
    f = fopen(file, "w");
    if (!f)
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s'", fn, file);
    fprintf(f,
            "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n{\"name\":\"process_name\","
            "\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":\"cpuacl\"}}",
            (int)getpid());
    for (size_t i = 0; i < g_p.nops; i++) {
        const struct prof_op *o = &g_p.ops[i];
        fprintf(f, ",\n{\"name\":");
        json_str(f, o->name);
        fprintf(f, ",\"cat\":\"op\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":%d,\"tid\":%u}",
                (double)(o->t0 - t0) / 1e3, (double)(o->t1 - o->t0) / 1e3, (int)getpid(), o->tid);
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
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s'", fn, file);
    return ACL_SUCCESS;
}

aclError core_prof_finalize(const char *fn)
{
    pthread_mutex_lock(&g_p.lock);
    if (!g_p.inited) {
        pthread_mutex_unlock(&g_p.lock);
        return core_err(ACL_ERROR_UNINITIALIZE, "%s: aclprofInit has not been called", fn);
    }
    if (g_p.running) { /* stopped implicitly */
        g_p.running = false;
        atomic_fetch_and_explicit(&core_obs_mask, ~CORE_OBS_PROF, memory_order_relaxed);
    }
    aclError rc = write_output(fn);
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
    core_aprof_notify(PROF_COMMANDHANDLE_TYPE_FINALIZE, 0, 0, NULL);
    return rc;
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
