/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tensor dump (acl/acl_dump.h; aclmdlInitDump/SetDump/FinalizeDump): the object side; the
 * entry points, their argument checks and errors are in core/api/tools.c.
 *
 * While a dump configuration is set, every aclnn operator run (eager or in a
 * captured model's replay; ops/engine/exec.c reports it through core_obs_op) writes
 * one file with its inputs and/or outputs (dump_mode) to
 *   <dump_path>/<YYYYMMDDhhmmss>/<device>/<OpType>.<OpName>.<task>.<stream>.<timestamp>
 * (<stream> is 0: the worker does not know it here; <timestamp> in us), or
 * hands the same bytes to the registered acldumpRegCallback as one chunk.
 *
 * File format (cpuacl's; AscendCL writes a protobuf the msaccucmp tools read,
 * which this library does not produce), little-endian:
 *   char magic[8] = "CPUACLD1"; uint32 ninputs; uint32 noutputs;
 *   per tensor (inputs, then outputs): uint32 kind (0 input, 1 output);
 *   int32 dataType (aclDataType); int32 format (aclFormat); uint32 ndim;
 *   int64 dims[ndim]; uint64 nbytes; nbytes of data: the tensor's elements
 *   in row-major order of its view (strides applied).
 * docs/runtime.md ("Dump") has a Python reader.
 *
 * The configuration lives in g_d under g_d.lock; a dump holds the lock while
 * it writes (dumping serialises operator runs: a debugging mode).
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "base/file.h"
#include "core/device/device.h"
#include "core/err.h"
#include "core/obs.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/tools/dump.h"

enum { DUMP_INPUT = 1, DUMP_OUTPUT = 2, DUMP_ALL = 3 };

static struct {
    pthread_mutex_t lock;
    bool inited, set;
    int mode;
    char path[ACL_DUMP_MAX_FILE_PATH_LENGTH];
    char stamp[32]; /* the <YYYYMMDDhhmmss> directory of this configuration */
    uint64_t task;
    int32_t (*cb)(const acldumpChunk *, int32_t);
    int32_t cb_flag;
    char args_path[ACL_DUMP_MAX_FILE_PATH_LENGTH]; /* aclopStartDumpArgs */
    bool args_on;
    bool from_init; /* the configuration came from aclInit's file (until aclFinalize) */
} g_d = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void dump_on(bool on)
{
    /* relaxed: see core_obs_active. */
    if (on)
        atomic_fetch_or_explicit(&core_obs_mask, CORE_OBS_DUMP, memory_order_relaxed);
    else
        atomic_fetch_and_explicit(&core_obs_mask, ~CORE_OBS_DUMP, memory_order_relaxed);
}

aclError core_dump_init(const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_d.lock);
    if (g_d.inited) { /* the reference's own check: "cannot be called repeatedly" */
        rc = core_err(ACL_ERROR_REPEAT_INITIALIZE,
                      "%s: dump is initialised already (aclmdlInitDump cannot be called "
                      "repeatedly; aclmdlFinalizeDump first)",
                      fn);
    } else if (g_d.from_init) {
        rc = core_err(ACL_ERROR_DUMP_ALREADY_RUN,
                      "%s: dump is initialised already by aclInit's dump configuration", fn);
    } else {
        g_d.inited = true;
        g_d.set = false;
        if (g_d.cb) { /* the callback way: no configuration file needed */
            g_d.mode = DUMP_ALL;
            g_d.set = true;
            dump_on(true);
        }
    }
    pthread_mutex_unlock(&g_d.lock);
    return rc;
}

/* Apply a "dump" JSON object. g_d.lock held. */
static aclError apply_config(cJSON *d, const char *where)
{
    if (!cJSON_IsObject(d))
        return core_err(ACL_ERROR_INVALID_DUMP_CONFIG, "%s: \"dump\" must be an object", where);
    cJSON *path = cJSON_GetObjectItemCaseSensitive(d, "dump_path");
    cJSON *mode = cJSON_GetObjectItemCaseSensitive(d, "dump_mode");
    cJSON *sw = cJSON_GetObjectItemCaseSensitive(d, "dump_op_switch");
    cJSON *list = cJSON_GetObjectItemCaseSensitive(d, "dump_list");
    cJSON *scene = cJSON_GetObjectItemCaseSensitive(d, "dump_scene");
    cJSON *dbg = cJSON_GetObjectItemCaseSensitive(d, "dump_debug");
    if ((path && !cJSON_IsString(path)) || (mode && !cJSON_IsString(mode)) ||
        (sw && !cJSON_IsString(sw)) || (list && !cJSON_IsArray(list)))
        return core_err(ACL_ERROR_INVALID_DUMP_CONFIG,
                        "%s: dump_path, dump_mode, dump_op_switch must be strings and dump_list "
                        "an array", where);
    int m = DUMP_OUTPUT; /* the documented default */
    if (mode) {
        if (!strcmp(mode->valuestring, "input"))
            m = DUMP_INPUT;
        else if (!strcmp(mode->valuestring, "output"))
            m = DUMP_OUTPUT;
        else if (!strcmp(mode->valuestring, "all"))
            m = DUMP_ALL;
        else
            return core_err(ACL_ERROR_INVALID_DUMP_CONFIG,
                            "%s: dump_mode '%s' (expected input, output or all)", where,
                            mode->valuestring);
    }
    if (sw && strcmp(sw->valuestring, "on") && strcmp(sw->valuestring, "off"))
        return core_err(ACL_ERROR_INVALID_DUMP_CONFIG, "%s: dump_op_switch '%s' (on or off)",
                        where, sw->valuestring);
    bool ops = sw && !strcmp(sw->valuestring, "on");
    bool models = list && cJSON_GetArraySize(list) > 0;
    if ((scene || dbg) && !ops && !models) /* exception / overflow dumps: nothing to do on CPU */
        return ACL_SUCCESS;
    if (!ops && !models)
        return ACL_SUCCESS; /* a configuration that dumps nothing */
    const char *env = getenv("NPU_COLLECT_PATH");
    if (!env || !*env)
        env = getenv("ASCEND_WORK_PATH");
    const char *p = env && *env ? env : path ? path->valuestring : ".";
    if (strlen(p) >= sizeof(g_d.path) - 64)
        return core_err(ACL_ERROR_INVALID_DUMP_CONFIG, "%s: dump_path is too long", where);
    if (core_obs_mkdirs(p))
        return core_err(ACL_ERROR_INVALID_DUMP_CONFIG, "%s: cannot create dump_path '%s': %s",
                        where, p, strerror(errno));
    snprintf(g_d.path, sizeof(g_d.path), "%s", p);
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    strftime(g_d.stamp, sizeof(g_d.stamp), "%Y%m%d%H%M%S", &tmv);
    g_d.mode = m;
    g_d.set = true;
    dump_on(true);
    return ACL_SUCCESS;
}

/*
 * aclInit's configuration file may hold the same "dump" object an
 * aclmdlSetDump file does: it is applied with the same rules and codes
 * (apply_config), as if by aclmdlInitDump + aclmdlSetDump, except that the
 * session is aclInit's: aclmdlInitDump then fails (ACL_ERROR_DUMP_ALREADY_RUN),
 * aclmdlSetDump / aclmdlFinalizeDump find no aclmdlInitDump session
 * (ACL_ERROR_DUMP_NOT_RUN), and aclFinalize ends it (core_dump_fini). The file
 * was checked to be a JSON object (or empty) by core_config_load.
 */
/* Read the JSON object at path for fn: *out (NULL for an empty file when empty_ok). */
static aclError read_json(const char *path, const char *fn, bool empty_ok, cJSON **out)
{
    *out = NULL;
    struct base_file file = base_read_file(path, SIZE_MAX);
    if (!file.opened)
        return core_err(ACL_ERROR_INVALID_FILE, "%s: cannot open '%s': %s", fn, path,
                        strerror(file.err));
    if (!file.data)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    if (empty_ok && file.len == 0) {
        free(file.data);
        return ACL_SUCCESS;
    }
    cJSON *root = cJSON_ParseWithLength(file.data, file.len);
    free(file.data);
    if (!root || !cJSON_IsObject(root)) {
        cJSON_Delete(root);
        return core_err(ACL_ERROR_PARSE_FILE, "%s: '%s' is not a JSON object", fn, path);
    }
    *out = root;
    return ACL_SUCCESS;
}

aclError core_dump_from_init(const char *path)
{
    if (!path || !*path)
        return ACL_SUCCESS;
    cJSON *root;
    aclError rc = read_json(path, "aclInit", true, &root);
    cJSON *d = root ? cJSON_GetObjectItemCaseSensitive(root, "dump") : NULL;
    if (d) {
        pthread_mutex_lock(&g_d.lock);
        rc = apply_config(d, "aclInit");
        if (rc == ACL_SUCCESS)
            g_d.from_init = true;
        pthread_mutex_unlock(&g_d.lock);
    }
    cJSON_Delete(root);
    return rc;
}

void core_dump_fini(void)
{
    pthread_mutex_lock(&g_d.lock);
    if (g_d.from_init) {
        g_d.from_init = g_d.set = false;
        dump_on(g_d.args_on);
    }
    pthread_mutex_unlock(&g_d.lock);
}

aclError core_dump_set(const char *dumpCfgPath, const char *fn)
{
    cJSON *root;
    aclError rc = read_json(dumpCfgPath, fn, false, &root);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_d.lock);
    cJSON *d = cJSON_GetObjectItemCaseSensitive(root, "dump");
    if (!g_d.inited)
        rc = core_err(ACL_ERROR_DUMP_NOT_RUN, "%s: call aclmdlInitDump first", fn);
    else if (!d)
        rc = core_err(ACL_ERROR_INVALID_DUMP_CONFIG, "%s: '%s' has no \"dump\" object", fn,
                      dumpCfgPath);
    else
        rc = apply_config(d, fn);
    pthread_mutex_unlock(&g_d.lock);
    cJSON_Delete(root);
    return rc;
}

aclError core_dump_finalize(const char *fn)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_d.lock);
    if (!g_d.inited) {
        rc = core_err(ACL_ERROR_DUMP_NOT_RUN, "%s: aclmdlInitDump was not called", fn);
    } else {
        g_d.inited = g_d.set = false;
        dump_on(g_d.args_on);
    }
    pthread_mutex_unlock(&g_d.lock);
    return rc;
}

void core_dump_callback(int32_t (*cb)(const acldumpChunk *, int32_t), int32_t flag)
{
    pthread_mutex_lock(&g_d.lock);
    g_d.cb = cb;
    if (cb)
        g_d.cb_flag = flag;
    pthread_mutex_unlock(&g_d.lock);
}

const char *core_dump_path(void)
{
    pthread_mutex_lock(&g_d.lock);
    const char *p = g_d.set && g_d.path[0] ? g_d.path : NULL;
    pthread_mutex_unlock(&g_d.lock);
    return p;
}

aclError core_dump_args(const char *path, const char *fn)
{
    if (path && (strlen(path) >= sizeof(g_d.args_path) - 64 || core_obs_mkdirs(path)))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cannot create '%s'", fn, path);
    pthread_mutex_lock(&g_d.lock);
    if (path)
        snprintf(g_d.args_path, sizeof(g_d.args_path), "%s", path);
    g_d.args_on = path != NULL;
    dump_on(path || g_d.set);
    pthread_mutex_unlock(&g_d.lock);
    return ACL_SUCCESS;
}

aclError core_dump_exception_path(char *path, size_t maxLen, const char *fn)
{
    const char *p = getenv("ASCEND_WORK_PATH");
    int n = snprintf(path, maxLen, "%s/extra-info/data-dump", p && *p ? p : ".");
    if (n < 0 || (size_t)n >= maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: maxLen too small", fn);
    return ACL_SUCCESS;
}

/* ---- writing -------------------------------------------------------------------- */

struct obuf {
    unsigned char *p;
    size_t len, cap;
    bool oom;
};

static void put(struct obuf *b, const void *src, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n > b->cap) {
        size_t nc = b->cap ? b->cap : 4096;
        while (nc < b->len + n)
            nc *= 2;
        unsigned char *np = core_realloc(b->p, nc);
        if (!np) {
            b->oom = true;
            return;
        }
        b->p = np;
        b->cap = nc;
    }
    memcpy(b->p + b->len, src, n);
    b->len += n;
}

/* Append the view's elements in row-major order. */
static void put_view(struct obuf *b, const struct core_obs_tensor *t, const void *base)
{
    size_t es = core_dtype_size((aclDataType)t->dt);
    uint64_t n = 1;
    for (uint32_t d = 0; d < t->ndim; d++)
        n *= (uint64_t)(t->dims[d] > 0 ? t->dims[d] : 0);
    if (!base || !es)
        n = 0;
    uint64_t nbytes = n * es;
    put(b, &nbytes, 8);
    if (!n)
        return;
    int64_t idx[CORE_OBS_MAX_DIMS] = {0};
    for (uint64_t i = 0; i < n; i++) {
        int64_t off = t->offset;
        for (uint32_t d = 0; d < t->ndim; d++)
            off += idx[d] * t->strides[d];
        put(b, (const char *)base + off * (int64_t)es, es);
        for (int d = (int)t->ndim - 1; d >= 0; d--) {
            if (++idx[d] < t->dims[d])
                break;
            idx[d] = 0;
        }
    }
}

static void put_desc(struct obuf *b, uint32_t kind, const struct core_obs_tensor *t)
{
    put(b, &kind, 4);
    put(b, &t->dt, 4);
    put(b, &t->fmt, 4);
    put(b, &t->ndim, 4);
    put(b, t->dims, t->ndim * sizeof(int64_t));
}

void core_dump_op(const char *op, const struct core_obs_tensor *t, void *const *addr, uint32_t nin,
                  uint32_t nout)
{
    pthread_mutex_lock(&g_d.lock);
    if (!g_d.set && !g_d.args_on) {
        pthread_mutex_unlock(&g_d.lock);
        return;
    }
    const char *type = strncmp(op, "aclnn", 5) == 0 ? op + 5 : op;
    uint64_t task = g_d.task++;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t us = (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
    struct core_ctx *cur = core_ctx_current();
    int32_t dev = cur ? cur->dev->id : 0; /* the worker has no current device: 0 then */
    if (g_d.set) {
        uint32_t ni = (g_d.mode & DUMP_INPUT) ? nin : 0, no = (g_d.mode & DUMP_OUTPUT) ? nout : 0;
        struct obuf b = {0};
        put(&b, "CPUACLD1", 8);
        put(&b, &ni, 4);
        put(&b, &no, 4);
        for (uint32_t i = 0; i < nin + nout; i++) {
            bool in = i < nin;
            if ((in && !ni) || (!in && !no))
                continue;
            put_desc(&b, in ? 0 : 1, &t[i]);
            put_view(&b, &t[i], addr[i]);
        }
        char dir[ACL_DUMP_MAX_FILE_PATH_LENGTH + 64], file[ACL_DUMP_MAX_FILE_PATH_LENGTH + 512];
        snprintf(dir, sizeof(dir), "%s/%s/%d", g_d.path[0] ? g_d.path : ".", g_d.stamp, dev);
        snprintf(file, sizeof(file), "%s/%s.%s.%" PRIu64 ".0.%" PRIu64, dir, type, op, task, us);
        if (!b.oom && g_d.cb) {
            acldumpChunk *c = core_malloc(sizeof(*c) + b.len);
            if (c) {
                memset(c, 0, sizeof(*c));
                size_t fl = strlen(file);
                fl = fl < sizeof(c->fileName) ? fl : sizeof(c->fileName) - 1;
                memcpy(c->fileName, file, fl);
                c->fileName[fl] = 0;
                c->bufLen = (uint32_t)b.len;
                c->isLastChunk = 1;
                c->offset = -1;
                memcpy(c->dataBuf, b.p, b.len);
                g_d.cb(c, (int32_t)b.len);
                free(c);
            }
        } else if (!b.oom && core_obs_mkdirs(dir) == 0) {
            FILE *f = fopen(file, "wb");
            if (f) {
                fwrite(b.p, 1, b.len, f);
                fclose(f);
            }
        }
        free(b.p);
    }
    if (g_d.args_on) { /* operator information: one text file per operator and shape */
        char file[ACL_DUMP_MAX_FILE_PATH_LENGTH + 256];
        int k = snprintf(file, sizeof(file), "%s/%s", g_d.args_path, type);
        for (uint32_t i = 0; i < nin + nout && k < (int)sizeof(file) - 64; i++) {
            k += snprintf(file + k, sizeof(file) - (size_t)k, "_");
            for (uint32_t d = 0; d < t[i].ndim && k < (int)sizeof(file) - 32; d++)
                k += snprintf(file + k, sizeof(file) - (size_t)k, "%s%" PRId64, d ? "x" : "",
                              t[i].dims[d]);
        }
        snprintf(file + k, sizeof(file) - (size_t)k, ".txt");
        if (access(file, F_OK) != 0) {
            FILE *f = fopen(file, "w");
            if (f) {
                fprintf(f, "op_type: %s\nop_name: %s\n", type, op);
                for (uint32_t i = 0; i < nin + nout; i++) {
                    fprintf(f, "%s %u: format %d, data_type %d, shape [", i < nin ? "input" : "output",
                            i < nin ? i : i - nin, t[i].fmt, t[i].dt);
                    for (uint32_t d = 0; d < t[i].ndim; d++)
                        fprintf(f, "%s%" PRId64, d ? ", " : "", t[i].dims[d]);
                    fprintf(f, "]\n");
                }
                fclose(f);
            }
        }
    }
    pthread_mutex_unlock(&g_d.lock);
}

/* ---- user exception dumps --------------------------------------------------------- */

aclError core_dump_save_exception(const char *fileName, const char *userTag,
                                  const acldumpTensorInfo *tensors, size_t tensorCount,
                                  const char *fn)
{
    char dir[ACL_DUMP_MAX_FILE_PATH_LENGTH];
    aclError rc = core_dump_exception_path(dir, sizeof(dir), fn);
    if (rc)
        return rc;
    if (core_obs_mkdirs(dir))
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot create '%s'", fn, dir);
    struct obuf b = {0};
    uint32_t n = (uint32_t)tensorCount, z = 0;
    put(&b, "CPUACLD1", 8);
    put(&b, &n, 4);
    put(&b, &z, 4);
    for (size_t i = 0; i < tensorCount; i++) {
        const acldumpTensorInfo *ti = &tensors[i];
        if (ti->shapeNum > ACL_DUMP_MAX_SHAPE_NUM) {
            free(b.p);
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: tensor %zu has shapeNum %u > %d", fn, i,
                            ti->shapeNum, ACL_DUMP_MAX_SHAPE_NUM);
        }
        const void *data = ti->tensorAddr;
        if (data && ti->addrType == ACL_DUMP_ADDR_PTR)
            data = *(void *const *)data;
        else if (data && ti->addrType == ACL_DUMP_ADDR_PTR_PTR)
            data = *(void *const *)data ? **(void *const *const *)data : NULL;
        uint32_t kind = (uint32_t)ti->type;
        put(&b, &kind, 4);
        put(&b, &ti->dataType, 4);
        put(&b, &ti->format, 4);
        put(&b, &ti->shapeNum, 4);
        for (uint32_t d = 0; d < ti->shapeNum; d++) {
            int64_t v = (int64_t)ti->shape[d];
            put(&b, &v, 8);
        }
        uint64_t nb = data ? ti->tensorSize : 0;
        put(&b, &nb, 8);
        if (nb)
            put(&b, data, nb);
    }
    char file[ACL_DUMP_MAX_FILE_PATH_LENGTH * 2];
    snprintf(file, sizeof(file), "%s/%s.%s", dir, fileName, userTag);
    FILE *f = b.oom ? NULL : fopen(file, "wb");
    bool ok = f && fwrite(b.p, 1, b.len, f) == b.len;
    if (f)
        ok = (fclose(f) == 0) && ok;
    free(b.p);
    if (!ok)
        return core_err(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s'", fn, file);
    return ACL_SUCCESS;
}
