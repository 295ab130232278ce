/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/proto.c: the table of operator types (table.h expanded into
 * struct proto_def rows), its lookup, and instances: proto_prepare checks
 * an instance against its declaration (input counts and kinds, the first
 * input's type, attributes from the caller's source or their defaults),
 * runs the shape rule and checks the caller's outputs against it.
 *
 * State: the rows are constant. The name index (for proto_find's binary
 * search) and the parsed attribute defaults are made once, under
 * pthread_once, and never written again; after that nothing here writes
 * shared memory.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/proto/proto_pvt.h"

/* ---- the table ---------------------------------------------------------------- */

#define IN(...)                                                                                    \
    .in = {__VA_ARGS__}, .nin = sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *)
#define OUT(...)                                                                                   \
    .out = {__VA_ARGS__}, .nout = sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *)
#define A(name, ty, dflt)                                                                          \
    {                                                                                              \
#name, PROTO_A_##ty, false, dflt                                                           \
    }
#define R(name, ty)                                                                                \
    {                                                                                              \
#name, PROTO_A_##ty, true, NULL                                                            \
    }
#define ATTRS(...)                                                                                 \
    .attr = {__VA_ARGS__}, .nattr = sizeof((const struct proto_attr_decl[]){__VA_ARGS__}) /        \
                                    sizeof(struct proto_attr_decl)
#define X(ty, in, out, attrs, dt, rule, kernel)                                                    \
    {.type = #ty,                                                                                  \
     in,                                                                                           \
     out,                                                                                          \
     attrs,                                                                                        \
     .dtypes = (dt),                                                                               \
     .infer = proto_infer_##rule,                                                                  \
     .build = proto_build_##kernel},
static const struct proto_def g_defs[] = {
#include "ops/proto/table.h"
};
#undef X
#undef IN
#undef OUT
#undef A
#undef R
#undef ATTRS

#define NDEFS (sizeof(g_defs) / sizeof(g_defs[0]))

/* Made once (g_once), read-only afterwards. */
static const struct proto_def *g_sorted[NDEFS];
static struct proto_attr g_dflt[NDEFS][PROTO_MAX_ATTRS];
static int64_t g_dflt_ints[NDEFS][PROTO_MAX_ATTRS][PROTO_MAX_LIST];
static float g_dflt_floats[NDEFS][PROTO_MAX_ATTRS][PROTO_MAX_LIST];
static pthread_once_t g_once = PTHREAD_ONCE_INIT;

static const struct {
    const char *name;
    aclDataType t;
} g_dt_names[] = {
    {"DT_FLOAT", ACL_FLOAT},   {"DT_FLOAT16", ACL_FLOAT16}, {"DT_INT8", ACL_INT8},
    {"DT_INT32", ACL_INT32},   {"DT_UINT8", ACL_UINT8},     {"DT_INT16", ACL_INT16},
    {"DT_UINT16", ACL_UINT16}, {"DT_UINT32", ACL_UINT32},   {"DT_INT64", ACL_INT64},
    {"DT_UINT64", ACL_UINT64}, {"DT_DOUBLE", ACL_DOUBLE},   {"DT_BOOL", ACL_BOOL},
    {"DT_BF16", ACL_BF16},
};

static int64_t parse_type(const char *s)
{
    for (size_t i = 0; i < sizeof(g_dt_names) / sizeof(g_dt_names[0]); i++)
        if (!strcmp(g_dt_names[i].name, s))
            return g_dt_names[i].t;
    return strtoll(s, NULL, 10);
}

/* The default text of a declaration as a value (a table error aborts: the
 * table is part of the program). */
static void parse_default(const struct proto_attr_decl *d, struct proto_attr *a, int64_t *ints,
                          float *floats)
{
    memset(a, 0, sizeof(*a));
    a->type = d->type;
    if (d->required)
        return;
    const char *s = d->dflt;
    switch (d->type) {
    case PROTO_A_BOOL:
        a->i = !strcmp(s, "true");
        return;
    case PROTO_A_INT:
        a->i = strtoll(s, NULL, 10);
        return;
    case PROTO_A_FLOAT:
        a->f = strtod(s, NULL);
        return;
    case PROTO_A_STRING:
        a->s = s;
        return;
    case PROTO_A_TYPE:
        a->i = parse_type(s);
        return;
    case PROTO_A_LIST_BOOL:
    case PROTO_A_LIST_INT:
    case PROTO_A_LIST_TYPE:
    case PROTO_A_LIST_FLOAT: {
        const char *p = s;
        while (*p && a->n < PROTO_MAX_LIST) {
            char *end;
            char tok[32];
            size_t l = strcspn(p, ",");
            snprintf(tok, sizeof(tok), "%.*s", (int)l, p);
            if (d->type == PROTO_A_LIST_FLOAT)
                floats[a->n] = strtof(tok, &end);
            else if (d->type == PROTO_A_LIST_BOOL)
                ints[a->n] = !strcmp(tok, "true");
            else if (d->type == PROTO_A_LIST_TYPE)
                ints[a->n] = parse_type(tok);
            else
                ints[a->n] = strtoll(tok, &end, 10);
            a->n++;
            p += l;
            p += *p == ',';
            while (*p == ' ')
                p++;
        }
        a->ints = ints;
        a->floats = floats;
        return;
    }
    default: /* LIST_STRING, LIST_LIST_INT: empty by default */
        return;
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const struct proto_def *const *)a)->type,
                  (*(const struct proto_def *const *)b)->type);
}

static void init_once(void)
{
    for (size_t i = 0; i < NDEFS; i++) {
        g_sorted[i] = &g_defs[i];
        for (int k = 0; k < g_defs[i].nattr; k++)
            parse_default(&g_defs[i].attr[k], &g_dflt[i][k], g_dflt_ints[i][k],
                          g_dflt_floats[i][k]);
    }
    qsort(g_sorted, NDEFS, sizeof(g_sorted[0]), by_name);
}

const struct proto_def *proto_find(const char *type)
{
    if (!type)
        return NULL;
    pthread_once(&g_once, init_once);
    size_t lo = 0, hi = NDEFS;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(type, g_sorted[mid]->type);
        if (!c)
            return g_sorted[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const struct proto_def *proto_at(size_t i)
{
    pthread_once(&g_once, init_once);
    return i < NDEFS ? g_sorted[i] : NULL;
}

/* ---- names ---------------------------------------------------------------------- */

const char *proto_in_name(const struct proto_def *def, int i, int *len)
{
    const char *n = def->in[i];
    size_t l = strlen(n);
    if (l && (n[l - 1] == '?' || n[l - 1] == '*' || n[l - 1] == '#'))
        l--;
    if (l && n[l] == '?' && n[l - 1] == '#') /* "#?": an optional value input */
        l--;
    *len = (int)l;
    return n;
}

bool proto_in_value(const struct proto_def *def, int i)
{
    const char *n = def->in[i];
    size_t l = strlen(n);
    return (l && n[l - 1] == '#') || (l > 1 && n[l - 1] == '?' && n[l - 2] == '#');
}

char proto_in_kind(const struct proto_def *def, int i)
{
    const char *n = def->in[i];
    size_t l = strlen(n);
    char c = l ? n[l - 1] : 0;
    return c == '?' || c == '*' || c == '#' ? c : 0;
}

static int dyn_index(const struct proto_def *def)
{
    for (int i = 0; i < def->nin; i++)
        if (proto_in_kind(def, i) == '*')
            return i;
    return -1;
}

int proto_out_dyn(const struct proto_def *def)
{
    int k = def->nout - 1;
    size_t len = k >= 0 ? strlen(def->out[k]) : 0;
    return len && def->out[k][len - 1] == '*' ? k : -1;
}

const char *proto_output_label(const struct proto_op *op, uint32_t k, char *buf, size_t cap)
{
    const struct proto_def *def = op->def;
    int d = proto_out_dyn(def);
    if (d >= 0 && k >= (uint32_t)d)
        snprintf(buf, cap, "%.*s%u", (int)strlen(def->out[d]) - 1, def->out[d], k - (uint32_t)d);
    else
        snprintf(buf, cap, "%s", k < def->nout ? def->out[k] : "?");
    return buf;
}

uint32_t proto_in_index(const struct proto_op *op, int i)
{
    int d = dyn_index(op->def);
    if (d < 0 || i <= d)
        return (uint32_t)i;
    return (uint32_t)i - 1 + op->ndyn;
}

const struct core_op_val *proto_in(const struct proto_op *op, int i)
{
    uint32_t k = proto_in_index(op, i);
    return k < op->nin && !op->in[k].absent ? &op->in[k] : NULL;
}

const char *proto_input_label(const struct proto_op *op, uint32_t k, char *buf, size_t cap)
{
    const struct proto_def *def = op->def;
    int d = dyn_index(def), len;
    int i = (int)k;
    if (d >= 0 && k >= (uint32_t)d) {
        if (k < (uint32_t)d + op->ndyn) {
            const char *n = proto_in_name(def, d, &len);
            snprintf(buf, cap, "%.*s%u", len, n, k - (uint32_t)d);
            return buf;
        }
        i = (int)(k - op->ndyn + 1);
    }
    if (i >= def->nin) {
        snprintf(buf, cap, "%u", k);
        return buf;
    }
    const char *n = proto_in_name(def, i, &len);
    snprintf(buf, cap, "%.*s", len, n);
    return buf;
}

const char *proto_dtype_name(aclDataType t)
{
    switch (t) {
    case ACL_FLOAT:
        return "float32";
    case ACL_FLOAT16:
        return "float16";
    case ACL_BF16:
        return "bfloat16";
    case ACL_DOUBLE:
        return "double";
    case ACL_INT8:
        return "int8";
    case ACL_UINT8:
        return "uint8";
    case ACL_INT16:
        return "int16";
    case ACL_UINT16:
        return "uint16";
    case ACL_INT32:
        return "int32";
    case ACL_UINT32:
        return "uint32";
    case ACL_INT64:
        return "int64";
    case ACL_UINT64:
        return "uint64";
    case ACL_BOOL:
        return "bool";
    case ACL_DT_UNDEFINED:
        return "undefined";
    default:
        return "unsupported";
    }
}

const char *proto_shape_str(char *buf, size_t cap, const struct core_op_val *v)
{
    if (v->nd < 0) {
        snprintf(buf, cap, "[?]");
        return buf;
    }
    return ops_shape_str(buf, cap, v->dims, v->nd);
}

const char *proto_attr_type_name(enum proto_attr_type t)
{
    static const char *const n[] = {
        "bool",     "int",        "float",       "string",         "data_type",    "list_bool",
        "list_int", "list_float", "list_string", "list_data_type", "list_list_int"};
    return (unsigned)t < sizeof(n) / sizeof(n[0]) ? n[t] : "?";
}

/* ---- values ---------------------------------------------------------------------- */

int64_t proto_numel(const struct core_op_val *v)
{
    int64_t n = 1;
    for (int i = 0; i < v->nd; i++)
        n *= v->dims[i];
    return n;
}

static size_t dtype_size(aclDataType t)
{
    switch (t) {
    case ACL_UINT16:
        return 2;
    case ACL_UINT32:
        return 4;
    case ACL_UINT64:
        return 8;
    default: {
        int d = ops_dt_index(t);
        return d < 0 ? 0 : ops_dt_size(d);
    }
    }
}

size_t proto_bytes(const struct core_op_val *v)
{
    return (size_t)proto_numel(v) * dtype_size(v->dtype);
}

int proto_const_ints(const struct core_op_val *v, int64_t *out, int cap)
{
    if (!v || !v->data || (v->dtype != ACL_INT32 && v->dtype != ACL_INT64) || v->nd < 0)
        return -1;
    int64_t n = proto_numel(v);
    if (n > cap || v->bytes < (size_t)n * dtype_size(v->dtype))
        return -1;
    for (int64_t k = 0; k < n; k++)
        out[k] =
            v->dtype == ACL_INT32 ? ((const int32_t *)v->data)[k] : ((const int64_t *)v->data)[k];
    return (int)n;
}

/* ---- messages and helpers for rules ------------------------------------------------ */

enum proto_status proto_fail(struct proto_op *op, enum proto_status st, const char *fmt, ...)
{
    int n = snprintf(op->msg, sizeof(op->msg), "%s: ", op->def ? op->def->type : "?");
    if (n < 0 || (size_t)n >= sizeof(op->msg))
        n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(op->msg + n, sizeof(op->msg) - (size_t)n, fmt, ap);
    va_end(ap);
    return st;
}

const struct proto_attr *proto_attr(const struct proto_op *op, const char *name)
{
    for (int i = 0; i < op->def->nattr; i++)
        if (!strcmp(op->def->attr[i].name, name))
            return &op->attr[i];
    return NULL;
}

int64_t proto_attr_i(const struct proto_op *op, const char *name)
{
    return proto_attr(op, name)->i;
}

double proto_attr_f(const struct proto_op *op, const char *name)
{
    return proto_attr(op, name)->f;
}

const char *proto_attr_s(const struct proto_op *op, const char *name)
{
    const char *s = proto_attr(op, name)->s;
    return s ? s : "";
}

enum proto_status proto_same_dtype(struct proto_op *op, uint32_t from, uint32_t to)
{
    char a[32], b[32];
    for (uint32_t k = from + 1; k < to && k < op->nin; k++)
        if (!op->in[k].absent && op->in[k].dtype != op->in[from].dtype)
            return proto_fail(
                op, PROTO_INPUT, "input %s has type %s, %s has %s (they must agree)",
                proto_input_label(op, k, a, sizeof(a)), proto_dtype_name(op->in[k].dtype),
                proto_input_label(op, from, b, sizeof(b)), proto_dtype_name(op->in[from].dtype));
    return PROTO_OK;
}

enum proto_status proto_broadcast(struct proto_op *op, const struct core_op_val *a,
                                  const struct core_op_val *b, struct core_op_val *out)
{
    int nd;
    int64_t dims[PROTO_MAX_DIMS];
    if (!ops_broadcast(a->dims, a->nd, b->dims, b->nd, dims, &nd)) {
        char s1[96], s2[96];
        return proto_fail(op, PROTO_INPUT, "shapes %s and %s do not broadcast",
                          proto_shape_str(s1, sizeof(s1), a), proto_shape_str(s2, sizeof(s2), b));
    }
    out->nd = nd;
    memcpy(out->dims, dims, (size_t)nd * sizeof(int64_t));
    return PROTO_OK;
}

enum proto_status proto_axis_input(struct proto_op *op, uint32_t k, int nd, int *axis)
{
    int64_t ax;
    char nm[48];
    if (proto_const_ints(&op->in[k], &ax, 1) != 1)
        return proto_fail(op, PROTO_INPUT, "input %s must hold one int32 or int64 value",
                          proto_input_label(op, k, nm, sizeof(nm)));
    *axis = proto_wrap_axis(ax, nd);
    if (*axis < 0)
        return proto_fail(op, PROTO_INPUT, "input %s is %lld, out of range for rank %d",
                          proto_input_label(op, k, nm, sizeof(nm)), (long long)ax, nd);
    return PROTO_OK;
}

int proto_wrap_axis(int64_t ax, int nd)
{
    if (ax < 0)
        ax += nd;
    return ax < 0 || ax >= nd ? -1 : (int)ax;
}

void proto_out_like(struct core_op_val *out, const struct core_op_val *v, aclDataType t)
{
    out->dtype = t;
    out->nd = v->nd;
    memcpy(out->dims, v->dims, (size_t)(v->nd > 0 ? v->nd : 0) * sizeof(int64_t));
    out->data = NULL;
    out->bytes = 0;
    out->absent = false;
}

/* ---- instances ----------------------------------------------------------------------- */

static const char *mask_names(uint32_t mask, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    for (int d = 0; d < DT_COUNT; d++)
        if (mask & DTM(d)) {
            int w =
                snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", proto_dtype_name(ops_dt_acl(d)));
            if (w < 0 || (size_t)w >= cap - n)
                break;
            n += (size_t)w;
        }
    return buf;
}

static enum proto_status check_inputs(struct proto_op *op)
{
    const struct proto_def *def = op->def;
    char nm[48], s[96];
    for (uint32_t k = 0; k < op->nin; k++) {
        const struct core_op_val *v = &op->in[k];
        int d = dyn_index(def);
        int i = d >= 0 && k >= (uint32_t)d
                    ? (k < (uint32_t)d + op->ndyn ? d : (int)(k - op->ndyn + 1))
                    : (int)k;
        char kind = proto_in_kind(def, i);
        if (v->absent) {
            if (kind != '?')
                return proto_fail(op, PROTO_INPUT, "input %s is required",
                                  proto_input_label(op, k, nm, sizeof(nm)));
            continue;
        }
        if (v->nd < 0 || v->nd > PROTO_MAX_DIMS)
            return proto_fail(op, PROTO_INPUT, "input %s has rank %d (0 to %d supported)",
                              proto_input_label(op, k, nm, sizeof(nm)), (int)v->nd, PROTO_MAX_DIMS);
        for (int j = 0; j < v->nd; j++)
            if (v->dims[j] < 0)
                return proto_fail(op, PROTO_INPUT,
                                  "input %s has shape %s: a dim known only by its range is not "
                                  "supported",
                                  proto_input_label(op, k, nm, sizeof(nm)),
                                  proto_shape_str(s, sizeof(s), v));
        if (proto_in_value(def, i) && !v->data)
            return proto_fail(op, PROTO_INPUT,
                              "input %s must be a const input (its value known on the host: "
                              "aclSetTensorConst, a Const node)",
                              proto_input_label(op, k, nm, sizeof(nm)));
        if (v->data && v->bytes < proto_bytes(v))
            return proto_fail(op, PROTO_INPUT,
                              "const input %s holds %zu bytes, its shape %s and type %s need %zu",
                              proto_input_label(op, k, nm, sizeof(nm)), v->bytes,
                              proto_shape_str(s, sizeof(s), v), proto_dtype_name(v->dtype),
                              proto_bytes(v));
    }
    if (op->nin && !op->in[0].absent && !ops_dt_in(op->in[0].dtype, def->dtypes)) {
        char types[160];
        return proto_fail(op, PROTO_DTYPE, "input %s has type %s; %s takes %s",
                          proto_input_label(op, 0, nm, sizeof(nm)),
                          proto_dtype_name(op->in[0].dtype), def->type,
                          mask_names(def->dtypes, types, sizeof(types)));
    }
    return PROTO_OK;
}

/* Integer attributes within +-2^31: the shape rules multiply and add them
 * with dims (at most 2^40 elements) in int64 without overflow checks of
 * their own, so a value from a damaged model or a caller's mistake is
 * refused here, once. */
static bool ints_in_range(const struct proto_attr *a)
{
    const int64_t lim = INT32_MAX;
    switch (a->type) {
    case PROTO_A_INT:
        return a->i >= -lim && a->i <= lim;
    case PROTO_A_LIST_INT:
        for (size_t k = 0; k < a->n; k++)
            if (a->ints[k] < -lim || a->ints[k] > lim)
                return false;
        return true;
    case PROTO_A_LIST_LIST_INT:
        for (size_t r = 0; r < a->n; r++)
            for (size_t k = 0; k < a->lens[r]; k++)
                if (a->rows[r][k] < -lim || a->rows[r][k] > lim)
                    return false;
        return true;
    default:
        return true;
    }
}

static enum proto_status resolve_attrs(struct proto_op *op, const struct proto_attr_src *src)
{
    const struct proto_def *def = op->def;
    size_t row = 0;
    if (def->nattr)
        row = (size_t)(def - g_defs);
    for (int i = 0; i < def->nattr; i++) {
        const struct proto_attr_decl *d = &def->attr[i];
        struct proto_attr *a = &op->attr[i];
        if (src && src->get && src->get(src->set, d->name, d->type, a) == PROTO_FOUND) {
            if (a->type != d->type)
                return proto_fail(op, PROTO_ATTR, "attribute %s is %s, expected %s", d->name,
                                  proto_attr_type_name(a->type), proto_attr_type_name(d->type));
            a->set = true;
            if (!ints_in_range(a))
                return proto_fail(op, PROTO_ATTR,
                                  "attribute %s holds a value beyond +-2^31 (strides, pads, "
                                  "axes and the like never do)",
                                  d->name);
            continue;
        }
        if (d->required)
            return proto_fail(op, PROTO_ATTR, "required attribute %s (%s) is not set", d->name,
                              proto_attr_type_name(d->type));
        *a = g_dflt[row][i];
    }
    return PROTO_OK;
}

/* g and w name the same shape but for dims of size 1 ([1] and [], [1, 1000]
 * and [1000]): the same elements in the same order. */
static bool same_but_ones(const struct core_op_val *g, const struct core_op_val *w)
{
    int i = 0, j = 0;
    for (;;) {
        while (i < g->nd && g->dims[i] == 1)
            i++;
        while (j < w->nd && w->dims[j] == 1)
            j++;
        if (i == g->nd || j == w->nd)
            return i == g->nd && j == w->nd;
        if (g->dims[i++] != w->dims[j++])
            return false;
    }
}

/* The caller's outputs against the inferred ones: the same type, and the
 * same dims (a -1 of the caller's accepting any size), or the same shape
 * but for dims of size 1 (choice: a single-operator model compiled with y
 * [1] where the rule gives [], as the samples' ArgMaxV2 does, runs as
 * compiled; the plan writes the same elements either way). */
static enum proto_status check_outputs(struct proto_op *op, uint32_t nout,
                                       const struct core_op_val *out)
{
    for (uint32_t k = 0; k < nout; k++) {
        const struct core_op_val *g = &out[k], *w = &op->out[k];
        bool ok = g->dtype == w->dtype && g->nd == w->nd;
        for (int j = 0; ok && j < w->nd; j++)
            ok = g->dims[j] == w->dims[j] || g->dims[j] == -1;
        if (!ok && g->dtype == w->dtype)
            ok = same_but_ones(g, w);
        if (!ok) {
            char s1[96], s2[96], lb[32];
            return proto_fail(op, PROTO_OUTPUT, "output %s is described as %s %s, expected %s %s",
                              proto_output_label(op, k, lb, sizeof(lb)), proto_dtype_name(g->dtype),
                              proto_shape_str(s1, sizeof(s1), g), proto_dtype_name(w->dtype),
                              proto_shape_str(s2, sizeof(s2), w));
        }
    }
    return PROTO_OK;
}

static enum proto_status prepare(struct proto_op *op, const struct proto_def *def, uint32_t nin,
                                 const struct core_op_val *in, uint32_t nout,
                                 const struct core_op_val *out, const struct proto_attr_src *attrs,
                                 bool check);

enum proto_status proto_prepare(struct proto_op *op, const struct proto_def *def, uint32_t nin,
                                const struct core_op_val *in, uint32_t nout,
                                const struct core_op_val *out, const struct proto_attr_src *attrs)
{
    return prepare(op, def, nin, in, nout, out, attrs, true);
}

enum proto_status proto_prepare_hints(struct proto_op *op, const struct proto_def *def,
                                      uint32_t nin, const struct core_op_val *in, uint32_t nout,
                                      const struct core_op_val *out,
                                      const struct proto_attr_src *attrs)
{
    return prepare(op, def, nin, in, nout, out, attrs, false);
}

static enum proto_status prepare(struct proto_op *op, const struct proto_def *def, uint32_t nin,
                                 const struct core_op_val *in, uint32_t nout,
                                 const struct core_op_val *out, const struct proto_attr_src *attrs,
                                 bool check)
{
    pthread_once(&g_once, init_once);
    op->def = def;
    op->msg[0] = 0;
    op->nin = op->nout = op->ndyn = 0;
    memset(op->bound, 0, sizeof(op->bound));
    if (!def) {
        snprintf(op->msg, sizeof(op->msg), "no such operator type");
        return PROTO_TYPE;
    }
    /* Counts: a dynamic input takes what the fixed ones leave (at least
     * one); trailing optional inputs may be left out. */
    int d = dyn_index(def);
    uint32_t nfix = def->nin - (d >= 0), nreq = 0;
    for (int i = 0; i < def->nin; i++)
        if (i != d && proto_in_kind(def, i) != '?')
            nreq = (uint32_t)i + 1 - (d >= 0 && i > d);
    if (d >= 0) {
        if (nin < nfix + 1)
            return proto_fail(op, PROTO_INPUT,
                              "%u inputs given; %s takes %u fixed inputs and at least one entry of "
                              "its dynamic input %.*s",
                              nin, def->type, nfix, (int)strlen(def->in[d]) - 1, def->in[d]);
        op->ndyn = nin - nfix;
    } else if (nin < nreq || nin > def->nin) {
        if (nreq == def->nin)
            return proto_fail(op, PROTO_INPUT, "%u inputs given, %s takes %u", nin, def->type,
                              (unsigned)def->nin);
        return proto_fail(op, PROTO_INPUT, "%u inputs given, %s takes %u to %u", nin, def->type,
                          nreq, (unsigned)def->nin);
    }
    if (nin > PROTO_MAX_IN)
        return proto_fail(op, PROTO_INPUT, "%u inputs given, at most %d supported", nin,
                          PROTO_MAX_IN);
    op->nin = nin;
    memcpy(op->in, in, nin * sizeof(in[0]));
    enum proto_status st = check_inputs(op);
    if (st)
        return st;
    if ((st = resolve_attrs(op, attrs)))
        return st;
    /* A dynamic output (the last declared one) has the entries the caller's count leaves
     * to it, at least one (GE: create_dynamic_output_y(n)); otherwise a caller that
     * describes outputs describes each. */
    int od = proto_out_dyn(def);
    if (od >= 0 && (nout < def->nout || nout > PROTO_MAX_OUT))
        return proto_fail(op, PROTO_OUTPUT,
                          "%u outputs given; %s takes %d fixed outputs and 1 to %d entries of its "
                          "dynamic output %.*s",
                          nout, def->type, od, PROTO_MAX_OUT - od, (int)strlen(def->out[od]) - 1,
                          def->out[od]);
    if (od < 0 && out && nout != def->nout)
        return proto_fail(op, PROTO_OUTPUT, "%u outputs given, %s has %u", nout, def->type,
                          (unsigned)def->nout);
    op->nout = od >= 0 ? nout : def->nout;
    for (uint32_t k = 0; k < op->nout; k++) {
        if (out) {
            op->out[k] = out[k];
        } else {
            op->out[k].dtype = ACL_DT_UNDEFINED;
            op->out[k].nd = -1;
            op->out[k].format = op->nin ? op->in[0].format : ACL_FORMAT_ND;
        }
        op->out[k].data = NULL;
        op->out[k].bytes = 0;
        op->out[k].absent = false;
    }
    if ((st = def->infer(op)))
        return st;
    char lb[32];
    for (uint32_t k = 0; k < op->nout; k++)
        if (op->out[k].nd < 0 || op->out[k].nd > PROTO_MAX_DIMS || !dtype_size(op->out[k].dtype))
            return proto_fail(op, PROTO_UNSUPPORTED, "output %s: unsupported type %s or rank %d",
                              proto_output_label(op, k, lb, sizeof(lb)),
                              proto_dtype_name(op->out[k].dtype), (int)op->out[k].nd);
    return out && check ? check_outputs(op, nout, out) : PROTO_OK;
}
