/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Single-operator models: the op section of the model file and the registry
 * of the models aclopSetModelDir and aclopLoad read (core/op/model.h).
 *
 * The op section (id 72, docs/mdl.md "Section 72: op"), little-endian:
 *   u32 1 (the section's version), string type, i32 compile flag,
 *   u32 input count, u32 output count, then each tensor:
 *     string name, string dynamic-input name, i32 aclDataType, i32 aclFormat,
 *     u32 dim count + i64 dims, u32 range count (0 or the dim count) + i64
 *     [min, max] pairs, u64 const length + its bytes (0: not const),
 *   then u32 attribute count and each attribute in strictly increasing name
 *   order: string name, u32 kind (enum core_op_attr_type), its value.
 * A string is u32 length + bytes (no NUL). Values: BOOL u32 0/1, INT i64,
 * FLOAT the f32 bits as u32, DTYPE i32, STRING a string; lists u32 n then n
 * elements of those (LIST_BOOL one byte each), LIST_LIST_INT n rows of
 * u32 m + m i64.
 *
 * The registry is a list under an rwlock, with an atomic count in front so
 * that a process that registered nothing never takes the lock. A model keeps
 * its tensors as descriptions and its attributes as the section's bytes: a
 * call's attributes encoded the same way (the set is sorted by name) compare
 * with memcmp.
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/err.h"
#include "core/mdl/bytes.h"
#include "core/mdl/file.h"
#include "core/op/attr.h"
#include "core/op/model.h"
#include "core/runtime/fault.h"
#include "core/runtime/tensor_desc.h"

#define SECTION_VERSION 1u
#define MAX_DIMS 128u /* as the io section */
#define DIR_DEPTH 3   /* GE lists a model directory to this depth */

struct op_model {
    struct op_model *next;
    char *type;
    char *origin; /* the file, or "memory" */
    int nin, nout;
    aclTensorDesc **t;    /* nin inputs then nout outputs */
    unsigned char *attrs; /* the attribute part of the section */
    size_t nattrs_bytes;
    int32_t flag;
};

static pthread_rwlock_t g_reg_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct op_model *g_models; /* g_reg_lock */
/* Models in g_models: written under the write lock, read without it by the
 * execution path (acquire: a count above 0 is seen with the list it counts;
 * the lock taken next orders the list itself). */
static _Atomic size_t g_count;

/* ---- encoding ------------------------------------------------------------------- */

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* Element i of v in the section's encoding: a scalar's value (i 0), or a list's element i. */
static void put_elem(struct core_mdl_writer *w, const struct core_op_attr_value *v, size_t i)
{
    enum core_op_attr_type t = v->type;
    bool list = t >= CORE_OP_ATTR_LIST_BOOL; /* the enum lists the scalars first */
    if (t == CORE_OP_ATTR_BOOL || t == CORE_OP_ATTR_LIST_BOOL) {
        unsigned char b = list ? v->u.bools[i] : v->u.b;
        if (list)
            core_mdl_wbytes(w, &b, 1);
        else
            core_mdl_w32(w, b);
    } else if (t == CORE_OP_ATTR_INT || t == CORE_OP_ATTR_LIST_INT) {
        core_mdl_w64(w, (uint64_t)(list ? v->u.ints[i] : v->u.i));
    } else if (t == CORE_OP_ATTR_FLOAT || t == CORE_OP_ATTR_LIST_FLOAT) {
        core_mdl_w32(w, float_bits(list ? v->u.floats[i] : v->u.f));
    } else if (t == CORE_OP_ATTR_DTYPE || t == CORE_OP_ATTR_LIST_DTYPE) {
        core_mdl_w32(w, (uint32_t)(list ? v->u.dts[i] : v->u.dt));
    } else if (t == CORE_OP_ATTR_STRING || t == CORE_OP_ATTR_LIST_STRING) {
        core_mdl_wstr(w, list ? v->u.strs[i] : v->u.s);
    } else { /* LIST_LIST_INT: row i */
        const int64_t *row;
        size_t m = core_op_attr_row(v, i, &row);
        core_mdl_w32(w, (uint32_t)m);
        for (size_t k = 0; k < m; k++)
            core_mdl_w64(w, (uint64_t)row[k]);
    }
}

static void put_value(struct core_mdl_writer *w, const struct core_op_attr_value *v)
{
    if (v->type < CORE_OP_ATTR_LIST_BOOL) {
        put_elem(w, v, 0);
        return;
    }
    core_mdl_w32(w, (uint32_t)v->n);
    for (size_t i = 0; i < v->n; i++)
        put_elem(w, v, i);
}

static void put_attrs(struct core_mdl_writer *w, const aclopAttr *a)
{
    size_t n = core_op_attr_count(a);
    core_mdl_w32(w, (uint32_t)n);
    for (size_t i = 0; i < n; i++) {
        const struct core_op_attr_value *v = core_op_attr_at(a, i);
        core_mdl_wstr(w, core_op_attr_name(a, i));
        core_mdl_w32(w, (uint32_t)v->type);
        put_value(w, v);
    }
}

static void put_tensor(struct core_mdl_writer *w, const aclTensorDesc *d, bool input)
{
    core_mdl_wstr(w, core_tdesc_name(d));
    core_mdl_wstr(w, d->dynamic_input ? d->dynamic_input : "");
    core_mdl_w32(w, (uint32_t)d->dtype);
    core_mdl_w32(w, (uint32_t)d->format);
    core_mdl_w32(w, (uint32_t)d->dims.n);
    for (size_t i = 0; i < d->dims.n; i++)
        core_mdl_w64(w, (uint64_t)d->dims.v[i]);
    bool ranged = d->shape_range.n == 2 * d->dims.n;
    core_mdl_w32(w, ranged ? (uint32_t)d->dims.n : 0);
    for (size_t i = 0; ranged && i < d->shape_range.n; i++)
        core_mdl_w64(w, (uint64_t)d->shape_range.v[i]);
    size_t clen = input && d->const_data ? d->const_len : 0;
    core_mdl_w64(w, clen);
    core_mdl_wbytes(w, d->const_data, clen);
}

aclError core_op_model_save(const struct core_op_call *c, int32_t compile_flag, const char *path,
                            const char *fn)
{
    struct core_mdl_writer w = {0};
    core_mdl_w32(&w, SECTION_VERSION);
    core_mdl_wstr(&w, c->type);
    core_mdl_w32(&w, (uint32_t)compile_flag);
    core_mdl_w32(&w, (uint32_t)c->nin);
    core_mdl_w32(&w, (uint32_t)c->nout);
    for (int i = 0; i < c->nin; i++)
        put_tensor(&w, c->in_desc[i], true);
    for (int i = 0; i < c->nout; i++)
        put_tensor(&w, c->out_desc[i], false);
    put_attrs(&w, c->attr);
    if (w.bad) {
        free(w.buf);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory encoding the op section", fn);
    }
    struct core_mdl_section s = {CORE_MDL_SEC_OP, w.buf, w.len};
    size_t size = core_mdl_file_size(&s, 1), len = 0;
    void *file = size ? core_malloc(size) : NULL;
    aclError rc = file ? core_mdl_file_write(&s, 1, 0, file, size, &len, fn)
                       : core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_file_save(path, file, len, fn);
    free(file);
    free(w.buf);
    return rc;
}

/* ---- decoding ------------------------------------------------------------------- */

static void model_free(struct op_model *m)
{
    if (!m)
        return;
    for (int i = 0; m->t && i < m->nin + m->nout; i++)
        core_tdesc_free(m->t[i]);
    free(m->t);
    free(m->type);
    free(m->origin);
    free(m->attrs);
    free(m);
}

/* A string of the section, NUL-terminated in a new copy (NULL: bad or out of memory). */
static char *get_str(struct core_mdl_reader *r)
{
    uint32_t n = core_mdl_read32(r);
    const unsigned char *p = core_mdl_take(r, n);
    if (!p || memchr(p, 0, n)) {
        r->bad = true;
        return NULL;
    }
    char *s = core_malloc((size_t)n + 1);
    if (s) {
        memcpy(s, p, n);
        s[n] = 0;
    }
    return s;
}

/* Skip a string, giving its bytes (not terminated). */
static const unsigned char *skip_str(struct core_mdl_reader *r, uint32_t *n)
{
    *n = core_mdl_read32(r);
    return core_mdl_take(r, *n);
}

/* A tensor into a new description; *why on a malformed one. */
static aclTensorDesc *get_tensor(struct core_mdl_reader *r, bool input, const char **why)
{
    char *name = get_str(r), *dyn = get_str(r);
    int32_t dtype = (int32_t)core_mdl_read32(r), format = (int32_t)core_mdl_read32(r);
    uint32_t nd = core_mdl_read32(r);
    aclTensorDesc *d = NULL;
    int64_t *dims = NULL, (*ranges)[2] = NULL;
    if (r->bad || nd > MAX_DIMS) {
        *why = nd > MAX_DIMS ? "a tensor of more than 128 dims" : "a tensor runs past the end";
        goto out;
    }
    dims = core_malloc(sizeof(int64_t) * (nd ? nd : 1));
    ranges = core_malloc(sizeof(*ranges) * (nd ? nd : 1));
    if (!dims || !ranges) {
        *why = "out of memory";
        goto out;
    }
    for (uint32_t i = 0; i < nd; i++) {
        dims[i] = (int64_t)core_mdl_read64(r);
        if (dims[i] < -2 || (dims[i] == -2 && nd != 1)) {
            *why = "a dim below -1 (or -2 beside other dims)";
            goto out;
        }
    }
    uint32_t nr = core_mdl_read32(r);
    if (nr && nr != nd) {
        *why = "a shape range of another count than the dims";
        goto out;
    }
    for (uint32_t i = 0; i < nr; i++) {
        ranges[i][0] = (int64_t)core_mdl_read64(r);
        ranges[i][1] = (int64_t)core_mdl_read64(r);
    }
    uint64_t clen = core_mdl_read64(r);
    const unsigned char *cv = clen ? core_mdl_take(r, (size_t)clen) : NULL;
    if (r->bad || (clen && !input)) {
        *why = r->bad ? "a tensor runs past the end" : "an output with a const value";
        goto out;
    }
    d = core_tdesc_new((aclDataType)dtype, nd, dims, (aclFormat)format);
    if (!d || core_tdesc_set_name(d, false, name, "") || core_tdesc_set_name(d, true, dyn, "") ||
        (nr && core_tdesc_set_range(d, false, nr, (const int64_t(*)[2])ranges, "")) ||
        (clen && core_tdesc_set_const(d, cv, (size_t)clen, ""))) {
        core_tdesc_free(d);
        d = NULL;
        *why = "out of memory";
    }
out:
    free(name);
    free(dyn);
    free(dims);
    free(ranges);
    return d;
}

/* Check one attribute value of kind k (the reader marks a short one). */
static bool skip_value(struct core_mdl_reader *r, uint32_t k)
{
    uint32_t n, len;
    switch (k) {
    case CORE_OP_ATTR_BOOL:
        return core_mdl_read32(r) <= 1 && !r->bad;
    case CORE_OP_ATTR_INT:
        core_mdl_read64(r);
        return !r->bad;
    case CORE_OP_ATTR_FLOAT:
    case CORE_OP_ATTR_DTYPE:
        core_mdl_read32(r);
        return !r->bad;
    case CORE_OP_ATTR_STRING:
        return skip_str(r, &len) != NULL || (!r->bad && len == 0);
    case CORE_OP_ATTR_LIST_BOOL:
        n = core_mdl_read32(r);
        return core_mdl_take(r, n) != NULL || (!r->bad && n == 0);
    case CORE_OP_ATTR_LIST_INT:
        n = core_mdl_read32(r);
        return core_mdl_take(r, (size_t)n * 8) != NULL || (!r->bad && n == 0);
    case CORE_OP_ATTR_LIST_FLOAT:
    case CORE_OP_ATTR_LIST_DTYPE:
        n = core_mdl_read32(r);
        return core_mdl_take(r, (size_t)n * 4) != NULL || (!r->bad && n == 0);
    case CORE_OP_ATTR_LIST_STRING:
        n = core_mdl_read32(r);
        for (uint32_t i = 0; i < n && !r->bad; i++)
            skip_str(r, &len);
        return !r->bad;
    case CORE_OP_ATTR_LIST_LIST_INT:
        n = core_mdl_read32(r);
        for (uint32_t i = 0; i < n && !r->bad; i++) {
            uint32_t m = core_mdl_read32(r);
            core_mdl_take(r, (size_t)m * 8);
        }
        return !r->bad;
    default:
        return false;
    }
}

/* The attribute part: well formed, names strictly increasing (as a set writes them). */
static bool check_attrs(struct core_mdl_reader *r, const char **why)
{
    uint32_t n = core_mdl_read32(r);
    const unsigned char *prev = NULL;
    uint32_t prev_len = 0;
    for (uint32_t i = 0; i < n && !r->bad; i++) {
        uint32_t len;
        const unsigned char *name = skip_str(r, &len);
        if (r->bad)
            break;
        if (prev) {
            int cmp = memcmp(prev, name, prev_len < len ? prev_len : len);
            if (cmp > 0 || (cmp == 0 && prev_len >= len)) {
                *why = "attribute names not in increasing order (or repeated)";
                return false;
            }
        }
        prev = name ? name : (const unsigned char *)"";
        prev_len = len;
        if (!skip_value(r, core_mdl_read32(r))) {
            *why = "an attribute of an unknown kind, or running past the end";
            return false;
        }
    }
    if (r->bad)
        *why = "the attributes run past the end";
    return !r->bad;
}

/* The model of a validated file's op section, for origin. */
static aclError decode(const struct core_mdl_section *s, const char *origin, struct op_model **out,
                       const char *fn)
{
    struct core_mdl_reader r = {s->data, (const unsigned char *)s->data + s->size, false};
    const char *why = NULL;
    struct op_model *m = core_calloc(1, sizeof(*m));
    if (!m)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    uint32_t version = core_mdl_read32(&r);
    m->type = get_str(&r);
    m->flag = (int32_t)core_mdl_read32(&r);
    uint32_t nin = core_mdl_read32(&r), nout = core_mdl_read32(&r);
    if (!r.bad && version != SECTION_VERSION)
        why = "a section version other than 1";
    else if (r.bad || !m->type || !*m->type)
        why = r.bad ? "it ends inside its header" : "an empty op type";
    else if (nin > s->size || nout > s->size || nin + nout == 0)
        why = "tensor counts larger than the section, or no tensor";
    if (!why && !(m->t = core_calloc(nin + nout, sizeof(*m->t))))
        why = "out of memory";
    for (uint32_t i = 0; !why && i < nin + nout; i++)
        m->t[i] = get_tensor(&r, i < nin, &why);
    m->nin = (int)nin;
    m->nout = (int)nout;
    const unsigned char *attrs = r.p;
    if (!why && check_attrs(&r, &why) && r.p != r.end)
        why = "trailing bytes after the attributes";
    if (!why) {
        m->nattrs_bytes = (size_t)(r.p - attrs);
        m->attrs = core_malloc(m->nattrs_bytes ? m->nattrs_bytes : 1);
        m->origin = core_malloc(strlen(origin) + 1);
        if (!m->attrs || !m->origin)
            why = "out of memory";
        else {
            memcpy(m->attrs, attrs, m->nattrs_bytes);
            strcpy(m->origin, origin);
        }
    }
    if (why) {
        model_free(m);
        if (!strcmp(why, "out of memory"))
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory reading %s", fn, origin);
        return core_err(ACL_ERROR_DESERIALIZE_MODEL, "%s: %s: section 72 (op) is malformed: %s", fn,
                        origin, why);
    }
    *out = m;
    return ACL_SUCCESS;
}

/* ---- matching --------------------------------------------------------------------- */

/* Whether call tensor d fits model tensor m; else *why (a static string). */
static bool tensor_fits(const aclTensorDesc *m, const aclTensorDesc *d, const char **why)
{
    if (m->dtype != d->dtype)
        return *why = "data type", false;
    if (m->dtype == ACL_DT_UNDEFINED)
        return true; /* an optional input not given, on both sides */
    if (m->format != d->format)
        return *why = "format", false;
    if (m->dims.n == 1 && m->dims.v[0] == CORE_TDESC_UNKNOWN_RANK)
        return true;
    if (m->dims.n != d->dims.n)
        return *why = "rank", false;
    bool ranged = m->shape_range.n == 2 * m->dims.n;
    for (size_t k = 0; k < m->dims.n; k++) {
        int64_t md = m->dims.v[k], dd = d->dims.v[k];
        if (md == dd)
            continue;
        if (md != CORE_TDESC_UNKNOWN_DIM || dd < 0)
            return *why = "shape", false;
        if (ranged) {
            int64_t lo = m->shape_range.v[2 * k], hi = m->shape_range.v[2 * k + 1];
            if (dd < lo || (hi >= 0 && dd > hi))
                return *why = "shape range", false;
        }
    }
    return true;
}

/* The call's attributes in the section's encoding (NULL when out of memory). */
static unsigned char *call_attrs(const aclopAttr *a, size_t *len)
{
    struct core_mdl_writer w = {0};
    put_attrs(&w, a);
    if (w.bad) {
        free(w.buf);
        return NULL;
    }
    *len = w.len;
    return w.buf;
}

/* Whether m is the model of instance (c, attrs); else *why. */
static bool model_fits(const struct op_model *m, const struct core_op_call *c,
                       const unsigned char *attrs, size_t alen, char *why, size_t cap)
{
    const char *what = NULL;
    if (m->nin != c->nin || m->nout != c->nout) {
        snprintf(why, cap, "%s has %d inputs and %d outputs", m->origin, m->nin, m->nout);
        return false;
    }
    for (int i = 0; i < c->nin + c->nout; i++) {
        bool in = i < c->nin;
        const aclTensorDesc *d = in ? c->in_desc[i] : c->out_desc[i - c->nin];
        if (!tensor_fits(m->t[i], d, &what)) {
            snprintf(why, cap, "%s: the %s of %s %d differs", m->origin, what,
                     in ? "input" : "output", in ? i : i - c->nin);
            return false;
        }
        const aclTensorDesc *mt = m->t[i];
        if (in && mt->const_data) {
            size_t len = 0;
            const void *v = core_op_input_value(c, i, &len);
            if (!v || len != mt->const_len || memcmp(v, mt->const_data, len)) {
                snprintf(why, cap, "%s: input %d is a const of another value", m->origin, i);
                return false;
            }
        }
    }
    if (alen != m->nattrs_bytes || memcmp(attrs, m->attrs, alen)) {
        snprintf(why, cap, "%s: the attributes differ", m->origin);
        return false;
    }
    return true;
}

/* Under the lock: whether a model of c's type is registered, and the one fitting c. */
static const struct op_model *find(const struct core_op_call *c, const unsigned char *attrs,
                                   size_t alen, size_t *of_type, char *why, size_t cap)
{
    *of_type = 0;
    for (const struct op_model *m = g_models; m; m = m->next) {
        if (strcmp(m->type, c->type))
            continue;
        char tmp[256];
        if (model_fits(m, c, attrs, alen, tmp, sizeof(tmp)))
            return m;
        if (!(*of_type)++)
            snprintf(why, cap, "%s", tmp);
    }
    return NULL;
}

aclError core_op_model_match(const struct core_op_call *c)
{
    if (__builtin_expect(atomic_load_explicit(&g_count, memory_order_acquire) == 0, 1))
        return ACL_SUCCESS;
    size_t alen = 0;
    unsigned char *attrs = call_attrs(c->attr, &alen);
    if (!attrs)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", c->fn);
    char why[256] = "";
    size_t of_type;
    pthread_rwlock_rdlock(&g_reg_lock);
    const struct op_model *m = find(c, attrs, alen, &of_type, why, sizeof(why));
    pthread_rwlock_unlock(&g_reg_lock);
    free(attrs);
    if (m || !of_type)
        return ACL_SUCCESS;
    return core_err(ACL_ERROR_OP_NOT_FOUND,
                    "%s: %s: no registered single-op model matches this instance (%zu of the "
                    "type registered; %s): the type, the inputs' and outputs' data types, formats "
                    "and shapes and the attributes must be a model's",
                    c->fn, c->type, of_type, why);
}

/* ---- registering ------------------------------------------------------------------ */

/* A list of models being added: pushed onto g_models together. */
struct batch {
    struct op_model *head, **tail;
    size_t n;
};

static void batch_drop(struct batch *b)
{
    while (b->head) {
        struct op_model *next = b->head->next;
        model_free(b->head);
        b->head = next;
    }
    b->n = 0;
}

static void batch_commit(struct batch *b)
{
    if (!b->n)
        return;
    pthread_rwlock_wrlock(&g_reg_lock);
    *b->tail = g_models;
    g_models = b->head;
    atomic_fetch_add_explicit(&g_count, b->n, memory_order_release);
    pthread_rwlock_unlock(&g_reg_lock);
    b->head = NULL;
    b->n = 0;
}

static void batch_add(struct batch *b, struct op_model *m)
{
    if (!b->head)
        b->tail = &m->next;
    m->next = b->head;
    b->head = m;
    b->n++;
}

/* The model of one image: *m NULL (success) when the image is skipped: not a cpuacl model
 * file (when skip_foreign), or one without an op section. */
static aclError image_model(const void *buf, size_t len, const char *origin, bool skip_foreign,
                            struct op_model **m, const char *fn)
{
    *m = NULL;
    if (skip_foreign && (len < 8 || memcmp(buf, CORE_MDL_MAGIC, 8)))
        return ACL_SUCCESS;
    struct core_mdl_file f;
    char what[80 + 4096];
    snprintf(what, sizeof(what), "%s: %s", fn, origin);
    aclError rc = core_mdl_file_parse(buf, len, &f, what);
    if (rc != ACL_SUCCESS)
        return rc;
    const struct core_mdl_section *s = core_mdl_file_section(&f, CORE_MDL_SEC_OP);
    if (!s) {
        if (skip_foreign)
            return ACL_SUCCESS;
        return core_err(ACL_ERROR_MODEL_MISSING_ATTR,
                        "%s: %s: a model file without an op section (72): not a single-operator "
                        "model (atc --singleop writes those); load network models with aclmdlLoad*",
                        fn, origin);
    }
    return decode(s, origin, m, fn);
}

static bool om_name(const char *name)
{
    size_t n = strlen(name);
    return n > 3 && !strcmp(name + n - 3, ".om");
}

static aclError scan(const char *dir, int depth, struct batch *b, const char *fn)
{
    struct dirent **ents = NULL;
    int n = scandir(dir, &ents, NULL, alphasort);
    if (n < 0)
        return core_err(ACL_ERROR_READ_MODEL_FAILURE, "%s: cannot list %s: %s", fn, dir,
                        strerror(errno));
    aclError rc = ACL_SUCCESS;
    for (int i = 0; i < n; i++) {
        const char *name = ents[i]->d_name;
        if (rc != ACL_SUCCESS || name[0] == '.')
            continue;
        size_t plen = strlen(dir) + strlen(name) + 2;
        char *path = core_malloc(plen);
        if (!path) {
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
            continue;
        }
        snprintf(path, plen, "%s/%s", dir, name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (depth < DIR_DEPTH)
                rc = scan(path, depth + 1, b, fn);
        } else if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && om_name(name)) {
            void *buf = NULL;
            size_t len = 0;
            struct op_model *m = NULL;
            rc = core_mdl_file_read(path, &buf, &len, fn);
            if (rc == ACL_SUCCESS)
                rc = image_model(buf, len, path, true, &m, fn);
            free(buf);
            if (m)
                batch_add(b, m);
        }
        free(path);
    }
    for (int i = 0; i < n; i++)
        free(ents[i]);
    free(ents);
    return rc;
}

aclError core_op_model_load_dir(const char *dir, size_t *count, const char *fn)
{
    struct batch b = {NULL, NULL, 0};
    aclError rc = scan(dir, 1, &b, fn);
    *count = rc == ACL_SUCCESS ? b.n : 0;
    if (rc == ACL_SUCCESS)
        batch_commit(&b);
    batch_drop(&b);
    return rc;
}

aclError core_op_model_load_mem(const void *buf, size_t len, const char *fn)
{
    struct op_model *m = NULL;
    aclError rc = image_model(buf, len, "the model in memory", false, &m, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    struct batch b = {NULL, NULL, 0};
    batch_add(&b, m);
    batch_commit(&b);
    return ACL_SUCCESS;
}

/* A model of instance c itself (a compiled one). */
static aclError model_of_call(const struct core_op_call *c, struct op_model **out)
{
    struct op_model *m = core_calloc(1, sizeof(*m));
    if (!m)
        return ACL_ERROR_BAD_ALLOC;
    m->nin = c->nin;
    m->nout = c->nout;
    size_t tlen = strlen(c->type) + 1;
    m->type = core_malloc(tlen);
    m->origin = core_malloc(sizeof("a compiled instance"));
    m->t = core_calloc((size_t)(c->nin + c->nout) + 1, sizeof(*m->t));
    m->attrs = call_attrs(c->attr, &m->nattrs_bytes);
    bool ok = m->type && m->origin && m->t && m->attrs;
    for (int i = 0; ok && i < c->nin + c->nout; i++)
        ok = (m->t[i] = core_tdesc_copy(i < c->nin ? c->in_desc[i] : c->out_desc[i - c->nin]));
    if (!ok) {
        model_free(m);
        return ACL_ERROR_BAD_ALLOC;
    }
    memcpy(m->type, c->type, tlen);
    strcpy(m->origin, "a compiled instance");
    *out = m;
    return ACL_SUCCESS;
}

aclError core_op_model_note_compiled(const struct core_op_call *c)
{
    if (atomic_load_explicit(&g_count, memory_order_acquire) == 0)
        return ACL_SUCCESS;
    size_t alen = 0;
    unsigned char *attrs = call_attrs(c->attr, &alen);
    if (!attrs)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", c->fn);
    char why[256];
    size_t of_type;
    pthread_rwlock_rdlock(&g_reg_lock);
    bool known = find(c, attrs, alen, &of_type, why, sizeof(why)) || !of_type;
    pthread_rwlock_unlock(&g_reg_lock);
    free(attrs);
    if (known)
        return ACL_SUCCESS; /* matched already, or a type without models: runs by its type */
    struct op_model *m;
    if (model_of_call(c, &m) != ACL_SUCCESS)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", c->fn);
    struct batch b = {NULL, NULL, 0};
    batch_add(&b, m);
    batch_commit(&b);
    return ACL_SUCCESS;
}

size_t core_op_model_count(void)
{
    return atomic_load_explicit(&g_count, memory_order_acquire);
}
