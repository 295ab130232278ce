/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bundles: the bundle layout of the model file (writing and reading), the
 * size queries of aclmdlBundleQueryInfo, and the table of bundle ids with
 * their images and loaded models (core/mdl/bundle.h states the rules).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/mdl.h"
#include "core/mdl/bundle.h"
#include "core/mdl/bytes.h"
#include "core/mdl/file.h"
#include "core/mdl/load.h"

#define BUNDLE_SEC_SIZE 16u /* u32 count, u32 0, u64 variable-weight size */
#define BUNDLE_MAX (CORE_MDL_MAX_SECTIONS - 1u)

/* ---- the layout ------------------------------------------------------------------ */

/* A validated bundle: its variable-weight size and views of its models. */
struct layout {
    size_t n;
    uint64_t var_size;
    struct core_mdl_file f; /* the bundle file's sections */
    const struct core_mdl_section *model[BUNDLE_MAX];
};

/* Check one model image of a bundle (or of the writer): a model file with a
 * graph, not itself a bundle; its work and weight sizes. */
static aclError check_model(const void *buf, size_t len, size_t k, size_t *work, size_t *weight,
                            const char *fn)
{
    struct core_mdl_file m;
    aclError rc = core_mdl_file_parse(buf, len, &m, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    if (core_mdl_file_section(&m, CORE_MDL_SEC_BUNDLE) ||
        !core_mdl_file_section(&m, CORE_MDL_SEC_GRAPH))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: model %zu of the bundle is %s", fn, k,
                        core_mdl_file_section(&m, CORE_MDL_SEC_BUNDLE)
                            ? "itself a bundle"
                            : "not loadable (it has no graph section)");
    const struct core_mdl_section *w = core_mdl_file_section(&m, CORE_MDL_SEC_WEIGHTS);
    if (work)
        *work = (size_t)m.work_size;
    if (weight)
        *weight = w ? w->size : 0;
    return ACL_SUCCESS;
}

static aclError read_layout(const void *buf, size_t len, struct layout *l, const char *fn)
{
    aclError rc = core_mdl_file_parse(buf, len, &l->f, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    const struct core_mdl_section *b = core_mdl_file_section(&l->f, CORE_MDL_SEC_BUNDLE);
    if (!b)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the model file is not a bundle (it has no bundle section); load it "
                        "with aclmdlLoadFromFile or aclmdlLoadFromMem",
                        fn);
    const unsigned char *p = b->data;
    uint32_t n = b->size == BUNDLE_SEC_SIZE ? core_mdl_get32(p) : 0;
    if (b->size != BUNDLE_SEC_SIZE || n == 0 || n > BUNDLE_MAX || core_mdl_get32(p + 4))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the bundle section is malformed (%zu bytes, %u models; 16 bytes and "
                        "1 to %u models expected)",
                        fn, b->size, n, BUNDLE_MAX);
    l->n = n;
    l->var_size = core_mdl_get64(p + 8);
    for (uint32_t k = 0; k < n; k++) {
        l->model[k] = core_mdl_file_section(&l->f, CORE_MDL_SEC_BUNDLE_MODEL + k);
        if (!l->model[k])
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: the bundle has %u models but no section for model %u", fn, n, k);
    }
    return ACL_SUCCESS;
}

aclError core_mdl_bundle_write(size_t n, const void *const *models, const size_t *lens, void **out,
                               size_t *len, const char *fn)
{
    if (n == 0 || n > BUNDLE_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a bundle holds 1 to %u models, not %zu", fn,
                        BUNDLE_MAX, n);
    struct core_mdl_section s[CORE_MDL_MAX_SECTIONS];
    unsigned char head[BUNDLE_SEC_SIZE];
    size_t work_max = 0;
    for (size_t k = 0; k < n; k++) {
        size_t work = 0;
        aclError rc = check_model(models[k], lens[k], k, &work, NULL, fn);
        if (rc != ACL_SUCCESS)
            return rc;
        work_max = work > work_max ? work : work_max;
        s[k + 1] =
            (struct core_mdl_section){CORE_MDL_SEC_BUNDLE_MODEL + (uint32_t)k, models[k], lens[k]};
    }
    core_mdl_put32(head, (uint32_t)n);
    core_mdl_put32(head + 4, 0);
    core_mdl_put64(head + 8, 0); /* cpuacl graphs have no variables */
    s[0] = (struct core_mdl_section){CORE_MDL_SEC_BUNDLE, head, sizeof(head)};
    size_t cap = core_mdl_file_size(s, n + 1);
    void *buf = cap ? malloc(cap) : NULL;
    if (!buf)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory (a bundle of %zu bytes)", fn, cap);
    aclError rc = core_mdl_file_write(s, n + 1, work_max, buf, cap, len, fn);
    if (rc != ACL_SUCCESS) {
        free(buf);
        return rc;
    }
    *out = buf;
    return ACL_SUCCESS;
}

/* ---- size queries ---------------------------------------------------------------- */

aclmdlBundleQueryInfo *core_mdl_bundle_query_new(void)
{
    return calloc(1, sizeof(aclmdlBundleQueryInfo));
}

void core_mdl_bundle_query_free(aclmdlBundleQueryInfo *q)
{
    free(q->work);
    free(q->weight);
    free(q);
}

aclError core_mdl_bundle_query(const void *buf, size_t len, aclmdlBundleQueryInfo *q,
                               const char *fn)
{
    struct layout l;
    aclError rc = read_layout(buf, len, &l, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    size_t *work = calloc(l.n, sizeof(size_t)), *weight = calloc(l.n, sizeof(size_t));
    if (!work || !weight)
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    for (size_t k = 0; rc == ACL_SUCCESS && k < l.n; k++)
        rc = check_model(l.model[k]->data, l.model[k]->size, k, &work[k], &weight[k], fn);
    if (rc != ACL_SUCCESS) {
        free(work);
        free(weight);
        return rc;
    }
    free(q->work);
    free(q->weight);
    q->n = l.n;
    q->var_size = (size_t)l.var_size;
    q->work = work;
    q->weight = weight;
    return ACL_SUCCESS;
}

/* ---- the table of bundles ------------------------------------------------------------ */

struct bundle {
    uint32_t id;
    bool all;         /* opened with every model loaded (aclmdlBundleLoad*) */
    void *image;      /* the bundle file, owned */
    struct layout l;  /* views into image */
    uint32_t *ids;    /* all: model k's id; else unused */
    uint32_t *loaded; /* ids of every model loaded from the bundle and not unloaded */
    size_t nloaded;
};

static struct {
    pthread_mutex_t lock;
    struct bundle **v;
    size_t n, cap;
} g_bundles = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

static void bundle_free(struct bundle *b)
{
    free(b->image);
    free(b->ids);
    free(b->loaded);
    free(b);
}

/* Under the lock: bundle id, or NULL with ACL_ERROR_INVALID_BUNDLE_MODEL_ID
 * recorded. */
static struct bundle *find(uint32_t id, size_t *at, const char *fn)
{
    for (size_t k = 0; k < g_bundles.n; k++)
        if (g_bundles.v[k]->id == id) {
            if (at)
                *at = k;
            return g_bundles.v[k];
        }
    core_err(ACL_ERROR_INVALID_BUNDLE_MODEL_ID,
             "%s: bundle id %u is not a bundle (never loaded, or unloaded)", fn, id);
    return NULL;
}

/* Under the lock: load model index of b. */
static aclError load_locked(struct bundle *b, size_t index, struct core_mdl_load_opts *o,
                            uint32_t *model, const char *fn)
{
    if (index >= b->l.n)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: index %zu is not below the bundle's %zu models", fn, index, b->l.n);
    uint32_t *grown = realloc(b->loaded, (b->nloaded + 1) * sizeof(uint32_t));
    if (!grown)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    b->loaded = grown;
    o->bundle = b->id;
    const struct core_mdl_section *s = b->l.model[index];
    aclError rc = core_mdl_load(s->data, s->size, o, model, fn);
    if (rc == ACL_SUCCESS)
        b->loaded[b->nloaded++] = *model;
    return rc;
}

/* Unload every model loaded from b (not in the table any more). */
static aclError unload_all(struct bundle *b, const char *fn)
{
    aclError rc = ACL_SUCCESS;
    for (size_t k = 0; k < b->nloaded; k++) {
        aclError e = core_mdl_unload(b->loaded[k], b->id, fn);
        rc = rc == ACL_SUCCESS ? e : rc;
    }
    return rc;
}

aclError core_mdl_bundle_open(const void *buf, size_t len, void *var, size_t var_size, bool all,
                              uint32_t *id, const char *fn)
{
    struct bundle *b = calloc(1, sizeof(*b));
    if (!b || !(b->image = malloc(len ? len : 1))) {
        free(b);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    memcpy(b->image, buf, len);
    aclError rc = read_layout(b->image, len, &b->l, fn);
    for (size_t k = 0; rc == ACL_SUCCESS && k < b->l.n; k++)
        rc = check_model(b->l.model[k]->data, b->l.model[k]->size, k, NULL, NULL, fn);
    if (rc == ACL_SUCCESS && var && var_size < b->l.var_size)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: varWeightSize %zu is smaller than the bundle's variable weights %llu",
                      fn, var_size, (unsigned long long)b->l.var_size);
    if (rc == ACL_SUCCESS && !(b->id = core_mdl_new_id()))
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: no model id left for the bundle", fn);
    b->all = all;
    if (rc == ACL_SUCCESS && all && !(b->ids = calloc(b->l.n, sizeof(uint32_t))))
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    pthread_mutex_lock(&g_bundles.lock);
    for (size_t k = 0; rc == ACL_SUCCESS && all && k < b->l.n; k++) {
        struct core_mdl_load_opts o = {0};
        rc = load_locked(b, k, &o, &b->ids[k], fn);
    }
    if (rc == ACL_SUCCESS && g_bundles.n == g_bundles.cap) {
        size_t c = g_bundles.cap ? 2 * g_bundles.cap : 8;
        struct bundle **v = realloc(g_bundles.v, c * sizeof(*v));
        if (v) {
            g_bundles.v = v;
            g_bundles.cap = c;
        } else {
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        }
    }
    if (rc == ACL_SUCCESS)
        g_bundles.v[g_bundles.n++] = b;
    pthread_mutex_unlock(&g_bundles.lock);
    if (rc != ACL_SUCCESS) {
        unload_all(b, fn); /* what loaded before the failure */
        bundle_free(b);
        return rc;
    }
    *id = b->id;
    return ACL_SUCCESS;
}

aclError core_mdl_bundle_close(uint32_t id, const char *fn)
{
    size_t at = 0;
    pthread_mutex_lock(&g_bundles.lock);
    struct bundle *b = find(id, &at, fn);
    if (b)
        g_bundles.v[at] = g_bundles.v[--g_bundles.n];
    pthread_mutex_unlock(&g_bundles.lock);
    if (!b)
        return ACL_ERROR_INVALID_BUNDLE_MODEL_ID;
    aclError rc = unload_all(b, fn);
    bundle_free(b);
    return rc;
}

aclError core_mdl_bundle_count(uint32_t id, size_t *n, const char *fn)
{
    pthread_mutex_lock(&g_bundles.lock);
    struct bundle *b = find(id, NULL, fn);
    if (b)
        *n = b->l.n;
    pthread_mutex_unlock(&g_bundles.lock);
    return b ? ACL_SUCCESS : ACL_ERROR_INVALID_BUNDLE_MODEL_ID;
}

aclError core_mdl_bundle_model_id(uint32_t id, size_t index, uint32_t *model, const char *fn)
{
    pthread_mutex_lock(&g_bundles.lock);
    struct bundle *b = find(id, NULL, fn);
    aclError rc = b ? ACL_SUCCESS : ACL_ERROR_INVALID_BUNDLE_MODEL_ID;
    if (b && !b->all)
        rc = core_err(ACL_ERROR_API_NOT_SUPPORT,
                      "%s: bundle %u was opened with aclmdlBundleInitFrom*: its models have the "
                      "ids aclmdlBundleLoadModel* gave",
                      fn, id);
    else if (b && index >= b->l.n)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: index %zu is not below the bundle's %zu models",
                      fn, index, b->l.n);
    else if (b)
        *model = b->ids[index];
    pthread_mutex_unlock(&g_bundles.lock);
    return rc;
}

aclError core_mdl_bundle_load(uint32_t id, size_t index, struct core_mdl_load_opts *o,
                              uint32_t *model, const char *fn)
{
    pthread_mutex_lock(&g_bundles.lock);
    struct bundle *b = find(id, NULL, fn);
    aclError rc = b ? load_locked(b, index, o, model, fn) : ACL_ERROR_INVALID_BUNDLE_MODEL_ID;
    pthread_mutex_unlock(&g_bundles.lock);
    return rc;
}

aclError core_mdl_bundle_unload(uint32_t id, uint32_t model, const char *fn)
{
    pthread_mutex_lock(&g_bundles.lock);
    struct bundle *b = find(id, NULL, fn);
    aclError rc = b ? ACL_SUCCESS : ACL_ERROR_INVALID_BUNDLE_MODEL_ID;
    size_t k = 0;
    while (b && k < b->nloaded && b->loaded[k] != model)
        k++;
    if (b && k == b->nloaded)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: model %u is not a loaded model of bundle %u",
                      fn, model, id);
    else if (b)
        b->loaded[k] = b->loaded[--b->nloaded];
    pthread_mutex_unlock(&g_bundles.lock);
    return rc == ACL_SUCCESS ? core_mdl_unload(model, id, fn) : rc;
}
