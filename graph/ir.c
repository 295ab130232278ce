/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The graph IR: building (the cpuaclGeGraph* functions the C++ headers
 * call; input and output names are those of the operator type's declaration
 * in ops/proto's table, or of the graph's own Data and Const kinds), and
 * graph_infer: topological order (Kahn; a node left over is on a cycle),
 * connection checks, and shape/dtype inference: each operator node becomes
 * an ops/proto instance (graph_node_op) whose shape rule gives its outputs,
 * with a message naming the node, its type and the offending shapes.
 *
 * A graph is built and inferred by one thread (the session lock serialises
 * AddGraph/BuildGraph on a graph); nothing here is shared.
 *
 *  GI1. A graph's input positions: each Data node's index attribute, else its
 *      place in SetInputs, else the next free position. When the index
 *      attributes collide or run out of range and SetInputs lists every Data
 *      node once, the SetInputs order numbers them (the graph examples of
 *      CANN's operator repositories set index 0 on every Data node and list
 *      them in SetInputs, and GE runs them so); otherwise the build fails
 *      naming the node.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "graph/engine.h"

const char *cpuaclGeErrMsg(void)
{
    return aclGetRecentErrMsg();
}

uint32_t graph_dtype_size(int32_t dt)
{
    switch (dt) {
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
        return 4;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16:
        return 2;
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
        return 1;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
        return 8;
    default:
        return 0;
    }
}

uint32_t cpuaclGeTypeSize(int32_t dtype)
{
    return graph_dtype_size(dtype);
}

int64_t graph_val_numel(const struct graph_val *v)
{
    int64_t n = 1;
    for (int i = 0; i < v->nd; i++)
        if (v->dims[i] < 0 || __builtin_mul_overflow(n, v->dims[i], &n))
            return -1;
    return n;
}

int64_t graph_val_bytes(const struct graph_val *v)
{
    int64_t n = graph_val_numel(v), b;
    if (n < 0 || __builtin_mul_overflow(n, (int64_t)graph_dtype_size(v->dtype), &b))
        return -1;
    return b;
}

/* ---- building --------------------------------------------------------------- */

cpuaclGeGraph *cpuaclGeGraphCreate(const char *name)
{
    cpuaclGeGraph *g = calloc(1, sizeof(*g));
    if (!g)
        return NULL;
    g->name = strdup(name ? name : "");
    if (!g->name) {
        free(g);
        return NULL;
    }
    return g;
}

/* What attribute a owns besides its name. */
static void attr_release(struct graph_attr *a)
{
    free(a->s);
    free(a->ints);
    free(a->floats);
    for (size_t k = 0; a->strs && k < a->n; k++)
        free(a->strs[k]);
    free(a->strs);
    for (size_t k = 0; a->rows && k < a->n; k++)
        free(a->rows[k]);
    free(a->rows);
    free(a->lens);
    if (!a->borrowed)
        free(a->t.data);
}

/* a emptied of its value (what it owns released), its name kept. */
static void attr_clear(struct graph_attr *a)
{
    attr_release(a);
    char *nm = a->name;
    memset(a, 0, sizeof(*a));
    a->name = nm;
}

/* STRS and INT_LISTS values copied into a (its kind and n set); false when out of memory,
 * with what was copied owned by a. */
static bool attr_copy_lists(struct graph_attr *a, const cpuaclGeAttrValue *v)
{
    if (!v->n)
        return true;
    if (v->kind == CPUACL_GE_ATTR_STRS) {
        if (!(a->strs = calloc(v->n, sizeof(char *))))
            return false;
        for (size_t k = 0; k < v->n; k++)
            if (!(a->strs[k] = strdup(v->strs && v->strs[k] ? v->strs[k] : "")))
                return false;
        return true;
    }
    if (!(a->rows = calloc(v->n, sizeof(int64_t *))) || !(a->lens = calloc(v->n, sizeof(size_t))))
        return false;
    for (size_t k = 0; k < v->n; k++) {
        const size_t len = v->lens ? v->lens[k] : 0;
        if (!(a->rows[k] = malloc((len ? len : 1) * sizeof(int64_t))))
            return false;
        if (len)
            memcpy(a->rows[k], v->rows[k], len * sizeof(int64_t));
        a->lens[k] = len;
    }
    return true;
}

static void node_free(struct graph_node *n)
{
    for (uint32_t i = 0; i < n->nattrs; i++) {
        struct graph_attr *a = &n->attrs[i];
        free(a->name);
        attr_release(a);
    }
    free(n->attrs);
    free(n->in);
    free(n->in_desc);
    free(n->name);
    free(n->type);
}

void graph_free(struct cpuaclGeGraph *g)
{
    if (!g)
        return;
    if (g->c)
        graph_compiled_free(g->c);
    for (uint32_t i = 0; i < g->nnodes; i++)
        node_free(&g->nodes[i]);
    free(g->nodes);
    free(g->inputs);
    free(g->outputs);
    free(g->topo);
    free(g->data_of);
    for (uint32_t i = 0; g->folded && i < g->nnodes; i++)
        free(g->folded[i].data);
    free(g->folded);
    free(g->name);
    free(g);
}

void cpuaclGeGraphDestroy(cpuaclGeGraph *g)
{
    graph_free(g);
}

/* ---- a node's declaration: its operator type's, or Data's (one optional
 * input x, output y) and Const's (output y) --------------------------------- */

static uint32_t decl_nin(const struct graph_node *n)
{
    return n->kind == GRAPH_OP ? n->def->nin : n->kind == GRAPH_DATA ? 1 : 0;
}

/* Declared input i: its name (length into *len) and kind (proto_in_kind). */
static const char *decl_in(const struct graph_node *n, int i, int *len)
{
    if (n->kind == GRAPH_OP)
        return proto_in_name(n->def, i, len);
    *len = 1;
    return "x";
}

static char decl_kind(const struct graph_node *n, int i)
{
    return n->kind == GRAPH_OP ? proto_in_kind(n->def, i) : '?';
}

/* Whether declared input i is a value input ('#', or "#?" when given). */
static bool decl_value(const struct graph_node *n, int i)
{
    return n->kind == GRAPH_OP && proto_in_value(n->def, i);
}

/* The dynamic input, -1 when none. */
static int decl_dyn(const struct graph_node *n)
{
    for (int i = 0; i < (int)decl_nin(n); i++)
        if (decl_kind(n, i) == '*')
            return i;
    return -1;
}

/* A dynamic output (the declaration's last, SplitV's y) has the entries
 * cpuaclGeGraphSetDynamicOutputs gave it, one when never declared. */
uint32_t graph_nout(const struct graph_node *n)
{
    if (n->kind != GRAPH_OP)
        return n->kind == GRAPH_UNKNOWN ? 0 : 1;
    return n->def->nout + (proto_out_dyn(n->def) >= 0 && n->ndynout ? n->ndynout - 1 : 0);
}

static bool node_ok(cpuaclGeGraph *g, int32_t node)
{
    return g && node >= 0 && (uint32_t)node < g->nnodes;
}

/* (Re)size a node's input arrays to n entries. */
static bool node_inputs(struct graph_node *n, uint32_t cnt)
{
    if (cnt <= n->nin)
        return true;
    struct graph_ref *in = realloc(n->in, cnt * sizeof(*in));
    if (!in)
        return false;
    n->in = in;
    cpuaclGeTensor *d = realloc(n->in_desc, cnt * sizeof(*d));
    if (!d)
        return false;
    n->in_desc = d;
    for (uint32_t i = n->nin; i < cnt; i++) {
        in[i] = (struct graph_ref){-1, 0};
        memset(&d[i], 0, sizeof(d[i]));
        d[i].ndim = -1;
    }
    n->nin = cnt;
    return true;
}

int32_t cpuaclGeGraphAddNode(cpuaclGeGraph *g, const char *type, const char *name)
{
    if (!g || !type) {
        graph_err(GE_GRAPH_PARAM_NULLPTR, "AddNode: graph or type is NULL");
        return -1;
    }
    if (g->nnodes == g->cnodes) {
        uint32_t c = g->cnodes ? g->cnodes * 2 : 16;
        struct graph_node *v = realloc(g->nodes, c * sizeof(*v));
        if (!v)
            return -1;
        g->nodes = v;
        g->cnodes = c;
    }
    struct graph_node *n = &g->nodes[g->nnodes];
    memset(n, 0, sizeof(*n));
    n->type = strdup(type);
    n->name = strdup(name ? name : "");
    if (!n->type || !n->name) {
        free(n->type);
        free(n->name);
        return -1;
    }
    if (!strcmp(type, "Data"))
        n->kind = GRAPH_DATA;
    else if (!strcmp(type, "Const") || !strcmp(type, "Constant"))
        n->kind = GRAPH_CONST;
    else if ((n->def = proto_find(type)))
        n->kind = GRAPH_OP;
    else
        n->kind = GRAPH_UNKNOWN;
    for (int i = 0; i < GRAPH_MAX_OUT; i++) {
        n->out[i].nd = -1;
        n->out_desc[i].ndim = -1;
    }
    if (!node_inputs(n, decl_nin(n))) {
        free(n->type);
        free(n->name);
        return -1;
    }
    return (int32_t)g->nnodes++;
}

uint32_t cpuaclGeGraphSetAttr(cpuaclGeGraph *g, int32_t node, const char *attr,
                              const cpuaclGeAttrValue *v)
{
    if (!node_ok(g, node) || !attr || !v)
        return graph_err(GE_GRAPH_PARAM_NULLPTR, "SetAttr: bad node or NULL argument");
    if (v->kind < CPUACL_GE_ATTR_INT || v->kind > CPUACL_GE_ATTR_OPAQUE)
        return graph_err(GE_GRAPH_PARAM_INVALID, "SetAttr: attribute %s has no kind %d", attr,
                         (int)v->kind);
    if (v->n && ((v->kind == CPUACL_GE_ATTR_STRS && !v->strs) ||
                 (v->kind == CPUACL_GE_ATTR_INT_LISTS && (!v->rows || !v->lens))))
        return graph_err(GE_GRAPH_PARAM_NULLPTR, "SetAttr: attribute %s lists NULL items", attr);
    struct graph_node *n = &g->nodes[node];
    struct graph_attr *a = NULL;
    for (uint32_t i = 0; i < n->nattrs; i++)
        if (!strcmp(n->attrs[i].name, attr))
            a = &n->attrs[i];
    if (!a) {
        if (n->nattrs == n->cattrs) {
            uint32_t c = n->cattrs ? n->cattrs * 2 : 4;
            struct graph_attr *x = realloc(n->attrs, c * sizeof(*x));
            if (!x)
                return graph_err(GE_GRAPH_MALLOC_FAILED, "SetAttr: out of memory");
            n->attrs = x;
            n->cattrs = c;
        }
        char *nm = strdup(attr);
        if (!nm)
            return graph_err(GE_GRAPH_MALLOC_FAILED, "SetAttr: out of memory");
        a = &n->attrs[n->nattrs++];
        memset(a, 0, sizeof(*a));
        a->name = nm;
    } else {
        attr_clear(a);
    }
    a->kind = v->kind;
    a->i = v->i;
    a->f = v->f;
    a->n = v->n;
    if (v->kind == CPUACL_GE_ATTR_STR && !(a->s = strdup(v->s ? v->s : "")))
        goto nomem;
    if (v->kind == CPUACL_GE_ATTR_INTS && v->n) {
        if (!(a->ints = malloc(v->n * sizeof(int64_t))))
            goto nomem;
        memcpy(a->ints, v->ints, v->n * sizeof(int64_t));
    }
    if (v->kind == CPUACL_GE_ATTR_FLOATS && v->n) {
        if (!(a->floats = malloc(v->n * sizeof(float))))
            goto nomem;
        memcpy(a->floats, v->floats, v->n * sizeof(float));
    }
    if ((v->kind == CPUACL_GE_ATTR_STRS || v->kind == CPUACL_GE_ATTR_INT_LISTS) &&
        !attr_copy_lists(a, v))
        goto nomem;
    if (v->kind == CPUACL_GE_ATTR_TENSOR && v->tensor) {
        a->t = *v->tensor;
        a->t.data = NULL;
        if (v->tensor->size) {
            if (!(a->t.data = malloc(v->tensor->size)))
                goto nomem;
            if (v->tensor->data)
                memcpy(a->t.data, v->tensor->data, v->tensor->size);
            else
                memset(a->t.data, 0, v->tensor->size);
        }
    }
    return GE_OK;
nomem: /* the attribute stays, empty (an INT of 0): the graph is refused by the caller */
    attr_clear(a);
    a->kind = CPUACL_GE_ATTR_INT;
    return graph_err(GE_GRAPH_MALLOC_FAILED, "SetAttr: out of memory");
}

/* Position of input `name` in node n (dynamic inputs: name<k>); -1 = none.
 * Layout: the prototype order, the dynamic input expanded to ndyn entries
 * (one unconnected placeholder while ndyn is 0). */
static int input_index(const struct graph_node *n, const char *name)
{
    int dyn = decl_dyn(n), len;
    for (int i = 0; i < (int)decl_nin(n); i++) {
        if (i == dyn)
            continue;
        const char *d = decl_in(n, i, &len);
        if ((int)strlen(name) == len && !strncmp(d, name, (size_t)len))
            return dyn < 0 || i < dyn || !n->ndyn ? i : i - 1 + (int)n->ndyn;
    }
    if (dyn >= 0) {
        const char *d = decl_in(n, dyn, &len);
        if (!strncmp(name, d, (size_t)len) && name[len] >= '0' && name[len] <= '9') {
            long k = strtol(name + len, NULL, 10);
            if (k < 0 || k >= (long)n->ndyn)
                return -1;
            return dyn + (int)k;
        }
    }
    return -1;
}

/* Sets the dynamic entry count; connections made so far are dropped (the
 * C++ layer declares the count before connecting anything). */
uint32_t cpuaclGeGraphSetDynamicInputs(cpuaclGeGraph *g, int32_t node, const char *input,
                                       uint32_t cnt)
{
    if (!node_ok(g, node) || !input)
        return GE_GRAPH_PARAM_NULLPTR;
    struct graph_node *n = &g->nodes[node];
    int dyn = decl_dyn(n), len = 0;
    const char *dname = dyn >= 0 ? decl_in(n, dyn, &len) : "";
    if (dyn < 0 || (int)strlen(input) != len || strncmp(dname, input, (size_t)len))
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s (%s) has no dynamic input %s", n->name,
                         n->type, input);
    if (cnt > 4096)
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s: too many dynamic inputs (%u)", n->name, cnt);
    uint32_t want = decl_nin(n) - 1 + (cnt ? cnt : 1);
    free(n->in);
    free(n->in_desc);
    n->in = NULL;
    n->in_desc = NULL;
    n->nin = 0;
    n->ndyn = 0;
    if (!node_inputs(n, want))
        return graph_err(GE_GRAPH_MALLOC_FAILED, "out of memory");
    n->ndyn = cnt;
    return GE_OK;
}

/* GE's create_dynamic_output_<name>(cnt): the node's dynamic output gets cnt entries
 * (1 to what GRAPH_MAX_OUT leaves past the fixed outputs); connections made so far from
 * its entries past the new count are the caller's to redo. */
uint32_t cpuaclGeGraphSetDynamicOutputs(cpuaclGeGraph *g, int32_t node, const char *output,
                                        uint32_t cnt)
{
    if (!node_ok(g, node) || !output)
        return GE_GRAPH_PARAM_NULLPTR;
    struct graph_node *n = &g->nodes[node];
    int d = n->kind == GRAPH_OP ? proto_out_dyn(n->def) : -1;
    size_t len = d >= 0 ? strlen(n->def->out[d]) - 1 : 0;
    if (d < 0 || strlen(output) != len || strncmp(n->def->out[d], output, len))
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s (%s) has no dynamic output %s", n->name,
                         n->type, output);
    if (cnt < 1 || cnt > (uint32_t)(GRAPH_MAX_OUT - d))
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "%s (%s): %u entries of dynamic output %s; 1 to %d supported", n->name,
                         n->type, cnt, output, GRAPH_MAX_OUT - d);
    n->ndynout = cnt;
    return GE_OK;
}

/* A decoded node's dynamic output entries (graph/model.c): 0 (none declared), or
 * what cpuaclGeGraphSetDynamicOutputs takes for its declaration. */
bool graph_node_outputs(struct graph_node *n, uint32_t ndynout)
{
    int d = n->kind == GRAPH_OP ? proto_out_dyn(n->def) : -1;
    if (ndynout && (d < 0 || ndynout > (uint32_t)(GRAPH_MAX_OUT - d)))
        return false;
    n->ndynout = ndynout;
    return true;
}

/* A decoded node's input layout (graph/model.c): nin entries with ndyn
 * of them the dynamic input's, checked against the declaration. */
bool graph_node_layout(struct graph_node *n, uint32_t nin, uint32_t ndyn)
{
    int dyn = decl_dyn(n);
    if (dyn < 0 ? (ndyn || nin != decl_nin(n))
                : (ndyn > 4096 || nin != decl_nin(n) - 1 + (ndyn ? ndyn : 1)))
        return false;
    if (nin != n->nin) {
        free(n->in);
        free(n->in_desc);
        n->in = NULL;
        n->in_desc = NULL;
        n->nin = 0;
        if (!node_inputs(n, nin))
            return false;
    }
    n->ndyn = ndyn;
    return true;
}

/* Output `name` of n: a declared name, or a dynamic output's entry ("y0", "y1": GE's
 * names for create_dynamic_output_y's entries); -1 when none. */
static int output_index(const struct graph_node *n, const char *name)
{
    if (n->kind != GRAPH_OP)
        return n->kind == GRAPH_UNKNOWN || strcmp(name, "y") ? -1 : 0;
    int d = proto_out_dyn(n->def);
    for (int i = 0; i < n->def->nout; i++)
        if (i != d && !strcmp(n->def->out[i], name))
            return i;
    if (d < 0)
        return -1;
    size_t len = strlen(n->def->out[d]) - 1;
    const char *p = name + len;
    if (strncmp(name, n->def->out[d], len) || *p < '0' || *p > '9' || (*p == '0' && p[1]))
        return -1;
    char *end;
    unsigned long k = strtoul(p, &end, 10);
    return *end || k >= graph_nout(n) - (uint32_t)d ? -1 : d + (int)k;
}

uint32_t cpuaclGeGraphSetInput(cpuaclGeGraph *g, int32_t dst, const char *input, int32_t src,
                               const char *output, int32_t out_index)
{
    if (!node_ok(g, dst) || !node_ok(g, src) || !input)
        return graph_err(GE_GRAPH_PARAM_NULLPTR, "SetInput: bad node or NULL input name");
    struct graph_node *n = &g->nodes[dst];
    if (n->kind == GRAPH_UNKNOWN)
        return GE_OK; /* unknown type: reported at build */
    int i = input_index(n, input);
    if (i < 0)
        return graph_err(GE_GRAPH_PARAM_INVALID, "SetInput: %s (%s) has no input named %s", n->name,
                         n->type, input);
    struct graph_node *s = &g->nodes[src];
    int o = out_index;
    if (output && *output) {
        o = output_index(s, output);
        if (o < 0 && s->kind != GRAPH_UNKNOWN)
            return graph_err(GE_GRAPH_PARAM_INVALID, "SetInput: %s (%s) has no output named %s",
                             s->name, s->type, output);
        if (o < 0)
            o = 0;
    }
    if (o < 0 || o >= GRAPH_MAX_OUT || (s->kind != GRAPH_UNKNOWN && o >= (int)graph_nout(s)))
        return graph_err(GE_GRAPH_PARAM_INVALID, "SetInput: %s (%s) has no output %d", s->name,
                         s->type, o);
    n->in[i] = (struct graph_ref){src, o};
    return GE_OK;
}

uint32_t cpuaclGeGraphSetDesc(cpuaclGeGraph *g, int32_t node, int32_t is_output, const char *name,
                              const cpuaclGeTensor *desc)
{
    if (!node_ok(g, node) || !name || !desc)
        return graph_err(GE_GRAPH_PARAM_NULLPTR, "update desc: bad node or NULL argument");
    struct graph_node *n = &g->nodes[node];
    if (n->kind == GRAPH_UNKNOWN)
        return GE_OK;
    if (desc->ndim > CPUACL_GE_MAX_DIMS)
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s: more than %d dims", n->name,
                         CPUACL_GE_MAX_DIMS);
    if (is_output) {
        int o = output_index(n, name);
        if (o < 0)
            return graph_err(GE_GRAPH_PARAM_INVALID, "%s (%s) has no output named %s", n->name,
                             n->type, name);
        n->out_desc[o] = *desc;
        n->out_desc[o].data = NULL;
        return GE_OK;
    }
    int i = input_index(n, name);
    if (i < 0)
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s (%s) has no input named %s", n->name, n->type,
                         name);
    n->in_desc[i] = *desc;
    n->in_desc[i].data = NULL;
    return GE_OK;
}

uint32_t cpuaclGeGraphSetInputs(cpuaclGeGraph *g, const int32_t *nodes, size_t cnt)
{
    if (!g || (cnt && !nodes))
        return GE_GRAPH_PARAM_NULLPTR;
    int32_t *v = cnt ? malloc(cnt * sizeof(*v)) : NULL;
    if (cnt && !v)
        return GE_GRAPH_MALLOC_FAILED;
    for (size_t i = 0; i < cnt; i++) {
        if (!node_ok(g, nodes[i])) {
            free(v);
            return graph_err(GE_GRAPH_PARAM_INVALID, "SetInputs: bad node");
        }
        v[i] = nodes[i];
    }
    free(g->inputs);
    g->inputs = v;
    g->ninputs = (uint32_t)cnt;
    return GE_OK;
}

uint32_t cpuaclGeGraphSetOutputs(cpuaclGeGraph *g, const int32_t *nodes, const int32_t *outs,
                                 size_t cnt)
{
    if (!g || (cnt && (!nodes || !outs)))
        return GE_GRAPH_PARAM_NULLPTR;
    struct graph_ref *v = cnt ? malloc(cnt * sizeof(*v)) : NULL;
    if (cnt && !v)
        return GE_GRAPH_MALLOC_FAILED;
    for (size_t i = 0; i < cnt; i++) {
        if (!node_ok(g, nodes[i]) || outs[i] < 0 || outs[i] >= GRAPH_MAX_OUT) {
            free(v);
            return graph_err(GE_GRAPH_PARAM_INVALID, "SetOutputs: bad node or output index");
        }
        v[i] = (struct graph_ref){nodes[i], outs[i]};
    }
    free(g->outputs);
    g->outputs = v;
    g->noutputs = (uint32_t)cnt;
    return GE_OK;
}

/* ---- attribute and input access ------------------------------------------------ */

const struct graph_attr *graph_attr_get(const struct graph_node *n, const char *name)
{
    for (uint32_t i = 0; i < n->nattrs; i++)
        if (!strcmp(n->attrs[i].name, name))
            return &n->attrs[i];
    return NULL;
}

int64_t graph_attr_int(const struct graph_node *n, const char *name, int64_t dflt)
{
    const struct graph_attr *a = graph_attr_get(n, name);
    if (!a)
        return dflt;
    if (a->kind == CPUACL_GE_ATTR_FLOAT)
        return (int64_t)a->f;
    return a->i;
}

/* The host data of a Const feeding input i, or NULL. */
static const cpuaclGeTensor *graph_in_const(const struct cpuaclGeGraph *g,
                                            const struct graph_node *n, uint32_t i)
{
    if (i >= n->nin || n->in[i].node < 0)
        return NULL;
    const struct graph_node *s = &g->nodes[n->in[i].node];
    if (s->kind == GRAPH_DATA && g->hostval && g->hostval[n->in[i].node].data)
        return &g->hostval[n->in[i].node]; /* a dynamic-shape model's value fed at run time */
    if (s->kind == GRAPH_OP && g->folded && g->folded[n->in[i].node].data && n->in[i].out == 0)
        return &g->folded[n->in[i].node]; /* computed on the host from such values */
    if (strcmp(s->type, "Const") && strcmp(s->type, "Constant"))
        return NULL;
    const struct graph_attr *a = graph_attr_get(s, "value");
    return a && a->kind == CPUACL_GE_ATTR_TENSOR ? &a->t : NULL;
}

/* ---- inference ------------------------------------------------------------------- */

#define INFER_FAIL(g, n, ...)                                                                      \
    graph_err(GE_GRAPH_INFERSHAPE_FAILED, "BuildGraph: node %s (%s): " __VA_ARGS__)

static bool desc_to_val(const cpuaclGeTensor *d, struct graph_val *v)
{
    if (d->ndim < 0 || d->ndim > CPUACL_GE_MAX_DIMS)
        return false;
    v->dtype = d->dtype;
    v->format = d->format;
    v->nd = d->ndim;
    for (int i = 0; i < d->ndim; i++) {
        if (d->dims[i] < 0)
            return false;
        v->dims[i] = d->dims[i];
    }
    return true;
}

static uint32_t infer_const(struct cpuaclGeGraph *g, struct graph_node *n)
{
    (void)g;
    const struct graph_attr *a = graph_attr_get(n, "value");
    if (!a || a->kind != CPUACL_GE_ATTR_TENSOR)
        return INFER_FAIL(g, n, "attribute value (a Tensor) is not set", n->name, n->type);
    if (!desc_to_val(&a->t, &n->out[0]))
        return INFER_FAIL(g, n, "the value tensor has no valid shape", n->name, n->type);
    int64_t want = graph_val_bytes(&n->out[0]);
    if (want < 0)
        return INFER_FAIL(g, n, "the value tensor's size in bytes overflows int64", n->name,
                          n->type);
    if (!graph_dtype_size(a->t.dtype) || (int64_t)a->t.size != want)
        return INFER_FAIL(g, n, "the value tensor holds %llu bytes, its shape and type need %lld",
                          n->name, n->type, (unsigned long long)a->t.size, (long long)want);
    return GE_OK;
}

/* The attribute source over a node's attributes. GE's kinds are converted
 * to the declared type where GE's own setters would (an int or bool kind
 * for a Bool, Int or Type attribute; a list of ints for a list of bools or
 * types); any other kind is handed over as it is and refused as mistyped. */
static enum proto_found node_attr(const void *set, const char *name, enum proto_attr_type want,
                                  struct proto_attr *out)
{
    const struct graph_attr *a = graph_attr_get(set, name);
    if (!a)
        return PROTO_ABSENT;
    *out = (struct proto_attr){.i = a->i,
                               .f = a->f,
                               .s = a->s,
                               .n = a->n,
                               .ints = a->ints,
                               .floats = a->floats,
                               .strs = (const char *const *)a->strs,
                               .rows = (const int64_t *const *)a->rows,
                               .lens = a->lens};
    switch (a->kind) {
    case CPUACL_GE_ATTR_INT:
    case CPUACL_GE_ATTR_BOOL:
    case CPUACL_GE_ATTR_TYPE:
        out->type = want == PROTO_A_BOOL || want == PROTO_A_INT || want == PROTO_A_TYPE
                        ? want
                        : (a->kind == CPUACL_GE_ATTR_BOOL ? PROTO_A_BOOL : PROTO_A_INT);
        if (out->type == PROTO_A_BOOL)
            out->i = a->i != 0;
        break;
    case CPUACL_GE_ATTR_FLOAT:
        out->type = PROTO_A_FLOAT;
        break;
    case CPUACL_GE_ATTR_STR:
        out->type = PROTO_A_STRING;
        break;
    case CPUACL_GE_ATTR_INTS:
        out->type =
            want == PROTO_A_LIST_BOOL || want == PROTO_A_LIST_TYPE ? want : PROTO_A_LIST_INT;
        break;
    case CPUACL_GE_ATTR_FLOATS:
        out->type = PROTO_A_LIST_FLOAT;
        break;
    case CPUACL_GE_ATTR_STRS:
        out->type = PROTO_A_LIST_STRING;
        break;
    case CPUACL_GE_ATTR_INT_LISTS:
        out->type = PROTO_A_LIST_LIST_INT;
        break;
    default: /* a tensor or an opaque value: no attribute of the table takes one */
        out->type = want == PROTO_A_LIST_LIST_INT ? PROTO_A_LIST_STRING : PROTO_A_LIST_LIST_INT;
        break;
    }
    return PROTO_FOUND;
}

/* GI1: SetInputs lists each of the graph's ndata Data nodes exactly once. */
static bool inputs_list_data(const struct cpuaclGeGraph *g, uint32_t ndata)
{
    if (g->ninputs != ndata)
        return false;
    for (uint32_t k = 0; k < ndata; k++) {
        const int32_t i = g->inputs[k];
        if (i < 0 || (uint32_t)i >= g->nnodes || g->nodes[i].kind != GRAPH_DATA)
            return false;
        for (uint32_t j = 0; j < k; j++)
            if (g->inputs[j] == i)
                return false;
    }
    return true;
}

uint32_t graph_proto_fail(const struct graph_node *n, enum proto_status st,
                          const struct proto_op *op)
{
    uint32_t code = st == PROTO_UNSUPPORTED ? GE_GRAPH_UNSUPPORTED
                    : st == PROTO_NOMEM     ? GE_GRAPH_MALLOC_FAILED
                                            : GE_GRAPH_INFERSHAPE_FAILED;
    /* op->msg is "<type>: ...": the node's prefix names the type. */
    const char *m = op->msg;
    size_t l = strlen(n->type);
    if (!strncmp(m, n->type, l) && m[l] == ':' && m[l + 1] == ' ')
        m += l + 2;
    return graph_err(code, "BuildGraph: node %s (%s): %s", n->name, n->type, m);
}

uint32_t graph_node_op(const struct cpuaclGeGraph *g, const struct graph_node *n,
                       struct proto_op *op)
{
    struct core_op_val in[PROTO_MAX_IN];
    if (n->nin > PROTO_MAX_IN)
        return graph_err(GE_GRAPH_UNSUPPORTED, "BuildGraph: node %s has more than %d inputs",
                         n->name, PROTO_MAX_IN);
    for (uint32_t k = 0; k < n->nin; k++) {
        struct core_op_val *v = &in[k];
        memset(v, 0, sizeof(*v));
        if (n->in[k].node < 0) {
            v->dtype = ACL_DT_UNDEFINED;
            v->absent = true;
            continue;
        }
        const struct graph_val *src = &g->nodes[n->in[k].node].out[n->in[k].out];
        v->dtype = (aclDataType)src->dtype;
        v->format = (aclFormat)src->format;
        v->nd = src->nd;
        memcpy(v->dims, src->dims, sizeof(v->dims));
        const cpuaclGeTensor *t = graph_in_const(g, n, k);
        if (t) {
            v->data = t->data;
            v->bytes = t->size;
        }
    }
    /* The node's output descriptions (update_output_desc_*) hint the rules
     * that take an output type or shape the IR leaves to the graph (Aipp's
     * features); they are not checked against the inferred outputs. */
    struct core_op_val out[PROTO_MAX_OUT];
    bool described = false;
    uint32_t nout = graph_nout(n);
    for (uint32_t k = 0; k < nout && k < PROTO_MAX_OUT; k++) {
        const cpuaclGeTensor *d = &n->out_desc[k];
        memset(&out[k], 0, sizeof(out[k]));
        out[k].dtype = ACL_DT_UNDEFINED;
        out[k].nd = -1;
        out[k].format = n->nin ? in[0].format : ACL_FORMAT_ND;
        if (d->ndim >= 0 && d->ndim <= PROTO_MAX_DIMS) {
            out[k].dtype = (aclDataType)d->dtype;
            out[k].format = (aclFormat)d->format;
            out[k].nd = d->ndim;
            memcpy(out[k].dims, d->dims, (size_t)d->ndim * sizeof(int64_t));
            /* a -1 batch (dim 0: a dynamic batch gear's, as built) is input 0's
             * batch in the gear being compiled */
            if (d->ndim > 0 && d->dims[0] == -1 && n->nin && in[0].nd > 0)
                out[k].dims[0] = in[0].dims[0];
            described = true;
        }
    }
    struct proto_attr_src attrs = {n, node_attr};
    enum proto_status st =
        proto_prepare_hints(op, n->def, n->nin, in, nout, described ? out : NULL, &attrs);
    return st ? graph_proto_fail(n, st, op) : GE_OK;
}

/* Operator node n: its outputs from the shape rule. */
static uint32_t infer_op(struct cpuaclGeGraph *g, struct graph_node *n, struct proto_op *op)
{
    uint32_t rc = graph_node_op(g, n, op);
    if (rc)
        return rc;
    /* A data-dependent value (bound dims: its buffer holds the result compactly at dims known
     * only after its producer ran) reaches only what keeps the extent: Cast and Identity,
     * elementwise on their one input, whose outputs carry the same bound (graph_out_cur_dims
     * follows them back), and the graph outputs. Anything else would read the bound shape. */
    uint8_t carry = 0;
    for (uint32_t k = 0; k < n->nin; k++) {
        if (n->in[k].node < 0)
            continue;
        const struct graph_node *s = &g->nodes[n->in[k].node];
        if (!s->out[n->in[k].out].bound)
            continue;
        if (strcmp(n->type, "Cast") && strcmp(n->type, "Identity"))
            return graph_err(GE_GRAPH_UNSUPPORTED,
                             "BuildGraph: node %s (%s): input %u is output %d of node %s (%s), "
                             "whose shape is known only after it runs (data-dependent); such a "
                             "value can feed only Cast, Identity and the graph outputs",
                             n->name, n->type, k, n->in[k].out, s->name, s->type);
        carry = s->out[n->in[k].out].bound;
    }
    for (uint32_t o = 0; o < op->nout; o++) {
        struct graph_val *v = &n->out[o];
        v->dtype = op->out[o].dtype;
        v->format = op->out[o].format;
        v->nd = op->out[o].nd;
        memcpy(v->dims, op->out[o].dims, sizeof(v->dims));
        v->bound = carry ? carry : op->bound[o];
    }
    return GE_OK;
}

/* ---- validation and inference -------------------------------------------------------- */

/* The declared input of node n's input entry i (a dynamic input's entries
 * all map to it). */
static int input_decl(const struct graph_node *n, uint32_t i)
{
    int dyn = decl_dyn(n);
    if (dyn < 0 || i < (uint32_t)dyn)
        return (int)i;
    if (i < (uint32_t)dyn + n->ndyn)
        return dyn;
    return (int)(i - n->ndyn + 1);
}

/* Required inputs of node n: all but the optional ones (every dynamic entry). */
static bool input_required(const struct graph_node *n, uint32_t i)
{
    return decl_kind(n, input_decl(n, i)) != '?';
}

bool *graph_value_feeders(const struct cpuaclGeGraph *g)
{
    /* a fixed point: each pass marks the producers of what is marked */
    bool *f = calloc(g->nnodes ? g->nnodes : 1, sizeof(bool)), more = true;
    while (f && more) {
        more = false;
        for (uint32_t i = 0; i < g->nnodes; i++) {
            const struct graph_node *n = &g->nodes[i];
            for (uint32_t k = 0; n->kind == GRAPH_OP && k < n->nin; k++) {
                int32_t s = n->in[k].node;
                if (s < 0 || f[s])
                    continue;
                if (decl_value(n, input_decl(n, k)) || (f[i] && graph_nout(n) == 1))
                    f[s] = more = true;
            }
        }
    }
    return f;
}

/* Whether node s has a Data node among its producers (a search marking each node once; out
 * of memory: true, the node then waits for the execution, which refuses what it cannot
 * compute). */
static bool after_data(const struct cpuaclGeGraph *g, int32_t s)
{
    bool *seen = calloc(g->nnodes, sizeof(bool));
    int32_t *stack = malloc(g->nnodes * sizeof(int32_t));
    bool found = !seen || !stack;
    uint32_t top = 0;
    if (!found) {
        stack[top++] = s;
        seen[s] = true;
    }
    while (!found && top) {
        const struct graph_node *n = &g->nodes[stack[--top]];
        found = n->kind == GRAPH_DATA;
        for (uint32_t k = 0; !found && k < n->nin; k++) {
            int32_t p = n->in[k].node;
            if (p >= 0 && !seen[p]) {
                seen[p] = true;
                stack[top++] = p;
            }
        }
    }
    free(seen);
    free(stack);
    return found;
}

/* Compute operator node n's output 0 on the host into g->folded (op: n's prepared instance,
 * every input a host value): false when out of memory or the plan fails (n then stays a
 * node of the graph; its consumer's value input is refused as not const). */
static bool fold_node(struct cpuaclGeGraph *g, int32_t i, struct proto_op *op)
{
    int64_t bytes = graph_val_bytes(&g->nodes[i].out[0]);
    if (bytes < 0 || bytes > 65536)
        return false;
    if (!g->folded && !(g->folded = calloc(g->nnodes, sizeof(*g->folded))))
        return false;
    free(g->folded[i].data); /* an earlier inference's */
    g->folded[i].data = NULL;
    void *operands[PROTO_MAX_IN + 1];
    for (uint32_t k = 0; k < op->nin; k++) {
        if (!op->in[k].absent && !op->in[k].data)
            return false;
        operands[k] = (void *)op->in[k].data;
    }
    void *y = calloc(1, (size_t)bytes + 1);
    struct proto_plan *plan = NULL;
    if (!y || op->nout != 1 || proto_build(op, &plan) != PROTO_OK) {
        free(y);
        return false;
    }
    operands[op->nin] = y;
    int32_t rc = proto_plan_run(plan, operands);
    proto_plan_free(plan);
    if (rc) {
        free(y);
        return false;
    }
    const struct graph_val *v = &g->nodes[i].out[0];
    cpuaclGeTensor *t = &g->folded[i];
    t->dtype = v->dtype;
    t->format = v->format;
    t->ndim = v->nd;
    memcpy(t->dims, v->dims, sizeof(int64_t) * (size_t)v->nd);
    t->data = y;
    t->size = (size_t)bytes;
    return true;
}

/* g->partial: operator node n waits for a value fed at run time (its value input fed by a
 * Data node without a hostval, or an input whose producer waits). */
static bool waits_value(const struct cpuaclGeGraph *g, const struct graph_node *n)
{
    for (uint32_t k = 0; n->kind == GRAPH_OP && k < n->nin; k++) {
        int32_t src = n->in[k].node;
        if (src < 0)
            continue;
        const struct graph_node *s = &g->nodes[src];
        if (s->kind == GRAPH_OP && s->out[n->in[k].out].nd < 0)
            return true;
        if (s->kind == GRAPH_DATA && decl_value(n, input_decl(n, k)) &&
            !(g->hostval && g->hostval[src].data))
            return true;
        /* a value computed from values fed at run time, not computed yet */
        if (s->kind == GRAPH_OP && decl_value(n, input_decl(n, k)) && !g->hostval &&
            after_data(g, src))
            return true;
    }
    return false;
}

/* Name of input i of n, for messages. */
static void input_name(const struct graph_node *n, uint32_t i, char *buf, size_t cap)
{
    int d = input_decl(n, i), dyn = decl_dyn(n), len;
    const char *nm = decl_in(n, d, &len);
    if (d == dyn)
        snprintf(buf, cap, "%.*s%u", len, nm, i - (uint32_t)dyn);
    else
        snprintf(buf, cap, "%.*s", len, nm);
}

uint32_t graph_infer(struct cpuaclGeGraph *g, const cpuaclGeTensor *inputs, size_t ninputs)
{
    uint32_t nn = g->nnodes;
    if (nn == 0)
        return graph_err(GE_GRAPH_PARAM_INVALID, "BuildGraph: graph %s has no nodes", g->name);
    if (g->noutputs == 0)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "BuildGraph: graph %s has no outputs (Graph::SetOutputs)", g->name);
    for (uint32_t i = 0; i < nn; i++) {
        struct graph_node *n = &g->nodes[i];
        if (n->kind == GRAPH_UNKNOWN)
            return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                             "BuildGraph: node %s has unknown operator type %s (not in "
                             "all_ops.h; see docs/graph.md)",
                             n->name, n->type);
        int dyn = decl_dyn(n), len;
        if (dyn >= 0 && n->ndyn == 0) {
            const char *dn = decl_in(n, dyn, &len);
            return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                             "BuildGraph: node %s (%s): dynamic input %.*s has no entries", n->name,
                             n->type, len, dn);
        }
        /* GE's IR gives an operator with a dynamic input the count as attribute N
         * (ConcatV2, ConcatD, Pack, AddN): when the node sets it, it must be the
         * number of entries the input has (GE's infer-shape refuses the node). */
        const struct graph_attr *na = dyn >= 0 ? graph_attr_get(n, "N") : NULL;
        if (na && na->kind == CPUACL_GE_ATTR_INT && na->i != (int64_t)n->ndyn) {
            const char *dn = decl_in(n, dyn, &len);
            return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                             "BuildGraph: node %s (%s): attribute N is %lld, dynamic input %.*s "
                             "has %u entries",
                             n->name, n->type, (long long)na->i, len, dn, n->ndyn);
        }
        for (uint32_t k = 0; k < n->nin; k++) {
            if (n->in[k].node < 0 && input_required(n, k)) {
                char nm[64];
                input_name(n, k, nm, sizeof(nm));
                return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                                 "BuildGraph: node %s (%s): input %s is not connected", n->name,
                                 n->type, nm);
            }
        }
    }
    /* Data nodes and graph input positions (GI1). */
    free(g->data_of);
    g->data_of = NULL;
    uint32_t ndata = 0;
    for (uint32_t i = 0; i < nn; i++)
        ndata += g->nodes[i].kind == GRAPH_DATA;
    if (ndata) {
        g->data_of = malloc(ndata * sizeof(int32_t));
        if (!g->data_of)
            return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
        for (uint32_t k = 0; k < ndata; k++)
            g->data_of[k] = -1;
        /* Explicit indexes first (the attribute, else the SetInputs
         * position); Data nodes with neither take the free positions in
         * the order they were added. */
        for (int pass = 0; pass < 2; pass++)
            for (uint32_t i = 0; i < nn; i++) {
                struct graph_node *n = &g->nodes[i];
                if (n->kind != GRAPH_DATA)
                    continue;
                int64_t idx = graph_attr_int(n, "index", -1);
                if (idx < 0)
                    for (uint32_t k = 0; k < g->ninputs; k++)
                        if (g->inputs[k] == (int32_t)i)
                            idx = k;
                if ((idx < 0) != (pass == 1))
                    continue;
                if (pass == 1)
                    for (idx = 0; idx < ndata && g->data_of[idx] >= 0; idx++)
                        ;
                if (idx < 0 || idx >= ndata || g->data_of[idx] >= 0) {
                    if (inputs_list_data(g, ndata)) { /* GI1 */
                        for (uint32_t k = 0; k < ndata; k++)
                            g->data_of[k] = g->inputs[k];
                        pass = 2;
                        break;
                    }
                    return graph_err(GE_GRAPH_PARAM_INVALID,
                                     "BuildGraph: Data node %s: index %lld is out of range or "
                                     "used twice (%u Data nodes)",
                                     n->name, (long long)idx, ndata);
                }
                g->data_of[idx] = (int32_t)i;
            }
    }
    g->ninputs = ndata;
    if (ninputs && ninputs != ndata)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "BuildGraph: %zu input tensors given, the graph has %u Data nodes",
                         ninputs, ndata);
    for (uint32_t k = 0; k < ndata; k++) {
        struct graph_node *n = &g->nodes[g->data_of[k]];
        const cpuaclGeTensor *d = ninputs ? &inputs[k] : NULL;
        if (!d || d->ndim < 0)
            d = n->in_desc[0].ndim >= 0 ? &n->in_desc[0] : &n->out_desc[0];
        if (desc_to_val(d, &n->out[0]) && d->dtype >= 0 && !graph_dtype_size(d->dtype))
            return graph_err(GE_GRAPH_UNSUPPORTED,
                             "BuildGraph: Data node %s (input %u) has data type %d, which "
                             "cpuacl's graph engine does not run (complex and sub-byte types)",
                             n->name, k, (int)d->dtype);
        if (!desc_to_val(d, &n->out[0]) || !graph_dtype_size(d->dtype))
            return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                             "BuildGraph: Data node %s (input %u) has no known shape and type "
                             "(give BuildGraph an input tensor or update_input_desc_x)",
                             n->name, k);
    }
    /* Kahn's order over the edges. */
    uint32_t *indeg = calloc(nn, sizeof(uint32_t));
    int32_t *q = malloc(nn * sizeof(int32_t));
    free(g->topo);
    g->topo = malloc(nn * sizeof(int32_t));
    if (!indeg || !q || !g->topo) {
        free(indeg);
        free(q);
        return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
    }
    for (uint32_t i = 0; i < nn; i++)
        for (uint32_t k = 0; k < g->nodes[i].nin; k++)
            indeg[i] += g->nodes[i].in[k].node >= 0;
    uint32_t qh = 0, qt = 0, done = 0;
    for (uint32_t i = 0; i < nn; i++)
        if (!indeg[i])
            q[qt++] = (int32_t)i;
    while (qh < qt) {
        int32_t v = q[qh++];
        g->nodes[v].order = (int32_t)done;
        g->topo[done++] = v;
        for (uint32_t i = 0; i < nn; i++)
            for (uint32_t k = 0; k < g->nodes[i].nin; k++)
                if (g->nodes[i].in[k].node == v && --indeg[i] == 0)
                    q[qt++] = (int32_t)i;
    }
    int32_t cyc = -1;
    for (uint32_t i = 0; i < nn && cyc < 0; i++)
        if (indeg[i])
            cyc = (int32_t)i;
    free(indeg);
    free(q);
    if (done != nn)
        return graph_err(GE_GRAPH_TOPO_SORT_FAILED,
                         "BuildGraph: graph %s has a cycle through node %s (%s)", g->name,
                         g->nodes[cyc].name, g->nodes[cyc].type);
    /* Infer in order. With values fed at run time, what they feed through operators toward a
     * value input is computed on the host as it is inferred (fold_node). */
    struct proto_op *op = malloc(sizeof(*op));
    bool *chain = g->hostval ? graph_value_feeders(g) : NULL;
    if (!op || (g->hostval && !chain)) {
        free(op);
        free(chain);
        return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
    }
    for (uint32_t t = 0; t < nn; t++) {
        struct graph_node *n = &g->nodes[g->topo[t]];
        uint32_t rc = GE_OK;
        for (uint32_t k = 0; k < n->nin && !rc; k++) {
            const struct graph_node *s = n->in[k].node >= 0 ? &g->nodes[n->in[k].node] : NULL;
            if (s && (uint32_t)n->in[k].out >= graph_nout(s))
                rc = graph_err(GE_GRAPH_PARAM_INVALID, "BuildGraph: %s has no output %d", s->name,
                               n->in[k].out);
        }
        if (!rc && g->partial && waits_value(g, n)) {
            for (uint32_t o = 0; o < graph_nout(n); o++)
                n->out[o].nd = -1; /* known at execution */
            continue;
        }
        for (uint32_t o = 0; o < graph_nout(n); o++)
            n->out[o].bound = 0; /* an operator's own from its rule (infer_op) */
        if (!rc && n->kind == GRAPH_CONST)
            rc = infer_const(g, n);
        else if (!rc && n->kind == GRAPH_OP)
            rc = infer_op(g, n, op);
        if (rc) {
            free(op);
            free(chain);
            return rc;
        }
        for (uint32_t o = 0; o < graph_nout(n); o++) {
            if (n->out[o].nd > CPUACL_GE_MAX_DIMS || !graph_dtype_size(n->out[o].dtype)) {
                free(op);
                free(chain);
                return graph_err(GE_GRAPH_UNSUPPORTED,
                                 "BuildGraph: node %s (%s): unsupported output type or rank",
                                 n->name, n->type);
            }
            /* Every size the memory plan and the runs use is this product: one
             * that overflows would plan a wrapped (small) buffer. */
            if (graph_val_bytes(&n->out[o]) < 0) {
                free(op);
                free(chain);
                return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                                 "BuildGraph: node %s (%s): output %u's size in bytes overflows "
                                 "int64 (%d dims, first %lld)",
                                 n->name, n->type, o, n->out[o].nd,
                                 (long long)(n->out[o].nd > 0 ? n->out[o].dims[0] : 0));
            }
        }
        /* after the checks above: the fold copies the output's dims and bytes */
        if (chain && chain[g->topo[t]] && n->kind == GRAPH_OP && graph_nout(n) == 1)
            fold_node(g, g->topo[t], op);
    }
    free(op);
    free(chain);
    for (uint32_t k = 0; k < g->noutputs; k++) {
        struct graph_ref r = g->outputs[k];
        if ((uint32_t)r.out >= graph_nout(&g->nodes[r.node]))
            return graph_err(GE_GRAPH_PARAM_INVALID, "BuildGraph: output %u: %s has no output %d",
                             k, g->nodes[r.node].name, r.out);
    }
    return GE_OK;
}
