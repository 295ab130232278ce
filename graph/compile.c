/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The graph compiler: an inferred graph becomes
 *   1. launches: each operator node is lowered to one or more aclnn
 *      executors (phase 1 of the aclnn API, run once at BuildGraph) or a
 *      plain copy; a launch names, per executor address slot, the buffer it
 *      reads or writes;
 *   2. a buffer table: [0, nin) the graph inputs and [nin, nin + nout) the
 *      graph outputs (bound to the caller's device memory at each run, no
 *      copies), then one buffer per Const, then the intermediate buffers of
 *      the memory plan, carved out of one device arena;
 *   3. lanes: one per independent branch (a node continues the lane of a
 *      producer whose lane it ends, else opens a new lane, up to
 *      GRAPH_MAX_LANES), with an event wherever an edge crosses lanes;
 *   4. on the first run (a device context is needed): the launches are
 *      captured, lane by lane on internal streams joined by those events,
 *      into a model run instance (aclmdlRICaptureBegin/End): the replay
 *      plan captured models use, whose lanes run in parallel on the
 *      device's workers.
 *
 * A run then queues, on the caller's stream: one bind task (writes the
 * caller's input/output addresses into the buffer table; skipped when they
 * are the addresses of the previous run) and aclmdlRIExecuteAsync. Captured
 * launches read the table when they run.
 *
 * Invariants:
 *  GC1. Runs of one compiled graph are serialised: on one stream by stream
 *      order (the bind task of run k+1 follows the model's JOIN of run k),
 *      across streams by a hand-over event recorded on the previous run's
 *      stream and waited on by the new one before its bind task. So the
 *      table is never rewritten while a replay reads it.
 *  GC2. Memory plan: a buffer is reused by a value produced by node n only if
 *      the producer and every consumer of the buffer's current value are
 *      ancestors of n in the graph (so, in the lane/event order, they have
 *      completed before n starts, whatever lane they ran on). Checking the
 *      current value is enough: its producer was placed after every user of
 *      the previous value (by the same rule), and ancestry is transitive.
 *  GC3. Executors are built once (READY state, never handed to ops_launch)
 *      and run directly by the captured launch with the table's addresses;
 *      their plans are immutable, so concurrent replays are safe (X4 of
 *      ops/engine/exec.c). They are destroyed with the graph.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_avgpool2d.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_cat.h"
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_sqrt.h"
#include "aclnnop/aclnn_sub.h"
#include "aclnnop/aclnn_tanh.h"
#include "core/launch.h"
#include "graph/engine.h"
#include "ops/conv/pool.h"
#include "ops/engine/engine.h"

#define GRAPH_MAX_LANES 8
#define GRAPH_ALIGN 64

enum gx_kind { GX_EXEC, GX_COPY, GX_VARIANCE };

/* One captured launch. */
struct gx {
    struct graph_compiled *c;
    int kind;
    int32_t node; /* for lanes and messages */
    aclOpExecutor *e;
    int32_t nslots;
    int32_t *slotbuf; /* slot -> buffer, -1 = none */
    int32_t src, dst; /* COPY: buffers; VARIANCE: dst holds rstd, in place */
    uint64_t bytes;   /* COPY bytes; VARIANCE elements */
    double eps;
    aclrtEvent ev; /* recorded after it when a later launch on another lane needs it */
    bool need_ev;
};

struct graph_compiled {
    /* I: set by graph_compile */
    uint32_t nin, nout, nconst, nbuf;
    void **addr;        /* buffer table; bound entries written by the bind task (GC1) */
    uint64_t *bufbytes; /* size of each buffer */
    uint64_t *bufoff;   /* arena offset of pool buffers */
    int32_t *const_node; /* const buffer k -> node */
    uint64_t arena_bytes, unshared_bytes;
    uint32_t npool;
    struct gx **gx;
    uint32_t ngx, cgx;
    uint32_t nlanes;
    int32_t *vbuf; /* value (node * GRAPH_MAX_OUT + out) -> buffer */
    /* device state, under lock */
    pthread_mutex_t lock;
    bool captured;
    int32_t device;
    aclmdlRI ri;
    void *arena;
    void **const_dev;
    aclrtEvent fork_ev, hand_ev;
    aclrtEvent join_ev[GRAPH_MAX_LANES];
    aclrtStream last_stream;
    bool bound_valid;
    atomic_bool bind_lost; /* A: a bind task was discarded (bind_release) */
    void **bound; /* the addresses of the last bind task queued (GC1: what the table holds
                     when the next run executes); NULL until the first run */
};

static int32_t vid(int32_t node, int32_t out)
{
    return node * GRAPH_MAX_OUT + out;
}

static bool is_source(const struct graph_node *n)
{
    return !strcmp(n->type, "Data") || !strcmp(n->type, "Const") || !strcmp(n->type, "Constant");
}

uint64_t graph_out_bytes(const struct cpuaclGeGraph *g, uint32_t i)
{
    const struct graph_val *v = &g->nodes[g->outputs[i].node].out[g->outputs[i].out];
    return (uint64_t)graph_val_numel(v) * graph_dtype_size(v->dtype);
}

static uint64_t val_bytes(const struct graph_val *v)
{
    return (uint64_t)graph_val_numel(v) * graph_dtype_size(v->dtype);
}

/* ---- launches --------------------------------------------------------------- */

static int32_t gx_run(void *arg)
{
    const struct gx *x = arg;
    void *const *table = x->c->addr;
    switch (x->kind) {
    case GX_COPY:
        if (x->bytes)
            memmove(table[x->dst], table[x->src], x->bytes);
        return 0;
    case GX_VARIANCE: {
        float *v = table[x->dst];
        for (uint64_t i = 0; i < x->bytes; i++)
            v[i] = 1.0f / (v[i] * v[i]) - (float)x->eps;
        return 0;
    }
    default:
        break;
    }
    if (!x->e->run)
        return 0;
    void *inl[8] = {NULL};
    void **addr = x->nslots <= 8 ? inl : malloc(x->nslots * sizeof(void *));
    if (!addr)
        return ACL_ERROR_BAD_ALLOC;
    for (int32_t s = 0; s < x->nslots; s++)
        addr[s] = x->slotbuf[s] >= 0 ? table[x->slotbuf[s]] : NULL;
    int32_t rc = x->e->run(x->e, addr);
    if (addr != inl)
        free(addr);
    return rc;
}

static struct gx *gx_add(struct graph_compiled *c, int kind, int32_t node)
{
    if (c->ngx == c->cgx) {
        uint32_t n = c->cgx ? c->cgx * 2 : 16;
        struct gx **v = realloc(c->gx, n * sizeof(*v));
        if (!v)
            return NULL;
        c->gx = v;
        c->cgx = n;
    }
    struct gx *x = calloc(1, sizeof(*x));
    if (!x)
        return NULL;
    x->c = c;
    x->kind = kind;
    x->node = node;
    x->src = x->dst = -1;
    c->gx[c->ngx++] = x;
    return x;
}

/* ---- lowering ------------------------------------------------------------------ */

/* The aclTensors of one node's phase-1 call and the buffers they stand for. */
struct lower {
    aclTensor *t[80];
    int32_t buf[80];
    bool owned[80]; /* false: owned by a tensor list */
    int n;
};

static aclTensor *mk_view(struct lower *L, int32_t buf, int32_t dtype, const int64_t *dims,
                          int nd, const int64_t *strides, bool owned)
{
    if (L->n >= 80)
        return NULL;
    static char dummy[64]; /* phase 1 records the address only; launches use the table */
    int64_t sd[CPUACL_GE_MAX_DIMS], cnt = 1;
    for (int i = 0; i < nd; i++)
        cnt *= dims[i];
    sd[0] = cnt;
    aclTensor *t = aclCreateTensor(dims, (uint64_t)nd, (aclDataType)dtype, strides, 0,
                                   ACL_FORMAT_ND, sd, 1, dummy);
    if (!t)
        return NULL;
    L->t[L->n] = t;
    L->buf[L->n] = buf;
    L->owned[L->n] = owned;
    L->n++;
    return t;
}

static aclTensor *mk(struct lower *L, int32_t buf, const struct graph_val *v)
{
    return mk_view(L, buf, v->dtype, v->dims, v->nd, NULL, true);
}

static void lower_free(struct lower *L)
{
    for (int i = 0; i < L->n; i++)
        if (L->owned[i])
            aclDestroyTensor(L->t[i]);
    L->n = 0;
}

/* Bind the executor's slots to buffers (through the tensors of L). */
static uint32_t finish_exec(struct graph_compiled *c, struct lower *L, int32_t node,
                            const char *type, aclnnStatus st, aclOpExecutor *e)
{
    if (st != ACLNN_SUCCESS || !e)
        return graph_err(GE_GRAPH_INFERSHAPE_FAILED, "BuildGraph: node %d (%s): %s", node, type,
                         aclGetRecentErrMsg());
    struct gx *x = gx_add(c, GX_EXEC, node);
    if (!x) {
        aclDestroyAclOpExecutor(e);
        return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
    }
    x->e = e;
    x->nslots = e->nslots;
    x->slotbuf = malloc((e->nslots ? e->nslots : 1) * sizeof(int32_t));
    if (!x->slotbuf)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
    for (int s = 0; s < e->nslots; s++) {
        int grp = e->slot_group[s];
        x->slotbuf[s] = -1;
        if (grp < 0)
            continue;
        const void *src = e->group_src[grp];
        for (int k = 0; k < L->n; k++)
            if ((const void *)L->t[k] == src)
                x->slotbuf[s] = L->buf[k];
        if (x->slotbuf[s] < 0)
            return graph_err(GE_GRAPH_INFERSHAPE_FAILED,
                             "BuildGraph: node %d (%s): internal error binding slot %d", node,
                             type, s);
    }
    return GE_OK;
}

static uint32_t add_copy(struct graph_compiled *c, int32_t node, int32_t src, int32_t dst,
                         uint64_t bytes)
{
    struct gx *x = gx_add(c, GX_COPY, node);
    if (!x)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
    x->src = src;
    x->dst = dst;
    x->bytes = bytes;
    return GE_OK;
}

static void strides_of(const int64_t *dims, int nd, int64_t *st)
{
    int64_t s = 1;
    for (int i = nd - 1; i >= 0; i--) {
        st[i] = s;
        s *= dims[i];
    }
}

/* A view of value v with its last two dims swapped (a transposed operand). */
static aclTensor *mk_t(struct lower *L, int32_t buf, const struct graph_val *v, bool t)
{
    if (!t)
        return mk(L, buf, v);
    int64_t d[CPUACL_GE_MAX_DIMS], st[CPUACL_GE_MAX_DIMS];
    strides_of(v->dims, v->nd, st);
    memcpy(d, v->dims, v->nd * sizeof(int64_t));
    int a = v->nd - 2, b = v->nd - 1;
    int64_t td = d[a], ts = st[a];
    d[a] = d[b], st[a] = st[b];
    d[b] = td, st[b] = ts;
    return mk_view(L, buf, v->dtype, d, v->nd, st, true);
}

static uint32_t lower_node(struct cpuaclGeGraph *g, struct graph_compiled *c, int32_t ni)
{
    struct graph_node *n = &g->nodes[ni];
    const char *ty = n->type;
    struct lower L = {.n = 0};
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    aclnnStatus st = ACLNN_ERR_PARAM_INVALID;
    const struct graph_val *in[64];
    int32_t ib[64];
    for (uint32_t k = 0; k < n->nin && k < 64; k++) {
        if (n->in[k].node < 0) {
            in[k] = NULL;
            ib[k] = -1;
            continue;
        }
        in[k] = graph_in_val(g, n, k);
        ib[k] = c->vbuf[vid(n->in[k].node, n->in[k].out)];
    }
    int32_t ob = c->vbuf[vid(ni, 0)];
    const struct graph_val *ov = &n->out[0];
    uint32_t rc = GE_OK;
    float one = 1.0f;
    aclScalar *alpha = NULL;
    aclIntArray *ia = NULL;
    aclTensorList *tl = NULL;

    if (!strcmp(ty, "Add") || !strcmp(ty, "Sub") || !strcmp(ty, "BiasAdd")) {
        alpha = aclCreateScalar(&one, ACL_FLOAT);
        aclTensor *a = mk(&L, ib[0], in[0]), *b, *o = mk(&L, ob, ov);
        if (!strcmp(ty, "BiasAdd")) {
            int64_t d[CPUACL_GE_MAX_DIMS];
            int nd = 1;
            d[0] = in[1]->dims[0];
            if (!strcmp(graph_attr_str(n, "data_format", "NHWC"), "NCHW"))
                for (int i = 2; i < in[0]->nd; i++)
                    d[nd++] = 1;
            b = mk_view(&L, ib[1], in[1]->dtype, d, nd, NULL, true);
        } else {
            b = mk(&L, ib[1], in[1]);
        }
        st = !strcmp(ty, "Sub") ? aclnnSubGetWorkspaceSize(a, b, alpha, o, &ws, &e)
                                : aclnnAddGetWorkspaceSize(a, b, alpha, o, &ws, &e);
    } else if (!strcmp(ty, "Mul")) {
        st = aclnnMulGetWorkspaceSize(mk(&L, ib[0], in[0]), mk(&L, ib[1], in[1]),
                                      mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Div") || !strcmp(ty, "RealDiv")) {
        st = aclnnDivGetWorkspaceSize(mk(&L, ib[0], in[0]), mk(&L, ib[1], in[1]),
                                      mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Relu")) {
        st = aclnnReluGetWorkspaceSize(mk(&L, ib[0], in[0]), mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Sigmoid")) {
        st = aclnnSigmoidGetWorkspaceSize(mk(&L, ib[0], in[0]), mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Tanh")) {
        st = aclnnTanhGetWorkspaceSize(mk(&L, ib[0], in[0]), mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Exp")) {
        st = aclnnExpGetWorkspaceSize(mk(&L, ib[0], in[0]), mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Sqrt")) {
        st = aclnnSqrtGetWorkspaceSize(mk(&L, ib[0], in[0]), mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Identity") || !strcmp(ty, "Reshape")) {
        return add_copy(c, ni, ib[0], ob, val_bytes(ov));
    } else if (!strcmp(ty, "Cast")) {
        st = aclnnCastGetWorkspaceSize(mk(&L, ib[0], in[0]), (aclDataType)ov->dtype,
                                       mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "MatMul") || !strcmp(ty, "MatMulV2") || !strcmp(ty, "BatchMatMul")) {
        bool batch = !strcmp(ty, "BatchMatMul");
        bool t1 = graph_attr_int(n, batch ? "adj_x1" : "transpose_x1", 0) != 0;
        bool t2 = graph_attr_int(n, batch ? "adj_x2" : "transpose_x2", 0) != 0;
        st = aclnnMatmulGetWorkspaceSize(mk_t(&L, ib[0], in[0], t1), mk_t(&L, ib[1], in[1], t2),
                                         mk(&L, ob, ov), 0, &ws, &e);
        if (!batch && n->nin > 2 && in[2]) { /* bias: a second launch, in place */
            rc = finish_exec(c, &L, ni, ty, st, e);
            lower_free(&L);
            if (rc)
                return rc;
            e = NULL;
            alpha = aclCreateScalar(&one, ACL_FLOAT);
            st = aclnnInplaceAddGetWorkspaceSize(mk(&L, ob, ov), mk(&L, ib[2], in[2]), alpha,
                                                 &ws, &e);
        }
    } else if (!strcmp(ty, "SoftmaxV2")) {
        const struct graph_attr *a = graph_attr_get(n, "axes");
        int64_t ax = a && a->kind == CPUACL_GE_ATTR_INTS && a->n ? a->ints[0] : -1;
        st = aclnnSoftmaxGetWorkspaceSize(mk(&L, ib[0], in[0]), ax, mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "LayerNorm")) {
        int nd = in[0]->nd;
        int64_t b = graph_attr_int(n, "begin_norm_axis", 0);
        if (b < 0)
            b += nd;
        double eps = graph_attr_float(n, "epsilon", 1e-7);
        ia = aclCreateIntArray(in[0]->dims + b, (uint64_t)(nd - b));
        int32_t mb = c->vbuf[vid(ni, 1)], vb = c->vbuf[vid(ni, 2)];
        st = aclnnLayerNormGetWorkspaceSize(mk(&L, ib[0], in[0]), ia, mk(&L, ib[1], in[1]),
                                            mk(&L, ib[2], in[2]), eps, mk(&L, ob, ov),
                                            mk(&L, mb, &n->out[1]), mk(&L, vb, &n->out[2]), &ws,
                                            &e);
        rc = finish_exec(c, &L, ni, ty, st, e);
        lower_free(&L);
        aclDestroyIntArray(ia);
        if (rc)
            return rc;
        if (n->out[2].dtype != ACL_FLOAT)
            return graph_err(GE_GRAPH_UNSUPPORTED, "BuildGraph: LayerNorm %s: float32 only",
                             n->name);
        struct gx *x = gx_add(c, GX_VARIANCE, ni);
        if (!x)
            return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
        x->dst = vb;
        x->bytes = (uint64_t)graph_val_numel(&n->out[2]);
        x->eps = eps;
        return GE_OK;
    } else if (!strcmp(ty, "ReduceSum") || !strcmp(ty, "ReduceMean")) {
        int64_t axes[CPUACL_GE_MAX_DIMS];
        int na = graph_const_ints(g, n, 1, axes, CPUACL_GE_MAX_DIMS);
        if (na == 0)
            for (int i = 0; i < in[0]->nd; i++)
                axes[na++] = i;
        ia = aclCreateIntArray(axes, (uint64_t)na);
        bool keep = graph_attr_int(n, "keep_dims", 0) != 0;
        st = !strcmp(ty, "ReduceSum")
                 ? aclnnReduceSumGetWorkspaceSize(mk(&L, ib[0], in[0]), ia, keep,
                                                  (aclDataType)ov->dtype, mk(&L, ob, ov), &ws, &e)
                 : aclnnMeanGetWorkspaceSize(mk(&L, ib[0], in[0]), ia, keep,
                                             (aclDataType)ov->dtype, mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Transpose")) {
        int64_t perm[CPUACL_GE_MAX_DIMS];
        int np = graph_const_ints(g, n, 1, perm, CPUACL_GE_MAX_DIMS);
        ia = aclCreateIntArray(perm, (uint64_t)np);
        st = aclnnPermuteGetWorkspaceSize(mk(&L, ib[0], in[0]), ia, mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "ConcatV2")) {
        int64_t ax;
        graph_const_ints(g, n, n->ndyn, &ax, 1);
        aclTensor *v[64];
        uint32_t k = n->ndyn;
        for (uint32_t i = 0; i < k; i++)
            v[i] = mk_view(&L, ib[i], in[i]->dtype, in[i]->dims, in[i]->nd, NULL, false);
        tl = aclCreateTensorList((const aclTensor *const *)v, k);
        st = aclnnCatGetWorkspaceSize(tl, ax, mk(&L, ob, ov), &ws, &e);
    } else if (!strcmp(ty, "Conv2D")) {
        const struct graph_attr *sa = graph_attr_get(n, "strides"),
                                *pa = graph_attr_get(n, "pads"),
                                *da = graph_attr_get(n, "dilations");
        if (pa->ints[0] != pa->ints[1] || pa->ints[2] != pa->ints[3])
            return graph_err(GE_GRAPH_UNSUPPORTED,
                             "BuildGraph: Conv2D %s: asymmetric pads are not supported", n->name);
        int64_t s2[2] = {sa->ints[2], sa->ints[3]}, p2[2] = {pa->ints[0], pa->ints[2]};
        int64_t d2[2] = {da ? da->ints[2] : 1, da ? da->ints[3] : 1}, z2[2] = {0, 0};
        aclIntArray *sv = aclCreateIntArray(s2, 2), *pv = aclCreateIntArray(p2, 2),
                    *dv = aclCreateIntArray(d2, 2), *zv = aclCreateIntArray(z2, 2);
        aclTensor *bias = n->nin > 2 && in[2] ? mk(&L, ib[2], in[2]) : NULL;
        st = aclnnConvolutionGetWorkspaceSize(mk(&L, ib[0], in[0]), mk(&L, ib[1], in[1]), bias,
                                              sv, pv, dv, false, zv,
                                              graph_attr_int(n, "groups", 1), mk(&L, ob, ov), 0,
                                              &ws, &e);
        aclDestroyIntArray(sv);
        aclDestroyIntArray(pv);
        aclDestroyIntArray(dv);
        aclDestroyIntArray(zv);
    } else if (!strcmp(ty, "MaxPool") || !strcmp(ty, "AvgPool")) {
        const struct graph_attr *ka = graph_attr_get(n, "ksize"), *sa = graph_attr_get(n, "strides");
        bool same = !strcmp(graph_attr_str(n, "padding", "VALID"), "SAME");
        int64_t k[2] = {ka->ints[2], ka->ints[3]}, s[2] = {sa->ints[2], sa->ints[3]};
        int64_t pads[4] = {0, 0, 0, 0}, dil[2] = {1, 1};
        for (int d = 0; same && d < 2; d++) {
            int64_t tot = (ov->dims[2 + d] - 1) * s[d] + k[d] - in[0]->dims[2 + d];
            if (tot < 0)
                tot = 0;
            pads[d] = tot / 2;           /* top / left */
            pads[2 + d] = tot - tot / 2; /* bottom / right */
        }
        st = ops_pool2d_build(ty, mk(&L, ib[0], in[0]), mk(&L, ob, ov), !strcmp(ty, "MaxPool"),
                              k, s, pads, dil, false, false, 0, &ws, &e);
    } else {
        return graph_err(GE_GRAPH_UNSUPPORTED, "BuildGraph: node %s: no lowering for %s", n->name,
                         ty);
    }
    rc = finish_exec(c, &L, ni, ty, st, e);
    lower_free(&L);
    if (alpha)
        aclDestroyScalar(alpha);
    if (ia)
        aclDestroyIntArray(ia);
    if (tl)
        aclDestroyTensorList(tl);
    return rc;
}

/* ---- memory plan (GC2) ----------------------------------------------------------- */

struct plan_buf {
    uint64_t bytes;
    int32_t val; /* current value */
};

static bool anc(const uint64_t *bits, uint32_t words, int32_t of, int32_t node)
{
    return (bits[(size_t)of * words + (uint32_t)node / 64] >> ((uint32_t)node % 64)) & 1;
}

uint32_t graph_compile(struct cpuaclGeGraph *g)
{
    uint32_t nn = g->nnodes;
    struct graph_compiled *c = calloc(1, sizeof(*c));
    if (!c)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
    pthread_mutex_init(&c->lock, NULL);
    g->c = c;
    c->nin = g->ninputs;
    c->nout = g->noutputs;
    c->vbuf = malloc((size_t)nn * GRAPH_MAX_OUT * sizeof(int32_t));
    uint32_t words = (nn + 63) / 64;
    uint64_t *bits = calloc((size_t)nn * words, sizeof(uint64_t));
    int32_t *ncons = calloc((size_t)nn * GRAPH_MAX_OUT, sizeof(int32_t));
    struct plan_buf *pb = malloc((size_t)nn * GRAPH_MAX_OUT * sizeof(*pb));
    c->bufbytes = calloc((size_t)nn * GRAPH_MAX_OUT + c->nin + c->nout, sizeof(uint64_t));
    c->const_node = malloc(((size_t)nn + 1) * sizeof(int32_t));
    uint32_t rc = GE_OK;
    if (!c->vbuf || !bits || !ncons || !pb || !c->bufbytes || !c->const_node) {
        rc = graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
        goto out;
    }
    for (uint32_t i = 0; i < nn * GRAPH_MAX_OUT; i++)
        c->vbuf[i] = -1;
    /* Ancestors (in topological order) and consumer counts. */
    for (uint32_t t = 0; t < nn; t++) {
        int32_t v = g->topo[t];
        struct graph_node *n = &g->nodes[v];
        uint64_t *mine = bits + (size_t)v * words;
        for (uint32_t k = 0; k < n->nin; k++) {
            int32_t p = n->in[k].node;
            if (p < 0)
                continue;
            const uint64_t *theirs = bits + (size_t)p * words;
            for (uint32_t w = 0; w < words; w++)
                mine[w] |= theirs[w];
            mine[(uint32_t)p / 64] |= 1ull << ((uint32_t)p % 64);
            ncons[vid(p, n->in[k].out)]++;
        }
    }
    /* Fixed buffers: inputs, outputs (the first output naming a value
     * produced by an operator takes it; the others get copies), consts. */
    for (uint32_t k = 0; k < c->nin; k++) {
        c->vbuf[vid(g->data_of[k], 0)] = (int32_t)k;
        c->bufbytes[k] = val_bytes(&g->nodes[g->data_of[k]].out[0]);
    }
    bool *out_copy = calloc(c->nout + 1, sizeof(bool));
    if (!out_copy) {
        rc = graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
        goto out;
    }
    for (uint32_t k = 0; k < c->nout; k++) {
        struct graph_ref r = g->outputs[k];
        int32_t v = vid(r.node, r.out);
        c->bufbytes[c->nin + k] = graph_out_bytes(g, k);
        if (is_source(&g->nodes[r.node]) || c->vbuf[v] >= 0)
            out_copy[k] = true;
        else
            c->vbuf[v] = (int32_t)(c->nin + k);
    }
    uint32_t nb = c->nin + c->nout;
    for (uint32_t i = 0; i < nn; i++) {
        struct graph_node *n = &g->nodes[i];
        if (!strcmp(n->type, "Const") || !strcmp(n->type, "Constant")) {
            if (c->vbuf[vid((int32_t)i, 0)] < 0) {
                c->const_node[c->nconst++] = (int32_t)i;
                c->bufbytes[nb] = val_bytes(&n->out[0]);
                c->vbuf[vid((int32_t)i, 0)] = (int32_t)nb++;
            }
        }
    }
    /* Intermediates, in topological order (GC2). */
    uint32_t npool = 0, pool0 = nb;
    for (uint32_t t = 0; t < nn; t++) {
        int32_t v = g->topo[t];
        struct graph_node *n = &g->nodes[v];
        if (is_source(n))
            continue;
        for (int o = 0; o < n->def->nout; o++) {
            int32_t id = vid(v, o);
            if (c->vbuf[id] >= 0)
                continue;
            uint64_t need = val_bytes(&n->out[o]);
            int best = -1;
            for (uint32_t b = 0; b < npool; b++) {
                int32_t cur = pb[b].val, pn = cur / GRAPH_MAX_OUT;
                if (!anc(bits, words, v, pn))
                    continue;
                /* every consumer of cur must be an ancestor of v */
                bool ok = true;
                for (uint32_t i = 0; ok && i < nn; i++) {
                    const struct graph_node *m = &g->nodes[i];
                    for (uint32_t k = 0; ok && k < m->nin; k++)
                        if (m->in[k].node == pn && vid(pn, m->in[k].out) == cur)
                            ok = anc(bits, words, v, (int32_t)i);
                }
                if (!ok)
                    continue;
                if (best < 0 || (pb[b].bytes >= need && (pb[best].bytes < need ||
                                                         pb[b].bytes < pb[best].bytes)) ||
                    (pb[best].bytes < need && pb[b].bytes > pb[best].bytes))
                    best = (int)b;
            }
            if (best < 0) {
                best = (int)npool++;
                pb[best].bytes = 0;
            }
            if (pb[best].bytes < need)
                pb[best].bytes = need;
            c->unshared_bytes += (need + GRAPH_ALIGN - 1) / GRAPH_ALIGN * GRAPH_ALIGN;
            pb[best].val = id;
            c->vbuf[id] = (int32_t)(pool0 + (uint32_t)best);
        }
    }
    c->nbuf = nb + npool;
    c->npool = npool;
    c->bufoff = calloc(c->nbuf, sizeof(uint64_t));
    c->addr = calloc(c->nbuf, sizeof(void *));
    if (!c->bufoff || !c->addr) {
        free(out_copy);
        rc = graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
        goto out;
    }
    for (uint32_t b = 0; b < npool; b++) {
        c->bufbytes[pool0 + b] = pb[b].bytes;
        c->bufoff[pool0 + b] = c->arena_bytes;
        c->arena_bytes += (pb[b].bytes + GRAPH_ALIGN - 1) / GRAPH_ALIGN * GRAPH_ALIGN;
    }
    /* Executors, in topological order; then the output copies. */
    for (uint32_t t = 0; t < nn && rc == GE_OK; t++) {
        int32_t v = g->topo[t];
        if (!is_source(&g->nodes[v]))
            rc = lower_node(g, c, v);
    }
    for (uint32_t k = 0; k < c->nout && rc == GE_OK; k++)
        if (out_copy[k]) {
            struct graph_ref r = g->outputs[k];
            rc = add_copy(c, -1, c->vbuf[vid(r.node, r.out)], (int32_t)(c->nin + k),
                          graph_out_bytes(g, k));
        }
    free(out_copy);
    if (rc)
        goto out;
    /* Lanes: a node continues the lane of its first producer that ends
     * that lane; else a new lane while there are fewer than the maximum;
     * else the least-loaded lane. Launches of one node share its lane. */
    {
        int32_t tail[GRAPH_MAX_LANES];
        uint32_t load[GRAPH_MAX_LANES] = {0};
        for (uint32_t i = 0; i < nn; i++)
            g->nodes[i].lane = -1;
        for (uint32_t t = 0; t < nn; t++) {
            int32_t v = g->topo[t];
            struct graph_node *n = &g->nodes[v];
            if (is_source(n))
                continue;
            int lane = -1;
            for (uint32_t k = 0; k < n->nin && lane < 0; k++) {
                int32_t p = n->in[k].node;
                if (p >= 0 && g->nodes[p].lane >= 0 && tail[g->nodes[p].lane] == p)
                    lane = g->nodes[p].lane;
            }
            if (lane < 0 && c->nlanes < GRAPH_MAX_LANES)
                lane = (int)c->nlanes++;
            if (lane < 0) {
                lane = 0;
                for (uint32_t l = 1; l < c->nlanes; l++)
                    if (load[l] < load[lane])
                        lane = (int)l;
            }
            n->lane = lane;
            tail[lane] = v;
            load[lane]++;
        }
        if (c->nlanes == 0)
            c->nlanes = 1;
    }
    /* Which launches must signal another lane. */
    for (uint32_t i = 0; i < c->ngx; i++) {
        struct gx *x = c->gx[i];
        if (x->node < 0)
            continue;
        const struct graph_node *n = &g->nodes[x->node];
        for (uint32_t k = 0; k < n->nin; k++) {
            int32_t p = n->in[k].node;
            if (p < 0 || g->nodes[p].lane < 0 || g->nodes[p].lane == n->lane)
                continue;
            /* the last launch of p signals */
            for (uint32_t j = i; j-- > 0;)
                if (c->gx[j]->node == p) {
                    c->gx[j]->need_ev = true;
                    break;
                }
        }
    }
out:
    free(bits);
    free(ncons);
    free(pb);
    return rc;
}

void graph_stats(const struct cpuaclGeGraph *g, cpuaclGeGraphStats *st)
{
    const struct graph_compiled *c = g->c;
    st->lanes = c->nlanes;
    st->launches = c->ngx;
    st->buffers = c->npool;
    st->arena_bytes = c->arena_bytes;
    st->unshared_bytes = c->unshared_bytes;
}

void graph_compiled_free(struct graph_compiled *c)
{
    if (!c)
        return;
    if (c->ri && aclmdlRIDestroy(c->ri) != ACL_SUCCESS) {
        /* Still executing (the caller did not synchronise): the model keeps
         * reading the launches; leak them rather than free under it. */
        return;
    }
    for (uint32_t i = 0; i < c->ngx; i++) {
        struct gx *x = c->gx[i];
        if (x->e)
            aclDestroyAclOpExecutor(x->e);
        if (x->ev)
            aclrtDestroyEvent(x->ev);
        free(x->slotbuf);
        free(x);
    }
    free(c->gx);
    if (c->fork_ev)
        aclrtDestroyEvent(c->fork_ev);
    if (c->hand_ev)
        aclrtDestroyEvent(c->hand_ev);
    for (int l = 0; l < GRAPH_MAX_LANES; l++)
        if (c->join_ev[l])
            aclrtDestroyEvent(c->join_ev[l]);
    if (c->arena)
        aclrtFree(c->arena);
    for (uint32_t k = 0; c->const_dev && k < c->nconst; k++)
        if (c->const_dev[k])
            aclrtFree(c->const_dev[k]);
    free(c->const_dev);
    free(c->const_node);
    free(c->vbuf);
    free(c->bufbytes);
    free(c->bufoff);
    free(c->addr);
    free(c->bound);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

/* ---- capture (first run) ----------------------------------------------------------- */

static uint32_t acl_fail(aclError e, const char *what)
{
    return graph_err(GE_GRAPH_EXECUTE_FAILED, "RunGraph: %s failed (%d): %s", what, (int)e,
                     aclGetRecentErrMsg());
}

static uint32_t capture(struct cpuaclGeGraph *g, struct graph_compiled *c)
{
    aclError e;
    if ((e = aclrtGetDevice(&c->device)) != ACL_SUCCESS)
        return graph_err(GE_GRAPH_EXECUTE_FAILED,
                         "RunGraph: no device is set on this thread (aclrtSetDevice first)");
    /* A failed capture is retried by the next run: keep what was made. */
    if (c->arena_bytes && !c->arena &&
        (e = aclrtMalloc(&c->arena, c->arena_bytes, ACL_MEM_MALLOC_HUGE_FIRST)))
        return acl_fail(e, "aclrtMalloc (intermediate buffers)");
    for (uint32_t b = c->nin + c->nout + c->nconst; b < c->nbuf; b++)
        c->addr[b] = (char *)c->arena + c->bufoff[b];
    if (!c->const_dev)
        c->const_dev = calloc(c->nconst + 1, sizeof(void *));
    if (!c->const_dev)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "RunGraph: out of memory");
    for (uint32_t k = 0; k < c->nconst; k++) {
        const struct graph_attr *a = graph_attr_get(&g->nodes[c->const_node[k]], "value");
        uint64_t sz = a->t.size ? a->t.size : 1;
        if (!c->const_dev[k] && (e = aclrtMalloc(&c->const_dev[k], sz, ACL_MEM_MALLOC_HUGE_FIRST)))
            return acl_fail(e, "aclrtMalloc (constants)");
        if (a->t.size &&
            (e = aclrtMemcpy(c->const_dev[k], sz, a->t.data, a->t.size, ACL_MEMCPY_HOST_TO_DEVICE)))
            return acl_fail(e, "aclrtMemcpy (constants)");
        c->addr[c->nin + c->nout + k] = c->const_dev[k];
    }
    aclrtStream lanes[GRAPH_MAX_LANES] = {0};
    uint32_t rc = GE_OK;
    bool capturing = false;
    for (uint32_t l = 0; l < c->nlanes; l++)
        if ((e = aclrtCreateStream(&lanes[l]))) {
            rc = acl_fail(e, "aclrtCreateStream (lanes)");
            goto done;
        }
    if ((!c->fork_ev && (e = aclrtCreateEvent(&c->fork_ev))) ||
        (!c->hand_ev && (e = aclrtCreateEvent(&c->hand_ev)))) {
        rc = acl_fail(e, "aclrtCreateEvent");
        goto done;
    }
    for (uint32_t l = 1; l < c->nlanes; l++)
        if (!c->join_ev[l] && (e = aclrtCreateEvent(&c->join_ev[l]))) {
            rc = acl_fail(e, "aclrtCreateEvent");
            goto done;
        }
    for (uint32_t i = 0; i < c->ngx; i++)
        if (c->gx[i]->need_ev && !c->gx[i]->ev && (e = aclrtCreateEvent(&c->gx[i]->ev))) {
            rc = acl_fail(e, "aclrtCreateEvent");
            goto done;
        }
    if ((e = aclmdlRICaptureBegin(lanes[0], ACL_MODEL_RI_CAPTURE_MODE_RELAXED))) {
        rc = acl_fail(e, "aclmdlRICaptureBegin");
        goto done;
    }
    capturing = true;
    if (c->nlanes > 1) {
        if ((e = aclrtRecordEvent(c->fork_ev, lanes[0]))) {
            rc = acl_fail(e, "aclrtRecordEvent");
            goto done;
        }
        for (uint32_t l = 1; l < c->nlanes; l++)
            if ((e = aclrtStreamWaitEvent(lanes[l], c->fork_ev))) {
                rc = acl_fail(e, "aclrtStreamWaitEvent");
                goto done;
            }
    }
    /* waited[l][m]: the highest launch index of lane m lane l waited for. */
    int32_t waited[GRAPH_MAX_LANES][GRAPH_MAX_LANES];
    memset(waited, -1, sizeof(waited));
    for (uint32_t i = 0; i < c->ngx; i++) {
        struct gx *x = c->gx[i];
        int lane = x->node >= 0 ? g->nodes[x->node].lane : 0;
        if (x->node >= 0) {
            const struct graph_node *n = &g->nodes[x->node];
            for (uint32_t k = 0; k < n->nin; k++) {
                int32_t p = n->in[k].node;
                if (p < 0 || g->nodes[p].lane < 0 || g->nodes[p].lane == lane)
                    continue;
                int pl = g->nodes[p].lane;
                int32_t j = (int32_t)i;
                while (--j >= 0 && !(c->gx[j]->node == p && c->gx[j]->need_ev))
                    ;
                if (j < 0 || waited[lane][pl] >= j)
                    continue;
                if ((e = aclrtStreamWaitEvent(lanes[lane], c->gx[j]->ev))) {
                    rc = acl_fail(e, "aclrtStreamWaitEvent");
                    goto done;
                }
                waited[lane][pl] = j;
            }
        } else if (c->nlanes > 1 && i > 0 && c->gx[i - 1]->node >= 0) {
            /* output copies run after every lane joined lane 0 */
            for (uint32_t l = 1; l < c->nlanes; l++) {
                if ((e = aclrtRecordEvent(c->join_ev[l], lanes[l])) ||
                    (e = aclrtStreamWaitEvent(lanes[0], c->join_ev[l]))) {
                    rc = acl_fail(e, "join");
                    goto done;
                }
            }
        }
        if ((e = core_launch_owned(lanes[lane], gx_run, x, NULL, "RunGraphWithStreamAsync"))) {
            rc = acl_fail(e, "launch");
            goto done;
        }
        if (x->need_ev && (e = aclrtRecordEvent(x->ev, lanes[lane]))) {
            rc = acl_fail(e, "aclrtRecordEvent");
            goto done;
        }
    }
    /* Join (again: harmless when the copies already joined). */
    for (uint32_t l = 1; l < c->nlanes; l++)
        if ((e = aclrtRecordEvent(c->join_ev[l], lanes[l])) ||
            (e = aclrtStreamWaitEvent(lanes[0], c->join_ev[l]))) {
            rc = acl_fail(e, "join");
            goto done;
        }
    capturing = false;
    if ((e = aclmdlRICaptureEnd(lanes[0], &c->ri))) {
        c->ri = NULL;
        rc = acl_fail(e, "aclmdlRICaptureEnd");
        goto done;
    }
    c->captured = true;
done:
    if (capturing) {
        aclmdlRI dead = NULL;
        if (aclmdlRICaptureEnd(lanes[0], &dead) == ACL_SUCCESS && dead)
            aclmdlRIDestroy(dead);
    }
    for (uint32_t l = 0; l < c->nlanes; l++)
        if (lanes[l])
            aclrtDestroyStream(lanes[l]);
    return rc;
}

/* ---- runs ------------------------------------------------------------------------- */

struct bind {
    struct graph_compiled *c;
    uint32_t n;
    bool ran;
    void *p[];
};

static int32_t bind_run(void *arg)
{
    struct bind *b = arg;
    memcpy(b->c->addr, b->p, b->n * sizeof(void *));
    b->ran = true;
    return 0;
}

/* A bind task discarded by a failing stream never wrote the table: the next
 * run must bind again. */
static void bind_release(void *arg)
{
    struct bind *b = arg;
    if (!b->ran) /* release: pairs with the acquire in graph_run_async */
        atomic_store_explicit(&b->c->bind_lost, true, memory_order_release);
    free(b);
}

uint32_t graph_run_async(struct cpuaclGeGraph *g, aclrtStream stream, void *const *in,
                         const uint64_t *in_size, void *const *out, const uint64_t *out_size)
{
    struct graph_compiled *c = g->c;
    for (uint32_t k = 0; k < c->nin; k++)
        if (!in[k] || in_size[k] < c->bufbytes[k])
            return graph_err(GE_GRAPH_PARAM_INVALID,
                             "RunGraph: input %u: %s (%llu bytes given, %llu needed)", k,
                             in[k] ? "too small" : "no data", (unsigned long long)in_size[k],
                             (unsigned long long)c->bufbytes[k]);
    for (uint32_t k = 0; k < c->nout; k++)
        if (!out[k] || out_size[k] < c->bufbytes[c->nin + k])
            return graph_err(GE_GRAPH_PARAM_INVALID,
                             "RunGraph: output %u: %s (%llu bytes given, %llu needed)", k,
                             out[k] ? "too small" : "no data", (unsigned long long)out_size[k],
                             (unsigned long long)c->bufbytes[c->nin + k]);
    uint32_t nb = c->nin + c->nout;
    struct bind *b = malloc(sizeof(*b) + (nb ? nb : 1) * sizeof(void *));
    if (!b)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "RunGraph: out of memory");
    b->c = c;
    b->n = nb;
    memcpy(b->p, in, c->nin * sizeof(void *));
    memcpy(b->p + c->nin, out, c->nout * sizeof(void *));
    pthread_mutex_lock(&c->lock);
    if (!c->bound && !(c->bound = calloc(nb ? nb : 1, sizeof(void *)))) {
        pthread_mutex_unlock(&c->lock);
        free(b);
        return graph_err(GE_GRAPH_MALLOC_FAILED, "RunGraph: out of memory");
    }
    uint32_t rc = GE_OK;
    aclError e;
    if (!c->captured && (rc = capture(g, c)) != GE_OK)
        goto fail;
    if (c->last_stream && c->last_stream != stream) { /* GC1 */
        if (aclrtRecordEvent(c->hand_ev, c->last_stream) == ACL_SUCCESS &&
            (e = aclrtStreamWaitEvent(stream, c->hand_ev))) {
            rc = acl_fail(e, "aclrtStreamWaitEvent");
            goto fail;
        }
    }
    /* The same addresses as the last run (the usual loop): the table will
     * already hold them when this run executes (GC1), so no bind task. */
    /* acquire: pairs with bind_release; a lost bind forces a new one. */
    if (atomic_exchange_explicit(&c->bind_lost, false, memory_order_acquire))
        c->bound_valid = false;
    if (!c->bound_valid || memcmp(c->bound, b->p, nb * sizeof(void *))) {
        b->ran = false;
        /* b belongs to the stream once queued (it may run and be freed at
         * once): record the addresses first. */
        memcpy(c->bound, b->p, nb * sizeof(void *));
        c->bound_valid = false;
        if ((e = core_launch_owned(stream, bind_run, b, bind_release, "RunGraphWithStreamAsync"))) {
            rc = acl_fail(e, "the stream");
            goto fail;
        }
        c->bound_valid = true;
        b = NULL;
    }
    if ((e = aclmdlRIExecuteAsync(c->ri, stream))) {
        rc = acl_fail(e, "aclmdlRIExecuteAsync");
        goto fail;
    }
    c->last_stream = stream;
fail:
    pthread_mutex_unlock(&c->lock);
    free(b);
    return rc;
}
