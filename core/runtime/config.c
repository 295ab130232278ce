/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Runtime configuration: built-in defaults, then the "cpuacl" object of the
 * JSON file given to aclInit, then CPUACL_* environment variables (which win).
 * JSON is parsed with cJSON.
 */
#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "core/err.h"
#include "core/runtime/base.h"
#include "core/runtime/config.h"
#include "core/runtime/runtime.h"
#include "sched/sched.h"

#define MAX_CONFIG_FILE (16u << 20)

struct knob {
    const char *key, *env;
    uint64_t min, max;
    int kind; /* 0 = uint, 1 = bool */
    size_t off;
    int width; /* kind 0: 4 = uint32, 8 = us -> ns (uint64), 9 = MiB -> bytes (uint64) */
};

#define U32(k, e, lo, hi, f)                                                                       \
    {                                                                                              \
        k, e, lo, hi, 0, offsetof(struct core_config, f), 4                                        \
    }
static const struct knob knobs[] = {
    U32("device_count", "CPUACL_DEVICE_COUNT", 1, CORE_MAX_DEVICES, device_count),
    U32("workers", "CPUACL_WORKERS", 1, CORE_MAX_WORKERS_PER_DEVICE, workers),
    {"pin_workers", "CPUACL_PIN_WORKERS", 0, 1, 1, offsetof(struct core_config, pin_workers), 1},
    {"spin_us", "CPUACL_SPIN_US", 0, 10000000, 0, offsetof(struct core_config, spin_ns), 8},
    U32("ring_slots", "CPUACL_RING_SLOTS", 64, 65536, ring_slots),
    {"device_memory_mb", "CPUACL_DEVICE_MEMORY_MB", 1, 1u << 24, 0,
     offsetof(struct core_config, device_memory), 9},
    {"reject_async_host_to_host", "CPUACL_REJECT_ASYNC_H2H", 0, 1, 1,
     offsetof(struct core_config, async_h2h_reject), 1},
    U32("trace_events", "CPUACL_TRACE_EVENTS", 0, 1u << 26, trace_events),
};

/* The one string setting: trace_file / CPUACL_TRACE (a path). */
static aclError set_trace_file(struct core_config *cfg, const char *v, const char *where)
{
    if (strlen(v) >= sizeof(cfg->trace_file))
        return core_err(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: %s: trace file path too long",
                        where);
    strcpy(cfg->trace_file, v);
    cfg->trace_file_env = !strcmp(where, "CPUACL_TRACE"); /* its errors' code (trace.c) */
    if (v[0] && !cfg->trace_events)
        cfg->trace_events = 1u << 20;
    return ACL_SUCCESS;
}

static void set_value(struct core_config *cfg, const struct knob *k, uint64_t v)
{
    char *p = (char *)cfg + k->off;
    if (k->kind == 1)
        *(bool *)p = v != 0;
    else if (k->width == 8)
        *(uint64_t *)p = v * 1000u; /* spin_us -> ns */
    else if (k->width == 9)
        *(uint64_t *)p = v << 20; /* MiB -> bytes */
    else
        *(uint32_t *)p = (uint32_t)v;
}

static bool valid(const struct knob *k, uint64_t v)
{
    if (v < k->min || v > k->max)
        return false;
    if (!strcmp(k->key, "ring_slots") && (v & (v - 1)))
        return false; /* power of two */
    return true;
}

/* The rule a value of knob k must follow, as an error message states it. */
static void rule(const struct knob *k, bool negative, uint64_t v, char *out, size_t size)
{
    if (k->kind == 1)
        snprintf(out, size, "must be true or false (or 1 or 0)");
    else if (!strcmp(k->key, "ring_slots"))
        snprintf(out, size, "must be a power of two in [%llu, %llu]", (unsigned long long)k->min,
                 (unsigned long long)k->max);
    else if (negative || v < k->min)
        snprintf(out, size, "must be >= %llu", (unsigned long long)k->min);
    else
        snprintf(out, size, "must be <= %llu", (unsigned long long)k->max);
}

/* What a value of knob k must be, whatever its type: "an integer in [1, 64]". */
static void type_rule(const struct knob *k, char *out, size_t size)
{
    if (k->kind == 1)
        snprintf(out, size, "true or false (or 1 or 0)");
    else
        snprintf(out, size, "%s in [%llu, %llu]",
                 strcmp(k->key, "ring_slots") ? "an integer" : "a power of two",
                 (unsigned long long)k->min, (unsigned long long)k->max);
}

/* ---- unknown names: warned once, with the nearest known name ---------------- */

/* Levenshtein distance of a and b (names up to 63 characters; longer: large). */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 64;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* CPUACL_* variables read elsewhere (tools, tests, the Python package, other rooms). */
static const char *const other_env[] = {
    "CPUACL_TRACE",
    "CPUACL_SOC_NAME",
    "CPUACL_SIMD",
    "CPUACL_SIMD_NO_FP16",
    "CPUACL_SNAPSHOT_LOCK_TIMEOUT_MS",
    "CPUACL_LIBRARY",
    "CPUACL_ALLOCATOR",
    "CPUACL_PY_HIDE_NUMPY",
    "CPUACL_BUILD_DIR",
    "CPUACL_SOURCE_DIR",
    "CPUACL_CMAKE",
    "CPUACL_STRESS_SCALE",
    "CPUACL_STRESS_SEED",
    "CPUACL_SOAK_TASKS",
    "CPUACL_TEST_CASE",
    "CPUACL_FUZZ_SECONDS",
    "CPUACL_TEST_EXEC_RACE_US",
};

#define KNOBS (sizeof(knobs) / sizeof(knobs[0]))
#define OTHER_ENV (sizeof(other_env) / sizeof(other_env[0]))

/* The known name nearest to `name` (JSON keys or environment names), or NULL when none is
 * within a third of its length (at least 2 edits). */
static const char *nearest(const char *name, bool env)
{
    const char *best = NULL;
    size_t bd = (size_t)-1;
    for (size_t i = 0; i < KNOBS + 1 + (env ? OTHER_ENV : 0); i++) {
        const char *cand = i < KNOBS    ? (env ? knobs[i].env : knobs[i].key)
                           : i == KNOBS ? (env ? "CPUACL_TRACE" : "trace_file")
                                        : other_env[i - KNOBS - 1];
        size_t d = edit_distance(name, cand);
        if (d < bd) {
            bd = d;
            best = cand;
        }
    }
    size_t limit = strlen(name) / 3;
    return bd <= (limit < 2 ? 2 : limit) ? best : NULL;
}

static bool known(const char *name, bool env)
{
    for (size_t i = 0; i < KNOBS; i++)
        if (!strcmp(name, env ? knobs[i].env : knobs[i].key))
            return true;
    if (!strcmp(name, env ? "CPUACL_TRACE" : "trace_file"))
        return true;
    for (size_t i = 0; env && i < OTHER_ENV; i++)
        if (!strcmp(name, other_env[i]))
            return true;
    return false;
}

/* Names already warned about (the first 64), so each is warned once per process; under a
 * mutex, as two threads may call aclInit. */
static pthread_mutex_t g_warned_lock = PTHREAD_MUTEX_INITIALIZER;
static char g_warned[64][64];
static size_t g_nwarned;

/* Warn about `name` (shown as prefix + name) once, with the nearest known name. */
static void warn_unknown(const char *what, const char *prefix, const char *name, bool env)
{
    pthread_mutex_lock(&g_warned_lock);
    for (size_t i = 0; i < g_nwarned; i++)
        if (!strncmp(g_warned[i], name, sizeof(g_warned[i]) - 1)) {
            pthread_mutex_unlock(&g_warned_lock);
            return;
        }
    if (g_nwarned < sizeof(g_warned) / sizeof(g_warned[0]))
        snprintf(g_warned[g_nwarned++], sizeof(g_warned[0]), "%s", name);
    pthread_mutex_unlock(&g_warned_lock);
    const char *near = nearest(name, env);
    fprintf(stderr, "[cpuacl] warning: aclInit: unknown %s '%s%s' ignored%s%s%s%s\n", what, prefix,
            name, near ? " (did you mean '" : "", near ? prefix : "", near ? near : "",
            near ? "'?)" : "");
}

/* Line and column (from 1) of byte offset `off` of text. */
static void line_col(const char *text, size_t off, unsigned *line, unsigned *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < off; i++) {
        if (text[i] == '\n') {
            ++*line;
            *col = 1;
        } else {
            ++*col;
        }
    }
}

static aclError load_json(struct core_config *cfg, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return core_err(ACL_ERROR_INVALID_FILE, "aclInit: config '%s' is not a regular file", path);
    struct base_file file = base_read_file(path, MAX_CONFIG_FILE);
    if (!file.opened)
        return core_err(ACL_ERROR_INVALID_FILE, "aclInit: cannot open config file '%s': %s", path,
                        strerror(file.err));
    if (!file.data)
        return core_err(ACL_ERROR_INVALID_FILE_SIZE, "aclInit: cannot read config file '%s'", path);
    aclError rc = ACL_SUCCESS;
    const char *end = NULL;
    cJSON *root = file.len ? cJSON_ParseWithLengthOpts(file.data, file.len, &end, false) : NULL;
    if (file.len == 0) {
        /* An empty file is accepted as an empty configuration, as AscendCL
         * samples pass an empty acl.json. */
    } else if (!root) {
        unsigned line, col;
        size_t off = end && end >= file.data && end <= file.data + file.len
                         ? (size_t)(end - file.data)
                         : file.len;
        bool at_end = off + 1 >= file.len;
        if (at_end) { /* the end: just after the last character that is not a space */
            off = file.len;
            while (off > 0 && isspace((unsigned char)file.data[off - 1]))
                off--;
        }
        line_col(file.data, off, &line, &col);
        /* The line's text up to the error (at most 24 characters before it). */
        size_t from = at_end ? off : off + 1, start = from;
        while (start > 0 && file.data[start - 1] != '\n' && from - start < 24)
            start--;
        rc = core_err(ACL_ERROR_PARSE_FILE,
                      "aclInit: '%s': JSON syntax error at line %u, column %u, after '%.*s'%s",
                      path, line, col, (int)(from - start), file.data + start,
                      at_end ? " (the end of the file: is a closing bracket or quote missing?)"
                             : "");
    } else if (!cJSON_IsObject(root)) {
        rc = core_err(ACL_ERROR_PARSE_FILE, "aclInit: '%s' is JSON but not a JSON object", path);
    } else {
        cJSON *c = cJSON_GetObjectItemCaseSensitive(root, "cpuacl");
        if (c && !cJSON_IsObject(c)) {
            rc = core_err(ACL_ERROR_FILE_ATTR_INVALID,
                          "aclInit: '%s': \"cpuacl\" must be an object", path);
        }
        /* A top-level key one or two edits from "cpuacl" is a misspelt cpuacl section. */
        for (cJSON *t = root->child; t && rc == ACL_SUCCESS; t = t->next)
            if (t->string && strcmp(t->string, "cpuacl") && edit_distance(t->string, "cpuacl") <= 2)
                warn_unknown("top-level key", "", t->string, false);
        for (cJSON *t = c && rc == ACL_SUCCESS ? c->child : NULL; t; t = t->next)
            if (t->string && !known(t->string, false))
                warn_unknown("key", "cpuacl.", t->string, false);
        cJSON *tf = c ? cJSON_GetObjectItemCaseSensitive(c, "trace_file") : NULL;
        if (tf && rc == ACL_SUCCESS)
            rc = cJSON_IsString(tf)
                     ? set_trace_file(cfg, tf->valuestring, path)
                     : core_err(ACL_ERROR_FILE_ATTR_INVALID,
                                "aclInit: '%s': cpuacl.trace_file must be a string", path);
        for (size_t i = 0; c && rc == ACL_SUCCESS && i < KNOBS; i++) {
            const struct knob *k = &knobs[i];
            cJSON *it = cJSON_GetObjectItemCaseSensitive(c, k->key);
            if (!it)
                continue;
            uint64_t v = 0;
            bool neg = false;
            char why[96];
            if (k->kind == 1 && cJSON_IsBool(it)) {
                v = cJSON_IsTrue(it);
            } else if (k->kind == 0 && cJSON_IsNumber(it)) {
                double d = it->valuedouble;
                if (d != floor(d) || fabs(d) >= 0x1p63) {
                    rc = core_err(ACL_ERROR_FILE_ATTR_INVALID,
                                  "aclInit: '%s': cpuacl.%s = %g: must be an integer", path, k->key,
                                  d);
                    break;
                }
                neg = d < 0;
                v = (uint64_t)fabs(d);
            } else {
                type_rule(k, why, sizeof(why));
                rc = core_err(ACL_ERROR_FILE_ATTR_INVALID,
                              "aclInit: '%s': cpuacl.%s has the wrong type: must be %s", path,
                              k->key, why);
                break;
            }
            if (neg || !valid(k, v)) {
                rule(k, neg, v, why, sizeof(why));
                rc = core_err(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: '%s': cpuacl.%s = %s%llu: %s",
                              path, k->key, neg ? "-" : "", (unsigned long long)v, why);
                break;
            }
            set_value(cfg, k, v);
        }
    }
    cJSON_Delete(root);
    free(file.data);
    return rc;
}

extern char **environ;

static aclError load_env(struct core_config *cfg)
{
    for (char **e = environ; e && *e; e++) {
        if (strncmp(*e, "CPUACL_", 7))
            continue;
        char name[64];
        size_t n = strcspn(*e, "=");
        if (n >= sizeof(name))
            n = sizeof(name) - 1;
        memcpy(name, *e, n);
        name[n] = 0;
        if (!known(name, true))
            warn_unknown("environment variable", "", name, true);
    }
    const char *tf = getenv("CPUACL_TRACE");
    if (tf) {
        aclError rc = set_trace_file(cfg, tf, "CPUACL_TRACE");
        if (rc)
            return rc;
    }
    for (size_t i = 0; i < KNOBS; i++) {
        const struct knob *k = &knobs[i];
        const char *s = getenv(k->env);
        if (!s || !*s)
            continue;
        uint64_t v;
        bool neg = false;
        char *end, why[96];
        if (k->kind == 1 && (!strcmp(s, "true") || !strcmp(s, "false"))) {
            v = s[0] == 't';
        } else {
            neg = s[0] == '-';
            errno = 0;
            v = strtoull(s + neg, &end, 10);
            if (*end || end == s + neg || s[neg] == '-' || s[neg] == '+') {
                type_rule(k, why, sizeof(why));
                return core_err(ACL_ERROR_INVALID_PARAM, "aclInit: %s='%s': must be %s", k->env, s,
                                why);
            }
            if (errno == ERANGE)
                v = UINT64_MAX; /* beyond any maximum: the rule says which */
        }
        if (neg || !valid(k, v)) {
            rule(k, neg, v, why, sizeof(why));
            return core_err(ACL_ERROR_INVALID_PARAM, "aclInit: %s=%s: %s", k->env, s, why);
        }
        set_value(cfg, k, v);
    }
    return ACL_SUCCESS;
}

/* The first of names that holds a decimal number below 65536, or dflt. */
static uint32_t env_number(const char *const *names, size_t count, uint32_t dflt)
{
    for (size_t k = 0; k < count; k++) {
        const char *v = getenv(names[k]);
        if (!v || !*v)
            continue;
        char *end;
        unsigned long r = strtoul(v, &end, 10);
        if (*end == '\0' && r < 65536)
            return (uint32_t)r;
    }
    return dflt;
}

void core_config_launcher(uint32_t *rank, uint32_t *size)
{
    static const char *const rank_vars[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
                                            "SLURM_LOCALID"};
    static const char *const size_vars[] = {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS",
                                            "SLURM_NTASKS_PER_NODE"};
    *rank = env_number(rank_vars, 3, 0);
    *size = env_number(size_vars, 3, 1);
    if (*size <= *rank)
        *size = *rank + 1;
}

aclError core_config_load(struct core_config *cfg, const char *path)
{
    aclError rc;
    memset(cfg, 0, sizeof(*cfg)); /* tracing off, no trace file, ... */
    uint32_t ncpu = sched_ncpu();
    cfg->device_count = 2;
    /* Leave one core for the submitting host thread. */
    cfg->workers = ncpu > 1 ? ncpu - 1 : 1;
    if (cfg->workers > CORE_MAX_WORKERS_PER_DEVICE)
        cfg->workers = CORE_MAX_WORKERS_PER_DEVICE;
    /* Workers float: a worker pinned to a core that another thread keeps busy (a test run
     * beside this one, a compiler, any other process) waits out that thread's time slices
     * with the work bound to it, while another core may sit idle; the kernel moves a
     * floating one. Measured: tests/model/capture_stress (4 workers on 2 cores) beside one
     * busy-looping process, 43 s pinned against 4.2 s floating (1.5 s alone). pin_workers
     * pins them for measurements on a quiet machine. */
    cfg->pin_workers = false;
    /* Waiting threads spin 50 us before they park, unless a launcher put at least as
     * many processes on this machine as this one may use cores (mpirun -np 8 on 2
     * cores, or --bind-to core): a spinning thread then holds a core another rank (or
     * this rank's own worker) needs, and the spin only delays the work it waits for
     * (measured: an 8 B HcclAllReduce + synchronize over 4 processes on 2 cores took
     * 2-3x the time with the spin; docs/hccl.md). Open MPI stops its own busy polling
     * in that case too (mpi_yield_when_idle). */
    uint32_t lrank, lsize;
    core_config_launcher(&lrank, &lsize);
    cfg->spin_ns = lsize > 1 && lsize >= ncpu ? 0 : 50000;
    cfg->ring_slots = 1024;
    /* Device memory is accounted, not reserved: half the machine's memory,
     * shared out over the devices. */
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
    uint64_t ram = pages > 0 && psize > 0 ? (uint64_t)pages * (uint64_t)psize : 8ull << 30;
    cfg->device_memory = ram / 2 / cfg->device_count;
    cfg->async_h2h_reject = false;
    uint32_t n0 = cfg->device_count;
    core_log_configure(); /* the ASCEND_* log variables, read again at each aclInit */
    if (path && (rc = load_json(cfg, path)))
        return rc;
    if ((rc = load_env(cfg)))
        return rc;
    if (cfg->device_count != n0 && cfg->device_memory == ram / 2 / n0)
        cfg->device_memory = ram / 2 / cfg->device_count; /* default share, recomputed */
    return ACL_SUCCESS;
}
