/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Offline models from GE graphs: GE's model-build API (ge/ge_ir_build.h over
 * cpuaclGeBuild*: build options, the graph serialised into a cpuacl model
 * file), and the provider of model graphs core/mdl.h asks to load and run
 * them (installed from a constructor).
 *
 * The graph section (docs/mdl.md, "The graph section"), little-endian:
 *   u32 magic "CAGR", u32 version (1), u32 node count, u32 SetInputs count,
 *   u32 output count, str graph name; per node: str type, str name, u32
 *   attribute count and the attributes (str name, u32 kind, the value by
 *   kind: i64 for INT/BOOL/TYPE, f64 for FLOAT, str for STR, u32 n + n i64
 *   for INTS, u32 n + n f32 for FLOATS, a desc + u64 offset + u64 size into
 *   the weights section for TENSOR), u32 dynamic-input count, u32 input
 *   count, per input i32 producer node (-1: none), i32 producer output, desc;
 *   u32 output-desc count (GRAPH_MAX_OUT, plus a dynamic output's entry count
 *   << 16 when the node declared one: SplitV's y), the descs; then SetInputs' nodes
 *   (i32 each) and the graph outputs (i32 node, i32 output each).
 *   str: u32 length + bytes (no NUL); desc: i32 dtype, i32 format, i32 ndim
 *   (-1: none, at most 8), ndim i64 dims.
 * The decoder reads through a bounds-checked cursor and refuses anything
 * else (a count larger than the bytes left, a reference out of range, an
 * input layout the operator's declaration does not have, trailing bytes)
 * with ACL_ERROR_DESERIALIZE_MODEL and what failed.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mdl.h"
#include "graph/aipp.h"
#include "graph/engine.h"

#define GM_MAGIC 0x52474143u /* "CAGR" */
#define GM_VERSION 1u
/* Version 2: the same layout, for a dynamic-shape model (a Data node feeds a value
 * input): the loader compiles it at execution, once a set of values (gm_dyn). */
#define GM_VERSION_DYN 2u
#define GM_ALIGN 64u

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the model file is little-endian");

/* ---- encoding ------------------------------------------------------------------ */

/* An output section: a memory stream (open_memstream); len and p are
 * valid after gm_close. */
struct gm_out {
    FILE *f;
    char *p;
    size_t len;
    bool bad;
};

static void put(struct gm_out *o, const void *v, size_t n)
{
    if (n && (!o->f || fwrite(v, 1, n, o->f) != n))
        o->bad = true;
}

/* Bytes written so far. */
static size_t gm_tell(struct gm_out *o)
{
    long at = o->f ? ftell(o->f) : -1;
    if (at < 0)
        o->bad = true;
    return at < 0 ? 0 : (size_t)at;
}

static bool gm_close(struct gm_out *o)
{
    if (o->f && fclose(o->f))
        o->bad = true;
    o->f = NULL;
    return !o->bad;
}

static void put_u32(struct gm_out *o, uint32_t v)
{
    put(o, &v, 4);
}

static void put_i64(struct gm_out *o, int64_t v)
{
    put(o, &v, 8);
}

static void put_str(struct gm_out *o, const char *s)
{
    s = s ? s : "";
    put_u32(o, (uint32_t)strlen(s));
    put(o, s, strlen(s));
}

static void put_desc(struct gm_out *o, const cpuaclGeTensor *t)
{
    int32_t h[3] = {t->dtype, t->format, t->ndim < 0 ? -1 : t->ndim};
    put(o, h, sizeof(h));
    for (int32_t i = 0; i < h[2]; i++)
        put_i64(o, t->dims[i]);
}

static void put_attr(struct gm_out *o, struct gm_out *w, const struct graph_attr *a)
{
    put_str(o, a->name);
    put_u32(o, (uint32_t)a->kind);
    switch (a->kind) {
    case CPUACL_GE_ATTR_FLOAT:
        put(o, &a->f, 8);
        break;
    case CPUACL_GE_ATTR_STR:
        put_str(o, a->s);
        break;
    case CPUACL_GE_ATTR_INTS:
        put_u32(o, (uint32_t)a->n);
        put(o, a->ints, a->n * sizeof(int64_t));
        break;
    case CPUACL_GE_ATTR_FLOATS:
        put_u32(o, (uint32_t)a->n);
        put(o, a->floats, a->n * sizeof(float));
        break;
    case CPUACL_GE_ATTR_TENSOR: {
        static const unsigned char zeros[GM_ALIGN];
        put(w, zeros, (GM_ALIGN - gm_tell(w) % GM_ALIGN) % GM_ALIGN);
        uint64_t at[2] = {gm_tell(w), a->t.data ? a->t.size : 0};
        put(w, a->t.data, at[1]);
        put_desc(o, &a->t);
        put(o, at, sizeof(at));
        break;
    }
    case CPUACL_GE_ATTR_STRS:
        put_u32(o, (uint32_t)a->n);
        for (size_t k = 0; k < a->n; k++)
            put_str(o, a->strs[k]);
        break;
    case CPUACL_GE_ATTR_INT_LISTS:
        put_u32(o, (uint32_t)a->n);
        for (size_t k = 0; k < a->n; k++) {
            put_u32(o, (uint32_t)a->lens[k]);
            put(o, a->rows[k], a->lens[k] * sizeof(int64_t));
        }
        break;
    case CPUACL_GE_ATTR_OPAQUE: /* the kind alone */
        break;
    default: /* INT, BOOL, TYPE */
        put_i64(o, a->i);
    }
}

/* The graph and weights sections of g (as built, before inference). */
static bool encode(const struct cpuaclGeGraph *g, struct gm_out *o, struct gm_out *w)
{
    uint32_t h[5] = {GM_MAGIC, GM_VERSION, g->nnodes, g->ninputs, g->noutputs};
    put(o, h, sizeof(h));
    put_str(o, g->name);
    for (uint32_t i = 0; i < g->nnodes; i++) {
        const struct graph_node *n = &g->nodes[i];
        put_str(o, n->type);
        put_str(o, n->name);
        put_u32(o, n->nattrs);
        for (uint32_t a = 0; a < n->nattrs; a++)
            put_attr(o, w, &n->attrs[a]);
        put_u32(o, n->ndyn);
        put_u32(o, n->nin);
        for (uint32_t k = 0; k < n->nin; k++) {
            put(o, &n->in[k], sizeof(int32_t) * 2);
            put_desc(o, &n->in_desc[k]);
        }
        put_u32(o, GRAPH_MAX_OUT | n->ndynout << 16);
        for (uint32_t k = 0; k < GRAPH_MAX_OUT; k++)
            put_desc(o, &n->out_desc[k]);
    }
    put(o, g->inputs, g->ninputs * sizeof(int32_t));
    put(o, g->outputs, g->noutputs * sizeof(struct graph_ref));
    bool ok = gm_close(o);
    return gm_close(w) && ok;
}

/* ---- decoding ------------------------------------------------------------------ */

struct gm_in {
    const unsigned char *p, *end;
    const unsigned char *w; /* weights */
    size_t wlen;
    const char *what; /* the first failure */
    bool borrow;      /* tensor attributes point into w (which outlives the graph) */
};

static bool take(struct gm_in *r, void *v, size_t n, const char *what)
{
    if (r->what)
        return false;
    if ((size_t)(r->end - r->p) < n) {
        r->what = what;
        return false;
    }
    if (n) /* v and r->p may be NULL for an empty read (memcpy's arguments must not be) */
        memcpy(v, r->p, n);
    r->p += n;
    return true;
}

static uint32_t get_u32(struct gm_in *r, const char *what)
{
    uint32_t v = 0;
    take(r, &v, 4, what);
    return v;
}

/* A count of items of `each` bytes: never more than the bytes left. */
static uint32_t get_count(struct gm_in *r, size_t each, const char *what)
{
    uint32_t n = get_u32(r, what);
    if (!r->what && (size_t)n > (size_t)(r->end - r->p) / each)
        r->what = what;
    return r->what ? 0 : n;
}

/* A string, NUL-terminated into a malloc'd copy (NULL on failure). */
static char *get_str(struct gm_in *r, const char *what)
{
    uint32_t n = get_count(r, 1, what);
    if (r->what)
        return NULL;
    if (memchr(r->p, 0, n)) {
        r->what = what;
        return NULL;
    }
    char *s = malloc((size_t)n + 1);
    if (!s) {
        r->what = "out of memory";
        return NULL;
    }
    memcpy(s, r->p, n);
    s[n] = 0;
    r->p += n;
    return s;
}

static void get_desc(struct gm_in *r, cpuaclGeTensor *t, const char *what)
{
    int32_t h[3] = {0, 0, -1};
    memset(t, 0, sizeof(*t));
    take(r, h, sizeof(h), what);
    if (!r->what && (h[2] < -1 || h[2] > CPUACL_GE_MAX_DIMS))
        r->what = what;
    if (r->what) {
        t->ndim = -1;
        return;
    }
    t->dtype = h[0];
    t->format = h[1];
    t->ndim = h[2];
    /* Dims are -1 (unknown) or sizes whose product stays below 2^40
     * elements, so no size computed from them overflows. */
    uint64_t numel = 1;
    for (int32_t i = 0; i < t->ndim && !r->what; i++) {
        take(r, &t->dims[i], 8, what);
        if (t->dims[i] < -1 || t->dims[i] > ((int64_t)1 << 40) ||
            (t->dims[i] > 0 && (numel *= (uint64_t)t->dims[i]) > ((uint64_t)1 << 40)))
            r->what = "a description's dims (below -1, or more than 2^40 elements)";
    }
}

static void get_attr(struct gm_in *r, cpuaclGeGraph *g, int32_t node)
{
    char *name = get_str(r, "an attribute name");
    cpuaclGeAttrValue v = {0};
    cpuaclGeTensor t;
    uint64_t at[2] = {0, 0}; /* TENSOR: offset and size in the weights */
    void *tmp = NULL;
    v.kind = (int32_t)get_u32(r, "an attribute kind");
    switch (r->what ? 0 : v.kind) {
    case 0:
        break;
    case CPUACL_GE_ATTR_INT:
    case CPUACL_GE_ATTR_BOOL:
    case CPUACL_GE_ATTR_TYPE:
        take(r, &v.i, 8, "an integer attribute");
        break;
    case CPUACL_GE_ATTR_FLOAT:
        take(r, &v.f, 8, "a float attribute");
        break;
    case CPUACL_GE_ATTR_STR:
        v.s = tmp = get_str(r, "a string attribute");
        break;
    case CPUACL_GE_ATTR_INTS:
    case CPUACL_GE_ATTR_FLOATS: {
        size_t each = v.kind == CPUACL_GE_ATTR_INTS ? 8 : 4;
        v.n = get_count(r, each, "a list attribute");
        if (!r->what && v.n && !(tmp = malloc(v.n * each)))
            r->what = "out of memory";
        take(r, tmp, v.n * each, "a list attribute");
        v.ints = tmp;
        v.floats = tmp;
        break;
    }
    case CPUACL_GE_ATTR_TENSOR: {
        get_desc(r, &t, "a tensor attribute");
        take(r, at, sizeof(at), "a tensor attribute");
        if (!r->what && (at[0] > r->wlen || at[1] > r->wlen - at[0]))
            r->what = "a tensor attribute's place in the weights section";
        t.data = r->what ? NULL : (void *)(r->w + at[0]);
        t.size = at[1];
        if (r->borrow) { /* no copy: the attribute is pointed at w below */
            t.data = NULL;
            t.size = 0;
        }
        v.tensor = &t;
        break;
    }
    case CPUACL_GE_ATTR_STRS:
    case CPUACL_GE_ATTR_INT_LISTS: {
        /* each item is at least its 4-byte count */
        v.n = get_count(r, 4, "a list attribute");
        char **strs = NULL;
        int64_t **rows = NULL;
        size_t *lens = NULL;
        if (!r->what && v.n &&
            !(v.kind == CPUACL_GE_ATTR_STRS
                  ? (strs = calloc(v.n, sizeof(*strs))) != NULL
                  : (rows = calloc(v.n, sizeof(*rows))) && (lens = calloc(v.n, sizeof(*lens)))))
            r->what = "out of memory";
        for (size_t k = 0; k < v.n && !r->what; k++) {
            if (strs) {
                strs[k] = get_str(r, "a string in a list attribute");
                continue;
            }
            lens[k] = get_count(r, 8, "a row of a list attribute");
            if (!r->what && !(rows[k] = malloc((lens[k] ? lens[k] : 1) * sizeof(int64_t))))
                r->what = "out of memory";
            take(r, rows[k], lens[k] * sizeof(int64_t), "a row of a list attribute");
        }
        v.strs = (const char *const *)strs;
        v.rows = (const int64_t *const *)rows;
        v.lens = lens;
        if (!r->what && cpuaclGeGraphSetAttr(g, node, name, &v) != GE_OK)
            r->what = "an attribute";
        for (size_t k = 0; k < v.n; k++) {
            free(strs ? strs[k] : NULL);
            free(rows ? rows[k] : NULL);
        }
        free(strs);
        free(rows);
        free(lens);
        free(name);
        return;
    }
    case CPUACL_GE_ATTR_OPAQUE:
        break;
    default:
        r->what = "an attribute kind";
    }
    if (!r->what && cpuaclGeGraphSetAttr(g, node, name, &v) != GE_OK)
        r->what = "an attribute";
    if (!r->what && r->borrow && v.kind == CPUACL_GE_ATTR_TENSOR) {
        struct graph_attr *a = (struct graph_attr *)graph_attr_get(&g->nodes[node], name);
        a->t.data = at[1] ? (void *)(r->w + at[0]) : NULL;
        a->t.size = at[1];
        a->borrowed = true;
    }
    free(tmp);
    free(name);
}

/* An edge to one of the section's nnodes nodes (-1: none, when none_ok). */
static void get_ref(struct gm_in *r, uint32_t nnodes, struct graph_ref *ref, bool none_ok)
{
    take(r, ref, sizeof(*ref), "an edge");
    if (!r->what && !(ref->node == -1 && none_ok) &&
        (ref->node < 0 || (uint32_t)ref->node >= nnodes || ref->out < 0 ||
         ref->out >= GRAPH_MAX_OUT))
        r->what = "an edge's node or output";
}

static void get_node(struct gm_in *r, cpuaclGeGraph *g, uint32_t total)
{
    char *type = get_str(r, "a node type"), *name = get_str(r, "a node name");
    int32_t id = r->what ? -1 : cpuaclGeGraphAddNode(g, type, name);
    free(type);
    free(name);
    if (id < 0) {
        r->what = r->what ? r->what : "out of memory";
        return;
    }
    uint32_t na = get_count(r, 8, "the attribute count");
    for (uint32_t a = 0; a < na && !r->what; a++)
        get_attr(r, g, id);
    struct graph_node *n = &g->nodes[id];
    uint32_t ndyn = get_u32(r, "the dynamic input count");
    uint32_t nin = get_count(r, 20, "the input count");
    if (!r->what && !graph_node_layout(n, nin, ndyn))
        r->what = "an input layout the operator's declaration does not have";
    for (uint32_t k = 0; k < nin && !r->what; k++) {
        get_ref(r, total, &n->in[k], true);
        get_desc(r, &n->in_desc[k], "an input description");
    }
    /* the high half: the dynamic output's entries (0: none declared) */
    uint32_t outs = get_u32(r, "the output description count");
    if ((outs & 0xFFFF) != GRAPH_MAX_OUT && !r->what)
        r->what = "the output description count";
    if (!r->what && !graph_node_outputs(n, outs >> 16))
        r->what = "a dynamic output count the operator's declaration does not have";
    for (uint32_t k = 0; k < GRAPH_MAX_OUT && !r->what; k++)
        get_desc(r, &n->out_desc[k], "an output description");
}

/* The graph of a graph section, or NULL with *what set. borrow: its tensor
 * attributes point into w (kept by the caller for the graph's life). */
static cpuaclGeGraph *decode(const void *buf, size_t len, const void *w, size_t wlen, bool borrow,
                             const char **what)
{
    struct gm_in r = {buf, (const unsigned char *)buf + len, w, wlen, NULL, borrow};
    uint32_t h[5] = {0};
    take(&r, h, sizeof(h), "the section header");
    if (!r.what && h[0] != GM_MAGIC)
        r.what = "the section magic";
    if (!r.what && h[1] != GM_VERSION && h[1] != GM_VERSION_DYN)
        r.what = "the section version (a newer writer?)";
    char *name = get_str(&r, "the graph name");
    cpuaclGeGraph *g = r.what ? NULL : cpuaclGeGraphCreate(name);
    free(name);
    if (!g) {
        *what = r.what ? r.what : "out of memory";
        return NULL;
    }
    /* Each node takes at least 36 bytes: a count beyond that is corrupt. */
    if (h[2] > len / 36)
        r.what = "the node count";
    else if (h[2] && !(g->nodes = calloc(h[2], sizeof(*g->nodes))))
        r.what = "out of memory";
    g->cnodes = r.what ? 0 : h[2];
    /* References may point forward: they are checked against the count. */
    for (uint32_t i = 0; i < h[2] && !r.what; i++)
        get_node(&r, g, h[2]);
    int32_t *in = NULL;
    struct graph_ref *out = NULL;
    uint32_t nin = h[3], nout = h[4];
    if (!r.what && nin > (size_t)(r.end - r.p) / sizeof(*in))
        r.what = "the graph inputs";
    if (!r.what && nin && !(in = malloc(nin * sizeof(*in))))
        r.what = "out of memory";
    take(&r, in, nin * sizeof(*in), "the graph inputs");
    if (!r.what && nout > (size_t)(r.end - r.p) / sizeof(*out))
        r.what = "the graph outputs";
    if (!r.what && nout && !(out = malloc(nout * sizeof(*out))))
        r.what = "out of memory";
    for (uint32_t k = 0; k < nout && !r.what; k++)
        get_ref(&r, h[2], &out[k], false);
    if (!r.what && r.p != r.end)
        r.what = "trailing bytes after the graph";
    if (!r.what && cpuaclGeGraphSetInputs(g, in, nin) != GE_OK)
        r.what = "a graph input's node";
    if (!r.what) {
        g->outputs = out;
        g->noutputs = nout;
        out = NULL;
    }
    free(in);
    free(out);
    if (r.what) {
        graph_free(g);
        *what = r.what;
        return NULL;
    }
    return g;
}

/* ---- build options ------------------------------------------------------------- */

/* The keys aclgrphBuildModel takes (GE's ir_option set for it, those whose
 * strings are public); any other key is GRAPH_PARAM_INVALID, as in GE. */
static const char *const g_build_keys[] = {
    "input_format", "input_shape", "op_name_map", "ge.dynamicBatchSize", "ge.dynamicImageSize",
    "ge.dynamicDims", "ge.insertOpFile", "ge.exec.op_precision_mode", "ge.exec.allow_hf32",
    "ge.exec.precision_mode", "ge.exec.precision_mode_v2", "ge.exec.disableReuseMemory",
    "ge.autoTuneMode", "ge.outputDatatype", "ge.outputNodeName", "ge.INPUT_NODES_SET_FP16", "log",
    "ge.opDebugLevel", "op_debug_option", "ge.performance_mode", "ge.shape_generalized_build_mode",
    "ge.exec.modify_mixlist", "ge.customizeDtypes", "op_debug_config", "ge.externalWeight",
    "ge.distributed_cluster_build", "ge.offline_model_relation", "ge.enableGraphParallel",
    "ac_parallel_enable", "ge.graphParallelOptionPath", "ge.quant_dumpable",
    "ge.tiling_schedule_optimize", "ge.graphMaxParallelModelNum",
    /* GE's lx-fusion set, also accepted */
    "ge.buildMode", "ge.buildStep", "ge.tuningPath", NULL};

/* Option values and what they stand for, ended by a NULL name. */
struct gm_named {
    const char *name;
    int32_t v;
};

/* input_format: a ge::Format. */
static const struct gm_named g_formats[] = {{"NCHW", 0},   {"NHWC", 1},   {"ND", 2},
                                            {"NCDHW", 30}, {"NDHWC", 27}, {NULL, 0}};
/* output_type: a ge::DataType. */
static const struct gm_named g_out_types[] = {
    {"FP32", 0}, {"FP16", 1}, {"INT8", 2}, {"UINT8", 4}, {NULL, 0}};

/* The entry of t named v; GE_GRAPH_PARAM_INVALID naming option and the
 * accepted values when none is. */
static uint32_t lookup(const struct gm_named *t, const char *option, const char *v, int32_t *out)
{
    char names[64] = "";
    for (; t->name; t++) {
        if (!strcmp(t->name, v)) {
            *out = t->v;
            return GE_OK;
        }
        strncat(names, " ", sizeof(names) - strlen(names) - 1);
        strncat(names, t->name, sizeof(names) - strlen(names) - 1);
    }
    return graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphBuildModel: %s %s is not one of%s", option, v,
                     names);
}

static struct graph_node *data_named(struct cpuaclGeGraph *g, const char *name, size_t len)
{
    for (uint32_t i = 0; i < g->nnodes; i++)
        if (g->nodes[i].kind == GRAPH_DATA && strlen(g->nodes[i].name) == len &&
            !strncmp(g->nodes[i].name, name, len))
            return &g->nodes[i];
    return NULL;
}

/* The description a Data node's inference reads (graph_infer). */
static cpuaclGeTensor *data_desc(struct graph_node *n)
{
    return n->in_desc[0].ndim >= 0 ? &n->in_desc[0] : &n->out_desc[0];
}

/* input_shape: "name:d,d,...;name2:..." (a scalar is "name:"); each named
 * Data node takes the shape. -1 marks a gear dim (allowed with a gear
 * option: geared); ranges are not built by cpuacl. */
static uint32_t apply_shapes(struct cpuaclGeGraph *g, const char *v, bool geared)
{
    const char *p = v;
    while (*p) {
        const char *end = strchr(p, ';'), *stop = end ? end : p + strlen(p);
        const char *colon = NULL;
        for (const char *q = p; q < stop; q++)
            if (*q == ':')
                colon = q;
        struct graph_node *n = colon ? data_named(g, p, (size_t)(colon - p)) : NULL;
        if (!n)
            return graph_err(GE_GRAPH_PARAM_INVALID,
                             "aclgrphBuildModel: input_shape \"%s\": \"%.*s\" does not name a "
                             "Data node (name:dim,dim,...)",
                             v, (int)(stop - p), p);
        cpuaclGeTensor *d = data_desc(n);
        int32_t nd = 0;
        for (const char *q = colon + 1; q < stop;) {
            char *e;
            long long dim = strtoll(q, &e, 10);
            if (e == q || (e < stop && *e != ',') || dim < (geared ? -1 : 0) ||
                nd == CPUACL_GE_MAX_DIMS)
                return graph_err(GE_GRAPH_PARAM_INVALID,
                                 "aclgrphBuildModel: input_shape of %s: \"%.*s\" is not a list "
                                 "of at most %d dims >= 0 (-1 marks a gear dim and needs "
                                 "ge.dynamicBatchSize, ge.dynamicImageSize or ge.dynamicDims; "
                                 "ranges are not built by cpuacl)",
                                 n->name, (int)(stop - colon - 1), colon + 1, CPUACL_GE_MAX_DIMS);
            d->dims[nd++] = dim;
            q = e < stop ? e + 1 : e;
        }
        d->ndim = nd;
        p = end ? end + 1 : stop;
    }
    return GE_OK;
}

/* ---- dynamic gears: the build options --------------------------------------------- */

/* The gears the build options ask for (kind 0: none). */
struct gm_gears {
    int kind; /* 1 batch (ge.dynamicBatchSize), 2 H*W (ge.dynamicImageSize), 3 dims */
    const char *key;
    size_t count, width;
    uint64_t *v; /* count x width */
};

/* ge.dynamicBatchSize "1,2,4", ge.dynamicImageSize "h,w;h,w", ge.dynamicDims
 * "d,d;d,d" (an empty value: not set): 2 to 100 gears of positive values,
 * all of one length, none twice; one of the three options only. */
static uint32_t gm_gear_option(struct gm_gears *gs, const char *k, const char *v)
{
    static const char *const keys[3] = {"ge.dynamicBatchSize", "ge.dynamicImageSize",
                                        "ge.dynamicDims"};
    int kind = 0;
    for (int i = 0; i < 3; i++)
        if (!strcmp(k, keys[i]))
            kind = i + 1;
    if (!kind || !*v)
        return GE_OK;
    if (gs->kind)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "aclgrphBuildModel: %s and %s exclude each other (one kind of gears)",
                         gs->key, k);
    gs->kind = kind;
    gs->key = k;
    size_t cap = strlen(v) + 1; /* values never outnumber the characters */
    gs->v = malloc(cap * sizeof(uint64_t));
    if (!gs->v)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    char gsep = kind == 1 ? 0 : ';'; /* batch: one value a gear, ',' between them */
    size_t n = 0, in_gear = 0;
    for (const char *p = v;;) {
        char *e;
        errno = 0;
        unsigned long long x = strtoull(p, &e, 10);
        if (e == p || *p == '-' || *p == '+' || x == 0 || errno || x > INT32_MAX ||
            (*e && *e != ',' && *e != gsep))
            return graph_err(GE_GRAPH_PARAM_INVALID,
                             "aclgrphBuildModel: %s \"%s\": \"%.20s\" is not a positive integer "
                             "(%s)",
                             k, v, p,
                             kind == 1   ? "gears like \"1,2,4\""
                             : kind == 2 ? "gears like \"224,224;448,448\" (height,width)"
                                         : "gears like \"1,2;3,4\"");
        gs->v[n++] = x;
        in_gear++;
        bool end_gear = kind == 1 || *e != ',';
        if (end_gear) {
            if (!gs->width)
                gs->width = in_gear;
            if (in_gear != gs->width || (kind == 2 && in_gear != 2))
                return graph_err(GE_GRAPH_PARAM_INVALID,
                                 "aclgrphBuildModel: %s \"%s\": gear %zu has %zu values, %s", k, v,
                                 gs->count, in_gear,
                                 kind == 2 ? "a H*W gear has 2 (height,width)"
                                           : "the gears differ in length");
            for (size_t g = 0; g < gs->count; g++)
                if (!memcmp(gs->v + g * gs->width, gs->v + n - in_gear,
                            gs->width * sizeof(uint64_t)))
                    return graph_err(GE_GRAPH_PARAM_INVALID,
                                     "aclgrphBuildModel: %s \"%s\": gear %zu repeats gear %zu", k,
                                     v, gs->count, g);
            gs->count++;
            in_gear = 0;
        }
        if (!*e)
            break;
        p = e + 1;
    }
    if (gs->count < 2 || gs->count > 100)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "aclgrphBuildModel: %s \"%s\" gives %zu gears; give 2 to 100", k, v,
                         gs->count);
    return GE_OK;
}

/* ge.dynamicDims needs input_format ND (as GE). */
static uint32_t gm_gear_format(const struct gm_gears *gs, const char *const *k,
                               const char *const *v, size_t n)
{
    if (gs->kind != 3)
        return GE_OK;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(k[i], "input_format") && !strcmp(v[i], "ND"))
            return GE_OK;
    return graph_err(GE_GRAPH_PARAM_INVALID,
                     "aclgrphBuildModel: ge.dynamicDims needs the option input_format ND");
}

static uint32_t check_build(struct cpuaclGeGraph *g, const char *const *k, const char *const *v,
                            size_t n, int32_t *out_type, struct gm_gears *gears, void **aipp,
                            size_t *aipp_len)
{
    *out_type = -1;
    for (size_t i = 0; i < n; i++) {
        if (!k[i] || !v[i])
            return graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphBuildModel: an option is NULL");
        bool known = false;
        for (const char *const *s = g_build_keys; *s && !known; s++)
            known = !strcmp(*s, k[i]);
        if (!known)
            return graph_err(GE_GRAPH_PARAM_INVALID,
                             "aclgrphBuildModel: option %s is not a build option "
                             "(ge::ir_option keys of aclgrphBuildModel)",
                             k[i]);
        int32_t f;
        uint32_t rc = gm_gear_option(gears, k[i], v[i]);
        if (!strcmp(k[i], "input_format") && !(rc = lookup(g_formats, "input_format", v[i], &f)))
            for (uint32_t d = 0; d < g->nnodes; d++)
                if (g->nodes[d].kind == GRAPH_DATA)
                    data_desc(&g->nodes[d])->format = f;
        if (!rc && !strcmp(k[i], "ge.outputDatatype"))
            rc = lookup(g_out_types, "output_type", v[i], out_type);
        if (rc)
            return rc;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t rc = !strcmp(k[i], "input_shape") ? apply_shapes(g, v[i], gears->kind) : GE_OK;
        if (rc)
            return rc;
    }
    uint32_t frc = gm_gear_format(gears, k, v, n);
    if (frc)
        return frc;
    for (size_t i = 0; i < n; i++) /* AIPP after the shapes: it reads the inputs' */
        if (!strcmp(k[i], "ge.insertOpFile") && *v[i] && !*aipp) {
            /* CANN: AIPP and dynamic dims exclude each other */
            if (gears->kind == 3)
                return graph_err(GE_GRAPH_PARAM_INVALID,
                                 "aclgrphBuildModel: ge.insertOpFile with %s: AIPP and dynamic "
                                 "dims exclude each other",
                                 gears->key);
            struct graph_aipp_gears ag = {gears->kind, gears->count, gears->v};
            uint32_t rc = graph_aipp_insert(g, v[i], &ag, aipp, aipp_len);
            if (rc)
                return rc;
        }
    return GE_OK;
}

/* ---- aclgrphBuildModel / aclgrphSaveModel ---------------------------------------- */

static struct {
    pthread_mutex_t lock;
    bool init;
} g_build = {PTHREAD_MUTEX_INITIALIZER, false};

uint32_t cpuaclGeBuildInitialize(const char *const *keys, const char *const *values, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!keys || !values || !keys[i] || !values[i])
            return graph_err(GE_FAILED, "aclgrphBuildInitialize: an option is NULL");
    pthread_mutex_lock(&g_build.lock);
    g_build.init = true; /* again: GE warns and succeeds */
    pthread_mutex_unlock(&g_build.lock);
    return GE_OK;
}

void cpuaclGeBuildFinalize(void)
{
    pthread_mutex_lock(&g_build.lock);
    g_build.init = false;
    pthread_mutex_unlock(&g_build.lock);
}

static uint32_t acl_to_ge(aclError e)
{
    return e == ACL_ERROR_BAD_ALLOC ? GE_GRAPH_MALLOC_FAILED : GE_FAILED;
}

/* An output's description when its dims are data-dependent: -1 for a bound dim, its range
 * [0, bound] (GE describes such an output with -1 dims and a shape range). */
struct gm_bound {
    int64_t dims[CPUACL_GE_MAX_DIMS];
    int64_t ranges[CPUACL_GE_MAX_DIMS][2];
};

/* io[k] of the built graph g (inputs, then outputs); names point into g or
 * into names (out_names[k]); with bd (one a output), an output with data-dependent dims
 * is described by bd[k]: its bound dims -1, the bounds as their ranges' maxima, its size
 * the bound's (aclmdlGetOutputSizeByIndex: GE's rule for a range, the product of the
 * maxima). */
static void describe(struct cpuaclGeGraph *g, struct core_mdl_io *io, char (*out_names)[160],
                     struct gm_bound *bd)
{
    for (uint32_t k = 0; k < g->ninputs + g->noutputs; k++) {
        bool out = k >= g->ninputs;
        struct graph_ref r =
            out ? g->outputs[k - g->ninputs] : (struct graph_ref){g->data_of[k], 0};
        const struct graph_node *n = &g->nodes[r.node];
        const struct graph_val *v = &n->out[r.out];
        io[k].name = n->name;
        if (out) {
            snprintf(out_names[k - g->ninputs], 160, "%s:%d", n->name, r.out);
            io[k].name = out_names[k - g->ninputs];
        }
        io[k].dtype = (aclDataType)v->dtype;
        io[k].format = out ? ACL_FORMAT_ND : (aclFormat)v->format;
        io[k].ndims = (size_t)v->nd;
        io[k].dims = v->dims;
        io[k].size = (size_t)graph_val_bytes(v);
        if (out && bd && v->bound) {
            struct gm_bound *b = &bd[k - g->ninputs];
            for (int32_t d = 0; d < v->nd; d++) {
                bool dd = v->bound & (1u << d);
                b->dims[d] = dd ? -1 : v->dims[d];
                b->ranges[d][0] = dd ? 0 : v->dims[d];
                b->ranges[d][1] = v->dims[d];
            }
            io[k].dims = b->dims;
            io[k].ranges = (const int64_t(*)[2])b->ranges;
        }
    }
}

/* output_type (out_type >= 0): every output of the compiled graph g is of that type. */
static uint32_t check_out_type(const struct cpuaclGeGraph *g, int32_t out_type)
{
    for (uint32_t k = 0; out_type >= 0 && k < g->noutputs; k++) {
        const struct graph_ref *r = &g->outputs[k];
        if (g->nodes[r->node].out[r->out].dtype != out_type)
            return graph_err(GE_GRAPH_PARAM_INVALID,
                             "aclgrphBuildModel: output_type: output %u (%s) is of another type; "
                             "cpuacl does not convert outputs",
                             k, g->nodes[r->node].name);
    }
    return GE_OK;
}

/* ---- dynamic gears: one compiled plan a gear ---------------------------------------- */

/* The Aipp nodes of g whose output (the model input AIPP writes, 4-d NCHW
 * or NHWC) has an unknown H or W: the H*W gears set them (dynamic AIPP's
 * image input is a byte buffer, so no input dim carries them). With hw
 * (the gear's height and width), they take it; the count either way. */
static size_t aipp_hw_outputs(struct cpuaclGeGraph *g, const uint64_t *hw)
{
    size_t n = 0;
    for (uint32_t i = 0; i < g->nnodes; i++) {
        cpuaclGeTensor *o = &g->nodes[i].out_desc[0];
        if (strcmp(g->nodes[i].type, "Aipp") || o->ndim != 4 || (o->format != 0 && o->format != 1))
            continue;
        int hpos = o->format == 1 ? 1 : 2; /* NHWC: N H W C; NCHW: N C H W */
        if (o->dims[hpos] >= 0 && o->dims[hpos + 1] >= 0)
            continue;
        n++;
        for (int k = 0; hw && k < 2; k++)
            if (o->dims[hpos + k] < 0)
                o->dims[hpos + k] = (int64_t)hw[k];
    }
    return n;
}

/* The graph section [graph, +glen) with its weights (borrowed: see decode),
 * decoded and compiled with its nin inputs fixed to dims (ndims[i] each, concatenated; dtype and
 * format per input) and, for a H*W gear, hw its height and width (NULL
 * otherwise): *out, or the GE status with its message recorded
 * (*malformed: the section does not decode). */
static uint32_t gm_compile_at(const void *graph, size_t glen, const void *w, size_t wlen,
                              bool borrow, size_t nin, const int32_t *dtype, const int32_t *format,
                              const size_t *ndims, const int64_t *dims, const uint64_t *hw,
                              bool *malformed, struct cpuaclGeGraph **out)
{
    const char *what = NULL;
    *malformed = false;
    struct cpuaclGeGraph *g = decode(graph, glen, w, wlen, borrow, &what);
    if (!g) {
        *malformed = strcmp(what, "out of memory") != 0;
        return graph_err(*malformed ? GE_FAILED : GE_GRAPH_MALLOC_FAILED,
                         "the graph section is malformed: %s", what);
    }
    if (hw)
        aipp_hw_outputs(g, hw);
    cpuaclGeTensor *t = calloc(nin + 1, sizeof(*t));
    uint32_t rc = t ? GE_OK : graph_err(GE_GRAPH_MALLOC_FAILED, "out of memory");
    size_t at = 0;
    for (size_t i = 0; rc == GE_OK && i < nin; i++) {
        if (ndims[i] > CPUACL_GE_MAX_DIMS) {
            rc = graph_err(GE_GRAPH_PARAM_INVALID, "input %zu has %zu dims, at most %d", i,
                           ndims[i], CPUACL_GE_MAX_DIMS);
            break;
        }
        t[i].dtype = dtype[i];
        t[i].format = format[i];
        t[i].ndim = (int32_t)ndims[i];
        memcpy(t[i].dims, dims + at, ndims[i] * sizeof(int64_t));
        at += ndims[i];
    }
    if (rc == GE_OK)
        rc = graph_infer(g, t, nin);
    if (rc == GE_OK)
        rc = graph_compile(g);
    free(t);
    if (rc != GE_OK) {
        graph_free(g);
        return rc;
    }
    *out = g;
    return GE_OK;
}

static uint64_t input_bytes(const struct cpuaclGeGraph *g, size_t k)
{
    const struct graph_val *v = &g->nodes[g->data_of[k]].out[0];
    return (uint64_t)graph_val_bytes(v);
}

/* aclgrphBuildModel with gears: g as built (encoded in o and w, its Data
 * nodes' dims -1 where a gear sets them) compiled once a gear; the model
 * file has the inputs with their -1 dims and the bytes of the largest gear,
 * the gear input ACL_DYNAMIC_TENSOR_NAME (int32 [width]) after them, the
 * outputs at the largest gear, and the gears section. */
static uint32_t gm_build_gears(struct cpuaclGeGraph *g, const struct gm_gears *gs,
                               const struct gm_out *o, const struct gm_out *w, int32_t out_type,
                               const void *aipp, size_t aipp_len, void **data, uint64_t *length)
{
    /* graph_infer orders the Data nodes (data_of) before it meets their -1 dims */
    uint32_t rc = graph_infer(g, NULL, 0);
    if (!g->data_of)
        return rc != GE_OK ? rc : graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphBuildModel: no inputs");
    rc = GE_OK;
    size_t nin = g->ninputs, nout = g->noutputs, tot = 0;
    for (size_t k = 0; k < nin; k++) {
        const struct graph_node *n = &g->nodes[g->data_of[k]];
        const cpuaclGeTensor *d = n->in_desc[0].ndim >= 0 ? &n->in_desc[0] : &n->out_desc[0];
        if (d->ndim < 0)
            return graph_err(GE_GRAPH_PARAM_INVALID,
                             "aclgrphBuildModel: Data node %s has no shape (input_shape)", n->name);
        tot += (size_t)d->ndim;
    }
    bool *rows = NULL;
    size_t *ndims = calloc(nin + 1, sizeof(size_t));
    int32_t *dt = calloc(2 * nin + 1, sizeof(int32_t));
    int64_t *dims = calloc(2 * tot + 1, sizeof(int64_t)), *gd = dims + tot;
    uint64_t *in_max = calloc(nin + nout + 1, sizeof(uint64_t)), *out_max = in_max + nin;
    struct core_mdl_io *io = calloc(2 * (nin + nout) + 2, sizeof(*io)), *tmp = io + nin + nout + 1;
    char(*names)[160] = calloc(nout + 1, sizeof(*names));
    if (!ndims || !dt || !dims || !in_max || !io || !names) {
        rc = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
        goto out;
    }
    for (size_t k = 0, at = 0; k < nin; k++) {
        const struct graph_node *n = &g->nodes[g->data_of[k]];
        const cpuaclGeTensor *d = n->in_desc[0].ndim >= 0 ? &n->in_desc[0] : &n->out_desc[0];
        ndims[k] = (size_t)d->ndim;
        dt[k] = d->dtype;
        dt[nin + k] = d->format;
        memcpy(dims + at, d->dims, ndims[k] * sizeof(int64_t));
        at += ndims[k];
    }
    rows = calloc(nin + 1, sizeof(bool));
    if (!rows || core_mdl_aipp_gear_rows(aipp, aipp_len, nin, rows, "aclgrphBuildModel")) {
        rc = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: %s", aclGetRecentErrMsg());
        goto out;
    }
    struct core_mdl_gear_table t = {gs->kind, gs->count, gs->width, gs->v, rows};
    const char *why =
        core_mdl_gear_check(&t, nin, ndims, dims, gs->kind == 2 ? aipp_hw_outputs(g, NULL) : 0);
    if (why) {
        rc = graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphBuildModel: %s: %s", gs->key, why);
        goto out;
    }
    size_t big = core_mdl_gear_largest(&t);
    struct cpuaclGeGraph *keep = NULL;
    uint64_t work = 0;
    for (size_t k = 0; k < gs->count && rc == GE_OK; k++) {
        core_mdl_gear_fill(&t, k, nin, ndims, dims, gd);
        struct cpuaclGeGraph *gg = NULL;
        bool bad;
        rc = gm_compile_at(o->p, o->len, w->p, w->len, false, nin, dt, dt + nin, ndims, gd,
                           gs->kind == 2 ? gs->v + 2 * k : NULL, &bad, &gg);
        if (rc != GE_OK) {
            rc = graph_err(rc, "aclgrphBuildModel: %s gear %zu does not compile: %s", gs->key, k,
                           aclGetRecentErrMsg());
            break;
        }
        for (uint32_t i = 0; i < nout && rc == GE_OK; i++)
            if (gg->nodes[gg->outputs[i].node].out[gg->outputs[i].out].bound)
                rc = graph_err(GE_GRAPH_PARAM_INVALID,
                               "aclgrphBuildModel: %s: output %u (%s) has data-dependent dims, "
                               "which a model with gears does not support",
                               gs->key, i, gg->nodes[gg->outputs[i].node].name);
        if (rc != GE_OK) {
            graph_free(gg);
            break;
        }
        for (size_t i = 0; i < nin; i++)
            in_max[i] = input_bytes(gg, i) > in_max[i] ? input_bytes(gg, i) : in_max[i];
        for (uint32_t i = 0; i < nout; i++)
            out_max[i] = graph_out_bytes(gg, i) > out_max[i] ? graph_out_bytes(gg, i) : out_max[i];
        cpuaclGeGraphStats st;
        graph_stats(gg, &st);
        work += st.arena_bytes; /* each gear's plan has its own intermediate buffers */
        if (k == big)
            keep = gg;
        else
            graph_free(gg);
    }
    if (rc == GE_OK)
        rc = check_out_type(keep, out_type);
    if (rc == GE_OK) {
        describe(keep, tmp, names, NULL);
        for (size_t k = 0, at = 0; k < nin; k++) {
            io[k] = tmp[k];
            io[k].dims = dims + at;
            io[k].size = (size_t)in_max[k];
            at += ndims[k];
        }
        int64_t width = (int64_t)gs->width;
        io[nin] =
            (struct core_mdl_io){ACL_DYNAMIC_TENSOR_NAME,     ACL_INT32, ACL_FORMAT_ND, 1, &width,
                                 gs->width * sizeof(int32_t), NULL};
        for (size_t k = 0; k < nout; k++) {
            io[nin + 1 + k] = tmp[nin + k];
            io[nin + 1 + k].size = (size_t)out_max[k];
        }
        size_t len = 0;
        aclError e = core_mdl_model_write_gears(io, nin + 1, nout, &t, o->p, o->len, w->p, w->len,
                                                work, data, &len, "aclgrphBuildModel");
        if (e == ACL_SUCCESS && aipp)
            e = core_mdl_model_add_aipp(data, &len, aipp, aipp_len, "aclgrphBuildModel");
        if (e != ACL_SUCCESS)
            rc = acl_to_ge(e);
        else
            *length = len;
    }
    graph_free(keep);
out:
    free(rows);
    free(ndims);
    free(dt);
    free(dims);
    free(in_max);
    free(io);
    free(names);
    return rc;
}

/* ---- dynamic-shape models: one compiled plan a set of run-time values ------------- */

/* aclgrphBuildModel of a graph some of whose Data nodes feed value inputs (a
 * Reshape's shape, a ReduceSum's axes ...): the shapes after them are known only
 * once those inputs' values are, at execution. The graph section is written as
 * version 2 (the loader compiles it at execution, gm_dyn); the io section has the
 * inputs with their fixed dims and each output that waits for the values with dims
 * [-2] (GE's unknown rank) and size 0, its type the output's update_output_desc type
 * (atc sets it); the other outputs as inferred. The build infers every node that
 * does not wait for the values (g->partial): its errors are the build's; a node
 * that does not compile for the values given fails that execution. */
static uint32_t gm_build_dyn(struct cpuaclGeGraph *g, struct gm_out *o, const struct gm_out *w,
                             void **data, uint64_t *length)
{
    g->partial = true; /* what does not wait for the values is checked now */
    uint32_t rc = graph_infer(g, NULL, 0);
    if (rc != GE_OK)
        return rc;
    size_t nin = g->ninputs, nout = g->noutputs;
    struct core_mdl_io *io = calloc(nin + nout + 1, sizeof(*io));
    char(*names)[160] = calloc(nout + 1, sizeof(*names));
    static const int64_t unknown_rank = -2;
    rc =
        io && names ? GE_OK : graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    for (size_t k = 0; rc == GE_OK && k < nin; k++) {
        const struct graph_node *n = g->data_of[k] >= 0 ? &g->nodes[g->data_of[k]] : NULL;
        const cpuaclGeTensor *d = !n                        ? NULL
                                  : n->in_desc[0].ndim >= 0 ? &n->in_desc[0]
                                                            : &n->out_desc[0];
        struct graph_val v = {0};
        bool ok = d && d->ndim >= 0 && d->ndim <= CPUACL_GE_MAX_DIMS && graph_dtype_size(d->dtype);
        if (ok) {
            v = (struct graph_val){d->dtype, d->format, d->ndim, {0}, 0};
            for (int32_t i = 0; i < d->ndim; i++)
                ok &= (v.dims[i] = d->dims[i]) >= 0;
        }
        if (!ok || graph_val_bytes(&v) < 0) {
            rc = graph_err(GE_GRAPH_PARAM_INVALID,
                           "aclgrphBuildModel: input %zu (%s) has no known shape and type", k,
                           n ? n->name : "?");
            break;
        }
        io[k] = (struct core_mdl_io){n->name,
                                     (aclDataType)d->dtype,
                                     (aclFormat)d->format,
                                     (size_t)d->ndim,
                                     d->dims,
                                     (size_t)graph_val_bytes(&v),
                                     NULL};
    }
    for (size_t k = 0; rc == GE_OK && k < nout; k++) {
        const struct graph_ref *r = &g->outputs[k];
        const struct graph_node *n = &g->nodes[r->node];
        snprintf(names[k], 160, "%s:%d", n->name, r->out);
        /* inferred, or known at execution: the output's description */
        const struct graph_val *v = &n->out[r->out];
        int32_t dt = v->nd >= 0 ? v->dtype : n->out_desc[r->out].dtype;
        io[nin + k] = (struct core_mdl_io){
            names[k], (aclDataType)dt, ACL_FORMAT_ND, 1, &unknown_rank, 0, NULL};
        if (v->nd >= 0) { /* an output that does not wait for the values: its dims */
            io[nin + k].ndims = (size_t)v->nd;
            io[nin + k].dims = v->dims;
            io[nin + k].size = (size_t)graph_val_bytes(v);
        }
    }
    if (rc == GE_OK) {
        uint32_t ver = GM_VERSION_DYN;
        memcpy(o->p + 4, &ver, 4); /* the header's version field */
        size_t len = 0;
        aclError e = core_mdl_model_write(io, nin, nout, o->p, o->len, w->p, w->len, 0, data, &len,
                                          "aclgrphBuildModel");
        if (e != ACL_SUCCESS)
            rc = acl_to_ge(e);
        else
            *length = len;
    }
    free(io);
    free(names);
    return rc;
}

uint32_t cpuaclGeBuildModel(cpuaclGeGraph *g, const char *const *keys, const char *const *values,
                            size_t n, void **data, uint64_t *length)
{
    if (!g || !data || !length || (n && (!keys || !values))) {
        graph_free(g);
        return graph_err(GE_GRAPH_PARAM_NULLPTR, "aclgrphBuildModel: NULL graph or argument");
    }
    pthread_mutex_lock(&g_build.lock);
    bool init = g_build.init;
    pthread_mutex_unlock(&g_build.lock);
    int32_t out_type;
    struct gm_gears gears = {0};
    uint32_t rc =
        init ? GE_OK : graph_err(GE_FAILED, "aclgrphBuildModel: call aclgrphBuildInitialize first");
    void *aipp = NULL; /* the AIPP section (ge.insertOpFile) */
    size_t aipp_len = 0;
    if (rc == GE_OK)
        rc = check_build(g, keys, values, n, &out_type, &gears, &aipp, &aipp_len);
    struct gm_out o = {0}, w = {0};
    if (rc == GE_OK) { /* encode closes both streams */
        o.f = open_memstream(&o.p, &o.len);
        w.f = open_memstream(&w.p, &w.len);
        if (!encode(g, &o, &w))
            rc = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    }
    bool dyn = false; /* a Data node feeds a value input: a dynamic-shape model */
    bool *feeds = rc == GE_OK ? graph_value_feeders(g) : NULL;
    if (rc == GE_OK && !feeds)
        rc = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    for (uint32_t i = 0; rc == GE_OK && i < g->nnodes; i++)
        dyn |= g->nodes[i].kind == GRAPH_DATA && feeds[i];
    free(feeds);
    if (rc == GE_OK && (dyn || gears.kind)) {
        if (!dyn)
            rc = gm_build_gears(g, &gears, &o, &w, out_type, aipp, aipp_len, data, length);
        else if (gears.kind || aipp)
            rc = graph_err(GE_GRAPH_PARAM_INVALID,
                           "aclgrphBuildModel: a graph whose Data nodes feed value inputs (a "
                           "dynamic-shape model) takes no gears nor AIPP");
        else
            rc = gm_build_dyn(g, &o, &w, data, length);
        free(aipp);
        free(gears.v);
        free(o.p);
        free(w.p);
        graph_free(g);
        return rc;
    }
    if (rc == GE_OK)
        rc = graph_infer(g, NULL, 0);
    if (rc == GE_OK)
        rc = graph_compile(g);
    if (rc == GE_OK)
        rc = check_out_type(g, out_type);
    struct core_mdl_io *io = NULL;
    char(*names)[160] = NULL;
    struct gm_bound *bd = NULL;
    if (rc == GE_OK) {
        io = calloc(g->ninputs + g->noutputs + 1, sizeof(*io));
        names = calloc(g->noutputs + 1, sizeof(*names));
        bd = calloc(g->noutputs + 1, sizeof(*bd));
        if (!io || !names || !bd)
            rc = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    }
    if (rc == GE_OK) {
        describe(g, io, names, bd);
        cpuaclGeGraphStats st;
        graph_stats(g, &st);
        size_t len = 0;
        aclError e = core_mdl_model_write(io, g->ninputs, g->noutputs, o.p, o.len, w.p, w.len,
                                          st.arena_bytes, data, &len, "aclgrphBuildModel");
        if (e == ACL_SUCCESS && aipp)
            e = core_mdl_model_add_aipp(data, &len, aipp, aipp_len, "aclgrphBuildModel");
        if (e != ACL_SUCCESS)
            rc = acl_to_ge(e);
        else
            *length = len;
    }
    free(aipp);
    free(io);
    free(names);
    free(bd);
    free(gears.v);
    free(o.p);
    free(w.p);
    graph_free(g);
    return rc;
}

void cpuaclGeModelFree(void *data)
{
    free(data);
}

uint32_t cpuaclGeSaveModel(const char *output_file, const void *data, uint64_t length)
{
    if (!output_file || !data || !length)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "aclgrphSaveModel: output_file or the model is NULL or empty");
    size_t n = strlen(output_file);
    char *path = malloc(n + 4);
    if (!path)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphSaveModel: out of memory");
    memcpy(path, output_file, n);
    memcpy(path + n, ".om", 4); /* GE appends .om */
    aclError e = core_mdl_model_save(path, data, (size_t)length, "aclgrphSaveModel");
    free(path);
    return e == ACL_SUCCESS ? GE_OK : graph_err(GE_FAILED, "%s", aclGetRecentErrMsg());
}

uint32_t cpuaclGeBundleBuildModel(size_t n, const void *const *data, const uint64_t *length,
                                  void **out, uint64_t *out_length)
{
    if (!out || !out_length || (n && (!data || !length)))
        return graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphBundleBuildModel: a NULL argument");
    size_t *lens = malloc((n ? n : 1) * sizeof(size_t));
    if (!lens)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBundleBuildModel: out of memory");
    for (size_t k = 0; k < n; k++)
        lens[k] = (size_t)length[k];
    size_t len = 0;
    aclError e = core_mdl_bundle_write(n, data, lens, out, &len, "aclgrphBundleBuildModel");
    free(lens);
    if (e != ACL_SUCCESS)
        return acl_to_ge(e);
    *out_length = len;
    return GE_OK;
}

uint32_t cpuaclGeBuildModelFromData(const void *data, size_t size, const char *const *keys,
                                    const char *const *values, size_t n, void **model)
{
    (void)values;
    const char *fn = "aclgrphBuildModelFromData";
    if (!data || !size || !model || (n && !keys))
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s: a NULL argument or an empty model", fn);
    if (n)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "%s: option %s: a built model takes no build options (they apply in "
                         "aclgrphBuildModel)",
                         fn, keys[0] ? keys[0] : "(null)");
    aclError e = core_mdl_image_new(data, size, model, fn);
    return e == ACL_SUCCESS ? GE_OK : acl_to_ge(e);
}

uint32_t cpuaclGeBuildModelFromFile(const char *path, const char *const *keys,
                                    const char *const *values, size_t n, void **model)
{
    if (!path)
        return graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphBuildModelFromFile: graph_file is NULL");
    void *buf = NULL;
    size_t len = 0;
    aclError e = core_mdl_model_read(path, &buf, &len, "aclgrphBuildModelFromFile");
    uint32_t rc = e == ACL_SUCCESS ? cpuaclGeBuildModelFromData(buf, len, keys, values, n, model)
                                   : acl_to_ge(e);
    free(buf);
    return rc;
}

uint32_t cpuaclGeModelBytes(const void *model, const void **data, uint64_t *length)
{
    size_t len = 0;
    const void *p = core_mdl_image_view(model, &len);
    if (!p || !data || !length)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "the model is NULL or not of aclgrphBuildModelFromFile / FromData");
    *data = p;
    *length = len;
    return GE_OK;
}

uint32_t cpuaclGeModelDestroy(const void *model)
{
    size_t len = 0;
    if (!core_mdl_image_view(model, &len))
        return graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphDestroyModel: not a model of "
                                                 "aclgrphBuildModelFromFile / FromData");
    core_mdl_image_free(model);
    return GE_OK;
}

/* ---- the provider of model graphs (core/mdl.h) ----------------------------------- */

/* The weights the gears of one model share (their Const attributes point
 * into them): a 64-byte-aligned copy of the weights section, freed with
 * the last gear. */
struct gm_weights {
    atomic_uint refs; /* one a gear model, and the load's while it runs */
    void *p;
};

struct gm_dyn;

struct gm_model {
    struct cpuaclGeGraph *g;
    struct gm_dyn *dyn;   /* a dynamic-shape model (g NULL): its plans by values */
    struct gm_weights *w; /* the shared weights of a gear's model, or NULL */
    pthread_mutex_t lock;
    aclrtStream own;  /* aclmdlExecute's stream, made at its first use */
    aclrtStream last; /* the stream of the latest execution (GC1: waiting for it waits for all) */
    bool ran;         /* last is set (NULL is the default stream) */
};

/* The provider's model of compiled graph g (freed on failure). */
static aclError gm_wrap(struct cpuaclGeGraph *g, void **model, const char *fn)
{
    struct gm_model *m = calloc(1, sizeof(*m));
    if (!m) {
        graph_free(g);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    m->g = g;
    pthread_mutex_init(&m->lock, NULL);
    *model = m;
    return ACL_SUCCESS;
}

/* ---- dynamic-shape models: plans by the values of the inputs fed at run time ------- */

static void gm_release(void *model);
static void gm_weights_drop(struct gm_weights *w);
static aclError gm_execute(void *model, aclrtStream stream, bool sync, void *const *in,
                           const size_t *in_size, void *const *out, const size_t *out_size,
                           const char *fn);

/* A dynamic-shape model (graph section version 2) keeps its graph section and a
 * copy of its weights. An execution reads the bytes of its value inputs (the
 * Data nodes that feed value inputs: small integer tensors; device memory is host
 * memory on cpuacl, so they are read when the execution is called), and looks
 * them up among its plans: a plan is the graph decoded, inferred with those
 * values as the Data nodes' host values (graph_in_const), lowered and captured,
 * an ordinary gm_model whose executions replay as a static model's. A miss
 * compiles one; at most GM_DYN_PLANS are kept, the least recently used idle one
 * is dropped for a new one (one in use by an execution being queued is not:
 * the table then grows past the bound until it is idle).
 *
 * Invariants:
 *  DY1. plans, nplans, clock and cur are under lock; an entry's plan is
 *      executed outside the lock while busy > 0, which keeps it in the table.
 *  DY2. A plan's key (the values) and hostval array live as long as its graph:
 *      the graph's Data nodes point at them. */
#define GM_DYN_PLANS 16

struct gm_plan {
    unsigned char *key; /* the value inputs' bytes, concatenated */
    cpuaclGeTensor *hostval;
    struct gm_model *m;
    uint64_t used; /* clock of its latest use */
    uint32_t busy; /* executions being queued on it (DY1) */
};

struct gm_dyn {
    void *graph; /* the graph section, copied */
    size_t glen, wlen;
    struct gm_weights *w;
    uint32_t nin, nout;
    uint32_t nv;           /* value inputs */
    int32_t *vin, *vnode;  /* per value input: its model input and Data node */
    cpuaclGeTensor *vdesc; /* per value input: its description */
    size_t klen;           /* key bytes: the value inputs' sizes summed */
    pthread_mutex_t lock;
    struct gm_plan **plans; /* each its own allocation: a busy plan never moves */
    uint32_t nplans, cplans;
    uint64_t clock;
    int64_t (*cur)[CPUACL_GE_MAX_DIMS]; /* the latest compiled-for execution's output dims */
    int32_t *cur_nd;                    /* -1 before any */
    uint32_t prof_tag;                  /* the latest gm_prof_tag, for plans compiled later */
    struct gm_plan *cur_plan;           /* whose dims cur holds (NULL once dropped) */
};

static void gm_plan_free(struct gm_plan *p)
{
    gm_release(p->m); /* waits for its executions */
    free(p->hostval);
    free(p->key);
    free(p);
}

static void gm_dyn_free(struct gm_dyn *d)
{
    if (!d)
        return;
    for (uint32_t k = 0; k < d->nplans; k++)
        gm_plan_free(d->plans[k]);
    gm_weights_drop(d->w);
    pthread_mutex_destroy(&d->lock);
    free(d->plans);
    free(d->graph);
    free(d->vin);
    free(d->vdesc);
    free(d->cur);
    free(d->cur_nd);
    free(d);
}

/* Compile d's graph for the values at key: *out, or the code with its message. */
static aclError gm_dyn_compile(struct gm_dyn *d, const unsigned char *key, struct gm_plan *out,
                               const char *fn)
{
    const char *what = NULL;
    struct cpuaclGeGraph *g = decode(d->graph, d->glen, d->w->p, d->wlen, true, &what);
    if (!g)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: %s", fn, what);
    out->key = malloc(d->klen + 1);
    out->hostval = calloc(g->nnodes, sizeof(*out->hostval));
    if (!out->key || !out->hostval) {
        graph_free(g);
        free(out->key);
        free(out->hostval);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    memcpy(out->key, key, d->klen);
    for (uint32_t j = 0, at = 0; j < d->nv; j++) {
        cpuaclGeTensor *t = &out->hostval[d->vnode[j]];
        *t = d->vdesc[j];
        t->data = out->key + at;
        at += (uint32_t)t->size;
    }
    g->hostval = out->hostval;
    uint32_t rc = graph_infer(g, NULL, 0);
    if (rc == GE_OK)
        rc = graph_compile(g);
    for (uint32_t k = 0; rc == GE_OK && k < g->noutputs; k++)
        if (g->nodes[g->outputs[k].node].out[g->outputs[k].out].bound)
            rc = graph_err(GE_GRAPH_UNSUPPORTED,
                           "BuildGraph: output %u (%s) has data-dependent dims: not supported in "
                           "a dynamic-shape model (its plans are chosen by the values fed at run "
                           "time; the extent of such an output is not carried through them)",
                           k, g->nodes[g->outputs[k].node].name);
    aclError e = ACL_SUCCESS;
    if (rc != GE_OK)
        e = core_err(rc == GE_GRAPH_MALLOC_FAILED ? ACL_ERROR_BAD_ALLOC : ACL_ERROR_INVALID_PARAM,
                     "%s: the values of the inputs fed at run time do not give a valid graph: %s",
                     fn, aclGetRecentErrMsg());
    if (e == ACL_SUCCESS)
        e = gm_wrap(g, (void **)&out->m, fn); /* frees g on failure */
    else
        graph_free(g);
    if (e != ACL_SUCCESS) {
        free(out->key);
        free(out->hostval);
        return e;
    }
    /* relaxed: a new reference from the one d holds; the drops order the free */
    atomic_fetch_add_explicit(&d->w->refs, 1, memory_order_relaxed);
    out->m->w = d->w;
    return ACL_SUCCESS;
}

/* The plan of d for key, busy (DY1): found, or compiled (taking the least recently used
 * idle plan out of a full table into *drop, which the caller frees after releasing
 * d->lock: freeing waits for the stream the plan last ran on, and work queued there may
 * itself wait for d->lock - a callback asking aclmdlGetCurOutputDims). Under d->lock. */
static aclError gm_dyn_plan(struct gm_dyn *d, const unsigned char *key, struct gm_plan **out,
                            struct gm_plan **drop, const char *fn)
{
    if (d->cur_plan && !memcmp(d->cur_plan->key, key, d->klen))
        *out = d->cur_plan; /* the values of the latest execution: the common case */
    for (uint32_t k = 0; k < d->nplans && !*out; k++)
        if (!memcmp(d->plans[k]->key, key, d->klen))
            *out = d->plans[k];
    if (!*out) {
        struct gm_plan *p = calloc(1, sizeof(*p));
        if (!p)
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        aclError e = gm_dyn_compile(d, key, p, fn);
        if (e != ACL_SUCCESS) {
            free(p);
            return e;
        }
        uint32_t victim = UINT32_MAX;
        for (uint32_t k = 0; d->nplans >= GM_DYN_PLANS && k < d->nplans; k++)
            if (!d->plans[k]->busy &&
                (victim == UINT32_MAX || d->plans[k]->used < d->plans[victim]->used))
                victim = k;
        if (victim != UINT32_MAX) {
            if (d->plans[victim] == d->cur_plan)
                d->cur_plan = NULL;   /* cur keeps its dims */
            *drop = d->plans[victim]; /* out of the table: no other thread can reach it */
            d->plans[victim] = d->plans[--d->nplans];
        }
        if (d->nplans == d->cplans) {
            uint32_t n = d->cplans ? d->cplans * 2 : 4;
            struct gm_plan **v = realloc(d->plans, n * sizeof(*v));
            if (!v) {
                gm_plan_free(p);
                return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
            }
            d->plans = v;
            d->cplans = n;
        }
        d->plans[d->nplans++] = p;
        graph_prof_tag(p->m->g, d->prof_tag);
        *out = p;
    }
    (*out)->used = ++d->clock;
    (*out)->busy++;
    return ACL_SUCCESS;
}

static aclError gm_dyn_execute(struct gm_dyn *d, aclrtStream stream, bool sync, void *const *in,
                               const size_t *in_size, void *const *out, const size_t *out_size,
                               const char *fn)
{
    /* an asynchronous execution: the values may be written by work queued before it on its
     * stream (a copy); they are read on the host now, so that work must have run (GE's
     * executor of unknown-shape models also waits for the values on the host) */
    aclError se = sync ? ACL_SUCCESS : aclrtSynchronizeStream(stream);
    if (se != ACL_SUCCESS)
        return core_err(se, "%s: the work queued before the execution failed: %s", fn,
                        aclGetRecentErrMsg());
    unsigned char inl[256];
    unsigned char *key = d->klen <= sizeof(inl) ? inl : malloc(d->klen);
    if (!key)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    for (uint32_t j = 0, at = 0; j < d->nv; j++) {
        /* the caller checked the buffer against the io section's size */
        memcpy(key + at, in[d->vin[j]], d->vdesc[j].size);
        at += (uint32_t)d->vdesc[j].size;
    }
    (void)in_size;
    struct gm_plan *p = NULL, *drop = NULL;
    pthread_mutex_lock(&d->lock);
    aclError e = gm_dyn_plan(d, key, &p, &drop, fn);
    struct gm_model *m = p ? p->m : NULL;
    for (uint32_t k = 0; e == ACL_SUCCESS && k < d->nout; k++) {
        const struct graph_ref *r = &m->g->outputs[k];
        const struct graph_val *v = &m->g->nodes[r->node].out[r->out];
        uint64_t need = graph_out_bytes(m->g, k);
        if (out_size[k] < need || (!out[k] && need)) {
            char dims[160];
            int at = 0;
            for (int32_t i = 0; i < v->nd && at < 140; i++)
                at += snprintf(dims + at, sizeof(dims) - (size_t)at, "%s%lld", i ? ", " : "",
                               (long long)v->dims[i]);
            dims[at] = 0;
            e = core_err(ACL_ERROR_INVALID_PARAM,
                         "%s: output %u (%s) is %zu bytes; this execution's result is [%s] %s, "
                         "%llu bytes",
                         fn, k, m->g->nodes[r->node].name, out[k] ? out_size[k] : 0, dims,
                         proto_dtype_name((aclDataType)v->dtype), (unsigned long long)need);
        }
    }
    if (e == ACL_SUCCESS && p != d->cur_plan) {
        d->cur_plan = p;
        for (uint32_t k = 0; k < d->nout; k++) {
            const struct graph_ref *r = &m->g->outputs[k];
            const struct graph_val *v = &m->g->nodes[r->node].out[r->out];
            d->cur_nd[k] = v->nd;
            memcpy(d->cur[k], v->dims, sizeof(d->cur[k]));
        }
    }
    if (e != ACL_SUCCESS && p)
        p->busy--;
    pthread_mutex_unlock(&d->lock);
    if (drop)
        gm_plan_free(drop);
    if (key != inl)
        free(key);
    if (e != ACL_SUCCESS)
        return e;
    e = gm_execute(m, stream, sync, in, in_size, out, out_size, fn);
    pthread_mutex_lock(&d->lock);
    p->busy--; /* p is still in the table: busy plans are not dropped (DY1) */
    pthread_mutex_unlock(&d->lock);
    return e;
}

/* A dynamic-shape model's load: its value inputs found, the sections kept. */
static aclError gm_load_dyn(struct cpuaclGeGraph *g, const void *graph, size_t glen,
                            const void *weights, size_t wlen, size_t nin, const size_t *in_size,
                            size_t nout, void **model, const char *fn)
{
    g->partial = true; /* what does not wait for the values is checked at load */
    aclError e = ACL_SUCCESS;
    if (graph_infer(g, NULL, 0) != GE_OK)
        e = core_err(ACL_ERROR_PARSE_MODEL, "%s: the model's graph does not compile: %s", fn,
                     aclGetRecentErrMsg());
    else if (g->ninputs != nin || g->noutputs != nout)
        e = core_err(ACL_ERROR_PARSE_MODEL,
                     "%s: the graph has %u inputs and %u outputs, the io section %zu and %zu", fn,
                     g->ninputs, g->noutputs, nin, nout);
    struct gm_dyn *d = e == ACL_SUCCESS ? calloc(1, sizeof(*d)) : NULL;
    if (e == ACL_SUCCESS && d) {
        pthread_mutex_init(&d->lock, NULL);
        d->nin = (uint32_t)nin;
        d->nout = (uint32_t)nout;
        d->glen = glen;
        d->wlen = wlen;
        d->graph = malloc(glen);
        d->w = calloc(1, sizeof(*d->w));
        if (d->w) {
            atomic_init(&d->w->refs, 1);
            d->w->p = aligned_alloc(GM_ALIGN, (wlen / GM_ALIGN + 1) * GM_ALIGN);
        }
        d->vin = calloc(2 * nin + 1, sizeof(int32_t));
        d->vnode = d->vin ? d->vin + nin : NULL;
        d->vdesc = calloc(nin + 1, sizeof(*d->vdesc));
        d->cur = calloc(nout + 1, sizeof(*d->cur));
        d->cur_nd = calloc(nout + 1, sizeof(int32_t));
    }
    bool *feeds = e == ACL_SUCCESS ? graph_value_feeders(g) : NULL;
    if (e == ACL_SUCCESS && (!d || !d->graph || !d->w || !d->w->p || !d->vin || !d->vdesc ||
                             !d->cur || !d->cur_nd || !feeds))
        e = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    for (size_t k = 0; e == ACL_SUCCESS && k < nin; k++) {
        const struct graph_node *n = &g->nodes[g->data_of[k]];
        const struct graph_val *v = &n->out[0];
        if ((uint64_t)graph_val_bytes(v) != in_size[k])
            e = core_err(ACL_ERROR_PARSE_MODEL,
                         "%s: input %zu is %lld bytes in the graph, %zu in the io section", fn, k,
                         (long long)graph_val_bytes(v), in_size[k]);
        else if (feeds[g->data_of[k]]) {
            cpuaclGeTensor *t = &d->vdesc[d->nv];
            t->dtype = v->dtype;
            t->format = v->format;
            t->ndim = v->nd;
            memcpy(t->dims, v->dims, sizeof(t->dims));
            t->size = (uint64_t)graph_val_bytes(v);
            d->vin[d->nv] = (int32_t)k;
            d->vnode[d->nv++] = g->data_of[k];
            d->klen += (size_t)t->size;
        }
    }
    free(feeds);
    graph_free(g);
    if (e == ACL_SUCCESS) {
        memcpy(d->graph, graph, glen);
        if (wlen)
            memcpy(d->w->p, weights, wlen);
        for (size_t k = 0; k < nout; k++)
            d->cur_nd[k] = -1;
        struct gm_model *m = calloc(1, sizeof(*m));
        if (!m)
            e = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        else {
            pthread_mutex_init(&m->lock, NULL);
            m->dyn = d;
            *model = m;
            return ACL_SUCCESS;
        }
    }
    if (d && d->w && !d->w->p) {
        free(d->w);
        d->w = NULL;
    }
    gm_dyn_free(d);
    return e;
}

static bool gm_cur_output(void *model, size_t index, int64_t *dims, size_t *nd)
{
    struct gm_model *m = model;
    struct gm_dyn *d = m->dyn;
    if (!d && m->g) { /* an output with data-dependent dims: what its latest run wrote */
        int32_t n = 0;
        pthread_mutex_lock(&m->lock);
        bool ok = index < m->g->noutputs && graph_out_cur_dims(m->g, (uint32_t)index, dims, &n);
        pthread_mutex_unlock(&m->lock);
        *nd = (size_t)n;
        return ok;
    }
    if (!d || index >= d->nout)
        return false;
    pthread_mutex_lock(&d->lock);
    bool ok = d->cur_nd[index] >= 0;
    if (ok) {
        *nd = (size_t)d->cur_nd[index];
        memcpy(dims, d->cur[index], *nd * sizeof(int64_t));
    }
    pthread_mutex_unlock(&d->lock);
    return ok;
}

static aclError gm_load(const void *graph, size_t glen, const void *weights, size_t wlen,
                        size_t nin, const size_t *in_size, size_t nout, const size_t *out_size,
                        void **model, const char *fn)
{
    const char *what = NULL;
    struct cpuaclGeGraph *g = decode(graph, glen, weights, wlen, false, &what);
    if (!g)
        return core_err(!strcmp(what, "out of memory") ? ACL_ERROR_BAD_ALLOC
                                                       : ACL_ERROR_DESERIALIZE_MODEL,
                        "%s: the graph section is malformed: %s", fn, what);
    uint32_t ver = 0;
    memcpy(&ver, (const char *)graph + 4, 4); /* decode read the header */
    if (ver == GM_VERSION_DYN)
        return gm_load_dyn(g, graph, glen, weights, wlen, nin, in_size, nout, model, fn);
    uint32_t rc = graph_infer(g, NULL, 0);
    if (rc == GE_OK)
        rc = graph_compile(g);
    if (rc != GE_OK) {
        aclError e = core_err(ACL_ERROR_PARSE_MODEL, "%s: the model's graph does not compile: %s",
                              fn, aclGetRecentErrMsg());
        graph_free(g);
        return e;
    }
    aclError e = ACL_SUCCESS;
    if (g->ninputs != nin || g->noutputs != nout)
        e = core_err(ACL_ERROR_PARSE_MODEL,
                     "%s: the graph has %u inputs and %u outputs, the io section %zu and %zu", fn,
                     g->ninputs, g->noutputs, nin, nout);
    for (size_t k = 0; e == ACL_SUCCESS && k < nin + nout; k++) {
        const struct graph_val *v = k < nin ? &g->nodes[g->data_of[k]].out[0] : NULL;
        uint64_t b = v ? (uint64_t)graph_val_bytes(v) : graph_out_bytes(g, (uint32_t)(k - nin));
        size_t want = k < nin ? in_size[k] : out_size[k - nin];
        if (b != want)
            e = core_err(ACL_ERROR_PARSE_MODEL,
                         "%s: %s %zu is %llu bytes in the graph, %zu in the io section", fn,
                         k < nin ? "input" : "output", k < nin ? k : k - nin, (unsigned long long)b,
                         want);
    }
    if (e != ACL_SUCCESS) {
        graph_free(g);
        return e;
    }
    return gm_wrap(g, model, fn);
}

static aclError gm_execute(void *model, aclrtStream stream, bool sync, void *const *in,
                           const size_t *in_size, void *const *out, const size_t *out_size,
                           const char *fn)
{
    struct gm_model *m = model;
    if (m->dyn)
        return gm_dyn_execute(m->dyn, stream, sync, in, in_size, out, out_size, fn);
    struct cpuaclGeGraph *g = m->g;
    uint64_t sz[128];
    if (g->ninputs + g->noutputs > 128)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED, "%s: at most 128 inputs and outputs", fn);
    for (uint32_t k = 0; k < g->ninputs + g->noutputs; k++)
        sz[k] = k < g->ninputs ? in_size[k] : out_size[k - g->ninputs];
    pthread_mutex_lock(&m->lock);
    aclError e = ACL_SUCCESS;
    if (sync && !m->own && (e = aclrtCreateStream(&m->own)) != ACL_SUCCESS)
        m->own = NULL;
    if (sync)
        stream = m->own;
    aclError xe = ACL_SUCCESS; /* a synchronous run's execution (compile.c GC5) */
    bool queued = false;       /* ... or queued: synchronised below, after the lock */
    uint32_t rc = e != ACL_SUCCESS ? GE_OK
                  : sync ? graph_run_sync(g, stream, in, sz, out, sz + g->ninputs, &xe, &queued)
                         : graph_run_async(g, stream, in, sz, out, sz + g->ninputs);
    if (e == ACL_SUCCESS && rc == GE_OK) {
        m->last = stream;
        m->ran = true;
    }
    pthread_mutex_unlock(&m->lock);
    if (e != ACL_SUCCESS)
        return core_err(e, "%s: no stream for the execution: %s", fn, aclGetRecentErrMsg());
    if (rc != GE_OK)
        return core_err(rc == GE_GRAPH_PARAM_INVALID   ? ACL_ERROR_INVALID_PARAM
                        : rc == GE_GRAPH_MALLOC_FAILED ? ACL_ERROR_BAD_ALLOC
                                                       : ACL_ERROR_FAILURE,
                        "%s: %s", fn, aclGetRecentErrMsg());
    if (queued)
        xe = aclrtSynchronizeStream(stream);
    if (sync && (e = xe) != ACL_SUCCESS)
        return core_err(e, "%s: the execution failed: %s", fn, aclGetRecentErrMsg());
    return ACL_SUCCESS;
}

static void gm_release(void *model);

/* Gear k's compiled graph g against the plan: its inputs' bytes, its
 * outputs' ranks and bytes; its output dims into the plan. */
static aclError gm_check_gear(const struct cpuaclGeGraph *g, const struct core_mdl_gear_plan *p,
                              size_t k, const char *fn)
{
    if (g->ninputs != p->nin || g->noutputs != p->nout)
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: the graph has %u inputs and %u outputs, the io section %zu (and the "
                        "gear input) and %zu",
                        fn, g->ninputs, g->noutputs, p->nin, p->nout);
    for (size_t i = 0; i < p->nin; i++)
        if (input_bytes(g, i) != p->in_size[k * p->nin + i])
            return core_err(ACL_ERROR_PARSE_MODEL,
                            "%s: gear %zu: input %zu is %llu bytes in the graph, %zu by the io "
                            "section's dims",
                            fn, k, i, (unsigned long long)input_bytes(g, i),
                            p->in_size[k * p->nin + i]);
    int64_t *dst = p->out_dims + k * p->out_stride;
    for (uint32_t i = 0; i < p->nout; i++) {
        const struct graph_ref *r = &g->outputs[i];
        const struct graph_val *v = &g->nodes[r->node].out[r->out];
        if ((size_t)v->nd != p->out_ndims[i] || graph_out_bytes(g, i) > p->out_size[i])
            return core_err(ACL_ERROR_PARSE_MODEL,
                            "%s: gear %zu: output %u has %d dims and %llu bytes, the io section "
                            "%zu dims and at most %zu bytes",
                            fn, k, i, v->nd, (unsigned long long)graph_out_bytes(g, i),
                            p->out_ndims[i], p->out_size[i]);
        memcpy(dst, v->dims, (size_t)v->nd * sizeof(int64_t));
        dst += v->nd;
    }
    return ACL_SUCCESS;
}

static void gm_weights_drop(struct gm_weights *w)
{
    /* acq_rel: the last drop sees every gear's use of the weights done */
    if (w && atomic_fetch_sub_explicit(&w->refs, 1, memory_order_acq_rel) == 1) {
        free(w->p);
        free(w);
    }
}

static aclError gm_load_gears(const void *graph, size_t glen, const void *weights, size_t wlen,
                              const struct core_mdl_gear_plan *p, void **models, const char *fn)
{
    /* one copy of the weights for every gear (the image is not kept) */
    struct gm_weights *shared = calloc(1, sizeof(*shared));
    if (shared)
        shared->p = aligned_alloc(GM_ALIGN, (wlen / GM_ALIGN + 1) * GM_ALIGN);
    if (!shared || !shared->p) {
        free(shared);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory (weights of %zu bytes)", fn, wlen);
    }
    if (wlen)
        memcpy(shared->p, weights, wlen);
    atomic_init(&shared->refs, 1);
    aclError e = ACL_SUCCESS;
    size_t k = 0;
    for (; k < p->ngears && e == ACL_SUCCESS; k++) {
        struct cpuaclGeGraph *g = NULL;
        bool bad;
        uint32_t rc = gm_compile_at(graph, glen, shared->p, wlen, true, p->nin, p->in_dtype,
                                    p->in_format, p->in_ndims, p->in_dims + k * p->in_stride,
                                    p->hw ? p->hw + 2 * k : NULL, &bad, &g);
        if (rc != GE_OK) {
            e = core_err(bad                            ? ACL_ERROR_DESERIALIZE_MODEL
                         : rc == GE_GRAPH_MALLOC_FAILED ? ACL_ERROR_BAD_ALLOC
                                                        : ACL_ERROR_PARSE_MODEL,
                         "%s: gear %zu: %s%s", fn, k,
                         bad ? "" : "the model's graph does not compile: ", aclGetRecentErrMsg());
            break;
        }
        e = gm_check_gear(g, p, k, fn);
        if (e == ACL_SUCCESS)
            e = gm_wrap(g, &models[k], fn);
        else
            graph_free(g);
        if (e == ACL_SUCCESS) {
            /* relaxed: a new reference from one the load holds; the drops order the free */
            atomic_fetch_add_explicit(&shared->refs, 1, memory_order_relaxed);
            ((struct gm_model *)models[k])->w = shared;
        }
    }
    for (size_t j = 0; e != ACL_SUCCESS && j < p->ngears; j++)
        if (models[j]) {
            gm_release(models[j]);
            models[j] = NULL;
        }
    gm_weights_drop(shared); /* the load's own reference */
    return e;
}

static void gm_release(void *model)
{
    struct gm_model *m = model;
    /* GC1 chains every run after the previous one: the last stream's
     * completion is every run's. A stream the caller destroyed has
     * finished (destroying waits). */
    if (m->ran)
        (void)aclrtSynchronizeStream(m->last);
    if (m->own)
        (void)aclrtDestroyStream(m->own);
    graph_free(m->g);
    gm_dyn_free(m->dyn);
    gm_weights_drop(m->w); /* after the graph: its constants pointed into them */
    pthread_mutex_destroy(&m->lock);
    free(m);
}

static void gm_prof_tag(void *model, uint32_t tag)
{
    struct gm_model *m = model;
    if (m->dyn) { /* every plan's next executions */
        pthread_mutex_lock(&m->dyn->lock);
        m->dyn->prof_tag = tag;
        for (uint32_t k = 0; k < m->dyn->nplans; k++)
            graph_prof_tag(m->dyn->plans[k]->m->g, tag);
        pthread_mutex_unlock(&m->dyn->lock);
        return;
    }
    graph_prof_tag(m->g, tag);
}

static const struct core_mdl_provider g_provider = {.load = gm_load,
                                                    .execute = gm_execute,
                                                    .load_gears = gm_load_gears,
                                                    .release = gm_release,
                                                    .queue_start = graph_queue_start,
                                                    .queue_stop = graph_queue_stop,
                                                    .prof_tag = gm_prof_tag,
                                                    .cur_output = gm_cur_output};

__attribute__((constructor)) static void gm_provide(void)
{
    core_mdl_provide(&g_provider);
}
