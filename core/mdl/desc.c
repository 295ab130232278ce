/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model descriptions (aclmdlDesc): the constructors, the codec of the io,
 * gears and op-attrs sections of the model file, and the getters. Their entry
 * points are core/api/mdl.c; docs/mdl.md, "Model descriptions" and "The model
 * file", define the calls and the section encodings.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/mdl/bytes.h"
#include "core/mdl/desc.h"
#include "core/mdl/gear.h"
#include "core/mdl/load.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/runtime/tensor_desc.h"

static const char *const g_side[2] = {"input", "output"};

/* ---- constructors ------------------------------------------------------------- */

aclmdlDesc *core_mdl_desc_new(void)
{
    return core_calloc(1, sizeof(aclmdlDesc));
}

static void tensor_free(struct core_mdl_tensor *t)
{
    free(t->name);
    free(t->dims.v);
    free(t->ranges.v);
    free(t->dims_v2.v);
    free(t->cur.v);
}

void core_mdl_desc_clear(aclmdlDesc *d)
{
    for (int s = 0; s < 2; s++) {
        for (size_t i = 0; i < d->n[s]; i++)
            tensor_free(&d->t[s][i]);
        free(d->t[s]);
    }
    for (size_t i = 0; i < d->nattrs; i++) {
        free(d->attrs[i].op);
        free(d->attrs[i].attr);
        free(d->attrs[i].value);
    }
    free(d->attrs);
    free(d->gears);
    memset(d, 0, sizeof(*d));
}

void core_mdl_desc_free(aclmdlDesc *d)
{
    core_mdl_desc_clear(d);
    free(d);
}

/* An owned copy of n int64s into a (a emptied first); false when out of memory. */
static bool i64s_copy(struct core_i64s *a, size_t n, const int64_t *v)
{
    free(a->v);
    a->v = NULL;
    a->n = 0;
    if (!n)
        return true;
    if (!(a->v = core_memdup(v, n * sizeof(*v))))
        return false;
    a->n = n;
    return true;
}

aclError core_mdl_desc_add_tensor(aclmdlDesc *d, bool output, const char *name, aclDataType dtype,
                                  aclFormat format, size_t size, size_t ndims, const int64_t *dims,
                                  size_t nranges, const int64_t (*ranges)[2], const char *fn)
{
    int s = output;
    if (ndims > ACL_MAX_DIM_CNT || (nranges && nranges != ndims))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s %zu: %zu dims (at most %d) with %zu ranges (none or one a dim)", fn,
                        g_side[s], d->n[s], ndims, ACL_MAX_DIM_CNT, nranges);
    struct core_mdl_tensor t = {.dtype = dtype, .format = format, .size = size};
    struct core_mdl_tensor *grown = core_realloc(d->t[s], (d->n[s] + 1) * sizeof(t));
    if (grown)
        d->t[s] = grown;
    if (!grown || !(t.name = core_strdup(name ? name : "")) || !i64s_copy(&t.dims, ndims, dims) ||
        !i64s_copy(&t.ranges, 2 * nranges, nranges ? ranges[0] : NULL)) {
        tensor_free(&t);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for %s %zu", fn, g_side[s],
                        d->n[s]);
    }
    d->t[s][d->n[s]++] = t;
    return ACL_SUCCESS;
}

aclError core_mdl_desc_set_dims_v2(aclmdlDesc *d, size_t index, size_t ndims, const int64_t *dims,
                                   const char *fn)
{
    if (index >= d->n[0] || ndims > ACL_MAX_DIM_CNT)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: input %zu of %zu, %zu dims (at most %d)", fn,
                        index, d->n[0], ndims, ACL_MAX_DIM_CNT);
    if (!i64s_copy(&d->t[0][index].dims_v2, ndims, dims))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    return ACL_SUCCESS;
}

/* Whether input i takes part in dims gears (not the inputs a converter adds). */
static bool user_input(const struct core_mdl_tensor *t)
{
    return strcmp(t->name, ACL_DYNAMIC_TENSOR_NAME) && strcmp(t->name, ACL_DYNAMIC_AIPP_NAME);
}

/* The -1 dims of the user inputs, and all their dims. */
static void count_dims(const aclmdlDesc *d, size_t *unknown, size_t *all)
{
    *unknown = *all = 0;
    for (size_t i = 0; i < d->n[0]; i++) {
        const struct core_mdl_tensor *t = &d->t[0][i];
        if (!user_input(t))
            continue;
        *all += t->dims.n;
        for (size_t k = 0; k < t->dims.n; k++)
            *unknown += t->dims.v[k] < 0;
    }
}

aclError core_mdl_desc_set_gears(aclmdlDesc *d, enum core_mdl_gear_kind kind, size_t count,
                                 size_t width, const uint64_t *values, const char *fn)
{
    size_t want = width, unknown, all;
    count_dims(d, &unknown, &all);
    if (kind == CORE_MDL_GEARS_BATCH)
        want = 1;
    else if (kind == CORE_MDL_GEARS_HW)
        want = 2;
    else if (kind == CORE_MDL_GEARS_DIMS)
        want = unknown;
    else if (kind != CORE_MDL_GEARS_NONE || count)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: gear kind %d with %zu gears", fn, (int)kind,
                        count);
    if (kind != CORE_MDL_GEARS_NONE && (width != want || !width || count > ACL_MAX_BATCH_NUM))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %zu gears of %zu values; kind %d takes at most %d gears of %zu", fn,
                        count, width, (int)kind, ACL_MAX_BATCH_NUM, want);
    for (size_t i = 0; i < count * width; i++)
        if (!values[i])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: gear %zu has a value of 0", fn,
                            i / width);
    uint64_t *copy = NULL;
    if (count && !(copy = core_memdup(values, count * width * sizeof(*values))))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for %zu gears", fn, count);
    free(d->gears);
    d->gears = copy;
    d->gear_kind = count ? kind : CORE_MDL_GEARS_NONE;
    d->ngears = count;
    d->gear_width = count ? width : 0;
    return ACL_SUCCESS;
}

aclError core_mdl_desc_add_op_attr(aclmdlDesc *d, const char *op, const char *attr,
                                   const char *value, const char *fn)
{
    char *v = core_strdup(value);
    if (!v)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    for (size_t i = 0; i < d->nattrs; i++)
        if (!strcmp(d->attrs[i].op, op) && !strcmp(d->attrs[i].attr, attr)) {
            free(d->attrs[i].value);
            d->attrs[i].value = v;
            return ACL_SUCCESS;
        }
    struct core_mdl_op_attr a = {core_strdup(op), core_strdup(attr), v};
    struct core_mdl_op_attr *grown =
        a.op && a.attr ? core_realloc(d->attrs, (d->nattrs + 1) * sizeof(a)) : NULL;
    if (!grown) {
        free(a.op);
        free(a.attr);
        free(v);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    d->attrs = grown;
    d->attrs[d->nattrs++] = a;
    return ACL_SUCCESS;
}

void core_mdl_desc_bind(aclmdlDesc *d, uint32_t model_id)
{
    d->model_id = model_id;
    d->loaded = true;
}

aclError core_mdl_desc_set_cur_output(aclmdlDesc *d, size_t index, size_t ndims,
                                      const int64_t *dims, const char *fn)
{
    if (index >= d->n[1] || ndims > ACL_MAX_DIM_CNT)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: output %zu of %zu, %zu dims (at most %d)", fn,
                        index, d->n[1], ndims, ACL_MAX_DIM_CNT);
    struct core_mdl_tensor *t = &d->t[1][index];
    if (!i64s_copy(&t->cur, ndims, dims))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    t->has_cur = true;
    return ACL_SUCCESS;
}

/* ---- the section codec -------------------------------------------------------- */

static void w_i64s(struct core_mdl_writer *w, const struct core_i64s *a)
{
    core_mdl_w32(w, (uint32_t)a->n);
    for (size_t i = 0; i < a->n; i++)
        core_mdl_w64(w, (uint64_t)a->v[i]);
}

aclError core_mdl_desc_encode(const aclmdlDesc *d, uint32_t id, void **out, size_t *len,
                              const char *fn)
{
    struct core_mdl_writer w = {0};
    if (id == CORE_MDL_SEC_IO) {
        core_mdl_w32(&w, (uint32_t)d->n[0]);
        core_mdl_w32(&w, (uint32_t)d->n[1]);
        for (int s = 0; s < 2; s++)
            for (size_t i = 0; i < d->n[s]; i++) {
                const struct core_mdl_tensor *t = &d->t[s][i];
                core_mdl_wstr(&w, t->name);
                core_mdl_w32(&w, (uint32_t)(int32_t)t->dtype);
                core_mdl_w32(&w, (uint32_t)(int32_t)t->format);
                core_mdl_w64(&w, t->size);
                w_i64s(&w, &t->dims);
                core_mdl_w32(&w, (uint32_t)(t->ranges.n / 2));
                for (size_t k = 0; k < t->ranges.n; k++)
                    core_mdl_w64(&w, (uint64_t)t->ranges.v[k]);
                w_i64s(&w, &t->dims_v2);
            }
    } else if (id == CORE_MDL_SEC_GEARS) {
        core_mdl_w32(&w, (uint32_t)d->gear_kind);
        core_mdl_w32(&w, (uint32_t)d->ngears);
        core_mdl_w32(&w, (uint32_t)d->gear_width);
        core_mdl_w32(&w, 0);
        for (size_t i = 0; i < d->ngears * d->gear_width; i++)
            core_mdl_w64(&w, d->gears[i]);
    } else if (id == CORE_MDL_SEC_OP_ATTRS) {
        core_mdl_w32(&w, (uint32_t)d->nattrs);
        for (size_t i = 0; i < d->nattrs; i++) {
            core_mdl_wstr(&w, d->attrs[i].op);
            core_mdl_wstr(&w, d->attrs[i].attr);
            core_mdl_wstr(&w, d->attrs[i].value);
        }
    } else {
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: section id %u is not a description's", fn,
                        id);
    }
    if (w.bad) {
        free(w.buf);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory encoding section %u", fn, id);
    }
    *out = w.buf;
    *len = w.len;
    return ACL_SUCCESS;
}

/* A string of the section into a new NUL-terminated copy at *s. */
static bool r_str(struct core_mdl_reader *r, char **s)
{
    uint32_t n = core_mdl_read32(r);
    const unsigned char *p = core_mdl_take(r, n);
    if (!p || memchr(p, 0, n))
        return r->bad = true, false;
    *s = core_malloc((size_t)n + 1);
    if (!*s)
        return false;
    memcpy(*s, p, n);
    (*s)[n] = 0;
    return true;
}

/* n int64s (n <= ACL_MAX_DIM_CNT * 2) into v. */
static bool r_i64s(struct core_mdl_reader *r, size_t n, int64_t *v)
{
    for (size_t i = 0; i < n; i++)
        v[i] = (int64_t)core_mdl_read64(r);
    return !r->bad;
}

/* Set when a decode step failed for want of memory rather than of bytes. */
#define DECODE_OOM ACL_ERROR_BAD_ALLOC

static aclError decode_io(aclmdlDesc *d, const struct core_mdl_section *s, const char **why)
{
    struct core_mdl_reader r = {s->data, (const unsigned char *)s->data + s->size, false};
    uint32_t count[2] = {core_mdl_read32(&r), core_mdl_read32(&r)};
    int64_t dims[ACL_MAX_DIM_CNT], ranges[ACL_MAX_DIM_CNT][2];
    for (int side = 0; side < 2 && !r.bad; side++)
        for (uint32_t i = 0; i < count[side] && !r.bad; i++) {
            char *name = NULL;
            if (!r_str(&r, &name)) {
                *why = "a tensor name";
                return r.bad ? ACL_ERROR_DESERIALIZE_MODEL : DECODE_OOM;
            }
            int32_t dtype = (int32_t)core_mdl_read32(&r), format = (int32_t)core_mdl_read32(&r);
            uint64_t size = core_mdl_read64(&r);
            uint32_t nd = core_mdl_read32(&r);
            bool ok = nd <= ACL_MAX_DIM_CNT && r_i64s(&r, nd, dims);
            uint32_t nr = ok ? core_mdl_read32(&r) : 0;
            ok = ok && (nr == 0 || nr == nd) && r_i64s(&r, 2 * (size_t)nr, ranges[0]);
            uint32_t nv2 = ok ? core_mdl_read32(&r) : 0;
            int64_t v2[ACL_MAX_DIM_CNT];
            ok = ok && nv2 <= ACL_MAX_DIM_CNT && r_i64s(&r, nv2, v2) && size <= SIZE_MAX;
            aclError rc = ACL_ERROR_DESERIALIZE_MODEL;
            if (ok)
                rc = core_mdl_desc_add_tensor(d, side, name, (aclDataType)dtype, (aclFormat)format,
                                              (size_t)size, nd, dims, nr, ranges, "decode");
            free(name);
            if (ok && rc == ACL_SUCCESS && side == 0 && nv2)
                rc = core_mdl_desc_set_dims_v2(d, d->n[0] - 1, nv2, v2, "decode");
            if (rc != ACL_SUCCESS) {
                *why = ok ? "memory" : "a tensor's dims (at most 128, ranges none or one a dim)";
                return ok ? DECODE_OOM : ACL_ERROR_DESERIALIZE_MODEL;
            }
        }
    if (r.bad || r.p != r.end) {
        *why = r.bad ? "its end came early" : "bytes after its last tensor";
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    return ACL_SUCCESS;
}

static aclError decode_gears(aclmdlDesc *d, const struct core_mdl_section *s, const char **why)
{
    struct core_mdl_reader r = {s->data, (const unsigned char *)s->data + s->size, false};
    uint32_t kind = core_mdl_read32(&r), count = core_mdl_read32(&r), width = core_mdl_read32(&r);
    uint32_t zero = core_mdl_read32(&r);
    uint64_t values[ACL_MAX_BATCH_NUM * 2] = {0};
    size_t unknown, all;
    count_dims(d, &unknown, &all);
    bool ok = !r.bad && !zero && kind <= CORE_MDL_GEARS_DIMS && count <= ACL_MAX_BATCH_NUM &&
              width <= 2 * ACL_MAX_DIM_CNT && (size_t)(r.end - r.p) == (size_t)count * width * 8;
    if (!ok) {
        *why = "its header (kind, count, width) or length";
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    uint64_t *v = count * width <= ACL_MAX_BATCH_NUM * 2
                      ? values
                      : core_malloc((size_t)count * width * sizeof(*v));
    if (!v)
        return *why = "memory", DECODE_OOM;
    for (size_t i = 0; i < (size_t)count * width; i++)
        v[i] = core_mdl_read64(&r);
    aclError rc =
        core_mdl_desc_set_gears(d, (enum core_mdl_gear_kind)kind, count, width, v, "decode");
    if (v != values)
        free(v);
    if (rc == ACL_ERROR_INVALID_PARAM) {
        *why = "gears unlike the inputs' -1 dims, or a value of 0";
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    return rc == ACL_SUCCESS ? rc : (*why = "memory", DECODE_OOM);
}

static aclError decode_attrs(aclmdlDesc *d, const struct core_mdl_section *s, const char **why)
{
    struct core_mdl_reader r = {s->data, (const unsigned char *)s->data + s->size, false};
    uint32_t n = core_mdl_read32(&r);
    for (uint32_t i = 0; i < n && !r.bad; i++) {
        char *f[3] = {NULL, NULL, NULL};
        bool ok = r_str(&r, &f[0]) && r_str(&r, &f[1]) && r_str(&r, &f[2]);
        aclError rc = ok ? core_mdl_desc_add_op_attr(d, f[0], f[1], f[2], "decode") : DECODE_OOM;
        for (int k = 0; k < 3; k++)
            free(f[k]);
        if (r.bad)
            break;
        if (rc != ACL_SUCCESS)
            return *why = "memory", DECODE_OOM;
    }
    if (r.bad || r.p != r.end) {
        *why = r.bad ? "its end came early or a string holds a NUL" : "bytes after its last entry";
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    return ACL_SUCCESS;
}

aclError core_mdl_desc_decode(aclmdlDesc *d, const struct core_mdl_file *f, const char *fn)
{
    static const uint32_t ids[3] = {CORE_MDL_SEC_IO, CORE_MDL_SEC_GEARS, CORE_MDL_SEC_OP_ATTRS};
    static aclError (*const step[3])(aclmdlDesc *, const struct core_mdl_section *,
                                     const char **) = {decode_io, decode_gears, decode_attrs};
    aclmdlDesc tmp = {0};
    if (!core_mdl_file_section(f, CORE_MDL_SEC_IO))
        return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                        "%s: the model file has no io section (input and output descriptions)", fn);
    for (int i = 0; i < 3; i++) {
        const struct core_mdl_section *s = core_mdl_file_section(f, ids[i]);
        const char *why = "";
        aclError rc = s ? step[i](&tmp, s, &why) : ACL_SUCCESS;
        if (rc != ACL_SUCCESS) {
            core_mdl_desc_clear(&tmp);
            if (rc == DECODE_OOM)
                return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory decoding the model", fn);
            return core_err(rc, "%s: corrupt model file: section %u (%s) is malformed: %s", fn,
                            ids[i],
                            i == 0   ? "io"
                            : i == 1 ? "gears"
                                     : "op-attrs",
                            why);
        }
    }
    core_mdl_desc_clear(d);
    *d = tmp;
    return ACL_SUCCESS;
}

/* ---- getters ------------------------------------------------------------------ */

size_t core_mdl_desc_size(const aclmdlDesc *d, bool output, size_t index, const char *fn)
{
    const struct core_mdl_tensor *t = core_mdl_desc_tensor(d, output, index);
    if (!t) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: %s index %zu, the model has %zu", fn, g_side[output],
                 index, d->n[output]);
        return 0;
    }
    bool unknown = false;
    for (size_t k = 0; k < t->dims.n; k++)
        unknown |= t->dims.v[k] < 0;
    if (!unknown || !t->ranges.n)
        return t->size;
    size_t bytes = core_dtype_size(t->dtype);
    for (size_t k = 0; k < t->ranges.n / 2; k++) {
        int64_t max = t->ranges.v[2 * k + 1];
        if (max <= 0 || bytes > SIZE_MAX / (uint64_t)max)
            return 0; /* an unbounded or overflowing range has no size */
        bytes *= (size_t)max;
    }
    return bytes;
}

/* Name of tensor t (side s, index i) as aclmdlIODims carries it. */
static void io_name(const aclmdlDesc *d, int s, size_t i, char *out)
{
    const char *name = d->t[s][i].name;
    if (strlen(name) < ACL_MAX_TENSOR_NAME_LEN)
        strcpy(out, name);
    else
        snprintf(out, ACL_MAX_TENSOR_NAME_LEN, "acl_modelId_%" PRIu32 "_%s_%zu", d->model_id,
                 g_side[s], i);
}

aclError core_mdl_desc_dims(const aclmdlDesc *d, bool output, size_t index,
                            enum core_mdl_dims_kind kind, aclmdlIODims *out, const char *fn)
{
    const struct core_mdl_tensor *t = core_mdl_desc_tensor(d, output, index);
    if (!t)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s index %zu, the model has %zu", fn,
                        g_side[output], index, d->n[output]);
    if (kind == CORE_MDL_DIMS_CUR && !d->loaded)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the description is not of a loaded model (aclmdlGetDesc): a "
                        "description from a file has no current output dims",
                        fn);
    const struct core_i64s *dims = &t->dims;
    if (kind == CORE_MDL_DIMS_V2 && t->dims_v2.n)
        dims = &t->dims_v2;
    else if (kind == CORE_MDL_DIMS_CUR && t->has_cur)
        dims = &t->cur;
    memset(out->name, 0, sizeof(out->name));
    io_name(d, output, index, out->name);
    out->dimCount = dims->n;
    if (dims->n)
        memcpy(out->dims, dims->v, dims->n * sizeof(int64_t));
    if (kind == CORE_MDL_DIMS_CUR && d->gear_kind != CORE_MDL_GEARS_NONE)
        (void)core_mdl_gears_cur_output(d->model_id, index, out); /* else the largest gear's */
    /* a dynamic-shape model's output (dims [-2]): its latest execution's, else [-2]; an
     * output with data-dependent dims (-1 with a range, no gears): its latest execution's,
     * else the -1 dims */
    if (kind == CORE_MDL_DIMS_CUR && output &&
        ((t->dims.n == 1 && t->dims.v[0] == -2) ||
         (t->ranges.n && d->gear_kind == CORE_MDL_GEARS_NONE)))
        (void)core_mdl_dyn_cur_output(d->model_id, index, out);
    return ACL_SUCCESS;
}

aclError core_mdl_desc_dims_range(const aclmdlDesc *d, size_t index, aclmdlIODimsRange *out,
                                  const char *fn)
{
    const struct core_mdl_tensor *t = core_mdl_desc_tensor(d, false, index);
    if (!t)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: input index %zu, the model has %zu", fn,
                        index, d->n[0]);
    out->rangeCount = 0;
    if (d->gear_kind != CORE_MDL_GEARS_NONE)
        return ACL_SUCCESS; /* a gear model has gears, not ranges */
    out->rangeCount = t->dims.n;
    for (size_t k = 0; k < t->dims.n; k++) {
        out->range[k][0] = t->ranges.n ? t->ranges.v[2 * k] : t->dims.v[k];
        out->range[k][1] = t->ranges.n ? t->ranges.v[2 * k + 1] : t->dims.v[k];
    }
    return ACL_SUCCESS;
}

/* The side and index a converted name "acl_modelId_<id>_<side>_<index>" gives. */
static bool converted(const aclmdlDesc *d, const char *name, int *side, size_t *index)
{
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < d->n[s]; i++) {
            char conv[ACL_MAX_TENSOR_NAME_LEN];
            io_name(d, s, i, conv);
            if (strlen(d->t[s][i].name) >= ACL_MAX_TENSOR_NAME_LEN && !strcmp(conv, name)) {
                *side = s;
                *index = i;
                return true;
            }
        }
    return false;
}

aclError core_mdl_desc_index(const aclmdlDesc *d, bool output, const char *name, size_t *index,
                             const char *fn)
{
    for (size_t i = 0; i < d->n[output]; i++)
        if (!strcmp(d->t[output][i].name, name)) {
            *index = i;
            return ACL_SUCCESS;
        }
    int side;
    size_t i;
    if (converted(d, name, &side, &i) && side == output) {
        *index = i;
        return ACL_SUCCESS;
    }
    return core_err(ACL_ERROR_INVALID_PARAM, "%s: the model has no %s named \"%s\"", fn,
                    g_side[output], name);
}

const char *core_mdl_desc_real_name(const aclmdlDesc *d, const char *name, const char *fn)
{
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < d->n[s]; i++)
            if (!strcmp(d->t[s][i].name, name))
                return d->t[s][i].name;
    int side;
    size_t i;
    if (converted(d, name, &side, &i))
        return d->t[side][i].name;
    core_err(ACL_ERROR_INVALID_PARAM, "%s: no input or output is named \"%s\"", fn, name);
    return NULL;
}

void core_mdl_desc_batch(const aclmdlDesc *d, aclmdlBatch *out)
{
    out->batchCount = 0;
    if (d->gear_kind != CORE_MDL_GEARS_BATCH)
        return;
    out->batchCount = d->ngears;
    memcpy(out->batch, d->gears, d->ngears * sizeof(uint64_t));
}

void core_mdl_desc_hw(const aclmdlDesc *d, aclmdlHW *out)
{
    out->hwCount = 0;
    if (d->gear_kind != CORE_MDL_GEARS_HW)
        return;
    out->hwCount = d->ngears;
    for (size_t i = 0; i < d->ngears; i++) {
        out->hw[i][0] = d->gears[2 * i];
        out->hw[i][1] = d->gears[2 * i + 1];
    }
}

size_t core_mdl_desc_dims_gear_count(const aclmdlDesc *d)
{
    return d->gear_kind == CORE_MDL_GEARS_DIMS ? d->ngears : 0;
}

aclError core_mdl_desc_dims_gears(const aclmdlDesc *d, aclmdlIODims *dims, size_t gearCount,
                                  const char *fn)
{
    size_t n = core_mdl_desc_dims_gear_count(d), unknown, all;
    if (gearCount < n)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: gearCount %zu is less than the model's %zu dims gears", fn, gearCount,
                        n);
    count_dims(d, &unknown, &all);
    if (n && all > ACL_MAX_DIM_CNT)
        return core_err(ACL_ERROR_FAILURE, "%s: the inputs have %zu dims, more than %d", fn, all,
                        ACL_MAX_DIM_CNT);
    for (size_t g = 0; g < n; g++) {
        const uint64_t *v = d->gears + g * d->gear_width;
        size_t at = 0;
        memset(dims[g].name, 0, sizeof(dims[g].name));
        for (size_t i = 0; i < d->n[0]; i++) {
            const struct core_mdl_tensor *t = &d->t[0][i];
            if (!user_input(t))
                continue;
            for (size_t k = 0; k < t->dims.n; k++)
                dims[g].dims[at++] = t->dims.v[k] < 0 ? (int64_t)*v++ : t->dims.v[k];
        }
        dims[g].dimCount = at;
    }
    return ACL_SUCCESS;
}

const char *core_mdl_desc_op_attr(const aclmdlDesc *d, const char *op, const char *attr)
{
    for (size_t i = 0; i < d->nattrs; i++)
        if (!strcmp(d->attrs[i].op, op) && !strcmp(d->attrs[i].attr, attr))
            return d->attrs[i].value;
    return NULL;
}
