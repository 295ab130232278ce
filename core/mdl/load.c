/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Loaded models: the model-file writer core/mdl.h offers graph/, the
 * provider slot, the table of model ids, loading, unloading, descriptions of
 * loaded models and executions with their dataset checks (core/mdl/load.h
 * states the id and unload rules).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/mdl.h"
#include "core/mdl/aipp.h"
#include "core/mdl/config.h"
#include "core/mdl/dataset.h"
#include "core/mdl/desc.h"
#include "core/mdl/file.h"
#include "core/mdl/gear.h"
#include "core/mdl/load.h"
#include "core/obs.h"
#include "core/device/facts.h"
#include "core/memory/memory.h"
#include "core/runtime/base.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

/* ---- writing ------------------------------------------------------------------ */

aclError core_mdl_model_write(const struct core_mdl_io *io, size_t nin, size_t nout,
                              const void *graph, size_t glen, const void *weights, size_t wlen,
                              uint64_t work_size, void **out, size_t *len, const char *fn)
{
    return core_mdl_model_write_gears(io, nin, nout, NULL, graph, glen, weights, wlen, work_size,
                                      out, len, fn);
}

aclError core_mdl_model_write_gears(const struct core_mdl_io *io, size_t nin, size_t nout,
                                    const struct core_mdl_gear_table *gears, const void *graph,
                                    size_t glen, const void *weights, size_t wlen,
                                    uint64_t work_size, void **out, size_t *len, const char *fn)
{
    aclmdlDesc *d = core_mdl_desc_new();
    if (!d)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    aclError rc = ACL_SUCCESS;
    for (size_t k = 0; k < nin + nout && rc == ACL_SUCCESS; k++)
        rc = core_mdl_desc_add_tensor(d, k >= nin, io[k].name, io[k].dtype, io[k].format,
                                      io[k].size, io[k].ndims, io[k].dims,
                                      io[k].ranges ? io[k].ndims : 0, io[k].ranges, fn);
    void *iobytes = NULL, *gbytes = NULL;
    size_t iolen = 0, glen2 = 0;
    if (rc == ACL_SUCCESS)
        rc = core_mdl_desc_encode(d, CORE_MDL_SEC_IO, &iobytes, &iolen, fn);
    bool geared = gears && gears->count;
    if (rc == ACL_SUCCESS && geared)
        rc = core_mdl_desc_set_gears(d, (enum core_mdl_gear_kind)gears->kind, gears->count,
                                     gears->width, gears->values, fn);
    if (rc == ACL_SUCCESS && geared)
        rc = core_mdl_desc_encode(d, CORE_MDL_SEC_GEARS, &gbytes, &glen2, fn);
    core_mdl_desc_free(d);
    if (rc != ACL_SUCCESS) {
        free(iobytes);
        return rc;
    }
    struct core_mdl_section s[4] = {{CORE_MDL_SEC_IO, iobytes, iolen},
                                    {CORE_MDL_SEC_GRAPH, graph, glen},
                                    {CORE_MDL_SEC_WEIGHTS, weights, wlen},
                                    {CORE_MDL_SEC_GEARS, gbytes, glen2}};
    size_t ns = wlen ? 3 : 2;
    if (geared)
        s[ns++] = s[3];
    size_t cap = core_mdl_file_size(s, ns);
    void *buf = cap ? malloc(cap) : NULL;
    if (!buf)
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory (a model of %zu bytes)", fn, cap);
    else
        rc = core_mdl_file_write(s, ns, work_size, buf, cap, len, fn);
    free(iobytes);
    free(gbytes);
    if (rc != ACL_SUCCESS) {
        free(buf);
        return rc;
    }
    *out = buf;
    return ACL_SUCCESS;
}

aclError core_mdl_model_read(const char *path, void **buf, size_t *len, const char *fn)
{
    return core_mdl_file_read(path, buf, len, fn);
}

aclError core_mdl_model_save(const char *path, const void *buf, size_t len, const char *fn)
{
    return core_mdl_file_save(path, buf, len, fn);
}

/* ---- the provider ------------------------------------------------------------- */

static const struct core_mdl_provider *_Atomic g_provider;

void core_mdl_provide(const struct core_mdl_provider *p)
{
    /* release: whatever the provider's constructor set up is visible to a
     * loader that reads the pointer with acquire. */
    atomic_store_explicit(&g_provider, p, memory_order_release);
}

static const struct core_mdl_provider *provider(void)
{
    /* acquire: pairs with the release in core_mdl_provide. */
    return atomic_load_explicit(&g_provider, memory_order_acquire);
}

/* ---- the table of loaded models -------------------------------------------------- */

struct loaded {
    uint32_t id;
    void *impl;                    /* the provider's model */
    struct core_mdl_geared *gears; /* instead of impl: one model a gear */
    aclmdlDesc *desc;              /* inputs and outputs (the io section) */
    void *meta;                    /* a model file of the io section alone, for aclmdlGetDesc */
    size_t meta_len;
    uint32_t refs;     /* executions in flight, under g_mdl.lock */
    uint32_t priority; /* aclmdlSetAttribute's, under g_mdl.lock */
    uint32_t bundle;   /* the bundle that loaded it, 0 none */
    uint64_t work_size;
    void *qw;     /* a load with queues: the provider's worker */
    long hw_aipp; /* H*W gears with dynamic AIPP: its parameter input, else -1 */
};

static struct {
    pthread_mutex_t lock;
    pthread_cond_t idle; /* a model's refs dropped */
    uint32_t next_id;
    struct loaded **v;
    size_t n, cap;
} g_mdl = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 1, NULL, 0, 0};

static void loaded_free(struct loaded *m)
{
    if (m->impl)
        provider()->release(m->impl);
    core_mdl_gears_free(provider(), m->gears);
    core_mdl_desc_free(m->desc);
    free(m->meta);
    free(m);
}

/* Under the lock: the slot of id, or NULL. */
static struct loaded **find(uint32_t id)
{
    for (size_t k = 0; k < g_mdl.n; k++)
        if (g_mdl.v[k]->id == id)
            return &g_mdl.v[k];
    return NULL;
}

static aclError no_model(uint32_t id, const char *fn)
{
    return core_err(ACL_ERROR_INVALID_MODEL_ID,
                    "%s: model id %u is not loaded (never loaded, or unloaded)", fn, id);
}

/* ---- load ------------------------------------------------------------------------ */

static const char *sec_view(const struct core_mdl_file *f, uint32_t id, size_t *len)
{
    const struct core_mdl_section *s = core_mdl_file_section(f, id);
    *len = s ? s->size : 0;
    return s ? s->data : NULL;
}

/* The model's meta file: its io section, its gears section and its AIPP section (those
 * that it has). */
static aclError keep_meta(struct loaded *m, const struct core_mdl_file *f, const char *fn)
{
    size_t n = 0, ng = 0, na = 0, ns = 0;
    const void *io = sec_view(f, CORE_MDL_SEC_IO, &n);
    const void *gears = sec_view(f, CORE_MDL_SEC_GEARS, &ng);
    const void *aipp = sec_view(f, CORE_MDL_SEC_AIPP, &na);
    struct core_mdl_section s[3];
    s[ns++] = (struct core_mdl_section){CORE_MDL_SEC_IO, io, n};
    if (gears)
        s[ns++] = (struct core_mdl_section){CORE_MDL_SEC_GEARS, gears, ng};
    if (aipp)
        s[ns++] = (struct core_mdl_section){CORE_MDL_SEC_AIPP, aipp, na};
    size_t cap = core_mdl_file_size(s, ns);
    m->meta = cap ? malloc(cap) : NULL;
    if (!m->meta)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    return core_mdl_file_write(s, ns, f->work_size, m->meta, cap, &m->meta_len, fn);
}

/* The provider's queue worker of loaded model id (described by d). */
static aclError start_queues(const struct core_mdl_provider *p, const aclmdlDesc *d, uint32_t id,
                             const struct core_mdl_load_opts *o, void **qw, const char *fn)
{
    size_t n = o->ninq + o->noutq;
    uint32_t *q = malloc(n * sizeof(uint32_t));
    size_t *size = malloc(n * sizeof(size_t));
    aclError rc = q && size ? ACL_SUCCESS : core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    for (size_t k = 0; rc == ACL_SUCCESS && k < n; k++) {
        bool out = k >= o->ninq;
        q[k] = out ? o->outq[k - o->ninq] : o->inq[k];
        size[k] = d->t[out][out ? k - o->ninq : k].size;
    }
    if (rc == ACL_SUCCESS)
        rc = p->queue_start(id, q, o->ninq, o->noutq, size, qw, fn);
    free(q);
    free(size);
    return rc;
}

aclError core_mdl_load(const void *buf, size_t len, const struct core_mdl_load_opts *o,
                       uint32_t *id, const char *fn)
{
    const struct core_mdl_provider *p = provider();
    if (!p)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED, "%s: no graph engine in this build", fn);
    struct core_mdl_file f;
    aclError rc = core_mdl_file_parse(buf, len, &f, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    size_t glen, wlen;
    const void *graph = sec_view(&f, CORE_MDL_SEC_GRAPH, &glen);
    const void *weights = sec_view(&f, CORE_MDL_SEC_WEIGHTS, &wlen);
    if (!graph && core_mdl_file_section(&f, CORE_MDL_SEC_BUNDLE))
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: the file is a bundle of models: load it with aclmdlBundleLoadFromFile "
                        "or aclmdlBundleLoadFromMem",
                        fn);
    if (!graph)
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: the model file has no graph section (a description-only file)", fn);
    if (o->work && o->work_size < f.work_size)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: workSize %zu is smaller than the model's work size %llu", fn,
                        o->work_size, (unsigned long long)f.work_size);
    if (o->weight && o->weight_size < wlen)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: weightSize %zu is smaller than the model's weight size %zu", fn,
                        o->weight_size, wlen);
    struct loaded *m = calloc(1, sizeof(*m));
    if (!m || !(m->desc = core_mdl_desc_new())) {
        free(m);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    m->priority = o->priority;
    m->bundle = o->bundle;
    m->hw_aipp = -1;
    m->work_size = f.work_size;
    rc = core_mdl_desc_decode(m->desc, &f, fn);
    if (rc == ACL_SUCCESS)
        rc = keep_meta(m, &f, fn);
    size_t ni = m->desc->n[0], no = m->desc->n[1];
    size_t *sz = rc == ACL_SUCCESS ? malloc((ni + no + 1) * sizeof(size_t)) : NULL;
    if (rc == ACL_SUCCESS && !sz)
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    for (size_t k = 0; rc == ACL_SUCCESS && k < ni + no; k++)
        sz[k] = m->desc->t[k >= ni][k >= ni ? k - ni : k].size;
    bool unknown = false; /* a dynamic-shape model: an output of unknown rank ([-2]) */
    for (size_t k = 0; rc == ACL_SUCCESS && k < no; k++)
        unknown |= m->desc->t[1][k].dims.n == 1 && m->desc->t[1][k].dims.v[0] == -2;
    if (rc == ACL_SUCCESS && o->queues && (m->desc->gear_kind != CORE_MDL_GEARS_NONE || unknown))
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: a model with %s cannot be loaded with queues (static shapes only)", fn,
                      unknown ? "outputs of unknown shape (a dynamic-shape model)"
                              : "dynamic gears");
    else if (rc == ACL_SUCCESS && o->queues &&
             (o->ninq != m->desc->n[0] || o->noutq != m->desc->n[1]))
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %zu input and %zu output queues for a model of %zu inputs and %zu "
                      "outputs",
                      fn, o->ninq, o->noutq, m->desc->n[0], m->desc->n[1]);
    else if (rc == ACL_SUCCESS && m->desc->gear_kind != CORE_MDL_GEARS_NONE) {
        /* the YUV420SP images of static AIPP on H*W gears (1.5 rows a pixel row) */
        size_t na = 0;
        const void *aipp = sec_view(&f, CORE_MDL_SEC_AIPP, &na);
        bool *rows = calloc(ni + 1, sizeof(bool));
        rc = rows ? core_mdl_aipp_gear_rows(aipp, na, ni, rows, fn)
                  : core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        if (rc == ACL_SUCCESS)
            rc = core_mdl_gears_load(p, m->desc, graph, glen, weights, wlen, rows, &m->gears, fn);
        free(rows);
        if (m->desc->gear_kind == CORE_MDL_GEARS_HW)
            m->hw_aipp = core_mdl_aipp_hw_params(aipp, na);
    } else if (rc == ACL_SUCCESS)
        rc = p->load(graph, glen, weights, wlen, ni, sz, no, sz + ni, &m->impl, fn);
    free(sz);
    if (rc == ACL_SUCCESS) {
        pthread_mutex_lock(&g_mdl.lock);
        if (g_mdl.n == g_mdl.cap) {
            size_t c = g_mdl.cap ? 2 * g_mdl.cap : 8;
            struct loaded **v = realloc(g_mdl.v, c * sizeof(*v));
            if (v) {
                g_mdl.v = v;
                g_mdl.cap = c;
            }
        }
        if (g_mdl.n < g_mdl.cap && g_mdl.next_id) {
            m->id = g_mdl.next_id++; /* never reused (0 after 2^32 - 1 loads: full) */
            g_mdl.v[g_mdl.n++] = m;
            *id = m->id;
            core_mdl_desc_bind(m->desc, m->id);
        } else {
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: no model id left", fn);
        }
        pthread_mutex_unlock(&g_mdl.lock);
    }
    if (rc != ACL_SUCCESS) {
        loaded_free(m);
        return rc;
    }
    void *qw = NULL;
    if (o->queues && (rc = start_queues(p, m->desc, *id, o, &qw, fn))) {
        core_mdl_unload(*id, o->bundle, fn);
        return rc;
    }
    if (qw) {
        pthread_mutex_lock(&g_mdl.lock);
        m->qw = qw; /* the caller has not been given the id yet: no unload races */
        pthread_mutex_unlock(&g_mdl.lock);
    }
    return ACL_SUCCESS;
}

aclError core_mdl_unload(uint32_t id, uint32_t bundle, const char *fn)
{
    pthread_mutex_lock(&g_mdl.lock);
    struct loaded **at = find(id);
    if (!at) {
        pthread_mutex_unlock(&g_mdl.lock);
        return no_model(id, fn);
    }
    struct loaded *m = *at;
    if (m->bundle != bundle) {
        uint32_t owner = m->bundle;
        pthread_mutex_unlock(&g_mdl.lock);
        if (!bundle)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: model %u belongs to bundle %u: unload it with aclmdlBundleUnload "
                            "or aclmdlBundleUnloadModel",
                            fn, id, owner);
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: model %u is not a model of bundle %u", fn, id,
                        bundle);
    }
    *at = g_mdl.v[--g_mdl.n]; /* the id is gone: new executions fail */
    if (m->qw) {
        void *qw = m->qw;
        m->qw = NULL;
        pthread_mutex_unlock(&g_mdl.lock);
        provider()->queue_stop(qw); /* its last execution returns; it starts none */
        pthread_mutex_lock(&g_mdl.lock);
    }
    while (m->refs)
        pthread_cond_wait(&g_mdl.idle, &g_mdl.lock);
    pthread_mutex_unlock(&g_mdl.lock);
    loaded_free(m); /* the provider waits for queued executions */
    return ACL_SUCCESS;
}

void core_mdl_queues_stop_all(void)
{
    for (;;) {
        void *qw = NULL;
        pthread_mutex_lock(&g_mdl.lock);
        for (size_t i = 0; i < g_mdl.n && !qw; i++)
            if ((qw = g_mdl.v[i]->qw))
                g_mdl.v[i]->qw = NULL; /* taken: an unload racing with this stops nothing */
        pthread_mutex_unlock(&g_mdl.lock);
        if (!qw)
            return;
        provider()->queue_stop(qw);
    }
}

uint32_t core_mdl_new_id(void)
{
    pthread_mutex_lock(&g_mdl.lock);
    uint32_t id = g_mdl.next_id;
    if (id)
        g_mdl.next_id++; /* 0 after 2^32 - 1: none left */
    pthread_mutex_unlock(&g_mdl.lock);
    return id;
}

aclError core_mdl_priority(uint32_t id, bool set, uint32_t *value, const char *fn)
{
    int32_t least = 0, greatest = 0;
    core_stream_priority_range(&least, &greatest);
    if (set && (*value < (uint32_t)greatest || *value > (uint32_t)least))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: priority %u is outside the stream priority range [%d, %d]", fn, *value,
                        greatest, least);
    pthread_mutex_lock(&g_mdl.lock);
    struct loaded **at = find(id);
    if (at && set)
        (*at)->priority = *value;
    else if (at)
        *value = (*at)->priority;
    pthread_mutex_unlock(&g_mdl.lock);
    if (!at)
        return core_err((aclError)ACL_ERROR_GE_EXEC_MODEL_ID_INVALID,
                        "%s: model id %u is not loaded (never loaded, or unloaded)", fn, id);
    return ACL_SUCCESS;
}

aclError core_mdl_get_desc(aclmdlDesc *d, uint32_t id, const char *fn)
{
    pthread_mutex_lock(&g_mdl.lock);
    struct loaded **at = find(id);
    aclError rc = ACL_SUCCESS;
    if (!at) {
        rc = no_model(id, fn);
    } else {
        struct core_mdl_file f;
        rc = core_mdl_file_parse((*at)->meta, (*at)->meta_len, &f, fn);
        if (rc == ACL_SUCCESS)
            rc = core_mdl_desc_decode(d, &f, fn);
        if (rc == ACL_SUCCESS)
            core_mdl_desc_bind(d, id);
    }
    pthread_mutex_unlock(&g_mdl.lock);
    return rc;
}

aclError core_mdl_meta(uint32_t id, void **copy, size_t *len, const char *fn)
{
    pthread_mutex_lock(&g_mdl.lock);
    struct loaded **at = find(id);
    aclError rc = ACL_SUCCESS;
    if (!at) {
        rc = no_model(id, fn);
    } else if (!(*copy = malloc((*at)->meta_len))) {
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    } else {
        memcpy(*copy, (*at)->meta, (*at)->meta_len);
        *len = (*at)->meta_len;
    }
    pthread_mutex_unlock(&g_mdl.lock);
    return rc;
}

/* ---- execute ------------------------------------------------------------------- */

/* The addresses and sizes of dataset ds for side (0 inputs, 1 outputs) of
 * model d, checked. */
static aclError bind_side(const aclmdlDesc *d, int side, const aclmdlDataset *ds, void **addr,
                          size_t *size, bool geared, const char *fn)
{
    const char *what = side ? "output" : "input";
    if (!ds)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the %s dataset is NULL", fn, what);
    if (core_mdl_dataset_count(ds) != d->n[side])
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the %s dataset has %zu buffers, the model has %zu %ss", fn, what,
                        core_mdl_dataset_count(ds), d->n[side], what);
    for (size_t k = 0; k < d->n[side]; k++) {
        const aclDataBuffer *b = core_mdl_dataset_buf(ds, k);
        /* a gear model's inputs but its gear input: the gear's sizes (gear.c) */
        size_t want = geared && !side && k + 1 < d->n[0] ? 0 : d->t[side][k].size;
        if (!b || (!b->data && want))
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s %zu (%s) has no data", fn, what, k,
                            d->t[side][k].name);
        if (b->size < want)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: %s %zu (%s) is %zu bytes, the model's is %zu", fn, what, k,
                            d->t[side][k].name, b->size, want);
        addr[k] = b->data;
        size[k] = b->size;
    }
    return ACL_SUCCESS;
}

aclError core_mdl_execute(uint32_t id, const aclmdlDataset *in, aclmdlDataset *out,
                          aclrtStream stream, bool sync, const char *fn)
{
    const aclmdlDesc *d;
    struct core_mdl_geared *g;
    struct loaded *m = core_mdl_acquire(id, &d, &g);
    if (!m)
        return no_model(id, fn);
    size_t ni = m->desc->n[0], no = m->desc->n[1];
    void **addr = malloc((ni + no + 1) * sizeof(void *));
    size_t *size = malloc((ni + no + 1) * sizeof(size_t));
    aclError rc =
        addr && size ? ACL_SUCCESS : core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    if (rc == ACL_SUCCESS)
        rc = bind_side(m->desc, 0, in, addr, size, m->gears != NULL, fn);
    if (rc == ACL_SUCCESS)
        rc = bind_side(m->desc, 1, out, addr + ni, size + ni, false, fn);
    void *impl = m->impl;
    size_t gear = 0;
    if (rc == ACL_SUCCESS && m->gears) {
        rc = core_mdl_gears_pick(m->desc, m->gears, in, addr, size, &gear, fn);
        impl = m->gears->impl[gear];
        /* dynamic AIPP on H*W gears: its source must be the gear's image
         * (checked here with a readable message; queued executions meet the
         * kernel's own check, an asynchronous error of the stream, as the
         * parameters may still be written by work queued before them) */
        if (rc == ACL_SUCCESS && sync && m->hw_aipp >= 0) {
            const uint64_t *hw = m->desc->gears + 2 * gear;
            rc = core_mdl_aipp_check_gear(addr[m->hw_aipp], size[m->hw_aipp], hw[0], hw[1], fn);
        }
        /* the graph of a gear has the model's inputs but the gear input */
        if (rc == ACL_SUCCESS) {
            memmove(addr + ni - 1, addr + ni, no * sizeof(void *));
            memmove(size + ni - 1, size + ni, no * sizeof(size_t));
            ni--;
        }
    }
    if (rc == ACL_SUCCESS && provider()->prof_tag)
        provider()->prof_tag(impl, core_prof_sub_tag(id)); /* aclprofModelSubscribe */
    if (rc == ACL_SUCCESS)
        rc = provider()->execute(impl, stream, sync, addr, size, addr + ni, size + ni, fn);
    free(addr);
    free(size);
    core_mdl_release(m);
    return rc;
}

void *core_mdl_acquire(uint32_t id, const aclmdlDesc **d, struct core_mdl_geared **g)
{
    pthread_mutex_lock(&g_mdl.lock);
    struct loaded **at = find(id);
    struct loaded *m = at ? *at : NULL;
    if (m)
        m->refs++;
    pthread_mutex_unlock(&g_mdl.lock);
    if (m) {
        *d = m->desc;
        *g = m->gears;
    }
    return m;
}

bool core_mdl_dyn_cur_output(uint32_t id, size_t index, aclmdlIODims *out)
{
    const aclmdlDesc *d;
    struct core_mdl_geared *g;
    struct loaded *m = core_mdl_acquire(id, &d, &g);
    if (!m)
        return false;
    int64_t dims[ACL_MAX_DIM_CNT];
    size_t nd = 0;
    bool ok =
        m->impl && provider()->cur_output && provider()->cur_output(m->impl, index, dims, &nd);
    if (ok) {
        out->dimCount = nd;
        memcpy(out->dims, dims, nd * sizeof(int64_t));
    }
    core_mdl_release(m);
    return ok;
}

void core_mdl_release(void *ref)
{
    struct loaded *m = ref;
    pthread_mutex_lock(&g_mdl.lock);
    if (--m->refs == 0)
        pthread_cond_broadcast(&g_mdl.idle);
    pthread_mutex_unlock(&g_mdl.lock);
}

/* ---- executions with a configuration (aclmdlExecuteV2) ------------------------------ */

/* Give each empty buffer (NULL data, size 0) of output dataset out memory of
 * its output's size; made[k] marks those given. */
static aclError fill_empty(const aclmdlDesc *d, aclmdlDataset *out, bool *made, const char *fn)
{
    for (size_t k = 0; k < d->n[1]; k++) {
        aclDataBuffer *b = (aclDataBuffer *)core_mdl_dataset_buf(out, k);
        size_t want = d->t[1][k].size;
        if (!b || b->data || b->size || !want)
            continue;
        void *p = NULL;
        aclError e = core_mem_dev_malloc(&p, want, ACL_MEM_MALLOC_HUGE_FIRST, false, fn);
        if (e != ACL_SUCCESS)
            return e; /* recorded, naming fn */
        b->data = p;
        b->size = want;
        made[k] = true;
    }
    return ACL_SUCCESS;
}

/* Wait for stream (NULL: the default stream) at most timeout ms (-1: for
 * ever); the stream's codes, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT when it
 * expires. */
static aclError sync_stream(aclrtStream stream, int32_t timeout, const char *fn)
{
    struct core_stream *s;
    uint64_t tag = 0, deadline = 0;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc == ACL_SUCCESS)
        rc = core_timeout(timeout, &deadline, fn);
    return rc == ACL_SUCCESS ? core_stream_sync_tag(s, tag, deadline, fn) : rc;
}

aclError core_mdl_execute_v2(uint32_t id, const aclmdlDataset *in, aclmdlDataset *out,
                             aclrtStream stream, const aclmdlExecConfigHandle *h, bool async,
                             const char *fn)
{
    union core_mdl_opt v = {.i32 = -1}, size = {.size = 0};
    int32_t timeout =
        h && core_mdl_exec_config_get(h, ACL_MDL_STREAM_SYNC_TIMEOUT, &v) ? v.i32 : -1;
    const aclmdlDesc *d;
    struct core_mdl_geared *g;
    struct loaded *m = core_mdl_acquire(id, &d, &g);
    if (!m)
        return no_model(id, fn);
    aclError rc = ACL_SUCCESS;
    if (h && core_mdl_exec_config_get(h, ACL_MDL_WORK_ADDR_PTR, &v) && v.ptr &&
        (!core_mdl_exec_config_get(h, ACL_MDL_WORK_SIZET, &size) || size.size < m->work_size))
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: ACL_MDL_WORK_SIZET %zu is smaller than the model's work size %llu", fn,
                      size.size, (unsigned long long)m->work_size);
    size_t no = d->n[1];
    bool *made = NULL;
    if (rc == ACL_SUCCESS && out && core_mdl_dataset_count(out) == no && no) {
        made = calloc(no, sizeof(bool));
        rc = made ? fill_empty(d, out, made, fn)
                  : core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    bool queued = false;
    if (rc == ACL_SUCCESS) {
        /* without a stream or a timeout: aclmdlExecute's own stream */
        bool own = !async && !stream && timeout < 0;
        rc = core_mdl_execute(id, in, out, stream, own, fn);
        queued = rc == ACL_SUCCESS;
        if (queued && !async && !own)
            rc = sync_stream(stream, timeout, fn);
    }
    /* memory given to outputs of an execution never queued goes back */
    for (size_t k = 0; made && !queued && k < no; k++) {
        if (!made[k])
            continue;
        aclDataBuffer *b = (aclDataBuffer *)core_mdl_dataset_buf(out, k);
        core_mem_dev_free(b->data, fn);
        b->data = NULL;
        b->size = 0;
    }
    free(made);
    core_mdl_release(m);
    return rc;
}

/* ---- models held in memory (aclmdlModel) ----------------------------------------- */

#define IMAGE_MAGIC 0x4d49444du /* "MDIM" */

struct image {
    uint32_t magic;
    size_t len;
    unsigned char bytes[];
};

aclError core_mdl_image_new(const void *buf, size_t len, void **out, const char *fn)
{
    struct core_mdl_file f;
    aclError rc = core_mdl_file_parse(buf, len, &f, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    if (!core_mdl_file_section(&f, CORE_MDL_SEC_GRAPH))
        return core_err(ACL_ERROR_PARSE_MODEL, "%s: the model file has no graph section (%s)", fn,
                        core_mdl_file_section(&f, CORE_MDL_SEC_BUNDLE) ? "a bundle"
                                                                       : "a description-only file");
    struct image *m = malloc(sizeof(*m) + len);
    if (!m)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory (a model of %zu bytes)", fn, len);
    m->magic = IMAGE_MAGIC;
    m->len = len;
    memcpy(m->bytes, buf, len);
    *out = m;
    return ACL_SUCCESS;
}

const void *core_mdl_image_view(const void *img, size_t *len)
{
    const struct image *m = img;
    if (!m || m->magic != IMAGE_MAGIC)
        return NULL;
    *len = m->len;
    return m->bytes;
}

void core_mdl_image_free(const void *img)
{
    struct image *m = (struct image *)img;
    if (m && m->magic == IMAGE_MAGIC) {
        m->magic = 0;
        free(m);
    }
}
