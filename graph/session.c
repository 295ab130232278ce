/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GE's lifecycle as the C++ API sees it (cpuaclGe* functions): one global
 * GE instance (GEInitialize .. GEFinalize), numbered sessions, and graph ids
 * per session.
 *
 * Semantics of the real GE kept here:
 *  - GEInitialize twice fails (GE_CLI_GE_ALREADY_INITIALIZED); a Session
 *    created before GEInitialize, and every session call after GEFinalize,
 *    fail with GE_CLI_GE_NOT_INITIALIZED (GEFinalize frees every session
 *    and graph; session numbers are never reused, so a stale Session object
 *    can never reach a newer session).
 *  - AddGraph with an id already in use returns SUCCESS and keeps the first
 *    graph; running, building or removing an id never added fails with
 *    GE_GRAPH_GRAPH_NOT_EXIST.
 *  - Options: known keys are validated (a bad value fails with
 *    ACL_ERROR_GE_PARAM_INVALID), unknown keys are ignored.
 *
 *  GE1. GEInitialize brings the runtime up when nothing has (CANN's graph programs, the
 *      graph examples of its operator repositories among them, run without aclInit):
 *      as aclInit(NULL), without a reference, so that a later aclInit succeeds and
 *      takes it over (core/process/process.h core_process_init_implicit); GEFinalize
 *      finalizes it again unless an aclInit took it over. Called outside g_ge.lock.
 *
 * Locking: g_ge.lock (a mutex) covers the session list, the graphs and
 * their compilation; a run holds it while it queues its tasks (never while
 * they execute), so RemoveGraph/GEFinalize never free a graph under a
 * thread that is queueing it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/lifetime.h"
#include "graph/engine.h"

struct gs_graph {
    uint32_t id;
    struct cpuaclGeGraph *g;
    struct gs_graph *next;
};

struct gs_session {
    uint64_t id;
    struct gs_graph *graphs;
    struct gs_session *next;
};

static struct {
    pthread_mutex_t lock;
    bool init;
    int32_t device; /* ge.exec.deviceId */
    uint64_t next_id;
    struct gs_session *sessions;
    bool owns_rt; /* GE1: this GEInitialize brought the runtime up */
} g_ge = {PTHREAD_MUTEX_INITIALIZER, false, 0, 1, NULL, false};

static bool parse_int(const char *s, long long lo, long long hi, long long *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool one_of(const char *v, const char *const *set)
{
    for (; *set; set++)
        if (!strcmp(v, *set))
            return true;
    return false;
}

/* Validate the options GE documents that cpuacl understands; unknown keys
 * are ignored (as GE does). */
static uint32_t check_options(const char *fn, const char *const *k, const char *const *v, size_t n,
                              int32_t *device)
{
    static const char *const bools[] = {"0", "1", NULL};
    static const char *const precision[] = {"force_fp32",
                                            "force_fp16",
                                            "allow_fp32_to_fp16",
                                            "must_keep_origin_dtype",
                                            "allow_mix_precision",
                                            "allow_mix_precision_fp16",
                                            "allow_mix_precision_bf16",
                                            "allow_fp32_to_bf16",
                                            "cube_fp16in_fp32out",
                                            NULL};
    for (size_t i = 0; i < n; i++) {
        const char *key = k[i], *val = v[i];
        long long x;
        if (!key || !val)
            return graph_err(GE_PARAM_INVALID, "%s: option %zu has a NULL key or value", fn, i);
        if (!strcmp(key, "ge.exec.deviceId")) {
            uint32_t cnt = 0;
            if (!parse_int(val, 0, 1 << 20, &x))
                return graph_err(GE_PARAM_INVALID,
                                 "%s: ge.exec.deviceId must be a device number, got '%s'", fn, val);
            if (aclrtGetDeviceCount(&cnt) == ACL_SUCCESS && x >= cnt)
                return graph_err(GE_PARAM_INVALID,
                                 "%s: ge.exec.deviceId %lld: there are %u devices", fn, x, cnt);
            if (device)
                *device = (int32_t)x;
        } else if (!strcmp(key, "ge.graphRunMode")) {
            if (!one_of(val, bools))
                return graph_err(GE_PARAM_INVALID,
                                 "%s: ge.graphRunMode must be 0 (inference) or 1 (training), "
                                 "got '%s'",
                                 fn, val);
        } else if (!strcmp(key, "ge.exec.precision_mode") ||
                   !strcmp(key, "ge.exec.precision_mode_v2")) {
            if (!one_of(val, precision) && strcmp(key, "ge.exec.precision_mode_v2"))
                return graph_err(GE_PARAM_INVALID, "%s: %s: unknown value '%s'", fn, key, val);
        } else if (!strcmp(key, "ge.exec.enableDump") ||
                   !strcmp(key, "ge.exec.enable_exception_dump") ||
                   !strcmp(key, "ge.exec.isUseHcom") || !strcmp(key, "ge.exec.deployMode")) {
            if (!one_of(val, bools))
                return graph_err(GE_PARAM_INVALID, "%s: %s must be 0 or 1, got '%s'", fn, key, val);
        } else if (!strcmp(key, "ge.exec.jobId") || !strcmp(key, "ge.exec.rankId") ||
                   !strcmp(key, "ge.streamNum") || !strcmp(key, "ge.exec.rankSize")) {
            if (!parse_int(val, 0, 1ll << 40, &x))
                return graph_err(GE_PARAM_INVALID, "%s: %s must be a number, got '%s'", fn, key,
                                 val);
        }
    }
    return GE_OK;
}

uint32_t cpuaclGeInitialize(const char *const *keys, const char *const *values, size_t n)
{
    pthread_mutex_lock(&g_ge.lock);
    uint32_t rc;
    int32_t dev = 0;
    if (g_ge.init)
        rc = graph_err(GE_CLI_GE_ALREADY_INITIALIZED,
                       "GEInitialize: GE is already initialized (call GEFinalize first)");
    else if ((rc = check_options("GEInitialize", keys, values, n, &dev)) == GE_OK) {
        g_ge.init = true;
        g_ge.device = dev;
    }
    pthread_mutex_unlock(&g_ge.lock);
    if (rc != GE_OK)
        return rc;
    bool up = false; /* GE1 */
    if (core_process_init_implicit(&up, "GEInitialize") != ACL_SUCCESS) {
        pthread_mutex_lock(&g_ge.lock);
        g_ge.init = false;
        pthread_mutex_unlock(&g_ge.lock);
        return graph_err(GE_CLI_GE_NOT_INITIALIZED, "GEInitialize: cannot bring the runtime up: %s",
                         aclGetRecentErrMsg());
    }
    pthread_mutex_lock(&g_ge.lock);
    g_ge.owns_rt = up;
    pthread_mutex_unlock(&g_ge.lock);
    return GE_OK;
}

static void session_free(struct gs_session *s)
{
    while (s->graphs) {
        struct gs_graph *x = s->graphs;
        s->graphs = x->next;
        graph_free(x->g);
        free(x);
    }
    free(s);
}

uint32_t cpuaclGeFinalize(void)
{
    pthread_mutex_lock(&g_ge.lock);
    if (!g_ge.init) {
        pthread_mutex_unlock(&g_ge.lock);
        return GE_OK; /* GE: finalizing an uninitialized GE is a no-op */
    }
    while (g_ge.sessions) {
        struct gs_session *s = g_ge.sessions;
        g_ge.sessions = s->next;
        session_free(s);
    }
    g_ge.init = false;
    const bool owns = g_ge.owns_rt;
    g_ge.owns_rt = false;
    pthread_mutex_unlock(&g_ge.lock);
    if (owns) /* GE1 */
        core_process_fini_implicit();
    return GE_OK;
}

uint32_t cpuaclGeSessionCreate(const char *const *keys, const char *const *values, size_t n,
                               uint64_t *session)
{
    if (!session)
        return GE_GRAPH_PARAM_NULLPTR;
    *session = 0;
    pthread_mutex_lock(&g_ge.lock);
    uint32_t rc = GE_OK;
    if (!g_ge.init)
        rc = graph_err(GE_CLI_GE_NOT_INITIALIZED,
                       "Session: GE is not initialized (call ge::GEInitialize first)");
    else if ((rc = check_options("Session", keys, values, n, NULL)) == GE_OK) {
        struct gs_session *s = calloc(1, sizeof(*s));
        if (!s)
            rc = graph_err(GE_GRAPH_MALLOC_FAILED, "Session: out of memory");
        else {
            s->id = g_ge.next_id++;
            s->next = g_ge.sessions;
            g_ge.sessions = s;
            *session = s->id;
        }
    }
    pthread_mutex_unlock(&g_ge.lock);
    return rc;
}

/* Under g_ge.lock: the session or an error code. */
static uint32_t find_session(uint64_t id, const char *fn, struct gs_session ***at)
{
    if (!g_ge.init)
        return graph_err(GE_CLI_GE_NOT_INITIALIZED, "%s: GE is not initialized or was finalized",
                         fn);
    for (struct gs_session **p = &g_ge.sessions; *p; p = &(*p)->next)
        if ((*p)->id == id) {
            *at = p;
            return GE_OK;
        }
    return graph_err(GE_SESSION_NOT_EXIST,
                     "%s: the session does not exist (created before GEInitialize, or "
                     "destroyed)",
                     fn);
}

static uint32_t find_graph(uint64_t sid, uint32_t gid, const char *fn, struct gs_graph ***at)
{
    struct gs_session **s = NULL;
    uint32_t rc = find_session(sid, fn, &s);
    if (rc)
        return rc;
    for (struct gs_graph **p = &(*s)->graphs; *p; p = &(*p)->next)
        if ((*p)->id == gid) {
            *at = p;
            return GE_OK;
        }
    return graph_err(GE_GRAPH_GRAPH_NOT_EXIST, "%s: graph id %u was never added to this session",
                     fn, gid);
}

/* find_graph for calls that need the graph built: GE_GRAPH_NOT_BUILT otherwise. */
static uint32_t find_built(uint64_t sid, uint32_t gid, const char *fn, struct gs_graph ***at)
{
    uint32_t rc = find_graph(sid, gid, fn, at);
    if (rc == GE_OK && !(**at)->g->built)
        rc = graph_err(GE_GRAPH_NOT_BUILT, "%s: graph %u is not built", fn, gid);
    return rc;
}

uint32_t cpuaclGeSessionDestroy(uint64_t session)
{
    pthread_mutex_lock(&g_ge.lock);
    struct gs_session **s = NULL;
    uint32_t rc = GE_OK;
    if (g_ge.init && find_session(session, "~Session", &s) == GE_OK) {
        struct gs_session *x = *s;
        *s = x->next;
        session_free(x);
    }
    pthread_mutex_unlock(&g_ge.lock);
    return rc;
}

uint32_t cpuaclGeSessionAddGraph(uint64_t session, uint32_t graph_id, cpuaclGeGraph *g,
                                 const char *const *keys, const char *const *values, size_t n)
{
    pthread_mutex_lock(&g_ge.lock);
    struct gs_session **s = NULL;
    uint32_t rc = find_session(session, "AddGraph", &s);
    if (rc == GE_OK && !g)
        rc = graph_err(GE_GRAPH_PARAM_NULLPTR, "AddGraph: the graph is empty");
    if (rc == GE_OK)
        rc = check_options("AddGraph", keys, values, n, NULL);
    if (rc == GE_OK) {
        bool used = false;
        for (struct gs_graph *x = (*s)->graphs; x; x = x->next)
            used |= x->id == graph_id;
        if (!used) { /* GE: an id in use keeps its first graph, SUCCESS */
            struct gs_graph *x = calloc(1, sizeof(*x));
            if (!x)
                rc = graph_err(GE_GRAPH_MALLOC_FAILED, "AddGraph: out of memory");
            else {
                x->id = graph_id;
                x->g = g;
                x->next = (*s)->graphs;
                (*s)->graphs = x;
                g = NULL;
            }
        }
    }
    pthread_mutex_unlock(&g_ge.lock);
    graph_free(g);
    return rc;
}

uint32_t cpuaclGeSessionRemoveGraph(uint64_t session, uint32_t graph_id)
{
    pthread_mutex_lock(&g_ge.lock);
    struct gs_graph **p = NULL;
    uint32_t rc = find_graph(session, graph_id, "RemoveGraph", &p);
    if (rc == GE_OK) {
        struct gs_graph *x = *p;
        *p = x->next;
        graph_free(x->g);
        free(x);
    }
    pthread_mutex_unlock(&g_ge.lock);
    return rc;
}

/* Under the lock. */
static uint32_t build_locked(struct cpuaclGeGraph *g, const cpuaclGeTensor *in, size_t n)
{
    if (g->built)
        return GE_OK;
    uint32_t rc = graph_infer(g, in, n);
    if (rc == GE_OK)
        rc = graph_compile(g);
    if (rc != GE_OK) {
        if (g->c) {
            graph_compiled_free(g->c);
            g->c = NULL;
        }
        return rc;
    }
    g->built = true;
    return GE_OK;
}

uint32_t cpuaclGeSessionBuildGraph(uint64_t session, uint32_t graph_id,
                                   const cpuaclGeTensor *inputs, size_t n)
{
    pthread_mutex_lock(&g_ge.lock);
    struct gs_graph **p = NULL;
    uint32_t rc = find_graph(session, graph_id, "BuildGraph", &p);
    if (rc == GE_OK && n && !inputs)
        rc = graph_err(GE_GRAPH_PARAM_NULLPTR, "BuildGraph: inputs is NULL");
    if (rc == GE_OK)
        rc = build_locked((*p)->g, inputs, n);
    pthread_mutex_unlock(&g_ge.lock);
    return rc;
}

uint32_t cpuaclGeSessionGetOutputs(uint64_t session, uint32_t graph_id, cpuaclGeTensor *outputs,
                                   size_t *n)
{
    if (!n)
        return GE_GRAPH_PARAM_NULLPTR;
    pthread_mutex_lock(&g_ge.lock);
    struct gs_graph **p = NULL;
    uint32_t rc = find_graph(session, graph_id, "GetOutputs", &p);
    if (rc == GE_OK && !(*p)->g->built)
        rc = graph_err(GE_GRAPH_NOT_BUILT, "graph %u is not built", graph_id);
    if (rc == GE_OK) {
        struct cpuaclGeGraph *g = (*p)->g;
        for (uint32_t k = 0; k < g->noutputs && k < *n && outputs; k++) {
            const struct graph_val *v = &g->nodes[g->outputs[k].node].out[g->outputs[k].out];
            memset(&outputs[k], 0, sizeof(outputs[k]));
            outputs[k].dtype = v->dtype;
            outputs[k].format = 2; /* FORMAT_ND */
            outputs[k].ndim = v->nd;
            memcpy(outputs[k].dims, v->dims, v->nd * sizeof(int64_t));
            outputs[k].size = graph_out_bytes(g, k);
        }
        *n = g->noutputs;
    }
    pthread_mutex_unlock(&g_ge.lock);
    return rc;
}

/* "type <dtype> [d0,d1,...]" into buf. */
static void fmt_shape(char *buf, size_t cap, int32_t dtype, int32_t nd, const int64_t *dims)
{
    int a = snprintf(buf, cap, "type %d [", dtype);
    for (int32_t i = 0; i < nd && i < CPUACL_GE_MAX_DIMS && a < (int)cap - 24; i++)
        a += snprintf(buf + a, cap - (size_t)a, "%s%lld", i ? "," : "", (long long)dims[i]);
    snprintf(buf + a, cap - (size_t)a, "]");
}

/* An input tensor of a run that describes a shape (ndim > 0, or a scalar for a scalar
 * input) must describe the graph's: the kernels were planned for that shape and type, so
 * one of the same byte count but another shape or type would be read as the graph's
 * silently. A tensor with no dims (a default TensorDesc) is checked by size only. */
static uint32_t input_matches(const struct cpuaclGeGraph *g, uint32_t k, const cpuaclGeTensor *t,
                              const char *fn)
{
    const struct graph_node *d = &g->nodes[g->data_of[k]];
    const struct graph_val *v = &d->out[0];
    if (t->ndim < 0 || (t->ndim == 0 && v->nd != 0))
        return GE_OK;
    bool same = t->dtype == v->dtype && t->ndim == v->nd;
    for (int32_t i = 0; same && i < t->ndim; i++)
        same = t->dims[i] == v->dims[i];
    if (same)
        return GE_OK;
    char want[160], got[160];
    fmt_shape(want, sizeof want, v->dtype, v->nd, v->dims);
    fmt_shape(got, sizeof got, t->dtype, t->ndim, t->dims);
    return graph_err(GE_GRAPH_PARAM_INVALID,
                     "%s: input %u (Data node %s) describes %s, the graph was built for %s", fn, k,
                     d->name, got, want);
}

static uint32_t run_locked(struct cpuaclGeGraph *g, aclrtStream stream, const cpuaclGeTensor *in,
                           size_t nin, const cpuaclGeTensor *out, size_t nout, const char *fn)
{
    uint32_t rc = build_locked(g, in, nin);
    if (rc)
        return rc;
    if (nin != g->ninputs || nout != g->noutputs)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "%s: %zu inputs and %zu outputs given, the graph has %u and %u", fn, nin,
                         nout, g->ninputs, g->noutputs);
    void *ip[64], *op[64];
    uint64_t is[64], os[64];
    if (nin > 64 || nout > 64)
        return graph_err(GE_GRAPH_UNSUPPORTED, "%s: at most 64 inputs and outputs", fn);
    for (size_t k = 0; k < nin; k++)
        if ((rc = input_matches(g, (uint32_t)k, &in[k], fn)))
            return rc;
    for (size_t k = 0; k < nin; k++) {
        ip[k] = in[k].data;
        is[k] = in[k].size;
    }
    for (size_t k = 0; k < nout; k++) {
        op[k] = out[k].data;
        os[k] = out[k].size;
    }
    return graph_run_async(g, stream, ip, is, op, os);
}

uint32_t cpuaclGeSessionRunAsync(uint64_t session, uint32_t graph_id, aclrtStream stream,
                                 const cpuaclGeTensor *inputs, size_t nin,
                                 const cpuaclGeTensor *outputs, size_t nout)
{
    pthread_mutex_lock(&g_ge.lock);
    struct gs_graph **p = NULL;
    uint32_t rc = find_graph(session, graph_id, "RunGraphWithStreamAsync", &p);
    if (rc == GE_OK && ((nin && !inputs) || (nout && !outputs)))
        rc = graph_err(GE_GRAPH_PARAM_NULLPTR, "RunGraphWithStreamAsync: NULL tensor array");
    if (rc == GE_OK)
        for (size_t k = 0; k < nin + nout && rc == GE_OK; k++) {
            const cpuaclGeTensor *t = k < nin ? &inputs[k] : &outputs[k - nin];
            if (t->placement != 1)
                rc = graph_err(GE_GRAPH_PARAM_INVALID,
                               "RunGraphWithStreamAsync: %s %zu is not device memory "
                               "(TensorDesc::SetPlacement(kPlacementDevice))",
                               k < nin ? "input" : "output", k < nin ? k : k - nin);
        }
    if (rc == GE_OK)
        rc = run_locked((*p)->g, stream, inputs, nin, outputs, nout, "RunGraphWithStreamAsync");
    pthread_mutex_unlock(&g_ge.lock);
    return rc;
}

uint32_t cpuaclGeSessionRun(uint64_t session, uint32_t graph_id, const cpuaclGeTensor *inputs,
                            size_t nin, const cpuaclGeTensor *outputs, size_t nout)
{
    pthread_mutex_lock(&g_ge.lock);
    struct gs_graph **p = NULL;
    uint32_t rc = find_graph(session, graph_id, "RunGraph", &p);
    if (rc == GE_OK && ((nin && !inputs) || (nout && !outputs)))
        rc = graph_err(GE_GRAPH_PARAM_NULLPTR, "RunGraph: NULL tensor array");
    if (rc == GE_OK && (nin > 64 || nout > 64))
        rc = graph_err(GE_GRAPH_UNSUPPORTED, "RunGraph: at most 64 inputs and outputs");
    if (rc) {
        pthread_mutex_unlock(&g_ge.lock);
        return rc;
    }
    int32_t dev;
    if (aclrtGetDevice(&dev) != ACL_SUCCESS && aclrtSetDevice(g_ge.device) != ACL_SUCCESS) {
        pthread_mutex_unlock(&g_ge.lock);
        return graph_err(GE_GRAPH_EXECUTE_FAILED, "RunGraph: cannot set device %d: %s", g_ge.device,
                         aclGetRecentErrMsg());
    }
    /* Host tensors: stage them in device memory. */
    cpuaclGeTensor din[64], dout[64];
    aclrtStream s = NULL;
    size_t k;
    for (k = 0; k < nin + nout; k++) {
        const cpuaclGeTensor *t = k < nin ? &inputs[k] : &outputs[k - nin];
        cpuaclGeTensor *d = k < nin ? &din[k] : &dout[k - nin];
        *d = *t;
        d->placement = 1;
        d->data = NULL;
        if (aclrtMalloc(&d->data, t->size ? t->size : 1, ACL_MEM_MALLOC_HUGE_FIRST)) {
            rc = graph_err(GE_GRAPH_MALLOC_FAILED, "RunGraph: aclrtMalloc failed");
            break;
        }
        if (k < nin && t->size &&
            (!t->data ||
             aclrtMemcpy(d->data, t->size, t->data, t->size, ACL_MEMCPY_HOST_TO_DEVICE))) {
            rc = graph_err(GE_GRAPH_PARAM_INVALID, "RunGraph: input %zu has no host data", k);
            k++;
            break;
        }
    }
    if (rc == GE_OK && aclrtCreateStream(&s) != ACL_SUCCESS)
        rc = graph_err(GE_GRAPH_EXECUTE_FAILED, "RunGraph: aclrtCreateStream failed");
    if (rc == GE_OK)
        rc = run_locked((*p)->g, s, din, nin, dout, nout, "RunGraph");
    pthread_mutex_unlock(&g_ge.lock);
    if (s) {
        aclError e = aclrtSynchronizeStream(s);
        if (rc == GE_OK && e != ACL_SUCCESS)
            rc = graph_err(GE_GRAPH_EXECUTE_FAILED, "RunGraph: execution failed (%d): %s", (int)e,
                           aclGetRecentErrMsg());
        aclrtDestroyStream(s);
    }
    for (size_t j = 0; j < k; j++) {
        cpuaclGeTensor *d = j < nin ? &din[j] : &dout[j - nin];
        if (rc == GE_OK && j >= nin && outputs[j - nin].data && outputs[j - nin].size)
            aclrtMemcpy(outputs[j - nin].data, outputs[j - nin].size, d->data,
                        outputs[j - nin].size, ACL_MEMCPY_DEVICE_TO_HOST);
        aclrtFree(d->data);
    }
    return rc;
}

uint32_t cpuaclGeSessionOutputDims(uint64_t session, uint32_t graph_id, size_t index, int64_t *dims,
                                   int32_t *nd)
{
    if (!dims || !nd)
        return graph_err(GE_GRAPH_PARAM_NULLPTR, "OutputDims: dims or nd is NULL");
    *nd = -1;
    pthread_mutex_lock(&g_ge.lock);
    struct gs_graph **p = NULL;
    uint32_t rc = find_built(session, graph_id, "OutputDims", &p);
    if (rc == GE_OK && index >= (*p)->g->noutputs)
        rc = graph_err(GE_GRAPH_PARAM_INVALID, "OutputDims: output %zu of %u", index,
                       (*p)->g->noutputs);
    if (rc == GE_OK && !graph_out_cur_dims((*p)->g, (uint32_t)index, dims, nd))
        *nd = -1;
    pthread_mutex_unlock(&g_ge.lock);
    return rc;
}

uint32_t cpuaclGeSessionGraphStats(uint64_t session, uint32_t graph_id, cpuaclGeGraphStats *stats)
{
    if (!stats)
        return graph_err(GE_GRAPH_PARAM_NULLPTR, "GraphStats: stats is NULL");
    pthread_mutex_lock(&g_ge.lock);
    struct gs_graph **p = NULL;
    uint32_t rc = find_built(session, graph_id, "GraphStats", &p);
    if (rc == GE_OK)
        graph_stats((*p)->g, stats);
    pthread_mutex_unlock(&g_ge.lock);
    return rc;
}
