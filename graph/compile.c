/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The graph compiler: an inferred graph becomes
 *   1. launches: each operator node is lowered to the plan of its ops/proto
 *      instance (proto_build: aclnn executors made once at BuildGraph,
 *      copies, host steps); a launch names, per operand of the plan (the
 *      node's inputs, then its outputs), the buffer it reads or writes;
 *   2. a buffer table: [0, nin) the graph inputs and [nin, nin + nout) the
 *      graph outputs (bound to the caller's device memory at each run, no
 *      copies), then one buffer per Const, then the intermediate buffers of
 *      the memory plan, carved out of one device arena;
 *   3. lanes: one per independent branch (a node continues the lane of a
 *      producer whose lane it ends, else opens a new lane, up to
 *      GRAPH_MAX_LANES and the device's worker count: lanes beyond the
 *      workers run nothing in parallel and cost their events, GC6), with an
 *      event wherever an edge crosses lanes;
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
 *  GC3. Plans are built once (their executors READY, never handed to
 *      ops_launch) and run directly by the captured launch with the table's
 *      addresses (proto_plan_run); they are immutable, so concurrent replays
 *      are safe (X4 of ops/engine/exec.c). They are freed with the graph. The one
 *      thing a run writes besides buffers is the real dims of a data-dependent
 *      output (struct gx's dims, proto_plan_run_dims): runs of one graph do not
 *      overlap (GC1), and the caller reads them after synchronising.
 *  GC4. Whatever a queued task reads of the compiled graph is held for it:
 *      refs counts the holders besides the graph itself - each captured
 *      launch (its release runs when the model's plan goes: aclmdlRIDestroy,
 *      or a device reset / context teardown / aclFinalize that took the model,
 *      which frees it only after its executions finished) and each bind task
 *      queued (its release runs once it ran or was discarded). graph_compiled_free
 *      frees nothing before refs is 0, whoever took the model and whether or not a
 *      run's aclmdlRIExecuteAsync failed after its bind task was queued. It does
 *      not rely on aclmdlRIDestroy's answer: a teardown unlinks the model (the
 *      handle is dead) before its executions finish.
 *  GC5. A synchronous run (graph_run_sync: aclmdlExecute on its model's own stream) whose
 *      stream has nothing pending and follows the graph's last run (or is its first)
 *      writes the bind itself and executes with core_model_execute_on, which runs the
 *      model on the calling thread when it is idle (core/model/model.c IN1) or queues it
 *      and synchronises; all under c->lock, so no other run binds or queues meanwhile,
 *      and the table is rewritten only with no replay reading it (GC1: every earlier run
 *      was chained to this stream, which is quiet). Otherwise it queues as
 *      graph_run_async does, and its caller synchronises the stream after releasing c->lock
 *      and its model's lock (a run it waits for may need them: another thread's execution
 *      that writes what the queued work waits for).
 *  GC6. A graph has at most as many lanes as its device has workers (the configured count
 *      when it is compiled): a lane only helps while another worker can run it, and each
 *      edge between lanes costs an event record and wait at every replay. On one worker a
 *      graph is one lane, the model a synchronous caller runs itself (GC5, IN1).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/launch.h"
#include "core/obs.h"
#include "graph/engine.h"

#define GRAPH_MAX_LANES 8
#define GRAPH_ALIGN 64

enum gx_kind { GX_PLAN, GX_COPY };

/* One captured launch. */
struct gx {
    struct graph_compiled *c;
    int kind;
    int32_t node; /* for lanes and messages */
    struct proto_plan *plan;
    uint32_t nops;
    int32_t *opbuf;   /* PLAN: operand -> buffer, -1 = an absent input */
    int32_t src, dst; /* COPY: buffers */
    uint64_t bytes;   /* COPY bytes */
    aclrtEvent ev;    /* recorded after it when a later launch on another lane needs it */
    bool need_ev;
    const char *type, *name; /* PLAN: its node's, for subscription records */
    /* PLAN of a node with data-dependent outputs (proto_op's bound): per output, the real
     * dims its run writes (proto_plan_run_dims: dims[0 .. nout), the kernel's scratch, which
     * may hold a bound for a while) and, once that run finished, the published copy
     * (dims[nout .. 2 nout)) under dlock, which graph_out_cur_dims reads: a reader racing a
     * run of another stream (GC1 serialises runs, not their readers) sees one finished
     * run's dims, never a half-written set. NULL for other nodes. */
    int64_t (*dims)[PROTO_MAX_DIMS];
    uint32_t ndims; /* nout */
    bool dims_set;  /* a run published dims; under dlock */
    pthread_mutex_t dlock;
};

struct graph_compiled {
    /* I: set by graph_compile */
    uint32_t nin, nout, nconst, nbuf;
    void **addr;         /* buffer table; bound entries written by the bind task (GC1) */
    uint64_t *bufbytes;  /* size of each buffer */
    uint64_t *bufoff;    /* arena offset of pool buffers */
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
    void **bound;          /* the addresses of the last bind task queued (GC1: what the table holds
                              when the next run executes); NULL until the first run */
    /* A: the model-subscription tag of the runs being queued (core/obs.h,
     * core_prof_sub_tag): 0 none, else each op's run is timed and recorded */
    atomic_uint prof_tag;
    /* GC4: holders of the graph besides itself, under ref_lock (a leaf lock: never
     * held while waiting for anything but ref_cv) */
    pthread_mutex_t ref_lock;
    pthread_cond_t ref_cv; /* signalled when refs drops to 0 */
    uint32_t refs;
};

/* GC4: a queued task takes a reference before it is queued and drops it from its
 * release (or at once when the launch failed: release is then not called). */
static void graph_ref_get(struct graph_compiled *c)
{
    pthread_mutex_lock(&c->ref_lock);
    c->refs++;
    pthread_mutex_unlock(&c->ref_lock);
}

static void graph_ref_put(struct graph_compiled *c)
{
    pthread_mutex_lock(&c->ref_lock);
    if (--c->refs == 0)
        pthread_cond_broadcast(&c->ref_cv);
    pthread_mutex_unlock(&c->ref_lock);
}

/* A captured launch's release: runs in the thread that clears the model, under
 * the runtime's lock; only the leaf ref_lock is taken here. */
static void gx_release(void *arg)
{
    graph_ref_put(((struct gx *)arg)->c);
}

static int32_t vid(int32_t node, int32_t out)
{
    return node * GRAPH_MAX_OUT + out;
}

static bool is_source(const struct graph_node *n)
{
    return n->kind == GRAPH_DATA || n->kind == GRAPH_CONST;
}

uint64_t graph_out_bytes(const struct cpuaclGeGraph *g, uint32_t i)
{
    const struct graph_val *v = &g->nodes[g->outputs[i].node].out[g->outputs[i].out];
    return (uint64_t)graph_val_bytes(v); /* checked by graph_infer */
}

bool graph_out_cur_dims(const struct cpuaclGeGraph *g, uint32_t i, int64_t *dims, int32_t *nd)
{
    if (!g->c || i >= g->noutputs)
        return false;
    struct graph_ref r = g->outputs[i];
    const struct graph_val *v = &g->nodes[r.node].out[r.out];
    if (!v->bound)
        return false;
    /* back through the Cast and Identity nodes that carry the bound (graph_infer) to the
     * node whose kernel wrote the extent */
    for (const struct graph_node *n = &g->nodes[r.node];
         n->kind == GRAPH_OP && (!strcmp(n->type, "Cast") || !strcmp(n->type, "Identity")) &&
         n->nin && n->in[0].node >= 0 && g->nodes[n->in[0].node].out[n->in[0].out].bound;
         n = &g->nodes[r.node])
        r = n->in[0];
    for (uint32_t k = 0; k < g->c->ngx; k++) {
        const struct gx *x = g->c->gx[k];
        if (x->kind == GX_PLAN && x->node == r.node && x->dims) {
            struct gx *w = (struct gx *)x; /* dlock only */
            pthread_mutex_lock(&w->dlock);
            bool set = x->dims_set;
            if (set)
                memcpy(dims, x->dims[x->ndims + (uint32_t)r.out], (size_t)v->nd * sizeof(int64_t));
            pthread_mutex_unlock(&w->dlock);
            *nd = v->nd;
            return set;
        }
    }
    return false;
}

static uint64_t val_bytes(const struct graph_val *v)
{
    return (uint64_t)graph_val_bytes(v); /* checked by graph_infer */
}

/* ---- launches --------------------------------------------------------------- */

static int32_t gx_run(void *arg)
{
    const struct gx *x = arg;
    void *const *table = x->c->addr;
    if (x->kind == GX_COPY) {
        if (x->bytes)
            memmove(table[x->dst], table[x->src], x->bytes);
        return 0;
    }
    void *inl[8] = {NULL};
    void **addr = x->nops <= 8 ? inl : malloc(x->nops * sizeof(void *));
    if (!addr)
        return ACL_ERROR_BAD_ALLOC;
    for (uint32_t k = 0; k < x->nops; k++)
        addr[k] = x->opbuf[k] >= 0 ? table[x->opbuf[k]] : NULL;
    /* relaxed: a hint set per execution (graph_prof_tag); the record's queue is locked */
    uint32_t tag = atomic_load_explicit(&x->c->prof_tag, memory_order_relaxed);
    uint64_t t0 = tag ? core_obs_now_ns() : 0;
    int32_t rc = proto_plan_run_dims(x->plan, addr, x->dims);
    if (!rc && x->dims) { /* publish (the scratch is this run's own: GC1) */
        struct gx *w = (struct gx *)x;
        pthread_mutex_lock(&w->dlock);
        memcpy(x->dims + x->ndims, x->dims, x->ndims * sizeof(*x->dims));
        w->dims_set = true;
        pthread_mutex_unlock(&w->dlock);
    }
    if (tag)
        core_prof_sub_op(tag, x->type, x->name, t0, core_obs_now_ns());
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

/* Operator node ni: its instance (prepared again: inference kept no state)
 * and the plan of it, with its operands bound to the buffers of its input
 * and output values. */
static uint32_t plan_node(struct cpuaclGeGraph *g, struct graph_compiled *c, int32_t ni)
{
    const struct graph_node *n = &g->nodes[ni];
    struct proto_op *op = malloc(sizeof(*op));
    if (!op)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
    uint32_t rc = graph_node_op(g, n, op);
    struct proto_plan *plan = NULL;
    enum proto_status st = rc ? PROTO_OK : proto_build(op, &plan);
    if (st)
        rc = graph_proto_fail(n, st, op);
    struct gx *x = rc ? NULL : gx_add(c, GX_PLAN, ni);
    if (!rc && x) {
        x->plan = plan;
        x->type = n->type;
        x->name = n->name;
        x->nops = op->nin + op->nout;
        x->opbuf = malloc(x->nops * sizeof(int32_t));
        if (x->opbuf) {
            for (uint32_t k = 0; k < op->nin; k++)
                x->opbuf[k] = n->in[k].node < 0 ? -1 : c->vbuf[vid(n->in[k].node, n->in[k].out)];
            for (uint32_t k = 0; k < op->nout; k++)
                x->opbuf[op->nin + k] = c->vbuf[vid(ni, (int32_t)k)];
        } else {
            rc = graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
        }
        bool bounded = false;
        for (uint32_t k = 0; k < op->nout; k++)
            bounded |= op->bound[k] != 0;
        if (!rc && bounded) {
            if (!(x->dims = calloc(2 * (size_t)op->nout, sizeof(*x->dims))))
                rc = graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
            else {
                x->ndims = op->nout;
                pthread_mutex_init(&x->dlock, NULL);
            }
        }
    } else if (!rc) {
        proto_plan_free(plan);
        rc = graph_err(GE_GRAPH_MALLOC_FAILED, "BuildGraph: out of memory");
    }
    free(op);
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
    pthread_mutex_init(&c->ref_lock, NULL);
    pthread_cond_init(&c->ref_cv, NULL);
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
        if (n->kind == GRAPH_CONST) {
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
        for (int o = 0; o < (int)graph_nout(n); o++) {
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
                if (best < 0 ||
                    (pb[b].bytes >= need &&
                     (pb[best].bytes < need || pb[b].bytes < pb[best].bytes)) ||
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
        /* Each buffer fits int64 (graph_infer); their aligned sum may not. */
        uint64_t al = pb[b].bytes / GRAPH_ALIGN * GRAPH_ALIGN;
        if ((pb[b].bytes % GRAPH_ALIGN && __builtin_add_overflow(al, GRAPH_ALIGN, &al)) ||
            __builtin_add_overflow(c->arena_bytes, al, &c->arena_bytes)) {
            free(out_copy);
            rc = graph_err(GE_GRAPH_MALLOC_FAILED,
                           "BuildGraph: graph %s: its intermediate buffers add up to more than "
                           "2^64 bytes",
                           g->name);
            goto out;
        }
    }
    /* Executors, in topological order; then the output copies. */
    for (uint32_t t = 0; t < nn && rc == GE_OK; t++) {
        int32_t v = g->topo[t];
        if (!is_source(&g->nodes[v]))
            rc = plan_node(g, c, v);
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
        /* GC6: at most one lane per worker of the device (one lane on one worker: a model a
         * synchronous caller may run itself, core/model/model.c IN1) */
        uint32_t workers = core_device_workers();
        uint32_t max_lanes = workers < GRAPH_MAX_LANES ? workers : GRAPH_MAX_LANES;
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
            if (lane < 0 && c->nlanes < max_lanes)
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
    /* Runs still queued (the caller did not synchronise) keep reading the
     * launches and buffers: wait for them. GC1 chains every run after the
     * previous one, so the last run's stream passing it is every run's; a
     * stream the caller destroyed drains as it goes (its destroy may still be
     * draining when the sync finds the handle dead: wait a little, again).
     * Any other failure means the model is already gone with its device
     * (aclrtResetDevice, aclFinalize, which waited for its executions first):
     * nothing runs, so what the graph holds is freed all the same (device
     * memory and events that went with the device refuse their free, harmlessly). */
    while (c->ri && aclmdlRIDestroy(c->ri) == ACL_ERROR_RT_MODEL_RUNNING) {
        if (aclrtSynchronizeStream(c->last_stream) != ACL_SUCCESS)
            nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    /* GC4: the model's launches (released when whoever took the model cleared
     * it, after its executions) and the queued bind tasks let go first. */
    pthread_mutex_lock(&c->ref_lock);
    while (c->refs)
        pthread_cond_wait(&c->ref_cv, &c->ref_lock);
    pthread_mutex_unlock(&c->ref_lock);
    for (uint32_t i = 0; i < c->ngx; i++) {
        struct gx *x = c->gx[i];
        proto_plan_free(x->plan);
        if (x->ev)
            aclrtDestroyEvent(x->ev);
        free(x->opbuf);
        if (x->dims)
            pthread_mutex_destroy(&x->dlock);
        free(x->dims);
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
    pthread_mutex_destroy(&c->ref_lock);
    pthread_cond_destroy(&c->ref_cv);
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
        if (a->borrowed && a->t.data) { /* shared weights: used in place, never written */
            c->addr[c->nin + c->nout + k] = a->t.data;
            continue;
        }
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
        graph_ref_get(c); /* GC4: the model's, released with its plan */
        if ((e = core_launch_owned(lanes[lane], gx_run, x, gx_release,
                                   "RunGraphWithStreamAsync"))) {
            graph_ref_put(c); /* not queued: release is not called */
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
    struct graph_compiled *c = b->c;
    if (!b->ran) /* release: pairs with the acquire in graph_run_async */
        atomic_store_explicit(&c->bind_lost, true, memory_order_release);
    free(b);
    graph_ref_put(c); /* GC4: the last access to c from this task */
}

void graph_prof_tag(struct cpuaclGeGraph *g, uint32_t tag)
{
    /* relaxed: read as a hint by gx_run (prof_tag) */
    if (g->c && atomic_load_explicit(&g->c->prof_tag, memory_order_relaxed) != tag)
        atomic_store_explicit(&g->c->prof_tag, tag, memory_order_relaxed);
}

/* One run on stream: queued (xe NULL), or synchronous (xe: the execution's result, GC5; or,
 * when it was queued, *queued set: the caller synchronises the stream once it holds no lock
 * another thread's run may need). */
static uint32_t graph_run(struct cpuaclGeGraph *g, aclrtStream stream, void *const *in,
                          const uint64_t *in_size, void *const *out, const uint64_t *out_size,
                          aclError *xe, bool *queued)
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
    bool rebind = !c->bound_valid || memcmp(c->bound, b->p, nb * sizeof(void *));
    /* GC5: a synchronous run on the caller's private stream, nothing pending on it (so no
     * earlier run of the graph either: GC1 chained them all to it) and no model
     * subscription: the bind is written here and the execution may run on this thread
     * (core/model/model.c IN1). c->lock is held throughout: another run of the graph
     * neither binds nor queues until it returned. relaxed prof_tag: a hint (graph_prof_tag). */
    aclrtStreamStatus st = ACL_STREAM_STATUS_NOT_READY;
    if (xe && (!c->last_stream || c->last_stream == stream) &&
        !atomic_load_explicit(&c->prof_tag, memory_order_relaxed) &&
        aclrtStreamQuery(stream, &st) == ACL_SUCCESS && st == ACL_STREAM_STATUS_COMPLETE) {
        if (rebind) {
            memcpy(c->addr, b->p, nb * sizeof(void *));
            memcpy(c->bound, b->p, nb * sizeof(void *));
            c->bound_valid = true;
        }
        /* the text a synchronisation gives for a failed execution (gm_execute quotes it) */
        *xe = core_model_execute_on(c->ri, stream, "aclrtSynchronizeStream");
        c->last_stream = stream;
        goto fail;
    }
    if (rebind) {
        b->ran = false;
        /* b belongs to the stream once queued (it may run and be freed at
         * once): record the addresses first. */
        memcpy(c->bound, b->p, nb * sizeof(void *));
        c->bound_valid = false;
        graph_ref_get(c); /* GC4: the bind task's, dropped by bind_release */
        if ((e = core_launch_owned(stream, bind_run, b, bind_release, "RunGraphWithStreamAsync"))) {
            graph_ref_put(c); /* not queued: release is not called */
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
    if (queued)
        *queued = true;
fail:
    pthread_mutex_unlock(&c->lock);
    free(b);
    return rc;
}

uint32_t graph_run_async(struct cpuaclGeGraph *g, aclrtStream stream, void *const *in,
                         const uint64_t *in_size, void *const *out, const uint64_t *out_size)
{
    return graph_run(g, stream, in, in_size, out, out_size, NULL, NULL);
}

uint32_t graph_run_sync(struct cpuaclGeGraph *g, aclrtStream stream, void *const *in,
                        const uint64_t *in_size, void *const *out, const uint64_t *out_size,
                        aclError *xe, bool *queued)
{
    *xe = ACL_SUCCESS;
    *queued = false;
    return graph_run(g, stream, in, in_size, out, out_size, xe, queued);
}
