/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Dynamic gears: the rules that map gears onto input dims (shared with the
 * model builder of graph/ through core/mdl.h), the per-gear plans of a
 * loaded model, the setters' selection in a dataset and an execution's pick
 * (core/mdl/gear.h states the layout of the gear input).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/error_codes/ge_error_codes.h"
#include "core/err.h"
#include "core/mdl/dataset.h"
#include "core/mdl/desc.h"
#include "core/mdl/gear.h"
#include "core/mdl/load.h"
#include "core/runtime/base.h"
#include "core/runtime/runtime.h"

/* ---- gears and dims (core/mdl.h) ------------------------------------------------ */

const char *core_mdl_gear_check(const struct core_mdl_gear_table *t, size_t nin,
                                const size_t *ndims, const int64_t *dims, size_t hidden)
{
    size_t total = 0, at = 0;
    for (size_t i = 0; i < nin; i++) {
        size_t neg = 0;
        for (size_t k = 0; k < ndims[i]; k++)
            neg += dims[at + k] < 0;
        at += ndims[i];
        total += neg;
        if (t->kind == 1 && neg > 1)
            return "an input has more than one -1 dim (dynamic batch takes one, the batch)";
        if (t->kind == 2 && neg && neg != 2)
            return "an input has other than two -1 dims (dynamic H*W takes two: height, width)";
    }
    if (!total && !hidden)
        return "no input dim is -1 (input_shape marks the gear dims with -1)";
    if (t->kind == 3 && total != t->width)
        return "the gears' length differs from the number of -1 dims of the inputs";
    return NULL;
}

void core_mdl_gear_fill(const struct core_mdl_gear_table *t, size_t g, size_t nin,
                        const size_t *ndims, const int64_t *dims, int64_t *out)
{
    const uint64_t *v = t->values + g * t->width;
    size_t at = 0, seq = 0;
    for (size_t i = 0; i < nin; i++) {
        size_t neg = 0;
        for (size_t k = 0; k < ndims[i]; k++, at++) {
            int64_t d = dims[at];
            if (d < 0)
                d = (int64_t)(t->kind == 1 ? v[0] : t->kind == 2 ? v[neg ? 1 : 0] : v[seq++]);
            /* a YUV420SP image's height: Y rows, then half as many UV rows */
            if (dims[at] < 0 && t->kind == 2 && !neg && t->yuv_rows && t->yuv_rows[i])
                d = d * 3 / 2;
            neg += dims[at] < 0;
            out[at] = d;
        }
    }
}

size_t core_mdl_gear_largest(const struct core_mdl_gear_table *t)
{
    size_t best = 0;
    long double top = -1;
    for (size_t g = 0; g < t->count; g++) {
        long double p = 1;
        for (size_t k = 0; k < t->width; k++)
            p *= (long double)t->values[g * t->width + k];
        if (p > top) {
            top = p;
            best = g;
        }
    }
    return best;
}

static struct core_mdl_gear_table table_of(const aclmdlDesc *d)
{
    return (struct core_mdl_gear_table){(int)d->gear_kind, d->ngears, d->gear_width, d->gears,
                                        NULL};
}

/* "a,b,c": n values into buf, for messages. */
static const char *values_str(const uint64_t *v, size_t n, char *buf, size_t cap)
{
    size_t at = 0;
    buf[0] = 0;
    for (size_t k = 0; k < n && at + 1 < cap; k++)
        at +=
            (size_t)snprintf(buf + at, cap - at, "%s%llu", k ? "," : "", (unsigned long long)v[k]);
    return buf;
}

/* "1 2 4" / "(224,224) (448,448)" into buf: the gears for messages. */
static const char *gear_list(const aclmdlDesc *d, char *buf, size_t cap)
{
    size_t at = 0;
    buf[0] = 0;
    for (size_t g = 0; g < d->ngears && at + 1 < cap; g++) {
        const uint64_t *v = d->gears + g * d->gear_width;
        at += (size_t)snprintf(buf + at, cap - at, "%s%s", g ? " " : "",
                               d->gear_width > 1 ? "(" : "");
        for (size_t k = 0; k < d->gear_width && at + 1 < cap; k++)
            at += (size_t)snprintf(buf + at, cap - at, "%s%llu", k ? "," : "",
                                   (unsigned long long)v[k]);
        if (d->gear_width > 1 && at + 1 < cap)
            at += (size_t)snprintf(buf + at, cap - at, ")");
    }
    if (at + 1 >= cap && cap > 4)
        memcpy(buf + cap - 4, "...", 4);
    return buf;
}

/* ---- loading ---------------------------------------------------------------------- */

void core_mdl_gears_free(const struct core_mdl_provider *p, struct core_mdl_geared *g)
{
    if (!g)
        return;
    for (size_t k = 0; g->impl && k < g->n; k++)
        if (g->impl[k])
            p->release(g->impl[k]);
    free(g->impl);
    free(g->in_size);
    free(g->out_ndims);
    free(g->out_dims);
    free(g);
}

/* The dims the graph's input i is compiled with: V2 (the byte layout of a
 * static AIPP image: YUV420SP's 1.5 rows a pixel row) when the file gives
 * them, else V1. */
static const struct core_i64s *graph_dims(const struct core_mdl_tensor *t)
{
    return t->dims_v2.n ? &t->dims_v2 : &t->dims;
}

aclError core_mdl_gears_load(const struct core_mdl_provider *p, const aclmdlDesc *d,
                             const void *graph, size_t glen, const void *weights, size_t wlen,
                             const bool *yuv_rows, struct core_mdl_geared **out, const char *fn)
{
    if (!p->load_gears)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED, "%s: this build compiles no gears", fn);
    size_t nin = d->n[0] - 1, nout = d->n[1], ng = d->ngears, istride = 0, ostride = 0;
    for (size_t i = 0; i < nin; i++)
        istride += graph_dims(&d->t[0][i])->n;
    for (size_t i = 0; i < nout; i++)
        ostride += d->t[1][i].dims.n;
    struct core_mdl_geared *g = calloc(1, sizeof(*g));
    size_t *ndims = calloc(nin + nout + 1, sizeof(size_t)), *osize = ndims ? ndims + nin : NULL;
    int32_t *dt = calloc(2 * nin + 1, sizeof(int32_t));
    int64_t *maxd = calloc(istride + 1, sizeof(int64_t));
    int64_t *gd = calloc(ng * istride + 1, sizeof(int64_t));
    if (g) {
        g->n = ng;
        g->nin = nin;
        g->nout = nout;
        g->out_stride = ostride;
        g->impl = calloc(ng + 1, sizeof(void *));
        g->in_size = calloc(ng * nin + 1, sizeof(size_t));
        g->out_ndims = calloc(nout + 1, sizeof(size_t));
        g->out_dims = calloc(ng * ostride + 1, sizeof(int64_t));
        atomic_init(&g->set, -1);
    }
    if (!g || !ndims || !dt || !maxd || !gd || !g->impl || !g->in_size || !g->out_ndims ||
        !g->out_dims) {
        free(ndims);
        free(dt);
        free(maxd);
        free(gd);
        core_mdl_gears_free(p, g);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory (%zu gears)", fn, ng);
    }
    size_t at = 0;
    for (size_t i = 0; i < nin; i++) {
        const struct core_mdl_tensor *t = &d->t[0][i];
        const struct core_i64s *dv = graph_dims(t);
        ndims[i] = dv->n;
        dt[i] = (int32_t)t->dtype;
        dt[nin + i] = (int32_t)t->format;
        memcpy(maxd + at, dv->v, dv->n * sizeof(int64_t));
        at += dv->n;
    }
    for (size_t i = 0; i < nout; i++) {
        g->out_ndims[i] = d->t[1][i].dims.n;
        osize[i] = d->t[1][i].size;
    }
    struct core_mdl_gear_table tab = table_of(d);
    tab.yuv_rows = yuv_rows;
    g->largest = core_mdl_gear_largest(&tab);
    for (size_t k = 0; k < ng; k++) {
        core_mdl_gear_fill(&tab, k, nin, ndims, maxd, gd + k * istride);
        const int64_t *dims = gd + k * istride;
        for (size_t i = 0; i < nin; i++) {
            uint64_t n = 1;
            for (size_t j = 0; j < ndims[i]; j++)
                n *= (uint64_t)*dims++;
            size_t es = core_dtype_size(d->t[0][i].dtype);
            g->in_size[k * nin + i] = (size_t)n * es;
        }
    }
    struct core_mdl_gear_plan plan = {
        ng,         nin,
        nout,       dt,
        dt + nin,   ndims,
        gd,         istride,
        g->in_size, g->out_ndims,
        osize,      g->out_dims,
        ostride,    d->gear_kind == CORE_MDL_GEARS_HW ? d->gears : NULL};
    aclError rc = p->load_gears(graph, glen, weights, wlen, &plan, g->impl, fn);
    free(ndims);
    free(dt);
    free(maxd);
    free(gd);
    if (rc != ACL_SUCCESS) {
        memset(g->impl, 0, (ng + 1) * sizeof(void *));
        core_mdl_gears_free(p, g);
        return rc;
    }
    *out = g;
    return ACL_SUCCESS;
}

/* ---- the gear input ---------------------------------------------------------------- */

/* The index of a gear of d whose values are v (width of them), or -1. */
static long find_gear(const aclmdlDesc *d, const uint64_t *v)
{
    for (size_t g = 0; g < d->ngears; g++)
        if (!memcmp(d->gears + g * d->gear_width, v, d->gear_width * sizeof(uint64_t)))
            return (long)g;
    return -1;
}

aclError core_mdl_gears_pick(const aclmdlDesc *d, const struct core_mdl_geared *g,
                             const aclmdlDataset *in, void *const *addr, const size_t *size,
                             size_t *gear, const char *fn)
{
    size_t gi = d->n[0] - 1, w = d->gear_width;
    if (!in->gear_set) {
        *gear = g->largest;
    } else {
        /* the setter wrote uint64 values when they fit, else uint32 (bind_side
         * has checked the buffer holds the input's w * 4 bytes) */
        bool wide = size[gi] >= w * 8;
        uint64_t v[2 * ACL_MAX_DIM_CNT];
        for (size_t k = 0; k < w; k++) {
            if (wide) {
                memcpy(&v[k], (const char *)addr[gi] + 8 * k, 8);
            } else {
                uint32_t x;
                memcpy(&x, (const char *)addr[gi] + 4 * k, 4);
                v[k] = x;
            }
        }
        long f = find_gear(d, v);
        if (f < 0) {
            char list[256], mine[128];
            return core_err((aclError)ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                            "%s: the gear input (%s, input %zu) holds %s, not one of the "
                            "model's gears: %s",
                            fn, ACL_DYNAMIC_TENSOR_NAME, gi, values_str(v, w, mine, sizeof(mine)),
                            gear_list(d, list, sizeof(list)));
        }
        *gear = (size_t)f;
    }
    for (size_t i = 0; i < g->nin; i++) {
        size_t want = g->in_size[*gear * g->nin + i];
        if (size[i] < want)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: input %zu (%s) is %zu bytes, gear %zu of the model takes %zu", fn,
                            i, d->t[0][i].name, size[i], *gear, want);
    }
    return ACL_SUCCESS;
}

static const char *const g_kind_name[4] = {"no", "batch", "H*W", "dims"};

/* The gear values of a dims setter's dims (every dim of every input): the
 * -1 positions' values; ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID for
 * another count or a fixed dim that differs (as GE's executor). */
static aclError dims_values(const aclmdlDesc *d, const uint64_t *all, size_t n, uint64_t *v,
                            const char *fn)
{
    size_t at = 0, k = 0;
    for (size_t i = 0; i + 1 < d->n[0]; i++)
        at += d->t[0][i].dims.n;
    if (n != at)
        return core_err((aclError)ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID,
                        "%s: dims has %zu values, the model's inputs have %zu dims together", fn, n,
                        at);
    at = 0;
    for (size_t i = 0; i + 1 < d->n[0]; i++)
        for (size_t j = 0; j < d->t[0][i].dims.n; j++, at++) {
            int64_t m = d->t[0][i].dims.v[j];
            if (m < 0)
                v[k++] = all[at];
            else if ((uint64_t)m != all[at])
                return core_err((aclError)ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID,
                                "%s: dims[%zu] is %llu, input %zu (%s) has a fixed dim %lld there",
                                fn, at, (unsigned long long)all[at], i, d->t[0][i].name,
                                (long long)m);
        }
    return ACL_SUCCESS;
}

aclError core_mdl_gears_set(uint32_t id, aclmdlDataset *ds, size_t index, int kind,
                            const uint64_t *v, size_t n, const char *fn)
{
    if (index >= core_mdl_dataset_count(ds))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: index %zu, the dataset has %zu buffers", fn,
                        index, core_mdl_dataset_count(ds));
    aclDataBuffer *b = core_mdl_dataset_buf(ds, index);
    if (!b || !b->data)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: buffer %zu of the dataset has no data", fn,
                        index);
    const aclmdlDesc *d;
    struct core_mdl_geared *g;
    void *ref = core_mdl_acquire(id, &d, &g);
    if (!ref)
        return core_err((aclError)ACL_ERROR_GE_EXEC_MODEL_ID_INVALID,
                        "%s: model id %u is not loaded", fn, id);
    aclError rc = ACL_SUCCESS;
    uint64_t vals[2 * ACL_MAX_DIM_CNT];
    char list[256];
    if ((int)d->gear_kind != kind || !g) {
        rc = core_err((aclError)ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                      "%s: model %u has %s gears, not %s gears", fn, id, g_kind_name[d->gear_kind],
                      g_kind_name[kind]);
    } else if (kind == CORE_MDL_GEARS_DIMS) {
        rc = dims_values(d, v, n, vals, fn);
    } else {
        memcpy(vals, v, n * sizeof(uint64_t));
    }
    size_t w = d->gear_width;
    long f = rc == ACL_SUCCESS ? find_gear(d, vals) : -1;
    if (rc == ACL_SUCCESS && f < 0) {
        char mine[128];
        rc =
            core_err((aclError)ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                     "%s: %s %s is not a gear of model %u; its gears: %s", fn, g_kind_name[kind],
                     values_str(vals, w, mine, sizeof(mine)), id, gear_list(d, list, sizeof(list)));
    }
    if (rc == ACL_SUCCESS && b->size < w * 4)
        rc = core_err((aclError)ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID,
                      "%s: buffer %zu is %zu bytes, the gear input takes %zu", fn, index, b->size,
                      w * 4);
    if (rc == ACL_SUCCESS) {
        bool wide = b->size >= w * 8;
        for (size_t k = 0; k < w; k++) {
            uint32_t x = (uint32_t)vals[k];
            memcpy((char *)b->data + k * (wide ? 8 : 4), wide ? (const void *)&vals[k] : &x,
                   wide ? 8 : 4);
        }
        ds->gear_set = true;
        /* relaxed: a plain record for aclmdlGetCurOutputDims, no data follows it */
        atomic_store_explicit(&g->set, f, memory_order_relaxed);
    }
    core_mdl_release(ref);
    return rc;
}

bool core_mdl_gears_cur_output(uint32_t id, size_t index, aclmdlIODims *out)
{
    const aclmdlDesc *d;
    struct core_mdl_geared *g;
    void *ref = core_mdl_acquire(id, &d, &g);
    if (!ref)
        return false;
    /* relaxed: see core_mdl_gears_set */
    long f = g ? atomic_load_explicit(&g->set, memory_order_relaxed) : -1;
    bool ok = f >= 0 && index < g->nout;
    if (ok) {
        size_t at = 0;
        for (size_t i = 0; i < index; i++)
            at += g->out_ndims[i];
        out->dimCount = g->out_ndims[index];
        memcpy(out->dims, g->out_dims + (size_t)f * g->out_stride + at,
               out->dimCount * sizeof(int64_t));
    }
    core_mdl_release(ref);
    return ok;
}
