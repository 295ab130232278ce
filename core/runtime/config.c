/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Runtime configuration: built-in defaults, then the "cpuacl" object of the
 * JSON file given to aclInit, then CPUACL_* environment variables (which win).
 * JSON is parsed with cJSON.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "core/err.h"
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

#define U32(k, e, lo, hi, f) {k, e, lo, hi, 0, offsetof(struct core_config, f), 4}
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
        return core_err(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: %s: trace file path too long", where);
    strcpy(cfg->trace_file, v);
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

static aclError load_json(struct core_config *cfg, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return core_err(ACL_ERROR_INVALID_FILE, "aclInit: config '%s' is not a regular file",
                        path);
    struct base_file file = base_read_file(path, MAX_CONFIG_FILE);
    if (!file.opened)
        return core_err(ACL_ERROR_INVALID_FILE, "aclInit: cannot open config file '%s': %s", path,
                        strerror(file.err));
    if (!file.data)
        return core_err(ACL_ERROR_INVALID_FILE_SIZE, "aclInit: cannot read config file '%s'", path);
    aclError rc = ACL_SUCCESS;
    cJSON *root = file.len ? cJSON_ParseWithLength(file.data, file.len) : NULL;
    if (file.len == 0) {
        /* An empty file is accepted as an empty configuration, as AscendCL
         * samples pass an empty acl.json. */
    } else if (!root || !cJSON_IsObject(root)) {
        rc = core_err(ACL_ERROR_PARSE_FILE, "aclInit: '%s' is not a JSON object", path);
    } else {
        cJSON *c = cJSON_GetObjectItemCaseSensitive(root, "cpuacl");
        if (c && !cJSON_IsObject(c)) {
            rc = core_err(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: '%s': \"cpuacl\" must be an object",
                          path);
        }
        cJSON *tf = c ? cJSON_GetObjectItemCaseSensitive(c, "trace_file") : NULL;
        if (tf && rc == ACL_SUCCESS)
            rc = cJSON_IsString(tf) ? set_trace_file(cfg, tf->valuestring, path)
                                    : core_err(ACL_ERROR_FILE_ATTR_INVALID,
                                               "aclInit: '%s': cpuacl.trace_file must be a string",
                                               path);
        for (size_t i = 0; c && rc == ACL_SUCCESS && i < sizeof(knobs) / sizeof(knobs[0]); i++) {
            const struct knob *k = &knobs[i];
            cJSON *it = cJSON_GetObjectItemCaseSensitive(c, k->key);
            if (!it)
                continue;
            uint64_t v;
            if (k->kind == 1 && cJSON_IsBool(it)) {
                v = cJSON_IsTrue(it);
            } else if (k->kind == 0 && cJSON_IsNumber(it) && it->valuedouble >= 0 &&
                       it->valuedouble == (double)(uint64_t)it->valuedouble) {
                v = (uint64_t)it->valuedouble;
            } else {
                rc = core_err(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: '%s': cpuacl.%s has the wrong type",
                              path, k->key);
                break;
            }
            if (!valid(k, v)) {
                rc = core_err(ACL_ERROR_FILE_ATTR_INVALID,
                              "aclInit: '%s': cpuacl.%s = %llu is out of range [%llu, %llu]%s", path,
                              k->key, (unsigned long long)v, (unsigned long long)k->min,
                              (unsigned long long)k->max,
                              strcmp(k->key, "ring_slots") ? "" : " or not a power of two");
                break;
            }
            set_value(cfg, k, v);
        }
    }
    cJSON_Delete(root);
    free(file.data);
    return rc;
}

static aclError load_env(struct core_config *cfg)
{
    const char *tf = getenv("CPUACL_TRACE");
    if (tf) {
        aclError rc = set_trace_file(cfg, tf, "CPUACL_TRACE");
        if (rc)
            return rc;
    }
    for (size_t i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
        const struct knob *k = &knobs[i];
        const char *s = getenv(k->env);
        if (!s || !*s)
            continue;
        uint64_t v;
        char *end;
        if (k->kind == 1 && (!strcmp(s, "true") || !strcmp(s, "false"))) {
            v = s[0] == 't';
        } else {
            errno = 0;
            v = strtoull(s, &end, 10);
            if (errno || *end || s[0] == '-') {
                return core_err(ACL_ERROR_INVALID_PARAM, "aclInit: %s='%s' is not a number", k->env,
                                s);
            }
        }
        if (!valid(k, v))
            return core_err(ACL_ERROR_INVALID_PARAM, "aclInit: %s=%llu is out of range [%llu, %llu]",
                            k->env, (unsigned long long)v, (unsigned long long)k->min,
                            (unsigned long long)k->max);
        set_value(cfg, k, v);
    }
    return ACL_SUCCESS;
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
    cfg->pin_workers = true;
    cfg->spin_ns = 50000;
    cfg->ring_slots = 1024;
    /* Device memory is accounted, not reserved: half the machine's memory,
     * shared out over the devices. */
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
    uint64_t ram = pages > 0 && psize > 0 ? (uint64_t)pages * (uint64_t)psize : 8ull << 30;
    cfg->device_memory = ram / 2 / cfg->device_count;
    cfg->async_h2h_reject = false;
    uint32_t n0 = cfg->device_count;
    if (path && (rc = load_json(cfg, path)))
        return rc;
    if ((rc = load_env(cfg)))
        return rc;
    if (cfg->device_count != n0 && cfg->device_memory == ram / 2 / n0)
        cfg->device_memory = ram / 2 / cfg->device_count; /* default share, recomputed */
    return ACL_SUCCESS;
}
