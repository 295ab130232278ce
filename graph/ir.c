/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The graph IR: building (the cpuaclGeGraph* functions the C++ headers
 * call), the operator table (input/output names of GE's prototypes and their
 * inference rules), and graph_infer: topological order (Kahn; a node left
 * over is on a cycle), connection checks, and shape/dtype inference with a
 * message naming the node, its type and the offending shapes.
 *
 * A graph is built and inferred by one thread (the session lock serialises
 * AddGraph/BuildGraph on a graph); nothing here is shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "graph/engine.h"
#include "ops/engine/engine.h"

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
        n *= v->dims[i];
    return n;
}

static const char *shape_str(char *buf, size_t cap, const struct graph_val *v)
{
    if (v->nd < 0)
        return "[?]";
    return ops_shape_str(buf, cap, v->dims, v->nd);
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

static void node_free(struct graph_node *n)
{
    for (uint32_t i = 0; i < n->nattrs; i++) {
        struct graph_attr *a = &n->attrs[i];
        free(a->name);
        free(a->s);
        free(a->ints);
        free(a->floats);
        free(a->t.data);
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
    free(g->name);
    free(g);
}

void cpuaclGeGraphDestroy(cpuaclGeGraph *g)
{
    graph_free(g);
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
    n->def = graph_opdef_find(type);
    for (int i = 0; i < GRAPH_MAX_OUT; i++) {
        n->out[i].nd = -1;
        n->out_desc[i].ndim = -1;
    }
    if (n->def && !node_inputs(n, n->def->nin)) {
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
        a = &n->attrs[n->nattrs++];
        memset(a, 0, sizeof(*a));
        a->name = strdup(attr);
    } else {
        free(a->s);
        free(a->ints);
        free(a->floats);
        free(a->t.data);
        char *nm = a->name;
        memset(a, 0, sizeof(*a));
        a->name = nm;
    }
    a->kind = v->kind;
    a->i = v->i;
    a->f = v->f;
    a->n = v->n;
    if (v->kind == CPUACL_GE_ATTR_STR)
        a->s = strdup(v->s ? v->s : "");
    if (v->kind == CPUACL_GE_ATTR_INTS && v->n) {
        a->ints = malloc(v->n * sizeof(int64_t));
        if (a->ints)
            memcpy(a->ints, v->ints, v->n * sizeof(int64_t));
    }
    if (v->kind == CPUACL_GE_ATTR_FLOATS && v->n) {
        a->floats = malloc(v->n * sizeof(float));
        if (a->floats)
            memcpy(a->floats, v->floats, v->n * sizeof(float));
    }
    if (v->kind == CPUACL_GE_ATTR_TENSOR && v->tensor) {
        a->t = *v->tensor;
        a->t.data = NULL;
        if (v->tensor->size) {
            a->t.data = malloc(v->tensor->size);
            if (a->t.data && v->tensor->data)
                memcpy(a->t.data, v->tensor->data, v->tensor->size);
            else if (a->t.data)
                memset(a->t.data, 0, v->tensor->size);
        }
    }
    return GE_OK;
}

/* Position of input `name` in node n (dynamic inputs: name<k>); -1 = none.
 * Layout: the prototype order, the dynamic input expanded to ndyn entries
 * (one unconnected placeholder while ndyn is 0). */
static int input_index(const struct graph_node *n, const char *name)
{
    const struct graph_opdef *d = n->def;
    if (!d)
        return -1;
    for (int i = 0; i < d->nin; i++) {
        if (i == d->dyn)
            continue;
        if (!strcmp(d->in[i], name))
            return d->dyn < 0 || i < d->dyn || !n->ndyn ? i : i - 1 + (int)n->ndyn;
    }
    if (d->dyn >= 0) {
        size_t l = strlen(d->in[d->dyn]);
        if (!strncmp(name, d->in[d->dyn], l) && name[l] >= '0' && name[l] <= '9') {
            long k = strtol(name + l, NULL, 10);
            if (k < 0 || k >= (long)n->ndyn)
                return -1;
            return d->dyn + (int)k;
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
    const struct graph_opdef *d = n->def;
    if (!d || d->dyn < 0 || strcmp(d->in[d->dyn], input))
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s (%s) has no dynamic input %s", n->name,
                         n->type, input);
    if (cnt > 4096)
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s: too many dynamic inputs (%u)", n->name, cnt);
    uint32_t want = d->nin - 1 + (cnt ? cnt : 1);
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

static int output_index(const struct graph_node *n, const char *name)
{
    if (!n->def)
        return -1;
    for (int i = 0; i < n->def->nout; i++)
        if (!strcmp(n->def->out[i], name))
            return i;
    return -1;
}

uint32_t cpuaclGeGraphSetInput(cpuaclGeGraph *g, int32_t dst, const char *input, int32_t src,
                               const char *output, int32_t out_index)
{
    if (!node_ok(g, dst) || !node_ok(g, src) || !input)
        return graph_err(GE_GRAPH_PARAM_NULLPTR, "SetInput: bad node or NULL input name");
    struct graph_node *n = &g->nodes[dst];
    if (!n->def)
        return GE_OK; /* unknown type: reported at build */
    int i = input_index(n, input);
    if (i < 0)
        return graph_err(GE_GRAPH_PARAM_INVALID, "SetInput: %s (%s) has no input named %s",
                         n->name, n->type, input);
    struct graph_node *s = &g->nodes[src];
    int o = out_index;
    if (output && *output) {
        o = output_index(s, output);
        if (o < 0 && s->def)
            return graph_err(GE_GRAPH_PARAM_INVALID, "SetInput: %s (%s) has no output named %s",
                             s->name, s->type, output);
        if (o < 0)
            o = 0;
    }
    if (o < 0 || o >= GRAPH_MAX_OUT || (s->def && o >= s->def->nout))
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
    if (!n->def)
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
        return graph_err(GE_GRAPH_PARAM_INVALID, "%s (%s) has no input named %s", n->name,
                         n->type, name);
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

double graph_attr_float(const struct graph_node *n, const char *name, double dflt)
{
    const struct graph_attr *a = graph_attr_get(n, name);
    if (!a)
        return dflt;
    return a->kind == CPUACL_GE_ATTR_FLOAT ? a->f : (double)a->i;
}

const char *graph_attr_str(const struct graph_node *n, const char *name, const char *dflt)
{
    const struct graph_attr *a = graph_attr_get(n, name);
    return a && a->kind == CPUACL_GE_ATTR_STR ? a->s : dflt;
}

const struct graph_val *graph_in_val(const struct cpuaclGeGraph *g, const struct graph_node *n,
                                     uint32_t i)
{
    struct graph_ref r = n->in[i];
    return &g->nodes[r.node].out[r.out];
}

const cpuaclGeTensor *graph_in_const(const struct cpuaclGeGraph *g, const struct graph_node *n,
                                     uint32_t i)
{
    if (i >= n->nin || n->in[i].node < 0)
        return NULL;
    const struct graph_node *s = &g->nodes[n->in[i].node];
    if (strcmp(s->type, "Const") && strcmp(s->type, "Constant"))
        return NULL;
    const struct graph_attr *a = graph_attr_get(s, "value");
    return a && a->kind == CPUACL_GE_ATTR_TENSOR ? &a->t : NULL;
}

int graph_const_ints(const struct cpuaclGeGraph *g, const struct graph_node *n, uint32_t i,
                     int64_t *out, int cap)
{
    const cpuaclGeTensor *t = graph_in_const(g, n, i);
    if (!t)
        return -1;
    uint32_t es = graph_dtype_size(t->dtype);
    if (t->dtype != ACL_INT32 && t->dtype != ACL_INT64)
        return -1;
    int cnt = (int)(t->size / es);
    if (cnt > cap)
        return -1;
    for (int k = 0; k < cnt; k++)
        out[k] = t->dtype == ACL_INT32 ? ((const int32_t *)t->data)[k]
                                       : ((const int64_t *)t->data)[k];
    return cnt;
}

/* ---- inference rules ---------------------------------------------------------------- */

#define INFER_FAIL(g, n, ...)                                                                      \
    graph_err(GE_GRAPH_INFERSHAPE_FAILED, "BuildGraph: node %s (%s): " __VA_ARGS__)

static bool desc_to_val(const cpuaclGeTensor *d, struct graph_val *v)
{
    if (d->ndim < 0 || d->ndim > CPUACL_GE_MAX_DIMS)
        return false;
    v->dtype = d->dtype;
    v->nd = d->ndim;
    for (int i = 0; i < d->ndim; i++) {
        if (d->dims[i] < 0)
            return false;
        v->dims[i] = d->dims[i];
    }
    return true;
}

static uint32_t infer_const(struct cpuaclGeGraph *g, struct graph_node *n,
                            const struct graph_val *in)
{
    (void)g;
    (void)in;
    const struct graph_attr *a = graph_attr_get(n, "value");
    if (!a || a->kind != CPUACL_GE_ATTR_TENSOR)
        return INFER_FAIL(g, n, "attribute value (a Tensor) is not set", n->name, n->type);
    if (!desc_to_val(&a->t, &n->out[0]))
        return INFER_FAIL(g, n, "the value tensor has no valid shape", n->name, n->type);
    int64_t want = graph_val_numel(&n->out[0]) * graph_dtype_size(a->t.dtype);
    if (!graph_dtype_size(a->t.dtype) || (int64_t)a->t.size != want)
        return INFER_FAIL(g, n, "the value tensor holds %llu bytes, its shape and type need %lld",
                          n->name, n->type, (unsigned long long)a->t.size, (long long)want);
    return GE_OK;
}

static uint32_t same_dtype(struct graph_node *n, const struct graph_val *in, uint32_t cnt)
{
    for (uint32_t i = 1; i < cnt; i++)
        if (in[i].dtype != in[0].dtype)
            return INFER_FAIL(g, n, "input data types differ (%s and %s)", n->name, n->type,
                              ops_dt_name((aclDataType)in[0].dtype),
                              ops_dt_name((aclDataType)in[i].dtype));
    return GE_OK;
}

static uint32_t infer_binary(struct cpuaclGeGraph *g, struct graph_node *n,
                             const struct graph_val *in)
{
    (void)g;
    uint32_t rc = same_dtype(n, in, 2);
    if (rc)
        return rc;
    int nd;
    if (!ops_broadcast(in[0].dims, in[0].nd, in[1].dims, in[1].nd, n->out[0].dims, &nd)) {
        char a[96], b[96];
        return INFER_FAIL(g, n, "shapes %s and %s do not broadcast", n->name, n->type,
                          shape_str(a, sizeof(a), &in[0]), shape_str(b, sizeof(b), &in[1]));
    }
    n->out[0].nd = nd;
    n->out[0].dtype = in[0].dtype;
    return GE_OK;
}

static uint32_t infer_unary(struct cpuaclGeGraph *g, struct graph_node *n,
                            const struct graph_val *in)
{
    (void)g;
    n->out[0] = in[0];
    return GE_OK;
}

static uint32_t infer_cast(struct cpuaclGeGraph *g, struct graph_node *n, const struct graph_val *in)
{
    (void)g;
    n->out[0] = in[0];
    n->out[0].dtype = (int32_t)graph_attr_int(n, "dst_type", ACL_FLOAT);
    if (!graph_dtype_size(n->out[0].dtype))
        return INFER_FAIL(g, n, "unsupported dst_type %d", n->name, n->type, n->out[0].dtype);
    return GE_OK;
}

/* MatMul / MatMulV2 (2-D, transpose_x1/x2) and BatchMatMul (adj_x1/x2). */
static uint32_t infer_matmul(struct cpuaclGeGraph *g, struct graph_node *n,
                             const struct graph_val *in)
{
    (void)g;
    uint32_t rc = same_dtype(n, in, 2);
    if (rc)
        return rc;
    bool batch = !strcmp(n->type, "BatchMatMul") || !strcmp(n->type, "BatchMatMulV2");
    bool t1 = graph_attr_int(n, batch ? "adj_x1" : "transpose_x1", 0) != 0;
    bool t2 = graph_attr_int(n, batch ? "adj_x2" : "transpose_x2", 0) != 0;
    const struct graph_val *a = &in[0], *b = &in[1];
    char s1[96], s2[96];
    if ((!batch && (a->nd != 2 || b->nd != 2)) || a->nd < 2 || b->nd < 2)
        return INFER_FAIL(g, n, "inputs must be %s (got %s and %s)", n->name, n->type,
                          batch ? "at least 2-D" : "2-D", shape_str(s1, sizeof(s1), a),
                          shape_str(s2, sizeof(s2), b));
    int64_t m = a->dims[a->nd - (t1 ? 1 : 2)], k1 = a->dims[a->nd - (t1 ? 2 : 1)];
    int64_t k2 = b->dims[b->nd - (t2 ? 1 : 2)], nn = b->dims[b->nd - (t2 ? 2 : 1)];
    if (k1 != k2)
        return INFER_FAIL(g, n, "inner dimensions differ: %s x %s (transposes %d, %d)", n->name,
                          n->type, shape_str(s1, sizeof(s1), a), shape_str(s2, sizeof(s2), b),
                          t1, t2);
    int nd = 2;
    int64_t bd[CPUACL_GE_MAX_DIMS];
    if (!ops_broadcast(a->dims, a->nd - 2, b->dims, b->nd - 2, bd, &nd))
        return INFER_FAIL(g, n, "batch dimensions of %s and %s do not broadcast", n->name,
                          n->type, shape_str(s1, sizeof(s1), a), shape_str(s2, sizeof(s2), b));
    if (a->nd == 2 && b->nd == 2)
        nd = 0;
    struct graph_val *o = &n->out[0];
    o->dtype = a->dtype;
    o->nd = nd + 2;
    memcpy(o->dims, bd, nd * sizeof(int64_t));
    o->dims[nd] = m;
    o->dims[nd + 1] = nn;
    if (!batch && n->nin > 2 && n->in[2].node >= 0) { /* bias */
        const struct graph_val *bias = &in[2];
        if (bias->nd != 1 || bias->dims[0] != nn)
            return INFER_FAIL(g, n, "bias must be [%lld], got %s", n->name, n->type,
                              (long long)nn, shape_str(s1, sizeof(s1), bias));
    }
    return GE_OK;
}

static int norm_axis(int64_t ax, int nd)
{
    if (ax < 0)
        ax += nd;
    return ax < 0 || ax >= nd ? -1 : (int)ax;
}

static uint32_t infer_softmax(struct cpuaclGeGraph *g, struct graph_node *n,
                              const struct graph_val *in)
{
    (void)g;
    const struct graph_attr *a = graph_attr_get(n, "axes");
    int64_t ax = a && a->kind == CPUACL_GE_ATTR_INTS && a->n ? a->ints[0] : -1;
    if (a && a->kind == CPUACL_GE_ATTR_INTS && a->n > 1)
        return graph_err(GE_GRAPH_UNSUPPORTED, "node %s (SoftmaxV2): one axis supported, got %zu",
                         n->name, a->n);
    if (norm_axis(ax, in[0].nd) < 0)
        return INFER_FAIL(g, n, "axis %lld out of range for rank %d", n->name, n->type,
                          (long long)ax, in[0].nd);
    n->out[0] = in[0];
    return GE_OK;
}

static uint32_t infer_layernorm(struct cpuaclGeGraph *g, struct graph_node *n,
                                const struct graph_val *in)
{
    (void)g;
    int nd = in[0].nd;
    int b = norm_axis(graph_attr_int(n, "begin_norm_axis", 0), nd);
    int p = norm_axis(graph_attr_int(n, "begin_params_axis", 0), nd);
    if (b < 0 || p < 0)
        return INFER_FAIL(g, n, "begin_norm_axis/begin_params_axis out of range for rank %d",
                          n->name, n->type, nd);
    if (p != b)
        return graph_err(GE_GRAPH_UNSUPPORTED,
                         "node %s (LayerNorm): begin_params_axis must equal begin_norm_axis",
                         n->name);
    for (int k = 1; k < 3; k++) {
        const struct graph_val *w = &in[k];
        bool ok = w->nd == nd - b;
        for (int i = 0; ok && i < w->nd; i++)
            ok = w->dims[i] == in[0].dims[b + i];
        if (!ok) {
            char s1[96], s2[96];
            return INFER_FAIL(g, n, "%s %s does not match the normalised dims of x %s", n->name,
                              n->type, k == 1 ? "gamma" : "beta", shape_str(s1, sizeof(s1), w),
                              shape_str(s2, sizeof(s2), &in[0]));
        }
    }
    n->out[0] = in[0];
    n->out[1] = in[0];
    for (int i = b; i < nd; i++)
        n->out[1].dims[i] = 1;
    n->out[2] = n->out[1];
    return GE_OK;
}

static uint32_t infer_reduce(struct cpuaclGeGraph *g, struct graph_node *n,
                             const struct graph_val *in)
{
    int64_t axes[CPUACL_GE_MAX_DIMS];
    int na = graph_const_ints(g, n, 1, axes, CPUACL_GE_MAX_DIMS);
    if (na < 0)
        return graph_err(GE_GRAPH_UNSUPPORTED,
                         "node %s (%s): axes must come from a Const of int32/int64", n->name,
                         n->type);
    bool keep = graph_attr_int(n, "keep_dims", 0) != 0;
    bool red[CPUACL_GE_MAX_DIMS] = {false};
    for (int i = 0; i < na; i++) {
        int a = norm_axis(axes[i], in[0].nd);
        if (a < 0)
            return INFER_FAIL(g, n, "axis %lld out of range for rank %d", n->name, n->type,
                              (long long)axes[i], in[0].nd);
        red[a] = true;
    }
    if (na == 0) /* empty axes: reduce all (GE default) */
        for (int i = 0; i < in[0].nd; i++)
            red[i] = true;
    struct graph_val *o = &n->out[0];
    o->dtype = in[0].dtype;
    o->nd = 0;
    for (int i = 0; i < in[0].nd; i++) {
        if (!red[i])
            o->dims[o->nd++] = in[0].dims[i];
        else if (keep)
            o->dims[o->nd++] = 1;
    }
    return GE_OK;
}

static uint32_t infer_transpose(struct cpuaclGeGraph *g, struct graph_node *n,
                                const struct graph_val *in)
{
    int64_t perm[CPUACL_GE_MAX_DIMS];
    int np = graph_const_ints(g, n, 1, perm, CPUACL_GE_MAX_DIMS);
    if (np < 0)
        return graph_err(GE_GRAPH_UNSUPPORTED,
                         "node %s (Transpose): perm must come from a Const of int32/int64",
                         n->name);
    if (np != in[0].nd)
        return INFER_FAIL(g, n, "perm has %d entries for rank %d", n->name, n->type, np,
                          in[0].nd);
    bool seen[CPUACL_GE_MAX_DIMS] = {false};
    struct graph_val *o = &n->out[0];
    *o = in[0];
    for (int i = 0; i < np; i++) {
        int a = norm_axis(perm[i], np);
        if (a < 0 || seen[a])
            return INFER_FAIL(g, n, "perm is not a permutation", n->name, n->type);
        seen[a] = true;
        o->dims[i] = in[0].dims[a];
    }
    return GE_OK;
}

static uint32_t infer_reshape(struct cpuaclGeGraph *g, struct graph_node *n,
                              const struct graph_val *in)
{
    int64_t sh[CPUACL_GE_MAX_DIMS];
    int ns = graph_const_ints(g, n, 1, sh, CPUACL_GE_MAX_DIMS);
    if (ns < 0)
        return graph_err(GE_GRAPH_UNSUPPORTED,
                         "node %s (Reshape): shape must come from a Const of int32/int64 "
                         "(at most %d dims)",
                         n->name, CPUACL_GE_MAX_DIMS);
    int64_t known = 1, total = graph_val_numel(&in[0]);
    int neg = -1;
    struct graph_val *o = &n->out[0];
    o->dtype = in[0].dtype;
    o->nd = ns;
    for (int i = 0; i < ns; i++) {
        int64_t d = sh[i];
        if (d == 0 && i < in[0].nd)
            d = in[0].dims[i];
        if (d == -1) {
            if (neg >= 0)
                return INFER_FAIL(g, n, "more than one -1 in shape", n->name, n->type);
            neg = i;
            continue;
        }
        if (d < 0)
            return INFER_FAIL(g, n, "negative dim %lld in shape", n->name, n->type,
                              (long long)d);
        o->dims[i] = d;
        known *= d;
    }
    if (neg >= 0) {
        if (known == 0 || total % known)
            return INFER_FAIL(g, n, "cannot infer -1: %lld elements into %lld", n->name, n->type,
                              (long long)total, (long long)known);
        o->dims[neg] = total / known;
        known = total;
    }
    if (known != total) {
        char s1[96], s2[96];
        return INFER_FAIL(g, n, "cannot reshape %s (%lld elements) to %s", n->name, n->type,
                          shape_str(s1, sizeof(s1), &in[0]), (long long)total,
                          shape_str(s2, sizeof(s2), o));
    }
    return GE_OK;
}

static uint32_t infer_concat(struct cpuaclGeGraph *g, struct graph_node *n,
                             const struct graph_val *in)
{
    int64_t ax;
    uint32_t k = n->ndyn;
    if (k == 0)
        return INFER_FAIL(g, n, "no inputs (create_dynamic_input_x)", n->name, n->type);
    if (graph_const_ints(g, n, k, &ax, 1) != 1)
        return graph_err(GE_GRAPH_UNSUPPORTED,
                         "node %s (ConcatV2): concat_dim must come from a Const scalar", n->name);
    int a = norm_axis(ax, in[0].nd);
    if (a < 0)
        return INFER_FAIL(g, n, "concat_dim %lld out of range", n->name, n->type, (long long)ax);
    uint32_t rc = same_dtype(n, in, k);
    if (rc)
        return rc;
    struct graph_val *o = &n->out[0];
    *o = in[0];
    for (uint32_t i = 1; i < k; i++) {
        bool ok = in[i].nd == in[0].nd;
        for (int d = 0; ok && d < in[0].nd; d++)
            ok = d == a || in[i].dims[d] == in[0].dims[d];
        if (!ok) {
            char s1[96], s2[96];
            return INFER_FAIL(g, n, "input %u %s does not match input 0 %s off axis %d", n->name,
                              n->type, i, shape_str(s1, sizeof(s1), &in[i]),
                              shape_str(s2, sizeof(s2), &in[0]), a);
        }
        o->dims[a] += in[i].dims[a];
    }
    return GE_OK;
}

/* NCHW index of H, W and C for a data_format. */
static bool layout(const char *fmt, int *c, int *h, int *w)
{
    if (!strcmp(fmt, "NCHW")) {
        *c = 1, *h = 2, *w = 3;
        return true;
    }
    if (!strcmp(fmt, "NHWC")) {
        *c = 3, *h = 1, *w = 2;
        return true;
    }
    return false;
}

static bool ints4(const struct graph_node *n, const char *name, int64_t *v, bool required,
                  int64_t dflt)
{
    const struct graph_attr *a = graph_attr_get(n, name);
    if (!a) {
        for (int i = 0; i < 4; i++)
            v[i] = dflt;
        return !required;
    }
    if (a->kind != CPUACL_GE_ATTR_INTS || a->n != 4)
        return false;
    memcpy(v, a->ints, 4 * sizeof(int64_t));
    return true;
}

static uint32_t infer_conv2d(struct cpuaclGeGraph *g, struct graph_node *n,
                             const struct graph_val *in)
{
    (void)g;
    int c, h, w;
    const char *fmt = graph_attr_str(n, "data_format", "NHWC");
    if (!layout(fmt, &c, &h, &w))
        return INFER_FAIL(g, n, "unknown data_format %s", n->name, n->type, fmt);
    if (strcmp(fmt, "NCHW"))
        return graph_err(GE_GRAPH_UNSUPPORTED, "node %s (Conv2D): data_format NCHW only, got %s",
                         n->name, fmt);
    int64_t st[4], pd[4], dl[4];
    if (!ints4(n, "strides", st, true, 1) || !ints4(n, "pads", pd, true, 0) ||
        !ints4(n, "dilations", dl, false, 1))
        return INFER_FAIL(g, n, "strides and pads (4 values each) are required, dilations 4 values",
                          n->name, n->type);
    int64_t groups = graph_attr_int(n, "groups", 1);
    const struct graph_val *x = &in[0], *f = &in[1];
    char s1[96], s2[96];
    if (x->nd != 4 || f->nd != 4)
        return INFER_FAIL(g, n, "x and filter must be 4-D (got %s and %s)", n->name, n->type,
                          shape_str(s1, sizeof(s1), x), shape_str(s2, sizeof(s2), f));
    uint32_t rc = same_dtype(n, in, 2);
    if (rc)
        return rc;
    if (groups < 1 || x->dims[1] % groups || f->dims[0] % groups || f->dims[1] * groups != x->dims[1])
        return INFER_FAIL(g, n, "filter %s does not fit input %s with groups %lld", n->name,
                          n->type, shape_str(s1, sizeof(s1), f), shape_str(s2, sizeof(s2), x),
                          (long long)groups);
    if (st[2] < 1 || st[3] < 1 || dl[2] < 1 || dl[3] < 1 || pd[0] < 0 || pd[1] < 0 ||
        pd[2] < 0 || pd[3] < 0)
        return INFER_FAIL(g, n, "strides/dilations must be >= 1 and pads >= 0", n->name, n->type);
    int64_t oh = (x->dims[2] + pd[0] + pd[1] - dl[2] * (f->dims[2] - 1) - 1) / st[2] + 1;
    int64_t ow = (x->dims[3] + pd[2] + pd[3] - dl[3] * (f->dims[3] - 1) - 1) / st[3] + 1;
    if (oh <= 0 || ow <= 0)
        return INFER_FAIL(g, n, "the filter %s is larger than the padded input %s", n->name,
                          n->type, shape_str(s1, sizeof(s1), f), shape_str(s2, sizeof(s2), x));
    if (n->nin > 2 && n->in[2].node >= 0 && (in[2].nd != 1 || in[2].dims[0] != f->dims[0]))
        return INFER_FAIL(g, n, "bias must be [%lld]", n->name, n->type, (long long)f->dims[0]);
    struct graph_val *o = &n->out[0];
    o->dtype = x->dtype;
    o->nd = 4;
    o->dims[0] = x->dims[0];
    o->dims[1] = f->dims[0];
    o->dims[2] = oh;
    o->dims[3] = ow;
    return GE_OK;
}

static uint32_t infer_biasadd(struct cpuaclGeGraph *g, struct graph_node *n,
                              const struct graph_val *in)
{
    (void)g;
    const char *fmt = graph_attr_str(n, "data_format", "NHWC");
    int c = !strcmp(fmt, "NCHW") ? 1 : in[0].nd - 1;
    if (strcmp(fmt, "NCHW") && strcmp(fmt, "NHWC"))
        return INFER_FAIL(g, n, "unknown data_format %s", n->name, n->type, fmt);
    uint32_t rc = same_dtype(n, in, 2);
    if (rc)
        return rc;
    if (in[0].nd < 2 || c >= in[0].nd || in[1].nd != 1 || in[1].dims[0] != in[0].dims[c]) {
        char s1[96], s2[96];
        return INFER_FAIL(g, n, "bias %s does not match the channels of x %s (%s)", n->name,
                          n->type, shape_str(s1, sizeof(s1), &in[1]),
                          shape_str(s2, sizeof(s2), &in[0]), fmt);
    }
    n->out[0] = in[0];
    return GE_OK;
}

static uint32_t infer_pool(struct cpuaclGeGraph *g, struct graph_node *n, const struct graph_val *in)
{
    (void)g;
    const char *fmt = graph_attr_str(n, "data_format", "NHWC");
    if (strcmp(fmt, "NCHW"))
        return graph_err(GE_GRAPH_UNSUPPORTED, "node %s (%s): data_format NCHW only, got %s",
                         n->name, n->type, fmt);
    int64_t k[4], s[4];
    if (!ints4(n, "ksize", k, true, 1) || !ints4(n, "strides", s, true, 1))
        return INFER_FAIL(g, n, "ksize and strides (4 values each) are required", n->name,
                          n->type);
    const char *pad = graph_attr_str(n, "padding", "");
    bool same = !strcmp(pad, "SAME");
    if (!same && strcmp(pad, "VALID"))
        return INFER_FAIL(g, n, "padding must be SAME or VALID, got '%s'", n->name, n->type, pad);
    if (in[0].nd != 4)
        return INFER_FAIL(g, n, "x must be 4-D", n->name, n->type);
    if (k[0] != 1 || k[1] != 1 || s[0] != 1 || s[1] != 1 || k[2] < 1 || k[3] < 1 || s[2] < 1 ||
        s[3] < 1)
        return INFER_FAIL(g, n, "ksize/strides must be [1, 1, kh, kw] with positive values",
                          n->name, n->type);
    struct graph_val *o = &n->out[0];
    *o = in[0];
    for (int d = 2; d < 4; d++) {
        int64_t x = in[0].dims[d];
        o->dims[d] = same ? (x + s[d] - 1) / s[d] : (x - k[d]) / s[d] + 1;
        if (!same && x < k[d])
            return INFER_FAIL(g, n, "window %lld larger than input %lld (VALID)", n->name,
                              n->type, (long long)k[d], (long long)x);
    }
    return GE_OK;
}

static uint32_t infer_data(struct cpuaclGeGraph *g, struct graph_node *n, const struct graph_val *in)
{
    (void)g;
    (void)in;
    (void)n;
    return GE_OK; /* set by graph_infer from the build inputs / descriptions */
}

static const struct graph_opdef g_ops[] = {
    {"Data", {"x"}, 1, 0, -1, {"y"}, 1, infer_data},
    {"Const", {""}, 0, 0, -1, {"y"}, 1, infer_const},
    {"Constant", {""}, 0, 0, -1, {"y"}, 1, infer_const},
    {"Add", {"x1", "x2"}, 2, 2, -1, {"y"}, 1, infer_binary},
    {"Sub", {"x1", "x2"}, 2, 2, -1, {"y"}, 1, infer_binary},
    {"Mul", {"x1", "x2"}, 2, 2, -1, {"y"}, 1, infer_binary},
    {"Div", {"x1", "x2"}, 2, 2, -1, {"y"}, 1, infer_binary},
    {"RealDiv", {"x1", "x2"}, 2, 2, -1, {"y"}, 1, infer_binary},
    {"Relu", {"x"}, 1, 1, -1, {"y"}, 1, infer_unary},
    {"Sigmoid", {"x"}, 1, 1, -1, {"y"}, 1, infer_unary},
    {"Tanh", {"x"}, 1, 1, -1, {"y"}, 1, infer_unary},
    {"Exp", {"x"}, 1, 1, -1, {"y"}, 1, infer_unary},
    {"Sqrt", {"x"}, 1, 1, -1, {"y"}, 1, infer_unary},
    {"Identity", {"x"}, 1, 1, -1, {"y"}, 1, infer_unary},
    {"Cast", {"x"}, 1, 1, -1, {"y"}, 1, infer_cast},
    {"MatMul", {"x1", "x2", "bias"}, 3, 2, -1, {"y"}, 1, infer_matmul},
    {"MatMulV2", {"x1", "x2", "bias", "offset_w"}, 4, 2, -1, {"y"}, 1, infer_matmul},
    {"BatchMatMul", {"x1", "x2"}, 2, 2, -1, {"y"}, 1, infer_matmul},
    {"SoftmaxV2", {"x"}, 1, 1, -1, {"y"}, 1, infer_softmax},
    {"LayerNorm", {"x", "gamma", "beta"}, 3, 3, -1, {"y", "mean", "variance"}, 3,
     infer_layernorm},
    {"ReduceSum", {"x", "axes"}, 2, 2, -1, {"y"}, 1, infer_reduce},
    {"ReduceMean", {"x", "axes"}, 2, 2, -1, {"y"}, 1, infer_reduce},
    {"Transpose", {"x", "perm"}, 2, 2, -1, {"y"}, 1, infer_transpose},
    {"Reshape", {"x", "shape"}, 2, 2, -1, {"y"}, 1, infer_reshape},
    {"ConcatV2", {"x", "concat_dim"}, 2, 2, 0, {"y"}, 1, infer_concat},
    {"Conv2D", {"x", "filter", "bias", "offset_w"}, 4, 2, -1, {"y"}, 1, infer_conv2d},
    {"BiasAdd", {"x", "bias"}, 2, 2, -1, {"y"}, 1, infer_biasadd},
    {"MaxPool", {"x"}, 1, 1, -1, {"y"}, 1, infer_pool},
    {"AvgPool", {"x"}, 1, 1, -1, {"y"}, 1, infer_pool},
};

const struct graph_opdef *graph_opdef_find(const char *type)
{
    for (size_t i = 0; i < sizeof(g_ops) / sizeof(g_ops[0]); i++)
        if (!strcmp(g_ops[i].type, type))
            return &g_ops[i];
    return NULL;
}

/* ---- validation and inference -------------------------------------------------------- */

/* Required inputs of node n: the fixed required ones and every dynamic entry. */
static bool input_required(const struct graph_node *n, uint32_t i)
{
    const struct graph_opdef *d = n->def;
    if (d->dyn < 0)
        return i < d->nreq;
    if (i < (uint32_t)d->dyn)
        return i < d->nreq;
    if (i < (uint32_t)d->dyn + n->ndyn)
        return true;
    uint32_t proto = i - n->ndyn + 1; /* index in the prototype */
    return proto < d->nreq;
}

/* Name of input i of n, for messages. */
static void input_name(const struct graph_node *n, uint32_t i, char *buf, size_t cap)
{
    const struct graph_opdef *d = n->def;
    if (d->dyn >= 0 && i >= (uint32_t)d->dyn && i < (uint32_t)d->dyn + n->ndyn)
        snprintf(buf, cap, "%s%u", d->in[d->dyn], i - (uint32_t)d->dyn);
    else if (d->dyn >= 0 && i >= (uint32_t)d->dyn + n->ndyn)
        snprintf(buf, cap, "%s", d->in[i - n->ndyn + 1]);
    else
        snprintf(buf, cap, "%s", d->in[i]);
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
        if (!n->def)
            return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                             "BuildGraph: node %s has unknown operator type %s (not in "
                             "all_ops.h; see docs/graph.md)",
                             n->name, n->type);
        if (n->def->dyn >= 0 && n->ndyn == 0)
            return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                             "BuildGraph: node %s (%s): dynamic input %s has no entries", n->name,
                             n->type, n->def->in[n->def->dyn]);
        for (uint32_t k = 0; k < n->nin; k++) {
            if (n->in[k].node < 0 && input_required(n, k) && strcmp(n->type, "Data")) {
                char nm[64];
                input_name(n, k, nm, sizeof(nm));
                return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                                 "BuildGraph: node %s (%s): input %s is not connected", n->name,
                                 n->type, nm);
            }
        }
    }
    /* Data nodes and graph input positions: the index attribute if set,
     * else the position in SetInputs. */
    free(g->data_of);
    g->data_of = NULL;
    uint32_t ndata = 0;
    for (uint32_t i = 0; i < nn; i++)
        ndata += !strcmp(g->nodes[i].type, "Data");
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
                if (strcmp(n->type, "Data"))
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
                if (idx < 0 || idx >= ndata || g->data_of[idx] >= 0)
                    return graph_err(GE_GRAPH_PARAM_INVALID,
                                     "BuildGraph: Data node %s: index %lld is out of range or "
                                     "used twice (%u Data nodes)",
                                     n->name, (long long)idx, ndata);
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
    /* Infer in order. */
    struct graph_val in[64];
    for (uint32_t t = 0; t < nn; t++) {
        struct graph_node *n = &g->nodes[g->topo[t]];
        if (n->nin > 64)
            return graph_err(GE_GRAPH_UNSUPPORTED, "BuildGraph: node %s has more than 64 inputs",
                             n->name);
        for (uint32_t k = 0; k < n->nin; k++) {
            if (n->in[k].node < 0) {
                in[k].nd = -1;
                continue;
            }
            const struct graph_node *s = &g->nodes[n->in[k].node];
            if (n->in[k].out >= s->def->nout)
                return graph_err(GE_GRAPH_PARAM_INVALID, "BuildGraph: %s has no output %d",
                                 s->name, n->in[k].out);
            in[k] = s->out[n->in[k].out];
        }
        uint32_t rc = n->def->infer(g, n, in);
        if (rc)
            return rc;
        for (int o = 0; o < n->def->nout; o++)
            if (n->out[o].nd > CPUACL_GE_MAX_DIMS || !graph_dtype_size(n->out[o].dtype))
                return graph_err(GE_GRAPH_UNSUPPORTED,
                                 "BuildGraph: node %s (%s): unsupported output type or rank",
                                 n->name, n->type);
    }
    for (uint32_t k = 0; k < g->noutputs; k++) {
        struct graph_ref r = g->outputs[k];
        if (r.out >= g->nodes[r.node].def->nout)
            return graph_err(GE_GRAPH_PARAM_INVALID, "BuildGraph: output %u: %s has no output %d",
                             k, g->nodes[r.node].name, r.out);
    }
    return GE_OK;
}
